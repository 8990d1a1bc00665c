"""Records: play, undo/redo, stepping, save/load, and refusal of malformed files (explorer.core.record)."""

import json

import pytest

from explorer.core import GameInfo, IllegalAction, InvalidRecord, Record, register_game, unregister_game


def play_story(record):
    """X/O moves from seed 2 (X starts there), with the wind resolved from the seed."""
    for move in ["b2", "a1", "c3"]:
        record.play(move)
    return record


def test_play_records_player_and_chance_actions():
    rec = Record("toy", seed=2)
    assert rec.state.current_player == "X"
    rec.play("b2")
    assert rec.actions == ("b2", "stone a2")
    assert len(rec) == 2 and rec.cursor == 2
    assert rec.state.current_player == "O"
    assert [e.describe() for e in rec.state.events] == ["the wind drops a stone on a2"]
    assert play_story(Record("toy", seed=2)).actions == ("b2", "stone a2", "a1", "stone b1", "c3", "calm")


def test_illegal_play_leaves_the_record_unchanged():
    rec = play_story(Record("toy", seed=2))
    before = (rec.actions, rec.cursor)
    with pytest.raises(IllegalAction):
        rec.play("b2")
    assert (rec.actions, rec.cursor) == before


def test_undo_and_redo_skip_chance_steps():
    rec = play_story(Record("toy", seed=2))
    end = rec.cursor
    assert rec.can_undo and not rec.can_redo
    rec.undo()
    assert rec.cursor == 4 and rec.state.current_player == "X" and rec.can_redo
    rec.undo()
    rec.undo()
    assert rec.cursor == 0 and not rec.can_undo
    with pytest.raises(IndexError, match="nothing to undo"):
        rec.undo()
    rec.redo()
    assert rec.cursor == 2
    rec.goto(end)
    with pytest.raises(IndexError, match="nothing to redo"):
        rec.redo()


def test_playing_after_undo_drops_the_redo_tail():
    rec = play_story(Record("toy", seed=2))
    rec.undo()
    rec.play("a3")
    assert rec.actions[4] == "a3" and not rec.can_redo
    assert "c3" not in rec.actions[4:]


def test_step_and_goto_move_one_action_at_a_time():
    rec = play_story(Record("toy", seed=2))
    rec.goto(0)
    rec.step()
    assert rec.cursor == 1 and rec.state.is_chance_node
    rec.step(-5)
    assert rec.cursor == 0
    with pytest.raises(IndexError):
        rec.goto(99)


def test_same_record_same_states():
    a = play_story(Record("toy", seed=2))
    b = Record("toy", seed=2, actions=a.actions)
    assert [s.to_dict() for s in a.states] == [s.to_dict() for s in b.states]
    assert [s.to_dict() for s in a.replay()] == [s.to_dict() for s in a.states]


def test_save_and_load_round_trip(tmp_path):
    rec = play_story(Record("toy", seed=4, options={"size": 4}))
    rec.undo()
    path = rec.save(tmp_path / "game.json")
    data = json.loads(path.read_text())
    assert data["format"] == "rules-explorer/record" and data["format_version"] == 1
    assert data["game_version"] == "1" and data["options"] == {"size": 4}
    back = Record.load(path)
    assert back.actions == rec.actions and back.cursor == rec.cursor and back.seed == 4
    assert back.state.to_dict() == rec.state.to_dict()


GOOD = {"format": "rules-explorer/record", "format_version": 1, "game": "toy", "options": {},
        "seed": 2, "actions": ["b2", "calm"]}


@pytest.mark.parametrize("change, expected", [
    ({"seed": "abc"}, "seed: input should be a valid integer (got 'abc')"),
    ({"seed": -1}, "seed: input should be greater than or equal to 0 (got -1)"),
    ({"actions": "b2"}, "actions: input should be a valid list (got 'b2')"),
    ({"actions": ["b2", 7]}, "actions[1]: input should be a valid string (got 7)"),
    ({"colour": "red"}, "colour: unknown field (not part of this format)"),
    ({"format": "chess-pgn"}, "format: input should be 'rules-explorer/record' (got 'chess-pgn')"),
    ({"format_version": 99}, "format_version: this explorer reads version 1, got 99"),
    ({"game": "chess"}, "game: unknown game 'chess'; known games: bonfire, flashpoint, london1666, "
                        "portobello, toy"),
    ({"options": {"size": 12}}, "options {'size': 12} (seed 2): size must be 3..6, got 12"),
    ({"options": {"colour": 1}}, "options: toy has no option 'colour'; its options are players, size, stones"),
    ({"actions": ["b2", "calm", "b2"]}, "actions[2] 'b2': b2 already holds X's mark "
                                        "(toy.place.empty: Mark an empty cell)"),
    ({"actions": ["zz"]}, "actions[0] 'zz': 'zz' is not a cell of a 3x3 grid (try a1..c3)"),
    ({"cursor": 5}, "cursor: must be a whole number from 0 to 2, got 5"),
])
def test_malformed_records_name_the_field_and_the_problem(change, expected):
    with pytest.raises(InvalidRecord) as info:
        Record.from_dict({**GOOD, **change})
    assert expected in info.value.problems


def test_a_listed_game_without_an_engine_is_refused():
    register_game(GameInfo("ghost", "Ghost", "nobody", "none", "explorer.ghost", "not written"))
    try:
        with pytest.raises(InvalidRecord) as info:
            Record.from_dict({**GOOD, "game": "ghost"})
        assert info.value.problems == ("game: Ghost ('ghost') is listed but its rules engine is not available yet",)
    finally:
        unregister_game("ghost")


def test_missing_fields_are_all_listed():
    with pytest.raises(InvalidRecord) as info:
        Record.from_dict({"format": "rules-explorer/record"})
    assert set(info.value.problems) == {f"{f}: required field is missing" for f in ("format_version", "game", "seed")}


def test_not_json_and_missing_files(tmp_path):
    bad = tmp_path / "bad.json"
    bad.write_text('{"game": "toy",,}')
    with pytest.raises(InvalidRecord) as info:
        Record.load(bad)
    assert info.value.problems == ("not valid JSON: Expecting property name enclosed in double quotes "
                                   "at line 1, column 16",)
    assert str(bad) in str(info.value)
    with pytest.raises(InvalidRecord, match="no such file"):
        Record.load(tmp_path / "nope.json")
    with pytest.raises(InvalidRecord, match=r"\(top level\): input should be a valid dictionary"):
        Record.from_json("[1, 2]")


@pytest.mark.parametrize("text, problem", [
    (b'{"a": "\xff"}', "not UTF-8 text"),
    (None, "expected JSON text, got NoneType"),
    ('{"seed": ' + "9" * 5000 + "}", "Exceeds the limit (4300 digits)"),
])
def test_junk_json_is_an_invalid_record(text, problem):
    with pytest.raises(InvalidRecord) as info:
        Record.from_json(text)
    assert problem in info.value.problems[0]


def test_record_arguments_are_checked():
    with pytest.raises(InvalidRecord, match="options: expected a mapping"):
        Record("toy", seed=1, options="ab")


def test_other_engine_version_warns_but_loads():
    with pytest.warns(UserWarning, match="engine version 0"):
        rec = Record.from_dict({**GOOD, "game_version": "0"})
    assert rec.actions == ("b2", "calm")
