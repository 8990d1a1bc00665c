"""Setting up a game of Bonfire (seed "Setup" 1-10 and A-F), every chance step made explicit.

:func:`new_game` lays out the central board and the players' boards and queues the draws of the setup as chance
steps (``deal``): the task discs for each island (``bonfire.setup.task-discs``, ``bonfire.assume.task-deal``), the
6 elders and 6 specialists on display (``bonfire.setup.gnomes``), the portals round the Great Bonfire
(``bonfire.setup.portals``), the 4 face-up path tiles (``bonfire.setup.path-tiles``), each player's two face-up
offering discs (``bonfire.setup.offering-discs``, ``bonfire.assume.offering-face-up``) and the start player's
extension (``bonfire.setup.extensions``). The seeded stream resolves them; then each player, from the start player
clockwise, chooses their starting fate tile (``bonfire.setup.start-fate-tile``) and takes 6 resources and 5 action
tiles (``bonfire.setup.resources``, ``bonfire.setup.action-tiles``).
"""

from __future__ import annotations

import functools

from explorer.core import Rng, new_seed

from .components import (GNOMES_ON_DISPLAY, MAX_PLAYERS, MIN_PLAYERS, NEUTRAL_NOVICES, PATH_DISPLAY, Components)
from .fate import starting_area
from .state import PLAY_CATEGORIES, Index, Seat, State, Step

__all__ = ["new_game", "initial_state"]


def _seat(components: Components, ix: Index, colour: str) -> Seat:
    """A player's boards before the starting fate tile is chosen: the boat at the entrance (``bonfire.setup.boats``),
    the own guardian on the starting path tile (``bonfire.setup.start-tile``), a novice beside every unlit bonfire
    (``bonfire.setup.novices``), the 7 fate tiles on the summary board and the spare in front
    (``bonfire.setup.fate-tiles``), the offering discs in two stacks, and no points (``bonfire.setup.scores``)."""
    bonfires = len(components.player_board.bonfires)
    return Seat(colour=colour, resources=(0,) * len(ix.resources), tiles=(0,) * len(ix.actions),
                fate=starting_area(components), stack=tuple(t.id for t in components.fate_stack),
                offering_pool=tuple(components.offering_discs.get(r, 0) for r in ix.resources),
                offering_stacks=(sum(components.offering_discs.values()) // 2,
                                 sum(components.offering_discs.values()) - sum(components.offering_discs.values()) // 2),
                offering_up=(None, None), boat=None, guardians=((colour, "path", 0),), path=(),
                portals=(None,) * bonfires, tasks=(None,) * bonfires, lit=(False,) * bonfires, gnomes=(),
                points=(0,) * len(PLAY_CATEGORIES), common=())


@functools.cache
def _setup_draws(c: Components, ix: Index, players: int, per_space: int) -> tuple[Step, ...]:
    """The setup draws in the order they are made: the task discs island by island, the elders, the specialists,
    ``per_space`` portals on each Great Bonfire space, the path display, each player's two offering discs, the start
    player. Made once per components and player count (steps are values)."""
    deals = [Step("deal", what="task", target=island) for island in ix.task_islands
             for _ in range(c.task_discs_on(island, players))]
    deals += [Step("deal", what="elder") for _ in range(GNOMES_ON_DISPLAY["elder"])]
    deals += [Step("deal", what="specialist", target=j) for j in range(GNOMES_ON_DISPLAY["specialist"])]
    deals += [Step("deal", what="portal", target=space) for space in ix.spaces for _ in range(per_space)]
    deals += [Step("deal", what="path", target=j) for j in range(PATH_DISPLAY)]
    deals += [Step("deal", k, "offering", target=stack) for k in range(players) for stack in (0, 1)]
    deals.append(Step("deal", what="start"))
    return tuple(deals)


def initial_state(players: int, seed: int, components: Components) -> State:
    """The game before any setup draw: empty display, full boxes, the draws queued (see the module docstring); the
    guardians on their islands (``bonfire.setup.guardians``), the countdown discs stacked, none played yet
    (``bonfire.setup.countdown``), the pointer at its start (``bonfire.setup.pointer``), the neutral novices on the
    common tasks (``bonfire.setup.neutral-novices``).

    Raises:
        ValueError: for a player count outside 2-4.
    """
    if isinstance(players, bool) or not isinstance(players, int) or not MIN_PLAYERS <= players <= MAX_PLAYERS:
        raise ValueError(f"Bonfire is for {MIN_PLAYERS}-{MAX_PLAYERS} players, got {players!r}")
    c, ix = components, Index.of(components)
    removed = 1 if players <= 2 else 0
    per_space = c.portals_in_play(players) // len(ix.spaces)
    path_counts = {kind: 0 for kind in ix.path_kinds}
    for tile in c.path_tiles.values():
        path_counts[f"{tile.colour} {tile.resource}"] += 1
    deals = _setup_draws(c, ix, players, per_space)
    return State(
        components=c, seats=tuple(_seat(c, ix, colour) for colour in c.player_colours[:players]),
        islands=((),) * len(ix.task_islands), guardians=tuple(g.count for g in c.guardians.values()),
        task_box=tuple(sorted(c.task_discs)), elders=(None,) * GNOMES_ON_DISPLAY["elder"],
        elder_box=tuple(sorted(c.elders)), specialists=(None,) * GNOMES_ON_DISPLAY["specialist"],
        reserve=tuple(sorted(c.specialists)), portals=((),) * len(ix.spaces),
        portal_pool=(c.portals_per_symbol - removed,) * len(ix.symbols), pointer=c.great_bonfire.pointer_start,
        path_pile=tuple(path_counts[k] for k in ix.path_kinds), path_bottom=(), path_display=(None,) * PATH_DISPLAY,
        council=((),) * len(ix.seats), neutral=(True,) * NEUTRAL_NOVICES, supply=tuple(a.supply for a in
                                                                                     c.action_types.values()),
        start=None, turn=0, countdown=0, triggered=False, great_bonfire_used=False, pending=deals,
        rng=Rng(seed))


def new_game(players: int = 3, seed: int | None = None, *, components: Components | None = None) -> State:
    """A new game with every setup draw made from ``seed``; it waits for the start player's choice of starting
    fate tile (``bonfire.setup.start-fate-tile``).

    >>> s = new_game(players=4, seed=2)
    >>> sum(len(i) for i in s.islands), sum(map(len, s.portals)), s.pending[0].kind, s.phase
    (30, 28, 'start-tile', 'setup')
    >>> new_game(players=2, seed=2).to_dict() == new_game(players=2, seed=2).to_dict()
    True

    Args:
        players: 2 to 4 (colours orange, green, black, white in the shipped data).
        seed: the random seed (a fresh one is drawn and kept if ``None``).
        components: components of your own (default: the shipped ones, :meth:`Components.default`).

    Raises:
        ValueError: for a player count outside 2-4, or components that are not :class:`Components`.
    """
    if components is not None and not isinstance(components, Components):
        raise ValueError(f"components must be Components (see Components.from_files), got "
                         f"{type(components).__name__}")
    return initial_state(players, new_seed() if seed is None else seed,
                         components or Components.default()).resolve_chance()
