"""Flash Point's lessons through the runner: each kind of step on the real lesson files, with the values the
rules give (AP costs and saving, blasts, flashovers, rescues, the collapse, the specialists, Extreme Danger)."""

from __future__ import annotations

import pytest

from explorer import load_lessons
from explorer.flashpoint import position
from explorer.flashpoint.facts import (FACTS, catches_fire, chop_edges, door_edges, extinguish_targets, move_targets,
                                       reachable)
from explorer.lessons import LessonRun
from explorer.lessons.check import check_game
from explorer.lessons.facts import Context

FAR = {"5,8": "hidden", "6,8": "hidden", "6,7": "hidden"}


@pytest.fixture(scope="module")
def lessons() -> dict:
    return {lesson.id: lesson for lesson in load_lessons("flashpoint")}


def run_at(lesson, index: int) -> LessonRun:
    run = LessonRun(lesson)
    run.goto(index)
    return run


def test_the_authors_check_is_clean_and_covers_the_rules() -> None:
    report = check_game("flashpoint")
    assert report.problems == []
    assert report.lessons >= 4 and report.steps >= 24
    assert report.coverage >= 0.6 and len(report.covered) >= 54
    assert {"flashpoint.turn.save", "flashpoint.fire.flashover", "flashpoint.rescue.family",
            "flashpoint.rescue.ambulance", "flashpoint.end.collapse", "flashpoint.end.win",
            "flashpoint.ed.fireproof-door", "flashpoint.ed.ladder"} <= report.covered


def test_every_lesson_has_six_steps_and_every_kind(lessons: dict) -> None:
    assert len(lessons) >= 4
    assert all(len(lesson.steps) >= 6 for lesson in lessons.values())
    kinds = {step.kind for lesson in lessons.values() for step in lesson.steps}
    assert kinds == {"do", "find-all", "predict"}


def test_scripted_step_refused_wrong_right(lessons: dict) -> None:
    run = LessonRun(lessons["the-turn-and-moving"])
    before = run.state
    refused = run.try_action("move 1,5")
    assert refused.kind == "refused" and refused.rule == "flashpoint.move.adjacent"
    assert refused.text.endswith("Moves go one square up, down, left or right, never diagonally.")
    assert run.state is before
    chance = run.try_action("roll 3 5")
    assert chance.kind == "refused" and chance.rule == "flashpoint.turn.order" and run.state is before
    wrong = run.try_action("move 0,5")
    assert wrong.kind == "wrong" and wrong.shown.firefighter.space == "0,5" and run.state is before
    assert wrong.text.startswith("Walking along the outside is allowed")
    first = run.try_action("move 1,6")
    assert first.kind == "right" and run.state.firefighter.space == "1,6" and run.state.firefighter.ap == 3
    done = run.try_action("move 2,6")
    assert done.kind == "done" and done.stars == 2 and run.state.firefighter.ap == 2
    assert done.rule == "flashpoint.move.adjacent"


def test_a_closed_door_must_be_opened_first(lessons: dict) -> None:
    run = run_at(lessons["the-turn-and-moving"], 2)
    blocked = run.try_action("move 1,3")
    assert blocked.kind == "refused" and blocked.rule == "flashpoint.move.walls"
    assert run.try_action("open 1,4|2,4").rule == "flashpoint.door.open-close"
    assert run.try_action("open 1,3|1,4").kind == "right"
    done = run.try_action("move 1,3")
    assert done.kind == "done" and done.stars == 3 and run.state.firefighter.ap == 2


def test_outcome_step_leaving_the_fire(lessons: dict) -> None:
    run = run_at(lessons["the-turn-and-moving"], 4)
    stuck = run.try_action("end")
    assert stuck.kind == "refused" and stuck.rule == "flashpoint.turn.no-end-in-fire"
    poor = run.try_action("move 2,7")
    assert poor.kind == "refused" and poor.rule == "flashpoint.turn.ap"
    wrong = run.try_action("extinguish 2,7")
    assert wrong.kind == "wrong" and wrong.text.startswith("That puts out your neighbour's fire")
    assert "2,6" in run.state.fire and run.state.firefighter.ap == 1
    assert run.try_action("move 1,6").kind == "move"
    done = run.try_action("end")
    assert done.kind == "done" and done.stars == 2
    assert run.state.firefighter.space == "1,6" and run.state.firefighter.ap == 4  # 0 saved + 4
    assert "6,1" in run.state.smoke  # the forced roll


def test_smoke_beside_fire_flashes_over(lessons: dict) -> None:
    run = run_at(lessons["the-turn-and-moving"], 4)
    wrong = run.try_action("extinguish 2,6")
    assert wrong.kind == "wrong" and wrong.text.startswith("Your square turns to smoke")
    assert [e.rule.id for e in wrong.events] == ["flashpoint.extinguish"] and "2,6" in wrong.shown.smoke
    assert run.state.firefighter.ap == 1 and "2,6" in run.state.fire
    burnt = wrong.shown.apply("end").apply("roll 6 1")  # what the comment warns of, by the engine
    rules = [e.rule.id for e in burnt.events]
    assert "flashpoint.fire.flashover" in rules and "flashpoint.fire.knock-down" in rules


def test_predict_saved_ap(lessons: dict) -> None:
    run = run_at(lessons["the-turn-and-moving"], 5)
    assert run.run.option_truths() == [False, True, False]
    wrong = run.choose(0)
    assert wrong.kind == "wrong" and "At most 4 AP are saved" in wrong.text
    right = run.choose(1)
    assert right.kind == "done" and right.stars == 2 and right.rule == "flashpoint.turn.save"
    assert run.state.firefighter.ap == 8


@pytest.mark.parametrize(("lesson", "index", "answer"), [
    ("the-turn-and-moving", 1, {"1,4", "2,5"}),
    ("the-turn-and-moving", 3, {"3,3", "4,4"}),
    ("fire-and-smoke", 1, {"3,3", "3,4", "4,4"}),
    ("fire-and-smoke", 4, {"3,3", "3,6", "4,4", "4,5"}),
    ("victims-and-rescue", 2, {"0,6", "1,6", "1,7"}),
    ("damage-and-the-end", 1, {"0,8|1,8", "1,8|1,9"}),
    ("experienced-specialists", 1, {"0,7", "1,0", "5,9", "7,1"}),
    ("vehicles-hazmats-hot-spots", 1, {"3,0", "3,9"}),
    ("extreme-danger-garage", 6, {"2,4", "4,4"}),
])
def test_find_all_answers(lessons: dict, lesson: str, index: int, answer: set) -> None:
    run = run_at(lessons[lesson], index)
    assert run.run.answer_set() == answer
    partial = run.answer(sorted(answer)[1:] + ["9,9"])
    assert partial.kind == "answer" and partial.missing == {sorted(answer)[0]} and partial.extra == {"9,9"}
    done = run.answer(answer)
    assert done.kind == "done" and done.stars == 2


def test_extinguish_twice_clears_a_fire(lessons: dict) -> None:
    run = LessonRun(lessons["fire-and-smoke"])
    trap = run.try_action("extinguish 3,4")
    assert trap.kind == "refused" and trap.rule == "flashpoint.extinguish"
    assert run.try_action("extinguish 2,5").kind == "right" and "2,5" in run.state.smoke
    done = run.try_action("extinguish 2,5")
    assert done.kind == "done" and "2,5" not in run.state.smoke and run.state.firefighter.ap == 2


def test_predict_the_explosion(lessons: dict) -> None:
    run = run_at(lessons["fire-and-smoke"], 3)
    truths = run.run.option_truths()
    assert truths == [False, True, False]
    right = run.choose(1)
    assert right.kind == "done" and right.stars == 3
    rules = [e.rule.id for e in right.events]
    assert {"flashpoint.fire.explosion", "flashpoint.fire.shockwave", "flashpoint.fire.damage",
            "flashpoint.fire.door-blown"} <= set(rules)
    assert run.state.damage == 2 and "1,5" in run.state.fire


def test_flashover_stops_at_a_closed_door(lessons: dict) -> None:
    run = run_at(lessons["fire-and-smoke"], 5)
    assert run.run.option_truths() == [False, True, False]
    right = run.choose(1)
    assert [e.rule.id for e in right.events].count("flashpoint.fire.flashover") == 2
    assert run.state.fire == {"4,4", "4,5", "4,6"} and run.state.smoke == {"4,7", "5,4"}


def test_ending_beside_the_blast_is_wrong(lessons: dict) -> None:
    run = run_at(lessons["fire-and-smoke"], 6)
    wrong = run.try_action("end")
    assert wrong.kind == "wrong" and any(e.rule.id == "flashpoint.fire.knock-down" for e in wrong.events)
    assert wrong.shown.firefighter.space == "0,6" and run.state.firefighter.space == "2,6"
    hint = run.hint()
    assert hint.grade == 1 and [str(a) for a in hint.actions] == ["move 1,6"]


def test_find_and_carry_a_victim_out(lessons: dict) -> None:
    run = LessonRun(lessons["victims-and-rescue"])
    found = run.try_action("move 2,6")
    assert found.kind == "right" and run.state.pois["2,6"] == "victim"  # the forced reveal
    assert "flashpoint.poi.reveal" in [e.rule.id for e in found.events]
    assert run.try_action("pick up victim").kind == "right"
    into_fire = run.try_action("move 2,7")
    assert into_fire.kind == "refused" and into_fire.rule == "flashpoint.move.carry"
    assert run.try_action("move 1,6").kind == "right" and run.state.firefighter.ap == 5
    done = run.try_action("move 0,6")
    assert done.kind == "done" and run.state.rescued == 1 and "flashpoint.rescue.family" in [
        e.rule.id for e in done.events]


def test_carrying_out_through_the_fire(lessons: dict) -> None:
    run = run_at(lessons["victims-and-rescue"], 3)
    assert run.try_action("drop").rule == "flashpoint.assume.one-poi-per-space"
    assert run.try_action("move 1,6").rule == "flashpoint.move.carry"
    assert run.try_action("move 2,7").kind == "wrong"
    for move in ("extinguish 1,6", "move 1,6"):
        assert run.try_action(move).kind == "move"
    done = run.try_action("move 0,6")
    assert done.kind == "done" and done.stars == 2 and run.state.rescued == 1


def test_victim_lost_and_replenished(lessons: dict) -> None:
    run = run_at(lessons["victims-and-rescue"], 4)
    right = run.choose(1)
    assert right.kind == "done" and run.state.lost == 1 and run.state.pois.get("4,4") == "hidden"
    assert {"flashpoint.fire.lost", "flashpoint.poi.replenish"} <= {e.rule.id for e in right.events}


def test_the_seventh_rescue_wins(lessons: dict) -> None:
    run = run_at(lessons["victims-and-rescue"], 5)
    done = run.try_action("move 0,6")
    assert done.kind == "done" and run.state.is_terminal and run.state.is_won
    assert done.events[-1].rule.id == "flashpoint.end.win"


def test_chopping_through_and_the_collapse(lessons: dict) -> None:
    run = LessonRun(lessons["damage-and-the-end"])
    assert run.try_action("chop 2,4|2,5").rule == "flashpoint.chop"
    assert run.try_action("chop 2,3|2,4").kind == "wrong"
    for _ in range(2):
        assert run.try_action("chop 2,4|3,4").kind == "move"
    done = run.try_action("move 3,4")
    assert done.kind == "done" and run.state.damage == 2 and run.state.firefighter.ap == 0
    worn = run_at(lessons["damage-and-the-end"], 5)
    assert worn.state.damage == 23
    axe = worn.try_action("chop 1,5|1,6")
    assert axe.kind == "wrong" and axe.shown.is_lost and not worn.state.is_terminal
    assert "flashpoint.end.collapse" in [e.rule.id for e in axe.events]
    assert worn.try_action("move 0,6").kind == "done" and worn.state.rescued == 1


def test_four_lost_loses(lessons: dict) -> None:
    run = run_at(lessons["damage-and-the-end"], 6)
    assert run.run.option_truths() == [False, True, False]
    right = run.choose(1)
    assert right.kind == "done" and run.state.is_lost and run.state.lost == 4


def test_experienced_setup_with_replies(lessons: dict) -> None:
    run = LessonRun(lessons["experienced-specialists"])
    assert run.try_action("role paramedic").rule == "flashpoint.setup.specialist"
    assert run.try_action("park engine 0,8").rule == "flashpoint.setup.vehicles"
    for move in ("park engine 0,7", "park ambulance 3,0", "role imaging"):
        assert run.try_action(move).kind == "right"
    assert run.try_action("place 2,2").rule == "flashpoint.setup.place"
    done = run.try_action("place 0,6")
    assert done.kind == "done" and done.stars == 3
    state = run.state
    assert state.phase == "actions" and state.firefighter.name == "red" and state.firefighter.role == "imaging"
    assert state.firefighters[1].role == "generalist" and state.firefighters[1].space == "7,3"


def test_paramedic_and_captain(lessons: dict) -> None:
    medic = run_at(lessons["experienced-specialists"], 2)
    assert medic.try_action("identify 6,1").rule == "flashpoint.role.imaging"
    assert medic.try_action("pick up victim").kind == "wrong"
    for move in ("treat", "pick up treated victim", "move 3,1"):
        assert medic.try_action(move).kind == "right"
    done = medic.try_action("move 3,0")
    assert done.kind == "done" and medic.state.rescued == 1 and medic.state.firefighter.ap == 1
    assert "flashpoint.rescue.ambulance" in [e.rule.id for e in done.events]
    captain = run_at(lessons["experienced-specialists"], 4)
    assert captain.try_action("command red move 1,7").rule == "flashpoint.role.captain"
    captain.try_action("command blue move 1,6")
    assert captain.try_action("command blue move 2,6").kind == "done"
    red, blue = captain.state.firefighters
    assert blue.space == "2,6" and blue.ap == 5 and red.ap == 4 and red.command_ap == 0


def test_hazmat_carried_out(lessons: dict) -> None:
    run = run_at(lessons["experienced-specialists"], 5)
    assert run.try_action("dispose").rule == "flashpoint.role.hazmat"
    assert run.try_action("pick up hazmat").kind == "move"
    done = run.try_action("move 3,0")
    assert done.kind == "done" and dict(run.state.hazmats) == {}
    assert "flashpoint.hazmat.outside" in [e.rule.id for e in done.events]


def test_vehicles_and_the_deck_gun(lessons: dict) -> None:
    ambulance = LessonRun(lessons["vehicles-hazmats-hot-spots"])
    assert ambulance.try_action("drop").rule == "flashpoint.assume.no-drop-outside"
    assert ambulance.try_action("drive ambulance 0,5").rule == "flashpoint.vehicle.drive"
    done = ambulance.try_action("drive ambulance 3,0")
    assert done.kind == "done" and ambulance.state.rescued == 1
    engine = run_at(lessons["vehicles-hazmats-hot-spots"], 2)
    assert engine.try_action("deck gun").rule == "flashpoint.deck-gun"
    rode = engine.try_action("drive engine 5,9")
    assert rode.kind == "right" and engine.state.firefighters[1].space == "6,9"
    fired = engine.try_action("deck gun")
    assert fired.kind == "done" and not engine.state.fire and engine.state.smoke == {"4,6"}
    assert engine.state.firefighter.ap == 0  # 2 to drive, 2 for the Driver/Operator's gun


def test_crew_change_and_hot_spots(lessons: dict) -> None:
    crew = run_at(lessons["vehicles-hazmats-hot-spots"], 4)
    assert crew.try_action("crew change generalist").rule == "flashpoint.crew-change"
    assert crew.try_action("move 0,6").kind == "wrong"
    done = crew.try_action("crew change paramedic")
    assert done.kind == "done" and crew.state.firefighter.role == "paramedic" and crew.state.firefighter.ap == 3
    flare = run_at(lessons["vehicles-hazmats-hot-spots"], 5)
    right = flare.choose(flare.run.option_truths().index(True))
    assert "flashpoint.fire.flare-up" in [e.rule.id for e in right.events]
    assert {"1,1", "1,2"} <= flare.state.fire
    hazmat = run_at(lessons["vehicles-hazmats-hot-spots"], 6)
    boom = hazmat.choose(0)
    assert boom.kind == "done" and hazmat.state.hot_spots >= {"5,2", "5,3"}


def test_extreme_danger_doors_and_windows(lessons: dict) -> None:
    jam = LessonRun(lessons["extreme-danger-garage"])
    assert jam.run.option_truths() == [False, True, False]
    assert jam.choose(1).kind == "done"
    stuck = run_at(lessons["extreme-danger-garage"], 1)
    assert stuck.try_action("open 4,4|4,5").rule == "flashpoint.ed.fireproof-door"
    freed = stuck.try_action("unjam 4,4|4,5")
    assert [e.rule.id for e in freed.events] == ["flashpoint.ed.unjam", "flashpoint.assume.unjammed-door"]
    assert stuck.try_action("open 4,4|4,5").kind == "done"
    window = run_at(lessons["extreme-danger-garage"], 2)
    assert window.try_action("move 3,0").rule == "flashpoint.move.walls"
    chopped = window.try_action("chop 3,0|3,1")
    assert chopped.kind == "wrong" and chopped.shown.damage == 1
    assert window.try_action("open 3,0|3,1").rule == "flashpoint.ed.window"
    assert window.try_action("move 3,0").kind == "done"


def test_extreme_danger_objects(lessons: dict) -> None:
    light = run_at(lessons["extreme-danger-garage"], 3)
    light.choose(0)
    assert light.state.objects["car"] == 1 and light.state.damage == 2
    arrow = run_at(lessons["extreme-danger-garage"], 4)
    assert arrow.choose(0).rule == "flashpoint.turn.save" and "2,2" in arrow.state.smoke
    car = run_at(lessons["extreme-danger-garage"], 5)
    car.choose(1)
    assert "car" not in car.state.objects and {"2,3", "3,3"} <= car.state.hot_spots


def test_floors_spill_ladders_platform(lessons: dict) -> None:
    lesson = lessons["extreme-danger-floors-and-ladders"]
    below = run_at(lesson, 0)
    below.choose(0)
    assert below.state.floor_damage["2,2"] == "destroyed" and below.state.damage_out == 2
    bridge = run_at(lesson, 2)
    assert bridge.try_action("move 2,2").rule == "flashpoint.ed.floor"
    assert bridge.try_action("bridge 2,2").rule == "flashpoint.ed.bridge"
    assert bridge.try_action("move 2,2").kind == "done"
    spill = run_at(lesson, 3)
    spill.choose(0)
    assert spill.state.toxic == {"3,1", "3,2", "3,3", "4,2", "4,3", "5,2"}
    toxic = run_at(lesson, 4)
    assert toxic.try_action("move 3,3").rule == "flashpoint.ed.spill"
    climb = run_at(lesson, 5)
    for move in ("take ladder", "move 2,0", "move 3,0", "raise ladder second:3,0", "move second:3,0"):
        assert climb.try_action(move).kind == "right"
    air = climb.try_action("move second:2,0")
    assert air.kind == "refused" and air.rule == "flashpoint.assume.air"
    climb.try_action("open second:3,0|second:3,1")
    done = climb.try_action("move second:3,1")
    assert done.kind == "done" and climb.state.firefighter.space == "second:3,1" and climb.state.firefighter.ap == 2
    lift = run_at(lesson, 6)
    assert lift.try_action("deck gun").rule == "flashpoint.ed.platform"
    assert lift.try_action("platform second:3,0").kind == "done"
    assert {f.space for f in lift.state.firefighters} == {"second:3,0"}
    gun = run_at(lesson, 7)
    assert gun.try_action("drive ambulance 2,0").rule == "flashpoint.ed.drive"
    fired = gun.try_action("deck gun")
    assert fired.kind == "done" and not gun.state.fire and not gun.state.smoke
    assert "flashpoint.ed.deck-gun" in [e.rule.id for e in fired.events]


def test_facts_and_selectors() -> None:
    start = position("front", firefighters=["2,4"], fire=["2,5"], smoke=["3,4"], pois={"2,4": "victim", **FAR})
    after = start.apply("extinguish 2,5").apply("pick up victim")
    ctx, before = Context(after, start, (), after.events), Context(start, start, (), ())
    assert FACTS["smoke-at"](ctx, "2,5") and FACTS["fire-at"](before, "2,5") and not FACTS["fire-at"](ctx, "2,5")
    assert FACTS["clear-at"](ctx, "1,4") and not FACTS["clear-at"](ctx, "3,4")
    assert FACTS["carrying"](ctx, "red", "victim") and not FACTS["carrying"](before, "red")
    assert FACTS["ap-left"](ctx, "red", at_least=3, at_most=3) and FACTS["firefighter-at"](ctx, 0, "2,4")
    assert FACTS["poi-at"](before, "2,4", "victim") and not FACTS["poi-at"](ctx, "2,4")
    assert FACTS["door"](ctx, "1,4|1,3", "closed") and not FACTS["door"](ctx, "1,3|1,4", "open")
    assert not FACTS["victims-rescued"](ctx) and not FACTS["team-won"](ctx) and not FACTS["team-lost"](ctx)
    assert move_targets(start) == {"1,4", "2,5"} and move_targets(start, cost=1) == {"1,4"}
    assert extinguish_targets(start) == {"2,5"}
    assert chop_edges(start) == {"2,3|2,4", "2,4|3,4"}
    assert door_edges(position("front", firefighters=["1,4"], pois=FAR)) == {"1,3|1,4"}
    assert reachable(position("front", firefighters=[{"space": "1,6", "ap": 1}], pois=FAR)) == {"0,6", "2,6", "1,7"}
    assert catches_fire(position("front", firefighters=["0,1"], fire=["1,4", "2,4"], pois=FAR), "1 4") == {"1,5"}
    chopped = position("front", firefighters=["2,4"], walls={"2,4|3,4": 1}, pois=FAR)
    assert FACTS["wall-cubes"](Context(chopped, chopped, (), ()), "3,4|2,4") and FACTS["damage"](
        Context(chopped, chopped, (), ()), at_least=1, at_most=1)
    lab = position("laboratory", mode="experienced", firefighters=["1,0"], toxic=["3,3"],
                   objects={"large-equipment": 1, "small-equipment": 0}, damage_out=3,
                   vehicles={"engine": "1,0", "ambulance": "0,3"})
    lctx = Context(lab, lab, (), ())
    assert FACTS["toxic-at"](lctx, "3,3") and not FACTS["toxic-at"](lctx, "3,4")
    holed = position("garage_basement", firefighters=["0,1"], floors={"2,2": "damaged"}, pois=FAR)
    fctx = Context(holed, holed, (), ())
    assert FACTS["floor"](fctx, "2,2", "damaged") and FACTS["floor"](fctx, "2,3", "intact")
    assert not FACTS["floor"](fctx, "2,2")
    assert FACTS["object-standing"](lctx, "large-equipment", at_least=1)
    assert not FACTS["object-standing"](lctx, "toxic-equipment")
    assert FACTS["vehicle-at"](lctx, "engine", "2,0") and FACTS["ladder"](lctx, "engine")
    assert not FACTS["ladder"](lctx, "raised")
    hazmat = position("front", mode="experienced", firefighters=["0,1"], hazmats={"5,3": 1}, hot_spots=["5,2"],
                      pois=FAR)
    hctx = Context(hazmat, hazmat, (), ())
    assert FACTS["hazmat-at"](hctx, "5,3") and FACTS["hot-spot-at"](hctx, "5,2") and not FACTS["hazmat-at"](hctx,
                                                                                                          "5,2")
