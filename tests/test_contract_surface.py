"""The public surface every shipped game shares (API.md): one ``parse_action`` signature, a ``position`` builder.

Issue 16 found four different ``parse_action`` signatures; these tests keep them one.
"""

import inspect
import random

import pytest

from explorer.core import GAMES, game_module

SHIPPED = ["london1666", "portobello", "flashpoint", "bonfire"]


def test_the_four_games_are_shipped_and_ready():
    assert all(GAMES[g].is_ready for g in SHIPPED)


@pytest.mark.parametrize("game", SHIPPED)
def test_parse_action_has_one_signature(game):
    """``parse_action(text, board=None)`` in every game: the text, and optionally the board that names the ids."""
    params = inspect.signature(game_module(game).parse_action).parameters
    assert list(params) == ["text", "board"]
    assert params["board"].default is None
    assert params["text"].default is inspect.Parameter.empty


@pytest.mark.parametrize("game", SHIPPED)
def test_the_position_builder_is_public_and_documented(game):
    module = game_module(game)
    build = module.position
    assert callable(build) and "position" in module.__all__
    assert build.__doc__ and "Raises" in build.__doc__ and ">>>" in build.__doc__
    params = list(inspect.signature(build).parameters.values())
    assert all(p.kind is inspect.Parameter.KEYWORD_ONLY for p in params[1:])  # at most the game's key fact first
    assert all(p.default is not inspect.Parameter.empty for p in params)


@pytest.mark.parametrize("game", SHIPPED)
def test_the_position_builder_derives_everything_from_nothing(game):
    """With no facts at all, the builder still gives a position the position format accepts and reads back."""
    module = game_module(game)
    state = module.position()
    assert isinstance(state, module.State) and not state.is_terminal
    assert module.State.from_dict(state.to_dict()).to_dict() == state.to_dict()
    assert state.legal_actions() or state.is_chance_node


@pytest.mark.parametrize("game", SHIPPED)
def test_both_readers_read_every_legal_action_back(game):
    """For every legal action on a seeded game's way: the module reader and the state's reader give it back."""
    module, chooser = game_module(game), random.Random(16)
    state, seen = module.new_game(seed=16), 0
    for _ in range(60):
        if state.is_terminal:
            break
        if state.is_chance_node:
            state = state.apply(state.sample_chance())
            continue
        actions = state.legal_actions()
        for action in actions:
            text = str(action)
            assert module.parse_action(text) == action, text
            assert state.parse_action(text) == action, text
            seen += 1
        state = state.apply(chooser.choice(actions))
    assert seen >= 60
