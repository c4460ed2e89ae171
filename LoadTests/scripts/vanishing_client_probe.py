"""Measures how a doodle-server notices a client that vanishes without FIN or RST.

vanishing-client.sh runs it twice: as Bob, in a network namespace whose only link to the
server's namespace is a veth pair, and as Ada, beside the server. Both sit in one room; then
Ada takes Bob's end of the link down, so his packets are dropped as if his phone had lost its
network. Ada measures how long until the room marks Bob disconnected (playerConnection
connected:false) and until his seat is released (playerLeft), and checks that the room still
answers her. Prints one line per figure and exits non-zero if a bound is missed.

Usage: probe.py ada HOST PORT IDLE GRACE CODEFILE LINK-COMMAND... | probe.py bob HOST PORT CODEFILE
"""
import asyncio
import json
import subprocess
import sys
import time

import websockets

ROLE, HOST, PORT = sys.argv[1], sys.argv[2], int(sys.argv[3])
URL = f"ws://{HOST}:{PORT}/v1/ws"


async def hello(socket, name):
    await socket.send(json.dumps({"type": "hello", "protocol": 1, "name": name}))
    welcome = json.loads(await socket.recv())
    assert welcome["type"] == "welcome", welcome
    return welcome["playerId"]


async def wait_for(socket, predicate, timeout):
    deadline = time.monotonic() + timeout
    while True:
        remaining = deadline - time.monotonic()
        if remaining <= 0:
            return None
        try:
            message = json.loads(await asyncio.wait_for(socket.recv(), remaining))
        except asyncio.TimeoutError:
            return None
        if predicate(message):
            return message


async def bob(code_file):
    """Joins Ada's room and then just stays, answering pings, until his link goes down."""
    while True:
        try:
            code = open(code_file).read().strip()
            if code:
                break
        except FileNotFoundError:
            pass
        await asyncio.sleep(0.05)
    try:
        async with websockets.connect(URL, ping_interval=None) as socket:
            await hello(socket, "Bob")
            await socket.send(json.dumps({"type": "joinRoom", "code": code}))
            while True:
                await socket.recv()
    except websockets.exceptions.ConnectionClosed:
        return 0  # the expected end: the server gave up on him


async def ada(idle_timeout, reconnect_grace, code_file, take_link_down):
    async with websockets.connect(URL, ping_interval=None) as socket:
        ada_id = await hello(socket, "Ada")
        await socket.send(json.dumps({"type": "createRoom", "settings": {}}))
        state = await wait_for(socket, lambda m: m["type"] == "roomState", 5)
        with open(code_file, "w") as handle:
            handle.write(state["code"])
        joined = await wait_for(socket, lambda m: m["type"] == "playerJoined", 10)
        if not joined:
            print("FAIL: Bob never joined")
            return 1
        bob_id = joined["player"]["id"]

        subprocess.run(take_link_down, check=True)
        vanished = time.monotonic()
        print(f"Bob's link taken down; idle timeout {idle_timeout:.0f} s, reconnect grace {reconnect_grace:.0f} s")

        bound = idle_timeout + 15
        disconnected = await wait_for(
            socket, lambda m: m["type"] == "playerConnection" and m["playerId"] == bob_id and not m["connected"], bound)
        if not disconnected:
            print(f"FAIL: Bob was not marked disconnected within {bound:.0f} s")
            return 1
        seen_disconnected = time.monotonic() - vanished
        print(f"marked disconnected after {seen_disconnected:.1f} s")

        left = await wait_for(socket, lambda m: m["type"] == "playerLeft" and m["playerId"] == bob_id, reconnect_grace + 5)
        if not left:
            print("FAIL: Bob's seat was not released within the grace period")
            return 1
        print(f"seat released after {time.monotonic() - vanished:.1f} s (reason {left['reason']})")

        asked = time.monotonic()
        await socket.send(json.dumps({"type": "sync"}))
        fresh = await wait_for(socket, lambda m: m["type"] == "roomState", 5)
        if not fresh or [p["id"] for p in fresh["players"]] != [ada_id]:
            print(f"FAIL: the room did not answer Ada properly afterwards: {fresh}")
            return 1
        print(f"the room answers Ada in {(time.monotonic() - asked) * 1000:.1f} ms, with Ada alone seated")
        # The idle check runs every second; the server's close then waits at most a second.
        limit = idle_timeout + 1 + 1 + 0.5
        if seen_disconnected > limit:
            print(f"FAIL: noticed after {seen_disconnected:.1f} s, more than {limit:.0f} s")
            return 1
        print("PASS")
        return 0


if ROLE == "bob":
    sys.exit(asyncio.run(bob(sys.argv[4])))
sys.exit(asyncio.run(ada(float(sys.argv[4]), float(sys.argv[5]), sys.argv[6], sys.argv[7:])))
