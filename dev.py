#!/usr/bin/env python3
"""Set up and run tracker from a checkout, with nothing but Python installed.

    python3 dev.py run     # set up, then open the demo campaign in the app
    python3 dev.py test    # set up, then run the whole test suite
    python3 dev.py bench   # set up, then run the benchmarks (bench/)
    python3 dev.py soak    # set up, then the soak test (bench/soak.py; minutes, not CI)
    python3 dev.py catalogs  # extract the marked text, update the .po files, compile them
    .venv/bin/python dev.py po-merge BASE OURS THEIRS  # git's merge driver for catalogs

Catalogs are merged by message, not by line (`.gitattributes`; once per clone:
`git config merge.po.driver ".venv/bin/python dev.py po-merge %O %A %B"`).

Setup also compiles a message catalog (.po -> .mo) whose .po is newer than its
.mo: the editable install reads them from tracker/locale (docs/i18n.md).

Setup makes a virtual environment in .venv and installs tracker into it
(editable, with the test tools); it is redone only when pyproject.toml changes.
"""

from __future__ import annotations

import hashlib
import os
import subprocess
import sys
import venv
from pathlib import Path

ROOT = Path(__file__).resolve().parent
VENV = ROOT / ".venv"
BIN = VENV / ("Scripts" if os.name == "nt" else "bin")
PYTHON = BIN / ("python.exe" if os.name == "nt" else "python")
STAMP = VENV / ".tracker-setup"
LOCALE = ROOT / "tracker" / "locale"
TEMPLATE = LOCALE / "tracker.pot"
LANGUAGES = ("da", "uk")  # a new language: add its code here, run `dev.py catalogs` (docs/i18n.md)


def setup() -> None:
    want = hashlib.sha256((ROOT / "pyproject.toml").read_bytes()).hexdigest()
    if PYTHON.exists() and STAMP.exists() and STAMP.read_text() == want:
        compile_stale_catalogs()
        return
    if sys.version_info < (3, 11):
        sys.exit(f"tracker needs Python 3.11 or newer (this is {sys.version.split()[0]})")
    if not PYTHON.exists():
        print("1/2 making a virtual environment in .venv ...", flush=True)
        venv.EnvBuilder(with_pip=True).create(VENV)
    print("2/2 installing tracker and its packages into .venv (about half a minute the "
          "first time; a line per package) ...", flush=True)
    subprocess.run([str(PYTHON), "-m", "pip", "install", "--disable-pip-version-check",
                    "--progress-bar", "off", "-e", f"{ROOT}[test]"], check=True)
    STAMP.write_text(want)
    compile_stale_catalogs()  # the install compiled them; a .po edited since is redone
    print("ready: .venv/bin/tracker", flush=True)


def _stale() -> list[Path]:
    return [po for po in sorted(LOCALE.glob("*/LC_MESSAGES/*.po"))
            if not po.with_suffix(".mo").exists()
            or po.with_suffix(".mo").stat().st_mtime < po.stat().st_mtime]


def compile_stale_catalogs() -> None:
    """.po -> .mo for each catalog edited since it was compiled, with setup.py's
    compile (Babel, in .venv)."""
    if _stale():
        subprocess.run([str(PYTHON), "-c", "import setup; setup.compile_catalogs()"],
                       cwd=ROOT, check=True)


def catalogs() -> int:
    """Extract every marked string into the template, merge it into each
    language's .po (new messages empty, vanished ones kept as obsolete), compile."""
    pybabel = [str(PYTHON), "-m", "babel.messages.frontend"]
    LOCALE.mkdir(exist_ok=True)
    steps = [
        [*pybabel, "extract", "-F", "babel.cfg", "--no-wrap", "--sort-by-file",
         "--project", "tracker", "--copyright-holder", "the tracker authors",
         "-c", "TRANSLATORS:", "-k", "say_n:1,2",  # a counted message kept as data
         "-k", "NP_:1c,2",  # a constant with its context (argparse_words.METAVARS)
         "-o", str(TEMPLATE), "tracker"],
        *([*pybabel, "init", "-i", str(TEMPLATE), "-d", str(LOCALE), "-D", "tracker", "-l", code,
           "--no-wrap"] for code in LANGUAGES
          if not (LOCALE / code / "LC_MESSAGES" / "tracker.po").exists()),
        [*pybabel, "update", "-i", str(TEMPLATE), "-d", str(LOCALE), "-D", "tracker",
         "--no-wrap", "--ignore-obsolete", "--no-fuzzy-matching"],
        [*pybabel, "compile", "-d", str(LOCALE), "-D", "tracker", "--statistics"],
    ]
    for step in steps:
        if subprocess.call(step, cwd=ROOT):
            return 1
    compile_stale_catalogs()  # a game's own words (tracker-<ruleset id>.po), which update leaves be
    return 0


def po_merge(base: str, ours: str, theirs: str) -> int:
    """Merge two branches' catalogs message by message into OURS, three-way:
    every message either side has; where one side changed a translation since
    BASE and the other did not, the change; where both changed it differently,
    ours, and say so (git then shows a clean merge; `dev.py catalogs`
    afterwards re-extracts and drops what vanished)."""
    from babel.messages.pofile import read_po, write_po

    def load(path: str):
        with open(path, "rb") as f:
            return read_po(f)

    def translated(message) -> bool:
        strings = message.string if isinstance(message.string, tuple) else (message.string,)
        return any(strings)

    old, mine, other = load(base), load(ours), load(theirs)
    for message in other:
        if not message.id:
            continue
        have = mine.get(message.id, message.context)
        base = old.get(message.id, message.context)
        was = base.string if base is not None else None
        if have is not None and have.pluralizable != message.pluralizable:
            # one side made a message counted (or no longer): the side that
            # changed its shape since BASE wins, with its translations
            if base is None or base.pluralizable == have.pluralizable:
                mine.delete(have.id, have.context)
                mine[message.id] = message
            continue
        if have is None:
            mine[message.id] = message
        elif have.string == message.string or not translated(message):
            continue
        elif not translated(have) or have.string == was:
            have.string = message.string  # only theirs changed it
        elif message.string != was:
            print(f"po-merge: {ours}: both sides changed {message.id!r}; kept ours",
                  file=sys.stderr)
    with open(ours, "wb") as f:
        write_po(f, mine, width=None)
    return 0


def main(argv: list[str]) -> int:
    cmd = argv[0] if argv else "run"
    rest = argv[1:]
    if cmd == "po-merge":  # git runs it mid-merge: no setup, no install
        return po_merge(*rest)
    setup()
    if cmd == "run":
        args = rest or ["open", "demo"]
        return subprocess.call([str(BIN / "tracker"), *args], cwd=ROOT)
    if cmd == "test":
        # the whole suite on every core; a chosen file or option runs as asked
        spread = [] if rest else ["--numprocesses", "auto", "--dist", "worksteal"]
        return subprocess.call([str(PYTHON), "-m", "pytest", *spread, *rest], cwd=ROOT)
    if cmd == "bench":
        return subprocess.call([str(PYTHON), "bench/bench.py", *rest], cwd=ROOT)
    if cmd == "soak":
        return subprocess.call([str(PYTHON), "bench/soak.py", *rest], cwd=ROOT)
    if cmd == "setup":
        return 0
    if cmd == "catalogs":
        return catalogs()
    print(__doc__)
    return 2


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
