"""Flash Point through OpenSpiel: the team's returns, the numbering and the observation
(explorer.flashpoint.encoding)."""

from __future__ import annotations

import random

import pytest

pyspiel = pytest.importorskip("pyspiel")

import explorer.adapters.openspiel  # noqa: E402,F401  (registers the games)
from explorer.adapters.openspiel import Observer  # noqa: E402
from explorer.core import InvalidData  # noqa: E402


def _finish(game, seed: int):
    rng = random.Random(seed)
    state = game.new_initial_state()
    while not state.is_terminal():
        if state.is_chance_node():
            outcomes, probs = zip(*state.chance_outcomes())
            state.apply_action(rng.choices(outcomes, probs)[0])
        else:
            state.apply_action(rng.choice(state.legal_actions()))
    return state


def test_the_team_wins_or_loses_together():
    game = pyspiel.load_game("python_flashpoint(players=3)")
    assert game.get_type().utility == pyspiel.GameType.Utility.IDENTICAL
    assert game.utility_sum() is None and (game.min_utility(), game.max_utility()) == (-1.0, 1.0)
    seen = set()
    for seed in range(6):
        state = _finish(game, seed)
        engine = state.engine
        expected = 1.0 if engine.is_won else -1.0 if engine.is_lost else 0.0
        assert state.returns() == [expected] * 3
        seen.add(expected)
    assert -1.0 in seen                      # random firefighters lose


def test_the_numbering_of_the_front_house():
    game = pyspiel.load_game("python_flashpoint(players=4)")
    ix = game.numbering
    # 80 spaces and 54 walls and doors: 1 947 actions; chance: 72 red x black rolls, 12 single dice, 2 faces of
    # a point of interest, 6 fireproof rolls, a spill into each of the 80 spaces
    assert (ix.decisions, ix.outcomes) == (1947, 172)
    assert str(ix.action(0)) == "place 0,0" and game.max_game_length() == 650


def test_bad_options_are_refused_with_the_engines_reasons():
    with pytest.raises(ValueError, match="building must be one of front, back"):
        pyspiel.load_game("python_flashpoint(building=castle)")
    with pytest.raises(InvalidData, match="needs a basement"):
        pyspiel.load_game("python_flashpoint(building=laboratory_attic,mode=experienced,level=recruit,"
                          "basement_ladder=true)")


def test_the_observation_of_the_family_start():
    game = pyspiel.load_game("python_flashpoint(players=2)")
    state = game.new_initial_state()
    while state.is_chance_node():
        outcomes, _ = zip(*state.chance_outcomes())
        state.apply_action(outcomes[0])
    observer = Observer(game, pyspiel.IIGObservationType(perfect_recall=False))
    observer.set_from(state, 0)
    view, engine = observer.dict, state.engine
    assert view["spaces"][:, 0].sum() == len(engine.fire)                  # the Family game's printed fire
    assert view["spaces"][:, 2].sum() == sum(1 for p in engine.pois.values() if p == "hidden")
    assert view["counts"][0] == pytest.approx(engine.damage / 24)
    assert view["phase"].tolist() == [1.0, 0.0, 0.0, 0.0]                  # setup: the firefighters to place
    assert state.observation_string(0).split(" sees ")[1] == state.observation_string(1).split(" sees ")[1]
