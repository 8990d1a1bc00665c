"""The London Plotly overlays: fire options, burn risk and scores over time, checked through ``fig.to_dict()``."""

from __future__ import annotations

import math
import random

import plotly.graph_objects as go
import pytest

from explorer.core import Record
from explorer.london1666 import new_game, scoring, spreading
from widgets.london1666.overlays import (CATEGORY_COLOURS, REGION_FILLS, BurnRisk, burn_risk, burn_risk_figure,
                                         fire_options_figure, score_over_time_figure)

from conftest import position


def traces(fig: go.Figure) -> list[dict]:
    return fig.to_dict()["data"]


def named(fig: go.Figure, name: str) -> dict:
    [trace] = [t for t in traces(fig) if t.get("name") == name]
    return trace


def marked_levels(fig: go.Figure) -> dict[str, int]:
    """District id -> priority level, read from the figure's priority traces."""
    found = {}
    for t in traces(fig):
        if t.get("name", "").startswith("priority "):
            for d in t["meta"]["destinations"]:
                assert d not in found, f"{d} marked twice"
                found[d] = t["meta"]["level"]
    return found


def expected_levels(state, cards) -> dict[str, int]:
    """The union over cards and sources of what ``spreading.spread_options`` allows."""
    found = {}
    for card in cards:
        for source in state.board.ids:
            for d, level in spreading.spread_options(state, card, source).items():
                assert found.setdefault(d, level) == level
    return found


def random_turns(state, turns: int, seed: int):
    chooser = random.Random(seed)
    end = state.turn + turns
    while state.turn < end or state.is_chance_node or state.phase != "spread":
        state = state.apply(state.sample_chance() if state.is_chance_node else chooser.choice(state.legal_actions()))
    return state


@pytest.fixture(scope="module")
def midgame(start):
    """Turn 9, blue to spread, with ten fires and several districts burnt."""
    return random_turns(start, 8, seed=4)


@pytest.fixture(scope="module")
def forced(start):
    """Only St Bennet burns (2 cones) and blue holds five W cards: the one legal spread burns Cheapside."""
    return position(start, fire={"st-bennet": 2}, burnt=["st-bennet"], hands={start.seat.colour: "W W W W W"})


# ---- the map ---------------------------------------------------------------------------------------------------
def test_the_map_is_drawn_in_board_units_with_y_down_and_equal_aspect(start):
    layout = fire_options_figure(start).to_dict()["layout"]
    assert layout["xaxis"]["range"] == [0, start.board.width]
    assert layout["yaxis"]["range"] == [start.board.height, 0]  # reversed: y grows southwards
    assert layout["yaxis"]["scaleanchor"] == "x" and layout["yaxis"]["scaleratio"] == 1
    for axis in ("xaxis", "yaxis"):
        assert layout[axis]["visible"] is False and layout[axis]["showgrid"] is False


def test_regions_green_zones_and_the_thames_are_filled(start):
    fig = fire_options_figure(start)
    board = start.board
    for region, colour in REGION_FILLS.items():
        trace = named(fig, f"{region} region")
        assert trace["fill"] == "toself" and trace["fillcolor"] == colour
        # one closed ring per district that is not a green zone, separated by None
        rings = sum(1 for v in trace["x"] if v is None) + 1
        assert rings == sum(1 for d in board.in_region(region) if not board.districts[d].green_zone)
    zones = named(fig, "green zones")
    assert sum(1 for v in zones["x"] if v is None) + 1 == sum(d.green_zone for d in board.districts.values())
    assert named(fig, "thames")["fill"] == "toself"
    assert named(fig, "wall")["mode"] == "lines"


def test_every_district_has_hover_text_at_its_label(start):
    hover = named(fire_options_figure(start), "districts")
    assert list(hover["customdata"]) == list(start.board.ids)
    k = start.board.ids.index("pudding-lane")
    assert (hover["x"][k], hover["y"][k]) == start.board.districts["pudding-lane"].label
    assert "Pudding Lane" in hover["text"][k] and "25 cones" in hover["text"][k]


def test_figures_are_deterministic_and_have_no_uids(start):
    one, two = fire_options_figure(start).to_dict(), fire_options_figure(start).to_dict()
    assert one == two
    assert all("uid" not in t for t in one["data"])


# ---- 1. fire options ----------------------------------------------------------------------------------------------
def test_fire_options_mark_exactly_the_legal_destinations_of_the_hand(start):
    fig = fire_options_figure(start)
    expected = expected_levels(start, "NESW")  # hand N E E S W; S reaches nothing
    assert expected == {"st-bennet": 1, "st-mary": 1, "bridgeward": 1, "candlewick-ward": 1, "pepys-house": 1,
                        "billingsgate": 1, "phillpott-lane": 1, "tallow-hall": 1, "vintners-hall": 1}
    assert marked_levels(fig) == expected
    title = fig.layout.title.text
    assert "blue" in title and "N E E S W" in title


def test_fire_options_name_the_cards_and_sources_reaching_each_destination(start):
    fig = fire_options_figure(start)
    cards = named(fig, "cards to priority 1")
    by_district = dict(zip(cards["customdata"], cards["text"]))
    assert by_district["pepys-house"] == "N E" and by_district["tallow-hall"] == "W"
    hover = named(fig, "districts")
    text = dict(zip(hover["customdata"], hover["text"]))
    assert "priority 1" in text["pepys-house"]
    assert "N from Pudding Lane" in text["pepys-house"] and "E from Pudding Lane" in text["pepys-house"]
    assert "fire can go here" not in text["moorgate"]


def test_fire_options_for_one_card(start):
    fig = fire_options_figure(start, card="W")
    assert marked_levels(fig) == {"tallow-hall": 1, "vintners-hall": 1}
    assert marked_levels(fire_options_figure(start, card="S")) == {}


def test_fire_options_show_every_priority_level_in_a_midgame(midgame):
    fig = fire_options_figure(midgame)
    hand = spreading.hand_cards(midgame)
    assert marked_levels(fig) == expected_levels(midgame, hand)
    assert marked_levels(fig)  # the midgame fixture has legal spreads
    for card in hand:
        assert marked_levels(fire_options_figure(midgame, card=card)) == expected_levels(midgame, card)


def test_fire_options_use_lower_levels_when_nothing_better_is_reachable(start):
    # every neighbour of Pudding Lane is burnt out: the fire reaches only level 3 districts
    around = sorted({start.board.ids[j] for j, _ in start.board.links[start.i("pudding-lane")]}
                    - {d for d in start.board.ids if start.board.districts[d].green_zone})
    s = position(start, fire={"pudding-lane": 25}, burnt=around, bands={"st-mary": 1})
    levels = marked_levels(fire_options_figure(s))
    assert levels == expected_levels(s, spreading.hand_cards(s))
    assert set(levels.values()) <= {3, 4} and levels.get("st-mary", 3) == 3


def test_burning_districts_show_their_cones(midgame):
    fig = fire_options_figure(midgame)
    cones = named(fig, "fire (not contained) cones")
    shown = dict(zip(cones["customdata"], cones["text"]))
    expected = {}
    for d in midgame.board.ids:
        fire, bands = midgame.fire_at(d), midgame.bands_at(d)
        if fire > bands:
            expected[d] = f"{fire}/{bands}b" if bands else str(fire)
    assert shown == expected and "pudding-lane" in shown


def test_contained_fire_is_drawn_apart(start):
    s = position(start, fire={"pudding-lane": 25, "guild-hall": 2}, bands={"guild-hall": 2})
    fig = fire_options_figure(s)
    cones = named(fig, "fire (contained) cones")
    assert list(cones["customdata"]) == ["guild-hall"] and list(cones["text"]) == ["2/2b"]


def test_a_double_move_uses_the_card_played(start):
    s = start.replace(phase="double", card="E")
    fig = fire_options_figure(s)
    assert marked_levels(fig) == expected_levels(s, "E")
    assert "Double move" in fig.layout.title.text
    with pytest.raises(ValueError, match="card played"):
        fire_options_figure(s, card="N")


def test_no_spread_is_due_outside_the_spreading_phase(start):
    s = start.replace(phase="actions", ap=4)
    fig = fire_options_figure(s)
    assert "No spread is due" in fig.layout.title.text and "blue" in fig.layout.title.text
    assert marked_levels(fig) == {}
    assert "No spread is due" in fire_options_figure(new_game(players=3, seed=2)).layout.title.text


def test_a_blocked_fire_is_said_so(start):
    s = position(start, fire={"pudding-lane": 25}, hands={start.seat.colour: "S S S S S"})  # S reaches nothing
    fig = fire_options_figure(s)
    assert marked_levels(fig) == {} and "london.fire.no-move" in fig.layout.title.text


def test_fire_options_refuse_bad_input(start):
    with pytest.raises(ValueError, match="N, E, S, W"):
        fire_options_figure(start, card="NE")
    with pytest.raises(TypeError):
        fire_options_figure(start.to_dict())


# ---- 2. burn risk --------------------------------------------------------------------------------------------------
def test_burn_risk_is_reproducible_for_a_seed_and_differs_for_another(midgame):
    one = burn_risk(midgame, turns=2, playouts=60, seed=1)
    assert one == burn_risk(midgame, turns=2, playouts=60, seed=1)
    assert one.probability != burn_risk(midgame, turns=2, playouts=60, seed=2).probability
    assert (one.playouts, one.turns, one.seed) == (60, 2, 1) and one.seconds > 0


def test_burn_risk_probabilities_and_their_standard_errors(midgame):
    risk = burn_risk(midgame, turns=3, playouts=80, seed=5)
    board = midgame.board
    assert list(risk.probability) == list(board.ids) == list(risk.stderr)
    for d, p in risk.probability.items():
        assert 0.0 <= p <= 1.0
        assert (p * 80) == pytest.approx(round(p * 80))  # a count of playouts
        assert risk.stderr[d] == pytest.approx(math.sqrt(p * (1 - p) / 80))
        k = board.index[d]
        if board.districts[d].green_zone or midgame.burnt[k] or d == board.start:
            assert p == 0.0, d
    assert any(p > 0 for p in risk.probability.values())
    assert risk.max_half_width == pytest.approx(1.96 * max(risk.stderr.values()))


def test_one_turn_from_a_spread_burns_at_least_one_district(start):
    # every legal spread of the hand is a level-1 destination: each playout burns one district or more
    risk = burn_risk(start, turns=1, playouts=50, seed=0)
    assert sum(risk.probability.values()) >= 1.0 - 1e-9  # (sums of float fractions)
    reachable = set(expected_levels(start, "NESW"))
    # ...and the first spread of each playout burns one of the legal destinations
    assert sum(risk.probability[d] for d in reachable) >= 1.0 - 1e-9


def test_a_forced_spread_burns_for_certain(forced):
    assert [str(a) for a in forced.legal_actions()] == ["spread W st-bennet cheapside"]
    risk = burn_risk(forced, turns=1, playouts=30, seed=9)
    assert risk.probability["cheapside"] == 1.0 and risk.stderr["cheapside"] == 0.0
    assert risk.probability["st-bennet"] == 0.0  # already burnt


def test_burn_risk_starts_from_a_chance_node_and_changes_nothing(start):
    drawing = random_turns(start, 1, seed=2)
    while not drawing.is_chance_node:
        drawing = drawing.apply(random.Random(0).choice(drawing.legal_actions()))
    before = drawing.to_dict()
    risk = burn_risk(drawing, turns=1, playouts=20, seed=3)
    assert drawing.to_dict() == before
    assert all(0 <= p <= 1 for p in risk.probability.values())


def test_burn_risk_of_a_finished_game_is_zero():
    chooser, s = random.Random(0), new_game(players=3, seed=11)
    while not s.is_terminal:
        s = s.apply(s.sample_chance() if s.is_chance_node else chooser.choice(s.legal_actions()))
    risk = burn_risk(s, turns=2, playouts=5)
    assert set(risk.probability.values()) == {0.0}


def test_burn_risk_refuses_bad_counts(start):
    with pytest.raises(ValueError):
        burn_risk(start, turns=0)
    with pytest.raises(ValueError):
        burn_risk(start, playouts=0)
    with pytest.raises(TypeError):
        burn_risk(start, playouts=2.5)


def test_burn_risk_figure_colours_and_hover(midgame):
    risk = burn_risk(midgame, turns=3, playouts=40, seed=2)
    fig = burn_risk_figure(risk, midgame)
    data = fig.to_dict()
    title = data["layout"]["title"]["text"]
    assert "40 random playouts" in title and "3 turns" in title and f"±{risk.max_half_width:.3f}" in title
    heat = named(fig, "P(burns)")
    assert list(heat["customdata"]) == list(midgame.board.ids)
    assert list(heat["marker"]["color"]) == [risk.probability[d] for d in midgame.board.ids]
    assert (heat["marker"]["cmin"], heat["marker"]["cmax"], heat["marker"]["showscale"]) == (0, 1, True)
    text = dict(zip(heat["customdata"], heat["text"]))
    d = max(risk.probability, key=risk.probability.get)
    assert f"P(burns) = {risk.probability[d]:.3f} ± {1.96 * risk.stderr[d]:.3f}" in text[d]
    filled = [x for t in data["data"] if t.get("name") == "burn risk" for x in t["meta"]["districts"]]
    assert sorted(filled) == sorted(d for d, p in risk.probability.items() if p > 0)


def test_burn_risk_figure_refuses_a_risk_of_another_board(start):
    risk = BurnRisk({"nowhere": 0.5}, {"nowhere": 0.1}, 10, 1, 0.0)
    with pytest.raises(ValueError, match="another board"):
        burn_risk_figure(risk, start)
    with pytest.raises(TypeError):
        burn_risk_figure({"moorgate": 0.1}, start)


# ---- 3. scores over time ---------------------------------------------------------------------------------------------
@pytest.fixture(scope="module")
def record():
    rec = Record("london1666", seed=5, options={"players": 4})
    chooser = random.Random(0)
    while rec.state.turn < 6:
        rec.play(chooser.choice(rec.state.legal_actions()))
    return rec


def test_score_figure_totals_equal_the_scores_of_the_last_state_of_each_turn(record):
    fig = score_over_time_figure(record)
    last = {}
    for s in record.states:
        last[s.turn] = s
    turns = sorted(last)
    assert turns == list(range(7))
    final = record.state.scores()
    data = traces(fig)
    for player in record.state.players:
        mine = [t for t in data if t["meta"]["player"] == player]
        assert [t["name"] for t in mine] == [*scoring.CATEGORIES, "total"]
        total = mine[-1]
        assert list(total["x"]) == turns
        assert total["y"][-1] == final[player].total
        assert list(total["y"]) == [last[t].scores()[player].total for t in turns]
        for bar, category in zip(mine, scoring.CATEGORIES):
            assert bar["type"] == "bar" and bar["marker"]["color"] == CATEGORY_COLOURS[category]
            assert list(bar["y"]) == [last[t].scores()[player][category] for t in turns]
        assert all(sum(bar["y"][i] for bar in mine[:-1]) == total["y"][i] for i in range(len(turns)))
    assert min(min(t["y"]) for t in data if t["name"] == "houses lost") < 0  # some houses burned by turn 6


def test_score_figure_layout(record):
    fig = score_over_time_figure(record)
    layout = fig.to_dict()["layout"]
    assert layout["barmode"] == "relative"
    assert [a["text"] for a in layout["annotations"]][:4] == list(record.state.players)
    legend = [t["name"] for t in traces(fig) if t.get("showlegend") is not False]
    assert legend == [*scoring.CATEGORIES, "total"]
    assert fig.to_dict() == score_over_time_figure(record).to_dict()


def test_score_figure_of_a_fresh_record_has_the_setup_only():
    rec = Record("london1666", seed=3, options={"players": 3})
    fig = score_over_time_figure(rec)
    totals = [t for t in traces(fig) if t["name"] == "total"]
    assert len(totals) == 3 and all(list(t["x"]) == [0] for t in totals)
    assert [t["y"][0] for t in totals] == [b.total for b in rec.state.scores().values()]


def test_score_figure_refuses_what_is_not_a_record(start):
    with pytest.raises(TypeError):
        score_over_time_figure(start)
