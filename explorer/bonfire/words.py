"""Bonfire's actions and pieces in a player's words: the names and numbers printed on the board, never the
notation's ids (issue 18).

The engine's refusals and events and the board view's buttons and hover texts all take their wording from here,
so a notebook and the board never disagree. An island is its printed name (``Mossbank``, not ``mossbank``), a
Great Bonfire space its compass name (``north west``), a council seat its printed number (``seat 3``), a gnome card
its name (``Large Hand``), an action tile its type as the supply prints it (``Great Bonfire tile``), a fate tile its
three symbols (the tiles carry no printed id), a fate square its row and column counted from 1 at the top left.
Task discs keep their ids (``t05``: the board prints them under each disc) and bonfires their numbers 0-6 (printed
on each player board).

>>> from explorer.bonfire import new_game
>>> s = new_game(players=2, seed=4)
>>> action_words(s, s.parse_action("boat mossbank")), action_words(s, s.parse_action("gnome sage 1-tile"))
('sailing to Mossbank', 'recruiting Old Sage with 1 gnome tile and 2 of its resource')
>>> action_words(s, s.parse_action("great-bonfire north_west action+portal"))
"using the Great Bonfire's north west space for its action tile and a portal"
"""

from __future__ import annotations

import functools

from typing import TYPE_CHECKING, Any

from .actions import (
    BuildFromPile,
    BuildPath,
    ClaimGuardian,
    Cover,
    Draw,
    Ignite,
    Move,
    Pass,
    PlaceFate,
    Procession,
    Recruit,
    Return,
    Sail,
    SitAt,
    Skip,
    StartTile,
    Take,
    TakeTask,
    UseGreatBonfire,
)

if TYPE_CHECKING:
    from .components import Components
    from .fate import Placement

__all__ = ["action_words", "card_name", "cover_words", "fate_tile_words", "island_name", "placement_words",
           "seat_name", "space_name", "square_words", "tile_name", "tiles_words"]

_TILE_NAMES = {"great_bonfire": "Great Bonfire"}
"""Action tile types whose printed name differs from the id with spaces."""


def tile_name(item: str) -> str:
    """An action tile type as the supply prints it: ``"great_bonfire"`` -> ``"Great Bonfire"``, ``"boat"`` ->
    ``"boat"``."""
    return _TILE_NAMES.get(item, item.replace("_", " "))


def tiles_words(item: str, n: int = 1) -> str:
    """``n`` action tiles of a type: ``"2 Great Bonfire tiles"``, ``"1 boat tile"``."""
    return f"{n} {tile_name(item)} tile{'s' * (n != 1)}"


def island_name(components: Components, island: str) -> str:
    """The printed name of an island id (``"rose_rock"`` -> ``"Rose Rock"``); an unknown id as typed."""
    found = components.islands.get(island)
    return found.name if found is not None else str(island).replace("_", " ")


def space_name(space: str) -> str:
    """A Great Bonfire space as the board prints it: ``"north_west"`` -> ``"north west"``."""
    return str(space).replace("_", " ")


def seat_name(seat: str) -> str:
    """A council seat as the board prints it: ``"seat_3"`` -> ``"seat 3"``."""
    return str(seat).replace("_", " ")


def card_name(components: Components, card: str) -> str:
    """A gnome card's printed name (``"large_hand"`` -> ``"Large Hand"``); an unknown id with spaces."""
    found = components.elders.get(card) or components.specialists.get(card)
    return found.name if found is not None else str(card).replace("_", " ")


@functools.lru_cache(maxsize=256)
def fate_tile_words(components: Components, tile: str) -> str:
    """A fate tile by its three symbols, as the summary board shows it: ``"the fate tile (boat, task, guardian)"``."""
    found = next((t for t in components.fate_tiles if t.id == tile), None)
    if found is None:
        return "that fate tile"
    return "the fate tile (" + ", ".join(tile_name(x) for x in found.symbols) + ")"


def square_words(square: tuple[int, int]) -> str:
    """A fate square, row and column from 1 at the top left: ``(3, 1)`` -> ``"row 3, column 1"``."""
    return f"row {square[0]}, column {square[1]}"


def placement_words(placement: Placement) -> str:
    """Where a fate tile would lie: ``"from row 3, column 1 downwards"`` (``", turned round"`` when reversed)."""
    way = "downwards" if placement.direction == "down" else "to the right"
    turned = ", turned round" if placement.reversed else ""
    return f"from {square_words(placement.at)} {way}{turned}"


def cover_words(items: tuple[str, ...] | list[str], resources: tuple[str, ...]) -> str:
    """What a cover pays with: ``("yellow",)`` -> ``"a yellow tile"``, ``("boat", "task")`` -> ``"a boat tile and
    a task tile"``, ``("herbs", "wood")`` -> ``"herbs and wood"``."""
    return _cover_words(tuple(items), resources)


@functools.lru_cache(maxsize=1024)
def _cover_words(items: tuple[str, ...], resources: tuple[str, ...]) -> str:
    """:func:`cover_words`, remembered (covers recur)."""
    def one(item: str) -> str:
        return item if item in resources else f"a {tile_name(item)} tile"
    return " and ".join(one(i) for i in items) or "nothing"


_REWARD_WORDS = {"action": "its action tile", "resource": "its resource", "points": "2 points", "portal": "a portal"}


def action_words(state: Any, action: Any) -> str:
    """``action`` as a player would say it, for a sentence (lower case, no notation): ``"sailing to Mossbank"``,
    ``"taking task disc t05 with the top offering disc onto bonfire 3"``, ``"lighting bonfire 3"``. Anything that
    is not a Bonfire action: ``"that"``."""
    c = state.components
    if isinstance(action, StartTile):
        return ("swapping the 4th tile of the summary board in as the starting fate tile" if action.swap is True
                else "keeping the spare as the starting fate tile")
    if isinstance(action, Return):
        return f"handing back a {tile_name(action.tile)} tile"
    if isinstance(action, PlaceFate):
        return f"placing {fate_tile_words(c, action.tile)} {placement_words(action.placement)}"
    if isinstance(action, Sail):
        return f"sailing to {island_name(c, action.island)}"
    if isinstance(action, TakeTask):
        return (f"taking task disc {action.disc} with the {action.offering} offering disc onto bonfire "
                f"{action.bonfire}")
    if isinstance(action, ClaimGuardian):
        return f"claiming a {action.colour} guardian"
    if isinstance(action, Procession):
        return f"a procession of {action.steps} step{'s' * (action.steps != 1)}"
    if isinstance(action, BuildPath):
        return f"building the path tile with a {action.colour} crystal and {action.resource}"
    if isinstance(action, BuildFromPile):
        return "building the top tile of a path pile"
    if isinstance(action, UseGreatBonfire):
        rewards = " and ".join(_REWARD_WORDS.get(r, str(r)) for r in action.rewards)
        return f"using the Great Bonfire's {space_name(action.space)} space for {rewards}"
    if isinstance(action, Recruit):
        how = ("2 gnome tiles and its resource" if action.payment == "2-tiles"
               else "1 gnome tile and 2 of its resource")
        return f"recruiting {card_name(c, action.card)} with {how}"
    if isinstance(action, Ignite):
        return f"lighting bonfire {action.bonfire}"
    if isinstance(action, Pass):
        return "passing"
    if isinstance(action, Cover):
        return f"paying with {cover_words(action.items, state.index.resources)}"
    if isinstance(action, Skip):
        return "claiming nothing more"
    if isinstance(action, Move):
        if action.to == "stay":
            return f"keeping the {action.guardian} guardian where she stands"
        where = f"path tile {action.at}" if action.to == "path" else f"bonfire {action.at}"
        return f"moving the {action.guardian} guardian to {where}" + (f" for {action.take}" if action.take else "")
    if isinstance(action, SitAt):
        return f"putting the novice on {seat_name(action.seat)}"
    if isinstance(action, Take):
        item = action.item
        return f"taking {item if item in state.index.resources else 'a ' + tile_name(item) + ' tile'}"
    if isinstance(action, Draw):
        return "a chance draw"
    return "that"
