"""The Bonfire app driven from Python (no browser): the form, random players and hot-seat, the overlays for the
position shown, refusals that are the engine's, and save/load.

Games use seed 7. The default game has 3 players (orange, green, black; green and black random). Green starts:
green and black choose their starting fate tile at once, then orange's choice waits for a click; after it the
random players' turns follow (green builds a path; black hands back 4 tiles and places a fate tile).
"""

from __future__ import annotations

import json

import plotly.graph_objects as go
import pytest

from explorer.core import Record
from widgets.bonfire.app import COLOURS, TABS, BonfireApp
from widgets.bonfire.overlays import fate_yield_figure, score_now_figure, scores_over_time_figure

SEED = 7


def click(app: BonfireApp, target: str) -> None:
    """Click ``target`` on the app's board; fails if the view recorded an internal error (``last_error``)."""
    app.view.last_error = None
    app.view.handle_message({"kind": "click", "target": target})
    assert app.view.last_error is None, f"the click on {target!r} raised inside the view: {app.view.last_error!r}"


def shown(app: BonfireApp, tab: int) -> go.FigureWidget:
    figure = app.figure_boxes[tab].children[0]
    assert isinstance(figure, go.FigureWidget), figure
    return figure


def test_by_default_you_play_the_first_colour_against_random_players():
    app = BonfireApp(seed=SEED)
    assert COLOURS == ("orange", "green", "black", "white")
    assert app.view.bots == {1, 2}
    assert [box.description for box in app._bot_row.children] == [
        "orange: random player", "green: random player", "black: random player"]
    assert "You play orange; green, black play random legal actions" in app.note.value
    assert "component data is our own" in app.note.value
    assert app.view.record.actions == ("start-tile spare", "start-tile spare")  # green and black chose at once
    assert app.view.status["text"].startswith("Orange chooses the starting fate tile")
    click(app, "btn:do:start-tile spare")
    assert app.view.record.actions == ("start-tile spare", "start-tile spare", "start-tile spare",
                                       "path pile", "draw path red stone", "gnome chosen_harvest 2-tiles",
                                       "cover yellow", "draw specialist blue_harvest")
    assert app.view.status["text"] == ("Orange to act: place a fate tile, take an action, or light a bonfire · "
                                       "council 0 of 10")
    marks = app.view.highlights
    assert marks["island:mossbank"] == {
        "label": "1 tile ⇄", "tone": "legal",
        "tip": "nothing held — missing 1 boat tile: pay with a yellow tile or 2 other tiles"}
    assert marks["path-display:0"] == {"label": "1 tile", "tone": "legal", "tip": "1 path tile"}


def test_hot_seat_and_a_game_of_random_players_only():
    app = BonfireApp(seed=SEED, bots=())
    assert app.view.bots == set() and "Hot-seat" in app.note.value
    assert app.view.record.actions == ()
    assert app.view.status["text"].startswith("Green chooses the starting fate tile")  # green is the start player
    app.players.value = 2
    assert [box.description for box in app._bot_row.children] == ["orange: random player", "green: random player"]
    for box in app.bot_boxes:
        box.value = True
    app.new_game()
    state = app.view.state
    assert state.is_terminal and len(app.view.record) == 88 and len(state.seats) == 2
    assert app.view.status["text"] == "Game over: orange wins · orange 14, green 11"
    assert "Every seat is a random player" in app.note.value


def test_the_overlays_are_the_pure_figures_of_the_position_shown():
    app = BonfireApp(seed=SEED)
    assert app.tabs.titles == TABS
    fate = shown(app, 0)
    assert fate.layout.title.text.startswith("orange's fate area: what placing the top or the bottom fate tile")
    assert "(bonfire.setup.start-fate-tile)" in fate.layout.title.text  # orange has not chosen yet
    click(app, "btn:do:start-tile spare")
    app.redraw_button.click()
    assert app.overlay_figure(0).to_dict() == fate_yield_figure(app.view.state).to_dict()
    assert "(bonfire.fate.when)" in shown(app, 0).layout.title.text  # orange holds more than 1 action tile
    app.tabs.selected_index = 1
    assert app.overlay_figure(1).to_dict() == score_now_figure(app.view.state).to_dict()
    assert shown(app, 1).layout.title.text.startswith("Each player's score if the game ended now (during play)")
    app.tabs.selected_index = 2
    record = app.view.record
    assert app.overlay_figure(2).to_dict() == scores_over_time_figure(record.states[:record.cursor + 1]).to_dict()
    assert "after 8 actions" in shown(app, 2).layout.title.text


def test_the_overlay_says_when_it_is_stale_and_redraws_on_demand_or_after_every_move():
    app = BonfireApp(seed=SEED)
    assert app.follow.value is False and not app.overlay_is_stale
    click(app, "btn:do:start-tile spare")
    assert app.overlay_is_stale and app.redraw_button.button_style == "warning"
    assert "shows position 2; the board is at position 8. Press <b>Redraw</b>" in app.overlay_note.value
    app.redraw_button.click()
    assert not app.overlay_is_stale and "shows the board's position (8)" in app.overlay_note.value
    app.follow.value = True
    click(app, "path-display:0")  # orange builds a path: the random players' turns follow
    assert not app.overlay_is_stale
    assert f"shows the board's position ({app.view.record.cursor})" in app.overlay_note.value


def test_refusals_are_the_engines_and_leave_the_game():
    with pytest.raises(ValueError, match="Bonfire is for 2-4 players, got 5"):
        BonfireApp(players=5)
    with pytest.raises(ValueError, match="got True"):
        BonfireApp(players=True)
    app = BonfireApp(seed=SEED)
    view = app.view
    app.seed.value = -1
    app.new_game()
    assert "seed must be an integer from 0 to 2**63-1, got -1" in app.note.value and app.view is view
    click(app, "btn:do:start-tile spare")
    before = app.view.record.actions
    click(app, "p0:bonfire:3")  # nothing to light there: the engine's rule, nothing changes
    assert app.view.message["kind"] == "illegal" and app.view.message["rule"] == "bonfire.ignite.when"
    assert app.view.record.actions == before


def test_save_and_load_round_trip_and_bad_records():
    app = BonfireApp(seed=SEED, players=2)
    click(app, "btn:do:start-tile swap")
    saved = app.save()
    record = Record.from_json(saved)
    assert record.game == "bonfire" and record.options == {"players": 2} and record.seed == SEED
    assert record.actions == app.view.record.actions and "start-tile swap" in record.actions
    app.load(saved)
    assert app.view.record.actions == record.actions and app.view.bots == set() and "Hot-seat" in app.note.value
    assert app.view.state.to_dict() == record.state.to_dict()
    view = app.view
    app.load("not json")
    assert "not valid JSON" in app.note.value and app.view is view
    app.load(Record("london1666", seed=1, options={"players": 4}).to_json())
    assert "not Bonfire" in app.note.value and app.view is view


def test_draws_are_made_at_once_unless_the_user_asks_to_click_for_each():
    app = BonfireApp(seed=SEED)
    assert app.step_chance.value is False and app.view.step_chance is False
    click(app, "btn:do:start-tile spare")
    click(app, "path-display:0")  # orange builds the path tile there; the one turned up in its place is drawn at once
    actions = app.view.record.actions
    assert actions[8:10] == ("path yellow herbs", "draw path yellow gold")  # then the random players' turns
    assert not app.view.state.is_chance_node
    app.step_chance.value = True
    assert app.view.step_chance is True
    app.view.undo()
    click(app, "path-display:0")
    assert app.view.state.is_chance_node and app.view.status["text"].startswith(
        "Chance: a path tile is turned up for display slot 0 — click “Let chance decide”")
    click(app, "btn:roll")
    assert app.view.record.actions[8:10] == ("path yellow herbs", "draw path yellow gold")  # the same seeded draw


def test_the_form_follows_the_game_shown_and_four_players_default_to_three_random_ones():
    app = BonfireApp(seed=SEED, players=2)
    assert [box.value for box in app.bot_boxes] == [False, True, True, True]
    app.players.value = 4
    assert [box.description for box in app._bot_row.children][-1] == "white: random player"
    app.new_game()
    assert app.view.bots == {1, 2, 3} and len(app.view.state.seats) == 4
    saved = Record("bonfire", seed=3, options={"players": 3}).to_json()
    app.load(saved)  # a 3-player record: the form shows 3 players, every seat a human's (hot-seat)
    assert app.players.value == 3 and [box.value for box in app._bot_row.children] == [False, False, False]
    assert "Loaded: 0 actions" in app.record_note.value
    app.load("{}")
    assert "record" in app.record_note.value and app.record_note.value == app.note.value  # shown beside Load too
    bad = Record("bonfire", seed=3, options={"players": 3}).to_dict() | {"options": {"players": 3, "colour": "red"}}
    app.load(json.dumps(bad))
    assert "bonfire has no option &#x27;colour&#x27;; its options are components, players" in app.record_note.value


def test_a_loaded_record_sets_the_seed_and_a_version_notice_is_shown_then_cleared_by_a_new_game():
    app = BonfireApp(seed=SEED, players=2)
    data = Record("bonfire", seed=11, options={"players": 2}).to_dict() | {"game_version": "1"}
    app.load(json.dumps(data))
    assert app.seed.value == 11 and app.view.record.seed == 11
    assert "saved with bonfire engine version 1; this is version 3" in app.record_note.value
    app.new_game()  # seed 11, from the form that now shows the loaded game
    assert app.view.record.seed == 11 and app.record_note.value == ""
