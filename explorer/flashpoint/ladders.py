"""Extreme Danger's ways between levels from outside: portable ladders and the hydraulic platform (seed 003,
"Ações de Movimento" and "Ações de Veículo"; sources C.2).

A ladder is in one of these states, written as text in :attr:`State.ladders`:

* ``engine`` — stowed on the fire engine (``flashpoint.assume.ladders``: the expansion's count and starting
  place are not in the seed; we use 2 ladders, stowed on the engine);
* ``carried:<firefighter>``; ``lying:<space>`` (put down or collapsed);
* ``raised:<bottom>|<top>`` — raised outside the building, its top segment on the ring space of an upper level
  directly above (or, with the basement-ladder option, its top on the ground floor and its bottom in the
  basement under a destroyed floor);
* ``bridge:<space>`` — laid over a destroyed floor (floor-bridge option).

The upper levels' outside ring is air: a firefighter may stand there only on a ladder's top segment or on the
raised platform, and never walks from one ring space to another up there (``flashpoint.assume.air``).
"""

from __future__ import annotations

from typing import Any

from explorer.core import IllegalAction

from .rules import RULES
from .state import State
from .work import Work

__all__ = ["LADDERS", "PLATFORM_COST", "RAISE_COST", "COLLAPSE_COST", "BRIDGE_COST", "ladder_of", "raised_ladders",
           "climb_between", "air_refusal", "is_air", "platform_spaces", "carried_ladder"]

LADDERS = 2
"""Portable ladders in play with a multi-level building (``flashpoint.assume.ladders``)."""
RAISE_COST, COLLAPSE_COST, BRIDGE_COST = 2, 1, 2
"""AP to raise a ladder, collapse it, lay it as a floor bridge (seed 003)."""
PLATFORM_COST = 2
"""AP to move the hydraulic platform up or down (``flashpoint.assume.platform``; the seed gives none)."""
PLATFORM_SEATS = 2
"""The platform carries 2: two firefighters, or a firefighter and a victim (seed 003, sources C.2)."""


def _refuse(rule_id: str, reason: str, action: Any) -> IllegalAction:
    return IllegalAction(RULES[rule_id], reason, action=action)


def carried_ladder(state: State, name: str) -> int | None:
    """The index of the ladder firefighter ``name`` carries, or ``None``."""
    for k, ladder in enumerate(state.ladders):
        if ladder == f"carried:{name}":
            return k
    return None


def ladder_of(state: State, space: str) -> int | None:
    """The index of a ladder ``space`` can take from (stowed on the engine there, or lying there), or ``None``."""
    from .turn import on_engine
    for k, ladder in enumerate(state.ladders):
        if ladder == f"lying:{space}" or (ladder == "engine" and on_engine(state, space)):
            return k
    return None


def raised_ladders(state: State) -> list[tuple[int, str, str]]:
    """``(index, bottom, top)`` of every raised ladder."""
    out = []
    for k, ladder in enumerate(state.ladders):
        if ladder.startswith("raised:"):
            bottom, top = ladder[len("raised:"):].split("|")
            out.append((k, bottom, top))
    return out


def climb_between(state: State, a: str, b: str) -> tuple[int, int] | None:
    """If a raised ladder joins ``a`` and ``b``: ``(index, levels spanned)``, else ``None``."""
    for k, bottom, top in raised_ladders(state):
        if {a, b} == {bottom, top}:
            return k, abs(state.building.level(top) - state.building.level(bottom))
    return None


def platform_spaces(state: State) -> tuple[str, ...]:
    """Where the raised platform can go: the ring spaces of every upper level along the side of the building the
    engine borders (``flashpoint.ed.platform``), plus the engine's own space to come down."""
    from .turn import spot_of
    spot = spot_of(state, "engine")
    if not spot:
        return ()
    b = state.building
    ground = b.floors[next(iter(b.floors))]
    first = b.spaces_by_id[spot[0]]
    out = []
    for f in b.floors.values():
        if f.level < 1:
            continue
        for s in b.spaces(f.id, inside=False):
            sp = b.spaces_by_id[s]
            corner = sp.row in (0, f.rows + 1) and sp.col in (0, f.cols + 1)
            if corner:
                continue
            same_side = ((first.row == 0 and sp.row == 0) or (first.row == ground.rows + 1 and sp.row == f.rows + 1)
                         or (first.col == 0 and sp.col == 0) or (first.col == ground.cols + 1 and sp.col == f.cols + 1))
            if same_side:
                out.append(s)
    return tuple(out)


def is_air(state: State, space: str) -> bool:
    """True for an outside space above the ground (an upper level's ring)."""
    sp = state.building.spaces_by_id[space]
    return not sp.inside and state.building.level(space) > 0


def air_refusal(state: State, src: str, dest: str, name: str, action: Any) -> IllegalAction | None:
    """Refuse stepping into the air (``flashpoint.assume.air``): onto an upper ring space without a ladder top
    or the platform there, along the upper ring, or onto a ladder top already taken (seed 003)."""
    if not is_air(state, dest):
        return None
    if is_air(state, src):
        return _refuse("flashpoint.assume.air", f"{dest} is in the air outside the upper storey: nobody walks "
                       f"there", action)
    tops = {top for _, _, top in raised_ladders(state)}
    if dest in tops:
        if any(f.space == dest and f.name != name for f in state.firefighters):
            return _refuse("flashpoint.ed.ladder", f"another firefighter is on the ladder's top segment at {dest}",
                           action)
        return None
    if dest == state.platform:
        return None
    return _refuse("flashpoint.assume.air", f"{dest} is in the air outside the upper storey: a ladder or the "
                   f"platform must be there", action)


def platform_riders(state: State, name: str) -> list[int]:
    """The firefighters who ride the platform with ``name`` (the others on its space)."""
    return [k for k, f in enumerate(state.firefighters) if f.space == state.platform and f.name != name]


def apply_ladder_toggle(work: Work, state: State, k: int, take: bool) -> list[str]:
    """Take a ladder (from the engine or the ground) or put it down; returns the new ladders."""
    f = state.firefighters[k]
    ladders = list(state.ladders)
    if take:
        i = ladder_of(state, f.space)
        ladders[i] = f"carried:{f.name}"
        work.log("flashpoint.ed.ladder", f"{f.name} takes a portable ladder", f.space)
    else:
        i = carried_ladder(state, f.name)
        ladders[i] = f"lying:{f.space}"
        work.log("flashpoint.ed.ladder", f"{f.name} puts the portable ladder down on {f.space}", f.space)
    return ladders
