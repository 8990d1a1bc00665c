"""Every refusal the Portobello engine gives, one case each: the rule id, a message naming what is wrong, and
nothing changed.

The cases go through ``turn.why_illegal`` (phases, tokens, districts, customers, the Lord, ending the turn),
``building.why_not`` and ``bobby.why_not`` branch by branch; :func:`test_every_refusal_rule_is_exercised` checks
that every rule those functions can name appears in :data:`CASES`. Rules: seed 001 p. 1-4 and DECISIONS.md
(Portobello section). Bad notation raises ``NotationError`` with a message saying what was expected.
"""

from __future__ import annotations

import inspect
import re

import pytest

from explorer.core import IllegalAction, NotationError
from explorer.portobello import State, bobby, building, new_game, parse_action, turn
from explorer.portobello import position as build_position
from explorer.portobello.actions import Build, MoveBobby, PlaceCustomer, ScoreDistrict
from explorer.portobello.board import Board

BOARD = Board.default()
EVERY_SQUARE_BUT_S6 = {"s1": "servant", "s2": "servant", "s3": "servant", "s4": "servant", "s5": "servant",
                       "s7": "citizen", "s8": "citizen", "s9": "citizen", "s10": "citizen", "s11": "citizen"}


def position(players: int = 3, **kw) -> State:
    """Red (seat 0) to choose a token, the bobby in d1 (the public builder, 3 players by default)."""
    return build_position(players, **{"bobby": "d1", **kw})


def setup_phase() -> State:
    return new_game(players=3, seed=2007)


def choosing(**kw) -> State:
    return position(**kw)


def acting(token: str = "act 2", **kw) -> State:
    return position(**kw).apply(token)


def drawing() -> State:
    return acting().apply("customer")


def placing() -> State:
    return position(squares={"s4": "servant"}).apply("act 2").apply("customer").apply("drawn servant")


def scored_d1() -> State:
    """Red scored d1 with their 4 (red holds 2, 3 and a face-down neutral 3); yellow to choose."""
    return position(lanes={"a": "RR.."}).apply("district d1 x4")


def game_over() -> State:
    s = position(lanes={"f": "GGGGG", "g": "GGGG", "t": "GGGGG", "u": "GGGG"}, bobby="d2", active=2)
    return s.apply("act 2").apply("build c 0").apply("build c 1").apply("end")


def red_spent_4_on_d1() -> State:
    """Red to choose again after scoring d1 with the 4: their own 4 lies on d1."""
    s = scored_d1()
    return s.apply("district d2 x4").apply("district d3 x4")


CASES = [
    # ---- setup: the bobby first (seed p. 2) --------------------------------------------------------------------
    ("setup-token-before-bobby", setup_phase, "act 3", "portobello.setup.bobby",
     ["green", "puts the bobby in a district"]),
    ("setup-build-before-bobby", setup_phase, "build c 0", "portobello.setup.bobby", ["green", "right-hand"]),
    ("setup-unknown-district", setup_phase, MoveBobby("d99"), "portobello.board.market", ["no district d99"]),
    # ---- choosing the token (seed p. 2) ----------------------------------------------------------------------
    ("choose-build-first", choosing, "build c 0", "portobello.turn.token", ["red", "face-up action tokens"]),
    ("choose-customer-first", choosing, "customer", "portobello.turn.token", ["red", "chooses"]),
    ("choose-lord-first", choosing, "lord", "portobello.turn.token", ["red", "token"]),
    ("choose-end-first", choosing, "end", "portobello.turn.token", ["red", "token"]),
    ("choose-bobby-before-token", choosing, "bobby d2", "portobello.assume.bobby-after-token",
     ["first chooses one of their face-up action tokens"]),
    ("choose-place-without-draw", choosing, "place s1", "portobello.customer.draw", ["draw a customer first"]),
    ("token-face-down", lambda: choosing(tokens={"red": "2 3- 4"}), "act 3", "portobello.turn.flip",
     ["red's token 3 is face down", "all three"]),
    ("token-neutral-face-down", lambda: choosing(tokens={"red": "2 3 n3-"}, district_tokens={"d5": ("red", 4)}),
     "act n3", "portobello.turn.flip", ["red's neutral 3 is face down"]),
    ("token-not-held", choosing, "act n3", "portobello.turn.token", ["red has no neutral 3", "face up: 2, 3, 4"]),
    ("token-one", choosing, "act 1", "portobello.turn.token", ["no token 1"]),
    # ---- scoring a district (seed p. 4) ----------------------------------------------------------------------
    ("district-with-3", choosing, "district d1 x3", "portobello.score.district",
     ["only a player's own 2 and 4 tokens score a district"]),
    ("district-unknown", choosing, ScoreDistrict("d99", 4), "portobello.board.market", ["no district d99"]),
    ("district-twice", scored_d1, "district d1 x2", "portobello.score.district-once",
     ["d1 was already scored by red with a 4", "one token in the whole game"]),
    ("district-own-token-spent", red_spent_4_on_d1, "district d4 x4", "portobello.score.district-neutral",
     ["red has already spent their own 4", "neutral tokens never score districts"]),
    ("district-token-face-down", lambda: choosing(tokens={"red": "2- 3 4"}), "district d1 x2",
     "portobello.assume.district-token-face-up", ["red's token 2 is face down", "only a face-up token"]),
    ("district-after-token", acting, "district d1 x4", "portobello.score.district",
     ["already chosen this turn's token", "instead of a whole turn"]),
    ("second-token", acting, "act 3", "portobello.turn.token", ["red has already chosen this turn's token"]),
    # ---- actions: out of actions (seed p. 2) -----------------------------------------------------------------
    ("build-no-actions-left", lambda: acting().apply("build c 0").apply("build c 1"), "build c 2",
     "portobello.turn.token", ["used all the actions", "end the turn"]),
    ("customer-no-actions-left", lambda: acting().apply("build c 0").apply("build c 1"), "customer",
     "portobello.turn.token", ["used all the actions"]),
    ("lord-no-actions-left", lambda: acting(squares=EVERY_SQUARE_BUT_S6).apply("build c 0").apply("build c 1"),
     "lord", "portobello.turn.token", ["used all the actions"]),
    ("place-in-actions", acting, "place s1", "portobello.customer.draw", ["draw a customer first"]),
    # ---- building (seed p. 1-2) ------------------------------------------------------------------------------
    ("build-unknown-lane", acting, Build("zz", 0), "portobello.board.market", ["no lane zz"]),
    ("build-no-stalls-left", lambda: acting(lanes={"f": "RRRRR", "g": "RRRR", "t": "RRRRR", "u": "RRRR",
                                                   "v": "R.."}, tokens={"red": "2 3 4"}).apply("build c 0"),
     "build c 1", "portobello.build.supply", ["red has built all their stalls"]),
    ("build-away-from-bobby", acting, "build k 0", "portobello.build.bobby-district",
     ["lane k does not bound d1", "lanes a, b, c", "move the bobby"]),
    ("build-space-out-of-range", acting, "build c 9", "portobello.board.market", ["lane c has only 4 stall spaces, between s9 and s10"]),
    ("build-full-lane", lambda: acting(lanes={"c": "RYRY"}), "build c 0", "portobello.build.lane-full",
     ["lane c is full"]),
    ("build-first-not-at-end", acting, "build c 1", "portobello.build.first-at-end",
     ["lane c is empty", "at either end, the space next to s9 (worth 3) or the space next to s10 (worth 3)"]),
    ("build-not-beside-row", lambda: acting(lanes={"c": "R..."}), "build c 2", "portobello.build.contiguous",
     ["on lane c, the 2nd space from s10 (worth 1) is not next to the stalls already there",
      "goes on the 2nd space from s9 (worth 1)"]),
    ("build-on-taken-space", lambda: acting(lanes={"c": "R..."}), "build c 0", "portobello.build.contiguous",
     ["on lane c, the space next to s9 (worth 3) is taken", "goes on the 2nd space from s9 (worth 1)"]),
    ("build-wrong-end-of-row", lambda: acting(lanes={"b": "....Y"}), "build b 0", "portobello.build.contiguous",
     ["the space next to s10 (worth 3) is not next to", "goes on the 2nd space from s2 (worth 1)"]),
    # ---- customers and the Lord (seed p. 2, p. 4) -----------------------------------------------------------------
    ("customer-bag-empty-lord-next", lambda: acting(squares=EVERY_SQUARE_BUT_S6), "customer",
     "portobello.customer.bag-empty", ["all ten customers are out; place the Lord instead"]),
    ("customer-bag-empty-lord-out", lambda: acting("act 3", squares=EVERY_SQUARE_BUT_S6).apply("lord"), "customer",
     "portobello.customer.bag-empty", ["all ten customers are out"]),
    ("lord-too-early", lambda: acting(squares={"s1": "servant", "s2": "citizen"}), "lord", "portobello.lord.place",
     ["only after the tenth customer", "8 still to come"]),
    ("lord-twice", lambda: acting("act 3", squares=EVERY_SQUARE_BUT_S6).apply("lord"), "lord",
     "portobello.lord.place", ["the Lord already stands on s6"]),
    ("place-before-anything-build", placing, "build c 0", "portobello.customer.place",
     ["red must first put the drawn servant on an empty square"]),
    ("place-before-anything-bobby", placing, "bobby d2", "portobello.customer.place", ["drawn servant"]),
    ("place-before-anything-end", placing, "end", "portobello.customer.place", ["on an empty square"]),
    ("place-on-occupied-square", placing, "place s4", "portobello.customer.place",
     ["s4 already holds a servant", "empty squares"]),
    ("place-unknown-square", placing, PlaceCustomer("s99"), "portobello.board.market", ["no square s99"]),
    # ---- ending the turn (DECISIONS Portobello 4) -------------------------------------------------------------
    ("end-with-actions-possible", acting, "end", "portobello.assume.forfeit",
     ["red must use the token's actions while they can: 2 actions left",
      "they can still build a stall around the bobby in d1 or draw a customer"]),
    ("end-with-one-action-possible", lambda: acting().apply("build c 0"), "end", "portobello.assume.forfeit",
     ["red must use the token's actions while they can: 1 action left"]),
    # ---- the bobby (seed p. 2-3, DECISIONS Portobello 3) ------------------------------------------------------------
    ("bobby-stays", acting, "bobby d1", "portobello.bobby.move", ["the bobby already stands in d1"]),
    ("bobby-not-neighbour", acting, "bobby d7", "portobello.bobby.move",
     ["d7 is not next to d1", "one lane at a time", "d2 (lane c), d3 (lane a), d4 (lane b)"]),
    ("bobby-unknown", acting, MoveBobby("d99"), "portobello.board.market", ["no district d99"]),
    ("bobby-toll-above-score", lambda: acting(lanes={"c": "YY.."}, points={"red": {"tolls": -10}}), "bobby d2",
     "portobello.assume.toll-limit", ["crossing lane c costs 1 point and red has only 0"]),
    ("bobby-two-point-toll", lambda: acting(players=4, lanes={"b": "GGBB."}, points={"red": {"tolls": -9}}),
     "bobby d4", "portobello.assume.toll-limit", ["crossing lane b costs 2 points and red has only 1"]),
    # ---- chance and the end (core rules) ----------------------------------------------------------------------
    ("chance-decides", drawing, "build c 0", "core.chance.outcome", ["chance decides this step", "a draw"]),
    ("player-forces-chance", acting, "drawn servant", "core.turn.not-legal", ["not a move the rules allow now"]),
    ("queue-outcome-in-play", drawing, "queue servant", "core.chance.outcome", ["not one of the outcomes"]),
    ("after-the-end", game_over, "act 2", "core.end.game-over", ["the game is over", "no more moves"]),
]


@pytest.mark.parametrize("make, action, rule, words", [pytest.param(*c[1:], id=c[0]) for c in CASES])
def test_refusal(make, action, rule, words):
    """Each refusal names its rule and explains itself; the state is unchanged (``to_dict`` before and after)."""
    state = make()
    before = state.to_dict()
    legal = state.legal_actions()
    with pytest.raises(IllegalAction) as info:
        state.apply(action)
    err = info.value
    assert err.rule.id == rule, str(err)
    for word in words:
        assert word in err.reason, (word, err.reason)
    written = f" [notation: {err.notation}]" if err.notation else ""
    assert str(err) == f"{err.reason}{written} ({rule}: {err.rule.title})"
    assert state.to_dict() == before and state.legal_actions() == legal
    explained = state.explain(action)
    assert explained is not None and explained.rule.id == rule and explained.reason == err.reason
    assert state.to_dict() == before


def _rules_named_in(function) -> set[str]:
    return set(re.findall(r'"((?:portobello|core)\.[a-z]+\.[a-z0-9-]+)"', inspect.getsource(function)))


def test_every_refusal_rule_is_exercised():
    """Every rule the three explainers can name is the rule of at least one case above."""
    named = _rules_named_in(turn.why_illegal) | _rules_named_in(building.why_not) | _rules_named_in(bobby.why_not)
    covered = {c[3] for c in CASES}
    assert sorted(named - covered) == []
    assert len(named) >= 20


def test_a_district_that_is_not_a_neighbour_is_always_refused_as_one():
    """Seed p. 2-3: the bobby crosses one lane at a time; from every district, every district that is not a
    neighbour is refused with ``portobello.bobby.move`` (on a valid board two districts sharing a lane are
    neighbours, and nothing lies beyond a rim lane)."""
    for here in BOARD.districts:
        s = position(bobby=here).apply("act 2")
        near = {d for d, _ in BOARD.neighbours(here)}
        for there in BOARD.districts:
            if there != here and there not in near:
                err = s.explain(MoveBobby(there))
                assert err.rule.id == "portobello.bobby.move" and f"{there} is not next to {here}" in err.reason


def test_refusals_are_json_ready():
    err = acting().explain("build k 0")
    assert err.to_dict() == {"rule": "portobello.build.bobby-district", "title": "Build only around the bobby",
                             "reason": err.reason, "text": err.rule.text, "action": "build k 0", "notation": ""}


def test_legal_actions_are_never_refused():
    """The mirror image: what ``legal_actions`` offers, ``explain`` accepts and ``apply`` carries out."""
    for make in (setup_phase, choosing, acting, placing, drawing, scored_d1):
        s = make()
        for action in s.legal_actions():
            assert s.explain(action) is None
            s.apply(action)


# ---- notation ---------------------------------------------------------------------------------------------------
@pytest.mark.parametrize("text, message", [
    ("", "empty action; try 'act 3', 'build c 0'"),
    ("   ", "empty action"),
    ("fly d2", "'fly d2': unknown action 'fly'; actions are bobby, act, district, build"),
    ("build c", "'build c': expected 'build <lane> <space>'"),
    ("build c x", "'build c x': the space is a number counted from the lane's first square, 0 first"),
    ("build c -1", "the space is a number"),
    ("build zz 0", "'build zz 0': no lane 'zz' on this board (known: a, b, c"),
    ("act", "'act': expected 'act <2|3|4|n1|n2|n3>'"),
    ("act 5", "'act 5': a token is 2, 3 or 4 (your own) or n1, n2, n3 (neutral)"),
    ("act x3", "a token is 2, 3 or 4"),
    ("district d1 4", "'district d1 4': the token is written x2 or x4"),
    ("district d1", "expected 'district <district> x<2|4>'"),
    ("district d99 x4", "no district 'd99' on this board"),
    ("bobby d99", "'bobby d99': no district 'd99' on this board (known: d1, d10, d11, d12, d2"),
    ("bobby", "expected 'bobby <district>'"),
    ("place s99", "no square 's99' on this board"),
    ("place", "expected 'place <square>'"),
    ("customer now", "'customer now': expected 'customer'"),
    ("lord s1", "expected 'lord'"),
    ("end turn", "expected 'end'"),
    ("drawn lord", "'drawn lord': a customer from the bag is a servant or a citizen"),
    ("queue", "expected 'queue <servant|citizen>'"),
])
def test_bad_notation_says_what_was_expected(text, message):
    s = acting()
    before = s.to_dict()
    with pytest.raises(NotationError) as info:
        s.apply(text)
    assert message in str(info.value)
    with pytest.raises(NotationError):
        s.explain(text)
    assert s.to_dict() == before


def test_notation_is_not_an_action_of_another_type():
    with pytest.raises(NotationError, match="an action is text like 'build c 0', got int"):
        parse_action(5)


@pytest.mark.parametrize("text", ["bobby d2", "act 3", "act n1", "district d7 x4", "build c 0", "customer",
                                  "place s4", "lord", "end", "drawn servant", "queue citizen"])
def test_notation_round_trips(text):
    assert str(parse_action(text)) == text
    verb, _, rest = text.partition(" ")
    assert parse_action(f"  {verb.upper()}   {rest} ") == parse_action(text)  # verbs in any case, any spacing


def test_parse_action_with_a_board_refuses_ids_not_on_it():
    """One reader, ``parse_action(text, board=None)``: without a board only the syntax is read; with the board
    ``State.from_dict`` takes, lanes, squares and districts not on it are refused; ``State.parse_action`` reads
    with the position's own board."""
    custom = Board.from_dict({**BOARD.to_dict()})
    for text, kind in (("build zz 0", "lane 'zz'"), ("place s99", "square 's99'"), ("bobby d13", "district 'd13'"),
                       ("district d0 x2", "district 'd0'")):
        assert str(parse_action(text)) == text  # syntax only
        for board in (BOARD, custom):
            with pytest.raises(NotationError, match=f"no {kind} on this board"):
                parse_action(text, board)
        with pytest.raises(NotationError, match=f"no {kind} on this board"):
            acting().parse_action(text)
    assert parse_action("build c 3", BOARD) == Build("c", 3) == acting().parse_action("build c 3")
    assert parse_action("place s4", board=None) == PlaceCustomer("s4")
    with pytest.raises(TypeError, match="board must be a Board"):
        parse_action("build c 0", ["c"])


def test_junk_objects_are_refused_with_the_generic_rule():
    s = acting()
    for junk in (None, 42, ("build", "c", 0), object()):
        err = s.explain(junk)
        assert err.rule.id == "core.turn.not-legal"
        with pytest.raises(IllegalAction):
            s.apply(junk)
