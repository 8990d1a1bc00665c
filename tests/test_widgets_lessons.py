"""The lesson view over Portobello's first lesson: clicks go to the runner (refusal, wrong move and take back,
hints lit on the board), find-all toggles and checks, predict buttons, the progress strip and stored progress."""

from __future__ import annotations

from widgets.lessons import LessonView, item_key, read_progress, stars_text


def test_a_do_step_by_clicks() -> None:
    view = LessonView("portobello", store=False)
    view.board.click("district:d12")  # legal, but the step asks for d1
    assert view.feedback.kind == "wrong" and view.board.state.bobby == "d12"
    assert view.takeback_button.layout.display == ""
    view.on_takeback()
    assert view.board.state.bobby is None and view.board.mode == "play"
    view.on_hint()
    view.on_hint()
    assert view.feedback.grade == 2 and [str(a) for a in view.board.emphasis.actions] == ["bobby d1"]
    view.board.click("district:d1")
    assert view.feedback.kind == "done" and view.feedback.stars == 1 and not view.next_button.disabled
    assert view.strip.children[0].description == "1 ★☆☆"


def test_find_all_and_predict_steps() -> None:
    view = LessonView("portobello", store=False)
    view.goto(1)
    view.board.click("district:d1")
    view.board.click("district:d2")
    view.on_check()
    assert view.feedback.kind == "answer" and len(view.board.marked) == 10
    for item in list(view.board.marked):
        view.board.click(item)
    view.on_check()
    assert view.feedback.kind == "done" and view.feedback.stars == 2
    view.on_next()
    view.on_choose(1)
    assert view.feedback.kind == "wrong" and view.option_buttons[1].disabled
    view.on_choose(0)
    assert view.feedback.kind == "done" and view.board.state.bobby == "d1"


def test_stored_progress_is_read_and_reset() -> None:
    view = LessonView("portobello")
    view.store.stored = {"first-turn": [3, 2], "building-stalls": "junk", "elsewhere": [1]}
    assert view.progress == {"first-turn": [3, 2]} and view.run.stars[:2] == [3, 2]
    view.on_reset()
    assert view.store.saved == {} and view.progress == {}
    assert read_progress(["not", "a", "mapping"], view.lessons) == {}
    assert item_key("space:c:0") == "c:0" and stars_text(0) == "·" and stars_text(2) == "★★☆"
