"""The bug report file of an internal error, written by the CLI and the app alike."""

from __future__ import annotations

import os
import sys

from . import atomic


def write_bug_report(exc: BaseException, context: str) -> str | None:
    """The traceback of an internal error in a file of the temp folder; its path
    (None if it could not be written)."""
    import datetime as dt
    import tempfile
    import traceback

    from . import __version__

    text = (f"tracker {__version__}, Python {sys.version.split()[0]}, "
            f"{dt.datetime.now(dt.timezone.utc).isoformat()}\n{context}\n\n"
            + "".join(traceback.format_exception(exc)))
    text = text.encode("utf-8", "replace").decode("utf-8")  # a lone surrogate in a message
    where = None
    try:
        fd, where = tempfile.mkstemp(prefix="tracker-bug-", suffix=".txt")  # a name of its own
        os.close(fd)
        atomic.write_text(where, text, mode=0o600)  # a full disk leaves no half report
        return where
    except OSError:
        if where is not None:
            try:
                os.unlink(where)
            except OSError:
                pass
        return None
