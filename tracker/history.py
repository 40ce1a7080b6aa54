"""The campaign log as entries a GM reads: text, time, dice, undone or not."""

from __future__ import annotations

from dataclasses import dataclass, field

from .core import clock
from .core.describe import describe, roll_text
from .core.dice import Roll
from .core.engine import Redone, Undone, step
from .core.events import Envelope, as_dict


@dataclass
class LogEntry:
    seq: int
    session: int
    command_id: str
    type: str
    text: str
    game_time: str
    clock: int
    recorded_at: str
    dice: list[Roll] = field(default_factory=list)
    undone: bool = False

    def as_json(self) -> dict:
        return {"seq": self.seq, "session": self.session, "command_id": self.command_id,
                "type": self.type, "text": self.text, "game_time": self.game_time,
                "clock": self.clock, "recorded_at": self.recorded_at,
                "undone": self.undone,
                "dice": [{"expr": r.expr, "dice": list(r.dice), "total": r.total,
                          "typed": r.typed} for r in self.dice]}


def rolls_in(obj) -> list[Roll]:
    """Every roll recorded in an event, in the order it was rolled."""
    out: list[Roll] = []

    def walk(x):
        if isinstance(x, Roll):
            out.append(x)
        elif isinstance(x, (tuple, list)):
            for y in x:
                walk(y)
        elif hasattr(x, "__struct_fields__"):
            for f in x.__struct_fields__:
                walk(getattr(x, f))

    walk(obj)
    return out


def undone_commands(envs: list[Envelope]) -> set[str]:
    """Commands whose effect is currently undone."""
    undone: set[str] = set()
    for env in envs:
        if isinstance(env.event, Undone):
            undone.add(env.event.command_id)
        elif isinstance(env.event, Redone):
            undone.discard(env.event.command_id)
    return undone


def entries(envs: list[Envelope], history) -> list[LogEntry]:
    """Replay ``envs`` (a whole log from seq 1) into readable entries."""
    undone = undone_commands(envs)
    out = []
    state = None
    for env in envs:
        state = step(state, env, history)
        rules = state.rules
        out.append(LogEntry(
            env.seq, env.session, env.command_id, env.type, describe(env.event, rules),
            clock.stamp(rules, state.clock), state.clock, env.recorded_at,
            rolls_in(env.event), env.command_id in undone))
    return out


__all__ = ["LogEntry", "entries", "rolls_in", "roll_text", "undone_commands", "as_dict"]
