"""Rulesets: TOML data checked at load, with errors naming file, key and line.

Every number a ruleset decides lives in the TOML; this module only knows the
shape, and only its campaign-wide part (``[meta]``, ``[time]``): each area
declares its own section in its ``model.py`` (see ``parts.py``), and the
``Ruleset`` type is put together from them here. Durations are written as
text (``"6 turns"``, ``"1 hour"``) and turned into campaign-clock seconds with
the ruleset's own time units (``schema.seconds``).
"""

from __future__ import annotations

import hashlib
import re
import tomllib
import types
import typing
from functools import lru_cache
from typing import Annotated

import msgspec
import msgspec.inspect as mi

from ..i18n import _, ngettext, number
from . import areas, terms
from .parts import SECTIONS
from .schema import Meta, NewerRuleset, OlderRuleset, Problems, RulesetError, Time

MAX_TEXT = 1_000_000  # characters: the shipped rulesets are about 20k

# The ruleset schema this tracker writes and reads; a text says which it was
# written for in ``[meta] schema`` (none: 1, the texts of 2026-11-30 and before).
# Bump it, with an upgrade in each section's ``ruleset_section(upgrades=...)``,
# when a key or check is added that would read an older text differently.
RULESET_SCHEMA = 2

areas.import_layer("model")  # every area's section, before the type is built from them

Ruleset = msgspec.defstruct(
    "Ruleset",
    [("meta", Meta), ("time", Time)]
    + [(s.name, s.type) if s.default is msgspec.NODEFAULT else (s.name, s.type, s.default)
       for s in SECTIONS]
    # [names.da] "lights.torch" = "Fakkel": its names in other languages (core/terms.py)
    + [("names", dict[str, dict[str, Annotated[str, msgspec.Meta(max_length=200)]]], {})],
    module=__name__, frozen=True, forbid_unknown_fields=True, kw_only=True,
)
Ruleset.__doc__ = "A checked ruleset: [meta], [time], each area's section and [names]."


class LoadedRuleset(msgspec.Struct, frozen=True):
    """A checked ruleset with the exact text it came from and its hash."""

    rules: Ruleset
    text: str
    hash: str


# --- loading ------------------------------------------------------------------


def schema_of(raw: dict, origin: str = "<ruleset>") -> int:
    """The ruleset schema a parsed text says it was written for (1 when it
    does not say); refused when it is later than this tracker knows."""
    meta = raw.get("meta")
    version = meta.get("schema", 1) if isinstance(meta, dict) else 1
    if type(version) is not int or version < 1:
        raise RulesetError(_("{origin}: key meta.schema: expected a whole number from 1")
                           .format(origin=origin))
    if version > RULESET_SCHEMA:
        raise NewerRuleset(_("{origin}: written for ruleset schema {version} by a newer "
                             "tracker (this one reads up to {known}): upgrade to "
                             "open it").format(origin=origin, version=version,
                                               known=RULESET_SCHEMA))
    return version


def upcast(raw: dict, version: int) -> dict:
    """A parsed text written for ruleset schema ``version`` read as today's:
    each section's upgrades, one schema at a time (``parts.ruleset_section``).
    ``[meta] schema`` keeps saying what the text was written for."""
    for v in range(version, RULESET_SCHEMA):
        for section in SECTIONS:
            fn = section.upgrades.get(v)
            if fn is None:
                continue
            table = fn(raw.get(section.name))
            if table is None:
                raw.pop(section.name, None)
            else:
                raw[section.name] = table
    return raw


def _all_problems(r: Ruleset) -> Problems:
    """Every check's findings, [time]'s then each section's, as (key path, problem)."""
    problems = Problems()
    t = r.time
    spans = [("round_seconds", t.round_seconds), ("turn_seconds", t.turn_seconds),
             ("hour_seconds", t.hour_seconds), ("day_seconds", t.day_seconds)]
    for (short, a), (long, b) in zip(spans, spans[1:]):
        if a > b:
            problems.add(f"time.{long}", _("{long} is shorter than {key} ({short})").format(
                long=b, key=f"time.{short}", short=a))
    for section in SECTIONS:
        if section.check is not None:
            problems += section.check(r)
    problems += terms.check(r)
    return problems


def _check_semantics(r: Ruleset) -> list[tuple[str, str]]:
    """Checks msgspec cannot express, as (key path, problem) pairs; a check added
    after the schema the text was written for is left out (it was not there
    when the text was good)."""
    written_for = r.meta.schema
    return [p for p in _all_problems(r) if getattr(p, "since", 1) <= written_for]


def checks_added_since(r: Ruleset) -> set[tuple[str, str]]:
    """What the checks added after the text's schema find in it: an old
    campaign's text replays without them, but a new house rule must pass them."""
    written_for = r.meta.schema
    return {tuple(p) for p in _all_problems(r) if getattr(p, "since", 1) > written_for}


def _line_of(text: str, path: str) -> int | None:
    """The line where ``path`` (``a.b.c``) is defined, as well as we can tell."""
    parts = [p.split("[")[0] for p in path.split(".") if p]
    if not parts:
        return None
    table: list[str] = []
    best = None
    for n, raw in enumerate(text.splitlines(), 1):
        line = raw.split("#", 1)[0].strip()
        m = re.match(r"^\[\[?\s*([^\]]+?)\s*\]\]?$", line)
        if m:
            table = [p.strip().strip('"') for p in m.group(1).split(".")]
            if table == parts:
                best = n
            continue
        key = line.split("=", 1)[0].strip().strip('"') if "=" in line else None
        if key is None:
            continue
        full = table + [p.strip().strip('"') for p in key.split(".")]
        if full == parts:
            return n
        if full == parts[:len(full)] and best is None:
            best = n  # an inline table that holds the key
        if full == parts[:len(full)] and table and len(full) > len(table):
            best = n
    return best


def _type_at(path: str):
    """The msgspec type info at a ``$.a.b[0]`` style path of the Ruleset, or None."""
    t = mi.type_info(Ruleset)
    for tok in re.findall(r"[^.\[\]]+|\[[^\]]*\]", path):
        while isinstance(t, mi.UnionType):
            t = next((x for x in t.types if not isinstance(x, mi.NoneType)), None)
        if isinstance(t, mi.StructType) and not tok.startswith("["):
            t = next((f.type for f in t.fields if f.name == tok), None)
        elif isinstance(t, mi.DictType):
            t = t.value_type
        elif isinstance(t, mi.ListType) and tok.startswith("["):
            t = t.item_type
        else:
            return None
    while isinstance(t, mi.UnionType):
        t = next((x for x in t.types if not isinstance(x, mi.NoneType)), None)
    return t


def _strip(tp):
    """``Annotated[X, ...]`` and ``X | None`` down to ``X``."""
    while True:
        origin = typing.get_origin(tp)
        if origin is Annotated:
            tp = typing.get_args(tp)[0]
        elif origin in (typing.Union, types.UnionType):
            tp = next(a for a in typing.get_args(tp) if a is not type(None))
        else:
            return tp


def _name_keys(raw, path: str) -> str:
    """msgspec writes a table key as ``[...]``: put the key's name back, found
    by checking each entry of that table on its own."""
    out, node, tp = [], raw, Ruleset
    for tok in re.findall(r"[^.\[\]]+|\[[^\]]*\]", path):
        tp = _strip(tp)
        if tok == "[..." + "]" and isinstance(node, dict) and typing.get_origin(tp) is dict:
            vt = typing.get_args(tp)[1]
            for k, v in node.items():
                try:
                    msgspec.convert(v, vt)
                except msgspec.ValidationError:
                    break
            else:
                return path
            out.append(f".{k}")
            node, tp = v, vt
        elif tok.startswith("[") and isinstance(node, list) and tok[1:-1].isdigit():
            i = int(tok[1:-1])
            out.append(tok)
            node = node[i] if i < len(node) else None
            tp = typing.get_args(tp)[0] if typing.get_args(tp) else None
        elif isinstance(node, dict) and not tok.startswith("["):
            out.append(f".{tok}" if out else tok)
            node = node.get(tok)
            hints = typing.get_type_hints(tp, include_extras=True) if isinstance(tp, type) \
                and issubclass(tp, msgspec.Struct) else {}
            tp = hints.get(tok)
        else:
            return path
        if tp is None:
            return path
    return "".join(out)


def _plain(what: str, path: str) -> str:
    """msgspec's wording of a range or length problem, in the GM's words."""
    if re.match(r"Expected `int` [<>]=", what) or "out of range" in what:
        t = _type_at(path)
        if isinstance(t, mi.IntType) and t.ge is not None and t.le is not None:
            if t.ge == 1:
                return _("expected a positive number, at most {most}").format(
                    most=number(t.le))
            return _("expected a number from {least} to {most}").format(
                least=number(t.ge), most=number(t.le))
    if re.match(r"Expected `array` of length [<>]=", what):
        return _("expected [low, high]: two numbers")
    return _msgspec_words(what)


# msgspec's own wordings a ruleset check shows, in the GM's language (English:
# msgspec's words as they were); any other reads as msgspec wrote it.
_MSGSPEC = [
    (re.compile(r"^Expected `(\w+)`, got `(\w+)`$"),
     lambda m: _("Expected `{want}`, got `{got}`").format(want=m[1], got=m[2])),
    (re.compile(r"^Object contains unknown field `([^`]+)`$"),
     lambda m: _("Object contains unknown field `{key}`").format(key=m[1])),
    (re.compile(r"^Expected `(\w+)` of length <= (\d+)$"),
     lambda m: _("Expected `{want}` of length <= {n}").format(want=m[1], n=m[2])),
    (re.compile(r"^Expected `(\w+)` of length >= (\d+)$"),
     lambda m: _("Expected `{want}` of length >= {n}").format(want=m[1], n=m[2])),
    (re.compile(r"^Expected `(\w+)` <= (-?\d+)$"),
     lambda m: _("Expected `{want}` <= {n}").format(want=m[1], n=m[2])),
    (re.compile(r"^Expected `(\w+)` >= (-?\d+)$"),
     lambda m: _("Expected `{want}` >= {n}").format(want=m[1], n=m[2])),
    (re.compile(r"^Invalid enum value (.+)$"),
     lambda m: _("Invalid enum value {value}").format(value=m[1])),
]


def _msgspec_words(what: str) -> str:
    for pattern, said in _MSGSPEC:
        m = pattern.match(what)
        if m:
            return said(m)
    return what


def load_text(text: str, origin: str = "<ruleset>") -> LoadedRuleset:
    """Parse, upcast and check ruleset TOML; raise ``RulesetError`` naming
    what is wrong (``NewerRuleset`` for a later schema, ``OlderRuleset`` for
    an earlier one that does not load even upcast)."""
    try:
        return _load(text, origin)
    except RulesetError as e:
        if isinstance(e, NewerRuleset) or _written_for(text) >= RULESET_SCHEMA:
            raise
        raise OlderRuleset(_("{problem} (its text is of ruleset schema {old}, from an older "
                             "tracker; this one reads schema {known} and upcasts the "
                             "older)").format(problem=e, old=_written_for(text),
                                              known=RULESET_SCHEMA)) from None


def _written_for(text: str) -> int:
    try:
        return schema_of(tomllib.loads(text))
    except Exception:
        return RULESET_SCHEMA


def _load(text: str, origin: str) -> LoadedRuleset:
    if not isinstance(text, str):
        raise RulesetError(_("{origin}: not text").format(origin=origin))
    if len(text) > MAX_TEXT:
        raise RulesetError(ngettext("{origin}: too large ({n} character; a ruleset is limited "
                                    "to {most})",
                                    "{origin}: too large ({n} characters; a ruleset is limited "
                                    "to {most})", len(text)).format(
                                        origin=origin, n=number(len(text)),
                                        most=number(MAX_TEXT)))
    try:
        text.encode("utf-8")
    except UnicodeEncodeError:
        raise RulesetError(_("{origin}: not valid UTF-8 text").format(origin=origin)) from None
    try:
        raw = tomllib.loads(text)
    except tomllib.TOMLDecodeError as e:
        raise RulesetError(_("{origin}: not valid TOML: {reason}").format(
            origin=origin, reason=e)) from None
    except (ValueError, RecursionError) as e:  # e.g. an integer of thousands of digits
        reason = _("a number is too long") if isinstance(e, ValueError) else \
            _("nested too deeply")
        raise RulesetError(_("{origin}: not usable TOML: {reason}").format(
            origin=origin, reason=reason)) from None
    raw = upcast(raw, schema_of(raw, origin))
    try:
        rules = msgspec.convert(raw, Ruleset)
    except msgspec.ValidationError as e:
        msg = str(e)
        m = re.search(r"at `\$\.?(.*)`", msg)
        path = m.group(1) if m else ""
        if "[...]" in path:
            path = _name_keys(raw, path)
        unknown = re.search(r"unknown field `([^`]+)`", msg)
        if unknown:
            path = f"{path}.{unknown.group(1)}" if path else unknown.group(1)
        what = re.sub(r"\s*-\s*at `.*`$", "", msg)
        if "Object missing required field" in what:
            field = re.search(r"`([^`]+)`", what).group(1)
            path = f"{path}.{field}" if path else field
            what = _("this key is required but missing")
        what = _plain(what, path)
        raise RulesetError(_at(text, origin, path, path or _("(top)"), what)) from None
    problems = _check_semantics(rules)
    if problems:
        path, what = problems[0]
        if len(problems) > 1:
            what = ngettext("{problem} (and {n} more)", "{problem} (and {n} more)",
                            len(problems) - 1).format(problem=what, n=len(problems) - 1)
        raise RulesetError(_at(text, origin, path, path, what))
    digest = hashlib.sha256(text.encode()).hexdigest()
    return LoadedRuleset(rules, text, digest)


def _at(text: str, origin: str, path: str, key: str, what: str) -> str:
    """``origin, line N: key KEY: WHAT`` (no line when it cannot be told)."""
    line = _line_of(text, path)
    if line:
        return _("{origin}, line {line}: key {key}: {problem}").format(
            origin=origin, line=line, key=key, problem=what)
    return _("{origin}: key {key}: {problem}").format(origin=origin, key=key, problem=what)


@lru_cache(maxsize=32)
def load_cached(text: str) -> LoadedRuleset:
    """``load_text`` memoised by content: replay meets the same text often."""
    return load_text(text)
