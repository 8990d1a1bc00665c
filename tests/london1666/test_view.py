"""The London board view driven from Python: clicks become the right engine actions, refusals name the rule."""

from __future__ import annotations

import pytest

from explorer.core import Record
from widgets.london1666 import LondonView, board_scene, board_svg

BANDS = ["moorgate", "guild-hall", "aldgate", "st-pauls"]
PAWNS = ["guild-hall", "moorgate", "aldgate", "st-pauls"]


def send(view, message: dict) -> None:
    """Send a browser message; the view must not have hit an internal error (it records one in last_error)."""
    view.handle_message(message)
    assert view.last_error is None, f"the view failed on {message!r}: {view.last_error!r}"


def click(view, target):
    send(view, {"kind": "click", "target": target})


@pytest.fixture
def view():
    v = LondonView(Record("london1666", seed=1666, options={"players": 4}))
    for d in BANDS + PAWNS:
        click(v, f"d-{d}")
    return v


def test_setup_clicks_place_bands_then_pawns(view):
    assert view.record.actions[:8] == tuple(f"place-band {d}" for d in BANDS) + tuple(f"place-pawn {d}" for d in PAWNS)
    assert view.state.phase == "spread" and view.status["text"] == "blue to act"


def test_setup_refuses_the_green_region_with_its_rule():
    v = LondonView(Record("london1666", seed=1666, options={"players": 4}))
    click(v, "d-cheapside")
    assert v.message["rule"] == "london.setup.trained-bands" and v.record.actions == ()


def test_card_source_destination_spreads_the_fire(view):
    click(view, "card-N")
    assert view.selection == ("card", "N")
    assert view.highlights["d-pudding-lane"] == {"label": "source", "tone": "legal"}
    click(view, "d-pudding-lane")
    assert view.highlights["d-st-mary"] == {"label": "priority 1", "tone": "legal"}
    click(view, "d-st-mary")
    assert view.record.actions[8] == "spread N pudding-lane st-mary"
    assert view.state.phase == "actions"
    assert any(e["rule"] == "london.fire.burn" for e in view.events)


def test_a_wrong_destination_is_refused_with_the_rule(view):
    for target in ["card-N", "d-pudding-lane", "d-tallow-hall"]:
        click(view, target)
    assert view.message["rule"] == "london.fire.direction"
    assert view.message["text"] == "no N step leads into Tallow Hall from the fire connected to Pudding Lane"
    assert len(view.record.actions) == 8


def test_a_missing_card_is_refused():
    v = LondonView(Record("london1666", seed=2002, options={"players": 4}))  # purple holds E S S W W: no N
    for d in BANDS + PAWNS:
        click(v, f"d-{d}")
    click(v, "card-N")
    assert v.message["rule"] == "london.fire.card"
    assert v.message["text"] == "purple holds no N card (hand: E S S W W)"


def test_a_district_before_a_card_gives_a_hint(view):
    click(view, "d-pudding-lane")
    assert view.message == {"kind": "info", "text": "Pick a movement card from your hand first."}


def test_pawn_and_band_moves_by_two_clicks(view):
    for target in ["card-W", "d-pudding-lane", "d-tallow-hall"]:
        click(view, target)
    click(view, "pawn-0")
    assert view.highlights["d-cheapside"] == {"label": "1 AP", "tone": "legal"}
    click(view, "d-cheapside")
    assert view.record.actions[-1] == "pawn cheapside" and view.state.ap == 3
    click(view, "d-moorgate")
    assert view.selection == ("district", "moorgate")
    assert view.highlights["d-coleman-street"] == {"label": "band: 1 AP", "tone": "legal"}
    click(view, "d-coleman-street")
    assert view.record.actions[-1] == "band moorgate coleman-street" and view.state.ap == 2


def test_illegal_pawn_move_names_the_rule_and_changes_nothing(view):
    for target in ["card-W", "d-pudding-lane", "d-tallow-hall", "pawn-0"]:
        click(view, target)
    before = view.record.actions
    click(view, "d-aldgate")
    assert view.message["rule"] == "london.actions.move-pawn"
    assert view.message["text"] == "Aldgate is not next to Guild Hall"
    assert view.record.actions == before


def test_extinguish_button_needs_a_contained_fire(view):
    for target in ["card-W", "d-pudding-lane", "d-tallow-hall", "d-guild-hall", "btn-extinguish"]:
        click(view, target)
    assert view.message["rule"] == "london.actions.extinguish"
    assert view.message["text"] == "Guild Hall is not burning"


def test_undo_restores_the_board(view):
    scene_before = view.scene
    for target in ["card-W", "d-pudding-lane", "d-tallow-hall"]:
        click(view, target)
    assert view.scene != scene_before
    send(view, {"kind": "undo"})
    assert view.scene == scene_before and view.status["can_redo"]


def test_bots_play_their_turns():
    v = LondonView(Record("london1666", seed=3, options={"players": 3}), bots={1, 2}, bot_seed=5)
    for d in ["moorgate", "aldgate"]:
        click(v, f"d-{d}")  # seat 0 places; the bots place theirs at once
    assert v.state.current_player == 0


def test_the_panel_shows_the_score_breakdown(view):
    table = view.panel[0]
    assert table["title"] == "Score (if the game ended now)"
    assert table["rows"][0][0] == "track" and table["rows"][-1][0] == "total"
    assert table["header"][1:] == list(view.state.players)


def test_scene_classes_and_static_svg(view):
    scene = board_scene(view.state)
    pudding = next(i for i in scene["items"] if i.get("id") == "d-pudding-lane")
    assert pudding["class"] == "district pudding-lane green burning uncontained start"
    svg = str(board_svg(view.state, highlights={"d-st-mary": {"label": "priority 1", "tone": "legal"}}))
    assert svg.startswith("<svg") and 'data-id="d-st-mary"' in svg and ">priority 1</text>" in svg


@pytest.mark.parametrize("seed", [-1, 2**63])
def test_the_app_explains_a_seed_the_engine_refuses_and_keeps_the_game(seed):
    from widgets.london1666.app import LondonApp

    app = LondonApp(players=3, seed=2)
    view = app.view
    app.seed.value = seed
    app.start_button.click()  # the button's callback: nothing escapes it
    assert app.view is view and app.board.children == (view,)
    assert "could not start a new game" in app.note.value and "The game below is unchanged" in app.note.value


def test_the_app_says_when_an_overlay_shows_an_older_position():
    from widgets.london1666.app import LondonApp

    app = LondonApp(players=3, seed=2)
    app.show_scores()
    assert app.stale_note.value == "" and len(app.overlay.children) == 2
    click(app.view, "d-moorgate")  # a move: the overlay (drawn on demand only) is now older than the board
    assert "This overlay shows position" in app.stale_note.value and "Press its button again" in app.stale_note.value
    app.show_scores()
    assert app.stale_note.value == ""


def test_the_click_helper_fails_on_an_internal_error(view, monkeypatch):
    def broken(*args, **kwargs):
        raise RuntimeError("boom")

    monkeypatch.setattr(view, "click", broken)  # the view catches it and records it in last_error
    with pytest.raises(AssertionError, match="the view failed on"):
        click(view, "card-N")
