"""The core and the store never load the UI toolkit."""

import subprocess
import sys


def test_core_and_store_do_not_import_textual_or_rich():
    code = ("import sys, tracker.core.engine, tracker.core.view, tracker.store.sqlite, "
            "tracker.store.jsonl, tracker.service, tracker.history;"
            "bad = [m for m in sys.modules if m.split('.')[0] in ('textual', 'rich')];"
            "print(bad); sys.exit(1 if bad else 0)")
    r = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True)
    assert r.returncode == 0, r.stdout + r.stderr
