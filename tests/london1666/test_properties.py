"""Seeded random games: invariants at every step (property tests; the 10 000-game soak is `make test-slow`).

Invariants: 120 houses (board + tracks); fire cones (board + supply + put out) equal the box; 6 trained bands;
60 movement cards (hands + face-down + played); scores add up by category; the same seed replays identically;
``from_dict(to_dict(s))`` gives back ``s``; the game ends after every fire card with 4 cards in each hand.
"""

from __future__ import annotations

import random
from multiprocessing import Pool

import pytest

from explorer.core import Record
from explorer.london1666 import State, new_game
from explorer.london1666.actions import Discard, Spread

GAMES_PER_COUNT = 400
SOAK_GAMES_PER_COUNT = 10_000
TOTAL_HOUSES = 120
TOTAL_CARDS = 60


def check_invariants(s: State, played: int) -> None:
    placed_houses = sum(map(len, s.houses))
    if s.phase not in ("deal", "houses"):
        assert placed_houses + sum(s.tracks) == TOTAL_HOUSES
    assert sum(s.fire) + s.supply + sum(seat.extinguished for seat in s.seats) == s.options.fire_cones
    if s.phase not in ("deal", "houses", "colours", "pawn-colours", "tokens", "objectives", "bands"):
        assert sum(s.bands) == 6
    assert sum(seat.cards for seat in s.seats) + sum(s.unseen) + played == TOTAL_CARDS
    assert sum(s.deck) <= sum(s.unseen)
    assert all(0 <= n for n in s.fire + s.bands) and s.supply >= 0
    lost = {colour: n for colour, n in zip(("red", "blue", "green", "yellow", "white", "purple"), s.tracks)}
    for seat, (name, score) in zip(s.seats, s.scores().items()):
        assert score["houses lost"] == -2 * (lost[seat.colour] if seat.colour else 0)
        assert score.total == sum(score.values())
        assert score["1 VP tokens"] == seat.tokens.count("vp")


def random_game(seed: int, players: int, *, round_trip_every: int = 0, **options) -> tuple[State, list[str]]:
    """Play one game with random legal choices from ``seed``, checking the invariants after every action."""
    chooser = random.Random(seed)
    s = new_game(players=players, seed=seed, **options)
    actions: list[str] = []
    played = 0
    step = 0
    while not s.is_terminal:
        action = s.sample_chance() if s.is_chance_node else chooser.choice(s.legal_actions())
        if (isinstance(action, Spread) and not action.double) or isinstance(action, Discard):
            played += 1
        s = s.apply(action)
        actions.append(str(action))
        check_invariants(s, played)
        step += 1
        if round_trip_every and step % round_trip_every == 0:
            assert State.from_dict(s.to_dict()).to_dict() == s.to_dict()
            assert State.from_dict(s.to_dict()) == s
        assert step < 2000, "a game should end well before 2000 actions"
    return s, actions


def check_end(s: State, players: int, more_destruction: bool = False) -> None:
    assert s.deck == () and s.final_turns == 0
    assert all(seat.cards == (3 if more_destruction else 4) for seat in s.seats)
    assert s.winners() and set(s.winners()) <= set(s.players)


def _chunk(args: tuple[int, int, int]) -> int:
    players, first, count = args
    for seed in range(first, first + count):
        s, _ = random_game(seed, players, round_trip_every=97)
        check_end(s, players)
    return count


@pytest.mark.property
@pytest.mark.parametrize("players", [3, 4, 5, 6])
def test_random_games_keep_every_invariant(players):
    with Pool(2) as pool:
        done = sum(pool.map(_chunk, [(players, 10_000 * players + k * 100, 100) for k in range(GAMES_PER_COUNT // 100)]))
    assert done == GAMES_PER_COUNT


@pytest.mark.property
@pytest.mark.parametrize("players, seed", [(3, 11), (4, 12), (5, 13), (6, 14)])
def test_every_position_round_trips_and_the_record_replays(players, seed):
    s, actions = random_game(seed, players, round_trip_every=1)
    record = Record("london1666", seed=seed, options={"players": players}, actions=actions)
    assert record.state.to_dict() == s.to_dict()
    replayed = record.replay()
    assert [x.to_dict() for x in replayed] == [x.to_dict() for x in record.states]


@pytest.mark.property
@pytest.mark.parametrize("options", [{"hidden_colours": True}, {"more_destruction": True}, {"fire_cones": 65}])
def test_optional_rules_keep_the_invariants(options):
    for seed in range(40):
        s, _ = random_game(seed, 4, round_trip_every=53, **options)
        check_end(s, 4, options.get("more_destruction", False))
        if options.get("hidden_colours"):
            assert sorted(seat.pawn_colour for seat in s.seats) == sorted(seat.colour for seat in s.seats)


@pytest.mark.property
def test_the_same_seed_gives_the_same_game():
    a, actions_a = random_game(2024, 5)
    b, actions_b = random_game(2024, 5)
    assert actions_a == actions_b and a.to_dict() == b.to_dict()
    c, actions_c = random_game(2025, 5)
    assert actions_c != actions_a


def test_turn_count_follows_the_fire_deck():
    # 4 players: 32 movement cards in the fire deck (one drawn per turn), then one final turn each
    s, actions = random_game(7, 4)
    assert s.turn == 32 + 4
    assert sum(a.startswith("draw") for a in actions) == 32


@pytest.mark.slow
@pytest.mark.property
@pytest.mark.parametrize("players", [3, 4, 5, 6])
def test_soak_ten_thousand_games(players):
    with Pool(2) as pool:
        done = sum(pool.map(_chunk, [(players, 1_000_000 * players + k * 500, 500)
                                     for k in range(SOAK_GAMES_PER_COUNT // 500)]))
    assert done == SOAK_GAMES_PER_COUNT
