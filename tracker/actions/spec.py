"""How an action is declared: its name, help, arguments and the command it builds."""

from __future__ import annotations

import argparse
from dataclasses import dataclass, field
from typing import Any, Callable

from ..i18n import _
from ..core.numbers import NotANumber, parse_int, parse_ints
from ..core.terms import key_named


class Usage(Exception):
    """A usage error found after parsing (exit 2)."""


@dataclass(frozen=True)
class Arg:
    flags: tuple[str, ...]
    options: dict[str, Any] = field(default_factory=dict)


def arg(*flags: str, **options: Any) -> Arg:
    """One argument, as argparse's ``add_argument`` takes it."""
    return Arg(flags, options)


@dataclass(frozen=True)
class Action:
    """``tracker do NAME <name> ...``: ``build(args, campaign)`` makes the command."""

    name: str
    help: str
    args: tuple[Arg, ...]
    build: Callable[[argparse.Namespace, Any], Any]
    # False where --dice are part of the command (amend's retyped dice), not dice
    # for the command to roll with
    rolls_dice: bool = True

    def add_to(self, parser: argparse.ArgumentParser, rules=None) -> None:
        """Its arguments, their help in the language of the moment (marked N_);
        with ``rules`` (the campaign's, where the help is for one), a
        ``metavar_of(rules)`` names what depends on them (D&D 2024's order of
        the abilities is not B/X's: gm-review7 C10)."""
        for a in self.args:
            options = dict(a.options)
            options.pop("names", None)
            metavar_of = options.pop("metavar_of", None)
            if metavar_of is not None and rules is not None and (said := metavar_of(rules)):
                options["metavar"] = said
            shown = options.get("help")
            if shown:
                options["help"] = _(shown)
            if options.get("type") is int:  # ASCII digits, never int()'s Unicode ones
                options["type"] = whole_number
            parser.add_argument(*a.flags, **options)


    def named(self, args: argparse.Namespace, rules) -> None:
        """Each argument that names a thing of the ruleset (``names="supplies.*"``)
        as its id: a Danish GM types "fakler", a Ukrainian "смолоскип"."""
        for a in self.args:
            pattern = a.options.get("names")
            if not pattern:
                continue
            dest = a.options.get("dest") or a.flags[0].lstrip("-").replace("-", "_")
            typed = getattr(args, dest, None)
            if isinstance(typed, str) and typed:
                setattr(args, dest, key_named(rules, pattern, typed))


def whole_number(text: str) -> int:
    """An argument's whole number: ASCII digits (``٣`` is refused), at most 18 of them."""
    try:
        return parse_int(text)
    except NotANumber as e:
        raise argparse.ArgumentTypeError(e.problem) from None


def ints(text: str) -> list[int]:
    """Whole numbers separated by commas, e.g. 3,5 (for --dice and --abilities)."""
    try:
        values = parse_ints(text)
    except NotANumber as e:
        raise argparse.ArgumentTypeError(
            _("expected whole numbers separated by commas, e.g. 3,5 ({problem})").format(
                problem=e)) from None
    if not values:
        raise argparse.ArgumentTypeError(_("expected at least one number"))
    return values
