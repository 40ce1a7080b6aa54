"""The application service: open a campaign, dispatch a command, append, show.

The app and the CLI both go through ``Campaign.dispatch``: one code path from
a GM's intent to the durable log.
"""

from __future__ import annotations

import functools
import random
import sqlite3
import threading
import uuid
from datetime import datetime
from dataclasses import dataclass, field
from pathlib import Path
from typing import Iterator

import msgspec

from .core import dice as dicemod
from .core.advance import watching
from .core.alerts import Alert, alerts
from .core.campaign import ENGINE_VERSION, CampaignCreated, EndSession, SessionStarted, StartSession
from .core.campaign.rules import SetLanguage, created_state
from .core.engine import decide
from .core.errors import Refused, WrittenByNewer, WrittenByOlder
from .core.events import Envelope, Event
from .core.handlers import EVOLVERS, Command
from .core import progress, terms
from .core.invariants import new_problems
from .core.limits import checked
from .core.players import secret_in
from .core.ruleset import RULESET_SCHEMA, load_cached, load_text
from .core.state import State
from .core.timeline import amend
from .core.timeline.entries import CorrectEntry, Redo, Redone, Rewind, Undo, Undone
from .core.timeline.kinds import command_label
from .core.timeline.fold import Timeline, step
from .core.timeline.fold import refold_corrected
from .core.timeline.standing import LOOKING_BACK_TYPES, standing_from
from .core.timeline.views import Preview
from .core.table import Reveal
from .core.terms import term
from . import i18n
from .i18n import N_, _, ngettext
from .store import paths, shipped
from .store.sqlite import Damaged, EventStore, NewerFile, StoreError, row
from .store.sqlite import ConcurrentWrite  # noqa: F401 - for the app, which never imports store

# an old campaign's recorded ruleset finds the names it lacks in today's (core/terms.py)
terms.use_shipped(shipped.ruleset)

SNAPSHOT_EVERY = 1000
ENTRIES_CHECKED = N_("entries checked")  # what a long command's progress counts


def one_at_a_time(method):
    """One thread at a time in a campaign: its SQLite connection is opened with
    ``check_same_thread=False`` so the app can run a long command on a worker
    thread (ui/busy.py), and its timeline caches states; this lock keeps a call
    from the event loop waiting until the worker is done instead of sharing them."""
    @functools.wraps(method)
    def guarded(self, *args, **kwargs):
        with self._lock:
            return method(self, *args, **kwargs)
    return guarded


DEMO_NAME = "demo"  # the shipped demo campaign (saves/demo.campaign, tracker.demo builds it)


@dataclass
class Outcome:
    """What one dispatched command did."""

    envelopes: list[Envelope]
    state: State
    alerts: list[Alert] = field(default_factory=list)
    warnings: list[str] = field(default_factory=list)  # e.g. a snapshot not written
    replayed: bool = False  # True: the command id was already in the log


class Campaign:
    """An open campaign: its store, its current state and its head seq."""

    def __init__(self, store: EventStore, name: str):
        self.store = store
        self.name = name
        self._lock = threading.RLock()  # see one_at_a_time
        self.timeline = Timeline(self.store.read, self.store.nearest_snapshot)
        self._now_memo: tuple = (None, {})  # state_now_at's: (the state they follow, states)
        self.seq = self.store.head()
        if self.seq == 0:
            raise StoreError(_("{file} holds no events; it is not a usable campaign").format(
                file=store.path.name))
        self.state = self._replayed(self.seq)
        self.snapshot_seq = self.store.snapshot_in_use
        self.warnings: list[str] = []
        if self.snapshot_seq <= self.seq - SNAPSHOT_EVERY:
            self.warnings += self._checkpoints_passed(self.snapshot_seq)
            self.warnings += self._snapshot()

    def _checkpoints_passed(self, since: int) -> list[str]:
        """After a long replay at open (snapshots an older engine wrote passed
        over: an upgrade), the states it passed, kept as snapshots one per
        SNAPSHOT_EVERY entries: else reading back into the log (the log
        screen's newest entries, an undo) replays from entry 1 on every open
        until new snapshots accumulate. Written once; one that fails only
        costs speed."""
        written, last = [], since
        for seq in sorted(self.timeline.memo):
            if seq - last >= SNAPSHOT_EVERY and seq <= self.seq - SNAPSHOT_EVERY:
                written.append(self.store.save_snapshot(seq, self.timeline.memo[seq]))
                last = seq
        return [problem for problem in dict.fromkeys(written) if problem]

    def _replayed(self, seq: int) -> State:
        """The state at ``seq``; a log whose entries do not replay is damaged."""
        try:
            return self.timeline.state_at(seq)
        except StoreError:
            raise
        except WrittenByNewer as e:  # refused as it is, never called damaged
            raise NewerFile(_("{file}: {problem}").format(file=self.store.path.name,
                                                          problem=e)) from None
        except WrittenByOlder as e:
            raise StoreError(_("{file} was written by an older tracker and this one cannot "
                               "read it: {problem}").format(file=self.store.path.name,
                                                            problem=e)) from None
        except Refused as e:
            raise self._damaged(str(e)) from None
        except Exception as e:  # rows that decode but cannot be folded
            raise self._damaged(f"{type(e).__name__}: {e}") from None

    def _damaged(self, why: str) -> StoreError:
        good = _last_replayable(self.store)
        return self.store.damaged(_("its log does not replay ({problem})").format(problem=why),
                                  good)

    def _snapshot(self) -> list[str]:
        """Cache the state, and beside it the states an undo or a redo of it
        returns to: an undo right after a snapshot returns to before it, and
        without them opening replayed up to SNAPSHOT_EVERY entries from the
        snapshot before (1,000 note/undo pairs opened at 7x a log without).
        One that cannot be written only costs speed."""
        self.snapshot_seq = self.seq
        written = [self.store.save_snapshot(self.seq, self.state)]
        for seq in looked_back_to(self.state, self.seq):
            written.append(self.store.save_snapshot(seq, self.timeline.state_at(seq)))
        return [problem for problem in dict.fromkeys(written) if problem]

    # -- lifecycle ---------------------------------------------------------------

    @classmethod
    def create(cls, saves: Path, name: str, ruleset_id: str, seed: int | None = None,
               language: str | None = None) -> "Campaign":
        """A new campaign. ``language``: the one it reads in (default: its
        ruleset's), recorded as a ``language_set`` of the same first command,
        so the file is made with it or not at all."""
        path = paths.check_free(saves, name)
        rfile = paths.ruleset_file(ruleset_id)
        text = paths.read_ruleset_file(rfile)
        loaded = load_text(text, str(rfile))
        seed = random.SystemRandom().randrange(1 << 31) if seed is None else seed
        ev = CampaignCreated(name, seed, loaded.rules.meta.id, loaded.hash, text)
        command_id = new_command_id()
        rows = [row(1, ev, command_id, 0)]
        for seq, chosen in enumerate(_chosen_language(ev, language), start=2):
            rows.append(row(seq, chosen, command_id, 0))
        return cls(EventStore.create(path, rows), name)

    @classmethod
    def open(cls, saves: Path, name: str) -> "Campaign":
        path = paths.campaign_path(saves, name)
        if not path.exists():
            raise Refused(no_campaign(saves, name))
        return cls(EventStore.open(path), name)

    @one_at_a_time
    def close(self) -> None:
        self.store.close()

    @property
    def read_only(self) -> str:
        """Why nothing can be recorded in this campaign here ("" when it can):
        the app says so on opening, where it can still be looked through."""
        return self.store.read_only_reason()

    # -- reading -------------------------------------------------------------------

    @one_at_a_time
    def state_at(self, seq: int) -> State | None:
        """The state as it stood after entry ``seq``; entries another process
        appended since this one last wrote may be looked at too."""
        head = self.seq if 1 <= seq <= self.seq else self.store.head()
        if not 1 <= seq <= head:
            raise Refused(_("seq must be 1 to {head}").format(head=head))
        return self.timeline.state_at(seq)

    @one_at_a_time
    def state_now_at(self, seq: int) -> State | None:
        """The state after entry ``seq`` as the log reads it now: the corrections
        in force stand in for the entries they correct, as the log's lines say
        (``history.as_now``), where ``state_at`` gives it as it was first
        written. Each refold's states are kept until the campaign changes."""
        head = self.seq if 1 <= seq <= self.seq else self.store.head()
        if not 1 <= seq <= head:
            raise Refused(_("seq must be 1 to {head}").format(head=head))
        final = self.state
        stand_ins = dict(final.corrections) if final is not None and seq <= self.seq else {}
        if not stand_ins or seq < min(stand_ins):
            return self.timeline.state_at(seq)
        final_seen, memo = self._now_memo
        if final_seen is not final:
            memo = {}
            self._now_memo = (final, memo)
        if seq not in memo:  # and the entries just after it, for the cursor's next steps
            refold_corrected(self.timeline, stand_ins, seq, min(self.seq, seq + 50),
                             memo.__setitem__)
        return memo[seq]

    @one_at_a_time
    def tail(self, n: int) -> list[Envelope]:
        """The last ``n`` envelopes of the log."""
        return list(self.store.read(max(1, self.seq - n + 1), self.seq))

    def reader(self) -> "LogReader":
        """A read-only reader of this campaign's log on a connection of its own.
        Call it in the worker thread that reads: a SQLite connection belongs to
        the thread that opened it, and a reader never blocks the app's writes."""
        return LogReader(self.store.path)

    @one_at_a_time
    def refresh(self) -> bool:
        """Catch up with events another process appended. True if any."""
        head = self.store.head()
        if head == self.seq:
            return False
        self.state = self._replayed(head)
        self.seq = head
        return True

    # -- writing -------------------------------------------------------------------

    def dice_for(self, values: list[int] | None, manual: bool | None = None,
                 typed: bool = True):
        """The dice source for the next command.

        ``values``: dice typed in (CLI ``--dice`` or the app's manual modal);
        in manual mode nothing is rolled for the GM, otherwise the campaign
        seed and the log position roll what was not typed.
        """
        manual = self.state.manual_dice if manual is None else manual
        if manual:
            return dicemod.ManualDice(values or [])
        seeded = dicemod.SeededDice(f"{self.state.seed}:{self.seq + 1}")
        if not values:  # nothing typed: each die from the seed, as a script of none hands it on
            return seeded
        return dicemod.ScriptedDice(values, fallback=seeded, typed=typed)

    def roll_ahead(self, expr: str, times: int) -> list[int]:
        """Faces for ``times`` rolls of ``expr`` from the seed of the next entry,
        for a GM who must see them before choosing (ability scores before a class).
        Dispatching with these faces and ``typed=False`` records them as rolled."""
        # a stream of its own, so the dice rolled after them are not the same ones
        source = dicemod.SeededDice(f"{self.state.seed}:{self.seq + 1}:ahead")
        return [f for _ in range(times) for f in dicemod.roll(expr, source).dice]

    @one_at_a_time
    def decide(self, command: Command, dice_values: list[int] | None = None,
               manual: bool | None = None, typed: bool = True):
        """Decide without writing: the events a command would append."""
        return self._decide(command, dice_values, manual, typed)

    def _decide(self, command: Command, dice_values: list[int] | None = None,
                manual: bool | None = None, typed: bool = True):
        """``decide`` for a caller that holds the lock already."""
        source = self.dice_for(dice_values, manual, typed)
        events = decide(self.state, command, source)
        if isinstance(command, (Undo, Redo)):
            events = [self._named(ev) for ev in events]
        if isinstance(source, dicemod.ScriptedDice) and source.unused() > 0:
            raise Refused(ngettext("{n} dice given, but this action rolled only {used}",
                                   "{n} dice given, but this action rolled only {used}",
                                   len(source.values)).format(n=len(source.values),
                                                              used=source.used))
        return events

    def _named(self, ev: Event) -> Event:
        """An undo or redo naming what the GM did, read from the entries it
        takes back or brings again ("2 bastion weeks", not the "downtime
        passed" of the command's first entry: gm-review F17)."""
        if not isinstance(ev, (Undone, Redone)):
            return ev
        types = [r[1] for r in self.store.rows(ev.first_seq, ev.last_seq)]
        return msgspec.structs.replace(ev, label=command_label(types)) if types else ev

    @one_at_a_time
    def dispatch(self, command: Command, dice_values: list[int] | None = None,
                 command_id: str | None = None, manual: bool | None = None,
                 typed: bool = True) -> Outcome:
        """Decide, prove the events replay, append durably, then show."""
        # a retried command (its id given again) is already applied; an id made
        # here is new (a uuid4), so looking it up would only cost the keystroke a query
        if not command_id:
            command_id = new_command_id()
        elif self.store.command_seqs(command_id):
            self.refresh()
            return Outcome([], self.state, replayed=True)
        with watching() as short:  # a run of turns or days that stops short says why
            events = [checked(e) for e in self._decide(command, dice_values, manual, typed)]
        if not events:
            raise Refused(_("nothing to do"))
        session = self._session_of(events[0])
        states = self._trial(events, command_id, session)
        envs = self.store.append(self.seq, command_id, session, events)
        for env, state in zip(envs, states):
            self.timeline.remember(env.seq, state)  # undo and redo start from here
        before, self.state, self.seq = self.state, states[-1], envs[-1].seq
        warnings = []
        if self.seq - self.snapshot_seq >= SNAPSHOT_EVERY:
            warnings += self._snapshot()
        # going back over old ground (undo, redo, rewind): its alerts were shown then
        told = [] if isinstance(command, (Undo, Redo, Rewind)) else alerts(before, self.state)
        told += [Alert("warning", why) for why in short]
        return Outcome(envs, self.state, told, warnings=warnings)

    def _session_of(self, first: Event) -> int:
        """The session an entry belongs to: the one running, or the one it starts;
        0 (none) between sessions, as before the first (gm-review F6: play after
        "Session 1 ended" is no part of session 1's recap)."""
        if isinstance(first, SessionStarted):
            return first.number
        return self.state.session if self.state.in_session else 0

    def _trial(self, events: list, command_id: str, session: int) -> list[State]:
        """The state after each of ``events``, folded before anything is written:
        an entry the engine could not replay, or one that breaks what must hold
        (a correction: in any entry after it), is refused here."""
        state = before = self.state
        if len(events) == 1 and type(events[0]) in EVOLVERS:
            # one area's entry (a ``t``): no correction to check, and nothing in
            # the command looks back at a pending entry, so the log as written
            # is history enough
            ev = events[0]
            state = step(state, Envelope(self.seq + 1, ev.TYPE, ev.VERSION, ev, command_id,
                                         session, ""), self.timeline)
            progress.tick(ENTRIES_CHECKED, 1, 1)
            out = [state]
        else:
            out = self._trial_each(events, command_id, session)
            state = out[-1]
        new = new_problems(before, state)
        if new:
            raise Refused(_("this would {problem}").format(problem=new[0]))
        return out

    def _trial_each(self, events: list, command_id: str, session: int) -> list[State]:
        """``_trial``'s states, each entry over the ones before it in the command."""
        state = self.state
        out = []
        history = _Pending(self.timeline, self.seq)
        for i, ev in enumerate(events, start=self.seq + 1):
            # a correction, replayed with the later entries it moves
            amend.check_before_appending(history, state, ev, i, events)
            # an evolver that refuses (Refused) stops the command here, nothing written
            env = Envelope(i, ev.TYPE, ev.VERSION, ev, command_id, session, "")
            state = step(state, env, history)
            history.add(env, state)
            out.append(state)
            progress.tick(ENTRIES_CHECKED, len(out), len(events))
        return out

    # -- correcting the past -----------------------------------------------------------

    @one_at_a_time
    def entry(self, seq: int) -> Envelope:
        if not 1 <= seq <= self.seq:
            raise Refused(_("there is no entry #{seq} (the log has 1 to {head})").format(
                seq=seq, head=self.seq))
        return next(iter(self.store.read(seq, seq)))

    @one_at_a_time
    def stands(self, seq: int) -> bool:
        """Entry ``seq`` stands: not undone, not taken back by a rewind."""
        about = self.store.of_types(LOOKING_BACK_TYPES)
        return seq in standing_from(1, self.seq, about)

    @one_at_a_time
    def amend_command(self, seq: int, dice: list[int] | None = None,
                      fields: dict[str, str] | None = None, insert: tuple[str, str] = (),
                      note: str = "") -> CorrectEntry:
        """The command that corrects entry ``seq`` (see ``timeline.amend``)."""
        return amend.amend_command(self, seq, dice, fields, insert, note)

    @one_at_a_time
    def entry_fields(self, seq: int) -> dict[str, object]:
        """The fields of entry ``seq`` a GM may correct, with their values now."""
        return amend.entry_fields(self, seq)

    @one_at_a_time
    def rewind_command(self, seq: int) -> Rewind:
        return amend.rewind_command(self, seq)

    @one_at_a_time
    def reveal_command(self, seq: int) -> Reveal:
        """The command that tells the table what entry ``seq`` kept from them;
        refused unless that entry holds a secret (core/players.py)."""
        env = self.entry(seq)
        if secret_in(env.event) is None:
            raise Refused(_("entry #{seq} keeps nothing from the players; only a secret can be "
                            "revealed (docs/players-view.md)").format(seq=seq))
        return Reveal(seq)

    @one_at_a_time
    def preview(self, command: Command) -> State:
        """The state a command would lead to, without writing anything."""
        events = [checked(e) for e in self._decide(command)]
        if not events:
            raise Refused(_("nothing to do"))
        return self._trial(events, "preview", self._session_of(events[0]))[-1]

    @one_at_a_time
    def explain(self, command: Command) -> Preview:
        """``preview`` in the GM's words: the entry's log line now and after,
        what changes in the campaign, and the later corrections it undoes."""
        return amend.explain(self, command)

    @one_at_a_time
    def entry_events(self, seq: int, corrections_from: State | None = None) -> list:
        """What entry ``seq`` stands for: its event, or the events a correction in
        force (now, or in ``corrections_from``) put in its place."""
        return amend.entry_events(self, seq, corrections_from)

    def undo(self) -> Outcome:
        return self.dispatch(Undo())

    def redo(self) -> Outcome:
        return self.dispatch(Redo())

    def start_session_command(self) -> Command:
        """The command that begins the next session (the app offers it on opening)."""
        return StartSession()

    def end_session_command(self) -> Command:
        """The command that ends the running session (the app offers it on quitting)."""
        return EndSession()


class LogReader:
    """The log as it stands on disk, read on a read-only connection: for the
    screens' worker threads (the whole log, the recap), which must neither
    write nor hold the app's own connection. Use it in a ``with`` block."""

    def __init__(self, path: Path):
        self._store = EventStore.open(path, readonly=True)
        self.timeline = Timeline(self._store.read, self._store.nearest_snapshot)

    def head(self) -> int:
        return self._store.head()

    def read(self, first: int = 1, last: int | None = None) -> Iterator[Envelope]:
        """Entries ``first`` to ``last`` (the head when None), in order."""
        return self._store.read(first, last)

    def rows(self, first: int = 1, last: int | None = None, lean: bool = False) -> Iterator[tuple]:
        """``read`` undecoded: the raw rows (the log screen's sketch decodes few)."""
        return self._store.rows(first, last, lean)

    def id_columns(self, first: int, last: int) -> tuple[str, int, str, int] | None:
        """The entries' command ids and times recorded, two strings (the store's)."""
        return self._store.id_columns(first, last)

    def listed_columns(self, first: int, last: int) -> tuple | None:
        """The log list's columns, one string each (the store's)."""
        return self._store.listed_columns(first, last)

    def seqs_of(self, command_ids, last: int) -> list[int] | None:
        """The seqs up to ``last`` of those commands' entries (the store's)."""
        return self._store.seqs_of(command_ids, last)

    def decoded(self, seq: int, type_: str, version: int, data: str) -> Event:
        """The event of one raw row; the store's Damaged when it cannot be read."""
        return self._store.decoded(seq, type_, version, data)

    def of_types(self, types: tuple[str, ...]) -> list[Envelope]:
        """The entries of those types, in order (the store's: the few entries
        about entries, for ``standing_from``)."""
        return self._store.of_types(types)

    def state_at(self, seq: int) -> State:
        return self.timeline.state_at(seq)

    def close(self) -> None:
        self._store.close()

    def __enter__(self) -> "LogReader":
        return self

    def __exit__(self, *exc) -> None:
        self.close()


class _Pending:
    """The log with a command's entries folded but not yet written, for a
    correction of several entries (a forgotten turn and the later turns it
    moves): each one refolds over the ones before it in the same command."""

    def __init__(self, timeline: Timeline, head: int):
        self.timeline, self.head = timeline, head
        self.envs: list[Envelope] = []
        self.states: dict[int, State] = {}

    def add(self, env: Envelope, state: State) -> None:
        self.envs.append(env)
        self.states[env.seq] = state

    def state_at(self, seq: int) -> State | None:
        state = self.states.get(seq)
        return state if state is not None else self.timeline.state_at(seq)

    def read(self, lo: int, hi: int):
        if hi <= self.head:
            return self.timeline.read(lo, hi)
        stored = list(self.timeline.read(lo, self.head)) if lo <= self.head else []
        return stored + [e for e in self.envs if lo <= e.seq <= hi]


def looked_back_to(state: State, seq: int) -> list[int]:
    """The entries whose states an undo or a redo right after ``seq`` returns to."""
    ref, redo = state.last_done, state.redo
    wanted = ([ref.first_seq - 1] if ref is not None else []) + \
        ([redo[0].last_seq] if redo else [])
    return sorted({s for s in wanted if 1 <= s < seq})


def open_reader(saves: Path, name: str) -> LogReader:
    """A read-only reader of one campaign (the players' view): SQLite opens it
    with ``mode=ro``, so nothing read through it can change the file."""
    path = campaign_file(saves, name)
    if not path.exists():
        raise Refused(no_campaign(saves, name))
    return LogReader(path)


def no_campaign(saves: Path, name: str) -> str:
    return _("no campaign named {name} in {saves}").format(name=repr(name), saves=saves)


def campaign_file(saves: Path, name: str) -> Path:
    """Where campaign ``name`` lives (its name checked: no path in it)."""
    return paths.campaign_path(saves, name)


def _last_replayable(store: EventStore) -> int:
    """The last entry of a damaged log up to which it replays."""
    timeline = Timeline(store.read)
    state, good = None, 0
    try:
        for env in store.read():
            state = step(state, env, timeline)
            timeline.remember(env.seq, state)
            good = env.seq
    except Exception:
        pass
    return good


def new_command_id() -> str:
    return uuid.uuid4().hex


def _chosen_language(created: CampaignCreated, language: str | None) -> list:
    """The ``language_set`` a new campaign starts with: none when none was
    asked or the asked one is the ruleset's own; an unknown one is refused."""
    if not language:
        return []
    state = created_state(created)
    if i18n.normalize(language) == state.language_in_force:
        return []
    return decide(state, SetLanguage(language), None)


@dataclass
class RulesetInfo:
    id: str  # e.g. dolmenwood
    name: str = ""  # as the ruleset calls itself
    description: str = ""
    error: str = ""  # why the file cannot be loaded, naming file, line and key
    language: str = ""  # the one its campaigns read in unless the GM chooses another


def list_rulesets() -> list[RulesetInfo]:
    """The shipped rulesets a new campaign may use, each loaded and checked."""
    out = []
    for rid, path in paths.list_rulesets().items():
        try:
            rules = load_text(paths.read_ruleset_file(path), str(path)).rules
            # the description in the language shown (its [names.xx], else English)
            out.append(RulesetInfo(rid, rules.meta.name, term(rules, "meta.description"),
                                   language=rules.meta.language or i18n.ENGLISH))
        except Refused as e:
            out.append(RulesetInfo(rid, error=str(e)))
    return out


def check_name_free(saves: Path, name: str) -> None:
    """Refused unless ``name`` is a good campaign name not yet taken in ``saves``."""
    paths.check_free(saves, name)


@dataclass
class CampaignInfo:
    name: str
    ruleset: str  # its id, e.g. dolmenwood
    modified: float
    events: int
    error: str = ""
    ruleset_name: str = ""  # as the ruleset calls itself, e.g. Dolmenwood
    status: str = "ok"  # ok, older (read upcast), newer (refused untouched), damaged
    older: str = ""  # what is older in it, for the list ("ruleset schema 1")

    @property
    def label(self) -> str:
        """The status in a word or two, for the list and the picker."""
        if self.status == "older":
            return _("older ({what}): opens, read upcast").format(what=self.older)
        if self.status == "newer":
            return _("NEWER: written by a newer tracker")
        return self.state_word

    @property
    def state_word(self) -> str:
        """The status in one word (``tracker list`` puts the reason after it)."""
        words = {"ok": "", "older": _("older"), "newer": _("NEWER"), "damaged": _("DAMAGED"),
                 "unreadable": _("UNREADABLE")}
        return words.get(self.status, self.status)


def list_campaigns(saves: Path) -> list[CampaignInfo]:
    """The saves folder's campaigns, most recently played first (by their last
    entry's time). Each file is
    looked over (its pages and entries), so a damaged one is listed as such;
    nothing is set on a file before it is known to be ours."""
    out = []
    if not saves.is_dir():
        return out
    for p in saves.glob(f"*{paths.SUFFIX}"):
        name = p.name[: -len(paths.SUFFIX)]
        try:
            mtime = max((q.stat().st_mtime for q in (p, p.with_name(p.name + "-wal"))
                         if q.exists()), default=0.0)
        except OSError:
            mtime = 0.0
        try:
            # read-only: a listing writes nothing (no WAL switch, no snapshots
            # table, no checkpoint on close), so it leaves every file as it was
            store = EventStore.open(p, look_only=True)
            try:
                out.append(_looked_over(store, name, mtime))
            finally:
                store.close()
        except WrittenByNewer as e:
            out.append(CampaignInfo(name, "?", mtime, 0, str(e), status="newer"))
        except WrittenByOlder as e:
            out.append(CampaignInfo(name, "?", mtime, 0, str(e), status="unreadable"))
        except Damaged as e:
            out.append(CampaignInfo(name, "?", mtime, 0, str(e), status="damaged"))
        except Exception as e:  # a broken file is listed, not fatal
            out.append(CampaignInfo(name, "?", mtime, 0, str(e), status="unreadable"))
    return sorted(out, key=lambda c: (-c.modified, c.name))  # ties: by name, the same each run


_LOOK_OVER_UP_TO = 64 << 20  # bytes; bigger files get only their first and last entries read


def _looked_over(store: EventStore, name: str, mtime: float) -> CampaignInfo:
    head = store.head()
    first = next(iter(store.read(1, 1)), None)
    if first is None or not isinstance(first.event, CampaignCreated):
        raise store.damaged(_("its first entry is not the campaign's creation"))
    if store.path.stat().st_size > _LOOK_OVER_UP_TO:
        list(store.read(head, head))
    else:
        try:
            verdict = store.conn.execute("PRAGMA quick_check(1)").fetchone()[0]
        except sqlite3.DatabaseError as e:
            verdict = str(e)
        if verdict != "ok":
            raise store.damaged(_("SQLite finds {verdict}").format(verdict=repr(verdict)))
        for _entry in store.read():  # every entry decodes, in order, without gaps
            pass
    title = first.event.ruleset_id
    older: list[str] = []
    for env in _rulesets_recorded(store, first):  # what replay would refuse first
        try:
            loaded = load_cached(env.event.ruleset_toml)
        except WrittenByNewer as e:
            raise NewerFile(_("{file}, entry #{seq}: {problem}").format(
                file=store.path.name, seq=env.seq, problem=e)) from None
        except WrittenByOlder as e:
            raise WrittenByOlder(_("{file}, entry #{seq}: {problem}").format(
                file=store.path.name, seq=env.seq, problem=e)) from None
        except Refused as e:
            raise store.damaged(_("entry #{seq}'s ruleset cannot be read ({problem})").format(
                seq=env.seq, problem=e),
                                env.seq - 1) from None
        if env.seq == 1:
            title = loaded.rules.meta.name
        if loaded.rules.meta.schema < RULESET_SCHEMA:
            older.append(_("ruleset schema {n}").format(n=loaded.rules.meta.schema))
    engine = first.event.engine_version
    if engine < ENGINE_VERSION:
        older.append(_("engine {n}").format(n=engine))
    return CampaignInfo(name, first.event.ruleset_id, _last_played(store, head, mtime), head,
                        ruleset_name=title,
                        status="older" if older else "ok",
                        older=", ".join(dict.fromkeys(older)))


def _last_played(store: EventStore, head: int, mtime: float) -> float:
    """When the campaign was last played: its last entry's time, as the log
    recorded it. A file's mtime moves when it is copied, restored or merely
    checkpointed, so it stands in only when the entry's time cannot be read."""
    try:
        at = next(store.rows(head, head))[6]
        return datetime.fromisoformat(at).timestamp()
    except (StopIteration, TypeError, ValueError, StoreError):
        return mtime


def _rulesets_recorded(store: EventStore, first: Envelope) -> Iterator[Envelope]:
    """The entries that record a ruleset's text: the first and each house rule."""
    yield first
    seqs = [r[0] for r in store.conn.execute(
        "SELECT seq FROM events WHERE type = 'ruleset_changed' ORDER BY seq")]
    for seq in seqs:
        yield from store.read(seq, seq)
