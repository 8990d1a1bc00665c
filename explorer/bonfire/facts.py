"""Bonfire's words for lessons: facts about a position (outcome tests) and selectors (find-all answers).

Facts read the state only; every rule stays in the engine. A lesson writes ``{"fact": "bonfire-lit", "player":
"orange", "bonfire": 2}``; a find-all step ``{"name": "boat-islands"}``. Selectors compute their answer from the
engine's legal actions, so no answer is ever typed by hand.

>>> from explorer.bonfire import position
>>> from explorer.lessons.facts import Context
>>> s = position(tasks={"orange": {2: "t09"}}, portals={"orange": {6: "star"}})
>>> after = s.apply("ignite 2")
>>> ctx = Context(after, s, ("ignite 2",), after.events)
>>> bonfire_lit(ctx, "orange", 2), sorted(council_seats(after))[:3], sorted(ignitable(s))
(True, ['seat_1', 'seat_2', 'seat_3'], ['bonfire:2'])
"""

from __future__ import annotations

from typing import Any

from explorer.lessons.facts import Context, seat_index

__all__ = ["FACTS", "SELECTORS", "bonfire_lit", "task_on", "holding", "boat_at", "guardians", "gnomes",
           "path_tiles", "portals", "fate_tiles", "novice_on", "common_task", "pointer_at", "countdown", "is_out",
           "triggered", "boat_islands", "task_discs", "fate_squares", "ignitable", "recruitable",
           "great_bonfire_spaces", "procession_stops", "council_seats"]


def _seat(ctx: Context, player: str | int) -> Any:
    return ctx.state.seats[seat_index(ctx.state, player)]


def _within(value: int, at_least: int | None, at_most: int | None) -> bool:
    return (at_least is None or value >= at_least) and (at_most is None or value <= at_most)


# ---- facts ---------------------------------------------------------------------------------------------------------
def bonfire_lit(ctx: Context, player: str | int, bonfire: int | None = None) -> bool:
    """``player``'s bonfire ``bonfire`` (0-6 from the left; any, if not given) is lit (``bonfire.ignite.when``)."""
    lit = _seat(ctx, player).lit
    return any(lit) if bonfire is None else bool(lit[bonfire])


def task_on(ctx: Context, player: str | int, bonfire: int | None = None, disc: str | None = None) -> bool:
    """A task disc (``disc``, if given) lies on ``player``'s bonfire ``bonfire`` (any, if not given)
    (``bonfire.task.offering``, ``bonfire.task.board-space``)."""
    tasks = _seat(ctx, player).tasks
    spots = tasks if bonfire is None else (tasks[bonfire],)
    return any(d is not None and (disc is None or d == disc) for d in spots)


def holding(ctx: Context, player: str | int, item: str, at_least: int | None = 1, at_most: int | None = None) -> bool:
    """``player`` holds at least ``at_least`` and at most ``at_most`` of ``item``: an action tile type (``boat``,
    ``task``, ``guardian``, ``path``, ``great_bonfire``, ``gnome``, ``yellow``) or a resource (``gold``, ``herbs``...)
    (``bonfire.fate.gain``, ``bonfire.pay.action-tiles``)."""
    state, k = ctx.state, seat_index(ctx.state, player)
    ix = state.index
    if item in ix.actions:
        value = state.tile_count(k, item)
    elif item in ix.resources:
        value = state.resource(k, item)
    else:
        raise ValueError(f"no action tile or resource called {item!r}")
    return _within(value, at_least, at_most)


def boat_at(ctx: Context, player: str | int, island: str | None = None) -> bool:
    """``player``'s boat lies at ``island`` (``None``: at the entrance) (``bonfire.boat.cost``)."""
    return _seat(ctx, player).boat == island


def guardians(ctx: Context, player: str | int, colour: str | None = None, where: str | None = None,
              at: int | None = None, at_least: int = 1) -> bool:
    """``player`` has at least ``at_least`` guardians (of ``colour``; standing ``where``: ``"path"`` or
    ``"bonfire"``; at path tile or bonfire number ``at``) (``bonfire.guardian.claim``, ``bonfire.procession.step``).
    (Not ``on``: YAML reads a bare ``on`` as true.)"""
    found = [g for g in _seat(ctx, player).guardians
             if (colour is None or g[0] == colour) and (where is None or g[1] == where) and (at is None or g[2] == at)]
    return len(found) >= at_least


def gnomes(ctx: Context, player: str | int, card: str | None = None, at_least: int = 1) -> bool:
    """``player`` has recruited gnome card ``card`` (or at least ``at_least`` gnomes) (``bonfire.gnome.cost``)."""
    cards = _seat(ctx, player).gnomes
    return card in cards if card is not None else len(cards) >= at_least


def path_tiles(ctx: Context, player: str | int, at_least: int = 1, colour: str | None = None) -> bool:
    """``player`` has built at least ``at_least`` path tiles (with a ``colour`` crystal, if given)
    (``bonfire.path.build``)."""
    built = [t for t in _seat(ctx, player).path if colour is None or t.split()[0] == colour]
    return len(built) >= at_least


def portals(ctx: Context, player: str | int, at_least: int = 1, bonfire: int | None = None) -> bool:
    """``player`` has at least ``at_least`` portals on the board (or one beside bonfire ``bonfire``)
    (``bonfire.great-bonfire.portal``)."""
    placed = _seat(ctx, player).portals
    if bonfire is not None:
        return placed[bonfire] is not None
    return sum(1 for p in placed if p is not None) >= at_least


def fate_tiles(ctx: Context, player: str | int, at_least: int = 1) -> bool:
    """``player``'s fate area holds at least ``at_least`` fate tiles, the starting tile included
    (``bonfire.fate.gain``)."""
    return len(_seat(ctx, player).fate.tile_ids) >= at_least


def novice_on(ctx: Context, seat: str, colour: str | None = None) -> bool:
    """Council seat ``seat`` (``seat_1``..``seat_8``) holds a novice (of ``colour``: a player's or ``neutral``)
    (``bonfire.ignite.novice``, ``bonfire.bonus.common-task``)."""
    state = ctx.state
    here = state.council[state.index.seats.index(seat)]
    return bool(here) if colour is None else colour in here


def common_task(ctx: Context, player: str | int, task: str | None = None) -> bool:
    """``player`` has fulfilled common task ``task`` (any, if not given) (``bonfire.bonus.common-task``)."""
    done = _seat(ctx, player).common
    return bool(done) if task is None else task in done


def pointer_at(ctx: Context, space: str) -> bool:
    """The Great Bonfire's pointer shows ``space`` (``bonfire.great-bonfire.turn``)."""
    return ctx.state.pointer == space


def countdown(ctx: Context, at_least: int = 1) -> bool:
    """The countdown has reached round ``at_least`` (1-5; 6 once it is over) (``bonfire.end.countdown``)."""
    return ctx.state.countdown >= at_least


def triggered(ctx: Context) -> bool:
    """The council holds enough novices for the countdown to come (``bonfire.end.trigger``)."""
    return bool(ctx.state.triggered)


def is_out(ctx: Context, player: str | int) -> bool:
    """``player`` takes no more turns: passed in the countdown or stuck (``bonfire.end.pass``,
    ``bonfire.turn.stuck``)."""
    return bool(_seat(ctx, player).out)


FACTS = {"bonfire-lit": bonfire_lit, "task-on": task_on, "holding": holding, "boat-at": boat_at,
         "guardians": guardians, "gnomes": gnomes, "path-tiles": path_tiles, "portals": portals,
         "fate-tiles": fate_tiles, "novice-on": novice_on, "common-task": common_task, "pointer-at": pointer_at,
         "countdown": countdown, "triggered": triggered, "out": is_out}
"""Bonfire's facts, by the name lessons use."""


# ---- selectors -----------------------------------------------------------------------------------------------------
def _legal(state: Any, kind: str) -> list[Any]:
    return [a for a in state.legal_actions() if type(a).__name__ == kind]


def boat_islands(state: Any) -> set[str]:
    """Every island the player to act can sail to now, paying or substituting (``bonfire.boat.cost``), from the
    engine's legal ``boat`` actions."""
    return {a.island for a in _legal(state, "Sail")}


def task_discs(state: Any) -> set[str]:
    """Every task disc the player to act can take now at the boat's island (``bonfire.task.at-island``)."""
    return {a.disc for a in _legal(state, "TakeTask")}


def fate_squares(state: Any, tile: str | None = None) -> set[str]:
    """Every square of the player's fate area where a fate tile (``tile``, if given) may start now, in either
    direction, as ``"row,column"`` (``"3,1"``: the square a placement ``3,1 down`` or ``3,1 across`` names;
    ``bonfire.fate.*``): the squares a learner lights on the board."""
    return {str(a.placement).split()[0] for a in _legal(state, "PlaceFate") if tile is None or a.tile == tile}


def ignitable(state: Any) -> set[str]:
    """Every bonfire the player to act can light now, as the board names it: ``"bonfire:2"``
    (``bonfire.ignite.when``)."""
    return {f"bonfire:{a.bonfire}" for a in _legal(state, "Ignite")}


def recruitable(state: Any) -> set[str]:
    """Every gnome card the player to act can recruit now, one way of paying or the other (``bonfire.gnome.cost``)."""
    return {a.card for a in _legal(state, "Recruit")}


def great_bonfire_spaces(state: Any) -> set[str]:
    """Every Great Bonfire space the player to act can turn the pointer to now (``bonfire.great-bonfire.turn``)."""
    return {a.space for a in _legal(state, "UseGreatBonfire")}


def procession_stops(state: Any, guardian: str | None = None) -> set[str]:
    """Where the guardian moving now (``guardian``, if given) may end her move in a procession, as ``"path 2"``
    or ``"bonfire 3"`` (staying left out) (``bonfire.procession.step``)."""
    out = set()
    for a in _legal(state, "Move"):
        if a.to != "stay" and (guardian is None or a.guardian == guardian):
            out.add(f"{a.to} {a.at}")
    return out


def council_seats(state: Any) -> set[str]:
    """Every council seat the novice being seated may take now (``bonfire.ignite.novice``,
    ``bonfire.assume.seat-capacity``)."""
    return {a.seat for a in _legal(state, "SitAt")}


SELECTORS = {"boat-islands": boat_islands, "task-discs": task_discs, "fate-squares": fate_squares,
             "ignitable": ignitable, "recruitable": recruitable, "great-bonfire-spaces": great_bonfire_spaces,
             "procession-stops": procession_stops, "council-seats": council_seats}
"""Bonfire's find-all selectors, by the name lessons use."""
