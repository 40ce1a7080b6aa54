"""The players' view as data: what the table may see of a campaign at one
point of its log, built from ``state --json`` (``core/view.py``) by the
panels each area registers (``core/players.py``), and the public log: the
last entries as the players heard them, secrets kept until the GM reveals
them. The web page (``tracker/web``) only renders this; it names no area.
"""

from __future__ import annotations

from typing import Any

from .core.players import Table, Told, panels, secret_in
from .core.table import EntryRevealed
from .core.timeline.entries import EntryCorrected, Redone, Rewound, Undone
from .core.view import state_json
from .history import entries, last_entries
from .i18n import _

LOG_SHOWN = 25  # entries of the public log on the page
_LOOK_BACK = 200  # entries read to find them (secret and undone ones are left out)
_ABOUT_ENTRIES = (Undone, Redone, Rewound, EntryCorrected)  # the GM's bookkeeping


def players_view(name: str, seq: int, history: Any) -> dict:
    """What the table sees after entry ``seq``. ``history`` reads the log:
    ``read(first, last)`` and ``state_at(seq)`` (the service's ``LogReader``)."""
    state = history.state_at(seq)
    data = state_json(state, seq)
    told = tuple(Told(s, _event(history, s), history.state_at(s))
                 for s in sorted(state.table.told) if s < seq)
    table = Table(state.rules, state.table.hp, told)
    return {
        "campaign": name, "seq": seq, "ruleset": data["ruleset"]["name"],
        "session": data["session"], "day": data["clock"]["day"],
        "time": data["clock"]["time"],
        "panels": [p.as_json() for p in panels(data, table)],
        "log": public_log(seq, history, state.table.told),
    }


def _event(history, seq: int):
    return next(iter(history.read(seq, seq))).event


def public_log(seq: int, history, told: frozenset[int]) -> list[dict]:
    """The last entries as the players would hear them, newest first: entries
    undone or about other entries left out, a secret as its public line (or
    not at all) until told, a reveal as what the GM then told."""
    first = max(1, seq - _LOOK_BACK + 1)
    envs = list(history.read(first, seq))
    before = history.state_at(first - 1) if first > 1 else None
    shown = entries(envs, history, before)
    by_seq = {e.seq: e for e in shown}
    out = []
    for e in reversed(shown):
        if e.undone or isinstance(e.event, _ABOUT_ENTRIES):
            continue
        text: str | None = e.text
        if isinstance(e.event, EntryRevealed):
            text = _("The GM tells: {text}").format(text=_told_text(e.event.seq, by_seq,
                                                                     history))
        elif (s := secret_in(e.event)) is not None and e.seq not in told:
            text = s.told(e.event, e.rules, e.text)
        if text:
            out.append({"seq": e.seq, "time": e.game_time, "text": text})
        if len(out) >= LOG_SHOWN:
            break
    return out


def _told_text(seq: int, by_seq: dict, history) -> str:
    """The revealed entry as the log reads it (an entry further back than the
    page reads, as well: its rules and the states around it, as it stood)."""
    if seq in by_seq:
        return by_seq[seq].text
    return last_entries(list(history.read(seq, seq)), history)[0].text
