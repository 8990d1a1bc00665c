"""A scratch copy of the changing parts of a :class:`~.state.State`, for resolving one step in place.

Resolving an explosion touches many pieces at once (fire, walls, doors, hot spots...). Rather than build a new
frozen state at every touch, the rules work on a :class:`Work` and build the new state once with
:meth:`Work.state`. A ``Work`` never escapes the function that made it.
"""

from __future__ import annotations

import functools
from typing import Any

from explorer.core import Event, Note, Rule

from .actions import edge_text
from .components import DAMAGE_CUBES, WALL_STRENGTH
from .rules import RULES
from .state import State, Step

__all__ = ["Work", "Happened", "DIRECTIONS", "neighbour"]

DIRECTIONS = {"N": (-1, 0), "E": (0, 1), "S": (1, 0), "W": (0, -1)}
"""The four directions of an explosion, clockwise from north."""


def neighbour(state_or_building: Any, space: str, direction: str) -> str | None:
    """The space next to ``space`` in ``direction`` (``N``/``E``/``S``/``W``) on the same floor, or ``None`` off
    the board."""
    building = getattr(state_or_building, "building", state_or_building)
    return compass(building)[space].get(direction)


@functools.cache
def compass(building: Any) -> dict[str, dict[str, str]]:
    """For every space of ``building``, its neighbour on the same floor in each direction (computed once)."""
    out: dict[str, dict[str, str]] = {}
    for space in building.spaces_by_id:
        floor, sep, rc = space.rpartition(":")
        r, c = (int(x) for x in rc.split(","))
        near = {}
        for d, (dr, dc) in DIRECTIONS.items():
            other = f"{floor}{sep}{r + dr},{c + dc}"
            if other in building.spaces_by_id:
                near[d] = other
        out[space] = near
    return out


_RULE = {rule_id: RULES[rule_id] for rule_id in RULES}
"""The rules by id, as a plain dict (looked up at every event)."""


class Happened(Note):
    """An event: a rule and one sentence, plus the spaces it concerns (for views) and, for the steps a view or
    an overlay counts, a ``kind``: ``explosion`` (its origin), ``knock-down`` (where), ``lost`` (where)."""

    def __init__(self, rule: Rule, text: str, spaces: tuple[str, ...] = (), kind: str = "") -> None:
        object.__setattr__(self, "__dict__", {"rule": rule, "text": text,
                                              "spaces": spaces if type(spaces) is tuple else tuple(spaces),
                                              "kind": kind})

    def to_dict(self) -> dict[str, Any]:
        return {"type": "Happened", "rule": self.rule.id, "title": self.rule.title, "text": self.text,
                "fields": {"spaces": list(self.spaces), "kind": self.kind}}

    def __eq__(self, other: object) -> bool:
        return isinstance(other, Happened) and (self.rule.id, self.text, self.spaces) == (
            other.rule.id, other.text, other.spaces)

    def __hash__(self) -> int:
        return hash((self.rule.id, self.text, self.spaces))

    def __repr__(self) -> str:
        return f"Happened({self.rule.id!r}, {self.text!r})"


class Work:
    """Mutable copies of a state's changing parts (see the module docstring).

    A part is copied from the base state the first time the rules touch it (reading ``work.fire`` makes the
    copy), and :meth:`state` puts back only the parts touched: the others are shared with the base state.
    """

    _SETS = ("smoke", "fire", "hot_spots", "toxic")
    """The parts kept as frozensets in the state, as sets here."""
    _DICTS = ("pois", "hazmats", "wall_damage", "doors", "objects", "floor_damage", "jams")
    """The parts kept as mappings in the state, as dicts here."""
    _LISTS = ("firefighters", "ladders")
    """The parts kept as tuples in the state, as lists here."""
    _COUNTS = ("damage_out", "rescued", "lost", "unknown_victims", "unknown_false_alarms", "hot_spot_supply")
    """The counters: read from the base state until one is set."""

    def __init__(self, state: State, rest: tuple[Step, ...] | None = None) -> None:
        self.base = state
        self.rest = state.pending if rest is None else rest
        """The steps due after the one being resolved (by default all those of ``state``)."""
        self.building = state.building
        self.front: list[Step] = []
        """Steps to put at the head of the pending queue, in order."""
        self.events: list[Event] = []

    def __getattr__(self, name: str) -> Any:
        # only called for a part not touched yet: copy it from the base state (counters are read through)
        copy = _COPY.get(name)
        if copy is not None:
            value = self.__dict__[name] = copy(getattr(self.base, name))
            return value
        if name in self._COUNTS:
            return getattr(self.base, name)
        if name == "experienced":
            value = self.__dict__[name] = self.base.options.experienced
            return value
        if name == "object_spaces":
            value = self.__dict__[name] = self.base.building_objects
            return value
        raise AttributeError(f"{type(self).__name__} has no attribute {name!r}")

    def now(self, name: str) -> Any:
        """The part ``name`` as it stands now, to read only (no copy is made of a part not touched yet)."""
        touched = self.__dict__
        return touched[name] if name in touched else getattr(self.base, name)

    # ---- recording ----------------------------------------------------------------------------------------
    def log(self, rule_id: str, text: str, *spaces: str, kind: str = "") -> None:
        """Record that ``rule_id`` made something happen (``kind``: see :class:`Happened`)."""
        self.events.append(Happened(_RULE.get(rule_id) or RULES[rule_id], text, spaces, kind))

    def state(self, **changes: Any) -> State:
        """The new state: the base state with this work's pieces (and ``changes``)."""
        for name, value in self.__dict__.items():
            freeze = _FREEZE.get(name)
            if freeze is not None:
                changes.setdefault(name, freeze(value))
        pending = changes.get("pending", self.rest)
        if self.front:
            pending = tuple(self.front) + pending
        if pending is not self.base.pending:
            changes["pending"] = pending
        return self.base.evolve(changes)

    # ---- questions ----------------------------------------------------------------------------------------
    @property
    def damage(self) -> int:
        """Damage cubes placed so far."""
        return sum(self.now("wall_damage").values()) + sum(self.now("objects").values()) + self.damage_out

    def object_at(self, space: str) -> str | None:
        """The standing object on ``space``, or ``None``."""
        oid = self.object_spaces.get(space)
        return oid if oid is not None and oid in self.now("objects") else None

    def edge_kind(self, a: str, b: str) -> str | None:
        """What the building has between adjacent ``a`` and ``b`` (see :meth:`Building.edge`)."""
        edge = self.building.edges.get(frozenset((a, b)))
        if edge is not None:
            return edge.kind
        if (a, b) in self.building.floor_links or (b, a) in self.building.floor_links:
            return "staircase"
        return None

    def is_open(self, a: str, b: str) -> bool:
        """True when nothing stands between adjacent ``a`` and ``b``: no edge, an entrance, an open or destroyed
        door or window, or a destroyed wall (``flashpoint.fire.flashover``, ``flashpoint.move.adjacent``)."""
        return is_open(self.building, self.now("doors"), self.now("wall_damage"), a, b)

    # ---- changes ------------------------------------------------------------------------------------------
    def place_damage(self, edge: frozenset[str], why: str, rule_id: str = "flashpoint.fire.damage") -> None:
        """Put one damage cube on the wall ``edge`` if the supply has one; the event names ``rule_id``
        (``flashpoint.fire.damage`` for the fire, ``flashpoint.chop`` for an axe; a light wall always
        ``flashpoint.ed.light-wall``)."""
        if self.damage >= DAMAGE_CUBES:
            return
        a, b = sorted(edge)
        kind = self.building.edges[edge].kind
        cubes = self.wall_damage.get(edge, 0) + 1
        self.wall_damage[edge] = cubes
        where = edge_text(a, b)
        if cubes >= WALL_STRENGTH[kind] and kind == "light_wall":
            self.log("flashpoint.ed.light-wall", f"{why}: the light wall at {where} is destroyed by one cube", a, b)
        elif cubes >= WALL_STRENGTH[kind]:
            self.log(rule_id, f"{why}: the {kind.replace('_', ' ')} at {where} is destroyed", a, b)
        else:
            self.log(rule_id, f"{why}: the {kind.replace('_', ' ')} at {where} is damaged", a, b)

    def add_hot_spot(self, space: str, rule_id: str) -> None:
        """Put a hot spot on ``space`` (one at most per space) while the supply lasts (Experienced only)."""
        if (not self.experienced or space in self.now("hot_spots") or self.hot_spot_supply <= 0
                or self.now("floor_damage").get(space) == "destroyed"):  # a hole keeps no hot spot (flashpoint.ed.floor)
            return
        self.hot_spots.add(space)
        self.hot_spot_supply -= 1
        self.log(rule_id, f"a hot spot is placed on {space}", space)


_COPY = {**{name: set for name in Work._SETS}, **{name: dict for name in Work._DICTS},
         **{name: list for name in Work._LISTS}}
_FREEZE = {**{name: frozenset for name in Work._SETS}, **{name: (lambda d: d) for name in Work._DICTS},
           **{name: tuple for name in Work._LISTS}, **{name: (lambda n: n) for name in Work._COUNTS}}


def is_open(building: Any, doors: Any, wall_damage: Any, a: str, b: str) -> bool:
    """True when the way between adjacent spaces ``a`` and ``b`` is open (see :meth:`Work.is_open`)."""
    key = frozenset((a, b))
    edge = building.edges.get(key)
    if edge is None:
        return True
    kind = edge.kind
    if kind == "entrance":
        return True
    if kind in ("door", "fireproof_door"):
        return doors.get(key, "closed") in ("open", "destroyed")
    if kind == "window":
        return doors.get(key, "closed") == "open" or wall_damage.get(key, 0) >= WALL_STRENGTH["window"]
    return wall_damage.get(key, 0) >= WALL_STRENGTH[kind]
