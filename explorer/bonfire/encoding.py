"""Bonfire in numbers, for game-playing libraries (the shared shape: :mod:`explorer.core.encoding`).

**Actions.** Every action the components allow, numbered in this order: the two starting fate tiles, handing
back a tile of each type, each fate tile on each strip of the fate area (plain, then turned when that shows
other symbols), sailing to each island, each task disc with each offering stack onto each bonfire, claiming
each guardian, processions of 1 to 7 steps, building each path-tile kind and from the pile, the Great Bonfire
to each space with each pair of rewards, recruiting each gnome each way, igniting each bonfire, passing, each
cover of a missing item (the wild tile, two other tiles; any one resource, the wild resource, two other
resources), skipping a claim, each guardian's moves (stay, each path tile with or without Chosen Harvest's
resource, each bonfire), each council seat, taking each item. Chance outcomes: each ``draw <what> <item>``
(task discs, elders, specialists, the start player, portals, path tiles, offering discs).

**What a player sees.** Everything: the engine keeps what is face down as chance (the boxes, the reserve, the
path pile and the face-down offering discs are counts, drawn from only when a component is turned up), and a
face-down offering disc on an island was face up on its owner's board before; so every player sees the whole
position, and the information state is the history.

**Length.** We found no bound on a game's steps in the rules (the countdown starts only once the council fills,
and a turn may hand tiles back before its fate tile), so through the adapters a game is cut after
:data:`MAX_STEPS`, 3 times the longest of 600 random games with their set-up draws (305 steps, 4 players), and
ranked as it stands.
"""

from __future__ import annotations

import functools
from typing import Any

from explorer.core.encoding import ActionIndex, public_position, public_step, Filler, Piece

from .actions import (OFFERING_STACK_NAMES, RECRUIT_PAYMENTS, REWARD_PAIRS, BuildFromPile, BuildPath,
                      ClaimGuardian, Cover, Draw, Ignite, Move, Pass, PlaceFate, Procession, Recruit, Return, Sail,
                      SitAt, Skip, StartTile, Take, TakeTask, UseGreatBonfire)
from .components import (COUNTDOWN, GNOMES_ON_DISPLAY, MAX_GNOMES, MAX_PATH_TILES, MAX_PLAYERS, MIN_PLAYERS,
                         PATH_DISPLAY, Components)
from .state import PLAY_CATEGORIES, Index, State

__all__ = ["PLAYERS", "PARAMETERS", "MAX_STEPS", "params_of", "STEP_KINDS", "start", "numbering", "pieces", "observe",
           "observation_string", "seen"]

PLAYERS = (MIN_PLAYERS, MAX_PLAYERS)
"""The fewest and the most players."""
PARAMETERS: dict[str, Any] = {"players": 3}
"""The options, with their defaults: 2-4 players."""
MAX_STEPS = 920
"""The most steps (actions and chance outcomes) a game is played for through the adapters."""
STEP_KINDS = ("deal", "act", "start-tile", "cover", "then", "dock", "march", "sit", "take", "end-turn")
"""The kinds of step that can be due (:class:`~explorer.bonfire.state.Step`)."""


def _players(params: dict[str, Any]) -> int:
    """``players`` from ``params``, checked.

    Raises:
        ValueError: for a player count outside 2-4.
    """
    players = params.get("players", 3)
    if isinstance(players, bool) or not isinstance(players, int) or not MIN_PLAYERS <= players <= MAX_PLAYERS:
        raise ValueError(f"Bonfire is for {MIN_PLAYERS}-{MAX_PLAYERS} players, got players={players!r}")
    return players


def params_of(state: State) -> dict[str, Any]:
    """The parameters (:data:`PARAMETERS`) of the game ``state`` is a position of: the inverse of :func:`start`,
    for a tool that meets a position rather than a game string (the coach).

    Raises:
        ValueError: for a position with components other than the shipped ones (the numbering covers those only).
    """
    if state.components != Components.default():
        raise ValueError("only positions with Bonfire's shipped components can be numbered")
    return {"players": len(state.seats)}


def start(params: dict[str, Any]) -> State:
    """The game before its first set-up draw."""
    from .setup import initial_state

    return initial_state(_players(params), 0, Components.default())


@functools.cache
def _numbering(c: Components) -> ActionIndex:
    from .turn import MAX_PROCESSION_STEPS, _made

    ix, made = Index.of(c), _made(c)
    bonfires = range(len(c.player_board.bonfires))
    actions: list[Any] = [StartTile(False), StartTile(True)] + [Return(a) for a in ix.actions]
    for tile in c.fate_tiles:
        for ways in made.fate_placing[tile.id].values():
            actions += ways
    actions += [Sail(i) for i in c.islands]
    actions += [TakeTask(d, s, b) for d in c.task_discs for s in OFFERING_STACK_NAMES for b in bonfires]
    actions += [ClaimGuardian(g) for g in c.guardians]
    actions += [Procession(n) for n in range(1, MAX_PROCESSION_STEPS + 1)]
    actions += [BuildPath(*kind.split()) for kind in ix.path_kinds] + [BuildFromPile()]
    actions += [UseGreatBonfire(space, pair) for space in ix.spaces for pair in REWARD_PAIRS]
    actions += [Recruit(card, pay) for card in (*c.elders, *c.specialists) for pay in RECRUIT_PAYMENTS]
    actions += [Ignite(b) for b in bonfires] + [Pass()]
    actions += _covers(ix.actions, ix.wild_action, single=False) + _covers(ix.resources, ix.wild_resource,
                                                                          single=True)
    actions += [Skip()]
    for guardian in (*c.player_colours, *c.guardians):
        actions.append(Move(guardian, "stay"))
        for at in range(MAX_PATH_TILES + 1):
            actions += [Move(guardian, "path", at)] + [Move(guardian, "path", at, r) for r in ix.resources]
        actions += [Move(guardian, "bonfire", b) for b in bonfires]
    actions += [SitAt(seat) for seat in ix.seats] + [Take(item) for item in (*ix.resources, *ix.actions)]
    outcomes = [Draw("task", d) for d in sorted(c.task_discs)] + [Draw("elder", e) for e in sorted(c.elders)]
    outcomes += [Draw("specialist", s) for s in sorted(c.specialists)]
    outcomes += [Draw("start", colour) for colour in c.player_colours]
    outcomes += [Draw("portal", symbol) for symbol in ix.symbols] + [Draw("path", kind) for kind in ix.path_kinds]
    outcomes += [Draw("offering", r) for r in ix.resources]
    return ActionIndex(actions, outcomes)


def _covers(items: tuple[str, ...], wild: str, *, single: bool) -> list[Cover]:
    """Every cover of a missing item from ``items`` (``bonfire.pay.substitute-*``): the ``wild`` one, each pair
    of others (in component order), and with ``single`` each item alone (a resource of the payer's choice)."""
    plain = [i for i in items if i != wild]
    out = [Cover((item,)) for item in items] if single else [Cover((wild,))]
    out += [Cover((a, b)) for i, a in enumerate(plain) for b in plain[i:]]
    return out


def numbering(params: dict[str, Any]) -> ActionIndex:
    """Every action and chance outcome of the shipped components, numbered (see the module docstring)."""
    _players(params)
    return _numbering(Components.default())


@functools.cache
def _pieces(c: Components, players: int) -> tuple[Piece, ...]:
    ix = Index.of(c)
    p, r, a, b = players, len(ix.resources), len(ix.actions), len(c.player_board.bonfires)
    area = c.fate_area
    guardians = len(ix.guardian_colours) + 1
    cards = len(c.elders) + len(c.specialists)
    return (Piece("observer", (p,)), Piece("to_act", (p,)), Piece("step", (len(STEP_KINDS) + 2,)),
            Piece("resources", (p, r)), Piece("tiles", (p, a)), Piece("fate", (p, area.rows, area.cols, a)),
            Piece("fate_stack", (p, len(c.fate_tiles) + 1)), Piece("offering_pool", (p, r)),
            Piece("offering_up", (p, len(OFFERING_STACK_NAMES), r)), Piece("boat", (p, len(c.islands) + 1)),
            Piece("guardians", (p, guardians, MAX_PATH_TILES + 1 + b)), Piece("path", (p, MAX_PATH_TILES,
                                                                                       len(ix.path_kinds))),
            Piece("portals", (p, b, len(ix.symbols))), Piece("tasks", (p, b, len(c.task_discs))),
            Piece("lit", (p, b)), Piece("gnomes", (p, cards)), Piece("points", (p, len(PLAY_CATEGORIES))),
            Piece("common", (p, len(ix.common))), Piece("out", (p,)),
            Piece("islands", (len(ix.task_islands), len(c.task_discs) + p)),
            Piece("guardians_left", (len(ix.guardian_colours),)),
            Piece("elders", (GNOMES_ON_DISPLAY["elder"], len(c.elders))),
            Piece("specialists", (GNOMES_ON_DISPLAY["specialist"], len(c.specialists))),
            Piece("great_bonfire", (len(ix.spaces), len(ix.symbols))), Piece("pointer", (len(ix.spaces) + 1,)),
            Piece("path_display", (PATH_DISPLAY, len(ix.path_kinds))), Piece("path_pile", (len(ix.path_kinds),)),
            Piece("council", (len(ix.seats), p + 1)), Piece("neutral", (len(ix.common),)), Piece("supply", (a,)),
            Piece("start", (p,)), Piece("countdown", (len(COUNTDOWN) + 3,)))


def pieces(params: dict[str, Any]) -> tuple[Piece, ...]:
    """The observation tensor's pieces, in order (counts scaled to about 0-1):

    ``observer``, ``to_act`` (one-hot seats), ``step`` (the due step's kind, one-hot over :data:`STEP_KINDS`,
    then its count / 5 and its flag); per seat ``resources`` and ``tiles`` (/ 5), ``fate`` (the action symbol on
    each square of the fate area), ``fate_stack`` (the top tile, one-hot; then the tiles left / 8),
    ``offering_pool`` (face-down discs by resource / 5), ``offering_up`` (the face-up disc of each stack),
    ``boat`` (its island; the last entry: at the entrance), ``guardians`` (own colour first, then the guardian
    colours: on which path tile, or which bonfire), ``path`` (each tile's kind), ``portals`` and ``tasks`` (on
    each bonfire), ``lit``, ``gnomes`` (elders then specialists), ``points`` (by category / 20), ``common``
    tasks fulfilled, ``out``; the board: ``islands`` (task discs there, then the offering discs of each colour
    / 3), ``guardians_left`` (/ 4), the ``elders`` and ``specialists`` displays, ``great_bonfire`` (portals per
    space / 4), ``pointer`` (its space; the last entry: the Great Bonfire used), ``path_display``, ``path_pile``
    (/ 10), ``council`` (novices of each seat and neutral per council seat / 3), ``neutral`` novices left,
    ``supply`` (/ 20), ``start`` player, ``countdown`` (the round, one-hot from 0, then triggered)."""
    return _pieces(Components.default(), _players(params))


def observe(state: State, player: int, out: list[float]) -> None:
    """Fill ``out`` (zeros, the size of :func:`pieces`) with the position as ``player`` sees it: all of it."""
    c, ix, players = state.components, state.index, len(state.seats)
    fill = Filler(_pieces(c, players), out)
    fill.hot("observer", player)
    fill.hot("to_act", state.current_player)
    if state.pending:
        step = state.pending[0]
        fill.hot("step", STEP_KINDS.index(step.kind))
        fill.put("step", step.count / 5, len(STEP_KINDS))
        fill.put("step", float(step.flag), len(STEP_KINDS) + 1)
    islands = {i: n for n, i in enumerate(c.islands)}
    tasks = {d: n for n, d in enumerate(c.task_discs)}
    cards = {g: n for n, g in enumerate((*c.elders, *c.specialists))}
    fate_ids = {t.id: n for n, t in enumerate(c.fate_tiles)}
    colours = {colour: k for k, colour in enumerate(state.players)}
    for k, seat in enumerate(state.seats):
        fill.row("resources", (n / 5 for n in seat.resources), k)
        fill.row("tiles", (n / 5 for n in seat.tiles), k)
        for (row, col), symbol in seat.fate.covered.items():
            fill.hot("fate", k, row - 1, col - 1, ix.actions.index(symbol))
        if seat.stack:
            fill.hot("fate_stack", k, fate_ids.get(seat.stack[0]))
        fill.put("fate_stack", len(seat.stack) / len(c.fate_tiles), k, len(c.fate_tiles))
        fill.row("offering_pool", (n / 5 for n in seat.offering_pool), k)
        for j, disc in enumerate(seat.offering_up):
            fill.hot("offering_up", k, j, None if disc is None else ix.resources.index(disc))
        fill.hot("boat", k, len(c.islands) if seat.boat is None else islands[seat.boat])
        for colour, where, at in seat.guardians:
            g = 0 if colour == seat.colour else 1 + ix.guardian_colours.index(colour)
            fill.hot("guardians", k, g, at if where == "path" else MAX_PATH_TILES + 1 + at)
        for slot, kind in enumerate(seat.path):
            fill.hot("path", k, slot, ix.path_kinds.index(kind))
        for b, portal in enumerate(seat.portals):
            fill.hot("portals", k, b, None if portal is None else ix.symbols.index(portal))
        for b, disc in enumerate(seat.tasks):
            fill.hot("tasks", k, b, None if disc is None else tasks[disc])
            fill.put("lit", float(seat.lit[b]), k, b)
        for card in seat.gnomes[:MAX_GNOMES]:
            fill.hot("gnomes", k, cards[card])
        fill.row("points", (n / 20 for n in seat.points), k)
        for task in seat.common:
            fill.hot("common", k, ix.common.index(task))
        fill.put("out", float(seat.out), k)
    for i, content in enumerate(state.islands):
        for item in content:
            if item in tasks:
                fill.hot("islands", i, tasks[item])
            else:
                fill.add("islands", 1 / 3, i, len(c.task_discs) + colours[item.split()[0]])
    fill.row("guardians_left", (n / 4 for n in state.guardians))
    for slot, card in enumerate(state.elders):
        fill.hot("elders", slot, None if card is None else cards[card])
    for slot, card in enumerate(state.specialists):
        fill.hot("specialists", slot, None if card is None else cards[card] - len(c.elders))
    for s, portals in enumerate(state.portals):
        for symbol in portals:
            fill.add("great_bonfire", 0.25, s, ix.symbols.index(symbol))
    fill.hot("pointer", ix.spaces.index(state.pointer))
    fill.put("pointer", float(state.great_bonfire_used), len(ix.spaces))
    for slot, kind in enumerate(state.path_display):
        fill.hot("path_display", slot, None if kind is None else ix.path_kinds.index(kind))
    fill.row("path_pile", (n / 10 for n in state.path_pile))
    for s, novices in enumerate(state.council):
        for novice in novices:
            fill.add("council", 1 / 3, s, players if novice == "neutral" else colours[novice])
    fill.row("neutral", (float(n) for n in state.neutral))
    fill.row("supply", (n / 20 for n in state.supply))
    fill.hot("start", state.start)
    fill.hot("countdown", min(state.countdown, len(COUNTDOWN) + 1))
    fill.put("countdown", float(state.triggered), len(COUNTDOWN) + 2)


def observation_string(state: State, player: int) -> str:
    """The position as ``player`` sees it: all of it but the random stream
    (:func:`~explorer.core.encoding.public_position`)."""
    return public_position(state, state.players[player])


seen = public_step
"""What a player learns of a step: all of it, the notation (:func:`~explorer.core.encoding.public_step`)."""
