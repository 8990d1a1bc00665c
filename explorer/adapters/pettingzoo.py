"""The games as PettingZoo environments (the ``rl`` extra), on top of their OpenSpiel games.

>>> from explorer.adapters.pettingzoo import env
>>> game = env("portobello", players=2)
>>> game.reset(seed=1)
>>> observation, reward, termination, truncation, info = game.last()
>>> game.agent_selection, int(observation["action_mask"].sum()), observation["observation"].shape
('player_1', 12, (417,))

A native :class:`~pettingzoo.AECEnv` in PettingZoo's convention for classic board games (chess, go, connect
four): each observation is a dict of the player's ``observation`` tensor (what that player may see, from the
game's OpenSpiel observer) and the ``action_mask`` of the numbers legal now (the game's fixed numbering,
:mod:`explorer.core.encoding`). Chance steps are drawn inside ``step`` from the generator ``reset(seed=...)``
seeds, so a seed replays a game exactly. Rewards come at the end: the OpenSpiel returns (ranks for the
competitive games, +1 / -1 for the Flash Point team).

Why not Shimmy's ``OpenSpielCompatibilityV0``, which wraps any OpenSpiel game: it puts the mask in ``info``
while the classic environments (and the libraries written for them) read it from the observation; it works out
every agent's observation after every step where one is read; it loads the game again by name on ``reset``
(losing the options unless they are passed again); and it reports a game cut at its length as ended by the rules.
Here a game cut at ``max_game_length`` is a **truncation** (the rules did not end it), ranked as it stands. The
OpenSpiel game is still at hand (:attr:`RulesExplorerEnv.game`), so Shimmy's wrapper works on it too.
"""

from __future__ import annotations

from typing import Any

import numpy as np
import pyspiel
from gymnasium import spaces
from gymnasium.utils import seeding
from pettingzoo import AECEnv

from . import openspiel as _openspiel  # registers the OpenSpiel games

__all__ = ["env", "RulesExplorerEnv", "GAMES"]

GAMES = {spec.short_name.removeprefix("python_"): spec.short_name for spec in _openspiel.SPECS}
"""The games by their short name (``portobello``) and the OpenSpiel game each one wraps."""


def env(game: str, render_mode: str | None = None, **params: Any) -> RulesExplorerEnv:
    """The PettingZoo environment of ``game`` (one of :data:`GAMES`) with the game's options ``params``
    (OpenSpiel's parameters of the game: ``players`` and its variants).

    Raises:
        ValueError: for an unknown game or a bad option (the game's own message).
    """
    if game not in GAMES:
        raise ValueError(f"no game {game!r}; the games are {', '.join(GAMES)}")
    return RulesExplorerEnv(pyspiel.load_game(GAMES[game], params), render_mode=render_mode)


class RulesExplorerEnv(AECEnv):
    """One of the games as a PettingZoo AEC environment (see the module docstring): agents ``player_0`` ..."""

    metadata = {"render_modes": ["ansi"], "name": "rules_explorer_v0", "is_parallelizable": False}

    def __init__(self, game: pyspiel.Game, render_mode: str | None = None) -> None:
        super().__init__()
        if render_mode not in (None, "ansi"):
            raise ValueError(f"render_mode is None or 'ansi', got {render_mode!r}")
        self.game = game
        """The OpenSpiel game played."""
        self.render_mode = render_mode
        self.metadata = {**self.metadata, "name": f"rules_explorer_{game.get_type().short_name}_v0"}
        n = game.num_players()
        self.possible_agents = [f"player_{k}" for k in range(n)]
        self._observer = game.make_py_observer(pyspiel.IIGObservationType(perfect_recall=False))
        size = self._observer.tensor.shape
        self._spaces = {agent: spaces.Dict({
            "observation": spaces.Box(low=0.0, high=np.inf, shape=size, dtype=np.float32),
            "action_mask": spaces.Box(low=0, high=1, shape=(game.num_distinct_actions(),), dtype=np.int8)})
            for agent in self.possible_agents}
        self._actions = {agent: spaces.Discrete(game.num_distinct_actions()) for agent in self.possible_agents}
        self.state_: Any = None
        self.np_random, _ = seeding.np_random(None)

    def observation_space(self, agent: str) -> spaces.Space:
        return self._spaces[agent]

    def action_space(self, agent: str) -> spaces.Space:
        return self._actions[agent]

    def reset(self, seed: int | None = None, options: dict | None = None) -> None:
        """A new game; ``seed`` seeds the chance steps (and the action spaces' sampling)."""
        if seed is not None or self.state_ is None:
            self.np_random, _ = seeding.np_random(seed)
        if seed is not None:
            for k, space in enumerate(self._actions.values()):
                space.seed(seed + k)
        self.agents = self.possible_agents[:]
        self.rewards = {a: 0.0 for a in self.agents}
        self._cumulative_rewards = {a: 0.0 for a in self.agents}
        self.terminations = {a: False for a in self.agents}
        self.truncations = {a: False for a in self.agents}
        self.infos = {a: {} for a in self.agents}
        self.state_ = self.game.new_initial_state()
        self._settle()

    def _settle(self) -> None:
        """Draw the chance steps due, then name the agent to act, or end the game (rewards, terminations or, at
        the cut, truncations)."""
        state = self.state_
        while state.is_chance_node():
            outcomes, probs = zip(*state.chance_outcomes())
            state.apply_action(int(self.np_random.choice(outcomes, p=np.asarray(probs) / sum(probs))))
        if state.is_terminal():
            cut = not state.engine.is_terminal
            for agent, value in zip(self.possible_agents, state.returns()):
                self.rewards[agent] = float(value)
                (self.truncations if cut else self.terminations)[agent] = True
            self.agent_selection = self.agents[0] if self.agents else self.possible_agents[0]
        else:
            self.agent_selection = self.possible_agents[state.current_player()]
        self._accumulate_rewards()

    def observe(self, agent: str) -> dict[str, np.ndarray]:
        """``agent``'s observation: what that player sees, and the mask of their legal action numbers (all zero
        when it is not their turn)."""
        player = self.possible_agents.index(agent)
        self._observer.set_from(self.state_, player)
        mask = np.zeros(self.game.num_distinct_actions(), np.int8)
        if not self.state_.is_terminal() and self.state_.current_player() == player:
            mask[self.state_.legal_actions()] = 1
        return {"observation": self._observer.tensor.copy(), "action_mask": mask}

    def step(self, action: int | None) -> None:
        """Play ``action`` (a number) for the agent to act, then draw the chance steps that follow.

        Raises:
            IllegalAction: (a ``ValueError``) for a number not legal now, naming the rule; nothing changes.
        """
        agent = self.agent_selection
        if self.terminations[agent] or self.truncations[agent]:
            self._was_dead_step(action)
            return
        self.state_.apply_action(int(action))
        self._cumulative_rewards[agent] = 0.0
        for a in self.agents:
            self.rewards[a] = 0.0
        self._settle()
        if self.render_mode == "ansi":
            self.render()

    def render(self) -> str | None:
        """The position in words (``ansi``), or nothing."""
        if self.render_mode != "ansi" or self.state_ is None:
            return None
        engine = self.state_.engine
        return engine.text_board() if hasattr(engine, "text_board") else str(engine)

    def close(self) -> None:
        pass
