"""Bonfire's setup and turn through the engine (``State.apply``), against the numbers and examples of seed 002
("Setup" 1-10 and A-F, "Desenvolvimento" I-III, "Ação de bónus", "Fim do jogo"), sources part A and the rules
table (``explorer/bonfire/rules.py``).

Most positions are a started 2-player game (seed 1, orange to act) changed with ``edited``: the helpers below
and those of ``bonfire_checks`` keep the position valid (action tiles taken from or given back to the supply,
guardians, portals, path tiles, task discs and offering discs moved, not created), so every number asserted
comes from the engine playing the action. The shipped components are our own data; where a value depends on them (island resources, seat
bonuses, card resources) the test names it.
"""

from __future__ import annotations

from collections import Counter
from fractions import Fraction

import pytest
from bonfire_checks import (build_path, edited, give_gnome, give_portal, refused, set_guardians, set_resources,
                            set_tiles, started)

from explorer.bonfire import State, Step, new_game
from explorer.bonfire.builder import place_task, set_display
from explorer.bonfire.components import COUNTDOWN, END_TRIGGER, Components

C = Components.default()
ISLANDS = list(C.islands)
CORNERS = {i.id for i in C.islands.values() if i.corner}
TASK_ISLANDS = [i.id for i in C.islands.values() if i.kind == "task"]


# ---- helpers: hand-made positions ---------------------------------------------------------------------------------
def _act(d, k):
    """Seat ``k`` is to choose an option of a fresh turn."""
    d["turn"] = d["players"][k]
    d["pending"] = [{"kind": "act", "seat": d["players"][k]}]


_display = set_display        # the 4 face-up path tiles (explorer.bonfire.builder)


def _task(d, k, bonfire, disc):
    """Task disc ``disc`` (from the box or an island) lies on seat ``k``'s bonfire ``bonfire``."""
    place_task(d, k, bonfire, disc)


def _lit(d, k, bonfire, disc, seat_id):
    """Seat ``k``'s bonfire ``bonfire`` is lit with ``disc``; its novice sits on council ``seat_id``."""
    place_task(d, k, bonfire, disc, seat_id)


def _neutral(d, task, seat_id):
    """The neutral novice of common task ``task`` sits on council ``seat_id``."""
    d["board"]["neutral"][task] = False
    d["board"]["council"][seat_id].append("neutral")


def _offer(d, k, top, bottom):
    """Seat ``k``'s face-up offering discs are ``top`` and ``bottom`` (swapped with face-down ones)."""
    seat = d["seats"][k]
    for r in seat["offering_up"]:
        if r:
            seat["offering_pool"][r] += 1
    for r in (top, bottom):
        seat["offering_pool"][r] -= 1
    seat["offering_up"] = [top, bottom]


def _island(d, island, items):
    """Task island ``island`` holds ``items``: task discs (from the box) and ``"<colour> <resource>"`` offering
    discs (from that player's face-down ones)."""
    b = d["board"]
    for item in b["islands"][island]:
        if item not in items and " " not in item:
            b["task_box"].append(item)
    for item in items:
        if " " in item:
            colour, r = item.split()
            seat = d["seats"][d["players"].index(colour)]
            seat["offering_pool"][r] -= 1
            stacks = seat["offering_stacks"]
            stacks[0 if stacks[0] >= stacks[1] else 1] -= 1
        elif item not in b["islands"][island]:
            for other in b["islands"].values():
                if item in other:
                    other.remove(item)
            if item in b["task_box"]:
                b["task_box"].remove(item)
    b["islands"][island] = list(items)


def _game(players=2, seed=1, k=0, *changes, tiles=None, res=None, **seat):
    """A started game with seat ``k`` to act, holding exactly ``tiles`` and ``res`` (if given), with ``seat``
    fields replaced and each of ``changes`` (functions of the data) applied. The path display is always
    red stone, yellow gold, red wood, yellow wood; with 2 players Mossbank holds t13 and t15."""
    def change(d):
        _act(d, k)
        _display(d, "red stone", "yellow gold", "red wood", "yellow wood")
        if players == 2:
            _island(d, "mossbank", ["t13", "t15"])
        if tiles is not None:
            set_tiles(d, k, **tiles)
        if res is not None:
            set_resources(d, k, **res)
        d["seats"][k].update(seat)
        for c in changes:
            c(d)
    return edited(started(players, seed), change)


def _used(d):
    """Someone has used the Great Bonfire already (its first use is once per game)."""
    d["board"]["great_bonfire_used"] = True


def _with(s, *changes):
    return edited(s, lambda d: [c(d) for c in changes])


def _card(s, card, k=0):
    return _with(s, lambda d: give_gnome(d, k, card))


def _held(s, k=0):
    return {a: n for a, n in zip(s.index.actions, s.seats[k].tiles) if n}


def _has(s, k=0):
    return {r: n for r, n in zip(s.index.resources, s.seats[k].resources) if n}


def _legal(s):
    return [str(a) for a in s.legal_actions()]


def _rules(s):
    return [e.rule.id for e in s.events]


def _filler(s):
    """The player to act builds the first face-up path tile (a plain turn), draws resolved."""
    return s.apply("path " + s.path_display[0]).resolve_chance()


# ---- setup (seed "Setup" 1-10, A-F) -------------------------------------------------------------------------------
@pytest.mark.parametrize("players, on_board", [(2, 20), (3, 26), (4, 30)])
def test_setup_task_discs_on_the_islands(players, on_board):
    s = new_game(players=players, seed=7)
    per_island = {i: len(s.island_content(i)) for i in TASK_ISLANDS}
    assert sum(per_island.values()) == on_board and len(s.task_box) == 66 - on_board
    for island, n in per_island.items():
        expected = {2: 2, 4: 3}.get(players) or (2 if island in CORNERS else 3)
        assert n == expected, island
    assert len(CORNERS) == 4
    assert all(d in C.task_discs for i in TASK_ISLANDS for d in s.island_content(i))


@pytest.mark.parametrize("players", [2, 3, 4])
def test_setup_central_board(players):
    s = new_game(players=players, seed=11)
    assert s.phase == "setup"
    assert dict(zip(s.index.guardian_colours, s.guardians)) == {"pink": 4, "grey": 4, "brown": 4, "blue": 4}
    per_symbol = Counter(p for row in s.portals for p in row)
    in_play = 3 if players == 2 else 4                          # 2 players: one of each of the 7 symbols removed
    assert per_symbol == {sym: in_play for sym in C.portal_symbols}
    assert sum(per_symbol.values()) == (21 if players == 2 else 28)
    assert [len(row) for row in s.portals] == [in_play] * 7 and sum(s.portal_pool) == 0
    assert s.pointer == "south"
    assert len(s.path_display) == 4 and None not in s.path_display and sum(s.path_pile) == 28 - 4
    assert len([e for e in s.elders if e]) == 6 and len(s.elder_box) == 12 - 6
    assert len([c for c in s.specialists if c]) == 6 and len(s.reserve) == 13
    assert s.neutral == (True,) * 5 and s.novices_in_council() == 0
    assert s.countdown == 0 and not s.triggered


@pytest.mark.parametrize("players", [2, 3, 4])
def test_setup_each_player_before_the_start_tile(players):
    s = new_game(players=players, seed=11)
    for seat in s.seats:
        assert seat.boat is None                                              # at the entrance
        assert seat.guardians == ((seat.colour, "path", 0),)                  # own guardian on the starting tile
        assert seat.stack == ("f1", "f2", "f3", "f4", "f5", "f6", "f7")       # 7 fate tiles on the summary board
        assert None not in seat.offering_up and seat.offering_stacks == (4, 4)  # 2 face up, 8 face down
        assert sum(seat.offering_pool) == 8
        assert sum(seat.tiles) == 0 and sum(seat.resources) == 0 and sum(seat.points) == 0
        assert seat.path == () and seat.tasks == (None,) * 7 and seat.portals == (None,) * 7
    order = [step.seat for step in s.pending if step.kind == "start-tile"]    # from the start player clockwise
    assert order == [(s.start + j) % players for j in range(players)]
    assert s.current_player == s.start


def test_start_tile_spare_gives_six_resources_and_five_tiles():
    s = new_game(players=3, seed=11)
    first = s.current_player
    s = s.apply("start-tile spare")
    seat = s.seats[first]
    assert seat.fate.tile_ids == ("f8",)                                       # path, yellow, gnome
    assert seat.stack == ("f1", "f2", "f3", "f4", "f5", "f6", "f7")
    assert _has(s, first) == dict.fromkeys(s.index.resources, 1)
    assert _held(s, first) == {"yellow": 2 + 1, "path": 1, "gnome": 1} and sum(seat.tiles) == 5
    assert s.supply[s.index.actions.index("yellow")] == 12 - 3
    assert s.phase == "setup" and s.current_player == (first + 1) % 3


def test_start_tile_swap_starts_with_the_fourth_tile():
    s = new_game(players=2, seed=11)
    first = s.current_player
    s = s.apply("start-tile swap")
    seat = s.seats[first]
    assert seat.fate.tile_ids == ("f4",)                                       # guardian, boat, yellow
    assert seat.stack == ("f1", "f2", "f3", "f8", "f5", "f6", "f7")           # the spare takes the 4th place
    assert _has(s, first) == dict.fromkeys(s.index.resources, 1)
    assert _held(s, first) == {"yellow": 2 + 1, "guardian": 1, "boat": 1}
    s = s.apply("start-tile spare")                                            # the other player keeps the spare
    other = s.seats[1 - first]
    assert other.fate.tile_ids == ("f8",) and _held(s, 1 - first) == {"yellow": 3, "path": 1, "gnome": 1}
    assert s.phase == "play" and s.current_player == first


# ---- boat (seed "Barco") ------------------------------------------------------------------------------------------
def test_boat_first_move_one_tile_to_any_island():
    s = _game(tiles={"boat": 1}, res={})
    assert {a for a in _legal(s) if a.startswith("boat ")} == {f"boat {i}" for i in ISLANDS}
    far = s.apply("boat toadstool_key")
    assert far.seats[0].boat == "toadstool_key" and _held(far) == {}


@pytest.mark.parametrize("there, tiles", [
    ("mossbank", 1), ("grey_cairn", 1),                 # neighbours of Emberholm
    ("flint_isle", 2), ("rose_rock", 2),                # two currents away
    ("toadstool_key", 3), ("quarry_isle", 3),           # beyond: any island
])
def test_boat_costs_from_an_island(there, tiles):
    s = _game(tiles={"boat": 3}, res={}, boat="emberholm")
    after = s.apply(f"boat {there}")
    assert after.seats[0].boat == there and _held(after) == ({"boat": 3 - tiles} if tiles < 3 else {})


def test_boat_too_far_for_the_tiles_held():
    s = _game(tiles={"boat": 1}, res={}, boat="emberholm")
    refused(s, "boat flint_isle", "bonfire.pay.substitute-action")
    refused(s, "boat emberholm", "bonfire.boat.cost")                         # a move ends on another island


def test_dock_claim_a_task_disc_after_sailing():
    s = _game(2, 1, 0, lambda d: _offer(d, 0, "herbs", "stone"),
              tiles={"boat": 1, "task": 1}, res={"herbs": 1, "mushrooms": 1}, boat="emberholm")
    docked = s.apply("boat mossbank")                                          # Mossbank shows mushrooms
    assert docked.pending[0].kind == "dock" and docked.current_player == 0
    discs = docked.island_content("mossbank")
    claims = [a for a in _legal(docked) if a != "skip"]
    assert "skip" in _legal(docked) and len(claims) == 2 * 7                  # 2 discs onto 7 bonfires
    assert all(" offering top " in a for a in claims)                         # stone (bottom) is not payable
    after = docked.apply(f"task {discs[0]} offering top bonfire 0").resolve_chance()
    assert after.seats[0].tasks[0] == discs[0] and _held(after) == {} and _has(after) == {}
    assert after.current_player == 1                                           # the claim ends the turn


def test_dock_skip_ends_the_turn():
    s = _game(tiles={"boat": 1, "task": 1}, res={"berries": 1, "mushrooms": 1}, boat="emberholm")
    skipped = s.apply("boat mossbank").apply("skip")
    assert skipped.seats[0].boat == "mossbank" and _held(skipped) == {"task": 1}
    assert skipped.current_player == 1 and skipped.pending[0].kind == "act"
    refused(s, "skip", "bonfire.turn.options")


def test_dock_claim_a_guardian():
    s = _game(tiles={"boat": 1, "guardian": 1}, res={}, boat="mossbank")
    docked = s.apply("boat rose_rock")
    assert _legal(docked) == ["guardian pink", "skip"]
    after = docked.apply("guardian pink")
    assert after.seats[0].guardians == (("orange", "path", 0), ("pink", "path", 0)) and _held(after) == {}
    assert after.guardians[0] == 3 and after.current_player == 1


@pytest.mark.parametrize("why", ["pink guardian already owned", "nothing left to pay a guardian tile"])
def test_dock_without_a_possible_claim_ends_the_turn_at_once(why):
    if why.startswith("pink"):
        s = _game(2, 1, 0, lambda d: set_guardians(d, 0, ("orange", "path", 0), ("pink", "path", 0)),
                  tiles={"boat": 1, "guardian": 1}, res={}, boat="mossbank")
    else:
        s = _game(tiles={"boat": 1}, res={}, boat="mossbank")
    docked = s.apply("boat rose_rock")
    assert _legal(docked) != ["skip"]                        # no dock step offering nothing but skip (first run)
    assert docked.current_player == 1 and docked.pending[0].kind == "act"


# ---- task (seed "Tarefa") -----------------------------------------------------------------------------------------
@pytest.mark.parametrize("others, tiles", [
    (["t46", "t49"], 1),                                 # the first offering disc on Mossbank
    (["orange herbs", "t49"], 2),                        # the second
    (["orange herbs", "orange stone"], 3),               # the third
    (["green herbs", "black stone"], 1),                 # other players' discs do not count
])
def test_task_tiles_by_offering_discs_on_the_island(others, tiles):
    s = _game(4, 1, 0, lambda d: _island(d, "mossbank", ["t15", *others]), lambda d: _offer(d, 0, "berries", "wood"),
              tiles={"task": 3}, res={"berries": 1, "mushrooms": 1}, boat="mossbank")
    after = s.apply("task t15 offering top bonfire 3")
    assert _held(after) == ({"task": 3 - tiles} if tiles < 3 else {}) and _has(after) == {}


def test_task_claim_pays_two_resources_and_leaves_the_offering_disc():
    s = _game(4, 1, 0, lambda d: _offer(d, 0, "berries", "wood"),
              tiles={"task": 1}, res={"berries": 1, "mushrooms": 1, "wood": 1}, boat="mossbank")
    assert s.island_content("mossbank") == ("t15", "t46", "t49") and C.islands["mossbank"].resource == "mushrooms"
    pool = s.seats[0].offering_pool
    after = s.apply("task t15 offering top bonfire 3")
    assert _has(after) == {"wood": 1}                                          # berries (the disc) + mushrooms
    assert after.island_content("mossbank") == ("orange berries", "t46", "t49")   # face-down offering disc
    assert after.seats[0].tasks == (None, None, None, "t15", None, None, None)
    assert after.seats[0].offering_up == (None, "wood")
    assert after.is_chance_node and after.pending[0].what == "offering"     # a new disc is turned up
    outcomes = {str(a): p for a, p in after.chance_outcomes()}
    assert sum(outcomes.values()) == 1
    assert outcomes == {f"draw offering {r}": Fraction(n, 8) for r, n in zip(s.index.resources, pool) if n}
    drawn = after.apply("draw offering stone")
    assert drawn.seats[0].offering_up == ("stone", "wood") and drawn.seats[0].offering_stacks == (3, 4)
    assert sum(drawn.seats[0].offering_pool) == 7 and drawn.current_player == 1


def test_task_claim_refusals():
    s = _game(tiles={"task": 1}, res={"berries": 1, "mushrooms": 1}, boat="emberholm")
    refused(s, "task t13 offering top bonfire 0", "bonfire.task.at-island")       # t13 lies on Mossbank
    s = _with(s, lambda d: _task(d, 0, 0, "t01"), lambda d: d["seats"][0].update(boat="mossbank"))
    refused(s, "task t13 offering top bonfire 0", "bonfire.task.board-space")     # bonfire 0 holds t01


# ---- the substitution rule (sources A.2, A.4) -------------------------------------------------------------------
@pytest.mark.parametrize("cover, left", [
    ("yellow", {"task": 2, "path": 1}),
    ("task+task", {"path": 1, "yellow": 1}),
    ("task+path", {"task": 1, "yellow": 1}),
])
def test_missing_action_tile_one_yellow_or_two_others(cover, left):
    s = _game(tiles={"yellow": 1, "task": 2, "path": 1}, res={}, boat="emberholm")
    paying = s.apply("boat mossbank")                                           # 1 boat tile, none held
    assert paying.pending[0].kind == "cover" and paying.pending[0].count == 1
    assert _legal(paying) == ["cover yellow", "cover task+task", "cover task+path"]
    after = paying.apply(f"cover {cover}")
    assert _held(after) == left and after.seats[0].boat == "mossbank"
    refused(paying, "cover path+yellow", "bonfire.pay.substitute-action")       # a pair leaves the wild out


@pytest.mark.parametrize("cover, left", [("gold", {"herbs": 1, "stone": 1}), ("herbs+stone", {"gold": 1})])
def test_missing_resource_one_gold_or_two_others(cover, left):
    s = _game(2, 1, 0, lambda d: _offer(d, 0, "berries", "stone"),
              tiles={"task": 1}, res={"gold": 1, "herbs": 1, "stone": 1, "mushrooms": 1}, boat="mossbank")
    paying = s.apply("task t13 offering top bonfire 0")                       # berries (missing) + mushrooms
    assert paying.pending[0].items == ("berries",)
    assert _legal(paying) == ["cover gold", "cover herbs+stone"]
    after = paying.apply(f"cover {cover}")
    assert _has(after) == left and after.seats[0].tasks[0] == "t13"


def test_substitutes_that_cannot_pay_are_refused():
    s = _game(tiles={"yellow": 0, "task": 1}, res={}, boat="emberholm")
    refused(s, "boat mossbank", "bonfire.pay.substitute-action")               # 1 other tile is not 2


# ---- guardians and processions (seed "Reclamar um Guardião", "Procissão") ----------------------------------------
def test_guardian_claim_one_tile_onto_the_starting_tile():
    s = _game(tiles={"guardian": 1}, res={}, boat="rose_rock")
    after = s.apply("guardian pink")
    assert after.seats[0].guardians == (("orange", "path", 0), ("pink", "path", 0))
    assert _held(after) == {} and dict(zip(s.index.guardian_colours, after.guardians))["pink"] == 3
    refused(_with(after, lambda d: _act(d, 0), lambda d: set_tiles(d, 0, guardian=1)), "guardian pink",
            "bonfire.guardian.claim")                                           # one of each colour
    refused(_with(s, lambda d: d["seats"][0].update(boat="grey_cairn")), "guardian pink", "bonfire.guardian.claim")


def test_five_guardians_at_most_on_the_starting_tile():
    s = _game(2, 1, 0, lambda d: set_guardians(d, 0, ("orange", "path", 0), ("pink", "path", 0), ("grey", "path", 0),
                                               ("brown", "path", 0)),
              tiles={"guardian": 2}, res={}, boat="azure_point")
    after = s.apply("guardian blue")
    on_start = [g for g in after.seats[0].guardians if g[1:] == ("path", 0)]
    assert len(on_start) == 5
    for island, colour in (("rose_rock", "pink"), ("azure_point", "blue")):
        refused(_with(after, lambda d: _act(d, 0), lambda d, island=island: d["seats"][0].update(boat=island)),
                f"guardian {colour}", "bonfire.guardian.claim")


def _procession_board(d):
    build_path(d, 0, "blue herbs", "red wood", "yellow stone")
    set_guardians(d, 0, ("orange", "path", 2), ("pink", "path", 0), ("grey", "path", 0))
    give_portal(d, 0, 2, "sun")
    give_portal(d, 0, 3, "key")


def test_procession_furthest_first_one_per_space_resources_where_they_stop():
    s = _game(2, 1, 0, _procession_board, tiles={"guardian": 2}, res={})
    march = s.apply("procession 2")
    assert _held(march) == {}                                                  # 2 guardian tiles: 2 steps
    assert march.pending[0].items == ("orange", "pink", "grey")               # the one furthest ahead first
    assert _legal(march) == ["move orange stay", "move orange path 3", "move orange bonfire 2",
                             "move orange bonfire 3"]
    refused(march, "move pink path 1", "bonfire.procession.one-per-space")
    m = march.apply("move orange bonfire 3")
    assert _legal(m) == ["move pink stay", "move pink path 1", "move pink path 2",       # both on the starting
                         "move grey stay", "move grey path 1", "move grey path 2"]       # tile: either first
    m = m.apply("move pink path 2")
    assert _legal(m) == ["move grey stay", "move grey path 1"]                # path 2 is taken now
    m = m.apply("move grey path 1")
    assert m.seats[0].guardians == (("orange", "bonfire", 3), ("pink", "path", 2), ("grey", "path", 1))
    assert _has(m) == {"wood": 1, "herbs": 1}                 # red wood, blue herbs; nothing on the bonfire
    assert m.current_player == 1


def test_procession_one_per_space_the_player_chooses_which_guardian_on_the_starting_tile_moves_first():
    """Rulebook p. 10: of several guardians on the starting tile, the player chooses which moves first, so grey
    ahead of pink is an ending too (the own-colour-first order could not reach it)."""
    s = _game(2, 1, 0, _procession_board, tiles={"guardian": 2}, res={})
    m = s.apply("procession 2").apply("move orange bonfire 3")
    m = m.apply("move grey path 2")
    assert m.pending[0].kind == "march" and m.pending[0].items == ("pink",)
    assert _legal(m) == ["move pink stay", "move pink path 1"]
    err = refused(m, "move grey path 1", "bonfire.procession.one-per-space")
    assert "the grey guardian has already moved in this procession" in str(err)
    m = m.apply("move pink path 1")
    assert m.seats[0].guardians == (("orange", "bonfire", 3), ("pink", "path", 1), ("grey", "path", 2))
    assert _has(m) == {"herbs": 1, "wood": 1}


def test_procession_one_per_space_a_guardian_behind_waits_and_is_told_why():
    s = _game(2, 1, 0, _procession_board, tiles={"guardian": 2}, res={})
    err = refused(s.apply("procession 2"), "move grey path 1", "bonfire.procession.one-per-space")
    assert "the grey guardian stands behind the orange one, and the guardian furthest ahead moves first" in str(err)
    assert "furthest ahead moves first)" not in str(err)


def test_procession_blocked_by_a_guardian_who_stays():
    s = _game(2, 1, 0, _procession_board, tiles={"guardian": 2}, res={})
    m = s.apply("procession 2").apply("move orange stay")
    assert _legal(m) == ["move pink stay", "move pink path 1", "move grey stay", "move grey path 1"]  # path 2: orange
    m = m.apply("move pink path 1")
    assert m.current_player == 1 and _has(m) == {"herbs": 1}                  # grey cannot move: skipped
    skipped = [e for e in m.events if "grey guardian stays" in e.describe()]
    assert [e.rule.id for e in skipped] == ["bonfire.procession.one-per-space"]   # 5: a skipped step says why
    assert "path tile 1 ahead of her is taken" in skipped[0].describe()


def test_procession_into_a_bonfire_needs_a_portal_and_room():
    s = _game(2, 1, 0, lambda d: build_path(d, 0, "blue herbs"), tiles={"guardian": 1}, res={})
    march = s.apply("procession 1")
    assert _legal(march) == ["move orange stay", "move orange path 1"]        # no portal by bonfire 0
    refused(march, "move orange bonfire 0", "bonfire.procession.step")
    s = _with(s, lambda d: give_portal(d, 0, 0, "wave"))
    m = s.apply("procession 1").apply("move orange bonfire 0")
    assert m.seats[0].guardians == (("orange", "bonfire", 0),) and _has(m) == {}
    s = _with(s, lambda d: set_guardians(d, 0, ("orange", "bonfire", 0), ("pink", "path", 0)))
    march = s.apply("procession 1")
    assert _legal(march) == ["move pink stay", "move pink path 1"]           # bonfire 0 holds orange
    refused(_game(tiles={"guardian": 1}, res={}), "procession 1", "bonfire.procession.step")


# ---- path (seed "Caminho") ----------------------------------------------------------------------------------------
BUILT = ["blue herbs", "blue mushrooms", "blue berries", "blue wood", "blue stone", "red herbs"]


@pytest.mark.parametrize("built, cost", list(enumerate([1, 1, 1, 2, 2, 2])))
def test_path_costs_1_1_1_2_2_2(built, cost):
    s = _game(2, 1, 0, lambda d: build_path(d, 0, *BUILT[:built]), tiles={"path": 2}, res={})
    after = s.apply("path red stone")
    assert after.seats[0].path == (*BUILT[:built], "red stone")
    assert _held(after) == ({"path": 2 - cost} if cost < 2 else {})
    assert after.path_display[0] is None and after.is_chance_node             # the display is refilled


def test_path_at_most_six():
    s = _game(2, 1, 0, lambda d: build_path(d, 0, *BUILT), tiles={"path": 2}, res={})
    refused(s, "path red stone", "bonfire.path.cost")
    assert not any(a.startswith("path ") for a in _legal(s))


def _under_the_pile(d):
    """Every face-down path tile lies under the pile, put there by refreshes (none is unseen): the next one is
    known."""
    b = d["board"]
    b["path_bottom"] = [kind for kind, n in b["path_pile"].items() for _ in range(n)]
    b["path_pile"] = {kind: 0 for kind in b["path_pile"]}


def _every_path_built(d):
    """With 4 players, each has built 6 path tiles: the 24 not on display, so the piles are empty."""
    pile = [kind for kind, n in d["board"]["path_pile"].items() for _ in range(n)]
    for k in range(4):
        build_path(d, k, *pile[6 * k:6 * k + 6])


@pytest.mark.parametrize("built, cost", [(0, 1), (3, 2)])
def test_path_build_takes_the_top_of_a_pile_a_chance_step_with_exact_probabilities(built, cost):
    """Rulebook p. 8: a path tile may be taken from the top of a draw pile; unknown until taken, so a chance step
    whose outcomes are the unseen tiles, weighted by how many of each kind are left."""
    s = _game(2, 1, 0, lambda d: build_path(d, 0, *BUILT[:built]), tiles={"path": 2}, res={})
    assert "path pile" in _legal(s)
    drawn = s.apply("path pile")
    assert _held(drawn) == ({"path": 2 - cost} if cost < 2 else {})            # the same cost as a face-up tile
    assert drawn.is_chance_node and drawn.pending[0].target == "pile" and drawn.pending[0].seat == 0
    outcomes = drawn.chance_outcomes()
    total = sum(s.path_pile)
    assert [(str(a), p) for a, p in outcomes] == [(f"draw path {kind}", Fraction(n, total))
                                                  for kind, n in zip(s.index.path_kinds, s.path_pile) if n]
    assert all(isinstance(p, Fraction) for _, p in outcomes) and sum(p for _, p in outcomes) == 1
    after = drawn.apply("draw path blue stone")
    assert after.seats[0].path == (*BUILT[:built], "blue stone")
    assert after.path_display == s.path_display                                # the display is untouched
    assert after.path_pile[s.index.path_kinds.index("blue stone")] == s.path_pile[
        s.index.path_kinds.index("blue stone")] - 1
    assert after.current_player == 1
    assert any(e.rule.id == "bonfire.path.build" and "from the pile: a blue crystal and stone" in e.describe()
               for e in after.events)


def test_path_build_from_a_pile_of_tiles_put_under_it_is_certain():
    s = _game(2, 1, 0, _under_the_pile, tiles={"path": 1}, res={})
    first = s.path_bottom[0]
    assert s.apply("path pile").chance_outcomes() == [(s.parse_action(f"draw path {first}"), Fraction(1))]
    empty = edited(started(4, 1), lambda d: (_every_path_built(d), set_tiles(d, d["players"].index(d["turn"]),
                                                                                path=2)))
    assert sum(empty.path_pile) + len(empty.path_bottom) == 0
    err = refused(empty, "path pile", "bonfire.path.cost")                  # the one to act has built 6 too
    assert "built all 6 path tiles" in str(err)


def test_path_build_from_the_pile_reads_back_mid_draw_and_respects_the_limit():
    s = _game(2, 1, 0, tiles={"path": 1}, res={})
    drawn = s.apply("path pile")
    assert State.from_dict(drawn.to_dict()).to_dict() == drawn.to_dict()
    full = _game(2, 1, 0, lambda d: build_path(d, 0, *BUILT), tiles={"path": 2}, res={})
    refused(full, "path pile", "bonfire.path.cost")


def test_path_finder_gains_the_resource_of_a_tile_from_the_pile():
    s = _card(_game(2, 1, 0, tiles={"path": 1}, res={}), "path_finder")
    assert _has(s.apply("path pile").apply("draw path red wood")) == {"wood": 1}


def test_path_refresh_when_four_of_a_colour_show():
    s = _game(2, 1, 0, lambda d: _display(d, "red stone", "red herbs", "red wood", "blue herbs"),
              tiles={"path": 1}, res={})
    refill = s.apply("path blue herbs")
    assert refill.path_display == ("red stone", "red herbs", "red wood", None)
    mixed = refill.apply("draw path yellow gold")
    assert mixed.path_display == ("red stone", "red herbs", "red wood", "yellow gold") and not mixed.path_bottom
    red = refill.apply("draw path red mushrooms")
    assert "bonfire.path.refresh" in _rules(red)
    assert red.path_display == (None,) * 4
    assert red.path_bottom == ("red stone", "red herbs", "red wood", "red mushrooms")
    assert [st.target for st in red.pending if st.kind == "deal"] == [0, 1, 2, 3]
    fresh = red.resolve_chance()
    assert None not in fresh.path_display and fresh.current_player == 1


# ---- the Great Bonfire (seed "Grande Bonfire") -----------------------------------------------------------------
def test_great_bonfire_first_use_one_tile_to_any_space():
    s = _game(tiles={"great_bonfire": 1}, res={})
    spaces = {a.split()[1] for a in _legal(s) if a.startswith("great-bonfire")}
    assert spaces == set(s.index.spaces)                                       # south included
    after = s.apply("great-bonfire north_east action+resource")              # 4 spaces clockwise
    assert after.pointer == "north_east" and after.great_bonfire_used
    assert _held(after) == {"great_bonfire": 1} and _has(after) == {"stone": 1}   # its tile and resource


def test_great_bonfire_turn_the_first_use_is_once_per_game_not_once_per_player():
    """Rulebook p. 10: the first use in the GAME costs 1 tile and turns the pointer to any space; after it, whoever
    uses it pays by the spaces turned: green's first use after orange's is not a free turn."""
    s = _game(2, 1, 0, lambda d: set_tiles(d, 1, great_bonfire=1), tiles={"great_bonfire": 1}, res={})
    assert not s.great_bonfire_used
    after = s.apply("great-bonfire north_east action+resource")          # orange: 1 tile, 4 spaces on
    assert after.great_bonfire_used and after.pointer == "north_east"
    green = after.resolve_chance()
    assert green.current_player == 1 and green.tile_count(1, "great_bonfire") == 1
    spaces = {a.split()[1] for a in _legal(green) if a.startswith("great-bonfire")}
    assert spaces == {"east"}                                            # 1 tile: 1 space clockwise, no more
    refused(green, "great-bonfire south action+points", "bonfire.pay.substitute-action")


@pytest.mark.parametrize("space, tiles", [
    ("south_west", 1), ("west", 2), ("north_west", 3), ("north_east", 3), ("east", 3), ("south_east", 3)])
def test_great_bonfire_later_uses_turn_clockwise(space, tiles):
    s = _game(2, 1, 0, _used, tiles={"great_bonfire": 3}, res={})
    after = s.apply(f"great-bonfire {space} action+points")
    action = C.great_bonfire.spaces[s.index.spaces.index(space)].action
    expected = Counter({"great_bonfire": 3 - tiles}) + Counter({action: 1})
    assert _held(after) == dict(+expected) and after.pointer == space
    assert after.scores()["orange"]["great_bonfire"] == 2
    refused(s, "great-bonfire south action+points", "bonfire.assume.great-bonfire-moves")


def test_great_bonfire_two_tiles_cannot_go_three_spaces():
    s = _game(2, 1, 0, _used, tiles={"great_bonfire": 2}, res={})
    assert s.apply("great-bonfire west action+points").pointer == "west"
    refused(s, "great-bonfire north_west action+points", "bonfire.pay.substitute-action")


@pytest.mark.parametrize("written, canonical", [
    ("portal+action", "action+portal"), ("resource+action", "action+resource"), ("points+action", "action+points"),
    ("portal+resource", "resource+portal"), ("portal+points", "points+portal"), ("action+points", "action+points")])
def test_great_bonfire_rewards_are_read_in_either_order_and_written_in_one(written, canonical):
    """bonfire.great-bonfire.rewards: two of the three rewards, in whatever order the player names them."""
    s = _game(tiles={"great_bonfire": 1}, res={})
    action = s.parse_action(f"great-bonfire south_west {written}")
    assert str(action) == f"great-bonfire south_west {canonical}"
    assert action == s.parse_action(f"great-bonfire south_west {canonical}")
    assert s.explain(f"great-bonfire south_west {written}") is None
    assert s.apply(f"great-bonfire south_west {written}").to_dict() == \
        s.apply(f"great-bonfire south_west {canonical}").to_dict()


def test_great_bonfire_two_of_three_rewards():
    s = _game(tiles={"great_bonfire": 1}, res={})
    refused(s, "great-bonfire east resource+points", "bonfire.great-bonfire.rewards")   # one reward, not two
    after = s.apply("great-bonfire east action+points")
    assert _held(after) == {"gnome": 1} and _has(after) == {} and after.seats[0].points[2] == 2


def test_great_bonfire_portal_only_for_the_rightmost_free_space():
    s = _game(tiles={"great_bonfire": 1}, res={})
    assert C.player_board.bonfires[6].portal == "star"
    assert "star" in s.portals[s.index.spaces.index("south_west")]
    assert "star" not in s.portals[s.index.spaces.index("south")]
    refused(s, "great-bonfire south action+portal", "bonfire.great-bonfire.portal")     # flame there, not star
    assert s.portals[1] == ("leaf", "star", "star")
    after = s.apply("great-bonfire south_west points+portal")
    assert after.seats[0].portals == (None,) * 6 + ("star",)
    assert after.portals[1] == ("leaf", "star") and after.seats[0].points[2] == 2
    s5 = _with(after, lambda d: _act(d, 0), lambda d: set_tiles(d, 0, great_bonfire=3))
    assert C.player_board.bonfires[5].portal == "flame"
    assert "flame" not in s5.portals[4] and "flame" in s5.portals[6]            # north_east, south_east
    refused(s5, "great-bonfire north_east action+portal", "bonfire.great-bonfire.portal")   # key key wave
    moved = s5.apply("great-bonfire south_east action+portal")                             # flame moon sun
    assert moved.seats[0].portals == (None,) * 5 + ("flame", "star")


# ---- gnomes (seed "Gnomos") ---------------------------------------------------------------------------------------
@pytest.mark.parametrize("payment, tiles, berries", [("2-tiles", 0, 1), ("1-tile", 1, 0)])
def test_gnome_costs(payment, tiles, berries):
    s = _game(tiles={"gnome": 2}, res={"berries": 2})
    assert C.specialists["elder_patron"].resource == "berries"
    after = s.apply(f"gnome elder_patron {payment}")
    assert _held(after) == ({"gnome": tiles} if tiles else {})
    assert _has(after) == ({"berries": berries} if berries else {})
    assert after.seats[0].gnomes == ("elder_patron",)


def test_recruited_specialist_is_replaced_from_the_reserve():
    s = _game(tiles={"gnome": 2}, res={"berries": 1})
    slot = s.specialists.index("elder_patron")
    after = s.apply("gnome elder_patron 2-tiles")
    assert after.specialists[slot] is None and after.pending[0].what == "specialist"
    outcomes = after.chance_outcomes()
    assert len(outcomes) == 13 and {p for _, p in outcomes} == {Fraction(1, 13)}
    refilled = after.apply(f"draw specialist {after.reserve[0]}")
    assert refilled.specialists[slot] == after.reserve[0] and len(refilled.reserve) == 12


def test_recruited_elder_scores_at_once_and_is_not_replaced():
    s = _game(tiles={"gnome": 2}, res={"herbs": 1})
    assert C.elders["sage"].points == 3 and C.elders["sage"].resource == "herbs"
    after = s.apply("gnome sage 2-tiles")
    assert after.seats[0].points == (3, 0, 0, 0, 0) and after.scores()["orange"]["elders"] == 3
    assert None in after.elders and after.current_player == 1                  # no draw: the turn is over


def test_six_gnomes_at_most():
    def five(d):
        for card in ("council_gold", "double_joker", "large_hand", "rowan", "granite"):
            give_gnome(d, 0, card)
        _neutral(d, "gnome_circle", "seat_8")                                  # Gnome Circle already fulfilled
        d["seats"][0]["common"].append("gnome_circle")
    s = _game(2, 1, 0, five, tiles={"gnome": 4}, res={"herbs": 2})
    six = s.apply("gnome sage 2-tiles")
    assert len(six.seats[0].gnomes) == 6
    refused(_with(six, lambda d: _act(d, 0)), "gnome gilt 2-tiles", "bonfire.gnome.limit")


# ---- fate tiles (seed "Colocar uma Régua", sources A.4) ---------------------------------------------------------
def test_fate_tile_only_with_at_most_one_action_tile():
    s = _game(tiles={"yellow": 2}, res={})
    refused(s, "fate f1 3,1 down", "bonfire.fate.when")
    returned = s.apply("return yellow")
    assert returned.current_player == 0 and returned.pending[0].kind == "act" and _held(returned) == {"yellow": 1}
    refused(returned, "return yellow", "bonfire.assume.return-before-fate")
    assert returned.pending[0].flag and returned.to_dict()["pending"][0] == {"kind": "act", "seat": "orange",
                                                                              "flag": True}
    assert {str(a).split()[0] for a in returned.legal_actions()} == {"fate"}  # the turn is option I now
    err = refused(returned, "boat mossbank", "bonfire.assume.return-before-fate")
    assert "orange has returned tiles to place a fate tile this turn" in str(err)
    placed = returned.apply("fate f7 2,1 across")                              # task, guardian, great_bonfire
    assert _held(placed) == {"yellow": 1, "task": 1, "guardian": 1, "great_bonfire": 1}
    assert placed.seats[0].stack == ("f1", "f2", "f3", "f4", "f5", "f6") and placed.current_player == 1


def test_fate_tile_from_the_top_or_the_bottom():
    s = _game(tiles={}, res={})
    refused(s, "fate f3 2,1 across", "bonfire.fate.top-or-bottom")
    fates = {a.split()[1] for a in _legal(s) if a.startswith("fate ")}
    assert fates == {"f1", "f7"}
    after = s.apply("fate f1 3,1 down")                                        # covers the printed gnome, yellow
    assert _held(after) == {"boat": 1, "task": 1, "guardian": 1, "gnome": 1, "yellow": 1}
    assert after.seats[0].stack == ("f2", "f3", "f4", "f5", "f6", "f7")


def test_fate_same_symbol_area_example_through_real_placements():
    """Sources A.4: a symbol next to a connected area of 2 equal symbols gives 3 tiles of that symbol. f5's path
    goes above the starting tile's path (an area of 2 paths); f2's path then goes below it. The stack order is set
    on the state itself: f5 and f2 on top of each other cannot happen in play (from_dict refuses it)."""
    s = _game(tiles={}, res={})
    s = s.replace(seats=(s.seats[0].replace(stack=("f5", "f1", "f3", "f4", "f6", "f7", "f2")), *s.seats[1:]))
    first = s.apply("fate f5 2,1 across")                                      # gnome 2,1  path 2,2  task 2,3
    assert _held(first) == {"path": 1 + 1, "gnome": 1, "task": 1}
    again = first.replace(turn=0, pending=(Step("act", 0),))                   # orange's turn again
    for tile in ("path", "path", "task"):
        again = again.apply(f"return {tile}")
    assert _held(again) == {"gnome": 1}
    second = again.apply("fate f2 4,2 across")                                  # path 4,2  gnome 4,3  boat 4,4
    assert _held(second) == {"path": 3, "gnome": 1 + 1, "boat": 1}
    assert second.seats[0].fate.tile_ids == ("f8", "f5", "f2")


# ---- igniting a bonfire, the council, common tasks (seed "Atear um Bonfire", "Ação de bónus") --------------------
def _ready(d):
    _task(d, 0, 2, "t09")                                                      # red, 2 points: at least 1 portal
    give_portal(d, 0, 6, "star")


def test_ignite_needs_the_condition():
    s = _game(2, 1, 0, lambda d: _task(d, 0, 2, "t09"), tiles={}, res={})
    refused(s, "ignite 2", "bonfire.ignite.when")
    refused(s, "ignite 3", "bonfire.ignite.when")                             # no disc there
    lit = _with(s, lambda d: give_portal(d, 0, 6, "star")).apply("ignite 2")
    assert lit.seats[0].lit == (False, False, True, False, False, False, False)
    assert lit.pending[0].kind == "sit" and lit.pending[0].what == "orange"
    assert _legal(lit) == [f"seat seat_{j}" for j in range(1, 9)]


@pytest.mark.parametrize("seat_id, points, tiles, resources, choose", [
    ("seat_1", 3, {}, {}, None),
    ("seat_2", 0, {}, {"gold": 1}, None),
    ("seat_3", 0, {}, {"stone": 2}, ("resource", 2)),
    ("seat_4", 0, {"yellow": 1}, {}, None),
    ("seat_5", 0, {"boat": 2}, {}, ("action", 2)),
    ("seat_6", 2, {}, {"stone": 1}, ("resource", 1)),
    ("seat_7", 2, {"boat": 1}, {}, ("action", 1)),
    ("seat_8", 1, {}, {"gold": 1}, None),
])
def test_council_seat_bonuses(seat_id, points, tiles, resources, choose):
    s = _game(2, 1, 0, _ready, tiles={}, res={})
    sat = s.apply("ignite 2").apply(f"seat {seat_id}")
    assert sat.council[s.index.seats.index(seat_id)] == ("orange",)
    if choose:
        what, count = choose
        for j in range(count):
            step = sat.pending[0]
            assert (step.kind, step.what, step.count) == ("take", what, count - j)
            sat = sat.apply("take stone" if what == "resource" else "take boat")
    assert sat.current_player == 1
    assert sat.seats[0].points[1] == points and _held(sat) == tiles and _has(sat) == resources


def test_a_seat_takes_one_novice_of_each_colour():
    s = _game(2, 1, 0, _ready, lambda d: _lit(d, 0, 0, "t01", "seat_1"), lambda d: _lit(d, 1, 0, "t04", "seat_2"),
              tiles={}, res={})
    sit = s.apply("ignite 2")
    refused(sit, "seat seat_1", "bonfire.assume.seat-capacity")
    assert "seat seat_2" in _legal(sit)                                        # green's novice is no obstacle
    after = sit.apply("seat seat_2")
    assert after.council[1] == ("green", "orange")


def _four_portals(d):
    for b, symbol in ((3, "key"), (4, "moon"), (5, "flame"), (6, "star")):
        give_portal(d, 0, b, symbol)


def test_common_task_moves_its_neutral_novice_at_the_end_of_the_turn():
    s = _game(2, 1, 0, _four_portals, tiles={"great_bonfire": 1}, res={})
    assert "sun" in s.portals[s.index.spaces.index("east")] and C.player_board.bonfires[2].portal == "sun"
    after = s.apply("great-bonfire east action+portal")                       # the 5th portal: Portal Keeper
    assert after.seats[0].portals == (None, None, "sun", "key", "moon", "flame", "star")
    assert after.seats[0].common == ("portal_keeper",)
    assert after.pending[0].kind == "sit" and after.pending[0].what == "neutral" and after.current_player == 0
    sat = after.apply("seat seat_1")
    assert sat.council[0] == ("neutral",) and sat.neutral == (True, False, True, True, True)
    assert sat.seats[0].points[1] == 3 and sat.current_player == 1


def test_common_task_neutral_needs_a_seat_without_a_neutral():
    s = _game(2, 1, 0, _four_portals, lambda d: _neutral(d, "gnome_circle", "seat_1"),
              tiles={"great_bonfire": 1}, res={})
    after = s.apply("great-bonfire east action+portal")
    refused(after, "seat seat_1", "bonfire.bonus.common-task")
    assert after.apply("seat seat_2").council[:2] == (("neutral",), ("neutral",))


def test_common_task_already_taken_scores_but_moves_no_novice():
    def green_fulfilled(d):
        for b in range(2, 7):                        # green's 5 portals: Portal Keeper holds for green
            give_portal(d, 1, b, C.player_board.bonfires[b].portal)
        d["seats"][1]["common"].append("portal_keeper")
    s = _game(2, 1, 0, _four_portals, lambda d: _neutral(d, "portal_keeper", "seat_5"), green_fulfilled,
              tiles={"great_bonfire": 1}, res={})
    after = s.apply("great-bonfire east action+portal")
    assert after.seats[0].common == ("portal_keeper",) and after.current_player == 1
    assert after.scores()["orange"]["common_tasks"] == 4


def test_seventh_bonfire_own_novice_first_then_the_neutral_one():
    def six_lit(d):
        for b, disc, seat_id in ((0, "t01", "seat_1"), (1, "t02", "seat_2"), (2, "t03", "seat_3"),
                                 (3, "t04", "seat_4"), (4, "t05", "seat_5"), (5, "t06", "seat_6")):
            _lit(d, 0, b, disc, seat_id)
        _task(d, 0, 6, "t09")
        give_portal(d, 0, 6, "star")
    s = _game(2, 1, 0, six_lit, tiles={}, res={})
    lit = s.apply("ignite 6")
    assert _legal(lit) == ["seat seat_7", "seat seat_8"]                       # orange's novices sit on 1-6
    sat = lit.apply("seat seat_8")
    assert sat.pending[0].what == "neutral" and sat.seats[0].common == ("all_bonfires",)
    done = sat.apply("seat seat_1")
    assert done.council[0] == ("orange", "neutral") and done.seats[0].points[1] == 1 + 3
    assert done.scores()["orange"]["common_tasks"] == 7 and done.novices_in_council() == 8


# ---- the end (seed "Fim do jogo") ---------------------------------------------------------------------------------
def _council(players, novices):
    """The council holds ``novices`` novices: one neutral one and the novices of lit bonfires 4-6 of each player in
    turn (discs from t40 on, so bonfires 0-3 stay free)."""
    def change(d):
        placed, disc = 1, 40
        _neutral(d, "gnome_circle", "seat_8")
        for k in range(players):
            for b in (4, 5, 6):
                if placed < novices:
                    _lit(d, k, b, f"t{disc}", f"seat_{b - 3}")
                    placed, disc = placed + 1, disc + 1
    return change


@pytest.mark.parametrize("players, below", [(2, 6), (3, 9), (4, 12)])
def test_end_trigger_7_10_13_novices_neutral_ones_included(players, below):
    assert END_TRIGGER[players] == below + 1
    s = _game(players, 1, 0, _council(players, below), _ready, tiles={}, res={})
    assert s.novices_in_council() == below and not s.triggered
    after = s.apply("ignite 2").apply("seat seat_4")
    assert after.novices_in_council() == below + 1 and after.triggered
    assert "bonfire.end.trigger" in _rules(after)
    last_of_round = (0 + 1) % players == s.start                               # orange ends the round?
    assert after.countdown == (1 if last_of_round else 0) and last_of_round == (players == 4)


def test_a_neutral_novice_placed_at_the_end_of_the_turn_triggers_too():
    s = _game(2, 1, 0, _council(2, 6), _four_portals, tiles={"great_bonfire": 1}, res={})
    sit = s.apply("great-bonfire east action+portal")                         # Portal Keeper: a neutral novice
    assert sit.pending[0].what == "neutral" and not sit.triggered
    after = sit.apply("seat seat_2")
    assert after.novices_in_council() == 7 and after.triggered and after.council[1] == ("orange", "green", "neutral")


def test_one_novice_short_does_not_trigger():
    s = _game(2, 1, 0, _council(2, 5), _ready, tiles={}, res={})
    after = s.apply("ignite 2").apply("seat seat_4")
    assert after.novices_in_council() == 6 and not after.triggered


def test_countdown_starts_after_the_round_of_the_trigger():
    s = _game(3, 1, 0, _council(3, 9), _ready, tiles={}, res={})
    start = s.start
    assert start == 2 and s.current_player == 0                                # black starts; orange triggers
    after = s.apply("ignite 2").apply("seat seat_4")
    assert after.triggered and after.countdown == 0 and after.current_player == 1
    after = _filler(after)                                                     # green ends the round
    assert after.current_player == start and after.countdown == 1 and after.phase == "countdown"
    assert "pass" in _legal(after)
    refused(s, "pass", "bonfire.end.pass")                                     # no passing before


@pytest.mark.parametrize("round_, points", list(enumerate(COUNTDOWN, start=1)))
def test_passing_scores_the_rounds_disc(round_, points):
    assert COUNTDOWN == (5, 4, 3, 2, 1)
    s = _game(2, 1, 0, _council(2, 7), lambda d: d.update(triggered=True, countdown=round_), tiles={}, res={})
    after = s.apply("pass")
    assert after.seats[0].points[3] == points and after.seats[0].out
    assert after.scores()["orange"]["countdown"] == points


def test_countdown_five_rounds_then_the_game_is_over():
    def ready(d):
        for k in (0, 1):
            set_tiles(d, k, boat=5)
            set_resources(d, k)
            d["seats"][k]["boat"] = "emberholm"
        d.update(triggered=True, countdown=1)
    s = _game(2, 1, 0, _council(2, 7), ready)
    log = []
    while not s.is_terminal:
        k = s.current_player
        if (k, s.countdown) in ((0, 3), (1, 5)):
            action = "pass"
        else:
            action = "boat " + ("mossbank" if s.seats[k].boat == "emberholm" else "emberholm")
        log.append((s.countdown, s.players[k], action.split()[0]))
        s = s.apply(action)
    assert log == [(1, "orange", "boat"), (1, "green", "boat"), (2, "orange", "boat"), (2, "green", "boat"),
                   (3, "orange", "pass"), (3, "green", "boat"), (4, "green", "boat"), (5, "green", "pass")]
    assert s.is_terminal and s.phase == "over" and s.countdown == 6 and s.legal_actions() == []
    assert s.seats[0].points[3] == 3 and s.seats[1].points[3] == 1


def test_everyone_passing_in_round_one_ends_the_game():
    s = _game(2, 1, 0, _council(2, 7), lambda d: d.update(triggered=True, countdown=1), tiles={}, res={})
    over = s.apply("pass").apply("pass")
    assert over.is_terminal and [seat.points[3] for seat in over.seats] == [5, 5]


# ---- specialists (sources A.5): the outcome with and without the card ---------------------------------------------
def test_long_stride_one_step_more():
    s = _game(2, 1, 0, lambda d: build_path(d, 0, "blue herbs", "red wood", "yellow stone"), tiles={"guardian": 1},
              res={})
    assert _legal(s.apply("procession 1")) == ["move orange stay", "move orange path 1"]
    with_card = _card(s, "long_stride").apply("procession 1")
    assert _legal(with_card) == ["move orange stay", "move orange path 1", "move orange path 2"]
    assert _held(with_card) == {}                                               # still 1 tile paid


def test_free_offering_any_two_resources():
    s = _game(2, 1, 0, lambda d: _offer(d, 0, "berries", "stone"), tiles={"task": 1}, res={"stone": 2},
              boat="mossbank")
    refused(s, "task t13 offering top bonfire 0", "bonfire.pay.substitute-resource")   # berries + mushrooms
    paying = _card(s, "free_offering").apply("task t13 offering top bonfire 0")
    assert paying.pending[0].items == ("any", "any") and _legal(paying) == ["cover stone"]
    after = paying.apply("cover stone").apply("cover stone")
    assert _has(after) == {} and after.seats[0].tasks[0] == "t13"
    assert after.island_content("mossbank")[0] == "orange berries"


def test_elder_patron_two_points_per_elder():
    s = _game(tiles={"gnome": 2}, res={"herbs": 1})
    assert s.apply("gnome sage 2-tiles").seats[0].points == (3, 0, 0, 0, 0)
    assert _card(s, "elder_patron").apply("gnome sage 2-tiles").seats[0].points == (3, 0, 0, 0, 2)


def test_double_joker_yellow_covers_two_tiles():
    s = _game(tiles={"yellow": 1}, res={}, boat="emberholm")
    refused(s, "boat flint_isle", "bonfire.pay.substitute-action")               # 2 boat tiles missing
    paying = _card(s, "double_joker").apply("boat flint_isle")
    assert paying.pending[0].count == 2 and _legal(paying) == ["cover yellow"]
    after = paying.apply("cover yellow")
    assert _held(after) == {} and after.seats[0].boat == "flint_isle"


def test_council_gold_one_gold_with_each_own_novice():
    s = _game(2, 1, 0, _ready, tiles={}, res={})
    assert _has(s.apply("ignite 2").apply("seat seat_1")) == {}
    after = _card(s, "council_gold").apply("ignite 2").apply("seat seat_1")
    assert _has(after) == {"gold": 1} and after.seats[0].points[1] == 3


def test_path_finder_gains_the_path_tiles_resource():
    s = _game(tiles={"path": 1}, res={})
    assert _has(s.apply("path red stone")) == {}
    assert _has(_card(s, "path_finder").apply("path red stone")) == {"stone": 1}


def test_flexible_pay_any_resource_for_a_gnome():
    s = _game(tiles={"gnome": 2}, res={"stone": 1})
    refused(s, "gnome sage 2-tiles", "bonfire.pay.substitute-resource")          # sage asks for herbs
    paying = _card(s, "flexible_pay").apply("gnome sage 2-tiles")
    assert _legal(paying) == ["cover stone"]
    after = paying.apply("cover stone")
    assert _has(after) == {} and "sage" in after.seats[0].gnomes and after.seats[0].points[0] == 3


def test_large_hand_three_tiles_when_placing_a_fate_tile():
    s = _game(tiles={"yellow": 3}, res={})
    refused(s, "fate f1 3,1 down", "bonfire.fate.when")
    after = _card(s, "large_hand").apply("fate f1 3,1 down")
    assert _held(after) == {"boat": 1, "task": 1, "guardian": 1, "gnome": 1, "yellow": 3 + 1}
    refused(_card(_with(s, lambda d: set_tiles(d, 0, yellow=4)), "large_hand"), "fate f1 3,1 down", "bonfire.fate.when")


def test_recruiters_gift_a_yellow_tile_per_gnome_itself_included():
    s = _game(tiles={"gnome": 2}, res={"herbs": 1, "berries": 1})
    assert _held(s.apply("gnome sage 2-tiles")) == {}
    assert _held(_card(s, "recruiters_gift").apply("gnome sage 2-tiles")) == {"yellow": 1}
    on_display = _with(s, lambda d: d["board"]["reserve"].remove("recruiters_gift"),
                       lambda d: d["board"]["reserve"].append(d["board"]["specialists"][0]),
                       lambda d: d["board"]["specialists"].__setitem__(0, "recruiters_gift"))
    assert C.specialists["recruiters_gift"].resource == "berries"
    assert _held(on_display.apply("gnome recruiters_gift 2-tiles")) == {"yellow": 1}


def test_fate_echo_printed_squares_twice():
    s = _game(tiles={}, res={})
    assert _held(s.apply("fate f1 3,1 down")) == {"boat": 1, "task": 1, "guardian": 1, "gnome": 1, "yellow": 1}
    echo = _card(s, "fate_echo").apply("fate f1 3,1 down")
    assert _held(echo) == {"boat": 1, "task": 1, "guardian": 1, "gnome": 2, "yellow": 2}


def test_welcome_step_a_free_step_without_resources():
    s = _game(2, 1, 0, lambda d: build_path(d, 0, "blue herbs", "red wood"), tiles={"guardian": 1}, res={},
              boat="rose_rock")
    plain = s.apply("guardian pink")
    assert plain.seats[0].guardians == (("orange", "path", 0), ("pink", "path", 0)) and plain.current_player == 1
    step = _card(s, "welcome_step").apply("guardian pink")
    assert step.pending[0].kind == "march" and step.pending[0].count == 1 and not step.pending[0].flag
    assert _legal(step) == ["move orange stay", "move orange path 1", "move pink stay", "move pink path 1"]
    after = step.apply("move orange path 1")                                     # pink is blocked: skipped
    assert after.seats[0].guardians == (("orange", "path", 1), ("pink", "path", 0)) and _has(after) == {}


def test_bonfire_cheer_two_points_on_a_bonfire():
    s = _game(2, 1, 0, lambda d: build_path(d, 0, "blue herbs"), lambda d: give_portal(d, 0, 1, "leaf"),
              tiles={"guardian": 2}, res={})
    plain = s.apply("procession 2").apply("move orange bonfire 1")
    cheer = _card(s, "bonfire_cheer").apply("procession 2").apply("move orange bonfire 1")
    assert plain.seats[0].points[4] == 0 and cheer.seats[0].points[4] == 2
    assert plain.scores()["orange"]["guardians"] == cheer.scores()["orange"]["guardians"] == 3


def test_common_reward_gold_and_yellow_for_each_common_task():
    s = _game(2, 1, 0, _four_portals, tiles={"great_bonfire": 1}, res={})
    plain = s.apply("great-bonfire east action+portal").apply("seat seat_2")
    reward = _card(s, "common_reward").apply("great-bonfire east action+portal").apply("seat seat_2")
    assert _held(plain) == {"gnome": 1} and _has(plain) == {"gold": 1}
    assert _held(reward) == {"gnome": 1, "yellow": 1} and _has(reward) == {"gold": 2}
    taken = _with(s, lambda d: _neutral(d, "portal_keeper", "seat_5"))            # no neutral novice left
    assert _has(_card(taken, "common_reward").apply("great-bonfire east action+portal")) == {"gold": 1}


def _two_walkers(d):
    build_path(d, 0, "blue herbs", "red wood")
    set_guardians(d, 0, ("orange", "path", 0), ("pink", "path", 0))


def test_pink_harvest_the_pink_guardians_resource_twice():
    s = _game(2, 1, 0, _two_walkers, tiles={"guardian": 2}, res={})
    moves = ("procession 2", "move orange path 2", "move pink path 1")
    plain, harvest = s, _card(s, "pink_harvest")
    for move in moves:
        plain, harvest = plain.apply(move), harvest.apply(move)
    assert _has(plain) == {"herbs": 1, "wood": 1} and _has(harvest) == {"herbs": 2, "wood": 1}


def test_crowded_path_guardians_share_and_pass():
    s = _game(2, 1, 0, _two_walkers, tiles={"guardian": 2}, res={})
    plain = s.apply("procession 2").apply("move orange path 1")
    assert plain.current_player == 1                                           # pink is stuck behind orange
    crowded = _card(s, "crowded_path").apply("procession 2").apply("move orange path 1")
    assert _legal(crowded) == ["move pink stay", "move pink path 1", "move pink path 2"]
    assert _has(crowded.apply("move pink path 1")) == {"herbs": 2}


def test_chosen_harvest_any_resource_where_a_guardian_stops():
    s = _game(2, 1, 0, _two_walkers, tiles={"guardian": 2}, res={})
    refused(s.apply("procession 2"), "move orange path 2 gold", "bonfire.procession.resource")
    chosen = _card(s, "chosen_harvest").apply("procession 2")
    assert len(_legal(chosen)) == 2 * (1 + 2 * 6)            # orange or pink: stay, 2 tiles x 6 resources
    after = chosen.apply("move orange path 2 gold").apply("move pink path 1 stone")
    assert _has(after) == {"gold": 1, "stone": 1}


# ---- every skipped step says why (issue 16) --------------------------------------------------------------------------
def test_skipped_steps_a_dock_with_nothing_to_claim_says_so():
    """bonfire.boat.extra-claim: docking where nothing can be claimed skips the claim with an event."""
    from explorer.bonfire import position
    s = position(tiles={"orange": {"boat": 1}}, guardians={"orange": [("orange", "path", 0), ("pink", "path", 0)]})
    after = s.apply("boat rose_rock")                                   # orange has her pink guardian already
    assert after.current_player == 1
    [event] = [e for e in after.events if e.rule.id == "bonfire.boat.extra-claim"]
    assert event.describe() == "orange can claim nothing at Rose Rock now"


def test_skipped_steps_a_bonus_of_action_tiles_from_an_empty_supply_says_so():
    """bonfire.assume.supply-runs-out: seat 5's 2 action tiles of one's choice, with the supply empty."""
    from explorer.bonfire import position
    every = {a: t.supply for a, t in C.action_types.items()}
    s = position(tasks={"orange": {0: "t08"}}, portals={"orange": {5: "flame", 6: "star"}},
                 tiles={"orange": {}, "green": every})
    assert not any(s.supply)
    after = s.apply("ignite 0").apply("seat seat_5")
    assert after.current_player == 1 and after.pending[0].kind == "act"
    assert [e.describe() for e in after.events if e.rule.id == "bonfire.assume.supply-runs-out"] == [
        "the supply has no action tile left: orange takes none of the 2 of their choice"]


def test_an_event_worded_when_read_is_the_event_worded_at_once():
    """``Happened.later`` (the turn's most frequent sentences, issue 21) words its sentence when it is first read:
    it equals, hashes, prints, copies and pickles as the event written out at once, and the sentence is made once."""
    import copy
    import pickle

    from explorer.bonfire.events import Happened
    from explorer.bonfire.rules import RULES

    rule, calls = RULES["bonfire.boat.cost"], []

    def words(colour: str, island: str) -> str:
        calls.append(island)
        return f"{colour} sails to {island}"

    later = Happened.later(rule, "orange", words, "orange", "Mossbank")
    assert calls == []                                        # nothing worded yet
    at_once = Happened(rule, "orange sails to Mossbank", "orange")
    assert later == at_once and hash(later) == hash(at_once) and repr(later) == repr(at_once)
    assert later.describe() == "orange sails to Mossbank" and later.to_dict()["text"] == "orange sails to Mossbank"
    assert calls == ["Mossbank"]                              # worded once, when first read
    for copied in (copy.deepcopy(Happened.later(rule, "green", "{} waits".format, "green")),
                   pickle.loads(pickle.dumps(Happened.later(rule, "green", "{} waits".format, "green")))):
        assert copied == Happened(rule, "green waits", "green")
    with pytest.raises(AttributeError):
        later.no_such_field  # noqa: B018


def test_the_sentences_worded_when_read_say_what_happened():
    """The sentences now made when read (paying in part, covering, placing a fate tile) in a seeded 3-player random
    game: the first of each, word for word (the golden transcripts check every one of every game)."""
    import random

    s, chooser, seen, step = new_game(players=3, seed=4), random.Random(4), {}, 0
    while not s.is_terminal and len(seen) < 3:
        s = s.apply(s.sample_chance() if s.is_chance_node else chooser.choice(s.legal_actions()))
        step += 1
        for e in s.events:
            for start in (" pays with ", "; missing: ", " places "):
                if start in e.describe():
                    seen.setdefault(start, (step, e.rule.id, e.player, e.describe()))
    assert seen == {
        "; missing: ": (4, "bonfire.pay.substitute-action", "black", "black pays gnome, stone; missing: 1 gnome tile"),
        " pays with ": (5, "bonfire.pay.substitute-action", "black", "black pays with a yellow tile"),
        " places ": (30, "bonfire.fate.gain", "green", "green places the fate tile (boat, task, guardian) from row 2, "
                     "column 5 downwards and gains 1 boat tile, 1 task tile, 1 guardian tile, 1 mushrooms")}
