"""The coach (:mod:`explorer.coach`): how long a hint takes, and how strong its player is.

**Latency** (the default, part of ``make bench``): per game, :data:`LATENCY_POSITIONS` mid-game positions, each
from a seeded random game (seed ``i``; ``random.Random(i)`` picks the actions, the engine's own stream the
chance outcomes) at ``(i + 1) / (LATENCY_POSITIONS + 1)`` of its decisions, at the player count the apps open
with (``new_game``'s default: London 4, Portobello 3, Flash Point 4 on the Family game, Bonfire 3). Each is timed
once through ``hint(state, budget_s=2.0, seed=0)`` (after one untimed small hint that loads the game): the
table gives the simulations a 2-second hint runs (``SIMS_PER_SECOND * 2``), the median and the longest time,
and the simulations per second (``h.sims / seconds``: the lowest and the median over the positions). A hint
at budget 2 s should take about 2 s: where it does not, :data:`~explorer.coach.search.SIMS_PER_SECOND` is off.

**Strength** (``python -m benchmarks.bench_coach --strength [--games N] [--sims S] [--processes P] [--game G]``):
seeded games at the smallest player count (London 3, the others 2), the coach's :class:`~explorer.coach.Player`
at a fixed number of simulations per decision (``--sims``, default :data:`STRENGTH_SIMS`; a budget would
change with the machine) against uniformly random players and against one-step greedy players
(:class:`~explorer.coach.greedy.Greedy`). Game ``i`` of every pairing is dealt from seed ``i`` (the engine's
stream draws its chance outcomes) and the coach sits in seat ``i mod players`` (seats rotate). A game counts
``1 / len(winners)`` for the coach when it is among the game's winners (a shared win: half in a 2-player tie),
0 otherwise; the win rate is that sum over the games, with its 95 % Wilson interval (the sum used as the
count). A game not over after the adapter's cut (the encoding's ``MAX_STEPS`` steps, counted from
``new_game``, chance steps included) ends where it stands: its winners are ``state.winners()`` there (the
ranking by score and the game's tie-breaks). Flash Point is cooperative: a team of 2 coach firefighters, a
team of 2 random and a team of 2 greedy ones each play the same seeded Family games (the same set-up), and
their win rates are compared (a cut game is not a win). The table also gives the mean moves (players'
decisions, all seats) and the mean seconds of a game. ``--processes`` (default 2, at most 2) games run at once.
``--jsonl FILE`` appends every game's result to ``FILE`` (one JSON object a line) and ``--report FILE...`` prints
the table of stored games, pooled per pairing and simulations (so a run can go on with ``--first-seed``).

Each pairing starts new processes, which import the code as it is then: keep the tree still during a run (or
run a copy, ``PYTHONPATH=<copy> python -m benchmarks.bench_coach ...``).
"""

from __future__ import annotations

import argparse
import importlib
import json
import multiprocessing
import random
import statistics
import sys
import time
from collections.abc import Callable, Iterable
from dataclasses import dataclass
from typing import Any

GAMES = ("london1666", "portobello", "flashpoint", "bonfire")
NAMES = {"london1666": "London 1666", "portobello": "Portobello", "flashpoint": "Flash Point", "bonfire": "Bonfire"}
SMALLEST = {"london1666": 3, "portobello": 2, "flashpoint": 2, "bonfire": 2}
"""Players in a strength game (Flash Point: firefighters of the one team)."""
OPTIONS = {"flashpoint": {"mode": "family"}}
"""``new_game`` options beyond the player count."""
LATENCY_POSITIONS = 5
LATENCY_BUDGET = 2.0
STRENGTH_SIMS = 100
"""The coach's simulations per decision in the strength games (the default of ``--sims``)."""
MAX_PROCESSES = 2


def module_of(game: str) -> Any:
    return importlib.import_module(f"explorer.{game}")


def new_game(game: str, players: int | None, seed: int) -> Any:
    """A new game of ``game`` (its default player count for ``None``), set up from ``seed``."""
    kwargs = dict(OPTIONS.get(game, {}))
    if players is not None:
        kwargs["players"] = players
    return module_of(game).new_game(seed=seed, **kwargs)


def max_steps(game: str) -> int:
    """The adapter's cut: the encoding's ``MAX_STEPS``."""
    return importlib.import_module(f"explorer.{game}.encoding").MAX_STEPS


# ---- latency ---------------------------------------------------------------------------------------------------

def mid_game_positions(game: str, count: int = LATENCY_POSITIONS, players: int | None = None) -> list[Any]:
    """``count`` positions where a player decides: position ``i`` from the seeded random game ``i``, at
    ``(i + 1) / (count + 1)`` of its decisions (see the module docstring)."""
    out = []
    for seed in range(count):
        chooser, state = random.Random(seed), new_game(game, players, seed)
        decisions = []
        steps = 0
        while not state.is_terminal and steps < max_steps(game):
            if state.is_chance_node:
                state = state.apply(state.sample_chance())
            else:
                decisions.append(state)
                state = state.apply(chooser.choice(state.legal_actions()))
            steps += 1
        out.append(decisions[len(decisions) * (seed + 1) // (count + 1)])
    return out


def latency(game: str, budget_s: float = LATENCY_BUDGET, count: int = LATENCY_POSITIONS) -> dict[str, Any]:
    """Time ``hint(state, budget_s, seed=0)`` once at each of :func:`mid_game_positions`: ``seconds`` and
    ``sims`` per position, ``legal`` (legal actions at each), and the summary figures of the table."""
    from explorer.coach import hint

    positions = mid_game_positions(game, count)
    hint(positions[0], budget_s=0.05, seed=1)  # loads the game and its numbering, untimed
    seconds, sims = [], []
    for state in positions:
        start = time.perf_counter()
        h = hint(state, budget_s=budget_s, seed=0)
        seconds.append(time.perf_counter() - start)
        sims.append(h.sims)
    rates = [n / s for n, s in zip(sims, seconds)]
    return {"players": len(positions[0].players), "seconds": seconds, "sims": sims,
            "legal": [len(s.legal_actions()) for s in positions], "median s": statistics.median(seconds),
            "max s": max(seconds), "min sims/s": min(rates), "median sims/s": statistics.median(rates)}


def print_latency(games: Iterable[str] = GAMES, budget_s: float = LATENCY_BUDGET) -> dict[str, dict[str, Any]]:
    from explorer.coach.search import SIMS_PER_SECOND

    print(f"hint(state, budget_s={budget_s}, seed=0) at {LATENCY_POSITIONS} mid-game positions per game")
    print("game | players | SIMS_PER_SECOND | sims/hint | median s | max s | sims/s (lowest) | sims/s (median) | "
          "legal actions")
    out = {}
    for game in games:
        m = out[game] = latency(game, budget_s)
        print(f"{NAMES[game]} | {m['players']} | {SIMS_PER_SECOND[game]} | {m['sims'][0]} | {m['median s']:.2f} | "
              f"{m['max s']:.2f} | {m['min sims/s']:.0f} | {m['median sims/s']:.0f} | "
              f"{', '.join(map(str, m['legal']))}")
    return out


# ---- strength --------------------------------------------------------------------------------------------------

@dataclass(frozen=True)
class Task:
    """One strength game: ``game``, its ``seats`` (``"coach"``, ``"random"`` or ``"greedy"`` each), ``seed``
    (the deal, and every bot's seed), ``sims`` (the coach's simulations per decision)."""

    game: str
    seats: tuple[str, ...]
    seed: int
    sims: int


@dataclass(frozen=True)
class Result:
    """How a strength game ended: ``share`` of the win for the coach's seat (``1 / len(winners)`` when it is
    among them; Flash Point: 1 when the team won), ``won`` and ``lost`` (Flash Point: the team won, lost),
    ``cut`` (stopped at ``MAX_STEPS``), ``moves`` (players' decisions), ``steps`` (with chance steps),
    ``seconds``, and Flash Point's ``rescued`` and ``victims_lost``."""

    task: Task
    share: float
    won: bool
    lost: bool
    cut: bool
    moves: int
    steps: int
    seconds: float
    rescued: int = 0
    victims_lost: int = 0


def bot(kind: str, seed: int, seat: int, sims: int) -> Callable[[Any], Any]:
    """A seat's player: the coach's :class:`Player` at ``sims`` simulations, :class:`Greedy`, or a uniformly
    random player, seeded from the game's ``seed`` and the ``seat``."""
    if kind == "coach":
        from explorer.coach import Player

        return Player(seed=seed * 10 + seat, sims=sims)
    if kind == "greedy":
        from explorer.coach.greedy import Greedy

        return Greedy(seed=seed * 10 + seat)
    if kind == "random":
        chooser = random.Random(f"random:{seed}:{seat}")
        return lambda state: chooser.choice(state.legal_actions())
    raise ValueError(f"no such player: {kind!r}")


def play(task: Task) -> Result:
    """Play one strength game (see the module docstring) and say how it ended."""
    start = time.perf_counter()
    game = task.game
    state = new_game(game, len(task.seats), task.seed)
    players = [bot(kind, task.seed, seat, task.sims) for seat, kind in enumerate(task.seats)]
    cut_at = max_steps(game)
    moves = steps = 0
    while not state.is_terminal and steps < cut_at:
        if state.is_chance_node:
            state = state.apply(state.sample_chance())
        else:
            state = state.apply(players[state.current_player](state))
            moves += 1
        steps += 1
    seconds = time.perf_counter() - start
    cut = not state.is_terminal
    if game == "flashpoint":
        won = bool(state.is_won)
        return Result(task, float(won), won, bool(state.is_lost), cut, moves, steps, seconds, state.rescued,
                      state.lost)
    coach = task.seats.index("coach")
    winners = list(state.winners())
    share = 1 / len(winners) if state.players[coach] in winners else 0.0
    return Result(task, share, share == 1.0, share == 0.0, cut, moves, steps, seconds)


PAIRINGS = {"vs random": "random", "vs greedy": "greedy"}
TEAMS = ("coach", "random", "greedy")


def tasks_for(game: str, pairing: str, games: int, sims: int, first_seed: int = 0) -> list[Task]:
    """The tasks of one pairing: ``"vs random"`` or ``"vs greedy"`` (the coach in seat ``seed mod players``), or in
    Flash Point a team (``"coach"``, ``"random"``, ``"greedy"``: every firefighter)."""
    n = SMALLEST[game]
    out = []
    for seed in range(first_seed, first_seed + games):
        if game == "flashpoint":
            seats = (pairing,) * n
        else:
            seats = tuple("coach" if k == seed % n else PAIRINGS[pairing] for k in range(n))
        out.append(Task(game, seats, seed, sims))
    return out


def pairings_for(game: str) -> tuple[str, ...]:
    return TEAMS if game == "flashpoint" else tuple(PAIRINGS)


def run(tasks: list[Task], processes: int = MAX_PROCESSES) -> list[Result]:
    """Play ``tasks`` on at most ``processes`` (at most :data:`MAX_PROCESSES`) processes; results in task order."""
    processes = max(1, min(processes, MAX_PROCESSES, len(tasks)))
    if processes == 1:
        return [play(t) for t in tasks]
    with multiprocessing.get_context("spawn").Pool(processes) as pool:
        return list(pool.imap(play, tasks, chunksize=1))


def summary(results: list[Result]) -> dict[str, Any]:
    """The figures of one pairing: ``games``, ``wins`` (the sum of the coach's shares; Flash Point: games won),
    ``rate`` and its 95 % Wilson ``interval``, ``ties`` (shared wins), ``cut`` games, ``mean moves``, ``mean s``;
    Flash Point also ``lost`` games, ``mean rescued`` and ``mean victims lost``."""
    from explorer.coach.search import wilson

    n = len(results)
    wins = sum(r.share for r in results)
    out = {"games": n, "wins": wins, "rate": wins / n if n else 0.0, "interval": wilson(wins, n),  # type: ignore[arg-type]
           "ties": sum(0.0 < r.share < 1.0 for r in results), "cut": sum(r.cut for r in results),
           "mean moves": statistics.fmean(r.moves for r in results) if n else 0.0,
           "mean s": statistics.fmean(r.seconds for r in results) if n else 0.0}
    if results and results[0].task.game == "flashpoint":
        out.update({"lost": sum(r.lost for r in results),
                    "mean rescued": statistics.fmean(r.rescued for r in results),
                    "mean victims lost": statistics.fmean(r.victims_lost for r in results)})
    return out


def strength(game: str, pairing: str, games: int, sims: int = STRENGTH_SIMS, processes: int = MAX_PROCESSES,
             first_seed: int = 0) -> dict[str, Any]:
    """Play one pairing's ``games`` seeded games and return its :func:`summary` (``results`` too)."""
    results = run(tasks_for(game, pairing, games, sims, first_seed), processes)
    return {**summary(results), "results": results}


def _row(game: str, pairing: str, s: dict[str, Any], wall: float | None = None) -> str:
    low, high = s["interval"]
    took = "-" if wall is None else f"{wall:.0f}"
    if game == "flashpoint":
        who = f"team of {SMALLEST[game]} {pairing} firefighters (Family)"
        return (f"{NAMES[game]} | {who} | {s['games']} | {s['wins']:g} won, {s['lost']} lost, {s['cut']} cut |"
                f" {s['rate']:.1%} | {low:.1%}-{high:.1%} | {s['mean rescued']:.2f} rescued, "
                f"{s['mean victims lost']:.2f} lost | {s['mean moves']:.0f} | {s['mean s']:.1f} | {took}")
    return (f"{NAMES[game]} | coach {pairing} ({SMALLEST[game]} players) | {s['games']} | {s['wins']:g} "
            f"({s['ties']} shared), {s['cut']} cut | {s['rate']:.1%} | {low:.1%}-{high:.1%} | "
            f"- | {s['mean moves']:.0f} | {s['mean s']:.1f} | {took}")


HEADER = ("game | pairing | games | wins | win rate | 95% Wilson | Flash Point victims (mean) | mean moves | "
          "mean s/game | wall s")


def _ratio(out: dict[tuple[str, str], dict[str, Any]]) -> str:
    coach, rand = out["flashpoint", "coach"]["rate"], out["flashpoint", "random"]["rate"]
    ratio = f"{coach / rand:.2f}" if rand else ("infinite (random team never won)" if coach else
                                                 "undefined (neither team won)")
    return f"Flash Point | coach team's win rate / random team's | {ratio}"


def print_strength(games: int, sims: int, processes: int, only: Iterable[str] = GAMES, first_seed: int = 0,
                   jsonl: str | None = None) -> dict[tuple[str, str], dict[str, Any]]:
    """Play and print every pairing of ``only`` (rows as they finish); each game's result is appended to
    ``jsonl`` (one JSON object a line) when given, for :func:`report`."""
    print(f"coach Player(sims={sims}) at the smallest player count, {games} seeded games per pairing "
          f"(seeds {first_seed}-{first_seed + games - 1}), {min(processes, MAX_PROCESSES)} processes")
    print(HEADER)
    out = {}
    for game in only:
        for pairing in pairings_for(game):
            began = time.perf_counter()
            s = out[game, pairing] = strength(game, pairing, games, sims, processes, first_seed)
            print(_row(game, pairing, s, time.perf_counter() - began), flush=True)
            if jsonl:
                with open(jsonl, "a") as f:
                    for r in s["results"]:
                        f.write(json.dumps(record(r, pairing)) + "\n")
        if game == "flashpoint":
            print(_ratio(out), flush=True)
    return out


def record(result: Result, pairing: str) -> dict[str, Any]:
    """One game's result as a JSON object (:func:`report` reads them back)."""
    out = {k: v for k, v in vars(result).items() if k != "task"}
    return {"game": result.task.game, "pairing": pairing, "seats": list(result.task.seats), "seed": result.task.seed,
            "sims": result.task.sims, **out}


def report(paths: Iterable[str]) -> dict[tuple[str, str], dict[str, Any]]:
    """Print the strength table of the games stored in ``paths`` (JSON lines from ``--jsonl``), pooled per game,
    pairing and sims (a seed met twice counts once)."""
    pooled: dict[tuple[str, str, int], dict[int, Result]] = {}
    for path in paths:
        with open(path) as f:
            for line in f:
                d = json.loads(line)
                task = Task(d.pop("game"), tuple(d.pop("seats")), d.pop("seed"), d.pop("sims"))
                pairing = d.pop("pairing")
                known = {k: v for k, v in d.items() if k in Result.__dataclass_fields__}
                pooled.setdefault((task.game, pairing, task.sims), {})[task.seed] = Result(task, **known)
    print(HEADER)
    out = {}
    for game in GAMES:
        for pairing in pairings_for(game):
            for (g, p, sims), by_seed in sorted(pooled.items()):
                if (g, p) == (game, pairing):
                    s = out[game, pairing] = summary([by_seed[k] for k in sorted(by_seed)])
                    seeds = sorted(by_seed)
                    print(_row(game, pairing, s).replace(f"| {s['games']} |",
                                                         f"| {s['games']} (sims {sims}, seeds {seeds[0]}-{seeds[-1]}) |"))
        if (game, "coach") in out and (game, "random") in out:
            print(_ratio(out))
    return out


def main(argv: list[str] | None = None) -> None:
    """The latency table; with ``--strength`` the strength table instead (see the module docstring), with
    ``--report FILE...`` the strength table of stored games."""
    parser = argparse.ArgumentParser(prog="python -m benchmarks.bench_coach")
    parser.add_argument("--strength", action="store_true", help="play strength games instead of timing hints")
    parser.add_argument("--games", type=int, default=20, help="games per pairing (--strength)")
    parser.add_argument("--first-seed", type=int, default=0, help="seed of the first game (--strength)")
    parser.add_argument("--sims", type=int, default=STRENGTH_SIMS, help="coach simulations per decision")
    parser.add_argument("--processes", type=int, default=MAX_PROCESSES, help="games at once (at most 2)")
    parser.add_argument("--game", action="append", choices=GAMES, help="only this game (repeatable)")
    parser.add_argument("--jsonl", help="append every strength game's result to this file (JSON lines)")
    parser.add_argument("--report", nargs="+", metavar="FILE", help="print the strength table of stored games")
    args = parser.parse_args(argv or [])
    only = args.game or GAMES
    if args.report:
        report(args.report)
    elif args.strength:
        print_strength(args.games, args.sims, args.processes, only, args.first_seed, args.jsonl)
    else:
        print_latency(only)


if __name__ == "__main__":
    main(sys.argv[1:])
