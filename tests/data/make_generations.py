"""Write a generation of old campaigns with the code of an earlier commit.

    .venv/bin/python tests/data/make_generations.py COMMIT LABEL

checks COMMIT out in a throw-away worktree (``/tmp/tracker-gen-LABEL``), and
with THAT code (its own ``tracker`` CLI, run with this checkout's Python and
packages) makes one campaign per shipped ruleset, playing every area the code
had: party, dungeon turns, lights, effects, checks, supplies, travel, chases
and evasion, bastions, corrections (amend, insert, rewind), undo and redo,
house rules, sessions, notes and manual dice. Into ``tests/data/generations/
LABEL/`` go, for each ruleset:

- ``RULESET.campaign``: the campaign file as that code wrote it;
- ``RULESET.jsonl``: its JSON Lines export, by that code;
- ``RULESET.state.json``: ``tracker state --json`` as that code gave it;

and ``manifest.json``: the commit, its date and subject, and per ruleset the
steps taken and those the code refused or did not have (a step is a list of
ways to say it, oldest CLI last; the first that works is taken). Nothing is
written by hand, so a generation is what a GM of that day had on disk.

``tests/test_generations.py`` opens every generation with today's code and
compares. A change to an event's or a ruleset section's schema adds a
generation: run this on the last commit of main before the change (see
docs/architecture.md, "Versions").
"""

from __future__ import annotations

import json
import os
import re
import shutil
import sqlite3
import subprocess
import sys
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

HERE = Path(__file__).resolve().parent
REPO = HERE.parent.parent
OUT = HERE / "generations"
SEED = "7"

# The first character of each ruleset: a fighter, then a cleric, a hireling and
# (D&D) a level-5 bastion owner. Abilities of 16 meet every requirement.
CLASSES = {
    "dnd-2024": ("fighter", "cleric", "wizard"),
    "dyb-og-drager": ("kriger", "klerik", "magiker"),
    "dolmenwood": ("fighter", "cleric", "magician"),
}
TERRAIN = {"dnd-2024": "forest", "dyb-og-drager": "clear", "dolmenwood": "open_forest"}
WATER = {"dnd-2024": "waterborne", "dyb-og-drager": "ocean", "dolmenwood": "river"}
LAND = {"dnd-2024": "coastal", "dyb-og-drager": "clear", "dolmenwood": "meadow"}
VESSEL = {"dnd-2024": ["keelboat"], "dyb-og-drager": ["Havørn", "--rate", "120"],
          "dolmenwood": ["barge", "--rate", "60"]}
SIXTEENS = "16,16,16,16,16,16"


def steps(rid: str) -> list[tuple[str, list[list[str]]]]:
    """What a GM does, in order, as ``(label, [argv, ...])``: the ways to say
    it in the CLIs of the past, tried in turn. ``{seq:TYPE}`` is the seq of
    the last entry of TYPE in the log at that point; ``{LIST:NAME:FIELD}`` the
    FIELD of the item called NAME (or of that kind) in a list LIST anywhere in
    ``state --json``, whatever its layout was then."""
    fighter, cleric, mage = CLASSES[rid]
    dnd = rid == "dnd-2024"
    s: list[tuple[str, list[list[str]]]] = []

    def do(label, *ways):
        s.append((label, [list(w) for w in ways]))

    do("session", ["session-start"])
    do("fighter", ["add-character", "Bo", "--class", fighter, "--abilities", SIXTEENS])
    do("cleric", ["add-character", "Al", "--class", cleric, "--roll-abilities"])
    do("hireling", ["add-character", "Tom"])
    do("mage level 5", ["add-character", "Cy", "--class", mage, "--abilities", SIXTEENS,
                        "--level", "5"])
    do("note", ["note", "The party meets at the inn"])
    do("supplies", ["supplies", "torches", "+6"])
    do("oil", ["supplies", "oil", "+2"])
    do("damage", ["damage", "Bo", "3"])
    do("damage rolled", ["damage", "Al", "1d4"])
    do("heal", ["heal", "Bo", "1"])
    do("heal rolled", ["heal", "Bo", "1d4"])
    do("xp", ["xp", "6000"])
    do("condition", ["condition", "Al", "poisoned"])
    do("condition off", ["condition", "Al", "poisoned", "--off"])
    do("exhaustion" if dnd else "load", ["exhaustion", "Bo", "1"] if dnd else
       ["load", "Bo", "400"])
    do("rename", ["rename-character", "Tom", "Tim"])
    do("manual dice on", ["manual-dice", "on"])
    do("typed damage", ["damage", "Bo", "1d6", "--dice", "2"])
    do("manual dice off", ["manual-dice", "off"])
    do("house rule", ["house-rule", "dungeon.wandering.every_turns", "3"])
    do("enter", ["enter-dungeon", "Crypt"])
    do("light", ["light", "torch", "Bo"], ["light", "torch", "--by", "Bo"])
    do("douse", ["douse", "{lights:torch:id}"], ["douse", "1"])
    do("relight", ["relight", "{lights:torch:id}"], ["relight", "1"])
    do("turns", ["turn", "3"], ["turn", "--count", "3"])
    do("search", ["turn", "--activity", "search"])
    do("rest", ["rest"])
    do("check", ["check"])
    do("depth", ["depth", "2"])
    do("effect", ["effect", "Bless", "--turns", "2"])
    do("effect rolled", ["effect", "Web", "--turns", "1d4"])
    do("turn", ["turn"])
    do("end effect", ["effect", "Shield", "--rounds", "5"])
    do("end-effect", ["end-effect", "{effects:Shield:id}"])
    do("amend set", ["amend", "{seq:turn_advanced}", "--set", "activity=listen",
                     "--note", "they listened"])
    do("amend dice", ["amend", "{seq:check_rolled}", "--dice", "4"])
    do("amend insert", ["amend", "{seq:depth_changed}", "--insert-turn", "rest"])
    do("undo", ["undo"])
    do("redo", ["redo"])
    do("turn 2", ["turn"])
    do("undone turn", ["turn"])
    do("undo 2", ["undo"])
    if rid == "dolmenwood":
        do("light for the way", ["light", "torch", "Bo"])  # fast travel needs one lit
        do("fast travel", ["fast-travel", "--feet", "300"])
        do("hasty exit", ["leave-dungeon", "--hasty", "--map"])
    else:
        do("leave", ["leave-dungeon"])
    if dnd:
        do("rounds", ["rounds", "3"])
        do("short rest", ["short-rest", "Bo=1"])
        do("long rest", ["long-rest"])
        do("to zero", ["damage", "Al", "{party:Al:hp}"])
        do("death save", ["death-save", "Al"])
        do("heal dying", ["heal", "Al", "2"])
    do("level up", ["level-up", "Bo"])
    do("session end", ["session-end"])
    do("session 2", ["session-start"])
    # travel
    do("terrain", ["terrain", TERRAIN[rid], "--place", "Ashford"])
    do("route", ["route", f"Millbrook:{TERRAIN[rid]}:30"])
    do("pace", ["pace", "slow"])
    do("guide", ["guide", "yes", "--navigator", "Bo"])
    do("water", ["water", "20"])
    do("weather", ["weather"], ["weather", "drizzle"])
    do("travel", ["travel", "--days", "2"], ["travel"])
    if dnd:  # a correction that reaches the days after it (their saves, the navigator)
        do("amend exhaustion", ["amend", "{seq:exhaustion_set}", "--set", "level=2"])
    if dnd:
        do("stage", ["travel", "--hours", "4", "--no-camp"])
        do("camp", ["camp"])
    do("rest day", ["rest-day"])
    do("forage", ["forage"])
    do("hunt", ["hunt"], ["hunt", "--found"])
    do("encounter", ["encounter"])
    do("amend day", ["amend", "{seq:day_travelled}", "--dice", "3"],
       ["amend", "{seq:day_travelled}", "--dice", "15,15"])
    do("embark", ["terrain", WATER[rid]])
    do("aboard", ["embark", *VESSEL[rid]])
    do("sail", ["travel"])
    do("disembark", ["disembark", LAND[rid], "--place", "Haven"])
    do("mount", ["mount", "riding_horse"] if dnd else ["mount", "horse", "--rate", "240"])
    do("dismount", ["dismount"])
    # chases and evasion
    if dnd:
        do("chase", ["start-chase", "--setting", "urban", "--distance", "60"])
        do("join quarry", ["join-chase", "Bo", "--side", "quarry"])
        do("join pursuer", ["join-chase", "Wolf", "--side", "pursuer", "--speed", "40",
                            "--con", "1", "--stealth", "2", "--perception", "12"])
        do("move", ["chase-move"])
        do("dash", ["dash"])
        do("move 2", ["chase-move"])
        do("end chase", ["end-chase", "escaped"])
    else:
        do("evasion", ["start-evasion", "dungeon", "--monster-speed", "150",
                       "--party-speed", "60", "--morale", "11", "--gap", "60"],
           ["start-evasion", "dungeon", "--monster-speed", "150",
            "--party-speed", "60", "--morale", "11"])
        do("drop", ["drop", "food"])
        do("run", ["run"])
        do("end evasion", ["end-chase", "escaped"])
    # bastions
    if dnd:
        do("bastion", ["bastion-new", "Cy", "--name", "Greywall"])
        do("facility", ["facility-add", "Cy", "barrack"])
        do("garden", ["facility-add", "Cy", "garden", "--type", "food"])
        do("gold", ["bastion-gold", "Cy", "+3000", "--why", "a patron"])
        do("basic", ["basic-add", "Cy", "roomy"])
        do("walls", ["walls", "Cy", "2"])
        do("downtime", ["downtime", "14"])
        do("bastion turn", ["bastion-turn", "Cy", "--order", "barrack:recruit"])
        do("maintain", ["bastion-turn", "Cy", "--maintain"])
        do("downtime 2", ["downtime", "7"])
        do("bastion turns", ["bastion-turns"])
    do("rewind", ["rewind", "{seq:session_started}"])
    do("after rewind", ["note", "Back at the inn"])
    do("session end 2", ["session-end"])
    return s



@contextmanager
def old_checkout(commit: str, label: str) -> Iterator[tuple[Path, Path]]:
    """COMMIT checked out in a throw-away worktree (``/tmp/tracker-LABEL-COMMIT``)
    and an empty saves folder beside it, both gone afterwards: a campaign made
    there is written by that commit's own code."""
    tree = Path(f"/tmp/tracker-{label}-{commit}")
    saves = tree.with_name(tree.name + "-saves")
    for p in (tree, saves):
        shutil.rmtree(p, ignore_errors=True)
    subprocess.run(["git", "worktree", "add", "--detach", "-f", str(tree), commit], cwd=REPO,
                   check=True, capture_output=True)
    try:
        saves.mkdir()
        yield tree, saves
    finally:
        subprocess.run(["git", "worktree", "remove", "--force", str(tree)], cwd=REPO,
                       capture_output=True)
        shutil.rmtree(saves, ignore_errors=True)


def run(worktree: Path, args: list[str], saves: Path) -> subprocess.CompletedProcess:
    env = dict(os.environ, PYTHONPATH=str(worktree), TRACKER_SAVES=str(saves),
               PYTHONDONTWRITEBYTECODE="1")
    env.pop("TRACKER_DEBUG", None)
    code = ("import sys; from tracker import cli; "  # early CLIs had run(argv), no main
            "sys.exit((getattr(cli, 'main', None) or cli.run)(sys.argv[1:]))")
    return subprocess.run([sys.executable, "-c", code, "--saves", str(saves), *args],
                          cwd=worktree, env=env, capture_output=True, text=True,
                          timeout=120)


def last_seq_of(worktree: Path, saves: Path, name: str, type_: str) -> str | None:
    out = run(worktree, ["log", name, "--json"], saves)
    seqs = [e["seq"] for e in map(json.loads, out.stdout.splitlines())
            if e.get("type") == type_]
    return str(seqs[-1]) if seqs else None


def fill(worktree: Path, saves: Path, name: str, argv: list[str]) -> list[str] | None:
    out = []
    for a in argv:
        m = re.fullmatch(r"\{seq:([a-z_]+)\}", a)
        if m:
            seq = last_seq_of(worktree, saves, name, m.group(1))
            if seq is None:
                return None
            a = seq
        m = re.fullmatch(r"\{([a-z_]+):([A-Za-z_]+):([a-z_]+)\}", a)
        if m:
            a = found_in_state(worktree, saves, name, *m.groups())
            if a is None:
                return None
        out.append(a)
    return out


def found_in_state(worktree: Path, saves: Path, name: str, list_key: str, item: str,
                   field: str) -> str | None:
    out = run(worktree, ["state", name, "--json"], saves)
    if out.returncode:
        return None

    def walk(node):
        if isinstance(node, dict):
            for k, v in node.items():
                if k == list_key and isinstance(v, list):
                    for x in v:
                        if isinstance(x, dict) and item in (x.get("name"), x.get("kind")) \
                                and field in x:
                            return str(x[field])
                got = walk(v)
                if got is not None:
                    return got
        elif isinstance(node, list):
            for v in node:
                got = walk(v)
                if got is not None:
                    return got
        return None
    return walk(json.loads(out.stdout))


def play(worktree: Path, saves: Path, rid: str) -> dict:
    name = rid
    made = run(worktree, ["new", name, "--ruleset", rid, "--seed", SEED], saves)
    if made.returncode:
        raise SystemExit(f"tracker new {rid} failed: {made.stderr.strip()}")
    taken, skipped = [], []
    for label, ways in steps(rid):
        why = ""
        for way in ways:
            argv = fill(worktree, saves, name, way)
            if argv is None:
                why = "nothing to name in the log"
                continue
            if argv[0] in ("undo", "redo"):
                p = run(worktree, [argv[0], name], saves)
            else:
                p = run(worktree, ["do", name, *argv], saves)
            if p.returncode == 0:
                taken.append({"step": label, "argv": argv})
                break
            why = (p.stderr.strip().splitlines() or [f"exit {p.returncode}"])[-1][:300]
        else:
            skipped.append({"step": label, "why": why})
    return {"taken": taken, "skipped": skipped}


def main(argv: list[str]) -> int:
    if len(argv) != 2:
        print(__doc__)
        return 2
    commit, label = argv
    if not re.fullmatch(r"[A-Za-z0-9_.-]+", label):
        raise SystemExit("LABEL: letters, digits, '.', '_' and '-'")
    full = subprocess.run(["git", "rev-parse", commit], cwd=REPO, capture_output=True,
                          text=True, check=True).stdout.strip()
    date, subject = subprocess.run(["git", "log", "-1", "--format=%aI%n%s", full], cwd=REPO,
                                   capture_output=True, text=True,
                                   check=True).stdout.strip().split("\n", 1)
    worktree = Path(f"/tmp/tracker-gen-{label}")
    if worktree.exists():
        subprocess.run(["git", "worktree", "remove", "--force", str(worktree)], cwd=REPO)
        shutil.rmtree(worktree, ignore_errors=True)
    subprocess.run(["git", "worktree", "add", "--detach", str(worktree), full], cwd=REPO,
                   check=True, capture_output=True)
    dest = OUT / label
    shutil.rmtree(dest, ignore_errors=True)
    dest.mkdir(parents=True)
    saves = worktree / "gen-saves"
    manifest = {"label": label, "commit": full, "date": date, "subject": subject,
                "rulesets": {}}
    try:
        rulesets = sorted(p.stem for p in (worktree / "rulesets").glob("*.toml"))
        for rid in rulesets:
            print(f"{label}: {rid} ...", flush=True)
            manifest["rulesets"][rid] = play(worktree, saves, rid)
            state = run(worktree, ["state", rid, "--json"], saves)
            if state.returncode:
                raise SystemExit(f"{rid}: state failed: {state.stderr.strip()}")
            (dest / f"{rid}.state.json").write_text(state.stdout)
            exported = run(worktree, ["export", rid, "--format", "jsonl", "-o",
                                      str(dest / f"{rid}.jsonl")], saves)
            if exported.returncode:
                raise SystemExit(f"{rid}: export failed: {exported.stderr.strip()}")
            # the file as a GM would copy it: its WAL folded in by SQLite itself
            src = saves / f"{rid}.campaign"
            con = sqlite3.connect(src)
            con.execute("PRAGMA wal_checkpoint(TRUNCATE)")
            con.close()  # the last connection: SQLite removes the empty WAL
            shutil.copyfile(src, dest / f"{rid}.campaign")
            done = manifest["rulesets"][rid]
            print(f"  {len(done['taken'])} steps, skipped: "
                  f"{', '.join(x['step'] for x in done['skipped']) or 'none'}")
    finally:
        subprocess.run(["git", "worktree", "remove", "--force", str(worktree)], cwd=REPO,
                       capture_output=True)
    (dest / "manifest.json").write_text(json.dumps(manifest, indent=1, ensure_ascii=False)
                                        + "\n")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
