"""The Bonfire rules page: its quick start runs as printed and says what it prints; it names every assumption."""

import contextlib
import io
import re
from pathlib import Path

from explorer.bonfire import RULES

README = Path(__file__).parents[2] / "explorer" / "bonfire" / "README.md"


def test_the_quick_start_runs_and_prints_what_its_comments_say():
    block = re.search(r"## Quick start\n```python\n(.*?)```", README.read_text(), re.S).group(1)
    out = io.StringIO()
    with contextlib.redirect_stdout(out):
        exec(compile(block, str(README), "exec"), {})
    printed = out.getvalue().splitlines()
    assert printed == ["['start-tile spare', 'start-tile swap']",
                       "['cover yellow', 'cover path+gnome']",
                       "bonfire.assume.dock-claim",
                       "orange pays mushrooms, stone; missing: 1 task tile",
                       "25"]


def test_the_situation_example_runs_and_prints_what_the_page_says():
    """The "Setting up a situation" block (explorer.bonfire.position): run as printed, its output checked."""
    block = re.search(r"## Setting up a situation\n.*?```python\n(.*?)```", README.read_text(), re.S).group(1)
    out = io.StringIO()
    with contextlib.redirect_stdout(out):
        exec(compile(block, str(README), "exec"), {})
    assert out.getvalue().splitlines() == [
        "True",
        "['north_west']",                                   # 1 tile: 1 space clockwise from west
        "to_act: nobody plays 'purple'; the players are orange, green",
        "path.orange: no 'red wood' path tile is left face down to build"]


def test_the_page_lists_every_file_and_says_the_components_are_our_own():
    text = README.read_text()
    for path in sorted((README.parent).glob("*.py")):
        if path.name != "__init__.py":
            assert f"`{path.name}`" in text, path.name
    assert "OUR OWN DATA" in text


def test_every_assumption_is_on_the_page():
    """Each assumption's title, in lower case, or its gist is mentioned in the Assumptions section."""
    section = " ".join(README.read_text().split("## Assumptions", 1)[1].lower().split())
    gist = {"bonfire.assume.own-components": "our own components", "bonfire.assume.task-deal": "dealt at random",
            "bonfire.assume.supply-runs-out": "action tiles limited",
            "bonfire.assume.resources-unlimited": "resources not",
            "bonfire.assume.offering-face-up": "offering discs", "bonfire.assume.offering-draw": "turned up at random",
            "bonfire.assume.start-fate-tile": "fate tile", "bonfire.assume.one-action": "one action per turn",
            "bonfire.assume.everyone-out": "nobody can play",
            "bonfire.assume.return-before-fate": "returned only to make room",
            "bonfire.assume.fate-reversed": "end for end", "bonfire.assume.fate-area-bonus": "touched areas",
            "bonfire.assume.exact-first": "held items are paid first",
            "bonfire.assume.substitute-pairs": "pairs leave the wild out",
            "bonfire.assume.boat-two-currents": "two currents", "bonfire.assume.dock-claim": "claim on docking",
            "bonfire.assume.task-space-bonfire": "a task space is a bonfire",
            "bonfire.assume.procession-up-to": "steps may be left unused",
            "bonfire.assume.procession-max": "at most 7",
            "bonfire.assume.one-path-pile": "one stock", "bonfire.assume.great-bonfire-moves": "pointer must move",
            "bonfire.assume.portal-rightmost": "rightmost free portal space",
            "bonfire.assume.elder-no-refill": "elders are not refilled",
            "bonfire.assume.seat-capacity": "one novice per colour",
            "bonfire.assume.common-task-shared": "serve everyone",
            "bonfire.assume.common-task-check": "checked at the end of a turn",
            "bonfire.assume.novices-counted": "neutral novices count",
            "bonfire.assume.countdown-start": "trigger round is finished first",
            "bonfire.assume.portal-scoring": "every portal scores",
            "bonfire.assume.bonfire-colour": "only lit bonfires have a colour",
            "bonfire.assume.leftovers-together": "leftovers are counted together",
            "bonfire.assume.tie-shared": "remaining tie is shared"}
    assert sorted(gist) == sorted(r.id for r in RULES.assumptions())
    for rule_id, words in gist.items():
        assert words in section, (rule_id, words)
