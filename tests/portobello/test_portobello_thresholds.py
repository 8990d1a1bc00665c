"""Thresholds, ties and limits of the Portobello rules, each pinned on both sides (seed 001 p. 1-4, DECISIONS.md).

Boundaries pinned elsewhere (so that turning a ``>`` into ``>=`` fails some test):
- a lane scores when full *and* served at both ends: ``test_portobello_examples.py``
  ``test_a_served_lane_with_a_free_space_does_not_score``, ``test_a_full_lane_with_an_empty_end_does_not_score``,
  ``test_lane_scoring_example_when_the_last_stall_is_built`` / ``..._when_the_second_customer_is_placed``;
- the toll's relative majority (``portobello.bobby.toll``: alone, shared, two others tied, empty):
  ``test_bobby_tolls`` and the property ``test_the_toll_is_zero_exactly_when_the_mover_alone_has_the_majority``;
- a toll of exactly the mover's score is paid, one more is refused (``portobello.assume.toll-limit``):
  ``test_a_toll_above_the_score_is_refused_and_exactly_the_score_is_allowed``;
- the winner: one point ahead wins alone, a tie shares (``portobello.end.winner``):
  ``test_lord_scoring_example_after_the_last_stall_and_the_end_of_the_round`` (26 v 25) and
  ``test_tied_players_share_the_win`` (26 v 26);
- the bag: with one customer left a draw is offered and the Lord is not, after the tenth the reverse
  (``portobello.customer.bag-empty``, ``portobello.lord.place``):
  ``test_the_lord_comes_only_after_the_tenth_customer_and_as_an_action``;
- tokens turn face up only when all three are down (``portobello.turn.flip``): ``test_the_three_tokens_cycle``;
- stalls per player count 30 / 20 / 16 (``portobello.setup.stalls``): ``test_setup``;
- the round after the last stall: played to the last seat (``test_lord_scoring_example_...``: red, seat 0, empties
  their hand and yellow and green still play) and no further (``test_no_lord_on_the_board_means_no_lord_scoring``:
  green, the last seat, ends it at once);
- a token's number of actions and no more: the refusals ``build-no-actions-left`` and ``customer-no-actions-left``
  (after the 2 of token 2); two district scorings per player at most: ``test_the_neutral_stack_is_taken_from_the_
  top_3_3_2``.
"""

from __future__ import annotations

import pytest

from explorer.core import IllegalAction, Note
from explorer.portobello import Board, position
from explorer.portobello.actions import MoveBobby

BOARD = Board.default()


def test_last_stall_ends_the_game_at_zero_in_hand_not_at_one():
    """``portobello.end.last-stall`` (seed p. 4): building the second-to-last stall leaves 1 in hand and the game
    goes on as before; building the last one starts the last round."""
    lanes = {"k": "RRRRRR", "m": "RRRRRR", "p": "RRRRR", "f": "RRRRR", "t": "RRRRR"}  # 27 of red's 30
    s = position(2, lanes=lanes, token=3)
    assert s.seats[0].stalls == 3 and not s.ending
    s = s.apply("build c 0")
    assert s.seats[0].stalls == 2 and not s.ending
    s = s.apply("build c 1")
    assert s.seats[0].stalls == 1 and not s.ending
    assert not any(isinstance(e, Note) for e in s.events)
    s = s.apply("build c 2")
    assert s.seats[0].stalls == 0 and s.ending
    assert s.events[-1] == Note(s.rules["portobello.end.last-stall"],
                                "red has built their last stall: this round is the last")


@pytest.mark.parametrize("score, allowed", [(3, True), (2, False)])
def test_toll_three_others_tied_for_the_most_take_one_point_each(score, allowed):
    """``portobello.bobby.toll`` (seed p. 3, "um ponto a cada"): green, blue and yellow have one stall each on
    lane b and red none, so red pays 3 points, one to each; ``portobello.assume.toll-limit``: with exactly 3 points
    red may cross, with 2 not."""
    s = position(4, lanes={"b": "GBY.."}, points={"red": {"tolls": score - 10}, "yellow": {"tolls": 2},
                                                  "green": {"tolls": 3}, "blue": {"tolls": 5 - score}},
                 token=2)
    assert s.toll("b") == (3, (1, 2, 3))
    assert (MoveBobby("d4") in s.legal_actions()) is allowed
    if allowed:
        after = s.apply("bobby d4")
        assert [seat.score for seat in after.seats] == [0, 13, 14, 16 - score]
    else:
        with pytest.raises(IllegalAction) as info:
            s.apply("bobby d4")
        assert info.value.rule.id == "portobello.assume.toll-limit"
        assert info.value.reason == "crossing lane b costs 3 points and red has only 2"


def test_toll_one_stall_more_than_anyone_is_the_majority():
    """``portobello.bobby.toll``: a majority of one stall (red 2, yellow 1) crosses free; at one each it is shared
    and costs 1 point to nobody; one behind (red 1, yellow 2) pays yellow."""
    assert position(2, lanes={"c": "RRY."}, token=2).toll("c") == (0, ())
    assert position(2, lanes={"c": "RY.."}, token=2).toll("c") == (1, ())
    assert position(2, lanes={"c": "RYY."}, token=2).toll("c") == (1, (1,))


@pytest.mark.parametrize("left", [0, 1])
def test_no_stall_possible_ends_the_game_only_once_no_customer_is_left(left):
    """``portobello.assume.no-stall-possible`` (DECISIONS Portobello 5): red and yellow have 0 points, the lanes
    around the bobby's d9 are full, and crossing o or q costs 1 (shared majorities) while p is on the rim: nobody
    can build again. Yellow, the last seat, ends the round: with no customer left the game ends; with one still in
    the bag it goes on (a customer can still be drawn)."""
    # ten customers out, s1 free (the Lord stays beside the board); with one left, s2's servant is still in the bag
    squares = {"s2": "servant", "s3": "servant", "s4": "servant", "s6": "servant", "s11": "servant",
               "s5": "citizen", "s7": "citizen", "s8": "citizen", "s9": "citizen", "s10": "citizen"}
    if left:
        del squares["s2"]
    assert all(sq not in BOARD.lanes[lane].ends for lane in "opqn" for sq in ("s1", "s2"))
    broke = {"lanes": 0, "tolls": -10}
    s = position(2, lanes={"o": "RY", "p": "RRYYR", "q": "YYRR", "n": "Y..."}, squares=squares, bobby="d9",
                 points={"red": broke, "yellow": broke}, active=1, token=2, actions_left=0)
    assert s.customers_left == left
    s = s.apply("end")
    assert s.is_terminal is (left == 0)
    if left:
        assert (s.round, s.active, s.phase) == (2, 0, "choose")


@pytest.mark.parametrize("drawn, most", [(None, 2), ("citizen", 1)])
def test_actions_left_never_exceed_what_the_token_gives(drawn, most):
    """``portobello.turn.token`` (seed p. 2): the token 2 gives 2 actions; a position with 2 left is fine, with 3
    it cannot be reached. Drawing a customer spent one, so with a drawn customer waiting at most 1 is left."""
    from explorer.core import InvalidData

    assert position(3, token=2, drawn=drawn, actions_left=most).actions_left == most
    with pytest.raises(InvalidData) as info:
        position(3, token=2, drawn=drawn, actions_left=most + 1)
    spent = " and 1 spent on the customer drawn" if drawn else ""
    assert info.value.problems == (f"actions_left: {most + 1} actions left{spent}, but the token played gives 2",)
