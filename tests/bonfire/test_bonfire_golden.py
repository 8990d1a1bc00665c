"""The Bonfire golden playthrough: one whole seeded game (2 players, seed 2024, the directed player from a
late-game position, so the countdown is reached), action by action with its events and rule ids, must not drift
silently (``tests/data/bonfire_seed2024.txt``)."""

import difflib
import importlib.util
from pathlib import Path

DATA = Path(__file__).parents[1] / "data"
_spec = importlib.util.spec_from_file_location("make_golden", DATA / "make_golden.py")
make_golden = importlib.util.module_from_spec(_spec)
_spec.loader.exec_module(make_golden)


def test_seeded_game_matches_the_golden_transcript():
    name, make = make_golden.TRANSCRIPTS["bonfire"]
    golden = DATA / name
    expected, actual = golden.read_text(), make()
    diff = "".join(list(difflib.unified_diff(expected.splitlines(True), actual.splitlines(True), str(golden),
                                             "now", n=2))[:60])
    assert actual == expected, (
        "the seeded Bonfire game changed; if the change is deliberate, run "
        "`.venv/bin/python tests/data/make_golden.py bonfire` and review the diff:\n" + diff)


def test_the_transcript_shows_the_whole_game():
    text = (DATA / "bonfire_seed2024.txt").read_text()
    for rule in ("bonfire.setup.extensions", "bonfire.setup.start-fate-tile", "bonfire.fate.gain",
                 "bonfire.boat.cost", "bonfire.task.offering", "bonfire.pay.substitute-action",
                 "bonfire.ignite.when", "bonfire.ignite.novice", "bonfire.ignite.seat-bonus",
                 "bonfire.end.trigger", "bonfire.end.countdown", "bonfire.end.pass"):
        assert f"[{rule}]" in text, rule
    assert "countdown round 5 (disc 1)" in text and "the fifth countdown round is over: final scoring" in text
    assert text.count("\ndraw task ") == 20          # 2 players: 2 task discs on each of the 10 islands
    assert text.count("\ndraw portal ") == 21        # 2 players: 28 portals less one of each of the 7 symbols
