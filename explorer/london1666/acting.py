"""Phase 2 of a turn: four action points (seed p. 9-11).

Move your owner pawn, move a free trained band (it stops to cover an uncovered cone), put out a contained
fire where your pawn stands (and perhaps become the Hero of London), and use demolition charges for free.
"""

from __future__ import annotations

import functools
from itertools import compress
from typing import TYPE_CHECKING, Any

from explorer.core import IllegalAction

from .actions import Demolish, EndActions, Extinguish, MoveBand, MovePawn
from .components import ACTION_POINTS, DEMOLISH_MAX_ICONS, HERO_CONES, PHASE_WORDS, cones_and_bands
from .events import (ActionsEnded, BandCovers, BandMoved, ConeExtinguished, DistrictDemolished, HeroChanged,
                     HousesDemolished, PawnMoved, TokenDestroyed)
from .rules import RULES

if TYPE_CHECKING:
    from .state import State

__all__ = ["ACTION_POINTS", "legal_actions", "why_illegal", "apply", "can_demolish"]


def can_demolish(state: "State", district: str) -> bool:
    """True if the active player may blow up ``district`` now (rule ``london.actions.demolish``).

    Needs a charge in hand, a free trained band in the district, fire next door (Pudding Lane counts), no fire
    in it, not already demolished, and fewer than 3 house icons unless its houses have burned.
    """
    k = state.i(district)
    return _can_demolish_at(state, k) and "charge" in state.seat.tokens


def _can_demolish_at(state: "State", k: int) -> bool:
    board = state.board
    fire = state.fire
    return (state.bands[k] > 0 and fire[k] == 0 and not state.demolished[k]
            and (board.districts[board.ids[k]].houses <= DEMOLISH_MAX_ICONS or state.burnt[k])
            and any(map(fire.__getitem__, board.adjacent[k])))  # fire next door


def _demolish_problem(state: "State", district: str) -> str | None:
    board = state.board
    info = board.districts[district]
    k = state.i(district)
    if "charge" not in state.seat.tokens:
        return f"{state.name(state.active)} holds no demolition charge"
    if state.fire[k]:
        return f"{info.name} is burning; only a district without fire can be demolished"
    if state.demolished[k]:
        return f"{info.name} is already demolished"
    if state.bands[k] == 0:
        return f"no trained band stands in {info.name} to set the charge"
    if not any(state.fire[j] for j, _ in board.links[k]):
        return f"{info.name} does not touch a burning district"
    if info.houses > DEMOLISH_MAX_ICONS and not state.burnt[k]:
        return f"{info.name} has {info.houses} house icons: 3 or more can only be demolished once burned"
    return None


def legal_actions(state: "State") -> list[Any]:
    """The action-phase choices, in a fixed order: pawn moves, band moves, extinguish, demolish, end."""
    board = state.board
    actions: list[Any] = []
    moves = _moves(board)
    if state.ap > 0:
        here = board.index[state.seat.pawn]
        actions += moves.pawn[here]
        bands, fire = state.bands, state.fire
        for k in band_sites(bands):
            if bands[k] > fire[k]:
                actions += moves.band[k]
        if 0 < fire[here] <= bands[here]:
            actions.append(moves.extinguish[here])
    if "charge" in state.seat.tokens:
        actions += [moves.demolish[k] for k in band_sites(state.bands) if _can_demolish_at(state, k)]
    actions.append(END)
    return actions


def band_sites(bands: tuple[int, ...]) -> list[int]:
    """The district positions holding trained bands, in board order (at most 6 of the 64: only these can send a
    band or set a charge)."""
    return list(compress(range(len(bands)), bands))


END = EndActions()


class _Moves:
    """The action-phase actions of one board, built once (actions are immutable values)."""

    def __init__(self, board) -> None:
        ids, start = board.ids, board.start
        self.pawn = [[MovePawn(ids[j]) for j, _ in board.links[k] if ids[j] != start] for k in range(len(ids))]
        self.band = [[MoveBand(ids[k], ids[j]) for j, _ in board.links[k] if ids[j] != start]
                     for k in range(len(ids))]
        self.extinguish = [Extinguish(d) for d in ids]
        self.demolish = [Demolish(d) for d in ids]


@functools.lru_cache(maxsize=8)
def _moves(board) -> _Moves:
    return _Moves(board)


def why_illegal(state: "State", action: Any) -> IllegalAction | None:
    """The rule that forbids an action-phase action, in a player's words."""
    board = state.board
    if state.phase != "actions":
        return IllegalAction(RULES["london.turn.phases"], f"{_action_words(state, action)} is an action, for "
                             f"the second part of the turn; now {PHASE_WORDS.get(state.phase, state.phase)}",
                             action=action)
    if isinstance(action, EndActions):
        return None
    if isinstance(action, Demolish):
        problem = _demolish_problem(state, action.district)
        return IllegalAction(RULES["london.actions.demolish"], problem, action=action) if problem else None
    if state.ap == 0:
        return IllegalAction(RULES["london.actions.points"], "no action points are left this turn", action=action)
    if isinstance(action, MovePawn):
        here = state.seat.pawn
        if action.district == board.start:
            return IllegalAction(RULES["london.actions.pudding-lane"], "nobody may enter Pudding Lane",
                                 action=action)
        if not board.are_adjacent(here, action.district):
            return IllegalAction(RULES["london.actions.move-pawn"], f"{board.districts[action.district].name} is "
                                 f"not next to {board.districts[here].name}", action=action)
    if isinstance(action, MoveBand):
        k = state.i(action.source)
        src = board.districts[action.source].name
        if state.bands[k] == 0:
            return IllegalAction(RULES["london.actions.move-band"], f"there is no trained band in {src}",
                                 action=action)
        if state.bands[k] <= state.fire[k]:
            return IllegalAction(RULES["london.actions.covering-bands"], f"every band in {src} covers a fire "
                                 "cone and cannot move", action=action)
        if action.destination == board.start:
            return IllegalAction(RULES["london.actions.pudding-lane"], "nobody may enter Pudding Lane",
                                 action=action)
        if not board.are_adjacent(action.source, action.destination):
            return IllegalAction(RULES["london.actions.move-band"], f"{board.districts[action.destination].name} "
                                 f"is not next to {src}", action=action)
    if isinstance(action, Extinguish):
        k = state.i(action.district)
        name = board.districts[action.district].name
        if state.seat.pawn != action.district:
            return IllegalAction(RULES["london.actions.extinguish"], f"{state.name(state.active)}'s pawn is not "
                                 f"in {name}", action=action)
        if state.fire[k] == 0:
            return IllegalAction(RULES["london.actions.extinguish"], f"{name} is not burning", action=action)
        return IllegalAction(RULES["london.fire.contained"], f"the fire in {name} is not contained "
                             f"({cones_and_bands(state.fire[k], state.bands[k])}): a cone is put out only "
                             f"where there are at least as many trained bands as cones", action=action)
    return None


def _action_words(state: "State", action: Any) -> str:
    """An action-phase action in words (``"moving your pawn to Bishopsgate"``), for refusals."""
    name = state.board.districts
    if isinstance(action, MovePawn):
        return f"moving your pawn to {name[action.district].name}" if action.district in name else "moving a pawn"
    if isinstance(action, MoveBand) and action.source in name and action.destination in name:
        return f"moving a trained band from {name[action.source].name} to {name[action.destination].name}"
    if isinstance(action, Extinguish) and action.district in name:
        return f"putting out a cone in {name[action.district].name}"
    if isinstance(action, Demolish) and action.district in name:
        return f"demolishing {name[action.district].name}"
    if isinstance(action, EndActions):
        return "ending the action phase"
    return "this move"


def apply(state: "State", action: Any) -> tuple["State", list]:
    """Carry out an action-phase action; the phase ends by itself when nothing but ending is left."""
    board = state.board
    player = state.name(state.active)
    events: list = []
    if isinstance(action, EndActions):
        return end_actions(state, [ActionsEnded(player, state.ap)])
    if isinstance(action, MovePawn):
        state = state.replace(seats=state.seats_with(state.active, pawn=action.district), ap=state.ap - 1)
        events.append(PawnMoved(player, board.districts[action.district].name))
    elif isinstance(action, MoveBand):
        bands = list(state.bands)
        bands[state.i(action.source)] -= 1
        k = state.i(action.destination)
        bands[k] += 1
        events.append(BandMoved(board.districts[action.source].name, board.districts[action.destination].name))
        if state.fire[k] >= bands[k]:
            events.append(BandCovers(board.districts[action.destination].name))
        state = state.replace(bands=tuple(bands), ap=state.ap - 1)
    elif isinstance(action, Extinguish):
        state, events = put_out_cone(state, action.district)
    elif isinstance(action, Demolish):
        state, events = demolish(state, action.district)
    if not has_more_actions(state):
        return end_actions(state, events)
    return state, events


def has_more_actions(state: "State") -> bool:
    """True while something other than ending the phase is possible: points left (a pawn can always walk),
    or a demolition charge that can be used (``london.actions.end``)."""
    if state.ap > 0:
        return True
    return "charge" in state.seat.tokens and any(_can_demolish_at(state, k) for k in band_sites(state.bands))


def put_out_cone(state: "State", district: str) -> tuple["State", list]:
    """Remove one cone of a contained fire; the player keeps it (``london.actions.extinguish``, ``.hero``)."""
    fire = list(state.fire)
    fire[state.i(district)] -= 1
    seat = state.active
    total = state.seats[seat].extinguished + 1
    events: list = [ConeExtinguished(state.name(seat), state.board.districts[district].name, total)]
    holder = state.hero
    if holder != seat and ((holder is None and total >= HERO_CONES)
                           or (holder is not None and total > state.seats[holder].extinguished)):
        holder = seat
        events.append(HeroChanged(state.name(seat)))
    state = state.replace(seats=state.seats_with(seat, extinguished=total), fire=tuple(fire), ap=state.ap - 1,
                          hero=holder)
    return state, events


def demolish(state: "State", district: str) -> tuple["State", list]:
    """Blow up ``district``: its houses are lost, a token there is destroyed, it becomes a firebreak."""
    k = state.i(district)
    name = state.board.districts[district].name
    events: list = [DistrictDemolished(state.name(state.active), name)]
    for colour in sorted(set(state.houses[k])):
        events.append(HousesDemolished(name, colour, state.houses[k].count(colour)))
    houses, demolished, tokens = list(state.houses), list(state.demolished), list(state.tokens)
    houses[k], demolished[k] = (), True
    if tokens[k]:
        events.append(TokenDestroyed(name, tokens[k]))
        tokens[k] = None
    held = list(state.seat.tokens)
    held.remove("charge")
    state = state.replace(seats=state.seats_with(state.active, tokens=tuple(held)), houses=tuple(houses),
                          demolished=tuple(demolished), tokens=tuple(tokens))
    return state, events


def end_actions(state: "State", events: list) -> tuple["State", list]:
    """The action phase is over: on to drawing (``london.draw.refill``)."""
    from .drawing import after_actions

    return after_actions(state, events, ap=0)
