"""The players' view keeps following the log for every browser whatever one
does: a client that never reads, or one that goes away mid-wait, must not
stop the others' updates (attack review: one stalled client froze the view
for every new one, until a restart)."""

from __future__ import annotations

import asyncio
import json
import socket
import time

import httpx
import pytest

from tracker.demo import build
from tracker.service import Campaign
from tracker.web import app as web

from webserver import running


@pytest.fixture
def demo(saves):
    c = build(saves, "demo", "dyb-og-drager", "encounter")
    c.close()
    return saves


def _first_view(base: str, timeout: float = 5.0) -> dict:
    with httpx.stream("GET", base + "/events", timeout=timeout) as r:
        for line in r.iter_lines():
            if line.startswith("data: "):
                return json.loads(line[6:])
    raise AssertionError("no view in the stream")


def _note(saves, text: str) -> int:
    c = Campaign.open(saves, "demo")
    try:
        from tracker.core.campaign import AddNote
        c.dispatch(AddNote(text))
        return c.seq
    finally:
        c.close()


def _stalled_client(port: int) -> socket.socket:
    """Asks for the stream and never reads it: its socket fills, and the
    server's send to it blocks."""
    s = socket.socket()
    s.setsockopt(socket.SOL_SOCKET, socket.SO_RCVBUF, 2048)
    s.connect(("127.0.0.1", port))
    s.sendall(b"GET /events HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n")
    return s


def test_a_stalled_and_a_vanished_client_do_not_hold_up_the_others(demo, monkeypatch):
    monkeypatch.setattr(web, "HEARTBEAT_SECONDS", 0.05)  # a heartbeat is always due
    with running(demo, "demo") as base:
        port = int(base.rsplit(":", 1)[1])
        stalled = _stalled_client(port)
        # one that goes away while the server waits for a change
        with httpx.stream("GET", base + "/events", timeout=5) as r:
            next(r.iter_lines())
        try:
            # big views, one after another, until the stalled client's socket is full
            for i in range(12):
                _note(demo, f"note {i} " + "the long road north " * 400)
                time.sleep(0.25)
            seq = _note(demo, "the last one")
            asked = time.monotonic()
            deadline = asked + 1.0
            while True:
                view = _first_view(base)
                if view["seq"] == seq or time.monotonic() > deadline + 2:
                    break
                time.sleep(0.05)
            assert view["seq"] == seq, f"a new client still sees #{view['seq']}, not #{seq}"
            assert time.monotonic() - asked < 1.0 + 0.5  # the promise is a second
        finally:
            stalled.close()


async def test_a_stream_holds_nothing_while_its_client_does_not_read(saves):
    """The stream as a consumer sees it: one stuck on a send (it never asks for
    the next message) and one cancelled mid-wait; a change still reaches a third."""
    c = build(saves, "demo", "dyb-og-drager", "encounter")
    c.close()
    watcher = web.Watcher(saves, "demo")
    try:
        await watcher.look()
        stuck = web._stream(watcher)
        await stuck.__anext__()  # the first view sent, the next message never asked for
        old = web.HEARTBEAT_SECONDS
        web.HEARTBEAT_SECONDS = 0.01
        try:
            beat = await stuck.__anext__()  # a heartbeat, and then its send "blocks"
            assert beat.startswith(":")
            cancelled = web._stream(watcher)
            await cancelled.__anext__()
            waiting = asyncio.ensure_future(cancelled.__anext__())
            await asyncio.sleep(0.005)
            waiting.cancel()
            await asyncio.gather(waiting, return_exceptions=True)
            reader = web._stream(watcher)
            await reader.__anext__()
            web.HEARTBEAT_SECONDS = 5
            nxt = asyncio.ensure_future(reader.__anext__())
            head = _note(saves, "a change")
            await asyncio.wait_for(watcher.look(), 1.0)  # never waits on the stuck stream
            got = await asyncio.wait_for(nxt, 1.0)
            assert json.loads(got.split("data: ", 1)[1])["seq"] == head
        finally:
            web.HEARTBEAT_SECONDS = old
    finally:
        watcher.close()
