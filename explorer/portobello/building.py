"""Building stalls (seed p. 2): only around the bobby, the first at an end, the rest continuing the row."""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING

from explorer.core import Event, Note

from .actions import Build, cached
from .events import StallBuilt
from .rules import RULES
from .scoring import score_lane_if_ready

if TYPE_CHECKING:
    from .state import State


def next_spaces(row: Sequence[int | None]) -> tuple[int, ...]:
    """Where the next stall of a lane with owners ``row`` may go (rules ``portobello.build.first-at-end``,
    ``portobello.build.contiguous``): both ends of an empty lane, the space after the row, or nothing.

    >>> next_spaces([None, None, None]), next_spaces([0, None, None]), next_spaces([None, 1, 0]), next_spaces([0, 1])
    ((0, 2), (1,), (0,), ())
    """
    n = len(row)
    if row[0] is None:
        if row[-1] is None:
            return (0, n - 1) if n > 1 else (0,)
        k = n - 1
        while row[k] is not None:
            k -= 1
        return (k,)
    if row[-1] is not None:
        # full, unless the row grew from the far end and met... it cannot: rows are contiguous from one end
        return () if None not in row else (row.index(None),)
    return (row.index(None),)


def is_row(row: Sequence[int | None]) -> bool:
    """True if the built spaces of ``row`` form one block touching an end (how stalls are built).

    >>> is_row([0, 1, None]), is_row([None, None, 2]), is_row([0, None, 1])
    (True, True, False)
    """
    built = [k for k, o in enumerate(row) if o is not None]
    if not built:
        return True
    contiguous = built == list(range(built[0], built[-1] + 1))
    return contiguous and (built[0] == 0 or built[-1] == len(row) - 1)


def can_build(state: "State") -> bool:
    """True if the active player has an action and a stall left (the lanes are checked by :func:`legal_builds`)."""
    return state.actions_left > 0 and state.seats[state.active].stalls > 0


def legal_builds(state: "State") -> list[Build]:
    """The stalls the active player may build now, lane by lane around the bobby (``portobello.build.*``)."""
    if not can_build(state):
        return []
    lay = state.layout
    out = []
    for lane in state.board.districts[state.bobby].lanes:
        for k in next_spaces(state.stalls[lay.lane[lane]]):
            out.append(cached(Build, lane, k))
    return out


def can_still_build(state: "State", seat: int) -> bool:
    """True if ``seat`` could still build a stall on some turn: they have stalls left and a lane with a free space
    bounds a district they can move the bobby to with their points (``portobello.assume.no-stall-possible``)."""
    from .bobby import routes

    if state.seats[seat].stalls == 0:
        return False
    lay = state.layout
    open_lanes = {lane for lane, row in zip(lay.lanes, state.stalls) if None in row}
    if not open_lanes:
        return False
    districts = state.board.districts
    if open_lanes.intersection(districts[state.bobby].lanes):  # room where the bobby stands: no need to move
        return True
    return any(open_lanes.intersection(districts[d].lanes) for d in routes(state, seat))


def why_not(state: "State", action: Build):
    """The building rule that forbids ``action`` (the turn-level checks are made by the caller)."""
    from explorer.core import IllegalAction

    def refuse(rule: str, reason: str, notation: str | None = None) -> IllegalAction:
        return IllegalAction(RULES[rule], reason, action=action, notation=notation)

    lay = state.layout
    if action.lane not in lay.lane:
        return refuse("portobello.board.market", f"there is no lane {action.lane} on this board")
    if state.seats[state.active].stalls == 0:
        return refuse("portobello.build.supply", f"{state.name(state.active)} has built all their stalls")
    around = state.board.districts[state.bobby].lanes
    if action.lane not in around:
        return refuse("portobello.build.bobby-district",
                      f"lane {action.lane} does not bound {state.bobby}, where the bobby stands; stalls go on "
                      f"lanes {', '.join(around)} (or move the bobby first)")
    lane = state.board.lanes[action.lane]
    row = state.stalls[lay.lane[action.lane]]
    if not 0 <= action.index < len(row):
        return refuse("portobello.board.market",
                      f"lane {action.lane} has only {len(row)} stall spaces, between {lane.ends[0]} and "
                      f"{lane.ends[1]}", notation=f"build {action.lane} <0-{len(row) - 1}>")
    if None not in row:
        return refuse("portobello.build.lane-full", f"lane {action.lane} is full")
    allowed = next_spaces(row)
    hint = " or ".join(f"build {action.lane} {k}" for k in allowed)
    if all(o is None for o in row):
        return refuse("portobello.build.first-at-end",
                      f"lane {action.lane} is empty: its first stall goes at either end, "
                      f"{' or '.join(lane.space_words(k) for k in allowed)}", notation=hint)
    state_of = "taken" if row[action.index] is not None else "not next to the stalls already there"
    return refuse("portobello.build.contiguous",
                  f"on lane {action.lane}, {lane.space_words(action.index)} is {state_of}; the next stall goes "
                  f"on {lane.space_words(allowed[0])}", notation=hint)


def build(state: "State", action: Build) -> tuple["State", Sequence[Event]]:
    """Build the active player's stall on ``action.lane``, space ``action.index`` (already known legal); a lane
    that becomes full with customers at both ends scores at once (``portobello.score.lane``), and the last stall
    of a player triggers the end (``portobello.end.last-stall``)."""
    seat_n = state.active
    lay = state.layout
    k = lay.lane[action.lane]
    row = list(state.stalls[k])
    first = all(o is None for o in row)
    row[action.index] = seat_n
    stalls = list(state.stalls)
    stalls[k] = tuple(row)
    seat = state.seats[seat_n]
    left = seat.stalls - 1
    seats = list(state.seats)
    seats[seat_n] = seat.but(stalls=left)
    state = state.replace(seats=tuple(seats), stalls=tuple(stalls), actions_left=state.actions_left - 1)
    lane = state.board.lanes[action.lane]
    events: list[Event] = [StallBuilt(seat.colour, action.lane, action.index, lane.values[action.index], left,
                                      first, lane.space_words(action.index, value=False))]
    state = score_lane_if_ready(state, action.lane, events)
    if not state.ending:
        if left == 0:
            events.append(Note(RULES["portobello.end.last-stall"],
                               f"{seat.colour} has built their last stall: this round is the last"))
            state = state.replace(ending=True)
    return state, events
