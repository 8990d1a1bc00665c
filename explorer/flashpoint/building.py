"""Flash Point buildings: floors of spaces, the walls, doors and entrances between them, read from ``data/``.

The shipped buildings (:data:`SHIPPED`, loaded with :meth:`Building.named`):

* ``front`` and ``back``: the two sides of the base-game board (``DECISIONS.md``, Flash Point 1;
  ``bonfire_flashpoint_sources.md`` B.1-B.3): ``data/house_front.yaml`` (4 entrances, cross-checked by two
  independent implementations) and ``data/house_back.yaml`` (2 entrances, single source, INFERRED).
* ``garage``, ``laboratory``, ``garage_basement`` and ``laboratory_attic``: Extreme Danger's Mechanic's Garage
  and Laboratory, alone and with a half board (seed 003; sources C.1-C.2). These are OUR OWN LAYOUTS, not the
  printed boards (DECISIONS Flash Point 2), using every element the seed names for each board.

A user can load their own building with :meth:`Building.from_dict` or :meth:`Building.from_file`; every
problem in the file is reported at once.

The grid (sources B.2): a floor is ``rows`` x ``cols`` interior spaces (6 x 8 on the base board: the red d6
rolls the row, the black d8 the column; Extreme Danger's half board adds columns 9-12, rolled with the d12),
surrounded by a one-space outside ring (8 x 10 in all). Space ``"r,c"`` is row ``r``, column ``c``; the ring
is row ``0`` and ``rows + 1``, column ``0`` and ``cols + 1`` (McGill's ``i-j`` coordinates are the same
numbers). Spaces of the first floor are named ``"r,c"``; those of any other floor ``"<floor id>:r,c"``.

Levels and dice (DECISIONS Flash Point 2: "a building is the boards side by side"). Each floor has a
``level``: -1 the basement, 0 the ground floor, 1 the second storey, 2 the third. One pair of dice rolls every
inside space of the building: the red d6 names the row, the black die (a d8, or the d12 with a half board,
seed 003 "Dados") names a *die column*, and each floor owns a run of die columns, ``die_cols: [first, last]``:
its local column ``c`` is die column ``first + c - 1``. The Laboratory's two floors are the two 6 x 4 halves
of its board (die columns 1-4 and 5-8); a half board is the columns 9-12. Floors stack in place: the space
*above* or *below* another is the one on the next level up or down with the same row and the same local
column (:meth:`Building.above`, :meth:`Building.below`), so a half board lies over (or under) local columns
1-4 of the floor next to it.

* The ground floor (level 0) has the outside ring, the entrances and the parking spots.
* An upper floor (levels 1, 2) has an outside ring too, but no entrances: its ring spaces are where a
  portable ladder's top segment stands, above the ground ring space where the ladder was raised (seed 003,
  "Erguer uma Escada Portatil"). Nobody walks from an upper floor out onto its ring except by such a ladder.
* The basement (level -1) has **no** outside ring: its border is solid ground, so nothing is listed on its
  outer edges and no space lies outside it (seed 003: "No movement outside the building in the Basement";
  sources C.2).

File format ``flashpoint-building`` version 1:

* ``name``; optional ``side`` (e.g. ``front``) and ``source`` (where the layout comes from).
* ``floors``: ``{id, name, rows, cols, walls, doors, entrances}``; the edge lists hold **edges**, written
  ``"r,c|r,c"`` for two orthogonally adjacent spaces of the floor, or ``"r,c|D"`` for a border space and the
  outside next to it, ``D`` one of ``N``, ``E``, ``S``, ``W``. ``walls`` are plain walls, ``doors`` doors
  (they start closed), ``entrances`` openings in the outside wall (on the ground floor only). Every edge
  between the interior and the outside ring must be listed (the outside wall is closed except at entrances);
  an interior edge not listed is open. A floor may also give its ``quadrants``: ``{id, rows: [first, last],
  cols: [first, last]}``, together covering every interior space exactly once.
* Levels and dice, optional on a floor: ``level`` (-1 to 2) and ``die_cols`` (``[first, last]``). The first
  floor listed is the ground floor: its level is 0 (the default; any other is refused). Either no floor gives
  ``die_cols`` (as in the base houses): then the first floor is rolled with die columns 1 to ``cols``, any
  later floor is off the dice, and a later floor without ``level`` is one level above the floor listed
  before it. Or every floor gives ``die_cols`` and every floor after the first its ``level``. Either way: one
  floor per level, the levels without a gap; a floor on the dice has the 6 rows of the red d6 and as many
  columns as its die columns; the die columns of all floors cover 1 to N exactly once, N being 8 (a full
  board) or 12 (with a half board).
* Extreme Danger elements, optional (the base houses use none; seed 003 and sources C.2): on a floor
  ``windows``, ``fireproof_doors`` and ``light_walls`` (edge lists like ``walls``), ``staircases`` (spaces),
  ``objects`` (``{id, kind: explosive | toxic, spaces: [one or two adjacent spaces], capacity}``: the car,
  the lab equipment; ``capacity`` is the damage it takes before it goes off) and ``arrows``
  (``{space, to}``: where a fire-advance roll landing on an object's space is redirected, an adjacent
  space under no object); on the building ``floor_links`` (``{between: [space, space]}``: two staircase
  spaces on floors one level apart, adjacent to each other).
* ``parking``, optional: ``{ambulance: [[space, space], ...], engine: [...]}``: each spot is two adjacent
  spaces of the first floor's outside ring, along one side, not a corner; no space in two spots.
* ``family_setup``, optional: ``{fire: [spaces], pois: [spaces]}``: the Family game's pre-set fire and its
  3 points of interest, inside the building and all different.

The deck gun's target area is a floor's quadrants. The base houses have four (sources B.2). Extreme Danger
fires the deck gun "at the side (half of each floor/board) of the building bordering the engine's space",
flipping the red d6 as usual but never the black die (seed 003): so our Extreme Danger layouts split every
floor into two halves by rows, ``north`` (rows 1-3) and ``south`` (rows 4-6), and park the engine where it
borders one of them.

>>> house = Building.default()
>>> len(house.doors()), house.entrances()
(8, ('1,6', '3,1', '4,8', '6,3'))
>>> house.edge("1,3", "1,4"), house.edge("3,3", "2,3"), house.edge("2,2", "2,3"), house.quadrant("5,7")
('door', 'wall', None, 'se')
>>> lab = Building.named("laboratory_attic")
>>> lab.die_faces, lab.roll_space(2, 3), lab.roll_space(2, 7), lab.roll_space(2, 11)
(12, '2,3', 'second:2,3', 'attic:2,3')
>>> lab.above("2,3"), lab.above("second:2,3"), lab.below("2,3")
('second:2,3', 'attic:2,3', None)
"""

from __future__ import annotations

import functools
import re
from collections import Counter
from collections.abc import Mapping
from dataclasses import dataclass
from pathlib import Path
from types import MappingProxyType
from typing import Any, Literal

import pydantic

from explorer.core import InvalidData, StrictModel, read_data_file, validate

__all__ = ["BACK_DOORS", "BACK_ENTRANCES", "BASEMENT", "COLS", "DATA", "DIE_FACES", "DIRECTIONS", "EDGE_KINDS",
           "FAMILY_FIRES", "FAMILY_POIS", "FRONT_DOORS", "FRONT_ENTRANCES", "GROUND", "LEVELS", "MAX_COLS",
           "OBJECT_KINDS", "RING_COLS", "RING_ROWS", "ROWS", "SHIPPED", "VEHICLES", "Building", "Edge", "Floor",
           "Space"]

DATA = Path(__file__).parent / "data"
"""The folder of the shipped building data."""
ROWS, COLS = 6, 8
"""The base board's interior: 6 rows (red d6) by 8 columns (black d8) (sources B.2)."""
RING_ROWS, RING_COLS = ROWS + 2, COLS + 2
"""With the one-space outside ring: 8 x 10 (sources B.2; McGill's 80 tiles)."""
MAX_COLS = 12
"""Extreme Danger's half board adds columns 9-12, rolled with the d12 (DECISIONS Flash Point 2)."""
DIE_FACES = (COLS, MAX_COLS)
"""The black die: a d8 for a full board alone, the d12 with a half board (seed 003 "Dados")."""
BASEMENT, GROUND = -1, 0
"""The basement's level and the ground floor's (the first floor listed)."""
LEVELS = (-1, 0, 1, 2)
"""Basement, ground floor, second storey, third storey: up to three storeys and a basement (seed 003)."""
SHIPPED = MappingProxyType({
    "front": "house_front.yaml",
    "back": "house_back.yaml",
    "garage": "garage.yaml",
    "laboratory": "laboratory.yaml",
    "garage_basement": "garage_basement.yaml",
    "laboratory_attic": "laboratory_attic.yaml",
})
"""The shipped buildings by key, each a file of :data:`DATA` (see :meth:`Building.named`)."""
FRONT_DOORS, FRONT_ENTRANCES = 8, 4
"""The front-side house: 8 doors (the 8 door markers) and 4 entrances (sources B.1, B.3.1)."""
BACK_DOORS, BACK_ENTRANCES = 7, 2
"""The back-side house: 7 doors and 2 entrances (sources B.3.2)."""
FAMILY_FIRES = 10
"""Fire markers pre-set in the front house's Family game (sources B.3.1, INFERRED)."""
FAMILY_POIS = 3
"""Points of interest on the board at the start and after every turn (sources B.4, B.5)."""
EDGE_KINDS = ("wall", "door", "entrance", "window", "fireproof_door", "light_wall")
"""What can stand on the edge between two spaces; the last three are Extreme Danger's (sources C.2)."""
OBJECT_KINDS = ("explosive", "toxic")
"""Extreme Danger objects: explosive (the car, lab equipment) or toxic (a chemical spill) (seed 003)."""
VEHICLES = ("ambulance", "engine")
"""The vehicles with parking spots on the outside ring (sources B.1)."""
DIRECTIONS = {"N": (-1, 0), "E": (0, 1), "S": (1, 0), "W": (0, -1)}
"""The outside of a border space, by compass direction: row and column steps."""

_ID = r"^[a-z0-9]+(-[a-z0-9]+)*$"
_SPACE = re.compile(r"^(?:([a-z0-9]+(?:-[a-z0-9]+)*):)?(\d+),(\d+)$")
_FIELDS = {"wall": "walls", "door": "doors", "entrance": "entrances", "window": "windows",
           "fireproof_door": "fireproof_doors", "light_wall": "light_walls"}
_BIT_ORDER = ((-1, 0), (0, -1), (1, 0), (0, 1))  # the Tec 4-bit order: top, left, bottom, right

Range = pydantic.conlist(int, min_length=2, max_length=2)
Pair = pydantic.conlist(str, min_length=2, max_length=2)


# ---- the file format ------------------------------------------------------------------------------------
class _QuadrantFile(StrictModel):
    id: str = pydantic.Field(pattern=_ID)
    rows: Range
    cols: Range


class _ObjectFile(StrictModel):
    id: str = pydantic.Field(pattern=_ID)
    kind: Literal["explosive", "toxic"]
    spaces: list[str] = pydantic.Field(min_length=1, max_length=2)
    capacity: int = pydantic.Field(ge=1)


class _ArrowFile(StrictModel):
    space: str
    to: str


class _FloorFile(StrictModel):
    id: str = pydantic.Field(pattern=_ID)
    name: str = pydantic.Field(min_length=1)
    level: int | None = pydantic.Field(default=None, ge=LEVELS[0], le=LEVELS[-1])
    die_cols: Range | None = None
    rows: int = pydantic.Field(ge=1, le=ROWS)
    cols: int = pydantic.Field(ge=1, le=MAX_COLS)
    walls: list[str] = pydantic.Field(default_factory=list)
    doors: list[str] = pydantic.Field(default_factory=list)
    entrances: list[str] = pydantic.Field(default_factory=list)
    windows: list[str] = pydantic.Field(default_factory=list)
    fireproof_doors: list[str] = pydantic.Field(default_factory=list)
    light_walls: list[str] = pydantic.Field(default_factory=list)
    staircases: list[str] = pydantic.Field(default_factory=list)
    objects: list[_ObjectFile] = pydantic.Field(default_factory=list)
    arrows: list[_ArrowFile] = pydantic.Field(default_factory=list)
    quadrants: list[_QuadrantFile] = pydantic.Field(default_factory=list)


class _LinkFile(StrictModel):
    between: Pair


class _ParkingFile(StrictModel):
    ambulance: list[Pair] = pydantic.Field(default_factory=list)
    engine: list[Pair] = pydantic.Field(default_factory=list)


class _FamilyFile(StrictModel):
    fire: list[str] = pydantic.Field(default_factory=list)
    pois: list[str] = pydantic.Field(default_factory=list)


class _BuildingFile(StrictModel):
    format: Literal["flashpoint-building"]
    format_version: Literal[1]
    name: str = pydantic.Field(min_length=1)
    side: str | None = None
    source: str | None = None
    floors: list[_FloorFile] = pydantic.Field(min_length=1)
    floor_links: list[_LinkFile] = pydantic.Field(default_factory=list)
    parking: _ParkingFile | None = None
    family_setup: _FamilyFile | None = None


# ---- the building -----------------------------------------------------------------------------------------
@dataclass(frozen=True)
class Space:
    """One space of a floor, inside the building or on the outside ring around it."""

    id: str
    """Its name: ``"r,c"`` on the first floor, ``"<floor>:r,c"`` on the others."""
    floor: str
    """The floor id."""
    row: int
    """0 to ``rows + 1``; 0 and ``rows + 1`` are the outside ring (a basement has no ring: 1 to ``rows``)."""
    col: int
    """0 to ``cols + 1``; 0 and ``cols + 1`` are the outside ring (a basement has no ring: 1 to ``cols``)."""
    inside: bool
    """False for the outside ring."""


@dataclass(frozen=True)
class Edge:
    """What stands between two adjacent spaces of a floor: a wall, a door, an entrance, ..."""

    a: str
    """The first space (the inside one for an edge of the outside wall)."""
    b: str
    """The second space."""
    kind: str
    """One of :data:`EDGE_KINDS`."""


@dataclass(frozen=True)
class Floor:
    """A floor's size and its Extreme Danger elements (edges are kept by the :class:`Building`)."""

    id: str
    name: str
    rows: int
    cols: int
    staircases: tuple[str, ...]
    """Extreme Danger: the spaces holding a staircase."""
    objects: tuple[Mapping[str, Any], ...]
    """Extreme Danger: ``{id, kind, spaces, capacity}`` of each explosive or toxic object."""
    arrows: Mapping[str, str]
    """Extreme Danger: the redirect arrow on a space, to the space it points at."""
    quadrants: tuple[tuple[str, tuple[int, int], tuple[int, int]], ...]
    """``(id, (first row, last row), (first col, last col))`` of each quadrant."""
    level: int = GROUND
    """-1 the basement, 0 the ground floor, 1 the second storey, 2 the third (see :data:`LEVELS`)."""
    die_cols: tuple[int, int] | None = None
    """``(first, last)`` black-die columns landing on this floor (local column ``c`` is die column
    ``first + c - 1``), or ``None`` for a floor off the dice (a later floor of a building without ``die_cols``)."""

    @property
    def has_ring(self) -> bool:
        """False for the basement, which has no outside ring (seed 003: no movement outside in the Basement)."""
        return self.level != BASEMENT


def _edge_key(a: str, b: str) -> frozenset[str]:
    return frozenset((a, b))


def _levels_and_dice(listed: list[_FloorFile], floors: Mapping[str, _FloorFile],
                     problems: list[str]) -> tuple[dict[str, int], dict[str, tuple[int, int]]]:
    """Each floor's level and die columns (``floors`` holds the floors with a unique id), noting problems.

    The rules (DECISIONS Flash Point 2, seed 003): the first floor is the ground floor, level 0; one floor per
    level, without a gap; either no floor gives ``die_cols`` (the first floor is rolled with die columns 1 to
    ``cols``, later floors are off the dice, a later floor without ``level`` is one above the floor before it)
    or every floor gives ``die_cols`` and every later floor ``level``; a floor on the dice has the red d6's 6
    rows and as many columns as its die columns; the die columns cover 1 to 8 or 1 to 12 exactly once.
    A floor whose level is missing is left out of the returned levels, one with bad die columns out of the
    returned die columns.
    """
    by_dice = any(f.die_cols is not None for f in listed)
    levels: dict[str, int] = {}
    owner: dict[int, str] = {}
    previous: int | None = None
    for i, f in enumerate(listed):
        if floors.get(f.id) is not f:
            continue
        at = f"floors[{i}] ({f.id})"
        level = f.level
        if level is None and i == 0:
            level = GROUND
        elif level is None and by_dice:
            problems.append(f"{at}: level missing; in a building whose floors give die_cols, every floor after "
                            f"the first gives its level (-1 basement, 1 second storey, 2 third)")
        elif level is None and previous is not None:
            level = previous + 1
            if level not in LEVELS:
                problems.append(f"{at}: level missing, and one above the floor before it would be level "
                                f"{level}; the highest is {LEVELS[-1]} (the third storey)")
                level = None
        previous = level
        if level is None:
            continue
        if i == 0 and level != GROUND:
            problems.append(f"{at}.level: the first floor listed is the ground floor, level {GROUND} (its spaces "
                            f"are named \"r,c\" and it holds the entrances and parking); got level {level}")
            continue
        if level in owner:
            problems.append(f"{at}.level: level {level} is already floor {owner[level]}'s; one floor per level")
            continue
        owner[level] = f.id
        levels[f.id] = level
    if owner:
        gap = [lv for lv in range(min(owner), max(owner) + 1) if lv not in owner]
        if gap:
            problems.append(f"levels: no floor on level {', '.join(map(str, gap))}; the levels run "
                            f"{min(owner)} to {max(owner)} without a gap")

    die_cols: dict[str, tuple[int, int]] = {}
    complete = True
    for i, f in enumerate(listed):
        if floors.get(f.id) is not f or (i > 0 and not by_dice):
            continue
        at = f"floors[{i}] ({f.id})"
        if f.die_cols is None and by_dice:
            problems.append(f"{at}: die_cols missing; in a building whose floors give die_cols, every floor does")
            complete = False
            continue
        start, end = f.die_cols if f.die_cols is not None else (1, f.cols)
        ok = True
        if not 1 <= start <= end <= MAX_COLS:
            problems.append(f"{at}.die_cols: [{start}, {end}] is not a range of black-die columns within "
                            f"1-{MAX_COLS}")
            ok = False
        elif end - start + 1 != f.cols:
            problems.append(f"{at}.die_cols: [{start}, {end}] is {end - start + 1} die columns, the floor has "
                            f"{f.cols} columns; its local column c is die column {start} + c - 1")
            ok = False
        if f.rows != ROWS:
            problems.append(f"{at}: a floor on the dice has the red d6's {ROWS} rows, got rows {f.rows}")
        if ok:
            die_cols[f.id] = (start, end)
        complete = complete and ok
    on: dict[int, list[str]] = {}
    for fid, (start, end) in die_cols.items():
        for col in range(start, end + 1):
            on.setdefault(col, []).append(fid)
    for col, fids in sorted(on.items()):
        if len(fids) > 1:
            problems.append(f"die_cols: die column {col} lands on floors {', '.join(fids)}; each column of the "
                            f"black die lands on one floor")
    if complete and on:
        faces = max(on)
        missed = [col for col in range(1, faces + 1) if col not in on]
        if missed:
            problems.append(f"die_cols: die columns {', '.join(map(str, missed))} land on no floor; the floors "
                            f"together cover 1-{faces}")
        if faces not in DIE_FACES:
            problems.append(f"die_cols: the die columns run to {faces}; the black die has {DIE_FACES[0]} faces "
                            f"(a full board) or {DIE_FACES[1]} (with a half board), DECISIONS Flash Point 2")
    return levels, die_cols


@dataclass(frozen=True, eq=False)
class Building:
    """A Flash Point building as data: floors of spaces and the edges between them, and the questions on them.

    >>> house = Building.default()
    >>> house.neighbours("3,1")
    (('2,1', None), ('3,0', 'entrance'), ('4,1', None), ('3,2', None))
    >>> house.parking("ambulance")[0], house.is_inside("0,5")
    (('3,0', '4,0'), False)

    Raises (constructors):
        InvalidData: listing every problem in the data (see :meth:`from_dict`).
    """

    name: str
    side: str | None
    source: str | None
    floors: Mapping[str, Floor]
    spaces_by_id: Mapping[str, Space]
    edges: Mapping[frozenset[str], Edge]
    floor_links: tuple[tuple[str, str], ...]
    parking_spots: Mapping[str, tuple[tuple[str, str], ...]]
    family_fire: tuple[str, ...] | None
    family_pois: tuple[str, ...] | None

    # ---- construction ---------------------------------------------------------------------------------------
    @classmethod
    def from_dict(cls, data: Any, *, what: str = "Flash Point building") -> Building:
        """A building from its file data (format ``flashpoint-building`` version 1, see ``data/*.yaml``).

        Beyond the field types it checks: floor ids unique; levels and die columns as the module docstring
        says (the first floor at level 0, one floor per level, no gap between levels, ``level`` on every later
        floor and ``die_cols`` on every floor once one floor gives ``die_cols``, a floor on the dice 6 rows
        high and as wide as its die columns, the die columns covering 1 to 8 or 1 to 12 exactly once:
        DECISIONS Flash Point 2); every edge written ``"r,c|r,c"`` or ``"r,c|D"`` with known spaces of its own
        floor that are orthogonally adjacent, not both outside, each edge listed once (under any kind),
        entrances only in the outside wall of the ground floor, no edge to the outside of the basement, and the
        outside wall of every other floor closed (listed) all round; staircases inside and distinct; objects
        inside, their spaces adjacent, ids unique, no space under two objects; arrows from an inside space to
        an adjacent inside space under no object, one per space; quadrants inside the floor and covering it
        exactly once; floor links join staircase spaces on floors one level apart; parking spots two adjacent
        spaces of the first floor's outside ring, along one side, off the corners, no space used twice; the
        family setup's fire and POI spaces inside and all different, and 3 POIs.

        Raises:
            InvalidData: listing every problem, each naming where it is and what was expected.
        """
        parsed = validate(_BuildingFile, data, what=what)
        problems: list[str] = []
        first = parsed.floors[0].id

        floors: dict[str, _FloorFile] = {}
        for i, f in enumerate(parsed.floors):
            if f.id in floors:
                problems.append(f"floors[{i}].id: {f.id!r} is used twice")
            else:
                floors[f.id] = f
        levels, die_cols = _levels_and_dice(parsed.floors, floors, problems)

        def name(floor: str, r: int, c: int) -> str:
            return f"{r},{c}" if floor == first else f"{floor}:{r},{c}"

        def has_ring(floor: str) -> bool:
            return levels.get(floor, floors[floor].level) != BASEMENT  # the stated level if it was refused

        spaces: dict[str, Space] = {}
        for f in floors.values():
            ring = 1 if has_ring(f.id) else 0
            for r in range(1 - ring, f.rows + 1 + ring):
                for c in range(1 - ring, f.cols + 1 + ring):
                    s = name(f.id, r, c)
                    spaces[s] = Space(s, f.id, r, c, 1 <= r <= f.rows and 1 <= c <= f.cols)

        def space(text: str, where: str, floor: str | None = None, *, inside: bool = False) -> Space | None:
            """The space ``text`` names (on ``floor`` if unqualified), or None after noting the problem."""
            m = _SPACE.match(text) if isinstance(text, str) else None
            if m is None:
                problems.append(f"{where}: {text!r} is not a space; write \"row,col\" (or \"floor:row,col\")")
                return None
            fl = m.group(1) or floor or first
            if fl not in floors:
                problems.append(f"{where}: {text!r} is on unknown floor {fl!r}")
                return None
            r, c = int(m.group(2)), int(m.group(3))
            s = spaces.get(name(fl, r, c))
            if s is None:
                f = floors[fl]
                if has_ring(fl):
                    problems.append(f"{where}: unknown space {text!r}: floor {fl} has rows 0-{f.rows + 1} and "
                                    f"columns 0-{f.cols + 1} (with the outside ring)")
                else:
                    problems.append(f"{where}: unknown space {text!r}: floor {fl} has rows 1-{f.rows} and "
                                    f"columns 1-{f.cols} (a basement has no outside ring)")
                return None
            if inside and not s.inside:
                problems.append(f"{where}: {text!r} is outside the building; expected an inside space")
                return None
            return s

        def adjacent(a: Space, b: Space) -> bool:
            return a.floor == b.floor and abs(a.row - b.row) + abs(a.col - b.col) == 1

        edges: dict[frozenset[str], Edge] = {}
        edge_where: dict[frozenset[str], str] = {}
        floor_info: dict[str, Floor] = {}
        object_ids: set[str] = set()  # object ids are unique in the whole building
        for i, f in enumerate(parsed.floors):
            if floors.get(f.id) is not f:
                continue
            at = f"floors[{i}] ({f.id})"
            for kind, field_name in _FIELDS.items():
                for k, text in enumerate(getattr(f, field_name)):
                    where = f"{at}.{field_name}[{k}]"
                    parts = text.split("|")
                    if len(parts) != 2:
                        problems.append(f"{where}: {text!r} is not an edge; write \"r,c|r,c\" or \"r,c|N\" "
                                        f"(N, E, S or W for the outside)")
                        continue
                    a = space(parts[0].strip(), where, f.id)
                    if a is None:
                        continue
                    other = parts[1].strip()
                    if other in DIRECTIONS:
                        if not has_ring(a.floor):
                            problems.append(f"{where}: {text!r}: floor {a.floor} is the basement, it has no "
                                            f"outside; list no edge to the outside there (seed 003: no movement "
                                            f"outside the building in the Basement)")
                            continue
                        dr, dc = DIRECTIONS[other]
                        b = spaces[name(a.floor, a.row + dr, a.col + dc)] if a.inside else None
                        if b is None or b.inside:
                            problems.append(f"{where}: {text!r}: {other} of {parts[0].strip()} is not the "
                                            f"outside; \"r,c|{other}\" is for a space on that border")
                            continue
                    else:
                        b = space(other, where, f.id)
                        if b is None:
                            continue
                    if a.floor != f.id or b.floor != f.id:
                        problems.append(f"{where}: {text!r} joins spaces of another floor; an edge joins two "
                                        f"spaces of floor {f.id}")
                        continue
                    if not adjacent(a, b):
                        problems.append(f"{where}: {text!r}: the spaces are not adjacent")
                        continue
                    if not (a.inside or b.inside):
                        problems.append(f"{where}: {text!r}: both spaces are outside the building")
                        continue
                    if kind == "entrance" and a.inside and b.inside:
                        problems.append(f"{where}: {text!r}: an entrance is an opening in the outside wall")
                        continue
                    if kind == "entrance" and levels.get(f.id, GROUND) != GROUND:
                        problems.append(f"{where}: {text!r}: entrances are on the ground floor (level 0); "
                                        f"floor {f.id} is level {levels[f.id]}")  # kept: no gap reported
                    key = _edge_key(a.id, b.id)
                    if key in edges:
                        problems.append(f"{where}: {text!r}: this edge is already listed at {edge_where[key]}")
                        continue
                    inner, outer = (a, b) if a.inside else (b, a)
                    if inner.inside and outer.inside:
                        inner, outer = sorted((a, b), key=lambda s: (s.row, s.col))
                    edges[key] = Edge(inner.id, outer.id, kind)
                    edge_where[key] = where
            gaps = []
            for s in spaces.values():
                if s.floor == f.id and s.inside and has_ring(f.id):
                    for d, (dr, dc) in DIRECTIONS.items():
                        o = spaces[name(f.id, s.row + dr, s.col + dc)]
                        if not o.inside and _edge_key(s.id, o.id) not in edges:
                            gaps.append(f"{s.row},{s.col}|{d}")
            if gaps:
                problems.append(f"{at}: the outside wall is open at {', '.join(gaps)}; list a wall (or a door, "
                                f"window or entrance) on each outside edge")

            stairs: list[str] = []
            for k, text in enumerate(f.staircases):
                s = space(text, f"{at}.staircases[{k}]", f.id, inside=True)
                if s is not None:
                    if s.id in stairs:
                        problems.append(f"{at}.staircases[{k}]: {text!r} is listed twice")
                    else:
                        stairs.append(s.id)

            objects: list[Mapping[str, Any]] = []
            under: dict[str, str] = {}
            for k, o in enumerate(f.objects):
                where = f"{at}.objects[{k}] ({o.id})"
                if o.id in object_ids:
                    problems.append(f"{where}: id {o.id!r} is used twice")
                object_ids.add(o.id)
                held = [space(t, where, f.id, inside=True) for t in o.spaces]
                if None in held:
                    continue
                if len(held) == 2 and not adjacent(held[0], held[1]):
                    problems.append(f"{where}: an object's two spaces must be adjacent, got {', '.join(o.spaces)}")
                elif len(held) == 2 and _edge_key(held[0].id, held[1].id) in edges:
                    problems.append(f"{where}: an object stands on open floor; a "
                                    f"{edges[_edge_key(held[0].id, held[1].id)].kind.replace('_', ' ')} runs between "
                                    f"{', '.join(o.spaces)}")
                for s in held:
                    if s.id in under:
                        problems.append(f"{where}: space {s.id} is already under object {under[s.id]}")
                    under.setdefault(s.id, o.id)
                objects.append(MappingProxyType({"id": o.id, "kind": o.kind,
                                                 "spaces": tuple(s.id for s in held), "capacity": o.capacity}))

            arrows: dict[str, str] = {}
            for k, arrow in enumerate(f.arrows):
                where = f"{at}.arrows[{k}]"
                s, t = space(arrow.space, where, f.id, inside=True), space(arrow.to, where, f.id, inside=True)
                if s is None or t is None:
                    continue
                if not adjacent(s, t):
                    problems.append(f"{where}: an arrow points to an adjacent space; {arrow.space} and "
                                    f"{arrow.to} are not adjacent")
                elif s.id in arrows:
                    problems.append(f"{where}: space {arrow.space} already has an arrow")
                elif t.id in under:
                    problems.append(f"{where}: an arrow points to a valid target space; {arrow.to} is under "
                                    f"object {under[t.id]} (seed 003: a roll landing on an object follows the "
                                    f"arrow to a valid space)")
                elif s.id not in under:
                    problems.append(f"{where}: arrows are printed on the spaces of objects; {arrow.space} holds "
                                    f"none")
                else:
                    arrows[s.id] = t.id

            quadrants = []
            cover: Counter[tuple[int, int]] = Counter()
            quadrant_ids: set[str] = set()
            for k, q in enumerate(f.quadrants):
                where = f"{at}.quadrants[{k}] ({q.id})"
                if q.id in quadrant_ids:
                    problems.append(f"{where}: id {q.id!r} is used twice")
                quadrant_ids.add(q.id)
                (r1, r2), (c1, c2) = q.rows, q.cols
                if not (1 <= r1 <= r2 <= f.rows and 1 <= c1 <= c2 <= f.cols):
                    problems.append(f"{where}: rows {r1}-{r2} and columns {c1}-{c2} are not a range inside the "
                                    f"floor (rows 1-{f.rows}, columns 1-{f.cols})")
                    continue
                cover.update((r, c) for r in range(r1, r2 + 1) for c in range(c1, c2 + 1))
                quadrants.append((q.id, (r1, r2), (c1, c2)))
            if f.quadrants:
                twice = sorted(rc for rc, n in cover.items() if n > 1)
                missed = [(r, c) for r in range(1, f.rows + 1) for c in range(1, f.cols + 1) if (r, c) not in cover]
                if twice:
                    problems.append(f"{at}.quadrants: spaces in two quadrants: "
                                    f"{', '.join(f'{r},{c}' for r, c in twice)}")
                if missed and len(quadrants) == len(f.quadrants):
                    problems.append(f"{at}.quadrants: spaces in no quadrant: "
                                    f"{', '.join(f'{r},{c}' for r, c in missed)}")
            floor_info[f.id] = Floor(f.id, f.name, f.rows, f.cols, tuple(stairs), tuple(objects),
                                     MappingProxyType(arrows), tuple(quadrants),
                                     level=levels.get(f.id, GROUND), die_cols=die_cols.get(f.id))

        links: list[tuple[str, str]] = []
        linked: set[frozenset[str]] = set()
        for k, link in enumerate(parsed.floor_links):
            where = f"floor_links[{k}]"
            a, b = (space(t, where, inside=True) for t in link.between)
            if a is None or b is None:
                continue
            if a.floor == b.floor:
                problems.append(f"{where}: a floor link joins two floors; {a.id} and {b.id} are both on {a.floor}")
                continue
            la, lb = levels.get(a.floor), levels.get(b.floor)
            if la is not None and lb is not None and abs(la - lb) != 1:
                problems.append(f"{where}: a staircase joins floors one level apart; {a.id} is on level {la}, "
                                f"{b.id} on level {lb}")
            for s in (a, b):
                if s.id not in floor_info[s.floor].staircases:
                    problems.append(f"{where}: {s.id} is not a staircase space of floor {s.floor}")
            if _edge_key(a.id, b.id) in linked:
                problems.append(f"{where}: {a.id} and {b.id} are already linked")
            linked.add(_edge_key(a.id, b.id))
            links.append((a.id, b.id))

        parking: dict[str, tuple[tuple[str, str], ...]] = {v: () for v in VEHICLES}
        if parsed.parking is not None:
            parked: dict[str, str] = {}
            f0 = floors[first]
            for vehicle in VEHICLES:
                spots = []
                for k, pair in enumerate(getattr(parsed.parking, vehicle)):
                    where = f"parking.{vehicle}[{k}]"
                    a, b = (space(t, where, first) for t in pair)
                    if a is None or b is None:
                        continue
                    ok = True
                    for s in (a, b):
                        corner = s.row in (0, f0.rows + 1) and s.col in (0, f0.cols + 1)
                        if s.floor != first or s.inside or corner:
                            problems.append(f"{where}: {s.id} is not on the outside ring of floor {first} "
                                            f"(off the corners); vehicles park outside")
                            ok = False
                    if ok and not adjacent(a, b):
                        problems.append(f"{where}: a parking spot is two adjacent spaces; {a.id} and {b.id} are not")
                        ok = False
                    for s in (a, b):
                        if s.id in parked:
                            problems.append(f"{where}: {s.id} is already in parking spot {parked[s.id]}")
                            ok = False
                    if ok:
                        for s in (a, b):
                            parked[s.id] = where
                    spots.append((a.id, b.id))
                parking[vehicle] = tuple(spots)

        fire = pois = None
        if parsed.family_setup is not None:
            seen: dict[str, str] = {}
            lists: dict[str, list[str]] = {}
            for part in ("fire", "pois"):
                lists[part] = []
                for k, text in enumerate(getattr(parsed.family_setup, part)):
                    where = f"family_setup.{part}[{k}]"
                    s = space(text, where, inside=True)
                    if s is None:
                        continue
                    if s.id in seen:
                        problems.append(f"{where}: {s.id} is already used at {seen[s.id]}; the family setup's "
                                        f"spaces are all different")
                        continue
                    seen[s.id] = where
                    lists[part].append(s.id)
            if len(parsed.family_setup.pois) != FAMILY_POIS:
                problems.append(f"family_setup.pois: the game starts with {FAMILY_POIS} points of interest, "
                                f"got {len(parsed.family_setup.pois)}")
            fire, pois = tuple(lists["fire"]), tuple(lists["pois"])

        if problems:
            raise InvalidData(what, problems)

        order = {s: k for k, s in enumerate(spaces)}
        edges_sorted = dict(sorted(edges.items(), key=lambda kv: (order[kv[1].a], order[kv[1].b])))
        return cls(parsed.name, parsed.side, parsed.source, MappingProxyType(floor_info),
                   MappingProxyType(spaces), MappingProxyType(edges_sorted), tuple(links),
                   MappingProxyType(parking), fire, pois)

    @classmethod
    def from_file(cls, path: str | Path) -> Building:
        """A building from a YAML or JSON file.

        Raises:
            InvalidData: for a missing or malformed file, or a building that does not validate.
        """
        return cls.from_dict(read_data_file(path), what=f"building file {path}")

    @staticmethod
    @functools.cache
    def named(key: str) -> Building:
        """The shipped building ``key`` (one of :meth:`shipped`), loaded once: the same object every time. The
        Extreme Danger keys are our own layouts of the Mechanic's Garage and the Laboratory, alone or with the
        Basement or the Attic (``flashpoint.ed.boards``).

        >>> Building.named("garage").name, Building.named("front") is Building.default()
        ("Mechanic's Garage", True)

        Raises:
            KeyError: for an unknown key (the message lists the shipped ones).
        """
        if key not in SHIPPED:
            raise KeyError(f"no shipped building {key!r}; the shipped ones are {', '.join(SHIPPED)}")
        return Building.from_file(DATA / SHIPPED[key])

    @staticmethod
    def shipped() -> tuple[str, ...]:
        """The keys of the shipped buildings, for :meth:`named` (see :data:`SHIPPED`).

        >>> Building.shipped()
        ('front', 'back', 'garage', 'laboratory', 'garage_basement', 'laboratory_attic')
        """
        return tuple(SHIPPED)

    @staticmethod
    def default() -> Building:
        """The base game's front-side house (``data/house_front.yaml``), loaded once: ``named("front")``."""
        return Building.named("front")

    @staticmethod
    def back() -> Building:
        """The base game's back-side house (``data/house_back.yaml``), loaded once: ``named("back")``."""
        return Building.named("back")

    def _edge_text(self, edge: Edge) -> str:
        a, b = self.spaces_by_id[edge.a], self.spaces_by_id[edge.b]
        local_a = f"{a.row},{a.col}"
        if not b.inside:
            d = next(d for d, (dr, dc) in DIRECTIONS.items() if (a.row + dr, a.col + dc) == (b.row, b.col))
            return f"{local_a}|{d}"
        return f"{local_a}|{b.row},{b.col}"

    def to_dict(self) -> dict[str, Any]:
        """The building in its file format (``Building.from_dict(b.to_dict())`` gives an equal building).

        Optional fields that are empty are left out. Every floor's ``level`` is written, and its
        ``die_cols`` when every floor is on the dice (a building with floors off the dice writes none).
        """
        floors = []
        by_dice = all(f.die_cols is not None for f in self.floors.values())
        for f in self.floors.values():
            out: dict[str, Any] = {"id": f.id, "name": f.name, "level": f.level}
            if by_dice:
                out["die_cols"] = list(f.die_cols)
            out.update(rows=f.rows, cols=f.cols)
            for kind, field_name in _FIELDS.items():
                listed = [self._edge_text(e) for e in self.edges.values()
                          if e.kind == kind and self.spaces_by_id[e.a].floor == f.id]
                if listed or kind in ("wall", "door", "entrance"):
                    out[field_name] = listed
            local = {s: f"{self.spaces_by_id[s].row},{self.spaces_by_id[s].col}" for s in self.spaces_by_id
                     if self.spaces_by_id[s].floor == f.id}
            if f.staircases:
                out["staircases"] = [local[s] for s in f.staircases]
            if f.objects:
                out["objects"] = [{"id": o["id"], "kind": o["kind"], "spaces": [local[s] for s in o["spaces"]],
                                   "capacity": o["capacity"]} for o in f.objects]
            if f.arrows:
                out["arrows"] = [{"space": local[s], "to": local[t]} for s, t in f.arrows.items()]
            if f.quadrants:
                out["quadrants"] = [{"id": q, "rows": list(rows), "cols": list(cols)} for q, rows, cols in f.quadrants]
            floors.append(out)
        data: dict[str, Any] = {"format": "flashpoint-building", "format_version": 1, "name": self.name}
        if self.side is not None:
            data["side"] = self.side
        if self.source is not None:
            data["source"] = self.source
        data["floors"] = floors
        if self.floor_links:
            data["floor_links"] = [{"between": list(link)} for link in self.floor_links]
        if any(self.parking_spots.values()):
            data["parking"] = {v: [list(spot) for spot in self.parking_spots[v]] for v in VEHICLES}
        if self.family_fire is not None:
            data["family_setup"] = {"fire": list(self.family_fire), "pois": list(self.family_pois or ())}
        return data

    # ---- questions -------------------------------------------------------------------------------------------
    def _space(self, space: str | tuple[int, int]) -> Space:
        """The :class:`Space` named ``space`` (``"r,c"``, ``"floor:r,c"`` or a first-floor ``(r, c)``).

        Raises:
            KeyError: for an unknown space.
        """
        key = f"{space[0]},{space[1]}" if isinstance(space, tuple) else space
        try:
            return self.spaces_by_id[key]
        except (KeyError, TypeError):
            raise KeyError(f"unknown space {space!r}") from None

    def spaces(self, floor: str | None = None, *, inside: bool | None = None) -> tuple[str, ...]:
        """The space names, row by row: of ``floor`` (default all floors), only inside or outside ones if
        ``inside`` is given.

        Raises:
            KeyError: for an unknown floor.
        """
        if floor is not None and floor not in self.floors:
            raise KeyError(f"unknown floor {floor!r}")
        return tuple(s.id for s in self.spaces_by_id.values()
                     if (floor is None or s.floor == floor) and (inside is None or s.inside == inside))

    def is_inside(self, space: str | tuple[int, int]) -> bool:
        """True for a space of the building, False for the outside ring.

        Raises:
            KeyError: for an unknown space.
        """
        return self._space(space).inside

    def floor_of(self, space: str | tuple[int, int]) -> str:
        """The id of the floor holding ``space`` (inside or on its outside ring).

        >>> Building.named("laboratory").floor_of("second:3,2"), Building.default().floor_of("0,4")
        ('second', 'ground')

        Raises:
            KeyError: for an unknown space.
        """
        return self._space(space).floor

    def level(self, space: str | tuple[int, int]) -> int:
        """The level of the floor holding ``space``: -1 basement, 0 ground, 1 second storey, 2 third (see the
        module docstring; seed 003).

        >>> Building.named("garage_basement").level("basement:2,2"), Building.default().level("2,2")
        (-1, 0)

        Raises:
            KeyError: for an unknown space.
        """
        return self.floors[self._space(space).floor].level

    def _stacked(self, space: str | tuple[int, int], step: int) -> str | None:
        s = self._space(space)
        level = self.floors[s.floor].level + step
        target = next((f.id for f in self.floors.values() if f.level == level), None)
        if target is None:
            return None
        prefix = "" if target == next(iter(self.floors)) else f"{target}:"
        other = f"{prefix}{s.row},{s.col}"
        return other if other in self.spaces_by_id else None

    def above(self, space: str | tuple[int, int]) -> str | None:
        """The space directly above ``space``: on the next level up, same row and same local column (an inside
        space above an inside one, a ring space above a ring space), or ``None`` if there is no floor above or
        it has no such space. The ring space above a ground ring space is where a portable ladder raised there
        puts its top segment (seed 003, "Erguer uma Escada Portatil").

        >>> lab = Building.named("laboratory")
        >>> lab.above("3,2"), lab.above("0,2"), lab.above("second:3,2"), Building.default().above("3,2")
        ('second:3,2', 'second:0,2', None, None)

        Raises:
            KeyError: for an unknown space.
        """
        return self._stacked(space, +1)

    def below(self, space: str | tuple[int, int]) -> str | None:
        """The space directly below ``space``: on the next level down, same row and same local column, or
        ``None`` if there is no floor below or it has no such space (the basement, seed 003 "Dano no Piso":
        an explosion in the basement damages the ground-floor space *above* it; it has no ring, so nothing
        lies below a ground ring space, and a 6 x 4 basement lies under local columns 1-4 only).

        >>> garage = Building.named("garage_basement")
        >>> garage.below("2,3"), garage.below("2,6"), garage.below("0,3"), garage.above("basement:2,3")
        ('basement:2,3', None, None, '2,3')

        Raises:
            KeyError: for an unknown space.
        """
        return self._stacked(space, -1)

    @property
    def die_faces(self) -> int:
        """The black die's faces: 8 for a full board alone, 12 with a half board (``flashpoint.ed.dice``; seed
        003 "Dados"; DECISIONS Flash Point 2).

        >>> Building.default().die_faces, Building.named("garage_basement").die_faces
        (8, 12)
        """
        return max(f.die_cols[1] for f in self.floors.values() if f.die_cols is not None)

    def roll_space(self, red: int, black: int) -> str:
        """The inside space the dice name: the red d6 is the row, the black die (:attr:`die_faces`) the die
        column, which lands on the floor owning it, at local column ``black - first + 1`` (sources B.2;
        DECISIONS Flash Point 2). Used for the fire advance, explosions, POIs and hazmats alike.

        >>> Building.default().roll_space(3, 5), Building.named("laboratory").roll_space(6, 5)
        ('3,5', 'second:6,1')

        Raises:
            ValueError: if ``red`` is not 1-6 or ``black`` not 1 to :attr:`die_faces` (or either is no
                whole number).
        """
        faces = self.die_faces
        for die, value, top in (("red", red, ROWS), ("black", black, faces)):
            if isinstance(value, bool) or not isinstance(value, int) or not 1 <= value <= top:
                raise ValueError(f"the {die} die shows 1-{top}, got {value!r}")
        first = next(iter(self.floors))
        for f in self.floors.values():
            if f.die_cols is not None and f.die_cols[0] <= black <= f.die_cols[1]:
                prefix = "" if f.id == first else f"{f.id}:"
                return f"{prefix}{red},{black - f.die_cols[0] + 1}"
        raise AssertionError("unreachable: the die columns cover 1 to die_faces")  # checked by from_dict

    def edge(self, a: str | tuple[int, int], b: str | tuple[int, int]) -> str | None:
        """What stands between adjacent spaces ``a`` and ``b``: one of :data:`EDGE_KINDS`, ``"staircase"`` for
        a floor link, or ``None`` when the way is open.

        Raises:
            KeyError: for an unknown space.
            ValueError: if the spaces are not adjacent.
        """
        sa, sb = self._space(a), self._space(b)
        key = _edge_key(sa.id, sb.id)
        if key in self.edges:
            return self.edges[key].kind
        if (sa.id, sb.id) in self.floor_links or (sb.id, sa.id) in self.floor_links:
            return "staircase"
        if sa.floor == sb.floor and abs(sa.row - sb.row) + abs(sa.col - sb.col) == 1:
            return None
        raise ValueError(f"spaces {sa.id} and {sb.id} are not adjacent")

    def neighbours(self, space: str | tuple[int, int]) -> tuple[tuple[str, str | None], ...]:
        """``(neighbour, edge kind or None)`` pairs for ``space``: north, west, south, east (the Tec bit
        order), then any floor-linked staircase: a staircase space is adjacent to the matching one on the next
        level (``flashpoint.ed.staircase``), for moving only (fire keeps to its level,
        ``flashpoint.assume.fire-stays-on-its-level``).

        Raises:
            KeyError: for an unknown space.
        """
        s = self._space(space)
        prefix = "" if s.id == f"{s.row},{s.col}" else f"{s.floor}:"
        out = []
        for dr, dc in _BIT_ORDER:
            other = f"{prefix}{s.row + dr},{s.col + dc}"
            if other in self.spaces_by_id:
                edge = self.edges.get(_edge_key(s.id, other))
                out.append((other, edge.kind if edge else None))
        for a, b in self.floor_links:
            if s.id in (a, b):
                out.append((b if s.id == a else a, "staircase"))
        return tuple(out)

    def entrances(self) -> tuple[str, ...]:
        """The inside spaces with an entrance in their outside wall, in row order."""
        return tuple(e.a for e in self.edges.values() if e.kind == "entrance")

    def doors(self) -> tuple[tuple[str, str], ...]:
        """The pairs of spaces joined by a door (closed at the start), in row order."""
        return tuple((e.a, e.b) for e in self.edges.values() if e.kind == "door")

    def parking(self, kind: str) -> tuple[tuple[str, str], ...]:
        """The parking spots of the ``ambulance`` or the ``engine``: pairs of outside-ring spaces.

        Raises:
            KeyError: for another vehicle.
        """
        if kind not in self.parking_spots:
            raise KeyError(f"unknown vehicle {kind!r}; expected one of {', '.join(VEHICLES)}")
        return self.parking_spots[kind]

    def quadrant(self, space: str | tuple[int, int]) -> str | None:
        """The id of the quadrant holding ``space``, or ``None`` outside (or if its floor has no quadrants).

        Raises:
            KeyError: for an unknown space.
        """
        s = self._space(space)
        for q, (r1, r2), (c1, c2) in self.floors[s.floor].quadrants:
            if r1 <= s.row <= r2 and c1 <= s.col <= c2:
                return q
        return None

    def wall_bits(self, floor: str | None = None) -> tuple[tuple[str, ...], ...]:
        """The floor (default the first) as the Tec 4-bit matrix: for each inside space, row by row, a string
        of 4 bits in the order top, left, bottom, right, 1 where any edge (wall, door, entrance, ...) stands,
        or, in the basement, where its border meets solid ground.

        Raises:
            KeyError: for an unknown floor.
        """
        f = self.floors[floor if floor is not None else next(iter(self.floors))]
        prefix = "" if f.id == next(iter(self.floors)) else f"{f.id}:"
        return tuple(
            tuple("".join("1" if _edge_key(f"{prefix}{r},{c}", f"{prefix}{r + dr},{c + dc}") in self.edges
                          or f"{prefix}{r + dr},{c + dc}" not in self.spaces_by_id else "0"
                          for dr, dc in _BIT_ORDER)
                  for c in range(1, f.cols + 1))
            for r in range(1, f.rows + 1))
