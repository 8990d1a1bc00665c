"""Seeded, replayable randomness that lives inside a game state.

A state holds an :class:`Rng`: a seed and the number of draws already made. It is an immutable value, so a
state stays immutable and cheap to copy, and the same seed always gives the same game. Draws never touch
Python's global ``random``.

Chance is explicit (see ``GameState.chance_outcomes``): the :class:`Rng` only *picks* one of the outcomes the
rules list, so a tutorial can force any outcome instead by applying it.
"""

from __future__ import annotations

import functools
import secrets
from bisect import bisect_right
from collections.abc import Sequence
from dataclasses import dataclass
from fractions import Fraction
from itertools import accumulate
from typing import TypeVar

__all__ = ["Rng", "new_seed"]

T = TypeVar("T")
_MASK64 = (1 << 64) - 1
SEED_LIMIT = 1 << 63
"""Seeds are integers in ``[0, 2**63)``; this is the (exclusive) upper bound."""


def new_seed() -> int:
    """A fresh seed from the operating system, for games started without one (recorded in the state)."""
    return secrets.randbelow(SEED_LIMIT)


def _splitmix64(x: int) -> int:
    # SplitMix64 finaliser (Steele, Lea & Flood 2014): a well-mixed 64-bit value from a 64-bit input.
    x = (x + 0x9E3779B97F4A7C15) & _MASK64
    x = ((x ^ (x >> 30)) * 0xBF58476D1CE4E5B9) & _MASK64
    x = ((x ^ (x >> 27)) * 0x94D049BB133111EB) & _MASK64
    return x ^ (x >> 31)


@functools.lru_cache(maxsize=1024)
def _mixed_seed(seed: int) -> int:
    """``_splitmix64(seed)``, the same for every draw of a game's stream (worked out once per seed)."""
    return _splitmix64(seed)


@dataclass(frozen=True)
class Rng:
    """The random stream of one game: ``seed`` plus how many draws were made.

    >>> rng = Rng(seed=7)
    >>> rng.random() == Rng(seed=7).random()      # same seed, same draw
    True
    >>> rng.advanced().draws
    1
    >>> Rng(seed=7).choose([("heads", Fraction(1, 2)), ("tails", Fraction(1, 2))])
    'tails'

    Raises:
        ValueError: if ``seed`` is not an integer in ``[0, 2**63)`` or ``draws`` is negative.
    """

    seed: int
    """The game's seed, an integer in ``[0, 2**63)``."""
    draws: int = 0
    """How many chance outcomes have been drawn from this stream so far."""

    def __post_init__(self) -> None:
        if isinstance(self.seed, bool) or not isinstance(self.seed, int) or not 0 <= self.seed < SEED_LIMIT:
            raise ValueError(f"seed must be an integer from 0 to 2**63-1, got {self.seed!r}")
        if isinstance(self.draws, bool) or not isinstance(self.draws, int) or self.draws < 0:
            raise ValueError(f"draws must be a non-negative integer, got {self.draws!r}")

    def random(self) -> float:
        """The uniform number in ``[0, 1)`` for the next draw (the stream itself does not move)."""
        mixed = _splitmix64(_mixed_seed(self.seed) ^ (self.draws * 0xD1B54A32D192ED03 & _MASK64))
        return (mixed >> 11) / float(1 << 53)

    def advanced(self) -> "Rng":
        """The stream after one more draw."""
        return self.at(self.draws + 1)

    def at(self, draws: int) -> "Rng":
        """This game's stream once ``draws`` draws have been made (``draws`` is the rules' own count, not checked
        again: this is the hot path of every chance step)."""
        new = object.__new__(Rng)
        object.__setattr__(new, "seed", self.seed)
        object.__setattr__(new, "draws", draws)
        return new

    def choose(self, outcomes: Sequence[tuple[T, float | Fraction]]) -> T:
        """Pick one of ``(outcome, probability)`` pairs for the next draw, by its probability.

        Raises:
            ValueError: if ``outcomes`` is empty or a probability is negative.
        """
        if not outcomes:
            raise ValueError("cannot choose among no outcomes")
        total = sum(float(p) for _, p in outcomes)
        if total <= 0 or any(p < 0 for _, p in outcomes):
            raise ValueError("outcome probabilities must be non-negative with a positive sum")
        target = self.random() * total
        running = 0.0
        for outcome, p in outcomes:
            running += float(p)
            if target < running:
                return outcome
        return outcomes[-1][0]

    def choose_evenly(self, items: Sequence[T]) -> T:
        """:meth:`choose` among ``items``, each as likely as the others: the very item :meth:`choose` picks from
        the shares ``1 / n`` as floats (their running totals worked out once per ``n``).

        >>> Rng(seed=7).choose_evenly(["heads", "tails"])
        'tails'

        Raises:
            ValueError: if ``items`` is empty.
        """
        if not items:
            raise ValueError("cannot choose among no outcomes")
        total, running = _even_running(len(items))
        return items[min(bisect_right(running, self.random() * total), len(items) - 1)]

    def choose_counted(self, counted: Sequence[tuple[T, int]]) -> T:
        """:meth:`choose` among ``(outcome, count)`` pairs, each outcome as likely as its share of the counts (those
        counted 0 left out): the very outcome :meth:`choose` picks from the shares ``count / total`` as floats, worked
        out without listing them as pairs first (for draws from decks, bags and piles).

        >>> Rng(seed=7).choose_counted([("servant", 1), ("citizen", 1)])
        'citizen'

        Raises:
            ValueError: if nothing is counted or a count is negative.
        """
        counts = [n for _, n in counted]
        whole = sum(counts)
        if whole <= 0 or min(counts) < 0:
            raise ValueError("cannot choose among no outcomes" if whole <= 0 else "counts must be non-negative")
        kept = [outcome for outcome, n in counted if n]
        shares = [n / whole for n in counts if n]
        # the first outcome whose running total passes the target, the totals added up in order as choose adds them
        pick = bisect_right(list(accumulate(shares)), self.random() * sum(shares))
        return kept[min(pick, len(kept) - 1)]


@functools.lru_cache(maxsize=256)
def _even_running(n: int) -> tuple[float, list[float]]:
    """For ``n`` equally likely outcomes: the sum of their shares and their running totals, in floating point as
    :meth:`Rng.choose` adds them up."""
    shares = [1 / n] * n
    return sum(shares), list(accumulate(shares))
