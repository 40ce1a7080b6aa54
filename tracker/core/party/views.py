"""How the party reads in the log, what the GM must not miss, its JSON and what must hold."""

from __future__ import annotations

from typing import Any

from .. import clock
from . import sheet
from ..alerts import Alert, alerting, still_there
from ..changes import fact, matched, reads_changes
from ..timeline.hooks import names_a_term
from ..describe import roll_text
from ..events import describes
from ..invariants import invariant
from ..players import Panel, Table, hp_band, players_view
from ..state import State
from .model import Character
from ..view import state_view
from .rules import (CharacterAdded, CharacterRemoved, CharacterRenamed, ConditionSet,
                    DamageTaken, DeathSaveRolled, ExhaustionSet, Healed, LevelledUp, LoadSet,
                    LongRested, RoundsPassed, ShortRested, XPAwarded, death_save_result, find)
from ..tally import Tally, tally
from ..touched import touches
from ... import i18n
from ...i18n import N_, _, ngettext, pgettext
from ..lights.views import kind_name
from .names import ability_name, class_name, condition_name, short_class_name


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


def _added_con(rules, ev: CharacterAdded) -> str:
    """"+1": the CON modifier each Hit Point roll of ``ev`` adds, from the
    abilities the entry holds, so a correction's line reads as the entry's
    (gm-review3 R19: the state before it has no such character)."""
    p = rules.party
    if p is None:
        return ""
    abilities = ({a: r.total for a, r in zip(p.abilities, ev.ability_rolls)}
                 if ev.ability_rolls else ev.abilities)
    mod = sheet.modifier(p, abilities.get("con", 10))
    return f"{mod:+d}" if mod else ""


def _names(names) -> str:
    """Names in a list, as a sentence lists them: "Bo, Wil"."""
    return ", ".join(names)


@describes(CharacterAdded, with_state=True)
def _describe_character_added(ev: CharacterAdded, rules, state=None) -> str:
    k = rules.party.classes.get(ev.cls) if rules.party and ev.cls else None
    if k:
        what = _("a level {level} {cls}").format(level=ev.level, cls=class_name(rules, ev.cls))
    else:
        what = _("level {level}").format(level=ev.level)
    rolled = ", ".join(roll_text(r) for r in ev.ability_rolls)
    con = _added_con(rules, ev)
    # typed hit points stand for any rolled (evolve reads them first): the log
    # says what the entry holds (gm-review3 R19)
    hp = _("{hp} (typed)").format(hp=ev.hp) if ev.hp is not None else ", ".join(
        roll_text(r) + con for r in ev.hp_rolls)
    if rolled and hp:
        return _("{name} joined the party ({what}); abilities {rolled}; HP {hp}").format(
            name=ev.name, what=what, rolled=rolled, hp=hp)
    if rolled:
        return _("{name} joined the party ({what}); abilities {rolled}").format(
            name=ev.name, what=what, rolled=rolled)
    if hp:
        return _("{name} joined the party ({what}); HP {hp}").format(name=ev.name, what=what,
                                                                     hp=hp)
    return _("{name} joined the party ({what})").format(name=ev.name, what=what)


@describes(DamageTaken)
def _describe_damage_taken(ev: DamageTaken, rules) -> str:
    if ev.roll and ev.critical:
        text = _("{name} took {n} damage ({roll}), a critical hit")
    elif ev.roll:
        text = _("{name} took {n} damage ({roll})")
    elif ev.critical:
        text = _("{name} took {n} damage, a critical hit")
    else:
        text = _("{name} took {n} damage")
    return text.format(name=ev.name, n=ev.amount, roll=roll_text(ev.roll) if ev.roll else "")


@describes(ShortRested)
def _describe_short_rested(ev: ShortRested, rules) -> str:
    hours = rules.party.rests.short_hours if rules.party and rules.party.rests else "?"
    spent = "; ".join(ngettext("{name} spent {n} Hit Point Die ({rolls})",
                               "{name} spent {n} Hit Point Dice ({rolls})", len(s.rolls))
                      .format(name=s.name, n=len(s.rolls),
                              rolls=", ".join(roll_text(r) for r in s.rolls)) for s in ev.spent)
    if spent:
        return _("Short rest ({hours} h): {spent}").format(hours=hours, spent=spent)
    return _("Short rest ({hours} h)").format(hours=hours)


@describes(LongRested)
def _describe_long_rested(ev: LongRested, rules) -> str:
    rests = rules.party.rests if rules.party else None
    hours = rests.long_hours if rests else "?"
    if not ev.who:
        return _("Long rest ({hours} h): nobody able to benefit").format(hours=hours)
    if rests and rests.long_exhaustion_removed:
        return _("Long rest ({hours} h): hit points and Hit Point Dice back for {names}, "
                 "exhaustion -{n}").format(hours=hours, names=_names(ev.who),
                                           n=rests.long_exhaustion_removed)
    return _("Long rest ({hours} h): hit points and Hit Point Dice back for {names}").format(
        hours=hours, names=_names(ev.who))


@describes(DeathSaveRolled, with_state=True)
def _describe_death_save(ev: DeathSaveRolled, rules, state) -> str:
    ds = rules.party.death_saves if rules.party else None
    c = next((c for c in state.party if c.name == ev.name), None) if state else None
    penalty = sheet.d20_penalty(rules, c) if c else 0  # a death save does not change it
    result = death_save_result(ds, ev.roll.total, penalty) if ds else "?"
    if result == "wake":
        reads = ngettext("{n} HP back", "{n} HP back", ds.wake_hp).format(n=ds.wake_hp)
    elif result == "fumble":
        reads = ngettext("{n} failure", "{n} failures", ds.fumble_failures).format(
            n=ds.fumble_failures)
    elif result == "success":
        reads = _("a success")
    elif result == "failure":
        reads = _("a failure")
    else:
        reads = ""
    if penalty:
        return _("{name}'s death save ({roll}, {penalty} exhaustion): {result}").format(
            name=ev.name, roll=roll_text(ev.roll), penalty=f"{-penalty:+d}", result=reads)
    return _("{name}'s death save ({roll}): {result}").format(
        name=ev.name, roll=roll_text(ev.roll), result=reads)


@describes(RoundsPassed)
def _describe_rounds_passed(ev: RoundsPassed, rules) -> str:
    return ngettext("{n} combat round ({seconds} s)", "{n} combat rounds ({seconds} s)",
                    ev.rounds).format(n=ev.rounds, seconds=ev.rounds * rules.time.round_seconds)


@describes(Healed)
def _describe_healed(ev: Healed, rules) -> str:
    if ev.roll:
        return _("{name} healed {n} ({roll})").format(name=ev.name, n=ev.amount,
                                                      roll=roll_text(ev.roll))
    return _("{name} healed {n}").format(name=ev.name, n=ev.amount)


@describes(XPAwarded, with_state=True)
def _describe_x_p_awarded(ev: XPAwarded, rules, state=None) -> str:
    share = ev.amount // len(ev.to)
    gains = {n: share * (100 + sheet.xp_bonus(rules, c)) // 100 if (c := find(state, n))
             else share for n in ev.to} if state is not None else dict.fromkeys(ev.to, share)
    if len(ev.to) == 1:
        got = gains[ev.to[0]]
        if got != share:
            return _("{n} XP to {name} ({got} with the bonus)").format(
                n=i18n.number(ev.amount), name=ev.to[0], got=i18n.number(got))
        return _("{n} XP to {name}").format(n=i18n.number(ev.amount), name=ev.to[0])
    if len(set(gains.values())) == 1:
        return _("{n} XP split among {names}: {each} each").format(
            n=i18n.number(ev.amount), names=_names(ev.to), each=i18n.number(gains[ev.to[0]]))
    return _("{n} XP split among {names}: {shares}").format(
        n=i18n.number(ev.amount), names=_names(ev.to),
        shares=", ".join(f"{n} {i18n.number(g)}" for n, g in gains.items()))


@describes(ConditionSet)
def _describe_condition_set(ev: ConditionSet, rules) -> str:
    cond = condition_name(rules, ev.condition)
    if ev.on:
        return _("{name} is {condition}").format(name=ev.name, condition=cond)
    return _("{name} is no longer {condition}").format(name=ev.name, condition=cond)


@describes(ExhaustionSet)
def _describe_exhaustion_set(ev: ExhaustionSet, rules) -> str:
    return _("{name} at exhaustion {level}").format(name=ev.name, level=ev.level)


@describes(LevelledUp, with_before=True)
def _describe_levelled_up(ev: LevelledUp, rules, state=None, before=None) -> str:
    """"Bo reached level 3 (HP 1d10=[5]+2: +7, 21 max)": the level and the hit
    points it gave, read from the states around the entry (gm-review7 C9);
    without them, as the entry alone says."""
    c = find(state, ev.name) if state is not None else None
    was = find(before, ev.name) if before is not None else None
    hp = roll_text(ev.hp_roll) + _con_text(rules, state, ev.name) if ev.hp_roll else ""
    if c is not None and was is not None and c.hp_max:
        gain = c.hp_max - was.hp_max
        line = (_("{name} reached level {level} (HP {hp}: +{gain}, {max} max)") if hp else
                _("{name} reached level {level} (+{gain} HP, {max} max)")).format(
            name=ev.name, level=c.level, hp=hp, gain=gain, max=c.hp_max)
    elif c is not None:  # hit points not kept
        line = (_("{name} reached level {level} (HP {hp})") if hp else
                _("{name} reached level {level}")).format(name=ev.name, level=c.level, hp=hp)
    elif hp:
        line = _("{name} went up a level (HP {hp})").format(name=ev.name, hp=hp)
    else:
        line = _("{name} went up a level").format(name=ev.name)
    c = c if ev.keeps_zero else None
    if c is not None and c.hp_max and c.hp <= 0:  # the maximum rose; nobody woke (R9)
        line = _("{entry}; still at 0 HP (a level heals nobody)").format(entry=line)
    return line


@describes(LoadSet)
def _describe_load_set(ev: LoadSet, rules) -> str:
    # the English reads "coins" for any number, as the record has it; a language
    # with forms gives each its own
    return ngettext("{name} carries {n} coins of weight", "{name} carries {n} coins of weight",
                    ev.coins).format(name=ev.name, n=i18n.number(ev.coins))


@describes(CharacterRenamed)
def _describe_character_renamed(ev: CharacterRenamed, rules) -> str:
    return _("{old} is now called {new}").format(old=ev.old, new=ev.new)


@describes(CharacterRemoved)
def _describe_character_removed(ev: CharacterRemoved, rules) -> str:
    return _("{name} left the party").format(name=ev.name)


# --- what the GM must not miss ----------------------------------------------------------


@alerting(60, parts=("party",))
def _fallen_and_ready(before: State, after: State) -> list[Alert]:
    out = []
    rules = after.rules
    if after.party is before.party:  # most actions leave the party as it was
        return out
    for o, c in still_there(before.party, after.party):
        if o is c:  # the same character, judged by the same rules: nothing new to say
            continue
        st, old = sheet.status(rules, c), sheet.status(rules, o)
        if st != old and st == "dying":
            out.append(Alert("error", _("{name} is dying").format(name=c.name)))
        if st != old and st == "dead":
            out.append(Alert("error", _("{name} is dead").format(name=c.name)))
        if st != old and st == "stable":
            out.append(Alert("warning", _("{name} is stable at 0 HP").format(name=c.name)))
        if sheet.can_level_up(rules, c) and not sheet.can_level_up(rules, o):
            out.append(Alert("information", _("{name} can go up to level {level}").format(
                name=c.name, level=c.level + 1)))
    return out


# --- its part of `tracker state --json` ----------------------------------------------


def character_json(state: State, c) -> dict[str, Any]:
    rules = state.rules
    p = rules.party
    k = sheet.class_of(rules, c)
    out: dict[str, Any] = {
        "id": c.id, "name": c.name, "class": c.cls or None,
        "class_name": class_name(rules, c.cls) if k else None, "level": c.level,
        "hp": sheet.hp_left(rules, c) if c.hp_max else None, "hp_max": c.hp_max or None,
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


# --- whom an entry touched (core/touched.py: the log's character filter) ---------------


def _hurt_or_helped(a: Character, b: Character) -> bool:
    """The sheet's hit points, exhaustion or life differ (not its XP, load,
    level alone or rests' bookkeeping: an award shared out touches nobody)."""
    return (a.hp != b.hp or a.exhaustion != b.exhaustion or a.held != b.held
            or a.dead != b.dead or a.death_successes != b.death_successes
            or a.death_failures != b.death_failures or a.conditions != b.conditions)


@touches("party", order=20)
def _party_touched(before: State, after: State) -> list[str]:
    """Each character whose hit points, exhaustion, conditions or life the
    entry changed, under the name they have after it: a Doom fate, a chase
    complication, a travel day's saves, a day without water all name nobody."""
    return [b.name for a, b in still_there(before.party, after.party)
            if a is not b and _hurt_or_helped(a, b)]


def hp_moved(a: Character, b: Character) -> tuple[int, int]:
    """(hit points lost, got back) between two sheets of one character: the
    change of ``hp``, less what a change of the maximum explains (a level
    gained raises both, a maximum lowered takes the hit points above it)."""
    d, top = b.hp - a.hp, b.hp_max - a.hp_max
    if d > 0:
        return 0, d - min(d, top) if top > 0 else d
    if d < 0:
        return -d - min(-d, -top) if top < 0 else -d, 0
    return 0, 0


# --- its part of the recap ---------------------------------------------------------------


@tally(40)
class PartyTally(Tally):
    """Damage taken and healed by character, XP awarded, levels gained, who fell.

    Each character is counted under one name, the one it has at the end of the
    span, with the names it had before in the span after it ("Ulfur (was
    Ulf)"): the entries name a character as it was called then. Damage taken
    is the hit points it lost (a 6 on a character with 1 HP left is 1), and
    healing the hit points it got back (never past the maximum), read from the
    states before and after the entry; the log keeps the rolls."""

    def __init__(self, sessions: list[int]):
        super().__init__(sessions)
        self.damage: dict[int, int] = {}  # character id -> hit points lost
        self.healed: dict[int, int] = {}  # ...and got back
        self.xp = 0
        self.levels: dict[int, tuple[int, int]] = {}  # id -> (level before, level now)
        # id -> (hit points the levels gave, the maximum after the last), where kept
        self.level_hp: dict[int, tuple[int, int]] = {}
        self.fallen: list[tuple[int, str]] = []  # (id, status)
        self.names: dict[int, list[str]] = {}  # id -> its names in the span, the latest last

    def _who(self, state: State | None, name: str) -> Character | None:
        c = find(state, name) if state is not None else None
        if c is not None:
            self._named(c.id, c.name)
        return c

    def _named(self, cid: int, name: str) -> None:
        seen = self.names.setdefault(cid, [])
        if name in seen:
            seen.remove(name)
        seen.append(name)

    def see(self, session, seq, ev, state_at) -> None:
        self._hp(seq, ev, state_at)
        if isinstance(ev, CharacterRenamed):
            c = self._who(state_at(seq - 1), ev.old)
            if c is not None:
                self._named(c.id, ev.new)
        elif isinstance(ev, XPAwarded):
            self.xp += ev.amount
        elif isinstance(ev, LevelledUp):
            c = self._who(state_at(seq), ev.name)
            if c is not None:  # each character once: "Seraphine: level 5 → 9"
                was = self.levels.get(c.id, (c.level - 1, 0))[0]
                self.levels[c.id] = (was, c.level)
                b = find(state_at(seq - 1), ev.name)
                if c.hp_max and b is not None:
                    got = self.level_hp.get(c.id, (0, 0))[0] + c.hp_max - b.hp_max
                    self.level_hp[c.id] = (got, c.hp_max)

    def _hp(self, seq: int, ev, state_at) -> None:
        """The hit points each character lost and got back in the entry,
        whatever it was (a chase complication, a Doom fate, a death save's
        20, a rest): read from the states before and after it (gm-review4
        R3). Where hit points are not tracked (a max of 0) a ``damage`` or
        ``heal`` amount is all there is to count."""
        was_state, now_state = state_at(seq - 1), state_at(seq)
        if was_state is None or now_state is None:
            return
        was_party, now_party = was_state.party, now_state.party
        if was_party is now_party:  # most entries: no one's sheet changed
            if isinstance(ev, (DamageTaken, Healed)):
                self._untracked(was_state, ev)
            return
        for a, b in still_there(was_party, now_party):
            if a is b or not a.hp_max:
                continue
            lost, got = hp_moved(a, b)
            if lost or got:
                self._named(a.id, a.name)
                if lost:
                    self.damage[a.id] = self.damage.get(a.id, 0) + lost
                if got:
                    self.healed[a.id] = self.healed.get(a.id, 0) + got
        if isinstance(ev, (DamageTaken, Healed)):
            self._untracked(was_state, ev)

    def _untracked(self, state: State, ev) -> None:
        c = find(state, ev.name)
        if c is None or c.hp_max:
            return
        self._named(c.id, c.name)
        into = self.damage if isinstance(ev, DamageTaken) else self.healed
        into[c.id] = into.get(c.id, 0) + ev.amount

    def finish(self, before, after) -> None:
        rules = after.rules
        was = {c.id: sheet.status(rules, c) for c in before.party}
        for c in after.party:  # the name it ends the span with comes last
            if c.id in self.names:
                self._named(c.id, c.name)
        self.fallen = [(c.id, sheet.status(rules, c)) for c in after.party
                       if sheet.status(rules, c) != "ok" and was.get(c.id, "ok") == "ok"]
        for c in after.party:  # one fallen with nothing else in the span
            if c.id not in self.names and any(c.id == i for i, _status in self.fallen):
                self.names[c.id] = [c.name]

    def name(self, cid: int) -> str:
        """The character's name at the end of the span, and those it had before."""
        *old, now = self.names.get(cid) or ["?"]
        if not old:
            return now
        return _("{name} (was {old})").format(name=now, old=", ".join(reversed(old)))

    def lines(self, e) -> list[str]:
        out = []
        if self.damage:
            out.append(_("**Damage taken:** {who}").format(
                who=", ".join(f"{e(self.name(i))} {d}" for i, d in self.damage.items())))
        if self.healed:
            out.append(_("**Healed:** {who}").format(
                who=", ".join(f"{e(self.name(i))} {d}" for i, d in self.healed.items())))
        if self.xp:
            out.append(_("**XP awarded:** {n}").format(n=i18n.number(self.xp)))
        if self.levels:
            def went(i: int, a: int, b: int) -> str:
                if i in self.level_hp:
                    got, top = self.level_hp[i]
                    return _("{name}: level {a} → {b} (+{hp} HP, {max} max)").format(
                        name=e(self.name(i)), a=a, b=b, hp=got, max=top)
                return _("{name}: level {a} → {b}").format(name=e(self.name(i)), a=a, b=b)
            out.append(_("**Went up a level:** {who}").format(who=", ".join(
                went(i, a, b) for i, (a, b) in self.levels.items())))
        if self.fallen:
            out.append(_("**Fallen:** {who}").format(who=", ".join(
                e(_("{name} ({status})").format(name=self.name(i), status=status_word(st)))
                for i, st in self.fallen)))
        return out


# --- how a correction's changes read (core/changes.py) -----------------------------------

_ALIVE = {"ok": N_("alive"), "dying": N_("dying"), "stable": N_("stable at 0 HP"),
          "dead": N_("dead")}
_STATUS = {"ok": N_("ok"), "dying": N_("dying"), "stable": N_("stable"), "dead": N_("dead")}
# what follows from the fields said below (level, abilities, exhaustion, load)
_DERIVED = ("class_name", "xp_next", "xp_bonus", "modifiers", "saves", "skills", "turning",
            "speed", "proficiency", "passive_perception", "long_rested_at")


def status_word(status: str) -> str:
    """A character's status as a word the GM reads ("dying", "døende")."""
    return _(_STATUS[status]) if status in _STATUS else status


@reads_changes(*(f"party.*.{k}" for k in (
    "name", "class", "level", "hp", "hp_max", "ac", "xp", "abilities", "conditions",
    "exhaustion", "status", "death_saves", "hit_dice", "load", *_DERIVED)),
    "party_speed", order=20)
def _party_changes(before: State, after: State) -> list[str]:
    out = []
    for a, b in matched(before.party, after.party, lambda c: c.id):
        if a is None:
            out.append(_("New in the party: {name}").format(name=b.name))
        elif b is None:
            out.append(_("{name}: no longer in the party").format(name=a.name))
        else:
            out += _character_changes(before.rules, a, after.rules, b)
    if (s := sheet.party_speed(before)) != (t := sheet.party_speed(after)):
        out.append(_("Party speed: {a} → {b}").format(a=s, b=t))
    return out


def _character_changes(ra, a, rb, b) -> list[str]:
    """One character's sheet before and after, in the GM's words ("Aria: 9 HP → 5 HP"),
    each line the fact of its field (``changes.fact``: another area's line of
    the same field of the same character is not said again)."""
    n = b.name
    out = [fact(_("{old} is now called {new}").format(old=a.name, new=b.name), "name", n)] \
        if a.name != b.name else []
    if (ka := sheet.class_of(ra, a)) != (kb := sheet.class_of(rb, b)):
        out.append(fact(_("{name}: {a} → {b}").format(
            name=n, a=class_name(ra, a.cls) if ka else _("no class"),
            b=class_name(rb, b.cls) if kb else _("no class")), "class", n))
    if a.level != b.level:
        out.append(fact(_("{name}: level {a} → {b}").format(name=n, a=a.level, b=b.level),
                        "level", n))
    if a.xp != b.xp:
        out.append(fact(_("{name}: {a} XP → {b} XP").format(name=n, a=i18n.number(a.xp),
                                                             b=i18n.number(b.xp)), "xp", n))
    if (a.hp, a.hp_max) != (b.hp, b.hp_max):
        if a.hp_max == b.hp_max:
            out.append(fact(_("{name}: {a} HP → {b} HP").format(name=n, a=a.hp, b=b.hp),
                            "hp", n))
        else:
            out.append(fact(_("{name}: {a} of {a_max} HP → {b} of {b_max} HP").format(
                name=n, a=a.hp, a_max=a.hp_max, b=b.hp, b_max=b.hp_max), "hp", n))
    if a.ac != b.ac:
        out.append(fact(_("{name}: AC {a} → {b}").format(name=n, a=a.ac, b=b.ac), "ac", n))
    for k in [*a.abilities, *(k for k in b.abilities if k not in a.abilities)]:
        if a.abilities.get(k) != b.abilities.get(k):
            out.append(fact(_("{name}: {ability} {a} → {b}").format(
                name=n, ability=ability_name(rb, k), a=a.abilities.get(k, "–"),
                b=b.abilities.get(k, "–")), f"abilities.{k}", n))
    out += [_("{name} is now {condition}").format(name=n, condition=condition_name(rb, x))
            for x in b.conditions if x not in a.conditions]
    out += [_("{name} is no longer {condition}").format(name=n, condition=condition_name(ra, x))
            for x in a.conditions if x not in b.conditions]
    if a.exhaustion != b.exhaustion:
        out.append(fact(_("{name}: exhaustion {a} → {b}").format(name=n, a=a.exhaustion,
                                                                 b=b.exhaustion),
                        "exhaustion", n))
    if (sa := sheet.status(ra, a)) != (sb := sheet.status(rb, b)):
        out.append(fact(_("{name} is {a} → {b}").format(name=n, a=_(_ALIVE[sa]), b=_(_ALIVE[sb])),
                        "status", n))
    if (a.death_successes, a.death_failures) != (b.death_successes, b.death_failures):
        out.append(fact(_("{name}'s death saves: {a} → {b}").format(
            name=n, a=_death_saves(a), b=_death_saves(b)), "death_saves", n))
    if (ha := sheet.hit_dice_left(ra, a)) != (hb := sheet.hit_dice_left(rb, b)):
        out.append(fact(_("{name}: {a} → {b} Hit Point Dice left").format(name=n, a=ha, b=hb),
                        "hit_dice", n))
    if a.load != b.load:
        out.append(fact(_("{name} carries {a} → {b} coins of weight").format(
            name=n, a=i18n.number(a.load), b=i18n.number(b.load)), "load", n))
    if not out and (sheet.saves(ra, a), sheet.speed(ra, a)) != (sheet.saves(rb, b),
                                                                sheet.speed(rb, b)):
        out.append(_("{name}: saves or speed recomputed by the rules").format(name=n))
    return out


def _death_saves(c) -> str:
    if not (c.death_successes or c.death_failures):
        return _("none")
    return _("{made} made, {failed} failed").format(made=c.death_successes,
                                                   failed=c.death_failures)


names_a_term(ConditionSet, "condition", "party.conditions")
names_a_term(CharacterAdded, "cls", "party.classes", optional=True)


# --- what the players see (core/players.py) ---------------------------------------------

_BANDS = {"down": N_("down"), "unhurt": N_("unhurt"), "wounded": N_("wounded"),
          "badly wounded": N_("badly wounded"), "dying": N_("dying"), "stable": N_("stable"),
          "dead": N_("dead")}


@players_view(20)
def _party_for_players(data: dict, table: Table) -> list[Panel]:
    """Each character: class, level, hit points (or a band, by the GM's
    choice), conditions, exhaustion and the lights they carry, with turns left.
    Abilities, saves and XP are the players' own sheets, not the table's."""
    if not data.get("party"):
        return []
    rules = table.rules
    lights = {l["id"]: l for l in (data.get("dungeon") or {}).get("lights", [])}
    rows = []
    for c in data["party"]:
        if c["hp_max"] is None:
            hp = ""
        elif table.hp == "exact":
            hp = f"{i18n.number(c['hp'])}/{i18n.number(c['hp_max'])}"
        else:
            band = hp_band(c["hp"], c["hp_max"], c["status"])
            hp = _(_BANDS[band]) if band in _BANDS else band
        carried = [lights[i] for i in c["lights"] if i in lights]
        light = ", ".join(_("{light} {left} left").format(
            light=_light_kind(rules, l["kind"]), left=clock.in_turns(rules, l["seconds_left"]))
            for l in carried)
        state = ", ".join([*(condition_name(rules, x) for x in c["conditions"]),
                           *([_("exhaustion {n}").format(n=c["exhaustion"])]
                             if c["exhaustion"] else [])])
        cls = short_class_name(rules, c["class"]) if c["class_name"] else _("hireling")
        rows.append([c["name"], cls, i18n.number(c["level"]), hp, state, light])
    return [Panel(_("Party"), header=[_("Name"), _("Class"), pgettext("character", "Level"), _("HP"),
                                      _("Conditions"), pgettext("party table", "Light")],
                  rows=rows, kind="party")]


def _light_kind(rules, kind: str) -> str:
    return kind_name(rules, kind)
