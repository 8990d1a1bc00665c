"""Extreme Danger, one mechanism per test, on tiny test buildings and literal positions with exact outcomes.

Rules: seed 003 ("Preparação", "Fase de Avanço do Fogo", "Fase de Reabastecimento de POI", "Ações de Movimento",
"Ações de Veículo"), ``bonfire_flashpoint_sources.md`` C.2, DECISIONS Flash Point 2-3 (damage capacities: car
and large equipment 4, small equipment 2, toxic equipment 3; light wall 1) and the engine's named assumptions
(``flashpoint.assume.air``, ``.no-arrow``, ``.fire-through-floor``, ``.no-fire-in-holes``, ``.ladders``,
``.platform``).

Each mechanism gets its own tiny building, made with ``Building.from_dict``: a floor on the dice has the red
d6's 6 rows and the floors together cover black-die columns 1-8 (or 1-12), so the tiny buildings here are one
6 x 8 floor, or 6 x 4 floors side by side on the dice (die columns 1-4, 5-8, 9-12). :func:`floor` closes the outside wall round every floor with a ring and adds
only the elements a test names. Positions are literal (``State.from_dict(d, board=building)``): the firefighter
ends the turn and the roll is forced with ``roll R B``; three face-down points of interest far from the action
keep the replenish step quiet unless a test wants it.
"""

from __future__ import annotations

from collections import Counter
from fractions import Fraction

import pytest
from flashpoint_checks import refused

from explorer.flashpoint import position as build
from explorer.flashpoint.building import Building
from explorer.flashpoint.setup import initial_state
from explorer.flashpoint.state import State, Step, is_extreme

NAMES = ("red", "blue", "green", "yellow", "orange", "white")
ROLES = ("generalist", "imaging", "hazmat", "driver", "paramedic", "rescue")
"""The Experienced game's specialists, one each, in turn order (the AP are set by the tests)."""
SIDES = {"N": (-1, 0), "E": (0, 1), "S": (1, 0), "W": (0, -1)}


# ---- tiny buildings ----------------------------------------------------------------------------------------------
def floor(fid: str = "ground", *, rows: int = 6, cols: int = 8, ring: bool = True, **elements) -> dict:
    """A floor in the building file format; with a ring, every outside edge not listed in ``elements`` is a wall."""
    listed = {e for kind in ("walls", "doors", "entrances", "windows", "fireproof_doors", "light_walls")
              for e in elements.get(kind, ())}
    outer = [f"{r},{c}|{d}" for r in range(1, rows + 1) for c in range(1, cols + 1) for d, (dr, dc) in SIDES.items()
             if ring and not (1 <= r + dr <= rows and 1 <= c + dc <= cols) and f"{r},{c}|{d}" not in listed]
    return {"id": fid, "name": fid.title(), "rows": rows, "cols": cols, **elements,
            "walls": outer + list(elements.get("walls", ()))}


def building(*floors: dict, **extra) -> Building:
    return Building.from_dict({"format": "flashpoint-building", "format_version": 1, "name": "Tiny test building",
                               "floors": list(floors), **extra})


# One storey: a fireproof door 2,2|2,3, an outside window north of 1,6, an inside window 4,4|4,5, a light wall 5,2|5,3.
DOORS = building(floor(fireproof_doors=["2,2|2,3"], windows=["1,6|N", "4,4|4,5"], light_walls=["5,2|5,3"]),
                 parking={"ambulance": [["0,1", "0,2"]], "engine": [["7,1", "7,2"]]})
# One storey: the car on 2,2-2,3 (capacity 4) with a wall west of it and a light wall south of 2,3; a small
# explosive in the corner 6,8 (capacity 2); arrows 2,2 -> 1,2, 2,3 -> 1,3, 6,8 -> 5,8.
OBJECTS = building(
    floor(walls=["2,1|2,2"], light_walls=["2,3|3,3"],
          objects=[{"id": "car", "kind": "explosive", "spaces": ["2,2", "2,3"], "capacity": 4},
                   {"id": "small", "kind": "explosive", "spaces": ["6,8"], "capacity": 2}],
          arrows=[{"space": "2,2", "to": "1,2"}, {"space": "2,3", "to": "1,3"}, {"space": "6,8", "to": "5,8"}]),
    parking={"ambulance": [["0,5", "0,6"]], "engine": [["7,1", "7,2"]]})
# One storey: the toxic tank on 1,1 (capacity 3, arrow to 2,1; a wall 1,1|2,1, so its only way out is 1,2) and a
# dead end 1,3 off 1,2 (walls 1,3|1,4 and 1,3|2,3); the toxic sump on 6,8 (capacity 3) walled in with 6,7
# (walls 5,8|6,8, 5,7|6,7, 6,6|6,7).
SPILL = building(
    floor(walls=["1,1|2,1", "1,3|1,4", "1,3|2,3", "5,8|6,8", "5,7|6,7", "6,6|6,7"],
          objects=[{"id": "tank", "kind": "toxic", "spaces": ["1,1"], "capacity": 3},
                   {"id": "sump", "kind": "toxic", "spaces": ["6,8"], "capacity": 3}],
          arrows=[{"space": "1,1", "to": "2,1"}]),
    parking={"ambulance": [["0,5", "0,6"]], "engine": [["7,5", "7,6"]]})
# A 6 x 8 ground floor (die columns 1-8, a wall 3,2|4,2) over a 6 x 4 basement (die columns 9-12, no ring):
# "basement:r,c" lies under "r,c" for columns 1-4. The black die is the d12.
FLOORS = building(
    floor(level=0, die_cols=[1, 8], walls=["3,2|4,2"]),
    floor("basement", cols=4, ring=False, level=-1, die_cols=[9, 12]),
    parking={"ambulance": [["0,5", "0,6"]], "engine": [["7,5", "7,6"]]})
# Two storeys of 6 x 4: the ground floor (die columns 1-4) and the second storey (5-8, windows north of
# second:1,2 and second:1,3). The engine parks north (0,2-0,3) or south (7,2-7,3), the ambulance west.
LADDERS = building(
    floor(cols=4, level=0, die_cols=[1, 4]),
    floor("second", cols=4, level=1, die_cols=[5, 8], windows=["1,2|N", "1,3|N"]),
    parking={"ambulance": [["2,0", "3,0"]], "engine": [["0,2", "0,3"], ["7,2", "7,3"]]})
# One storey with a window (so an Extreme Danger building) and an ambulance spot on each side.
DRIVE = building(floor(windows=["1,4|N"]),
                 parking={"ambulance": [["0,2", "0,3"], ["2,9", "3,9"], ["7,2", "7,3"], ["2,0", "3,0"]],
                          "engine": [["0,6", "0,7"]]})
FAR_POIS = {"6,6": "hidden", "6,7": "hidden", "6,8": "hidden"}


# ---- positions ---------------------------------------------------------------------------------------------------
def ff(space: str = "0,1", ap: int = 4, **kw) -> dict:
    return {"space": space, "ap": ap, **kw}


def position(board: Building, *firefighters: dict, pois=None, experienced: bool = False, options=None,
             rescued: int = 0, lost: int = 0, vehicles=None, turn: int = 0, **fields) -> State:
    """``board`` with only the pieces given, through the public builder (``explorer.flashpoint.position``); the
    firefighters named red, blue... in order, with the specialists of :data:`ROLES` in the Experienced game; red
    to act; no ladders and no vehicles unless given; the cubes out of play derived from what has gone off."""
    fighters = [dict(f) for f in (firefighters or [ff()])]
    for k, f in enumerate(fighters):
        f.setdefault("role", ROLES[k] if experienced else "firefighter")
    return build(board, firefighters=fighters, to_act=turn, pois=dict(FAR_POIS if pois is None else pois),
                 rescued=rescued, lost=lost, mode="experienced" if experienced else "family",
                 vehicles=dict(vehicles or {}), options=options, ladders=fields.pop("ladders", ()),
                 hot_spot_supply=fields.pop("hot_spot_supply", 12 if experienced else 0), **fields)


def cubes_on_walls(board: Building, n: int, away_from: set[str] = frozenset()) -> dict[str, int]:
    """``n`` damage cubes on plain walls of ``board`` (2 a wall, the last maybe 1), none touching ``away_from``."""
    walls = sorted(f"{a}|{b}" for e, edge in board.edges.items() if edge.kind == "wall"
                   and not e & set(away_from) for a, b in [sorted(e)])
    out = {w: 2 for w in walls[:n // 2]}
    if n % 2:
        out[walls[n // 2]] = 1
    return out


def advance(s: State, red: int, black: int) -> State:
    """End red's turn and roll the fire to ``red,black``."""
    return s.apply("end").apply(f"roll {red} {black}")


def rules(s: State) -> list[str]:
    """The rule ids of the last apply's events, the turn's bookkeeping left out."""
    return [e.rule.id for e in s.events if not e.rule.id.startswith("flashpoint.turn.")]


def red(s: State):
    return s.firefighters[0]


def outcomes(s: State) -> list[tuple[str, Fraction]]:
    return [(str(a), p) for a, p in s.chance_outcomes()]


# ==== Fase de Avanço do Fogo: fireproof doors =======================================================================
def test_a_blast_on_a_closed_fireproof_door_stops_there_and_rolls_the_red_die():
    s = advance(position(DOORS, fire=["2,2"]), 2, 2)
    assert s.is_chance_node and s.pending[0] == Step("fireproof", "", "2,2|2,3")
    assert outcomes(s) == [(f"fireproof {v}", Fraction(1, 6)) for v in range(1, 7)]
    assert set(s.fire) == {"2,2", "1,2", "3,2", "2,1"} and "2,3" not in s.fire
    assert s.to_dict()["doors"] == {} and s.damage == 0
    assert rules(s).count("flashpoint.ed.fireproof-door") == 1


@pytest.mark.parametrize("die", [1, 2, 3])
def test_a_fireproof_door_holds_on_1_to_3(die):
    s = advance(position(DOORS, fire=["2,2"]), 2, 2).apply(f"fireproof {die}")
    assert s.to_dict()["doors"] == {} and s.to_dict()["jams"] == {}
    assert "2,3" not in s.fire and s.phase == "actions" and s.pending == ()
    assert rules(s) == ["flashpoint.ed.fireproof-door"]


@pytest.mark.parametrize("die", [4, 5, 6])
def test_a_fireproof_door_holds_but_jams_on_4_to_6(die):
    s = advance(position(DOORS, fire=["2,2"]), 2, 2).apply(f"fireproof {die}")
    assert s.to_dict()["doors"] == {"2,2|2,3": "jammed"} and s.to_dict()["jams"] == {"2,2|2,3": 1}
    assert "2,3" not in s.fire and s.phase == "actions"
    assert rules(s) == ["flashpoint.ed.fireproof-door"]


def test_a_jammed_fireproof_door_takes_another_jam_marker_without_a_roll_and_still_blocks():
    s = position(DOORS, fire=["2,3"], doors={"2,2|2,3": "jammed"}, jams={"2,2|2,3": 1})
    s = advance(s, 2, 3)
    assert not s.is_chance_node and s.phase == "actions" and s.pending == ()
    assert s.to_dict()["jams"] == {"2,2|2,3": 2} and s.to_dict()["doors"] == {"2,2|2,3": "jammed"}
    assert set(s.fire) == {"2,3", "1,3", "2,4", "3,3"} and "2,2" not in s.fire
    assert "flashpoint.ed.fireproof-door" in rules(s)


def test_removing_a_jam_marker_costs_1_ap_and_the_door_stays_jammed_while_markers_are_left():
    """flashpoint.ed.unjam: 1 AP removes one jam marker from a fireproof door of the firefighter's space."""
    s = position(DOORS, ff("2,3"), doors={"2,2|2,3": "jammed"}, jams={"2,2|2,3": 2})
    assert "unjam 2,2|2,3" in [str(a) for a in s.legal_actions()]
    s = s.apply("unjam 2,3|2,2")
    assert red(s).ap == 3 and s.to_dict()["jams"] == {"2,2|2,3": 1} and s.to_dict()["doors"] == {"2,2|2,3": "jammed"}
    assert rules(s) == ["flashpoint.ed.unjam"]
    refused(s, "open 2,2|2,3", "flashpoint.ed.fireproof-door")


def test_a_door_freed_of_its_last_jam_marker_is_a_closed_fireproof_door_again():
    """flashpoint.assume.unjammed-door: it opens again, and a blast on it rolls the red die again."""
    s = position(DOORS, ff("2,2"), doors={"2,2|2,3": "jammed"}, jams={"2,2|2,3": 1}).apply("unjam 2,2|2,3")
    assert s.to_dict()["jams"] == {} and s.to_dict()["doors"] == {}
    assert rules(s) == ["flashpoint.ed.unjam", "flashpoint.assume.unjammed-door"]
    refused(s, "unjam 2,2|2,3", "flashpoint.ed.unjam")
    assert "unjam 2,2|2,3" not in [str(a) for a in s.legal_actions()]
    opened = s.apply("open 2,2|2,3")
    assert red(opened).ap == 2 and opened.to_dict()["doors"] == {"2,2|2,3": "open"}
    s = advance(s.with_firefighter(0, space="0,1").replace(fire=frozenset({"2,2"})), 2, 2)
    assert s.pending[0] == Step("fireproof", "", "2,2|2,3")


def test_removing_a_jam_marker_is_refused_with_the_reason():
    jammed = position(DOORS, ff("2,2", ap=0), doors={"2,2|2,3": "jammed"}, jams={"2,2|2,3": 1})
    refused(jammed, "unjam 2,2|2,3", "flashpoint.turn.ap")
    refused(position(DOORS, ff("2,2")), "unjam 2,2|2,3", "flashpoint.ed.unjam")          # not jammed
    refused(position(DOORS, ff("4,4")), "unjam 4,4|4,5", "flashpoint.ed.unjam")          # a window
    far = position(DOORS, ff("5,5"), doors={"2,2|2,3": "jammed"}, jams={"2,2|2,3": 1})
    err = refused(far, "unjam 2,2|2,3", "flashpoint.ed.unjam")                           # not at its space
    assert "is not an edge of row 5, column 5, where red stands" in str(err)


def test_a_jammed_fireproof_door_can_be_neither_opened_nor_closed():
    s = position(DOORS, ff("2,2"), doors={"2,2|2,3": "jammed"}, jams={"2,2|2,3": 3})
    refused(s, "open 2,2|2,3", "flashpoint.ed.fireproof-door")
    refused(s, "close 2,2|2,3", "flashpoint.ed.fireproof-door")
    refused(s, "move 2,3", "flashpoint.move.walls")


def test_a_closed_fireproof_door_opens_for_1_ap_and_then_lets_the_blast_through():
    s = position(DOORS, ff("2,2")).apply("open 2,2|2,3")
    assert red(s).ap == 3 and s.to_dict()["doors"] == {"2,2|2,3": "open"}
    s = advance(position(DOORS, fire=["2,2"], doors={"2,2|2,3": "open"}), 2, 2)
    assert set(s.fire) == {"2,2", "1,2", "2,3", "3,2", "2,1"}
    assert not s.is_chance_node and s.to_dict()["jams"] == {}
    assert "flashpoint.ed.fireproof-door" not in rules(s)


def test_an_open_fireproof_door_is_blown_off_like_any_open_door():
    s = advance(position(DOORS, fire=["2,2"], doors={"2,2|2,3": "open"}), 2, 2)
    assert s.to_dict()["doors"] == {"2,2|2,3": "destroyed"}


def test_a_door_jammed_by_the_first_of_two_blasts_takes_the_seconds_jam_marker_without_a_roll():
    # two hazmats on 2,2: two explosions, each blasting east into the closed fireproof door: two red-die steps
    s = position(DOORS, experienced=True, vehicles={"engine": "7,1", "ambulance": "0,1"}, smoke=["2,2"],
                 hazmats={"2,2": 2})
    s = advance(s, 2, 2)
    assert s.pending[:2] == (Step("fireproof", "", "2,2|2,3"),) * 2
    assert set(s.fire) == {"2,2", "1,2", "3,2", "2,1", "4,2"}
    assert s.to_dict()["walls"] == {"0,2|1,2": 1, "2,0|2,1": 1}
    s = s.apply("fireproof 5")                      # jams: the second hit needs no roll any more
    assert s.to_dict()["jams"] == {"2,2|2,3": 2} and s.to_dict()["doors"] == {"2,2|2,3": "jammed"}
    assert Step("fireproof", "", "2,2|2,3") not in s.pending
    assert "2,3" not in s.fire and s.phase == "actions"


def test_a_door_that_holds_the_first_blast_rolls_again_for_the_second():
    s = position(DOORS, experienced=True, vehicles={"engine": "7,1", "ambulance": "0,1"}, smoke=["2,2"],
                 hazmats={"2,2": 2})
    s = advance(s, 2, 2).apply("fireproof 2")
    assert s.to_dict()["jams"] == {} and s.pending[0] == Step("fireproof", "", "2,2|2,3")
    s = s.apply("fireproof 6")
    assert s.to_dict()["jams"] == {"2,2|2,3": 1} and s.to_dict()["doors"] == {"2,2|2,3": "jammed"}


# ==== windows ======================================================================================================
def test_opening_and_closing_a_window_costs_1_ap_each():
    s = position(DOORS, ff("1,6")).apply("open 0,6|1,6")
    assert red(s).ap == 3 and s.to_dict()["doors"] == {"0,6|1,6": "open"}
    assert rules(s) == ["flashpoint.ed.window"]
    s = s.apply("close 0,6|1,6")
    assert red(s).ap == 2 and s.to_dict()["doors"] == {}
    assert rules(s) == ["flashpoint.ed.window"]
    refused(s, "close 0,6|1,6", "flashpoint.ed.window")
    refused(position(DOORS, ff("1,6", ap=0)), "open 0,6|1,6", "flashpoint.turn.ap")


def test_an_open_window_joins_the_two_spaces_for_a_firefighter():
    s = position(DOORS, ff("1,6"))
    refused(s, "move 0,6", "flashpoint.move.walls")
    s = s.apply("open 0,6|1,6").apply("move 0,6")
    assert (red(s).space, red(s).ap) == ("0,6", 2)
    s = s.apply("move 1,6")
    assert (red(s).space, red(s).ap) == ("1,6", 1)


@pytest.mark.parametrize("window, fire", [("closed", {"4,4"}), ("open", {"4,4", "4,5"})])
def test_flashover_crosses_an_open_window_but_not_a_closed_one(window, fire):
    doors = {"4,4|4,5": "open"} if window == "open" else {}
    s = advance(position(DOORS, smoke=["4,4", "4,5"], doors=doors), 4, 4)
    assert set(s.fire) == fire and set(s.smoke) == {"4,4", "4,5"} - fire


def test_one_damage_cube_destroys_a_window_and_the_blast_stops_there():
    s = advance(position(DOORS, fire=["4,4"]), 4, 4)
    assert s.to_dict()["walls"] == {"4,4|4,5": 1} and s.damage == 1
    assert set(s.fire) == {"4,4", "3,4", "5,4", "4,3"}
    (damage,) = [e for e in s.events if e.rule.id == "flashpoint.fire.damage"]
    assert damage.describe().endswith("the window at 4,4|4,5 is destroyed")
    # destroyed: the next blast goes through it, and it no longer opens or closes
    s = advance(position(DOORS, fire=["4,4"], walls={"4,4|4,5": 1}), 4, 4)
    assert "4,5" in s.fire and s.damage == 1
    refused(position(DOORS, ff("4,4"), walls={"4,4|4,5": 1}), "open 4,4|4,5", "flashpoint.ed.window")


def test_a_blast_damages_an_open_window_like_a_wall_and_one_cube_destroys_it():
    """flashpoint.ed.window: unlike a door, an open window is not blown away; the blast puts a damage cube on it
    (which destroys it, and counts towards the collapse) and stops there."""
    s = advance(position(DOORS, fire=["4,4"], doors={"4,4|4,5": "open"}), 4, 4)
    assert s.to_dict()["walls"] == {"4,4|4,5": 1} and s.damage == 1
    assert set(s.fire) == {"4,4", "3,4", "5,4", "4,3"} and "4,5" not in s.fire
    (damage,) = [e for e in s.events if e.rule.id == "flashpoint.fire.damage"]
    assert damage.describe().endswith("the window at 4,4|4,5 is destroyed")
    assert "flashpoint.fire.door-blown" not in rules(s)
    # destroyed, the window no longer closes, and the next blast goes through
    refused(position(DOORS, ff("4,4"), walls={"4,4|4,5": 1}, doors={"4,4|4,5": "open"}), "close 4,4|4,5",
            "flashpoint.ed.window")
    s = advance(position(DOORS, fire=["4,4"], walls={"4,4|4,5": 1}, doors={"4,4|4,5": "open"}), 4, 4)
    assert "4,5" in s.fire and s.damage == 1


def test_a_blast_on_an_open_window_counts_towards_the_collapse():
    """flashpoint.end.collapse: with 23 cubes placed, a blast on an open window places the 24th."""
    cubes = cubes_on_walls(DOORS, 23, away_from={"4,4", "3,4", "5,4", "4,3"})
    s = advance(position(DOORS, fire=["4,4"], doors={"4,4|4,5": "open"}, walls=cubes), 4, 4)
    assert s.damage == 24 and s.is_terminal and s.is_lost


def test_a_blast_leaving_the_building_through_an_open_outside_window_damages_it():
    s = advance(position(DOORS, fire=["1,6"], doors={"0,6|1,6": "open"}), 1, 6)
    assert s.to_dict()["walls"]["0,6|1,6"] == 1
    assert "flashpoint.assume.outside-fire" not in rules(s)


def test_a_blast_leaving_the_building_logs_an_event_naming_its_rule():
    """flashpoint.assume.outside-fire: a blast through an open way out does nothing outside, and says so."""
    s = advance(position(DOORS, fire=["1,6"], walls={"0,6|1,6": 1}), 1, 6)
    (out,) = [e for e in s.events if e.rule.id == "flashpoint.assume.outside-fire"]
    assert out.describe() == "the blast from 1,6 leaves the building at 0,6|1,6: nothing happens outside"
    assert "0,6" not in s.fire and s.damage == 1


def test_one_chop_destroys_a_window():
    s = position(DOORS, ff("4,4")).apply("chop 4,4|4,5")
    assert red(s).ap == 2 and s.to_dict()["walls"] == {"4,4|4,5": 1} and s.damage == 1
    refused(s, "chop 4,4|4,5", "flashpoint.chop")
    s = s.apply("move 4,5")
    assert (red(s).space, red(s).ap) == ("4,5", 1)


# ==== light walls ==================================================================================================
def test_one_damage_cube_destroys_a_light_wall():
    s = advance(position(DOORS, fire=["5,2"]), 5, 2)
    assert s.to_dict()["walls"] == {"5,2|5,3": 1} and s.damage == 1 and "5,3" not in s.fire
    (damage,) = [e for e in s.events if e.rule.id == "flashpoint.ed.light-wall"]
    assert damage.describe().endswith("the light wall at 5,2|5,3 is destroyed by one cube")
    s = advance(position(DOORS, fire=["5,2"], walls={"5,2|5,3": 1}), 5, 2)
    assert set(s.fire) == {"5,2", "4,2", "5,3", "6,2", "5,1"} and s.damage == 1


def test_one_chop_destroys_a_light_wall():
    s = position(DOORS, ff("5,2"))
    refused(s, "move 5,3", "flashpoint.move.walls")
    s = s.apply("chop 5,2|5,3")
    assert red(s).ap == 2 and s.to_dict()["walls"] == {"5,2|5,3": 1}
    refused(s, "chop 5,2|5,3", "flashpoint.chop")
    assert red(s.apply("move 5,3")).space == "5,3"


# ==== explosive objects ============================================================================================
OBJ_POIS = {"4,1": "hidden", "5,1": "hidden", "6,1": "hidden"}


def objects_at(*firefighters, **kw) -> State:
    kw.setdefault("pois", OBJ_POIS)
    return position(OBJECTS, *firefighters, **kw)


def test_a_blast_onto_an_object_damages_it_instead_of_setting_it_on_fire():
    s = advance(objects_at(fire=["2,4"]), 2, 4)
    assert s.objects == {"car": 1, "small": 0} and s.damage == 1 and s.to_dict()["walls"] == {}
    assert set(s.fire) == {"2,4", "1,4", "2,5", "3,4"} and not {"2,2", "2,3"} & set(s.fire)
    assert s.to_dict()["objects"] == {"car": 1, "small": 0}
    (hit,) = [e for e in s.events if e.rule.id == "flashpoint.ed.objects"]
    assert hit.spaces == ("2,2", "2,3") and "(1/4)" in hit.describe()


def test_a_shockwave_stops_at_the_object_with_a_damage_cube():
    s = advance(objects_at(fire=["2,4", "2,5"], objects={"car": 2, "small": 0}), 2, 5)
    assert s.objects == {"car": 3, "small": 0} and s.damage == 3
    assert set(s.fire) == {"2,4", "2,5", "1,5", "2,6", "3,5"}
    assert [e.spaces for e in s.events if e.rule.id == "flashpoint.fire.shockwave"] == [("2,4",)]


def test_the_car_at_its_capacity_explodes_in_six_directions():
    s = objects_at(experienced=True, fire=["2,4"], objects={"car": 3, "small": 0},
                   vehicles={"engine": "7,1", "ambulance": "0,5"})
    assert s.damage == 3
    s = advance(s, 2, 4)
    # the roll's explosion on 2,4: north 1,4, east 2,5, south 3,4, then west onto the car: its 4th cube.
    # The car: fire and hot spots on 2,2 and 2,3, then from 2,2 north 1,2, south 3,2, west the wall 2,1|2,2;
    # from 2,3 north 1,3, east a shockwave through 2,4 and 2,5 to 2,6, south the light wall 2,3|3,3 (destroyed).
    assert set(s.fire) == {"2,4", "1,4", "2,5", "3,4", "2,2", "2,3", "1,2", "3,2", "1,3", "2,6"}
    assert s.to_dict()["walls"] == {"2,1|2,2": 1, "2,3|3,3": 1}
    assert s.objects == {"small": 0} and s.damage_out == 4
    assert s.damage == 6                                  # 4 car cubes (out of play, still counted) + 2 on walls
    assert set(s.hot_spots) == {"2,2", "2,3", "2,4"} and s.hot_spot_supply == 9
    assert [e.spaces for e in s.events if e.rule.id == "flashpoint.fire.shockwave"] == [("2,4",), ("2,5",)]
    objects = [e.describe() for e in s.events if e.rule.id == "flashpoint.ed.objects"]
    assert objects[0].endswith("damages the car (4/4)") and objects[1] == "the car explodes"


def test_the_car_explodes_in_the_family_game_without_hot_spots():
    s = advance(objects_at(fire=["2,4"], objects={"car": 3, "small": 0}), 2, 4)
    assert {"2,2", "2,3"} <= set(s.fire) and s.objects == {"small": 0} and s.hot_spots == frozenset()


def test_the_small_object_explodes_twice_from_its_space():
    s = objects_at(experienced=True, fire=["6,7"], objects={"car": 0, "small": 1},
                   vehicles={"engine": "7,1", "ambulance": "0,5"})
    s = advance(s, 6, 7)
    # 6,7 explodes: north 5,7, east onto the small object (2/2). It explodes on 6,8: north 5,8, east and south
    # the outside walls, west a shockwave through 6,7 to 6,6. Again: north through 5,8 to 4,8, east and south
    # destroy the outside walls, west through 6,7 and 6,6 to 6,5. Then 6,7's own south wall and west blast
    # (through 6,6 and 6,5 to 6,4).
    assert set(s.fire) == {"6,7", "5,7", "6,8", "5,8", "6,6", "4,8", "6,5", "6,4"}
    assert s.to_dict()["walls"] == {"6,8|6,9": 2, "6,8|7,8": 2, "6,7|7,7": 1}
    assert s.objects == {"car": 0} and s.damage_out == 2 and s.damage == 7
    assert set(s.hot_spots) == {"6,8", "6,7"} and s.hot_spot_supply == 10
    assert [e.describe() for e in s.events if e.rule.id == "flashpoint.ed.objects"] == [
        "the blast from 6,7 damages the small (2/2)", "the small explodes", "a hot spot is placed on 6,8",
        "the small explodes a second time"]


def test_a_fire_roll_on_an_object_follows_the_arrow():
    s = advance(objects_at(), 2, 2)
    assert set(s.smoke) == {"1,2"} and not s.fire and s.last_roll == (2, 2)
    assert rules(s) == ["flashpoint.ed.arrows", "flashpoint.fire.smoke"]
    assert [e.spaces for e in s.events if e.rule.id == "flashpoint.ed.arrows"] == [("2,2", "1,2")]
    s = advance(objects_at(fire=["1,3"]), 2, 3)           # the arrow's target on fire: it explodes there
    assert rules(s)[:2] == ["flashpoint.ed.arrows", "flashpoint.fire.explosion"]
    assert s.objects["car"] == 1                         # its blast south hits the car


def test_a_replenish_roll_on_an_object_follows_the_arrow():
    s = advance(objects_at(pois={"4,1": "hidden", "5,1": "hidden"}), 5, 5)
    assert s.pending[0] == Step("roll", "poi")
    s = s.apply("roll 2 3")
    assert s.pois == {"4,1": "hidden", "5,1": "hidden", "1,3": "hidden"}
    assert [e.rule.id for e in s.events][:2] == ["flashpoint.ed.arrows", "flashpoint.poi.replenish"]


def test_once_the_car_has_exploded_its_spaces_are_ordinary():
    s = advance(objects_at(ff("1,2"), objects={"small": 0}, damage_out=4), 2, 2)
    assert set(s.smoke) == {"2,2"} and rules(s) == ["flashpoint.fire.smoke"]
    assert red(objects_at(ff("1,2"), objects={"small": 0}, damage_out=4).apply("move 2,2")).space == "2,2"


def test_nobody_moves_into_an_objects_space():
    refused(objects_at(ff("1,2")), "move 2,2", "flashpoint.ed.objects")
    refused(objects_at(ff("5,8")), "move 6,8", "flashpoint.ed.objects")


def test_without_the_objects_option_their_spaces_are_ordinary():
    s = objects_at(ff("1,2"), options={"objects": False})
    assert s.objects == {} and s.to_dict()["options"]["objects"] is False
    assert red(s.apply("move 2,2")).space == "2,2"
    s = advance(s, 2, 2)
    assert set(s.smoke) == {"2,2"} and "flashpoint.ed.arrows" not in rules(s)
    s = advance(objects_at(fire=["2,4"], options={"objects": False}), 2, 4)
    assert "2,3" in s.fire and s.damage == 0


# ==== chemical spill ===============================================================================================
SPILL_POIS = {"4,4": "hidden", "4,5": "hidden", "4,6": "hidden"}


def test_the_toxic_equipment_at_its_capacity_spills():
    s = position(SPILL, pois=SPILL_POIS, fire=["1,2"], objects={"tank": 2, "sump": 0})
    s = advance(s, 1, 2)
    assert s.objects == {"sump": 0} and s.damage_out == 3 and s.damage == 4     # + the outside wall north of 1,2
    assert set(s.toxic) == {"1,1"} and "1,1" not in s.fire
    assert s.pending[0] == Step("spill", "5", "1,1")
    assert outcomes(s) == [("spill 1,2", Fraction(1))]                           # 1,1's only free neighbour
    assert [e.describe() for e in s.events if e.rule.id == "flashpoint.ed.spill"] == [
        "the tank fails: a chemical spill", "a toxic marker on 1,1"]


def test_the_spill_lays_5_markers_on_a_random_path_backing_up_from_a_dead_end():
    pending = [{"kind": "spill", "purpose": "5", "space": "1,1"}, {"kind": "knock-down"}, {"kind": "lost"},
               {"kind": "replenish"}, {"kind": "next-turn"}]
    s = position(SPILL, ff("0,5"), ff("3,1"), phase="fire", pending=pending, toxic=["1,1"],
                 objects={"sump": 0}, damage_out=3, pois={"2,2": "victim", "2,1": "hidden", "4,4": "hidden"})
    assert outcomes(s) == [("spill 1,2", Fraction(1))]
    s = s.apply("spill 1,2")
    assert s.pending[0] == Step("spill", "4", "1,1;1,2")
    assert outcomes(s) == [("spill 2,2", Fraction(1, 2)), ("spill 1,3", Fraction(1, 2))]
    s = s.apply("spill 1,3")                              # the dead end: back up to 1,2
    assert s.pending[0] == Step("spill", "3", "1,1;1,2;1,3")
    assert outcomes(s) == [("spill 2,2", Fraction(1))]
    s = s.apply("spill 2,2")                              # the victim there is lost
    assert (s.lost, "2,2" in s.pois) == (1, False)
    assert outcomes(s) == [("spill 2,1", Fraction(1, 3)), ("spill 3,2", Fraction(1, 3)),
                           ("spill 2,3", Fraction(1, 3))]
    s = s.apply("spill 2,1")                              # a face-down point of interest: turned over after the spill
    assert s.pending[:2] == (Step("spill", "1", "1,1;1,2;1,3;2,2;2,1"), Step("reveal", "fire", "2,1"))
    assert outcomes(s) == [("spill 3,1", Fraction(1))]
    s = s.apply("spill 3,1")                              # the 5th marker: blue is knocked down
    assert set(s.toxic) == {"1,1", "1,2", "1,3", "2,2", "2,1", "3,1"}
    assert s.firefighters[1].space == "0,5" and "flashpoint.fire.knock-down" in rules(s)
    assert s.pending[0] == Step("reveal", "fire", "2,1")
    s = s.apply("reveal victim")
    assert (s.lost, s.unknown_victims, "2,1" in s.pois) == (2, 10, False)
    assert s.pending[0] == Step("roll", "poi")            # one point of interest left: replenish


def test_a_spill_with_no_room_stops_early():
    s = position(SPILL, pois=SPILL_POIS, fire=["6,7"], objects={"tank": 0, "sump": 2})
    s = advance(s, 6, 7)
    assert set(s.toxic) == {"6,8"} and outcomes(s) == [("spill 6,7", Fraction(1))]
    s = s.apply("spill 6,7")
    assert set(s.toxic) == {"6,8", "6,7"} and s.phase == "actions" and s.pending == ()
    assert [e.describe() for e in s.events if e.rule.id == "flashpoint.ed.spill"][-1] == \
        "the spill has nowhere left to flow: it stops"


def test_nobody_moves_onto_a_toxic_marker():
    refused(position(SPILL, ff("2,3"), pois=SPILL_POIS, toxic=["2,2"], objects={"sump": 0}, damage_out=3),
            "move 2,2", "flashpoint.ed.spill")


def test_a_replenish_roll_on_a_toxic_marker_follows_an_arrow_or_is_rolled_again():
    s = position(SPILL, pois={"4,4": "hidden", "4,5": "hidden"}, toxic=["1,1", "3,1"], objects={"sump": 0},
                 damage_out=3)
    s = advance(s, 3, 1)                                  # the fire may land on a toxic marker
    assert set(s.smoke) == {"3,1"} and s.pending[0] == Step("roll", "poi")
    arrow = s.apply("roll 1 1")
    assert arrow.pois["2,1"] == "hidden" and len(arrow.pois) == 3
    assert arrow.events[0].rule.id == "flashpoint.ed.arrows" and arrow.events[0].spaces == ("1,1", "2,1")
    again = s.apply("roll 3 1")
    assert again.pois == s.pois and again.pending[0] == Step("roll", "poi")
    assert [e.rule.id for e in again.events] == ["flashpoint.assume.no-arrow"]


def test_without_the_chemical_spill_option_the_toxic_equipment_is_not_there():
    s = position(SPILL, ff("1,2"), pois=SPILL_POIS, options={"chemical_spill": False})
    assert s.objects == {}
    assert red(s.apply("move 1,1")).space == "1,1"


# ==== floor damage (the basement) ==================================================================================
def test_a_half_board_rolls_the_d12():
    assert FLOORS.die_faces == 12 and FLOORS.roll_space(3, 10) == "basement:3,2"
    s = position(FLOORS).apply("end")
    assert len(s.chance_outcomes()) == 72
    assert {str(a) for a, _ in s.chance_outcomes()} == {f"roll {r} {b}" for r in range(1, 7) for b in range(1, 13)}
    assert {p for _, p in s.chance_outcomes()} == {Fraction(1, 72)}


def test_an_explosion_in_the_basement_damages_the_floor_above():
    s = advance(position(FLOORS, fire=["basement:3,2"]), 3, 10)
    assert s.to_dict()["floors"] == {"3,2": "damaged"} and s.damage == 0
    assert set(s.fire) == {"basement:3,2", "basement:2,2", "basement:3,3", "basement:4,2", "basement:3,1"}
    (event,) = [e for e in s.events if e.rule.id == "flashpoint.ed.floor"]
    assert event.spaces == ("3,2",)


def test_a_second_explosion_below_destroys_the_damaged_floor():
    s = advance(position(FLOORS, fire=["basement:3,2"], floors={"3,2": "damaged"}), 3, 10)
    assert s.to_dict()["floors"] == {"3,2": "destroyed"}
    assert s.damage_out == 2 and s.damage == 2 and s.damage_left == 22


def test_an_explosion_on_a_damaged_ground_space_destroys_its_floor():
    s = advance(position(FLOORS, fire=["3,2"], floors={"3,2": "damaged"}), 3, 2)
    assert s.to_dict()["floors"] == {"3,2": "destroyed"}
    assert set(s.fire) == {"2,2", "3,3", "3,1"}          # its blast went out first; the hole holds no fire
    assert s.to_dict()["walls"] == {"3,2|4,2": 1} and s.damage == 3


def test_an_explosion_on_an_undamaged_ground_space_leaves_its_floor():
    s = advance(position(FLOORS, fire=["3,2"]), 3, 2)
    assert s.to_dict()["floors"] == {}


def test_a_destroyed_floor_has_its_four_consequences_in_order():
    s = position(FLOORS, ff("0,1"), ff("3,2"), experienced=True, vehicles={"engine": "7,5", "ambulance": "0,5"},
                 fire=["basement:3,2"], smoke=["3,2", "2,2", "3,3", "3,4", "4,2"], hot_spots=["3,2"],
                 hot_spot_supply=11, floors={"3,2": "damaged"}, pois={"3,2": "victim", **FAR_POIS})
    s = advance(s, 3, 10)
    assert s.to_dict()["floors"] == {"3,2": "destroyed"} and s.damage_out == 2
    assert "3,2" not in s.fire and "3,2" not in s.smoke
    assert {"2,2", "3,3", "3,4"} <= set(s.fire) and set(s.smoke) == {"4,2"}     # 4,2 is behind a wall
    assert s.lost == 1 and "3,2" not in s.pois
    assert s.firefighters[1].space == "0,5"
    assert "3,2" not in s.hot_spots and set(s.hot_spots) == {"basement:3,2"} and s.hot_spot_supply == 11
    texts = [e.describe() for e in s.events]
    order = [next(i for i, t in enumerate(texts) if marker in t) for marker in (
        "the floor of 3,2 is destroyed: 2 damage cubes leave play", "the smoke on 2,2 beside the hole turns to fire",
        "flashover: the smoke on 3,4", "the victim on 3,2 is lost", "blue is knocked down",
        "the hot spot on 3,2 goes back to the supply")]
    assert order == sorted(order)


def test_a_hazmat_on_a_destroyed_floor_explodes():
    s = position(FLOORS, experienced=True, vehicles={"engine": "7,5", "ambulance": "0,5"},
                 fire=["basement:3,2"], floors={"3,2": "damaged"}, hazmats={"3,2": 1})
    s = advance(s, 3, 10)
    assert s.hazmats == {} and s.to_dict()["floors"] == {"3,2": "destroyed"}
    assert {"2,2", "3,3", "3,1"} <= set(s.fire) and "3,2" not in s.fire
    assert s.to_dict()["walls"] == {"3,2|4,2": 1} and s.damage == 3
    assert "3,2" not in s.hot_spots
    assert any(e.describe() == "the hazmat on 3,2 falls and explodes" for e in s.events)


def test_destroying_a_floor_can_collapse_the_building():
    s = position(FLOORS, fire=["basement:3,2"], floors={"3,2": "damaged"}, walls=cubes_on_walls(FLOORS, 22))
    assert s.damage_left == 2
    s = advance(s, 3, 10)
    assert (s.damage, s.phase, s.is_lost, s.is_terminal) == (24, "over", True, True)
    assert rules(s)[-1] == "flashpoint.end.collapse"


def test_a_replenish_roll_onto_a_destroyed_floor_drops_into_the_basement():
    s = position(FLOORS, pois={"6,7": "hidden", "6,8": "hidden"}, floors={"3,2": "destroyed"})
    s = advance(s, 5, 7).apply("roll 3 2")
    assert s.pois == {"6,7": "hidden", "6,8": "hidden", "basement:3,2": "hidden"}
    assert s.events[0].rule.id == "flashpoint.ed.floor" and s.events[0].spaces == ("3,2", "basement:3,2")


def test_a_fire_roll_onto_a_destroyed_floor_drops_into_the_basement():
    s = advance(position(FLOORS, floors={"3,2": "destroyed"}), 3, 2)
    assert set(s.smoke) == {"basement:3,2"}
    assert rules(s) == ["flashpoint.assume.fire-through-floor", "flashpoint.fire.smoke"]


def test_a_blast_stops_at_a_destroyed_floor():
    s = advance(position(FLOORS, fire=["3,3"], floors={"3,2": "destroyed"}), 3, 3)
    assert set(s.fire) == {"3,3", "2,3", "3,4", "4,3"}


def test_nobody_walks_onto_a_destroyed_floor_unless_a_ladder_bridges_it():
    refused(position(FLOORS, ff("3,3"), floors={"3,2": "destroyed"}), "move 3,2", "flashpoint.ed.floor")
    s = position(FLOORS, ff("3,3"), floors={"3,2": "destroyed"}, ladders=["carried:red"])
    refused(s, "bridge 3,2", "flashpoint.ed.bridge")                 # the option is off
    s = position(FLOORS, ff("3,3"), floors={"3,2": "destroyed"}, ladders=["carried:red"],
                 options={"floor_bridge": True})
    refused(s, "bridge 3,4", "flashpoint.ed.bridge")                 # not a destroyed floor
    s = s.apply("bridge 3,2")
    assert red(s).ap == 2 and s.ladders == ("bridge:3,2",) and rules(s) == ["flashpoint.ed.bridge"]
    s = s.apply("move 3,2")
    assert (red(s).space, red(s).ap) == ("3,2", 1)


def test_fire_reaching_a_ladder_segment_collapses_the_ladder():
    refused(position(FLOORS, ff("3,3"), floors={"3,2": "destroyed"}, ladders=["carried:red"]),
            "raise ladder basement:3,2", "flashpoint.ed.ladder")          # the basement-ladder option is off
    s = position(FLOORS, ff("3,3", ap=8), floors={"3,2": "destroyed"}, smoke=["3,3"], ladders=["carried:red"],
                 options={"basement_ladder": True})
    s = s.apply("raise ladder basement:3,2")
    assert red(s).ap == 6 and s.ladders == ("raised:basement:3,2|3,3",)
    s = s.apply("move basement:3,2")
    assert (red(s).space, red(s).ap) == ("basement:3,2", 5)
    s = advance(s, 3, 3)                                  # the smoke on the ladder's top turns to fire
    assert "3,3" in s.fire and s.ladders == ("lying:3,3",)
    assert "flashpoint.ed.ladder" in rules(s)


# ==== Preparação (Extreme Danger set-up) ============================================================================
def counts(s: State) -> Counter:
    return Counter(str(step) for step in s.pending)


@pytest.mark.parametrize("level, explosions, hazmats", [("recruit", 4, 3), ("veteran", 4, 4), ("heroic", 5, 5)])
def test_the_experienced_set_up_rolls_one_more_explosion_and_three_hot_spots(level, explosions, hazmats):
    s = initial_state(players=1, seed=1, building="laboratory_attic", mode="experienced", level=level)
    assert counts(s) == Counter({"roll explosion": explosions, "roll hazmat": hazmats, "roll hot-spot": 3,
                                 "roll setup-poi": 3})
    assert s.pending[0] == Step("roll", "explosion")      # the first explosion is rolled like the others
    assert s.hot_spot_supply == 18 and len(s.chance_outcomes()) == 72


def test_every_level_gets_an_initial_explosion_and_at_most_two_first_pois_share_a_floor():
    s = initial_state(players=1, seed=1, building="laboratory_attic", mode="experienced", level="veteran")
    s = s.apply("roll 1 1").apply("roll 6 3")             # two explosions on the ground floor
    assert {"1,1", "6,3"} <= set(s.hot_spots) and counts(s)["roll explosion"] == 2
    s = s.apply("roll 3 3")                               # a third on the ground: two left for two other levels
    assert counts(s)["roll explosion"] == 2 and "3,3" not in s.fire
    assert [e.rule.id for e in s.events] == ["flashpoint.assume.setup-rerolls"]
    s = s.apply("roll 1 5")                               # the second storey
    assert "second:1,1" in s.hot_spots and counts(s)["roll explosion"] == 1
    s = s.apply("roll 6 4")                               # the last one must go to the attic
    assert counts(s)["roll explosion"] == 1 and "6,4" not in s.hot_spots
    s = s.apply("roll 1 9")
    assert "attic:1,1" in s.hot_spots and counts(s)["roll explosion"] == 0
    assert {s.building.floor_of(h) for h in s.hot_spots} == {"ground", "second", "attic"}
    for roll in ("5 2", "3 6", "3 10", "4 7"):            # hazmats
        s = s.apply(f"roll {roll}")
    assert set(s.hazmats) == {"5,2", "second:3,2", "attic:3,2", "second:4,3"}
    for roll in ("4 2", "4 6", "4 10"):                   # the 3 rolled hot spots
        s = s.apply(f"roll {roll}")
    assert {"4,2", "second:4,2", "attic:4,2"} <= set(s.hot_spots)
    assert s.hot_spot_supply == 18 - 4 - 3
    s = s.apply("roll 2 2").apply("roll 2 3")
    assert set(s.pois) == {"2,2", "2,3"}
    s = s.apply("roll 2 4")                               # a third point of interest on the ground floor
    assert set(s.pois) == {"2,2", "2,3"} and s.pending == (Step("roll", "setup-poi"),)
    assert [e.rule.id for e in s.events] == ["flashpoint.assume.setup-rerolls"]
    s = s.apply("roll 2 11")
    assert set(s.pois) == {"2,2", "2,3", "attic:2,3"} and s.pending == () and s.phase == "setup"


@pytest.mark.parametrize("stage", ["explosion", "hazmat", "hot-spot", "setup-poi"])
def test_set_up_rolls_onto_the_car_are_rolled_again(stage):
    s = initial_state(players=1, seed=1, building="garage", mode="experienced", level="recruit")
    fillers = iter(["1 1", "6 8", "5 6", "1 6", "4 3", "6 2", "5 8", "2 6", "3 7", "6 7", "3 5", "6 4"])
    while s.pending[0].purpose != stage:
        s = s.apply(f"roll {next(fillers)}")
        while s.pending[0].kind == "fireproof":
            s = s.apply("fireproof 1")
    before = counts(s)
    for roll in ("roll 2 3", "roll 3 3"):
        after = s.apply(roll)
        assert counts(after) == before and after.pending[0] == Step("roll", stage)
        assert [e.rule.id for e in after.events] == ["flashpoint.ed.objects"]
        assert after.to_dict() | {"draws": 0} == s.to_dict() | {"draws": 0}


def test_the_family_game_on_an_extreme_danger_building_rolls_three_explosions_without_damage():
    s = initial_state(players=1, seed=1, building="garage")
    assert counts(s) == Counter({"roll family-explosion": 3, "roll setup-poi": 3}) and s.hot_spot_supply == 0
    s = s.apply("roll 1 1")                               # against two outside walls: no damage cube
    assert set(s.fire) == {"1,1", "1,2", "2,1"} and s.damage == 0 and s.hot_spots == frozenset()
    s = s.apply("roll 5 6").apply("roll 1 8")
    assert s.damage == 0 and s.hot_spots == frozenset() and counts(s) == Counter({"roll setup-poi": 3})
    s = s.apply("roll 6 1").apply("roll 6 2").apply("roll 4 1")
    assert set(s.pois) == {"6,1", "6,2", "4,1"} and s.pending == ()
    assert str(s.legal_actions()[0]) == "place 0,0"


# ==== Ações de Movimento: portable ladders =========================================================================
def ladders(*firefighters, **kw) -> State:
    kw.setdefault("pois", {"6,1": "hidden", "6,2": "hidden", "6,3": "hidden"})
    return position(LADDERS, *firefighters, **kw)


def test_a_ladder_is_taken_raised_and_climbed():
    s = ladders(ff("0,2", ap=8), ladders=["lying:0,2", "lying:0,2"])
    s = s.apply("take ladder")
    assert red(s).ap == 8 and s.ladders == ("carried:red", "lying:0,2") and rules(s) == ["flashpoint.ed.ladder"]
    assert {str(a) for a in s.legal_actions() if str(a).startswith("raise")} == {"raise ladder second:0,2"}
    s = s.apply("raise ladder second:0,2")
    assert red(s).ap == 6 and s.ladders == ("raised:0,2|second:0,2", "lying:0,2")
    s = s.apply("move second:0,2")                        # climb: 1 AP
    assert (red(s).space, red(s).ap) == ("second:0,2", 5)
    s = s.apply("open second:0,2|second:1,2").apply("move second:1,2")
    assert (red(s).space, red(s).ap) == ("second:1,2", 3)
    s = s.apply("move second:0,2").apply("move 0,2")      # and back down
    assert (red(s).space, red(s).ap) == ("0,2", 1)


def test_ladder_refusals():
    carrying = ladders(ff("0,2"), ladders=["carried:red"])
    refused(carrying, "raise ladder second:0,3", "flashpoint.ed.ladder")          # not straight above
    refused(carrying, "take ladder", "flashpoint.ed.ladder")                      # already carries one
    refused(ladders(ff("1,2"), ladders=["carried:red"]), "raise ladder second:1,2", "flashpoint.ed.ladder")
    refused(ladders(ff("0,2", ap=1), ladders=["carried:red"]), "raise ladder second:0,2", "flashpoint.turn.ap")
    refused(ladders(ff("0,2"), ladders=["lying:0,3"]), "take ladder", "flashpoint.ed.ladder")   # none here
    refused(ladders(ff("0,2"), ladders=["lying:0,3"]), "raise ladder second:0,2", "flashpoint.ed.ladder")
    victim = ladders(ff("1,1", carrying="victim"), ladders=["lying:1,1"])
    refused(victim, "take ladder", "flashpoint.ed.ladder")
    refused(ladders(ff("1,1"), ladders=["carried:red"], pois={"1,1": "victim", "6,1": "hidden"}), "pick up victim",
            "flashpoint.ed.ladder")


def test_a_firefighter_carrying_a_ladder_moves_at_the_normal_cost():
    s = ladders(ff("0,2"), ladders=["carried:red"]).apply("move 0,1")
    assert (red(s).space, red(s).ap, s.ladders) == ("0,1", 3, ("carried:red",))


def test_a_firefighter_with_a_ladder_may_still_lead_a_treated_victim():
    s = ladders(ff("1,1", role="paramedic"), experienced=True, vehicles={"engine": "0,2", "ambulance": "2,0"},
                ladders=["carried:red"], pois={"1,1": "treated victim", "6,1": "hidden", "6,2": "hidden"})
    s = s.apply("pick up treated victim").apply("move 1,2")
    assert (red(s).space, red(s).ap, red(s).carrying, s.ladders) == ("1,2", 3, "treated victim", ("carried:red",))


def test_a_knocked_down_firefighter_drops_the_ladder_on_its_space():
    s = advance(ladders(ff("1,2"), smoke=["1,2"], ladders=["carried:red"]), 1, 2)
    assert red(s).space == "2,0" and s.ladders == ("lying:1,2",)
    assert rules(s) == ["flashpoint.fire.smoke", "flashpoint.ed.ladder", "flashpoint.fire.knock-down"]


def test_the_ladders_start_on_the_engine():
    # flashpoint.assume.ladders: 2 ladders, on the engine (Family: lying on its first parking space); none for
    # a one-storey building
    assert initial_state(1, 1, building="laboratory").ladders == ("lying:1,0", "lying:1,0")
    assert initial_state(1, 1, building="laboratory", mode="experienced", level="recruit").ladders == \
        ("engine", "engine")
    assert initial_state(1, 1, building="garage", mode="experienced", level="recruit").ladders == ()
    s = ladders(ff("0,3"), experienced=True, vehicles={"engine": "0,2", "ambulance": "2,0"},
                ladders=["engine", "engine"]).apply("take ladder")
    assert s.ladders == ("carried:red", "engine") and red(s).ap == 4
    refused(ladders(ff("0,1"), experienced=True, vehicles={"engine": "0,2", "ambulance": "2,0"},
                    ladders=["engine", "engine"]), "take ladder", "flashpoint.ed.ladder")


def test_climbing_with_a_victim_costs_2_ap_and_the_ground_ring_rescues_it():
    s = ladders(ff("second:0,2", carrying="victim"), ladders=["raised:0,2|second:0,2"])
    s = s.apply("move 0,2")
    assert (red(s).space, red(s).ap, red(s).carrying, s.rescued) == ("0,2", 2, None, 1)
    assert rules(s) == ["flashpoint.move.adjacent", "flashpoint.rescue.family"]


def test_climbing_while_leading_a_treated_victim_costs_2_ap():
    s = ladders(ff("second:0,2", role="paramedic", carrying="treated victim"), experienced=True,
                vehicles={"engine": "0,2", "ambulance": "2,0"}, ladders=["raised:0,2|second:0,2"])
    s = s.apply("move 0,2")
    assert (red(s).space, red(s).ap, red(s).carrying, s.rescued) == ("0,2", 2, "treated victim", 0)


def test_a_victim_brought_out_onto_the_upper_ring_is_not_rescued():
    s = ladders(ff("second:1,2", carrying="victim"), ladders=["raised:0,2|second:0,2"],
                doors={"second:0,2|second:1,2": "open"})
    s = s.apply("move second:0,2")
    assert (red(s).space, red(s).ap, red(s).carrying, s.rescued) == ("second:0,2", 2, "victim", 0)


def test_nobody_climbs_onto_a_top_segment_another_firefighter_holds():
    s = ladders(ff("0,2"), ff("second:0,2"), ladders=["raised:0,2|second:0,2"])
    refused(s, "move second:0,2", "flashpoint.ed.ladder")


def test_the_upper_ring_is_air():
    top = ladders(ff("second:0,2"), ladders=["raised:0,2|second:0,2"])
    refused(top, "move second:0,3", "flashpoint.assume.air")                      # along the ring
    refused(top, "move second:0,1", "flashpoint.assume.air")
    window = ladders(ff("second:1,3"), doors={"second:0,3|second:1,3": "open"}, ladders=["lying:0,1"])
    refused(window, "move second:0,3", "flashpoint.assume.air")                   # out of a window, no ladder


def test_collapsing_a_ladder_costs_1_ap_at_its_foot():
    s = ladders(ff("0,2"), ladders=["raised:0,2|second:0,2"]).apply("collapse ladder")
    assert red(s).ap == 3 and s.ladders == ("lying:0,2",) and rules(s) == ["flashpoint.ed.ladder"]
    refused(ladders(ff("second:0,2"), ladders=["raised:0,2|second:0,2"]), "collapse ladder", "flashpoint.ed.ladder")
    refused(ladders(ff("0,2", ap=0), ladders=["raised:0,2|second:0,2"]), "collapse ladder", "flashpoint.turn.ap")


def test_climbing_between_the_ground_and_the_third_level_costs_double():
    attic = Building.named("laboratory_attic")
    s = position(attic, ff("0,2", ap=4), ladders=["carried:red"], pois={"6,1": "hidden", "6,2": "hidden",
                                                                           "6,3": "hidden"})
    assert {str(a) for a in s.legal_actions() if str(a).startswith("raise")} == {
        "raise ladder second:0,2", "raise ladder attic:0,2"}
    s = s.apply("raise ladder attic:0,2").apply("move attic:0,2")
    assert (red(s).space, red(s).ap) == ("attic:0,2", 0)
    s = position(attic, ff("attic:0,2", carrying="victim", ap=4), ladders=["raised:0,2|attic:0,2"],
                 pois={"6,1": "hidden", "6,2": "hidden"})
    s = s.apply("move 0,2")
    assert (red(s).space, red(s).ap, s.rescued) == ("0,2", 0, 1)


# ==== the hydraulic platform (option) =============================================================================
def platform(*firefighters, platform_at: str = "0,2", **kw) -> State:
    return ladders(*firefighters, experienced=True, options={"platform": True}, platform=platform_at,
                   vehicles={"engine": "0,2", "ambulance": "2,0"}, **kw)


def test_the_platform_carries_its_operator_and_one_rider_for_2_ap():
    s = platform(ff("0,2", ap=7), ff("0,2"))
    assert {str(a) for a in s.legal_actions() if str(a).startswith("platform")} == {
        "platform second:0,1", "platform second:0,2", "platform second:0,3", "platform second:0,4"}
    s = s.apply("platform second:0,3")
    assert (red(s).ap, s.platform, [f.space for f in s.firefighters]) == (5, "second:0,3",
                                                                           ["second:0,3", "second:0,3"])
    assert rules(s) == ["flashpoint.ed.platform"]
    s = s.apply("open second:0,3|second:1,3").apply("move second:1,3")             # into the building
    assert red(s).space == "second:1,3"
    s = s.apply("move second:0,3").apply("platform 0,2")                            # and back down
    assert (s.platform, red(s).space, red(s).ap, s.firefighters[1].space) == ("0,2", "0,2", 0, "0,2")


def test_the_platform_carries_a_firefighter_with_a_victim():
    s = platform(ff("0,2", carrying="victim")).apply("platform second:0,3")
    assert (red(s).space, red(s).carrying) == ("second:0,3", "victim")


def test_the_platform_does_not_carry_two_firefighters_and_a_riders_victim():
    refused(platform(ff("0,2"), ff("0,2", carrying="victim")), "platform second:0,3", "flashpoint.ed.platform")


def test_platform_refusals():
    refused(platform(ff("0,2"), ff("0,2"), ff("0,2")), "platform second:0,3", "flashpoint.ed.platform")   # 3 aboard
    refused(platform(ff("0,2", carrying="victim"), ff("0,2")), "platform second:0,3", "flashpoint.ed.platform")
    refused(platform(ff("0,3")), "platform second:0,3", "flashpoint.ed.platform")   # not on the platform
    refused(platform(ff("0,2")), "platform 0,2", "flashpoint.ed.platform")          # already there
    refused(platform(ff("0,2", ap=1)), "platform second:0,3", "flashpoint.turn.ap")
    refused(ladders(ff("0,2"), experienced=True, vehicles={"engine": "0,2", "ambulance": "2,0"}),
            "platform second:0,3", "flashpoint.ed.platform")                        # no platform in this game


def test_the_engine_does_not_drive_while_the_platform_is_raised():
    raised = platform(ff("second:0,2"), ff("0,3"), platform_at="second:0,2", turn=1)
    refused(raised, "drive engine 7,2", "flashpoint.ed.platform")
    s = platform(ff("0,3"), ff("6,1")).apply("drive engine 7,2")
    assert s.to_dict()["vehicles"]["engine"] == "7,2" and s.platform == "7,2" and red(s).space == "7,3"


def test_no_deck_gun_in_a_game_with_the_platform():
    refused(platform(ff("0,2", ap=5)), "deck gun", "flashpoint.ed.platform")


# ==== Ações de Veículo ============================================================================================
def test_an_extreme_danger_vehicle_drives_to_any_of_its_spots():
    assert is_extreme(DRIVE)
    s = position(DRIVE, ff("0,1", ap=5), experienced=True, vehicles={"engine": "0,6", "ambulance": "0,2"},
                 pois={"5,5": "hidden", "5,6": "hidden", "5,7": "hidden"})
    assert sorted(str(a) for a in s.legal_actions() if str(a).startswith("drive")) == [
        "drive ambulance 2,0", "drive ambulance 2,9", "drive ambulance 7,2"]
    s = s.apply("drive ambulance 7,2")                    # straight across the building
    assert s.to_dict()["vehicles"] == {"ambulance": "7,2", "engine": "0,6"} and red(s).ap == 3
    refused(s, "drive ambulance 7,2", "flashpoint.ed.drive")


def gun_position(*firefighters, **kw) -> State:
    return position(Building.named("laboratory_attic"), *firefighters, experienced=True,
                    vehicles={"engine": "1,0", "ambulance": "0,3"},
                    pois={"6,1": "hidden", "6,2": "hidden", "6,3": "hidden"}, **kw)


@pytest.mark.parametrize("roll, target", [
    ("2 3", "2,3"),                                       # in the north half already
    ("5 3", "2,3"),                                       # red 5 flips to 2
    ("5 7", "second:2,3"),                                # black 7 is never flipped: the second storey
    ("6 11", "attic:1,3"),                                # red 6 -> 1, black 11: the attic
    ("3 12", "attic:3,4"),
])
def test_the_extreme_danger_deck_gun_hits_the_half_of_every_floor_flipping_only_the_red_die(roll, target):
    s = gun_position(ff("1,0", ap=5)).apply("deck gun")
    assert red(s).ap == 1 and s.pending == (Step("roll", "deck-gun"),) and len(s.chance_outcomes()) == 72
    s = s.apply(f"roll {roll}")
    (event,) = [e for e in s.events if e.rule.id == "flashpoint.ed.deck-gun"]
    assert event.spaces[0] == target


def test_the_deck_gun_puts_out_the_fire_on_an_upper_floor():
    s = gun_position(ff("1,0", ap=5), fire=["second:2,3", "second:2,2", "second:1,3"]).apply("deck gun")
    s = s.apply("roll 5 7")
    assert not s.fire and not s.smoke


def test_the_extreme_danger_deck_gun_is_refused_with_a_firefighter_in_that_half_of_any_floor():
    refused(gun_position(ff("1,0", ap=5), ff("attic:2,2")), "deck gun", "flashpoint.ed.deck-gun")
    refused(gun_position(ff("1,0", ap=5), ff("second:3,4")), "deck gun", "flashpoint.ed.deck-gun")
    s = gun_position(ff("1,0", ap=5), ff("second:5,2"), ff("attic:4,1")).apply("deck gun")
    assert s.pending == (Step("roll", "deck-gun"),)
