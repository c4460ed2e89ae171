"""Quick play and public rooms from the front page: Play puts strangers into one room that
counts down and starts on its own, the open-rooms list shows it and joins it, the word-pack
picker lists the server's packs by name, and a room created public is listed.

The CI server runs the shipped rules (a quick-play room starts 10 s after its second player),
and every test shares it: each test plays in a pack of its own so one test's rooms are never
another's."""

import re

from playwright.sync_api import expect

from helpers import first_showing

CODE = re.compile(r"^[A-HJ-NP-Z2-9]{6}$")
PACKS = {"de": "Deutsch", "en": "English", "es": "Español", "fr": "Français", "it": "Italiano", "nl": "Nederlands", "pl": "Polski", "pt": "Português"}


def pick_pack(page, pack):
    """Picks `pack` for Play once the server's packs are in the picker."""
    expect(page.locator(f"#play-pack option[value={pack}]")).to_have_count(1)
    page.select_option("#play-pack", pack)


def press_play(page, pack):
    pick_pack(page, pack)
    page.click("#play")
    expect(page.locator("#code")).to_have_text(CODE)
    return page.inner_text("#code")


def room_row(page, code):
    return page.locator(f"#room-list li[data-code='{code}']")


def test_two_strangers_press_play_and_their_game_starts_on_its_own(open_player):
    desk = open_player("Dana")
    phone = open_player("Pim", phone=True)
    code = press_play(desk, "de")
    # Alone in the room: no countdown yet, and no owner's controls for anybody.
    expect(desk.locator("#countdown")).to_have_text("Waiting for another player…")
    assert press_play(phone, "de") == code, "both players should be seated in the same room"

    for page in (desk, phone):
        expect(page.locator("#countdown")).to_have_text(re.compile(r"^Game starts in \d+ s$"))
        expect(page.locator("#room-kind")).to_have_text("public · Deutsch")
        for owner_only in ("#start", "#lock", "#owner-settings"):
            expect(page.locator(owner_only)).to_be_hidden()
        expect(page.locator("#players li")).to_have_count(2)
        # Vote-kick is still offered (on the other player's line).
        expect(page.locator("#players li button.kick")).to_have_count(1)
        expect(page.locator("#players li button.kick")).to_have_text("vote kick")
    # The countdown is read out when it starts, not every second.
    expect(desk.locator("#countdown-live")).to_have_attribute("role", "status")
    expect(desk.locator("#countdown-live")).to_have_text(re.compile(r"^Game starts in \d+ s$"))

    # A third player finds the room in the open-rooms list, with its players, and joins it.
    third = open_player("Tom")
    pick_pack(third, "de")
    row = room_row(third, code)
    expect(row).to_contain_text("Deutsch")
    expect(row).to_contain_text("2/8 players")
    expect(row).to_contain_text("0 watching")
    expect(row).to_contain_text("waiting to start")
    expect(row.locator("button.join")).to_have_attribute("aria-label", f"Join room {code} (Deutsch)")
    row.locator("button.join").click()
    expect(third.locator("#code")).to_have_text(code)
    expect(desk.locator("#players li")).to_have_count(3)

    # The server starts the game when the countdown ends: one player is offered words.
    drawer = first_showing([desk, phone, third], "#card .choice", timeout=15)
    for page in (desk, phone, third):
        expect(page.locator("#countdown")).to_have_count(0)
        expect(page.locator("#round")).to_have_text("Round 1/3")
        if page is not drawer:
            expect(page.locator("#card")).to_contain_text("is choosing a word")


def test_the_pack_picker_lists_the_servers_packs_by_name_and_remembers_the_pick(open_player):
    page = open_player("Ada", locale="de-DE")
    options = page.locator("#play-pack option")
    expect(options).to_have_count(8)
    assert dict(zip(options.evaluate_all("(os) => os.map((o) => o.value)"), options.all_inner_texts())) == PACKS
    # The page's language picks the pack until the player does.
    expect(page.locator("#play-pack")).to_have_value("de")
    page.select_option("#lang", "fr")
    expect(page.locator("#play-pack")).to_have_value("fr")
    page.select_option("#lang", "de")
    expect(page.locator("#play-pack")).to_have_value("de")
    expect(page.get_by_label("Wörter auf", exact=True)).to_have_count(2)
    expect(page.locator("#quick h2")).to_have_text("Jetzt spielen")
    expect(page.locator("#open-rooms h2")).to_have_text("Offene Räume")
    page.select_option("#play-pack", "it")
    expect(page.locator("#room-list-note")).to_have_text("Gerade keine offenen Räume auf Italiano: drücke Spielen, um einen zu eröffnen.")
    # The create form starts with the pack picked for Play, and offers every pack too.
    expect(page.locator("#set-pack")).to_have_value("it")
    expect(page.locator("#set-pack option")).to_have_count(8)
    page.reload()
    expect(page.locator("#play-pack")).to_have_value("it")
    page.select_option("#lang", "fr")
    expect(page.locator("#play")).to_have_text("Jouer")
    expect(page.locator("#play-pack")).to_have_value("it")


def test_a_room_created_public_with_a_pack_is_listed_and_a_private_one_is_not(open_player):
    owner = open_player("Olga")
    owner.select_option("#set-pack", "pl")
    owner.check("#set-public")
    owner.click("#create-form button")
    expect(owner.locator("#code")).to_have_text(CODE)
    code = owner.inner_text("#code")
    expect(owner.locator("#room-kind")).to_have_text("public · Polski")
    # A public room its creator made keeps its owner, who starts it.
    expect(owner.locator("#start")).to_be_visible()
    expect(owner.locator("#countdown")).to_have_count(0)

    hidden = open_player("Hana")
    hidden.select_option("#set-pack", "pl")
    hidden.click("#create-form button")
    expect(hidden.locator("#code")).to_have_text(CODE)
    expect(hidden.locator("#room-kind")).to_have_text("Polski")
    hidden_code = hidden.inner_text("#code")

    guest = open_player("Gus", phone=True)
    pick_pack(guest, "pl")
    row = room_row(guest, code)
    expect(row).to_contain_text("Polski")
    expect(row).to_contain_text("1/8 players")
    expect(room_row(guest, hidden_code)).to_have_count(0)
    row.locator("button.join").click()
    expect(guest.locator("#code")).to_have_text(code)
    expect(owner.locator("#players li")).to_have_count(2)


def test_the_welcome_cards_play_puts_a_new_visitor_into_a_public_room(open_player):
    page = open_player("Nia", named=False)
    expect(page.locator("#welcome-go")).to_have_text("Play")
    page.fill("#name", "Nia")
    page.click("#welcome-go")
    expect(page.locator("#code")).to_have_text(CODE)
    expect(page.locator("#room-kind")).to_have_text("public · English")
    expect(page.locator("#countdown")).to_have_text("Waiting for another player…")
