"""Checks the Bonfire tests share (imported by name: pytest puts this folder on the path)."""

from __future__ import annotations

import copy
from collections.abc import Callable
from typing import Any

import pytest

from explorer.bonfire import State, new_game
from explorer.core import IllegalAction


def refused(s: State, action: str, rule_id: str) -> IllegalAction:
    """``action`` is refused by ``rule_id``, ``explain`` agrees, it is not listed, and ``s`` is unchanged."""
    before = s.to_dict()
    with pytest.raises(IllegalAction) as err:
        s.apply(action)
    assert err.value.rule.id == rule_id, str(err.value)
    assert s.explain(action).rule.id == rule_id
    assert action not in [str(a) for a in s.legal_actions()]
    assert s.to_dict() == before
    return err.value


def edited(s: State, change: Callable[[dict[str, Any]], None]) -> State:
    """``s`` with its position data changed by ``change`` (which edits the dict in place), read back through
    ``State.from_dict`` (so the edited position must be a valid one)."""
    data = copy.deepcopy(s.to_dict())
    change(data)
    return State.from_dict(data)


def started(players: int = 2, seed: int = 1, swap: bool = False) -> State:
    """A game after setup: every player has chosen the spare (or, with ``swap``, the 4th tile) as starting tile."""
    s = new_game(players=players, seed=seed)
    while s.phase == "setup":
        s = s.apply("start-tile swap" if swap else "start-tile spare")
    return s
