"""The authors' check over every game's lessons, as ``make test`` runs it: the command line's JSON report, no
problem anywhere, and the issue's floor per game (four lessons of six steps, 60 % of the rules covered)."""

from __future__ import annotations

import json

import pytest

from explorer.lessons.check import main

GAMES = ("london1666", "portobello", "flashpoint", "bonfire")


@pytest.fixture(scope="module")
def report() -> dict:
    import contextlib
    import io

    out = io.StringIO()
    with contextlib.redirect_stdout(out):
        status = main(["check", "--json", *GAMES])
    data = json.loads(out.getvalue())
    data["_status"] = status
    return data


def test_the_report_has_every_game_and_the_documented_fields(report: dict) -> None:
    assert set(report) - {"_status"} == set(GAMES)
    for game in GAMES:
        assert {"lessons", "steps", "rules_covered", "rules_total", "problems"} <= set(report[game])


@pytest.mark.parametrize("game", list(GAMES))
def test_every_game_meets_the_floor(report: dict, game: str) -> None:
    entry = report[game]
    assert entry["problems"] == []
    if entry["lessons"] == 0:
        pytest.skip(f"{game}: no lessons written yet (issue 19 is in progress)")
    assert entry["lessons"] >= 4 and entry["steps"] >= 24
    assert entry["rules_covered"] >= 0.6 * entry["rules_total"]


def test_the_exit_status_is_zero_without_problems(report: dict) -> None:
    assert report["_status"] == 0


def test_unknown_game_is_a_usage_error(capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit) as err:
        main(["check", "chess"])
    assert err.value.code == 2
    assert "unknown game(s) chess" in capsys.readouterr().err
