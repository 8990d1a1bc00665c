"""Checks that a text shown to a player speaks the board's language (issue 18): no Python values, no notation,
no hidden numbering.

Each game's ``test_*_words.py`` walks the refusals of its refusal tests (and the clicks the view refuses) and
calls :func:`words_problems` on the text the board view shows, with the game's own notation keywords and the
numbering the board does not print. A problem list is returned rather than a bool, so a failing test says what.
"""

from __future__ import annotations

import re
from collections.abc import Iterable

PYTHON_VALUES = [
    (re.compile(r"\bNone\b"), "a Python None"),
    (re.compile(r"\b(True|False)\b"), "a Python bool"),
    (re.compile(r"'[^'\s]+'"), "a quoted Python string"),
    (re.compile(r"\b[A-Z][A-Za-z]+\((?:[a-z_]+=|\))"), "a Python object repr"),
    (re.compile(r"\b\w+=\S"), "a keyword=value"),
    (re.compile(r"[\[{]"), "a Python list or dict"),
    (re.compile(r"\(\s*-?\d+\s*,\s*-?\d+\s*\)"), "a tuple of numbers"),
    (re.compile(r"<[a-z_ ]+>"), "a notation placeholder"),
    (re.compile(r"`"), "code quotes"),
    (re.compile(r"\b\d+/\d+\b"), "a fraction (decimals read better)"),
    (re.compile(r"\bindex\b|\bidx\b|\bseat \d\b"), "an index"),
]
"""Patterns no player-facing text may contain, with what each one is."""


def words_problems(text: str, *, notation: Iterable[str] = (), numbering: Iterable[str] = (),
                   allowed: Iterable[str] = ()) -> list[str]:
    """The problems of ``text`` as player-facing wording: each as ``"<what>: <the match> in <text>"``.

    Args:
        text: a refusal, event or hover text as a board view shows it.
        notation: regular expressions of the game's notation (e.g. ``r"\\bact \\d"``, ``r"\\bbobby d\\d"``): a
            player never needs to type, so no text shows one.
        numbering: regular expressions of numbering the board does not print (e.g. Portobello's 0-based
            ``r"\\bspace \\d"``).
        allowed: regular expressions of matches to let through (a quoted word the game prints, say).

    Returns:
        An empty list if the wording is fine.
    """
    problems = []
    keep = [re.compile(a) for a in allowed]
    checks = (list(PYTHON_VALUES) + [(re.compile(n), "notation") for n in notation]
              + [(re.compile(n), "numbering the board does not show") for n in numbering])
    for pattern, what in checks:
        for match in pattern.finditer(text):
            if not any(k.search(match.group(0)) for k in keep):
                problems.append(f"{what}: {match.group(0)!r} in {text!r}")
    return problems


def assert_player_words(texts: Iterable[str], **kw) -> int:
    """Assert that every text of ``texts`` passes :func:`words_problems` (same keywords); return how many were
    checked. The assertion lists the first 20 problems."""
    problems, n = [], 0
    for text in texts:
        n += 1
        problems.extend(words_problems(text, **kw))
    assert not problems, f"{len(problems)} wording problems, e.g.:\n" + "\n".join(problems[:20])
    return n
