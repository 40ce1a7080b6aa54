"""Where campaigns and rulesets live, and which campaign names are allowed."""

from __future__ import annotations

import os
import re
import stat
import unicodedata
from pathlib import Path

from ..core.errors import Refused
from ..i18n import _, number

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
            _("bad campaign name {name}: use 1-64 letters, digits, spaces and . _ + ' -, "
              "starting with a letter or digit (no '/', '..' or trailing dot)").format(
                name=repr(name)))
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
    if p.suffix == ".toml" and p.exists():
        return p  # a GM's own house-rules copy (read_ruleset_file checks it)
    known = ", ".join(found) or _("none found")
    raise Refused(_("unknown ruleset {id} (shipped: {known}; or give a .toml file)").format(
        id=repr(ruleset_id), known=known))


MAX_RULESET_BYTES = 1_000_000


def read_ruleset_file(path: str | os.PathLike) -> str:
    """The text of a ruleset file the GM named: a regular file of at most 1 MB.

    A device (/dev/zero), a pipe or a folder is refused before it is read, so
    nothing can make ``rulesets check`` or ``new`` hang.
    """
    f = Path(path)
    try:
        st = os.stat(f)
        if not stat.S_ISREG(st.st_mode):
            raise Refused(_("cannot read {file}: not a regular file").format(file=f))
        if st.st_size > MAX_RULESET_BYTES:
            raise Refused(_("cannot read {file}: too large ({n} bytes; a ruleset is limited "
                            "to {most})").format(file=f, n=number(st.st_size),
                                                 most=number(MAX_RULESET_BYTES)))
        fd = os.open(f, os.O_RDONLY | getattr(os, "O_NONBLOCK", 0))
        with os.fdopen(fd, "rb") as fh:
            if not stat.S_ISREG(os.fstat(fh.fileno()).st_mode):
                raise Refused(_("cannot read {file}: not a regular file").format(file=f))
            data = fh.read(MAX_RULESET_BYTES + 1)
    except OSError as e:
        raise Refused(_("cannot read {file}: {reason}").format(
            file=f, reason=e.strerror or e)) from None
    if len(data) > MAX_RULESET_BYTES:
        raise Refused(_("cannot read {file}: too large (a ruleset is limited to {most} "
                        "bytes)").format(file=f, most=number(MAX_RULESET_BYTES)))
    try:
        return data.decode("utf-8")
    except UnicodeDecodeError as e:
        raise Refused(_("cannot read {file}: not UTF-8 text (byte {n})").format(
            file=f, n=e.start + 1)) from None


def _fold(name: str) -> str:
    return unicodedata.normalize("NFC", name).casefold()


def check_free(saves: Path, name: str) -> Path:
    """The path for a new campaign ``name``: refused if the name is taken, or
    differs only in case from one that is (the same file on macOS and Windows)."""
    path = campaign_path(saves, name)
    twin = case_twin(saves, name)
    if twin is not None:
        raise Refused(_("a campaign named {twin} exists; {name} differs only in case, "
                        "which is the same file on macOS and Windows: choose another name")
                      .format(twin=repr(twin), name=repr(name)))
    if path.exists():
        raise Refused(_("a campaign named {name} already exists; choose another name").format(
            name=repr(name)))
    return path


def case_twin(saves: Path, name: str) -> str | None:
    """An existing campaign whose name differs from ``name`` only in case (or
    Unicode normalisation): the same file on macOS and Windows, so refused everywhere."""
    try:
        found = [p.name[:-len(SUFFIX)] for p in saves.iterdir()
                 if p.name.endswith(SUFFIX)]
    except OSError:
        return None
    return next((n for n in found if n != name and _fold(n) == _fold(name)), None)
