"""The shared board view, driven from Python without a browser (widgets.base)."""

import pytest

from explorer.core import Record
from toyview import ToyView
from widgets import STATIC, BoardView


@pytest.fixture
def view(toy_registered):
    return ToyView(Record("toy", seed=2), title="Toy")


def test_initial_render_has_scene_status_and_no_events(view):
    assert view.scene["width"] == 280 and len(view.scene["items"]) == 9
    assert view.status == {"text": "X to act", "cursor": 0, "length": 0, "can_undo": False, "can_redo": False}
    assert len(view.highlights) == 9
    assert view.events == [{"type": "Note", "rule": "toy.setup.first", "title": "Who starts",
                            "text": "X starts", "fields": {"text": "X starts"}}]


def test_a_click_plays_the_move_and_lists_events_with_rules(view):
    revision = view.revision
    view.handle_message({"kind": "click", "target": "cell-b2"})
    assert view.record.actions == ("b2", "stone a2")
    assert view.revision == revision + 1
    assert view.status["text"] == "O to act" and view.status["can_undo"]
    # the move and the chance step after it, each event naming its rule
    assert [(e["rule"], e["text"]) for e in view.events] == [("toy.place.empty", "X marks b2"),
                                                              ("toy.wind.stone", "the wind drops a stone on a2")]
    classes = {i["id"]: i["class"] for i in view.scene["items"] if "id" in i}
    assert classes["cell-b2"] == "cell x" and classes["cell-a2"] == "cell stone"
    assert "cell-b2" not in view.highlights


def test_an_illegal_click_shows_the_rule_and_changes_nothing(view):
    view.handle_message({"kind": "click", "target": "cell-b2"})
    before = (view.record.actions, view.record.cursor, view.scene)
    view.handle_message({"kind": "click", "target": "cell-a2"})
    assert (view.record.actions, view.record.cursor, view.scene) == before
    assert view.message == {"kind": "illegal", "text": "a2 already holds a stone", "rule": "toy.place.empty",
                            "title": "Mark an empty cell",
                            "rule_text": "On your turn put your mark on an empty cell."}
    view.handle_message({"kind": "click", "target": "cell-c1"})
    assert view.message == {}


def test_after_a_step_only_that_action_is_explained(view):
    view.handle_message({"kind": "click", "target": "cell-b2"})
    view.handle_message({"kind": "step", "delta": -1})
    assert [e["text"] for e in view.events] == ["X marks b2"]


def test_undo_redo_and_stepping_through_the_record(view):
    for cell in ["b2", "a1", "c3"]:
        view.handle_message({"kind": "click", "target": f"cell-{cell}"})
    assert view.record.actions == ("b2", "stone a2", "a1", "stone b1", "c3", "calm")
    view.handle_message({"kind": "undo"})
    assert view.status["cursor"] == 4 and view.status["can_redo"]
    view.handle_message({"kind": "step", "delta": -1})
    assert view.status["cursor"] == 3 and view.status["text"] == "Chance decides next"
    view.handle_message({"kind": "goto", "index": 0})
    assert view.status["cursor"] == 0 and not view.status["can_undo"]
    view.handle_message({"kind": "redo"})
    assert view.status["cursor"] == 2
    view.handle_message({"kind": "goto", "index": 999})
    assert view.status["cursor"] == 6
    view.handle_message({"kind": "undo"})
    view.handle_message({"kind": "click", "target": "cell-a3"})   # a new move drops the redo tail
    assert view.record.actions[4] == "a3" and not view.status["can_redo"]


def test_unknown_messages_are_shown_and_ignored(view):
    view.handle_message({"kind": "dance"})
    assert view.message["kind"] == "info" and "dance" in view.message["text"]
    view.handle_message({"kind": "click", "target": 7})
    assert view.record.actions == ()
    for target in ["cell-zz", "stone a1", "a1", "calm", "cell-b²"]:
        view.handle_message({"kind": "click", "target": target})
        assert view.message == {"kind": "info", "text": f"nothing to click at {target!r} in this view"}
    view.handle_message({"kind": "goto", "index": True})
    view.handle_message({"kind": "step", "delta": False})
    assert view.record.actions == () and view.message["kind"] == "info"


def test_a_bug_in_a_view_is_shown_not_raised(view, monkeypatch):
    monkeypatch.setattr(view, "on_click", lambda state, target: 1 / 0)
    view.handle_message({"kind": "click", "target": "cell-b2"})
    assert view.message["kind"] == "error" and "ZeroDivisionError" in view.message["text"]
    assert isinstance(view.last_error, ZeroDivisionError) and view.record.actions == ()


def test_game_over_status(view):
    for cell in ["b2", "a1", "c3", "c1", "a3", "b3"]:
        view.handle_message({"kind": "click", "target": f"cell-{cell}"})
    assert view.record.state.is_terminal
    assert view.status["text"] == "Game over"
    assert view.highlights == {}


def test_the_esm_and_css_ship_beside_the_module():
    assert (STATIC / "board_view.js").read_text().count("export default") == 1
    assert "export default { render }" in str(BoardView._esm)
    assert (STATIC / "board_view.css").exists()


def test_base_view_requires_scene_and_on_click(toy_registered):
    with pytest.raises(NotImplementedError):
        BoardView(Record("toy", seed=2))
