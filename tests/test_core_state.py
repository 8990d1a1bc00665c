"""The GameState guarantees (apply, explain, chance) on the toy game, from literal positions."""

import pytest

from explorer.core import IllegalAction, InvalidData, NotationError, Rng
from toygame import Calm, FirstPlayer, Place, State, Stone, new_game

MID_GAME = {"game": "toy", "size": 3, "rows": ["XO.", ".X.", "#.."], "to_move": "O", "phase": "mark",
            "stones": True, "seed": 5, "draws": 4}


def test_new_game_resolves_setup_chance_from_the_seed():
    s = new_game(seed=11)
    assert not s.is_chance_node and s.current_player in ("X", "O")
    assert s.rng == Rng(11, 1)
    assert new_game(seed=11).to_dict() == s.to_dict()
    assert {new_game(seed=k).current_player for k in range(20)} == {"X", "O"}


def test_apply_returns_a_new_state_and_leaves_the_old_one():
    s = State.from_dict(MID_GAME)
    after = s.apply("c3")
    assert s.to_dict() == MID_GAME
    assert after.to_dict()["rows"] == ["XO.", ".X.", "#.O"]
    assert after.is_chance_node and after.current_player is None
    assert [e.describe() for e in after.events] == ["O marks c3"]
    assert after.events[0].to_dict()["rule"] == "toy.place.empty"


def test_occupied_cell_is_refused_with_its_rule_and_nothing_changes():
    s = State.from_dict(MID_GAME)
    with pytest.raises(IllegalAction) as info:
        s.apply("a3")
    assert info.value.rule.id == "toy.place.empty"
    assert info.value.reason == "a3 already holds a stone"
    assert s.to_dict() == MID_GAME


def test_explain_answers_why_without_applying():
    s = State.from_dict(MID_GAME)
    assert s.explain("c1") is None
    assert s.explain(Place((0, 0))).reason == "a1 already holds X's mark"


def test_action_objects_outside_the_legal_list_are_refused_by_the_core():
    # the toy's why_illegal knows nothing of off-board cells: the core's legal-list check catches them
    s = State.from_dict(MID_GAME)
    for junk in [Place((-1, 0)), Place((9, 9)), Stone((0, 0)), None, 7, [], "b2".encode()]:
        with pytest.raises(IllegalAction) as info:
            s.apply(junk)
        assert info.value.rule.id in ("core.turn.not-legal", "toy.place.empty")
    assert s.to_dict() == MID_GAME


def test_listed_actions_and_equal_copies_apply_alike_and_a_refusal_still_explains():
    # apply recognises the very objects legal_actions listed by identity; an equal object made anew, or the
    # notation, must give the same state, and an illegal object is still refused after the list was made
    s = State.from_dict(MID_GAME)
    listed = next(a for a in s.legal_actions() if str(a) == "c3")
    by_identity, by_value, by_text = s.apply(listed), s.apply(Place(listed.cell)), s.apply("c3")
    assert listed is not Place(listed.cell) and by_identity.to_dict() == by_value.to_dict() == by_text.to_dict()
    with pytest.raises(IllegalAction) as info:
        s.apply(Place((0, 0)))
    assert info.value.rule.id == "toy.place.empty"
    assert s.to_dict() == MID_GAME and s.is_legal(listed) and not s.is_legal(Place((0, 0)))


def test_a_search_trying_every_action_from_one_position_gets_the_same_states_as_fresh_copies():
    # the first look at a state scans its listed actions, later looks use a set of them: every listed action,
    # applied again and again from one state (as a search does), gives the state an equal copy of it gives, and
    # an illegal one is refused whenever it comes
    s = State.from_dict(MID_GAME)
    fresh = State.from_dict(MID_GAME)
    for _ in range(3):
        for action in s.legal_actions():
            assert s.apply(action).to_dict() == fresh.apply(Place(action.cell)).to_dict()
        with pytest.raises(IllegalAction):
            s.apply(Place((0, 0)))
    outcomes_of = s.apply("c3")
    for _ in range(2):  # chance outcomes listed by chance_outcomes() are recognised too, and only they
        for outcome, _ in outcomes_of.chance_outcomes():
            assert outcomes_of.apply(outcome).to_dict() == State.from_dict(MID_GAME).apply("c3").apply(
                str(outcome)).to_dict()
    assert s.to_dict() == MID_GAME


def test_unreadable_notation_is_a_notation_error_not_an_illegal_action():
    s = State.from_dict(MID_GAME)
    for text in ["z9", "b", "first Q", "hello world", "b²", "b٢"]:
        with pytest.raises(NotationError):
            s.apply(text)


def test_chance_outcomes_sum_to_one_and_only_they_apply():
    s = State.from_dict(MID_GAME).apply("c3")
    outcomes = s.chance_outcomes()
    assert sum(p for _, p in outcomes) == 1
    assert outcomes[0] == (Calm(), 0.5)
    assert len(outcomes) == 1 + 4   # calm, or a stone on one of the 4 empty cells
    assert s.legal_actions() == [a for a, _ in outcomes]
    with pytest.raises(IllegalAction) as info:
        s.apply("b1")
    assert info.value.rule.id == "core.chance.outcome"
    # in words; the refused action and the outcomes, in notation, are in .notation (issue 18)
    assert "b1" not in info.value.reason and info.value.reason.startswith("chance decides this step")
    assert info.value.notation == "b1 refused; its outcomes: calm, stone c1, stone a2, stone c2, stone b3"


def test_a_tutorial_can_force_a_chance_outcome():
    s = State.from_dict(MID_GAME).apply("c3").apply("stone c1")
    assert s.to_dict()["rows"] == ["XO#", ".X.", "#.O"]
    assert s.rng.draws == 5     # forcing still advances the stream: replays stay aligned
    assert s.current_player == "X"


def test_sample_chance_is_deterministic_per_stream():
    s = State.from_dict(MID_GAME).apply("c3")
    assert s.sample_chance() == s.sample_chance()
    with pytest.raises(ValueError, match="no chance step"):
        State.from_dict(MID_GAME).sample_chance()


def test_terminal_state_refuses_everything():
    won = State.from_dict({**MID_GAME, "rows": ["XO.", "OX.", "#.."], "to_move": "X"}).apply("c3")
    assert won.is_terminal and won.legal_actions() == [] and won.current_player is None
    assert won.scores()["X"].to_dict() == {"categories": {"line": 1, "marks": 3}, "total": 4}
    assert [e.rule.id for e in won.events] == ["toy.place.empty", "toy.end.line"]
    with pytest.raises(IllegalAction) as info:
        won.apply("c1")
    assert info.value.rule.id == "core.end.game-over"
    assert info.value.reason == "the game is over: no more moves can be made" and info.value.notation == "c1 refused"


def test_from_dict_reports_every_problem_at_once():
    bad = {"size": 9, "rows": "nope", "phase": "dancing", "to_move": "Z", "seed": -3}
    with pytest.raises(InvalidData) as info:
        State.from_dict(bad)
    problems = info.value.problems
    assert len(problems) == 5
    assert problems[0] == "size: expected 3..6, got 9"
    assert any(p.startswith("seed/draws: seed must be an integer") for p in problems)


@pytest.mark.parametrize("position, problem", [
    ([], "expected a JSON object, got list"),
    ({**MID_GAME, "rows": ["XOX", "OXO", "OXO"], "phase": "wind"}, "phase: 'wind' does not fit the grid"),
    ({**MID_GAME, "rows": ["XXX", "OO.", "..."]}, "phase: 'mark' does not fit the grid"),
    ({**MID_GAME, "to_move": None}, "to_move: names the next player in the 'mark' and 'wind' phases only"),
    ({**MID_GAME, "stones": "no"}, "stones: expected true or false, got 'no'"),
])
def test_from_dict_refuses_inconsistent_positions(position, problem):
    with pytest.raises(InvalidData) as info:
        State.from_dict(position)
    assert any(p.startswith(problem) for p in info.value.problems)


def test_actions_are_frozen_and_print_their_notation():
    assert [str(a) for a in (Place((1, 2)), FirstPlayer("O"), Calm(), Stone((0, 0)))] == \
        ["b3", "first O", "calm", "stone a1"]
    with pytest.raises(Exception):
        Place((0, 0)).cell = (1, 1)
