"""Faces (PROTOCOL.md rev 5, "Avatars"): the first screen edits a face beside the name, right
above Play; the page sends it with hello and, changed later, with a rename; the other players
see it in their player list. On the review's desktop and on a phone, each seen by the other."""

import re

from playwright.sync_api import expect

from helpers import assert_in_viewport, create_room, horizontal_overflow, join_room, player_id


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
