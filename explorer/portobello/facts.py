"""Portobello Market's words for lessons: facts about a position (outcome tests) and selectors (find-all answers).

Facts read the state only; every rule stays in the engine. A lesson writes ``{"fact": "lane-scored", "lane":
"c"}``; a find-all step ``{"name": "build-spaces"}``.

>>> from explorer.portobello import position
>>> from explorer.lessons.facts import Context
>>> s = position(3, lanes={"c": "RRY."}, squares={"s9": "servant", "s10": "citizen"}, bobby="d1", token=2)
>>> after = s.apply("build c 3")
>>> lane_scored(Context(after, s, ("build c 3",), after.events), "c"), sorted(build_spaces(s))[:3]
(True, ['a:0', 'a:3', 'b:0'])
"""

from __future__ import annotations

from typing import Any

from explorer.lessons.facts import Context, seat_index

__all__ = ["FACTS", "SELECTORS", "lane_scored", "bobby_in", "stalls_on", "customer_on", "district_scored",
           "tokens_up", "build_spaces"]


def lane_scored(ctx: Context, lane: str) -> bool:
    """Lane ``lane`` has scored (full, with customers on both end squares; ``portobello.score.lane``)."""
    return ctx.state.is_scored(lane)


def bobby_in(ctx: Context, district: str) -> bool:
    """The bobby stands in ``district`` (``portobello.bobby.move``)."""
    return ctx.state.bobby == district


def stalls_on(ctx: Context, player: str | int, lane: str, at_least: int = 1) -> bool:
    """``player`` has at least ``at_least`` stalls on lane ``lane`` (``portobello.build.*``)."""
    seat = seat_index(ctx.state, player)
    return ctx.state.stalls_on(lane).count(seat) >= at_least


def customer_on(ctx: Context, square: str, kind: str | None = None) -> bool:
    """A customer (of ``kind`` servant / citizen / lord, if given) stands on ``square``
    (``portobello.customer.place``, ``portobello.lord.place``)."""
    here = ctx.state.customer_at(square)
    return here is not None and (kind is None or here == kind)


def district_scored(ctx: Context, district: str, player: str | int | None = None) -> bool:
    """A token lies on ``district`` (laid by ``player``, if given; ``portobello.score.district``)."""
    token = ctx.state.district_token(district)
    if token is None:
        return False
    return player is None or token[0] == seat_index(ctx.state, player)


def tokens_up(ctx: Context, player: str | int, count: int) -> bool:
    """Exactly ``count`` of ``player``'s action tokens lie face up (``portobello.turn.flip``)."""
    seat = ctx.state.seats[seat_index(ctx.state, player)]
    return sum(1 for token in seat.tokens if token.face_up) == count


FACTS = {"lane-scored": lane_scored, "bobby-in": bobby_in, "stalls-on": stalls_on, "customer-on": customer_on,
         "district-scored": district_scored, "tokens-up": tokens_up}
"""Portobello's facts, by the name lessons use."""


def build_spaces(state: Any, lane: str | None = None) -> set[str]:
    """Every stall space the player to act may build on now, as ``"lane:space"`` (space 0 next to the lane's
    ``from`` square), from the engine's legal ``build`` actions (``portobello.build.*``); only lane ``lane`` if
    given."""
    out = set()
    for action in state.legal_actions():
        if type(action).__name__ == "Build" and (lane is None or action.lane == lane):
            out.add(f"{action.lane}:{action.index}")
    return out


SELECTORS = {"build-spaces": build_spaces}
"""Portobello's find-all selectors, by the name lessons use."""
