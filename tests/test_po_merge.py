"""`dev.py po-merge`, the git merge driver of the message catalogs: message by
message, three-way, and a message one branch made counted (ngettext) keeps
that branch's plural forms."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).parents[1]
HEAD = 'msgid ""\nmsgstr ""\n"Content-Type: text/plain; charset=UTF-8\\n"\n' \
       '"Plural-Forms: nplurals=2; plural=(n != 1);\\n"\n\n'


def _po(tmp_path: Path, name: str, body: str) -> Path:
    path = tmp_path / name
    path.write_text(HEAD + body, encoding="utf-8")
    return path


def _merge(tmp_path, base, ours, theirs) -> str:
    paths = [_po(tmp_path, n, b) for n, b in (("base", base), ("ours", ours), ("theirs", theirs))]
    done = subprocess.run([sys.executable, str(ROOT / "dev.py"), "po-merge", *map(str, paths)],
                          capture_output=True, text=True)
    assert done.returncode == 0, done.stderr
    return paths[1].read_text(encoding="utf-8")


def test_each_sides_new_and_changed_messages_are_kept(tmp_path):
    base = 'msgid "Turn"\nmsgstr "Tur"\n\nmsgid "Rest"\nmsgstr ""\n'
    ours = 'msgid "Turn"\nmsgstr "Tur"\n\nmsgid "Rest"\nmsgstr "Hvil"\n'
    theirs = 'msgid "Turn"\nmsgstr "Omgang"\n\nmsgid "Rest"\nmsgstr ""\n\nmsgid "Light"\nmsgstr "Lys"\n'
    merged = _merge(tmp_path, base, ours, theirs)
    assert 'msgstr "Omgang"' in merged and 'msgstr "Hvil"' in merged and 'msgstr "Lys"' in merged


def test_a_message_made_counted_on_one_side_keeps_its_plural_forms(tmp_path):
    single = 'msgid "{n} HP back"\nmsgstr "{n} LK tilbage"\n'
    counted = ('msgid "{n} HP back"\nmsgid_plural "{n} HP back"\n'
               'msgstr[0] "{n} LK kommer tilbage"\nmsgstr[1] "{n} LK tilbage"\n')
    for ours, theirs in ((single, counted), (counted, single)):
        merged = _merge(tmp_path, single, ours, theirs)
        assert 'msgstr[0] "{n} LK kommer tilbage"' in merged, merged
