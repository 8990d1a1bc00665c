"""Portobello Market engine speed on one core: legal_actions/s, apply/s, new_game time, full random games/s per
player count, position round trips, memory per state. Goals (brief): at least 20 000 apply/s and 200 random
games/s. Each figure is the best of 3 runs (the machine may be shared)."""

from __future__ import annotations

import random
import tracemalloc

from benchmarks.timing import best_of
from explorer.portobello import State, new_game


def positions(count: int = 40, players: int = 3) -> list[State]:
    """States met in seeded random games (decision points and chance steps alike), half with the queue."""
    states = []
    for seed in range(count):
        chooser, s = random.Random(seed), new_game(players=players, seed=seed, customer_queue=seed % 2 == 1)
        while not s.is_terminal:
            states.append(s)
            s = s.apply(s.sample_chance() if s.is_chance_node else chooser.choice(s.legal_actions()))
    return states


def play(seed: int, players: int, customer_queue: bool = False) -> int:
    chooser, s, n = random.Random(seed), new_game(players=players, seed=seed, customer_queue=customer_queue), 0
    while not s.is_terminal:
        s = s.apply(s.sample_chance() if s.is_chance_node else chooser.choice(s.legal_actions()))
        n += 1
    return n


def main() -> None:
    new_game(players=3, seed=0)  # load the board once
    states = positions()

    def uncached() -> list[State]:  # copies without the cached legal actions
        return [State.from_dict(s.to_dict(), board=s.board) for s in states]

    fresh: list[State] = []
    dt = best_of(lambda: [s.legal_actions() for s in fresh], lambda: fresh.__setitem__(slice(None), uncached()))
    actions = [s.legal_actions() for s in fresh]
    print(f"legal_actions: {len(fresh) / dt:,.0f} /s over {len(fresh)} positions of 40 3-player games "
          f"({sum(map(len, actions)) / len(actions):.1f} actions each on average)")

    chooser = random.Random(1)
    picks = [(s, chooser.choice(a)) for s, a in zip(fresh, actions) if a]
    dt = best_of(lambda: [s.apply(a) for s, a in picks])
    print(f"apply (legal actions known): {len(picks) / dt:,.0f} /s")

    cold: list[State] = []
    dt = best_of(lambda: [s.apply(a) for s, (_, a) in zip(cold, picks)],
                 lambda: cold.__setitem__(slice(None), [State.from_dict(s.to_dict(), board=s.board)
                                                        for s, _ in picks]))
    print(f"apply (cold, includes the legality check): {len(cold) / dt:,.0f} /s")

    setups, games = 500, 100
    for players, queue, label in ((3, False, "no chance step"), (3, True, "10 chance steps: the queue")):
        dt = best_of(lambda p=players, q=queue: [new_game(players=p, seed=seed, customer_queue=q)
                                                 for seed in range(setups)])
        print(f"new_game ({players} players, {label}): {dt / setups * 1e6:.0f} us")

    for players in (2, 3, 4):
        steps: list[int] = []
        dt = best_of(lambda p=players, out=steps: out.append(sum(play(seed, p, seed % 2 == 1)
                                                                 for seed in range(1000, 1000 + games))))
        print(f"full random games, {players} players: {games / dt:.0f} /s ({steps[0] / games:.0f} actions each, "
              f"half with the customer queue, setup included)")

    sample = states[::5]
    dt = best_of(lambda: [State.from_dict(s.to_dict(), board=s.board) for s in sample])
    print(f"to_dict + from_dict (validated): {len(sample) / dt:,.0f} /s")

    tracemalloc.start()
    kept = positions(3)
    size, _ = tracemalloc.get_traced_memory()
    tracemalloc.stop()
    print(f"memory: {len(kept)} states of 3 games kept: {size / len(kept) / 1024:.2f} KiB per state "
          "(shared tuples)")
