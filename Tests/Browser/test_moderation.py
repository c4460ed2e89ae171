"""Moderation in the room (PROTOCOL.md, "Moderation (rev 4)"): a mute hides one member's chat
from the muter alone; likes and dislikes of the drawing on screen count live for everyone, the
drawer has no buttons, and the game's gallery keeps the counts; a report from the player list
reaches the operator page with the reported player's chat lines and is resolved there."""

import re

from playwright.sync_api import expect

from helpers import create_room, finish_turn, join_room, player_id, start_turn


def chat(page, text):
    page.fill("#guess", text)
    page.press("#guess", "Enter")


def line(page, text):
    return page.locator("#log div", has_text=text)


def test_a_mute_hides_one_players_chat_from_the_muter_only(open_player):
    ada, bob, cy = open_player("Ada"), open_player("Bob"), open_player("Cy")
    code = create_room(ada)
    join_room(bob, code)
    join_room(cy, code)
    expect(ada.locator("#players li")).to_have_count(3)
    bob_id = player_id(bob)
    # Nobody mutes or reports themselves.
    expect(ada.locator("#players li.me button.mute")).to_have_count(0)
    expect(ada.locator("#players li.me button.report")).to_have_count(0)

    chat(bob, "said before the mute")
    expect(line(ada, "said before the mute")).to_be_visible()

    mute = ada.locator(f"#players li[data-player-id='{bob_id}'] button.mute")
    expect(mute).to_have_attribute("aria-pressed", "false")
    expect(mute).to_have_attribute("aria-label", "Mute Bob: hide their chat")
    mute.click()
    expect(mute).to_have_attribute("aria-pressed", "true")
    # What Bob said before is hidden too.
    expect(line(ada, "said before the mute")).to_be_hidden()

    chat(bob, "said while muted")
    chat(cy, "Cy after Bob")
    # Cy's line came after Bob's (the room's order), so Bob's has reached Ada by then.
    expect(line(ada, "Cy after Bob")).to_be_visible()
    expect(line(ada, "said while muted")).to_have_count(0)
    # Not even an empty line of Bob's: the muted event only keeps the room's order.
    expect(ada.locator(f"#log div[data-from='{bob_id}']:visible")).to_have_count(0)
    expect(ada.locator("#log div", has_text="Bob:").locator("visible=true")).to_have_count(0)
    for page in (bob, cy):
        expect(line(page, "said while muted")).to_be_visible()
        expect(line(page, "said before the mute")).to_be_visible()
    # Every message redraws the player list; the mute stays pressed.
    expect(mute).to_have_attribute("aria-pressed", "true")
    # Only Ada muted: nobody else's list shows it.
    expect(cy.locator(f"#players li[data-player-id='{bob_id}'] button.mute")).to_have_attribute("aria-pressed", "false")

    mute.click()
    expect(mute).to_have_attribute("aria-pressed", "false")
    expect(line(ada, "said before the mute")).to_be_visible()
    chat(bob, "said after the mute")
    expect(line(ada, "said after the mute")).to_be_visible()


def test_likes_and_dislikes_count_live_and_stay_with_the_drawing_in_the_gallery(open_player):
    ada, bob, cy = open_player("Ada"), open_player("Bob"), open_player("Cy")
    code = create_room(ada)
    join_room(bob, code)
    join_room(cy, code)
    expect(ada.locator("#players li")).to_have_count(3)
    players = [ada, bob, cy]
    for page in players:
        expect(page.locator("#reactions")).to_be_hidden()
    ada.click("#start")

    drawer, word = start_turn(players)
    first, second = [p for p in players if p is not drawer]

    def counts(page):
        return page.locator("#react-like .count"), page.locator("#react-dislike .count")

    # The drawer sees the counts and no buttons; the others see buttons, none pressed.
    expect(drawer.locator("#reactions")).to_be_visible()
    expect(drawer.locator("#reactions button:visible")).to_have_count(0)
    expect(drawer.locator("#reaction-tally")).to_be_visible()
    for page in (first, second):
        expect(page.locator("#reactions button:visible")).to_have_count(2)
        expect(page.locator("#react-like")).to_have_attribute("aria-pressed", "false")
        expect(page.locator("#react-dislike")).to_have_attribute("aria-pressed", "false")

    first.click("#react-like")
    expect(first.locator("#react-like")).to_have_attribute("aria-pressed", "true")
    expect(second.locator("#react-like")).to_have_attribute("aria-pressed", "false")
    for page in (first, second):
        like, dislike = counts(page)
        expect(like).to_have_text("1")
        expect(dislike).to_have_text("0")
    expect(drawer.locator("#reaction-tally .count.like")).to_have_text("1")

    second.click("#react-dislike")
    expect(first.locator("#react-dislike .count")).to_have_text("1")
    expect(drawer.locator("#reaction-tally .count.dislike")).to_have_text("1")

    # Tapping the pressed one takes it back; the other one replaces it.
    first.click("#react-like")
    expect(first.locator("#react-like")).to_have_attribute("aria-pressed", "false")
    expect(second.locator("#react-like .count")).to_have_text("0")
    expect(drawer.locator("#reaction-tally .count.like")).to_have_text("0")
    first.click("#react-dislike")
    expect(first.locator("#react-dislike")).to_have_attribute("aria-pressed", "true")
    for page in (first, second):
        like, dislike = counts(page)
        expect(like).to_have_text("0")
        expect(dislike).to_have_text("2")
    expect(drawer.locator("#reaction-tally")).to_contain_text("0 likes, 2 dislikes")

    finish_turn(drawer, word, [first, second])
    # The turn's end still shows the drawing and its counts.
    expect(first.locator("#card")).to_contain_text(word)
    expect(first.locator("#react-dislike .count")).to_have_text("2")

    # The next turns start at zero; nobody reacts in them.
    words = [word]
    for _ in range(2):
        drawer, word = start_turn(players)
        for page in players:
            if page is not drawer:
                expect(page.locator("#react-like .count")).to_have_text("0")
                expect(page.locator("#react-dislike .count")).to_have_text("0")
                expect(page.locator("#react-dislike")).to_have_attribute("aria-pressed", "false")
        finish_turn(drawer, word, [p for p in players if p is not drawer])
        words.append(word)

    expect(ada.locator("#game-over")).to_be_visible(timeout=20_000)
    expect(ada.locator("#reactions")).to_be_hidden()
    tiles = ada.locator("#game-gallery .tile")
    expect(tiles).to_have_count(3, timeout=10_000)
    def tile(word):
        return tiles.filter(has=ada.locator(".tile-title", has_text=re.compile(f"^{re.escape(word)}$")))

    reacted = tile(words[0])
    expect(reacted.locator(".tile-reactions .like .count")).to_have_text("0")
    expect(reacted.locator(".tile-reactions .dislike .count")).to_have_text("2")
    expect(reacted.locator(".tile-reactions")).to_contain_text("0 likes, 2 dislikes")
    quiet = tile(words[1])
    expect(quiet.locator(".tile-reactions .dislike .count")).to_have_text("0")


def test_a_report_from_the_room_reaches_the_operator_with_the_chat_lines_and_is_resolved(open_player, open_admin):
    ada, bob = open_player("Ada"), open_player("Bob")
    code = create_room(ada)
    join_room(bob, code)
    expect(ada.locator("#players li")).to_have_count(2)
    bob_id = player_id(bob)
    chat(bob, "first rude line")
    chat(bob, "second rude line")
    expect(line(ada, "second rude line")).to_be_visible()

    report = ada.locator(f"#players li[data-player-id='{bob_id}'] button.report")
    expect(report).to_have_attribute("aria-label", "Report Bob…")
    report.click()
    dialog = ada.locator("#report")
    expect(dialog).to_be_visible()
    expect(ada.locator("#report-title")).to_have_text("Report Bob")
    # No reason chosen: nothing is sent.
    ada.click("#report-send")
    expect(ada.locator("#report-status")).to_have_text("")
    ada.select_option("#report-reason", "offensive")
    ada.fill("#report-text", "He keeps insulting us")
    ada.click("#report-send")
    expect(ada.locator("#report-status")).to_have_text("Reported. An operator will look at it.")
    expect(ada.locator("#report-send")).to_be_disabled()
    ada.click("#report-close")
    expect(dialog).to_be_hidden()

    admin = open_admin()
    card = admin.locator("#reports li.report-card", has=admin.locator("dd.player", has_text=bob_id))
    expect(card).to_have_count(1)
    expect(card).to_contain_text("Offensive drawing or chat")
    expect(card).to_contain_text("He keeps insulting us")
    expect(card.locator("dd.room")).to_have_text(code)
    # Both players by name, with their ids.
    expect(card.locator("dd.player")).to_have_text(f"Bob ({bob_id})")
    expect(card.locator("dd.reporter")).to_have_text(re.compile(r"^Ada \(p_\w+\)$"))
    expect(card.locator(".chat-lines li")).to_have_text(["first rude line", "second rude line"])

    card.locator(".resolve input").fill("a warning is enough")
    card.locator("button.dismiss").click()
    expect(card).to_have_count(0)
    expect(admin.locator("#desk-note")).to_contain_text("dismissed")
    # Among the resolved ones now, with the note.
    admin.select_option("#report-filter", "resolved")
    resolved = admin.locator("#reports li.report-card", has=admin.locator("dd.player", has_text=bob_id))
    expect(resolved.locator(".resolution")).to_contain_text("dismissed")
    expect(resolved.locator(".resolution")).to_contain_text("a warning is enough")
    expect(resolved.locator(".resolve")).to_have_count(0)
