"""The coach's Flash Point yardstick (explorer/coach/rescue.py), on the Family house of seed 1 (2 firefighters).

Set-up facts used below: the Family layout puts 10 fire markers and no smoke on the board; the points of
interest of seed 1 lie at 2,4, 5,1 and 5,8; 1,6 has an entrance in its outside wall (to 0,6).
"""

import random

import pytest

from explorer import flashpoint
from explorer.coach import search
from explorer.coach.rescue import (CARRIED, FOUND, PER_FIRE, PER_SMOKE, PER_STEP_OUT, PER_STEP_TO_POI,
                                   steps_between, team_value)
from explorer.coach.search import outcome


@pytest.fixture(scope="module")
def house():
    state = flashpoint.new_game(seed=1, players=2, mode="family").resolve_chance()
    assert len(state.fire) == 10 and not state.smoke and set(state.pois) == {"2,4", "5,1", "5,8"}
    return state


def test_a_fresh_house_costs_its_ten_fires(house):
    # nobody placed yet: only the fire counts, 10 x 0.08 victims over the 7 of the scale
    assert team_value(house) == pytest.approx(-10 * PER_FIRE / 7) == pytest.approx(-0.8 / 7)
    assert outcome(house, 0) == (team_value(house), False, 0.0, 0)


def test_steps_count_doors_and_walls(house):
    between, out = steps_between(house.building)
    assert out["0,6"] == 0 and out["1,6"] == 1          # outside; through the entrance
    assert between["2,4"]["2,4"] == 0 and between["2,4"]["1,4"] == 1
    assert between["1,6"]["1,5"] == 4                    # through the wall between them (chopped, 4 steps)
    assert steps_between(house.building)[0] is between  # worked out once per building


def test_a_victim_carried_counts_less_the_further_it_is_from_the_way_out(house):
    near = house.replace(firefighters=(house.firefighters[0].but(space="1,6", carrying="victim"),
                                       house.firefighters[1]))
    far = near.replace(firefighters=(near.firefighters[0].but(space="2,4"), near.firefighters[1]))
    base = team_value(house) * 7
    assert team_value(near) * 7 == pytest.approx(base + CARRIED - PER_STEP_OUT * 1)
    out = steps_between(house.building)[1]["2,4"]
    assert out == 5 and team_value(far) * 7 == pytest.approx(base + CARRIED - PER_STEP_OUT * 5)


def test_an_idle_firefighter_is_steered_to_the_nearest_point_of_interest(house):
    at_poi = house.replace(firefighters=(house.firefighters[0].but(space="2,4"), house.firefighters[1]))
    next_to = at_poi.replace(firefighters=(at_poi.firefighters[0].but(space="2,5"), at_poi.firefighters[1]))
    assert team_value(at_poi) == pytest.approx(team_value(house))
    assert team_value(next_to) * 7 == pytest.approx(team_value(house) * 7 - PER_STEP_TO_POI)


def test_found_victims_smoke_losses_damage_and_the_ends(house):
    base = team_value(house) * 7
    found = house.replace(pois={**house.pois, "2,4": "victim"})
    assert team_value(found) * 7 == pytest.approx(base + FOUND)
    smoky = house.replace(smoke=frozenset({"1,1", "1,2"}))
    assert team_value(smoky) * 7 == pytest.approx(base - 2 * PER_SMOKE)
    hurt = house.replace(lost=1, rescued=2)
    assert team_value(hurt) * 7 == pytest.approx(base + 2 - 7 / 4)
    cracked = house.replace(wall_damage={frozenset({"1,5", "1,6"}): 1})
    assert cracked.damage == 1 and team_value(cracked) * 7 == pytest.approx(base - 7 / 48)
    assert team_value(house.replace(rescued=7)) == 1.0 and team_value(house.replace(lost=4)) == -1.0


def test_flash_point_rollouts_mostly_take_the_best_looking_action(house, monkeypatch):
    monkeypatch.setitem(search.ROLLOUT_GREEDY, "flashpoint", 1.0)
    start = house
    while start.is_chance_node or start.current_player is None or start.firefighters[start.current_player].space is None:
        start = start.resolve_chance() if start.is_chance_node else start.apply(start.legal_actions()[0])
    _, taken = search.rollout(start, 6, random.Random(3))
    decisions = [(before, action) for before, action in taken if not before.is_chance_node]
    assert decisions
    for before, action in decisions:
        best = max(team_value(before.apply(a)) for a in before.legal_actions())
        assert team_value(before.apply(action)) == best
