"""Timing helpers the benchmarks share."""

from __future__ import annotations

import gc
import random
import time
from collections.abc import Callable, Sequence
from typing import Any


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


def time_legal_and_apply(states: Sequence[Any], copy: Callable[[Any], Any], described: str) -> dict[str, float]:
    """Time ``legal_actions`` and ``apply`` over ``states`` on uncached copies, print one line per figure and return
    them: ``"legal_actions/s"``, ``"apply/s"`` (legal actions already listed) and ``"apply cold/s"`` (on fresh
    copies, so the time includes the legality check).

    ``copy`` makes a copy of a state without its cached legal actions (``State.from_dict(s.to_dict(), ...)``); it
    runs untimed before each timed run, so every run starts cold. The action applied to each position is a random
    legal one (``random.Random(1)``); positions with no legal actions are left out of both apply timings.
    ``described`` says where the positions come from, as in ``"30 games, 2-4 players"`` (the legal_actions line
    reads "over N positions of <described>").
    """
    out: dict[str, float] = {}
    fresh: list[Any] = []
    dt = best_of(lambda: [s.legal_actions() for s in fresh],
                 lambda: fresh.__setitem__(slice(None), [copy(s) for s in states]))
    actions = [s.legal_actions() for s in fresh]
    out["legal_actions/s"] = len(fresh) / dt
    print(f"legal_actions: {len(fresh) / dt:,.0f} /s over {len(fresh)} positions of {described} "
          f"({sum(map(len, actions)) / len(actions):.1f} actions each on average)")

    chooser = random.Random(1)
    picks = [(s, chooser.choice(a)) for s, a in zip(fresh, actions) if a]
    dt = best_of(lambda: [s.apply(a) for s, a in picks])
    out["apply/s"] = len(picks) / dt
    print(f"apply (legal actions known): {len(picks) / dt:,.0f} /s")
    cold: list[Any] = []
    dt = best_of(lambda: [s.apply(a) for s, (_, a) in zip(cold, picks)],
                 lambda: cold.__setitem__(slice(None), [copy(s) for s, _ in picks]))
    out["apply cold/s"] = len(cold) / dt
    print(f"apply (cold, includes the legality check): {len(cold) / dt:,.0f} /s")
    return out
