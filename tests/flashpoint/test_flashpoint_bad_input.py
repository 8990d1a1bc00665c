"""What a tester broke, each pinned: bad input gets a clear refusal naming the problem, and every position the
engine reaches can be saved and read back."""

import copy

import pytest

from explorer.core import IllegalAction, InvalidData, InvalidRecord, NotationError, Record
from explorer.flashpoint import Building, State, new_game, parse_action
from explorer.flashpoint.actions import Move
from explorer.flashpoint.outlook import fire_outlook

EXP = {"mode": "experienced", "level": "recruit"}


def carrier_in_smoke_with_a_hot_spot() -> State:
    return State.from_dict({
        "game": "flashpoint", "building": "front", "phase": "actions", "options": EXP,
        "vehicles": {"engine": "0,7", "ambulance": "3,0"},
        "firefighters": [{"name": "red", "space": "1,1", "role": "generalist", "ap": 5, "carrying": "victim"}],
        "smoke": ["1,1"], "hot_spots": ["1,1"], "unknown_victims": 11})


def test_a_position_mid_fire_with_a_carrier_in_the_fire_reads_back():
    s = carrier_in_smoke_with_a_hot_spot().apply("end").apply("roll 1 1")   # fire on red; a flare-up is due
    assert s.is_chance_node and "1,1" in s.fire and s.firefighters[0].carrying == "victim"
    assert State.from_dict(s.to_dict()).to_dict() == s.to_dict()


def test_a_spill_with_nowhere_to_flow_is_refused_in_a_position():
    data = {"game": "flashpoint", "building": "laboratory", "phase": "fire",
            "firefighters": [{"name": "red", "space": "0,1"}],
            "objects": {"large-equipment": 0}, "toxic": ["4,3", "3,3", "4,2", "4,4", "5,3"],
            "damage_out": 3, "pending": [{"kind": "spill", "purpose": "4", "space": "4,3"}, {"kind": "next-turn"}]}
    with pytest.raises(InvalidData, match="the spill has nowhere left to flow"):
        State.from_dict(data)


def test_a_record_with_a_users_building_saves_as_data(tmp_path):
    own = Building.default().to_dict()
    record = Record("flashpoint", seed=1, options={"players": 2, "building": own})
    record.play("place 0,6")
    back = Record.load(record.save(tmp_path / "own.json"))
    assert back.state.to_dict() == record.state.to_dict()
    with pytest.raises(InvalidRecord, match="must be JSON data"):
        Record("flashpoint", seed=1, options={"players": 2, "building": Building.default()}).to_json()


@pytest.mark.parametrize("kwargs, message", [
    ({"seed": -1}, "seed must be a whole number from 0 to 2\\*\\*63-1"),
    ({"seed": 2**70}, "seed must be a whole number from 0 to 2\\*\\*63-1"),
    ({"building": "front", "platform": True, **EXP}, "the hydraulic platform reaches upper storeys"),
    ({"building": "laboratory_attic", "floor_bridge": True}, "floor_bridge: needs a basement"),
    ({"building": "garage", "basement_ladder": True}, "basement_ladder: needs a basement"),
    ({"building": {"format": "flashpoint-building"}}, "building: "),
    ({"building": ["front"]}, "building must be a Building"),
])
def test_new_game_refuses_what_it_cannot_play(kwargs, message):
    with pytest.raises(InvalidData, match=message):
        new_game(players=2, **kwargs)


def test_the_experienced_game_needs_parking_spots():
    house = Building.default().to_dict()
    del house["parking"]
    with pytest.raises(InvalidData, match="needs parking spots for the engine and the ambulance"):
        new_game(players=2, building=house, **EXP)


def base(**changes):
    data = {"game": "flashpoint", "building": "front", "phase": "actions",
            "firefighters": [{"name": "red", "space": "0,1", "ap": 4}]}
    data.update(changes)
    return data


def problems(data):
    with pytest.raises(InvalidData) as err:
        State.from_dict(data)
    return err.value.problems


def test_the_minimal_family_position_reads():
    s = State.from_dict(base())
    assert (s.hot_spot_supply, s.phase, s.firefighter.space) == (0, "actions", "0,1")


@pytest.mark.parametrize("changes, expected", [
    ({"firefighters": [{"name": "red", "space": "0,1", "carrying": "hazmat"}]}, "the Family game has none"),
    ({"phase": "setup", "firefighters": [{"name": "red", "space": "0,1"}]}, "every firefighter is placed"),
    ({"phase": "setup", "turn": 0, "firefighters": [{"name": "red"}, {"name": "blue", "space": "0,1"}]},
     "those after are not"),
    ({"pending": [{"kind": "roll", "purpose": "fire"}]}, "cannot be due in phase 'actions'"),
    ({"phase": "fire", "pending": [{"kind": "roll", "purpose": "hazmat"}, {"kind": "next-turn"}]},
     "cannot be due in phase 'fire'"),
    ({"cafs_commanded": 1}, "only a Fire Captain commands"),
    ({"firefighters": [{"name": "red", "space": "0,1", "move_ap": 3}]}, "move_ap 3, but the Firefighter card"),
    ({"pois": {"0,2": "victim"}, "unknown_victims": 11}, "outside the building"),
    ({"building": "garage", "firefighters": [{"name": "red", "space": "2,3"}]}, "under the car"),
])
def test_positions_play_cannot_reach_are_refused(changes, expected):
    assert any(expected in p for p in problems(base(**changes))), problems(base(**changes))


def test_ladders_and_platform_must_stand_where_they_can():
    lab = {"building": "laboratory", "options": {**EXP, "platform": True},
           "vehicles": {"engine": "1,0", "ambulance": "0,3"},
           "firefighters": [{"name": "red", "space": "0,1", "role": "generalist"}]}
    found = problems(base(**lab, ladders=["raised:0,1|0,1", "engine", "engine"], platform="3,3"))
    assert any("there are 2, got 3" in p for p in found)
    assert any("0,1 to 0,1 does not" in p for p in found)
    assert any("platform: it stands on the engine or along the wall" in p for p in found)


def test_a_building_refuses_objects_across_walls_repeated_ids_and_stray_arrows():
    data = copy.deepcopy(Building.named("garage_basement").to_dict())
    data["floors"][1]["objects"] = [{"id": "car", "kind": "toxic", "spaces": ["5,4"], "capacity": 2}]
    data["floors"][0]["arrows"].append({"space": "6,6", "to": "6,7"})
    data["floors"][0]["objects"].append({"id": "crate", "kind": "explosive", "spaces": ["1,4", "1,5"],
                                         "capacity": 2})
    with pytest.raises(InvalidData) as err:
        Building.from_dict(data)
    text = "\n".join(err.value.problems)
    assert "id 'car' is used twice" in text
    assert "arrows are printed on the spaces of objects; 6,6 holds none" in text
    assert "a wall runs between 1,4, 1,5" in text


def test_refusals_name_the_problem():
    s = new_game(players=1, seed=1).apply("place 0,6")
    assert "a roll of the dice is chance's to decide, and nothing of chance is due now" in str(s.explain("roll 6 5"))
    assert "Flash Point house (front side) has no square 99,99" in str(s.explain(Move("99,99")))     # an action object: the rule refuses it
    with pytest.raises(NotationError, match="there is no space 99,99 in Flash Point house"):
        s.apply("move 99,99")                                              # text: read for the state's building
    assert str(parse_action("move 01,06")) == "move 1,6"
    with pytest.raises(NotationError):
        parse_action("move \u0661,\u0666")
    with pytest.raises(NotationError) as err:
        parse_action("x" * 10**6)
    assert len(str(err.value)) < 300
    with pytest.raises(IllegalAction):
        s.apply(parse_action("roll 6 5"))
    assert len(repr(s)) < 200 and "flashpoint State" in repr(s)


def test_a_long_list_of_problems_is_shown_shortened():
    err = InvalidData("thing", [f"problem {k}" for k in range(1000)])
    assert len(err.problems) == 1000 and "... and 950 more" in str(err)


@pytest.mark.parametrize("bad", ["1", None, -1, 9, True])
def test_the_outlook_checks_its_arguments(bad):
    s = new_game(players=1, seed=1).apply("place 0,6")
    with pytest.raises(ValueError, match="max_flare_ups"):
        fire_outlook(s, max_flare_ups=bad)
    with pytest.raises(ValueError, match="needs a Flash Point State"):
        fire_outlook(None)


def test_a_ladder_is_not_put_down_in_the_air():
    s = State.from_dict({
        "game": "flashpoint", "building": "laboratory", "phase": "actions",
        "firefighters": [{"name": "red", "space": "second:1,0", "ap": 4}],
        "ladders": ["raised:1,0|second:1,0", "carried:red"]})
    problem = s.explain("drop ladder")
    assert problem.rule.id == "flashpoint.assume.air" and "in the air" in problem.reason


def test_parse_action_with_a_board_refuses_ids_the_board_lacks():
    """One reader for every game: ``parse_action(text, board=None)``; the board is the ``Building``."""
    lab, house = Building.named("laboratory"), Building.default()
    assert parse_action("move second:2,3") == parse_action("move second:2,3", lab) == Move("second:2,3")
    assert str(parse_action("open 1,4|1,3", house)) == "open 1,3|1,4"
    with pytest.raises(NotationError, match="no space second:2,3"):
        parse_action("move second:2,3", house)
    with pytest.raises(NotationError, match="1,1 and 1,3 are not neighbours"):
        parse_action("chop 1,1|1,3", house)
    with pytest.raises(NotationError, match="no space 9,9"):
        parse_action("command blue move 9,9", house)
    with pytest.raises(NotationError, match="Building"):
        parse_action("move 2,3", "front")
    s = new_game(players=1, seed=1)
    assert s.parse_action("place 0,6") == parse_action("place 0,6", s.building)
    with pytest.raises(NotationError):
        s.parse_action("place second:0,6")
