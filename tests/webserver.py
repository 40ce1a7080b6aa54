"""A players' view server on a free port in a thread, for the web tests."""

from __future__ import annotations

import socket
import threading
import time
from contextlib import contextmanager

import uvicorn

from tracker.web.app import create_app


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


@contextmanager
def running(saves, name: str, code: str | None = None):
    """Yields the base address; the server stops when the block ends."""
    port = free_port()
    server = uvicorn.Server(uvicorn.Config(create_app(saves, name, code), host="127.0.0.1",
                                           port=port, log_level="warning",
                                           timeout_graceful_shutdown=1))
    thread = threading.Thread(target=server.run, daemon=True)
    thread.start()
    deadline = time.monotonic() + 10
    while not server.started:
        if time.monotonic() > deadline or not thread.is_alive():
            raise RuntimeError("the players' view server did not start")
        time.sleep(0.02)
    try:
        yield f"http://127.0.0.1:{port}"
    finally:
        server.should_exit = True
        thread.join(10)
