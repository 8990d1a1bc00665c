"""Flash Point: Fire Rescue (with Extreme Danger) in numbers, for game-playing libraries (the shared shape:
:mod:`explorer.core.encoding`).

**Actions.** Every action the building allows, numbered in this order: placing on each space, parking each
vehicle on each of its spots, taking each specialist card, moving to each space, picking up each thing,
dropping, opening, closing, chopping and unjamming each edge (walls and doors), putting out fire or smoke on each
space, driving each vehicle to each spot, the deck gun, treating, identifying each space, disposing, the Fire
Captain's commands (each firefighter to each space, or opening or closing each edge), each crew change, ending
the turn, the portable ladder (take, drop, raise to each space, collapse), bridging each space, the platform to
each space. Chance outcomes: each roll of the red die and the black die (d8 or d12), a die alone (1-12), a point
of interest turned up (victim or false alarm), the red die at a fireproof door, the chemical spill flowing into
each space.

**What a player sees.** Everything: a point of interest's face is not decided until it is turned up (chance),
so nothing on the board is hidden from anyone; the information state is the history.

**Returns.** The team wins or loses together (``flashpoint.end.*``): every player gets +1 for a win, -1 for a
loss, 0 for a game cut short. **Length.** The fire, not the players, ends a game, and a firefighter may move back
and forth, so through the adapters a game is cut after :data:`MAX_STEPS`, about 3 times the longest of 600
random games with their set-up rolls (210 steps, 2 firefighters in the Garage with Basement).
"""

from __future__ import annotations

import functools
from typing import Any

from explorer.core.encoding import ActionIndex, public_position, public_step, Filler, Piece

from .actions import (PICKABLE, VEHICLES, Bridge, ChooseRole, Chop, CloseDoor, CollapseLadder, Command, CrewChange,
                      DeckGun, Dice, Die, Dispose, Drive, Drop, DropLadder, EndTurn, Extinguish, FireproofRoll,
                      Identify, Move, MovePlatform, OpenDoor, Park, Place, PickUp, RaiseLadder, Reveal, SpillFlow,
                      TakeLadder, Treat, Unjam, edge_text)
from .building import Building
from .components import COLOURS, DAMAGE_CUBES, HOT_SPOT_SUPPLY, MAX_PLAYERS, MIN_PLAYERS, RED_DIE, ROLES
from .state import PHASES, State

__all__ = ["PLAYERS", "PARAMETERS", "MAX_STEPS", "params_of", "start", "numbering", "pieces", "observe", "observation_string",
           "seen", "returns"]

PLAYERS = (MIN_PLAYERS, MAX_PLAYERS)
"""The fewest and the most firefighters."""
PARAMETERS: dict[str, Any] = {"players": 4, "building": "front", "mode": "family", "level": "",
                              "objects": True, "chemical_spill": True, "platform": False,
                              "basement_ladder": False, "floor_bridge": False}
"""The options, with their defaults: 1-6 firefighters, a shipped building (``front``, ``back``, ``garage``,
``laboratory``, ``garage_basement``, ``laboratory_attic``), ``family`` or ``experienced`` with its ``level``
(``recruit``, ``veteran``, ``heroic``; empty for the Family game) and the Extreme Danger options."""
MAX_STEPS = 650
"""The most steps (actions and chance outcomes) a game is played for through the adapters."""
_BLACK_DIE = 12
"""The most faces of the black die (d8 on the base buildings, d12 on the Extreme Danger ones)."""
_CARRIED = ("victim", "treated victim", "hazmat")
_DOORS = ("closed", "open", "destroyed")


def _options(params: dict[str, Any]) -> dict[str, Any]:
    """The engine's options from ``params`` (``level`` empty: none).

    Raises:
        ValueError: for a building that is not shipped (the engine checks the rest).
    """
    options = {**PARAMETERS, **params}
    if options["building"] not in Building.shipped():
        raise ValueError(f"building must be one of {', '.join(Building.shipped())}, got {options['building']!r}")
    options["level"] = options["level"] or None
    return options


def params_of(state: State) -> dict[str, Any]:
    """The parameters (:data:`PARAMETERS`) of the game ``state`` is a position of: the inverse of :func:`start`,
    for a tool that meets a position rather than a game string (the coach).

    Raises:
        ValueError: for a building that is not one of the shipped ones (the numbering covers those only).
    """
    shipped = Building.shipped()
    key = next((k for k in shipped if Building.named(k) is state.building), None)
    key = key or next((k for k in shipped if Building.named(k) == state.building), None)
    if key is None:
        raise ValueError(f"only positions in a shipped building ({', '.join(Building.shipped())}) can be numbered")
    o = state.options
    return {"players": len(state.firefighters), "building": key, "mode": o.mode, "level": o.level or "",
            "objects": o.objects, "chemical_spill": o.chemical_spill, "platform": o.platform,
            "basement_ladder": o.basement_ladder, "floor_bridge": o.floor_bridge}


def start(params: dict[str, Any]) -> State:
    """The game before its first set-up roll.

    Raises:
        InvalidData: for a bad player count, mode, level or option (the engine's message).
    """
    from .setup import initial_state

    options = _options(params)
    return initial_state(options.pop("players"), 0, **options)


@functools.cache
def _numbering(building: Building) -> ActionIndex:
    spaces = list(building.spaces_by_id)
    edges = sorted({edge_text(e.a, e.b) for e in building.edges.values()})
    spots = [(vehicle, first) for vehicle in VEHICLES for first, _ in building.parking_spots.get(vehicle, ())]
    actions: list[Any] = [Place(s) for s in spaces] + [Park(v, s) for v, s in spots]
    actions += [ChooseRole(r) for r in ROLES] + [Move(s) for s in spaces] + [PickUp(w) for w in PICKABLE]
    actions += [Drop()]
    for kind in (OpenDoor, CloseDoor, Chop, Unjam):
        actions += [kind(e) for e in edges]
    actions += [Extinguish(s) for s in spaces] + [Drive(v, s) for v, s in spots]
    actions += [DeckGun(), Treat()] + [Identify(s) for s in spaces] + [Dispose()]
    for who in COLOURS:
        actions += [Command(who, "move", s) for s in spaces]
        actions += [Command(who, verb, e) for verb in ("open", "close") for e in edges]
    actions += [CrewChange(r) for r in ROLES] + [EndTurn(), TakeLadder(), DropLadder()]
    actions += [RaiseLadder(s) for s in spaces] + [CollapseLadder()] + [Bridge(s) for s in spaces]
    actions += [MovePlatform(s) for s in spaces]
    outcomes: list[Any] = [Dice(r, b) for r in range(1, RED_DIE + 1) for b in range(1, _BLACK_DIE + 1)]
    outcomes += [Die(v) for v in range(1, _BLACK_DIE + 1)] + [Reveal("victim"), Reveal("false-alarm")]
    outcomes += [FireproofRoll(v) for v in range(1, RED_DIE + 1)] + [SpillFlow(s) for s in spaces]
    return ActionIndex(actions, outcomes)


def numbering(params: dict[str, Any]) -> ActionIndex:
    """Every action and chance outcome of the building named in ``params``, numbered (see the module
    docstring)."""
    return _numbering(Building.named(_options(params)["building"]))


def returns(state: State) -> list[float]:
    """Every firefighter's return: +1 when the team has won, -1 when it has lost, 0 otherwise (a game cut)."""
    value = 1.0 if state.is_won else -1.0 if state.is_lost else 0.0
    return [value] * len(state.firefighters)


@functools.cache
def _pieces(building: Building, players: int) -> tuple[Piece, ...]:
    s = len(building.spaces_by_id)
    e = len(building.edges)
    return (Piece("observer", (players,)), Piece("to_act", (players,)), Piece("phase", (len(PHASES),)),
            Piece("spaces", (s, 11)), Piece("edges", (e, 5)), Piece("firefighters", (players, s)),
            Piece("roles", (players, len(ROLES) + 1)), Piece("points", (players, 4)),
            Piece("carrying", (players, len(_CARRIED))), Piece("vehicles", (len(VEHICLES), 4)),
            Piece("counts", (8,)))


def pieces(params: dict[str, Any]) -> tuple[Piece, ...]:
    """The observation tensor's pieces, in order (counts scaled to about 0-1):

    ``observer``, ``to_act`` (one-hot seats), ``phase`` (one-hot, :data:`~explorer.flashpoint.state.PHASES`);
    per space (the building's order) ``spaces``: fire, smoke, a point of interest face down, a victim, a treated
    victim, hazmats / 3, a hot spot, a toxic marker, a damaged floor, a destroyed floor, the damage on an object
    there / 4; per edge (walls and doors) ``edges``: damage / 2, a closed, open or destroyed door, jams / 2; per
    firefighter ``firefighters`` (their space), ``roles`` (the plain firefighter first), ``points`` (AP, command,
    extinguishing and moving AP, each / 8), ``carrying``; ``vehicles`` (the parking spot of the ambulance and the
    engine); ``counts``: damage / 24, victims rescued / 10, lost / 4, face-down victims / 12 and false alarms
    / 6, hot spots left / 12, portable ladders / 2, the platform raised."""
    options = _options(params)
    return _pieces(Building.named(options["building"]), options["players"])


def observe(state: State, player: int, out: list[float]) -> None:
    """Fill ``out`` (zeros, the size of :func:`pieces`) with the position as ``player`` sees it: all of it."""
    building, players = state.building, len(state.firefighters)
    fill = Filler(_pieces(building, players), out)
    space_at = {s: i for i, s in enumerate(building.spaces_by_id)}
    fill.hot("observer", player)
    fill.hot("to_act", state.current_player)
    fill.hot("phase", PHASES.index(state.phase))
    for s in state.fire:
        fill.hot("spaces", space_at[s], 0)
    for s in state.smoke:
        fill.hot("spaces", space_at[s], 1)
    for s, poi in state.pois.items():
        fill.hot("spaces", space_at[s], {"hidden": 2, "victim": 3, "treated victim": 4}.get(poi))
    for s, n in state.hazmats.items():
        fill.put("spaces", n / 3, space_at[s], 5)
    for s in state.hot_spots:
        fill.hot("spaces", space_at[s], 6)
    for s in state.toxic:
        fill.hot("spaces", space_at[s], 7)
    for s, how in state.floor_damage.items():
        fill.hot("spaces", space_at[s], 8 if how == "damaged" else 9)
    for s, oid in state.building_objects.items():
        if oid in state.objects:
            fill.put("spaces", state.objects[oid] / 4, space_at[s], 10)
    edge_at = {key: i for i, key in enumerate(building.edges)}
    for key, cubes in state.wall_damage.items():
        fill.put("edges", cubes / 2, edge_at.get(key), 0)
    for key, door in state.doors.items():
        fill.hot("edges", edge_at.get(key), 1 + _DOORS.index(door) if door in _DOORS else None)
    for key, jams in state.jams.items():
        fill.put("edges", jams / 2, edge_at.get(key), 4)
    roles = ("firefighter", *ROLES)
    for k, ff in enumerate(state.firefighters):
        fill.hot("firefighters", k, space_at.get(ff.space))
        fill.hot("roles", k, roles.index(ff.role) if ff.role in roles else None)
        fill.row("points", (ff.ap / 8, ff.command_ap / 8, ff.extinguish_ap / 8, ff.move_ap / 8), k)
        fill.hot("carrying", k, _CARRIED.index(ff.carrying) if ff.carrying in _CARRIED else None)
    for v, vehicle in enumerate(VEHICLES):
        if vehicle in state.vehicles:
            fill.hot("vehicles", v, min(state.vehicles[vehicle], 3))
    fill.row("counts", (state.damage / DAMAGE_CUBES, state.rescued / 10, state.lost / 4,
                        state.unknown_victims / 12, state.unknown_false_alarms / 6,
                        state.hot_spot_supply / HOT_SPOT_SUPPLY, len(state.ladders) / 2,
                        float(state.platform is not None)))


def observation_string(state: State, player: int) -> str:
    """The position as ``player`` sees it: all of it but the random stream
    (:func:`~explorer.core.encoding.public_position`)."""
    return public_position(state, state.firefighters[player].name)


seen = public_step
"""What a player learns of a step: all of it, the notation (:func:`~explorer.core.encoding.public_step`)."""
