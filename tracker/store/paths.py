"""Where campaigns and rulesets live, and which campaign names are allowed."""

from __future__ import annotations

import os
import re
from pathlib import Path

from ..core.errors import Refused

PROJECT_ROOT = Path(__file__).resolve().parents[2]
SUFFIX = ".campaign"
# letters and digits of any script (a Danish GM names a campaign "Ravnehøj"),
# spaces and . _ + ' - ; nothing that is a path separator or a control character
_NAME = re.compile(r"^[^\W_][\w .+'-]{0,63}$")
_RESERVED = {"con", "prn", "aux", "nul", *(f"com{i}" for i in range(10)),
             *(f"lpt{i}" for i in range(10))}


def saves_dir(override: str | os.PathLike | None = None) -> Path:
    """``--saves``, else ``TRACKER_SAVES``, else ``saves/`` of the checkout we
    run from, else the user's data folder."""
    if override:
        return Path(override).expanduser()
    env = os.environ.get("TRACKER_SAVES")
    if env:
        return Path(env).expanduser()
    beside = PROJECT_ROOT / "saves"
    if (PROJECT_ROOT / "pyproject.toml").exists() and beside.is_dir():
        return beside
    import platformdirs

    return Path(platformdirs.user_data_dir("tracker")) / "saves"


def check_name(name: str) -> str:
    """A campaign name that is safe as a file name on every OS."""
    if (not _NAME.match(name) or ".." in name or name.endswith((".", " "))
            or name.split(".")[0].lower() in _RESERVED):
        raise Refused(
            f"bad campaign name {name!r}: use 1-64 letters, digits, spaces and . _ + ' -, "
            "starting with a letter or digit (no '/', '..' or trailing dot)")
    return name


def campaign_path(saves: Path, name: str) -> Path:
    return saves / f"{check_name(name)}{SUFFIX}"


def rulesets_dir() -> Path:
    return Path(os.environ.get("TRACKER_RULESETS", PROJECT_ROOT / "rulesets"))


def list_rulesets() -> dict[str, Path]:
    d = rulesets_dir()
    return {p.stem: p for p in sorted(d.glob("*.toml"))} if d.is_dir() else {}


def ruleset_file(ruleset_id: str) -> Path:
    found = list_rulesets()
    if ruleset_id in found:
        return found[ruleset_id]
    p = Path(ruleset_id)
    if p.suffix == ".toml" and p.is_file():
        return p  # a GM's own house-rules copy
    known = ", ".join(found) or "none found"
    raise Refused(f"unknown ruleset {ruleset_id!r} (shipped: {known}; or give a .toml file)")
