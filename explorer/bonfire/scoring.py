"""Final scoring (seed "Pontuação final") and the winner.

:func:`scores` gives each player's :class:`~explorer.core.ScoreBreakdown`: the points scored in play
(:data:`~explorer.bonfire.state.PLAY_CATEGORIES`: elders, council seats, the Great Bonfire, passing, specialists)
then the final scoring's categories, counted "as if the game ended now" (during play a running forecast):

==================  ===========================================================================================
``bonfires``        each lit bonfire: its task disc's points, 2-8 (``bonfire.score.bonfires``)
``guardians``       each guardian on a bonfire: the bonfire's guardian value, 2-8 (``bonfire.score.guardians``)
``portals``         2 per portal on the board (``bonfire.score.portals``, ``bonfire.assume.portal-scoring``)
``paths``           2 per path tile whose crystal has the colour of the lit bonfire beside it
                    (``bonfire.score.paths``, ``bonfire.assume.bonfire-colour``)
``common_tasks``    4 per common task fulfilled, 7 for all seven bonfires (``bonfire.score.common-tasks``)
``fate_tiles``      3 per fate tile left on the action summary board (``bonfire.score.fate-tiles-left``)
``leftovers``       1 per 2 action tiles and resources left, counted together (``bonfire.score.leftovers``,
                    ``bonfire.assume.leftovers-together``)
==================  ===========================================================================================
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from explorer.core import ScoreBreakdown

from .components import FATE_TILE_LEFT_POINTS, LEFTOVERS_PER_POINT, PATH_MATCH_POINTS, PORTAL_POINTS
from .events import CategoryScored, Won
from .rules import RULES
from .state import PLAY_CATEGORIES

if TYPE_CHECKING:
    from .state import State

__all__ = ["FINAL_CATEGORIES", "SCORE_RULES", "final_scoring", "scores", "winners", "final_events"]

FINAL_CATEGORIES = ("bonfires", "guardians", "portals", "paths", "common_tasks", "fate_tiles", "leftovers")
"""The final scoring's categories, in the seed's order."""

SCORE_RULES = {"bonfires": "bonfire.score.bonfires", "guardians": "bonfire.score.guardians",
               "portals": "bonfire.score.portals", "paths": "bonfire.score.paths",
               "common_tasks": "bonfire.score.common-tasks", "fate_tiles": "bonfire.score.fate-tiles-left",
               "leftovers": "bonfire.score.leftovers"}
"""The rule of each final-scoring category (the points from play count by ``bonfire.score.winner``)."""


def final_scoring(state: State, seat: int) -> dict[str, int]:
    """``seat``'s final-scoring points by :data:`FINAL_CATEGORIES` (as if the game ended now)."""
    s, c = state.seats[seat], state.components
    board = c.player_board
    discs = [c.task_discs[d] if d else None for d in s.tasks]
    lit_colour = [d.colour if d and lit else None for d, lit in zip(discs, s.lit)]
    return {
        "bonfires": sum(d.points for d, lit in zip(discs, s.lit) if d and lit),
        "guardians": sum(board.bonfires[at].guardian_points for _, where, at in s.guardians if where == "bonfire"),
        "portals": PORTAL_POINTS * sum(1 for p in s.portals if p is not None),
        "paths": PATH_MATCH_POINTS * sum(1 for slot, tile in enumerate(s.path, start=1)
                                         if lit_colour[board.bonfire_beside(slot)] == tile.split()[0]),
        "common_tasks": sum(c.common_tasks[t].points for t in s.common),
        "fate_tiles": FATE_TILE_LEFT_POINTS * len(s.stack),
        "leftovers": (sum(s.tiles) + sum(s.resources)) // LEFTOVERS_PER_POINT,
    }


def scores(state: State) -> dict[str, ScoreBreakdown]:
    """Each player's score by category: :data:`PLAY_CATEGORIES` then :data:`FINAL_CATEGORIES`."""
    out = {}
    for k, seat in enumerate(state.seats):
        out[seat.colour] = ScoreBreakdown([*zip(PLAY_CATEGORIES, seat.points), *final_scoring(state, k).items()])
    return out


def winners(state: State) -> tuple[str, ...]:
    """The players with the most points; a tie goes to more lit bonfires (``bonfire.score.winner``); players
    still tied share the win (``bonfire.assume.tie-shared``)."""
    return _winners(state, scores(state))


def _winners(state: State, table: dict[str, ScoreBreakdown]) -> tuple[str, ...]:
    """:func:`winners` from the scores ``table`` already worked out."""
    best = max((table[s.colour].total, sum(s.lit)) for s in state.seats)
    return tuple(s.colour for s in state.seats if (table[s.colour].total, sum(s.lit)) == best)


def final_events(state: State) -> list[CategoryScored | Won]:
    """The events of the end of the game: one per category of :func:`scores` with every player's points in it
    (the points from play first, ``bonfire.score.winner``; then the final scoring, each category under its
    ``bonfire.score.*`` rule), then who wins (``bonfire.score.winner``; a tie still level on lit bonfires is
    shared, ``bonfire.assume.tie-shared``). The points of the category events add up to each player's total."""
    table = scores(state)
    names = [s.colour for s in state.seats]
    points = [dict(table[n].categories) for n in names]
    events: list[CategoryScored | Won] = []
    for category in (*PLAY_CATEGORIES, *FINAL_CATEGORIES):
        rule = SCORE_RULES.get(category, "bonfire.score.winner")
        events.append(CategoryScored(RULES[rule], category, tuple(zip(names, (p[category] for p in points))),
                                     in_play=category in PLAY_CATEGORIES))
    won = _winners(state, table)
    rule = "bonfire.assume.tie-shared" if len(won) > 1 else "bonfire.score.winner"
    events.append(Won(RULES[rule], won, tuple((n, table[n].total) for n in names),
                      tuple((s.colour, sum(s.lit)) for s in state.seats)))
    return events
