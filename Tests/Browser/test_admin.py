"""The operator page at /admin (PROTOCOL.md, "Moderation (rev 4)"): a wrong token is refused and
forgotten, too many wrong tries ask to wait; a ban closes the banned player's page with a plain
message and no reconnecting, and lifting it lets the player back; closing a room sends its
members to the front page with the operator's reason; deleting a drawing takes it out of the
game's gallery; the audit log lists each of these."""

import re

from playwright.sync_api import expect

from conftest import BASE_URL
from helpers import create_room, finish_turn, join_room, player_id, start_turn

BANNED = "You are banned from this server."


def test_a_wrong_token_is_refused_and_forgotten_and_the_right_one_opens_the_desk(open_admin, admin_token):
    admin = open_admin(signed_in=False)
    expect(admin.locator("#desk")).to_be_hidden()
    admin.fill("#token", "not-the-token-" + "x" * 40)
    admin.click("#token-form button")
    expect(admin.locator("#token-note")).to_have_text("Wrong token: the server did not accept it, and this page forgot it.")
    expect(admin.locator("#desk")).to_be_hidden()
    assert admin.evaluate("() => sessionStorage.getItem('doodle.adminToken')") is None

    admin.fill("#token", admin_token)
    admin.click("#token-form button")
    expect(admin.locator("#desk")).to_be_visible()
    expect(admin.locator("#token-note")).to_be_hidden()
    # The tab keeps the token: a reload opens the desk again, "Forget token" asks for it anew.
    admin.reload()
    expect(admin.locator("#desk")).to_be_visible()
    admin.click("#forget")
    expect(admin.locator("#token-form")).to_be_visible()
    assert admin.evaluate("() => sessionStorage.getItem('doodle.adminToken')") is None


def test_too_many_wrong_tries_ask_the_operator_to_wait(open_admin):
    # The server's limiter answers 429 after 10 wrong tries a minute from one address; the tests
    # share that address, so the answer is played here instead of provoked.
    admin = open_admin(signed_in=False)
    admin.route(re.compile(r".*/v1/admin/.*"), lambda route: route.fulfill(
        status=429, headers={"Retry-After": "42"}, content_type="application/json",
        body='{"error":{"code":"rate_limited","message":"too many wrong tokens"}}'))
    admin.fill("#token", "x" * 48)
    admin.click("#token-form button")
    expect(admin.locator("#token-note")).to_have_text("Too many wrong tries from this address: wait 42 s, then try again.")
    expect(admin.locator("#desk")).to_be_hidden()


def test_a_ban_closes_the_players_page_with_the_banned_message_until_it_is_lifted(open_player, open_admin):
    ada, bob = open_player("Ada"), open_player("Bob")
    code = create_room(ada)
    join_room(bob, code)
    expect(ada.locator("#players li")).to_have_count(2)
    bob_id = player_id(bob)

    admin = open_admin()
    admin.fill("#ban-player", bob_id)
    admin.fill("#ban-reason", "insults")
    admin.click("#ban")
    expect(admin.locator("#desk-note")).to_have_text(f"Player {bob_id} is banned.")

    expect(bob.locator("#notice")).to_be_visible()
    expect(bob.locator("#notice-text")).to_have_text(BANNED)
    expect(bob.locator("#game")).to_be_hidden()
    expect(bob.locator("#lobby")).to_be_hidden()
    expect(bob.locator("#conn")).to_have_attribute("data-state", "offline")
    # The banned player drops out of the room as if it left.
    expect(ada.locator("#players li")).to_have_count(1)

    # A reload is refused at hello, said the same way (with the reason, from a server whose
    # refusal carries it: test_ban.py), and the page does not try again.
    bob.reload()
    expect(bob.locator("#notice-text")).to_have_text(re.compile("^" + re.escape(BANNED)))
    expect(bob.locator("#conn")).to_have_attribute("data-state", "offline")

    admin.click("#unban")
    expect(admin.locator("#desk-note")).to_have_text(f"Player {bob_id}'s ban is lifted.")
    bob.reload()
    expect(bob.locator("#conn")).to_have_attribute("data-state", "online")
    expect(bob.locator("#notice")).to_be_hidden()
    expect(bob.locator("#lobby")).to_be_visible()

    admin.click("#audit-refresh")
    # The ban and its lifting, the ban with its reason.
    bob_rows = admin.locator("#audit-rows tr", has_text=bob_id)
    expect(bob_rows).to_have_count(2)
    expect(bob_rows.filter(has_text="insults")).to_have_count(1)


def test_closing_a_room_sends_its_members_to_the_front_page_with_the_reason(open_player, open_admin):
    ada, bob = open_player("Ada"), open_player("Bob")
    code = create_room(ada)
    join_room(bob, code)
    expect(ada.locator("#players li")).to_have_count(2)

    admin = open_admin()
    admin.fill("#room-code", code.lower())
    admin.fill("#room-reason", "closed for the test")
    admin.click("#room-form button")
    expect(admin.locator("#desk-note")).to_have_text(f"Room {code} is closed.")

    for page in (ada, bob):
        expect(page.locator("#notice-text")).to_have_text(f"An operator closed room {code}: closed for the test")
        expect(page.locator("#game")).to_be_hidden()
        expect(page.locator("#lobby")).to_be_visible()
        # Connected again, in no room: the link no longer names the closed room.
        expect(page.locator("#conn")).to_have_attribute("data-state", "online")
        assert code not in page.url
        page.click("#notice-ok")
        expect(page.locator("#notice")).to_be_hidden()
    # The room is gone.
    ada.fill("#join-code", code)
    ada.click("#join-form button")
    expect(ada.locator("#toast")).to_have_text("There is no room with that code.")

    admin.click("#audit-refresh")
    expect(admin.locator("#audit-rows tr", has_text=code)).to_have_count(1)


def test_a_deleted_drawing_leaves_the_games_gallery(open_player, open_admin):
    ada, bob = open_player("Ada"), open_player("Bob")
    code = create_room(ada)
    join_room(bob, code)
    expect(ada.locator("#players li")).to_have_count(2)
    ada.click("#start")
    for _ in range(2):
        drawer, word = start_turn([ada, bob])
        finish_turn(drawer, word, [bob if drawer is ada else ada])

    tiles = ada.locator("#game-gallery .tile")
    expect(tiles).to_have_count(2, timeout=20_000)
    gone, kept = tiles.nth(0).get_attribute("data-drawing-id"), tiles.nth(1).get_attribute("data-drawing-id")

    admin = open_admin()
    admin.fill("#drawing-id", gone)
    admin.click("#drawing-form button")
    expect(admin.locator("#desk-note")).to_have_text(f"Drawing {gone} is deleted.")
    assert ada.request.get(f"{BASE_URL}/v1/drawings/{gone}").status == 404

    ada.reload()
    expect(ada.locator("#game-over")).to_be_visible()
    expect(tiles).to_have_count(1, timeout=10_000)
    expect(tiles.first).to_have_attribute("data-drawing-id", kept)

    admin.click("#audit-refresh")
    expect(admin.locator("#audit-rows tr", has_text=gone)).to_have_count(1)
