"""Checks that a text shown to a player speaks the board's language (issue 18): no Python values, no notation,
no hidden numbering.

Each game's ``test_*_words.py`` walks the refusals of its refusal tests (and the clicks the view refuses) and
calls :func:`words_problems` on the text the board view shows, with the game's own notation keywords and the
numbering the board does not print. A problem list is returned rather than a bool, so a failing test says what.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Iterable
from typing import Any

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


def refusal_reasons(states: Iterable[Any], actions: Iterable[Any]) -> dict[str, str]:
    """Every distinct refusal reason the engine gives when each of ``actions`` (actions or their notation) is
    tried in each of ``states``: ``{reason: rule id}`` (notation errors, which no board click can cause, are
    left out)."""
    from explorer.core import IllegalAction

    actions = list(actions)
    reasons: dict[str, str] = {}
    for state in states:
        if state.is_terminal:
            continue
        for action in actions:
            try:
                state.apply(action)
            except IllegalAction as err:
                reasons.setdefault(err.reason, err.rule.id)
            except ValueError:
                pass
    return reasons


def view_texts(view: Any) -> list[str]:
    """What a board view shows in words now: the scene's texts and hover texts, the highlights' labels and
    hover texts, the panel's titles, headers and cells, the status line, the message and the bubble."""
    texts = []
    for item in view.scene.get("items", []):
        texts += [str(item[k]) for k in ("text", "title") if item.get(k)]
    for mark in view.highlights.values():
        texts += [str(mark[k]) for k in ("label", "tip") if mark.get(k)]
    for section in view.panel:
        texts.append(str(section.get("title", "")))
        texts += [str(c) for c in section.get("header") or []]
        texts += [str(c) for row in section.get("rows", []) for c in row]
    texts += [view.status.get("text", ""), view.message.get("text", ""), view.toast.get("text", "")]
    return [t for t in texts if t]


def seeded_states(record_of: Callable[[int], Any], seeds: Iterable[int], every: int = 1) -> list[Any]:
    """The states of random games (``record_of(seed)`` returns a finished :class:`~explorer.core.Record`),
    every ``every``-th one."""
    states = []
    for seed in seeds:
        states += list(record_of(seed).states)[::every]
    return states
