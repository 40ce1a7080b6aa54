"""What the table may see: the players' view, and the GM's secrets.

Two registries, filled by each area's ``views.py`` (this module names none):

- ``@players_view(order)``: ``fn(data, table) -> [Panel]``, the panels the
  players see of that area, made from the area's part of ``state --json``
  (``data`` is the whole JSON, so one area may read another's part: the
  party shows the light each carries). Only what an area hands back is
  shown: a fact no area puts in a panel stays with the GM.
- ``@secret(EventClass, what, when=...)``: ``fn(event, rules) -> str | None``,
  the line the table hears of such an entry until the GM reveals it (None:
  nothing at all). ``when(event)`` says whether this entry holds the secret
  (a note is secret only when marked private); ``what`` is said in
  docs/players-view.md and on the reveal.

The page that shows these (``tracker serve``) is a layer outside the core.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, Callable

from ..i18n import _
from .events import Event

HP_SHOWN = ("bands", "exact")  # how the players see hit points: the GM's choice


@dataclass(frozen=True)
class Told:
    """An entry the GM revealed: its seq, its event, and the state right after
    it (for an area to tell which of its facts the entry made: a bastion turn's
    number)."""

    seq: int
    event: Event
    after: Any  # State


@dataclass(frozen=True)
class Table:
    """What a players' view is built with besides the JSON: the ruleset in
    force (its units and names), how hit points show, and the entries the GM
    has revealed."""

    rules: Any
    hp: str = "bands"
    told: tuple[Told, ...] = ()

    def told_of(self, cls: type) -> list[Event]:
        return [t.event for t in self.told if isinstance(t.event, cls)]


@dataclass
class Panel:
    """One box of the players' page: a title, facts (label, value), a table
    (header and rows) and lines. Every string is plain text; the page escapes it."""

    title: str
    facts: list[tuple[str, str]] = field(default_factory=list)
    header: list[str] = field(default_factory=list)
    rows: list[list[str]] = field(default_factory=list)
    lines: list[str] = field(default_factory=list)
    kind: str = ""  # a CSS hook named by the area ("party"), never a rule

    def as_json(self) -> dict:
        return {"title": self.title, "facts": [list(f) for f in self.facts],
                "header": self.header, "rows": self.rows, "lines": self.lines,
                "kind": self.kind}


@dataclass(frozen=True)
class Secret:
    cls: type
    what: str  # "the wandering check's roll and the encounter it finds"
    public: Callable[[Event, Any], str | None]
    when: Callable[[Event], bool]
    from_line: bool = False  # ``public(event, rules, line)``: the GM's line at hand

    def told(self, ev: Event, rules, line: str) -> str | None:
        """The public line of ``ev``, whose GM's line (with the states around it) is ``line``."""
        return self.public(ev, rules, line) if self.from_line else self.public(ev, rules)


_VIEWS: list[tuple[int, Callable[[dict, Table], list[Panel]]]] = []
SECRETS: dict[type, Secret] = {}


def players_view(order: int):
    """Register ``fn(data, table) -> [Panel]``; lower orders show first."""

    def register(fn):
        _VIEWS.append((order, fn))
        _VIEWS.sort(key=lambda v: v[0])
        return fn
    return register


def secret(cls: type, what: str, when: Callable[[Event], bool] = lambda ev: True,
           from_line: bool = False):
    """Register ``fn(event, rules)``: the line the table hears of a ``cls``
    entry holding a secret (``when``) until the GM reveals it; None: nothing.
    ``from_line``: ``fn(event, rules, line)``, the GM's line as the log reads it
    (where it needs the state: a day's miles no farther than the route's end)."""

    def register(fn):
        if cls in SECRETS:
            raise RuntimeError(f"{cls.__name__} has two secrets registered")
        SECRETS[cls] = Secret(cls, what, fn, when, from_line)
        return fn
    return register


def secret_in(ev: Event) -> Secret | None:
    """The secret this entry holds, if any."""
    s = SECRETS.get(type(ev))
    return s if s is not None and s.when(ev) else None


def panels(data: dict, table: Table) -> list[Panel]:
    """Every area's panels, in order, from the ``state --json`` data."""
    return [p for _, fn in _VIEWS for p in fn(data, table)]


def hp_band(hp: int, hp_max: int, status: str = "ok") -> str:
    """Hit points as the players may see them when the GM keeps the numbers:
    the wording of the table, not a rule (no ruleset decides it)."""
    if status not in ("", "ok"):
        said = {"dead": _("dead"), "dying": _("dying"), "stable": _("stable")}
        return said.get(status) or status.replace("_", " ")
    if hp <= 0:
        return _("down")
    if hp >= hp_max:
        return _("unhurt")
    return _("wounded") if 2 * hp >= hp_max else _("badly wounded")
