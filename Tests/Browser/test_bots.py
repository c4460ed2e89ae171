"""House bots (PROTOCOL.md rev 5): a stranger alone in a quick-play room is offered, after the
server's 20 s, to play with bots; the bots that come are marked as bots, and the game starts
on its own. This test waits those 20 s once; it plays in Português, a pack no other test
quick-plays in, so no one else is seated with it."""

import re
import time

from playwright.sync_api import expect

from helpers import CODE, DESKTOP, PHONE, assert_in_viewport, horizontal_overflow

BOT_AFTER_SECONDS = 20


def test_alone_in_quick_play_the_player_is_offered_bots_and_plays_with_them(open_player):
    page = open_player("Solo")
    expect(page.locator("#play-pack option[value=pt]")).to_have_count(1)
    page.select_option("#play-pack", "pt")
    page.click("#play")
    expect(page.locator("#code")).to_have_text(CODE)
    seated = time.monotonic()
    expect(page.locator("#countdown")).to_have_text("Waiting for another player…")
    expect(page.locator("#play-bots")).to_have_count(0)

    expect(page.locator("#play-bots")).to_be_visible(timeout=(BOT_AFTER_SECONDS + 10) * 1000)
    assert time.monotonic() - seated >= BOT_AFTER_SECONDS - 1, "the offer should wait for the server's time alone"
    expect(page.locator("#play-bots")).to_have_text("Play with bots now")
    expect(page.locator("#card")).to_contain_text("Bots can play with you")
    # On a phone as on the desktop, the offer is on screen at once.
    for size in (PHONE, DESKTOP):
        page.set_viewport_size(size)
        assert_in_viewport(page, "#play-bots", f"at {size['width']}×{size['height']}")
        assert horizontal_overflow(page) <= 0

    page.click("#play-bots")
    bots = page.locator("#players li", has=page.locator(".bot-badge"))
    expect(bots).to_have_count(2)
    expect(page.locator("#players li")).to_have_count(3)
    expect(page.locator("#players li.me .bot-badge")).to_have_count(0)
    badge = bots.first.locator(".bot-badge")
    expect(badge).to_have_text("bot")
    expect(badge).to_have_attribute("title", re.compile(r" is a bot the server plays"))
    expect(page.locator("#log")).to_contain_text("(a bot) joined")
    expect(page.locator("#play-bots")).to_have_count(0)

    # The usual countdown, then the game: someone is choosing a word in round 1.
    expect(page.locator("#countdown")).to_have_text(re.compile(r"^Game starts in \d+ s$"))
    expect(page.locator("#round")).to_have_text("Round 1/3", timeout=20_000)
    expect(page.locator("#card")).to_be_visible()
