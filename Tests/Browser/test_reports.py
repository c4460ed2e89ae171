"""Reports from the page (PROTOCOL.md, "Moderation (rev 4)", POST /v1/reports): a finished
game's drawing from the gallery's viewer (desktop) and from its share page (phone), and the room
from its panel (POST /v1/reports {"roomCode"}). Each report reaches the server with the player's
token and is accepted; the drawing's reach the operators' list with the drawing's id, the room's
with the room's code."""

import re

from playwright.sync_api import expect

from conftest import BASE_URL
from helpers import create_room, finish_turn, join_room, start_turn

REPORTED = "Reported. An operator will look at it."


def send_report(page, prefix, reason, text):
    """Sends the form; the server must take the report (201). Returns the body the page posted."""
    page.select_option(f"#{prefix}-reason", reason)
    page.fill(f"#{prefix}-text", text)
    with page.expect_response(lambda r: r.url.endswith("/v1/reports") and r.request.method == "POST") as response:
        page.click(f"#{prefix}-send")
    request = response.value.request
    assert request.headers["authorization"].startswith("Bearer "), "a report goes out with the player's token"
    assert response.value.status == 201, f"the server should take the report {request.post_data_json}: {response.value.status} {response.value.text()}"
    return request.post_data_json


def admin_reports(page, admin_token):
    answer = page.request.get(f"{BASE_URL}/v1/admin/reports?status=open&limit=100", headers={"Authorization": f"Bearer {admin_token}"})
    assert answer.ok, answer.status
    return answer.json()["reports"]


def test_a_drawing_is_reported_from_the_viewer_and_the_share_page_and_a_room_from_its_panel(open_player, admin_token):
    ada, bob = open_player("Ada"), open_player("Bob", phone=True)
    code = create_room(ada)
    join_room(bob, code)
    ada.click("#start")
    for _ in range(2):
        drawer, word = start_turn([ada, bob])
        finish_turn(drawer, word, [ada if drawer is bob else bob])

    # The room, from its panel on the phone: the body names the room's code.
    expect(bob.locator("#report-room")).to_have_text("Report room")
    bob.click("#report-room")
    expect(bob.locator("#report-title")).to_have_text(f"Report room {code}")
    body = send_report(bob, "report", "spam", "The room's chat is all adverts")
    assert body == {"roomCode": code, "reason": "spam", "text": "The room's chat is all adverts"}, body
    expect(bob.locator("#report-status")).to_have_text(REPORTED)
    bob.click("#report-close")

    # A drawing, from the viewer of the game's gallery on the desktop.
    tile = ada.locator("#game-gallery .tile").first
    expect(tile).to_be_visible(timeout=20_000)
    drawing = tile.get_attribute("data-drawing-id")
    tile.click()
    expect(ada.locator("#viewer-report")).to_be_visible()
    ada.click("#viewer-report")
    expect(ada.locator("#report-title")).to_have_text(re.compile(r"^Report the drawing “.+”$"))
    body = send_report(ada, "report", "offensive", "Not a drawing for children")
    assert body == {"drawingId": drawing, "reason": "offensive", "text": "Not a drawing for children"}, body
    expect(ada.locator("#report-status")).to_have_text(REPORTED)
    ada.click("#report-close")
    ada.click("#viewer-close")

    # The same drawing from its share page, on the phone whose player played the game.
    shared = bob.context.new_page()
    shared.goto(f"{BASE_URL}/d/{drawing}")
    shared.click("#share-report summary")
    body = send_report(shared, "share-report", "other", "Seen on the share page")
    assert body == {"drawingId": drawing, "reason": "other", "text": "Seen on the share page"}, body
    expect(shared.locator("#share-report-status")).to_have_text(REPORTED)
    shared.close()

    reports = admin_reports(ada, admin_token)
    of_drawing = [r for r in reports if r.get("drawingId") == drawing]
    assert sorted(r["reason"] for r in of_drawing) == ["offensive", "other"], f"both drawing reports should reach the operators: {of_drawing}"
    of_room = [r for r in reports if (r.get("context") or {}).get("roomCode") == code and r["reason"] == "spam"]
    assert len(of_room) == 1, f"the room's report should reach the operators with its code: {reports}"
