"""Moving the bobby (seed p. 2-3): across one lane at a time, paying a toll per lane by the stall majority.

A move is one crossing (``bobby d2``); the bobby may move as often as the player likes during their turn, and
:func:`cheapest_route` finds the cheapest way to a distant district, crossing by crossing.
"""

from __future__ import annotations

import heapq
from collections.abc import Sequence
from typing import TYPE_CHECKING

from explorer.core import Event, IllegalAction

from .actions import MoveBobby, cached
from .components import START_PLAYER
from .events import BobbyMoved
from .rules import RULES

if TYPE_CHECKING:
    from .state import State


def toll(state: "State", lane: str, seat: int) -> tuple[int, tuple[int, ...]]:
    """What ``seat`` pays to move the bobby across ``lane`` (``portobello.bobby.toll``, seed p. 3):
    ``(points paid, seats receiving 1 point each)``.

    Nothing if ``seat`` alone has the most stalls on the lane; 1 point that no one receives (it is simply lost) if
    the lane has no stalls or ``seat`` shares the most; otherwise 1 point to each player with the most stalls.

    >>> from explorer.portobello import new_game
    >>> toll(new_game(players=2, seed=1), "c", 0)
    (1, ())

    Raises:
        KeyError: for an unknown lane.
    """
    counts = [0, 0, 0, 0]
    for owner in state.stalls[state.layout.lane[lane]]:
        if owner is not None:
            counts[owner] += 1
    most = max(counts)
    if not most:
        return 1, ()
    holders = tuple(s for s in range(4) if counts[s] == most)
    if holders == (seat,):
        return 0, ()
    if seat in holders:
        return 1, ()
    return len(holders), holders


def crossing(state: "State", destination: str) -> str | None:
    """The lane between the bobby's district and ``destination``, or ``None`` if they are not neighbours."""
    for district, lane in state.board.neighbours(state.bobby):
        if district == destination:
            return lane
    return None


def legal_moves(state: "State") -> list[MoveBobby]:
    """The neighbouring districts the active player can afford to move the bobby to."""
    seat = state.active
    score = state.seats[seat].score
    if score >= 4:  # no toll is more than 4 (one point to each of up to 4 players)
        return [cached(MoveBobby, d) for d, _ in state.board.neighbours(state.bobby)]
    return [cached(MoveBobby, d) for d, lane in state.board.neighbours(state.bobby) if toll(state, lane, seat)[0] <= score]


def why_not(state: "State", action: MoveBobby) -> IllegalAction:
    """The rule that forbids moving the bobby to ``action.district`` in the action phase."""
    def refuse(rule: str, reason: str) -> IllegalAction:
        return IllegalAction(RULES[rule], reason, action=action)

    dest = action.district
    if dest not in state.board.districts:
        return refuse("portobello.board.market", f"there is no district {dest} on this board")
    if dest == state.bobby:
        return refuse("portobello.bobby.move", f"the bobby already stands in {dest}")
    lane = crossing(state, dest)
    if lane is None:
        near = ", ".join(f"{d} (lane {lane_})" for d, lane_ in state.board.neighbours(state.bobby))
        return refuse("portobello.bobby.move",
                      f"{dest} is not next to {state.bobby}: the bobby crosses one lane at a time "
                      f"(neighbours: {near}); use several moves")
    paid, _ = toll(state, lane, state.active)
    return refuse("portobello.assume.toll-limit",
                  f"crossing lane {lane} costs {paid} point{'s' * (paid != 1)} and "
                  f"{state.name(state.active)} has only {state.seat.score}")


def apply(state: "State", action: MoveBobby) -> tuple["State", Sequence[Event]]:
    """Place the bobby at setup (``portobello.setup.bobby``), after which the start player takes the first turn
    (``portobello.setup.start-player``), or move it across one lane, paying the toll (``portobello.bobby.toll``)."""
    if state.phase == "bobby":
        from .events import BobbyPlaced

        # the first turn is the start player's, seat 0 (portobello.setup.start-player)
        return (state.replace(bobby=action.district, phase="choose", active=START_PLAYER, round=1),
                [BobbyPlaced(state.name(state.active), action.district, start=state.name(START_PLAYER))])
    lane = crossing(state, action.district)
    me = state.active
    paid, to = toll(state, lane, me)
    seats = list(state.seats)
    if paid:
        seats[me] = seats[me].but(tolls=-paid)
        for other in to:
            seats[other] = seats[other].but(tolls=1)
    empty = all(owner is None for owner in state.stalls[state.layout.lane[lane]])
    event = BobbyMoved(state.name(me), state.bobby, action.district, lane, paid, tuple(state.name(s) for s in to),
                       empty=empty)
    return state.replace(bobby=action.district, seats=tuple(seats)), [event]


def routes(state: "State", seat: int | None = None, *, budget: int | None = None) -> dict[str, tuple[int, list[str]]]:
    """Every district ``seat`` (default: the active player) can move the bobby to with their points: for each,
    the cheapest total toll and the districts entered in order (fewest crossings among equally cheap routes).
    Tolls are those of the current stalls; paying never changes who has the majority. ``budget`` replaces the
    player's score as the most they may pay (a large one prices routes they cannot afford).

    >>> from explorer.portobello import new_game
    >>> s = new_game(players=2, seed=1).apply("bobby d1").apply("act 2")
    >>> routes(s)["d1"], routes(s)["d7"]
    ((0, []), (2, ['d2', 'd7']))
    """
    me = state.active if seat is None else seat
    budget = state.seats[me].score if budget is None else budget
    start = state.bobby
    best: dict[str, tuple[int, int]] = {start: (0, 0)}
    done: dict[str, tuple[int, list[str]]] = {}
    heap: list[tuple[int, int, str, list[str]]] = [(0, 0, start, [])]
    while heap:
        cost, hops, here, path = heapq.heappop(heap)
        if here in done:
            continue
        done[here] = (cost, path)
        for there, lane in state.board.neighbours(here):
            step = cost + toll(state, lane, me)[0]
            if step > budget or there in done:
                continue
            key = (step, hops + 1)
            if there not in best or key < best[there]:
                best[there] = key
                heapq.heappush(heap, (step, hops + 1, there, path + [there]))
    return done


def cheapest_route(state: "State", destination: str, seat: int | None = None) -> tuple[list[str], int] | None:
    """The cheapest way for ``seat`` (default: the active player) to move the bobby to ``destination``: the
    districts entered in order and the points paid in all (see :func:`routes`). ``([], 0)`` if the bobby is
    already there, ``None`` if no route is affordable with the player's score.

    >>> from explorer.portobello import new_game
    >>> s = new_game(players=2, seed=1).apply("bobby d1").apply("act 2")
    >>> cheapest_route(s, "d7")
    (['d2', 'd7'], 2)

    Raises:
        KeyError: for an unknown district.
    """
    if destination not in state.board.districts:
        raise KeyError(f"no district {destination!r} on this board")
    found = routes(state, seat).get(destination)
    return None if found is None else (found[1], found[0])


def route_refusal(state: "State", destination: str) -> IllegalAction | None:
    """Why the active player cannot move the bobby to the far district ``destination`` (not a neighbour) in the
    action phase, crossing by crossing: the cheapest way there (fewest crossings among equally cheap ones) and
    the first crossing whose toll their points no longer cover (``portobello.assume.toll-limit``). ``None`` if
    some route is affordable, or ``destination`` is unknown, the bobby's district or a neighbour (a single
    ``bobby`` move, which :func:`why_not` explains), or it is not the action phase.

    >>> from explorer.portobello import new_game
    >>> s = new_game(players=2, seed=1).apply("bobby d1").apply("act 2")
    >>> s = s.replace(seats=(s.seats[0].but(tolls=-9), s.seats[1]))  # red down to 1 point
    >>> print(route_refusal(s, "d7").reason)
    red has only 1 point: the cheapest way to d7 crosses lane c into d2 (toll 1), then lane d into d7 (toll 1), \
2 points in all, so the toll of lane d cannot be paid
    """
    if (state.phase != "actions" or state.bobby is None or destination not in state.board.districts
            or destination == state.bobby or crossing(state, destination) is not None):
        return None
    me = state.active
    score = state.seats[me].score
    if destination in routes(state, me):
        return None
    priced = routes(state, me, budget=10 ** 9).get(destination)
    if priced is None:
        return None
    total, path = priced
    here, spent, parts, stuck = state.bobby, 0, [], None
    for there in path:
        lane = next(l for d, l in state.board.neighbours(here) if d == there)
        paid = toll(state, lane, me)[0]
        parts.append(f"lane {lane} into {there} (toll {paid})")
        spent += paid
        if stuck is None and spent > score:
            stuck = lane
        here = there
    way = parts[0] if len(parts) == 1 else ", then ".join(parts)
    return IllegalAction(RULES["portobello.assume.toll-limit"],
                         f"{state.name(me)} has only {score} point{'s' * (score != 1)}: the cheapest way to "
                         f"{destination} crosses {way}, {total} point{'s' * (total != 1)} in all, so the toll of "
                         f"lane {stuck} cannot be paid", action=MoveBobby(destination))
