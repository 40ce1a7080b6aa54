"""Every field name a GM reads comes from one place (core/field_words.py) and
has words in every language (gm-review7 C1, C12): a correction's or a
rewind's preview, an amend refusal, the log's "correct a field" dialog.

Walked by kind: every field of every registered event, and every key of the
state's JSON view that no area's reader puts in its own words (the keys of
the campaigns the generations tests keep, one for each ruleset)."""

from __future__ import annotations

import json
import re
import shutil
from pathlib import Path

import pytest

from tracker import i18n
from tracker.core import changes, field_words
from tracker.core import engine  # noqa: F401  (registers every area's events)
from tracker.core.errors import Refused
from tracker.core.events import EVENT_TYPES
from tracker.i18n import using
from tracker.service import Campaign

ROOT = Path(__file__).resolve().parent
GENERATIONS = sorted((ROOT / "data" / "generations").iterdir())
LANGUAGES = ("da", "uk")
# a key left as written: "days_without_food", "doom_roll"
RAW_KEY = re.compile(r"\b[a-z]+_[a-z_]+\b")


def _english(key: str) -> str:
    said = field_words.key_words(key)
    with using(i18n.ENGLISH):
        return field_words.words().get(said, "")


def _translated(code: str, msgid: str) -> bool:
    found = i18n.catalog(code)._catalog.get(f"field\x04{msgid}")  # noqa: SLF001
    return bool(found)


def _lacking(keys: set[str]) -> dict[str, list[str]]:
    out = {}
    for key in sorted(keys):
        english = _english(key)
        if not english:
            out[key] = ["no words in field_words.py"]
        elif missing := [c for c in LANGUAGES if not _translated(c, english)]:
            out[key] = [f"{english!r} untranslated in {', '.join(missing)}"]
    return out


def test_every_field_of_every_event_has_words_in_every_language():
    fields = {f: t for t, cls in EVENT_TYPES.items() for f in cls.__struct_fields__}
    lacking = _lacking(set(fields))
    assert not lacking, {k: (fields[k], v) for k, v in lacking.items()}


def _unspoken_keys(data, path=()) -> set[str]:
    """The dict keys of the JSON view that ``changes_in_words`` says by their
    words: under no area reader's paths, and not its bookkeeping."""
    out = set()
    if isinstance(data, dict):
        for k, v in data.items():
            if k in changes._UNSAID:  # noqa: SLF001
                continue
            here = path + (k,)
            leaf = (here, None, v)
            if any(changes._speaks_for(p, leaf)  # noqa: SLF001
                   for _o, paths, _r in changes._READERS for p in paths):  # noqa: SLF001
                continue
            out.add(k)
            out |= _unspoken_keys(v, here)
    elif isinstance(data, list):
        for item in data:
            out |= _unspoken_keys(item, path + ("*",))
    return out


@pytest.mark.parametrize("state_file", [p for g in GENERATIONS for p in sorted(g.glob("*.state.json"))],
                         ids=lambda p: f"{p.parent.name}/{p.stem}")
def test_every_state_key_a_preview_names_has_words_in_every_language(state_file):
    keys = _unspoken_keys(json.loads(state_file.read_text()))
    assert not _lacking(keys), _lacking(keys)


def _copy(saves, rid: str) -> Campaign:
    last = GENERATIONS[-1]
    shutil.copy(last / f"{rid}.campaign", saves / f"{rid}.campaign")
    return Campaign.open(saves, rid)


@pytest.mark.parametrize("rid", ["dyb-og-drager", "dolmenwood", "dnd-2024"])
@pytest.mark.parametrize("lang", LANGUAGES)
def test_a_rewind_preview_names_no_field_as_written(saves, rid, lang):
    """Rewinding a played campaign to each of its early entries: every line of
    the preview in words ("days_without_food", "saved" were left in English)."""
    c = _copy(saves, rid)
    try:
        seen = []
        with using(lang, rid):
            for seq in range(2, c.seq, max(1, c.seq // 12)):
                seen += c.explain(c.rewind_command(seq)).changes
        assert seen
        raw = [line for line in seen if RAW_KEY.search(line)]
        assert not raw, raw
    finally:
        c.close()


def test_a_corrected_hasty_exit_previews_its_fields_in_ukrainian(make):
    """gm-review7 C1: "Брамбл · saved: так → …", "doom roll", "fate"."""
    from tracker.core import dungeon as dun
    from tracker.core import party

    c = make("dolmenwood")
    c.dispatch(party.AddCharacter("Wren", "fighter", 3, (14, 10, 9, 12, 13, 8)))
    c.dispatch(party.AddCharacter("Bram", "thief", 3, (10, 10, 9, 16, 13, 8)))
    c.dispatch(dun.EnterDungeon("B", 3))
    seq = c.dispatch(dun.LeaveDungeon(hasty=True), [18, 5, 3]).envelopes[0].seq
    with using("uk", "dolmenwood"):
        said = c.explain(c.amend_command(seq, dice=[20, 11])).changes
    text = "\n".join(said)
    assert said and not re.search(r"\b(saved|doom roll|fate|target)\b", text), text


@pytest.mark.parametrize("lang", LANGUAGES)
def test_an_amend_refusal_names_the_fields_in_the_gms_language(make, lang):
    """gm-review7 C12: "lys tændt har intet felt 'carrier' (felter: kind, by)"."""
    from tracker.core import dungeon as dun
    from tracker.core import lights, party, supplies

    c = make("dyb-og-drager")
    c.dispatch(party.AddCharacter("Ea", "fighter", 1, (14, 10, 13, 12, 13, 8)))
    c.dispatch(party.AddCharacter("Bo", "fighter", 1, (14, 10, 13, 12, 13, 8)))
    c.dispatch(supplies.SetSupplies("torches", 3))
    c.dispatch(dun.EnterDungeon("Cave", 1))
    lit = c.dispatch(lights.LightSource("torch", "Ea")).envelopes[0].seq
    with using(lang, "dyb-og-drager"):
        with pytest.raises(Refused) as e:
            c.amend_command(lit, fields={"carrier": "Bo"})
        named = field_words.field_name("by")
        said = str(e.value)
        assert named in said and field_words.field_name("kind") in said, said
        assert not re.search(r"\b(kind|by)\b", said.split("(", 1)[1]), said
        # the field read back as the refusal names it, or by its key
        for typed in (named, named.upper(), "by"):
            cmd = c.amend_command(lit, fields={typed: "Bo"})
            assert "Bo" in c.explain(cmd).entry_after


@pytest.mark.parametrize("lang", ["en", *LANGUAGES])
def test_a_kept_or_mistyped_field_is_named_in_words(make, lang):
    from tracker.core import party

    c = make("dyb-og-drager")
    seq = c.dispatch(party.AddCharacter("Ea", "fighter", 1, (14, 10, 13, 12, 13, 8))) \
        .envelopes[0].seq
    with using(lang, "dyb-og-drager"):
        with pytest.raises(Refused) as e:
            c.amend_command(seq, fields={"level": "x"})
        said, level = str(e.value), field_words.field_name("level")
    assert said.startswith(level), said
    assert lang == "en" or "level" not in said, said
