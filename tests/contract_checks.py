"""Checks of the engine contract that the tests of every game share (imported by name: ``tests/`` is on the path,
as for ``toygame``)."""

from __future__ import annotations

import pytest

from explorer.core import GameState, IllegalAction


def refused(state: GameState, action: str, rule_id: str) -> IllegalAction:
    """``action`` is refused by ``rule_id``, ``explain`` agrees, it is not listed, and ``state`` is unchanged.

    Works for any game's state: ``apply`` must raise :class:`IllegalAction` naming rule ``rule_id``,
    ``explain(action)`` must name the same rule, ``action`` must not be among the string forms of
    ``legal_actions()``, and ``to_dict()`` must be the same before and after. Returns the error raised.
    """
    before = state.to_dict()
    with pytest.raises(IllegalAction) as err:
        state.apply(action)
    assert err.value.rule.id == rule_id, str(err.value)
    assert state.explain(action).rule.id == rule_id
    assert action not in [str(a) for a in state.legal_actions()]
    assert state.to_dict() == before
    return err.value
