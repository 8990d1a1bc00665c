"""The cost of the OpenSpiel and PettingZoo adapters: random-playout steps per second of each game played on the
plain engine, through ``pyspiel`` and through the PettingZoo environment, in one process.

A step is a decision or a chance outcome, from the game before its first chance step (the set-up draws are
steps here, as they are for OpenSpiel); each playout is a whole game with uniformly random legal actions and
chance drawn by its probabilities. The engine's steps are ``legal_actions`` / ``chance_outcomes`` then
``apply``; OpenSpiel's the same through the adapter (numbers, not action objects); PettingZoo's a step of
``agent_iter`` with ``last()`` (the acting player's observation tensor and mask) and a masked random action, the
chance steps drawn inside ``step`` (counted too). The ``rl`` extra is needed; without it the table is skipped.

Run with ``make bench`` (or ``python -m benchmarks.bench_adapters``; ``--seconds S`` per measure, default 2).
"""

from __future__ import annotations

import argparse
import random
import time
from typing import Any

CASES = [("portobello", {"players": 3}), ("london1666", {"players": 4}), ("flashpoint", {"players": 4}),
         ("bonfire", {"players": 3})]
"""The games measured, with their options."""


def engine_rate(game: str, params: dict[str, Any], seconds: float) -> float:
    """Steps/s of random playouts on the plain engine, from the game's ``start`` (set-up draws included)."""
    import importlib

    enc = importlib.import_module(f"explorer.{game}.encoding")
    start = enc.start({**enc.PARAMETERS, **params})
    chooser = random.Random(0)
    steps, began = 0, time.perf_counter()
    while time.perf_counter() - began < seconds:
        state = start
        length = 0
        while not state.is_terminal and length < enc.MAX_STEPS:
            if state.is_chance_node:
                outcomes = state.chance_outcomes()
                state = state.apply(chooser.choices([a for a, _ in outcomes], [float(p) for _, p in outcomes])[0])
            else:
                state = state.apply(chooser.choice(state.legal_actions()))
            length += 1
        steps += length
    return steps / (time.perf_counter() - began)


def openspiel_rate(game: str, params: dict[str, Any], seconds: float) -> float:
    """Steps/s of random playouts through ``pyspiel`` (the adapter's numbers)."""
    import pyspiel

    import explorer.adapters.openspiel  # noqa: F401

    spiel = pyspiel.load_game(f"python_{game}", params)
    chooser = random.Random(0)
    steps, began = 0, time.perf_counter()
    while time.perf_counter() - began < seconds:
        state = spiel.new_initial_state()
        while not state.is_terminal():
            if state.is_chance_node():
                outcomes, probs = zip(*state.chance_outcomes())
                state.apply_action(chooser.choices(outcomes, probs)[0])
            else:
                state.apply_action(chooser.choice(state.legal_actions()))
            steps += 1
    return steps / (time.perf_counter() - began)


def pettingzoo_rate(game: str, params: dict[str, Any], seconds: float) -> float:
    """Steps/s of random playouts through the PettingZoo environment (observation and mask read every turn)."""
    import numpy as np

    from explorer.adapters.pettingzoo import env

    e = env(game, **params)
    rng = np.random.default_rng(0)
    steps, began, seed = 0, time.perf_counter(), 0
    while time.perf_counter() - began < seconds:
        e.reset(seed=seed)
        for _ in e.agent_iter():
            observation, _, termination, truncation, _ = e.last()
            e.step(None if termination or truncation
                   else int(rng.choice(np.flatnonzero(observation["action_mask"]))))
        steps += len(e.state_.history())
        seed += 1
    return steps / (time.perf_counter() - began)


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seconds", type=float, default=2.0)
    args = parser.parse_args(argv)
    try:
        import pettingzoo  # noqa: F401
        import pyspiel  # noqa: F401
    except ImportError:
        print("the rl extra is not installed (pip install -e '.[rl]'): adapter table skipped")
        return
    print("game | engine steps/s | OpenSpiel steps/s (share of the engine's) | PettingZoo steps/s (share)")
    for game, params in CASES:
        plain = engine_rate(game, params, args.seconds)
        spiel = openspiel_rate(game, params, args.seconds)
        zoo = pettingzoo_rate(game, params, args.seconds)
        options = ", ".join(f"{k}={v}" for k, v in params.items())
        print(f"{game} ({options}) | {plain:,.0f} | {spiel:,.0f} ({spiel / plain:.0%}) | {zoo:,.0f} "
              f"({zoo / plain:.0%})")


if __name__ == "__main__":
    main()
