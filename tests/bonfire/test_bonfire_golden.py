"""The Bonfire golden playthrough: one whole seeded game (2 players, seed 2024, the directed player from a
late-game position, so the countdown is reached), action by action with its events and rule ids, must not drift
silently (``tests/data/bonfire_seed2024.txt``)."""

import ast
import difflib
import importlib.util
import random
import re
import sys
from pathlib import Path

import pytest

from explorer.bonfire.actions import Pass, Recruit, SitAt, UseGreatBonfire
from explorer.bonfire.components import Components
from explorer.bonfire.setup import initial_state

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
                 "bonfire.end.trigger", "bonfire.end.countdown", "bonfire.boat.extra-claim"):
        assert f"[{rule}]" in text, rule
    assert "countdown round 5 (disc 1)" in text and "the fifth countdown round is over: final scoring" in text
    assert text.count("\ndraw task ") == 20          # 2 players: 2 task discs on each of the 10 islands
    assert text.count("\ndraw portal ") == 21        # 2 players: 28 portals less one of each of the 7 symbols


# ---- facts worked out by hand from the rulebook, not from the engine's scoring code ------------------------------
# The final board of the seeded game is replayed here (the transcript's own procedure: the directed player, the
# late-game position once play starts); the scores are then recomputed with the rulebook's formulas written out
# below and compared with the transcript's "# final scores" lines, which the engine printed.
COUNTDOWN_DISCS = (5, 4, 3, 2, 1)   # seed "Setup 3": the countdown discs in order, 5 on top
GREAT_BONFIRE_POINTS = 2            # seed "Grande Bonfire": the resource or 2 points
PORTAL, PATH_MATCH, FATE_LEFT = 2, 2, 3   # seed "Pontuação final": per portal, matching path tile, fate tile left
NOVICES_TO_END = 7                  # seed "Fim do jogo": 7 novices with 2 players


@pytest.fixture(scope="module")
def replayed():
    """The seeded game's final state, its actions, and who took each action, replayed as the transcript was."""
    sys.path.insert(0, str(Path(__file__).parent))
    from bonfire_players import directed_player, late_game
    chooser = random.Random(2024)
    s = initial_state(2, 2024, Components.default())
    taken, late = [], False
    while not s.is_terminal:
        who = s.current_player
        action = s.sample_chance() if s.is_chance_node else directed_player(s, chooser)
        taken.append((who, action, s))
        s = s.apply(action)
        if s.phase == "play" and not s.great_bonfire_used and not late:
            s, late = late_game(s), True
    return s, taken


def _golden_scores() -> dict[str, dict[str, int]]:
    lines = (DATA / "bonfire_seed2024.txt").read_text().split("# final scores\n", 1)[1].splitlines()
    return {line.split(":")[0]: ast.literal_eval(line.split(" ", 2)[2]) for line in lines if not line.startswith("#")}


def test_the_replayed_game_is_the_transcript(replayed):
    _, taken = replayed
    text = (DATA / "bonfire_seed2024.txt").read_text().split("# final scores\n", 1)[0].splitlines()
    actions = [line for line in text if line and not line.startswith(("#", " "))]
    assert actions == [str(a) for _, a, _ in taken]


def test_final_scoring_by_hand_from_the_final_board(replayed):
    """Each final category from the board with the rulebook's formula (seed "Pontuação final")."""
    s, _ = replayed
    c = s.components
    golden = _golden_scores()
    for seat in s.seats:
        lit_colour = {b: c.task_discs[d].colour for b, (d, lit) in enumerate(zip(seat.tasks, seat.lit)) if lit}
        beside = {slot.id: slot.bonfire for slot in c.player_board.path_slots}   # path tile i by bonfire i
        by_hand = {
            "bonfires": sum(c.task_discs[d].points for d, lit in zip(seat.tasks, seat.lit) if lit),
            "guardians": sum(c.player_board.bonfires[at].guardian_points for _, where, at in seat.guardians
                             if where == "bonfire"),
            "portals": PORTAL * sum(p is not None for p in seat.portals),
            "paths": PATH_MATCH * sum(lit_colour.get(beside[i]) == kind.split()[0]
                                      for i, kind in enumerate(seat.path, start=1)),
            "common_tasks": sum(7 if t == "all_bonfires" else 4 for t in seat.common),
            "fate_tiles": FATE_LEFT * len(seat.stack),
            "leftovers": (sum(seat.tiles) + sum(seat.resources)) // 2,
        }
        assert {k: golden[seat.colour][k] for k in by_hand} == by_hand, seat.colour


def test_points_scored_in_play_by_hand_from_the_actions(replayed):
    """Elders score their card's points when recruited, a council seat its printed points to the player who seats
    the novice, the Great Bonfire 2 points when taken, a pass the round's countdown disc (seed "Gnomos",
    "Atear um Bonfire", "Grande Bonfire", "Fim do jogo")."""
    s, taken = replayed
    c = s.components
    play = {seat.colour: {"elders": 0, "council": 0, "great_bonfire": 0, "countdown": 0} for seat in s.seats}
    for who, action, before in taken:
        name = s.players[who] if who is not None else None
        if isinstance(action, Recruit) and action.card in c.elders:
            play[name]["elders"] += c.elders[action.card].points
        elif isinstance(action, SitAt):
            play[name]["council"] += sum(g.amount for g in c.council_seats[action.seat].bonus if g.kind == "points")
        elif isinstance(action, UseGreatBonfire) and "points" in action.rewards:
            play[name]["great_bonfire"] += GREAT_BONFIRE_POINTS
        elif isinstance(action, Pass):
            play[name]["countdown"] += COUNTDOWN_DISCS[before.countdown - 1]
    golden = _golden_scores()
    for colour, points in play.items():
        assert {k: golden[colour][k] for k in points} == points, colour
    owned = {g for seat in s.seats for g in seat.gnomes}
    if not owned & {"elder_patron", "bonfire_cheer"}:  # the only specialists that score points
        assert all(golden[colour]["specialists"] == 0 for colour in play)


def test_the_end_the_council_and_the_winner_by_hand(replayed):
    """The countdown starts once 7 novices sit in the council (2 players) and lasts 5 rounds; each lit bonfire
    sent one novice and each neutral novice left its common task; the winner has the most points."""
    s, taken = replayed
    text = (DATA / "bonfire_seed2024.txt").read_text()
    novices = sum(len(seat) for seat in s.council)
    assert novices == sum(sum(seat.lit) for seat in s.seats) + s.neutral.count(False)
    assert novices >= NOVICES_TO_END and s.triggered and s.countdown == len(COUNTDOWN_DISCS) + 1
    assert len(re.findall(r"countdown round [1-5] \(disc [1-5]\)", text)) == len(COUNTDOWN_DISCS)
    golden = _golden_scores()
    totals = {colour: sum(points.values()) for colour, points in golden.items()}
    lit = {seat.colour: sum(seat.lit) for seat in s.seats}
    best = max(totals.values())
    leaders = [colour for colour in totals if totals[colour] == best]
    if len(leaders) > 1:   # the tie-break: more lit bonfires
        most = max(lit[colour] for colour in leaders)
        leaders = [colour for colour in leaders if lit[colour] == most]
    assert text.rstrip().endswith(f"# winners: {', '.join(leaders)}")
    for line in text.split("# final scores\n", 1)[1].splitlines()[:-1]:
        colour, total = line.split(" ", 2)[:2]
        assert int(total) == totals[colour.rstrip(":")]
