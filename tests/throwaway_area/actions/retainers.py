"""Retainers: hire one, pay their wages."""

from ..core import retainers
from .spec import Action, arg

ACTIONS = (
    Action("hire", "hire NAME at --wage N gold a day",
           (arg("who"), arg("--wage", type=int, required=True)),
           lambda a, c: retainers.Hire(a.who, a.wage)),
    Action("pay", "pay NAME's wages owed", (arg("who"),),
           lambda a, c: retainers.PayWages(a.who)),
)
