"""The Portobello golden playthrough: a whole seeded 3-player game (seed 2007), action by action with its events,
their rule ids and the final scores, must not drift silently (``tests/data/portobello_seed2007.txt``)."""

import difflib
import importlib.util
from pathlib import Path

DATA = Path(__file__).parents[1] / "data"
_spec = importlib.util.spec_from_file_location("make_golden", DATA / "make_golden.py")
make_golden = importlib.util.module_from_spec(_spec)
_spec.loader.exec_module(make_golden)
GOLDEN = DATA / "portobello_seed2007.txt"


def test_seeded_game_matches_the_golden_transcript():
    expected = GOLDEN.read_text()
    actual = make_golden.portobello_transcript()
    diff = "".join(list(difflib.unified_diff(expected.splitlines(True), actual.splitlines(True), str(GOLDEN),
                                             "now", n=2))[:60])
    assert actual == expected, (
        "the seeded Portobello game changed; if the change is deliberate, run "
        "`.venv/bin/python tests/data/make_golden.py portobello` and review the diff:\n" + diff)


def test_the_transcript_covers_the_game():
    """The golden game is worth keeping: it reaches the end by the last stall and shows each kind of event."""
    text = GOLDEN.read_text()
    for rule in ("portobello.setup.bobby", "portobello.turn.token", "portobello.turn.flip",
                 "portobello.customer.draw", "portobello.customer.place", "portobello.build.first-at-end",
                 "portobello.build.contiguous", "portobello.bobby.toll", "portobello.score.lane",
                 "portobello.score.district", "portobello.lord.place", "portobello.end.last-stall",
                 "portobello.end.lord-scoring", "portobello.end.winner"):
        assert f"[{rule}]" in text, rule
    assert text.splitlines()[-1] == "# winners: red"
    assert "red: 74 {'start': 10, 'lanes': 55, 'districts': 0, 'bobby tolls': -7, 'Lord': 16}" in text


def test_the_generator_still_writes_the_london_transcript():
    assert {"london", "portobello"} <= set(make_golden.TRANSCRIPTS)
    assert make_golden.TRANSCRIPTS["portobello"] == ("portobello_seed2007.txt", make_golden.portobello_transcript)
