"""Every file the tracker writes other than a campaign log, written whole or not at all.

A backup exported over yesterday's on a full disk must not leave half of
either: the text goes to a hidden temporary file beside the target, is
fsync'd, and only then takes the target's name (``os.replace``), and the
folder is fsync'd so the new name survives a crash. On any failure the
temporary file is removed and the old file is as it was; a kill -9 midway
leaves the old file and, at worst, a hidden ``.NAME.*.partial`` beside it.

A leaf: imports nothing of tracker, so the CLI, the app, the store and the
players' view all use it. (Campaign files are built by ``store.sqlite``,
which links them into place instead: a new campaign never replaces one.)"""

from __future__ import annotations

import os
import stat
import tempfile
from pathlib import Path
from typing import Iterable

PARTIAL = ".partial"  # the suffix of a file still being written


def fsync_dir(folder: str | os.PathLike) -> None:
    """Make a new name in ``folder`` durable (where the system allows it)."""
    try:
        fd = os.open(folder, os.O_RDONLY)
    except OSError:
        return
    try:
        os.fsync(fd)
    except OSError:
        pass  # some systems cannot fsync a folder; the file itself is durable
    finally:
        os.close(fd)


_UMASK: list[int] = []


def _default_mode() -> int:
    """What ``open(path, "w")`` would have given a new file (0o666 less the umask)."""
    if not _UMASK:
        mask = os.umask(0o22)
        os.umask(mask)
        _UMASK.append(mask)
    return 0o666 & ~_UMASK[0]


def write_text(path: str | os.PathLike, text: str | Iterable[str], *,
               encoding: str = "utf-8", mode: int | None = None) -> Path:
    """Write ``text`` (a string, or the pieces of one) to ``path`` atomically;
    the path written. ``mode``: the new file's permissions (default: the old
    file's, else what a plain ``open`` would give). Raises OSError with the
    old file untouched and nothing left behind.

    A target that exists and is not a regular file (``/dev/null``, a pipe,
    a terminal) cannot be replaced and is written straight through; a
    symbolic link is followed, so the file it names gets the new text."""
    target = Path(os.path.realpath(path))
    try:
        st = os.stat(target)
    except FileNotFoundError:
        st = None
    if st is not None and not stat.S_ISREG(st.st_mode):
        with open(target, "w", encoding=encoding) as f:
            for piece in ([text] if isinstance(text, str) else text):
                f.write(piece)
        return target
    if mode is None:
        mode = stat.S_IMODE(st.st_mode) if st is not None else _default_mode()
    fd, tmp = tempfile.mkstemp(prefix=f".{target.name}.", suffix=PARTIAL, dir=target.parent)
    try:
        with os.fdopen(fd, "w", encoding=encoding) as f:
            for piece in ([text] if isinstance(text, str) else text):
                f.write(piece)
            f.flush()
            os.fsync(f.fileno())
        os.chmod(tmp, mode)
        os.replace(tmp, target)
    except BaseException:
        try:
            os.unlink(tmp)
        except OSError:
            pass
        raise
    fsync_dir(target.parent)
    return target
