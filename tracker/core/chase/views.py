"""How a chase reads in the log, what the GM must not miss, its JSON, what
must hold, and its lines in the recap."""

from __future__ import annotations

from typing import Iterator

from ... import i18n
from ...i18n import _, ngettext, pgettext
from ..alerts import Alert, alerting
from ..changes import fact, matched, reads_changes
from ..timeline.hooks import names_a_term, notes_when_moved, offers_choices
from ..describe import roll_text
from ..events import describes
from ..invariants import invariant
from ..state import State
from ..terms import term
from ..tally import Met, Tally, tally
from ..touched import touches
from ..players import Panel, Table, players_view, secret
from ..view import state_view
from . import evasion, rules as r
from .model import IN, OUTCOMES, PURSUER, QUARRY
from .standing import rounds_run, surprised_words, terrain_word, where_word

# --- how its events read in the log ------------------------------------------------------


@describes(r.ChaseStarted)
def _started(ev: r.ChaseStarted, rules) -> str:
    return _("Chase begins ({setting}), quarry {feet} ft ahead").format(
        setting=r.setting_word(rules, ev.setting), feet=ev.distance)


@describes(r.RunnerJoined)
def _joined(ev: r.RunnerJoined, rules) -> str:
    bonus = f"{roll_text(ev.initiative)}{ev.initiative_bonus:+d}"
    if ev.member:
        line = _("{name} joins the chase as {side} (party), initiative {roll}")
    else:
        line = _("{name} joins the chase as {side} (speed {speed} ft), initiative {roll}")
    line = line.format(name=ev.name, side=r.side_word(ev.side), speed=ev.speed, roll=bonus)
    if ev.order_kept is not None:  # a correction before it, which the chase's turns outran
        line += "; " + _("a correction before it gives {name} {bonus} now, but the chase "
                         "order stays as it was played (turns were taken in it)").format(
            name=ev.name, bonus=f"{ev.order_kept:+d}")
    return line


@notes_when_moved(r.RunnerJoined)
def _order_kept_note(ev: r.RunnerJoined) -> str:
    return _("chase order kept: turns were taken in it") \
        if ev.order_kept is not None else ""


@describes(r.TurnTaken, with_before=True)
def _turn(ev: r.TurnTaken, rules, state=None, before=None) -> str:
    line = _("{name} dashes {feet} ft") if ev.dash else _("{name} moves {feet} ft")
    bits = [line.format(name=ev.name, feet=ev.feet)]
    if ev.save is not None and rules.chase is not None:
        # the modifier as the runner stood before the turn, not as recorded
        save = r.dash_save(before, ev)
        said = _("DC {dc} {save} save {roll} failed: a level of exhaustion") \
            if save.total < rules.chase.dash_dc else _("DC {dc} {save} save {roll} made")
        bits.append(said.format(dc=rules.chase.dash_dc, save=r.save_words(rules.chase.dash_save),
                                roll=roll_text(save)))
    text = r.complication_text(rules, ev.setting, ev.complication)
    bits.append(_("complication {roll}: {what}").format(roll=roll_text(ev.complication), what=text)
                if text else _("complication {roll} none").format(roll=roll_text(ev.complication)))
    # dice rolled for a runner the complication no longer lands on (a
    # correction made the move catch them, version 2): not read out as theirs
    lands = before is None or before.chase is None or r.find(before.chase, ev.name) is None \
        or r.landing(before, ev) is not None
    if ev.victim_save is not None and lands:
        bits.append(_("the next runner's save {roll}").format(roll=roll_text(ev.victim_save)))
    if ev.damage is not None and lands:
        bits.append(_("damage {roll}").format(roll=roll_text(ev.damage)))
    if ev.joiner is not None and lands:
        bits.append(_("{creature} joins (speed {speed} ft), initiative {roll}").format(
            creature=ev.creature, speed=ev.creature_speed, roll=roll_text(ev.joiner)))
    return "; ".join(bits + _caught(ev.name, state)) + _round_end(state)


def _caught(pursuer: str, state: State | None) -> list[str]:
    """"catches Ana" when ``pursuer``'s turn, just taken, caught someone."""
    ch = state.chase if state is not None else None
    if ch is None:
        return []
    this_round = rounds_run(ch)  # the round just played: the last turn ends its round
    return [_("catches {name}").format(name=x.name) for x in ch.runners
            if x.caught_by == pursuer and x.caught_in == this_round]


def _round_end(state: State | None) -> str:
    """After the round's last turn: the round's end, with how the chase stands."""
    ch = state.chase if state is not None else None
    if ch is None or not ch.active or ch.evasion is not None or ch.turn or ch.round < 2:
        return ""
    seconds = (ch.round - 1) * state.rules.time.round_seconds
    gaps = [_("{name} {feet} ft").format(name=x.name, feet=g) for x in ch.runners
            if x.side == "quarry" and r.running(state, x) and (g := r.gap(state, x)) is not None]
    end = _("End of round {n} ({seconds} s in): {gaps} ahead") if gaps else \
        _("End of round {n} ({seconds} s in)")
    return ". " + end.format(n=ch.round - 1, seconds=seconds, gaps=", ".join(gaps))


@describes(r.EscapeRolled, with_state=True)
def _escape(ev: r.EscapeRolled, rules, state=None) -> str:
    """"Bo tries to slip away: Stealth 1d20=[9] + 1 = 10 vs Perception 13: spotted"."""
    known = rules.chase.escape_factors if rules.chase else {}
    why = ", ".join(term(rules, f"chase.escape_factors.{f}.text", known[f].text)
                    for f in ev.factors if f in known)
    roll = roll_text(ev.roll)
    q = r.find(state.chase, ev.name) if state is not None else None
    target = r.escape_target(state, q) if q is not None else None
    if target is None:
        text = _("{name} tries to slip away: Stealth {roll}").format(name=ev.name, roll=roll)
    else:
        mod = q.stealth - r.d20_penalty(state, q)
        line = _("{name} tries to slip away: Stealth {roll} {sign} {mod} = {total} vs "
                 "Perception {target}: escapes") if r.escaped(state, ev) else \
            _("{name} tries to slip away: Stealth {roll} {sign} {mod} = {total} vs "
              "Perception {target}: spotted")
        text = line.format(name=ev.name, roll=roll, sign="+" if mod >= 0 else "-", mod=abs(mod),
                           total=ev.roll.total + mod, target=target)
    return text + (f" ({why})" if why else "")


@describes(r.SideSwapped)
def _swapped(ev: r.SideSwapped, rules) -> str:
    if ev.target:
        return _("{name} turns about and goes after {target}").format(name=ev.name,
                                                                        target=ev.target)
    return _("{name} turns about").format(name=ev.name)


@describes(r.RunnerLeft)
def _left(ev: r.RunnerLeft, rules) -> str:
    return _("{name} gives up the chase").format(name=ev.name)


@describes(r.ChaseEnded, with_state=True)
def _ended(ev: r.ChaseEnded, rules, state=None) -> str:
    """"Chase over: caught", or each quarry's fate where they differ."""
    if state is None or state.chase.evasion is not None:
        return _("Chase over: {outcome}").format(outcome=r.status_word(ev.outcome))
    return _("Chase over: {outcome}").format(outcome=r.fates_text(state, ev.outcome))


@describes(evasion.EvasionStarted)
def _evasion(ev: evasion.EvasionStarted, rules) -> str:
    text = _("Evasion ({where}): party {party} ft, monsters {monsters} ft").format(
        where=where_word(ev.where), party=ev.party_speed, monsters=ev.monster_speed)
    if ev.where != "dungeon":
        # TRANSLATORS: {fleeing} is a number of people (the verb agrees with it)
        text += ", " + ngettext("{fleeing} fleeing from {pursuers}",
                                "{fleeing} fleeing from {pursuers}", ev.fleeing).format(
            fleeing=ev.fleeing, pursuers=ev.pursuers)
    if ev.surprised:
        text += "; " + surprised_words(ev.surprised)
    if ev.morale_roll is not None:
        text += "; " + _("morale {morale} {roll}").format(morale=ev.morale,
                                                         roll=roll_text(ev.morale_roll))
    if rules.chase is not None and rules.chase.evasion is not None:
        text += "; " + (_("they pursue") if evasion.pursues(rules, ev) else
                        _("they do not pursue"))
    return text


@describes(evasion.RoundRun, with_state=True)
def _round(ev: evasion.RoundRun, rules, state=None) -> str:
    e = state.chase.evasion if state is not None else None
    if e is not None and e.where == "sea":
        return _("A round of the chase at sea")
    return _("A round of running")


@describes(evasion.BaitDropped)
def _bait(ev: evasion.BaitDropped, rules) -> str:
    took = rules.chase is not None and rules.chase.evasion is not None and evasion.bait_took(rules, ev)
    roll = roll_text(ev.roll)
    if ev.rations:
        line = ngettext("Dropped {n} ration of food {roll}: the pursuers stop for it",
                        "Dropped {n} rations of food {roll}: the pursuers stop for it",
                        ev.rations) if took else \
            ngettext("Dropped {n} ration of food {roll}: they run on",
                     "Dropped {n} rations of food {roll}: they run on", ev.rations)
        return line.format(n=ev.rations, roll=roll)
    what = {"treasure": _("treasure"), "food": _("food")}.get(ev.kind, ev.kind)
    line = _("Dropped {what} {roll}: the pursuers stop for it") if took else \
        _("Dropped {what} {roll}: they run on")
    return line.format(what=what, roll=roll)


@describes(evasion.EvasionRolled, with_state=True)
def _rolled(ev: evasion.EvasionRolled, rules, state=None) -> str:
    if ev.terrain:
        line = _("Evasion roll {roll} ({terrain})").format(
            roll=roll_text(ev.roll), terrain=", ".join(terrain_word(rules, t) for t in ev.terrain))
    else:
        line = _("Evasion roll {roll}").format(roll=roll_text(ev.roll))
    e = state.chase.evasion if state is not None else None
    if e is None or not e.chance:  # no state at hand: the roll alone
        return line
    if not state.chase.active:  # the roll met the chance: away (gm-review7 C5)
        return _("{line}: escaped ({pct}%)").format(line=line, pct=e.chance)
    return _("{line}: {failed}").format(line=line, failed=_failed(e))


def _failed(e: evasion.Evasion) -> str:
    """What a failed evasion roll leads to, with its chance."""
    if e.where == "sea":
        return _("failed ({pct}%): the ships run in rounds").format(pct=e.chance)
    return _("failed ({pct}%): they pursue; a day of pursuit follows").format(pct=e.chance)


def readable(key: str) -> str:
    """A ruleset id as words: dense_woods -> dense woods."""
    return key.replace("_", " ")


@describes(evasion.PursuitDayRolled)
def _day(ev: evasion.PursuitDayRolled, rules) -> str:
    way = _("fleeing {direction}").format(direction=evasion.direction(rules, ev)) + \
        (f" {roll_text(ev.direction_roll)}" if ev.direction_roll is not None else "")
    if ev.roll is None:
        return _("A day of pursuit, {way}: the pursuers are not faster").format(way=way)
    took = rules.chase is not None and rules.chase.evasion is not None and evasion.caught_up(rules, ev)
    line = _("A day of pursuit, {way}: catch-up {roll}, caught up") if took else \
        _("A day of pursuit, {way}: catch-up {roll}, not caught")
    return line.format(way=way, roll=roll_text(ev.roll))


# --- whom an entry touched (core/touched.py: the log's character filter) ---------------


@touches("chase", order=40)
def _runners_touched(before: State, after: State) -> list[str]:
    """Each runner a complication befell, or who was caught, escaped, dropped
    out or went down, or gained exhaustion, in the entry: another runner's
    move names only the mover."""
    b, a = before.chase, after.chase
    now = a.runners
    if not now:
        return ()
    was = b.runners if b.active else ()
    if len(was) != len(now) or any(o.name != x.name for o, x in zip(was, now)):
        by_name = {x.name: x for x in was}  # joined, or left: by name
        was = [by_name.get(x.name) for x in now]
    out = []
    for old, x in zip(was, now):
        if old is x:
            continue
        if (x.complication and (old is None or old.complication != x.complication)) or \
                (old is not None and (old.status != x.status or old.exhaustion != x.exhaustion)):
            out.append(x.name)
    return out


# --- what the GM must not miss ------------------------------------------------------------


@alerting(55, parts=("chase",))
def _chase_alerts(before: State, after: State) -> list[Alert]:
    b, a = before.chase, after.chase
    if a is b:
        return []
    out = []
    rules = after.rules
    was = {x.name: x for x in b.runners} if b.active else {}
    for x in a.runners:
        old = was.get(x.name)
        if x.complication and (old is None or old.complication != x.complication):
            what, did = r.brief(rules, x.complication)
            out.append(Alert("warning", _("Complication for {name}: {what} — {went}").format(
                name=x.name, what=what, went=did)))
        now, then = r.status(after, x), (r.status(before, old) if old else IN)
        if now != then and old is not None:
            out.append(Alert("error" if now != "escaped" else "information",
                             _("{name}: {status}").format(name=x.name, status=r.status_word(now))))
        if old is not None and x.exhaustion > old.exhaustion:
            out.append(Alert("error", _("{name} failed the dash save: exhaustion {level}").format(
                name=x.name, level=x.exhaustion)))
    if a.active and a.round > b.round > 0 and a.evasion is None:
        out.append(Alert("information", _("Round {n} begins").format(n=a.round)))
    end, was_end = r.over(after), r.over(before)
    if end and end != was_end:
        out.append(Alert("warning", _("The chase is over ({fates}): end it").format(
            fates=r.fates_text(after, end))))
    ev, old_ev = a.evasion, b.evasion
    # an evasion that ended now: it was running (whatever ended it: a round, a
    # roll, a day of pursuit, the GM), or it began in this very entry and was
    # over at once (a faster party, no pursuit, surprised monsters), a second one too
    if ev is not None and not a.active and (b.active or a.chases > b.chases):
        caught = a.outcome == "caught"
        if a.outcome not in ("caught", "escaped"):
            text = _("Evasion over: {outcome}").format(outcome=r.status_word(a.outcome))
        elif not ev.pursue:
            text = _("Evasion: they do not pursue, the party is caught") if caught else \
                _("Evasion: they do not pursue, the party gets away")
        else:
            text = _("Evasion: the party is caught") if caught else \
                _("Evasion: the party gets away")
        out.append(Alert("error" if caught else "information", text))
    if ev is not None and ev is not old_ev and a.active and old_ev is not None and (
            ev.awaits_day > old_ev.awaits_day or (ev.where == "sea" and ev.chance > old_ev.chance)):
        out.append(Alert("warning", _("Evasion {failed}").format(failed=_failed(ev))))
    if ev is not None and ev is not old_ev:
        if ev.exhausted and not (old_ev and old_ev.exhausted):
            e = after.rules.chase.evasion
            out.append(Alert("error", _("The party is exhausted from running: {effect}").format(
                effect=term(rules, "chase.evasion.exhausted_effect", e.exhausted_effect))))
    if b.winded and not a.winded:
        out.append(Alert("information", _("The party has rested off its running exhaustion")))
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
                        "complication": r.affliction_text(state.rules, x.complication) or None,
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
        if e.awaits_day:  # a failed roll: a day of pursuit before the next
            out["evasion"]["awaits_pursuit_day"] = True
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
    """Each chase or evasion begun in the span, and how it ended; a day of
    pursuit on which the pursuers caught up is an encounter."""

    def __init__(self, sessions: list[int]):
        super().__init__(sessions)
        self.chases: list[str] = []
        self.running = ""
        self.caught_up: list[Met] = []

    def see(self, session, seq, ev, state_at) -> None:
        if isinstance(ev, evasion.PursuitDayRolled) and ev.roll is not None and \
                evasion.caught_up(state_at(seq).rules, ev):
            self.caught_up.append(Met(session, seq, _("a day of pursuit: the pursuers caught up")))
        if isinstance(ev, r.ChaseStarted):
            self.running = _("session {session}, #{seq}: {setting} chase").format(
                session=session, seq=seq, setting=r.setting_word(state_at(seq).rules, ev.setting))
        elif isinstance(ev, evasion.EvasionStarted):
            self.running = _("session {session}, #{seq}: evasion ({where})").format(
                session=session, seq=seq, where=where_word(ev.where))
        elif not self.running or getattr(ev, "AREA", "") != "chase":
            return
        now = state_at(seq)
        ch = now.chase
        if not ch.active:
            end = r.status_word(ch.outcome) if ch.evasion is not None else \
                r.fates_text(now, ch.outcome)
            n = rounds_run(ch)
            line = ngettext("{chase}, {n} round: {end}", "{chase}, {n} rounds: {end}",
                            n) if n else _("{chase}: {end}")
            self.chases.append(line.format(chase=self.running, n=n, end=end))
            self.running = ""

    def lines(self, e) -> list[str]:
        return [_("**Chases:** {n}").format(n=len(self.chases) + bool(self.running))] \
            if self.chases or self.running else []

    def sections(self, e) -> list[tuple[str, list[str]]]:
        items = self.chases + ([_("{chase}: still running").format(chase=self.running)]
                               if self.running else [])
        return [(_("Chases"), items)] if items else []

    def encounters_met(self) -> list[Met]:
        return self.caught_up


# --- how a correction's changes read (core/changes.py) -----------------------------------

def _dashes(x: dict) -> str:
    return ngettext("{n} dash used", "{n} dashes used", x["dashes"]).format(n=x["dashes"])


def _side(x: dict) -> str:
    side = r.side_word(x["side"])
    return _("{side} of {quarry}").format(side=side, quarry=x["quarry"]) \
        if x.get("quarry") else side


# (a runner's JSON keys, how the runner reads on them)
_RUNNER_LINES = (
    (("position_ft",), lambda x: _("{feet} ft along").format(feet=x["position_ft"])),
    (("gap_ft",), lambda x: _("no one to chase") if x["gap_ft"] is None else
     _("{feet} ft gap").format(feet=x["gap_ft"])),
    (("initiative",), lambda x: _("initiative {n}").format(n=x["initiative"])),
    (("dashes",), _dashes),
    (("exhaustion",), lambda x: _("exhaustion {level}").format(level=x["exhaustion"])),
    (("status",), lambda x: _("in the chase") if x["status"] == IN else
     r.status_word(x["status"])),
    (("side", "quarry"), _side),
    (("complication",), lambda x: x["complication"] or _("no complication")),
    (("hindered_ft",), lambda x: _("hindered {feet} ft").format(feet=x["hindered_ft"])),
)


# a runner's keys that are a party member's own sheet field, read from it
# (``standing.exhaustion``): the party's line of it says the change already
_SHEET_FIELDS = {"exhaustion": "exhaustion"}


def _about(keys: tuple[str, ...], runner: dict, line: str) -> str:
    field = _SHEET_FIELDS.get(keys[0]) if len(keys) == 1 and runner["member"] else None
    return fact(line, field, runner["name"]) if field else line


@reads_changes("chase.active", "chase.round", "chase.turn", "chase.outcome", "chase.over",
               "chase.runners", order=50)
def _chase_changes(before: State, after: State) -> list[str]:
    """ "Chase: round 2 → 3", "Bo: 60 ft along → 90 ft along", "Chase: escaped → caught"."""
    a, b = _chase_json(before), _chase_json(after)
    out = []
    def turn(name):
        return _("{name}'s turn").format(name=name) if name else _("nobody's turn")

    def outcome(o):
        return r.status_word(o) if o else _("no outcome")

    if a["active"] != b["active"]:
        out.append(_("Chase: running → not running") if a["active"] else
                   _("Chase: not running → running"))
    if a["round"] != b["round"]:
        out.append(_("Chase: round {was} → {now}").format(was=a["round"], now=b["round"]))
    if a["turn"] != b["turn"]:
        out.append(_("Chase: {was} → {now}").format(was=turn(a["turn"]), now=turn(b["turn"])))
    if a["outcome"] != b["outcome"]:
        out.append(_("Last chase: {was} → {now}").format(was=outcome(a["outcome"]),
                                                         now=outcome(b["outcome"])))
    if a["over"] != b["over"]:
        out.append(_("Chase about to end: {was} → {now}").format(
            was=r.status_word(a["over"]) if a["over"] else _("no"),
            now=r.status_word(b["over"]) if b["over"] else _("no")))
    order = [x["name"] for x in a["runners"]], [y["name"] for y in b["runners"]]
    both = set(order[0]) & set(order[1])  # who runs in both: has their order changed?
    if [n for n in order[0] if n in both] != [n for n in order[1] if n in both]:
        out.append(_("Chase order: {was} → {now}").format(was=", ".join(order[0]),
                                                          now=", ".join(order[1])))

    def said_by_outcome(x, y) -> bool:  # "Last chase: escaped → caught" says it already
        return (x["status"], y["status"]) == (a["outcome"], b["outcome"])

    for x, y in matched(a["runners"], b["runners"], lambda x: x["name"]):
        name = (y or x)["name"]
        if x is None:
            out.append(_("New in the chase: {name} ({side})").format(
                name=name, side=r.side_word(y["side"])))
        elif y is None:
            out.append(_("{name}: no longer in the chase").format(name=name))
        else:
            out += [_about(keys, y, _("{name}: {was} → {now}").format(
                        name=name, was=say(x), now=say(y)))
                    for keys, say in _RUNNER_LINES
                    if any(x.get(k) != y.get(k) for k in keys)
                    and not (keys == ("status",) and said_by_outcome(x, y))]
    return out


@offers_choices(r.ChaseEnded, "outcome")
def _outcome_choices(state: State) -> list[str]:
    return list(OUTCOMES)


names_a_term(r.ChaseStarted, "setting", "chase.complications")
names_a_term(r.TurnTaken, "setting", "chase.complications")


# --- what the players see (core/players.py) ---------------------------------------------


@players_view(70)
def _chase_for_players(data: dict, table: Table) -> list[Panel]:
    """The chase in play: whose turn, who is where, dashes left, exhaustion
    and complications; a B/X evasion's round and gap."""
    ch = data.get("chase") or {}
    out = []
    if ch.get("active") and ch.get("runners"):
        facts = [(_("Round"), i18n.number(ch["round"]))] + \
            ([(_("Turn"), ch["turn"])] if ch["turn"] else [])
        if ch["setting"]:
            facts.insert(0, (_("Where"), r.setting_word(table.rules, ch["setting"])))
        ft = _("{feet} ft")
        rows = [[x["name"], r.side_word(QUARRY if x["side"] != PURSUER else PURSUER),
                 ft.format(feet=x["position_ft"]),
                 "" if x["gap_ft"] is None else ft.format(feet=x["gap_ft"]),
                 str(x["free_dashes"]), str(x["exhaustion"] or ""),
                 x["complication"] or "", r.status_word(x["status"])]
                for x in ch["runners"]]
        out.append(Panel(_("Chase"), facts=facts,
                         header=[_("Runner"), _("Side"), _("At"), _("Gap"), _("Free dashes"),
                                 _("Exhaustion"), _("Complication"), _("Status")],
                         rows=rows, kind="chase"))
    e = ch.get("evasion")
    # an evasion while it runs (the last one's stays in the state once over); a
    # wilderness evasion runs in days, with no rounds or distance (gm-review7 C5)
    if e and ch.get("active") and not e["stopped"]:
        facts = [(_("Where"), where_word(e["where"]))]
        if e["where"] != "wilderness":
            facts.append((_("Round"), i18n.number(e["rounds"])))
            if e["gap_ft"] is not None:
                facts.append((_("Gap"), _("{feet} ft").format(feet=e["gap_ft"])))
        out.append(Panel(_("Evasion"), facts=facts, kind="chase"))
    if ch.get("running_exhaustion"):
        w = ch["running_exhaustion"]
        out.append(Panel(_("Winded"), facts=[(_("Rest turns left"), i18n.number(w["rest_turns_left"]))],
                         lines=[w["text"]] if w["text"] else [], kind="chase"))
    return out
