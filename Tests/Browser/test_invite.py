"""An invite link to a room the visitor cannot join as a player: a full room's link offers to
watch it (and watching works), a locked room's says only its owner can let the visitor in and
offers to play elsewhere. The visitor on a phone for one, on the desktop for the other."""

import re

from playwright.sync_api import expect

from helpers import CODE, create_room, join_room


def full_room(open_player):
    """A private room of two seats, both taken; returns its owner and code."""
    owner = open_player("Olga")
    code = create_room(owner)
    join_room(open_player("Bob"), code)
    owner.fill("#os-max", "2")
    owner.click("#owner-settings button")
    expect(owner.locator("#os-max")).to_have_value("2")
    return owner, code


def test_a_full_rooms_link_offers_to_watch(open_player):
    owner, code = full_room(open_player)
    guest = open_player("Gus", path=f"/#{code}", phone=True, named=False)
    expect(guest.locator("#welcome-info")).to_have_text("Party game · 2 players · waiting to start. Every seat is taken: you can watch.")
    expect(guest.locator("#welcome-go")).to_have_text(f"Watch room {code}")
    expect(guest.locator("#welcome h2")).to_have_text(f"Room {code}")
    expect(guest.locator("#welcome-text")).to_contain_text("watch the game, and take a seat when one frees")
    guest.fill("#name", "Gus")
    guest.click("#welcome-go")
    expect(guest.locator("#code")).to_have_text(code)
    expect(guest.locator("#watching")).to_be_visible()
    expect(guest.locator("#watch-play")).to_have_text("Play when a seat frees")
    expect(owner.locator("#spectators")).to_contain_text("Gus")


def test_a_locked_rooms_link_says_only_its_owner_lets_you_in(open_player):
    owner = open_player("Olga")
    code = create_room(owner)
    owner.click("#lock")
    expect(owner.locator("#locked")).to_be_visible()
    guest = open_player("Gus", path=f"/#{code}", named=False)
    expect(guest.locator("#welcome-info")).to_contain_text("The room is locked: only its owner can let you in, by unlocking it.")
    expect(guest.locator("#welcome-go")).to_have_text("Play")
    expect(guest.locator("#welcome h2")).to_have_text(f"Room {code}")
    expect(guest.locator("#welcome-text")).to_contain_text("Play in an open room meanwhile")
    # Play seats the visitor in an open room instead of knocking at the locked one.
    guest.fill("#name", "Gus")
    guest.click("#welcome-go")
    expect(guest.locator("#code")).to_have_text(CODE)
    assert guest.inner_text("#code") != code
    expect(guest.locator("#room-kind")).to_have_text(re.compile(r"^public · "))


def test_a_player_refused_by_a_full_room_is_offered_to_watch_it(open_player):
    owner, code = full_room(open_player)
    # A typed code, on the desktop.
    typed = open_player("Tia")
    typed.fill("#join-code", code)
    typed.click("#join-form button")
    expect(typed.locator("#toast")).to_have_text("The room is full.")
    expect(typed.locator("#join-info")).to_contain_text("Every seat is taken: you can watch.")
    expect(typed.locator("#join-watch")).to_have_text(f"Watch room {code}")
    typed.click("#join-watch")
    expect(typed.locator("#watching")).to_be_visible()
    # The room's link, opened by a player who has a name already, on a phone.
    linked = open_player("Lin", phone=True)
    linked.goto(linked.url.split("#")[0] + f"#{code}")
    linked.reload()
    expect(linked.locator("#join-watch")).to_have_text(f"Watch room {code}")
    linked.click("#join-watch")
    expect(linked.locator("#watching")).to_be_visible()
    expect(owner.locator("#spectators li")).to_have_count(2)
