"""The shipped Bonfire components against seed 002, ``bonfire_flashpoint_sources.md`` part A and DECISIONS
(Bonfire), and user data.

The first half asserts every binding number of the game on the shipped data (one test per component), and
then our own design choices (``DATA_SPEC``: level sizes, colour spread, the 2-of-each offering discs...). The
second half checks ``Components.from_dict`` / ``from_files`` / ``from_file`` with a user's own data: a round
trip, and every problem of a broken copy listed at once.
"""

from __future__ import annotations

import copy
import json
from collections import Counter
from pathlib import Path

import networkx as nx
import pytest
import yaml

import explorer.bonfire
from explorer.bonfire import components as bf
from explorer.bonfire.components import DATA, OWN_DATA, PARTS, Components
from explorer.core import GAMES, InvalidData

C = Components.default()
SEED = Path("/work/shared/seeds/002_3a90ca77d2ddc4ae.txt")
ACTIONS = {"boat", "task", "guardian", "path", "great_bonfire", "gnome"}
NON_GOLD = {"herbs", "mushrooms", "berries", "wood", "stone"}


def _merged() -> dict:
    """The shipped part files merged by hand, as ``Components.from_files`` merges them."""
    merged: dict = {"format": "bonfire-components", "format_version": 1, "sources": {}}
    for part in PARTS:
        data = yaml.safe_load((DATA / f"{part}.yaml").read_text(encoding="utf-8"))
        merged["sources"][data.pop("part")] = data.pop("source")
        for key in ("format", "format_version"):
            data.pop(key)
        merged.update(data)
    return merged


def _problems(data: dict) -> tuple[str, ...]:
    with pytest.raises(InvalidData) as err:
        Components.from_dict(data)
    return err.value.problems


def _has(problems: tuple[str, ...], *fragments: str) -> None:
    for fragment in fragments:
        assert any(fragment in p for p in problems), f"no problem mentions {fragment!r}:\n" + "\n".join(problems)


# ---- the registry: Bonfire's engine is playable --------------------------------------------------------------
def test_bonfire_is_ready_and_exports_the_engine():
    assert GAMES["bonfire"].is_ready
    assert callable(explorer.bonfire.new_game)
    assert {"new_game", "State", "Action", "parse_action", "Components", "RULES"} <= set(explorer.bonfire.__all__)


def test_two_to_four_players():
    assert (bf.MIN_PLAYERS, bf.MAX_PLAYERS) == (2, 4)
    for players in (1, 5, 0, "3", True, 2.0):
        with pytest.raises(ValueError, match="Bonfire is for 2-4 players"):
            C.task_discs_on_board(players)
    assert len(C.player_colours) >= 4 and len(set(C.player_colours)) == len(C.player_colours)


# ---- supply -------------------------------------------------------------------------------------------------------
def test_six_resources_with_gold_the_only_wild_one():
    assert len(C.resources) == 6
    assert [r.id for r in C.resources.values() if r.wild] == ["gold"]
    assert "herbs" in C.resources  # sources A.2 mention a herb island


def test_seven_action_types_one_per_action_and_the_yellow_wild():
    assert len(C.action_types) == 7
    assert set(C.action_types) == ACTIONS | {"yellow"}
    assert [a.id for a in C.action_types.values() if a.wild] == ["yellow"]
    assert "procession" in C.action_types["guardian"].action and "claim" in C.action_types["guardian"].action
    assert {a.id: a.supply for a in C.action_types.values()} == {a: 10 for a in ACTIONS} | {"yellow": 12}
    assert len({a.colour for a in C.action_types.values()}) == 7
    assert C.action_types["yellow"].colour == "yellow"


def test_four_guardian_colours_of_four_guardians_each():
    assert tuple(C.guardians) == ("pink", "grey", "brown", "blue") == bf.GUARDIAN_COLOURS
    assert [g.term_pt for g in C.guardians.values()] == ["rosa", "cinza", "castanho", "azul"]
    assert all(g.count == 4 for g in C.guardians.values())
    assert bf.MAX_GUARDIANS_ON_START == 1 + len(C.guardians)  # the player's own and one of each island colour


def test_task_discs_and_path_crystals_share_three_colours():
    assert tuple(C.colours) == ("blue", "red", "yellow") == bf.TASK_COLOURS
    assert [c.term_pt for c in C.colours.values()] == ["azul", "vermelho", "amarelo"]


def test_28_path_tiles_10_blue_10_red_8_yellow_each_with_a_resource():
    assert len(C.path_tiles) == 28
    assert Counter(t.colour for t in C.path_tiles.values()) == {"blue": 10, "red": 10, "yellow": 8}
    assert all(t.resource in C.resources for t in C.path_tiles.values())
    assert C.path_tiles["yellow_1"].resource == "gold" and C.path_tiles["blue_10"].colour == "blue"
    assert bf.PATH_DISPLAY == 4 and bf.PATH_PILES == (2, 3)


def test_portals_seven_symbols_four_of_each_and_seven_fewer_with_two_players():
    assert len(C.portal_symbols) == 7 and C.portals_per_symbol == 4
    assert C.portals_in_play(4) == C.portals_in_play(3) == 28
    assert C.portals_in_play(2) == 21


def test_ten_offering_discs_per_player_two_of_each_non_gold_resource():
    assert sum(C.offering_discs.values()) == 10 == bf.OFFERING_DISCS
    assert dict(C.offering_discs) == {r: 2 for r in NON_GOLD}
    assert bf.OFFERING_STACKS == 2 and bf.OFFERING_DISCS // bf.OFFERING_STACKS == 5


def test_five_countdown_discs_five_on_top():
    assert C.countdown == (5, 4, 3, 2, 1)


# ---- islands ------------------------------------------------------------------------------------------------------
def test_ten_task_islands_with_a_resource_and_four_guardian_islands():
    task = [i for i in C.islands.values() if i.kind == "task"]
    guardian = [i for i in C.islands.values() if i.kind == "guardian"]
    assert len(task) == 10 and len(guardian) == 4
    assert all(i.resource in C.resources and i.guardian is None for i in task)
    assert sorted(i.guardian for i in guardian) == sorted(C.guardians)
    assert all(i.resource is None for i in guardian)
    assert Counter(i.resource for i in task) == {r: 2 for r in NON_GOLD}  # our own spread


def test_four_corner_islands_are_task_islands():
    corners = [i for i in C.islands.values() if i.corner]
    assert len(corners) == 4 and all(i.kind == "task" for i in corners)


def test_task_discs_per_island_by_player_count():
    for island in C.islands.values():
        if island.kind == "guardian":
            assert [C.task_discs_on(island.id, n) for n in (2, 3, 4)] == [0, 0, 0]
        elif island.corner:
            assert [C.task_discs_on(island.id, n) for n in (2, 3, 4)] == [2, 2, 3]
        else:
            assert [C.task_discs_on(island.id, n) for n in (2, 3, 4)] == [2, 3, 3]
    assert [C.task_discs_on_board(n) for n in (4, 3, 2)] == [30, 26, 20]
    assert dict(bf.TASK_DISCS_ON_BOARD) == {4: 30, 3: 26, 2: 20}


def test_currents_join_every_island_and_the_entrance_is_not_an_island():
    graph = nx.Graph(C.currents)
    assert set(graph) == set(C.islands) and nx.is_connected(graph)
    assert len(C.currents) == len({frozenset(c) for c in C.currents})
    assert bf.ENTRANCE not in C.islands
    for a in C.islands:
        assert set(C.neighbours(a)) == set(graph[a])
        for b in C.islands:
            assert C.distance(a, b) == C.distance(b, a) == nx.shortest_path_length(graph, a, b)
    # 1 boat tile: a neighbour; 2: two currents away; 3: anywhere (seed "Barco")
    assert dict(bf.BOAT_MOVES) == {1: 1, 2: 2, 3: None}
    assert all(any(C.distance(a, b) == 2 for b in C.islands) for a in C.islands)


def test_island_positions_are_distinct():
    assert len({i.pos for i in C.islands.values()}) == len(C.islands)


# ---- task discs -------------------------------------------------------------------------------------------------
def test_66_task_discs_in_three_colours_and_three_levels_worth_2_to_8():
    discs = list(C.task_discs.values())
    assert len(discs) == 66
    assert Counter(d.colour for d in discs) == {"blue": 22, "red": 22, "yellow": 22}
    assert Counter(d.level for d in discs) == {1: 24, 2: 24, 3: 18}
    assert all(2 <= d.points <= 8 for d in discs)
    points = {lv: sorted({d.points for d in discs if d.level == lv}) for lv in (1, 2, 3)}
    assert points == {1: [2, 3], 2: [4, 5], 3: [6, 7, 8]}  # harder discs score more
    for level in (1, 2, 3):
        assert len({Counter(d.colour for d in discs if d.level == level)[c] for c in C.colours}) == 1


def test_task_conditions_are_well_formed_varied_and_printable():
    conditions = [d.condition for d in C.task_discs.values()]
    assert len({tuple(sorted(c.to_dict().items())) for c in conditions}) == 66  # no two discs ask the same
    assert {c.kind for c in conditions} == set(bf.CONDITION_KINDS)  # every kind is used
    for c in conditions:
        kind = bf.CONDITION_KINDS[c.kind]
        assert (c.param is not None) >= kind.required
        assert c.at_least >= 1 and (kind.most is None or c.at_least <= kind.most)
        assert c.text.startswith(("at least", "a connected", "guardians of"))
    assert C.task_discs["t04"].condition.text == "at least 3 herbs"
    assert C.task_discs["t38"].condition.text == "at least 3 great bonfire action tiles"
    assert C.task_discs["t48"].condition.text == "a connected area of at least 3 boat symbols in the fate area"
    assert all(c.at_least <= bf.BONFIRES - 1 for c in conditions if c.kind == "lit_bonfires")


def test_the_loader_docstring_lists_every_condition_kind():
    doc = Components.from_dict.__doc__
    for kind in bf.CONDITION_KINDS:
        assert f"``{kind}``" in doc, kind


def test_task_claim_costs():
    assert bf.TASK_CLAIM_TILES == (1, 2, 3) and bf.TASK_CLAIM_RESOURCES == 2


# ---- boards -----------------------------------------------------------------------------------------------------
def test_eight_fate_tiles_of_three_action_symbols_seven_stacked_and_a_spare():
    assert len(C.fate_tiles) == 8 and len(C.fate_stack) == 7
    assert C.spare_fate_tile.id == "f8" and C.spare_fate_tile not in C.fate_stack
    assert all(len(f.symbols) == 3 and set(f.symbols) <= set(C.action_types) for f in C.fate_tiles)
    assert C.fate_stack[bf.FATE_SWAP_POSITION - 1].id == "f4"  # the 4th from the top (seed "Setup" E)
    every = Counter(s for f in C.fate_tiles for s in f.symbols)
    assert set(every) == set(C.action_types)  # each action type appears (our design: 4, 4, 4, 4, 3, 3 and 2 yellow)
    assert every["yellow"] == 2 and all(3 <= every[a] <= 4 for a in ACTIONS)


def test_the_fate_area_is_five_by_five_with_six_printed_squares():
    fa = C.fate_area
    assert (fa.rows, fa.cols) == (5, 5) == bf.FATE_AREA
    assert fa.start == ((3, 2), (3, 3), (3, 4)) and fa.direction == "across"  # the centre
    assert len(fa.squares) == 6
    assert not set(fa.squares) & set(fa.start)
    assert {sq.gain.kind for sq in fa.squares.values()} == {"resource", "action"}
    assert all(sq.gain.amount == 1 and sq.gain.item != bf.ANY for sq in fa.squares.values())
    assert fa.squares[(1, 1)].gain.text == "1 gold" and fa.squares[(1, 5)].gain.text == "1 yellow action tile"


def test_start_six_resources_and_five_action_tiles():
    assert bf.START_RESOURCES_EACH * len(C.resources) == 6
    for start in (C.fate_stack[bf.FATE_SWAP_POSITION - 1], C.spare_fate_tile):
        assert bf.START_YELLOW_TILES + len(start.symbols) == bf.START_ACTION_TILES == 5


def test_the_great_bonfire_has_seven_spaces_and_the_pointer_starts_south():
    gb = C.great_bonfire
    assert len(gb.spaces) == 7 and gb.pointer_start == "south" == gb.spaces[0].id
    assert {s.action for s in gb.spaces} == set(C.action_types)  # our design: each type once
    assert all(s.resource in C.resources for s in gb.spaces)
    assert [gb.turn("south", n) for n in (1, 2, 7, 8)] == ["south_west", "west", "south", "south_west"]
    assert bf.GREAT_BONFIRE_REWARDS == 2 and bf.GREAT_BONFIRE_POINTS == 2
    assert dict(bf.GREAT_BONFIRE_MOVES) == {1: 1, 2: 2, 3: None}


def test_player_board_seven_bonfires_worth_two_to_eight_each_needing_a_portal():
    pb = C.player_board
    assert [b.id for b in pb.bonfires] == list(range(7))
    assert [b.guardian_points for b in pb.bonfires] == [2, 3, 4, 5, 6, 7, 8]
    assert sorted(b.portal for b in pb.bonfires) == sorted(C.portal_symbols)
    assert bf.NOVICES == bf.BONFIRES == 7


def test_the_path_a_starting_tile_and_six_tiles_costing_1_1_1_2_2_2():
    pb = C.player_board
    assert [s.cost for s in pb.path_slots] == [1, 1, 1, 2, 2, 2] == list(bf.PATH_COSTS)
    assert len(pb.path_slots) == bf.MAX_PATH_TILES == 6
    assert [pb.bonfire_beside(k) for k in range(7)] == list(range(7))  # path slot k lies beside bonfire k
    assert pb.start_resource == "gold"
    with pytest.raises(KeyError, match="no path slot 7"):
        pb.bonfire_beside(7)


def test_the_council_has_eight_seats_with_simple_bonuses():
    assert len(C.council_seats) == 8
    for seat in C.council_seats.values():
        assert seat.bonus and all(g.kind in ("points", "resource", "action") for g in seat.bonus)
        for g in seat.bonus:
            assert g.item in (None, bf.ANY, *C.resources, *C.action_types)
    assert [g.text for g in C.council_seats["seat_6"].bonus] == ["2 points", "1 resource of your choice"]
    assert dict(bf.END_TRIGGER) == {2: 7, 3: 10, 4: 13}
    assert [Components.novices_to_end(n) for n in (2, 3, 4)] == [7, 10, 13]


def test_five_common_tasks_worth_four_and_seven_for_all_bonfires():
    tasks = list(C.common_tasks.values())
    assert len(tasks) == 5 == bf.NEUTRAL_NOVICES
    assert Counter(t.points for t in tasks) == {4: 4, 7: 1}
    seven = next(t for t in tasks if t.points == 7)
    assert seven.condition.to_dict() == {"kind": "lit_bonfires", "at_least": 7}
    assert seven.condition.text == "at least 7 lit bonfires"


# ---- gnomes -----------------------------------------------------------------------------------------------------
def test_nineteen_specialists_from_the_sources_three_showing_gold():
    specialists = list(C.specialists.values())
    assert len(specialists) == 19
    assert sorted(s.source for s in specialists) == sorted(f"A.5 #{n}" for n in range(1, 20))
    assert sum(s.resource == "gold" for s in specialists) == 3
    assert all(s.resource in C.resources and s.ability for s in specialists)
    assert sorted(s.guardian for s in specialists if s.guardian) == sorted(C.guardians)  # items 10-13


def test_twelve_elders_worth_three_to_six_points():
    elders = list(C.elders.values())
    assert len(elders) == 12
    assert all(3 <= e.points <= 6 and e.resource in C.resources for e in elders)
    assert not set(C.elders) & set(C.specialists)


def test_gnome_display_reserve_and_recruiting():
    assert dict(bf.GNOMES_ON_DISPLAY) == {"elder": 6, "specialist": 6}
    assert len(C.specialists) - bf.GNOMES_ON_DISPLAY["specialist"] == 13  # the reserve
    assert bf.MAX_GNOMES == 6 and bf.RECRUIT_COSTS == ((2, 1), (1, 2))


# ---- scoring ----------------------------------------------------------------------------------------------------
def test_scoring_numbers_of_the_seed():
    assert bf.TASK_POINTS == bf.GUARDIAN_POINTS == (2, 8)
    assert bf.PORTAL_POINTS == bf.PATH_MATCH_POINTS == 2
    assert (bf.COMMON_TASK_POINTS, bf.COMMON_TASK_ALL_BONFIRES_POINTS) == (4, 7)
    assert bf.FATE_TILE_LEFT_POINTS == 3 and bf.LEFTOVERS_PER_POINT == 2 and bf.TIE_BREAK == "bonfires"


# ---- labels and terms -------------------------------------------------------------------------------------------
def test_every_data_file_is_labelled_and_the_own_data_says_so():
    for part in PARTS:
        text = (DATA / f"{part}.yaml").read_text(encoding="utf-8")
        assert "format: bonfire-components" in text and f"part: {part}" in text
        if part != "glossary":
            assert OWN_DATA in text.split("format:")[0], part  # the header comment
            assert C.sources[part].startswith(OWN_DATA), part


REQUIRED_TERMS = ("fate tile", "fate area", "action tile", "task disc", "offering disc", "guardian", "bonfire",
                  "portal", "path tile", "novice", "council", "common task", "specialist", "elder", "countdown")


def test_the_glossary_has_the_games_terms_with_the_seeds_portuguese():
    assert set(REQUIRED_TERMS) <= set(C.glossary)
    assert all(t.term_pt for t in C.glossary.values())
    assert C.glossary["fate tile"].term_pt == "Régua de Ação"


@pytest.mark.skipif(not SEED.exists(), reason="the seed is not in this checkout")
def test_every_portuguese_term_is_written_as_in_the_seed():
    seed = SEED.read_text(encoding="utf-8").lower()
    terms = [t.term_pt for t in C.glossary.values()]
    terms += [x.term_pt for table in (C.action_types, C.guardians, C.colours) for x in table.values() if x.term_pt]
    for term in terms:
        for variant in term.split(" / "):
            assert variant.lower() in seed, variant


# ---- user data: round trips ---------------------------------------------------------------------------------------
def test_to_dict_is_the_shipped_files_merged_and_round_trips():
    data = C.to_dict()
    assert data == _merged()
    again = Components.from_dict(data)
    assert again.to_dict() == data
    assert Components.from_dict(json.loads(json.dumps(data))).to_dict() == data


def test_one_merged_file_loads_like_the_parts(tmp_path):
    path = tmp_path / "mine.yaml"
    path.write_text(yaml.safe_dump(C.to_dict(), allow_unicode=True, sort_keys=False), encoding="utf-8")
    assert Components.from_file(path).to_dict() == C.to_dict()
    with pytest.raises(InvalidData, match="no such file"):
        Components.from_file(tmp_path / "missing.yaml")


# ---- user data: every problem at once -----------------------------------------------------------------------------
def test_broken_supply_and_islands_list_every_problem():
    data = _merged()
    data["resources"][0]["wild"] = False
    data["action_types"][6]["supply"] = 10
    data["action_types"].pop(0)
    data["guardians"][0]["count"] = 3
    data["path_tiles"]["yellow"].append("silver")
    data["portals"]["per_symbol"] = 3
    data["offering_discs"]["herbs"] = 3
    data["countdown"] = [1, 2, 3, 4, 5]
    data["islands"][0]["corner"] = False
    data["islands"][2]["resource"] = "herbs"
    data["islands"][3]["pos"] = [0, 0]
    data["islands"].append({"id": "entrance", "name": "Entrance", "kind": "task", "resource": "gold", "pos": [9, 9]})
    data["currents"] = [c for c in data["currents"] if "toadstool_key" not in c] + [["mossbank", "mossbank"],
                                                                                    ["mossbank", "atlantis"]]
    problems = _problems(data)
    _has(problems,
         "resources: gold is the one wild resource",
         "action_types: the game has 7 action-tile types",
         "action_types[5] (yellow): the supply holds 12 tiles",
         "guardians[0] (pink): each island holds 4 guardians",
         "path_tiles.yellow[8]: unknown resource 'silver'",
         "path_tiles.yellow: the game has 8 path tiles with a yellow crystal",
         "path_tiles: the game has 28 path tiles",
         "portals.per_symbol: the game has 4 portals of each symbol",
         "offering_discs: each player has 10 offering discs",
         "countdown: the countdown discs are 5, 4, 3, 2, 1",
         "islands: 4 task islands are corners",
         "islands: with 3 players the task islands hold 30 task discs at setup, the seed says 26",
         "islands[2] (rose_rock): a guardian island shows no resource",
         "islands[3] (bramble_isle): pos [0, 0] is already taken by emberholm",
         "islands[14] (entrance): 'entrance' is where the boats start",
         "islands: the board has 10 task islands",
         "currents[19]: a current joins two different islands",
         "currents[20]: unknown island 'atlantis'",
         "currents: no current leads to toadstool_key")
    assert len(problems) >= 18


def test_broken_task_discs_and_conditions_list_every_problem():
    data = _merged()
    discs = data["task_discs"]
    discs[0]["condition"] = {"kind": "dragons", "at_least": 1}
    discs[1]["condition"] = {"kind": "resource", "at_least": 3}
    discs[2]["condition"] = {"kind": "portals", "colour": "blue", "at_least": 2}
    discs[3]["condition"] = {"kind": "path_tiles", "colour": "green", "at_least": 2}
    discs[4]["condition"] = {"kind": "path_tiles", "at_least": 7}
    discs[5]["condition"] = {"kind": "lit_bonfires", "at_least": 7}
    discs[6]["condition"] = {"kind": "covered_symbols", "at_least": 7}
    discs[7]["level"] = 4
    discs[8]["points"] = 9
    discs[9]["id"] = "t01"
    discs[30]["points"] = 3  # a level-2 disc worth no more than level 1
    discs.pop()
    problems = _problems(data)
    _has(problems,
         "task_discs[0] (t01).condition: unknown condition kind 'dragons'",
         "task_discs[1] (t02).condition: condition resource needs a resource",
         "task_discs[2] (t03).condition: condition portals takes no parameter, got colour 'blue'",
         "task_discs[3] (t04).condition.colour: unknown colour 'green'",
         "task_discs[4] (t05).condition: condition path_tiles can never be met: at_least 7",
         "task_discs[5] (t06).condition: condition lit_bonfires can never be met: at_least 7, but the "
         "components allow at most 6",
         "task_discs[6] (t07).condition: condition covered_symbols can never be met: at_least 7",
         "task_discs[7] (t08): level is 1, 2 or 3",
         "task_discs[8] (t09): a task disc scores 2-8 points",
         "task_discs[9] (t01): id 't01' is used twice",
         "task_discs: harder discs score more",
         "task_discs: the game has 66 task discs")


def test_broken_boards_and_gnomes_list_every_problem():
    data = _merged()
    data["specialists"][1]["resource"] = "herbs"
    data["elders"][0]["id"] = "crowded_path"
    data["specialists"][9]["guardian"] = "green"
    data["fate_tiles"][0]["symbols"] = ["boat", "task"]
    data["fate_tiles"][1]["symbols"][0] = "dance"
    data["fate_area"]["start"] = {"at": [3, 4], "direction": "across"}
    data["fate_area"]["squares"] += [{"at": [1, 1], "action": "boat"}, {"at": [6, 1], "resource": "gold"},
                                     {"at": [2, 2], "resource": "gold", "action": "boat"},
                                     {"at": [2, 3], "resource": "any"}]
    board = data["player_board"]
    board["bonfires"][0]["guardian_points"] = 9
    board["bonfires"][1]["portal"] = "cloud"
    board["path_slots"][3]["cost"] = 1
    board["path_slots"][5]["bonfire"] = 5
    data["great_bonfire"]["pointer_start"] = "north"
    data["great_bonfire"]["spaces"].pop()
    data["council_seats"][0]["bonus"] = [{"points": 2, "resource": "gold"}]
    data["council_seats"][1]["bonus"] = [{"points": 2, "count": 2}]
    data["council_seats"].pop()
    data["common_tasks"][0]["points"] = 4
    data["common_tasks"][1]["points"] = 7
    data["glossary"].append({"term": "fate tile", "term_pt": "Régua"})
    problems = _problems(data)
    _has(problems,
         "specialists: 3 specialists show gold",
         "elders[0] (crowded_path): id 'crowded_path' is already used by specialists[0]",
         "specialists[9] (pink_harvest): unknown guardian colour 'green'",
         "fate_tiles[0] (f1): a fate tile shows 3 action symbols",
         "fate_tiles[1] (f2).symbols[0]: unknown action type 'dance'",
         "fate_area.start: a fate tile across from [3, 4] leaves the 5 x 5 fate area",
         "fate_area.squares[6]: square [1, 1] is already printed",
         "fate_area.squares[7]: [6, 1] is outside the 5 x 5 fate area",
         "fate_area.squares[8]: give exactly one of resource or action, got resource, action",
         "fate_area.squares[9]: unknown resource 'any'",
         "player_board.bonfires[0]: a guardian space is worth 2-8 points",
         "player_board.bonfires[1]: unknown portal symbol 'cloud'",
         "player_board.path_slots[3]: path tile 4 costs 2 path action tile(s)",
         "player_board.path_slots[5]: bonfire 5 is already beside player_board.path_slots[4]",
         "player_board: bonfires 6 have no path beside them",
         "great_bonfire.spaces: the Great Bonfire has 7 spaces",
         "great_bonfire.pointer_start: the pointer starts facing south",
         "council_seats[0] (seat_1).bonus[0]: give exactly one of points, resource or action",
         "council_seats[1] (seat_2).bonus[0]: count goes with a resource or an action tile",
         "council_seats: the council has 8 seats",
         "common_tasks[0] (all_bonfires): this common task scores 7",
         "common_tasks[1] (portal_keeper): this common task scores 4",
         "glossary[30]: term 'fate tile' is used twice")


def test_wrong_types_and_missing_sections_are_reported_by_place():
    data = _merged()
    data["task_discs"][0]["points"] = "two"
    data["islands"][0]["pos"] = [0]
    data["elders"][0]["flavour"] = "grumpy"
    del data["glossary"]
    problems = _problems(data)
    _has(problems,
         "task_discs[0].points: input should be a valid integer (got 'two')",
         "islands[0].pos: list should have at least 2 items",
         "elders[0].flavour: unknown field (not part of this format)",
         "glossary: required field is missing")
    with pytest.raises(InvalidData, match="expected a mapping|input should be"):
        Components.from_dict([])


def test_part_files_problems_are_listed_with_the_files(tmp_path):
    parts = {part: yaml.safe_load((DATA / f"{part}.yaml").read_text(encoding="utf-8")) for part in PARTS}
    parts["boards"]["countdown"] = [5, 4, 3, 2, 1]          # a section already given by supply
    parts["boards"]["weather"] = "sunny"                    # no such section
    parts["glossary"]["format_version"] = 2
    parts["tasks"]["part"] = "islands"                      # the part name used twice
    paths = []
    for part, data in parts.items():
        paths.append(tmp_path / f"{part}.yaml")
        paths[-1].write_text(yaml.safe_dump(data, allow_unicode=True, sort_keys=False), encoding="utf-8")
    (tmp_path / "broken.yaml").write_text("resources: [", encoding="utf-8")
    with pytest.raises(InvalidData) as err:
        Components.from_files([*paths, tmp_path / "broken.yaml", tmp_path / "missing.yaml"])
    _has(err.value.problems,
         "boards.yaml: section 'countdown' is already given in supply.yaml",
         "boards.yaml: unknown section 'weather'",
         "glossary.yaml: format_version: input should be 1",
         "tasks.yaml: part 'islands' is given twice",
         "broken.yaml: not valid YAML",
         "missing.yaml: no such file")


def test_questions_refuse_unknown_names():
    with pytest.raises(KeyError, match="unknown island 'atlantis'"):
        C.neighbours("atlantis")
    with pytest.raises(KeyError, match="unknown island"):
        C.distance("emberholm", "entrance")
    with pytest.raises(KeyError, match="no Great Bonfire space 'up'"):
        C.great_bonfire.turn("up", 1)
    with pytest.raises(ValueError, match="got 5"):
        Components.novices_to_end(5)


def test_components_are_frozen():
    with pytest.raises(AttributeError):
        C.countdown = (1,)  # type: ignore[misc]
    with pytest.raises(TypeError):
        C.islands["emberholm"] = None  # type: ignore[index]
    assert copy.deepcopy(C.to_dict()) == C.to_dict()
