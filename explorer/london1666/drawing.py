"""Phase 3 of a turn: drawing back to five cards, intensifying the fire, and the end of the game (seed p. 9, 11)."""

from __future__ import annotations

import functools
from fractions import Fraction
from typing import TYPE_CHECKING, Any

from .actions import DrawCard
from .components import FIRE_CARDS, HAND_SIZE, INTENSIFY_CONES
from .events import (SCORE_RULES, CardDrawn, CategoryScored, FinalTurns, FireCardRevealed, GameOver, Intensified,
                     SupplyEmpty, TieBroken)

if TYPE_CHECKING:
    from .state import State


def must_draw(state: "State") -> bool:
    """True while the active player holds fewer than 5 cards and the fire deck has cards (``london.draw.refill``)."""
    return state.seat.cards < HAND_SIZE and bool(state.deck)


def draw_outcomes(state: "State") -> list[tuple[DrawCard, Fraction]]:
    """The card drawn: each direction with the chance of its share of the face-down cards.

    The deck is a random part of the face-down cards, so a draw is as likely to show a direction as the
    share of that direction among all the cards nobody has seen.
    """
    return list(_draw_outcomes(state.unseen))


def draw_counts(state: "State") -> list[tuple[DrawCard, int]]:
    """The card drawn, each direction with how many face-down cards show it (:func:`draw_outcomes` as counts)."""
    return [(a, n) for a, n in zip(_DRAW, state.unseen) if n]


_DRAW = tuple(DrawCard(d) for d in "NESW")


@functools.lru_cache(maxsize=1024)
def _draw_outcomes(unseen: tuple[int, int, int, int]) -> tuple[tuple[DrawCard, Fraction], ...]:
    total = sum(unseen)
    return tuple((a, share(n, total)) for a, n in zip(_DRAW, unseen) if n)


@functools.lru_cache(maxsize=4096)
def share(n: int, total: int) -> Fraction:
    """``Fraction(n, total)``, made once (the chances of a draw are a few cards out of at most 60)."""
    return Fraction(n, total)


def intensify(state: "State") -> tuple["State", list]:
    """Every fire not contained except Pudding Lane gets up to 3 cones, capped at house icons + 2.

    Rule ``london.draw.intensify``; districts are served in board order when the supply runs short
    (``london.assume.intensify-order``).
    """
    board = state.board
    fire = list(state.fire)
    supply = state.supply
    events: list = []
    for k, d in enumerate(board.ids):
        if d == board.start or fire[k] <= state.bands[k]:
            continue
        room = max(0, min(INTENSIFY_CONES, board.districts[d].fire_cap - fire[k]))
        added = min(room, supply)
        if added:
            fire[k] += added
            supply -= added
            events.append(Intensified(board.districts[d].name, added))
        if added < room:
            events.append(SupplyEmpty(board.districts[d].name, room - added))
    return state.replace(fire=tuple(fire), supply=supply), events


def apply(state: "State", action: DrawCard) -> tuple["State", list]:
    """Draw one card; revealing a fire card intensifies the fire; the last one starts the final turns."""
    d = "NESW".index(action.direction)
    hand = list(state.seat.hand)
    hand[d] += 1
    unseen = list(state.unseen)
    unseen[d] -= 1
    deck = list(state.deck)
    deck[0] -= 1
    state = state.replace(seats=state.seats_with(state.active, hand=tuple(hand)), unseen=tuple(unseen),
                          deck=tuple(deck))
    events: list = [CardDrawn(state.name(state.active))]
    if deck[0] == 0:
        events.append(FireCardRevealed(FIRE_CARDS[len(deck) - 1]))
        state, more = intensify(state)
        events += more
        deck = deck[1:]
        changes: dict[str, Any] = {"deck": tuple(deck)}
        if not deck:
            rounds = 2 if state.options.more_destruction else 1
            turns = rounds * len(state.seats)
            events.append(FinalTurns(turns))
            changes["final_turns"] = turns + 1  # this turn's end counts down once
        state = state.replace(**changes)
    if must_draw(state):
        return state, events
    return end_turn(state, events)


def after_actions(state: "State", events: list, **changes: Any) -> tuple["State", list]:
    """Enter the draw phase (with ``changes`` made to the state), or end the turn at once when there is nothing
    to draw."""
    state = state.replace(phase="draw", **changes)
    if must_draw(state):
        return state, events
    return end_turn(state, events)


TIE_BREAKS = ("cones put out", "houses on the map", "objective points")
"""What separates players level on points, in order (the 2nd to 4th parts of :func:`.scoring.ranking_key`)."""


def final_scoring(state: "State") -> list:
    """The events of the final count: one per scoring category (``london.score.*``), then the tie-break if the
    best total is shared (``london.score.tie-break``), seed p. 11."""
    from .scoring import breakdown, ranking_key

    seats = range(len(state.seats))
    parts = [breakdown(state, seat) for seat in seats]
    events: list = [CategoryScored(category, tuple((state.name(seat), parts[seat][category]) for seat in seats
                                                   if parts[seat][category]))
                    for category in SCORE_RULES]
    best = max(p.total for p in parts)
    level = [seat for seat in seats if parts[seat].total == best]
    if len(level) > 1:
        keys = [ranking_key(state, seat) for seat in level]
        decider = next((name for n, name in enumerate(TIE_BREAKS, 1) if len({k[n] for k in keys}) > 1), "")
        names = [state.name(seat) for seat in level]
        events.append(TieBroken(", ".join(names[:-1]) + " and " + names[-1], best, decider))
    return events


def end_turn(state: "State", events: list) -> tuple["State", list]:
    """Pass the turn to the left, or end the game after the final turns (``london.end.extra-turn``)."""
    final = state.final_turns
    if final is not None:
        final -= 1
        if final == 0:
            over = state.replace(phase="over", final_turns=0, ap=0, card=None)
            return over, events + final_scoring(over) + [GameOver(", ".join(over.winners()))]
    nxt = (state.active + 1) % len(state.seats)
    return state.replace(phase="spread", active=nxt, turn=state.turn + 1, ap=0, card=None, double_used=False,
                         final_turns=final), events
