"""The Flash Point app driven from Python (no browser): the form's settings become engine options, refusals are the
engine's, random players and hot-seat, the overlays for the position shown, and save/load.

Games use seed 7. The default game (3 firefighters, Family, the front of the house, blue and green random): once red
starts on 0,6, blue starts on 0,9 and green on 0,3; red can then move to 0,5, 0,7 or 1,6 for 1 AP each.
"""

from __future__ import annotations

import plotly.graph_objects as go
import pytest

from explorer.core import Record
from explorer.flashpoint.building import Building
from widgets.flashpoint.app import BUILDINGS, LOSS_GAMES, LOSS_TURNS, TABS, FlashPointApp, building_options
from widgets.flashpoint.overlays import expected_losses_figure, fire_risk_figure

SEED = 7


def click(app: FlashPointApp, target: str) -> None:
    """Click ``target`` on the app's board; fail if the view caught an internal error (``view.last_error``)."""
    app.view.handle_message({"kind": "click", "target": target})
    assert app.view.last_error is None, f"the view failed internally on {target}: {app.view.last_error!r}"


def shown(app: FlashPointApp, tab: int) -> go.FigureWidget:
    figure = app.figure_boxes[tab].children[0]
    assert isinstance(figure, go.FigureWidget), figure
    return figure


def option_labels(app: FlashPointApp) -> list[str]:
    return [box.description for box in app._options_row.children[1:]]


# ---- the form and the buildings ---------------------------------------------------------------------------------
def test_building_options_follow_each_buildings_parts():
    assert BUILDINGS == ("front", "back", "garage", "laboratory", "garage_basement", "laboratory_attic")
    assert building_options("front") == building_options("back") == ()
    assert building_options("garage") == ("objects",)
    assert building_options("laboratory") == ("objects", "chemical_spill", "platform")
    assert building_options("laboratory_attic") == ("objects", "chemical_spill", "platform")
    assert building_options("garage_basement") == ("objects", "basement_ladder", "floor_bridge")
    assert building_options(Building.named("garage")) == ("objects",)


FLOORS = {"front": ["Ground floor"], "back": ["Ground floor"], "garage": ["Ground floor"],
          "laboratory": ["Ground floor", "Second storey"], "garage_basement": ["Ground floor", "Basement"],
          "laboratory_attic": ["Ground floor", "Second storey", "Attic"]}


@pytest.mark.parametrize("building", BUILDINGS)
def test_the_app_builds_for_every_building_in_both_games(building):
    app = FlashPointApp(building=building, seed=SEED)
    state = app.view.state
    assert state.building.name == Building.named(building).name and state.options.mode == "family"
    assert app.view.status["text"] == "Set-up: red starts on a space outside · damage 0/24 · rescued 0 · lost 0"
    labels = [i["text"] for i in app.view.scene["items"] if "floor-label" in i.get("class", "")]
    assert labels == FLOORS[building]
    offered = building_options(building)
    assert [k for k in app.form_options() if k not in ("players", "building", "mode")] == list(offered)
    assert len(option_labels(app)) == len(offered)
    app.mode.value = "experienced"
    app.level.value = "veteran"
    app.new_game()
    assert app.view.state.options.level == "veteran" and app.view.record.options["building"] == building
    assert app.view.status["text"].startswith("Set-up: red parks a vehicle")
    assert "Experienced game, veteran" in app.note.value


def test_the_form_shows_the_level_and_options_that_apply():
    app = FlashPointApp(seed=SEED)
    assert app.level.disabled and option_labels(app) == []
    assert app.form_options() == {"players": 3, "building": "front", "mode": "family"}
    app.mode.value = "experienced"
    assert not app.level.disabled
    app.building.value = "garage_basement"
    assert option_labels(app) == ["Explosive objects", "Ladders into the basement", "Ladder as a floor bridge"]
    app.building.value = "laboratory_attic"
    assert option_labels(app) == ["Explosive objects", "Chemical spill", "Hydraulic platform"]
    assert [o[1] for o in app.building.options] == list(BUILDINGS)
    assert app.building.label == "Laboratory with Attic (Extreme Danger)"


def test_a_new_game_passes_the_options_to_the_engine():
    app = FlashPointApp(seed=SEED)
    app.building.value = "garage_basement"
    app.mode.value = "experienced"
    app.level.value = "heroic"
    app.option_boxes["objects"].value = False
    app.option_boxes["floor_bridge"].value = True
    app.option_boxes["platform"].value = True  # not offered on this building: not passed
    app.new_game()
    options = app.view.state.options
    assert app.view.record.options == {"players": 3, "building": "garage_basement", "mode": "experienced",
                                       "level": "heroic", "objects": False, "basement_ladder": False,
                                       "floor_bridge": True}
    assert (options.level, options.objects, options.floor_bridge, options.platform) == ("heroic", False, True, False)
    assert app.view.state.objects == {}  # the car is not in play
    assert "with ladder as a floor bridge" in app.note.value
    app.building.value = "laboratory"
    app.mode.value = "family"
    app.option_boxes["chemical_spill"].value = False
    app.option_boxes["objects"].value = True
    app.option_boxes["platform"].value = False
    app.new_game()
    assert app.view.state.objects == {"large-equipment": 0, "small-equipment": 0}  # no toxic equipment


def test_an_option_the_engine_refuses_is_explained_and_the_game_stays():
    app = FlashPointApp(seed=SEED)
    view, board = app.view, list(app.board.children)
    app.building.value = "laboratory"
    app.option_boxes["platform"].value = True  # the platform rides on the engine: Experienced only
    app.start_button.click()  # the button's callback, as in the browser: nothing escapes it
    assert app.view is view and list(app.board.children) == board
    assert "could not start a new game" in app.note.value
    assert "the hydraulic platform rides on the fire engine, which only the Experienced game has" in app.note.value
    assert "The game below is unchanged" in app.note.value
    app.mode.value = "experienced"
    app.new_game()
    assert app.view is not view and app.view.state.options.platform is True and "could not" not in app.note.value
    app.seed.value = -1
    app.new_game()
    assert "seed must be a whole number" in app.note.value and app.view.record.seed == SEED


def test_the_constructor_refuses_what_the_form_cannot_show_and_what_the_engine_refuses():
    with pytest.raises(ValueError, match="players must be 1-6"):
        FlashPointApp(players=7)
    with pytest.raises(ValueError, match="building must be one of"):
        FlashPointApp(building="castle")
    with pytest.raises(ValueError, match="level must be one of"):
        FlashPointApp(mode="experienced", level="legend")
    with pytest.raises(ValueError, match="only the Experienced game has"):
        FlashPointApp(building="laboratory", platform=True)


# ---- random players, hot-seat ---------------------------------------------------------------------------------
def test_by_default_you_play_red_and_the_others_are_random():
    app = FlashPointApp(seed=SEED)
    assert app.view.bots == {1, 2} and app.view.step_chance is True
    assert [box.description for box in app._bot_row.children[1:]] == [
        "red: random player", "blue: random player", "green: random player"]
    assert "You play red; blue, green play random legal actions" in app.note.value
    click(app, "space:0,6")  # red starts on 0,6; the random players start at once
    assert app.view.record.actions == ("place 0,6", "place 0,9", "place 0,3")
    assert {k: m["label"] for k, m in app.view.highlights.items() if k.startswith("space:")} == {
        "space:0,5": "1 AP", "space:1,6": "1 AP", "space:0,7": "1 AP"}
    click(app, "space:1,6")
    assert app.view.state.firefighter.space == "1,6" and app.view.state.firefighter.ap == 3
    click(app, "btn:end")  # the fire's roll waits for a click
    assert app.view.state.is_chance_node and app.view.status["text"].startswith("Chance: roll the dice")
    click(app, "btn:roll")  # the roll, then blue's and green's turns with their fire rolled at once
    state = app.view.state
    assert not state.is_chance_node and state.turn == 0 and state.firefighter.ap == 7  # 3 kept + 4
    events = [(e["rule"], e["text"]) for e in app.view.events]
    assert events[0] == ("flashpoint.fire.smoke", "the fire advances to row 5, column 3: smoke")  # red's roll
    assert ("flashpoint.turn.ap", "blue's turn: 4 AP (0 saved)") in events
    assert events[-1] == ("flashpoint.turn.ap", "red's turn: 7 AP (3 saved)")


def test_hot_seat_every_random_player_and_step_chance():
    app = FlashPointApp(seed=SEED, bots=())
    assert app.view.bots == set() and "Hot-seat" in app.note.value
    click(app, "space:0,6")
    assert app.view.status["text"].startswith("Set-up: blue starts on a space outside")
    app.players.value = 2
    for box in app.bot_boxes:
        box.value = True
    app.new_game()
    assert app.view.state.is_terminal and len(app.view.record) == 72
    assert app.view.status["text"] == "Game over: the building collapsed · damage 24/24 · rescued 0 · lost 0"
    assert "Every firefighter is a random player" in app.note.value
    app.step_chance.value = False
    assert app.view.step_chance is False


# ---- overlays ---------------------------------------------------------------------------------------------------
def test_the_overlays_are_drawn_for_the_position_shown():
    app = FlashPointApp(seed=SEED)
    assert app.tabs.titles == TABS
    risk = shown(app, 0)  # at set-up no advance is next: the building with the reason
    assert [a.name for a in risk.layout.annotations] == ["empty"]
    assert risk.layout.title.text == "P(fire) in the next fire advance: none is next"
    click(app, "space:0,6")
    app.redraw_button.click()
    figure = app.overlay_figure(0)
    assert figure.to_dict() == fire_risk_figure(app.view.state, "fire").to_dict()
    assert figure.layout.meta["outcomes"] == 48 and figure.layout.title.text.startswith(
        "P(fire) in the next fire advance if red ends the turn now: exact over 48 branches")
    risk = shown(app, 0)
    assert risk.layout.meta["kind"] == "fire" and risk.layout.width == 1100 and not risk.layout.annotations
    app.risk_kind.value = "knock_down"  # redrawn at once, for the same position
    assert shown(app, 0).layout.meta["kind"] == "knock_down"
    assert shown(app, 0).layout.title.text.startswith("P(knock-down) in the next fire advance")
    app.tabs.selected_index = 1
    losses = shown(app, 1)
    assert dict(losses.layout.meta) == {"games": LOSS_GAMES, "seed": SEED, "random_play": True}
    assert f"over the next {LOSS_TURNS} turns: {LOSS_GAMES} games of random play, seed 7" in losses.layout.title.text
    assert app.overlay_figure(1).to_dict() == expected_losses_figure(
        app.view.state, turns=LOSS_TURNS, games=LOSS_GAMES, seed=SEED).to_dict()
    click(app, "space:1,6")
    click(app, "btn:end")
    click(app, "btn:roll")
    app.tabs.selected_index = 2
    counters = shown(app, 2)
    assert counters.layout.title.text.startswith("The team's counters after every turn (3 turns, game still on)")
    assert [tuple(t.y) for t in counters.data] == [(0, 0, 0, 1), (0, 0, 0, 0), (0, 0, 0, 0)]  # damage, lost, rescued


def test_the_overlay_says_when_it_is_stale_and_redraws_on_demand_or_after_every_move():
    app = FlashPointApp(seed=SEED)
    assert app.follow.value is False and not app.overlay_is_stale
    assert "shows the board's position (0)" in app.overlay_note.value and app.redraw_button.button_style == ""
    click(app, "space:0,6")
    assert app.overlay_is_stale and app.redraw_button.button_style == "warning"
    assert "shows position 0; the board is at position 3. Press <b>Redraw</b>" in app.overlay_note.value
    app.redraw_button.click()
    assert not app.overlay_is_stale and "shows the board's position (3)" in app.overlay_note.value
    app.follow.value = True
    click(app, "space:1,6")
    assert not app.overlay_is_stale and "shows the board's position (4)" in app.overlay_note.value
    assert shown(app, 0).layout.title.text.startswith("P(fire) in the next fire advance if red ends the turn now")


def test_an_overlay_that_fails_shows_a_message_and_the_board_stays(monkeypatch):
    app = FlashPointApp(seed=SEED)

    def broken(*args, **kwargs):
        raise RuntimeError("boom")

    monkeypatch.setattr("widgets.flashpoint.app.fire_risk_figure", broken)
    app.draw_overlay()
    assert "could not draw this overlay: RuntimeError(&#x27;boom&#x27;)" in app.figure_boxes[0].children[0].value
    click(app, "space:0,6")
    assert app.view.record.actions == ("place 0,6", "place 0,9", "place 0,3")


# ---- save and load ----------------------------------------------------------------------------------------------
def test_save_and_load_round_trip():
    app = FlashPointApp(seed=SEED, building="garage", mode="experienced", level="recruit")
    click(app, next(k for k in sorted(app.view.highlights) if k.startswith("spot:")))  # park the engine
    saved = app.save()
    record = Record.from_json(saved)
    assert record.game == "flashpoint" and record.actions == app.view.record.actions and len(record.actions) == 1
    assert record.options == {"players": 3, "building": "garage", "mode": "experienced", "level": "recruit",
                              "objects": True}
    app.load(saved)
    assert app.view.record.actions == record.actions and app.view.bots == set()
    assert app.view.state.to_dict() == record.state.to_dict() and "Hot-seat" in app.note.value
    assert "Mechanic's Garage, Experienced game, recruit; with explosive objects" in app.note.value


def test_loading_a_bad_or_foreign_record_is_explained_and_the_game_stays():
    app = FlashPointApp(seed=SEED)
    view = app.view
    app.load("not json")
    assert "not valid JSON" in app.note.value and app.view is view
    app.load(Record("london1666", seed=1, options={"players": 4}).to_json())
    assert "not Flash Point" in app.note.value and app.view is view
