"""Dice expressions, rolls and dice sources.

Grammar (whitespace ignored, case-insensitive)::

    expr   := term (('+' | '-') term)*
    term   := atom ('*' INT)?
    atom   := INT | dice
    dice   := INT? 'd' (INT | '%') (('kh' | 'kl') INT)?

and chances ``X-in-Y`` (roll 1dY; 1..X succeeds). No ``eval``: a small
recursive-descent parser builds a tuple of terms, and a bad expression is
refused with the position of the problem.

Dice come from a source passed in, so the core never touches global random:
``SeededDice`` (reproducible per campaign and log position), ``ScriptedDice``
(values typed by the GM or given with ``--dice``, falling back to another
source) and ``ManualDice`` (asks for every die by raising ``DiceNeeded``).
"""

from __future__ import annotations

import random
import re
from functools import lru_cache
from typing import Callable, Protocol

import msgspec

from ..i18n import N_, _, die_letter, every_keep_word, keep_words, ngettext, number
from ..i18n import dice as lettered
from .errors import Refused

MAX_DICE = 1000
MAX_SIDES = 10_000


class DiceError(Refused):
    """A dice expression or a typed die value that cannot be used."""


def shown(text, limit: int = 40) -> str:
    """``text`` quoted for a message, cut short when long."""
    t = str(text)
    if len(t) <= limit:
        return repr(t)
    n = len(t)
    return repr(t[:limit]) + "… (" + ngettext("{n} character", "{n} characters", n).format(
        n=number(n)) + ")"


class DiceGroup(msgspec.Struct, frozen=True):
    """``count`` dice of ``sides``; keep the highest/lowest ``keep`` if set."""

    count: int
    sides: int
    keep: str = ""  # "", "kh" or "kl"
    keep_n: int = 0


class Term(msgspec.Struct, frozen=True):
    """One signed term: a dice group or a constant, times a multiplier."""

    sign: int
    group: DiceGroup | None
    constant: int = 0
    multiplier: int = 1


class DiceExpr(msgspec.Struct, frozen=True):
    text: str
    terms: tuple[Term, ...]

    @property
    def groups(self) -> tuple[DiceGroup, ...]:
        return tuple(t.group for t in self.terms if t.group is not None)

    def bounds(self) -> tuple[int, int]:
        """The lowest and highest total this expression can give."""
        lo = hi = 0
        for t in self.terms:
            if t.group is None:
                a = b = t.constant
            else:
                n = t.group.keep_n if t.group.keep else t.group.count
                a, b = n, n * t.group.sides
            a, b = a * t.multiplier * t.sign, b * t.multiplier * t.sign
            lo, hi = lo + min(a, b), hi + max(a, b)
        return lo, hi

    def __str__(self) -> str:
        return self.text


class Chance(msgspec.Struct, frozen=True):
    """``x``-in-``y``: a roll of 1..x on a dy succeeds."""

    x: int
    y: int

    def __str__(self) -> str:
        return f"{self.x}-in-{self.y}"

    def hits(self, roll: int) -> bool:
        return roll <= self.x


class Roll(msgspec.Struct, frozen=True, omit_defaults=True, gc=False):
    """A roll as recorded in an event: the expression, every die, the total."""

    expr: str
    dice: tuple[int, ...]
    total: int
    typed: bool = False  # True when the GM typed the dice in


# The seeds write a die with their own letter: Danish "3t6" (terning),
# Ukrainian "1к6" (кубик). Typed, each reads as "d"; recorded, the
# expression holds "d".
# A letter with no sides after it ("2t", "2t+1") is a die too: its error
# then asks for the sides, as "2d" does.
_SEEDS_DIE_LETTERS = re.compile(r"(?<![a-zа-яґєії])[tк](?=\s*(?:[0-9]|%|[-+*]|$))",
                                re.IGNORECASE)
# what a die keeps, as any language writes it (4к6зв3 is 4d6kh3): after the
# die's sides, before the count
_KEEP_TYPED = re.compile(r"(?<=[0-9])([^\W\d_]{2})(?![^\W\d_])")


def _canonical(text: str) -> str:
    """``text`` with a die's letter and its keep words as recorded: d, kh, kl."""
    words = every_keep_word()

    def keep(m: re.Match) -> str:
        typed = m.group(1)
        return typed if typed.lower() in ("kh", "kl") else words.get(typed.lower(), typed)
    return _KEEP_TYPED.sub(keep, _SEEDS_DIE_LETTERS.sub("d", text))


def _keep_word(keep: str) -> str:
    """"kh" or "kl" as the GM's language writes it."""
    return dict(zip(("kh", "kl"), keep_words())).get(keep, keep)


class _Parser:
    def __init__(self, text: str):
        self.text = text  # as typed, for the messages
        self.src = _canonical(text).lower()
        self.pos = 0

    def fail(self, what: str) -> DiceError:
        """One line: what is wrong (already in the GM's language), at which
        position (1 = the first character)."""
        return DiceError(_("bad dice expression {text}: {problem} at position {pos}").format(
            text=shown(self.text), problem=what, pos=self.pos + 1))

    def skip_ws(self) -> None:
        while self.pos < len(self.src) and self.src[self.pos].isspace():
            self.pos += 1

    def peek(self) -> str:
        self.skip_ws()
        return self.src[self.pos] if self.pos < len(self.src) else ""

    def number(self, expected: str, too_large: str, **names) -> int:
        """A number; ``expected`` and ``too_large`` (marked with N_, formatted
        with ``names`` only when shown) say what is wrong when there is none,
        or one of more than 7 digits."""
        self.skip_ws()
        start = self.pos
        while self.pos < len(self.src) and self.src[self.pos] in "0123456789":
            self.pos += 1
        if start == self.pos:
            raise self.fail(_(expected).format(**names))
        if self.pos - start > 7:
            self.pos = start
            raise self.fail(_(too_large).format(**names))
        return int(self.src[start:self.pos])

    def expr(self) -> DiceExpr:
        if not self.src.strip():
            raise self.fail(_("empty expression"))
        terms = [self.term(1)]
        while (c := self.peek()) in ("+", "-"):
            self.pos += 1
            terms.append(self.term(1 if c == "+" else -1))
        if self.peek():
            raise self.fail(_("unexpected {char}").format(char=repr(self.src[self.pos])))
        if sum(t.group.count for t in terms if t.group) > MAX_DICE:
            raise DiceError(ngettext("bad dice expression {text}: more than {n} die",
                                     "bad dice expression {text}: more than {n} dice",
                                     MAX_DICE).format(text=shown(self.text), n=MAX_DICE))
        return DiceExpr(_canonical(self.text).strip(), tuple(terms))

    def term(self, sign: int) -> Term:
        group, constant = None, 0
        if self.peek() == "d":
            group = self.dice(1)
        else:
            # the die's letter as the GM's language writes it (Danish 2t6: gm-review7 C7)
            n = self.number(N_("expected a number or '{die}'"),
                            N_("a number or '{die}' is too large"), die=die_letter())
            if self.peek() == "d":
                if n == 0:
                    self.pos -= 1
                    raise self.fail(_("zero dice"))
                group = self.dice(n)
            else:
                constant = n
        multiplier = 1
        if self.peek() == "*":
            self.pos += 1
            multiplier = self.number(N_("expected a multiplier after '*'"),
                                     N_("a multiplier after '*' is too large"))
        return Term(sign, group, constant, multiplier)

    def dice(self, count: int) -> DiceGroup:
        self.pos += 1  # the 'd'
        if self.peek() == "%":
            self.pos += 1
            sides = 100
        else:
            sides = self.number(N_("expected the number of sides after '{die}'"),
                                N_("the number of sides after '{die}' is too large"),
                                die=die_letter())
            if sides < 2 or sides > MAX_SIDES:
                self.pos -= len(str(sides))
                raise self.fail(_("a die needs 2 to {most} sides").format(most=MAX_SIDES))
        keep, keep_n = "", 0
        if self.src.startswith(("kh", "kl"), self.pos):
            keep = self.src[self.pos:self.pos + 2]
            self.pos += 2
            keep_n = self.number(N_("expected how many dice to keep after '{keep}'"),
                                 N_("how many dice to keep after '{keep}' is too large"),
                                 keep=_keep_word(keep))
            if not 1 <= keep_n <= count:
                self.pos -= len(str(keep_n))
                raise self.fail(ngettext("can keep 1 to {n} of {n} dice",
                                         "can keep 1 to {n} of {n} dice", count).format(n=count))
        elif self.src.startswith("k", self.pos):
            raise self.fail(_("expected '{high}' or '{low}'").format(
                high=_keep_word("kh"), low=_keep_word("kl")))
        return DiceGroup(count, sides, keep, keep_n)


def parse(text: str) -> DiceExpr:
    """Parse a dice expression such as ``2d6*10`` or ``2d20kh1+3`` (or the
    seeds' ``2t6``, ``2к6``)."""
    if not isinstance(text, str):
        raise DiceError(_("bad dice expression {text}: not text").format(text=shown(text)))
    if len(text) > 200:
        raise DiceError(ngettext("bad dice expression {text}: longer than {n} character",
                                 "bad dice expression {text}: longer than {n} characters",
                                 200).format(text=shown(text), n=200))
    return _parse(text)


def dice_times(text: str, times: int) -> str:
    """``text`` with every group's dice rolled ``times`` over, its constants as
    they were: a critical hit's damage (``2d6+3`` twice is ``4d6+3``)."""
    return _regrouped(text, lambda n: n * times)


def dice_divided(text: str, times: int) -> str | None:
    """``dice_times`` undone: the expression a critical hit's ``text`` was rolled
    ``times`` over from (``4d6+3`` over 2 is ``2d6+3``), or None where a group's
    dice do not divide (the ruleset's number changed since it was rolled)."""
    return _regrouped(text, lambda n: None if n % times else n // times)


def _regrouped(text: str, count: Callable[[int], int | None]) -> str | None:
    """``text`` with each group's dice (and kept dice) counted anew by ``count``,
    its constants as they were; None where ``count`` gives None for one."""
    expr = parse(text)
    out = []
    for i, t in enumerate(expr.terms):
        if t.group is None:
            part = str(t.constant)
        else:
            g = t.group
            n, kept = count(g.count), count(g.keep_n) if g.keep else 0
            if n is None or kept is None:
                return None
            part = f"{n}d{g.sides}" + (f"{g.keep}{kept}" if g.keep else "")
        if t.multiplier != 1:
            part += f"*{t.multiplier}"
        out.append(("-" if t.sign < 0 else "+" if i else "") + part)
    return parse("".join(out)).text  # checked again: more dice stay within MAX_DICE


class _Keeping:
    """The dice of ``old`` group by group where they stand, then ``source``'s."""

    def __init__(self, old: Roll, source):
        was, at, self.kept = parse(old.expr), 0, []
        for g in was.groups:
            self.kept.append((g.sides, old.dice[at:at + g.count]))
            at += g.count
        self.source, self.typed, self.index = source, old.typed, 0

    def faces(self, group: DiceGroup, label: str) -> tuple[tuple[int, ...], bool]:
        sides, have = self.kept[self.index] if self.index < len(self.kept) else (0, ())
        self.index += 1
        have = have[:group.count] if sides == group.sides else ()
        if len(have) == group.count:
            return have, self.typed
        more, typed = self.source.faces(DiceGroup(group.count - len(have), group.sides), label)
        return have + more, typed or (self.typed and bool(have))


def roll_keeping(expr: str, old: Roll, source, label: str = "") -> Roll:
    """Roll ``expr`` keeping ``old``'s dice where its groups had them (the same
    die, in order), the dice it adds from ``source``: a damage roll corrected
    into a critical hit keeps the dice rolled and rolls the extra ones; out of
    one, it keeps the first of each group."""
    if isinstance(source, ScriptedDice):
        source.current_expr = parse(expr).text  # what a GM rolling by hand is asked about
    return roll(expr, _Keeping(old, source), label)


@lru_cache(maxsize=256)
def _parse(text: str) -> DiceExpr:
    return _Parser(text).expr()


@lru_cache(maxsize=256)
def parse_chance(text: str) -> Chance:
    """Parse ``X-in-Y`` (e.g. ``1-in-6``)."""
    parts = str(text).strip().lower().split("-in-")
    if len(parts) != 2 or not all(re.fullmatch(r"\s*[0-9]{1,7}\s*", p) for p in parts):
        raise DiceError(_("bad chance {text}: expected X-in-Y, e.g. 1-in-6").format(
            text=shown(text)))
    x, y = (int(p) for p in parts)
    if not 2 <= y <= MAX_SIDES or not 0 <= x <= y:
        raise DiceError(_("bad chance {text}: X must be 0..Y and Y from 2 to {most}").format(
            text=shown(text), most=MAX_SIDES))
    return Chance(x, y)


def chance_text(chance) -> str:
    """A chance as the GM's language writes it: "1-in-6", Danish "1:6" (seed
    000: "3:6 på 1t6"), Ukrainian "1 з 6". ``chance``: a ``Chance`` or a
    ruleset's "X-in-Y" text (anything else is shown as it is). For the GM's
    eyes only: ``str(Chance)`` stays the data's "X-in-Y"."""
    if not isinstance(chance, Chance):
        try:
            chance = parse_chance(chance)
        except DiceError:
            return str(chance)
    # TRANSLATORS: a chance on a die, "1-in-6": it happens on 1 to x of a dy
    return _("{x}-in-{y}").format(x=chance.x, y=chance.y)


# --- dice sources -----------------------------------------------------------


class DiceSource(Protocol):
    def faces(self, group: DiceGroup, label: str) -> tuple[tuple[int, ...], bool]:
        """Return the faces of ``group.count`` dice and whether they were typed in."""


class SeededDice:
    """Reproducible dice: the campaign's seed and the log position fix every roll."""

    def __init__(self, seed: int | str):
        self._seed = str(seed)
        self._rng: random.Random | None = None  # seeded on the first roll: most keys roll none

    def faces(self, group: DiceGroup, label: str) -> tuple[tuple[int, ...], bool]:
        rng = self._rng
        if rng is None:
            rng = self._rng = random.Random(self._seed)
        if group.count == 1:  # a check, a d20: the same die as the loop's, without it
            return (rng.randint(1, group.sides),), False
        return tuple(rng.randint(1, group.sides) for _ in range(group.count)), False


class DiceNeeded(Exception):
    """Raised by ``ManualDice`` when the GM must type the next dice."""

    def __init__(self, group: DiceGroup, label: str, expr: str):
        super().__init__(_("{what}: roll {dice}").format(
            what=label, dice=lettered(f"{group.count}d{group.sides}")))
        self.group, self.label, self.expr = group, label, expr


class ScriptedDice:
    """Dice the GM typed in, one value per die in the order the action rolls them.

    When the values run out, ``fallback`` rolls the rest (``None``: raise
    ``DiceNeeded`` so the UI can ask).
    """

    def __init__(self, values: list[int] | tuple[int, ...], fallback: DiceSource | None = None,
                 typed: bool = True):
        self.values = list(values)
        self.used = 0
        self.fallback = fallback
        self.current_expr = ""
        self.typed = typed  # False: rolled by tracker beforehand (e.g. shown before a choice)

    def faces(self, group: DiceGroup, label: str) -> tuple[tuple[int, ...], bool]:
        left = len(self.values) - self.used
        if left <= 0 and self.fallback is not None:
            return self.fallback.faces(group, label)
        if left < group.count:
            if self.fallback is None:
                raise DiceNeeded(group, label, self.current_expr)
            raise DiceError(ngettext("{what}: {dice} needs {n} dice, only {left} given",
                                     "{what}: {dice} needs {n} dice, only {left} given",
                                     group.count).format(
                what=label, dice=lettered(f"{group.count}d{group.sides}"), n=group.count,
                left=left))
        out = tuple(self.values[self.used:self.used + group.count])
        for i, v in enumerate(out):
            if not 1 <= v <= group.sides:
                raise DiceError(_("{what}: die {i} is {value}, not possible on a {die} "
                                  "(1-{sides})").format(
                    what=label, i=self.used + i + 1, value=v, die=lettered(f"d{group.sides}"),
                    sides=group.sides))
        self.used += group.count
        return out, self.typed

    def unused(self) -> int:
        return len(self.values) - self.used


def ManualDice(values: list[int] | tuple[int, ...] = ()) -> ScriptedDice:
    """Every die typed by the GM: asks (``DiceNeeded``) when values run out."""
    return ScriptedDice(values, fallback=None)


def roll(expr: DiceExpr | str, source: DiceSource, label: str = "") -> Roll:
    """Roll ``expr`` with dice from ``source`` and record every die."""
    if isinstance(expr, str):
        expr = parse(expr)
    if isinstance(source, ScriptedDice):
        source.current_expr = expr.text
    all_dice: list[int] = []
    total = 0
    typed = False
    for t in expr.terms:
        if t.group is None:
            value = t.constant
        else:
            faces, was_typed = source.faces(t.group, label or expr.text)
            typed = typed or was_typed
            all_dice.extend(faces)
            kept = faces
            if t.group.keep == "kh":
                kept = sorted(faces, reverse=True)[:t.group.keep_n]
            elif t.group.keep == "kl":
                kept = sorted(faces)[:t.group.keep_n]
            value = sum(kept)
        total += t.sign * value * t.multiplier
    return Roll(expr.text, tuple(all_dice), total, typed)


def total_of(expr: DiceExpr | str, dice: tuple[int, ...]) -> int:
    """Recompute a total from recorded dice (used when the GM corrects a die)."""
    return roll(expr, ScriptedDice(dice)).total


def rolls_in(obj) -> list[Roll]:
    """Every roll recorded in an event (or any Struct), in the order rolled."""
    out: list[Roll] = []

    def walk(x):
        if isinstance(x, Roll):
            out.append(x)
        elif isinstance(x, (tuple, list)):
            for y in x:
                walk(y)
        elif isinstance(x, msgspec.Struct):
            for f in x.__struct_fields__:
                walk(getattr(x, f))

    walk(obj)
    return out


def roll_problem(r: Roll) -> str:
    """What is inconsistent in a recorded roll (dice the expression cannot
    show, too many or too few, a total the dice do not make), or ""."""
    try:
        source = ScriptedDice(list(r.dice))
        again = roll(parse(r.expr), source)
    except Exception as e:  # DiceError, DiceNeeded: the record is what is wrong
        return str(e)
    if source.unused():
        return ngettext("{n} dice recorded where {expr} rolls {rolls}",
                        "{n} dice recorded where {expr} rolls {rolls}", len(r.dice)).format(
            n=len(r.dice), expr=lettered(r.expr), rolls=len(again.dice))
    if again.total != r.total:
        return _("the dice {dice} make {total}, not {recorded}").format(
            dice=list(r.dice), total=again.total, recorded=r.total)
    return ""
