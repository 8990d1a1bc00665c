"""London 1666 engine speed for 4 players on one core: legal_actions/s, apply/s, full random games/s."""

from __future__ import annotations

import random
import time
import tracemalloc

from explorer.london1666 import new_game


def positions(count: int = 40) -> list:
    """States met in seeded random 4-player games (decision points and chance steps alike)."""
    states = []
    for seed in range(count):
        chooser, s = random.Random(seed), new_game(players=4, seed=seed)
        while not s.is_terminal:
            states.append(s)
            s = s.apply(s.sample_chance() if s.is_chance_node else chooser.choice(s.legal_actions()))
    return states


def play(seed: int) -> int:
    chooser, s, n = random.Random(seed), new_game(players=4, seed=seed), 0
    while not s.is_terminal:
        s = s.apply(s.sample_chance() if s.is_chance_node else chooser.choice(s.legal_actions()))
        n += 1
    return n


def main() -> None:
    new_game(players=4, seed=0)  # load the board once
    states = positions()
    fresh = [type(s).from_dict(s.to_dict(), board=s.board) for s in states]  # no cached legal actions
    start = time.perf_counter()
    actions = [s.legal_actions() for s in fresh]
    dt = time.perf_counter() - start
    print(f"legal_actions: {len(fresh) / dt:,.0f} /s over {len(fresh)} positions")

    chooser = random.Random(1)
    picks = [(s, chooser.choice(a)) for s, a in zip(fresh, actions) if a]
    start = time.perf_counter()
    for s, a in picks:
        s.apply(a)
    dt = time.perf_counter() - start
    print(f"apply (legal actions known): {len(picks) / dt:,.0f} /s")

    fresh = [type(s).from_dict(s.to_dict(), board=s.board) for s, _ in picks]
    start = time.perf_counter()
    for s, (_, a) in zip(fresh, picks):
        s.apply(a)
    dt = time.perf_counter() - start
    print(f"apply (cold, includes the legality check): {len(fresh) / dt:,.0f} /s")

    start = time.perf_counter()
    setups = 50
    for seed in range(setups):
        new_game(players=4, seed=seed)
    print(f"new_game (full setup, ~180 chance steps): {(time.perf_counter() - start) / setups * 1000:.1f} ms")

    start = time.perf_counter()
    games = 50
    steps = sum(play(seed) for seed in range(1000, 1000 + games))
    dt = time.perf_counter() - start
    print(f"full random games: {games / dt:.1f} /s ({steps / games:.0f} actions each, setup included)")

    tracemalloc.start()
    kept = positions(3)
    size, peak = tracemalloc.get_traced_memory()
    tracemalloc.stop()
    print(f"memory: {len(kept)} states of 3 games kept: {size / len(kept) / 1024:.1f} KiB per state (shared tuples)")
