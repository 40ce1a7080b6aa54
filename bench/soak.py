"""Soak test of issue 8, "nothing lost, nothing bricked" (not part of CI).

    .venv/bin/python bench/soak.py                         # 2,000 actions, seed 1
    .venv/bin/python bench/soak.py --actions 300 --seed 7 --ruleset dolmenwood
    .venv/bin/python bench/soak.py --ruleset all           # each shipped ruleset in turn
    .venv/bin/python bench/soak.py --minutes 10            # as many actions as fit in 10 min
    python3 dev.py soak --actions 500                      # the same, through dev.py

A campaign is made in a temporary saves folder and opened in the app
(``TrackerApp`` under Textual's Pilot, 80x24). The Pilot drives it for N
actions, by keys only, from a seeded random plan: turns, rests, activities,
lights, effects, supplies, the party (damage, heal, XP, conditions), notes and
sessions through the command palette, undo and redo, and corrections from the
log screen (``m``, ``f``, ``i``, ``w`` with their dialogs). It switches screens
often, the log (``2``) and recap (``3``) above all: they are what set off
issue 8.

Meanwhile five child loops run the real ``tracker`` command of this checkout's
.venv on the same campaign, each invocation a fresh process: four readers
(``state --json``, ``log``, ``log --json``, ``export`` as JSON Lines and as
Markdown) and one writer (``do NAME note ...``). The writer may be refused
while the app writes (exit 1 with one line on stderr); those are counted.

Everything the app acknowledged (the envelopes of each dispatch it showed)
and every note the writer got exit 0 for is recorded. Afterwards a fresh
process reads the log (``tracker log NAME --json``) and the state; the run
fails (exit 1) when an acknowledged entry is missing or changed, seqs have a
gap, ``tracker state`` fails, the app crashed, or a child printed a traceback.
"""

from __future__ import annotations

import argparse
import asyncio
import json
import os
import random
import re
import shutil
import statistics
import subprocess
import sys
import tempfile
import threading
import time
import traceback
from collections import Counter
from dataclasses import dataclass, field
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from textual.screen import ModalScreen  # noqa: E402

from tracker.demo import build  # noqa: E402
from tracker.ui.app import TrackerApp  # noqa: E402
from tracker.ui.screens.dungeon import DungeonScreen  # noqa: E402
from tracker.ui.screens.log import LogScreen  # noqa: E402
from tracker.ui.screens.party import PartyScreen  # noqa: E402
from tracker.ui.screens.recap import RecapScreen  # noqa: E402

RULESETS = ["dyb-og-drager", "dolmenwood", "dnd-2024"]
NAME = "soak"
TRACKER = ROOT / ".venv" / "bin" / "tracker"
SCREENS = {"dungeon": ("1", DungeonScreen), "log": ("2", LogScreen),
           "recap": ("3", RecapScreen), "party": ("4", PartyScreen)}
DIALOG_WAIT = 3.0  # seconds for a dialog to appear before the action is given up
SETTLE_LIMIT = 60.0  # seconds for the app to go quiet after an action: more is a hang


# -- what happened -----------------------------------------------------------------


@dataclass
class Ledger:
    """What the app acknowledged and what it told the GM, as the run goes."""

    acked: list[tuple[int, str, str]] = field(default_factory=list)  # seq, command_id, type
    notices: Counter = field(default_factory=Counter)  # title or severity: message kind
    actions: Counter = field(default_factory=Counter)  # action name -> times driven
    abandoned: Counter = field(default_factory=Counter)  # a dialog never came / stayed open
    timings: list[tuple[float, str]] = field(default_factory=list)  # seconds, "action: key"
    crash: str = ""


class SoakApp(TrackerApp):
    """The real app, keeping a ledger of what it acknowledged and notified."""

    # relative paths resolve beside the subclass's module: point them back at the app's
    CSS_PATH = [ROOT / "tracker" / "ui" / f for f in TrackerApp.CSS_PATH]

    def __init__(self, saves: Path, name: str, ledger: Ledger):
        super().__init__(saves, name)
        self.ledger = ledger

    async def dispatch(self, command, preset=None, typed=True):
        out = await super().dispatch(command, preset, typed)
        if out is not None:
            self.ledger.acked += [(e.seq, e.command_id, e.type) for e in out.envelopes]
        return out

    def notify(self, message, *, title="", severity="information", **kwargs):
        if severity != "information" or title:
            self.ledger.notices[f"{title or severity}: {kind_of(str(message))}"] += 1
        return super().notify(message, title=title, severity=severity, **kwargs)


def kind_of(message: str) -> str:
    """A message without its numbers and names, so alike messages count together."""
    text = re.sub(r"#?\d+", "N", message.splitlines()[0] if message else "")
    text = re.sub(r"'[^']*'|\"[^\"]*\"", "'…'", text)
    return text[:70]


# -- the plan: seeded, so a run can be repeated ---------------------------------------

DIALOG = object()  # in a step list: wait for the next dialog before pressing on


@dataclass
class Action:
    name: str
    screen: str | None  # where its keys work (None: any screen)
    steps: list  # key names, and DIALOG


def typed(text: str) -> list[str]:
    """The keys that type ``text`` into an input."""
    return ["space" if ch == " " else ch for ch in text]


def choose(rng: random.Random, most: int) -> list[str]:
    """Pick an option of a ChoiceDialog: a few downs, then Enter."""
    return ["down"] * rng.randrange(most) + ["enter"]


def answer(text: str) -> list:
    """Answer a TextDialog: wait for it, clear what it holds, type, Enter."""
    return [DIALOG, "ctrl+u", *typed(text), "enter"]


def palette(command: str) -> list:
    """Run a command palette entry by typing its title."""
    return ["ctrl+p", DIALOG, *typed(command), "enter"]


NOTE_WORDS = ["goblins", "a door", "the stair", "bats", "a chest", "spiders", "a map"]


def _note(rng, n):
    return palette("GM note") + answer(f"{rng.choice(NOTE_WORDS)} {n}")


# name: (weight, screen, steps(rng, n)) where n numbers the action
ACTIONS = {
    # the dungeon: the common case is one key
    "turn": (14, "dungeon", lambda rng, n: ["t"]),
    "rest": (3, "dungeon", lambda rng, n: ["r"]),
    "activity": (3, "dungeon", lambda rng, n: ["a", DIALOG, *choose(rng, 6)]),
    "n turns": (2, "dungeon", lambda rng, n: ["n", *answer(str(rng.randint(1, 3))),
                                              DIALOG, *choose(rng, 6)]),
    "check": (2, "dungeon", lambda rng, n: ["c"]),
    "light": (3, "dungeon", lambda rng, n: ["l", DIALOG, *choose(rng, 3), DIALOG,
                                            *choose(rng, 5)]),
    "douse/relight": (2, "dungeon", lambda rng, n: [rng.choice(["up", "down"]), "o"]),
    "effect": (1, "dungeon", lambda rng, n: ["e", *answer("Bless"),
                                             *answer(f"{rng.randint(1, 6)} turns")]),
    "supplies": (2, "dungeon", lambda rng, n: ["s", DIALOG, *choose(rng, 4),
                                               *answer(rng.choice(["+2", "+1", "-1", "6"]))]),
    # leave and go back in (out of the dungeon, every turn is refused)
    "leave/enter": (1, "dungeon", lambda rng, n: ["g", DIALOG, "enter", "wait",
                                                  "g", DIALOG, "enter"]),
    "fast travel": (1, "dungeon", lambda rng, n: ["f", *answer("60")]),
    "note": (3, "dungeon", _note),
    "session end+start": (1, "dungeon", lambda rng, n: palette("End session")
                          + ["wait"] + palette("Start session")),
    # the party
    "damage": (2, "party", lambda rng, n: [rng.choice(["up", "down"]), "d",
                                           *answer(str(rng.randint(1, 3)))]),
    "heal": (2, "party", lambda rng, n: ["h", *answer(str(rng.randint(1, 4)))]),
    "xp": (1, "party", lambda rng, n: ["x", *answer(str(rng.choice([50, 200, 1000])))]),
    "level up": (1, "party", lambda rng, n: [rng.choice(["up", "down"]), "u"]),
    "condition": (1, "party", lambda rng, n: ["c", DIALOG, *choose(rng, 4)]),
    # the log: review, and corrections of the past
    "log scroll": (2, "log", lambda rng, n: [rng.choice(["up", "pageup", "end", "down"])
                                             for _ in range(rng.randint(1, 4))]),
    "log filter": (1, "log", lambda rng, n: [rng.choice(["s", "a", "c"]), "x"]),
    "log search": (1, "log", lambda rng, n: ["slash", *typed(rng.choice(["torch", "turn"])),
                                             "enter", "x"]),
    "fix dice (m)": (3, "log", lambda rng, n: ["up"] * rng.randint(0, 8) + [
        "m", *answer(" ".join(str(rng.randint(1, 6)) for _ in range(rng.randint(1, 3)))),
        DIALOG, "enter"]),
    "fix field (f)": (2, "log", lambda rng, n: ["up"] * rng.randint(0, 8) + [
        "f", *answer(rng.choice(["activity=rest", "activity=search", "by=Nobody"])),
        DIALOG, "enter"]),
    "insert turn (i)": (2, "log", lambda rng, n: ["up"] * rng.randint(0, 8) + [
        "i", DIALOG, *choose(rng, 6), DIALOG, "enter"]),
    "rewind (w)": (1, "log", lambda rng, n: ["up"] * rng.randint(1, 4) + [
        "w", DIALOG, "enter"]),
    # the recap
    "recap browse": (1, "recap", lambda rng, n: [rng.choice(["left", "right", "a"])]),
    # everywhere
    "undo": (5, None, lambda rng, n: ["ctrl+z"]),
    "redo": (3, None, lambda rng, n: ["ctrl+y"]),
    "show dungeon": (5, None, lambda rng, n: ["1"]),
    "show log": (7, None, lambda rng, n: ["2"]),
    "show recap": (5, None, lambda rng, n: ["3"]),
    "show party": (3, None, lambda rng, n: ["4"]),
}


def make_plan(seed: int, count: int) -> list[Action]:
    """``count`` actions drawn by weight; the same seed gives the same plan."""
    rng = random.Random(seed)
    names = list(ACTIONS)
    weights = [ACTIONS[n][0] for n in names]
    plan = []
    for i in range(count):
        name = rng.choices(names, weights)[0]
        _w, screen, steps = ACTIONS[name]
        plan.append(Action(name, screen, steps(rng, i)))
    return plan


# -- driving the app -------------------------------------------------------------------


async def wait_until(predicate, timeout: float) -> bool:
    """Let the app run until ``predicate()`` holds; False after ``timeout`` seconds."""
    end = time.perf_counter() + timeout
    while not predicate():
        if time.perf_counter() > end:
            return False
        await asyncio.sleep(0.005)
    return True


def busy(app) -> bool:
    return any(w.state.name in ("PENDING", "RUNNING") for w in app.workers)


async def settle(pilot, ledger: Ledger, action: str) -> None:
    """Wait until no worker runs and no dialog is open (a left-over dialog, say
    one that refused what was typed, is escaped and counted)."""
    app = pilot.app
    end = time.perf_counter() + SETTLE_LIMIT
    while app.is_running:
        await pilot.pause()
        if isinstance(app.screen, ModalScreen):
            ledger.abandoned[f"{action}: {type(app.screen).__name__} left open"] += 1
            await pilot.press("escape")
            continue
        if not busy(app):
            return
        if time.perf_counter() > end:
            raise TimeoutError(f"the app did not settle within {SETTLE_LIMIT:.0f} s "
                               f"after {action!r}")
        await asyncio.sleep(0.005)


async def go_to(pilot, screen: str | None, ledger: Ledger) -> None:
    if screen is None:
        return
    key, cls = SCREENS[screen]
    if not isinstance(pilot.app.screen, cls):
        await press(pilot, key, ledger, f"go to {screen}")


async def press(pilot, key: str, ledger: Ledger, action: str) -> None:
    """One key, timed until the app has handled it and is idle again."""
    t = time.perf_counter()
    await pilot.press(key)
    ledger.timings.append((time.perf_counter() - t, f"{action}: {key}"))


async def perform(pilot, action: Action, ledger: Ledger) -> None:
    """Press an action's keys, waiting for each dialog it opens."""
    app = pilot.app
    await go_to(pilot, action.screen, ledger)
    answered: list = []  # the dialogs this action has had (the next one is another)

    def new_dialog() -> bool:
        return isinstance(app.screen, ModalScreen) and \
            not any(app.screen is d for d in answered)

    for step in action.steps:
        if step is DIALOG:
            if not await wait_until(new_dialog, DIALOG_WAIT):  # refused, or nothing to do
                ledger.abandoned[f"{action.name}: no dialog"] += 1
                return
            answered.append(app.screen)
        elif step == "wait":
            await settle(pilot, ledger, action.name)
        else:
            await press(pilot, step, ledger, action.name)


async def drive(saves: Path, plan: list[Action], ledger: Ledger, progress: bool,
                minutes: float | None = None) -> None:
    """Open the campaign in the app and run the plan (or as much of it as fits in
    ``minutes``); a crash is recorded, not raised."""
    app = SoakApp(saves, NAME, ledger)
    deadline = time.perf_counter() + minutes * 60 if minutes else float("inf")
    try:
        async with app.run_test(size=(80, 24)) as pilot:
            await settle(pilot, ledger, "open")
            for i, action in enumerate(plan, 1):
                if not app.is_running or time.perf_counter() > deadline:
                    break
                await perform(pilot, action, ledger)
                t = time.perf_counter()
                await settle(pilot, ledger, action.name)
                if ledger.timings:  # the last key's work may go on in a worker
                    took, what = ledger.timings[-1]
                    ledger.timings[-1] = (took + time.perf_counter() - t, what)
                ledger.actions[action.name] += 1
                if progress and i % 100 == 0:
                    print(f"  {i} actions, {len(ledger.acked)} entries acknowledged",
                          flush=True)
            await go_to(pilot, "dungeon", ledger)
            await settle(pilot, ledger, "close")
    except Exception:
        ledger.crash = traceback.format_exc()
    if not ledger.crash and getattr(app, "_exception", None) is not None:
        ledger.crash = "".join(traceback.format_exception(app._exception))


# -- the other processes -----------------------------------------------------------------


def tracker(saves: Path, *args: str, timeout: float = 120) -> subprocess.CompletedProcess:
    """The real ``tracker`` command, in a process of its own."""
    env = dict(os.environ, TRACKER_SAVES=str(saves))
    return subprocess.run([str(TRACKER), *args], env=env, capture_output=True, text=True,
                          timeout=timeout)


@dataclass
class ChildLoop:
    """One child slot: runs ``tracker`` commands in turn until stopped."""

    label: str
    commands: list  # callables n -> argv
    saves: Path
    runs: int = 0
    outcomes: Counter = field(default_factory=Counter)
    tracebacks: list[str] = field(default_factory=list)
    notes: list[tuple[int, str]] = field(default_factory=list)  # seq, text, for exit 0

    def loop(self, stop: threading.Event) -> None:
        while not stop.is_set():
            argv = self.commands[self.runs % len(self.commands)](self.runs)
            self.runs += 1
            try:
                p = tracker(self.saves, *argv)
            except subprocess.TimeoutExpired:
                self.outcomes["timed out (hung)"] += 1
                continue
            self.record(argv, p)

    def record(self, argv: list[str], p: subprocess.CompletedProcess) -> None:
        if "Traceback" in p.stderr or "Traceback" in p.stdout:
            self.tracebacks.append(f"$ tracker {' '.join(argv)}\n{p.stderr[-3000:]}")
        if p.returncode == 0:
            self.outcomes["ok"] += 1
            if argv[:3] == ["do", NAME, "note"]:
                seq = re.match(r"#(\d+) ", p.stdout)
                self.notes.append((int(seq.group(1)) if seq else 0, argv[3]))
        else:
            first = p.stderr.strip().splitlines()[-1:] or ["(nothing on stderr)"]
            self.outcomes[f"exit {p.returncode}: {kind_of(first[0])}"] += 1


def children(saves: Path, writer: bool = True) -> list[ChildLoop]:
    """Four readers and (unless ``writer`` is False) one writer of notes."""
    readers = [
        ("state --json", lambda n: ["state", NAME, "--json"]),
        ("log", lambda n: ["log", NAME]),
        ("log --json", lambda n: ["log", NAME, "--json"]),
        ("export", lambda n: ["export", NAME, "--format", "jsonl" if n % 2 else "markdown"]),
    ]
    loops = []
    for i, (label, _cmd) in enumerate(readers):
        rotated = [cmd for _l, cmd in readers[i:] + readers[:i]]  # each starts elsewhere
        loops.append(ChildLoop(f"reader {i + 1} (from {label})", rotated, saves))
    if writer:
        loops.append(ChildLoop("note writer", [lambda n: ["do", NAME, "note", f"outside-note-{n}"]],
                               saves))
    return loops


def start(loops: list[ChildLoop]) -> tuple[threading.Event, list[threading.Thread]]:
    stop = threading.Event()
    threads = [threading.Thread(target=c.loop, args=(stop,), daemon=True) for c in loops]
    for t in threads:
        t.start()
    return stop, threads


# -- checking, in fresh processes -------------------------------------------------------------


@dataclass
class Verdict:
    head: int = 0
    gaps: list[int] = field(default_factory=list)
    lost_app: list[str] = field(default_factory=list)
    lost_notes: list[str] = field(default_factory=list)
    problems: list[str] = field(default_factory=list)

    @property
    def failed(self) -> bool:
        return bool(self.gaps or self.lost_app or self.lost_notes or self.problems)


def verify(saves: Path, ledger: Ledger, notes: list[tuple[int, str]]) -> Verdict:
    """Read the campaign back in fresh processes and compare with what was acknowledged."""
    v = Verdict()
    log = tracker(saves, "log", NAME, "--json")
    if log.returncode != 0 or "Traceback" in log.stderr:
        v.problems.append(f"tracker log failed (exit {log.returncode}): {log.stderr[-2000:]}")
        return v
    by_seq = {}
    for line in log.stdout.splitlines():
        e = json.loads(line)
        by_seq[e["seq"]] = e
    v.head = max(by_seq, default=0)
    v.gaps = [s for s in range(1, v.head + 1) if s not in by_seq]
    for seq, cid, type_ in ledger.acked:
        e = by_seq.get(seq)
        if e is None or (e["command_id"], e["type"]) != (cid, type_):
            found = f"{e['type']} of {e['command_id'][:8]}" if e else "nothing"
            v.lost_app.append(f"#{seq} {type_} of {cid[:8]}: the log has {found}")
    for seq, text in notes:
        e = by_seq.get(seq)
        if e is None or e["type"] != "note_added" or not e["text"].endswith(text):
            v.lost_notes.append(f"#{seq} {text!r}: the log has "
                                f"{e['text'] if e else 'nothing'}")
    state = tracker(saves, "state", NAME, "--json")
    if state.returncode != 0 or "Traceback" in state.stderr:
        v.problems.append(f"tracker state failed (exit {state.returncode}): {state.stderr[-2000:]}")
    elif json.loads(state.stdout)["seq"] != v.head:
        v.problems.append(f"tracker state is at #{json.loads(state.stdout)['seq']}, "
                          f"the log at #{v.head}")
    return v


# -- one run ------------------------------------------------------------------------------


def run_one(ruleset: str, args) -> bool:
    """Soak one campaign on ``ruleset``; print the figures; True when all was kept."""
    saves = Path(tempfile.mkdtemp(prefix="tracker-soak-"))
    build(saves, NAME, ruleset, "fresh", seed=args.seed).close()
    plan = make_plan(args.seed, args.actions)
    ledger = Ledger()
    loops = children(saves, args.writer) if args.children else []
    print(f"\n== {ruleset}: {args.actions} actions, seed {args.seed}, saves {saves}", flush=True)
    t = time.perf_counter()
    stop, threads = start(loops)
    try:
        asyncio.run(drive(saves, plan, ledger, args.progress, args.minutes))
    finally:
        stop.set()
        for th in threads:
            th.join()
    took = time.perf_counter() - t
    notes = [n for c in loops for n in c.notes]
    verdict = verify(saves, ledger, notes)
    report(ledger, loops, verdict, took)
    ok = not (verdict.failed or ledger.crash or any(c.tracebacks for c in loops))
    if ok and not args.keep:
        shutil.rmtree(saves, ignore_errors=True)
    else:
        print(f"   the campaign is kept in {saves}")
    return ok


def report(ledger: Ledger, loops: list[ChildLoop], v: Verdict, took: float) -> None:
    times = [s for s, _ in ledger.timings] or [0.0]
    slowest = max(ledger.timings, default=(0.0, "-"))
    notes_ok = sum(len(c.notes) for c in loops)
    print(f"   actions driven:          {sum(ledger.actions.values())}")
    print(f"   entries acknowledged:    {len(ledger.acked)} by the app "
          f"(log head #{v.head})")
    print(f"   notes acknowledged:      {notes_ok} by the note writer")
    print(f"   lost entries:            {len(v.lost_app)} of the app's, "
          f"{len(v.lost_notes)} of the notes   (must be 0)")
    print(f"   seq gaps:                {len(v.gaps)}")
    print(f"   app crashed:             {'YES' if ledger.crash else 'no'}")
    print(f"   child tracebacks:        {sum(len(c.tracebacks) for c in loops)}")
    print(f"   time taken:              {took:.1f} s")
    p99 = sorted(times)[int(0.99 * (len(times) - 1))]
    print(f"   keystroke to screen:     {len(times)} keys, median "
          f"{statistics.median(times) * 1000:.0f} ms, p99 {p99 * 1000:.0f} ms, "
          f"longest {slowest[0] * 1000:.0f} ms ({slowest[1]})")
    print("   child processes:")
    for c in loops:
        outcomes = ", ".join(f"{k} x{n}" for k, n in c.outcomes.most_common())
        print(f"     {c.label}: {c.runs} runs: {outcomes}")
    if ledger.notices:
        print("   the app's refusals and warnings:")
        for k, n in ledger.notices.most_common():
            print(f"     {n:5}  {k}")
    if ledger.abandoned:
        print("   actions the app did not take up (no dialog, or one left open):")
        for k, n in ledger.abandoned.most_common(12):
            print(f"     {n:5}  {k}")
    for title, items in (("lost from the app", v.lost_app), ("lost notes", v.lost_notes),
                         ("seq gaps", [f"#{s}" for s in v.gaps]), ("problems", v.problems)):
        if items:
            print(f"   {title} (first 10 of {len(items)}):")
            for item in items[:10]:
                print(f"     {item}")
    if ledger.crash:
        print("   the app crashed:\n" + ledger.crash)
    for c in loops:
        for tb in c.tracebacks[:2]:
            print(f"   traceback in {c.label}:\n{tb}")


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--actions", type=int, default=2000, help="actions to drive (default 2000)")
    ap.add_argument("--seed", type=int, default=1, help="the plan and the campaign's dice")
    ap.add_argument("--ruleset", default="dyb-og-drager", choices=RULESETS + ["all"],
                    help="the campaign's ruleset, or all of them in turn")
    ap.add_argument("--no-children", dest="children", action="store_false",
                    help="drive the app alone (a baseline for the timings)")
    ap.add_argument("--no-writer", dest="writer", action="store_false",
                    help="only the four readers: no `tracker do NAME note` loop")
    ap.add_argument("--minutes", type=float,
                    help="stop driving after this long, even if actions are left")
    ap.add_argument("--keep", action="store_true", help="keep the saves folder")
    ap.add_argument("--progress", action="store_true", help="a line every 100 actions")
    args = ap.parse_args()
    if not TRACKER.exists():
        print(f"no {TRACKER}: run `python3 dev.py setup` first", file=sys.stderr)
        return 2
    rulesets = RULESETS if args.ruleset == "all" else [args.ruleset]
    results = [run_one(r, args) for r in rulesets]
    print("\nPASS: nothing lost, nothing crashed" if all(results) else
          "\nFAIL: something was lost, or something crashed")
    return 0 if all(results) else 1


if __name__ == "__main__":
    sys.exit(main())
