"""The Portobello overlays on hand-made positions: exact move values, exact expected lane values, scores by turn.

Each test starts from a small position literal (``State.from_dict``) and checks real numbers, worked out by hand in
the test from the rulebook's scoring (seed 001 p. 2-4), both in the data functions and in ``fig.to_dict()``.
"""

from __future__ import annotations

import random
from fractions import Fraction

import plotly.graph_objects as go
import pytest

from explorer.core import Record
from explorer.portobello import State, new_game
from explorer.portobello import position as build_position
from widgets.portobello.overlays import (KIND_COLOURS, customers_to_come, draw_values, expected_lane_figure,
                                         expected_lane_values, move_value_figure, move_values,
                                         score_over_time_figure)



def position(players: int = 2, *, phase: str = "actions", actions_left: int = 2, pending=None, **kw) -> State:
    """The public builder in round 2, red (seat 0) playing their 3 with ``actions_left`` (``phase`` ``actions``),
    or with a drawn customer ``pending`` (``place``), or about to choose (``choose``)."""
    if phase in ("actions", "place"):
        kw.update(token=3, actions_left=actions_left, drawn=pending)
    return build_position(players, **{"bobby": "d1", "round": 2, "seed": 1, **kw})


def trace(fig: go.Figure, name: str) -> dict:
    [found] = [t for t in fig.to_dict()["data"] if t.get("name") == name]
    return found


# ---- move values ------------------------------------------------------------------------------------------------
@pytest.fixture
def completing():
    """Lane c (s9 -> s10, spaces worth 3 1 1 3) holds red, red, yellow and one free space; a servant stands on s9
    and a citizen on s10; red, with the bobby in d1 (lanes a, b, c), can fill it."""
    return position(lanes={"c": ["red", "red", "yellow", None]}, squares={"s9": "servant", "s10": "citizen"})


def test_building_the_last_space_of_a_served_lane_scores_it_times_two(completing):
    # servant + citizen: x2 (portobello.score.multiplier); red 3 + 1 + 3 (the new stall) = 7 -> 14, yellow 1 -> 2
    values = {v.action: v for v in move_values(completing)}
    fill = values["build c 3"]
    assert fill.kind == "build" and fill.target == "space:c:3" and fill.mover == "red"
    assert fill.gains == {"red": 14, "yellow": 2} and fill.points == 14 and fill.lanes == ("c",)
    assert values["build a 0"].gains == {"red": 0, "yellow": 0} and values["build a 0"].lanes == ()
    assert set(values) == {"build a 0", "build a 3", "build b 0", "build b 4", "build c 3"}


def test_the_move_value_figure_shows_the_points(completing):
    fig = move_value_figure(completing)
    marks = trace(fig, "move values")
    assert marks["meta"]["values"]["build c 3"] == 14
    at = list(marks["customdata"]).index("space:c:3")
    assert marks["text"][at] == "+14" and marks["marker"]["color"][at] == 14
    assert marks["x"][at] == pytest.approx(531.0) and marks["y"][at] == pytest.approx(337.0)  # Board.space_pos
    bars = trace(fig, "points now")
    assert bars["y"][0] == "build c 3" and bars["x"][0] == 14 and bars["marker"]["color"][0] == KIND_COLOURS["build"]
    assert "best +14" in fig.layout.title.text and fig.to_dict() == move_value_figure(completing).to_dict()


def test_placing_the_drawn_customer_scores_the_lanes_it_serves():
    # lane e (s11 -> s9, worth 1 3 1) is full: red, red, yellow; a servant on s9; the drawn citizen goes on s11:
    # servant + citizen x2 -> red (1 + 3) x 2 = 8, yellow 1 x 2 = 2; on any other square nothing scores
    s = position(lanes={"e": ["red", "red", "yellow"]}, squares={"s9": "servant"}, phase="place", pending="citizen",
                 actions_left=0)
    values = {v.action: v for v in move_values(s)}
    assert values["place s11"].gains == {"red": 8, "yellow": 2} and values["place s11"].lanes == ("e",)
    assert values["place s11"].target == "square:s11" and values["place s11"].kind == "place"
    assert all(v.points == 0 for a, v in values.items() if a != "place s11") and len(values) == 10
    fig = move_value_figure(s)
    marks = trace(fig, "move values")
    assert marks["text"][list(marks["customdata"]).index("square:s11")] == "+8"


def test_district_scorings_are_valued_with_their_token():
    # red has 3 stalls on d2's lanes (c, d, e) and 1 on d1's other lanes: d2 x4 = 12, d2 x2 = 6, d1 x4 = 8 (c counts)
    s = position(lanes={"c": ["red", None, None, None], "d": ["red", "yellow", None, None],
                        "e": ["red", None, None], "a": ["red", None, None, None]},
                 phase="choose", actions_left=0)
    values = {v.action: v.points for v in move_values(s)}
    assert values["district d2 x4"] == 12 and values["district d2 x2"] == 6 and values["district d1 x4"] == 8
    assert values["district d12 x4"] == 0 and len(values) == 24
    marks = trace(move_value_figure(s), "move values")
    assert marks["text"][list(marks["customdata"]).index("district:d2")] == "+12"  # the best of x2 and x4


def test_draw_values_list_each_customer_with_its_chance_and_best_square():
    # lane e full (red, red, yellow) with a servant on s9: a citizen on s11 scores red 8, a servant there red 4
    s = position(lanes={"e": ["red", "red", "yellow"]}, squares={"s9": "servant"})
    draws = {d.kind: d for d in draw_values(s)}
    assert draws["servant"].probability == Fraction(4, 9) and draws["citizen"].probability == Fraction(5, 9)
    assert draws["citizen"].best.action == "place s11" and draws["citizen"].best.points == 8
    assert draws["servant"].best.points == 4
    assert "a citizen (chance 0.56): best s11 +8" in move_value_figure(s).layout.title.text


def test_no_move_to_value_at_the_end_or_in_setup():
    assert move_values(new_game(players=2, seed=1)) == []  # setup: the bobby's first district scores nothing
    assert "no move here scores" in move_value_figure(new_game(players=2, seed=1)).layout.title.text
    with pytest.raises(TypeError):
        move_values("build c 0")


# ---- expected lane values ------------------------------------------------------------------------------------------
@pytest.fixture
def five_placed():
    """3 servants and 2 citizens still in the bag (2 servants and 3 citizens on squares, 6 squares empty); lane c
    runs from a citizen on s9 to the empty s10; red has space 0 (worth 3), yellow space 1 (worth 1)."""
    return position(lanes={"c": ["red", "yellow", None, None], "d": ["yellow", None, None, None]},
                    squares={"s9": "citizen", "s1": "citizen", "s2": "citizen", "s3": "servant", "s4": "servant"})


def test_one_empty_end_takes_the_multiplier_over_what_is_left(five_placed):
    # what can still come to s10: 3 servants, 2 citizens and the Lord, T = 6, each piece equally likely.
    # citizen at the other end: servant x2, citizen x3, Lord x4 -> E = (3*2 + 2*3 + 1*4) / 6 = 16/6 = 8/3
    assert customers_to_come(five_placed) == (3, 2, 1)
    c = expected_lane_values(five_placed)["c"]
    assert c.ends == ("citizen", None) and c.free_spaces == 2
    assert c.multipliers == {2: Fraction(1, 2), 3: Fraction(1, 3), 4: Fraction(1, 6)}
    assert c.expected_multiplier == Fraction(8, 3)
    assert c.stall_points == {"red": 3, "yellow": 1}
    assert c.expected_points == {"red": Fraction(8), "yellow": Fraction(8, 3)}


def test_two_empty_ends_draw_a_pair_without_replacement(five_placed):
    # lane d joins the empty s10 and s11: a pair from 3 S, 2 C, 1 L, C(6, 2) = 15 pairs equally likely:
    # SS 3 (x1), SC 6 (x2), CC 1 (x3), LS 3 (x3), LC 2 (x4) -> (3 + 12 + 3 + 9 + 8) / 15 = 35/15 = 7/3
    d = expected_lane_values(five_placed)["d"]
    assert d.multipliers == {1: Fraction(3, 15), 2: Fraction(6, 15), 3: Fraction(4, 15), 4: Fraction(2, 15)}
    assert d.expected_multiplier == Fraction(7, 3)
    assert d.expected_points == {"yellow": Fraction(7, 3)}  # space 0 of d is worth 1


def test_known_ends_give_the_known_multiplier_and_scored_lanes_are_left_out():
    s = position(lanes={"a": ["red", "red", "yellow", "yellow"], "c": ["red", None, None, None]},
                 squares={"s9": "citizen", "s2": "citizen", "s10": "servant"})
    assert s.is_scored("a")
    lanes = expected_lane_values(s)
    assert "a" not in lanes
    assert lanes["c"].multipliers == {2: Fraction(1)} and lanes["c"].expected_points == {"red": Fraction(6)}


def test_the_drawn_customer_still_counts_as_to_come():
    # a drawn citizen waits to be placed: 5 servants and 4 + 1 citizens and the Lord may still reach s10
    s = position(lanes={"c": ["red", None, None, None]}, squares={"s9": "servant"}, phase="place",
                 pending="citizen", actions_left=0)
    assert customers_to_come(s) == (4, 5, 1)
    # servant end: servant x1 (4), citizen x2 (5), Lord x3 (1): (4 + 10 + 3) / 10 = 17/10
    assert expected_lane_values(s)["c"].expected_multiplier == Fraction(17, 10)


def test_the_variant_counts_the_queue():
    s = position(lanes={"c": ["red", None, None, None]}, squares={"s9": "citizen"},
                 queue=["servant"] * 5 + ["citizen"] * 4)
    assert customers_to_come(s) == (5, 4, 1)
    # citizen end: (5*2 + 4*3 + 1*4) / 10 = 26/10
    assert expected_lane_values(s)["c"].expected_multiplier == Fraction(13, 5)


def test_the_expected_lane_figure_carries_the_exact_values(five_placed):
    fig = expected_lane_figure(five_placed)
    red, yellow = trace(fig, "red"), trace(fig, "yellow")
    assert list(red["x"]) == ["c", "d"] and red["meta"]["exact"] == {"c": "8", "d": "0"}
    assert yellow["meta"]["exact"] == {"c": "8/3", "d": "7/3"}
    assert yellow["y"][0] == pytest.approx(8 / 3) and yellow["text"][0] == "2.67"
    layout = fig.to_dict()["layout"]
    assert list(layout["xaxis"]["ticktext"]) == ["c<br>×2.67 expected", "d<br>×2.33 expected"]
    assert "3 servants, 2 citizens and the Lord still to come" in layout["title"]["text"]
    assert red["marker"]["color"] == "#c0392b"


def test_no_expected_values_once_the_game_is_over():
    record = _full_record(seed=5)
    assert expected_lane_values(record.state) == {}
    assert "game is over" in expected_lane_figure(record.state).layout.title.text


# ---- scores over time ------------------------------------------------------------------------------------------------
def _full_record(seed: int, players: int = 3) -> Record:
    record, chooser = Record("portobello", seed=seed, options={"players": players}), random.Random(seed)
    while not record.state.is_terminal:
        record.play(chooser.choice(record.state.legal_actions()))
    return record


def test_score_over_time_ends_on_the_final_scores():
    record = _full_record(seed=11)
    fig = score_over_time_figure(record)
    final = record.state
    turns = sum(1 for s in record.states for e in s.events if type(e).__name__ == "TurnEnded")
    for seat in final.seats:
        line = trace(fig, seat.colour)
        assert line["meta"]["totals"][0] == 10 and line["meta"]["totals"][-1] == seat.score
        assert line["x"][0] == 0 and line["x"][-1] == turns
    assert "game over" in fig.layout.title.text
    assert fig.to_dict() == score_over_time_figure(list(record.states)).to_dict()


def test_score_over_time_refuses_other_games():
    with pytest.raises(ValueError):
        score_over_time_figure(Record("london1666", seed=1, options={"players": 4}))
    with pytest.raises(ValueError):
        score_over_time_figure([])


# ---- nothing to plot -----------------------------------------------------------------------------------------------
def _empty_note(fig: go.Figure) -> str | None:
    notes = [a for a in fig.to_dict()["layout"].get("annotations", []) if a.get("name") == "empty"]
    return notes[0]["text"] if notes else None


def test_at_the_end_the_charts_say_so_instead_of_showing_empty_axes():
    final = _full_record(seed=5).state
    moves = move_value_figure(final)
    layout = moves.to_dict()["layout"]
    assert layout["xaxis2"]["visible"] is False and layout["yaxis2"]["visible"] is False
    assert _empty_note(moves) == "The game is over:<br>no move left to value"
    lanes = expected_lane_figure(final)
    layout = lanes.to_dict()["layout"]
    assert layout["xaxis"]["visible"] is False and layout["yaxis"]["visible"] is False
    assert _empty_note(lanes) == "The game is over:<br>no open lane scores any more"
    assert "still to come" not in layout["title"]["text"] and "game is over" in layout["title"]["text"]


def test_with_something_to_plot_the_axes_show_and_no_note(completing, five_placed):
    moves = move_value_figure(completing).to_dict()["layout"]
    assert moves["xaxis2"]["visible"] is True and _empty_note(move_value_figure(completing)) is None
    lanes = expected_lane_figure(five_placed).to_dict()["layout"]
    assert lanes["xaxis"]["visible"] is True and _empty_note(expected_lane_figure(five_placed)) is None
    start = new_game(players=2, seed=1).apply("bobby d1")
    assert _empty_note(expected_lane_figure(start)).startswith("No stalls on open lanes yet")


def test_when_nothing_scores_the_move_values_mention_the_bobbys_tolls():
    # red has used every action: only moving the bobby (tolls) and ending the turn are left
    spent = position(lanes={"c": ["red", None, None, None]}, actions_left=0)
    assert move_values(spent) == [] and any(type(a).__name__ == "MoveBobby" for a in spent.legal_actions())
    fig = move_value_figure(spent)
    title = fig.layout.title.text
    assert "no move here scores at once" in title
    assert "moving the bobby scores nothing: it only pays tolls (click a district on the board" in title
    assert _empty_note(fig).endswith("(moving the bobby<br>only pays tolls)")
    assert "only pays tolls" not in move_value_figure(new_game(players=2, seed=1)).layout.title.text  # setup
