"""The one-step greedy player: a yardstick for the coach, a little stronger than a random player.

>>> from explorer import portobello
>>> from explorer.coach.greedy import Greedy
>>> state = portobello.new_game(players=2, seed=1)
>>> action = Greedy(seed=0)(state)
>>> state.is_legal(action), Greedy(seed=0)(state) == action       # legal, and the same choice every time
(True, True)
>>> greedy_value(state, action) == max(greedy_value(state, a) for a in state.legal_actions())
True

Among the legal actions it plays one whose position right after it (``state.apply(action)``, before any chance
step that follows) is best for the player to act, by :func:`greedy_value`:

* a competitive game (London, Portobello, Bonfire): the player's own score total then
  (``scores()[name].total``, the game's :class:`~explorer.core.state.ScoreBreakdown`), nothing else: not the
  other players' scores, not what the action sets up for later;
* Flash Point (cooperative, every firefighter has the team's score): victims rescued minus victims lost, then
  damage cubes left before the building collapses (so a move that would knock a wall down is avoided only when
  nothing rescues more).

Ties (most actions, most of the time: a step of a turn rarely scores by itself) are broken by a
``random.Random`` seeded from the bot's seed, the position (its ``to_dict()`` text, hashed with CRC-32) and how
many times this bot has already been asked about that very position: a fresh bot in a given position always
picks the same action, whatever it was asked before, and a position met again draws again. The repeat count
matters where a move can be undone for free (Portobello's bobby moves freely, ``portobello.bobby.move``): a
choice fixed by the position alone could walk the bobby back and forth between two districts for ever, since
a bobby move and the end of the turn often score the same. The position is
the engine's true one: in London the player's own score is worked out from the player's own cards and
objectives (which they know); the tie-break's seed reads the whole position, which only makes a tie's random
choice differ between worlds, not better.
"""

from __future__ import annotations

import json
import random
import zlib
from typing import Any

__all__ = ["Greedy", "greedy_value"]


def greedy_value(state: Any, action: Any) -> tuple[int, ...]:
    """How good ``action`` (legal in ``state``) looks one step ahead to the player to act, larger better:
    ``(total,)``, the player's own score total right after it; in Flash Point ``(rescued - lost, damage left)``
    of the team.

    >>> from explorer import flashpoint
    >>> state = flashpoint.new_game(players=2, seed=3)
    >>> greedy_value(state, state.legal_actions()[0])            # nobody rescued or lost, 24 cubes left
    (0, 24)

    Raises:
        IllegalAction: if ``action`` is not legal in ``state`` (the engine's refusal, naming the rule).
    """
    after = state.apply(action)
    if state.game == "flashpoint":
        return (after.rescued - after.lost, after.damage_left)
    return (after.scores()[state.players[state.current_player]].total,)


class Greedy:
    """A bot playing the legal action with the best :func:`greedy_value`, ties broken at random from ``seed``
    and the position (see the module docstring). Called with a position where a player decides, it returns one
    of ``state.legal_actions()``; usable wherever a random player or the coach's
    :class:`~explorer.coach.Player` is.

    Args:
        seed: the tie-break's seed (an ``int``).

    Raises:
        ValueError: for a seed that is not an ``int``; when called at a chance step or the end of the game (there
            is no player to decide: ``core.chance.outcome``, ``core.end.game-over``).
    """

    def __init__(self, seed: int = 0) -> None:
        if isinstance(seed, bool) or not isinstance(seed, int):
            raise ValueError(f"the greedy bot's seed is an int, got {seed!r}")
        self.seed = seed
        self._asked: dict[int, int] = {}

    def best(self, state: Any) -> list[Any]:
        """The legal actions of ``state`` with the best :func:`greedy_value`, in the engine's order (a list of
        one or more). Raises as :meth:`__call__`."""
        if state.is_terminal:
            raise ValueError("the game is over (core.end.game-over): there is no move to choose")
        if state.is_chance_node:
            raise ValueError("chance decides this step (core.chance.outcome): there is no move to choose")
        legal = state.legal_actions()
        values = [greedy_value(state, a) for a in legal]
        top = max(values)
        return [a for a, v in zip(legal, values) if v == top]

    def __call__(self, state: Any) -> Any:
        """The greedy choice in ``state``: the only best action, or a seeded random one among the tied best (drawn
        again each time the same position comes back)."""
        best = self.best(state)
        if len(best) == 1:
            return best[0]
        position = zlib.crc32(json.dumps(state.to_dict(), sort_keys=True, default=str).encode())
        repeat = self._asked.get(position, 0)
        self._asked[position] = repeat + 1
        rng = random.Random(f"{self.seed}:{position}:{repeat}")
        return best[rng.randrange(len(best))]

    def __repr__(self) -> str:
        return f"Greedy(seed={self.seed})"
