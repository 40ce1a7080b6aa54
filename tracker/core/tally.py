"""The recap's figures, area by area.

Each area registers a ``Tally`` (``@tally(order)``): the recap gives it every
entry of the span as it now stands (undone entries left out, corrections
applied), then the states before and after, and asks it for its Markdown.
``order`` places its lines in the recap, as ``@alerting`` does for alerts.

What several areas meet in common, the encounters (a dungeon's wandering
check, a day on the road or at sea, an extra check or the GM's encounter, a
day of pursuit the pursuers caught up), each area hands back as ``Met``
(``encounters_met``): the recap lists them all in one section, in log
order, and counts them by session, naming no area.
"""

from __future__ import annotations

from typing import Any, Callable, NamedTuple

TALLIES: list[tuple[int, type["Tally"]]] = []


def tally(order: int):
    """Register a ``Tally`` subclass; the recap makes one per recap."""

    def register(cls):
        TALLIES.append((order, cls))
        TALLIES.sort(key=lambda t: t[0])
        return cls
    return register


class Met(NamedTuple):
    """An encounter one of an area's entries met: the entry's session and
    number, and what it was, in words ("wandering monsters at 90 ft")."""

    session: int
    seq: int
    what: str


class Tally:
    """An area's part of a recap. Every method has a do-nothing default."""

    def __init__(self, sessions: list[int]):
        self.sessions = sessions

    def see(self, session: int, seq: int, event: Any, state_at: Callable) -> None:
        """One entry of the span; ``state_at(seq)`` is the state just after it."""

    def finish(self, before: Any, after: Any) -> None:
        """The states just before the span and at its end."""

    def lines(self, escape: Callable[[str], str]) -> list[str]:
        """Markdown list items (without the ``- ``); ``escape`` for names and notes."""
        return []

    def sections(self, escape: Callable[[str], str]) -> list[tuple[str, list[str]]]:
        """(heading, items) sections after the list."""
        return []

    def encounters_met(self) -> list[Met]:
        """The encounters this area's entries met in the span, of every kind
        it has (the recap's Encounters section and chart gather every area's)."""
        return []

    def chart(self, session: int) -> str:
        """This area's cell in the by-session chart ('' for none)."""
        return ""


def bar(n: int, top: int, width: int = 20) -> str:
    """``n`` of ``top`` as a bar of up to ``width`` blocks."""
    return "█" * (0 if top == 0 else round(width * n / top))
