"""The bug report file of an internal error, written by the CLI and the app alike."""

from __future__ import annotations

import os
import sys


def write_bug_report(exc: BaseException, context: str) -> str | None:
    """The traceback of an internal error in a file of the temp folder; its path
    (None if it could not be written)."""
    import datetime as dt
    import tempfile
    import traceback

    from . import __version__

    try:
        fd, where = tempfile.mkstemp(prefix="tracker-bug-", suffix=".txt")
        with os.fdopen(fd, "w", encoding="utf-8", errors="replace") as f:
            f.write(f"tracker {__version__}, Python {sys.version.split()[0]}, "
                    f"{dt.datetime.now(dt.timezone.utc).isoformat()}\n{context}\n\n")
            f.write("".join(traceback.format_exception(exc)))
        return where
    except OSError:
        return None
