"""A firefighter's turn, one rule per test: actions, their AP costs, the specialists, the vehicles and set-up
choices, with every refusal checked for its rule id and for leaving the state unchanged.

Rules: ``bonfire_flashpoint_sources.md`` B.4 (set-up, Family vs Experienced), B.5 (AP per turn, saving up to
4), B.6 (action costs, walls and doors, rescue, vehicles, deck gun, crew change, no ending the turn in fire),
B.9 (specialists) and the engine's named assumptions (``flashpoint.assume.*``).

Positions are built with ``State.from_dict`` on an empty front house (no fire; three face-down points of
interest on 1,1, 1,8 and 6,1). Front-house facts used (``data/house_front.yaml``, sources B.3): walls 2,4|3,4,
2,6|3,6, 2,7|3,7, 4,2|4,3, 4,3|5,3; doors 2,5|2,6, 2,8|3,8, 4,4|5,4; entrances 1,6 N, 3,1 W, 4,8 E, 6,3 S;
quadrant ne = rows 1-3 x cols 5-8; ambulance spots W 3,0/4,0, N 0,5/0,6, E 3,9/4,9, S 7,3/7,4; engine spots
W 1,0/2,0, N 0,7/0,8, E 5,9/6,9, S 7,1/7,2.
"""

from __future__ import annotations

import inspect
from fractions import Fraction

import pytest
from flashpoint_checks import refused

from explorer.core import NotationError
from explorer.flashpoint import new_game
from explorer.flashpoint import position as build
from explorer.flashpoint.actions import Place
from explorer.flashpoint.state import State, Step

FAR_POIS = {"1,1": "hidden", "1,8": "hidden", "6,1": "hidden"}
NAMES = ("red", "blue", "green", "yellow", "orange", "white")
INSIDE = [f"{r},{c}" for r in range(1, 7) for c in range(1, 9)]
BUILDER_ARGS = set(inspect.signature(build).parameters)


def ff(space: str = "0,0", role: str | None = None, ap: int = 4, **kw) -> dict:
    d = {"space": space, "ap": ap, **kw}
    if role is not None:
        d["role"] = role
    return d


def position(*firefighters: dict, fire=(), smoke=(), pois=None, walls=None, doors=None, experienced=False,
             hazmats=None, vehicles=None, rescued=0, lost=0, **fields) -> State:
    """The front house with only the pieces given, through the public builder (``explorer.flashpoint.position``);
    the firefighters named red, blue... in order (Generalists in the Experienced game unless told); red to act;
    in the Experienced game the engine on 0,7, the ambulance on 3,0 and 12 hot spots in the supply. Fields the
    builder does not take are set in the position format and read back."""
    fighters = [dict(f) for f in (firefighters or [ff()])]
    for f in fighters:
        f.setdefault("role", "generalist" if experienced else "firefighter")
    given = {k: v for k, v in fields.items() if k in BUILDER_ARGS}
    s = build("front", firefighters=fighters, mode="experienced" if experienced else "family",
              pois=dict(FAR_POIS if pois is None else pois), fire=fire, smoke=smoke, walls=walls, doors=doors,
              hazmats=hazmats, rescued=rescued, lost=lost,
              vehicles=dict(vehicles or {"engine": "0,7", "ambulance": "3,0"}) if experienced else None, **given)
    rest = {k: v for k, v in fields.items() if k not in BUILDER_ARGS}
    return State.from_dict({**s.to_dict(), **rest}) if rest else s


def exp(*firefighters: dict, **kw) -> State:
    return position(*firefighters, experienced=True, **kw)


def rules(s: State) -> list[str]:
    return [e.rule.id for e in s.events]


def red(s: State):
    return s.firefighters[0]


# ---- moving ----------------------------------------------------------------------------------------------------
def test_move_to_an_open_neighbour_costs_1_ap():
    s = position(ff("3,4")).apply("move 3,5")
    assert (red(s).space, red(s).ap) == ("3,5", 3)
    assert rules(s) == ["flashpoint.move.adjacent"]


def test_move_into_fire_costs_2_ap():
    s = position(ff("3,4"), fire=["3,5"]).apply("move 3,5")
    assert (red(s).space, red(s).ap) == ("3,5", 2)


def test_move_into_smoke_costs_1_ap():
    s = position(ff("3,4"), smoke=["3,5"]).apply("move 3,5")
    assert red(s).ap == 3


def test_move_into_fire_needs_2_ap():
    refused(position(ff("3,4", ap=1), fire=["3,5"]), "move 3,5", "flashpoint.turn.ap")


def test_move_carrying_a_victim_costs_2_ap():
    s = position(ff("3,4", carrying="victim")).apply("move 3,5")
    assert (red(s).space, red(s).ap, red(s).carrying) == ("3,5", 2, "victim")


def test_move_carrying_a_hazmat_costs_2_ap():
    s = exp(ff("3,4", carrying="hazmat")).apply("move 3,5")
    assert (red(s).space, red(s).ap, red(s).carrying) == ("3,5", 2, "hazmat")


def test_leading_a_treated_victim_costs_1_ap():
    s = exp(ff("3,4", carrying="treated victim")).apply("move 3,5")
    assert (red(s).space, red(s).ap, red(s).carrying) == ("3,5", 3, "treated victim")


@pytest.mark.parametrize("what, experienced", [("victim", False), ("treated victim", True), ("hazmat", True)])
def test_nothing_carried_or_led_goes_into_fire(what, experienced):
    s = position(ff("3,4", carrying=what), fire=["3,5"], experienced=experienced)
    refused(s, "move 3,5", "flashpoint.move.carry")


def test_moves_go_to_adjacent_spaces_only():
    s = position(ff("3,4"))
    refused(s, "move 3,6", "flashpoint.move.adjacent")
    refused(s, "move 4,5", "flashpoint.move.adjacent")


def test_walls_block_movement():
    refused(position(ff("3,4")), "move 2,4", "flashpoint.move.walls")
    refused(position(ff("1,1")), "move 0,1", "flashpoint.move.walls")      # the outside wall


def test_closed_doors_block_movement():
    refused(position(ff("4,4")), "move 5,4", "flashpoint.move.walls")


def test_an_open_door_lets_firefighters_through():
    s = position(ff("4,4"), doors={"4,4|5,4": "open"}).apply("move 5,4")
    assert (red(s).space, red(s).ap) == ("5,4", 3)


def test_a_blown_off_door_and_a_destroyed_wall_let_firefighters_through():
    s = position(ff("4,4"), doors={"4,4|5,4": "destroyed"}).apply("move 5,4")
    assert red(s).space == "5,4"
    s = position(ff("3,4"), walls={"2,4|3,4": 2}).apply("move 2,4")
    assert red(s).space == "2,4"
    refused(position(ff("3,4"), walls={"2,4|3,4": 1}), "move 2,4", "flashpoint.move.walls")


def test_entrances_lead_outside():
    s = position(ff("3,1")).apply("move 3,0")
    assert (red(s).space, red(s).ap) == ("3,0", 3)


def test_entering_a_face_down_point_of_interest_turns_it_over():
    s = position(ff("3,4"), pois={**FAR_POIS, "3,5": "hidden"}, unknown_false_alarms=6).apply("move 3,5")
    assert s.is_chance_node and s.pending == (Step("reveal", "entered", "3,5"),)
    assert {str(a): p for a, p in s.chance_outcomes()} == {"reveal victim": Fraction(2, 3),
                                                                  "reveal false-alarm": Fraction(1, 3)}
    gone = s.apply("reveal false-alarm")
    assert "3,5" not in gone.pois and gone.unknown_false_alarms == 5 and gone.phase == "actions"
    found = s.apply("reveal victim")
    assert found.pois["3,5"] == "victim" and found.unknown_victims == 11 and red(found).ap == 3


def test_rescue_specialist_moves_on_its_movement_points_first():
    s = exp(ff("3,4", "rescue", move_ap=3)).apply("move 3,5").apply("move 3,6")
    assert (red(s).ap, red(s).move_ap) == (4, 1)
    s = s.apply("move 4,6").apply("move 4,5")
    assert (red(s).ap, red(s).move_ap) == (3, 0)


def test_movement_points_pay_nothing_but_moves():
    s = exp(ff("3,4", "rescue", ap=0, move_ap=3), fire=["3,5"])
    refused(s, "extinguish 3,5", "flashpoint.turn.ap")
    assert red(s.apply("move 3,3")).move_ap == 2


# ---- carrying --------------------------------------------------------------------------------------------------
def test_picking_up_and_putting_down_a_victim_costs_nothing():
    s = position(ff("3,4"), pois={**FAR_POIS, "3,4": "victim"}).apply("pick up victim")
    assert (red(s).carrying, red(s).ap, "3,4" in s.pois) == ("victim", 4, False)
    s = s.apply("drop")
    assert (red(s).carrying, red(s).ap, s.pois["3,4"]) == (None, 4, "victim")


def test_picking_up_needs_the_thing_on_the_space():
    refused(position(ff("3,4")), "pick up victim", "flashpoint.carry")
    refused(position(ff("3,4"), pois={**FAR_POIS, "3,4": "hidden"}), "pick up victim", "flashpoint.carry")
    refused(position(ff("3,4")), "drop", "flashpoint.carry")


def test_a_firefighter_holds_one_thing_at_a_time():
    s = position(ff("3,4", carrying="victim"), pois={"1,1": "hidden", "1,8": "hidden", "3,4": "victim"})
    refused(s, "pick up victim", "flashpoint.carry")


def test_a_victim_cannot_be_put_down_on_another_point_of_interest():
    s = position(ff("3,4", carrying="victim"), pois={"1,1": "hidden", "1,8": "hidden", "3,4": "victim"})
    refused(s, "drop", "flashpoint.assume.one-poi-per-space")


def test_hazmats_are_picked_up_and_dropped():
    s = exp(ff("3,4"), hazmats={"3,4": 2}).apply("pick up hazmat")
    assert red(s).carrying == "hazmat" and s.hazmats == {"3,4": 1}
    s = s.apply("move 3,5").apply("drop")
    assert s.hazmats == {"3,4": 1, "3,5": 1} and red(s).ap == 2


# ---- doors -----------------------------------------------------------------------------------------------------
def test_opening_and_closing_a_door_costs_1_ap_each():
    s = position(ff("4,4")).apply("open 4,4|5,4")
    assert s.to_dict()["doors"] == {"4,4|5,4": "open"} and red(s).ap == 3
    s = s.apply("close 4,4|5,4")
    assert s.to_dict()["doors"] == {} and red(s).ap == 2
    assert rules(s) == ["flashpoint.door.open-close"]


def test_door_refusals():
    s = position(ff("4,4"))
    refused(s, "close 4,4|5,4", "flashpoint.door.open-close")       # already closed
    refused(s, "open 4,3|4,4", "flashpoint.door.open-close")        # no door there
    refused(s, "open 1,3|1,4", "flashpoint.door.open-close")        # not an edge of 4,4
    refused(position(ff("4,4"), doors={"4,4|5,4": "destroyed"}), "close 4,4|5,4", "flashpoint.door.open-close")
    refused(position(ff("4,4"), doors={"4,4|5,4": "open"}), "open 4,4|5,4", "flashpoint.door.open-close")
    refused(position(ff("4,4", ap=0)), "open 4,4|5,4", "flashpoint.turn.ap")


# ---- chopping --------------------------------------------------------------------------------------------------
def test_chopping_costs_2_ap_and_two_chops_destroy_a_wall():
    s = position(ff("3,4", ap=8)).apply("chop 2,4|3,4")
    assert (s.to_dict()["walls"], red(s).ap, s.damage) == ({"2,4|3,4": 1}, 6, 1)
    assert rules(s) == ["flashpoint.chop"]
    refused(s, "move 2,4", "flashpoint.move.walls")
    s = s.apply("chop 2,4|3,4")
    assert (s.to_dict()["walls"], red(s).ap, s.damage) == ({"2,4|3,4": 2}, 4, 2)
    s = s.apply("move 2,4")
    assert (red(s).space, red(s).ap) == ("2,4", 3)


def test_the_24th_cube_chopped_collapses_the_building():
    worn = {w: 2 for w in ("1,8|1,9", "2,8|2,9", "3,8|3,9", "5,8|5,9", "6,8|6,9", "6,1|7,1", "6,2|7,2",
                           "6,4|7,4", "6,5|7,5", "6,6|7,6", "6,7|7,7")} | {"6,8|7,8": 1}
    s = position(ff("3,4"), walls=worn).apply("chop 2,4|3,4")
    assert (s.damage, s.damage_left, s.phase, s.is_lost) == (24, 0, "over", True)
    assert rules(s) == ["flashpoint.chop", "flashpoint.end.collapse"]
    assert s.legal_actions() == []


def test_rescue_specialist_chops_for_1_ap():
    s = exp(ff("3,4", "rescue", move_ap=3)).apply("chop 2,4|3,4")
    assert (red(s).ap, red(s).move_ap, s.to_dict()["walls"]) == (3, 3, {"2,4|3,4": 1})


def test_chop_refusals():
    refused(position(ff("3,4"), walls={"2,4|3,4": 2}), "chop 2,4|3,4", "flashpoint.chop")   # already destroyed
    refused(position(ff("4,4")), "chop 4,4|5,4", "flashpoint.chop")                           # a door
    refused(position(ff("3,4")), "chop 3,4|3,5", "flashpoint.chop")                           # no wall
    refused(position(ff("3,5")), "chop 2,4|3,4", "flashpoint.chop")                           # not its space
    refused(position(ff("3,4", ap=1)), "chop 2,4|3,4", "flashpoint.turn.ap")


# ---- extinguishing ---------------------------------------------------------------------------------------------
def test_extinguishing_turns_fire_to_smoke_then_removes_it_for_1_ap_each():
    s = position(ff("3,4"), fire=["3,5"]).apply("extinguish 3,5")
    assert (set(s.fire), set(s.smoke), red(s).ap) == (set(), {"3,5"}, 3)
    s = s.apply("extinguish 3,5")
    assert (set(s.fire), set(s.smoke), red(s).ap) == (set(), set(), 2)
    assert rules(s) == ["flashpoint.extinguish"]


def test_extinguishing_on_the_own_space():
    s = position(ff("3,4"), fire=["3,4"]).apply("extinguish 3,4")
    assert set(s.smoke) == {"3,4"} and red(s).ap == 3


def test_extinguishing_needs_an_open_neighbour_and_something_to_put_out():
    refused(position(ff("3,4"), fire=["2,4"]), "extinguish 2,4", "flashpoint.extinguish")    # wall between
    refused(position(ff("4,4"), fire=["5,4"]), "extinguish 5,4", "flashpoint.extinguish")    # closed door
    refused(position(ff("3,4"), fire=["3,6"]), "extinguish 3,6", "flashpoint.extinguish")    # not adjacent
    refused(position(ff("3,4")), "extinguish 3,5", "flashpoint.extinguish")                  # nothing there
    refused(position(ff("3,4", ap=0), fire=["3,5"]), "extinguish 3,5", "flashpoint.turn.ap")


def test_extinguishing_through_an_open_door():
    s = position(ff("4,4"), fire=["5,4"], doors={"4,4|5,4": "open"}).apply("extinguish 5,4")
    assert set(s.smoke) == {"5,4"}


def test_paramedic_extinguishes_for_2_ap():
    s = exp(ff("3,4", "paramedic"), fire=["3,5"]).apply("extinguish 3,5")
    assert (set(s.smoke), red(s).ap) == ({"3,5"}, 2)
    refused(exp(ff("3,4", "paramedic", ap=1), fire=["3,5"]), "extinguish 3,5", "flashpoint.turn.ap")


def test_rescue_specialist_extinguishes_for_2_ap_and_not_from_its_movement_points():
    s = exp(ff("3,4", "rescue", move_ap=3), fire=["3,5"]).apply("extinguish 3,5")
    assert (set(s.smoke), red(s).ap, red(s).move_ap) == ({"3,5"}, 2, 3)


def test_cafs_extinguishes_from_its_extinguish_pool_first():
    s = exp(ff("3,4", "cafs", ap=3, extinguish_ap=1), fire=["3,5", "3,3"]).apply("extinguish 3,5")
    assert (red(s).ap, red(s).extinguish_ap) == (3, 0)
    s = s.apply("extinguish 3,3")
    assert (red(s).ap, red(s).extinguish_ap) == (2, 0)


def test_cafs_extinguish_pool_pays_for_nothing_else():
    s = exp(ff("3,4", "cafs", ap=0, extinguish_ap=3))
    refused(s, "move 3,5", "flashpoint.turn.ap")


# ---- action points ---------------------------------------------------------------------------------------------
def test_at_most_4_ap_are_saved_at_the_end_of_the_turn():
    s = position(ff("0,0", ap=7)).apply("end")
    assert red(s).ap == 4 and s.phase == "fire"
    assert rules(s) == ["flashpoint.turn.save"]
    assert s.pending == (Step("roll", "fire"), Step("knock-down"), Step("lost"), Step("replenish"),
                         Step("next-turn"))


@pytest.mark.parametrize("left, start", [(0, 4), (3, 7), (4, 8), (6, 8)])
def test_a_turn_starts_with_the_saved_ap_plus_the_card(left, start):
    s = position(ff("0,0", ap=left)).apply("end").apply("roll 5 3")
    assert (s.phase, s.turn, red(s).ap) == ("actions", 0, start)
    assert rules(s)[-1] == "flashpoint.turn.ap"


def test_the_next_firefighter_plays_after_the_fire():
    s = position(ff("0,0", ap=2), ff("0,1", ap=1)).apply("end").apply("roll 5 3")
    assert (s.turn, s.firefighter.name, s.firefighter.ap, red(s).ap) == (1, "blue", 5, 2)


def test_the_generalist_gains_5_ap():
    s = exp(ff("0,0", "generalist", ap=0)).apply("end").apply("roll 5 3")
    assert red(s).ap == 5
    s = exp(ff("0,0", "generalist", ap=4)).apply("end").apply("roll 5 3")
    assert red(s).ap == 9


@pytest.mark.parametrize("role, ap, pools", [("captain", 4, (2, 0, 0)), ("cafs", 3, (0, 3, 0)),
                                             ("rescue", 4, (0, 0, 3)), ("paramedic", 4, (0, 0, 0))])
def test_each_card_gives_its_ap_and_pools_and_pools_are_not_saved(role, ap, pools):
    s = exp(ff("0,0", role, ap=0, **dict(zip(("command_ap", "extinguish_ap", "move_ap"), pools)))).apply("end")
    assert (red(s).command_ap, red(s).extinguish_ap, red(s).move_ap) == (0, 0, 0)
    s = s.apply("roll 5 3")
    assert red(s).ap == ap and (red(s).command_ap, red(s).extinguish_ap, red(s).move_ap) == pools


# ---- the Fire Captain ------------------------------------------------------------------------------------------
def test_fire_captain_commands_a_move_from_command_ap():
    s = exp(ff("0,0", "captain", command_ap=2), ff("3,4", "generalist"), fire=["3,6"])
    s = s.apply("command blue move 3,5")
    assert (s.firefighters[1].space, red(s).command_ap, red(s).ap, s.firefighters[1].ap) == ("3,5", 1, 4, 4)
    assert rules(s) == ["flashpoint.role.captain"]
    s = s.apply("command blue move 3,6")            # into fire: 2 AP, the last command AP and 1 of its own
    assert (s.firefighters[1].space, red(s).command_ap, red(s).ap) == ("3,6", 0, 3)


def test_fire_captain_commands_a_door():
    s = exp(ff("0,0", "captain", command_ap=2), ff("4,4", "generalist")).apply("command blue open 4,4|5,4")
    assert s.to_dict()["doors"] == {"4,4|5,4": "open"} and red(s).command_ap == 1 and red(s).ap == 4


def test_fire_captain_spends_at_most_1_ap_a_turn_on_the_cafs():
    s = exp(ff("0,0", "captain", command_ap=2), ff("3,4", "cafs", ap=3))
    refused(exp(ff("0,0", "captain", command_ap=2), ff("3,4", "cafs", ap=3), fire=["3,5"]), "command blue move 3,5",
            "flashpoint.role.captain")
    s = s.apply("command blue move 3,5")
    assert s.cafs_commanded == 1 and s.firefighters[1].space == "3,5"
    refused(s, "command blue move 3,6", "flashpoint.role.captain")
    s = s.apply("end").apply("roll 5 3").apply("end").apply("roll 5 3")    # blue's turn, then red's again
    assert (s.turn, s.cafs_commanded, red(s).command_ap) == (0, 0, 2)
    assert s.apply("command blue move 3,6").firefighters[1].space == "3,6"


def test_only_the_fire_captain_commands_and_never_himself():
    refused(exp(ff("0,0", "generalist"), ff("3,4", "cafs")), "command blue move 3,5", "flashpoint.role.captain")
    refused(exp(ff("0,0", "captain", command_ap=2), ff("3,4", "cafs")), "command red move 0,1",
            "flashpoint.role.captain")
    refused(exp(ff("0,0", "captain", command_ap=2), ff("3,4", "cafs")), "command green move 0,1",
            "flashpoint.role.captain")


def test_a_commanded_move_obeys_the_walls():
    refused(exp(ff("0,0", "captain", command_ap=2), ff("3,4", "generalist")), "command blue move 2,4",
            "flashpoint.move.walls")


# ---- specialists' own actions -----------------------------------------------------------------------------------
def test_imaging_technician_identifies_any_point_of_interest_for_1_ap():
    s = exp(ff("0,0", "imaging")).apply("identify 6,1")
    assert red(s).ap == 3 and s.pending == (Step("reveal", "identified", "6,1"),)
    assert rules(s) == ["flashpoint.role.imaging"]
    s = s.apply("reveal victim")
    assert s.pois["6,1"] == "victim" and s.phase == "actions" and red(s).space == "0,0"


def test_identify_refusals():
    refused(exp(ff("0,0", "generalist")), "identify 6,1", "flashpoint.role.imaging")
    refused(exp(ff("0,0", "imaging"), pois={"1,1": "hidden", "1,8": "hidden", "6,1": "victim"}), "identify 6,1",
            "flashpoint.role.imaging")
    refused(exp(ff("0,0", "imaging")), "identify 3,4", "flashpoint.role.imaging")
    refused(exp(ff("0,0", "imaging", ap=0)), "identify 6,1", "flashpoint.turn.ap")


def test_hazmat_technician_disposes_of_a_hazmat_for_2_ap():
    s = exp(ff("3,4", "hazmat"), hazmats={"3,4": 1}).apply("dispose")
    assert s.hazmats == {} and red(s).ap == 2 and rules(s) == ["flashpoint.role.hazmat"]


def test_dispose_refusals():
    refused(exp(ff("3,4", "generalist"), hazmats={"3,4": 1}), "dispose", "flashpoint.role.hazmat")
    refused(exp(ff("3,5", "hazmat"), hazmats={"3,4": 1}), "dispose", "flashpoint.role.hazmat")
    refused(exp(ff("3,4", "hazmat", ap=1), hazmats={"3,4": 1}), "dispose", "flashpoint.turn.ap")


def test_paramedic_treats_a_victim_for_1_ap_and_leads_it_at_normal_cost():
    s = exp(ff("3,4", "paramedic"), pois={"1,1": "hidden", "1,8": "hidden", "3,4": "victim"}).apply("treat")
    assert s.pois["3,4"] == "treated victim" and red(s).ap == 3
    s = s.apply("pick up treated victim").apply("move 3,5")
    assert (red(s).carrying, red(s).space, red(s).ap) == ("treated victim", "3,5", 2)


def test_treat_refusals():
    victim = {"1,1": "hidden", "1,8": "hidden", "3,4": "victim"}
    refused(exp(ff("3,4", "generalist"), pois=victim), "treat", "flashpoint.role.paramedic")
    refused(exp(ff("3,5", "paramedic"), pois=victim), "treat", "flashpoint.role.paramedic")
    refused(exp(ff("3,4", "paramedic"), pois={**victim, "3,4": "treated victim"}), "treat",
            "flashpoint.role.paramedic")


# ---- rescuing --------------------------------------------------------------------------------------------------
@pytest.mark.parametrize("inside, out", [("1,6", "0,6"), ("3,1", "3,0"), ("4,8", "4,9"), ("6,3", "7,3")])
def test_family_victim_carried_out_of_any_entrance_is_rescued(inside, out):
    s = position(ff(inside, carrying="victim")).apply(f"move {out}")
    assert (red(s).space, red(s).carrying, red(s).ap, s.rescued) == (out, None, 2, 1)
    assert rules(s) == ["flashpoint.move.adjacent", "flashpoint.rescue.family"]


def test_experienced_victim_is_rescued_on_the_ambulance():
    s = exp(ff("3,1", carrying="victim")).apply("move 3,0")
    assert (red(s).carrying, s.rescued) == (None, 1)
    assert rules(s) == ["flashpoint.move.adjacent", "flashpoint.rescue.ambulance"]


def test_experienced_victim_carried_out_elsewhere_waits_for_the_ambulance():
    s = exp(ff("6,3", carrying="victim", ap=5)).apply("move 7,3")
    assert (red(s).space, red(s).carrying, s.rescued) == ("7,3", "victim", 0)
    s = s.apply("drive ambulance 7,3")              # the ambulance drives W -> S, onto the waiting victim
    assert (red(s).carrying, s.rescued, s.to_dict()["vehicles"]["ambulance"], red(s).ap) == (None, 1, "7,3", 1)
    assert "flashpoint.rescue.ambulance" in rules(s)


def test_a_hazmat_carried_out_of_the_building_is_removed():
    s = exp(ff("6,3", carrying="hazmat"), hazmats={"2,2": 1}).apply("move 7,3")
    assert (red(s).carrying, s.hazmats, s.rescued) == (None, {"2,2": 1}, 0)
    assert rules(s) == ["flashpoint.move.adjacent", "flashpoint.hazmat.outside"]


# ---- vehicles --------------------------------------------------------------------------------------------------
def test_the_ambulance_drives_to_the_next_spot_and_firefighters_ride_along():
    s = exp(ff("0,0", "generalist"), ff("3,0", "driver"), ff("4,0", "imaging"), ff("4,1", "cafs"))
    s = s.apply("drive ambulance 0,5")
    assert s.to_dict()["vehicles"] == {"ambulance": "0,5", "engine": "0,7"}
    assert [f.space for f in s.firefighters] == ["0,0", "0,5", "0,6", "4,1"] and red(s).ap == 2
    assert rules(s) == ["flashpoint.vehicle.drive", "flashpoint.vehicle.ride"]


def test_vehicles_drive_one_spot_round_the_building_never_across():
    s = exp(ff("0,7"))
    refused(s, "drive ambulance 3,9", "flashpoint.vehicle.drive")
    refused(s, "drive engine 7,1", "flashpoint.vehicle.drive")
    refused(s, "drive ambulance 3,0", "flashpoint.vehicle.drive")          # where it already is
    assert sorted(str(a) for a in s.legal_actions() if str(a).startswith("drive")) == [
        "drive ambulance 0,5", "drive ambulance 7,3", "drive engine 1,0", "drive engine 5,9"]


def test_the_engine_is_driven_from_the_engine():
    refused(exp(ff("0,6")), "drive engine 1,0", "flashpoint.vehicle.drive")
    s = exp(ff("0,8")).apply("drive engine 5,9")
    assert (red(s).space, red(s).ap, s.to_dict()["vehicles"]["engine"]) == ("6,9", 2, "5,9")


def test_driving_costs_2_ap_and_the_family_game_has_no_vehicles():
    refused(exp(ff("0,7", ap=1)), "drive ambulance 0,5", "flashpoint.turn.ap")
    refused(position(ff("0,7")), "drive ambulance 0,5", "flashpoint.vehicle.drive")


# ---- the deck gun ----------------------------------------------------------------------------------------------
def gunner(role: str = "generalist", ap: int = 5, *others: dict, doors=None) -> State:
    return exp(ff("0,7", role, ap=ap), *others, fire=INSIDE, pois={}, doors=doors, unknown_false_alarms=6)


def test_the_deck_gun_costs_4_ap_and_rolls_both_dice():
    s = gunner().apply("deck gun")
    assert red(s).ap == 1 and s.pending == (Step("roll", "deck-gun"),)
    assert len(s.chance_outcomes()) == 48 and sum(p for _, p in s.chance_outcomes()) == 1
    assert rules(s) == ["flashpoint.deck-gun"]


def test_the_driver_fires_the_deck_gun_for_2_ap():
    assert red(gunner("driver", 4).apply("deck gun")).ap == 2


@pytest.mark.parametrize("roll, put_out", [
    ("2 6", {"2,6", "1,6", "2,7"}),                 # in the quadrant; 3,6 behind a wall, 2,5 behind a closed door
    ("5 6", {"2,6", "1,6", "2,7"}),                 # red 5 flips to 2
    ("5 2", {"2,7", "1,7", "2,6", "2,8"}),          # red 5 -> 2, black 2 -> 7; 3,7 behind a wall
    ("6 4", {"1,5", "2,5", "1,4"}),                 # 1,5: 1,6 behind a wall; 1,4 is outside the quadrant
    ("1 1", {"1,8", "1,7", "2,8"}),                 # black 1 -> 8
    ("3 8", {"3,8", "3,7", "4,8"}),                 # 2,8 behind a closed door
])
def test_the_deck_gun_flips_dice_into_the_engine_quadrant_and_splashes_open_neighbours(roll, put_out):
    s = gunner().apply("deck gun").apply(f"roll {roll}")
    assert set(INSIDE) - set(s.fire) == put_out
    assert not s.smoke and s.phase == "actions" and s.pending == ()
    assert [e.rule.id for e in s.events] == ["flashpoint.deck-gun"]


@pytest.mark.parametrize("engine, roll, target", [
    ("1,0", "6 8", "1,1"),                          # quadrant nw: red 6 -> 1, black 8 -> 1
    ("7,1", "1 1", "6,1"),                          # quadrant sw: red 1 -> 6
    ("5,9", "2 3", "5,6"),                          # quadrant se: red 2 -> 5, black 3 -> 6
    ("5,9", "4 5", "4,5"),                          # both dice already in the quadrant
])
def test_the_deck_gun_aims_at_the_quadrant_beside_the_engine(engine, roll, target):
    s = exp(ff(engine, ap=5), vehicles={"engine": engine, "ambulance": "3,0"}, pois={}, unknown_false_alarms=6)
    s = s.apply("deck gun").apply(f"roll {roll}")
    (event,) = [e for e in s.events if e.rule.id == "flashpoint.deck-gun"]
    assert event.spaces[0] == target


def test_the_deck_gun_splashes_through_an_open_door():
    s = gunner(doors={"2,5|2,6": "open"}).apply("deck gun").apply("roll 2 6")
    assert set(INSIDE) - set(s.fire) == {"2,6", "1,6", "2,7", "2,5"}


def test_the_deck_gun_is_not_fired_on_a_firefighter():
    s = exp(ff("0,7", ap=5), ff("2,6", "imaging"))
    refused(s, "deck gun", "flashpoint.deck-gun")
    assert exp(ff("0,7", ap=5), ff("5,2", "imaging")).apply("deck gun").pending == (Step("roll", "deck-gun"),)


def test_deck_gun_refusals():
    refused(exp(ff("0,6", ap=5)), "deck gun", "flashpoint.deck-gun")       # not on the engine
    refused(exp(ff("0,7", ap=3)), "deck gun", "flashpoint.turn.ap")
    refused(position(ff("0,7")), "deck gun", "flashpoint.deck-gun")        # Family: no engine


# ---- crew change -----------------------------------------------------------------------------------------------
def test_crew_change_when_the_turn_started_on_the_engine():
    s = exp(ff("0,7", "generalist", ap=0)).apply("end").apply("roll 5 3")
    assert s.started_on_engine and red(s).ap == 5
    s = s.apply("crew change imaging")
    assert (red(s).role, red(s).ap) == ("imaging", 3)
    assert rules(s) == ["flashpoint.crew-change"]


def test_no_crew_change_after_walking_onto_the_engine():
    s = exp(ff("0,6", "generalist", ap=0)).apply("end").apply("roll 5 3")
    assert not s.started_on_engine
    s = s.apply("move 0,7")
    refused(s, "crew change imaging", "flashpoint.crew-change")


def test_crew_change_refusals():
    s = exp(ff("0,7", "generalist"), ff("0,0", "imaging"), started_on_engine=True)
    refused(s, "crew change imaging", "flashpoint.crew-change")            # held by blue
    refused(s, "crew change generalist", "flashpoint.crew-change")         # its own card
    refused(s, "crew change wizard", "flashpoint.crew-change")
    refused(exp(ff("0,7", "generalist", ap=1), started_on_engine=True), "crew change paramedic",
            "flashpoint.turn.ap")
    refused(position(ff("0,7")), "crew change paramedic", "flashpoint.crew-change")


# ---- ending the turn in fire -----------------------------------------------------------------------------------
def test_a_firefighter_who_can_leave_the_fire_cannot_end_the_turn_in_it():
    refused(position(ff("3,4"), fire=["3,4"]), "end", "flashpoint.turn.no-end-in-fire")


def test_a_firefighter_who_can_put_the_fire_out_cannot_end_the_turn_in_it():
    # 4,3: walls west and south; 3,3 and 4,4 on fire; 1 AP cannot pay for moving into fire but pays extinguishing
    refused(exp(ff("4,3", ap=1), fire=["4,3", "3,3", "4,4"]), "end", "flashpoint.turn.no-end-in-fire")


def test_a_firefighter_stuck_in_the_fire_may_end_the_turn():
    s = exp(ff("4,3", "paramedic", ap=1), fire=["4,3", "3,3", "4,4"]).apply("end")
    assert s.phase == "fire" and red(s).ap == 1
    s = position(ff("3,4", ap=0), fire=["3,4"]).apply("end").apply("roll 5 3")
    assert red(s).space == "3,0" and red(s).ap == 4     # knocked down to the nearest ambulance parking space
    assert "flashpoint.fire.knock-down" in rules(s)


# ---- set-up choices --------------------------------------------------------------------------------------------
def test_experienced_setup_parks_the_engine_then_the_ambulance_then_each_firefighter_picks_and_places():
    s = new_game(players=2, seed=3, mode="experienced", level="veteran")
    assert [str(a) for a in s.legal_actions()] == ["park engine 1,0", "park engine 0,7", "park engine 5,9",
                                                   "park engine 7,1"]
    s = s.apply("park engine 0,7")
    assert [str(a) for a in s.legal_actions()] == ["park ambulance 3,0", "park ambulance 0,5",
                                                   "park ambulance 3,9", "park ambulance 7,3"]
    s = s.apply("park ambulance 3,0")
    assert s.to_dict()["vehicles"] == {"ambulance": "3,0", "engine": "0,7"}
    assert {str(a) for a in s.legal_actions()} == {f"role {r}" for r in ("paramedic", "captain", "imaging", "cafs",
                                                                          "hazmat", "generalist", "rescue", "driver")}
    s = s.apply("role cafs")
    assert all(str(a).startswith("place ") for a in s.legal_actions()) and len(s.legal_actions()) == 32
    s = s.apply("place 0,7").apply("role captain")
    assert "role cafs" not in [str(a) for a in s.legal_actions()]
    s = s.apply("place 3,0")
    assert (s.phase, s.turn, [f.role for f in s.firefighters]) == ("actions", 0, ["cafs", "captain"])
    assert (red(s).ap, red(s).extinguish_ap, s.started_on_engine) == (3, 3, True)


@pytest.mark.parametrize("choice, named", [("park engine 0,8", "park engine 0,7"),
                                           ("park engine 2,0", "park engine 1,0")])
def test_a_parking_spot_is_named_by_its_first_space(choice, named):
    s = new_game(players=1, seed=3, mode="experienced", level="veteran")
    problem = s.explain(choice)
    assert problem.rule.id == "flashpoint.setup.vehicles" and named in str(problem)
    assert s.apply(named).to_dict()["vehicles"] == {"engine": named.split()[-1]}


def test_experienced_setup_refusals():
    s = new_game(players=2, seed=3, mode="experienced", level="veteran")
    refused(s, "park ambulance 3,0", "flashpoint.setup.vehicles")           # the engine first
    refused(s, "park engine 3,0", "flashpoint.setup.vehicles")              # an ambulance spot
    refused(s, "role paramedic", "flashpoint.setup.specialist")
    refused(s, "place 0,0", "flashpoint.setup.place")
    refused(s, "move 1,6", "flashpoint.setup.place")
    refused(s, "end", "flashpoint.setup.place")
    s = s.apply("park engine 0,7")
    refused(s, "park engine 0,7", "flashpoint.setup.vehicles")
    s = s.apply("park ambulance 3,0")
    refused(s, "park ambulance 0,5", "flashpoint.setup.vehicles")
    refused(s, "place 0,0", "flashpoint.setup.place")                      # choose a card first
    refused(s, "role wizard", "flashpoint.setup.specialist")
    s = s.apply("role paramedic")
    refused(s, "role captain", "flashpoint.setup.specialist")               # red has one
    refused(s, "place 3,4", "flashpoint.setup.place")                      # inside
    s = s.apply("place 0,0")
    refused(s, "role paramedic", "flashpoint.setup.specialist")             # red holds it


def test_family_setup_places_firefighters_outside_only():
    s = new_game(players=2, seed=3)
    assert len(s.legal_actions()) == 32 and str(s.legal_actions()[0]) == "place 0,0"
    refused(s, "park engine 0,7", "flashpoint.setup.vehicles")
    refused(s, "role paramedic", "flashpoint.setup.specialist")
    refused(s, "place 3,4", "flashpoint.setup.place")
    assert s.explain(Place("9,9")).rule.id == "flashpoint.setup.place"
    with pytest.raises(NotationError, match="no space 9,9"):          # text is read for the state's building
        s.apply("place 9,9")
    s = s.apply("place 0,6").apply("place 7,3")
    assert [f.space for f in s.firefighters] == ["0,6", "7,3"] and (s.phase, red(s).ap) == ("actions", 4)
    refused(s, "place 0,0", "flashpoint.setup.place")                      # the game is under way
