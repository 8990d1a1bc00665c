"""A firefighter's turn (sources B.5, B.6, B.9): the actions, what each costs in AP, who may take it, and why
one is refused.

Why an action is refused is said in one place, :func:`refusal`: it returns the :class:`IllegalAction` naming
the rule, or ``None``. :func:`legal_actions` generates the legal actions directly (issue 21: a playout asks for
them at every step), each kind under a plain question mirroring :func:`refusal`'s tests; the property test
``tests/flashpoint/test_flashpoint_legality.py`` checks on positions met in random games that the two agree on
every candidate of :func:`candidate_actions` and every action over the whole board, so "is it legal?" and "why
not?" cannot disagree. What the building fixes (each space's neighbours, the edges between them, the actions
naming them) is worked out once per building (:func:`_around`); what a position fixes, once per position
(:meth:`.state.State.fact`).

>>> from explorer.flashpoint import new_game
>>> s = new_game(players=1, seed=1).apply("place 0,6")
>>> s.firefighter.ap, "move 1,6" in [str(a) for a in s.legal_actions()]
(4, True)
>>> s.explain("move 0,8").rule.id
'flashpoint.move.adjacent'
"""

from __future__ import annotations

import functools
import math
from dataclasses import dataclass
from typing import Any

from explorer.core import Event, IllegalAction

from . import flow, setup
from . import ladders as lad
from .actions import (PLAYER_ACTIONS, Bridge, ChooseRole, Dice, Die, FireproofRoll, Reveal, SpillFlow, Chop, CloseDoor, CollapseLadder, Command, CrewChange, DeckGun, Dispose, Drive,
                      Drop, DropLadder, EndTurn, Extinguish, Identify, Move, MovePlatform, OpenDoor, Park, PickUp, Place,
                      RaiseLadder, TakeLadder, Treat, Unjam, edge_text)
from .components import ROLES, WALL_STRENGTH
from .rules import RULES
from .state import Firefighter, State, Step, is_extreme
from .words import player_words
from .work import DIRECTIONS, Work, is_open, neighbour

UNJAM_COST = 1
"""AP to remove one jam marker from a fireproof door (``flashpoint.ed.unjam``)."""

__all__ = ["legal_actions", "candidate_actions", "why_illegal", "refusal", "apply_action", "move_cost", "on_engine", "spot_of",
           "next_spots", "engine_quadrant", "deck_gun_target", "deck_gun_splash"]

DRIVE_COST = 2
"""AP to drive a vehicle to the next parking spot (sources B.6)."""
CREW_CHANGE_COST = 2
"""AP to change specialist at the engine (sources B.6)."""
CAFS_COMMAND_LIMIT = 1
"""AP the Fire Captain may spend per turn commanding the CAFS Firefighter (sources B.9)."""


SETUP_WORDS = {"Place": "starting a firefighter outside", "Park": "parking a vehicle",
               "ChooseRole": "taking a specialist card"}
"""A set-up choice in words (for the refusal of one tried once the game is under way)."""


def _chance_words(action: Any) -> str:
    """A chance outcome in words: ``"a roll of the dice"``, ``"turning over a point of interest"``..."""
    if isinstance(action, (Dice, Die)):
        return "a roll of the dice"
    if isinstance(action, FireproofRoll):
        return "the red die at a fireproof door"
    if isinstance(action, Reveal):
        return "turning over a point of interest"
    return "where a chemical spill flows"


def _refuse(rule_id: str, reason: str, action: Any) -> IllegalAction:
    return IllegalAction(RULES[rule_id], reason, action=action)


# ---- geometry -----------------------------------------------------------------------------------------------
def spot_of(state: State, vehicle: str) -> tuple[str, ...]:
    """The two spaces of ``vehicle``'s parking spot (empty if it is not parked)."""
    if vehicle not in state.vehicles:
        return ()
    return state.building.parking(vehicle)[state.vehicles[vehicle]]


def on_engine(state: State, space: str | None) -> bool:
    """True if ``space`` is one of the engine's two spaces."""
    return space is not None and space in spot_of(state, "engine")


def _centre(state: State, spot: tuple[str, str]) -> tuple[float, float]:
    rows = [state.building.spaces_by_id[s].row for s in spot]
    cols = [state.building.spaces_by_id[s].col for s in spot]
    return sum(rows) / 2, sum(cols) / 2


def next_spots(state: State, vehicle: str) -> tuple[int, ...]:
    """The parking spots one drive away from ``vehicle``'s: its neighbours going round the building
    (``flashpoint.vehicle.drive``: one spot per drive, never straight across)."""
    spots = state.building.parking(vehicle)
    if vehicle not in state.vehicles or len(spots) < 2:
        return ()
    if is_extreme(state.building):
        # Extreme Danger: a drive reaches any of the vehicle's spots (seed 003, "Dirigir")
        return tuple(k for k in range(len(spots)) if k != state.vehicles[vehicle])
    floor = state.building.floors[next(iter(state.building.floors))]
    cy, cx = (floor.rows + 1) / 2, (floor.cols + 1) / 2
    order = sorted(range(len(spots)), key=lambda k: math.atan2(_centre(state, spots[k])[0] - cy,
                                                                _centre(state, spots[k])[1] - cx))
    at = order.index(state.vehicles[vehicle])
    near = {order[(at - 1) % len(order)], order[(at + 1) % len(order)]} - {state.vehicles[vehicle]}
    return tuple(sorted(near))


def _inner(state: State, ring: str) -> str | None:
    """The inside space next to the outside-ring space ``ring``."""
    for d in DIRECTIONS:
        other = neighbour(state, ring, d)
        if other is not None and state.building.spaces_by_id[other].inside:
            return other
    return None


def engine_quadrant(state: State) -> tuple[str, tuple[int, int], tuple[int, int]] | None:
    """The quadrant the deck gun fires at: the one beside the engine (``flashpoint.deck-gun``), as
    ``(id, (first row, last row), (first col, last col))``, or ``None``."""
    for space in spot_of(state, "engine"):
        inner = _inner(state, space)
        if inner is None:
            continue
        q = state.building.quadrant(inner)
        sp = state.building.spaces_by_id[inner]
        for quad in state.building.floors[sp.floor].quadrants:
            if quad[0] == q:
                return quad
    return None


def deck_gun_target(state: State, red: int, black: int) -> str:
    """Where the deck gun's roll lands: a die outside the quadrant's range is flipped to its opposite face
    (red ``7 - n``, black ``9 - n``) (``flashpoint.deck-gun``)."""
    quad = engine_quadrant(state)
    assert quad is not None
    _, (r1, r2), (c1, c2) = quad
    if not r1 <= red <= r2:
        red = 7 - red
    if is_extreme(state.building):
        # Extreme Danger: the half of every floor beside the engine; the black die is never flipped (seed 003)
        return state.building.roll_space(red, black)
    if not c1 <= black <= c2:
        black = 9 - black
    return f"{red},{black}"


def deck_gun_splash(work: Work, red: int, black: int) -> None:
    """The deck gun's water: fire and smoke removed from the target and each neighbour not behind a wall or a
    closed door (``flashpoint.deck-gun``)."""
    target = deck_gun_target(work.base, red, black)
    hit = [target] + [n for d in DIRECTIONS if (n := neighbour(work, target, d)) is not None
                      and work.building.spaces_by_id[n].inside and work.is_open(target, n)]
    cleared = [s for s in hit if s in work.fire or s in work.smoke]
    for s in hit:
        work.fire.discard(s)
        work.smoke.discard(s)
    work.log("flashpoint.ed.deck-gun" if is_extreme(work.building) else "flashpoint.deck-gun", f"the deck gun hits {target}" + (f" and puts out {', '.join(cleared)}"
             if cleared else ": nothing was burning there"), *hit)


def _adjacent(state: State, space: str) -> tuple[str, ...]:
    return _around(state.building)[space].adjacent


def _open(state: State, a: str, b: str) -> bool:
    return is_open(state.building, state.doors, state.wall_damage, a, b)


# ---- costs --------------------------------------------------------------------------------------------------
def move_cost(state: State, f: Firefighter, dest: str, action: Any = None) -> int | IllegalAction:
    """AP for ``f`` to move to ``dest``, or the refusal (``flashpoint.move.*``).

    1 AP; 2 into fire (``flashpoint.move.fire``); 2 carrying a victim or hazmat, never into fire
    (``flashpoint.move.carry``); leading a treated victim costs 1, never into fire (``flashpoint.role.paramedic``).
    """
    here = f.space
    if dest not in state.building.spaces_by_id:
        return _refuse("flashpoint.move.adjacent", f"{state.building.name} has no square {dest}", action)
    climb = lad.climb_between(state, here, dest) if here and state.ladders else None
    if climb is not None:
        if dest in {t for _, _, t in lad.raised_ladders(state)} and any(
                g.space == dest and g.name != f.name for g in state.firefighters):
            return _refuse("flashpoint.ed.ladder", f"another firefighter is on the ladder's top segment at {dest}",
                           action)
        cost = 2 if f.carrying else 1
        return cost * 2 if climb[1] >= 2 else cost
    if dest == here:
        return _refuse("flashpoint.move.adjacent", f"{f.name} already stands on {dest}: a move goes to a "
                       "neighbouring square", action)
    if here is None or dest not in state.building.spaces_by_id or dest not in _adjacent(state, here):
        return _refuse("flashpoint.move.adjacent", f"{dest} is not next to {here}, where {f.name} stands", action)
    air = lad.air_refusal(state, here, dest, f.name, action)
    if air is not None:
        return air
    if state.object_at(dest) is not None:
        return _refuse("flashpoint.ed.objects", f"the {state.object_at(dest)} stands on {dest}: nobody enters it",
                       action)
    if dest in state.toxic:
        return _refuse("flashpoint.ed.spill", f"{dest} holds a toxic marker: firefighters cannot enter it", action)
    if state.floor_damage.get(dest) == "destroyed" and f"bridge:{dest}" not in state.ladders:
        return _refuse("flashpoint.ed.floor", f"the floor of {dest} is destroyed (no ladder bridges it)", action)
    if not _open(state, here, dest):
        kind = state.building.edges[frozenset((here, dest))].kind.replace("_", " ")
        status = state.doors.get(frozenset((here, dest)))
        return _refuse("flashpoint.move.walls", f"a {status + ' ' if status else ''}{kind} stands between "
                       f"{here} and {dest}" + (": open it first" if status == "closed" else ""), action)
    if dest in state.fire and f.carrying:
        return _refuse("flashpoint.move.carry", f"{f.name} cannot take the {f.carrying} into the fire on {dest}",
                       action)
    if f.carrying in ("victim", "hazmat"):
        return 2
    return 2 if dest in state.fire else 1


def _afford(f: Firefighter, cost: int, pool: int, what: str, action: Any) -> IllegalAction | None:
    if cost > f.ap + pool:
        return _refuse("flashpoint.turn.ap", f"{what} costs {cost} AP; {f.name} has {f.ap}"
                       + (f" (+{pool} for this)" if pool else ""), action)
    return None


def _pay(f: Firefighter, cost: int, pool_name: str | None = None) -> Firefighter:
    """``f`` after paying ``cost`` AP, from the named extra pool first."""
    if pool_name:
        pool = getattr(f, pool_name)
        used = min(pool, cost)
        return f.but(**{pool_name: pool - used, "ap": f.ap - (cost - used)})
    return f.but(ap=f.ap - cost)


def _edge(state: State, text: str) -> tuple[str, str] | None:
    a, _, b = text.partition("|")
    if a in state.building.spaces_by_id and b in state.building.spaces_by_id:
        return a, b
    return None


def _extinguish_cost(f: Firefighter) -> int:
    """AP a step of extinguishing costs ``f`` (``flashpoint.extinguish``): double for the Paramedic
    (``flashpoint.role.paramedic``) and the Rescue Specialist (``flashpoint.role.rescue``). The CAFS
    Firefighter's extinguish-only AP are spent first (``flashpoint.role.cafs``; see :func:`_pay`)."""
    return f.card.extinguish_cost


def can_escape_fire(state: State, f: Firefighter) -> bool:
    """True if ``f``, on a space on fire, can still afford to leave it or to put it out."""
    for dest, _, way in _around(state.building)[f.space].moves:
        if dest not in state.fire:
            cost = _move_price(state, f, dest, way)  # what move_cost allows, without building its refusals
            if cost is not None and cost <= f.ap + f.move_ap:
                return True
    return _extinguish_cost(f) <= f.ap + f.extinguish_ap


# ---- legality -----------------------------------------------------------------------------------------------
def refusal(state: State, action: Any) -> IllegalAction | None:
    """Why the firefighter to act may not take ``action`` now (``None`` if it may), in the board's words: every
    space and edge the reason names as the drawn building shows it (:func:`.words.player_words`: ``"row 3,
    column 4"``, ``"the outer edge above row 1, column 6"``), the notation kept in ``notation`` where the reason
    gave it. The state is unchanged.
    """
    err = _refusal(state, action)
    if err is None:
        return None
    reason = player_words(state.building, err.reason)
    if reason == err.reason:
        return err
    return IllegalAction(err.rule, reason, action=err.action, notation=err.notation)


def _refusal(state: State, action: Any) -> IllegalAction | None:
    """Why the firefighter to act may not take ``action`` now (``None`` if it may), spaces in notation. The state
    is unchanged.

    Raises nothing; an action of an unknown type is refused with ``core.turn.not-legal``'s fallback (``None``
    from here lets the core explain it).
    """
    if state.phase == "setup":
        from .setup import legal_decisions, why_not
        if not isinstance(action, PLAYER_ACTIONS):
            return None
        return None if action in legal_decisions(state) else why_not(state, action)
    if isinstance(action, (Dice, Die, Reveal, FireproofRoll, SpillFlow)):
        return _refuse("flashpoint.turn.order", f"{_chance_words(action)} is chance's to decide, and nothing of "
                       f"chance is due now: "
                       f"{state.firefighter.name} is to act", action)
    if not isinstance(action, PLAYER_ACTIONS):
        return None
    if isinstance(action, (Place, Park, ChooseRole)):
        return _refuse("flashpoint.setup.place", f"{SETUP_WORDS[type(action).__name__]} is a set-up choice; the game "
                       f"is under way", action)
    f = state.firefighter
    exp = state.options.experienced
    card = f.card
    if isinstance(action, Move):
        cost = move_cost(state, f, action.space, action)
        if isinstance(cost, IllegalAction):
            return cost
        return _afford(f, cost, f.move_ap, f"moving to {action.space}", action)
    if isinstance(action, PickUp):
        if f.carrying:
            return _refuse("flashpoint.carry", f"{f.name} already carries a {f.carrying}", action)
        if action.what != "treated victim" and lad.carried_ladder(state, f.name) is not None:
            return _refuse("flashpoint.ed.ladder", f"{f.name} carries a portable ladder: no victim or hazmat as well "
                           f"(a treated victim can still be led)", action)
        here = state.pois.get(f.space)
        if action.what == "hazmat":
            if not state.hazmats.get(f.space):
                return _refuse("flashpoint.carry", f"there is no hazmat on {f.space}", action)
        elif here != action.what:
            found = {"hidden": "a face-down point of interest (move onto it to reveal it)", None: "nothing"}.get(
                here, f"a {here}")
            return _refuse("flashpoint.carry", f"there is no {action.what} on {f.space} ({found})", action)
        return None
    if isinstance(action, Drop):
        if not f.carrying:
            return _refuse("flashpoint.carry", f"{f.name} carries nothing", action)
        if f.carrying != "hazmat" and f.space in state.pois:
            return _refuse("flashpoint.assume.one-poi-per-space", f"{f.space} already holds a point of interest",
                           action)
        if not state.building.spaces_by_id[f.space].inside:
            return _refuse("flashpoint.assume.no-drop-outside", "a victim brought out waits in the firefighter's "
                           "arms for the ambulance; it is not put down outside", action)
        return None
    if isinstance(action, (OpenDoor, CloseDoor)):
        return _door_refusal(state, f, action, action.edge, opening=isinstance(action, OpenDoor))
    if isinstance(action, Unjam):
        return _unjam_refusal(state, f, action)
    if isinstance(action, Chop):
        edge = _edge(state, action.edge)
        if edge is None or f.space not in edge:
            return _refuse("flashpoint.chop", f"{action.edge} is not a wall of {f.space}, where {f.name} stands", action)
        key = frozenset(edge)
        kind = state.building.edges[key].kind if key in state.building.edges else None
        if kind not in WALL_STRENGTH:
            return _refuse("flashpoint.chop", f"there is no wall at {action.edge} to chop", action)
        if state.wall_damage.get(key, 0) >= WALL_STRENGTH[kind]:
            return _refuse("flashpoint.chop", f"the {kind.replace('_', ' ')} at {action.edge} is already destroyed",
                           action)
        return _afford(f, card.chop_cost, 0, "chopping", action)
    if isinstance(action, Extinguish):
        t = action.space
        if t not in state.building.spaces_by_id or (t != f.space and (t not in _adjacent(state, f.space)
                                                                        or not _open(state, f.space, t))):
            return _refuse("flashpoint.extinguish", f"{t} is neither {f.space}, where {f.name} stands, nor an open neighbour of it",
                           action)
        if t not in state.fire and t not in state.smoke:
            return _refuse("flashpoint.extinguish", f"there is no fire or smoke on {t}", action)
        return _afford(f, _extinguish_cost(f), f.extinguish_ap, "extinguishing", action)
    if isinstance(action, Drive):
        if not exp:
            return _refuse("flashpoint.vehicle.drive", "the Family game has no vehicles", action)
        spots = state.building.parking(action.vehicle)
        to = next((k for k, spot in enumerate(spots) if action.space in spot), None)
        if action.vehicle == "engine" and not on_engine(state, f.space):
            return _refuse("flashpoint.vehicle.drive", f"{f.name} must be on the engine to drive it", action)
        if action.vehicle == "engine" and state.platform is not None and state.platform not in spot_of(state, "engine"):
            return _refuse("flashpoint.ed.platform", "the engine cannot drive while its hydraulic platform is raised",
                           action)
        if to is not None and spots[to][0] != action.space:
            return IllegalAction(RULES["flashpoint.vehicle.drive"], f"a parking spot is named by its first square, "
                                 f"{spots[to][0]}", action=action, notation=f"drive {action.vehicle} {spots[to][0]}")
        if to is None or to not in next_spots(state, action.vehicle):
            if is_extreme(state.building):
                return _refuse("flashpoint.ed.drive", f"{action.space} is not another parking spot of the "
                               f"{action.vehicle}", action)
            return _refuse("flashpoint.vehicle.drive", f"the {action.vehicle} drives one parking spot at a time, "
                           f"round the building; {action.space} is not one", action)
        return _afford(f, DRIVE_COST, 0, "driving", action)
    if isinstance(action, DeckGun):
        return _deck_gun_refusal(state, f, action)
    if isinstance(action, Treat):
        if f.role != "paramedic":
            return _refuse("flashpoint.role.paramedic", "only the Paramedic treats victims", action)
        if state.pois.get(f.space) != "victim":
            return _refuse("flashpoint.role.paramedic", f"there is no untreated victim on {f.space}", action)
        return _afford(f, 1, 0, "treating", action)
    if isinstance(action, Identify):
        if f.role != "imaging":
            return _refuse("flashpoint.role.imaging", "only the Imaging Technician identifies from afar", action)
        if state.pois.get(action.space) != "hidden":
            return _refuse("flashpoint.role.imaging", f"there is no face-down point of interest on {action.space}",
                           action)
        return _afford(f, 1, 0, "identifying", action)
    if isinstance(action, Dispose):
        if f.role != "hazmat":
            return _refuse("flashpoint.role.hazmat", "only the Hazmat Technician disposes of hazmats", action)
        if not state.hazmats.get(f.space):
            return _refuse("flashpoint.role.hazmat", f"there is no hazmat on {f.space}", action)
        return _afford(f, 2, 0, "disposing", action)
    if isinstance(action, Command):
        return _command_refusal(state, f, action)
    if isinstance(action, CrewChange):
        if not exp:
            return _refuse("flashpoint.crew-change", "the Family game has no specialists", action)
        if not (state.started_on_engine and on_engine(state, f.space)):
            return _refuse("flashpoint.crew-change", f"{f.name} must start the turn on the engine and be there",
                           action)
        if action.role not in ROLES:
            return IllegalAction(RULES["flashpoint.crew-change"], f"there is no specialist card called "
                                 f"“{action.role}”", action=action, notation="crew change <" + "|".join(ROLES) + ">")
        if any(g.role == action.role for g in state.firefighters):
            return _refuse("flashpoint.crew-change", f"the {ROLES[action.role].name} is already in play", action)
        return _afford(f, CREW_CHANGE_COST, 0, "a crew change", action)
    if isinstance(action, (TakeLadder, DropLadder, RaiseLadder, CollapseLadder, Bridge, MovePlatform)):
        return _ladder_refusal(state, f, action)
    if isinstance(action, EndTurn):
        if f.space in state.fire and can_escape_fire(state, f):
            return _refuse("flashpoint.turn.no-end-in-fire", f"{f.name} stands in the fire on {f.space}: leave it or "
                           f"put it out before ending the turn", action)
        return None
    return None


def _deck_gun_refusal(state: State, f: Firefighter, action: DeckGun) -> IllegalAction | None:
    """Why ``f`` may not fire the deck gun now (``flashpoint.deck-gun``, ``flashpoint.ed.deck-gun``,
    ``flashpoint.ed.platform``), or ``None``. It costs 4 AP, 2 for the Driver/Operator (``flashpoint.role.driver``);
    the roll that follows stands, as the Driver/Operator's reroll is not offered
    (``flashpoint.assume.driver-reroll``)."""
    if not state.options.experienced or not on_engine(state, f.space):
        return _refuse("flashpoint.deck-gun", f"{f.name} must be on the engine to fire the deck gun", action)
    if state.options.platform:
        return _refuse("flashpoint.ed.platform", "with the hydraulic platform the deck gun is not available", action)
    quad = engine_quadrant(state)
    if quad is None:
        return _refuse("flashpoint.deck-gun", "the engine is beside no quadrant", action)
    inside = [g.name for g in state.firefighters if g.space and state.building.spaces_by_id[g.space].inside
              and _in_target_area(state, g.space, quad)]
    if inside:
        if is_extreme(state.building):
            return _refuse("flashpoint.ed.deck-gun", f"{', '.join(inside)} is in the half the gun would hit", action)
        return _refuse("flashpoint.deck-gun", f"{', '.join(inside)} is in the quadrant the gun would hit", action)
    return _afford(f, f.card.deck_gun_cost, 0, "the deck gun", action)


def _in_target_area(state: State, space: str, quad: tuple[str, tuple[int, int], tuple[int, int]]) -> bool:
    """True if ``space`` is where the deck gun can hit: the engine's quadrant; in an Extreme Danger building, the
    same half on every floor (``flashpoint.ed.deck-gun``)."""
    b = state.building
    if is_extreme(b):
        return b.quadrant(space) == quad[0]
    return b.spaces_by_id[space].floor == next(iter(b.floors)) and b.quadrant(space) == quad[0]


def _ladder_refusal(state: State, f: Firefighter, action: Any) -> IllegalAction | None:
    """Refusals of the portable-ladder and platform actions (seed 003)."""
    b = state.building
    if isinstance(action, MovePlatform):
        if not state.options.platform or state.platform is None:
            return _refuse("flashpoint.ed.platform", "this game has no hydraulic platform", action)
        if f.space != state.platform:
            return _refuse("flashpoint.ed.platform", f"{f.name} must stand on the platform (at {state.platform}) "
                           f"to move it", action)
        if action.space == state.platform or (action.space not in lad.platform_spaces(state)
                                              and action.space not in spot_of(state, "engine")):
            return _refuse("flashpoint.ed.platform", f"the platform rises along the wall beside the engine, or "
                           f"comes back down to it; {action.space} is neither", action)
        riders = lad.platform_riders(state, f.name)
        load = sum(1 + (state.firefighters[k].carrying in ("victim", "treated victim")) for k in riders)
        if 1 + (f.carrying in ("victim", "treated victim")) + load > lad.PLATFORM_SEATS:
            return _refuse("flashpoint.ed.platform", "the platform carries 2: two firefighters, or a firefighter and "
                           "a victim", action)
        return _afford(f, lad.PLATFORM_COST, 0, "moving the platform", action)
    if not state.ladders:
        return _refuse("flashpoint.ed.ladder", "this game has no portable ladders (one-storey building)", action)
    carried = lad.carried_ladder(state, f.name)
    if isinstance(action, TakeLadder):
        if carried is not None:
            return _refuse("flashpoint.ed.ladder", f"{f.name} already carries a ladder", action)
        if f.carrying in ("victim", "hazmat"):
            return _refuse("flashpoint.ed.ladder", f"{f.name} carries a {f.carrying}: no ladder as well", action)
        if lad.ladder_of(state, f.space) is None:
            return _refuse("flashpoint.ed.ladder", f"no ladder to take on {f.space} (ladders are stowed on the "
                           f"engine)", action)
        return None
    if isinstance(action, CollapseLadder):
        for _, bottom, top in lad.raised_ladders(state):
            ground = bottom if b.level(bottom) == 0 else top
            if ground == f.space:
                other = bottom if ground == top else top
                up = [g.name for g in state.firefighters if g.space == other and lad.is_air(state, other)]
                if up:
                    return _refuse("flashpoint.ed.ladder", f"{', '.join(up)} stands on the ladder's top at {other}: "
                                   f"collapsing it would leave them in the air", action)
                return _afford(f, lad.COLLAPSE_COST, 0, "collapsing the ladder", action)
        return _refuse("flashpoint.ed.ladder", f"no raised ladder stands on {f.name}'s ground-floor space", action)
    if carried is None:
        return _refuse("flashpoint.ed.ladder", f"{f.name} carries no ladder", action)
    if isinstance(action, DropLadder):
        if lad.is_air(state, f.space):
            return _refuse("flashpoint.assume.air", f"{f.name} is on a ladder top at {f.space}: there is nowhere to "
                           f"put a ladder down in the air", action)
        return None
    if isinstance(action, RaiseLadder):
        if _raise_end(state, f, action.space) is None:
            return _refuse("flashpoint.ed.ladder", f"a ladder is raised outside the building, its top on an upper "
                           f"level straight above (or, as an option, down into the basement under a destroyed floor "
                           f"next to you); {action.space} is not such a place", action)
        return _afford(f, lad.RAISE_COST, 0, "raising the ladder", action)
    if isinstance(action, Bridge):
        if not state.options.floor_bridge:
            return _refuse("flashpoint.ed.bridge", "the floor-bridge option is off", action)
        if action.space not in _adjacent(state, f.space) or state.floor_damage.get(action.space) != "destroyed":
            return _refuse("flashpoint.ed.bridge", f"{action.space} is not a destroyed floor next to {f.name}", action)
        if f"bridge:{action.space}" in state.ladders:
            return _refuse("flashpoint.ed.bridge", f"{action.space} is already bridged", action)
        return _afford(f, lad.BRIDGE_COST, 0, "laying the bridge", action)
    return None


def _raise_end(state: State, f: Firefighter, other: str) -> tuple[str, str] | None:
    """``(bottom, top)`` if the ladder ``f`` carries can be raised with its other end on ``other``."""
    b = state.building
    here = b.spaces_by_id[f.space]
    if not here.inside and b.level(f.space) == 0:
        up = b.above(f.space)
        tops = [up] + ([b.above(up)] if up else [])
        if other in tops and other is not None:
            return f.space, other
    if state.options.basement_ladder and here.inside and b.level(f.space) == 0:
        for n in _adjacent(state, f.space):
            if state.floor_damage.get(n) == "destroyed" and b.below(n) == other:
                return other, f.space
    return None


def _door_refusal(state: State, f: Firefighter, action: Any, text: str, *, opening: bool) -> IllegalAction | None:
    edge = _edge(state, text)
    verb = "open" if opening else "close"
    if edge is None or f.space not in edge:
        return _refuse("flashpoint.door.open-close", f"{text} is not an edge of {f.space}, where {f.name} stands", action)
    key = frozenset(edge)
    kind = state.building.edges[key].kind if key in state.building.edges else None
    if kind not in ("door", "fireproof_door", "window"):
        return _refuse("flashpoint.door.open-close", f"there is no door at {text}", action)
    status = state.doors.get(key, "closed")
    if kind == "window" and state.wall_damage.get(key, 0):
        status = "destroyed"
    rule = "flashpoint.ed.window" if kind == "window" else "flashpoint.door.open-close"
    if status == "destroyed":
        return _refuse(rule, f"the {kind.replace('_', ' ')} at {text} was destroyed", action)
    if status == "jammed":
        return _refuse("flashpoint.ed.fireproof-door", f"the fireproof door at {text} is jammed", action)
    if (status == "open") == opening:
        return _refuse(rule, f"the {kind.replace('_', ' ')} at {text} is already {status}", action)
    return _afford(f, 1, 0, f"to {verb} it", action)


def _unjam_refusal(state: State, f: Firefighter, action: Unjam) -> IllegalAction | None:
    """Why ``f`` may not remove a jam marker at ``action.edge`` (``flashpoint.ed.unjam``), or ``None``."""
    edge = _edge(state, action.edge)
    if edge is None or f.space not in edge:
        return _refuse("flashpoint.ed.unjam", f"{action.edge} is not an edge of {f.space}, where {f.name} stands", action)
    key = frozenset(edge)
    kind = state.building.edges[key].kind if key in state.building.edges else None
    if kind != "fireproof_door":
        return _refuse("flashpoint.ed.unjam", f"there is no fireproof door at {action.edge}: only a fireproof door "
                       f"jams", action)
    if state.doors.get(key) != "jammed" or not state.jams.get(key):
        return _refuse("flashpoint.ed.unjam", f"the fireproof door at {action.edge} is not jammed", action)
    return _afford(f, UNJAM_COST, 0, "removing a jam marker", action)


def _command_refusal(state: State, f: Firefighter, action: Command) -> IllegalAction | None:
    if f.role != "captain":
        return _refuse("flashpoint.role.captain", "only the Fire Captain commands other firefighters", action)
    try:
        k = state.index_of(action.who)
    except KeyError as e:
        return _refuse("flashpoint.role.captain", str(e.args[0]), action)
    if k == state.turn:
        return _refuse("flashpoint.role.captain", "the Fire Captain commands others, not himself", action)
    other = state.firefighters[k]
    if action.verb == "move":
        cost = move_cost(state, other, action.target, action)
        if isinstance(cost, IllegalAction):
            return cost
    else:
        # the commanded firefighter opens or closes a door of its own space, at 1 AP
        probe = other.but(ap=f.ap + f.command_ap)
        problem = _door_refusal(state, probe, action, action.target, opening=action.verb == "open")
        if problem is not None:
            return problem
        cost = 1
    if other.role == "cafs" and state.cafs_commanded + cost > CAFS_COMMAND_LIMIT:
        return _refuse("flashpoint.role.captain", f"the Captain may spend only {CAFS_COMMAND_LIMIT} AP a turn on "
                       f"the CAFS Firefighter", action)
    return _afford(f, cost, f.command_ap, f"commanding {other.name}", action)


def candidate_actions(state: State) -> list[Any]:
    """A broad list of the actions the rules could name for the firefighter to act, legal or not, in the order
    of :func:`legal_actions`: a move to and an extinguish of each neighbour, every pick-up and drop, each door
    action and chop on each edge of the space, every drive, specialty, command and crew change... For tests:
    each is legal exactly when :func:`refusal` lets it through, and those it lets through are
    :func:`legal_actions`."""
    if state.phase == "setup":
        from .setup import legal_decisions
        return legal_decisions(state)
    f = state.firefighter
    here = f.space
    cands: list[Any] = [Move(n) for n in _adjacent(state, here)]
    cands += [PickUp(w) for w in ("victim", "treated victim", "hazmat")] + [Drop()]
    edges = [edge_text(here, n) for n in _adjacent(state, here) if frozenset((here, n)) in state.building.edges]
    cands += [OpenDoor(e) for e in edges] + [CloseDoor(e) for e in edges] + [Chop(e) for e in edges]
    cands += [Unjam(e) for e in edges if state.jams.get(frozenset(e.split("|")))]
    cands += [Extinguish(here)] + [Extinguish(n) for n in _adjacent(state, here)]
    if state.options.experienced:
        for vehicle in ("ambulance", "engine"):
            for k in next_spots(state, vehicle):
                cands.append(Drive(vehicle, state.building.parking(vehicle)[k][0]))
        cands.append(DeckGun())
        if f.role == "paramedic":
            cands.append(Treat())
        if f.role == "imaging":
            cands += [Identify(s) for s in sorted(state.pois) if state.pois[s] == "hidden"]
        if f.role == "hazmat":
            cands.append(Dispose())
        if f.role == "captain":
            for g in state.firefighters:
                if g is f or g.space is None:
                    continue
                cands += [Command(g.name, "move", n) for n in _adjacent(state, g.space)]
                for n in _adjacent(state, g.space):
                    if frozenset((g.space, n)) in state.building.edges:
                        e = edge_text(g.space, n)
                        cands += [Command(g.name, "open", e), Command(g.name, "close", e)]
        cands += [CrewChange(r) for r in ROLES]
    if state.ladders:
        cands += [TakeLadder(), DropLadder(), CollapseLadder()]
        cands += [Move(top) for k, bottom, top in lad.raised_ladders(state) if bottom == here]
        cands += [Move(bottom) for k, bottom, top in lad.raised_ladders(state) if top == here]
        b = state.building
        ups = [b.above(here)] if b.above(here) else []
        ups += [b.above(ups[0])] if ups and b.above(ups[0]) else []
        downs = [b.below(n) for n in _adjacent(state, here) if state.floor_damage.get(n) == "destroyed" and b.below(n)]
        cands += [RaiseLadder(t) for t in ups + downs]
        cands += [Bridge(n) for n in _adjacent(state, here) if state.floor_damage.get(n) == "destroyed"]
    if state.platform is not None:
        cands += [MovePlatform(t) for t in lad.platform_spaces(state)]
        spot = spot_of(state, "engine")
        if spot:
            cands.append(MovePlatform(spot[0]))
    cands.append(EndTurn())
    return cands


# ---- the legal actions, generated directly -------------------------------------------------------------------
# Each test below is the condition under which :func:`refusal` lets the action through, written as a plain
# question; the property test ``tests/flashpoint/test_flashpoint_legality.py`` checks the two agree on every
# candidate (:func:`candidate_actions`) of positions met in random games.
_PICK_UP = tuple(PickUp(w) for w in ("victim", "treated victim", "hazmat"))
_DROP, _DECK_GUN, _TREAT, _DISPOSE, _END = Drop(), DeckGun(), Treat(), Dispose(), EndTurn()
_TAKE_LADDER, _DROP_LADDER, _COLLAPSE_LADDER = TakeLadder(), DropLadder(), CollapseLadder()
_CREW_CHANGE = tuple((r, CrewChange(r)) for r in ROLES)
_DOOR_KINDS = ("door", "fireproof_door", "window")


@dataclass(frozen=True)
class _Around:
    """What one space touches, worked out once per building, with the actions naming it made once."""

    adjacent: tuple[str, ...]
    """Its neighbours (:meth:`Building.neighbours` order, staircases included)."""
    moves: tuple[tuple[str, Move, tuple[frozenset[str], str | None]], ...]
    """``(neighbour, Move(neighbour), way)``, ``way`` being the edge's key and kind (``None``: no edge)."""
    extinguish: tuple[tuple[str, Extinguish, tuple[frozenset[str], str | None] | None], ...]
    """``(space, Extinguish(space), way)``: the space itself first (no way), then each neighbour."""
    edges: tuple[tuple[frozenset[str], str, OpenDoor, CloseDoor, Chop, Unjam], ...]
    """``(key, kind, open, close, chop, unjam)`` for each neighbour across an edge of the building."""


@functools.cache
def _around(building: Any) -> dict[str, _Around]:
    """:class:`_Around` for every space of ``building`` (computed once per building)."""
    out = {}
    for here in building.spaces_by_id:
        adjacent = tuple(n for n, _ in building.neighbours(here))
        ways = {n: (frozenset((here, n)), getattr(building.edges.get(frozenset((here, n))), "kind", None))
                for n in adjacent}
        edges = []
        for n in adjacent:
            key = frozenset((here, n))
            if key in building.edges:
                e = edge_text(here, n)
                edges.append((key, building.edges[key].kind, OpenDoor(e), CloseDoor(e), Chop(e), Unjam(e)))
        out[here] = _Around(adjacent, tuple((n, Move(n), ways[n]) for n in adjacent),
                            ((here, Extinguish(here), None),) + tuple((n, Extinguish(n), ways[n]) for n in adjacent),
                            tuple(edges))
    return out


@functools.cache
def _intern(kind: type, *args: str) -> Any:
    """The action ``kind(*args)``, made once (actions are immutable values)."""
    return kind(*args)


def _way_open(state: State, key: frozenset[str], kind: str | None) -> bool:
    """:func:`.work.is_open` for the edge ``key`` of kind ``kind`` (``None``: no edge), both known."""
    if kind is None or kind == "entrance":
        return True
    if kind == "door" or kind == "fireproof_door":
        return state.doors.get(key, "closed") in ("open", "destroyed")
    if kind == "window":
        return state.doors.get(key, "closed") == "open" or state.wall_damage.get(key, 0) >= WALL_STRENGTH["window"]
    return state.wall_damage.get(key, 0) >= WALL_STRENGTH[kind]


def _move_price(state: State, f: Firefighter, dest: str,
                way: tuple[frozenset[str], str | None] | None = None) -> int | None:
    """What :func:`move_cost` answers for ``f`` moving to ``dest`` when it allows the move, else ``None`` (the
    same tests in the same order, without building the refusal). ``way``: the edge's key and kind when ``dest``
    is known to be a neighbour."""
    here = f.space
    b = state.building
    if state.ladders and here:
        for _, bottom, top in _raised(state):
            if (here == bottom and dest == top) or (here == top and dest == bottom):
                if dest in _ladder_tops(state) and any(g.space == dest and g.name != f.name
                                                        for g in state.firefighters):
                    return None
                cost = 2 if f.carrying else 1
                return cost * 2 if abs(b.level(top) - b.level(bottom)) >= 2 else cost
    if way is None and (here is None or dest not in _around(b)[here].adjacent):
        return None
    air = _air(b)
    if dest in air:
        if here in air:
            return None
        if dest in _ladder_tops(state):
            if any(g.space == dest and g.name != f.name for g in state.firefighters):
                return None
        elif dest != state.platform:
            return None
    if state.objects and state.object_at(dest) is not None:
        return None
    if dest in state.toxic:
        return None
    if state.floor_damage and state.floor_damage.get(dest) == "destroyed" and f"bridge:{dest}" not in state.ladders:
        return None
    if not (_way_open(state, *way) if way else is_open(b, state.doors, state.wall_damage, here, dest)):
        return None
    if dest in state.fire:
        return None if f.carrying else 2
    return 2 if f.carrying in ("victim", "hazmat") else 1


@functools.cache
def _air(building: Any) -> frozenset[str]:
    """The spaces of ``building`` in the air (:func:`.ladders.is_air`), computed once per building."""
    return frozenset(s for s, sp in building.spaces_by_id.items() if not sp.inside and building.level(s) > 0)


def _raised(state: State) -> list[tuple[int, str, str]]:
    """:func:`.ladders.raised_ladders` of ``state``, worked out once per state."""
    return state.fact("raised ladders", lad.raised_ladders)


def _ladder_tops(state: State) -> frozenset[str]:
    """The spaces a raised ladder's top segment stands on, worked out once per state."""
    return state.fact("ladder tops", lambda s: frozenset(top for _, _, top in _raised(s)))


def _door_status(state: State, key: frozenset[str], kind: str) -> str:
    """A door's or window's state as :func:`_door_refusal` reads it (a window with a cube is destroyed)."""
    if kind == "window" and state.wall_damage.get(key, 0):
        return "destroyed"
    return state.doors.get(key, "closed")


def legal_actions(state: State) -> list[Any]:
    """Every action :func:`refusal` lets through now, in a fixed order: moves, carrying, doors, chops,
    extinguishing, vehicles, specialties, commands, ladders, the platform, end (the order of
    :func:`candidate_actions`)."""
    if state.phase == "setup":
        return setup.legal_decisions(state)
    f = state.firefighter
    here = f.space
    b = state.building
    around = _around(b)[here]
    ap = f.ap
    out: list[Any] = []
    # moving (flashpoint.move.*): what it costs, within the AP and the move-only pool
    budget = ap + f.move_ap
    for n, move, way in around.moves:
        cost = _move_price(state, f, n, way)
        if cost is not None and cost <= budget:
            out.append(move)
    # carrying (flashpoint.carry): empty hands, no ladder unless leading; a drop only inside, on a free space
    if not f.carrying:
        poi = state.pois.get(here)
        ladder = state.ladders and lad.carried_ladder(state, f.name) is not None
        if poi == "victim" and not ladder:
            out.append(_PICK_UP[0])
        if poi == "treated victim":
            out.append(_PICK_UP[1])
        if state.hazmats.get(here) and not ladder:
            out.append(_PICK_UP[2])
    elif (f.carrying == "hazmat" or here not in state.pois) and b.spaces_by_id[here].inside:
        out.append(_DROP)
    # doors and windows (flashpoint.door.open-close, flashpoint.ed.window): 1 AP to open a closed one, close an open one
    if ap >= 1:
        for key, kind, opening, _, _, _ in around.edges:
            if kind in _DOOR_KINDS and _door_status(state, key, kind) not in ("open", "destroyed", "jammed"):
                out.append(opening)
        for key, kind, _, closing, _, _ in around.edges:
            if kind in _DOOR_KINDS and _door_status(state, key, kind) == "open":
                out.append(closing)
    # chopping (flashpoint.chop): a wall not yet destroyed
    if f.card.chop_cost <= ap:
        for key, kind, _, _, chop, _ in around.edges:
            if kind in WALL_STRENGTH and state.wall_damage.get(key, 0) < WALL_STRENGTH[kind]:
                out.append(chop)
    # unjamming (flashpoint.ed.unjam)
    if state.jams and UNJAM_COST <= ap:
        for key, kind, _, _, _, unjam in around.edges:
            if state.jams.get(key) and kind == "fireproof_door" and state.doors.get(key) == "jammed":
                out.append(unjam)
    # extinguishing (flashpoint.extinguish): your space or an open neighbour, with fire or smoke
    if _extinguish_cost(f) <= ap + f.extinguish_ap:
        for t, extinguish, way in around.extinguish:
            if (t in state.fire or t in state.smoke) and (way is None or _way_open(state, *way)):
                out.append(extinguish)
    if state.options.experienced:
        _experienced_actions(state, f, out)
    if state.ladders:
        _ladder_actions(state, f, out)
    if state.platform is not None:
        _platform_actions(state, f, out)
    # ending the turn (flashpoint.turn.no-end-in-fire): not in the fire while it can still be left or put out
    if not (here in state.fire and can_escape_fire(state, f)):
        out.append(_END)
    return out


def _experienced_actions(state: State, f: Firefighter, out: list[Any]) -> None:
    """The Experienced game's legal actions (vehicles, deck gun, specialties, commands, crew change), appended to
    ``out`` in :func:`candidate_actions` order."""
    here, ap = f.space, f.ap
    engine = spot_of(state, "engine")
    # driving (flashpoint.vehicle.drive, flashpoint.ed.drive): the engine only with its driver on it, not while
    # the platform is up
    if ap >= DRIVE_COST:
        for vehicle in ("ambulance", "engine"):
            if vehicle == "engine" and (here not in engine or (
                    state.platform is not None and state.platform not in engine)):
                continue
            spots = state.building.parking(vehicle)
            near = next_spots(state, vehicle)
            for k in near:
                space = spots[k][0]
                to = next((j for j, spot in enumerate(spots) if space in spot), None)
                if to is not None and spots[to][0] == space and to in near:
                    out.append(_intern(Drive, vehicle, space))
    # the deck gun (flashpoint.deck-gun)
    if here in engine and not state.options.platform and f.card.deck_gun_cost <= ap:
        quad = engine_quadrant(state)
        if quad is not None and not any(g.space and state.building.spaces_by_id[g.space].inside
                                        and _in_target_area(state, g.space, quad) for g in state.firefighters):
            out.append(_DECK_GUN)
    role = f.role
    if role == "paramedic" and state.pois.get(here) == "victim" and ap >= 1:
        out.append(_TREAT)
    if role == "imaging" and ap >= 1:
        out += [_intern(Identify, s) for s in sorted(state.pois) if state.pois[s] == "hidden"]
    if role == "hazmat" and state.hazmats.get(here) and ap >= 2:
        out.append(_DISPOSE)
    if role == "captain":
        _command_actions(state, f, out)
    # a crew change (flashpoint.crew-change): at the engine since the turn began, to a card not in play
    if state.started_on_engine and here in engine and ap >= CREW_CHANGE_COST:
        taken = {g.role for g in state.firefighters}
        out += [change for r, change in _CREW_CHANGE if r not in taken]


def _command_actions(state: State, f: Firefighter, out: list[Any]) -> None:
    """The Fire Captain's legal commands (flashpoint.role.captain), appended to ``out``."""
    budget = f.ap + f.command_ap
    around = _around(state.building)
    for g in state.firefighters:
        if g is f or g.space is None:
            continue
        cafs = state.cafs_commanded if g.role == "cafs" else None
        for n, _, way in around[g.space].moves:
            cost = _move_price(state, g, n, way)
            if cost is not None and cost <= budget and (cafs is None or cafs + cost <= CAFS_COMMAND_LIMIT):
                out.append(_intern(Command, g.name, "move", n))
        if budget < 1 or (cafs is not None and cafs + 1 > CAFS_COMMAND_LIMIT):
            continue
        for key, kind, opening, _, _, _ in around[g.space].edges:
            if kind in _DOOR_KINDS:
                status = _door_status(state, key, kind)
                if status not in ("destroyed", "jammed"):
                    verb = "close" if status == "open" else "open"
                    out.append(_intern(Command, g.name, verb, opening.edge))


def _ladder_actions(state: State, f: Firefighter, out: list[Any]) -> None:
    """The portable ladders' legal actions (flashpoint.ed.ladder, flashpoint.ed.bridge), appended to ``out`` in
    :func:`candidate_actions` order."""
    here, ap, b = f.space, f.ap, state.building
    carried = lad.carried_ladder(state, f.name)
    raised = _raised(state)
    if carried is None and f.carrying not in ("victim", "hazmat") and lad.ladder_of(state, here) is not None:
        out.append(_TAKE_LADDER)
    if carried is not None and not lad.is_air(state, here):
        out.append(_DROP_LADDER)
    if ap >= lad.COLLAPSE_COST:
        for _, bottom, top in raised:
            ground = bottom if b.level(bottom) == 0 else top
            if ground == here:
                other = bottom if ground == top else top
                if not any(g.space == other and lad.is_air(state, other) for g in state.firefighters):
                    out.append(_COLLAPSE_LADDER)
                break
    for dest in [top for _, bottom, top in raised if bottom == here] + [bottom for _, bottom, top in raised
                                                                        if top == here]:
        cost = _move_price(state, f, dest)
        if cost is not None and cost <= ap + f.move_ap:
            out.append(_intern(Move, dest))
    if carried is None:
        return
    adjacent = _around(b)[here].adjacent
    destroyed = [n for n in adjacent if state.floor_damage.get(n) == "destroyed"]
    if ap >= lad.RAISE_COST:
        ups = [b.above(here)] if b.above(here) else []
        ups += [b.above(ups[0])] if ups and b.above(ups[0]) else []
        downs = [b.below(n) for n in destroyed if b.below(n)]
        out += [_intern(RaiseLadder, t) for t in ups + downs if _raise_end(state, f, t) is not None]
    if state.options.floor_bridge and ap >= lad.BRIDGE_COST:
        out += [_intern(Bridge, n) for n in destroyed if f"bridge:{n}" not in state.ladders]


def _platform_actions(state: State, f: Firefighter, out: list[Any]) -> None:
    """The hydraulic platform's legal moves (flashpoint.ed.platform), appended to ``out``."""
    if not state.options.platform or f.space != state.platform or f.ap < lad.PLATFORM_COST:
        return
    riders = lad.platform_riders(state, f.name)
    load = sum(1 + (state.firefighters[k].carrying in ("victim", "treated victim")) for k in riders)
    if 1 + (f.carrying in ("victim", "treated victim")) + load > lad.PLATFORM_SEATS:
        return
    spaces = lad.platform_spaces(state)
    engine = spot_of(state, "engine")
    for t in spaces + ((engine[0],) if engine else ()):
        if t != state.platform and (t in spaces or t in engine):
            out.append(_intern(MovePlatform, t))


def why_illegal(state: State, action: Any) -> IllegalAction | None:
    """The rule that forbids ``action`` (for the core's ``explain``)."""
    return refusal(state, action)


# ---- effects ------------------------------------------------------------------------------------------------
def apply_action(state: State, action: Any) -> tuple[State, list[Event]]:
    """Carry out the (legal) action of the firefighter to act."""
    if isinstance(action, EndTurn):
        return flow.end_turn(state)
    work = Work(state)
    k = state.turn
    f = state.firefighter
    changes: dict[str, Any] = {}
    if isinstance(action, Move):
        cost = _move_price(state, f, action.space)
        work.firefighters[k] = _pay(f, cost, "move_ap").but(space=action.space)
        _arrive(work, k, f.space, action.space, cost, "flashpoint.move.adjacent")
    elif isinstance(action, Command):
        g = state.index_of(action.who)
        other = state.firefighters[g]
        if action.verb == "move":
            cost = _move_price(state, other, action.target)
            work.firefighters[g] = other.but(space=action.target)
            work.firefighters[k] = _pay(f, cost, "command_ap")
            _arrive(work, g, other.space, action.target, cost, "flashpoint.role.captain")
        else:
            cost = 1
            work.firefighters[k] = _pay(f, 1, "command_ap")
            _toggle_door(work, action.target, action.verb == "open", f"{other.name} (commanded)")
        if other.role == "cafs":
            changes["cafs_commanded"] = state.cafs_commanded + cost
    elif isinstance(action, PickUp):
        if action.what == "hazmat":
            _take_hazmat(work, f.space)
        else:
            del work.pois[f.space]
        work.firefighters[k] = f.but(carrying=action.what)
        verb = "leads" if action.what == "treated victim" else "picks up"
        work.log("flashpoint.carry", f"{f.name} {verb} the {action.what} on {f.space}", f.space)
    elif isinstance(action, Drop):
        if f.carrying == "hazmat":
            work.hazmats[f.space] = work.hazmats.get(f.space, 0) + 1
        else:
            work.pois[f.space] = f.carrying
        work.firefighters[k] = f.but(carrying=None)
        work.log("flashpoint.carry", f"{f.name} puts down the {f.carrying} on {f.space}", f.space)
    elif isinstance(action, (OpenDoor, CloseDoor)):
        work.firefighters[k] = _pay(f, 1)
        _toggle_door(work, action.edge, isinstance(action, OpenDoor), f.name)
    elif isinstance(action, Unjam):
        work.firefighters[k] = _pay(f, UNJAM_COST)
        _unjam(work, action.edge, f.name)
    elif isinstance(action, Chop):
        a, b = action.edge.split("|")
        work.firefighters[k] = _pay(f, f.card.chop_cost)
        work.place_damage(frozenset((a, b)), f"{f.name} chops", "flashpoint.chop")
    elif isinstance(action, Extinguish):
        work.firefighters[k] = _pay(f, _extinguish_cost(f), "extinguish_ap")
        if action.space in work.fire:
            work.fire.discard(action.space)
            work.smoke.add(action.space)
            work.log("flashpoint.extinguish", f"{f.name} turns the fire on {action.space} to smoke", action.space)
        else:
            work.smoke.discard(action.space)
            work.log("flashpoint.extinguish", f"{f.name} clears the smoke from {action.space}", action.space)
    elif isinstance(action, Drive):
        work.firefighters[k] = _pay(f, DRIVE_COST)
        changes["vehicles"] = _drive(work, action.vehicle, action.space, f.name)
        if getattr(work, "platform_to", None):
            changes["platform"] = work.platform_to
    elif isinstance(action, DeckGun):
        work.firefighters[k] = _pay(f, f.card.deck_gun_cost)
        work.log("flashpoint.deck-gun", f"{f.name} fires the deck gun at quadrant {engine_quadrant(state)[0]}: roll "
                 f"for the target", *spot_of(state, "engine"))
        work.front.append(Step("roll", "deck-gun"))
    elif isinstance(action, Treat):
        work.firefighters[k] = _pay(f, 1)
        work.pois[f.space] = "treated victim"
        work.log("flashpoint.role.paramedic", f"{f.name} treats the victim on {f.space}", f.space)
    elif isinstance(action, Identify):
        work.firefighters[k] = _pay(f, 1)
        work.log("flashpoint.role.imaging", f"{f.name} identifies the point of interest on {action.space}",
                 action.space)
        work.front.append(Step("reveal", "identified", action.space))
    elif isinstance(action, Dispose):
        work.firefighters[k] = _pay(f, 2)
        _take_hazmat(work, f.space)
        work.log("flashpoint.role.hazmat", f"{f.name} disposes of the hazmat on {f.space}", f.space)
    elif isinstance(action, CrewChange):
        changes["cafs_commanded"] = _crew_change(work, k, action.role)
    elif isinstance(action, (TakeLadder, DropLadder)):
        work.ladders = lad.apply_ladder_toggle(work, state, k, isinstance(action, TakeLadder))
    elif isinstance(action, RaiseLadder):
        bottom, top = _raise_end(state, f, action.space)
        work.ladders[lad.carried_ladder(state, f.name)] = f"raised:{bottom}|{top}"
        work.firefighters[k] = _pay(f, lad.RAISE_COST)
        work.log("flashpoint.ed.ladder", f"{f.name} raises a ladder from {bottom} to {top}", bottom, top)
    elif isinstance(action, CollapseLadder):
        i, bottom, top = next((i, b_, t_) for i, b_, t_ in lad.raised_ladders(state) if f.space in (b_, t_))
        work.ladders[i] = f"lying:{f.space}"
        work.firefighters[k] = _pay(f, lad.COLLAPSE_COST)
        work.log("flashpoint.ed.ladder", f"{f.name} collapses the ladder {bottom}-{top}", bottom, top)
    elif isinstance(action, Bridge):
        work.ladders[lad.carried_ladder(state, f.name)] = f"bridge:{action.space}"
        work.firefighters[k] = _pay(f, lad.BRIDGE_COST)
        work.log("flashpoint.ed.bridge", f"{f.name} lays a ladder over the hole at {action.space}", action.space)
    elif isinstance(action, MovePlatform):
        riders = lad.platform_riders(state, f.name)
        work.firefighters[k] = _pay(f, lad.PLATFORM_COST).but(space=action.space)
        for r in riders:
            work.firefighters[r] = work.firefighters[r].but(space=action.space)
        changes["platform"] = action.space
        names = ", ".join([f.name] + [state.firefighters[r].name for r in riders])
        work.log("flashpoint.ed.platform", f"the platform takes {names} from {state.platform} to {action.space}",
                 state.platform, action.space)
        _rescue_check(work, k)
    else:
        raise AssertionError(f"no effect written for {action!r}")
    return work.state(**changes), work.events


def _crew_change(work: Work, k: int, role: str) -> int:
    """Firefighter ``k`` pays 2 AP and takes the specialist card ``role`` (``flashpoint.crew-change``). It keeps its
    general AP; the new card's extra pools start next turn, and the old card's are gone
    (``flashpoint.assume.crew-change``). Returns the AP the Captain has spent on the CAFS Firefighter this turn:
    0, as a Captain who changes crew commands no more."""
    f = work.firefighters[k]
    work.firefighters[k] = _pay(f, CREW_CHANGE_COST).but(role=role, command_ap=0, extinguish_ap=0, move_ap=0)
    work.log("flashpoint.crew-change", f"{f.name} changes from {f.card.name} to {ROLES[role].name}: it keeps "
             f"{f.ap - CREW_CHANGE_COST} AP, the new card's extra AP start next turn", f.space)
    return 0


def _take_hazmat(work: Work, space: str) -> None:
    left = work.hazmats[space] - 1
    if left:
        work.hazmats[space] = left
    else:
        del work.hazmats[space]


def _toggle_door(work: Work, text: str, opening: bool, who: str) -> None:
    a, b = text.split("|")
    key = frozenset((a, b))
    kind = work.building.edges[key].kind
    work.doors[key] = "open" if opening else "closed"
    rule = "flashpoint.ed.window" if kind == "window" else "flashpoint.door.open-close"
    work.log(rule, f"{who} {'opens' if opening else 'closes'} the {kind.replace('_', ' ')} at {text}", a, b)


def _unjam(work: Work, text: str, who: str) -> None:
    """``who`` removes one jam marker from the fireproof door on ``text`` (``flashpoint.ed.unjam``); with the last
    one gone the door is a closed fireproof door again (``flashpoint.assume.unjammed-door``)."""
    a, b = text.split("|")
    key = frozenset((a, b))
    left = work.jams[key] - 1
    if left:
        work.jams[key] = left
        work.log("flashpoint.ed.unjam", f"{who} removes a jam marker from the fireproof door at {text}: {left} "
                 f"left, it stays jammed", a, b)
    else:
        del work.jams[key]
        work.doors[key] = "closed"
        work.log("flashpoint.ed.unjam", f"{who} removes the last jam marker from the fireproof door at {text}", a, b)
        work.log("flashpoint.assume.unjammed-door", f"the fireproof door at {text} is a closed fireproof door again",
                 a, b)


def _arrive(work: Work, k: int, src: str, dest: str, cost: int, rule_id: str) -> None:
    """Firefighter ``k`` has moved from ``src`` to ``dest``: log it, rescue what it carries out, reveal a point of
    interest it found (``flashpoint.move.reveal``)."""
    f = work.firefighters[k]
    carried = f" with the {f.carrying}" if f.carrying else ""
    work.log(rule_id, f"{f.name} moves from {src} to {dest}{carried} ({cost} AP)", src, dest)
    _rescue_check(work, k)
    if work.pois.get(dest) == "hidden":
        work.front.append(Step("reveal", "entered", dest))


def _rescue_check(work: Work, k: int) -> None:
    """A victim carried or led out of the building is rescued: anywhere outside in the Family game, only onto
    the ambulance in the Experienced game (``flashpoint.rescue.*``); a hazmat carried out is gone
    (``flashpoint.hazmat.outside``)."""
    f = work.firefighters[k]
    if f.carrying is None or work.building.spaces_by_id[f.space].inside or work.building.level(f.space) != 0:
        return
    if f.carrying == "hazmat":
        work.firefighters[k] = f.but(carrying=None)
        work.log("flashpoint.hazmat.outside", f"{f.name} carries the hazmat out of the building: it is removed",
                 f.space)
        return
    if work.experienced:
        if f.space not in spot_of(work.base, "ambulance"):
            return
        rule = "flashpoint.rescue.ambulance"
    else:
        rule = "flashpoint.rescue.family"
    work.firefighters[k] = f.but(carrying=None)
    work.rescued += 1
    work.log(rule, f"{f.name} brings the {f.carrying} to safety on {f.space}: {work.rescued} rescued", f.space)


def _drive(work: Work, vehicle: str, space: str, who: str) -> dict[str, int]:
    """Drive ``vehicle`` to the spot holding ``space``; firefighters on its spot ride along, each to the space of
    the new spot in the same place (``flashpoint.vehicle.ride``, ``flashpoint.assume.ride``)."""
    state = work.base
    spots = state.building.parking(vehicle)
    old = spots[state.vehicles[vehicle]]
    to = next(k for k, spot in enumerate(spots) if space in spot)
    new = spots[to]
    work.log("flashpoint.vehicle.drive", f"{who} drives the {vehicle} from {' '.join(old)} to {' '.join(new)}",
             *old, *new)
    riders = []
    for k, g in enumerate(work.firefighters):
        if g.space in old:
            work.firefighters[k] = g.but(space=new[old.index(g.space)])
            riders.append(g.name)
    if riders:
        work.log("flashpoint.vehicle.ride", f"{', '.join(riders)} ride along", *new)
    vehicles = {**state.vehicles, vehicle: to}
    if vehicle == "engine" and state.platform in old:
        work.platform_to = new[old.index(state.platform)]
    if vehicle == "ambulance":
        work.base = state.replace(vehicles=vehicles)
        for k in range(len(work.firefighters)):
            _rescue_check(work, k)
        work.base = state
    return vehicles
