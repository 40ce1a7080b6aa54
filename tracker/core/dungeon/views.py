"""How the dungeon reads in the log, what the GM must not miss, its JSON and what must hold."""

from __future__ import annotations

from ... import i18n
from ...i18n import N_, _, ngettext, pgettext
from .. import dice as dicemod
from ..alerts import Alert, alerting
from ..party import rules as party_rules
from ..changes import reads_changes
from ..timeline.hooks import names_a_term
from ..describe import roll_text
from msgspec.structs import replace

from ..events import describes
from ..players import Panel, Table, players_view, secret
from ..ruleset import Ruleset
from ..schema import not_in_source
from ..terms import term
from ..state import State
from ..view import roll_json, state_view
from .rules import (FAST_TRAVEL, CheckRolled, DepthChanged, DungeonEntered, DungeonLeft, Encounter,
                    FastTravelStarted, HastyExitRolled, TurnAdvanced, _check_comes_first,
                    exit_modifiers, fast_travel_stopped_by, is_encounter, rest_count, rest_due_in,
                    rest_status,
                    turns_to_next_check)
from ..tally import Met, Tally, bar, tally
from . import fates


# --- how its events read in the log ------------------------------------------------

@describes(DungeonEntered)
def _describe_dungeon_entered(ev: DungeonEntered, rules) -> str:
    if ev.name:
        return _("Entered {name} (level {depth})").format(name=ev.name, depth=ev.depth)
    return _("Entered the dungeon (level {depth})").format(depth=ev.depth)


@describes(DungeonLeft)
def _describe_dungeon_left(ev: DungeonLeft, rules) -> str:
    return _("Left the dungeon")


@describes(DepthChanged)
def _describe_depth_changed(ev: DepthChanged, rules) -> str:
    return _("Now on dungeon level {depth}").format(depth=ev.depth)


def activity_name(rules, activity: str) -> str:
    """A turn's activity in the GM's words: the ruleset's, or fast travel,
    which the tracker itself adds."""
    if activity == FAST_TRAVEL:
        return _("fast travel")
    return term(rules, f"dungeon.activities.{activity}", activity)


@describes(TurnAdvanced)
def _describe_turn_advanced(ev: TurnAdvanced, rules) -> str:
    check = _check_text(ev, rules)
    interrupted = ev.activity == "rest" and is_encounter(rules, ev) and \
        _check_comes_first(rules.dungeon.turn_steps)
    activity = activity_name(rules, ev.activity)
    line = _("Turn: {activity} (rest interrupted)") if interrupted else _("Turn: {activity}")
    return line.format(activity=activity) + (f"; {check}" if check else "")


@describes(CheckRolled)
def _describe_check_rolled(ev: CheckRolled, rules) -> str:
    return _("Extra wandering {check}").format(check=_check_text(ev, rules))


@describes(FastTravelStarted)
def _describe_fast_travel_started(ev: FastTravelStarted, rules) -> str:
    return ngettext("Fast travel {feet} ft ({n} turn planned)",
                    "Fast travel {feet} ft ({n} turns planned)", ev.turns).format(
        feet=i18n.number(ev.feet), n=ev.turns)


@describes(HastyExitRolled, with_state=True)
def _describe_hasty_exit_rolled(ev: HastyExitRolled, rules, state) -> str:
    results = {r.name: r for r in (state.dungeon.last_hasty_exit if state else ())}
    bits = [f"{n} {roll_text(s)}" + _against(results.get(n)) +
            (" " + _("doom {roll}").format(roll=roll_text(d)) if d else "") +
            _fate(rules, results.get(n)) for n, s, d in ev.saves]
    h = rules.dungeon.hasty_exit
    mods = exit_modifiers(h, state.dungeon.depth if state else 1, ev.marked_map,
                          ev.known_route, ev.gm_modifier) if h else []
    depth = state.dungeon.depth if state else 1
    given = " ({})".format(", ".join(f"{_(name).format(depth=depth)} {n:+d}"
                                     for name, n in mods)) if mods else ""
    marked = not_in_source(rules.dungeon.not_in_source, "hasty_exit.doom")
    doom = "; " + _("Doom table") + marked if marked and any(d for *_x, d in ev.saves) else ""
    return _("Hasty exit, save versus Doom{modifiers}: {saves}").format(
        modifiers=given, saves="; ".join(bits)) + doom


def _against(r) -> str:
    """" vs 12 failed": the save's target (a classless hireling's is the
    ruleset's default), where the state after the exit is at hand."""
    if r is None:
        return ""
    return f"{r.modifier:+d}" * bool(r.modifier) + " " + \
        (_("vs {target} saved") if r.saved else _("vs {target} failed")).format(target=r.target)


def _fate(rules, r) -> str:
    fate = fates.fate_text(rules, r) if r is not None else ""
    if not fate:
        return ""
    applied, gm = fates.applied_text(rules, r), fates.for_the_gm(rules, r)
    return f": {fate}" + (f" ({applied})" if applied else "") + \
        ("; " + _("GM: {what}").format(what=gm) if gm else "")


def _check_text(ev: Encounter, rules: Ruleset) -> str:
    if ev.check is None:
        return ""
    w = rules.dungeon.wandering
    if not is_encounter(rules, ev):
        return _("check {roll} quiet").format(roll=roll_text(ev.check))
    parts = [_("check {roll} ENCOUNTER").format(roll=roll_text(ev.check))]
    if ev.surprise_party and ev.surprise_monsters and w.surprise:
        s = dicemod.parse_chance(w.surprise)
        parts.append(_surprised(s.hits(ev.surprise_party.total),
                                s.hits(ev.surprise_monsters.total)))
    if ev.distance:
        parts.append(_("distance {feet} ft ({roll})").format(feet=i18n.number(ev.distance.total),
                                                              roll=roll_text(ev.distance)))
    return ", ".join(parts)


def _surprised(party: bool, monsters: bool) -> str:
    """Whole phrases, never "party" + " and " + "monsters": the words order
    differently in other languages."""
    if party and monsters:
        return _("surprised: party and monsters")
    if party:
        return _("surprised: party")
    if monsters:
        return _("surprised: monsters")
    return _("surprised: nobody")


# --- what the GM must not miss ----------------------------------------------------------


@alerting(10, parts=("dungeon.checks",))
def _encounters(before: State, after: State) -> list[Alert]:
    out = []
    for c in _new_checks(before.dungeon.checks, after.dungeon.checks):
        if c.encounter:
            bits = [_("ENCOUNTER on turn {turn} (rolled {roll})").format(turn=c.turn,
                                                                          roll=c.roll.total)]
            if c.distance_ft is not None:
                bits.append(_("at {feet} ft").format(feet=i18n.number(c.distance_ft)))
            if c.surprise_party is not None:
                bits.append(_surprised(c.surprise_party, c.surprise_monsters))
            if c.interrupted_rest:
                bits.append(_("rest interrupted: it does not count"))
            out.append(Alert("error", ", ".join(bits)))
    return out


def _new_checks(before: tuple, after: tuple) -> list:
    """Checks in ``after`` that ``before`` lacks. A turn appends (the same
    objects stay), so look for the old last check by identity first; a
    correction rebuilds them all, and then only a comparison by value will do."""
    if after is before or not after:
        return []
    if before:
        last = before[-1]
        for i in range(len(after) - 1, -1, -1):
            if after[i] is last:
                return list(after[i + 1:])
    seen = set(before)
    return [c for c in after if c not in seen]


@alerting(30, parts=("dungeon", "ruleset"))
def _rest(before: State, after: State) -> list[Alert]:
    out = []
    r_before, r_after = rest_status(before), rest_status(after)
    if r_after != r_before and after.dungeon.active:
        if r_after == "due":
            out.append(Alert("warning", _("The next turn must be a rest")))
        elif r_after == "overdue":
            penalty = term(after.rules, "dungeon.rest.penalty")
            out.append(Alert("error", _("Rest overdue: {penalty}").format(penalty=penalty)
                             + _penalty_marked(after)))
    if (now := rest_count(after)[1]) < rest_count(before)[1] and r_before == "overdue":
        out.append(Alert("error", _("Rest penalty now {penalty}").format(
            penalty=now) + _penalty_marked(after)))
    return out


def _penalty_marked(after: State) -> str:
    """The mark of a penalty step not in the source, for an alert that shows the
    penalty (a function of its own: most turns show none, and a closure was made
    on each)."""
    return not_in_source(after.rules.dungeon.not_in_source, "rest.penalty_step")


@alerting(36, parts=("dungeon",))
def _nobody_up(before: State, after: State) -> list[Alert]:
    """Turns passed with every member dead or unable to act (gm-review3 R9):
    nobody explores, keeps watch or carries a light."""
    if not after.dungeon.active or after.dungeon.turn <= before.dungeon.turn or not after.party:
        return []
    if _someone_up(after):
        return []
    return [Alert("warning", _("No one in the party is up (dead, or unable to act): "
                               "the turn passed with nobody exploring"))]


# (party, ruleset, someone up): the last party asked about, held strongly so no
# other object can take its id; one tuple, swapped whole
_UP: list[tuple] = [(None, None, False)]


def _someone_up(state: State) -> bool:
    """A member of the party is neither dead nor unable to act: a function of
    the party and the ruleset alone (both immutable), asked on every turn, so
    answered once for each party (most turns change nobody)."""
    party, rules = state.party, state.rules
    last = _UP[0]
    if last[0] is party and last[1] is rules:
        return last[2]
    up = any(not party_rules.is_dead(state, c) and not party_rules.unable(state, c)
             for c in party)
    _UP[0] = (party, rules, up)
    return up


@alerting(35, parts=("dungeon.fast_left",))
def _fast_travel_left(before: State, after: State) -> list[Alert]:
    """Fast travel that stopped early says what is left and how to go on."""
    d = after.dungeon
    if not d.active or not d.fast_left or d.fast_left == before.dungeon.fast_left:
        return []
    text = {"encounter": _("Fast travel stopped with {feet} ft left: wandering monsters"),
            "dark": _("Fast travel stopped with {feet} ft left: the light went out"),
            "rest": _("Fast travel stopped with {feet} ft left: the next turn must be a rest"),
            }.get(fast_travel_stopped_by(after), _("Fast travel stopped with {feet} ft left"))
    return [Alert("warning", text.format(feet=d.fast_left))]


@alerting(70, parts=("dungeon.last_hasty_exit",))
def _hasty_exit(before: State, after: State) -> list[Alert]:
    out = []
    if after.dungeon.last_hasty_exit is before.dungeon.last_hasty_exit:
        return out
    rules = after.rules
    marked = not_in_source(rules.dungeon.not_in_source, "hasty_exit.doom")
    for r in after.dungeon.last_hasty_exit:
        if r.saved:
            out.append(Alert("information", _("{name} got out (rolled {roll} vs {target})").format(
                name=r.name, roll=f"{r.roll.total}{r.modifier:+d}", target=r.target)))
        else:
            applied, what = fates.applied_text(rules, r), fates.for_the_gm(rules, r)
            done = f" ({applied})" if applied else ""
            gm = "; " + _("GM: {what}").format(what=what) if what else ""
            out.append(Alert("error", _("{name} failed the save versus Doom ({roll} vs {target}): "
                                        "{fate}").format(name=r.name,
                                                         roll=f"{r.roll.total}{r.modifier:+d}",
                                                         target=r.target,
                                                         fate=fates.fate_text(rules, r))
                             + f"{marked}{done}{gm}"))
    return out


# --- its part of `tracker state --json` ----------------------------------------------


@state_view("dungeon", 40)
def _dungeon_json(state: State) -> dict:
    d = state.dungeon
    since, penalty = rest_count(state)  # none once time outside was the rest
    return {"active": d.active, "name": d.name, "depth": d.depth, "turn": d.turn,
            "turns_since_rest": since, "rest_status": rest_status(state),
            "rest_overdue": rest_status(state) == "overdue", "rest_penalty": penalty,
            "next_check_in": turns_to_next_check(state)}


@state_view("dungeon.checks", 42)
def _checks_json(state: State) -> list[dict]:
    return [{"turn": c.turn, "roll": c.roll.total, "dice": roll_json(c.roll),
             "chance": c.chance, "encounter": c.encounter, "scheduled": c.scheduled,
             **({"distance_ft": c.distance_ft,
                 "surprise": None if c.surprise_party is None else
                 {"party": c.surprise_party, "monsters": c.surprise_monsters},
                 "rest_interrupted": c.interrupted_rest}
                if c.encounter else {})}
            for c in state.dungeon.checks]


@state_view("dungeon.hasty_exit", 44)
def _hasty_exit_json(state: State) -> list[dict]:
    return [{"name": r.name, "roll": r.roll.total, "modifier": r.modifier,
             "target": r.target, "saved": r.saved,
             "doom_roll": r.doom.total if r.doom else None,
             "fate": fates.fate_text(state.rules, r)}
            for r in state.dungeon.last_hasty_exit]


# --- its part of the recap ---------------------------------------------------------------


@tally(10)
class DungeonTally(Tally):
    """Dungeons delved, turns, wandering checks and the encounters they met; a
    bar of turns per session in the chart."""

    def __init__(self, sessions: list[int]):
        super().__init__(sessions)
        self.dungeons: list[str] = []
        self.turns = {n: 0 for n in sessions}
        self.checks = 0
        self.encounters: list[Met] = []

    def see(self, session, seq, ev, state_at) -> None:
        if isinstance(ev, TurnAdvanced):
            self.turns[session] += 1
        if isinstance(ev, (TurnAdvanced, CheckRolled)) and ev.check is not None:
            self.checks += 1
            if is_encounter(state_at(seq).rules, ev):  # the rules of that moment
                what = _("wandering monsters at {feet} ft").format(
                    feet=i18n.number(ev.distance.total)) if ev.distance else \
                    _("wandering monsters")
                self.encounters.append(Met(session, seq, what))
        elif isinstance(ev, DungeonEntered) and ev.name and ev.name not in self.dungeons:
            self.dungeons.append(ev.name)

    def lines(self, e) -> list[str]:
        out = [_("**Delved:** {dungeons}").format(dungeons=", ".join(map(e, self.dungeons)))] \
            if self.dungeons else []
        turns = sum(self.turns.values())
        if turns:
            out.append(_("**Turns:** {n}").format(n=turns))
        if self.checks:
            out.append(_("**Wandering checks:** {checks}, encounters: {encounters}").format(
                checks=self.checks, encounters=len(self.encounters)))
        return out

    def encounters_met(self) -> list[Met]:
        return self.encounters

    def chart(self, session: int) -> str:
        top = max(self.turns.values(), default=0)
        turns = self.turns[session]
        # the word outside the f-string: Babel extracts no call inside one
        # TRANSLATORS: the recap's chart; keep the word short (a fixed-width column)
        turns_word = _("turns")
        return f"{turns_word} {turns:>4} {bar(turns, top, 16):<16}"


# --- how a correction's changes read (core/changes.py) -----------------------------------

names_a_term(TurnAdvanced, "activity", "dungeon.activities")

_REST = {"ok": N_("not due"), "due": N_("due next turn"), "overdue": N_("overdue")}


@reads_changes("dungeon.active", "dungeon.name", "dungeon.depth", "dungeon.turn",
               "dungeon.turns_since_rest", "dungeon.rest_status", "dungeon.rest_overdue",
               "dungeon.rest_penalty", "dungeon.next_check_in", "dungeon.checks", order=40)
def _dungeon_changes(before: State, after: State) -> list[str]:
    a, b = before.dungeon, after.dungeon
    out = []
    if (a.active, a.name) != (b.active, b.name):
        def where(d) -> str:
            if not d.active:
                return _("out of the dungeon")
            return _("in {name}").format(name=d.name) if d.name else _("in the dungeon")
        out.append(_("The party: {was} → {now}").format(was=where(a), now=where(b)))
    if a.depth != b.depth:
        out.append(_("Dungeon level {was} → {now}").format(was=a.depth, now=b.depth))
    if a.turn != b.turn:
        out.append(_("Turn {was} → {now}").format(was=a.turn, now=b.turn))
    (a_since, a_penalty), (b_since, b_penalty) = rest_count(before), rest_count(after)
    if a_since != b_since:
        out.append(_("Turns since the last rest: {was} → {now}").format(
            was=a_since, now=b_since))
    if (ra := rest_status(before)) != (rb := rest_status(after)):
        out.append(_("Rest: {was} → {now}").format(was=_(_REST[ra]), now=_(_REST[rb])))
    if a_penalty != b_penalty:
        out.append(_("Rest penalty: {was} → {now}").format(was=a_penalty, now=b_penalty))
    return out + _checks_changes(a.checks, b.checks)


def _checks_changes(old: tuple, new: tuple) -> list[str]:
    """Checks matched by turn (and their order within it): which became
    encounters, which quiet, which came or went."""
    def by_turn(checks):
        seen: dict[int, int] = {}
        out = {}
        for c in checks:
            seen[c.turn] = seen.get(c.turn, 0) + 1
            out[(c.turn, seen[c.turn])] = c
        return out

    def what(c) -> str:
        return _("Encounter on turn {turn}") if c.encounter else _("Quiet check on turn {turn}")

    a, b = by_turn(old), by_turn(new)
    out = []
    for key in sorted(a.keys() | b.keys()):
        x, y = a.get(key), b.get(key)
        turn = key[0]
        if x is None:
            out.append((_("New: encounter on turn {turn}") if y.encounter
                        else _("New: quiet check on turn {turn}")).format(turn=turn))
        elif y is None:
            out.append((_("Encounter on turn {turn}: no longer happens") if x.encounter
                        else _("Quiet check on turn {turn}: no longer happens")).format(turn=turn))
        elif x.encounter != y.encounter:
            out.append((_("Encounter on turn {turn} becomes quiet") if x.encounter
                        else _("Quiet check on turn {turn} becomes an encounter")).format(turn=turn))
        else:
            if x.roll.total != y.roll.total:
                out.append(_("{check}: roll {was} → {now}").format(
                    check=what(x).format(turn=turn), was=x.roll.total, now=y.roll.total))
            if x.distance_ft != y.distance_ft:
                out.append(_("Encounter on turn {turn}: {was} ft away → {now} ft").format(
                    turn=turn, was=x.distance_ft, now=y.distance_ft))
            if (x.surprise_party, x.surprise_monsters) != (y.surprise_party, y.surprise_monsters):
                out.append(_("Encounter on turn {turn}: surprise {was} → {now}").format(
                    turn=turn, was=_surprise(x), now=_surprise(y)))
    return out


def _surprise(c) -> str:
    if c.surprise_party and c.surprise_monsters:
        return _("party and monsters surprised")
    if c.surprise_party:
        return _("party surprised")
    if c.surprise_monsters:
        return _("monsters surprised")
    return _("none")


# --- what the players see, and what the GM keeps (core/players.py) -------------------------


@players_view(40)
def _dungeon_for_players(data: dict, table: Table) -> list[Panel]:
    """Where the party is, the turn, and when a rest is due. The wandering
    checks (when the next falls, what each rolled) are the GM's."""
    d = data.get("dungeon") or {}
    if not d.get("active"):
        return []
    facts = [(_("Dungeon"), d["name"] or _("the dungeon")), (pgettext("dungeon", "Level"), i18n.number(d["depth"])),
             (_("Turn"), i18n.number(d["turn"]))]
    rest = table.rules.dungeon.rest
    if rest is not None:
        left = rest_due_in(rest, d["turns_since_rest"])
        if d["rest_status"] == "due":
            when = _("due now: the next turn is a rest")
        elif d["rest_status"] == "overdue":
            when = (_("overdue: {penalty}").format(penalty=d["rest_penalty"])
                    if d["rest_penalty"] else _("overdue"))
        else:
            when = ngettext("due in {n} turn", "due in {n} turns", left).format(n=left)
        facts.append((_("Rest"), when))
    return [Panel(_("Dungeon"), facts=facts, kind="dungeon")]


def _quiet(ev: Encounter) -> Encounter:
    return replace(ev, check=None, surprise_party=None, surprise_monsters=None, distance=None)


@secret(TurnAdvanced, "the wandering-monster check of a turn: its roll, whether it "
        "found an encounter, surprise and the encounter's distance",
        when=lambda ev: ev.check is not None)
def _turn_for_players(ev: TurnAdvanced, rules) -> str:
    return _describe_turn_advanced(_quiet(ev), rules)


@secret(CheckRolled, "an extra wandering-monster check the GM rolled: the table hears nothing")
def _check_for_players(ev: CheckRolled, rules) -> None:
    return None


@secret(HastyExitRolled, "a hasty exit's Doom table: who failed and what befell them "
        "(the table hears the saves rolled)",
        when=lambda ev: any(d for *_x, d in ev.saves))
def _hasty_exit_for_players(ev: HastyExitRolled, rules) -> str:
    return _("Hasty exit, save versus Doom: {saves}").format(saves="; ".join(
        f"{n} {roll_text(s)}" for n, s, _x in ev.saves))
