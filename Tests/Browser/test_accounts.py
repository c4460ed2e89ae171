"""Accounts and devices in the browser (PROTOCOL.md, "Accounts and devices (rev 4)"): the
"Keep my drawings" dialog registers the player on the page, and signing in with that email on
another browser makes that browser the same player; weak passwords, taken emails and wrong
passwords are told in the form and lose nothing typed; a link code made on one device turns a
page opened at `/#link=CODE` into the same player; "My devices" lists both devices, and signing
one out closes its connection and leaves it a new player that says what happened; only the
OpenID Connect providers the server lists get a button (.ci/browser starts it with Google)."""

import re
import uuid

from playwright.sync_api import expect

from helpers import horizontal_overflow

# Long enough, and in no list of common passwords.
PASSWORD = "violet kite over 7 harbours"
REPLACED = "You are playing in another tab or on another device; this one stopped."
# Registering and signing in run bcrypt at the production cost (12), slow on a busy machine.
SIGN_IN_MS = 15_000


def unique_email(who):
    return f"{who}-{uuid.uuid4().hex[:12]}@example.com"


def open_account(page):
    page.click("#account-open")
    expect(page.locator("#account")).to_be_visible()


def player_id_of(page):
    """The playerId the server gives the page's token (GET /v1/me), once the page is online."""
    expect(page.locator("#conn")).to_have_attribute("data-state", "online")
    return page.evaluate(
        """async () => {
            const answer = await fetch("/v1/me", { headers: { Authorization: `Bearer ${localStorage.getItem("doodle.token")}` } });
            return answer.ok ? (await answer.json()).playerId : `HTTP ${answer.status}`;
        }"""
    )


def register(page, email, password):
    page.fill("#register-email", email)
    page.fill("#register-password", password)
    page.click("#register-button")


def log_in(page, email, password):
    page.fill("#login-email", email)
    page.fill("#login-password", password)
    page.click("#login-button")


def make_link_code(page):
    """Makes a link code in the open account dialog; returns it."""
    page.click("#link-make")
    code = page.locator("#link-code")
    expect(code).to_have_text(re.compile(r"^[A-Z0-9]{4}-[A-Z0-9]{4}$"))
    return code.inner_text()


def test_registering_keeps_the_player_and_signing_in_elsewhere_becomes_it(open_player):
    ada = open_player("Ada")
    ada_id = player_id_of(ada)
    email = unique_email("ada")
    open_account(ada)
    expect(ada.locator("#account-who")).to_contain_text("You play as Ada on this device only")
    expect(ada.locator("#account-identities")).to_be_hidden()

    register(ada, email, PASSWORD)
    expect(ada.locator("#account-status")).to_have_text("Done: Ada can sign in with it on any device now.", timeout=SIGN_IN_MS)
    expect(ada.locator("#account-identities li")).to_have_text([f"Email: {email}"])
    expect(ada.locator("#account-who")).to_have_text("You play as Ada. Ada signs in with:")
    # Registered once, the form gives way; the page is still Ada, on one device.
    expect(ada.locator("#register-section")).to_be_hidden()
    expect(ada.locator("#device-list li")).to_have_count(1)
    ada.click("#account-close")
    expect(ada.locator("#me-name")).to_have_text("Ada")
    assert player_id_of(ada) == ada_id, "registering should keep the player on the page"

    other = open_player("Someone")
    assert player_id_of(other) != ada_id
    open_account(other)
    # Signing in leaves this page's own player behind, and the form says so first.
    expect(other.locator("#login-note")).to_contain_text("Someone has no account")
    log_in(other, email, PASSWORD)
    expect(other.locator("#notice-text")).to_have_text("Signed in: this page plays as Ada now.", timeout=SIGN_IN_MS)
    expect(other.locator("#me-name")).to_have_text("Ada")
    assert player_id_of(other) == ada_id, "signing in with Ada's email should make this page Ada"
    open_account(other)
    expect(other.locator("#account-identities li")).to_have_text([f"Email: {email}"])
    expect(other.locator("#device-list li")).to_have_count(2)

    # A player is connected once: the first page was replaced, and offers to play there again.
    expect(ada.locator("#notice-text")).to_have_text(REPLACED)
    expect(ada.locator("#conn")).to_have_attribute("data-state", "offline")
    ada.click("#notice-act")
    expect(ada.locator("#conn")).to_have_attribute("data-state", "online")
    expect(ada.locator("#notice")).to_be_hidden()
    expect(other.locator("#notice-text")).to_have_text(REPLACED)


def test_weak_passwords_taken_emails_and_wrong_passwords_are_told_and_lose_nothing(open_player):
    ada = open_player("Ada")
    email = unique_email("taken")
    open_account(ada)
    expect(ada.locator("#register-error")).to_have_attribute("role", "alert")
    # A password from the list of common ones, long enough for the form.
    register(ada, email, "password123")
    expect(ada.locator("#register-error")).to_have_text(
        "That password is too easy to guess: use 10 to 128 characters that are not a common password.", timeout=SIGN_IN_MS)
    expect(ada.locator("#register-email")).to_have_value(email)
    expect(ada.locator("#register-password")).to_have_value("password123")
    expect(ada.locator("#account-identities")).to_be_hidden()
    register(ada, email, PASSWORD)
    expect(ada.locator("#account-identities li")).to_have_text([f"Email: {email}"], timeout=SIGN_IN_MS)
    expect(ada.locator("#register-error")).to_have_text("")

    bob = open_player("Bob")
    bob_id = player_id_of(bob)
    open_account(bob)
    register(bob, email, "amber otter sings 1984 twice")
    expect(bob.locator("#register-error")).to_contain_text("This email is already registered.", timeout=SIGN_IN_MS)
    expect(bob.locator("#register-email")).to_have_value(email)
    log_in(bob, email, "not Ada's password at all")
    expect(bob.locator("#login-error")).to_have_text("Wrong email or password.", timeout=SIGN_IN_MS)
    expect(bob.locator("#login-password")).to_have_value("not Ada's password at all")
    # Nothing switched: the page is still Bob.
    expect(bob.locator("#me-name")).to_have_text("Bob")
    assert player_id_of(bob) == bob_id


def test_a_link_code_turns_a_new_phone_into_the_same_player(open_player):
    ada = open_player("Ada")
    ada_id = player_id_of(ada)
    open_account(ada)
    code = make_link_code(ada)
    expect(ada.locator("#link-qr")).to_be_visible()
    expect(ada.locator("#link-qr")).to_have_attribute("src", re.compile(r"^data:image/svg\+xml"))
    expect(ada.locator("#link-qr")).to_have_attribute("alt", re.compile(code))
    expect(ada.locator("#link-expiry")).to_contain_text("Good for one use until")
    assert ada.input_value("#link-url").endswith(f"#link={code}")

    # A first visit to the link: no name typed, the page becomes Ada.
    phone = open_player("Ada's phone", path=f"/#link={code}", phone=True, named=False)
    expect(phone.locator("#notice-text")).to_have_text("Signed in: this page plays as Ada now.")
    expect(phone.locator("#me-name")).to_have_text("Ada")
    assert player_id_of(phone) == ada_id
    assert "#" not in phone.url, f"the code should leave the address, it is {phone.url}"
    # The account dialog fits the phone.
    open_account(phone)
    assert horizontal_overflow(phone) <= 0, "the account dialog overflows the phone sideways"
    box = phone.locator("#account").bounding_box()
    assert box["x"] >= 0 and box["x"] + box["width"] <= 390, f"the account dialog at {box} does not fit a 390 px phone"

    # A code is used once: typed on a third page, it is refused and that page stays itself.
    cy = open_player("Cy")
    cy_id = player_id_of(cy)
    open_account(cy)
    cy.fill("#link-input", code.lower().replace("-", " "))
    cy.click("#link-form-button")
    expect(cy.locator("#link-form-error")).to_have_text("This code is unknown, used or expired: make a new one on your other device.")
    expect(cy.locator("#me-name")).to_have_text("Cy")
    assert player_id_of(cy) == cy_id


def test_my_devices_lists_both_and_signing_one_out_leaves_it_a_new_player(open_player):
    ada = open_player("Ada")
    ada_id = player_id_of(ada)
    open_account(ada)
    code = make_link_code(ada)
    phone = open_player("Ada's phone", path=f"/#link={code}", phone=True, named=False)
    expect(phone.locator("#me-name")).to_have_text("Ada")
    assert player_id_of(phone) == ada_id

    # The phone took over Ada's connection; the list is read over HTTP all the same.
    expect(ada.locator("#notice-text")).to_have_text(REPLACED)
    ada.click("#devices-refresh")
    rows = ada.locator("#device-list li")
    expect(rows).to_have_count(2)
    here = ada.locator("#device-list li.current")
    expect(here).to_have_count(1)
    expect(here.locator(".badge")).to_have_text("this device")
    expect(here.locator("button")).to_have_count(0)
    there = ada.locator("#device-list li:not(.current)")
    expect(there).to_contain_text("last seen")
    # Two browsers of one kind share a label: each row also says when it was signed in.
    for row in rows.all():
        expect(row.locator(".since")).to_have_text(re.compile(r"^signed in on .*\d"))
    phone_device = there.get_attribute("data-device-id")

    # The phone's own list marks the phone as its device.
    open_account(phone)
    expect(phone.locator("#device-list li")).to_have_count(2)
    expect(phone.locator("#device-list li.current")).to_have_attribute("data-device-id", phone_device)
    phone.click("#account-close")

    sign_out = there.locator("button")
    expect(sign_out).to_have_text("Sign out")
    expect(sign_out).to_have_attribute("aria-label", re.compile(r"^Sign out .+, last seen "))
    sign_out.click()
    expect(ada.locator("#devices-status")).to_contain_text("is signed out.")
    expect(rows).to_have_count(1)
    expect(ada.locator("#device-list li.current")).to_have_count(1)

    # The phone's connection closed; it says why and plays on as a new player under its name.
    expect(phone.locator("#notice-text")).to_contain_text("This device was signed out from another of your devices")
    expect(phone.locator("#me-name")).to_have_text("Ada")
    new_id = player_id_of(phone)
    assert new_id != ada_id and new_id.startswith("p_"), f"the signed-out phone should be a new player, is {new_id}"
    # Ada's page can take the connection back.
    ada.click("#account-close")
    ada.click("#notice-act")
    expect(ada.locator("#conn")).to_have_attribute("data-state", "online")
    assert player_id_of(ada) == ada_id


def test_only_the_providers_the_server_lists_get_a_button(open_player):
    page = open_player("Ada")
    listed = page.evaluate("() => fetch('/v1/auth/providers').then((answer) => answer.json())")
    assert [p["name"] for p in listed["providers"]] == ["google"], f"the server should offer Google alone, offers {listed}"
    # The dialog opens and closes from the keyboard, and the focus comes back to its button.
    page.focus("#account-open")
    page.keyboard.press("Enter")
    expect(page.locator("#account")).to_be_visible()
    expect(page.locator("#oidc-google")).to_be_visible()
    expect(page.locator("#oidc-google")).to_have_text("Continue with Google")
    expect(page.locator("#oidc-apple")).to_be_hidden()
    # Google's script is loaded only when its button is pressed.
    assert page.locator("script[src*='accounts.google.com']").count() == 0
    expect(page.get_by_label("Email").first).to_be_visible()
    page.keyboard.press("Escape")
    expect(page.locator("#account")).to_be_hidden()
    expect(page.locator("#account-open")).to_be_focused()
