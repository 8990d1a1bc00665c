"""Seeded randomness kept in the state (explorer.core.rng)."""

from collections import Counter
from fractions import Fraction

import pytest

from explorer.core import Rng


def test_same_seed_same_stream_and_different_seeds_differ():
    a = [Rng(42, i).random() for i in range(50)]
    assert a == [Rng(42, i).random() for i in range(50)]
    assert a != [Rng(43, i).random() for i in range(50)]
    assert len(set(a)) == 50
    assert all(0.0 <= x < 1.0 for x in a)


ROLLS_1666 = [2, 2, 4, 2, 5, 3, 4, 1]  # pinned when the stream was written (2026-11-29)


def test_known_values_do_not_drift():
    # Saved records depend on these exact draws: a change here would change every seeded game.
    assert Rng(0).random() == 0.6524484863740322
    d6 = [(k, Fraction(1, 6)) for k in range(1, 7)]
    assert [Rng(1666, i).choose(d6) for i in range(8)] == ROLLS_1666


def test_choose_follows_the_probabilities():
    rng, counts = Rng(9), Counter()
    for _ in range(20_000):
        counts[rng.choose([("a", Fraction(1, 4)), ("b", Fraction(3, 4))])] += 1
        rng = rng.advanced()
    assert 0.23 < counts["a"] / 20_000 < 0.27


@pytest.mark.parametrize("seed", [-1, 2**63, 1.5, "7", True, None])
def test_bad_seeds_are_refused(seed):
    with pytest.raises(ValueError, match="seed must be an integer"):
        Rng(seed)


def test_choose_refuses_empty_or_negative():
    with pytest.raises(ValueError):
        Rng(1).choose([])
    with pytest.raises(ValueError):
        Rng(1).choose([("a", -1), ("b", 2)])


def test_choose_counted_picks_what_choose_picks_from_the_shares():
    """Over many draws and uneven counts (zeros among them), the counted pick is choose's pick of n / total."""
    import random

    chooser = random.Random(5)
    for draw in range(3000):
        counted = [(k, chooser.choice((0, 1, 2, 3, 7, 29))) for k in range(chooser.randint(1, 9))]
        if not any(n for _, n in counted):
            continue
        total = sum(n for _, n in counted)
        rng = Rng(12345).at(draw)
        assert rng.choose_counted(counted) == rng.choose([(k, n / total) for k, n in counted if n])


def test_at_is_the_stream_after_that_many_draws_and_choose_counted_refuses_nothing():
    assert Rng(3).at(4) == Rng(3, 4) == Rng(3).advanced().advanced().advanced().advanced()
    with pytest.raises(ValueError, match="no outcomes"):
        Rng(1).choose_counted([("a", 0)])
    with pytest.raises(ValueError, match="non-negative"):
        Rng(1).choose_counted([("a", -1), ("b", 2)])


def test_choose_evenly_picks_what_choose_picks_from_equal_shares():
    for n in (1, 2, 3, 7, 35):
        items = [f"item{k}" for k in range(n)]
        for draw in range(300):
            rng = Rng(99).at(draw)
            assert rng.choose_evenly(items) == rng.choose([(item, Fraction(1, n)) for item in items])
    with pytest.raises(ValueError, match="no outcomes"):
        Rng(1).choose_evenly([])
