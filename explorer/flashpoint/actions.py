"""The actions of Flash Point and their text notation.

Every action is a frozen dataclass whose ``str`` is its notation; :func:`parse_action` reads it back. Spaces are
written as the building names them (``"2,3"``; ``"upper:2,6"`` on another floor), an edge as its two spaces
joined by ``|`` (``"1,3|1,4"``; an outside wall ``"1,1|0,1"``), in either order: actions store it in a fixed
order (:func:`edge_text`), so ``open 1,4|1,3`` is ``open 1,3|1,4``.

Player actions (the firefighter whose turn it is; AP costs in :mod:`.turn`):

==============================  ================================================================================
``place 0,3``                   setup: put your firefighter on a space outside the building
``park engine 0,7``             setup (Experienced): park a vehicle on a spot (named by its first space)
``role paramedic``              setup (Experienced): take a specialist card
``move 2,3``                    move to an adjacent space (carrying or leading what you hold)
``pick up victim``              start carrying the victim (``treated victim``: lead it; ``hazmat``) on your space
``drop``                        put down what you carry
``open 1,3|1,4`` / ``close ..`` open or close a door on an edge of your space
``chop 1,3|1,4``                put a damage cube on a wall of your space
``unjam 1,3|1,4``               Extreme Danger: remove one jam marker from a fireproof door of your space
``extinguish 2,3``              fire to smoke, or smoke away, on your space or an open neighbour
``drive engine 0,7``            drive a vehicle to the next parking spot (named by its first space)
``deck gun``                    fire the engine's deck gun (a roll follows)
``treat``                       Paramedic: treat the victim on your space
``identify 2,3``                Imaging Technician: reveal a point of interest anywhere
``dispose``                     Hazmat Technician: dispose of the hazmat on your space
``command blue move 2,3``       Fire Captain: move another firefighter (``command blue open 1,3|1,4``)
``crew change imaging``         change specialist at the engine
``end``                         end the turn (AP left are saved, up to the limit)
``take ladder`` / ``drop ladder``  Extreme Danger: take a portable ladder (engine or ground) or put it down
``raise ladder 0,3``            raise it, its other end on that space (``collapse ladder`` to take it down)
``bridge 3,4``                  lay it over a destroyed floor (option)
``platform second:0,2``         move the hydraulic platform (option)
==============================  ================================================================================

Chance outcomes: ``roll 3 5`` (red d6, black d8 or d12), ``roll 5`` (one die), ``reveal victim`` /
``reveal false-alarm`` (a point of interest turned face up), ``fireproof 4`` (the red die at a fireproof door),
``spill 3,4`` (where a chemical spill flows next).
"""

from __future__ import annotations

import re
import reprlib
from dataclasses import dataclass
from typing import ClassVar

from typing import TYPE_CHECKING

from explorer.core import NotationError

if TYPE_CHECKING:
    from .building import Building

__all__ = ["Action", "Place", "Park", "ChooseRole", "Move", "PickUp", "Drop", "OpenDoor", "CloseDoor", "Chop",
           "Unjam", "Extinguish", "Drive", "DeckGun", "Treat", "Identify", "Dispose", "Command", "CrewChange", "EndTurn",
           "TakeLadder", "DropLadder", "RaiseLadder", "CollapseLadder", "Bridge", "MovePlatform",
           "Dice", "Die", "Reveal", "FireproofRoll", "SpillFlow", "parse_action", "edge_text"]

_SPACE = r"(?:[a-z][a-z0-9_-]*:)?[0-9]{1,2},[0-9]{1,2}"
_EDGE = rf"{_SPACE}\|{_SPACE}"
PICKABLE = ("victim", "treated victim", "hazmat")
VEHICLES = ("ambulance", "engine")


def edge_text(a: str, b: str) -> str:
    """The notation of the edge between spaces ``a`` and ``b``, in a fixed order (``"1,3|1,4"``)."""
    return f"{a}|{b}" if _order(a) <= _order(b) else f"{b}|{a}"


def _order(space: str) -> tuple[str, int, int]:
    floor, _, rc = space.rpartition(":")
    r, c = rc.split(",")
    return (floor, int(r), int(c))


def _need(action: object, name: str, pattern: str) -> None:
    value = getattr(action, name)
    if not isinstance(value, str) or not re.fullmatch(pattern, value):
        raise NotationError(f"{type(action).__name__}.{name} must be {'an edge like 1,3|1,4' if '|' in pattern else 'a space like 2,3'}, got {value!r}")


def _need_int(action: object, name: str, low: int, high: int) -> None:
    value = getattr(action, name)
    if isinstance(value, bool) or not isinstance(value, int) or not low <= value <= high:
        raise NotationError(f"{type(action).__name__}.{name} must be a whole number {low}-{high}, got {value!r}")


def _need_choice(action: object, name: str, choices: tuple[str, ...]) -> None:
    value = getattr(action, name)
    if value not in choices:
        raise NotationError(f"{type(action).__name__}.{name} must be one of {', '.join(choices)}, got {value!r}")


@dataclass(frozen=True, order=True)
class _OnSpace:
    """An action on one space, written ``<verb> <space>``."""
    space: str
    VERB: ClassVar[str] = ""

    def __post_init__(self) -> None:
        _need(self, "space", _SPACE)

    def __str__(self) -> str:
        return f"{self.VERB} {self.space}"


@dataclass(frozen=True, order=True)
class _OnEdge:
    """An action on the edge between two spaces, written ``<verb> <a>|<b>`` (stored in :func:`edge_text` order)."""
    edge: str
    VERB: ClassVar[str] = ""

    def __post_init__(self) -> None:
        _need(self, "edge", _EDGE)
        object.__setattr__(self, "edge", edge_text(*self.edge.split("|")))

    def __str__(self) -> str:
        return f"{self.VERB} {self.edge}"


@dataclass(frozen=True, order=True)
class _Plain:
    """An action with nothing to say but its name."""
    VERB: ClassVar[str] = ""

    def __str__(self) -> str:
        return self.VERB


@dataclass(frozen=True, order=True)
class Place(_OnSpace):
    """Setup: put the firefighter to act on ``space``, outside the building (``flashpoint.setup.place``)."""
    VERB: ClassVar[str] = "place"


@dataclass(frozen=True, order=True)
class Park:
    """Setup (Experienced): park ``vehicle`` on the parking spot named by its first space ``space``
    (``flashpoint.setup.vehicles``)."""
    vehicle: str
    space: str

    def __post_init__(self) -> None:
        _need_choice(self, "vehicle", VEHICLES)
        _need(self, "space", _SPACE)

    def __str__(self) -> str:
        return f"park {self.vehicle} {self.space}"


@dataclass(frozen=True, order=True)
class ChooseRole:
    """Setup (Experienced): take the specialist card ``role`` (``flashpoint.setup.specialist``)."""
    role: str

    def __post_init__(self) -> None:
        _need(self, "role", r"[a-z]+")

    def __str__(self) -> str:
        return f"role {self.role}"


@dataclass(frozen=True, order=True)
class Move(_OnSpace):
    """Move to the adjacent ``space`` with whatever is carried or led (``flashpoint.move.*``)."""
    VERB: ClassVar[str] = "move"


@dataclass(frozen=True, order=True)
class PickUp:
    """Start carrying the victim or hazmat on your space, or leading a treated victim (``flashpoint.carry``)."""
    what: str

    def __post_init__(self) -> None:
        _need_choice(self, "what", PICKABLE)

    def __str__(self) -> str:
        return f"pick up {self.what}"


@dataclass(frozen=True, order=True)
class Drop(_Plain):
    """Put down what you carry or lead, on your space (``flashpoint.carry``)."""
    VERB: ClassVar[str] = "drop"


@dataclass(frozen=True, order=True)
class OpenDoor(_OnEdge):
    """Open the closed door on ``edge`` of your space (``flashpoint.door.open-close``)."""
    VERB: ClassVar[str] = "open"


@dataclass(frozen=True, order=True)
class CloseDoor(_OnEdge):
    """Close the open door on ``edge`` of your space (``flashpoint.door.open-close``)."""
    VERB: ClassVar[str] = "close"


@dataclass(frozen=True, order=True)
class Chop(_OnEdge):
    """Put one damage cube on the wall on ``edge`` of your space (``flashpoint.chop``)."""
    VERB: ClassVar[str] = "chop"


@dataclass(frozen=True, order=True)
class Unjam(_OnEdge):
    """Extreme Danger: remove one jam marker from the jammed fireproof door on ``edge`` of your space, for 1 AP
    (``flashpoint.ed.unjam``); with its last marker gone it is a closed fireproof door again
    (``flashpoint.assume.unjammed-door``)."""
    VERB: ClassVar[str] = "unjam"


@dataclass(frozen=True, order=True)
class Extinguish(_OnSpace):
    """Turn fire to smoke, or remove smoke, on ``space`` (yours or an open neighbour) (``flashpoint.extinguish``)."""
    VERB: ClassVar[str] = "extinguish"


@dataclass(frozen=True, order=True)
class Drive:
    """Drive ``vehicle`` to the next parking spot, named by its first space ``space`` (``flashpoint.vehicle.drive``)."""
    vehicle: str
    space: str

    def __post_init__(self) -> None:
        _need_choice(self, "vehicle", VEHICLES)
        _need(self, "space", _SPACE)

    def __str__(self) -> str:
        return f"drive {self.vehicle} {self.space}"


@dataclass(frozen=True, order=True)
class DeckGun(_Plain):
    """Fire the engine's deck gun at its quadrant; the target is rolled (``flashpoint.deck-gun``)."""
    VERB: ClassVar[str] = "deck gun"


@dataclass(frozen=True, order=True)
class Treat(_Plain):
    """Paramedic: treat the victim on your space (``flashpoint.role.paramedic``)."""
    VERB: ClassVar[str] = "treat"


@dataclass(frozen=True, order=True)
class Identify(_OnSpace):
    """Imaging Technician: turn the point of interest on ``space`` face up (``flashpoint.role.imaging``)."""
    VERB: ClassVar[str] = "identify"


@dataclass(frozen=True, order=True)
class Dispose(_Plain):
    """Hazmat Technician: remove the hazmat on your space from the game (``flashpoint.role.hazmat``)."""
    VERB: ClassVar[str] = "dispose"


@dataclass(frozen=True, order=True)
class Command:
    """Fire Captain: have firefighter ``who`` move to ``target`` (``verb`` ``move``) or open/close the door on
    edge ``target`` (``verb`` ``open``/``close``), paying with command AP first (``flashpoint.role.captain``)."""
    who: str
    verb: str
    target: str

    def __post_init__(self) -> None:
        _need(self, "who", r"[a-z]+")
        _need_choice(self, "verb", ("move", "open", "close"))
        _need(self, "target", _SPACE if self.verb == "move" else _EDGE)
        if self.verb != "move":
            object.__setattr__(self, "target", edge_text(*self.target.split("|")))

    def __str__(self) -> str:
        return f"command {self.who} {self.verb} {self.target}"


@dataclass(frozen=True, order=True)
class CrewChange:
    """Change to the unused specialist ``role`` at the engine (``flashpoint.crew-change``)."""
    role: str

    def __post_init__(self) -> None:
        _need(self, "role", r"[a-z]+")

    def __str__(self) -> str:
        return f"crew change {self.role}"


@dataclass(frozen=True, order=True)
class EndTurn(_Plain):
    """End the turn: unspent AP are saved up to the limit, then the fire advances (``flashpoint.turn.save``, ``flashpoint.fire.roll``)."""
    VERB: ClassVar[str] = "end"


@dataclass(frozen=True, order=True)
class TakeLadder(_Plain):
    """Extreme Danger: take a portable ladder from the engine or the ground of your space (``flashpoint.ed.ladder``)."""
    VERB: ClassVar[str] = "take ladder"


@dataclass(frozen=True, order=True)
class DropLadder(_Plain):
    """Extreme Danger: put the portable ladder you carry down on your space (``flashpoint.ed.ladder``)."""
    VERB: ClassVar[str] = "drop ladder"


@dataclass(frozen=True, order=True)
class RaiseLadder(_OnSpace):
    """Extreme Danger: raise the ladder you carry, its other end on ``space`` (``flashpoint.ed.ladder``)."""
    VERB: ClassVar[str] = "raise ladder"


@dataclass(frozen=True, order=True)
class CollapseLadder(_Plain):
    """Extreme Danger: collapse the raised ladder standing on your ground-floor space (``flashpoint.ed.ladder``)."""
    VERB: ClassVar[str] = "collapse ladder"


@dataclass(frozen=True, order=True)
class Bridge(_OnSpace):
    """Extreme Danger (option): lay your ladder over the destroyed floor of ``space`` (``flashpoint.ed.bridge``)."""
    VERB: ClassVar[str] = "bridge"


@dataclass(frozen=True, order=True)
class MovePlatform(_OnSpace):
    """Extreme Danger (option): move the hydraulic platform you stand on to ``space`` (``flashpoint.ed.platform``)."""
    VERB: ClassVar[str] = "platform"


# ---- chance outcomes --------------------------------------------------------------------------------------------
@dataclass(frozen=True, order=True)
class Dice:
    """Chance: the red d6 shows ``red`` (the row) and the black die ``black`` (the column)."""
    red: int
    black: int

    def __post_init__(self) -> None:
        _need_int(self, "red", 1, 6)
        _need_int(self, "black", 1, 12)

    def __str__(self) -> str:
        return f"roll {self.red} {self.black}"


@dataclass(frozen=True, order=True)
class Die:
    """Chance: a single black die shows ``value`` (the first initial explosion)."""
    value: int

    def __post_init__(self) -> None:
        _need_int(self, "value", 1, 12)

    def __str__(self) -> str:
        return f"roll {self.value}"


@dataclass(frozen=True, order=True)
class Reveal:
    """Chance: the point of interest being turned over is a ``victim`` or a ``false-alarm``."""
    identity: str

    def __post_init__(self) -> None:
        _need_choice(self, "identity", ("victim", "false-alarm"))

    def __str__(self) -> str:
        return f"reveal {self.identity}"


@dataclass(frozen=True, order=True)
class FireproofRoll:
    """Chance (Extreme Danger): the red d6 rolled for a fireproof door hit by an explosion shows ``value``."""
    value: int

    def __post_init__(self) -> None:
        _need_int(self, "value", 1, 6)

    def __str__(self) -> str:
        return f"fireproof {self.value}"


@dataclass(frozen=True, order=True)
class SpillFlow:
    """Chance (Extreme Danger): the chemical spill flows on to ``space``."""
    space: str

    def __post_init__(self) -> None:
        _need(self, "space", _SPACE)

    def __str__(self) -> str:
        return f"spill {self.space}"


Action = (Place | Park | ChooseRole | Move | PickUp | Drop | OpenDoor | CloseDoor | Chop | Unjam | Extinguish | Drive
          | DeckGun | Treat | Identify | Dispose | Command | CrewChange | EndTurn | TakeLadder | DropLadder
          | RaiseLadder | CollapseLadder | Bridge | MovePlatform | Dice | Die | Reveal | FireproofRoll | SpillFlow)

_PATTERNS: tuple[tuple[str, object], ...] = (
    (rf"place ({_SPACE})", lambda m: Place(m[1])),
    (rf"park (ambulance|engine) ({_SPACE})", lambda m: Park(m[1], m[2])),
    (r"role ([a-z]+)", lambda m: ChooseRole(m[1])),
    (rf"move ({_SPACE})", lambda m: Move(m[1])),
    (r"pick up (victim|treated victim|hazmat)", lambda m: PickUp(m[1])),
    (r"drop", lambda m: Drop()),
    (rf"open ({_EDGE})", lambda m: OpenDoor(m[1])),
    (rf"close ({_EDGE})", lambda m: CloseDoor(m[1])),
    (rf"chop ({_EDGE})", lambda m: Chop(m[1])),
    (rf"unjam ({_EDGE})", lambda m: Unjam(m[1])),
    (rf"extinguish ({_SPACE})", lambda m: Extinguish(m[1])),
    (rf"drive (ambulance|engine) ({_SPACE})", lambda m: Drive(m[1], m[2])),
    (r"deck gun", lambda m: DeckGun()),
    (r"treat", lambda m: Treat()),
    (rf"identify ({_SPACE})", lambda m: Identify(m[1])),
    (r"dispose", lambda m: Dispose()),
    (rf"command ([a-z]+) (move) ({_SPACE})", lambda m: Command(m[1], m[2], m[3])),
    (rf"command ([a-z]+) (open|close) ({_EDGE})", lambda m: Command(m[1], m[2], m[3])),
    (r"crew change ([a-z]+)", lambda m: CrewChange(m[1])),
    (r"end", lambda m: EndTurn()),
    (r"take ladder", lambda m: TakeLadder()),
    (r"drop ladder", lambda m: DropLadder()),
    (rf"raise ladder ({_SPACE})", lambda m: RaiseLadder(m[1])),
    (r"collapse ladder", lambda m: CollapseLadder()),
    (rf"bridge ({_SPACE})", lambda m: Bridge(m[1])),
    (rf"platform ({_SPACE})", lambda m: MovePlatform(m[1])),
    (r"roll (\d{1,2}) (\d{1,2})", lambda m: Dice(int(m[1]), int(m[2]))),
    (r"roll (\d{1,2})", lambda m: Die(int(m[1]))),
    (r"reveal (victim|false-alarm)", lambda m: Reveal(m[1])),
    (r"fireproof (\d)", lambda m: FireproofRoll(int(m[1]))),
    (rf"spill ({_SPACE})", lambda m: SpillFlow(m[1])),
)
_COMPILED = tuple((re.compile(p, re.ASCII), make) for p, make in _PATTERNS)

PLAYER_ACTIONS = (Place, Park, ChooseRole, Move, PickUp, Drop, OpenDoor, CloseDoor, Chop, Unjam, Extinguish, Drive,
                  DeckGun, Treat, Identify, Dispose, Command, CrewChange, EndTurn, TakeLadder, DropLadder, RaiseLadder,
                  CollapseLadder, Bridge, MovePlatform)
"""The action types a player decides (the others are chance outcomes)."""
_NUMBER = re.compile(r"(?<![0-9])0+(?=[0-9])")


def _tidy(text: str) -> str:
    """Lower case, single spaces, no leading zeros in numbers (``move 01,06`` reads as ``move 1,6``)."""
    return _NUMBER.sub("", " ".join(text.strip().lower().split()))


def parse_action(text: str, board: Building | None = None) -> Action:
    """Read an action from its notation (the inverse of ``str(action)``).

    Args:
        text: the notation, e.g. ``"move 2,3"``, ``"open 1,4|1,3"`` (spaces and case are forgiven).
        board: the :class:`~.building.Building` the action is meant for (the type :meth:`State.from_dict`
            takes); with it, a space that is not on that building, or an edge between two spaces that are not
            neighbours there, is refused. Without it only the syntax is read.

    >>> parse_action("move 2,3"), str(parse_action("command blue open 1,4|1,3"))
    (Move(space='2,3'), 'command blue open 1,3|1,4')
    >>> from explorer.flashpoint import Building
    >>> parse_action("move second:2,3", Building.named("laboratory"))
    Move(space='second:2,3')
    >>> parse_action("move second:2,3", Building.default())
    Traceback (most recent call last):
    ...
    explorer.core.errors.NotationError: 'move second:2,3': there is no space second:2,3 in Flash Point house (front side)

    Raises:
        NotationError: quoting the text, if it is not a Flash Point action, or (with ``board``) names a space or
            an edge that board lacks.
    """
    if not isinstance(text, str):
        raise NotationError(f"a Flash Point action is text, got {reprlib.repr(text)}")
    if board is not None and not hasattr(board, "spaces_by_id"):
        raise NotationError(f"board must be a Flash Point Building, got {type(board).__name__}")
    cleaned = _tidy(text) if len(text) < 200 else text
    for pattern, make in _COMPILED:
        m = pattern.fullmatch(cleaned)
        if m:
            action = make(m)  # type: ignore[operator]
            if board is not None:
                _check_on_board(action, board, text)
            return action
    raise NotationError(f"cannot read {reprlib.repr(text)} as a Flash Point action; expected e.g. 'move 2,3', 'open 1,3|1,4', "
                        f"'extinguish 2,3', 'end', or a chance outcome like 'roll 3 5'")


def _check_on_board(action: Action, board: Building, text: str) -> None:
    """Refuse an ``action`` naming a space or an edge that is not on ``board`` (see :func:`parse_action`)."""
    for name in ("space", "edge", "target"):
        value = getattr(action, name, None)
        if not isinstance(value, str):
            continue
        ends = value.split("|")
        for space in ends:
            if space not in board.spaces_by_id:
                raise NotationError(f"{text!r}: there is no space {space} in {board.name}")
        if len(ends) == 2:
            try:
                board.edge(*ends)
            except ValueError:
                raise NotationError(f"{text!r}: {ends[0]} and {ends[1]} are not neighbours in {board.name}, so "
                                    f"there is no edge between them") from None
