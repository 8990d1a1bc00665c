"""One test per refusal: each illegal action raises IllegalAction naming its rule and changes nothing."""

from __future__ import annotations

import pytest

from explorer.core import IllegalAction, NotationError
from explorer import london1666
from explorer.london1666 import new_game

from conftest import position


def refused(state, action: str, rule: str, reason: str | None = None) -> IllegalAction:
    before = state.to_dict()
    with pytest.raises(IllegalAction) as info:
        state.apply(action)
    assert info.value.rule.id == rule, str(info.value)
    if reason is not None:
        assert info.value.reason == reason
    assert state.to_dict() == before
    assert state.explain(action).rule.id == rule
    return info.value


@pytest.fixture(scope="module")
def setup_state():
    return new_game(players=4, seed=1666)


@pytest.fixture(scope="module")
def spreading(start):
    """Turn 1 of seed 1666: blue to play with N E E S W; fire only in Pudding Lane (25 cones)."""
    return start


@pytest.fixture(scope="module")
def acting(start):
    """Blue's action phase after spreading west into Tallow Hall."""
    return start.apply("spread W pudding-lane tallow-hall")


# ---- setup ----------------------------------------------------------------------------------------------
def test_trained_bands_never_start_in_the_green_region(setup_state):
    refused(setup_state, "place-band cheapside", "london.setup.trained-bands",
            "Cheapside is in the pale-green centre round Pudding Lane, where no trained band starts")


def test_pawns_wait_until_the_bands_are_placed(setup_state):
    refused(setup_state, "place-pawn moorgate", "london.setup.pawns",
            "owner pawns are placed during setup, one by one in turn order; now the players are placing their "
            "trained bands (setup)")


def test_pawns_never_start_in_the_green_region(start):
    s = new_game(players=4, seed=1666)
    for d in ["moorgate", "guild-hall", "aldgate", "st-pauls"]:
        s = s.apply(f"place-band {d}")
    refused(s, "place-pawn st-bennet", "london.setup.pawns",
            "St Bennet is in the pale-green centre round Pudding Lane, where no owner pawn starts")


def test_setup_chance_cannot_be_chosen_by_a_player():
    s = new_game(players=4, seed=5).replace(phase="deal")
    s2 = s.replace(seats=tuple(seat.__class__() for seat in s.seats), unseen=(15, 15, 15, 15))
    assert s2.is_chance_node
    refused(s2, "place-band moorgate", "core.chance.outcome")


# ---- spreading --------------------------------------------------------------------------------------------
def test_spread_needs_the_card_in_hand(start):
    s = start.with_seat(0, hand=(0, 2, 2, 1))
    refused(s, "spread N pudding-lane st-mary", "london.fire.card",
            "blue holds no N card (hand: E E S S W)")


def test_spread_needs_a_burning_source(spreading):
    refused(spreading, "spread N cheapside guild-hall", "london.fire.source", "Cheapside is not burning")


def test_spread_needs_two_cones(spreading):
    s = position(spreading, fire={"pudding-lane": 25, "cheapside": 1}, burnt=["cheapside"])
    refused(s, "spread N cheapside guild-hall", "london.fire.source",
            "cannot spread from Cheapside: it holds 1 cone, at least 2 are needed")


def test_spread_never_leaves_a_contained_fire(spreading):
    s = position(spreading, fire={"pudding-lane": 25, "cheapside": 2}, bands={"cheapside": 2}, burnt=["cheapside"])
    refused(s, "spread N cheapside guild-hall", "london.fire.contained",
            "the fire in Cheapside is contained (2 cones, 2 trained bands)")


def test_fire_never_enters_a_green_zone(spreading):
    s = position(spreading, fire={"pudding-lane": 25, "st-pauls": 3}, burnt=["st-pauls"])
    green = next(d for d, _ in s.board.neighbours("fleet-street") if s.board.districts[d].green_zone)
    refused(s, f"spread N pudding-lane {green}", "london.board.green-zone")


def test_fire_never_enters_a_demolished_district(spreading):
    # a charge taken from the board (Aldgate's, say) blew up St Mary
    tokens = {d: t for d, t in zip(spreading.board.ids, spreading.tokens) if t}
    used = next(d for d, t in tokens.items() if t == "charge")
    s = position(spreading, fire=pudding_lane_fire(spreading), demolished=["st-mary"],
                 tokens={d: t for d, t in tokens.items() if d != used})
    refused(s, "spread N pudding-lane st-mary", "london.fire.destination",
            "St Mary was demolished: it is a firebreak")


def test_the_move_ends_in_a_district_without_fire(spreading):
    s = position(spreading, fire={"pudding-lane": 25, "st-mary": 1}, burnt=["st-mary"])
    refused(s, "spread N pudding-lane st-mary", "london.fire.direction",
            "St Mary is already burning: the move ends in a district without fire")


def test_the_last_step_follows_the_card(spreading):
    refused(spreading, "spread E pudding-lane tallow-hall", "london.fire.direction",
            "no E step leads into Tallow Hall from the fire connected to Pudding Lane")


def test_a_card_that_leads_nowhere_says_so(spreading):
    refused(spreading, "spread S pudding-lane pudding-lane", "london.fire.direction",
            "with an S card no cone can leave the fire of Pudding Lane: no S step leads from it into a district "
            "without fire")


def test_a_card_leading_only_into_a_green_zone_names_the_green_zone_rule():
    # issue 16: Aldgate's only S step is Tower Hill, a green zone; the refusal is the green zone rule, not the
    # card's direction
    s = london1666.position(fire={"pudding-lane": 20, "aldgate": 3}, burnt=["aldgate"], hands={"red": "S S N E W"})
    refused(s, "spread S aldgate fenchurch-street", "london.board.green-zone",
            "with an S card the fire of Aldgate can only step into Tower Hill, a green zone: fire never enters a "
            "green zone")
    refused(s, "spread S aldgate tower-hill", "london.board.green-zone",
            "Tower Hill is a green zone: fire never enters it")


def test_a_card_leading_only_into_green_zones_and_firebreaks_names_the_firebreak_rule():
    # Cripplegate's E steps are Moorfields (a green zone) and Moorgate, demolished (a charge from the board)
    s = london1666.position(fire={"pudding-lane": 20, "cripplegate": 3}, burnt=["cripplegate"],
                            demolished=["moorgate"], hands={"red": "E S N E W"})
    refused(s, "spread E cripplegate sion-college", "london.fire.destination",
            "with an E card the fire of Cripplegate can only step into Moorfields and Moorgate, green zones and "
            "firebreaks: fire never enters them")
    refused(s, "spread E cripplegate moorgate", "london.fire.destination", "Moorgate was demolished: it is a firebreak")


def test_a_spread_cut_off_by_a_contained_fire_names_the_contained_district():
    # issue 16: Guild Hall lies N of St Bennet, whose fire is contained: the way is cut there
    s = london1666.position(fire={"pudding-lane": 20, "st-bennet": 3}, bands={"st-bennet": 3}, burnt=["st-bennet"])
    refused(s, "spread N pudding-lane guild-hall", "london.fire.contained",
            "the way from the fire of Pudding Lane to Guild Hall passes through St Bennet, whose fire is "
            "contained: fire cannot spread through a contained district")
    assert s.explain("spread N pudding-lane st-mary") is None  # other ways stay open
    opened = london1666.position(fire={"pudding-lane": 20, "st-bennet": 3}, bands={"st-bennet": 2},
                                 burnt=["st-bennet"])
    assert opened.explain("spread N pudding-lane guild-hall") is None  # 3 cones, 2 bands: not contained


def test_a_card_blocked_everywhere_by_a_contained_fire_names_it():
    # the fire of Aldgate (2 cones) can reach districts only through Minories, contained
    b = london1666.Board.default()
    k = b.index["aldgate"]
    around = sorted({b.ids[j] for j, _ in b.links[k]} - {d for d in b.ids if b.districts[d].green_zone})
    s = london1666.position(fire={"pudding-lane": 20, "aldgate": 3, **{d: 1 for d in around}},
                            bands={d: 1 for d in around}, burnt=["aldgate", *around], hands={"red": "S S N E W"})
    err = s.explain("spread N aldgate aldgate")
    assert err.rule.id == "london.fire.contained", err
    assert err.reason.startswith("with an N card the fire of Aldgate can only spread through ")


def test_priority_refuses_a_guarded_district_when_an_open_one_exists(spreading):
    s = position(spreading, fire={"pudding-lane": 25}, bands={"tallow-hall": 1})
    err = refused(s, "spread W pudding-lane tallow-hall", "london.fire.priority")
    assert err.reason == ("Tallow Hall is priority 2 (houses guarded by a trained band), but priority 1 "
                          "(houses and no trained band) is available: Vintners' Hall")


def test_double_move_needs_its_phase(spreading):
    refused(spreading, "double N pudding-lane st-mary", "london.fire.double-move",
            "a double move comes right after the first spread, with a double-move token")


def test_double_move_follows_the_card_played(spreading):
    s = spreading.with_seat(0, tokens=("double",))
    s = s.apply("spread N pudding-lane st-mary")
    assert s.phase == "double"
    refused(s, "double W pudding-lane tallow-hall", "london.fire.double-move",
            "the second move must follow the card played this turn, an N card")


def test_a_blocked_fire_needs_a_blocked_hand(spreading):
    refused(spreading, "discard N", "london.fire.no-move",
            "a card in hand can still spread the fire, so it must be played")


def test_spreading_happens_only_at_the_start_of_a_turn(acting):
    refused(acting, "spread N pudding-lane st-mary", "london.turn.phases",
            "a card is played to spread the fire at the start of a turn only; now the action points are spent "
            "(the second part of the turn)")


# ---- actions --------------------------------------------------------------------------------------------------
def test_nobody_enters_pudding_lane(acting):
    s = acting.with_seat(0, pawn="st-bennet")
    refused(s, "pawn pudding-lane", "london.actions.pudding-lane", "nobody may enter Pudding Lane")
    s = position(acting, fire=dict(pudding_lane_fire(acting)), bands={"st-bennet": 1})
    refused(s, "band st-bennet pudding-lane", "london.actions.pudding-lane", "nobody may enter Pudding Lane")


def pudding_lane_fire(state):
    return {d: state.fire_at(d) for d in state.board.ids if state.fire_at(d)}


def test_pawns_move_to_a_neighbour(acting):
    refused(acting, "pawn aldgate", "london.actions.move-pawn", "Aldgate is not next to Guild Hall")


def test_a_band_must_be_there_to_move(acting):
    refused(acting, "band cheapside st-bennet", "london.actions.move-band", "there is no trained band in Cheapside")


def test_covering_bands_cannot_move(acting):
    s = position(acting, fire={**pudding_lane_fire(acting), "st-mary": 2}, bands={"st-mary": 2}, burnt=["st-mary"])
    refused(s, "band st-mary candlewick-ward", "london.actions.covering-bands",
            "every band in St Mary covers a fire cone and cannot move")


def test_extinguish_needs_your_pawn_there(acting):
    s = position(acting, fire={**pudding_lane_fire(acting), "st-mary": 1}, bands={"st-mary": 1}, burnt=["st-mary"])
    refused(s, "extinguish st-mary", "london.actions.extinguish", "blue's pawn is not in St Mary")


def test_extinguish_needs_a_contained_fire(acting):
    s = position(acting, fire={**pudding_lane_fire(acting), "guild-hall": 2}, bands={"guild-hall": 1},
                 burnt=["guild-hall"])
    refused(s, "extinguish guild-hall", "london.fire.contained",
            "the fire in Guild Hall is not contained (2 cones, 1 trained band): a cone is put out only where "
            "there are at least as many trained bands as cones")


def test_actions_cost_points(acting):
    s = acting.replace(ap=0)
    refused(s, "pawn cheapside", "london.actions.points", "no action points are left this turn")


@pytest.mark.parametrize("change, reason", [
    ({}, "blue holds no demolition charge"),
    ({"tokens": ("charge",), "fire_at": "st-mary"}, "St Mary is burning; only a district without fire can be demolished"),
    ({"tokens": ("charge",), "band": False}, "no trained band stands in St Mary to set the charge"),
    ({"tokens": ("charge",), "far": True}, "Aldersgate does not touch a burning district"),
    ({"tokens": ("charge",), "big": True}, "Bridgeward has 3 house icons: 3 or more can only be demolished once burned"),
])
def test_demolition_conditions(acting, change, reason):
    fire = pudding_lane_fire(acting)
    target = "bridgeward" if change.get("big") else "aldersgate" if change.get("far") else "st-mary"
    bands = {} if change.get("band") is False else {target: 1}
    if change.get("fire_at"):
        fire[change["fire_at"]] = 1
        bands = {target: 2}
    s = position(acting, fire=fire, bands=bands).with_seat(0, tokens=change.get("tokens", ()))
    refused(s, f"demolish {target}", "london.actions.demolish", reason)


def test_demolished_districts_cannot_be_demolished_again(acting):
    s = position(acting, fire=pudding_lane_fire(acting), bands={"st-mary": 1}).with_seat(0, tokens=("charge", "charge"))
    s = s.apply("demolish st-mary")
    refused(s, "demolish st-mary", "london.actions.demolish", "St Mary is already demolished")


def test_action_phase_actions_wait_for_their_phase(spreading):
    refused(spreading, "pawn cheapside", "london.turn.phases",
            "moving your pawn to Cheapside is an action, for the second part of the turn; now the fire spreads "
            "(the first part of the turn)")


# ---- notation and the end ---------------------------------------------------------------------------------------
def test_unreadable_actions_are_notation_errors(spreading):
    for text in ["spread X pudding-lane st-mary", "spread N nowhere st-mary", "fly away", "", "pawn",
                 "band a"]:
        with pytest.raises(NotationError):
            spreading.apply(text)


def test_nothing_is_played_after_the_end(start):
    over = start.replace(phase="over")
    err = refused(over, "end-actions", "core.end.game-over", "the game is over: no more moves can be made")
    assert err.notation == "end-actions refused"
