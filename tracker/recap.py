"""The session recap: what happened in a session (or a span of them), as data
and as Markdown ready to paste into a group's chat or wiki."""

from __future__ import annotations

import re
from dataclasses import dataclass, field

from .core import clock
from .core.corrections import EntryCorrected, cook
from .core.dungeon import CheckRolled, DungeonEntered, TurnAdvanced, is_encounter
from .core.events import Envelope
from .core.lights import LightLit
from .core import sheet
from .core.campaign import NoteAdded
from .core.party import DamageTaken, Healed, LevelledUp, XPAwarded
from .core.state import State
from .core.supplies import SuppliesSet
from .history import undone_commands


@dataclass
class SessionLine:
    number: int
    turns: int = 0
    checks: int = 0
    encounters: int = 0
    lights: int = 0


@dataclass
class Recap:
    campaign: str
    ruleset: str
    sessions: list[int]
    start: str
    end: str
    seconds: int
    days: int
    turns: int = 0
    checks: int = 0
    encounters: list[str] = field(default_factory=list)
    lights: dict[str, int] = field(default_factory=dict)
    supplies_used: dict[str, int] = field(default_factory=dict)
    spoiled: int = 0
    eaten: int = 0
    dungeons: list[str] = field(default_factory=list)
    notes: list[str] = field(default_factory=list)
    damage: dict[str, int] = field(default_factory=dict)
    healed: dict[str, int] = field(default_factory=dict)
    xp: int = 0
    levels: list[str] = field(default_factory=list)
    fallen: list[str] = field(default_factory=list)
    per_session: list[SessionLine] = field(default_factory=list)
    span: str = ""


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
    lines = {n: SessionLine(n) for n in sorted(wanted)}
    stocked: dict[str, int] = {}  # supplies bought or found during the span
    for env, ev in _effective(inside, final):
        line = lines[env.session]
        if isinstance(ev, TurnAdvanced):
            r.turns += 1
            line.turns += 1
        if isinstance(ev, (TurnAdvanced, CheckRolled)) and ev.check is not None:
            r.checks += 1
            line.checks += 1
            if is_encounter(state_at(env.seq).rules, ev):  # the rules of that moment
                line.encounters += 1
                where = f" at {ev.distance.total} ft" if ev.distance else ""
                r.encounters.append(f"session {env.session}, #{env.seq}: wandering monsters{where}")
        elif isinstance(ev, LightLit):
            kind = rules.lights[ev.kind].name if ev.kind in rules.lights else ev.kind
            r.lights[kind] = r.lights.get(kind, 0) + 1
            line.lights += 1
        elif isinstance(ev, DungeonEntered) and ev.name and ev.name not in r.dungeons:
            r.dungeons.append(ev.name)
        elif isinstance(ev, NoteAdded):
            r.notes.append(ev.text)
        elif isinstance(ev, DamageTaken):
            r.damage[ev.name] = r.damage.get(ev.name, 0) + ev.amount
        elif isinstance(ev, Healed):
            r.healed[ev.name] = r.healed.get(ev.name, 0) + ev.amount
        elif isinstance(ev, XPAwarded):
            r.xp += ev.amount
        elif isinstance(ev, LevelledUp):
            r.levels.append(ev.name)
        elif isinstance(ev, SuppliesSet):  # stocking up is not use
            had = state_at(env.seq - 1).supplies.count(ev.kind)
            stocked[ev.kind] = stocked.get(ev.kind, 0) + max(0, ev.count - had)
    for kind, label in rules.supplies.items():
        used = before.supplies.count(kind) + stocked.get(kind, 0) - after.supplies.count(kind)
        if used:
            r.supplies_used[label] = used
    r.spoiled = after.supplies.spoiled - before.supplies.spoiled
    r.eaten = after.supplies.eaten - before.supplies.eaten
    r.per_session = list(lines.values())
    was = {c.id: sheet.status(rules, c) for c in before.party}
    r.fallen = [f"{c.name} ({sheet.status(rules, c)})" for c in after.party
                if sheet.status(rules, c) != "ok" and was.get(c.id, "ok") == "ok"]
    return r


def bar(n: int, top: int, width: int = 20) -> str:
    return "█" * (0 if top == 0 else round(width * n / top))


def chart(r: Recap) -> list[str]:
    """Turns, encounters and lights lit per session, as text bars."""
    top = max((s.turns for s in r.per_session), default=0)
    out = []
    for s in r.per_session:
        out.append(f"S{s.number:<3} turns {s.turns:>4} {bar(s.turns, top, 16):<16} "
                   f"encounters {s.encounters:>2} {'●' * min(s.encounters, 8):<8} "
                   f"lights {s.lights:>2} {'▮' * min(s.lights, 8)}")
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
    if r.dungeons:
        md.append(f"- **Delved:** {', '.join(map(e, r.dungeons))}")
    md.append(f"- **Turns:** {r.turns}")
    md.append(f"- **Wandering checks:** {r.checks}, encounters: {len(r.encounters)}")
    if r.lights:
        md.append("- **Lights lit:** " + ", ".join(f"{n} × {e(k)}" for k, n in r.lights.items()))
    if r.supplies_used:
        md.append("- **Supplies used:** " + ", ".join(f"{n} {e(k.lower())}" for k, n in
                                                      r.supplies_used.items()))
    if r.eaten or r.spoiled:
        md.append(f"- **Rations:** {r.eaten} eaten, {r.spoiled} spoiled")
    if r.damage:
        md.append("- **Damage taken:** " + ", ".join(f"{e(n)} {d}" for n, d in r.damage.items()))
    if r.healed:
        md.append("- **Healed:** " + ", ".join(f"{e(n)} {d}" for n, d in r.healed.items()))
    if r.xp:
        md.append(f"- **XP awarded:** {r.xp}")
    if r.levels:
        md.append("- **Went up a level:** " + ", ".join(map(e, r.levels)))
    if r.fallen:
        md.append("- **Fallen:** " + ", ".join(map(e, r.fallen)))
    if r.encounters:
        md += ["", "## Encounters", ""] + [f"- {x}" for x in r.encounters]
    if r.notes:
        md += ["", "## Notes", ""] + [f"- {e(n)}" for n in r.notes]
    if len(r.per_session) > 1:
        md += ["", "## By session", "", "```"] + chart(r) + ["```"]
    return "\n".join(md) + "\n"


_MD_SPECIAL = re.compile(r"([\\`*_\[\]<>|~#!])")


def _md_escape(text: str) -> str:
    """Markdown's special characters escaped; line breaks become spaces (a note
    stays one list item)."""
    return _MD_SPECIAL.sub(r"\\\1", " ".join(str(text).split("\n")))
