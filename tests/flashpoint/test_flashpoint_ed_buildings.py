"""Extreme Danger buildings: levels, die columns and our own Garage, Laboratory, Attic and Basement layouts.

Rules checked: seed 003 (the d12 with a half board, the staircase marker, objects and their arrows, no movement
outside in the basement, the portable ladder's top segment on the matching upper space, the deck gun's half),
``bonfire_flashpoint_sources.md`` C.2 and DECISIONS Flash Point 2 (a building is the boards side by side, the
Laboratory's two floors are its two 6 x 4 halves, a half board adds die columns 9-12) and 3 (damage capacities).
"""

from __future__ import annotations

import copy
from collections import deque

import pytest
import yaml

from explorer.core import InvalidData
from explorer.flashpoint.building import DATA, SHIPPED, Building

ED_KEYS = ("garage", "laboratory", "garage_basement", "laboratory_attic")
CAPACITIES = {"car": 4, "large-equipment": 4, "small-equipment": 2, "toxic-equipment": 3}
"""DECISIONS Flash Point 3: car and large lab equipment 4, small lab equipment 2, toxic equipment 3."""


def _data(key: str) -> dict:
    return yaml.safe_load((DATA / SHIPPED[key]).read_text(encoding="utf-8"))


def _problems(data: dict) -> list[str]:
    with pytest.raises(InvalidData) as err:
        Building.from_dict(data)
    return list(err.value.problems)


def _floor_dict(building: Building, floor: str) -> dict:
    return next(f for f in building.to_dict()["floors"] if f["id"] == floor)


def _object_spaces(building: Building) -> set[str]:
    return {s for f in building.floors.values() for o in f.objects for s in o["spaces"]}


# ---- every shipped building ------------------------------------------------------------------------------------
def test_the_shipped_keys_name_the_files_and_load_once():
    assert Building.shipped() == ("front", "back", "garage", "laboratory", "garage_basement", "laboratory_attic")
    assert Building.named("front") is Building.default() and Building.named("back") is Building.back()
    assert Building.named("garage") is Building.named("garage")
    with pytest.raises(KeyError, match="no shipped building 'attic'; the shipped ones are front, back"):
        Building.named("attic")


@pytest.mark.parametrize("key", Building.shipped())
def test_each_shipped_building_round_trips_through_to_dict(key, tmp_path):
    building = Building.named(key)
    data = building.to_dict()
    again = Building.from_dict(data)
    assert again.to_dict() == data
    assert {f.id: (f.level, f.die_cols) for f in again.floors.values()} == \
        {f.id: (f.level, f.die_cols) for f in building.floors.values()}
    assert again.spaces() == building.spaces() and again.floor_links == building.floor_links
    path = tmp_path / "copy.yaml"
    path.write_text(yaml.safe_dump(data), encoding="utf-8")
    assert Building.from_file(path).to_dict() == data


@pytest.mark.parametrize("key", Building.shipped())
def test_the_dice_name_every_inside_space_exactly_once(key):
    building = Building.named(key)
    columns = sorted(c for f in building.floors.values() for c in range(f.die_cols[0], f.die_cols[1] + 1))
    assert columns == list(range(1, building.die_faces + 1))
    rolled = [building.roll_space(red, black) for red in range(1, 7) for black in range(1, building.die_faces + 1)]
    assert len(set(rolled)) == len(rolled) == 6 * building.die_faces
    assert set(rolled) == set(building.spaces(inside=True))


def test_the_black_die_is_the_d8_on_a_full_board_and_the_d12_with_a_half_board():
    assert {key: Building.named(key).die_faces for key in Building.shipped()} == {
        "front": 8, "back": 8, "garage": 8, "laboratory": 8, "garage_basement": 12, "laboratory_attic": 12}


def test_roll_space_reads_the_red_die_as_the_row_and_the_black_die_as_the_die_column():
    garage, lab = Building.named("garage_basement"), Building.named("laboratory_attic")
    assert garage.roll_space(1, 1) == "1,1" and garage.roll_space(6, 8) == "6,8"
    assert garage.roll_space(4, 9) == "basement:4,1" and garage.roll_space(2, 12) == "basement:2,4"
    assert lab.roll_space(3, 4) == "3,4" and lab.roll_space(3, 5) == "second:3,1"
    assert lab.roll_space(6, 8) == "second:6,4" and lab.roll_space(1, 9) == "attic:1,1"
    assert Building.named("laboratory").roll_space(6, 5) == "second:6,1"


@pytest.mark.parametrize(("key", "red", "black"), [
    ("garage", 0, 1), ("garage", 7, 1), ("garage", 1, 0), ("garage", 1, 9), ("garage_basement", 1, 13),
    ("garage", True, 1), ("garage", 1, 2.0), ("laboratory", "3", 4)])
def test_roll_space_refuses_dice_out_of_range(key, red, black):
    with pytest.raises(ValueError, match="die shows 1-"):
        Building.named(key).roll_space(red, black)


# ---- levels ---------------------------------------------------------------------------------------------------
def test_each_floor_has_its_level_and_spaces_know_their_floor():
    lab, garage = Building.named("laboratory_attic"), Building.named("garage_basement")
    assert [(f.id, f.level, f.die_cols) for f in lab.floors.values()] == [
        ("ground", 0, (1, 4)), ("second", 1, (5, 8)), ("attic", 2, (9, 12))]
    assert [(f.id, f.level, f.die_cols) for f in garage.floors.values()] == [
        ("ground", 0, (1, 8)), ("basement", -1, (9, 12))]
    assert lab.level("3,3") == 0 and lab.level("second:0,2") == 1 and lab.level("attic:6,4") == 2
    assert garage.level("basement:1,1") == -1 and garage.floor_of("basement:1,1") == "basement"
    assert lab.floor_of("second:3,3") == "second" and lab.floor_of((3, 3)) == "ground"
    with pytest.raises(KeyError):
        lab.level("cellar:1,1")
    with pytest.raises(KeyError):
        garage.floor_of("basement:0,1")  # the basement has no outside ring


def test_above_and_below_keep_the_row_and_the_local_column():
    lab = Building.named("laboratory_attic")
    assert lab.above("4,3") == "second:4,3" and lab.above("second:4,3") == "attic:4,3"
    assert lab.above("attic:4,3") is None and lab.below("4,3") is None
    assert lab.below("attic:4,3") == "second:4,3" and lab.below("second:4,3") == "4,3"
    # a portable ladder raised on a ground ring space puts its top on the matching upper ring space (seed 003)
    assert lab.above("0,2") == "second:0,2" and lab.above("second:0,2") == "attic:0,2"
    assert lab.above("7,5") == "second:7,5"


def test_the_basement_lies_under_the_garages_first_four_columns():
    garage = Building.named("garage_basement")
    assert garage.below("5,1") == "basement:5,1" and garage.above("basement:5,1") == "5,1"
    assert garage.below("3,4") == "basement:3,4" and garage.below("3,5") is None
    assert garage.below("0,2") is None and garage.below("3,0") is None  # no ring below ground
    assert garage.above("basement:6,4") == "6,4" and garage.below("basement:6,4") is None
    assert Building.named("garage").below("5,1") is None and Building.default().above("1,1") is None


@pytest.mark.parametrize("key", ED_KEYS)
def test_above_and_below_are_inverse(key):
    building = Building.named(key)
    for space in building.spaces():
        up = building.above(space)
        if up is not None:
            assert building.below(up) == space
            assert building.level(up) == building.level(space) + 1
            assert building.is_inside(up) == building.is_inside(space)


def test_the_basement_has_no_outside_ring_and_upper_floors_have_no_entrances():
    garage, lab = Building.named("garage_basement"), Building.named("laboratory_attic")
    assert len(garage.spaces("basement")) == len(garage.spaces("basement", inside=True)) == 24
    assert not garage.floors["basement"].has_ring and garage.floors["ground"].has_ring
    assert garage.neighbours("basement:1,1") == (("basement:2,1", None), ("basement:1,2", None))
    assert garage.wall_bits("basement")[0][0] == "1100"  # the border meets solid ground
    for floor in ("second", "attic"):
        assert len(lab.spaces(floor)) == 8 * 6 and len(lab.spaces(floor, inside=True)) == 24
    for building in (garage, lab):
        assert all(building.level(s) == 0 for s in building.entrances())
        outer = [k for s in building.spaces(inside=True) for o, k in building.neighbours(s)
                 if not building.is_inside(o)]
        assert "entrance" in outer


# ---- our own layouts: every element the seed names ----------------------------------------------------------
def _kinds(building: Building, floor: str | None = None) -> list[str]:
    return [e.kind for e in building.edges.values()
            if floor is None or building.floor_of(e.a) == floor]


@pytest.mark.parametrize("key", ED_KEYS)
def test_the_files_say_they_are_our_own_layout(key):
    text = (DATA / SHIPPED[key]).read_text(encoding="utf-8")
    assert "OUR OWN LAYOUT, NOT THE PRINTED BOARD" in text and "DECISIONS.md Flash Point 2" in text
    assert "OUR OWN LAYOUT" in Building.named(key).source


@pytest.mark.parametrize("key", ED_KEYS)
def test_every_layout_has_walls_doors_windows_fireproof_doors_light_walls_and_parking(key):
    building = Building.named(key)
    kinds = _kinds(building)
    for kind in ("wall", "door", "window", "fireproof_door", "light_wall"):
        assert kind in kinds, kind
    assert 2 <= len(building.entrances()) <= 4
    assert building.parking("ambulance") and building.parking("engine")
    assert all(f.staircases for f in building.floors.values())


def test_the_garage_has_the_car_on_two_spaces_and_a_staircase_space_for_a_half_board():
    garage = Building.named("garage")
    assert list(garage.floors) == ["ground"]
    (car,) = garage.floors["ground"].objects
    assert (car["id"], car["kind"], len(car["spaces"]), car["capacity"]) == ("car", "explosive", 2, 4)
    assert garage.floors["ground"].staircases == ("5,1",) and garage.floor_links == ()
    assert len(garage.spaces(inside=True)) == 48


def test_the_laboratory_has_a_large_and_a_small_explosive_and_a_toxic_object():
    lab = Building.named("laboratory")
    objects = {o["id"]: o for f in lab.floors.values() for o in f.objects}
    assert set(objects) == {"large-equipment", "small-equipment", "toxic-equipment"}
    assert objects["large-equipment"]["kind"] == objects["small-equipment"]["kind"] == "explosive"
    assert objects["toxic-equipment"]["kind"] == "toxic"
    assert len(objects["small-equipment"]["spaces"]) == 1 and len(objects["toxic-equipment"]["spaces"]) == 1
    assert [(f.id, f.rows, f.cols) for f in lab.floors.values()] == [("ground", 6, 4), ("second", 6, 4)]
    assert lab.edge("1,4", "second:1,4") == "staircase"
    for floor in ("ground", "second"):
        assert "window" in _kinds(lab, floor) and "fireproof_door" in _kinds(lab, floor)


@pytest.mark.parametrize("key", ED_KEYS)
def test_objects_have_their_capacities_and_arrows_on_every_space_to_a_valid_space(key):
    building = Building.named(key)
    under = _object_spaces(building)
    for floor in building.floors.values():
        for o in floor.objects:
            assert o["capacity"] == CAPACITIES[o["id"]]
            for space in o["spaces"]:
                target = floor.arrows[space]
                assert building.is_inside(target) and target not in under
                assert building.floor_of(target) == floor.id
                assert target in dict(building.neighbours(space))


@pytest.mark.parametrize("key", ED_KEYS)
def test_every_inside_space_is_reachable_from_the_street(key):
    """From the ground floor's outside ring, through any edge but a plain wall (doors, windows, fireproof
    doors and light walls can be opened or broken) and the staircases, never through an object or onto an
    upper floor's ring, every inside space not under an object is reached."""
    building = Building.named(key)
    blocked = _object_spaces(building)
    start = [s for s in building.spaces("ground", inside=False)]
    seen, queue = set(start), deque(start)
    while queue:
        space = queue.popleft()
        for other, kind in building.neighbours(space):
            if other in seen or other in blocked or kind == "wall":
                continue
            if not building.is_inside(other) and building.level(other) != 0:
                continue
            seen.add(other)
            queue.append(other)
    assert set(building.spaces(inside=True)) - blocked <= seen


@pytest.mark.parametrize("key", ED_KEYS)
def test_every_floor_is_split_in_north_and_south_halves_and_each_engine_spot_borders_one(key):
    building = Building.named(key)
    for space in building.spaces(inside=True):
        row = int(space.split(":")[-1].split(",")[0])
        assert building.quadrant(space) == ("north" if row <= 3 else "south")
    for spot in building.parking("engine"):
        halves = {building.quadrant(o) for s in spot for o, _ in building.neighbours(s) if building.is_inside(o)}
        assert len(halves) == 1, spot


def test_the_combined_buildings_keep_the_full_boards_floors():
    assert _floor_dict(Building.named("garage_basement"), "ground") == _floor_dict(Building.named("garage"), "ground")
    assert Building.named("garage_basement").floor_links == (("5,1", "basement:5,1"),)
    lab, both = Building.named("laboratory"), Building.named("laboratory_attic")
    assert _floor_dict(both, "ground") == _floor_dict(lab, "ground")
    second = _floor_dict(both, "second")
    assert second.pop("staircases") == ["1,4", "6,1"]
    assert second == {k: v for k, v in _floor_dict(lab, "second").items() if k != "staircases"}
    assert both.floor_links == (("1,4", "second:1,4"), ("second:6,1", "attic:6,1"))
    for key in ("garage", "laboratory"):
        combined = Building.named(f"{key}_{'basement' if key == 'garage' else 'attic'}")
        assert combined.parking_spots == Building.named(key).parking_spots


# ---- the format: levels and die columns, old files still loading ------------------------------------------------
def test_a_building_without_die_cols_rolls_its_first_floor_and_stacks_later_floors():
    data = yaml.safe_load((DATA / "house_front.yaml").read_text(encoding="utf-8"))
    data["floors"].append({"id": "loft", "name": "Loft", "rows": 1, "cols": 1,
                           "walls": ["1,1|N", "1,1|S", "1,1|E", "1,1|W"]})
    house = Building.from_dict(data)
    assert house.floors["loft"].level == 1 and house.floors["loft"].die_cols is None
    assert house.die_faces == 8 and house.above("1,1") == "loft:1,1" and house.below("loft:1,1") == "1,1"
    assert "loft:1,1" not in {house.roll_space(r, b) for r in range(1, 7) for b in range(1, 9)}
    out = house.to_dict()
    assert "die_cols" not in out["floors"][0] and out["floors"][1]["level"] == 1
    assert Building.from_dict(out).to_dict() == out
    front = Building.default().to_dict()["floors"][0]
    assert (front["level"], front["die_cols"]) == (0, [1, 8])


def test_a_building_without_die_cols_still_needs_a_board_the_dice_can_roll():
    small = {"format": "flashpoint-building", "format_version": 1, "name": "Shed",
             "floors": [{"id": "ground", "name": "Ground", "rows": 6, "cols": 5, "walls": [
                 *(f"{r},1|W" for r in range(1, 7)), *(f"{r},5|E" for r in range(1, 7)),
                 *(f"1,{c}|N" for c in range(1, 6)), *(f"6,{c}|S" for c in range(1, 6))]}]}
    for k in (1, 2, 3):
        small["floors"].append({"id": f"loft-{k}", "name": "Loft", "rows": 1, "cols": 1,
                                "walls": ["1,1|N", "1,1|S", "1,1|E", "1,1|W"]})
    assert _problems(small) == [
        ("floors[3] (loft-3): level missing, and one above the floor before it would be level 3; the highest is 2 "
        "(the third storey)"),
        ("die_cols: the die columns run to 5; the black die has 8 faces (a full board) or 12 (with a half board), "
        "DECISIONS Flash Point 2")]


def test_die_columns_must_cover_the_black_die_once():
    data = _data("laboratory_attic")
    data["floors"][1]["die_cols"] = [4, 7]     # overlaps the ground floor's 4, leaves 8 uncovered
    assert _problems(data) == [
        "die_cols: die column 4 lands on floors ground, second; each column of the black die lands on one floor",
        "die_cols: die columns 8 land on no floor; the floors together cover 1-12"]

    data = _data("laboratory")
    data["floors"][1]["die_cols"] = [7, 10]    # a gap at 5-6, and a d10
    assert _problems(data) == [
        "die_cols: die columns 5, 6 land on no floor; the floors together cover 1-10",
        ("die_cols: the die columns run to 10; the black die has 8 faces (a full board) or 12 (with a half "
        "board), DECISIONS Flash Point 2")]

    data = _data("laboratory")
    data["floors"][1]["die_cols"] = [10, 13]   # out of range
    data["floors"][0]["die_cols"] = [1, 5]     # five die columns for four columns
    problems = _problems(data)
    assert problems == [
        ("floors[0] (ground).die_cols: [1, 5] is 5 die columns, the floor has 4 columns; its local column c is "
        "die column 1 + c - 1"),
        "floors[1] (second).die_cols: [10, 13] is not a range of black-die columns within 1-12"]


def test_levels_and_die_cols_are_required_once_a_floor_gives_die_cols():
    data = _data("garage_basement")
    del data["floors"][1]["level"]
    del data["floors"][1]["die_cols"]
    data["floors"][0]["rows"] = 5
    problems = _problems(data)
    assert problems[:3] == [
        ("floors[1] (basement): level missing; in a building whose floors give die_cols, every floor after the "
        "first gives its level (-1 basement, 1 second storey, 2 third)"),
        "floors[0] (ground): a floor on the dice has the red d6's 6 rows, got rows 5",
        "floors[1] (basement): die_cols missing; in a building whose floors give die_cols, every floor does"]


def test_levels_are_one_floor_each_without_a_gap_the_first_floor_on_the_ground():
    data = _data("laboratory_attic")
    data["floors"][2]["level"] = 1             # the attic on the second storey's level
    assert "floors[2] (attic).level: level 1 is already floor second's; one floor per level" in _problems(data)

    data = _data("garage_basement")
    data["floors"][1]["level"] = 2             # a third storey without a second
    problems = _problems(data)
    assert "levels: no floor on level 1; the levels run 0 to 2 without a gap" in problems
    assert "floor_links[0]: a staircase joins floors one level apart; 5,1 is on level 0, basement:5,1 on level 2" \
        in problems

    data = _data("garage")
    data["floors"][0]["level"] = 1
    assert _problems(data) == [
        ("floors[0] (ground).level: the first floor listed is the ground floor, level 0 (its spaces are named "
        "\"r,c\" and it holds the entrances and parking); got level 1")]

    data = _data("garage")
    data["floors"][0]["level"] = 3
    assert "floors[0].level" in "\n".join(_problems(data))


def test_the_basement_has_no_outside_and_upper_floors_no_entrances():
    data = _data("laboratory_attic")
    data["floors"][2]["walls"].remove("1,1|N")
    data["floors"][2]["entrances"] = ["1,1|N"]
    data["floors"][1]["arrows"] = [{"space": "5,4", "to": "5,3"}, {"space": "4,4", "to": "5,4"}]
    problems = _problems(data)
    assert problems == [
        ("floors[1] (second).arrows[1]: an arrow points to a valid target space; 5,4 is under object "
        "small-equipment (seed 003: a roll landing on an object follows the arrow to a valid space)"),
        ("floors[2] (attic).entrances[0]: '1,1|N': entrances are on the ground floor (level 0); floor attic is "
        "level 2")]

    data = _data("garage_basement")
    data["floors"][1]["walls"] += ["1,1|N", "2,4|3,4"]
    data["floors"][1]["doors"].append("0,1|1,1")
    assert _problems(data) == [
        ("floors[1] (basement).walls[4]: '1,1|N': floor basement is the basement, it has no outside; list no "
        "edge to the outside there (seed 003: no movement outside the building in the Basement)"),
        ("floors[1] (basement).doors[1]: unknown space '0,1': floor basement has rows 1-6 and columns 1-4 "
        "(a basement has no outside ring)")]


def test_a_broken_combined_building_lists_every_problem_at_once():
    data = copy.deepcopy(_data("garage_basement"))
    data["floors"][1]["die_cols"] = [8, 11]                     # overlap at 8, and a d11
    data["floors"][1]["entrances"] = ["1,1|W"]                  # the basement has no outside
    data["floors"][0]["objects"][0]["spaces"] = ["2,2", "2,3"]  # the arrow 2,3 -> 2,2 now points at the car
    data["floor_links"][0]["between"][1] = "basement:5,2"       # not the basement's staircase
    assert _problems(data) == [
        "die_cols: die column 8 lands on floors ground, basement; each column of the black die lands on one floor",
        ("die_cols: the die columns run to 11; the black die has 8 faces (a full board) or 12 (with a half "
        "board), DECISIONS Flash Point 2"),
        ("floors[0] (ground).arrows[0]: an arrow points to a valid target space; 2,2 is under object car (seed "
        "003: a roll landing on an object follows the arrow to a valid space)"),
        "floors[0] (ground).arrows[1]: arrows are printed on the spaces of objects; 3,3 holds none",
        ("floors[1] (basement).entrances[0]: '1,1|W': floor basement is the basement, it has no outside; list "
        "no edge to the outside there (seed 003: no movement outside the building in the Basement)"),
        "floor_links[0]: basement:5,2 is not a staircase space of floor basement"]
