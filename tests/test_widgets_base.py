"""The shared board view, driven from Python without a browser (widgets.base)."""

import pytest

from explorer.core import Record
from toyview import ToyView
from widgets import STATIC, BoardView
from widgets.base import Pick, Plan


@pytest.fixture
def view(toy_registered):
    return ToyView(Record("toy", seed=2), title="Toy")


def test_initial_render_has_scene_status_and_no_events(view):
    assert view.scene["width"] == 280 and len(view.scene["items"]) == 9
    assert view.status == {"text": "X to act", "cursor": 0, "length": 0, "can_undo": False, "can_redo": False,
                           "bots": False, "pace": "all", "bots_waiting": False}
    assert len(view.highlights) == 9
    assert view.events == [{"type": "Note", "rule": "toy.setup.first", "title": "Who starts",
                            "text": "X starts", "fields": {"text": "X starts"},
                            "rule_text": "A coin decides which player marks first."}]


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
    assert view.status["cursor"] == 3
    assert view.status["text"] == "Chance decides next: press ▶ (step) to let chance decide"
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
        assert view.message == {"kind": "info", "text": "That is not on the board now: click a lit item."}
    view.handle_message({"kind": "goto", "index": True})
    view.handle_message({"kind": "step", "delta": False})
    assert view.record.actions == () and view.message["kind"] == "info"


def test_a_bug_in_a_view_is_shown_not_raised(view, monkeypatch):
    monkeypatch.setattr(view, "natural_action", lambda state, target, clicked: 1 / 0)
    view.handle_message({"kind": "click", "target": "cell-b2"})  # a legal click: the bug is not reached
    view.handle_message({"kind": "click", "target": "cell-b2"})  # a refusal asks natural_action
    assert view.message["kind"] == "error" and "ZeroDivisionError" in view.message["text"]
    assert isinstance(view.last_error, ZeroDivisionError) and view.record.actions == ("b2", "stone a2")


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


def test_base_view_requires_scene_and_action_items(toy_registered):
    with pytest.raises(NotImplementedError):
        BoardView(Record("toy", seed=2))


# ---- random players, undo/redo around them, chance steps, hints --------------------------------------------------
def test_undo_and_redo_skip_the_random_players_moves(toy_registered):
    view = ToyView(Record("toy", seed=2), bots={"O"}, bot_seed=1)
    view.handle_message({"kind": "click", "target": "cell-b2"})  # X, the wind, O (random), the wind
    assert view.record.actions == ("b2", "stone a2", "b1", "stone a1") and view.status["text"] == "X to act"
    view.handle_message({"kind": "undo"})  # back to X's decision, not into O's turn
    assert view.status["cursor"] == 0 and view.status["text"] == "X to act"
    assert not view.status["can_undo"] and view.status["can_redo"]
    view.handle_message({"kind": "redo"})  # X's move and O's reply, up to X's next decision
    assert view.status["cursor"] == 4 and view.status["text"] == "X to act" and not view.status["can_redo"]
    assert [e["text"] for e in view.events] == ["X marks b2", "the wind drops a stone on a2", "O marks b1",
                                                "the wind drops a stone on a1"]
    view.handle_message({"kind": "step", "delta": -2})  # the controls still step into O's turn
    assert view.status["cursor"] == 2 and view.status["text"] == "O to act"
    view.handle_message({"kind": "redo"})
    assert view.status["cursor"] == 4
    view.handle_message({"kind": "step", "delta": -2})
    view.handle_message({"kind": "undo"})
    assert view.status["cursor"] == 0


def test_undo_cannot_land_on_a_random_players_turn_at_the_start(toy_registered):
    view = ToyView(Record("toy", seed=2), bots={"X"}, bot_seed=1)  # X (random) has moved before O's first turn
    assert view.record.actions == ("c1", "stone b2") and view.status["text"] == "O to act"
    assert not view.status["can_undo"]
    view.handle_message({"kind": "undo"})
    assert view.record.cursor == 2 and view.status["text"] == "O to act"


def test_without_random_players_undo_is_the_records(view):
    for cell in ["b2", "a1"]:
        view.handle_message({"kind": "click", "target": f"cell-{cell}"})
    view.handle_message({"kind": "undo"})
    assert view.status["cursor"] == 2 and view.status["text"] == "O to act"


def test_the_random_players_choice_is_a_hook_and_seeded(toy_registered):
    class LastMove(ToyView):
        def choose_bot_action(self, state, legal):
            return legal[-1]

    view = LastMove(Record("toy", seed=2), bots={"O"})
    view.handle_message({"kind": "click", "target": "cell-a1"})
    assert view.record.actions[2] == "c3"  # O took the last legal cell
    same = [ToyView(Record("toy", seed=2), bots={"X", "O"}, bot_seed=9).record.actions for _ in range(2)]
    assert same[0] == same[1] and len(same[0]) > 2
    assert ToyView(Record("toy", seed=2), bots={"X", "O"}, bot_seed=10).record.actions != same[0]


def test_at_a_chance_step_the_status_and_a_refusal_say_to_step(view):
    for cell in ["b2", "a1"]:
        view.handle_message({"kind": "click", "target": f"cell-{cell}"})
    view.handle_message({"kind": "step", "delta": -1})  # the wind is about to blow
    assert view.status["text"] == "Chance decides next: press ▶ (step) to let chance decide"
    view.handle_message({"kind": "click", "target": "cell-c3"})
    assert view.message["rule"] == "core.chance.outcome"
    assert view.message["text"].endswith(" — press ▶ (step) to let chance decide")
    assert view.record.cursor == 3


def test_a_click_with_no_natural_action_gives_a_hint_and_changes_nothing(toy_registered):
    class Hinting(ToyView):
        def natural_action(self, state, target, clicked):
            return None

    view = Hinting(Record("toy", seed=2))
    view.handle_message({"kind": "click", "target": "cell-b2"})
    revision = view.revision
    view.handle_message({"kind": "click", "target": "cell-b2"})  # taken: nothing to ask the engine
    assert view.message == {"kind": "info", "text": "Nothing to do with cell b2 now: click a lit item."}
    assert view.revision == revision + 1 and view.record.actions == ("b2", "stone a2")


# ---- the one click model: picks, choices, plans, emphasis ----------------------------------------------------------
class RowView(ToyView):
    """The toy grid with a clickable row header before each row: a mark is (its row, its cell)."""

    def render_scene(self, state):
        scene = super().render_scene(state)
        rows = [{"id": f"row-{r + 1}", "shape": "rect", "x": 0, "y": 20 + 80 * r, "w": 18, "h": 80,
                 "title": f"row {r + 1}", "clickable": True} for r in range(state.size)]
        return {**scene, "items": rows + scene["items"]}

    def action_items(self, state, action):
        cell = super().action_items(state, action)
        return (f"row-{action.cell[1] + 1}", *cell) if cell else ()

    def action_label(self, state, action):
        return f"mark {action}"


@pytest.fixture
def rows(toy_registered):
    return RowView(Record("toy", seed=2))


def test_the_first_item_of_every_action_is_lit_with_its_label(rows):
    assert set(rows.highlights) == {"row-1", "row-2", "row-3"}
    assert rows.highlights["row-1"] == {"label": "3 ways", "tone": "legal",
                                        "tip": "a1 (mark a1); b1 (mark b1); c1 (mark c1)"}


def test_a_click_narrows_then_the_choice_buttons_lead_with_what_differs(rows):
    rows.handle_message({"kind": "click", "target": "row-1"})
    assert rows.selection == Pick(("row-1",), tuple(rows.state.parse_action(c) for c in ("a1", "b1", "c1")))
    assert rows.message == {"kind": "info", "text": "3 ways with row 1: “a1 (mark a1)” or “b1 (mark b1)” or "
                                                    "“c1 (mark c1)”. Choose one of the buttons, or Cancel."}
    drawn = {i["id"]: i["title"] for i in rows.scene["items"] if i.get("id", "").startswith("btn:")}
    assert drawn == {"btn:choose:0": "a1 (mark a1)", "btn:choose:1": "b1 (mark b1)", "btn:choose:2": "c1 (mark c1)",
                     "btn:cancel": "Cancel"}  # the base drew them under the board
    assert rows.highlights["row-1"]["tone"] == "selected" and rows.highlights["cell-b1"]["tone"] == "legal"
    rows.handle_message({"kind": "click", "target": "btn:choose:1"})
    assert rows.record.actions == ("b1", "stone b2") and rows.selection is None


def test_any_item_of_an_action_may_be_clicked_first_and_an_unlit_one_asks_first(rows):
    assert "cell-c2" not in rows.highlights  # not lit: a click on it offers its one action before playing it
    rows.handle_message({"kind": "click", "target": "cell-c2"})
    assert rows.record.actions == () and rows.selection == Pick(("cell-c2",), (rows.state.parse_action("c2"),))
    assert rows.message["text"] == "cell c2 leads to “c2 (mark c2)”: choose the button to play it, or Cancel."
    rows.handle_message({"kind": "click", "target": "btn:choose:0"})
    assert rows.record.actions[0] == "c2"


def test_escape_a_second_click_and_cancel_clear_the_pick(rows):
    for clear in ({"kind": "escape"}, {"kind": "click", "target": "row-1"}, {"kind": "click", "target": "btn:cancel"}):
        rows.handle_message({"kind": "click", "target": "row-1"})
        assert rows.selection is not None
        rows.handle_message(clear)
        assert rows.selection is None and rows.message["text"] == "Selection cleared: click a lit item."
        assert not any(i.get("id", "").startswith("btn:") for i in rows.scene["items"])
    assert rows.record.actions == ()


def test_a_click_on_the_first_item_of_other_actions_starts_a_new_pick(rows):
    rows.handle_message({"kind": "click", "target": "row-1"})
    rows.handle_message({"kind": "click", "target": "row-3"})
    assert rows.selection.clicked == ("row-3",) and len(rows.selection.candidates) == 3


def test_an_unmatched_click_in_a_pick_is_refused_by_the_engine_and_keeps_the_pick(rows):
    rows.handle_message({"kind": "click", "target": "cell-b2"})
    rows.handle_message({"kind": "click", "target": "btn:choose:0"})
    rows.handle_message({"kind": "click", "target": "row-1"})
    rows.handle_message({"kind": "click", "target": "cell-b2"})  # marked already: the engine says why
    assert rows.message["rule"] == "toy.place.empty" and rows.selection.clicked == ("row-1",)


def test_emphasis_lights_actions_and_refuses_what_is_not_legal(rows):
    rows.emphasise(["b2", "c3"], caption="try these")
    assert rows.highlights["row-2"] == {"label": "try these", "tone": "hint", "tip": "try these"}
    assert rows.highlights["cell-c3"] == {"label": "", "tone": "hint", "tip": "try these"}
    assert rows.highlights["row-1"]["tone"] == "legal"
    rows.handle_message({"kind": "click", "target": "cell-b2"})  # lit by the emphasis: played at once
    assert rows.record.actions[0] == "b2"
    assert rows.emphasis is None and not any(m["tone"] == "hint" for m in rows.highlights.values())
    with pytest.raises(ValueError, match="toy.place.empty"):
        rows.emphasise(["b2"])
    with pytest.raises(ValueError, match="unknown tone"):
        rows.emphasise(["c3"], tone="neon")
    assert rows.emphasis is None


def test_a_plan_is_shown_then_played_on_a_second_click(toy_registered):
    class Planning(ToyView):
        def plan_for(self, state, target):  # a marked cell: offer the first empty one instead
            first = state.legal_actions()[0]
            return Plan(target, (first,), {"kind": "info", "text": f"{target} is taken: mark {first}?"},
                        label="take it")

    view = Planning(Record("toy", seed=2))
    view.handle_message({"kind": "click", "target": "cell-b2"})
    view.handle_message({"kind": "click", "target": "cell-b2"})
    assert view.message == {"kind": "info", "text": "cell-b2 is taken: mark a1?"}
    assert view.highlights["cell-b2"] == {"label": "take it", "tone": "selected"}
    assert view.highlights["btn:confirm"]["tone"] == "legal"
    view.handle_message({"kind": "click", "target": "cell-b2"})
    assert view.record.actions[2] == "a1" and view.selection is None


# ---- what the browser is sent: the scene as patches ------------------------------------------------------------------
def apply_patch(old, ops):
    """The browser's reading of a patch (widgets/static/board_view.js, onScene)."""
    out, i = [], 0
    for op, arg in ops:
        if op == "keep":
            out += old[i:i + arg]
            i += arg
        elif op == "skip":
            i += arg
        else:
            out += arg
    return out


@pytest.mark.property
def test_a_scene_patch_rebuilds_the_new_items_from_the_old():
    from hypothesis import given, settings
    from hypothesis import strategies as st

    from widgets.base import scene_patch

    @settings(max_examples=300, deadline=None, derandomize=True)
    @given(st.lists(st.integers(0, 30), max_size=80), st.lists(st.tuples(st.integers(0, 79), st.integers(0, 2),
                                                                          st.integers(0, 30)), max_size=10))
    def check(old, edits):
        new = list(old)
        for at, kind, value in edits:  # replace, insert or delete here and there
            at = min(at, len(new))
            if kind == 0 and at < len(new):
                new[at] = value
            elif kind == 1:
                new.insert(at, value)
            elif new and at < len(new):
                del new[at]
        ops = scene_patch(old, new)
        assert apply_patch(old, ops) == new
        assert sum(len(arg) for op, arg in ops if op == "add") <= len(new)

    check()


def test_the_browser_is_sent_only_what_changed(rows):
    sent = []
    rows.send = sent.append
    rows.handle_message({"kind": "click", "target": "row-1"})  # a pick: outlines and a row of buttons
    (patch,) = sent
    assert patch["kind"] == "scene" and patch["base"] == patch["revision"] - 1
    added = [item for op, arg in patch["ops"] if op == "add" for item in arg]
    assert 0 < len(added) < len(rows.scene["items"]) / 2
    sent.clear()
    rows.handle_message({"kind": "click", "target": "cell-c1"})  # c1 is played
    rows.handle_message({"kind": "scene-request"})  # a view just drawn asks for everything
    assert sent[-1]["base"] is None and apply_patch([], sent[-1]["ops"]) == rows.scene["items"]


# ---- the bubble by the clicked item, random players step by step (issue 18) -------------------------------------
def test_the_bubble_points_at_the_clicked_item_with_the_refusal_or_what_the_move_did(view):
    view.handle_message({"kind": "click", "target": "cell-b2"})
    assert view.toast == {"kind": "done", "text": "X marks b2", "at": "cell-b2", "rule": "toy.place.empty",
                          "title": "Mark an empty cell", "rule_text": "On your turn put your mark on an empty cell."}
    view.handle_message({"kind": "click", "target": "cell-a2"})  # holds the wind's stone: refused
    assert view.toast == {**view.message, "at": "cell-a2"} and view.toast["kind"] == "illegal"
    view.handle_message({"kind": "undo"})  # not a click: no bubble
    assert view.toast == {}


def test_random_players_can_move_one_move_at_a_time(toy_registered):
    view = ToyView(Record("toy", seed=2), bots={"O"}, bot_seed=1)
    view.handle_message({"kind": "pace", "pace": "step"})
    view.handle_message({"kind": "click", "target": "cell-b2"})  # X and the wind; O waits
    assert view.record.actions == ("b2", "stone a2") and view.status["bots_waiting"]
    assert view.status["text"] == "O to act (a random player): press “Show their next move”"
    view.handle_message({"kind": "bots", "moves": 1})  # O's move, and the chance step after it at once
    assert view.record.actions == ("b2", "stone a2", "b1", "stone a1") and not view.status["bots_waiting"]
    assert view.toast["text"] == "O marks b1" and [e["text"] for e in view.events] == [
        "O marks b1", "the wind drops a stone on a1"]
    # the same moves as at the normal pace, with the same seed
    at_once = ToyView(Record("toy", seed=2), bots={"O"}, bot_seed=1)
    at_once.handle_message({"kind": "click", "target": "cell-b2"})
    assert at_once.record.actions == view.record.actions
    view.handle_message({"kind": "pace", "pace": "fast"})  # unknown: shown, nothing changes
    assert view.bot_pace == "step" and "does not know" in view.message["text"]


def test_when_shown_waits_for_the_browsers_first_request_for_the_scene(view):
    calls = []
    view.when_shown(lambda: calls.append("first"))
    view.handle_message({"kind": "escape"})
    assert calls == []                                   # other messages do not count
    view.handle_message({"kind": "scene-request"})      # a browser has drawn the view
    assert calls == ["first"]
    view.handle_message({"kind": "scene-request"})
    assert calls == ["first"]                            # once
    view.when_shown(lambda: calls.append("later"))
    assert calls == ["first", "later"]                   # at once, now that it has been shown


def test_a_failing_when_shown_callback_never_breaks_the_board(view):
    view.when_shown(lambda: 1 / 0)
    view.when_shown(lambda: view.__dict__.setdefault("seen", True))
    view.handle_message({"kind": "scene-request"})
    assert isinstance(view.last_error, ZeroDivisionError) and view.__dict__["seen"] is True
    view.when_shown(lambda: [][1])                       # also once shown: kept, not raised
    assert isinstance(view.last_error, IndexError)
