"""Setting up Flash Point (sources B.4; seed 003 for Extreme Danger): the fire, the points of interest, hazmats
and hot spots (rolled, as chance steps), then the players' choices: vehicles, specialists and where each
firefighter starts.

>>> from explorer.flashpoint import new_game
>>> s = new_game(players=2, seed=1)
>>> sorted(s.pois), len(s.fire), s.phase, [str(a) for a in s.legal_actions()][:2]
(['2,4', '5,1', '5,8'], 10, 'setup', ['place 0,0', 'place 0,1'])
"""

from __future__ import annotations

import functools
import reprlib
from collections.abc import Mapping, Sequence
from typing import Any

from explorer.core import Event, IllegalAction, InvalidData, Rng, new_seed

from .actions import ChooseRole, Park, Place
from .building import Building
from .ladders import LADDERS
from .components import (COLOURS, FALSE_ALARMS, HOT_SPOT_SUPPLY, LEVELS, MAX_PLAYERS, MIN_PLAYERS, POIS_ON_BOARD,
                         ROLES, VICTIMS)
from .rules import RULES
from .state import Firefighter, Options, State, Step, is_extreme, object_info
from .work import Work

__all__ = ["new_game", "initial_state", "setup_roll", "apply_decision", "legal_decisions",
           "why_not"]

FAMILY_EXPLOSIONS = 3
"""Explosions rolled for a Family game on a building without a printed Family fire (seed 003)."""
ED_EXTRA_EXPLOSIONS = 1
"""Extreme Danger, Experienced: one more initial explosion, with its hot spot (seed 003 "Explosões Iniciais")."""
ED_EXTRA_HOT_SPOTS = 3
"""Extreme Danger, Experienced: 3 hot spots rolled onto the building, and 3 more added to the supply (seed 003)."""
ED_POIS_PER_FLOOR = 2
"""Extreme Danger, Experienced: at most 2 of the first points of interest on one floor (seed 003)."""


def new_game(players: int = 4, seed: int | None = None, *, building: Building | str | None = None,
             mode: str = "family", level: str | None = None, objects: bool = True,
             chemical_spill: bool = True, platform: bool = False, basement_ladder: bool = False,
             floor_bridge: bool = False) -> State:
    """A Flash Point game, set up: the set-up rolls are made from ``seed``; the state waits for the players'
    own set-up choices (vehicles, specialists, starting spaces).

    Args:
        players: firefighters in play, 1-6 (one person may play several).
        seed: the random seed (``None``: a fresh one).
        building: a :class:`Building`, or a shipped building's key (:meth:`Building.shipped`: ``front`` and
            ``back`` for the base board's sides, the default being ``front``; ``garage``, ``laboratory``,
            ``garage_basement``, ``laboratory_attic`` for Extreme Danger).
        mode: ``family`` (pre-set fire, 4 AP, no specialists) or ``experienced``.
        level: Experienced only: ``recruit``, ``veteran`` or ``heroic``.
        objects: Extreme Danger: play with the explosive objects (the car, the lab equipment).
        chemical_spill: Extreme Danger: play with the toxic lab equipment.
        platform: Extreme Danger, Experienced: the hydraulic platform on the engine (no deck gun then).
        basement_ladder: Extreme Danger: ladders may reach the basement through a destroyed floor.
        floor_bridge: Extreme Danger: a ladder may bridge a destroyed floor.

    Raises:
        InvalidData: for a bad player count, mode, level, option or building.
    """
    return initial_state(players, seed, building=building, mode=mode, level=level, objects=objects,
                         chemical_spill=chemical_spill, platform=platform, basement_ladder=basement_ladder,
                         floor_bridge=floor_bridge).resolve_chance()


def initial_state(players: int = 4, seed: int | None = None, *, building: Building | str | None = None,
                  mode: str = "family", level: str | None = None, objects: bool = True,
                  chemical_spill: bool = True, platform: bool = False, basement_ladder: bool = False,
                  floor_bridge: bool = False) -> State:
    """The game before any set-up roll (a chance node unless the Family fire is printed): for tutorials that
    force the set-up rolls. Arguments as :func:`new_game`.

    Raises:
        InvalidData: for a bad player count, mode, level or building.
    """
    problems = []
    if isinstance(players, bool) or not isinstance(players, int) or not MIN_PLAYERS <= players <= MAX_PLAYERS:
        problems.append(f"players must be a whole number {MIN_PLAYERS}-{MAX_PLAYERS}, got {players!r}")
    try:
        options = Options(mode, level, objects, chemical_spill, platform, basement_ladder, floor_bridge)
    except ValueError as e:
        problems.append(str(e))
    house = None
    if building is None:
        house = Building.default()
    elif isinstance(building, Building):
        house = building
    elif isinstance(building, str) and building in Building.shipped():
        house = Building.named(building)
    elif isinstance(building, Mapping):
        try:
            house = Building.from_dict(building, what="the building option")
        except InvalidData as err:
            problems += [f"building: {p}" for p in err.problems]
    else:
        shown = reprlib.repr(building)
        problems.append(f"building must be a Building, its to_dict() data, or one of "
                        f"{', '.join(Building.shipped())}; got {shown}")
    if house is not None and not problems:
        problems += _option_problems(house, options)
    if seed is not None and (isinstance(seed, bool) or not isinstance(seed, int) or not 0 <= seed < 2**63):
        problems.append(f"seed must be a whole number from 0 to 2**63-1, got {reprlib.repr(seed)}")
    if problems:
        raise InvalidData("Flash Point options", problems)
    assert house is not None
    rng = Rng(new_seed() if seed is None else seed)
    extreme = is_extreme(house)
    steps: list[Step] = []
    fire_spaces: frozenset[str] = frozenset()
    pois: dict[str, str] = {}
    hot_spots = HOT_SPOT_SUPPLY if options.experienced else 0
    if options.mode == "family" and house.family_fire is not None:
        fire_spaces = frozenset(house.family_fire)
        pois = {s: "hidden" for s in house.family_pois or ()}
    elif options.mode == "family":
        steps += [Step("roll", "family-explosion")] * FAMILY_EXPLOSIONS
        steps += [Step("roll", "setup-poi")] * POIS_ON_BOARD
    else:
        lv = LEVELS[options.level or "recruit"]
        if extreme:
            # seed 003: the first explosion is rolled like the others, one more explosion, 3 more hot spots
            steps += [Step("roll", "explosion")] * (lv.explosions + ED_EXTRA_EXPLOSIONS)
        else:
            steps.append(Step("first-explosion"))
            steps += [Step("roll", "explosion")] * (lv.explosions - 1)
        steps += [Step("roll", "hazmat")] * lv.hazmats
        if extreme:
            steps += [Step("roll", "hot-spot")] * ED_EXTRA_HOT_SPOTS
            hot_spots += 2 * ED_EXTRA_HOT_SPOTS
        steps += [Step("roll", "setup-poi")] * POIS_ON_BOARD
    standing = {oid: 0 for oid, info in object_info(house).items()
                if (info["kind"] == "explosive" and options.objects)
                or (info["kind"] == "toxic" and options.chemical_spill)}
    ffs = tuple(Firefighter(COLOURS[k]) for k in range(players))
    ladders: tuple[str, ...] = ()
    if len(house.floors) > 1:
        if options.experienced or not house.parking("engine"):
            ladders = ("engine",) * LADDERS if house.parking("engine") else ()
        else:
            ladders = (f"lying:{house.parking('engine')[0][0]}",) * LADDERS
    return State(building=house, options=options, firefighters=ffs, turn=0, phase="setup", pending=tuple(steps),
                 smoke=frozenset(), fire=fire_spaces, pois=pois, hazmats={}, hot_spots=frozenset(), wall_damage={},
                 doors={frozenset(d): "closed" for d in house.doors()}
                 | {frozenset(e): "closed" for e in _edges_of(house, ("fireproof_door", "window"))},
                 damage_out=0, rescued=0, lost=0, unknown_victims=VICTIMS, unknown_false_alarms=FALSE_ALARMS,
                 hot_spot_supply=hot_spots, vehicles={}, started_on_engine=False, cafs_commanded=0, last_roll=None,
                 objects=standing, toxic=frozenset(), floor_damage={}, jams={}, rng=rng, ladders=ladders)


def _option_problems(house: Building, options: Options) -> list[str]:
    """Options the building cannot support (each Extreme Danger option needs its part of a building)."""
    problems = []
    levels = {f.level for f in house.floors.values()}
    if options.experienced and not (house.parking("engine") and house.parking("ambulance")):
        problems.append(f"the Experienced game needs parking spots for the engine and the ambulance; "
                        f"{house.name} has none for " + " and ".join(
                            v for v in ("engine", "ambulance") if not house.parking(v)))
    if options.platform and not any(level >= 1 for level in levels):
        problems.append(f"platform: the hydraulic platform reaches upper storeys; {house.name} has one storey")
    for name in ("basement_ladder", "floor_bridge"):
        if getattr(options, name) and -1 not in levels:
            problems.append(f"{name}: needs a basement under the ground floor; {house.name} has none")
    return problems


def _edges_of(house: Building, kinds: Sequence[str]) -> list[tuple[str, str]]:
    return [(e.a, e.b) for e in house.edges.values() if e.kind in kinds]


def setup_roll(work: Work, purpose: str, target: str, *, first: bool = False) -> None:
    """Resolve a set-up roll on ``target``.

    ``explosion`` (Experienced, ``flashpoint.setup.explosions``): fire and a hot spot on the target, then it
    explodes. ``family-explosion`` (a Family game without a printed fire, seed 003): the same without damage or
    hot spot. ``hazmat`` (``flashpoint.setup.hazmats``): a hazmat marker. ``setup-poi``
    (``flashpoint.setup.pois``): a face-down point of interest. ``hot-spot`` (Extreme Danger): a hot spot.

    Rolled again (``flashpoint.assume.setup-rerolls``; seed 003 for objects): any target under an explosive
    object; an explosion onto fire; a hazmat onto fire or a hazmat; a point of interest onto fire or another point
    of interest; a hot spot onto a hot spot. Extreme Danger, Experienced (seed 003): an explosion on a level that
    already has one while the explosions left are needed for the levels still without one; a point of interest
    on a floor that already has 2.
    """
    problem = _setup_problem(work, purpose, target)
    if problem is not None:
        work.log("flashpoint.ed.objects" if "under the" in problem else "flashpoint.assume.setup-rerolls",
                 f"{target} {problem}: roll again", target)
        if _any_valid(work, purpose):
            work.front.append(Step("roll", purpose))
        else:
            work.log("flashpoint.assume.setup-rerolls", f"no space can take this {purpose.replace('-', ' ')}: it "
                     f"is skipped")
        return
    if purpose in ("explosion", "family-explosion"):
        family = purpose == "family-explosion"
        work.fire.add(target)
        work.log("flashpoint.setup.explosions", ("first initial explosion (black die) on " if first
                 else "initial explosion on ") + target, target)
        if not family:
            work.add_hot_spot(target, "flashpoint.setup.explosions")
        from .fire import explode
        explode(work, target, damage=not family)
    elif purpose == "hazmat":
        work.hazmats[target] = 1
        work.log("flashpoint.setup.hazmats", f"a hazmat on {target}", target)
    elif purpose == "hot-spot":
        work.add_hot_spot(target, "flashpoint.ed.setup")
    elif purpose == "setup-poi":
        work.pois[target] = "hidden"
        work.log("flashpoint.setup.pois", f"a point of interest on {target}", target)
    else:
        raise AssertionError(f"unknown set-up roll {purpose}")


def _setup_problem(work: Work, purpose: str, target: str) -> str | None:
    """Why a set-up roll on ``target`` is rolled again (see :func:`setup_roll`), or ``None``."""
    if work.object_at(target) is not None:
        return f"is under the {work.object_at(target)}"
    if work.floor_damage.get(target) == "destroyed":
        return "is a destroyed floor"
    if purpose in ("explosion", "family-explosion"):
        if target in work.fire:
            return "is already on fire"
        if purpose == "explosion" and _level_needed(work, target):
            return "is on a level that already has an explosion, while another level has none"
    elif purpose == "hazmat":
        if target in work.fire or target in work.hazmats:
            return "holds fire or a hazmat"
    elif purpose == "hot-spot":
        if target in work.hot_spots:
            return "already has a hot spot"
    elif purpose == "setup-poi":
        if target in work.fire or target in work.pois:
            return "holds fire or a point of interest"
        b = work.building
        if work.experienced and sum(1 for f in b.floors.values() if f.die_cols) > 1:
            floor = b.spaces_by_id[target].floor
            if sum(1 for s in work.pois if b.spaces_by_id[s].floor == floor) >= ED_POIS_PER_FLOOR:
                return f"is on a floor that already has {ED_POIS_PER_FLOOR} points of interest"
    return None


def _any_valid(work: Work, purpose: str) -> bool:
    """True if some roll could still place this set-up piece (else it is skipped, not rolled for ever)."""
    from .flow import die_faces, roll_target
    return any(_setup_problem(work, purpose, roll_target(work.base, r, c)) is None
               for r in range(1, 7) for c in range(1, die_faces(work.base) + 1))


def _level_needed(work: Work, target: str) -> bool:
    """Extreme Danger, Experienced: True if ``target``'s level already has an initial explosion while the
    explosions still to roll (this one included) are all needed for the levels without one (seed 003)."""
    b = work.building
    if len(b.floors) < 2 or not work.experienced:
        return False
    levels = {b.spaces_by_id[s].floor for s in b.spaces(inside=True) if b.floors[b.spaces_by_id[s].floor].die_cols}
    hit = {b.spaces_by_id[s].floor for s in work.hot_spots}  # every initial explosion leaves a hot spot
    hit |= {b.spaces_by_id[s].floor for s in work.fire}
    missing = levels - hit
    left = 1 + sum(1 for st in work.rest if st.kind == "roll" and st.purpose == "explosion")
    return bool(missing) and b.spaces_by_id[target].floor in hit and left <= len(missing)


# ---- the players' set-up choices ---------------------------------------------------------------------------
def _next_choice(state: State) -> str | None:
    """What the set-up waits for: ``park engine``, ``park ambulance``, ``role``, ``place``, or ``None`` (done)."""
    if state.options.experienced:
        for vehicle in ("engine", "ambulance"):
            if vehicle not in state.vehicles and state.building.parking(vehicle):
                return f"park {vehicle}"
    f = state.firefighters[state.turn]
    if state.options.experienced and f.role not in ROLES:
        return "role"
    if f.space is None:
        return "place"
    return None


def legal_decisions(state: State) -> list[Any]:
    """The set-up choices open now, in a fixed order."""
    choice = _next_choice(state)
    if choice is None:
        return []
    if choice.startswith("park"):
        vehicle = choice.split()[1]
        return [_intern(Park, vehicle, spot[0]) for spot in state.building.parking(vehicle)]
    if choice == "role":
        taken = {f.role for f in state.firefighters}
        return [_intern(ChooseRole, r) for r in ROLES if r not in taken]
    return list(_places(state.building))


@functools.cache
def _places(building: Building) -> tuple[Place, ...]:
    """``place`` on each start space of ``building`` (outside the ground floor), made once per building."""
    ground = next(iter(building.floors))
    return tuple(Place(s) for s in building.spaces(ground, inside=False))


@functools.cache
def _intern(kind: type, *args: str) -> Any:
    """The action ``kind(*args)``, made once (actions are immutable values)."""
    return kind(*args)


def why_not(state: State, action: Any) -> IllegalAction | None:
    """Why a set-up choice is refused (``None`` if it is legal)."""
    choice = _next_choice(state)
    if isinstance(action, Park):
        if choice is None or not choice.startswith("park"):
            return IllegalAction(RULES["flashpoint.setup.vehicles"], "the vehicles are already parked"
                                 if state.options.experienced else "the Family game has no vehicles", action=action)
        if action.vehicle != choice.split()[1]:
            return IllegalAction(RULES["flashpoint.setup.vehicles"], f"park the {choice.split()[1]} first",
                                 action=action)
        spot = next((spot for spot in state.building.parking(action.vehicle) if action.space in spot), None)
        if spot is not None:
            return IllegalAction(RULES["flashpoint.setup.vehicles"], f"a parking spot is named by its first square, "
                                 f"{spot[0]}", action=action, notation=f"park {action.vehicle} {spot[0]}")
        return IllegalAction(RULES["flashpoint.setup.vehicles"], f"{action.space} is not on a parking spot of the "
                             f"{action.vehicle}", action=action)
    if isinstance(action, ChooseRole):
        if choice != "role":
            return IllegalAction(RULES["flashpoint.setup.specialist"], "no specialist to choose now" +
                                 ("" if state.options.experienced else " (the Family game has none)"), action=action)
        if action.role not in ROLES:
            return IllegalAction(RULES["flashpoint.setup.specialist"], f"there is no specialist card called "
                                 f"“{action.role}”; the cards are {', '.join(r.name for r in ROLES.values())}",
                                 action=action, notation="role <" + "|".join(ROLES) + ">")
        return IllegalAction(RULES["flashpoint.setup.specialist"], f"another firefighter already is the "
                             f"{ROLES[action.role].name}", action=action)
    if isinstance(action, Place):
        if choice != "place":
            return IllegalAction(RULES["flashpoint.setup.place"], f"first {_CHOICE_WORDS.get(choice, choice)}",
                                 action=action, notation=choice + (" <spot>" if choice.startswith("park") else
                                                                   " <card>"))
        return IllegalAction(RULES["flashpoint.setup.place"], f"firefighters start outside the building; "
                             f"{action.space} is inside", action=action)
    return IllegalAction(RULES["flashpoint.setup.place"], f"the game is being set up (the turns have not begun): "
                         f"{_CHOICE_WORDS.get(choice, 'nothing is due')} first",
                         action=action)


_CHOICE_WORDS = {"park engine": "park the fire engine", "park ambulance": "park the ambulance",
                 "role": "take a specialist card", "place": "start the firefighter on a square outside"}
"""The set-up choice due, in words (refusals)."""


def apply_decision(state: State, action: Any) -> tuple[State, list[Event]]:
    """Carry out a (legal) set-up choice."""
    work = Work(state)
    f = state.firefighters[state.turn]
    if isinstance(action, Park):
        spots = state.building.parking(action.vehicle)
        index = next(k for k, spot in enumerate(spots) if action.space in spot)
        work.log("flashpoint.setup.vehicles", f"the {action.vehicle} parks at {' '.join(spots[index])}", *spots[index])
        extra = {}
        if action.vehicle == "engine" and state.options.platform:
            extra["platform"] = spots[index][0]
            work.log("flashpoint.ed.platform", f"the hydraulic platform stands on the engine at {spots[index][0]}",
                     spots[index][0])
        return work.state(vehicles={**state.vehicles, action.vehicle: index}, **extra), work.events
    if isinstance(action, ChooseRole):
        work.firefighters[state.turn] = f.but(role=action.role)
        work.log("flashpoint.setup.specialist", f"{f.name} is the {ROLES[action.role].name}")
        return work.state(), work.events
    work.firefighters[state.turn] = f.but(space=action.space)
    work.log("flashpoint.setup.place", f"{f.name} starts on {action.space}", action.space)
    new = work.state()
    if state.turn + 1 < len(state.firefighters):
        return new.replace(turn=state.turn + 1), work.events
    from .flow import start_turn
    new, more = start_turn(new, 0)
    return new, [*work.events, *more]
