"""The shipped Portobello board against DECISIONS.md Portobello 1 and the rulebook (seed 001), and user boards.

One test per constraint. The shipped board is a reconstruction (DECISIONS Portobello 1): these tests are what
"satisfies every fact the rules state" means in practice. The second half checks ``Board.from_dict`` /
``Board.from_file`` with a user's own board: a round trip, and every problem of a broken copy listed at once.
"""

from __future__ import annotations

import copy
import itertools
import math
from collections import Counter
from pathlib import Path

import networkx as nx
import pytest
import yaml

import explorer.portobello
from explorer.core import GAMES, GameNotReady, InvalidData, game_module
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


def test_the_game_stays_in_preparation():
    assert explorer.portobello.__all__ == ["Board"]
    assert not hasattr(explorer.portobello, "new_game")
    assert GAMES["portobello"].is_ready is False
    with pytest.raises(GameNotReady):
        game_module("portobello")


# ---- a user's own board: Board.from_dict / Board.from_file ----------------------------------------------------------
def _data() -> dict:
    return copy.deepcopy(BOARD.to_dict())


def _at(data: dict, kind: str, key: str) -> dict:
    return next(item for item in data[kind] if item["id"] == key)


def _board(points: dict[str, tuple[float, float]], *, rim: set[str], lanes: list[tuple[str, str]],
           spaces: int) -> dict:
    """Board data from squares and lanes; the districts are the empty triangles the lanes make."""
    ids = [chr(ord("a") + k) for k in range(len(lanes))]
    joined = {frozenset(e): i for i, e in zip(ids, lanes)}
    districts = []
    for trio in itertools.combinations(points, 3):
        sides = [joined.get(frozenset(pair)) for pair in itertools.combinations(trio, 2)]
        corners = [points[s] for s in trio]
        if None in sides or any(_inside(points[s], *corners) for s in points if s not in trio):
            continue
        bobby = [sum(x for x, _ in corners) / 3, sum(y for _, y in corners) / 3]
        districts.append({"id": f"d{len(districts) + 1}", "lanes": sides, "bobby": bobby})
    return {"format": "portobello-board", "format_version": 1, "name": "test", "map": {"width": 1000, "height": 1000},
            "squares": [{"id": s, "name": s.upper(), "pos": list(p), "rim": s in rim} for s, p in points.items()],
            "lanes": [{"id": i, "name": i.upper(), "from": a, "to": b, "values": [1, 2, 3, 2, 1, 3][:spaces]}
                      for i, (a, b) in zip(ids, lanes)],
            "districts": districts}


def _greedy_lanes(points: dict[str, tuple[float, float]], fixed: list[tuple[str, str]]) -> list[tuple[str, str]]:
    """A triangulation: the ``fixed`` lanes, then every shorter lane first that crosses none so far."""
    lanes = list(fixed)
    for a, b in sorted(itertools.combinations(points, 2), key=lambda e: math.dist(points[e[0]], points[e[1]])):
        if {a, b} in [set(e) for e in lanes]:
            continue
        if all(set(e) & {a, b} or not _segments_meet(points[a], points[b], points[e[0]], points[e[1]])
               for e in lanes):
            lanes.append((a, b))
    return lanes


def test_from_dict_round_trips_the_shipped_board():
    again = Board.from_dict(BOARD.to_dict())
    assert dict(again.squares) == dict(BOARD.squares)
    assert dict(again.lanes) == dict(BOARD.lanes)
    assert dict(again.districts) == dict(BOARD.districts)
    assert (again.name, again.reconstruction, again.width, again.height) == (
        BOARD.name, BOARD.reconstruction, BOARD.width, BOARD.height)
    assert again.to_dict() == BOARD.to_dict()
    assert all(again.neighbours(d) == BOARD.neighbours(d) for d in BOARD.districts)
    assert all(again.districts_of(lane) == BOARD.districts_of(lane) for lane in BOARD.lanes)
    assert all(again.lanes_at(s) == BOARD.lanes_at(s) for s in BOARD.squares)


def test_from_file_reads_a_users_board_copy(tmp_path: Path):
    path = tmp_path / "my-board.yaml"
    path.write_text((DATA / "board.yaml").read_text(encoding="utf-8"), encoding="utf-8")
    mine = Board.from_file(path)
    assert mine.to_dict() == BOARD.to_dict()
    assert mine is not BOARD and Board.default() is BOARD


def _seven_spaces(d):
    _at(d, "lanes", "k")["values"].append(1)


def _one_space(d):
    _at(d, "lanes", "o")["values"] = [2]


def _spaces_worth_zero_and_four(d):
    _at(d, "lanes", "b")["values"] = [3, 0, 2, 4, 3]


def _unknown_square(d):
    _at(d, "lanes", "a")["to"] = "s12"


def _lane_to_itself(d):
    _at(d, "lanes", "a")["to"] = "s9"


def _second_lane_between_two_squares(d):
    d["lanes"].append({"id": "w", "name": "Extra Lane", "from": "s10", "to": "s9", "values": [1, 2]})


def _id_used_by_a_lane_and_a_district(d):
    _at(d, "districts", "d12")["id"] = "a"


def _district_with_two_lanes(d):
    _at(d, "districts", "d12")["lanes"] = ["t", "u"]


def _district_with_an_unknown_lane(d):
    _at(d, "districts", "d12")["lanes"] = ["t", "u", "z"]


def _district_with_a_lane_twice(d):
    _at(d, "districts", "d12")["lanes"] = ["t", "u", "u"]


def _district_not_a_triangle(d):
    _at(d, "districts", "d1")["lanes"] = ["a", "b", "d"]


def _district_twice(d):
    d["districts"].append(dict(copy.deepcopy(_at(d, "districts", "d1")), id="d13"))


def _bobby_in_the_wrong_district(d):
    _at(d, "districts", "d1")["bobby"] = list(_at(d, "districts", "d2")["bobby"])


def _off_the_map(d):
    _at(d, "squares", "s4")["pos"] = [870.0, 400.0]
    _at(d, "districts", "d6")["bobby"] = [700.0, -5.0]


def _inside_square_marked_rim(d):
    _at(d, "squares", "s9")["rim"] = True


def _rim_square_marked_inside(d):
    _at(d, "squares", "s1")["rim"] = False


def _seventy_nine_spaces(d):
    for lane in "kmb":
        _at(d, "lanes", lane)["values"] = [2, 2]


def _square_moved_across_lanes(d):
    _at(d, "squares", "s9")["pos"] = [600.0, 250.0]


def _square_on_a_lane(d):
    _at(d, "squares", "s9")["pos"] = [550.0, 210.0]  # the middle of lane b (s10 - s2)


def _values_not_numbers(d):
    _at(d, "lanes", "a")["values"][1] = "two"


def _from_missing(d):
    del _at(d, "lanes", "a")["from"]


def _unknown_field(d):
    d["colour"] = "red"


BROKEN = [
    (_seven_spaces, ["lanes[10] (k): a lane has 2 to 6 stall spaces, got 7"]),
    (_one_space, ["lanes[14] (o): a lane has 2 to 6 stall spaces, got 1"]),
    (_spaces_worth_zero_and_four, ["lanes[1] (b): space 1 is worth 0; spaces are worth 1, 2 or 3 points",
                                   "lanes[1] (b): space 3 is worth 4; spaces are worth 1, 2 or 3 points"]),
    (_unknown_square, ["lanes[0] (a): unknown square 's12'"]),
    (_lane_to_itself, ["lanes[0] (a): a lane joins two different squares, got s9 at both ends"]),
    (_second_lane_between_two_squares, [
        "lanes[22] (w): squares s10 and s9 are already joined by lane c",
        "lanes[22] (w): a lane bounds 1 district (on the rim) or 2, this one bounds 0",
        "lanes: expected 22, got 23"]),
    (_id_used_by_a_lane_and_a_district, ["districts[11].id: 'a' is used twice"]),
    (_district_with_two_lanes, [
        "districts[11] (d12): a district is bounded by exactly 3 lanes, got 2",
        "lanes[20] (u): a lane bounds 1 district (on the rim) or 2, this one bounds 0"]),
    (_district_with_an_unknown_lane, [
        "districts[11] (d12): unknown lane 'z'",
        "lanes[20] (u): a lane bounds 1 district (on the rim) or 2, this one bounds 0"]),
    (_district_with_a_lane_twice, [
        "districts[11] (d12): lane u is listed 2 times",
        "lanes[20] (u): a lane bounds 1 district (on the rim) or 2, this one bounds 0"]),
    (_district_not_a_triangle, [
        "districts[0] (d1): lanes a, b, d do not form a triangle (they reach squares s10, s11, s2, s9)",
        "lanes[3] (d): a lane bounds 1 district (on the rim) or 2, this one bounds 3"]),
    (_district_twice, [
        "districts[12] (d13): bounded by the same lanes as d1",
        "lanes[0] (a): a lane bounds 1 district (on the rim) or 2, this one bounds 3",
        "lanes[1] (b): a lane bounds 1 district (on the rim) or 2, this one bounds 3",
        "lanes[2] (c): a lane bounds 1 district (on the rim) or 2, this one bounds 3",
        "districts: expected 12, got 13"]),
    (_bobby_in_the_wrong_district, ["districts[0] (d1): bobby spot [420, 357] is not inside the district"]),
    (_off_the_map, ["squares[3] (s4): position [870, 400] is off the map (860 x 730)",
                    "districts[5] (d6): bobby spot [700, -5] is off the map (860 x 730)",
                    "districts[5] (d6): bobby spot [700, -5] is not inside the district"]),
    (_inside_square_marked_rim, [
        "squares[8] (s9): marked rim, but no rim lane (bounding one district) ends here",
        "squares: expected 8 on the rim and 3 inside, got 9 and 2"]),
    (_rim_square_marked_inside, [
        "squares[0] (s1): marked inside, but rim lane f ends here",
        "squares: expected 8 on the rim and 3 inside, got 7 and 4"]),
    (_seventy_nine_spaces, ["lanes: expected at least 80 stall spaces in all, got 79"]),
    (_square_moved_across_lanes, [
        "districts[0] (d1): bobby spot [485, 222] is not inside the district",
        "districts[1] (d2): bobby spot [420, 357] is not inside the district",
        "districts[3] (d4): square s9 lies inside it (a district is an empty triangle)",
        "lanes: lanes b and e cross", "lanes: lanes b and t cross", "lanes: lanes b and v cross"]),
    (_square_on_a_lane, [
        "districts[0] (d1): bobby spot [485, 222] is not inside the district",
        "districts[1] (d2): bobby spot [420, 357] is not inside the district",
        "lanes: lane b passes over square s9"]),
    (_values_not_numbers, ["lanes[0].values[1]: input should be a valid integer (got 'two')"]),
    (_from_missing, ["lanes[0].from: required field is missing"]),
    (_unknown_field, ["colour: unknown field (not part of this format)"]),
]
"""A broken copy of the shipped board, and exactly the problems ``Board.from_dict`` lists for it."""


@pytest.mark.parametrize("break_it, problems", BROKEN, ids=[f.__name__.strip("_") for f, _ in BROKEN])
def test_from_dict_names_each_problem_of_a_broken_board(break_it, problems):
    data = _data()
    break_it(data)
    with pytest.raises(InvalidData) as info:
        Board.from_dict(data)
    assert info.value.what == "Portobello board"
    assert list(info.value.problems) == problems


def test_a_small_triangulation_breaks_only_the_counts():
    # a triangle with one square inside: a sound board, but not Portobello's 11 / 22 / 12
    points = {"p": (100, 100), "q": (900, 100), "r": (500, 800), "x": (500, 350)}
    data = _board(points, rim={"p", "q", "r"}, lanes=_greedy_lanes(points, []), spaces=6)
    assert len(data["lanes"]) == 6 and len(data["districts"]) == 3
    with pytest.raises(InvalidData) as info:
        Board.from_dict(data)
    assert list(info.value.problems) == [
        "squares: expected 11, got 4",
        "squares: expected 8 on the rim and 3 inside, got 3 and 1",
        "lanes: expected 22, got 6",
        "lanes: expected 8 on the rim (bounding one district) and 14 inside, got 3 and 3",
        "districts: expected 12, got 3",
        "lanes: expected at least 80 stall spaces in all, got 36",
    ]


def test_a_board_with_a_hole_is_refused_although_every_count_is_right():
    # a pentagon around a triangular hole (no district) with a lone square in it: 11 squares, 22 lanes,
    # 12 districts, 5 + 3 = 8 rim lanes; but the squares fall apart and the rim is two rings
    ring = {f"o{k}": (500 + 450 * math.cos(2 * math.pi * k / 5 - 1.3), 500 + 450 * math.sin(2 * math.pi * k / 5 - 1.3))
            for k in range(5)}
    hole = {f"h{k}": (500 + 110 * math.cos(2 * math.pi * k / 3 + 0.4), 500 + 110 * math.sin(2 * math.pi * k / 3 + 0.4))
            for k in range(3)}
    points = {**ring, **hole, "x1": (330.0, 610.0), "x2": (690.0, 380.0), "z": (500.0, 500.0)}
    points = {k: (round(x, 1), round(y, 1)) for k, (x, y) in points.items()}
    lanes = _greedy_lanes({k: p for k, p in points.items() if k != "z"}, [("h0", "h1"), ("h1", "h2"), ("h2", "h0")])
    data = _board(points, rim=set(ring) | set(hole), lanes=lanes, spaces=4)
    assert (len(data["squares"]), len(data["lanes"]), len(data["districts"])) == (11, 22, 12)
    with pytest.raises(InvalidData) as info:
        Board.from_dict(data)
    assert list(info.value.problems) == [
        "lanes: the board falls apart; cut off: ['z']",
        "lanes: the rim lanes (each bounding one district) do not form one ring",
    ]


def test_from_dict_lists_every_problem_at_once():
    data = _data()
    for break_it in (_one_space, _unknown_square, _id_used_by_a_lane_and_a_district, _inside_square_marked_rim):
        break_it(data)
    with pytest.raises(InvalidData) as info:
        Board.from_dict(data, what="board file mine.yaml")
    assert info.value.what == "board file mine.yaml"
    assert list(info.value.problems) == [
        "districts[11].id: 'a' is used twice",
        "lanes[0] (a): unknown square 's12'",
        "lanes[14] (o): a lane has 2 to 6 stall spaces, got 1",
        "squares[8] (s9): marked rim, but no rim lane (bounding one district) ends here",
        "squares: expected 8 on the rim and 3 inside, got 9 and 2",
    ]
    assert str(info.value).startswith("board file mine.yaml is invalid (5 problems):\n")


def test_from_dict_refuses_what_is_not_a_board():
    with pytest.raises(InvalidData) as info:
        Board.from_dict([1, 2])
    assert len(info.value.problems) == 1
    assert info.value.problems[0].startswith("(top level): input should be a valid dictionary")
    assert info.value.problems[0].endswith("(got [1, 2])")


def test_from_file_on_bad_yaml_gives_invalid_data(tmp_path: Path):
    path = tmp_path / "board.yaml"
    path.write_text("format: portobello-board\nlanes: [\n  - id: x\n", encoding="utf-8")
    with pytest.raises(InvalidData) as info:
        Board.from_file(path)
    assert info.value.what == f"file {path}"
    assert list(info.value.problems) == [
        "not valid YAML: while parsing a flow node, expected the node content, but found '-' at line 3, column 3"]


def test_from_file_on_a_missing_file_gives_invalid_data(tmp_path: Path):
    path = tmp_path / "missing.yaml"
    with pytest.raises(InvalidData) as info:
        Board.from_file(path)
    assert info.value.what == f"file {path}"
    assert list(info.value.problems) == ["no such file"]


def test_from_file_on_a_yaml_board_that_does_not_validate(tmp_path: Path):
    data = _data()
    _seventy_nine_spaces(data)
    path = tmp_path / "board.yaml"
    path.write_text(yaml.safe_dump(data), encoding="utf-8")
    with pytest.raises(InvalidData) as info:
        Board.from_file(path)
    assert info.value.what == f"board file {path}"
    assert list(info.value.problems) == ["lanes: expected at least 80 stall spaces in all, got 79"]
