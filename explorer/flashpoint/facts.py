"""Flash Point's words for lessons: facts about a position (outcome tests) and selectors (find-all answers).

Facts read the state only; every rule stays in the engine. A lesson writes ``{"fact": "victims-rescued",
"at_least": 1}`` or ``{"fact": "fire-at", "space": "2,5"}``; a find-all step ``{"name": "move-targets"}``.
Spaces and edges are written as in the notation (``"2,5"``, ``"second:1,2"``, ``"1,3|1,4"``, in either order).

>>> from explorer.flashpoint import position
>>> from explorer.lessons.facts import Context
>>> s = position("front", firefighters=["2,4"], fire=["2,5"], pois={"2,4": "victim"})
>>> after = s.apply("extinguish 2,5")
>>> ctx = Context(after, s, ("extinguish 2,5",), after.events)
>>> smoke_at(ctx, "2,5"), fire_at(ctx, "2,5"), ap_left(ctx, "red", at_most=3)
(True, False, True)
>>> sorted(move_targets(s)), sorted(move_targets(s, cost=2)), sorted(extinguish_targets(s))
(['1,4', '2,5'], ['2,5'], ['2,5'])
"""

from __future__ import annotations

from typing import Any

from explorer.lessons.facts import Context, seat_index

__all__ = ["FACTS", "SELECTORS", "victims_rescued", "victims_lost", "damage", "fire_at", "smoke_at", "clear_at",
           "hot_spot_at", "firefighter_at", "carrying", "ap_left", "poi_at", "hazmat_at", "door", "wall_cubes",
           "vehicle_at", "team_won", "team_lost", "toxic_at", "floor", "object_standing", "ladder",
           "move_targets", "reachable", "extinguish_targets", "door_edges", "chop_edges", "catches_fire"]


def _edge(text: str) -> frozenset[str]:
    a, _, b = text.partition("|")
    return frozenset((a.strip(), b.strip()))


def _ff(state: Any, firefighter: str | int) -> Any:
    return state.firefighters[seat_index(state, firefighter)]


# ---- facts -------------------------------------------------------------------------------------------------------
def victims_rescued(ctx: Context, at_least: int = 1) -> bool:
    """At least ``at_least`` victims have been rescued so far (``flashpoint.rescue.family``,
    ``flashpoint.rescue.ambulance``)."""
    return ctx.state.rescued >= at_least


def victims_lost(ctx: Context, at_least: int = 1) -> bool:
    """At least ``at_least`` victims have been lost so far (``flashpoint.fire.lost``)."""
    return ctx.state.lost >= at_least


def damage(ctx: Context, at_least: int | None = None, at_most: int | None = None) -> bool:
    """The damage cubes placed (on walls, standing objects, and out of play) are at least ``at_least`` and at most
    ``at_most`` (``flashpoint.fire.damage``, ``flashpoint.chop``, ``flashpoint.end.collapse``)."""
    value = ctx.state.damage
    return (at_least is None or value >= at_least) and (at_most is None or value <= at_most)


def fire_at(ctx: Context, space: str) -> bool:
    """``space`` is on fire (``flashpoint.fire.smoke``, ``flashpoint.fire.explosion``)."""
    return space in ctx.state.fire


def smoke_at(ctx: Context, space: str) -> bool:
    """``space`` holds smoke (``flashpoint.fire.smoke``, ``flashpoint.extinguish``)."""
    return space in ctx.state.smoke


def clear_at(ctx: Context, space: str) -> bool:
    """``space`` holds neither fire nor smoke (``flashpoint.extinguish``, ``flashpoint.deck-gun``)."""
    return space not in ctx.state.fire and space not in ctx.state.smoke


def hot_spot_at(ctx: Context, space: str) -> bool:
    """A hot spot lies on ``space`` (``flashpoint.fire.hazmat``, ``flashpoint.assume.hot-spot-at-explosion``)."""
    return space in ctx.state.hot_spots


def firefighter_at(ctx: Context, firefighter: str | int, space: str) -> bool:
    """``firefighter`` (a colour or a seat) stands on ``space`` (``flashpoint.move.adjacent``,
    ``flashpoint.fire.knock-down``)."""
    return _ff(ctx.state, firefighter).space == space


def carrying(ctx: Context, firefighter: str | int, what: str | None = None) -> bool:
    """``firefighter`` carries something (``what``: ``victim``, ``treated victim`` or ``hazmat``, if given)
    (``flashpoint.carry``)."""
    held = _ff(ctx.state, firefighter).carrying
    return held is not None and (what is None or held == what)


def ap_left(ctx: Context, firefighter: str | int, at_least: int | None = None, at_most: int | None = None) -> bool:
    """``firefighter`` has at least ``at_least`` and at most ``at_most`` AP (its general AP, not the extra pools)
    (``flashpoint.turn.ap``, ``flashpoint.turn.save``)."""
    value = _ff(ctx.state, firefighter).ap
    return (at_least is None or value >= at_least) and (at_most is None or value <= at_most)


def poi_at(ctx: Context, space: str, kind: str | None = None) -> bool:
    """A point of interest lies on ``space`` (``kind``: ``hidden``, ``victim`` or ``treated victim``, if given)
    (``flashpoint.poi.reveal``, ``flashpoint.poi.replenish``)."""
    here = ctx.state.pois.get(space)
    return here is not None and (kind is None or here == kind)


def hazmat_at(ctx: Context, space: str) -> bool:
    """At least one hazmat marker lies on ``space`` (``flashpoint.role.hazmat``, ``flashpoint.hazmat.outside``)."""
    return ctx.state.hazmats.get(space, 0) > 0


def door(ctx: Context, edge: str, status: str = "open") -> bool:
    """The door (or window) on ``edge`` is ``status``: ``open``, ``closed``, ``destroyed`` or ``jammed``
    (``flashpoint.door.open-close``, ``flashpoint.fire.door-blown``, ``flashpoint.ed.fireproof-door``)."""
    return ctx.state.doors.get(_edge(edge), "closed") == status


def wall_cubes(ctx: Context, edge: str, at_least: int = 1) -> bool:
    """The wall on ``edge`` holds at least ``at_least`` damage cubes (2: destroyed) (``flashpoint.fire.damage``,
    ``flashpoint.chop``)."""
    return ctx.state.wall_damage.get(_edge(edge), 0) >= at_least


def vehicle_at(ctx: Context, vehicle: str, space: str) -> bool:
    """The ``vehicle`` (``engine`` or ``ambulance``) is parked on the spot that holds ``space``
    (``flashpoint.vehicle.drive``)."""
    spots = ctx.state.building.parking(vehicle)
    index = ctx.state.vehicles.get(vehicle)
    return index is not None and space in spots[index]


def team_won(ctx: Context) -> bool:
    """The firefighters have won (7 victims rescued, ``flashpoint.end.win``)."""
    return ctx.state.is_terminal and ctx.state.is_won


def team_lost(ctx: Context) -> bool:
    """The firefighters have lost (4 victims lost or the building collapsed, ``flashpoint.end.lost``,
    ``flashpoint.end.collapse``)."""
    return ctx.state.is_terminal and ctx.state.is_lost


def toxic_at(ctx: Context, space: str) -> bool:
    """A toxic marker lies on ``space`` (``flashpoint.ed.spill``)."""
    return space in ctx.state.toxic


def floor(ctx: Context, space: str, status: str = "destroyed") -> bool:
    """The floor of ``space`` is ``status``: ``damaged``, ``destroyed`` or ``intact`` (``flashpoint.ed.floor``)."""
    return ctx.state.floor_damage.get(space, "intact") == status


def object_standing(ctx: Context, object: str, at_least: int = 0) -> bool:
    """The object ``object`` (``car``, ``large-equipment``...) still stands, with at least ``at_least`` damage
    cubes on it (``flashpoint.ed.objects``)."""
    return object in ctx.state.objects and ctx.state.objects[object] >= at_least


def ladder(ctx: Context, state: str) -> bool:
    """A portable ladder is in ``state`` as the position format writes it (``engine``, ``carried:red``,
    ``lying:2,0``, ``raised:3,0|second:3,0``...), or one whose state starts with ``state`` followed by a colon
    (``raised``, ``carried``) (``flashpoint.ed.ladder``)."""
    return any(s == state or s.startswith(state + ":") for s in ctx.state.ladders)


FACTS = {"victims-rescued": victims_rescued, "victims-lost": victims_lost, "damage": damage, "fire-at": fire_at,
         "smoke-at": smoke_at, "clear-at": clear_at, "hot-spot-at": hot_spot_at, "firefighter-at": firefighter_at,
         "carrying": carrying, "ap-left": ap_left, "poi-at": poi_at, "hazmat-at": hazmat_at, "door": door,
         "wall-cubes": wall_cubes, "vehicle-at": vehicle_at, "team-won": team_won, "team-lost": team_lost,
         "toxic-at": toxic_at, "floor": floor, "object-standing": object_standing, "ladder": ladder}
"""Flash Point's facts, by the name lessons use."""


# ---- selectors ---------------------------------------------------------------------------------------------------
def move_targets(state: Any, cost: int | None = None) -> set[str]:
    """Every space the firefighter to act may move to with one ``move`` now, from the engine's legal actions
    (``flashpoint.move.*``); only those whose move costs exactly ``cost`` AP, if given (the AP the engine takes,
    extra pools included)."""
    me = state.turn
    out = set()
    for action in state.legal_actions():
        if type(action).__name__ != "Move":
            continue
        if cost is not None:
            before, after = state.firefighters[me], state.apply(action).firefighters[me]
            spent = sum(getattr(before, p) - getattr(after, p) for p in ("ap", "move_ap"))
            if spent != cost:
                continue
        out.add(action.space)
    return out


def reachable(state: Any) -> set[str]:
    """Every space the firefighter to act can reach this turn by moves alone with the AP it has, from the
    engine's legal actions (``flashpoint.move.*``, ``flashpoint.turn.ap``). A move onto a face-down point of
    interest stops there (turning it over is chance's)."""
    me, start = state.turn, state.firefighter.space
    seen, frontier = {start}, [state]
    while frontier:
        here = frontier.pop()
        for action in here.legal_actions():
            if type(action).__name__ != "Move":
                continue
            after = here.apply(action)
            space = after.firefighters[me].space
            if space in seen:
                continue
            seen.add(space)
            if not after.is_chance_node and after.turn == me and after.phase == "actions":
                frontier.append(after)
    return seen - {start}


def extinguish_targets(state: Any) -> set[str]:
    """Every space the firefighter to act may extinguish now (its own or an open neighbour's fire or smoke), from
    the engine's legal actions (``flashpoint.extinguish``)."""
    return {a.space for a in state.legal_actions() if type(a).__name__ == "Extinguish"}


def door_edges(state: Any, verb: str = "open") -> set[str]:
    """Every door (or window) edge the firefighter to act may ``open`` or ``close`` now, from the engine's legal
    actions (``flashpoint.door.open-close``, ``flashpoint.ed.window``)."""
    return {str(a).split()[1] for a in state.legal_actions() if str(a).startswith(verb + " ")}


def chop_edges(state: Any) -> set[str]:
    """Every wall the firefighter to act may chop now, from the engine's legal actions (``flashpoint.chop``)."""
    return {a.edge for a in state.legal_actions() if type(a).__name__ == "Chop"}


def catches_fire(state: Any, roll: str) -> set[str]:
    """Every space that is on fire after the firefighter to act ends the turn and the fire's roll is ``roll``
    (``"2 5"``: red die, black die) but was not before: the engine plays ``end`` and the roll
    (``flashpoint.fire.*``)."""
    after = state.apply("end").apply(f"roll {roll}")
    return set(after.fire) - set(state.fire)


SELECTORS = {"move-targets": move_targets, "reachable": reachable, "extinguish-targets": extinguish_targets,
             "door-edges": door_edges, "chop-edges": chop_edges, "catches-fire": catches_fire}
"""Flash Point's find-all selectors, by the name lessons use."""
