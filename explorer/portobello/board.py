"""The Portobello Market board: squares, lanes of stall spaces and triangular districts, read from ``data/``.

The shipped board (``data/board.yaml``) is a **reconstruction** from the rules, not the printed board (see
``DECISIONS.md``, Portobello 1). A user can load their own printing with :meth:`Board.from_dict` or
:meth:`Board.from_file`; every problem in the file is reported at once.

The board (seed p. 1): 11 **squares** (praças) joined by 22 **lanes** (ruelas); each lane has 2 to 6 stall
spaces, each printed with 1, 2 or 3 points. The lanes cut the board into 12 triangular **districts** (bairros),
each bounded by 3 lanes and holding one spot for the bobby. As a plane graph this is a triangulation whose
outer ring is 8 lanes through the 8 rim squares; 3 squares lie inside and 14 lanes are interior
(V - E + F = 11 - 22 + 13 = 2, counting the outside).

File format ``portobello-board`` version 1:

* ``squares``: ``{id, name, pos: [x, y], rim}``; ``rim`` is true for the 8 squares on the outer ring.
* ``lanes``: ``{id, name, from, to, values}``; ``values`` are the stall spaces' points listed from the
  ``from`` end: space 0 is next to ``from``, space ``len(values) - 1`` next to ``to``.
* ``districts``: ``{id, lanes: [three lane ids], bobby: [x, y]}``: the lanes bounding it and its bobby spot.

Geometry is in map units, x to the east and y down (``map: {width, height}``). Lanes are drawn as straight
segments between their squares; stall space ``k`` of a lane with ``n`` spaces sits at fraction
``(k + 1) / (n + 1)`` of the way from ``from`` to ``to`` (:meth:`Board.space_pos`).

>>> board = Board.default()
>>> len(board.squares), len(board.lanes), len(board.districts)
(11, 22, 12)
>>> board.lanes_of("d1"), board.districts_of("c"), board.value("b", 0)
(('a', 'b', 'c'), ('d1', 'd2'), 3)
"""

from __future__ import annotations

import functools
from collections import Counter
from collections.abc import Mapping
from dataclasses import dataclass, field
from pathlib import Path
from types import MappingProxyType
from typing import Any, Literal

import pydantic

from explorer.core import InvalidData, StrictModel, read_data_file, validate

__all__ = ["DATA", "DISTRICTS", "LANES", "MAX_SPACES", "MIN_SPACES", "MIN_TOTAL_SPACES", "RIM_LANES", "RIM_SQUARES",
           "SPACE_VALUES", "SQUARES", "Board", "District", "Lane", "Square"]

DATA = Path(__file__).parent / "data"
"""The folder of the shipped board data."""
SQUARES = 11
"""Squares on the board (seed p. 1: "as suas 11 praças")."""
RIM_SQUARES = 8
"""Squares on the outer ring; the other 3 lie inside (DECISIONS Portobello 1, from Euler's formula)."""
LANES = 22
"""Lanes joining the squares (public board facts; DECISIONS Portobello 1)."""
RIM_LANES = 8
"""Lanes on the outer ring, each bounding one district; the other 14 bound two."""
DISTRICTS = 12
"""Triangular districts, each bounded by 3 lanes with one bobby spot."""
MIN_SPACES, MAX_SPACES = 2, 6
"""A lane has room for 2 to 6 stalls (seed p. 1: "casas para 2 a 6 bancas")."""
SPACE_VALUES = (1, 2, 3)
"""The points a stall space can be printed with."""
MIN_TOTAL_SPACES = 80
"""At least this many stall spaces in all (DECISIONS Portobello 1)."""

Coordinate = pydantic.confloat(allow_inf_nan=False)
Point = pydantic.conlist(Coordinate, min_length=2, max_length=2)
_ID = r"^[a-z0-9]+(-[a-z0-9]+)*$"


# ---- the file format ------------------------------------------------------------------------------------
class _SquareFile(StrictModel):
    id: str = pydantic.Field(pattern=_ID)
    name: str = pydantic.Field(min_length=1)
    pos: Point
    rim: bool


class _LaneFile(StrictModel):
    id: str = pydantic.Field(pattern=_ID)
    name: str = pydantic.Field(min_length=1)
    from_: str = pydantic.Field(alias="from")
    to: str
    values: list[int]


class _DistrictFile(StrictModel):
    id: str = pydantic.Field(pattern=_ID)
    lanes: list[str]
    bobby: Point


class _MapFile(StrictModel):
    width: float = pydantic.Field(gt=0, allow_inf_nan=False)
    height: float = pydantic.Field(gt=0, allow_inf_nan=False)


class _BoardFile(StrictModel):
    format: Literal["portobello-board"]
    format_version: Literal[1]
    name: str
    reconstruction: str | None = None
    map: _MapFile
    squares: list[_SquareFile] = pydantic.Field(min_length=1)
    lanes: list[_LaneFile] = pydantic.Field(min_length=1)
    districts: list[_DistrictFile] = pydantic.Field(min_length=1)


# ---- geometry helpers -------------------------------------------------------------------------------------
def _orient(p, q, r) -> float:
    """Twice the signed area of ``p q r``: > 0 one way round, < 0 the other, 0 if collinear."""
    return (q[0] - p[0]) * (r[1] - p[1]) - (q[1] - p[1]) * (r[0] - p[0])


def _on_segment(p, q, r) -> bool:
    """True if ``r`` lies on the closed segment ``p q`` (collinearity assumed checked by the caller)."""
    return min(p[0], q[0]) <= r[0] <= max(p[0], q[0]) and min(p[1], q[1]) <= r[1] <= max(p[1], q[1])


def _crosses(p1, p2, q1, q2) -> bool:
    """True if the segments ``p1 p2`` and ``q1 q2`` cross at a point inside both (not at an end)."""
    d1, d2 = _orient(q1, q2, p1), _orient(q1, q2, p2)
    d3, d4 = _orient(p1, p2, q1), _orient(p1, p2, q2)
    return ((d1 > 0 > d2) or (d1 < 0 < d2)) and ((d3 > 0 > d4) or (d3 < 0 < d4))


def _strictly_inside(point, a, b, c) -> bool:
    """True if ``point`` lies inside the triangle ``a b c`` and not on its sides."""
    s1, s2, s3 = _orient(a, b, point), _orient(b, c, point), _orient(c, a, point)
    return (s1 > 0 and s2 > 0 and s3 > 0) or (s1 < 0 and s2 < 0 and s3 < 0)


def _show(point) -> str:
    return "[" + ", ".join(f"{v:g}" for v in point) + "]"


# ---- the board ----------------------------------------------------------------------------------------------
@dataclass(frozen=True)
class Square:
    """A square (praça) where lanes meet; a customer (or the Lord) can stand on it."""

    id: str
    """Key, e.g. ``s10``."""
    name: str
    """Display name, e.g. "All Saints Square"."""
    pos: tuple[float, float] = field(repr=False)
    """Where it is drawn, in map units (x east, y down)."""
    rim: bool
    """True for the 8 squares on the board's outer ring."""


def _ordinal(k: int) -> str:
    """``2`` → ``"2nd"``, ``3`` → ``"3rd"``, ``4`` → ``"4th"``."""
    return f"{k}{ {1: 'st', 2: 'nd', 3: 'rd'}.get(k if k < 20 else k % 10, 'th')}"


@dataclass(frozen=True)
class Lane:
    """A lane (ruela) of stall spaces between two squares."""

    id: str
    """Key, a letter as in the rulebook's figures, e.g. ``b``."""
    name: str
    """Display name, e.g. "Portobello Road"."""
    ends: tuple[str, str]
    """The ``from`` and ``to`` squares: space 0 is next to ``ends[0]``."""
    values: tuple[int, ...]
    """The points printed on each stall space, from the ``from`` end."""

    @property
    def spaces(self) -> int:
        """How many stalls it holds (2 to 6)."""
        return len(self.values)

    @property
    def points(self) -> int:
        """The sum of its space values: what the stalls of a full lane score before the multiplier."""
        return sum(self.values)

    def space_words(self, index: int, *, value: bool = True) -> str:
        """Space ``index`` in the board's terms (the squares and values printed on it, never the 0-based index):
        ``"the space next to s10 (worth 2)"`` for an end, ``"the 2nd space from s10 (worth 3)"`` otherwise
        (counted from the nearer end); without ``value``, no "(worth n)".

        >>> lane = Lane("c", "Lane c", ("s10", "s9"), (2, 3, 1, 2))
        >>> lane.space_words(0), lane.space_words(3, value=False), lane.space_words(1), lane.space_words(2)
        ('the space next to s10 (worth 2)', 'the space next to s9', 'the 2nd space from s10 (worth 3)', \
'the 2nd space from s9 (worth 1)')

        Raises:
            IndexError: for an index outside ``0 .. spaces - 1``.
        """
        n = len(self.values)
        if not 0 <= index < n:
            raise IndexError(f"lane {self.id} has {n} spaces")
        worth = f" (worth {self.values[index]})" if value else ""
        if index == 0 or index == n - 1:
            return f"the space next to {self.ends[0] if index == 0 else self.ends[1]}{worth}"
        near, k = (self.ends[0], index + 1) if index + 1 <= n - index else (self.ends[1], n - index)
        return f"the {_ordinal(k)} space from {near}{worth}"

    def other_end(self, square: str) -> str:
        """The square at the far end from ``square``.

        Raises:
            KeyError: if the lane does not end at ``square``.
        """
        if square not in self.ends:
            raise KeyError(f"lane {self.id} does not end at square {square!r}")
        return self.ends[1] if square == self.ends[0] else self.ends[0]


@dataclass(frozen=True)
class District:
    """A triangular district (bairro) bounded by three lanes, with a spot for the bobby."""

    id: str
    """Key, e.g. ``d1``."""
    lanes: tuple[str, str, str]
    """The three lanes bounding it, in data order."""
    squares: tuple[str, str, str]
    """Its three corner squares, sorted."""
    bobby: tuple[float, float] = field(repr=False)
    """Where the bobby stands when in this district (map units)."""


@dataclass(frozen=True, eq=False)
class Board:
    """The Portobello Market board as data: squares, lanes and districts by id, and the questions on them.

    >>> board = Board.default()
    >>> board.lanes["b"].ends, board.lanes_at("s10")
    (('s10', 's2'), ('b', 'c', 'd', 'h', 'j', 'l'))

    Raises (constructors):
        InvalidData: listing every problem in the data (see :meth:`from_dict`).
    """

    name: str
    reconstruction: str | None
    width: float
    height: float
    squares: Mapping[str, Square]
    lanes: Mapping[str, Lane]
    districts: Mapping[str, District]
    _lanes_at: Mapping[str, tuple[str, ...]] = field(repr=False)
    _districts_of: Mapping[str, tuple[str, ...]] = field(repr=False)
    _neighbours: Mapping[str, tuple[tuple[str, str], ...]] = field(repr=False)

    # ---- construction ---------------------------------------------------------------------------------------
    @classmethod
    def from_dict(cls, data: Any, *, what: str = "Portobello board") -> Board:
        """A board from its file data (format ``portobello-board`` version 1, see ``data/board.yaml``).

        Beyond the field types it checks: ids unique across squares, lanes and districts; positions and bobby
        spots on the map; each lane joins two known, different squares, each pair of squares at most once, and
        has 2-6 spaces worth 1, 2 or 3 points; each district names exactly 3 known lanes forming a triangle,
        with its bobby spot inside and no square inside, and no two districts share all three lanes; every
        lane bounds 1 (rim) or 2 districts; a square is marked ``rim`` exactly when a rim lane ends there;
        11 squares (8 rim, 3 inside), 22 lanes (8 rim, 14 inside), 12 districts, at least 80 spaces; lanes
        meet only at shared squares (no crossing, no lane over a square); the squares are connected and the
        rim lanes form one ring.

        Raises:
            InvalidData: listing every problem, each naming where it is and what was expected.
        """
        parsed = validate(_BoardFile, data, what=what)
        problems: list[str] = []
        width, height = parsed.map.width, parsed.map.height

        def off_map(point) -> bool:
            return not (0 <= point[0] <= width and 0 <= point[1] <= height)

        seen_ids: set[str] = set()
        for kind, items in (("squares", parsed.squares), ("lanes", parsed.lanes), ("districts", parsed.districts)):
            for i, item in enumerate(items):
                if item.id in seen_ids:
                    problems.append(f"{kind}[{i}].id: {item.id!r} is used twice")
                seen_ids.add(item.id)

        squares: dict[str, Square] = {}
        for i, s in enumerate(parsed.squares):
            if off_map(s.pos):
                problems.append(f"squares[{i}] ({s.id}): position {_show(s.pos)} is off the map "
                                f"({width:g} x {height:g})")
            squares.setdefault(s.id, Square(s.id, s.name, (s.pos[0], s.pos[1]), s.rim))

        lanes: dict[str, Lane] = {}
        good_lanes: set[str] = set()  # lanes whose ends are two known, different squares
        pairs: dict[frozenset[str], str] = {}
        for i, lane in enumerate(parsed.lanes):
            where = f"lanes[{i}] ({lane.id})"
            ends_ok = True
            for end in (lane.from_, lane.to):
                if end not in squares:
                    problems.append(f"{where}: unknown square {end!r}")
                    ends_ok = False
            if lane.from_ == lane.to:
                problems.append(f"{where}: a lane joins two different squares, got {lane.from_} at both ends")
                ends_ok = False
            elif ends_ok:
                pair = frozenset((lane.from_, lane.to))
                if pair in pairs:
                    problems.append(f"{where}: squares {lane.from_} and {lane.to} are already joined by lane "
                                    f"{pairs[pair]}")
                    ends_ok = False
                else:
                    pairs[pair] = lane.id
            if not MIN_SPACES <= len(lane.values) <= MAX_SPACES:
                problems.append(f"{where}: a lane has {MIN_SPACES} to {MAX_SPACES} stall spaces, "
                                f"got {len(lane.values)}")
            for k, v in enumerate(lane.values):
                if v not in SPACE_VALUES:
                    problems.append(f"{where}: space {k} is worth {v}; spaces are worth 1, 2 or 3 points")
            if lane.id not in lanes:
                lanes[lane.id] = Lane(lane.id, lane.name, (lane.from_, lane.to), tuple(lane.values))
                if ends_ok:
                    good_lanes.add(lane.id)

        districts: dict[str, District] = {}
        bounded: dict[str, list[str]] = {lane: [] for lane in lanes}
        triangles: dict[frozenset[str], str] = {}
        for i, d in enumerate(parsed.districts):
            where = f"districts[{i}] ({d.id})"
            ok = True
            if len(d.lanes) != 3:
                problems.append(f"{where}: a district is bounded by exactly 3 lanes, got {len(d.lanes)}")
                ok = False
            for lane in d.lanes:
                if lane not in lanes:
                    problems.append(f"{where}: unknown lane {lane!r}")
                    ok = False
            for lane, n in Counter(d.lanes).items():
                if n > 1:
                    problems.append(f"{where}: lane {lane} is listed {n} times")
                    ok = False
            if off_map(d.bobby):
                problems.append(f"{where}: bobby spot {_show(d.bobby)} is off the map ({width:g} x {height:g})")
            corners: tuple[str, ...] = ()
            if ok and all(lane in good_lanes for lane in d.lanes):
                ends = Counter(end for lane in d.lanes for end in lanes[lane].ends)
                if sorted(ends.values()) != [2, 2, 2]:
                    problems.append(f"{where}: lanes {', '.join(d.lanes)} do not form a triangle "
                                    f"(they reach squares {', '.join(sorted(ends))})")
                else:
                    corners = tuple(sorted(ends))
                    a, b, c = (squares[s].pos for s in corners)
                    if not _strictly_inside(d.bobby, a, b, c):
                        problems.append(f"{where}: bobby spot {_show(d.bobby)} is not inside the district")
                    for s in squares.values():
                        if s.id not in corners and _strictly_inside(s.pos, a, b, c):
                            problems.append(f"{where}: square {s.id} lies inside it (a district is an empty "
                                            f"triangle)")
                    key = frozenset(d.lanes)
                    if key in triangles:
                        problems.append(f"{where}: bounded by the same lanes as {triangles[key]}")
                    triangles.setdefault(key, d.id)
            if ok:
                for lane in d.lanes:
                    bounded[lane].append(d.id)
            if d.id not in districts:
                districts[d.id] = District(d.id, tuple(d.lanes), corners, (d.bobby[0], d.bobby[1]))

        counts_ok = True
        for i, lane in enumerate(parsed.lanes):
            n = len(bounded.get(lane.id, ()))
            if n not in (1, 2):
                problems.append(f"lanes[{i}] ({lane.id}): a lane bounds 1 district (on the rim) or 2, "
                                f"this one bounds {n}")
                counts_ok = False
        rim_lanes = [lane for lane in lanes if len(bounded[lane]) == 1]
        if counts_ok:
            on_rim: dict[str, str] = {}
            for lane in rim_lanes:
                for end in lanes[lane].ends:
                    on_rim.setdefault(end, lane)
            for i, s in enumerate(parsed.squares):
                if s.rim and s.id not in on_rim:
                    problems.append(f"squares[{i}] ({s.id}): marked rim, but no rim lane (bounding one "
                                    f"district) ends here")
                elif not s.rim and s.id in on_rim:
                    problems.append(f"squares[{i}] ({s.id}): marked inside, but rim lane {on_rim[s.id]} ends here")

        if len(parsed.squares) != SQUARES:
            problems.append(f"squares: expected {SQUARES}, got {len(parsed.squares)}")
        rim_marked = sum(s.rim for s in parsed.squares)
        if rim_marked != RIM_SQUARES or len(parsed.squares) - rim_marked != SQUARES - RIM_SQUARES:
            problems.append(f"squares: expected {RIM_SQUARES} on the rim and {SQUARES - RIM_SQUARES} inside, "
                            f"got {rim_marked} and {len(parsed.squares) - rim_marked}")
        if len(parsed.lanes) != LANES:
            problems.append(f"lanes: expected {LANES}, got {len(parsed.lanes)}")
        if counts_ok and (len(rim_lanes) != RIM_LANES or len(parsed.lanes) - len(rim_lanes) != LANES - RIM_LANES):
            problems.append(f"lanes: expected {RIM_LANES} on the rim (bounding one district) and "
                            f"{LANES - RIM_LANES} inside, got {len(rim_lanes)} and "
                            f"{len(parsed.lanes) - len(rim_lanes)}")
        if len(parsed.districts) != DISTRICTS:
            problems.append(f"districts: expected {DISTRICTS}, got {len(parsed.districts)}")
        total = sum(len(lane.values) for lane in parsed.lanes)
        if total < MIN_TOTAL_SPACES:
            problems.append(f"lanes: expected at least {MIN_TOTAL_SPACES} stall spaces in all, got {total}")

        drawn = [lane for lane in lanes.values() if lane.id in good_lanes]
        for lane in drawn:
            p, q = squares[lane.ends[0]].pos, squares[lane.ends[1]].pos
            for s in squares.values():
                if s.id not in lane.ends and _orient(p, q, s.pos) == 0 and _on_segment(p, q, s.pos):
                    problems.append(f"lanes: lane {lane.id} passes over square {s.id}")
        for i, one in enumerate(drawn):  # any other meeting of two lanes puts a square on a lane (above)
            p1, p2 = squares[one.ends[0]].pos, squares[one.ends[1]].pos
            for other in drawn[i + 1:]:
                if not set(one.ends) & set(other.ends) and \
                        _crosses(p1, p2, squares[other.ends[0]].pos, squares[other.ends[1]].pos):
                    problems.append(f"lanes: lanes {one.id} and {other.id} cross")

        if not problems:
            import networkx as nx  # imported here: only validation needs it, and it is slow to import

            graph = nx.Graph([lane.ends for lane in lanes.values()])
            graph.add_nodes_from(squares)
            if not nx.is_connected(graph):
                parts = sorted(nx.connected_components(graph), key=len)
                problems.append(f"lanes: the board falls apart; cut off: {sorted(parts[0])}")
            ring = nx.Graph([lanes[lane].ends for lane in rim_lanes])
            if not (nx.is_connected(ring) and all(deg == 2 for _, deg in ring.degree)):
                problems.append("lanes: the rim lanes (each bounding one district) do not form one ring")
        if problems:
            raise InvalidData(what, problems)

        lanes_at = {s: tuple(lane.id for lane in lanes.values() if s in lane.ends) for s in squares}
        order = {d: k for k, d in enumerate(districts)}
        neighbours = {
            d.id: tuple(sorted(((other, lane) for lane in d.lanes for other in bounded[lane] if other != d.id),
                               key=lambda pair: order[pair[0]]))
            for d in districts.values()}
        return cls(parsed.name, parsed.reconstruction, width, height, MappingProxyType(squares),
                   MappingProxyType(lanes), MappingProxyType(districts), MappingProxyType(lanes_at),
                   MappingProxyType({lane: tuple(ds) for lane, ds in bounded.items()}),
                   MappingProxyType(neighbours))

    @classmethod
    def from_file(cls, path: str | Path) -> Board:
        """A board from a YAML or JSON file.

        Raises:
            InvalidData: for a missing or malformed file, or a board that does not validate.
        """
        return cls.from_dict(read_data_file(path), what=f"board file {path}")

    @staticmethod
    @functools.cache
    def default() -> Board:
        """The shipped reconstruction (``data/board.yaml``), loaded once."""
        return Board.from_file(DATA / "board.yaml")

    def to_dict(self) -> dict[str, Any]:
        """The board in its file format (``Board.from_dict(b.to_dict())`` gives an equal board)."""
        return {
            "format": "portobello-board", "format_version": 1, "name": self.name,
            "reconstruction": self.reconstruction, "map": {"width": self.width, "height": self.height},
            "squares": [{"id": s.id, "name": s.name, "pos": list(s.pos), "rim": s.rim}
                        for s in self.squares.values()],
            "lanes": [{"id": lane.id, "name": lane.name, "from": lane.ends[0], "to": lane.ends[1],
                       "values": list(lane.values)} for lane in self.lanes.values()],
            "districts": [{"id": d.id, "lanes": list(d.lanes), "bobby": list(d.bobby)}
                          for d in self.districts.values()],
        }

    # ---- questions -------------------------------------------------------------------------------------------
    def lanes_of(self, district: str) -> tuple[str, str, str]:
        """The three lanes bounding ``district``: where stalls may be built while the bobby stands there.

        Raises:
            KeyError: for an unknown district id.
        """
        return self.districts[district].lanes

    def districts_of(self, lane: str) -> tuple[str, ...]:
        """The districts ``lane`` bounds: one for a rim lane, two for an interior lane.

        Raises:
            KeyError: for an unknown lane id.
        """
        return self._districts_of[lane]

    def is_rim(self, lane: str) -> bool:
        """True if ``lane`` lies on the outer ring (it bounds one district; the bobby cannot cross it).

        Raises:
            KeyError: for an unknown lane id.
        """
        return len(self._districts_of[lane]) == 1

    def neighbours(self, district: str) -> tuple[tuple[str, str], ...]:
        """``(neighbour district, lane between them)`` pairs, in data order: where the bobby can move in one
        step, and the lane it crosses (and pays for). Only interior lanes join two districts, so the bobby never
        crosses a lane on the board's edge (``portobello.bobby.rim``): nothing lies beyond it.

        Raises:
            KeyError: for an unknown district id.
        """
        return self._neighbours[district]

    def lanes_at(self, square: str) -> tuple[str, ...]:
        """The lanes with an end at ``square``, in data order (those the Lord scores from there).

        Raises:
            KeyError: for an unknown square id.
        """
        return self._lanes_at[square]

    def lane_between(self, a: str, b: str) -> str | None:
        """The lane joining squares ``a`` and ``b``, or ``None``.

        Raises:
            KeyError: for an unknown square id.
        """
        for lane in self._lanes_at[a]:
            if b in self.lanes[lane].ends:
                return lane
        return None

    def spaces(self, lane: str) -> int:
        """How many stall spaces ``lane`` has (2 to 6).

        Raises:
            KeyError: for an unknown lane id.
        """
        return self.lanes[lane].spaces

    def value(self, lane: str, index: int) -> int:
        """The points printed on space ``index`` of ``lane`` (0 is next to the lane's ``from`` square).

        Raises:
            KeyError: for an unknown lane id.
            IndexError: for an index outside ``0 .. spaces(lane) - 1``.
        """
        values = self.lanes[lane].values
        if not 0 <= index < len(values):
            raise IndexError(f"lane {lane} has spaces 0 to {len(values) - 1}, not {index}")
        return values[index]

    def space_pos(self, lane: str, index: int) -> tuple[float, float]:
        """Where space ``index`` of ``lane`` is drawn: ``(index + 1) / (spaces + 1)`` of the way along it.

        Raises:
            KeyError: for an unknown lane id.
            IndexError: for an index outside ``0 .. spaces(lane) - 1``.
        """
        self.value(lane, index)
        lane_ = self.lanes[lane]
        (x1, y1), (x2, y2) = self.squares[lane_.ends[0]].pos, self.squares[lane_.ends[1]].pos
        t = (index + 1) / (lane_.spaces + 1)
        return (x1 + (x2 - x1) * t, y1 + (y2 - y1) * t)
