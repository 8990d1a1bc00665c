"""The Portobello Market rulebook's worked examples (seed 001, p. 1-4) as positions with their stated outcomes.

Every number asserted here is the seed's (or follows from the seed's rule and the shipped board's printed
values), never read back from the engine. Positions are built with the public builder
:func:`explorer.portobello.position`: lanes are written as one letter per space from the lane's ``from`` square
(``R``ed, ``Y``ellow, ``G``reen, ``B``lue, ``.`` free); it derives the stalls in hand, the bag and the neutral
stack so that everything is conserved, and marks the lanes that are full with a customer at both ends scored (as
play would have done), with their points (set ``points={colour: {"lanes": 0}}`` where an example leaves earlier
scorings out). Chance steps (the
customer drawn from the bag) are forced by applying ``drawn servant`` / ``drawn citizen``.

Board facts used (shipped reconstruction, ``data/board.yaml``): lanes k (s4 -> s5: 3 2 1 1 2 3) and m
(s11 -> s5: 1 2 3 3 2 1) have 6 spaces worth 12; b (s10 -> s2: 3 1 2 1 3) and c (s9 -> s10: 3 1 1 3) meet at
s10; o (s11 -> s6: 2 2); district d1 is bounded by a, b, c and d2 by c, d, e; d1 borders d2 across c and d4
across b.
"""

from __future__ import annotations

from collections import Counter
from fractions import Fraction

import pytest

from explorer.core import IllegalAction, Note
from explorer.portobello import Board, State, Token, new_game, position
from explorer.portobello.actions import Build, DrawCustomer, EndTurn, MoveBobby, PlaceCustomer, PlaceLord
from explorer.portobello.components import STALLS_PER_PLAYER, multiplier
from explorer.portobello.events import (
    BobbyMoved,
    BobbyPlaced,
    CustomerDrawn,
    CustomerPlaced,
    CustomerQueued,
    DistrictScored,
    LaneScored,
    LordPlaced,
    LordScored,
    StallBuilt,
    TokenChosen,
    TokensTurnedUp,
    TurnEnded,
)

BOARD = Board.default()
SQUARES = tuple(BOARD.squares)


def full_market(free: tuple[str, ...] = (), **kinds: str) -> dict[str, str]:
    """Customers on every square but ``free``: the squares named in ``kinds`` get that customer, the others are
    filled in square order with the rest of the 5 servants and 5 citizens (or the Lord, when named)."""
    out = {sq: kind for sq, kind in kinds.items()}
    left = Counter({"servant": 5, "citizen": 5}) - Counter(k for k in out.values() if k != "lord")
    pool = ["servant"] * left["servant"] + ["citizen"] * left["citizen"]
    for sq in SQUARES:
        if sq not in out and sq not in free and pool:
            out[sq] = pool.pop(0)
    assert not pool, "more customers than squares"
    return out


def score_totals(state: State) -> dict[str, int]:
    return {name: b.total for name, b in state.scores().items()}


def of_type(state: State, kind: type) -> list:
    return [e for e in state.events if isinstance(e, kind)]


# ---- lane scoring (seed p. 3) ---------------------------------------------------------------------------------------
LANE_EXAMPLE = {"k": ("s4", "s5"), "m": ("s11", "s5")}
"""The two 6-space lanes worth 12 and their end squares (from, to)."""
BOBBY_FOR = {"k": "d6", "m": "d8"}


@pytest.mark.parametrize("lane", ["k", "m"])
def test_lane_scoring_example_when_the_last_stall_is_built(lane):
    """Seed p. 3: red 3+2+1, green 1+3, blue 2; a servant and a citizen at the ends (x2) -> red 12, green 8, blue
    4. Here green completes the lane with the last stall; the points are scored at once."""
    first, last = LANE_EXAMPLE[lane]
    s = position(4, lanes={lane: "RRRGB."}, squares={first: "servant", last: "citizen"}, bobby=BOBBY_FOR[lane],
                 active=2)
    assert not s.is_scored(lane)
    s = s.apply("act 2").apply(f"build {lane} 5")
    built, scored = s.events
    assert built == StallBuilt("green", lane, 5, BOARD.lanes[lane].values[5], 14)
    assert scored == LaneScored(lane, ("servant", "citizen"), 2, (("red", 12), ("green", 8), ("blue", 4)))
    assert scored.rule.id == "portobello.score.lane"
    assert [seat.lanes for seat in s.seats] == [12, 0, 8, 4]
    assert score_totals(s) == {"red": 22, "yellow": 10, "green": 18, "blue": 14}
    assert dict(s.scores()["red"]) == {"start": 10, "lanes": 12, "districts": 0, "bobby tolls": 0, "Lord": 0}
    assert s.is_scored(lane) and s.to_dict()["scored"] == [lane]
    assert s.actions_left == 1


@pytest.mark.parametrize("lane", ["k", "m"])
def test_lane_scoring_example_when_the_second_customer_is_placed(lane):
    """Seed p. 3: the same lane, already full, scores the moment its second end square gets a customer (a citizen
    drawn blind from the bag, seed p. 2)."""
    first, last = LANE_EXAMPLE[lane]
    s = position(4, lanes={lane: "RRRGBG"}, squares={first: "servant"})
    assert not s.is_scored(lane)
    s = s.apply("act 2").apply("customer")
    assert s.is_chance_node and s.phase == "draw" and s.current_player is None
    assert s.chance_outcomes() == [(s.parse_action("drawn servant"), Fraction(4, 9)),
                                   (s.parse_action("drawn citizen"), Fraction(5, 9))]
    s = s.apply("drawn citizen")
    assert s.events == (CustomerDrawn("red", "citizen"),) and s.pending == "citizen" and s.phase == "place"
    s = s.apply(f"place {last}")
    assert s.events == (CustomerPlaced("red", "citizen", last),
                        LaneScored(lane, ("servant", "citizen"), 2, (("red", 12), ("green", 8), ("blue", 4))))
    assert [seat.score for seat in s.seats] == [22, 10, 18, 14]
    assert s.bag == (4, 4) and s.customer_at(last) == "citizen"


# ---- the multiplier table (seed p. 3) -------------------------------------------------------------------------------
@pytest.mark.parametrize("first, second, times", [
    ("servant", "servant", 1), ("servant", "citizen", 2), ("citizen", "servant", 2), ("citizen", "citizen", 3)])
def test_multiplier_of_two_customers(first, second, times):
    """Seed p. 3: two servants x1, a servant and a citizen x2 (either way round), two citizens x3. Lane o (s11 ->
    s6) is full with red on a 2 and yellow on a 2; the second customer goes on s6."""
    s = position(3, lanes={"o": "RY"}, squares={"s11": first})
    s = s.apply("act 2").apply("customer").apply(f"drawn {second}").apply("place s6")
    assert s.events[-1] == LaneScored("o", (first, second), times, (("red", 2 * times), ("yellow", 2 * times)))
    assert multiplier(first, second) == times


@pytest.mark.parametrize("other, times", [("servant", 3), ("citizen", 4)])
def test_multiplier_with_the_lord_placed_with_lord(other, times):
    """Seed p. 3-4: the Lord and a servant x3, the Lord and a citizen x4. All ten customers are out, so red places
    the Lord (one action) on the last free square, s6, which completes lane o's pair of customers."""
    s = position(3, lanes={"o": "RY"}, squares=full_market(free=("s6",), s11=other))
    s = s.apply("act 2")
    assert PlaceLord() in s.legal_actions() and DrawCustomer() not in s.legal_actions()
    s = s.apply("lord")
    assert s.events == (LordPlaced("red", "s6"),
                        LaneScored("o", (other, "lord"), times, (("red", 2 * times), ("yellow", 2 * times))))
    assert s.lord_square == "s6" and s.actions_left == 1
    assert multiplier("lord", other) == multiplier(other, "lord") == times


def test_the_multiplier_table_has_exactly_the_five_pairs_of_the_seed():
    """Seed p. 3: five pairs; two Lords never meet (there is one Lord)."""
    table = {(a, b): multiplier(a, b) for a, b in [("servant", "servant"), ("servant", "citizen"),
                                                   ("citizen", "citizen"), ("lord", "servant"), ("lord", "citizen")]}
    assert table == {("servant", "servant"): 1, ("servant", "citizen"): 2, ("citizen", "citizen"): 3,
                     ("lord", "servant"): 3, ("lord", "citizen"): 4}
    with pytest.raises(KeyError, match="no lane multiplier"):
        multiplier("lord", "lord")


# ---- when a lane does not score (seed p. 3) --------------------------------------------------------------------------
def test_a_full_lane_with_an_empty_end_does_not_score():
    """Seed p. 3: a lane scores once it is full *and* both end squares hold a customer."""
    s = position(4, lanes={"k": "RRRGBG"}, squares={"s4": "servant"})
    s = s.apply("act 2").apply("customer").apply("drawn citizen").apply("place s1")
    assert s.events == (CustomerPlaced("red", "citizen", "s1"),)
    assert not s.is_scored("k") and [seat.lanes for seat in s.seats] == [0, 0, 0, 0]


def test_a_served_lane_with_a_free_space_does_not_score():
    """Seed p. 3: "se uma ruela não for completada não se avalia"; both ends served is not enough."""
    s = position(4, lanes={"k": "RRRGB."}, squares={"s4": "servant", "s5": "citizen"}, bobby="d6")
    s = s.apply("act 3").apply("build j 0").apply("customer").apply("drawn servant").apply("place s10")
    assert of_type(s, LaneScored) == [] and not s.is_scored("k")
    assert [seat.score for seat in s.seats] == [10, 10, 10, 10]


def test_a_lane_scores_once_even_when_the_lord_ends_the_game_beside_it():
    """Seed p. 3-4: lane k scores x4 when blue puts the Lord on s4 (Lord and citizen); at the end the Lord's
    scoring from s4 takes only the unfinished lanes i and j, never k again."""
    s = position(4, lanes={"k": "RRRGBG", "j": "Y..", "i": ".GG", "o": "..",
                           "t": "BBBBB", "u": "BBBB", "f": "BBBBB"},
                 squares=full_market(free=("s4",), s5="citizen", s3="servant", s10="citizen"),
                 bobby="d9", active=3, points={"blue": {"lanes": 0}})  # t, u, f's earlier scorings left out
    assert s.seats[3].stalls == 1 and not s.is_scored("k")
    s = s.apply("act 2").apply("lord")
    assert s.events[-1] == LaneScored("k", ("lord", "citizen"), 4, (("red", 24), ("green", 16), ("blue", 8)))
    s = s.apply("build o 0")
    assert s.events[-1] == Note(s.rules["portobello.end.last-stall"],
                                "blue has built their last stall: this round is the last")
    s = s.apply("end")
    assert s.is_terminal
    lord = of_type(s, LordScored)
    # i (s3 -> s4: 2 1 2): green on 1+2 with the Lord and a servant (x3); j (s10 -> s4: 2 3 2): yellow on 2 with
    # the Lord and a citizen (x4)
    assert lord == [LordScored("i", 3, (("green", 9),)), LordScored("j", 4, (("yellow", 8),))]
    assert [seat.lord for seat in s.seats] == [0, 8, 9, 0]
    assert [seat.lanes for seat in s.seats] == [24, 0, 16, 8]


# ---- moving the bobby: the four tolls (seed p. 3) -----------------------------------------------------------------
@pytest.mark.parametrize("lanes, move, paid, to, after", [
    ({"c": "RRY."}, "bobby d2", 0, (), [10, 10, 10, 10]),          # red has the majority: free
    ({"c": "...."}, "bobby d2", 1, (), [9, 10, 10, 10]),           # no stalls: 1 point that no one receives
    ({"b": "GGBBR"}, "bobby d4", 2, ("green", "blue"), [8, 10, 11, 11]),  # green and blue tie over red
    ({"c": "YYR."}, "bobby d2", 1, ("yellow",), [9, 11, 10, 10]),  # yellow has the majority
    ({"c": "RY.."}, "bobby d2", 1, (), [9, 10, 10, 10]),           # red shares the majority: 1 lost
], ids=["own-majority", "empty", "two-tie-over-red", "yellow-majority", "shared-majority"])
def test_bobby_tolls(lanes, move, paid, to, after):
    """Seed p. 3 (and DECISIONS Portobello 3): red moves the bobby out of d1 across one lane and pays by the
    stalls on it. Moving is not an action."""
    s = position(4, lanes=lanes).apply("act 2")
    lane = next(iter(lanes))
    assert s.toll(lane) == (paid, tuple(s.seat_of(c) for c in to))
    s = s.apply(move)
    assert s.events == (BobbyMoved("red", "d1", move.split()[1], lane, paid, to),)
    assert s.events[0].rule.id == "portobello.bobby.toll"
    assert [seat.score for seat in s.seats] == after
    assert [seat.tolls for seat in s.seats] == [a - 10 for a in after]
    assert s.bobby == move.split()[1] and s.actions_left == 2


def test_bobby_toll_descriptions_name_who_is_paid():
    """Seed p. 3: "tem de pagar um ponto ao verde e um ao azul"."""
    s = position(4, lanes={"b": "GGBBR"}).apply("act 2").apply("bobby d4")
    assert s.events[0].describe() == "red moves the bobby from d1 to d4 across lane b: pays 1 point to green and 1 " \
                                     "to blue"
    s = position(4, lanes={"c": "RRY."}).apply("act 2").apply("bobby d2")
    assert s.events[0].describe().endswith("free, they have the most stalls there")
    # a point no one receives is said so, with why, in board terms (issue 18: once "pays 1 point to nobody")
    s = position(4).apply("act 2").apply("bobby d2")
    assert s.events[0].describe() == ("red moves the bobby from d1 to d2 across lane c: red loses 1 point, which no "
                                      "one collects (lane c has no stalls yet)")
    s = position(4, lanes={"c": "RY.."}).apply("act 2").apply("bobby d2")
    assert s.events[0].describe() == ("red moves the bobby from d1 to d2 across lane c: red loses 1 point, which no "
                                      "one collects (red shares the most stalls on lane c)")
    assert "nobody" not in s.events[0].describe()


def test_a_toll_above_the_score_is_refused_and_exactly_the_score_is_allowed():
    """Seed p. 3 (the payer moves their marker back) and DECISIONS Portobello 3 (``portobello.assume.toll-limit``):
    nobody pays more points than they have."""
    s = position(4, lanes={"b": "GGBBR"}, points={"red": {"tolls": -9}}).apply("act 2")
    assert s.seats[0].score == 1
    assert MoveBobby("d4") not in s.legal_actions() and MoveBobby("d2") in s.legal_actions()
    with pytest.raises(IllegalAction) as info:
        s.apply("bobby d4")
    assert info.value.rule.id == "portobello.assume.toll-limit"
    assert info.value.reason == "crossing lane b costs 2 points and red has only 1"

    s = position(4, lanes={"b": "GGBBR", "h": "R..."}, points={"red": {"tolls": -8}}).apply("act 2")
    s = s.apply("bobby d4")
    assert [seat.score for seat in s.seats] == [0, 10, 11, 11]
    # at 0 points red can still cross h, where they alone have the majority, and nothing else (b costs 2)
    assert s.toll("b") == (2, (2, 3)) and s.toll("h") == (0, ())
    assert [a for a in s.legal_actions() if isinstance(a, MoveBobby)] == [MoveBobby("d5")]


# ---- scoring a district (seed p. 4) -------------------------------------------------------------------------------
DISTRICT_LANES = {"a": "RRY.", "b": "....R", "c": "RY..", "d": "R...", "e": "Y.."}
"""Red has 4 stalls on d1's lanes a, b, c (and one on d, outside d1); yellow has 2 on d1, 2 on d2 (c and e)."""


def test_district_example_red_scores_4_stalls_times_4():
    """Seed p. 4: "o vermelho recebe 16 pontos: 4 das suas próprias bancas x 4"; the token stays on the district
    and red takes the top neutral token, a 3, which arrives face down (portobello.assume.neutral-face-down); the
    turn is over (no building, customers or bobby)."""
    s = position(3, lanes=DISTRICT_LANES)
    s = s.apply("district d1 x4")
    assert s.events[0] == DistrictScored("red", "d1", 4, 4, 3)
    assert s.events[0].describe() == "red scores district d1: 4 stalls × 4 = 16; they take the neutral 3"
    assert isinstance(s.events[-1], TurnEnded) and s.events[-1].next_player == "yellow"
    assert s.seats[0].districts == 16 and s.seats[0].score == 26
    assert s.seats[0].tokens == (Token(2), Token(3), Token(3, neutral=True, face_up=False))
    assert s.district_token("d1") == (0, 4) and s.to_dict()["district_tokens"] == {"d1": {"player": "red",
                                                                                           "value": 4}}
    assert s.neutral == (3, 2, 2, 1, 1, 1, 1)
    assert s.active == 1 and s.phase == "choose" and s.bobby == "d1"


def test_the_neutral_stack_is_taken_from_the_top_3_3_2():
    """Seed p. 4: the first district scoring takes a 3, the second another 3, then a 2, and so on; neutral tokens
    never score a district."""
    s = position(3, lanes=DISTRICT_LANES)
    taken = []
    for action in ("district d1 x4", "district d2 x2", "district d3 x4"):
        s = s.apply(action)
        taken.append(s.events[0].neutral_taken)
    assert taken == [3, 3, 2]
    assert s.neutral == (2, 1, 1, 1, 1)
    assert s.seats[1].tokens == (Token(3, neutral=True, face_up=False), Token(3), Token(4))
    assert s.seats[2].tokens == (Token(2), Token(3), Token(2, neutral=True, face_up=False))
    # yellow: 2 stalls on d2 (lanes c and e) x 2; green: none on d3 x 4
    assert [seat.districts for seat in s.seats] == [16, 4, 0]
    s = s.apply("district d4 x2")  # red's second and last scoring: the next neutral, a 2
    assert s.events[0] == DistrictScored("red", "d4", 1, 2, 2)
    assert sorted(str(t) for t in s.seats[0].tokens) == ["3", "n2", "n3"]
    assert not any(a.__class__.__name__ == "ScoreDistrict" for a in s.apply("act 3").legal_actions())


def test_scoring_a_district_with_the_last_face_up_token_turns_all_three_up():
    """Seed p. 2: when all three tokens are face down they turn face up; the neutral token that replaces the 4
    arrives face down, so red's awning is all face down and turns up at once."""
    s = position(3, lanes=DISTRICT_LANES, tokens={"red": "2- 3- 4"})
    s = s.apply("district d1 x4")
    assert TokensTurnedUp("red") in s.events
    assert s.seats[0].tokens == (Token(2), Token(3), Token(3, neutral=True))


# ---- the Lord's scoring at the end (seed p. 4) ------------------------------------------------------------------
LORD_SQUARES = {"s10": "lord", "s2": "servant", "s9": "citizen", "s6": "servant", "s11": "servant",
                "s7": "servant", "s8": "servant", "s1": "citizen", "s3": "citizen", "s4": "citizen",
                "s5": "citizen"}
LORD_LANES = {
    "b": "RYY..",   # s10 -> s2 (3 1 2 1 3): red on a 3, yellow on 1 + 2; servant at s2
    "c": "GGY.",    # s9 -> s10 (3 1 1 3): green on 3 + 1, yellow on 1; citizen at s9
    "h": "YYGG",    # s10 -> s3: full, already scored
    "o": "Y.",      # s11 -> s6 (2 2): red's last stall goes here
    "p": "YYYGG", "q": "GGYY",  # the bobby's district d9 (o, p, q) is otherwise full
    "f": "RRRRR", "g": "RRRR", "t": "RRRRR", "u": "RRRR",  # the rest of red's 19 stalls
}


def lord_example(**points) -> State:
    """Seed p. 4's Lord example on the shipped board: 3 players, the Lord on s10, red to play with 1 stall left."""
    # the lanes already full and served (h, f, g, t, u, p, q) scored earlier; their points are left out here
    # (points.lanes 0) so that the totals below are the seed's example alone
    unscored = {colour: {"lanes": 0} for colour in ("red", "yellow", "green")}
    s = position(3, lanes=LORD_LANES, squares=LORD_SQUARES, bobby="d9", points={**unscored, **points})
    assert s.seats[0].stalls == 1 and s.is_scored("h") and not s.is_scored("b") and not s.is_scored("c")
    return s


def test_lord_scoring_example_after_the_last_stall_and_the_end_of_the_round():
    """Seed p. 4: red builds their last stall, so the round is finished (yellow and green still play), then the
    game ends with the Lord's scoring: on b red 3 x 3 = 9 and yellow (1+2) x 3 = 9 (Lord and servant); on c
    green (3+1) x 4 = 16 and yellow 1 x 4 = 4 (Lord and citizen); h, already scored, is not scored again."""
    s = lord_example().apply("act 2")
    assert [a for a in s.legal_actions() if isinstance(a, Build)] == [Build("o", 1)]
    s = s.apply("build o 1")
    assert s.events == (StallBuilt("red", "o", 1, 2, 0),
                        LaneScored("o", ("servant", "servant"), 1, (("red", 2), ("yellow", 2))),
                        Note(s.rules["portobello.end.last-stall"],
                             "red has built their last stall: this round is the last"))
    assert s.ending and EndTurn() in s.legal_actions()
    s = s.apply("end")
    assert s.events == (TurnEnded("red", 1, "yellow"),)
    assert not s.is_terminal and s.active == 1 and s.phase == "choose"
    s = s.apply("act 2").apply("end").apply("act 2")
    assert not s.is_terminal and s.active == 2
    s = s.apply("end")
    assert s.is_terminal and s.current_player is None and s.legal_actions() == []
    assert s.events[0] == TurnEnded("green", 2, None)
    assert of_type(s, LordScored) == [LordScored("b", 3, (("red", 9), ("yellow", 9))),
                                      LordScored("c", 4, (("yellow", 4), ("green", 16)))]
    assert [seat.lord for seat in s.seats] == [9, 13, 16]
    assert score_totals(s) == {"red": 21, "yellow": 25, "green": 26}
    assert dict(s.scores()["yellow"]) == {"start": 10, "lanes": 2, "districts": 0, "bobby tolls": 0, "Lord": 13}
    assert s.winners() == ["green"]
    assert s.events[-1] == Note(s.rules["portobello.end.winner"], "the game is over: green wins with 26 points")


def test_tied_players_share_the_win():
    """Seed p. 4: "se vários jogadores estiverem empatados todos ganham"."""
    s = lord_example(yellow={"lanes": 1}).apply("act 2").apply("build o 1").apply("end")
    for _ in range(2):
        s = s.apply("act 2").apply("end")
    assert score_totals(s) == {"red": 21, "yellow": 26, "green": 26}
    assert s.winners() == ["yellow", "green"]
    assert s.events[-1].describe() == "the game is over: yellow and green share the win with 26 points"


def test_no_lord_on_the_board_means_no_lord_scoring():
    """Seed p. 4: "se no fim do jogo o lorde não estiver sobre o tabuleiro de jogo não se efectua a avaliação do
    lorde". Green, the last of the round, builds their last stall, so the game ends after green's turn."""
    s = position(3, lanes={"f": "GGGGG", "g": "GGGG", "t": "GGGGG", "u": "GGGG", "b": "RYY..", "c": "..YR"},
                 squares={"s10": "servant", "s2": "citizen", "s9": "citizen"}, bobby="d2", active=2)
    assert s.seats[2].stalls == 2 and s.lord_square is None
    s = s.apply("act 2").apply("build d 0").apply("build d 1")
    assert s.ending and s.seats[2].stalls == 0
    s = s.apply("end")
    assert s.is_terminal
    assert of_type(s, LordScored) == [] and [seat.lord for seat in s.seats] == [0, 0, 0]
    assert s.winners() == ["red", "yellow", "green"]  # nothing scored: all tied on 10


# ---- building (seed p. 2) --------------------------------------------------------------------------------------
def test_building_only_around_the_bobby_first_at_an_end_then_contiguous():
    """Seed p. 2 and its figure: with the bobby in the district of lanes a, b, c the player builds there; the
    first stall of a lane goes at either end, the next ones directly beside it; moving the bobby across c to the
    neighbouring district, c, d and e become buildable."""
    s = new_game(players=2, seed=7).apply("bobby d1").apply("act 4")
    assert BOARD.lanes_of("d1") == ("a", "b", "c")
    assert [a for a in s.legal_actions() if isinstance(a, Build)] == [
        Build("a", 0), Build("a", 3), Build("b", 0), Build("b", 4), Build("c", 0), Build("c", 3)]
    s = s.apply("build c 3")
    assert s.events[0].rule.id == "portobello.build.first-at-end"
    assert s.stalls_on("c") == (None, None, None, 0) and s.next_spaces("c") == (2,)
    assert [a for a in s.legal_actions() if isinstance(a, Build) and a.lane == "c"] == [Build("c", 2)]
    s = s.apply("bobby d2")
    assert s.events == (BobbyMoved("red", "d1", "d2", "c", 0, ()),)  # red alone has the majority on c
    assert sorted({a.lane for a in s.legal_actions() if isinstance(a, Build)}) == ["c", "d", "e"]
    assert [a for a in s.legal_actions() if isinstance(a, Build)] == [
        Build("c", 2), Build("d", 0), Build("d", 3), Build("e", 0), Build("e", 2)]
    s = s.apply("build c 2").apply("build c 1")
    assert s.events[0].rule.id == "portobello.build.contiguous"
    assert s.stalls_on("c") == (None, 0, 0, 0) and s.next_spaces("c") == (0,)
    assert s.actions_left == 1 and s.seats[0].stalls == 27


def test_anyone_may_extend_anyone_elses_row():
    """Seed p. 2: later stalls go beside the first one, whoever built it."""
    s = position(2, lanes={"c": "R..."}, active=1).apply("act 2").apply("build c 1")
    assert s.stalls_on("c") == (0, 1, None, None)


# ---- a turn (seed p. 2) ----------------------------------------------------------------------------------------
def test_a_turn_with_token_3_one_customer_and_two_stalls():
    """Seed p. 2: "escolhe uma ficha de acção 3: coloca um cliente e constrói 2 bancas"; the drawn customer is
    placed before anything else; the used token goes back face down."""
    s = new_game(players=3, seed=11).apply("bobby d1")
    s = s.apply("act 3")
    assert s.events == (TokenChosen("red", 3, False),) and (s.phase, s.actions_left) == ("actions", 3)
    s = s.apply("customer")
    assert (s.phase, s.actions_left, s.current_player) == ("draw", 2, None)
    s = s.apply("drawn servant")
    assert (s.phase, s.actions_left, s.pending, s.current_player) == ("place", 2, "servant", 0)
    assert s.legal_actions() == [PlaceCustomer(sq) for sq in SQUARES]  # nothing but placing it
    s = s.apply("place s4")
    assert (s.phase, s.actions_left, s.pending) == ("actions", 2, None) and s.customer_at("s4") == "servant"
    s = s.apply("build c 0")
    assert (s.phase, s.actions_left) == ("actions", 1)
    s = s.apply("build c 1")
    assert (s.phase, s.actions_left) == ("actions", 0)
    assert [a for a in s.legal_actions() if not isinstance(a, MoveBobby)] == [EndTurn()]
    s = s.apply("end")
    assert s.events == (TurnEnded("red", 0, "yellow"),)
    assert s.active == 1 and s.phase == "choose"
    assert s.seats[0].tokens == (Token(2), Token(3, face_up=False), Token(4))
    assert s.seats[0].stalls == 18


def test_a_turn_with_token_3_three_customers():
    """Seed p. 2: "... ou coloca 3 clientes"."""
    s = new_game(players=3, seed=11).apply("bobby d1").apply("act 3")
    for n, (kind, square) in enumerate([("servant", "s1"), ("citizen", "s2"), ("citizen", "s3")]):
        s = s.apply("customer").apply(f"drawn {kind}").apply(f"place {square}")
        assert s.actions_left == 2 - n and s.phase == "actions"
    assert s.bag == (4, 3) and [s.customer_at(q) for q in ("s1", "s2", "s3")] == ["servant", "citizen", "citizen"]
    assert DrawCustomer() not in s.legal_actions() and EndTurn() in s.legal_actions()


def spend(s: State) -> State:
    """Use every action of the turn: build where possible, else draw a customer and put it on the first free
    square; then end the turn."""
    while s.actions_left:
        action = next(a for a in s.legal_actions() if isinstance(a, (Build, DrawCustomer)))
        s = s.apply(action)
        if s.is_chance_node:
            s = s.apply(s.sample_chance())
            s = s.apply(s.legal_actions()[0])
    return s.apply("end")


def test_the_three_tokens_cycle():
    """Seed p. 2: a used token goes back face down; once the 2, 3 and 4 have each been used, all three turn face
    up again."""
    s = new_game(players=2, seed=3).apply("bobby d1")
    for value in (2, 3, 4):
        for seat in (0, 1):
            s = spend(s.apply(f"act {value}"))
            if value < 4:
                assert [t.face_up for t in s.seats[seat].tokens] == [v > value for v in (2, 3, 4)]
    assert s.events[-2:] == (TokensTurnedUp("yellow"), TurnEnded("yellow", 0, "red"))
    assert s.seats[0].tokens == (Token(2), Token(3), Token(4)) == s.seats[1].tokens
    assert s.round == 4
    assert sum(seat.stalls for seat in s.seats) + sum(c is not None for row in s.stalls for c in row) == 60


def test_the_lord_comes_only_after_the_tenth_customer_and_as_an_action():
    """Seed p. 4: "desde que o 10.º cliente seja colocado ... pode-se colocar o lorde no último espaço livre;
    colocar o lorde é considerado como uma acção"."""
    squares = {"s1": "servant", "s2": "servant", "s3": "servant", "s4": "servant", "s5": "citizen",
               "s8": "citizen", "s9": "citizen", "s10": "citizen", "s11": "citizen"}  # nine out; a servant left
    s = position(3, squares=squares).apply("act 3")
    assert s.bag == (1, 0) and s.customers_left == 1
    assert DrawCustomer() in s.legal_actions() and PlaceLord() not in s.legal_actions()
    s = s.apply("customer")
    assert s.chance_outcomes() == [(s.parse_action("drawn servant"), Fraction(1))]
    s = s.apply("drawn servant").apply("place s6")
    assert s.customers_left == 0 and s.actions_left == 2
    assert PlaceLord() in s.legal_actions() and DrawCustomer() not in s.legal_actions()
    s = s.apply("lord")
    assert s.events[0] == LordPlaced("red", "s7") and s.lord_square == "s7" and s.actions_left == 1
    assert PlaceLord() not in s.legal_actions()


# ---- setup (seed p. 1-2) -----------------------------------------------------------------------------------------
@pytest.mark.parametrize("players, colours, stalls", [
    (2, ("red", "yellow"), 30), (3, ("red", "yellow", "green"), 20), (4, ("red", "yellow", "green", "blue"), 16)])
def test_setup(players, colours, stalls):
    """Seed p. 1: stalls 30/20/16 of one colour each; tokens 2, 3, 4 face up; neutral stack 3 3 2 2 1 1 1 1 from
    the top; 5 servants and 5 citizens in the bag; scores on 10. Seed p. 2: the start player's right-hand
    neighbour (the last seat) puts the bobby in any district, then the start player (seat 0) plays."""
    s = new_game(players=players, seed=players)
    assert s.players == colours
    assert [seat.stalls for seat in s.seats] == [stalls] * players
    assert all(seat.tokens == (Token(2), Token(3), Token(4)) for seat in s.seats)
    assert s.neutral == (3, 3, 2, 2, 1, 1, 1, 1)
    assert s.bag == (5, 5) and s.squares == (None,) * 11 and s.queue == ()
    assert score_totals(s) == {c: 10 for c in colours}
    assert s.phase == "bobby" and s.current_player == players - 1 and s.bobby is None and s.round == 0
    assert s.legal_actions() == [MoveBobby(d) for d in BOARD.districts]
    s = s.apply("bobby d5")
    assert s.events == (BobbyPlaced(colours[-1], "d5"),)
    # why that player places it, in words (issue 18: once just "green puts the bobby in d5")
    assert s.events[0].describe() == (f"{colours[-1]} puts the bobby in d5: the player on the start player's right "
                                      "places it before the first turn, and red starts")
    assert (s.bobby, s.phase, s.current_player, s.round) == ("d5", "choose", 0, 1)


def test_customer_queue_variant():
    """Seed p. 4 (variant): the 10 customers are laid out in a random order at the start (10 chance steps);
    a customer placed is the first of the queue (no chance step); the Lord comes after them."""
    s = new_game(players=3, seed=5, customer_queue=True)
    assert s.rng.draws == 10 and s.bag == (0, 0)
    assert sorted(s.queue) == ["citizen"] * 5 + ["servant"] * 5
    assert s.events == (CustomerQueued(s.queue[-1], 10),)
    orders = {new_game(players=3, seed=seed, customer_queue=True).queue for seed in range(6)}
    assert len(orders) > 1, "the queue's order is random"
    queue = s.queue
    s = s.apply("bobby d1").apply("act 4")
    drawn = []
    for square in ("s1", "s2", "s3", "s4"):
        s = s.apply("customer")
        assert not s.is_chance_node and s.phase == "place" and s.rng.draws == 10
        drawn.append(s.pending)
        s = s.apply(f"place {square}")
    assert tuple(drawn) == queue[:4] and s.queue == queue[4:]
    # the Lord after the queue is used up
    d = s.to_dict()
    d.update(squares={sq: kind for sq, kind in zip(SQUARES, queue)}, queue=[], phase="choose", actions_left=0,
             token_slot=None, active=1)
    s = State.from_dict(d).apply("act 2")
    assert PlaceLord() in s.legal_actions() and DrawCustomer() not in s.legal_actions()
    assert s.apply("lord").lord_square == "s11"


# ---- the end without a last stall (DECISIONS Portobello 5 and our decisions) ---------------------------------------
def test_a_round_of_passing_does_not_end_the_game_while_stalls_can_be_built():
    """DECISIONS Portobello 4-5: the bobby's district d9 is full and every customer and the Lord are out, so red
    and yellow may end their turns at once (moving the bobby is never forced); but both can still pay to move it
    to a lane with free spaces, so the game goes on into the next round."""
    s = position(2, lanes={"o": "RY", "p": "RRYYR", "q": "YYRR", "n": "Y..."},
                 squares=full_market(s5="citizen", s6="lord"), bobby="d9")
    s = s.apply("act 2")
    assert [a for a in s.legal_actions() if not isinstance(a, MoveBobby)] == [EndTurn()]
    s = s.apply("end").apply("act 4").apply("end")
    assert not s.is_terminal and s.round == 2 and s.current_player == 0


def test_the_game_ends_when_no_stall_can_be_built_any_more():
    """``portobello.assume.no-stall-possible`` (DECISIONS Portobello 5): as above, but both players are down to 0
    points and each lane out of d9 (o: red and yellow tie; q: tie) costs them 1, while p is on the rim. No customer
    is left and nobody can ever build again, so the game ends at the end of the round, with the Lord's scoring."""
    broke = {"lanes": 0, "tolls": -10}  # o, p, q scored earlier; those points are spent here
    s = position(2, lanes={"o": "RY", "p": "RRYYR", "q": "YYRR", "n": "Y..."},
                 squares=full_market(s5="citizen", s6="lord"), bobby="d9", points={"red": broke, "yellow": broke})
    s = s.apply("act 2")
    assert s.legal_actions() == [EndTurn()]
    s = s.apply("end")
    assert not s.is_terminal  # the round is finished first
    s = s.apply("act 4").apply("end")
    assert s.is_terminal
    assert Note(s.rules["portobello.assume.no-stall-possible"],
                "nobody can build another stall and no customer is left: the game ends") in s.events
    # n (s5 -> s6: 2 1 1 3): yellow's 2 with the Lord and a citizen, x4
    assert of_type(s, LordScored) == [LordScored("n", 4, (("yellow", 8),))]
    assert s.seats[0].stalls == 24 and s.seats[1].stalls == 24  # stalls were left: the game ended anyway


def test_placing_the_lord_is_never_forced():
    """Seed p. 4 ("pode-se colocar o lorde"): with the tenth customer out and nothing to build around the bobby,
    a player with actions left may place the Lord or end the turn."""
    s = position(2, lanes={"o": "RY", "p": "RRYYR", "q": "YYRR"}, squares=full_market(free=("s6",)), bobby="d9")
    s = s.apply("act 3")
    legal = [a for a in s.legal_actions() if not isinstance(a, MoveBobby)]
    assert legal == [PlaceLord(), EndTurn()]
    after = s.apply("end")
    assert after.lord_square is None and after.events[0].forfeited == 3


def test_the_market_cannot_fill_up_before_a_supply_runs_out():
    """A full market can never end the game before a last stall: every player count brings at most 64 stalls (seed p. 1:
    2 x 30, 3 x 20, 4 x 16) and a board has at least 80 spaces (DECISIONS Portobello 1), so someone builds their
    last stall first."""
    spaces = sum(lane.spaces for lane in BOARD.lanes.values())
    assert spaces == 90
    most = max(n * STALLS_PER_PLAYER[n] for n in (2, 3, 4))
    assert most == 64 and most < 80 <= spaces
