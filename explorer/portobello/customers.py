"""Customers and the Lord (seed p. 2, p. 4): draw blind from the bag, place on any empty square at once; the
Lord takes the last free square once the tenth customer is out."""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING

from explorer.core import Event

from .actions import DrawCustomer, Drawn, PlaceCustomer, PlaceLord, cached
from .components import LORD, SERVANT
from .events import CustomerDrawn, CustomerPlaced, LordPlaced
from .scoring import score_lanes_at

if TYPE_CHECKING:
    from .state import State


def can_draw(state: "State") -> bool:
    """True if the active player has an action left and a customer is still to come
    (``portobello.customer.draw``, ``portobello.customer.bag-empty``)."""
    return state.actions_left > 0 and state.customers_left > 0


def can_place_lord(state: "State") -> bool:
    """True if the active player has an action left, all ten customers are out and the Lord is not yet placed
    (``portobello.lord.place``)."""
    return state.actions_left > 0 and state.customers_left == 0 and LORD not in state.squares


def free_squares(state: "State") -> list[str]:
    """The empty squares, in board order."""
    return [sq for sq, kind in zip(state.layout.squares, state.squares) if kind is None]


def legal_placements(state: "State") -> list[PlaceCustomer]:
    """Where the drawn customer may go: any empty square (``portobello.customer.place``)."""
    return [cached(PlaceCustomer, sq) for sq in free_squares(state)]


def apply(state: "State", action) -> tuple["State", Sequence[Event]]:
    """Draw, place, or place the Lord (rules ``portobello.customer.*``, ``portobello.lord.place``)."""
    me = state.name(state.active)
    if isinstance(action, DrawCustomer):
        state = state.replace(actions_left=state.actions_left - 1)
        if state.options.customer_queue:
            kind = state.queue[0]
            return (state.replace(queue=state.queue[1:], pending=kind, phase="place"), [CustomerDrawn(me, kind)])
        return state.replace(phase="draw"), []
    if isinstance(action, Drawn):
        servants, citizens = state.bag
        bag = (servants - 1, citizens) if action.kind == SERVANT else (servants, citizens - 1)
        return state.replace(bag=bag, pending=action.kind, phase="place"), [CustomerDrawn(me, action.kind)]
    if isinstance(action, PlaceCustomer):
        squares = list(state.squares)
        squares[state.layout.square[action.square]] = state.pending
        events: list[Event] = [CustomerPlaced(me, state.pending, action.square)]
        state = state.replace(squares=tuple(squares), pending=None, phase="actions")
        return score_lanes_at(state, action.square, events), events
    if isinstance(action, PlaceLord):
        square = free_squares(state)[0]
        squares = list(state.squares)
        squares[state.layout.square[square]] = LORD
        events = [LordPlaced(me, square)]
        state = state.replace(squares=tuple(squares), actions_left=state.actions_left - 1)
        return score_lanes_at(state, square, events), events
    raise TypeError(f"not a customer action: {action!r}")
