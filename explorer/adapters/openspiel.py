"""The games as OpenSpiel games: importing this module registers them with ``pyspiel`` (the ``rl`` extra).

>>> import pyspiel
>>> import explorer.adapters.openspiel
>>> game = pyspiel.load_game("python_portobello(players=2)")
>>> game.num_players(), game.num_distinct_actions(), game.max_chance_outcomes()
(2, 172, 4)
>>> state = game.new_initial_state()
>>> state.current_player(), state.action_to_string(state.legal_actions()[0])
(1, 'bobby d1')

Each game is a thin wrapper over the engine: the OpenSpiel state holds one immutable engine state, its legal
actions are the engine's turned into the game's fixed numbers (:mod:`explorer.core.encoding`, and the game's own
``encoding`` module says what each number is), chance nodes are the engine's chance outcomes one to one with their
exact probabilities, and applying a number applies the engine's own action, so an agent plays exactly the rules
the explorer teaches. The set-up draws are chance nodes too (the engine's seed plays no part).

Returns: competitive games are ranked (:func:`~explorer.core.encoding.rank_returns`: +1 per player beaten, -1 per
player ahead, over the others' number; zero-sum); Flash Point, cooperative, gives every player the same
+1 (win) or -1 (loss). A game longer than its ``max_game_length`` is ended there and ranked as it stands.

Observations: :meth:`Observer.set_from` fills the tensor from the player's point of view (the game's ``pieces``,
named views in :attr:`Observer.dict`); the observation string is the player's view in words; the information
state string (perfect recall) is what the player has seen of every step so far, so two states the player cannot
tell apart have the same one.
"""

from __future__ import annotations

import importlib
import random
from dataclasses import dataclass
from types import ModuleType
from typing import Any, ClassVar

import numpy as np
import pyspiel

from explorer.core.encoding import rank_returns

__all__ = ["SPECS", "GameSpec", "SpielGame", "SpielState", "Observer", "ScoreNowEvaluator", "game_of", "state_at"]


@dataclass(frozen=True)
class GameSpec:
    """One game as OpenSpiel knows it: its ``short_name`` (for ``pyspiel.load_game``), its long name, its encoding
    module (:mod:`explorer.core.encoding`), whether the players win or lose together, and whether every player
    sees everything."""

    short_name: str
    long_name: str
    encoding: str
    cooperative: bool = False
    perfect_information: bool = False

    def module(self) -> ModuleType:
        """The game's encoding module."""
        return importlib.import_module(self.encoding)


SPECS = (GameSpec("python_bonfire", "Bonfire (Rules Explorer)", "explorer.bonfire.encoding", perfect_information=True),
         GameSpec("python_flashpoint", "Flash Point: Fire Rescue with Extreme Danger (Rules Explorer)",
                  "explorer.flashpoint.encoding", cooperative=True, perfect_information=True),
         GameSpec("python_london1666", "The Great Fire of London 1666 (Rules Explorer)",
                  "explorer.london1666.encoding"),
         GameSpec("python_portobello", "Portobello Market (Rules Explorer)", "explorer.portobello.encoding",
                  perfect_information=True))
"""The games registered, by short name."""


def _game_type(spec: GameSpec) -> pyspiel.GameType:
    enc = spec.module()
    low, high = enc.PLAYERS
    info = pyspiel.GameType.Information
    return pyspiel.GameType(
        short_name=spec.short_name, long_name=spec.long_name,
        dynamics=pyspiel.GameType.Dynamics.SEQUENTIAL,
        chance_mode=pyspiel.GameType.ChanceMode.EXPLICIT_STOCHASTIC,
        information=info.PERFECT_INFORMATION if spec.perfect_information else info.IMPERFECT_INFORMATION,
        utility=pyspiel.GameType.Utility.IDENTICAL if spec.cooperative else pyspiel.GameType.Utility.ZERO_SUM,
        reward_model=pyspiel.GameType.RewardModel.TERMINAL,
        max_num_players=high, min_num_players=low,
        provides_information_state_string=True, provides_information_state_tensor=False,
        provides_observation_string=True, provides_observation_tensor=True,
        parameter_specification=dict(enc.PARAMETERS))


class SpielGame(pyspiel.Game):
    """An OpenSpiel game made from one of :data:`SPECS` (a subclass per game is registered)."""

    spec: ClassVar[GameSpec]

    def __init__(self, params: dict[str, Any] | None = None) -> None:
        enc = self.spec.module()
        options = {**enc.PARAMETERS, **(params or {})}
        unknown = sorted(set(options) - set(enc.PARAMETERS))
        if unknown:
            raise ValueError(f"{self.spec.short_name} has no parameter(s) {', '.join(unknown)}; it has "
                             f"{', '.join(enc.PARAMETERS)}")
        numbering = enc.numbering(options)   # checks the options too
        info = pyspiel.GameInfo(num_distinct_actions=numbering.decisions, max_chance_outcomes=numbering.outcomes,
                                num_players=options["players"], min_utility=-1.0, max_utility=1.0,
                                utility_sum=None if self.spec.cooperative else 0.0,
                                max_game_length=enc.MAX_STEPS)
        super().__init__(_TYPES[self.spec.short_name], info, options)
        self.encoding, self.numbering, self.options = enc, numbering, options
        self.pieces = enc.pieces(options)
        self.start = enc.start(options)
        self.cut = enc.MAX_STEPS

    def new_initial_state(self) -> SpielState:
        """The game before its first chance step."""
        return SpielState(self)

    def make_py_observer(self, iig_obs_type: Any = None, params: Any = None) -> Observer:
        """An observer: the observation (or, with perfect recall, the information state) of a player."""
        return Observer(self, iig_obs_type, params)


_TERMINAL, _CHANCE = pyspiel.PlayerId.TERMINAL, pyspiel.PlayerId.CHANCE


class _At:
    """Where an OpenSpiel state stands: the game, the engine's state, the steps taken and the trail of them
    (:class:`SpielState`). Immutable and shared by clones: OpenSpiel clones a Python state by deep-copying its
    attributes, and a copy of this is itself."""

    __slots__ = ("game", "engine", "steps", "trail", "numbered", "legal", "outcomes")

    def __init__(self, game: SpielGame, engine: Any, steps: int, trail: Any) -> None:
        self.game, self.engine, self.steps, self.trail = game, engine, steps, trail
        self.numbered: dict[int, Any] | None = None
        """The engine's legal actions here by number (worked out once, on first use)."""
        self.legal: list[int] | None = None
        """Their numbers, sorted (worked out once)."""
        self.outcomes: list[tuple[int, float]] | None = None
        """The chance outcomes by number with their probabilities, sorted (worked out once)."""

    def __deepcopy__(self, memo: dict[int, Any]) -> _At:
        return self


class SpielState(pyspiel.State):
    """An OpenSpiel state over one immutable engine state (:attr:`engine`)."""

    def __init__(self, game: SpielGame) -> None:
        super().__init__(game)
        self._at = _At(game, game.start, 0, None)

    @property
    def engine(self) -> Any:
        """The engine's state (immutable: clones share it)."""
        return self._at.engine

    @property
    def steps(self) -> int:
        """Steps taken (player actions and chance outcomes)."""
        return self._at.steps

    def current_player(self) -> int:
        at = self._at
        engine = at.engine
        if engine.is_terminal or at.steps >= at.game.cut:
            return _TERMINAL
        if engine.is_chance_node:
            return _CHANCE
        return engine.current_player

    def _by_number(self) -> dict[int, Any]:
        """The engine's legal actions here by number (the very objects, so ``apply`` knows them at once)."""
        at = self._at
        if at.numbered is None:
            legal = at.engine.legal_actions()
            at.numbered = dict(zip(at.game.numbering.numbers(legal), legal))
        return at.numbered

    def _legal_actions(self, player: int) -> list[int]:
        at = self._at
        if at.legal is None:
            at.legal = sorted(self._by_number())
        return list(at.legal)

    def chance_outcomes(self) -> list[tuple[int, float]]:
        at = self._at
        if at.outcomes is None:
            number = at.game.numbering.outcome_number
            at.outcomes = sorted((number(a), float(p)) for a, p in at.engine.chance_outcomes())
        return list(at.outcomes)

    def _apply_action(self, action: int) -> None:
        at = self._at
        engine = at.engine
        if at.steps >= at.game.cut and not engine.is_terminal:
            raise ValueError(f"the game was cut at its length, {at.game.cut} steps (max_game_length): it takes no "
                             f"more actions")
        if engine.is_chance_node:
            wanted = at.game.numbering.outcome(action)
            chosen = next((a for a, _ in engine.chance_outcomes() if a == wanted), wanted)
        else:
            chosen = self._by_number().get(action)
            if chosen is None:
                chosen = at.game.numbering.action(action)  # not legal here: the engine says why
        self._at = _At(at.game, engine.apply(chosen), at.steps + 1, ((engine, chosen), at.trail))

    def path_since(self, steps: int) -> list[tuple[Any, Any]]:
        """The steps taken after the first ``steps``, oldest first, each as ``(engine state before, the engine's
        action or chance outcome)`` (a search asks which of its root's actions a simulation went through, and
        who acted next).

        Raises:
            ValueError: if ``steps`` is more than the steps taken.
        """
        at = self._at
        if not 0 <= steps <= at.steps:
            raise ValueError(f"this state has taken {at.steps} steps, not {steps}")
        taken, node = [], at.trail
        for _ in range(at.steps - steps):
            step, node = node
            taken.append(step)
        taken.reverse()
        return taken

    def resample_from_infostate(self, player_id: int, probability_sampler: Any) -> SpielState:
        """A state ``player_id`` cannot tell from this one (the same information state), its hidden parts dealt
        again by the game's ``resample`` from what the player has not seen (for OpenSpiel's IS-MCTS); a copy in a
        game where everyone sees everything. ``probability_sampler()`` gives the uniform numbers it draws with.

        The steps before are kept as they were: the other players' memories of what they drew are not dealt
        again, only the position is (what the player saw of those steps is all the same)."""
        game = self._at.game
        clone = self.clone()
        resample = getattr(game.encoding, "resample", None)
        if resample is not None and not self.is_terminal():
            rng = random.Random(int(probability_sampler() * 2 ** 53))
            at = self._at
            clone._at = _At(game, resample(at.engine, player_id, rng), at.steps, at.trail)
        return clone

    def _action_to_string(self, player: int, action: int) -> str:
        numbering = self._at.game.numbering
        return str(numbering.outcome(action) if player == pyspiel.PlayerId.CHANCE else numbering.action(action))

    def is_terminal(self) -> bool:
        at = self._at
        return at.engine.is_terminal or at.steps >= at.game.cut

    def returns(self) -> list[float]:
        if not self.is_terminal():
            return [0.0] * self._at.game.num_players()
        if self._at.game.spec.cooperative:
            return self._at.game.encoding.returns(self.engine)
        return rank_returns(self.engine)

    def information_state(self, player: int) -> str:
        """What ``player`` has seen of every step so far, one line each, oldest first, then the position as
        they see it now."""
        seen = self._at.game.encoding.seen
        lines = []
        node = self._at.trail
        while node is not None:
            (before, action), node = node
            lines.append(seen(before, action, player))
        lines.reverse()
        lines.append(self._at.game.encoding.observation_string(self.engine, player))
        return "\n".join(lines)

    def __str__(self) -> str:
        return f"{self.engine!s} (step {self.steps})"


class Observer:
    """OpenSpiel's Python observer for one of the games: a flat ``tensor`` and its named views ``dict``, filled
    from a player's point of view (:meth:`set_from`), and the same view as a string (:meth:`string_from`; with
    perfect recall, the information state).

    Raises:
        ValueError: for observer parameters (none are known).
    """

    def __init__(self, game: SpielGame, iig_obs_type: Any = None, params: Any = None) -> None:
        if params:
            raise ValueError(f"{game.spec.short_name}'s observer takes no parameters, got {params!r}")
        self.game = game
        self.perfect_recall = bool(iig_obs_type is not None and iig_obs_type.perfect_recall)
        self.dict: dict[str, np.ndarray] = {}
        if self.perfect_recall:  # the information state is a string only (no tensor of the whole history)
            self.tensor = None
            return
        size = sum(p.size for p in game.pieces)
        self.tensor = np.zeros(size, np.float32)
        at = 0
        for piece in game.pieces:
            self.dict[piece.name] = self.tensor[at:at + piece.size].reshape(piece.shape)
            at += piece.size
        self._size = size

    def set_from(self, state: SpielState, player: int) -> None:
        """Fill :attr:`tensor` with ``state`` as ``player`` sees it (nothing for the information state, a string
        only)."""
        if self.tensor is None:
            return
        out = [0.0] * self._size
        self.game.encoding.observe(state.engine, player, out)
        self.tensor[:] = out

    def string_from(self, state: SpielState, player: int) -> str:
        """``state`` as ``player`` sees it (with perfect recall: everything they have seen so far)."""
        if self.perfect_recall:
            return state.information_state(player)
        return self.game.encoding.observation_string(state.engine, player)


class ScoreNowEvaluator:
    """An evaluator for OpenSpiel's MCTS and IS-MCTS bots (``evaluate`` and ``prior``) that plays no rollout: a
    finished game is worth its returns, an unfinished one the ranking "if the game ended now" from the running
    scores (:func:`~explorer.core.encoding.rank_returns`; nothing, 0, for cooperative Flash Point, whose team
    has neither won nor lost yet). Uniform priors. Cheap and crude: for bots that must answer at once.

    >>> import pyspiel
    >>> game = pyspiel.load_game("python_portobello(players=2)")
    >>> ScoreNowEvaluator().evaluate(game.new_initial_state()).tolist()
    [0.0, 0.0]
    """

    def evaluate(self, state: SpielState) -> np.ndarray:
        """Each player's value of ``state``."""
        if state.is_terminal() or state.get_game().get_type().utility == pyspiel.GameType.Utility.IDENTICAL:
            return np.array(state.returns())
        return np.array(rank_returns(state.engine))

    def prior(self, state: SpielState) -> list[tuple[int, float]]:
        """Uniform over the legal actions (the chance outcomes' own probabilities at a chance node)."""
        if state.is_chance_node():
            return state.chance_outcomes()
        legal = state.legal_actions()
        return [(a, 1.0 / len(legal)) for a in legal]


def game_of(engine: Any) -> SpielGame:
    """The OpenSpiel game an engine position belongs to (its game and options: the encoding's ``params_of``),
    loaded once per game string.

    Raises:
        ValueError: for a state of no registered game, or a position the numbering does not cover (a built board).
    """
    spec = next((s for s in SPECS if s.encoding == f"explorer.{getattr(engine, 'game', '')}.encoding"), None)
    if spec is None:
        raise ValueError(f"no OpenSpiel game is registered for {type(engine).__name__} positions")
    params = spec.module().params_of(engine)
    key = (spec.short_name, tuple(sorted(params.items())))
    game = _LOADED.get(key)
    if game is None:
        game = _LOADED[key] = pyspiel.load_game(spec.short_name, params)
    return game


_LOADED: dict[tuple[str, tuple[tuple[str, Any], ...]], SpielGame] = {}


def state_at(engine: Any) -> SpielState:
    """An OpenSpiel state standing at the engine position ``engine`` (steps counted from there: the game is cut
    ``max_game_length`` steps later; the information state starts there, with no history before).

    Raises:
        ValueError: as :func:`game_of`.
    """
    game = game_of(engine)
    state = game.new_initial_state()
    state._at = _At(game, engine, 0, None)
    return state


_TYPES: dict[str, pyspiel.GameType] = {}
for _spec in SPECS:
    _TYPES[_spec.short_name] = _game_type(_spec)
    _class = type(_spec.short_name.title().replace("_", "") + "Game", (SpielGame,), {"spec": _spec})
    pyspiel.register_game(_TYPES[_spec.short_name], _class)
