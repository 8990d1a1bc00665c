"""Players for Bonfire's property tests and benchmarks (imported by name: pytest puts this folder on the path).

* :func:`random_player`: any legal action, uniformly.
* :func:`directed_player`: mostly goal-directed (lights bonfires, takes the task disc closest to fulfilled, places
  the fate tile that gains most, sails to task islands while holding task tiles, harvests with processions and
  the Great Bonfire, avoids paying with substitutes); one action in ten is random.
* :func:`late_game`: a position just after setup with the five neutral novices already in the council and one
  more action tile of each type per player, so seeded games reach the countdown often (random and directed
  players seldom fill the council from the start with our component data).
"""

from __future__ import annotations

import copy
import random

from explorer.bonfire import State
from explorer.bonfire.actions import (BuildPath, ClaimGuardian, Ignite, Move, PlaceFate, Procession, Recruit, Return,
                                      Sail, TakeTask, UseGreatBonfire)
from explorer.bonfire.conditions import count
from explorer.bonfire.fate import gains
from explorer.bonfire.payment import pay_exact
from explorer.bonfire.turn import action_cost


def random_player(s: State, rnd: random.Random):
    """Any legal action, uniformly."""
    return rnd.choice(s.legal_actions())


def _fate_gain(s: State, seat, action: PlaceFate) -> int:
    tile = next(t for t in s.components.fate_tiles if t.id == action.tile)
    return sum(gains(seat.fate, tile, action.placement).values())


def _no_cover(s: State, k: int, action) -> bool:
    seat = s.seats[k]
    return pay_exact(seat.resources, seat.tiles, action_cost(s, k, action), s.index).done


def directed_player(s: State, rnd: random.Random):
    """A goal-directed choice (see the module docstring)."""
    legal = s.legal_actions()
    if rnd.random() < 0.1:
        return rnd.choice(legal)
    c, k = s.components, s.current_player
    seat = s.seats[k]

    def of(kind):
        return [a for a in legal if isinstance(a, kind)]

    if of(Ignite):
        return of(Ignite)[0]
    tasks = of(TakeTask)
    if tasks:
        def gap(a):
            disc = c.task_discs[a.disc]
            return (disc.condition.at_least - count(s, k, disc.condition),
                    -c.player_board.bonfires[a.bonfire].guardian_points)
        return min(tasks, key=gap)
    moves = of(Move)
    if moves:
        return max(moves, key=lambda m: (m.to == "bonfire", m.at or 0))
    if of(PlaceFate):
        return max(of(PlaceFate), key=lambda a: (_fate_gain(s, seat, a), rnd.random()))
    if s.tile_count(k, "task") + s.tile_count(k, "yellow") and None in seat.tasks and sum(seat.resources) >= 2:
        sails = [a for a in of(Sail) if c.islands[a.island].kind == "task"
                 and any(d in c.task_discs for d in s.island_content(a.island))]
        if sails:
            return rnd.choice(sails)
    for kind in (Procession, ClaimGuardian, BuildPath):
        cheap = [a for a in of(kind) if _no_cover(s, k, a)]
        if cheap:
            return rnd.choice(cheap)
    great = [a for a in of(UseGreatBonfire) if a.rewards in (("action", "resource"), ("action", "portal"))
             and _no_cover(s, k, a)]
    if great:
        return rnd.choice(great)
    for kind in (Recruit, Return):
        if of(kind):
            return rnd.choice(of(kind))
    return rnd.choice(legal)


def late_game(s: State) -> State:
    """``s`` (just after setup, before any turn) with the neutral novices seated and one more action tile of each
    type per player, taken from the supply (see the module docstring)."""
    data = copy.deepcopy(s.to_dict())
    board = data["board"]
    for seat_id, common in zip(board["council"], board["neutral"]):
        board["council"][seat_id].append("neutral")
        board["neutral"][common] = False
    for seat in data["seats"]:
        for tile in seat["tiles"]:
            if board["supply"][tile]:
                board["supply"][tile] -= 1
                seat["tiles"][tile] += 1
    return State.from_dict(data)
