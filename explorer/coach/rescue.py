"""How the coach values a Flash Point position before the end: the team's yardstick (the coach's, not a rule).

A rollout that stops before the end is valued by counters the rules end the game on (``flashpoint.end.win``:
7 victims rescued; ``flashpoint.end.lost``: 4 lost; ``flashpoint.end.collapse``: the damage track full) and by
what is on the way to them, each in "victims" (7 of them make the whole scale):

* each victim rescued counts 1; a victim being carried or led counts :data:`CARRIED` less
  :data:`PER_STEP_OUT` for every step it still has to go to get outside (:func:`steps_between`);
  a victim found (face up on the board) counts :data:`FOUND`;
* each victim lost costs 7/4 (four lose the game), each damage cube 7/48 (half the track costs as much as
  two victims lost);
* each space on fire costs :data:`PER_FIRE`, each in smoke :data:`PER_SMOKE` (fire is what explodes, knocks
  firefighters down and burns victims);
* each firefighter carrying nothing costs :data:`PER_STEP_TO_POI` for every step to the nearest point of
  interest (nothing to steer by otherwise: a point of interest is turned over only when reached).

Without the pieces "on the way", a 100-simulation search sees a rescue in almost no rollout and steers by the
damage alone (the games measured are in :data:`explorer.coach.search.ROLLOUT_GREEDY`'s docstring).
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

import networkx as nx

from explorer.flashpoint.components import DAMAGE_CUBES

__all__ = ["CARRIED", "PER_STEP_OUT", "FOUND", "PER_FIRE", "PER_SMOKE", "PER_STEP_TO_POI", "EDGE_STEPS",
           "team_value", "steps_between"]

CARRIED = 0.7
"""A victim carried (or led) next to the way out, in victims."""
PER_STEP_OUT = 0.05
"""What each step still to go takes off a carried victim."""
FOUND = 0.15
"""A victim face up on the board, in victims."""
PER_FIRE = 0.08
"""Each space on fire, in victims."""
PER_SMOKE = 0.02
"""Each space in smoke, in victims."""
PER_STEP_TO_POI = 0.015
"""Each step between a firefighter carrying nothing and the nearest point of interest, in victims."""
EDGE_STEPS = {None: 1, "entrance": 1, "staircase": 1, "door": 2, "window": 2, "fireproof_door": 2, "light_wall": 3,
              "wall": 4}
"""Steps counted for crossing each kind of edge (a door must be opened first, a wall chopped through)."""
_FAR = 10
_VICTIMS = ("victim", "treated victim")
_TABLES: dict[int, tuple[Any, dict[str, dict[str, int]], dict[str, int]]] = {}


def steps_between(building: Any) -> tuple[Mapping[str, Mapping[str, int]], Mapping[str, int]]:
    """``(between, out)`` for a Flash Point building: ``between[a][b]`` the steps from space ``a`` to ``b`` and
    ``out[a]`` the steps from ``a`` to the nearest space outside (0 outside), crossing edges at
    :data:`EDGE_STEPS` (walls as if they could be chopped, doors as if they could be opened). Worked out once
    per building (networkx's shortest paths) and kept."""
    kept = _TABLES.get(id(building))
    if kept is not None and kept[0] is building:
        return kept[1], kept[2]
    graph = nx.Graph()
    for space in building.spaces():
        graph.add_node(space)
        for other, kind in building.neighbours(space):
            graph.add_edge(space, other, weight=EDGE_STEPS.get(kind, 2))
    between = {a: dict(d) for a, d in nx.all_pairs_dijkstra_path_length(graph)}
    outside = [s for s in building.spaces() if not building.is_inside(s)]
    out = dict(nx.multi_source_dijkstra_path_length(graph, outside))
    _TABLES[id(building)] = (building, between, out)
    return between, out


def team_value(engine: Any) -> float:
    """The team's value of a Flash Point position in [-1, 1]: +1 won, -1 lost, otherwise the sum described in
    the module docstring over 7 victims, clipped."""
    if engine.is_won:
        return 1.0
    if engine.is_lost:
        return -1.0
    between, out = steps_between(engine.building)
    victims = float(engine.rescued)
    pois = list(engine.pois)
    for f in engine.firefighters:
        if f.space is None:
            continue
        if f.carrying in _VICTIMS:
            victims += max(CARRIED - PER_STEP_OUT * out.get(f.space, _FAR), 0.1)
        elif pois:
            near = between.get(f.space, {})
            victims -= PER_STEP_TO_POI * min(min(near.get(p, _FAR) for p in pois), _FAR)
    victims += FOUND * sum(1 for kind in engine.pois.values() if kind in _VICTIMS)
    victims -= engine.lost * 7 / 4 + engine.damage * 7 / (2 * DAMAGE_CUBES)
    victims -= PER_FIRE * len(engine.fire) + PER_SMOKE * len(engine.smoke)
    return max(-1.0, min(1.0, victims / 7))
