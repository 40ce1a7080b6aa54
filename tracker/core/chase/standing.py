"""How a chase stands, read from the state: whose turn it is, who chases
whom, gaps, speeds, exhaustion, status, what a complication means, whether
it is over. The rules, the views and the screen all ask these."""

from __future__ import annotations

from .. import dice as dicemod
from ..party import sheet
from ..dice import Roll
from ..party import rules as party
from ..state import State
from .model import CAUGHT, DOWN, DROPPED, ESCAPED, GAVE_UP, IN, PURSUER, QUARRY, Chase, Complication, Runner

ABILITIES = ("str", "dex", "con", "int", "wis", "cha")


def find(chase: Chase, name: str) -> Runner | None:
    key = name.casefold()
    return next((r for r in chase.runners if r.name.casefold() == key), None)


def exhaustion(state: State, r: Runner) -> int:
    c = party.find(state, r.name) if r.member else None
    return c.exhaustion if c is not None else r.exhaustion


def d20_penalty(state: State, r: Runner) -> int:
    """What the runner's exhaustion takes from its d20 tests (saves, Stealth)."""
    p = state.rules.party
    return p.exhaustion_d20 * exhaustion(state, r) if p else 0


def speed(state: State, r: Runner) -> int:
    """Feet a round, exhaustion taken off (the party's rule)."""
    c = party.find(state, r.name) if r.member else None
    if c is not None:
        return sheet.speed(state.rules, c)
    per_level = state.rules.party.exhaustion_speed if state.rules.party else 0
    return max(0, r.speed - per_level * r.exhaustion)


def reach(state: State, r: Runner, dash: bool) -> int:
    """Feet it may move on its turn: its speed (twice with a dash), halved
    where a complication halved it, less the feet a complication cost it."""
    feet = speed(state, r) * (2 if dash else 1) // (2 if r.halved else 1)
    return max(0, feet - r.hindered)


def status(state: State, r: Runner) -> str:
    if r.status == IN and exhaustion(state, r) >= state.rules.chase.drop_out_exhaustion:
        return DROPPED
    if r.status == IN and r.member:  # complication damage (or anything else) took it down
        c = party.find(state, r.name)
        if c is not None and sheet.status(state.rules, c) != "ok":
            return DOWN
    return r.status


def running(state: State, r: Runner) -> bool:
    return status(state, r) == IN


def free_dashes(state: State, r: Runner) -> int:
    ch = state.rules.chase
    return max(ch.free_dashes_min, ch.free_dashes + r.con)


def current(state: State) -> Runner | None:
    """The runner whose turn it is (the first still running at a round's start)."""
    ch = state.chase
    if not ch.active or ch.evasion is not None:
        return None
    start = 0
    if ch.turn:
        start = next((i for i, r in enumerate(ch.runners) if r.name == ch.turn), 0)
    return next((r for r in ch.runners[start:] if running(state, r)), None)


def chases(p: Runner, q: Runner) -> bool:
    """A pursuer chases the quarry it names, or, naming none, every quarry."""
    return p.side == PURSUER and q.side == QUARRY and (not p.target or p.target == q.name)


def quarry_of(state: State, p: Runner) -> Runner | None:
    """The nearest quarry still running that the pursuer chases."""
    return min((q for q in state.chase.runners if chases(p, q) and running(state, q)),
               key=lambda q: q.position - p.position, default=None)


def pursuers_of(state: State, q: Runner) -> list[Runner]:
    return [p for p in state.chase.runners if chases(p, q) and running(state, p)]


def lead_pursuer(state: State, q: Runner) -> Runner | None:
    return max(pursuers_of(state, q), key=lambda p: p.position, default=None)


def gap(state: State, r: Runner) -> int | None:
    """Feet from a quarry to its lead pursuer, or from a pursuer to its quarry."""
    if r.side == QUARRY:
        lead = lead_pursuer(state, r)
        return None if lead is None else r.position - lead.position
    q = quarry_of(state, r)
    return None if q is None else q.position - r.position


def escape_die(rules, factors) -> str:
    """The Stealth die with advantage or disadvantage (both cancel out)."""
    edges = {rules.chase.escape_factors[f].edge for f in factors
             if f in rules.chase.escape_factors}
    die = rules.chase.stealth_die
    if len(edges) != 1:
        return die
    g = dicemod.parse(die).groups[0]
    return f"2d{g.sides}{'kh1' if edges == {'advantage'} else 'kl1'}" + \
        die[len(f"{g.count}d{g.sides}"):]


def escape_target(state: State, q: Runner) -> int | None:
    """The highest passive Perception among the quarry's pursuers."""
    return max((p.perception for p in pursuers_of(state, q)), default=None)


def afflicted(state: State, name: str) -> Runner | None:
    """Who a complication rolled by ``name`` lands on: the next runner in
    initiative order, round the table, never the roller."""
    runners = state.chase.runners
    i = next(i for i, r in enumerate(runners) if r.name == name)
    return next((r for r in runners[i + 1:] + runners[:i] if running(state, r)), None)


def complication_row(rules, setting: str, roll: Roll) -> Complication | None:
    """The table row a complication roll lands on (None: no complication)."""
    table = rules.chase.complications.get(setting) if rules.chase else None
    entry = table.entries if table else []
    row = next((e for e in entry if e.roll[0] <= roll.total <= e.roll[1]), None)
    return row if row is not None and row.result else None


def save_bonus(state: State, r: Runner, save: str) -> int | None:
    """The runner's best saving throw among the abilities a save names ("Str or
    Dex"), where the tracker knows it: a party member's own saves (proficiency
    and exhaustion in, as its sheet shows them), anyone's Con less exhaustion."""
    named = [w.lower() for w in save.replace(",", " ").split() if w.lower() in ABILITIES]
    c = party.find(state, r.name) if r.member else None
    own = sheet.saves(state.rules, c) if c is not None else {}
    known = [own[w] for w in named if w in own]
    if not known and "con" in named:
        known = [r.con - d20_penalty(state, r)]
    return max(known, default=None)


def save_missed(row: Complication, save: Roll | None) -> bool:
    """A complication's effect lands: no save against it, or the save missed the DC."""
    return not row.save or (save is not None and save.total < row.dc)


def complication_text(rules, setting: str, roll: Roll) -> str:
    """What a complication roll means ('' for none): obstacle, save and DC, failure."""
    row = complication_row(rules, setting, roll)
    if row is None:
        return ""
    save = f"; DC {row.dc} {row.save} save" if row.save else ""
    return f"{row.result}{save}" + (f"; on a failure: {row.on_fail}" if row.on_fail else "")


def brief(complication: str) -> str:
    """A runner's complication without its "on a failure" words, keeping how
    it went (after " — "): for an alert or a one-line summary."""
    what, sep, did = complication.partition(" — ")
    return what.split("; on a failure")[0] + sep + did


def over(state: State) -> str:
    """How the chase stands to end ('' while it goes on): every quarry caught
    or escaped, or no pursuer left running. A quarry that fell (down) is the
    pursuers': the chase is not escaped because its last runner died."""
    ch = state.chase
    if not ch.active or ch.evasion is not None or not ch.runners:
        return ""
    quarry = [r for r in ch.runners if r.side == QUARRY]
    pursuers = [r for r in ch.runners if r.side == PURSUER]
    if not quarry or not pursuers:
        return ""
    if any(running(state, q) for q in quarry):
        return "" if any(running(state, p) for p in pursuers) else GAVE_UP
    return CAUGHT if any(status(state, q) in (CAUGHT, DOWN) for q in quarry) else ESCAPED


def fates(state: State) -> list[tuple[str, str]]:
    """Each quarry's fate (escaped, caught, gave up, dropped out; "in" while running)."""
    return [(q.name, status(state, q)) for q in state.chase.runners if q.side == QUARRY]


def fates_text(state: State, outcome: str = "") -> str:
    """How the chase ended for its quarries: "escaped" when all share one fate
    (or there are none: ``outcome``), else "Ana escaped, Bo caught"."""
    each = fates(state)
    if len({f for _, f in each}) <= 1:
        return each[0][1] if each else outcome
    return ", ".join(f"{name} {fate}" for name, fate in each)
