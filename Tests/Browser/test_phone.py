"""The party views and the switch to pair mode on a 390×844 touch screen: nothing overflows
sideways and the board takes the phone's width. (Drawing with a finger is in test_pair.py.)"""

from playwright.sync_api import expect

from helpers import horizontal_overflow


def test_the_party_views_fit_a_phone(open_player):
    phone = open_player("Ada", phone=True)
    assert horizontal_overflow(phone) <= 0, "the lobby overflows sideways"
    phone.fill("#set-rounds", "1")
    phone.click("#create-form button")
    expect(phone.locator("#code")).to_be_visible()
    assert horizontal_overflow(phone) <= 0, "the room overflows sideways"
    board = phone.locator("#board-box").bounding_box()
    assert board["width"] <= 390 and board["width"] >= 300, f"the board should fill the phone's width, is {board['width']} px"
    phone.click("#tab-pair")
    expect(phone.locator("#pair-code")).to_be_visible()
    assert horizontal_overflow(phone) <= 0, "the pair view overflows sideways"
    phone.click("#tab-party")
    expect(phone.locator("#lobby")).to_be_visible()
