"""The Flash Point golden playthroughs: two whole seeded games (the base house, Experienced, seed 2011; the
Laboratory with its attic and the hydraulic platform, seed 2013), action by action with their events and
rule ids, must not drift silently (``tests/data/flashpoint_*.txt``)."""

import difflib
import importlib.util
from pathlib import Path

import pytest

DATA = Path(__file__).parents[1] / "data"
_spec = importlib.util.spec_from_file_location("make_golden", DATA / "make_golden.py")
make_golden = importlib.util.module_from_spec(_spec)
_spec.loader.exec_module(make_golden)


@pytest.mark.parametrize("key", ["flashpoint", "flashpoint-lab"])
def test_seeded_game_matches_the_golden_transcript(key):
    name, make = make_golden.TRANSCRIPTS[key]
    golden = DATA / name
    expected, actual = golden.read_text(), make()
    diff = "".join(list(difflib.unified_diff(expected.splitlines(True), actual.splitlines(True), str(golden),
                                             "now", n=2))[:60])
    assert actual == expected, (
        f"the seeded Flash Point game changed; if the change is deliberate, run "
        f"`.venv/bin/python tests/data/make_golden.py {key}` and review the diff:\n" + diff)


def test_the_transcripts_show_the_fire_at_work():
    text = (DATA / "flashpoint_seed2011.txt").read_text() + (DATA / "flashpoint_lab_seed2013.txt").read_text()
    for rule in ("flashpoint.setup.explosions", "flashpoint.setup.hazmats", "flashpoint.setup.pois",
                 "flashpoint.setup.vehicles", "flashpoint.setup.specialist", "flashpoint.setup.place",
                 "flashpoint.fire.smoke", "flashpoint.fire.explosion", "flashpoint.fire.shockwave",
                 "flashpoint.fire.damage", "flashpoint.fire.flashover", "flashpoint.fire.flare-up",
                 "flashpoint.poi.replenish", "flashpoint.ed.platform", "flashpoint.ed.setup"):
        assert f"[{rule}]" in text, rule
