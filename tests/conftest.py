"""Shared fixtures: the test-only toy game registered in ``explorer.GAMES`` for the whole session."""

from __future__ import annotations

import pytest

import toygame
from explorer.core import GameInfo, register_game, unregister_game

TOY = GameInfo("toy", "Stony tic-tac-toe (test only)", "the test suite", "tests/toygame.py", "toygame",
               "A tiny game that exercises the engine contract.")


@pytest.fixture(scope="session", autouse=True)
def toy_registered():
    """Register the toy game for the session (it is never shipped)."""
    register_game(TOY)
    yield TOY
    unregister_game(TOY.key)


@pytest.fixture
def toy():
    """The toy game module."""
    return toygame
