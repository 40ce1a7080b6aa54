"""The state's keys and the entries' fields as a GM reads them ("hp_max" is
"HP most"), in the active language: the words of a correction's preview
("Retainers · Al · wage: 2 → 3") and of the log's "correct a field" dialog.

Marked with the context "field" (``pgettext``): "turn", "new" or "left" here
name a field, and a translator may say them otherwise than elsewhere. Every
field of every event and every key of the state has its words here
(tests/test_field_words.py walks them); a key not listed would read as it is
written, in English, inside a sentence of another language.

``field_name`` is the one way a field is shown (previews, refusals, the log's
"correct a field" dialog); ``field_key`` reads a field back as a GM types it
(``amend --set``): its key, or its words in English or the active language.
"""

from __future__ import annotations

from functools import lru_cache

from .. import i18n
from ..i18n import pgettext


# short keys of the JSON view and the events, and how a GM says them
_SHORT = {"hp": "HP", "xp": "XP", "ac": "AC", "gp": "GP", "ft": "(ft)", "max": "most",
          "cls": "class"}


def key_words(key: str) -> str:
    """A key as English words ("hp_max" -> "HP most"): what ``words`` is keyed by."""
    said = [_SHORT.get(w, w) for w in key.split("_")]
    if said and said[0].startswith("("):  # a unit said alone: "ft"
        said[0] = said[0].strip("()")
    return " ".join(said)


def field_name(key: str) -> str:
    """A field or key of the state as the GM reads it ("hp_max" -> "HP most"),
    in the active language."""
    said = key_words(key)
    return words().get(said, said)


def _plain(text: str) -> str:
    return " ".join(text.replace("_", " ").replace("-", " ").casefold().split())


def field_key(typed: str, keys) -> str | None:
    """Which of ``keys`` the GM means by ``typed``: the key itself ("hp_max"),
    its English words or its words in the active language ("LK højst"), in
    any case, with spaces, "_" or "-"; None when none."""
    want = _plain(typed)
    for key in keys:  # a key as written first: another field's words may read like it
        if want == _plain(key):
            return key
    with i18n.using(i18n.ENGLISH):
        english = words()
    for key in keys:
        said = key_words(key)
        if want in (_plain(key), _plain(said), _plain(field_name(key)),
                    _plain(english.get(said, said))):
            return key
    return None


def words() -> dict[str, str]:
    """The English words -> the active language's (made once per language)."""
    return _made(i18n.current())


@lru_cache(maxsize=8)
def _made(code: str) -> dict[str, str]:
    return {
        "AC": pgettext("field", "AC"),
        "GP": pgettext("field", "GP"),
        "HP": pgettext("field", "HP"),
        "HP most": pgettext("field", "HP most"),
        "HP roll": pgettext("field", "HP roll"),
        "HP rolls": pgettext("field", "HP rolls"),
        "XP": pgettext("field", "XP"),
        "XP bonus": pgettext("field", "XP bonus"),
        "XP next": pgettext("field", "XP next"),
        "abilities": pgettext("field", "abilities"),
        "ability rolls": pgettext("field", "ability rolls"),
        "active": pgettext("field", "active"),
        "activity": pgettext("field", "activity"),
        "aid": pgettext("field", "aid"),
        "amount": pgettext("field", "amount"),
        "animal": pgettext("field", "animal"),
        "arrived": pgettext("field", "arrived"),
        "away": pgettext("field", "away"),
        "bastions": pgettext("field", "bastions"),
        "beach": pgettext("field", "beach roll"),
        "believed": pgettext("field", "believed"),
        "bribe": pgettext("field", "bribe"),
        "by": pgettext("field", "by"),
        "camp": pgettext("field", "camp"),
        "candles": pgettext("field", "candles"),
        "chance": pgettext("field", "chance"),
        "change": pgettext("field", "change"),
        "chase": pgettext("field", "chase"),
        "chases": pgettext("field", "chases"),
        "check": pgettext("field", "check"),
        "checks": pgettext("field", "checks"),
        "checks tired": pgettext("field", "checks count exhaustion"),
        "choice": pgettext("field", "choice"),
        "chosen": pgettext("field", "chosen"),
        "class": pgettext("field", "class"),
        "class name": pgettext("field", "class name"),
        "clear coast": pgettext("field", "clear coast"),
        "coast": pgettext("field", "coast"),
        "code": pgettext("field", "language code"),
        "codes": pgettext("field", "weather codes"),
        "coins": pgettext("field", "coins"),
        "command id": pgettext("field", "command id"),
        "complication": pgettext("field", "complication"),
        "con": pgettext("field", "Con modifier"),
        "condition": pgettext("field", "condition"),
        "conditions": pgettext("field", "conditions"),
        "confirmed": pgettext("field", "confirmed"),
        "count": pgettext("field", "count"),
        "creature": pgettext("field", "creature"),
        "creature speed": pgettext("field", "creature speed"),
        "critical": pgettext("field", "critical"),
        "current": pgettext("field", "current roll"),
        "current dir": pgettext("field", "current dir"),
        "damage": pgettext("field", "damage"),
        "dash": pgettext("field", "dash"),
        "day": pgettext("field", "day"),
        "days": pgettext("field", "days"),
        "days without food": pgettext("field", "days without food"),
        "death saves": pgettext("field", "death saves"),
        "dehydrated": pgettext("field", "dehydrated"),
        "delay": pgettext("field", "delay"),
        "depth": pgettext("field", "depth"),
        "derived": pgettext("field", "modifier from the sheet"),
        "dice": pgettext("field", "dice"),
        "die": pgettext("field", "die"),
        "direction": pgettext("field", "direction"),
        "direction roll": pgettext("field", "direction roll"),
        "distance": pgettext("field", "distance"),
        "distance (ft)": pgettext("field", "distance (ft)"),
        "doom roll": pgettext("field", "Doom roll"),
        "dry days": pgettext("field", "dry days"),
        "dungeon": pgettext("field", "dungeon"),
        "eaten": pgettext("field", "eaten"),
        "effects": pgettext("field", "effects"),
        "encloses": pgettext("field", "encloses"),
        "encounter": pgettext("field", "encounter"),
        "encounter chance": pgettext("field", "encounter chance"),
        "ends at": pgettext("field", "ends at"),
        "ends in stage": pgettext("field", "ends in the stage"),
        "engine version": pgettext("field", "engine version"),
        "events": pgettext("field", "entries"),
        "exhaustion": pgettext("field", "exhaustion"),
        "facility": pgettext("field", "facility"),
        "factors": pgettext("field", "factors"),
        "failures": pgettext("field", "failures"),
        "fate": pgettext("field", "fate"),
        "feet": pgettext("field", "feet"),
        "first seq": pgettext("field", "first entry"),
        "fleeing": pgettext("field", "fleeing"),
        "floor stays": pgettext("field", "dungeon level kept"),
        "flying": pgettext("field", "flying"),
        "food": pgettext("field", "food roll"),
        "food days": pgettext("field", "food days"),
        "forage": pgettext("field", "foraging roll"),
        "forage derived": pgettext("field", "foraging modifier from the sheet"),
        "forage mod": pgettext("field", "forage mod"),
        "forage tired": pgettext("field", "foraging exhaustion"),
        "foraging": pgettext("field", "foraging"),
        "forced": pgettext("field", "forced"),
        "found": pgettext("field", "found"),
        "fresh": pgettext("field", "fresh"),
        "from by": pgettext("field", "carried by before"),
        "from hour": pgettext("field", "from hour"),
        "gale": pgettext("field", "gale"),
        "gallons": pgettext("field", "gallons"),
        "gallop": pgettext("field", "gallop"),
        "gallop used": pgettext("field", "gallop used"),
        "gap": pgettext("field", "gap"),
        "gap known": pgettext("field", "distance known"),
        "gm modifier": pgettext("field", "gm modifier"),
        "guide": pgettext("field", "guide"),
        "hasty exit": pgettext("field", "hasty exit"),
        "heading": pgettext("field", "heading"),
        "headwind": pgettext("field", "headwind"),
        "hex": pgettext("field", "hex"),
        "hit dice": pgettext("field", "hit dice"),
        "home": pgettext("field", "home"),
        "hour": pgettext("field", "hour"),
        "hours": pgettext("field", "hours"),
        "hours today": pgettext("field", "hours today"),
        "id": pgettext("field", "number"),
        "initiative": pgettext("field", "initiative"),
        "initiative bonus": pgettext("field", "initiative bonus"),
        "iron": pgettext("field", "iron"),
        "joiner": pgettext("field", "joiner's initiative"),
        "keeps rest": pgettext("field", "rest count kept"),
        "keeps zero": pgettext("field", "keeps HP at zero"),
        "kind": pgettext("field", "kind"),
        "known route": pgettext("field", "known route"),
        "label": pgettext("field", "label"),
        "land in sight": pgettext("field", "land in sight"),
        "language": pgettext("field", "language"),
        "last seq": pgettext("field", "last entry"),
        "leave": pgettext("field", "leave"),
        "left": pgettext("field", "left"),
        "left today": pgettext("field", "left today"),
        "level": pgettext("field", "level"),
        "lights": pgettext("field", "lights"),
        "lights burn": pgettext("field", "lights burn"),
        "lit": pgettext("field", "lit"),
        "load": pgettext("field", "load"),
        "long rested at": pgettext("field", "long rested at"),
        "lost": pgettext("field", "lost"),
        "lost roll": pgettext("field", "lost roll"),
        "maintain": pgettext("field", "maintain"),
        "malnutrition owed": pgettext("field", "malnutrition owed"),
        "manual dice": pgettext("field", "manual dice"),
        "marked map": pgettext("field", "marked map"),
        "member": pgettext("field", "member"),
        "missed meals": pgettext("field", "missed meals"),
        "modifier": pgettext("field", "modifier"),
        "modifiers": pgettext("field", "modifiers"),
        "monster speed": pgettext("field", "monster speed"),
        "monsters": pgettext("field", "monsters"),
        "morale": pgettext("field", "morale"),
        "morale roll": pgettext("field", "morale roll"),
        "mount": pgettext("field", "mount"),
        "mount rate": pgettext("field", "mount rate"),
        "mounted": pgettext("field", "mounted"),
        "name": pgettext("field", "name"),
        "nav derived": pgettext("field", "navigation modifier from the sheet"),
        "nav mod": pgettext("field", "nav mod"),
        "nav tired": pgettext("field", "navigation exhaustion"),
        "navigator": pgettext("field", "navigator"),
        "new": pgettext("field", "new"),
        "next check in": pgettext("field", "next check in"),
        "next day": pgettext("field", "next day"),
        "note": pgettext("field", "note"),
        "notes": pgettext("field", "notes"),
        "number": pgettext("field", "number"),
        "oars": pgettext("field", "oars"),
        "of": pgettext("field", "of"),
        "oil": pgettext("field", "oil"),
        "old": pgettext("field", "old"),
        "on": pgettext("field", "on"),
        "opportunity": pgettext("field", "opportunity"),
        "orders": pgettext("field", "orders"),
        "outcome": pgettext("field", "outcome"),
        "over": pgettext("field", "over"),
        "owner": pgettext("field", "owner"),
        "pace": pgettext("field", "pace"),
        "partner": pgettext("field", "partner"),
        "party": pgettext("field", "party"),
        "party speed": pgettext("field", "party speed"),
        "passive perception": pgettext("field", "passive perception"),
        "perception": pgettext("field", "perception"),
        "pick": pgettext("field", "pick"),
        "pilot": pgettext("field", "pilot"),
        "place": pgettext("field", "place"),
        "position": pgettext("field", "position"),
        "preserved": pgettext("field", "preserved"),
        "private": pgettext("field", "private"),
        "proficiency": pgettext("field", "proficiency"),
        "pursue": pgettext("field", "pursue"),
        "pursuers": pgettext("field", "pursuers"),
        "rate": pgettext("field", "rate"),
        "rations": pgettext("field", "rations"),
        "rest interrupted": pgettext("field", "rest interrupted"),
        "rest overdue": pgettext("field", "rest overdue"),
        "rest owed": pgettext("field", "rest owed"),
        "rest penalty": pgettext("field", "rest penalty"),
        "rest status": pgettext("field", "rest status"),
        "rests": pgettext("field", "rests"),
        "roll": pgettext("field", "roll"),
        "rolls": pgettext("field", "rolls"),
        "round": pgettext("field", "round"),
        "rounds": pgettext("field", "rounds"),
        "route": pgettext("field", "route"),
        "ruleset hash": pgettext("field", "ruleset hash"),
        "ruleset id": pgettext("field", "ruleset"),
        "ruleset toml": pgettext("field", "ruleset text"),
        "runners": pgettext("field", "runners"),
        "running": pgettext("field", "running"),
        "save": pgettext("field", "save"),
        "saved": pgettext("field", "saved"),
        "saves": pgettext("field", "saves"),
        "saves to": pgettext("field", "saves up to"),
        "scheduled": pgettext("field", "scheduled"),
        "seconds": pgettext("field", "seconds"),
        "seed": pgettext("field", "seed"),
        "seq": pgettext("field", "entry"),
        "setting": pgettext("field", "setting"),
        "shift": pgettext("field", "shift"),
        "shift to": pgettext("field", "shift to"),
        "ship rate": pgettext("field", "ship rate"),
        "shown": pgettext("field", "shown"),
        "side": pgettext("field", "side"),
        "skills": pgettext("field", "skills"),
        "source": pgettext("field", "source"),
        "space": pgettext("field", "space"),
        "spares the dead": pgettext("field", "spares the dead"),
        "speed": pgettext("field", "speed"),
        "spent": pgettext("field", "hit dice spent"),
        "spoiled": pgettext("field", "spoiled"),
        "squares": pgettext("field", "squares"),
        "stage progress": pgettext("field", "stage progress"),
        "stages": pgettext("field", "stages"),
        "standard": pgettext("field", "standard"),
        "status": pgettext("field", "status"),
        "stealth": pgettext("field", "stealth"),
        "successes": pgettext("field", "successes"),
        "supplies": pgettext("field", "supplies"),
        "surprise": pgettext("field", "surprise"),
        "surprise foe": pgettext("field", "foe's surprise"),
        "surprise monsters": pgettext("field", "monsters' surprise"),
        "surprise party": pgettext("field", "party's surprise"),
        "surprised": pgettext("field", "surprised"),
        "target": pgettext("field", "target"),
        "terrain": pgettext("field", "terrain"),
        "text": pgettext("field", "text"),
        "then": pgettext("field", "follow-up rolls"),
        "time": pgettext("field", "time"),
        "tired": pgettext("field", "exhaustion"),
        "tired first": pgettext("field", "exhaustion first"),
        "to": pgettext("field", "to"),
        "to morning": pgettext("field", "to the morning"),
        "to seq": pgettext("field", "to entry"),
        "torches": pgettext("field", "torches"),
        "total": pgettext("field", "total"),
        "travel": pgettext("field", "travel"),
        "turn": pgettext("field", "turn"),
        "turning": pgettext("field", "turning undead"),
        "turns": pgettext("field", "turns"),
        "turns left": pgettext("field", "turns left"),
        "turns since rest": pgettext("field", "turns since rest"),
        "unit": pgettext("field", "unit"),
        "unrested days": pgettext("field", "unrested days"),
        "vessel": pgettext("field", "vessel"),
        "victim save": pgettext("field", "victim's save"),
        "water": pgettext("field", "water roll"),
        "water days": pgettext("field", "water days"),
        "water gallons": pgettext("field", "water gallons"),
        "weather": pgettext("field", "weather"),
        "weather effects": pgettext("field", "weather effects"),
        "what": pgettext("field", "what"),
        "where": pgettext("field", "where"),
        "who": pgettext("field", "who"),
        "whole step": pgettext("field", "whole step"),
        "why": pgettext("field", "why"),
    }
