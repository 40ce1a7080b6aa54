"""Dice: the parser, its errors, rolls recorded die by die, and dice sources."""

import pytest
from hypothesis import given, strategies as st

from tracker.core import dice
from tracker.core.dice import DiceError, DiceNeeded, ManualDice, ScriptedDice, SeededDice


@pytest.mark.parametrize("text,lo,hi", [
    ("1d6", 1, 6), ("d6", 1, 6), ("2d6*10", 20, 120), ("d%", 1, 100), ("3d6+2", 5, 20),
    ("1d4-1", 0, 3), ("2d20kh1", 1, 20), ("4d6kl3", 3, 18), ("7", 7, 7), ("1d8 + 1d4 * 2", 3, 16),
    ("1D6", 1, 6),
])
def test_bounds(text, lo, hi):
    assert dice.parse(text).bounds() == (lo, hi)


@pytest.mark.parametrize("text,pos,what", [
    ("", 1, "empty"), ("2d", 3, "number of sides"), ("2x6", 2, "unexpected 'x'"),
    ("d1", 2, "2 to"), ("2d6*", 5, "multiplier"), ("3d6kh4", 6, "keep 1 to 3"),
    ("2d6k1", 4, "'kh' or 'kl'"), ("1d6+", 5, "a number or 'd'"), ("0d6", 1, "zero dice"),
    ("2d6 10", 5, "unexpected '1'"),
])
def test_bad_expressions_name_the_position(text, pos, what):
    with pytest.raises(DiceError) as e:
        dice.parse(text)
    assert f"position {pos}" in str(e.value)
    assert what in str(e.value)


def test_too_many_dice_refused():
    with pytest.raises(DiceError, match="more than"):
        dice.parse("1001d6")


def test_roll_records_every_die_and_keep_highest():
    r = dice.roll("2d20kh1+3", ScriptedDice([4, 17]))
    assert r.dice == (4, 17) and r.total == 20 and r.typed


def test_multiplier_and_keep_lowest():
    assert dice.roll("2d6*10", ScriptedDice([3, 4])).total == 70
    assert dice.roll("4d6kl3", ScriptedDice([6, 1, 2, 3])).total == 6


def test_scripted_dice_refuse_impossible_values():
    with pytest.raises(DiceError, match="die 2 is 7, not possible on a d6"):
        dice.roll("2d6", ScriptedDice([3, 7]))


def test_scripted_dice_fall_back_to_seed_when_exhausted():
    src = ScriptedDice([2], fallback=SeededDice(1))
    a = dice.roll("1d6", src)
    b = dice.roll("1d6", src)
    assert a.dice == (2,) and a.typed and not b.typed


def test_manual_dice_ask_for_what_is_missing():
    with pytest.raises(DiceNeeded) as e:
        dice.roll("2d6*10", ManualDice([5]), "distance")
    assert e.value.group.count == 2 and e.value.group.sides == 6 and e.value.expr == "2d6*10"


def test_seeded_dice_reproducible():
    a = [dice.roll("3d6", SeededDice("x:5")).dice for _ in range(1)]
    b = [dice.roll("3d6", SeededDice("x:5")).dice for _ in range(1)]
    assert a == b


@pytest.mark.parametrize("text,ok", [("1-in-6", True), ("2-in-6", True), ("0-in-6", True),
                                     ("7-in-6", False), ("1in6", False), ("a-in-6", False)])
def test_chances(text, ok):
    if ok:
        c = dice.parse_chance(text)
        assert c.hits(c.x) if c.x else not c.hits(1)
    else:
        with pytest.raises(DiceError):
            dice.parse_chance(text)


exprs = st.builds(
    lambda n, s, k, c, m: f"{n}d{s}" + (f"kh{k}" if k and k <= n else "") + f"+{c}" + (f"*{m}" if m > 1 else ""),
    st.integers(1, 6), st.sampled_from([4, 6, 8, 10, 12, 20, 100]), st.integers(0, 3),
    st.integers(0, 5), st.integers(1, 10))


@given(exprs, st.integers(0, 10_000))
def test_rolls_stay_within_bounds(text, seed):
    e = dice.parse(text)
    r = dice.roll(e, SeededDice(seed))
    lo, hi = e.bounds()
    assert lo <= r.total <= hi
    assert dice.total_of(e, r.dice) == r.total
