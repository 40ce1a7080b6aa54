"""The GM's language (issue 23) for every message outside the areas: the CLI's
refusals (dice, typed numbers, rulesets, campaign files, the log opened twice),
`tracker list` and `rulesets check`, argparse's own words in every command's
help, and the players' page, served and in a real browser.

(1) the pseudo-locale ``xx`` (tests/support/i18n.py) shows no unmarked English
in any of these; (2) golden refusals in en, da and uk, with Ukrainian's three
plural forms (1, 2, 5, 21); (3) the players' page in the campaign's language.
"""

from __future__ import annotations

import html
import re
import sqlite3
from pathlib import Path

import pytest

from support.i18n import unmarked
from tracker import i18n
from tracker.cli import main
from tracker.core import campaign as camp
from tracker.core import party
from tracker.core.errors import Refused
from tracker.demo import build
from tracker.service import Campaign

ROOT = Path(__file__).resolve().parents[1]
DOLMENWOOD = (ROOT / "rulesets" / "dolmenwood.toml").read_text()

# ruleset texts a house-rule author may get wrong, each refused by a check of ours
BROKEN_RULESETS = {
    "duration": ('duration = "6 turns"', 'duration = "6 turnz"'),
    "dice": ('doom_die = "1d10"', 'doom_die = "1d1"'),
    "type": ("round_seconds = 10 ", 'round_seconds = "x" '),
    "range": ("round_seconds = 10 ", "round_seconds = 0 "),
    "newer": ("schema = 2", "schema = 9"),
    "unknown key": ('id = "dolmenwood"', 'idx = "dolmenwood"'),
    "table": ("{ roll = [2, 2],", "{ roll = [1, 2],"),
    "not toml": ("[meta]", "[meta"),
    "language": ('language = "uk"', 'language = "Ukrainian"'),
    "names": ('"lights.torch" = "Смолоскип"', '"lights.torchh" = "Смолоскип"'),
    "empty name": ('"lights.torch" = "Смолоскип"', '"lights.torch" = " "'),
}


def _house(tmp_path: Path, kind: str) -> Path:
    old, new = BROKEN_RULESETS[kind]
    assert old in DOLMENWOOD, kind
    f = tmp_path / f"house-{kind.replace(' ', '-')}.toml"
    f.write_text(DOLMENWOOD.replace(old, new, 1), encoding="utf-8")
    return f


def _run(args: list[str], capsys) -> tuple[int, str]:
    try:
        code = main(args)
    except SystemExit as e:  # argparse's own exits
        code = e.code
    out = capsys.readouterr()
    return code, out.out + out.err


def _newer_file(saves: Path, name: str) -> None:
    Campaign.create(saves, name, "dolmenwood", 1).close()
    con = sqlite3.connect(saves / f"{name}.campaign")
    con.execute("PRAGMA user_version = 99")
    con.commit()
    con.close()


def _older_file(saves: Path, name: str) -> None:
    """A campaign whose recorded ruleset, of ruleset schema 1, does not load even upcast."""
    import json

    Campaign.create(saves, name, "dolmenwood", 1).close()
    old = DOLMENWOOD.replace("schema = 2", "schema = 1", 1).replace("round_seconds = 10 ",
                                                                     "round_seconds = 0 ", 1)
    con = sqlite3.connect(saves / f"{name}.campaign")
    data = json.loads(con.execute("SELECT data FROM events WHERE seq = 1").fetchone()[0])
    data["ruleset_toml"] = old
    con.execute("UPDATE events SET data = ? WHERE seq = 1", (json.dumps(data),))
    con.commit()
    con.close()


def _damaged_file(saves: Path, name: str) -> None:
    c = Campaign.create(saves, name, "dolmenwood", 1)
    c.dispatch(camp.AddNote("one"))
    c.dispatch(camp.AddNote("two"))
    c.close()
    con = sqlite3.connect(saves / f"{name}.campaign")
    con.execute("UPDATE events SET data = '{broken' WHERE seq = 2")
    con.commit()
    con.close()


# -- (1) the pseudo-locale: every refusal of ours is marked ---------------------------

NAMES = {"house", "toml", "dolmenwood", "Dolmenwood", "campaign", "saves", "turnz", "idx",
         "junk", "newer", "damaged", "older", "broken", "tracker", "export", "FILE", "meta", "schema",
         "lights", "duration", "dungeon", "hasty_exit", "doom_die", "doom", "time",
         "round_seconds", "int", "str", "Ukrainian", "torchh", "names", "uk", "xyz", "nope", "nosuch", "jsonl", "code", "events",
         "seq", "type", "version", "data", "command_id", "session", "recorded_at",
         "exact", "bands", "bad", "name", "dnd", "drager", "dyb", "Bless", "effect", "end",
         "supplies", "torches"}
# what the system and the JSON parser say in their own words, inside our messages
SYSTEM_WORDS = re.compile(r"No such file or directory|Is a directory|Expecting [\w ']+|"
                          r"line \d+ column \d+ \(char \d+\)|Expecting property name "
                          r"enclosed in double quotes|[Ee]xtra data|Invalid control character")


def _cli_refusals(saves: Path, tmp_path: Path) -> list[list[str]]:
    """Every kind of CLI refusal this slice marks, as argument lists."""
    _newer_file(saves, "newer")
    _damaged_file(saves, "damaged")
    _older_file(saves, "older")
    (saves / "junk.campaign").write_bytes(b"not a campaign at all")
    bad_import = tmp_path / "bad.jsonl"
    bad_import.write_text('{"seq": 1}\n{oops\n', encoding="utf-8")
    steps = [["new", "p", "--ruleset", "dolmenwood", "--seed", "1"],
             ["list"],
             ["rulesets", "check", str(ROOT / "rulesets" / "dolmenwood.toml")],
             ["rulesets", "check", str(tmp_path / "nosuch.toml")],
             ["rulesets", "check", str(tmp_path)],
             ["new", "bad/name", "--ruleset", "dolmenwood"],
             ["new", "p", "--ruleset", "dolmenwood"],
             ["new", "q", "--ruleset", "nope"],
             ["do", "nosuch", "turn"],
             ["do", "newer", "turn"], ["do", "damaged", "turn"], ["do", "junk", "turn"],
             ["do", "older", "turn"],
             ["export", "damaged", "-o", str(tmp_path / "out.jsonl")],
             ["import", str(tmp_path / "nosuch.jsonl"), "z"],
             ["import", str(bad_import), "z"],
             ["do", "p", "add-character", "Bo", "--hp", "8"],
             ["do", "p", "note", "the door is open"],
             ["do", "p", "damage", "Bo", "2d"],
             ["do", "p", "damage", "Bo", "1d6+", "--dice", "1,2"],
             ["do", "p", "damage", "Bo", "1d6", "--dice", "9"],
             ["do", "p", "damage", "Bo", "0d6"], ["do", "p", "damage", "Bo", "1d6kh2"],
             ["do", "p", "damage", "Bo", "1001d6"], ["do", "p", "damage", "Bo", "x" * 300],
             ["do", "p", "turn", "--dice", "9,9"],
             ["do", "p", "supplies", "torches", "٣"],
             ["do", "p", "supplies", "torches", "99999999999999999999999"],
             ["do", "p", "supplies", "torches", "9999999"],
             ["do", "p", "turn", "--dice", "x"],
             ["do", "p", "reveal", "1"], ["do", "p", "reveal", "1"], ["do", "p", "reveal", "3"],
             ["do", "p", "reveal", "0"], ["do", "p", "reveal", "99"],
             ["do", "p", "players-hp", "bands"],
             ["state", "p", "--at", "99"]]
    steps += [["new", f"h{i}", "--ruleset", str(_house(tmp_path, kind))]
              for i, kind in enumerate(BROKEN_RULESETS)]
    steps += [["rulesets", "check", str(_house(tmp_path, kind))] for kind in BROKEN_RULESETS]
    return steps


def test_pseudo_locale_cli_refusals_list_and_rulesets_check(saves, tmp_path, capsys, pseudo):
    shown = []
    for step in _cli_refusals(saves, tmp_path):
        code, text = _run(["--lang", pseudo, *step], capsys)
        shown.append((step, code, text))
    wrong = []
    for step, code, text in shown:
        usage = False  # argparse's usage lines: option names, not words
        for line in text.splitlines():
            usage = line.startswith("⟦usage: ⟧") or usage and line.startswith(" ")
            # the refusals (tracker: ...), list's lines, rulesets check's and the log's
            if usage:
                continue
            theirs = step[:1] == ["do"] and step[2] in ("add-character", "damage", "note")
            if line.startswith(("tracker: ", "  ")) or "\t" in line or \
                    "#" in line and not theirs:  # an area's log lines are its own
                found = unmarked(SYSTEM_WORDS.sub(" ", line),
                                 NAMES | {w for a in step for w in Path(a).parts})
                if found:
                    wrong.append(f"{step}: {line!r}: {found}")
    assert not wrong, "\n".join(wrong)
    # they were refused, and said something
    refusals = [(s, c, t) for s, c, t in shown if c == 1]
    assert len(refusals) >= 25
    assert all("tracker: ⟦" in t for s, c, t in refusals), \
        [t for s, c, t in refusals if "tracker: ⟦" not in t]
    listed = next(t for s, c, t in shown if s == ["list"])
    for word in ("NEWER", "DAMAGED", "UNREADABLE"):
        assert f"⟦{word}⟧: ⟦" in listed, listed


def test_pseudo_locale_campaign_open_twice_and_list_states(saves, pseudo):
    a = Campaign.create(saves, "twice", "dolmenwood", 1)
    b = Campaign.open(saves, "twice")
    try:
        a.dispatch(camp.AddNote("first"))
        with i18n.using(pseudo), pytest.raises(Refused) as e:
            b.dispatch(camp.AddNote("second"))
    finally:
        a.close()
        b.close()
    assert not unmarked(str(e.value), {"twice"}), str(e.value)
    assert "⟦" in str(e.value)


def test_pseudo_locale_argparse_words_in_every_command_help(saves, capsys, pseudo):
    """argparse's own words (usage, options, its refusals) and the help of
    every command outside the areas read through the catalogs."""
    commands = ["open", "new", "list", "rulesets", "state", "log", "undo", "redo", "export",
                "serve", "import"]
    helps = [["--help"], ["do", "--help"], ["rulesets", "check", "--help"],
             ["do", "p", "reveal", "--help"], ["do", "p", "players-hp", "--help"]]
    helps += [[c, "--help"] for c in commands]
    for args in helps:
        code, text = _run(["--lang", pseudo, *args], capsys)
        assert code == 0, (args, text)
        assert text.startswith("⟦usage: ⟧"), (args, text)
        for english in ("usage:", "show this help message", "positional arguments",
                        "options:"):
            assert english not in text.replace(f"⟦{english}", ""), (args, english, text)
        if args[0] in commands or args[0] == "--help" or "reveal" in args \
                or "players-hp" in args:
            usage, kept = False, []
            for line in text.splitlines():  # the usage block: option names, not words
                usage = line.startswith("⟦usage: ⟧") or usage and line.startswith(" ")
                if not usage:
                    kept.append(line)
            # a help wrapped over lines is one message: join them, then drop option
            # names and metavars (--saves, DIR)
            body = re.sub(r"\s*\n\s+", " ", "\n".join(kept))
            body = re.sub(r"--?[\w-]+|\b[A-Z][A-Z_]+\b", " ", body)
            lines = [l for l in body.splitlines()
                     if unmarked(l, NAMES | {"file", "DIR", "CODE", "SEQ", "COMMAND", "SUBCOMMAND",
                                             "ACTION", "TEXT", "NAME", "FILE", "HOST",
                                             "PORT", "lang", "help", "host", "port",
                                             "new", "output", "format", "markdown",
                                             "json", "area", "character", "grep", "dice",
                                             "ruleset", "seed", "rulesets", "check",
                                             "open", "list", "state", "log", "undo",
                                             "redo", "serve", "import", "reveal",
                                             "players", "shown", "at", "session", "do",
                                             "party", "chase", "bastion", "travel",
                                             "history", "lights", "effects",
                                             "campaign", "table"})]
            assert not lines, (args, lines)
    # a usage error too
    code, text = _run(["--lang", pseudo, "nonsense"], capsys)
    assert code == 2 and "⟦invalid choice" in text.replace("⟦argument", "⟦invalid choice") \
        or "⟦" in text.splitlines()[-1], text


# -- (2) golden refusals in three languages -------------------------------------------

GOLDEN = {
    "en": {
        "name": "tracker: bad campaign name 'a/b': use 1-64 letters, digits, spaces and "
                ". _ + ' -, starting with a letter or digit (no '/', '..' or trailing dot)",
        "missing": "tracker: no campaign named 'nosuch' in {saves}",
        "dice": "tracker: bad dice expression '2d': expected the number of sides after 'd' "
                "at position 3",
        "chance": "bad chance '7-in-6': X must be 0..Y and Y from 2 to 10,000",
        "number": "the count: '٣': write it with the digits 0-9",
        "range": "the number: 1,000,000 is out of range (expected from 1 to 100)",
        "ruleset": "tracker: {file}, line 14: key time.round_seconds: expected a positive "
                   "number, at most 3,600",
        "newer": "tracker: newer.campaign was written by a newer tracker (file format 99, "
                 "this one reads up to 1): upgrade to open it",
        "twice": "twice.campaign was changed by another process (log at 2, expected 1); "
                 "nothing was recorded, try again",
        "reveal": "tracker: entry #2 keeps nothing from the players; only a secret can be "
                  "revealed (docs/players-view.md)",
        "hp": "tracker: the players already see hit points as bands (wounded, ...)",
        "list": "newer\t?\t0 events  NEWER: newer.campaign was written by a newer tracker "
                "(file format 99, this one reads up to 1): upgrade to open it",
    },
    "da": {
        "name": "tracker: ugyldigt kampagnenavn 'a/b': brug 1-64 bogstaver, cifre, mellemrum "
                "og . _ + ' -, begyndende med et bogstav eller ciffer (ingen '/', '..' eller "
                "punktum til sidst)",
        "missing": "tracker: ingen kampagne ved navn 'nosuch' i {saves}",
        "dice": "tracker: ugyldigt terningudtryk '2d': forventede antallet af sider efter 't' "
                "ved position 3",
        "chance": "ugyldig chance '7-in-6': X skal være 0..Y og Y fra 2 til 10.000",
        "number": "antallet: '٣': skriv det med cifrene 0-9",
        "range": "tallet: 1.000.000 er uden for området (forventede fra 1 til 100)",
        "ruleset": "tracker: {file}, linje 14: nøgle time.round_seconds: forventede et "
                   "positivt tal, højst 3.600",
        "newer": "tracker: newer.campaign blev skrevet af en nyere tracker (filformat 99, "
                 "denne læser op til 1): opgradér for at åbne den",
        "twice": "twice.campaign blev ændret af en anden proces (loggen står ved 2, "
                 "forventede 1); intet blev gemt, prøv igen",
        "reveal": "tracker: post #2 holder intet skjult for spillerne; kun en hemmelighed kan "
                  "afsløres (docs/players-view.md)",
        "hp": "tracker: spillerne ser allerede Livskraft som bånd (såret, ...)",
        "list": "newer\t?\t0 poster  NYERE: newer.campaign blev skrevet af en nyere "
                "tracker (filformat 99, denne læser op til 1): opgradér for at åbne den",
    },
    "uk": {
        "name": "tracker: хибна назва кампанії 'a/b': 1-64 літери, цифри, пробіли та "
                ". _ + ' -, на початку літера або цифра (без '/', '..' і крапки в кінці)",
        "missing": "tracker: немає кампанії з назвою 'nosuch' у {saves}",
        "dice": "tracker: хибний вираз кубиків '2d': очікувалася кількість граней після 'к' "
                "на позиції 3",
        "chance": "хибний шанс '7-in-6': X має бути 0..Y, а Y від 2 до 10\xa0000",
        "number": "кількість: '٣': запишіть його цифрами 0-9",
        "range": "число: 1\xa0000\xa0000 — поза межами (очікувалося від 1 до 100)",
        "ruleset": "tracker: {file}, рядок 14: ключ time.round_seconds: очікувалося додатне "
                   "число, щонайбільше 3\xa0600",
        "newer": "tracker: newer.campaign записано новішим tracker (формат файлу 99, цей "
                 "читає до 1): оновіть, щоб відкрити",
        "twice": "twice.campaign змінено іншим процесом (журнал на 2, очікувалося 1); нічого "
                 "не записано, спробуйте ще раз",
        "reveal": "tracker: запис #2 нічого не приховує від гравців; розкрити можна лише "
                  "таємницю (docs/players-view.md)",
        "hp": "tracker: гравці вже бачать хіти ступенями (поранення, ...)",
        "list": "newer\t?\t0 записів  НОВІША: newer.campaign записано новішим tracker (формат "
                "файлу 99, цей читає до 1): оновіть, щоб відкрити",
    },
}


@pytest.mark.parametrize("lang", ["en", "da", "uk"])
def test_golden_refusals_in_three_languages(saves, tmp_path, capsys, lang):
    from tracker.actions.supplies import _count
    from tracker.core.dice import parse_chance
    from tracker.core.numbers import parse_int

    want = {k: v.format(saves=saves, file=_house(tmp_path, "range"))
            for k, v in GOLDEN[lang].items()}
    Campaign.create(saves, "p", "dolmenwood", 1).close()
    _newer_file(saves, "newer")
    got = {}

    def refusal(*args):
        code, text = _run(["--lang", lang, *args], capsys)
        assert code == 1, (args, text)
        return text.strip()

    got["name"] = refusal("new", "a/b", "--ruleset", "dolmenwood")
    got["missing"] = refusal("do", "nosuch", "turn")
    assert main(["do", "p", "add-character", "Bo", "--hp", "8"]) == 0
    capsys.readouterr()
    got["dice"] = refusal("do", "p", "damage", "Bo", "2d")
    got["ruleset"] = refusal("rulesets", "check", str(tmp_path / "house-range.toml"))
    got["newer"] = refusal("do", "newer", "turn")
    assert main(["do", "p", "note", "the door is open"]) == 0
    capsys.readouterr()
    got["reveal"] = refusal("do", "p", "reveal", "2")
    assert main(["do", "p", "players-hp", "exact"]) == 0
    assert main(["do", "p", "players-hp", "bands"]) == 0
    capsys.readouterr()
    got["hp"] = refusal("do", "p", "players-hp", "bands")
    assert main(["--lang", lang, "list"]) == 0
    got["list"] = next(l for l in capsys.readouterr().out.splitlines() if l.startswith("newer"))
    with i18n.using(lang):
        for key, fn in (("chance", lambda: parse_chance("7-in-6")),
                        ("range", lambda: parse_int("1000000", lo=1, hi=100)),
                        ("number", lambda: _count("٣"))):
            try:
                fn()
            except Exception as e:  # Refused, or argparse's type error
                got[key] = str(e).split(" (", 1)[-1].rstrip(")") if key == "number" else str(e)
        a = Campaign.create(saves, "twice", "dolmenwood", 1)
        b = Campaign.open(saves, "twice")
        try:
            a.dispatch(camp.AddNote("first"))
            with pytest.raises(Refused) as e:
                b.dispatch(camp.AddNote("second"))
            got["twice"] = str(e.value)
        finally:
            a.close()
            b.close()
    assert got == want


@pytest.mark.parametrize("lang, n, want", [
    ("en", 1, "1 dice given, but this action rolled only 0"),
    ("en", 2, "2 dice given, but this action rolled only 0"),
    ("da", 1, "1 terning givet, men denne handling rullede kun 0"),
    ("da", 5, "5 terninger givet, men denne handling rullede kun 0"),
    ("uk", 1, "дано 1 кубик, але ця дія кинула лише 0"),
    ("uk", 2, "дано 2 кубики, але ця дія кинула лише 0"),
    ("uk", 5, "дано 5 кубиків, але ця дія кинула лише 0"),
    ("uk", 21, "дано 21 кубик, але ця дія кинула лише 0"),
])
def test_ukrainian_and_danish_plurals_in_refusals(make, lang, n, want):
    c = make("dolmenwood")
    with i18n.using(lang), pytest.raises(Refused) as e:
        c.dispatch(camp.AddNote("x"), [1] * n)
    assert str(e.value) == want


@pytest.mark.parametrize("lang, count, want", [
    ("en", 1, "can keep 1 to 1 of 1 dice"), ("uk", 1, "можна лишити від 1 до 1 з 1 кубика"),
    ("uk", 2, "можна лишити від 1 до 2 з 2 кубиків"),
    ("uk", 21, "можна лишити від 1 до 21 з 21 кубика"),
    ("da", 1, "kan beholde 1 til 1 af 1 terning"), ("da", 3, "kan beholde 1 til 3 af 3 terninger"),
])
def test_dice_refusals_count_in_the_language(lang, count, want):
    from tracker.core.dice import DiceError, parse

    with i18n.using(lang), pytest.raises(DiceError) as e:
        parse(f"{count}d6kh{count + 1}")
    assert want in str(e.value)


def test_a_ruleset_with_several_problems_counts_them_in_the_language(tmp_path):
    from tracker.core.ruleset import load_text

    text = DOLMENWOOD.replace('duration = "6 turns"', 'duration = "6 turnz"')
    for lang, more in (("en", "(and 1 more)"), ("da", "(og 1 mere)"), ("uk", "(і ще 1)")):
        with i18n.using(lang), pytest.raises(Refused) as e:
            load_text(text, "house.toml")
        assert str(e.value).endswith(more), str(e.value)


def test_the_english_of_a_refusal_is_unchanged(saves, capsys):
    """English reads as it did before the slice was marked (the golden record's
    language): the same words; numbers grouped as English groups them (1,000)."""
    from tracker.core.dice import DiceError, parse
    from tracker.core.limits import friendly
    import msgspec

    with pytest.raises(DiceError, match=r"^bad dice expression '1d6\+': expected a number or "
                                        r"'d' at position 5$"):
        parse("1d6+")
    with pytest.raises(DiceError, match=r"more than 1,000 dice"):
        parse("1001d6")
    with pytest.raises(msgspec.ValidationError) as e:
        msgspec.convert({"hp": 20000}, msgspec.defstruct(
            "H", [("hp", __import__("typing").Annotated[int, msgspec.Meta(le=10000)])]))
    assert friendly(e.value) == "HP must be at most 10,000"  # the field in words (gm-review7 C1)


# -- (3) the players' page in the campaign's language ----------------------------------


@pytest.fixture
def campaign_language(monkeypatch):
    """No locale variable speaks over the campaign's own language."""
    for var in ("LANGUAGE", "LC_ALL", "LC_MESSAGES"):
        monkeypatch.delenv(var, raising=False)


def _served(saves, code=None, lang=None, path="/"):
    from starlette.testclient import TestClient
    from tracker.web.app import create_app

    with TestClient(create_app(saves, "demo", code, lang)) as tc:
        return tc.get(path)


PAGE = {
    "da": {"lang": '<html lang="da">', "words": ["Dag 1,", "Spilgang 1", "<h2>Log</h2>",
                                                 "forbinder…", "data-on=\"direkte\"",
                                                 "data-off=\"forbinder igen…\"",
                                                 "spillernes visning", "såret"],
           "refused": ["Spillernes visning", "kræver bordets adgangskode",
                       "Spørg SL om adressen"]},
    "uk": {"lang": '<html lang="uk">', "words": ["День 1,", "Сесія 1", "<h2>Журнал</h2>",
                                                 "підключення…", "data-on=\"наживо\"",
                                                 "data-off=\"перепідключення…\"",
                                                 "перегляд гравців", "поранення"],
           "refused": ["Перегляд гравців", "потребує коду доступу",
                       "Попросіть у ведучого адресу"]},
}


def _demo(saves, ruleset="dyb-og-drager"):
    c = build(saves, "demo", ruleset, "encounter")
    c.dispatch(party.Damage(c.state.party[0].name, 2))  # wounded, as the players see it
    c.close()


@pytest.mark.parametrize("ruleset, lang", [("dyb-og-drager", "da"), ("dolmenwood", "uk")])
def test_the_served_page_reads_in_the_campaigns_language(saves, campaign_language,
                                                         ruleset, lang):
    _demo(saves, ruleset)
    page = _served(saves).text
    assert PAGE[lang]["lang"] in page
    for word in PAGE[lang]["words"]:
        assert word in page, (word, page)
    for english in ("Day 1,", "Session 1", "connecting…", "players' view", ">live<"):
        assert english not in page, english
    no = _served(saves, code="c0de-for-table")
    assert no.status_code == 403 and PAGE[lang]["lang"] in no.text
    for word in PAGE[lang]["refused"]:
        assert word in no.text, (word, no.text)
    stream = _served(saves, code="c0de-for-table", path="/events")
    assert stream.status_code == 403 and "access code" not in stream.text


def test_the_page_follows_lang_and_the_locale_variables_over_the_campaign(saves, monkeypatch,
                                                                          campaign_language):
    _demo(saves)
    assert '<html lang="uk">' in _served(saves, lang="uk").text
    monkeypatch.setenv("LANGUAGE", "en")  # as for every command: the variable beats it
    page = _served(saves).text
    assert '<html lang="en">' in page and "Day 1," in page and "wounded" in page


def test_the_page_under_the_pseudo_locale_shows_nothing_unmarked(saves, pseudo):
    """The page's own words, every label and the live words go through the
    catalogs (the panels' area words are the areas' own: not counted here)."""
    from tracker.web import page

    _demo(saves)
    served = _served(saves, lang=pseudo).text
    assert '<html lang="xx">' in served
    with i18n.using(pseudo):
        assert all(w.startswith("⟦") for k, w in page.live_words().items() if k != "lang")
    head = served.split('<main id="view">')[0]
    log = served.split('class="panel log"')[1]
    for part in (head, log.split("<ol>")[0], served.split('<section class="when">')[1]
                 .split("</section>")[0]):
        text = html.unescape(re.sub(r"<[^>]+>", " ", part))
        assert not unmarked(text, {"demo", "Dyb", "Drager", "viewport", "width"}), text
    refused = _served(saves, code="table", lang=pseudo).text
    assert not unmarked(html.unescape(re.sub(r"<[^>]+>", " ", refused.split("<body>")[1])),
                        {"code"}), refused


def test_the_live_stream_says_its_words_in_the_language_and_follows_a_change(
        saves, campaign_language):
    import json
    from tracker.web.app import _message, create_app

    _demo(saves)
    app = create_app(saves, "demo", None)
    watcher = app.state.watcher
    import asyncio

    asyncio.run(watcher.look())
    first = json.loads(_message(watcher).split("data: ", 1)[1])
    assert first["words"] == {"lang": "da", "on": "direkte", "off": "forbinder igen…"}
    assert "Spilgang 1" in first["html"]
    c = Campaign.open(saves, "demo")
    c.dispatch(camp.SetLanguage("uk"))
    c.close()
    asyncio.run(watcher.look())
    after = json.loads(_message(watcher).split("data: ", 1)[1])
    watcher.close()
    assert after["words"] == {"lang": "uk", "on": "наживо", "off": "перепідключення…"}
    assert "Сесія 1" in after["html"]


def test_hp_bands_read_in_the_language():
    from tracker.core.players import hp_band

    shown = {}
    for lang in ("en", "da", "uk"):
        with i18n.using(lang):
            shown[lang] = [hp_band(7, 7), hp_band(4, 7), hp_band(2, 7), hp_band(0, 7),
                           hp_band(0, 7, "dying"), hp_band(0, 7, "dead")]
    assert shown == {
        "en": ["unhurt", "wounded", "badly wounded", "down", "dying", "dead"],
        "da": ["uskadt", "såret", "hårdt såret", "nede", "døende", "død"],
        "uk": ["без ушкоджень", "поранення", "тяжкі поранення", "без тями", "при смерті",
               "без життя"],
    }


# the browser: the page in Danish, read by headless Chromium (tests/test_web_browser.py)
from support.browser import browser, wait_for  # noqa: E402,F401  (the fixture)


def test_the_page_in_a_real_browser_reads_in_danish(saves, browser, campaign_language):
    import subprocess
    import sys

    from webserver import running

    _demo(saves)
    with running(saves, "demo") as base:
        browser.get(base + "/")
        live = lambda: browser.find_element("id", "live").text  # noqa: E731
        assert wait_for(lambda: live() == "direkte", 5), live()
        assert browser.execute_script("return document.documentElement.lang") == "da"
        body = browser.find_element("tag name", "body").text
        for word in ("Dag 1,", "Spilgang 1", "Log", "såret"):
            assert word in body, (word, body)
        assert "Session 1" not in body and "wounded" not in body
        # the GM changes the language: the open page follows within a second
        subprocess.run([sys.executable, "-m", "tracker.cli", "--saves", str(saves), "do",
                        "demo", "language", "uk"], check=True, capture_output=True)
        assert wait_for(lambda: "Сесія 1" in browser.find_element("tag name", "body").text,
                        2.0), browser.find_element("tag name", "body").text
        assert wait_for(lambda: live() == "наживо", 1.0), live()
        assert browser.execute_script("return document.documentElement.lang") == "uk"
    # the server gone: the page says it is reconnecting, in the campaign's language
    assert wait_for(lambda: live() == "перепідключення…", 5), live()


def test_without_the_code_the_browser_is_told_so_in_danish(saves, browser, campaign_language):
    from webserver import running

    _demo(saves)
    with running(saves, "demo", code="table-code-1") as base:
        browser.get(base + "/?code=wrong")
        text = browser.find_element("tag name", "body").text
        assert "Den adgangskode hører ikke til dette bord." in text and "Astrid" not in text
        assert browser.execute_script("return document.documentElement.lang") == "da"


# -- the app's own messages: opening refusals, the keymap's problems, the busy dialog ---


@pytest.mark.parametrize("lang, want", [
    ("da", ["ingen tast har id'et 'nope.turn'", "'ctrl+' er ikke et tastenavn",
            "newer.campaign blev skrevet af en nyere tracker"]),
    ("uk", ["жодна клавіша не має ідентифікатора 'nope.turn'", "'ctrl+' — не назва клавіші",
            "newer.campaign записано новішим tracker"]),
    ("xx", ["⟦{file}: no key has the id {id} (docs/keys.md lists every id)⟧",
            "⟦{file}: {id}: {keys} is not a key name", "⟦{file} was written by a newer"]),
])
async def test_the_apps_opening_messages_read_in_the_language(saves, monkeypatch, pseudo,
                                                              lang, want):
    from tracker.ui.app import TrackerApp

    _newer_file(saves, "newer")
    keymap = saves.parent / "keymap.toml"
    keymap.write_text('"nope.turn" = "t"\n"dungeon.turn" = "ctrl+"\n', encoding="utf-8")
    monkeypatch.setenv("TRACKER_KEYMAP", str(keymap))
    app = TrackerApp(saves, "newer", lang=lang)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        told = [f"{n.title}: {n.message}" for n in app._notifications]
    for words in want:
        if lang == "xx":  # the pseudo-locale wraps the template; the values are formatted in
            words = words.split("{")[0]
        assert any(words in t for t in told), (words, told)


@pytest.mark.parametrize("lang", ["da", "uk", "xx"])
async def test_the_busy_dialog_reads_in_the_language_and_fits(saves, pseudo, lang):
    from support.i18n import svg_text
    from tracker.ui.app import TrackerApp
    from tracker.ui.busy import Busy, BusyDialog

    build(saves, "delve", "dyb-og-drager", "mid").close()
    app = TrackerApp(saves, "delve", lang=lang)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.app.workers.wait_for_complete()
        busy = Busy("title")
        busy.listener("entries replayed", 1500, 20000)
        app.call_later(app.push_screen, BusyDialog(busy))  # from the app's own context
        await pilot.pause()
        await pilot.pause()
        text = svg_text(app.export_screenshot())
        busy.stop.set()
    with i18n.using(lang):
        stopping = busy.line
        help_line = i18n._("Escape stops it: nothing is written until it is done. Keys typed "
                           "meanwhile wait for it.").split()[:3]
        counted = i18n._("{done} of {total} {what}").format(
            done=i18n.number(1500), total=i18n.number(20000), what=i18n._("entries replayed"))
        assert stopping == i18n._("Stopping; nothing is written.")
    assert counted.replace("\xa0", " ") in text, text  # svg_text reads no-break spaces as spaces
    assert " ".join(help_line) in text, text
    if lang == "xx":
        dialog = "\n".join(l for l in text.splitlines() if "⟦" in l)
        assert not unmarked(dialog, {"title"}), dialog


class _FullDisk:
    """The campaign's connection on a disk that is full: every insert fails."""

    def __init__(self, conn):
        self._conn = conn

    def executemany(self, *args):
        raise sqlite3.OperationalError("database or disk is full")

    def execute(self, sql, *args):  # a command's first row is written by execute
        if sql.lstrip().upper().startswith("INSERT"):
            raise sqlite3.OperationalError("database or disk is full")
        return self._conn.execute(sql, *args)

    def __getattr__(self, name):
        return getattr(self._conn, name)


@pytest.mark.parametrize("lang, want", [
    ("en", "could not save to full.campaign: database or disk is full; nothing was recorded "
           "and the log is intact"),
    ("da", "kunne ikke gemme i full.campaign: database or disk is full; intet blev gemt, og "
           "loggen er intakt"),
    ("uk", "не вдалося зберегти в full.campaign: database or disk is full; нічого не "
           "записано, журнал цілий"),
])
def test_a_full_disk_is_said_in_the_language_and_nothing_is_lost(saves, lang, want):
    c = Campaign.create(saves, "full", "dolmenwood", 1)
    real = c.store.conn
    c.store.conn = _FullDisk(real)
    try:
        with i18n.using(lang), pytest.raises(Refused) as e:
            c.dispatch(camp.AddNote("lost?"))
    finally:
        c.store.conn = real
        c.close()
    assert str(e.value) == want
    again = Campaign.open(saves, "full")
    assert again.seq == 1  # the log as it was
    again.close()


@pytest.mark.parametrize("ruleset, lang, want", [
    ("dyb-og-drager", "da", ["Spillernes visning af demo (kun læsning): åbn http://",
                             "Adgangskode: ", "laver en ny", "Ctrl-C stopper den."]),
    ("dolmenwood", "uk", ["Перегляд гравців — demo (лише читання): відкрийте http://",
                          "Код доступу: ", "створює інший", "Ctrl-C зупиняє."]),
])
def test_serve_says_where_to_open_the_page_in_the_campaigns_language(
        saves, capsys, monkeypatch, campaign_language, ruleset, lang, want):
    import uvicorn

    build(saves, "demo", ruleset, "mid").close()
    monkeypatch.setattr(uvicorn.Server, "run", lambda self: None)  # the server itself: not here
    assert main(["serve", "demo", "--host", "0.0.0.0", "--port", "8799"]) == 0
    out = capsys.readouterr().out
    for words in want:
        assert words in out, (words, out)
    assert main(["serve", "demo", "--port", "8799"]) == 0
    out = capsys.readouterr().out
    assert ("Kun denne maskine kan åbne den" if lang == "da" else
            "Відкрити його може лише цей компʼютер") in out, out
