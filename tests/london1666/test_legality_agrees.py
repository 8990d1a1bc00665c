"""An action is legal exactly when the engine does not refuse it (issue 21: the legal actions are generated
directly, never by asking ``explain`` about candidates, so the two must agree).

Over the positions met in seeded random games (3 to 6 players, both optional rules): every action of
``legal_actions()`` is explained as legal and applies; every other action of the game's kinds over the board's
districts (a broad, seeded sample of spreads and band moves, every one-district action) is refused by
``explain`` naming a rule of the game, and ``apply`` raises that same refusal and leaves the position as it was.
Whether an action is legal is also checked against :func:`allowed`, the rules written out plainly (and slowly)
from the rulebook, so that the generated list is tested against the rules, not against itself. The same seed
replays the same game.
"""

from __future__ import annotations

import random

import pytest

from explorer.core import IllegalAction
from explorer.core.state import CORE_RULES
from explorer.london1666 import RULES, State, new_game
from explorer.london1666.actions import (CARD_DIRECTIONS, AddFire, Demolish, Discard, EndActions, Extinguish,
                                         MoveBand, MovePawn, PlaceBand, PlacePawn, SkipDouble, Spread)
from explorer.london1666.board import card_allows
from explorer.london1666.components import DEMOLISH_MAX_ICONS

GAMES = [(3, 11, {}), (4, 12, {"hidden_colours": True}), (5, 13, {"more_destruction": True}),
         (6, 14, {"fire_cones": 65}), (4, 15, {})]
"""(players, seed, options) of the games whose positions are checked."""
EVERY = 3
"""Every third decision point of each game is checked (some 350 positions in all)."""
APPLY_CHECKED = 8
"""Refused candidates per position also tried with ``apply`` (the refusal raised, the position unchanged)."""


def decision_points(players: int, seed: int, options: dict) -> list[State]:
    """The positions where a player decides, in a seeded random game (chance steps drawn from the seed)."""
    chooser, s, out = random.Random(seed), new_game(players=players, seed=seed, **options), []
    while not s.is_terminal:
        if s.is_chance_node:
            s = s.apply(s.sample_chance())
            continue
        out.append(s)
        s = s.apply(chooser.choice(s.legal_actions()))
    return out


def positions() -> list[State]:
    return [s for game in GAMES for s in decision_points(*game)[::EVERY]]


def candidates(s: State, sample: random.Random) -> list:
    """Actions of every kind the game has, over the board: each one-district action on every district, the
    no-argument actions, every discard, band moves from the bands (and a few empty districts) to their
    neighbours and a few far districts, and spreads with every card from the burning districts (and a few
    that do not burn) into the districts next to the fire and a few others, as first and as double moves."""
    board, ids = s.board, s.board.ids
    out: list = [EndActions(), SkipDouble(), *(Discard(c) for c in CARD_DIRECTIONS)]
    for d in ids:
        out += [PlaceBand(d), PlacePawn(d), AddFire(d), MovePawn(d), Extinguish(d), Demolish(d)]
    band_sources = {k for k in range(len(ids)) if s.bands[k]} | set(sample.sample(range(len(ids)), 3))
    for k in sorted(band_sources):
        ends = {j for j, _ in board.links[k]} | set(sample.sample(range(len(ids)), 2))
        out += [MoveBand(ids[k], ids[j]) for j in sorted(ends)]
    burning = [k for k in range(len(ids)) if s.fire[k]]
    near = sorted({j for k in burning for j, _ in board.links[k]} | set(sample.sample(range(len(ids)), 3)))
    if s.phase in ("spread", "double"):
        sources = burning + sample.sample(range(len(ids)), 2)
        targets = near
    else:  # the phase alone refuses them: a few suffice
        sources, targets = burning[:2], near[:3]
    for k in sources:
        for j in targets:
            for card in CARD_DIRECTIONS:
                out += [Spread(card, ids[k], ids[j]), Spread(card, ids[k], ids[j], double=True)]
    return out


# ---- the rules, written out plainly (seed p. 4-10) -------------------------------------------------------------
def open_region(s: State, k: int) -> set[int]:
    """The fires not contained that are joined to district position ``k`` (``london.fire.travel``)."""
    def is_open(j: int) -> bool:
        return s.fire[j] > s.bands[j]
    region, todo = {k}, [k]
    while todo:
        for j, _ in s.board.links[todo.pop()]:
            if is_open(j) and j not in region:
                region.add(j)
                todo.append(j)
    return region


def spread_allowed(s: State, card: str, source: str, destination: str) -> bool:
    """A cone leaves a source of 2+ cones whose fire is not contained, travels through its fire and makes its
    last step with the card into a district without fire, not a green zone nor a firebreak, at the best
    priority level on offer (``london.fire.*``)."""
    board, k = s.board, s.board.index[source]
    if not (s.fire[k] >= 2 and s.fire[k] > s.bands[k]):
        return False
    levels = {}
    for m in open_region(s, k):
        for j, direction in board.links[m]:
            district = board.districts[board.ids[j]]
            if card_allows(card, direction) and s.fire[j] == 0 and not district.green_zone and not s.demolished[j]:
                levels[board.ids[j]] = (1 if s.houses[j] else 3) + (1 if s.bands[j] else 0)
    return destination in levels and levels[destination] == min(levels.values())


def allowed(s: State, action) -> bool:
    """What the rulebook allows the player to act, action by action."""
    board, seat = s.board, s.seat
    here = seat.pawn
    if isinstance(action, (PlaceBand, PlacePawn)):
        phase = "bands" if isinstance(action, PlaceBand) else "pawns"
        return s.phase == phase and board.districts[action.district].region != "green"
    if isinstance(action, Spread):
        if action.double:
            return (s.phase == "double" and action.card == s.card
                    and spread_allowed(s, action.card, action.source, action.destination))
        return (s.phase == "spread" and seat.hand["NESW".index(action.card)] > 0
                and spread_allowed(s, action.card, action.source, action.destination))
    if isinstance(action, SkipDouble):
        return s.phase == "double"
    if isinstance(action, Discard):
        cards = [c for c, n in zip("NESW", seat.hand) if n]
        blocked = not any(spread_allowed(s, c, a, b) for c in cards for a in board.ids for b in board.ids
                          if s.fire[board.index[a]] >= 2)
        return s.phase == "spread" and action.card in cards and blocked
    if isinstance(action, AddFire):
        k = board.index[action.district]
        return (s.phase == "blocked-fire" and s.supply > 0 and action.district != board.start
                and s.fire[k] > s.bands[k] and s.fire[k] < board.districts[action.district].fire_cap)
    if s.phase != "actions":
        return False
    if isinstance(action, EndActions):
        return True
    if isinstance(action, Demolish):
        k, info = board.index[action.district], board.districts[action.district]
        return ("charge" in seat.tokens and s.bands[k] > 0 and s.fire[k] == 0 and not s.demolished[k]
                and (info.houses <= DEMOLISH_MAX_ICONS or s.burnt[k])
                and any(s.fire[j] for j, _ in board.links[k]))
    if s.ap == 0:
        return False
    if isinstance(action, MovePawn):
        return action.district != board.start and board.are_adjacent(here, action.district)
    if isinstance(action, MoveBand):
        k = board.index[action.source]
        return (s.bands[k] > s.fire[k] and action.destination != board.start
                and board.are_adjacent(action.source, action.destination))
    if isinstance(action, Extinguish):
        k = board.index[action.district]
        return here == action.district and 0 < s.fire[k] <= s.bands[k]
    return False


def same_position(a: State, b: State) -> bool:
    return a.to_dict() == b.to_dict() and a == b


@pytest.fixture(scope="module")
def checked_positions() -> list[State]:
    return positions()


def test_enough_positions_are_checked(checked_positions):
    phases = {s.phase for s in checked_positions}
    assert len(checked_positions) >= 300
    assert {"bands", "pawns", "spread", "actions"} <= phases


def test_every_legal_action_is_explained_as_legal_and_applies(checked_positions):
    for s in checked_positions:
        legal = s.legal_actions()
        assert legal, f"no legal action in {s}"
        assert len(set(legal)) == len(legal), f"an action is listed twice in {s}"
        for action in legal:
            assert allowed(s, action), f"{action} is listed as legal, but the rules forbid it in {s}"
            assert s.explain(action) is None, f"{action} is listed as legal but refused in {s}"
            after = s.apply(action)
            assert isinstance(after, State)


def test_every_other_action_is_refused_under_a_rule_of_the_game(checked_positions):
    sample = random.Random(21)
    game_rules = set(RULES)  # the rule ids of London 1666
    for s in checked_positions:
        legal = set(s.legal_actions())
        before = s.to_dict()
        refused = []
        for action in candidates(s, sample):
            problem = s.explain(action)
            assert allowed(s, action) == (action in legal), f"{action}: the rules and legal_actions disagree in {s}"
            if action in legal:
                assert problem is None, f"{action} is legal but explained as refused in {s}"
                continue
            assert isinstance(problem, IllegalAction), f"{action} is not legal, yet not refused, in {s}"
            assert problem.rule.id in game_rules, f"{action} refused under {problem.rule.id}, not a London rule"
            assert problem.reason, f"{action}: a refusal gives its reason"
            refused.append((action, problem))
        for action, problem in sample.sample(refused, min(APPLY_CHECKED, len(refused))):
            with pytest.raises(IllegalAction) as raised:
                s.apply(action)
            assert (raised.value.rule.id, raised.value.reason) == (problem.rule.id, problem.reason)
        assert s.to_dict() == before, f"a refused action changed {s}"


def test_chance_steps_take_only_their_outcomes():
    s = new_game(players=4, seed=16)
    while not s.is_chance_node:
        s = s.apply(s.legal_actions()[-1])  # the first draw comes after the first turn's actions
    outcomes = [action for action, _ in s.chance_outcomes()]
    assert s.legal_actions() == outcomes
    for action in outcomes:
        assert s.explain(action) is None
        s.apply(action)
    problem = s.explain(EndActions())
    assert problem is not None and problem.rule is CORE_RULES["core.chance.outcome"]


def test_the_same_seed_replays_the_same_game():
    for players, seed, options in GAMES[:2]:
        first, second = decision_points(players, seed, options), decision_points(players, seed, options)
        assert len(first) == len(second)
        assert all(same_position(a, b) and a.legal_actions() == b.legal_actions() for a, b in zip(first, second))
