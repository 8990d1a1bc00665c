"""Numbers for actions and observations: what game-playing libraries (OpenSpiel, PettingZoo) need from a game.

Every game gives, in its own ``encoding`` module, the same few names (pure Python, no numpy):

* ``PARAMETERS``: its options with their defaults (``players`` first), as OpenSpiel game parameters;
* ``start(params)``: the game before its first chance step (the set-up draws are chance nodes, not seeded);
* ``numbering(params)``: an :class:`ActionIndex` of every player action and every chance outcome the game can
  have with those options, built from its board data, so one integer means one action in every state;
* ``pieces(params)`` and ``observe(state, player, out)``: the observation tensor's named pieces and how a player's
  view fills them; ``observation_string(state, player)``: the same view in words;
* ``seen(state, action, player)``: what ``player`` learns of an action just taken (the notation, or a covered
  placeholder for a draw they may not see), from which an information state is the history;
* ``MAX_STEPS``: where a game is cut (OpenSpiel's ``max_game_length``); ``returns(state)`` for a cooperative
  game (the competitive ones are ranked by :func:`rank_returns`); ``resample(state, player, rng)`` for a game with
  hidden information.

:mod:`explorer.adapters.openspiel` turns them into OpenSpiel games.
"""

from __future__ import annotations

import json
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from typing import Any

__all__ = ["ActionIndex", "Piece", "Filler", "rank_returns", "public_position", "public_step"]


class ActionIndex:
    """A fixed numbering of a game's actions: player actions first, ``0 .. decisions - 1``, then its chance
    outcomes, numbered on their own from 0 (OpenSpiel's chance outcomes are integers of their own).

    >>> from explorer.portobello.actions import Build, EndTurn, Drawn
    >>> ix = ActionIndex([Build("a", 0), EndTurn()], [Drawn("servant")])
    >>> ix.decisions, ix.outcomes, ix.number(EndTurn()), ix.action(0), ix.outcome_number(Drawn("servant"))
    (2, 1, 1, Build(lane='a', index=0), 0)

    Raises:
        ValueError: if an action is listed twice.
    """

    def __init__(self, actions: Iterable[Any], outcomes: Iterable[Any] = ()) -> None:
        self._actions = tuple(actions)
        self._outcomes = tuple(outcomes)
        self._number = {a: i for i, a in enumerate(self._actions)}
        self._outcome_number = {a: i for i, a in enumerate(self._outcomes)}
        self._known: dict[int, tuple[Any, int]] = {}
        """The engine's own action objects met so far, by identity, with their numbers (an engine makes each
        action once and lists the same object again: a look-up by identity is cheaper than by equality). The
        object is kept with its number, so its identity stays its own."""
        for listed, numbered in ((self._actions, self._number), (self._outcomes, self._outcome_number)):
            if len(numbered) != len(listed):
                twice = sorted({str(a) for a in listed if listed.count(a) > 1})
                raise ValueError(f"actions numbered twice: {', '.join(twice)}")

    @property
    def decisions(self) -> int:
        """How many player actions are numbered (OpenSpiel's ``num_distinct_actions``)."""
        return len(self._actions)

    @property
    def outcomes(self) -> int:
        """How many chance outcomes are numbered (at least OpenSpiel's ``max_chance_outcomes``)."""
        return len(self._outcomes)

    def number(self, action: Any) -> int:
        """The number of player action ``action``.

        Raises:
            KeyError: for an action this numbering does not hold (a bug in the game's ``numbering``: every
                legal action must be numbered).
        """
        try:
            return self._number[action]
        except KeyError:
            raise KeyError(f"{action} has no number: the game's numbering misses it") from None

    def numbers(self, actions: Iterable[Any]) -> list[int]:
        """The numbers of the player actions ``actions``, in their order (:meth:`number` of each, at once).

        Raises:
            KeyError: for an action this numbering does not hold.
        """
        known, out = self._known, []
        for a in actions:
            hit = known.get(id(a))
            if hit is None or hit[0] is not a:  # not met yet: looked up by value (equality), then remembered
                if len(known) >= _KNOWN_LIMIT:
                    known.clear()
                hit = known[id(a)] = (a, self.number(a))
            out.append(hit[1])
        return out

    def outcome_number(self, outcome: Any) -> int:
        """The number of chance outcome ``outcome``.

        Raises:
            KeyError: for an outcome this numbering does not hold.
        """
        try:
            return self._outcome_number[outcome]
        except KeyError:
            raise KeyError(f"chance outcome {outcome} has no number: the game's numbering misses it") from None

    def action(self, number: int) -> Any:
        """The player action numbered ``number``.

        Raises:
            IndexError: for a number outside ``0 .. decisions - 1``.
        """
        if not 0 <= number < len(self._actions):
            raise IndexError(f"no action numbered {number}: actions are numbered 0 to {len(self._actions) - 1}")
        return self._actions[number]

    def outcome(self, number: int) -> Any:
        """The chance outcome numbered ``number``.

        Raises:
            IndexError: for a number outside ``0 .. outcomes - 1``.
        """
        if not 0 <= number < len(self._outcomes):
            raise IndexError(f"no chance outcome numbered {number}: outcomes are numbered 0 to "
                             f"{len(self._outcomes) - 1}")
        return self._outcomes[number]

    def table(self) -> list[tuple[int, str, str]]:
        """Every number with its kind (``action`` or ``chance``) and notation: the documented numbering."""
        return ([(i, "action", str(a)) for i, a in enumerate(self._actions)]
                + [(i, "chance", str(a)) for i, a in enumerate(self._outcomes)])


_KNOWN_LIMIT = 1 << 17
"""The most action objects an :class:`ActionIndex` remembers by identity (it starts again when full)."""


@dataclass(frozen=True)
class Piece:
    """One named part of an observation tensor: its ``shape`` (the values are laid out row-major)."""

    name: str
    shape: tuple[int, ...]

    @property
    def size(self) -> int:
        """How many numbers the piece holds."""
        n = 1
        for d in self.shape:
            n *= d
        return n


class Filler:
    """Writes a player's view into a flat observation (``out``, zeros) by piece name and index, row-major:
    ``fill.hot("phase", 3)`` sets element 3 of piece ``phase`` to 1, ``fill.put("fire", 0.2, k)`` sets element
    ``k``; an index of ``None`` writes nothing.

    >>> out = [0.0] * 6
    >>> fill = Filler((Piece("a", (2,)), Piece("b", (2, 2))), out)
    >>> fill.hot("a", 1); fill.put("b", 0.5, 1, 0); out
    [0.0, 1.0, 0.0, 0.0, 0.5, 0.0]

    Raises:
        KeyError: for a piece name not among ``pieces``.
    """

    def __init__(self, pieces: Sequence[Piece], out: list[float]) -> None:
        self.out = out
        self._at: dict[str, tuple[int, tuple[int, ...]]] = {}
        at = 0
        for piece in pieces:
            self._at[piece.name] = (at, piece.shape)
            at += piece.size

    def _offset(self, name: str, index: tuple[int, ...]) -> int:
        start, shape = self._at[name]
        flat = 0
        for i, n in zip(index, shape):
            flat = flat * n + i
        for n in shape[len(index):]:
            flat *= n
        return start + flat

    def put(self, name: str, value: float, *index: int | None) -> None:
        """Set the element of piece ``name`` at ``index`` to ``value`` (nothing if any index is ``None``)."""
        if None not in index:
            self.out[self._offset(name, index)] = value  # type: ignore[arg-type]

    def add(self, name: str, value: float, *index: int | None) -> None:
        """Add ``value`` to the element of piece ``name`` at ``index`` (nothing if any index is ``None``)."""
        if None not in index:
            self.out[self._offset(name, index)] += value  # type: ignore[arg-type]

    def hot(self, name: str, *index: int | None) -> None:
        """Set the element of piece ``name`` at ``index`` to 1 (nothing if any index is ``None``)."""
        self.put(name, 1.0, *index)

    def row(self, name: str, values: Iterable[float], *index: int) -> None:
        """Write ``values`` from the start of the row of piece ``name`` at ``index``."""
        at = self._offset(name, index)
        for j, value in enumerate(values):
            self.out[at + j] = value


def public_position(state: Any, name: str) -> str:
    """The observation string of a game where every player sees everything but the random stream: ``"<name>
    sees <JSON>"``, the JSON the position format's (``state.to_dict()``) without ``seed`` and ``draws``, which
    hold every unseen order (the engines draw face-down components only when they are turned up)."""
    data = state.to_dict()
    data.pop("seed", None)
    data.pop("draws", None)
    return f"{name} sees " + json.dumps(data, separators=(",", ":"))


def public_step(state: Any, action: Any, player: int) -> str:
    """What ``player`` learns when ``action`` is taken in ``state`` in a game where every step is seen by all:
    the action's notation."""
    return str(action)


def rank_returns(state: Any) -> list[float]:
    """Each player's return at the end of a competitive game, from the ranking: +1 for each other player they
    finish ahead of, -1 for each who finishes ahead of them, divided by the other players' number (so in
    [-1, 1], summing to 0). The game's winners (its own tie-breaks) rank first, the rest by total score; equal
    players get 0 from each other. Ranks, not margins: a win is what the rules reward, and bounded returns suit
    tree search.

    >>> from explorer.portobello import new_game
    >>> rank_returns(new_game(players=3, seed=1))   # level at the start
    [0.0, 0.0, 0.0]
    """
    names = state.players
    table = state.scores()
    winners = set(state.winners())
    key = [(name in winners, table[name].total) for name in names]
    n = len(names)
    if n < 2:
        return [0.0] * n
    return [sum((key[i] > key[j]) - (key[i] < key[j]) for j in range(n) if j != i) / (n - 1) for i in range(n)]

