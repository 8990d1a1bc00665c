"""The actions of The Great Fire of London 1666 and their text notation.

Every action is a frozen dataclass whose ``str`` is its notation; :func:`parse_action` reads it back.
District names are written as board ids (``pudding-lane``), directions as ``N``, ``E``, ``S``, ``W``.

Player actions (a player decides):

==========================================  =================================================================
``place-band cripplegate``                  setup: put a trained band (rule ``london.setup.trained-bands``)
``place-pawn moorgate``                     setup: put your owner pawn (``london.setup.pawns``)
``spread N pudding-lane guild-hall``        play a N card: a cone from Pudding Lane ends in Guild Hall
``double N pudding-lane st-mary``           the second move of a double-move token (``london.fire.double-move``)
``no-double``                               keep the double-move token for later
``discard E``                               blocked fire: show the hand and discard an E card
``add-fire guild-hall``                     blocked fire: place one of the three cones
``pawn moorgate``                           move your pawn one district (1 action point)
``band cripplegate moorgate``               move a free trained band one district (1 action point)
``extinguish st-pauls``                     put out one cone (1 action point)
``demolish bread-street``                   use a demolition charge (free)
``end-actions``                             end the action phase
==========================================  =================================================================

Chance outcomes (dice, draws and shuffles; forced by a tutorial or drawn from the seed):
``deal N``, ``house blue``, ``colour-card red``, ``pawn-colour red``, ``token charge``,
``objective guild-hall``, ``draw W``.
"""

from __future__ import annotations

from dataclasses import dataclass, fields
from typing import TYPE_CHECKING

from explorer.core import NotationError

from .components import COLOURS, TOKENS

if TYPE_CHECKING:
    from .board import Board

__all__ = [
    "Action", "PlaceBand", "PlacePawn", "Spread", "SkipDouble", "Discard", "AddFire", "MovePawn", "MoveBand",
    "Extinguish", "Demolish", "EndActions", "DealCard", "PlaceHouse", "ColourCard", "PawnColour",
    "PlaceToken", "DealObjective", "DrawCard", "parse_action", "CARD_DIRECTIONS",
]

CARD_DIRECTIONS = ("N", "E", "S", "W")


class _Value:
    """What every action shares: its hash is worked out once, when it is made.

    Actions are immutable values that go into the set of legal actions of every position (``explorer.core``
    checks an action against it), so the same action is hashed again and again; the rules build each one once
    and share it. A copy or a pickle carries the fields only, and works its hash out anew.
    """

    __slots__ = ("_hash",)

    def __post_init__(self) -> None:
        object.__setattr__(self, "_hash", type(self)._field_hash(self))

    def __getstate__(self) -> tuple:
        return tuple(getattr(self, f.name) for f in fields(self))

    def __setstate__(self, state: tuple) -> None:
        for f, value in zip(fields(self), state):
            object.__setattr__(self, f.name, value)
        self.__post_init__()


def _hashed_once(cls: type) -> type:
    """Class decorator (over ``@dataclass(..., slots=True)``): keep the dataclass's hash of the fields, computed
    by ``__post_init__`` once per action, and answer ``hash()`` with it."""
    cls._field_hash = cls.__hash__
    cls.__hash__ = _stored_hash
    cls.__getstate__ = _Value.__getstate__
    cls.__setstate__ = _Value.__setstate__
    return cls


def _stored_hash(self: _Value) -> int:
    return self._hash


@_hashed_once
@dataclass(frozen=True, order=True, slots=True)
class PlaceBand(_Value):
    """Setup: the player to act puts a trained band in ``district``."""
    district: str

    def __str__(self) -> str:
        return f"place-band {self.district}"


@_hashed_once
@dataclass(frozen=True, order=True, slots=True)
class PlacePawn(_Value):
    """Setup: the player to act puts their owner pawn in ``district``."""
    district: str

    def __str__(self) -> str:
        return f"place-pawn {self.district}"


@_hashed_once
@dataclass(frozen=True, order=True, slots=True)
class Spread(_Value):
    """Play a ``card`` (N/E/S/W): one cone leaves ``source`` and its move ends in ``destination``.

    With ``double`` it is the second move of a double-move token, in the same direction as the card played.
    """
    card: str
    source: str
    destination: str
    double: bool = False

    def __str__(self) -> str:
        return f"{'double' if self.double else 'spread'} {self.card} {self.source} {self.destination}"


@_hashed_once
@dataclass(frozen=True, order=True, slots=True)
class SkipDouble(_Value):
    """Decline to use a double-move token this turn."""

    def __str__(self) -> str:
        return "no-double"


@_hashed_once
@dataclass(frozen=True, order=True, slots=True)
class Discard(_Value):
    """Blocked fire: the player shows their hand and discards a ``card``."""
    card: str

    def __str__(self) -> str:
        return f"discard {self.card}"


@_hashed_once
@dataclass(frozen=True, order=True, slots=True)
class AddFire(_Value):
    """Blocked fire: place one of the three extra cones in ``district``."""
    district: str

    def __str__(self) -> str:
        return f"add-fire {self.district}"


@_hashed_once
@dataclass(frozen=True, order=True, slots=True)
class MovePawn(_Value):
    """Move the active player's owner pawn to the neighbouring ``district`` (1 action point)."""
    district: str

    def __str__(self) -> str:
        return f"pawn {self.district}"


@_hashed_once
@dataclass(frozen=True, order=True, slots=True)
class MoveBand(_Value):
    """Move a free trained band from ``source`` to the neighbouring ``destination`` (1 action point)."""
    source: str
    destination: str

    def __str__(self) -> str:
        return f"band {self.source} {self.destination}"


@_hashed_once
@dataclass(frozen=True, order=True, slots=True)
class Extinguish(_Value):
    """Put out one fire cone in ``district`` (1 action point)."""
    district: str

    def __str__(self) -> str:
        return f"extinguish {self.district}"


@_hashed_once
@dataclass(frozen=True, order=True, slots=True)
class Demolish(_Value):
    """Blow up ``district`` with a demolition charge (no action point)."""
    district: str

    def __str__(self) -> str:
        return f"demolish {self.district}"


@_hashed_once
@dataclass(frozen=True, order=True, slots=True)
class EndActions(_Value):
    """End the action phase (unused points are lost)."""

    def __str__(self) -> str:
        return "end-actions"


# ---- chance outcomes ------------------------------------------------------------------------------------
@_hashed_once
@dataclass(frozen=True, order=True, slots=True)
class DealCard(_Value):
    """Chance: the next card dealt at setup shows ``direction``."""
    direction: str

    def __str__(self) -> str:
        return f"deal {self.direction}"


@_hashed_once
@dataclass(frozen=True, order=True, slots=True)
class PlaceHouse(_Value):
    """Chance: the next house drawn from the lid at setup is ``colour``."""
    colour: str

    def __str__(self) -> str:
        return f"house {self.colour}"


@_hashed_once
@dataclass(frozen=True, order=True, slots=True)
class ColourCard(_Value):
    """Chance: the next player is dealt the colour card ``colour``."""
    colour: str

    def __str__(self) -> str:
        return f"colour-card {self.colour}"


@_hashed_once
@dataclass(frozen=True, order=True, slots=True)
class PawnColour(_Value):
    """Chance (optional rule A): the next player draws the owner pawn of ``colour``."""
    colour: str

    def __str__(self) -> str:
        return f"pawn-colour {self.colour}"


@_hashed_once
@dataclass(frozen=True, order=True, slots=True)
class PlaceToken(_Value):
    """Chance: the next yellow-name district gets a token of ``kind`` (charge, double, vp)."""
    kind: str

    def __str__(self) -> str:
        return f"token {self.kind}"


@_hashed_once
@dataclass(frozen=True, order=True, slots=True)
class DealObjective(_Value):
    """Chance: the next objective card dealt names ``district``."""
    district: str

    def __str__(self) -> str:
        return f"objective {self.district}"


@_hashed_once
@dataclass(frozen=True, order=True, slots=True)
class DrawCard(_Value):
    """Chance: the card drawn from the fire deck shows ``direction``."""
    direction: str

    def __str__(self) -> str:
        return f"draw {self.direction}"


Action = (PlaceBand | PlacePawn | Spread | SkipDouble | Discard | AddFire | MovePawn | MoveBand | Extinguish
          | Demolish | EndActions | DealCard | PlaceHouse | ColourCard | PawnColour | PlaceToken | DealObjective
          | DrawCard)
"""Any London action."""

_ONE_DISTRICT = {"place-band": PlaceBand, "place-pawn": PlacePawn, "add-fire": AddFire, "pawn": MovePawn,
                 "extinguish": Extinguish, "demolish": Demolish, "objective": DealObjective}
_ONE_DIRECTION = {"discard": Discard, "deal": DealCard, "draw": DrawCard}
_ONE_NAME = {"house": (PlaceHouse, COLOURS), "colour-card": (ColourCard, COLOURS),
             "pawn-colour": (PawnColour, COLOURS), "token": (PlaceToken, tuple(TOKENS))}
_EXAMPLES = "examples: 'spread N pudding-lane guild-hall', 'pawn moorgate', 'band a b', 'end-actions'"


def parse_action(text: str, board: "Board | None" = None) -> Action:
    """Read an action from its notation (the inverse of ``str(action)``); the one reader of every game.

    Without a board only the syntax is read; with one, district ids not on that board are refused.
    ``State.parse_action(text)`` reads with the state's own board.

    >>> parse_action("spread N pudding-lane guild-hall")
    Spread(card='N', source='pudding-lane', destination='guild-hall', double=False)
    >>> str(parse_action("  band  cripplegate   moorgate "))
    'band cripplegate moorgate'
    >>> from explorer.london1666 import Board
    >>> parse_action("pawn atlantis", Board.default())
    Traceback (most recent call last):
    ...
    explorer.core.errors.NotationError: 'pawn atlantis': no district 'atlantis' on this board

    Args:
        text: the notation.
        board: the London :class:`~explorer.london1666.board.Board` whose district ids are allowed (the same
            object ``State.from_dict(d, board)`` takes), or ``None`` to read the syntax only.

    Raises:
        NotationError: naming what could not be read and what was expected.
        TypeError: if ``board`` is not a ``Board``.
    """
    from .board import Board

    if board is not None and not isinstance(board, Board):
        raise TypeError(f"board must be a London Board (or None), got {type(board).__name__}")
    districts = board.index if board is not None else None
    if not isinstance(text, str):
        raise NotationError(f"expected action text, got {type(text).__name__}")
    if len(text) > 200:
        raise NotationError(f"{text[:40]!r}... is {len(text)} characters long: not an action")
    words = text.split()
    if not words:
        raise NotationError(f"empty action; {_EXAMPLES}")
    verb, args = words[0].lower(), words[1:]

    def district(word: str) -> str:
        if districts is not None and word not in districts:
            raise NotationError(f"{text!r}: no district {word!r} on this board")
        return word

    def direction(word: str) -> str:
        if not word.isascii() or word.upper() not in CARD_DIRECTIONS:
            raise NotationError(f"{text!r}: {word!r} is not a card direction (N, E, S or W)")
        return word.upper()

    def arity(n: int) -> None:
        if len(args) != n:
            raise NotationError(f"{text!r}: {verb!r} takes {n} word{'s' if n != 1 else ''} after it, "
                                f"got {len(args)}")

    if verb in ("spread", "double"):
        arity(3)
        return Spread(direction(args[0]), district(args[1]), district(args[2]), double=verb == "double")
    if verb == "band":
        arity(2)
        return MoveBand(district(args[0]), district(args[1]))
    if verb in _ONE_DISTRICT:
        arity(1)
        return _ONE_DISTRICT[verb](district(args[0]))
    if verb in _ONE_DIRECTION:
        arity(1)
        return _ONE_DIRECTION[verb](direction(args[0]))
    if verb in _ONE_NAME:
        arity(1)
        cls, names = _ONE_NAME[verb]
        if args[0].lower() not in names:
            raise NotationError(f"{text!r}: {args[0]!r} is not one of {', '.join(names)}")
        return cls(args[0].lower())
    if verb in ("no-double", "end-actions"):
        arity(0)
        return SkipDouble() if verb == "no-double" else EndActions()
    raise NotationError(f"cannot read {text!r} as a London action; {_EXAMPLES}")
