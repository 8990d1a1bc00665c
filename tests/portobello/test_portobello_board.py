"""The shipped Portobello board against DECISIONS.md Portobello 1 and the rulebook (seed 001), and user boards.

One test per constraint. The shipped board is a reconstruction (DECISIONS Portobello 1): these tests are what
"satisfies every fact the rules state" means in practice. The second half checks ``Board.from_dict`` /
``Board.from_file`` with a user's own board: a round trip, and every problem of a broken copy listed at once.
"""

from __future__ import annotations

import itertools
import math
from collections import Counter

import networkx as nx
import pytest

import explorer.portobello
from explorer.core import GAMES, game_module
from explorer.portobello.board import DATA, Board

BOARD = Board.default()

MULTIPLIER = {("servant", "servant"): 1, ("citizen", "servant"): 2, ("citizen", "citizen"): 3,
              ("lord", "servant"): 3, ("citizen", "lord"): 4}
"""Lane-scoring multipliers by the pair of customers at the lane's ends (seed p. 3)."""


def _pos(square: str) -> tuple[float, float]:
    return BOARD.squares[square].pos


def _orient(p, q, r) -> float:
    return (q[0] - p[0]) * (r[1] - p[1]) - (q[1] - p[1]) * (r[0] - p[0])


def _inside(point, a, b, c) -> bool:
    signs = [_orient(a, b, point), _orient(b, c, point), _orient(c, a, point)]
    return all(s > 0 for s in signs) or all(s < 0 for s in signs)


def _segments_meet(p1, p2, q1, q2) -> bool:
    """True if the closed segments ``p1 p2`` and ``q1 q2`` have a point in common."""
    def on(p, q, r):
        return min(p[0], q[0]) <= r[0] <= max(p[0], q[0]) and min(p[1], q[1]) <= r[1] <= max(p[1], q[1])

    d1, d2, d3, d4 = _orient(q1, q2, p1), _orient(q1, q2, p2), _orient(p1, p2, q1), _orient(p1, p2, q2)
    if d1 * d2 < 0 and d3 * d4 < 0:
        return True
    return any(d == 0 and on(a, b, r) for d, a, b, r in
               ((d1, q1, q2, p1), (d2, q1, q2, p2), (d3, p1, p2, q1), (d4, p1, p2, q2)))


def _distance_to_lane(point, lane: str) -> float:
    (x1, y1), (x2, y2) = (_pos(s) for s in BOARD.lanes[lane].ends)
    along = (point[0] - x1) * (x2 - x1) + (point[1] - y1) * (y2 - y1)
    t = max(0.0, min(1.0, along / ((x2 - x1) ** 2 + (y2 - y1) ** 2)))
    return math.dist(point, (x1 + (x2 - x1) * t, y1 + (y2 - y1) * t))


def _from_each_end(lane: str, k: int) -> list[tuple[int, ...]]:
    """The values of the first ``k`` spaces counted from each end of ``lane`` (stalls are built contiguously
    from one end, seed p. 2)."""
    values = BOARD.lanes[lane].values
    return [values[:k], values[::-1][:k]]


# ---- DECISIONS Portobello 1: the board reconstruction -------------------------------------------------------------
def test_eleven_squares_eight_on_the_rim_and_three_inside():
    assert len(BOARD.squares) == 11
    assert sorted(s.id for s in BOARD.squares.values() if s.rim) == ["s1", "s2", "s3", "s4", "s5", "s6", "s7", "s8"]
    assert sorted(s.id for s in BOARD.squares.values() if not s.rim) == ["s10", "s11", "s9"]


def test_twenty_two_lanes_eight_on_the_rim_and_fourteen_inside():
    assert len(BOARD.lanes) == 22
    rim = [lane for lane in BOARD.lanes if BOARD.is_rim(lane)]
    assert rim == ["f", "g", "i", "k", "n", "p", "r", "u"]
    assert len(BOARD.lanes) - len(rim) == 14
    for lane in rim:
        assert all(BOARD.squares[s].rim for s in BOARD.lanes[lane].ends), lane


def test_lanes_are_named_by_letters_a_to_v():
    assert list(BOARD.lanes) == list("abcdefghijklmnopqrstuv")


def test_every_lane_joins_two_different_squares_and_each_pair_at_most_once():
    pairs = [frozenset(lane.ends) for lane in BOARD.lanes.values()]
    assert all(len(p) == 2 and p <= set(BOARD.squares) for p in pairs)
    assert len(set(pairs)) == len(pairs)


def test_ids_are_unique_across_squares_lanes_and_districts():
    ids = [*BOARD.squares, *BOARD.lanes, *BOARD.districts]
    assert len(ids) == len(set(ids)) == 11 + 22 + 12


def test_twelve_districts_each_a_triangle_of_three_lanes():
    assert len(BOARD.districts) == 12
    for d in BOARD.districts.values():
        assert len(d.lanes) == len(set(d.lanes)) == 3, d.id
        ends = Counter(end for lane in d.lanes for end in BOARD.lanes[lane].ends)
        assert sorted(ends.values()) == [2, 2, 2], d.id
        assert d.squares == tuple(sorted(ends)), d.id
        assert BOARD.lanes_of(d.id) == d.lanes


def test_every_lane_bounds_one_district_on_the_rim_or_two_inside():
    for lane in BOARD.lanes:
        expected = 1 if BOARD.is_rim(lane) else 2
        assert len(BOARD.districts_of(lane)) == expected, lane
        assert all(lane in BOARD.lanes_of(d) for d in BOARD.districts_of(lane))
    assert sum(len(BOARD.districts_of(lane)) for lane in BOARD.lanes) == 3 * 12


def test_no_two_districts_have_the_same_lanes():
    assert len({frozenset(d.lanes) for d in BOARD.districts.values()}) == 12


def test_euler_formula_holds_with_the_outer_face():
    assert len(BOARD.squares) - len(BOARD.lanes) + (len(BOARD.districts) + 1) == 2


def test_the_rim_lanes_form_one_ring_through_the_rim_squares():
    ring = nx.Graph([BOARD.lanes[lane].ends for lane in BOARD.lanes if BOARD.is_rim(lane)])
    assert set(ring.nodes) == {s for s in BOARD.squares if BOARD.squares[s].rim}
    assert nx.is_connected(ring) and all(deg == 2 for _, deg in ring.degree)
    assert nx.cycle_basis(ring) and len(nx.cycle_basis(ring)) == 1


def test_the_lanes_form_a_planar_connected_graph():
    graph = nx.Graph([lane.ends for lane in BOARD.lanes.values()])
    assert nx.is_connected(graph) and graph.number_of_nodes() == 11
    assert nx.check_planarity(graph)[0]
    # a triangulated disk: every square is a corner of some district, so it lies on at least 3 lanes
    assert all(len(BOARD.lanes_at(s)) >= 3 for s in BOARD.squares)


def test_lanes_have_two_to_six_spaces_each_worth_one_to_three_points():
    for lane in BOARD.lanes.values():
        assert 2 <= lane.spaces <= 6, lane.id
        assert set(lane.values) <= {1, 2, 3}, lane.id
    assert {v for lane in BOARD.lanes.values() for v in lane.values} == {1, 2, 3}
    assert {lane.spaces for lane in BOARD.lanes.values()} == {2, 3, 4, 5, 6}


def test_at_least_80_stall_spaces_in_all():
    assert sum(lane.spaces for lane in BOARD.lanes.values()) == 90
    assert Counter(lane.spaces for lane in BOARD.lanes.values()) == Counter({2: 2, 3: 4, 4: 8, 5: 6, 6: 2})
    assert sum(lane.points for lane in BOARD.lanes.values()) == 165


def test_some_lanes_are_richer_at_the_ends_and_some_in_the_middle():
    def ends_vs_middle(lane) -> float:
        v = lane.values
        return (v[0] + v[-1]) / 2 - sum(v[1:-1]) / len(v[1:-1])

    long_lanes = [lane for lane in BOARD.lanes.values() if lane.spaces >= 3]
    richer_at_ends = sorted(lane.id for lane in long_lanes if ends_vs_middle(lane) > 0)
    richer_in_middle = sorted(lane.id for lane in long_lanes if ends_vs_middle(lane) < 0)
    assert len(richer_at_ends) >= 5 and len(richer_in_middle) >= 5
    assert {"c", "k", "p", "t"} <= set(richer_at_ends)
    assert {"e", "f", "m", "q"} <= set(richer_in_middle)


@pytest.mark.parametrize("lane", ["k", "m"])
def test_a_six_space_lane_worth_12_holds_the_lane_scoring_example(lane):
    # seed p. 3: servant and citizen at the ends (x2); red 3+2+1 -> 12, green 1+3 -> 8, blue 2 -> 4
    values = BOARD.lanes[lane].values
    assert len(values) == 6 and sum(values) == 12
    owners = ("red", "red", "red", "green", "green", "blue")
    wanted = {"red": [1, 2, 3], "green": [1, 3], "blue": [2]}
    layouts = {layout for layout in itertools.permutations(owners)
               if all(sorted(v for v, o in zip(values, layout) if o == who) == vs for who, vs in wanted.items())}
    assert layouts
    layout = min(layouts)
    scores = {who: sum(v for v, o in zip(values, layout) if o == who) * MULTIPLIER[("citizen", "servant")]
              for who in wanted}
    assert scores == {"red": 12, "green": 8, "blue": 4}


def test_lord_example_lanes_b_and_c_meet_at_a_square_where_the_lord_can_stand():
    # seed p. 4: lanes a, b, c leave the Lord; b: red 9 = 3 x 3 and yellow 9 = (1+2) x 3; c: green 16 =
    # (3+1) x 4 and yellow 4 = 1 x 4. Both are unfinished, built from one end.
    (lord,) = set(BOARD.lanes["b"].ends) & set(BOARD.lanes["c"].ends)
    assert lord == "s10"
    assert {"b", "c"} <= set(BOARD.lanes_at(lord))
    assert BOARD.spaces("b") > 3 and BOARD.spaces("c") > 3  # 3 stalls do not fill them
    b_start = next(v for v in _from_each_end("b", 3) if sorted(v) == [1, 2, 3])
    c_start = next(v for v in _from_each_end("c", 3) if sorted(v) == [1, 1, 3])
    red_b, yellow_b = [3], sorted(b_start)[:2]
    green_c, yellow_c = [3, 1], [1]
    assert sorted(red_b + yellow_b) == sorted(b_start) and sorted(green_c + yellow_c) == sorted(c_start)
    lord_servant, lord_citizen = MULTIPLIER[("lord", "servant")], MULTIPLIER[("citizen", "lord")]
    assert (sum(red_b) * lord_servant, sum(yellow_b) * lord_servant) == (9, 9)
    assert (sum(green_c) * lord_citizen, sum(yellow_c) * lord_citizen) == (16, 4)


def test_bobby_example_lanes_a_b_c_then_c_d_e_across_lane_c():
    # seed p. 2: the bobby's district is bounded by a, b, c; moved across c it may build on c, d, e
    assert BOARD.lanes_of("d1") == ("a", "b", "c")
    assert ("d2", "c") in BOARD.neighbours("d1")
    assert BOARD.lanes_of("d2") == ("c", "d", "e")


def test_neighbours_are_the_districts_across_each_lane():
    for d in BOARD.districts:
        pairs = BOARD.neighbours(d)
        assert [lane for _, lane in sorted(pairs, key=lambda p: p[1])] == sorted(
            lane for lane in BOARD.lanes_of(d) if not BOARD.is_rim(lane))
        for other, lane in pairs:
            assert (d, lane) in BOARD.neighbours(other)
            assert set(BOARD.districts_of(lane)) == {d, other}
    graph = nx.Graph((d, other) for d in BOARD.districts for other, _ in BOARD.neighbours(d))
    assert nx.is_connected(graph) and graph.number_of_nodes() == 12  # the bobby can reach every district


def test_lanes_at_a_square_are_the_lanes_ending_there():
    for s in BOARD.squares:
        assert BOARD.lanes_at(s) == tuple(lane.id for lane in BOARD.lanes.values() if s in lane.ends)
    assert BOARD.lanes_at("s10") == ("b", "c", "d", "h", "j", "l")
    assert sum(len(BOARD.lanes_at(s)) for s in BOARD.squares) == 2 * 22
    assert BOARD.lane_between("s10", "s9") == BOARD.lane_between("s9", "s10") == "c"
    assert BOARD.lane_between("s1", "s5") is None
    assert BOARD.lanes["c"].other_end("s9") == "s10"
    with pytest.raises(KeyError):
        BOARD.lanes["c"].other_end("s1")


def test_spaces_and_values_from_the_from_end():
    assert BOARD.lanes["k"].ends == ("s4", "s5")
    assert [BOARD.value("k", i) for i in range(BOARD.spaces("k"))] == [3, 2, 1, 1, 2, 3]
    assert BOARD.spaces("o") == 2 and BOARD.spaces("m") == 6
    for bad in (-1, 6):
        with pytest.raises(IndexError) as info:
            BOARD.value("k", bad)
        assert info.value.args[0] == f"lane k has spaces 0 to 5, not {bad}"
    with pytest.raises(KeyError):
        BOARD.value("z", 0)
    with pytest.raises(KeyError):
        BOARD.lanes_of("d13")


def test_no_two_lanes_cross():
    lanes = list(BOARD.lanes.values())
    crossing = []
    for one, other in itertools.combinations(lanes, 2):
        if set(one.ends) & set(other.ends):
            continue
        if _segments_meet(_pos(one.ends[0]), _pos(one.ends[1]), _pos(other.ends[0]), _pos(other.ends[1])):
            crossing.append((one.id, other.id))
    assert crossing == []
    # and no lane runs close past a square it does not end at
    assert min(_distance_to_lane(_pos(s), lane.id) for lane in lanes for s in BOARD.squares
               if s not in lane.ends) > 40


def test_each_bobby_spot_lies_inside_its_district_and_no_square_does():
    for d in BOARD.districts.values():
        corners = [_pos(s) for s in d.squares]
        assert _inside(d.bobby, *corners), d.id
        assert [s for s in BOARD.squares if s not in d.squares and _inside(_pos(s), *corners)] == [], d.id


def test_everything_is_drawn_on_the_map_with_room_for_each_stall():
    points = [s.pos for s in BOARD.squares.values()] + [d.bobby for d in BOARD.districts.values()]
    assert all(0 <= x <= BOARD.width and 0 <= y <= BOARD.height for x, y in points)
    spaces = [(lane, k, BOARD.space_pos(lane, k)) for lane in BOARD.lanes for k in range(BOARD.spaces(lane))]
    assert BOARD.space_pos("k", 0) == (815 + (585 - 815) / 7, 400 + (670 - 400) / 7)
    # spaces of a lane 45+ map units apart and from every square; spaces of different lanes 35+ apart
    assert min(math.dist(p, _pos(s)) for _, _, p in spaces for s in BOARD.squares) >= 45
    for (l1, _, p1), (l2, _, p2) in itertools.combinations(spaces, 2):
        assert math.dist(p1, p2) >= (45 if l1 == l2 else 35), (l1, l2)


def test_squares_and_lanes_have_display_names():
    assert len({s.name for s in BOARD.squares.values()}) == 11
    assert len({lane.name for lane in BOARD.lanes.values()}) == 22
    assert BOARD.lanes["b"].name == "Portobello Road"
    assert BOARD.squares["s10"].name == "All Saints Square"


def test_the_board_says_it_is_a_reconstruction():
    assert BOARD.reconstruction == "Reconstructed from the rules; not the printed board."
    assert BOARD.name == "Portobello Market (reconstruction)"
    text = (DATA / "board.yaml").read_text(encoding="utf-8")
    assert "# RECONSTRUCTION: no public transcription of the printed board exists." in text
    assert "reconstruction:" in text
    assert "reconstruction" in explorer.portobello.__doc__


def test_the_engine_is_registered_as_ready():
    assert "new_game" in explorer.portobello.__all__
    assert GAMES["portobello"].is_ready is True
    assert game_module("portobello") is explorer.portobello
