"""Where a lesson step or a rule example starts, as data: the game's position builder, or a seeded game, then
actions.

A *position spec* is the small table lessons (``explorer/<game>/data/lessons/``) and rule examples
(``explorer/<game>/data/rule_examples.yaml``) write to name a position::

    {builder: {fire: {pudding-lane: 20}, hands: {red: "N E S W W"}}}        # explorer.london1666.position(...)
    {game: {players: 3, seed: 2007}, actions: [bobby d1, act 3]}           # new_game(...), then these actions

``actions`` may follow either start; chance outcomes among them are applied as written.
"""

from __future__ import annotations

from typing import Any

import pydantic

from .errors import InvalidData
from .registry import game_module
from .schema import StrictModel

__all__ = ["GameSpec", "PositionSpec", "build_position"]


class GameSpec(StrictModel):
    """A seeded set-up game: ``new_game(players=..., seed=..., **options)``."""

    players: int | None = None
    seed: int = 0
    options: dict[str, Any] = pydantic.Field(default_factory=dict)


class PositionSpec(StrictModel):
    """Where a step or an example starts: the game's position builder (``builder``: its keyword arguments), or
    a seeded game (``game``); then ``actions`` in order (chance outcomes among them are applied as written)."""

    builder: dict[str, Any] | None = None
    game: GameSpec | None = None
    actions: list[str] = pydantic.Field(default_factory=list)

    @pydantic.model_validator(mode="after")
    def _one_start(self) -> "PositionSpec":
        if (self.builder is None) == (self.game is None):
            raise ValueError("give exactly one of 'builder' (the position builder's arguments) or 'game' "
                             "(a seeded set-up game)")
        return self


def build_position(game: str, spec: PositionSpec, *, what: str) -> Any:
    """The position ``spec`` names in ``game``: the builder's position or the seeded game, then its actions.

    Args:
        game: the game's key (``explorer.core.GAMES``).
        spec: the position spec.
        what: how to name the spec in an error (``"lesson x step 2"``).

    Raises:
        InvalidData: with the builder's problems, or the action that cannot be applied and why.
    """
    module = game_module(game)
    if spec.builder is not None:
        try:
            state = module.position(**spec.builder)
        except InvalidData as err:
            raise InvalidData(f"{what} position", err.problems) from None
        except (TypeError, ValueError) as err:
            raise InvalidData(f"{what} position", [str(err)]) from None
    else:
        options = dict(spec.game.options)
        if spec.game.players is not None:
            options["players"] = spec.game.players
        try:
            state = module.new_game(seed=spec.game.seed, **options)
        except (TypeError, ValueError) as err:
            raise InvalidData(f"{what} position", [f"game: {err}"]) from None
    for n, action in enumerate(spec.actions):
        try:
            state = state.apply(action)
        except ValueError as err:
            raise InvalidData(f"{what} position", [f"actions[{n}] {action!r}: {err}"]) from None
    return state
