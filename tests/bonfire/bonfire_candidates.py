"""A broad set of Bonfire actions to ask a position about (imported by name: pytest puts this folder on the path).

:func:`every_action` lists, for one position, every action of every kind over the board's places: both starting
tiles, a return of each action type, each fate tile that matters (the two the player may take and one other) at
every square of the fate area both ways and both ways round, a voyage to every island, task discs at the boat's
island and elsewhere onto every bonfire with either offering disc, every guardian colour, processions of 0 to 8
steps, every path-tile kind and the pile, every Great Bonfire space with every pair of rewards, every gnome card
with both payments, every bonfire lit, pass and skip, every cover by one or two items, each guardian's every move
(and, in a procession, with every resource), every council seat, every bonus item and a few draws. The legality
property test checks that the engine accepts exactly the ones its ``legal_actions()`` lists and refuses the
others, naming a rule.
"""

from __future__ import annotations

from itertools import combinations_with_replacement

from explorer.bonfire import State
from explorer.bonfire.actions import (OFFERING_STACK_NAMES, RECRUIT_PAYMENTS, REWARD_PAIRS, Action, BuildFromPile,
                                      BuildPath, ClaimGuardian, Cover, Draw, Ignite, Move, Pass, PlaceFate,
                                      Procession, Recruit, Return, Sail, SitAt, Skip, StartTile, Take, TakeTask,
                                      UseGreatBonfire)
from explorer.bonfire.fate import DIRECTIONS, Placement

BONFIRES = range(8)
"""Bonfires 0-6 and one past the end."""


def every_action(s: State) -> list[Action]:
    """Every action of the game's kinds over the places of ``s``'s board (see the module docstring), in a fixed
    order, without repeats."""
    c, ix = s.components, s.index
    k = s.current_player
    seat = s.seats[k if k is not None else s.turn]
    out: list[Action] = [StartTile(False), StartTile(True)]
    out += [Return(a) for a in ix.actions]
    others = [t.id for t in c.fate_tiles if t.id not in seat.stack[:1] + seat.stack[-1:]]
    tiles = [*dict.fromkeys((*seat.stack[:1], *seat.stack[-1:])), *others[:1]]
    rows, cols = c.fate_area.rows, c.fate_area.cols
    out += [PlaceFate(t, Placement((r, col), d, reversed=rev)) for t in tiles for r in range(1, rows + 1)
            for col in range(1, cols + 1) for d in DIRECTIONS for rev in (False, True)]
    out += [Sail(i) for i in c.islands]
    here = s.island_content(seat.boat) if seat.boat in ix.task_islands else ()
    discs = [d for d in here if d in c.task_discs] + list(s.task_box[:1])
    discs += [d for row in s.islands for d in row if d in c.task_discs and d not in here][:1]
    out += [TakeTask(d, o, b) for d in discs for o in OFFERING_STACK_NAMES for b in BONFIRES]
    out += [ClaimGuardian(g) for g in c.guardians]
    out += [Procession(n) for n in range(9)]
    out += [BuildPath(*kind.split()) for kind in ix.path_kinds]
    out.append(BuildFromPile())
    out += [UseGreatBonfire(space, pair) for space in ix.spaces for pair in REWARD_PAIRS]
    out += [Recruit(card, pay) for card in (*c.elders, *c.specialists) for pay in RECRUIT_PAYMENTS]
    out += [Ignite(b) for b in BONFIRES]
    out += [Pass(), Skip()]
    items = (*ix.actions, *ix.resources)
    out += [Cover((i,)) for i in items]
    out += [Cover(pair) for group in (ix.actions, ix.resources) for pair in combinations_with_replacement(group, 2)]
    guardians = dict.fromkeys((seat.colour, *(g for g, _, _ in seat.guardians)))
    marching = bool(s.pending) and s.pending[0].kind == "march"
    for g in guardians:
        out.append(Move(g, "stay"))
        out += [Move(g, to, at) for to in ("path", "bonfire") for at in range(7)]
        if marching:
            out += [Move(g, "path", at, r) for at in range(7) for r in ix.resources]
    out += [SitAt(seat_id) for seat_id in ix.seats]
    out += [Take(i) for i in items]
    out += [Draw("task", next(iter(c.task_discs))), Draw("offering", ix.resources[1])]
    return list(dict.fromkeys(out))
