"""How a Flash Point game moves on: chance steps (rolls, points of interest turned over), the steps that follow
without a decision (knock-downs, lost victims, replenishing points of interest, the next turn), and the end.

:func:`apply` is the engine's ``_apply``: it resolves a chance outcome or hands a decision to :mod:`.turn` /
:mod:`.setup`, then :func:`run` carries out the steps that need nobody, up to the next decision or roll.
"""

from __future__ import annotations

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
    return getattr(state.building, "die_faces", 8)


def roll_target(state: State, red: int, black: int) -> str:
    """The inside space a roll of the red die ``red`` and black die ``black`` names (``flashpoint.fire.roll``)."""
    roll_space = getattr(state.building, "roll_space", None)
    return roll_space(red, black) if roll_space else f"{red},{black}"


def chance_outcomes(state: State) -> list[tuple[Any, Fraction]]:
    """At a chance node, every outcome with its exact probability (``[]`` elsewhere).

    A roll of both dice has ``6 x 8`` (or ``6 x 12``) equally likely outcomes; the first initial explosion rolls
    the black die alone; a point of interest turned over is a victim with probability (victims still face down)
    / (markers still face down); a fireproof door's red die has 6 faces.
    """
    if not state.is_chance_node:
        return []
    step = state.pending[0]
    if step.kind == "roll":
        faces = die_faces(state)
        p = Fraction(1, RED_DIE * faces)
        return [(Dice(r, b), p) for r in range(1, RED_DIE + 1) for b in range(1, faces + 1)]
    if step.kind == "first-explosion":
        return [(Die(v), Fraction(1, len(FIRST_EXPLOSION))) for v in range(1, len(FIRST_EXPLOSION) + 1)]
    if step.kind == "reveal":
        v, f = state.unknown_victims, state.unknown_false_alarms
        out = []
        if v:
            out.append((Reveal("victim"), Fraction(v, v + f)))
        if f:
            out.append((Reveal("false-alarm"), Fraction(f, v + f)))
        return out
    if step.kind == "fireproof":
        return [(FireproofRoll(v), Fraction(1, 6)) for v in range(1, 7)]
    if step.kind == "spill":
        options = fire.spill_options(state, step.space.split(";"))
        return [(SpillFlow(s), Fraction(1, len(options))) for s in options]
    raise AssertionError(f"unknown chance step {step}")


def apply(state: State, action: Any) -> tuple[State, Sequence[Event]]:
    """Carry out ``action`` (already known legal): a chance outcome or a decision; then :func:`run`."""
    if state.is_chance_node:
        step = state.pending[0]
        work = Work(state.replace(pending=state.pending[1:]))
        resolve_chance(work, step, action)
        new = work.state()
        events: list[Event] = list(work.events)
        if step.kind == "roll" and step.purpose in ("fire", "flare-up"):
            new = new.replace(last_roll=(action.red, action.black))
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
            later = [st for st in work.base.pending if st.kind == "fireproof" and st.space == step.space]
            if later:
                work.jams[key] += len(later)
                work.base = work.base.replace(pending=tuple(st for st in work.base.pending if st not in later))
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
        step = state.pending[0]
        work = Work(state.replace(pending=state.pending[1:]))
        if step.kind == "knock-down":
            fire.knock_down(work)
        elif step.kind == "lost":
            fire.lose_victims(work)
        elif step.kind == "replenish":
            if work.base.pois_in_play() < POIS_ON_BOARD and work.base.markers_left() > 0:
                work.front += [Step("roll", "poi"), Step("replenish")]
        elif step.kind == "next-turn":
            state = work.state()
            events += work.events
            state, more = start_turn(state, (state.turn + 1) % len(state.firefighters))
            events += more
            continue
        else:
            raise AssertionError(f"unknown step {step}")
        state = work.state()
        events += work.events


def start_turn(state: State, index: int) -> tuple[State, list[Event]]:
    """Firefighter ``index`` begins a turn: it gains its card's AP (on top of those saved) and its extra pools
    refill (``flashpoint.turn.ap``): the Generalist gains 5 (``flashpoint.role.generalist``), the CAFS Firefighter
    3 and 3 extinguish-only (``flashpoint.role.cafs``), the Rescue Specialist 4 and 3 move-only
    (``flashpoint.role.rescue``), the Fire Captain 4 and 2 command AP (``flashpoint.role.captain``)."""
    f = state.firefighters[index]
    card = f.card
    state = state.replace(turn=index, phase="actions", cafs_commanded=0,
                          started_on_engine=turn.on_engine(state, f.space))
    state = state.with_firefighter(index, ap=f.ap + card.ap, command_ap=card.command_ap,
                                   extinguish_ap=card.extinguish_ap, move_ap=card.move_ap)
    work = Work(state)
    work.log("flashpoint.turn.ap", f"{f.name}'s turn: {f.ap + card.ap} AP ({f.ap} saved)", f.space or "")
    return state, work.events


def end_turn(state: State) -> tuple[State, list[Event]]:
    """The firefighter ends the turn: AP above the save limit are lost, the extra pools empty, and the fire
    advances (``flashpoint.turn.save``, ``flashpoint.fire.roll``)."""
    f = state.firefighter
    kept = min(f.ap, SAVE_LIMIT)
    state = state.with_firefighter(state.turn, ap=kept, command_ap=0, extinguish_ap=0, move_ap=0)
    work = Work(state)
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
