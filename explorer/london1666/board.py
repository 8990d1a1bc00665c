"""The London board: districts, regions and the compass connections between them, read from ``data/``.

The shipped board (``data/board.yaml``) is a **reconstruction** from the rules and the historical map, not
the printed board (see ``DECISIONS.md``, London 1). A user can load their own printing with
:meth:`Board.from_dict` or :meth:`Board.from_file`; every problem in the file is reported at once.

Directions: a connection ``{a, b, dir}`` says that ``b`` lies in direction ``dir`` from ``a``. The four card
directions are N, E, S, W; a diagonal (NE, SE, SW, NW) exists only where the board prints a cross, and a card
of either of its two directions may use it (rule ``london.board.diagonal``, seed p. 5).
"""

from __future__ import annotations

import functools
from collections.abc import Mapping
from dataclasses import dataclass, field
from pathlib import Path
from types import MappingProxyType
from typing import Any, Literal

import pydantic

from explorer.core import InvalidData, StrictModel, read_data_file, validate

__all__ = ["Board", "District", "Connection", "REGIONS", "CARD_DIRECTIONS", "DIRECTIONS", "card_allows",
           "opposite", "DATA"]

DATA = Path(__file__).parent / "data"
"""The folder of the shipped board data."""
REGIONS = ("purple", "blue", "green", "orange")
"""The board's four regions (seed p. 2). Pudding Lane lies in the green region."""
CARD_DIRECTIONS = ("N", "E", "S", "W")
"""The directions printed on movement cards."""
DIRECTIONS = ("N", "NE", "E", "SE", "S", "SW", "W", "NW")
"""Every direction a connection can have (diagonals only through a cross)."""
HOUSES_PER_REGION = 30
"""House icons in each region: 5 houses of each of the 6 colours are placed per region (seed p. 3)."""
TOKEN_DISTRICTS = 20
"""Districts with a yellow name, one face-down token each (seed p. 4)."""
OBJECTIVES_PER_VALUE = {2: 8, 4: 8, 6: 8}
"""Objective districts per VP value: one per objective card, decks I, II, III (DECISIONS London 8)."""
MAX_HOUSE_ICONS = 5
"""A district shows 1 to 5 house icons (seed p. 2, "1 e 15" read as "1 e 5")."""
FIXED_BAND_SPOTS = {4: 2, 5: 1}
"""Marked trained-band spots by player count: Hounds Ditch and St Botolph's (4), Cripplegate (5) (seed p. 2)."""

Direction = Literal["N", "NE", "E", "SE", "S", "SW", "W", "NW"]
Point = pydantic.conlist(pydantic.confloat(allow_inf_nan=False), min_length=2, max_length=2)


def opposite(direction: str) -> str:
    """The reverse compass direction: ``opposite("NE") == "SW"``."""
    return DIRECTIONS[(DIRECTIONS.index(direction) + 4) % 8]


def card_allows(card: str, direction: str) -> bool:
    """True if a movement card of direction ``card`` may follow a connection of direction ``direction``.

    >>> card_allows("N", "N"), card_allows("N", "NE"), card_allows("E", "NE"), card_allows("N", "E")
    (True, True, True, False)
    """
    return direction == card or (len(direction) == 2 and card in direction)


# ---- the file format ------------------------------------------------------------------------------------
class _DistrictFile(StrictModel):
    id: str = pydantic.Field(pattern=r"^[a-z0-9]+(-[a-z0-9]+)*$")
    name: str = pydantic.Field(min_length=1)
    region: Literal["purple", "blue", "green", "orange"]
    houses: int = pydantic.Field(ge=0, le=MAX_HOUSE_ICONS)
    green_zone: bool = False
    token: bool = False
    objective: Literal[2, 4, 6] | None = None
    trained_band_spot: list[Literal[4, 5]] | None = None
    polygon: list[Point] = pydantic.Field(min_length=3)
    label: Point


class _ConnectionFile(StrictModel):
    a: str
    b: str
    dir: Direction


class _MapFile(StrictModel):
    width: float = pydantic.Field(gt=0, allow_inf_nan=False)
    height: float = pydantic.Field(gt=0, allow_inf_nan=False)


class _BoardFile(StrictModel):
    format: Literal["london1666-board"]
    format_version: Literal[1]
    name: str
    reconstruction: str | None = None
    start: str
    map: _MapFile
    districts: list[_DistrictFile] = pydantic.Field(min_length=2)
    connections: list[_ConnectionFile] = pydantic.Field(min_length=1)
    features: dict[str, list[Point]] = pydantic.Field(default_factory=dict)


# ---- the board ----------------------------------------------------------------------------------------------
@dataclass(frozen=True)
class District:
    """One district of the map (seed p. 2)."""

    id: str
    """Kebab-case key, e.g. ``pudding-lane``."""
    name: str
    """Display name, e.g. "Pudding Lane"."""
    region: str
    """One of :data:`REGIONS`."""
    houses: int
    """House icons printed on it (0 for green zones and Pudding Lane): how many houses it holds at setup."""
    green_zone: bool
    """Fields and gardens: never burn, hold no houses (rule ``london.board.green-zone``)."""
    token: bool
    """Yellow name: a face-down token lies here at setup."""
    objective: int | None
    """VP of the objective card naming it (2, 4 or 6), or ``None``."""
    band_spot: tuple[int, ...]
    """Player counts for which a trained band starts here (4 or 5), else empty."""
    polygon: tuple[tuple[float, float], ...] = field(repr=False)
    """Outline for drawing, in map units (x east, y south)."""
    label: tuple[float, float] = field(repr=False)
    """Where the name is drawn."""

    @property
    def fire_cap(self) -> int:
        """Most fire cones intensifying can bring here: house icons + 2 (rule ``london.draw.intensify``)."""
        return self.houses + 2


@dataclass(frozen=True)
class Connection:
    """``b`` lies in ``direction`` from ``a`` (and ``a`` in the opposite direction from ``b``)."""

    a: str
    b: str
    direction: str

    @property
    def is_diagonal(self) -> bool:
        """True for a cross connection (NE, SE, SW, NW)."""
        return len(self.direction) == 2


@dataclass(frozen=True, eq=False)
class Board:
    """The London map as data: districts by id, compass connections, and drawing features.

    >>> board = Board.default()
    >>> board.start, board.districts["pudding-lane"].region
    ('pudding-lane', 'green')

    Raises (constructors):
        InvalidData: listing every problem in the data (see :meth:`from_dict`).
    """

    name: str
    reconstruction: str | None
    start: str
    width: float
    height: float
    districts: Mapping[str, District]
    connections: tuple[Connection, ...]
    features: Mapping[str, tuple[tuple[float, float], ...]]
    _neighbours: Mapping[str, tuple[tuple[str, str], ...]] = field(repr=False)
    ids: tuple[str, ...] = field(default=(), repr=False)
    """District ids in data order (positions in a ``State``'s per-district tuples)."""
    index: Mapping[str, int] = field(default_factory=dict, repr=False)
    """District id -> position in :attr:`ids`."""
    links: tuple[tuple[tuple[int, str], ...], ...] = field(default=(), repr=False)
    """Per district position: ``(neighbour position, direction)`` pairs (the same as :meth:`neighbours`)."""
    card_links: Mapping[str, tuple[tuple[int, ...], ...]] = field(default_factory=dict, repr=False)
    """Per card direction, per district position: the neighbour positions a card of that direction reaches."""
    can_burn: tuple[bool, ...] = field(default=(), repr=False)
    """Per district position: False for green zones (rule ``london.board.green-zone``)."""
    adjacent: tuple[tuple[int, ...], ...] = field(default=(), repr=False)
    """Per district position: the neighbour positions (:attr:`links` without the directions)."""

    # ---- construction ---------------------------------------------------------------------------------------
    @classmethod
    def from_dict(cls, data: Any, *, what: str = "London board") -> "Board":
        """A board from its file data (format ``london1666-board`` version 1, see ``data/board.yaml``).

        The districts, their regions and 1 to 5 house icons follow rule ``london.board.districts``. Beyond the
        field types it checks: unique district ids; connections between known, distinct districts,
        each pair once; the start district exists, is not a green zone and has no houses; green zones hold no
        houses; other districts hold 1–5; every region holds exactly 30 house icons; exactly 20 token
        districts and 8 objective districts of each value (2, 4, 6), all on districts with houses; the map is
        connected.

        Raises:
            InvalidData: listing every problem, each naming where it is and what was expected.
        """
        parsed = validate(_BoardFile, data, what=what)
        problems: list[str] = []
        districts: dict[str, District] = {}
        for i, d in enumerate(parsed.districts):
            if d.id in districts:
                problems.append(f"districts[{i}].id: {d.id!r} is used twice")
            if d.green_zone and d.houses:
                problems.append(f"districts[{i}] ({d.id}): a green zone holds no houses, got houses={d.houses}")
            if not d.green_zone and d.id != parsed.start and d.houses == 0:
                problems.append(f"districts[{i}] ({d.id}): a district that can burn needs 1-5 house icons, got 0")
            if (d.token or d.objective) and d.houses == 0:
                problems.append(f"districts[{i}] ({d.id}): tokens and objectives go on districts with houses")
            districts[d.id] = District(d.id, d.name, d.region, d.houses, d.green_zone, d.token, d.objective,
                                       tuple(d.trained_band_spot or ()), tuple(map(tuple, d.polygon)),
                                       tuple(d.label))
        start = districts.get(parsed.start)
        if start is None:
            problems.append(f"start: no district {parsed.start!r}")
        elif start.green_zone or start.houses:
            problems.append(f"start: {parsed.start!r} must be a district with no houses that is not a green zone")
        for region in REGIONS:
            total = sum(d.houses for d in districts.values() if d.region == region)
            if total != HOUSES_PER_REGION:
                problems.append(f"region {region}: expected {HOUSES_PER_REGION} house icons "
                                f"(5 houses of each of 6 colours), got {total}")
        tokens = sum(d.token for d in districts.values())
        if tokens != TOKEN_DISTRICTS:
            problems.append(f"districts: expected {TOKEN_DISTRICTS} token (yellow-name) districts, got {tokens}")
        for value, count in OBJECTIVES_PER_VALUE.items():
            got = sum(d.objective == value for d in districts.values())
            if got != count:
                problems.append(f"districts: expected {count} objective districts worth {value}, got {got}")
        for players, count in FIXED_BAND_SPOTS.items():
            spots = [d.id for d in districts.values() if players in d.band_spot]
            if len(spots) != count:
                problems.append(f"districts: with {players} players {count} trained band(s) start on marked spots; "
                                f"the board marks {len(spots)} ({', '.join(spots) or 'none'})")
        for d in districts.values():
            if d.band_spot and d.region == "green":
                problems.append(f"districts ({d.id}): no trained band starts in the green region")
        connections, seen = [], set()
        for i, c in enumerate(parsed.connections):
            for end in (c.a, c.b):
                if end not in districts:
                    problems.append(f"connections[{i}]: unknown district {end!r}")
            if c.a == c.b:
                problems.append(f"connections[{i}]: a district cannot connect to itself ({c.a})")
            pair = frozenset((c.a, c.b))
            if pair in seen:
                problems.append(f"connections[{i}]: {c.a} - {c.b} is listed twice")
            seen.add(pair)
            connections.append(Connection(c.a, c.b, c.dir))
        if not problems:
            import networkx as nx  # imported here: only validation needs it, and it is slow to import

            graph = nx.Graph([(c.a, c.b) for c in connections])
            graph.add_nodes_from(districts)
            if not nx.is_connected(graph):
                parts = sorted(nx.connected_components(graph), key=len)
                problems.append(f"connections: the map falls apart; cut off: {sorted(parts[0])}")
        if problems:
            raise InvalidData(what, problems)
        neighbours: dict[str, list[tuple[str, str]]] = {d: [] for d in districts}
        for c in connections:
            neighbours[c.a].append((c.b, c.direction))
            neighbours[c.b].append((c.a, opposite(c.direction)))
        ids = tuple(districts)
        index = {d: i for i, d in enumerate(ids)}
        sorted_neighbours = {k: tuple(sorted(v)) for k, v in neighbours.items()}
        links = tuple(tuple((index[n], direction) for n, direction in sorted_neighbours[d]) for d in ids)
        card_links = {card: tuple(tuple(j for j, direction in links[k] if card_allows(card, direction))
                                  for k in range(len(ids))) for card in CARD_DIRECTIONS}
        can_burn = tuple(not districts[d].green_zone for d in ids)
        return cls(parsed.name, parsed.reconstruction, parsed.start, parsed.map.width, parsed.map.height,
                   MappingProxyType(districts), tuple(connections),
                   MappingProxyType({k: tuple(map(tuple, v)) for k, v in parsed.features.items()}),
                   MappingProxyType(sorted_neighbours), ids, MappingProxyType(index), links,
                   MappingProxyType(card_links), can_burn, tuple(tuple(j for j, _ in pairs) for pairs in links))

    @classmethod
    def from_file(cls, path: str | Path) -> "Board":
        """A board from a YAML or JSON file.

        Raises:
            InvalidData: for a missing or malformed file, or a board that does not validate.
        """
        if not isinstance(path, (str, Path)):
            raise InvalidData("board file", [f"expected a file path, got {type(path).__name__}"])
        return cls.from_dict(read_data_file(path), what=f"board file {path}")

    @staticmethod
    @functools.cache
    def default() -> "Board":
        """The shipped reconstruction (``data/board.yaml``), loaded once."""
        return Board.from_file(DATA / "board.yaml")

    def to_dict(self) -> dict[str, Any]:
        """The board in its file format (``Board.from_dict(b.to_dict())`` gives an equal board)."""
        return {
            "format": "london1666-board", "format_version": 1, "name": self.name,
            "reconstruction": self.reconstruction, "start": self.start,
            "map": {"width": self.width, "height": self.height},
            "districts": [{"id": d.id, "name": d.name, "region": d.region, "houses": d.houses,
                           "green_zone": d.green_zone, "token": d.token, "objective": d.objective,
                           "trained_band_spot": list(d.band_spot) or None,
                           "polygon": [list(p) for p in d.polygon], "label": list(d.label)}
                          for d in self.districts.values()],
            "connections": [{"a": c.a, "b": c.b, "dir": c.direction} for c in self.connections],
            "features": {k: [list(p) for p in v] for k, v in self.features.items()},
        }

    # ---- questions -------------------------------------------------------------------------------------------
    def neighbours(self, district: str) -> tuple[tuple[str, str], ...]:
        """``(neighbour, direction from district)`` pairs, sorted by neighbour id.

        Raises:
            KeyError: for an unknown district id.
        """
        return self._neighbours[district]

    def direction(self, a: str, b: str) -> str | None:
        """The direction of ``b`` seen from ``a``, or ``None`` if they are not connected."""
        for other, direction in self._neighbours[a]:
            if other == b:
                return direction
        return None

    def are_adjacent(self, a: str, b: str) -> bool:
        """True if a connection (straight or through a cross) joins ``a`` and ``b``."""
        return self.direction(a, b) is not None

    def in_region(self, region: str) -> list[str]:
        """District ids of ``region`` in data order."""
        return [d.id for d in self.districts.values() if d.region == region]

    def by_name(self, name: str) -> str:
        """The id of the district called ``name`` (case and punctuation ignored), or the id itself.

        Raises:
            KeyError: if no district has that name or id.
        """
        if name in self.districts:
            return name
        key = "".join(ch for ch in name.lower() if ch.isalnum())
        for d in self.districts.values():
            if "".join(ch for ch in d.name.lower() if ch.isalnum()) == key:
                return d.id
        raise KeyError(f"no district named {name!r} on this board")
