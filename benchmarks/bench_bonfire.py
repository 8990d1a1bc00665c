"""Bonfire engine speed on one core: legal_actions/s, apply/s, full random games/s per player count, new_game
time, position round trips, memory per state. Each figure is the best of 3 runs (the machine may be shared).

Random play picks any legal action uniformly (the property tests' random player); games include the setup draws
and the players' starting-tile choices. The first figure is issue 21's: random-playout steps per second (legal
actions, or chance outcomes, then ``apply`` of one at random; set-up included) beside python-chess's in the same
run (``bench_playout``; the ratio is left out without python-chess).
"""

from __future__ import annotations

import gc
import random
import tracemalloc

from benchmarks.bench_playout import side_by_side
from benchmarks.timing import best_of, time_legal_and_apply
from explorer.bonfire import Components, State, new_game
from explorer.bonfire.setup import initial_state


def game(seed: int, players: int) -> list[State]:
    """Every state of one seeded random game, set-up choices included."""
    chooser, s = random.Random(seed), new_game(players=players, seed=seed)
    states = [s]
    while not s.is_terminal:
        s = s.apply(s.sample_chance() if s.is_chance_node else chooser.choice(s.legal_actions()))
        states.append(s)
    return states


def play(seed: int, players: int) -> int:
    chooser, s, n = random.Random(seed), new_game(players=players, seed=seed), 0
    while not s.is_terminal:
        s = s.apply(s.sample_chance() if s.is_chance_node else chooser.choice(s.legal_actions()))
        n += 1
    return n


def main() -> dict[str, float]:
    out: dict[str, float] = {}
    measured = side_by_side(lambda seed: new_game(players=3, seed=seed), 2.0)
    out["playout steps/s"], chess = measured["steps/s"], measured.get("chess steps/s")
    ratio = f", {out['playout steps/s'] / chess:.2f} x python-chess's {chess:,.0f}" if chess else ""
    if chess:
        out["playout ratio to python-chess"] = out["playout steps/s"] / chess
    print(f"random-playout steps, 3 players: {out['playout steps/s']:,.0f} /s{ratio}")
    states = [s for seed in range(30) for s in game(seed, 2 + seed % 3)]

    out.update(time_legal_and_apply(states, lambda s: State.from_dict(s.to_dict()), "30 games, 2-4 players"))

    setups = 100
    for players in (2, 4):
        dt = best_of(lambda p=players: [new_game(players=p, seed=seed) for seed in range(setups)])
        out[f"new_game {players}p ms"] = dt / setups * 1e3
        draws = len(initial_state(players, 0, Components.default()).pending)
        print(f"new_game ({players} players, {draws} setup draws): {dt / setups * 1e3:.2f} ms")

    games = 40
    for players in (2, 3, 4):
        steps: list[int] = []
        dt = best_of(lambda p=players, acc=steps: acc.append(sum(play(seed, p) for seed in range(1000, 1000 + games))))
        out[f"games {players}p/s"] = games / dt
        print(f"full random games, {players} players: {games / dt:.1f} /s ({steps[0] / games:.0f} actions each, "
              f"setup included)")

    sample = states[::5]
    dt = best_of(lambda: [State.from_dict(s.to_dict()) for s in sample])
    out["round trips/s"] = len(sample) / dt
    print(f"to_dict + from_dict (validated): {len(sample) / dt:,.0f} /s")

    gc.collect()
    tracemalloc.start()
    kept = game(7, 2) + game(8, 4)
    size, _ = tracemalloc.get_traced_memory()
    tracemalloc.stop()
    out["KiB/state"] = size / len(kept) / 1024
    print(f"memory: {len(kept)} states of 2 games kept: {size / len(kept) / 1024:.2f} KiB per state (shared pieces)")
    return out


if __name__ == "__main__":
    main()
