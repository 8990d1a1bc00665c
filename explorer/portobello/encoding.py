"""Portobello Market in numbers, for game-playing libraries (the shared shape: :mod:`explorer.core.encoding`).

**Actions.** Every action the board allows, numbered in this order: the bobby into each district (board order),
taking the turn with each own token 1-4 then each neutral token 1-4, scoring each district with each own token
1-4, building on each lane's spaces (lane by lane, space 0 first), drawing a customer, placing it on each square,
the Lord, ending the turn. Chance outcomes: a servant or a citizen drawn from the bag, then (customer-queue
variant) one laid out in the queue.

**Observation.** The game has perfect information (the bag's order is chance, drawn only when a customer comes
out), so every player sees the whole position: a piece per part of it, counts scaled to about 0-1. The
information state is the history, every action being public.

**Length.** No rule bounds a game: moving the bobby is free and unlimited while the lanes crossed are the
mover's own (``portobello.bobby.move``, ``portobello.bobby.toll``), so a player may walk it back and forth for
ever. Through the adapters a game is cut after :data:`MAX_STEPS` steps, 3 times the longest of 600 random games
(344), and ranked as it stands; the engine itself never stops a game early.
"""

from __future__ import annotations

import functools
from typing import Any

from explorer.core.encoding import ActionIndex, Filler, Piece, public_position, public_step

from .actions import (Build, ChooseToken, DrawCustomer, Drawn, EndTurn, MoveBobby, PlaceCustomer, PlaceLord,
                      Queued, ScoreDistrict)
from .board import Board
from .components import COLOURS, CUSTOMERS, NEUTRAL_STACK, PLAYER_COUNTS
from .state import PHASES, State, layout

__all__ = ["PLAYERS", "PARAMETERS", "MAX_STEPS", "params_of", "start", "numbering", "pieces", "observe", "observation_string",
           "seen"]

PLAYERS = (2, 4)
"""The fewest and the most players."""
PARAMETERS: dict[str, Any] = {"players": 3, "customer_queue": False}
"""The options, with their defaults: 2-4 players, the customer-queue variant (``portobello.option.customer-queue``)."""
MAX_STEPS = 1032
"""The most steps (actions and chance outcomes) a game is played for through the adapters."""
_TOKEN_VALUES = (1, 2, 3, 4)
_QUEUE = 10
"""The most customers waiting in the variant's queue (5 servants and 5 citizens)."""


def _options(params: dict[str, Any]) -> tuple[int, bool]:
    """``players`` and ``customer_queue`` from ``params``, checked.

    Raises:
        ValueError: for a player count outside 2-4 or a variant flag that is not true or false.
    """
    players, queue = params.get("players", 3), params.get("customer_queue", False)
    if isinstance(players, bool) or players not in PLAYER_COUNTS:
        raise ValueError(f"Portobello Market is for 2-4 players, got players={players!r}")
    if not isinstance(queue, bool):
        raise ValueError(f"customer_queue is true or false, got {queue!r}")
    return players, queue


def params_of(state: State) -> dict[str, Any]:
    """The parameters (:data:`PARAMETERS`) of the game ``state`` is a position of: the inverse of :func:`start`,
    for a tool that meets a position rather than a game string (the coach).

    Raises:
        ValueError: for a position on a board other than the shipped one (the numbering covers that board only).
    """
    if state.board != Board.default():
        raise ValueError("only positions on the shipped Portobello board can be numbered (a built board cannot)")
    return {"players": len(state.seats), "customer_queue": state.options.customer_queue}


def start(params: dict[str, Any]) -> State:
    """The game before its first chance step (``portobello.setup.*``); in the customer-queue variant the queue is
    then laid out by chance nodes."""
    from .setup import initial_state

    players, queue = _options(params)
    return initial_state(players, 0, customer_queue=queue)


@functools.cache
def _numbering(board: Board) -> ActionIndex:
    lay = layout(board)
    actions: list[Any] = [MoveBobby(d) for d in lay.districts]
    actions += [ChooseToken(v) for v in _TOKEN_VALUES] + [ChooseToken(v, True) for v in _TOKEN_VALUES]
    actions += [ScoreDistrict(d, v) for d in lay.districts for v in _TOKEN_VALUES]
    actions += [Build(lane, i) for lane in lay.lanes for i in range(board.lanes[lane].spaces)]
    actions += [DrawCustomer()] + [PlaceCustomer(s) for s in lay.squares] + [PlaceLord(), EndTurn()]
    outcomes = [Drawn(kind) for kind in CUSTOMERS] + [Queued(kind) for kind in CUSTOMERS]
    return ActionIndex(actions, outcomes)


def numbering(params: dict[str, Any]) -> ActionIndex:
    """Every action and chance outcome of the shipped board, numbered (see the module docstring)."""
    _options(params)
    return _numbering(Board.default())


@functools.cache
def _pieces(board: Board, players: int) -> tuple[Piece, ...]:
    lay = layout(board)
    spaces = max(board.lanes[lane].spaces for lane in lay.lanes)
    return (Piece("observer", (players,)), Piece("to_act", (players,)), Piece("phase", (len(PHASES),)),
            Piece("stalls", (len(lay.lanes), spaces, players)), Piece("scored", (len(lay.lanes),)),
            Piece("squares", (len(lay.squares), 3)), Piece("bobby", (len(lay.districts),)),
            Piece("district_tokens", (len(lay.districts), players)),
            Piece("tokens", (players, 3, 2)), Piece("neutral", (len(NEUTRAL_STACK),)),
            Piece("scores", (players,)), Piece("stalls_left", (players,)), Piece("bag", (len(CUSTOMERS),)),
            Piece("queue", (_QUEUE, len(CUSTOMERS))), Piece("drawn", (len(CUSTOMERS),)),
            Piece("turn", (3,)))


def pieces(params: dict[str, Any]) -> tuple[Piece, ...]:
    """The observation tensor's pieces, in order:

    ``observer`` and ``to_act`` (one-hot seats), ``phase`` (one-hot, :data:`~explorer.portobello.state.PHASES`),
    ``stalls`` (lane, space, owner: one-hot), ``scored`` lanes, ``squares`` (servant, citizen, Lord), ``bobby``
    (its district), ``district_tokens`` (the scoring token's value / 4 under its owner), ``tokens`` (seat, slot:
    value / 4 and face up), ``neutral`` (the stack top first, value / 3), ``scores`` (/ 100), ``stalls_left``
    (/ 30), ``bag`` (/ 5), ``queue`` (position, kind), ``drawn`` (the customer waiting to be placed), ``turn``
    (actions left / 4, the last round under way, round / 20)."""
    players, _ = _options(params)
    return _pieces(Board.default(), players)


def observe(state: State, player: int, out: list[float]) -> None:
    """Fill ``out`` (zeros, the size of :func:`pieces`) with the position as ``player`` sees it: all of it."""
    lay = state.layout
    fill = Filler(_pieces(state.board, len(state.seats)), out)
    fill.hot("observer", player)
    fill.hot("to_act", state.current_player)
    fill.hot("phase", PHASES.index(state.phase))
    for lane, owners in enumerate(state.stalls):
        for space, owner in enumerate(owners):
            fill.hot("stalls", lane, space, owner)
    fill.row("scored", map(float, state.scored))
    kinds = (*CUSTOMERS, "lord")
    for square, customer in enumerate(state.squares):
        fill.hot("squares", square, None if customer is None else kinds.index(customer))
    fill.hot("bobby", None if state.bobby is None else lay.district[state.bobby])
    for district, token in enumerate(state.district_tokens):
        if token is not None:
            fill.put("district_tokens", token[1] / 4, district, token[0])
    for k, seat in enumerate(state.seats):
        for slot, token in enumerate(seat.tokens[:3]):
            fill.row("tokens", (token.value / 4, float(token.face_up)), k, slot)
    fill.row("neutral", (value / 3 for value in state.neutral))
    fill.row("scores", (seat.score / 100 for seat in state.seats))
    fill.row("stalls_left", (seat.stalls / 30 for seat in state.seats))
    fill.row("bag", (n / 5 for n in state.bag))
    for j, kind in enumerate(state.queue[:_QUEUE]):
        fill.hot("queue", j, CUSTOMERS.index(kind))
    fill.hot("drawn", None if state.pending is None else CUSTOMERS.index(state.pending))
    fill.row("turn", (state.actions_left / 4, float(state.ending), state.round / 20))


def observation_string(state: State, player: int) -> str:
    """The position as ``player`` sees it: all of it but the random stream
    (:func:`~explorer.core.encoding.public_position`)."""
    return public_position(state, COLOURS[player])


seen = public_step
"""What a player learns of a step: all of it, the notation (:func:`~explorer.core.encoding.public_step`)."""
