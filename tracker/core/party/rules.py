"""The party: characters made by each ruleset's own procedure, hit points,
XP and levels, conditions and exhaustion, death saves, rests and combat rounds.

Events record the GM's choices and the dice (ability rolls, hit-point rolls);
abilities, hit points and each character's share of an XP award are derived
here from the ruleset.
"""

from __future__ import annotations

import re
import unicodedata
from typing import Annotated

import msgspec
from msgspec import Meta
from msgspec.structs import replace

from .. import dice as dicemod
from . import sheet
from ..dice import Roll
from ..errors import Refused
from ..limits import (XP, Ability, Amount, ArmourClass, CharacterName, Count, Exhaustion,
                      HitPoints, Key, Level, Rounds)
from ..events import Event, event, fields_added, upcaster
from ..schema import not_in_source
from ..campaign.rules import SessionStarted
from ..handlers import Command, decides, evolves
from ..state import State
from ..timeline.hooks import refits, rerolls
from ..timeflow import pass_time
from ..clock_held import holds_clock
from ..validity import holds_for
from ... import i18n
from ...i18n import N_, _, ngettext
from .model import Character, DeathSaves
from .names import ability_name, ability_order, class_name, condition_name

_NAME = re.compile(r"^[^\x00-\x1f]{1,40}$")
_INVISIBLE = {"Cc", "Cf", "Zl", "Zp", "Cs", "Co", "Cn"}  # two names must not look alike


# --- commands -----------------------------------------------------------------------


class AddCharacter(Command, frozen=True):
    name: str
    cls: str = ""
    level: int = 1
    abilities: tuple[int, ...] = ()  # in the ruleset's ability order
    roll_abilities: bool = False
    hp: int | None = None
    ac: int | None = None


class RenameCharacter(Command, frozen=True):
    old: str
    new: str


class RemoveCharacter(Command, frozen=True):
    name: str


class Damage(Command, frozen=True):
    name: str
    amount: int = 0
    dice: str = ""  # a dice expression ("2d6+1") rolled for the amount instead
    critical: bool = False  # at 0 HP a critical hit counts as more failed death saves


def damage_from(name: str, text: str, critical: bool = False) -> Damage:
    """Damage as the GM types it: a number, or dice to roll ("2d6+1")."""
    text = text.strip()
    if re.fullmatch(r"[+-]?\d{1,9}", text):
        return Damage(name, int(text), critical=critical)
    return Damage(name, dice=text, critical=critical)


class Heal(Command, frozen=True):
    name: str
    amount: int = 0
    dice: str = ""  # a dice expression ("2d4+2", a potion) rolled for the amount instead


def heal_from(name: str, text: str) -> Heal:
    """Healing as the GM types it: a number, or dice to roll ("2d4+2"), as damage."""
    text = text.strip()
    if re.fullmatch(r"[+-]?\d{1,9}", text):
        return Heal(name, int(text))
    return Heal(name, dice=text)


class AwardXP(Command, frozen=True):
    amount: int
    to: tuple[str, ...] = ()  # empty: every living character


class SetCondition(Command, frozen=True):
    name: str
    condition: str
    on: bool = True


class SetExhaustion(Command, frozen=True):
    name: str
    level: int


class LevelUp(Command, frozen=True):
    name: str


class SetLoad(Command, frozen=True):
    name: str
    coins: int


class ShortRest(Command, frozen=True):
    spend: tuple[tuple[str, int], ...] = ()  # (name, Hit Point Dice to spend)


def short_rest_from(text: str) -> ShortRest:
    """A short rest as the GM types it: "Brom=2, Wil" (Wil spends 1); "" for nobody."""
    spend = []
    for part in filter(None, (p.strip() for p in text.split(","))):
        name, eq, n = part.rpartition("=") if "=" in part else (part, "", "1")
        if not re.fullmatch(r"\s*\d{1,4}\s*", n) or not name.strip():
            raise Refused(_("expected NAME or NAME=N, separated by commas (got {part!r})")
                          .format(part=part))
        spend.append((name.strip(), int(n)))
    return ShortRest(tuple(spend))


class LongRest(Command, frozen=True):
    pass


class DeathSave(Command, frozen=True):
    name: str


class AdvanceRounds(Command, frozen=True):
    rounds: int


# --- events -------------------------------------------------------------------------


@event("character_added", version=3, area="party")
class CharacterAdded(Event, frozen=True):
    name: CharacterName
    level: Level = 1
    cls: str = ""
    abilities: dict[Key, Ability] = {}  # typed in by the GM
    ability_rolls: tuple[Roll, ...] = ()  # or rolled, in ability order
    hp_rolls: tuple[Roll, ...] = ()  # one per level (rolled rulesets)
    hp: HitPoints | None = None  # typed in by the GM
    ac: ArmourClass | None = None


@upcaster("character_added", 1)
def _character_added_v1(data: dict) -> dict:
    """Version 1 had no level: everyone started at level 1."""
    return {**data, "level": 1}


@upcaster("character_added", 2)
def _character_added_v2(data: dict) -> dict:
    """Version 3 added class, abilities and hit points; older characters have none."""
    return data


@event("character_renamed", area="party")
class CharacterRenamed(Event, frozen=True):
    old: CharacterName
    new: CharacterName


@event("character_removed", area="party")
class CharacterRemoved(Event, frozen=True):
    name: CharacterName


@event("damage_taken", area="party")
class DamageTaken(Event, frozen=True):
    name: CharacterName
    amount: Amount
    roll: Roll | None = None  # the damage dice, where they were rolled
    critical: bool = False


@event("healed", version=2, area="party")
class Healed(Event, frozen=True):
    name: CharacterName
    amount: Amount
    roll: Roll | None = None  # version 2: the healing dice, where they were rolled


@upcaster("healed", 1)
def _healed_v1(data: dict) -> dict:
    """Version 1 healed by a number only; an entry of it has no dice."""
    return data


@event("xp_awarded", area="party")
class XPAwarded(Event, frozen=True):
    amount: XP
    to: Annotated[tuple[CharacterName, ...], Meta(min_length=1)]


@event("condition_set", area="party")
class ConditionSet(Event, frozen=True):
    name: CharacterName
    condition: Key
    on: bool


@event("exhaustion_set", area="party")
class ExhaustionSet(Event, frozen=True):
    name: CharacterName
    level: Exhaustion


@event("levelled_up", version=2, area="party")
class LevelledUp(Event, frozen=True):
    name: CharacterName
    hp_roll: Roll | None = None
    # version 2: the level's hit points raise the maximum, and the current hit
    # points only of one standing (above 0): one dying or stable stays at 0 HP,
    # unconscious (gm-review4 R9). Older entries added them to 0 too, waking
    # the dying: they still do
    keeps_zero: bool = True


fields_added("levelled_up", 2, keeps_zero=False)


@event("load_set", area="party")
class LoadSet(Event, frozen=True):
    name: CharacterName
    coins: Count


class HitDiceSpent(msgspec.Struct, frozen=True, forbid_unknown_fields=True):
    name: CharacterName
    rolls: Annotated[tuple[Roll, ...], Meta(min_length=1, max_length=100)]  # one per die


@event("short_rested", version=2, area="party")
class ShortRested(Event, frozen=True):
    spent: Annotated[tuple[HitDiceSpent, ...], Meta(max_length=100)] = ()
    # version 2: only those alive take the rest (a chase's exhaustion comes off
    # them, not off the dead: lowering it would raise one dead of exhaustion,
    # gm-review4 R1); older entries took it off the whole party: they still do
    spares_the_dead: bool = True

    def names(self) -> tuple[str, ...]:
        return tuple(s.name for s in self.spent)


fields_added("short_rested", 2, spares_the_dead=False)


@event("long_rested", area="party")
class LongRested(Event, frozen=True):
    who: Annotated[tuple[CharacterName, ...], Meta(max_length=100)] = ()  # who benefit


@event("death_save_rolled", area="party")
class DeathSaveRolled(Event, frozen=True):
    name: CharacterName
    roll: Roll


@event("rounds_passed", area="party")
class RoundsPassed(Event, frozen=True):
    rounds: Rounds


# --- decide ---------------------------------------------------------------------------


def find(state: State, name: str) -> Character | None:
    """The party member called ``name`` (any case), or None."""
    # a loop, the exact name tested first (it implies the casefolded one, so the
    # first match is the same): replay asks per member per rest and chase turn
    key = None
    for c in state.party:
        if c.name == name:
            return c
        if key is None:
            key = name.casefold()
        if c.name.casefold() == key:
            return c
    return None


# Other areas' claims on a name no member has: ``fn(state, name) -> why`` ("" when
# none). A bastion names its owner, and a newcomer must not inherit it by name.
NAME_CLAIMS: list = []


def claims_name(fn):
    """Register ``fn(state, name) -> str``: why a character may not take ``name``."""
    NAME_CLAIMS.append(fn)
    return fn


def _check_name(state: State, name: str, ignore: str = "") -> str:
    name = name.strip()
    if not _NAME.match(name) or any(unicodedata.category(ch) in _INVISIBLE for ch in name):
        raise Refused(_("a character name needs 1 to 40 printable characters "
                        "(no line breaks or invisible characters)"))
    other = find(state, name)
    if other is not None and other.name.casefold() != ignore.casefold():
        raise Refused(_("{name} is already in the party").format(name=other.name))
    if other is None:
        for claim in NAME_CLAIMS:
            if why := claim(state, name):
                raise Refused(why)
    return name


def member(state: State, name: str) -> Character:
    c = find(state, name)
    if c is None:
        names = ", ".join(ch.name for ch in state.party) or _("nobody yet")
        raise Refused(_("{name!r} is not in the party (party: {names})").format(
            name=name, names=names))
    return c


def named(state: State, name: str) -> Character:
    """The member an event names, by the exact name the party has: an entry
    amended to "bo" for Bo would name nobody when folded."""
    c = member(state, name)
    if c.name != name:
        raise Refused(_("name {name} as the party does ({name!r}, not {typed!r})").format(
            name=c.name, typed=name))
    return c


def is_dead(state: State, c: Character) -> bool:
    return sheet.status(state.rules, c) == "dead"


def living_character(state: State, name: str, what: str = "act") -> Character:
    """The party member called ``name``, refused when dead: the dead carry
    nothing and do nothing. Every decider that has a character carry, act or
    gain something calls this one check ("the dead carry no light")."""
    c = member(state, name)
    if is_dead(state, c):
        raise Refused(_(_THE_DEAD.get(what, N_("{name} is dead: the dead {what}"))).format(
            name=c.name, what=what))
    return c


def held_conditions(state: State, c: Character) -> tuple[str, ...]:
    """``c``'s conditions, with those the ruleset gives a character at 0 HP
    who is not dead (D&D 2024: unconscious), derived so healing ends them."""
    p = state.rules.party
    if p is not None and p.zero_hp_conditions and \
            sheet.status(state.rules, c) in ("dying", "stable"):
        return c.conditions + tuple(x for x in p.zero_hp_conditions if x not in c.conditions)
    return c.conditions


def unable(state: State, c: Character) -> str:
    """The condition that keeps ``c`` from acting (``party.cannot_act``), "" if none."""
    p = state.rules.party
    if p is None or not p.cannot_act:
        return ""
    return next((x for x in held_conditions(state, c) if x in p.cannot_act), "")


def able_character(state: State, name: str, what: str) -> Character:
    """The party member called ``name``, refused when dead (``living_character``)
    or kept from acting by a condition (``party.cannot_act``: unconscious,
    dying, paralysed...): the one check for whatever a character must do
    themselves (douse a light, guide, run in a chase). ``what`` is a key of
    ``_UNABLE`` (for the living) and of ``_THE_DEAD`` (for the dead)."""
    c = living_character(state, name, _DEAD_FOR.get(what, "act"))
    if cond := unable(state, c):
        raise Refused(_(_UNABLE[what]).format(name=c.name, why=unable_words(state, c, cond)))
    return c


def able(state: State, c: Character) -> bool:
    """``c`` is alive and nothing keeps them from acting."""
    return not is_dead(state, c) and not unable(state, c)


def drops_held(state: State, c: Character) -> bool:
    """``c`` holds nothing: dead, or with a condition that drops what one
    holds (``party.drops_held``; D&D 2024: unconscious, and so at 0 HP)."""
    if is_dead(state, c):
        return True
    p = state.rules.party
    return p is not None and bool(p.drops_held) and \
        any(x in p.drops_held for x in held_conditions(state, c))


def unable_words(state: State, c: Character, cond: str) -> str:
    """Why ``c`` cannot act, as a phrase: "unconscious", "at 0 HP (unconscious)"."""
    word = condition_name(state.rules, cond)
    return word if cond in c.conditions else _("at 0 HP ({condition})").format(condition=word)


# Each area's reason the dead cannot (``living_character(state, name, what)``),
# a whole sentence each so a language can word it its own way.
_THE_DEAD = {
    "act": N_("{name} is dead: the dead act"),
    "earn no XP": N_("{name} is dead: the dead earn no XP"),
    "gain no levels": N_("{name} is dead: the dead gain no levels"),
    "carry nothing": N_("{name} is dead: the dead carry nothing"),
    "carry no light": N_("{name} is dead: the dead carry no light"),
    "found no bastion": N_("{name} is dead: the dead found no bastion"),
    "give no orders": N_("{name} is dead: the dead give no orders"),
    "build nothing": N_("{name} is dead: the dead build nothing"),
    "combine no bastions": N_("{name} is dead: the dead combine no bastions"),
    "guide no one": N_("{name} is dead: the dead guide no one"),
    "guide no one: choose another navigator (guide)":
        N_("{name} is dead: the dead guide no one: choose another navigator (guide)"),
}
# Each area's reason one kept from acting cannot (``able_character``), a whole
# sentence each; "{why}" is ``unable_words``: "unconscious", "at 0 HP (unconscious)"
_UNABLE = {
    "guide": N_("{name} is {why} and cannot guide: choose another navigator (guide)"),
    "guide no one": N_("{name} is {why} and cannot guide"),
    # a bastion's owner who cannot act gives it no orders (gm-review4 R6)
    "give no orders": N_("{name} is {why} and gives no orders: the bastion's turns run "
                         "without orders (bastion-turns) and neglect counts"),
    "build nothing": N_("{name} is {why} and orders no building"),
    "combine no bastions": N_("{name} is {why} and combines no bastions"),
}
# the reason of ``_THE_DEAD`` each of ``_UNABLE`` gives for the dead
_DEAD_FOR = {"guide": "guide no one: choose another navigator (guide)",
             "guide no one": "guide no one", "give no orders": "give no orders",
             "build nothing": "build nothing", "combine no bastions": "combine no bastions"}
_STATUS = {"ok": N_("ok"), "dying": N_("dying"), "stable": N_("stable"), "dead": N_("dead")}


def _status_word(status: str) -> str:
    return _(_STATUS[status]) if status in _STATUS else status


def _unknown_condition(state: State, typed: str) -> Refused:
    known = state.rules.party.conditions if state.rules.party else []
    return Refused(_("unknown condition {condition!r}; this ruleset has: {known}").format(
        condition=typed, known=", ".join(condition_name(state.rules, k) for k in known)))


def _condition_id(state: State, typed: str) -> str:
    """A condition as the GM types it: its id ("poisoned") or its name in any
    language the ruleset offers ("forgiftet")."""
    known = state.rules.party.conditions if state.rules.party else []
    key = typed.strip().casefold()
    for cond in known:
        if key == cond or key in (t.get(f"party.conditions.{cond}", "").casefold()
                                  for t in state.rules.names.values()):
            return cond
    raise _unknown_condition(state, typed)


def living(state: State) -> list[Character]:
    """The party members who are not dead, in party order (what dialogs offer)."""
    return [c for c in state.party if not is_dead(state, c)]


def _class_names(rules, cid: str, label: str) -> tuple[str, ...]:
    """What a GM may type for a class: its id, its name ("Fighter"), its name
    in each language the ruleset offers ("Kriger"), and for a ruleset recorded
    before issue 23 ("Tyv (thief)") the name before the brackets and the
    English in them, all case-folded."""
    native, _x, english = label.partition(" (")
    translated = [t.get(f"party.classes.{cid}", "") for t in rules.names.values()]
    return tuple(x.casefold().strip() for x in (cid, label, native, english.rstrip(")"),
                                                 *translated) if x)


def _class_id(state: State, cls: str) -> str:
    p = state.rules.party
    if not cls:
        return ""
    if p is None:
        raise Refused(_("{ruleset} has no classes").format(ruleset=state.rules.meta.name))
    key = cls.casefold().strip()
    for cid, k in p.classes.items():
        if key in _class_names(state.rules, cid, k.name):
            return cid
    known = (cid if (shown := class_name(state.rules, cid)).casefold() == cid else
             f"{cid} ({shown})" for cid in p.classes)
    raise Refused(_("{ruleset} has no class {cls!r}; its classes: {classes}").format(
        ruleset=state.rules.meta.name, cls=cls, classes=", ".join(known)))


def _hp_die(state: State, cid: str, level: int) -> str | None:
    """The dice for the hit points a level adds, or None where it is fixed."""
    p, k = state.rules.party, state.rules.party.classes[cid]
    if level == 1:
        return None if p.first_level_hp == "max" else f"1d{k.hit_die}"
    if k.hp_fixed_from and level >= k.hp_fixed_from:
        return None
    return None if p.level_hp == "fixed" else f"1d{k.hit_die}"


def level_hp(state: State, cid: str, level: int, con: int, roll: Roll | None) -> int:
    """Hit points a level adds: the die (or the fixed value) plus CON, at least 1."""
    p, k = state.rules.party, state.rules.party.classes[cid]
    mod = sheet.modifier(p, con)
    if k.hp_fixed_from and level >= k.hp_fixed_from:
        return k.hp_fixed  # no CON modifier after the name level
    if level == 1 and p.first_level_hp == "max":
        base = k.hit_die
    elif roll is not None:
        base = roll.total
    else:
        base = k.hp_fixed
    return max(1, base + mod)


@decides(AddCharacter)
def decide_add(state: State, cmd: AddCharacter, dice) -> list[Event]:
    name = _check_name(state, cmd.name)
    cid = _class_id(state, cmd.cls)
    p = state.rules.party
    if not cid:
        if cmd.abilities or cmd.roll_abilities:
            raise Refused(_("abilities go with a class: give --class too"))
        ev = CharacterAdded(name, cmd.level, hp=cmd.hp, ac=cmd.ac)
        added_holds(state, ev)
        return [ev]
    k = p.classes[cid]
    _level_holds(state, cid, cmd.level)
    ids = list(p.abilities)
    typed: dict[str, int] = {}
    rolls: tuple[Roll, ...] = ()
    if cmd.roll_abilities and cmd.abilities:
        raise Refused(_("give abilities or roll them, not both"))
    if cmd.roll_abilities:
        rolls = tuple(dicemod.roll(p.ability_roll, dice, _("{name}: {ability}").format(
            name=name, ability=ability_name(state.rules, a))) for a in ids)
        scores = {a: r.total for a, r in zip(ids, rolls)}
    elif cmd.abilities:
        if len(cmd.abilities) != len(ids):
            raise Refused(ngettext("give {n} ability in order: {order}",
                                   "give {n} abilities in order: {order}", len(ids))
                          .format(n=len(ids), order=ability_order(state.rules)))
        lo, hi = p.ability_range
        for a, v in zip(ids, cmd.abilities):
            if not lo <= v <= hi:
                raise Refused(_("{ability} {score} is outside {lo}-{hi}").format(
                    ability=ability_name(state.rules, a), score=v, lo=lo, hi=hi))
        typed = scores = dict(zip(ids, cmd.abilities))
    else:
        raise Refused(_("{cls} needs abilities: give them in order ({order}) or roll them")
                      .format(cls=class_name(state.rules, cid), order=ability_order(state.rules)))
    unmet = [f"{ability_name(state.rules, a)} {n}" for a, n in k.requires.items()
             if scores.get(a, 0) < n]
    if unmet:
        got = ", ".join(f"{ability_name(state.rules, a)} {scores[a]}" for a in k.requires)
        raise Refused(_("{cls} requires {unmet} (has {got})").format(
            cls=class_name(state.rules, cid), unmet=", ".join(unmet), got=got))
    hp_rolls: tuple[Roll, ...] = ()
    if cmd.hp is None:
        hp_rolls = tuple(dicemod.roll(expr, dice, _("{name}: hit points, level {level}")
                                      .format(name=name, level=lvl))
                         for lvl in range(1, cmd.level + 1)
                         if (expr := _hp_die(state, cid, lvl)) is not None)
    ev = CharacterAdded(name, cmd.level, cid, typed, rolls, hp_rolls, cmd.hp, cmd.ac)
    added_holds(state, ev)
    return [ev]


def _level_holds(state: State, cid: str, level: int) -> None:
    if not cid:
        if not 1 <= level <= 99:
            raise Refused(_("level must be 1 or more"))
        return
    k = state.rules.party.classes[cid]
    if not 1 <= level <= k.max_level:
        raise Refused(_("{cls}: level must be 1 to {top}").format(
            cls=class_name(state.rules, cid), top=k.max_level))


@holds_for(CharacterAdded)
def added_holds(state: State, ev: CharacterAdded) -> None:
    """``add`` (and an amended ``character_added``): a free name, a class of the
    ruleset by its id, a level the class reaches, hit points of 1 or more."""
    if _check_name(state, ev.name) != ev.name:
        raise Refused(_("a character name has no spaces before or after it"))
    p = state.rules.party
    if ev.cls and (p is None or ev.cls not in p.classes):
        if p is None:
            raise Refused(_("{ruleset} has no class {cls!r}").format(
                ruleset=state.rules.meta.name, cls=ev.cls))
        raise Refused(_("{ruleset} has no class {cls!r}; its class ids: {ids}").format(
            ruleset=state.rules.meta.name, cls=ev.cls, ids=", ".join(p.classes)))
    _level_holds(state, ev.cls, ev.level)
    if ev.hp is not None and ev.hp < 1:
        raise Refused(_("hit points must be 1 or more"))


@decides(RenameCharacter)
def decide_rename(state: State, cmd: RenameCharacter, dice) -> list[Event]:
    c = member(state, cmd.old)
    ev = CharacterRenamed(c.name, _check_name(state, cmd.new, ignore=c.name))
    renamed_holds(state, ev)
    return [ev]


@holds_for(CharacterRenamed)
def renamed_holds(state: State, ev: CharacterRenamed) -> None:
    """``rename``: a member by name, to a free name that is not the same."""
    c = named(state, ev.old)
    if _check_name(state, ev.new, ignore=c.name) != ev.new:
        raise Refused(_("a character name has no spaces before or after it"))
    if ev.new == c.name:
        raise Refused(_("{name} already has that name").format(name=c.name))


@decides(RemoveCharacter)
def decide_remove(state: State, cmd: RemoveCharacter, dice) -> list[Event]:
    return [CharacterRemoved(member(state, cmd.name).name)]


@holds_for(CharacterRemoved)
def removed_holds(state: State, ev: CharacterRemoved) -> None:
    named(state, ev.name)


def _tracked(state: State, name: str) -> Character:
    c = named(state, name)
    if not c.hp_max:
        raise Refused(_("{name} has no hit points tracked (add them with a class or --hp)")
                      .format(name=c.name))
    return c


@decides(Damage)
def decide_damage(state: State, cmd: Damage, dice) -> list[Event]:
    c = member(state, cmd.name)
    if not cmd.dice:
        ev = DamageTaken(c.name, cmd.amount, critical=cmd.critical)
        damage_holds(state, ev)
        return [ev]
    damage_holds(state, DamageTaken(c.name, 1, critical=cmd.critical))  # before rolling
    # a critical hit rolls the dice more times (the roll records what was rolled)
    times = critical_times(state) if cmd.critical else 1
    roll = dicemod.roll(dicemod.dice_times(cmd.dice, times), dice,
                        _("{name}: damage").format(name=c.name))
    if roll.total <= 0:
        raise Refused(_("{dice} came to {total}: no damage").format(dice=i18n.dice(roll.expr),
                                                                    total=roll.total))
    return [DamageTaken(c.name, roll.total, roll, cmd.critical)]


@rerolls(DamageTaken)
def damage_rerolled(state: State, ev: DamageTaken, dice) -> DamageTaken:
    """Damage rolled again from retyped dice: the amount is their total, on the
    expression recorded (a critical hit's doubled dice stay doubled)."""
    if ev.roll is None:
        raise Refused(_("that damage was typed as a number, not rolled: correct its amount"))
    roll = dicemod.roll(ev.roll.expr, dice, _("{name}: damage").format(name=ev.name))
    if roll.total <= 0:
        raise Refused(_("{dice} came to {total}: no damage").format(dice=i18n.dice(ev.roll.expr),
                                                                    total=roll.total))
    return replace(ev, amount=roll.total, roll=roll)


def critical_times(state: State) -> int:
    """How many times a critical hit rolls its damage dice (the ruleset's)."""
    return state.rules.party.critical_dice if state.rules.party else 1


@refits(DamageTaken)
def damage_refit(state: State, was: DamageTaken, now: DamageTaken, dice) -> DamageTaken | None:
    """A rolled damage corrected into a critical hit rolls its dice as a critical
    does (the dice rolled stay, the extra ones are rolled); corrected out of one,
    it keeps the first of each group. A damage typed as a number stays the GM's."""
    if was.roll is None or now.roll != was.roll or now.critical == was.critical:
        return None
    times = critical_times(state)
    base = dicemod.dice_divided(was.roll.expr, times) if was.critical else was.roll.expr
    if base is None:
        raise Refused(_("{dice} is not what a critical hit rolls here: correct its dice "
                        "first").format(dice=was.roll.expr))
    expr = dicemod.dice_times(base, times) if now.critical else base
    roll = dicemod.roll_keeping(expr, was.roll, dice, _("{name}: damage").format(name=now.name))
    if roll.total <= 0:
        raise Refused(_("{dice} came to {total}: no damage").format(dice=expr, total=roll.total))
    return replace(now, amount=roll.total, roll=roll)


@holds_for(DamageTaken)
def damage_holds(state: State, ev: DamageTaken) -> None:
    """``damage``: a living member with hit points, 1 or more, a critical hit
    only where there are death saves."""
    c = _tracked(state, ev.name)
    if ev.amount <= 0:
        raise Refused(_("damage must be 1 or more"))
    if sheet.status(state.rules, c) == "dead":
        raise Refused(_("{name} is dead").format(name=c.name))
    if ev.critical and state.rules.party.death_saves is None:
        raise Refused(_("{ruleset} has no death saves: a critical hit is just its damage")
                      .format(ruleset=state.rules.meta.name))


@decides(Heal)
def decide_heal(state: State, cmd: Heal, dice) -> list[Event]:
    c = member(state, cmd.name)
    if not cmd.dice:
        ev = Healed(c.name, cmd.amount)
        healed_holds(state, ev)
        return [ev]
    healed_holds(state, Healed(c.name, 1))  # before rolling
    roll = dicemod.roll(cmd.dice, dice, _("{name}: healing").format(name=c.name))
    if roll.total <= 0:
        raise Refused(_("{dice} came to {total}: nothing healed").format(
            dice=i18n.dice(roll.expr), total=roll.total))
    return [Healed(c.name, roll.total, roll)]


@rerolls(Healed)
def healed_rerolled(state: State, ev: Healed, dice) -> Healed:
    """Healing rolled again from retyped dice: the amount is their total."""
    if ev.roll is None:
        raise Refused(_("that healing was typed as a number, not rolled: correct its amount"))
    roll = dicemod.roll(ev.roll.expr, dice, _("{name}: healing").format(name=ev.name))
    if roll.total <= 0:
        raise Refused(_("{dice} came to {total}: nothing healed").format(
            dice=i18n.dice(ev.roll.expr), total=roll.total))
    return replace(ev, amount=roll.total, roll=roll)


@holds_for(Healed)
def healed_holds(state: State, ev: Healed) -> None:
    c = _tracked(state, ev.name)
    if ev.amount < 0:
        raise Refused(_("healing cannot be negative (use damage)"))
    if ev.amount == 0:
        raise Refused(_("heal at least 1"))
    if sheet.status(state.rules, c) == "dead":
        raise Refused(_("{name} is dead; healing cannot help").format(name=c.name))
    if c.hp >= c.hp_max:
        raise Refused(_("{name} is already at full hit points ({n})").format(name=c.name,
                                                                             n=c.hp_max))


@decides(AwardXP)
def decide_xp(state: State, cmd: AwardXP, dice) -> list[Event]:
    if cmd.amount <= 0:
        raise Refused(_("award at least 1 XP"))
    names = [living_character(state, n, "earn no XP").name for n in cmd.to] if cmd.to else \
        [c.name for c in state.party if c.cls and sheet.status(state.rules, c) != "dead"]
    if not names:
        raise Refused(_("nobody to award XP to (characters with a class, alive)"))
    for n in names:
        if not member(state, n).cls:
            raise Refused(_("{name} has no class and earns no XP").format(name=n))
    if len(set(names)) != len(names):
        raise Refused(_("a character is named twice"))
    ev = XPAwarded(cmd.amount, tuple(names))
    xp_holds(state, ev)
    return [ev]


@holds_for(XPAwarded)
def xp_holds(state: State, ev: XPAwarded) -> None:
    """``xp``: 1 or more, shared among living members with a class, each once."""
    if ev.amount <= 0:
        raise Refused(_("award at least 1 XP"))
    for n in ev.to:
        living_character(state, n, "earn no XP")
        if not named(state, n).cls:
            raise Refused(_("{name} has no class and earns no XP").format(name=n))
    if len(set(ev.to)) != len(ev.to):
        raise Refused(_("a character is named twice"))


@decides(SetCondition)
def decide_condition(state: State, cmd: SetCondition, dice) -> list[Event]:
    c = member(state, cmd.name)
    cond = _condition_id(state, cmd.condition)
    ev = ConditionSet(c.name, cond, cmd.on)
    condition_holds(state, ev)
    return [ev]


@holds_for(ConditionSet)
def condition_holds(state: State, ev: ConditionSet) -> None:
    """``condition``: one of the ruleset's, set on a member without it (or
    taken off one with it); none given to the dead but the ruleset's
    ``party.dead_conditions``."""
    c = named(state, ev.name)
    known = state.rules.party.conditions if state.rules.party else []
    if ev.condition not in known:
        raise _unknown_condition(state, ev.condition)
    if (ev.condition in c.conditions) == ev.on:
        text = _("{name} is already {condition}") if ev.on else _("{name} is not {condition}")
        raise Refused(text.format(name=c.name,
                                  condition=condition_name(state.rules, ev.condition)))
    if ev.on and is_dead(state, c) and ev.condition not in state.rules.party.dead_conditions:
        # the dead take none (known-issue 6), but those the ruleset says they
        # may (``party.dead_conditions``); one may still be taken off
        raise Refused(_("{name} is dead: the dead are not {condition}").format(
            name=c.name, condition=condition_name(state.rules, ev.condition)))


@decides(SetExhaustion)
def decide_exhaustion(state: State, cmd: SetExhaustion, dice) -> list[Event]:
    ev = ExhaustionSet(member(state, cmd.name).name, cmd.level)
    exhaustion_holds(state, ev)
    return [ev]


@holds_for(ExhaustionSet)
def exhaustion_holds(state: State, ev: ExhaustionSet) -> None:
    """``exhaustion``: a member, alive, at a level the ruleset has, other than
    their own. The dead are refused, as ``heal`` refuses them (gm-review4 R1):
    death from exhaustion is read from the level (5e2024.md §3.3, level 6), and
    nothing in the rules brings the dead back by taking levels away (a long
    rest, the only rule that removes one, needs 1 HP, §3.2). A mistaken level
    is taken back by undoing or amending the entry that set it."""
    c = named(state, ev.name)
    top = state.rules.party.exhaustion_max if state.rules.party else 0
    if not top:
        raise Refused(_("{ruleset} has no exhaustion levels").format(
            ruleset=state.rules.meta.name))
    if is_dead(state, c):
        raise Refused(_("{name} is dead: the dead gain or lose no exhaustion (a mistaken "
                        "entry is undone or amended)").format(name=c.name))
    if not 0 <= ev.level <= top:
        raise Refused(_("exhaustion is 0 to {top}").format(top=top))
    if ev.level == c.exhaustion:
        raise Refused(_("{name} is already at exhaustion {level}").format(name=c.name,
                                                                          level=ev.level))


@decides(LevelUp)
def decide_level_up(state: State, cmd: LevelUp, dice) -> list[Event]:
    c = member(state, cmd.name)
    level_up_holds(state, LevelledUp(c.name))
    expr = _hp_die(state, c.cls, c.level + 1)
    roll = dicemod.roll(expr, dice, _("{name}: hit points, level {level}").format(
        name=c.name, level=c.level + 1)) if expr else None
    return [LevelledUp(c.name, roll)]


@holds_for(LevelledUp)
def level_up_holds(state: State, ev: LevelledUp) -> None:
    """``level-up``: a living member with a class, below its top level, with
    the XP for the next, once a session where the ruleset says so."""
    c = living_character(state, ev.name, "gain no levels")
    named(state, ev.name)
    k = sheet.class_of(state.rules, c)
    if k is None:
        raise Refused(_("{name} has no class to gain levels in").format(name=c.name))
    if c.level >= k.max_level:
        raise Refused(_("{name} is at the highest level a {cls} can reach ({top})").format(
            name=c.name, cls=class_name(state.rules, c.cls), top=k.max_level))
    nxt = sheet.xp_next(state.rules, c)
    if c.xp < nxt:
        raise Refused(_("{name} needs {n} XP for level {level} (has {xp})").format(
            name=c.name, n=i18n.digits(nxt), level=c.level + 1, xp=i18n.digits(c.xp)))
    if sheet.waits_for_next_session(state.rules, c):
        raise Refused(_("{name} already went up a level in this session: {ruleset} allows "
                        "one level per session (the next when a new session starts)").format(
            name=c.name, ruleset=state.rules.meta.name)
            + not_in_source(state.rules.party.not_in_source, "one_level_per_session"))


@decides(SetLoad)
def decide_load(state: State, cmd: SetLoad, dice) -> list[Event]:
    ev = LoadSet(member(state, cmd.name).name, cmd.coins)
    load_holds(state, ev)
    return [ev]


@holds_for(LoadSet)
def load_holds(state: State, ev: LoadSet) -> None:
    living_character(state, ev.name, "carry nothing")
    named(state, ev.name)
    if ev.coins < 0:
        raise Refused(_("load is 0 or more coins of weight"))


def _rests(state: State, what: str):
    rests = state.rules.party.rests if state.rules.party else None
    if rests is None:
        text = _("{ruleset} has no long rests (in a dungeon, take a rest turn)") \
            if what == "long rest" else \
            _("{ruleset} has no short rests (in a dungeon, take a rest turn)")
        raise Refused(text.format(ruleset=state.rules.meta.name))
    return rests


def _can_rest(state: State, c: Character) -> bool:
    """Alive and with the hit points a rest needs to do anything. A hireling
    with no hit points tracked rests too: the road's saves give them levels of
    exhaustion, and only a long rest takes those off."""
    return sheet.status(state.rules, c) == "ok" and (
        not c.hp_max or c.hp >= state.rules.party.rests.min_hp)


def _spend_holds(state: State, rests, name: str, n: int, seen: set[str]) -> Character:
    """One character's Hit Point Dice in a short rest: named once, with a class,
    alive with the hit points a rest needs, ``n`` dice of those left, and hurt."""
    c = member(state, name)
    if c.name in seen:
        raise Refused(_("{name} is named twice").format(name=c.name))
    seen.add(c.name)
    left = sheet.hit_dice_left(state.rules, c)
    if sheet.class_of(state.rules, c) is None or left is None:
        raise Refused(_("{name} has no class and no Hit Point Dice").format(name=c.name))
    if not _can_rest(state, c):
        raise Refused(_("{name} is {status} at {hp} HP: a rest needs {n} HP or more").format(
            name=c.name, status=_status_word(sheet.status(state.rules, c)), hp=c.hp,
            n=rests.min_hp))
    if n < 1:
        raise Refused(_("spend at least 1 Hit Point Die (or name nobody)"))
    if n > left:
        # the English reads "Dice" for every level, as it always has
        raise Refused(ngettext("{name} has {left} of {level} Hit Point Dice left, not {n}",
                               "{name} has {left} of {level} Hit Point Dice left, not {n}",
                               c.level).format(name=c.name, left=left, level=c.level, n=n))
    if c.hp >= c.hp_max:
        raise Refused(_("{name} is at full hit points ({n})").format(name=c.name,
                                                                     n=c.hp_max))
    return c


@holds_for(ShortRested)
def short_rest_holds(state: State, ev: ShortRested) -> None:
    """``short-rest``: each who spends Hit Point Dice may (a correction before it
    may have killed them, or healed them whole)."""
    rests, seen = _rests(state, "short rest"), set()
    for s in ev.spent:
        _spend_holds(state, rests, s.name, len(s.rolls), seen)


@decides(ShortRest)
def decide_short_rest(state: State, cmd: ShortRest, dice) -> list[Event]:
    rests = _rests(state, "short rest")
    seen: set[str] = set()
    spent = []
    for name, n in cmd.spend:
        c = _spend_holds(state, rests, name, n, seen)
        k = sheet.class_of(state.rules, c)
        rolls = tuple(dicemod.roll(f"1d{k.hit_die}", dice, _("{name}: Hit Point Die {i}")
                                   .format(name=c.name, i=i))
                      for i in range(1, n + 1))
        spent.append(HitDiceSpent(c.name, rolls))
    return [ShortRested(tuple(spent))]


def hours_since_long_rest(state: State, c: Character) -> int | None:
    return None if c.long_rested_at < 0 else \
        (state.clock - c.long_rested_at) // state.rules.time.hour_seconds


def long_rest_takers(state: State, starts_at: int | None = None) -> tuple[str, ...]:
    """Who gains from a long rest starting at ``starts_at`` (now by default): able to
    rest, and past the gap since their last one. Also the night's camp on the road."""
    rests = state.rules.party.rests if state.rules.party else None
    if rests is None:
        return ()
    at = state.clock if starts_at is None else starts_at
    hour = state.rules.time.hour_seconds
    return tuple(c.name for c in state.party if _can_rest(state, c) and (
        c.long_rested_at < 0 or (at - c.long_rested_at) // hour >= rests.long_gap_hours))


@holds_for(LongRested)
def long_rest_holds(state: State, ev: LongRested) -> None:
    """``long-rest`` (and a correction replaying one): each who benefits is a
    member alive with the hit points a rest needs. A long rest gives back every
    hit point and clears the death saves: named for someone a correction has
    since killed or dropped to 0 HP, it would raise them (gm-review4 R1)."""
    rests = _rests(state, "long rest")
    rest_takers_hold(state, rests, ev.who)


def rest_takers_hold(state: State, rests, who) -> None:
    """Each of ``who`` may gain from a long rest: a member, alive, with the
    hit points a rest needs (5e2024.md §3.2: at least 1 HP to start)."""
    for name in who:
        c = named(state, name)
        if not _can_rest(state, c):
            raise Refused(_("{name} is {status} at {hp} HP: a rest needs {n} HP or more").format(
                name=c.name, status=_status_word(sheet.status(state.rules, c)),
                hp=sheet.hp_left(state.rules, c), n=rests.min_hp))


@decides(LongRest)
def decide_long_rest(state: State, cmd: LongRest, dice) -> list[Event]:
    rests = _rests(state, "long rest")
    if not state.party:
        raise Refused(_("the party is empty: nobody to rest"))
    able = [c for c in state.party if _can_rest(state, c)]
    takers = long_rest_takers(state)
    spaced = [c for c in able if c.name in takers]
    if able and not spaced:
        since = min(hours_since_long_rest(state, c) for c in able)
        raise Refused(_("{names} finished a long rest {since} h ago: the next may start "
                        "{gap} h after the last").format(names=", ".join(c.name for c in able),
                                                         since=since, gap=rests.long_gap_hours))
    return [LongRested(tuple(c.name for c in spaced))]


def _death_saves(state: State) -> DeathSaves:
    ds = state.rules.party.death_saves if state.rules.party else None
    if ds is None:
        raise Refused(_("{ruleset} has no death saves: at 0 HP a character is dead").format(
            ruleset=state.rules.meta.name))
    return ds


@decides(DeathSave)
def decide_death_save(state: State, cmd: DeathSave, dice) -> list[Event]:
    ds = _death_saves(state)
    c = member(state, cmd.name)
    _dying(state, c.name)
    return [DeathSaveRolled(c.name, dicemod.roll(ds.die, dice, _("{name}: death save")
                                                 .format(name=c.name)))]


def _dying(state: State, name: str) -> None:
    _death_saves(state)
    c = _tracked(state, name)
    st = sheet.status(state.rules, c)
    if st == "ok":
        raise Refused(ngettext("{name} has {hp} HP: death saves are rolled at 0 HP",
                               "{name} has {hp} HP: death saves are rolled at 0 HP",
                               c.hp).format(name=c.name, hp=c.hp))
    if st != "dying":
        raise Refused(_("{name} is {status}: no death saves to roll").format(
            name=c.name, status=_status_word(st)))


def dying(state: State) -> list[Character]:
    """Those dying where the ruleset rolls death saves (0 HP, neither stable nor
    dead): a matter of rounds, settled by their saves or by healing."""
    p = state.rules.party
    if p is None or p.death_saves is None:
        return []
    return [c for c in state.party
            if c.hp_max and c.hp <= 0 and sheet.status(state.rules, c) == "dying"]


def _a_round(state: State) -> int:
    return state.rules.time.round_seconds


@holds_clock(allows=_a_round, place=False, replayed=True)
def _the_dying_hold_the_clock(state: State, command) -> str:
    """While someone is dying no more than a round passes in one command
    (gm-review4 R6): the ruleset's ``[party.death_saves]`` settle a dying
    character in a few rounds (a save each turn: three successes stable,
    three failures dead), so a dungeon turn, a rest, a travel day, downtime
    or a bastion week with someone still dying skips saves the table owes.
    Combat (a round at a time, the chase's rounds) goes on; a ruleset with no
    death saves (dead at 0 HP, or an old text dying until healed) holds nothing."""
    names = [c.name for c in dying(state)]
    if not names:
        return ""
    return ngettext(
        "{names} is dying: no more than a round passes until they are stable, healed or dead; "
        "roll their death saves (death-save NAME, v on the party screen) or heal them first",
        "{names} are dying: no more than a round passes until they are stable, healed or dead; "
        "roll their death saves (death-save NAME, v on the party screen) or heal them first",
        len(names)).format(names=", ".join(names))


@holds_for(DeathSaveRolled)
def death_save_holds(state: State, ev: DeathSaveRolled) -> None:
    """``death-save``: a dying member, where the ruleset has death saves."""
    _dying(state, ev.name)


@decides(AdvanceRounds)
def decide_rounds(state: State, cmd: AdvanceRounds, dice) -> list[Event]:
    ev = RoundsPassed(cmd.rounds)
    rounds_hold(state, ev)
    return [ev]


@holds_for(RoundsPassed)
def rounds_hold(state: State, ev: RoundsPassed) -> None:
    top = 10_000
    if not 1 <= ev.rounds <= top:
        raise Refused(ngettext("advance 1 to {top} round", "advance 1 to {top} rounds",
                               top).format(top=top))


# --- evolve ---------------------------------------------------------------------------


def _with(state: State, name: str, **changes) -> State:
    party = tuple(replace(c, **changes) if c.name == name else c for c in state.party)
    return replace(state, party=party)


@evolves(CharacterAdded)
def evolve_added(state: State, ev: CharacterAdded) -> State:
    p = state.rules.party
    k = p.classes.get(ev.cls) if p is not None else None
    if k is not None and ev.level > k.max_level:
        raise Refused(_("a {cls} goes up to level {top}, not {level}").format(
            cls=class_name(state.rules, ev.cls), top=k.max_level, level=ev.level))
    abilities = dict(ev.abilities)
    if ev.ability_rolls and p is not None:
        abilities = {a: r.total for a, r in zip(p.abilities, ev.ability_rolls)}
    hp_max = ev.hp or 0
    if ev.cls and p is not None and ev.cls in p.classes and ev.hp is None:
        rolls = iter(ev.hp_rolls)
        con = abilities.get("con", 10)
        hp_max = sum(level_hp(state, ev.cls, lvl, con,
                              next(rolls, None) if _hp_die(state, ev.cls, lvl) else None)
                     for lvl in range(1, ev.level + 1))
    ac = ev.ac if ev.ac is not None else (
        sheet.unarmoured_ac(p, abilities) if p is not None and ev.cls else 0)
    xp = sheet.xp_table(state.rules, Character(0, "", ev.level, ev.cls))[ev.level - 1] \
        if ev.cls and p is not None and ev.cls in p.classes else 0
    c = Character(state.next_id, ev.name, ev.level, ev.cls, abilities, hp_max, hp_max, ac, xp)
    return replace(state, party=state.party + (c,), next_id=state.next_id + 1)


@evolves(CharacterRenamed)
def evolve_renamed(state: State, ev: CharacterRenamed) -> State:
    member(state, ev.old)
    party = tuple(replace(c, name=ev.new) if c.name == ev.old else c for c in state.party)
    return replace(state, party=party)


@evolves(CharacterRemoved)
def evolve_removed(state: State, ev: CharacterRemoved) -> State:
    member(state, ev.name)
    party = tuple(c for c in state.party if c.name != ev.name)
    return replace(state, party=party)


@evolves(DamageTaken)
def evolve_damage(state: State, ev: DamageTaken) -> State:
    c = member(state, ev.name)
    p = state.rules.party
    left = c.hp - ev.amount
    # 2024: damage that leaves as much again as the maximum kills outright
    dead = c.dead or (p is not None and p.zero_hp == "dying" and left <= -c.hp_max)
    ds = p.death_saves if p is not None else None
    if ds is None or c.hp > 0:
        return _with(state, ev.name, hp=max(0, left), dead=dead)
    # hurt at 0 HP: failed death saves, and a stable character is dying again
    failures = c.death_failures + (ds.critical_failures if ev.critical else ds.hit_failures)
    successes = 0 if c.death_successes >= ds.successes else c.death_successes
    return _with(state, ev.name, hp=0, dead=dead, death_successes=successes,
                 death_failures=min(failures, ds.failures))


@evolves(Healed)
def evolve_healed(state: State, ev: Healed) -> State:
    c = member(state, ev.name)
    return _with(state, ev.name, hp=min(c.hp_max, c.hp + ev.amount),
                 death_successes=0, death_failures=0)


@evolves(XPAwarded)
def evolve_xp(state: State, ev: XPAwarded) -> State:
    for name in ev.to:
        member(state, name)
    share = ev.amount // len(ev.to)
    party = []
    for c in state.party:
        if c.name in ev.to:
            c = replace(c, xp=c.xp + share * (100 + sheet.xp_bonus(state.rules, c)) // 100)
        party.append(c)
    return replace(state, party=tuple(party))


@evolves(ConditionSet)
def evolve_condition(state: State, ev: ConditionSet) -> State:
    c = member(state, ev.name)
    conds = c.conditions + (ev.condition,) if ev.on else \
        tuple(x for x in c.conditions if x != ev.condition)
    return _with(state, ev.name, conditions=conds)


@evolves(ExhaustionSet)
def evolve_exhaustion(state: State, ev: ExhaustionSet) -> State:
    c = member(state, ev.name)
    # the GM's level stands: levels held past it go (the latest cause first)
    return _with(state, ev.name, exhaustion=ev.level, held=_held_within(c.held, ev.level))


def held_exhaustion(c: Character) -> int:
    """Levels of exhaustion no rest may take away yet (too little water or food)."""
    return min(c.exhaustion, sum(n for _, n in c.held))


def rested_exhaustion(c: Character, removed: int) -> int:
    """``c``'s exhaustion after a rest that removes ``removed`` levels: never below
    the levels held until their cause is met."""
    held = held_exhaustion(c) if c.held else min(c.exhaustion, 0)  # no sum of nothing
    return max(min(c.exhaustion, held), c.exhaustion - removed)


def _held_within(held: tuple, level: int) -> tuple:
    out, left = [], level
    for cause, n in held:
        if left > 0:
            out.append((cause, min(n, left)))
            left -= min(n, left)
    return tuple(out)


def hold_exhaustion(c: Character, cause: str, levels: int) -> Character:
    """``c`` with ``levels`` more of its exhaustion held for ``cause`` (the caller
    has raised the exhaustion itself)."""
    held = dict(c.held)
    held[cause] = held.get(cause, 0) + levels
    return replace(c, held=_held_within(tuple(held.items()), c.exhaustion))


def exhausted(party: tuple, rules, steps: dict[str, int], hold: str = "") -> tuple:
    """``party`` with each living member named in ``steps`` that many levels of
    exhaustion further on, up to the ruleset's last; ``hold``: the cause that
    keeps those levels through rests until it is met ("dehydration")."""
    top = rules.party.exhaustion_max if rules.party else 0
    if not top or not any(steps.values()):
        return party
    out = []
    for c in party:
        n = steps.get(c.name, 0)
        if n and sheet.status(rules, c) != "dead":
            up = replace(c, exhaustion=min(top, c.exhaustion + n))
            c = hold_exhaustion(up, hold, up.exhaustion - c.exhaustion) if hold else up
        out.append(c)
    return tuple(out)


def release_exhaustion(party: tuple, cause: str) -> tuple:
    """``party`` with the levels held for ``cause`` released: ordinary levels now,
    which a rest removes (the cause is met: a full day's water, or food)."""
    for c in party:  # a loop (every day's meal asks): most hold nothing
        if c.held and any(cause == k for k, _ in c.held):
            break
    else:
        return party
    return tuple(replace(c, held=tuple((k, n) for k, n in c.held if k != cause))
                 if c.held else c for c in party)


@evolves(LevelledUp)
def evolve_level_up(state: State, ev: LevelledUp) -> State:
    c = member(state, ev.name)
    if sheet.class_of(state.rules, c) is None:
        raise Refused(_("{name} has no class to gain levels in").format(name=c.name))
    gain = level_hp(state, c.cls, c.level + 1, c.abilities.get("con", 10), ev.hp_roll)
    # A level adds its hit points to the maximum (5e2024.md §8.3: "HP per level");
    # nothing in the rules makes it a heal. One at 0 HP (dying or stable) wakes
    # only by the life rules (healing, a death save's 20), so stays at 0 with
    # their death saves as they were; one standing gains the hit points too.
    hp = c.hp if ev.keeps_zero and c.hp <= 0 and c.hp_max else c.hp + gain
    return _with(state, ev.name, level=c.level + 1, hp=hp, hp_max=c.hp_max + gain,
                 levelled_this_session=True)


@evolves(SessionStarted)
def evolve_session_started(state: State, ev: SessionStarted) -> State:
    """A new session: whoever levelled in the last may level again."""
    if not any(c.levelled_this_session for c in state.party):
        return state
    return replace(state, party=tuple(replace(c, levelled_this_session=False)
                                      if c.levelled_this_session else c for c in state.party))


@evolves(LoadSet)
def evolve_load(state: State, ev: LoadSet) -> State:
    member(state, ev.name)
    return _with(state, ev.name, load=ev.coins)


def hit_die_heal(state: State, c: Character, roll: Roll) -> int:
    """What one Hit Point Die heals: its roll plus CON, at least the ruleset's minimum."""
    p = state.rules.party
    return max(p.rests.hit_die_min, roll.total + sheet.modifier(p, c.abilities.get("con", 10)))


@evolves(ShortRested)
def evolve_short_rest(state: State, ev: ShortRested) -> State:
    rests = _rests(state, "short rest")
    state = pass_time(state, rests.short_hours * state.rules.time.hour_seconds)
    for s in ev.spent:
        c = member(state, s.name)
        healed = sum(hit_die_heal(state, c, r) for r in s.rolls)
        state = _with(state, c.name, hp=min(c.hp_max, c.hp + healed),
                      hit_dice_spent=c.hit_dice_spent + len(s.rolls))
    return state


def long_rest_dice(state: State, c: Character) -> int:
    """Hit Point Dice a long rest gives back: a share of the level, at least one."""
    return max(1, c.level * state.rules.party.rests.long_hit_dice_percent // 100)


@evolves(LongRested)
def evolve_long_rest(state: State, ev: LongRested) -> State:
    rests = _rests(state, "long rest")
    state = pass_time(state, rests.long_hours * state.rules.time.hour_seconds)
    return long_rest_ends(state, ev.who)


# the last party's names (compared by value) and whether no two are alike in
# any case: a function of the names alone (one tuple, swapped whole)
_NAMES_APART: list[tuple[tuple[str, ...], bool]] = [((), True)]


def long_rest_ends(state: State, who, exhaustion: bool = True) -> State:
    """What a long rest just finished gives ``who`` (the clock is where it ends);
    ``exhaustion=False``: the level it would remove stays (too little water). Levels
    held until a full day's water or food stay all the same (``held_exhaustion``)."""
    rests = _rests(state, "long rest")
    removed = rests.long_exhaustion_removed if exhaustion else 0
    # the party is rebuilt once, not once per sleeper (a camp's every night: a
    # state copy and a walk of the party per member, a fifth of a mixed replay);
    # each sleeper is found and changed as ``member`` and ``_with`` did, in turn
    if not who:
        return state
    clock, percent = state.clock, rests.long_hit_dice_percent  # long_rest_dice's
    members = state.party
    names, asleep = tuple([c.name for c in members]), set(who)
    apart = _NAMES_APART[0]
    if apart[0] != names:  # (casefolding every name each night cost more than the rest)
        apart = _NAMES_APART[0] = (names, len(set(map(str.casefold, names))) == len(names))
    if apart[1] and len(asleep) == len(who) and asleep.issubset(names):
        # each sleeper named as one member is, no two alike, and no two members
        # alike in any case (a camp's every night): ``find`` gives that member,
        # the only one of its name; no search. A member with no level of
        # exhaustion and none held keeps none (the rest removes 0 or more:
        # ``rested_exhaustion`` gives 0)
        # (hit_dice_spent: ``max(0, spent - max(1, level * percent // 100))``
        # written out: a call of the builtin ``max`` parses its arguments as
        # keywords, ~800 instructions, twice a sleeper a night; none spent, none back)
        return replace(state, party=tuple([replace(
            c, hp=c.hp_max,
            hit_dice_spent=(left if (left := c.hit_dice_spent - (
                back if (back := c.level * percent // 100) > 1 else 1)) > 0 else 0)
            if c.hit_dice_spent else 0,
            exhaustion=rested_exhaustion(c, removed) if c.exhaustion or c.held else 0,
            death_successes=0, death_failures=0, long_rested_at=clock)
            if c.name in asleep else c for c in members]))
    # (a rest changes no name: the list is searched as the party was)
    party = list(members)
    for name in who:
        c, key = None, None
        for x in party:  # ``find``: the first member so called, any case
            if x.name == name:
                c = x
                break
            if key is None:
                key = name.casefold()
            if x.name.casefold() == key:
                c = x
                break
        if c is None:
            member(state, name)  # refused: nobody by that name
        spent = max(0, c.hit_dice_spent - max(1, c.level * percent // 100))
        exhaustion = rested_exhaustion(c, removed)
        for j, x in enumerate(party):  # every member of exactly that name, as ``_with``
            if x.name == c.name:
                party[j] = replace(x, hp=c.hp_max, hit_dice_spent=spent, exhaustion=exhaustion,
                                   death_successes=0, death_failures=0, long_rested_at=clock)
    return replace(state, party=tuple(party))


def death_save_result(ds: DeathSaves, roll: int, penalty: int = 0) -> str:
    """"wake", "fumble", "success" or "failure": the wake and the fumble go by the
    die's face, the success by the roll less ``penalty`` (exhaustion: a d20 test)."""
    if ds.wake and roll >= ds.wake:
        return "wake"
    if roll <= ds.fumble:
        return "fumble"
    return "success" if roll - penalty >= ds.success else "failure"


@evolves(DeathSaveRolled)
def evolve_death_save(state: State, ev: DeathSaveRolled) -> State:
    ds = _death_saves(state)
    c = member(state, ev.name)
    result = death_save_result(ds, ev.roll.total, sheet.d20_penalty(state.rules, c))
    if result == "wake":
        return _with(state, c.name, hp=min(c.hp_max, ds.wake_hp),
                     death_successes=0, death_failures=0)
    if result == "success":
        successes = min(ds.successes, c.death_successes + 1)
        # stable: the failures are wiped; the successes stay to mark it
        failures = 0 if successes >= ds.successes else c.death_failures
        return _with(state, c.name, death_successes=successes, death_failures=failures)
    lost = ds.fumble_failures if result == "fumble" else 1
    return _with(state, c.name, death_failures=min(ds.failures, c.death_failures + lost))


@evolves(RoundsPassed)
def evolve_rounds(state: State, ev: RoundsPassed) -> State:
    return pass_time(state, ev.rounds * state.rules.time.round_seconds)
