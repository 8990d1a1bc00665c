"""Bonfire's fate area in play: where a fate tile may go, and what placing it gains. Pure functions on frozen
values.

A player's fate area (:class:`FateState`) is the board's grid (:class:`~explorer.bonfire.components.FateArea`:
5 x 5 in the shipped data, DECISIONS.md Bonfire) with the fate tiles placed so far, in order, each at a
:class:`Placement`. Squares are ``(row, col)`` from 1 at the top left, as in the component data. A fate tile is
a strip of 3 squares lying ``across`` (along a row) or ``down`` (along a column) (``bonfire.fate.orientation``);
it may be turned end for end, so its symbols can run either way (``bonfire.assume.fate-reversed``).

The rules a placement must keep, in the order :func:`why_not` checks them: the tile is not already placed
(``bonfire.fate.top-or-bottom``); it lies inside the area (``bonfire.fate.inside``); it covers no placed tile
(``bonfire.fate.no-overlap``); it shares a side with a placed tile (``bonfire.fate.adjacent``). What it gains
(:func:`gains`): its 3 symbols (``bonfire.fate.gain``), one more per square of each same-symbol area a symbol
touches (``bonfire.fate.same-symbol``, counted as ``bonfire.assume.fate-area-bonus`` says), and the items of the
printed squares it covers (``bonfire.fate.printed``). Whether the player may place a tile now (at most 1 action
tile held, ``bonfire.fate.when``; the top or bottom tile of the summary board) is the game state's question,
not this module's.

>>> c = Components.default()
>>> area = starting_area(c)                            # the spare, f8, across from 3,2
>>> sorted(area.covered.items())
[((3, 2), 'path'), ((3, 3), 'yellow'), ((3, 4), 'gnome')]
>>> f5 = c.fate_tiles[4]                                # gnome, path, task
>>> gains(area, f5, Placement((2, 1), "across"))        # its path symbol touches the start tile's path
Counter({'path': 2, 'gnome': 1, 'task': 1})
>>> len(placements(area, f5))
24
"""

from __future__ import annotations

import functools
import re
from collections import Counter
from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field
from types import MappingProxyType
from typing import Any

from explorer.core import IllegalAction

from .components import FATE_SWAP_POSITION, FATE_SYMBOLS, Components, FateArea, FateTile
from .rules import RULES

__all__ = ["ACROSS", "DIRECTIONS", "DOWN", "FateState", "PlacedTile", "Placement", "Square", "area_groups",
           "connected_area",
           "gains", "gain_parts", "open_strips", "parse_placement", "place", "placements", "starting_area", "strips",
           "turning_shows_more", "why_not"]

Square = tuple[int, int]
"""A square of the fate area: ``(row, col)``, from ``(1, 1)`` at the top left."""
ACROSS, DOWN = "across", "down"
"""The two ways a fate tile lies: along a row (``across``) or along a column (``down``)."""
DIRECTIONS = (ACROSS, DOWN)
"""Both directions, in the order :func:`placements` lists them."""
_STEP = {ACROSS: (0, 1), DOWN: (1, 0)}
_SIDES = ((-1, 0), (0, -1), (0, 1), (1, 0))
_PLACEMENT_TEXT = re.compile(r"^\s*([0-9]{1,3})\s*,\s*([0-9]{1,3})\s+(across|down)(\s+reversed)?\s*$")


@dataclass(frozen=True, order=True)
class Placement:
    """Where a fate tile lies: its top-left square, its direction and whether it is turned end for end.

    >>> p = Placement((4, 2), "down", reversed=True)
    >>> p.squares, str(p)
    (((4, 2), (5, 2), (6, 2)), '4,2 down reversed')

    Raises:
        ValueError: for a direction other than ``across``/``down`` or a square that is not two integers.
    """

    at: Square
    """The top-left square the tile covers (the top one when ``down``, the left one when ``across``)."""
    direction: str
    """``across`` or ``down`` (``bonfire.fate.orientation``)."""
    reversed: bool = False
    """False: the tile's symbols run from :attr:`at` to the right (or down) in the order the tile lists them;
    True: the other way round (``bonfire.assume.fate-reversed``)."""

    def __post_init__(self) -> None:
        if self.direction not in DIRECTIONS:
            raise ValueError(f"a fate tile lies {' or '.join(DIRECTIONS)}, got {self.direction!r}")
        at = self.at
        if (not isinstance(at, tuple) or len(at) != 2
                or not all(isinstance(v, int) and not isinstance(v, bool) for v in at)):
            raise ValueError(f"a square is (row, col), two integers; got {at!r}")
        if not isinstance(self.reversed, bool):
            raise ValueError(f"reversed is True or False, got {self.reversed!r}")  # noqa: TRY004 (STYLE 5)

    @property
    def squares(self) -> tuple[Square, Square, Square]:
        """The 3 squares covered, top-left first (whatever :attr:`reversed` says); worked out once."""
        squares = self.__dict__.get("_squares")
        if squares is None:
            (row, col), (dr, dc) = self.at, _STEP[self.direction]
            squares = tuple((row + k * dr, col + k * dc) for k in range(FATE_SYMBOLS))
            object.__setattr__(self, "_squares", squares)
        return squares  # type: ignore[return-value]

    def symbols_at(self, tile: FateTile) -> dict[Square, str]:
        """The symbol ``tile`` shows on each covered square when it lies here.

        >>> Placement((1, 1), "across", reversed=True).symbols_at(Components.default().fate_tiles[0])
        {(1, 1): 'guardian', (1, 2): 'task', (1, 3): 'boat'}
        """
        symbols = tuple(reversed(tile.symbols)) if self.reversed else tuple(tile.symbols)
        return dict(zip(self.squares, symbols))

    def __str__(self) -> str:
        """``"<row>,<col> <direction>"``, then ``" reversed"`` if turned; :func:`parse_placement` reads it."""
        return f"{self.at[0]},{self.at[1]} {self.direction}" + (" reversed" if self.reversed else "")


def parse_placement(text: str) -> Placement:
    """The placement written as ``str(placement)`` writes it: ``"4,2 across"``, ``"1,5 down reversed"``.

    >>> parse_placement("4,2 down reversed") == Placement((4, 2), "down", reversed=True)
    True

    Raises:
        ValueError: quoting the text when it cannot be read.
    """
    match = _PLACEMENT_TEXT.match(text) if isinstance(text, str) else None
    if match is None:
        raise ValueError(f"cannot read {text!r} as a fate-tile placement; write it like '4,2 across' or "
                         f"'1,5 down reversed'")
    return Placement((int(match[1]), int(match[2])), match[3], reversed=bool(match[4]))


@dataclass(frozen=True)
class PlacedTile:
    """A fate tile lying in a fate area."""

    tile: FateTile
    placement: Placement

    @property
    def covered(self) -> Mapping[Square, str]:
        """The symbol on each square it covers (worked out once: the placed tile is immutable)."""
        covered = self.__dict__.get("_covered")
        if covered is None:
            covered = MappingProxyType(self.placement.symbols_at(self.tile))
            object.__setattr__(self, "_covered", covered)
        return covered


@dataclass(frozen=True)
class FateState:
    """A player's fate area in play: the board's grid and the fate tiles placed on it, in the order placed (the
    starting tile first). Build it with :func:`starting_area` and :func:`place`, which keep the rules.

    >>> area = starting_area()
    >>> area.tile_ids, area.symbol_at((3, 3)), area.symbol_at((1, 1))
    (('f8',), 'yellow', None)
    """

    layout: FateArea
    """The grid: its size, the starting tile's place and the printed squares."""
    tiles: tuple[PlacedTile, ...]
    """The fate tiles placed, the starting tile first."""
    covered: Mapping[Square, str] = field(init=False, repr=False, compare=False)
    """The symbol on each covered square (worked out from :attr:`tiles`)."""

    def __post_init__(self) -> None:
        covered: dict[Square, str] = {}
        for placed in self.tiles:
            covered.update(placed.covered)
        object.__setattr__(self, "covered", MappingProxyType(covered))

    @property
    def tile_ids(self) -> tuple[str, ...]:
        """The ids of the fate tiles placed, in order (worked out once: the area is immutable; :func:`place`
        hands them on grown by the new tile)."""
        ids = self.__dict__.get("_tile_ids")
        if ids is None:
            ids = tuple(p.tile.id for p in self.tiles)
            object.__setattr__(self, "_tile_ids", ids)
        return ids

    def symbol_at(self, square: Square) -> str | None:
        """The action symbol on ``square``, or ``None`` if no fate tile covers it."""
        return self.covered.get(square)

    def is_inside(self, square: Square) -> bool:
        """True if ``square`` lies on the grid."""
        return 1 <= square[0] <= self.layout.rows and 1 <= square[1] <= self.layout.cols

    def to_dict(self) -> dict[str, Any]:
        """The placed tiles as JSON-ready data: ``{"tiles": [{"tile": id, "at": "4,2 across"}, ...]}``."""
        return {"tiles": [{"tile": p.tile.id, "at": str(p.placement)} for p in self.tiles]}

    @classmethod
    def from_dict(cls, data: Mapping[str, Any], components: Components | None = None) -> FateState:
        """The fate area :meth:`to_dict` describes: the first tile is the starting tile at the layout's start
        (``bonfire.assume.start-fate-tile``), each later one placed by the rules, in order.

        >>> data = {"tiles": [{"tile": "f8", "at": "3,2 across"}, {"tile": "f1", "at": "3,1 down"}]}
        >>> FateState.from_dict(data).symbol_at((5, 1))
        'guardian'

        Raises:
            ValueError: for data that cannot be read, an unknown tile or a wrong starting tile place;
                :class:`~explorer.core.IllegalAction` (a ``ValueError``) for a later tile the rules refuse.
        """
        c = components or Components.default()
        by_id = {t.id: t for t in c.fate_tiles}
        entries = data.get("tiles") if isinstance(data, Mapping) else None
        if not isinstance(entries, list) or not entries:
            raise ValueError(f"a fate area is {{'tiles': [{{'tile': id, 'at': '3,2 across'}}, ...]}}, got {data!r}")
        tiles = []
        for k, entry in enumerate(entries):
            if not isinstance(entry, Mapping) or not isinstance(entry.get("tile"), str) or entry["tile"] not in by_id:
                raise ValueError(f"tiles[{k}]: expected {{'tile': one of {', '.join(by_id)}, 'at': ...}}, "
                                 f"got {entry!r}")
            tiles.append((by_id[entry["tile"]], parse_placement(entry.get("at"))))
        (first, where), later = tiles[0], tiles[1:]
        expected = _start_placement(c.fate_area)
        if where.at != expected.at or where.direction != expected.direction:
            raise ValueError(f"tiles[0]: the starting fate tile lies at {expected}, got {where} "
                             f"(bonfire.assume.start-fate-tile)")
        area = cls(c.fate_area, (PlacedTile(first, where),))
        for tile, where in later:
            area = place(area, tile, where)
        return area


def _start_placement(layout: FateArea) -> Placement:
    return Placement(layout.start[0], layout.direction)


def starting_area(components: Components | None = None, *, swap: bool = False) -> FateState:
    """A player's fate area at the start: the starting fate tile alone, at the layout's start, its symbols in the
    order listed (``bonfire.setup.start-fate-tile``, ``bonfire.assume.start-fate-tile``). The starting tile is the
    spare, or with ``swap`` the 4th tile from the top of the summary board.

    >>> starting_area(swap=True).tile_ids
    ('f4',)
    """
    return _starting_area(components or Components.default(), swap)


@functools.cache
def _starting_area(c: Components, swap: bool) -> FateState:
    """:func:`starting_area`, made once per components and choice (fate areas are immutable)."""
    tile = c.fate_tiles[FATE_SWAP_POSITION - 1] if swap else c.spare_fate_tile
    return FateState(c.fate_area, (PlacedTile(tile, _start_placement(c.fate_area)),))


def connected_area(area: FateState, square: Square) -> frozenset[Square]:
    """The squares of the connected area of one symbol that holds ``square`` (squares sharing a side and showing
    the same symbol); empty if ``square`` is not covered.

    >>> sorted(connected_area(starting_area(), (3, 2)))
    [(3, 2)]
    """
    return area_groups(area).get(square, frozenset())


def area_groups(area: FateState) -> Mapping[Square, frozenset[Square]]:
    """Each covered square's connected area of one symbol (:func:`connected_area`), worked out once per fate area
    (it is immutable) and remembered on it.

    >>> sorted(map(len, area_groups(starting_area()).values()))
    [1, 1, 1]
    """
    groups = area.__dict__.get("_groups")
    if groups is None:
        groups = MappingProxyType(_areas(area.covered))
        object.__setattr__(area, "_groups", groups)
    return groups


def _areas(covered: Mapping[Square, str]) -> dict[Square, frozenset[Square]]:
    """Each covered square's connected same-symbol area."""
    out: dict[Square, frozenset[Square]] = {}
    for start in covered:
        if start in out:
            continue
        symbol, seen, todo = covered[start], {start}, [start]
        while todo:
            row, col = todo.pop()
            for dr, dc in _SIDES:
                there = (row + dr, col + dc)
                if there not in seen and covered.get(there) == symbol:
                    seen.add(there)
                    todo.append(there)
        group = frozenset(seen)
        out.update(dict.fromkeys(group, group))
    return out


def _neighbours(square: Square) -> tuple[Square, ...]:
    """The 4 squares sharing a side with ``square`` (some may lie off the grid)."""
    found = _NEIGHBOURS.get(square)
    if found is None:
        found = _NEIGHBOURS[square] = tuple((square[0] + dr, square[1] + dc) for dr, dc in _SIDES)
    return found


_NEIGHBOURS: dict[Square, tuple[Square, ...]] = {}


def _refusal(area: FateState, tile: FateTile, placement: Placement) -> tuple[str, str] | None:
    """``(rule id, reason)`` for the first rule the placement breaks, or ``None``. The reason speaks in board
    terms: the tile by its symbols, squares by row and column from 1 at the top left."""
    if tile.id in area.tile_ids:
        return "bonfire.fate.top-or-bottom", f"{_tile_words(tile)} already lies in the fate area"
    squares = placement.squares
    outside = [sq for sq in squares if not area.is_inside(sq)]
    if outside:
        return ("bonfire.fate.inside", (f"{_laid_words(tile, placement)} would stick out of the {area.layout.rows} × "
                                        f"{area.layout.cols} fate area ({_names(outside)} is off the area)"))
    taken = [sq for sq in squares if sq in area.covered]
    if taken:
        return ("bonfire.fate.no-overlap", (f"{_laid_words(tile, placement)} would cover {_names(taken)}, already "
                                            f"under a fate tile"))
    if not any(n in area.covered for sq in squares for n in _neighbours(sq)):
        return "bonfire.fate.adjacent", f"{_laid_words(tile, placement)} would touch no fate tile already placed"
    return None


def _tile_words(tile: FateTile) -> str:
    """A fate tile by its symbols: "the fate tile (boat, task, Great Bonfire)"."""
    return "the fate tile (" + ", ".join("Great Bonfire" if x == "great_bonfire" else x for x in tile.symbols) + ")"


def _laid_words(tile: FateTile, placement: Placement) -> str:
    """A fate tile laid somewhere, in words: "the fate tile (...) laid from row 3, column 1 downwards"."""
    way = "downwards" if placement.direction == "down" else "to the right"
    return (f"{_tile_words(tile)} laid from {_names([placement.at])} {way}"
            + (", turned round," if placement.reversed else ""))


def _names(squares: list[Square]) -> str:
    """Squares in words: ``"row 3, column 1 and row 4, column 1"``."""
    return " and ".join(f"row {r}, column {c}" for r, c in squares)


def why_not(area: FateState, tile: FateTile, placement: Placement) -> str | None:
    """Why ``tile`` cannot lie at ``placement`` in ``area``, naming the rule; ``None`` if it can.

    The checks, first failure reported: the tile is not in the area yet (``bonfire.fate.top-or-bottom``), every
    square is inside (``bonfire.fate.inside``), none is covered (``bonfire.fate.no-overlap``), one shares a
    side with a placed tile (``bonfire.fate.adjacent``).

    >>> f1 = Components.default().fate_tiles[0]
    >>> why_not(starting_area(), f1, Placement((3, 1), "down"))
    >>> why_not(starting_area(), f1, Placement((1, 1), "across"))
    'the fate tile (boat, task, guardian) laid from row 1, column 1 to the right would touch no fate tile already placed (bonfire.fate.adjacent)'
    """
    refused = _refusal(area, tile, placement)
    return None if refused is None else f"{refused[1]} ({refused[0]})"


def placements(area: FateState, tile: FateTile) -> list[Placement]:
    """Every legal placement of ``tile`` in ``area``, sorted (by square, direction, then unturned first).

    Both directions and both ways round are tried (``bonfire.fate.orientation``,
    ``bonfire.assume.fate-reversed``); when turning the tile shows the same symbols on the same squares (a tile
    like ``boat, task, boat``), only the unturned placement is listed. Empty when the tile fits nowhere (or is
    already placed).

    >>> [str(p) for p in placements(starting_area(), Components.default().fate_tiles[0])][:3]
    ['1,1 down', '1,1 down reversed', '1,5 down']
    """
    if tile.id in area.tile_ids:
        return []
    turns = turning_shows_more(tile)
    found: list[Placement] = []
    for _, plain, turned in open_strips(area):
        found.append(plain)
        if turns:
            found.append(turned)
    return found


def turning_shows_more(tile: FateTile) -> bool:
    """True if ``tile`` turned end for end shows other symbols on the same squares, so a turned placement is a
    placement of its own (``bonfire.assume.fate-reversed``); False for a tile like ``boat, task, boat``.

    >>> turning_shows_more(FateTile("x", ("boat", "task", "boat")))
    False
    """
    return tuple(reversed(tile.symbols)) != tuple(tile.symbols)


def open_strips(area: FateState) -> list[tuple[tuple[Square, ...], Placement, Placement]]:
    """The strips of 3 squares a fate tile not yet placed may cover in ``area`` (``bonfire.fate.inside``,
    ``bonfire.fate.no-overlap``, ``bonfire.fate.adjacent``), each with its placement and the placement turned end for
    end (:func:`strips`), in sorted order: by square, ``across`` before ``down``.

    >>> [str(plain) for _, plain, _ in open_strips(starting_area())][:3]
    ['1,1 down', '1,5 down', '2,1 across']
    """
    covered, beside = _masks(area)
    return [strip for mask, strip in _strip_masks(area.layout.rows, area.layout.cols)
            if not mask & covered and mask & beside]


def _masks(area: FateState) -> tuple[int, int]:
    """The covered squares of ``area`` and the free squares sharing a side with them, as bit masks over the grid
    (:func:`_square_bits`); worked out once per fate area (it is immutable) and remembered on it."""
    masks = area.__dict__.get("_masks")
    if masks is None:
        masks = _grown((0, 0), area.covered, _square_bits(area.layout.rows, area.layout.cols))
        object.__setattr__(area, "_masks", masks)
    return masks


def _grown(masks: tuple[int, int], squares: Iterable[Square], bits: Mapping[Square, tuple[int, int]]
           ) -> tuple[int, int]:
    """:func:`_masks` once ``squares`` are covered too."""
    covered, beside = masks
    for square in squares:
        bit, around = bits[square]
        covered |= bit
        beside |= around
    return covered, beside & ~covered


@functools.lru_cache(maxsize=64)
def _square_bits(rows: int, cols: int) -> dict[Square, tuple[int, int]]:
    """Each square of a ``rows`` x ``cols`` grid: its bit (row by row from the top left) and the bits of the squares
    sharing a side with it."""
    def bit(square: Square) -> int:
        return 1 << ((square[0] - 1) * cols + square[1] - 1)

    inside = [(row, col) for row in range(1, rows + 1) for col in range(1, cols + 1)]
    return {square: (bit(square), sum(bit(n) for n in _neighbours(square) if n in inside)) for square in inside}


@functools.lru_cache(maxsize=64)
def _strip_masks(rows: int, cols: int) -> tuple[tuple[int, tuple[tuple[Square, ...], Placement, Placement]], ...]:
    """:func:`strips` of a ``rows`` x ``cols`` grid, each with the bit mask of its squares."""
    bits = _square_bits(rows, cols)
    return tuple((sum(bits[square][0] for square in strip[0]), strip) for strip in strips(rows, cols))


@functools.lru_cache(maxsize=64)
def strips(rows: int, cols: int) -> tuple[tuple[tuple[Square, ...], Placement, Placement], ...]:
    """Every strip of 3 squares inside a ``rows`` x ``cols`` grid, with its placement and the placement turned end
    for end, in sorted order (by square, ``across`` before ``down``)."""
    out = []
    for row in range(1, rows + 1):
        for col in range(1, cols + 1):
            for direction in DIRECTIONS:
                plain = Placement((row, col), direction)
                squares = plain.squares
                if squares[-1][0] <= rows and squares[-1][1] <= cols:
                    out.append((squares, plain, Placement((row, col), direction, reversed=True)))
    return tuple(out)


def _check(area: FateState, tile: FateTile, placement: Placement) -> None:
    refused = _refusal(area, tile, placement)
    if refused is not None:
        raise IllegalAction(RULES[refused[0]], refused[1], action=str(placement))


def gains(area: FateState, tile: FateTile, placement: Placement, *, fate_echo: bool = False) -> Counter:
    """What placing ``tile`` at ``placement`` brings: action tiles by type and resources by kind, in one
    ``Counter`` keyed by action-type and resource ids (distinct ids in the component data).

    * the 3 symbols of the tile, one action tile each (``bonfire.fate.gain``);
    * for each symbol, one more tile of it per square of every distinct connected area of that symbol, among
      the tiles placed before, that the symbol's square shares a side with (``bonfire.fate.same-symbol``). Each
      symbol counts on its own: an area touched on two sides by one symbol counts once, an area touched by two
      symbols of the new tile counts for each, and the new tile's own squares never count
      (``bonfire.assume.fate-area-bonus``);
    * the item of each printed square covered (``bonfire.fate.printed``), twice with ``fate_echo`` (the
      specialist ``bonfire.specialist.fate-echo``).

    The rulebook's example: a symbol next to an area of 2 equal symbols brings 3 tiles of it.

    >>> c = Components.default()
    >>> area = place(starting_area(c), c.fate_tiles[4], Placement((2, 1), "across"))  # a 2-square path area
    >>> gains(area, c.fate_tiles[1], Placement((4, 2), "across"))                    # f2: path, gnome, boat
    Counter({'path': 3, 'gnome': 1, 'boat': 1})
    >>> gains(area, c.fate_tiles[0], Placement((3, 1), "down"))   # f1 covers the printed gnome and yellow
    Counter({'boat': 1, 'task': 1, 'guardian': 1, 'gnome': 1, 'yellow': 1})

    Raises:
        IllegalAction: (a ``ValueError``) when the placement breaks a rule; its ``rule`` is the rule broken (see
            :func:`why_not`).
    """
    gained: Counter = Counter()
    for _, part in gain_parts(area, tile, placement, fate_echo=fate_echo):
        gained.update(part)
    return gained


def gain_parts(area: FateState, tile: FateTile, placement: Placement, *, fate_echo: bool = False,
               check: bool = True) -> list[tuple[str, dict[str, int]]]:
    """What :func:`gains` adds up, part by part with the rule behind each: ``bonfire.fate.gain`` (the tile's 3
    symbols), ``bonfire.fate.same-symbol`` (the areas of the same symbol touched), ``bonfire.fate.printed`` (the
    printed squares covered) and ``bonfire.specialist.fate-echo`` (their items once more); each part is a dict of
    counts by item, in the order the items come; parts that bring nothing are left out.

    >>> c = Components.default()
    >>> area = place(starting_area(c), c.fate_tiles[4], Placement((2, 1), "across"))
    >>> gain_parts(area, c.fate_tiles[1], Placement((4, 2), "across"))
    [('bonfire.fate.gain', {'path': 1, 'gnome': 1, 'boat': 1}), ('bonfire.fate.same-symbol', {'path': 2})]

    ``check=False`` leaves out the placement rules' check, for a placement already known to keep them (the engine's
    own, once the action is legal).

    Raises:
        IllegalAction: (a ``ValueError``) when the placement breaks a rule (see :func:`why_not`).
    """
    if check:
        _check(area, tile, placement)
    before, covered = area_groups(area), area.covered
    symbols: dict[str, int] = {}
    same: dict[str, int] = {}
    for square, symbol in _placed(tile, placement).covered.items():
        symbols[symbol] = symbols.get(symbol, 0) + 1
        touched = {before[n] for n in _NEIGHBOURS.get(square) or _neighbours(square) if covered.get(n) == symbol}
        if touched:
            same[symbol] = same.get(symbol, 0) + sum(map(len, touched))
    printed_items: dict[str, int] = {}
    printed_at = area.layout.squares
    for square in placement.squares:
        printed = printed_at.get(square)
        if printed is not None:
            item = printed.gain.item
            printed_items[item] = printed_items.get(item, 0) + printed.gain.amount
    parts = [("bonfire.fate.gain", symbols), ("bonfire.fate.same-symbol", same),
             ("bonfire.fate.printed", printed_items),
             ("bonfire.specialist.fate-echo", dict(printed_items) if fate_echo else {})]
    return [(rule, part) for rule, part in parts if part]


def place(area: FateState, tile: FateTile, placement: Placement, *, check: bool = True) -> FateState:
    """The fate area with ``tile`` placed at ``placement`` (``area`` itself is unchanged); ``check=False`` as in
    :func:`gain_parts`.

    >>> c = Components.default()
    >>> place(starting_area(c), c.fate_tiles[0], parse_placement("3,1 down")).tile_ids
    ('f8', 'f1')

    Raises:
        IllegalAction: (a ``ValueError``) when the placement breaks a rule, naming it (see :func:`why_not`).
    """
    if check:
        _check(area, tile, placement)
    placed = _placed(tile, placement)
    new = object.__new__(FateState)  # the fields of FateState(area.layout, tiles), grown from area's
    covered = area.covered.copy()
    covered.update(placed.covered)
    object.__setattr__(new, "layout", area.layout)
    object.__setattr__(new, "tiles", (*area.tiles, placed))
    object.__setattr__(new, "covered", MappingProxyType(covered))
    object.__setattr__(new, "_tile_ids", (*area.tile_ids, tile.id))
    groups = area.__dict__.get("_groups")
    if groups is not None:  # the connected areas too: those before, joined through the new tile's squares
        object.__setattr__(new, "_groups", MappingProxyType(_joined(groups, covered, placed.covered)))
    masks = area.__dict__.get("_masks")
    if masks is not None:  # and the masks of what is covered and beside it
        object.__setattr__(new, "_masks", _grown(masks, placed.covered,
                                                 _square_bits(area.layout.rows, area.layout.cols)))
    return new


def _placed(tile: FateTile, placement: Placement) -> PlacedTile:
    """``tile`` lying at ``placement``, made once per placement object and tile and remembered on the placement
    (both are immutable; the engine's placements are made once per board and serve every game)."""
    known = placement.__dict__.get("_placed")
    if known is None:
        known = {}
        object.__setattr__(placement, "_placed", known)
    placed = known.get(tile.id)
    if placed is None or placed.tile is not tile:
        placed = known[tile.id] = PlacedTile(tile, placement)
    return placed


def _joined(groups: Mapping[Square, frozenset[Square]], covered: Mapping[Square, str],
            added: Mapping[Square, str]) -> dict[Square, frozenset[Square]]:
    """:func:`_areas` of ``covered`` from ``groups``, the areas before the squares ``added`` were covered: each
    added square joins the areas of its symbol it shares a side with (those of the squares added before it
    included)."""
    out = groups.copy()
    for square, symbol in added.items():
        joined = {square}
        for n in _NEIGHBOURS.get(square) or _neighbours(square):
            if n in out and covered[n] == symbol:
                joined |= out[n]
        group = frozenset(joined)
        out.update(dict.fromkeys(group, group))
    return out
