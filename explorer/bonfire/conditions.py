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

from typing import TYPE_CHECKING

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
    s, c, ix = state.seats[seat], state.components, state.index
    kind = condition.kind
    if kind == "lit_bonfires":
        return sum(s.lit)
    if kind == "guardians_on_bonfires":
        return sum(1 for _, where, _ in s.guardians if where == "bonfire")
    if kind == "guardians_on_path":
        return sum(1 for _, where, at in s.guardians if where == "path" and at >= 1)
    if kind == "guardian_colours":
        return sum(1 for colour, _, _ in s.guardians if colour in c.guardians)
    if kind == "path_tiles":
        return sum(1 for tile in s.path if condition.colour is None or tile.split()[0] == condition.colour)
    if kind == "portals":
        return sum(1 for p in s.portals if p is not None)
    if kind == "gnomes":
        return len(s.gnomes)
    if kind == "specialists":
        return sum(1 for g in s.gnomes if g in c.specialists)
    if kind == "elders":
        return sum(1 for g in s.gnomes if g in c.elders)
    if kind == "resource":
        return s.resources[ix.resources.index(condition.resource)]
    if kind == "resource_kinds":
        return sum(1 for n in s.resources if n)
    if kind == "action_tiles":
        return s.tiles[ix.actions.index(condition.action)]
    if kind == "fate_tiles":
        return len(s.fate.tiles)
    if kind == "fate_group":
        best = 0
        for square, symbol in s.fate.covered.items():
            if condition.action is None or symbol == condition.action:
                best = max(best, len(connected_area(s.fate, square)))
        return best
    if kind == "covered_symbols":
        return sum(1 for square in s.fate.layout.squares if square in s.fate.covered)
    raise KeyError(f"unknown condition kind {kind!r}")


def holds(state: State, seat: int, condition: Condition) -> bool:
    """True if ``seat``'s boards meet ``condition`` (its count is at least ``at_least``)."""
    return count(state, seat, condition) >= condition.at_least
