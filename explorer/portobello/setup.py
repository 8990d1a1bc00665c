"""Setting up a game (seed p. 1-2): stalls, tokens, the neutral stack, scores, the bag and the bobby.

Chance in setup happens only in the customer-queue variant (laying the queue out); the bobby's first district is
chosen by the start player's right-hand neighbour, the player who plays last.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING

from explorer.core import Event, Rng, new_seed

from .actions import Queued
from .board import Board
from .components import ACTION_TOKENS, BAG, CITIZEN, COLOURS, NEUTRAL_STACK, PLAYER_COUNTS, SERVANT, STALLS_PER_PLAYER
from .events import CustomerQueued

if TYPE_CHECKING:
    from .state import Seat, State


def new_game(players: int = 3, seed: int | None = None, *, customer_queue: bool = False,
             board: Board | None = None) -> "State":
    """A new game, set up by the rules (``portobello.setup.*``), with any chance step drawn from ``seed``.

    Seat 0 is the start player; the returned state waits for the last seat, the start player's right-hand
    neighbour, to put the bobby in a district (``portobello.setup.bobby``).

    >>> s = new_game(players=3, seed=1)
    >>> s.players, s.phase, s.current_player, s.seats[0].stalls, s.neutral
    (('red', 'yellow', 'green'), 'bobby', 2, 20, (3, 3, 2, 2, 1, 1, 1, 1))

    Args:
        players: 2 to 4 (colours red, yellow, then green, then blue).
        seed: the random seed (a fresh one is drawn and kept if ``None``).
        customer_queue: the variant with a visible customer queue (``portobello.option.customer-queue``).
        board: a board of your own (default: the shipped reconstruction).

    Raises:
        ValueError: for a player count outside 2-4 or a bad option value.
    """
    return initial_state(players, new_seed() if seed is None else seed, customer_queue=customer_queue,
                         board=board).resolve_chance()


def initial_state(players: int, seed: int, *, customer_queue: bool = False, board: Board | None = None) -> "State":
    """The game as :func:`new_game` sets it up, before any chance step: in the customer-queue variant the queue is
    still to be laid out (the chance steps that game-playing libraries draw themselves, :mod:`.encoding`).

    Raises:
        ValueError: for a player count outside 2-4 or a bad option value.
    """
    from .state import Options, State, layout

    if isinstance(players, bool) or not isinstance(players, int) or players not in PLAYER_COUNTS:
        raise ValueError(f"players must be 2, 3 or 4, got {players!r}")
    options = Options(customer_queue)
    if board is not None and not isinstance(board, Board):
        raise ValueError(f"board must be a Board (see Board.from_file), got {type(board).__name__}")
    board = board or Board.default()
    lay = layout(board)
    state = State(board=board, options=options, seats=seats(players), phase="queue" if customer_queue else "bobby",
                  active=bobby_placer(players), stalls=tuple((None,) * board.lanes[x].spaces for x in lay.lanes),
                  squares=(None,) * len(lay.squares), bag=fill_bag(), queue=(), bobby=None,
                  district_tokens=(None,) * len(lay.districts), neutral=neutral_stack(),
                  scored=(False,) * len(lay.lanes), rng=Rng(seed))
    return state


def seats(players: int) -> tuple["Seat", ...]:
    """Each player's shop, seat 0 first: their stalls, their three tokens face up and their score marker.

    Stalls by player count (``portobello.setup.stalls``, seed p. 1): 30 red and 30 yellow with 2 players, 20
    each of red, yellow and green with 3, 16 of each colour with 4. Each player's own action tokens 2, 3 and 4
    go face up under their awning (``portobello.setup.action-tokens``). Every score marker starts on 10
    (``portobello.setup.scores``): a seat holds the points won since, by category, all 0.

    >>> [(s.colour, s.stalls, [str(t) for t in s.tokens], s.score) for s in seats(2)]
    [('red', 30, ['2', '3', '4'], 10), ('yellow', 30, ['2', '3', '4'], 10)]

    Raises:
        KeyError: for a player count outside 2-4.
    """
    from .state import Seat, Token

    hand = tuple(Token(value, neutral=False, face_up=True) for value in ACTION_TOKENS)
    return tuple(Seat(colour, STALLS_PER_PLAYER[players], hand) for colour in COLOURS[:players])


def neutral_stack() -> tuple[int, ...]:
    """The eight neutral tokens stacked face up beside the board, top first: 3, 3, 2, 2, 1, 1, 1, 1
    (``portobello.setup.neutral-stack``, seed p. 1).

    >>> neutral_stack()
    (3, 3, 2, 2, 1, 1, 1, 1)
    """
    return NEUTRAL_STACK


def fill_bag() -> tuple[int, int]:
    """Servants and citizens put in the bag: 5 of each; the Lord waits beside the board
    (``portobello.setup.bag``, seed p. 1).

    >>> fill_bag()
    (5, 5)
    """
    return BAG[SERVANT], BAG[CITIZEN]


def bobby_placer(players: int) -> int:
    """Who acts first: seat 0 is the start player and play goes clockwise (``portobello.setup.start-player``,
    seed p. 2), so the start player's right-hand neighbour, the last seat, puts the bobby in a district before
    the first turn (``portobello.setup.bobby``).

    >>> bobby_placer(3)
    2
    """
    return players - 1


def apply(state: "State", action: Queued) -> tuple["State", Sequence[Event]]:
    """Lay the next customer out in the variant's queue (``portobello.option.customer-queue``, seed p. 4)."""
    servants, citizens = state.bag
    bag = (servants - 1, citizens) if action.kind == SERVANT else (servants, citizens - 1)
    queue = (*state.queue, action.kind)
    phase = "queue" if sum(bag) else "bobby"
    return (state.replace(bag=bag, queue=queue, phase=phase),
            [CustomerQueued(action.kind, len(queue))])
