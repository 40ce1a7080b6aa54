"""Every refusal and every ruleset problem is marked for translation (issue 23).

The pseudo-locale tests find unmarked text on the paths they walk; this one
reads the source, so a refusal no test reaches (a house rule's, a session's,
a ruleset check's) cannot stay English in a Danish or Ukrainian campaign."""

from __future__ import annotations

import ast
from pathlib import Path

import pytest

TRACKER = Path(__file__).parents[1] / "tracker"

# What the GM reads when it is raised: the tracker's own refusals and the
# errors a ruleset or a typed value gives. (RuntimeError, ValueError and the
# registry's errors are the programmer's: an area registered twice.)
SHOWN = {"Refused", "Usage", "RulesetError", "DiceError", "TravelRefused", "NewerRuleset",
         "OlderRuleset", "WrittenByNewer", "WrittenByOlder"}
# A ruleset check's problem, (path, problem): Problems.add/check, problem_at, append((p, x)).
PROBLEM_CALLS = {"add", "problem_at"}


def _plain_text(node) -> bool:
    """A literal or an f-string: text no catalog has seen."""
    return isinstance(node, ast.JoinedStr) or (
        isinstance(node, ast.Constant) and isinstance(node.value, str) and node.value.strip())


def _unmarked(source: str, where: str):
    tree = ast.parse(source)
    for node in ast.walk(tree):
        if not isinstance(node, ast.Call):
            continue
        name = getattr(node.func, "id", None) or getattr(node.func, "attr", "")
        said = None
        if name in SHOWN and node.args:
            said = node.args[0]
        elif name in PROBLEM_CALLS and len(node.args) >= 2:
            said = node.args[1]
        elif name == "append" and node.args and isinstance(node.args[0], ast.Tuple) \
                and len(node.args[0].elts) == 2 and where.endswith("model.py"):
            said = node.args[0].elts[1]
        if said is not None and _plain_text(said):
            yield f"{where}:{node.lineno}: {ast.unparse(said)[:70]}"


def test_no_refusal_or_ruleset_problem_is_raised_as_bare_english():
    found = [line for path in sorted(TRACKER.rglob("*.py"))
             for line in _unmarked(path.read_text(), str(path.relative_to(TRACKER.parent)))]
    assert found == []


@pytest.mark.parametrize("source, expected", [
    ('raise Refused("no session is running")', 1),
    ('raise Refused(f"session {n} is running")', 1),
    ('raise Refused(_("no session is running"))', 0),
    ('problems.add("lights", "expected at least one kind of light")', 1),
    ('problems.add("lights", _("expected at least one kind of light"))', 0),
    ('raise RuntimeError(f"two areas are named {name!r}")', 0),
])
def test_the_scan_tells_marked_from_bare(source, expected):
    assert len(list(_unmarked(source, "tracker/core/x/model.py"))) == expected
