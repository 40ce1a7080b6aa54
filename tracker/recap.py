"""The session recap: what happened in a session (or a span of them), as data
and as Markdown ready to paste into a group's chat or wiki."""

from __future__ import annotations

import copy
import re
import threading
from dataclasses import dataclass, field
from typing import TypeVar

import msgspec

from .core import clock
from .core.events import Envelope
from .core.state import State
from .core.tally import TALLIES, Met, Tally
from .core.timeline.entries import EntryCorrected, Redone, Rewound, Undone, cook
from .core.timeline.fold import Timeline, as_now
from .core.timeline.sessions import ENDS, STARTS, Running
from . import i18n
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

    @property
    def encounters(self) -> list[Met]:
        """Every encounter met in the span, whichever area's entry met it, in log order."""
        return sorted((m for t in self.tallies for m in t.encounters_met()),
                      key=lambda m: m.seq)

    def of(self, kind: type[T]) -> T:
        """The tally of one area (``r.of(DungeonTally).encounters``)."""
        for t in self.tallies:
            if isinstance(t, kind):
                return t
        raise LookupError(f"no {kind.__name__} in this recap")


class Standing:
    """Which entries stand at the end of the log (not undone, not taken back by
    a rewind), kept as the log grows: the log only grows (an undo, a rewind or
    a correction is a new entry) and what stood right after an entry never
    changes, so each entry is looked at once, when it is added, not at every
    recap. As the engine folds them, an undo returns to the entries standing
    before its command, a redo or a rewind to those standing right after an
    entry."""

    def __init__(self, envs: list[Envelope] = ()):
        self.envs: list[Envelope] = []
        self.first = 1  # the seq of envs[0]
        self.head_after: dict[int, int] = {}  # seq -> the last entry standing right after it
        self.behind: dict[int, int] = {}  # a standing entry -> the one standing before it
        # a standing entry -> the sessions (sorted) of the entries standing up to
        # it; one tuple shared along the chain until a session is added
        self.sessions_to: dict[int, tuple[int, ...]] = {0: ()}
        self.head = 0
        self.written: set[int] = set()  # the sessions of every entry, standing or not
        # whether a session runs, as the entries are added: an entry made while
        # none does is in none (0), as an older tracker did not record it
        self.running = Running()
        # the last ``within``: its list, the standing entries it walked (in
        # order), each one's place among them and how many of the list it ends,
        # and its sessions
        self._within: tuple = ([], [], {}, [], ())
        self.add(envs)

    def add(self, envs) -> None:
        """The entries after those already added, in order."""
        head, head_after, behind, sessions_to = \
            self.head, self.head_after, self.behind, self.sessions_to
        mine, written, running = self.envs, self.written, self.running
        on = running.now  # a session runs (what changes it: the start or end to look for)
        for env in envs:
            ev = env.event
            if not on and env.session and env.type != STARTS:
                # between sessions: in none, however an older tracker recorded it
                env = msgspec.structs.replace(env, session=0)
            if not mine:
                self.first = env.seq
            mine.append(env)
            written.add(env.session)
            if isinstance(ev, Undone):
                head = head_after.get(ev.first_seq - 1, 0)
                on = running.back_to(env.seq, head)
            elif isinstance(ev, (Redone, Rewound)):
                head = head_after.get(ev.last_seq if isinstance(ev, Redone) else ev.to_seq, 0)
                on = running.back_to(env.seq, head)
            else:
                if env.type == (ENDS if on else STARTS):  # what would change it
                    on = not on
                    running.mark(env.seq, on)
                had = sessions_to[head]
                behind[env.seq] = head
                sessions_to[env.seq] = had if env.session in had else \
                    tuple(sorted(had + (env.session,)))
                head = env.seq
            head_after[env.seq] = head
        self.head = head

    def env(self, seq: int) -> Envelope:
        return self.envs[seq - self.first]

    def sessions(self) -> tuple[int, ...]:
        """The sessions that have an entry standing (0: before the first)."""
        return self.sessions_to[self.head]

    def within(self, wanted: set[int] | None = None) -> list[Envelope]:
        """The standing entries, in order (of the ``wanted`` sessions only):
        walked back from the head, no further than the last one of them, nor
        than an entry the last call of the same sessions walked (what stood
        up to it has not changed: the list up to there is reused)."""
        key = None if wanted is None else frozenset(wanted)
        old, walked, pos, counts, was = self._within
        if was != key:
            old, walked, pos, counts = [], [], {}, []
        back, shared = [], -1
        at, behind, sessions_to = self.head, self.behind, self.sessions_to
        while at:
            if at in pos:
                shared = pos[at]
                break
            back.append(self.env(at))
            at = behind[at]
            if wanted is not None and wanted.isdisjoint(sessions_to[at]):
                break
        if shared < 0:
            out, walked, pos, counts = [], [], {}, []
        else:
            out = old[:counts[shared]]
            for seq in walked[shared + 1:]:
                del pos[seq]
            del walked[shared + 1:], counts[shared + 1:]
        for env in reversed(back):
            if wanted is None or env.session in wanted:
                out.append(env)
            pos[env.seq] = len(walked)
            walked.append(env.seq)
            counts.append(len(out))
        self._within = (out, walked, pos, counts, key)
        return out


def _standing(envs: list[Envelope]) -> list[Envelope]:
    """The entries whose effect stands at the end of the log, in order."""
    return Standing(envs).within()


class _Log:
    """The whole log in memory, as ``timeline.fold.as_now`` reads it."""

    def __init__(self, envs: list[Envelope], state_at):
        self.envs, self.state_at = envs, state_at
        self.first = envs[0].seq if envs else 1

    def read(self, lo: int, hi: int):
        return self.envs[max(lo - self.first, 0):hi - self.first + 1]


def session_name(n: int) -> str:
    """"session 2", or for 0 the play outside any session: before the first
    and between two (an entry made after "Session 1 ended" is in none)."""
    return _("session {n}").format(n=n) if n else _("outside sessions")


def sessions_name(sessions: list[int]) -> str:
    """"session 2", "sessions 1-3", or with the play outside sessions
    "outside sessions and sessions 1-3" (the recap's "All")."""
    if len(sessions) == 1:
        return session_name(sessions[0])
    numbered = [n for n in sessions if n]
    span = session_name(numbered[0]) if len(numbered) == 1 else \
        _("sessions {first}-{last}").format(first=numbered[0], last=numbered[-1])
    return span if numbered == sessions else \
        _("outside sessions and {span}").format(span=span)


def build(name: str, envs: list[Envelope] | Standing, state_at,
          sessions: list[int] | None = None) -> Recap:
    """Recap of ``sessions`` (default: the last session played) from the whole log
    (its envelopes, or a ``Standing`` of them). Every figure is read from the
    log as corrected now: ``state_at`` gives the states as they stood when
    written, so the corrections in force are folded in."""
    return _build(name, envs if isinstance(envs, Standing) else Standing(envs), state_at,
                  sessions)


def _build(name: str, standing: Standing, state_at, sessions: list[int] | None,
           fed: "_Fed | None" = None) -> Recap:
    envs = standing.envs
    final = state_at(envs[-1].seq)
    state_at = as_now(_Log(envs, state_at), final, envs[-1].seq)
    played = [s for s in standing.sessions() if s > 0]
    if sessions is None:
        sessions = played[-1:] or [0]
    wanted = set(sessions)
    inside = standing.within(wanted)
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
    # no time passed: the recap says so in words, never a bare "0" (gm-review7 C8)
    r.span = clock.span(rules, r.seconds) if r.seconds > 0 else ""
    if fed is None:
        fed = _Fed()
    r.tallies = fed.tallies(r.sessions, inside, final, state_at)
    for t in r.tallies:
        t.finish(before, after)
    return r


class _Fed:
    """The tallies as they stood after seeing the first entries of the last
    recap, kept (``Recapper``) so that the next recap of the same sessions, with
    the same corrections in force and in the same language, feeds them only the
    entries after the part both recaps share: an undo or a redo of the last
    command sees a few entries again, not the whole session. Each tally sees
    an entry with the state just after it as the log now reads it, and both
    are the same for an entry whose standing entries before it are the same
    (the log only grows; the corrections in force are part of the key)."""

    def __init__(self, every: int = 256, kept: int = 8):
        self.every = every  # entries between two kept points
        self.kept = kept  # the newest points kept (an undo looks back a little)
        self.key = None
        self.points: dict[int, tuple[int, list[Tally]]] = {}  # entries fed -> (last seq, tallies)

    def tallies(self, sessions: list[int], inside: list[Envelope], final: State,
                state_at) -> list[Tally]:
        key = (tuple(sessions), i18n.current(), final.corrections)
        if key != self.key:
            self.key, self.points = key, {}
        start, tallies = 0, None
        for n in sorted(self.points, reverse=True):  # the furthest point this recap shares
            seq, kept = self.points[n]
            if n <= len(inside) and inside[n - 1].seq == seq:
                start, tallies = n, [_fork(t) for t in kept]
                break
        self.points = {n: p for n, p in self.points.items() if n <= start}
        if tallies is None:
            tallies = [cls(sessions) for _order, cls in TALLIES]
        state_at = _recent(state_at)
        corrected = final.corrections
        for i in range(start, len(inside)):
            env = inside[i]
            if isinstance(env.event, EntryCorrected):
                pass
            elif env.seq in corrected:
                for raw in corrected[env.seq]:
                    ev = cook(raw)
                    for t in tallies:
                        t.see(env.session, env.seq, ev, state_at)
            else:
                for t in tallies:
                    t.see(env.session, env.seq, env.event, state_at)
            if (i + 1) % self.every == 0 or i + 1 == len(inside):
                self.points[i + 1] = (env.seq, [_fork(t) for t in tallies])
        for n in sorted(self.points)[:-self.kept - 1]:
            del self.points[n]
        return tallies


def _recent(state_at):
    """``state_at`` keeping the few states last asked for: each tally asks
    for the states just before and after the entry it sees (the party's for
    the hit points every entry moved, gm-review4 R3), and the entry before's
    "after" is this one's "before"."""
    kept: dict[int, State | None] = {}
    get = kept.get

    def at(seq: int) -> State | None:
        state = get(seq, kept)
        if state is kept:  # the dict itself: never a state
            if len(kept) > 3:
                kept.clear()
            state = kept[seq] = state_at(seq)
        return state
    return at


def _fork(tally: Tally) -> Tally:
    """A copy of ``tally`` that shares nothing it could change: its lists,
    dicts and sets are copied (all the way down); what they hold besides is
    immutable (numbers, strings, frozen structs, the rules)."""
    out = copy.copy(tally)
    for k, v in vars(out).items():
        if isinstance(v, (list, dict, set)):
            setattr(out, k, _copied(v))
    return out


_CONTAINERS = (list, dict, set)


def _copied(v):
    if type(v) is list:
        if _flat(v):  # a long session's encounters: thousands of strings, copied at C speed
            return v.copy()
        return [_copied(x) if isinstance(x, _CONTAINERS) else x for x in v]
    if type(v) is dict:
        if _flat(v.values()):
            return v.copy()
        return {k: _copied(x) if isinstance(x, _CONTAINERS) else x for k, x in v.items()}
    if isinstance(v, set):
        return set(v)
    if isinstance(v, (list, dict)):  # a subclass: copied as itself
        return copy.deepcopy(v)
    return v


def _flat(values) -> bool:
    """Whether no value is a list, dict or set (or one of theirs): the types
    are gathered without a Python loop per value."""
    return not any(issubclass(t, _CONTAINERS) for t in set(map(type, values)))


class Recapper:
    """Recaps of one campaign file, built one after another as it grows (the
    recap screen's): each build reads only the entries added since the last
    one, keeps which entries stand as it goes (``Standing``), keeps the states
    it folded (the state just after an entry never changes), and feeds the
    tallies only what the last build did not share (``_Fed``). A log shorter
    than what was read, or whose entries were not read from 1 (another file),
    is read again whole. Builds run in worker threads: one at a time."""

    def __init__(self, every: int = 256, kept: int = 8):
        self.lock = threading.Lock()
        self.every, self.kept = every, kept  # the tallies' kept points (``_Fed``)
        self._anew()

    def _anew(self) -> None:
        self.standing = Standing()
        self.timeline = Timeline(self._read)
        self.fed = _Fed(self.every, self.kept)

    def _read(self, lo: int, hi: int):
        envs = self.standing.envs
        return envs[max(lo - 1, 0):hi]

    def build(self, name: str, log, sessions: list[int] | None) -> tuple[Recap, list[int]]:
        """The recap of ``sessions`` of ``log`` (``head()``, ``read(lo, hi)`` and
        ``timeline.nearest``: a ``service.LogReader``), and the sessions played."""
        with self.lock:
            head, envs = log.head(), self.standing.envs
            if head < len(envs) or (envs and envs[-1].seq != len(envs)):
                self._anew()
            if head > len(self.standing.envs):
                self.standing.add(log.read(len(self.standing.envs) + 1, head))
            self.timeline.nearest = log.timeline.nearest  # a snapshot, read by this thread
            # the play outside sessions (0: before the first, between two) is
            # a recap of its own too, and in "All" (gm-review3 R8)
            played = sorted(self.standing.written) or [0]
            return _build(name, self.standing, self.timeline.state_at, sessions, self.fed), played


def chart(r: Recap) -> list[str]:
    """Each area's figures per session (turns, encounters, lights...), as text bars."""
    out = []
    met = {n: 0 for n in r.sessions}
    for m in r.encounters:
        met[m.session] = met.get(m.session, 0) + 1
    # TRANSLATORS: the recap's chart; keep the word short (a fixed-width column)
    met_word = _("encounters")
    for n in r.sessions:
        cells = [c for c in (t.chart(n) for t in r.tallies) if c]
        cells.append(f"{met_word} {met[n]:>2} {'●' * min(met[n], 8):<8}")
        # TRANSLATORS: the by-session chart's row head, "S1": keep it one letter
        head = _("S{n}").format(n=n)
        out.append(f"{head:<4} " + " ".join(cells))
    return out


def markdown(r: Recap, escape: bool = False) -> str:
    """The recap as Markdown. ``escape``: names, notes and the ruleset's words
    have Markdown's special characters escaped (the app shows them as typed)."""
    e = _md_escape if escape else (lambda t: t)
    which = sessions_name(r.sessions)
    # the stamps name the days already: the span says how long, once
    when = (_("from {start} to {end} ({span} in game)") if r.span else
            _("from {start} to {end} (no time in game)")).format(start=r.start, end=r.end,
                                                                 span=r.span)
    md = ["# " + _("{campaign}: {sessions}").format(campaign=e(r.campaign), sessions=which), "",
          f"*{e(r.ruleset)}* · {when}", ""]
    md += [f"- {line}" for t in r.tallies for line in t.lines(e)]
    met = r.encounters  # every area's, of every kind, in log order
    if met:
        md += ["", "## " + _("Encounters"), ""] + [
            "- " + _("session {session}, #{seq}: {encounter}").format(
                session=m.session, seq=m.seq, encounter=m.what) for m in met]
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
