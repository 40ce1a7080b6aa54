"""The table's access code: needed on any address but the loopback one.

Kept per campaign in a file of the user's config folder (never in the
campaign file, which the server only reads), made on first use and replaced
by ``--new-code``."""

from __future__ import annotations

import hashlib
import hmac
import ipaddress
import os
import secrets
from pathlib import Path

from .. import atomic

CONFIG_ENV = "TRACKER_CONFIG_DIR"  # the config folder elsewhere (tests, a shared laptop)


def config_dir() -> Path:
    env = os.environ.get(CONFIG_ENV)
    if env:
        return Path(env)
    import platformdirs

    return Path(platformdirs.user_config_dir("tracker"))


def code_file(campaign: Path) -> Path:
    """One file per campaign file: two saves folders' "demo" have two codes."""
    where = hashlib.sha256(str(campaign.resolve()).encode()).hexdigest()[:12]
    return config_dir() / "players-codes" / f"{campaign.stem}-{where}.code"


def access_code(campaign: Path, new: bool = False) -> str:
    """The campaign's code, made (or, with ``new``, replaced) and kept."""
    f = code_file(campaign)
    if not new:
        try:
            code = f.read_text(encoding="ascii").strip()
            if len(code) >= 8:
                return code
        except (OSError, UnicodeDecodeError):
            pass
    code = secrets.token_urlsafe(9)  # 12 characters, 72 random bits
    f.parent.mkdir(parents=True, exist_ok=True)
    atomic.write_text(f, code + "\n", encoding="ascii", mode=0o600)  # whole or the old one
    return code


def needs_code(host: str) -> bool:
    """Only a loopback address is open without the code."""
    if host == "localhost":
        return False
    try:
        return not ipaddress.ip_address(host).is_loopback
    except ValueError:  # a host name: it may be reachable from elsewhere
        return True


def code_matches(given: str | None, code: str | None) -> bool:
    return code is None or (given is not None and
                            hmac.compare_digest(given.encode(), code.encode()))
