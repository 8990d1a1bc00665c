"""The Flash Point board scene (``widgets.flashpoint.scene``): what it draws, against the engine's own state.

Every shipped building is drawn in both modes, at set-up and once play has begun; positions with damaged and
destroyed walls, open and destroyed doors, windows, jammed fireproof doors, ladders, objects, toxic markers and
floor damage are reached by real actions (``chop``, ``open``) or by editing ``to_dict()`` and reading it back
with ``State.from_dict`` (which checks the position). The counts asserted are the engine's: every space and
every edge has its item, every marker on the board is drawn once on its own space, each firefighter stands on
its space with its AP written out, and the strip shows the counters.
"""

from __future__ import annotations

import functools
import json
import re

import pytest

from explorer.flashpoint import Building, State, new_game
from explorer.flashpoint.actions import Chop, edge_text
from widgets.flashpoint import TARGETS, board_scene, board_svg, floor_origins, space_box
from widgets.flashpoint.scene import CELL, MIN_WIDTH
from widgets.tones import HIGHLIGHTS

BUILDINGS = Building.shipped()
GAMES = [(key, mode) for key in BUILDINGS for mode in ("family", "experienced")]
SPACE_TOKEN = re.compile(r"(?:[a-z][a-z0-9]*-)*\d+-\d+")


# ---- helpers -----------------------------------------------------------------------------------------------------
@functools.cache
def fresh(key: str, mode: str, players: int = 3, seed: int = 7, **options) -> State:
    """A new game (set-up rolls made, waiting for the players' set-up choices)."""
    return new_game(players=players, seed=seed, building=key, mode=mode,
                    level="veteran" if mode == "experienced" else None, **options)


@functools.cache
def started(key: str, mode: str, players: int = 3, **options) -> State:
    """The game once set-up is over: the players' choices are taken in a fixed spread over the legal ones."""
    s = fresh(key, mode, players, **options)
    k = 0
    while s.phase == "setup":
        if s.is_chance_node:
            s = s.resolve_chance()
            continue
        legal = s.legal_actions()
        s = s.apply(legal[(5 * k + 3) % len(legal)])
        k += 1
    return s


def edited(s: State, **changes) -> State:
    """``s`` with its position format changed (read back, so ``from_dict`` checks the position)."""
    d = s.to_dict()
    for name, value in changes.items():
        d[name] = value(d[name]) if callable(value) else value
    return State.from_dict(d)


def clear_of(*spaces: str) -> dict:
    """Position edits taking every marker off ``spaces`` (so a hole or a toxic marker may go there)."""
    drop = {name: (lambda f: [x for x in f if x not in spaces]) for name in ("fire", "smoke", "hot_spots")}
    keep = {name: (lambda m: {x: v for x, v in m.items() if x not in spaces}) for name in ("hazmats", "pois")}
    return {**drop, **keep}


def tokens(item: dict) -> list[str]:
    return item.get("class", "").split()


def kind_items(scene: dict, first: str, *more: str) -> list[dict]:
    """Items whose class starts with ``first`` and holds every token of ``more``."""
    return [i for i in scene["items"] if tokens(i)[:1] == [first] and set(more) <= set(tokens(i))]


def token(space: str) -> str:
    return space.replace(":", "-").replace(",", "-")


def by_id(scene: dict, item_id: str) -> dict:
    found = [i for i in scene["items"] if i.get("id") == item_id]
    assert len(found) == 1, f"{item_id}: {len(found)} items"
    return found[0]


def on_space(scene: dict, items: list[dict]) -> set[str]:
    """The space tokens named in ``items``' classes (every marker names its space: ``2-3``, ``second-0-2``)."""
    return {t for i in items for t in tokens(i)[1:] if SPACE_TOKEN.fullmatch(t)}


def centre(item: dict) -> tuple[float, float]:
    if item["shape"] == "circle":
        return item["cx"], item["cy"]
    if item["shape"] == "rect":
        return item["x"] + item["w"] / 2, item["y"] + item["h"] / 2
    raise AssertionError(item["shape"])


def inside_box(point, box) -> bool:
    x, y, w, h = box
    return x <= point[0] <= x + w and y <= point[1] <= y + h


def text_of(scene: dict, first: str, *more: str) -> list[str]:
    return [i["text"] for i in kind_items(scene, first, *more) if i["shape"] == "text"]


# ---- spaces and edges ----------------------------------------------------------------------------------------------
@pytest.mark.parametrize("key,mode", GAMES)
def test_every_space_and_every_edge_has_exactly_one_item(key, mode):
    for s in (fresh(key, mode), started(key, mode)):
        b = s.building
        scene = board_scene(s)
        spaces = [i["id"] for i in scene["items"] if i.get("id", "").startswith("space:")]
        edges = [i["id"] for i in scene["items"] if i.get("id", "").startswith("edge:")]
        assert sorted(spaces) == sorted(f"space:{x}" for x in b.spaces_by_id)
        assert sorted(edges) == sorted(f"edge:{edge_text(e.a, e.b)}" for e in b.edges.values())
        ids = [i["id"] for i in scene["items"] if "id" in i]
        assert len(ids) == len(set(ids))


def test_the_space_and_edge_counts_of_the_shipped_buildings():
    counts = {key: (sum(1 for i in board_scene(fresh(key, "family"))["items"]
                        if i.get("id", "").startswith("space:")),
                    sum(1 for i in board_scene(fresh(key, "family"))["items"] if i.get("id", "").startswith("edge:")))
              for key in BUILDINGS}
    # 8 x 10 with the ring; the laboratory two 8 x 6 floors; a basement 6 x 4 without ring; an attic 8 x 6
    assert counts == {"front": (80, 54), "back": (80, 54), "garage": (80, 44), "laboratory": (96, 60),
                      "garage_basement": (104, 51), "laboratory_attic": (144, 90)}


def test_edge_ids_are_the_engines_edge_notation():
    b = Building.named("laboratory_attic")
    scene = board_scene(fresh("laboratory_attic", "family"))
    for i in scene["items"]:
        if i.get("id", "").startswith("edge:"):
            text = i["id"][len("edge:"):]
            assert Chop(text).edge == text  # the action stores edges in this very order
            a, c = text.split("|")
            assert frozenset((a, c)) in b.edges


def test_edge_items_have_their_kind_as_class():
    for key in BUILDINGS:
        s = fresh(key, "family")
        scene = board_scene(s)
        want = {"wall": "wall", "door": "door", "entrance": "entrance", "window": "window",
                "fireproof_door": "door", "light_wall": "light-wall"}
        for e in s.building.edges.values():
            item = by_id(scene, f"edge:{edge_text(e.a, e.b)}")
            assert tokens(item)[0] == want[e.kind]
            assert ("fireproof" in tokens(item)) == (e.kind == "fireproof_door")
            assert item["clickable"] is (e.kind != "entrance")
            assert item["title"]


def test_spaces_sit_on_their_floor_s_grid_and_floors_do_not_overlap():
    b = Building.named("laboratory_attic")
    origins = floor_origins(b)
    xs = [origins[f][0] for f in ("ground", "second", "attic")]
    assert xs == sorted(xs)  # the black die reads left to right: columns 1-4, 5-8, 9-12
    assert space_box(b, "second:0,0") == (origins["second"][0], origins["second"][1], CELL, CELL)
    assert space_box(b, "2,3")[0] == origins["ground"][0] + 3 * CELL
    assert space_box(b, "2,3")[1] == origins["ground"][1] + 2 * CELL
    assert origins["ground"][0] + 6 * CELL < origins["second"][0]
    assert origins["second"][0] + 6 * CELL < origins["attic"][0]
    # the same row lines up across floors
    assert space_box(b, "attic:4,1")[1] == space_box(b, "4,1")[1]


def test_floors_are_labelled_and_ordered_by_die_columns():
    scene = board_scene(fresh("garage_basement", "family"))
    labels = kind_items(scene, "floor-label")
    assert [i["text"] for i in sorted(labels, key=lambda i: i["x"])] == ["Ground floor", "Basement"]
    columns = [i["text"] for i in kind_items(scene, "die-column", "basement")]
    assert columns == ["9", "10", "11", "12"]
    assert len(kind_items(scene, "solid-ground", "basement")) == 1  # the basement has no outside ring
    assert not [i for i in kind_items(scene, "space", "outside") if "basement" in i["id"]]


def test_upper_floor_rings_are_air_and_the_ground_ring_is_outside():
    scene = board_scene(fresh("laboratory", "family"))
    air = {i["id"] for i in kind_items(scene, "space", "air")}
    assert len(air) == 8 * 6 - 6 * 4 and all(x.startswith("space:second:") for x in air)
    ground_ring = [i for i in kind_items(scene, "space", "outside") if "air" not in tokens(i)]
    assert len(ground_ring) == 24


def test_everything_drawn_lies_inside_the_scene():
    for key in ("front", "laboratory_attic", "garage_basement"):
        scene = board_scene(started(key, "experienced"))
        w, h = scene["width"], scene["height"]
        assert w >= MIN_WIDTH
        for i in scene["items"]:
            if i["shape"] == "rect":
                assert 0 <= i["x"] and i["x"] + i["w"] <= w + 0.01 and 0 <= i["y"] and i["y"] + i["h"] <= h + 0.01
            elif i["shape"] in ("circle", "text"):
                x, y = (i["cx"], i["cy"]) if i["shape"] == "circle" else (i["x"], i["y"])
                assert 0 <= x <= w and 0 <= y <= h, i


# ---- walls and doors -------------------------------------------------------------------------------------------------
def test_a_chopped_wall_is_damaged_then_destroyed_and_an_opened_door_is_open():
    s = fresh("front", "family", players=1)
    s = s.apply("place 0,6").apply("move 1,6").apply("chop 1,5|1,6")
    scene = board_scene(s)
    wall = by_id(scene, "edge:1,5|1,6")
    assert tokens(wall) == ["wall", "damaged"] and "1 damage cube of 2" in wall["title"]
    assert len([i for i in scene["items"] if i.get("target") == "edge:1,5|1,6" and "damage-cube" in tokens(i)]) == 1
    assert tokens(by_id(scene, "edge:1,3|1,4")) == ["door", "closed"]
    assert tokens(by_id(scene, "edge:2,3|2,4")) == ["wall", "intact"]
    # one more cube destroys it; a door opened by a firefighter standing beside it
    s = edited(s, walls={"1,5|1,6": 2}, firefighters=lambda ffs: [{**ffs[0], "space": "1,4", "ap": 4}])
    s = s.apply("open 1,3|1,4")
    scene = board_scene(s)
    assert tokens(by_id(scene, "edge:1,5|1,6")) == ["wall", "destroyed"]
    assert len([i for i in scene["items"] if i.get("target") == "edge:1,5|1,6" and "damage-cube" in tokens(i)]) == 2
    assert tokens(by_id(scene, "edge:1,3|1,4")) == ["door", "open"]
    assert [i for i in scene["items"] if i.get("target") == "edge:1,3|1,4" and tokens(i)[0] == "door-leaf"]
    assert scene != board_scene(s.apply("close 1,3|1,4"))
    assert tokens(by_id(board_scene(s.apply("close 1,3|1,4")), "edge:1,3|1,4")) == ["door", "closed"]


def test_a_destroyed_door_and_the_extreme_danger_edges():
    s = started("garage", "experienced")
    s = edited(s, doors={"2,4|2,5": "destroyed", "4,4|4,5": "jammed", "6,4|6,5": "open", "0,6|1,6": "open"},
               jams={"4,4|4,5": 2},
               walls=lambda w: {**{e: n for e, n in w.items() if e != "5,2|5,3"}, "3,4|3,5": 1, "2,8|2,9": 1})
    scene = board_scene(s)
    assert tokens(by_id(scene, "edge:2,4|2,5")) == ["door", "destroyed"]
    jammed = by_id(scene, "edge:4,4|4,5")
    assert tokens(jammed) == ["door", "fireproof", "jammed"] and "2 jam markers" in jammed["title"]
    assert [i["text"] for i in scene["items"] if i.get("target") == "edge:4,4|4,5" and tokens(i) == ["jam"]] == ["J2"]
    assert tokens(by_id(scene, "edge:6,4|6,5")) == ["door", "fireproof", "open"]
    assert tokens(by_id(scene, "edge:0,6|1,6")) == ["window", "open"]
    assert tokens(by_id(scene, "edge:0,7|1,7")) == ["window", "closed"]
    assert tokens(by_id(scene, "edge:2,8|2,9")) == ["window", "destroyed"]
    assert tokens(by_id(scene, "edge:3,4|3,5")) == ["light-wall", "destroyed"]
    assert tokens(by_id(scene, "edge:5,2|5,3")) == ["light-wall", "intact"]
    assert tokens(by_id(scene, "edge:4,8|4,9")) == ["entrance"]


# ---- fire, smoke and markers -------------------------------------------------------------------------------------
@pytest.mark.parametrize("key,mode", GAMES)
def test_fire_smoke_hot_spots_pois_and_hazmats_drawn_are_the_states(key, mode):
    s = started(key, mode)
    scene = board_scene(s)
    fire, smoke = kind_items(scene, "marker", "fire"), kind_items(scene, "marker", "smoke")
    hot = kind_items(scene, "marker", "hot-spot")
    assert on_space(scene, fire) == {token(x) for x in s.fire} and len(fire) == len(s.fire)
    assert on_space(scene, smoke) == {token(x) for x in s.smoke} and len(smoke) == len(s.smoke)
    assert on_space(scene, hot) == {token(x) for x in s.hot_spots} and len(hot) == len(s.hot_spots)
    hidden = kind_items(scene, "poi", "hidden")
    assert on_space(scene, hidden) == {token(x) for x, k in s.pois.items() if k == "hidden"}
    assert len(kind_items(scene, "poi", "victim")) == sum(1 for k in s.pois.values() if k != "hidden")
    hazmats = kind_items(scene, "hazmat")
    assert on_space(scene, hazmats) == {token(x) for x in s.hazmats} and len(hazmats) == len(s.hazmats)
    assert {i["id"][6:] for i in kind_items(scene, "space", "fire")} == set(s.fire)
    for item in fire + hidden + hazmats:
        assert item["target"].startswith("space:") and token(item["target"][6:]) in tokens(item)
    if mode == "family":
        assert not hot and not hazmats
    else:
        assert hot and hazmats


def test_the_front_family_game_draws_its_printed_fire_and_three_points_of_interest():
    scene = board_scene(fresh("front", "family"))
    assert len(kind_items(scene, "marker", "fire")) == 10
    assert on_space(scene, kind_items(scene, "poi", "hidden")) == {"2-4", "5-1", "5-8"}
    assert [i["text"] for i in scene["items"] if tokens(i)[:2] == ["poi-label", "2-4"]] == ["?"]


def test_revealed_victims_treated_victims_and_stacked_hazmats():
    s = started("front", "experienced")
    hidden = sorted(x for x, k in s.pois.items() if k == "hidden")
    s = edited(s, pois={hidden[0]: "victim", hidden[1]: "treated victim", hidden[2]: "hidden"},
               unknown_victims=lambda n: n - 2, hazmats={"6,8": 2, "1,1": 1},
               fire=lambda f: [x for x in f if x not in ("6,8", "1,1")])
    scene = board_scene(s)
    assert on_space(scene, kind_items(scene, "poi", "victim")) == {token(hidden[0]), token(hidden[1])}
    assert on_space(scene, kind_items(scene, "poi", "victim", "treated")) == {token(hidden[1])}
    assert [i["text"] for i in kind_items(scene, "hazmat-label", "6-8")] == ["2"]
    assert [i["text"] for i in kind_items(scene, "hazmat-label", "1-1")] == ["H"]
    assert "2 hazmats on 6,8" in kind_items(scene, "hazmat", "6-8")[0]["title"]


# ---- firefighters -------------------------------------------------------------------------------------------------
@pytest.mark.parametrize("key,mode", GAMES)
def test_firefighters_stand_on_their_spaces_with_their_ap(key, mode):
    s = started(key, mode)
    scene = board_scene(s)
    origins = floor_origins(s.building)
    for k, f in enumerate(s.firefighters):
        pawn = by_id(scene, f"ff:{f.name}")
        assert inside_box(centre(pawn), space_box(s.building, f.space, origins))
        assert tokens(pawn)[:3] == ["ff", f.name, f.role]
        assert ("active" in tokens(pawn)) == (k == s.turn)
        assert f.card.name in pawn["title"] and f"{f.ap} AP" in pawn["title"]
        pools = "".join(f"+{n}{letter}" for n, letter in ((f.command_ap, "C"), (f.extinguish_ap, "E"),
                                                          (f.move_ap, "M")) if n)
        assert text_of(scene, "ff-ap", f.name) == [f"{f.ap}{pools}"]
        assert pools == "" or mode == "experienced"
    first = s.firefighters[s.turn]
    assert first.ap == first.card.ap  # the first turn began: its AP are the card's
    assert text_of(scene, "ff-ap", first.name)[0].startswith(str(first.card.ap))


def test_the_ap_text_shows_the_extra_pools_and_the_pieces_carried():
    s = started("front", "experienced")
    s = edited(s, firefighters=[
        {"name": "red", "space": "2,2", "role": "captain", "ap": 3, "command_ap": 2, "carrying": "victim"},
        {"name": "blue", "space": "2,2", "role": "cafs", "ap": 3, "extinguish_ap": 3, "carrying": "hazmat"},
        {"name": "green", "space": "0,3", "role": "rescue", "ap": 4, "move_ap": 3}],
        unknown_victims=lambda n: n - 1, hazmats=lambda h: {x: n for x, n in list(h.items())[1:]},
        fire=lambda f: [x for x in f if x != "2,2"], smoke=lambda f: [x for x in f if x != "2,2"])
    scene = board_scene(s)
    assert text_of(scene, "ff-ap", "red") == ["3+2C"]
    assert text_of(scene, "ff-ap", "blue") == ["3+3E"]
    assert text_of(scene, "ff-ap", "green") == ["4+3M"]
    assert [i["text"] for i in kind_items(scene, "ff-letter", "red")] == ["C"]
    red, blue = by_id(scene, "ff:red"), by_id(scene, "ff:blue")
    assert red["cx"] != blue["cx"]  # two pawns on one space side by side
    assert "carrying-victim" in tokens(red) and "carrying-hazmat" in tokens(blue)
    assert [i["target"] for i in kind_items(scene, "carried", "victim")] == ["ff:red"]
    assert [i["target"] for i in kind_items(scene, "carried", "hazmat")] == ["ff:blue"]
    assert "3 AP + 2 command AP" in red["title"] and "carrying a victim" in red["title"]


def test_unplaced_firefighters_are_not_on_the_board_but_in_the_roster():
    s = fresh("front", "family")
    scene = board_scene(s)
    assert not [i for i in scene["items"] if i.get("id", "").startswith("ff:")]
    assert [i["text"].endswith("not placed") for i in kind_items(scene, "roster-text")] == [True] * 3


# ---- vehicles and Extreme Danger pieces ---------------------------------------------------------------------------
@pytest.mark.parametrize("key", BUILDINGS)
def test_vehicles_stand_on_their_parking_spots(key):
    s = started(key, "experienced")
    scene = board_scene(s)
    b = s.building
    spots = [i for i in scene["items"] if i.get("id", "").startswith("spot:")]
    assert len(spots) == sum(len(b.parking(v)) for v in ("engine", "ambulance"))
    for vehicle in ("engine", "ambulance"):
        spot = b.parking(vehicle)[s.vehicles[vehicle]]
        band = by_id(scene, f"vehicle:{vehicle}")
        (x1, y1, _, _), (x2, y2, _, _) = (space_box(b, x) for x in spot)
        union = (min(x1, x2), min(y1, y2), abs(x1 - x2) + CELL, abs(y1 - y2) + CELL)
        assert inside_box(centre(band), union) and band["w"] * band["h"] < union[2] * union[3] / 3
        assert tokens(by_id(scene, f"spot:{vehicle}:{spot[0]}")) == ["spot", vehicle, "taken"]
    assert not [i for i in board_scene(started(key, "family"))["items"] if i.get("id", "").startswith("vehicle:")]


def test_ladders_in_every_state_and_the_platform():
    s = started("laboratory_attic", "experienced", platform=True)
    scene = board_scene(s)
    assert len(kind_items(scene, "ladder", "stowed")) == 2
    engine = s.building.parking("engine")[s.vehicles["engine"]]
    platform = kind_items(scene, "platform")
    assert len(platform) == 1 and platform[0]["target"] == f"space:{engine[0]}"
    s = edited(s, ladders=["raised:0,2|second:0,2", "carried:red"],
               firefighters=lambda ffs: [{**f, "carrying": None} if f["name"] == "red" else f for f in ffs])
    scene = board_scene(s)
    assert on_space(scene, kind_items(scene, "ladder", "raised", "bottom")) == {"0-2"}
    assert on_space(scene, kind_items(scene, "ladder", "raised", "top")) == {"second-0-2"}
    assert [i["target"] for i in kind_items(scene, "ladder", "carried")] == ["ff:red"]
    assert "carrying-ladder" in tokens(by_id(scene, "ff:red"))
    s = edited(s, ladders=["lying:0,3", "lying:0,3"])
    lying = kind_items(board_scene(s), "ladder", "lying")
    assert len(lying) == 2 and len({i["d"] for i in lying}) == 2  # two ladders on one space, side by side


def test_objects_with_their_damage_cubes_and_arrows():
    s = started("laboratory", "experienced")
    s = edited(s, objects={"large-equipment": 3, "small-equipment": 1}, toxic=["4,3", "3,3"],
               damage_out=lambda n: n + 3, **clear_of("4,3", "3,3"))           # the toxic equipment's 3 cubes
    scene = board_scene(s)
    large = by_id(scene, "object:large-equipment")
    assert tokens(large) == ["object", "explosive", "large-equipment"] and "3/4 damage cubes" in large["title"]
    assert [i["text"] for i in kind_items(scene, "object-damage", "large-equipment")] == ["3/4"]
    assert len(kind_items(scene, "damage-cube", "object", "large-equipment")) == 3
    assert len(kind_items(scene, "damage-cube", "object", "small-equipment")) == 1
    assert len(kind_items(scene, "object-gone", "toxic-equipment")) == 1  # it spilled
    assert on_space(scene, kind_items(scene, "marker", "toxic")) == {"4-3", "3-3"}
    assert {i["id"] for i in kind_items(scene, "space", "toxic")} == {"space:4,3", "space:3,3"}
    # the arrows printed on the standing objects' spaces
    assert on_space(scene, kind_items(scene, "arrow")) == {"4-1", "5-1", "second-5-4"}


def test_without_the_objects_options_nothing_is_drawn_on_their_spaces():
    s = fresh("laboratory", "family", objects=False, chemical_spill=False)
    scene = board_scene(s)
    assert not kind_items(scene, "object") and not kind_items(scene, "object-gone")


def test_damaged_and_destroyed_floors_over_the_basement():
    s = started("garage_basement", "experienced")
    s = edited(s, floors={"2,2": "damaged", "2,4": "destroyed"}, damage_out=lambda n: n + 2,
               **clear_of("2,2", "2,4"))
    scene = board_scene(s)
    assert on_space(scene, kind_items(scene, "floor", "damaged")) == {"2-2"}
    assert on_space(scene, kind_items(scene, "floor", "destroyed")) == {"2-4"}
    assert "floor-destroyed" in tokens(by_id(scene, "space:2,4"))
    assert [i["text"] for i in kind_items(scene, "counter", "damage")] == [f"damage {s.damage}/24"]


def test_staircases_are_marked_with_their_link():
    scene = board_scene(fresh("laboratory_attic", "family"))
    stairs = kind_items(scene, "staircase")
    assert on_space(scene, stairs) == {"1-4", "second-1-4", "second-6-1", "attic-6-1"}
    labels = {tokens(i)[1]: i["text"] for i in kind_items(scene, "staircase-label")}
    assert labels == {"1-4": "S1", "second-1-4": "S1", "second-6-1": "S2", "attic-6-1": "S2"}
    assert "to second:1,4" in next(i for i in stairs if "1-4" in tokens(i))["title"]


# ---- the strip -----------------------------------------------------------------------------------------------------
def test_the_strip_shows_the_counters_the_turn_and_the_mode():
    s = started("front", "experienced")
    s = edited(s, rescued=3, lost=2, unknown_victims=lambda n: n - 5,
               firefighters=lambda ffs: [{**ffs[0], "role": "captain", "ap": 3, "command_ap": 2}] + [
                   f for f in ffs[1:] if f["role"] != "captain"] + [
                   {**f, "role": "driver"} for f in ffs[1:] if f["role"] == "captain"])
    scene = board_scene(s)
    assert text_of(scene, "counter", "damage") == [f"damage {s.damage}/24"] and s.damage > 0
    assert text_of(scene, "counter", "rescued") == ["rescued 3/7"]
    assert text_of(scene, "counter", "lost") == ["lost 2/4"]
    assert text_of(scene, "counter", "hot-spots") == [f"hot spots in supply {s.hot_spot_supply}"]
    assert text_of(scene, "counter", "pois") == [f"POI markers left {s.markers_left()}"]
    assert text_of(scene, "turn-line") == ["red (Fire Captain) to act: 3 AP + 2 command AP"]
    assert text_of(scene, "mode") == ["Flash Point house (front side) · Experienced, veteran"]
    assert {i["target"] for i in kind_items(scene, "roster")} == {"ff:red", "ff:blue", "ff:green"}
    assert "active" in tokens(kind_items(scene, "roster", "red")[0])


def test_the_counters_at_the_start_of_the_family_game():
    scene = board_scene(fresh("garage", "family"))
    assert text_of(scene, "counter", "damage") == ["damage 0/24"]
    assert text_of(scene, "counter", "rescued") == ["rescued 0/7"]
    assert text_of(scene, "counter", "lost") == ["lost 0/4"]
    assert text_of(scene, "counter", "hot-spots") == []  # the Family game has none
    assert text_of(scene, "turn-line") == ["Set-up: red starts on a space outside the building (click it)"]
    assert text_of(scene, "mode") == ["Mechanic's Garage · Family game"]


def test_buttons_in_play_at_a_roll_and_at_set_up():
    s = started("front", "experienced")
    ids = {i["id"] for i in board_scene(s)["items"] if i.get("id", "").startswith("btn:")}
    assert {"btn:end", "btn:pick-up", "btn:drop", "btn:deck-gun", "btn:crew-change"} <= ids
    assert ("btn:treat" in ids) == (s.firefighter.role == "paramedic")
    with_roles = board_scene(s, selection="btn:crew-change")
    assert len([i for i in with_roles["items"] if i.get("id", "").startswith("btn:role-")]) == 7
    rolled = s.apply("end")
    assert rolled.is_chance_node and rolled.pending[0].kind == "roll"
    scene = board_scene(rolled, selection=["die:red:3", "die:black:5"])
    ids = [i["id"] for i in scene["items"] if i.get("id", "").startswith(("btn:", "die:"))]
    assert ids == ["btn:roll"] + [f"die:red:{n}" for n in range(1, 7)] + [  # a red and a black face make the roll
        f"die:black:{n}" for n in range(1, 9)]
    assert "chosen" in tokens(by_id(scene, "die:red:3")) and "chosen" not in tokens(by_id(scene, "die:red:4"))
    assert text_of(scene, "turn-line") == ["Fire phase — chance: roll the dice: the fire advances"]
    d12 = board_scene(started("garage_basement", "experienced").apply("end"))
    assert sum(1 for i in d12["items"] if i.get("id", "").startswith("die:black:")) == 12
    # set-up: the eight specialist cards, those already held marked
    s = fresh("front", "experienced")
    for text in ("park engine 0,7", "park ambulance 3,0", "role imaging", "place 0,6"):
        s = s.apply(text)
    scene = board_scene(s)
    roles = [i for i in scene["items"] if i.get("id", "").startswith("btn:role-")]
    assert len(roles) == 8 and [i["id"] for i in roles if "taken" in tokens(i)] == ["btn:role-imaging"]


def test_a_reveal_step_offers_its_two_outcomes_and_marks_its_space():
    s = started("front", "experienced", players=2)
    s = edited(s, firefighters=lambda ffs: [{**ffs[0], "role": "imaging"}, {**ffs[1], "role": "generalist"}])
    target = next(x for x, k in s.pois.items() if k == "hidden")
    s = s.apply(f"identify {target}")
    assert s.is_chance_node
    scene = board_scene(s)
    ids = [i["id"] for i in scene["items"] if i.get("id", "").startswith("btn:")]
    assert ids == ["btn:roll", "btn:reveal-victim", "btn:reveal-false-alarm"]
    assert len(kind_items(scene, "pending-step", "reveal")) == 1


def test_a_spill_and_a_fireproof_door_s_roll_mark_what_they_concern():
    s = edited(started("laboratory", "experienced"), objects={"large-equipment": 0, "small-equipment": 0},
               toxic=["4,3"], damage_out=lambda n: n + 3, phase="fire",
               pending=[{"kind": "spill", "purpose": "4", "space": "4,3"}, {"kind": "next-turn"}],
               **clear_of("4,3"))
    assert s.is_chance_node
    scene = board_scene(s)
    assert len(kind_items(scene, "pending-step", "spill")) == 1
    line = "Fire phase — chance: the chemical spill flows on (4 toxic markers to lay)"
    assert text_of(scene, "turn-line") == [line]
    assert [i["id"] for i in scene["items"] if i.get("id", "").startswith(("btn:", "die:"))] == ["btn:roll"]
    s = edited(started("garage", "experienced"), phase="fire",
               pending=[{"kind": "fireproof", "space": "4,4|4,5"}, {"kind": "next-turn"}])
    scene = board_scene(s)
    mark = kind_items(scene, "pending-step", "fireproof")
    assert len(mark) == 1 and (mark[0]["x1"], mark[0]["y1"]) == (by_id(scene, "edge:4,4|4,5")["x1"],
                                                                 by_id(scene, "edge:4,4|4,5")["y1"] - 5)
    assert [i["id"] for i in scene["items"] if i.get("id", "").startswith("die:")] == [
        f"die:red:{n}" for n in range(1, 7)]


def test_a_ladder_laid_over_a_destroyed_floor():
    s = edited(started("garage_basement", "experienced", floor_bridge=True), floors={"2,4": "destroyed"},
               ladders=["bridge:2,4", "engine"], damage_out=lambda n: n + 2, **clear_of("2,4"))
    scene = board_scene(s)
    bridge = kind_items(scene, "ladder", "bridge")
    assert on_space(scene, bridge) == {"2-4"} and bridge[0]["target"] == "space:2,4"
    assert len(kind_items(scene, "ladder", "stowed")) == 1
    assert text_of(scene, "mode") == ["Mechanic's Garage with Basement · Experienced, veteran · floor bridge"]


def test_a_finished_game_says_how_it_ended():
    s = edited(started("front", "family"), lost=4, unknown_victims=lambda n: n - 4, phase="over", pending=[])
    scene = board_scene(s)
    assert text_of(scene, "turn-line") == ["Game over: the team loses, 4 victims lost"]
    assert not [i for i in scene["items"] if i.get("id", "").startswith("btn:")]


# ---- selection, highlights, a user's building, the SVG, determinism -------------------------------------------
def test_selection_and_highlights_are_drawn_over_their_items():
    s = started("front", "family")
    scene = board_scene(s, selection="ff:red", highlights={"space:2,3": "1 AP",
                                                           "edge:1,3|1,4": {"label": "open", "tone": "warning"}})
    assert len(kind_items(scene, "selection", "ff")) == 1
    assert sorted(i["text"] for i in kind_items(scene, "highlight-label")) == ["1 AP", "open"]
    warning = kind_items(scene, "highlight", "warning", "edge")
    assert len(warning) == 1 and warning[0]["stroke"] == HIGHLIGHTS["warning"].colour and warning[0]["dash"]
    plain = board_scene(s)
    assert not kind_items(plain, "selection") and not kind_items(plain, "highlight")


def test_a_users_own_building_draws():
    sides = {"N": (-1, 0), "E": (0, 1), "S": (1, 0), "W": (0, -1)}
    walls = [f"{r},{c}|{d}" for r in range(1, 7) for c in range(1, 9) for d, (dr, dc) in sides.items()
             if not (1 <= r + dr <= 6 and 1 <= c + dc <= 8) and f"{r},{c}|{d}" != "3,1|W"]
    b = Building.from_dict({"format": "flashpoint-building", "format_version": 1, "name": "Shed",
                            "floors": [{"id": "ground", "name": "Shed floor", "rows": 6, "cols": 8,
                                        "walls": walls + ["3,2|4,2"], "doors": ["2,2|2,3"],
                                        "entrances": ["3,1|W"]}],
                            "parking": {"ambulance": [["0,1", "0,2"]], "engine": [["7,1", "7,2"]]}})
    s = new_game(players=1, seed=2, building=b)
    scene = board_scene(s)
    assert sum(1 for i in scene["items"] if i.get("id", "").startswith("space:")) == 8 * 10
    assert sum(1 for i in scene["items"] if i.get("id", "").startswith("edge:")) == len(b.edges) == len(walls) + 3
    assert text_of(scene, "floor-label") == ["Shed floor"]
    assert tokens(by_id(scene, "edge:2,2|2,3")) == ["door", "closed"]
    assert tokens(by_id(scene, "edge:3,0|3,1")) == ["entrance"]


def test_the_svg_renders_and_names_its_items():
    s = started("garage", "experienced")
    svg = board_svg(s)._repr_svg_()
    assert svg.startswith("<svg") and svg.endswith("</svg>") and svg == str(board_svg(s))
    for item_id in ("space:1,1", "edge:1,4|1,5", "ff:red", "vehicle:engine", "object:car", "btn:end"):
        assert f'data-id="{item_id}"' in svg
    assert 'class="rx-item wall intact"' in svg and 'class="rx-item door fireproof closed"' in svg
    assert "<title>the car (explosive object on 2,3, 3,3)" in svg
    assert f'width="{board_scene(s)["width"]:g}"' in svg
    assert 'width="500"' in str(board_svg(s, width=500))


@pytest.mark.parametrize("key", BUILDINGS)
def test_the_scene_is_deterministic_and_json_ready(key):
    s = started(key, "experienced")
    scene = board_scene(s)
    assert scene == board_scene(s)
    assert scene == board_scene(State.from_dict(s.to_dict()))  # equal state, newly built sets
    assert json.loads(json.dumps(scene)) == scene
    assert all(None not in item.values() for item in scene["items"])


def test_every_clickable_id_has_a_documented_form():
    forms = {t.split(":")[0] for t in TARGETS}
    s = started("laboratory_attic", "experienced", platform=True)
    for scene in (board_scene(s), board_scene(s.apply("end"))):
        for i in scene["items"]:
            if i.get("clickable"):
                assert i["id"].split(":")[0] in forms
            if "target" in i:
                assert i["target"].split(":")[0] in forms
