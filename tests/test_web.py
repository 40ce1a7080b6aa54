"""The players' page (tracker/web): its routes, access code, escaping, live
stream, and that nothing a browser sends changes the campaign (issue 24)."""

from __future__ import annotations

import json
import os
import subprocess
import sys
import time
from html import unescape

import httpx
import pytest
from starlette.testclient import TestClient

from tracker.core import campaign as camp
from tracker.core import party
from tracker.demo import build
from tracker.web.access import access_code, code_file, needs_code
from tracker.web.app import create_app

from webserver import running

ROUTES = ["/", "/events", "/page.css", "/page.js"]
METHODS = ["GET", "HEAD", "POST", "PUT", "PATCH", "DELETE", "OPTIONS", "TRACE", "CONNECT"]


@pytest.fixture
def demo(saves):
    c = build(saves, "demo", "dyb-og-drager", "encounter")
    c.close()
    return saves / "demo.campaign"


def fingerprint(path):
    return path.read_bytes(), os.stat(path).st_mtime_ns


def client(saves, code=None):
    return TestClient(create_app(saves, "demo", code))


def test_the_page_shows_the_party_time_and_the_public_log(saves, demo):
    with client(saves) as tc:
        r = tc.get("/")
    assert r.status_code == 200
    assert "Astrid" in r.text and "Day 1," in r.text and "Session 1" in r.text
    assert "Turn: explore" in r.text and "ENCOUNTER" not in r.text
    assert r.headers["content-security-policy"].startswith("default-src 'none'")
    assert "<script src=\"page.js\"" in r.text and "<script>" not in r.text


def test_a_code_is_needed_off_the_loopback_address(saves, demo):
    with client(saves, code="s3cret-code") as tc:
        none = tc.get("/")
        wrong = tc.get("/?code=nope")
        stream = tc.get("/events")
        right = tc.get("/?code=s3cret-code")
    for r in (none, wrong):
        assert r.status_code == 403
        assert "Astrid" not in r.text and "demo" not in r.text and "Day" not in r.text
    assert "needs the table's access code" in unescape(none.text)
    assert "not this table's" in unescape(wrong.text)
    assert stream.status_code == 403
    assert right.status_code == 200 and "Astrid" in right.text
    assert 'data-events="events?code=s3cret-code"' in right.text


def test_which_hosts_need_a_code():
    assert not needs_code("127.0.0.1") and not needs_code("localhost") and not needs_code("::1")
    assert needs_code("0.0.0.0") and needs_code("192.168.1.20") and needs_code("tablet.lan")


def test_the_code_is_kept_outside_the_campaign_and_rotates(saves, demo):
    before = fingerprint(demo)
    code = access_code(demo)
    assert len(code) >= 12 and access_code(demo) == code
    assert code_file(demo).parent != demo.parent and code.encode() not in demo.read_bytes()
    assert oct(code_file(demo).stat().st_mode)[-3:] == "600"
    new = access_code(demo, new=True)
    assert new != code and access_code(demo) == new
    assert fingerprint(demo) == before


def test_no_method_but_get_on_any_route_and_nothing_changes(saves, demo):
    before = fingerprint(demo)
    with client(saves) as tc:
        for route in ROUTES:
            for method in METHODS:
                if route == "/events" and method in ("GET", "HEAD"):
                    continue  # the live stream: tested below through a real server
                r = tc.request(method, route, content=b"x" * 100)
                if method in ("GET", "HEAD"):
                    assert r.status_code == 200, (method, route)
                else:
                    assert r.status_code == 405, (method, route, r.status_code)
        for probe in ["/../demo.campaign", "/%2e%2e/demo.campaign", "/demo.campaign",
                      "/saves/demo.campaign", "/page.css/../../demo.campaign",
                      "/static/../../etc/passwd", "//etc/passwd", "/events/../..",
                      "/?name=../other", "/" + "a" * 5000]:
            r = tc.get(probe)
            assert r.status_code in (200, 404), probe
            assert b"SQLite format" not in r.content
        r = tc.post("/", content=b"x" * (8 << 20))  # a huge request
        assert r.status_code == 405
    assert fingerprint(demo) == before
    # SQLite's own companions of a WAL file, as any reader makes them; nothing was logged
    assert {p.name for p in demo.parent.iterdir()} <= \
        {"demo.campaign", "demo.campaign-wal", "demo.campaign-shm"}
    wal = demo.with_name("demo.campaign-wal")
    assert not wal.exists() or wal.stat().st_size == 0


def test_a_huge_request_to_the_real_server_changes_nothing(saves, demo):
    before = fingerprint(demo)
    with running(saves, "demo") as base:
        r = httpx.get(base + "/", headers={"X-Big": "x" * 100_000})
        assert r.status_code in (400, 431) or r.status_code == 200 and "Astrid" in r.text
        r = httpx.post(base + "/", content=b"x" * (16 << 20))
        assert r.status_code == 405
        assert _raw_status(base, b"GET /?" + b"a=1&" * 250_000 + b" HTTP/1.1\r\n"
                           b"Host: x\r\n\r\n") in (b"400", b"414", b"431", b"")
    assert fingerprint(demo) == before


def _raw_status(base: str, request: bytes) -> bytes:
    """The status a raw request gets (b"": the server hung up on it)."""
    import socket

    host, port = base.removeprefix("http://").split(":")
    with socket.create_connection((host, int(port)), timeout=5) as s:
        try:
            s.sendall(request)
            return s.recv(64).split(b" ")[1]
        except (ConnectionResetError, BrokenPipeError, IndexError):
            return b""


def test_names_the_gm_typed_are_escaped(saves):
    c = build(saves, "demo", "dyb-og-drager", "fresh")
    c.dispatch(party.AddCharacter("<script>alert(1)</script>", None))
    c.dispatch(camp.AddNote("[b]bold[/b] <img src=x onerror=alert(2)> & \"quotes\""))
    c.close()
    with client(saves) as tc:
        text = tc.get("/").text
    assert "<script>alert(1)" not in text and "<img" not in text
    assert "&lt;script&gt;alert(1)&lt;/script&gt;" in text
    assert "&lt;img src=x onerror=alert(2)&gt; &amp; &quot;quotes&quot;" in text
    assert "[b]bold[/b]" in text


def test_only_the_named_campaign_is_served(saves, demo):
    other = build(saves, "other", "dolmenwood", "fresh")
    other.close()
    with client(saves) as tc:
        text = tc.get("/?campaign=other").text + tc.get("/other").text
    assert "Bramble" not in text


def read_events(base, until, timeout=5.0):
    """The stream's `view` messages, read until ``until(messages)`` holds."""
    got = []
    with httpx.stream("GET", base + "/events", timeout=timeout) as r:
        assert r.status_code == 200
        assert r.headers["content-type"].startswith("text/event-stream")
        for line in r.iter_lines():
            if line.startswith("data: "):
                got.append(json.loads(line[6:]))
                if until(got):
                    return got
    return got


def test_the_stream_sends_the_view_at_once_and_each_change_within_a_second(saves, demo):
    with running(saves, "demo") as base:
        first = read_events(base, lambda m: True)
        assert "Astrid" in first[0]["html"] and first[0]["seq"] > 1
        seq = first[0]["seq"]

        def act():
            time.sleep(0.3)
            subprocess.run([sys.executable, "-m", "tracker.cli", "--saves", str(saves), "do",
                            "demo", "damage", "Astrid", "1"], check=True, capture_output=True)
            return time.monotonic()

        import threading
        done = {}
        t = threading.Thread(target=lambda: done.setdefault("at", act()))
        t.start()
        msgs = read_events(base, lambda m: m[-1]["seq"] > seq)
        seen_at = time.monotonic()
        t.join()
        assert msgs[-1]["seq"] == seq + 1 and "Astrid took 1 damage" in msgs[-1]["html"]
        assert seen_at - done["at"] < 1.0
        again = read_events(base, lambda m: True)  # a browser back from a drop: all of it
        assert again[0]["seq"] == seq + 1 and "Astrid" in again[0]["html"]


def test_the_cli_serve_refuses_a_missing_campaign_and_a_bad_port(saves):
    r = subprocess.run([sys.executable, "-m", "tracker.cli", "--saves", str(saves), "serve",
                        "nope"], capture_output=True, text=True, timeout=30)
    assert r.returncode == 1 and "no campaign named 'nope'" in r.stderr
    r = subprocess.run([sys.executable, "-m", "tracker.cli", "--saves", str(saves), "serve",
                        "nope", "--port", "70000"], capture_output=True, text=True, timeout=30)
    assert r.returncode == 2 and "--port" in r.stderr
