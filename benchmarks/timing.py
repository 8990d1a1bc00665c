"""Timing helpers the benchmarks share."""

from __future__ import annotations

import gc
import time
from collections.abc import Callable


def best_of(run: Callable[[], object], prepare: Callable[[], object] = lambda: None, repeat: int = 3) -> float:
    """The shortest time in seconds of ``repeat`` runs of ``run`` (``prepare`` runs untimed before each)."""
    times = []
    for _ in range(repeat):
        prepare()
        gc.collect()
        start = time.perf_counter()
        run()
        times.append(time.perf_counter() - start)
    return min(times)
