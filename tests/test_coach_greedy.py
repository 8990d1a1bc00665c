"""The one-step greedy bot (explorer.coach.greedy): it takes the immediate points, and breaks ties by its seed."""

import random

import pytest

from explorer import flashpoint, london1666, portobello
from explorer.coach.greedy import Greedy, greedy_value


def reached(module, players, seed, steps):
    """The position after ``steps`` steps of a seeded random game (``random.Random(seed)`` picks the actions,
    the engine's own stream the chance outcomes)."""
    state, chooser = module.new_game(players=players, seed=seed), random.Random(seed)
    for _ in range(steps):
        state = state.apply(state.sample_chance() if state.is_chance_node else chooser.choice(state.legal_actions()))
    return state


def values(state):
    return {str(a): greedy_value(state, a) for a in state.legal_actions()}


def test_portobello_greedy_takes_the_placement_that_scores():
    state = reached(portobello, 2, 0, 127)
    assert state.scores()[state.players[state.current_player]].total == 2
    assert values(state) == {"place s1": (2,), "place s3": (2,), "place s4": (2,), "place s8": (2,),
                             "place s10": (14,), "place s11": (2,)}
    for seed in range(5):
        assert str(Greedy(seed)(state)) == "place s10"


def test_london_greedy_prefers_the_spread_that_costs_it_least():
    state = reached(london1666, 3, 2, 9)
    assert values(state) == {"spread E pudding-lane pepys-house": (50,), "spread E pudding-lane phillpott-lane": (52,),
                             "spread E pudding-lane billingsgate": (53,)}
    assert str(Greedy(0)(state)) == "spread E pudding-lane billingsgate"


def test_flashpoint_greedy_carries_the_victim_out():
    state = reached(flashpoint, 2, 62, 102)
    assert (state.rescued, state.lost, state.damage_left) == (0, 0, 2)
    vals = values(state)
    assert vals["move 6,9"] == (1, 2) and vals["chop 6,8|7,8"] == (0, 1) and vals["end"] == (0, 2)
    after = state.apply(Greedy(0)(state))
    assert after.rescued == 1


def test_ties_are_broken_by_the_seed_and_the_position():
    state = portobello.new_game(players=2, seed=0)
    best = Greedy(7).best(state)
    assert len(best) > 1  # nothing scores at the start: a tie
    first = Greedy(7)(state)
    assert first in best and all(Greedy(7)(state) == first for _ in range(3))
    bot = Greedy(7)
    bot(reached(portobello, 2, 3, 20))  # asking about another position first changes nothing
    assert bot(state) == first
    assert len({str(Greedy(seed)(state)) for seed in range(20)}) > 1


def test_a_position_met_again_draws_again_so_free_moves_do_not_loop():
    state = portobello.new_game(players=2, seed=0)
    bot = Greedy(7)
    assert len({str(bot(state)) for _ in range(20)}) > 1
    # greedy against greedy: the bobby moves for free, yet every game ends well before the adapter's cut
    for seed in range(3):
        state, bots, steps = portobello.new_game(players=2, seed=seed), [Greedy(seed), Greedy(seed + 10)], 0
        while not state.is_terminal and steps < 1032:
            state = state.apply(state.sample_chance() if state.is_chance_node else bots[state.current_player](state))
            steps += 1
        assert state.is_terminal and steps < 600


def test_greedy_refuses_chance_steps_the_end_and_bad_seeds():
    state = flashpoint.new_game(players=2, seed=62)
    while not state.is_chance_node:
        state = state.apply(state.legal_actions()[-1])
    with pytest.raises(ValueError, match="core.chance.outcome"):
        Greedy()(state)
    with pytest.raises(ValueError, match="seed"):
        Greedy(seed="1")
    assert repr(Greedy(3)) == "Greedy(seed=3)"
