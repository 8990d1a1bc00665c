"""The GAMES registry and the data-file helpers (explorer.core.registry, explorer.core.schema)."""

import subprocess
import sys

import pytest

import explorer
from explorer.core import (GAMES, GameInfo, GameNotReady, InvalidData, StrictModel, UnknownGame, game_module,
                           load_data, load_game, read_data_file, register_game, validate)


def test_the_four_games_are_listed_with_their_seeds():
    shipped = {k: v for k, v in GAMES.items() if k != "toy"}
    assert list(shipped) == ["london1666", "portobello", "flashpoint", "bonfire"]
    assert [g.seed for g in shipped.values()] == ["000_1cab2226d022c977.txt", "001_34c637104103af06.txt",
                                                  "003_4cd77c77a3cff4fe.txt", "002_3a90ca77d2ddc4ae.txt"]
    assert GAMES["london1666"].notebooks[0] == ("london1666/lessons.ipynb", "Learn to play")
    assert GAMES["london1666"].notebooks[1] == ("london1666/01_setup.ipynb", "1. Setup")
    assert GAMES["flashpoint"].notebooks[2][0] == "flashpoint/02_turn_and_fire.ipynb"


def test_load_game_on_the_toy_game(toy_registered):
    state = load_game("toy", seed=2)
    assert state.to_dict() == {"game": "toy", "size": 3, "rows": ["...", "...", "..."], "to_move": "X",
                               "phase": "mark", "stones": True, "seed": 2, "draws": 1}
    assert game_module("toy").VERSION == "1"


def test_unknown_and_unready_games_say_so():
    with pytest.raises(UnknownGame, match="unknown game 'chess'; known games: bonfire"):
        load_game("chess")
    not_written = GameInfo("ghost", "Ghost", "nobody", "none", "explorer.ghost", "not written")
    register_game(not_written)
    try:
        assert not not_written.is_ready
        with pytest.raises(GameNotReady, match="Ghost \\('ghost'\\) is listed"):
            load_game("ghost")
        with pytest.raises(ValueError, match="already registered"):
            register_game(not_written)
    finally:
        explorer.unregister_game("ghost")


def test_bad_names_and_options_are_clear_errors(toy_registered):
    for junk in ([], {}, None, 3):
        with pytest.raises(UnknownGame):
            load_game(junk)
    with pytest.raises(InvalidData, match="unexpected keyword argument 'bogus'"):
        load_game("toy", bogus=1)
    with pytest.raises(InvalidData, match="for 2 players, got 3"):
        load_game("toy", players=3)


def test_a_path_with_a_nul_byte_is_refused_clearly():
    with pytest.raises(InvalidData, match="cannot be read: embedded null byte"):
        read_data_file("a\x00.yaml")


def test_the_engine_imports_no_jupyter_code():
    code = ("import sys, explorer, explorer.core.conformance; "
            "bad = sorted(m for m in sys.modules if m.split('.')[0] in "
            "{'IPython', 'ipywidgets', 'anywidget', 'plotly', 'traitlets', 'widgets', 'ipykernel'}); "
            "print(bad); sys.exit(1 if bad else 0)")
    result = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True)
    assert result.returncode == 0, result.stdout + result.stderr


class Point(StrictModel):
    x: int
    y: int
    label: str = ""


class Shape(StrictModel):
    name: str
    points: list[Point]


def test_validate_lists_every_problem_with_its_place():
    with pytest.raises(InvalidData) as info:
        validate(Shape, {"points": [{"x": 1, "y": "2"}, {"x": 1, "z": 0}]}, what="shape file s.yaml")
    assert info.value.what == "shape file s.yaml"
    assert info.value.problems == (
        "name: required field is missing",
        "points[0].y: input should be a valid integer (got '2')",
        "points[1].y: required field is missing",
        "points[1].z: unknown field (not part of this format)",
    )


def test_load_data_reads_yaml_and_json(tmp_path):
    (tmp_path / "s.yaml").write_text("name: tri\npoints:\n  - {x: 0, y: 0}\n  - {x: 3, y: 4, label: top}\n")
    shape = load_data(tmp_path / "s.yaml", Shape)
    assert shape.points[1].label == "top"
    (tmp_path / "s.json").write_text('{"name": "dot", "points": []}')
    assert load_data(tmp_path / "s.json", Shape).name == "dot"


@pytest.mark.parametrize("name, content, problem", [
    ("a.yaml", "name: [unclosed\n", "not valid YAML: while parsing a flow sequence, expected ',' or ']', but got '<stream end>' at line 2, "
     "column 1"),
    ("a.json", '{"name": }', "not valid JSON: Expecting value at line 1, column 10"),
    ("a.txt", "hello", "expected a .json, .yaml or .yml file, got '.txt'"),
    ("a.yaml", "n: 2024-13-45\n", "not valid YAML: a value cannot be read (ValueError: month must be in 1..12)"),
    ("a.yaml", "n: !!int abc\n", "not valid YAML: a value cannot be read (ValueError: invalid literal for int() "
                                 "with base 10: 'abc')"),
    ("a.json", "[" * 100_000 + "]" * 100_000, "not valid JSON: RecursionError: maximum recursion depth exceeded "
                                              "while decoding a JSON array from a unicode string"),
    ("a.json", '{"n": ' + "1" * 5000 + "}", "not valid JSON: ValueError: Exceeds the limit (4300 digits) for "
                                           "integer string conversion: value has 5000 digits; use "
                                           "sys.set_int_max_str_digits() to increase the limit"),
    ("missing.yaml", None, "no such file"),
])
def test_bad_files_get_a_clear_message(tmp_path, name, content, problem):
    path = tmp_path / name
    if content is not None:
        path.write_text(content)
    with pytest.raises(InvalidData) as info:
        read_data_file(path)
    assert info.value.problems == (problem,)
    assert str(path) in str(info.value)
