"""The Portobello Market game state: an immutable snapshot of the market, the shops and whose turn it is.

Per-lane, per-square and per-district facts are tuples in the board's data order (see :func:`layout`); use the
accessors (:meth:`State.stalls_on`, :meth:`State.customer_at`, :meth:`State.next_spaces`...) rather than
indexing. The position format (:meth:`State.to_dict`) is the game's "FEN": tutorials and tests set up any
situation with it.
"""

from __future__ import annotations

import dataclasses
from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass, field
from fractions import Fraction
from typing import Any, ClassVar, Literal

import pydantic

from explorer.core import Event, GameState, IllegalAction, InvalidData, Rng, RuleTable, ScoreBreakdown, StrictModel
from explorer.core.schema import problems_from_validation_error

from . import bobby, building, customers, scoring, setup, turn
from .actions import (Action, Build, ChooseToken, DrawCustomer, Drawn, EndTurn, MoveBobby, PlaceCustomer, PlaceLord,
                      Queued, ScoreDistrict, parse_action)
from .board import Board
from .components import BAG, COLOURS, LORD, NEUTRAL_STACK, PLAYER_COUNTS, STALLS_PER_PLAYER, START_SCORE
from .rules import RULES

VERSION = "1"
"""Engine version, written into saved records; bumped when behaviour changes."""

PHASES = ("queue", "bobby", "choose", "actions", "draw", "place", "over")
"""``queue``: laying out the variant's customer queue (chance); ``bobby``: the bobby's first district;
``choose``: pick an action token or score a district; ``actions``: build, place customers, move the bobby;
``draw``: a customer comes out of the bag (chance); ``place``: put the drawn customer on a square."""
CHANCE_PHASES = frozenset({"queue", "draw"})


@dataclass(frozen=True)
class Options:
    """The game's options."""

    customer_queue: bool = False
    """The variant with a visible customer queue (``portobello.option.customer-queue``)."""

    def __post_init__(self) -> None:
        if not isinstance(self.customer_queue, bool):
            raise ValueError(f"customer_queue must be true or false, got {self.customer_queue!r}")


@dataclass(frozen=True, order=True)
class Token:
    """An action token under a player's awning."""

    value: int
    """How many actions it gives (1-4)."""
    neutral: bool = False
    """True for a neutral (black and white) token taken after a district scoring."""
    face_up: bool = True
    """Face up tokens can be chosen; a used token lies face down until all three are used."""

    def __str__(self) -> str:
        return f"{'n' if self.neutral else ''}{self.value}"

    @property
    def words(self) -> str:
        """The token as a player names it in a list: ``"3"``, or ``"the neutral 3"`` (``n3`` is the notation)."""
        return f"the neutral {self.value}" if self.neutral else str(self.value)


@dataclass(frozen=True)
class Seat:
    """One player: their colour, stalls in hand, action tokens and points by scoring category."""

    colour: str
    """Their stall colour, also their name."""
    stalls: int
    """Stalls still in their supply."""
    tokens: tuple[Token, ...] = (Token(2), Token(3), Token(4))
    """The tokens under their awning, in slot order."""
    lanes: int = 0
    """Points from lane scorings (``portobello.score.lane``)."""
    districts: int = 0
    """Points from district scorings (``portobello.score.district``)."""
    tolls: int = 0
    """Bobby tolls received minus tolls paid (``portobello.bobby.toll``)."""
    lord: int = 0
    """Points from the Lord's scoring at the end (``portobello.end.lord-scoring``)."""

    @property
    def score(self) -> int:
        """Their position on the scoring track: the starting 10 (``portobello.setup.scores``) plus everything won,
        minus tolls paid."""
        return START_SCORE + self.lanes + self.districts + self.tolls + self.lord

    def but(self, *, stalls: int | None = None, tokens: tuple[Token, ...] | None = None, lanes: int = 0,
            districts: int = 0, tolls: int = 0, lord: int = 0) -> "Seat":
        """A copy with ``stalls`` or ``tokens`` replaced and the given points **added** to their categories (the
        one way the rules change a seat; cheaper than ``dataclasses.replace`` on the hot path)."""
        return Seat(self.colour, self.stalls if stalls is None else stalls, self.tokens if tokens is None else tokens,
                    self.lanes + lanes, self.districts + districts, self.tolls + tolls, self.lord + lord)


@dataclass(frozen=True)
class Layout:
    """The board's ids in data order and their positions in the state's tuples."""

    lanes: tuple[str, ...]
    squares: tuple[str, ...]
    districts: tuple[str, ...]
    lane: dict[str, int]
    square: dict[str, int]
    district: dict[str, int]


def layout(board: Board) -> Layout:
    """The id order of ``board`` (computed once per board and kept on it)."""
    found = board.__dict__.get("_layout")
    if found is None:
        lanes, squares, districts = tuple(board.lanes), tuple(board.squares), tuple(board.districts)
        found = Layout(lanes, squares, districts, {x: k for k, x in enumerate(lanes)},
                       {x: k for k, x in enumerate(squares)}, {x: k for k, x in enumerate(districts)})
        object.__setattr__(board, "_layout", found)
    return found


@dataclass(frozen=True)
class State(GameState):
    """A position of Portobello Market (see the module docstring and :meth:`to_dict`)."""

    game: ClassVar[str] = "portobello"
    RULES: ClassVar[RuleTable] = RULES

    board: Board = field(repr=False, compare=False)
    options: Options
    seats: tuple[Seat, ...]
    phase: str
    active: int
    """The seat whose turn it is (during setup: the seat placing the bobby)."""
    stalls: tuple[tuple[int | None, ...], ...]
    """Per lane, the seat owning each space (``None``: free), from the lane's ``from`` square."""
    squares: tuple[str | None, ...]
    """Per square, the customer standing there: ``servant``, ``citizen``, ``lord`` or ``None``."""
    bag: tuple[int, int]
    """Servants and citizens still in the bag (in the variant: not yet laid out in the queue)."""
    queue: tuple[str, ...]
    """Variant: the customers still waiting in the queue, first one first (the Lord follows them)."""
    bobby: str | None
    """The district where the bobby stands (``None`` before it is placed)."""
    district_tokens: tuple[tuple[int, int] | None, ...]
    """Per district, ``(seat, value)`` of the action token that scored it, if any."""
    neutral: tuple[int, ...]
    """The neutral token stack, top first."""
    scored: tuple[bool, ...]
    """Per lane, True once it has scored."""
    rng: Rng
    actions_left: int = 0
    """Actions still to take this turn."""
    token_slot: int | None = None
    """The slot of the token chosen this turn."""
    pending: str | None = None
    """The customer drawn and waiting to be placed."""
    ending: bool = False
    """True once a player has built their last stall: the round is being finished (``portobello.end.last-stall``)."""
    round: int = 0
    """The round number (1 for the first; 0 during setup)."""
    events: tuple[Event, ...] = field(default=(), compare=False)

    # ---- who plays ---------------------------------------------------------------------------------------
    @property
    def players(self) -> tuple[str, ...]:
        """Player names: their stall colours, in seat order (seat 0 is the start player)."""
        return tuple(seat.colour for seat in self.seats)

    def name(self, seat: int) -> str:
        """The name (colour) of ``seat``."""
        return self.seats[seat].colour

    def seat_of(self, colour: str) -> int:
        """The seat playing ``colour``.

        Raises:
            KeyError: if nobody plays it.
        """
        for n, seat in enumerate(self.seats):
            if seat.colour == colour:
                return n
        raise KeyError(f"nobody plays {colour!r}; players: {', '.join(self.players)}")

    @property
    def is_terminal(self) -> bool:
        """True once the game is over (``portobello.end.*``)."""
        return self.phase == "over"

    @property
    def is_chance_node(self) -> bool:
        """True while the variant's queue is laid out and when a customer is drawn from the bag."""
        return self.phase in CHANCE_PHASES

    @property
    def current_player(self) -> int | None:
        """The seat to act, or ``None`` at a chance step or at the end."""
        if self.phase in CHANCE_PHASES or self.phase == "over":
            return None
        return self.active

    @property
    def seat(self) -> Seat:
        """The active seat."""
        return self.seats[self.active]

    # ---- the market ------------------------------------------------------------------------------------------
    @property
    def layout(self) -> Layout:
        """The board's id order."""
        return self.board.__dict__.get("_layout") or layout(self.board)

    def stalls_on(self, lane: str) -> tuple[int | None, ...]:
        """The owners (seats) of ``lane``'s spaces from its ``from`` square; ``None`` for a free space.

        Raises:
            KeyError: for an unknown lane.
        """
        return self.stalls[self.layout.lane[lane]]

    def is_full(self, lane: str) -> bool:
        """True if every space of ``lane`` holds a stall."""
        return None not in self.stalls_on(lane)

    def is_scored(self, lane: str) -> bool:
        """True once ``lane`` has scored (``portobello.score.lane``)."""
        return self.scored[self.layout.lane[lane]]

    def next_spaces(self, lane: str) -> tuple[int, ...]:
        """The spaces of ``lane`` where the next stall may go: both ends of an empty lane, else the space next to
        the row already built, else none (rules ``portobello.build.first-at-end``, ``.contiguous``)."""
        return building.next_spaces(self.stalls_on(lane))

    def customer_at(self, square: str) -> str | None:
        """The customer on ``square`` (``servant``, ``citizen``, ``lord``) or ``None``."""
        return self.squares[self.layout.square[square]]

    @property
    def lord_square(self) -> str | None:
        """Where the Lord stands, if placed."""
        for k, kind in enumerate(self.squares):
            if kind == LORD:
                return self.layout.squares[k]
        return None

    @property
    def customers_left(self) -> int:
        """Customers still to come out (in the bag, or the queue in the variant), not counting the Lord."""
        return len(self.queue) if self.options.customer_queue else sum(self.bag)

    def district_token(self, district: str) -> tuple[int, int] | None:
        """``(seat, value)`` of the token that scored ``district``, if any."""
        return self.district_tokens[self.layout.district[district]]

    def toll(self, lane: str, seat: int | None = None) -> tuple[int, tuple[int, ...]]:
        """What ``seat`` (default: the active one) pays to move the bobby across ``lane``:
        ``(points paid, seats that receive 1 point each)`` (rule ``portobello.bobby.toll``)."""
        return bobby.toll(self, lane, self.active if seat is None else seat)

    # ---- the contract -------------------------------------------------------------------------------------------
    def chance_outcomes(self) -> list[tuple[Action, Fraction]]:
        """The customers that can come out of the bag here, each with its exact probability (worked out once per
        state)."""
        if self.phase not in CHANCE_PHASES:
            return []
        cached = self.__dict__.get("_outcomes")
        if cached is None:
            servants, citizens = self.bag
            total = servants + citizens
            kind = Queued if self.phase == "queue" else Drawn
            cached = [(kind(k), Fraction(n, total)) for k, n in (("servant", servants), ("citizen", citizens)) if n]
            object.__setattr__(self, "_outcomes", cached)
        return list(cached)

    def _legal_actions(self) -> list[Action]:
        phase = self.phase
        if phase == "actions":
            return turn.legal_in_actions(self)
        if phase == "choose":
            return turn.legal_choices(self)
        if phase == "place":
            return customers.legal_placements(self)
        if phase == "bobby":
            return [MoveBobby(d) for d in self.layout.districts]
        return []

    def why_illegal(self, action: Any) -> IllegalAction | None:
        """The rule (and a player's explanation) behind refusing ``action`` here."""
        return turn.why_illegal(self, action)

    def _apply(self, action: Any) -> tuple["State", Sequence[Event]]:
        kind = type(action)
        if kind is Build:
            return building.build(self, action)
        if kind is MoveBobby:
            return bobby.apply(self, action)
        if kind in (DrawCustomer, Drawn, PlaceCustomer, PlaceLord):
            return customers.apply(self, action)
        if kind in (ChooseToken, ScoreDistrict, EndTurn):
            return turn.apply(self, action)
        if kind is Queued:
            return setup.apply(self, action)
        raise TypeError(f"not a Portobello action: {action!r}")

    def parse_action(self, text: str) -> Action:
        """Read an action on this position's board (:func:`explorer.portobello.parse_action` with ``self.board``).

        Raises:
            NotationError: for text that is not an action, or a lane, square or district not on this board.
        """
        return parse_action(text, self.board)

    def scores(self) -> dict[str, ScoreBreakdown]:
        """Running (or final) scores by player, broken down by scoring category (``portobello.score.*``)."""
        return scoring.scores(self)

    def winners(self) -> list[str]:
        """The players with the most points (several share the win on a tie, ``portobello.end.winner``)."""
        return scoring.winners(self)

    # ---- building new states ----------------------------------------------------------------------------------
    def with_seat(self, seat: int, **changes: Any) -> "State":
        """A copy where seat ``seat`` has ``changes``."""
        seats = list(self.seats)
        seats[seat] = dataclasses.replace(seats[seat], **changes)
        return self.replace(seats=tuple(seats))

    # ---- the position format ------------------------------------------------------------------------------------
    def to_dict(self) -> dict[str, Any]:
        """The position as JSON-ready data; lanes without stalls and empty squares are left out.

        Fields: ``game``, ``version``, ``players`` (count), ``options``, ``phase``, ``active`` (seat), ``round``,
        ``actions_left``, ``token_slot``, ``pending`` (drawn customer), ``ending``, ``bobby``
        (district), ``seats`` (colour, stalls in hand, tokens as ``{value, neutral, face_up}``, points by
        category: lanes, districts, tolls, lord), ``lanes`` (``{lane: [owner colour or null per space]}``,
        from the lane's ``from`` square), ``scored`` (lane ids), ``squares`` (``{square: customer}``), ``bag``
        (``{servant, citizen}``), ``queue``, ``neutral`` (stack, top first), ``district_tokens``
        (``{district: {player, value}}``), ``seed`` and ``draws`` (the random stream).
        """
        lay, names = self.layout, self.players
        return {
            "game": "portobello", "version": VERSION, "players": len(self.seats),
            "options": dataclasses.asdict(self.options), "phase": self.phase, "active": self.active,
            "round": self.round, "actions_left": self.actions_left, "token_slot": self.token_slot,
            "pending": self.pending, "ending": self.ending, "bobby": self.bobby,
            "seats": [{"colour": s.colour, "stalls": s.stalls,
                       "tokens": [{"value": t.value, "neutral": t.neutral, "face_up": t.face_up} for t in s.tokens],
                       "points": {"lanes": s.lanes, "districts": s.districts, "tolls": s.tolls, "lord": s.lord}}
                      for s in self.seats],
            "lanes": {lane: [None if o is None else names[o] for o in row]
                      for lane, row in zip(lay.lanes, self.stalls) if any(o is not None for o in row)},
            "scored": [lane for lane, done in zip(lay.lanes, self.scored) if done],
            "squares": {sq: kind for sq, kind in zip(lay.squares, self.squares) if kind},
            "bag": dict(zip(("servant", "citizen"), self.bag)), "queue": list(self.queue),
            "neutral": list(self.neutral),
            "district_tokens": {d: {"player": names[t[0]], "value": t[1]}
                                for d, t in zip(lay.districts, self.district_tokens) if t},
            "seed": self.rng.seed, "draws": self.rng.draws,
        }

    @classmethod
    def from_dict(cls, data: Any, board: Board | None = None) -> "State":
        """A position from :meth:`to_dict` data (missing optional fields take their defaults).

        Raises:
            InvalidData: listing every problem: wrong types, unknown lanes, squares or districts, stalls that do
                not form a row from one end, counts that break conservation (stalls, customers, tokens), lanes
                that should have scored, a phase with nothing to do.
        """
        if board is not None and not isinstance(board, Board):
            raise InvalidData("Portobello position", [f"board: expected a Board, got {type(board).__name__}"])
        board = board or Board.default()
        try:
            pos = _Position.model_validate(data)
        except pydantic.ValidationError as err:
            raise InvalidData("Portobello position", problems_from_validation_error(err)) from None
        lay, n, problems = layout(board), pos.players, []
        colours = [s.colour for s in pos.seats]
        if len(pos.seats) != n:
            problems.append(f"seats: expected {n} seats (players={n}), got {len(pos.seats)}")
        elif colours != list(COLOURS[:n]):
            problems.append(f"seats: with {n} players the colours are {', '.join(COLOURS[:n])} in seat order, "
                            f"got {', '.join(colours)}")
        if not 0 <= pos.active < n:
            problems.append(f"active: seat {pos.active} does not exist with {n} players")
        seat_index = {c: k for k, c in enumerate(colours)}

        def owner(where: str, colour: str | None) -> int | None:
            if colour is None:
                return None
            if colour not in seat_index:
                problems.append(f"{where}: nobody plays {colour}")
                return None
            return seat_index[colour]

        stalls: list[tuple[int | None, ...]] = [(None,) * board.lanes[x].spaces for x in lay.lanes]
        for lane, row in pos.lanes.items():
            if lane not in lay.lane:
                problems.append(f"lanes.{lane}: no such lane on this board")
                continue
            if len(row) != board.lanes[lane].spaces:
                problems.append(f"lanes.{lane}: the lane has {board.lanes[lane].spaces} spaces, got {len(row)}")
                continue
            stalls[lay.lane[lane]] = tuple(owner(f"lanes.{lane}", c) for c in row)
        squares: list[str | None] = [None] * len(lay.squares)
        for sq, kind in pos.squares.items():
            if sq not in lay.square:
                problems.append(f"squares.{sq}: no such square on this board")
            else:
                squares[lay.square[sq]] = kind
        scored = [False] * len(lay.lanes)
        for lane in pos.scored:
            if lane not in lay.lane:
                problems.append(f"scored: no lane {lane!r} on this board")
            else:
                scored[lay.lane[lane]] = True
        tokens: list[tuple[int, int] | None] = [None] * len(lay.districts)
        for d, t in pos.district_tokens.items():
            if d not in lay.district:
                problems.append(f"district_tokens.{d}: no such district on this board")
            else:
                seat = owner(f"district_tokens.{d}", t.player)
                tokens[lay.district[d]] = None if seat is None else (seat, t.value)
        if pos.bobby is not None and pos.bobby not in lay.district:
            problems.append(f"bobby: no district {pos.bobby!r} on this board")
        try:
            rng = Rng(pos.seed, pos.draws)
        except ValueError as err:
            problems.append(f"seed: {err}")
        if problems:
            raise InvalidData("Portobello position", list(dict.fromkeys(problems)))
        seats = tuple(Seat(s.colour, s.stalls, tuple(Token(t.value, t.neutral, t.face_up) for t in s.tokens),
                           s.points.lanes, s.points.districts, s.points.tolls, s.points.lord) for s in pos.seats)
        state = cls(board=board, options=Options(pos.options.customer_queue), seats=seats, phase=pos.phase,
                    active=pos.active, stalls=tuple(stalls), squares=tuple(squares),
                    bag=(pos.bag.servant, pos.bag.citizen), queue=tuple(pos.queue), bobby=pos.bobby,
                    district_tokens=tuple(tokens), neutral=tuple(pos.neutral), scored=tuple(scored), rng=rng,
                    actions_left=pos.actions_left, token_slot=pos.token_slot, pending=pos.pending,
                    ending=pos.ending, round=pos.round)
        problems = consistency_problems(state)
        if problems:
            raise InvalidData("Portobello position", problems)
        return state

    def __str__(self) -> str:
        if self.is_terminal:
            who = "game over"
        else:
            who = f"{self.phase}, {self.name(self.active)} to act"
        points = ", ".join(f"{s.colour} {s.score}" for s in self.seats)
        where = f"bobby in {self.bobby}" if self.bobby else "bobby not placed yet"
        return f"Portobello Market, round {self.round} ({who}); {where}; scores: {points}"


def consistency_problems(state: State) -> list[str]:
    """What in a position breaks the rules' bookkeeping (a position play could never reach), one line each.

    Checked: stalls conserved per colour and built as one row from an end; customers conserved (bag, queue,
    squares, the one being placed), the Lord only after every customer; lanes scored exactly when full and
    served; tokens (own 2, 3, 4 once each, neutral tokens conserved, one district token per scoring, never all
    three face down); the phase's bookkeeping (bobby, actions, pending customer); scores never below 0; points
    the board cannot account for; the last round (a hand is empty only once its last stall was built this
    round, by a seat that has played).
    """
    problems: list[str] = []
    board, lay, n = state.board, state.layout, len(state.seats)
    per_player = STALLS_PER_PLAYER.get(n)
    if n not in PLAYER_COUNTS:
        return [f"players: {PLAYER_COUNTS[0]} to {PLAYER_COUNTS[-1]}, got {n}"]
    built = Counter(o for row in state.stalls for o in row if o is not None)
    for k, seat in enumerate(state.seats):
        if seat.stalls + built[k] != per_player:
            problems.append(f"seats[{k}] ({seat.colour}): {seat.stalls} in hand + {built[k]} built is not the "
                            f"{per_player} stalls each player has with {n} players")
        if seat.score < 0:
            problems.append(f"seats[{k}] ({seat.colour}): score {seat.score}; scores never go below 0")
        own = sorted(t.value for t in seat.tokens if not t.neutral)
        spent = sorted(t[1] for t in state.district_tokens if t and t[0] == k)
        if sorted(own + spent) != [2, 3, 4]:
            problems.append(f"seats[{k}] ({seat.colour}): own tokens {own} and district tokens {spent} should be "
                            "the tokens 2, 3 and 4, once each")
        if any(v == 3 for v in spent):
            problems.append(f"seats[{k}] ({seat.colour}): only the 2 and 4 tokens score districts")
        if any(t.neutral and t.value not in NEUTRAL_STACK for t in seat.tokens):
            problems.append(f"seats[{k}] ({seat.colour}): neutral tokens are worth 1, 2 or 3")
        if seat.tokens and all(not t.face_up for t in seat.tokens) and state.phase != "over":
            problems.append(f"seats[{k}] ({seat.colour}): all tokens face down; they turn face up at once")
    neutral_held = sorted([t.value for s in state.seats for t in s.tokens if t.neutral] + list(state.neutral))
    if len(state.neutral) > len(NEUTRAL_STACK) or tuple(state.neutral) != NEUTRAL_STACK[len(NEUTRAL_STACK)
                                                                                      - len(state.neutral):]:
        problems.append(f"neutral: the stack is taken from the top of {list(NEUTRAL_STACK)}, got "
                        f"{list(state.neutral)}")
    elif neutral_held != sorted(NEUTRAL_STACK):
        problems.append(f"neutral tokens in hands and on the stack should be {sorted(NEUTRAL_STACK)}, got "
                        f"{neutral_held}")
    for k, lane in enumerate(lay.lanes):
        row = state.stalls[k]
        if not building.is_row(row):
            problems.append(f"lanes.{lane}: stalls are built as one row from an end of the lane")
        ends = board.lanes[lane].ends
        served = all(state.squares[lay.square[e]] for e in ends)
        if state.scored[k] and not (None not in row and served):
            problems.append(f"lanes.{lane}: scored, but it is not full with customers at both ends")
        if not state.scored[k] and None not in row and served:
            problems.append(f"lanes.{lane}: full with customers at both ends, so it has already scored")
    placed = Counter(kind for kind in state.squares if kind)
    waiting = Counter(state.queue) + Counter({"servant": state.bag[0], "citizen": state.bag[1]})
    if state.options.customer_queue and state.phase != "queue":
        waiting = Counter(state.queue)
        if any(state.bag):
            problems.append("bag: in the customer-queue variant every customer is laid out in the queue")
    elif not state.options.customer_queue and state.queue:
        problems.append("queue: only the customer-queue variant has a queue")
    if state.pending:
        waiting[state.pending] += 1
    for kind, count in BAG.items():
        if placed[kind] + waiting[kind] != count:
            problems.append(f"customers: {placed[kind]} {kind}s on squares and {waiting[kind]} still to come, "
                            f"but the game has {count}")
    if placed[LORD] > 1:
        problems.append("squares: there is one Lord")
    if placed[LORD] and (state.customers_left or state.pending):
        problems.append("squares: the Lord comes out only after all ten customers")
    phase = state.phase
    problems += _points_problems(state)
    playing = phase in ("choose", "actions", "draw", "place")
    emptied = [seat.colour for seat in state.seats if seat.stalls == 0]
    if playing and state.ending != bool(emptied):
        problems.append(f"ending: {'true' if state.ending else 'false'}, but " +
                        (f"{' and '.join(emptied)} built their last stall, so this round is the last" if emptied
                         else "nobody has built their last stall"))
    # the game ends with the round in which the last stall is built: a hand emptied in an earlier round, or by a
    # seat whose turn this round has not come yet, cannot be (portobello.end.last-stall)
    for k, seat in enumerate(state.seats):
        if playing and seat.stalls == 0 and (k > state.active or (k == state.active and phase == "choose")):
            problems.append(f"seats[{k}] ({seat.colour}): no stall left, yet their turn of this round "
                            f"{'has not started' if k == state.active else 'is still to come'}; the last stall "
                            "ends the game with its round, so it cannot have been built in an earlier one "
                            "(portobello.end.last-stall)")
    if phase == "queue" and not state.options.customer_queue:
        problems.append("phase: queue, but only the customer-queue variant lays out a queue")
    if phase == "over" and not emptied and (state.customers_left or any(
            building.can_still_build(state, k) for k in range(n))):
        problems.append("phase: over, but nobody has built their last stall and the game could go on "
                        "(portobello.end.last-stall, portobello.assume.no-stall-possible)")
    taken = len(NEUTRAL_STACK) - len(state.neutral)
    scorings = sum(1 for t in state.district_tokens if t)
    if taken != min(scorings, len(NEUTRAL_STACK)):
        problems.append(f"neutral: {scorings} district scoring{'s' * (scorings != 1)} took {min(scorings, 8)} "
                        f"neutral token{'s' * (min(scorings, 8) != 1)} from the stack, but {taken} are gone")
    if phase in ("queue", "bobby") and state.active != n - 1:
        problems.append(f"active: the bobby is placed by the last seat ({n - 1}), the start player's right-hand "
                        "neighbour")
    if phase in ("queue", "bobby") and (state.round or any(state.stalls_on(x) != (None,) * len(state.stalls_on(x))
                                                            for x in lay.lanes) or any(state.squares)):
        problems.append(f"phase: the {phase} phase comes before the first turn, on an empty board")
    if phase not in ("queue", "bobby") and state.round < 1:
        problems.append(f"round: play starts in round 1, got round {state.round} in the {phase} phase")
    if phase in ("actions", "draw", "place") and state.token_slot is not None and \
            0 <= state.token_slot < len(state.seats[state.active].tokens):
        chosen = state.seats[state.active].tokens[state.token_slot]
        if not chosen.face_up:
            problems.append(f"token_slot: the token played this turn ({chosen}) stays face up until the turn ends")
        spent = 1 if phase in ("draw", "place") else 0
        if state.actions_left + spent > chosen.value:
            problems.append(f"actions_left: {state.actions_left} actions left" +
                            (" and 1 spent on the customer drawn" if spent else "") +
                            f", but the token played gives {chosen.value}")
    if (state.bobby is None) != (phase in ("queue", "bobby")):
        problems.append(f"bobby: placed before the first turn and only then (phase {phase}, bobby {state.bobby})")
    if (state.pending is not None) != (phase == "place"):
        problems.append("pending: a drawn customer waits exactly in the place phase")
    if phase in ("actions", "draw", "place") and state.token_slot is None:
        problems.append(f"token_slot: in the {phase} phase a token has been chosen")
    if state.token_slot is not None and not 0 <= state.token_slot < len(state.seats[state.active].tokens):
        problems.append(f"token_slot: {state.token_slot} is not a slot of the active player")
    if phase in ("queue", "bobby", "choose", "over") and (state.actions_left or state.token_slot is not None):
        problems.append(f"actions_left, token_slot: no actions are under way in the {phase} phase")
    if phase == "draw" and not sum(state.bag):
        problems.append("phase: draw, but the bag is empty")
    if phase == "queue" and not sum(state.bag):
        problems.append("phase: queue, but every customer is laid out")
    return list(dict.fromkeys(problems))  # each problem once


def _points_problems(state: State) -> list[str]:
    """Points the board cannot account for: lane points are at most what the scored lanes gave (stalls and
    customers never move; a position written by hand may leave scorings out, never add some); district points need a district token and are at most the stalls now around it times
    the token; the Lord scores only at the end, exactly the unscored lanes at his square; every toll received was
    paid by someone."""
    from .scoring import lord_scoring, stall_points

    problems: list[str] = []
    lanes = [0] * len(state.seats)
    for lane, done in zip(state.layout.lanes, state.scored):
        if done:
            times = scoring.lane_multiplier(state, lane) or 0
            for seat, pts in stall_points(state, lane).items():
                lanes[seat] += pts * times
    cap = [0] * len(state.seats)
    for district, mark in zip(state.layout.districts, state.district_tokens):
        if mark:
            cap[mark[0]] += scoring.district_stalls(state, district, mark[0]) * mark[1]
    lord = [0] * len(state.seats)
    if state.phase == "over":
        ended = lord_scoring(state.replace(seats=tuple(dataclasses.replace(s, lord=0) for s in state.seats)), [])
        lord = [s.lord for s in ended.seats]
    for k, seat in enumerate(state.seats):
        where = f"seats[{k}] ({seat.colour}).points"
        if seat.lanes > lanes[k]:
            problems.append(f"{where}.lanes: {seat.lanes}, but the scored lanes can have given at most {lanes[k]}")
        if seat.districts > cap[k]:
            problems.append(f"{where}.districts: {seat.districts}, but their district tokens can have scored at "
                            f"most {cap[k]}")
        if seat.lord != lord[k]:
            problems.append(f"{where}.lord: {seat.lord}, but the Lord's scoring " +
                            (f"gave {lord[k]}" if state.phase == "over" else "happens only at the end"))
    built = Counter(o for row in state.stalls for o in row if o is not None)
    for k, seat in enumerate(state.seats):
        if seat.tolls > 0 and not built[k]:
            problems.append(f"seats[{k}] ({seat.colour}).points.tolls: {seat.tolls} more received than paid, but "
                            "tolls go to the players with the most stalls on a lane and they have built none "
                            "(portobello.bobby.toll)")
    if sum(seat.tolls for seat in state.seats) > 0:
        problems.append("points.tolls: more tolls received than paid; every toll point received is paid by the "
                        "mover")
    return problems


# ---- the position file format (validated with pydantic) ---------------------------------------------------------
Colour = Literal["red", "yellow", "green", "blue"]
Count = pydantic.conint(ge=0)


class _TokenPos(StrictModel):
    value: pydantic.conint(ge=1, le=4)
    neutral: bool = False
    face_up: bool = True


class _PointsPos(StrictModel):
    lanes: Count = 0
    districts: Count = 0
    tolls: int = 0
    lord: Count = 0


class _SeatPos(StrictModel):
    colour: Colour
    stalls: Count
    tokens: list[_TokenPos] = pydantic.Field(max_length=3)
    points: _PointsPos = _PointsPos()


class _BagPos(StrictModel):
    servant: pydantic.conint(ge=0, le=BAG["servant"]) = 0
    citizen: pydantic.conint(ge=0, le=BAG["citizen"]) = 0


class _DistrictTokenPos(StrictModel):
    player: Colour
    value: Literal[2, 4]


class _OptionsPos(StrictModel):
    customer_queue: bool = False


class _Position(StrictModel):
    game: Literal["portobello"]
    version: Literal[VERSION] | None = None  # type: ignore[valid-type]
    players: Literal[PLAYER_COUNTS]  # type: ignore[valid-type]
    options: _OptionsPos = _OptionsPos()
    phase: Literal[PHASES]  # type: ignore[valid-type]
    active: Count = 0
    round: pydantic.conint(ge=0, le=10_000) = 0
    actions_left: pydantic.conint(ge=0, le=4) = 0
    token_slot: pydantic.conint(ge=0, le=2) | None = None
    pending: Literal["servant", "citizen"] | None = None
    ending: bool = False
    bobby: str | None = None
    seats: list[_SeatPos]
    lanes: dict[str, list[Colour | None]] = {}
    scored: list[str] = []
    squares: dict[str, Literal["servant", "citizen", "lord"]] = {}
    bag: _BagPos = _BagPos()
    queue: list[Literal["servant", "citizen"]] = []
    neutral: list[Literal[1, 2, 3]] = []
    district_tokens: dict[str, _DistrictTokenPos] = {}
    seed: int = 0
    draws: Count = 0
