"""Bonfire through OpenSpiel: the numbering and the observation (explorer.bonfire.encoding)."""

from __future__ import annotations

import pytest

pyspiel = pytest.importorskip("pyspiel")

import explorer.adapters.openspiel  # noqa: E402,F401  (registers the games)
from explorer.adapters.openspiel import Observer  # noqa: E402


def _to_first_choice(game):
    """The OpenSpiel state after the set-up draws, each the first outcome listed: the first starting fate tile
    is due."""
    state = game.new_initial_state()
    while state.is_chance_node():
        state.apply_action(state.chance_outcomes()[0][0])
    return state


def test_the_numbering_of_the_shipped_components():
    game = pyspiel.load_game("python_bonfire(players=3)")
    ix = game.numbering
    assert (ix.decisions, ix.outcomes) == (2081, 130)
    assert (game.max_game_length(), game.max_chance_outcomes()) == (920, 130)
    assert [str(ix.action(n)) for n in range(3)] == ["start-tile spare", "start-tile swap", "return boat"]
    # chance: 66 task discs, 12 elders, 19 specialists, 4 start players, 7 portals, 16 path kinds, 6 offerings
    assert str(ix.outcome(0)).startswith("draw task ") and str(ix.outcome(ix.outcomes - 1)) == "draw offering stone"
    assert game.get_type().information == pyspiel.GameType.Information.PERFECT_INFORMATION


def test_the_set_up_draws_are_chance_nodes_and_the_first_choice_is_the_starting_tile():
    game = pyspiel.load_game("python_bonfire(players=2)")
    state = _to_first_choice(game)
    assert state.engine.pending[0].kind == "start-tile"
    assert [state.action_to_string(a) for a in state.legal_actions()] == ["start-tile spare", "start-tile swap"]
    first = state.engine.current_player
    assert state.current_player() == first


def test_the_observation_after_a_starting_tile():
    game = pyspiel.load_game("python_bonfire(players=2)")
    state = _to_first_choice(game)
    k = state.current_player()
    state.apply_action(state.legal_actions()[0])           # the spare tile: 1 of each resource, 2 yellow + symbols
    observer = Observer(game, pyspiel.IIGObservationType(perfect_recall=False))
    observer.set_from(state, 1 - k)
    view = observer.dict
    seat = state.engine.seats[k]
    assert view["resources"][k].tolist() == pytest.approx([0.2] * 6)         # 1 of each / 5
    assert view["tiles"][k].tolist() == pytest.approx([n / 5 for n in seat.tiles])
    assert view["fate"][k].sum() == 3.0                                        # the starting tile's 3 symbols
    assert view["boat"][k, -1] == 1.0                                          # at the entrance
    assert view["guardians"][k, 0, 0] == 1.0                                   # own guardian on the start tile
    assert view["observer"].tolist() == [float(j == 1 - k) for j in range(2)]
    assert state.observation_string(0).split(" sees ")[1] == state.observation_string(1).split(" sees ")[1]
    assert '"seed"' not in state.observation_string(0)
