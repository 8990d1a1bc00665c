"""Advance fire (sources B.5, B.7): the roll's smoke, fire or explosion, shockwaves, flashover, hazmats and hot
spots, then knock-downs and lost victims. Each function states its rule and works on a :class:`~.work.Work`.

Order of one fire advance (``flashpoint.fire.*``):

1. :func:`advance_fire` on the rolled target: smoke, smoke to fire, or an :func:`explode` (with shockwaves);
2. :func:`flashover` until stable; 3. hazmats in fire explode (:func:`ignite_hazmats`), with flashovers again;
4. a hot spot where the roll exploded; 5. a flare-up (another roll) if the target held a hot spot;
6. after the last roll, :func:`knock_down` and :func:`lose_victims` (see :mod:`.flow`).
"""

from __future__ import annotations

from .actions import edge_text
from .components import DAMAGE_CUBES, WALL_STRENGTH
from .state import Step, object_info
from .work import DIRECTIONS, Work, compass, neighbour

SPILL_MARKERS = 6
"""Toxic markers a chemical spill lays: one on the equipment's space and 5 along its path (seed 003)."""
FLOOR_CUBES = 2
"""Damage cubes a destroyed floor takes out of play (seed 003)."""

__all__ = ["advance_fire", "explode", "blast", "flashover", "ignite_hazmats", "knock_down", "lose_victims",
           "knock_down_destination", "redirect", "damage_object", "object_goes_off", "damage_floor",
           "destroy_floor", "spill_options", "place_toxic"]


def advance_fire(work: Work, target: str, *, flare_up: bool = False) -> None:
    """Resolve a fire-advance roll on the inside space ``target`` (``flashpoint.fire.roll``).

    An empty space gets smoke, smoke turns to fire, fire explodes (``flashpoint.fire.smoke``,
    ``flashpoint.fire.explosion``). Then flashovers, hazmats, the explosion's hot spot, and a flare-up roll queued
    if ``target`` held a hot spot (``flashpoint.fire.flare-up``).
    """
    had_hot_spot = target in work.now("hot_spots")
    exploded = False
    what = "flare-up roll" if flare_up else "the fire advances"
    if target in work.fire:
        work.log("flashpoint.fire.explosion", f"{what} to {target}, already on fire: an explosion", target,
                 kind="explosion")
        explode(work, target)
        exploded = True
    elif target in work.smoke:
        work.smoke.discard(target)
        work.fire.add(target)
        work.log("flashpoint.fire.smoke", f"{what} to {target}: its smoke turns to fire", target)
    else:
        work.smoke.add(target)
        work.log("flashpoint.fire.smoke", f"{what} to {target}: smoke", target)
    flashover(work)
    ignite_hazmats(work)
    collapse_burning_ladders(work)
    if exploded and work.now("floor_damage").get(target) != "destroyed":
        work.add_hot_spot(target, "flashpoint.assume.hot-spot-at-explosion")
    if had_hot_spot and work.experienced:
        work.log("flashpoint.fire.flare-up", f"{target} held a hot spot: the fire flares up, roll again", target)
        work.front.append(Step("roll", "flare-up"))


def explode(work: Work, origin: str, *, damage: bool = True) -> None:
    """An explosion on ``origin`` blasts north, east, south and west (``flashpoint.fire.explosion``).

    In each direction: a wall takes a damage cube and stops the blast (``flashpoint.fire.damage``; one cube
    destroys a light wall, ``flashpoint.ed.light-wall``); a window, open or closed, takes a cube like a wall and
    is destroyed by it (``flashpoint.ed.window``: unlike a door, an open window is not blown away); a closed
    door is blown off and stops it, an open door is blown off and lets it through (``flashpoint.fire.door-blown``,
    ``flashpoint.assume.open-door-blown``); a closed fireproof door holds and may jam
    (``flashpoint.ed.fireproof-door``); the outside stops it, with an event saying so
    (``flashpoint.assume.outside-fire``); a destroyed floor stops it (``flashpoint.assume.no-fire-in-holes``); a space without fire catches fire; a space on
    fire passes a shockwave on in the same direction (``flashpoint.fire.shockwave``). Blasts keep to their level,
    never taking a staircase (``flashpoint.assume.fire-stays-on-its-level``): :func:`.work.neighbour` looks only
    across the floor. ``damage=False`` is the Family set-up's explosion that places no damage cubes (seed 003).
    """
    for direction in DIRECTIONS:
        blast(work, origin, direction, damage=damage)
    if damage:  # the Family set-up's explosions place no damage, floors included (seed 003)
        damage_floor(work, origin)


def blast(work: Work, origin: str, direction: str, *, damage: bool = True) -> None:
    """One direction of an explosion from ``origin`` (see :func:`explode`)."""
    here = origin
    while True:
        there = neighbour(work, here, direction)
        if there is None:
            return
        key = frozenset((here, there))
        kind = work.edge_kind(here, there)
        if kind in WALL_STRENGTH and work.wall_damage.get(key, 0) < WALL_STRENGTH[kind]:
            # a window takes the blast like a wall segment, open or closed: unlike a door, an open window is
            # not blown away, and one cube destroys it (flashpoint.ed.window)
            if damage:
                work.place_damage(key, f"the blast from {origin}")
            return
        if kind == "door" or (kind == "fireproof_door" and work.doors.get(key) == "open"):
            # only a *closed* fireproof door resists a blast (seed 003); an open one goes like any open door
            state = work.doors.get(key, "closed")
            if state != "destroyed":
                work.doors[key] = "destroyed"
                work.log("flashpoint.fire.door-blown",
                         f"the blast from {origin} blows off the {state} {kind.replace('_', ' ')} at "
                         f"{edge_text(here, there)}", here, there)
                if state == "closed":
                    return
        if kind == "fireproof_door" and work.doors.get(key, "closed") in ("closed", "jammed"):
            if work.doors[key] == "jammed":
                work.jams[key] = work.jams.get(key, 0) + 1
                work.log("flashpoint.ed.fireproof-door", f"the blast from {origin} hits the jammed fireproof door at "
                         f"{edge_text(here, there)}: it holds and takes another jam marker", here, there)
            else:
                work.log("flashpoint.ed.fireproof-door", f"the blast from {origin} hits the closed fireproof door "
                         f"at {edge_text(here, there)}: it holds; roll the red die for a jam", here, there)
                work.front.append(Step("fireproof", "", edge_text(here, there)))
            return
        if not work.building.spaces_by_id[there].inside:
            work.log("flashpoint.assume.outside-fire", f"the blast from {origin} leaves the building at "
                     f"{edge_text(here, there)}: nothing happens outside", here, there)
            return
        if work.floor_damage.get(there) == "destroyed":
            return
        oid = work.object_at(there)
        if oid is not None:
            if damage:
                damage_object(work, oid, f"the blast from {origin}")
            return
        if there in work.fire:
            work.log("flashpoint.fire.shockwave", f"{there} is already on fire: the shockwave travels on "
                     f"{ {'N': 'north', 'E': 'east', 'S': 'south', 'W': 'west'}[direction]}", there)
            here = there
            continue
        work.smoke.discard(there)
        work.fire.add(there)
        work.log("flashpoint.fire.explosion", f"the blast from {origin} sets {there} on fire", there)
        return


def flashover(work: Work) -> None:
    """Smoke next to fire, with nothing closed between them, turns to fire, again and again until no smoke
    touches fire (``flashpoint.fire.flashover``)."""
    near = compass(work.building)

    def lit_by(space: str) -> str | None:
        for other in near[space].values():
            if other in work.fire and work.is_open(space, other):
                return other
        return None

    frontier = [(s, by) for s in sorted(work.smoke) if (by := lit_by(s)) is not None]
    while frontier:
        space, by = frontier.pop(0)
        if space not in work.smoke:
            continue
        work.smoke.discard(space)
        work.fire.add(space)
        work.log("flashpoint.fire.flashover", f"flashover: the smoke on {space} next to the fire on {by} ignites",
                 space)
        for other in near[space].values():
            if other in work.smoke and work.is_open(space, other):
                frontier.append((other, space))


def ignite_hazmats(work: Work) -> None:
    """Each hazmat marker on a space on fire explodes (one explosion per marker), leaving a hot spot on the
    space; flashovers follow; repeat while fire reaches more hazmats (``flashpoint.fire.hazmat``)."""
    while True:
        burning = [s for s in sorted(work.now("hazmats")) if s in work.fire]
        if not burning:
            return
        for space in burning:
            count = work.hazmats.pop(space)
            for k in range(count):
                work.log("flashpoint.fire.hazmat", f"the hazmat on {space} catches fire and explodes", space,
                         kind="explosion")
                explode(work, space)
            work.add_hot_spot(space, "flashpoint.fire.hazmat")
        flashover(work)


def knock_down_destination(work: Work, space: str) -> str:
    """Where a firefighter knocked down on ``space`` goes (``flashpoint.fire.knock-down``).

    Experienced: the ambulance's spot, the nearer of its two spaces; Family: the nearest ambulance parking space
    (``flashpoint.assume.knock-down-family``); ties go to the first in the building's data order. Distance is
    counted in rows and columns of the space's own floor.
    """
    state = work.base
    spots = state.building.parking("ambulance")
    if state.options.experienced and "ambulance" in state.vehicles:
        candidates = list(spots[state.vehicles["ambulance"]])
    else:
        candidates = [s for spot in spots for s in spot]
    if not candidates:
        candidates = list(state.building.spaces(next(iter(state.building.floors)), inside=False))
    by_id = state.building.spaces_by_id
    sp = by_id[space]
    return min(candidates, key=lambda c: abs(by_id[c].row - sp.row) + abs(by_id[c].col - sp.col))


def _knock_down_one(work: Work, k: int, why: str) -> None:
    f = work.firefighters[k]
    if f.carrying in ("victim", "treated victim"):
        work.lost += 1
        work.log("flashpoint.fire.lost", f"the {f.carrying} {f.name} carried on {f.space} is lost", f.space,
                 kind="lost")
    elif f.carrying == "hazmat":
        work.hazmats[f.space] = work.hazmats.get(f.space, 0) + 1
        work.log("flashpoint.fire.knock-down", f"{f.name} drops the hazmat on {f.space}", f.space)
    for i, ladder in enumerate(work.ladders):
        if ladder == f"carried:{f.name}":
            work.ladders[i] = f"lying:{f.space}"
            work.log("flashpoint.ed.ladder", f"{f.name} drops the ladder on {f.space}", f.space)
    dest = knock_down_destination(work, f.space)
    work.log("flashpoint.fire.knock-down", f"{f.name} is knocked down ({why}) on {f.space} and taken to {dest}",
             f.space, dest, kind="knock-down")
    work.firefighters[k] = f.but(space=dest, carrying=None)


def knock_down(work: Work) -> None:
    """Every firefighter on a space on fire is knocked down: it goes to the ambulance (see
    :func:`knock_down_destination`); a victim it carried or led is lost, a hazmat it carried is left on the space
    (``flashpoint.fire.knock-down``)."""
    for k, f in enumerate(work.firefighters):
        if f.space in work.fire:
            _knock_down_one(work, k, "fire")


def lose_victims(work: Work) -> None:
    """Victims on spaces on fire are lost; face-down points of interest there are turned over first (a chance
    step each, queued): a victim is lost, a false alarm just leaves (``flashpoint.fire.lost``)."""
    for space in sorted(work.pois):
        if space in work.fire:
            _lose_on(work, space, "caught by the fire")


# ---- Extreme Danger (seed 003, "Fase de Avanço do Fogo") ---------------------------------------------------------
def redirect(work: Work, target: str, purpose: str) -> str | None:
    """The valid target for a roll on ``target``, or ``None`` to roll again.

    A target under a standing object is invalid: follow the arrows printed on its spaces
    (``flashpoint.ed.arrows``). For a point of interest a toxic marker's space is invalid too (arrows if any,
    else roll again: ``flashpoint.assume.no-arrow``), and a destroyed floor sends it to the basement space below
    (``flashpoint.ed.floor``; the fire roll does the same, ``flashpoint.assume.fire-through-floor``).
    """
    seen = set()
    while True:
        if target in seen:
            return None
        seen.add(target)
        blocked = work.object_at(target) is not None or (purpose == "poi" and target in work.toxic)
        if blocked:
            arrow = work.building.floors[work.building.spaces_by_id[target].floor].arrows.get(target)
            if arrow is None:
                work.log("flashpoint.assume.no-arrow", f"{target} is not a valid target and has no arrow: roll "
                         f"again", target)
                return None
            work.log("flashpoint.ed.arrows", f"{target} is not a valid target: the arrow sends the roll to {arrow}",
                     target, arrow)
            target = arrow
            continue
        if work.floor_damage.get(target) == "destroyed":
            below = work.building.below(target)
            if below is None:
                return None
            rule = "flashpoint.ed.floor" if purpose == "poi" else "flashpoint.assume.fire-through-floor"
            work.log(rule, f"the floor of {target} is destroyed: the roll drops to {below}", target, below)
            target = below
            continue
        return target


def damage_object(work: Work, oid: str, why: str) -> None:
    """A blast reaching an object's space puts a damage cube on the object instead of fire; at its capacity the
    object goes off (``flashpoint.ed.objects``)."""
    if work.damage >= DAMAGE_CUBES:
        return
    info = object_info(work.building)[oid]
    work.objects[oid] += 1
    work.log("flashpoint.ed.objects", f"{why} damages the {oid} ({work.objects[oid]}/{info['capacity']})",
             *info["spaces"])
    if work.objects[oid] >= info["capacity"]:
        object_goes_off(work, oid)


def object_goes_off(work: Work, oid: str) -> None:
    """An object at its damage capacity goes off (seed 003).

    Explosive, two spaces (the car, the large lab equipment): fire and a hot spot on both spaces, the marker and
    its damage cubes leave play, and an explosion radiates from the object in six directions. Explosive, one
    space (the small lab equipment): fire and a hot spot, then two explosions from the space, one after the other
    (``flashpoint.ed.objects``). Toxic: a chemical spill (``flashpoint.ed.spill``).
    """
    info = object_info(work.building)[oid]
    spaces = info["spaces"]
    cubes = work.objects.pop(oid)
    work.damage_out += cubes
    if info["kind"] == "toxic":
        work.log("flashpoint.ed.spill", f"the {oid} fails: a chemical spill", *spaces)
        place_toxic(work, spaces[0])
        if spill_options(work, [spaces[0]]):
            work.front.append(Step("spill", str(SPILL_MARKERS - 1), spaces[0]))
        return
    work.log("flashpoint.ed.objects", f"the {oid} explodes", *spaces, kind="explosion")
    for s in spaces:
        if work.floor_damage.get(s) == "destroyed":
            continue  # a hole holds no fire (flashpoint.assume.no-fire-in-holes)
        work.smoke.discard(s)
        work.fire.add(s)
        work.add_hot_spot(s, "flashpoint.ed.objects")
    if len(spaces) == 2:
        for s in spaces:
            for d in DIRECTIONS:
                if neighbour(work, s, d) not in spaces:
                    blast(work, s, d)
            damage_floor(work, s)
    else:
        explode(work, spaces[0])
        work.log("flashpoint.ed.objects", f"the {oid} explodes a second time", *spaces)
        explode(work, spaces[0])


def damage_floor(work: Work, origin: str) -> None:
    """An explosion in the basement damages the ground floor above its space; a damaged floor is destroyed by an
    explosion below it or on it (``flashpoint.ed.floor``)."""
    b = work.building
    level = b.level(origin) if hasattr(b, "level") else 0
    if level == -1:
        above = b.above(origin)
        if above is None or work.floor_damage.get(above) == "destroyed":
            return
        if work.floor_damage.get(above) == "damaged":
            destroy_floor(work, above)
        else:
            work.floor_damage[above] = "damaged"
            work.log("flashpoint.ed.floor", f"the explosion below damages the floor of {above}", above)
    elif level == 0 and work.floor_damage.get(origin) == "damaged":
        destroy_floor(work, origin)


def destroy_floor(work: Work, space: str) -> None:
    """The floor of ``space`` is destroyed, with its four consequences in order (``flashpoint.ed.floor``):
    2 damage cubes out of play; fire and smoke removed there and the neighbours' smoke turned to fire (then
    flashovers); victims and points of interest there lost, firefighters knocked down, hazmats explode; its hot
    spot back to the supply."""
    work.floor_damage[space] = "destroyed"
    cubes = min(FLOOR_CUBES, DAMAGE_CUBES - work.damage)
    work.damage_out += max(0, cubes)
    work.log("flashpoint.ed.floor", f"the floor of {space} is destroyed: {cubes} damage cubes leave play", space)
    work.fire.discard(space)
    work.smoke.discard(space)
    for d in DIRECTIONS:
        n = neighbour(work, space, d)
        if n is not None and n in work.smoke and work.is_open(space, n):
            work.smoke.discard(n)
            work.fire.add(n)
            work.log("flashpoint.ed.floor", f"the smoke on {n} beside the hole turns to fire", n)
    flashover(work)
    _lose_on(work, space, "the floor gives way")
    for k, f in enumerate(work.firefighters):
        if f.space == space:
            _knock_down_one(work, k, "the floor gives way")
    count = work.hazmats.pop(space, 0)
    for _ in range(count):
        work.log("flashpoint.ed.floor", f"the hazmat on {space} falls and explodes", space)
        explode(work, space)
    if space in work.hot_spots:
        work.hot_spots.discard(space)
        work.hot_spot_supply += 1
        work.log("flashpoint.ed.floor", f"the hot spot on {space} goes back to the supply", space)


def _lose_on(work: Work, space: str, why: str) -> None:
    kind = work.pois.get(space)
    if kind == "hidden":
        work.front.append(Step("reveal", "fire", space))
    elif kind is not None:
        del work.pois[space]
        work.lost += 1
        work.log("flashpoint.fire.lost", f"the {kind} on {space} is lost: {why}", space, kind="lost")


def place_toxic(work: Work, space: str) -> None:
    """A toxic marker on ``space``: victims there are lost and firefighters knocked down (``flashpoint.ed.spill``)."""
    work.toxic.add(space)
    work.log("flashpoint.ed.spill", f"a toxic marker on {space}", space)
    _lose_on(work, space, "toxic sludge")
    for k, f in enumerate(work.firefighters):
        if f.space == space:
            _knock_down_one(work, k, "toxic sludge")


def spill_options(state_or_work: object, route: list[str]) -> list[str]:
    """Where the spill can flow next from its ``route``: the free neighbours (by the movement adjacency rules,
    not already toxic, not an object, not a destroyed floor) of the route's last space, or, if it has none, of
    the latest space back along the route that has some (``flashpoint.ed.spill``). Empty: the spill stops."""
    w = state_or_work
    building = w.building
    for space in reversed(route):
        out = []
        for n, _ in building.neighbours(space):
            if (building.spaces_by_id[n].inside and n not in w.toxic and w.object_at(n) is None
                    and w.floor_damage.get(n) != "destroyed" and _open_between(w, space, n)):
                out.append(n)
        if out:
            return out
    return []


def _open_between(w: object, a: str, b: str) -> bool:
    from .work import is_open
    return is_open(w.building, w.doors, w.wall_damage, a, b)


def collapse_burning_ladders(work: Work) -> None:
    """A raised ladder with a segment on a space on fire collapses onto its ground-floor end
    (``flashpoint.ed.ladder``)."""
    for i, ladder in enumerate(work.now("ladders")):
        if not ladder.startswith("raised:"):
            continue
        bottom, top = ladder[len("raised:"):].split("|")
        if bottom in work.fire or top in work.fire:
            ground = bottom if work.building.level(bottom) == 0 else top
            work.ladders[i] = f"lying:{ground}"
            work.log("flashpoint.ed.ladder", f"the fire reaches the ladder {bottom}-{top}: it collapses", bottom, top)
