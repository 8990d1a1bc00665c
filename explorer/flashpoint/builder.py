"""Build a Flash Point situation from the few facts that matter: :func:`position`.

Writing a whole position (:mod:`.position_format`) by hand means working out the supplies, the unseen markers,
the cubes out of play and the parts nobody cares about in a given situation. :func:`position` takes what is
where and who acts, derives the rest, and checks the result with the position format's own checks
(:func:`.position_format.from_dict`), so a situation play cannot reach is refused with every problem listed.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from typing import Any

from .building import Building
from .components import COLOURS, DAMAGE_CUBES, FALSE_ALARMS, HOT_SPOT_SUPPLY, ROLES, VICTIMS
from .fire import FLOOR_CUBES
from .ladders import LADDERS
from .position_format import from_dict
from .setup import ED_EXTRA_HOT_SPOTS
from .state import State, is_extreme, object_info

__all__ = ["position"]

_POOLS = ("command_ap", "extinguish_ap", "move_ap")


def position(building: str | Building = "front", *, firefighters: Iterable[str | Mapping[str, Any]] = ("0,0",),
             to_act: int | str = 0, mode: str = "family", level: str | None = None,
             fire: Iterable[str] = (), smoke: Iterable[str] = (), hot_spots: Iterable[str] = (),
             pois: Mapping[str, str] | None = None, hazmats: Mapping[str, int] | None = None,
             walls: Mapping[str, int] | None = None, doors: Mapping[str, str] | None = None,
             jams: Mapping[str, int] | None = None, vehicles: Mapping[str, str] | None = None,
             objects: Mapping[str, int] | None = None, toxic: Iterable[str] = (),
             floors: Mapping[str, str] | None = None, ladders: Iterable[str] | None = None,
             platform: str | None = None, rescued: int = 0, lost: int = 0, damage_out: int | None = None,
             hot_spot_supply: int | None = None, phase: str = "actions", pending: Iterable[Mapping[str, str]] = (),
             options: Mapping[str, bool] | None = None, seed: int = 0) -> State:
    """A state built from what is where and who acts, the rest derived, checked like any position.

    Spaces and edges are written as in the notation (``"2,3"``, ``"second:1,2"``, ``"1,3|1,4"``).

    Args:
        building: a shipped building's key (``"front"``, ``"laboratory"``...) or a :class:`Building`.
        firefighters: one entry per firefighter, in turn order (named red, blue, green... in that order):
            a space (``"0,6"``), or a mapping with ``space`` and any of ``role`` (a specialist key; the Family
            game's plain firefighter by default, the first unused specialist in the Experienced game), ``ap``
            (default: the card's AP a turn), ``carrying`` (``victim``, ``treated victim``, ``hazmat``) and the extra
            pools ``command_ap``, ``extinguish_ap``, ``move_ap`` (default: the card's, for the one to act; 0 for
            the others).
        to_act: the firefighter whose turn it is, by index or name.
        mode, level: ``"family"``, or ``"experienced"`` with ``"recruit"``, ``"veteran"`` or ``"heroic"``
            (default ``"veteran"`` when ``mode`` is experienced).
        fire, smoke, hot_spots, toxic: spaces.
        pois: ``{space: "hidden" | "victim" | "treated victim"}``; default none.
        hazmats: ``{space: markers}``. walls: ``{edge: damage cubes}``. doors: ``{edge: "open" | "destroyed"}``
            (doors and windows; the rest stay closed).
        jams: ``{edge: jam markers}`` on fireproof doors; each such door is jammed.
        vehicles: ``{"engine": space, "ambulance": space}`` (a space of the spot); Experienced default: each
            vehicle on its first parking spot.
        objects: ``{object id: damage cubes}`` for the objects still standing; default: every object the
            options put in play, undamaged. An object left out has gone off.
        floors: ``{space: "damaged" | "destroyed"}`` (ground-floor spaces above the basement).
        ladders: the portable ladders' states (see :mod:`.ladders`); default as set up: on the engine
            (Experienced), lying at the engine's first parking space (Family), none in a one-storey building.
        platform: where the hydraulic platform is (option ``platform``); default on the engine's first space.
        rescued, lost: victims rescued and lost so far.
        damage_out: cubes out of play; default derived: each object gone off takes its capacity, each destroyed
            floor 2 (``flashpoint.ed.objects``, ``flashpoint.ed.floor``), capped by the 24 cubes.
        hot_spot_supply: default derived: the Experienced supply (12, and 6 more in Extreme Danger) less the hot
            spots on the board; 0 in the Family game.
        phase, pending: ``"actions"`` by default, with no steps due; steps as in the position format.
        options: the Extreme Danger options (``objects``, ``chemical_spill``, ``platform``, ``basement_ladder``,
            ``floor_bridge``).
        seed: the seed of the dice from here on.

    Derived as well: the victims and false alarms nobody has seen (12 victims less those rescued, lost, face up
    or carried; all 6 false alarms), the names, the closed doors.

    Raises:
        InvalidData: listing every problem of the position, as :meth:`State.from_dict` does (a space not in the
            building, a count beyond the box, a piece where play cannot put it...).

    A veteran's situation in the base house (sources B.6, B.9): the Paramedic stands by a victim next to the
    fire, the Fire Captain waits outside.

    >>> s = position(mode="experienced", firefighters=[{"space": "2,4", "role": "paramedic"},
    ...              {"space": "0,0", "role": "captain"}], fire=["2,5"], pois={"2,4": "victim", "5,1": "hidden"})
    >>> s.firefighter.name, s.firefighter.ap, s.unknown_victims, s.hot_spot_supply
    ('red', 4, 11, 12)
    >>> [str(a) for a in s.legal_actions() if str(a).startswith(("treat", "extinguish"))]
    ['extinguish 2,5', 'treat']
    """
    board = building if isinstance(building, Building) else Building.named(building)
    experienced = mode == "experienced"
    if experienced and level is None:
        level = "veteran"
    opts = {"mode": mode, "level": level, **dict(options or {})}
    entries = [{"space": f} if isinstance(f, str) else dict(f) for f in firefighters]
    names = list(COLOURS[:len(entries)])
    turn = names.index(to_act) if isinstance(to_act, str) and to_act in names else to_act
    free_roles = [r for r in ROLES if r not in {e.get("role") for e in entries}]
    ffs = []
    for k, e in enumerate(entries):
        role = e.get("role") or (free_roles.pop(0) if experienced and free_roles else "firefighter")
        card = ROLES.get(role)
        ff = {"name": names[k], "space": e.get("space"), "role": role,
              "ap": e.get("ap", card.ap if card else 4), "carrying": e.get("carrying")}
        for pool in _POOLS:
            ff[pool] = e.get(pool, getattr(card, pool) if card and k == turn else 0)
        ffs.append(ff)
    pois = dict(pois or {})
    seen = sum(1 for v in pois.values() if v != "hidden") + sum(
        1 for f in ffs if f["carrying"] in ("victim", "treated victim"))
    info = object_info(board)
    play = {"explosive": opts.get("objects", True), "toxic": opts.get("chemical_spill", True)}
    standing = dict(objects) if objects is not None else {oid: 0 for oid, o in info.items() if play[o["kind"]]}
    floors = dict(floors or {})
    if damage_out is None:
        gone = sum(o["capacity"] for oid, o in info.items() if play[o["kind"]] and oid not in standing)
        holes = sum(1 for v in floors.values() if v == "destroyed")
        placed = sum((walls or {}).values()) + sum(standing.values())
        damage_out = max(0, min(gone + FLOOR_CUBES * holes, DAMAGE_CUBES - placed))
    hot = list(hot_spots)
    if hot_spot_supply is None:
        total = HOT_SPOT_SUPPLY + (2 * ED_EXTRA_HOT_SPOTS if is_extreme(board) else 0)
        hot_spot_supply = max(0, total - len(hot)) if experienced else 0
    if vehicles is None:
        vehicles = {v: board.parking(v)[0][0] for v in ("engine", "ambulance") if board.parking(v)} \
            if experienced else {}
    if ladders is None:
        engine = board.parking("engine")
        ladders = () if len(board.floors) < 2 or not engine else (
            ("engine",) * LADDERS if experienced else (f"lying:{engine[0][0]}",) * LADDERS)
    if platform is None and opts.get("platform") and vehicles.get("engine"):
        spot = next(s for s in board.parking("engine") if vehicles["engine"] in s)
        platform = spot[0]
    jams = dict(jams or {})
    data = {"game": "flashpoint", "building": "custom", "options": opts, "phase": phase, "turn": turn,
            "pending": [dict(p) for p in pending], "firefighters": ffs, "fire": list(fire), "smoke": list(smoke),
            "hot_spots": hot, "pois": pois, "hazmats": dict(hazmats or {}), "walls": dict(walls or {}),
            "doors": {**dict(doors or {}), **{e: "jammed" for e in jams}}, "jams": jams,
            "damage_out": damage_out, "rescued": rescued, "lost": lost,
            "unknown_victims": max(0, VICTIMS - rescued - lost - seen), "unknown_false_alarms": FALSE_ALARMS,
            "hot_spot_supply": hot_spot_supply, "vehicles": dict(vehicles), "objects": standing,
            "toxic": list(toxic), "floors": floors, "ladders": list(ladders), "platform": platform, "seed": seed}
    return from_dict(data, board)
