"""Rule examples: for a rule, a small position and one action that shows the rule acting (or forbidding).

Each game keeps its examples beside its rules, in ``explorer/<game>/data/rule_examples.yaml``: a mapping from
rule id to an example::

    london.fire.priority:
      position: {builder: {fire: {pudding-lane: 20, ...}, hands: {red: S N E W W}}}
      action: spread S pudding-lane watling-street
      note: Unguarded houses come first, so a burnt-out district is refused.

Applying ``action`` in the position either emits an event naming the rule, or is refused with
``IllegalAction.rule`` equal to it (:func:`example_outcome` says which; a test checks every example). The
position is a :class:`~explorer.core.positions.PositionSpec`, as in lessons.

>>> state, action = rule_example("london1666", "london.fire.priority")
>>> state.explain(action).rule.id
'london.fire.priority'
>>> rule_example("london1666", "london.assume.board-reconstruction") is None
True
"""

from __future__ import annotations

import ast
import importlib.resources
from dataclasses import dataclass
from functools import cache
from pathlib import Path
from typing import Any

import pydantic

from .errors import IllegalAction, InvalidData
from .positions import PositionSpec, build_position
from .registry import game_module
from .schema import StrictModel, read_data_file, validate

__all__ = ["RuleExample", "ExampleOutcome", "EXAMPLES_FILE", "examples_path", "load_examples", "rule_example",
           "example_outcome", "related_rules", "cited_rules"]

EXAMPLES_FILE = "rule_examples.yaml"
"""The examples file's name in each game's ``data/`` folder."""


class RuleExample(StrictModel):
    """One rule's example: where it starts, the action, and what to look at."""

    position: PositionSpec
    action: str = pydantic.Field(min_length=1)
    note: str = ""
    """A sentence on what the example shows (optional)."""


@dataclass(frozen=True)
class ExampleOutcome:
    """What a rule's example does: the position, the action, and either the position after it with its events
    (``events``; ``cited`` those naming the rule) or the refusal (``refusal``)."""

    rule: str
    state: Any
    action: Any
    after: Any | None
    events: tuple[Any, ...]
    refusal: IllegalAction | None
    note: str = ""

    @property
    def cited(self) -> tuple[Any, ...]:
        """The events that name the example's rule (empty for a refusal)."""
        return tuple(e for e in self.events if e.rule.id == self.rule)

    @property
    def shows_rule(self) -> bool:
        """True when the action emits an event under the rule or is refused under it."""
        return bool(self.cited) or (self.refusal is not None and self.refusal.rule.id == self.rule)


def examples_path(game: str) -> Path:
    """The examples file of ``game`` (it may not exist: then the game has no examples)."""
    package = game_module(game).__name__
    return Path(str(importlib.resources.files(package))) / "data" / EXAMPLES_FILE


@cache
def load_examples(game: str) -> dict[str, RuleExample]:
    """Every example of ``game``, by rule id (``{}`` when the game has no examples file).

    Raises:
        InvalidData: listing every problem at once: a malformed file or entry, or an id not in the game's rules.
    """
    path = examples_path(game)
    if not path.exists():
        return {}
    data = read_data_file(path)
    if not isinstance(data, dict):
        raise InvalidData(f"{path.name}", ["the file must map rule ids to examples"])
    rules = game_module(game).RULES
    problems: list[str] = []
    examples: dict[str, RuleExample] = {}
    for rule_id, entry in data.items():
        if rule_id not in rules:
            problems.append(f"{rule_id}: not a rule of {game} (see explorer.{game}.RULES)")
            continue
        try:
            examples[rule_id] = validate(RuleExample, entry, what=f"{path.name} {rule_id}")
        except InvalidData as err:
            problems.extend(f"{rule_id}: {p}" for p in err.problems)
    if problems:
        raise InvalidData(f"{path.name} ({game})", problems)
    return examples


def rule_example(game: str, rule_id: str) -> tuple[Any, Any] | None:
    """``(state, action)`` for the rule's example, or ``None`` when the rule has none; applying ``action`` to
    ``state`` emits an event naming the rule, or is refused with ``IllegalAction.rule.id == rule_id``.

    Raises:
        KeyError: if ``rule_id`` is not a rule of ``game`` (the message lists known ids).
        InvalidData: if the examples file is broken, or the example's position cannot be built.
    """
    game_module(game).RULES[rule_id]  # KeyError with the known ids for a wrong id
    example = load_examples(game).get(rule_id)
    if example is None:
        return None
    state = build_position(game, example.position, what=f"example of {rule_id}")
    return state, state.parse_action(example.action)


def example_outcome(game: str, rule_id: str) -> ExampleOutcome | None:
    """What the rule's example does (see :class:`ExampleOutcome`), or ``None`` when the rule has none.

    Raises:
        KeyError, InvalidData: as :func:`rule_example`.
    """
    found = rule_example(game, rule_id)
    if found is None:
        return None
    state, action = found
    note = load_examples(game)[rule_id].note
    refusal = state.explain(action)
    if refusal is not None:
        return ExampleOutcome(rule_id, state, action, None, (), refusal, note)
    after = state.apply(action)
    return ExampleOutcome(rule_id, state, action, after, tuple(after.events), None, note)


def related_rules(game: str, rule_id: str, *, limit: int = 6) -> list[str]:
    """Rules to read next after ``rule_id``: those its example's action also cites (they act together), then
    those whose ids the rule's text names, then the best matches of a search for its title, then its neighbours
    of the same topic in table order; never itself, at most ``limit``.

    Raises:
        KeyError: if ``rule_id`` is not a rule of ``game``.
    """
    rules = game_module(game).RULES
    rule = rules[rule_id]
    out: list[str] = []
    outcome = example_outcome(game, rule_id)
    if outcome is not None:
        out += [e.rule.id for e in outcome.events if e.rule.id in rules]
    out += [other for other in rules if other in rule.text]
    out += [r.id for r in rules.search(rule.title)]
    same = [r for r in rules if rules[r].topic == rule.topic]
    at = same.index(rule_id)
    out += same[max(0, at - 2):at] + same[at + 1:at + 3]  # its neighbours in the rulebook's order
    return [r for r in dict.fromkeys(out) if r != rule_id][:limit]


@cache
def cited_rules(game: str) -> frozenset[str]:
    """The rule ids the engine of ``game`` names anywhere in its code (string constants equal to a rule id,
    outside the rules table itself): the rules an event or a refusal can cite."""
    module = game_module(game)
    rules = set(module.RULES)
    root = Path(str(importlib.resources.files(module.__name__)))
    found: set[str] = set()
    for path in root.rglob("*.py"):
        if path.name == "rules.py":
            continue
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, ast.Constant) and isinstance(node.value, str) and node.value in rules:
                found.add(node.value)
            elif isinstance(node, ast.JoinedStr):  # f"game.topic.{name}": every rule the pattern can name
                head = "".join(v.value for v in node.values[:1] if isinstance(v, ast.Constant)
                               and isinstance(v.value, str))
                if head.count(".") >= 2 and head.split(".")[0] in {r.split(".")[0] for r in rules}:
                    found |= {r for r in rules if r.startswith(head)}
    return frozenset(found)
