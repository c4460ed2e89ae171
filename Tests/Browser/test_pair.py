"""Pair mode in two browser contexts: a phone (390×844, touch) and a desktop pair by the share
link; one draws and sends, the other reloads, guesses wrong and then right, and both see the
outcome; the other way round ends in a give-up; they unpair, and the history (GET
/v1/me/pair/drawings) still shows both drawings and replays one."""

import re

from playwright.sync_api import expect

from helpers import draw_with_finger, draw_with_mouse, has_ink, horizontal_overflow, replay_states, watch_replay


def assert_fits(page, when):
    assert horizontal_overflow(page) <= 0, f"the phone's page overflows sideways {when}"


def test_pair_by_code_send_guess_history_and_unpair(open_player):
    ada = open_player("Ada", phone=True)
    ada.click("#tab-pair")
    expect(ada.locator("#pair-code")).to_have_text(re.compile(r"^[A-HJ-NP-Z2-9]{6}$"))
    code = ada.inner_text("#pair-code")
    expect(ada.locator("#pair-link")).to_have_value(re.compile(rf"/#pair-{code}$"))
    assert_fits(ada, "while waiting for a partner")

    # Bob opens Ada's share link: the pair view, with her code ready in the form, which names
    # her (not her code) and comes before his own code.
    bob = open_player("Bob", path=f"/#pair-{code}")
    expect(bob.locator("#pair-partner-code")).to_have_value(code)
    expect(bob.locator("#pair-link-note")).to_have_text("Ada sent you this link: tap Pair to play with Ada.")
    expect(bob.locator("#pair-join-title")).to_have_text("Pair with Ada")
    assert bob.locator("#pair-join-form").bounding_box()["y"] < bob.locator("#pair-code").bounding_box()["y"], \
        "the partner's pairing form should come before the visitor's own code"
    bob.click("#pair-join-form button")
    for page, partner in ((ada, "Bob"), (bob, "Ada")):
        expect(page.locator("#pair-paired")).to_be_visible()
        expect(page.locator("#pair-partner")).to_contain_text(partner)
        expect(page.locator("#pair-streak")).to_have_text("Streak 0")
    assert_fits(ada, "once paired")

    # Ada takes a suggested word and draws it with her finger.
    ada.click("#pair-suggest")
    expect(ada.locator("#pair-suggestions .chip")).to_have_count(3)
    ada.locator("#pair-suggestions .chip").first.click()
    word = ada.input_value("#pair-word")
    assert word
    ada.click("#pair-word-form button.primary")
    expect(ada.locator("#pair-drafting")).to_be_visible()
    expect(ada.locator("#pair-draft-word")).to_have_text(word)
    expect(ada.locator("#pair-send")).to_be_disabled()
    assert_fits(ada, "while drawing")
    draw_with_finger(ada, "#pair-ink")
    expect(ada.locator("#pair-send")).to_be_enabled()
    assert has_ink(ada, "#pair-board")
    ada.click("#pair-send")
    expect(ada.locator("#pair-log")).to_contain_text(f"Sent “{word}” to Bob")
    expect(ada.locator("#pair-sent-list li")).to_have_count(1)
    expect(ada.locator("#pair-drafting")).to_be_hidden()

    # Bob's inbox has it: replayed, with the word's shape and never the word.
    expect(bob.locator("#pair-inbox-view")).to_be_visible()
    expect(bob.locator("#pair-inbox-canvas")).to_have_attribute("data-replay", "done", timeout=10_000)
    assert has_ink(bob, "#pair-inbox-canvas")
    expected_hint = "".join("_" if ch.isalpha() or ch.isdigit() else ch for ch in word)
    expect(bob.locator("#pair-hint")).to_have_text(expected_hint)
    assert not re.search(rf"\b{re.escape(word)}\b", bob.inner_text("#pair-view"), re.IGNORECASE), "the word reached the guesser"

    watch_replay(bob, "#pair-inbox-canvas")
    bob.click("#pair-replay")
    expect(bob.locator("#pair-inbox-canvas")).to_have_attribute("data-replay", "done")
    assert replay_states(bob) == ["playing", "done"]

    # A wrong guess: Bob sees his attempt, and so does Ada beside her waiting drawing.
    bob.fill("#pair-guess", "zzqqxx")
    bob.press("#pair-guess", "Enter")
    expect(bob.locator("#pair-guess-lines")).to_contain_text("You: zzqqxx")
    expect(bob.locator("#pair-attempts")).to_have_text("1 attempt")
    expect(ada.locator("#pair-sent-list")).to_contain_text("Bob: zzqqxx")
    expect(ada.locator("#pair-sent-list")).to_contain_text("1 attempt so far")

    # A reload keeps the pair and the inbox (from the pair room's roomState), attempts and all.
    bob.reload()
    expect(bob.locator("#pair-hint")).to_have_text(expected_hint)
    expect(bob.locator("#pair-attempts")).to_have_text("1 attempt")
    expect(bob.locator("#pair-partner")).to_contain_text("Ada")

    # The right guess: both see the outcome, the scores (GameRules pair defaults) and the streak.
    bob.fill("#pair-guess", word)
    bob.press("#pair-guess", "Enter")
    expect(bob.locator("#pair-log")).to_contain_text(f"You guessed “{word}” in 2 attempts (+90; Ada +50)")
    expect(ada.locator("#pair-log")).to_contain_text(f"Bob guessed your “{word}” in 2 attempts (+90; you +50)")
    expect(bob.locator("#pair-scores")).to_have_text("You 90 · Ada 50")
    expect(ada.locator("#pair-scores")).to_have_text("You 50 · Bob 90")
    for page in (ada, bob):
        expect(page.locator("#pair-streak")).to_have_text("Streak 1")
    expect(bob.locator("#pair-inbox-empty")).to_be_visible()
    expect(ada.locator("#pair-sent")).to_be_hidden()

    # Bob draws his own word with the mouse; Ada gives up (the confirmation is accepted): both
    # see the word, and the streak is back to 0.
    bob.fill("#pair-word", "lighthouse")
    bob.click("#pair-word-form button.primary")
    draw_with_mouse(bob, "#pair-ink")
    bob.click("#pair-send")
    expect(ada.locator("#pair-hint")).to_have_text("__________")
    expect(ada.locator("#pair-from")).to_have_text("From Bob")
    ada.click("#pair-giveup")
    expect(ada.locator("#pair-log")).to_contain_text("You gave up: the word was “lighthouse”")
    expect(bob.locator("#pair-log")).to_contain_text("Ada did not find your “lighthouse”")
    for page in (ada, bob):
        expect(page.locator("#pair-streak")).to_have_text("Streak 0")

    # Ada unpairs (the confirmation is accepted): both hear of it, and each gets a fresh code.
    ada.click("#unpair")
    expect(ada.locator("#pair-log")).to_contain_text("You unpaired.")
    expect(bob.locator("#pair-log")).to_contain_text("Ada unpaired.")
    for page in (ada, bob):
        expect(page.locator("#pair-waiting")).to_be_visible()
        expect(page.locator("#pair-code")).to_have_text(re.compile(r"^[A-HJ-NP-Z2-9]{6}$"))
        expect(page.locator("#pair-paired")).to_be_hidden()
    assert ada.inner_text("#pair-code") != code
    assert_fits(ada, "after unpairing")

    # The history (GET /v1/me/pair/drawings) stays readable after the pair ended: it shows the
    # drawing to both, word and all, and replays it.
    for page, adas_drawing, bobs_drawing in ((ada, "You → Bob", "Bob → you"), (bob, "Ada → you", "You → Ada")):
        tiles = page.locator("#pair-history-gallery .tile")
        expect(tiles.locator(".tile-title")).to_have_text(["lighthouse", word], timeout=10_000)   # newest first
        expect(tiles.locator(".tile-detail")).to_have_text([f"{bobs_drawing} · given up", f"{adas_drawing} · guessed, 2 attempts"])
    assert_fits(ada, "with the history")
    watch_replay(ada, "#viewer-canvas")
    ada.locator("#pair-history-gallery .tile").last.click()
    expect(ada.locator("#viewer-canvas")).to_have_attribute("data-replay", "done", timeout=10_000)
    assert replay_states(ada) == ["loading", "playing", "done"]
    assert has_ink(ada, "#viewer-canvas")
    assert_fits(ada, "in the viewer")
    ada.click("#viewer-close")

