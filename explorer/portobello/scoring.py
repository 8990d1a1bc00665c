"""Scoring (seed p. 2-4): lanes when full and served, districts with a 2 or 4 token, the Lord's scoring at the
end, the breakdown per player and the winners."""

from __future__ import annotations

from collections.abc import MutableSequence
from typing import TYPE_CHECKING

from explorer.core import Event, ScoreBreakdown

from .components import LORD, START_SCORE, multiplier
from .events import LaneScored, LordScored

if TYPE_CHECKING:
    from .state import State

CATEGORIES = ("start", "lanes", "districts", "bobby tolls", "Lord")
"""The scoring categories: the starting 10, lane scorings, district scorings, tolls received minus paid, the
Lord's scoring."""


def stall_points(state: "State", lane: str) -> dict[int, int]:
    """Per seat with stalls on ``lane``, the sum of the values printed under their stalls (before the
    multiplier), in seat order.

    >>> from explorer.portobello import new_game
    >>> stall_points(new_game(players=2, seed=1), "k")
    {}
    """
    values = state.board.lanes[lane].values
    points: dict[int, int] = {}
    for owner, value in zip(state.stalls_on(lane), values):
        if owner is not None:
            points[owner] = points.get(owner, 0) + value
    return dict(sorted(points.items()))


def scored_lane_points(data: dict, board=None) -> dict[str, int]:
    """For writing positions by hand: the lane points each colour must hold, given the ``lanes``, ``squares`` and
    ``scored`` fields of a position in the :meth:`State.to_dict` format (``State.from_dict`` checks them, since
    stalls and customers never move: ``portobello.score.lane``).

    >>> scored_lane_points({"lanes": {"i": ["red", "red", "yellow"]}, "squares": {"s3": "servant", "s4": "citizen"},
    ...                     "scored": ["i"]})
    {'red': 6, 'yellow': 4}

    Raises:
        KeyError: for a lane or square the board does not have.
    """
    from .board import Board

    board = board or Board.default()
    squares = data.get("squares", {})
    out: dict[str, int] = {}
    for lane in data.get("scored", []):
        info = board.lanes[lane]
        a, b = (squares.get(sq) for sq in info.ends)
        if a is None or b is None:
            continue
        times = multiplier(a, b)
        for owner, value in zip(data.get("lanes", {}).get(lane, []), info.values):
            if owner is not None:
                out[owner] = out.get(owner, 0) + value * times
    return out


def lane_multiplier(state: "State", lane: str) -> int | None:
    """The multiplier the customers at ``lane``'s ends give (``portobello.score.multiplier``), or ``None`` while
    an end square is empty."""
    a, b = (state.customer_at(sq) for sq in state.board.lanes[lane].ends)
    if a is None or b is None:
        return None
    return multiplier(a, b)


def is_ready(state: "State", lane: str) -> bool:
    """True if ``lane`` is full and both its end squares hold a customer (``portobello.score.lane``)."""
    return state.is_full(lane) and lane_multiplier(state, lane) is not None


def lane_score(state: "State", lane: str) -> dict[int, int]:
    """What ``lane`` scores per seat if it scored now: stall points times the multiplier (0 without one)."""
    times = lane_multiplier(state, lane) or 0
    return {seat: pts * times for seat, pts in stall_points(state, lane).items()}


def score_lane_if_ready(state: "State", lane: str, events: MutableSequence[Event]) -> "State":
    """Score ``lane`` now if it is full, served at both ends and not yet scored (``portobello.score.lane``,
    seed p. 3): each owner gets the points under their stalls times the multiplier. Appends a
    :class:`LaneScored` event and returns the new state (``state`` itself if nothing scores)."""
    k = state.layout.lane[lane]
    if state.scored[k] or None in state.stalls[k]:
        return state
    times = lane_multiplier(state, lane)
    if times is None:
        return state
    got = {seat: pts * times for seat, pts in stall_points(state, lane).items()}
    seats = list(state.seats)
    for seat, pts in got.items():
        seats[seat] = seats[seat].but(lanes=pts)
    scored = list(state.scored)
    scored[k] = True
    ends = tuple(state.customer_at(sq) or "" for sq in state.board.lanes[lane].ends)
    events.append(LaneScored(lane, ends, times, tuple((state.name(s), p) for s, p in got.items())))
    return state.replace(seats=tuple(seats), scored=tuple(scored))


def score_lanes_at(state: "State", square: str, events: MutableSequence[Event]) -> "State":
    """Score every lane ending at ``square`` that a new customer there made ready."""
    for lane in state.board.lanes_at(square):
        state = score_lane_if_ready(state, lane, events)
    return state


def lord_scoring(state: "State", events: MutableSequence[Event]) -> "State":
    """The Lord's scoring at the end (``portobello.end.lord-scoring``, seed p. 4): every unscored lane leading
    from the Lord's square scores its stalls as if it were full, with the Lord and the customer at the other end
    setting the multiplier. Nothing happens if the Lord is not on the board."""
    square = state.lord_square
    if square is None:
        return state
    seats = list(state.seats)
    for lane in state.board.lanes_at(square):
        if state.is_scored(lane):
            continue
        other = state.customer_at(state.board.lanes[lane].other_end(square))
        if other is None or other == LORD:
            continue
        times = multiplier(LORD, other)
        got = {seat: pts * times for seat, pts in stall_points(state, lane).items()}
        if not got:
            continue
        for seat, pts in got.items():
            seats[seat] = seats[seat].but(lord=pts)
        events.append(LordScored(lane, times, tuple((state.name(s), p) for s, p in got.items())))
    return state.replace(seats=tuple(seats))


def district_stalls(state: "State", district: str, seat: int) -> int:
    """How many stalls ``seat`` has on the three lanes of ``district`` (``portobello.score.district``)."""
    lay = state.layout
    return sum(state.stalls[lay.lane[lane]].count(seat) for lane in state.board.districts[district].lanes)


def breakdown(state: "State", seat: int) -> ScoreBreakdown:
    """One player's score by category (:data:`CATEGORIES`).

    >>> from explorer.portobello import new_game
    >>> new_game(players=2, seed=1).scores()["red"].total
    10
    """
    s = state.seats[seat]
    return ScoreBreakdown([("start", START_SCORE), ("lanes", s.lanes), ("districts", s.districts),
                           ("bobby tolls", s.tolls), ("Lord", s.lord)])


def scores(state: "State") -> dict[str, ScoreBreakdown]:
    """Every player's breakdown, keyed by colour."""
    return {state.name(seat): breakdown(state, seat) for seat in range(len(state.seats))}


def winners(state: "State") -> list[str]:
    """The players with the most points; all of them win on a tie (``portobello.end.winner``)."""
    best = max(seat.score for seat in state.seats)
    return [seat.colour for seat in state.seats if seat.score == best]
