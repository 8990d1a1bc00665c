"""The shipped Flash Point houses against ``bonfire_flashpoint_sources.md`` B.1-B.3 and DECISIONS Flash Point,
and user buildings.

The 4-bit matrices below are copied from the sources (Tec de Monterrey format: bit order top, left, bottom,
right; door and entrance edges keep bit 1). The second half checks ``Building.from_dict`` /
``Building.from_file`` with a user's own building: a round trip, and every problem of a broken copy listed at
once.
"""

from __future__ import annotations

import copy

import pytest
import yaml

import explorer.flashpoint
from explorer.core import GAMES, InvalidData
from explorer.flashpoint.building import DATA, Building

FRONT = Building.default()
BACK = Building.back()

FRONT_BITS = """
1100 1000 1001 1100 1001 1100 1000 1001
0100 0000 0011 0110 0011 0110 0010 0011
0100 0001 1100 1000 1000 1001 1100 1001
0110 0011 0110 0010 0010 0011 0110 0011
1100 1000 1000 1000 1001 1100 1001 1101
0110 0010 0010 0010 0011 0110 0011 0111
"""
BACK_BITS = """
1100 1000 1001 1110 1011 1100 1000 1001
0110 0010 0001 1100 1001 0100 0000 0001
1100 1000 0001 0110 0011 0110 0010 0011
0110 0010 0010 1010 1010 1011 1100 1001
1100 1000 1001 1100 1000 1001 0100 0001
0110 0010 0011 0110 0010 0011 0110 0011
"""
FRONT_DOORS = [(1, 3, 1, 4), (2, 5, 2, 6), (2, 8, 3, 8), (3, 2, 3, 3), (4, 4, 5, 4), (4, 6, 4, 7), (6, 5, 6, 6),
               (6, 7, 6, 8)]
BACK_DOORS = [(3, 5, 4, 5), (3, 6, 4, 6), (4, 3, 5, 3), (4, 6, 5, 6), (1, 5, 1, 6), (3, 5, 3, 6), (4, 6, 4, 7)]
FAMILY_FIRE = [(2, 2), (2, 3), (3, 2), (3, 3), (3, 4), (3, 5), (4, 4), (5, 6), (5, 7), (6, 6)]


def _matrix(text: str) -> tuple[tuple[str, ...], ...]:
    return tuple(tuple(line.split()) for line in text.strip().splitlines())


def _name(r: int, c: int) -> str:
    return f"{r},{c}"


def _front_data() -> dict:
    return yaml.safe_load((DATA / "house_front.yaml").read_text(encoding="utf-8"))


# ---- the front side (sources B.3.1) -------------------------------------------------------------------------
def test_the_grid_is_six_by_eight_inside_and_eight_by_ten_with_the_outside_ring():
    assert len(FRONT.spaces(inside=True)) == 48
    assert len(FRONT.spaces()) == 80
    assert FRONT.spaces()[0] == "0,0" and FRONT.spaces()[-1] == "7,9"
    assert FRONT.is_inside("1,1") and FRONT.is_inside((6, 8))
    assert not any(FRONT.is_inside(s) for s in ("0,5", "7,4", "3,0", "4,9", "0,0"))


def test_the_front_house_has_the_eight_doors_of_the_sources():
    assert len(FRONT.doors()) == 8
    assert set(FRONT.doors()) == {(_name(a, b), _name(c, d)) for a, b, c, d in FRONT_DOORS}
    for a, b, c, d in FRONT_DOORS:
        assert FRONT.edge((a, b), (c, d)) == "door"
        assert FRONT.edge((c, d), (a, b)) == "door"


def test_the_front_house_has_four_entrances_north_west_east_south():
    assert FRONT.entrances() == ("1,6", "3,1", "4,8", "6,3")
    assert FRONT.edge("1,6", "0,6") == "entrance"
    assert FRONT.edge("3,1", "3,0") == "entrance"
    assert FRONT.edge("4,8", "4,9") == "entrance"
    assert FRONT.edge("6,3", "7,3") == "entrance"


def test_specific_walls_doors_and_openings_from_the_matrix():
    assert FRONT.edge("1,3", "1,4") == "door"
    assert FRONT.edge("3,3", "2,3") == "wall"   # (2,3) is 0011: wall below; (3,3) is 1100: wall above
    assert FRONT.edge("2,3", "2,4") == "wall"
    assert FRONT.edge("1,5", "1,6") == "wall"
    assert FRONT.edge("2,2", "2,3") is None     # open inside a room
    assert FRONT.edge("1,1", "0,1") == "wall"   # the outside wall
    assert FRONT.edge("0,1", "0,2") is None     # outside, nothing stands between ring spaces
    with pytest.raises(ValueError, match="not adjacent"):
        FRONT.edge("1,1", "2,2")
    with pytest.raises(KeyError):
        FRONT.edge("1,1", "9,9")


def test_the_regenerated_four_bit_matrix_equals_the_sources_exactly():
    assert FRONT.wall_bits() == _matrix(FRONT_BITS)
    assert BACK.wall_bits() == _matrix(BACK_BITS)


def test_the_outside_wall_is_closed_except_at_the_entrances():
    for building, entrances in ((FRONT, 4), (BACK, 2)):
        outer = [(s, o, k) for s in building.spaces(inside=True) for o, k in building.neighbours(s)
                 if not building.is_inside(o)]
        assert len(outer) == 2 * (6 + 8)
        assert sum(k == "entrance" for _, _, k in outer) == entrances
        assert all(k in ("wall", "entrance") for _, _, k in outer)


def test_the_family_setup_has_ten_fires_and_three_pois():
    assert FRONT.family_fire == tuple(_name(r, c) for r, c in FAMILY_FIRE)
    assert FRONT.family_pois == ("2,4", "5,1", "5,8")
    assert not set(FRONT.family_fire) & set(FRONT.family_pois)


def test_parking_spots_are_mcgills_on_the_outside_ring():
    assert FRONT.parking("ambulance") == (("3,0", "4,0"), ("0,5", "0,6"), ("3,9", "4,9"), ("7,3", "7,4"))
    assert FRONT.parking("engine") == (("1,0", "2,0"), ("0,7", "0,8"), ("5,9", "6,9"), ("7,1", "7,2"))
    assert BACK.parking("ambulance") == (("2,0", "3,0"), ("0,5", "0,6"), ("4,9", "5,9"), ("7,3", "7,4"))
    assert BACK.parking("engine") == (("4,0", "5,0"), ("0,3", "0,4"), ("2,9", "3,9"), ("7,5", "7,6"))
    with pytest.raises(KeyError, match="unknown vehicle"):
        FRONT.parking("helicopter")


def test_quadrants_are_the_four_blocks_of_three_rows_and_four_columns():
    assert FRONT.quadrant("1,1") == "nw" and FRONT.quadrant("3,4") == "nw"
    assert FRONT.quadrant("3,5") == "ne" and FRONT.quadrant("4,4") == "sw" and FRONT.quadrant("6,8") == "se"
    assert FRONT.quadrant("0,5") is None
    assert {FRONT.quadrant(s) for s in FRONT.spaces(inside=True)} == {"nw", "ne", "sw", "se"}


def test_neighbours_give_the_edge_kind_between():
    assert FRONT.neighbours("1,3") == (("0,3", "wall"), ("1,2", None), ("2,3", None), ("1,4", "door"))
    assert FRONT.neighbours("0,0") == (("1,0", None), ("0,1", None))
    assert dict(FRONT.neighbours("3,3"))["2,3"] == "wall"


# ---- the back side (sources B.3.2) ----------------------------------------------------------------------------
def test_the_back_house_has_seven_doors_and_two_entrances():
    assert len(BACK.doors()) == 7
    assert set(BACK.doors()) == {(_name(a, b), _name(c, d)) for a, b, c, d in BACK_DOORS}
    assert BACK.entrances() == ("3,1", "6,3")
    assert BACK.family_fire is None and BACK.family_pois is None


def test_the_data_files_state_their_provenance():
    front = (DATA / "house_front.yaml").read_text(encoding="utf-8")
    back = (DATA / "house_back.yaml").read_text(encoding="utf-8")
    assert "CROSS-CHECKED" in front and "two independent" in front
    assert "SINGLE SOURCE, INFERRED" in back


# ---- user buildings -------------------------------------------------------------------------------------------
@pytest.mark.parametrize("building", [FRONT, BACK], ids=["front", "back"])
def test_round_trip_through_to_dict(building):
    data = building.to_dict()
    again = Building.from_dict(data)
    assert again.to_dict() == data
    assert again.wall_bits() == building.wall_bits()
    assert again.doors() == building.doors() and again.entrances() == building.entrances()


def test_from_file_reads_a_users_yaml(tmp_path):
    path = tmp_path / "house.yaml"
    path.write_text(yaml.safe_dump(FRONT.to_dict()), encoding="utf-8")
    assert Building.from_file(path).wall_bits() == FRONT.wall_bits()
    with pytest.raises(InvalidData, match="no such file"):
        Building.from_file(tmp_path / "missing.yaml")


def test_bad_data_lists_every_problem():
    data = _front_data()
    floor = data["floors"][0]
    floor["walls"].remove("1,1|N")                  # a gap in the outside wall
    floor["walls"].append("9,9|9,8")                # unknown spaces
    floor["walls"].append("2,2|3,3")                # not adjacent
    floor["walls"].append("1,3|1,4")                # already a door
    floor["doors"].append("2,2|N")                  # not on the border
    floor["entrances"].append("2,2|2,3")            # an entrance inside
    floor["walls"].append("oops")                   # not an edge
    data["parking"]["ambulance"].append(["2,2", "2,3"])   # inside
    data["parking"]["engine"].append(["0,1", "0,3"])      # not adjacent
    data["parking"]["engine"].append(["3,0", "4,0"])      # taken by the ambulance
    data["family_setup"]["fire"].append("0,4")      # outside
    data["family_setup"]["pois"].append("2,2")      # on a fire, and a 4th POI
    with pytest.raises(InvalidData) as err:
        Building.from_dict(data)
    problems = err.value.problems
    text = "\n".join(problems)
    assert "floors[0] (ground): the outside wall is open at 1,1|N" in text
    assert "unknown space '9,9'" in text
    assert "'2,2|3,3': the spaces are not adjacent" in text
    assert "doors[0]: '1,3|1,4': this edge is already listed at floors[0] (ground).walls[43]" in text
    assert "N of 2,2 is not the outside" in text
    assert "an entrance is an opening in the outside wall" in text
    assert "'oops' is not an edge" in text
    assert "parking.ambulance[4]: 2,2 is not on the outside ring" in text
    assert "parking.engine[4]: a parking spot is two adjacent spaces" in text
    assert "parking.engine[5]: 3,0 is already in parking spot parking.ambulance[0]" in text
    assert "family_setup.fire[10]: '0,4' is outside the building" in text
    assert "family_setup.pois[3]: 2,2 is already used at family_setup.fire[0]" in text
    assert "family_setup.pois: the game starts with 3 points of interest, got 4" in text
    assert "parking.engine[5]: 4,0 is already in parking spot parking.ambulance[0]" in text
    assert len(problems) == 15  # one per mistake, two for the inside spot and for the taken spot


def test_schema_problems_are_reported_with_their_place():
    data = _front_data()
    data["floors"][0]["rows"] = 7
    data["floors"][0]["colour"] = "red"
    del data["name"]
    with pytest.raises(InvalidData) as err:
        Building.from_dict(data)
    text = "\n".join(err.value.problems)
    assert "floors[0].rows" in text and "floors[0].colour" in text and "name" in text


def test_extreme_danger_elements_are_validated_when_present():
    data = _front_data()
    floor = data["floors"][0]
    floor["walls"].remove("2,3|2,4")
    floor["windows"] = ["2,3|2,4"]
    floor["walls"].remove("4,2|4,3")
    floor["fireproof_doors"] = ["4,2|4,3"]
    floor["walls"].remove("3,6|3,7")
    floor["light_walls"] = ["3,6|3,7"]
    floor["staircases"] = ["5,2"]
    floor["objects"] = [{"id": "car", "kind": "explosive", "spaces": ["6,1", "6,2"], "capacity": 4}]
    floor["arrows"] = [{"space": "6,1", "to": "5,1"}]
    data["floors"].append({"id": "attic", "name": "Attic", "rows": 1, "cols": 1,
                           "walls": ["1,1|N", "1,1|S", "1,1|E", "1,1|W"], "staircases": ["1,1"]})
    data["floor_links"] = [{"between": ["5,2", "attic:1,1"]}]
    house = Building.from_dict(data)
    assert house.edge("2,3", "2,4") == "window"
    assert house.edge("4,2", "4,3") == "fireproof_door"
    assert house.edge("3,6", "3,7") == "light_wall"
    assert house.edge("5,2", "attic:1,1") == "staircase"
    assert ("attic:1,1", "staircase") in house.neighbours("5,2")
    assert house.floors["ground"].objects[0]["spaces"] == ("6,1", "6,2")
    assert house.floors["ground"].arrows == {"6,1": "5,1"}
    assert house.wall_bits() == FRONT.wall_bits()
    assert house.wall_bits("attic") == (("1111",),)
    assert Building.from_dict(house.to_dict()).to_dict() == house.to_dict()

    bad = copy.deepcopy(data)
    bad["floors"][0]["objects"] = [{"id": "car", "kind": "explosive", "spaces": ["6,1", "6,3"], "capacity": 4},
                                   {"id": "car", "kind": "toxic", "spaces": ["6,1"], "capacity": 3}]
    bad["floors"][0]["arrows"] = [{"space": "6,1", "to": "4,1"}, {"space": "0,1", "to": "1,1"}]
    bad["floors"][0]["staircases"] = ["5,2", "5,2"]
    bad["floor_links"] = [{"between": ["5,3", "attic:1,1"]}, {"between": ["5,2", "5,2"]}]
    bad["floors"][0]["quadrants"][0]["rows"] = [1, 4]
    with pytest.raises(InvalidData) as err:
        Building.from_dict(bad)
    text = "\n".join(err.value.problems)
    assert "an object's two spaces must be adjacent" in text
    assert "id 'car' is used twice" in text
    assert "space 6,1 is already under object car" in text
    assert "an arrow points to an adjacent space" in text
    assert "'0,1' is outside the building" in text
    assert "staircases[1]: '5,2' is listed twice" in text
    assert "floor_links[0]: 5,3 is not a staircase space of floor ground" in text
    assert "floor_links[1]: a floor link joins two floors" in text
    assert "spaces in two quadrants: 4,1, 4,2, 4,3, 4,4" in text


# ---- the registry -------------------------------------------------------------------------------------------
def test_the_engine_is_ready_and_the_views_still_to_come():
    assert callable(explorer.flashpoint.new_game)
    assert GAMES["flashpoint"].is_ready is True
