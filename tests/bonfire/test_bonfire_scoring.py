"""Bonfire's final scoring and the winner (``State.scores``, ``State.winners``), against seed 002 "Pontuação final"
and the rules ``bonfire.score.*``, ``bonfire.assume.leftovers-together``, ``bonfire.assume.bonfire-colour``,
``bonfire.assume.tie-shared``.

The main position is built by hand with ``edited`` on a started 2-player game (seed 1) and closed (countdown over,
nothing pending), so that every final category of orange scores a known amount. It is the position of notebook
``notebooks/bonfire/03_scoring.ipynb``, and it could have come out of a game: every lit bonfire's condition holds
(counting, for a "lit bonfires" condition, only the other lit bonfires), the portals fill the board from the right
(``bonfire.great-bonfire.portal``), every common task a player meets was fulfilled, and the seats' point bonuses
match the council points. Orange:

* lit bonfires 1 (t26, blue, 4: at least 4 path tiles), 2 (t34, red, 5: at least 4 portals), 6 (t51, blue, 7: at
  least 3 guardians on bonfires), novices on seats 1, 6, 2; bonfire 3 holds t10 (red, 2) unlit: 16;
* guardians on bonfire 3 (5), 4 (6) and 5 (7), none of them lit (that does not matter): 18;
* portals by bonfires 6, 5, 4, 3 (star, flame, moon, key): 4 x 2 = 8;
* path blue herbs | blue wood | red stone | red wood | yellow gold | blue stone: tile 1 beside lit blue bonfire 1
  and tile 6 beside lit blue bonfire 6 match; tile 3 (red) lies beside bonfire 3, red but unlit: 2 x 2 = 4;
* common task Bonfire Watch (3 guardians on bonfires): 4;
* fate tiles f8, f1, f7 placed, 5 left on the summary board: 5 x 3 = 15;
* 2 boat + 1 yellow tiles and 1 herbs left: (3 + 1) // 2 = 2;
* in play: elders 3, council 5 (seat 1: 3, seat 6: 2), Great Bonfire 4, countdown 3 (passed in round 3),
  specialists 2 (Elder Patron, then the elder Old Sage) = 17. Total 16 + 18 + 8 + 4 + 4 + 15 + 2 + 17 = 84.

Green lit all 7 bonfires with 2-point discs (t01, t17, t13, t02, t22, t03, t18: 14), their conditions met by two
path tiles (blue, yellow, beside bonfires of other colours), a blue guardian on the path, the specialist Long
Stride and one fate tile placed after the starting one; its novices sit on seats 2-8 (council 2 + 2 + 1 = 5). It
fulfilled All Seven Bonfires (7) and has 6 fate tiles left (18): 44.
"""

from __future__ import annotations

import pytest
from bonfire_checks import (build_path, edited, give_gnome, give_portal, set_guardians, set_resources, set_tiles,
                            started)

from explorer.bonfire import PLAY_CATEGORIES
from explorer.bonfire.components import Components
from explorer.bonfire.conditions import count, holds
from explorer.bonfire.scoring import FINAL_CATEGORIES

C = Components.default()
ORANGE_PLAY = {"elders": 3, "council": 5, "great_bonfire": 4, "countdown": 3, "specialists": 2}
ORANGE_FINAL = {"bonfires": 4 + 5 + 7, "guardians": 5 + 6 + 7, "portals": 4 * 2, "paths": 2 * 2,
                "common_tasks": 4, "fate_tiles": 5 * 3, "leftovers": (3 + 1) // 2}
GREEN_DISCS = ("t01", "t17", "t13", "t02", "t22", "t03", "t18")             # on bonfires 0-6, seats 2-8
GREEN_FINAL = {"bonfires": 7 * 2, "guardians": 0, "portals": 0, "paths": 0, "common_tasks": 7,
               "fate_tiles": 6 * 3, "leftovers": 0}


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


def _recruit(d, k, card):
    """``give_gnome``, and a specialist's place on the display refilled from the reserve, as after a recruit."""
    place = d["board"]["specialists"].index(card) if card in d["board"]["specialists"] else None
    give_gnome(d, k, card)
    if place is not None and d["board"]["reserve"]:
        d["board"]["specialists"][place] = d["board"]["reserve"].pop(0)


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
    _task(d, 0, 2, "t34", True, "seat_6")
    _task(d, 0, 6, "t51", True, "seat_2")
    _task(d, 0, 3, "t10")
    for bonfire, symbol in ((6, "star"), (5, "flame"), (4, "moon"), (3, "key")):
        give_portal(d, 0, bonfire, symbol)
    build_path(d, 0, "blue herbs", "blue wood", "red stone", "red wood", "yellow gold", "blue stone")
    set_guardians(d, 0, ("orange", "bonfire", 5), ("pink", "bonfire", 4), ("grey", "bonfire", 3), ("brown", "path", 1))
    _common(d, 0, "bonfire_watch", "seat_4")
    d["seats"][0]["fate"] = {"tiles": [{"tile": "f8", "at": "3,2 across"}, {"tile": "f1", "at": "3,1 down"},
                                       {"tile": "f7", "at": "2,1 across"}]}
    d["seats"][0]["stack"] = ["f2", "f3", "f4", "f5", "f6"]
    set_tiles(d, 0, boat=2, yellow=1)
    set_resources(d, 0, herbs=1)
    _recruit(d, 0, "elder_patron")
    _recruit(d, 0, "sage")
    d["seats"][0]["points"] = dict(ORANGE_PLAY)
    # green
    for b, disc in enumerate(GREEN_DISCS):
        _task(d, 1, b, disc, True, f"seat_{b + 2}")
    build_path(d, 1, "blue mushrooms", "yellow stone")
    set_guardians(d, 1, ("green", "path", 0), ("blue", "path", 1))
    _recruit(d, 1, "long_stride")
    d["seats"][1]["fate"] = {"tiles": [{"tile": "f8", "at": "3,2 across"}, {"tile": "f1", "at": "3,1 down"}]}
    d["seats"][1]["stack"] = ["f2", "f3", "f4", "f5", "f6", "f7"]
    d["seats"][1]["points"]["council"] = 2 + 2 + 1                          # seats 6, 7, 8
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
    """Set green's points scored in play (its council points are 5 in the position)."""
    def change(d):
        d["seats"][1]["points"].update(play)
    return change


# ---- the hand-built final position --------------------------------------------------------------------------
def test_the_position_is_over():
    s = _position()
    assert s.is_terminal and s.phase == "over" and s.legal_actions() == []
    assert s.seats[0].lit == (False, True, True, False, False, False, True) and sum(s.seats[1].lit) == 7
    assert [C.task_discs[d].points for d in ("t26", "t34", "t51", "t10")] == [4, 5, 7, 2]
    assert [C.task_discs[d].colour for d in ("t26", "t34", "t51", "t10")] == ["blue", "red", "blue", "red"]
    assert [C.task_discs[d].points for d in GREEN_DISCS] == [2] * 7
    assert [b.guardian_points for b in C.player_board.bonfires] == [2, 3, 4, 5, 6, 7, 8]


def test_every_lit_bonfire_could_have_been_lit():
    # bonfire.ignite.when: a disc is lit once its condition holds, and what the conditions count here (path tiles,
    # portals, guardians on bonfires, gnomes, placed fate tiles, lit bonfires) never goes down, so each still holds
    # at the end. The engine checks "lit bonfires" before the bonfire is lit (turn._check_ignite), so such a disc
    # needs that many *other* lit bonfires.
    s = _position()
    checked = []
    for k, seat in enumerate(s.seats):
        for disc_id, lit in zip(seat.tasks, seat.lit):
            if lit:
                condition = C.task_discs[disc_id].condition
                others = 1 if condition.kind == "lit_bonfires" else 0
                assert holds(s, k, condition), (seat.colour, disc_id, condition.text)
                assert count(s, k, condition) - others >= condition.at_least, (seat.colour, disc_id)
                checked.append(disc_id)
    assert checked == ["t26", "t34", "t51", *GREEN_DISCS]
    assert [count(s, 0, C.task_discs[d].condition) for d in ("t26", "t34", "t51")] == [6, 4, 3]


def test_the_position_keeps_the_other_rules():
    s = _position()
    for seat in s.seats:                        # bonfire.great-bonfire.portal: the rightmost free space first
        placed = [b for b, p in enumerate(seat.portals) if p is not None]
        assert placed == list(range(len(seat.portals) - len(placed), len(seat.portals)))
    assert s.seats[0].portals == (None, None, None, "key", "moon", "flame", "star")
    for k, seat in enumerate(s.seats):          # bonfire.assume.common-task-check: met means fulfilled
        met = [t for t, task in C.common_tasks.items() if holds(s, k, task.condition)]
        assert sorted(seat.common) == sorted(met)
    assert s.seats[0].common == ("bonfire_watch",) and s.seats[1].common == ("all_bonfires",)
    bonus = {seat: sum(g.amount for g in C.council_seats[seat].bonus if g.kind == "points")
             for seat in C.council_seats}
    for seat in s.seats:                        # bonfire.ignite.seat-bonus: the seats' points were scored
        taken = [sid for sid, novices in zip(s.index.seats, s.council) if seat.colour in novices]
        assert sum(bonus[sid] for sid in taken) == s.scores()[seat.colour]["council"]
    assert None not in s.specialists            # bonfire.gnome.after-recruit: the display was refilled


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
        d["board"]["council"]["seat_4"].append("orange")
        set_tiles(d, 0, boat=2, yellow=2)                                       # seat 4's bonus: a yellow tile
    table = _position(light_3).scores()["orange"]
    assert table["bonfires"] == 16 + 2 and table["paths"] == 4 + 2                # t10 and red stone on tile 3
    assert table["leftovers"] == 2                                                 # (4 + 1) // 2
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
    def last_round(d):                          # orange passed in round 3 and stays out; green is to play
        d.update(countdown=5, turn="green", pending=[{"kind": "act", "seat": "green"}])
        d["seats"][1]["out"] = False
    s = _position(last_round)
    assert s.seats[0].out and s.players[s.current_player] == "green"
    over = s.apply("pass")
    assert over.is_terminal
    rules = [e.rule.id for e in over.events]      # then the final scoring's 12 category events and the winner
    assert rules[:2] == ["bonfire.end.pass", "bonfire.end.countdown"] and len(rules) == 2 + 13
    assert rules[-1] == "bonfire.score.winner"
    for player, score in over.scores().items():      # the category events' points add up to each total
        assert sum(dict(e.points)[player] for e in over.events[2:-1]) == score.total
    assert over.events[-1].winners == over.winners()
    assert over.scores()["orange"]["countdown"] == 3 and over.scores()["green"]["countdown"] == 1
    assert over.scores()["orange"].total == 84 and over.scores()["green"].total == 45


# ---- the winner ------------------------------------------------------------------------------------------------
def test_most_points_wins():
    s = _position()
    assert s.winners() == ("orange",)


def test_a_tie_goes_to_more_lit_bonfires():
    s = _position(_points(council=5 + 84 - 44))                               # 84 each: green has 7 lit, orange 3
    assert s.scores()["green"].total == s.scores()["orange"].total == 84
    assert s.winners() == ("green",)
    s = _position(_points(council=5 + 84 - 44 + 1))
    assert s.winners() == ("green",)
    s = _position(_points(council=5 + 84 - 44 - 1))
    assert s.winners() == ("orange",)


def test_a_tie_in_points_and_bonfires_is_shared():
    s = started(2, 1)                                                         # two identical starts
    table = s.scores()
    assert table["orange"].total == table["green"].total == 21 + (5 + 6) // 2
    assert s.winners() == ("orange", "green")

    assert holds(s, 0, C.task_discs["t05"].condition) and holds(s, 1, C.task_discs["t47"].condition)

    def one_lit_each(d):
        _task(d, 0, 0, "t05", True, "seat_6")                                 # 3 points; seat 6: 2 points, 1 resource
        d["seats"][0]["points"]["council"] += 2
        d["seats"][0]["resources"]["wood"] += 1
        _task(d, 1, 4, "t47", True, "seat_2")                                 # 5 points; seat 2: 1 gold
        d["seats"][1]["resources"]["gold"] += 1
    s = edited(s, one_lit_each)
    assert s.scores()["orange"].total == s.scores()["green"].total == 21 + (5 + 6 + 1) // 2 + 5 == 32
    assert s.winners() == ("orange", "green")
