"""Find positions where the obvious move is not the coach's choice, and the coach is right (the coach notebooks).

Usage: ``python tools/coach_positions.py GAME [--seeds 0-199] [--hint 0.5] [--compare 1.0] [--start 20]``.

For each seed, a game between random players (:func:`random_walk`: ``random.Random(seed)`` picks among the legal
actions, chance is the engine's own seeded draw) is followed to the first position, from decision ``--start`` on,
where one move is the **obvious move** (:func:`obvious`). There the coach gives a hint (``--hint`` seconds, seed
0); where its first choice is another move, the two are compared on the same luck (``--compare`` seconds, seed
0). A comparison whose paired difference has a 95 % interval above 0 is checked again on fresh luck (seed 1,
twice the budget), because among many comparisons a few cross 0 by chance. Each candidate is printed, then the
counts: the coach agreed, the coach's move better, the obvious move better, not told apart.

The obvious move is the only one that gains the most points now, with a gain above 0:

* Portobello, Bonfire: the player's own total right after the move (``explorer.coach.greedy.greedy_value``);
* London: the player's own total (without a token picked up now: it lies face down) minus the best other
  player's points that everyone sees (track, houses lost, cones put out, Hero of London); the other players'
  objectives and tokens are secret;
* Flash Point: rescued minus lost, then damage cubes left (``greedy_value``), then the least fire and smoke on
  the board (fire counts 2): the move that puts out the most fire.
"""

from __future__ import annotations

import argparse
import random
import sys
import time
from collections.abc import Iterator
from typing import Any

from explorer import bonfire, flashpoint, london1666, portobello
from explorer.coach import compare, hint
from explorer.coach.greedy import greedy_value

GAMES = {"london1666": (london1666, {"players": 3}), "portobello": (portobello, {"players": 3}),
         "flashpoint": (flashpoint, {"players": 3}), "bonfire": (bonfire, {"players": 2})}
PUBLIC = ("track", "houses lost", "cones put out", "Hero of London")
"""London's score categories everyone can see."""


def random_walk(game: str, seed: int) -> Iterator[tuple[int, Any]]:
    """A seeded game between random players: each position where a player decides, with the number of decisions
    made before it. ``random.Random(seed)`` picks among the legal actions; chance is the engine's own seeded draw
    (``sample_chance``). The coach notebooks' ``random_game(seed, decisions)`` gives the same positions."""
    module, options = GAMES[game]
    state, moves, made = module.new_game(seed=seed, **options), random.Random(seed), 0
    while not state.is_terminal:
        if state.is_chance_node:
            state = state.apply(state.sample_chance())
            continue
        yield made, state
        state, made = state.apply(moves.choice(state.legal_actions())), made + 1


def gain(state: Any, action: Any) -> tuple[int, ...]:
    """What ``action`` gains now for the player to act, as :func:`obvious` counts it (larger better)."""
    after = state.apply(action)
    if state.game == "flashpoint":
        def heat(s: Any) -> int:
            return 2 * len(s.fire) + len(s.smoke)
        (now, left), (before, left_before) = greedy_value(state, action), (state.rescued - state.lost,
                                                                            state.damage_left)
        return now - before, left - left_before, heat(state) - heat(after)
    me = state.players[state.current_player]
    if state.game == "london1666":
        def seen(s: Any, tokens: int) -> int:
            table = s.scores()
            own = table[me].total - table[me]["1 VP tokens"] + tokens
            return own - max(sum(b[c] for c in PUBLIC) for name, b in table.items() if name != me)
        held = state.scores()[me]["1 VP tokens"]
        return (seen(after, held) - seen(state, held),)
    return (greedy_value(state, action)[0] - state.scores()[me].total,)


def obvious(state: Any) -> tuple[Any, tuple[int, ...]] | None:
    """The obvious move of ``state`` and its gain, or None: the only move with the largest gain, above nothing."""
    legal = state.legal_actions()
    if len(legal) < 2:
        return None
    gains = [gain(state, a) for a in legal]
    top = max(gains)
    if gains.count(top) != 1 or not top > tuple(0 for _ in top):
        return None
    return legal[gains.index(top)], top


def main(argv: list[str]) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("game", choices=sorted(GAMES))
    parser.add_argument("--seeds", default="0-199", help="a range of game seeds, e.g. 0-199")
    parser.add_argument("--hint", type=float, default=0.5, help="the hint's budget in seconds")
    parser.add_argument("--compare", type=float, default=1.0, help="the comparison's budget in seconds")
    parser.add_argument("--start", type=int, default=20, help="the first decision looked at")
    parser.add_argument("--limit", type=float, default=float("inf"), help="stop after this many seconds")
    args = parser.parse_args(argv)
    first, last = (int(x) for x in args.seeds.split("-"))
    counts = {"agreed": 0, "coach better": 0, "obvious better": 0, "not told apart": 0, "held on fresh luck": 0}
    began = time.time()
    for seed in range(first, last + 1):
        found = next(((made, state, o) for made, state in random_walk(args.game, seed)
                      if made >= args.start and (o := obvious(state)) is not None), None)
        if found is None:
            continue
        decisions, state, (move, now) = found
        best = hint(state, budget_s=args.hint, seed=0).best
        if best.action == move:
            counts["agreed"] += 1
            continue
        diff, half = compare(state, [best.action, move], budget_s=args.compare, seed=0).difference(0, 1)
        if diff - half > 0:
            counts["coach better"] += 1
            again, half_again = compare(state, [best.action, move], budget_s=2 * args.compare,
                                        seed=1).difference(0, 1)
            held = again - half_again > 0
            counts["held on fresh luck"] += held
            print(f"seed {seed}, decision {decisions}, {len(state.legal_actions())} legal: coach {best.notation} "
                  f"({best.sims} simulations), obvious {move} {now}: {diff:+.3f} ± {half:.3f}; fresh luck "
                  f"{again:+.3f} ± {half_again:.3f}{' (held)' if held else ''}", flush=True)
        elif diff + half < 0:
            counts["obvious better"] += 1
        else:
            counts["not told apart"] += 1
        if time.time() - began > args.limit:
            print(f"stopped at seed {seed} after {args.limit:.0f} s")
            break
    print(f"{args.game}, seeds {args.seeds}, hint {args.hint} s, compare {args.compare} s: "
          + ", ".join(f"{k} {v}" for k, v in counts.items()))
    return 0


if __name__ == "__main__":
    raise SystemExit(main(sys.argv[1:]))
