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
from .core.timeline.entries import EntryCorrected, Redone, Rewound, Undone, cook
from .core.timeline.standing import LOOKING_BACK_TYPES, standing_from
from .core.timeline.views import stand_in_lines
from .core.view import state_json
from .history import LogEntry, entries, last_entries
from .i18n import _

LOG_SHOWN = 25  # entries of the public log on the page
_LOOK_BACK = 200  # entries read to find them (secret and undone ones are left out)
_ABOUT_ENTRIES = (Undone, Redone, Rewound, EntryCorrected)  # the GM's bookkeeping


def players_view(name: str, seq: int, history: Any) -> dict:
    """What the table sees after entry ``seq``. ``history`` reads the log:
    ``read(first, last)``, ``of_types(types)`` and ``state_at(seq)`` (the
    service's ``LogReader``)."""
    state = history.state_at(seq)
    data = state_json(state, seq)
    fixes = state.corrections  # the corrections in force: entry -> the events standing in
    told = tuple(Told(s, ev, history.state_at(s))
                 for s in sorted(state.table.told) if s < seq
                 for ev in _events(history, s, fixes))
    table = Table(state.rules, state.table.hp, told)
    return {
        "campaign": name, "seq": seq, "ruleset": data["ruleset"]["name"],
        "session": data["session"], "day": data["clock"]["day"],
        "time": data["clock"]["time"],
        "panels": [p.as_json() for p in panels(data, table)],
        "log": public_log(seq, history, state.table.told, fixes),
    }


def _events(history, seq: int, fixes: dict) -> list:
    """Entry ``seq``'s events as the log stands: the correction's in force, else its own."""
    if seq in fixes:
        return [cook(r) for r in fixes[seq]]
    return [next(iter(history.read(seq, seq))).event]


def public_log(seq: int, history, told: frozenset[int], fixes: dict | None = None) -> list[dict]:
    """The last entries as the players would hear them, newest first, the log
    as it stands (as the GM's log and ``tracker log`` read it): entries undone
    or taken back by a rewind (``LogEntry.stands``) and entries about other
    entries left out, a corrected entry as its correction in force reads it
    (``fixes``: ``state.corrections``), a secret as its public line (or not at
    all) until told, a reveal as what the GM then told.

    The log's last ``_LOOK_BACK`` entries are read (one replay of them from
    the state before them); only where they leave the page short and an undo
    or rewind among them went back before them are the entries standing
    before them read too (``_standing_before``): a rewind far back leaves the
    page the entries it returned to, not an empty log."""
    fixes = fixes or {}
    first = max(1, seq - _LOOK_BACK + 1)
    envs = list(history.read(first, seq))
    shown = last_entries(envs, history)
    by_seq = {e.seq: e for e in shown}
    out = _heard_log(shown, history, told, fixes, by_seq, LOG_SHOWN)
    if len(out) < LOG_SHOWN and first > 1 and \
            any(env.type in LOOKING_BACK_TYPES for env in envs):
        earlier = _standing_before(first, seq, history,
                                   _LOOK_BACK - sum(1 for e in shown if e.stands))
        by_seq.update((e.seq, e) for e in earlier)
        out += _heard_log(earlier, history, told, fixes, by_seq, LOG_SHOWN - len(out))
    return out


def _heard_log(shown: list[LogEntry], history, told, fixes: dict, by_seq: dict,
               most: int) -> list[dict]:
    """``public_log``'s lines of ``shown``, newest first, at most ``most``."""
    out: list[dict] = []
    for e in reversed(shown):
        if len(out) >= most:
            break
        if not e.stands or isinstance(e.event, _ABOUT_ENTRIES):
            continue
        if isinstance(e.event, EntryRevealed):
            text: str | None = _("The GM tells: {text}").format(
                text=_told_text(e.event.seq, by_seq, history, fixes))
        else:
            text = _heard(e, e.seq in told, fixes, by_seq)
        if text:
            out.append({"seq": e.seq, "time": e.game_time, "text": text})
    return out


def _standing_before(first: int, seq: int, history, need: int) -> list[LogEntry]:
    """Up to ``need`` of the entries before ``first`` that stand at ``seq``, the
    latest, read run by run (``standing_from`` over the whole log's entries
    about entries: those alone are read, not replayed)."""
    of_types = getattr(history, "of_types", None)  # a Timeline has none: its entries read
    about = of_types(LOOKING_BACK_TYPES) if of_types is not None else \
        [env for env in history.read(1, seq) if env.type in LOOKING_BACK_TYPES]
    stand = standing_from(1, seq, about)
    before: list[LogEntry] = []
    for lo, hi in reversed(list(zip(stand.los, stand.his))):
        if need <= 0:
            break
        if lo >= first:
            continue
        hi = min(hi, first - 1)
        lo = max(lo, hi - need + 1)
        before[:0] = last_entries(list(history.read(lo, hi)), history)
        need -= hi - lo + 1
    return before


def _heard(e: LogEntry, told: bool, fixes: dict, by_seq: dict) -> str | None:
    """Entry ``e`` as the table hears it: as it stands (a corrected entry as
    its correction reads, ``stand_in_lines``), each secret kept until ``told``."""
    if e.seq not in fixes:
        s = None if told else secret_in(e.event)
        return e.text if s is None else s.told(e.event, e.rules, e.text)
    lines = stand_in_lines(fixes[e.seq], e.rules)
    secrets = [] if told else [secret_in(ev) for ev, _line in lines]
    fix = by_seq.get(e.corrected_by)
    passed = fix.passed if fix is not None else ()  # what the correction's line says time did
    full = fix._now_entry if fix is not None else None  # as the GM's log reads it now
    if full and not any(secrets):
        text = full  # a corrected hasty exit with its saves and fates (gm-review5 R4)
    else:
        parts = []
        for i, (ev, line) in enumerate(lines):
            s = secrets[i] if secrets else None
            part = line if s is None else s.told(ev, e.rules, line)
            if part:
                parts.append(part)
        text = "; ".join(parts)
    return f"{text} — {'; '.join(passed)}" if text and passed else text


def _told_text(seq: int, by_seq: dict, history, fixes: dict) -> str:
    """The revealed entry as the log stands (corrected: as its correction in
    force reads), an entry further back than the page reads as well: its
    rules and the states around it, as it stood."""
    e = by_seq.get(seq)
    if e is None:
        e = last_entries(list(history.read(seq, seq)), history)[0]
    return _heard(e, True, fixes, by_seq) or e.text
