"""The golden playthrough: a whole seeded game, action by action with its events, must not drift silently.

Beside the snapshot, facts about that game worked out by hand from the rulebook (seed 000) and read from the
transcript's own lines, independent of the engine's scoring code.
"""

import importlib.util
import re
from collections import Counter
from pathlib import Path

import pytest

DATA = Path(__file__).parents[1] / "data"
GOLDEN = DATA / "london1666_seed1666.txt"
_spec = importlib.util.spec_from_file_location("make_golden", DATA / "make_golden.py")
make_golden = importlib.util.module_from_spec(_spec)
_spec.loader.exec_module(make_golden)

PLAYERS = 4
DECK = 60 - 5 * PLAYERS - 8  # 60 movement cards, 5 dealt to each, 8 back in the box with 4 players (p. 3)


def test_seeded_game_matches_the_golden_transcript():
    assert make_golden.london_transcript() == GOLDEN.read_text(), (
        "the seeded London game changed; if the change is deliberate, run tests/data/make_golden.py and "
        "review the diff")


@pytest.fixture(scope="module")
def lines() -> list[str]:
    return GOLDEN.read_text().splitlines()


@pytest.fixture(scope="module")
def final_scores(lines) -> dict[str, dict[str, int]]:
    """The '# final scores' lines: player -> category -> points (the engine's result, checked below)."""
    start = lines.index("# final scores")
    scores = {}
    for line in lines[start + 1:]:
        if line.startswith("#"):
            break
        name, rest = line.split(": ", 1)
        total, categories = rest.split(" ", 1)
        scores[name] = dict(eval(categories), total=int(total))  # a dict literal written by make_golden
    return scores


def test_every_card_of_the_fire_deck_is_drawn_one_per_turn(lines):
    # Each turn plays exactly one movement card (a spread, or the discard of a blocked fire; a double move uses
    # the same card) and draws back to five, so the 32 cards of the fire deck last 32 turns; after the last
    # fire card each of the 4 players has one more turn without drawing (p. 9, p. 11): 36 turns in all.
    turns = [line for line in lines if line.startswith(("spread ", "discard "))]
    assert sum("draws a movement card" in line for line in lines) == DECK == 32
    assert sum("is revealed: the fire intensifies" in line for line in lines) == PLAYERS  # fire cards A-D
    assert len(turns) == DECK + PLAYERS == 36
    last = next(n for n, line in enumerate(lines) if "that was the last fire card" in line)
    assert sum(line.startswith(("spread ", "discard ")) for line in lines[last:]) == PLAYERS


def test_final_scores_follow_from_the_houses_lost_and_cones_put_out(lines, final_scores, final_state):
    # p. 8 and p. 11: 40 on the track, 2 points per house of your colour burned or demolished, 1 per cone put out
    lost = Counter()
    for line in lines:
        m = re.match(r"\s+(\d+) houses? of (\w+) (burned|demolished) in ", line)
        if m:
            lost[m.group(2)] += int(m.group(1))
    cones = Counter(m.group(1) for line in lines if (m := re.match(r"\s+(\w+) puts out a cone in ", line)))
    assert sum(lost.values()) == 120 - sum(map(len, final_state.houses))  # 120 houses placed at setup
    for player, score in final_scores.items():
        assert score["track"] == 40
        assert score["houses lost"] == -2 * lost[player]
        assert score["cones put out"] == cones[player]
        assert score["total"] == sum(v for k, v in score.items() if k != "total")


def test_final_totals_recomputed_from_the_last_position(final_scores, final_state):
    # p. 11, written out: 40 - 2 x (20 - own houses on the map) + cones put out + the value of each objective
    # whose district still has houses and no uncovered cone + 1 per one-point token + 2 for the Hero of London
    board = final_state.board
    for n, seat in enumerate(final_state.seats):
        own = sum(h.count(seat.colour) for h in final_state.houses)
        objectives = 0
        for d in seat.objectives:
            k = board.index[d]
            if final_state.houses[k] and final_state.fire[k] <= final_state.bands[k]:
                objectives += board.districts[d].objective
        total = (40 - 2 * (20 - own) + seat.extinguished + objectives + seat.tokens.count("vp")
                 + (2 if final_state.hero == n else 0))
        assert final_scores[seat.colour]["objectives"] == objectives
        assert final_scores[seat.colour]["total"] == total, seat.colour


def test_the_winner_is_first_by_points_then_the_tie_breaks(lines, final_scores):
    # p. 11: most points wins; green's 10 beats red's 9, blue's 6 and white's 5, so no tie-break is needed
    best = max(s["total"] for s in final_scores.values())
    assert [p for p, s in final_scores.items() if s["total"] == best] == ["green"]
    assert lines[-1] == "# winners: green"


def test_the_last_state_holds_what_the_rules_leave(final_state):
    # everyone ends with 4 cards (p. 9, p. 11); the fire cones never leave the box (100)
    assert [seat.cards for seat in final_state.seats] == [4] * PLAYERS
    assert sum(final_state.fire) + final_state.supply + sum(s.extinguished for s in final_state.seats) == 100
    assert final_state.deck == () and final_state.is_terminal


@pytest.fixture(scope="module")
def final_state():
    import random

    from explorer.london1666 import new_game

    chooser, s = random.Random(1666), new_game(players=PLAYERS, seed=1666)
    while not s.is_terminal:
        s = s.apply(s.sample_chance() if s.is_chance_node else chooser.choice(s.legal_actions()))
    return s

