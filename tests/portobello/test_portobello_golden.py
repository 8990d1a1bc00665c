"""The Portobello golden playthrough: a whole seeded 3-player game (seed 2007), action by action with its events,
their rule ids and the final scores, must not drift silently (``tests/data/portobello_seed2007.txt``).

Beyond the snapshot, facts about that game are worked out here from the rulebook (seed 001 p. 1-4): the final
scores by category recomputed from the board with the rulebook's formulas, and counts that follow from the rules
(stalls conserved, the ten draws, turns per round, neutral tokens taken)."""

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
    # the final scores and the winners are recomputed by hand below, not copied from the transcript


def test_the_generator_still_writes_the_london_transcript():
    assert {"london", "portobello"} <= set(make_golden.TRANSCRIPTS)
    assert make_golden.TRANSCRIPTS["portobello"] == ("portobello_seed2007.txt", make_golden.portobello_transcript)


# ---- facts worked out by hand from the rulebook, independent of the engine's scoring code -------------------------
PLAYERS = ("red", "yellow", "green")
SUPPLY = 20  # seed p. 1: 20 stalls each with 3 players
TIMES = {("servant", "servant"): 1, ("citizen", "servant"): 2, ("citizen", "citizen"): 3,
         ("lord", "servant"): 3, ("citizen", "lord"): 4}
"""Seed p. 3: the multiplier of the two customers at a lane's ends (the pair written in alphabetical order)."""


def _replay():
    """The golden game, replayed from the transcript's own action lines (the draws are in it as 'drawn ...')."""
    from explorer.portobello import new_game

    lines = GOLDEN.read_text().splitlines()
    play = lines[:next(k for k, line in enumerate(lines) if line.startswith("# final scores"))]
    actions = [line for line in play if line and not line.startswith(("#", " "))]
    states = [new_game(players=3, seed=2007)]
    for text in actions:
        states.append(states[-1].apply(text))
    return actions, states


def _by_hand(actions, states) -> dict[str, dict[str, int]]:
    """Every player's points by category, recomputed from the rulebook's formulas over the board alone:
    - lanes (seed p. 3): each full lane with customers at both ends paid each owner the values under their stalls
      times the pair's multiplier (stalls and customers never move, so the final board shows every one);
    - districts (seed p. 4): the scorer's stalls on the district's three lanes when it was scored, times 2 or 4;
    - bobby tolls (seed p. 3, DECISIONS Portobello 3): per lane crossed, nothing if the mover alone has the most
      stalls there, 1 point lost if it is empty or the mover shares the most, else 1 point to each player with
      the most, paid by the mover;
    - the Lord (seed p. 4): at the end, each lane from the Lord's square that is not full scores its stalls with
      the Lord and the customer at its other end."""
    board = states[0].board
    points = {p: {"start": 10, "lanes": 0, "districts": 0, "bobby tolls": 0, "Lord": 0} for p in PLAYERS}
    for text, before in zip(actions, states):
        mover = PLAYERS[before.active] if before.current_player is not None else None
        verb, *args = text.split()
        if verb == "district":
            own = sum(before.stalls_on(lane).count(before.active) for lane in board.lanes_of(args[0]))
            points[mover]["districts"] += own * int(args[1][1:])
        if verb == "bobby" and before.phase == "actions":
            [lane] = [x for d, x in board.neighbours(before.bobby) if d == args[0]]
            count = {p: before.stalls_on(lane).count(k) for k, p in enumerate(PLAYERS)}
            most = max(count.values())
            holders = [p for p in PLAYERS if count[p] == most]
            if most == 0 or (mover in holders and len(holders) > 1):
                points[mover]["bobby tolls"] -= 1
            elif holders != [mover]:
                points[mover]["bobby tolls"] -= len(holders)
                for p in holders:
                    points[p]["bobby tolls"] += 1
    end = states[-1]
    lord = end.lord_square
    for lane, info in board.lanes.items():
        row = end.stalls_on(lane)
        kinds = [end.customer_at(sq) for sq in info.ends]
        full = None not in row
        if full and None not in kinds:
            category = "lanes"
        elif lord in info.ends and not full and None not in kinds:
            category = "Lord"
        else:
            continue
        times = TIMES[tuple(sorted(kinds))]
        for owner, value in zip(row, info.values):
            if owner is not None:
                points[PLAYERS[owner]][category] += value * times
    return points


def test_the_final_scores_follow_from_the_board_by_the_rulebooks_formulas():
    actions, states = _replay()
    end = states[-1]
    assert end.is_terminal
    expected = _by_hand(actions, states)
    assert {name: dict(b) for name, b in end.scores().items()} == expected
    totals = {p: sum(c.values()) for p, c in expected.items()}
    text = GOLDEN.read_text()
    for p in PLAYERS:
        assert f"{p}: {totals[p]} {expected[p]}" in text
    best = max(totals.values())
    assert text.splitlines()[-1] == f"# winners: {', '.join(p for p in PLAYERS if totals[p] == best)}"


def test_counts_that_follow_from_the_rules():
    """Stalls: 20 each, in hand + built; the game ended because someone built their last stall (seed p. 4) in
    the last round, which was played out to the last seat. Customers: each of the 10 was drawn once, then the Lord
    took the last square, so all 11 squares are full. Turns: every round is complete (3 turns: an action token or
    a district scoring each), and each district scoring took one neutral token, at most one with each player's
    own 2 and 4."""
    actions, states = _replay()
    end = states[-1]
    built = {p: sum(end.stalls_on(lane).count(k) for lane in end.board.lanes) for k, p in enumerate(PLAYERS)}
    assert all(end.seats[k].stalls + built[p] == SUPPLY for k, p in enumerate(PLAYERS))
    assert min(seat.stalls for seat in end.seats) == 0
    emptied = next(k for k, s in enumerate(states) if any(seat.stalls == 0 for seat in s.seats))
    assert states[emptied].round == end.round  # the last stall came in the last round
    draws = [a for a in actions if a.startswith("drawn ")]
    assert len(draws) == 10 and sorted(draws) == ["drawn citizen"] * 5 + ["drawn servant"] * 5
    assert actions.count("lord") == 1 and None not in end.squares and end.squares.count("lord") == 1
    turns = [a for a in actions if a.startswith(("act ", "district "))]
    assert len(turns) == 3 * end.round == 33
    scorings = [a for a in actions if a.startswith("district ")]
    assert len(end.neutral) == 8 - len(scorings)
    per_player = [states[k].active for k, a in enumerate(actions) if a.startswith("district ")]
    assert all(per_player.count(k) <= 2 for k in range(3))
    assert all(a.endswith((" x2", " x4")) for a in scorings)
