"""The Flash Point position format (the game's "FEN"): :func:`to_dict` and :func:`from_dict`.

Format ``flashpoint-position`` version 1, JSON-ready::

    {"game": "flashpoint", "version": "2",  # the engine's VERSION; a version "1" position reads the same
     "building": "front",                   # a shipped building's key, or a whole building (Building.to_dict())
     "options": {"mode": "experienced", "level": "veteran"},
     "phase": "actions", "turn": 0,         # setup | actions | fire | over; index of the firefighter to act
     "pending": [{"kind": "roll", "purpose": "fire"}, {"kind": "knock-down"}],   # steps due, in order
     "firefighters": [{"name": "red", "space": "0,6", "role": "paramedic", "ap": 4, "carrying": null,
                       "command_ap": 0, "extinguish_ap": 0, "move_ap": 0}],
     "fire": ["2,2"], "smoke": ["2,3"], "hot_spots": [], "pois": {"2,4": "hidden"}, "hazmats": {"5,5": 1},
     "walls": {"2,3|3,3": 1},               # damage cubes on walls
     "doors": {"1,3|1,4": "open"},          # doors (and Extreme Danger windows) not closed
     "damage_out": 0, "rescued": 0, "lost": 0, "unknown_victims": 12, "unknown_false_alarms": 6,
     "hot_spot_supply": 12, "vehicles": {"engine": "0,7", "ambulance": "3,0"},
     "started_on_engine": false, "cafs_commanded": 0, "last_roll": null, "seed": 7, "draws": 0}

Only ``game``, ``building``, ``phase`` and ``firefighters`` are required; the rest default to an empty board and
the full supplies. :func:`from_dict` lists every problem at once: unknown spaces, edges that are not walls or
doors, counts that break conservation (12 victims, 6 false alarms, 24 damage cubes), pieces where they cannot be.
"""

from __future__ import annotations

import functools
from collections.abc import Callable, Mapping
from typing import Any, Literal

import pydantic

from explorer.core import InvalidData, Rng, StrictModel
from explorer.core.schema import problems_from_validation_error

from .actions import edge_text
from .building import Building
from .components import (COLOURS, DAMAGE_CUBES, FALSE_ALARMS, HAZMAT_MARKERS, HOT_SPOT_SUPPLY, LOSSES_TO_LOSE,
                         MAX_PLAYERS, RESCUES_TO_WIN, ROLES, SAVE_LIMIT, VICTIMS, WALL_STRENGTH)
from .fire import FLOOR_CUBES
from .state import PHASES, VERSION, Firefighter, Options, State, Step, is_extreme, object_info, object_spaces

__all__ = ["to_dict", "from_dict", "text_board", "building_key"]

@functools.lru_cache(maxsize=64)
def building_key(building: Building) -> str | None:
    """The key of a shipped building (:meth:`Building.shipped`), or ``None`` for a user's own; a building read
    from a file equal to a shipped one gets its key too. Worked out once per building object."""
    data = None
    for key in Building.shipped():
        shipped = Building.named(key)
        if shipped is building:
            return key
        data = data if data is not None else building.to_dict()
        if shipped.to_dict() == data:
            return key
    return None


def _steps_out(steps: tuple[Step, ...]) -> list[dict[str, str]]:
    out = []
    for s in steps:
        d = {"kind": s.kind}
        if s.purpose:
            d["purpose"] = s.purpose
        if s.space:
            d["space"] = s.space
        out.append(d)
    return out


def to_dict(state: State) -> dict[str, Any]:
    """The position as JSON-ready data (see the module docstring); ``from_dict(to_dict(s))`` equals ``s``."""
    b = state.building
    key = building_key(b)
    return {
        "game": "flashpoint", "version": VERSION,
        "building": key if key is not None else b.to_dict(),
        "options": {"mode": state.options.mode, "level": state.options.level, "objects": state.options.objects,
                    "chemical_spill": state.options.chemical_spill, "platform": state.options.platform,
                    "basement_ladder": state.options.basement_ladder, "floor_bridge": state.options.floor_bridge},
        "phase": state.phase, "turn": state.turn, "pending": _steps_out(state.pending),
        "firefighters": [{"name": f.name, "space": f.space, "role": f.role, "ap": f.ap, "carrying": f.carrying,
                          "command_ap": f.command_ap, "extinguish_ap": f.extinguish_ap, "move_ap": f.move_ap}
                         for f in state.firefighters],
        "fire": _sorted(b, state.fire), "smoke": _sorted(b, state.smoke), "hot_spots": _sorted(b, state.hot_spots),
        "pois": {s: state.pois[s] for s in _sorted(b, state.pois)},
        "hazmats": {s: state.hazmats[s] for s in _sorted(b, state.hazmats)},
        "walls": {edge_text(*sorted(e)): n for e, n in sorted(state.wall_damage.items(), key=lambda kv: sorted(kv[0]))},
        "doors": {edge_text(*sorted(e)): v for e, v in sorted(state.doors.items(), key=lambda kv: sorted(kv[0]))
                  if v != "closed"},
        "damage_out": state.damage_out, "rescued": state.rescued, "lost": state.lost,
        "unknown_victims": state.unknown_victims, "unknown_false_alarms": state.unknown_false_alarms,
        "hot_spot_supply": state.hot_spot_supply,
        "vehicles": {v: b.parking(v)[k][0] for v, k in sorted(state.vehicles.items())},
        "started_on_engine": state.started_on_engine, "cafs_commanded": state.cafs_commanded,
        "last_roll": list(state.last_roll) if state.last_roll else None,
        "objects": dict(sorted(state.objects.items())), "toxic": _sorted(b, state.toxic),
        "floors": {s: state.floor_damage[s] for s in _sorted(b, state.floor_damage)},
        "jams": {edge_text(*sorted(e)): n for e, n in sorted(state.jams.items(), key=lambda kv: sorted(kv[0]))},
        "ladders": list(state.ladders), "platform": state.platform,
        "seed": state.rng.seed, "draws": state.rng.draws,
    }


def _sorted(building: Building, spaces: Any) -> list[str]:
    order = {s: k for k, s in enumerate(building.spaces_by_id)}
    return sorted(spaces, key=lambda s: order.get(s, -1))


# ---- reading ------------------------------------------------------------------------------------------------
Count = pydantic.conint(ge=0, le=1000)


class _StepPos(StrictModel):
    kind: Literal["roll", "first-explosion", "reveal", "fireproof", "spill", "knock-down", "lost", "replenish",
                  "next-turn"]
    purpose: str = ""
    space: str = ""


class _FirefighterPos(StrictModel):
    name: str
    space: str | None = None
    role: str = "firefighter"
    ap: pydantic.conint(ge=0, le=30) = 0
    carrying: Literal["victim", "treated victim", "hazmat"] | None = None
    command_ap: pydantic.conint(ge=0, le=10) = 0
    extinguish_ap: pydantic.conint(ge=0, le=10) = 0
    move_ap: pydantic.conint(ge=0, le=10) = 0


class _OptionsPos(StrictModel):
    mode: Literal["family", "experienced"] = "family"
    level: Literal["recruit", "veteran", "heroic"] | None = None
    objects: bool = True
    chemical_spill: bool = True
    platform: bool = False
    basement_ladder: bool = False
    floor_bridge: bool = False


class _Position(StrictModel):
    game: Literal["flashpoint"]
    version: Literal["1", VERSION] | None = None  # type: ignore[valid-type]  # a version 1 position reads as is
    building: str | dict[str, Any]
    options: _OptionsPos = _OptionsPos()
    phase: Literal[PHASES]  # type: ignore[valid-type]
    turn: pydantic.conint(ge=0, le=MAX_PLAYERS - 1) = 0
    pending: list[_StepPos] = pydantic.Field(default_factory=list, max_length=64)
    firefighters: list[_FirefighterPos] = pydantic.Field(min_length=1, max_length=MAX_PLAYERS)
    fire: list[str] = []
    smoke: list[str] = []
    hot_spots: list[str] = []
    pois: dict[str, Literal["hidden", "victim", "treated victim"]] = {}
    hazmats: dict[str, pydantic.conint(ge=1, le=HAZMAT_MARKERS)] = {}
    walls: dict[str, pydantic.conint(ge=1, le=2)] = {}
    doors: dict[str, Literal["closed", "open", "destroyed", "jammed"]] = {}
    damage_out: pydantic.conint(ge=0, le=DAMAGE_CUBES) = 0
    rescued: pydantic.conint(ge=0, le=VICTIMS) = 0
    lost: pydantic.conint(ge=0, le=VICTIMS) = 0
    unknown_victims: pydantic.conint(ge=0, le=VICTIMS) = VICTIMS
    unknown_false_alarms: pydantic.conint(ge=0, le=FALSE_ALARMS) = FALSE_ALARMS
    hot_spot_supply: pydantic.conint(ge=0, le=HOT_SPOT_SUPPLY + 6) | None = None
    vehicles: dict[Literal["engine", "ambulance"], str] = {}
    started_on_engine: bool = False
    cafs_commanded: pydantic.conint(ge=0, le=1) = 0
    last_roll: pydantic.conlist(pydantic.conint(ge=1, le=12), min_length=2, max_length=2) | None = None
    objects: dict[str, pydantic.conint(ge=0, le=DAMAGE_CUBES)] | None = None
    toxic: list[str] = []
    floors: dict[str, Literal["damaged", "destroyed"]] = {}
    jams: dict[str, pydantic.conint(ge=1, le=50)] = {}
    ladders: list[str] = pydantic.Field(default_factory=list, max_length=4)
    platform: str | None = None
    seed: pydantic.conint(ge=0) = 0
    draws: pydantic.conint(ge=0, le=10**12) = 0


def from_dict(data: Any, board: Building | None = None) -> State:
    """A state from :func:`to_dict` data; ``board`` overrides the position's building.

    Raises:
        InvalidData: listing every problem (see the module docstring).
    """
    what = "Flash Point position"
    if board is not None and not isinstance(board, Building):
        raise InvalidData(what, [f"board: expected a Building, got {type(board).__name__}"])
    try:
        pos = _Position.model_validate(data)
    except pydantic.ValidationError as err:
        raise InvalidData(what, problems_from_validation_error(err)) from None
    problems: list[str] = []
    building = board
    if building is None:
        if isinstance(pos.building, str):
            if pos.building not in Building.shipped():
                raise InvalidData(what, [f"building: no shipped building {pos.building!r}; known: "
                                         f"{', '.join(Building.shipped())} (or give the whole building)"])
            building = Building.named(pos.building)
        else:
            building = Building.from_dict(pos.building, what="the position's building")
    try:
        o = pos.options
        options = Options(o.mode, o.level, o.objects, o.chemical_spill, o.platform, o.basement_ladder, o.floor_bridge)
    except ValueError as e:
        raise InvalidData(what, [f"options: {e}"]) from None
    spaces = building.spaces_by_id

    def space(where: str, s: str | None, *, inside: bool | None = None) -> str | None:
        if s is None:
            return None
        if s not in spaces:
            problems.append(f"{where}: no space {s!r} in {building.name}")
            return None
        if inside is True and not spaces[s].inside:
            problems.append(f"{where}: {s} is outside the building")
        return s

    def edge(where: str, text: str, kinds: tuple[str, ...]) -> frozenset[str] | None:
        a, sep, b = text.partition("|")
        if not sep or a not in spaces or b not in spaces:
            problems.append(f"{where}: {text!r} is not an edge between two spaces of {building.name}")
            return None
        key = frozenset((a, b))
        e = building.edges.get(key)
        try:
            building.edge(a, b)
        except ValueError:
            problems.append(f"{where}: {a} and {b} are not adjacent, so there is no edge between them")
            return None
        if e is None or e.kind not in kinds:
            problems.append(f"{where}: {text} is {'no ' + '/'.join(k.replace('_', ' ') for k in kinds)} "
                            f"(it is {'open' if e is None else 'a ' + e.kind.replace('_', ' ')})")
            return None
        return key

    fire = frozenset(s for s in (space("fire", x, inside=True) for x in pos.fire) if s)
    smoke = frozenset(s for s in (space("smoke", x, inside=True) for x in pos.smoke) if s)
    for s in sorted(fire & smoke):
        problems.append(f"fire/smoke: {s} has both; a space holds fire or smoke, not both")
    hot = frozenset(s for s in (space("hot_spots", x, inside=True) for x in pos.hot_spots) if s)
    pois = {s: k for x, k in pos.pois.items() if (s := space("pois", x, inside=k == "hidden"))}
    hazmats = {s: n for x, n in pos.hazmats.items() if (s := space("hazmats", x, inside=True))}
    walls = {}
    for text, n in pos.walls.items():
        key = edge(f"walls.{text}", text, tuple(WALL_STRENGTH))
        if key is not None:
            if n > WALL_STRENGTH[building.edges[key].kind]:
                problems.append(f"walls.{text}: a {building.edges[key].kind.replace('_', ' ')} holds at most "
                                f"{WALL_STRENGTH[building.edges[key].kind]} damage cubes, got {n}")
            walls[key] = n
    doors = {frozenset(e): "closed" for e in building.doors()}
    doors |= {frozenset((e.a, e.b)): "closed" for e in building.edges.values()
              if e.kind in ("fireproof_door", "window")}
    for text, v in pos.doors.items():
        key = edge(f"doors.{text}", text, ("door", "fireproof_door", "window"))
        if key is not None:
            kind = building.edges[key].kind
            if v == "jammed" and kind != "fireproof_door":
                problems.append(f"doors.{text}: only a fireproof door jams")
            if v == "destroyed" and kind == "window":
                problems.append(f"doors.{text}: a window is destroyed by a damage cube (walls), not here")
            doors[key] = v
    ffs = []
    names = [f.name for f in pos.firefighters]
    if names != list(COLOURS[:len(names)]):
        problems.append(f"firefighters: with {len(names)} firefighters the names are "
                        f"{', '.join(COLOURS[:len(names)])} in turn order, got {', '.join(names)}")
    for k, f in enumerate(pos.firefighters):
        where = f"firefighters[{k}] ({f.name})"
        space(where, f.space)
        if f.role != "firefighter" and f.role not in ROLES:
            problems.append(f"{where}: no specialist {f.role!r}; known: {', '.join(ROLES)}")
        if options.mode == "family" and f.role != "firefighter":
            problems.append(f"{where}: the Family game has no specialists")
        if f.space is None and pos.phase != "setup":
            problems.append(f"{where}: every firefighter is on the board once play has begun")
        if f.carrying and f.space is None:
            problems.append(f"{where}: carries a {f.carrying} without being on the board")
        knock_due = any(st.kind == "knock-down" for st in pos.pending)
        if f.carrying and f.space in fire and not knock_due and pos.phase != "over":
            problems.append(f"{where}: carries a {f.carrying} on a space on fire; the fire would have taken it")
        if f.carrying == "hazmat" and options.mode == "family":
            problems.append(f"{where}: carries a hazmat, but the Family game has none")
        ffs.append(Firefighter(f.name, f.space, f.role, f.ap, f.command_ap, f.extinguish_ap, f.move_ap, f.carrying))
    roles = [f.role for f in ffs if f.role != "firefighter"]
    if len(set(roles)) != len(roles):
        problems.append(f"firefighters: each specialist card is held once, got {', '.join(sorted(roles))}")
    if pos.turn >= len(ffs):
        problems.append(f"turn: firefighter {pos.turn} does not exist with {len(ffs)} firefighters")
    vehicles = {}
    for v, s in pos.vehicles.items():
        if options.mode == "family":
            problems.append(f"vehicles.{v}: the Family game has no vehicles")
            continue
        spot = next((k for k, spot in enumerate(building.parking(v)) if s in spot), None)
        if spot is None:
            problems.append(f"vehicles.{v}: {s} is not on a parking spot of the {v}")
        else:
            vehicles[v] = spot
    info = object_info(building)
    if pos.objects is None:
        objects = {oid: 0 for oid, o in info.items() if (o["kind"] == "explosive" and options.objects)
                   or (o["kind"] == "toxic" and options.chemical_spill)}
    else:
        objects = {}
        for oid, n in pos.objects.items():
            if oid not in info:
                problems.append(f"objects.{oid}: {building.name} has no object {oid!r}")
                continue
            if n >= info[oid]["capacity"]:
                problems.append(f"objects.{oid}: {n} damage cubes, but it goes off at {info[oid]['capacity']}")
            off = options.objects if info[oid]["kind"] == "explosive" else options.chemical_spill
            if not off:
                problems.append(f"objects.{oid}: the game is played without {'explosive objects' if info[oid]['kind'] == 'explosive' else 'the chemical spill'}")
            objects[oid] = n
    under = object_spaces(building)
    for name, group in (("fire", fire), ("smoke", smoke), ("pois", pois), ("hazmats", hazmats)):
        for s in sorted(group):
            if under.get(s) in objects:
                problems.append(f"{name}: {s} is under the {under[s]}, which is still standing")
    toxic = frozenset(s for s in (space("toxic", x, inside=True) for x in pos.toxic) if s)
    floors = {}
    for x, v in pos.floors.items():
        s = space("floors", x, inside=True)
        if s is not None:
            if building.level(s) != 0 or building.below(s) is None:
                problems.append(f"floors.{x}: only a ground-floor space above the basement has a floor that breaks")
            floors[s] = v
    jams = {}
    for text, n in pos.jams.items():
        key = edge(f"jams.{text}", text, ("fireproof_door",))
        if key is not None:
            if doors.get(key) != "jammed":
                problems.append(f"jams.{text}: jam markers lie only on a jammed fireproof door")
            jams[key] = n
    for key, v in doors.items():
        if v == "jammed" and key not in jams:
            problems.append(f"doors.{edge_text(*sorted(key))}: a jammed door has at least one jam marker (jams)")
    for k, ladder in enumerate(pos.ladders):
        where = f"ladders[{k}]"
        kind, _, rest = ladder.partition(":")
        if ladder == "engine":
            continue
        if kind == "carried":
            if rest not in names:
                problems.append(f"{where}: no firefighter {rest!r} to carry it")
        elif kind in ("lying", "bridge"):
            space(where, rest)
            if kind == "bridge" and floors.get(rest) != "destroyed":
                problems.append(f"{where}: a bridge lies over a destroyed floor; {rest} is not one")
        elif kind == "raised":
            ends = rest.split("|")
            if len(ends) != 2 or any(space(where, e) is None for e in ends):
                problems.append(f"{where}: a raised ladder is 'raised:<bottom>|<top>'")
        else:
            problems.append(f"{where}: {ladder!r} is not engine, carried:<name>, lying:<space>, "
                            f"raised:<bottom>|<top> or bridge:<space>")
    carriers = [x for x in pos.ladders if x.startswith("carried:")]
    if len(set(carriers)) != len(carriers):
        problems.append("ladders: a firefighter carries one ladder at most")
    if pos.platform is not None:
        if not options.platform:
            problems.append("platform: the game is played without the hydraulic platform")
        space("platform", pos.platform)
    # conservation
    carried = sum(1 for f in ffs if f.carrying in ("victim", "treated victim"))
    revealed = sum(1 for k in pois.values() if k != "hidden")
    hidden = sum(1 for k in pois.values() if k == "hidden")
    victims = pos.rescued + pos.lost + revealed + carried + pos.unknown_victims
    if victims != VICTIMS:
        problems.append(f"victims: rescued {pos.rescued} + lost {pos.lost} + on the board {revealed} + carried "
                        f"{carried} + still face down {pos.unknown_victims} = {victims}, but there are {VICTIMS}")
    if hidden > pos.unknown_victims + pos.unknown_false_alarms:
        problems.append(f"pois: {hidden} face down on the board, but only {pos.unknown_victims + pos.unknown_false_alarms}"
                        f" markers are still unseen")
    damage = sum(walls.values()) + sum(objects.values()) + pos.damage_out
    if damage > DAMAGE_CUBES:
        problems.append(f"walls: {damage} damage cubes placed, but there are {DAMAGE_CUBES}")
    hazmat_total = sum(hazmats.values()) + sum(1 for f in ffs if f.carrying == "hazmat")
    if hazmat_total > HAZMAT_MARKERS:
        problems.append(f"hazmats: {hazmat_total} in play, but there are {HAZMAT_MARKERS}")
    supply = pos.hot_spot_supply if pos.hot_spot_supply is not None else (
        HOT_SPOT_SUPPLY if options.experienced else 0)
    problems += _more_problems(pos, options, building, ffs, fire, pois, toxic, floors, objects, vehicles, doors, walls)
    if options.mode == "family" and (hot or hazmats):
        problems.append("hot_spots/hazmats: the Family game has none")
    if any(f.ap > SAVE_LIMIT + f.card.ap for f in ffs):
        problems.append(f"firefighters: a firefighter holds more AP than {SAVE_LIMIT} saved plus a turn's")
    ended = pos.rescued >= RESCUES_TO_WIN or pos.lost >= LOSSES_TO_LOSE or damage >= DAMAGE_CUBES
    if ended and pos.phase != "over":
        problems.append(f"phase: the game has ended (rescued {pos.rescued}, lost {pos.lost}, damage {damage}), so "
                        f"the phase is 'over', got {pos.phase!r}")
    if pos.phase == "over" and not ended:
        problems.append("phase: 'over', but nobody has won or lost")
    if options.experienced and pos.phase in ("actions", "fire") and set(pos.vehicles) != {"engine", "ambulance"}:
        problems.append("vehicles: once an Experienced game is under way, the engine and the ambulance are parked")
    if options.mode == "family" and supply:
        problems.append(f"hot_spot_supply: the Family game has no hot spots, got {supply}")
    if pos.last_roll and (pos.last_roll[0] > 6 or pos.last_roll[1] > getattr(building, "die_faces", 8)):
        problems.append(f"last_roll: {pos.last_roll} is not a roll of the red d6 and the black "
                        f"d{getattr(building, 'die_faces', 8)}")
    if pos.phase == "actions" and not pos.pending:
        for s, k in sorted(pois.items()):
            if s in fire:
                piece = "a face-down point of interest" if k == "hidden" else f"a {k}"
                problems.append(f"pois.{s}: {piece} on a space on fire; the fire phase would have taken it")
    purposes = {"roll": {"fire", "flare-up", "poi", "explosion", "family-explosion", "hazmat", "setup-poi",
                         "hot-spot", "deck-gun"},
                "reveal": {"entered", "identified", "fire", "placed"}}
    for k, st in enumerate(pos.pending):
        where = f"pending[{k}] ({st.kind})"
        if st.kind in purposes and st.purpose not in purposes[st.kind]:
            problems.append(f"{where}: purpose {st.purpose!r} is not one of {', '.join(sorted(purposes[st.kind]))}")
        if st.kind == "reveal" and pois.get(st.space) != "hidden":
            problems.append(f"{where}: {st.space or 'no space'} holds no face-down point of interest to turn over")
        if st.kind == "fireproof":
            key = edge(where, st.space, ("fireproof_door",))
        if st.kind == "spill":
            route = st.space.split(";")
            if not st.purpose.isdigit() or not 1 <= int(st.purpose) <= 5:
                problems.append(f"{where}: purpose gives the toxic markers still to lay, 1-5, got {st.purpose!r}")
            if not route or any(r not in toxic for r in route):
                problems.append(f"{where}: space is the spill's route so far (toxic spaces joined by ';'), got "
                                f"{st.space!r}")
        if st.kind not in ("roll", "reveal", "fireproof", "spill") and (st.purpose or st.space):
            problems.append(f"{where}: this step takes no purpose or space")
        if st.kind == "roll" and st.purpose == "deck-gun" and "engine" not in vehicles:
            problems.append(f"{where}: the deck gun needs the engine")
    if pos.phase == "fire" and not pos.pending:
        problems.append("pending: the fire phase needs its steps (at least the next turn)")
    try:
        rng = Rng(pos.seed, pos.draws)
    except ValueError as err:
        problems.append(f"seed: {err}")
    if problems:
        raise InvalidData(what, list(dict.fromkeys(problems)))
    steps = tuple(Step(s.kind, s.purpose, s.space) for s in pos.pending)
    return State(building=building, options=options, firefighters=tuple(ffs), turn=pos.turn, phase=pos.phase,
                 pending=steps, smoke=smoke, fire=fire, pois=pois, hazmats=hazmats, hot_spots=hot,
                 wall_damage=walls, doors=doors, damage_out=pos.damage_out, rescued=pos.rescued, lost=pos.lost,
                 unknown_victims=pos.unknown_victims, unknown_false_alarms=pos.unknown_false_alarms,
                 hot_spot_supply=supply, vehicles=vehicles, started_on_engine=pos.started_on_engine,
                 cafs_commanded=pos.cafs_commanded, last_roll=tuple(pos.last_roll) if pos.last_roll else None,
                 objects=objects, toxic=toxic, floor_damage=floors, jams=jams, rng=rng,
                 ladders=tuple(pos.ladders), platform=pos.platform)


_PHASE_STEPS = {
    "setup": {("roll", p) for p in ("explosion", "family-explosion", "hazmat", "setup-poi", "hot-spot")}
    | {("first-explosion", ""), ("fireproof", "")},
    "actions": {("reveal", "entered"), ("reveal", "identified"), ("roll", "deck-gun"), ("fireproof", "")},
    "fire": {("roll", "fire"), ("roll", "flare-up"), ("roll", "poi"), ("reveal", "fire"), ("reveal", "placed"),
             ("fireproof", ""), ("spill", ""), ("knock-down", ""), ("lost", ""), ("replenish", ""),
             ("next-turn", "")},
    "over": set(),
}
"""Which steps can be due in each phase (kind, purpose)."""


def _more_problems(pos: Any, options: Options, building: Building, ffs: list[Firefighter], fire: frozenset[str],
                   pois: dict[str, str], toxic: frozenset[str], floors: dict[str, str], objects: dict[str, int],
                   vehicles: dict[str, int], doors: dict[Any, str], walls: dict[Any, int]) -> list[str]:
    """The cross-checks a position must pass beyond types and conservation (see :func:`from_dict`)."""
    from .ladders import LADDERS
    problems = []
    for k, st in enumerate(pos.pending):
        key = (st.kind, st.purpose if st.kind in ("roll", "reveal") else "")
        if key not in _PHASE_STEPS[pos.phase]:
            problems.append(f"pending[{k}]: a {st.kind} {st.purpose} step cannot be due in phase {pos.phase!r}")
        if st.kind == "spill":
            from .fire import spill_options
            probe = _Probe(building, toxic, objects, floors, doors, walls)
            if not spill_options(probe, st.space.split(";")):
                problems.append(f"pending[{k}]: the spill has nowhere left to flow from {st.space}")
        if st.kind == "roll" and st.purpose == "deck-gun" and options.platform:
            problems.append(f"pending[{k}]: no deck gun in a game with the hydraulic platform")
    if pos.phase == "setup" and not pos.pending:
        placed = [f.space is not None for f in ffs]
        if pos.turn < len(ffs) and (not all(placed[:pos.turn]) or any(placed[pos.turn + 1:])):
            problems.append("firefighters: during set-up the firefighters before the one to act are placed and "
                            "those after are not")
        if all(placed):
            problems.append("phase: every firefighter is placed, so set-up is over")
    under = object_spaces(building)
    roles = {f.role for f in ffs}
    tops = {x.split("|", 1)[1] for x in pos.ladders if x.startswith("raised:") and "|" in x}
    for k, f in enumerate(ffs):
        where = f"firefighters[{k}] ({f.name})"
        sp = building.spaces_by_id.get(f.space) if f.space is not None else None
        if sp is not None and not sp.inside and building.level(f.space) > 0 and f.space not in tops \
                and f.space != pos.platform:
            # flashpoint.assume.air: an upper storey's outside ring is air, held up only by a ladder or the platform
            problems.append(f"{where}: stands in the air at {f.space}, outside an upper storey, with no raised "
                            f"ladder's top or hydraulic platform there")
        if f.space is not None and under.get(f.space) in objects:
            problems.append(f"{where}: stands on {f.space}, under the {under[f.space]}")
        if f.space in toxic:
            problems.append(f"{where}: stands on a toxic marker at {f.space}; it would have been knocked down")
        if f.space is not None and floors.get(f.space) == "destroyed" and f"bridge:{f.space}" not in pos.ladders:
            problems.append(f"{where}: stands on the destroyed floor of {f.space}")
        if options.experienced and pos.phase != "setup" and f.role not in ROLES:
            problems.append(f"{where}: in the Experienced game every firefighter has a specialist card")
        card = f.card
        for pool in ("command_ap", "extinguish_ap", "move_ap"):
            if getattr(f, pool) > getattr(card, pool):
                problems.append(f"{where}: {pool} {getattr(f, pool)}, but the {card.name} card gives "
                                f"{getattr(card, pool)}")
        if f.carrying in ("victim", "hazmat") and f"carried:{f.name}" in pos.ladders:
            problems.append(f"{where}: carries a {f.carrying} and a ladder; one or the other")
    if pos.cafs_commanded and "captain" not in roles:
        problems.append("cafs_commanded: only a Fire Captain commands")
    reveals_due = {st.space for st in pos.pending if st.kind == "reveal"}
    for s, k in pois.items():
        if k != "hidden" and not building.spaces_by_id[s].inside:
            problems.append(f"pois.{s}: a {k} outside the building; rescued victims leave the board")
        bridged = f"bridge:{s}" in pos.ladders
        if floors.get(s) == "destroyed" and not bridged and pos.phase != "over" and s not in reveals_due:
            problems.append(f"pois.{s}: on a destroyed floor; it would have been lost")
    for s in fire:
        if floors.get(s) == "destroyed":
            problems.append(f"fire: {s} is a destroyed floor, which holds no fire")
    info = object_info(building)
    gone = [oid for oid, o in info.items() if oid not in objects
            and (options.objects if o["kind"] == "explosive" else options.chemical_spill)]
    holes = sum(1 for v in floors.values() if v == "destroyed")
    out = sum(info[oid]["capacity"] for oid in gone) + FLOOR_CUBES * holes
    collapsed = sum(walls.values()) + sum(objects.values()) + pos.damage_out >= DAMAGE_CUBES
    if pos.damage_out != out and not (collapsed and pos.damage_out < out):
        # an object gone off takes its cubes (its capacity) out of play, a destroyed floor 2 (flashpoint.ed.objects,
        # flashpoint.ed.floor); only the collapse can leave the last of them unplaced
        said = [f"the {oid} gone off ({info[oid]['capacity']})" for oid in gone]
        said += [f"{holes} destroyed floor{'s' if holes != 1 else ''} ({FLOOR_CUBES * holes})"] if holes else []
        problems.append(f"damage_out: {pos.damage_out} damage cubes out of play, but "
                        f"{' + '.join(said) if said else 'nothing gone off and no destroyed floor'} make {out}")
    if toxic and (not options.chemical_spill or not any(o["kind"] == "toxic" for o in info.values())):
        problems.append("toxic: toxic markers come only from a chemical spill (a toxic object, the option on)")
    if toxic and all(oid in objects for oid, o in info.items() if o["kind"] == "toxic"):
        problems.append("toxic: every toxic object still stands, so nothing has spilled")
    multi = len(building.floors) > 1
    if pos.ladders and not multi:
        problems.append("ladders: a one-storey building has no portable ladders")
    if len(pos.ladders) > LADDERS:
        problems.append(f"ladders: there are {LADDERS}, got {len(pos.ladders)}")
    for k, ladder in enumerate(pos.ladders):
        if ladder.startswith("raised:") and "|" in ladder:
            bottom, top = ladder[len("raised:"):].split("|", 1)
            if bottom in building.spaces_by_id and top in building.spaces_by_id and not _ladder_fits(building,
                                                                                                     bottom, top):
                problems.append(f"ladders[{k}]: a ladder stands outside with its top straight above it (or, as an "
                                f"option, reaches the basement under a destroyed floor); {bottom} to {top} does not")
    if pos.platform is not None and pos.platform in building.spaces_by_id and vehicles.get("engine") is not None:
        from .ladders import platform_spaces
        spot = building.parking("engine")[vehicles["engine"]]
        probe_state = _PlatformProbe(building, vehicles)
        if pos.platform not in spot and pos.platform not in platform_spaces(probe_state):
            problems.append(f"platform: it stands on the engine or along the wall beside it; {pos.platform} is "
                            f"neither")
    return problems


def _ladder_fits(building: Building, bottom: str, top: str) -> bool:
    b, t = building.spaces_by_id[bottom], building.spaces_by_id[top]
    if building.level(bottom) == 0 and not b.inside:
        up = building.above(bottom)
        return top in (up, building.above(up) if up else None)
    if building.level(bottom) == -1 and building.level(top) == 0 and t.inside:
        return any(building.below(n) == bottom for n, _ in building.neighbours(top))
    return False


class _Probe:
    """Just enough of a state for :func:`.fire.spill_options` while a position is checked."""

    def __init__(self, building: Building, toxic: frozenset[str], objects: dict[str, int],
                 floors: dict[str, str], doors: dict[Any, str], walls: dict[Any, int]) -> None:
        self.building, self.toxic, self.floor_damage = building, toxic, floors
        self.doors, self.wall_damage = doors, walls
        self._under, self._objects = object_spaces(building), objects

    def object_at(self, space: str) -> str | None:
        oid = self._under.get(space)
        return oid if oid in self._objects else None


class _PlatformProbe:
    def __init__(self, building: Building, vehicles: dict[str, int]) -> None:
        self.building, self.vehicles = building, vehicles


def text_board(state: State) -> str:
    """The position as text: a header with the counters, each floor as a grid, then every piece by kind.

    The grid has one glyph a space: a firefighter's initial (capital if it carries something), ``F`` fire, ``s``
    smoke, ``?`` face-down point of interest, ``V`` victim, ``H`` hazmat, ``*`` hot spot, ``O`` a standing object
    (the car, lab equipment), ``t`` a toxic marker, ``#`` a destroyed floor, ``.`` empty; row 0 and the last row
    are the outside ring. As a space can hold several pieces, the lines under the grid list everything the
    position holds, one kind a line (an empty kind is left out): firefighters (space, card, AP, pools, what they
    carry), fire, smoke, hot spots, points of interest, hazmats, wall damage, doors and windows not closed, jam
    markers, vehicles, objects (cubes / capacity, and those gone off), toxic markers, floor damage, ladders, the
    platform, cubes out of play, the supplies, the steps due and the last roll. Two different positions give
    different text.

    >>> from explorer.flashpoint import new_game
    >>> board = str(new_game(players=1, seed=1)).splitlines()
    >>> board[3]
    ' . . F F ? . . . . .'
    >>> board[9:11]
    ['options: family', 'firefighters: red not placed yet (Firefighter, 0 AP)']
    """
    b = state.building
    lines = [f"Flash Point, {b.name}: {state.phase}, rescued {state.rescued}, lost {state.lost}, "
             f"damage {state.damage}/{DAMAGE_CUBES}"]
    for floor in b.floors.values():
        prefix = "" if floor is next(iter(b.floors.values())) else f"{floor.id}:"
        if len(b.floors) > 1:
            lines.append(f"-- {floor.name} (level {floor.level}){'' if prefix else ', spaces r,c'}"
                         f"{', spaces ' + prefix + 'r,c' if prefix else ''}")
        for r in range(floor.rows + 2):
            row = []
            for c in range(floor.cols + 2):
                s = f"{prefix}{r},{c}"
                row.append(_glyph(state, s) if s in b.spaces_by_id else " ")
            lines.append(" " + " ".join(row))
    lines += _piece_lines(state)
    return "\n".join(lines)


def _piece_lines(state: State) -> list[str]:
    """The lines under the grid of :func:`text_board`: every piece of the position, by kind."""
    b = state.building

    def spaces(group: Any) -> str:
        return " ".join(_sorted(b, group))

    def edges(mapping: Mapping[frozenset[str], Any], word: Callable[[Any], str]) -> str:
        return ", ".join(f"{edge_text(*sorted(e))} {word(v)}" for e, v in sorted(mapping.items(),
                                                                                 key=lambda kv: sorted(kv[0])))

    ffs = []
    for k, f in enumerate(state.firefighters):
        pools = [f"+{getattr(f, p)} {p.split('_')[0]}" for p in ("command_ap", "extinguish_ap", "move_ap")
                 if getattr(f, p)]
        held = [f"carrying a {f.carrying}"] if f.carrying else []
        where = f.space if f.space is not None else "not placed yet"
        to_act = " (to act)" if k == state.turn and len(state.firefighters) > 1 and state.phase != "over" else ""
        ffs.append(f"{f.name}{to_act} {where} ({', '.join([f.card.name, f'{f.ap} AP'] + pools + held)})")
    info = object_info(b)
    standing = [f"{oid} {n}/{info[oid]['capacity']}" for oid, n in sorted(state.objects.items())]
    gone = [oid for oid in info if oid not in state.objects and (
        state.options.objects if info[oid]["kind"] == "explosive" else state.options.chemical_spill)]
    vehicles = [f"{v} {' '.join(b.parking(v)[k])}" for v, k in sorted(state.vehicles.items())]
    supplies = (f"unseen markers: {state.unknown_victims} victims, {state.unknown_false_alarms} false alarms; "
                f"hot spots in supply {state.hot_spot_supply}")
    flags = [name for name, on in (("started on the engine", state.started_on_engine),) if on]
    flags += [f"CAFS commanded {state.cafs_commanded} AP"] if state.cafs_commanded else []
    steps = ", ".join(" ".join(x for x in (st.kind, st.purpose, st.space) if x) for st in state.pending)
    o = state.options
    extras = [name.replace("_", " ") for name in ("objects", "chemical_spill", "platform", "basement_ladder",
                                                   "floor_bridge") if getattr(o, name)] if is_extreme(b) else []
    rows = [
        ("options", ", ".join([f"{o.mode}{' ' + o.level if o.level else ''}"] + extras)),
        ("firefighters", "; ".join(ffs)),
        ("fire", spaces(state.fire)), ("smoke", spaces(state.smoke)), ("hot spots", spaces(state.hot_spots)),
        ("points of interest", ", ".join(f"{s} {state.pois[s]}" for s in _sorted(b, state.pois))),
        ("hazmats", ", ".join(f"{s} x{state.hazmats[s]}" for s in _sorted(b, state.hazmats))),
        ("wall damage", edges(state.wall_damage, lambda n: f"{n} cube{'s' if n != 1 else ''}")),
        ("doors and windows", edges({e: v for e, v in state.doors.items() if v != "closed"}, str)),
        ("jam markers", edges(state.jams, lambda n: f"x{n}")),
        ("vehicles", ", ".join(vehicles)),
        ("objects", ", ".join(standing + [f"{oid} gone off" for oid in gone])),
        ("toxic markers", spaces(state.toxic)),
        ("floors", ", ".join(f"{s} {state.floor_damage[s]}" for s in _sorted(b, state.floor_damage))),
        ("ladders", ", ".join(state.ladders)),
        ("platform", state.platform or ""),
        ("cubes out of play", str(state.damage_out) if state.damage_out else ""),
        ("supply", supplies),
        ("turn", "; ".join(flags)),
        ("due", steps),
        ("last roll", " ".join(map(str, state.last_roll)) if state.last_roll else ""),
        ("dice", f"seed {state.rng.seed}, {state.rng.draws} draws"),
    ]
    return [f"{name}: {text}" for name, text in rows if text]


def _glyph(state: State, s: str) -> str:
    for f in state.firefighters:
        if f.space == s:
            return f.name[0].upper() if f.carrying else f.name[0]
    if s in state.fire:
        return "F"
    if s in state.smoke:
        return "s"
    if s in state.pois:
        return "?" if state.pois[s] == "hidden" else "V"
    if s in state.hazmats:
        return "H"
    if s in state.hot_spots:
        return "*"
    if state.object_at(s) is not None:
        return "O"
    if s in state.toxic:
        return "t"
    if state.floor_damage.get(s) == "destroyed":
        return "#"
    return "."
