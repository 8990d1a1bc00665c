"""Portobello's lessons through the runner: each kind of step on the real lesson files, with the values the
rules give (the bobby's first district, tolls, lane and district scores)."""

from __future__ import annotations

import pytest

from explorer import load_lessons
from explorer.lessons import LessonRun
from explorer.lessons.check import check_game
from explorer.lessons.facts import Context
from explorer.portobello import position
from explorer.portobello.facts import FACTS, build_spaces


@pytest.fixture(scope="module")
def lessons() -> dict:
    return {lesson.id: lesson for lesson in load_lessons("portobello")}


def test_the_authors_check_is_clean_and_covers_the_rules() -> None:
    report = check_game("portobello")
    assert report.problems == []
    assert report.lessons >= 4 and report.steps >= 24
    assert report.coverage >= 0.6
    assert {"portobello.bobby.toll", "portobello.score.lane", "portobello.end.lord-scoring"} <= report.covered


def test_every_lesson_has_six_steps_and_every_kind(lessons: dict) -> None:
    assert all(len(lesson.steps) >= 6 for lesson in lessons.values())
    kinds = {step.kind for lesson in lessons.values() for step in lesson.steps}
    assert kinds == {"do", "find-all", "predict"}


def test_scripted_step_right_refused_wrong(lessons: dict) -> None:
    run = LessonRun(lessons["first-turn"])
    refused = run.try_action("act 3")
    assert refused.kind == "refused" and refused.rule == "portobello.setup.bobby"
    assert refused.text.endswith("Nobody takes a turn before the bobby is on the board.")
    before = run.state
    wrong = run.try_action("bobby d12")
    assert wrong.kind == "wrong" and wrong.shown.bobby == "d12" and run.state is before
    assert wrong.text.startswith("The rules allow d12 too; this step asks for d1.")
    done = run.try_action("bobby d1")
    assert done.kind == "done" and done.stars == 2 and run.state.bobby == "d1"
    assert done.rule == "portobello.setup.bobby"


def test_outcome_step_takes_either_end_of_the_lane(lessons: dict) -> None:
    lesson = lessons["building-stalls"]
    for move in ("build c 0", "build c 3"):
        run = LessonRun(lesson)
        run.goto(1)
        feedback = run.try_action(move)
        assert feedback.kind == "done" and feedback.stars == 3
        assert feedback.rule == "portobello.build.first-at-end"


def test_two_move_outcome_step_and_its_hints(lessons: dict) -> None:
    run = LessonRun(lessons["building-stalls"])
    run.goto(3)  # lane d: move the bobby, then build
    assert run.hint().text.startswith("Lane d borders d2.")
    lit = run.hint()
    assert lit.grade == 2 and [str(a) for a in lit.actions] == ["bobby d2"]
    moved = run.try_action("bobby d2")
    assert moved.kind == "move" and moved.rule == "portobello.bobby.toll" and run.state.bobby == "d2"
    played = run.hint()  # grade 3: the rest of the solution is played for the learner
    assert played.grade == 3 and played.kind == "done" and played.stars == 1
    assert run.state.stalls_on("d").count(0) == 1


def test_a_move_that_spoils_the_goal_is_taken_back(lessons: dict) -> None:
    run = LessonRun(lessons["building-stalls"])
    run.goto(3)
    spoiled = run.try_action("build a 0")  # an action spent on lane a: lane d is out of reach in two moves
    assert spoiled.kind == "wrong" and spoiled.shown.stalls_on("a")[0] == 0
    assert run.state.stalls_on("a") == (None,) * 4 and run.run.wrong == 1


def test_find_all_build_spaces(lessons: dict) -> None:
    run = LessonRun(lessons["building-stalls"])
    assert run.run.answer_set() == {"a:0", "a:3", "b:0", "b:4", "c:0", "c:3"}
    partial = run.answer(["a:0", "a:3", "c:1"])
    assert partial.kind == "answer" and partial.extra == {"c:1"} and partial.missing == {"b:0", "b:4", "c:0", "c:3"}
    assert run.answer(["a:0", "a:3", "b:0", "b:4", "c:0", "c:3"]).stars == 2


def test_predict_the_toll(lessons: dict) -> None:
    run = LessonRun(lessons["customers-and-tolls"])
    run.goto(2)
    assert run.run.option_truths() == [True, False, False]
    wrong = run.choose(1)
    assert wrong.kind == "wrong" and "empty lane" in wrong.text
    right = run.choose(0)
    assert right.kind == "done" and right.rule == "portobello.bobby.toll" and right.stars == 2
    totals = {name: b.total for name, b in run.state.scores().items()}
    assert totals == {"red": 8, "yellow": 10, "green": 11, "blue": 11}


def test_forced_draw_scores_lane_c(lessons: dict) -> None:
    run = LessonRun(lessons["customers-and-tolls"])
    first = run.try_action("customer")
    assert first.kind == "right" and first.text == "You draw a servant from the bag."
    trap = run.try_action("build a 0")
    assert trap.kind == "refused" and trap.rule == "portobello.customer.place"
    done = run.try_action("place s10")
    assert done.kind == "done" and run.state.is_scored("c")
    assert [e.rule.id for e in done.events] == ["portobello.customer.place", "portobello.score.lane"]


def test_the_end_of_the_game(lessons: dict) -> None:
    run = LessonRun(lessons["districts-and-the-end"])
    run.goto(4)
    assert run.try_action("end").rule == "portobello.assume.forfeit"
    assert run.try_action("build u 3").kind == "right"
    assert run.try_action("build t 0").rule == "portobello.build.supply"
    done = run.try_action("end")
    assert done.kind == "done" and run.state.is_terminal and run.state.winners() == ["blue"]
    assert [e.rule.id for e in done.events].count("portobello.end.lord-scoring") == 3


def test_district_scoring_value(lessons: dict) -> None:
    run = LessonRun(lessons["districts-and-the-end"])
    wrong = run.try_action("district d7 x2")
    assert wrong.kind == "wrong" and wrong.shown.scores()["red"].total == 18  # 10 + 4 stalls × 2
    done = run.try_action("district d7 x4")
    assert done.kind == "done" and run.state.scores()["red"].total == 26  # 10 + 4 × 4


def test_facts_and_selector() -> None:
    start = position(3, lanes={"c": "RRY."}, squares={"s9": "servant", "s10": "citizen"}, bobby="d1", token=2)
    after = start.apply("build c 3")
    ctx, before = Context(after, start, ("build c 3",), after.events), Context(start, start, (), ())
    assert FACTS["lane-scored"](ctx, "c") and not FACTS["lane-scored"](before, "c")
    assert FACTS["stalls-on"](ctx, "red", "c", at_least=3) and not FACTS["stalls-on"](before, "red", "c", at_least=3)
    assert FACTS["customer-on"](ctx, "s9", "servant") and not FACTS["customer-on"](ctx, "s9", "citizen")
    assert FACTS["bobby-in"](ctx, "d1") and not FACTS["bobby-in"](ctx, "d2")
    assert FACTS["tokens-up"](ctx, "red", 3)
    assert build_spaces(start, lane="a") == {"a:0", "a:3"}
    scored = position(3, lanes={"c": "RR.."}, bobby="d1").apply("district d1 x4")
    assert FACTS["district-scored"](Context(scored, start, (), ()), "d1", "red")
    assert not FACTS["district-scored"](Context(scored, start, (), ()), "d1", "yellow")
