"""Scoring (seed p. 8, 10-11; DECISIONS London 8): the breakdown per player and the tie-breaks."""

from __future__ import annotations

from typing import TYPE_CHECKING

from explorer.core import ScoreBreakdown

from .components import COLOURS, HERO_POINTS, POINTS_PER_LOST_HOUSE, START_SCORE

if TYPE_CHECKING:
    from .state import State

CATEGORIES = ("track", "houses lost", "cones put out", "objectives", "1 VP tokens", "Hero of London")
"""The scoring categories, in rulebook order."""


def objective_survives(state: "State", district: str) -> bool:
    """An objective district survives if it still has houses and no uncovered fire (``london.score.objectives``)."""
    k = state.i(district)
    return bool(state.houses[k]) and state.fire[k] <= state.bands[k]


def houses_lost(state: "State", seat: int) -> int:
    """Houses of the seat's colour burned or demolished (0 before colours are dealt)."""
    colour = state.seats[seat].colour
    return state.tracks[COLOURS.index(colour)] if colour else 0


def breakdown(state: "State", seat: int) -> ScoreBreakdown:
    """One player's score by category, in rulebook order.

    The track's 40 less 2 per house of the player's colour burned or demolished (``london.score.houses``), 1 per
    cone put out (``london.score.extinguished``), the objectives whose district survived
    (``london.score.objectives``), 1 per one-point token (``london.score.tokens``) and 2 for the holder of the
    Hero of London card (``london.score.hero``).

    >>> from explorer.london1666 import new_game
    >>> new_game(players=4, seed=3).scores()["red"].total >= 40
    True
    """
    s = state.seats[seat]
    board = state.board
    objectives = sum(board.districts[d].objective for d in s.objectives if objective_survives(state, d))
    return ScoreBreakdown([
        ("track", START_SCORE),
        ("houses lost", -POINTS_PER_LOST_HOUSE * houses_lost(state, seat)),
        ("cones put out", s.extinguished),
        ("objectives", objectives),
        ("1 VP tokens", s.tokens.count("vp")),
        ("Hero of London", HERO_POINTS if state.hero == seat else 0),
    ])


def scores(state: "State") -> dict[str, ScoreBreakdown]:
    """Every player's breakdown, keyed by player name."""
    return {state.name(seat): breakdown(state, seat) for seat in range(len(state.seats))}


def intact_houses(state: "State", seat: int) -> int:
    """Houses of the seat's colour still on the map."""
    colour = state.seats[seat].colour
    return sum(h.count(colour) for h in state.houses) if colour else 0


def ranking_key(state: "State", seat: int) -> tuple[int, int, int, int]:
    """Points, then cones put out, then houses left on the map, then objective points (``london.score.tie-break``)."""
    b = breakdown(state, seat)
    return (b.total, b["cones put out"], intact_houses(state, seat), b["objectives"])


def winners(state: "State") -> list[str]:
    """The player(s) ranked first; several when every tie-break is equal."""
    keys = {seat: ranking_key(state, seat) for seat in range(len(state.seats))}
    best = max(keys.values())
    return [state.name(seat) for seat, key in keys.items() if key == best]
