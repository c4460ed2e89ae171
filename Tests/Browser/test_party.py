"""Two players play a one-round party game to its end in two browser contexts; at game over a
reload keeps the gallery and the ranking, and the front page's leaderboard lists them."""

import re

from playwright.sync_api import expect

from helpers import draw_with_mouse, first_showing, has_ink, replay_states, watch_replay


def play_turn(players):
    """The player offered words draws the first one; the other guesses it from the drawer's screen."""
    drawer = first_showing(players, "#card .choice")
    guesser = next(p for p in players if p is not drawer)
    drawer.locator("#card .choice").first.click()
    expect(drawer.locator("#tools")).to_be_visible()
    word = drawer.inner_text("#hint").strip()
    assert word and "_" not in word, f"the drawer should see its word, saw {word!r}"
    draw_with_mouse(drawer, "#ink")
    # The drawer's strokes reach the guesser's board through the server.
    guesser.wait_for_function(
        """() => { const c = document.querySelector("#board"), d = c.getContext("2d").getImageData(0, 0, c.width, c.height).data;
                   for (let i = 0; i < d.length; i += 4) if (d[i] < 250) return true; return false; }""",
        polling=200)
    guesser.fill("#guess", word)
    guesser.press("#guess", "Enter")
    expect(guesser.locator("#log")).to_contain_text(f"You got it: {word}")
    return word, guesser


def image_size(page, path):
    """Loads a picture in the page as an <img> and gives its [width, height] once decoded."""
    return page.evaluate(
        """(src) => new Promise((resolve, reject) => { const img = new Image();
             img.onload = () => resolve([img.naturalWidth, img.naturalHeight]);
             img.onerror = () => reject(new Error("cannot decode " + src)); img.src = src; })""", path)


def test_a_party_game_ends_with_the_last_drawing_and_a_gallery_that_replays(open_player):
    ada, bob = open_player("Ada"), open_player("Bob")
    ada.fill("#set-rounds", "1")
    ada.fill("#set-draw", "30")
    ada.click("#create-form button")
    expect(ada.locator("#code")).to_have_text(re.compile(r"^[A-HJ-NP-Z2-9]{6}$"))
    bob.fill("#join-code", ada.inner_text("#code"))
    bob.click("#join-form button")
    expect(ada.locator("#players li")).to_have_count(2)
    ada.click("#start")

    words = []
    for _ in range(2):
        word, guesser = play_turn([ada, bob])
        assert has_ink(guesser, "#board"), "the guesser's board shows the drawer's strokes"
        words.append(word)

    for page in (ada, bob):
        expect(page.locator("#game-over")).to_be_visible(timeout=20_000)
        expect(page.locator("#round")).to_have_text("Game over")
        expect(page.locator("#ranking li")).to_have_count(2)
        # The last drawing stays on the board, and nothing covers it.
        expect(page.locator("#card")).to_be_hidden()
        assert has_ink(page, "#board"), "the last drawing stays on screen at game over"
        on_top = page.evaluate(
            """() => { const r = document.querySelector("#board-box").getBoundingClientRect();
                       return document.elementFromPoint(r.left + r.width / 2, r.top + r.height / 2).id; }""")
        assert on_top == "ink", f"the middle of the board is covered by #{on_top}"
        # The game's drawings, from GET /v1/games/{gameId}, with their SVG pictures.
        tiles = page.locator("#game-gallery .tile")
        expect(tiles).to_have_count(2, timeout=10_000)
        assert sorted(tiles.locator(".tile-title").all_inner_texts()) == sorted(words)
        page.wait_for_function("() => [...document.querySelectorAll('#game-gallery img')].every((i) => i.complete && i.naturalWidth > 0)")

    # A drawing replays stroke by stroke from a blank canvas, in the viewer.
    watch_replay(bob, "#viewer-canvas")
    bob.locator("#game-gallery .tile").first.click()
    expect(bob.locator("#viewer")).to_be_visible()
    expect(bob.locator("#viewer-canvas")).to_have_attribute("data-replay", "done", timeout=10_000)
    assert replay_states(bob) == ["loading", "playing", "done"]
    assert has_ink(bob, "#viewer-canvas")
    assert bob.inner_text("#viewer-title") in words
    word = bob.inner_text("#viewer-title")

    # Its share page (/d/{id}): the drawing replays, and the word shows only when asked for.
    share = bob.locator("#viewer-share")
    expect(share).to_be_visible()
    href = share.get_attribute("href")
    assert re.fullmatch(r"/d/d_[a-z0-9]+", href), href
    shared = bob.context.new_page()
    shared.goto(bob.url.split("#")[0].rstrip("/") + href)
    expect(shared.locator("#share-canvas")).to_have_attribute("data-replay", "done", timeout=10_000)
    assert has_ink(shared, "#share-canvas")
    expect(shared.locator("#share-word")).to_be_hidden()
    assert shared.locator("#share-word").text_content() == ""
    shared.click("#share-show")
    expect(shared.locator("#share-word")).to_contain_text(word)
    shared.close()

    # The drawing as a replaying GIF, which the browser's own decoder reads.
    gif = bob.locator("#viewer-gif")
    expect(gif).to_be_visible()
    gif_href = gif.get_attribute("href")
    assert re.fullmatch(r"/v1/drawings/d_[a-z0-9]+\.gif", gif_href), gif_href
    assert gif.get_attribute("download", timeout=1000).endswith(".gif")
    assert image_size(bob, gif_href) == [256, 256]

    bob.click("#viewer-close")
    expect(bob.locator("#viewer")).to_be_hidden()

    # The album: a GIF of every drawing with its word and drawer, and one PNG sheet, as downloads.
    expect(bob.locator("#album-downloads")).to_be_visible()
    with bob.expect_download() as download:
        bob.click("#album-gif")
    assert re.fullmatch(r"doodle-g_[a-z0-9]+-album\.gif", download.value.suggested_filename), download.value.suggested_filename
    with open(download.value.path(), "rb") as file:
        assert file.read(6) == b"GIF89a"
    width, height = image_size(bob, bob.locator("#album-gif").get_attribute("href"))
    assert width == 256 and height > 256, (width, height)
    sheet = image_size(bob, bob.locator("#album-png").get_attribute("href"))
    assert sheet[0] > 2 * 256 and sheet[1] > 256, sheet

    # A reload at game over brings the game's drawings and its ranking back, our line marked.
    ada.reload()
    expect(ada.locator("#game-over")).to_be_visible()
    expect(ada.locator("#game-gallery .tile")).to_have_count(2, timeout=10_000)
    expect(ada.locator("#ranking li")).to_have_count(2)
    expect(ada.locator("#ranking li.me")).to_contain_text("Ada")
    expect(ada.locator("#podium li")).to_have_count(2)

    # Back on the front page, the leaderboard (GET /v1/leaderboard) has both players. Every test
    # plays on one server, and its one-round games score alike (about 745), so the page's top 10
    # may end above Ada and Bob however this game went: the test lets the page ask for 100.
    ada.route(re.compile(r".*/v1/leaderboard\?.*"), lambda route: route.continue_(url=re.sub(r"([?&]limit=)\d+", r"\g<1>100", route.request.url)))
    ada.click("#leave")
    expect(ada.locator("#leaderboard-panel")).to_be_visible()
    expect(ada.locator("#leaderboard li.me")).to_contain_text("Ada", timeout=10_000)
    expect(ada.locator("#leaderboard")).to_contain_text("Bob")
    # The game finished today, this week and this month (UTC): each period's tab lists both too.
    for period in ["day", "week", "month"]:
        ada.click(f"#board-periods button[data-period={period}]")
        expect(ada.locator(f"#board-periods button[data-period={period}]")).to_have_attribute("aria-pressed", "true")
        expect(ada.locator("#board-periods button[data-period=all]")).to_have_attribute("aria-pressed", "false")
        expect(ada.locator("#leaderboard li.me")).to_contain_text("Ada", timeout=10_000)
        expect(ada.locator("#leaderboard")).to_contain_text("Bob")
