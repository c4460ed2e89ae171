"""Watching a public room from the open-rooms list, and asking for a seat (PROTOCOL.md,
"Spectators (rev 4)"): a watcher takes no seat, sees "Watching" and a button to play when a seat
frees, is told when no seat is free, is offered the seat once one is, and plays."""

import re

from playwright.sync_api import expect

CODE = re.compile(r"^[A-HJ-NP-Z2-9]{6}$")


def test_a_watcher_takes_no_seat_and_plays_when_a_seat_frees(open_player):
    owner = open_player("Olga")
    owner.select_option("#set-pack", "nl")
    owner.check("#set-public")
    owner.click("#create-form button")
    expect(owner.locator("#code")).to_have_text(CODE)
    code = owner.inner_text("#code")
    bob = open_player("Bob")
    bob.fill("#join-code", code)
    bob.click("#join-form button")
    expect(owner.locator("#players li")).to_have_count(2)
    # Two seats, both taken.
    owner.fill("#os-max", "2")
    owner.click("#owner-settings button")

    vic = open_player("Vic", phone=True)
    expect(vic.locator("#play-pack option[value=nl]")).to_have_count(1)
    vic.select_option("#play-pack", "nl")
    row = vic.locator(f"#room-list li[data-code='{code}']")
    expect(row).to_contain_text("2/2 players")
    expect(row.locator("button.join")).to_be_disabled()
    expect(row.locator("button.watch")).to_have_attribute("aria-label", f"Watch room {code} (Nederlands)")
    row.locator("button.watch").click()

    expect(vic.locator("#code")).to_have_text(code)
    expect(vic.locator("#watching")).to_be_visible()
    expect(vic.locator("#watching")).to_contain_text("Watching")
    expect(vic.locator("#watch-play")).to_have_text("Play when a seat frees")
    # A watcher is listed apart from the players and has no vote.
    for page in (owner, vic):
        expect(page.locator("#players li")).to_have_count(2)
        expect(page.locator("#spectators li")).to_have_count(1)
        expect(page.locator("#spectators")).to_contain_text("Vic")
    expect(vic.locator("#players li button.kick")).to_have_count(0)
    expect(owner.locator("#watching")).to_be_hidden()
    expect(owner.locator("#log")).to_contain_text("Vic is watching")

    # No free seat: said in words, and the button stays for the next try.
    vic.click("#watch-play")
    expect(vic.locator("#watch-note")).to_have_text("No seat is free yet: try again when a player leaves.")
    expect(vic.locator("#watch-play")).to_be_enabled()
    expect(vic.locator("#watching")).to_be_visible()

    # Bob leaves; the list shows the room with a free seat and its watcher.
    bob.click("#leave")
    expect(bob.locator("#open-rooms")).to_be_visible()
    bob.select_option("#play-pack", "nl")
    bob_row = bob.locator(f"#room-list li[data-code='{code}']")
    expect(bob_row).to_contain_text("1/2 players")
    expect(bob_row).to_contain_text("1 watching")

    # With a seat free, the bar offers to take it, not to wait for one.
    expect(vic.locator("#watch-play")).to_have_text("Take a free seat")
    expect(vic.locator("#watch-note")).to_have_text("")
    vic.click("#watch-play")
    expect(vic.locator("#watching")).to_be_hidden()
    for page in (owner, vic):
        expect(page.locator("#players li")).to_have_count(2)
        expect(page.locator("#players")).to_contain_text("Vic")
        expect(page.locator("#spectators li")).to_have_count(0)
    expect(owner.locator("#log")).to_contain_text("Vic is playing now")
    # Once seated, Vic shows the face Vic's own page chose, on the owner's list too.
    vic_id = vic.locator("#players li.me").get_attribute("data-player-id")
    vic_color = vic.evaluate("() => JSON.parse(localStorage.getItem('doodle.avatar')).color")
    expect(owner.locator(f"#players li[data-player-id='{vic_id}'] svg.avatar")).to_have_attribute("data-color", vic_color)
