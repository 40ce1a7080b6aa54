"""Fuzzing the ``tracker`` command in-process (issue 9).

Hypothesis generates command lines (actions, numbers huge and negative, odd
strings, unicode, markup), dice expressions, house rules and mutated ruleset
files. Every call must exit 0, 1 or 2, never with an internal error or a
traceback, within a per-example deadline; a refused command (exit 1 or 2)
leaves the campaign's log as it was (same head seq, same files).

CI runs a few dozen examples per test. A long run:

    FUZZ_EXAMPLES=5000 .venv/bin/python -m pytest tests/test_fuzz.py -s -p no:randomly

prints the figures (inputs, internal errors, slowest input) at the end.
"""

from __future__ import annotations

import contextlib
import io
import os
import re
import shutil
import tempfile
import time
import tomllib
from datetime import timedelta
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from tracker.cli import ACTIONS, main
from tracker.core import dice
from tracker.core.ruleset import RulesetError, load_text
from tracker.store.sqlite import EventStore

ROOT = Path(__file__).resolve().parents[1]
EXAMPLES = int(os.environ.get("FUZZ_EXAMPLES", "0")) or None
LONG = EXAMPLES is not None
CALL_SECONDS = 2.0  # what one call should take at most; the deadline adds slack

STATS = {"inputs": 0, "internal_errors": 0, "slowest": (0.0, [])}
FAILURES: list[str] = []


def fuzz_settings(examples: int, calls_per_example: int = 1):
    return settings(
        max_examples=EXAMPLES or examples,
        # a loaded CI machine must not flake: the deadline is loose, the figure is printed
        deadline=timedelta(seconds=CALL_SECONDS * calls_per_example * 3),
        derandomize=not LONG,
        database=None,
        suppress_health_check=[HealthCheck.too_slow, HealthCheck.filter_too_much,
                               HealthCheck.data_too_large],
    )


# --- running one command line --------------------------------------------------------------


def call(saves: Path, argv: list[str]) -> tuple[int, str, str]:
    out, err = io.StringIO(), io.StringIO()
    t0 = time.perf_counter()
    with contextlib.redirect_stdout(out), contextlib.redirect_stderr(err):
        try:
            code = main(["--saves", str(saves), *argv])
        except SystemExit as e:  # argparse: usage (2) or --help (0)
            code = e.code if isinstance(e.code, int) else (0 if e.code is None else 2)
    took = time.perf_counter() - t0
    STATS["inputs"] += 1
    if took > STATS["slowest"][0]:
        STATS["slowest"] = (took, argv)
    text = err.getvalue()
    if code == 70 or "Traceback" in text or "internal error" in text:
        STATS["internal_errors"] += 1
        FAILURES.append(f"{argv!r}: {text.strip()[:2000]}")
    return code, out.getvalue(), text


def head(saves: Path, name: str) -> int | None:
    path = saves / f"{name}.campaign"
    if not path.exists():
        return None
    store = EventStore.open(path)
    try:
        return store.head()
    finally:
        store.close()


def files(saves: Path) -> set[str]:
    return {p.name for p in saves.iterdir() if p.suffix == ".campaign"}


def check(saves: Path, argv: list[str], name: str | None = None) -> int:
    """Run ``argv``; assert the issue 9 promises; return the exit code."""
    before = head(saves, name) if name else None
    files_before = files(saves)
    code, out, err = call(saves, argv)
    assert code in (0, 1, 2), (argv, code, err)
    assert "Traceback" not in err and "internal error" not in err, (argv, err)
    if code == 1:
        assert err.startswith("tracker: ") and err.count("\n") == 1, (argv, err)
    if code != 0:
        if name:
            assert head(saves, name) == before, (argv, "the log changed", err)
        assert files(saves) == files_before, (argv, "a campaign file appeared", err)
    return code


# --- a saves folder with campaigns on each ruleset ------------------------------------------


SETUP = {
    "dol": ("dolmenwood", [["add-character", "Ana", "--class", "fighter", "--abilities",
                            "14,10,9,12,13,8"], ["add-character", "Bo"],
                           ["supplies", "torches", "5"], ["supplies", "oil", "3"],
                           ["session-start"], ["enter-dungeon", "Barrow"],
                           ["light", "torch", "--by", "Ana"], ["turn", "--count", "3"]]),
    "dyb": ("dyb-og-drager", [["add-character", "Astrid", "--class", "kriger", "--abilities",
                               "15,9,10,12,13,8"], ["session-start"], ["enter-dungeon"]]),
    "dnd": ("dnd-2024", [["add-character", "Aria", "--class", "fighter", "--abilities",
                          "16,14,15,10,12,8"], ["enter-dungeon", "Citadel"]]),
}
NAMES = list(SETUP)


@pytest.fixture(scope="module")
def saves():
    d = Path(tempfile.mkdtemp(prefix="tracker-fuzz-")) / "saves"
    d.mkdir()
    old = os.environ.get("TRACKER_SAVES")
    os.environ["TRACKER_SAVES"] = str(d)
    for name, (ruleset, actions) in SETUP.items():
        assert call(d, ["new", name, "--ruleset", ruleset, "--seed", "7"])[0] == 0
        for a in actions:
            assert call(d, ["do", name, *a])[0] == 0, a
    yield d
    if old is None:
        os.environ.pop("TRACKER_SAVES", None)
    else:
        os.environ["TRACKER_SAVES"] = old
    shutil.rmtree(d.parent, ignore_errors=True)


@pytest.fixture(scope="module", autouse=True)
def report():
    yield
    took, argv = STATS["slowest"]
    print(f"\nfuzz: {STATS['inputs']} inputs, {STATS['internal_errors']} internal errors, "
          f"slowest {took:.3f}s: {argv!r}"[:600])
    for f in FAILURES[:20]:
        print("  " + f[:600])
    out = os.environ.get("FUZZ_REPORT")
    if out:
        with open(out, "a", encoding="utf-8") as fh:
            fh.write(f"{STATS['inputs']}\t{STATS['internal_errors']}\t{took:.3f}\t{argv!r}\n")
            for f in FAILURES:
                fh.write("FAIL " + f + "\n")


# --- strategies ---------------------------------------------------------------------------------

MARKUP = ["[/b]Bo", "[@click=app.quit]x[/]", "[red]", "\\[", "$accent", "*", "_x_", "`"]
HUGE = ["0", "-1", "1", "2", "6", "-0", "+3", "9" * 19, str(2**63), str(-2**63 - 1),
        "1" + "0" * 30, "9" * 5000, "1e9", "0x10", "٣", "²", "1_000", " 4", "NaN"]
odd_text = st.one_of(
    st.text(max_size=30),
    st.sampled_from(MARKUP + ["Ana", "Bo", "Astrid", "Aria", "", " ", "\n", "\t", "a" * 200,
                              "Ünïcødé", "日本語", "🐉", "\x00", "\u202e", "-", "--", "-h"]),
)
number = st.one_of(st.integers(-10**6, 10**6).map(str),
                   st.integers(-10**40, 10**40).map(str), st.sampled_from(HUGE))
dice_list = st.one_of(st.lists(st.integers(-3, 30), max_size=12).map(
    lambda xs: ",".join(map(str, xs))), st.sampled_from(["", ",", "a,b", "1,,2", "9" * 30]))
OPTIONS = ["--count", "--activity", "--by", "--feet", "--turns", "--rounds", "--minutes",
           "--hours", "--class", "--abilities", "--level", "--hp", "--ac", "--to", "--off",
           "--hasty", "--map", "--route", "--set", "--insert-turn", "--note", "--json",
           "--depth", "--dice", "--roll-abilities"]
arg = st.one_of(number, odd_text, st.sampled_from(OPTIONS), dice_list,
                st.sampled_from(["torch", "lantern", "candle", "rest", "explore", "fighter",
                                 "thief", "kriger", "poisoned", "torches", "+2", "-2",
                                 "by=Bo", "activity=rest", "x=", "on", "off"]))
action = st.one_of(st.sampled_from(sorted(ACTIONS)), odd_text)
do_argv = st.builds(lambda n, a, rest: ["do", n, a, *rest],
                    st.sampled_from(NAMES), action, st.lists(arg, max_size=6))
other_argv = st.one_of(
    st.builds(lambda n, x: ["state", n, "--at", x], st.sampled_from(NAMES), number),
    st.builds(lambda n, x: ["state", n, "--json"], st.sampled_from(NAMES), st.none()),
    st.builds(lambda n, opt, x: ["log", n, opt, x], st.sampled_from(NAMES),
              st.sampled_from(["--session", "--grep", "--character", "--area"]),
              st.one_of(number, odd_text)),
    st.builds(lambda n, x: ["export", n, "--format", "markdown", f"--session={x}"],
              st.sampled_from(NAMES),
              st.one_of(number, st.builds(lambda a, b: f"{a}-{b}", number, number), odd_text)),
    st.builds(lambda v, n: [v, n], st.sampled_from(["undo", "redo"]), st.sampled_from(NAMES)),
    st.builds(lambda x, r: ["new", x, "--ruleset", r], odd_text,
              st.sampled_from(["dolmenwood", "gurps", "/dev/zero", "x.toml", ""])),
    st.builds(lambda x: ["rulesets", "check", x],
              st.sampled_from(["/dev/zero", "/dev/null", "/nonexistent.toml", "/", "",
                               str(ROOT / "rulesets" / "dnd-2024.toml")])),
    st.builds(lambda x, n: ["import", x, n], st.sampled_from(["/dev/zero", "/", "/nonexistent"]),
              odd_text),
    st.just(["list"]), st.just(["rulesets"]),
)


def target(argv: list[str]) -> str | None:
    return argv[1] if len(argv) > 1 and argv[0] in ("do", "undo", "redo") else None


@pytest.mark.timeout(0 if LONG else 120)
@fuzz_settings(40)
@given(argv=do_argv)
def test_fuzz_actions(saves, argv):
    check(saves, argv, target(argv))


@pytest.mark.timeout(0 if LONG else 120)
@fuzz_settings(30)
@given(argv=other_argv)
def test_fuzz_other_commands(saves, argv):
    check(saves, argv, target(argv) or (argv[1] if argv[0] in ("state", "log", "export")
                                        and argv[1] in NAMES else None))


# --- dice expressions -------------------------------------------------------------------------

dice_text = st.one_of(
    st.text(alphabet="0123456789dDkhl%+-* ", max_size=25),
    st.text(max_size=25),
    st.builds(lambda a, b, c: f"{a}d{b}{c}", number, number,
              st.sampled_from(["", "+1", "*10", "kh1", "kl2", "k", "**2", "-d6"])),
)


@pytest.mark.timeout(0 if LONG else 60)
@fuzz_settings(150)
@given(text=dice_text)
def test_fuzz_dice_expressions(text):
    STATS["inputs"] += 1
    t0 = time.perf_counter()
    try:
        expr = dice.parse(text)
    except dice.DiceError as e:
        assert "\n" not in str(e) and len(str(e)) < 300, str(e)
        return
    lo, hi = expr.bounds()
    r = dice.roll(expr, dice.SeededDice(1))
    assert lo <= r.total <= hi
    took = time.perf_counter() - t0
    if took > STATS["slowest"][0]:
        STATS["slowest"] = (took, ["dice", text])


# --- house rules ----------------------------------------------------------------------------


def _keys(data, prefix=""):
    for k, v in data.items():
        path = f"{prefix}{k}"
        if isinstance(v, dict):
            yield from _keys(v, path + ".")
        else:
            yield path


HR_KEYS = sorted(set(_keys(tomllib.loads((ROOT / "rulesets" / "dolmenwood.toml")
                                         .read_text(encoding="utf-8")))) - {"meta.id"})
hr_key = st.one_of(st.sampled_from(HR_KEYS), odd_text,
                   st.builds(lambda k, x: k + x, st.sampled_from(HR_KEYS),
                             st.sampled_from([".x", "..", "[0]", ".0"])))
hr_value = st.one_of(
    number, odd_text,
    st.sampled_from(["true", "1.5", "-0.0", "inf", "nan", "'1-in-6'", "'0-in-6'", "'7-in-6'",
                     "'1-in-100001'", "'2d6'", "'0d6'", "'1d1'", "'6 turns'", "'0 turns'",
                     "'99999999999 turns'", "[]", "[1]", "[3, 18]", "[18, 3]",
                     "[1, 100000000000]", "{}", "{x = 1}", "[[1]]", "'" + "[" * 50 + "'",
                     "[" * 2000, "{ range = [1, 2], value = 0 }",
                     "[{ range = [0, 100000000000], value = 0 }]",
                     "[{ roll = [1, 100000000000], result = 'x' }]",
                     "[\"wandering\", \"actions\", \"end\"]", "[\"end\"]",
                     "1979-05-27", "'\\u0000'"]),
)
AFTER = [["turn"], ["turn", "--count", "3"], ["rest"], ["check"], ["fast-travel", "--feet", "400"],
         ["light", "torch"], ["leave-dungeon", "--hasty"], ["enter-dungeon", "X"],
         ["xp", "100"], ["level-up", "Ana"], ["damage", "Ana", "1"], ["heal", "Ana", "1"],
         ["add-character", "Cy", "--class", "fighter", "--roll-abilities"], ["supplies", "fresh", "2"],
         ["effect", "Bless", "--turns", "2"], ["load", "Ana", "500"]]


@pytest.mark.timeout(0 if LONG else 120)
@fuzz_settings(25, calls_per_example=4)
@given(key=hr_key, value=hr_value, after=st.lists(st.sampled_from(AFTER), min_size=1, max_size=2))
def test_fuzz_house_rules(saves, key, value, after):
    code = check(saves, ["do", "dol", "house-rule", key, value], "dol")
    if code == 0:  # an accepted house rule must not break what comes after
        for argv in after:
            check(saves, ["do", "dol", *argv], "dol")
        check(saves, ["state", "dol", "--json"], "dol")
        check(saves, ["export", "dol", "--format", "markdown"], "dol")
        check(saves, ["undo", "dol"], "dol")


# --- ruleset files, mutated -------------------------------------------------------------------

SHIPPED = {rid: (ROOT / "rulesets" / f"{rid}.toml").read_text(encoding="utf-8")
           for rid in ("dyb-og-drager", "dolmenwood", "dnd-2024")}
NUMBER = re.compile(r"(?<![\w.\"-])-?\d+(?![\w.\"])")


@st.composite
def mutated_ruleset(draw):
    rid = draw(st.sampled_from(sorted(SHIPPED)))
    text = SHIPPED[rid]
    lines = text.splitlines()
    for _ in range(draw(st.integers(1, 3))):
        how = draw(st.sampled_from(["number", "number", "number", "drop", "dup", "string"]))
        i = draw(st.integers(0, len(lines) - 1))
        line = lines[i]
        if how == "number" and NUMBER.search(line):
            spots = list(NUMBER.finditer(line))
            m = spots[draw(st.integers(0, len(spots) - 1))]
            new = draw(st.one_of(st.integers(-10**12, 10**12).map(str),
                                 st.sampled_from(["0", "-1", "1", "99999999999", "9" * 5000,
                                                  "1.5", "\"x\"", "[]"])))
            lines[i] = line[:m.start()] + new + line[m.end():]
        elif how == "drop":
            del lines[i]
        elif how == "dup":
            lines.insert(i, line)
        elif how == "string" and '"' in line:
            a = line.index('"')
            b = line.find('"', a + 1)
            if b > a:
                s = draw(st.sampled_from(["", "0 turns", "1-in-0", "d0", "2d6**", "[/b]",
                                          "9999999999 weeks", "1d10001", "0-in-6", "x"]))
                lines[i] = line[:a + 1] + s + line[b:]
    return rid, "\n".join(lines) + "\n"


@pytest.mark.timeout(0 if LONG else 120)
@fuzz_settings(20, calls_per_example=6)
@given(mutated=mutated_ruleset(), after=st.lists(st.sampled_from(AFTER), max_size=3))
def test_fuzz_ruleset_files(saves, tmp_path_factory, mutated, after):
    rid, text = mutated
    STATS["inputs"] += 1
    t0 = time.perf_counter()
    try:
        load_text(text, "fuzz.toml")
        ok = True
    except RulesetError as e:
        assert str(e).startswith("fuzz.toml") and "\n" not in str(e).strip(), str(e)
        ok = False
    assert time.perf_counter() - t0 < CALL_SECONDS * 3
    if not ok:
        return
    # a ruleset that loads must run: a campaign on it takes the common actions
    d = tmp_path_factory.mktemp("rs")
    f = d / "fuzz.toml"
    f.write_text(text, encoding="utf-8")
    name = f"fz{STATS['inputs']}"
    if check(saves, ["new", name, "--ruleset", str(f), "--seed", "3"]) != 0:
        return
    try:
        for argv in (["add-character", "Ana"], ["supplies", "torches", "3"],
                     ["enter-dungeon", "X"], *after, ["turn", "--count", "2"]):
            check(saves, ["do", name, *argv], name)
        check(saves, ["state", name, "--json"], name)
        check(saves, ["export", name, "--format", "markdown"], name)
    finally:
        for p in saves.glob(f"{name}.campaign*"):
            p.unlink(missing_ok=True)
