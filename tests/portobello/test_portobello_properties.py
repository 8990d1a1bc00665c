"""Seeded random Portobello games: invariants at every step (property tests; the 10 000-game soak per player
count is ``make test-slow``), and hypothesis properties of building rows and bobby tolls.

Invariants (seed 001 p. 1-4, DECISIONS.md Portobello): stalls conserved (in hand + built = 30/20/16 per player);
customers conserved (5 servants and 5 citizens between bag or queue, the one being placed and the squares; one
Lord at most, only after the tenth customer); the 8 neutral tokens conserved (stack + hands) and one taken per
district scored; every score equals 10 plus the points of the scoring events (``LaneScored``, ``DistrictScored``
stalls x value, ``LordScored``, ``BobbyMoved`` paid and received) and is never negative; a lane is marked scored
exactly when it is full with customers at both ends, and scores exactly once; the game ends; a record of the same
actions replays to an identical position; ``from_dict(to_dict(s))`` gives ``s`` back.
"""

from __future__ import annotations

import random
import re
import time
from collections import Counter
from multiprocessing import Pool

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from explorer.core import Note, Record
from explorer.portobello import State, new_game
from explorer.portobello.building import is_row, next_spaces
from explorer.portobello.components import NEUTRAL_STACK, STALLS_PER_PLAYER
from explorer.portobello.events import BobbyMoved, DistrictScored, LaneScored, LordScored

GAMES_PER_COUNT = 1000
SOAK_GAMES_PER_COUNT = 10_000
MAX_STEPS = 3000
END_RULES = ("portobello.end.last-stall", "portobello.assume.no-stall-possible")


def _lane_ends(s: State) -> list[tuple[int, int]]:
    """Per lane (in the state's order), the positions of its two end squares in ``s.squares``."""
    square = s.layout.square
    return [(square[a], square[b]) for a, b in (s.board.lanes[lane].ends for lane in s.layout.lanes)]


def check_state(s: State, expected: list[int], lane_scorings: Counter, ends: list[tuple[int, int]]) -> None:
    """The invariants of one position; ``expected`` scores and ``lane_scorings`` are kept from the events."""
    n = len(s.seats)
    built = Counter(o for row in s.stalls for o in row if o is not None)
    for k, seat in enumerate(s.seats):
        assert seat.stalls + built[k] == STALLS_PER_PLAYER[n], f"stalls of {seat.colour}"
        assert seat.score == expected[k] >= 0, f"score of {seat.colour}"
    placed = Counter(s.squares)
    waiting = Counter(s.queue)
    waiting["servant"] += s.bag[0]
    waiting["citizen"] += s.bag[1]
    if s.pending:
        waiting[s.pending] += 1
    assert placed["servant"] + waiting["servant"] == 5 and placed["citizen"] + waiting["citizen"] == 5
    assert placed["lord"] <= 1 and (not placed["lord"] or s.customers_left == 0)
    held = [t.value for seat in s.seats for t in seat.tokens if t.neutral]
    assert sorted(held + list(s.neutral)) == sorted(NEUTRAL_STACK)
    assert s.neutral == NEUTRAL_STACK[len(NEUTRAL_STACK) - len(s.neutral):]
    assert len(NEUTRAL_STACK) - len(s.neutral) == sum(t is not None for t in s.district_tokens)
    squares = s.squares
    for lane, row, scored, (a, b) in zip(s.layout.lanes, s.stalls, s.scored, ends):
        ready = None not in row and squares[a] is not None and squares[b] is not None
        assert ready == scored == (lane_scorings[lane] == 1), f"lane {lane}"


def random_game(seed: int, players: int, queue: bool = False, *, check_every: int = 1,
                round_trip_every: int = 0) -> tuple[State, list[str], str]:
    """Play one game with random legal choices (``random.Random(seed)``) and the game's own chance stream,
    following the scores through the events and checking the invariants every ``check_every`` steps. Returns the
    final state, every action's notation and the rule that ended the game."""
    chooser = random.Random(seed)
    s = new_game(players=players, seed=seed, customer_queue=queue)
    seat_of = {c: k for k, c in enumerate(s.players)}
    expected = [10] * players
    lane_scorings: Counter = Counter()
    ends = _lane_ends(s)
    actions: list[str] = []
    end = ""
    while not s.is_terminal:
        action = s.sample_chance() if s.is_chance_node else chooser.choice(s.legal_actions())
        s = s.apply(action)
        actions.append(str(action))
        for e in s.events:
            if isinstance(e, LaneScored):
                lane_scorings[e.lane] += 1
                for who, points in e.points:
                    expected[seat_of[who]] += points
            elif isinstance(e, LordScored):
                assert s.is_terminal and e.lane in s.board.lanes_at(s.lord_square) and not s.is_scored(e.lane)
                for who, points in e.points:
                    expected[seat_of[who]] += points
            elif isinstance(e, DistrictScored):
                expected[seat_of[e.player]] += e.stalls * e.value
            elif isinstance(e, BobbyMoved):
                assert e.paid == (len(e.to) or int(e.paid > 0)) and e.player not in e.to
                expected[seat_of[e.player]] -= e.paid
                for who in e.to:
                    expected[seat_of[who]] += 1
            elif isinstance(e, Note) and e.rule.id in END_RULES:
                end = end or e.rule.id
        if len(actions) % check_every == 0 or s.is_terminal:
            check_state(s, expected, lane_scorings, ends)
        if round_trip_every and len(actions) % round_trip_every == 0:
            assert State.from_dict(s.to_dict()).to_dict() == s.to_dict()
        assert len(actions) < MAX_STEPS, "a game should end well before 3000 actions"
    return s, actions, end


def check_end(s: State, end: str) -> None:
    assert s.is_terminal and s.legal_actions() == [] and s.current_player is None
    assert end in END_RULES
    best = max(seat.score for seat in s.seats)
    assert s.winners() == [seat.colour for seat in s.seats if seat.score == best]
    if end == "portobello.end.last-stall":
        assert any(seat.stalls == 0 for seat in s.seats)
    assert all(seat.lord == 0 for seat in s.seats) or s.lord_square is not None


def _chunk(args: tuple[int, int, int, int, int]) -> tuple[int, int, int, Counter]:
    """Play ``count`` games from ``first`` (odd seeds with the customer queue), sampling the expensive checks:
    invariants every ``check_every`` steps (always at the end), a round trip every 97 steps, and every
    ``replay_every``-th game replayed as a ``Record``. Returns (games, rounds, actions, end reasons)."""
    players, first, count, check_every, replay_every = args
    rounds = steps = 0
    ends: Counter = Counter()
    for seed in range(first, first + count):
        queue = seed % 2 == 1
        s, actions, end = random_game(seed, players, queue, check_every=check_every, round_trip_every=97)
        check_end(s, end)
        if replay_every and seed % replay_every == 0:
            record = Record("portobello", seed=seed, options={"players": players, "customer_queue": queue},
                            actions=actions)
            assert record.state.to_dict() == s.to_dict()
        rounds += s.round
        steps += len(actions)
        ends[end] += 1
    return count, rounds, steps, ends


def run(players: int, games: int, first: int, chunk: int, check_every: int, replay_every: int):
    start = time.perf_counter()
    with Pool(2) as pool:
        parts = pool.map(_chunk, [(players, first + k * chunk, chunk, check_every, replay_every)
                                  for k in range(games // chunk)])
    done = sum(p[0] for p in parts)
    ends = sum((p[3] for p in parts), Counter())
    return done, sum(p[1] for p in parts), sum(p[2] for p in parts), ends, time.perf_counter() - start


@pytest.mark.property
@pytest.mark.parametrize("players", [2, 3, 4])
def test_random_games_keep_every_invariant(players):
    """1000 games per player count, half of them with the customer queue (5-10 s each on 2 cores): invariants
    every 4 steps and at the end, a round trip every 97 steps, every 10th game replayed from its record."""
    done, rounds, _, ends, _ = run(players, GAMES_PER_COUNT, 100_000 * players, 100, 4, 10)
    assert done == GAMES_PER_COUNT
    assert sum(ends.values()) == GAMES_PER_COUNT and ends["portobello.end.last-stall"] > GAMES_PER_COUNT // 2
    assert 5 < rounds / done < 40


@pytest.mark.property
@pytest.mark.parametrize("players, queue, seed", [(2, False, 21), (3, True, 22), (4, False, 23), (4, True, 24)])
def test_every_step_checked_round_tripped_and_replayed(players, queue, seed):
    s, actions, end = random_game(seed, players, queue, check_every=1, round_trip_every=1)
    check_end(s, end)
    record = Record("portobello", seed=seed, options={"players": players, "customer_queue": queue}, actions=actions)
    assert record.state.to_dict() == s.to_dict()
    assert [x.to_dict() for x in record.replay()] == [x.to_dict() for x in record.states]


@pytest.mark.property
def test_the_same_seed_gives_the_same_game():
    a, actions_a, _ = random_game(2007, 3)
    b, actions_b, _ = random_game(2007, 3)
    assert actions_a == actions_b and a.to_dict() == b.to_dict()
    _, actions_c, _ = random_game(2008, 3)
    assert actions_c != actions_a


@pytest.mark.slow
@pytest.mark.property
@pytest.mark.parametrize("players", [2, 3, 4])
def test_soak_ten_thousand_games(players):
    done, rounds, steps, ends, seconds = run(players, SOAK_GAMES_PER_COUNT, 1_000_000 * players, 500, 1, 5)
    assert done == SOAK_GAMES_PER_COUNT
    share = ", ".join(f"{rule.rsplit('.', 1)[1]} {n}" for rule, n in ends.most_common())
    print(f"\nPortobello soak, {players} players: {done} games (half with the customer queue), "
          f"{rounds / done:.2f} rounds and {steps / done:.0f} actions per game on average; ends: {share}; "
          f"{seconds:.1f} s ({done / seconds:.0f} games/s on 2 processes)")


# ---- hypothesis: rows of stalls -----------------------------------------------------------------------------------
@st.composite
def rows(draw, spaces: tuple[int, int] = (2, 6)) -> list[int | None]:
    """A lane's row as play builds it: 2-6 spaces, a block of stalls touching one end."""
    n = draw(st.integers(*spaces))
    built = draw(st.integers(0, n))
    owners = draw(st.lists(st.integers(0, 3), min_size=built, max_size=built))
    row = owners + [None] * (n - built)
    return row[::-1] if draw(st.booleans()) else row


def _pattern(row) -> str:
    return "".join("x" if o is not None else "." for o in row)


@pytest.mark.property
@settings(max_examples=400, deadline=None)
@given(row=st.lists(st.one_of(st.none(), st.integers(0, 3)), min_size=2, max_size=6))
def test_is_row_means_one_block_touching_an_end(row):
    assert is_row(row) == bool(re.fullmatch(r"x*\.*|\.*x*", _pattern(row)))


@pytest.mark.property
@settings(max_examples=400, deadline=None)
@given(row=rows())
def test_next_spaces_are_exactly_the_free_spaces_that_keep_a_row(row):
    """Seed p. 2: the first stall at either end, every later one beside the row, from the end where it began."""
    assert is_row(row)
    keeps = tuple(k for k in range(len(row)) if row[k] is None and is_row(row[:k] + [0] + row[k + 1:]))
    assert next_spaces(row) == keeps
    if all(o is None for o in row):
        assert next_spaces(row) == (0, len(row) - 1)
    elif None in row:
        assert len(next_spaces(row)) == 1
    else:
        assert next_spaces(row) == ()


@pytest.mark.property
@settings(max_examples=200, deadline=None)
@given(n=st.integers(2, 6), first=st.sampled_from([0, -1]), owners=st.lists(st.integers(0, 3), min_size=6,
                                                                                max_size=6))
def test_a_lane_fills_in_order_from_the_end_chosen_first(n, first, owners):
    row: list[int | None] = [None] * n
    order = []
    for step in range(n):
        spaces = next_spaces(row)
        k = spaces[first] if step == 0 else spaces[0]
        row[k] = owners[step]
        order.append(k)
        assert is_row(row)
    assert next_spaces(row) == ()
    assert order == (list(range(n)) if first == 0 else list(range(n - 1, -1, -1)))


# ---- hypothesis: tolls ---------------------------------------------------------------------------------------------
BASE = new_game(players=4, seed=1).apply("bobby d1").apply("act 2")


@pytest.mark.property
@settings(max_examples=400, deadline=None)
@given(row=rows(spaces=(5, 5)), mover=st.integers(0, 3), score=st.integers(0, 5))
def test_the_toll_is_zero_exactly_when_the_mover_alone_has_the_majority(row, mover, score):
    """Seed p. 3, DECISIONS Portobello 3: nothing if the mover alone has the most stalls; 1 point to nobody on an
    empty lane or a shared majority; else 1 point to each player with the most stalls. Lane b lies between d1 and
    d4, so the move is offered exactly when the toll is within the mover's score."""
    stalls = list(BASE.stalls)
    stalls[BASE.layout.lane["b"]] = tuple(row)
    s = BASE.replace(stalls=tuple(stalls), active=mover).with_seat(mover, tolls=score - 10)
    paid, to = s.toll("b")
    counts = Counter(o for o in row if o is not None)
    most = max(counts.values(), default=0)
    holders = sorted(k for k, c in counts.items() if c == most)
    assert (paid == 0) == (holders == [mover])
    assert mover not in to and all(counts[k] == most for k in to)
    if not counts or (mover in holders and len(holders) > 1):
        assert (paid, to) == (1, ())
    elif mover not in holders:
        assert paid == len(to) == len(holders) and list(to) == holders
    assert (paid <= score) == (s.parse_action("bobby d4") in s.legal_actions())
    if paid <= score:
        after = s.apply("bobby d4")
        assert after.seats[mover].score == score - paid
        assert [after.seats[k].score - s.seats[k].score for k in to] == [1] * len(to)


@pytest.mark.property
def test_the_cheapest_route_costs_what_it_says_and_nothing_is_cheaper():
    """``cheapest_route`` (bobby moves, seed p. 2-3): following the route one crossing at a time costs exactly
    the toll it reports, and a plain Dijkstra over the tolls finds no cheaper affordable route (and no route
    where it finds none)."""
    import heapq

    from explorer.portobello import cheapest_route
    from explorer.portobello.actions import MoveBobby

    checked = 0
    for seed in range(12):
        chooser, s = random.Random(seed), new_game(players=2 + seed % 3, seed=seed)
        while not s.is_terminal:
            if s.phase == "actions" and chooser.random() < 0.1:
                me, budget = s.active, s.seats[s.active].score
                best, heap = {s.bobby: 0}, [(0, s.bobby)]
                while heap:
                    cost, here = heapq.heappop(heap)
                    for there, lane in s.board.neighbours(here):
                        step = cost + s.toll(lane, me)[0]
                        if step <= budget and step < best.get(there, budget + 1):
                            best[there] = step
                            heapq.heappush(heap, (step, there))
                for destination in s.board.districts:
                    route = cheapest_route(s, destination)
                    assert (route is None) == (destination not in best)
                    if route is None:
                        continue
                    path, cost = route
                    assert cost == best[destination]
                    t = s
                    for district in path:
                        t = t.apply(MoveBobby(district))
                    assert t.bobby == destination and t.seats[me].score == budget - cost
                    checked += 1
            s = s.apply(s.sample_chance() if s.is_chance_node else chooser.choice(s.legal_actions()))
    assert checked > 500
