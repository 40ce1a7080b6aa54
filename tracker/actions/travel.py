"""Overland travel: days and stages, route, camp, foraging, hunting, weather, getting lost."""

import argparse

from ..core import travel as tr
from ..core.travel.model import Stage
from ..core.errors import Refused
from ..core.numbers import parse_int
from ..i18n import N_, _
from .spec import Action, arg


def _stage(text: str) -> Stage | None:
    """PLACE:TERRAIN:LENGTH[:ROUTE[:HEX]], e.g. Oakvale:forest:16 or Ford:clear:3:road;
    ``none`` (clear the route): None."""
    if text.strip().lower() == "none":
        return None
    parts = text.split(":")
    if not 3 <= len(parts) <= 5:
        raise argparse.ArgumentTypeError(_(
            "expected PLACE:TERRAIN:LENGTH[:ROAD[:HEX]], e.g. Oakvale:forest:16 (got {text!r})"
        ).format(text=text))
    try:
        length = parse_int(parts[2], _("the stage's length"))
    except Refused as e:
        raise argparse.ArgumentTypeError(str(e)) from None
    return Stage(parts[0].strip(), parts[1].strip(), length,
                 *(p.strip() for p in parts[3:]))


def _rations(text: str) -> int:
    """What the GM says a day of foraging found: 1 or more rations."""
    try:
        n = parse_int(text, _("the rations found"))
    except Refused as e:
        raise argparse.ArgumentTypeError(str(e)) from None
    if n < 1:
        raise argparse.ArgumentTypeError(_("found: 1 or more rations (--nothing for none)"))
    return n


def _yes_no(text: str) -> bool:
    if text.lower() in ("yes", "y", "on", "true"):
        return True
    if text.lower() in ("no", "n", "off", "false"):
        return False
    raise argparse.ArgumentTypeError(_("expected yes or no (got {text!r})").format(text=text))


ACTIONS = (
    Action("travel", N_("travel a day (several with --days: they stop at an encounter, getting "
           "lost, rest due or running out of food); D&D: --hours for a stage"),
           (arg("--days", type=int, default=1), arg("--hours", type=int, default=0),
            arg("--forced", action="store_true", help=N_("forced march (then a rest day)")),
            arg("--forage", action="store_true", help=N_("forage on the way")),
            arg("--no-camp", action="store_true",
                help=N_("D&D: a stage; the day goes on (make camp later)")),
            arg("--push-on", action="store_true",
                help=N_("travel although a forced march's rest day is owed")),
            arg("--current", choices=("with", "against"), default="",
                help=N_("afloat on a river: with or against the current")),
            arg("--headwind", action="store_true", help=N_("D&D, afloat: into a strong wind")),
            arg("--gallop", action="store_true", help=N_("D&D, riding: the mounts' doubled hour"))),
           lambda a, c: tr.TravelDay(a.days, a.hours, a.forced, a.forage, not a.no_camp,
                                     a.push_on, a.current, a.headwind, a.gallop)),
    Action("embark", N_("go aboard VESSEL (D&D: a vessel of the ruleset; Dyb & Drager: the "
           "ship's --rate in feet); --oars rowed, --coast land in sight, --water TERRAIN"),
           (arg("vessel", names="travel.sea.vessels.*"), arg("--rate", type=int, default=0),
            arg("--oars", action="store_true"), arg("--coast", action="store_true"),
            arg("--water", default="", names="travel.terrains.*", help=N_("a water terrain (river, ocean...)"))),
           lambda a, c: tr.Embark(a.vessel, a.rate, a.oars, a.coast, a.water)),
    Action("disembark", N_("go ashore onto TERRAIN [--place NAME]"),
           (arg("terrain", names="travel.terrains.*"), arg("--place", default=None)),
           lambda a, c: tr.Disembark(a.terrain, a.place)),
    Action("gale", N_("a gale blows: ride_out, run (--coast: driven onto one) or unsailed "
           "(--clear-coast: land in sight is clear terrain, so it lands first; otherwise "
           "in sight of land a beach roll comes first); --pilot N the Piloting margin"),
           (arg("choice"), arg("--pilot", type=int, default=0),
            arg("--coast", action="store_true"), arg("--clear-coast", action="store_true")),
           lambda a, c: tr.Gale(a.choice, a.pilot, a.coast, a.clear_coast)),
    Action("mount", N_("ride ANIMAL (--rate FEET where the ruleset has no rate; --flying)"),
           (arg("animal", names="travel.mounts.animals.*"), arg("--rate", type=int, default=0),
            arg("--flying", action="store_true")),
           lambda a, c: tr.Mount(a.animal, a.rate, a.flying)),
    Action("dismount", N_("go on foot again"), (), lambda a, c: tr.Dismount()),
    Action("terrain", N_("where the party is: TERRAIN [--road ID|none] [--place NAME] [--hex ID]"),
           (arg("terrain", nargs="?", names="travel.terrains.*"),
            arg("--road", default=None, names="travel.routes.*"),
            arg("--place", default=None), arg("--hex", default=None)),
           lambda a, c: tr.SetTerrain(a.terrain, a.road, a.place, a.hex)),
    Action("route", N_("plan the route: stages PLACE:TERRAIN:LENGTH[:ROAD[:HEX]] (miles, or "
           "hexes where terrain costs travel points); none clears it"),
           (arg("stages", nargs="*", type=_stage),),
           lambda a, c: tr.PlanRoute(tuple(s for s in a.stages if s is not None))),
    Action("pace", N_("D&D: set the pace (slow, normal, fast)"),
           (arg("pace", names="travel.paces.*"),),
           lambda a, c: tr.SetPace(a.pace)),
    Action("guide", N_("a guide leads (yes/no); --navigator NAME makes the navigation checks"),
           (arg("guide", type=_yes_no), arg("--navigator", default="")),
           lambda a, c: tr.SetGuide(a.guide, a.navigator)),
    Action("camp", N_("D&D: make camp after a stage; the night passes"), (),
           lambda a, c: tr.MakeCamp()),
    Action("rest-day", N_("a day of rest on the road (pays back rest debt)"), (),
           lambda a, c: tr.RestDay()),
    Action("forage", N_("a whole day foraging near camp (--found N rations / --nothing where "
           "the GM decides)"),
           (arg("--found", type=_rations, default=None, metavar="N"),
            arg("--nothing", dest="found", action="store_const", const=0)),
           lambda a, c: tr.ForageDay() if a.found is None
           else tr.ForageDay(bool(a.found), a.found)),
    Action("hunt", N_("a whole day hunting (--found / --nothing where the GM decides; "
           "--found N rations where the ruleset has no hunting rule)"),
           (arg("--found", type=_rations, nargs="?", const=-1, default=None, metavar="N"),
            arg("--nothing", dest="found", action="store_const", const=0)),
           lambda a, c: tr.Hunt() if a.found is None
           else tr.Hunt(bool(a.found), max(a.found, 0))),
    Action("weather", N_("roll the weather, or enter it: TEXT [--effects I,V,W]"),
           (arg("text", nargs="?", default=""), arg("--effects", default="")),
           lambda a, c: tr.SetWeather(a.text, tuple(x for x in a.effects.split(",") if x))
           if a.text or a.effects else tr.RollWeather()),
    Action("lost", N_("while lost: the real heading and the one the party believes"),
           (arg("heading"), arg("--believed", default="")),
           lambda a, c: tr.SetHeading(a.heading, a.believed)),
    Action("found", N_("the party knows where it is again (--place, --terrain, --hex)"),
           (arg("--place", default=None), arg("--terrain", default=None),
            arg("--hex", default=None)),
           lambda a, c: tr.Found(a.place, a.terrain, a.hex)),
    Action("encounter", N_("an extra encounter check on the road (D&D: the GM's encounter: "
           "its distance)"), (), lambda a, c: tr.RollEncounter()),
    Action("water", N_("D&D: gallons of water carried"), (arg("gallons", type=int),),
           lambda a, c: tr.SetWater(a.gallons)),
)
