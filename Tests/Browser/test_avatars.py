"""Faces (PROTOCOL.md rev 5, "Avatars"): the first screen edits a face beside the name, right
above Play; the page sends it with hello and, changed later, with a rename; the other players
see it in their player list. On the review's desktop and on a phone, each seen by the other.
A finished drawing shows its drawer's face (GET /v1/drawings/{id}'s drawerAvatar) beside the
drawer's name in the gallery's viewer and on its share page, and none once the drawer is gone."""

import re

from playwright.sync_api import expect

from conftest import BASE_URL, name_player
from helpers import assert_in_viewport, create_room, finish_turn, horizontal_overflow, join_room, player_id, start_turn


def face_in_list(page, player):
    return page.locator(f"#players li[data-player-id='{player}'] svg.avatar")


def choose_face(page, color, eyes, mouth):
    """Picks the colour's swatch and cycles eyes and mouth to the given variants."""
    page.click(f"#avatar-colors [data-color='{color}']")
    preview = page.locator("#avatar-preview svg")
    for part, wanted in (("eyes", eyes), ("mouth", mouth)):
        for _ in range(8):
            if preview.get_attribute(f"data-{part}") == str(wanted):
                break
            page.click(f"#avatar-{part}")
        expect(preview).to_have_attribute(f"data-{part}", str(wanted))
    expect(preview).to_have_attribute("data-color", color)


def test_a_face_chosen_beside_the_name_shows_in_the_other_players_list(open_player):
    for phone, color, eyes, mouth in ((False, "#4aa8f0", 3, 6), (True, "#f07ac0", 6, 1)):
        who = "phone" if phone else "desktop"
        ada = open_player("Ada", phone=phone, named=False)
        # The face and the name sit right above Play, all in view without scrolling.
        for selector in ("#avatar-preview", "#avatar-colors", "#name", "#welcome-go"):
            assert_in_viewport(ada, selector, f"on the {who} first screen")
        name_box, play_box = ada.locator("#name").bounding_box(), ada.locator("#welcome-go").bounding_box()
        assert 0 < play_box["y"] - name_box["y"] < 120, f"the name field should sit right above Play on the {who}"
        choose_face(ada, color, eyes, mouth)
        assert horizontal_overflow(ada) <= 0, f"the first screen overflows sideways on the {who}"
        ada.fill("#name", "Ada")
        ada.click("#name-form button")
        expect(ada.locator("#conn")).to_have_attribute("data-state", "online")
        expect(ada.locator("#me-face svg")).to_have_attribute("data-color", color)
        code = create_room(ada)
        ada_id = player_id(ada)

        bob = open_player("Bob", phone=not phone)
        join_room(bob, code)
        face = face_in_list(bob, ada_id)
        expect(face).to_have_attribute("data-color", color)
        expect(face).to_have_attribute("data-eyes", str(eyes))
        expect(face).to_have_attribute("data-mouth", str(mouth))
        # Bob did not touch the editor: his first visit got a face at random, and Ada sees it too.
        bob_id = player_id(bob)
        expect(face_in_list(bob, bob_id)).to_have_attribute("data-color", re.compile(r"^#[0-9a-f]{6}$"))
        expect(face_in_list(ada, bob_id)).to_have_attribute("data-color", face_in_list(bob, bob_id).get_attribute("data-color"))

        # A new colour later goes out with the rename, and Bob's list follows.
        ada.click("#rename")
        ada.click("#avatar-colors [data-color='#8bd346']")
        ada.click("#name-form button")
        expect(face_in_list(bob, ada_id)).to_have_attribute("data-color", "#8bd346")
        # The choice is remembered on the device.
        ada.reload()
        expect(ada.locator("#me-face svg")).to_have_attribute("data-color", "#8bd346")
        expect(face_in_list(ada, ada_id)).to_have_attribute("data-color", "#8bd346")


def expect_face(face, avatar, where):
    color, eyes, mouth = avatar
    expect(face, f"the drawer's face {where}").to_have_attribute("data-color", color)
    expect(face).to_have_attribute("data-eyes", str(eyes))
    expect(face).to_have_attribute("data-mouth", str(mouth))


def test_a_drawing_shows_its_drawers_face_in_the_viewer_and_on_its_share_page(open_player):
    chosen = {"Ada": ("#3ec1a0", 2, 5), "Bob": ("#f5a623", 7, 4)}
    ada, bob = open_player("Ada", named=False), open_player("Bob", phone=True, named=False)
    for page, name in ((ada, "Ada"), (bob, "Bob")):
        choose_face(page, *chosen[name])
        name_player(page, name)
    join_room(bob, create_room(ada))
    ada.click("#start")
    for _ in range(2):
        drawer, word = start_turn([ada, bob])
        finish_turn(drawer, word, [ada if drawer is bob else bob])

    # The game's gallery, on the desktop and on the phone: each drawing's viewer puts its
    # drawer's face before "by NAME".
    drawings = {}
    for page, who in ((ada, "desktop"), (bob, "phone")):
        tiles = page.locator("#game-gallery .tile")
        expect(tiles).to_have_count(2, timeout=20_000)
        for n in range(2):
            tile = tiles.nth(n)
            by = tile.locator(".tile-detail").inner_text()
            name = by.removeprefix("by ")
            drawings[tile.get_attribute("data-drawing-id")] = name
            tile.click()
            expect(page.locator("#viewer-detail")).to_have_text(by)
            expect_face(page.locator("#viewer-detail svg.avatar"), chosen[name], f"in the {who}'s viewer")
            assert_in_viewport(page, "#viewer-detail svg.avatar", f"in the {who}'s viewer")
            page.click("#viewer-close")
    assert sorted(drawings.values()) == ["Ada", "Bob"], f"each player drew once: {drawings}"

    # The share pages, at both sizes: the face stands beside the drawer's name.
    for page, who in ((ada, "desktop"), (bob, "phone")):
        for drawing, name in drawings.items():
            shared = page.context.new_page()
            shared.goto(f"{BASE_URL}/d/{drawing}")
            expect(shared.locator(".share-drawer")).to_have_text(name)
            expect_face(shared.locator(".share-drawer #share-drawer-face"), chosen[name], f"on the {who}'s share page")
            assert_in_viewport(shared, "#share-drawer-face", f"on the {who}'s share page")
            assert horizontal_overflow(shared) <= 0, f"the share page overflows sideways on the {who}"
            shared.close()

    # A drawer who deleted itself has no face (drawerAvatar null): the name stands alone.
    shared = bob.context.new_page()
    drawing = next(iter(drawings))

    def without_face(route):
        answer = route.fetch()
        route.fulfill(response=answer, json={**answer.json(), "drawerAvatar": None})

    shared.route(f"**/v1/drawings/{drawing}", without_face)
    shared.goto(f"{BASE_URL}/d/{drawing}")
    expect(shared.locator("#share-canvas")).to_have_attribute("data-replay", "done", timeout=15_000)
    expect(shared.locator("svg.avatar")).to_have_count(0)
    shared.close()
