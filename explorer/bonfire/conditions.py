"""Task conditions: what a player's own board shows, counted for task discs and common tasks.

A condition (:class:`~explorer.bonfire.components.Condition`) is a kind and a smallest count; :func:`count` counts
the kind on one player's boards, :func:`holds` compares (``bonfire.ignite.when``, ``bonfire.bonus.common-task``).
The kinds and what each counts are :data:`~explorer.bonfire.components.CONDITION_KINDS`.

>>> from explorer.bonfire import new_game
>>> from explorer.bonfire.components import Condition
>>> s = new_game(players=2, seed=1).resolve_chance()
>>> count(s, 0, Condition("fate_tiles", 3)), count(s, 0, Condition("guardian_colours", 1))
(1, 0)
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Any

from .components import Condition
from .fate import connected_area

if TYPE_CHECKING:
    from .state import State

__all__ = ["count", "holds"]


def count(state: State, seat: int, condition: Condition) -> int:
    """What ``condition``'s kind counts on ``seat``'s boards (its ``at_least`` is not looked at).

    Raises:
        KeyError: for a condition kind this engine does not know.
    """
    counter = _COUNTS.get(condition.kind)
    if counter is None:
        raise KeyError(f"unknown condition kind {condition.kind!r}")
    return counter(state.seats[seat], condition, state)


def _fate_group(s: Any, condition: Condition, state: State) -> int:
    """The most squares of one connected area of the condition's symbol (any symbol without one)."""
    best = 0
    for square, symbol in s.fate.covered.items():
        if condition.action is None or symbol == condition.action:
            best = max(best, len(connected_area(s.fate, square)))
    return best


_COUNTS: dict[str, Callable[[Any, Condition, State], int]] = {
    "lit_bonfires": lambda s, cond, state: sum(s.lit),
    "guardians_on_bonfires": lambda s, cond, state: sum(1 for _, where, _ in s.guardians if where == "bonfire"),
    "guardians_on_path": lambda s, cond, state: sum(1 for _, where, at in s.guardians if where == "path" and at >= 1),
    "guardian_colours": lambda s, cond, state: sum(1 for colour, _, _ in s.guardians
                                                   if colour in state.components.guardians),
    "path_tiles": lambda s, cond, state: sum(1 for tile in s.path
                                             if cond.colour is None or tile.split()[0] == cond.colour),
    "portals": lambda s, cond, state: sum(1 for p in s.portals if p is not None),
    "gnomes": lambda s, cond, state: len(s.gnomes),
    "specialists": lambda s, cond, state: sum(1 for g in s.gnomes if g in state.components.specialists),
    "elders": lambda s, cond, state: sum(1 for g in s.gnomes if g in state.components.elders),
    "resource": lambda s, cond, state: s.resources[state.index.resources.index(cond.resource)],
    "resource_kinds": lambda s, cond, state: sum(1 for n in s.resources if n),
    "action_tiles": lambda s, cond, state: s.tiles[state.index.actions.index(cond.action)],
    "fate_tiles": lambda s, cond, state: len(s.fate.tiles),
    "fate_group": _fate_group,
    "covered_symbols": lambda s, cond, state: sum(1 for square in s.fate.layout.squares if square in s.fate.covered),
}
"""What each condition kind counts on one player's boards (:data:`~explorer.bonfire.components.CONDITION_KINDS`):
``counter(seat, condition, state)``."""


def holds(state: State, seat: int, condition: Condition) -> bool:
    """True if ``seat``'s boards meet ``condition`` (its count is at least ``at_least``).

    Raises:
        KeyError: for a condition kind this engine does not know.
    """
    counter = _COUNTS.get(condition.kind)
    if counter is None:
        return count(state, seat, condition) >= condition.at_least  # says what is wrong
    return counter(state.seats[seat], condition, state) >= condition.at_least
