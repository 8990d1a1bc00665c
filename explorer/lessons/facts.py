"""The small vocabulary lessons judge with: named facts about a position, and named selectors of answers.

A **fact** is a function ``fact(ctx, **args) -> bool`` of a :class:`Context` (the position now, the step's
start, the moves and events of the step so far); a lesson writes it as ``{"fact": "contained", "district":
"cheapside"}`` and combines facts with ``{"all": [...]}``, ``{"any": [...]}`` and ``{"not": ...}``. A
**selector** is a function ``selector(state, **args) -> set[str]`` that computes a find-all step's answer from
the engine's legal actions, so no author ever types an answer.

The facts every game has are here (:data:`COMMON_FACTS`); each game adds its own in ``explorer/<game>/facts.py``
(``FACTS`` and ``SELECTORS``, named in the game's terms: "contained", "lane-scored", "rescued", "lit").

>>> ctx = Context(state=None, start=None, played=("end",), events=())
>>> holds({"all": [{"fact": "played", "action": "end"}, {"not": {"fact": "played", "action": "pass"}}]},
...       ctx, COMMON_FACTS)
True
"""

from __future__ import annotations

import importlib
import inspect
from collections.abc import Callable, Mapping
from dataclasses import dataclass
from typing import Any

__all__ = ["Context", "COMMON_FACTS", "COMMON_SELECTORS", "game_facts", "game_selectors", "holds",
           "test_problems", "selector_problems", "select", "seat_index"]


@dataclass(frozen=True)
class Context:
    """What a fact may look at.

    Attributes:
        state: the position now (after the learner's moves and the replies).
        start: the step's starting position.
        played: the notations of the moves played in the step so far (the learner's, replies and chance).
        events: the events those moves produced, in order.
    """

    state: Any
    start: Any
    played: tuple[str, ...]
    events: tuple[Any, ...]


def seat_index(state: Any, seat: str | int) -> int:
    """The seat number of ``seat`` (a player's name as ``state.players`` has it, or a seat number).

    Raises:
        ValueError: if the game has no such player.
    """
    players = tuple(getattr(state, "players", ()))
    if isinstance(seat, int) and not isinstance(seat, bool) and 0 <= seat < max(len(players), 1):
        return seat
    if seat in players:
        return players.index(seat)
    raise ValueError(f"no player {seat!r} in this game (players: {', '.join(map(str, players)) or 'none'})")


# ---- the facts of every game ---------------------------------------------------------------------------------------
def played(ctx: Context, action: str) -> bool:
    """The move ``action`` (its notation) was played in this step."""
    return action in ctx.played


def event(ctx: Context, rule: str, at_least: int = 1) -> bool:
    """At least ``at_least`` events of the step so far name the rule ``rule``."""
    return sum(1 for e in ctx.events if e.rule.id == rule) >= at_least


def phase(ctx: Context, phase: str) -> bool:
    """The game is in ``phase`` now (the state's ``phase`` field)."""
    return getattr(ctx.state, "phase", None) == phase


def to_act(ctx: Context, player: str | int) -> bool:
    """``player`` (a name or a seat) is to act now."""
    state = ctx.state
    return not state.is_terminal and not state.is_chance_node and state.current_player == seat_index(state, player)


def game_over(ctx: Context) -> bool:
    """The game has ended."""
    return bool(ctx.state.is_terminal)


def points(ctx: Context, player: str | int, at_least: int | None = None, at_most: int | None = None,
           category: str | None = None) -> bool:
    """``player``'s score now (``state.scores()``: the total, or one ``category`` of the breakdown) is at least
    ``at_least`` and at most ``at_most``."""
    state = ctx.state
    name = state.players[seat_index(state, player)]
    breakdown = state.scores()[name]
    value = breakdown.total if category is None else breakdown[category]
    return (at_least is None or value >= at_least) and (at_most is None or value <= at_most)


def gained(ctx: Context, player: str | int, at_least: int = 1, category: str | None = None) -> bool:
    """``player``'s score (total or ``category``) rose by at least ``at_least`` since the step's start."""
    name = ctx.state.players[seat_index(ctx.state, player)]

    def value(state: Any) -> int:
        breakdown = state.scores()[name]
        return breakdown.total if category is None else breakdown[category]
    return value(ctx.state) - value(ctx.start) >= at_least


COMMON_FACTS: dict[str, Callable[..., bool]] = {
    "played": played, "event": event, "phase": phase, "to-act": to_act, "game-over": game_over,
    "points": points, "gained": gained,
}
"""The facts every game's lessons may use."""


def legal_words(state: Any, starts: str = "", word: int = -1) -> set[str]:
    """The ``word``-th word (default the last) of every legal action whose notation starts with ``starts``: e.g.
    every destination of ``spread N pudding-lane ...``."""
    out = set()
    for action in state.legal_actions():
        text = str(action)
        if text.startswith(starts):
            words = text.split()
            if -len(words) <= word < len(words):
                out.add(words[word])
    return out


COMMON_SELECTORS: dict[str, Callable[..., set[str]]] = {"legal-words": legal_words}
"""The selectors every game's lessons may use."""


def _game_module(game: str) -> Any:
    try:
        return importlib.import_module(f"explorer.{game}.facts")
    except ModuleNotFoundError as err:
        if err.name != f"explorer.{game}.facts":
            raise
        return None


def game_facts(game: str) -> dict[str, Callable[..., bool]]:
    """The facts ``game``'s lessons may use: :data:`COMMON_FACTS` and the game's ``FACTS``."""
    module = _game_module(game)
    return {**COMMON_FACTS, **(getattr(module, "FACTS", {}) if module else {})}


def game_selectors(game: str) -> dict[str, Callable[..., set[str]]]:
    """The selectors ``game``'s find-all steps may use: :data:`COMMON_SELECTORS` and the game's ``SELECTORS``."""
    module = _game_module(game)
    return {**COMMON_SELECTORS, **(getattr(module, "SELECTORS", {}) if module else {})}


def holds(test: Any, ctx: Context, facts: Mapping[str, Callable[..., bool]]) -> bool:
    """Whether the outcome ``test`` holds in ``ctx`` (see the module docstring); a list means ``all``.

    Raises:
        ValueError: for a test that :func:`test_problems` would refuse.
    """
    if isinstance(test, list):
        return all(holds(t, ctx, facts) for t in test)
    if not isinstance(test, Mapping):
        raise ValueError(f"a test is a mapping or a list, got {test!r}")
    if "all" in test:
        return all(holds(t, ctx, facts) for t in test["all"])
    if "any" in test:
        return any(holds(t, ctx, facts) for t in test["any"])
    if "not" in test:
        return not holds(test["not"], ctx, facts)
    name = test.get("fact")
    if name not in facts:
        raise ValueError(f"unknown fact {name!r}")
    args = {k: v for k, v in test.items() if k != "fact"}
    return bool(facts[name](ctx, **args))


def _arg_problems(fn: Callable[..., Any], args: Mapping[str, Any], skip: int, what: str) -> list[str]:
    params = list(inspect.signature(fn).parameters.values())[skip:]
    names = {p.name for p in params}
    required = {p.name for p in params if p.default is inspect.Parameter.empty}
    problems = [f"{what}: unknown argument {a!r} (it takes {', '.join(sorted(names)) or 'none'})"
                for a in args if a not in names]
    problems += [f"{what}: missing argument {a!r}" for a in sorted(required - set(args))]
    return problems


def test_problems(test: Any, facts: Mapping[str, Callable[..., bool]], where: str) -> list[str]:
    """Every problem of an outcome ``test`` (unknown facts, unknown or missing arguments, bad combinators),
    each prefixed by ``where``; ``[]`` when it is well formed."""
    if isinstance(test, list):
        return [p for n, t in enumerate(test) for p in test_problems(t, facts, f"{where}[{n}]")]
    if not isinstance(test, Mapping):
        return [f"{where}: a test is a mapping ({{fact: ...}}, {{all: [...]}}, {{any: [...]}}, {{not: ...}}), "
                f"got {test!r}"]
    for combinator in ("all", "any"):
        if combinator in test:
            if set(test) != {combinator} or not isinstance(test[combinator], list) or not test[combinator]:
                return [f"{where}: '{combinator}' takes a non-empty list of tests and nothing beside it"]
            return test_problems(test[combinator], facts, f"{where}.{combinator}")
    if "not" in test:
        if set(test) != {"not"}:
            return [f"{where}: 'not' takes one test and nothing beside it"]
        return test_problems(test["not"], facts, f"{where}.not")
    name = test.get("fact")
    if name not in facts:
        return [f"{where}: unknown fact {name!r} (known: {', '.join(sorted(facts))})"]
    return _arg_problems(facts[name], {k: v for k, v in test.items() if k != "fact"}, 1, f"{where} fact {name!r}")


def selector_problems(spec: Mapping[str, Any], selectors: Mapping[str, Callable[..., set[str]]],
                      where: str) -> list[str]:
    """Every problem of a find-all ``select`` spec (``{"name": selector, arg: value}``); ``[]`` if well formed."""
    name = spec.get("name")
    if name not in selectors:
        return [f"{where}: unknown selector {name!r} (known: {', '.join(sorted(selectors))})"]
    return _arg_problems(selectors[name], {k: v for k, v in spec.items() if k != "name"}, 1,
                         f"{where} selector {name!r}")


def select(spec: Mapping[str, Any], state: Any, selectors: Mapping[str, Callable[..., set[str]]]) -> frozenset[str]:
    """The answer of a find-all step: the selector ``spec["name"]`` applied to ``state`` with the other keys."""
    args = {k: v for k, v in spec.items() if k != "name"}
    return frozenset(str(x) for x in selectors[spec["name"]](state, **args))
