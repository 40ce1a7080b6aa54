"""One line of plain text for each event, for the log in the CLI and the app."""

from __future__ import annotations

from . import clock, dice
from .campaign import (CampaignCreated, ManualDiceSet, NoteAdded, RulesetChanged,
                       SessionEnded, SessionStarted)
from .dungeon import (CheckRolled, DepthChanged, DungeonEntered, DungeonLeft, Encounter,
                      FastTravelStarted, HastyExitRolled, TurnAdvanced)
from .effects import EffectEnded, EffectStarted
from .corrections import EntryCorrected, Rewound, cook
from .engine import Redone, Undone
from .events import Event
from .lights import LightDoused, LightLit, LightRelit
from .party import (CharacterAdded, CharacterRemoved, CharacterRenamed, ConditionSet,
                    DamageTaken, ExhaustionSet, Healed, LevelledUp, LoadSet, XPAwarded)
from .ruleset import Ruleset
from .supplies import SuppliesSet


def roll_text(r: dice.Roll) -> str:
    faces = ",".join(map(str, r.dice))
    typed = " typed" if r.typed else ""
    return f"{r.expr}=[{faces}]{'' if len(r.dice) == 1 and r.total == r.dice[0] else f'={r.total}'}{typed}"


def _check_text(ev: Encounter, rules: Ruleset) -> str:
    if ev.check is None:
        return ""
    w = rules.dungeon.wandering
    chance = dice.parse_chance(w.chance)
    if not chance.hits(ev.check.total):
        return f"check {roll_text(ev.check)} quiet"
    parts = [f"check {roll_text(ev.check)} ENCOUNTER"]
    if ev.surprise_party and ev.surprise_monsters and w.surprise:
        s = dice.parse_chance(w.surprise)
        who = [n for n, r in (("party", ev.surprise_party), ("monsters", ev.surprise_monsters))
               if s.hits(r.total)]
        parts.append("surprised: " + (" and ".join(who) or "nobody"))
    if ev.distance:
        parts.append(f"distance {ev.distance.total} ft ({roll_text(ev.distance)})")
    return ", ".join(parts)


def describe(ev: Event, rules: Ruleset) -> str:
    match ev:
        case CampaignCreated():
            return f"Campaign {ev.name!r} created with {ev.ruleset_id} (seed {ev.seed})"
        case RulesetChanged():
            return f"House rule: {ev.change}"
        case SessionStarted():
            return f"Session {ev.number} started"
        case SessionEnded():
            return f"Session {ev.number} ended"
        case NoteAdded():
            return f"Note: {ev.text}"
        case ManualDiceSet():
            return f"Manual dice {'on' if ev.on else 'off'}"
        case CharacterAdded():
            k = rules.party.classes.get(ev.cls) if rules.party and ev.cls else None
            what = f"a level {ev.level} {k.name}" if k else f"level {ev.level}"
            rolled = ", ".join(roll_text(r) for r in ev.ability_rolls)
            hp = ", ".join(roll_text(r) for r in ev.hp_rolls)
            extra = (f"; abilities {rolled}" if rolled else "") + (f"; HP {hp}" if hp else "")
            return f"{ev.name} joined the party ({what}){extra}"
        case DamageTaken():
            return f"{ev.name} took {ev.amount} damage"
        case Healed():
            return f"{ev.name} healed {ev.amount}"
        case XPAwarded():
            return f"{ev.amount} XP split among {', '.join(ev.to)}"
        case ConditionSet():
            return f"{ev.name} is {'' if ev.on else 'no longer '}{ev.condition}"
        case ExhaustionSet():
            return f"{ev.name} at exhaustion {ev.level}"
        case LevelledUp():
            hp = f" (HP {roll_text(ev.hp_roll)})" if ev.hp_roll else ""
            return f"{ev.name} went up a level{hp}"
        case LoadSet():
            return f"{ev.name} carries {ev.coins} coins of weight"
        case CharacterRenamed():
            return f"{ev.old} is now called {ev.new}"
        case CharacterRemoved():
            return f"{ev.name} left the party"
        case DungeonEntered():
            return f"Entered {ev.name or 'the dungeon'} (level {ev.depth})"
        case DungeonLeft():
            return "Left the dungeon"
        case DepthChanged():
            return f"Now on dungeon level {ev.depth}"
        case TurnAdvanced():
            check = _check_text(ev, rules)
            return f"Turn: {ev.activity}" + (f"; {check}" if check else "")
        case CheckRolled():
            return f"Extra wandering {_check_text(ev, rules)}"
        case FastTravelStarted():
            return f"Fast travel {ev.feet} ft ({ev.turns} turns planned)"
        case HastyExitRolled():
            bits = [f"{n} {roll_text(s)}" + (f" doom {roll_text(d)}" if d else "")
                    for n, s, d in ev.saves]
            return "Hasty exit, save versus Doom: " + "; ".join(bits)
        case LightLit():
            name = rules.lights[ev.kind].name if ev.kind in rules.lights else ev.kind
            return f"Lit a {name.lower()}" + (f" carried by {ev.by}" if ev.by else "")
        case LightDoused():
            return f"Doused light #{ev.id}"
        case LightRelit():
            return f"Relit light #{ev.id}"
        case EffectStarted():
            return f"Effect {ev.name!r} for {clock.span(rules, ev.seconds)}"
        case EffectEnded():
            return f"Ended effect #{ev.id}"
        case SuppliesSet():
            name = rules.supplies.get(ev.kind, ev.kind)
            return f"{name}: now {ev.count}"
        case EntryCorrected():
            new = "; ".join(describe(cook(r), rules) for r in ev.events)
            note = f" ({ev.note})" if ev.note else ""
            return f"Corrected #{ev.target}: {new}{note}"
        case Rewound():
            return f"Rewound the campaign to #{ev.to_seq}"
        case Undone():
            return f"Undid: {ev.label} (from #{ev.first_seq})"
        case Redone():
            return f"Redid: {ev.label} (from #{ev.first_seq})"
    return ev.TYPE.replace("_", " ")
