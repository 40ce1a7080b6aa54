"""The log screen's "as it stood" pane: the campaign right after an entry, as
the area the entry belongs to shows it (a travel day by the journey, a chase
turn by the chase). Each area's panels register what they show for their log
areas (``@shows_as_it_stood("travel")``); the log screen names no area.
"""

from __future__ import annotations

from typing import Callable

from rich.text import Text

from ..core.state import State
from ..i18n import _
from ..i18n import dice
from ..recap import session_name

Shower = Callable[[State], Text]
_SHOWN: dict[str, Shower] = {}  # log area -> what the pane shows for its entries
_FALLBACK: list[Shower] = []  # for entries of an area that shows nothing of its own


def shows_as_it_stood(*log_areas: str, fallback: bool = False):
    """Register ``fn(state) -> Text`` for entries filed under ``log_areas``;
    ``fallback``: also for entries of areas no one registered (a session's
    start, a note: the dungeon's clock and lights)."""

    def register(fn: Shower) -> Shower:
        for area in log_areas:
            if area in _SHOWN and _SHOWN[area] is not fn:
                raise ValueError(f"two panes show the log area {area!r}")
            _SHOWN[area] = fn
        if fallback:
            _FALLBACK[:] = [fn]
        return fn
    return register


def entry_head(entry) -> Text:
    """The entry itself: its number, session, whole text, marks and dice."""
    t = Text()
    t.append(f"#{entry.seq} · " + session_name(entry.session)
             + f" · {entry.game_time}\n", style="bold")
    t.append(entry.text + "\n", style="" if entry.stands else "strike dim")
    if entry.undone:
        t.append(_("undone") + "\n", style="yellow")
    elif entry.rewound:
        t.append(_("taken back by a rewind") + "\n", style="yellow")
    if len(entry.corrections) > 1:  # every correction, the last in force
        t.append(_("corrected by {entries}").format(
            entries=", ".join(f"#{n}" for n in entry.corrections)) + "\n", style="yellow")
    elif entry.corrected_by:
        t.append(_("corrected by #{seq}").format(seq=entry.corrected_by) + "\n", style="yellow")
    for r in entry.dice:
        how = _("typed") if r.typed else _("rolled")
        t.append(f"{dice(r.expr)}: {' '.join(map(str, r.dice))} = {r.total} ({how})\n", style="cyan")
    return t


def as_it_stood(state: State, entry) -> Text:
    """The entry, then its area as it stood right after it."""
    t = entry_head(entry)
    show = _SHOWN.get(entry.area) or (_FALLBACK[0] if _FALLBACK else None)
    if show is not None:
        t.append("\n")
        t.append_text(show(state))
    t.rstrip()
    return t
