"""The session recap: what happened in a session (or a span of them), as data
and as Markdown ready to paste into a group's chat or wiki."""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from typing import TypeVar

from .core import clock
from .core.corrections import EntryCorrected, cook
from .core.events import Envelope
from .core.state import State
from .core.tally import TALLIES, Tally
from .history import undone_commands

T = TypeVar("T", bound=Tally)


@dataclass
class Recap:
    campaign: str
    ruleset: str
    sessions: list[int]
    start: str
    end: str
    seconds: int
    days: int
    span: str = ""
    tallies: list[Tally] = field(default_factory=list)  # each area's figures, in recap order

    def of(self, kind: type[T]) -> T:
        """The tally of one area (``r.of(DungeonTally).encounters``)."""
        for t in self.tallies:
            if isinstance(t, kind):
                return t
        raise LookupError(f"no {kind.__name__} in this recap")


def _effective(envs: list[Envelope], final: State) -> list[tuple[Envelope, object]]:
    """(envelope, event as it now stands) for entries not undone."""
    undone = undone_commands(envs)
    corrected = {t for t in final.corrections}
    out = []
    for env in envs:
        if env.command_id in undone or isinstance(env.event, EntryCorrected):
            continue
        if env.seq in corrected:
            out += [(env, cook(r)) for r in final.corrections[env.seq]]
        else:
            out.append((env, env.event))
    return out


def build(name: str, envs: list[Envelope], state_at, sessions: list[int] | None = None) -> Recap:
    """Recap of ``sessions`` (default: the last session played) from the whole log."""
    final = state_at(envs[-1].seq)
    played = sorted({e.session for e in envs if e.session > 0})
    if sessions is None:
        sessions = played[-1:] or [0]
    wanted = set(sessions)
    inside = [e for e in envs if e.session in wanted]
    if not inside:
        raise ValueError(f"no entries in session {', '.join(map(str, sessions))}")
    before = state_at(inside[0].seq - 1) or state_at(inside[0].seq)
    after = state_at(inside[-1].seq)
    rules = after.rules
    r = Recap(name, rules.meta.name, sorted(wanted),
              clock.stamp(rules, before.clock), clock.stamp(rules, after.clock),
              after.clock - before.clock,
              clock.day(rules, after.clock) - clock.day(rules, before.clock))
    r.span = clock.span(rules, r.seconds)
    r.tallies = [cls(r.sessions) for _, cls in TALLIES]
    for env, ev in _effective(inside, final):
        for t in r.tallies:
            t.see(env.session, env.seq, ev, state_at)
    for t in r.tallies:
        t.finish(before, after)
    return r


def chart(r: Recap) -> list[str]:
    """Each area's figures per session (turns, encounters, lights...), as text bars."""
    out = []
    for n in r.sessions:
        cells = [c for c in (t.chart(n) for t in r.tallies) if c]
        out.append(f"S{n:<3} " + " ".join(cells))
    return out


def markdown(r: Recap, escape: bool = False) -> str:
    """The recap as Markdown. ``escape``: names, notes and the ruleset's words
    have Markdown's special characters escaped (the app shows them as typed)."""
    e = _md_escape if escape else (lambda t: t)
    which = (f"session {r.sessions[0]}" if len(r.sessions) == 1
             else f"sessions {r.sessions[0]}-{r.sessions[-1]}")
    md = [f"# {e(r.campaign)}: {which}", "",
          f"*{e(r.ruleset)}* · from {r.start} to {r.end} ({r.span or 'no time'} in game"
          + (f", {r.days} day{'s' if r.days != 1 else ''}" if r.days else "") + ")", ""]
    md += [f"- {line}" for t in r.tallies for line in t.lines(e)]
    for t in r.tallies:
        for heading, items in t.sections(e):
            md += ["", f"## {heading}", ""] + [f"- {x}" for x in items]
    if len(r.sessions) > 1:
        md += ["", "## By session", "", "```"] + chart(r) + ["```"]
    return "\n".join(md) + "\n"


_MD_SPECIAL = re.compile(r"([\\`*_\[\]<>|~#!])")


def _md_escape(text: str) -> str:
    """Markdown's special characters escaped; line breaks become spaces (a note
    stays one list item)."""
    return _MD_SPECIAL.sub(r"\\\1", " ".join(str(text).split("\n")))
