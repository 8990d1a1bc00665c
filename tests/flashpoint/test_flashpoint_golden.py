"""The Flash Point golden playthroughs: two whole seeded games (the base house, Experienced, seed 2011; the
Laboratory with its attic and the hydraulic platform, seed 2013), action by action with their events and
rule ids, must not drift silently (``tests/data/flashpoint_*.txt``)."""

import ast
import difflib
import re
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


# ---- facts worked out by hand from the rulebook, independent of the engine's counters --------------------------
CARD_AP = {"paramedic": 4, "captain": 4, "imaging": 4, "cafs": 3, "hazmat": 4, "generalist": 5, "rescue": 4,
           "driver": 4}
"""AP each specialist card gives a turn, copied by hand from the cards' list (sources B.9)."""
CUBE_EVENTS = re.compile(r"(is damaged|is destroyed|destroyed by one cube)  \[flashpoint\.(fire\.damage|chop|"
                         r"ed\.light-wall)\]$|damages the .*  \[flashpoint\.ed\.objects\]$")
"""A line placing one damage cube: a wall, window or light wall hit by a blast or an axe, an object hit."""


def steps(text: str) -> list[tuple[str, list[str]]]:
    """The transcript as (action, its event lines)."""
    out: list[tuple[str, list[str]]] = []
    for line in text.splitlines():
        if line.startswith("#") or line.startswith("team:"):
            continue
        if line.startswith("    "):
            out[-1][1].append(line.strip())
        else:
            out.append((line, []))
    return out


def counters(text: str) -> dict:
    line = next(x for x in text.splitlines() if x.startswith("team: "))
    return ast.literal_eval(line[len("team: "):line.index("; won")])


@pytest.mark.parametrize("name, players, explosions, hazmats", [
    ("flashpoint_seed2011.txt", 3, 3, 4),          # veteran: 3 explosions, 4 hazmats (sources B.4)
    ("flashpoint_lab_seed2013.txt", 4, 3 + 1, 4),  # Extreme Danger adds one explosion (seed 003, Preparação)
])
def test_the_transcripts_agree_with_facts_worked_out_by_hand(name, players, explosions, hazmats):
    text = (DATA / name).read_text()
    game = steps(text)
    events = [e for _, evs in game for e in evs]
    # set-up: the level's initial explosions and hazmats, three points of interest
    assert sum(e.startswith(("initial explosion", "first initial explosion")) for e in events) == explosions
    assert sum(e.endswith("[flashpoint.setup.hazmats]") and e.startswith("a hazmat on") for e in events) == hazmats
    assert sum(e.startswith("a point of interest on") and e.endswith("[flashpoint.setup.pois]")
               for e in events) == 3
    # the collapse: counting one cube per damage line, the game ends when the 24th is placed, and not before
    cubes = 0
    for k, (_, evs) in enumerate(game):
        for e in evs:
            cubes += bool(CUBE_EVENTS.search(e))
            if e.endswith("[flashpoint.end.collapse]"):
                assert cubes == 24 and k == len(game) - 1
        assert cubes <= 24
    assert cubes == 24 and counters(text)["damage left"] == 24 - cubes
    # victims: each loss and each rescue is one event line; none rescued means the team did not win
    lost = sum("victim" in e and e.endswith("[flashpoint.fire.lost]") for e in events)
    rescued = sum(e.endswith(("[flashpoint.rescue.ambulance]", "[flashpoint.rescue.family]")) for e in events)
    assert (counters(text)["lost"], counters(text)["rescued"]) == (lost, rescued)
    assert text.rstrip().endswith(f"won: {rescued >= 7}")
    # turns: clockwise red, blue, green...; each firefighter gains its card's AP on top of those saved (at most
    # 4); every turn ends with "end", and the building falls in the last fire advance, so no turn starts after it
    names = ("red", "blue", "green", "yellow")[:players]
    roles = [a.split()[1] for a, _ in game if a.startswith("role ")]
    for e in events:  # saving: at most 4 AP carry over, and AP are lost only beyond the 4th (sources B.5)
        if e.endswith("[flashpoint.turn.save]") and "saves" in e:
            saved, over = re.search(r"saves (\d+) AP(?: \((\d+) lost\))?", e).groups()
            assert int(saved) <= 4 and (over is None or int(saved) == 4), e
    turns = [e for e in events if e.endswith("[flashpoint.turn.ap]")]
    assert len(turns) == sum(a == "end" for a, _ in game)
    for k, line in enumerate(turns):
        who, ap, saved = re.match(r"(\w+)'s turn: (\d+) AP \((\d+) saved\)", line).groups()
        assert who == names[k % players] and int(saved) <= 4
        changed = [a.split()[2] for a, _ in game if a.startswith("crew change")]
        if not changed:  # no crew change in these games: each keeps the card it chose at set-up
            assert int(ap) == int(saved) + CARD_AP[roles[names.index(who)]], line
