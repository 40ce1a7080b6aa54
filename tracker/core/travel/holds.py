"""What a land-travel event needs of the campaign it is folded into: its
command's checks, one function each, which the decider calls and which
``rules.py`` / ``mounts.py`` register with ``@holds_for`` so an amended field
or a corrected earlier day is checked the same way (issue 19).

The checks take the event as written (duck-typed: this module imports no
event, so ``rules.py`` can import it); a check that also looks at what was
rolled takes ``rolled=False`` when the decider calls it before the dice.
"""

from __future__ import annotations

from .. import dice as dicemod
from ..errors import Refused
from ...i18n import _, ngettext
from ..terms import known_words, term
from ..party.rules import able, able_character, find
from ..state import State
from . import calc
from .model import Journey
from .model import Travel as TravelRules
from .status import living, pace_model, rules_of


def day_travelled(hours: int) -> str:
    """The refusal once a day's travelling hours are spent."""
    return ngettext("the day's {n} hour is travelled: make camp, or give --hours for "
                    "extended travel",
                    "the day's {n} hours are travelled: make camp, or give --hours for "
                    "extended travel", hours).format(n=hours)


def _terrain(state: State, tid: str) -> str:
    return term(state.rules, f"travel.terrains.{tid}", tid)


def _vessel(state: State, vessel: str) -> str:
    return term(state.rules, f"travel.sea.vessels.{vessel}", vessel)


def out_of_the_dungeon(state: State, why: str) -> None:
    """A day on the road (travel, rest, hunting, foraging) is not a day in a
    dungeon: one left behind in it (a light set down there, say) stays there,
    as leaving it says (``dungeon_left`` version 2). ``why``: the refusal."""
    if state.dungeon.active:
        raise Refused(why)


def where(state: State, afloat: bool = False) -> tuple[TravelRules, Journey]:
    """The rules and journey, refused where the party cannot do this: in a
    dungeon, nowhere yet, on the water without a vessel (or aboard, unless
    ``afloat`` says the step may be taken on board)."""
    t, j = rules_of(state), state.travel
    out_of_the_dungeon(state, _("the party is in a dungeon: leave it before travelling overland"))
    if not j.terrain:
        raise Refused(_("set where the party is first: its terrain, or a planned route"))
    if j.vessel and not afloat:
        raise Refused(_("the party is aboard the {vessel}: disembark first").format(
            vessel=_vessel(state, j.vessel)))
    if t.terrains[j.terrain].water and not j.vessel:
        raise Refused(_("{terrain}: the party needs a vessel (embark VESSEL), or set a land "
                        "terrain").format(terrain=_terrain(state, j.terrain)))
    return t, j


def along_route(state: State, t: TravelRules, j: Journey) -> None:
    """A day on the road: not past the planned route's end. (Where the route goes
    on by water, a day on foot is off it, as a day at sea is off a road ahead:
    the party goes where the GM says, and the route waits.)"""
    if j.arrived and not j.stages:
        raise Refused(_("the party has arrived at {place}, the end of its route: plan the "
                        "next one, or clear the route to travel on without one (route)"
                        ).format(place=j.place) if j.place else
                      _("the party is at the end of its route: plan the next one, or clear "
                        "the route to travel on without one (route)"))


def check_gallop(t: TravelRules, j: Journey, rules=None) -> None:
    """A doubled hour the ruleset gives, on mounts, not yet spent (``rules``:
    the whole ruleset, for what the mounts need in the GM's language)."""
    if not (t.mounts and t.mounts.doubled_hours):
        raise Refused(_("this ruleset gives mounts no doubled hour"))
    if not j.mount:
        raise Refused(_("the party rides no mounts (mount ANIMAL first)"))
    if j.gallop_used:
        raise Refused(_("the mounts' doubled hour is spent: they need {rest} (make camp) "
                        "first").format(rest=term(rules, "travel.mounts.recover") if rules else
                                        t.mounts.recover))


def day_holds(state: State, ev) -> None:
    """``travel`` on land: the party on land with someone alive to travel, its
    navigator alive; the day's terrain and road of the ruleset; a gallop,
    forced march and foraging the ruleset and the journey allow; the mounts
    (and wings) the party has; pace model: 1 to 24 hours from the hours already
    travelled, at a pace of the ruleset; speed model: a whole day at a rate."""
    t, j = where(state)
    if not living(state):
        raise Refused(_("no one in the party to travel (add characters first)"))
    if j.navigator and find(state, j.navigator) is not None:
        able_character(state, j.navigator, "guide")
    along_route(state, t, j)
    calc._terrain(t, ev.terrain)
    calc._route(t, ev.route)
    if ev.mounted != j.mount or (ev.flying and not j.flying):
        raise Refused((_("the party rides {animal} (flying)") if j.flying else
                       _("the party rides {animal}")).format(animal=j.mount)
                      if j.mount else _("the party rides no mounts (mount ANIMAL first)"))
    if ev.gallop:
        check_gallop(t, j, state.rules)
    if ev.forced and t.forced_march is None:
        raise Refused(_("{ruleset} has no forced march").format(ruleset=state.rules.meta.name))
    if ev.foraging:
        why = calc.forage_allowed(t, ev.terrain, forced=ev.forced, rules=state.rules)
        if why:
            raise Refused(why)
    if ev.from_hour != int(j.hours_today):
        raise Refused(_("the day began at hour {hour} of travel, not {given}").format(
            hour=int(j.hours_today), given=ev.from_hour))
    if pace_model(t):
        if ev.hours < 1:
            raise Refused(day_travelled(t.distance.hours_per_day))
        if j.hours_today + ev.hours > 24:
            raise Refused(_("{today} hours travelled today: at most {more} more before "
                            "camp").format(today=f"{j.hours_today:g}",
                                           more=f"{24 - j.hours_today:g}"))
        if ev.pace not in t.paces or ev.rate:
            raise Refused(_("no pace {pace!r} (known: {known})").format(
                pace=ev.pace, known=known_words(state.rules, "travel.paces", t.pace_order)))
    else:
        if ev.hours:
            raise Refused(_("{ruleset} travels by the day, not by hours").format(
                ruleset=state.rules.meta.name))
        if ev.pace:
            raise Refused(_("{ruleset} has no paces: its distance comes from speed").format(
                ruleset=state.rules.meta.name))
        if not ev.rate:
            raise Refused(_("the party cannot move: its slowest member's speed is 0"))


def pace_holds(state: State, ev) -> None:
    """``pace``: a pace of the ruleset, where it travels by pace."""
    t = rules_of(state)
    if not pace_model(t):
        raise Refused(_("{ruleset} has no paces: its distance comes from speed (use travel "
                        "--forced for a forced march)").format(ruleset=state.rules.meta.name))
    if ev.pace not in t.paces:
        raise Refused(_("no pace {pace!r} (known: {known})").format(
            pace=ev.pace, known=known_words(state.rules, "travel.paces", t.pace_order)))


def guide_holds(state: State, ev) -> None:
    """``guide``: a navigator is a living party member able to act, by the party's name."""
    rules_of(state)
    if ev.navigator and all(c.name != ev.navigator for c in state.party):
        raise Refused(_("no one called {name!r} in the party").format(name=ev.navigator))
    if ev.navigator:
        able_character(state, ev.navigator, "guide no one")


def hunt_holds(state: State, ev, rolled: bool = True) -> None:
    """``hunt``: a whole day where the ruleset has hunting; rolled where it
    gives a chance (no GM's word then), the GM's word where it gives none."""
    t = rules_of(state)
    if calc.gm_finds(t, "hunt"):  # no hunting rule: the GM said what the day found
        if state.travel.hours_today:
            raise Refused(_("hunting takes a whole day: make camp first"))
        _found_rations(ev)
        if not living(state):
            raise Refused(_("no one in the party to hunt (add characters first)"))
        return
    why = calc.hunt_allowed(t, forced=False, rest_day=False, rules=state.rules)
    if t.hunt is None:
        raise Refused(why)
    if state.travel.hours_today:
        raise Refused(_("hunting takes a whole day: make camp first"))
    if ev.rations:
        raise Refused(_("{ruleset} says what a hunt finds: --found without a number").format(
            ruleset=state.rules.meta.name))
    if t.hunt.chance and ev.found:
        raise Refused(_("the ruleset rolls the hunt ({chance}): no --found").format(
            chance=dicemod.chance_text(t.hunt.chance)))
    if rolled and (ev.roll is not None) != bool(t.hunt.chance):
        raise Refused(_("the ruleset rolls the hunt ({chance}): the entry has no roll").format(
            chance=dicemod.chance_text(t.hunt.chance)) if t.hunt.chance else
            _("the GM decides the hunt: the entry rolled it"))


def _found_rations(ev) -> None:
    """The GM's word on a day's foraging or hunting: 1 to 1,000 rations, or nothing."""
    if ev.found and not 1 <= ev.rations <= 1_000:
        raise Refused(_("say how much was found: 1 to 1,000 rations"))
    if not ev.found and ev.rations:
        raise Refused(_("nothing was found: no rations"))


def _someone_forages(state: State) -> None:
    """After the ruleset's say (no foraging here comes first): someone alive."""
    if not living(state):
        raise Refused(_("no one in the party to forage (add characters first)"))
    if not any(able(state, c) for c in living(state)):
        raise Refused(_("no one in the party is able to forage: each is dead or cannot act"))


def forage_holds(state: State, ev, rolled: bool = True) -> None:
    """``forage``: a whole day on land, where the party is; the GM's word and
    1 to 1,000 rations found where the ruleset leaves it to the GM, else a
    foraging rule that allows it here (rolled, unless a whole day succeeds)."""
    t, j = where(state)
    if ev.terrain != j.terrain:
        calc._terrain(t, ev.terrain)
        raise Refused(_("the party is in {terrain}, not {given!r}").format(
            terrain=_terrain(state, j.terrain), given=ev.terrain))
    gm = t.forage is None and bool(calc.gm_note(t, "forage"))
    if gm:
        if j.hours_today:
            raise Refused(_("a day of foraging is a whole day: make camp first"))
        _found_rations(ev)
        _someone_forages(state)
        return
    if ev.found or ev.rations:
        raise Refused(_("{ruleset} rolls foraging: no --found or --nothing").format(
            ruleset=state.rules.meta.name))
    why = calc.forage_allowed(t, j.terrain, rules=state.rules)
    if why:
        raise Refused(why)
    _someone_forages(state)
    if j.hours_today:
        raise Refused(_("a day of foraging is a whole day: make camp first"))
    if rolled and (ev.roll is None) != bool(t.forage.whole_day_succeeds):
        raise Refused(_("a whole day of foraging succeeds: the entry rolled it")
                      if t.forage.whole_day_succeeds else
                      _("the foraging roll is not in the entry"))


def weather_holds(state: State, ev) -> None:
    """``weather``: the GM's words (at most 200 characters) or effects of the
    ruleset, or a roll on its tables."""
    t = rules_of(state)
    calc.weather_effects(t, list(ev.codes))
    if not ev.text and not ev.codes and not ev.rolls:
        raise Refused(_("say what the weather is"))
    if len(ev.text) > 200:
        raise Refused(_("weather is at most 200 characters"))


def heading_holds(state: State, ev) -> None:
    """``heading``: only while lost; 1 to 20 characters (and the one believed, at most 20)."""
    rules_of(state)
    if not state.travel.lost:
        raise Refused(_("the party is not lost"))
    if not ev.heading or len(ev.heading) > 20 or len(ev.believed) > 20:
        raise Refused(_("a heading is 1 to 20 characters (N, NE, towards the hills...)"))


def water_holds(state: State, ev) -> None:
    """``water``: 0 to 100,000 gallons, where the ruleset counts water."""
    t = rules_of(state)
    if t.water is None:
        raise Refused(_("{ruleset} does not count water apart from rations").format(
            ruleset=state.rules.meta.name))
    if not 0 <= ev.gallons <= 100_000:
        raise Refused(_("water is 0 to 100,000 gallons"))


def mounted_holds(state: State, ev) -> None:
    """``mount``: on land, 1 to 40 characters, a rule for riding (and flying);
    pace model: a mount of the ruleset (or wings), no rate; speed model: a rate
    of 1 to 10,000 ft."""
    t = rules_of(state)
    if state.travel.vessel:
        raise Refused(_("the party is aboard the {vessel}: disembark first").format(
            vessel=_vessel(state, state.travel.vessel)))
    if not ev.animal or len(ev.animal) > 40:
        raise Refused(_("name the mounts: 1 to 40 characters (riding_horse, mule, griffon...)"))
    if ev.flying and not (t.distance.flying or t.distance.flying_any_pace):
        raise Refused(_("{ruleset} gives no rule for flying").format(ruleset=state.rules.meta.name))
    if t.mounts is None:
        raise Refused(calc.gm_note(t, "mounts", state.rules) or
                      _("{ruleset} gives no rule for mounted travel").format(
                          ruleset=state.rules.meta.name))
    known = t.mounts.animals
    if pace_model(t):
        if ev.rate:
            raise Refused(_("D&D travel goes by pace: no --rate (the mounts give a doubled hour)"))
        if known and ev.animal not in known and not ev.flying:
            raise Refused(_("no mount {animal!r} (known: {known})").format(
                animal=ev.animal, known=known_words(state.rules, "travel.mounts.animals", known)))
    elif not 1 <= ev.rate <= 10_000:
        raise Refused((calc.gm_note(t, "mounts.animals", state.rules) or _("the mounts' rate is unknown"))
                      + " " + _("Give it: mount ANIMAL --rate FEET (1 to 10,000)."))


def encounter_holds(state: State, ev) -> None:
    """``encounter``: where the party is set; a terrain of the ruleset."""
    t = rules_of(state)
    if not state.travel.terrain:
        raise Refused(_("set the party's terrain first: the encounter distance depends on it"))
    if ev.terrain:
        calc._terrain(t, ev.terrain)
