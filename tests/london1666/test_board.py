"""The shipped London board against DECISIONS.md London 1-2 and the rulebook (seed 000), and user boards.

One test per constraint. The shipped board is a reconstruction (DECISIONS London 1): these tests are what
"satisfies every fact the rules state" means in practice. The second half checks ``Board.from_dict`` /
``Board.from_file`` with a user's own board: a round trip, and every problem of a broken copy listed at once.
"""

from __future__ import annotations

import copy
import math
from collections import Counter
from pathlib import Path

import networkx as nx
import pytest
import yaml

from explorer.core import InvalidData
from explorer.london1666 import State, new_game, position
from explorer.london1666.board import DATA, REGIONS, Board, card_allows, opposite

BOARD = Board.default()

COMPASS = {"E": 0, "NE": 45, "N": 90, "NW": 135, "W": 180, "SW": 225, "S": 270, "SE": 315}
"""Compass bearings in degrees, counter-clockwise from east (y grows southwards on the map)."""

# Every district the rulebook names, in its own words, with the board's spelling where the Portuguese OCR
# text misspells it (p. 2 "st bottolphs", p. 6 "voyners hall", p. 7 "watlin street").
RULEBOOK_NAMES = {
    "Pudding Lane": "pudding-lane",          # p. 2, 3, 5
    "Sion College": "sion-college",          # p. 2 (example 1)
    "Moorgate": "moorgate",                  # p. 2 (example 1)
    "Brewer s Hall": "brewers-hall",         # p. 2 (example 1)
    "Cripplegate": "cripplegate",            # p. 2, 4
    "St Botolph's": "st-botolphs",           # p. 2, 4 ("st bottolphs")
    "Hounds Ditch": "hounds-ditch",          # p. 2, 4
    "Aldgate": "aldgate",                    # p. 3 (example 2)
    "Bethnal": "bethnal",                    # p. 3 (example 2)
    "The Tower": "the-tower",                # p. 3 ("a torre")
    "St Bennet": "st-bennet",                # p. 6 (example 3)
    "Guild Hall": "guild-hall",              # p. 6, 8, 9
    "Coleman Street": "coleman-street",      # p. 6, 7
    "St Mary": "st-mary",                    # p. 6
    "Tallow Hall": "tallow-hall",            # p. 6, 7
    "Cheapside": "cheapside",                # p. 6, 7
    "Bridgeward": "bridgeward",              # p. 6
    "Candlewick Ward": "candlewick-ward",    # p. 6
    "Pepys House": "pepys-house",            # p. 6
    "Vintners' Hall": "vintners-hall",       # p. 6 ("voyners hall")
    "Phillpott Lane": "phillpott-lane",      # p. 6
    "Billingsgate": "billingsgate",          # p. 6, 7
    "Bread Street": "bread-street",          # p. 7 (example 4)
    "Watling Street": "watling-street",      # p. 7 (example 4, "watlin street")
    "St Paul s": "st-pauls",                 # p. 10 (example 6)
}


def _inside(point: tuple[float, float], polygon: tuple[tuple[float, float], ...]) -> bool:
    """Ray casting: True if ``point`` lies strictly inside ``polygon``."""
    x, y = point
    inside = False
    for (x1, y1), (x2, y2) in zip(polygon, polygon[1:] + polygon[:1]):
        if (y1 > y) != (y2 > y) and x < x1 + (y - y1) * (x2 - x1) / (y2 - y1):
            inside = not inside
    return inside


def _bearing(a: str, b: str) -> float:
    """The compass bearing (degrees, counter-clockwise from east) of ``b``'s label seen from ``a``'s label."""
    (ax, ay), (bx, by) = BOARD.districts[a].label, BOARD.districts[b].label
    return math.degrees(math.atan2(ay - by, bx - ax)) % 360


def _houses_by_region(board: Board) -> dict[str, int]:
    return {r: sum(d.houses for d in board.districts.values() if d.region == r) for r in REGIONS}


# ---- DECISIONS London 1: the board reconstruction ----------------------------------------------------------------
def test_four_regions_with_thirty_house_icons_each():
    assert REGIONS == ("purple", "blue", "green", "orange")
    assert {d.region for d in BOARD.districts.values()} == set(REGIONS)
    assert _houses_by_region(BOARD) == {"purple": 30, "blue": 30, "green": 30, "orange": 30}
    assert sum(d.houses for d in BOARD.districts.values()) == 120


def test_districts_hold_one_to_five_house_icons_except_green_zones_and_pudding_lane():
    for d in BOARD.districts.values():
        if d.green_zone or d.id == "pudding-lane":
            assert d.houses == 0, d.id
        else:
            assert 1 <= d.houses <= 5, d.id
    assert sorted(d.id for d in BOARD.districts.values() if d.houses == 0) == [
        "artillery-ground", "drapers-garden", "finsbury-fields", "goodmans-fields", "moorfields",
        "pudding-lane", "smithfield", "spital-fields", "temple-gardens", "tower-hill"]


def test_green_zones_hold_no_houses():
    zones = sorted(d.id for d in BOARD.districts.values() if d.green_zone)
    assert zones == ["artillery-ground", "drapers-garden", "finsbury-fields", "goodmans-fields", "moorfields",
                     "smithfield", "spital-fields", "temple-gardens", "tower-hill"]
    assert all(BOARD.districts[z].houses == 0 for z in zones)


def test_pudding_lane_is_the_fire_start_in_the_green_region_without_houses():
    pudding = BOARD.districts[BOARD.by_name("Pudding Lane")]
    assert BOARD.start == "pudding-lane" == pudding.id
    assert pudding.region == "green"
    assert pudding.houses == 0
    assert pudding.green_zone is False
    assert pudding.token is False and pudding.objective is None and pudding.band_spot == ()


@pytest.mark.parametrize("players", [3, 4, 5, 6])
def test_pudding_lane_starts_with_25_cones(players):
    s = new_game(players=players, seed=1666)
    assert s.fire_at("pudding-lane") == 25
    assert s.supply == 75
    assert sum(s.fire) == 25
    assert s.houses_at("pudding-lane") == ()


def test_the_tower_is_in_the_orange_region():
    tower = BOARD.districts[BOARD.by_name("The Tower")]
    assert tower.id == "the-tower"
    assert tower.region == "orange"


def test_exactly_20_token_districts():
    tokens = [d for d in BOARD.districts.values() if d.token]
    assert len(tokens) == 20
    assert all(d.houses >= 1 and not d.green_zone for d in tokens)


def test_objectives_eight_each_of_2_4_6_on_districts_with_houses():
    objectives = [d for d in BOARD.districts.values() if d.objective is not None]
    assert Counter(d.objective for d in objectives) == Counter({2: 8, 4: 8, 6: 8})
    assert all(d.houses >= 1 and not d.green_zone for d in objectives)


def test_no_district_has_both_a_yellow_and_a_red_name():
    assert [d.id for d in BOARD.districts.values() if d.token and d.objective is not None] == []


def test_fixed_trained_band_spots_cripplegate_hounds_ditch_st_botolphs():
    spots = {d.id: d.band_spot for d in BOARD.districts.values() if d.band_spot}
    assert spots == {"cripplegate": (5,), "st-botolphs": (4,), "hounds-ditch": (4,)}
    assert {d: BOARD.districts[d].region for d in spots} == {
        "cripplegate": "blue", "st-botolphs": "blue", "hounds-ditch": "orange"}


@pytest.mark.parametrize("players, expected", [
    (3, {}),
    (4, {"hounds-ditch": 1, "st-botolphs": 1}),
    (5, {"cripplegate": 1}),
    (6, {}),
])
def test_fixed_trained_bands_are_placed_for_4_and_5_players(players, expected):
    s = new_game(players=players, seed=7)
    assert s.phase == "bands"
    assert {d: s.bands_at(d) for d in BOARD.ids if s.bands_at(d)} == expected


def test_aldgate_4_houses_bethnal_1_guild_hall_4_with_cap_6():
    aldgate = BOARD.districts[BOARD.by_name("Aldgate")]
    bethnal = BOARD.districts[BOARD.by_name("Bethnal")]
    guild = BOARD.districts[BOARD.by_name("Guild Hall")]
    assert (aldgate.houses, bethnal.houses, guild.houses) == (4, 1, 4)
    assert guild.fire_cap == 6
    # seed p. 9: "a district with 3 houses can have up to 5 fire cones"
    assert BOARD.districts["moorgate"].houses == 3 and BOARD.districts["moorgate"].fire_cap == 5


@pytest.mark.parametrize("name, district", sorted(RULEBOOK_NAMES.items()))
def test_every_district_named_by_the_rulebook_exists(name, district):
    assert BOARD.by_name(name) == district
    assert district in BOARD.districts


def test_by_name_refuses_an_unknown_name():
    with pytest.raises(KeyError) as info:
        BOARD.by_name("Westminster")
    assert info.value.args[0] == "no district named 'Westminster' on this board"


def test_example_1_sion_college_moorgate_brewers_hall_cripplegate():
    assert BOARD.direction("sion-college", "moorgate") == "E"
    assert BOARD.direction("moorgate", "sion-college") == "W"
    assert BOARD.direction("sion-college", "brewers-hall") == "S"
    assert BOARD.direction("brewers-hall", "sion-college") == "N"
    assert BOARD.direction("cripplegate", "moorgate") == "SE"
    assert BOARD.direction("moorgate", "cripplegate") == "NW"
    # from Cripplegate to Moorgate with a S or E card, and back with a N or W card
    there = BOARD.direction("cripplegate", "moorgate")
    back = BOARD.direction("moorgate", "cripplegate")
    assert {card: card_allows(card, there) for card in "NESW"} == {"N": False, "E": True, "S": True, "W": False}
    assert {card: card_allows(card, back) for card in "NESW"} == {"N": True, "E": False, "S": False, "W": True}


@pytest.mark.parametrize("district, expected", [
    # seed p. 6, example 3: the arrows out of Pudding Lane and St Bennet, by card direction
    ("pudding-lane", {"N": {"st-bennet", "st-mary", "bridgeward", "candlewick-ward", "pepys-house"},
                      "E": {"pepys-house", "phillpott-lane", "billingsgate"},
                      "S": set(),
                      "W": {"tallow-hall", "vintners-hall"}}),
    ("st-bennet", {"N": {"guild-hall", "coleman-street"},
                   "E": {"st-mary"},
                   "S": {"tallow-hall", "pudding-lane"},
                   "W": {"cheapside"}}),
])
def test_example_3_neighbours_of_pudding_lane_and_st_bennet_by_card(district, expected):
    got = {card: {n for n, direction in BOARD.neighbours(district) if card_allows(card, direction)}
           for card in "NESW"}
    assert got == expected


def test_the_map_is_connected():
    graph = nx.Graph([(c.a, c.b) for c in BOARD.connections])
    graph.add_nodes_from(BOARD.ids)
    assert graph.number_of_nodes() == len(BOARD.districts) == 64
    assert nx.is_connected(graph)


def test_each_connection_has_a_direction_from_each_side():
    pairs = [frozenset((c.a, c.b)) for c in BOARD.connections]
    assert len(pairs) == len(set(pairs))
    for c in BOARD.connections:
        assert c.a != c.b
        assert BOARD.direction(c.a, c.b) == c.direction
        assert BOARD.direction(c.b, c.a) == opposite(c.direction)
        assert (c.b, c.direction) in BOARD.neighbours(c.a)
        assert (c.a, opposite(c.direction)) in BOARD.neighbours(c.b)


def test_diagonals_are_usable_by_either_of_their_two_card_directions():
    diagonals = [c for c in BOARD.connections if c.is_diagonal]
    assert ("cripplegate", "moorgate", "SE") in [(c.a, c.b, c.direction) for c in diagonals]
    for c in diagonals:
        allowed = {card for card in "NESW" if card_allows(card, c.direction)}
        assert allowed == set(c.direction), c
    for c in BOARD.connections:
        if not c.is_diagonal:
            assert {card for card in "NESW" if card_allows(card, c.direction)} == {c.direction}, c


def test_every_connection_direction_agrees_with_the_drawing():
    wrong = []
    for c in BOARD.connections:
        off = abs((_bearing(c.a, c.b) - COMPASS[c.direction] + 180) % 360 - 180)
        if off > 67.5:
            wrong.append((c.a, c.b, c.direction, round(off, 1)))
    assert wrong == []


def test_each_label_lies_inside_its_polygon():
    assert [d.id for d in BOARD.districts.values() if not _inside(d.label, d.polygon)] == []
    assert all(0 <= x <= BOARD.width and 0 <= y <= BOARD.height
               for d in BOARD.districts.values() for x, y in (d.label, *d.polygon))


def test_the_board_says_it_is_a_reconstruction():
    assert BOARD.reconstruction == "Reconstructed from the rules and the historical map; not the printed board."
    assert BOARD.name == "City of London, 1666 (reconstruction)"
    text = (DATA / "board.yaml").read_text(encoding="utf-8")
    assert "# RECONSTRUCTION: no public transcription of the printed board exists." in text
    assert "reconstruction:" in text
    assert State.RULES["london.assume.board-reconstruction"].source == "DECISIONS London 1"


# ---- DECISIONS London 2: pawns and trained bands move along any connection ---------------------------------------
def _acting(pawn: str, bands: dict[str, int] | None = None) -> State:
    return position(colours=["red", "blue", "green"], phase="actions", pawns={"red": pawn}, bands=bands or {})


def test_pawns_move_along_every_connection_except_into_pudding_lane():
    base = _acting("aldgate")
    for d in BOARD.ids:
        if d == "pudding-lane":
            continue
        s = base.with_seat(0, pawn=d)
        moves = {str(a).split()[1] for a in s.legal_actions() if str(a).startswith("pawn ")}
        assert moves == {n for n, _ in BOARD.neighbours(d)} - {"pudding-lane"}, d


def test_free_trained_bands_move_along_every_connection_except_into_pudding_lane():
    for d in BOARD.ids:
        if d == "pudding-lane":
            continue
        s = _acting("aldgate", {d: 1})
        moves = {str(a).split()[2] for a in s.legal_actions() if str(a).startswith("band ")}
        assert moves == {n for n, _ in BOARD.neighbours(d)} - {"pudding-lane"}, d


# ---- a user's own board: Board.from_dict / Board.from_file ----------------------------------------------------------
def _data() -> dict:
    return copy.deepcopy(BOARD.to_dict())


def _at(data: dict, district: str) -> int:
    return next(i for i, d in enumerate(data["districts"]) if d["id"] == district)


def test_from_dict_round_trips_the_shipped_board():
    again = Board.from_dict(BOARD.to_dict())
    assert dict(again.districts) == dict(BOARD.districts)
    assert again.connections == BOARD.connections
    assert again.ids == BOARD.ids
    assert (again.name, again.reconstruction, again.start, again.width, again.height) == (
        BOARD.name, BOARD.reconstruction, BOARD.start, BOARD.width, BOARD.height)
    assert dict(again.features) == dict(BOARD.features)
    assert again.to_dict() == BOARD.to_dict()
    assert all(again.neighbours(d) == BOARD.neighbours(d) for d in BOARD.ids)


def test_from_file_reads_a_users_board_copy(tmp_path: Path):
    path = tmp_path / "my-board.yaml"
    path.write_text((DATA / "board.yaml").read_text(encoding="utf-8"), encoding="utf-8")
    mine = Board.from_file(path)
    assert mine.to_dict() == BOARD.to_dict()
    s = new_game(players=4, seed=3, board=mine)
    assert s.board is mine and s.fire_at("pudding-lane") == 25


def _region_with_29(d):
    d["districts"][_at(d, "st-pauls")]["houses"] = 3


def _unknown_in_connection(d):
    d["connections"][0]["b"] = "nowhere"


def _duplicated_id(d):
    d["districts"].append(copy.deepcopy(d["districts"][_at(d, "tower-hill")]))


def _start_is_a_green_zone(d):
    d["districts"][_at(d, "pudding-lane")]["green_zone"] = True


def _start_moved_to_smithfield(d):
    d["start"] = "smithfield"


def _houses_not_a_number(d):
    d["districts"][3]["houses"] = "two"


def _unknown_region(d):
    d["districts"][3]["region"] = "pink"


def _six_house_icons(d):
    d["districts"][_at(d, "aldgate")]["houses"] = 6


def _self_connection(d):
    d["connections"].append({"a": "moorgate", "b": "moorgate", "dir": "N"})


def _connection_twice(d):
    d["connections"].append({"a": "tallow-hall", "b": "pudding-lane", "dir": "E"})


def _green_zone_with_houses(d):
    d["districts"][_at(d, "smithfield")]["houses"] = 1


def _nineteen_tokens(d):
    d["districts"][_at(d, "holborn")]["token"] = False


def _objective_value_moved(d):
    d["districts"][_at(d, "newgate")]["objective"] = 6


def _band_spot_in_green(d):
    d["districts"][_at(d, "st-mary")]["trained_band_spot"] = [5]


def _bethnal_cut_off(d):
    d["connections"] = [c for c in d["connections"] if "bethnal" not in (c["a"], c["b"])]


def _start_missing(d):
    del d["start"]


def _unknown_field(d):
    d["colour"] = "red"


BROKEN = [
    (_region_with_29, ["region purple: expected 30 house icons (5 houses of each of 6 colours), got 29"]),
    (_unknown_in_connection, ["connections[0]: unknown district 'nowhere'"]),
    (_duplicated_id, ["districts[64].id: 'tower-hill' is used twice"]),
    (_start_is_a_green_zone, ["start: 'pudding-lane' must be a district with no houses that is not a green zone"]),
    (_start_moved_to_smithfield, [
        "districts[0] (pudding-lane): a district that can burn needs 1-5 house icons, got 0",
        "start: 'smithfield' must be a district with no houses that is not a green zone"]),
    (_houses_not_a_number, ["districts[3].houses: input should be a valid integer (got 'two')"]),
    (_unknown_region, ["districts[3].region: input should be 'purple', 'blue', 'green' or 'orange' (got 'pink')"]),
    (_six_house_icons, ["districts[52].houses: input should be less than or equal to 5 (got 6)"]),
    (_self_connection, ["connections[154]: a district cannot connect to itself (moorgate)"]),
    (_connection_twice, ["connections[154]: tallow-hall - pudding-lane is listed twice"]),
    (_green_zone_with_houses, [
        "districts[15] (smithfield): a green zone holds no houses, got houses=1",
        "region purple: expected 30 house icons (5 houses of each of 6 colours), got 31"]),
    (_nineteen_tokens, ["districts: expected 20 token (yellow-name) districts, got 19"]),
    (_objective_value_moved, ["districts: expected 8 objective districts worth 4, got 7",
                              "districts: expected 8 objective districts worth 6, got 9"]),
    (_band_spot_in_green, [
        "districts: with 5 players 1 trained band(s) start on marked spots; the board marks 2 "
        "(st-mary, cripplegate)",
        "districts (st-mary): no trained band starts in the green region"]),
    (_bethnal_cut_off, ["connections: the map falls apart; cut off: ['bethnal']"]),
    (_start_missing, ["start: required field is missing"]),
    (_unknown_field, ["colour: unknown field (not part of this format)"]),
]
"""A broken copy of the shipped board, and exactly the problems ``Board.from_dict`` lists for it."""


@pytest.mark.parametrize("break_it, problems", BROKEN, ids=[f.__name__.strip("_") for f, _ in BROKEN])
def test_from_dict_names_each_problem_of_a_broken_board(break_it, problems):
    data = _data()
    break_it(data)
    with pytest.raises(InvalidData) as info:
        Board.from_dict(data)
    assert info.value.what == "London board"
    assert list(info.value.problems) == problems


def test_from_dict_lists_every_problem_at_once():
    data = _data()
    for break_it in (_region_with_29, _unknown_in_connection, _duplicated_id, _start_is_a_green_zone):
        break_it(data)
    with pytest.raises(InvalidData) as info:
        Board.from_dict(data, what="board file mine.yaml")
    assert info.value.what == "board file mine.yaml"
    assert list(info.value.problems) == [
        "districts[64].id: 'tower-hill' is used twice",
        "start: 'pudding-lane' must be a district with no houses that is not a green zone",
        "region purple: expected 30 house icons (5 houses of each of 6 colours), got 29",
        "connections[0]: unknown district 'nowhere'",
    ]
    assert str(info.value).startswith("board file mine.yaml is invalid (4 problems):\n")


def test_from_dict_refuses_what_is_not_a_board():
    with pytest.raises(InvalidData) as info:
        Board.from_dict([1, 2])
    assert len(info.value.problems) == 1
    assert info.value.problems[0].startswith("(top level): input should be a valid dictionary")
    assert info.value.problems[0].endswith("(got [1, 2])")


def test_from_file_on_bad_yaml_gives_invalid_data(tmp_path: Path):
    path = tmp_path / "board.yaml"
    path.write_text("format: london1666-board\ndistricts: [\n  - id: x\n", encoding="utf-8")
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
    _region_with_29(data)
    path = tmp_path / "board.yaml"
    path.write_text(yaml.safe_dump(data), encoding="utf-8")
    with pytest.raises(InvalidData) as info:
        Board.from_file(path)
    assert info.value.what == f"board file {path}"
    assert list(info.value.problems) == [
        "region purple: expected 30 house icons (5 houses of each of 6 colours), got 29"]
