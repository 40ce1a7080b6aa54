"""A hasty exit's fate in words, made when shown (issue 23).

The state keeps which row of the Doom table a failed save met (its place),
whether the character is of the party and whether their hit points are
tracked; the fold makes no text. Here the row becomes the GM's words in the
language shown: the fate (``[names.xx] "dungeon.hasty_exit.doom.3.result"``),
what the tracker did to the sheet, and what the GM must apply by hand.
"""

from __future__ import annotations

from ...i18n import _, pgettext
from ..terms import term
from .model import DoomFate, ExitResult


def fate_of(rules, r: ExitResult) -> DoomFate | None:
    """The row of ``rules``' Doom table the exit's fate is, or None (saved)."""
    h = rules.dungeon.hasty_exit
    return h.doom[r.row] if h is not None and 0 <= r.row < len(h.doom) else None


def applies(fate: DoomFate, r: ExitResult) -> bool:
    """Whether the fate changes the sheet: a deadly one marks a party member
    dead, one that sets hit points sets those of a tracked character."""
    return fate.dies and r.on_sheet or fate.hp is not None and r.tracked


def fate_text(rules, r: ExitResult) -> str:
    """"escaped at 1 HP": the fate as the Doom table words it, or ''."""
    fate = fate_of(rules, r)
    if fate is None:
        return ""
    return term(rules, f"dungeon.hasty_exit.doom.{r.row}.result", fate.result)


def applied_text(rules, r: ExitResult) -> str:
    """What the tracker did to the sheet ("dead", "HP set to 1"), or ''."""
    fate = fate_of(rules, r)
    if fate is None or not applies(fate, r):
        return ""
    if fate.dies:
        return pgettext("a Doom fate done to the sheet", "dead")
    return _("HP set to {hp}").format(hp=fate.hp)


def for_the_gm(rules, r: ExitResult) -> str:
    """What of the fate the GM must apply by hand ("HP to 1, lost 1d6 items"),
    or '': hit points the tracker does not track, the row's ``gm`` text, and a
    fate the tracker applies nothing of as a whole."""
    fate = fate_of(rules, r)
    if fate is None:
        return ""
    key = f"dungeon.hasty_exit.doom.{r.row}"
    # each said to the GM as an instruction ("set HP to 1; lower a random
    # ability by 1"), after the fate itself (GM review 5 C8: never the fate again)
    untracked = _("set HP to {hp}").format(hp=fate.hp) if fate.hp is not None \
        and not r.tracked else ""
    own = term(rules, f"{key}.gm", fate.gm) if fate.gm else \
        "" if fate.hp is not None or fate.dies else \
        _("decide what the fate means for the character")
    return "; ".join(x for x in (untracked, own) if x)
