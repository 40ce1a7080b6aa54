"""``tracker serve NAME``: start the players' view, print where to open it
(with a QR code for phones), run until Ctrl-C."""

from __future__ import annotations

import io
import socket
import sys
from pathlib import Path
from urllib.parse import quote

from .. import i18n
from ..core.errors import Refused
from ..i18n import _
from ..service import campaign_file, open_reader
from .access import access_code, needs_code

DEFAULT_HOST = "127.0.0.1"
DEFAULT_PORT = 8724


def address(host: str, port: int, code: str | None) -> str:
    shown = _reachable(host)
    if ":" in shown:
        shown = f"[{shown}]"
    return f"http://{shown}:{port}/" + (f"?code={quote(code)}" if code else "")


def _reachable(host: str) -> str:
    """The address a phone on the network would type for ``host``: for
    0.0.0.0 (every interface), this machine's own address on the LAN."""
    if host not in ("0.0.0.0", "::", ""):
        return host
    try:  # no packet is sent: connecting a UDP socket only picks the route
        with socket.socket(socket.AF_INET, socket.SOCK_DGRAM) as s:
            s.connect(("192.0.2.1", 9))  # TEST-NET-1: never a real host
            return s.getsockname()[0]
    except OSError:
        return socket.gethostname()


def qr_text(url: str) -> str:
    import qrcode

    qr = qrcode.QRCode(border=1)
    qr.add_data(url)
    out = io.StringIO()
    qr.print_ascii(out=out, invert=True)
    return out.getvalue()


def serve(saves: Path, name: str, host: str = DEFAULT_HOST, port: int = DEFAULT_PORT,
          new_code: bool = False, lang: str | None = None) -> int:
    """``lang``: the run's ``--lang`` (None: the locale variables, then the
    campaign's own language, as for every command)."""
    import uvicorn

    from .app import create_app

    with open_reader(saves, name) as reader:  # refused here, in one line, if unreadable
        state = reader.state_at(reader.head())
        i18n.switch(i18n.choose(lang, state.language_in_force), i18n.game_of(state))
    path = campaign_file(saves, name)
    code = access_code(path, new=new_code) if needs_code(host) or new_code else None
    if not needs_code(host):
        code = None  # the loopback address: only this machine, no code needed
    url = address(host, port, code)
    print(_("The players' view of {name} (read-only): open {url}").format(name=name, url=url))
    if code:
        print(_("Access code: {code} (in the address above; {command} makes another)").format(
            code=code, command=f"tracker serve {name} --new-code"))
        print(qr_text(url), end="")
    else:
        print(_("Only this machine can open it; for the table's phones: {command}").format(
            command=f"tracker serve {name} --host 0.0.0.0"))
    print(_("Ctrl-C stops it."), flush=True)
    config = uvicorn.Config(create_app(saves, name, code, lang), host=host, port=port,
                            log_level="warning", access_log=False, server_header=False,
                            h11_max_incomplete_event_size=16 * 1024,
                            # open live streams never end by themselves: Ctrl-C closes them
                            timeout_graceful_shutdown=1)
    try:
        uvicorn.Server(config).run()
    except OSError as e:
        raise Refused(_("cannot serve on {address}: {reason}").format(
            address=f"{host}:{port}", reason=e.strerror or e)) from None
    return 0
