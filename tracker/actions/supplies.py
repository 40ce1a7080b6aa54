"""Supplies: torches, oil, rations."""

import argparse

from ..core import supplies
from ..i18n import N_, _
from ..core.errors import Refused
from ..core.numbers import parse_int
from .spec import Action, arg


def _count(text: str) -> tuple[int, bool]:
    """N sets the count; +N and -N add or remove."""
    try:
        return parse_int(text, N_("the count")), text.strip().startswith(("+", "-"))
    except Refused as e:
        raise argparse.ArgumentTypeError(_("expected a number, +N or -N ({problem})").format(
            problem=e)) from None


ACTIONS = (
    Action("supplies", N_("set a supply: KIND N, or add/remove with +N / -N"),
           (arg("kind", names="supplies.*"), arg("count", type=_count)),
           lambda a, c: supplies.SetSupplies(a.kind, a.count[0], a.count[1])),
    Action("malnutrition", N_("roll the malnutrition saves the party owes (a day begun "
                              "short of food, where the ruleset has the rule)"), (),
           lambda a, c: supplies.RollMalnutrition()),
)
