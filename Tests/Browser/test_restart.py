"""A server restarted in the middle of a turn (PROTOCOL.md rev 5, "Rooms outlive their server"):
the pages say "Server restarting…" rather than an error, reconnect on their own to the same
address, and the game goes on where it was. The test runs a doodle-server of its own
(DOODLE_SERVER_BIN), on a port it keeps across the restart, with a scratch database."""

import os
import re
import signal
import socket
import subprocess
import tempfile
import time

import pytest
from playwright.sync_api import expect

from helpers import create_room, draw_with_mouse, has_ink, join_room, start_turn

SERVER_BIN = os.environ.get("DOODLE_SERVER_BIN")


class OwnServer:
    """One doodle-server on a fixed port of 127.0.0.1 and one SQLite file, started and
    stopped by the test."""

    def __init__(self, folder):
        with socket.socket() as probe:
            probe.bind(("127.0.0.1", 0))
            self.port = probe.getsockname()[1]
        self.database = os.path.join(folder, "doodle.sqlite")
        self.log_path = os.path.join(folder, "server.log")
        self.process = None

    @property
    def base(self):
        return f"http://127.0.0.1:{self.port}"

    def start(self):
        log = open(self.log_path, "a")
        self.process = subprocess.Popen(
            [SERVER_BIN, "--host", "127.0.0.1", "--port", str(self.port), "--database", self.database, "--log-level", "info"],
            stdout=log, stderr=subprocess.STDOUT)
        deadline = time.monotonic() + 30
        while time.monotonic() < deadline:
            with open(self.log_path) as text:
                if f"listening on 127.0.0.1:{self.port}" in text.read():
                    return
            assert self.process.poll() is None, f"doodle-server stopped at start-up:\n{self.log()}"
            time.sleep(0.1)
        raise AssertionError(f"doodle-server did not listen within 30 s:\n{self.log()}")

    def stop(self):
        """SIGTERM, as systemd or an operator's Ctrl-C stops it; waits until it has exited."""
        if self.process and self.process.poll() is None:
            self.process.send_signal(signal.SIGTERM)
            assert self.process.wait(timeout=30) == 0, f"doodle-server did not stop cleanly:\n{self.log()}"

    def log(self):
        with open(self.log_path) as text:
            return text.read()[-4000:]


@pytest.fixture
def own_server():
    if not SERVER_BIN:
        pytest.fail("DOODLE_SERVER_BIN is not set: run these tests with .ci/browser, which builds the server")
    with tempfile.TemporaryDirectory() as folder:
        server = OwnServer(folder)
        server.start()
        yield server
        server.stop()


def test_a_restart_mid_turn_says_server_restarting_and_the_turn_goes_on(open_player, own_server):
    ada = open_player("Ada", base=own_server.base)
    bob = open_player("Bob", base=own_server.base, phone=True)
    code = create_room(ada, rounds=1)
    join_room(bob, code)
    expect(ada.locator("#players li")).to_have_count(2)
    ada.click("#start")
    drawer, word = start_turn([ada, bob])
    guesser = bob if drawer is ada else ada
    draw_with_mouse(drawer, "#ink")
    guesser.wait_for_function(
        """() => { const c = document.querySelector("#board"), d = c.getContext("2d").getImageData(0, 0, c.width, c.height).data;
                   for (let i = 0; i < d.length; i += 4) if (d[i] < 250) return true; return false; }""",
        polling=200)
    hint = guesser.inner_text("#hint")

    own_server.stop()
    for page in (ada, bob):
        expect(page.locator("#conn")).to_have_attribute("data-state", "restarting")
        expect(page.locator("#conn-text")).to_have_text("Server restarting…")
        # A restart is no error: nothing the player has to dismiss.
        expect(page.locator("#toast")).to_be_hidden()

    own_server.start()
    for page in (ada, bob):
        expect(page.locator("#conn")).to_have_attribute("data-state", "online", timeout=20_000)
        expect(page.locator("#code")).to_have_text(code)
    # The same turn: the drawer still has its tools and its word, the guesser the same hint and
    # the drawing so far, redrawn from the restored room.
    expect(drawer.locator("#tools")).to_be_visible()
    expect(drawer.locator("#hint")).to_have_text(word)
    expect(guesser.locator("#hint")).to_have_text(hint)
    assert has_ink(guesser, "#board"), "the canvas came back with the room"
    guesser.fill("#guess", word)
    guesser.press("#guess", "Enter")
    expect(guesser.locator("#log")).to_contain_text(f"You got it: {word}")
