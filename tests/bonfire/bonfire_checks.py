"""Checks the Bonfire tests share (imported by name: pytest puts this folder on the path).

``refused`` is the contract check every game shares (``tests/contract_checks.py``), re-exported here so the
Bonfire tests keep importing it from this module. The position-editing helpers (``set_tiles`` ... ``give_gnome``)
are the public editors of :mod:`explorer.bonfire.builder` (the ones ``explorer.bonfire.position`` uses), re-exported:
they change the ``State.to_dict()`` data of a position in place, for use inside ``edited``; each moves components
between a seat and the board instead of creating or destroying them, so the edited position still passes
``State.from_dict``'s component counts.
"""

from __future__ import annotations

import copy
from collections.abc import Callable
from typing import Any

from contract_checks import refused

from explorer.bonfire import State, new_game
from explorer.bonfire.builder import build_path, give_gnome, give_portal, set_guardians, set_resources, set_tiles

__all__ = ["build_path", "edited", "give_gnome", "give_portal", "refused", "set_guardians", "set_resources",
           "set_tiles", "started"]

Data = dict[str, Any]


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


# ---- position-editing helpers: the public editors of explorer.bonfire.builder (components conserved) ----------------
# set_tiles, set_resources, set_guardians, build_path, give_portal, give_gnome change the ``to_dict()`` data in place
