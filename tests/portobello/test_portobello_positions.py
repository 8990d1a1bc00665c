"""The Portobello position format (``State.to_dict`` / ``State.from_dict``): exact round trips, and bad data.

``from_dict`` is how tutorials, tests and users set up any situation, so it must give back exactly what
``to_dict`` wrote (same dict, same legal actions) at every point of a game, and refuse what play could never
reach with an ``InvalidData`` that lists every problem at once, each naming the field: wrong types, unknown
lanes, squares or districts, stalls or customers not conserved, a row not built from an end, two Lords, the Lord
before the tenth customer, a full served lane not marked scored, bad tokens, negative scores, wrong colours.
It also plays on a user's own board (``Board.from_dict``). Rules: seed 001 p. 1-4, DECISIONS.md Portobello.
"""

from __future__ import annotations

import copy
import json
import random
from collections import Counter

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from explorer.core import InvalidData, Record
from explorer.core.schema import parse_json
from explorer.portobello import Board, State, new_game
from explorer.portobello.components import STALLS_PER_PLAYER
from explorer.portobello.scoring import scored_lane_points

BOARD = Board.default()


def play(seed: int, players: int, queue: bool = False, every: int = 1) -> list[State]:
    """Every ``every``-th state of a seeded random game (random.Random(seed) choices), the last one included."""
    chooser, s = random.Random(seed), new_game(players=players, seed=seed, customer_queue=queue)
    out, step = [s], 0
    while not s.is_terminal:
        s = s.apply(s.sample_chance() if s.is_chance_node else chooser.choice(s.legal_actions()))
        step += 1
        if step % every == 0 or s.is_terminal:
            out.append(s)
    return out


@pytest.fixture(scope="module")
def midgame() -> dict:
    """A 3-player position in the action phase of round 4 or later, with stalls and customers out (seed 4: five
    districts scored, green holds a neutral 2, own 3 and 4 and has its 2 on d12)."""
    for s in play(4, 3):
        if s.phase == "actions" and s.round >= 4 and any(s.squares) and s.actions_left:
            return s.to_dict()
    raise AssertionError("no such position in seed 4")


def changed(base: dict, **fields) -> dict:
    d = copy.deepcopy(base)
    d.update(fields)
    return d


def problems(d: dict, board: Board | None = None) -> list[str]:
    with pytest.raises(InvalidData) as info:
        State.from_dict(d, board=board)
    assert str(info.value).startswith("Portobello position is invalid")
    return list(info.value.problems)


# ---- round trips ------------------------------------------------------------------------------------------------
@pytest.mark.parametrize("players, queue, seed", [(2, False, 1), (2, True, 2), (3, False, 3), (3, True, 4),
                                                  (4, False, 5), (4, True, 6)])
def test_every_position_of_a_game_round_trips_exactly(players, queue, seed):
    """Seeds 1-6: at every step ``from_dict(to_dict(s))`` gives the same dict, an equal state, the same legal
    actions (chance outcomes included) and the same next state."""
    states = play(seed, players, queue)
    assert states[-1].is_terminal and len(states) > 100
    phases = Counter()
    for s in states:
        d = s.to_dict()
        back = State.from_dict(json.loads(json.dumps(d)))
        assert back.to_dict() == d
        assert back == s
        assert back.legal_actions() == s.legal_actions()
        assert back.chance_outcomes() == s.chance_outcomes()
        phases[s.phase] += 1
    assert {"choose", "actions", "place", "over"} <= set(phases)
    assert ("draw" in phases) != queue  # the variant never draws from the bag


def test_a_round_tripped_position_plays_on_identically():
    states = play(8, 4, every=17)
    for s in states[1:-1]:
        back = State.from_dict(s.to_dict())
        for action in s.legal_actions()[:5]:
            assert back.apply(action).to_dict() == s.apply(action).to_dict()
        if s.is_chance_node:
            assert back.sample_chance() == s.sample_chance()


def test_the_record_and_the_position_agree():
    """A record replays to the same position that ``to_dict`` describes (``explorer.core.Record``)."""
    chooser, record = random.Random(12), Record("portobello", seed=12, options={"players": 3})
    while not record.state.is_terminal and len(record) < 150:
        record.play(chooser.choice(record.state.legal_actions()))
    assert State.from_dict(record.state.to_dict()).to_dict() == record.state.to_dict()
    again = Record.from_json(record.to_json())
    assert again.state.to_dict() == record.state.to_dict()


def test_the_format_leaves_out_empty_lanes_and_squares(midgame):
    s = State.from_dict(midgame)
    assert set(midgame["lanes"]) == {lane for lane in BOARD.lanes if any(o is not None for o in s.stalls_on(lane))}
    assert set(midgame["squares"]) == {sq for sq in BOARD.squares if s.customer_at(sq)}
    assert midgame["game"] == "portobello" and midgame["version"] == "1" and midgame["players"] == 3
    assert json.loads(json.dumps(midgame)) == midgame


def test_missing_optional_fields_take_their_defaults():
    d = {"game": "portobello", "players": 2, "phase": "bobby", "active": 1,
         "seats": [{"colour": "red", "stalls": 30, "tokens": [{"value": 2}, {"value": 3}, {"value": 4}]},
                   {"colour": "yellow", "stalls": 30, "tokens": [{"value": 2}, {"value": 3}, {"value": 4}]}],
         "bag": {"servant": 5, "citizen": 5}, "neutral": [3, 3, 2, 2, 1, 1, 1, 1]}
    s = State.from_dict(d)
    assert s.to_dict() == changed(new_game(players=2, seed=0).to_dict(), seed=0)
    assert s.apply("bobby d3").phase == "choose"


# ---- bad data: every problem, each named -----------------------------------------------------------------------------
def test_every_problem_is_listed_at_once(midgame):
    d = changed(midgame, active=9, bobby="d99", scored=["zz"], squares={**midgame["squares"], "s99": "servant"},
                district_tokens={"d42": {"player": "red", "value": 4}})
    d["lanes"] = {**d["lanes"], "zz": ["red"], "k": ["red"]}
    found = problems(d)
    for expected in ["active: seat 9 does not exist with 3 players", "lanes.zz: no such lane on this board",
                     "lanes.k: the lane has 6 spaces, got 1", "squares.s99: no such square on this board",
                     "scored: no lane 'zz' on this board", "district_tokens.d42: no such district on this board",
                     "bobby: no district 'd99' on this board"]:
        assert expected in found
    assert len(found) == 7


def test_wrong_types_are_named_with_their_field(midgame):
    d = changed(midgame, players="3", round=-1, pending="lord", options={"customer_queue": "yes"})
    d["seats"] = copy.deepcopy(d["seats"])
    d["seats"][1]["stalls"] = "ten"
    d["seats"][2]["tokens"][0]["value"] = 7
    d["lanes"] = {"c": "red"}
    found = problems(d)
    assert "players: input should be 2, 3 or 4 (got '3')" in found
    assert "round: input should be greater than or equal to 0 (got -1)" in found
    assert "seats[1].stalls: input should be a valid integer (got 'ten')" in found
    assert "seats[2].tokens[0].value: input should be less than or equal to 4 (got 7)" in found
    assert "lanes.c: input should be a valid list (got 'red')" in found
    assert any(p.startswith("pending: input should be 'servant' or 'citizen'") for p in found)
    assert "options.customer_queue: input should be a valid boolean (got 'yes')" in found


@pytest.mark.parametrize("data, problem", [
    (None, "(top level): input should be a valid dictionary (got None)"),
    ([], "(top level): input should be a valid dictionary (got [])"),
    ("portobello", "(top level): input should be a valid dictionary (got 'portobello')"),
    ({}, "game: required field is missing"),
    ({"game": "london1666"}, "game: input should be 'portobello' (got 'london1666')"),
])
def test_not_a_position_at_all(data, problem):
    assert problem in problems(data)


def _seat(d: dict, k: int) -> dict:
    return d["seats"][k]


BAD = {
    "unknown field": (lambda d: d.update(colour="red"), "colour: unknown field (not part of this format)"),
    "stalls not conserved": (lambda d: _seat(d, 0).update(stalls=_seat(d, 0)["stalls"] + 1),
                             ("seats[0] (red): {n} in hand + {b} built is not the 20 stalls each player has "
                              "with 3 players")),
    "row not from an end": (lambda d: d["lanes"].update(c=[None, "red", None, None]),
                            "lanes.c: stalls are built as one row from an end of the lane"),
    "row with a gap": (lambda d: d["lanes"].update(b=["red", None, "red", None, None]),
                       "lanes.b: stalls are built as one row from an end of the lane"),
    "nobody plays blue": (lambda d: d["lanes"].update(v=["blue", None, None]), "lanes.v: nobody plays blue"),
    "customers not conserved": (lambda d: d["bag"].update(servant=d["bag"]["servant"] - 1),
                                "customers: {s} servants on squares and {w} still to come, but the game has 5"),
    "two lords": (lambda d: d["squares"].update(s1="lord", s2="lord"), "squares: there is one Lord"),
    "lord before the tenth customer": (lambda d: d["squares"].update(s3="lord"),
                                       "squares: the Lord comes out only after all ten customers"),
    "scored but not full": (lambda d: d.update(scored=["c"]),
                            "lanes.c: scored, but it is not full with customers at both ends"),
    "own token twice": (lambda d: _seat(d, 2)["tokens"][1].update(value=4),
                        ("seats[2] (green): own tokens [4, 4] and district tokens [2] should be the tokens 2, 3 "
                         "and 4, once each")),
    "neutral 4": (lambda d: _seat(d, 2)["tokens"][0].update(value=4),
                  "seats[2] (green): neutral tokens are worth 1, 2 or 3"),
    "neutral stack out of order": (lambda d: d.update(neutral=[1, 1, 1, 1, 2, 2, 3, 3]),
                                   "neutral: the stack is taken from the top of [3, 3, 2, 2, 1, 1, 1, 1]"),
    "neutral token lost": (lambda d: d.update(neutral=[3, 2, 2, 1, 1, 1, 1]),
                           "neutral tokens in hands and on the stack should be [1, 1, 1, 1, 2, 2, 3, 3]"),
    "district token 3": (lambda d: d.update(district_tokens={"d1": {"player": "red", "value": 3}}),
                         "district_tokens.d1.value: input should be 2 or 4 (got 3)"),
    "all tokens face down": (lambda d: [t.update(face_up=False) for t in _seat(d, 1)["tokens"]],
                             "seats[1] (yellow): all tokens face down; they turn face up at once"),
    "negative score": (lambda d: _seat(d, 2)["points"].update(tolls=-11 - _seat(d, 2)["points"]["lanes"]
                                                              - _seat(d, 2)["points"]["districts"]),
                       "seats[2] (green): score -1; scores never go below 0"),
    "negative lane points": (lambda d: _seat(d, 0)["points"].update(lanes=-2),
                             "seats[0].points.lanes: input should be greater than or equal to 0 (got -2)"),
    "colours out of order": (lambda d: d["seats"].reverse(),
                             ("seats: with 3 players the colours are red, yellow, green in seat order, got "
                              "green, yellow, red")),
    "unknown colour": (lambda d: _seat(d, 0).update(colour="purple"),
                       "seats[0].colour: input should be 'red', 'yellow', 'green' or 'blue' (got 'purple')"),
    "too few seats": (lambda d: d.update(players=4), "seats: expected 4 seats (players=4), got 3"),
    "pending outside place": (lambda d: d.update(pending="servant"),
                              "pending: a drawn customer waits exactly in the place phase"),
    "no token chosen in actions": (lambda d: d.update(token_slot=None),
                                   "token_slot: in the actions phase a token has been chosen"),
    "actions in the choose phase": (lambda d: d.update(phase="choose"),
                                    "actions_left, token_slot: no actions are under way in the choose phase"),
    "bobby missing": (lambda d: d.update(bobby=None),
                      "bobby: placed before the first turn and only then (phase actions, bobby None)"),
    "queue without the variant": (lambda d: d.update(queue=["servant"]),
                                  "queue: only the customer-queue variant has a queue"),
    "draw with an empty bag": (lambda d: d.update(phase="draw", bag={"servant": 0, "citizen": 0}),
                               "phase: draw, but the bag is empty"),
    "bad seed": (lambda d: d.update(seed=-5), "seed: seed must be an integer from 0 to 2**63-1, got -5"),
}


@pytest.mark.parametrize("name", list(BAD))
def test_each_bad_position_is_refused_naming_the_problem(midgame, name):
    mutate, expected = BAD[name]
    d = copy.deepcopy(midgame)
    mutate(d)
    found = problems(d)
    s = State.from_dict(midgame)
    built = Counter(o for row in s.stalls for o in row if o is not None)
    placed = Counter(k for k in s.squares if k)
    expected = expected.format(n=s.seats[0].stalls + 1, b=built[0], s=placed["servant"],
                               w=s.bag[0] - 1 + (s.pending == "servant"))
    assert any(p.startswith(expected) for p in found), found


def test_a_full_served_lane_must_be_marked_scored(midgame):
    """Seed p. 3: a full lane with customers at both ends has scored at once, so a position cannot hold one
    unscored."""
    s = State.from_dict(midgame)
    lane = next(x for x in BOARD.lanes if not any(o is not None for o in s.stalls_on(x))
                and not any(s.customer_at(q) for q in BOARD.lanes[x].ends))
    d = copy.deepcopy(midgame)
    row = ["red"] * BOARD.lanes[lane].spaces
    d["lanes"][lane] = row
    d["seats"][0]["stalls"] -= len(row)
    ends = BOARD.lanes[lane].ends
    for sq, kind in zip(ends, ("servant", "citizen")):
        d["squares"][sq] = kind
        d["bag"][kind] -= 1
    assert d["bag"]["servant"] >= 0 and d["bag"]["citizen"] >= 0
    assert problems(d) == [f"lanes.{lane}: full with customers at both ends, so it has already scored"]
    d["scored"] = sorted(d["scored"] + [lane])
    assert State.from_dict(d).is_scored(lane)
    gave = scored_lane_points(d)["red"]
    assert gave == 2 * sum(BOARD.lanes[lane].values)  # a servant and a citizen: x2
    d["seats"][0]["points"]["lanes"] = gave + 1
    assert problems(d) == [f"seats[0] (red).points.lanes: {gave + 1}, but the scored lanes can have given at most "
                           f"{gave}"]


def test_a_board_that_is_not_a_board():
    d = new_game(players=2, seed=1).to_dict()
    assert problems(d, board="default") == ["board: expected a Board, got str"]


def test_a_position_that_does_not_fit_the_board_given():
    """A position saved on the shipped board, read on a user's board whose lane o has 3 spaces instead of 2."""
    custom = Board.from_dict(_board_with(o=[2, 2, 1]))
    d = new_game(players=2, seed=1).apply("bobby d1").to_dict()
    d["lanes"] = {"o": ["red", None]}
    d["seats"][0]["stalls"] = 29
    assert State.from_dict(d).stalls_on("o") == (0, None)
    assert problems(d, board=custom) == ["lanes.o: the lane has 3 spaces, got 2"]


# ---- positions as JSON text --------------------------------------------------------------------------------------
def test_positions_survive_json_text_and_bad_text_is_explained(midgame):
    text = json.dumps(midgame)
    assert State.from_dict(parse_json(text, what="Portobello position")).to_dict() == midgame
    with pytest.raises(InvalidData) as info:
        parse_json(text[:-2], what="Portobello position")
    assert info.value.problems[0].startswith("not valid JSON: ")
    assert "line 1, column" in info.value.problems[0]
    with pytest.raises(InvalidData, match="not UTF-8 text"):
        parse_json(b"\xff{", what="Portobello position")


# ---- a user's own board ---------------------------------------------------------------------------------------------
def _board_with(**values) -> dict:
    data = BOARD.to_dict()
    for lane in data["lanes"]:
        if lane["id"] in values:
            lane["values"] = values[lane["id"]]
    data["name"] = "my printing"
    return data


def test_a_users_board_plays_a_whole_game_and_scores_its_own_values():
    """``Board.from_dict`` with the default board's data and other space values (lane k worth 3 everywhere):
    a game plays to the end on it, positions round trip with it, and the lane-scoring example (seed p. 3) scores
    the new values: red 3 x 3 x 2 = 18, green 2 x 3 x 2 = 12, blue 1 x 3 x 2 = 6."""
    custom = Board.from_dict(_board_with(k=[3, 3, 3, 3, 3, 3]))
    assert custom.lanes["k"].values == (3,) * 6 and custom.name == "my printing"
    chooser, s = random.Random(3), new_game(players=4, seed=3, board=custom)
    while not s.is_terminal:
        s = s.apply(s.sample_chance() if s.is_chance_node else chooser.choice(s.legal_actions()))
        assert s.board is custom
    back = State.from_dict(s.to_dict(), board=custom)
    assert back.to_dict() == s.to_dict() and back.board is custom

    d = new_game(players=4, seed=3, board=custom).apply("bobby d6").to_dict()
    d["lanes"] = {"k": ["red", "red", "red", "green", "blue", None]}
    d["squares"] = {"s4": "servant", "s5": "citizen"}
    d["bag"] = {"servant": 4, "citizen": 4}
    for seat, n in zip(d["seats"], (3, 0, 1, 1)):
        seat["stalls"] = STALLS_PER_PLAYER[4] - n
    d["active"] = 2
    s = State.from_dict(d, board=custom).apply("act 2").apply("build k 5")
    assert s.events[-1].points == (("red", 18), ("green", 12), ("blue", 6))
    # the same position on the shipped board scores the printed values (the seed's 12, 8, 4)
    s = State.from_dict(d).apply("act 2").apply("build k 5")
    assert s.events[-1].points == (("red", 12), ("green", 8), ("blue", 4))


def test_a_broken_user_board_lists_its_problems():
    data = _board_with(k=[3, 3, 4], m=[1])
    with pytest.raises(InvalidData) as info:
        Board.from_dict(data)
    found = info.value.problems
    assert "lanes[10] (k): space 2 is worth 4; spaces are worth 1, 2 or 3 points" in found
    assert "lanes[12] (m): a lane has 2 to 6 stall spaces, got 1" in found


# ---- fuzzing: never a traceback ---------------------------------------------------------------------------------
JUNK = st.one_of(st.none(), st.booleans(), st.integers(-3, 40), st.floats(allow_nan=True), st.text(max_size=6),
                 st.sampled_from(["red", "blue", "lord", "servant", "d1", "c", "s4", "over", "place", "draw"]),
                 st.lists(st.sampled_from([None, "red", "green", 1]), max_size=6),
                 st.dictionaries(st.sampled_from(["c", "k", "s1", "value", "zz"]), st.integers(0, 3), max_size=3))


@pytest.mark.property
@settings(max_examples=300, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(data=st.data())
def test_from_dict_never_fails_with_a_traceback(midgame, data):
    """Any field of a real position replaced by junk: ``from_dict`` accepts it (and the state then works) or
    raises ``InvalidData``; nothing else escapes."""
    d = copy.deepcopy(midgame)
    node = d
    while True:
        keys = list(node) if isinstance(node, dict) else list(range(len(node)))
        if not keys:
            break
        key = data.draw(st.sampled_from(keys))
        if isinstance(node[key], (dict, list)) and node[key] and data.draw(st.booleans()):
            node = node[key]
            continue
        node[key] = data.draw(JUNK)
        break
    try:
        s = State.from_dict(d)
    except InvalidData as err:
        assert err.problems and all(isinstance(p, str) and p for p in err.problems)
        return
    s.legal_actions(), s.scores(), str(s)
    assert State.from_dict(s.to_dict()).to_dict() == s.to_dict()


# ---- unreachable positions from_dict refuses ---------------------------------------------------------------------------
def test_a_district_scoring_always_took_a_neutral_token():
    """Seed p. 4: each district scoring takes the top neutral token. Red's 4 lies on d1, but red holds only 2 and
    3 and the neutral stack still has all 8 tokens: play can never reach this."""
    d = new_game(players=3, seed=1).apply("bobby d1").to_dict()
    d["seats"][0]["tokens"] = [{"value": 2}, {"value": 3}]
    d["district_tokens"] = {"d1": {"player": "red", "value": 4}}
    with pytest.raises(InvalidData):
        State.from_dict(d)


def test_actions_left_never_exceed_the_chosen_token():
    """Seed p. 2: the token's number is how many actions the player takes."""
    d = new_game(players=3, seed=1).apply("bobby d1").apply("act 2").to_dict()
    assert d["token_slot"] == 0 and d["actions_left"] == 2
    d["actions_left"] = 4
    with pytest.raises(InvalidData):
        State.from_dict(d)


def test_the_chosen_token_is_face_up_during_the_turn():
    """Seed p. 2: only a face-up token can be chosen; it turns face down at the end of the turn."""
    d = new_game(players=3, seed=1).apply("bobby d1").apply("act 3").to_dict()
    d["seats"][0]["tokens"][1]["face_up"] = False
    with pytest.raises(InvalidData):
        State.from_dict(d)


# ---- positions a tester built that play can never reach (all refused, each with its reason) -----------------------
def _after_bobby() -> dict:
    return new_game(players=3, seed=1).apply("bobby d1").to_dict()


def _set(d: dict, path: str, value) -> dict:
    d = copy.deepcopy(d)
    *keys, last = path.split(".")
    target = d
    for key in keys:
        target = target[int(key)] if key.isdigit() else target[key]
    target[int(last) if last.isdigit() else last] = value
    return d


@pytest.mark.parametrize("path, value, expected", [
    ("seats.0.points.lanes", 50, "seats[0] (red).points.lanes: 50, but the scored lanes can have given at most 0"),
    ("seats.0.points.districts", 50, "seats[0] (red).points.districts: 50, but their district tokens can have "
                                     "scored at most 0"),
    ("seats.0.points.lord", 7, "seats[0] (red).points.lord: 7, but the Lord's scoring happens only at the end"),
    ("seats.1.points.tolls", 5, "points.tolls: more tolls received than paid"),
    ("ending", True, "ending: true, but nobody has built their last stall"),
    ("phase", "over", "phase: over, but nobody has built their last stall and the game could go on"),
    ("round", 10**30, "round: input should be less than or equal to 10000"),
    ("version", "banana", "version: input should be '1'"),
])
def test_points_and_flags_the_board_cannot_account_for(path, value, expected):
    found = problems(_set(_after_bobby(), path, value))
    assert any(p.startswith(expected) for p in found), found


def test_a_queue_phase_needs_the_variant():
    d = new_game(players=3, seed=1).to_dict()
    d.update(phase="queue")
    assert "phase: queue, but only the customer-queue variant lays out a queue" in problems(d)


def test_a_player_without_stalls_means_the_last_round():
    d = _after_bobby()
    d["lanes"] = {"k": ["red"] * 6, "m": ["red"] * 6, "p": ["red"] * 5, "i": ["red"] * 3}
    d["seats"][0]["stalls"] = 0
    d["active"] = 1  # red built their last stall this round; yellow plays on
    assert problems(d) == ["ending: false, but red built their last stall, so this round is the last"]
    d["ending"] = True
    assert State.from_dict(d).ending


def test_each_problem_is_listed_once():
    d = _after_bobby()
    d["lanes"] = {"c": ["blue", "blue", None, None]}
    assert problems(d).count("lanes.c: nobody plays blue") == 1


def test_number_like_values_are_refused_not_slipped_in():
    """``3.0 == 3`` in Python, so without a type check ``act 3.0`` would be legal and then unreadable."""
    from explorer.core import NotationError
    from explorer.portobello.actions import Build, ChooseToken

    with pytest.raises(ValueError, match="players must be 2, 3 or 4, got 3.0"):
        new_game(players=3.0)
    with pytest.raises(NotationError, match=r"ChooseToken.value must be a whole number, got 3.0"):
        ChooseToken(3.0)
    with pytest.raises(NotationError, match=r"Build.index must be a whole number, got 0.0"):
        Build("c", 0.0)
    s = new_game(players=3, seed=2).apply("bobby d1").apply("act 3")
    for text in ("build c ²", "build c " + "9" * 5000):
        with pytest.raises(NotationError, match="the space is a number"):
            s.apply(text)


def test_deeply_nested_junk_is_reported_briefly():
    d = _after_bobby()
    junk: list = []
    for _ in range(5000):
        junk = [junk]
    d["queue"] = junk
    [problem] = problems(d)
    assert problem.startswith("queue[0]: input should be 'servant' or 'citizen' (got [[[")
    assert len(problem) < 120


def test_a_board_with_an_infinite_map_is_refused():
    data = Board.default().to_dict()
    data["map"]["width"] = float("inf")
    with pytest.raises(InvalidData, match="map.width"):
        Board.from_dict(data)


def test_records_refuse_odd_cursors_and_paths():
    with pytest.raises(InvalidData, match="cursor: must be a whole number from 0 to 0, got 'x'"):
        Record("portobello", seed=1, options={"players": 2}, cursor="x")
    with pytest.raises(InvalidData, match="expected a file path, got NoneType"):
        Record.load(None)
    with pytest.raises(InvalidData, match="expected a file path, got NoneType"):
        Board.from_file(None)


# ---- more positions play can never reach (found by probing from_dict with the public builder) ---------------------
GREEN_EMPTIED = {"f": "GGGGG", "g": "GGGG", "t": "GGGGG", "u": "GGGG", "k": "GG...."}
"""Green's 20 stalls, all built: green's hand is empty."""


@pytest.mark.parametrize("active, token, reachable", [
    (0, None, False),  # red to choose: green, the last seat, would have emptied their hand in an earlier round
    (1, 2, False),     # yellow playing: the same
    (2, None, False),  # green to choose: their turn of this round has not started
    (2, 2, True),      # green playing: they have just built their last stall
])
def test_an_empty_hand_is_reached_only_during_the_last_round(active, token, reachable):
    """``portobello.end.last-stall`` (seed p. 4): the round in which a player builds their last stall is the last,
    so an empty hand belongs to a seat that has already played this round (or is playing)."""
    from explorer.portobello import position

    if reachable:
        s = position(3, lanes=GREEN_EMPTIED, active=active, token=token)
        assert s.ending and s.seats[2].stalls == 0
        return
    with pytest.raises(InvalidData) as info:
        position(3, lanes=GREEN_EMPTIED, active=active, token=token)
    when = "has not started" if active == 2 else "is still to come"
    assert info.value.problems == (f"seats[2] (green): no stall left, yet their turn of this round {when}; the "
                                   "last stall ends the game with its round, so it cannot have been built in an "
                                   "earlier one (portobello.end.last-stall)",)


def test_the_ending_rule_holds_in_every_position_of_a_game():
    """The check above never refuses a position play reaches: the end of a 2-player and a 4-player game."""
    for players, seed in ((2, 5), (4, 6)):
        for s in play(seed, players):
            assert State.from_dict(s.to_dict()).to_dict() == s.to_dict()


def test_tolls_are_received_only_by_a_player_with_stalls():
    """``portobello.bobby.toll`` (seed p. 3): tolls go to the players with the most stalls on the lane crossed, and
    stalls never leave the board; yellow, with no stall built, cannot have received more than they paid. Every
    problem is listed with the others."""
    from explorer.portobello import position

    with pytest.raises(InvalidData) as info:
        position(3, lanes={"c": "RR.."}, points={"red": {"tolls": -4, "districts": 5}, "yellow": {"tolls": 2},
                                                 "green": {"tolls": -1}})
    assert info.value.problems == (
        "seats[0] (red).points.districts: 5, but their district tokens can have scored at most 0",
        "seats[1] (yellow).points.tolls: 2 more received than paid, but tolls go to the players with the most "
        "stalls on a lane and they have built none (portobello.bobby.toll)")
    s = position(3, lanes={"c": "RR.."}, points={"red": {"tolls": 2}, "yellow": {"tolls": -3}})
    assert [seat.tolls for seat in s.seats] == [2, -3, 0]
