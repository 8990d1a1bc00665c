"""Every engine beside python-chess in one process: random-playout steps per second and the figures behind them.

A *playout step* is what every look-ahead does: the position's legal actions (or, at a chance node, its chance
outcomes), then ``apply`` of one chosen at random; set-up is included, since a playout from the start pays for
it. python-chess's step is ``list(board.legal_moves)`` then ``board.push`` of a random one (games cut at 200
plies). The table gives, per engine: playout steps/s and the ratio to python-chess's in the same run, full random
games/s, ``legal_actions``/s (on positions met in random games, no cached answer), ``apply``/s with the legal
actions already listed and cold (the legality check included), set-up time, and memory per kept state.

This machine's speed drifts (a shared VM: python-chess alone has varied by a third within an hour), so each
engine's playouts and python-chess's take turns in short stretches (:data:`STRETCH` seconds each) until each has
run for the measuring time; the engine's ratio is its steps/s over its stretches to python-chess's over the
stretches between them, and the python-chess row gives the range of those rates over the engines.

python-chess is a benchmark-only dependency (the ``bench`` extra); without it the ratio column is left out.
Run with ``make bench`` (or ``python -m benchmarks.bench_playout``). ``--seconds S`` sets the time per playout
measure (default 2).
"""

from __future__ import annotations

import argparse
import gc
import random
import time
import tracemalloc
from collections.abc import Callable
from typing import Any

ENGINES = [("Portobello", "explorer.portobello", 3), ("London 1666", "explorer.london1666", 4),
           ("Flash Point", "explorer.flashpoint", 4), ("Bonfire", "explorer.bonfire", 3)]
"""The engines measured: name, module, players."""


def _module(path: str) -> Any:
    import importlib

    return importlib.import_module(path)


STRETCH = 0.25
"""Seconds of one stretch when an engine and python-chess take turns (:func:`side_by_side`)."""


def playout_rate(new_game: Callable[[int], Any], seconds: float, first_seed: int = 0) -> tuple[float, float, int]:
    """Random playouts from set-up for about ``seconds`` (whole games, seeds from ``first_seed`` on): (steps/s,
    games/s, games finished)."""
    steps = games = 0
    seed = first_seed
    start = time.perf_counter()
    while time.perf_counter() - start < seconds:
        chooser = random.Random(seed)
        state = new_game(seed)
        while not state.is_terminal:
            if state.is_chance_node:
                options = state.chance_outcomes()
                state = state.apply(chooser.choice(options)[0])
            else:
                state = state.apply(chooser.choice(state.legal_actions()))
            steps += 1
        games += 1
        seed += 1
    elapsed = time.perf_counter() - start
    return steps / elapsed, games / elapsed, games


def side_by_side(new_game: Callable[[int], Any], seconds: float) -> dict[str, float]:
    """The engine's random playouts and python-chess's in turns of :data:`STRETCH` seconds, each for ``seconds`` in
    all: ``steps/s`` and ``games/s`` of the engine, ``chess steps/s`` over the stretches between (absent without
    python-chess)."""
    steps = games = 0
    engine_time = chess_steps = chess_time = 0.0
    have_chess = chess_rate(0.0) is not None
    while engine_time < seconds:
        start = time.perf_counter()
        rate, _, finished = playout_rate(new_game, STRETCH, first_seed=games)
        took = time.perf_counter() - start
        steps, games, engine_time = steps + rate * took, games + finished, engine_time + took
        if have_chess:
            start = time.perf_counter()
            chess_steps += (chess_rate(STRETCH, seed=games) or 0.0) * (time.perf_counter() - start)
            chess_time += time.perf_counter() - start
    out = {"steps/s": steps / engine_time, "games/s": games / engine_time}
    if have_chess:
        out["chess steps/s"] = chess_steps / chess_time
    return out


def chess_rate(seconds: float, seed: int = 0) -> float | None:
    """python-chess's playout steps/s (``legal_moves`` + ``push``) for about ``seconds``, or None without
    python-chess."""
    try:
        import chess
    except ImportError:
        return None
    chooser = random.Random(seed)
    steps = 0
    start = time.perf_counter()
    while time.perf_counter() - start < seconds:
        board = chess.Board()
        for _ in range(200):
            moves = list(board.legal_moves)
            if not moves:
                break
            board.push(chooser.choice(moves))
            steps += 1
    return steps / max(time.perf_counter() - start, 1e-9)


def met_positions(new_game: Callable[[int], Any], games: int = 12) -> list[Any]:
    """The decision points met in ``games`` seeded random games (chance steps resolved by the seed)."""
    out = []
    for seed in range(games):
        chooser, state = random.Random(seed), new_game(seed)
        while not state.is_terminal:
            if state.is_chance_node:
                state = state.apply(state.sample_chance())
                continue
            out.append(state)
            state = state.apply(chooser.choice(state.legal_actions()))
    return out


def cold(state: Any) -> Any:
    """A copy of ``state`` with nothing cached (through the position format)."""
    return type(state).from_dict(state.to_dict())


def per_second(fn: Callable[[], int], prepare: Callable[[], Any] = lambda: None) -> float:
    """Items per second of ``fn`` (which returns how many it did), best of 3, ``prepare`` untimed before each."""
    best = 0.0
    for _ in range(3):
        prepare()
        gc.collect()
        start = time.perf_counter()
        n = fn()
        best = max(best, n / (time.perf_counter() - start))
    return best


def measure(module_path: str, players: int, seconds: float) -> dict[str, float]:
    """Every figure of one engine (see the module docstring); ``chess steps/s`` is python-chess's measured in turn
    with the engine's playouts (:func:`side_by_side`; absent without python-chess)."""
    module = _module(module_path)

    def new_game(seed: int) -> Any:
        return module.new_game(players=players, seed=seed)

    new_game(0)  # load the data files once
    out = side_by_side(new_game, seconds)
    states = met_positions(new_game)
    fresh: list[Any] = []
    out["legal_actions/s"] = per_second(lambda: len([s.legal_actions() for s in fresh]),
                                        lambda: fresh.__setitem__(slice(None), [cold(s) for s in states]))
    chooser = random.Random(1)
    picks = [(s, chooser.choice(s.legal_actions())) for s in states]
    out["apply/s"] = per_second(lambda: len([s.apply(a) for s, a in picks]))
    out["apply cold/s"] = per_second(lambda: len([s.apply(a) for s, (_, a) in zip(fresh, picks)]),
                                     lambda: fresh.__setitem__(slice(None), [cold(s) for s, _ in picks]))
    start = time.perf_counter()
    for seed in range(20):
        new_game(seed)
    out["setup ms"] = (time.perf_counter() - start) / 20 * 1000
    tracemalloc.start()
    kept = met_positions(new_game, 2)
    size, _ = tracemalloc.get_traced_memory()
    tracemalloc.stop()
    out["KiB/state"] = size / max(1, len(kept)) / 1024
    return out


def main(argv: list[str] | None = None) -> None:
    """Print the table (see the module docstring)."""
    parser = argparse.ArgumentParser(prog="python -m benchmarks.bench_playout")
    parser.add_argument("--seconds", type=float, default=2.0, help="time per playout measure")
    args = parser.parse_args(argv or [])
    rows = []
    for name, module_path, players in ENGINES:
        rows.append((f"{name}, {players} players", measure(module_path, players, args.seconds)))
    header = ["engine", "steps/s", "ratio", "games/s", "legal_actions/s", "apply/s", "apply cold/s", "setup ms",
              "KiB/state"]
    print(" | ".join(header))
    chess = [m for _, m in rows if "chess steps/s" in m]
    if chess:
        low, high = min(m["chess steps/s"] for m in chess), max(m["chess steps/s"] for m in chess)
        print(f"python-chess (legal_moves + push), beside each engine | {low:,.0f}-{high:,.0f} | 1.00 | - | - | - | "
              f"- | - | -")
    else:
        print("python-chess: not installed (pip install -e '.[bench]'): no ratio")
    for name, m in rows:
        ratio = f"{m['steps/s'] / m['chess steps/s']:.2f}" if "chess steps/s" in m else "-"
        print(f"{name} | {m['steps/s']:,.0f} | {ratio} | {m['games/s']:.1f} | {m['legal_actions/s']:,.0f} | "
              f"{m['apply/s']:,.0f} | {m['apply cold/s']:,.0f} | {m['setup ms']:.1f} | {m['KiB/state']:.1f}")


if __name__ == "__main__":
    import sys

    main(sys.argv[1:])
