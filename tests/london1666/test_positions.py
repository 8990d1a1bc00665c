"""Positions that play could never reach are refused by State.from_dict, each with a clear problem."""

from __future__ import annotations

import json
from fractions import Fraction
import random

import pytest

from explorer.core import InvalidData, NotationError, Record
from explorer.london1666 import Board, State, new_game, parse_action, position, scoring
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
    secrets = view.state.secrets_of(0)
    assert view.panel[0]["title"].startswith(f"Your secret objectives: {secrets.objectives[0][1]}")
    assert f"your secret colour: {view.state.seats[0].colour}" in view.panel[0]["title"]
    assert view.panel[1]["title"] == "Scores stay secret until the end (optional rule A)"
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
    view.handle_message({"kind": "click", "target": "d-moorgate"})  # last_error is checked below
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


# ---- positions play can never reach (issue 16): each is refused with its problem, all problems at once ---------
@pytest.fixture(scope="module")
def city() -> dict:
    """Turn 1 of a hand-made game: the city full of houses, 25 cones in Pudding Lane, nobody has lost a house."""
    return position().to_dict()


def test_houses_never_stand_under_an_uncovered_fire(city):
    # london.fire.burn: an uncovered cone arriving burns the houses, so houses and uncovered fire never meet
    d = changed(city, supply=city["supply"] - 2)
    d["districts"]["guild-hall"]["fire"] = 2
    refused(d, "districts.guild-hall: 4 houses under an uncovered fire (2 cones, 0 trained bands)")
    d["districts"]["guild-hall"]["bands"] = 2  # covered: the houses stand (london.fire.bands-cover)
    assert State.from_dict(d).houses_at("guild-hall")


def test_no_colour_has_more_than_20_houses(city):
    d = changed(city)
    d["districts"]["guild-hall"]["houses"] = ["green", "red", "red", "yellow"]  # was blue, green, red, yellow
    with pytest.raises(InvalidData) as info:
        State.from_dict(d)
    assert "houses: 21 red houses on the map, but each colour has 20" in info.value.problems
    assert "houses: 6 red houses in the blue region, but setup puts 5 of each colour in each region" in (
        info.value.problems)


def test_the_fire_cones_add_up_to_the_box(city):
    refused(changed(city, supply=city["supply"] + 1),
            "supply: 76 cones beside the board, 25 on it and 0 put out make 101, but the box holds 100 fire cones")
    refused(changed(city, supply=city["supply"] - 1),
            "supply: 74 cones beside the board, 25 on it and 0 put out make 99, but the box holds 100 fire cones")
    assert State.from_dict(changed(city, supply=city["supply"])).supply == 75


def test_score_tracks_hold_exactly_the_houses_lost(city):
    # london.score.houses: the track holds the burned and demolished houses, no more, no fewer
    refused(changed(city, tracks={**city["tracks"], "blue": 2}),
            "tracks.blue: 2 houses on the score track, but 20 blue houses stand on the map, so 0 of the 20 were lost")
    d = changed(city)
    d["districts"]["guild-hall"].update(houses=[], burnt=True)  # blue, green, red, yellow burned...
    refused(d, "tracks.blue: 0 houses on the score track, but 19 blue houses stand on the map, so 1 of the 20")
    del d["tracks"]  # ...the tracks may be left out: they follow from the map
    s = State.from_dict(d)
    assert s.to_dict()["tracks"] == {"red": 1, "blue": 1, "green": 1, "yellow": 1, "white": 0, "purple": 0}


def test_houses_leave_only_by_fire_or_demolition(city):
    d = changed(city)
    d["districts"]["guild-hall"]["houses"] = ["blue", "green", "red"]
    del d["tracks"]
    refused(d, "districts.guild-hall: 3 houses on 4 house icons, but setup fills every icon")


def test_scores_and_the_houses_tie_break_read_the_same_map():
    # one source of truth: the houses lost on the score are the houses missing from the map
    s = position(burnt={"guild-hall": ["blue", "blue", "red", "white"]}, demolished=["st-mary"])
    for n, seat in enumerate(s.seats):
        standing = sum(h.count(seat.colour) for h in s.houses)
        assert s.scores()[seat.colour]["houses lost"] == -2 * (20 - standing)
        assert scoring.intact_houses(s, n) == standing


@pytest.mark.parametrize("extinguished, hero, problem", [
    ({"red": 2}, "red", "hero: red holds the Hero of London with 2 cones put out, but the card goes to the first "
                        "player to put out 3"),
    ({"red": 3, "blue": 4}, "red", "hero: blue put out 4 cones, more than the holder red (3), and would have "
                                   "taken the Hero of London"),
    ({"red": 3}, None, "hero: nobody holds the Hero of London, but red put out 3 or more cones"),
])
def test_the_hero_of_london_is_where_the_rule_puts_it(extinguished, hero, problem):
    # london.actions.hero
    with pytest.raises(InvalidData) as info:
        position(extinguished=extinguished, hero=hero)
    assert any(p.startswith(problem) for p in info.value.problems), info.value.problems


@pytest.mark.parametrize("extinguished, hero", [({"red": 3}, "red"), ({"red": 3, "blue": 3}, "red"),
                                                ({"red": 5, "blue": 2}, "red"), ({"red": 2, "blue": 2}, None)])
def test_the_hero_of_london_positions_play_reaches(extinguished, hero):
    s = position(extinguished=extinguished, hero=hero)
    assert s.hero == (None if hero is None else 0)


def test_every_unreachable_fact_is_listed_at_once(city):
    d = changed(city, supply=city["supply"] + 3, hero=1, tracks={**city["tracks"], "red": 1})
    d["districts"]["guild-hall"]["fire"] = 1
    with pytest.raises(InvalidData) as info:
        State.from_dict(d)
    heads = [p.split(":")[0] for p in info.value.problems]
    assert heads == ["districts.guild-hall", "supply", "hero", "tracks.red"], info.value.problems


def test_parse_action_reads_syntax_alone_or_against_a_board():
    # the one signature of every game: parse_action(text, board=None)
    assert str(parse_action("pawn atlantis")) == "pawn atlantis"  # syntax only
    board = Board.default()
    assert parse_action("spread N pudding-lane guild-hall", board) == parse_action("spread N pudding-lane guild-hall")
    with pytest.raises(NotationError, match="no district 'atlantis' on this board"):
        parse_action("pawn atlantis", board)
    with pytest.raises(NotationError, match="no district 'atlantis' on this board"):
        new_game(players=4, seed=1).parse_action("band moorgate atlantis")
    with pytest.raises(TypeError, match="board must be a London Board"):
        parse_action("pawn moorgate", {"moorgate"})
