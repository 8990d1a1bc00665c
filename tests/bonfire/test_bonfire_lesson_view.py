"""Bonfire's lessons on its board: every find-all answer can be clicked on the board, and only the learner's
own fate squares and bonfires stand for an answer (another player's bonfire 2, or the path display's tile 2, is
not the learner's bonfire 2)."""

from __future__ import annotations

import pytest

from widgets.lessons import LessonView


@pytest.fixture(scope="module")
def view() -> LessonView:
    return LessonView("bonfire", store=False)


def find_all_steps(view: LessonView) -> list[tuple[int, int]]:
    return [(li, si) for li, lesson in enumerate(view.lessons) for si, step in enumerate(lesson.steps)
            if step.kind == "find-all"]


def test_every_find_all_answer_is_clickable(view: LessonView) -> None:
    steps = find_all_steps(view)
    assert len(steps) >= 5
    for li, si in steps:
        view.picker.value = li
        view.goto(si)
        answer = view.run.run.answer_set()
        items = view.board.answer_items(answer)
        assert {view.board.answer_key(i) for i in items} == answer, (li, si)
        for item in items:
            view.board.click(item)
        view.on_check()
        assert view.feedback.kind == "done", (li, si, view.feedback.text)


def test_only_the_learners_bonfires_count(view: LessonView) -> None:
    view.picker.value = next(li for li, lesson in enumerate(view.lessons) if lesson.id == "bonfires-and-the-council")
    view.goto(1)
    me = view.board.state.current_player
    other = 1 - me
    assert view.board.answer_key(f"p{me}:bonfire:2") == "bonfire:2"
    assert view.board.answer_key(f"p{other}:bonfire:2") is None
    assert view.board.answer_key(f"p{me}:portal:2") is None
    assert view.board.answer_key("path-display:2") == "2" and view.board.answer_key("island:mossbank") == "mossbank"
    assert view.board.answer_key(f"p{me}:fate:3,1") == "3,1" and view.board.answer_key("btn:end") is None
