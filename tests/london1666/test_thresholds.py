"""Every threshold, cap, limit and tie of the London rules, pinned on both sides (issue 16).

Each test is named after its rule and checks the value at the threshold and just past it (and the tie where
there is one), so that turning a ``>`` into ``>=`` (or ``<`` into ``<=``) somewhere in the engine fails a test.
Positions come from the public builder :func:`explorer.london1666.position`.
"""

from __future__ import annotations

import pytest

from explorer.core import IllegalAction, InvalidData
from explorer.london1666 import Seat, new_game, position
from explorer.london1666.scoring import objective_survives, ranking_key


def kinds(state) -> list[str]:
    return [type(e).__name__ for e in state.events]


# ---- london.fire.source: a cone leaves a fire of at least 2 cones --------------------------------------------------
def test_spread_needs_two_cones_and_two_are_enough():
    s = position(fire={"pudding-lane": 20, "aldgate": 2}, burnt=["aldgate"], hands={"red": "N E S W N"})
    after = s.apply("spread N aldgate hounds-ditch")
    assert after.fire_at("aldgate") == 1
    one = position(fire={"pudding-lane": 20, "aldgate": 1}, burnt=["aldgate"], hands={"red": "N E S W N"})
    with pytest.raises(IllegalAction) as info:
        one.apply("spread N aldgate hounds-ditch")
    assert info.value.rule.id == "london.fire.source"


# ---- london.fire.contained: at least as many bands as cones --------------------------------------------------------
@pytest.mark.parametrize("cones, bands, contained", [(2, 1, False), (2, 2, True), (2, 3, True)])
def test_a_fire_is_contained_with_as_many_bands_as_cones(cones, bands, contained):
    s = position(fire={"pudding-lane": 20, "aldgate": cones}, bands={"aldgate": bands}, burnt=["aldgate"])
    assert s.is_contained("aldgate") is contained
    assert s.explain("spread N aldgate hounds-ditch") is None or contained
    if contained:
        assert s.explain("spread N aldgate hounds-ditch").rule.id == "london.fire.contained"


@pytest.mark.parametrize("bands, can_move", [(2, False), (3, True)])
def test_only_bands_beyond_the_cones_are_free_to_move(bands, can_move):
    # london.actions.covering-bands: 2 cones hold 2 bands; a third one is free
    s = position(phase="actions", fire={"pudding-lane": 20, "aldgate": 2}, bands={"aldgate": bands},
                 burnt=["aldgate"])
    assert s.free_bands("aldgate") == bands - 2
    problem = s.explain("band aldgate minories")
    assert (problem is None) is can_move
    if not can_move:
        assert problem.rule.id == "london.actions.covering-bands"


@pytest.mark.parametrize("bands, allowed", [(1, False), (2, True), (3, True)])
def test_extinguishing_needs_the_fire_contained(bands, allowed):
    # london.actions.extinguish at the tie: 2 cones under 2 bands may be put out
    s = position(phase="actions", fire={"pudding-lane": 20, "aldgate": 2}, bands={"aldgate": bands},
                 burnt=["aldgate"])
    problem = s.explain("extinguish aldgate")
    assert (problem is None) is allowed
    if not allowed:
        assert problem.rule.id == "london.fire.contained"


# ---- london.fire.pudding-lane-refill: 5 cones when Pudding Lane is down to its last one ---------------------------
@pytest.mark.parametrize("before, after, refilled", [(2, 6, True), (3, 2, False)])
def test_pudding_lane_is_refilled_when_down_to_one_cone(before, after, refilled):
    s = position(fire={"pudding-lane": before}).apply("spread W pudding-lane tallow-hall")
    assert s.fire_at("pudding-lane") == after
    assert ("PuddingLaneRefilled" in kinds(s)) is refilled


# ---- london.fire.burn / london.fire.supply: cones placed while the supply lasts ------------------------------------
@pytest.mark.parametrize("supply, cones, missing", [(4, 4, None), (3, 4, None), (2, 3, 1), (0, 1, 3)])
def test_a_burning_district_fills_to_its_house_icons_while_the_supply_lasts(supply, cones, missing):
    # Candlewick Ward has 4 house icons: the arriving cone plus 3 from the supply; the box holds 98 + supply
    s = position(fire={"pudding-lane": 98}, fire_cones=98 + supply).apply("spread N pudding-lane candlewick-ward")
    assert s.fire_at("candlewick-ward") == cones
    assert s.supply == max(0, supply - 3)
    empties = [e for e in s.events if type(e).__name__ == "SupplyEmpty"]
    assert [e.missing for e in empties] == ([] if missing is None else [missing])


# ---- london.draw.refill: draw back to five cards ------------------------------------------------------------------
def test_drawing_stops_at_five_cards():
    s = position(phase="draw", hands={"red": "N E S"})
    s = s.apply("draw N")
    assert (s.phase, s.active, s.seats[0].cards, s.is_chance_node) == ("draw", 0, 4, True)
    s = s.apply("draw W")
    assert (s.phase, s.active, s.seats[0].cards) == ("spread", 1, 5)


def test_a_full_hand_draws_nothing():
    s = position(phase="actions", hands={"red": "N E S W N"}).apply("end-actions")
    assert (s.phase, s.active, s.seats[0].cards) == ("spread", 1, 5)


# ---- london.setup.deal: five cards of one direction are dealt again -----------------------------------------------
@pytest.mark.parametrize("card, redealt, hand", [("N", True, (0, 0, 0, 0)), ("E", False, (4, 1, 0, 0))])
def test_only_five_equal_cards_are_dealt_again(card, redealt, hand):
    s = new_game(players=4, seed=5)
    s = s.replace(phase="deal", seats=(Seat(hand=(4, 0, 0, 0)), Seat(), Seat(), Seat()), unseen=(11, 15, 15, 15))
    s = s.apply(f"deal {card}")
    assert ("Redealt" in kinds(s)) is redealt
    assert s.seats[0].hand == hand


# ---- london.end.extra-turn: one more turn each after the last fire card (two with rule B) --------------------------
def play_turn(s):
    """The active player's turn, with the first legal choice at each step (ending the actions at once)."""
    seat = s.active
    while not s.is_terminal and s.active == seat:
        actions = s.legal_actions()
        s = s.apply(next((a for a in actions if str(a) == "end-actions"), actions[0]))
    return s


@pytest.mark.parametrize("more_destruction, turns, cards", [(False, 4, 4), (True, 8, 3)])
def test_the_game_ends_after_one_more_turn_each(more_destruction, turns, cards):
    s = position(phase="draw", deck=[1], hands={"red": "N E S W"}, more_destruction=more_destruction)
    s = s.apply("draw N")  # the last card above fire card A: the fire intensifies for the last time
    assert "FinalTurns" in kinds(s) and s.active == 1
    for _ in range(turns - 1):
        s = play_turn(s)
        assert not s.is_terminal
    s = play_turn(s)
    assert s.is_terminal and kinds(s)[-1] == "GameOver"
    assert [seat.cards for seat in s.seats] == [cards] * 4


# ---- london.score.objectives: a district survives with houses and no uncovered fire --------------------------------
@pytest.mark.parametrize("fire, bands, burnt, survives", [(0, 0, False, True), (1, 1, False, True),
                                                          (2, 2, False, True), (1, 1, True, False),
                                                          (0, 0, True, False)])
def test_an_objective_survives_while_its_houses_stand(fire, bands, burnt, survives):
    s = position(fire={"pudding-lane": 20, **({"st-mary": fire} if fire else {})}, bands={"st-mary": bands},
                 burnt=["st-mary"] if burnt else [], objectives={"red": ["st-mary"]})
    assert objective_survives(s, "st-mary") is survives
    assert s.scores()["red"]["objectives"] == (2 if survives else 0)


# ---- london.actions.demolish: 3 house icons or more only once burnt ----------------------------------------------
@pytest.mark.parametrize("district, burnt, allowed", [("st-mary", False, True), ("bridgeward", False, False),
                                                      ("bridgeward", True, True)])
def test_demolition_needs_fewer_than_3_house_icons_unless_burnt(district, burnt, allowed):
    s = position(phase="actions", bands={district: 1}, burnt=[district] if burnt else [], held={"red": ["charge"]})
    problem = s.explain(f"demolish {district}")
    assert (problem is None) is allowed, problem
    if not allowed:
        assert problem.rule.id == "london.actions.demolish"


# ---- london.actions.points: four action points --------------------------------------------------------------------
def test_four_action_points_then_none():
    s = position(phase="actions", pawns={"red": "aldgate"})
    for step in ["pawn minories", "pawn aldgate", "pawn minories"]:
        s = s.apply(step)
    assert (s.phase, s.ap) == ("actions", 1)
    s = s.apply("pawn aldgate")  # the fourth point: the phase ends by itself
    assert (s.phase, s.active) == ("spread", 1)


# ---- london.setup.trained-bands: six trained bands -----------------------------------------------------------------
def test_the_game_has_six_trained_bands():
    six = {"moorgate": 2, "guild-hall": 2, "aldgate": 2}
    assert sum(position(bands=six).bands) == 6
    with pytest.raises(InvalidData, match="the game has 6 trained bands, got 7"):
        position(bands={**six, "minories": 1})


# ---- london.score.tie-break: points, cones put out, houses on the map, objective points, else shared ----------------
TIES = {
    # red and blue at 42 points; red put out more cones
    "cones": (dict(extinguished={"red": 2}, held={"blue": ["vp", "vp"]}, burnt={"bethnal": ["green"]}), ["red"]),
    # red and blue at 40 and no cones: blue has more houses left (red lost Bethnal's, made up by two tokens)
    "houses": (dict(held={"red": ["vp", "vp"]}, burnt={"bethnal": ["red"], "clerkenwell": ["green"],
                                                        "charterhouse": ["green"]}), ["blue"]),
    # red and blue at 42, no cones, 20 houses each: red's 2 points came from an objective (St Mary survives)
    "objectives": (dict(objectives={"red": ["st-mary"]}, held={"blue": ["vp", "vp"]},
                        burnt={"bethnal": ["green"]}), ["red"]),
    # nothing tells red and blue apart: they share the win
    "shared": (dict(burnt={"bethnal": ["green"]}), ["red", "blue"]),
}


@pytest.mark.parametrize("tie", TIES)
def test_ties_are_broken_by_cones_then_houses_then_objectives(tie):
    facts, winners = TIES[tie]
    s = position(colours=["red", "blue", "green"], **facts)
    red, blue, green = (ranking_key(s, n) for n in range(3))
    assert red[0] == blue[0] > green[0]  # a tie on points between red and blue
    assert s.winners() == winners


# ---- london.fire.double-move: once per turn ------------------------------------------------------------------------
def test_one_double_move_per_turn_even_with_two_tokens():
    s = position(held={"red": ["double", "double"]}).apply("spread N pudding-lane st-mary")
    assert s.phase == "double"
    s = s.apply(next(a for a in s.legal_actions() if str(a).startswith("double ")))
    assert (s.phase, s.seats[0].tokens, s.double_used) == ("actions", ("double",), True)


# ---- london.fire.no-move and london.assume.no-move-fires: a blocked fire adds 3 cones ---------------------------------
def test_a_blocked_fire_adds_three_cones_then_the_actions_start():
    s = position(fire={"pudding-lane": 20, "cheapside": 1, "moorgate": 1}, burnt=["cheapside", "moorgate"],
                 hands={"red": "S S S S S"})
    s = s.apply("discard S")
    assert (s.phase, s.pending_fire) == ("blocked-fire", 3)
    for n, district in enumerate(["cheapside", "cheapside"]):
        s = s.apply(f"add-fire {district}")
        assert (s.phase, s.pending_fire) == ("blocked-fire", 2 - n)
    s = s.apply("add-fire moorgate")
    assert (s.phase, s.pending_fire, s.ap) == ("actions", 0, 4)
    assert (s.fire_at("cheapside"), s.fire_at("moorgate")) == (3, 2)
