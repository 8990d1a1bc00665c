"""The golden playthrough: a whole seeded game, action by action with its events, must not drift silently."""

import importlib.util
from pathlib import Path

DATA = Path(__file__).parents[1] / "data"
_spec = importlib.util.spec_from_file_location("make_golden", DATA / "make_golden.py")
make_golden = importlib.util.module_from_spec(_spec)
_spec.loader.exec_module(make_golden)


def test_seeded_game_matches_the_golden_transcript():
    assert make_golden.london_transcript() == (DATA / "london1666_seed1666.txt").read_text(), (
        "the seeded London game changed; if the change is deliberate, run tests/data/make_golden.py and "
        "review the diff")
