"""``explorer.bonfire.position``: a situation from the few facts that matter, the rest derived, checked by the
position format (``explorer/bonfire/builder.py``)."""

import pytest

from explorer.bonfire import State, new_game, position
from explorer.bonfire.components import Components
from explorer.core import InvalidData

C = Components.default()


def test_a_plain_position_is_the_set_up_game_with_the_start_player_to_act():
    s = position()
    start = new_game(players=2, seed=1)
    while start.phase == "setup":
        start = start.apply("start-tile spare")
    assert s.to_dict() == start.to_dict()


def test_the_facts_given_are_in_place_and_the_rest_is_derived():
    s = position(players=3, seed=5, to_act="black",
                 tiles={"black": {"path": 2, "yellow": 1}}, resources={"black": {"gold": 2}},
                 boats={"black": "mossbank"}, path={"black": ["blue herbs", "red wood"]},
                 guardians={"black": [("black", "path", 2), ("pink", "path", 1)]},
                 portals={"black": {6: "star", 2: "sun"}}, tasks={"black": {2: "t09", 3: "t01"}},
                 lit={"black": {2: "seat_3"}}, gnomes={"black": ["large_hand"]},
                 fate={"black": ["f1 3,1 down"]}, pointer="west")
    k = 2
    seat = s.seats[k]
    assert s.current_player == k and s.turn == k and [st.kind for st in s.pending] == ["act"]
    assert s.tile_count(k, "path") == 2 and s.tile_count(k, "yellow") == 1 and sum(seat.tiles) == 3
    assert s.resource(k, "gold") == 2 and sum(seat.resources) == 2
    assert seat.boat == "mossbank" and seat.path == ("blue herbs", "red wood")
    assert seat.guardians == (("black", "path", 2), ("pink", "path", 1))
    assert seat.portals[6] == "star" and seat.portals[2] == "sun"
    assert seat.tasks[2] == "t09" and seat.lit[2] and not seat.lit[3]
    assert "black" in s.council[s.index.seats.index("seat_3")]                 # derived: the lit bonfire's novice
    assert seat.stack == ("f2", "f3", "f4", "f5", "f6", "f7")                  # derived: f1 left the top
    assert s.great_bonfire_used                                                 # derived: the pointer has moved
    supply = {a: C.action_types[a].supply - sum(x.tiles[j] for x in s.seats) for j, a in enumerate(s.index.actions)}
    assert dict(zip(s.index.actions, s.supply)) == supply                       # derived: tiles come from it
    assert s.guardians[s.index.guardian_colours.index("pink")] == C.guardians["pink"].count - 1
    assert State.from_dict(s.to_dict()).to_dict() == s.to_dict()


def test_every_problem_is_listed_at_once():
    with pytest.raises(InvalidData) as err:
        position(to_act="purple", portals={"orange": {6: "skull"}}, lit={"orange": {3: "seat_1"}},
                 gnomes={"green": ["merlin"]})
    assert err.value.problems == (
        "to_act: nobody plays 'purple'; the players are orange, green",
        "portals.orange[6]: no skull portal is left round the Great Bonfire",
        "lit.orange[3]: a lit bonfire needs its task disc (give it in tasks)",
        "gnomes.green: gnome card 'merlin' is neither in the reserve, the box nor on display")


def test_the_position_format_s_checks_refuse_what_play_cannot_produce():
    with pytest.raises(InvalidData) as err:
        position(fate={"orange": ["f4 2,2 across"]}, guardians={"orange": [("orange", "bonfire", 3)]})
    assert err.value.problems == (
        "seats[0].stack: fate tiles leave the summary board from the top or the bottom only "
        "(bonfire.fate.top-or-bottom), so those left keep its order f1 f2 f3 f4 f5 f6 f7 without a gap; got f1 f2 f3 "
        "f5 f6 f7",
        "seats[0].guardians: the orange guardian is on bonfire 3, which has no portal")


def test_a_situation_to_ask_what_if_the_great_bonfire_first_use_is_once_per_game():
    """bonfire.great-bonfire.turn: with the pointer moved (someone used it), green's 1 tile turns it 1 space."""
    fresh = position(to_act="green", tiles={"green": {"great_bonfire": 1}})
    used = position(to_act="green", tiles={"green": {"great_bonfire": 1}}, great_bonfire_used=True)
    spaces = lambda s: {str(a).split()[1] for a in s.legal_actions() if str(a).startswith("great-bonfire")}  # noqa
    assert spaces(fresh) == set(fresh.index.spaces) and spaces(used) == {"south_west"}
