"""The players' view server: a Starlette app with two routes for the table
(the page and its live stream) and two files (its style and script).

Read-only by construction: the campaign is opened through the service's
read-only reader (SQLite ``mode=ro``); every route is GET (HEAD) only, none
takes a body or a path, so nothing a browser sends reaches a file; and the
service's dispatch is never imported here. One watcher per server follows
the log head on a thread of its own and builds the view once per change,
however many browsers are open."""

from __future__ import annotations

import asyncio
import contextlib
import json
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

from starlette.applications import Starlette
from starlette.requests import Request
from starlette.responses import HTMLResponse, Response, StreamingResponse
from starlette.routing import Route

from .. import i18n
from ..i18n import _
from ..public import players_view
from ..service import open_reader
from . import page
from .access import code_matches

POLL_SECONDS = 0.2  # how often the log head is looked at: well within the 1 s promised
HEARTBEAT_SECONDS = 15  # a comment line, so proxies and phones keep the stream open

_HEADERS = {
    "Cache-Control": "no-store",
    "Referrer-Policy": "no-referrer",  # the code is in the address
    "X-Content-Type-Options": "nosniff",
    "X-Frame-Options": "DENY",
    "Content-Security-Policy": "default-src 'none'; style-src 'self'; script-src 'self'; "
                               "connect-src 'self'; base-uri 'none'; form-action 'none'; "
                               "frame-ancestors 'none'",
}


class Watcher:
    """The campaign's players' view, rebuilt when the log head moves. The
    reader lives on one thread: a SQLite connection belongs to its thread."""

    def __init__(self, saves: Path, name: str, lang: str | None = None):
        self.saves, self.name = saves, name
        self.asked = lang  # --lang; else the locale variables, then the campaign's own
        self.lang = i18n.choose(lang)  # the language of the last view built
        self.game = ""  # and the game (ruleset id) whose words it spoke
        self.words: dict[str, str] = {}  # the live line's, in that language
        self._pool = ThreadPoolExecutor(1, thread_name_prefix="players-view")
        self._reader = None
        self.head = 0
        self.view: dict | None = None
        self.html = ""
        self.message = ""  # the stream's message of the view, made once for every client
        self.version = 0
        # set, then replaced, on each change: a stream waits on the one it took
        # and holds no lock, so a client that stops reading (or vanishes while
        # waiting) cannot keep the view from moving on for the others
        self.changed = asyncio.Event()
        self.error = ""  # the last time the log could not be read, for the server's log

    def _look(self) -> tuple | None:
        """On the watcher's thread: the new view when the log moved, else None.
        Nothing of the watcher changes here: the loop takes it all at once."""
        if self._reader is None:
            self._reader = open_reader(self.saves, self.name)
        head = self._reader.head()
        if head == self.head and self.view is not None:
            return None
        # the campaign's language (docs/i18n.md), read again each time: the GM may change it
        state = self._reader.state_at(head)
        lang, game = i18n.choose(self.asked, state.language_in_force), i18n.game_of(state)
        with i18n.using(lang, game):  # this thread is not the server's context: say it here
            view = players_view(self.name, head, self._reader)
            html, words = page.main(view), page.live_words()
        return view, head, lang, game, html, words

    async def look(self) -> None:
        loop = asyncio.get_running_loop()
        found = await loop.run_in_executor(self._pool, self._look)
        if found is None:
            return
        self.view, self.head, self.lang, self.game, self.html, self.words = found
        self.message = _message(self)
        self.version += 1
        changed, self.changed = self.changed, asyncio.Event()
        changed.set()  # wakes every stream waiting; none of them can hold this up

    async def follow(self) -> None:
        while True:
            try:
                await self.look()
            except Exception as e:  # the GM's file mid-write or gone: try again
                self.error = str(e)
            await asyncio.sleep(POLL_SECONDS)

    def close(self) -> None:
        def shut():
            if self._reader is not None:
                self._reader.close()
        self._pool.submit(shut).result()
        self._pool.shutdown()


def create_app(saves: Path, name: str, code: str | None, lang: str | None = None) -> Starlette:
    """The server for campaign ``name`` only; ``code``: the access code the
    table must give (None: none, on the loopback address); ``lang``: the
    run's ``--lang`` (None: the locale variables, then the campaign's own)."""
    watcher = Watcher(saves, name, lang)

    @contextlib.asynccontextmanager
    async def lifespan(app):
        await watcher.look()  # a campaign that cannot be read stops the server here
        task = asyncio.create_task(watcher.follow())
        try:
            yield
        finally:
            task.cancel()
            with contextlib.suppress(asyncio.CancelledError):
                await task
            watcher.close()

    def refused(request: Request) -> Response | None:
        given = request.query_params.get("code")
        if code_matches(given, code):
            return None
        with i18n.using(watcher.lang, watcher.game):
            why = (_("This players' view needs the table's access code.") if not given else
                   _("That access code is not this table's."))
            return HTMLResponse(page.refused(why), status_code=403, headers=_HEADERS)

    async def home(request: Request) -> Response:
        if (no := refused(request)) is not None:
            return no
        with i18n.using(watcher.lang, watcher.game):
            return HTMLResponse(page.view_page(watcher.view, code), headers=_HEADERS)

    async def events(request: Request) -> Response:
        if (no := refused(request)) is not None:
            with i18n.using(watcher.lang, watcher.game):
                return Response(_("access code needed") + "\n", status_code=403,
                                headers=_HEADERS)
        return StreamingResponse(_stream(watcher), media_type="text/event-stream",
                                 headers={**_HEADERS, "X-Accel-Buffering": "no"})

    async def style(request: Request) -> Response:
        return Response(page.STYLE, media_type="text/css", headers=_HEADERS)

    async def script(request: Request) -> Response:
        return Response(page.SCRIPT, media_type="text/javascript", headers=_HEADERS)

    routes = [Route("/", home, methods=["GET"]), Route("/events", events, methods=["GET"]),
              Route("/page.css", style, methods=["GET"]),
              Route("/page.js", script, methods=["GET"])]
    app = Starlette(routes=routes, lifespan=lifespan)
    app.state.watcher = watcher
    return app


def _message(watcher: Watcher) -> str:
    data = json.dumps({"seq": watcher.head, "html": watcher.html, "words": watcher.words},
                      ensure_ascii=False)
    return f"event: view\ndata: {data}\n\n"


async def _stream(watcher: Watcher):
    """The whole view at once (a browser back from a drop catches up), then
    again on every change. Nothing is held while a message is sent: a send
    blocked on a client that does not read stalls that client alone, and it
    is given the latest view when it reads again (never the ones between)."""
    seen = watcher.version
    yield "retry: 1000\n\n" + watcher.message
    while True:
        if watcher.version == seen:
            changed = watcher.changed
            try:
                await asyncio.wait_for(changed.wait(), HEARTBEAT_SECONDS)
            except asyncio.TimeoutError:
                yield ": still here\n\n"
                continue
        seen = watcher.version
        yield watcher.message
