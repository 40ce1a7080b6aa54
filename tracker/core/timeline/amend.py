"""Correcting an entry: its dice retyped, its fields set, a forgotten entry
inserted after it; each checked against the campaign's past before anything
is written, and put in the GM's words (``explain``) before it is confirmed.

``Past`` is what these need of an open campaign (``service.Campaign`` is
one): its state now, its past states, its entries, and dice for the next
entry. The service hands its corrections here and knows none of this.
"""

from __future__ import annotations

import re
import typing
from typing import Callable, Protocol

import msgspec

from ...i18n import _, ngettext, pgettext
from ...i18n import dice as lettered
from .. import dice as dicemod
from ..describe import roll_text
from ..dice import Roll
from ..errors import Refused
from ..field_words import field_key, field_name
from ..events import DERIVED_UNTIL_SET, KEPT_BY_TRACKER, Envelope, Event
from ..handlers import Command
from ..invariants import problems
from ..limits import friendly
from ..state import State
from .entries import UNCORRECTABLE, CorrectEntry, EntryCorrected, Rewind, cook, raw
from .fold import History, check_correction, refitted, refold_corrected, step
from ..terms import key_named
from .hooks import (choices_named, inserted, list_field, moved_note, planner, refitter,
                    rescheduler, reroller)
from .kinds import type_words
from .views import Preview, entry_line, preview, stand_in_text, with_passed


class Past(Protocol):
    """What a correction needs of the open campaign."""

    state: State  # as it stands now
    seq: int  # the log's head
    timeline: History

    def state_at(self, seq: int) -> State | None: ...

    def entry(self, seq: int) -> Envelope: ...

    def stands(self, seq: int) -> bool: ...  # not undone, not rewound past

    def dice_for(self, values: list[int] | None): ...

    def preview(self, command: Command) -> State: ...


# -- a correction, from what the GM retypes ------------------------------------------------

def amend_command(past: Past, seq: int, dice: list[int] | None = None,
                  fields: dict[str, str] | None = None, insert: tuple[str, str] = (),
                  note: str = "") -> CorrectEntry:
    """The command that corrects entry ``seq``: retyped dice, changed fields,
    and/or a forgotten entry inserted right after it, ``insert`` = (kind,
    option) as an area registered it (``("turn", "rest")``)."""
    if not (dice or fields or insert):
        raise Refused(_("say what to correct: --dice, --set FIELD=VALUE or --insert-turn"))
    _correctable(past, seq)
    current = entry_events(past, seq)
    if fields:  # a field by its key or its words, in English or the GM's language
        fields = keyed_fields(current[0], fields)
    if fields:  # a name of the ruleset's, typed in any of its languages: its id
        then = (past.state_at(seq - 1) if seq > 1 else None) or past.state
        fields = named_fields(then.rules, current[0], fields)
        fields = read_lists(then, current[0], fields)
    if fields and (fit := refitter(current[0])) is not None:
        # a field that changes what the entry rolls: its dice kept, the ones it
        # adds rolled (or asked for), the typed dice standing for those
        source = dicemod.ScriptedDice(dice or [], fallback=past.dice_for(None))
        now = fit(past.state_at(seq - 1) if seq > 1 else past.state, current[0],
                  amended(current[0], None, fields), source)
        if now is not None:
            if source.unused():
                raise Refused(_given_but(len(dice), ngettext(
                    "the correction adds only {n}", "the correction adds only {n}",
                    source.used).format(n=source.used)))
            # an entry and what now follows from it in the same entry (a stage
            # corrected to end in camp: the night's long rest)
            current[0:1], dice, fields = (list(now) if isinstance(now, (list, tuple))
                                          else [now]), None, None
    if dice and (again := reroller(current[0])) is not None:
        # dice the new roll needs beyond those typed: rolled, or asked for
        # (DiceNeeded) where the GM rolls them (manual dice)
        source = dicemod.ScriptedDice(dice, fallback=past.dice_for(None))
        # the campaign as the entry found it (who was alive to roll, say),
        # not as it stands now
        then = (past.state_at(seq - 1) if seq > 1 else None) or past.state
        current[0] = again(then, current[0], source)
        if source.unused():
            raise Refused(_given_but(len(dice), ngettext(
                "the entry rolls only {n}", "the entry rolls only {n}", source.used).format(
                    n=source.used)))
        dice = None
    if dice or fields:
        current[0] = amended(current[0], dice, fields)
    if insert:
        current.append(_insertion(past, seq, *insert))
    moved = rescheduled(past, seq, current)
    current = list(moved.pop(seq, current))
    return CorrectEntry(seq, tuple(raw(e) for e in current), note,
                        tuple((s, tuple(raw(e) for e in evs)) for s, evs in moved.items()))


def rescheduled(past: Past, seq: int, events: list) -> dict[int, tuple]:
    """The entries from ``seq`` on that the correction moves off their schedule,
    refitted (``hooks.reschedules``): a forgotten turn inserted shifts every later
    turn of the delve by one, so the wandering checks must follow the schedule,
    not their entries. The checks the table rolled keep their dice, in their
    order (the area's ``plan``); a turn newly due one with none left to take
    rolls its die now, from a stream of this correction's own, so the preview
    shows what will be written."""
    stand_in = tuple(raw(e) for e in events)
    seen: dict[Callable, list] = {}

    def look(state: State, ev: Event) -> Event:
        if (plan := planner(ev)) is not None:
            seen.setdefault(plan, []).append((state, ev))
        return ev

    def moved(planned: dict) -> dict[int, tuple]:
        dice = dicemod.SeededDice(f"{past.state.seed}:{past.seq + 1}:schedule")

        def refit(state: State, ev: Event) -> Event:
            fit = rescheduler(ev)
            return ev if fit is None else fit(state, ev, dice, planned.get(planner(ev)))
        return refitted(past.timeline, past.state.corrections, seq, stand_in, past.seq, refit)
    try:
        found = moved({})
        if not any(planner(ev) for evs in found.values() for ev in evs):
            return found  # nothing planned moves (most corrections): one replay
        # what the later entries hold, before any is moved; then moved by it
        refitted(past.timeline, past.state.corrections, seq, stand_in, past.seq, look)
        return moved({plan: plan(pairs) for plan, pairs in seen.items()})
    except Refused:
        return {}  # it will not replay: the check before it is written says why


def keyed_fields(ev: Event, fields: dict[str, str]) -> dict[str, str]:
    """``fields`` keyed by the entry's own keys: a GM types a field as the log
    names it ("båret af", "HP most") or by its key ("by"); refused, with the
    fields the entry has in the GM's words, when it names none of them."""
    out = {}
    for typed, text in fields.items():
        key = field_key(typed, type(ev).__struct_fields__)
        if key is None:
            may = [field_name(f) for f in editable_fields(ev)]
            if not may:
                raise Refused(_("{kind} has no field {field!r} (fields: none)").format(
                    kind=type_words(ev.TYPE), field=typed))
            raise Refused(_("{kind} has no field {field!r} (fields: {fields})").format(
                kind=type_words(ev.TYPE), field=typed, fields=", ".join(may)))
        out[key] = text
    return out


def named_fields(rules, ev: Event, fields: dict[str, str]) -> dict[str, str]:
    """``fields`` with each value that names a thing of the ruleset (a field
    registered with ``names_a_term``) as its id: "Fakkel", "смолоскип" and
    "Torch" name ``torch``, as the command that wrote the entry takes them."""
    out = dict(fields)
    for key, text in fields.items():
        path = choices_named(ev, key)
        if path and text.strip():
            out[key] = key_named(rules, f"{path}.*", text)
    return out


def read_lists(state: State, ev: Event, fields: dict[str, str]) -> dict[str, str]:
    """``fields`` with each list field's text (``typed_list``: "Urter+food") as the
    ids it names ("herb+food"), refused where the entry cannot hold them."""
    out = dict(fields)
    for key, text in fields.items():
        if (how := list_field(ev, key)) is not None:
            out[key] = "+".join(how[0](state, ev, text))
    return out


def _insertion(past: Past, seq: int, kind: str, option: str) -> Event:
    """The event inserted after entry ``seq``, refused in the GM's words when
    it cannot follow that entry (the whole correction is replayed later)."""
    ev = inserted(past.state, kind, option)
    after = past.state_at(seq)
    try:
        step(after, Envelope(seq, ev.TYPE, ev.VERSION, ev, "insertion", after.session, ""),
             past.timeline)
    except Refused as e:
        raise Refused(_("a {option} {kind} inserted after #{seq} would not replay: {problem}")
                      .format(option=option, kind=kind, seq=seq, problem=e)) from None
    return ev


def entry_fields(past: Past, seq: int) -> dict[str, object]:
    """The fields of entry ``seq`` a GM may correct, with their values now."""
    _correctable(past, seq)
    return editable_fields(entry_events(past, seq)[0])


def _correctable(past: Past, seq: int) -> None:
    env = past.entry(seq)
    if env.type in UNCORRECTABLE:
        raise Refused(_("entry #{seq} ({kind}) cannot be corrected; undo or rewind instead")
                      .format(seq=seq, kind=type_words(env.type)))
    if not past.stands(seq):  # a correction of it would change nothing, and read as if
        raise Refused(_("entry #{seq} no longer stands (undone, or rewound past): redo it "
                        "first, or correct an entry that stands").format(seq=seq))


def rewind_command(past: Past, seq: int) -> Rewind:
    if not 1 <= seq < past.seq:
        raise Refused(_("rewind to an entry from 1 to {last}").format(last=past.seq - 1))
    return Rewind(seq)


def entry_events(past: Past, seq: int, corrections_from: State | None = None) -> list:
    """What entry ``seq`` stands for: its event, or the events a correction in
    force (now, or in ``corrections_from``) put in its place."""
    stand_in = (corrections_from or past.state).corrections.get(seq)
    return [cook(r) for r in stand_in] if stand_in else [past.entry(seq).event]


def explain(past: Past, command: Command) -> Preview:
    """``past.preview`` in the GM's words: the entry's log line now and after,
    what changes in the campaign, and the later corrections it undoes."""
    after = past.preview(command)
    if isinstance(command, CorrectEntry):
        seen = preview(past.state, after, _entry_line(past, command.seq, past.state),
                       _line_as_it_stood(past, command.seq, [cook(r) for r in command.events]),
                       replacing=command.seq)
        added = _new_rolls(entry_events(past, command.seq), [cook(r) for r in command.events])
        for s, evs in command.also:  # and what the later entries it moves roll anew
            added += _new_rolls(entry_events(past, s), [cook(r) for r in evs])  # (gm-review7 R1)
        if added:
            # what the correction rolls that the entry did not (gm-review4 C1): the
            # GM sees where the new dice came from before confirming
            # the dice the GM did not type (those typed read in the entry as typed);
            # first: a long list of changes is cut at the dialog's foot
            seeded = [roll_text(r) for r in added if not r.typed]
            if seeded:
                seen.changes.insert(0, _("new dice rolled from the campaign's seed: {rolls}")
                                    .format(rolls=", ".join(seeded)))
        # what the GM must read first of the later entries it moves (a chase's
        # order left as played), in short lines before the changes a dialog cuts
        seen.changes[0:0] = [_("#{seq}: {note}").format(seq=s, note=note)
                             for s, evs in command.also for r in evs
                             if (note := moved_note(cook(r)))]
        # the later entries it moves, as they will read (a check the table rolled
        # now on another turn: gm-review3 R4)
        seen.changes.extend(_("#{seq} moves with it and will read: {entry}").format(
            seq=s, entry=line) for s, line in _moved_lines(past, command))
        return seen
    if isinstance(command, Rewind):
        return preview(past.state, after, _entry_line(past, command.to_seq, after))
    return preview(past.state, after)


def _moved_lines(past: Past, command: CorrectEntry) -> list[tuple[int, str]]:
    """The later entries a correction moves, each as the log will read it: with
    the states the corrected log leads to there and what time passing did
    (gm-review5 R5: a light now going out a turn earlier says so)."""
    if not command.also:
        return []
    moved = {s: evs for s, evs in command.also}
    stand_ins = {**past.state.corrections, command.seq: command.events, **moved}
    states: dict[int, State] = {}
    refold_corrected(past.timeline, stand_ins, command.seq, max(moved), states.__setitem__,
                     in_force=past.state.corrections)
    out = []
    for s, evs in command.also:
        before, after = states.get(s - 1), states.get(s)
        events = [cook(r) for r in evs]
        if before is None or after is None:
            out.append((s, entry_line(events, past.state.rules, None)))
            continue
        out.append((s, with_passed(stand_in_text(events, before, after), before, after)))
    return out


def _new_rolls(was: list, now: list) -> list[Roll]:
    """The rolls of ``now`` that ``was`` did not have (each of its rolls
    matched once, by its dice and expression)."""
    left = [(r.expr, r.dice) for ev in was for r in dicemod.rolls_in(ev)]
    out = []
    for r in (r for ev in now for r in dicemod.rolls_in(ev)):
        if (r.expr, r.dice) in left:
            left.remove((r.expr, r.dice))
        else:
            out.append(r)
    return out


def _entry_line(past: Past, seq: int, corrections_from: State) -> str:
    """Entry ``seq``'s log line with the corrections in force in ``corrections_from``."""
    return _line_as_it_stood(past, seq, entry_events(past, seq, corrections_from))


def _line_as_it_stood(past: Past, seq: int, events: list) -> str:
    """``events`` standing at entry ``seq`` in words, as the log reads an entry:
    each under the rules in force then and with the state it makes from the one
    before it (``step``, as replay folds it), not the campaign as it stands
    now, nor the state the entry's other events made."""
    state, env, lines = past.state_at(seq - 1), past.entry(seq), []
    for ev in events:
        before = state
        state = step(before, Envelope(seq, ev.TYPE, ev.VERSION, ev, env.command_id,
                                      env.session, env.recorded_at), past.timeline)
        lines.append(entry_line([ev], state.rules, state, before))
    # then what time passing did, as the log shows it (a torch going out)
    return with_passed("; ".join(lines), past.state_at(seq - 1), state)


def check_before_appending(history: History, state: State, ev: Event, at: int,
                           rest: typing.Sequence[Event] = ()) -> None:
    """Refuse a correction (about to be entry ``at``, ``state`` the campaign
    before it) that would leave any later entry breaking what must hold: each
    entry from the corrected one on is replayed and checked. Anything else passes.
    ``rest``: the events of its command; the corrections among them of later
    entries (those it moves, ``rescheduled``: a stage that now begins at
    another hour) are replayed as moved, not as the entries stood."""
    if not isinstance(ev, EntryCorrected):
        return
    moved = {e.target: e.events for e in rest
             if isinstance(e, EntryCorrected) and e.target > ev.target}
    known = set(problems(history.state_at(ev.target - 1)))

    def judge(seq: int, after: State) -> None:
        new = [p for p in problems(after) if p not in known]
        if new:
            raise Refused(_("with that change, #{seq} would {problem}").format(seq=seq,
                                                                               problem=new[0]))

    check_correction(history, {**state.corrections, **moved} if moved else state.corrections,
                     ev.target, ev.events, at - 1, judge)


# -- an entry with its dice retyped or its fields set ------------------------------------------

def _replace_rolls(obj, new_dice: list[int], used: list[int]):
    """Rebuild ``obj`` with the dice of its rolls replaced, in rolled order."""
    if isinstance(obj, Roll):
        n = len(obj.dice)
        if used[0] + n > len(new_dice):
            return obj  # the rest keep their dice
        faces = tuple(new_dice[used[0]:used[0] + n])
        used[0] += n
        expr = dicemod.parse(obj.expr)
        groups = expr.groups
        sides = [g.sides for g in groups for _ in range(g.count)]
        for i, (v, s) in enumerate(zip(faces, sides)):
            if not 1 <= v <= s:
                raise Refused(_("die {n} ({dice}): {value} is not possible on a {die}").format(
                    n=used[0] - n + i + 1, dice=lettered(obj.expr), value=v,
                    die=lettered(f"d{s}")))
        return Roll(obj.expr, faces, dicemod.total_of(expr, faces), True)
    if isinstance(obj, tuple):
        return tuple(_replace_rolls(x, new_dice, used) for x in obj)
    if isinstance(obj, msgspec.Struct):
        return msgspec.structs.replace(obj, **{
            f: _replace_rolls(getattr(obj, f), new_dice, used) for f in obj.__struct_fields__})
    return obj


_YES_NO = {"yes": "true", "on": "true", "no": "false", "off": "false"}


def dice_count(ev: Event) -> int:
    return sum(len(r.dice) for r in dicemod.rolls_in(ev))


def editable_fields(ev: Event) -> dict[str, object]:
    """The fields of an entry a GM may retype, with their values: not its dice
    (retyped as dice) nor lists (a correction replaces the entry instead), nor
    what the tracker keeps for itself (``events.kept_by_tracker``)."""
    out: dict[str, object] = {}
    for f in amendable_fields(type(ev)):
        value = getattr(ev, f)
        if list_field(ev, f) is not None:  # a short list retyped whole: "food+herb"
            out[f] = "+".join(value)
        elif not isinstance(value, (Roll, tuple, list, dict)):
            out[f] = value
    return out


def amendable_fields(cls: type) -> tuple[str, ...]:
    """The fields of an event class ``--set`` may correct: typed neither as dice
    nor as a list, and not kept by the tracker for itself."""
    hints = _hints(cls)
    kept = KEPT_BY_TRACKER.get(cls.TYPE, ())
    return tuple(f for f in cls.__struct_fields__ if f not in kept
                 and (list_field(cls, f) is not None
                      or not any(t in hints[f] for t in ("Roll", "tuple", "list", "dict"))))


def _hints(cls: type) -> dict[str, str]:
    if cls not in _HINTS:  # once per event class
        _HINTS[cls] = {k: repr(v) for k, v in typing.get_type_hints(cls).items()}
    return _HINTS[cls]


_HINTS: dict[type, dict[str, str]] = {}


def amended(original: Event, dice: list[int] | None = None,
            fields: dict[str, str] | None = None) -> Event:
    """``original`` with its dice retyped (in rolled order) and simple fields set."""
    ev = original
    if dice:
        have = dice_count(ev)
        if have == 0:
            raise Refused(_("entry ({kind}) rolled no dice to correct").format(
                kind=type_words(ev.TYPE)))
        if len(dice) > have:
            raise Refused(_given_but(len(dice), ngettext(
                "the entry rolled only {n}", "the entry rolled only {n}", have).format(n=have)))
        ev = _replace_rolls(ev, list(dice), [0])
    if fields:
        fields = keyed_fields(ev, fields)
        data = msgspec.to_builtins(ev)
        may = editable_fields(ev)
        for key, text in fields.items():
            if key in KEPT_BY_TRACKER.get(ev.TYPE, ()):
                raise Refused(_("{field} is kept by the tracker, not entered by the GM: it "
                                "cannot be corrected (fields: {fields})").format(
                    field=field_name(key), fields=", ".join(map(field_name, may))
                    or pgettext("value", "none")))
            if key not in may:
                raise Refused(_("{field} holds dice or a list; correct dice with --dice")
                              .format(field=field_name(key)))
            value = text.strip()
            now = getattr(ev, key)
            if list_field(ev, key) is not None:  # read by ``read_lists``: ids joined by "+"
                data[key] = [x.strip() for x in value.split("+") if x.strip()]
                continue
            if isinstance(now, bool):
                value = _YES_NO.get(value.lower(), value)
            elif isinstance(now, int) and "int" in _hints(type(ev))[key] \
                    and not (value.isascii() and re.fullmatch(r"[+-]?[0-9]+", value)):
                # ASCII digits ("٣" and "1e3" are refused); the field's range says the rest
                raise Refused(_("{field} must be a whole number (digits 0-9), not {value!r}")
                              .format(field=field_name(key), value=value[:24]))
            data[key] = value
            if (flag := DERIVED_UNTIL_SET.get(ev.TYPE, {}).get(key)) is not None:
                data[flag] = False  # the GM's value from now on, not the tracker's
        try:  # not strict: "3" becomes 3 where the field is a number
            ev = msgspec.convert(data, type(ev), strict=False)
        except msgspec.ValidationError as e:
            raise Refused(_("the corrected entry is not valid: {problem}").format(
                problem=friendly(e))) from None
    if ev == original:
        raise Refused(_("that changes nothing in the entry"))
    return ev


def _given_but(n: int, only: str) -> str:
    """"3 dice given, but the entry rolled only 2": the count in its plural form."""
    return ngettext("{n} die given, but {only}", "{n} dice given, but {only}", n).format(
        n=n, only=only)
