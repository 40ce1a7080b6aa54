"""Trying corrections that must be refused, for the amend attack tests."""

import pytest

from tracker.core.errors import Refused
from tracker.core.view import state_json


def refused(c, seq: int, match: str, **fields) -> None:
    """Amending entry ``seq`` with ``fields`` is refused (``match``) in the
    preview and the command, and the campaign is left as it was."""
    head, before = c.seq, state_json(c.state, c.seq)
    with pytest.raises(Refused, match=match):
        cmd = c.amend_command(seq, fields={k: str(v) for k, v in fields.items()})
        c.explain(cmd)  # the preview refuses what the correction would
        c.dispatch(cmd)
    assert c.seq == head and state_json(c.state, c.seq) == before


def seq_of(c, type_name: str) -> int:
    """The newest entry of ``type_name``."""
    return max(e.seq for e in c.tail(c.seq) if e.type == type_name)
