"""How a Flash Point game moves on: chance steps (rolls, points of interest turned over), the steps that follow
without a decision (knock-downs, lost victims, replenishing points of interest, the next turn), and the end.

:func:`apply` is the engine's ``_apply``: it resolves a chance outcome or hands a decision to :mod:`.turn` /
:mod:`.setup`, then :func:`run` carries out the steps that need nobody, up to the next decision or roll.
"""

from __future__ import annotations

import functools
from collections.abc import Sequence
from fractions import Fraction
from typing import Any

from explorer.core import Event

from . import fire, setup, turn
from .actions import Dice, Die, FireproofRoll, Reveal, SpillFlow
from .components import POIS_ON_BOARD, RED_DIE, SAVE_LIMIT
from .state import State, Step
from .work import Work

__all__ = ["apply", "run", "chance_outcomes", "die_faces", "roll_target", "FIRST_EXPLOSION"]

FIRST_EXPLOSION = ("3,3", "3,4", "3,5", "3,6", "4,3", "4,4", "4,5", "4,6")
"""The central spaces the black die picks for the first initial explosion, by face 1-8
(``flashpoint.assume.first-explosion``)."""


def die_faces(state: State) -> int:
    """Faces of the black die: 8, or 12 with Extreme Danger's half board (``flashpoint.ed.dice``, seed 003)."""
    return _faces(state.building)


def roll_target(state: State, red: int, black: int) -> str:
    """The inside space a roll of the red die ``red`` and black die ``black`` names (``flashpoint.fire.roll``)."""
    target = _roll_spaces(state.building).get((red, black))
    if target is None:
        roll_space = getattr(state.building, "roll_space", None)
        return roll_space(red, black) if roll_space else f"{red},{black}"
    return target


@functools.cache
def _faces(building: Any) -> int:
    """:func:`die_faces` of ``building``, worked out once per building."""
    return getattr(building, "die_faces", 8)


@functools.cache
def _roll_spaces(building: Any) -> dict[tuple[int, int], str]:
    """The space every roll of the dice names on ``building`` (:meth:`.building.Building.roll_space`), worked
    out once per building."""
    roll_space = getattr(building, "roll_space", None)
    if roll_space is None:
        return {}
    return {(r, b): roll_space(r, b) for r in range(1, RED_DIE + 1) for b in range(1, _faces(building) + 1)}


def chance_outcomes(state: State) -> list[tuple[Any, Fraction]]:
    """At a chance node, every outcome with its exact probability (``[]`` elsewhere).

    A roll of both dice has ``6 x 8`` (or ``6 x 12``) equally likely outcomes; the first initial explosion rolls
    the black die alone; a point of interest turned over is a victim with probability (victims still face down)
    / (markers still face down); a fireproof door's red die has 6 faces.
    """
    if not state.is_chance_node:
        return []
    step = state.pending[0]
    if step.kind in _FIXED_OUTCOMES:
        return list(_fixed_outcomes(step.kind, die_faces(state))[0])
    if step.kind == "reveal":
        v, f = state.unknown_victims, state.unknown_false_alarms
        out = []
        if v:
            out.append((Reveal("victim"), Fraction(v, v + f)))
        if f:
            out.append((Reveal("false-alarm"), Fraction(f, v + f)))
        return out
    if step.kind == "spill":
        options = fire.spill_options(state, step.space.split(";"))
        return [(SpillFlow(s), Fraction(1, len(options))) for s in options]
    raise AssertionError(f"unknown chance step {step}")


_FIXED_OUTCOMES = ("roll", "first-explosion", "fireproof")
"""The chance steps whose outcomes depend on nothing but the dice: a roll of both dice, the black die alone for
the first initial explosion, the red die at a fireproof door."""


@functools.cache
def _fixed_outcomes(kind: str, faces: int) -> tuple[tuple[tuple[Any, Fraction], ...], frozenset[Any]]:
    """The outcomes of the chance step ``kind`` (one of :data:`_FIXED_OUTCOMES`) with a black die of ``faces``,
    and the set of them; made once (outcomes are immutable values)."""
    if kind == "roll":
        p = Fraction(1, RED_DIE * faces)
        out = tuple((Dice(r, b), p) for r in range(1, RED_DIE + 1) for b in range(1, faces + 1))
    elif kind == "first-explosion":
        out = tuple((Die(v), Fraction(1, len(FIRST_EXPLOSION))) for v in range(1, len(FIRST_EXPLOSION) + 1))
    else:
        out = tuple((FireproofRoll(v), Fraction(1, 6)) for v in range(1, 7))
    return out, frozenset(a for a, _ in out)


def is_outcome(state: State, action: Any) -> bool | None:
    """At a chance node whose outcomes depend on nothing but the dice, True if ``action`` is one of them (the
    answer of ``action in state.legal_actions()``, without listing them); ``None`` at any other state."""
    step = state.pending[0] if state.pending else None
    if step is None or step.kind not in _FIXED_OUTCOMES or not state.is_chance_node:
        return None
    try:
        return action in _fixed_outcomes(step.kind, die_faces(state))[1]
    except TypeError:  # unhashable junk is never an outcome
        return False


def apply(state: State, action: Any) -> tuple[State, Sequence[Event]]:
    """Carry out ``action`` (already known legal): a chance outcome or a decision; then :func:`run`."""
    if state.is_chance_node:
        step = state.pending[0]
        work = Work(state, rest=state.pending[1:])
        resolve_chance(work, step, action)
        if step.kind == "roll" and step.purpose in ("fire", "flare-up"):
            new = work.state(last_roll=(action.red, action.black))
        else:
            new = work.state()
        events: list[Event] = work.events
    elif state.phase == "setup":
        new, events = setup.apply_decision(state, action)
    else:
        new, events = turn.apply_action(state, action)
    new, more = run(new)
    return new, [*events, *more]


def resolve_chance(work: Work, step: Step, outcome: Any) -> None:
    """Resolve the chance ``step`` with ``outcome`` on ``work``."""
    if step.kind == "roll":
        target = roll_target(work.base, outcome.red, outcome.black)
        if step.purpose in ("fire", "flare-up"):
            target = fire.redirect(work, target, "fire")
            if target is None:
                work.front.append(Step("roll", step.purpose))
                return
            fire.advance_fire(work, target, flare_up=step.purpose == "flare-up")
        elif step.purpose == "poi":
            target = fire.redirect(work, target, "poi")
            if target is None:
                work.front.append(Step("roll", "poi"))
                return
            place_poi(work, target)
        elif step.purpose == "deck-gun":
            turn.deck_gun_splash(work, outcome.red, outcome.black)
        else:
            setup.setup_roll(work, step.purpose, target)
    elif step.kind == "first-explosion":
        setup.setup_roll(work, "explosion", FIRST_EXPLOSION[outcome.value - 1], first=True)
    elif step.kind == "reveal":
        reveal(work, step.space, step.purpose, outcome.identity)
    elif step.kind == "fireproof":
        a, b = step.space.split("|")
        key = frozenset((a, b))
        if work.doors.get(key) == "jammed":
            work.jams[key] = work.jams.get(key, 0) + 1
            work.log("flashpoint.ed.fireproof-door", f"the jammed fireproof door at {step.space} holds and takes "
                     f"another jam marker ({work.jams[key]})", a, b)
        elif outcome.value >= 4:
            work.doors[key] = "jammed"
            work.jams[key] = 1
            work.log("flashpoint.ed.fireproof-door", f"red die {outcome.value}: the fireproof door at {step.space} "
                     f"holds but jams", a, b)
            # later hits on the same door in this advance need no roll now: each adds a jam marker
            later = [st for st in work.rest if st.kind == "fireproof" and st.space == step.space]
            if later:
                work.jams[key] += len(later)
                work.rest = tuple(st for st in work.rest if st not in later)
                work.log("flashpoint.ed.fireproof-door", f"the jammed door at {step.space} took {len(later)} more "
                         f"blast(s): {len(later)} more jam marker(s), no roll", a, b)
        else:
            work.log("flashpoint.ed.fireproof-door", f"red die {outcome.value}: the fireproof door at {step.space} "
                     f"holds", a, b)
    elif step.kind == "spill":
        route = step.space.split(";") + [outcome.space]
        fire.place_toxic(work, outcome.space)
        left = int(step.purpose) - 1
        if left > 0:
            if fire.spill_options(work, route):
                work.front.insert(0, Step("spill", str(left), ";".join(route)))
            else:
                work.log("flashpoint.ed.spill", "the spill has nowhere left to flow: it stops", outcome.space)


def reveal(work: Work, space: str, why: str, identity: str) -> None:
    """Turn over the point of interest on ``space`` (``flashpoint.poi.reveal``): a victim stays (or is lost if
    the fire reached it, ``flashpoint.fire.lost``); a false alarm is removed."""
    if identity == "victim":
        work.unknown_victims -= 1
        if why == "fire":
            del work.pois[space]
            work.lost += 1
            work.log("flashpoint.fire.lost", f"the point of interest on {space} was a victim, lost to the fire", space,
                     kind="lost")
        else:
            work.pois[space] = "victim"
            work.log("flashpoint.poi.reveal", f"the point of interest on {space} is a victim", space)
    else:
        work.unknown_false_alarms -= 1
        del work.pois[space]
        work.log("flashpoint.poi.reveal", f"the point of interest on {space} is a false alarm, removed", space)


def place_poi(work: Work, target: str) -> None:
    """Replenish one point of interest on the rolled ``target`` (``flashpoint.poi.replenish``): roll again if a
    point of interest is already there; fire or smoke there is removed; a firefighter there turns it over."""
    if target in work.pois:
        work.log("flashpoint.poi.replenish", f"{target} already holds a point of interest: roll again", target)
        work.front.append(Step("roll", "poi"))
        return
    cleared = [what for what, where in (("fire", work.fire), ("smoke", work.smoke)) if target in where]
    work.fire.discard(target)
    work.smoke.discard(target)
    work.pois[target] = "hidden"
    work.log("flashpoint.poi.replenish", f"a new point of interest on {target}"
             + (f" (its {cleared[0]} is removed)" if cleared else ""), target)
    if any(f.space == target for f in work.firefighters):
        work.front.append(Step("reveal", "placed", target))


def run(state: State) -> tuple[State, list[Event]]:
    """Carry out the steps that need no decision and no die, in order, up to the next chance step or decision;
    end the game when it is won or lost (``flashpoint.end.*``)."""
    events: list[Event] = []
    while True:
        if state.phase != "over" and (state.is_won or state.is_lost):
            state, ended = end_game(state)
            events += ended
            return state, events
        if state.pending and state.pending[0].kind == "spill" and not fire.spill_options(
                state, state.pending[0].space.split(";")):
            # another spill filled the way since this one was queued: it stops (flashpoint.ed.spill)
            work = Work(state.replace(pending=state.pending[1:]))
            work.log("flashpoint.ed.spill", "the spill has nowhere left to flow: it stops",
                     state.pending[0].space.split(";")[-1])
            state = work.state()
            events += work.events
            continue
        if not state.pending or state.pending[0].is_chance:
            return state, events
        quiet = 0  # the steps due that find nothing to do leave the position as it is: passed over at once
        while quiet < len(state.pending) and state.pending[quiet].kind in _QUIET and not _QUIET[
                state.pending[quiet].kind](state):
            quiet += 1
        if quiet:
            state = state.replace(pending=state.pending[quiet:])
            continue
        step, rest = state.pending[0], state.pending[1:]
        work = Work(state, rest=rest)
        if step.kind == "knock-down":
            fire.knock_down(work)
        elif step.kind == "lost":
            fire.lose_victims(work)
        elif step.kind == "replenish":
            work.front += [Step("roll", "poi"), Step("replenish")]  # (not quiet: a point of interest is missing)
        elif step.kind == "next-turn":
            state, more = start_turn(state, (state.turn + 1) % len(state.firefighters), rest)
            events += more
            continue
        else:
            raise AssertionError(f"unknown step {step}")
        state = work.state()
        events += work.events


_QUIET = {"knock-down": lambda s: any(f.space in s.fire for f in s.firefighters),
          "lost": lambda s: any(p in s.fire for p in s.pois),
          "replenish": lambda s: s.pois_in_play() < POIS_ON_BOARD and s.markers_left() > 0}
"""For the steps that often find nothing to do, whether they have something to do: :func:`.fire.knock_down`
a firefighter on a space on fire, :func:`.fire.lose_victims` a point of interest on one, the replenishing of
points of interest (``flashpoint.poi.replenish``) fewer than 3 in play and a marker left to roll for."""


def start_turn(state: State, index: int, pending: tuple[Step, ...] | None = None) -> tuple[State, list[Event]]:
    """Firefighter ``index`` begins a turn: it gains its card's AP (on top of those saved) and its extra pools
    refill (``flashpoint.turn.ap``): the Generalist gains 5 (``flashpoint.role.generalist``), the CAFS Firefighter
    3 and 3 extinguish-only (``flashpoint.role.cafs``), the Rescue Specialist 4 and 3 move-only
    (``flashpoint.role.rescue``), the Fire Captain 4 and 2 command AP (``flashpoint.role.captain``).
    ``pending``: the steps still due afterwards (default: those of ``state``)."""
    f = state.firefighters[index]
    card = f.card
    work = Work(state)
    work.firefighters[index] = f.but(ap=f.ap + card.ap, command_ap=card.command_ap,
                                     extinguish_ap=card.extinguish_ap, move_ap=card.move_ap)
    work.log("flashpoint.turn.ap", f"{f.name}'s turn: {f.ap + card.ap} AP ({f.ap} saved)", f.space or "")
    started = turn.on_engine(state, f.space)
    new = work.state(turn=index, phase="actions", cafs_commanded=0, started_on_engine=started,
                     pending=state.pending if pending is None else pending)
    return new, work.events


def end_turn(state: State) -> tuple[State, list[Event]]:
    """The firefighter ends the turn: AP above the save limit are lost, the extra pools empty, and the fire
    advances (``flashpoint.turn.save``, ``flashpoint.fire.roll``)."""
    f = state.firefighter
    kept = min(f.ap, SAVE_LIMIT)
    work = Work(state)
    work.firefighters[state.turn] = f.but(ap=kept, command_ap=0, extinguish_ap=0, move_ap=0)
    work.log("flashpoint.turn.save", f"{f.name} ends the turn and saves {kept} AP" +
             (f" ({f.ap - kept} lost)" if f.ap > kept else ""), f.space or "")
    pending = (Step("roll", "fire"), Step("knock-down"), Step("lost"), Step("replenish"), Step("next-turn"))
    return work.state(phase="fire", pending=pending), work.events


def end_game(state: State) -> tuple[State, list[Event]]:
    """Stop the game: won with 7 rescued, lost with 4 lost or the building's collapse (``flashpoint.end.*``)."""
    work = Work(state)
    if state.is_won:
        work.log("flashpoint.end.win", f"{state.rescued} victims rescued: the firefighters win")
    elif state.lost >= 4:
        work.log("flashpoint.end.lost", f"{state.lost} victims lost: the firefighters lose")
    else:
        work.log("flashpoint.end.collapse", "the last damage cube is placed: the building collapses, the "
                 "firefighters lose")
    return work.state(phase="over", pending=()), work.events
