"""Advance fire, one rule per test, on small literal positions of the front house with exact outcomes.

Rules: ``bonfire_flashpoint_sources.md`` B.5 (order of the fire phase, replenishing points of interest), B.7
(smoke, explosion, shockwave, doors, flashover, hazmats, hot spots, knock-down, lost victims), B.8 (the end),
B.1 (12 victims, 6 false alarms, 24 damage cubes, red d6 x black d8) and the engine's named assumptions
(``flashpoint.assume.*``). Extreme Danger only for the fireproof door's red-die step (seed 003, sources C.2).

Every position is built with ``State.from_dict`` from an empty front house (no fire, three face-down points of
interest on 1,1, 1,8 and 6,1, far from the action); the firefighter ends the turn and the roll is forced with
``roll R B``. Front-house facts used (``data/house_front.yaml``, sources B.3): walls 2,4|3,4, 2,3|3,3,
2,3|2,4, 4,2|4,3, 4,5|5,5, 3,6|3,7; doors 3,2|3,3, 4,4|5,4, 4,6|4,7; entrance 6,3 south; rows 3 and 4 are
open to each other; 2,2 has no wall around it.
"""

from __future__ import annotations

import inspect
from fractions import Fraction

import pytest

from explorer.flashpoint import position as build
from explorer.flashpoint.state import State, Step

BUILDER_ARGS = set(inspect.signature(build).parameters)
FAR_POIS = {"1,1": "hidden", "1,8": "hidden", "6,1": "hidden"}


def ff(space: str = "0,0", **kw) -> dict:
    return {"space": space, "ap": 4, **kw}


def position(*, fire=(), smoke=(), pois=None, walls=None, doors=None, firefighters=None, experienced=False,
             hazmats=None, hot_spots=(), hot_spot_supply=None, vehicles=None, rescued=0, lost=0,
             unknown_victims=None, **fields) -> State:
    """The front house with only the pieces given, through the public builder (``explorer.flashpoint.position``);
    red to act (or the listed firefighters, named in order; Generalists in the Experienced game unless told);
    in the Experienced game the engine on 0,7, the ambulance on 3,0 and 12 hot spots in the supply unless told.
    Fields the builder does not take (``unknown_victims``...) are set in the position format and read back."""
    fighters = [dict(f) for f in (firefighters or [ff()])]
    for f in fighters:
        f.setdefault("role", "generalist" if experienced else "firefighter")
    given = {k: v for k, v in fields.items() if k in BUILDER_ARGS}
    s = build("front", firefighters=fighters, mode="experienced" if experienced else "family",
              pois=dict(FAR_POIS if pois is None else pois), fire=fire, smoke=smoke, walls=walls, doors=doors,
              hazmats=hazmats, hot_spots=hot_spots, rescued=rescued, lost=lost,
              hot_spot_supply=(12 if hot_spot_supply is None else hot_spot_supply) if experienced else None,
              vehicles=dict(vehicles or {"engine": "0,7", "ambulance": "3,0"}) if experienced else None, **given)
    rest = {k: v for k, v in fields.items() if k not in BUILDER_ARGS}
    if unknown_victims is not None:
        rest["unknown_victims"] = unknown_victims
    return State.from_dict({**s.to_dict(), **rest}) if rest else s


def advance(s: State, red: int, black: int) -> State:
    """End red's turn and roll the fire to ``red,black``."""
    return s.apply("end").apply(f"roll {red} {black}")


def fire_rules(s: State) -> list[str]:
    """The rule ids of the last apply's fire events (the turn's bookkeeping left out)."""
    return [e.rule.id for e in s.events if not e.rule.id.startswith("flashpoint.turn.")]


# ---- smoke, fire, explosion ------------------------------------------------------------------------------------
def test_roll_on_an_empty_space_places_smoke():
    s = advance(position(), 3, 4)
    assert (set(s.fire), set(s.smoke)) == (set(), {"3,4"})
    assert fire_rules(s) == ["flashpoint.fire.smoke"]
    assert s.last_roll == (3, 4) and s.phase == "actions" and s.firefighter.ap == 8


def test_roll_on_smoke_turns_it_to_fire():
    s = advance(position(smoke=["3,4"]), 3, 4)
    assert (set(s.fire), set(s.smoke)) == ({"3,4"}, set())
    assert fire_rules(s) == ["flashpoint.fire.smoke"]


def test_roll_on_fire_explodes_in_all_four_directions():
    s = advance(position(fire=["2,2"]), 2, 2)
    assert set(s.fire) == {"2,2", "1,2", "2,3", "3,2", "2,1"} and not s.smoke
    assert s.wall_damage == {} and s.damage == 0
    assert fire_rules(s) == ["flashpoint.fire.explosion"] * 5
    assert {sp for e in s.events if e.rule.id == "flashpoint.fire.explosion" for sp in e.spaces} == \
        {"2,2", "1,2", "2,3", "3,2", "2,1"}


def test_explosion_next_to_a_wall_damages_it_and_fires_the_other_three_sides():
    s = advance(position(fire=["3,4"]), 3, 4)
    assert set(s.fire) == {"3,4", "3,3", "3,5", "4,4"}
    assert s.to_dict()["walls"] == {"2,4|3,4": 1} and s.damage == 1 and s.damage_left == 23
    assert sorted(fire_rules(s)) == sorted(["flashpoint.fire.explosion"] * 4 + ["flashpoint.fire.damage"])


def test_explosion_turns_smoke_on_a_neighbour_into_fire():
    s = advance(position(fire=["2,2"], smoke=["1,2"]), 2, 2)
    assert set(s.fire) == {"2,2", "1,2", "2,3", "3,2", "2,1"} and not s.smoke


# ---- shockwaves ------------------------------------------------------------------------------------------------
def test_shockwave_travels_through_fire_and_ignites_the_first_space_without_fire():
    s = advance(position(fire=["3,4", "3,5"]), 3, 4)
    assert set(s.fire) == {"3,4", "3,5", "3,6", "3,3", "4,4"}
    assert s.to_dict()["walls"] == {"2,4|3,4": 1}
    shock = [e for e in s.events if e.rule.id == "flashpoint.fire.shockwave"]
    assert [e.spaces for e in shock] == [("3,5",)]


def test_shockwave_ending_on_a_wall_damages_it_and_places_no_fire():
    s = advance(position(fire=["3,4", "3,5", "3,6"]), 3, 4)
    assert set(s.fire) == {"3,4", "3,5", "3,6", "3,3", "4,4"}
    assert s.to_dict()["walls"] == {"2,4|3,4": 1, "3,6|3,7": 1}
    assert "3,7" not in s.fire and s.damage == 2
    assert [e.spaces for e in s.events if e.rule.id == "flashpoint.fire.shockwave"] == [("3,5",), ("3,6",)]


# ---- doors and walls in the blast -----------------------------------------------------------------------------
def test_closed_door_stops_the_blast_and_is_blown_off():
    s = advance(position(fire=["4,4"]), 4, 4)
    assert s.to_dict()["doors"] == {"4,4|5,4": "destroyed"}
    assert "5,4" not in s.fire and set(s.fire) == {"4,4", "3,4", "4,5", "4,3"}
    assert s.damage == 0 and s.to_dict()["walls"] == {}
    assert "flashpoint.fire.door-blown" in fire_rules(s)


def test_open_door_is_blown_off_and_the_blast_goes_through():
    s = advance(position(fire=["4,4"], doors={"4,4|5,4": "open"}), 4, 4)
    assert s.to_dict()["doors"] == {"4,4|5,4": "destroyed"}
    assert set(s.fire) == {"4,4", "3,4", "4,5", "4,3", "5,4"}
    assert s.damage == 0


def test_shockwave_blows_off_a_closed_door_at_the_end_of_a_line_of_fire():
    s = advance(position(fire=["3,4", "4,4"]), 3, 4)
    assert s.to_dict()["doors"] == {"4,4|5,4": "destroyed"}
    assert "5,4" not in s.fire and set(s.fire) == {"3,4", "4,4", "3,3", "3,5"}
    assert s.to_dict()["walls"] == {"2,4|3,4": 1}


def test_destroyed_door_lets_the_blast_through_without_an_event():
    s = advance(position(fire=["4,4"], doors={"4,4|5,4": "destroyed"}), 4, 4)
    assert "5,4" in s.fire and "flashpoint.fire.door-blown" not in fire_rules(s)


def test_a_damaged_wall_takes_its_second_cube_and_is_destroyed():
    s = advance(position(fire=["3,4"], walls={"2,4|3,4": 1}), 3, 4)
    assert s.to_dict()["walls"] == {"2,4|3,4": 2} and s.damage == 2
    assert "2,4" not in s.fire
    dmg = [e for e in s.events if e.rule.id == "flashpoint.fire.damage"]
    assert len(dmg) == 1 and "destroyed" in dmg[0].describe()


def test_a_destroyed_wall_lets_the_blast_through():
    s = advance(position(fire=["3,4"], walls={"2,4|3,4": 2}), 3, 4)
    assert s.to_dict()["walls"] == {"2,4|3,4": 2} and s.damage == 2
    assert set(s.fire) == {"3,4", "2,4", "3,3", "3,5", "4,4"}


def test_a_blast_out_through_an_entrance_has_no_effect_outside():
    s = advance(position(fire=["6,3"]), 6, 3)
    assert set(s.fire) == {"6,3", "5,3", "6,2", "6,4"}
    assert "7,3" not in s.fire and s.damage == 0
    assert all(s.building.spaces_by_id[x].inside for x in s.fire)


def test_a_shockwave_reaching_an_entrance_stops_outside():
    s = advance(position(fire=["5,3", "6,3"]), 5, 3)
    assert set(s.fire) == {"5,3", "6,3", "5,2", "5,4"}
    assert s.to_dict()["walls"] == {"4,3|5,3": 1}
    assert "7,3" not in s.fire


def test_a_blast_on_the_outside_wall_damages_it():
    s = advance(position(fire=["1,2"], pois={"1,8": "hidden", "6,1": "hidden", "6,8": "hidden"}), 1, 2)
    assert s.to_dict()["walls"] == {"0,2|1,2": 1}
    assert set(s.fire) == {"1,2", "1,3", "2,2", "1,1"}
    assert "0,2" not in s.fire


# ---- flashover ------------------------------------------------------------------------------------------------
def test_flashover_chains_through_smoke_and_is_stopped_by_walls_and_closed_doors():
    s = advance(position(smoke=["4,3", "4,4", "4,5", "4,6", "4,7", "4,2", "5,5"]), 4, 3)
    assert set(s.fire) == {"4,3", "4,4", "4,5", "4,6"}
    assert set(s.smoke) == {"4,7", "4,2", "5,5"}      # door 4,6|4,7 closed; walls 4,2|4,3 and 4,5|5,5
    assert fire_rules(s) == ["flashpoint.fire.smoke"] + ["flashpoint.fire.flashover"] * 3


def test_flashover_passes_an_open_door():
    s = advance(position(smoke=["4,3", "4,4", "4,5", "4,6", "4,7", "4,8"], doors={"4,6|4,7": "open"}), 4, 3)
    assert set(s.fire) == {"4,3", "4,4", "4,5", "4,6", "4,7", "4,8"} and not s.smoke
    assert s.to_dict()["doors"] == {"4,6|4,7": "open"}


def test_smoke_rolled_next_to_fire_flashes_over_at_once():
    s = advance(position(fire=["3,5"]), 3, 4)
    assert (set(s.fire), set(s.smoke)) == ({"3,4", "3,5"}, set())
    assert fire_rules(s) == ["flashpoint.fire.smoke", "flashpoint.fire.flashover"]


def test_smoke_rolled_behind_a_wall_from_the_fire_stays_smoke():
    s = advance(position(fire=["2,4"]), 3, 4)
    assert (set(s.fire), set(s.smoke)) == ({"2,4"}, {"3,4"})


def test_flashover_follows_an_explosion():
    s = advance(position(fire=["2,2"], smoke=["1,3", "1,4"]), 2, 2)
    # 1,2 catches fire from the blast; 1,3 is open to it; 1,4 is behind the closed door 1,3|1,4
    assert "1,3" in s.fire and "1,4" in s.smoke


# ---- hazmats and hot spots (Experienced) ------------------------------------------------------------------------
def test_stacked_hazmats_explode_once_each_and_leave_one_hot_spot():
    s = advance(position(experienced=True, smoke=["2,2"], hazmats={"2,2": 2}), 2, 2)
    assert set(s.fire) == {"2,2", "1,2", "2,3", "3,2", "2,1", "4,2"}
    assert s.to_dict()["walls"] == {"0,2|1,2": 1, "2,0|2,1": 1, "2,3|2,4": 1}
    assert s.hazmats == {} and set(s.hot_spots) == {"2,2"} and s.hot_spot_supply == 11
    assert fire_rules(s) == (["flashpoint.fire.smoke", "flashpoint.fire.hazmat"] + ["flashpoint.fire.explosion"] * 4
                             + ["flashpoint.fire.hazmat",
                                "flashpoint.fire.shockwave", "flashpoint.fire.damage",
                                "flashpoint.fire.shockwave", "flashpoint.fire.damage",
                                "flashpoint.fire.shockwave", "flashpoint.fire.explosion",
                                "flashpoint.fire.shockwave", "flashpoint.fire.damage",
                                "flashpoint.fire.hazmat"])
    assert s.pending == ()      # the target held no hot spot: no flare-up


def test_a_hazmat_reached_by_an_explosion_goes_off_too():
    s = advance(position(experienced=True, fire=["3,4"], hazmats={"3,5": 1}), 3, 4)
    assert s.hazmats == {}
    assert set(s.hot_spots) == {"3,4", "3,5"}       # the target's explosion and the hazmat's
    # the hazmat on 3,5 explodes: north wall 2,5|3,5, west shockwave through 3,4 to 3,3 (fire), south 4,5
    assert set(s.fire) == {"3,4", "3,3", "3,5", "4,4", "3,6", "4,5"}
    assert s.to_dict()["walls"] == {"2,4|3,4": 1, "2,5|3,5": 1}


def test_a_hot_spot_on_the_target_queues_a_flare_up_roll():
    s = advance(position(experienced=True, hot_spots=["3,4"]), 3, 4)
    assert set(s.smoke) == {"3,4"}
    assert s.is_chance_node and s.pending == (Step("roll", "flare-up"), Step("knock-down"), Step("lost"),
                                              Step("replenish"), Step("next-turn"))
    assert fire_rules(s) == ["flashpoint.fire.smoke", "flashpoint.fire.flare-up"]
    s = s.apply("roll 3 4")                     # flares up on itself again: smoke to fire
    assert set(s.fire) == {"3,4"} and s.pending[0] == Step("roll", "flare-up")
    s = s.apply("roll 5 3")                     # no hot spot there: the fire phase goes on to the next turn
    assert set(s.smoke) == {"5,3"} and s.phase == "actions" and s.pending == ()
    assert s.hot_spots == frozenset({"3,4"}) and s.hot_spot_supply == 12


def test_a_hot_spot_makes_no_flare_up_in_the_family_game():
    # The Family game has no hot spots (from_dict refuses them); one forced in must still not flare up.
    s = position(smoke=["3,4"]).replace(hot_spots=frozenset({"3,4"}))
    s = advance(s, 3, 4)
    assert "flashpoint.fire.flare-up" not in fire_rules(s) and s.phase == "actions"


def test_an_explosion_on_the_target_leaves_a_hot_spot():
    s = advance(position(experienced=True, fire=["2,2"]), 2, 2)
    assert set(s.hot_spots) == {"2,2"} and s.hot_spot_supply == 11
    assert fire_rules(s)[-1] == "flashpoint.assume.hot-spot-at-explosion"
    assert s.pending == ()


def test_no_hot_spot_is_left_when_the_supply_is_empty():
    s = advance(position(experienced=True, fire=["2,2"], hot_spot_supply=0), 2, 2)
    assert s.hot_spots == frozenset() and s.hot_spot_supply == 0
    assert "flashpoint.assume.hot-spot-at-explosion" not in fire_rules(s)


def test_an_explosion_on_a_hot_spot_flares_up_without_a_second_marker():
    s = advance(position(experienced=True, fire=["2,2"], hot_spots=["2,2"], hot_spot_supply=11), 2, 2)
    assert s.hot_spots == frozenset({"2,2"}) and s.hot_spot_supply == 11
    assert s.pending[0] == Step("roll", "flare-up")


def test_the_family_game_never_places_hot_spots():
    s = advance(position(fire=["2,2"]), 2, 2)
    assert s.hot_spots == frozenset() and s.hot_spot_supply == 0


# ---- knock-downs -----------------------------------------------------------------------------------------------
def test_family_knock_down_goes_to_the_nearest_ambulance_parking_space():
    s = advance(position(smoke=["5,7"], firefighters=[ff("5,7")]), 5, 7)
    assert s.firefighters[0].space == "4,9"          # 4,9 is 3 away; 3,9 and 7,4 are 4 and 5 away
    assert fire_rules(s) == ["flashpoint.fire.smoke", "flashpoint.fire.knock-down"]


def test_experienced_knock_down_goes_to_the_ambulance():
    s = advance(position(experienced=True, smoke=["5,7"], firefighters=[ff("5,7")]), 5, 7)
    assert s.firefighters[0].space == "4,0"          # the ambulance on 3,0/4,0: 4,0 is the nearer half


def test_a_knocked_down_firefighter_loses_the_carried_victim():
    s = advance(position(smoke=["5,7"], firefighters=[ff("5,7", carrying="victim")]), 5, 7)
    f = s.firefighters[0]
    assert (f.space, f.carrying, s.lost, s.rescued) == ("4,9", None, 1, 0)
    assert "flashpoint.fire.lost" in fire_rules(s)


def test_a_firefighter_next_to_the_fire_is_not_knocked_down():
    s = advance(position(smoke=["5,7"], firefighters=[ff("5,6")]), 5, 7)
    assert s.firefighters[0].space == "5,6"


# ---- points of interest in the fire ---------------------------------------------------------------------------
def test_a_face_down_poi_in_fire_is_turned_over_as_a_chance_step():
    s = advance(position(smoke=["3,4"], pois={**FAR_POIS, "3,4": "hidden"}), 3, 4)
    assert s.is_chance_node and s.pending[0] == Step("reveal", "fire", "3,4")
    assert {str(a): p for a, p in s.chance_outcomes()} == {"reveal victim": Fraction(12, 18),
                                                                  "reveal false-alarm": Fraction(6, 18)}


def test_a_face_down_victim_in_fire_is_lost():
    s = advance(position(smoke=["3,4"], pois={**FAR_POIS, "3,4": "hidden"}), 3, 4).apply("reveal victim")
    assert (s.lost, s.unknown_victims, s.unknown_false_alarms) == (1, 11, 6)
    assert "3,4" not in s.pois and "flashpoint.fire.lost" in fire_rules(s)


def test_a_face_down_false_alarm_in_fire_is_just_removed():
    s = advance(position(smoke=["3,4"], pois={**FAR_POIS, "3,4": "hidden"}), 3, 4).apply("reveal false-alarm")
    assert (s.lost, s.unknown_victims, s.unknown_false_alarms) == (0, 12, 5)
    assert "3,4" not in s.pois and "flashpoint.fire.lost" not in fire_rules(s)


def test_a_revealed_victim_in_fire_is_lost():
    s = advance(position(smoke=["3,4"], pois={"1,1": "hidden", "1,8": "hidden", "3,4": "victim"}), 3, 4)
    assert s.lost == 1 and "3,4" not in s.pois and s.unknown_victims == 11
    assert "flashpoint.fire.lost" in fire_rules(s)


def test_a_treated_victim_in_fire_is_lost_too():
    s = advance(position(experienced=True, smoke=["3,4"],
                         pois={"1,1": "hidden", "1,8": "hidden", "3,4": "treated victim"}), 3, 4)
    assert s.lost == 1 and "3,4" not in s.pois


def test_a_victim_next_to_the_fire_is_safe():
    s = advance(position(smoke=["3,4"], pois={"1,1": "hidden", "1,8": "hidden", "3,5": "victim"}), 3, 4)
    assert s.lost == 0 and s.pois["3,5"] == "victim"


# ---- replenishing points of interest ---------------------------------------------------------------------------
def two_pois() -> State:
    return position(pois={"1,1": "hidden", "1,8": "hidden"})


def test_points_of_interest_are_replenished_to_three():
    s = advance(two_pois(), 5, 3)
    assert s.is_chance_node and s.pending[0] == Step("roll", "poi")
    s = s.apply("roll 4 5")
    assert s.pois == {"1,1": "hidden", "1,8": "hidden", "4,5": "hidden"}
    assert s.phase == "actions" and s.pending == ()
    assert next(e.rule.id for e in s.events) == "flashpoint.poi.replenish"


def test_a_carried_victim_counts_towards_the_three():
    s = advance(position(pois={"1,1": "hidden", "1,8": "hidden"}, firefighters=[ff("0,0", carrying="victim")]),
                5, 3)
    assert s.phase == "actions" and s.pending == () and len(s.pois) == 2


def test_a_replenish_roll_onto_a_point_of_interest_is_rolled_again():
    s = advance(two_pois(), 5, 3).apply("roll 1 1")
    assert s.pending[0] == Step("roll", "poi") and s.pois == {"1,1": "hidden", "1,8": "hidden"}
    assert [e.rule.id for e in s.events] == ["flashpoint.poi.replenish"]


def test_a_replenished_point_of_interest_removes_fire_on_its_space():
    s = advance(position(pois={"1,1": "hidden", "1,8": "hidden"}, fire=["4,5"]), 5, 3).apply("roll 4 5")
    assert "4,5" not in s.fire and s.pois["4,5"] == "hidden"


def test_a_replenished_point_of_interest_removes_smoke_on_its_space():
    s = advance(position(pois={"1,1": "hidden", "1,8": "hidden"}, smoke=["4,5"]), 5, 3).apply("roll 4 5")
    assert set(s.smoke) == {"5,3"} and s.pois["4,5"] == "hidden"


def test_a_point_of_interest_placed_on_a_firefighter_is_turned_over():
    s = advance(position(pois={"1,1": "hidden", "1,8": "hidden"}, firefighters=[ff("4,5")]), 5, 3).apply("roll 4 5")
    assert s.is_chance_node and s.pending[0] == Step("reveal", "placed", "4,5")
    s = s.apply("reveal victim")
    assert s.pois["4,5"] == "victim" and s.unknown_victims == 11 and s.lost == 0 and s.phase == "actions"


# ---- the end ---------------------------------------------------------------------------------------------------
def test_the_seventh_rescue_wins():
    s = position(rescued=6, firefighters=[ff("1,6", carrying="victim")]).apply("move 0,6")
    assert (s.rescued, s.phase, s.is_won, s.is_lost, s.is_terminal) == (7, "over", True, False, True)
    assert [e.rule.id for e in s.events][-1] == "flashpoint.end.win"
    assert s.scores()["red"]["rescued"] == 7
    assert s.legal_actions() == []


def test_the_fourth_lost_victim_loses():
    s = advance(position(lost=3, smoke=["3,4"], pois={**FAR_POIS, "3,4": "victim"}), 3, 4)
    assert (s.lost, s.phase, s.is_lost, s.is_won) == (4, "over", True, False)
    assert [e.rule.id for e in s.events][-1] == "flashpoint.end.lost"


# 23 cubes away from the action: 11 destroyed outside walls (2 each) and one damaged (1).
WORN_OUT = {w: 2 for w in ("1,8|1,9", "2,8|2,9", "3,8|3,9", "5,8|5,9", "6,8|6,9", "6,1|7,1", "6,2|7,2",
                           "6,4|7,4", "6,5|7,5", "6,6|7,6", "6,7|7,7")} | {"6,8|7,8": 1}


def test_the_24th_damage_cube_collapses_the_building():
    s = position(walls=WORN_OUT, fire=["3,4"])
    assert s.damage == 23 and s.damage_left == 1 and s.phase == "actions"
    s = advance(s, 3, 4)
    assert (s.damage, s.damage_left, s.phase, s.is_lost) == (24, 0, "over", True)
    assert s.to_dict()["walls"]["2,4|3,4"] == 1
    assert [e.rule.id for e in s.events][-1] == "flashpoint.end.collapse"
    assert s.scores()["red"]["damage left"] == 0


# ---- the dice --------------------------------------------------------------------------------------------------
def test_a_fire_roll_has_48_equally_likely_outcomes():
    s = position().apply("end")
    outcomes = s.chance_outcomes()
    assert len(outcomes) == 48
    assert {str(a) for a, _ in outcomes} == {f"roll {r} {b}" for r in range(1, 7) for b in range(1, 9)}
    assert all(p == Fraction(1, 48) for _, p in outcomes)
    assert sum(p for _, p in outcomes) == 1


@pytest.mark.parametrize("victims, false_alarms", [(3, 3), (5, 1), (8, 2), (12, 6)])
def test_reveal_probability_is_unseen_victims_over_unseen_markers(victims, false_alarms):
    rescued = min(6, 12 - victims)
    s = position(smoke=["3,4"], pois={**FAR_POIS, "3,4": "hidden"}, rescued=rescued, lost=12 - victims - rescued,
                 unknown_victims=victims, unknown_false_alarms=false_alarms)
    s = advance(s, 3, 4)
    assert {str(a): p for a, p in s.chance_outcomes()} == {
        "reveal victim": Fraction(victims, victims + false_alarms),
        "reveal false-alarm": Fraction(false_alarms, victims + false_alarms)}


def test_with_no_false_alarm_left_a_face_down_marker_is_surely_a_victim():
    s = position(smoke=["3,4"], pois={"1,1": "hidden", "3,4": "hidden"}, rescued=6, lost=3, unknown_victims=3,
                 unknown_false_alarms=0)
    s = advance(s, 3, 4)
    assert [(str(a), p) for a, p in s.chance_outcomes()] == [("reveal victim", Fraction(1))]


# ---- Extreme Danger: a fireproof door in the blast ---------------------------------------------------------------
def garage(**fields) -> State:
    """The garage with its car standing, red outside on 0,0 with 4 AP, fire on 4,4 (the public builder)."""
    return build("garage", firefighters=["0,0"], fire=["4,4"],
                 pois={"1,8": "hidden", "6,1": "hidden", "5,6": "hidden"}, **fields)


def test_a_closed_fireproof_door_holds_and_rolls_the_red_die():
    s = advance(garage(), 4, 4)
    assert s.is_chance_node and s.pending[0] == Step("fireproof", "", "4,4|4,5")
    assert [(str(a), p) for a, p in s.chance_outcomes()] == [(f"fireproof {v}", Fraction(1, 6)) for v in range(1, 7)]
    assert "4,5" not in s.fire and s.to_dict()["doors"].get("4,4|4,5", "closed") == "closed"


def test_a_fireproof_door_holds_on_1_to_3_and_jams_on_4_to_6():
    held = advance(garage(), 4, 4).apply("fireproof 3")
    assert held.to_dict()["doors"].get("4,4|4,5", "closed") == "closed" and "4,5" not in held.fire
    jammed = advance(garage(), 4, 4).apply("fireproof 4")
    assert jammed.to_dict()["doors"]["4,4|4,5"] == "jammed" and "4,5" not in jammed.fire
