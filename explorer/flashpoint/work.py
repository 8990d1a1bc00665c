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


class Happened(Note):
    """An event: a rule and one sentence, plus the spaces it concerns (for views) and, for the steps a view or
    an overlay counts, a ``kind``: ``explosion`` (its origin), ``knock-down`` (where), ``lost`` (where)."""

    def __init__(self, rule: Rule, text: str, spaces: tuple[str, ...] = (), kind: str = "") -> None:
        object.__setattr__(self, "rule", rule)
        object.__setattr__(self, "text", text)
        object.__setattr__(self, "spaces", tuple(spaces))
        object.__setattr__(self, "kind", kind)

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
    """Mutable copies of a state's changing parts (see the module docstring)."""

    def __init__(self, state: State) -> None:
        self.base = state
        self.building = state.building
        self.experienced = state.options.experienced
        self.smoke = set(state.smoke)
        self.fire = set(state.fire)
        self.pois = dict(state.pois)
        self.hazmats = dict(state.hazmats)
        self.hot_spots = set(state.hot_spots)
        self.wall_damage = dict(state.wall_damage)
        self.doors = dict(state.doors)
        self.damage_out = state.damage_out
        self.rescued = state.rescued
        self.lost = state.lost
        self.unknown_victims = state.unknown_victims
        self.unknown_false_alarms = state.unknown_false_alarms
        self.hot_spot_supply = state.hot_spot_supply
        self.firefighters = list(state.firefighters)
        self.objects = dict(state.objects)
        self.toxic = set(state.toxic)
        self.floor_damage = dict(state.floor_damage)
        self.jams = dict(state.jams)
        self.ladders = list(state.ladders)
        self.object_spaces = state.building_objects
        self.front: list[Step] = []
        """Steps to put at the head of the pending queue, in order."""
        self.events: list[Event] = []

    # ---- recording ----------------------------------------------------------------------------------------
    def log(self, rule_id: str, text: str, *spaces: str, kind: str = "") -> None:
        """Record that ``rule_id`` made something happen (``kind``: see :class:`Happened`)."""
        self.events.append(Happened(RULES[rule_id], text, spaces, kind))

    def state(self, **changes: Any) -> State:
        """The new state: the base state with this work's pieces (and ``changes``)."""
        pending = tuple(self.front) + changes.pop("pending", self.base.pending)
        return self.base.replace(
            smoke=frozenset(self.smoke), fire=frozenset(self.fire), pois=self.pois, hazmats=self.hazmats,
            hot_spots=frozenset(self.hot_spots), wall_damage=self.wall_damage, doors=self.doors,
            damage_out=self.damage_out, rescued=self.rescued, lost=self.lost, unknown_victims=self.unknown_victims,
            unknown_false_alarms=self.unknown_false_alarms, hot_spot_supply=self.hot_spot_supply,
            firefighters=tuple(self.firefighters), objects=self.objects, toxic=frozenset(self.toxic),
            floor_damage=self.floor_damage, jams=self.jams, ladders=tuple(self.ladders), pending=pending, **changes)

    # ---- questions ----------------------------------------------------------------------------------------
    @property
    def damage(self) -> int:
        """Damage cubes placed so far."""
        return sum(self.wall_damage.values()) + sum(self.objects.values()) + self.damage_out

    def object_at(self, space: str) -> str | None:
        """The standing object on ``space``, or ``None``."""
        oid = self.object_spaces.get(space)
        return oid if oid is not None and oid in self.objects else None

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
        return is_open(self.building, self.doors, self.wall_damage, a, b)

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
        if (not self.experienced or space in self.hot_spots or self.hot_spot_supply <= 0
                or self.floor_damage.get(space) == "destroyed"):  # a hole keeps no hot spot (flashpoint.ed.floor)
            return
        self.hot_spots.add(space)
        self.hot_spot_supply -= 1
        self.log(rule_id, f"a hot spot is placed on {space}", space)


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
