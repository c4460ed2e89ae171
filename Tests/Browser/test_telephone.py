"""Telephone mode in the browser: three players write, draw and describe, the owner reveals the
chains one entry at a time (drawings replay), and the game ends with the album; the same on a
phone; a reload in a draw step keeps the drawing; the mode speaks German and French."""

import re

from playwright.sync_api import expect

from helpers import CODE, assert_in_viewport, draw_with_finger, draw_with_mouse, has_ink, horizontal_overflow


def create_telephone(owner, write=10, draw=15, steps=3, start="write"):
    """The owner creates a private telephone room from the front page; returns its code."""
    owner.check('input[name="set-mode"][value="telephone"]')
    expect(owner.locator("#set-telephone")).to_be_visible()
    expect(owner.locator("#set-rounds")).to_be_hidden()
    owner.select_option("#set-tel-start", start)
    owner.fill("#set-tel-write", str(write))
    owner.fill("#set-tel-draw", str(draw))
    owner.fill("#set-tel-steps", "" if steps is None else str(steps))
    owner.click("#create-form button.primary")
    expect(owner.locator("#code")).to_have_text(CODE)
    return owner.inner_text("#code")


def seat(players):
    """The first player creates the room (already done); the others join in order, so seats follow
    the list. Returns when the owner sees everyone."""
    code = players[0].inner_text("#code")
    for page in players[1:]:
        page.fill("#join-code", code)
        page.click("#join-form button")
        expect(page.locator("#code")).to_have_text(code)
    expect(players[0].locator("#players li")).to_have_count(len(players))


def write_step(players, texts):
    """Every player writes (or describes) and hands the text in; the last one ends the step."""
    for n, (page, text) in enumerate(zip(players, texts)):
        expect(page.locator("#tel-text")).to_be_visible()
        page.fill("#tel-text", text)
        page.click("#tel-send")
        if n < len(players) - 1:
            expect(page.locator("#tel-done-note")).to_contain_text(text)


def draw_step(players, finger=()):
    """Every player draws what it was given and hands it in; returns the prompts they saw."""
    prompts = []
    for page in players:
        expect(page.locator("#tel-prompt")).to_be_visible()
        prompts.append(page.inner_text("#tel-prompt"))
        (draw_with_finger if page in finger else draw_with_mouse)(page, "#tel-ink")
        # The server echoes our strokes to us alone; the board shows them.
        page.wait_for_function("() => document.querySelector('#tel-board').getContext('2d').getImageData(0, 0, 1600, 1200).data.some((v, i) => i % 4 === 0 && v < 250)", polling=200)
        page.click("#tel-submit-drawing")
        if page is not players[-1]:
            expect(page.locator("#tel-board-box")).to_have_class(re.compile(r"\blocked\b"))
            expect(page.locator("#tel-tools")).to_be_hidden()
            expect(page.locator("#tel-unsubmit")).to_be_visible()
    return prompts


def reveal_all(owner, others, entries):
    """The owner shows every entry with Next; the others see them come, then the game ends."""
    for shown in range(1, entries + 1):
        owner.click("#tel-next")
        for page in [owner, *others]:
            expect(page.locator("#tel-chains .tel-entry")).to_have_count(shown)
    expect(owner.locator("#tel-next")).to_have_text("End the game")
    owner.click("#tel-next")
    for page in [owner, *others]:
        expect(page.locator("#tel-over")).to_be_visible()


def test_a_telephone_game_runs_from_the_lobby_to_the_album(open_player):
    ada, bob, cy = open_player("Ada"), open_player("Bob"), open_player("Cy")
    code = create_telephone(ada)
    expect(ada.locator("#tel-lobby")).to_be_visible()
    expect(ada.locator("#tel-start")).to_be_disabled()
    expect(ada.locator("#tel-lobby-note")).to_contain_text("At least 3 players")
    seat([ada, bob, cy])
    expect(ada.locator("#tel-start")).to_be_enabled()
    expect(bob.locator("#tel-start")).to_be_hidden()
    expect(bob.locator("#tel-lobby-note")).to_have_text("Waiting for the owner to start…")
    ada.click("#tel-start")

    # Step 1: everyone writes. Bob takes his back once and changes it.
    players = [ada, bob, cy]
    for page in players:
        expect(page.locator("#tel-step")).to_contain_text("Step 1/3")
        expect(page.locator("#tel-title")).to_have_text("Write a sentence for someone to draw")
        expect(page.locator("#tel-timer")).to_have_text(re.compile(r"^\d+s$"))
    bob.fill("#tel-text", "a dog")
    bob.click("#tel-send")
    expect(ada.locator("#players li.guessed")).to_have_count(1)
    expect(ada.locator("#players li.guessed")).to_contain_text("Bob")
    bob.click("#tel-unsubmit")
    expect(bob.locator("#tel-text")).to_have_value("a dog")
    expect(ada.locator("#players li.guessed")).to_have_count(0)
    sentences = ["a cat on a bicycle", "a dog flying a kite", "a whale in a bathtub"]
    write_step(players, sentences)

    # Step 2: each draws the sentence of the seat before it (Ada gets Cy's, Bob Ada's, Cy Bob's).
    for page in players:
        expect(page.locator("#tel-title")).to_have_text("Draw this")
    prompts = draw_step(players)
    assert prompts == [sentences[2], sentences[0], sentences[1]], prompts

    # Step 3: each describes the drawing it got, shown read-only.
    for page in players:
        expect(page.locator("#tel-title")).to_have_text("What is this drawing? Describe it")
        expect(page.locator("#tel-seen")).to_be_visible()
        page.wait_for_function("() => document.querySelector('#tel-seen-canvas').getContext('2d').getImageData(0, 0, 800, 600).data.some((v, i) => i % 4 === 0 && v < 250)", polling=200)
    write_step(players, ["zigzag mountains", "a lightning bolt", "the letter W"])

    # The reveal: the owner has Next; the others see how far it is and who moves it on.
    for page in players:
        expect(page.locator("#tel-reveal")).to_be_visible()
    expect(bob.locator("#tel-next")).to_be_hidden()
    expect(bob.locator("#tel-progress")).to_contain_text("0 of 9 shown · Ada shows the next part.")
    ada.click("#tel-next")
    ada.click("#tel-next")
    for page in players:
        expect(page.locator("#tel-chains .tel-entry")).to_have_count(2)
        expect(page.locator(".tel-chain h3").first).to_have_text("Ada's chain")
        expect(page.locator(".tel-entry").first).to_contain_text("Ada wrote")
        expect(page.locator(".tel-entry").first).to_contain_text(sentences[0])
        # Bob's drawing of it replays stroke by stroke.
        drawing = page.locator(".tel-entry.draw canvas").first
        expect(drawing).to_have_attribute("data-replay", "done", timeout=10_000)
    assert has_ink(cy, ".tel-entry.draw canvas")
    # A like for the latest drawing, from anyone but its drawer.
    expect(bob.locator("#tel-likes")).to_be_hidden()
    expect(cy.locator("#tel-likes")).to_be_visible()
    cy.click("#tel-like")
    expect(cy.locator("#tel-like")).to_have_attribute("aria-pressed", "true")
    expect(ada.locator("#tel-like .count")).to_have_text("1")
    for shown in range(3, 10):
        ada.click("#tel-next")
        expect(bob.locator("#tel-chains .tel-entry")).to_have_count(shown)
    expect(ada.locator(".tel-chain")).to_have_count(3)
    expect(ada.locator("#tel-next")).to_have_text("End the game")
    ada.click("#tel-next")

    # Game over: the album and each drawing's share page; the owner can play again.
    for page in players:
        expect(page.locator("#tel-over")).to_be_visible()
        expect(page.locator("#tel-title")).to_have_text("Game over")
        expect(page.locator(".tel-share")).to_have_count(3)
    gif = bob.locator("#tel-album-gif")
    assert re.fullmatch(r"/v1/games/g_[a-z0-9]+/album\.gif", gif.get_attribute("href")), gif.get_attribute("href")
    assert re.fullmatch(r"/v1/games/g_[a-z0-9]+/album\.png", bob.locator("#tel-album-png").get_attribute("href"))
    assert bob.request.get(bob.url.split("#")[0].rstrip("/") + gif.get_attribute("href")).status == 200
    share = bob.locator(".tel-share").first.get_attribute("href")
    assert re.fullmatch(r"/d/d_[a-z0-9]+", share), share
    expect(ada.locator("#tel-again")).to_be_visible()
    expect(bob.locator("#tel-again")).to_be_hidden()
    expect(bob.locator("#tel-again-note")).to_be_visible()

    # A reload at game over keeps the chains and the album links.
    bob.reload()
    expect(bob.locator("#tel-over")).to_be_visible()
    expect(bob.locator("#tel-chains .tel-entry")).to_have_count(9)
    expect(bob.locator("#tel-album-gif")).to_have_attribute("href", gif.get_attribute("href"))
    expect(bob.locator(".tel-entry.draw canvas").first).to_have_attribute("data-replay", "done", timeout=10_000)

    # Play again: a new first step.
    ada.click("#tel-again")
    for page in players:
        expect(page.locator("#tel-step")).to_contain_text("Step 1/3")
        expect(page.locator("#tel-chains .tel-entry")).to_have_count(0)


def test_a_telephone_game_fits_a_phone_where_its_owner_plays(open_player):
    pim = open_player("Pim", phone=True)
    create_telephone(pim)
    expect(pim.locator("#tel-lobby")).to_be_visible()
    assert horizontal_overflow(pim) <= 0, "the phone's lobby overflows sideways"
    ada, bob = open_player("Ada"), open_player("Bob")
    players = [pim, ada, bob]
    seat(players)
    assert_in_viewport(pim, "#tel-start", "in the phone's lobby")
    pim.click("#tel-start")

    expect(pim.locator("#tel-text")).to_be_visible()
    for selector in ("#tel-timer", "#tel-title", "#tel-text", "#tel-send"):
        assert_in_viewport(pim, selector, "in the phone's write step")
    write_step(players, ["a snail racing a car", "a rainy picnic", "two owls at a party"])

    expect(pim.locator("#tel-prompt")).to_have_text("two owls at a party")
    for selector in ("#tel-timer", "#tel-prompt", "#tel-board-box", "#tel-tools [data-action=clear]", "#tel-tools .swatch >> nth=-1", "#tel-submit-drawing"):
        assert_in_viewport(pim, selector, "in the phone's draw step")
    assert horizontal_overflow(pim) <= 0, "the phone's draw step overflows sideways"
    draw_step(players, finger=(pim,))

    expect(pim.locator("#tel-seen")).to_be_visible()
    for selector in ("#tel-seen", "#tel-text", "#tel-send"):
        assert_in_viewport(pim, selector, "in the phone's describe step")
    write_step(players, ["mountains", "a crown", "zigzag"])

    # The owner's Next stays at the top of the window while the chains grow under it.
    for shown in range(1, 10):
        pim.click("#tel-next")
        expect(pim.locator("#tel-chains .tel-entry")).to_have_count(shown)
        assert_in_viewport(pim, "#tel-next", f"with {shown} entries shown on the phone")
    assert horizontal_overflow(pim) <= 0, "the phone's reveal overflows sideways"
    expect(pim.locator(".tel-entry.draw canvas >> nth=2")).to_have_attribute("data-replay", "done", timeout=10_000)
    pim.click("#tel-next")
    expect(pim.locator("#tel-over")).to_be_visible()
    for selector in ("#tel-album-gif", "#tel-album-png", "#tel-again"):
        assert_in_viewport(pim, selector, "at the phone's game over")
    assert horizontal_overflow(pim) <= 0, "the phone's game over overflows sideways"


def test_a_reload_in_a_draw_step_keeps_the_drawing_and_whether_it_was_handed_in(open_player):
    ada, bob, cy = open_player("Ada"), open_player("Bob"), open_player("Cy")
    create_telephone(ada, draw=60, steps=2, start="words")
    seat([ada, bob, cy])
    ada.click("#tel-start")
    # Chains that start from the word list begin with a drawing of a word.
    expect(ada.locator("#tel-title")).to_have_text("Draw this")
    word = ada.inner_text("#tel-prompt")
    assert word, "the first drawer sees its word"
    draw_with_mouse(ada, "#tel-ink")
    ada.wait_for_function("() => document.querySelector('#tel-board').getContext('2d').getImageData(0, 0, 1600, 1200).data.some((v, i) => i % 4 === 0 && v < 250)", polling=200)

    ada.reload()
    expect(ada.locator("#tel-prompt")).to_have_text(word)
    expect(ada.locator("#tel-tools")).to_be_visible()
    assert has_ink(ada, "#tel-board"), "the drawing so far comes back after a reload"
    # Drawing goes on after the reload: stroke ids keep growing past the ones already used.
    draw_with_mouse(ada, "#tel-ink", [(0.1, 0.9), (0.9, 0.9)])
    ada.wait_for_function("() => { const d = document.querySelector('#tel-board').getContext('2d').getImageData(0, 1050, 1600, 100).data; for (let i = 0; i < d.length; i += 4) if (d[i] < 250) return true; return false; }", polling=200)
    ada.click("#tel-submit-drawing")
    expect(ada.locator("#tel-board-box")).to_have_class(re.compile(r"\blocked\b"))

    # Handed in before the reload: still handed in, locked, with Change to take it back.
    ada.reload()
    expect(ada.locator("#tel-board-box")).to_have_class(re.compile(r"\blocked\b"))
    expect(ada.locator("#tel-unsubmit")).to_be_visible()
    expect(ada.locator("#tel-tools")).to_be_hidden()
    assert has_ink(ada, "#tel-board")
    expect(bob.locator("#players li.guessed")).to_have_count(1)
    ada.click("#tel-unsubmit")
    expect(ada.locator("#tel-tools")).to_be_visible()
    expect(bob.locator("#players li.guessed")).to_have_count(0)


def test_telephone_speaks_german_and_french(open_player):
    anna = open_player("Anna", locale="de-DE")
    expect(anna.locator('label:has(input[value="telephone"])')).to_contain_text("Stille Post")
    expect(anna.locator("#play-mode option[value=telephone]")).to_have_text("Stille Post")
    create_telephone(anna, steps=2, start="words")
    expect(anna.locator("#tel-title")).to_have_text("Stille Post")
    expect(anna.locator("#tel-how")).to_contain_text("Jeder bekommt ein Wort zum Zeichnen")
    expect(anna.locator("#tel-lobby-note")).to_contain_text("mindestens 3 Spieler")
    luc, max_ = open_player("Luc", locale="fr-FR"), open_player("Max")
    players = [anna, luc, max_]
    seat(players)
    expect(luc.locator("#tel-lobby-note")).to_have_text("En attente du propriétaire…")
    anna.click("#tel-start")

    expect(anna.locator("#tel-title")).to_have_text("Zeichne das")
    expect(anna.locator("#tel-step")).to_contain_text("Schritt 1/2")
    expect(luc.locator("#tel-title")).to_have_text("Dessine ceci")
    expect(luc.locator("#tel-submit-drawing")).to_have_text("Terminé")
    draw_step(players)
    expect(anna.locator("#tel-title")).to_have_text("Was ist auf der Zeichnung? Beschreib es")
    expect(luc.locator("#tel-title")).to_have_text("Que montre ce dessin ? Décris-le")
    write_step(players, ["Berge", "des montagnes", "mountains"])

    expect(anna.locator("#tel-next")).to_have_text("Weiter")
    for shown in range(1, 7):
        anna.click("#tel-next")
        expect(luc.locator("#tel-chains .tel-entry")).to_have_count(shown)
    expect(anna.locator(".tel-chain h3").first).to_have_text("Kette von Anna")
    expect(luc.locator(".tel-chain h3").first).to_have_text("La chaîne de Anna")
    # A chain from the word list starts with its word, shown with the first drawing.
    expect(anna.locator(".tel-chain").first).to_contain_text("Das Wort war „")
    expect(luc.locator(".tel-entry").nth(1)).to_contain_text("Luc l'a décrit ainsi")
    anna.click("#tel-next")
    expect(anna.locator("#tel-over h3")).to_have_text("Alle Ketten gezeigt")
    expect(luc.locator("#tel-again-note")).to_have_text("Le propriétaire peut lancer une nouvelle partie.")
    # Another language from the header: the chains are told again in it.
    luc.select_option("#lang", "de")
    expect(luc.locator(".tel-chain h3").first).to_have_text("Kette von Anna")
    expect(luc.locator("#tel-chains .tel-entry")).to_have_count(6)


def test_quick_play_seats_players_in_a_telephone_room_that_starts_on_its_own(open_player):
    quin, rae, sol = (open_player(name) for name in ("Quin", "Rae", "Sol"))
    for page in (quin, rae, sol):
        page.select_option("#play-mode", "telephone")
        page.click("#play")
        expect(page.locator("#tel-lobby")).to_be_visible()
    code = quin.inner_text("#code")
    for page in (rae, sol):
        expect(page.locator("#code")).to_have_text(code)
    # Nobody owns a quick-play room: no start button, a countdown instead.
    expect(quin.locator("#tel-start")).to_be_hidden()
    expect(quin.locator("#tel-lobby-note")).to_have_text(re.compile(r"^Game starts in \d+ s$"), timeout=10_000)
    # The front page's open rooms name the game.
    visitor = open_player("Vic")
    row = visitor.locator(f'#room-list li[data-code="{code}"]')
    expect(row.locator(".room-mode")).to_have_text("Telephone", timeout=10_000)
    # The game starts by itself, with the first task.
    expect(sol.locator("#tel-title")).to_have_text("Write a sentence for someone to draw", timeout=20_000)
    expect(sol.locator("#tel-text")).to_be_visible()
