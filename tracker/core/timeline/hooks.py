"""What areas teach corrections: how an entry is rolled again from retyped
dice (``@rerolls``) or to fit a corrected field (``@refits``), which values a field may take (``offers_choices``), and
which entries a GM may insert after an earlier one (``@insertable``),
and what undo names a command of several entries (``counts``).

An area registers these from its own modules; the corrections of
``entries.py`` and ``amend.py`` look them up and name no area.
"""

from __future__ import annotations

from typing import Callable, NamedTuple, Sequence

from ...i18n import _
from ..errors import Refused
from ..events import Event
from ..state import State
from ..terms import ids_under

REROLLERS: dict[type, Callable] = {}


def rerolls(event_type: type):
    """Register ``fn(state, event, dice) -> event``: the entry rolled again from
    the dice the GM retypes, for an event whose later dice depend on its first
    (a quiet check typed into an encounter needs surprise and distance too).
    Subclasses of ``event_type`` are rolled again the same way."""

    def register(fn):
        REROLLERS[event_type] = fn
        return fn
    return register


def reroller(ev: Event) -> Callable | None:
    return next((REROLLERS[t] for t in type(ev).__mro__ if t in REROLLERS), None)


REFITTERS: dict[type, Callable] = {}


def refits(event_type: type):
    """Register ``fn(state, was, now, dice) -> event | None``: an entry whose
    corrected fields change what it rolls (a damage roll made a critical hit
    rolls its dice twice). ``now`` is ``was`` with the GM's fields; ``state``
    the campaign just before the entry; ``dice`` gives the dice it adds (the
    GM's typed ones first). None: the change rolls nothing new (then ``--dice``
    retypes the entry's dice as usual). A list: the entry, then what now
    follows from it within the entry (a stage corrected to end in camp, then
    the night's long rest)."""

    def register(fn):
        REFITTERS[event_type] = fn
        return fn
    return register


def refitter(ev: Event) -> Callable | None:
    return next((REFITTERS[t] for t in type(ev).__mro__ if t in REFITTERS), None)


RESCHEDULERS: dict[type, Callable] = {}
PLANNERS: dict[type, Callable] = {}


def reschedules(event_type: type, plan: Callable | None = None):
    """Register ``fn(state, event, dice, planned) -> event``: the entry as its
    place in a schedule wants it, ``state`` the campaign just before it. A
    correction that moves later entries (a forgotten turn inserted before
    them) refits each: a turn now due a wandering check takes one, one no
    longer due drops its dice. The same event back: nothing to change.

    ``plan(seen) -> planned``: ``seen`` is every (state, event) of this type
    the correction folds, in log order, before any is refitted; what it
    returns is handed to ``fn`` (the checks the table rolled, say, so that
    they keep their dice in their order rather than new ones being rolled:
    gm-review3 R4). Without a plan, ``planned`` is None."""

    def register(fn):
        if event_type in RESCHEDULERS:  # the second would silently replace the first
            raise RuntimeError(f"two reschedulers of {event_type.__name__}: make them one")
        RESCHEDULERS[event_type] = fn
        if plan is not None:
            PLANNERS[event_type] = plan
        return fn
    return register


def rescheduler(ev: Event) -> Callable | None:
    return next((RESCHEDULERS[t] for t in type(ev).__mro__ if t in RESCHEDULERS), None)


def planner(ev: Event) -> Callable | None:
    return next((PLANNERS[t] for t in type(ev).__mro__ if t in PLANNERS), None)


MOVED_NOTES: dict[type, Callable[[Event], str]] = {}


def notes_when_moved(event_type: type):
    """Register ``fn(event) -> str``: what the GM must read first of an entry
    of ``event_type`` a correction moves (``reschedules``), in a short line
    ('': nothing), put before the preview's other changes, whose long lines
    a dialog cuts (a chase whose order a correction leaves as played)."""

    def register(fn):
        MOVED_NOTES[event_type] = fn
        return fn
    return register


def moved_note(ev: Event) -> str:
    fn = next((MOVED_NOTES[t] for t in type(ev).__mro__ if t in MOVED_NOTES), None)
    return fn(ev) if fn is not None else ""


CHOICES: dict[tuple[type, str], Callable[[State], list[str]]] = {}
CHOICE_NAMES: dict[tuple[type, str], str] = {}  # where the ruleset names the values


def offers_choices(event_type: type, field: str, names: str = ""):
    """Register ``fn(state) -> values``: the only values ``field`` of
    ``event_type`` may take under the state's ruleset (a turn's activity), so
    a correction offers them instead of asking for text. ``names``: the term
    path naming each value (``"dungeon.activities"``: ``term(rules,
    "dungeon.activities.rest")``), so the GM reads them in their language."""

    def register(fn):
        CHOICES[(event_type, field)] = fn
        if names:
            CHOICE_NAMES[(event_type, field)] = names
        return fn
    return register


def names_a_term(event_type: type, field: str, path: str, optional: bool = False,
                 free: bool = False) -> None:
    """``field`` of ``event_type`` names a thing of the ruleset under ``path``
    ("lights": a kind of light): a correction offers the ruleset's, read in
    the GM's language and typed in it too (``amend --set kind=Fakkel``), as
    the command that wrote it takes them; ``optional``: "" (none) as well;
    ``free``: a name of the GM's own is taken too (a ship called Ran), so
    nothing is offered, but the ruleset's names are still read as its ids."""
    if free:
        CHOICE_NAMES[(event_type, field)] = path
        return
    offers_choices(event_type, field, names=path)(
        lambda state: ([""] if optional else []) + ids_under(state.rules, path))


def choices_named(ev: Event, field: str) -> str:
    """The term path naming the values of ``field`` of ``ev`` ('': their ids)."""
    return next((CHOICE_NAMES[(t, field)] for t in type(ev).__mro__
                 if (t, field) in CHOICE_NAMES), "")


LISTS: dict[tuple[type, str], tuple[Callable, Callable]] = {}


def typed_list(event_type: type, field: str, read: Callable[[State, Event, str], tuple],
               words: Callable[[State, Event, tuple], str]) -> None:
    """``field`` of ``event_type`` holds a short list the GM may retype whole,
    its items joined by "+" (a Vast Garden's types, ``food+herb``): a list
    field is otherwise corrected by replacing the entry. ``read(state, ev,
    text)``: the ids ``text`` names (each item an id or a name in any of the
    ruleset's languages), refused in the GM's words where the entry cannot
    hold them; ``words(state, ev, ids)``: how the value reads. ``state`` is
    the campaign just before the entry."""
    LISTS[(event_type, field)] = (read, words)


def list_field(ev_or_type, field: str) -> tuple[Callable, Callable] | None:
    """The (read, words) of a list field registered with ``typed_list``, or None."""
    cls = ev_or_type if isinstance(ev_or_type, type) else type(ev_or_type)
    return next((LISTS[(t, field)] for t in cls.__mro__ if (t, field) in LISTS), None)


def field_choices(state: State, ev: Event, field: str) -> list[str] | None:
    """The values the GM may choose for ``field`` of ``ev`` under the rules of
    ``state`` (the entry's own moment), or None where it is typed: an area's
    list, or yes and no for a flag."""
    fn = next((CHOICES[(t, field)] for t in type(ev).__mro__ if (t, field) in CHOICES), None)
    if fn is not None:
        return list(fn(state))
    return ["yes", "no"] if isinstance(getattr(ev, field, None), bool) else None


class Insert(NamedTuple):
    label: str  # "a forgotten turn" (marked N_: shown through _())
    options: Callable[[State], list[str]]  # what the GM may insert, e.g. the activities
    make: Callable[[State, str], Event]  # the event for the chosen option (may refuse)
    names: str = ""  # the term path naming the options ("dungeon.activities")


INSERTS: dict[str, Insert] = {}


def insertable(kind: str, label: str, options: Callable[[State], list[str]], names: str = ""):
    """Register ``make(state, option) -> event``: an entry of ``kind`` the GM may
    insert after an earlier one (``amend --insert-turn rest``). ``label`` is
    marked with ``N_`` by the caller; ``names`` as for ``offers_choices``."""

    def register(make):
        if kind in INSERTS:
            raise RuntimeError(f"two areas insert {kind!r}")
        INSERTS[kind] = Insert(label, options, make, names)
        return make
    return register


def inserted(state: State, kind: str, option: str) -> Event:
    """The event an insertion of ``kind`` stands for, refused if it is unknown."""
    if kind not in INSERTS:
        raise Refused(_("nothing of kind {kind!r} can be inserted (only: {known})").format(
            kind=kind, known=", ".join(INSERTS)))
    return INSERTS[kind].make(state, option)


# What undo and redo name a command of several entries (gm-review F17): "2 bastion
# weeks", not the "downtime passed" of its first entry (``kinds.command_label``).
COUNTS: list[tuple[Callable[[Sequence[str]], int], str, str, Callable[[int], str]]] = []
COUNTED_WORDS: dict[str, Callable[[int], str]] = {}  # English words -> their plural, translated


def counts(one: str, many: str, words: Callable[[int], str],
           count: Callable[[Sequence[str]], int], *, first: bool = False) -> None:
    """Register how undo names a command: ``count(types)`` (its entries' types,
    in order) is how many it did, 0 when the command is not of this kind;
    ``one`` / ``many`` the English words stored ("turn advanced", "turns
    advanced"); ``words(n)`` the label shown, in the active language
    (an ``ngettext``). ``first``: asked before the others (a command of
    several kinds of entry, which a count of one of them would miscount)."""
    COUNTS.insert(0 if first else len(COUNTS), (count, one, many, words))
    COUNTED_WORDS[one] = COUNTED_WORDS[many] = words


def repeated(kind: str) -> Callable[[Sequence[str]], int]:
    """``counts``' ``count`` for a command that repeats one entry type, led by it."""
    def count(types: Sequence[str]) -> int:
        n = types.count(kind) if types[0] == kind else 0
        return n if n >= 2 else 0
    return count
