"""The shared core: seeded draws, and records of the test-only toy game (played, replayed, saved)."""

from __future__ import annotations

import sys
import time
import tracemalloc
from fractions import Fraction
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "tests"))

from explorer.core import GAMES, GameInfo, Record, Rng, register_game  # noqa: E402
from explorer.core.conformance import check_game  # noqa: E402


def timed(fn, repeat: int) -> float:
    start = time.perf_counter()
    for _ in range(repeat):
        fn()
    return (time.perf_counter() - start) / repeat


def main() -> None:
    if "toy" not in GAMES:
        register_game(GameInfo("toy", "toy", "tests", "tests/toygame.py", "toygame", "benchmark"))
    d6 = [(k, Fraction(1, 6)) for k in range(1, 7)]
    per_draw = timed(lambda: Rng(1666, 12).choose(d6), 100_000)
    print(f"Rng.choose over a d6: {per_draw * 1e6:.2f} us per draw")

    records = [check_game("toy", seed=s, options={"size": 5}) for s in range(200)]
    lengths = [len(r) for r in records]
    per_game = timed(lambda: [Record("toy", seed=s, options={"size": 5}, actions=r.actions)
                              for s, r in enumerate(records[:50])], 3) / 50
    print(f"toy 5x5 record replay: {per_game * 1e3:.2f} ms per game ({sum(lengths) / len(lengths):.1f} actions avg)")

    tracemalloc.start()
    big = Record("toy", seed=1, options={"size": 6}, actions=check_game("toy", seed=1, options={"size": 6}).actions)
    size, peak = tracemalloc.get_traced_memory()
    tracemalloc.stop()
    print(f"toy 6x6 record of {len(big)} actions with all states kept: {size / 1024:.0f} KiB (peak {peak / 1024:.0f} KiB)")
