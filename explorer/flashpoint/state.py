"""The Flash Point game state: an immutable snapshot of the building, the fire, the firefighters and what is due.

The fire phase and the setup are sequences of steps; the steps still due are the state's ``pending`` queue.
A step that needs a die (or a point of interest turned over) makes the state a chance node; the others are
carried out at once by :func:`.flow.run`. So every roll is explicit: :meth:`State.chance_outcomes` lists the
48 (or 72) outcomes of a fire-advance roll with their probabilities, and applying one resolves it.

The position format (:meth:`State.to_dict`) is the game's "FEN": tutorials and tests set up any situation with it.
"""

from __future__ import annotations

import dataclasses
import functools
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from fractions import Fraction
from typing import Any, ClassVar

from explorer.core import Event, GameState, IllegalAction, Rng, ScoreBreakdown

from explorer.core.state import _CACHES as CORE_CACHES

from .building import Building
from .components import DAMAGE_CUBES, FAMILY_ROLE, LOSSES_TO_LOSE, RESCUES_TO_WIN, ROLES, Role
from .rules import RULES

VERSION = "2"
"""Engine version, written into saved records; bumped when behaviour changes."""

PHASES = ("setup", "actions", "fire", "over")
"""``setup``: the set-up rolls and the players' placements; ``actions``: a firefighter spends AP;
``fire``: advance fire and replenish points of interest (chance steps); ``over``: won or lost."""


@dataclass(frozen=True)
class Options:
    """The game's options (``new_game(**options)``)."""

    mode: str = "family"
    """``family`` or ``experienced`` (``flashpoint.setup.family`` / ``flashpoint.setup.experienced``)."""
    level: str | None = None
    """Experienced only: ``recruit``, ``veteran`` or ``heroic`` (``flashpoint.setup.levels``)."""
    objects: bool = True
    """Extreme Danger: play with the building's explosive objects (the car, the lab equipment; seed 003 marks
    them optional). Without them the object spaces are ordinary floor."""
    chemical_spill: bool = True
    """Extreme Danger: play with the toxic lab equipment and its chemical spill (optional in seed 003)."""
    platform: bool = False
    """Extreme Danger: the hydraulic platform on the engine (optional; no deck gun then, seed 003)."""
    basement_ladder: bool = False
    """Extreme Danger: ladders may be raised into the basement through a destroyed floor (optional, seed 003)."""
    floor_bridge: bool = False
    """Extreme Danger: a ladder may be laid over a destroyed floor as a bridge (optional, seed 003)."""

    def __post_init__(self) -> None:
        if self.mode not in ("family", "experienced"):
            raise ValueError(f"mode must be 'family' or 'experienced', got {self.mode!r}")
        if self.mode == "family" and self.level is not None:
            raise ValueError(f"the Family game has no difficulty level; got level={self.level!r}")
        if self.mode == "experienced" and self.level not in ("recruit", "veteran", "heroic"):
            raise ValueError(f"the Experienced game needs level 'recruit', 'veteran' or 'heroic', got {self.level!r}")
        for name in ("objects", "chemical_spill", "platform", "basement_ladder", "floor_bridge"):
            if not isinstance(getattr(self, name), bool):
                raise ValueError(f"{name} must be true or false, got {getattr(self, name)!r}")
        if self.platform and self.mode != "experienced":
            raise ValueError("the hydraulic platform rides on the fire engine, which only the Experienced game has")

    @property
    def experienced(self) -> bool:
        """True for the Experienced game (specialists, vehicles, hazmats, hot spots)."""
        return self.mode == "experienced"


@functools.cache
def object_spaces(building: Building) -> Mapping[str, str]:
    """Each object's id by the spaces it covers, for ``building`` (computed once per building)."""
    return {s: o["id"] for f in building.floors.values() for o in f.objects for s in o["spaces"]}


@functools.cache
def object_info(building: Building) -> Mapping[str, Mapping[str, Any]]:
    """Each object of ``building`` by id: ``{id, kind, spaces, capacity}``."""
    return {o["id"]: o for f in building.floors.values() for o in f.objects}


@functools.cache
def is_extreme(building: Building) -> bool:
    """True for an Extreme Danger building: several floors, or any element the base house lacks."""
    return len(building.floors) > 1 or any(
        f.objects or f.staircases for f in building.floors.values()) or any(
        e.kind in ("window", "fireproof_door", "light_wall") for e in building.edges.values())


_NOT_CARRIED = (*CORE_CACHES, "_facts")
"""What :meth:`State.replace` leaves behind: the core's per-state caches (the legal actions) and the facts
(:meth:`State.fact`)."""


@functools.cache
def _state_fields() -> frozenset[str]:
    return frozenset(f.name for f in dataclasses.fields(State))


_DICE_STEPS = frozenset({"roll", "first-explosion", "fireproof"})
"""The chance steps decided by the dice alone (their outcomes never change: :func:`.flow.is_outcome`)."""


@dataclass(frozen=True)
class Firefighter:
    """One firefighter pawn and what it holds."""

    name: str
    """Its colour, also the player's name."""
    space: str | None = None
    """Where it stands; ``None`` until placed at setup."""
    role: str = "firefighter"
    """A key of :data:`.components.ROLES`, or ``firefighter`` in the Family game (and before choosing)."""
    ap: int = 0
    """General action points available (saved ones included)."""
    command_ap: int = 0
    """Fire Captain's command points left this turn."""
    extinguish_ap: int = 0
    """CAFS Firefighter's extinguish-only points left this turn."""
    move_ap: int = 0
    """Rescue Specialist's movement-only points left this turn."""
    carrying: str | None = None
    """``victim``, ``treated victim`` (led) or ``hazmat``, or ``None``."""

    @property
    def card(self) -> Role:
        """The specialist card (the Family firefighter's plain card before/without one)."""
        return ROLES.get(self.role, FAMILY_ROLE)

    def but(self, **changes: Any) -> Firefighter:
        """A copy with ``changes``."""
        if not _FIREFIGHTER_FIELDS.issuperset(changes):
            raise TypeError(f"a Firefighter has no {', '.join(sorted(set(changes) - _FIREFIGHTER_FIELDS))}")
        new = object.__new__(Firefighter)  # no __init__ to run: a Firefighter checks nothing
        values = self.__dict__.copy()
        values.update(changes)
        object.__setattr__(new, "__dict__", values)
        return new


_FIREFIGHTER_FIELDS = frozenset(f.name for f in dataclasses.fields(Firefighter))


@dataclass(frozen=True)
class Step:
    """A step of the setup or the fire phase still to do: ``kind`` and what it concerns.

    Chance steps (a state with one of these first is a chance node):
    ``roll`` (``purpose`` one of ``fire``, ``flare-up``, ``poi``, ``explosion``, ``hazmat``, ``setup-poi``,
    ``deck-gun``), ``first-explosion`` (the black die alone), ``reveal`` (``space``: a point of interest turned
    over, ``purpose`` why: ``entered``, ``identified``, ``fire``, ``placed``), ``fireproof`` (``space``: the
    door's edge), ``spill`` (Extreme Danger).
    Other steps run at once: ``knock-down``, ``lost``, ``replenish``, ``next-turn``, ``setup-done``.
    """

    kind: str
    purpose: str = ""
    space: str = ""

    CHANCE: ClassVar[frozenset[str]] = frozenset({"roll", "first-explosion", "reveal", "fireproof", "spill"})
    # a ``spill`` step: ``space`` is the spill's route so far, "a;b;c", ``purpose`` the markers still to place

    @property
    def is_chance(self) -> bool:
        """True if a die or a face-down marker decides this step."""
        return self.kind in self.CHANCE

    def __str__(self) -> str:
        return " ".join(x for x in (self.kind, self.purpose, self.space) if x)


@dataclass(frozen=True, eq=False)
class State(GameState):
    """A Flash Point position. Build one with :func:`explorer.flashpoint.new_game` or :meth:`State.from_dict`.

    Spaces are the building's names (``"2,3"``); edges are ``frozenset({a, b})`` of two spaces.
    """

    game: ClassVar[str] = "flashpoint"
    RULES: ClassVar = RULES

    building: Building
    options: Options
    firefighters: tuple[Firefighter, ...]
    turn: int
    """Index of the firefighter to act (or about to act, during the fire phase)."""
    phase: str
    pending: tuple[Step, ...]
    """Steps due, in order (see :class:`Step`)."""
    smoke: frozenset[str]
    fire: frozenset[str]
    pois: Mapping[str, str]
    """Points of interest on the board (not carried): space -> ``hidden``, ``victim`` or ``treated victim``."""
    hazmats: Mapping[str, int]
    """Hazmat markers by space (several may stack, sources B.4)."""
    hot_spots: frozenset[str]
    wall_damage: Mapping[frozenset[str], int]
    """Damage cubes on each damaged wall (a wall with 2 is destroyed, ``flashpoint.fire.damage``)."""
    doors: Mapping[frozenset[str], str]
    """Each door's state: ``closed``, ``open`` or ``destroyed``."""
    damage_out: int
    """Damage cubes placed but no longer on a wall (Extreme Danger: exploded objects, destroyed floors)."""
    rescued: int
    lost: int
    unknown_victims: int
    """Victims whose marker is still face down (on the board or in the supply)."""
    unknown_false_alarms: int
    """False alarms whose marker is still face down (on the board or in the supply)."""
    hot_spot_supply: int
    vehicles: Mapping[str, int]
    """Experienced: the parking spot index of the ``engine`` and the ``ambulance``."""
    started_on_engine: bool
    """The firefighter to act began the turn on the engine's spot (for a crew change)."""
    cafs_commanded: int
    """AP the Fire Captain spent this turn commanding the CAFS Firefighter (at most 1)."""
    last_roll: tuple[int, int] | None
    """The last fire-advance target as (red, black), for views."""
    objects: Mapping[str, int]
    """Extreme Danger: damage cubes on each object still standing, by object id (gone once it went off)."""
    toxic: frozenset[str]
    """Extreme Danger: spaces with a toxic marker (``flashpoint.ed.spill``)."""
    floor_damage: Mapping[str, str]
    """Extreme Danger: ground-floor spaces whose floor is ``damaged`` or ``destroyed`` (``flashpoint.ed.floor``)."""
    jams: Mapping[frozenset[str], int]
    """Extreme Danger: jam markers on each jammed fireproof door (``flashpoint.ed.fireproof-door``)."""
    rng: Rng
    events: tuple[Event, ...] = ()
    ladders: tuple[str, ...] = ()
    """Extreme Danger: each portable ladder's state (see :mod:`.ladders`)."""
    platform: str | None = None
    """Extreme Danger (option): the space of the hydraulic platform (on the engine, or raised)."""

    # ---- the contract -------------------------------------------------------------------------------------
    @property
    def players(self) -> tuple[str, ...]:
        """The firefighters' names, in turn order."""
        return tuple(f.name for f in self.firefighters)

    @property
    def is_terminal(self) -> bool:
        return self.phase == "over"

    @property
    def is_chance_node(self) -> bool:
        return self.phase != "over" and bool(self.pending) and self.pending[0].is_chance

    @property
    def current_player(self) -> int | None:
        """The index of the firefighter to decide, or ``None`` at a chance node or at the end."""
        if self.phase == "over" or self.is_chance_node:
            return None
        return self.turn

    @property
    def firefighter(self) -> Firefighter:
        """The firefighter whose turn it is."""
        return self.firefighters[self.turn]

    @property
    def damage(self) -> int:
        """Damage cubes placed so far (each cube counted once: on walls, on standing objects, and those out of
        play: an exploded object's, a destroyed floor's)."""
        return sum(self.wall_damage.values()) + sum(self.objects.values()) + self.damage_out

    @property
    def damage_left(self) -> int:
        """Damage cubes still in the supply; the building collapses at 0 (``flashpoint.end.collapse``)."""
        return max(0, DAMAGE_CUBES - self.damage)

    @property
    def is_won(self) -> bool:
        """True once 7 victims are rescued (``flashpoint.end.win``)."""
        return self.rescued >= RESCUES_TO_WIN

    @property
    def is_lost(self) -> bool:
        """True once 4 victims are lost or the building collapsed (``flashpoint.end.lost``, ``.collapse``)."""
        return self.lost >= LOSSES_TO_LOSE or self.damage >= DAMAGE_CUBES

    def object_at(self, space: str) -> str | None:
        """The id of the standing object on ``space`` (Extreme Danger), or ``None``."""
        oid = self.building_objects.get(space)
        return oid if oid is not None and oid in self.objects else None

    @property
    def building_objects(self) -> Mapping[str, str]:
        """Object id by space, for every object of the building."""
        return object_spaces(self.building)

    def firefighter_at(self, space: str) -> tuple[Firefighter, ...]:
        """The firefighters on ``space``."""
        return tuple(f for f in self.firefighters if f.space == space)

    def index_of(self, name: str) -> int:
        """The turn index of the firefighter called ``name``.

        Raises:
            KeyError: for an unknown name.
        """
        for k, f in enumerate(self.firefighters):
            if f.name == name:
                return k
        raise KeyError(f"no firefighter called {name!r}; firefighters: {', '.join(self.players)}")

    def pois_in_play(self) -> int:
        """Points of interest on the board, face down or up, carried victims included (``flashpoint.poi.replenish``)."""
        return len(self.pois) + sum(1 for f in self.firefighters if f.carrying in ("victim", "treated victim"))

    def hidden_pois(self) -> int:
        """Face-down points of interest on the board."""
        return sum(1 for v in self.pois.values() if v == "hidden")

    def markers_left(self) -> int:
        """Point-of-interest markers still in the supply."""
        return self.unknown_victims + self.unknown_false_alarms - self.hidden_pois()

    def chance_outcomes(self) -> list[tuple[Any, Fraction]]:
        """The outcomes of the roll or draw due, each with its exact probability (worked out once per state)."""
        cached = self.__dict__.get("_outcomes")
        if cached is None:
            cached = flow.chance_outcomes(self)
            object.__setattr__(self, "_outcomes", cached)
        return list(cached)

    def _legal_actions(self) -> list[Any]:
        return turn.legal_actions(self)

    def is_legal(self, action: Any) -> bool:
        """True if ``action`` is among :meth:`legal_actions` (at a roll of the dice, without listing the outcomes:
        :func:`.flow.is_outcome`)."""
        if self.pending and self.pending[0].kind in _DICE_STEPS:
            known = flow.is_outcome(self, action)
            if known is not None:
                return known
        return super().is_legal(action)

    def why_illegal(self, action: Any) -> IllegalAction | None:
        return turn.why_illegal(self, action)

    def _apply(self, action: Any) -> tuple[State, Sequence[Event]]:
        return flow.apply(self, action)

    def parse_action(self, text: str) -> Any:
        """Read an action's notation for this state's building (see :func:`.actions.parse_action`).

        Raises:
            NotationError: if ``text`` is not an action, or names a space or an edge this building lacks.
        """
        from .actions import parse_action
        return parse_action(text, self.building)

    def scores(self) -> dict[str, ScoreBreakdown]:
        """The team's counters, the same for every firefighter (a cooperative game): victims rescued, victims
        lost, and damage cubes left before the building collapses (``flashpoint.end.*``)."""
        team = ScoreBreakdown({"rescued": self.rescued, "lost": self.lost, "damage left": self.damage_left})
        return {name: team for name in self.players}

    def with_firefighter(self, index: int, **changes: Any) -> State:
        """A copy with firefighter ``index`` changed."""
        ffs = list(self.firefighters)
        ffs[index] = ffs[index].but(**changes)
        return self.replace(firefighters=tuple(ffs))

    # ---- derived facts, worked out once per state -----------------------------------------------------------
    def replace(self, **changes: Any) -> State:
        """A copy with the fields in ``changes`` replaced (see :meth:`GameState.replace`); the facts cached on
        this state (:meth:`fact`) stay behind."""
        if not _state_fields().issuperset(changes):
            return super().replace(**changes)  # raises the TypeError naming the unknown fields
        return self.evolve(changes)

    def evolve(self, changes: dict[str, Any]) -> State:
        """:meth:`replace` for the rules, whose ``changes`` name only fields."""
        values = self.__dict__.copy()
        for cache in _NOT_CARRIED:
            values.pop(cache, None)
        values.update(changes)
        new = object.__new__(State)
        object.__setattr__(new, "__dict__", values)
        return new

    def fact(self, name: str, compute: Any) -> Any:
        """The derived fact ``name`` of this position: ``compute(self)``, worked out once (the state is
        immutable) and kept on it, never on the states :meth:`replace` makes from it."""
        facts = self.__dict__.get("_facts")
        if facts is None:
            facts = {}
            object.__setattr__(self, "_facts", facts)
        if name not in facts:
            facts[name] = compute(self)
        return facts[name]

    def to_dict(self) -> dict[str, Any]:
        from .position_format import to_dict
        return to_dict(self)

    @classmethod
    def from_dict(cls, data: Any, board: Building | None = None) -> State:
        """A state from its position format (see :mod:`.position_format`).

        Raises:
            InvalidData: listing every problem in ``data``.
        """
        from .position_format import from_dict
        return from_dict(data, board)

    def __str__(self) -> str:
        from .position_format import text_board
        return text_board(self)

    def __repr__(self) -> str:
        who = "" if self.phase == "over" else f", {self.firefighters[self.turn].name} to act"
        return (f"<flashpoint State: {self.building.name}, {self.options.mode}, {self.phase}{who}; rescued "
                f"{self.rescued}, lost {self.lost}, damage {self.damage}/{DAMAGE_CUBES}>")


# the rules, imported last: they build on the classes above (and so import this module)
from . import flow, turn  # noqa: E402
