"""The Bonfire table scene (``widgets.bonfire.scene``): what it draws, read against the engine's own state.

Seeded games are drawn at 2 and 4 players (every island, task disc, council seat, Great Bonfire space, gnome card,
path slot and fate square has its id); a position built by editing ``to_dict()`` (``bonfire_checks`` editors, read
back through ``State.from_dict``, which checks it) shows lit bonfires, portals, path tiles, guardians on bonfires
and novices on seats; the steps a player meets are reached by real actions where a few suffice (``cover``,
``dock``, ``march``, ``sit``, ``take``) and by editing the position otherwise (the countdown). A user's own
components (an island moved and renamed) draw too. Crowded places are checked with DejaVu Sans's letter widths (the
widest usual sans-serif face): a 3-disc island with every boat on it, six gnomes with the longest names beside five
common tasks, a full summary board, ``mushrooms`` on path tiles side by side.
"""

from __future__ import annotations

import copy
import functools
import itertools
import re
import xml.etree.ElementTree as ET

import pytest
from bonfire_checks import (
    build_path,
    edited,
    give_gnome,
    give_portal,
    set_guardians,
    set_resources,
    set_tiles,
    started,
)

from explorer.bonfire import Components, State, new_game
from explorer.bonfire.components import OWN_DATA
from explorer.bonfire.setup import initial_state
from explorer.bonfire.words import fate_tile_words
from widgets.bonfire.scene import (
    BOARD_W,
    CENTRAL_HEIGHT,
    TARGETS,
    WIDTH,
    board_scene,
    board_svg,
    step_words,
)

C = Components.default()


# ---- helpers -----------------------------------------------------------------------------------------------------
def ids(scene: dict) -> list[str]:
    """Every item id of ``scene``, in drawing order."""
    return [i["id"] for i in scene["items"] if "id" in i]


def by_id(scene: dict, item_id: str) -> dict:
    """The one item with id ``item_id``."""
    found = [i for i in scene["items"] if i.get("id") == item_id]
    assert len(found) == 1, f"{item_id}: {len(found)} items"
    return found[0]


def targeting(scene: dict, item_id: str, cls: str = "") -> list[dict]:
    """Items drawn on ``item_id`` (they target it) whose class contains the word ``cls``."""
    return [i for i in scene["items"] if i.get("target") == item_id and (not cls or cls in i.get("class", "").split())]


def classes(item: dict) -> set[str]:
    return set(item.get("class", "").split())


@functools.cache
def game(players: int, seed: int = 3) -> State:
    return started(players, seed)


@functools.cache
def built() -> State:
    """3 players, seed 5, just after setup; orange (seat 0) has lit bonfire 2 (its novice on seat_3) and holds an
    unlit disc on bonfire 4, portals on bonfires 2 and 6, 2 path tiles, her own guardian on bonfire 2 and a pink
    one on path tile 1, an elder; her boat is at Mossbank and the pointer shows west."""
    def change(d: dict) -> None:
        b, me = d["board"], d["seats"][0]
        lit, unlit = b["task_box"][0], b["task_box"][1]
        b["task_box"].remove(lit)
        b["task_box"].remove(unlit)
        me["tasks"][2], me["tasks"][4], me["lit"][2] = lit, unlit, True
        b["council"]["seat_3"].append("orange")
        build_path(d, 0, "blue herbs", "red wood")
        give_portal(d, 0, 6, "star")
        give_portal(d, 0, 2, "sun")
        set_guardians(d, 0, ("orange", "bonfire", 2), ("pink", "path", 1))
        give_gnome(d, 0, b["elders"][0])
        me["boat"] = "mossbank"
        b["pointer"] = "west"
        b["great_bonfire_used"] = True
    return edited(started(3, 5), change)


# ---- the id contract -----------------------------------------------------------------------------------------------
@pytest.mark.parametrize("players", [2, 4])
def test_every_central_board_item_has_its_id(players):
    s = game(players)
    scene = board_scene(s)
    got = ids(scene)
    assert len(got) == len(set(got)), "ids are unique"
    ix = s.index
    assert {i for i in got if i.startswith("island:")} == {f"island:{i}" for i in C.islands}
    discs = {d for content in s.islands for d in content if d in C.task_discs}
    assert len(discs) == {2: 20, 4: 30}[players]
    assert {i for i in got if i.startswith("task:")} == {f"task:{d}" for d in discs}
    assert {i for i in got if i.startswith("guardian:")} == {f"guardian:{g}" for g in ix.guardian_colours}
    assert {i for i in got if i.startswith("gb:")} == {f"gb:{sp}" for sp in ix.spaces} and len(ix.spaces) == 7
    assert {i for i in got if i.startswith("seat:")} == {f"seat:{x}" for x in ix.seats} and len(ix.seats) == 8
    assert {i for i in got if i.startswith("common:")} == {f"common:{t}" for t in ix.common} and len(ix.common) == 5
    assert [i for i in got if i.startswith("path-display:")] == [f"path-display:{j}" for j in range(4)]
    shown = [g for g in (*s.elders, *s.specialists) if g]
    assert len(shown) == 12
    assert [i for i in got if i.startswith("gnome:")] == [f"gnome:{g}" for g in shown]
    assert "entrance" in got
    assert not [i for i in got if i.startswith("btn:")], "buttons only come from the caller"


@pytest.mark.parametrize("players", [2, 4])
def test_every_player_board_item_has_its_id(players):
    s = game(players)
    got = set(ids(board_scene(s)))
    for k, seat in enumerate(s.seats):
        mine = {i for i in got if i.startswith(f"p{k}:")}
        fate = {i for i in mine if i.startswith(f"p{k}:fate:")}
        assert fate == {f"p{k}:fate:{r},{c}" for r in range(1, 6) for c in range(1, 6)}
        for part, n in (("bonfire", 7), ("guard", 7), ("portal", 7), ("path", 7)):
            assert {i for i in mine if i.startswith(f"p{k}:{part}:")} == {f"p{k}:{part}:{j}" for j in range(n)}
        assert {i for i in mine if i.startswith(f"p{k}:tile:")} == {f"p{k}:tile:{a}" for a in s.index.actions}
        assert {i for i in mine if i.startswith(f"p{k}:resource:")} == {f"p{k}:resource:{r}" for r in s.index.resources}
        assert {f"p{k}:stack:top", f"p{k}:stack:bottom", f"p{k}:offering:top", f"p{k}:offering:bottom"} <= mine
        assert {i for i in mine if i.startswith(f"p{k}:guardian:")} == {f"p{k}:guardian:{seat.colour}"}
        assert not {i for i in mine if i.startswith(f"p{k}:gnome:")}
    assert not {i for i in got if i.startswith(f"p{players}:")}


def test_the_targets_list_names_every_id_form():
    forms = {t.split(":")[0] for t in TARGETS}
    assert {"island", "entrance", "task", "guardian", "gb", "gnome", "path-display", "path-pile", "seat", "common",
            "p<k>", "btn"} == forms


def test_pieces_target_their_items():
    s = game(2)
    scene = board_scene(s)
    # the task discs' points
    for content in s.islands:
        for d in content:
            points = targeting(scene, f"task:{d}", "task-points")
            assert [p["text"] for p in points] == [str(C.task_discs[d].points)]
    # the boats wait at the entrance, one hull per player, in its colour
    hulls = targeting(scene, "entrance", "boat")
    assert sorted(h["class"] for h in hulls) == sorted(f"boat {seat.colour}" for seat in s.seats)
    assert "boat-here" in classes(by_id(scene, "entrance"))
    # the guardian stacks say how many are left
    for g, n in zip(s.index.guardian_colours, s.guardians):
        assert [t["text"] for t in targeting(scene, f"guardian:{g}", "guardian-count")] == [f"×{n}"]
    # the own guardian waits on the starting tile
    own = by_id(scene, f"p0:guardian:{s.seats[0].colour}")
    assert classes(own) >= {"guardian", "on-path", s.seats[0].colour}
    start = by_id(scene, "p0:path:0")
    assert start["x"] < own["cx"] < start["x"] + start["w"] and start["y"] < own["cy"] < start["y"] + start["h"]


# ---- a built position --------------------------------------------------------------------------------------------
def test_a_built_position_shows_lit_bonfires_portals_paths_guardians_and_novices():
    s = built()
    scene = board_scene(s)
    seat = s.seats[0]
    lit_disc, unlit_disc = seat.tasks[2], seat.tasks[4]
    # bonfires: lit, unlit with a disc, empty
    b2, b4, b0 = by_id(scene, "p0:bonfire:2"), by_id(scene, "p0:bonfire:4"), by_id(scene, "p0:bonfire:0")
    assert classes(b2) == {"bonfire", "lit", "has-task"}
    assert classes(b4) == {"bonfire", "unlit", "has-task"}
    assert classes(b0) == {"bonfire", "unlit"}
    assert f"task disc {lit_disc}" in b2["title"].lower() and "lit;" in b2["title"]
    assert C.task_discs[unlit_disc].condition.text in b4["title"]
    points = targeting(scene, "p0:bonfire:2", "bonfire-points")
    assert [t["text"] for t in points] == [str(C.task_discs[lit_disc].points)]
    assert sum("lit" in classes(i) for i in scene["items"] if i.get("id", "").startswith("p0:bonfire:")) == 1
    # portals on bonfires 2 and 6, the others empty, each needing its symbol
    for b, bonfire in enumerate(C.player_board.bonfires):
        space = by_id(scene, f"p0:portal:{b}")
        has = b in (2, 6)
        assert ("has-portal" in classes(space)) is has
        assert f"takes a {bonfire.portal} portal" in space["title"]
    assert [t["text"] for t in targeting(scene, "p0:portal:6", "portal")] == ["star"]
    # the path: 2 built tiles, 4 empty slots with their costs
    assert classes(by_id(scene, "p0:path:1")) == {"path-slot", "built", "blue"}
    assert classes(by_id(scene, "p0:path:2")) == {"path-slot", "built", "red"}
    for i, cost in zip(range(3, 7), (1, 2, 2, 2)):
        assert classes(by_id(scene, f"p0:path:{i}")) == {"path-slot", "empty"}
        assert [t["text"] for t in targeting(scene, f"p0:path:{i}", "path-cost")] == [f"cost {cost}"]
    assert [t["text"] for t in targeting(scene, "p0:path:2", "path-resource")] == ["wood"]
    # guardians: her own on bonfire 2 (inside its guardian space), the pink one on path tile 1
    own = by_id(scene, "p0:guardian:orange")
    assert classes(own) == {"guardian", "orange", "on-bonfire"}
    assert "bonfire 2 (4 points)" in own["title"]
    space = by_id(scene, "p0:guard:2")
    assert "occupied" in classes(space)
    assert space["x"] < own["cx"] < space["x"] + space["w"]
    pink = by_id(scene, "p0:guardian:pink")
    assert classes(pink) == {"guardian", "pink", "on-path"} and "path tile 1" in pink["title"]
    slot = by_id(scene, "p0:path:1")
    assert slot["x"] < pink["cx"] < slot["x"] + slot["w"]
    assert "occupied" not in classes(by_id(scene, "p0:guard:3"))
    # the novice on seat_3, in orange, and its bonus in the seat's title
    seat3 = by_id(scene, "seat:seat_3")
    assert "taken" in classes(seat3) and "2 resources of your choice" in seat3["title"]
    novices = targeting(scene, "seat:seat_3", "novice")
    assert [n["class"] for n in novices] == ["novice orange"]
    assert all("taken" not in classes(by_id(scene, f"seat:{x}")) for x in s.index.seats if x != "seat_3")
    # the gnome recruited, gone from the display
    card = seat.gnomes[0]
    assert classes(by_id(scene, f"p0:gnome:{card}")) == {"gnome-card", "elder", "recruited"}
    assert f"gnome:{card}" not in ids(scene)
    assert len([i for i in scene["items"] if "gnome-slot" in classes(i)]) == 1


def test_the_pointer_shows_its_space():
    s = built()
    scene = board_scene(s)
    pointers = [i for i in scene["items"] if "pointer" in classes(i)]
    assert len(pointers) == 1 and pointers[0]["target"] == "gb:west"
    assert "pointed" in classes(by_id(scene, "gb:west"))
    assert [i for i in ids(scene) if i.startswith("gb:") and "pointed" in classes(by_id(scene, i))] == ["gb:west"]
    # a fresh game points south, and each space lists its portals in its title
    fresh = board_scene(game(2))
    assert [i["target"] for i in fresh["items"] if "pointer" in classes(i)] == ["gb:south"]
    for space, portals in zip(game(2).index.spaces, game(2).portals):
        assert len(targeting(fresh, f"gb:{space}", "portal")) == len(portals)
        assert f"portals here: {', '.join(portals)}" in by_id(fresh, f"gb:{space}")["title"]


def test_a_boat_lies_on_its_island():
    s = built()
    scene = board_scene(s)
    island = by_id(scene, "island:mossbank")
    assert "boat-here" in classes(island) and "boats here: orange" in island["title"]
    hulls = targeting(scene, "island:mossbank", "boat")
    assert [h["class"] for h in hulls] == ["boat orange"]
    xs = [p[0] for p in hulls[0]["points"]]
    assert min(xs) < island["cx"] < max(xs)
    # the other two still wait at the entrance
    assert sorted(h["class"] for h in targeting(scene, "entrance", "boat")) == ["boat black", "boat green"]
    assert "board-facts" in classes(targeting_text(scene, "boat: Mossbank"))


def targeting_text(scene: dict, fragment: str) -> dict:
    """The one text item containing ``fragment``."""
    found = [i for i in scene["items"] if i["shape"] == "text" and fragment in i["text"]]
    assert len(found) == 1, f"{fragment!r}: {len(found)} texts"
    return found[0]


def test_offering_discs_left_on_an_island_are_drawn_face_down():
    s = built()
    disc = next(d for d in s.island_content("flint_isle") if d in C.task_discs)

    def change(d: dict) -> None:
        row = d["board"]["islands"]["flint_isle"]
        me = d["seats"][1]
        row[row.index(disc)] = f"green {me['offering_up'][0]}"
        d["board"]["task_box"].append(disc)
        d["board"]["task_box"].sort()
        me["offering_up"][0] = None
    t = edited(s, change)
    scene = board_scene(t)
    faces = [i for i in targeting(scene, "island:flint_isle") if "offering-disc" in classes(i)]
    assert [f["class"] for f in faces] == ["offering-disc face-down green"]
    assert f"task:{disc}" not in ids(scene)
    assert "empty" in classes(by_id(scene, "p1:offering:top"))


def test_the_action_summary_stack_and_the_fate_area():
    s = game(2)
    scene = board_scene(s)
    seat = s.seats[0]
    assert len(seat.stack) == 7
    stack = [i for i in scene["items"] if "stack-tile" in classes(i)]
    assert len(stack) == 14 and sum("id" in i for i in stack) == 4  # both players: top and bottom only
    top, bottom = by_id(scene, "p0:stack:top")["title"], by_id(scene, "p0:stack:bottom")["title"]
    assert fate_tile_words(C, seat.stack[0])[4:] in top and "top" in top and seat.stack[0] not in top
    assert fate_tile_words(C, seat.stack[-1])[4:] in bottom and "bottom" in bottom
    # the starting tile's 3 squares are covered and marked; the printed squares say their item
    start = set(seat.fate.tiles[0].placement.squares)
    for (r, c), printed in C.fate_area.squares.items():
        sq = by_id(scene, f"p0:fate:{r},{c}")
        assert "printed" in classes(sq) and printed.gain.text in sq["title"]
    for r, c in start:
        sq = by_id(scene, f"p0:fate:{r},{c}")
        assert classes(sq) >= {"covered", "start"}
        symbol = seat.fate.covered[(r, c)]
        assert [t["class"] for t in targeting(scene, f"p0:fate:{r},{c}", "fate-symbol")] == [f"fate-symbol {symbol}"]
    assert "covered" not in classes(by_id(scene, "p0:fate:1,3"))
    # the offering discs face up
    for j, name in enumerate(("top", "bottom")):
        disc = by_id(scene, f"p0:offering:{name}")
        assert f"{seat.offering_up[j]} face up, {seat.offering_stacks[j]} face down" in disc["title"]


def test_held_tiles_and_resources_are_counted():
    s = game(2)
    scene = board_scene(s)
    for k, seat in enumerate(s.seats):
        for a, n in zip(s.index.actions, seat.tiles):
            assert [t["text"] for t in targeting(scene, f"p{k}:tile:{a}", "tile-count")] == [str(n)]
            assert ("none" in classes(by_id(scene, f"p{k}:tile:{a}"))) is (n == 0)
        for r, n in zip(s.index.resources, seat.resources):
            assert [t["text"] for t in targeting(scene, f"p{k}:resource:{r}", "resource-count")] == [str(n)]
    # the general supply
    counts = [i["text"] for i in scene["items"] if "tile-count" in classes(i) and "target" not in i]
    assert counts == [str(n) for n in s.supply]


def test_markers_say_who_acts_whose_turn_and_who_is_out():
    s = game(2)
    scene = board_scene(s)
    k = s.current_player
    boards = [i for i in scene["items"] if "player-board" in classes(i)]
    assert [("to-act" in classes(b)) for b in boards] == [j == k for j in range(2)]
    assert [("turn" in classes(b)) for b in boards] == [j == s.turn for j in range(2)]
    marks = [i["class"] for i in scene["items"] if "marker" in classes(i)]
    assert marks.count("marker to-act") == 1 and marks.count("marker start") == 1

    def out(d: dict) -> None:
        d["seats"][1 - k]["out"] = True
    t = edited(s, out)
    boards = [i for i in board_scene(t)["items"] if "player-board" in classes(i)]
    assert [("out" in classes(b)) for b in boards] == [j != k for j in range(2)]


# ---- parts of the scene, buttons, determinism, SVG ----------------------------------------------------------------
def test_one_player_board_or_only_the_central_board():
    s = game(4)
    one = board_scene(s, seats=[2], board=False)
    got = ids(one)
    assert got and all(i.startswith("p2:") for i in got)
    assert one["width"] == BOARD_W + 32
    central = board_scene(s, seats=[], board=True)
    assert not [i for i in ids(central) if re.match(r"p\d+:", i)]
    assert central["width"] == WIDTH and central["height"] < CENTRAL_HEIGHT + 60
    assert {"island:mossbank", "seat:seat_1", "gb:south"} <= set(ids(central))
    for seats, board in (([2], False), ([], True)):
        assert ET.fromstring(str(board_svg(s, seats=seats, board=board))).tag.endswith("svg")
    with pytest.raises(IndexError):
        board_scene(s, seats=[4])


def test_buttons_are_drawn_with_their_ids_and_selection_is_outlined():
    s = game(2)
    buttons = [("btn:do:pass", "Pass"), ("btn:choose:0", "Spare"), ("btn:cancel", "Cancel")]
    scene = board_scene(s, selection=["p0:stack:top", "btn:cancel"], buttons=buttons)
    drawn = [i for i in scene["items"] if "button" in classes(i)]
    assert [b["id"] for b in drawn] == [b for b, _ in buttons]
    assert all(b["clickable"] for b in drawn)
    for bid, label in buttons:
        assert [t["text"] for t in targeting(scene, bid, "button-label")] == [label]
    xs = [b["x"] for b in drawn]
    assert xs == sorted(xs)
    sel = [i for i in scene["items"] if "selection" in classes(i)]
    assert len(sel) == 2
    top = by_id(scene, "p0:stack:top")
    assert any(i["shape"] == "rect" and i["x"] == round(top["x"] - 2, 2) for i in sel)


def test_the_scene_is_deterministic_and_the_svg_is_valid_xml():
    s = built()
    a = board_scene(s, ["island:mossbank"], [("btn:do:pass", "Pass")])
    b = board_scene(s, ["island:mossbank"], [("btn:do:pass", "Pass")])
    assert a == b
    svg = str(board_svg(s, buttons=[("btn:do:pass", "Pass & go <now>")],
                        highlights={"p0:fate:2,2": {"label": "+2", "tone": "legal"}}))
    root = ET.fromstring(svg)
    assert root.tag.endswith("svg")
    assert svg == str(board_svg(s, buttons=[("btn:do:pass", "Pass & go <now>")],
                                highlights={"p0:fate:2,2": {"label": "+2", "tone": "legal"}}))
    assert OWN_DATA in svg
    assert 'data-id="p0:fate:2,2"' in svg and ">+2</text>" in svg
    for item in a["items"]:
        assert "title" in item or "target" in item or item["shape"] in ("text", "line") or "class" in item


def test_every_drawn_piece_has_a_hover_text():
    scene = board_scene(built())
    pieces = ("task-disc", "offering-disc", "boat", "guardian", "guardian-stack", "novice", "portal", "bonfire",
              "gnome-card", "path-slot", "fate-square", "council-seat", "gb-space", "common-task", "held-tile",
              "held-resource", "pointer", "countdown-disc")
    for item in scene["items"]:
        if item["shape"] != "text" and classes(item) & set(pieces):
            assert item.get("title"), item


# ---- step_words -------------------------------------------------------------------------------------------------
def test_before_the_setup_deals_the_board_is_empty():
    s = initial_state(3, 1, C)
    scene = board_scene(s)
    got = ids(scene)
    assert not [i for i in got if i.startswith(("task:", "gnome:"))]
    assert len([i for i in scene["items"] if "gnome-slot" in classes(i)]) == 12
    assert all("empty" in classes(by_id(scene, f"path-display:{j}")) for j in range(4))
    assert all(not targeting(scene, f"gb:{sp}", "portal") for sp in s.index.spaces)
    assert {f"island:{i}" for i in C.islands} <= set(got)
    assert [i["text"] for i in scene["items"] if "step-words" in classes(i)] == [step_words(s)]


def test_step_words_for_chance_and_setup():
    deal = initial_state(2, 1, C)
    first = deal.pending[0]
    assert first.kind == "deal" and first.what == "task"
    assert step_words(deal) == f"chance: a task disc is dealt to {C.islands[first.target].name}"
    fresh = new_game(players=2, seed=1)
    who = fresh.players[fresh.current_player]
    assert step_words(fresh) == f"{who} chooses the starting fate tile (the spare or the 4th tile of the summary board)"
    s = game(2)
    who = s.players[s.current_player]
    assert step_words(s) == f"{who} to act: place a fate tile, take an action, or light a bonfire"
    words = board_scene(s)["items"]
    assert [i["text"] for i in words if "step-words" in classes(i)] == [step_words(s)]


def test_step_words_for_cover_dock_march_sit_and_take():
    s = game(2)
    k = s.current_player
    me = s.players[k]
    # cover: a first sail with only a yellow tile
    t = edited(s, lambda d: set_tiles(d, k, yellow=1)).apply("boat mossbank")
    assert t.pending[0].kind == "cover"
    assert step_words(t) == f"{me} pays: 1 boat tile missing"
    # dock: a sail to a task island while holding a task tile and resources
    t = edited(s, lambda d: set_tiles(d, k, boat=1, task=1)).apply("boat mossbank")
    assert t.pending[0].kind == "dock"
    assert step_words(t) == f"{me} docks at Mossbank: claim a task disc or a guardian there, or skip"
    # march: a procession of 1 step with the own guardian
    t = edited(s, lambda d: (set_tiles(d, k, guardian=1), build_path(d, k, "blue herbs"))).apply("procession 1")
    assert t.pending[0].kind == "march"
    assert step_words(t) == f"{me} moves the {me} guardian: up to 1 step; her stop gains a resource"
    # sit, then take: light a bonfire whose disc holds (6 kinds of resource held), then seat_3 (2 of your choice)
    disc = next(d for d in sorted(C.task_discs) if C.task_discs[d].condition.kind == "resource_kinds"
                and C.task_discs[d].condition.at_least <= 6 and d in s.task_box)

    def ready(d: dict) -> None:
        d["board"]["task_box"].remove(disc)
        d["seats"][k]["tasks"][0] = disc
        set_resources(d, k, gold=1, herbs=1, mushrooms=1, berries=1, wood=1, stone=1)
    t = edited(s, ready).apply("ignite 0")
    assert t.pending[0].kind == "sit"
    assert step_words(t) == f"{me} puts a novice on a council seat"
    t = t.apply("seat seat_3")
    assert t.pending[0].kind == "take" and t.pending[0].count == 2
    assert step_words(t) == f"{me} chooses 2 resources"
    scene = board_scene(t)
    assert [n["class"] for n in targeting(scene, "seat:seat_3", "novice")] == [f"novice {me}"]
    assert "lit" in classes(by_id(scene, f"p{k}:bonfire:0"))


def test_step_words_in_the_countdown_and_at_the_end():
    s = game(2)

    def countdown(d: dict) -> None:   # 7 novices in the council: the 5 neutral ones and 2 of orange's
        b = d["board"]
        for seat_id, common in zip(b["council"], b["neutral"]):
            b["council"][seat_id].append("neutral")
            b["neutral"][common] = False
        for bonfire, seat_id in ((0, "seat_1"), (1, "seat_2")):
            disc = b["task_box"].pop(0)
            d["seats"][0]["tasks"][bonfire], d["seats"][0]["lit"][bonfire] = disc, True
            b["council"][seat_id].append(d["seats"][0]["colour"])
        d["countdown"] = 2
        d["triggered"] = True
    t = edited(s, countdown)
    who = t.players[t.current_player]
    assert step_words(t) == f"countdown round 2 of 5: {who} to act, or pass and score 4 points"
    scene = board_scene(t)
    discs = [i for i in scene["items"] if "countdown-disc" in classes(i)]
    assert [sorted(classes(d) - {"countdown-disc"}) for d in discs] == [["played"], ["current"], [], [], []]
    over = t.apply("pass").apply("pass")           # both pass: nobody is left to act, the game ends
    assert over.is_terminal
    board = over.scores()
    assert step_words(over) == (f"Game over: {over.winners()[0]} wins ("
                                + ", ".join(f"{p} {board[p].total}" for p in over.players) + ")")
    assert len(over.winners()) == 1


# ---- a user's own components ------------------------------------------------------------------------------------
def test_a_users_own_islands_draw():
    data = copy.deepcopy(C.to_dict())
    for island in data["islands"]:
        if island["id"] == "mossbank":
            island["id"], island["name"], island["pos"] = "moss_haven", "Moss Haven", [2, 4]
    data["currents"] = [["moss_haven" if x == "mossbank" else x for x in pair] for pair in data["currents"]]
    own = Components.from_dict(data)
    s = new_game(players=3, seed=2, components=own)
    scene = board_scene(s)
    got = set(ids(scene))
    assert "island:moss_haven" in got and "island:mossbank" not in got
    haven = by_id(scene, "island:moss_haven")
    assert haven["title"].startswith("Moss Haven: task island")
    assert [t["text"] for t in targeting(scene, "island:moss_haven", "island-name")] == ["Moss Haven"]
    # it now lies lowest of all (y 4 against 0-2 for the others), still inside the map
    others = [by_id(scene, f"island:{i}")["cy"] for i in own.islands if i != "moss_haven"]
    assert haven["cy"] > max(others)
    assert all(0 < by_id(scene, f"island:{i}")["cx"] < 740 for i in own.islands)
    for d in s.island_content("moss_haven"):
        assert f"task:{d}" in got
    ET.fromstring(str(board_svg(s)))


# ---- the strip between the boards, the note ----------------------------------------------------------------------
def rect_of(scene: dict, cls: str) -> list[dict]:
    """The rects of ``scene`` whose class has the word ``cls``."""
    return [i for i in scene["items"] if i["shape"] == "rect" and cls in classes(i)]


@pytest.mark.parametrize("players", [2, 4])
def test_the_strip_lies_between_the_central_board_and_the_player_boards(players):
    s = game(players)
    buttons = [("btn:choose:0", "boat mossbank (1 boat tile)"), ("btn:cancel", "Cancel")]
    scene = board_scene(s, buttons=buttons)
    [strip] = rect_of(scene, "strip")
    [central] = rect_of(scene, "central-board")
    boards = rect_of(scene, "player-board")
    assert len(boards) == players
    top, bottom = strip["y"], strip["y"] + strip["h"]
    assert central["y"] + central["h"] <= top < CENTRAL_HEIGHT + 4 < min(b["y"] for b in boards)
    assert bottom <= min(b["y"] for b in boards)
    # the step line and the buttons lie in it, full width
    words = [i for i in scene["items"] if "step-words" in classes(i)]
    assert [w["text"] for w in words] == [step_words(s)] and top < words[0]["y"] < bottom
    for bid, _ in buttons:
        b = by_id(scene, bid)
        assert top < b["y"] and b["y"] + b["h"] < bottom
    assert strip["x"] == 0 and strip["w"] == scene["width"] == WIDTH
    # the scene ends with the last row of player boards
    assert scene["height"] == max(b["y"] + b["h"] for b in boards) + 8
    # without the central board, the strip comes first
    one = board_scene(s, buttons=buttons, seats=[1], board=False)
    [strip] = rect_of(one, "strip")
    [board] = rect_of(one, "player-board")
    assert strip["y"] == 0 < strip["y"] + strip["h"] <= board["y"] and strip["w"] == one["width"] == BOARD_W + 32


def test_a_note_is_written_in_the_strip_by_its_kind():
    s = game(2)
    problem = s.why_illegal(s.parse_action("ignite 0"))   # bonfire 0 holds no task disc
    text = f"{problem.reason} ({problem.rule.id})"
    assert problem.rule.id.startswith("bonfire.")
    buttons = [("btn:do:pass", "Pass")]
    plain = board_scene(s, buttons=buttons)
    scene = board_scene(s, buttons=buttons, note=("illegal", text))
    assert not [i for i in plain["items"] if "note" in classes(i)]
    [box] = [i for i in scene["items"] if "note" in classes(i)]
    assert classes(box) == {"note", "illegal"} and box["title"] == text
    lines = [i for i in scene["items"] if "note-text" in classes(i)]
    assert " ".join(t["text"] for t in lines) == text
    assert box["stroke"] == "#c0392b" and all(t["fill"] == "#8e1b10" for t in lines)   # red
    # in the strip, under the step line and above the buttons, which move down by the note's height
    [strip] = rect_of(scene, "strip")
    [words] = [i for i in scene["items"] if "step-words" in classes(i)]
    button = by_id(scene, "btn:do:pass")
    assert strip["y"] < words["y"] < box["y"] and box["y"] + box["h"] < button["y"] < strip["y"] + strip["h"]
    assert button["y"] - by_id(plain, "btn:do:pass")["y"] == pytest.approx(box["h"] + 4)
    assert scene["height"] - plain["height"] == pytest.approx(box["h"] + 4)
    assert all(box["y"] < t["y"] < box["y"] + box["h"] for t in lines)
    # the other kinds, a long text wrapped to 3 lines and cut
    info = board_scene(s, note=("info", "orange undid her last move"))
    [ibox] = [i for i in info["items"] if "note" in classes(i)]
    assert classes(ibox) == {"note", "info"} and ibox["stroke"] == "#2e6fb7"
    long = " ".join(f"word{n}" for n in range(400))
    err = board_scene(s, seats=[0], board=False, note=("error", long))
    [ebox] = [i for i in err["items"] if "note" in classes(i)]
    elines = [i for i in err["items"] if "note-text" in classes(i)]
    assert classes(ebox) == {"note", "error"} and ebox["title"] == long
    assert len(elines) == 3 and elines[-1]["text"].endswith("…") and long.startswith(elines[0]["text"])
    assert ebox["x"] + ebox["w"] <= err["width"]
    # the static picture draws it too
    svg = str(board_svg(s, seats=[0], board=False, note=("illegal", text)))
    assert 'class="rx-item note illegal"' in svg and problem.rule.id in svg
    ET.fromstring(svg)


def test_the_static_picture_shrinks_to_its_cell():
    s = game(2)
    svg = str(board_svg(s))
    root = ET.fromstring(svg)
    assert root.get("viewBox") == f"0 0 {WIDTH} {board_scene(s)['height']:g}" and root.get("width") == str(WIDTH)
    assert "max-width: 100%" in root.get("style") and "height: auto" in root.get("style")
    # Jupyter, nbconvert and Voila draw the HTML form: the same SVG inline (an <img> would not shrink)
    picture = board_svg(s)
    html = picture._repr_html_()
    assert html.startswith("<div") and svg in html and picture._repr_svg_() == svg


# ---- where highlight labels go -----------------------------------------------------------------------------------
LABEL_H = 12    # a label's height (11-12 px font)
LABEL_W = 70    # a highlight label of up to ~9-10 characters ("12 options", "2 tiles ⇄") at 12 px semi-bold
HALO = 1.5      # the white outline drawn round a label's letters


def label(scene: dict, item_id: str) -> tuple[float, float]:
    """The ``label_at`` of the item ``item_id``."""
    x, y = by_id(scene, item_id)["label_at"]
    return x, y


def inside(item: dict, x: float, y: float) -> bool:
    """Whether ``(x, y)`` lies inside the rect or circle ``item``."""
    if item["shape"] == "rect":
        return item["x"] < x < item["x"] + item["w"] and item["y"] < y < item["y"] + item["h"]
    return (x - item["cx"]) ** 2 + (y - item["cy"]) ** 2 < item["r"] ** 2


def box_meets_circle(x: float, y: float, w: float, h: float, circle: dict) -> bool:
    """Whether the box ``w`` x ``h`` centred on ``(x, y)`` meets ``circle``."""
    nx = min(max(circle["cx"], x - w / 2), x + w / 2)
    ny = min(max(circle["cy"], y - h / 2), y + h / 2)
    return (nx - circle["cx"]) ** 2 + (ny - circle["cy"]) ** 2 < circle["r"] ** 2


def test_island_and_task_disc_labels_sit_under_the_words_and_beside_the_discs():
    s = game(4)
    scene = board_scene(s)
    islands = {i: by_id(scene, f"island:{i}") for i in C.islands}
    for iid, island in islands.items():
        x, y = label(scene, f"island:{iid}")
        words = targeting(scene, f"island:{iid}", "island-name") + targeting(scene, f"island:{iid}", "island-resource")
        assert len(words) == (2 if C.islands[iid].kind == "task" else 1)
        assert x == island["cx"] and y > max(w["y"] for w in words) and not inside(island, x, y)
        # a label as long as "3 tiles ⇄" (a sail's, with room to spare: 64 px) meets no other island
        for other, circle in islands.items():
            if other != iid:
                assert not box_meets_circle(x, y, 64, LABEL_H, circle), (iid, other)
    # the discs of a 3-disc island: under (beneath the ids), above, under; the two under ones a label apart
    iid = next(i for i, content in zip(s.index.task_islands, s.islands) if len(content) == 3)
    discs = [by_id(scene, f"task:{d}") for d in s.island_content(iid)]
    spots = [label(scene, f"task:{d}") for d in s.island_content(iid)]
    for disc, (x, y), below in zip(discs, spots, (True, False, True)):
        gap = (y - disc["cy"]) if below else (disc["cy"] - y)
        assert disc["r"] < gap <= disc["r"] + (22 if below else 10) and abs(x - disc["cx"]) < 40
    assert spots[1][0] == discs[1]["cx"] and spots[2][0] - spots[0][0] >= LABEL_W + 2
    # a guardian stack's label is under the stack, above the island's name
    stack = by_id(scene, "guardian:pink")
    x, y = label(scene, "guardian:pink")
    name = targeting(scene, "island:rose_rock", "island-name")[0]
    assert x == stack["cx"] and stack["cy"] + stack["r"] < y < name["y"] - LABEL_H


def test_box_labels_sit_on_the_bottom_line_of_their_box():
    s = built()
    scene = board_scene(s)
    for space in s.index.spaces:
        box = by_id(scene, f"gb:{space}")
        x, y = label(scene, f"gb:{space}")
        portals = [p for p in targeting(scene, f"gb:{space}", "portal") if p["shape"] == "rect"]
        assert portals and inside(box, x, y) and y - LABEL_H / 2 >= max(p["y"] + p["h"] for p in portals)
        assert y + LABEL_H / 2 <= box["y"] + box["h"] + 1
    for seat_id in s.index.seats:
        box = by_id(scene, f"seat:{seat_id}")
        x, y = label(scene, f"seat:{seat_id}")
        assert inside(box, x, y) and y > box["y"] + box["h"] * 0.75
    novice = targeting(scene, "seat:seat_3", "novice")[0]                       # orange's novice
    assert novice["cy"] + novice["r"] <= label(scene, "seat:seat_3")[1] - LABEL_H / 2 + 1
    for tid in s.index.common:
        box = by_id(scene, f"common:{tid}")
        x, y = label(scene, f"common:{tid}")
        assert inside(box, x, y) and y > box["y"] + box["h"] / 2
    for card in (g for g in (*s.elders, *s.specialists) if g):
        box = by_id(scene, f"gnome:{card}")
        x, y = label(scene, f"gnome:{card}")
        [cost] = targeting(scene, f"gnome:{card}", "gnome-cost")
        assert inside(box, x, y) and y - LABEL_H / 2 >= cost["y"] + 4
    for j in range(4):
        slot = by_id(scene, f"path-display:{j}")
        x, y = label(scene, f"path-display:{j}")
        assert x == slot["x"] + slot["w"] / 2 and slot["y"] + slot["h"] < y <= slot["y"] + slot["h"] + 10
    assert label(scene, "p0:fate:2,2") == (by_id(scene, "p0:fate:2,2")["x"] + by_id(scene, "p0:fate:2,2")["w"] / 2,
                                           by_id(scene, "p0:fate:2,2")["y"] + by_id(scene, "p0:fate:2,2")["h"] / 2)
    elder = s.seats[0].gnomes[0]
    assert inside(by_id(scene, f"p0:gnome:{elder}"), *label(scene, f"p0:gnome:{elder}"))


def test_player_board_labels_keep_clear_of_their_neighbours():
    s = built()
    scene = board_scene(s)
    # the summary board: the top tile's label above it, the bottom tile's under it, over neither of the others
    top, bottom = by_id(scene, "p0:stack:top"), by_id(scene, "p0:stack:bottom")
    assert len(s.seats[0].stack) >= 3 and bottom["y"] > top["y"]
    for tile, (x, y) in ((top, label(scene, "p0:stack:top")), (bottom, label(scene, "p0:stack:bottom"))):
        assert tile["x"] < x < tile["x"] + tile["w"]
    assert label(scene, "p0:stack:top")[1] + LABEL_H / 2 <= top["y"] + 1
    assert label(scene, "p0:stack:bottom")[1] - LABEL_H / 2 >= bottom["y"] + bottom["h"] - 1
    # the offering discs' labels beside them, on the side away from the summary board
    for end in ("top", "bottom"):
        disc = by_id(scene, f"p0:offering:{end}")
        x, y = label(scene, f"p0:offering:{end}")
        assert y == disc["cy"] and x - 20 >= disc["cx"] + disc["r"] > top["x"] + top["w"]
    # bonfires: under the circle, 7 in a row at least 50 apart (room for "+5 pts", "2 tiles")
    spots = []
    for n in range(7):
        fire = by_id(scene, f"p0:bonfire:{n}")
        x, y = label(scene, f"p0:bonfire:{n}")
        guard = by_id(scene, f"p0:guard:{n}")
        assert x == fire["cx"] and fire["cy"] + fire["r"] < y and y + LABEL_H / 2 <= guard["y"] + 1
        spots.append(x)
    assert min(b - a for a, b in itertools.pairwise(spots)) >= 50
    # path slots: inside, neighbours on lines a label's height apart (built, empty and the starting tile alike)
    slots = [(by_id(scene, f"p0:path:{i}"), label(scene, f"p0:path:{i}")) for i in range(7)]
    assert "built" in classes(slots[1][0]) and "empty" in classes(slots[4][0]) and "start" in classes(slots[0][0])
    for slot, (x, y) in slots:
        assert inside(slot, x, y) and x == slot["x"] + slot["w"] / 2
    for (_, (_, y1)), (_, (_, y2)) in itertools.pairwise(slots[1:]):
        assert abs(y2 - y1) >= LABEL_H
    crystal = targeting(scene, "p0:path:1", "crystal")[0]
    assert slots[1][1][1] - LABEL_H / 2 >= max(py for _, py in crystal["points"]) - 1


# ---- the action tiles and resources held --------------------------------------------------------------------------
# advance widths of DejaVu Sans (the widest of the usual sans-serif fonts), in font sizes
DEJAVU = {"B": .686, "G": .775, "P": .603, "T": .611, "Y": .611, "a": .613, "d": .635, "e": .615, "h": .634,
          "k": .579, "l": .278, "m": .974, "n": .634, "o": .612, "r": .411, "s": .521, "t": .392, "u": .634,
          "w": .818}
DEJAVU_BOLD = {"r": .493, "e": .678, "s": .595, "o": .687, "u": .712, "c": .593}


def test_held_tile_names_fit_their_faces_and_the_chips_fit_the_board():
    s = built()
    scene = board_scene(s)
    board = next(b for b in rect_of(scene, "player-board") if "orange" in classes(b))
    chips = [by_id(scene, f"p0:tile:{a}") for a in s.index.actions] + \
            [by_id(scene, f"p0:resource:{r}") for r in s.index.resources]
    assert all(board["x"] < c["x"] and c["x"] + c["w"] < board["x"] + board["w"] - 4 for c in chips)
    assert all(a["x"] + a["w"] < b["x"] for a, b in itertools.pairwise(chips))
    for action in s.index.actions:
        [face] = targeting(scene, f"p0:tile:{action}", "tile-face")
        [name] = targeting(scene, f"p0:tile:{action}", "tile-name")
        assert name["text"] == C.action_types[action].name[:5 if len(C.action_types[action].name) > 6 else None]
        assert sum(DEJAVU.get(ch, .7) for ch in name["text"]) * name["size"] <= face["w"], name["text"]
    assert [n["text"] for a in ("gnome", "yellow") for n in targeting(scene, f"p0:tile:{a}", "tile-name")] == \
        ["Gnome", "Yellow"]
    # the "resources" heading stands above the resource chips, from the first one's left edge, under the tiles'
    # heading's line and clear of the chips' tops
    [heading] = [t for t in scene["items"] if "holding-label" in classes(t) and t["text"] == "resources"
                 and inside(board, t["x"], t["y"])]
    [tiles] = [t for t in scene["items"] if "holding-label" in classes(t) and t["text"] == "tiles"
               and inside(board, t["x"], t["y"])]
    first = by_id(scene, f"p0:resource:{s.index.resources[0]}")
    assert heading["x"] == first["x"] and heading["y"] == tiles["y"]
    assert heading["y"] + heading["size"] / 2 <= first["y"] and tiles["x"] == chips[0]["x"]
    assert heading["x"] + sum(DEJAVU_BOLD[ch] for ch in "resources") * heading["size"] < board["x"] + board["w"]


# ---- crowded places: labels, names and lines that must not run into each other -------------------------------------
# advance widths of DejaVu Sans and DejaVu Sans Bold (the widest usual sans-serif faces; weights 600-700 are drawn
# bold), in font sizes, for a-z, A-Z and a few signs
_LOWER, _UPPER = "abcdefghijklmnopqrstuvwxyz", "ABCDEFGHIJKLMNOPQRSTUVWXYZ"
BOOK = dict(zip(_LOWER + _UPPER, (
    .613, .635, .55, .635, .615, .352, .635, .634, .278, .278, .579, .278, .974, .634, .612, .635, .635, .411, .521,
    .392, .634, .592, .818, .592, .592, .525, .684, .686, .698, .77, .632, .575, .775, .752, .295, .295, .656, .557,
    .863, .748, .787, .603, .787, .695, .635, .611, .732, .684, .989, .685, .611, .685))) | {
    " ": .318, "'": .275, ".": .318, ",": .318, "…": 1.0}
BOLD = dict(zip(_LOWER + _UPPER, (
    .675, .716, .593, .716, .678, .435, .716, .712, .343, .343, .665, .343, 1.042, .712, .687, .716, .716, .493, .595,
    .478, .712, .652, .924, .645, .652, .582, .774, .762, .734, .83, .683, .683, .821, .837, .372, .372, .775, .637,
    .995, .837, .85, .733, .85, .77, .72, .682, .812, .774, 1.103, .771, .724, .725))) | {
    " ": .348, "'": .306, ".": .38, ",": .38, "…": 1.0, "⇄": .838, **dict.fromkeys("0123456789", .696)}


def text_width(item: dict, bold: bool | None = None) -> float:
    """The width of a text item's words in DejaVu Sans (bold for weights of 600 and up), digits and unknown
    signs counted wide."""
    bold = (item.get("weight") or 400) >= 600 if bold is None else bold
    table = BOLD if bold else BOOK
    return sum(table.get(ch, .7 if ch.isdigit() else 1.0) for ch in item["text"]) * item["size"]


def text_box(item: dict) -> tuple[float, float, float, float]:
    """``(left, top, right, bottom)`` of a text item (anchored at its middle unless ``anchor`` says otherwise)."""
    w, h = text_width(item), item["size"]
    left = {"start": item["x"], "end": item["x"] - w}.get(item.get("anchor"), item["x"] - w / 2)
    return left, item["y"] - h / 2, left + w, item["y"] + h / 2


def label_box(x: float, y: float, words: str) -> tuple[float, float, float, float]:
    """The box of a highlight label ``words`` centred at ``(x, y)`` (12 px semi-bold, with its white halo)."""
    w = sum(BOLD.get(ch, 1.0) for ch in words) * 12 + 2 * HALO
    return x - w / 2, y - LABEL_H / 2 - HALO, x + w / 2, y + LABEL_H / 2 + HALO


def rect_box(item: dict) -> tuple[float, float, float, float]:
    if item["shape"] == "circle":
        return item["cx"] - item["r"], item["cy"] - item["r"], item["cx"] + item["r"], item["cy"] + item["r"]
    if item["shape"] == "polygon":
        xs, ys = zip(*item["points"])
        return min(xs), min(ys), max(xs), max(ys)
    return item["x"], item["y"], item["x"] + item["w"], item["y"] + item["h"]


def meet(a: tuple[float, ...], b: tuple[float, ...], gap: float = 0) -> bool:
    """Whether the boxes ``(left, top, right, bottom)`` ``a`` and ``b`` come within ``gap`` of each other."""
    return a[0] < b[2] + gap and b[0] < a[2] + gap and a[1] < b[3] + gap and b[1] < a[3] + gap


def circle_meets(box: tuple[float, ...], circle: dict, grow: float = 0) -> bool:
    x, y, w, h = (box[0] + box[2]) / 2, (box[1] + box[3]) / 2, box[2] - box[0], box[3] - box[1]
    return box_meets_circle(x, y, w, h, {**circle, "r": circle["r"] + grow})


def test_labels_of_a_crowded_island_keep_apart_and_clear_of_the_ids_the_name_and_the_boats():
    s = game(4)
    full = [i for i, content in zip(s.index.task_islands, s.islands) if len(content) == 3]
    assert full
    widest = "12 options"          # as wide as any disc label ("1 tile ⇄", "2 tiles ⇄")
    for iid in full:
        t = edited(s, lambda d, iid=iid: [seat.update(boat=iid) for seat in d["seats"]])   # every boat is here
        scene = board_scene(t)
        island = by_id(scene, f"island:{iid}")
        discs = [by_id(scene, f"task:{d}") for d in t.island_content(iid)]
        spots = [label(scene, f"task:{d}") for d in t.island_content(iid)]
        boxes = [label_box(x, y, widest) for x, y in spots]
        ids = [text_box(targeting(scene, f"task:{d}", "task-id")[0]) for d in t.island_content(iid)]
        [name] = targeting(scene, f"island:{iid}", "island-name")
        boats = [rect_box(b) for b in scene["items"] if b.get("target") == f"island:{iid}"
                 and classes(b) & {"boat", "boat-sail"}]
        assert len(boats) == 2 * 4
        # under, above, under; the two under ones side by side a label's width apart, with a gap
        assert [y > disc["cy"] for disc, (_, y) in zip(discs, spots)] == [True, False, True]
        assert not meet(boxes[0], boxes[2], 2) and spots[2][0] - spots[0][0] >= LABEL_W + 2
        for box in boxes:
            assert not any(meet(box, i) for i in ids), iid                          # the disc ids stay readable
            assert not meet(box, text_box(name), 1), iid                            # so does the island's name
            assert not any(meet(box, b, 4) for b in boats), iid                     # the boats are clear
            assert not any(circle_meets(box, d, 2) for d in discs), iid            # discs (and their rings) too
            for other in C.islands:
                if other != iid:
                    assert not circle_meets(box, by_id(scene, f"island:{other}")), (iid, other)
        assert all(island["cy"] - island["r"] - 15 < b[1] for b in boats)         # the boats on the rim


def board_rect(scene: dict, colour: str) -> dict:
    return next(b for b in rect_of(scene, "player-board") if colour in classes(b))


def gnome_names(card: str) -> str:
    return C.elders[card].name if card in C.elders else C.specialists[card].name


@pytest.mark.parametrize("gnomes, commons", [(0, 0), (0, 5), (2, 1), (5, 2), (6, 2), (6, 5)])
def test_recruited_gnomes_and_common_tasks_never_meet(gnomes, commons):
    s = game(3)
    spare = [g for g in (*s.elders, *s.specialists, *s.reserve) if g]
    cards = sorted(spare, key=lambda g: (-len(gnome_names(g)), g))[:gnomes]       # the longest names: the worst case
    tasks = list(s.index.common[:commons])

    def change(d: dict) -> None:
        for card in cards:
            give_gnome(d, 0, card)
    t = edited(s, change)
    # the common tasks are set on the state itself: their conditions do not hold here (from_dict would refuse
    # the position), and the layout is all this test is about
    t = t.replace(seats=(t.seats[0].replace(common=tuple(tasks)), *t.seats[1:]))
    assert list(t.seats[0].gnomes) == cards and list(t.seats[0].common) == tasks
    scene = board_scene(t, seats=[0], board=False)
    board = board_rect(scene, t.seats[0].colour)
    right, bottom = board["x"] + board["w"], board["y"] + board["h"]
    chips = [by_id(scene, f"p0:gnome:{g}") for g in cards]
    assert all(board["x"] < c["x"] and c["x"] + c["w"] <= right - 8 for c in chips)
    assert all(a["x"] + a["w"] < b["x"] for a, b in itertools.pairwise(chips))
    for card, chip in zip(cards, chips):
        [name] = targeting(scene, f"p0:gnome:{card}", "gnome-name")
        full = gnome_names(card)
        assert text_width(name) <= chip["w"] - 4, name["text"]
        assert name["text"] == full or (name["text"][:-1] in full and name["text"][-1] in ".…")
        assert full in name["title"] and full in chip["title"]
    [held] = [i for i in scene["items"] if "common-held" in classes(i)]
    words = ", ".join(C.common_tasks[c].name for c in tasks) if tasks else "none"
    assert held["text"] == words and ("none" in classes(held)) == (not tasks)
    left, top, end, low = text_box(held)
    assert all(top >= c["y"] + c["h"] + 2 for c in chips) and end <= right - 4 and low <= bottom - 2
    [heading] = [i for i in scene["items"] if i.get("text") == "common tasks"]
    assert text_box(heading)[2] + 4 <= left and heading["y"] == held["y"]
    gnomes_heading = next(i for i in scene["items"] if i.get("text") == "gnomes")
    assert text_box(gnomes_heading)[3] <= text_box(heading)[1]


def test_the_summary_boards_labels_leave_its_heading_the_fate_area_and_the_holdings_readable():
    s = game(3)
    k = s.current_player
    assert len(s.seats[k].stack) == len(C.fate_stack) == 7                    # the fullest the stack gets
    scene = board_scene(s, seats=[k], board=False)
    top, bottom = by_id(scene, f"p{k}:stack:top"), by_id(scene, f"p{k}:stack:bottom")
    [heading] = [i for i in scene["items"] if "stack-label" in classes(i)]
    assert heading["text"] == "summary"
    high = label_box(*label(scene, f"p{k}:stack:top"), "99 ways")
    low = label_box(*label(scene, f"p{k}:stack:bottom"), "99 ways")
    tiles = [i for i in scene["items"] if "stack-tile" in classes(i)]
    squares = [by_id(scene, f"p{k}:fate:{r},{c}") for r in range(1, 6) for c in range(1, 6)]
    held = [i for i in scene["items"] if classes(i) & {"held-tile", "held-resource", "holding-label"}]
    assert len(tiles) == 7 and held
    for box in (high, low):
        assert not meet(box, text_box(heading)), box                  # the heading stays readable
        assert not any(meet(box, rect_box(t)) for t in tiles)         # no fate tile of the stack is covered
        assert not any(meet(box, rect_box(q)) for q in squares)       # nor a square of the fate area
        assert not any(meet(box, rect_box(h) if h["shape"] != "text" else text_box(h)) for h in held)
        assert not circle_meets(box, by_id(scene, f"p{k}:offering:top"))
    assert high[3] <= top["y"] and low[1] >= bottom["y"] + bottom["h"]


def test_path_tile_names_fit_their_boxes_and_keep_the_whole_name_on_hover():
    s = game(3)

    def mushrooms(d: dict) -> None:       # mushrooms side by side on display and on orange's path
        b = d["board"]
        for j, kind in ((0, "red mushrooms"), (1, "yellow mushrooms"), (2, "blue berries")):
            b["path_pile"][b["path_display"][j]] += 1
            b["path_pile"][kind] -= 1
            b["path_display"][j] = kind
        build_path(d, 0, "red mushrooms", "red berries", "blue mushrooms")
    t = edited(s, mushrooms)
    scene = board_scene(t)
    slots = [f"path-display:{j}" for j in range(4)] + [f"p0:path:{i}" for i in range(4)]
    names = []
    for sid in slots:
        box = by_id(scene, sid)
        [name] = targeting(scene, sid, "path-resource")
        left, _, right, _ = text_box(name)
        assert box["x"] + 2 <= left and right <= box["x"] + box["w"] - 2, (sid, name["text"])
        assert name["size"] >= 9 or sid == "p0:path:0"
        names.append(name["text"])
        resource = (t.path_display[int(sid[-1])] if sid.startswith("path-display") else
                    t.seats[0].path[int(sid[-1]) - 1] if sid != "p0:path:0" else "gold " + C.player_board.start_resource
                    ).split(" ", 1)[1]
        assert resource in name["title"] and resource.startswith(name["text"].rstrip("."))
    assert names[0] == names[1] != "mushrooms" and names[2] == "berries" and names[4] == "gold"


@pytest.mark.parametrize("held, large_hand", [(2, False), (3, False), (4, True), (5, True)])
def test_step_words_after_returns_offer_more_returns_only_while_they_are_legal(held, large_hand):
    s = game(2)
    k = s.current_player
    me = s.players[k]

    def change(d: dict) -> None:
        set_tiles(d, k, yellow=held)
        if large_hand:
            give_gnome(d, k, "large_hand")
    t = edited(s, change).apply("return yellow")        # one tile back: the turn is now a fate placement
    assert t.pending[0].kind == "act" and t.pending[0].flag
    limit = 3 if large_hand else 1                        # bonfire.fate.when (Large Hand: 3)
    returns = [a for a in t.legal_actions() if str(a).startswith("return ")]
    assert bool(returns) == (held - 1 > limit)
    if returns:
        tiles = f"{limit} tile{'s' * (limit != 1)}"
        assert step_words(t) == f"{me} has returned tiles: return more, down to {tiles} held, then place a fate tile"
    else:
        assert all(str(a).startswith("fate ") for a in t.legal_actions())
        assert step_words(t) == f"{me} has returned tiles: place a fate tile now"


def test_the_boards_kept_between_redraws_are_the_boards_drawn_afresh():
    """The scene reuses each player board while what it reads is unchanged (``scene._SEAT_BOARDS``) and the parts
    of the state shown (``scene._PARTS``): along a seeded 3-player game, every scene equals one drawn with the
    caches emptied."""
    import random

    from widgets.bonfire import scene as bonfire_scene
    from widgets.bonfire.view import random_kind_first

    s, rng = new_game(players=3, seed=5), random.Random(5)
    for _ in range(150):
        if s.is_terminal:
            break
        kept = board_scene(s)
        bonfire_scene._SEAT_BOARDS.clear()
        bonfire_scene._PARTS.clear()
        assert board_scene(s) == kept
        s = s.apply(s.sample_chance() if s.is_chance_node else random_kind_first(rng, s.legal_actions()))
