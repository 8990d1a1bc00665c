"""Every engine beside python-chess in one process: random-playout steps per second and the figures behind them.

A *playout step* is what every look-ahead does: the position's legal actions (or, at a chance node, its chance
outcomes), then ``apply`` of one chosen at random; set-up is included, since a playout from the start pays for
it. python-chess's step is ``list(board.legal_moves)`` then ``board.push`` of a random one (games cut at 200
plies). The table gives, per engine: playout steps/s and the ratio to python-chess's in the same run, full random
games/s, ``legal_actions``/s (on positions met in random games, no cached answer), ``apply``/s with the legal
actions already listed and cold (the legality check included), set-up time, and memory per kept state.

This machine's speed drifts (a shared VM: python-chess alone has varied by a third within an hour), so
python-chess is measured right beside each engine, just before and just after its playouts, and the engine's
ratio is to the mean of those two; the python-chess row gives their range.

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


def playout_rate(new_game: Callable[[int], Any], seconds: float) -> tuple[float, float, int]:
    """Random playouts from set-up for about ``seconds``: (steps/s, games/s, games finished)."""
    steps = games = 0
    seed = 0
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


def chess_rate(seconds: float) -> float | None:
    """python-chess's playout steps/s (``legal_moves`` + ``push``), or None without python-chess."""
    try:
        import chess
    except ImportError:
        return None
    chooser = random.Random(0)
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
    return steps / (time.perf_counter() - start)


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
    """Every figure of one engine (see the module docstring); ``chess steps/s`` is python-chess's measured just
    before and just after the engine's playouts (their mean; absent without python-chess)."""
    module = _module(module_path)

    def new_game(seed: int) -> Any:
        return module.new_game(players=players, seed=seed)

    new_game(0)  # load the data files once
    out: dict[str, float] = {}
    before = chess_rate(seconds)
    out["steps/s"], out["games/s"], _ = playout_rate(new_game, seconds)
    after = chess_rate(seconds)
    if before is not None and after is not None:
        out["chess steps/s"] = (before + after) / 2
        out["chess low"], out["chess high"] = min(before, after), max(before, after)
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
        low, high = min(m["chess low"] for m in chess), max(m["chess high"] for m in chess)
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
