"""What a player needs during a turn is on screen without scrolling, on the review's desktop
(1280×800) and phone (390×844): the board, the word or hint and the timer, the guess box, and
for the drawer every tool, clear included (on the phone the colours in a row of their own); a
turn's result leaves the phone's drawing in view, and a 20-letter hint stays on one line. The
podium shows faces, and after a rematch the chat shows its newest lines. In pair mode at
desktop size, the tools and Send. On the front page, Play and its word-pack picker."""

import re

from playwright.sync_api import expect

from helpers import assert_in_viewport, draw_with_mouse, first_showing, horizontal_overflow


TOOL_ROWS = """() => { const middle = (b) => { const r = b.getBoundingClientRect(); return Math.round(r.top + r.height / 2); };
    return { swatches: [...new Set([...document.querySelectorAll("#tools .swatch")].map(middle))],
             others: [...new Set([...document.querySelectorAll("#tools button:not(.swatch)")].map(middle))] }; }"""

# How much of the board the turn's result card hides, and whether the board's upper half shows.
CARD_COVER = """() => { const b = document.querySelector("#board-box").getBoundingClientRect(), c = document.querySelector("#card").getBoundingClientRect();
    const upper = document.elementFromPoint(b.left + b.width / 2, b.top + b.height / 4).id;
    return { share: (c.width * c.height) / (b.width * b.height), upper }; }"""


def start_desk_and_phone_game(open_player, only_words=None):
    """Dana on the desktop opens a one-round room (with `only_words`, of those words alone), Pim
    on a phone joins it, and Dana starts the game. Returns both pages."""
    desk = open_player("Dana")
    phone = open_player("Pim", phone=True)
    desk.fill("#set-rounds", "1")
    if only_words:
        desk.fill("#set-words", ", ".join(only_words))
        desk.check("#set-words-only")
    desk.click("#create-form button")
    expect(desk.locator("#code")).to_have_text(re.compile(r"^[A-HJ-NP-Z2-9]{6}$"))
    phone.fill("#join-code", desk.inner_text("#code"))
    phone.click("#join-form button")
    expect(desk.locator("#players li")).to_have_count(2)
    desk.click("#start")
    return desk, phone


def assert_turn_fits(page, drawing, who):
    when = f"for the {'drawer' if drawing else 'guesser'} on {who}"
    for selector in ("#board-box", "#hint", "#timer", "#guess"):
        assert_in_viewport(page, selector, when)
    if drawing:
        for selector in ("#tools [data-action=clear]", "#tools [data-action=undo]", "#tools [data-tool=eraser]", "#tools .swatch >> nth=-1"):
            assert_in_viewport(page, selector, when)
        # On the phone the colours fill one row and the widths and tools another: no width
        # button strays onto the colours' row.
        if who == "phone":
            rows = page.evaluate(TOOL_ROWS)
            assert len(rows["swatches"]) == 1 and not set(rows["swatches"]) & set(rows["others"]), f"the phone's tool rows are mixed: {rows}"
        # One row of tools: nothing wrapped under the others at desktop width.
        if who == "desktop":
            middles = page.eval_on_selector_all(
                "#tools button", "(bs) => [...new Set(bs.map((b) => { const r = b.getBoundingClientRect(); return Math.round(r.top + r.height / 2); }))]")
            assert len(middles) == 1, f"the desktop toolbar wraps into {len(middles)} rows"
    assert horizontal_overflow(page) <= 0, f"the page overflows sideways {when}"


def test_a_turn_fits_the_desktop_and_the_phone(open_player):
    desk, phone = start_desk_and_phone_game(open_player)

    sizes = {id(desk): "desktop", id(phone): "phone"}
    names = {id(desk): "Dana", id(phone): "Pim"}
    seen = set()
    for _ in range(2):
        drawer = first_showing([desk, phone], "#card .choice")
        guesser = phone if drawer is desk else desk
        drawer.locator("#card .choice").first.click()
        expect(drawer.locator("#tools")).to_be_visible()
        expect(guesser.locator("#hint")).to_have_text(re.compile(r"_"))
        expect(guesser.locator("#timer")).to_have_text(re.compile(r"\d+s"))
        assert_turn_fits(drawer, True, sizes[id(drawer)])
        assert_turn_fits(guesser, False, sizes[id(guesser)])
        seen.add(sizes[id(drawer)])
        word = drawer.inner_text("#hint").strip()
        draw_with_mouse(drawer, "#ink")
        guesser.fill("#guess", word)
        guesser.press("#guess", "Enter")
        expect(guesser.locator("#log")).to_contain_text(word)
        # The guesser's own right guess is said once, as "You got it", not also by name.
        expect(guesser.locator("#log")).not_to_contain_text(f"{names[id(guesser)]} guessed the word")
        # The turn's result leaves most of the drawing in view on the phone.
        expect(phone.locator("#card h3")).to_contain_text("The word was")
        cover = phone.evaluate(CARD_COVER)
        assert cover["share"] < 0.4 and cover["upper"] == "ink", f"the turn's card hides the phone's drawing: {cover}"
    assert seen == {"desktop", "phone"}, "each size should have drawn once"

    # Game over on the desktop: the podium and the ranking (with our own line marked) are on
    # screen under the last drawing.
    expect(desk.locator("#game-over")).to_be_visible(timeout=20_000)
    for selector in ("#board-box", "#podium", "#ranking"):
        assert_in_viewport(desk, selector, "at game over")
    expect(desk.locator("#podium li")).to_have_count(2)
    expect(desk.locator("#ranking li.me")).to_contain_text("Dana")
    expect(phone.locator("#ranking li.me")).to_contain_text("Pim")
    # Each player's face stands on the podium, the same as in the player list.
    pim = phone.locator("#players li.me").get_attribute("data-player-id")
    pim_color = desk.locator(f"#players li[data-player-id='{pim}'] svg.avatar").get_attribute("data-color")
    expect(desk.locator("#podium li svg.avatar")).to_have_count(2)
    expect(desk.locator("#podium li:not(.me) svg.avatar")).to_have_attribute("data-color", pim_color)

    # A rematch: the chat shows its newest lines on both pages, not where the game-over left it.
    desk.click("#start")
    first_showing([desk, phone], "#card .choice")
    for page in (desk, phone):
        page.wait_for_function("() => { const l = document.querySelector('#log'); return l.scrollTop + l.clientHeight >= l.scrollHeight - 4; }", timeout=5_000)


def test_pair_drawing_tools_and_send_fit_the_desktop(open_player):
    ada = open_player("Ada")
    ada.click("#tab-pair")
    expect(ada.locator("#pair-code")).to_have_text(re.compile(r"^[A-HJ-NP-Z2-9]{6}$"))
    bob = open_player("Bob", path=f"/#pair-{ada.inner_text('#pair-code')}")
    bob.click("#pair-join-form button")
    expect(ada.locator("#pair-paired")).to_be_visible()
    ada.fill("#pair-word", "kite")
    ada.click("#pair-word-form button.primary")
    expect(ada.locator("#pair-drafting")).to_be_visible()
    ada.evaluate("() => window.scrollTo(0, 0)")
    for selector in ("#pair-ink", "#pair-tools [data-action=clear]", "#pair-tools .swatch >> nth=0", "#pair-send"):
        assert_in_viewport(ada, selector, "while drawing for a partner")
    draw_with_mouse(ada, "#pair-ink")
    ada.click("#pair-send")
    # The partner's drawing and the guess box are on Bob's screen too.
    expect(bob.locator("#pair-hint")).to_have_text("____")
    for selector in ("#pair-inbox-canvas", "#pair-guess"):
        assert_in_viewport(bob, selector, "while guessing a partner's drawing")


def test_play_and_its_pack_picker_are_above_the_fold(open_player):
    for who, phone in (("desktop", False), ("phone", True)):
        page = open_player(f"Fay {who}", phone=phone)
        expect(page.locator("#play-pack option")).to_have_count(8)
        for selector in ("#play", "#play-pack"):
            expect(page.locator(selector)).to_be_visible()
            assert_in_viewport(page, selector, f"on the {who} front page")
        assert horizontal_overflow(page) <= 0, f"the front page overflows sideways on the {who}"


# The room's only words: three of 20 letters, and one of four words (it keeps its gaps).
LONG_WORDS = ["electroencephalogram", "counterrevolutionary", "uncharacteristically", "ice cream sandwich maker"]

HINT_LINE = """() => { const h = document.querySelector("#hint"), style = getComputedStyle(h);
    return { height: h.getBoundingClientRect().height, line: parseFloat(style.lineHeight) || 1.4 * parseFloat(style.fontSize),
             hidden: h.scrollWidth - h.clientWidth, text: h.textContent }; }"""


def test_a_twenty_letter_hint_stays_on_one_line_on_the_phone_and_the_desktop(open_player):
    desk, phone = start_desk_and_phone_game(open_player, only_words=LONG_WORDS)

    drawer = first_showing([desk, phone], "#card .choice")
    choices = drawer.locator("#card .choice").all_inner_texts()
    assert set(choices) <= set(LONG_WORDS), f"only the room's own words should be offered, got {choices}"
    drawer.locator("#card .choice", has_text="electroencephalogram").or_(drawer.locator("#card .choice", has_text="counterrevolutionary")) \
        .or_(drawer.locator("#card .choice", has_text="uncharacteristically")).first.click()
    guesser = phone if drawer is desk else desk
    expect(guesser.locator("#hint")).to_have_text(re.compile(r"^_{20}$"))
    # The guesser's underscores and the drawer's letters: each one line, nothing cut off.
    for page, who in ((guesser, "guesser"), (drawer, "drawer")):
        line = page.evaluate(HINT_LINE)
        assert len(line["text"]) == 20, line
        assert line["height"] < 1.6 * line["line"], f"the {who}'s hint wraps: {line}"
        assert line["hidden"] <= 1, f"the {who}'s hint is cut off by {line['hidden']} px: {line}"
        assert_in_viewport(page, "#hint", f"for the {who}")
