"""The games as PettingZoo environments (explorer.adapters.pettingzoo): PettingZoo's own API and seed tests, a
loop with action masks, the end of a game, a truncation at the cut."""

from __future__ import annotations

import warnings

import numpy as np
import pytest

pytest.importorskip("pettingzoo")

from pettingzoo.test import api_test, seed_test  # noqa: E402

from explorer.adapters.pettingzoo import GAMES, env  # noqa: E402
from explorer.core.encoding import rank_returns  # noqa: E402

CASES = [("portobello", {"players": 2}), ("portobello", {"players": 4, "customer_queue": True}),
         ("london1666", {"players": 3}), ("london1666", {"players": 5, "hidden_colours": True}),
         ("bonfire", {"players": 2}), ("bonfire", {"players": 4}),
         ("flashpoint", {"players": 4}),
         ("flashpoint", {"players": 2, "building": "garage", "mode": "experienced", "level": "veteran"})]


@pytest.mark.parametrize(("game", "params"), CASES)
def test_pettingzoos_api_and_seed_tests_pass(game, params):
    with warnings.catch_warnings():
        # the classic environments' dict observations ({observation, action_mask}) draw the same two warnings
        warnings.filterwarnings("ignore", message="Observation space for each agent probably should be")
        warnings.filterwarnings("ignore", message="Observation is not a NumPy array")
        api_test(env(game, **params), num_cycles=200, verbose_progress=False)
    seed_test(lambda: env(game, **params), num_cycles=200)


def _play(e, seed: int):
    """A whole game with random legal actions from the mask: the actions taken, by agent, and each agent's
    reward at the end (``e.final``)."""
    rng = np.random.default_rng(seed)
    e.reset(seed=seed)
    taken, e.final = [], {}
    for agent in e.agent_iter():
        observation, reward, termination, truncation, info = e.last()
        if termination or truncation:
            action = None
            e.final[agent] = reward
        else:
            action = int(rng.choice(np.flatnonzero(observation["action_mask"])))
            taken.append((agent, action))
        e.step(action)
    return taken


def test_a_loop_with_masks_plays_a_whole_game_and_rewards_the_ranking():
    e = env("bonfire", players=3)
    taken = _play(e, seed=4)
    engine = e.state_.engine
    assert engine.is_terminal and len(taken) > 50
    assert [e.final[a] for a in e.possible_agents] == rank_returns(engine)
    assert e.agents == []                               # every agent has left the finished game


def test_the_same_seed_plays_the_same_game():
    a, b = env("london1666", players=4), env("london1666", players=4)
    assert _play(a, seed=9) == _play(b, seed=9)
    assert a.state_.engine.to_dict() == b.state_.engine.to_dict()
    c = env("london1666", players=4)
    assert _play(c, seed=10) != _play(a, seed=9)


def test_only_the_player_to_act_has_legal_actions_in_the_mask():
    e = env("portobello", players=3)
    e.reset(seed=2)
    acting = e.agent_selection
    for agent in e.possible_agents:
        mask = e.observe(agent)["action_mask"]
        assert (mask.sum() > 0) == (agent == acting)
    legal = np.flatnonzero(e.observe(acting)["action_mask"]).tolist()
    assert legal == e.state_.legal_actions()


def test_a_player_observes_what_openspiel_lets_them_see():
    e = env("london1666", players=4)
    e.reset(seed=5)
    for _ in range(40):
        observation = e.observe(e.agent_selection)
        e.step(int(np.flatnonzero(observation["action_mask"])[0]))
    for k, agent in enumerate(e.possible_agents):
        assert np.array_equal(e.observe(agent)["observation"],
                              np.asarray(e.state_.observation_tensor(k), np.float32))


def test_a_game_cut_at_its_length_is_a_truncation_ranked_as_it_stands(monkeypatch):
    e = env("portobello", players=2)
    monkeypatch.setattr(e.game, "cut", 30)
    _play(e, seed=1)
    assert not e.state_.engine.is_terminal and len(e.state_.history()) == 30
    assert [e.final[a] for a in e.possible_agents] == rank_returns(e.state_.engine)


def test_an_illegal_number_is_refused_by_the_rule_and_changes_nothing():
    e = env("portobello", players=2)
    e.reset(seed=0)
    before = e.state_.history()
    with pytest.raises(ValueError, match="portobello.setup.bobby"):
        e.step(e.game.numbering.number(e.state_.engine.parse_action("build c 0")))
    assert e.state_.history() == before


def test_bad_games_and_options_are_refused_by_name():
    with pytest.raises(ValueError, match="no game 'chess'; the games are " + ", ".join(GAMES)):
        env("chess")
    with pytest.raises(ValueError, match="3-6 players"):
        env("london1666", players=2)


def test_shimmys_openspiel_wrapper_plays_the_games_too():
    from shimmy import OpenSpielCompatibilityV0

    import explorer.adapters.openspiel  # noqa: F401  (registers the games)

    e = OpenSpielCompatibilityV0(game_name="python_bonfire", config={"players": 2})
    e.reset(seed=3)
    moves = 0
    for agent in e.agent_iter(max_iter=60):
        observation, reward, termination, truncation, info = e.last()
        action = None if termination or truncation else int(np.flatnonzero(info["action_mask"])[0])
        moves += action is not None
        e.step(action)
    assert moves == 60 and observation.shape == (e.observation_space("player_0").shape[0],)


def test_ansi_render_draws_the_position():
    e = env("bonfire", render_mode="ansi", players=2)
    e.reset(seed=1)
    assert e.render() == e.state_.engine.text_board()
    assert env("portobello", players=2).render() is None          # no render mode: nothing drawn
