"""Checks the Bonfire tests share (imported by name: pytest puts this folder on the path).

``refused`` is the contract check every game shares (``tests/contract_checks.py``), re-exported here so the
Bonfire tests keep importing it from this module. The position-editing helpers (``set_tiles`` ... ``give_gnome``)
change the ``State.to_dict()`` data of a position in place, for use inside ``edited``; each moves components
between a seat and the board instead of creating or destroying them, so the edited position still passes
``State.from_dict``'s component counts.
"""

from __future__ import annotations

import copy
from collections.abc import Callable
from typing import Any

from contract_checks import refused

from explorer.bonfire import State, new_game

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


# ---- position-editing helpers: change the ``to_dict()`` data in place, components conserved -----------------------
def set_tiles(d: Data, k: int, **n: int) -> None:
    """Seat ``k`` holds exactly ``n[a]`` action tiles of each kind ``a`` (0 for kinds not named).

    Edits ``d["seats"][k]["tiles"]``; the difference for each kind goes back to, or comes from,
    ``d["board"]["supply"]``, so the number of each action tile in the game is unchanged.
    """
    seat = d["seats"][k]
    for a in seat["tiles"]:
        d["board"]["supply"][a] += seat["tiles"][a] - n.get(a, 0)
        seat["tiles"][a] = n.get(a, 0)


def set_resources(d: Data, k: int, **n: int) -> None:
    """Seat ``k`` holds exactly ``n[r]`` of each resource ``r`` (0 for resources not named).

    Edits ``d["seats"][k]["resources"]`` only: resources are unlimited, so there is no supply to balance.
    """
    for r in d["seats"][k]["resources"]:
        d["seats"][k]["resources"][r] = n.get(r, 0)


def set_guardians(d: Data, k: int, *guardians: tuple[str, str, int]) -> None:
    """Seat ``k``'s guardians are exactly ``guardians``, each ``(colour, "bonfire" | "path", index)``.

    Replaces ``d["seats"][k]["guardians"]``; the seat's old guardians go back to ``d["board"]["guardians"]``
    (the count left on their islands, per colour) and the new ones are taken from it, so every guardian is
    either on its island or with the seat.
    """
    seat, left = d["seats"][k], d["board"]["guardians"]
    for colour, _, _ in seat["guardians"]:
        if colour in left:
            left[colour] += 1
    seat["guardians"] = [list(g) for g in guardians]
    for colour, _, _ in guardians:
        if colour in left:
            left[colour] -= 1


def build_path(d: Data, k: int, *kinds: str) -> None:
    """Seat ``k`` builds path tiles ``kinds`` (e.g. ``"blue herbs"``), in order, after those it has.

    Appends to ``d["seats"][k]["path"]``, taking each tile from the face-down ``d["board"]["path_pile"]``.
    """
    for kind in kinds:
        d["board"]["path_pile"][kind] -= 1
        d["seats"][k]["path"].append(kind)


def give_portal(d: Data, k: int, bonfire: int, symbol: str) -> None:
    """A ``symbol`` portal lies on seat ``k``'s bonfire ``bonfire``.

    Sets ``d["seats"][k]["portals"][bonfire]``, removing the portal from the first row of
    ``d["board"]["portals"]`` (round the Great Bonfire) that holds one; fails if none is left there.
    """
    for row in d["board"]["portals"].values():
        if symbol in row:
            row.remove(symbol)
            break
    else:
        raise AssertionError(f"no {symbol} portal left round the Great Bonfire")
    d["seats"][k]["portals"][bonfire] = symbol


def give_gnome(d: Data, k: int, card: str) -> None:
    """Seat ``k`` has recruited gnome card ``card``.

    Appends to ``d["seats"][k]["gnomes"]``, taking the card from ``d["board"]["reserve"]`` if it is there, else
    from the display (its slot in ``d["board"]["specialists"]`` or ``d["board"]["elders"]`` becomes ``None``).
    """
    b = d["board"]
    if card in b["reserve"]:
        b["reserve"].remove(card)
    elif card in b["specialists"]:
        b["specialists"][b["specialists"].index(card)] = None
    else:
        b["elders"][b["elders"].index(card)] = None
    d["seats"][k]["gnomes"].append(card)
