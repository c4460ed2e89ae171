"""A ban said at hello (PROTOCOL.md rev 4 and rev 5's address bans): the page shows the
operator's reason and when the ban ends, as the server's `error banned` gives them. The socket
is played by the test, so the page is held to the fields a newer server sends."""

import json
import re

from playwright.sync_api import expect

BANNED = "You are banned from this server."
ENDS_2030 = 1_893_456_000_000      # 2030-01-01 00:00 UTC


def refuse_hello(page, error):
    """From now on the page's socket answers its hello with `error` and closes with 4004."""
    def route(ws):
        def on_message(message):
            if json.loads(message).get("type") == "hello":
                ws.send(json.dumps({"type": "error", "code": "banned", "message": "you are banned", "ref": "hello", **error}))
                ws.close(code=4004, reason="banned")
        ws.on_message(on_message)
    page.route_web_socket(re.compile(r"/v1/ws$"), route)


def test_a_ban_at_hello_shows_the_operators_reason_and_when_it_ends(open_player):
    for phone in (False, True):
        page = open_player("Bob", phone=phone)
        refuse_hello(page, {"reason": "insults in the chat", "untilMillis": ENDS_2030})
        page.reload()
        notice = page.locator("#notice-text")
        expect(notice).to_have_text(re.compile(rf"^{re.escape(BANNED)} Reason: “insults in the chat”\. The ban ends on .*2030.*\.$"))
        expect(page.locator("#notice-ok")).to_be_hidden()
        expect(page.locator("#lobby")).to_be_hidden()

        # A ban without an end says so; one without a reason (an older server) says only that.
        refuse_hello(page, {"reason": "spam"})
        page.reload()
        expect(notice).to_have_text(f"{BANNED} Reason: “spam”. The ban does not end.")
        refuse_hello(page, {})
        page.reload()
        expect(notice).to_have_text(BANNED)
