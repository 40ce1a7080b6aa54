"""The application service: open a campaign, dispatch a command, append, show.

The app and the CLI both go through ``Campaign.dispatch``: one code path from
a GM's intent to the durable log.
"""

from __future__ import annotations

import random
import uuid
from dataclasses import dataclass, field
from pathlib import Path

import msgspec

from .core import dice as dicemod
from .core.alerts import Alert, alerts
from .core.campaign import CampaignCreated, SessionStarted
from .core.corrections import UNCORRECTABLE, CorrectEntry, Rewind, amended, cook, raw
from .core.dungeon import Encounter, TurnAdvanced, recheck
from .core.engine import Redo, Timeline, Undo, decide, step
from .core.errors import Refused
from .core.events import Envelope
from .core.handlers import Command
from .core.ruleset import load_text
from .core.state import State
from .store import paths
from .store.sqlite import EventStore, StoreError, row

SNAPSHOT_EVERY = 1000


@dataclass
class Outcome:
    """What one dispatched command did."""

    envelopes: list[Envelope]
    state: State
    alerts: list[Alert] = field(default_factory=list)
    replayed: bool = False  # True: the command id was already in the log


class Campaign:
    """An open campaign: its store, its current state and its head seq."""

    def __init__(self, store: EventStore, name: str):
        self.store = store
        self.name = name
        self.timeline = Timeline(self.store.read, self.store.nearest_snapshot)
        self.seq = self.store.head()
        if self.seq == 0:
            raise StoreError(f"{store.path.name} holds no events; it is not a usable campaign")
        self.state = self.timeline.state_at(self.seq)
        self.snapshot_seq = self.store.last_snapshot_seq()
        if self.snapshot_seq < self.seq - SNAPSHOT_EVERY:
            self._snapshot()

    def _snapshot(self) -> None:
        self.store.save_snapshot(self.seq, self.state)
        self.snapshot_seq = self.seq

    # -- lifecycle ---------------------------------------------------------------

    @classmethod
    def create(cls, saves: Path, name: str, ruleset_id: str, seed: int | None = None) -> "Campaign":
        path = paths.campaign_path(saves, name)
        rfile = paths.ruleset_file(ruleset_id)
        try:
            text = rfile.read_text(encoding="utf-8")
        except (OSError, UnicodeDecodeError) as e:
            raise Refused(f"cannot read ruleset {rfile}: {e}") from None
        loaded = load_text(text, str(rfile))
        seed = random.SystemRandom().randrange(1 << 31) if seed is None else seed
        ev = CampaignCreated(name, seed, loaded.rules.meta.id, loaded.hash, text)
        return cls(EventStore.create(path, [row(1, ev, new_command_id(), 0)]), name)

    @classmethod
    def open(cls, saves: Path, name: str) -> "Campaign":
        path = paths.campaign_path(saves, name)
        if not path.exists():
            raise Refused(f"no campaign named {name!r} in {saves}")
        return cls(EventStore.open(path), name)

    def close(self) -> None:
        self.store.close()

    # -- reading -------------------------------------------------------------------

    def state_at(self, seq: int) -> State | None:
        if not 1 <= seq <= self.seq:
            raise Refused(f"seq must be 1 to {self.seq}")
        return self.timeline.state_at(seq)

    def tail(self, n: int) -> list[Envelope]:
        """The last ``n`` envelopes of the log."""
        return list(self.store.read(max(1, self.seq - n + 1), self.seq))

    def refresh(self) -> bool:
        """Catch up with events another process appended. True if any."""
        head = self.store.head()
        if head == self.seq:
            return False
        self.state = self.timeline.state_at(head)
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
        seeded = dicemod.SeededDice(f"{self.state.seed}:{self.seq + 1}")
        if manual:
            return dicemod.ManualDice(values or [])
        return dicemod.ScriptedDice(values or [], fallback=seeded, typed=typed)

    def roll_ahead(self, expr: str, times: int) -> list[int]:
        """Faces for ``times`` rolls of ``expr`` from the seed of the next entry,
        for a GM who must see them before choosing (ability scores before a class).
        Dispatching with these faces and ``typed=False`` records them as rolled."""
        # a stream of its own, so the dice rolled after them are not the same ones
        source = dicemod.SeededDice(f"{self.state.seed}:{self.seq + 1}:ahead")
        return [f for _ in range(times) for f in dicemod.roll(expr, source).dice]

    def decide(self, command: Command, dice_values: list[int] | None = None,
               manual: bool | None = None, typed: bool = True):
        """Decide without writing: the events a command would append."""
        source = self.dice_for(dice_values, manual, typed)
        events = decide(self.state, command, source)
        if isinstance(source, dicemod.ScriptedDice) and source.unused() > 0:
            raise Refused(f"{len(source.values)} dice given, but this action rolled only "
                          f"{source.used}")
        return events

    def dispatch(self, command: Command, dice_values: list[int] | None = None,
                 command_id: str | None = None, manual: bool | None = None,
                 typed: bool = True) -> Outcome:
        """Decide, append durably, then fold into the state."""
        command_id = command_id or new_command_id()
        if self.store.command_seqs(command_id):  # a retried command: already applied
            self.refresh()
            return Outcome([], self.state, replayed=True)
        events = self.decide(command, dice_values, manual, typed)
        if not events:
            raise Refused("nothing to do")
        # a session's first entry belongs to it
        session = events[0].number if isinstance(events[0], SessionStarted) else self.state.session
        envs = self.store.append(self.seq, command_id, session, events)
        before = self.state
        state = before
        for env in envs:
            state = step(state, env, self.timeline)
        prev, self.state, self.seq = self.seq, state, envs[-1].seq
        if self.seq // self.timeline.every > prev // self.timeline.every:
            self.timeline.remember(self.seq, state)  # keeps undo far back cheap
        if self.seq - self.snapshot_seq >= SNAPSHOT_EVERY:
            self._snapshot()
        return Outcome(envs, state, alerts(before, state))

    # -- correcting the past -----------------------------------------------------------

    def entry(self, seq: int) -> Envelope:
        if not 1 <= seq <= self.seq:
            raise Refused(f"there is no entry #{seq} (the log has 1 to {self.seq})")
        return next(iter(self.store.read(seq, seq)))

    def amend_command(self, seq: int, dice: list[int] | None = None,
                      fields: dict[str, str] | None = None, insert_turn: str = "",
                      note: str = "") -> CorrectEntry:
        """The command that corrects entry ``seq``: retyped dice, changed fields,
        and/or a forgotten turn (e.g. a rest) inserted right after it."""
        if not (dice or fields or insert_turn):
            raise Refused("say what to correct: --dice, --set FIELD=VALUE or --insert-turn")
        env = self.entry(seq)
        if env.type in UNCORRECTABLE:
            raise Refused(f"entry #{seq} ({env.type.replace('_', ' ')}) cannot be corrected; "
                          "undo or rewind instead")
        stand_in = self.state.corrections.get(seq)
        current = [cook(r) for r in stand_in] if stand_in else [env.event]
        if dice and isinstance(current[0], Encounter):
            source = dicemod.ScriptedDice(dice, fallback=self.dice_for(None, manual=False))
            current[0] = recheck(self.state, current[0], source)
            if source.unused():
                raise Refused(f"{len(dice)} dice given, but the check rolls only {source.used}")
            dice = None
        if dice or fields:
            current[0] = amended(current[0], dice, fields)
        if insert_turn:
            if insert_turn not in self.state.rules.dungeon.activities:
                raise Refused(f"unknown activity {insert_turn!r}; choose one of: "
                              + ", ".join(self.state.rules.dungeon.activities))
            current.append(TurnAdvanced(activity=insert_turn))
        return CorrectEntry(seq, tuple(raw(e) for e in current), note)

    def rewind_command(self, seq: int) -> Rewind:
        if not 1 <= seq < self.seq:
            raise Refused(f"rewind to an entry from 1 to {self.seq - 1}")
        return Rewind(seq)

    def preview(self, command: Command) -> State:
        """The state a command would lead to, without writing anything."""
        events = self.decide(command)
        state = self.state
        cid = "preview"
        for i, ev in enumerate(events, start=self.seq + 1):
            state = step(state, Envelope(i, ev.TYPE, ev.VERSION, ev, cid, 0, ""), self.timeline)
        return state

    def undo(self) -> Outcome:
        return self.dispatch(Undo())

    def redo(self) -> Outcome:
        return self.dispatch(Redo())


def new_command_id() -> str:
    return uuid.uuid4().hex


@dataclass
class CampaignInfo:
    name: str
    ruleset: str
    modified: float
    events: int
    error: str = ""


def list_campaigns(saves: Path) -> list[CampaignInfo]:
    """The saves folder's campaigns, most recently played first."""
    out = []
    if not saves.is_dir():
        return out
    for p in saves.glob(f"*{paths.SUFFIX}"):
        name = p.name[: -len(paths.SUFFIX)]
        mtime = max((q.stat().st_mtime for q in (p, p.with_name(p.name + "-wal")) if q.exists()),
                    default=0.0)
        try:
            store = EventStore.open(p)
            try:
                row = store.conn.execute(
                    "SELECT data FROM events WHERE seq = 1").fetchone()
                ruleset = msgspec.json.decode(row[0])["ruleset_id"] if row else "?"
                out.append(CampaignInfo(name, ruleset, mtime, store.head()))
            finally:
                store.close()
        except Exception as e:  # a broken file is listed, not fatal
            out.append(CampaignInfo(name, "?", mtime, 0, str(e)))
    return sorted(out, key=lambda c: c.modified, reverse=True)
