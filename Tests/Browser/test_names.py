"""Names (PROTOCOL.md rev 5, "Names"): a name of only spaces is said to be empty, a long paste is
kept whole and said to be too long, an emoji name of 24 graphemes or fewer is taken as it is,
and a name the server's blocklist refuses is said to be refused for that. At both sizes."""

from playwright.sync_api import expect

from helpers import CODE

EMOJI_NAME = "🎨🐱 Zoë 👩‍👩‍👧‍👦"


def test_an_empty_or_too_long_name_is_said_and_an_emoji_name_plays(open_player):
    for phone in (False, True):
        page = open_player("Zoë", phone=phone, named=False)
        page.fill("#name", "    ")
        page.click("#welcome-go")
        expect(page.locator("#name-error")).to_have_text("Type a name first: it is empty.")
        expect(page.locator("#name")).to_be_focused()
        expect(page.locator("#welcome")).to_be_visible()

        pasted = "A very long name that somebody pasted in here"
        assert len(pasted) == 45
        page.fill("#name", pasted)
        expect(page.locator("#name")).to_have_value(pasted)
        expect(page.locator("#name-error")).to_have_text("A name has at most 24 characters; this one has 45.")
        page.click("#welcome-go")
        expect(page.locator("#welcome")).to_be_visible()
        expect(page.locator("#conn")).to_have_attribute("data-state", "idle")

        # The family emoji is one character of 7 code points: the name has 11, not 24+.
        page.fill("#name", EMOJI_NAME)
        expect(page.locator("#name-error")).to_have_text("")
        expect(page.locator("#name-error")).to_be_hidden()
        page.click("#name-form button")
        expect(page.locator("#conn")).to_have_attribute("data-state", "online")
        expect(page.locator("#me-name")).to_have_text(EMOJI_NAME)
        page.click("#create-form button")
        expect(page.locator("#code")).to_have_text(CODE)
        expect(page.locator("#players li.me")).to_contain_text(EMOJI_NAME)


def test_a_name_the_blocklist_refuses_says_so(open_player):
    for phone in (False, True):
        page = open_player("Ada", phone=phone)
        page.click("#rename")
        page.fill("#name", "Ada the Wanker")
        page.click("#name-form button")
        expect(page.locator("#name-error")).to_have_text("That name contains a word this server does not allow: choose another.")
        # The form stays open to fix it, and the old name is still the name.
        expect(page.locator("#name")).to_be_visible()
        page.fill("#name", "Ada B.")
        page.click("#name-form button")
        expect(page.locator("#me-name")).to_have_text("Ada B.")
        expect(page.locator("#name-error")).to_be_hidden()


def test_a_first_visit_with_a_refused_name_stays_on_the_first_screen_and_says_why(open_player):
    for phone in (False, True):
        page = open_player("Wanker", phone=phone, named=False)
        page.fill("#name", "The Wanker")
        page.click("#welcome-go")
        expect(page.locator("#name-error")).to_have_text("That name contains a word this server does not allow: choose another.")
        expect(page.locator("#welcome")).to_be_visible()
        expect(page.locator("#welcome #name")).to_be_visible()
        page.fill("#name", "The Painter")
        page.click("#welcome-go")
        expect(page.locator("#code")).to_have_text(CODE)
        expect(page.locator("#me-name")).to_have_text("The Painter")
