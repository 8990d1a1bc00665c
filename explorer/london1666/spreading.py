"""Phase 1 of a turn: spreading the fire (seed p. 5-8).

A card's direction, a source district, the cone's travel through the fire, the last step into a district
without fire, the four priority levels, trained bands covering the arriving cone, houses burning, tokens
taken, Pudding Lane's refill, the double-move token, and the blocked fire.
"""

from __future__ import annotations

import functools
from itertools import compress
from operator import gt
from typing import TYPE_CHECKING, Any

from explorer.core import IllegalAction

from .actions import CARD_DIRECTIONS, AddFire, Discard, SkipDouble, Spread
from .components import ACTION_POINTS, PHASE_WORDS, REFILL_CONES, card_words, cones_and_bands
from .events import (ConesPlaced, DoubleMoveUsed, FireAdded, FireBlocked, FireCovered, FireSpread, HousesBurned,
                     PuddingLaneRefilled, SupplyEmpty, TokenTaken)
from .rules import RULES

if TYPE_CHECKING:
    from .state import State

PRIORITY_NAMES = {1: "houses and no trained band", 2: "houses guarded by a trained band",
                  3: "burnt out, no trained band", 4: "burnt out, with a trained band"}
"""The four priority levels of rule ``london.fire.priority``, best first."""


# ---- questions about the fire -----------------------------------------------------------------------------------
def fire_regions(state: "State") -> list[list[int]]:
    """The connected groups of districts whose fire is not contained (a cone travels within one group).

    Rules ``london.fire.travel`` and ``london.fire.contained``: contained fires block the way.
    """
    return [list(region) for region in _regions(state)]


def _regions(state: "State") -> tuple[tuple[int, ...], ...]:
    """:func:`fire_regions`, as tuples (from :func:`fire_map`)."""
    return tuple(region for region, _, _ in fire_map(state))


def fire_map(state: "State") -> tuple[tuple[tuple[int, ...], tuple[int, ...], dict[str, list[int]]], ...]:
    """Where the fire can go, worked out once per state (it is a fact of the position, cached on it): per fire
    region (:func:`fire_regions`), ``(districts, sources, targets)`` where the sources are those with 2+ cones
    (:func:`is_source`) and ``targets[card]`` the districts a cone can enter with ``card``, those at the best
    priority level (:func:`destinations`, ``london.fire.priority``), in board order.

    One walk through each region finds both its districts and the districts without fire next to them.
    """
    cached = state.__dict__.get("_regions")
    if cached is not None:
        return cached
    board = state.board
    fire, bands, demolished, houses = state.fire, state.bands, state.demolished, state.houses
    links = _burnable_links(board)
    is_open = list(map(gt, fire, bands))  # a fire not contained: fire[k] > bands[k]
    seen = [False] * len(fire)
    regions = []
    for start in compress(range(len(fire)), is_open):
        if seen[start]:
            continue
        seen[start] = True
        group = [start]
        found: dict[str, dict[int, int]] = {card: {} for card in CARD_DIRECTIONS}
        for k in group:  # the group grows as the walk goes (london.fire.travel)
            for j, direction in links[k]:
                if is_open[j]:
                    if not seen[j]:
                        seen[j] = True
                        group.append(j)
                elif fire[j] == 0 and not demolished[j]:  # london.fire.destination
                    level = (1 if houses[j] else 3) + (1 if bands[j] else 0)  # = priority(state, j)
                    for card in direction:  # = card_allows(card, direction): NE is open to N and E
                        found[card][j] = level
        group.sort()
        targets = {}
        for card, levels in found.items():
            if levels:
                best = min(levels.values())
                targets[card] = sorted(j for j, level in levels.items() if level == best)
        regions.append((tuple(group), tuple(k for k in group if fire[k] >= 2), targets))
    cached = state.__dict__["_regions"] = tuple(regions)
    return cached


def priority(state: "State", k: int) -> int:
    """The priority level (1 best .. 4) of fire entering district position ``k`` (``london.fire.priority``)."""
    guarded = state.bands[k] > 0
    if state.houses[k]:
        return 2 if guarded else 1
    return 4 if guarded else 3


def destinations(state: "State", card: str, region: list[int]) -> dict[int, int]:
    """Every district a cone travelling through ``region`` can enter with ``card``, with its priority level.

    The last step must follow the card (``london.fire.direction``) into a district without fire that is
    neither a green zone nor demolished (``london.fire.destination``).
    """
    found: dict[int, int] = {}
    reach = state.board.card_links[card]
    can_burn, fire, demolished, houses, bands = (state.board.can_burn, state.fire, state.demolished,
                                                  state.houses, state.bands)
    for k in region:
        for j in reach[k]:
            if j not in found and fire[j] == 0 and can_burn[j] and not demolished[j]:
                found[j] = (1 if houses[j] else 3) + (1 if bands[j] else 0)  # = priority(state, j)
    return found


@functools.lru_cache(maxsize=8)
def _burnable_links(board) -> tuple[tuple[tuple[int, str], ...], ...]:
    """``board.links`` without the steps into green zones, which never burn (``london.board.green-zone``)."""
    return tuple(tuple((j, direction) for j, direction in links if board.can_burn[j]) for links in board.links)


def is_source(state: "State", k: int) -> bool:
    """A cone can leave district ``k``: 2+ cones and a fire not contained (``london.fire.source``)."""
    return state.fire[k] >= 2 and state.fire[k] > state.bands[k]


def spread_options(state: "State", card: str, source: str) -> dict[str, int]:
    """The legal destinations of a cone from ``source`` with ``card``: those at the best priority level.

    >>> from explorer.london1666 import new_game
    >>> s = new_game(players=4, seed=1).replace(phase="spread")
    >>> sorted(spread_options(s, "W", "pudding-lane"))
    ['tallow-hall', 'vintners-hall']
    """
    k = state.i(source)
    if not is_source(state, k):
        return {}
    region = next(r for r in fire_regions(state) if k in r)
    found = destinations(state, card, region)
    if not found:
        return {}
    best = min(found.values())
    return {state.board.ids[j]: level for j, level in found.items() if level == best}


def all_spreads(state: "State", cards: tuple[str, ...], *, double: bool = False) -> list[Spread]:
    """Every legal spread with any of ``cards``, in a fixed order (card, source, destination in board order).

    A spread that burns the active player's own houses is as legal as any other, so it is listed and must be
    played when it is the only one (``london.fire.own-houses``).
    """
    moves: list[Spread] = []
    ids = state.board.ids
    table = _spread_table(state.board, double)
    regions = fire_map(state)
    for card in cards:
        rows = table[card]
        for _, sources, targets in regions:
            best = targets.get(card)
            if not best:
                continue
            for k in sources:
                row = rows[k]
                if row is None:
                    row = rows[k] = [None] * len(ids)
                for j in best:
                    spread = row[j]
                    if spread is None:
                        spread = row[j] = Spread(card, ids[k], ids[j], double)
                    moves.append(spread)
    return moves


@functools.lru_cache(maxsize=16)
def _spread_table(board, double: bool) -> dict[str, list[list[Spread | None] | None]]:
    """Per card, per source position, per destination position: the spread, made when first met and then
    shared (actions are immutable values, and legal_actions is the hot path)."""
    return {card: [None] * len(board.ids) for card in CARD_DIRECTIONS}


def hand_cards(state: "State") -> tuple[str, ...]:
    """The directions the active player holds."""
    return tuple(d for d, n in zip(CARD_DIRECTIONS, state.seat.hand) if n)


def can_double(state: "State") -> bool:
    """The active player holds a double-move token and has not used one this turn (``london.fire.double-move``)."""
    return "double" in state.seat.tokens and not state.double_used


def fire_targets(state: "State") -> list[str]:
    """Where a cone of a blocked fire can go: fires not contained, not Pudding Lane, below their cap."""
    if state.supply == 0:
        return []
    board = state.board
    return [d for k, d in enumerate(board.ids) if d != board.start and state.fire[k] > state.bands[k]
            and state.fire[k] < board.districts[d].fire_cap]


SKIP_DOUBLE = SkipDouble()


# ---- the contract -----------------------------------------------------------------------------------------------
def legal_actions(state: "State") -> list[Any]:
    """Phase 1 choices: spreads (or the discard of a blocked fire), the double move, the blocked fire's cones."""
    if state.phase == "spread":
        moves = all_spreads(state, hand_cards(state))
        return moves or [Discard(d) for d in hand_cards(state)]
    if state.phase == "double":
        return [*all_spreads(state, (state.card,), double=True), SKIP_DOUBLE]
    if state.phase == "blocked-fire":
        return [AddFire(d) for d in fire_targets(state)]
    return []


def why_illegal(state: "State", action: Any) -> IllegalAction | None:
    """The rule that forbids a phase-1 action, in a player's words."""
    name = state.board.districts
    if isinstance(action, Spread):
        if action.double and state.phase != "double":
            return IllegalAction(RULES["london.fire.double-move"],
                                 "a double move comes right after the first spread, with a double-move token",
                                 action=action)
        if not action.double and state.phase != "spread":
            return IllegalAction(RULES["london.turn.phases"], "a card is played to spread the fire at the start "
                                 f"of a turn only; now {PHASE_WORDS.get(state.phase, state.phase)}", action=action)
        if action.double and action.card != state.card:
            return IllegalAction(RULES["london.fire.double-move"],
                                 f"the second move must follow the card played this turn, {card_words(state.card)}",
                                 action=action)
        if not action.double and state.seat.hand["NESW".index(action.card)] == 0:
            return IllegalAction(RULES["london.fire.card"], f"{state.name(state.active)} holds no "
                                 f"{action.card} card (hand: {state.seat.hand_text()})", action=action)
        k = state.i(action.source)
        src = name[action.source].name
        if state.fire[k] == 0:
            return IllegalAction(RULES["london.fire.source"], f"{src} is not burning", action=action)
        if state.fire[k] <= state.bands[k]:
            return IllegalAction(RULES["london.fire.contained"], f"the fire in {src} is contained "
                                 f"({cones_and_bands(state.fire[k], state.bands[k])})", action=action)
        if state.fire[k] < 2:
            return IllegalAction(RULES["london.fire.source"], f"cannot spread from {src}: it holds 1 cone, at "
                                 "least 2 are needed", action=action)
        return _why_not_destination(state, action)
    if isinstance(action, Discard):
        if state.phase != "spread":
            return IllegalAction(RULES["london.turn.phases"], "a card is discarded only when no card can spread "
                                 f"the fire, at the start of a turn; now {PHASE_WORDS.get(state.phase, state.phase)}",
                                 action=action)
        if all_spreads(state, hand_cards(state)):
            return IllegalAction(RULES["london.fire.no-move"], "a card in hand can still spread the fire, so it "
                                 "must be played", action=action)
        return IllegalAction(RULES["london.fire.card"], f"{state.name(state.active)} holds no {action.card} card "
                             f"to discard (hand: {state.seat.hand_text()})", action=action)
    if isinstance(action, SkipDouble):
        return IllegalAction(RULES["london.fire.double-move"], "there is no double move to decline now",
                             action=action)
    if isinstance(action, AddFire):
        if state.phase != "blocked-fire":
            return IllegalAction(RULES["london.fire.no-move"], "extra cones are placed only for a blocked fire",
                                 action=action)
        return IllegalAction(RULES["london.assume.no-move-fires"], f"{name[action.district].name} cannot take "
                             "a cone: it must burn uncontained, not be Pudding Lane, and be below its cap",
                             action=action)
    return None


def _why_not_destination(state: "State", action: Spread) -> IllegalAction:
    """Why the cone cannot end in ``action.destination``: the rule that really stops it, checked from the
    destination itself (green zone, firebreak), then a card that leads the fire nowhere, then the way there (already
    burning, a contained fire in the way, no step in the card's direction) and the priority levels."""
    board = state.board
    region = next(r for r in fire_regions(state) if state.i(action.source) in r)
    src = board.districts[action.source].name
    dest = board.districts[action.destination]
    k = state.i(action.destination)
    if dest.green_zone:
        return IllegalAction(RULES["london.board.green-zone"], f"{dest.name} is a green zone: fire never enters "
                             "it", action=action)
    if state.demolished[k]:
        return IllegalAction(RULES["london.fire.destination"], f"{dest.name} was demolished: it is a firebreak",
                             action=action)
    found = destinations(state, action.card, region)
    if not found:
        return _why_no_destination(state, action, region)
    if state.fire[k]:
        return IllegalAction(RULES["london.fire.direction"], f"{dest.name} is already burning: the move ends in "
                             "a district without fire", action=action)
    if k in found:
        best = min(found.values())
        better = sorted(board.districts[board.ids[j]].name for j, level in found.items() if level == best)
        return IllegalAction(RULES["london.fire.priority"], f"{dest.name} is priority {found[k]} "
                             f"({PRIORITY_NAMES[found[k]]}), but priority {best} ({PRIORITY_NAMES[best]}) is "
                             f"available: {', '.join(better)}", action=action)
    blockers = blocking_fires(state, action.card, region, k)
    if blockers:
        names = _names(state, blockers)
        return IllegalAction(RULES["london.fire.contained"], f"the way from the fire of {src} to {dest.name} "
                             f"passes through {names}, whose fire is contained: fire cannot spread through a "
                             "contained district", action=action)
    return IllegalAction(RULES["london.fire.direction"], f"no {action.card} step leads into {dest.name} from "
                         f"the fire connected to {src}", action=action)


def _why_no_destination(state: "State", action: Spread, region: list[int]) -> IllegalAction:
    """The card leads the fire nowhere: say what lies in its direction (green zones, firebreaks, contained
    fires) or that no step goes that way into a district without fire."""
    board, card = state.board, action.card
    src = board.districts[action.source].name
    steps = sorted({j for k in region for j in board.card_links[card][k] if state.fire[j] == 0})
    blockers = blocking_fires(state, card, region)
    if blockers:
        return IllegalAction(RULES["london.fire.contained"], f"with {card_words(card)} the fire of {src} can only "
                             f"spread through {_names(state, blockers)}, whose fire is contained: fire cannot "
                             "spread through a contained district", action=action)
    one = len(steps) == 1
    if steps and all(not board.can_burn[j] for j in steps):
        return IllegalAction(RULES["london.board.green-zone"], f"with {card_words(card)} the fire of {src} can only "
                             f"step into {_names(state, steps)}, {'a green zone' if one else 'green zones'}: fire "
                             "never enters a green zone", action=action)
    if steps and all(not board.can_burn[j] or state.demolished[j] for j in steps):
        return IllegalAction(RULES["london.fire.destination"], f"with {card_words(card)} the fire of {src} can only "
                             f"step into {_names(state, steps)}, {'a firebreak' if one else 'green zones and firebreaks'}"
                             ": fire never enters them", action=action)
    return IllegalAction(RULES["london.fire.direction"], f"with {card_words(card)} no cone can leave the fire "
                         f"of {src}: no {card} step leads from it into a district without fire", action=action)


def blocking_fires(state: "State", card: str, region: list[int], target: int | None = None) -> list[int]:
    """The contained fires that cut the fire ``region`` off from ``target`` (or, without a target, from every
    district the card could reach): those whose fire, were it not contained, would let a cone through.

    Rules ``london.fire.contained`` and ``london.fire.travel`` (seed p. 7, p. 10): a cone never passes through
    a contained fire.
    A single contained district that opens the way is named; when only several together do, all of the
    contained fires touching the way are named.
    """
    board, fire, bands = state.board, state.fire, state.bands
    inside = set(region)
    contained = set()
    stack, seen = list(region), set(region)
    while stack:  # the burning districts joined to the region, contained ones included
        k = stack.pop()
        for j, _ in board.links[k]:
            if j not in seen and fire[j]:
                seen.add(j)
                stack.append(j)
                if fire[j] <= bands[j]:
                    contained.add(j)
    if not contained:
        return []

    def opens(opened: set[int]) -> bool:
        group, todo = set(inside), list(inside)
        while todo:
            k = todo.pop()
            for j, _ in board.links[k]:
                if j not in group and fire[j] and (fire[j] > bands[j] or j in opened):
                    group.add(j)
                    todo.append(j)
        reach = {j for k in group for j in board.card_links[card][k]
                 if fire[j] == 0 and board.can_burn[j] and not state.demolished[j]}
        return target in reach if target is not None else bool(reach)

    single = sorted(c for c in contained if opens({c}))
    if single:
        return single
    return sorted(contained) if opens(contained) else []


def _names(state: "State", positions: list[int]) -> str:
    names = [state.board.districts[state.board.ids[j]].name for j in positions]
    return names[0] if len(names) == 1 else ", ".join(names[:-1]) + " and " + names[-1]


# ---- carrying out ---------------------------------------------------------------------------------------------------
def apply(state: "State", action: Any) -> tuple["State", list]:
    """Carry out a phase-1 action."""
    if isinstance(action, Spread):
        return spread_fire(state, action)
    if isinstance(action, SkipDouble):
        return start_actions(state), []
    if isinstance(action, Discard):
        hand = list(state.seat.hand)
        shown = state.seat.hand_text()
        hand["NESW".index(action.card)] -= 1
        after = state.with_seat(state.active, hand=tuple(hand)).replace(
            phase="blocked-fire", pending_fire=3, card=action.card)
        events: list = [FireBlocked(state.name(state.active), shown, action.card)]
        if not fire_targets(after):
            return start_actions(after), events
        return after, events
    if isinstance(action, AddFire):
        return add_blocked_fire(state, action)
    raise TypeError(action)


def spread_fire(state: "State", action: Spread) -> tuple["State", list]:
    """Move one cone (rules ``london.fire.*``): leave the source, enter the destination, then what follows.

    The destination is covered by a free trained band if there is one (``london.fire.bands-cover``),
    otherwise its houses burn (``london.fire.burn``) and a token there goes to the active player
    (``london.fire.tokens``). Pudding Lane is refilled when down to its last cone.
    """
    board = state.board
    events: list = []
    src, dst = state.i(action.source), state.i(action.destination)
    level = priority(state, dst)
    fire = list(state.fire)
    seat = state.seat
    player = state.name(state.active)
    changes: dict[str, Any] = {}
    if action.double:
        tokens = list(seat.tokens)
        tokens.remove("double")
        seat = seat.replace(tokens=tuple(tokens))
        changes["double_used"] = True
        events.append(DoubleMoveUsed(player))
    else:
        hand = list(seat.hand)
        hand["NESW".index(action.card)] -= 1
        seat = seat.replace(hand=tuple(hand))
        changes["card"] = action.card
    events.append(FireSpread(player, action.card, board.districts[action.source].name,
                             board.districts[action.destination].name, level))
    fire[src] -= 1
    supply = state.supply
    if action.source == board.start and fire[src] == 1:
        added = min(REFILL_CONES, supply)
        fire[src] += added
        supply -= added
        events.append(PuddingLaneRefilled(added))
    dest_name = board.districts[action.destination].name
    if state.bands[dst] > 0:
        fire[dst] = 1
        events.append(FireCovered(dest_name))
    elif state.houses[dst]:
        for colour in sorted(set(state.houses[dst])):
            events.append(HousesBurned(dest_name, colour, state.houses[dst].count(colour)))
        houses, burnt = list(state.houses), list(state.burnt)
        houses[dst], burnt[dst] = (), True
        changes.update(houses=tuple(houses), burnt=tuple(burnt))
        wanted = board.districts[action.destination].houses - 1
        extra = min(wanted, supply)
        supply -= extra
        fire[dst] = 1 + extra
        events.append(ConesPlaced(dest_name, fire[dst]))
        if extra < wanted:
            events.append(SupplyEmpty(dest_name, wanted - extra))
        if state.tokens[dst]:
            tokens = list(state.tokens)
            kind, tokens[dst] = tokens[dst], None
            changes["tokens"] = tuple(tokens)
            seat = seat.replace(tokens=tuple(sorted(seat.tokens + (kind,))))
            events.append(TokenTaken(player, dest_name))
    else:
        fire[dst] = 1
        events.append(ConesPlaced(dest_name, 1))
    seats = list(state.seats)
    seats[state.active] = seat
    # the action phase starts (start_actions), unless a double move can follow
    after = state.replace(seats=tuple(seats), fire=tuple(fire), supply=supply, phase="actions",
                          ap=ACTION_POINTS, **changes)
    if not action.double and can_double(after) and all_spreads(after, (action.card,), double=True):
        return after.replace(phase="double", ap=state.ap), events
    return after, events


def add_blocked_fire(state: "State", action: AddFire) -> tuple["State", list]:
    """Place one cone of a blocked fire (``london.fire.no-move``, ``london.assume.no-move-fires``)."""
    fire = list(state.fire)
    fire[state.i(action.district)] += 1
    state = state.replace(fire=tuple(fire), supply=state.supply - 1, pending_fire=state.pending_fire - 1)
    events = [FireAdded(state.board.districts[action.district].name)]
    if state.pending_fire == 0 or not fire_targets(state):
        return start_actions(state.replace(pending_fire=0)), events
    return state, events


def start_actions(state: "State") -> "State":
    """Phase 1 is over: the action phase starts with 4 points (``london.actions.points``)."""
    return state.replace(phase="actions", ap=ACTION_POINTS)
