"""The actions of Portobello Market and their text notation.

Every action is a frozen dataclass whose ``str`` is its notation; :func:`parse_action` reads it back. Lanes,
squares and districts are written as board ids (``c``, ``s10``, ``d2``); stall spaces are counted from the
lane's ``from`` square, 0 first.

Player actions (a player decides):

=========================  ===========================================================================
``bobby d5``               setup: put the bobby in district d5 (``portobello.setup.bobby``); in play:
                           move it across one lane to the neighbouring d5 (``portobello.bobby.move``)
``act 3``                  take the turn with the face-up own token 3 (``act n3``: the neutral 3)
``district d7 x4``         score district d7 with the face-up own token 4 (``portobello.score.district``)
``build c 0``              build a stall on space 0 of lane c (``portobello.build.*``)
``customer``               draw a customer, to be placed at once (``portobello.customer.draw``)
``place s4``               put the drawn customer on square s4 (``portobello.customer.place``)
``lord``                   put the Lord on the last free square (``portobello.lord.place``)
``end``                    end the turn (``portobello.turn.flip``)
=========================  ===========================================================================

Chance outcomes: ``drawn servant`` / ``drawn citizen`` (a blind draw from the bag) and, in the customer-queue
variant, ``queue servant`` / ``queue citizen`` (laying out the queue at setup).
"""

from __future__ import annotations

import re
from collections.abc import Collection
from dataclasses import dataclass
from typing import TYPE_CHECKING

from explorer.core import NotationError

from .components import CUSTOMERS

if TYPE_CHECKING:
    from .board import Board

__all__ = ["Action", "MoveBobby", "ChooseToken", "ScoreDistrict", "Build", "DrawCustomer", "PlaceCustomer",
           "PlaceLord", "EndTurn", "Drawn", "Queued", "parse_action"]


def _check(action: object, **fields: type) -> None:
    """Refuse an action built with the wrong types (``ChooseToken(3.0)`` would compare equal to ``ChooseToken(3)``
    and then be saved as ``act 3.0``).

    Raises:
        NotationError: naming the field, the type expected and the value given.
    """
    for name, kind in fields.items():
        value = getattr(action, name)
        if isinstance(value, bool) or not isinstance(value, kind):
            raise NotationError(f"{type(action).__name__}.{name} must be {'a whole number' if kind is int else 'text'}"
                                f", got {value!r}")


@dataclass(frozen=True, order=True)
class MoveBobby:
    """Put the bobby in ``district`` at setup, or move it there across the one lane between (in play)."""
    district: str

    def __post_init__(self) -> None:
        _check(self, district=str)

    def __str__(self) -> str:
        return f"bobby {self.district}"


@dataclass(frozen=True, order=True)
class ChooseToken:
    """Take the turn with a face-up action token worth ``value`` actions (``neutral``: a neutral one)."""
    value: int
    neutral: bool = False

    def __post_init__(self) -> None:
        _check(self, value=int)
        if not isinstance(self.neutral, bool):
            raise NotationError(f"ChooseToken.neutral must be true or false, got {self.neutral!r}")

    def __str__(self) -> str:
        return f"act {'n' if self.neutral else ''}{self.value}"


@dataclass(frozen=True, order=True)
class ScoreDistrict:
    """Spend the turn scoring ``district`` with the player's own face-up token ``value`` (2 or 4)."""
    district: str
    value: int

    def __post_init__(self) -> None:
        _check(self, district=str, value=int)

    def __str__(self) -> str:
        return f"district {self.district} x{self.value}"


@dataclass(frozen=True, order=True)
class Build:
    """Build one of the player's stalls on space ``index`` of ``lane`` (0 is next to its ``from`` square)."""
    lane: str
    index: int

    def __post_init__(self) -> None:
        _check(self, lane=str, index=int)

    def __str__(self) -> str:
        return f"build {self.lane} {self.index}"


@dataclass(frozen=True, order=True)
class DrawCustomer:
    """Use an action to draw a customer (from the bag, or the queue's first in the variant)."""

    def __str__(self) -> str:
        return "customer"


@dataclass(frozen=True, order=True)
class PlaceCustomer:
    """Put the customer just drawn on the empty ``square``."""
    square: str

    def __post_init__(self) -> None:
        _check(self, square=str)

    def __str__(self) -> str:
        return f"place {self.square}"


@dataclass(frozen=True, order=True)
class PlaceLord:
    """Use an action to put the Lord on the last free square."""

    def __str__(self) -> str:
        return "lord"


@dataclass(frozen=True, order=True)
class EndTurn:
    """End the turn (the used token turns face down)."""

    def __str__(self) -> str:
        return "end"


@dataclass(frozen=True, order=True)
class Drawn:
    """Chance: the customer drawn blind from the bag is a ``kind`` (servant or citizen)."""
    kind: str

    def __str__(self) -> str:
        return f"drawn {self.kind}"


@dataclass(frozen=True, order=True)
class Queued:
    """Chance (customer-queue variant, setup): the next customer laid out in the queue is a ``kind``."""
    kind: str

    def __str__(self) -> str:
        return f"queue {self.kind}"


def cached(kind: type, *args):
    """The action ``kind(*args)``, built once and shared (actions are immutable; the engine's legal-move lists
    reuse them instead of building and type-checking new ones each time)."""
    key = (kind, args)
    found = _CACHE.get(key)
    if found is None:
        found = _CACHE[key] = kind(*args)
    return found


_CACHE: dict[tuple, object] = {}

Action = (MoveBobby | ChooseToken | ScoreDistrict | Build | DrawCustomer | PlaceCustomer | PlaceLord | EndTurn
          | Drawn | Queued)
"""Any Portobello action."""

_TOKEN = re.compile(r"^(n?)([1-4])$")
_TIMES = re.compile(r"^x([1-4])$")
_SPACE = re.compile(r"^[0-9]{1,2}$")


def parse_action(text: str, board: "Board | None" = None) -> Action:
    """Read an action from its notation (see the module docstring); the inverse of ``str(action)``.

    Without a board only the syntax is read; with ``board`` (the :class:`~explorer.portobello.Board` that
    :meth:`State.from_dict` takes) lanes, squares and districts that are not on it are refused too.
    :meth:`State.parse_action` reads with the position's own board.

    >>> parse_action("build c 0"), parse_action("act n3"), parse_action("district d7 x4")
    (Build(lane='c', index=0), ChooseToken(value=3, neutral=True), ScoreDistrict(district='d7', value=4))
    >>> from explorer.portobello import Board
    >>> parse_action("build zz 0", Board.default())  # doctest: +ELLIPSIS
    Traceback (most recent call last):
    ...
    explorer.core.errors.NotationError: 'build zz 0': no lane 'zz' on this board (known: a, b, c, ..., v)

    Raises:
        NotationError: for text that is not an action (quoting it and saying what was expected), or an id that is
            not on ``board``.
        TypeError: for a ``board`` that is not a :class:`~explorer.portobello.Board`.
    """
    from .board import Board

    if board is not None and not isinstance(board, Board):
        raise TypeError(f"board must be a Board (see Board.from_file), got {type(board).__name__}")
    lanes: Collection[str] = board.lanes if board is not None else ()
    squares: Collection[str] = board.squares if board is not None else ()
    districts: Collection[str] = board.districts if board is not None else ()
    if not isinstance(text, str):
        raise NotationError(f"an action is text like 'build c 0', got {type(text).__name__}")
    words = text.split()
    if not words:
        raise NotationError("empty action; try 'act 3', 'build c 0', 'customer', 'place s4', 'bobby d2', 'end'")
    verb, args = words[0].lower(), words[1:]

    def want(n: int, form: str) -> None:
        if len(args) != n:
            raise NotationError(f"{text!r}: expected {form!r}")

    def check(kind: str, value: str, known: Collection[str]) -> str:
        if known and value not in known:
            raise NotationError(f"{text!r}: no {kind} {value!r} on this board (known: {', '.join(sorted(known))})")
        return value

    if verb == "bobby":
        want(1, "bobby <district>")
        return MoveBobby(check("district", args[0], districts))
    if verb == "act":
        want(1, "act <2|3|4|n1|n2|n3>")
        m = _TOKEN.match(args[0])
        if not m:
            raise NotationError(f"{text!r}: a token is 2, 3 or 4 (your own) or n1, n2, n3 (neutral)")
        return ChooseToken(int(m.group(2)), bool(m.group(1)))
    if verb == "district":
        want(2, "district <district> x<2|4>")
        m = _TIMES.match(args[1])
        if not m:
            raise NotationError(f"{text!r}: the token is written x2 or x4")
        return ScoreDistrict(check("district", args[0], districts), int(m.group(1)))
    if verb == "build":
        want(2, "build <lane> <space>")
        if not _SPACE.match(args[1]):
            raise NotationError(f"{text!r}: the space is a number counted from the lane's first square, 0 first")
        return Build(check("lane", args[0], lanes), int(args[1]))
    if verb == "customer":
        want(0, "customer")
        return DrawCustomer()
    if verb == "place":
        want(1, "place <square>")
        return PlaceCustomer(check("square", args[0], squares))
    if verb == "lord":
        want(0, "lord")
        return PlaceLord()
    if verb == "end":
        want(0, "end")
        return EndTurn()
    if verb in ("drawn", "queue"):
        want(1, f"{verb} <servant|citizen>")
        if args[0] not in CUSTOMERS:
            raise NotationError(f"{text!r}: a customer from the bag is a servant or a citizen")
        return Drawn(args[0]) if verb == "drawn" else Queued(args[0])
    raise NotationError(f"{text!r}: unknown action {verb!r}; actions are bobby, act, district, build, customer, "
                        "place, lord, end (chance: drawn, queue)")
