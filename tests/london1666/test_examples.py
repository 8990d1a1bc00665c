"""The rulebook's worked examples (seed 000, examples 2-6) and the intensify cap, as positions with exact outcomes.

Positions are built with the public builder ``explorer.london1666.position``, which fills the houses
deterministically (5 of each colour per region, round robin over the region's districts), so the tests do not
depend on the setup's random stream.
"""

from __future__ import annotations

import itertools

import pytest

from explorer.core import IllegalAction
from explorer import london1666
from explorer.london1666 import Board, State, new_game
from explorer.london1666.board import REGIONS
from explorer.london1666.components import COLOURS
from explorer.london1666.spreading import spread_options

BOARD = Board.default()


def seat(colour: str, *, pawn: str = "aldgate", hand: str = "N E S W", **more) -> dict:
    """A player of ``colour`` whose pawn stands in ``pawn``, holding ``hand`` (e.g. ``"N N E"``); ``more`` may
    give ``tokens`` and ``extinguished``."""
    return {"colour": colour, "pawn": pawn, "hand": hand, **more}


def position(*, seats: list | None = None, **facts) -> State:
    """A position from the public builder: the city full of houses (dealt round robin, 5 of each colour per
    region), except the ``burnt`` districts, whose houses are on the tracks; turn 9, 36 cards face down."""
    seats = seats or [seat("red"), seat("blue"), seat("green"), seat("yellow")]
    facts = {"turn": 9, "deck": [4, 8, 8, 8][:len(seats)], "unseen": {"N": 9, "E": 9, "S": 9, "W": 9}, **facts}
    return london1666.position(
        colours=[p["colour"] for p in seats], hands={p["colour"]: p["hand"] for p in seats},
        pawns={p["colour"]: p["pawn"] for p in seats}, held={p["colour"]: p.get("tokens", []) for p in seats},
        extinguished={p["colour"]: p.get("extinguished", 0) for p in seats}, **facts)


def refused(state: State, action: str, rule: str, reason: str) -> None:
    """``action`` raises IllegalAction naming ``rule`` with ``reason``, and the state is unchanged."""
    before = state.to_dict()
    with pytest.raises(IllegalAction) as info:
        state.apply(action)
    assert info.value.rule.id == rule
    assert info.value.reason == reason
    assert state.to_dict() == before


def events(state: State) -> list[tuple[str, str, dict]]:
    """The last action's events as ``(type, rule id, fields)``."""
    return [(e.to_dict()["type"], e.rule.id, e.to_dict()["fields"]) for e in state.events]


# ---- example 2: houses at setup (seed p. 3) --------------------------------------------------------------------------
@pytest.mark.parametrize("players, seed", [(3, 1), (4, 7), (4, 1666), (5, 42), (6, 2024)])
def test_setup_fills_aldgate_with_4_houses_and_bethnal_with_1(players, seed):
    s = new_game(players=players, seed=seed)
    assert len(s.houses_at("aldgate")) == 4
    assert len(s.houses_at("bethnal")) == 1


@pytest.mark.parametrize("players, seed", [(3, 1), (4, 7), (6, 2024)])
def test_setup_places_all_120_houses_5_of_each_colour_per_region(players, seed):
    s = new_game(players=players, seed=seed)
    for d in BOARD.ids:
        assert len(s.houses_at(d)) == BOARD.districts[d].houses, d
    for region in REGIONS:
        placed = [c for d in BOARD.in_region(region) for c in s.houses_at(d)]
        assert {c: placed.count(c) for c in COLOURS} == {c: 5 for c in COLOURS}, region
    assert sum(len(h) for h in s.houses) == 120


# ---- example 3: the cone travels through St Bennet (seed p. 6) ----------------------------------------------------
@pytest.fixture(scope="module")
def example_3() -> State:
    """Fire in Pudding Lane (20 cones) and St Bennet (3 cones, its houses burnt); every other district full."""
    return position(fire={"pudding-lane": 20, "st-bennet": 3}, burnt={"st-bennet": ["blue", "green", "red"]},
                    houses={"guild-hall": ["blue", "blue", "red", "white"]},
                    seats=[seat("red", hand="N E S W W"), seat("blue"), seat("green"), seat("yellow")])


@pytest.mark.parametrize("card, expected", [
    ("N", {"guild-hall", "coleman-street", "st-mary", "bridgeward", "candlewick-ward", "pepys-house"}),
    ("W", {"tallow-hall", "vintners-hall", "cheapside"}),
    ("E", {"pepys-house", "phillpott-lane", "billingsgate", "st-mary"}),
    ("S", {"tallow-hall"}),
])
def test_fire_travels_through_burning_districts_and_its_last_step_follows_the_card(example_3, card, expected):
    options = spread_options(example_3, card, "pudding-lane")
    assert options == {d: 1 for d in expected}
    # a cone taken from St Bennet travels through the same fire and has the same choices
    assert spread_options(example_3, card, "st-bennet") == options


def test_example_3_legal_spreads_are_every_source_to_every_choice(example_3):
    expected = {("N", "guild-hall"), ("N", "coleman-street"), ("N", "st-mary"), ("N", "bridgeward"),
                ("N", "candlewick-ward"), ("N", "pepys-house"),
                ("E", "pepys-house"), ("E", "phillpott-lane"), ("E", "billingsgate"), ("E", "st-mary"),
                ("S", "tallow-hall"),
                ("W", "tallow-hall"), ("W", "vintners-hall"), ("W", "cheapside")}
    spreads = {str(a) for a in example_3.legal_actions()}
    assert spreads == {f"spread {card} {src} {dst}" for card, dst in expected
                       for src in ("pudding-lane", "st-bennet")}


def test_fire_entering_guild_hall_burns_its_houses_and_leaves_4_cones(example_3):
    supply = example_3.supply
    s = example_3.apply("spread N pudding-lane guild-hall")
    assert s.fire_at("pudding-lane") == 19
    assert s.fire_at("st-bennet") == 3
    assert s.fire_at("guild-hall") == 4
    assert s.houses_at("guild-hall") == ()
    assert s.burnt[s.i("guild-hall")] is True
    assert s.supply == supply - 3
    # on the tracks: St Bennet's red, blue and green houses, then Guild Hall's two blue, one red and one white
    assert s.to_dict()["tracks"] == {"red": 2, "blue": 3, "green": 1, "yellow": 0, "white": 1, "purple": 0}
    assert s.seats[0].hand == (0, 1, 1, 2)
    assert (s.phase, s.ap, s.card, s.active) == ("actions", 4, "N", 0)
    assert events(s) == [
        ("FireSpread", "london.fire.direction", {"player": "red", "card": "N", "source": "Pudding Lane",
                                                 "destination": "Guild Hall", "level": 1}),
        ("HousesBurned", "london.fire.burn", {"district": "Guild Hall", "colour": "blue", "houses": 2}),
        ("HousesBurned", "london.fire.burn", {"district": "Guild Hall", "colour": "red", "houses": 1}),
        ("HousesBurned", "london.fire.burn", {"district": "Guild Hall", "colour": "white", "houses": 1}),
        ("ConesPlaced", "london.fire.burn", {"district": "Guild Hall", "cones": 4}),
    ]
    assert s.scores()["blue"]["houses lost"] == -6
    assert s.scores()["red"]["houses lost"] == -4
    assert sorted(s.scores()) == ["blue", "green", "red", "yellow"]  # white houses are neutral


# ---- example 4: the priority of the fire (seed p. 7) -----------------------------------------------------------------
EXAMPLE_4_FIRE = {"pudding-lane": 20, "st-bennet": 3, "guild-hall": 4, "moorgate": 3, "brewers-hall": 2,
                  "st-pauls": 4, "phillpott-lane": 2}
EXAMPLE_4_BURNT = ["st-bennet", "guild-hall", "moorgate", "brewers-hall", "st-pauls", "phillpott-lane",
                   "watling-street"]
BETTER = "priority 1 (houses and no trained band) is available: Billingsgate, Cheapside, Tallow Hall"


@pytest.fixture(scope="module")
def example_4() -> State:
    return position(fire=EXAMPLE_4_FIRE, bands={"coleman-street": 1, "bread-street": 1}, burnt=EXAMPLE_4_BURNT,
                    seats=[seat("red", hand="S N E W W"), seat("blue"), seat("green"), seat("yellow")])


@pytest.mark.parametrize("source", ["pudding-lane", "guild-hall"])
def test_priority_sends_a_south_card_to_cheapside_tallow_hall_or_billingsgate(example_4, source):
    assert spread_options(example_4, "S", source) == {"cheapside": 1, "tallow-hall": 1, "billingsgate": 1}


def test_example_4_every_source_has_the_same_three_choices(example_4):
    south = {str(a) for a in example_4.legal_actions() if str(a).startswith("spread S ")}
    assert south == {f"spread S {src} {dst}" for src, dst in
                     itertools.product(EXAMPLE_4_FIRE, ("cheapside", "tallow-hall", "billingsgate"))}


@pytest.mark.parametrize("destination, reason", [
    ("coleman-street", f"Coleman Street is priority 2 (houses guarded by a trained band), but {BETTER}"),
    ("bread-street", f"Bread Street is priority 2 (houses guarded by a trained band), but {BETTER}"),
    ("watling-street", f"Watling Street is priority 3 (burnt out, no trained band), but {BETTER}"),
])
@pytest.mark.parametrize("source", ["pudding-lane", "guild-hall"])
def test_priority_refuses_guarded_and_burnt_destinations(example_4, source, destination, reason):
    refused(example_4, f"spread S {source} {destination}", "london.fire.priority", reason)


def test_example_4_the_chosen_spread_into_cheapside_burns_it(example_4):
    s = example_4.apply("spread S pudding-lane cheapside")
    assert s.fire_at("pudding-lane") == 19
    assert s.fire_at("cheapside") == 4
    assert s.houses_at("cheapside") == ()
    assert (s.phase, s.ap) == ("actions", 4)


# ---- example 5: the score track (seed p. 8) --------------------------------------------------------------------------
def test_blue_losing_2_houses_scores_36():
    s = position(burnt={"tallow-hall": ["blue", "blue"]})
    blue = s.scores()["blue"]
    assert list(blue.categories) == [("track", 40), ("houses lost", -4), ("cones put out", 0), ("objectives", 0),
                                     ("1 VP tokens", 0), ("Hero of London", 0)]
    assert blue.total == 36


def test_blue_houses_burned_by_the_fire_cost_2_points_each():
    s = position(fire={"pudding-lane": 20}, houses={"tallow-hall": ["blue", "blue"]},
                 seats=[seat("red", hand="W N"), seat("blue"), seat("green")])
    s = s.apply("spread W pudding-lane tallow-hall")
    assert s.to_dict()["tracks"]["blue"] == 2
    assert s.scores()["blue"]["track"] == 40
    assert s.scores()["blue"]["houses lost"] == -4
    assert s.scores()["blue"].total == 36


# ---- example 6: putting out a contained fire, the Hero of London (seed p. 10) -----------------------------------
def example_6(bands: dict | None = None, **green) -> State:
    """St Paul's: 5 cones, 5 trained bands; green's pawn there, action phase with 4 points."""
    return position(phase="actions", ap=4, fire={"pudding-lane": 20, "st-pauls": 5},
                    bands={"st-pauls": 5, **(bands or {})},
                    burnt={"st-pauls": ["blue", "purple", "red", "red"]},
                    seats=[seat("green", pawn="st-pauls", hand="N E S W", **green), seat("blue"), seat("red")])


def test_extinguishing_st_pauls_four_times_makes_green_the_hero():
    s = example_6()
    steps = []
    for _ in range(3):
        s = s.apply("extinguish st-pauls")
        steps.append((s.fire_at("st-pauls"), s.bands_at("st-pauls"), s.seats[0].extinguished, s.ap, s.hero,
                      [rule for _, rule, _ in events(s)]))
    assert steps == [
        (4, 5, 1, 3, None, ["london.actions.extinguish"]),
        (3, 5, 2, 2, None, ["london.actions.extinguish"]),
        (2, 5, 3, 1, 0, ["london.actions.extinguish", "london.actions.hero"]),
    ]
    assert events(s)[1] == ("HeroChanged", "london.actions.hero", {"player": "green"})
    s = s.apply("extinguish st-pauls")
    assert (s.fire_at("st-pauls"), s.seats[0].extinguished, s.hero) == (1, 4, 0)
    assert events(s) == [("ConeExtinguished", "london.actions.extinguish",
                          {"player": "green", "district": "St Paul's", "total": 4})]
    # no point left and no charge to use: the action phase ends by itself and green draws
    assert (s.phase, s.ap, s.current_player) == ("draw", 0, None)
    green = s.scores()["green"]
    assert (green["cones put out"], green["Hero of London"], green.total) == (4, 2, 46)


def test_a_fifth_extinguish_is_refused_without_action_points():
    # green holds a demolition charge usable on Watling Street, so the phase stays open at 0 points
    s = example_6(bands={"watling-street": 1}, tokens=["charge"])
    for _ in range(4):
        s = s.apply("extinguish st-pauls")
    assert (s.phase, s.ap, s.fire_at("st-pauls"), s.seats[0].extinguished) == ("actions", 0, 1, 4)
    assert [str(a) for a in s.legal_actions()] == ["demolish watling-street", "end-actions"]
    refused(s, "extinguish st-pauls", "london.actions.points", "no action points are left this turn")


def hero_race(green: int, blue: int, hero: str | None) -> State:
    """St Paul's contained (5 cones, 5 bands) with green's pawn there; green and blue have put out ``green`` and
    ``blue`` cones and ``hero`` holds the Hero of London card."""
    return position(phase="actions", fire={"pudding-lane": 20, "st-pauls": 5}, bands={"st-pauls": 5},
                    burnt={"st-pauls": ["blue", "purple", "red", "red"]}, hero=hero,
                    seats=[seat("green", pawn="st-pauls", extinguished=green), seat("blue", extinguished=blue),
                           seat("red")])


@pytest.mark.parametrize("before, hero_after", [(1, None), (2, 0)])
def test_hero_of_london_goes_to_the_first_to_put_out_3_cones(before, hero_after):
    # london.actions.hero: 2 cones put out are not enough, the 3rd takes the card
    s = hero_race(before, 0, None).apply("extinguish st-pauls")
    assert (s.seats[0].extinguished, s.hero) == (before + 1, hero_after)
    assert ("HeroChanged" in [t for t, _, _ in events(s)]) == (hero_after is not None)


def test_hero_of_london_stays_with_the_holder_on_a_tie():
    # london.actions.hero: blue holds it with 3; green reaching 3 ties and does not take it ("more cones than")
    s = hero_race(2, 3, "blue").apply("extinguish st-pauls")
    assert (s.seats[0].extinguished, s.seats[1].extinguished, s.hero) == (3, 3, 1)
    assert [t for t, _, _ in events(s)] == ["ConeExtinguished"]
    assert s.scores()["blue"]["Hero of London"] == 2 and s.scores()["green"]["Hero of London"] == 0


def test_hero_of_london_is_taken_by_more_cones_than_the_holder():
    s = hero_race(3, 3, "blue").apply("extinguish st-pauls")
    assert (s.seats[0].extinguished, s.hero) == (4, 0)
    assert events(s)[-1] == ("HeroChanged", "london.actions.hero", {"player": "green"})
    s = hero_race(4, 5, "blue").apply("extinguish st-pauls")  # 5 against 5: still a tie, blue keeps it
    assert s.hero == 1


def test_the_holder_adding_cones_keeps_the_hero():
    s = hero_race(3, 0, "green").apply("extinguish st-pauls")
    assert s.hero == 0 and [t for t, _, _ in events(s)] == ["ConeExtinguished"]


# ---- intensifying and its cap (seed p. 9) ----------------------------------------------------------------------------
INTENSIFY_FIRE = {"pudding-lane": 20, "cheapside": 1, "barbican": 1, "moorgate": 4, "brewers-hall": 2,
                  "guild-hall": 4, "bridgeward": 5, "st-pauls": 2}
INTENSIFY_BANDS = {"brewers-hall": 1, "st-pauls": 2}


def intensify_position(fire=INTENSIFY_FIRE, supply: int = 50) -> State:
    """Green (4 cards) draws the last card above fire card B; the fires below burn as ``fire`` says."""
    return position(phase="draw", fire=fire, bands=INTENSIFY_BANDS, burnt=sorted(set(fire) - {"pudding-lane"}),
                    fire_cones=sum(fire.values()) + supply, deck=[1, 8],
                    seats=[seat("green", hand="N E S W"), seat("blue"), seat("red"), seat("yellow")])


def test_intensify_adds_up_to_3_cones_capped_at_house_icons_plus_2():
    s = intensify_position()
    assert s.is_chance_node
    s = s.apply("draw N")
    assert {d: s.fire_at(d) for d in INTENSIFY_FIRE} == {
        "pudding-lane": 20,   # Pudding Lane never intensifies
        "cheapside": 4,       # 4 icons, 1 cone: +3
        "barbican": 3,        # 1 icon, cap 3: +2
        "moorgate": 5,        # 3 icons, 4 cones: cap 5, only +1
        "brewers-hall": 4,    # 2 icons, 2 cones and 1 band (not contained): cap 4, +2
        "guild-hall": 6,      # 4 icons: capped at 6, +2
        "bridgeward": 5,      # 3 icons, already at its cap of 5
        "st-pauls": 2,        # contained (2 cones, 2 bands): unchanged
    }
    assert s.supply == 50 - 10
    assert s.deck == (8,)
    assert events(s) == [
        ("CardDrawn", "london.draw.refill", {"player": "green"}),
        ("FireCardRevealed", "london.draw.intensify", {"letter": "B"}),
        ("Intensified", "london.draw.intensify", {"district": "Cheapside", "cones": 3}),
        ("Intensified", "london.draw.intensify", {"district": "Barbican", "cones": 2}),
        ("Intensified", "london.draw.intensify", {"district": "Moorgate", "cones": 1}),
        ("Intensified", "london.draw.intensify", {"district": "Brewers' Hall", "cones": 2}),
        ("Intensified", "london.draw.intensify", {"district": "Guild Hall", "cones": 2}),
    ]
    # green holds five cards again: the turn passes
    assert (s.phase, s.active, s.seats[0].hand) == ("spread", 1, (2, 1, 1, 1))


def test_a_fire_card_never_intensifies_pudding_lane_even_below_a_cap():
    s = intensify_position(fire={"pudding-lane": 1, "moorgate": 4}).apply("draw W")
    assert (s.fire_at("pudding-lane"), s.fire_at("moorgate")) == (1, 5)


def test_intensify_with_a_short_supply_serves_districts_in_board_order():
    s = intensify_position(supply=4).apply("draw S")
    assert {d: s.fire_at(d) for d in ("cheapside", "barbican", "moorgate", "brewers-hall", "guild-hall")} == {
        "cheapside": 4, "barbican": 2, "moorgate": 4, "brewers-hall": 2, "guild-hall": 4}
    assert s.supply == 0
    assert [(t, f) for t, _, f in events(s)][2:] == [
        ("Intensified", {"district": "Cheapside", "cones": 3}),
        ("Intensified", {"district": "Barbican", "cones": 1}),
        ("SupplyEmpty", {"district": "Barbican", "missing": 1}),
        ("SupplyEmpty", {"district": "Moorgate", "missing": 1}),
        ("SupplyEmpty", {"district": "Brewers' Hall", "missing": 2}),
        ("SupplyEmpty", {"district": "Guild Hall", "missing": 2}),
    ]
