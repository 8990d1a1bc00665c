"""Bonfire's final scoring and the winner (``State.scores``, ``State.winners``), against seed 002 "Pontuação final"
and the rules ``bonfire.score.*``, ``bonfire.assume.leftovers-together``, ``bonfire.assume.bonfire-colour``,
``bonfire.assume.tie-shared``.

The main position is built by hand with ``edited`` on a started 2-player game (seed 1) and closed (countdown over,
nothing pending), so that every final category of orange scores a known amount:

* lit bonfires 1 (t26, blue, 4), 2 (t36, red, 5), 6 (t52, blue, 8); bonfire 3 holds t10 (red, 2) unlit: 17;
* guardians on bonfire 6 (8), 2 (4) and 3 (5; unlit does not matter): 17;
* portals by bonfires 0, 2, 3, 6: 4 x 2 = 8;
* path blue herbs | blue wood | red stone | red wood | yellow gold | blue stone: tile 1 beside lit blue bonfire 1
  and tile 6 beside lit blue bonfire 6 match; tile 3 (red) lies beside bonfire 3, red but unlit: 2 x 2 = 4;
* common task Bonfire Watch (3 guardians on bonfires): 4;
* fate tiles f8, f1, f7 placed, 5 left on the summary board: 5 x 3 = 15;
* 2 boat + 1 yellow tiles and 1 herbs left: (3 + 1) // 2 = 2;
* in play: elders 3, council 5, Great Bonfire 4, countdown 3, specialists 2 = 17. Total 84.

Green lit all 7 bonfires (t01-t07: 2+2+2+2+3+2+3 = 16) and fulfilled All Seven Bonfires (7); 7 fate tiles are
left (21); nothing else: 44.
"""

from __future__ import annotations

import pytest
from bonfire_checks import (build_path, edited, give_gnome, give_portal, set_guardians, set_resources, set_tiles,
                            started)

from explorer.bonfire import PLAY_CATEGORIES
from explorer.bonfire.components import Components
from explorer.bonfire.scoring import FINAL_CATEGORIES

C = Components.default()
ORANGE_PLAY = {"elders": 3, "council": 5, "great_bonfire": 4, "countdown": 3, "specialists": 2}
ORANGE_FINAL = {"bonfires": 4 + 5 + 8, "guardians": 8 + 4 + 5, "portals": 4 * 2, "paths": 2 * 2,
                "common_tasks": 4, "fate_tiles": 5 * 3, "leftovers": (3 + 1) // 2}
GREEN_FINAL = {"bonfires": 2 + 2 + 2 + 2 + 3 + 2 + 3, "guardians": 0, "portals": 0, "paths": 0, "common_tasks": 7,
               "fate_tiles": 7 * 3, "leftovers": 0}


# ---- helpers ---------------------------------------------------------------------------------------------------------
def _task(d, k, bonfire, disc, lit=False, seat_id=None):
    for items in d["board"]["islands"].values():
        if disc in items:
            items.remove(disc)
    if disc in d["board"]["task_box"]:
        d["board"]["task_box"].remove(disc)
    d["seats"][k]["tasks"][bonfire] = disc
    if lit:
        d["seats"][k]["lit"][bonfire] = True
        d["board"]["council"][seat_id].append(d["players"][k])


def _common(d, k, task, seat_id):
    d["seats"][k]["common"].append(task)
    d["board"]["neutral"][task] = False
    d["board"]["council"][seat_id].append("neutral")


def _final(d):
    """The position of the module docstring, the game over."""
    for k in (0, 1):
        set_tiles(d, k)
        set_resources(d, k)
    # orange
    _task(d, 0, 1, "t26", True, "seat_1")
    _task(d, 0, 2, "t36", True, "seat_2")
    _task(d, 0, 6, "t52", True, "seat_3")
    _task(d, 0, 3, "t10")
    for bonfire, symbol in ((0, "wave"), (2, "sun"), (3, "key"), (6, "star")):
        give_portal(d, 0, bonfire, symbol)
    build_path(d, 0, "blue herbs", "blue wood", "red stone", "red wood", "yellow gold", "blue stone")
    set_guardians(d, 0, ("orange", "bonfire", 6), ("pink", "bonfire", 2), ("grey", "bonfire", 3), ("brown", "path", 1))
    _common(d, 0, "bonfire_watch", "seat_4")
    d["seats"][0]["fate"] = {"tiles": [{"tile": "f8", "at": "3,2 across"}, {"tile": "f1", "at": "3,1 down"},
                                       {"tile": "f7", "at": "2,1 across"}]}
    d["seats"][0]["stack"] = ["f2", "f3", "f4", "f5", "f6"]
    set_tiles(d, 0, boat=2, yellow=1)
    set_resources(d, 0, herbs=1)
    give_gnome(d, 0, "sage")
    give_gnome(d, 0, "elder_patron")
    d["seats"][0]["points"] = dict(ORANGE_PLAY)
    # green
    for b in range(7):
        _task(d, 1, b, f"t0{b + 1}", True, f"seat_{b + 1}")
    _common(d, 1, "all_bonfires", "seat_5")
    # the game is over
    d.update(triggered=True, countdown=6, pending=[])
    for seat in d["seats"]:
        seat["out"] = True


def _position(*changes):
    def change(d):
        _final(d)
        for c in changes:
            c(d)
    return edited(started(2, 1), change)


def _points(**play):
    """Set green's points scored in play."""
    def change(d):
        d["seats"][1]["points"].update(play)
    return change


# ---- the hand-built final position --------------------------------------------------------------------------
def test_the_position_is_over():
    s = _position()
    assert s.is_terminal and s.phase == "over" and s.legal_actions() == []
    assert s.seats[0].lit == (False, True, True, False, False, False, True) and sum(s.seats[1].lit) == 7
    assert [C.task_discs[d].points for d in ("t26", "t36", "t52", "t10")] == [4, 5, 8, 2]
    assert [C.task_discs[d].colour for d in ("t26", "t36", "t52", "t10")] == ["blue", "red", "blue", "red"]
    assert [b.guardian_points for b in C.player_board.bonfires] == [2, 3, 4, 5, 6, 7, 8]


def test_categories_in_order_play_then_final():
    s = _position()
    assert list(s.scores()["orange"]) == [*PLAY_CATEGORIES, *FINAL_CATEGORIES]
    assert FINAL_CATEGORIES == ("bonfires", "guardians", "portals", "paths", "common_tasks", "fate_tiles",
                                "leftovers")


@pytest.mark.parametrize("category", [*ORANGE_PLAY, *ORANGE_FINAL])
def test_each_category_of_orange(category):
    expected = {**ORANGE_PLAY, **ORANGE_FINAL}[category]
    assert _position().scores()["orange"][category] == expected


def test_orange_total_is_the_sum_of_the_breakdown():
    table = _position().scores()["orange"]
    assert dict(table) == {**ORANGE_PLAY, **ORANGE_FINAL}
    assert table.total == sum(table[c] for c in table) == 17 + 67 == 84


def test_green_all_seven_bonfires_common_task_scores_7():
    table = _position().scores()["green"]
    assert {c: table[c] for c in FINAL_CATEGORIES} == GREEN_FINAL
    assert C.common_tasks["all_bonfires"].points == 7 and C.common_tasks["bonfire_watch"].points == 4
    assert table.total == 16 + 7 + 21 == 44


def test_lighting_the_red_bonfire_makes_its_red_path_tile_score():
    def light_3(d):
        d["seats"][0]["lit"][3] = True
        d["board"]["council"]["seat_6"].append("orange")
    table = _position(light_3).scores()["orange"]
    assert table["bonfires"] == 17 + 2 and table["paths"] == 4 + 2                # t10 and red stone on tile 3
    assert table.total == 84 + 4


@pytest.mark.parametrize("tiles, resources, points", [
    ({"boat": 2, "yellow": 1}, {"herbs": 1}, 2),      # 3 tiles + 1 resource together
    ({"boat": 2, "yellow": 1}, {}, 1),                # 3 alone: rounded down
    ({}, {"herbs": 1}, 0),
    ({"boat": 5, "gnome": 2}, {"gold": 3, "stone": 1}, 5),
])
def test_leftovers_one_point_per_two_tiles_and_resources(tiles, resources, points):
    table = _position(lambda d: set_tiles(d, 0, **tiles), lambda d: set_resources(d, 0, **resources)).scores()["orange"]
    assert table["leftovers"] == points


def test_every_fate_tile_left_scores_three():
    def all_left(d):
        d["seats"][0]["fate"] = {"tiles": [{"tile": "f8", "at": "3,2 across"}]}
        d["seats"][0]["stack"] = ["f1", "f2", "f3", "f4", "f5", "f6", "f7"]
    assert _position(all_left).scores()["orange"]["fate_tiles"] == 21


# ---- points scored in play, through the engine ------------------------------------------------------------
def test_passing_in_the_last_round_adds_to_the_play_points():
    def last_round(d):
        d.update(countdown=5, turn="orange", pending=[{"kind": "act", "seat": "orange"}])
        for seat in d["seats"]:
            seat["out"] = False
    s = _position(last_round)
    over = s.apply("pass").apply("pass")
    assert over.is_terminal
    assert over.scores()["orange"]["countdown"] == 3 + 1 and over.scores()["green"]["countdown"] == 1
    assert over.scores()["orange"].total == 85 and over.scores()["green"].total == 45


# ---- the winner ------------------------------------------------------------------------------------------------
def test_most_points_wins():
    s = _position()
    assert s.winners() == ("orange",)


def test_a_tie_goes_to_more_lit_bonfires():
    s = _position(_points(council=84 - 44))                                   # 84 each: green has 7 lit, orange 3
    assert s.scores()["green"].total == s.scores()["orange"].total == 84
    assert s.winners() == ("green",)
    s = _position(_points(council=84 - 44 + 1))
    assert s.winners() == ("green",)
    s = _position(_points(council=84 - 44 - 1))
    assert s.winners() == ("orange",)


def test_a_tie_in_points_and_bonfires_is_shared():
    s = started(2, 1)                                                         # two identical starts
    table = s.scores()
    assert table["orange"].total == table["green"].total == 21 + (5 + 6) // 2
    assert s.winners() == ("orange", "green")

    def one_lit_each(d):
        _task(d, 0, 0, "t05", True, "seat_1")                                 # 3 points each
        _task(d, 1, 4, "t07", True, "seat_2")
    s = edited(s, one_lit_each)
    assert s.scores()["orange"].total == s.scores()["green"].total == 26 + 3
    assert s.winners() == ("orange", "green")
