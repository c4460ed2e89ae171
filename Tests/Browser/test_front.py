"""The way in and around the page: an invite link that names its room, renaming from the
header, an accessible name for every control and the state of every toggle, the page in
German and French, the invite's copy button and QR code, the favicon and the leaderboard, an
invite code's unused letters, and a connection light that is not "offline" while connecting."""

import re
import time

from playwright.sync_api import expect

from conftest import BASE_URL, name_player

CODE = re.compile(r"^[A-HJ-NP-Z2-9]{6}$")


def create_room(page):
    page.click("#create-form button")
    expect(page.locator("#code")).to_have_text(CODE)
    return page.inner_text("#code")


def test_an_invite_link_names_its_room_before_the_visitor_has_a_name(open_player):
    ada = open_player("Ada")
    code = create_room(ada)

    guest = open_player("Gus", path=f"/#{code}", named=False)
    expect(guest.locator("#welcome h2")).to_have_text(f"Join room {code}")
    expect(guest.locator("#welcome-info")).to_have_text("Party game · 1 player · waiting to start")
    expect(guest.locator("#welcome-go")).to_have_text(f"Join room {code}")
    # The big button asks for the name first, then joins.
    guest.click("#welcome-go")
    expect(guest.locator("#name")).to_be_focused()
    guest.fill("#name", "Gus")
    guest.click("#welcome-go")
    expect(guest.locator("#code")).to_have_text(code)
    expect(ada.locator("#players li")).to_have_count(2)

    # A room that does not exist says so plainly.
    lost = open_player("Lou", path="/#ZZZZZZ", named=False)
    expect(lost.locator("#welcome h2")).to_have_text("Join room ZZZZZZ")
    expect(lost.locator("#welcome-info")).to_contain_text("There is no room ZZZZZZ")


def test_renaming_shows_the_new_name_in_the_header(open_player):
    page = open_player("Ada")
    expect(page.locator("#name-form")).to_be_hidden()
    expect(page.locator("#rename")).to_have_text("Change name")
    page.click("#rename")
    expect(page.locator("#name-form button")).to_have_text("Save name")
    page.fill("#name", "Ada L.")
    page.click("#name-form button")
    expect(page.locator("#me-name")).to_have_text("Ada L.")
    expect(page.locator("#name-form")).to_be_hidden()
    # In a room the player list follows too, and the name survives a reload.
    create_room(page)
    page.click("#rename")
    page.fill("#name", "Ada Lovelace")
    page.press("#name", "Enter")
    expect(page.locator("#me-name")).to_have_text("Ada Lovelace")
    expect(page.locator("#players li.me")).to_contain_text("Ada Lovelace")
    page.reload()
    expect(page.locator("#me-name")).to_have_text("Ada Lovelace")


UNNAMED_CONTROLS = """() => [...document.querySelectorAll("input, select, textarea, button, canvas")].filter((el) => {
    const named = el.labels?.length || el.getAttribute("aria-label") || el.getAttribute("aria-labelledby")
        || (el.tagName === "BUTTON" && el.textContent.trim());
    return !named;
}).map((el) => el.id || el.outerHTML.slice(0, 80))"""


def test_every_control_has_a_name_and_every_toggle_a_state(open_player):
    page = open_player("Ada")
    create_room(page)
    for label in ("Your name", "Guess or chat", "Invite link", "Your pair link", "Your partner's code", "Your guess", "A word to draw", "Language"):
        expect(page.get_by_label(label, exact=True)).to_have_count(1)
    assert page.evaluate(UNNAMED_CONTROLS) == [], "controls without an accessible name"

    tools = page.locator("#tools button")
    assert tools.count() >= 20
    expect(page.locator("#tools [data-color='#c0392b']")).to_have_attribute("aria-label", "red")
    for selector in ("#tools .swatch", "#tools [data-width]", "#tools [data-tool]", "#pair-tools [data-tool]", "#tabs button", "#sound"):
        for toggle in page.locator(selector).all():
            expect(toggle).to_have_attribute("aria-pressed", re.compile(r"^(true|false)$"))
    expect(page.locator("#tools [data-tool=pen]")).to_have_attribute("aria-pressed", "true")
    expect(page.locator("#tools [data-tool=eraser]")).to_have_attribute("aria-pressed", "false")
    expect(page.locator("#tab-party")).to_have_attribute("aria-pressed", "true")
    expect(page.locator("#sound")).to_have_attribute("aria-pressed", "false")
    page.click("#sound")
    expect(page.locator("#sound")).to_have_attribute("aria-pressed", "true")

    for canvas in page.locator("canvas").all():
        expect(canvas).to_have_attribute("role", "img")
    expect(page.locator("#log")).to_have_attribute("aria-live", "polite")
    expect(page.locator("#toast")).to_have_attribute("role", "alert")
    expect(page.locator("#conn")).to_have_attribute("role", "status")


def test_the_page_speaks_german_from_the_browser_and_french_when_picked(open_player):
    page = open_player("Ada", locale="de-DE", named=False)
    expect(page.locator("html")).to_have_attribute("lang", "de")
    expect(page.locator("#welcome h2")).to_have_text("Zeichnen und raten mit Freunden")
    expect(page.locator("#name-form button")).to_have_text("Name speichern")
    expect(page.get_by_label("Dein Name")).to_be_visible()
    name_player(page, "Ada")
    expect(page.locator("#rename")).to_have_text("Name ändern")
    expect(page.locator("#create-form h2")).to_have_text("Raum erstellen")
    expect(page.locator("#tab-pair")).to_have_text("Zu zweit")
    # A server error's code is shown in German too.
    page.fill("#join-code", "ZZZZZZ")
    page.click("#join-form button")
    expect(page.locator("#toast")).to_have_text("Es gibt keinen Raum mit diesem Code.")

    # A vote to kick is a "Rauswurf" in German, not a bare "abstimmen"; the button stays short.
    code = create_room(page)
    guest = open_player("Gus", locale="de-DE")
    guest.fill("#join-code", code)
    guest.click("#join-form button")
    expect(guest.locator("#players li button.kick")).to_have_text("Rauswurf")
    expect(guest.locator("#players li button.kick")).to_have_attribute("title", "Rauswurf-Abstimmung: für den Rauswurf von Ada stimmen")
    page.click("#leave")
    expect(page.locator("#create-form")).to_be_visible()

    page.select_option("#lang", "fr")
    expect(page.locator("html")).to_have_attribute("lang", "fr")
    expect(page.locator("#create-form h2")).to_have_text("Créer un salon")
    expect(page.locator("#rename")).to_have_text("Changer de nom")
    create_room(page)
    expect(page.locator("#round")).to_have_text("Salle d'attente")
    expect(page.locator("#tools [data-action=clear]")).to_have_attribute("aria-label", "Tout effacer")
    # The pick is remembered over the browser's language.
    page.reload()
    expect(page.locator("#copy")).to_have_text("Copier le lien d'invitation")


def test_copied_turns_back_and_the_qr_code_shows(open_player):
    page = open_player("Ada")
    page.context.grant_permissions(["clipboard-read", "clipboard-write"], origin=BASE_URL)
    code = create_room(page)
    page.click("#copy")
    expect(page.locator("#copy")).to_have_text("Copied!")
    started = time.monotonic()
    expect(page.locator("#copy")).to_have_text("Copy invite link", timeout=5_000)
    assert time.monotonic() - started < 4, "Copied! should turn back after about 2 s"

    expect(page.locator("#qr")).to_be_hidden()
    page.click("#qr-toggle")
    expect(page.locator("#qr-toggle")).to_have_attribute("aria-expanded", "true")
    expect(page.locator("#qr")).to_be_visible()
    expect(page.locator("#qr")).to_have_attribute("alt", re.compile(code))
    page.wait_for_function("() => document.querySelector('#qr').complete && document.querySelector('#qr').naturalWidth > 0")


def test_the_favicon_and_the_leaderboard(open_player):
    page = open_player("Ada")
    for path in ("/favicon.ico", "/web/favicon.svg"):
        answer = page.request.get(BASE_URL + path)
        assert answer.status == 200, f"{path} answered {answer.status}"
        assert answer.headers["content-type"].startswith("image/svg+xml")
    assert page.evaluate("() => document.querySelector('link[rel=icon]').href").endswith("/web/favicon.svg")
    expect(page.locator("#leaderboard-panel")).to_be_visible()
    expect(page.locator("#leaderboard-panel h2")).to_have_text("Best players")
    # Either the ranking or a word that there is none yet, never an empty box.
    page.wait_for_function("() => document.querySelector('#leaderboard').children.length > 0 || document.querySelector('#leaderboard-note').textContent")


def test_an_invite_code_with_letters_never_used_says_which(open_player):
    for phone in (False, True):
        page = open_player("Ada", phone=phone)
        page.fill("#join-code", "O0O0O0")
        page.click("#join-form button")
        expect(page.locator("#toast")).to_have_text("An invite code is 6 letters and digits, never O, I, 0 or 1 (they look too alike).")


STATES_SEEN = """(() => { window.__conn = []; new MutationObserver(() => window.__conn.push(document.querySelector("#conn").dataset.state))
    .observe(document, { subtree: true, attributes: true, attributeFilter: ["data-state"] });
    document.addEventListener("DOMContentLoaded", () => window.__conn.push(document.querySelector("#conn").dataset.state)); })()"""


def test_the_connection_light_says_connecting_not_offline_while_the_page_connects(open_player):
    for phone in (False, True):
        page = open_player("Ada", phone=phone, named=False)
        # A first visit has nothing to connect with yet: no light at all.
        expect(page.locator("#conn")).to_have_attribute("data-state", "idle")
        expect(page.locator("#conn")).to_be_hidden()
        name_player(page, "Ada")
        # A returning visitor: from the first paint to online, never "offline" on the way.
        page.add_init_script(STATES_SEEN)
        page.reload()
        expect(page.locator("#conn")).to_have_attribute("data-state", "online")
        seen = page.evaluate("() => window.__conn")
        assert seen and "offline" not in seen, f"the light went through {seen}"
        assert seen[0] == "connecting", f"the light should start at connecting, went through {seen}"
