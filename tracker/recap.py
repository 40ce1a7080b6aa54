"""The session recap: what happened in a session (or a span of them), as data
and as Markdown ready to paste into a group's chat or wiki."""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from typing import TypeVar

from .core import clock
from .core.events import Envelope
from .core.state import State
from .core.tally import TALLIES, Tally
from .core.timeline.entries import EntryCorrected, Redone, Rewound, Undone, cook
from .core.timeline.fold import as_now
from .i18n import _, ngettext

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


def _standing(envs: list[Envelope]) -> list[Envelope]:
    """The entries whose effect stands at the end of the log, in order: not
    undone, not taken back by a rewind. As the engine folds them, an undo returns
    to the entries standing before its command, a redo or a rewind to those
    standing right after an entry."""
    head_after: dict[int, int] = {}  # seq -> the last entry standing right after it
    behind: dict[int, int] = {}  # a standing entry -> the one standing before it
    head = 0
    for env in envs:
        ev = env.event
        if isinstance(ev, Undone):
            head = head_after.get(ev.first_seq - 1, 0)
        elif isinstance(ev, (Redone, Rewound)):
            head = head_after.get(ev.last_seq if isinstance(ev, Redone) else ev.to_seq, 0)
        else:
            behind[env.seq], head = head, env.seq
        head_after[env.seq] = head
    by_seq = {env.seq: env for env in envs}
    out = []
    while head:
        out.append(by_seq[head])
        head = behind[head]
    return out[::-1]


class _Log:
    """The whole log in memory, as ``timeline.fold.as_now`` reads it."""

    def __init__(self, envs: list[Envelope], state_at):
        self.envs, self.state_at = envs, state_at
        self.first = envs[0].seq if envs else 1

    def read(self, lo: int, hi: int):
        return self.envs[max(lo - self.first, 0):hi - self.first + 1]


def _effective(envs: list[Envelope], final: State) -> list[tuple[Envelope, object]]:
    """(envelope, event as it now stands) for standing entries."""
    corrected = {t for t in final.corrections}
    out = []
    for env in envs:
        if isinstance(env.event, EntryCorrected):
            continue
        if env.seq in corrected:
            out += [(env, cook(r)) for r in final.corrections[env.seq]]
        else:
            out.append((env, env.event))
    return out


def build(name: str, envs: list[Envelope], state_at, sessions: list[int] | None = None) -> Recap:
    """Recap of ``sessions`` (default: the last session played) from the whole log.
    Every figure is read from the log as corrected now: ``state_at`` gives the
    states as they stood when written, so the corrections in force are folded in."""
    final = state_at(envs[-1].seq)
    state_at = as_now(_Log(envs, state_at), final, envs[-1].seq)
    standing = _standing(envs)
    played = sorted({e.session for e in standing if e.session > 0})
    if sessions is None:
        sessions = played[-1:] or [0]
    wanted = set(sessions)
    inside = [e for e in standing if e.session in wanted]
    if not inside:
        which = ", ".join(map(str, sessions))
        n = len(sessions)
        if any(e.session in wanted for e in envs):
            raise ValueError(ngettext("nothing in session {which} stands: undone or rewound",
                                      "nothing in sessions {which} stands: undone or rewound",
                                      n).format(which=which))
        raise ValueError(ngettext("no entries in session {which}",
                                  "no entries in sessions {which}", n).format(which=which))
    before = state_at(inside[0].seq - 1) or state_at(inside[0].seq)
    after = state_at(inside[-1].seq)
    rules = after.rules
    r = Recap(name, rules.meta.name, sorted(wanted),
              clock.stamp(rules, before.clock), clock.stamp(rules, after.clock),
              after.clock - before.clock,
              clock.day(rules, after.clock) - clock.day(rules, before.clock))
    r.span = clock.span(rules, r.seconds)
    r.tallies = [cls(r.sessions) for _order, cls in TALLIES]
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
        # TRANSLATORS: the by-session chart's row head, "S1": keep it one letter
        head = _("S{n}").format(n=n)
        out.append(f"{head:<4} " + " ".join(cells))
    return out


def markdown(r: Recap, escape: bool = False) -> str:
    """The recap as Markdown. ``escape``: names, notes and the ruleset's words
    have Markdown's special characters escaped (the app shows them as typed)."""
    e = _md_escape if escape else (lambda t: t)
    which = (_("session {n}").format(n=r.sessions[0]) if len(r.sessions) == 1
             else _("sessions {first}-{last}").format(first=r.sessions[0], last=r.sessions[-1]))
    # the stamps name the days already: the span says how long, once
    when = (_("from {start} to {end} ({span} in game)") if r.span else
            _("from {start} to {end} (no time in game)")).format(start=r.start, end=r.end,
                                                                 span=r.span)
    md = ["# " + _("{campaign}: {sessions}").format(campaign=e(r.campaign), sessions=which), "",
          f"*{e(r.ruleset)}* · {when}", ""]
    md += [f"- {line}" for t in r.tallies for line in t.lines(e)]
    for t in r.tallies:
        for heading, items in t.sections(e):
            md += ["", f"## {heading}", ""] + [f"- {x}" for x in items]
    if len(r.sessions) > 1:
        md += ["", "## " + _("By session"), "", "```"] + chart(r) + ["```"]
    return "\n".join(md) + "\n"


_MD_SPECIAL = re.compile(r"([\\`*_\[\]<>|~#!])")


def _md_escape(text: str) -> str:
    """Markdown's special characters escaped; line breaks become spaces (a note
    stays one list item)."""
    return _MD_SPECIAL.sub(r"\\\1", " ".join(str(text).split("\n")))
