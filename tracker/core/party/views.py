"""How the party reads in the log, what the GM must not miss, its JSON and what must hold."""

from __future__ import annotations

from typing import Any

from .. import clock
from . import sheet
from ..alerts import Alert, alerting, still_there
from ..changes import matched, reads_changes
from ..timeline.hooks import offers_choices
from ..describe import roll_text
from ..events import describes
from ..invariants import invariant
from ..players import Panel, Table, hp_band, players_view
from ..state import State
from ..view import state_view
from .rules import (CharacterAdded, CharacterRemoved, CharacterRenamed, ConditionSet,
                    DamageTaken, DeathSaveRolled, ExhaustionSet, Healed, LevelledUp, LoadSet,
                    LongRested, RoundsPassed, ShortRested, XPAwarded, death_save_result, find)
from ..tally import Tally, tally


# --- what must hold ---------------------------------------------------------------------


@invariant
def _party_holds(state: State):
    p = state.rules.party
    seen: set[str] = set()
    for c in state.party:
        key = c.name.casefold()
        if key in seen:
            yield f"put two characters named {c.name} in the party"
        seen.add(key)
        if c.hp_max and not 0 <= c.hp <= c.hp_max:
            yield f"give {c.name} {c.hp} of {c.hp_max} hit points"
        if c.xp < 0 or c.load < 0:
            yield f"give {c.name} a negative XP or load"
        if c.cls:
            k = p.classes.get(c.cls) if p is not None else None
            if k is None:
                yield f"give {c.name} the class {c.cls!r}, which {state.rules.meta.name} lacks"
            elif c.level > k.max_level:
                yield f"raise {c.name} past level {k.max_level}, a {k.name}'s highest"
        known = p.conditions if p is not None else []
        for cond in c.conditions:
            if cond not in known:
                yield f"give {c.name} the condition {cond!r}, which this ruleset lacks"
        top = p.exhaustion_max if p is not None else 0
        if not 0 <= c.exhaustion <= top:
            yield f"set {c.name}'s exhaustion to {c.exhaustion} (0 to {top})"
        if not 0 <= c.hit_dice_spent <= c.level:
            yield f"have {c.name} spend {c.hit_dice_spent} Hit Point Dice at level {c.level}"
        ds = p.death_saves if p is not None else None
        if (c.death_successes or c.death_failures) and (
                ds is None or c.hp > 0 or c.death_successes > ds.successes
                or c.death_failures > ds.failures):
            yield (f"give {c.name} {c.death_successes} death-save successes and "
                   f"{c.death_failures} failures at {c.hp} HP")


# --- how its events read in the log ------------------------------------------------

def _con_text(rules, state: State | None, name: str) -> str:
    """"+1": the CON modifier each Hit Point roll adds, where the state says ("" for 0)."""
    c = find(state, name) if state is not None and rules.party else None
    mod = sheet.modifier(rules.party, c.abilities.get("con", 10)) if c is not None else 0
    return f"{mod:+d}" if mod else ""


@describes(CharacterAdded, with_state=True)
def _describe_character_added(ev: CharacterAdded, rules, state=None) -> str:
    k = rules.party.classes.get(ev.cls) if rules.party and ev.cls else None
    what = f"a level {ev.level} {k.name}" if k else f"level {ev.level}"
    rolled = ", ".join(roll_text(r) for r in ev.ability_rolls)
    con = _con_text(rules, state, ev.name)
    hp = ", ".join(roll_text(r) + con for r in ev.hp_rolls)
    extra = (f"; abilities {rolled}" if rolled else "") + (f"; HP {hp}" if hp else "")
    return f"{ev.name} joined the party ({what}){extra}"


@describes(DamageTaken)
def _describe_damage_taken(ev: DamageTaken, rules) -> str:
    rolled = f" ({roll_text(ev.roll)})" if ev.roll else ""
    return f"{ev.name} took {ev.amount} damage{rolled}" + (", a critical hit" if ev.critical else "")


@describes(ShortRested)
def _describe_short_rested(ev: ShortRested, rules) -> str:
    hours = rules.party.rests.short_hours if rules.party and rules.party.rests else "?"
    spent = "; ".join(f"{s.name} spent {len(s.rolls)} Hit Point "
                      f"{'Die' if len(s.rolls) == 1 else 'Dice'} "
                      f"({', '.join(roll_text(r) for r in s.rolls)})" for s in ev.spent)
    return f"Short rest ({hours} h)" + (f": {spent}" if spent else "")


@describes(LongRested)
def _describe_long_rested(ev: LongRested, rules) -> str:
    rests = rules.party.rests if rules.party else None
    hours = rests.long_hours if rests else "?"
    if not ev.who:
        return f"Long rest ({hours} h): nobody able to benefit"
    tired = (f", exhaustion -{rests.long_exhaustion_removed}"
             if rests and rests.long_exhaustion_removed else "")
    return (f"Long rest ({hours} h): hit points and Hit Point Dice back for "
            f"{', '.join(ev.who)}{tired}")


@describes(DeathSaveRolled, with_state=True)
def _describe_death_save(ev: DeathSaveRolled, rules, state) -> str:
    ds = rules.party.death_saves if rules.party else None
    c = next((c for c in state.party if c.name == ev.name), None) if state else None
    penalty = sheet.d20_penalty(rules, c) if c else 0  # a death save does not change it
    result = death_save_result(ds, ev.roll.total, penalty) if ds else "?"
    reads = {"wake": f"{ds.wake_hp} HP back" if ds else "", "fumble":
             f"{ds.fumble_failures} failures" if ds else "", "success": "a success",
             "failure": "a failure"}.get(result, "")
    tired = f", {-penalty:+d} exhaustion" if penalty else ""
    return f"{ev.name}'s death save ({roll_text(ev.roll)}{tired}): {reads}"


@describes(RoundsPassed)
def _describe_rounds_passed(ev: RoundsPassed, rules) -> str:
    return f"{ev.rounds} combat round{'s' if ev.rounds != 1 else ''} " \
           f"({ev.rounds * rules.time.round_seconds} s)"


@describes(Healed)
def _describe_healed(ev: Healed, rules) -> str:
    return f"{ev.name} healed {ev.amount}"


@describes(XPAwarded, with_state=True)
def _describe_x_p_awarded(ev: XPAwarded, rules, state=None) -> str:
    share = ev.amount // len(ev.to)
    gains = {n: share * (100 + sheet.xp_bonus(rules, c)) // 100 if (c := find(state, n))
             else share for n in ev.to} if state is not None else dict.fromkeys(ev.to, share)
    if len(ev.to) == 1:
        got = gains[ev.to[0]]
        return f"{ev.amount} XP to {ev.to[0]}" + (f" ({got} with the bonus)" if got != share else "")
    each = f"{gains[ev.to[0]]} each" if len(set(gains.values())) == 1 else \
        ", ".join(f"{n} {g}" for n, g in gains.items())
    return f"{ev.amount} XP split among {', '.join(ev.to)}: {each}"


@describes(ConditionSet)
def _describe_condition_set(ev: ConditionSet, rules) -> str:
    return f"{ev.name} is {'' if ev.on else 'no longer '}{ev.condition}"


@describes(ExhaustionSet)
def _describe_exhaustion_set(ev: ExhaustionSet, rules) -> str:
    return f"{ev.name} at exhaustion {ev.level}"


@describes(LevelledUp, with_state=True)
def _describe_levelled_up(ev: LevelledUp, rules, state=None) -> str:
    hp = f" (HP {roll_text(ev.hp_roll)}{_con_text(rules, state, ev.name)})" if ev.hp_roll else ""
    return f"{ev.name} went up a level{hp}"


@describes(LoadSet)
def _describe_load_set(ev: LoadSet, rules) -> str:
    return f"{ev.name} carries {ev.coins} coins of weight"


@describes(CharacterRenamed)
def _describe_character_renamed(ev: CharacterRenamed, rules) -> str:
    return f"{ev.old} is now called {ev.new}"


@describes(CharacterRemoved)
def _describe_character_removed(ev: CharacterRemoved, rules) -> str:
    return f"{ev.name} left the party"


# --- what the GM must not miss ----------------------------------------------------------


@alerting(60)
def _fallen_and_ready(before: State, after: State) -> list[Alert]:
    out = []
    rules = after.rules
    for o, c in still_there(before.party, after.party):
        st, old = sheet.status(rules, c), sheet.status(rules, o)
        if st != old and st in ("dying", "dead"):
            out.append(Alert("error", f"{c.name} is {st}"))
        if st != old and st == "stable":
            out.append(Alert("warning", f"{c.name} is stable at 0 HP"))
        if sheet.can_level_up(rules, c) and not sheet.can_level_up(rules, o):
            out.append(Alert("information", f"{c.name} can go up to level {c.level + 1}"))
    return out


# --- its part of `tracker state --json` ----------------------------------------------


def character_json(state: State, c) -> dict[str, Any]:
    rules = state.rules
    p = rules.party
    k = sheet.class_of(rules, c)
    out: dict[str, Any] = {
        "id": c.id, "name": c.name, "class": c.cls or None,
        "class_name": k.name if k else None, "level": c.level,
        "hp": c.hp if c.hp_max else None, "hp_max": c.hp_max or None,
        "ac": c.ac if (c.ac or k) else None, "xp": c.xp, "xp_next": sheet.xp_next(rules, c),
        "xp_bonus": sheet.xp_bonus(rules, c),
        "abilities": dict(c.abilities),
        "modifiers": {a: sheet.modifier(p, v) for a, v in c.abilities.items()} if p else {},
        "conditions": list(c.conditions), "exhaustion": c.exhaustion,
        "status": sheet.status(rules, c), "saves": sheet.saves(rules, c),
        "speed": sheet.speed(rules, c), "load": c.load,
        "lights": [l.id for l in state.lights if l.by == c.name and l.lit],
    }
    if c.held:  # levels no rest removes yet, by cause (a full day's water or food ends it)
        out["exhaustion_held"] = dict(c.held)
    if k is not None and k.skills:
        out["skills"] = sheet.skills(rules, c)
    if k is not None and k.turning:
        out["turning"] = sheet.turning(rules, c)
    left = sheet.hit_dice_left(rules, c)
    if left is not None:
        out["hit_dice"] = {"die": f"d{k.hit_die}", "left": left, "of": c.level}
        out["long_rested_at"] = c.long_rested_at if c.long_rested_at >= 0 else None
    if p is not None and p.death_saves is not None and c.hp_max:
        out["death_saves"] = {"successes": c.death_successes, "failures": c.death_failures}
    if p is not None and p.proficiency:
        out["proficiency"] = sheet.proficiency(rules, c)
        out["passive_perception"] = sheet.passive_perception(rules, c)
    return out


@state_view("party", 20)
def _party_json(state: State) -> list[dict]:
    return [character_json(state, c) for c in state.party]


@state_view("party_speed", 21)
def _party_speed_json(state: State) -> int | None:
    return sheet.party_speed(state)


# --- its part of the recap ---------------------------------------------------------------


@tally(40)
class PartyTally(Tally):
    """Damage taken and healed by name, XP awarded, levels gained, who fell."""

    def __init__(self, sessions: list[int]):
        super().__init__(sessions)
        self.damage: dict[str, int] = {}
        self.healed: dict[str, int] = {}
        self.xp = 0
        self.levels: dict[str, tuple[int, int]] = {}  # name -> (level before, level now)
        self.fallen: list[str] = []

    def see(self, session, seq, ev, state_at) -> None:
        if isinstance(ev, DamageTaken):
            self.damage[ev.name] = self.damage.get(ev.name, 0) + ev.amount
        elif isinstance(ev, Healed):
            self.healed[ev.name] = self.healed.get(ev.name, 0) + ev.amount
        elif isinstance(ev, XPAwarded):
            self.xp += ev.amount
        elif isinstance(ev, LevelledUp):
            c = find(state_at(seq), ev.name)
            if c is not None:  # each character once: "Seraphine: level 5 → 9"
                was = self.levels.get(ev.name, (c.level - 1, 0))[0]
                self.levels[ev.name] = (was, c.level)

    def finish(self, before, after) -> None:
        rules = after.rules
        was = {c.id: sheet.status(rules, c) for c in before.party}
        self.fallen = [f"{c.name} ({sheet.status(rules, c)})" for c in after.party
                       if sheet.status(rules, c) != "ok" and was.get(c.id, "ok") == "ok"]

    def lines(self, e) -> list[str]:
        out = []
        if self.damage:
            out.append("**Damage taken:** " + ", ".join(f"{e(n)} {d}" for n, d in self.damage.items()))
        if self.healed:
            out.append("**Healed:** " + ", ".join(f"{e(n)} {d}" for n, d in self.healed.items()))
        if self.xp:
            out.append(f"**XP awarded:** {self.xp}")
        if self.levels:
            out.append("**Went up a level:** " + ", ".join(
                f"{e(n)}: level {a} → {b}" for n, (a, b) in self.levels.items()))
        if self.fallen:
            out.append("**Fallen:** " + ", ".join(map(e, self.fallen)))
        return out


# --- how a correction's changes read (core/changes.py) -----------------------------------

_ALIVE = {"ok": "alive", "dying": "dying", "stable": "stable at 0 HP", "dead": "dead"}
# what follows from the fields said below (level, abilities, exhaustion, load)
_DERIVED = ("class_name", "xp_next", "xp_bonus", "modifiers", "saves", "skills", "turning",
            "speed", "proficiency", "passive_perception", "long_rested_at")


@reads_changes(*(f"party.*.{k}" for k in (
    "name", "class", "level", "hp", "hp_max", "ac", "xp", "abilities", "conditions",
    "exhaustion", "status", "death_saves", "hit_dice", "load", *_DERIVED)),
    "party_speed", order=20)
def _party_changes(before: State, after: State) -> list[str]:
    out = []
    for a, b in matched(before.party, after.party, lambda c: c.id):
        if a is None:
            out.append(f"New in the party: {b.name}")
        elif b is None:
            out.append(f"{a.name}: no longer in the party")
        else:
            out += _character_changes(before.rules, a, after.rules, b)
    if (s := sheet.party_speed(before)) != (t := sheet.party_speed(after)):
        out.append(f"Party speed: {s} → {t}")
    return out


def _character_changes(ra, a, rb, b) -> list[str]:
    """One character's sheet before and after, in the GM's words ("Aria: 9 HP → 5 HP")."""
    n = b.name
    out = [f"{a.name} is now called {b.name}"] if a.name != b.name else []
    if (ka := sheet.class_of(ra, a)) != (kb := sheet.class_of(rb, b)):
        out.append(f"{n}: {ka.name if ka else 'no class'} → {kb.name if kb else 'no class'}")
    if a.level != b.level:
        out.append(f"{n}: level {a.level} → {b.level}")
    if a.xp != b.xp:
        out.append(f"{n}: {a.xp} XP → {b.xp} XP")
    if (a.hp, a.hp_max) != (b.hp, b.hp_max):
        hp = (lambda c: f"{c.hp} HP") if a.hp_max == b.hp_max else \
            (lambda c: f"{c.hp} of {c.hp_max} HP")
        out.append(f"{n}: {hp(a)} → {hp(b)}")
    if a.ac != b.ac:
        out.append(f"{n}: AC {a.ac} → {b.ac}")
    names = rb.party.abilities if rb.party else {}
    for k in [*a.abilities, *(k for k in b.abilities if k not in a.abilities)]:
        if a.abilities.get(k) != b.abilities.get(k):
            out.append(f"{n}: {names.get(k, k)} {a.abilities.get(k, '–')} → "
                       f"{b.abilities.get(k, '–')}")
    out += [f"{n} is now {x}" for x in b.conditions if x not in a.conditions]
    out += [f"{n} is no longer {x}" for x in a.conditions if x not in b.conditions]
    if a.exhaustion != b.exhaustion:
        out.append(f"{n}: exhaustion {a.exhaustion} → {b.exhaustion}")
    if (sa := sheet.status(ra, a)) != (sb := sheet.status(rb, b)):
        out.append(f"{n} is {_ALIVE[sa]} → {_ALIVE[sb]}")
    if (a.death_successes, a.death_failures) != (b.death_successes, b.death_failures):
        out.append(f"{n}'s death saves: {_death_saves(a)} → {_death_saves(b)}")
    if (ha := sheet.hit_dice_left(ra, a)) != (hb := sheet.hit_dice_left(rb, b)):
        out.append(f"{n}: {ha} → {hb} Hit Point Dice left")
    if a.load != b.load:
        out.append(f"{n} carries {a.load} → {b.load} coins of weight")
    if not out and (sheet.saves(ra, a), sheet.speed(ra, a)) != (sheet.saves(rb, b),
                                                                sheet.speed(rb, b)):
        out.append(f"{n}: saves or speed recomputed by the rules")
    return out


def _death_saves(c) -> str:
    if not (c.death_successes or c.death_failures):
        return "none"
    return f"{c.death_successes} made, {c.death_failures} failed"


@offers_choices(ConditionSet, "condition")
def _condition_choices(state: State) -> list[str]:
    return list(state.rules.party.conditions) if state.rules.party else []


# --- what the players see (core/players.py) ---------------------------------------------


@players_view(20)
def _party_for_players(data: dict, table: Table) -> list[Panel]:
    """Each character: class, level, hit points (or a band, by the GM's
    choice), conditions, exhaustion and the lights they carry, with turns left.
    Abilities, saves and XP are the players' own sheets, not the table's."""
    if not data.get("party"):
        return []
    lights = {l["id"]: l for l in (data.get("dungeon") or {}).get("lights", [])}
    rows = []
    for c in data["party"]:
        if c["hp_max"] is None:
            hp = ""
        elif table.hp == "exact":
            hp = f"{c['hp']}/{c['hp_max']}"
        else:
            hp = hp_band(c["hp"], c["hp_max"], c["status"])
        carried = [lights[i] for i in c["lights"] if i in lights]
        light = ", ".join(f"{_light_kind(table.rules, l['kind'])} "
                          f"{clock.in_turns(table.rules, l['seconds_left'])} left"
                          for l in carried)
        state = ", ".join([*c["conditions"],
                           *([f"exhaustion {c['exhaustion']}"] if c["exhaustion"] else [])])
        rows.append([c["name"], (c["class_name"] or "hireling").split(" (")[0],
                     str(c["level"]), hp, state, light])
    return [Panel("Party", header=["Name", "Class", "Level", "HP", "Conditions", "Light"],
                  rows=rows, kind="party")]


def _light_kind(rules, kind: str) -> str:
    k = rules.lights.get(kind)
    return (k.name if k else kind).split(" (")[0].lower()
