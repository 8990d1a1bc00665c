"""The public situation builder ``explorer.portobello.position``: what it derives, and what it refuses.

What follows from the board is worked out here by hand from the rulebook (seed 001 p. 1-4): stalls in hand are the
supply for the player count (30 / 20 / 16) minus the stalls built; the bag is 5 servants and 5 citizens minus those
out; each district scoring takes the top of the neutral stack 3, 3, 2, 2, 1, 1, 1, 1; a full lane with customers at
both ends has scored the values under each owner's stalls times the customers' multiplier.
"""

from __future__ import annotations

import random

import pytest

from explorer.core import InvalidData
from explorer.portobello import Board, State, Token, new_game, position

BOARD = Board.default()


def problems(**kw) -> list[str]:
    with pytest.raises(InvalidData) as info:
        position(**kw)
    assert str(info.value).startswith("Portobello position is invalid")
    return list(info.value.problems)


def test_an_empty_market_is_the_start_of_a_turn():
    s = position(3)
    assert (s.phase, s.active, s.round, s.bobby) == ("choose", 0, 1, "d1")
    assert [seat.stalls for seat in s.seats] == [20, 20, 20]
    assert s.bag == (5, 5) and s.neutral == (3, 3, 2, 2, 1, 1, 1, 1) and not s.ending
    assert all(seat.tokens == (Token(2), Token(3), Token(4)) and seat.score == 10 for seat in s.seats)
    # the same facts as a game just set up, once the bobby is in d1
    assert s.to_dict() == new_game(players=3, seed=0).apply("bobby d1").to_dict()


@pytest.mark.parametrize("players, supply", [(2, 30), (3, 20), (4, 16)])
def test_stalls_in_hand_are_the_supply_less_the_stalls_built(players, supply):
    """``portobello.setup.stalls``: 30 each with 2 players, 20 with 3, 16 with 4."""
    s = position(players, lanes={"c": "RRY.", "k": ["red", None, None, None, None, None],
                                  "m": "....YR"})
    assert s.seats[0].stalls == supply - 4 and s.seats[1].stalls == supply - 2
    assert all(seat.stalls == supply for seat in s.seats[2:])


def test_the_bag_holds_what_is_not_out():
    """``portobello.setup.bag``: 5 servants and 5 citizens, less those on squares and the one just drawn."""
    s = position(2, squares={"s1": "servant", "s2": "servant", "s3": "citizen"}, token=3, drawn="citizen")
    assert s.bag == (3, 3) and s.pending == "citizen" and s.phase == "place" and s.actions_left == 2
    assert s.legal_actions()[0].__class__.__name__ == "PlaceCustomer"


def test_the_variant_queue_replaces_the_bag():
    s = position(2, squares={"s1": "servant"}, queue=["servant"] * 4 + ["citizen"] * 5)
    assert s.options.customer_queue and s.bag == (0, 0) and s.customers_left == 9


def test_each_district_scored_took_the_top_neutral_token_face_down():
    """``portobello.score.district-neutral``, ``portobello.assume.neutral-face-down``: in the order scored, red's
    4 took a 3, yellow's 2 the other 3, red's 2 then a 2; the stack keeps 2, 1, 1, 1, 1."""
    s = position(3, district_tokens={"d1": ("red", 4), "d2": ("yellow", 2), "d3": ("red", 2)})
    assert s.neutral == (2, 1, 1, 1, 1)
    assert s.seats[0].tokens == (Token(2, True, False), Token(3), Token(3, True, False))
    assert s.seats[1].tokens == (Token(3, True, False), Token(3), Token(4))
    assert s.seats[2].tokens == (Token(2), Token(3), Token(4))
    assert s.district_token("d3") == (0, 2)


def test_a_full_served_lane_has_scored_and_paid_its_owners():
    """``portobello.score.lane``: lane c (s9 -> s10, values 3 1 1 3) full R R Y R with a servant and a citizen
    (x2): red (3 + 1 + 3) x 2 = 14, yellow 1 x 2 = 2. Lane a, full but with an empty end, has not scored."""
    s = position(3, lanes={"c": "RRYR", "a": "YYYY"}, squares={"s9": "servant", "s10": "citizen"})
    assert BOARD.lanes["c"].values == (3, 1, 1, 3) and BOARD.lanes["c"].ends == ("s9", "s10")
    assert s.is_scored("c") and not s.is_scored("a")
    assert [seat.lanes for seat in s.seats] == [14, 2, 0]
    assert [seat.score for seat in s.seats] == [24, 12, 10]
    # points given are kept as given (a position may leave a scoring out), the rest still derived
    s = position(3, lanes={"c": "RRYR"}, squares={"s9": "servant", "s10": "citizen"},
                 points={"red": {"lanes": 0, "tolls": -3}, "yellow": {"tolls": 1}})
    assert [(seat.lanes, seat.tolls) for seat in s.seats] == [(0, -3), (2, 1), (0, 0)]


def test_an_empty_hand_means_the_last_round():
    """``portobello.end.last-stall``: red's 30 stalls are all built, so the round being played is the last."""
    lanes = {"k": "RRRRRR", "m": "RRRRRR", "p": "RRRRR", "f": "RRRRR", "t": "RRRRR", "i": "RRR"}
    s = position(2, lanes=lanes, active=1)
    assert s.seats[0].stalls == 0 and s.ending
    assert not position(2, lanes={"k": "RRRRRR"}).ending


def test_the_token_being_played():
    s = position(3, token=4, active="yellow")
    assert (s.phase, s.active, s.token_slot, s.actions_left) == ("actions", 1, 2, 4)
    s = position(3, token="n3", tokens={"red": "n3 3 4"}, district_tokens={"d5": ("red", 2)}, actions_left=1)
    assert (s.token_slot, s.actions_left, s.seat.tokens[0]) == (0, 1, Token(3, neutral=True))


def test_every_played_position_can_be_rebuilt_from_what_is_where():
    """At the start of every turn of seeded games, the builder given only the board, the hands, the points that
    do not follow from the board (districts, tolls), the round and whose turn it is gives back the very
    position play reached: stalls in hand, bag, neutral stack, scored lanes, lane points and the ending flag
    all agree with play."""
    checked = 0
    for seed in (3, 4):
        chooser, s = random.Random(seed), new_game(players=3, seed=seed)
        while not s.is_terminal:
            if s.phase == "choose":
                d = s.to_dict()
                built = position(3, lanes=d["lanes"], squares=d["squares"], bobby=s.bobby, active=s.active,
                                 round=s.round, seed=seed,
                                 tokens={seat.colour: list(seat.tokens) for seat in s.seats},
                                 district_tokens={k: (v["player"], v["value"])
                                                  for k, v in d["district_tokens"].items()},
                                 points={seat.colour: {"districts": seat.districts, "tolls": seat.tolls}
                                         for seat in s.seats})
                assert built.to_dict() == {**d, "draws": 0}, (seed, s.round)
                checked += 1
            s = s.apply(s.sample_chance() if s.is_chance_node else chooser.choice(s.legal_actions()))
    assert checked > 40


def test_every_problem_is_listed_at_once():
    """Stalls beyond red's supply of 30, a row not built from an end, a sixth servant and a Lord before the tenth
    customer: all reported together, by the position format's own checks."""
    found = problems(players=2, lanes={"k": "RRRRRR", "m": "RRRRRR", "p": "RRRRR", "f": "RRRRR", "t": "RRRRR",
                                       "i": "RRR", "a": "R...", "c": ".Y.."},
                     squares={f"s{k}": "servant" for k in range(1, 7)} | {"s7": "lord"})
    assert any("is not the 30 stalls each player has with 2 players" in p for p in found), found
    assert any(p.startswith("customers: 6 servants on squares") for p in found), found
    assert "squares: the Lord comes out only after all ten customers" in found
    assert any(p.startswith("lanes.c: stalls are built as one row from an end") for p in found), found


def test_a_colour_nobody_plays_is_named():
    assert problems(players=2, lanes={"c": ".G..", "a": "B..."}) == ["lanes.c: nobody plays green",
                                                                    "lanes.a: nobody plays blue"]


def test_input_the_builder_cannot_read_is_listed_too():
    found = problems(players=3, lanes={"c": "RX.."}, tokens={"red": "2 5 4", "blue": "2 3 4"},
                     district_tokens={"d1": ("purple", 4)}, active="blue")
    assert found == ["lanes.c: 'RX..': a space is R, Y, G, B or . (free), not X",
                     "active: nobody plays 'blue' with 3 players (red, yellow, green)",
                     "district_tokens.d1: nobody plays 'purple' with 3 players (red, yellow, green)",
                     "tokens.red: '5' is not a token: write 2, 3, 4 (own), n1 to n3 (neutral), '-' if face down",
                     "tokens.blue: nobody plays 'blue' with 3 players (red, yellow, green)"]
    assert problems(players=3, token=2, tokens={"red": "2- 3 4"}) == [
        "token: 2 is not a face-up token in the hand of the player to act"]
    assert problems(players=3, drawn="servant") == ["token: actions_left and drawn need the token being played "
                                                    "this turn"]
    with pytest.raises(ValueError, match="players must be 2, 3 or 4"):
        position(5)
    with pytest.raises(ValueError, match="board must be a Board"):
        position(3, board={})


def test_a_position_on_a_users_board():
    data = BOARD.to_dict()
    custom = Board.from_dict(data)
    s = position(2, lanes={"o": "RY"}, squares={"s11": "citizen", "s6": "citizen"}, board=custom)
    assert s.board is custom and s.is_scored("o")
    assert isinstance(s, State)
