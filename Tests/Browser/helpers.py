"""What the browser tests do to a page: draw with a mouse or a finger, read a canvas, wait for
one of several pages, measure horizontal overflow, check what is on screen; open a room, play a
turn."""

import re
import time

from playwright.sync_api import expect

PHONE = {"width": 390, "height": 844}
DESKTOP = {"width": 1280, "height": 800}

# A zigzag across the middle of a canvas, in fractions of its size.
ZIGZAG = [(0.2, 0.3), (0.35, 0.7), (0.5, 0.3), (0.65, 0.7), (0.8, 0.3)]


def _points(page, selector, path):
    box = page.locator(selector).bounding_box()
    assert box, f"{selector} is not on screen"
    return [(box["x"] + fx * box["width"], box["y"] + fy * box["height"]) for fx, fy in path]


def draw_with_mouse(page, selector, path=ZIGZAG):
    points = _points(page, selector, path)
    page.mouse.move(*points[0])
    page.mouse.down()
    for point in points[1:]:
        page.mouse.move(*point, steps=6)
    page.mouse.up()


def draw_with_finger(page, selector, path=ZIGZAG):
    """A touch drag through Chromium's touch input (it becomes pointer events of type touch)."""
    points = _points(page, selector, path)
    cdp = page.context.new_cdp_session(page)
    touch = lambda kind, at: cdp.send("Input.dispatchTouchEvent", {"type": kind, "touchPoints": at})
    touch("touchStart", [{"x": points[0][0], "y": points[0][1]}])
    for (x0, y0), (x1, y1) in zip(points, points[1:]):
        for step in range(1, 7):
            t = step / 6
            touch("touchMove", [{"x": x0 + (x1 - x0) * t, "y": y0 + (y1 - y0) * t}])
            time.sleep(0.01)
    touch("touchEnd", [])
    cdp.detach()


def has_ink(page, selector):
    """True if the canvas shows anything but white."""
    return page.evaluate(
        """(selector) => {
            const canvas = document.querySelector(selector);
            const data = canvas.getContext("2d").getImageData(0, 0, canvas.width, canvas.height).data;
            for (let i = 0; i < data.length; i += 4) if (data[i] < 250 || data[i + 1] < 250 || data[i + 2] < 250) return true;
            return false;
        }""",
        selector,
    )


def horizontal_overflow(page):
    """How many CSS pixels the page is wider than its viewport (0 when nothing overflows)."""
    return page.evaluate("() => document.documentElement.scrollWidth - document.documentElement.clientWidth")


def first_showing(pages, selector, timeout=20.0):
    """The first of `pages` on which `selector` is visible, waiting up to `timeout` seconds."""
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        for page in pages:
            if page.locator(selector).first.is_visible():
                return page
        time.sleep(0.1)
    raise AssertionError(f"{selector} showed on none of the pages within {timeout} s")


def watch_replay(page, selector):
    """Starts recording every value the canvas's data-replay takes; replay_states() reads them."""
    page.evaluate(
        """(selector) => {
            const canvas = document.querySelector(selector);
            window.__replay = { canvas, before: [] };
            new MutationObserver((records) => records.forEach((r) => window.__replay.before.push(r.oldValue)))
                .observe(canvas, { attributes: true, attributeFilter: ["data-replay"], attributeOldValue: true });
        }""",
        selector,
    )


def replay_states(page):
    """The values data-replay took since watch_replay, oldest first, ending with the current one."""
    return page.evaluate("() => [...window.__replay.before.slice(1), window.__replay.canvas.dataset.replay]")


def assert_in_viewport(page, selector, when=""):
    """The element is wholly inside the window as it is now, so a player sees it without scrolling."""
    box = page.locator(selector).first.bounding_box()
    assert box, f"{selector} is not on screen {when}"
    view = page.viewport_size
    inside = box["x"] >= -0.5 and box["y"] >= -0.5 and box["x"] + box["width"] <= view["width"] + 0.5 and box["y"] + box["height"] <= view["height"] + 0.5
    assert inside, f"{selector} at {box} is not inside the {view['width']}×{view['height']} window {when}"


CODE = re.compile(r"^[A-HJ-NP-Z2-9]{6}$")


def create_room(owner, rounds=1):
    """The owner creates a private party room from the front page; returns its code."""
    owner.fill("#set-rounds", str(rounds))
    owner.click("#create-form button")
    expect(owner.locator("#code")).to_have_text(CODE)
    return owner.inner_text("#code")


def join_room(page, code):
    page.fill("#join-code", code)
    page.click("#join-form button")
    expect(page.locator("#code")).to_have_text(code)


def player_id(page):
    """The page's own playerId, as its line of the player list carries it."""
    member = page.locator("#players li.me, #spectators li.me").first
    expect(member).to_have_attribute("data-player-id", re.compile(r"."))
    return member.get_attribute("data-player-id")


def start_turn(players):
    """The player offered words takes the first; returns the drawer and its word."""
    drawer = first_showing(players, "#card .choice")
    drawer.locator("#card .choice").first.click()
    expect(drawer.locator("#tools")).to_be_visible()
    word = drawer.inner_text("#hint").strip()
    assert word and "_" not in word, f"the drawer should see its word, saw {word!r}"
    return drawer, word


def finish_turn(drawer, word, guessers):
    """The drawer draws; every guesser guesses the word, which ends the turn."""
    draw_with_mouse(drawer, "#ink")
    for guesser in guessers:
        guesser.fill("#guess", word)
        guesser.press("#guess", "Enter")
        expect(guesser.locator("#log")).to_contain_text(f"You got it: {word}")
