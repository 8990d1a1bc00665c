"""The turn: which actions are legal, why one is refused, and what each does (seed "Desenvolvimento" to "Fim do
jogo").

:func:`legal_actions` generates the legal actions directly from the rules of the due step (one function per kind
of step, :data:`_OPTIONS`); :func:`refusal` is the one place that explains why any other action is refused, naming
the rule. The legality property test (``tests/bonfire/test_bonfire_legality.py``) checks over hundreds of positions
that the two agree. :func:`apply_action` carries out a legal action and then every step the engine does by itself
(``then``, ``end-turn``), until a player or chance must decide.

Facts that take work and cannot change are worked out once and remembered on the immutable value they describe:
what a seat can pay (:func:`_tile_reach`, :func:`_recruits`), whether its guardians can walk
(:func:`_can_walk`), the fate placements of a fate area (:func:`_fate_choices`); the actions of a board are made
once (:class:`_Made`), and payments, placements and the Great Bonfire's prices are remembered by value.

The steps of a turn (:class:`~explorer.bonfire.state.Step`): ``act`` (choose one of the three options; a
``return`` of surplus action tiles keeps the turn open), then for an action of option II its payment (``cover``
steps for what is missing), its effect (``then``), and the choices it brings (``dock``, ``march``, ``sit``,
``take``) or draws (``deal``); ``end-turn`` checks the common tasks (``bonfire.bonus.common-task``), the end
trigger and hands the turn on clockwise, skipping players who are out; the countdown rounds start when the turn
comes back to the start player (``bonfire.end.*``).
"""

from __future__ import annotations

import functools
import itertools
from operator import add, sub
from collections import Counter
from collections.abc import Callable, Iterable, Mapping, Sequence
from fractions import Fraction
from types import MappingProxyType
from typing import Any

from explorer.core import Event, IllegalAction, Rng

from . import fate as fate_area
from .fate import Placement, Square
from .actions import (REWARD_PAIRS, Action, BuildFromPile, BuildPath, ClaimGuardian, Cover, Draw, Ignite, Move,
                      OFFERING_STACK_NAMES,
                      Pass, PlaceFate, Procession, RECRUIT_PAYMENTS, Recruit, Return, Sail, Skip, SitAt, StartTile,
                      Take, TakeTask, UseGreatBonfire)
from .components import (ANY as ANY_ITEM, COUNTDOWN, END_TRIGGER, FATE_SWAP_POSITION, GREAT_BONFIRE_POINTS,
                         MAX_GNOMES, MAX_GUARDIANS_ON_START, MAX_PATH_TILES, PATH_DISPLAY)
from .conditions import holds
from .events import Happened, Scored
from .islands import boat_cost
from .payment import ANY, Cost, Paid, apply_cover, can_cover, cover_options, most_tiles_each, pay_exact
from .rules import RULES
from .scoring import final_events
from .state import PLAY_CATEGORIES, Index, Seat, State, Step
from .words import (action_words, card_name, cover_words, fate_tile_words, island_name, placement_words, seat_name,
                    space_name, tile_name, tiles_words)

__all__ = ["legal_actions", "refusal", "apply_action", "chance_outcomes", "resolve_draws", "fate_limit",
           "procession_stops", "movers", "action_cost", "MAX_PROCESSION_STEPS"]

MAX_PROCESSION_STEPS = MAX_PATH_TILES + 1
"""The most steps a procession may buy: enough to walk the whole path and step into a bonfire
(``bonfire.procession.steps``)."""
FATE_HAND = 1
"""Action tiles a player may hold when placing a fate tile (``bonfire.fate.when``); 3 with Large Hand."""
LARGE_HAND = 3
HARVEST = {"pink_harvest": "pink", "grey_harvest": "grey", "brown_harvest": "brown", "blue_harvest": "blue"}
"""The four specialists that double one guardian's harvest (``bonfire.specialist.<colour>-harvest``)."""
_AUTO = ("then", "end-turn")


# ---- small helpers ---------------------------------------------------------------------------------------
def _refuse(rule_id: str, reason: str, action: Any, notation: str | None = None) -> IllegalAction:
    """The refusal of ``action`` by rule ``rule_id``: ``reason`` in board terms (:mod:`explorer.bonfire.words`),
    ``notation`` how to write what is allowed instead, for notebook users (the views show ``reason`` alone)."""
    if len(reason) > 300:  # an absurdly long id typed in: say enough to recognise it
        reason = reason[:297] + "..."
    return IllegalAction(RULES[rule_id], reason, action=action, notation=notation)


def _name(item: str, n: int = 1) -> str:
    """``n`` action tiles of type ``item``, for a sentence: "2 Great Bonfire tiles"."""
    return tiles_words(item, n)


def _names(items: dict[str, int] | Counter, resources: tuple[str, ...]) -> str:
    """Items gained, action tiles first: "1 path tile, 2 yellow tiles, 1 gold"."""
    tiles = [_name(i, n) for i, n in items.items() if n and i not in resources]
    goods = [f"{n} {i.replace('_', ' ')}" for i, n in items.items() if n and i in resources]
    return ", ".join(tiles + goods) or "nothing"


def _path_kind(kind: str) -> str:
    """A path tile kind in words: ``"blue herbs"`` -> ``"a blue crystal and herbs"``."""
    colour, _, resource = kind.partition(" ")
    return f"a {colour} crystal and {resource}" if resource else kind


def _has(seat: Seat, card: str) -> bool:
    return card in seat.gnomes


def fate_limit(seat: Seat) -> int:
    """The most action tiles ``seat`` may hold when placing a fate tile (``bonfire.fate.when``; 3 with Large Hand,
    ``bonfire.specialist.large-hand``)."""
    return LARGE_HAND if _has(seat, "large_hand") else FATE_HAND


def _set_seat(state: State, k: int, seat: Seat, **changes: Any) -> State:
    """The state with ``seat`` for seat ``k`` (and the other ``changes``), made at once."""
    seats = list(state.seats)
    seats[k] = seat
    return state.replace(seats=tuple(seats), **changes)


def _add(values: tuple[int, ...], i: int, n: int) -> tuple[int, ...]:
    out = list(values)
    out[i] += n
    return tuple(out)


def _gain(state: State, k: int, item: str, n: int, events: list[Event], rule: str, why: str | None = None) -> State:
    """``seat`` k gains ``n`` of ``item`` (a resource, or an action tile from the limited supply:
    ``bonfire.assume.supply-runs-out``). With ``why`` (what brings it, in words), an event under ``rule`` says
    what was gained: "orange gains 1 wood (Path Finder)"; without, another event of the caller's says it."""
    return _gain_all(state, k, ((item, n),), events, rule, why)


def _gain_all(state: State, k: int, items: Iterable[tuple[str, int]], events: list[Event], rule: str,
              why: str | None = None) -> State:
    """:func:`_gain` of each ``(item, n)`` in turn, the events in that order (the state is made once)."""
    seat, supply = _gained(state.index, state.seats[k], state.supply, items, events, rule, why)
    if seat is None:
        return state
    seats = list(state.seats)
    seats[k] = seat
    return state.replace(seats=tuple(seats), supply=supply)


def _gained(ix: Index, seat: Seat, supply_now: tuple[int, ...], items: Iterable[tuple[str, int]],
            events: list[Event], rule: str, why: str | None = None) -> tuple[Seat | None, tuple[int, ...]]:
    """:func:`_gain_all` on ``seat`` and the supply ``supply_now`` alone: the seat and supply after the gains (the
    seat ``None`` if nothing was gained)."""
    resources, tiles, supply = list(seat.resources), list(seat.tiles), list(supply_now)
    gained = False
    for item, n in items:
        if n <= 0:
            continue
        if item in ix.resources:
            resources[ix.resources.index(item)] += n
            gained = True
            if why:
                events.append(Happened(RULES[rule], f"{seat.colour} gains {n} {item.replace('_', ' ')} ({why})",
                                       seat.colour))
            continue
        i = ix.actions.index(item)
        got = min(n, supply[i])
        if got < n:
            events.append(Happened(RULES["bonfire.assume.supply-runs-out"],
                                   f"the supply is out of {item.replace('_', ' ')} tiles: {seat.colour} gets {got} "
                                   f"of {n}", seat.colour))
        if got:
            tiles[i] += got
            supply[i] -= got
            gained = True
            if why:
                events.append(Happened(RULES[rule], f"{seat.colour} gains {tiles_words(item, got)} ({why})",
                                       seat.colour))
    if not gained:
        return None, supply_now
    return seat.replace(resources=tuple(resources), tiles=tuple(tiles)), tuple(supply)


def _score(state: State, k: int, points: int, category: str, rule: str, events: list[Event]) -> State:
    seat = state.seats[k]
    seat = seat.replace(points=_add(seat.points, PLAY_CATEGORIES.index(category), points))
    events.append(Scored(RULES[rule], seat.colour, points, category))
    return _set_seat(state, k, seat)


def _push(state: State, *steps: Step, drop: int = 1) -> State:
    """The state with ``steps`` due first, after dropping the first ``drop`` pending steps."""
    return state.replace(pending=(*steps, *state.pending[drop:]))


def _guardian_order(state: State, seat: Seat) -> tuple[str, ...]:
    """The guardians that may move in a procession, the one furthest ahead first (``bonfire.procession.one-per-
    space``); those on one tile (the starting tile) in colour order, own colour first: of them the player
    chooses which moves first (:func:`movers`)."""
    colours = (seat.colour, *state.index.guardian_colours)
    walking = [(at, colour) for colour, where, at in seat.guardians if where == "path"]
    walking.sort(key=lambda g: (-g[0], colours.index(g[1])))
    return tuple(colour for _, colour in walking)


# ---- costs -----------------------------------------------------------------------------------------------
def action_cost(state: State, k: int, action: Action) -> Cost:
    """What ``action`` costs ``seat`` k (no legality check beyond what the cost needs).

    A task disc costs 1 task tile, 1 more for each offering disc of the player's already on that island
    (``bonfire.task.tiles``), plus the face-up offering disc's resource and the island's
    (``bonfire.task.resources``), or any 2 resources with Free Offering (``bonfire.specialist.free-offering``); a
    gnome costs 2 gnome tiles and its resource or 1 tile and the resource twice (``bonfire.gnome.cost``), any
    resource with Flexible Pay (``bonfire.specialist.flexible-pay``).

    Raises:
        KeyError: for ids the components do not know.
    """
    c, seat = state.components, state.seats[k]
    if isinstance(action, Sail):
        return Cost("boat", boat_cost(seat.boat, action.island, c))
    if isinstance(action, TakeTask):
        return _task_cost(state, seat, OFFERING_STACK_NAMES.index(action.offering))
    if isinstance(action, ClaimGuardian):
        return Cost("guardian", 1)
    if isinstance(action, Procession):
        return Cost("guardian", action.steps)
    if isinstance(action, (BuildPath, BuildFromPile)):
        return Cost("path", c.player_board.path_slots[len(seat.path)].cost)
    if isinstance(action, UseGreatBonfire):
        return Cost("great_bonfire", _great_bonfire_tiles(state, seat, action.space))
    if isinstance(action, Recruit):
        card = c.specialists.get(action.card) or c.elders[action.card]
        return _recruit_cost(ANY if _has(seat, "flexible_pay") else card.resource, action.payment)
    raise KeyError(f"{action} costs nothing")


def _task_cost(state: State, seat: Seat, stack: int, own: int | None = None) -> Cost:
    """What a task disc at ``seat``'s boat's island costs with the face-up offering disc of ``stack`` (0 top, 1
    bottom): :func:`action_cost` of a :class:`TakeTask`. ``own``: the player's offering discs already on that island
    (:func:`_own_offerings`), if the caller has counted them."""
    island = seat.boat
    if own is None:
        own = _own_offerings(state.island_content(island), seat.colour)
    if _has(seat, "free_offering"):
        return _cost("task", own + 1, (ANY, ANY))
    return _cost("task", own + 1, (seat.offering_up[stack], state.components.islands[island].resource))


def _own_offerings(content: tuple[str, ...], colour: str) -> int:
    """How many of the offering discs in an island's ``content`` are ``colour``'s (``"<colour> <resource>"``)."""
    prefix = colour + " "
    return sum(1 for item in content if item.startswith(prefix))


@functools.lru_cache(maxsize=1024)
def _cost(action: str, tiles: int, resources: tuple[str, ...]) -> Cost:
    """The cost of ``tiles`` action tiles of type ``action`` and ``resources`` (made once: costs are values)."""
    return Cost(action, tiles, resources)


@functools.lru_cache(maxsize=256)
def _recruit_cost(resource: str, payment: str) -> Cost:
    """A gnome's cost (``bonfire.gnome.cost``): 2 gnome tiles and its ``resource``, or 1 tile and the resource
    twice."""
    tiles, times = (2, 1) if payment == "2-tiles" else (1, 2)
    return Cost("gnome", tiles, (resource,) * times)


def _great_bonfire_tiles(state: State, seat: Seat, space: str) -> int:
    """Great Bonfire tiles to turn the pointer to ``space`` (``bonfire.great-bonfire.turn``); 0: not allowed
    (:func:`_great_bonfire_prices`)."""
    if not state.great_bonfire_used:
        return 1
    spaces = state.index.spaces
    return _great_bonfire_prices(spaces, state.pointer, True)[spaces.index(space)]


@functools.lru_cache(maxsize=64)
def _great_bonfire_prices(spaces: tuple[str, ...], pointer: str, used: bool) -> tuple[int, ...]:
    """Great Bonfire tiles to turn the pointer to each of ``spaces`` (``bonfire.great-bonfire.turn``); 0: not
    allowed.

    The first use in the GAME (by anyone) costs 1 tile and reaches any space; from then on every use, whoever
    makes it, pays 1 tile a space clockwise, 3 for any space (``bonfire.assume.great-bonfire-moves``: it must move).
    """
    if not used:
        return (1,) * len(spaces)
    here = spaces.index(pointer)
    return tuple(0 if steps == 0 else min(steps, 3) for steps in ((j - here) % len(spaces) for j in range(len(spaces))))


def _payment(state: State, k: int, action: Action) -> Paid:
    seat = state.seats[k]
    return pay_exact(seat.resources, seat.tiles, action_cost(state, k, action), state.index,
                     double_joker=_has(seat, "double_joker"), check=False)


def _tile_reach(state: State, seat: Seat) -> Mapping[str, int]:
    """The most tiles of each action type ``seat`` can pay, substitutes included
    (:func:`~explorer.bonfire.payment.most_tiles_each`); worked out once per seat and remembered on it (a seat is
    immutable)."""
    reach = seat.__dict__.get("_reach")
    if reach is None:
        reach = _most_tiles_each(seat.tiles, state.index, _has(seat, "double_joker"))
        object.__setattr__(seat, "_reach", reach)
    return reach


@functools.lru_cache(maxsize=1 << 14)
def _most_tiles_each(tiles: tuple[int, ...], ix: Index, double_joker: bool) -> Mapping[str, int]:
    """:func:`~explorer.bonfire.payment.most_tiles_each`, remembered by value (holdings recur), read-only."""
    return MappingProxyType(most_tiles_each(tiles, ix, double_joker=double_joker))


@functools.lru_cache(maxsize=1 << 14)
def _resources_payable(resources: tuple[int, ...], wanted: tuple[str, ...], ix: Any) -> bool:
    """True if the resources ``wanted`` can be paid from ``resources``, substitutes included (remembered: the same
    holdings and costs recur)."""
    return can_cover(pay_exact(resources, _nothing(len(ix.actions)), Cost(None, 0, wanted), ix, check=False), ix)


def _can_pay(state: State, k: int, cost: Cost) -> bool:
    """True if seat ``k`` can pay ``cost``, with substitutes where needed (``bonfire.pay.*``)."""
    return _payable_by(state, state.seats[k], cost)


def _payable_by(state: State, seat: Seat, cost: Cost) -> bool:
    """True if ``seat`` can pay ``cost`` (:func:`_can_pay`): its tiles and its resources are paid from separate
    holdings, so each part is checked on its own."""
    if cost.action is not None and cost.tiles > _tile_reach(state, seat)[cost.action]:
        return False
    return not cost.resources or _resources_payable(seat.resources, cost.resources, state.index)


def _unpayable(state: State, k: int, action: Action) -> IllegalAction | None:
    cost = action_cost(state, k, action)
    if _can_pay(state, k, cost):
        return None
    paid = _payment(state, k, action)
    rule = "bonfire.pay.substitute-action" if paid.tiles_missing else "bonfire.pay.substitute-resource"
    wants = [tiles_words(cost.action, cost.tiles)]
    wants += [("1 resource of your choice" if r == ANY else f"1 {r}") for r in cost.resources]
    return _refuse(rule, f"{action_words(state, action)} costs {', '.join(wants)}, and {state.seats[k].colour} cannot pay that even with "
                         f"substitutes (1 yellow or 2 other tiles for a tile, 1 gold or 2 other resources for a "
                         f"resource)", action)


# ---- procession stops ------------------------------------------------------------------------------------
def procession_stops(state: State, k: int, guardian: str, steps: int) -> list[Move]:
    """Where ``guardian`` of seat ``k`` may end a procession of ``steps`` steps, as :class:`Move` actions (``stay``
    first, then path positions, then bonfires; without the Chosen Harvest resource).

    She walks the path tile by tile and stops before an occupied tile (``bonfire.procession.one-per-space``,
    ``bonfire.assume.procession-up-to``; Crowded Path lets tiles be shared, ``bonfire.specialist.crowded-path``), or
    steps from her tile into the
    bonfire beside it through a portal, if no guardian is there (``bonfire.procession.step``).
    """
    seat, board = state.seats[k], state.components.player_board
    here = next(at for colour, where, at in seat.guardians if colour == guardian)
    crowded = _has(seat, "crowded_path")
    on_path = {at for colour, where, at in seat.guardians if where == "path" and colour != guardian}
    on_bonfire = {at for colour, where, at in seat.guardians if where == "bonfire"}
    stops = [Move(guardian, "stay")]
    reach = [here]
    for at in range(here + 1, min(here + steps, len(seat.path)) + 1):
        if at in on_path and not crowded:
            break
        reach.append(at)
        stops.append(Move(guardian, "path", at))
    for at in reach:
        if at - here >= steps:
            continue
        bonfire = board.bonfire_beside(at)
        if seat.portals[bonfire] is not None and bonfire not in on_bonfire:
            stops.append(Move(guardian, "bonfire", bonfire))
    return stops


def _where(seat: Seat, guardian: str) -> tuple[str, int]:
    return next((where, at) for colour, where, at in seat.guardians if colour == guardian)


def movers(state: State, step: Step) -> tuple[str, ...]:
    """The guardians of a ``march`` step who may move now: the one furthest ahead, and every guardian still to move
    on the same tile (several share the starting tile): the player chooses which of them moves first
    (``bonfire.procession.one-per-space``, rulebook p. 10)."""
    seat = state.seats[step.seat]
    front = _where(seat, step.items[0])
    return tuple(g for g in step.items if _where(seat, g) == front)


def _march_moves(state: State, step: Step) -> list[Move]:
    """The moves open in a ``march`` step: where each guardian of :func:`movers` may end (Chosen Harvest: with
    each resource, ``bonfire.specialist.chosen-harvest``)."""
    seat = state.seats[step.seat]
    stops = [move for g in movers(state, step) for move in procession_stops(state, step.seat, g, step.count)]
    if not (_has(seat, "chosen_harvest") and step.flag):
        return stops
    out = []
    for move in stops:
        if move.to == "path":
            out.extend(Move(move.guardian, "path", move.at, r) for r in state.index.resources)
        else:
            out.append(move)
    return out


# ---- legal actions ----------------------------------------------------------------------------------------
def legal_actions(state: State) -> list[Action]:
    """The legal actions of the player who decides the due step, in a fixed order, generated directly from the
    rules of that kind of step (:data:`_OPTIONS`). :func:`refusal` explains why any other action is refused; the
    legality property test (``tests/bonfire/test_bonfire_legality.py``) checks that the two agree.
    """
    if not state.pending or state.is_chance_node:
        return []
    step = state.pending[0]
    options = _OPTIONS.get(step.kind)
    return [] if options is None else options(state, step)


def _start_tile_options(state: State, step: Step) -> list[Action]:
    """The starting fate tile: the spare, or the 4th tile swapped in (``bonfire.setup.start-fate-tile``)."""
    return list(_START_TILES)


_START_TILES = (StartTile(False), StartTile(True))


def _cover_options(state: State, step: Step) -> list[Action]:
    """The substitutes for the first missing item that leave the rest payable (``bonfire.pay.substitute-*``).

    Missing tiles are covered first, then missing resources, each from its own holding: while tiles are covered
    the resources still to pay stay payable (the payment was), so the choices depend on the tiles alone, and then
    on the resources alone. Each is asked with only what it depends on, so the remembered answers recur."""
    seat, ix = state.seats[step.seat], state.index
    if step.count:
        return list(_cover_choices(_nothing(len(ix.resources)), seat.tiles, step.what, step.count, (),
                                   _has(seat, "double_joker"), ix))
    return list(_cover_choices(seat.resources, _nothing(len(ix.actions)), step.what, 0, step.items, False, ix))


@functools.lru_cache(maxsize=16)
def _nothing(n: int) -> tuple[int, ...]:
    """``n`` zero counts."""
    return (0,) * n


@functools.lru_cache(maxsize=1 << 14)
def _cover_choices(resources: tuple[int, ...], tiles: tuple[int, ...], action: str | None, count: int,
                   missing: tuple[str, ...], double_joker: bool, ix: Index) -> tuple[Cover, ...]:
    """A cover by each of :func:`~explorer.bonfire.payment.cover_options` for the payment under way (the payer's
    holdings and what is missing: :func:`_cover_paid`); remembered, as payments recur."""
    paid = Paid(resources, tiles, action, count, missing, double_joker)
    return tuple(Cover(items) for items in cover_options(paid, ix))


def _dock_options(state: State, step: Step) -> list[Action]:
    """After docking: a claim at the island, or skip (``bonfire.assume.dock-claim``, ``bonfire.boat.extra-claim``)."""
    k = state.current_player
    return [*_claim_options(state, k, state.seats[k]), _SKIP]


_SKIP = Skip()


def _march_options(state: State, step: Step) -> list[Action]:
    """Where each guardian who may move now can end (``bonfire.procession.*``)."""
    return _march_moves(state, step)


def _sit_options(state: State, step: Step) -> list[Action]:
    """The council seats without a novice of the colour waiting to sit (``bonfire.assume.seat-capacity``; a neutral
    novice: without a neutral one, ``bonfire.bonus.common-task``)."""
    sits = _made(state.components).sits
    return [sits[seat_id] for seat_id, novices in zip(state.index.seats, state.council) if step.what not in novices]


def _take_options(state: State, step: Step) -> list[Action]:
    """A bonus item of the player's choice: any resource, or an action tile the supply still has
    (``bonfire.ignite.seat-bonus``, ``bonfire.assume.supply-runs-out``)."""
    ix, takes = state.index, _made(state.components).takes
    if step.what == "resource":
        return [takes[r] for r in ix.resources]
    return [takes[a] for a, left in zip(ix.actions, state.supply) if left]


def _act_options(state: State, step: Step, *, first: bool = False) -> list[Action]:
    """The three options of a turn (``bonfire.turn.options``), in a fixed order: I (returns, then fate tiles), II
    (boat, claims at the boat's island, processions, path tiles, the Great Bonfire, gnomes), III (ignite), and in
    the countdown ``pass``. Once tiles have been returned only option I is left
    (``bonfire.assume.return-before-fate``). With ``first``, the list may stop once it holds any (:func:`_can_act`).
    """
    k = state.current_player
    seat, c, ix = state.seats[k], state.components, state.index
    made = _made(c)
    out: list[Action] = []
    placeable = _fate_choices(state, seat)
    if sum(seat.tiles) > fate_limit(seat):  # bonfire.fate.when: hand tiles back first
        if placeable:
            out += [made.returns[a] for a, n in zip(ix.actions, seat.tiles) if n]
    else:
        out += placeable
    if step.flag or (first and out):
        return out
    reach = _tile_reach(state, seat)
    out += _sails(made, c, seat.boat, reach["boat"])                 # bonfire.boat.cost
    if seat.boat is not None:
        out += _claim_options(state, k, seat)
    if first and out:
        return out
    if _can_walk(state, k, seat):                                     # bonfire.procession.step
        out += made.processions[:reach["guardian"]]
    if len(seat.path) < MAX_PATH_TILES and c.player_board.path_slots[len(seat.path)].cost <= reach["path"]:
        out += [made.paths[kind] for kind in dict.fromkeys(t for t in state.path_display if t)]
        if _path_pile_left(state):
            out.append(made.from_pile)
    if great := reach["great_bonfire"]:
        wanted = _portal_wanted(made, seat.portals)                  # bonfire.assume.portal-rightmost
        prices = _great_bonfire_prices(ix.spaces, state.pointer, state.great_bonfire_used)
        for space, tiles, portals in zip(ix.spaces, prices, state.portals):
            if tiles and tiles <= great:                              # bonfire.great-bonfire.portal
                out += made.great[space][wanted is not None and wanted in portals]
    if len(seat.gnomes) < MAX_GNOMES and reach["gnome"]:             # bonfire.gnome.limit, bonfire.gnome.cost
        out += _recruits(state, seat)
    for b, disc in enumerate(seat.tasks):                            # bonfire.ignite.when
        if disc and not seat.lit[b] and holds(state, k, c.task_discs[disc].condition):
            out.append(made.ignites[b])
    if state.countdown:                                               # bonfire.end.pass
        out.append(made.pass_)
    return out


def _recruits(state: State, seat: Seat) -> tuple[Recruit, ...]:
    """The recruits of the gnomes on display that ``seat`` can pay (``bonfire.gnome.cost``: by the card's resource,
    any with Flexible Pay), elders first."""
    return _recruits_payable(state.elders, state.specialists, seat.resources, _tile_reach(state, seat)["gnome"],
                             _has(seat, "flexible_pay"), state.index, _made(state.components))


def _recruits_payable(elders: tuple[str | None, ...], specialists: tuple[str | None, ...],
                      resources: tuple[int, ...], gnome_tiles: int, flexible: bool, ix: Index,
                      made: _Made) -> tuple[Recruit, ...]:
    """:func:`_recruits` for a display, the payer's resources, the most gnome tiles they can pay and whether they
    have Flexible Pay."""
    found: list[Recruit] = []
    ways = _recruit_payments(resources, gnome_tiles, ix)
    recruits, paid_with = made.recruits, made.resources
    for card in (*elders, *specialists):
        if card:
            found += recruits[card][ways[ANY if flexible else paid_with[card]]]
    return tuple(found)


@functools.lru_cache(maxsize=1 << 14)
def _recruit_payments(resources: tuple[int, ...], gnome_tiles: int, ix: Index) -> Mapping[str, tuple[str, ...]]:
    """For each resource a gnome may be paid with (any, with Flexible Pay), the ways (:data:`RECRUIT_PAYMENTS`) a
    payer holding ``resources`` and able to pay ``gnome_tiles`` gnome tiles can pay for it (``bonfire.gnome.cost``);
    remembered by value, read-only."""
    return MappingProxyType({resource: tuple(pay for pay in RECRUIT_PAYMENTS
                                             if (cost := _recruit_cost(resource, pay)).tiles <= gnome_tiles
                                             and _resources_payable(resources, cost.resources, ix))
                             for resource in (*ix.resources, ANY)})


class _Made:
    """The actions of one board, each made once: actions are values, so one object serves every state (and
    listing the legal actions makes none)."""

    def __init__(self, c: Any) -> None:
        ix = Index.of(c)
        self.returns = {a: Return(a) for a in ix.actions}
        self.sails = {i: Sail(i) for i in c.islands}
        self.processions = tuple(Procession(n) for n in range(1, MAX_PROCESSION_STEPS + 1))
        self.paths = {kind: BuildPath(*kind.split()) for kind in ix.path_kinds}
        self.from_pile = BuildFromPile()
        self.great = {space: (tuple(UseGreatBonfire(space, pair) for pair in REWARD_PAIRS if "portal" not in pair),
                              tuple(UseGreatBonfire(space, pair) for pair in REWARD_PAIRS))
                      for space in ix.spaces}
        """Per space: the uses without a portal, and all of them (``[with_portal]``)."""
        self.recruits = {card: {pays: tuple(Recruit(card, pay) for pay in pays)
                                for pays in _in_order_subsets(RECRUIT_PAYMENTS)}
                         for card in (*c.elders, *c.specialists)}
        """Per gnome card: its recruits with each set of ways to pay (:func:`_recruit_payments`)."""
        self.resources = {card: info.resource for card, info in (*c.elders.items(), *c.specialists.items())}
        """The resource each gnome card is paid with."""
        self.ignites = tuple(Ignite(b) for b in range(len(c.player_board.bonfires)))
        self.claims = {colour: ClaimGuardian(colour) for colour in c.guardians}
        self.task_discs = frozenset(c.task_discs)
        self.bonfire_portals = tuple(b.portal for b in c.player_board.bonfires)
        """The portal symbol each bonfire's portal space shows."""
        self.tasks = {(disc, stack, b): TakeTask(disc, stack, b) for disc in c.task_discs
                      for stack in OFFERING_STACK_NAMES for b in range(len(c.player_board.bonfires))}
        """Taking each task disc with the offering disc of each stack onto each bonfire."""
        self.sits = {seat_id: SitAt(seat_id) for seat_id in ix.seats}
        self.takes = {item: Take(item) for item in (*ix.resources, *ix.actions)}
        self.pass_ = Pass()
        self.fate_tiles = {t.id: t for t in c.fate_tiles}
        """Each fate tile by its id."""
        self.fate_placing = {t.id: _fate_placings(t, c.fate_area) for t in c.fate_tiles}
        """Per fate tile: placing it on each strip of 3 squares of the fate area, by the strip's squares."""
        board = c.player_board
        self.beside = tuple(board.bonfire_beside(slot) for slot in range(len(board.path_slots) + 1))
        """The bonfire beside each path slot (0: the starting tile)."""


def _fate_placings(tile: Any, layout: Any) -> dict[tuple[Square, ...], tuple[PlaceFate, ...]]:
    """Placing ``tile`` on each strip of ``layout`` (:func:`~explorer.bonfire.fate.strips`), by the strip's
    squares: unturned, then turned end for end unless that shows the same symbols (``bonfire.fate.orientation``,
    ``bonfire.assume.fate-reversed``; the order of :func:`~explorer.bonfire.fate.placements`)."""
    turns = fate_area.turning_shows_more(tile)
    return {squares: (PlaceFate(tile.id, plain), *((PlaceFate(tile.id, turned),) if turns else ()))
            for squares, plain, turned in fate_area.strips(layout.rows, layout.cols)}


def _in_order_subsets(items: tuple[str, ...]) -> list[tuple[str, ...]]:
    """Every subset of ``items``, each in the order of ``items``."""
    return [subset for size in range(len(items) + 1) for subset in itertools.combinations(items, size)]


@functools.cache
def _made(components: Any) -> _Made:
    """The actions of ``components``' board (:class:`_Made`), made once."""
    return _Made(components)


_OPTIONS: dict[str, Callable[[State, Step], list[Action]]] = {
    "start-tile": _start_tile_options, "cover": _cover_options, "dock": _dock_options, "march": _march_options,
    "sit": _sit_options, "take": _take_options, "act": _act_options}
"""The legal actions of each kind of step a player decides."""


def _can_act(state: State) -> bool:
    """True if the player of the due ``act`` step has any option (``bonfire.turn.stuck``). The options found are
    the state's legal actions: they are remembered on it (the state is new, made by the turn's end)."""
    options = tuple(_act_options(state, state.pending[0]))
    state.remember_legal(options)
    return bool(options)


@functools.lru_cache(maxsize=1024)
def _sails(made: _Made, components: Any, boat: str | None, boat_tiles: int) -> tuple[Sail, ...]:
    """The voyages a boat at ``boat`` can make with at most ``boat_tiles`` boat tiles (:func:`_voyages`)."""
    return tuple(made.sails[island] for island, tiles in _voyages(components, boat) if tiles <= boat_tiles)


@functools.cache
def _voyages(components: Any, boat: str | None) -> tuple[tuple[str, int], ...]:
    """Each island a boat at ``boat`` can sail to, with the boat tiles it costs (:func:`boat_cost`), in the order of
    the islands."""
    return tuple((i, boat_cost(boat, i, components)) for i in components.islands if i != boat)


def _can_walk(state: State, k: int, seat: Seat) -> bool:
    """True if some guardian of ``seat`` (seat ``k``) on the path can end a procession anywhere but where she stands
    (``bonfire.procession.step``); worked out once per seat and remembered on it. One step is enough to know: with
    more steps a guardian reaches further only along tiles she could already step onto (:func:`procession_stops`).
    """
    walk = seat.__dict__.get("_walk")
    if walk is None:
        beside = _made(state.components).beside
        walk = any(_can_step(seat, at, beside[at]) for _, where, at in seat.guardians if where == "path")
        object.__setattr__(seat, "_walk", walk)
    return walk


def _can_step(seat: Seat, here: int, bonfire: int) -> bool:
    """True if a guardian of ``seat`` on path tile ``here`` can take one step (:func:`procession_stops` with one
    step lists more than ``stay``): onto the next tile built if no guardian stands there (Crowded Path: even if
    one does), or through the portal of ``bonfire``, the bonfire beside her, if no guardian is in it."""
    if here < len(seat.path) and (_has(seat, "crowded_path")
                                  or not any(w == "path" and at == here + 1 for _, w, at in seat.guardians)):
        return True
    return seat.portals[bonfire] is not None and not any(w == "bonfire" and at == bonfire
                                                         for _, w, at in seat.guardians)


def _fate_choices(state: State, seat: Seat) -> tuple[PlaceFate, ...]:
    """The fate placements open to ``seat`` (top or bottom tile), remembered on its fate area (immutable): the
    same area comes back turn after turn until a tile is placed."""
    if not seat.stack:
        return ()
    area = seat.fate
    ends = (seat.stack[0], seat.stack[-1])
    known = area.__dict__.get("_choices")
    if known is None:
        known = {}
        object.__setattr__(area, "_choices", known)
    found = known.get(ends)
    if found is None:
        placing, strips = _made(state.components).fate_placing, fate_area.open_strips(area)
        found = ()
        for tile_id in dict.fromkeys(ends):
            if tile_id not in area.tile_ids:
                ways = placing[tile_id]
                found += tuple(itertools.chain.from_iterable([ways[squares] for squares, _, _ in strips]))
        known[ends] = found
    return found


def _claim_options(state: State, k: int, seat: Seat) -> list[Action]:
    """The claims at the boat's island: a task disc there onto a free bonfire with a face-up offering disc whose
    price the player can pay (``bonfire.task.*``), or the island's guardian if the player has none of her colour,
    one is left, the starting tile has room and the guardian tile can be paid (``bonfire.guardian.*``)."""
    c = state.components
    island = c.islands.get(seat.boat) if seat.boat else None
    if island is None:
        return []
    if island.kind == "guardian":
        colour = island.guardian
        if (colour in c.guardians and all(g != colour for g, _, _ in seat.guardians)
                and state.guardians[state.index.guardian_colours.index(colour)]
                and sum(1 for _, where, at in seat.guardians if where == "path" and at == 0) < MAX_GUARDIANS_ON_START
                and _can_pay(state, k, _ONE_GUARDIAN_TILE)):
            return [_made(c).claims[colour]]
        return []
    if island.kind != "task":
        return []
    made = _made(c)
    discs, own = _island_discs(made, state.island_content(island.id), seat.colour)
    free = _free_bonfires(seat.tasks)
    if not discs or not free:
        return []
    if own + 1 > _tile_reach(state, seat)["task"]:  # the task tiles (the same with either stack) cannot be paid
        return []
    stacks = [stack for j, stack in enumerate(OFFERING_STACK_NAMES) if seat.offering_up[j] is not None
              and _resources_payable(seat.resources, _task_cost(state, seat, j, own).resources, state.index)]
    return list(_task_claims(made, discs, tuple(stacks), free))


@functools.lru_cache(maxsize=1 << 10)
def _portal_wanted(made: _Made, portals: tuple[str | None, ...]) -> str | None:
    """The portal symbol a new portal would need: that of the rightmost bonfire without one
    (``bonfire.assume.portal-rightmost``; ``portals``: the portal on each bonfire); ``None`` when all have one."""
    free = [b for b, p in enumerate(portals) if p is None]
    return made.bonfire_portals[free[-1]] if free else None


@functools.lru_cache(maxsize=1 << 12)
def _island_discs(made: _Made, content: tuple[str, ...], colour: str) -> tuple[tuple[str, ...], int]:
    """The task discs among a task island's ``content``, and how many of its offering discs are ``colour``'s
    (:func:`_own_offerings`); remembered, as islands change slowly."""
    return tuple(d for d in content if d in made.task_discs), _own_offerings(content, colour)


@functools.lru_cache(maxsize=1 << 10)
def _free_bonfires(tasks: tuple[str | None, ...]) -> tuple[int, ...]:
    """The bonfires without a task disc (``tasks``: the disc on each)."""
    return tuple(b for b, disc in enumerate(tasks) if disc is None)


@functools.lru_cache(maxsize=1 << 12)
def _task_claims(made: _Made, discs: tuple[str, ...], stacks: tuple[str, ...], free: tuple[int, ...]
                 ) -> tuple[TakeTask, ...]:
    """Taking each of ``discs`` with the offering disc of each of ``stacks`` onto each of the ``free`` bonfires, in
    that order (remembered: the same discs, stacks and bonfires recur turn after turn)."""
    return tuple(made.tasks[disc, stack, b] for disc in discs for stack in stacks for b in free)


_ONE_GUARDIAN_TILE = Cost("guardian", 1)
"""A guardian's cost (``bonfire.guardian.claim``)."""


@functools.lru_cache(maxsize=64)
def _step_of(kind: str, seat: int) -> Step:
    """The step ``kind`` of seat ``seat`` with nothing more to it (``act``, ``end-turn``; made once)."""
    return Step(kind, seat)


def _cover_paid(state: State, step: Step) -> Paid:
    seat = state.seats[step.seat]
    return Paid(seat.resources, seat.tiles, step.what, step.count, step.items, _has(seat, "double_joker"))


def refusal(state: State, action: Any) -> IllegalAction | None:
    """Why ``action`` cannot be taken now by the player who decides, naming the rule; ``None`` if it is legal.

    The state is never changed. Chance steps and the end of the game are the contract's
    (:meth:`~explorer.core.GameState.explain`).
    """
    if not state.pending or state.is_chance_node:
        return _refuse("bonfire.turn.options", "no player decides now", action)
    step = state.pending[0]
    k = state.current_player
    seat = state.seats[k]
    kind = step.kind
    expected = {"start-tile": StartTile, "cover": Cover, "march": Move, "sit": SitAt, "take": Take}
    if kind in expected and not isinstance(action, expected[kind]):
        return _refuse(_STEP_RULE[kind], f"{seat.colour} must first {_STEP_TEXT[kind]}", action,
                       notation=_STEP_NOTATION[kind])
    if kind == "dock" and not isinstance(action, (TakeTask, ClaimGuardian, Skip)):
        return _refuse("bonfire.assume.dock-claim", f"{seat.colour} has just docked: claim a task disc or the "
                                                   f"guardian here, or skip", action)
    if kind == "act" and isinstance(action, (StartTile, Cover, Move, SitAt, Take, Skip, Draw)):
        return _refuse("bonfire.turn.options", f"{action_words(state, action)} is not one of the three options "
                                                f"of a turn (a fate tile, an action paid with action tiles, or "
                                                f"lighting a bonfire)", action)
    if kind == "act" and step.flag and not isinstance(action, (Return, PlaceFate)):
        return _refuse("bonfire.assume.return-before-fate", f"{seat.colour} has returned tiles to place a fate tile "
                                                            f"this turn: place one now or hand back more",
                       action, notation="fate <tile> <square> <direction> | return <tile>")
    check = _CHECKS.get(type(action))
    if check is None:
        return _refuse("bonfire.turn.options", "that is not a Bonfire action", action,
                       notation="an action such as boat <island> or ignite <bonfire>")
    return check(state, k, seat, step, action)


_STEP_RULE = {"start-tile": "bonfire.setup.start-fate-tile", "cover": "bonfire.pay.action-tiles",
              "march": "bonfire.procession.step", "sit": "bonfire.ignite.novice", "take": "bonfire.ignite.seat-bonus"}
_STEP_TEXT = {"start-tile": "choose the starting fate tile: the spare, or the 4th tile of the summary board",
              "cover": "pay what is missing", "march": "move the guardians of the procession",
              "sit": "put the novice on a council seat", "take": "choose the bonus item"}
_STEP_NOTATION = {"start-tile": "start-tile spare | start-tile swap", "cover": "cover <items>",
                  "march": "move <guardian> path|bonfire <n> | move <guardian> stay", "sit": "seat <seat>",
                  "take": "take <item>"}


def _check_start_tile(state: State, k: int, seat: Seat, step: Step, action: StartTile) -> IllegalAction | None:
    return None if isinstance(action.swap, bool) else _refuse("bonfire.setup.start-fate-tile",
                                                              "the starting fate tile is the spare, or the 4th "
                                                              "tile of the summary board swapped in", action,
                                                              notation="start-tile spare | start-tile swap")


def _check_cover(state: State, k: int, seat: Seat, step: Step, action: Cover) -> IllegalAction | None:
    paid = _cover_paid(state, step)
    if tuple(action.items) in cover_options(paid, state.index):
        return None
    rule = "bonfire.pay.substitute-action" if paid.tiles_missing else "bonfire.pay.substitute-resource"
    missing = (f"{tile_name(paid.action)} tile" if paid.tiles_missing
               else "resource of their choice" if paid.resources_missing[0] == ANY else paid.resources_missing[0])
    return _refuse(rule, f"{seat.colour} cannot pay the missing {missing} with {cover_words(action.items, state.index.resources)}: a missing "
                         f"tile takes 1 yellow or 2 other tiles held, a missing resource 1 gold or 2 other resources "
                         f"held, and the rest must stay payable", action)


def _check_return(state: State, k: int, seat: Seat, step: Step, action: Return) -> IllegalAction | None:
    ix = state.index
    if action.tile not in ix.actions or not seat.tiles[ix.actions.index(action.tile)]:
        return _refuse("bonfire.fate.when", f"{seat.colour} holds no {tile_name(action.tile)} tile to hand "
                                            f"back", action)
    if sum(seat.tiles) <= fate_limit(seat):
        return _refuse("bonfire.assume.return-before-fate", f"{seat.colour} already holds few enough action tiles "
                                                            f"to place a fate tile; tiles are returned only to make "
                                                            f"room for one", action)
    if not _fate_choices(state, seat):
        return _refuse("bonfire.assume.return-before-fate", f"{seat.colour} has no fate tile that fits, so "
                                                            f"returning tiles would serve nothing", action)
    return None


def _check_fate(state: State, k: int, seat: Seat, step: Step, action: PlaceFate) -> IllegalAction | None:
    held, limit = sum(seat.tiles), fate_limit(seat)
    if held > limit:
        return _refuse("bonfire.fate.when", f"{seat.colour} holds {held} action tiles; a fate tile may be placed "
                                            f"only with at most {limit} (hand the others back first)", action)
    ends = (seat.stack[0], seat.stack[-1]) if seat.stack else ()
    if action.tile not in ends:
        where = "already in the fate area" if action.tile in seat.fate.tile_ids else "not the top or bottom one"
        shown = " or ".join(dict.fromkeys(fate_tile_words(state.components, e) for e in ends)) or "none"
        return _refuse("bonfire.fate.top-or-bottom", f"{fate_tile_words(state.components, action.tile)} is {where}; "
                                                     f"{seat.colour} may place {shown}", action)
    tile = next(t for t in state.components.fate_tiles if t.id == action.tile)
    why = fate_area._refusal(seat.fate, tile, action.placement)
    return None if why is None else _refuse(why[0], why[1], action)


def _check_sail(state: State, k: int, seat: Seat, step: Step, action: Sail) -> IllegalAction | None:
    if action.island not in state.components.islands:
        return _refuse("bonfire.boat.cost", f"there is no island called {action.island}", action)
    if action.island == seat.boat:
        return _refuse("bonfire.boat.cost", f"{seat.colour}'s boat already lies at "
                                            f"{island_name(state.components, action.island)}; a move ends on "
                                            f"another island", action)
    return _unpayable(state, k, action)


def _check_task(state: State, k: int, seat: Seat, step: Step, action: TakeTask) -> IllegalAction | None:
    """A task disc is taken at the boat's island (``bonfire.task.at-island``) onto a free task space, each task
    space being a bonfire the player chooses (``bonfire.task.board-space``, ``bonfire.assume.task-space-bonfire``).
    """
    c = state.components
    island = c.islands.get(seat.boat) if seat.boat else None
    if island is None or island.kind != "task":
        return _refuse("bonfire.task.at-island", f"{seat.colour}'s boat lies at no task island", action)
    if action.disc not in c.task_discs or action.disc not in state.island_content(island.id):
        return _refuse("bonfire.task.at-island", f"task disc {action.disc} is not at {island.name}, where "
                                                 f"{seat.colour}'s boat lies", action)
    if action.offering not in OFFERING_STACK_NAMES:
        return _refuse("bonfire.task.resources", "the offering stacks are the top and the bottom one",
                       action)
    if seat.offering_up[OFFERING_STACK_NAMES.index(action.offering)] is None:
        return _refuse("bonfire.task.resources", f"{seat.colour}'s {action.offering} offering stack is empty",
                       action)
    if not 0 <= action.bonfire < len(seat.tasks):
        return _refuse("bonfire.task.board-space", f"the bonfires are 0-{len(seat.tasks) - 1}", action)
    if seat.tasks[action.bonfire] is not None:
        return _refuse("bonfire.task.board-space", f"bonfire {action.bonfire} already holds task disc "
                                                   f"{seat.tasks[action.bonfire]}", action)
    return _unpayable(state, k, action)


def _check_guardian(state: State, k: int, seat: Seat, step: Step, action: ClaimGuardian) -> IllegalAction | None:
    c = state.components
    if action.colour not in c.guardians:
        return _refuse("bonfire.guardian.claim", f"there is no {action.colour} guardian; the guardians are "
                                                 f"{', '.join(c.guardians)}", action)
    island = c.islands.get(seat.boat) if seat.boat else None
    if island is None or island.guardian != action.colour:
        here = f"at {island.name}" if island else "at the entrance"
        return _refuse("bonfire.guardian.claim", f"a {action.colour} guardian is claimed at her own island; "
                                                 f"{seat.colour}'s boat lies {here}", action)
    if any(colour == action.colour for colour, _, _ in seat.guardians):
        return _refuse("bonfire.guardian.claim", f"{seat.colour} already has a {action.colour} guardian", action)
    if not state.guardians[state.index.guardian_colours.index(action.colour)]:
        return _refuse("bonfire.guardian.claim", f"no {action.colour} guardian is left on {island.name}", action)
    on_start = sum(1 for _, where, at in seat.guardians if where == "path" and at == 0)
    if on_start >= MAX_GUARDIANS_ON_START:
        return _refuse("bonfire.guardian.start-limit", f"{seat.colour}'s starting tile already holds "
                                                       f"{MAX_GUARDIANS_ON_START} guardians", action)
    return _unpayable(state, k, action)


def _check_procession(state: State, k: int, seat: Seat, step: Step, action: Procession) -> IllegalAction | None:
    """1 to 7 steps (``bonfire.assume.procession-max``), one more with Long Stride (``bonfire.specialist.long-
    stride``), and some guardian must be able to move (``bonfire.procession.step``)."""
    if not 1 <= action.steps <= MAX_PROCESSION_STEPS:
        return _refuse("bonfire.assume.procession-max", f"a procession has 1 to {MAX_PROCESSION_STEPS} steps",
                       action)
    extra = 1 if _has(seat, "long_stride") else 0
    if not any(len(procession_stops(state, k, g, action.steps + extra)) > 1 for g in _guardian_order(state, seat)):
        return _refuse("bonfire.procession.step", f"none of {seat.colour}'s guardians could take a step (no path "
                                                   f"tile free ahead, no portal to a free bonfire)", action)
    return _unpayable(state, k, action)


def _check_path(state: State, k: int, seat: Seat, step: Step, action: BuildPath) -> IllegalAction | None:
    if f"{action.colour} {action.resource}" not in state.path_display:
        return _refuse("bonfire.path.build", f"no face-up path tile shows a {action.colour} crystal and "
                                             f"{action.resource}", action)
    if len(seat.path) >= MAX_PATH_TILES:
        return _refuse("bonfire.path.cost", f"{seat.colour} has built all {MAX_PATH_TILES} path tiles", action)
    return _unpayable(state, k, action)


def _path_pile_left(state: State) -> int:
    """Path tiles face down in the piles: the unseen ones and those put under by a refresh."""
    return sum(state.path_pile) + len(state.path_bottom)


def _check_path_pile(state: State, k: int, seat: Seat, step: Step, action: BuildFromPile) -> IllegalAction | None:
    if len(seat.path) >= MAX_PATH_TILES:
        return _refuse("bonfire.path.cost", f"{seat.colour} has built all {MAX_PATH_TILES} path tiles", action)
    if not _path_pile_left(state):
        return _refuse("bonfire.path.build", "the path piles are empty: only a face-up path tile can be built",
                       action)
    return _unpayable(state, k, action)


def _check_great_bonfire(state: State, k: int, seat: Seat, step: Step, action: UseGreatBonfire
                         ) -> IllegalAction | None:
    if action.space not in state.index.spaces:
        return _refuse("bonfire.great-bonfire.turn", f"the Great Bonfire has no space called "
                                                             f"{space_name(action.space)}", action)
    if tuple(action.rewards) not in REWARD_PAIRS:
        return _refuse("bonfire.great-bonfire.rewards", "take 2 of the 3 rewards: the action tile; the resource or 2 "
                                                        "points; a portal", action)
    if not _great_bonfire_tiles(state, seat, action.space):
        return _refuse("bonfire.assume.great-bonfire-moves", f"the pointer already shows "
                                                             f"{space_name(action.space)}; it must "
                                                             f"move", action)
    if "portal" in action.rewards:
        free = [b for b, p in enumerate(seat.portals) if p is None]
        if not free:
            return _refuse("bonfire.assume.portal-rightmost", f"every portal space of {seat.colour}'s board is "
                                                              f"full", action)
        wanted = state.components.player_board.bonfires[free[-1]].portal
        if wanted not in state.portals[state.index.spaces.index(action.space)]:
            return _refuse("bonfire.great-bonfire.portal", f"{seat.colour}'s rightmost free portal space (bonfire "
                                                           f"{free[-1]}) needs a {wanted} portal, and "
                                                           f"{space_name(action.space)} "
                                                           f"has none", action)
    return _unpayable(state, k, action)


def _check_recruit(state: State, k: int, seat: Seat, step: Step, action: Recruit) -> IllegalAction | None:
    if action.card not in state.elders and action.card not in state.specialists:
        return _refuse("bonfire.gnome.cost", f"{card_name(state.components, action.card)} is not on "
                                         f"display", action)
    if action.payment not in RECRUIT_PAYMENTS:
        return _refuse("bonfire.gnome.cost", "a gnome is paid with 2 gnome tiles and its resource, or "
                                             "with 1 gnome tile and 2 of its resource", action,
                       notation="gnome <card> 2-tiles | gnome <card> 1-tile")
    if len(seat.gnomes) >= MAX_GNOMES:
        return _refuse("bonfire.gnome.limit", f"{seat.colour} already has {MAX_GNOMES} gnomes", action)
    return _unpayable(state, k, action)


def _check_ignite(state: State, k: int, seat: Seat, step: Step, action: Ignite) -> IllegalAction | None:
    if not 0 <= action.bonfire < len(seat.tasks):
        return _refuse("bonfire.ignite.when", f"the bonfires are 0-{len(seat.tasks) - 1}, from the left", action)
    if seat.tasks[action.bonfire] is None:
        return _refuse("bonfire.ignite.when", f"bonfire {action.bonfire} holds no task disc of {seat.colour}'s",
                       action)
    if seat.lit[action.bonfire]:
        return _refuse("bonfire.ignite.when", f"bonfire {action.bonfire} is already lit", action)
    disc = state.components.task_discs[seat.tasks[action.bonfire]]
    if not holds(state, k, disc.condition):
        return _refuse("bonfire.ignite.when", f"task disc {disc.id} asks for {disc.condition.text}, and "
                                              f"{seat.colour}'s board does not show it yet", action)
    return None


def _check_pass(state: State, k: int, seat: Seat, step: Step, action: Pass) -> IllegalAction | None:
    if not state.countdown:
        return _refuse("bonfire.end.pass", "passing is allowed only in the countdown rounds", action)
    return None


def _check_skip(state: State, k: int, seat: Seat, step: Step, action: Skip) -> IllegalAction | None:
    return None  # only ever asked at a dock step: the other steps refuse it first (refusal)


def _check_move(state: State, k: int, seat: Seat, step: Step, action: Move) -> IllegalAction | None:
    free = movers(state, step)
    if action.guardian not in step.items:
        mine = any(colour == action.guardian for colour, _, _ in seat.guardians)
        why = (f"the {action.guardian} guardian has already moved in this procession" if mine
               else f"{seat.colour} has no {action.guardian} guardian")
        return _refuse("bonfire.procession.one-per-space", f"{why}; the {' or the '.join(free)} guardian moves "
                                                           f"now", action)
    if action.guardian not in free:
        ahead = " or the ".join(free)
        return _refuse("bonfire.procession.one-per-space", f"the {action.guardian} guardian stands behind the "
                                                           f"{ahead} one, and the guardian furthest ahead moves "
                                                           f"first", action)
    if action in _march_moves(state, step):
        return None
    if action.take is not None and not _has(seat, "chosen_harvest"):
        return _refuse("bonfire.procession.resource", "only Chosen Harvest lets the player choose the resource",
                       action)
    return _refuse("bonfire.procession.step", f"the {action.guardian} guardian cannot end the procession there: "
                                              f"she walks up to {step.count} step(s) along the built path, stops "
                                              f"before a tile already taken, and enters the bonfire beside her tile "
                                              f"only through a portal and if no guardian is there", action)


def _check_sit(state: State, k: int, seat: Seat, step: Step, action: SitAt) -> IllegalAction | None:
    ix = state.index
    if action.seat not in ix.seats:
        return _refuse("bonfire.ignite.novice", f"the council has no {seat_name(action.seat)}; the seats are "
                                                f"{seat_name(ix.seats[0])} to {seat_name(ix.seats[-1])}", action)
    if step.what in state.council[ix.seats.index(action.seat)]:
        rule = "bonfire.bonus.common-task" if step.what == "neutral" else "bonfire.assume.seat-capacity"
        article = "an" if step.what[:1] in "aeiou" else "a"
        return _refuse(rule, f"{seat_name(action.seat)} already holds {article} {step.what} novice", action)
    return None


def _check_take(state: State, k: int, seat: Seat, step: Step, action: Take) -> IllegalAction | None:
    ix = state.index
    pool = ix.resources if step.what == "resource" else ix.actions
    if action.item not in pool:
        return _refuse("bonfire.ignite.seat-bonus", f"choose {'an action tile' if step.what == 'action' else 'a ' + step.what}: "
                                                     f"{', '.join(tile_name(x) for x in pool)}", action)
    if step.what == "action" and not state.supply[ix.actions.index(action.item)]:
        return _refuse("bonfire.assume.supply-runs-out", f"the supply has no {tile_name(action.item)} tile "
                                                          f"left", action)
    return None


_CHECKS = {StartTile: _check_start_tile, Cover: _check_cover, Return: _check_return, PlaceFate: _check_fate,
           Sail: _check_sail, TakeTask: _check_task, ClaimGuardian: _check_guardian, Procession: _check_procession,
           BuildPath: _check_path, BuildFromPile: _check_path_pile, UseGreatBonfire: _check_great_bonfire,
           Recruit: _check_recruit,
           Ignite: _check_ignite, Pass: _check_pass, Skip: _check_skip, Move: _check_move, SitAt: _check_sit,
           Take: _check_take}


# ---- chance ----------------------------------------------------------------------------------------------
def chance_outcomes(state: State) -> list[tuple[Draw, Fraction]]:
    """The outcomes of the due draw with their exact probabilities, in a fixed order (empty if none is due).

    Task discs, elders, specialists and start players are equally likely; portals, path tiles and offering discs
    by how many of each symbol, kind or resource are left (``bonfire.assume.offering-draw``: a player's face-down
    offering discs are turned up at random; ``bonfire.assume.one-path-pile``: a path pile holding only tiles put
    under it gives its first one for certain).
    """
    if not state.is_chance_node:
        return []
    what, items, counts = _draw_counts(state)
    if counts is None:
        return [(_draw(what, item), _share(1, len(items))) for item in items]
    total = sum(counts)
    return [(_draw(what, item), _share(n, total)) for item, n in zip(items, counts) if n]


def _draw_counts(state: State, step: Step | None = None, holder: Any = None
                 ) -> tuple[str, Sequence[str], Sequence[int] | None]:
    """What the draw ``step`` (default: the due one) turns up: ``(what, items, counts)``, the counts of each item
    left, ``None`` when each item is one of a kind (equally likely). ``holder``: where the boxes, pool and seats
    are read (default the state; a :class:`_Layout` during the setup)."""
    step, ix, held = step or state.pending[0], state.index, holder or state
    what = step.what
    if what == "task":
        return what, held.task_box, None
    if what == "elder":
        return what, held.elder_box, None
    if what == "specialist":
        return what, held.reserve, None
    if what == "start":
        return what, state.players, None
    if what == "portal":
        return what, ix.symbols, held.portal_pool
    if what == "path":
        if any(state.path_pile):
            return what, ix.path_kinds, state.path_pile
        return what, state.path_bottom[:1], (1,)
    if what == "offering":
        return what, ix.resources, held.seats[step.seat].offering_pool
    raise ValueError(f"unknown draw {what!r}")


@functools.lru_cache(maxsize=4096)
def _draw(what: str, item: str) -> Draw:
    """The chance outcome ``draw <what> <item>`` (made once: outcomes are values)."""
    return Draw(what, item)


@functools.lru_cache(maxsize=4096)
def _share(n: int, total: int) -> Fraction:
    """The probability ``n / total`` (made once)."""
    return Fraction(n, total)


def resolve_draws(state: State) -> State:
    """Apply seeded chance outcomes until a player must act or the game ends (``State.resolve_chance``): at each due
    draw the outcome the state's random stream picks from :func:`chance_outcomes` (:func:`_seeded_draw`), carried
    out at once: the rules have just listed it, so nothing is checked again."""
    while state.pending and state.pending[0].kind == "deal":
        if state.start is None and state.pending[0].what in _LAID_OUT:
            state = _lay_out(state)
            continue
        new, events = apply_action(state, _seeded_draw(state))
        state = state.settled(new, events, chance=True)
    return state


_LAID_OUT = frozenset({"task", "elder", "specialist", "portal", "offering"})
"""The draws that only lay a component out (seed "Setup" 2-4, B; a specialist or offering disc in play too)."""


class _Layout:
    """Working copies of what the :data:`_LAID_OUT` draws change (the islands, the gnome displays, the portals,
    the boxes and the seats), laid out draw by draw and written into one state (:meth:`written`): the rules of
    those draws, for :func:`_deal` (one draw) and :func:`_lay_out` (the setup's run of them)."""

    def __init__(self, state: State) -> None:
        self.ix = state.index
        self.islands, self.task_box = list(state.islands), list(state.task_box)
        self.elders, self.elder_box = list(state.elders), list(state.elder_box)
        self.specialists, self.reserve = list(state.specialists), list(state.reserve)
        self.portals, self.portal_pool = list(state.portals), list(state.portal_pool)
        self.seats = list(state.seats)

    def lay(self, step: Step, item: str) -> None:
        """Lay out ``item``, drawn by ``step``."""
        ix, what = self.ix, step.what
        if what == "task":            # bonfire.setup.task-discs
            self.task_box.remove(item)
            i = ix.task_islands.index(step.target)
            self.islands[i] = (*self.islands[i], item)
        elif what == "elder":         # bonfire.setup.gnomes
            self.elder_box.remove(item)
            self.elders[self.elders.index(None)] = item
        elif what == "specialist":    # bonfire.setup.gnomes, bonfire.gnome.after-recruit
            self.reserve.remove(item)
            self.specialists[step.target] = item
        elif what == "portal":        # bonfire.setup.portals
            self.portal_pool[ix.symbols.index(item)] -= 1
            i = ix.spaces.index(step.target)
            self.portals[i] = tuple(sorted((*self.portals[i], item)))
        else:                         # bonfire.setup.offering-discs, bonfire.task.offering
            seat, stack = self.seats[step.seat], step.target
            up, stacks = list(seat.offering_up), list(seat.offering_stacks)
            up[stack] = item
            stacks[stack] -= 1
            self.seats[step.seat] = seat.replace(offering_up=tuple(up), offering_stacks=tuple(stacks),
                                                 offering_pool=_add(seat.offering_pool, ix.resources.index(item), -1))

    def written(self, state: State, **changes: Any) -> State:
        """``state`` with what was laid out (and ``changes``)."""
        return state.replace(islands=tuple(self.islands), task_box=tuple(self.task_box), elders=tuple(self.elders),
                             elder_box=tuple(self.elder_box), specialists=tuple(self.specialists),
                             reserve=tuple(self.reserve), portals=tuple(self.portals),
                             portal_pool=tuple(self.portal_pool), seats=tuple(self.seats), **changes)


def _lay_out(state: State) -> State:
    """The due run of :data:`_LAID_OUT` setup draws (before the start player is known: no event, no step after
    them), drawn and laid out on one :class:`_Layout` and written into one new state: the draws :func:`_seeded_draw`
    and :func:`_deal` make one by one, from the same stream in the same order (``tests/bonfire/
    test_bonfire_legality.py`` compares the two)."""
    pending, rng = state.pending, state.rng
    layout, draws, j = _Layout(state), rng.draws, 0
    while j < len(pending) and pending[j].kind == "deal" and pending[j].what in _LAID_OUT:
        _, items, counts = _draw_counts(state, pending[j], layout)
        layout.lay(pending[j], _pick(rng.at(draws), items, counts))
        draws, j = draws + 1, j + 1
    laid = layout.written(state, pending=pending[j:], rng=rng.at(draws))
    object.__setattr__(laid, "events", ())
    return laid


def _seeded_draw(state: State) -> Draw:
    """The outcome ``state.rng.choose(chance_outcomes(state))`` picks (:meth:`~explorer.core.Rng.choose`: the first
    outcome whose running total of probabilities passes the stream's number times their sum), worked out with the
    same floating-point sums from the counts (:meth:`~explorer.core.Rng.choose_counted`,
    :meth:`~explorer.core.Rng.choose_evenly`), without making the exact fractions.

    Raises:
        ValueError: if nothing is left to draw.
    """
    what, items, counts = _draw_counts(state)
    return _draw(what, _pick(state.rng, items, counts))


def _pick(rng: Rng, items: Sequence[str], counts: Sequence[int] | None) -> str:
    """The item ``rng`` draws from ``items`` (:func:`_draw_counts`): each as likely as the others, or by ``counts``."""
    return rng.choose_evenly(items) if counts is None else rng.choose_counted(list(zip(items, counts)))


def _deal(state: State, step: Step, action: Draw, events: list[Event]) -> State:
    ix, item = state.index, action.item
    rest = state.pending[1:]   # the draw is made
    if step.what in _LAID_OUT:
        layout = _Layout(state)
        layout.lay(step, item)
        if state.start is not None and step.what == "specialist":
            events.append(Happened(RULES["bonfire.gnome.after-recruit"],
                                   f"specialist {card_name(state.components, item)} is turned up from the reserve"))
        if state.start is not None and step.what == "offering":
            events.append(Happened(RULES["bonfire.task.offering"],
                                   f"{state.seats[step.seat].colour} turns up an offering disc showing {item} on the "
                                   f"{OFFERING_STACK_NAMES[step.target]} stack", state.seats[step.seat].colour))
        return layout.written(state, pending=rest)
    if step.what == "path":  # from the unseen pile, or from under it once the pile is empty
        drawn = ({"path_pile": _add(state.path_pile, ix.path_kinds.index(item), -1)} if any(state.path_pile)
                 else {"path_bottom": state.path_bottom[1:]})
        if step.target == "pile":   # the top of a pile, built at once (bonfire.path.build)
            k, seat = step.seat, state.seats[step.seat]
            state = _set_seat(state, k, seat.replace(path=(*seat.path, item)), pending=rest, **drawn)
            events.append(Happened(RULES["bonfire.path.build"], f"{seat.colour} builds path tile "
                                                                f"{len(seat.path) + 1} from the pile: {_path_kind(item)}",
                                   seat.colour))
            if _has(seat, "path_finder"):
                state = _gain(state, k, item.split()[1], 1, events, "bonfire.specialist.path-finder", "Path Finder")
            return state
        display = list(state.path_display)
        display[step.target] = item
        state = state.replace(path_display=tuple(display), pending=rest, **drawn)
        if state.start is not None:
            events.append(Happened(RULES["bonfire.path.build"], f"a path tile with {_path_kind(item)} is turned up"))
        return _refresh_paths(state, events)
    state = state.replace(pending=rest)
    if step.what == "start":
        start = state.players.index(item)
        n = len(state.seats)
        order = [(start + j) % n for j in range(n)]
        events.append(Happened(RULES["bonfire.setup.extensions"], f"{item} has the tower-dome extension and starts",
                               item))
        return state.replace(start=start, turn=start).replace(
            pending=(*(Step("start-tile", seat) for seat in order), Step("act", start), *state.pending))
    raise ValueError(f"unknown draw {step.what!r}")


def _without(items: tuple[str, ...], item: str) -> tuple[str, ...]:
    """``items`` (ids, each once) without ``item``."""
    if item not in items:
        return items
    i = items.index(item)
    return items[:i] + items[i + 1:]


def _refresh_paths(state: State, events: list[Event]) -> State:
    """When the 4 face-up path tiles show one crystal colour, they go under the pile and 4 are turned up
    (``bonfire.path.refresh``); only if the unseen pile holds 4 to replace them, so a refresh always ends."""
    display = state.path_display
    if None in display or len({kind.split()[0] for kind in display}) != 1 or sum(state.path_pile) < PATH_DISPLAY:
        return state
    pending_paths = any(s.kind == "deal" and s.what == "path" for s in state.pending)
    if pending_paths:
        return state
    events.append(Happened(RULES["bonfire.path.refresh"], f"the 4 face-up path tiles are all "
                                                          f"{display[0].split()[0]}: they go under the pile"))
    state = state.replace(path_bottom=(*state.path_bottom, *display), path_display=(None,) * len(display))
    return state.replace(pending=(*(Step("deal", what="path", target=j) for j in range(len(display))),
                                  *state.pending))


# ---- applying ----------------------------------------------------------------------------------------------
def apply_action(state: State, action: Action) -> tuple[State, list[Event]]:
    """Carry out ``action``, known to be legal, then every step the engine does by itself."""
    events: list[Event] = []
    step = state.pending[0]
    if step.kind == "deal":
        state = _deal(state, step, action, events)
    else:
        state = _decide(state, step, action, events)
    state = _run(state, events)
    if state.is_terminal:  # the game is over: the final scoring, category by category, and the winner
        events.extend(final_events(state))
    return state, events


def _decide(state: State, step: Step, action: Action, events: list[Event]) -> State:
    """Carry out the decision ``action`` of the due ``step``. An action of option II is paid, carried out, and the
    turn ends: one action per turn (``bonfire.assume.one-action``)."""
    k = state.current_player
    seat = state.seats[k]
    if isinstance(action, StartTile):
        return _start_tile(_push(state), k, action, events)
    if isinstance(action, Return):
        i = state.index.actions.index(action.tile)
        events.append(Happened(RULES["bonfire.assume.return-before-fate"], f"{seat.colour} hands back a {tile_name(action.tile)} tile",
                               seat.colour))
        committed = (Step("act", k, flag=True), *state.pending[1:])  # the turn is now option I
        return _set_seat(state, k, seat.replace(tiles=_add(seat.tiles, i, -1)), supply=_add(state.supply, i, 1),
                         pending=committed)
    if isinstance(action, PlaceFate):
        return _place_fate(state, k, action, events)
    if isinstance(action, Ignite):
        return _ignite(_push(state, _step_of("end-turn", k)), k, action, events)
    if isinstance(action, Pass):
        return _pass(_push(state, _step_of("end-turn", k)), k, events)
    if isinstance(action, Cover):
        return _cover(state, step, action, events)
    if isinstance(action, Skip):
        return _push(state)
    if isinstance(action, Move):
        return _move(state, step, action, events)
    if isinstance(action, SitAt):
        return _sit(_push(state), k, step.what, action.seat, events)
    if isinstance(action, Take):
        state = _gain(state, k, action.item, 1, events, "bonfire.ignite.seat-bonus")
        got = tiles_words(action.item) if step.what == "action" else f"1 {action.item}"
        events.append(Happened(RULES["bonfire.ignite.seat-bonus"], f"{seat.colour} takes {got}", seat.colour))
        return _push(state, *([Step("take", k, step.what, count=step.count - 1)] if step.count > 1 else []))
    # an action of option II: pay, then carry it out, then end the turn (a dock claim keeps the turn's end)
    tail = (_step_of("end-turn", k),) if step.kind == "act" else ()
    return _pay(state, k, action, events, then=(Step("then", k, action=action), *tail))


def _pay(state: State, k: int, action: Action, events: list[Event], then: tuple[Step, ...]) -> State:
    """Pay the held part of ``action``'s cost in place of the due step, then the steps ``then``; ``cover`` steps
    come first for what is missing."""
    paid = _payment(state, k, action)
    seat = state.seats[k]
    cover: tuple[Step, ...] = ()
    if not paid.done:
        events.append(Happened.later(RULES["bonfire.pay.substitute-action" if paid.tiles_missing
                                           else "bonfire.pay.substitute-resource"],
                                     seat.colour, _part_paid_words, seat, paid, state.index))
        cover = (Step("cover", k, paid.action, count=paid.tiles_missing, items=paid.resources_missing),)
    return _set_seat(state, k, seat.replace(resources=paid.resources, tiles=paid.tiles),
                     supply=_return_tiles(state, seat.tiles, paid.tiles), pending=(*cover, *then, *state.pending[1:]))


def _part_paid_words(seat: Seat, paid: Paid, ix: Index) -> str:
    """What ``seat`` has paid of a cost and what is still missing (:func:`_pay`), in words."""
    spent = [a for a, before, after in zip(ix.actions, seat.tiles, paid.tiles) for _ in range(before - after)]
    spent += [r for r, before, after in zip(ix.resources, seat.resources, paid.resources) for _ in range(before - after)]
    missing = [tiles_words(paid.action, paid.tiles_missing)] if paid.tiles_missing else []
    missing += [("a resource of their choice" if r == ANY else r) for r in paid.resources_missing]
    return f"{seat.colour} pays {', '.join(spent) or 'nothing yet'}; missing: {', '.join(missing)}"


def _return_tiles(state: State, before: tuple[int, ...], after: tuple[int, ...]) -> tuple[int, ...]:
    """The supply once the action tiles paid (``before`` less ``after``, by type) are back in it."""
    return tuple(map(add, state.supply, map(sub, before, after)))


def _cover(state: State, step: Step, action: Cover, events: list[Event]) -> State:
    k = step.seat
    seat = state.seats[k]
    paid = apply_cover(_cover_paid(state, step), tuple(action.items), state.index)
    events.append(Happened.later(RULES["bonfire.pay.substitute-action" if step.count
                                       else "bonfire.pay.substitute-resource"],
                                 seat.colour, _covered_words, seat.colour, action.items, state.index.resources))
    more = () if paid.done else (Step("cover", k, paid.action, count=paid.tiles_missing, items=paid.resources_missing),)
    if not step.count:  # resources are covered: the tiles stay as they are
        return _set_seat(state, k, seat.replace(resources=paid.resources), pending=(*more, *state.pending[1:]))
    return _set_seat(state, k, seat.replace(tiles=paid.tiles), supply=_return_tiles(state, seat.tiles, paid.tiles),
                     pending=(*more, *state.pending[1:]))


def _covered_words(colour: str, items: Sequence[str], resources: tuple[str, ...]) -> str:
    """What ``colour`` pays a missing item with (:func:`_cover`), in words."""
    return f"{colour} pays with {cover_words(items, resources)}"


def _start_tile(state: State, k: int, action: StartTile, events: list[Event]) -> State:
    c, ix = state.components, state.index
    area = fate_area.starting_area(c, swap=action.swap)
    stack = [t.id for t in c.fate_stack]
    if action.swap:
        stack[FATE_SWAP_POSITION - 1] = c.spare_fate_tile.id
    seat = state.seats[k].replace(fate=area, stack=tuple(stack), resources=(1,) * len(ix.resources))
    state = _set_seat(state, k, seat)
    events.append(Happened(RULES["bonfire.setup.start-fate-tile"],
                           f"{seat.colour} starts with {fate_tile_words(state.components, area.tile_ids[0])} and takes 1 of each resource, 2 "
                           f"yellow tiles and a tile for each of its symbols ({', '.join(area.tiles[0].tile.symbols)})",
                           seat.colour))
    if action.swap:
        events.append(Happened(RULES["bonfire.assume.start-fate-tile"],
                               f"the spare fate tile takes the {FATE_SWAP_POSITION}th place on {seat.colour}'s summary "
                               f"board", seat.colour))
    events.append(Happened(RULES["bonfire.setup.resources"], f"{seat.colour} takes 1 of each resource: "
                                                             f"{', '.join(r.replace('_', ' ') for r in ix.resources)}",
                           seat.colour))
    before = state.seats[k].tiles
    starting = [(ix.wild_action, 2), *((symbol, 1) for symbol in area.tiles[0].tile.symbols)]
    state = _gain_all(state, k, starting, events, "bonfire.setup.action-tiles")
    got = {a: after - b for a, b, after in zip(ix.actions, before, state.seats[k].tiles) if after > b}
    events.append(Happened(RULES["bonfire.setup.action-tiles"], f"{seat.colour} takes {sum(got.values())} starting "
                                                                f"action tiles: {_names(got, ix.resources)}",
                           seat.colour))
    return state


def _place_fate(state: State, k: int, action: PlaceFate, events: list[Event]) -> State:
    seat, c = state.seats[k], state.components
    tile = _made(c).fate_tiles[action.tile]
    parts = fate_area.gain_parts(seat.fate, tile, action.placement, fate_echo=_has(seat, "fate_echo"),
                                 check=False)  # the action is legal
    gained: dict[str, int] = {}
    for _, part in parts:
        for item, n in part.items():
            gained[item] = gained.get(item, 0) + n
    held = sum(seat.tiles)
    seat = seat.replace(fate=fate_area.place(seat.fate, tile, action.placement, check=False),
                        stack=_without(seat.stack, action.tile))
    events.append(Happened.later(RULES["bonfire.fate.gain"], seat.colour, _fate_gain_words, seat.colour, c, tile.id,
                                 action.placement, gained, state.index.resources))
    if held > FATE_HAND:
        events.append(Happened(RULES["bonfire.specialist.large-hand"], f"Large Hand lets {seat.colour} place a fate "
                                                                       f"tile while holding {held} action tiles",
                               seat.colour))
    for rule, part in parts[1:]:  # the tile's own symbols are said above; then what comes on top of them
        events.append(Happened.later(RULES[rule], seat.colour, _fate_part_words, seat.colour, rule, part,
                                     state.index.resources))
    got, supply = _gained(state.index, seat, state.supply, gained.items(), events, "bonfire.fate.gain")
    return _set_seat(state, k, got or seat, supply=supply, pending=(_step_of("end-turn", k), *state.pending[1:]))


def _fate_gain_words(colour: str, c: Any, tile_id: str, placement: Placement, gained: dict[str, int],
                     resources: tuple[str, ...]) -> str:
    """Which fate tile ``colour`` places where, and all it gains (:func:`_place_fate`), in words."""
    return (f"{colour} places {fate_tile_words(c, tile_id)} {placement_words(placement)} and gains "
            f"{_names(gained, resources)}")


def _fate_part_words(colour: str, rule: str, part: dict[str, int], resources: tuple[str, ...]) -> str:
    """One part of a fate tile's gain, by the rule that brings it (:func:`_place_fate`), in words."""
    verb = "comes" if sum(part.values()) == 1 else "come"
    return f"of {colour}'s gain, {_names(part, resources)} {verb} {_FATE_PART_WORDS[rule]}"


_FATE_PART_WORDS = {"bonfire.fate.same-symbol": "from the areas of the same symbol the new tile touches",
                    "bonfire.fate.printed": "from the printed squares the new tile covers",
                    "bonfire.specialist.fate-echo": "from Fate Echo, which doubles the printed squares' items"}
"""How each part of a fate tile's gain is told (:func:`~explorer.bonfire.fate.gain_parts`)."""


def _ignite(state: State, k: int, action: Ignite, events: list[Event]) -> State:
    seat = state.seats[k]
    lit = list(seat.lit)
    lit[action.bonfire] = True
    state = _set_seat(state, k, seat.replace(lit=tuple(lit)))
    disc = state.components.task_discs[seat.tasks[action.bonfire]]
    events.append(Happened(RULES["bonfire.ignite.when"], f"{seat.colour} lights bonfire {action.bonfire} "
                                                         f"({disc.colour}, task {disc.id}: {disc.condition.text})",
                           seat.colour))
    return _push(state, Step("sit", k, seat.colour), drop=0)


def _pass(state: State, k: int, events: list[Event]) -> State:
    points = COUNTDOWN[state.countdown - 1]
    state = _score(state, k, points, "countdown", "bonfire.end.pass", events)
    seat = state.seats[k]
    return _set_seat(state, k, seat.replace(out=True))


def _sit(state: State, k: int, colour: str, seat_id: str, events: list[Event]) -> State:
    ix, c = state.index, state.components
    i = ix.seats.index(seat_id)
    council = list(state.council)
    council[i] = (*council[i], colour)
    state = state.replace(council=tuple(council))
    player = state.seats[k].colour
    who = "a neutral novice" if colour == "neutral" else f"{colour}'s novice"
    events.append(Happened(RULES["bonfire.ignite.novice"], f"{who} takes council {seat_name(seat_id)}", player))
    takes: list[Step] = []
    for gain in c.council_seats[seat_id].bonus:
        if gain.kind == "points":
            state = _score(state, k, gain.amount, "council", "bonfire.ignite.seat-bonus", events)
        elif gain.item == ANY_ITEM:
            takes.append(Step("take", k, gain.kind, count=gain.amount))
        else:
            state = _gain(state, k, gain.item, gain.amount, events, "bonfire.ignite.seat-bonus",
                          f"the bonus of council {seat_name(seat_id)}")
    if colour == player and _has(state.seats[k], "council_gold"):
        state = _gain(state, k, ix.wild_resource, 1, events, "bonfire.specialist.council-gold")
        events.append(Happened(RULES["bonfire.specialist.council-gold"], f"{player} takes 1 gold (Council Gold)",
                               player))
    return _push(state, *takes, drop=0)


def _move(state: State, step: Step, action: Move, events: list[Event]) -> State:
    """A guardian's move in a procession (``bonfire.procession.step``): a move ending on a path tile brings its
    resource (``bonfire.procession.resource``), twice for the guardian of a Harvest specialist
    (``bonfire.specialist.pink-harvest``, ``bonfire.specialist.grey-harvest``, ``bonfire.specialist.brown-harvest``,
    ``bonfire.specialist.blue-harvest``); a move into a bonfire scores 2 with Bonfire Cheer
    (``bonfire.specialist.bonfire-cheer``)."""
    k = step.seat
    seat, ix = state.seats[k], state.index
    guardians = [(colour, action.to if action.to != "stay" else where, action.at if action.to != "stay" else at)
                 if colour == action.guardian else (colour, where, at) for colour, where, at in seat.guardians]
    state = _set_seat(state, k, seat.replace(guardians=tuple(guardians)))
    rest = tuple(g for g in step.items if g != action.guardian)
    state = _push(state, *([Step("march", k, count=step.count, items=rest, flag=step.flag)] if rest else []))
    if action.to == "stay":
        return state
    events.append(Happened(RULES["bonfire.procession.step"], f"{seat.colour}'s {action.guardian} guardian moves to "
                                                             f"{'path tile' if action.to == 'path' else action.to} "
                                                             f"{action.at}", seat.colour))
    if action.to == "path":
        sharing = [colour for colour, where, at in seat.guardians
                   if where == "path" and at == action.at and colour != action.guardian]
        if sharing and action.at > 0:
            events.append(Happened(RULES["bonfire.specialist.crowded-path"],
                                   f"she shares path tile {action.at} with {seat.colour}'s {' and '.join(sharing)} "
                                   f"guardian (Crowded Path)", seat.colour))
    if action.to == "bonfire":
        if _has(seat, "bonfire_cheer"):
            state = _score(state, k, 2, "specialists", "bonfire.specialist.bonfire-cheer", events)
        return state
    if not step.flag:
        return state
    printed = (state.components.player_board.start_resource if action.at == 0
               else seat.path[action.at - 1].split()[1])
    got = action.take or printed
    state = _gain(state, k, got, 1, events, "bonfire.procession.resource")
    events.append(Happened(RULES["bonfire.procession.resource"], f"{seat.colour} gains {got}", seat.colour))
    if action.take is not None:
        instead = f" instead of the {printed} shown there" if action.take != printed else ""
        events.append(Happened(RULES["bonfire.specialist.chosen-harvest"], f"{seat.colour} chooses {got}{instead} "
                                                                           f"(Chosen Harvest)", seat.colour))
    for card, colour in HARVEST.items():
        if colour == action.guardian and _has(seat, card):
            state = _gain(state, k, got, 1, events, f"bonfire.specialist.{colour}-harvest")
            events.append(Happened(RULES[f"bonfire.specialist.{colour}-harvest"],
                                   f"{seat.colour} gains {got} once more", seat.colour))
    return state


def _then(state: State, step: Step, events: list[Event]) -> State:
    """Carry out a paid action of option II. A recruited specialist's place is refilled from the reserve, an
    elder's is not (``bonfire.gnome.after-recruit``, ``bonfire.assume.elder-no-refill``)."""
    k, action = step.seat, step.action
    rest = state.pending[1:]  # the step is done: each kind of action sets ``pending=rest`` in its first change
    seat, c, ix = state.seats[k], state.components, state.index
    name = seat.colour
    if isinstance(action, Sail):
        state = _set_seat(state, k, seat.replace(boat=action.island), pending=rest)
        events.append(Happened(RULES["bonfire.boat.cost"], f"{name} sails to {c.islands[action.island].name}", name))
        there = c.islands[action.island].name
        if seat.boat is None:
            events.append(Happened(RULES["bonfire.boat.first-move"], f"{name}'s first voyage starts at the entrance, "
                                                                     f"where 1 boat tile reaches any island", name))
        elif boat_cost(seat.boat, action.island, c) == 2:
            events.append(Happened(RULES["bonfire.assume.boat-two-currents"],
                                   f"{there} lies two currents from {c.islands[seat.boat].name}: 2 boat tiles", name))
        beside = [other.colour for other in state.seats if other.boat == action.island and other.colour != name]
        if beside:
            events.append(Happened(RULES["bonfire.boat.shared"], f"{name}'s boat lies at {there} beside "
                                                                 f"{' and '.join(beside)}'s: an island has room "
                                                                 f"for every boat", name))
        docked = _push(state, Step("dock", k, target=action.island), drop=0)
        claims = _claim_options(docked, k, docked.seats[k])
        if claims:
            docked.remember_legal((*claims, _SKIP))  # = _dock_options: the state is new, and due
            return docked
        events.append(Happened(RULES["bonfire.boat.extra-claim"], f"{name} can claim nothing at "
                                                                  f"{c.islands[action.island].name} now", name))
        return state
    if isinstance(action, TakeTask):
        stack = OFFERING_STACK_NAMES.index(action.offering)
        price = action_cost(state, k, action)
        island = c.islands[seat.boat]
        i = ix.task_islands.index(seat.boat)
        islands = list(state.islands)
        islands[i] = tuple(f"{name} {seat.offering_up[stack]}" if d == action.disc else d for d in islands[i])
        tasks = list(seat.tasks)
        tasks[action.bonfire] = action.disc
        up = list(seat.offering_up)
        up[stack] = None
        state = _set_seat(state, k, seat.replace(tasks=tuple(tasks), offering_up=tuple(up)),
                          islands=tuple(islands), pending=rest)
        events.append(Happened(RULES["bonfire.task.offering"], f"{name} takes task disc {action.disc} onto bonfire "
                                                               f"{action.bonfire}", name))
        events.append(Happened.later(RULES["bonfire.task.tiles"], name, _task_tiles_words, name, action.disc,
                                     price.tiles, island.name))
        if _has(seat, "free_offering"):
            events.append(Happened(RULES["bonfire.specialist.free-offering"],
                                   f"task disc {action.disc} costs {name} any 2 resources (Free Offering)", name))
        else:
            events.append(Happened(RULES["bonfire.task.resources"],
                                   f"task disc {action.disc} costs {name} {seat.offering_up[stack]} (the "
                                   f"{action.offering} offering disc) and {island.resource} ({island.name}'s resource)",
                                   name))
        if seat.offering_stacks[stack]:
            state = _push(state, Step("deal", k, "offering", target=stack), drop=0)
        return state
    if isinstance(action, ClaimGuardian):
        g = ix.guardian_colours.index(action.colour)
        state = _set_seat(state, k, seat.replace(guardians=(*seat.guardians, (action.colour, "path", 0))),
                          guardians=_add(state.guardians, g, -1), pending=rest)
        events.append(Happened(RULES["bonfire.guardian.claim"], f"{name} claims a {action.colour} guardian", name))
        if _has(seat, "welcome_step"):
            events.append(Happened(RULES["bonfire.specialist.welcome-step"], f"{name}'s guardians take a free step",
                                   name))
            state = _march(state, k, 1, gain=False)
        return state
    if isinstance(action, Procession):
        events.append(Happened(RULES["bonfire.procession.steps"], f"{name} leads a procession of {action.steps} "
                                                                  f"step(s)", name))
        if _has(seat, "long_stride"):
            events.append(Happened(RULES["bonfire.specialist.long-stride"], f"Long Stride gives {name}'s guardians 1 "
                                                                            f"step more: up to {action.steps + 1} "
                                                                            f"each", name))
        return _march(_push(state), k, action.steps + (1 if _has(seat, "long_stride") else 0), gain=True)
    if isinstance(action, BuildPath):
        kind = f"{action.colour} {action.resource}"
        slot = state.path_display.index(kind)
        display = list(state.path_display)
        display[slot] = None
        state = _set_seat(state, k, seat.replace(path=(*seat.path, kind)), path_display=tuple(display),
                          pending=rest)
        events.append(Happened(RULES["bonfire.path.build"], f"{name} builds path tile {len(seat.path) + 1}: "
                                                            f"{kind}", name))
        if _has(seat, "path_finder"):
            state = _gain(state, k, action.resource, 1, events, "bonfire.specialist.path-finder", "Path Finder")
        if any(state.path_pile) or state.path_bottom:
            state = _push(state, Step("deal", None, "path", target=slot), drop=0)
        return state
    if isinstance(action, BuildFromPile):
        events.append(Happened(RULES["bonfire.path.build"], f"{name} takes the top tile of a path pile for path "
                                                            f"tile {len(seat.path) + 1}", name))
        return _push(state, Step("deal", k, "path", target="pile"))
    if isinstance(action, UseGreatBonfire):
        space = next(s for s in c.great_bonfire.spaces if s.id == action.space)
        state = state.replace(pointer=action.space, great_bonfire_used=True, pending=rest)
        events.append(Happened.later(RULES["bonfire.great-bonfire.turn"], name, _great_bonfire_words, name, space,
                                     action.rewards))
        for reward in action.rewards:
            if reward == "action":
                state = _gain(state, k, space.action, 1, events, "bonfire.great-bonfire.rewards")
            elif reward == "resource":
                state = _gain(state, k, space.resource, 1, events, "bonfire.great-bonfire.rewards")
            elif reward == "points":
                state = _score(state, k, GREAT_BONFIRE_POINTS, "great_bonfire", "bonfire.great-bonfire.rewards",
                               events)
            else:
                seat = state.seats[k]
                free = max(b for b, p in enumerate(seat.portals) if p is None)
                symbol = c.player_board.bonfires[free].portal
                i = ix.spaces.index(action.space)
                portals = list(state.portals)
                here = list(portals[i])
                here.remove(symbol)
                portals[i] = tuple(here)
                placed = list(seat.portals)
                placed[free] = symbol
                state = _set_seat(state.replace(portals=tuple(portals)), k, seat.replace(portals=tuple(placed)))
                events.append(Happened(RULES["bonfire.great-bonfire.portal"], f"{name} puts a {symbol} portal by "
                                                                              f"bonfire {free}", name))
        return state
    if isinstance(action, Recruit):
        is_elder = action.card in state.elders
        if is_elder:
            display = list(state.elders)
            display[display.index(action.card)] = None
            state = state.replace(elders=tuple(display), pending=rest)
        else:
            display = list(state.specialists)
            slot = display.index(action.card)
            display[slot] = None
            state = state.replace(specialists=tuple(display), pending=rest)
        seat = seat.replace(gnomes=(*seat.gnomes, action.card))
        state = _set_seat(state, k, seat)
        events.append(Happened(RULES["bonfire.gnome.cost"], f"{name} recruits {card_name(c, action.card)}", name))
        if is_elder:
            state = _score(state, k, c.elders[action.card].points, "elders", "bonfire.gnome.after-recruit", events)
            if _has(seat, "elder_patron"):
                state = _score(state, k, 2, "specialists", "bonfire.specialist.elder-patron", events)
            events.append(Happened(RULES["bonfire.assume.elder-no-refill"], f"{card_name(c, action.card)}'s place "
                                                                            f"among the elders stays empty", name))
        elif state.reserve:
            state = _push(state, Step("deal", None, "specialist", target=slot), drop=0)
        if _has(seat, "recruiters_gift"):
            state = _gain(state, k, ix.wild_action, 1, events, "bonfire.specialist.recruiters-gift",
                          "Recruiter's Gift")
        return state
    raise ValueError(f"cannot carry out {action!r}")


def _task_tiles_words(colour: str, disc: str, tiles: int, island: str) -> str:
    """What a task disc costs in task tiles, and why (``bonfire.task.tiles``), in words."""
    nth = ("first", "second", "third", "fourth", "fifth")[min(tiles, 5) - 1]
    return f"task disc {disc} costs {colour} {tiles_words('task', tiles)}: it is their {nth} offering disc on {island}"


def _great_bonfire_words(colour: str, space: Any, rewards: tuple[str, ...]) -> str:
    """Where ``colour`` turns the Great Bonfire's pointer and which ``rewards`` they take, in words."""
    shown = {"action": tiles_words(space.action), "resource": f"1 {space.resource}",
             "points": f"{GREAT_BONFIRE_POINTS} points", "portal": "a portal"}
    return f"{colour} turns the pointer to {space_name(space.id)} and takes {' and '.join(shown[r] for r in rewards)}"


def _march(state: State, k: int, steps: int, *, gain: bool) -> State:
    order = _guardian_order(state, state.seats[k])
    if not order:
        return state
    return _push(state, Step("march", k, count=steps, items=order, flag=gain), drop=0)


def _end_turn(state: State, step: Step, events: list[Event]) -> State:
    """End ``step.seat``'s turn: common tasks (``bonfire.bonus.common-task``; every player may fulfil each one, the
    first to do so seats its neutral novice, ``bonfire.assume.common-task-shared``), the end trigger, the next
    player."""
    k = step.seat
    seat, c, ix = state.seats[k], state.components, state.index
    for j, task_id in enumerate(ix.common):
        if task_id in seat.common or not holds(state, k, c.common_tasks[task_id].condition):
            continue
        seat = seat.replace(common=(*seat.common, task_id))
        state = _set_seat(state, k, seat)
        events.append(Happened(RULES["bonfire.bonus.common-task"], f"{seat.colour} fulfils the common task "
                                                                   f"{c.common_tasks[task_id].name}", seat.colour))
        if not state.neutral[j]:
            events.append(Happened(RULES["bonfire.assume.common-task-shared"],
                                   f"the neutral novice of {c.common_tasks[task_id].name} is already seated; "
                                   f"{seat.colour} still scores the task at the end", seat.colour))
        if _has(seat, "common_reward"):
            state = _gain(state, k, ix.wild_resource, 1, events, "bonfire.specialist.common-reward", "Common Reward")
            state = _gain(state, k, ix.wild_action, 1, events, "bonfire.specialist.common-reward", "Common Reward")
        if state.neutral[j]:
            neutral = list(state.neutral)
            neutral[j] = False
            state = state.replace(neutral=tuple(neutral))
            return _push(state, Step("sit", k, "neutral"), drop=0)   # end-turn stays due after the seat
    if not state.triggered and state.novices_in_council() >= END_TRIGGER[len(state.seats)]:
        state = state.replace(triggered=True)
        events.append(Happened(RULES["bonfire.end.trigger"], f"the council holds {state.novices_in_council()} "
                                                             f"novices: the countdown starts after this round"))
        neutral = sum(here.count("neutral") for here in state.council)
        if neutral:
            events.append(Happened(RULES["bonfire.assume.novices-counted"], f"{neutral} of those novices "
                                                                            f"{'is neutral, and it counts' if neutral == 1 else 'are neutral, and they count'} too"))
    return _next_turn(state, k, events, state.pending[1:])


def _next_turn(state: State, k: int, events: list[Event], rest: tuple[Step, ...]) -> State:
    """Hand the turn on clockwise from seat ``k`` (``bonfire.turn.options``), starting countdown rounds at the start
    player (``bonfire.end.countdown``: the round of the trigger is finished first, ``bonfire.assume.countdown-
    start``) and skipping players who are out; the game ends after the fifth countdown round or when everyone is
    out. ``rest``: the steps pending after the ending turn's (the next turn's ``act`` step goes before them)."""
    n = len(state.seats)
    countdown = state.countdown
    for _ in range(n * (len(COUNTDOWN) + 2)):
        k = (k + 1) % n
        if k == state.start:
            if countdown:
                countdown += 1
                if countdown > len(COUNTDOWN):
                    events.append(Happened(RULES["bonfire.end.countdown"], "the fifth countdown round is over: "
                                                                           "final scoring"))
                    return state.replace(countdown=countdown, pending=())
                events.append(Happened(RULES["bonfire.end.countdown"], f"countdown round {countdown} (disc "
                                                                       f"{COUNTDOWN[countdown - 1]})"))
            elif state.triggered:
                countdown = 1
                events.append(Happened(RULES["bonfire.end.countdown"], f"{state.players[k]} takes the countdown "
                                                                       f"stack: countdown round 1 (disc "
                                                                       f"{COUNTDOWN[0]})"))
        if countdown != state.countdown:
            state = state.replace(countdown=countdown)
        if state.seats[k].out:
            if not countdown and all(s.out for s in state.seats):
                break
            continue
        due = state.replace(turn=k, pending=(_step_of("act", k), *rest))
        if countdown or _can_act(due):
            return due
        state = _set_seat(state, k, state.seats[k].replace(out=True))
        events.append(Happened(RULES["bonfire.turn.stuck"], f"{state.players[k]} can do none of the three options "
                                                            f"and takes no more turns", state.players[k]))
    events.append(Happened(RULES["bonfire.assume.everyone-out"], "no player can take a turn: final scoring"))
    return state.replace(countdown=countdown, pending=())


def _stuck(state: State, step: Step) -> tuple[str, ...]:
    """The guardians of :func:`movers` whose only option is to stay (staying changes nothing for the others)."""
    return tuple(g for g in movers(state, step) if len(procession_stops(state, step.seat, g, step.count)) == 1)


def _skip_stuck(state: State, step: Step, stuck: tuple[str, ...], events: list[Event]) -> State:
    """Skip the guardians of a ``march`` step who can only stay, each with an event naming why: the path ends
    (``bonfire.assume.procession-up-to``) or the next tile is taken (``bonfire.procession.one-per-space``); and
    no portal leads into a free bonfire beside her (``bonfire.procession.step``)."""
    seat = state.seats[step.seat]
    taken = {at for colour, where, at in seat.guardians if where == "path"}
    for g in stuck:
        _, here = _where(seat, g)
        if here >= len(seat.path):
            rule, why = "bonfire.assume.procession-up-to", "no path tile is built ahead of her"
        elif here + 1 in taken and not _has(seat, "crowded_path"):
            rule, why = "bonfire.procession.one-per-space", f"path tile {here + 1} ahead of her is taken"
        else:
            rule, why = "bonfire.procession.step", "she cannot move"
        events.append(Happened(RULES[rule], f"{seat.colour}'s {g} guardian stays: {why}, and no portal leads into "
                                            f"a free bonfire beside her", seat.colour))
    rest = tuple(g for g in step.items if g not in stuck)
    return _push(state, *([Step("march", step.seat, count=step.count, items=rest, flag=step.flag)] if rest else []))


def _run(state: State, events: list[Event]) -> State:
    """Carry out the steps the engine does by itself until a player or chance decides (or the game ends)."""
    while state.pending:
        step = state.pending[0]
        if step.kind == "then":
            state = _then(state, step, events)
        elif step.kind == "end-turn":
            state = _end_turn(state, step, events)
        elif step.kind == "march" and (stuck := _stuck(state, step)):
            state = _skip_stuck(state, step, stuck, events)
        elif step.kind == "take" and step.what == "action" and not any(state.supply):
            events.append(Happened(RULES["bonfire.assume.supply-runs-out"],
                                   f"the supply has no action tile left: {state.players[step.seat]} takes none of "
                                   f"the {step.count} of their choice", state.players[step.seat]))
            state = _push(state)
        else:
            break
    return state
