"""The lesson machinery on a small lesson written here (Portobello's first decision, the bobby, and red's first
turn): the format's checks, the facts, the runner's judgement of every kind of step, hints, stars and the
authors' check. The games' own lessons are tested in ``tests/<game>/test_<game>_lessons.py``."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from explorer.core import InvalidData
from explorer.core.errors import UnknownGame
from explorer.lessons import Lesson, LessonRun, StepRun, lesson_files, load_lessons
from explorer.lessons.check import check_step
from explorer.lessons import facts
from explorer.lessons.facts import COMMON_FACTS, Context, holds, selector_problems
from explorer.lessons.format import LessonFile, read_lesson

GAME = {"game": {"players": 3, "seed": 1}}  # green (seat 2) puts the bobby before red's first turn

SCRIPTED = {"goal": "Green: put the bobby in d1, then watch red (1 move).", "seat": "green", "position": GAME,
            "kind": "do",
            "line": [{"play": "bobby d1", "comment": "The bobby stands in d1.", "hint": "District d1."},
                     {"reply": "act 2", "comment": "Red takes two actions."}],
            "wrong": [{"play": "bobby d2", "comment": "d2 is the wrong district."}],
            "traps": [{"play": "end", "rule": "portobello.setup.bobby", "comment": "The bobby comes first."}],
            "deviation": "Another district."}
OUTCOME = {"goal": "Green: put the bobby anywhere (1 move).", "seat": "green", "position": GAME, "kind": "do",
           "success": {"fact": "event", "rule": "portobello.setup.bobby"}, "solution": ["bobby d3"]}
NOT_D4 = {"goal": "Green: put the bobby anywhere but d4 (1 move).", "seat": "green", "position": GAME,
          "kind": "do", "success": {"all": [{"fact": "event", "rule": "portobello.setup.bobby"},
                                            {"not": {"fact": "played", "action": "bobby d4"}}]},
          "solution": ["bobby d3"]}
FIND = {"goal": "Green: light every district the bobby may start in.", "seat": "green", "position": GAME,
        "kind": "find-all", "select": {"name": "legal-words", "starts": "bobby"}, "hint": "Every district."}
PREDICT = {"goal": "What does green's bobby d1 do?", "seat": "green", "position": GAME, "kind": "predict",
           "action": "bobby d1", "hint": "Who moves after the bobby?",
           "options": [{"text": "Red is to act", "test": {"fact": "to-act", "player": "red"}},
                       {"text": "Green acts again", "test": {"fact": "to-act", "player": "green"},
                        "why": "Placing the bobby ends green's set-up."}],
           "explain": "The start player goes first."}


def lesson(*steps: dict) -> Lesson:
    spec = LessonFile.model_validate({"id": "core-test", "title": "Core test", "intro": "A test lesson.",
                                      "rules": ["portobello.setup.bobby"], "steps": list(steps)})
    return Lesson.from_file("portobello", spec, Path("core-test.yaml"))


def run_of(step: dict) -> StepRun:
    return StepRun(lesson(step).steps[0])


# ---- the format ----------------------------------------------------------------------------------------------------
def test_read_lesson_lists_every_problem_at_once(tmp_path: Path) -> None:
    bad = {"id": "Bad Id", "title": "", "intro": "x",
           "steps": [{"goal": "g", "seat": 0, "position": GAME, "kind": "do"},
                     {"goal": "g", "seat": 0, "position": {"builder": {}, **GAME}, "kind": "find-all",
                      "select": {"name": "legal-words"}},
                     {"goal": "g", "seat": 0, "position": GAME, "kind": "predict", "action": "bobby d1",
                      "options": []}]}
    path = tmp_path / "bad.json"
    path.write_text(json.dumps(bad))
    with pytest.raises(InvalidData) as err:
        read_lesson(path)
    text = "\n".join(err.value.problems)
    assert "id" in text and "title" in text
    assert "either a scripted 'line' or an outcome test 'success'" in text
    assert "exactly one of 'builder'" in text and "at least two 'options'" in text


def test_read_lesson_refuses_bad_json(tmp_path: Path) -> None:
    path = tmp_path / "broken.json"
    path.write_text("{ not json")
    with pytest.raises(InvalidData):
        read_lesson(path)


def test_unknown_game() -> None:
    with pytest.raises(UnknownGame):
        load_lessons("chess")
    with pytest.raises(UnknownGame):
        lesson_files("chess")


# ---- facts ---------------------------------------------------------------------------------------------------------
def test_holds_combinators() -> None:
    ctx = Context(state=None, start=None, played=("end",), events=())
    assert holds({"any": [{"fact": "played", "action": "x"}, {"fact": "played", "action": "end"}]}, ctx, COMMON_FACTS)
    assert not holds([{"fact": "played", "action": "end"}, {"fact": "played", "action": "x"}], ctx, COMMON_FACTS)
    assert holds({"not": {"fact": "played", "action": "x"}}, ctx, COMMON_FACTS)


def test_test_problems_name_the_fault() -> None:
    assert facts.test_problems({"fact": "played", "action": "end"}, COMMON_FACTS, "s") == []
    assert "unknown fact 'burning'" in facts.test_problems({"fact": "burning"}, COMMON_FACTS, "s")[0]
    assert "missing argument 'action'" in facts.test_problems({"fact": "played"}, COMMON_FACTS, "s")[0]
    assert "unknown argument 'who'" in facts.test_problems({"fact": "game-over", "who": 1}, COMMON_FACTS, "s")[0]
    assert "non-empty list" in facts.test_problems({"all": []}, COMMON_FACTS, "s")[0]
    assert "unknown selector" in selector_problems({"name": "nope"}, {}, "s")[0]


# ---- a scripted do step --------------------------------------------------------------------------------------------
def test_scripted_right_move_plays_the_reply() -> None:
    run = run_of(SCRIPTED)
    feedback = run.try_action("bobby d1")
    assert feedback.kind == "done" and feedback.stars == 3
    assert feedback.text.startswith("The bobby stands in d1. Red takes two actions.")
    assert run.played == ("bobby d1", "act 2")
    assert feedback.rule == "portobello.setup.bobby"


def test_refusal_is_not_a_failure() -> None:
    run = run_of(SCRIPTED)
    before = run.state
    feedback = run.try_action("end")
    assert feedback.kind == "refused" and feedback.rule == "portobello.setup.bobby"
    assert feedback.text.endswith("The bobby comes first.")
    assert run.state is before and run.wrong == 0
    assert run.try_action("bobby d1").stars == 3


def test_wrong_move_is_shown_then_taken_back() -> None:
    run = run_of(SCRIPTED)
    before = run.state
    feedback = run.try_action("bobby d2")
    assert feedback.kind == "wrong" and feedback.text.startswith("d2 is the wrong district.")
    assert "Taken back" in feedback.text
    assert feedback.shown.bobby == "d2" and feedback.events[0].rule.id == "portobello.setup.bobby"
    assert run.state is before and run.wrong == 1
    other = run.try_action("bobby d5")  # no comment of its own: the line's deviation text
    assert other.kind == "wrong" and other.text.startswith("Another district.")
    assert run.try_action("bobby d1").stars == 1


def test_hint_grades() -> None:
    run = run_of(SCRIPTED)
    first = run.hint()
    assert (first.grade, first.text, [str(a) for a in first.actions]) == (1, "District d1.", ["bobby d1"])
    second = run.hint()
    assert second.grade == 2 and [str(a) for a in second.actions] == ["bobby d1"]
    third = run.hint()
    assert third.grade == 3 and third.kind == "done" and third.text.startswith("Played for you.")
    assert run.played[0] == "bobby d1" and third.stars == 1


# ---- outcome steps -------------------------------------------------------------------------------------------------
def test_outcome_step_accepts_an_equivalent_move() -> None:
    for move in ("bobby d3", "bobby d7"):
        feedback = run_of(OUTCOME).try_action(move)
        assert feedback.kind == "done" and feedback.stars == 3


def test_outcome_step_judges_a_move_that_misses_the_goal_wrong() -> None:
    run = run_of(NOT_D4)
    feedback = run.try_action("bobby d4")
    assert feedback.kind == "wrong" and feedback.shown.bobby == "d4" and run.state.bobby is None
    hint = run.hint()
    assert [str(a) for a in hint.actions] == ["bobby d3"]  # the author's solution first
    assert run.try_action("bobby d9").stars == 1  # one wrong move, one hint


# ---- find-all and predict ------------------------------------------------------------------------------------------
def test_find_all_missing_and_extra() -> None:
    run = run_of(FIND)
    truth = run.answer_set()
    assert truth == {f"d{n}" for n in range(1, 13)}
    feedback = run.answer(["d1", "d2", "s1"])
    assert feedback.kind == "answer" and feedback.extra == {"s1"} and len(feedback.missing) == 10
    assert run.hint().text == "Every district."
    assert run.hint().missing == {"d1"}
    assert run.hint().missing == truth
    done = run.answer(truth)
    assert done.kind == "done" and done.stars == 1  # 3 - one wrong answer - hint grade 3, never below 1


def test_predict_wrong_then_right() -> None:
    run = run_of(PREDICT)
    assert run.option_truths() == [True, False]
    wrong = run.choose(1)
    assert wrong.kind == "wrong" and "Placing the bobby ends green's set-up." in wrong.text
    assert run.state.bobby is None
    right = run.choose(0)
    assert right.kind == "done" and right.stars == 2
    assert right.text.startswith("Right: Red is to act.") and right.text.endswith("The start player goes first.")
    assert run.state.bobby == "d1" and right.rule == "portobello.setup.bobby"
    assert run.choose(7).kind == "info"


def test_predict_hints_eliminate_then_choose() -> None:
    run = run_of(PREDICT)
    assert run.hint().text == "Who moves after the bobby?"
    assert run.hint().text == "It is not “Green acts again”."
    assert run.hint().kind == "done"


# ---- a whole lesson ------------------------------------------------------------------------------------------------
def test_lesson_run_keeps_the_best_stars_and_moves_between_steps() -> None:
    run = LessonRun(lesson(SCRIPTED, OUTCOME, FIND), best=[2, "x", 9])
    assert run.stars == [2, 0, 0]
    assert run.try_action("bobby d1").stars == 3 and run.stars == [3, 0, 0]
    run.retry()
    run.try_action("bobby d2")
    run.try_action("bobby d1")
    assert run.stars == [3, 0, 0]  # a worse retry keeps the best
    assert run.next() and run.index == 1 and run.step.kind == "do"
    run.try_action("bobby d12")
    run.goto(2)
    run.answer(run.run.answer_set())
    assert run.stars == [3, 3, 3] and run.complete and not run.next()
    with pytest.raises(IndexError):
        run.goto(3)


def test_the_step_refuses_what_its_kind_does_not_take() -> None:
    assert run_of(FIND).try_action("bobby d1").kind == "info"
    assert run_of(SCRIPTED).answer(["d1"]).kind == "info"
    assert run_of(SCRIPTED).try_action("no such move").kind == "refused"


# ---- the authors' check --------------------------------------------------------------------------------------------
def test_check_passes_good_steps_and_counts_their_rules() -> None:
    covered: set[str] = set()
    for step in lesson(SCRIPTED, OUTCOME, FIND, PREDICT).steps:
        assert check_step(step, covered) == []
    assert "portobello.setup.bobby" in covered


def test_check_finds_broken_steps() -> None:
    broken_line = {**SCRIPTED, "line": [{"play": "end"}]}
    assert "refused where it stands" in check_step(lesson(broken_line).steps[0], set())[0]
    already = {**OUTCOME, "success": {"not": {"fact": "game-over"}}}
    assert "already true at the start" in check_step(lesson(already).steps[0], set())[0]
    bad_trap = {**SCRIPTED, "traps": [{"play": "bobby d3", "rule": "portobello.setup.bobby"}]}
    assert any("never refused" in p for p in check_step(lesson(bad_trap).steps[0], set()))
    all_true = {**PREDICT, "options": [PREDICT["options"][0], {**PREDICT["options"][0], "text": "again"}]}
    assert "all true" in check_step(lesson(all_true).steps[0], set())[0]
