"""The Bonfire position format (format ``bonfire-position`` version 2) and a text picture of a position.

:func:`to_dict` writes a state as JSON-ready data and :func:`from_dict` reads it back, checking the structure
(pydantic) and then that the position could happen: every component is somewhere exactly once (task discs,
elders, specialists, portals, path tiles, guardians, offering discs, action tiles in the supply and the players'
hands, novices and neutral novices), the fate areas follow the placement rules, guardians stand where a
procession can leave them, and the pending steps are readable. Every problem is listed at once
(:class:`~explorer.core.InvalidData`).

The format (counts by id; lists in board order)::

    {"format": "bonfire-position", "format_version": 1, "components": "default" | {<components data>},
     "players": ["orange", ...], "seed": n, "draws": n, "start": "orange" | null, "turn": "orange",
     "countdown": 0-6, "triggered": false,
     "pending": [{"kind": "act", "seat": "orange"}, ...],
     "board": {"islands": {"mossbank": ["t05", "orange herbs"], ...}, "guardians": {"pink": 4, ...},
               "task_box": [...], "elders": [id | null] x 6, "elder_box": [...], "specialists": [id | null] x 6,
               "reserve": [...], "pointer": "south", "portals": {"south": ["key", ...], ...},
               "portal_pool": {"sun": 0, ...}, "path_pile": {"blue herbs": 2, ...}, "path_bottom": [...],
               "path_display": ["blue herbs" | null] x 4, "council": {"seat_1": ["orange", "neutral"], ...},
               "neutral": {"all_bonfires": true, ...}, "supply": {"boat": 10, ...},
               "great_bonfire_used": false},
     "seats": [{"colour", "resources": {...}, "tiles": {...}, "fate": {"tiles": [...]}, "stack": [...],
                "offering_pool": {...}, "offering_stacks": [5, 5], "offering_up": [res | null, res | null],
                "boat": island | null, "guardians": [["pink", "path", 0], ...], "path": ["blue herbs", ...],
                "portals": [symbol | null] x 7, "tasks": [disc | null] x 7, "lit": [bool] x 7, "gnomes": [...],
                "points": {"elders": 0, ...}, "common": [...], "out": bool}, ...]}

``board.great_bonfire_used`` is True once anyone has used the Great Bonfire (its first use is once per game,
``bonfire.great-bonfire.turn``). Version 1 kept the flag per seat (``seats[k].great_bonfire_used``); a version 1
position still reads, the Great Bonfire counting as used if any seat's flag is set.

>>> from explorer.bonfire import new_game
>>> s = new_game(players=2, seed=5)
>>> from_dict(to_dict(s)).to_dict() == to_dict(s)
True
"""

from __future__ import annotations

from collections import Counter
from typing import Any, Literal

import pydantic

from explorer.core import InvalidData, Rng, StrictModel
from explorer.core.schema import problems_from_validation_error

from .actions import parse_action
from .components import (COUNTDOWN, END_TRIGGER, FATE_SWAP_POSITION, MAX_GUARDIANS_ON_START, MAX_PLAYERS, MIN_PLAYERS,
                         Components)
from .fate import FateState
from .payment import Paid, can_cover
from .state import PLAY_CATEGORIES, Index, Seat, State, Step

__all__ = ["FORMAT", "FORMAT_VERSION", "to_dict", "from_dict", "text_board"]

FORMAT, FORMAT_VERSION = "bonfire-position", 2
READ_VERSIONS = (1, 2)
"""The format versions :func:`from_dict` reads (1: the Great Bonfire's first use kept per seat)."""
STEP_KINDS = ("deal", "start-tile", "cover", "then", "dock", "march", "sit", "take", "act", "end-turn")


def _counts(names: tuple[str, ...], values: tuple[int, ...]) -> dict[str, int]:
    return dict(zip(names, values))


def _step(step: Step, players: tuple[str, ...]) -> dict[str, Any]:
    out: dict[str, Any] = {"kind": step.kind}
    if step.seat is not None:
        out["seat"] = players[step.seat]
    if step.what is not None:
        out["what"] = step.what
    if step.target is not None:
        out["target"] = step.target
    if step.count:
        out["count"] = step.count
    if step.items:
        out["items"] = list(step.items)
    if step.action is not None:
        out["action"] = str(step.action)
    if step.flag:
        out["flag"] = True
    return out


def to_dict(state: State) -> dict[str, Any]:
    """``state`` as JSON-ready data (see the module docstring)."""
    ix, players = state.index, state.players
    components: Any = "default" if state.components is Components.default() else state.components.to_dict()
    return {
        "format": FORMAT, "format_version": FORMAT_VERSION, "components": components,
        "players": list(players), "seed": state.rng.seed, "draws": state.rng.draws,
        "start": None if state.start is None else players[state.start], "turn": players[state.turn],
        "countdown": state.countdown, "triggered": state.triggered,
        "pending": [_step(step, players) for step in state.pending],
        "board": {
            "islands": {island: list(items) for island, items in zip(ix.task_islands, state.islands)},
            "guardians": _counts(ix.guardian_colours, state.guardians),
            "task_box": list(state.task_box), "elders": list(state.elders), "elder_box": list(state.elder_box),
            "specialists": list(state.specialists), "reserve": list(state.reserve), "pointer": state.pointer,
            "portals": {space: list(p) for space, p in zip(ix.spaces, state.portals)},
            "portal_pool": _counts(ix.symbols, state.portal_pool),
            "path_pile": _counts(ix.path_kinds, state.path_pile), "path_bottom": list(state.path_bottom),
            "path_display": list(state.path_display),
            "council": {seat: list(c) for seat, c in zip(ix.seats, state.council)},
            "neutral": dict(zip(ix.common, state.neutral)), "supply": _counts(ix.actions, state.supply),
            "great_bonfire_used": state.great_bonfire_used},
        "seats": [{
            "colour": s.colour, "resources": _counts(ix.resources, s.resources), "tiles": _counts(ix.actions, s.tiles),
            "fate": s.fate.to_dict(), "stack": list(s.stack), "offering_pool": _counts(ix.resources, s.offering_pool),
            "offering_stacks": list(s.offering_stacks), "offering_up": list(s.offering_up), "boat": s.boat,
            "guardians": [list(g) for g in s.guardians], "path": list(s.path), "portals": list(s.portals),
            "tasks": list(s.tasks), "lit": list(s.lit), "gnomes": list(s.gnomes),
            "points": _counts(PLAY_CATEGORIES, s.points),
            "common": list(s.common), "out": s.out} for s in state.seats],
    }


# ---- reading -----------------------------------------------------------------------------------------------
Count = pydantic.conint(strict=True, ge=0)


class _Step(StrictModel):
    kind: Literal[STEP_KINDS]  # type: ignore[valid-type]
    seat: str | None = None
    what: str | None = None
    target: str | int | None = None
    count: Count = 0  # type: ignore[valid-type]
    items: list[str] = []
    action: str | None = None
    flag: bool = False


class _Board(StrictModel):
    islands: dict[str, list[str]]
    guardians: dict[str, Count]  # type: ignore[valid-type]
    task_box: list[str]
    elders: list[str | None]
    elder_box: list[str]
    specialists: list[str | None]
    reserve: list[str]
    pointer: str
    portals: dict[str, list[str]]
    portal_pool: dict[str, Count]  # type: ignore[valid-type]
    path_pile: dict[str, Count]  # type: ignore[valid-type]
    path_bottom: list[str]
    path_display: list[str | None]
    council: dict[str, list[str]]
    neutral: dict[str, bool]
    supply: dict[str, Count]  # type: ignore[valid-type]
    great_bonfire_used: bool | None = None  # format version 2


class _Seat(StrictModel):
    colour: str
    resources: dict[str, Count]  # type: ignore[valid-type]
    tiles: dict[str, Count]  # type: ignore[valid-type]
    fate: dict[str, Any]
    stack: list[str]
    offering_pool: dict[str, Count]  # type: ignore[valid-type]
    offering_stacks: list[Count]  # type: ignore[valid-type]
    offering_up: list[str | None]
    boat: str | None
    guardians: list[list[str | int]]
    path: list[str]
    portals: list[str | None]
    tasks: list[str | None]
    lit: list[bool]
    gnomes: list[str]
    great_bonfire_used: bool | None = None  # format version 1 only
    points: dict[str, Count]  # type: ignore[valid-type]
    common: list[str]
    out: bool = False


class _Position(StrictModel):
    format: Literal["bonfire-position"]
    format_version: Literal[READ_VERSIONS]  # type: ignore[valid-type]
    components: Literal["default"] | dict[str, Any] = "default"
    players: list[str]
    seed: pydantic.conint(strict=True, ge=0, lt=2 ** 63)  # type: ignore[valid-type]
    draws: Count  # type: ignore[valid-type]
    start: str | None
    turn: str
    countdown: pydantic.conint(strict=True, ge=0, le=len(COUNTDOWN) + 1)  # type: ignore[valid-type]
    triggered: bool
    pending: list[_Step]
    board: _Board
    seats: list[_Seat]


class _Problems(list):
    def add(self, text: str) -> None:
        self.append(text)


def _by(names: tuple[str, ...], given: dict[str, int], where: str, p: _Problems) -> tuple[int, ...]:
    unknown = sorted(set(given) - set(names))
    if unknown:
        p.add(f"{where}: unknown {', '.join(map(repr, unknown))}; expected {', '.join(names)}")
    return tuple(given.get(n, 0) for n in names)


def from_dict(data: Any, components: Components | None = None) -> State:
    """The position ``data`` describes (see the module docstring).

    Raises:
        InvalidData: listing every problem: structure, unknown ids, components missing or counted twice, fate
            areas the rules refuse, guardians where none can stand, novices that do not match lit bonfires,
            pending steps that cannot be read.
    """
    what = "Bonfire position"
    if components is not None and not isinstance(components, Components):
        raise InvalidData(what, [f"board: expected Components, got {type(components).__name__}"])
    try:
        pos = _Position.model_validate(data)
    except pydantic.ValidationError as err:
        raise InvalidData(what, problems_from_validation_error(err)) from None
    if components is None:
        components = Components.default() if pos.components == "default" else \
            Components.from_dict(pos.components, what="Bonfire position components")
    c, ix, p = components, Index.of(components), _Problems()
    n = len(pos.players)
    if not MIN_PLAYERS <= n <= MAX_PLAYERS:
        raise InvalidData(what, [f"players: Bonfire is for {MIN_PLAYERS}-{MAX_PLAYERS} players, got {n}"])
    if pos.players != list(c.player_colours[:n]):
        p.add(f"players: with {n} players the colours are {', '.join(c.player_colours[:n])}, got "
              f"{', '.join(pos.players)}")
    if len(pos.seats) != n:
        raise InvalidData(what, p + [f"seats: expected {n} seats, got {len(pos.seats)}"])
    seat_of = {colour: k for k, colour in enumerate(pos.players)}

    def seat_index(value: str | None, where: str) -> int | None:
        if value is None:
            return None
        if value not in seat_of:
            p.add(f"{where}: nobody plays {value!r}")
            return None
        return seat_of[value]

    b = pos.board
    # ---- the central board -------------------------------------------------------------------------------
    if set(b.islands) != set(ix.task_islands):
        p.add(f"board.islands: expected the task islands {', '.join(ix.task_islands)}")
    islands = tuple(tuple(b.islands.get(i, [])) for i in ix.task_islands)
    for island, items in zip(ix.task_islands, islands):
        most = c.task_discs_on(island, n)
        if len(items) > most:
            p.add(f"board.islands.{island}: holds {len(items)} discs; it has {most} spots with {n} players")
        for item in items:
            parts = item.split()
            if item in c.task_discs:
                continue
            if len(parts) != 2 or parts[0] not in seat_of or parts[1] not in ix.resources:
                p.add(f"board.islands.{island}: {item!r} is neither a task disc nor an offering disc "
                      f"('<colour> <resource>')")
    guardians = _by(ix.guardian_colours, b.guardians, "board.guardians", p)
    elders = tuple(b.elders)
    specialists = tuple(b.specialists)
    for name, row, size in (("elders", elders, 6), ("specialists", specialists, 6), ("path_display", b.path_display, 4)):
        if len(row) != size:
            p.add(f"board.{name}: expected {size} places, got {len(row)}")
    if b.pointer not in ix.spaces:
        p.add(f"board.pointer: no Great Bonfire space {b.pointer!r}")
    if set(b.portals) != set(ix.spaces):
        p.add(f"board.portals: expected the spaces {', '.join(ix.spaces)}")
    portals = tuple(tuple(sorted(b.portals.get(s, []))) for s in ix.spaces)
    for space, row in zip(ix.spaces, portals):
        unknown = sorted(set(row) - set(ix.symbols))
        if unknown:
            p.add(f"board.portals.{space}: unknown portal symbol(s) {', '.join(unknown)}; the symbols are "
                  f"{', '.join(ix.symbols)}")
    portal_pool = _by(ix.symbols, b.portal_pool, "board.portal_pool", p)
    path_pile = _by(ix.path_kinds, b.path_pile, "board.path_pile", p)
    for where, kinds in (("board.path_bottom", b.path_bottom), ("board.path_display", b.path_display)):
        for kind in kinds:
            if kind is not None and kind not in ix.path_kinds:
                p.add(f"{where}: {kind!r} is not a path tile kind (e.g. 'blue herbs')")
    if set(b.council) != set(ix.seats):
        p.add(f"board.council: expected the seats {', '.join(ix.seats)}")
    council = tuple(tuple(b.council.get(s, [])) for s in ix.seats)
    for seat_id, row in zip(ix.seats, council):
        for colour in row:
            if colour != "neutral" and colour not in seat_of:
                p.add(f"board.council.{seat_id}: {colour!r} is neither a player nor neutral")
        if len(set(row)) != len(row):
            p.add(f"board.council.{seat_id}: a seat holds one novice of each colour "
                  f"(bonfire.assume.seat-capacity), got {list(row)}")
    if set(b.neutral) != set(ix.common):
        p.add(f"board.neutral: expected the common tasks {', '.join(ix.common)}")
    neutral = tuple(b.neutral.get(t, True) for t in ix.common)
    supply = _by(ix.actions, b.supply, "board.supply", p)
    # the Great Bonfire's first use is once per game (bonfire.great-bonfire.turn): version 2 says so on the board,
    # version 1 per seat (used by anyone: used)
    if pos.format_version == 1:
        if b.great_bonfire_used is not None:
            p.add("board.great_bonfire_used: format version 1 keeps the flag per seat; write format_version 2")
        great_bonfire_used = any(bool(s.great_bonfire_used) for s in pos.seats)
    else:
        if b.great_bonfire_used is None:
            p.add("board.great_bonfire_used: missing (True once anyone has used the Great Bonfire)")
        for k, s in enumerate(pos.seats):
            if s.great_bonfire_used is not None:
                p.add(f"seats[{k}].great_bonfire_used: the Great Bonfire's first use is once per game, so the "
                      f"flag is board.great_bonfire_used (format version 2)")
        great_bonfire_used = bool(b.great_bonfire_used)
    if not great_bonfire_used and b.pointer in ix.spaces and b.pointer != c.great_bonfire.pointer_start:
        p.add(f"board.pointer: the pointer shows {b.pointer}, so the Great Bonfire has been used; "
              f"board.great_bonfire_used must be true (bonfire.great-bonfire.turn)")

    # ---- the seats ---------------------------------------------------------------------------------------------
    seats = []
    for k, s in enumerate(pos.seats):
        where = f"seats[{k}]"
        if s.colour != pos.players[k]:
            p.add(f"{where}.colour: expected {pos.players[k]}, got {s.colour}")
        try:
            fate = FateState.from_dict(s.fate, c)
        except ValueError as err:
            p.add(f"{where}.fate: {err}")
            fate = None
        all_fate = [t.id for t in c.fate_tiles]
        if fate is not None and sorted([*fate.tile_ids, *s.stack]) != sorted(all_fate):
            p.add(f"{where}.stack: the fate tiles placed and those on the summary board must be the 8 fate tiles "
                  f"once each")
        elif fate is not None:
            p.extend(f"{where}.{problem}" for problem in _stack_problems(fate, tuple(s.stack), c))
        if s.boat is not None and s.boat not in c.islands:
            p.add(f"{where}.boat: no island {s.boat!r}")
        for label, row in (("portals", s.portals), ("tasks", s.tasks), ("lit", s.lit)):
            if len(row) != len(c.player_board.bonfires):
                p.add(f"{where}.{label}: expected {len(c.player_board.bonfires)} bonfires, got {len(row)}")
        for b_, (disc, lit) in enumerate(zip(s.tasks, s.lit)):
            if disc is not None and disc not in c.task_discs:
                p.add(f"{where}.tasks[{b_}]: no task disc {disc!r}")
            if lit and disc is None:
                p.add(f"{where}.lit[{b_}]: a bonfire without a task disc cannot be lit")
        for b_, symbol in enumerate(s.portals):
            if symbol is not None and b_ < len(c.player_board.bonfires) and \
                    symbol != c.player_board.bonfires[b_].portal:
                p.add(f"{where}.portals[{b_}]: bonfire {b_}'s portal space takes {c.player_board.bonfires[b_].portal}, "
                      f"got {symbol}")
        for kind in s.path:
            if kind not in ix.path_kinds:
                p.add(f"{where}.path: {kind!r} is not a path tile kind")
        if len(s.path) > len(c.player_board.path_slots):
            p.add(f"{where}.path: at most {len(c.player_board.path_slots)} path tiles")
        for card in s.gnomes:
            if card not in c.elders and card not in c.specialists:
                p.add(f"{where}.gnomes: no gnome card {card!r}")
        for t in s.common:
            if t not in c.common_tasks:
                p.add(f"{where}.common: no common task {t!r}")
        if len(s.offering_stacks) != 2 or len(s.offering_up) != 2:
            p.add(f"{where}: offering_stacks and offering_up give the top and the bottom stack (2 values each)")
            raise InvalidData(what, p)
        triples = []
        for j, g in enumerate(s.guardians):
            if (len(g) != 3 or not isinstance(g[0], str) or g[1] not in ("path", "bonfire")
                    or isinstance(g[2], bool) or not isinstance(g[2], int) or g[2] < 0):
                p.add(f"{where}.guardians[{j}]: expected [colour, 'path' | 'bonfire', position], got {g!r}")
            else:
                triples.append((g[0], g[1], g[2]))
        colours_seen, on_bonfire, on_tile = set(), Counter(), Counter()
        for colour, place, at in triples:
            if colour != s.colour and colour not in ix.guardian_colours:
                p.add(f"{where}.guardians: {colour!r} is neither {s.colour} nor a guardian colour")
            if colour in colours_seen:
                p.add(f"{where}.guardians: two {colour} guardians")
            colours_seen.add(colour)
            if place == "path" and at > len(s.path):
                p.add(f"{where}.guardians: the {colour} guardian stands on path tile {at}, but only "
                      f"{len(s.path)} are built")
            if place == "bonfire" and (at >= len(s.portals) or s.portals[at] is None):
                p.add(f"{where}.guardians: the {colour} guardian is on bonfire {at}, which has no portal")
            (on_bonfire if place == "bonfire" else on_tile)[at] += 1
        if s.colour not in colours_seen:
            p.add(f"{where}.guardians: the player's own {s.colour} guardian is missing")
        if any(v > 1 for v in on_bonfire.values()):
            p.add(f"{where}.guardians: a bonfire holds one guardian (bonfire.procession.one-per-space)")
        if on_tile[0] > MAX_GUARDIANS_ON_START:
            p.add(f"{where}.guardians: at most {MAX_GUARDIANS_ON_START} on the starting tile")
        if "crowded_path" not in s.gnomes and any(v > 1 for at, v in on_tile.items() if at > 0):
            p.add(f"{where}.guardians: a path tile holds one guardian (bonfire.procession.one-per-space)")
        for up in s.offering_up:
            if up is not None and up not in ix.resources:
                p.add(f"{where}.offering_up: no resource {up!r}")
        pool = _by(ix.resources, s.offering_pool, f"{where}.offering_pool", p)
        if sum(pool) != sum(s.offering_stacks):
            p.add(f"{where}.offering_stacks: the stacks hold {sum(s.offering_stacks)} discs, the face-down pool "
                  f"{sum(pool)}")
        points = _by(PLAY_CATEGORIES, s.points, f"{where}.points", p)
        seats.append(Seat(
            colour=s.colour, resources=_by(ix.resources, s.resources, f"{where}.resources", p),
            tiles=_by(ix.actions, s.tiles, f"{where}.tiles", p), fate=fate or FateState(c.fate_area, ()),
            stack=tuple(s.stack), offering_pool=pool, offering_stacks=tuple(s.offering_stacks),
            offering_up=tuple(s.offering_up), boat=s.boat, guardians=tuple(triples),
            path=tuple(s.path), portals=tuple(s.portals), tasks=tuple(s.tasks), lit=tuple(s.lit),
            gnomes=tuple(s.gnomes), points=points, common=tuple(s.common),
            out=s.out))

    # ---- every component once ----------------------------------------------------------------------------
    discs = [*b.task_box, *(i for items in islands for i in items if i in c.task_discs),
             *(d for s in seats for d in s.tasks if d)]
    _once(discs, c.task_discs, "task discs (box, islands, players' bonfires)", p)
    _once([*b.elder_box, *(e for e in elders if e), *(g for s in seats for g in s.gnomes if g in c.elders)],
          c.elders, "elders (box, display, players)", p)
    _once([*b.reserve, *(e for e in specialists if e), *(g for s in seats for g in s.gnomes if g in c.specialists)],
          c.specialists, "specialists (reserve, display, players)", p)
    in_play = c.portals_per_symbol - (1 if n <= 2 else 0)
    for j, symbol in enumerate(ix.symbols):
        held = portal_pool[j] + sum(row.count(symbol) for row in portals) + sum(s.portals.count(symbol) for s in seats)
        if held != in_play:
            p.add(f"portals: {in_play} {symbol} portals are in play with {n} players, the position has {held}")
    totals = Counter(f"{t.colour} {t.resource}" for t in c.path_tiles.values())
    for j, kind in enumerate(ix.path_kinds):
        held = (path_pile[j] + b.path_bottom.count(kind) + b.path_display.count(kind)
                + sum(s.path.count(kind) for s in seats))
        if held != totals[kind]:
            p.add(f"path tiles: there are {totals[kind]} '{kind}' tiles, the position has {held}")
    for j, colour in enumerate(ix.guardian_colours):
        held = guardians[j] + sum(1 for s in seats for g in s.guardians if g[0] == colour)
        if held != c.guardians[colour].count:
            p.add(f"guardians: there are {c.guardians[colour].count} {colour} guardians, the position has {held}")
    for j, a in enumerate(ix.actions):
        held = supply[j] + sum(s.tiles[j] for s in seats)
        if held != c.action_types[a].supply:
            p.add(f"action tiles: there are {c.action_types[a].supply} {a} tiles, the position has {held}")
    # ---- turn and steps ------------------------------------------------------------------------------------
    start = seat_index(pos.start, "start")
    turn = seat_index(pos.turn, "turn")
    pending = []
    for j, st in enumerate(pos.pending):
        try:
            action = None if st.action is None else parse_action(st.action, c)
        except ValueError as err:
            p.add(f"pending[{j}].action: {err}")
            action = None
        pending.append(Step(st.kind, seat_index(st.seat, f"pending[{j}].seat"), st.what, st.target, st.count,
                            tuple(st.items), action, st.flag))
    waiting = Counter(st.what for st in pending if st.kind == "sit")
    for k, s in enumerate(seats):
        placed = Counter(r for items in islands for item in items
                         for colour, r in [_offering(item)] if colour == s.colour)
        for j, r in enumerate(ix.resources):
            held = s.offering_pool[j] + s.offering_up.count(r) + placed[r]
            if held > c.offering_discs.get(r, 0):
                p.add(f"seats[{k}]: {s.colour} has {c.offering_discs.get(r, 0)} {r} offering discs, the position "
                      f"has {held}")
        in_council = sum(row.count(s.colour) for row in council) + waiting[s.colour]
        if in_council != sum(s.lit):
            p.add(f"seats[{k}]: {sum(s.lit)} lit bonfires sent {sum(s.lit)} {s.colour} novices to the council, "
                  f"which holds {in_council}")
    if sum(row.count("neutral") for row in council) + waiting["neutral"] != neutral.count(False):
        p.add(f"board.council: {neutral.count(False)} neutral novices have left their common tasks, the council "
              f"holds {sum(row.count('neutral') for row in council)}")

    for j, step in enumerate(pending):
        for problem in _step_problems(step, seats, c, ix):
            p.add(f"pending[{j}] ({step.kind}): {problem}")
    if pending and pending[0].kind == "act" and None not in (pending[0].seat, turn) and pending[0].seat != turn:
        p.add(f"pending[0]: the act step names {pos.players[pending[0].seat]}, but it is {pos.turn}'s turn")
    if not pending and pos.countdown <= len(COUNTDOWN) and not all(s.out for s in seats):
        p.add("pending: nothing is pending, so the game is over; that needs the countdown over (6) or every "
              "player out")
    if pending and pending[0].kind == "deal":
        source = {"task": b.task_box, "elder": b.elder_box, "specialist": b.reserve, "portal": sum(portal_pool),
                  "path": sum(path_pile) + len(b.path_bottom), "start": pos.start is None}
        if pending[0].what in source and not source[pending[0].what]:
            p.add(f"pending[0]: a {pending[0].what} is to be drawn, and there is none left to draw")
        if pending[0].what == "elder" and None not in elders:
            p.add("pending[0]: an elder is to be dealt, and the elder display has no empty place")
    if pos.countdown > len(COUNTDOWN) and pending:
        p.add(f"countdown: {pos.countdown} means the countdown is over and the game with it; nothing may be pending")
    if pending and pending[0].kind in ("then", "end-turn"):
        p.add(f"pending[0]: a {pending[0].kind} step is carried out by the engine at once and is never due")
    p.extend(_common_problems(seats, c, ix, neutral))
    triggered_now = sum(len(row) for row in council) >= END_TRIGGER[n]
    if pos.countdown and not pos.triggered:
        p.add("countdown: the countdown runs only once the end trigger is reached")
    if pos.triggered and not triggered_now:
        p.add(f"triggered: the council holds fewer than {END_TRIGGER[n]} novices")
    if p:
        raise InvalidData(what, p)
    try:
        rng = Rng(pos.seed, pos.draws)
    except ValueError as err:
        raise InvalidData(what, [f"seed: {err}"]) from None
    return State(components=c, seats=tuple(seats), islands=islands, guardians=guardians,
                 task_box=tuple(sorted(b.task_box)), elders=elders, elder_box=tuple(sorted(b.elder_box)),
                 specialists=specialists, reserve=tuple(sorted(b.reserve)), portals=portals, portal_pool=portal_pool,
                 pointer=b.pointer, path_pile=path_pile, path_bottom=tuple(b.path_bottom),
                 path_display=tuple(b.path_display), council=council, neutral=neutral, supply=supply,
                 start=start, turn=turn if turn is not None else 0, countdown=pos.countdown,
                 triggered=pos.triggered, great_bonfire_used=great_bonfire_used, pending=tuple(pending), rng=rng)


_SEATED = ("start-tile", "cover", "then", "dock", "march", "sit", "take", "act", "end-turn")


def _step_problems(step: Step, seats: list[Seat], c: Components, ix: Index) -> list[str]:
    """What is wrong with one pending step's content (empty if nothing)."""
    out = []
    if step.kind in _SEATED and step.seat is None:
        return ["names no seat (a player decides it or it is theirs)"]
    seat = seats[step.seat] if step.seat is not None and step.seat < len(seats) else None
    if step.kind == "deal":
        targets: dict[str, Any] = {"task": ix.task_islands, "elder": (None,), "specialist": tuple(range(6)),
                                   "portal": ix.spaces, "path": (*range(4), "pile"), "offering": (0, 1),
                                   "start": (None,)}
        if step.what not in targets:
            return [f"draws {step.what!r}; a draw is one of {', '.join(targets)}"]
        if step.target not in targets[step.what]:
            out.append(f"a {step.what} draw cannot go to {step.target!r}")
        if step.what == "path" and step.target == "pile" and seat is None:
            out.append("a path tile taken from the pile goes onto a seat's path, and none is named")
        elif step.what == "path" and step.target == "pile" and len(seat.path) >= len(c.player_board.path_slots):
            out.append(f"{seat.colour} has built every path tile already")
        if step.what == "offering" and seat is None:
            out.append("an offering disc is turned up for a seat, and none is named")
        elif step.what == "offering" and step.target in (0, 1) and not (seat.offering_stacks[step.target]
                                                                         and sum(seat.offering_pool)):
            out.append(f"{seat.colour}'s {('top', 'bottom')[step.target]} offering stack is empty")
    elif step.kind == "cover":
        if step.count and step.what not in ix.actions:
            out.append(f"missing tiles of an unknown type {step.what!r}")
        elif any(r not in ix.resources and r != "any" for r in step.items):
            out.append(f"missing resources {list(step.items)} are not all resources or 'any'")
        elif not step.count and not step.items:
            out.append("nothing is missing")
        elif seat is not None and not can_cover(Paid(seat.resources, seat.tiles, step.what, step.count, step.items,
                                                     "double_joker" in seat.gnomes), ix):
            out.append(f"{seat.colour} cannot pay what is missing even with substitutes")
    elif step.kind == "start-tile" and seat is not None and (any(seat.resources) or any(seat.tiles)
                                                              or len(seat.fate.tiles) != 1):
        out.append(f"{seat.colour} has already started (holds tiles or resources, or has placed fate tiles)")
    elif step.kind == "then":
        out += _then_problems(step.action, c, ix)
    elif step.kind == "dock" and step.target not in c.islands:
        out.append(f"no island {step.target!r}")
    elif step.kind == "march":
        have = {g[0] for g in seat.guardians} if seat else set()
        if not step.items or any(g not in have for g in step.items) or step.count < 1:
            out.append(f"marches guardians {list(step.items)} for {step.count} step(s); the player has "
                       f"{sorted(have)}")
    elif step.kind == "sit" and step.what != "neutral" and (seat is None or step.what != seat.colour):
        out.append(f"a {step.what!r} novice cannot be seated by this player")
    elif step.kind == "take" and (step.what not in ("resource", "action") or step.count < 1):
        out.append(f"takes {step.count} {step.what!r}; a bonus choice takes resources or action tiles")
    return out


def _then_problems(action: Any, c: Components, ix: Index) -> list[str]:
    """What is wrong with the action a ``then`` step is to carry out (one of option II, with known ids)."""
    from .actions import (REWARD_PAIRS, BuildFromPile, BuildPath, ClaimGuardian, Procession, Recruit, Sail, TakeTask,
                          UseGreatBonfire)
    if action is None:
        return ["names no action to carry out"]
    ok = {Sail: lambda a: a.island in c.islands,
          TakeTask: lambda a: a.disc in c.task_discs and 0 <= a.bonfire < len(c.player_board.bonfires),
          ClaimGuardian: lambda a: a.colour in c.guardians,
          Procession: lambda a: 1 <= a.steps <= len(c.player_board.path_slots) + 1,
          BuildPath: lambda a: f"{a.colour} {a.resource}" in ix.path_kinds,
          BuildFromPile: lambda a: True,
          UseGreatBonfire: lambda a: a.space in ix.spaces and tuple(a.rewards) in REWARD_PAIRS,
          Recruit: lambda a: a.card in c.elders or a.card in c.specialists}
    check = ok.get(type(action))
    if check is None:
        return [f"{action} is not an action paid with action tiles"]
    return [] if check(action) else [f"{action} names something the components do not have"]


def _stack_problems(fate: FateState, stack: tuple[str, ...], c: Components) -> list[str]:
    """What play cannot produce in a seat's fate tiles: the starting tile is the spare or the 4th from the top
    (``bonfire.setup.start-fate-tile``; a swap puts the spare in the 4th tile's place), and tiles leave the summary
    board from the top or the bottom only (``bonfire.fate.top-or-bottom``), so those left are a run of its order."""
    spare, fourth = c.spare_fate_tile.id, c.fate_stack[FATE_SWAP_POSITION - 1].id
    start = fate.tile_ids[0] if fate.tile_ids else None
    if start not in (spare, fourth):
        return [f"fate: the starting fate tile is the spare ({spare}) or the 4th from the top ({fourth}), got "
                f"{start} (bonfire.setup.start-fate-tile)"]
    order = [t.id for t in c.fate_stack]
    if start == fourth:
        order[FATE_SWAP_POSITION - 1] = spare
    runs = {tuple(order[i:i + len(stack)]) for i in range(len(order) - len(stack) + 1)}
    if stack in runs:
        return []
    return [f"stack: fate tiles leave the summary board from the top or the bottom only (bonfire.fate.top-or-bottom), "
            f"so those left keep its order {' '.join(order)} without a gap; got {' '.join(stack) or 'none'}"]


def _common_problems(seats: list[Seat], c: Components, ix: Index, neutral: tuple[bool, ...]) -> list[str]:
    """Common tasks recorded as fulfilled whose condition does not hold on the player's board (the conditions
    only grow, so one fulfilled still holds: ``bonfire.bonus.common-task``), or whose neutral novice is still on
    the task (the first to fulfil it seats that novice)."""
    from types import SimpleNamespace

    from .conditions import count

    view = SimpleNamespace(seats=seats, components=c, index=ix)
    out = []
    for k, seat in enumerate(seats):
        for task_id in seat.common:
            if task_id not in c.common_tasks:
                continue
            cond = c.common_tasks[task_id].condition
            have = count(view, k, cond)  # type: ignore[arg-type]
            if have < cond.at_least:
                out.append(f"seats[{k}].common: {seat.colour} has fulfilled {task_id} ({cond.text}), but the board "
                           f"shows {have} (bonfire.bonus.common-task)")
            if neutral[ix.common.index(task_id)]:
                out.append(f"board.neutral.{task_id}: {seat.colour} has fulfilled it, so its neutral novice has left "
                           f"for the council (bonfire.bonus.common-task)")
    return out


def _offering(item: str) -> tuple[str | None, str | None]:
    """``(colour, resource)`` of an offering disc written ``"<colour> <resource>"``; ``(None, None)`` otherwise."""
    parts = item.split()
    return (parts[0], parts[1]) if len(parts) == 2 else (None, None)


def _once(found: list[str], known: Any, what: str, p: _Problems) -> None:
    counts = Counter(found)
    unknown = sorted(x for x in counts if x not in known)
    twice = sorted(x for x, v in counts.items() if v > 1 and x in known)
    missing = sorted(x for x in known if x not in counts)
    if unknown:
        p.add(f"{what}: unknown {', '.join(unknown[:10])}")
    if twice:
        p.add(f"{what}: counted more than once: {', '.join(twice[:10])}")
    if missing:
        p.add(f"{what}: missing {', '.join(missing[:10])}")


# ---- a text picture -------------------------------------------------------------------------------------
def text_board(state: State) -> str:
    """A plain-text picture of the position: the central board, then each player's boards.

    Each player's block: boat, resources and tiles; bonfires (``3:t05*/key``: task disc t05 on bonfire 3, lit,
    with a key portal); path, guardians, gnomes, fate tiles left; offering discs and points; the task discs still
    to fulfil with their conditions; the fate area (``pa`` path, ``gb`` Great Bonfire..., ``+`` a printed square).

    >>> from explorer.bonfire import new_game
    >>> board = new_game(players=2, seed=5).text_board().splitlines()
    >>> board[0]
    'Bonfire, 2 players: setup; council 0/7 novices; pointer south'
    >>> board[-5:-2]
    ['   fate +  .  .  .  +', '   fate .  .  .  .  .', '   fate +  pa ye gn +']
    """
    ix, c = state.index, state.components
    lines = [f"Bonfire, {len(state.seats)} players: {state.phase}; council {state.novices_in_council()}/"
             f"{END_TRIGGER[len(state.seats)]} novices; pointer {state.pointer}"]
    if state.countdown:
        lines[0] += f"; countdown round {min(state.countdown, len(COUNTDOWN))}"
    lines.append("islands: " + "; ".join(f"{i} {' '.join(items) or '-'}" for i, items in
                                         zip(ix.task_islands, state.islands)))
    lines.append("guardians: " + ", ".join(f"{g} {n}" for g, n in zip(ix.guardian_colours, state.guardians)))
    lines.append("elders: " + " ".join(e or "-" for e in state.elders) + " | specialists: "
                 + " ".join(s or "-" for s in state.specialists))
    lines.append("path display: " + ", ".join(k or "-" for k in state.path_display))
    lines.append("great bonfire: " + "; ".join(f"{s} {' '.join(p) or '-'}" for s, p in zip(ix.spaces, state.portals)))
    lines.append("council: " + "; ".join(f"{s} {' '.join(row) or '-'}" for s, row in zip(ix.seats, state.council)))
    lines.append("common tasks: " + "; ".join(
        f"{t} ({c.common_tasks[t].condition.text}{', guarded' if guarded else ''})"
        for t, guarded in zip(ix.common, state.neutral)))
    for k, s in enumerate(state.seats):
        mark = ">" if state.current_player == k else " "
        held = ", ".join(f"{n} {r}" for r, n in zip(ix.resources, s.resources) if n) or "none"
        tiles = ", ".join(f"{n} {a}" for a, n in zip(ix.actions, s.tiles) if n) or "none"
        lines.append(f"{mark}{s.colour}: boat {s.boat or 'entrance'}; resources {held}; tiles {tiles}"
                     + ("; out" if s.out else ""))
        bonfires = " ".join(f"{b}:{(s.tasks[b] or '--')}{'*' if s.lit[b] else ''}{'/' + s.portals[b] if s.portals[b] else ''}"
                            for b in range(len(s.tasks)))
        lines.append(f"   bonfires {bonfires}")
        lines.append(f"   path {' | '.join(s.path) or '-'}; guardians "
                     + ", ".join(f"{g} {w} {a}" for g, w, a in s.guardians)
                     + f"; gnomes {' '.join(s.gnomes) or '-'}; fate left {' '.join(s.stack)}")
        top, bottom = (up or "-" for up in s.offering_up)
        lines.append(f"   offering discs: top {top}, bottom {bottom} ({sum(s.offering_pool)} face down); points in "
                     f"play {s.play_points}" + (f"; common tasks {' '.join(s.common)}" if s.common else "")
                     + (f"; start player" if state.start == k else ""))
        tasks = [f"{b}:{d} {c.task_discs[d].colour} {c.task_discs[d].points} ({c.task_discs[d].condition.text})"
                 for b, d in enumerate(s.tasks) if d and not s.lit[b]]
        if tasks:
            lines.append("   tasks to fulfil: " + "; ".join(tasks))
        lines += ["   fate " + row for row in _fate_rows(s.fate)]
    return "\n".join(lines)


_SYMBOL = {"boat": "bo", "task": "ta", "guardian": "gu", "path": "pa", "great_bonfire": "gb", "gnome": "gn",
           "yellow": "ye"}


def _fate_rows(area: FateState) -> list[str]:
    """The fate area, a row a line: each square's symbol in two letters, ``+`` a printed square still free, ``.``
    an empty one."""
    rows = []
    for r in range(1, area.layout.rows + 1):
        cells = []
        for col in range(1, area.layout.cols + 1):
            symbol = area.covered.get((r, col))
            cells.append(_SYMBOL.get(symbol, symbol[:2]) if symbol else "+ " if (r, col) in area.layout.squares
                         else ". ")
        rows.append(" ".join(cells).rstrip())
    return rows
