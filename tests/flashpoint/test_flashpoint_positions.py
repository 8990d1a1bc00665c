"""The Flash Point position format (``explorer/flashpoint/position_format.py``): round trips through ``to_dict`` /
``from_dict`` (and JSON) at every point of seeded games, and malformed or unreachable positions refused with
``InvalidData`` listing every problem, never a raw error from deep inside the engine.

Facts the checks rest on (``bonfire_flashpoint_sources.md`` B.1, B.4, B.8): 12 victims and 6 false alarms,
24 damage cubes, a wall destroyed by 2; the Family game has no specialists, vehicles, hazmats or hot spots; the
game ends with 7 rescued, 4 lost or the 24th cube. Firefighters are named red, blue, green, yellow, orange, white
in turn order (``components.COLOURS``).
"""

from __future__ import annotations

import copy
import json
import random

import pytest

from explorer.core import InvalidData
from explorer.flashpoint import initial_state, new_game
from explorer.flashpoint import position as position_builder
from explorer.flashpoint.state import State

BASE = new_game(players=1, seed=1).apply("place 0,0").to_dict()
EXP_BASE = new_game(players=2, seed=3, mode="experienced", level="veteran").apply("park engine 0,7").apply(
    "park ambulance 3,0").apply("role paramedic").apply("place 0,0").apply("role captain").apply("place 0,1").to_dict()


def same_after_round_trip(s: State) -> State:
    """``s`` survives ``to_dict`` -> JSON -> ``from_dict``: same data, same choices, same chances, same dice."""
    d = s.to_dict()
    again = State.from_dict(json.loads(json.dumps(d)))
    assert again.to_dict() == d
    assert (again.phase, again.turn, again.is_chance_node, again.is_terminal) == (s.phase, s.turn, s.is_chance_node,
                                                                                 s.is_terminal)
    if s.is_chance_node:
        assert [(str(a), p) for a, p in again.chance_outcomes()] == [(str(a), p) for a, p in s.chance_outcomes()]
        assert str(again.sample_chance()) == str(s.sample_chance())
    elif not s.is_terminal:
        assert [str(a) for a in again.legal_actions()] == [str(a) for a in s.legal_actions()]
    return again


def play(s: State, seed: int, steps: int):
    """Yield the states of a seeded game: chance from the state's own dice, choices at random (chopping, closing
    and ending rarely, so the fire has time to spread and victims get carried)."""
    pick = random.Random(seed)
    yield s
    for _ in range(steps):
        if s.is_terminal:
            return
        if s.is_chance_node:
            s = s.apply(s.sample_chance())
        else:
            acts = s.legal_actions()
            busy = [a for a in acts if not str(a).startswith(("chop", "end", "close"))]
            s = s.apply(pick.choice(busy if busy and pick.random() < 0.85 else acts))
        yield s


GAMES = [(seed, mode, house) for seed, (mode, house) in enumerate(
    [("family", "front"), ("experienced", "front"), ("family", "back"), ("experienced", "back")] * 3)]


@pytest.mark.parametrize("seed, mode, house", GAMES)
def test_every_position_of_a_seeded_game_round_trips(seed, mode, house):
    level = ("recruit", "veteran", "heroic")[seed % 3] if mode == "experienced" else None
    s = new_game(players=1 + seed % 6, seed=seed, mode=mode, level=level, building=house)
    seen = set()
    last = s
    for last in play(s, seed, 400):
        same_after_round_trip(last)
        seen.add(last.phase)
    assert {"setup", "actions", "fire"} <= seen
    assert last.to_dict()["building"] == house and last.to_dict()["options"]["mode"] == mode


def test_a_round_tripped_game_plays_on_exactly_like_the_original():
    original = list(play(new_game(players=3, seed=7, mode="experienced", level="heroic"), 7, 120))
    for k in (0, 10, 40, 80):
        copy_ = State.from_dict(original[k].to_dict())
        s = original[k]
        for nxt in original[k + 1:k + 25]:
            step = copy_.sample_chance() if copy_.is_chance_node else _action_between(s, nxt)
            copy_, s = copy_.apply(step), nxt
            assert copy_.to_dict() == s.to_dict()


def _action_between(s: State, nxt: State):
    for a in s.legal_actions():
        if s.apply(a).to_dict() == nxt.to_dict():
            return a
    raise AssertionError("no action leads there")


def test_the_setup_rolls_round_trip_before_they_are_made():
    s = initial_state(players=2, seed=5, mode="experienced", level="heroic")
    assert s.is_chance_node and s.pending[0].kind == "first-explosion"
    while s.is_chance_node:
        same_after_round_trip(s)
        s = s.apply(s.sample_chance())
    same_after_round_trip(s)
    assert s.phase == "setup" and len(s.hazmats) >= 1


def test_a_finished_game_round_trips():
    d = copy.deepcopy(BASE)
    d.update(phase="over", rescued=7, unknown_victims=5)
    s = State.from_dict(d)
    assert s.is_terminal and s.is_won and same_after_round_trip(s).is_won


def test_to_dict_is_plain_json():
    d = new_game(players=2, seed=3, mode="experienced", level="veteran").to_dict()
    assert json.loads(json.dumps(d)) == d
    assert d["game"] == "flashpoint" and d["building"] == "front" and d["phase"] == "setup"


# ---- malformed and unreachable positions -----------------------------------------------------------------------
def problems(base: dict = BASE, **changes) -> tuple[str, ...]:
    d = copy.deepcopy(base)
    d.update(changes)
    with pytest.raises(InvalidData) as err:
        State.from_dict(d)
    assert "Flash Point position is invalid" in str(err.value)
    for p in err.value.problems:
        assert p in str(err.value)
    return err.value.problems


def test_an_unknown_space_is_named():
    assert problems(fire=["9,9"]) == ("fire: no space '9,9' in Flash Point house (front side)",)
    assert problems(firefighters=[{"name": "red", "space": "0,10", "ap": 4}]) == (
        "firefighters[0] (red): no space '0,10' in Flash Point house (front side)",)


def test_fire_and_smoke_stay_inside():
    assert problems(fire=["0,0"], smoke=["7,9"]) == ("fire: 0,0 is outside the building",
                                                     "smoke: 7,9 is outside the building")


def test_fire_and_smoke_on_one_space():
    assert problems(fire=["3,4", "2,2"], smoke=["3,4"]) == (
        "fire/smoke: 3,4 has both; a space holds fire or smoke, not both",)


def test_victims_must_be_conserved():
    assert problems(unknown_victims=11) == (
        "victims: rescued 0 + lost 0 + on the board 0 + carried 0 + still face down 11 = 11, but there are 12",)
    pois = {"2,4": "victim", "5,1": "hidden", "5,8": "treated victim"}
    assert problems(pois=pois, rescued=2, lost=1) == (
        "victims: rescued 2 + lost 1 + on the board 2 + carried 0 + still face down 12 = 17, but there are 12",)


def test_face_down_markers_cannot_outnumber_the_unseen_ones():
    got = problems(pois={"2,4": "hidden", "5,1": "hidden", "5,8": "hidden", "1,1": "hidden"}, rescued=6, lost=3,
                   unknown_victims=3, unknown_false_alarms=0)
    assert got == ("pois: 4 face down on the board, but only 3 markers are still unseen",)


def test_too_many_damage_cubes():
    assert problems(damage_out=24, walls={"2,4|3,4": 1}) == (
        "walls: 25 damage cubes placed, but there are 24",
        "damage_out: 24 damage cubes out of play, but nothing gone off and no destroyed floor make 0",
        "phase: the game has ended (rescued 0, lost 0, damage 25), so the phase is 'over', got 'actions'")


def test_a_wall_holds_at_most_2_cubes():
    assert problems(walls={"2,4|3,4": 3}) == ("walls.2,4|3,4: input should be less than or equal to 2 (got 3)",)


def test_the_family_game_has_no_specialists_vehicles_hazmats_or_hot_spots():
    got = problems(firefighters=[{"name": "red", "space": "0,0", "role": "paramedic", "ap": 4}],
                   vehicles={"engine": "0,7"}, hazmats={"2,2": 1}, hot_spots=["3,3"])
    assert set(got) == {"firefighters[0] (red): the Family game has no specialists",
                        "vehicles.engine: the Family game has no vehicles",
                        "hot_spots/hazmats: the Family game has none"}


def test_game_over_needs_a_win_or_a_loss():
    assert problems(phase="over") == ("phase: 'over', but nobody has won or lost",)


def test_a_won_game_must_be_over():
    assert problems(rescued=7, unknown_victims=5) == (
        "phase: the game has ended (rescued 7, lost 0, damage 0), so the phase is 'over', got 'actions'",)


def test_firefighters_are_named_by_colour_in_turn_order():
    ffs = [{"name": "blue", "space": "0,0"}, {"name": "red", "space": "0,1"}]
    assert problems(firefighters=ffs) == (
        "firefighters: with 2 firefighters the names are red, blue in turn order, got blue, red",)


def test_a_wall_edge_must_be_a_wall_and_a_door_edge_a_door():
    assert problems(walls={"3,4|3,5": 1, "4,4|5,4": 1}, doors={"2,4|3,4": "open"}) == (
        "walls.3,4|3,5: 3,4|3,5 is no wall/light wall/window (it is open)",
        "walls.4,4|5,4: 4,4|5,4 is no wall/light wall/window (it is a door)",
        "doors.2,4|3,4: 2,4|3,4 is no door/fireproof door/window (it is a wall)")
    assert problems(walls={"banana": 1}) == (
        "walls.banana: 'banana' is not an edge between two spaces of Flash Point house (front side)",)


def test_an_edge_between_spaces_that_do_not_touch_is_named_as_such():
    (problem,) = problems(walls={"1,1|5,5": 1})
    assert "open" not in problem and "adjacent" in problem


@pytest.mark.parametrize("changes, expected", [
    ({"fire": "3,4"}, "fire: input should be a valid list (got '3,4')"),
    ({"turn": "0"}, "turn: input should be a valid integer (got '0')"),
    ({"firefighters": "red"}, "firefighters: input should be a valid list (got 'red')"),
    ({"doors": {"4,4|5,4": "ajar"}}, ("doors.4,4|5,4: input should be 'closed', 'open', 'destroyed' or 'jammed' "
                                     "(got 'ajar')")),
    ({"pending": [{"kind": "dance"}]}, ("pending[0].kind: input should be 'roll', 'first-explosion', 'reveal', "
                                       "'fireproof', 'spill', 'knock-down', 'lost', 'replenish' or 'next-turn' "
                                       "(got 'dance')")),
    ({"colour": "red"}, "colour: unknown field (not part of this format)"),
    ({"phase": "lunch"}, None),
    ({"rescued": -1}, None),
    ({"pois": {"2,4": "ghost"}}, None),
])
def test_bad_json_types_are_reported_by_field(changes, expected):
    got = problems(**changes)
    assert len(got) == 1
    field = next(iter(changes))
    assert got[0].startswith(field)
    if expected is not None:
        assert got[0] == expected


@pytest.mark.parametrize("data", [[], None, "flashpoint", 5])
def test_a_position_that_is_not_an_object_is_refused(data):
    with pytest.raises(InvalidData) as err:
        State.from_dict(data)
    assert err.value.problems == (f"(top level): input should be a valid dictionary (got {data!r})",)


def test_every_problem_is_listed_at_once():
    got = problems(fire=["9,9", "3,4"], smoke=["3,4"], unknown_victims=10, walls={"3,4|3,5": 1},
                   firefighters=[{"name": "blue", "space": "0,0", "role": "driver"}], phase="over")
    assert set(got) == {
        "fire: no space '9,9' in Flash Point house (front side)",
        "fire/smoke: 3,4 has both; a space holds fire or smoke, not both",
        "walls.3,4|3,5: 3,4|3,5 is no wall/light wall/window (it is open)",
        "firefighters: with 1 firefighters the names are red in turn order, got blue",
        "firefighters[0] (blue): the Family game has no specialists",
        "victims: rescued 0 + lost 0 + on the board 0 + carried 0 + still face down 10 = 10, but there are 12",
        "phase: 'over', but nobody has won or lost"}


def test_experienced_pieces_are_checked_too():
    ffs = [{"name": "red", "space": "0,0", "role": "paramedic"}, {"name": "blue", "space": "0,1", "role": "paramedic"}]
    assert set(problems(EXP_BASE, firefighters=ffs, vehicles={"engine": "3,0", "ambulance": "3,0"},
                        hazmats={"2,2": 4, "3,3": 3})) == {
        "firefighters: each specialist card is held once, got paramedic, paramedic",
        "vehicles.engine: 3,0 is not on a parking spot of the engine",
        "hazmats: 7 in play, but there are 6"}


def test_a_firefighter_cannot_carry_on_a_space_on_fire():
    assert problems(fire=["3,4"], unknown_victims=11, firefighters=[{"name": "red", "space": "3,4",
                                                                     "carrying": "victim"}]) == (
        "firefighters[0] (red): carries a victim on a space on fire; the fire would have taken it",)


def test_an_unknown_building_is_named():
    assert problems(building="castle") == (
        ("building: no shipped building 'castle'; known: front, back, garage, laboratory, garage_basement, "
        "laboratory_attic (or give the whole building)"),)


def test_points_of_interest_lie_inside_the_building():
    assert problems(pois={"0,0": "hidden", "5,1": "hidden", "5,8": "hidden"}) == (
        "pois: 0,0 is outside the building",)


def test_hazmats_lie_inside_the_building():
    assert problems(EXP_BASE, hazmats={"0,0": 1}) == ("hazmats: 0,0 is outside the building",)


def test_an_experienced_game_under_way_has_its_vehicles_parked():
    assert problems(EXP_BASE, vehicles={}) == (
        "vehicles: once an Experienced game is under way, the engine and the ambulance are parked",)


def test_a_pending_roll_with_an_unknown_purpose_is_refused():
    assert problems(phase="fire", pending=[{"kind": "roll", "purpose": "bogus"}, {"kind": "next-turn"}]) == (
        "pending[0]: a roll bogus step cannot be due in phase 'fire'",
        "pending[0] (roll): purpose 'bogus' is not one of deck-gun, explosion, family-explosion, fire, flare-up, "
        "hazmat, hot-spot, poi, setup-poi")


def test_a_pending_reveal_needs_a_face_down_point_of_interest():
    assert problems(pending=[{"kind": "reveal", "purpose": "entered", "space": "3,4"}]) == (
        "pending[0] (reveal): 3,4 holds no face-down point of interest to turn over",)


def test_the_headline_names_the_whole_position_whatever_the_problems():
    """A point of interest on fire used to rename the error's headline 'a victim is invalid (1 problem)'."""
    d = copy.deepcopy(BASE)
    d.update(fire=["2,4"], pois={"2,4": "victim", "5,1": "hidden", "5,8": "hidden"}, unknown_victims=11,
             smoke=["9,9"])
    with pytest.raises(InvalidData) as err:
        State.from_dict(d)
    assert str(err.value).splitlines()[0] == "Flash Point position is invalid (2 problems):"
    assert err.value.problems == ("smoke: no space '9,9' in Flash Point house (front side)",
                                  "pois.2,4: a victim on a space on fire; the fire phase would have taken it")


LAB = position_builder("laboratory", mode="experienced", firefighters=["0,2"]).to_dict()
"""The Laboratory (two storeys) in a veteran game, red outside on 0,2 (the public builder)."""


def test_a_firefighter_stands_in_the_air_only_on_a_ladder_top_or_the_platform():
    """flashpoint.assume.air: an upper storey's outside ring holds a firefighter only on a raised ladder's top
    segment or the raised platform (else it could open and chop from the air)."""
    air = [{"name": "red", "space": "second:0,2", "role": "generalist", "ap": 5}]
    assert problems(LAB, firefighters=air) == (
        "firefighters[0] (red): stands in the air at second:0,2, outside an upper storey, with no raised ladder's "
        "top or hydraulic platform there",)
    State.from_dict({**LAB, "firefighters": air, "ladders": ["raised:0,2|second:0,2", "engine"]})


def test_the_cubes_out_of_play_match_the_objects_gone_off_and_the_destroyed_floors():
    """flashpoint.ed.objects, flashpoint.ed.floor: an object gone off takes its capacity out of play (small lab
    equipment 2, toxic 3), a destroyed floor 2; only the collapse may leave some unplaced."""
    gone = {**LAB, "objects": {"large-equipment": 0}}
    assert problems(gone, damage_out=0) == (
        "damage_out: 0 damage cubes out of play, but the toxic-equipment gone off (3) + the small-equipment gone off "
        "(2) make 5",)
    assert State.from_dict({**gone, "damage_out": 5}).damage == 5
    assert problems(LAB, damage_out=1) == (
        "damage_out: 1 damage cubes out of play, but nothing gone off and no destroyed floor make 0",)


def test_every_problem_of_the_air_and_of_the_cubes_out_of_play_is_listed_at_once():
    air = [{"name": "red", "space": "second:0,2", "role": "generalist", "ap": 5}]
    got = problems({**LAB, "objects": {"large-equipment": 0}}, firefighters=air, damage_out=0)
    assert len(got) == 2 and got[0].startswith("firefighters[0] (red): stands in the air") and got[1].startswith(
        "damage_out: 0 damage cubes out of play")


# ---- the text board (str(state)) shows everything the position holds -------------------------------------------
def _edge_of(key: str, kind: str) -> str:
    """The first edge of ``kind`` in the shipped building ``key``, in notation order."""
    from explorer.flashpoint import Building
    return min("|".join(sorted(e)) for e, edge in Building.named(key).edges.items() if edge.kind == kind)


GARAGE_KW = dict(building="garage_basement", mode="experienced", firefighters=["0,2", "0,3"])
LAB_KW = dict(building="laboratory_attic", mode="experienced", firefighters=["0,2", "0,3"],
              options={"platform": True})
_JAM = _edge_of("garage_basement", "fireproof_door")
_AIR = [{"space": "second:1,0"}, "0,3"]
TEXT_VARIANTS = {  # name: (the builder's arguments before, the one fact changed)
    "the car damaged": (GARAGE_KW, dict(objects={"car": 1})),
    "the car gone off": (GARAGE_KW, dict(objects={}, fire=["2,2", "2,3"], hot_spots=["2,2", "2,3"])),
    "lab equipment damaged": (LAB_KW, dict(objects={"large-equipment": 0, "small-equipment": 1,
                                                    "toxic-equipment": 0})),
    "toxic markers": (dict(LAB_KW, objects={"large-equipment": 0, "small-equipment": 0}), dict(toxic=["5,4"])),
    "a damaged floor": (GARAGE_KW, dict(floors={"3,2": "damaged"})),
    "a destroyed floor": (GARAGE_KW, dict(floors={"3,2": "destroyed"})),
    "a ladder raised": (dict(LAB_KW, ladders=["lying:0,2", "engine"]),
                        dict(ladders=["raised:0,2|second:0,2", "engine"])),
    "a ladder carried": (LAB_KW, dict(ladders=["carried:red", "engine"])),
    "a jam marker": (GARAGE_KW, dict(jams={_JAM: 1})),
    "a second jam marker": (dict(GARAGE_KW, jams={_JAM: 1}), dict(jams={_JAM: 2})),
    "a wall cube": (GARAGE_KW, dict(walls={_edge_of("garage_basement", "wall"): 1})),
    "the platform raised": (dict(LAB_KW, firefighters=_AIR, ladders=["raised:1,0|second:1,0", "engine"]),
                            dict(platform="second:1,0", ladders=["engine", "engine"])),
    "blue to act": (GARAGE_KW, dict(to_act="blue")),
    "red's AP": (GARAGE_KW, dict(firefighters=[{"space": "0,2", "ap": 2}, "0,3"])),
    "hot-spot supply": (GARAGE_KW, dict(hot_spot_supply=3)),
}


def _variant(name: str) -> tuple[State, State]:
    before, change = TEXT_VARIANTS[name]
    return position_builder(**before), position_builder(**{**before, **change})


@pytest.mark.parametrize("name", list(TEXT_VARIANTS))
def test_the_text_board_shows_everything_the_position_holds(name):
    """Two positions that differ in any one piece give different text (the car, the lab equipment, toxic markers,
    floor damage, ladders, jams, cubes, the platform, whose turn, AP, supplies)."""
    before, after = _variant(name)
    assert before.to_dict() != after.to_dict()
    assert str(before) != str(after), name
