"""Fixtures for the browser client's tests: headless Chromium (Debian's, driven by Playwright)
against a doodle-server that .ci/browser started. DOODLE_BASE_URL says where it listens."""

import os

import pytest
from playwright.sync_api import expect, sync_playwright

from helpers import DESKTOP, PHONE

BASE_URL = os.environ.get("DOODLE_BASE_URL")
CHROMIUM = os.environ.get("DOODLE_CHROMIUM", "/usr/bin/chromium")
ADMIN_TOKEN = os.environ.get("DOODLE_ADMIN_TOKEN")


def pytest_configure(config):
    if not BASE_URL:
        raise pytest.UsageError("DOODLE_BASE_URL is not set: run these tests with .ci/browser, which starts the server")


@pytest.fixture(scope="session")
def browser():
    with sync_playwright() as playwright:
        browser = playwright.chromium.launch(executable_path=CHROMIUM)
        yield browser
        browser.close()


def name_player(page, name):
    """Types a name into the header and waits until the server welcomed the player by it."""
    page.fill("#name", name)
    page.click("#name-form button")
    expect(page.locator("#conn")).to_have_attribute("data-state", "online")
    expect(page.locator("#me-name")).to_have_text(name)


@pytest.fixture
def open_player(browser):
    """Opens the page in a fresh browser context (its own localStorage, so its own player) at
    the desktop size of the outside review (1280×800) or on a phone, in the browser language
    `locale` (Playwright's default when None), from the server at `base` (else the one
    .ci/browser started). With `named`, names the player and waits until
    the server welcomed it; without, leaves the page as a first visitor sees it. Uncaught page
    errors fail the test."""
    contexts, errors = [], []

    def open_player(name, path="/", phone=False, locale=None, named=True, base=None):
        options = {"viewport": DESKTOP}
        if phone:
            options = {"viewport": PHONE, "has_touch": True, "is_mobile": True, "device_scale_factor": 3}
        if locale:
            options["locale"] = locale
        context = browser.new_context(**options)
        contexts.append(context)
        page = context.new_page()
        page.on("pageerror", lambda error: errors.append(f"{name}: {error}"))
        page.on("dialog", lambda dialog: dialog.accept())
        page.goto((base or BASE_URL) + path)
        if named:
            name_player(page, name)
        return page

    yield open_player
    for context in contexts:
        context.close()
    assert errors == [], f"errors in the page: {errors}"


@pytest.fixture
def admin_token():
    """The token .ci/browser started the server with (--admin-token)."""
    if not ADMIN_TOKEN:
        pytest.fail("DOODLE_ADMIN_TOKEN is not set: run these tests with .ci/browser, which starts the server with an admin token")
    return ADMIN_TOKEN


@pytest.fixture
def open_admin(browser, admin_token):
    """Opens the operator page (/admin) in a fresh browser context (its own sessionStorage) and,
    with `signed_in`, types the server's token and waits for the desk. Its confirmations are
    accepted; uncaught page errors fail the test."""
    contexts, errors = [], []

    def open_admin(signed_in=True):
        context = browser.new_context(viewport=DESKTOP)
        contexts.append(context)
        page = context.new_page()
        page.on("pageerror", lambda error: errors.append(f"admin: {error}"))
        page.on("dialog", lambda dialog: dialog.accept())
        page.goto(BASE_URL + "/admin")
        if signed_in:
            page.fill("#token", admin_token)
            page.click("#token-form button")
            expect(page.locator("#desk")).to_be_visible()
        return page

    yield open_admin
    for context in contexts:
        context.close()
    assert errors == [], f"errors in the page: {errors}"
