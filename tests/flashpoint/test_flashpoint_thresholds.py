"""Every threshold, cap and limit of Flash Point pinned on both sides: one step short of it, at it, and (where a
count can go past it) beyond. Situations come from the public builder ``explorer.flashpoint.position``.

Facts (``bonfire_flashpoint_sources.md`` B.5-B.9, seed 003, DECISIONS Flash Point 1-3): the team wins as soon as
7 victims are rescued and loses as soon as 4 are lost or the 24th damage cube is placed; a wall takes 2 cubes, a
window 1; the car takes 4; up to 4 AP are saved; an action costs what it costs and needs that many AP; three
points of interest are kept in play; a hot spot is placed only while the supply lasts; the Fire Captain spends at
most 1 AP a turn on the CAFS Firefighter; a saved position holds at most 4 saved AP plus a turn's.
"""

from __future__ import annotations

import pytest
from flashpoint_checks import refused

from explorer.core import InvalidData
from explorer.flashpoint import Building, position
from explorer.flashpoint.components import DAMAGE_CUBES, LOSSES_TO_LOSE, RESCUES_TO_WIN, SAVE_LIMIT

HOUSE = Building.default()
FAR = {"5,1": "hidden", "5,8": "hidden", "6,8": "hidden"}
"""Three face-down points of interest far from the action, so the replenish step stays quiet."""


def cubes_on_walls(n: int, away_from: set[str]) -> dict[str, int]:
    """``n`` damage cubes on the front house's plain walls (2 a wall, the last maybe 1), none touching
    ``away_from``."""
    walls = sorted(f"{a}|{b}" for e, edge in HOUSE.edges.items() if edge.kind == "wall" and not e & away_from
                   for a, b in [sorted(e)])
    out = {w: 2 for w in walls[:n // 2]}
    if n % 2:
        out[walls[n // 2]] = 1
    return out


# ---- flashpoint.end.collapse: the 24th cube --------------------------------------------------------------------
@pytest.mark.parametrize("placed, over", [(DAMAGE_CUBES - 2, False), (DAMAGE_CUBES - 1, True)])
def test_collapse_comes_with_the_24th_cube_not_the_23rd(placed, over):
    s = position(firefighters=["2,3"], pois=FAR, walls=cubes_on_walls(placed, {"2,3", "3,3"}))
    assert s.damage == placed
    s = s.apply("chop 2,3|3,3")                                   # one more cube
    assert s.damage == placed + 1
    assert (s.is_terminal, s.is_lost) == (over, over)
    assert ("flashpoint.end.collapse" in [e.rule.id for e in s.events]) == over


def test_no_cube_is_placed_beyond_the_24th():
    s = position(firefighters=["2,3"], pois=FAR, walls=cubes_on_walls(DAMAGE_CUBES - 1, {"2,3", "3,3"}))
    s = s.apply("chop 2,3|3,3")
    assert s.damage == DAMAGE_CUBES and s.damage_left == 0


# ---- flashpoint.end.lost: the 4th victim lost --------------------------------------------------------------------
@pytest.mark.parametrize("lost_before, over", [(LOSSES_TO_LOSE - 2, False), (LOSSES_TO_LOSE - 1, True)])
def test_the_team_loses_with_the_4th_victim_lost_not_the_3rd(lost_before, over):
    # smoke on the victim's space; the roll turns it to fire and the victim is lost
    s = position(firefighters=["0,0"], pois={**FAR, "2,4": "victim"}, smoke=["2,4"], lost=lost_before)
    s = s.apply("end").apply("roll 2 4")
    assert s.lost == lost_before + 1
    assert (s.is_terminal, s.is_lost) == (over, over)


# ---- flashpoint.end.win: the 7th victim rescued ------------------------------------------------------------------
@pytest.mark.parametrize("rescued_before, won", [(RESCUES_TO_WIN - 2, False), (RESCUES_TO_WIN - 1, True)])
def test_the_team_wins_with_the_7th_victim_rescued_not_the_6th(rescued_before, won):
    carrier = {"space": "1,6", "carrying": "victim"}
    s = position(firefighters=[carrier], pois=FAR, rescued=rescued_before).apply("move 0,6")
    assert s.rescued == rescued_before + 1
    assert (s.is_terminal, s.is_won) == (won, won)


# ---- flashpoint.fire.damage, flashpoint.ed.window, flashpoint.ed.objects: strengths --------------------------------
def test_a_wall_stands_with_1_cube_and_falls_with_the_2nd():
    s = position(firefighters=[{"space": "2,3", "ap": 3}], pois=FAR).apply("chop 2,3|3,3")
    assert s.damage == 1
    refused(s, "move 3,3", "flashpoint.move.walls")
    s = position(firefighters=["2,3"], pois=FAR, walls={"2,3|3,3": 1}).apply("chop 2,3|3,3")
    assert s.apply("move 3,3").firefighter.space == "3,3"


def test_the_car_stands_with_3_cubes_and_goes_off_with_the_4th():
    garage, car = Building.named("garage"), "car"
    (a, b) = next(o["spaces"] for f in garage.floors.values() for o in f.objects if o["id"] == car)
    pois = {"6,1": "hidden", "1,8": "hidden", "6,8": "hidden"}
    for before, gone in ((2, False), (3, True)):
        fire_next = next(n for n, _ in garage.neighbours(a) if n != b and garage.spaces_by_id[n].inside
                         and garage.edge(a, n) is None)
        s = position("garage", firefighters=["0,1"], pois=pois, objects={car: before}, fire=[fire_next])
        red, black = (int(x) for x in fire_next.split(","))
        s = s.apply("end").apply(f"roll {red} {black}")
        assert (car not in s.objects) == gone, (before, s.objects)


# ---- flashpoint.turn.ap: an action needs its whole cost -------------------------------------------------------
@pytest.mark.parametrize("ap, legal", [(1, False), (2, True)])
def test_moving_into_fire_needs_exactly_2_ap(ap, legal):
    s = position(firefighters=[{"space": "2,3", "ap": ap}], pois=FAR, fire=["2,2"])
    if legal:
        assert s.apply("move 2,2").firefighter.ap == 0
    else:
        refused(s, "move 2,2", "flashpoint.turn.ap")


@pytest.mark.parametrize("ap, legal", [(1, False), (2, True)])
def test_chopping_needs_exactly_2_ap(ap, legal):
    s = position(firefighters=[{"space": "2,3", "ap": ap}], pois=FAR)
    if legal:
        assert s.apply("chop 2,3|3,3").firefighter.ap == 0
    else:
        refused(s, "chop 2,3|3,3", "flashpoint.turn.ap")


# ---- flashpoint.turn.save: at most 4 AP saved --------------------------------------------------------------------
@pytest.mark.parametrize("left, saved", [(3, 3), (4, 4), (5, 4)])
def test_up_to_4_ap_are_saved(left, saved):
    s = position(firefighters=[{"space": "0,0", "ap": left}], pois=FAR).apply("end")
    assert s.firefighter.ap == saved == min(left, SAVE_LIMIT)


@pytest.mark.parametrize("ap, valid", [(SAVE_LIMIT + 4, True), (SAVE_LIMIT + 5, False)])
def test_a_position_holds_at_most_4_saved_ap_plus_a_turns(ap, valid):
    if valid:
        assert position(firefighters=[{"space": "0,0", "ap": ap}], pois=FAR).firefighter.ap == ap
    else:
        with pytest.raises(InvalidData, match="more AP than 4 saved plus a turn's"):
            position(firefighters=[{"space": "0,0", "ap": ap}], pois=FAR)


# ---- role-specific AP (flashpoint.role.*) -------------------------------------------------------------------------
@pytest.mark.parametrize("role, gain", [("generalist", 5), ("cafs", 3), ("rescue", 4), ("driver", 4)])
def test_each_specialist_gains_its_cards_ap_at_the_start_of_its_turn(role, gain):
    s = position(mode="experienced", firefighters=[{"space": "0,0", "role": role, "ap": 0}], pois=FAR)
    s = s.apply("end").apply("roll 6 1")
    assert s.firefighter.ap == gain


@pytest.mark.parametrize("spent, legal", [(0, True), (1, False)])
def test_the_captain_spends_at_most_1_ap_a_turn_on_the_cafs(spent, legal):
    captain = {"space": "0,0", "role": "captain", "command_ap": 2}
    s = position(mode="experienced", firefighters=[captain, {"space": "0,1", "role": "cafs"}], pois=FAR)
    s = s.replace(cafs_commanded=spent)
    if legal:
        assert s.apply("command blue move 0,2").cafs_commanded == 1
    else:
        refused(s, "command blue move 0,2", "flashpoint.role.captain")


# ---- flashpoint.poi.replenish: back to 3 -------------------------------------------------------------------------
@pytest.mark.parametrize("in_play, rolls", [(2, 1), (3, 0)])
def test_points_of_interest_are_replenished_to_3_and_no_further(in_play, rolls):
    pois = dict(list(FAR.items())[:in_play])
    s = position(firefighters=["0,0"], pois=pois).apply("end").apply("roll 6 1")
    due = [st for st in s.pending if st.kind == "roll" and st.purpose == "poi"]
    assert len(due) == rolls


def test_a_carried_victim_counts_towards_the_3():
    s = position(firefighters=[{"space": "0,0", "carrying": "victim"}], pois=dict(list(FAR.items())[:2]))
    s = s.apply("end").apply("roll 6 1")
    assert not [st for st in s.pending if st.kind == "roll" and st.purpose == "poi"]


# ---- hot spots: only while the supply lasts (flashpoint.assume.hot-spot-at-explosion) -----------------------------
@pytest.mark.parametrize("supply, placed", [(0, False), (1, True)])
def test_an_explosion_leaves_a_hot_spot_only_while_the_supply_lasts(supply, placed):
    s = position(mode="experienced", firefighters=[{"space": "0,0", "role": "generalist"}], pois=FAR,
                 fire=["3,4"], hot_spot_supply=supply)
    s = s.apply("end").apply("roll 3 4")
    assert ("3,4" in s.hot_spots) == placed
    assert s.hot_spot_supply == (supply - 1 if placed else 0)
