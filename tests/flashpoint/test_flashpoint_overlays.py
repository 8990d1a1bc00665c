"""The Flash Point Plotly overlays (``widgets/flashpoint/overlays.py``), checked through ``fig.to_dict()``.

The heat map must show the engine's exact outlook (``explorer.flashpoint.outlook.fire_outlook``) cell by cell,
on mid-game positions of the Family and the Experienced game, the base house and an Extreme Danger building;
the Monte Carlo must be reproducible, its standard errors must behave like sampling errors, and the counters
must be the engine's.
"""

from __future__ import annotations

import math
import re
import random
from fractions import Fraction

import plotly.graph_objects as go
import pytest

from explorer.core import Record
from explorer.flashpoint import RULES, State, new_game
from explorer.flashpoint.building import Building
from explorer.flashpoint.outlook import fire_outlook
from widgets.flashpoint.overlays import (ADVANCE_FIRE_RULES, ED_ADVANCE_FIRE_RULES, RISK_KINDS, RISK_LABELS,
                                         ExpectedLosses, FireRisk, counters, counters_over_time_figure,
                                         expected_losses, expected_losses_figure, fire_risk, fire_risk_figure,
                                         floor_offsets, random_action)


# ---- positions --------------------------------------------------------------------------------------------------
def play_turns(state: State, turns: int, seed: int) -> State:
    """Random play (the overlays' random player) from ``state`` until ``turns`` fire advances are over, stopping
    where a firefighter is about to act with no step due (or at the end of the game)."""
    chooser = random.Random(seed)
    done = 0
    while not state.is_terminal and (done < turns or state.phase != "actions" or state.pending):
        before = state.phase
        state = state.apply(state.sample_chance() if state.is_chance_node
                            else random_action(chooser, state.legal_actions()))
        done += before == "fire" and state.phase == "actions"
    return state


def play_to_end(state: State, seed: int) -> State:
    chooser = random.Random(seed)
    while not state.is_terminal:
        state = state.apply(state.sample_chance() if state.is_chance_node
                            else random_action(chooser, state.legal_actions()))
    return state


@pytest.fixture(scope="module")
def family() -> State:
    """A Family game on the front house after 6 turns of random play."""
    s = play_turns(new_game(players=3, seed=11), 6, seed=2)
    assert s.phase == "actions" and not s.pending and s.fire
    return s


@pytest.fixture(scope="module")
def experienced() -> State:
    """A veteran Experienced game on the back house after 5 turns, with hot spots (flare-ups possible)."""
    s = play_turns(new_game(players=4, seed=7, building="back", mode="experienced", level="veteran"), 5, seed=3)
    assert s.phase == "actions" and not s.pending and s.hot_spots
    return s


@pytest.fixture(scope="module")
def extreme() -> State:
    """An Experienced game on the Laboratory with its Attic (three floors) after 3 turns."""
    s = play_turns(new_game(players=3, seed=5, building="laboratory_attic", mode="experienced", level="recruit"), 3,
                   seed=4)
    assert s.phase == "actions" and not s.pending and len(s.building.floors) == 3
    return s


@pytest.fixture(scope="module")
def fire_roll_due(family: State) -> State:
    """The same Family game after its firefighter ended the turn: the fire's roll is due."""
    s = family.apply("end")
    assert s.is_chance_node and s.pending[0].kind == "roll" and s.pending[0].purpose == "fire"
    return s


def open_hall() -> Building:
    """A one-room building: 6 x 8 spaces with no wall inside, closed all round but for one entrance."""
    border = ([f"1,{c}|N" for c in range(2, 9)] + [f"6,{c}|S" for c in range(1, 9)]
              + [f"{r},1|W" for r in range(1, 7)] + [f"{r},8|E" for r in range(1, 7)])
    return Building.from_dict({"format": "flashpoint-building", "format_version": 1, "name": "Open hall",
                               "floors": [{"id": "ground", "name": "Hall", "rows": 6, "cols": 8, "walls": border,
                                           "doors": [], "entrances": ["1,1|N"]}]})


@pytest.fixture(scope="module")
def smoky_hall() -> State:
    """The open hall full of smoke with fire on 3,4: whatever the roll, the fire takes every space (a roll on
    smoke sets it on fire, a roll on 3,4 explodes into its smoky neighbours; then flashover spreads it)."""
    hall = open_hall()
    inside = list(hall.spaces(inside=True))
    return State.from_dict({"game": "flashpoint", "building": hall.to_dict(), "phase": "actions",
                            "firefighters": [{"name": "red", "space": "0,1", "ap": 4}], "fire": ["3,4"],
                            "smoke": [s for s in inside if s != "3,4"]}, board=hall)


# ---- helpers on figures ---------------------------------------------------------------------------------------
def heatmaps(fig: go.Figure) -> list[dict]:
    return [t for t in fig.to_dict()["data"] if t["type"] == "heatmap"]


def cells(fig: go.Figure) -> dict[str, tuple[float | None, str]]:
    """Space id -> (z, hover text) over every heat-map cell that is a space."""
    out: dict[str, tuple[float | None, str]] = {}
    for t in heatmaps(fig):
        for z_row, id_row, text_row in zip(t["z"], t["customdata"], t["text"]):
            for z, space, text in zip(z_row, id_row, text_row):
                if space:
                    assert space not in out, f"{space} drawn twice"
                    out[space] = (z, text)
    return out


def pct(p: Fraction) -> str:
    return f"{float(p) * 100:.1f}%"


# ---- 1. the exact risk of the next fire advance ------------------------------------------------------------------
@pytest.mark.parametrize("name", ["family", "experienced", "extreme", "fire_roll_due"])
def test_the_heat_map_shows_the_exact_outlook_of_every_space(name, request):
    s = request.getfixturevalue(name)
    outlook = fire_outlook(s)
    risk = fire_risk(s)
    assert (risk.outcomes, risk.damage, risk.victims_lost, risk.game_lost, risk.unresolved) == (
        outlook.outcomes, outlook.damage, outlook.victims_lost, outlook.game_lost, outlook.unresolved)
    inside = set(s.building.spaces(inside=True))
    for kind in RISK_KINDS:
        table = getattr(outlook, kind)
        assert set(table) <= inside  # the engine's fire and knock-downs stay inside
        fig = fire_risk_figure(s, kind, risk=risk)
        drawn = cells(fig)
        assert set(drawn) == set(s.building.spaces_by_id)  # one cell per space, every floor
        for space, (z, text) in drawn.items():
            if space in inside:
                assert z == float(table.get(space, 0)), (kind, space)
                for k in RISK_KINDS:  # the hover gives all four as percentages
                    assert f"{RISK_LABELS[k]}: {pct(getattr(outlook, k).get(space, Fraction(0)))}" in text
            else:
                assert z is None and "outside" in text
        assert fig.layout.meta["kind"] == kind and fig.layout.meta["outcomes"] == outlook.outcomes
        assert fig.layout.meta["unresolved"] == str(outlook.unresolved)
    # something happens in every one of these advances
    assert sum(outlook.smoke.values()) + sum(outlook.fire.values()) + sum(outlook.explosion.values()) >= 1


def test_fire_risk_lists_every_inside_space_with_the_outlooks_numbers(experienced):
    risk = fire_risk(experienced)
    outlook = fire_outlook(experienced)
    assert isinstance(risk, FireRisk)
    assert list(risk.spaces) == list(experienced.building.spaces(inside=True))
    for kind in RISK_KINDS:
        assert {s: p for s, p in risk.probabilities(kind).items() if p} == {
            s: p for s, p in getattr(outlook, kind).items() if p}
    assert risk.probabilities("knock-down") == risk.probabilities("knock_down")
    assert risk.to_dict()["unresolved"] == str(outlook.unresolved)
    assert risk == fire_risk(experienced)
    deeper = fire_risk(experienced, max_flare_ups=2)  # following flare-ups deeper leaves less unexpanded
    assert deeper.max_flare_ups == 2 and deeper.unresolved < risk.unresolved and deeper.outcomes > risk.outcomes


def test_probabilities_are_between_0_and_1_and_the_roll_sums_to_one(family, experienced, extreme):
    for s in (family, experienced, extreme):
        for kind in RISK_KINDS:
            zs = [z for z, _ in cells(fire_risk_figure(s, kind)).values() if z is not None]
            assert zs and all(0 <= z <= 1 for z in zs)
    # Family: no hot spots, so one roll of 48 outcomes; each lands on one space, which gets smoke, fire or blows
    risk = fire_risk(family)
    assert risk.outcomes >= 48 and risk.unresolved == 0
    roll_spaces = [s for s in family.building.spaces(inside=True)]
    assert len(roll_spaces) == 48


def test_a_space_certainly_set_on_fire_shows_1(smoky_hall):
    risk = fire_risk(smoky_hall)
    assert risk.outcomes == 48
    drawn = cells(fire_risk_figure(smoky_hall, "fire"))
    for space in smoky_hall.building.spaces(inside=True):
        assert drawn[space][0] == (0.0 if space == "3,4" else 1.0)  # 3,4 burns already: nothing new there
        assert "fire: 100.0%" in drawn[space][1] or space == "3,4"
    assert drawn["3,4"][0] == 0.0
    explosions = cells(fire_risk_figure(smoky_hall, "explosion"))
    assert explosions["3,4"][0] == 1 / 48  # only the roll onto the fire itself explodes
    assert {s for s, (z, _) in explosions.items() if z} == {"3,4"}
    smoke = cells(fire_risk_figure(smoky_hall, "smoke"))
    assert all(z in (None, 0.0) for z, _ in smoke.values())


def test_the_figure_is_deterministic_and_names_the_advance_fire_rules(family, extreme):
    for s in (family, extreme):
        a, b = fire_risk_figure(s), fire_risk_figure(s)
        assert a.to_dict() == b.to_dict()
        assert a.to_dict() == fire_risk_figure(s, "fire", risk=fire_risk(s)).to_dict()
        title = a.layout.title.text
        for rule in ADVANCE_FIRE_RULES:
            assert rule in RULES and rule in title
        assert "unexpanded" in title and f"if {s.firefighter.name} ends the turn now" in title
    assert all(rule in RULES for rule in ED_ADVANCE_FIRE_RULES)
    assert all(rule in fire_risk_figure(extreme).layout.title.text for rule in ED_ADVANCE_FIRE_RULES)
    assert not any(rule in fire_risk_figure(family).layout.title.text for rule in ED_ADVANCE_FIRE_RULES)


def test_the_title_states_the_probability_left_unexpanded(experienced):
    risk = fire_risk(experienced)
    assert risk.unresolved > 0  # hot spots on the board: some flare-up chains go deeper than 1
    title = fire_risk_figure(experienced, risk=risk).layout.title.text
    assert f"probability left unexpanded {float(risk.unresolved) * 100:.2f}%" in title
    assert f"exact over {risk.outcomes} branches" in title


def test_floors_are_drawn_side_by_side_with_a_reversed_y_axis(extreme):
    fig = fire_risk_figure(extreme, "smoke")
    offsets = floor_offsets(extreme.building)
    assert offsets == {"ground": 0, "second": 7, "attic": 14}
    maps = heatmaps(fig)
    assert [t["meta"]["floor"] for t in maps] == ["ground", "second", "attic"]
    for t in maps:
        floor = extreme.building.floors[t["meta"]["floor"]]
        assert t["x"][0] == offsets[floor.id] and len(t["x"]) == floor.cols + 2 and list(t["y"]) == list(
            range(floor.rows + 2))
        assert t["name"] == f"P(smoke) {floor.name}"
    layout = fig.to_dict()["layout"]
    assert layout["yaxis"]["range"][0] > layout["yaxis"]["range"][1]  # reversed: row 0 at the top
    assert layout["yaxis"]["scaleanchor"] == "x" and layout["yaxis"]["scaleratio"] == 1
    assert {a["text"] for a in layout["annotations"]} >= {"Ground floor", "Second storey", "Attic"}
    assert cells(fig)["second:2,3"][0] == float(fire_outlook(extreme).smoke.get("second:2,3", 0))


def test_the_board_now_is_drawn_over_the_heat_map(family):
    data = {t["name"]: t for t in fire_risk_figure(family).to_dict()["data"] if t.get("name")}
    fire_now = data["fire now"]
    assert len(fire_now["x"]) == len(family.fire)
    walls = [k for k, e in family.building.edges.items() if e.kind == "wall" and not family.wall_damage.get(k)]
    assert len(data["walls"]["x"]) == 3 * len(walls)  # one segment and a gap per intact wall
    assert len(data["firefighters"]["x"]) == len(family.firefighters)


def mid_fire(seed: int = 1) -> State:
    """The first position of a seeded Family game where the fire phase is under way past its first roll (a
    point of interest to replenish, or a flare-up, is due)."""
    chooser = random.Random(seed)
    s = new_game(players=2, seed=seed).apply("place 0,6").apply("place 7,3")
    while not (s.phase == "fire" and s.pending and str(s.pending[0]) != "roll fire"):
        s = s.apply(s.sample_chance() if s.is_chance_node else random_action(chooser, s.legal_actions()))
    return s


@pytest.mark.parametrize("where", ["setup", "over", "mid-fire"])
def test_no_heat_map_where_no_fire_advance_is_next(where):
    s = new_game(players=2, seed=4)
    if where == "over":
        s = play_to_end(s.apply("place 0,6").apply("place 7,3"), seed=1)
    elif where == "mid-fire":
        s = mid_fire()
    with pytest.raises(ValueError):
        fire_risk(s)
    fig = fire_risk_figure(s)
    assert all(z is None for z, _ in cells(fig).values())
    [empty] = [a for a in fig.to_dict()["layout"]["annotations"] if a.get("name") == "empty"]
    assert {"setup": "Set-up", "over": "over", "mid-fire": "A step is due"}[where] in empty["text"]
    assert fig.layout.meta["rules"] == []


def test_bad_arguments_are_refused(family):
    with pytest.raises(TypeError):
        fire_risk("front")
    with pytest.raises(ValueError, match="kind must be one of"):
        fire_risk_figure(family, "heat")
    with pytest.raises(ValueError):
        fire_risk(family, max_flare_ups=5)
    with pytest.raises(ValueError):
        fire_risk_figure(family, max_flare_ups=-1)
    with pytest.raises(TypeError):
        fire_risk_figure(family, risk=fire_outlook(family))


def test_a_risk_of_another_building_is_refused(family, extreme):
    with pytest.raises(ValueError, match="another building"):
        fire_risk_figure(family, risk=fire_risk(extreme))


def test_the_title_says_when_the_roll_is_due(fire_roll_due):
    assert "in the next fire advance (its roll is due)" in fire_risk_figure(fire_roll_due).layout.title.text


# ---- 2. expected losses by Monte Carlo ----------------------------------------------------------------------------
@pytest.fixture(scope="module")
def estimate(family) -> ExpectedLosses:
    return expected_losses(family, turns=3, games=40, seed=5)


def test_the_same_seed_gives_the_same_numbers(family, estimate):
    again = expected_losses(family, turns=3, games=40, seed=5)
    assert again == estimate and again.damage == estimate.damage and again.damage_se == estimate.damage_se
    other = expected_losses(family, turns=3, games=40, seed=6)
    assert other.damage != estimate.damage  # another seed, other dice
    assert expected_losses_figure(estimate).to_dict() == expected_losses_figure(again).to_dict()


def test_turn_0_is_the_position_and_damage_never_decreases(family, estimate):
    assert estimate.turns == (0, 1, 2, 3)
    assert estimate.start == (family.damage, family.lost, family.rescued)
    assert (estimate.damage[0], estimate.lost[0], estimate.rescued[0]) == (family.damage, family.lost, family.rescued)
    assert estimate.damage_se[0] == estimate.lost_se[0] == estimate.rescued_se[0] == 0
    for series in (estimate.damage, estimate.lost, estimate.rescued, estimate.over):
        assert all(a <= b for a, b in zip(series, series[1:]))
    assert estimate.damage[3] > estimate.damage[0]  # three advances place some cubes on average
    for se in (estimate.damage_se, estimate.lost_se, estimate.rescued_se):
        assert all(e >= 0 for e in se)
    assert all(0 <= f <= 1 for f in estimate.over)


def test_the_means_are_the_means_of_the_continuations(family):
    """Replaying the documented procedure by hand gives the same means and standard errors."""
    chooser = random.Random(9)
    from explorer.core import Rng
    finals = []
    for _ in range(5):
        s = family.replace(rng=Rng(chooser.getrandbits(63)))
        done = 0
        while done < 1 and not s.is_terminal:
            before = s.phase
            s = s.apply(s.sample_chance() if s.is_chance_node else random_action(chooser, s.legal_actions()))
            done += before == "fire" and s.phase == "actions"
        finals.append(s.damage)
    e = expected_losses(family, turns=1, games=5, seed=9)
    mean = sum(finals) / 5
    sd = math.sqrt(sum((v - mean) ** 2 for v in finals) / 4)
    assert e.damage[1] == pytest.approx(mean) and e.damage_se[1] == pytest.approx(sd / math.sqrt(5))


def test_standard_errors_shrink_like_one_over_the_square_root_of_n(family):
    small = expected_losses(family, turns=2, games=100, seed=1)
    large = expected_losses(family, turns=2, games=400, seed=2)
    ratio = small.damage_se[2] / large.damage_se[2]
    assert 1.4 < ratio < 2.8  # 4 times the games: about half the error
    assert abs(small.damage[2] - large.damage[2]) < 4 * math.hypot(small.damage_se[2], large.damage_se[2])


def test_a_finished_game_keeps_its_counters_with_no_error():
    over = play_to_end(new_game(players=2, seed=4).apply("place 0,6").apply("place 7,3"), seed=1)
    assert over.is_terminal
    e = expected_losses(over, turns=3, games=4, seed=0)
    counters_now = (over.damage, over.lost, over.rescued)
    for t in e.turns:
        assert (e.damage[t], e.lost[t], e.rescued[t]) == counters_now
        assert e.damage_se[t] == e.lost_se[t] == e.rescued_se[t] == 0 and e.over[t] == 1


def test_zero_turns_gives_the_current_counters(experienced):
    e = expected_losses(experienced, turns=0, games=3, seed=0)
    assert e.turns == (0,) and e.damage == (experienced.damage,) and e.damage_se == (0.0,)
    assert e.lost == (experienced.lost,) and e.rescued == (experienced.rescued,)


def test_from_the_set_up_the_choices_count_as_no_turn():
    s = new_game(players=2, seed=3, building="garage", mode="experienced", level="recruit")
    e = expected_losses(s, turns=1, games=6, seed=2)
    assert e.damage[0] == s.damage and e.damage[1] >= s.damage


def test_the_figure_has_bands_of_1_96_standard_errors_and_states_the_sampling(estimate):
    fig = expected_losses_figure(estimate)
    data = fig.to_dict()["data"]
    for counter in ("damage", "lost", "rescued"):
        [line] = [t for t in data if t.get("meta") == {"counter": counter}]
        [band] = [t for t in data if t.get("meta") == {"counter": counter, "band": True}]
        mean, se = getattr(estimate, counter), getattr(estimate, f"{counter}_se")
        assert list(line["y"]) == list(mean) and list(line["customdata"]) == list(se)
        k = len(mean)
        assert list(band["y"][:k]) == pytest.approx([m + 1.96 * e for m, e in zip(mean, se)])
        assert list(band["y"][k:]) == pytest.approx([m - 1.96 * e for m, e in zip(mean, se)][::-1])
    title = fig.layout.title.text
    assert "40 games of random play" in title and "1.96 standard errors" in title and "seed 5" in title
    assert fig.layout.meta["games"] == 40 and fig.layout.meta["random_play"] is True


def test_the_figure_estimates_from_a_state_too(family):
    a = expected_losses_figure(family, turns=1, games=4, seed=3)
    b = expected_losses_figure(expected_losses(family, turns=1, games=4, seed=3))
    assert a.to_dict() == b.to_dict()


def test_monte_carlo_arguments_are_checked(family):
    with pytest.raises(ValueError):
        expected_losses(family, games=1)
    with pytest.raises(ValueError):
        expected_losses(family, turns=-1)
    with pytest.raises(TypeError):
        expected_losses(family, turns=True)
    with pytest.raises(TypeError):
        expected_losses(family, seed=1.5)
    with pytest.raises(TypeError):
        expected_losses("front")
    with pytest.raises(TypeError):
        expected_losses_figure("front")


# ---- 3. counters over a game -------------------------------------------------------------------------------------
@pytest.fixture(scope="module")
def record() -> Record:
    """A complete seeded Family game by the random player, as a record."""
    rec = Record("flashpoint", seed=21, options={"players": 2})
    chooser = random.Random(21)
    while not rec.state.is_terminal:
        rec.play(random_action(chooser, rec.state.legal_actions()))
    return rec


def test_counters_follow_the_game_turn_by_turn(record):
    rows = counters(record)
    states = record.states
    first = next(s for s in states if s.phase != "setup")
    assert rows[0] == {"turn": 0, "player": None, "damage": first.damage, "lost": first.lost,
                       "rescued": first.rescued, "over": False}
    advances = sum(1 for a, b in zip(states, states[1:]) if a.phase == "fire" and b.phase == "actions")
    final = record.state
    assert len(rows) == advances + 2  # the start, every advance, and the end
    assert rows[-1]["over"] and (rows[-1]["damage"], rows[-1]["lost"], rows[-1]["rescued"]) == (
        final.damage, final.lost, final.rescued)
    assert [r["turn"] for r in rows] == list(range(len(rows)))
    assert all(a["damage"] <= b["damage"] and a["lost"] <= b["lost"] and a["rescued"] <= b["rescued"]
               for a, b in zip(rows, rows[1:]))
    assert rows[1]["player"] == "red" and rows[2]["player"] == "blue"
    assert counters(states) == rows


def test_the_counters_figure_shows_them_and_how_the_game_ended(record):
    fig = counters_over_time_figure(record)
    rows = counters(record)
    data = fig.to_dict()["data"]
    for counter in ("damage", "lost", "rescued"):
        [line] = [t for t in data if t.get("meta") == {"counter": counter}]
        assert list(line["y"]) == [r[counter] for r in rows]
    final = record.state
    ending = ("won" if final.is_won else "flashpoint.end.lost" if final.lost >= 4 else "flashpoint.end.collapse")
    assert ending in fig.layout.title.text
    assert fig.to_dict() == counters_over_time_figure(record).to_dict()


def test_counters_refuse_other_games():
    with pytest.raises(TypeError):
        counters(Record("toy", seed=1))
    with pytest.raises(ValueError):
        counters([])


def _shown_strings(node, key: str = "") -> list[str]:
    """Every string a figure shows (titles, hover texts, annotations, names, ticks), not its ``meta``."""
    if key == "meta":
        return []
    if isinstance(node, str):
        return [node]
    if isinstance(node, dict):
        return [s for k, v in node.items() for s in _shown_strings(v, k)]
    if isinstance(node, (list, tuple)):
        return [s for v in node for s in _shown_strings(v, key)]
    return []


FRACTION = re.compile(r"(?<![\w./:-])\d+/\d+(?![\w/])")
"""A fraction as ``str(Fraction)`` writes it (``"26/5"``, ``"1/48"``); overlays show decimals (issue 18)."""


def test_the_overlays_show_decimals_never_fractions(experienced, extreme):
    risk = fire_risk(experienced)
    assert risk.unresolved > 0 and risk.unresolved.denominator > 1 and risk.damage.denominator > 1
    record = Record("flashpoint", seed=7, options={"players": 3})
    for _ in range(30):
        record.play(record.state.sample_chance() if record.state.is_chance_node
                    else random_action(random.Random(len(record)), record.state.legal_actions()))
    figures = [fire_risk_figure(experienced, risk=risk), fire_risk_figure(extreme, "knock_down"),
               expected_losses_figure(experienced, turns=2, games=6, seed=1), counters_over_time_figure(record)]
    shown = [s for fig in figures for s in _shown_strings(fig.to_plotly_json())]
    assert len(shown) > 200
    assert not [s for s in shown if FRACTION.search(s)]
    assert FRACTION.search(f"P = {risk.unresolved}")  # the pattern finds the fraction the engine keeps
    title = figures[0].layout.title.text
    assert f"expected damage {float(risk.damage):.2f} cubes" in title and "unexpanded " in title
