"""How a chase reads in the log, what the GM must not miss, its JSON, what
must hold, and its lines in the recap."""

from __future__ import annotations

from typing import Iterator

from ..alerts import Alert, alerting
from ..changes import matched, reads_changes
from ..timeline.hooks import offers_choices
from ..describe import roll_text
from ..events import describes
from ..invariants import invariant
from ..state import State
from ..tally import Tally, tally
from ..players import Panel, Table, players_view, secret
from ..view import state_view
from . import evasion, rules as r
from .model import IN, OUTCOMES, PURSUER

# --- how its events read in the log ------------------------------------------------------


@describes(r.ChaseStarted)
def _started(ev: r.ChaseStarted, rules) -> str:
    return f"Chase begins ({ev.setting}), quarry {ev.distance} ft ahead"


@describes(r.RunnerJoined)
def _joined(ev: r.RunnerJoined, rules) -> str:
    who = "party" if ev.member else f"speed {ev.speed} ft"
    return (f"{ev.name} joins the chase as {ev.side} ({who}), initiative "
            f"{roll_text(ev.initiative)}{ev.initiative_bonus:+d}")


@describes(r.TurnTaken, with_before=True)
def _turn(ev: r.TurnTaken, rules, state=None, before=None) -> str:
    bits = [f"{ev.name} {'dashes' if ev.dash else 'moves'} {ev.feet} ft"]
    if ev.save is not None and rules.chase is not None:
        # the modifier as the runner stood before the turn, not as recorded
        save = r.dash_save(before, ev)
        ok = "failed: a level of exhaustion" if save.total < rules.chase.dash_dc else "made"
        bits.append(f"DC {rules.chase.dash_dc} {rules.chase.dash_save} save "
                    f"{roll_text(save)} {ok}")
    text = r.complication_text(rules, ev.setting, ev.complication)
    bits.append(f"complication {roll_text(ev.complication)}" +
                (f": {text}" if text else " none"))
    if ev.victim_save is not None:
        bits.append(f"the next runner's save {roll_text(ev.victim_save)}")
    if ev.damage is not None:
        bits.append(f"damage {roll_text(ev.damage)}")
    if ev.joiner is not None:
        bits.append(f"{ev.creature} joins (speed {ev.creature_speed} ft), initiative "
                    f"{roll_text(ev.joiner)}")
    return "; ".join(bits + _caught(ev.name, state)) + _round_end(state)


def _caught(pursuer: str, state: State | None) -> list[str]:
    """"catches Ana" when ``pursuer``'s turn, just taken, caught someone."""
    ch = state.chase if state is not None else None
    if ch is None:
        return []
    this_round = ch.round if ch.turn else ch.round - 1  # the last turn ends its round
    return [f"catches {x.name}" for x in ch.runners
            if x.caught_by == pursuer and x.caught_in == this_round]


def _round_end(state: State | None) -> str:
    """After the round's last turn: the round's end, with how the chase stands."""
    ch = state.chase if state is not None else None
    if ch is None or not ch.active or ch.evasion is not None or ch.turn or ch.round < 2:
        return ""
    seconds = (ch.round - 1) * state.rules.time.round_seconds
    gaps = [f"{x.name} {g} ft" for x in ch.runners
            if x.side == "quarry" and r.running(state, x) and (g := r.gap(state, x)) is not None]
    return f". End of round {ch.round - 1} ({seconds} s in)" + \
        (f": {', '.join(gaps)} ahead" if gaps else "")


@describes(r.EscapeRolled, with_state=True)
def _escape(ev: r.EscapeRolled, rules, state=None) -> str:
    """"Bo tries to slip away: Stealth 1d20=[9] + 1 = 10 vs Perception 13: spotted"."""
    known = rules.chase.escape_factors if rules.chase else {}
    why = ", ".join(known[f].text for f in ev.factors if f in known)
    text = f"{ev.name} tries to slip away: Stealth {roll_text(ev.roll)}"
    q = r.find(state.chase, ev.name) if state is not None else None
    target = r.escape_target(state, q) if q is not None else None
    if target is not None:
        mod = q.stealth - r.d20_penalty(state, q)
        text += (f" {'+' if mod >= 0 else '-'} {abs(mod)} = {ev.roll.total + mod} vs Perception "
                 f"{target}: {'escapes' if r.escaped(state, ev) else 'spotted'}")
    return text + (f" ({why})" if why else "")


@describes(r.SideSwapped)
def _swapped(ev: r.SideSwapped, rules) -> str:
    return f"{ev.name} turns about" + (f" and goes after {ev.target}" if ev.target else "")


@describes(r.RunnerLeft)
def _left(ev: r.RunnerLeft, rules) -> str:
    return f"{ev.name} gives up the chase"


@describes(r.ChaseEnded, with_state=True)
def _ended(ev: r.ChaseEnded, rules, state=None) -> str:
    """"Chase over: caught", or each quarry's fate where they differ."""
    if state is None or state.chase.evasion is not None:
        return f"Chase over: {ev.outcome}"
    return f"Chase over: {r.fates_text(state, ev.outcome)}"


@describes(evasion.EvasionStarted)
def _evasion(ev: evasion.EvasionStarted, rules) -> str:
    text = (f"Evasion ({ev.where}): party {ev.party_speed} ft, monsters "
            f"{ev.monster_speed} ft")
    if ev.where != "dungeon":
        text += f", {ev.fleeing} fleeing from {ev.pursuers}"
    if ev.surprised:
        text += f"; {ev.surprised} surprised"
    if ev.morale_roll is not None:
        text += f"; morale {ev.morale} {roll_text(ev.morale_roll)}"
    if rules.chase is not None and rules.chase.evasion is not None:
        text += "; they pursue" if evasion.pursues(rules, ev) else "; they do not pursue"
    return text


@describes(evasion.RoundRun)
def _round(ev: evasion.RoundRun, rules) -> str:
    return "A round of running"


@describes(evasion.BaitDropped)
def _bait(ev: evasion.BaitDropped, rules) -> str:
    took = rules.chase is not None and rules.chase.evasion is not None and evasion.bait_took(rules, ev)
    what = f"{ev.rations} ration{'s' if ev.rations != 1 else ''} of food" if ev.rations \
        else ev.kind
    return f"Dropped {what} {roll_text(ev.roll)}: " + \
        ("the pursuers stop for it" if took else "they run on")


@describes(evasion.EvasionRolled)
def _rolled(ev: evasion.EvasionRolled, rules) -> str:
    return f"Evasion roll {roll_text(ev.roll)}" + \
        (f" ({', '.join(readable(t) for t in ev.terrain)})" if ev.terrain else "")


def readable(key: str) -> str:
    """A ruleset id as words: dense_woods -> dense woods."""
    return key.replace("_", " ")


@describes(evasion.PursuitDayRolled)
def _day(ev: evasion.PursuitDayRolled, rules) -> str:
    way = f"fleeing {evasion.direction(rules, ev)}" + \
        (f" {roll_text(ev.direction_roll)}" if ev.direction_roll is not None else "")
    if ev.roll is None:
        return f"A day of pursuit, {way}: the pursuers are not faster"
    took = rules.chase is not None and rules.chase.evasion is not None and evasion.caught_up(rules, ev)
    return f"A day of pursuit, {way}: catch-up {roll_text(ev.roll)}, " + \
        ("caught up" if took else "not caught")


# --- what the GM must not miss ------------------------------------------------------------


@alerting(55)
def _chase_alerts(before: State, after: State) -> list[Alert]:
    b, a = before.chase, after.chase
    if a is b:
        return []
    out = []
    was = {x.name: x for x in b.runners} if b.active else {}
    for x in a.runners:
        old = was.get(x.name)
        if x.complication and (old is None or old.complication != x.complication):
            out.append(Alert("warning", f"Complication for {x.name}: {r.brief(x.complication)}"))
        now, then = r.status(after, x), (r.status(before, old) if old else IN)
        if now != then and old is not None:
            out.append(Alert("error" if now != "escaped" else "information", f"{x.name}: {now}"))
        if old is not None and x.exhaustion > old.exhaustion:
            out.append(Alert("error", f"{x.name} failed the dash save: exhaustion {x.exhaustion}"))
    if a.active and a.round > b.round > 0 and a.evasion is None:
        out.append(Alert("information", f"Round {a.round} begins"))
    end, was_end = r.over(after), r.over(before)
    if end and end != was_end:
        out.append(Alert("warning", f"The chase is over ({r.fates_text(after, end)}): end it"))
    ev, old_ev = a.evasion, b.evasion
    if ev is not None and ev is not old_ev:
        if not a.active and b.active or (not a.active and old_ev is None):
            out.append(Alert("error" if a.outcome == "caught" else "information",
                             f"Evasion: {'they do not pursue, ' if not ev.pursue else ''}"
                             f"the party {'is caught' if a.outcome == 'caught' else 'gets away'}"))
        if ev.exhausted and not (old_ev and old_ev.exhausted):
            e = after.rules.chase.evasion
            out.append(Alert("error", f"The party is exhausted from running: {e.exhausted_effect}"))
    if b.winded and not a.winded:
        out.append(Alert("information", "The party has rested off its running exhaustion"))
    return out


# --- its part of `tracker state --json` ----------------------------------------------------


def _fates_json(state: State) -> dict:
    """After a chase whose quarries fared differently, each one's fate."""
    each = r.fates(state) if not state.chase.active and state.chase.evasion is None else []
    return {"fates": dict(each)} if len({f for _, f in each}) > 1 else {}


@state_view("chase", 50)
def _chase_json(state: State) -> dict:
    ch = state.chase
    cur = r.current(state)
    out = {"active": ch.active, "setting": ch.setting, "round": ch.round,
           "turn": cur.name if cur else None, "outcome": ch.outcome, "chases": ch.chases,
           "over": r.over(state) or None,
           **_fates_json(state),
           "runners": [{"name": x.name, "side": x.side, "member": x.member,
                        "initiative": x.initiative, "position_ft": x.position,
                        "gap_ft": r.gap(state, x), "speed": r.speed(state, x),
                        "dashes": x.dashes, "free_dashes": r.free_dashes(state, x),
                        "exhaustion": r.exhaustion(state, x), "status": r.status(state, x),
                        "complication": x.complication or None,
                        "hindered_ft": x.hindered,
                        "speed_halved": x.halved,
                        **({"quarry": q.name if (q := r.quarry_of(state, x)) else None}
                           if x.side == PURSUER else {})}
                       for x in ch.runners] if state.rules.chase else []}
    if ch.evasion is not None:
        e = ch.evasion
        out["evasion"] = {"where": e.where, "party_speed": e.party_speed,
                          "monster_speed": e.monster_speed, "fleeing": e.fleeing,
                          "pursuers": e.pursuers, "pursue": e.pursue, "rounds": e.rounds,
                          "gap_ft": e.gap, "chance": e.chance or None,
                          "exhausted": e.exhausted, "stopped": e.stopped,
                          "surprised": e.surprised or None}
        if (pace := evasion.running_speed(state.rules, e)) != e.party_speed:
            out["evasion"]["running_speed"] = pace  # exhausted: encounter speed
    if ch.gained:  # D&D 2024: a short or long rest removes these
        out["exhaustion_from_chases"] = dict(ch.gained)
    if ch.winded:
        out["running_exhaustion"] = {
            "rest_turns_left": ch.winded, "text": evasion.winded_effects(state.rules),
            "effects": dict(state.rules.chase.evasion.exhausted_effects)}
    return out


# --- what must hold ---------------------------------------------------------------------------


@invariant
def _one_name_each(state: State) -> Iterator[str]:
    names = [x.name.casefold() for x in state.chase.runners]
    if len(names) != len(set(names)):
        yield "put the same participant in a chase twice"


# --- its part of the recap -------------------------------------------------------------------


@tally(35)
class ChaseTally(Tally):
    """Each chase or evasion begun in the span, and how it ended."""

    def __init__(self, sessions: list[int]):
        super().__init__(sessions)
        self.chases: list[str] = []
        self.running = ""

    def see(self, session, seq, ev, state_at) -> None:
        if isinstance(ev, r.ChaseStarted):
            self.running = f"session {session}, #{seq}: {ev.setting} chase"
        elif isinstance(ev, evasion.EvasionStarted):
            self.running = f"session {session}, #{seq}: evasion ({ev.where})"
        elif not self.running or getattr(ev, "AREA", "") != "chase":
            return
        now = state_at(seq)
        ch = now.chase
        if not ch.active:
            rounds = f", {ch.round} rounds" if ch.round else ""
            end = ch.outcome if ch.evasion is not None else r.fates_text(now, ch.outcome)
            self.chases.append(f"{self.running}{rounds}: {end}")
            self.running = ""

    def lines(self, e) -> list[str]:
        return [f"**Chases:** {len(self.chases) + bool(self.running)}"] \
            if self.chases or self.running else []

    def sections(self, e) -> list[tuple[str, list[str]]]:
        items = self.chases + ([f"{self.running}: still running"] if self.running else [])
        return [("Chases", items)] if items else []


# --- how a correction's changes read (core/changes.py) -----------------------------------

def _dashes(x: dict) -> str:
    return f"{x['dashes']} dash{'es' if x['dashes'] != 1 else ''} used"


# (a runner's JSON keys, how the runner reads on them)
_RUNNER_LINES = (
    (("position_ft",), lambda x: f"{x['position_ft']} ft along"),
    (("gap_ft",), lambda x: "no one to chase" if x["gap_ft"] is None else f"{x['gap_ft']} ft gap"),
    (("dashes",), _dashes),
    (("exhaustion",), lambda x: f"exhaustion {x['exhaustion']}"),
    (("status",), lambda x: "in the chase" if x["status"] == IN else x["status"]),
    (("side", "quarry"), lambda x: x["side"] + (f" of {x['quarry']}" if x.get("quarry") else "")),
    (("complication",), lambda x: x["complication"] or "no complication"),
    (("hindered_ft",), lambda x: f"hindered {x['hindered_ft']} ft"),
)


@reads_changes("chase.active", "chase.round", "chase.turn", "chase.outcome", "chase.over",
               "chase.runners", order=50)
def _chase_changes(before: State, after: State) -> list[str]:
    """ "Chase: round 2 → 3", "Bo: 60 ft along → 90 ft along", "Chase: escaped → caught"."""
    a, b = _chase_json(before), _chase_json(after)
    out = []
    if a["active"] != b["active"]:
        out.append(f"Chase: {'running' if a['active'] else 'not running'} → "
                   f"{'running' if b['active'] else 'not running'}")
    if a["round"] != b["round"]:
        out.append(f"Chase: round {a['round']} → {b['round']}")
    if a["turn"] != b["turn"]:
        out.append(f"Chase: {a['turn'] or 'nobody'}'s turn → {b['turn'] or 'nobody'}'s turn")
    if a["outcome"] != b["outcome"]:
        out.append(f"Last chase: {a['outcome'] or 'no outcome'} → {b['outcome'] or 'no outcome'}")
    if a["over"] != b["over"]:
        out.append(f"Chase about to end: {a['over'] or 'no'} → {b['over'] or 'no'}")
    def said_by_outcome(x, y) -> bool:  # "Last chase: escaped → caught" says it already
        return (x["status"], y["status"]) == (a["outcome"], b["outcome"])

    for x, y in matched(a["runners"], b["runners"], lambda x: x["name"]):
        name = (y or x)["name"]
        if x is None:
            out.append(f"New in the chase: {name} ({y['side']})")
        elif y is None:
            out.append(f"{name}: no longer in the chase")
        else:
            out += [f"{name}: {say(x)} → {say(y)}" for keys, say in _RUNNER_LINES
                    if any(x.get(k) != y.get(k) for k in keys)
                    and not (keys == ("status",) and said_by_outcome(x, y))]
    return out


@offers_choices(r.ChaseEnded, "outcome")
def _outcome_choices(state: State) -> list[str]:
    return list(OUTCOMES)


@offers_choices(r.ChaseStarted, "setting")
@offers_choices(r.TurnTaken, "setting")
def _setting_choices(state: State) -> list[str]:
    return list(state.rules.chase.complications) if state.rules.chase else []


# --- what the players see (core/players.py) ---------------------------------------------


@players_view(70)
def _chase_for_players(data: dict, table: Table) -> list[Panel]:
    """The chase in play: whose turn, who is where, dashes left, exhaustion
    and complications; a B/X evasion's round and gap."""
    ch = data.get("chase") or {}
    out = []
    if ch.get("active") and ch.get("runners"):
        facts = [("Round", str(ch["round"]))] + ([("Turn", ch["turn"])] if ch["turn"] else [])
        if ch["setting"]:
            facts.insert(0, ("Where", ch["setting"]))
        rows = [[x["name"], "quarry" if x["side"] != PURSUER else "pursuer",
                 f"{x['position_ft']} ft", "" if x["gap_ft"] is None else f"{x['gap_ft']} ft",
                 str(x["free_dashes"]), str(x["exhaustion"] or ""),
                 x["complication"] or "", x["status"]]
                for x in ch["runners"]]
        out.append(Panel("Chase", facts=facts, header=["Runner", "Side", "At", "Gap",
                                                      "Free dashes", "Exhaustion",
                                                      "Complication", "Status"],
                         rows=rows, kind="chase"))
    e = ch.get("evasion")
    if e and not e["stopped"]:
        facts = [("Where", e["where"]), ("Round", str(e["rounds"]))]
        if e["gap_ft"] is not None:
            facts.append(("Gap", f"{e['gap_ft']} ft"))
        out.append(Panel("Evasion", facts=facts, kind="chase"))
    if ch.get("running_exhaustion"):
        w = ch["running_exhaustion"]
        out.append(Panel("Winded", facts=[("Rest turns left", str(w["rest_turns_left"]))],
                         lines=[w["text"]] if w["text"] else [], kind="chase"))
    return out
