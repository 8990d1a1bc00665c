"""Checks the Flash Point tests share (imported by name: pytest puts this folder on the path)."""

from __future__ import annotations

import pytest

from explorer.core import IllegalAction
from explorer.flashpoint.state import State


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
