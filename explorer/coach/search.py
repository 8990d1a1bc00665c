"""The coach's search: OpenSpiel's MCTS (IS-MCTS where players hold secrets) over the adapter, with rollouts.

A simulation descends OpenSpiel's tree, then plays a **rollout** from the leaf: legal actions chosen at random
(in London and Flash Point most of them greedily, :data:`ROLLOUT_GREEDY`) and chance outcomes drawn by their
probabilities, for at most :data:`HORIZON` steps, and is valued where it
stops by :func:`outcome` ("the score if the game ended now": half the ranking, half the score margin, see
:func:`standing`). Every rollout is also kept as a :class:`Sample`
under the root action it went through, so a hint can say more than the search's mean: the chance of winning,
the score margin, and the reply or chance outcome met most.

Everything is seeded: the tree's choices come from ``numpy.random.RandomState(seed)``, the rollouts and the
worlds sampled for hidden information from ``random.Random`` streams derived from ``seed``; the engine's own
random stream (a state's ``rng``, which holds every unseen order) is never read, so a hint depends only on what
the player to act can see.

Why OpenSpiel's bots (the issue's choice, kept): ``MCTSBot`` and ``ISMCTSBot`` are well kept and take the
adapter's states as they are; the coach only adds the rollout evaluator and reads their root statistics.
"""

from __future__ import annotations

import math
import random
import zlib
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any

import numpy as np
from open_spiel.python.algorithms import ismcts, mcts

from explorer.adapters.openspiel import SpielState, game_of, state_at
from explorer.core.encoding import rank_returns
from explorer.coach.rescue import team_value

__all__ = ["HORIZON", "SIMS_PER_SECOND", "MARGIN_SCALE", "UCT_C", "MIN_SIMS", "ROLLOUT_GREEDY", "Sample", "Search",
           "SeenSinceRoot", "RolloutEvaluator", "outcome", "standing", "step_value", "rollout", "search", "flat_samples",
           "own_action", "sims_for", "stream", "world_for", "mean_and_spread", "wilson"]

HORIZON = {"london1666": 6, "portobello": 12, "flashpoint": 8, "bonfire": 12}
"""The most steps a rollout plays before it is valued as it stands, per game. Short: random moves add noise
faster than information, and the tree already looks ahead; with values that count the margin (:func:`standing`)
a 12-step rollout beat the one-step greedy player in 8 of 8 Bonfire games where a 48-step one won 6 of 7 (100
simulations a move). Flash Point's is about the rest of a firefighter's turn and the fire's advance (its values
count what is on the way to a rescue, :mod:`~explorer.coach.rescue`; 8 steps rescued 1.8 victims a game where
16 rescued 1.0, in the 10 games of :data:`ROLLOUT_GREEDY`). London's is the rest of a turn's four action
points, played mostly greedily (:data:`ROLLOUT_GREEDY`).
"""
SIMS_PER_SECOND = {"london1666": 60, "portobello": 500, "flashpoint": 280, "bonfire": 320}
"""Simulations a hint runs per second of budget, per game: measured on the project's 2-core machine from
mid-game positions (``benchmarks/bench_coach.py``, with margin), so a 2-second hint takes about 2 seconds. The
budget becomes a number of simulations, not a clock, so the same position, budget and seed give the same hint
on any machine."""
MARGIN_SCALE = {"london1666": 8.0, "portobello": 15.0, "bonfire": 8.0}
"""Points of margin that count about three quarters of the margin's half of a value (``tanh(1) = 0.76``), per
competitive game: a few turns' scoring in each."""
UCT_C = 1.4
"""The exploration constant of the tree search (returns lie in [-1, 1])."""
MIN_SIMS = 16
"""The fewest simulations a search runs, whatever the budget."""
ROLLOUT_GREEDY = {"flashpoint": 0.75, "london1666": 0.75}
"""Per game, the share of a rollout's decisions that take the action whose position right after looks best to
the player to act (by :func:`step_value`; ties at random) instead of a uniformly random one.

Flash Point's random firefighters chop walls and wander while the fire spreads: in 10 seeded Family games (2
firefighters, 100 simulations a move) a coach with random rollouts rescued no victim, with 75 % greedy steps
1.8 a game on average (95 % greedy: 1.4). London's random players never put a cone out, so random rollouts
never showed what a pawn next to a contained fire is worth: against two random players (3-player games, 100
simulations a move) the coach with 12 random steps won 52.5 % of 119 games, with no rollout at all (the
position valued as it stands) 18 of 30, with 6 steps, 75 % of them greedy, 17 of the first 22 (the one-step
greedy player itself won 19 of 30). A greedy step costs a move and a score count per legal action: London's
search runs about a third as many simulations a second (:data:`SIMS_PER_SECOND`), even with its tree keyed
by :class:`SeenSinceRoot`."""


def sims_for(game: str, budget_s: float) -> int:
    """The simulations ``budget_s`` seconds buy in ``game`` (:data:`SIMS_PER_SECOND`), at least :data:`MIN_SIMS`.

    Raises:
        ValueError: for a budget that is not a positive number of seconds.
    """
    if isinstance(budget_s, bool) or not isinstance(budget_s, (int, float)) or not budget_s > 0:
        raise ValueError(f"the coach's budget is a positive number of seconds, got {budget_s!r}")
    return max(MIN_SIMS, int(budget_s * SIMS_PER_SECOND[game]))


def stream(seed: int, *labels: Any) -> random.Random:
    """A ``random.Random`` for one purpose of one search (``labels``, e.g. ``("rollouts",)`` or ``("world",
    7)``), the same on every run and every machine (the labels are hashed with CRC-32, not Python's salted
    ``hash``)."""
    text = ":".join(str(x) for x in (seed, *labels)).encode()
    return random.Random(zlib.crc32(text) * 1_000_003 + len(text))


@dataclass(frozen=True)
class Sample:
    """One simulation as seen at its end (a rollout's last position, or the end of the game).

    ``value`` is the acting player's return in [-1, 1] (:func:`outcome`); ``won`` whether they were among the
    winners (Flash Point: the team had won); ``margin`` their total score minus the best other player's (0 in
    Flash Point); ``lost`` victims lost (Flash Point; 0 elsewhere); ``ended`` whether the game was over; ``then``
    the first step after the root action that someone else (or chance) took, as ``(who, notation)`` with ``who``
    ``"chance"`` or the player's index, or ``None``."""

    value: float
    won: bool
    margin: float
    lost: int
    ended: bool
    then: tuple[str | int, str] | None


def outcome(engine: Any, player: int) -> tuple[float, bool, float, int]:
    """How ``engine`` (an engine position) stands for ``player``: ``(value, won, margin, lost)`` as in
    :class:`Sample`.

    The value of a competitive game is half its ranking and half its margin, as it stands (:func:`standing`);
    of Flash Point, the team's :func:`~explorer.coach.rescue.team_value` (+1 won, -1 lost, before the end the
    counters the game ends on and what is on the way to a rescue: the coach's own yardstick, not a rule)."""
    if engine.game == "flashpoint":
        return team_value(engine), bool(engine.is_won), 0.0, engine.lost
    values, margins = standing(engine)
    return values[player], engine.players[player] in set(engine.winners()), margins[player], 0


def standing(engine: Any) -> tuple[list[float], list[float]]:
    """Every player's value and score margin in a competitive game as it stands: the margin is the player's total
    minus the best other player's; the value is half the ranking (:func:`~explorer.core.encoding.rank_returns`) and
    half the margin squashed into [-1, 1], ``tanh(margin / MARGIN_SCALE)``. The ranking alone cannot tell a lead
    of 1 point from a lead of 20, so a search valued by it cannot see a move that scores more while it leads."""
    ranks = rank_returns(engine)
    table = engine.scores()
    totals = [table[name].total for name in engine.players]
    scale = MARGIN_SCALE[engine.game]
    margins = [float(t - max(totals[:k] + totals[k + 1:])) for k, t in enumerate(totals)]
    return [0.5 * r + 0.5 * math.tanh(m / scale) for r, m in zip(ranks, margins)], margins


def step_value(engine: Any, player: int) -> float:
    """How a greedy rollout step rates the position ``engine`` it leads to, for ``player`` (larger better): Flash
    Point's team value (:func:`~explorer.coach.rescue.team_value`), otherwise the player's own score total, as
    the one-step greedy player does (:func:`~explorer.coach.greedy.greedy_value`; cheaper than a ranking)."""
    if engine.game == "flashpoint":
        return team_value(engine)
    return float(engine.scores()[engine.players[player]].total)


def rollout(engine: Any, horizon: int, rng: random.Random) -> tuple[Any, list[tuple[Any, Any]]]:
    """Play at most ``horizon`` steps from ``engine``: uniformly random legal actions, or in the share
    :data:`ROLLOUT_GREEDY` of a game's decisions the one whose position right after is best for the player to act
    (by :func:`step_value`), and chance outcomes by their probabilities (all from ``rng``; the engine's own random
    stream is not used). Returns the last position and the steps taken, as ``(position before, action)`` pairs."""
    taken = []
    state = engine
    greedy = ROLLOUT_GREEDY.get(engine.game, 0.0)
    for _ in range(horizon):
        if state.is_terminal:
            break
        if state.is_chance_node:
            outcomes = state.chance_outcomes()
            target, running, action = rng.random(), 0.0, outcomes[-1][0]
            for candidate, p in outcomes:
                running += float(p)
                if target < running:
                    action = candidate
                    break
        else:
            legal = state.legal_actions()
            if greedy and rng.random() < greedy:
                me = state.current_player
                values = [step_value(state.apply(a), me) + 1e-9 * rng.random() for a in legal]
                action = legal[max(range(len(legal)), key=values.__getitem__)]
            else:
                action = legal[int(rng.random() * len(legal))]
        taken.append((state, action))
        state = state.apply(action)
    return state, taken


def _first_other(steps: Sequence[tuple[Any, Any]], player: int) -> tuple[str | int, str] | None:
    for before, action in steps:
        if before.is_chance_node:
            return "chance", str(action)
        if before.current_player != player:
            return before.current_player, str(action)
    return None


class RolloutEvaluator:
    """The evaluator OpenSpiel's bots call at a new leaf (``evaluate`` and ``prior``): one :func:`rollout`,
    valued by :func:`outcome` for every player, and kept as a :class:`Sample` of the root action the simulation
    went through (:attr:`samples`, by the root action's number)."""

    def __init__(self, player: int, horizon: int, rng: random.Random, cooperative: bool) -> None:
        self.player, self.horizon, self.rng, self.cooperative = player, horizon, rng, cooperative
        self.samples: dict[int, list[Sample]] = {}

    def evaluate(self, state: SpielState) -> np.ndarray:
        """Every player's value of a rollout from ``state``; the acting player's :class:`Sample` is kept."""
        path = state.path_since(0)
        end, taken = rollout(state.engine, self.horizon, self.rng)
        players = state.get_game().num_players()
        if self.cooperative:
            values = [outcome(end, 0)[0]] * players
        else:
            values = standing(end)[0]
        self._keep(state, path, end, taken)
        return np.array(values, dtype=float)

    def _keep(self, state: SpielState, path: list[tuple[Any, Any]], end: Any, taken: list[tuple[Any, Any]]) -> None:
        if not path:
            return
        root_action = state.get_game().numbering.number(path[0][1])
        value, won, margin, lost = outcome(end, self.player)
        self.samples.setdefault(root_action, []).append(
            Sample(value, won, margin, lost, end.is_terminal, _first_other(path[1:] + taken, self.player)))

    def prior(self, state: SpielState) -> list[tuple[int, float]]:
        """Uniform over the legal actions (the chance outcomes' own probabilities at a chance node)."""
        if state.is_chance_node():
            return state.chance_outcomes()
        legal = state.legal_actions()
        return [(a, 1.0 / len(legal)) for a in legal]


@dataclass(frozen=True)
class Search:
    """What one search found at the root: per legal action (by number), its visits, the search's mean return
    for the acting player, and the rollouts kept under it; the acting player, the simulations run and the OpenSpiel
    state the search started from (``root``)."""

    root: SpielState
    player: int
    sims: int
    visits: dict[int, int]
    values: dict[int, float]
    samples: dict[int, list[Sample]]

    def ranked(self) -> list[int]:
        """The root actions by visits, then value, then number (most visited first: OpenSpiel's own choice)."""
        return sorted(self.visits, key=lambda a: (-self.visits[a], -self.values[a], a))


class SeenSinceRoot(ismcts.ISMCTSBot):
    """OpenSpiel's ``ISMCTSBot``, its tree nodes keyed by the player to act and what they saw of each step since
    the search's root (the game's ``seen``), instead of their whole information-state string.

    Every simulation starts from a world the root player cannot tell from the root, so for the root player the
    two keys pick the same nodes; building the full string (the position as JSON) took about 40 % of a London
    search. Another player's node is keyed by what that player saw since the root, not by their hand in the
    world dealt: their nodes gather statistics across worlds (single-observer IS-MCTS) where the full string
    gave nearly every world its own node, visited once. Their legal actions then change with the world (the
    cards in a hand), which OpenSpiel's ``allow_inconsistent_action_sets`` handles.
    """

    def __init__(self, root_steps: int, seen: Callable[[Any, Any, int], str], *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, allow_inconsistent_action_sets=True, **kwargs)
        self._root_steps, self._seen = root_steps, seen

    def get_state_key(self, state: SpielState) -> tuple[int, tuple[str, ...]]:
        """``(player to act, what they saw of each step since the root)``."""
        player = state.current_player()
        steps = state.path_since(self._root_steps)
        return player, tuple(self._seen(before, action, player) for before, action in steps)


def world_for(root: SpielState, player: int, rng: random.Random) -> SpielState:
    """A world ``player`` cannot tell from ``root``, its hidden parts dealt again from ``rng`` (the game's
    ``resample``); ``root`` itself where every player sees everything."""
    if root.get_game().spec.perfect_information:
        return root
    return root.resample_from_infostate(player, rng.random)


def search(engine: Any, sims: int, seed: int) -> Search:
    """Search from ``engine`` (an engine position where a player acts) with ``sims`` simulations.

    Perfect-information games use ``MCTSBot`` on the position itself (its secrets are only the engine's random
    stream, which nothing reads); London uses ``ISMCTSBot``, every simulation starting from a world dealt again
    from what the player to act has seen (:func:`world_for`), never from the true position.

    Raises:
        ValueError: at a chance step or at the end of the game (``core.chance.outcome``, ``core.end.game-over``),
            or for a position the adapter cannot number (a built board).
    """
    if engine.is_terminal:
        raise ValueError("the game is over (core.end.game-over): there is no move to suggest")
    if engine.is_chance_node:
        raise ValueError("chance decides this step (core.chance.outcome): there is no move to suggest")
    root = state_at(engine)
    game = root.get_game()
    player = engine.current_player
    evaluator = RolloutEvaluator(player, HORIZON[engine.game], stream(seed, "rollouts"), game.spec.cooperative)
    tree_rng = np.random.RandomState(zlib.crc32(f"{seed}:tree".encode()))
    legal = root.legal_actions()
    if game.spec.perfect_information:
        bot = mcts.MCTSBot(game, UCT_C, sims, evaluator, solve=True, random_state=tree_rng)
        node = bot.mcts_search(root)
        visits = {c.action: c.explore_count for c in node.children}
        values = {c.action: (c.total_reward / c.explore_count if c.explore_count else 0.0) for c in node.children}
    else:
        worlds = stream(seed, "worlds")
        bot = SeenSinceRoot(root.steps, game.encoding.seen, game, evaluator, UCT_C, sims, random_state=tree_rng,
                            final_policy_type=ismcts.ISMCTSFinalPolicyType.MAX_VISIT_COUNT)
        bot.set_resampler(lambda state, who: world_for(state, who, worlds))
        if len(legal) == 1:
            visits, values = {legal[0]: 0}, {legal[0]: 0.0}
        else:
            bot.run_search(root)
            info = bot._root_node.child_info  # OpenSpiel keeps the root's statistics here
            visits = {a: c.visits for a, c in info.items()}
            values = {a: (c.return_sum / c.visits if c.visits else 0.0) for a, c in info.items()}
    for a in legal:
        visits.setdefault(a, 0)
        values.setdefault(a, 0.0)
    return Search(root, player, sims, visits, values, evaluator.samples)


def flat_samples(engine: Any, actions: Sequence[Any], per_action: int, seed: int,
                 after: Callable[[Any, Any], Any] | None = None) -> list[list[Sample]]:
    """``per_action`` rollouts after each of ``actions`` (engine actions, legal at ``engine``) with **common
    random numbers**: rollout ``i`` of every action starts in the same world (hidden parts dealt from
    ``stream(seed, "world", i)``) and draws its choices and chance outcomes from ``stream(seed, "rollout", i)``,
    so two actions are compared on the same luck. Returns the samples of each action, in order."""
    root = state_at(engine)
    player = engine.current_player
    horizon = HORIZON[engine.game]
    out: list[list[Sample]] = [[] for _ in actions]
    for i in range(per_action):
        world = world_for(root, player, stream(seed, "world", i)).engine
        for k, action in enumerate(actions):
            rng = stream(seed, "rollout", i)
            first = world.apply(own_action(world, action))
            end, taken = rollout(first, horizon, rng)
            value, won, margin, lost = outcome(end, player)
            out[k].append(Sample(value, won, margin, lost, end.is_terminal, _first_other(taken, player)))
    return out


def own_action(world: Any, action: Any) -> Any:
    """``action`` as one of ``world``'s own legal action objects (equal by value; a resampled world, or a number
    turned back into an action, gives another object, and the engine recognises its own at once); ``action``
    itself if none is equal."""
    for candidate in world.legal_actions():
        if candidate == action:
            return candidate
    return action


def mean_and_spread(values: Sequence[float]) -> tuple[float, float]:
    """The mean of ``values`` and their standard deviation (0 for fewer than two)."""
    n = len(values)
    if not n:
        return 0.0, 0.0
    mean = sum(values) / n
    if n < 2:
        return mean, 0.0
    return mean, math.sqrt(sum((v - mean) ** 2 for v in values) / (n - 1))


def wilson(successes: int, n: int, z: float = 1.96) -> tuple[float, float]:
    """The Wilson score interval (95 % by default) of a proportion, ``successes`` of ``n``; ``(0, 1)`` for
    ``n = 0``."""
    if n == 0:
        return 0.0, 1.0
    p = successes / n
    centre = (p + z * z / (2 * n)) / (1 + z * z / n)
    half = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / (1 + z * z / n)
    return max(0.0, centre - half), min(1.0, centre + half)

