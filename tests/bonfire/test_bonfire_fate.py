"""Bonfire's fate area (``explorer.bonfire.fate``): placing fate tiles and what they gain, against seed 002
"Colocar uma Régua", sources A.3-A.4 and our named assumptions.

Areas are built two ways: from the shipped components (the starting tile f8 across from 3,2) with the rules
(:func:`place`), and by hand on a blank 5 x 5 grid (``_blank``), with tiles of our own choosing, to pin the
counting rules on exact shapes.
"""

from __future__ import annotations

import itertools
from collections import Counter
from types import MappingProxyType

import pytest

from explorer.bonfire.components import (
    FATE_AREA,
    FATE_SYMBOLS,
    Components,
    FateArea,
    FateTile,
)
from explorer.bonfire.fate import (
    FateState,
    PlacedTile,
    Placement,
    connected_area,
    gains,
    parse_placement,
    place,
    placements,
    starting_area,
    why_not,
)
from explorer.bonfire.rules import RULES
from explorer.core import IllegalAction

C = Components.default()
F = {t.id: t for t in C.fate_tiles}   # f1..f7 on the summary board, f8 the spare


def _blank() -> FateArea:
    """A 5 x 5 fate area without printed squares (the start where the shipped one is)."""
    return FateArea(5, 5, ((3, 2), (3, 3), (3, 4)), "across", MappingProxyType({}))


def _hand(*tiles: tuple[tuple[str, str, str], str]) -> FateState:
    """A fate area laid by hand (no rules checked): each tile its symbols and its placement text."""
    placed = tuple(PlacedTile(FateTile(f"h{k}", symbols), parse_placement(at))
                   for k, (symbols, at) in enumerate(tiles, 1))
    return FateState(_blank(), placed)


def _refused(area: FateState, tile: FateTile, at: str) -> str:
    """The rule id ``place`` names when it refuses, checking ``why_not`` names the same one."""
    placement = parse_placement(at)
    with pytest.raises(IllegalAction) as err:
        place(area, tile, placement)
    assert why_not(area, tile, placement).endswith(f"({err.value.rule.id})")
    return err.value.rule.id


# ---- the starting area ------------------------------------------------------------------------------------------
def test_start_fate_tile_is_the_spare_at_the_start_square():
    area = starting_area(C)
    assert (area.layout.rows, area.layout.cols) == FATE_AREA
    assert area.tile_ids == ("f8",)
    assert dict(area.covered) == {(3, 2): "path", (3, 3): "yellow", (3, 4): "gnome"}
    assert len(C.fate_area.start) == FATE_SYMBOLS == 3


def test_start_fate_tile_swapped_is_the_fourth_from_the_top():
    area = starting_area(C, swap=True)
    assert area.tile_ids == ("f4",)
    assert dict(area.covered) == {(3, 2): "guardian", (3, 3): "boat", (3, 4): "yellow"}


# ---- where a tile may go ------------------------------------------------------------------------------------------
def test_fate_inside_refuses_a_tile_sticking_out():
    assert _refused(starting_area(C), F["f1"], "4,1 down") == "bonfire.fate.inside"
    assert _refused(starting_area(C), F["f1"], "2,4 across") == "bonfire.fate.inside"
    assert "row 6, column 1 is off the area" in why_not(starting_area(C), F["f1"], parse_placement("4,1 down"))


def test_fate_no_overlap_refuses_covering_a_placed_tile():
    assert _refused(starting_area(C), F["f1"], "2,2 down") == "bonfire.fate.no-overlap"
    assert _refused(starting_area(C), F["f1"], "3,1 across") == "bonfire.fate.no-overlap"


def test_fate_adjacent_refuses_a_tile_touching_nothing():
    assert _refused(starting_area(C), F["f1"], "1,1 across") == "bonfire.fate.adjacent"
    assert _refused(starting_area(C), F["f1"], "5,3 across") == "bonfire.fate.adjacent"


def test_fate_diagonal_touch_is_not_adjacent():
    area = _hand((("boat", "task", "path"), "1,2 down"))                  # 1,2 2,2 3,2
    assert _refused(area, F["f1"], "4,3 across") == "bonfire.fate.adjacent"  # 4,3 meets 3,2 at a corner only
    assert why_not(area, F["f1"], parse_placement("4,2 across")) is None    # 4,2 lies below 3,2


def test_fate_tile_is_placed_only_once():
    assert _refused(starting_area(C), F["f8"], "2,1 across") == "bonfire.fate.top-or-bottom"


def test_refusals_name_rules_of_the_table_and_leave_the_area_unchanged():
    area = starting_area(C)
    before = area.to_dict()
    for at in ("4,1 down", "2,2 down", "1,1 across"):
        with pytest.raises(IllegalAction) as err:
            place(area, F["f1"], parse_placement(at))
        assert RULES[err.value.rule.id] is err.value.rule
        assert err.value.action == at
    assert area.to_dict() == before


def test_placements_on_the_starting_area():
    """12 positions touch the starting tile (3 down in column 1, 3 in column 5, 3 across in rows 2 and 4), each
    either way round: 24."""
    found = placements(starting_area(C), F["f1"])
    assert len(found) == 24
    positions = {(p.at, p.direction) for p in found}
    assert positions == ({((r, 1), "down") for r in (1, 2, 3)} | {((r, 5), "down") for r in (1, 2, 3)}
                         | {((2, c), "across") for c in (1, 2, 3)} | {((4, c), "across") for c in (1, 2, 3)})
    assert found == sorted(found)


@pytest.mark.parametrize("tile", ["f1", "f5"])
def test_placements_are_exactly_what_why_not_allows(tile):
    area = place(starting_area(C), F["f3"], parse_placement("2,1 across"))
    listed = set(placements(area, F[tile]))
    for row, col, direction, turned in itertools.product(range(-1, 8), range(-1, 8), ("across", "down"),
                                                         (False, True)):
        p = Placement((row, col), direction, reversed=turned)
        assert (p in listed) == (why_not(area, F[tile], p) is None), p


def test_a_tile_showing_the_same_symbols_either_way_is_listed_once():
    area = starting_area(C)
    twin = FateTile("twin", ("boat", "task", "boat"))
    found = placements(area, twin)
    assert len(found) == 12 and not any(p.reversed for p in found)


def test_no_placement_for_a_placed_tile_or_a_full_area():
    assert placements(starting_area(C), F["f8"]) == []
    rows = [(("boat", "task", "path"), f"{r},1 across") for r in range(1, 6)]
    columns = [(("boat", "task", "path"), f"1,{c} down") for c in (4, 5)]
    full = _hand(*rows, *columns)                                          # only a 2 x 2 corner is left
    assert len(full.covered) == 21
    assert placements(full, F["f1"]) == []


def test_reversed_tile_shows_its_symbols_the_other_way():
    p, q = parse_placement("2,1 across"), parse_placement("2,1 across reversed")
    assert p.symbols_at(F["f1"]) == {(2, 1): "boat", (2, 2): "task", (2, 3): "guardian"}
    assert q.symbols_at(F["f1"]) == {(2, 1): "guardian", (2, 2): "task", (2, 3): "boat"}
    assert parse_placement("4,5 down").squares == ((4, 5), (5, 5), (6, 5))


# ---- what a tile gains ------------------------------------------------------------------------------------------
def test_fate_gain_is_the_three_symbols():
    g = gains(starting_area(C), F["f3"], parse_placement("2,1 across"))   # task, great_bonfire, path
    assert g == Counter({"task": 1, "great_bonfire": 1, "path": 1})       # path at 2,3 touches yellow 3,3


def test_same_symbol_rulebook_example_with_the_shipped_tiles():
    """Sources A.4: a white symbol next to an area of 2 white symbols gives 3 white tiles in total. White is the
    path tile's colour in the shipped data: f5's path goes above the starting tile's path (an area of 2), then
    f2's path goes below it."""
    assert C.action_types["path"].colour == "white"
    start = starting_area(C)
    first = parse_placement("2,1 across")                                  # gnome 2,1, path 2,2, task 2,3
    assert gains(start, F["f5"], first) == Counter({"path": 2, "gnome": 1, "task": 1})
    area = place(start, F["f5"], first)
    assert sorted(connected_area(area, (3, 2))) == [(2, 2), (3, 2)]
    g = gains(area, F["f2"], parse_placement("4,2 across"))                # path 4,2, gnome 4,3, boat 4,4
    assert g["path"] == 3
    assert g == Counter({"path": 3, "gnome": 1, "boat": 1})


def test_same_symbol_rulebook_example_on_a_hand_built_area():
    area = _hand((("path", "path", "boat"), "3,2 across"))                  # white area 3,2-3,3
    g = gains(area, FateTile("new", ("path", "task", "gnome")), parse_placement("4,2 across"))
    assert g == Counter({"path": 3, "task": 1, "gnome": 1})


def test_fate_area_bonus_counts_each_touched_area_once():
    """bonfire.assume.fate-area-bonus: two separate areas touching one new symbol both count."""
    area = _hand((("boat", "task", "path"), "2,1 across"),                 # path 2,3
                 (("path", "gnome", "boat"), "3,2 down"))                  # path 3,2 (diagonal to 2,3)
    assert connected_area(area, (2, 3)) == {(2, 3)} and connected_area(area, (3, 2)) == {(3, 2)}
    g = gains(area, FateTile("new", ("path", "guardian", "task")), parse_placement("3,3 across"))
    assert g["path"] == 1 + 1 + 1


def test_fate_area_bonus_one_area_touched_twice_counts_once():
    area = _hand((("boat", "path", "path"), "2,1 across"),                 # path 2,2 2,3
                 (("path", "gnome", "boat"), "3,2 down"))                  # path 3,2, joined to 2,2
    assert len(connected_area(area, (3, 2))) == 3
    g = gains(area, FateTile("new", ("path", "guardian", "task")), parse_placement("3,3 across"))
    assert g["path"] == 1 + 3


def test_fate_area_bonus_two_new_symbols_on_one_area_both_count():
    area = _hand((("path", "path", "path"), "2,1 across"))
    g = gains(area, FateTile("new", ("path", "boat", "path")), parse_placement("3,1 across"))
    assert g == Counter({"path": 2 + 3 + 3, "boat": 1})


def test_fate_area_bonus_the_new_tiles_own_symbols_do_not_add():
    area = _hand((("boat", "boat", "boat"), "2,1 across"))
    g = gains(area, FateTile("new", ("path", "path", "path")), parse_placement("3,1 across"))
    assert g == Counter({"path": 3})


def test_fate_printed_squares_are_gained():
    """f1 down from 3,1 covers the printed gnome (3,1) and yellow (5,1) squares."""
    assert C.fate_area.squares[(3, 1)].gain.item == "gnome" and C.fate_area.squares[(5, 1)].gain.item == "yellow"
    g = gains(starting_area(C), F["f1"], parse_placement("3,1 down"))
    assert g == Counter({"boat": 1, "task": 1, "guardian": 1, "gnome": 1, "yellow": 1})
    g = gains(starting_area(C), F["f3"], parse_placement("1,5 down reversed"))   # covers 3,5 mushrooms, 1,5 yellow
    assert g == Counter({"path": 1, "great_bonfire": 1, "task": 1, "mushrooms": 1, "yellow": 1})


def test_fate_echo_gains_printed_squares_twice():
    g = gains(starting_area(C), F["f1"], parse_placement("3,1 down"), fate_echo=True)
    assert g == Counter({"boat": 1, "task": 1, "guardian": 1, "gnome": 2, "yellow": 2})
    assert "bonfire.specialist.fate-echo" in RULES


def test_gains_refuse_an_illegal_placement():
    with pytest.raises(IllegalAction) as err:
        gains(starting_area(C), F["f1"], parse_placement("2,2 down"))
    assert err.value.rule.id == "bonfire.fate.no-overlap"


# ---- values and round trips ---------------------------------------------------------------------------------------
def test_place_returns_a_new_area():
    start = starting_area(C)
    after = place(start, F["f1"], parse_placement("3,1 down"))
    assert start.tile_ids == ("f8",) and after.tile_ids == ("f8", "f1")
    assert after.symbol_at((5, 1)) == "guardian" and start.symbol_at((5, 1)) is None


def test_place_grows_the_connected_areas_it_knew_into_those_worked_out_afresh():
    """``place`` extends the connected areas of the area before (when known) instead of working them out again;
    over seeded random fillings of the shipped and a blank area, they equal the areas worked out from scratch."""
    import random

    from explorer.bonfire.fate import _areas, area_groups

    for seed in range(40):
        chooser = random.Random(seed)
        area = starting_area(C) if seed % 2 else FateState(_blank(), starting_area(C).tiles)
        area_groups(area)
        for tile in chooser.sample(C.fate_stack, len(C.fate_stack)):
            options = placements(area, tile)
            if not options:
                continue
            area = place(area, tile, chooser.choice(options))
            assert dict(area_groups(area)) == _areas(area.covered)
            assert dict(area.covered) == {sq: sym for p in area.tiles for sq, sym in p.covered.items()}


def test_a_summary_board_story():
    """The summary board's tiles, top first, on a plan that fills the area: six fit, and then the 7th fits
    nowhere. Each placement gains at least its 3 symbols, and the area reads back from its ``to_dict``."""
    plan = ["1,1 down", "1,2 across", "1,5 down", "2,2 across", "4,1 across", "5,1 across"]
    area = starting_area(C)
    for tile, at in zip(C.fate_stack, plan):
        gained = gains(area, tile, parse_placement(at))
        assert all(gained[s] >= 1 for s in tile.symbols) and sum(gained[s] for s in set(tile.symbols)) >= 3
        area = place(area, tile, parse_placement(at))
    assert area.tile_ids == ("f8", "f1", "f2", "f3", "f4", "f5", "f6")
    assert len(area.covered) == 21
    assert placements(area, C.fate_stack[6]) == []
    assert FateState.from_dict(area.to_dict(), C) == area


def test_at_most_seven_fate_tiles_fit_the_shipped_area():
    """Eight tiles would cover 24 of the 25 squares. Colour square (r, c) by (r + c) mod 3, or by (r - c) mod 3:
    every strip of 3 covers one square of each colour, so the 24 covered squares hold 8 of each colour in both
    colourings. Only the centre works as the hole, and the starting tile covers it: at most 7 tiles fit (the
    story above fits 7)."""
    squares = [(r, c) for r in range(1, 6) for c in range(1, 6)]

    def balanced(hole, colour):
        return set(Counter(colour(sq) for sq in squares if sq != hole).values()) == {8}

    holes = [sq for sq in squares if balanced(sq, lambda q: sum(q) % 3) and balanced(sq, lambda q: (q[0] - q[1]) % 3)]
    assert holes == [(3, 3)]
    assert (3, 3) in C.fate_area.start


def _most_of_one_symbol(symbol: str) -> int:
    return sum(symbol in t.symbols for t in C.fate_tiles)


def test_every_fate_condition_of_the_data_can_be_met():
    most_tiles, most_group = 7, max(_most_of_one_symbol(a) for a in C.action_types)
    assert most_group == 4
    conditions = [t.condition for t in (*C.task_discs.values(), *C.common_tasks.values())]
    for cond in conditions:
        if cond.kind == "fate_tiles":
            assert cond.at_least <= most_tiles, cond
        if cond.kind == "fate_group":
            assert cond.at_least <= (_most_of_one_symbol(cond.action) if cond.action else most_group), cond


def test_to_dict_from_dict_round_trip():
    area = place(starting_area(C), F["f1"], parse_placement("3,1 down"))
    data = area.to_dict()
    assert data == {"tiles": [{"tile": "f8", "at": "3,2 across"}, {"tile": "f1", "at": "3,1 down"}]}
    assert FateState.from_dict(data, C) == area


def test_from_dict_refuses_bad_data():
    with pytest.raises(ValueError, match="bonfire.assume.start-fate-tile"):
        FateState.from_dict({"tiles": [{"tile": "f8", "at": "1,1 across"}]}, C)
    with pytest.raises(ValueError, match="tiles\\[0\\]"):
        FateState.from_dict({"tiles": [{"tile": "f99", "at": "3,2 across"}]}, C)
    with pytest.raises(IllegalAction):
        FateState.from_dict({"tiles": [{"tile": "f8", "at": "3,2 across"}, {"tile": "f1", "at": "1,1 across"}]}, C)
    with pytest.raises(ValueError):
        FateState.from_dict({}, C)


@pytest.mark.parametrize("text", ["4,2", "4 2 across", "a,b down", "4,2 diagonal", "", None])
def test_parse_placement_refuses_unreadable_text(text):
    with pytest.raises(ValueError, match="cannot read"):
        parse_placement(text)


def test_placement_text_round_trip_and_checks():
    for p in placements(starting_area(C), F["f2"]):
        assert parse_placement(str(p)) == p
    with pytest.raises(ValueError):
        Placement((1, 1), "diagonal")
    with pytest.raises(ValueError):
        Placement((1,), "down")
