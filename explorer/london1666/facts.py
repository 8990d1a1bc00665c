"""London 1666's words for lessons: facts about a position (outcome tests) and selectors (find-all answers).

Facts read the state only; every rule stays in the engine. A lesson writes ``{"fact": "contained", "district":
"tallow-hall"}``; a find-all step ``{"name": "fire-grows", "action": "draw N"}``. Districts are named by their
board id, players by their colour.

>>> from explorer.london1666 import position
>>> from explorer.lessons.facts import Context
>>> s = position(phase="actions", fire={"pudding-lane": 20, "tallow-hall": 2}, burnt=["tallow-hall"],
...              bands={"bread-street": 1, "st-pauls": 1})
>>> after = s.apply("band bread-street tallow-hall")
>>> ctx = Context(after, s, ("band bread-street tallow-hall",), after.events)
>>> fire_at(ctx, "tallow-hall", at_least=2), contained(ctx, "tallow-hall"), bands_in(ctx, "tallow-hall")
(True, False, True)
"""

from __future__ import annotations

from typing import Any

from explorer.lessons.facts import Context, seat_index

__all__ = ["FACTS", "SELECTORS", "fire_at", "contained", "burnt", "demolished", "bands_in", "pawn_in", "hero",
           "holds", "cards_in_hand", "wins", "fire_grows"]


def fire_at(ctx: Context, district: str, at_least: int = 1, at_most: int | None = None) -> bool:
    """``district`` holds at least ``at_least`` (and at most ``at_most``, if given) fire cones
    (``london.fire.burn``, ``london.draw.intensify``)."""
    cones = ctx.state.fire_at(district)
    return cones >= at_least and (at_most is None or cones <= at_most)


def contained(ctx: Context, district: str) -> bool:
    """``district`` burns and its trained bands cover every cone (``london.fire.contained``)."""
    return ctx.state.fire_at(district) > 0 and ctx.state.is_contained(district)


def burnt(ctx: Context, district: str) -> bool:
    """The houses of ``district`` have burned (``london.fire.burn``)."""
    return bool(ctx.state.burnt[ctx.state.i(district)])


def demolished(ctx: Context, district: str) -> bool:
    """``district`` was blown up and is a firebreak (``london.actions.demolish``)."""
    return bool(ctx.state.demolished[ctx.state.i(district)])


def bands_in(ctx: Context, district: str, at_least: int = 1) -> bool:
    """At least ``at_least`` trained bands stand in ``district`` (``london.actions.move-band``)."""
    return ctx.state.bands_at(district) >= at_least


def pawn_in(ctx: Context, player: str | int, district: str) -> bool:
    """``player``'s owner pawn stands in ``district`` (``london.actions.move-pawn``)."""
    return ctx.state.seats[seat_index(ctx.state, player)].pawn == district


def hero(ctx: Context, player: str | int | None) -> bool:
    """``player`` holds the Hero of London card (``None``: nobody does; ``london.actions.hero``)."""
    if player is None:
        return ctx.state.hero is None
    return ctx.state.hero == seat_index(ctx.state, player)


def holds(ctx: Context, player: str | int, token: str, at_least: int = 1) -> bool:
    """``player`` holds at least ``at_least`` tokens of kind ``token`` (``charge``, ``double`` or ``vp``;
    ``london.fire.tokens``)."""
    return ctx.state.seats[seat_index(ctx.state, player)].tokens.count(token) >= at_least


def cards_in_hand(ctx: Context, player: str | int, count: int) -> bool:
    """``player`` holds exactly ``count`` movement cards (``london.draw.refill``, ``london.end.extra-turn``)."""
    return sum(ctx.state.seats[seat_index(ctx.state, player)].hand) == count


def wins(ctx: Context, player: str | int) -> bool:
    """The game is over and ``player`` is among its winners (``london.score.tie-break``)."""
    state = ctx.state
    return state.is_terminal and state.name(seat_index(state, player)) in state.winners()


FACTS = {"fire-at": fire_at, "contained": contained, "burnt": burnt, "demolished": demolished,
         "bands-in": bands_in, "pawn-in": pawn_in, "hero": hero, "holds": holds, "cards-in-hand": cards_in_hand, "wins": wins}
"""London's facts, by the name lessons use."""


def fire_grows(state: Any, action: str | list[str]) -> set[str]:
    """Every district whose fire has more cones once ``action`` is applied (one action or chance outcome, or a
    list of them in order: ``["end-actions", "draw N"]`` ends the action phase and draws a north card). The
    engine plays them and the answer is the difference (``london.draw.intensify``,
    ``london.fire.pudding-lane-refill``).

    Raises:
        IllegalAction: if an action is not allowed where it stands.
    """
    after = state
    for one in [action] if isinstance(action, str) else action:
        after = after.apply(one)
    return {d for d in state.board.ids if after.fire_at(d) > state.fire_at(d)}


SELECTORS = {"fire-grows": fire_grows}
"""London's find-all selectors, by the name lessons use (the common ``legal-words`` answers the rest:
``{"name": "legal-words", "starts": "spread N"}`` is every district a north card can send the fire to)."""
