"""The coach: "what should I do here, and why?", answered by search, in facts the engine computes.

>>> from explorer import portobello
>>> from explorer.coach import hint
>>> state = portobello.new_game(players=2, seed=4).resolve_chance()
>>> h = hint(state, budget_s=0.1, seed=0)
>>> best = h[0]
>>> best.sims > 0 and state.is_legal(best.action)
True

* :func:`hint` ranks the legal actions of the player to act (in a game whose turn is a sequence of small
  actions, the best *next* action) by a search from what that player can see, and says for each what it does
  now (its events and their rules), what it changes in the player's score breakdown, how sure the estimate is,
  and the reply or chance outcome met most after it.
* :func:`compare` plays the same luck after each of several actions (common random numbers) and returns their
  outcome distributions side by side.
* :func:`verdict` grades a move just played against the best one (good, inaccuracy, mistake, blunder).
* :class:`Player` is a bot that plays the coach's first choice, usable wherever a random player is.

The search is OpenSpiel's MCTS, IS-MCTS in London (:mod:`explorer.coach.search`). Everything is seeded and the
budget in seconds becomes a number of simulations (:data:`~explorer.coach.search.SIMS_PER_SECOND`), so the same
position, budget and seed give the same answer. The coach never reads what the player may not see: London's
hidden hands, objectives, tokens and (rule A) colours are dealt again for every simulation from the player's own
view, and no game's future draws (the engine's random stream) are read.

Values lie in [-1, 1]: where a simulation stops (the end, or a short rollout's last step), half the ranking (+1
ahead of every other player, -1 behind all of them, :func:`~explorer.core.encoding.rank_returns`) and half the
score margin over the best other player, squashed (``tanh(margin / scale)``, :func:`~explorer.coach.search.
standing`); a finished game is worth its ranking. In Flash Point, +1 a win and -1 a loss for the whole team, and
before the end the coach's own yardstick in victims out of 7: rescued, carried (by the steps still to go),
found, less lost, damage, fire and smoke, and the firefighters' steps to the nearest point of interest
(:func:`~explorer.coach.rescue.team_value`).
"""

from __future__ import annotations

from collections import deque
from collections.abc import Iterator, Sequence
from dataclasses import dataclass
from typing import Any

from explorer.core.events import Event

from explorer.adapters.openspiel import state_at

from .search import (SIMS_PER_SECOND, Sample, flat_samples, mean_and_spread, own_action, sims_for, stream, wilson,
                     world_for)
from .search import search as run_search  # (the name ``search`` stays the submodule)

__all__ = ["hint", "compare", "verdict", "Player", "Hint", "Suggestion", "Then", "Comparison", "Distribution",
           "Verdict", "GRADES"]

SHOWN = 3
"""How many suggestions a hint keeps (the best first)."""
REMEMBERED = 64
"""How many positions a :class:`Player` remembers acting from, so it does not go round in circles."""
GRADES = (("good", 0.1), ("inaccuracy", 0.2), ("mistake", 0.3), ("blunder", float("inf")))
"""A move's grade from the drop of its value against the best move's (on the [-1, 1] return scale): under 0.1
good, under 0.2 an inaccuracy, under 0.3 a mistake, else a blunder (the steps Lichess's practice mode takes on
its winning-chances scale; our choice for these games)."""


@dataclass(frozen=True)
class Then:
    """What came next most often after a suggested action: ``who`` (``"chance"`` or a player's index) did
    ``notation``, in ``share`` of the simulations, which were then worth ``value`` on average to the player (the
    action's own average is the suggestion's ``value``)."""

    who: str | int
    notation: str
    share: float
    value: float

    def describe(self, names: Sequence[str]) -> str:
        """In words, e.g. "then chance: drawn citizen (40 % of simulations, worth -0.20)"."""
        who = "chance" if self.who == "chance" else names[int(self.who)]
        return f"then {who}: {self.notation} ({self.share:.0%} of simulations, worth {self.value:+.2f})"


@dataclass(frozen=True)
class Suggestion:
    """One legal action as the coach sees it.

    ``action`` the engine's action (``notation`` its text); ``value`` the search's mean value for the player in
    [-1, 1] (see the module docstring); ``sims`` the simulations through it; ``win`` the share of its simulations the player ended in the
    lead (Flash Point: the team had won) with ``win_interval`` its 95 % Wilson interval; ``margin`` the mean
    score margin over the best other player where the simulations stopped (0 in Flash Point) and ``spread`` its
    standard deviation (Flash Point: of victims lost); ``lost`` the mean victims lost (Flash Point; 0 elsewhere);
    ``events`` what the action does now (each names its rule); ``score_change`` the player's score categories it
    changes now, ``{category: points}``; ``then`` what came next most often (a reply, or for a chance outcome the
    one that moved the value most), or ``None``."""

    action: Any
    notation: str
    value: float
    sims: int
    win: float
    win_interval: tuple[float, float]
    margin: float
    spread: float
    lost: float
    events: tuple[Event, ...]
    score_change: dict[str, int]
    then: Then | None
    cooperative: bool = False
    """True in Flash Point: ``win`` is the team's, and ``lost`` is told instead of ``margin``."""

    def facts(self, names: Sequence[str] = ()) -> list[str]:
        """The suggestion in short lines: the estimate, what it does (each event with its rule id), the score
        change, and what came next."""
        low, high = self.win_interval
        if self.cooperative:
            how = (f"the team won in {self.win:.0%} (95 % {low:.0%}-{high:.0%}); victims lost {self.lost:.1f} "
                   f"on average (sd {self.spread:.1f})")
        else:
            how = (f"in the lead in {self.win:.0%} (95 % {low:.0%}-{high:.0%}); margin {self.margin:+.1f} "
                   f"(sd {self.spread:.1f})")
        lines = [f"{self.notation}: value {self.value:+.2f} over {self.sims} simulations; {how}"]
        lines += [f"does: {e.describe()} [{e.rule.id}]" for e in self.events]
        if self.score_change:
            lines.append("score now: " + ", ".join(f"{k} {v:+d}" for k, v in self.score_change.items()))
        if self.then is not None and names:
            lines.append(self.then.describe(names))
        return lines


@dataclass(frozen=True)
class Hint(Sequence[Suggestion]):
    """A hint: the best suggestions first (indexable like a list). ``player`` the index of the player it is for,
    ``sims`` the simulations run, ``seed`` and ``budget_s`` as asked."""

    suggestions: tuple[Suggestion, ...]
    player: int
    sims: int
    seed: int
    budget_s: float

    def __getitem__(self, index: Any) -> Any:
        return self.suggestions[index]

    def __len__(self) -> int:
        return len(self.suggestions)

    def __iter__(self) -> Iterator[Suggestion]:
        return iter(self.suggestions)

    @property
    def best(self) -> Suggestion:
        """The first suggestion."""
        return self.suggestions[0]


def _game(state: Any) -> str:
    """The game of ``state``; ValueError for anything that is not a position of one of the four games."""
    game = getattr(state, "game", None)
    if game not in SIMS_PER_SECOND:
        raise ValueError(f"the coach takes a position of one of the games ({', '.join(SIMS_PER_SECOND)}), got "
                         f"{type(state).__name__}")
    return game


def _checked_sims(sims: Any) -> int:
    """``sims`` if it is a positive whole number. Raises ValueError otherwise."""
    if isinstance(sims, bool) or not isinstance(sims, int) or sims < 1:
        raise ValueError(f"sims is a positive whole number, got {sims!r}")
    return sims


def _sims(state: Any, budget_s: float, sims: int | None) -> int:
    """The simulations of a search: ``sims`` when given (checked), else what ``budget_s`` buys."""
    return sims_for(_game(state), budget_s) if sims is None else _checked_sims(sims)


def _player_name(state: Any, player: int) -> str:
    return state.players[player]


def _score_change(state: Any, after: Any, player: int) -> dict[str, int]:
    name = _player_name(state, player)
    before, now = state.scores()[name], after.scores()[name]
    return {k: now[k] - before[k] for k in now if k in before and now[k] != before[k]}


def _then(samples: Sequence[Sample]) -> Then | None:
    """The reply met most, or among chance outcomes the one that moved the value most (by share)."""
    met = [s for s in samples if s.then is not None]
    if not met:
        return None
    mean = sum(s.value for s in samples) / len(samples)
    groups: dict[tuple[str | int, str], list[float]] = {}
    for s in met:
        groups.setdefault(s.then, []).append(s.value)  # type: ignore[arg-type]
    chance = {k: v for k, v in groups.items() if k[0] == "chance"}
    if chance:
        key = max(chance, key=lambda k: (abs(sum(chance[k]) / len(chance[k]) - mean) * len(chance[k]), k[1]))
    else:
        key = max(groups, key=lambda k: (len(groups[k]), k[1]))
    values = groups[key]
    return Then(key[0], key[1], len(values) / len(samples), sum(values) / len(values))


FACT_WORLDS = 4
"""In a game with secrets, how many worlds the player cannot tell apart a suggestion's facts are worked out in:
only the events and score changes that are the same in all of them are told (what the player can know)."""


def _worlds(state: Any, seed: int) -> list[Any]:
    """The positions a suggestion's facts are worked out in: ``state`` itself where everyone sees everything,
    else :data:`FACT_WORLDS` worlds dealt again from the player's view (never the true secrets)."""
    root = state_at(state)
    if root.get_game().spec.perfect_information:
        return [state]
    return [world_for(root, state.current_player, stream(seed, "facts", i)).engine for i in range(FACT_WORLDS)]


def _facts(worlds: Sequence[Any], player: int, action: Any) -> tuple[tuple[Event, ...], dict[str, int]]:
    """The events of ``action`` and the player's score changes that hold in every one of ``worlds``."""
    seen = []
    for world in worlds:
        after = world.apply(own_action(world, action))
        seen.append((after.events, _score_change(world, after, player)))
    events, change = seen[0]
    for other_events, other_change in seen[1:]:
        told = {e.describe() for e in other_events}
        events = tuple(e for e in events if e.describe() in told)
        change = {k: v for k, v in change.items() if other_change.get(k) == v}
    return tuple(events), change


def _suggest(state: Any, worlds: Sequence[Any], player: int, action: Any, value: float, sims: int,
             samples: Sequence[Sample]) -> Suggestion:
    events, change = _facts(worlds, player, action)
    wins = sum(s.won for s in samples)
    if state.game == "flashpoint":
        lost, spread = mean_and_spread([float(s.lost) for s in samples])
        margin = 0.0
    else:
        margin, spread = mean_and_spread([s.margin for s in samples])
        lost = 0.0
    return Suggestion(action, str(action), float(value), int(sims), wins / len(samples) if samples else 0.0,
                      wilson(wins, len(samples)), margin, spread, lost, events, change, _then(samples),
                      state.game == "flashpoint")


def hint(state: Any, budget_s: float = 2.0, seed: int = 0, *, shown: int = SHOWN, sims: int | None = None) -> Hint:
    """The best legal actions for the player to act in ``state`` (an engine position), best first.

    Args:
        state: a position where a player decides (not a chance step, not the end).
        budget_s: seconds of search, as simulations (:func:`~explorer.coach.search.sims_for`), so the same
            position, budget and seed give the same hint on every machine.
        seed: the search's seed.
        shown: how many suggestions to keep (all of them with a larger number).
        sims: a number of simulations instead of the budget (a test, a notebook or a study that must not move
            when :data:`~explorer.coach.search.SIMS_PER_SECOND` is measured again).

    Raises:
        ValueError: at a chance step (``core.chance.outcome``) or the end (``core.end.game-over``), for a bad
            budget or number of simulations, or for a position the coach cannot number (a built board).
    """
    sims = _sims(state, budget_s, sims)
    found = run_search(state, sims, seed)
    numbering = found.root.get_game().numbering
    worlds = _worlds(state, seed)
    suggestions = []
    for number in found.ranked()[:max(1, shown)]:
        action = numbering.action(number)
        action = own_action(state, action)
        suggestions.append(_suggest(state, worlds, found.player, action, found.values[number], found.visits[number],
                                    found.samples.get(number, [])))
    return Hint(tuple(suggestions), found.player, sims, seed, float(budget_s))


@dataclass(frozen=True)
class Distribution:
    """The outcomes of one action over a comparison's rollouts, in rollout order (rollout ``i`` of every action
    saw the same luck): ``values`` (returns, [-1, 1]), ``won`` (bools), ``margins`` (score margins, 0 in Flash
    Point), ``lost`` (victims lost, 0 elsewhere)."""

    action: Any
    notation: str
    values: tuple[float, ...]
    won: tuple[bool, ...]
    margins: tuple[float, ...]
    lost: tuple[int, ...]

    @property
    def value(self) -> float:
        """The mean return."""
        return mean_and_spread(self.values)[0]

    def value_interval(self) -> tuple[float, float]:
        """The 95 % interval of the mean return (normal approximation)."""
        mean, sd = mean_and_spread(self.values)
        half = 1.96 * sd / max(len(self.values), 1) ** 0.5
        return mean - half, mean + half

    @property
    def win(self) -> float:
        """The share of rollouts that ended with the player in the lead (Flash Point: won)."""
        return sum(self.won) / len(self.won) if self.won else 0.0

    def win_interval(self) -> tuple[float, float]:
        """The 95 % Wilson interval of :attr:`win`."""
        return wilson(sum(self.won), len(self.won))


@dataclass(frozen=True)
class Comparison:
    """Several actions played on the same luck (:func:`compare`): one :class:`Distribution` each, in the order
    asked; ``player`` whose view it is, ``rollouts`` per action, ``seed``."""

    distributions: tuple[Distribution, ...]
    player: int
    rollouts: int
    seed: int

    def difference(self, first: int = 0, second: int = 1) -> tuple[float, float]:
        """The mean paired difference of return, action ``first`` minus action ``second`` (by position), and the
        half-width of its 95 % interval: paired rollouts share their luck, so the interval is narrow."""
        a, b = self.distributions[first].values, self.distributions[second].values
        mean, sd = mean_and_spread([x - y for x, y in zip(a, b)])
        return mean, 1.96 * sd / max(len(a), 1) ** 0.5

    def rows(self) -> list[dict[str, Any]]:
        """One row per action: notation, mean return with its interval, win share with its interval, mean margin
        and mean victims lost (a table for a notebook)."""
        out = []
        for d in self.distributions:
            low, high = d.value_interval()
            wlow, whigh = d.win_interval()
            out.append({"action": d.notation, "value": round(d.value, 3), "value 95%": (round(low, 3), round(high, 3)),
                        "in the lead": round(d.win, 3), "lead 95%": (round(wlow, 3), round(whigh, 3)),
                        "margin": round(mean_and_spread(d.margins)[0], 2),
                        "victims lost": round(mean_and_spread([float(x) for x in d.lost])[0], 2)})
        return out


def _legal(state: Any, actions: Sequence[Any]) -> list[Any]:
    """``actions`` (objects or notation) as the state's own legal actions; the engine's refusal for one that is
    not (nothing changes)."""
    chosen = []
    for action in actions:
        parsed = state.parse_action(action) if isinstance(action, str) else action
        problem = state.explain(parsed)
        if problem is not None:
            raise problem
        chosen.append(own_action(state, parsed))
    return chosen


def compare(state: Any, actions: Sequence[Any], budget_s: float = 2.0, seed: int = 0, *,
            sims: int | None = None) -> Comparison:
    """The outcome distributions of ``actions`` (legal actions, or their notation) from ``state``, side by side,
    each played on the same luck: rollout ``i`` after every action starts in the same world (London: hidden parts
    dealt again from the player's view) and draws the same random numbers, so differences are the actions', not
    noise. The budget (or ``sims``, a number of rollouts in all, as in :func:`hint`) is split evenly between the
    actions (at least 8 rollouts each).

    Raises:
        IllegalAction: for an action the rules forbid here (its rule), or NotationError for unreadable text.
        ValueError: for fewer than one action, at a chance step or the end, or for a bad budget.
    """
    if state.is_terminal or state.is_chance_node:
        raise ValueError("the coach compares the moves of a player who decides, not a chance step or the end "
                         "(core.chance.outcome, core.end.game-over)")
    chosen = _legal(state, actions)
    if not chosen:
        raise ValueError("compare needs at least one action")
    per_action = max(8, _sims(state, budget_s, sims) // len(chosen))
    samples = flat_samples(state, chosen, per_action, seed)
    dists = tuple(Distribution(a, str(a), tuple(s.value for s in ss), tuple(s.won for s in ss),
                               tuple(s.margin for s in ss), tuple(s.lost for s in ss))
                  for a, ss in zip(chosen, samples))
    return Comparison(dists, state.current_player, per_action, seed)


@dataclass(frozen=True)
class Verdict:
    """The grade of a move just played: ``grade`` (one of :data:`GRADES`), ``drop`` (the best move's value minus
    the move's, measured on the same luck; 0 when it was the best), ``played`` and ``best`` (notation), and the
    hint it was judged against."""

    grade: str
    drop: float
    played: str
    best: str
    hint: Hint

    def describe(self) -> str:
        """In words, e.g. "mistake: build c 2 gives up 0.24 against build b 0"."""
        if self.played == self.best:
            return f"good: {self.played} is the coach's first choice"
        if self.drop <= 0:
            return f"good: {self.played} did as well as the coach's first choice, {self.best}, on the same luck"
        return f"{self.grade}: {self.played} gives up {self.drop:.2f} of value against {self.best}"


def verdict(state: Any, action: Any, budget_s: float = 1.0, seed: int = 0) -> Verdict:
    """Grade ``action``, played (or about to be played) in ``state``, against the coach's best move there: the
    drop in value measured on the same luck (:func:`compare`), graded by :data:`GRADES`.

    Raises:
        IllegalAction: if ``action`` is not legal in ``state``; ValueError as :func:`hint`.
    """
    played = _legal(state, [action])[0]
    found = hint(state, budget_s, seed)
    best = found.best.action
    if best == played:
        return Verdict("good", 0.0, str(played), str(best), found)
    drop = compare(state, [best, played], budget_s, seed).difference(0, 1)[0]
    grade = next(name for name, limit in GRADES if drop < limit)
    return Verdict(grade, drop, str(played), str(best), found)


class Player:
    """A bot that plays the coach's first choice (a search of ``budget_s`` seconds, as simulations, from what
    the player to act can see). Called with a position, it returns its action; usable wherever a random player
    is (the apps' opponents, a study's seats).

    >>> from explorer import portobello
    >>> state = portobello.new_game(players=2, seed=1).resolve_chance()
    >>> state.is_legal(Player(budget_s=0.05, seed=3)(state))
    True

    Args:
        budget_s: seconds per decision (more: stronger, slower).
        seed: the search's seed (the same position gets the same move).
        sims: a number of simulations instead of a budget.

    Raises:
        ValueError: for a bad budget; when called at a chance step or the end.
    """

    def __init__(self, budget_s: float = 0.5, seed: int = 0, *, sims: int | None = None) -> None:
        if sims is None:
            sims_for("portobello", budget_s)  # checks the budget
        else:
            _checked_sims(sims)
        self.budget_s, self.seed, self.sims = budget_s, seed, sims
        self._left: deque[str] = deque(maxlen=REMEMBERED)
        """The positions this player acted from lately, as the player to act saw them (see :meth:`__call__`)."""

    def __call__(self, state: Any) -> Any:
        """The coach's first choice in ``state``; the only legal action at once when there is one.

        A move back to a position this player has acted from lately is passed over for the next choice (some
        moves cost nothing and undo each other, e.g. the bobby back and forth across a player's own lane: a
        search that finds them all equal would otherwise go round for ever)."""
        legal = state.legal_actions() if not (state.is_terminal or state.is_chance_node) else []
        if len(legal) == 1:
            return legal[0]
        sims = self.sims if self.sims is not None else sims_for(_game(state), self.budget_s)
        found = run_search(state, sims, self.seed)
        numbering = found.root.get_game().numbering
        player = state.current_player
        encoding = found.root.get_game().encoding
        self._left.append(encoding.observation_string(state, player))
        chosen = None
        for number in found.ranked():
            action = numbering.action(number)
            action = own_action(state, action)
            chosen = chosen if chosen is not None else action
            after = state.apply(action)
            if after.is_chance_node or after.is_terminal or after.current_player != player \
                    or encoding.observation_string(after, player) not in self._left:
                return action
        return chosen

    def __repr__(self) -> str:
        return f"Player(budget_s={self.budget_s}, seed={self.seed}" + (f", sims={self.sims})" if self.sims else ")")

