"""Positions that play could never reach are refused by State.from_dict, each with a clear problem."""

from __future__ import annotations

import json
from fractions import Fraction
import random

import pytest

from explorer.core import InvalidData, NotationError, Record
from explorer.london1666 import Board, State, new_game, parse_action
from widgets.london1666.app import LondonApp
from widgets.london1666.overlays import score_over_time_figure
from widgets.london1666.view import LondonView


@pytest.fixture(scope="module")
def base() -> dict:
    """A mid-game position (seed 1, 4 players): the action phase of a later turn."""
    record = Record("london1666", seed=1, options={"players": 4})
    chooser = random.Random(1)
    while not (record.state.phase == "actions" and record.state.turn >= 3):
        record.play(chooser.choice(record.state.legal_actions()))
    return record.state.to_dict()


def changed(base: dict, **fields) -> dict:
    d = json.loads(json.dumps(base))
    for key, value in fields.items():
        d[key] = value
    return d


def refused(d: dict, problem: str) -> None:
    with pytest.raises(InvalidData) as info:
        State.from_dict(d)
    assert any(p.startswith(problem) for p in info.value.problems), info.value.problems


def test_a_pawn_is_needed_in_play(base):
    d = changed(base)
    d["seats"][d["active"]]["pawn"] = None
    refused(d, "seats: in the actions phase every player has a colour, a pawn colour and a pawn on the board")


def test_objectives_name_districts_of_their_deck(base):
    d = changed(base)
    d["seats"][0]["objectives"] = ["pudding-lane", "moorgate"]
    refused(d, "seats[0].objectives: pudding-lane is not an objective worth 2")


@pytest.mark.parametrize("fields, problem", [
    ({"phase": "double", "card": None}, "phase: nothing can happen in the double phase"),
    ({"phase": "objectives"}, "phase: nothing can happen in the objectives phase"),
    ({"phase": "tokens"}, "phase: nothing can happen in the tokens phase"),
    ({"phase": "houses"}, "phase: nothing can happen in the houses phase"),
    ({"phase": "deal"}, "phase: nothing can happen in the deal phase"),
    ({"phase": "colours"}, "phase: nothing can happen in the colours phase"),
    ({"phase": "blocked-fire", "pending_fire": 0}, "phase: nothing can happen in the blocked-fire phase"),
    ({"phase": "draw", "deck": []}, "phase: nothing can happen in the draw phase"),
])
def test_a_phase_must_have_something_to_do(base, fields, problem):
    refused(changed(base, **fields), problem)


def test_bands_pawns_and_fire_stay_where_the_rules_put_them(base):
    d = changed(base)
    d["districts"]["pudding-lane"]["bands"] = 1
    refused(d, "districts.pudding-lane: no trained band enters Pudding Lane")
    d = changed(base)
    d["seats"][1]["pawn"] = "pudding-lane"
    refused(d, "seats[1].pawn: no pawn enters Pudding Lane")
    d = changed(base)
    d["districts"]["bethnal"] = {"fire": 99, "burnt": True}
    refused(d, "districts.bethnal: 99 cones, but fire never exceeds house icons + 2 (3)")


def test_colours_are_dealt_once(base):
    d = changed(base)
    for seat in d["seats"]:
        seat["colour"] = seat["pawn_colour"] = "red"
    refused(d, "seats: each colour card is dealt once")


def test_a_board_option_must_be_a_board():
    with pytest.raises(ValueError, match="board must be a Board"):
        new_game(players=4, board="junk")
    with pytest.raises(InvalidData):
        Record("london1666", seed=1, options={"players": 4, "board": "junk"})


def test_boards_refuse_nan_coordinates():
    d = Board.default().to_dict()
    d["districts"][0]["label"] = [float("nan"), 3.0]
    with pytest.raises(InvalidData) as info:
        Board.from_dict(d)
    assert info.value.problems[0].startswith("districts[0].label[0]: input should be a finite number")
    with pytest.raises(InvalidData, match="expected a file path, got int"):
        Board.from_file(123)


def test_directions_are_plain_letters():
    with pytest.raises(NotationError):
        parse_action("draw \u017f")  # LATIN SMALL LETTER LONG S upper-cases to S
    with pytest.raises(NotationError, match="characters long: not an action"):
        parse_action("pawn " + "x" * 10_000)


def test_the_app_refuses_a_record_of_another_game_or_with_bad_options():
    app = LondonApp(players=3, seed=2)
    before = app.view
    app.load(json.dumps({"format": "rules-explorer/record", "format_version": 1, "game": "london1666",
                         "options": {"players": 4, "board": "junk"}, "seed": 1, "actions": []}))
    assert app.view is before and "board must be a Board" in app.note.value


def test_hidden_colours_keep_scores_secret_until_the_end():
    options = {"players": 4, "hidden_colours": True}
    view = LondonView(Record("london1666", seed=2, options=options), bots={1, 2, 3}, bot_seed=2)
    assert view.panel[0]["title"] == "Scores stay secret until the end (optional rule A)"
    record = Record("london1666", seed=2, options=options)
    chooser = random.Random(2)
    while not record.state.is_terminal:
        record.play(chooser.choice(record.state.legal_actions()))
    assert LondonView(record).panel[0]["title"] == "Final score"
    assert score_over_time_figure(record).layout.title.text != score_over_time_figure(
        Record("london1666", seed=2, options=options, actions=record.actions[:60])).layout.title.text
    assert score_over_time_figure(Record("london1666", seed=2, options=options, actions=record.actions[:60])
                                  ).layout.title.text.startswith("Scores stay secret")


def test_clicks_after_the_end_explain_it():
    record = Record("london1666", seed=4, options={"players": 3})
    view = LondonView(record, bots={0, 1, 2}, bot_seed=4)
    view.handle_message({"kind": "click", "target": "d-moorgate"})
    assert view.message == {"kind": "info", "text": "The game is over: step back through it with the controls, "
                                                    "or start a new game."}
    assert view.last_error is None


def test_setup_positions_are_accepted():
    d = new_game(players=4, seed=9).to_dict()  # the bands phase: everything dealt and placed
    tokens = changed(d, phase="tokens")
    for entry in tokens["districts"].values():
        entry.pop("token", None)
    assert State.from_dict(tokens).is_chance_node
    objectives = changed(d, phase="objectives")
    objectives["seats"][3]["objectives"] = objectives["seats"][3]["objectives"][:1]
    assert State.from_dict(objectives).chance_outcomes()[0][1] == Fraction(1, 5)  # 8 deck-II cards, 3 dealt
