"""Which rules a game's engine really cites, for the rules-table tests of every game.

A rule counts as cited when its id appears in the engine's *code or docstrings outside* ``rules.py``: as the
rule of an event or a refusal (``RULES["london.fire.spread"]``, ``rule="..."``), or in the docstring of the
function that acts under it. ``rules.py`` defines every rule, so it proves nothing and is never read here.

Each game's test then checks, with :func:`check_citations`, that every cited id exists and that the rules the
engine never cites are exactly the ones it explains (a bare fact of the components, a rule the engine obeys by
construction...), so a rule that falls silent, or an explanation that goes stale, fails a test.

>>> ids = {"toy.a.b", "toy.c.d"}
>>> sorted(citations_in_source('def f():\\n    "Acts under toy.a.b."\\n    return "toy.x"\\n', ids))
['toy.a.b']
"""

from __future__ import annotations

import ast
import re
from collections.abc import Iterable, Mapping
from pathlib import Path

ROOT = Path(__file__).parents[1]
_WRAPPED = re.compile(r"-\n\s*")  # an id wrapped at a hyphen in a docstring


def citations_in_source(source: str, rule_ids: Iterable[str]) -> set[str]:
    """The ids of ``rule_ids`` that occur in the string constants (docstrings included) of Python ``source``.

    Comments and names do not count; an id wrapped at a hyphen across docstring lines does. Parts of f-strings
    count only when they hold a whole id.

    Raises:
        SyntaxError: if ``source`` is not Python.
    """
    ids = set(rule_ids)
    if not ids:
        return set()
    prefix = next(iter(ids)).split(".", 1)[0]
    pattern = re.compile(rf"(?<![\w.]){re.escape(prefix)}(?:\.[a-z0-9]+(?:-[a-z0-9]+)*)+")
    found: set[str] = set()
    for node in ast.walk(ast.parse(source)):
        if isinstance(node, ast.Constant) and isinstance(node.value, str):
            found.update(m for m in pattern.findall(_WRAPPED.sub("-", node.value)) if m in ids)
    return found


def engine_citations(game: str, rule_ids: Iterable[str]) -> dict[str, set[str]]:
    """``{rule id: names of the engine files citing it}`` for ``explorer/<game>``, ``rules.py`` left out.

    Raises:
        FileNotFoundError: if the game has no package.
    """
    folder = ROOT / "explorer" / game
    if not folder.is_dir():
        raise FileNotFoundError(folder)
    ids = set(rule_ids)
    cited: dict[str, set[str]] = {}
    for path in sorted(folder.rglob("*.py")):
        if path.name == "rules.py":
            continue
        for rule_id in citations_in_source(path.read_text(encoding="utf-8"), ids):
            cited.setdefault(rule_id, set()).add(str(path.relative_to(folder)))
    return cited


def id_like_strings(game: str, prefix: str) -> set[str]:
    """Every id-shaped string ``<prefix>.x.y`` in the engine's string constants outside ``rules.py``.

    Used to catch a cited id that the rules table lacks (a typo cites nothing otherwise). A topic such as
    ``london.fire`` shows up too, where an f-string builds the rest of the id.
    """
    pattern = re.compile(rf"(?<![\w.]){re.escape(prefix)}(?:\.[a-z][a-z0-9]*(?:-[a-z0-9]+)*)+(?![\w-])")
    found: set[str] = set()
    for path in (ROOT / "explorer" / game).rglob("*.py"):
        if path.name == "rules.py":
            continue
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, ast.Constant) and isinstance(node.value, str):
                found.update(pattern.findall(_WRAPPED.sub("-", node.value)))
    return found


def check_citations(game: str, rules: Mapping[str, object], explained: Mapping[str, str]) -> None:
    """Assert that the engine of ``game`` cites every rule of ``rules`` except exactly those in ``explained``.

    Args:
        game: the package name under ``explorer/`` (``"london1666"``).
        rules: the game's ``RULES`` table.
        explained: ``{rule id: why the engine never names it}`` for the rules that stay silent.

    Raises:
        AssertionError: naming the rules that are silent without a reason, the explained ones that are cited
            after all (or are not rules), and the cited ids the table lacks.
    """
    ids = set(rules)
    cited = engine_citations(game, ids)
    silent = ids - set(cited)
    unexplained = sorted(silent - set(explained))
    stale = sorted(set(explained) - silent)
    prefix = next(iter(ids)).split(".", 1)[0]
    topics = {rule_id.rsplit(".", k)[0] for rule_id in ids for k in range(1, rule_id.count("."))}
    unknown = sorted(id_like_strings(game, prefix) - ids - topics)  # "london.fire" heads an f-string id
    assert not unexplained, f"rules the engine never cites, with no reason given: {unexplained}"
    assert not stale, f"explained as silent but cited (or not rules at all): {stale}"
    assert all(len(why) > 20 for why in explained.values()), "say why each silent rule is silent"
    assert not unknown, f"the engine cites ids the rules table lacks: {unknown}"
