"""The language text is shown in: gettext catalogs, plurals, numbers.

The log stores facts, never sentences: text is made when it is shown, in the
language active at that moment. The active language is a context the caller
sets (the CLI for one command, the app for its run) with ``using(code)``; the
core's views call ``_()`` and ``ngettext()`` and never choose a language
themselves. Replay and evolve make no text, so they never come here.

The catalogs are ``tracker/locale/<code>/LC_MESSAGES/tracker.mo``, compiled
from the ``.po`` files by the package build (``setup.py``) and by
``python3 dev.py catalogs`` (docs/i18n.md). This module imports nothing of
tracker, so the core, the CLI, the app and the web view can all use it.
"""

from __future__ import annotations

import gettext as _gettext
import os
import re
import string
from contextlib import contextmanager
from contextvars import ContextVar
from functools import lru_cache
from pathlib import Path
from typing import Iterator, Mapping

DOMAIN = "tracker"
LOCALE_DIR = Path(__file__).resolve().parent / "locale"
ENGLISH = "en"
# Names of the languages in themselves, for the "Language" choice.
NATIVE_NAMES = {"en": "English", "da": "Dansk", "uk": "Українська"}


class UnknownLanguage(ValueError):
    """A language code with no catalog."""


class _Slot:
    """The language in use for one context, and the game (ruleset id) whose
    words it speaks. Mutable on purpose: the app sets one slot for its run,
    and a change of language (the palette's "Language") reaches every task
    that copied the context, not just one."""

    __slots__ = ("code", "catalog", "game")

    def __init__(self, code: str, catalog: _gettext.NullTranslations, game: str = ""):
        self.code, self.catalog, self.game = code, catalog, game


_EXTRA: dict[str, _gettext.NullTranslations] = {}  # installed at run time (tests' pseudo-locale)


@lru_cache(maxsize=None)
def _load(code: str) -> _gettext.NullTranslations:
    if code == ENGLISH:
        return _gettext.NullTranslations()
    try:
        return _gettext.translation(DOMAIN, LOCALE_DIR, [code])
    except OSError:
        raise UnknownLanguage(code) from None


def catalog(code: str, game: str = "") -> _gettext.NullTranslations:
    """The translations of ``code``; ``UnknownLanguage`` if it has none. With
    ``game`` (a ruleset's ``[meta] id``), that game's own words first: its
    catalog ``tracker-<id>`` holds only the messages its game words otherwise
    (D&D 2024's Ukrainian GM is *Майстер*, seed 003, where the shared catalog
    says *ведучий*, seed 004's word); every other message is the language's."""
    if code in _EXTRA:
        return _EXTRA[code]
    return _with_game(code, game) if game else _load(code)


@lru_cache(maxsize=None)
def _with_game(code: str, game: str) -> _gettext.NullTranslations:
    shared = _load(code)
    if code == ENGLISH:
        return shared
    try:
        own = _gettext.translation(f"{DOMAIN}-{game}", LOCALE_DIR, [code])
    except OSError:  # no words of its own in this language: the shared catalog's
        return shared
    own.add_fallback(shared)
    return own


def install(code: str, translations: _gettext.NullTranslations) -> None:
    """Make a catalog built elsewhere usable as ``code`` (the tests' pseudo-locale)."""
    _EXTRA[code] = translations


def available() -> list[str]:
    """The languages with a compiled catalog, English first."""
    found = sorted(p.parent.parent.name for p in LOCALE_DIR.glob(f"*/LC_MESSAGES/{DOMAIN}.mo"))
    return [ENGLISH] + [c for c in found if c != ENGLISH] + sorted(set(_EXTRA) - set(found))


_DEFAULT = _Slot(ENGLISH, _load(ENGLISH))  # English, for a context nobody set
_ACTIVE: ContextVar[_Slot] = ContextVar("tracker_language", default=_DEFAULT)


def current() -> str:
    """The code of the language text is made in now."""
    return _ACTIVE.get().code


def current_game() -> str:
    """The game (ruleset id) whose words text is made with now ("": none)."""
    return _ACTIVE.get().game


def game_of(state) -> str:
    """The game a campaign's state plays: its ruleset's ``[meta] id``."""
    meta = getattr(getattr(state, "rules", None), "meta", None)
    return getattr(meta, "id", "") or ""


@contextmanager
def using(code: str, game: str = "") -> Iterator[None]:
    """Make text in ``code`` (and ``game``'s words) inside the block."""
    token = _ACTIVE.set(_Slot(code, catalog(code, game), game))
    try:
        yield
    finally:
        _ACTIVE.reset(token)


def activate(code: str, game: str = "") -> None:
    """Give the calling context (and every task it starts) its own slot in
    ``code``, kept until the context ends: the app's run, one CLI command."""
    _ACTIVE.set(_Slot(code, catalog(code, game), game))


def switch(code: str, game: str | None = None) -> None:
    """Change the language of the slot in force (the app's, set by
    ``activate``); ``game`` None keeps the slot's game (a new language for the
    same campaign), a campaign opened names its own."""
    slot = _ACTIVE.get()
    game = slot.game if game is None else game
    if slot is _DEFAULT:  # never change every context's English: give this one its own
        activate(code, game)
        return
    slot.catalog, slot.code, slot.game = catalog(code, game), code, game


def _(message: str) -> str:
    """``message`` in the active language."""
    slot = _ACTIVE.get()
    text = slot.catalog.gettext(message)
    return Message(text)


gettext = _


def ngettext(singular: str, plural: str, n: int) -> str:
    """The form for ``n`` in the active language (Ukrainian has three)."""
    slot = _ACTIVE.get()
    text = slot.catalog.ngettext(singular, plural, n)
    return Message(text)


def pgettext(context: str, message: str) -> str:
    """``message`` told apart by ``context`` where one English word has two meanings."""
    slot = _ACTIVE.get()
    text = slot.catalog.pgettext(context, message)
    return Message(text)


class Message(str):
    """A message in the run's language, whose ``format()`` writes every
    number it is given in the language's form (``number``: English 1,200,
    Danish 1.200 and 2,5, Ukrainian 1 200), so no path that hands a message a
    bare int can show "1200 ft" beside another's "2,000 ft" (gm-review6 C1:
    "1500 XP" beside "1,200 ft"). Left as given: a number that names rather
    than counts (``#{id}``, a field in ``NAMING``) and a field with its own
    format spec (``{n:+d}``)."""

    __slots__ = ()

    def format(self, *args, **kwargs) -> str:
        if kwargs:
            plain = _naming_fields(str(self))
            kwargs = {k: number(v) if type(v) in (int, float) and k not in plain else v
                      for k, v in kwargs.items()}
        return str.format(self, *args, **kwargs)


_FIELDS = string.Formatter()
# Placeholders whose number names something (an entry, a port, a range of
# entries or sessions): written as the log and the CLI take them, never grouped.
NAMING = frozenset({"seq", "id", "port", "first", "last", "expected"})


@lru_cache(maxsize=4096)
def _naming_fields(template: str) -> frozenset[str]:
    plain = set(NAMING)
    try:
        for literal, field, spec, conversion in _FIELDS.parse(template):
            if field is not None and (literal.endswith("#") or spec or conversion):
                plain.add(field)
    except ValueError:  # not a format template: str.format says so itself
        pass
    return frozenset(plain)



def N_(message: str) -> str:
    """Mark a constant for extraction; translate it with ``_()`` where it is shown."""
    return message


def NP_(context: str, message: str) -> str:
    """Mark a constant with its context; translate it with ``pgettext()`` where shown."""
    return message


# --- dice: the letter each language writes a die with -------------------------------

# A die's "d" where it stands for a die: after a count or at the start, never
# inside a word ("1d6", "d20", "2d20kh1+3", "d%"; not "add", "d{day}" is no die).
_DIE_LETTER = re.compile(r"(?<![^\W\d_])d(?=[0-9]|%)")


# "kh"/"kl" (keep the highest/lowest) between a die's sides and a count: 4d6kh3
_KEEP = re.compile(r"(?<=[0-9])(kh|kl)(?=[0-9])")


def dice(text: str) -> str:
    """A dice expression (or text holding some) as the GM's language writes a
    die: English ``1d6``, Danish ``1t6`` (seed 000, *terning*), Ukrainian
    ``1к6`` (seed 003, *кубик*), and what it keeps in the same script
    (``4к6зв3``, not ``4к6kh3``: gm-review7 C7). The letters are the
    catalog's. For the GM's eyes only: the log, rulesets and ``state --json``
    keep ``d`` and ``kh``, and what a GM types reads either way (core/dice.py)."""
    letter = die_letter()
    if letter == "d":
        return text  # English, or a catalog with no single letter (the pseudo-locale)
    kept = dict(zip(("kh", "kl"), keep_words()))
    return _KEEP.sub(lambda m: kept[m.group(1)], _DIE_LETTER.sub(letter, text))


def die_letter() -> str:
    """The letter the active language writes a die with ("d", Danish "t",
    Ukrainian "к"): what a dice expression reads with, and what its errors name."""
    # TRANSLATORS: the letter a die is written with: 1d6, 2d20 (Danish t, Ukrainian к)
    letter = pgettext("die letter", "d")
    return letter if len(letter) == 1 and letter.isalpha() else "d"


def keep_words() -> tuple[str, str]:
    """How the active language writes "keep the highest" and "keep the
    lowest" in dice (``4d6kh3``): two letters each, in its own script."""
    # TRANSLATORS: dice notation "keep the highest N" (4d6kh3: roll 4, keep the highest 3):
    # two letters in your script (Ukrainian зв, "залишити вищі"), unlike "keep the lowest"
    high = pgettext("dice keep highest", "kh")
    # TRANSLATORS: dice notation "keep the lowest N" (2d20kl1): two letters in your script
    low = pgettext("dice keep lowest", "kl")
    if high != low and all(len(w) == 2 and w.isalpha() for w in (high, low)):
        return high.lower(), low.lower()
    return "kh", "kl"


def every_keep_word() -> dict[str, str]:
    """Each language's keep words -> "kh" or "kl": what a GM may type in any
    of them (a die's letter reads in any language the same way): the shipped
    catalogs', not one a test installs."""
    return _every_keep_word(tuple(c for c in available() if c not in _EXTRA))


@lru_cache(maxsize=4)
def _every_keep_word(codes: tuple[str, ...]) -> dict[str, str]:
    out = {"kh": "kh", "kl": "kl"}
    for code in codes:
        try:
            with using(code):
                high, low = keep_words()
        except UnknownLanguage:
            continue
        out.setdefault(high, "kh")
        out.setdefault(low, "kl")
    return out


# --- numbers and dates: Babel's rules per locale ------------------------------------


def number(n: int | float) -> str:
    """A number with the locale's grouping and decimal sign (Danish 1.000 and 2,5)."""
    return _formatted(n, type(n), _babel_locale())


@lru_cache(maxsize=4096)
def _formatted(n: int | float, kind: type, locale: str) -> str:
    """Babel's ``format_decimal``, kept: it took about 0.4 ms a call, and a
    keystroke's alerts and panels format the same few numbers again and again
    (``kind``: 2 and 2.0 are one key to the cache, not one number)."""
    from babel.numbers import format_decimal

    return format_decimal(n, locale=locale)


def group_sign() -> str:
    """The sign ``number`` groups thousands with in the run's language (en
    ",", da ".", uk a no-break space): what a typed number may hold too."""
    from babel.numbers import get_group_symbol

    return get_group_symbol(_babel_locale())


def signed(n: int) -> str:
    """``+2`` / ``-1`` / ``+0`` (a modifier), with the locale's digits and minus."""
    return ("+" if n >= 0 else "-") + number(abs(n))


def date_time(moment) -> str:
    """A wall-clock moment (a session's date in the log) in the locale's short form."""
    from babel.dates import format_datetime

    return format_datetime(moment, format="short", locale=_babel_locale())


def _babel_locale() -> str:
    code = current()
    return code if code in NATIVE_NAMES else ENGLISH  # a pseudo-locale formats as English


# --- which language: --lang, then the environment, then the campaign's --------------

EXPLICIT_VARIABLES = ("LANGUAGE", "LC_ALL", "LC_MESSAGES")


def normalize(value: str) -> str | None:
    """``da_DK.UTF-8`` -> ``da``; ``C``, ``POSIX`` and empty -> None."""
    code = value.split(".")[0].split("@")[0].split("_")[0].split("-")[0].strip().lower()
    return None if code in ("", "c", "posix") else code


def from_variables(names, env: Mapping[str, str] | None = None) -> str | None:
    """The first language we have among the locale variables ``names``
    (LANGUAGE may list several, ``da:en``); None when they name none we have."""
    env = os.environ if env is None else env
    have = set(available())
    for name in names:
        for part in (env.get(name) or "").split(":"):
            code = normalize(part)
            if code in have:
                return code
            if code is not None and name != "LANGUAGE":
                break  # LC_ALL=fr_FR: French asked, none here; look further
    return None


def choose(asked: str | None = None, campaign: str | None = None,
           env: Mapping[str, str] | None = None) -> str:
    """The language for this run: ``--lang``, then LANGUAGE, LC_ALL and
    LC_MESSAGES, then the campaign's own, then LANG, then English. LANG comes
    after the campaign because nearly every system sets it (en_US.UTF-8 on
    most): were it first, no campaign would ever show its own language."""
    if asked:
        code = normalize(asked) or asked
        catalog(code)  # UnknownLanguage names it
        return code
    found = from_variables(EXPLICIT_VARIABLES, env)
    if found:
        return found
    if campaign and campaign in available():
        return campaign
    return from_variables(("LANG",), env) or ENGLISH
