"""The Bonfire overlays (``widgets/bonfire/overlays.py``) against the engine: fate-tile yields, the score if the game
ended now, scores over a game.

The fate-tile yields are checked row by row against the engine itself: the placements listed legal must be exactly
``state.legal_actions()``'s ``fate`` actions, and each row's gains must equal the change of the player's holdings
when the action is really applied. The hand-made positions (``edited`` on a started 2-player game, seed 1) give
values worked out by hand from the rules page: the adjacency example (a path symbol beside an area of 2 paths
gives 3 path tiles, ``bonfire.fate.same-symbol``), the printed squares (``bonfire.fate.printed``, doubled by Fate
Echo), the hand limit (``bonfire.fate.when``), a supply running out (``bonfire.assume.supply-runs-out``), and a
scored position whose categories are added up by hand (``bonfire.score.*``, the tie-break
``bonfire.score.winner``). The components are our own data; the values that depend on them are named.
"""

from __future__ import annotations

import random
from collections import Counter

import plotly.graph_objects as go
import pytest
from bonfire_checks import edited, give_gnome, give_portal, set_guardians, set_resources, set_tiles, started
from bonfire_players import directed_player, late_game

from explorer.bonfire import PLAY_CATEGORIES, State
from explorer.bonfire.actions import PlaceFate
from explorer.bonfire.fate import FateState
from explorer.bonfire.scoring import FINAL_CATEGORIES
from explorer.core import Record
from widgets.bonfire.overlays import (CATEGORIES, CATEGORY_COLOURS, OWN_DATA, FateYield, fate_yield, fate_yield_figure,
                                      score_now, score_now_figure, scores_over_time, scores_over_time_figure)


# ---- helpers ---------------------------------------------------------------------------------------------------------
def _act(d, k):
    """Seat ``k`` is to choose an option of a fresh turn."""
    d["turn"] = d["players"][k]
    d["pending"] = [{"kind": "act", "seat": d["players"][k]}]


def _holdings(s: State, k: int) -> Counter:
    seat = s.seats[k]
    return Counter(dict(zip(s.index.actions, seat.tiles))) + Counter(dict(zip(s.index.resources, seat.resources)))


def _applied_gains(s: State, k: int, action: str) -> dict[str, int]:
    """What really applying ``action`` changes in seat ``k``'s action tiles and resources (nonzero items)."""
    diff = _holdings(s.apply(action), k)
    diff.subtract(_holdings(s, k))
    return {item: n for item, n in diff.items() if n}


def _trace(fig: go.Figure, name: str) -> dict:
    [found] = [t for t in fig.to_dict()["data"] if t.get("name") == name]
    return found


def _returned(s: State) -> State:
    """``s`` after the player to act hands back action tiles (the engine's first legal ``return``) until a fate
    tile may be placed."""
    while True:
        returns = [a for a in s.legal_actions() if str(a).startswith("return ")]
        if not returns:
            return s
        s = s.apply(returns[0])


def _adjacency(d, *, path_supply: bool = True):
    """The rules page's adjacency example: orange holds nothing; f5 lies at 2,1 across (gnome, path, task) above
    the starting tile f8 at 3,2 across (path, yellow, gnome), so the paths at 2,2 and 3,2 form an area of 2; f2
    (path, gnome, boat) is on top of the summary board, f7 at the bottom. The fate area and the stack are set on
    the state itself (:func:`_adjacency_state`): f5 placed with f2 on top cannot happen in play (tiles leave the
    summary board from the top or the bottom, so ``from_dict`` refuses it), and the example needs only the area."""
    _act(d, 0)
    set_tiles(d, 0)
    set_resources(d, 0)
    if not path_supply:  # green takes every path tile left in the supply
        set_tiles(d, 1, path=d["board"]["supply"]["path"] + d["seats"][1]["tiles"]["path"])


def _adjacency_state(*changes, path_supply: bool = True) -> State:
    """The adjacency example (:func:`_adjacency`), a synthetic state, after ``changes`` to its data."""
    s = edited(started(2, 1), lambda d: [_adjacency(d, path_supply=path_supply), *(change(d) for change in changes)])
    fate = FateState.from_dict({"tiles": [{"tile": "f8", "at": "3,2 across"}, {"tile": "f5", "at": "2,1 across"}]},
                               s.components)
    seat = s.seats[0].replace(fate=fate, stack=("f2", "f1", "f3", "f4", "f6", "f7"))
    return s.replace(seats=(seat, *s.seats[1:]))


@pytest.fixture(scope="module")
def adjacency() -> State:
    return _adjacency_state()


# ---- fate-tile yields: against the engine's legal actions and apply --------------------------------------------------
@pytest.mark.parametrize("players, seed", [(2, 4), (3, 5), (4, 9)])
def test_a_seeded_start_lists_exactly_the_engines_fate_actions_with_their_applied_gains(players, seed):
    s = started(players, seed)
    k = s.current_player
    held = sum(s.seats[k].tiles)
    assert held == 5                                                     # 2 yellow + the spare's 3 symbols
    blocked = fate_yield(s)
    # holding 5 action tiles: no fate action is legal; every geometric placement is listed, refused by the hand limit
    assert not [a for a in s.legal_actions() if isinstance(a, PlaceFate)]
    assert {r.rule for r in blocked} == {"bonfire.fate.when"} and not any(r.legal_now for r in blocked)
    assert f"holds {held} action tiles" in blocked[0].reason
    ready = _returned(s)
    assert sum(ready.seats[k].tiles) == 1 and ready.current_player == k
    rows = fate_yield(ready)
    engine = [str(a) for a in ready.legal_actions() if isinstance(a, PlaceFate)]
    assert [r.action for r in rows] == engine and len(engine) == 48      # f1 (top) 24, f7 (bottom) 24
    assert all(r.legal_now and r.rule is None for r in rows)
    assert [r.action for r in blocked] == engine                         # the same placements, not yet allowed
    for row in rows:
        assert row.gains == _applied_gains(ready, k, row.action), row.action
        assert row.total == sum(row.gains.values())
    # the tiles geometry alone decides the yield while nobody's supply runs short: same gains either way
    assert [r.gains for r in blocked] == [r.gains for r in rows]
    assert {(r.tile, r.end) for r in rows} == {("f1", "top"), ("f7", "bottom")}


def test_mid_game_positions_match_the_engine_row_by_row():
    # directed play from a seeded late-game start; every position where the player to act may place a fate tile
    rnd = random.Random(2)
    s = late_game(started(3, 3))
    checked = 0
    for _ in range(150):
        if s.is_terminal:
            break
        if not s.is_chance_node and s.pending[0].kind == "act":
            k = s.current_player
            rows = fate_yield(s)
            engine = [str(a) for a in s.legal_actions() if isinstance(a, PlaceFate)]
            assert [r.action for r in rows if r.legal_now] == engine
            if engine:
                checked += 1
                for row in rows:
                    assert row.gains == _applied_gains(s, k, row.action)
        s = s.resolve_chance() if s.is_chance_node else s.apply(directed_player(s, rnd))
    assert checked >= 3


def test_the_adjacency_example_gives_three_path_tiles(adjacency):
    rows = {r.action: r for r in fate_yield(adjacency)}
    row = rows["fate f2 4,2 across"]                       # path 4,2 below the path area {2,2 3,2}; gnome 4,3; boat 4,4
    assert row.squares == ((4, 2), (4, 3), (4, 4)) and row.symbols == ("path", "gnome", "boat")
    assert row.gains == {"boat": 1, "path": 3, "gnome": 1} and row.total == 5 and row.legal_now
    assert row.printed == () and row.end == "top"
    assert row.gains == _applied_gains(adjacency, 0, row.action)
    # f2 down from 3,1: path 3,1 beside the area (1 + 2), gnome 4,1 + the printed gnome at 3,1, boat 5,1 + the
    # printed yellow at 5,1: 7, the best of all
    best = max(rows.values(), key=lambda r: r.total)
    assert best.action == "fate f2 3,1 down" and best.gains == {"boat": 1, "path": 3, "gnome": 2, "yellow": 1}
    assert best.printed == ("1 gnome action tile", "1 yellow action tile")
    assert len(rows) == 40 and rows["fate f7 4,2 across"].end == "bottom"


def test_the_fate_figure_shows_the_best_yield_per_square(adjacency):
    fig = fate_yield_figure(adjacency)
    top = _trace(fig, "f2 yield")
    assert top["z"][3][1] == 5                                          # square 4,2: f2 4,2 across, +5
    assert "fate f2 4,2 across: +5 (1 boat, 3 path, 1 gnome)" in top["hovertext"][3][1]
    assert top["z"][2][0] == 7 and top["text"][2][0].startswith("7<br>")  # square 3,1: f2 3,1 down, +7, printed
    assert "+1 gnome" in top["text"][2][0]
    assert top["z"][1][1] is None and top["customdata"][1][1] == "p0:fate:2,2"   # under f5's path
    placed = _trace(fig, "f2 placed")
    assert placed["text"][1][1] == "path" and placed["text"][1][0] == "gnome" and placed["z"][4][4] is None
    assert top["meta"] == {"tile": "f2", "end": "top"} and _trace(fig, "f7 yield")["meta"]["end"] == "bottom"
    shapes = {s["name"]: s for s in fig.to_dict()["layout"]["shapes"]}
    assert {"placed f8", "placed f5", "best f2", "best f7"} <= set(shapes)
    assert (shapes["best f2"]["x0"], shapes["best f2"]["y0"], shapes["best f2"]["y1"]) == (0.55, 2.55, 5.45)
    meta = fig.layout.meta
    assert meta["allowed"] is True and meta["colour"] == "orange" and meta["best"]["f2"] == "fate f2 3,1 down"
    title = fig.layout.title.text
    assert title.startswith("orange's fate area") and "placing is allowed now: 40 placements" in title
    assert "fate f2 3,1 down, gains 7" in title
    assert any(a.get("name") == "own data" and a["text"] == OWN_DATA for a in fig.to_dict()["layout"]["annotations"])
    assert fig.to_dict() == fate_yield_figure(adjacency).to_dict()


def test_too_many_tiles_marks_every_placement_with_the_hand_limit(adjacency):
    hand = lambda d: set_tiles(d, 0, yellow=2, boat=1)  # noqa: E731
    s = _adjacency_state(hand)
    rows = fate_yield(s)
    assert len(rows) == 40 and not any(r.legal_now for r in rows)
    assert {r.rule for r in rows} == {"bonfire.fate.when"}
    assert rows[0].reason == ("orange holds 3 action tiles; a fate tile may be placed only with at most 1 (hand "
                              "the others back first)")
    row = next(r for r in rows if r.action == "fate f2 4,2 across")
    assert row.gains == {"boat": 1, "path": 3, "gnome": 1}             # the geometric yield (fate.gains)
    fig = fate_yield_figure(s)
    assert fig.layout.meta["allowed"] is False
    assert "placing is not allowed now" in fig.layout.title.text and "(bonfire.fate.when)" in fig.layout.title.text
    assert _trace(fig, "f2 yield")["z"][3][1] == 5                     # shown as if allowed
    # Large Hand: up to 3 action tiles held (the engine's limit), so the same hand may place
    big = _adjacency_state(hand, lambda d: give_gnome(d, 0, "large_hand"))
    rows = fate_yield(big)
    assert all(r.legal_now for r in rows) and len(rows) == 40
    assert [r.action for r in rows] == [str(a) for a in big.legal_actions() if isinstance(a, PlaceFate)]


def test_fate_echo_doubles_the_printed_squares_as_the_engine_does(adjacency):
    echo = lambda d: give_gnome(d, 0, "fate_echo")  # noqa: E731
    s = _adjacency_state(echo)
    row = next(r for r in fate_yield(s) if r.action == "fate f2 3,1 down")
    assert row.gains == {"boat": 1, "path": 3, "gnome": 3, "yellow": 2} and row.total == 9
    assert row.gains == _applied_gains(s, 0, row.action)
    blocked = _adjacency_state(echo, lambda d: set_tiles(d, 0, boat=2))   # not allowed now: fate.gains with the echo
    assert next(r for r in fate_yield(blocked) if r.action == "fate f2 3,1 down").gains == row.gains


def test_a_supply_running_out_is_what_applying_gives():
    s = _adjacency_state(path_supply=False)
    assert s.supply[s.index.actions.index("path")] == 0
    row = next(r for r in fate_yield(s) if r.action == "fate f2 4,2 across")
    assert row.gains == {"boat": 1, "gnome": 1} == _applied_gains(s, 0, row.action)  # no path tile left to take
    assert any("bonfire.assume.supply-runs-out" in note for note in row.notes)


def test_another_players_area_and_a_full_fate_area(adjacency):
    rows = fate_yield(adjacency, seat=1)                             # green, holding 5 tiles, while orange acts
    assert rows and {r.rule for r in rows} == {"bonfire.fate.when"} and not any(r.legal_now for r in rows)
    light = _adjacency_state(lambda d: set_tiles(d, 1, gnome=1))
    rows = fate_yield(light, seat=1)
    assert {r.rule for r in rows} == {"bonfire.turn.options"}
    assert rows[0].reason == "it is orange's turn to decide, not green's"
    assert fate_yield_figure(light, 1).layout.meta["colour"] == "green"

    # the most a fate area takes with our layout: the starting tile and 6 more; f7, the last on the summary
    # board, then fits nowhere (the engine lists no fate action either)
    def full(d):
        _act(d, 0)
        set_tiles(d, 0)
        d["seats"][0]["fate"] = {"tiles": [{"tile": t, "at": at} for t, at in (
            ("f8", "3,2 across"), ("f1", "1,1 down"), ("f2", "1,2 across"), ("f3", "1,5 down"), ("f4", "2,2 across"),
            ("f5", "4,1 across"), ("f6", "5,1 across"))]}
        d["seats"][0]["stack"] = ["f7"]
    s = edited(started(2, 1), full)
    assert fate_yield(s) == [] and not [a for a in s.legal_actions() if isinstance(a, PlaceFate)]
    fig = fate_yield_figure(s)
    assert "neither fate tile orange may take fits the fate area any more" in fig.layout.title.text
    assert fig.layout.annotations[0].text == "f7 (the last one left): task, guardian, great bonfire"
    assert fig.layout.meta["allowed"] is False and fig.layout.meta["best"] == {}
    assert all(z is None for row in _trace(fig, "f7 yield")["z"] for z in row)
    assert sum(v == 1 for row in _trace(fig, "f7 placed")["z"] for v in row) == 21
    # no fate tile at all on the summary board (not reachable in play with our layout: a synthetic state)
    empty = s.replace(seats=(s.seats[0].replace(stack=()), s.seats[1]))
    assert fate_yield(empty) == []
    fig = fate_yield_figure(empty)
    assert "orange has no fate tile left on the summary board" in fig.layout.title.text
    assert fig.layout.annotations[0].text == "no fate tile left"


def test_bad_input_is_refused_clearly(adjacency):
    for seat in (2, -1, True, "0", 1.0):
        with pytest.raises(ValueError, match="seat must be a seat index 0-1"):
            fate_yield(adjacency, seat)
        with pytest.raises(ValueError, match="seat must be a seat index"):
            fate_yield_figure(adjacency, seat)
    for bad in (None, "fate f1 3,1 down", adjacency.to_dict()):
        with pytest.raises(TypeError, match="expected a Bonfire State"):
            fate_yield(bad)
        with pytest.raises(TypeError, match="expected a Bonfire State"):
            score_now(bad)
    with pytest.raises(ValueError, match="no states"):
        scores_over_time([])
    with pytest.raises(TypeError):
        scores_over_time([adjacency, "not a state"])


# ---- the score if the game ended now -------------------------------------------------------------------------------
def _scored(d, *, over: bool = False, green_council: int = 0):
    """Orange: bonfire 1 lit with t26 (blue, 4 points; council seat_1), a star portal on bonfire 6 (2), her own
    guardian on bonfire 6 (8, it has a portal), 3 elder points, all 7 fate tiles left (21), 2 boat + 1 yellow
    tiles and 1 herbs ((3 + 1) // 2 = 2): 40. Green: bonfires 0 and 4 lit with t05 and t07 (3 + 3; seats 2 and
    3), 7 fate tiles left (21), nothing held, ``green_council`` council points: 27 + that."""
    for k in (0, 1):
        set_tiles(d, k)
        set_resources(d, k)
    b = d["board"]
    for k, bonfire, disc, seat_id in ((0, 1, "t26", "seat_1"), (1, 0, "t05", "seat_2"), (1, 4, "t07", "seat_3")):
        for items in b["islands"].values():
            if disc in items:
                items.remove(disc)
        if disc in b["task_box"]:
            b["task_box"].remove(disc)
        d["seats"][k]["tasks"][bonfire] = disc
        d["seats"][k]["lit"][bonfire] = True
        b["council"][seat_id].append(d["players"][k])
    give_portal(d, 0, 6, "star")
    set_guardians(d, 0, ("orange", "bonfire", 6))
    set_tiles(d, 0, boat=2, yellow=1)
    set_resources(d, 0, herbs=1)
    d["seats"][0]["points"]["elders"] = 3
    d["seats"][1]["points"]["council"] = green_council
    if over:
        d.update(pending=[])
        for seat in d["seats"]:
            seat["out"] = True
    else:
        _act(d, 0)


ORANGE = {"elders": 3, "council": 0, "great_bonfire": 0, "countdown": 0, "specialists": 0, "bonfires": 4,
          "guardians": 8, "portals": 2, "paths": 0, "common_tasks": 0, "fate_tiles": 21, "leftovers": 2}


def test_score_now_is_the_engines_breakdown_on_a_hand_built_position():
    s = edited(started(2, 1), _scored)
    table = score_now(s)
    assert list(table) == ["orange", "green"] and list(table["orange"]) == [*PLAY_CATEGORIES, *FINAL_CATEGORIES]
    assert table["orange"] == ORANGE and sum(table["orange"].values()) == 40
    assert sum(table["green"].values()) == 3 + 3 + 21 == 27
    assert table == {c: dict(b) for c, b in s.scores().items()}


def test_score_now_on_late_game_positions_equals_state_scores():
    rnd = random.Random(5)
    s = late_game(started(4, 2))
    seen = 0
    for step in range(400):
        if s.is_terminal:
            break
        if step % 25 == 0:
            table = score_now(s)
            engine = s.scores()
            assert {c: sum(v.values()) for c, v in table.items()} == {c: b.total for c, b in engine.items()}
            assert {c: list(v.items()) for c, v in table.items()} == {c: list(b.categories) for c, b in engine.items()}
            fig = score_now_figure(s)
            assert fig.layout.meta["totals"] == {c: b.total for c, b in engine.items()}
            assert fig.layout.meta["leaders"] == list(s.winners())
            seen += 1
        s = s.resolve_chance() if s.is_chance_node else s.apply(directed_player(s, rnd))
    assert seen >= 5


def test_score_now_figure_stacks_the_categories_and_names_the_leader():
    s = edited(started(2, 1), _scored)
    fig = score_now_figure(s)
    data = fig.to_dict()["data"]
    assert [t["meta"]["category"] for t in data] == list(CATEGORIES)
    guardians = _trace(fig, "guardians on bonfires")
    assert list(guardians["x"]) == [8, 0] and list(guardians["y"]) == ["orange (1 lit)", "green (2 lit)"]
    assert guardians["marker"]["color"] == CATEGORY_COLOURS["guardians"] and guardians["orientation"] == "h"
    assert sum(t["x"][0] for t in data) == 40 and sum(t["x"][1] for t in data) == 27
    notes = {a.get("name"): a["text"] for a in fig.to_dict()["layout"]["annotations"]}
    assert notes["total orange"] == "<b>40</b> ★" and notes["total green"] == "<b>27</b>"
    title = fig.layout.title.text
    assert "score if the game ended now (during play)" in title
    assert "leading: orange with 40 points (bonfire.score.winner)" in title
    assert fig.layout.barmode == "stack" and fig.layout.meta["over"] is False
    assert fig.to_dict() == score_now_figure(s).to_dict()


def test_the_tie_break_at_the_end_goes_to_more_lit_bonfires():
    s = edited(started(2, 1), lambda d: _scored(d, over=True, green_council=13))   # 40 each; green 2 lit, orange 1
    assert s.is_terminal and s.winners() == ("green",)
    fig = score_now_figure(s)
    title = fig.layout.title.text
    assert title.startswith("Final scores: the game is over")
    assert ("winner: green: tied on 40 points with orange, wins the tie-break on lit bonfires (2 against orange 1; "
            "bonfire.score.winner)") in title
    notes = {a.get("name"): a["text"] for a in fig.to_dict()["layout"]["annotations"]}
    assert notes["total green"] == "<b>40</b> ★" and notes["total orange"] == "<b>40</b>"

    def one_lit_each(d):
        _scored(d, over=True, green_council=16)       # green's bonfire 4 stays unlit: 3 + 21 + 16 = 40, 1 lit
        d["seats"][1]["lit"][4] = False
        d["board"]["council"]["seat_3"].clear()
    shared = edited(started(2, 1), one_lit_each)
    assert shared.winners() == ("orange", "green") and score_now(shared)["green"]["bonfires"] == 3
    title = score_now_figure(shared).layout.title.text
    assert "the win is shared (bonfire.score.winner, bonfire.assume.tie-shared)" in title


# ---- scores over a game ---------------------------------------------------------------------------------------------
@pytest.fixture(scope="module")
def record() -> Record:
    rec, rnd = Record("bonfire", seed=11, options={"players": 3}), random.Random(1)
    for _ in range(60):
        rec.play(directed_player(rec.state, rnd))
    return rec


def test_scores_over_time_follows_every_action_of_a_record(record):
    rows = scores_over_time(record)
    states = record.states
    assert len(rows) == len(states) == len(record.actions) + 1
    assert [r["totals"] for r in rows] == [{c: b.total for c, b in s.scores().items()} for s in states]
    assert rows[0]["action"] is None and rows[0]["player"] is None and rows[0]["phase"] == "setup"
    assert [r["action"] for r in rows[1:]] == list(record.actions)
    assert rows[1]["action"].startswith("start-tile ") and rows[1]["player"] == states[0].players[
        states[0].current_player]
    assert rows[0]["totals"] == {"orange": 21, "green": 21, "black": 21}     # 7 fate tiles left x 3, nothing else
    # from states alone, the actions are unknown; the rest is the same
    plain = scores_over_time(states)
    assert [r["totals"] for r in plain] == [r["totals"] for r in rows] and plain[5]["action"] is None


def test_scores_over_time_figure(record):
    fig = scores_over_time_figure(record)
    rows = scores_over_time(record)
    lines = {t["name"]: t for t in fig.to_dict()["data"]}
    assert list(lines) == ["orange", "green", "black"]
    assert lines["green"]["meta"]["totals"] == [r["totals"]["green"] for r in rows]
    assert list(lines["green"]["x"]) == list(range(len(rows)))
    first_play = next(r["step"] for r in rows if r["phase"] == "play")
    shapes = {s["name"]: s for s in fig.to_dict()["layout"]["shapes"]}
    assert shapes["play starts"]["x0"] == first_play and "game over" not in shapes
    assert f"(3 players, play, after {len(rows) - 1} actions)" in fig.layout.title.text
    assert fig.to_dict() == scores_over_time_figure(record).to_dict()
    with pytest.raises(ValueError, match="not of Bonfire"):
        scores_over_time(Record("portobello", seed=1, options={"players": 2}))


def test_a_whole_game_marks_the_countdown_and_the_end():
    rnd = random.Random(3)
    s = late_game(started(3, 7))
    states = [s]
    while not s.is_terminal:
        s = s.resolve_chance() if s.is_chance_node else s.apply(directed_player(s, rnd))
        states.append(s)
    rows = scores_over_time(states)
    assert rows[-1]["phase"] == "over" and rows[-1]["totals"] == {c: b.total for c, b in s.scores().items()}
    fig = scores_over_time_figure(states)
    shapes = {sh["name"]: sh for sh in fig.to_dict()["layout"]["shapes"]}
    assert shapes["game over"]["x0"] == len(states) - 1
    if any(st.countdown for st in states):
        assert shapes["countdown"]["x0"] == next(i for i, st in enumerate(states) if st.countdown)
    assert "game over" in fig.layout.title.text
    end = score_now_figure(s)
    assert end.layout.meta["over"] is True and end.layout.meta["leaders"] == list(s.winners())
    assert isinstance(fate_yield(s), list) and all(isinstance(r, FateYield) for r in fate_yield(s))
    assert all(not r.legal_now and r.rule == "core.end.game-over" for r in fate_yield(s))
