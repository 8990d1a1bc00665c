"""The Flash Point building drawn as a scene: floors of spaces, walls and doors, fire, markers, firefighters,
vehicles, Extreme Danger's pieces, and a strip with the counters and buttons.

:func:`board_scene` is a pure function of the engine state (plus what the user has selected and what to
highlight); the interactive view and the static :func:`board_svg` both draw it. Everything is placed from the
building's own data (``state.building``: its floors, spaces, edges, staircases, floor links, objects, arrows and
parking spots), so every shipped building and a user's own building draw.

Geometry. Each floor is drawn as its grid of square spaces of :data:`CELL` units, its outside ring included, the
floors side by side (:data:`FLOOR_GAP` apart), each labelled with its name, level and black-die columns. Floors
are ordered by their die columns, so the black die reads left to right across the building (a building's floors
off the dice follow, by level). A basement has no outside ring: its place is left empty and its border drawn as
solid ground, so its rows line up with the other floors'. :func:`floor_origins` and :func:`space_box` give the
geometry. Row numbers (the red d6) stand left of each floor, die-column numbers (the black die) above it.

Item ids (the click targets; see :data:`TARGETS`):

* ``space:<space id>`` — a space, e.g. ``space:2,3``, ``space:second:0,2`` (the markers and pieces drawn on a
  space target it, except firefighters, vehicles and objects, which have their own ids);
* ``edge:<a>|<b>`` — a wall, door, window, light wall or entrance, the edge written as the engine writes it
  (:func:`explorer.flashpoint.actions.edge_text`), e.g. ``edge:1,3|1,4`` (damage cubes and door leaves
  target it; an entrance has the id but is not clickable);
* ``ff:<colour>`` — a firefighter's pawn (its role letter, AP text, carried piece, and its chip in the strip's
  roster target it);
* ``vehicle:<engine|ambulance>`` — a parked vehicle (a band along the outer side of its two spaces, so the
  spaces stay clickable);
* ``spot:<vehicle>:<first space>`` — a parking spot (as ``park``/``drive`` name it), drawn under the vehicles;
* ``object:<object id>`` — a standing explosive or toxic object (the car, the lab equipment);
* ``btn:<name>`` — the strip's buttons: ``end``, ``pick-up``, ``drop``, ``treat``, ``dispose``, ``deck-gun``,
  ``crew-change``, ``take-ladder``, ``drop-ladder``, ``collapse-ladder``, ``role-<key>`` (a specialist card, at
  set-up or after ``btn:crew-change`` is selected), ``roll`` (let chance decide), ``reveal-victim``,
  ``reveal-false-alarm`` (choose how a point of interest turns over);
* ``die:red:<n>`` / ``die:black:<n>`` — the die faces to choose at a roll (selected ones are outlined; a red and a
  black face make a two-dice roll).

The scene draws buttons by phase and by the active card (a Paramedic gets ``treat``); it never decides whether an
action is legal: the view asks the engine.

CSS classes name what a thing is, so tests and browser checks can find it:

* spaces: ``space 2-3 inside fire hot-spot poi-hidden hazmat``; ``space 0-4 outside``; an upper floor's ring
  ``outside air``; also ``smoke``, ``poi-victim``, ``poi-treated``, ``toxic``, ``floor-damaged``,
  ``floor-destroyed``, ``staircase``, ``object``, ``spot-engine``/``spot-ambulance``;
* markers: ``marker fire``, ``marker smoke``, ``marker hot-spot``, ``marker toxic``, ``poi hidden``,
  ``poi victim``, ``poi victim treated``, ``hazmat`` (one per space, the count written when several stack),
  ``floor damaged``, ``floor destroyed``, ``staircase``;
* edges: ``wall intact|damaged|destroyed``, ``light-wall intact|destroyed``, ``window closed|open|destroyed``,
  ``door closed|open|destroyed``, ``door fireproof closed|open|destroyed|jammed``, ``entrance``; pieces on them
  ``damage-cube``, ``door-leaf``, ``jam``;
* pieces: ``ff blue captain active carrying-victim``, ``ff-ap blue``, ``carried victim``,
  ``vehicle engine``, ``spot engine taken``, ``object explosive car``, ``object-damage car``,
  ``ladder stowed|carried|lying|raised bottom|raised top|bridge``, ``platform``, ``arrow``;
* a pending chance step's space or door: ``pending-step reveal|fireproof|spill``;
* strip: ``counter damage``, ``counter rescued``, ``counter lost``, ``counter hot-spots``, ``counter pois``,
  ``counter last-roll``, ``mode``, ``turn-line``, ``roster red active``, ``button end``, ``die red 3``.

Pieces carry a ``title`` (hover text) naming them.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from typing import Any

from explorer.flashpoint.words import square_words
from explorer.flashpoint import State
from explorer.flashpoint.actions import edge_text
from explorer.flashpoint.building import Building
from explorer.flashpoint.components import DAMAGE_CUBES, LOSSES_TO_LOSE, RESCUES_TO_WIN, ROLES, WALL_STRENGTH
from explorer.flashpoint.state import object_info

from ..svg import SvgImage, scene_to_svg
from ..tones import HIGHLIGHTS, LABEL_COLOUR

__all__ = ["BAND", "BUTTONS", "CELL", "FF_FILL", "FLOOR_GAP", "LABEL_BAND", "MARGIN", "MIN_WIDTH", "ROLE_LETTER",
           "TARGETS", "board_scene", "board_svg", "floor_order", "floor_origins", "place_labels", "space_box",
           "step_words"]

TARGETS = ("space:<space id>", "edge:<a>|<b>", "ff:<colour>", "vehicle:<engine|ambulance>",
           "spot:<vehicle>:<first space>", "object:<object id>", "btn:<name>", "die:<red|black>:<n>")
"""The forms of clickable item ids in the scene (see the module docstring)."""

CELL = 56
"""Side of a space, in scene units (pixels at width 1:1)."""
FLOOR_GAP = 40
"""Horizontal gap between two floors drawn side by side (room for the next floor's row numbers)."""
MARGIN = 26
"""Space around the drawing (the first floor's row numbers stand in it)."""
LABEL_BAND = 40
"""Height above the floors for each floor's label and its die-column numbers."""
BAND = 15
"""Thickness of a vehicle or parking-spot band, along the outer side of its ring spaces."""
MIN_WIDTH = 800
"""The scene is at least this wide, so the strip's counters, roster and buttons fit."""
STRIP_GAP = 14
"""Gap between the lowest floor and the strip."""
ROW_HEIGHT = 24
"""Height of one line of the strip (counters, turn line, a roster row)."""
GAUGE = 40
"""Width of a strip counter's small gauge (drawn after the tally, as the board words it: "damage 3 of 24")."""
BUTTON_HEIGHT = 28
"""Height of a strip button or die chip."""

FF_FILL = {"red": "#d0312d", "blue": "#2e6fb7", "green": "#2e8b57", "yellow": "#f1c40f", "orange": "#e67e22",
           "white": "#fafafa"}
"""Pawn colours by firefighter name."""
_DARK_TEXT = {"yellow", "white", "orange"}
ROLE_LETTER = {"paramedic": "P", "captain": "C", "imaging": "I", "cafs": "F", "hazmat": "H", "generalist": "G",
               "rescue": "R", "driver": "D"}
"""The letter on a specialist's pawn (the Family firefighter shows its colour's initial)."""
BUTTONS = {"end": "End turn", "pick-up": "Pick up", "drop": "Drop", "treat": "Treat", "dispose": "Dispose",
           "deck-gun": "Deck gun", "crew-change": "Crew change", "take-ladder": "Take ladder",
           "drop-ladder": "Drop ladder", "collapse-ladder": "Collapse ladder", "roll": "Let chance decide",
           "reveal-victim": "Reveal: victim", "reveal-false-alarm": "Reveal: false alarm"}
"""The strip's button labels by name (ids ``btn:<name>``; role buttons ``btn:role-<key>`` are labelled with the
card's name)."""

BACKGROUND = "#efe9dc"
INSIDE_FILL = "#fbf6ea"
OUTSIDE_FILL = "#dde5d0"
AIR_FILL = "#e3edf7"
FIRE_FILL = "#f7b08a"
SMOKE_FILL = "#d3d3d3"
INK = "#2f2a24"
WALL = "#2b2b2b"
DAMAGED_WALL = "#8d5524"
DOOR = "#a0522d"
FIREPROOF = "#9b1c1c"
WINDOW = "#4a90c8"
LIGHT_WALL = "#6d6d6d"
SELECTED = "#1f5fbf"
TONES = {name: tone.colour for name, tone in HIGHLIGHTS.items()}
"""Outline colours of highlighted items by tone (``widgets.tones``, as the interactive view draws them)."""

_PURPOSE = {"fire": "the fire advances", "flare-up": "a flare-up: the fire advances again",
            "poi": "a new point of interest", "explosion": "an initial explosion",
            "family-explosion": "an initial explosion", "hazmat": "a hazmat is placed",
            "setup-poi": "a point of interest is placed", "hot-spot": "a hot spot is placed",
            "deck-gun": "the deck gun fires"}


# ---- geometry ------------------------------------------------------------------------------------------------------
def _r(v: float) -> float:
    return round(v, 2)


def floor_order(building: Building) -> tuple[str, ...]:
    """The floor ids left to right: by their first die column (the black die reads left to right), then the
    floors off the dice by level."""
    floors = list(building.floors.values())
    return tuple(f.id for f in sorted(floors, key=lambda f: (0, f.die_cols[0], f.level) if f.die_cols is not None
                                      else (1, f.level, 0)))


def _building_width(building: Building) -> float:
    floors = building.floors
    return sum((f.cols + 2) * CELL for f in floors.values()) + FLOOR_GAP * (len(floors) - 1)


def floor_origins(building: Building) -> dict[str, tuple[float, float]]:
    """Where each floor's ring corner (row 0, column 0) is drawn: ``{floor id: (x, y)}`` in scene units (a
    basement's too, though it has no ring there). The floors are centred in a scene at least :data:`MIN_WIDTH`
    wide."""
    inner = _building_width(building)
    width = max(inner + 2 * MARGIN, MIN_WIDTH)
    x = (width - inner) / 2
    out = {}
    for fid in floor_order(building):
        out[fid] = (_r(x), float(MARGIN + LABEL_BAND))
        x += (building.floors[fid].cols + 2) * CELL + FLOOR_GAP
    return out


def space_box(building: Building, space: str, origins: Mapping[str, tuple[float, float]] | None = None
              ) -> tuple[float, float, float, float]:
    """``(x, y, w, h)`` of ``space``'s square in the scene.

    Raises:
        KeyError: for an unknown space.
    """
    sp = building.spaces_by_id[space]
    x0, y0 = (origins or floor_origins(building))[sp.floor]
    return _r(x0 + sp.col * CELL), _r(y0 + sp.row * CELL), CELL, CELL


def _token(space: str) -> str:
    """A space id as a CSS class token: ``second:2,3`` -> ``second-2-3``."""
    return space.replace(":", "-").replace(",", "-")


def _edge_line(building: Building, origins: Mapping[str, tuple[float, float]], a: str, b: str
               ) -> tuple[float, float, float, float]:
    """The side two adjacent spaces of a floor share, ``(x1, y1, x2, y2)``."""
    sa, sb = building.spaces_by_id[a], building.spaces_by_id[b]
    x0, y0 = origins[sa.floor]
    if sa.row == sb.row:
        x = x0 + max(sa.col, sb.col) * CELL
        y = y0 + sa.row * CELL
        return _r(x), _r(y), _r(x), _r(y + CELL)
    y = y0 + max(sa.row, sb.row) * CELL
    x = x0 + sa.col * CELL
    return _r(x), _r(y), _r(x + CELL), _r(y)


def _outer_side(building: Building, space: str) -> str | None:
    """The compass side of a ring space facing away from its floor (``N``, ``E``, ``S``, ``W``), or ``None``."""
    sp = building.spaces_by_id[space]
    f = building.floors[sp.floor]
    if sp.inside:
        return None
    if sp.row == 0:
        return "N"
    if sp.row == f.rows + 1:
        return "S"
    if sp.col == 0:
        return "W"
    return "E"


def _band(building: Building, origins: Mapping[str, tuple[float, float]], spaces: Iterable[str]
          ) -> tuple[float, float, float, float]:
    """The rect ``(x, y, w, h)`` of a band along the outer side of ring ``spaces`` (a parking spot)."""
    boxes = []
    for s in spaces:
        x, y, w, h = space_box(building, s, origins)
        side = _outer_side(building, s)
        if side == "N":
            boxes.append((x, y, w, BAND))
        elif side == "S":
            boxes.append((x, y + h - BAND, w, BAND))
        elif side == "W":
            boxes.append((x, y, BAND, h))
        else:
            boxes.append((x + w - BAND, y, BAND, h))
    x1 = min(b[0] for b in boxes)
    y1 = min(b[1] for b in boxes)
    x2 = max(b[0] + b[2] for b in boxes)
    y2 = max(b[1] + b[3] for b in boxes)
    return _r(x1 + 2), _r(y1 + 2), _r(x2 - x1 - 4), _r(y2 - y1 - 4)


def _ladder_path(x1: float, y1: float, x2: float, y2: float, half: float = 3.0) -> str:
    """An SVG path of a ladder from ``(x1, y1)`` to ``(x2, y2)``: two rails ``2 * half`` apart and rungs."""
    dx, dy = x2 - x1, y2 - y1
    length = (dx * dx + dy * dy) ** 0.5 or 1.0
    ux, uy = dx / length, dy / length
    nx, ny = -uy * half, ux * half
    parts = [f"M {_r(x1 + nx)} {_r(y1 + ny)} L {_r(x2 + nx)} {_r(y2 + ny)}",
             f"M {_r(x1 - nx)} {_r(y1 - ny)} L {_r(x2 - nx)} {_r(y2 - ny)}"]
    rungs = max(2, int(length // 6))
    for k in range(1, rungs):
        t = k / rungs
        px, py = x1 + dx * t, y1 + dy * t
        parts.append(f"M {_r(px + nx)} {_r(py + ny)} L {_r(px - nx)} {_r(py - ny)}")
    return " ".join(parts)


# ---- words ---------------------------------------------------------------------------------------------------------
def _role_name(state: State, k: int) -> str:
    return state.firefighters[k].card.name


def _pools(f: Any) -> str:
    """AP as text: ``4``, ``4+2C`` (command), ``3+3E`` (extinguish), ``4+3M`` (move)."""
    out = str(f.ap)
    for value, letter in ((f.command_ap, "C"), (f.extinguish_ap, "E"), (f.move_ap, "M")):
        if value:
            out += f"+{value}{letter}"
    return out


def _pools_words(f: Any) -> str:
    out = f"{f.ap} AP"
    for value, what in ((f.command_ap, "command"), (f.extinguish_ap, "extinguish-only"), (f.move_ap, "move-only")):
        if value:
            out += f" + {value} {what} AP"
    return out


def _ladder_words(state: State, k: int) -> str:
    ladder = state.ladders[k]
    kind, _, rest = ladder.partition(":")
    if kind == "engine":
        return f"portable ladder {k + 1}: stowed on the engine"
    if kind == "carried":
        return f"portable ladder {k + 1}: carried by {rest}"
    if kind == "lying":
        return f"portable ladder {k + 1}: lying on {rest}"
    if kind == "raised":
        bottom, _, top = rest.partition("|")
        return f"portable ladder {k + 1}: raised from {bottom} to {top}"
    if kind == "bridge":
        return f"portable ladder {k + 1}: laid over the destroyed floor of {rest} as a bridge"
    return f"portable ladder {k + 1}: {ladder}"


def _staircases(building: Building) -> dict[str, tuple[int, str | None]]:
    """Each staircase space: ``(link number, the space it leads to)`` (number 0 and ``None`` if unlinked)."""
    out: dict[str, tuple[int, str | None]] = {}
    for n, (a, b) in enumerate(building.floor_links, start=1):
        out.setdefault(a, (n, b))
        out.setdefault(b, (n, a))
    for f in building.floors.values():
        for s in f.staircases:
            out.setdefault(s, (0, None))
    return out


def _space_title(state: State, space: str, stairs: Mapping[str, tuple[int, str | None]]) -> str:
    b = state.building
    sp = b.spaces_by_id[space]
    f = b.floors[sp.floor]
    where = square_words(b, space)                       # as the printed row and column numbers show it
    if len(b.floors) > 1 and sp.floor == next(iter(b.floors)) and sp.inside:
        where += f" of the {f.name}"
    if sp.inside and f.die_cols is not None:
        where += f" (dice {sp.row} and {f.die_cols[0] + sp.col - 1})"
    bits = [where[0].upper() + where[1:] + ("" if sp.inside or f.level <= 0 else ", in the air by the upper storey")]
    if space in state.fire:
        bits.append("fire")
    if space in state.smoke:
        bits.append("smoke")
    if space in state.hot_spots:
        bits.append("a hot spot")
    kind = state.pois.get(space)
    if kind == "hidden":
        bits.append("a face-down point of interest")
    elif kind is not None:
        bits.append(f"a {kind}")
    if state.hazmats.get(space):
        n = state.hazmats[space]
        bits.append(f"{n} hazmat{'s' * (n != 1)}")
    if space in state.toxic:
        bits.append("a toxic marker")
    if space in state.floor_damage:
        bits.append(f"the floor is {state.floor_damage[space]}")
    if space in stairs:
        n, other = stairs[space]
        bits.append(f"staircase S{n} to {other}" if other else "a staircase")
    oid = state.object_at(space)
    if oid is not None:
        bits.append(f"under the {oid}")
    here = [f"{f.name} ({_role_name(state, k)})" for k, f in enumerate(state.firefighters) if f.space == space]
    if here:
        bits.append("firefighters: " + ", ".join(here))
    for vehicle in ("engine", "ambulance"):
        if vehicle in state.vehicles and space in b.parking(vehicle)[state.vehicles[vehicle]]:
            bits.append(f"the {vehicle} is parked here")
    if state.platform == space:
        bits.append("the hydraulic platform")
    return "; ".join(bits)


# ---- the scene -----------------------------------------------------------------------------------------------------
def board_scene(state: State, selection: str | Iterable[str] | None = None,
                highlights: Mapping[str, str | Mapping[str, str]] | None = None, *,
                show_strip: bool = True, labels: Mapping[str, str] | None = None) -> dict[str, Any]:
    """The scene of ``state`` (see ``widgets.base.SCENE_FORMAT``): every floor side by side, then the strip.

    Args:
        state: any Flash Point position, on any building.
        selection: item ids (see :data:`TARGETS`) to outline as selected, e.g. ``"ff:red"`` or
            ``["die:red:3", "die:black:5"]``; ``"btn:crew-change"`` also shows the specialist buttons.
        highlights: ``{item id: label}`` or ``{item id: {"label", "tone"}}`` drawn into the scene (an outline in
            the tone's colour, ``legal`` by default, and the label on the item), for static pictures; the
            interactive view passes its highlights to the browser instead.
        show_strip: draw the strip under the floors (counters, turn line, roster, buttons).
        labels: the highlight labels the view will write on items (``{item id: text}``): each one's
            ``label_at`` is moved to the free spot nearest it, where it covers no name, piece or other label
            (:func:`place_labels`; the labels of ``highlights`` are placed the same way).

    Returns:
        ``{"width", "height", "background", "items"}``; the same state gives an equal scene.

    >>> from explorer.flashpoint import new_game
    >>> scene = board_scene(new_game(players=2, seed=1))
    >>> sum(1 for i in scene["items"] if i.get("id", "").startswith("space:"))
    80
    """
    b = state.building
    origins = floor_origins(b)
    chosen = {selection} if isinstance(selection, str) else set(selection or ())
    stairs = _staircases(b)
    items: list[dict[str, Any]] = []
    items += _floor_frames(b, origins)
    items += _spaces(state, origins, stairs)
    items += _space_backgrounds(state, origins, stairs)
    items += _objects(state, origins)
    items += _spots_and_vehicles(state, origins)
    items += _edges(state, origins)
    items += _markers(state, origins)
    items += _ladders_and_platform(state, origins)
    items += _firefighters(state, origins)
    items += _step_marks(state, origins)
    inner = _building_width(b)
    width = max(inner + 2 * MARGIN, MIN_WIDTH)
    floors_bottom = MARGIN + LABEL_BAND + max(f.rows + 2 for f in b.floors.values()) * CELL
    height = floors_bottom + MARGIN / 2
    if show_strip:
        strip, strip_height = _strip(state, floors_bottom + STRIP_GAP, width, chosen)
        items += strip
        height = floors_bottom + STRIP_GAP + strip_height
    items += _outlines(items, chosen, {k: {"tone": "selected"} for k in chosen}, labels=False)
    marks = {k: ({"label": v} if isinstance(v, str) else dict(v)) for k, v in (highlights or {}).items()}
    written = {**{k: m["label"] for k, m in marks.items() if m.get("label")}, **(labels or {})}
    if written:
        items = [dict(i) if i.get("id") in written else i for i in items]
        place_labels(items, written)
    items += _outlines(items, set(marks), marks, labels=True)
    items = [{k: v for k, v in item.items() if v is not None} for item in items]
    return {"width": _r(width), "height": _r(height), "background": BACKGROUND, "items": items}


def _floor_frames(b: Building, origins: Mapping[str, tuple[float, float]]) -> list[dict[str, Any]]:
    """Each floor's label, die-column and row numbers, and a basement's solid-ground border."""
    items: list[dict[str, Any]] = []
    for fid in floor_order(b):
        f = b.floors[fid]
        x0, y0 = origins[fid]
        level = {-1: "basement", 0: "ground floor", 1: "level 1", 2: "level 2"}.get(f.level, f"level {f.level}")
        dice = f", black die {f.die_cols[0]}-{f.die_cols[1]}" if f.die_cols is not None else ", off the dice"
        items.append({"shape": "text", "x": _r(x0 + 2), "y": _r(y0 - LABEL_BAND + 10), "anchor": "start",
                      "size": 13, "weight": 700, "fill": INK, "text": f"{f.name}",
                      "class": f"floor-label {fid} level{f.level}",
                      "title": f"{f.name}: {level}{dice}; {f.rows} x {f.cols} spaces"})
        items.append({"shape": "text", "x": _r(x0 + (f.cols + 2) * CELL - 2), "y": _r(y0 - LABEL_BAND + 10),
                      "anchor": "end", "size": 10, "fill": "#6b6354", "text": f"{level}{dice}",
                      "class": f"floor-level {fid}"})
        for c in range(1, f.cols + 1):
            text = str(f.die_cols[0] + c - 1) if f.die_cols is not None else str(c)
            items.append({"shape": "text", "x": _r(x0 + (c + 0.5) * CELL), "y": _r(y0 - 8), "size": 10,
                          "fill": "#7d705c", "text": text, "class": f"die-column {fid}"})
        for r in range(1, f.rows + 1):
            items.append({"shape": "text", "x": _r(x0 - 9), "y": _r(y0 + (r + 0.5) * CELL), "size": 10,
                          "fill": "#b03a2e", "text": str(r), "class": f"die-row {fid}"})
        if not f.has_ring:
            items.append({"shape": "rect", "x": _r(x0 + CELL - 6), "y": _r(y0 + CELL - 6), "w": f.cols * CELL + 12,
                          "h": f.rows * CELL + 12, "rx": 3, "fill": "#8c7b64", "class": f"solid-ground {fid}"})
    return items


def _spaces(state: State, origins: Mapping[str, tuple[float, float]],
            stairs: Mapping[str, tuple[int, str | None]]) -> list[dict[str, Any]]:
    b = state.building
    parked = {s: v for v, spots in b.parking_spots.items() for spot in spots for s in spot}
    items = []
    for space, sp in b.spaces_by_id.items():
        x, y, w, h = space_box(b, space, origins)
        air = not sp.inside and b.floors[sp.floor].level > 0
        classes = ["space", _token(space), "inside" if sp.inside else "outside"]
        if air:
            classes.append("air")
        fill = INSIDE_FILL if sp.inside else AIR_FILL if air else OUTSIDE_FILL
        if space in state.fire:
            classes.append("fire")
            fill = FIRE_FILL
        elif space in state.smoke:
            classes.append("smoke")
            fill = SMOKE_FILL
        if space in state.hot_spots:
            classes.append("hot-spot")
        kind = state.pois.get(space)
        if kind is not None:
            classes.append({"hidden": "poi-hidden", "victim": "poi-victim"}.get(kind, "poi-treated"))
        if state.hazmats.get(space):
            classes.append("hazmat")
        if space in state.toxic:
            classes.append("toxic")
        if space in state.floor_damage:
            classes.append(f"floor-{state.floor_damage[space]}")
        if space in stairs:
            classes.append("staircase")
        if state.object_at(space) is not None:
            classes.append("object")
        if space in parked:
            classes.append(f"spot-{parked[space]}")
        items.append({"id": f"space:{space}", "shape": "rect", "x": x, "y": y, "w": w, "h": h, "fill": fill,
                      "stroke": "#c9bda4" if sp.inside else "#c3cbb6", "stroke_width": 0.8,
                      "class": " ".join(classes), "title": _space_title(state, space, stairs), "clickable": True,
                      "label_at": [_r(x + w / 2), _r(y + h / 2)]})
    return items


def _space_backgrounds(state: State, origins: Mapping[str, tuple[float, float]],
                       stairs: Mapping[str, tuple[int, str | None]]) -> list[dict[str, Any]]:
    """Staircases, floor damage, toxic markers and hot spots: drawn over the space, under the walls."""
    b = state.building
    items: list[dict[str, Any]] = []
    for space in b.spaces_by_id:
        x, y, _, _ = space_box(b, space, origins)
        target = f"space:{space}"
        if space in stairs:
            n, other = stairs[space]
            d = (f"M {_r(x + 8)} {_r(y + 50)} h 8 v -8 h 8 v -8 h 8 v -8 h 8 v -8 h 8")
            title = f"staircase S{n} on {space}, to {other}" if other else f"a staircase on {space}"
            items.append({"shape": "path", "d": d, "fill": "none", "stroke": "#9c8f76", "stroke_width": 2.5,
                          "class": f"staircase {_token(space)}", "title": title, "target": target})
            items.append({"shape": "text", "x": _r(x + CELL / 2), "y": _r(y + 6), "size": 8, "weight": 700,
                          "fill": "#6b5d4d", "text": f"S{n}" if n else "S", "class": f"staircase-label {_token(space)}",
                          "target": target})
        damage = state.floor_damage.get(space)
        if damage == "damaged":
            d = (f"M {_r(x + 10)} {_r(y + 14)} L {_r(x + 22)} {_r(y + 26)} L {_r(x + 18)} {_r(y + 32)} "
                 f"L {_r(x + 34)} {_r(y + 44)} M {_r(x + 22)} {_r(y + 26)} L {_r(x + 40)} {_r(y + 20)}")
            items.append({"shape": "path", "d": d, "fill": "none", "stroke": "#5d4037", "stroke_width": 2,
                          "class": f"floor damaged {_token(space)}", "target": target,
                          "title": f"the floor of {space} is damaged: an explosion below or on it destroys it"})
        elif damage == "destroyed":
            items.append({"shape": "rect", "x": _r(x + 5), "y": _r(y + 5), "w": CELL - 10, "h": CELL - 10, "rx": 6,
                          "fill": "#2d2118", "stroke": "#5d4037", "stroke_width": 2,
                          "class": f"floor destroyed {_token(space)}", "target": target,
                          "title": f"the floor of {space} is destroyed: a hole down to the basement"})
        if space in state.toxic:
            items.append({"shape": "rect", "x": _r(x + 4), "y": _r(y + 4), "w": CELL - 8, "h": CELL - 8, "rx": 8,
                          "fill": "#6ab04c", "opacity": 0.55, "stroke": "#2d6a1f", "stroke_width": 1.5,
                          "class": f"marker toxic {_token(space)}", "target": target,
                          "title": f"a toxic marker on {space}"})
            items.append({"shape": "text", "x": _r(x + CELL / 2), "y": _r(y + CELL / 2), "size": 10,
                          "weight": 700, "fill": "#1e4d14", "text": "TOXIC", "class": "marker-label toxic",
                          "target": target})
        if space in state.hot_spots:
            items.append({"shape": "rect", "x": _r(x + 3), "y": _r(y + 3), "w": CELL - 6, "h": CELL - 6, "rx": 5,
                          "fill": "none", "stroke": "#ff7f00", "stroke_width": 2.5, "dash": "6 3",
                          "class": f"marker hot-spot {_token(space)}", "target": target,
                          "title": f"a hot spot on {space}"})
    return items


def _objects(state: State, origins: Mapping[str, tuple[float, float]]) -> list[dict[str, Any]]:
    """Standing objects (with their damage cubes and redirect arrows); a gone object's faint scorch mark."""
    b = state.building
    items: list[dict[str, Any]] = []
    for oid, info in object_info(b).items():
        boxes = [space_box(b, s, origins) for s in info["spaces"]]
        x1 = min(x for x, _, _, _ in boxes) + 6
        y1 = min(y for _, y, _, _ in boxes) + 6
        x2 = max(x + w for x, _, w, _ in boxes) - 6
        y2 = max(y + h for _, y, _, h in boxes) - 6
        explosive = info["kind"] == "explosive"
        in_play = state.options.objects if explosive else state.options.chemical_spill
        if oid not in state.objects:
            if in_play:
                items.append({"shape": "rect", "x": _r(x1), "y": _r(y1), "w": _r(x2 - x1), "h": _r(y2 - y1),
                              "rx": 8, "fill": "none", "stroke": "#7a6a5a", "stroke_width": 1, "dash": "3 3",
                              "class": f"object-gone {oid}"})
            continue
        cubes, cap = state.objects[oid], info["capacity"]
        kind = info["kind"]
        words = "explodes" if explosive else "spills (a chemical spill)"
        items.append({"id": f"object:{oid}", "shape": "rect", "x": _r(x1), "y": _r(y1), "w": _r(x2 - x1),
                      "h": _r(y2 - y1), "rx": 8, "fill": "#59606b" if explosive else "#3f7f3a", "stroke": "#1f1f1f",
                      "stroke_width": 1.5, "class": f"object {kind} {oid}", "clickable": True,
                      "title": f"the {oid.replace('-', ' ')} ({kind} object on {', '.join(info['spaces'])}): "
                               f"{cubes}/{cap} damage cubes; at {cap} it {words}"})
        cx, cy = (x1 + x2) / 2, (y1 + y2) / 2
        name = oid.replace("-", " ")
        lines = [name] if 5.6 * len(name) <= x2 - x1 - 4 else name.split()
        size = _r(min(9.0, (x2 - x1 - 4) / (0.62 * max(len(line) for line in lines))))
        for n, line in enumerate(lines):
            items.append({"shape": "text", "x": _r(cx), "y": _r(cy - 7 - 10 * (len(lines) - 1 - n)), "size": size,
                          "weight": 700, "fill": "#ffffff", "text": line, "class": f"object-name {oid}",
                          "target": f"object:{oid}"})
        items.append({"shape": "text", "x": _r(cx), "y": _r(cy + 6), "size": 9, "fill": "#ffffff",
                      "text": f"{cubes}/{cap}", "class": f"object-damage {oid}", "target": f"object:{oid}"})
        for k in range(cubes):
            items.append({"shape": "rect", "x": _r(cx - cubes * 4.5 + k * 9 + 1), "y": _r(cy + 13), "w": 7, "h": 7,
                          "fill": "#111111", "stroke": "#ffffff", "stroke_width": 0.8,
                          "class": f"damage-cube object {oid}", "target": f"object:{oid}"})
        for s in info["spaces"]:
            to = b.floors[b.spaces_by_id[s].floor].arrows.get(s)
            if to is None:
                continue
            sx, sy, _, _ = space_box(b, s, origins)
            tx, ty, _, _ = space_box(b, to, origins)
            ax, ay = sx + CELL / 2 + (tx - sx) * 0.3, sy + CELL / 2 + (ty - sy) * 0.3
            bx, by = sx + CELL / 2 + (tx - sx) * 0.62, sy + CELL / 2 + (ty - sy) * 0.62
            items.append({"shape": "line", "x1": _r(ax), "y1": _r(ay), "x2": _r(bx), "y2": _r(by),
                          "stroke": "#f5d76e", "stroke_width": 2.5, "class": f"arrow {_token(s)}",
                          "title": f"a roll landing on {s} follows the arrow to {to}", "target": f"object:{oid}"})
            items.append({"shape": "circle", "cx": _r(bx), "cy": _r(by), "r": 3, "fill": "#f5d76e",
                          "class": f"arrow-head {_token(s)}", "target": f"object:{oid}"})
    return items


def _spots_and_vehicles(state: State, origins: Mapping[str, tuple[float, float]]) -> list[dict[str, Any]]:
    b = state.building
    items: list[dict[str, Any]] = []
    for vehicle in ("ambulance", "engine"):
        for k, spot in enumerate(b.parking(vehicle)):
            x, y, w, h = _band(b, origins, spot)
            taken = state.vehicles.get(vehicle) == k
            items.append({"id": f"spot:{vehicle}:{spot[0]}", "shape": "rect", "x": x, "y": y, "w": w, "h": h,
                          "rx": 3, "fill": "#f3ead2", "opacity": 0.8, "stroke": "#c0392b" if vehicle == "engine"
                          else "#7f8c8d", "stroke_width": 1, "dash": "4 3",
                          "class": f"spot {vehicle}" + (" taken" if taken else ""), "clickable": True,
                          "title": f"a parking spot of the {vehicle}: {spot[0]} and {spot[1]} "
                                   f"(named {spot[0]})" + (f"; the {vehicle} is here" if taken else "")})
    for vehicle in ("ambulance", "engine"):
        if vehicle not in state.vehicles:
            continue
        spot = b.parking(vehicle)[state.vehicles[vehicle]]
        x, y, w, h = _band(b, origins, spot)
        vid = f"vehicle:{vehicle}"
        stowed = [k for k, lad in enumerate(state.ladders) if lad == "engine"] if vehicle == "engine" else []
        title = f"the {'fire engine' if vehicle == 'engine' else 'ambulance'}, parked on {spot[0]} and {spot[1]}"
        if stowed:
            title += f"; {len(stowed)} portable ladder{'s' * (len(stowed) != 1)} stowed on it"
        if vehicle == "engine" and state.platform is not None:
            where = "on it" if state.platform in spot else f"raised to {state.platform}"
            title += f"; the hydraulic platform is {where}"
        items.append({"id": vid, "shape": "rect", "x": x, "y": y, "w": w, "h": h, "rx": 4,
                      "fill": "#c0392b" if vehicle == "engine" else "#ffffff", "stroke": "#5b1a12",
                      "stroke_width": 1.5, "class": f"vehicle {vehicle}", "title": title, "clickable": True})
        horizontal = w > h
        label = ("Engine" if vehicle == "engine" else "Ambulance") if horizontal else vehicle[0].upper()
        items.append({"shape": "text", "x": _r(x + w / 2), "y": _r(y + h / 2), "size": 9, "weight": 700,
                      "fill": "#ffffff" if vehicle == "engine" else "#c0392b", "text": label,
                      "class": f"vehicle-label {vehicle}", "target": vid})
        for n, k in enumerate(stowed):
            if horizontal:
                lx, ly = x + 4 + n * 9, y + 2
                path = _ladder_path(lx, ly, lx, ly + h - 4, half=2.2)
            else:
                lx, ly = x + 2, y + 4 + n * 9
                path = _ladder_path(lx, ly, lx + w - 4, ly, half=2.2)
            items.append({"shape": "path", "d": path, "fill": "none", "stroke": "#f5e6b3", "stroke_width": 1.2,
                          "class": f"ladder stowed ladder-{k}", "title": _ladder_words(state, k), "target": vid})
    return items


DOOR_HIT_WIDTH = 14
"""How wide (px) the invisible line over a door that takes its clicks is: the drawn door is 8 px, and the squares
on each side would take a click just beside it."""


def _edges(state: State, origins: Mapping[str, tuple[float, float]]) -> list[dict[str, Any]]:
    """One item per building edge (id ``edge:<a>|<b>``), styled by kind and state, plus cubes, leaves, jams."""
    b = state.building
    items: list[dict[str, Any]] = []
    for key, e in b.edges.items():
        text = edge_text(e.a, e.b)
        eid = f"edge:{text}"
        x1, y1, x2, y2 = _edge_line(b, origins, e.a, e.b)
        cubes = state.wall_damage.get(key, 0)
        kind = e.kind
        mx, my = (x1 + x2) / 2, (y1 + y2) / 2
        vertical = x1 == x2
        line = {"id": eid, "shape": "line", "x1": x1, "y1": y1, "x2": x2, "y2": y2, "clickable": True}
        extra: list[dict[str, Any]] = []
        if kind == "wall":
            status = "destroyed" if cubes >= WALL_STRENGTH["wall"] else "damaged" if cubes else "intact"
            style = {"intact": (WALL, 7, None, 1.0), "damaged": (DAMAGED_WALL, 7, "9 3", 1.0),
                     "destroyed": ("#8a7f72", 2.5, "3 4", 0.9)}[status]
            classes = f"wall {status}"
            title = {"intact": f"wall {text}",
                     "damaged": f"wall {text}: damaged ({cubes} damage cube{'s' * (cubes != 1)} of "
                                f"{WALL_STRENGTH['wall']})",
                     "destroyed": f"wall {text}: destroyed ({cubes} damage cubes): the way is open"}[status]
        elif kind == "light_wall":
            status = "destroyed" if cubes >= WALL_STRENGTH["light_wall"] else "intact"
            style = (LIGHT_WALL, 4, None, 1.0) if status == "intact" else ("#8a7f72", 2.5, "3 4", 0.9)
            classes = f"light-wall {status}"
            title = (f"light wall {text} (destroyed by {WALL_STRENGTH['light_wall']} damage cube)"
                     if status == "intact" else f"light wall {text}: destroyed: the way is open")
        elif kind == "window":
            opened = state.doors.get(key, "closed")
            status = "destroyed" if cubes >= WALL_STRENGTH["window"] else opened
            style = {"closed": (WINDOW, 6, None, 1.0), "open": (WINDOW, 6, "2 5", 0.8),
                     "destroyed": ("#8a7f72", 2.5, "3 4", 0.9)}.get(status, (WINDOW, 6, None, 1.0))
            classes = f"window {status}"
            title = {"closed": f"window {text}: closed",
                     "open": f"window {text}: open", "destroyed": f"window {text}: destroyed: the way is open"
                     }.get(status, f"window {text}: {status}")
            if status == "closed":
                extra.append({"shape": "line", "x1": x1, "y1": y1, "x2": x2, "y2": y2, "stroke": "#ffffff",
                              "stroke_width": 1.5, "class": "window-pane", "target": eid})
        elif kind in ("door", "fireproof_door"):
            status = state.doors.get(key, "closed")
            # a door is a thin target between two squares: a wider, invisible line over it takes its clicks
            extra.append({"shape": "line", "x1": x1, "y1": y1, "x2": x2, "y2": y2, "stroke": "rgba(0,0,0,0)",
                          "stroke_width": DOOR_HIT_WIDTH, "class": "door-hit", "target": eid})
            fireproof = kind == "fireproof_door"
            colour = FIREPROOF if fireproof else DOOR
            classes = f"door fireproof {status}" if fireproof else f"door {status}"
            name = "fireproof door" if fireproof else "door"
            ins = 5
            if vertical:
                y1, y2 = _r(y1 + ins), _r(y2 - ins)
            else:
                x1, x2 = _r(x1 + ins), _r(x2 - ins)
            line.update(x1=x1, y1=y1, x2=x2, y2=y2)
            if status in ("closed", "jammed"):
                style = (colour, 9 if fireproof else 8, None, 1.0)
            elif status == "open":
                style = (colour, 8, None, 0.3)
                # the leaf swings into the first space (the inside one for an outside door)
                ax, ay, _, _ = space_box(b, e.a, origins)
                into_x = 1 if ax + CELL / 2 > x1 else -1
                into_y = 1 if ay + CELL / 2 > y1 else -1
                length = CELL * 0.42
                if vertical:
                    leaf = (x1, y1, _r(x1 + into_x * length), y1)
                else:
                    leaf = (x1, y1, x1, _r(y1 + into_y * length))
                extra.append({"shape": "line", "x1": leaf[0], "y1": leaf[1], "x2": leaf[2], "y2": leaf[3],
                              "stroke": colour, "stroke_width": 4, "class": f"door-leaf {'fireproof' * fireproof}"
                              .strip(), "target": eid})
            else:  # destroyed
                style = ("#8a7f72", 2.5, "1 4", 0.9)
            jams = state.jams.get(key, 0)
            title = f"{name} {text}: {status}"
            if status == "jammed":
                title += f" ({jams} jam marker{'s' * (jams != 1)}): it opens again once they are removed (1 AP each)"
                extra.append({"shape": "text", "x": _r(mx + (10 if vertical else 0)), "y": _r(my - (0 if vertical
                              else 10)), "size": 9, "weight": 700, "fill": "#ffffff", "halo": FIREPROOF,
                              "text": f"J{jams}", "class": "jam", "target": eid})
        else:  # entrance
            status = "open"
            style = ("#3a9a4a", 3, "2 4", 1.0)
            classes = "entrance"
            inside = e.a if b.spaces_by_id[e.a].inside else e.b
            title = f"entrance {text}: the way into {inside} from outside"
            line["clickable"] = False
        stroke, width, dash, opacity = style
        line.update(stroke=stroke, stroke_width=width, dash=dash, opacity=None if opacity == 1.0 else opacity,
                    **{"class": classes, "title": title, "label_at": [_r(mx), _r(my)]})
        items.append(line)
        items += extra
        for k in range(cubes):
            off = (k - (cubes - 1) / 2) * 10
            cx, cy = (mx, my + off) if vertical else (mx + off, my)
            items.append({"shape": "rect", "x": _r(cx - 3.5), "y": _r(cy - 3.5), "w": 7, "h": 7, "fill": "#111111",
                          "stroke": "#ffffff", "stroke_width": 0.8, "class": "damage-cube", "target": eid})
    return items


def _flame(x: float, y: float, s: float = 1.0) -> list[list[float]]:
    pts = [(0, -10), (4, -4), (7, -6), (7, 2), (4, 7), (-4, 7), (-7, 2), (-6, -5), (-3, -2)]
    return [[_r(x + dx * s), _r(y + dy * s)] for dx, dy in pts]


def _markers(state: State, origins: Mapping[str, tuple[float, float]]) -> list[dict[str, Any]]:
    """Fire, smoke, points of interest, victims and hazmats: one marker item per space holding them."""
    b = state.building
    items: list[dict[str, Any]] = []
    for space in b.spaces_by_id:
        x, y, _, _ = space_box(b, space, origins)
        target = f"space:{space}"
        tok = _token(space)
        if space in state.fire:
            items.append({"shape": "polygon", "points": _flame(x + 13, y + 14), "fill": "#e4572e",
                          "stroke": "#8e1f0b", "stroke_width": 1, "class": f"marker fire {tok}", "target": target,
                          "title": f"fire on {space}"})
        elif space in state.smoke:
            items.append({"shape": "circle", "cx": _r(x + 13), "cy": _r(y + 13), "r": 8, "fill": "#6e7a7b",
                          "opacity": 0.85, "stroke": "#3d4445", "stroke_width": 1, "class": f"marker smoke {tok}",
                          "target": target, "title": f"smoke on {space}"})
        n = state.hazmats.get(space, 0)
        if n:
            cx, cy = x + CELL - 13, y + 13
            items.append({"shape": "polygon", "points": [[_r(cx), _r(cy - 9)], [_r(cx + 9), _r(cy)],
                                                         [_r(cx), _r(cy + 9)], [_r(cx - 9), _r(cy)]],
                          "fill": "#f39c12", "stroke": "#6e2c00", "stroke_width": 1.2, "class": f"hazmat {tok}",
                          "target": target, "title": f"{n} hazmat{'s' * (n != 1)} on {space}"})
            items.append({"shape": "text", "x": _r(cx), "y": _r(cy + 0.5), "size": 8, "weight": 700,
                          "fill": "#3b1600", "text": "H" if n == 1 else f"{n}", "class": f"hazmat-label {tok}",
                          "target": target})
        kind = state.pois.get(space)
        if kind is not None:
            cx, cy = x + CELL / 2, y + 21
            fill, text, cls, words = {
                "hidden": ("#1f4e8c", "?", "poi hidden",
                           f"a face-down point of interest on {space} (a victim or a false alarm)"),
                "victim": ("#f4d03f", "V", "poi victim", f"a victim on {space}"),
            }.get(kind, ("#82e0aa", "V+", "poi victim treated", f"a treated victim on {space}"))
            items.append({"shape": "rect", "x": _r(cx - 9), "y": _r(cy - 9), "w": 18, "h": 18, "rx": 3, "fill": fill,
                          "stroke": "#10243f", "stroke_width": 1.2, "class": f"{cls} {tok}", "target": target,
                          "title": words})
            items.append({"shape": "text", "x": _r(cx), "y": _r(cy + 0.5), "size": 11 if kind == "hidden" else 9,
                          "weight": 700, "fill": "#ffffff" if kind == "hidden" else "#3b2f23", "text": text,
                          "class": f"poi-label {tok}", "target": target})
    return items


def _ladders_and_platform(state: State, origins: Mapping[str, tuple[float, float]]) -> list[dict[str, Any]]:
    """Portable ladders lying, raised or bridging (stowed ones are on the engine, carried ones on the pawn) and
    the hydraulic platform."""
    b = state.building
    items: list[dict[str, Any]] = []
    per_space: dict[str, int] = {}
    for k, ladder in enumerate(state.ladders):
        kind, _, rest = ladder.partition(":")
        ends: list[tuple[str, str]] = []
        if kind == "lying":
            ends = [(rest, "lying")]
        elif kind == "raised":
            bottom, _, top = rest.partition("|")
            ends = [(bottom, "raised bottom"), (top, "raised top")]
        elif kind == "bridge":
            x, y, _, _ = space_box(b, rest, origins)
            items.append({"shape": "path", "d": _ladder_path(x + 5, y + CELL / 2, x + CELL - 5, y + CELL / 2, 4),
                          "fill": "none", "stroke": "#c8a15a", "stroke_width": 2.2,
                          "class": f"ladder bridge ladder-{k} {_token(rest)}", "title": _ladder_words(state, k),
                          "target": f"space:{rest}"})
        for space, cls in ends:
            if space not in b.spaces_by_id:
                continue
            x, y, _, _ = space_box(b, space, origins)
            n = per_space.get(space, 0)
            per_space[space] = n + 1
            lx = x + 6 + n * 8
            colour = "#c8a15a" if kind == "lying" else "#d35400"
            items.append({"shape": "path", "d": _ladder_path(lx, y + 16, lx, y + CELL - 6, 2.6), "fill": "none",
                          "stroke": colour, "stroke_width": 2, "class": f"ladder {cls} ladder-{k} {_token(space)}",
                          "title": _ladder_words(state, k), "target": f"space:{space}"})
    if state.platform is not None and state.platform in b.spaces_by_id:
        x, y, _, _ = space_box(b, state.platform, origins)
        items.append({"shape": "rect", "x": _r(x + CELL / 2 - 11), "y": _r(y + 14), "w": 22, "h": 14, "rx": 2,
                      "fill": "#f7dc6f", "stroke": "#7d6608", "stroke_width": 1.5,
                      "class": f"platform {_token(state.platform)}", "target": f"space:{state.platform}",
                      "title": f"the hydraulic platform on {state.platform}"})
        items.append({"shape": "text", "x": _r(x + CELL / 2), "y": _r(y + 21.5), "size": 8, "weight": 700,
                      "fill": "#5b4a00", "text": "PLAT", "class": "platform-label",
                      "target": f"space:{state.platform}"})
    return items


def _firefighters(state: State, origins: Mapping[str, tuple[float, float]]) -> list[dict[str, Any]]:
    """Each placed firefighter's pawn (id ``ff:<colour>``): its role letter, its AP as text, what it carries."""
    b = state.building
    items: list[dict[str, Any]] = []
    slots: dict[str, int] = {}
    acting = state.current_player
    for k, f in enumerate(state.firefighters):
        if f.space is None or f.space not in b.spaces_by_id:
            continue
        n = slots.get(f.space, 0)
        slots[f.space] = n + 1
        x, y, _, _ = space_box(b, f.space, origins)
        cx, cy = x + 11 + 17 * (n % 3), y + 40 - 20 * (n // 3)
        fid = f"ff:{f.name}"
        active = acting == k
        classes = ["ff", f.name, f.role]
        if active:
            classes.append("active")
        if f.carrying:
            classes.append("carrying-" + f.carrying.replace(" ", "-"))
        ladder = next((j for j, lad in enumerate(state.ladders) if lad == f"carried:{f.name}"), None)
        if ladder is not None:
            classes.append("carrying-ladder")
        title = f"{f.name}: {f.card.name}, {_pools_words(f)}, on {f.space}"
        if f.carrying:
            title += f", {'leading' if f.carrying == 'treated victim' else 'carrying'} a {f.carrying}"
        if ladder is not None:
            title += ", carrying a portable ladder"
        if active:
            title += " (to act)"
        dark = f.name in _DARK_TEXT
        items.append({"id": fid, "shape": "circle", "cx": _r(cx), "cy": _r(cy), "r": 8,
                      "fill": FF_FILL.get(f.name, "#888888"), "stroke": "#111111", "stroke_width": 2.6 if active
                      else 1.2, "class": " ".join(classes), "title": title, "clickable": True,
                      "label_at": [_r(cx), _r(cy - 14)]})
        letter = ROLE_LETTER.get(f.role, f.name[0].upper())
        items.append({"shape": "text", "x": _r(cx), "y": _r(cy + 0.5), "size": 9, "weight": 700,
                      "fill": INK if dark else "#ffffff", "text": letter, "class": f"ff-letter {f.name}",
                      "target": fid})
        items.append({"shape": "text", "x": _r(cx), "y": _r(cy + 13), "size": 8, "weight": 700, "fill": INK,
                      "halo": "#ffffff", "text": _pools(f), "class": f"ff-ap {f.name}", "target": fid})
        if f.carrying:
            fill = {"victim": "#f4d03f", "treated victim": "#82e0aa", "hazmat": "#f39c12"}.get(f.carrying, "#ccc")
            items.append({"shape": "rect", "x": _r(cx + 3), "y": _r(cy - 12), "w": 8, "h": 8, "rx": 1.5, "fill": fill,
                          "stroke": "#222222", "stroke_width": 1,
                          "class": "carried " + ("victim treated" if f.carrying == "treated victim" else f.carrying),
                          "title": f"{f.name} {'leads' if f.carrying == 'treated victim' else 'carries'} a "
                                   f"{f.carrying}", "target": fid})
        if ladder is not None:
            items.append({"shape": "path", "d": _ladder_path(cx - 11, cy - 9, cx - 11, cy + 7, 2), "fill": "none",
                          "stroke": "#8a6d2f", "stroke_width": 1.5, "class": f"ladder carried ladder-{ladder}",
                          "title": _ladder_words(state, ladder), "target": fid})
    return items


def _step_marks(state: State, origins: Mapping[str, tuple[float, float]]) -> list[dict[str, Any]]:
    """The space or door a pending chance step concerns (a reveal, a fireproof door's roll, a spill's route)."""
    if not state.is_chance_node:
        return []
    b = state.building
    step = state.pending[0]
    items: list[dict[str, Any]] = []
    if step.kind == "reveal" and step.space in b.spaces_by_id:
        x, y, w, h = space_box(b, step.space, origins)
        items.append({"shape": "rect", "x": _r(x + 1.5), "y": _r(y + 1.5), "w": w - 3, "h": h - 3, "fill": "none",
                      "stroke": "#8e44ad", "stroke_width": 3, "dash": "5 3", "class": "pending-step reveal"})
    elif step.kind == "fireproof" and "|" in step.space:
        a, _, c = step.space.partition("|")
        if a in b.spaces_by_id and c in b.spaces_by_id:
            x1, y1, x2, y2 = _edge_line(b, origins, a, c)
            items.append({"shape": "line", "x1": x1, "y1": y1, "x2": x2, "y2": y2, "stroke": "#8e44ad",
                          "stroke_width": 14, "opacity": 0.35, "class": "pending-step fireproof"})
    elif step.kind == "spill":
        for s in step.space.split(";"):
            if s in b.spaces_by_id:
                x, y, w, h = space_box(b, s, origins)
                items.append({"shape": "rect", "x": _r(x + 1.5), "y": _r(y + 1.5), "w": w - 3, "h": h - 3,
                              "fill": "none", "stroke": "#8e44ad", "stroke_width": 2, "dash": "2 3",
                              "class": "pending-step spill"})
    return items


# ---- outlines: selection and highlights ----------------------------------------------------------------------------
def _outlines(items: list[dict[str, Any]], ids: set[str], marks: Mapping[str, Mapping[str, str]], *,
              labels: bool) -> list[dict[str, Any]]:
    """An outline (and, with ``labels``, a label) over each item whose id is in ``ids``, in scene order."""
    out: list[dict[str, Any]] = []
    done: set[str] = set()
    for item in list(items):
        iid = item.get("id")
        if iid not in ids or iid in done:
            continue
        done.add(iid)
        mark = marks.get(iid, {})
        tone = mark.get("tone", "legal")
        colour = TONES.get(tone, TONES["legal"])
        dash = HIGHLIGHTS.get(tone, HIGHLIGHTS["legal"]).dash
        cls = f"{'highlight' if labels else 'selection'} {tone} {iid.partition(':')[0]}"
        shape = item["shape"]
        if shape == "rect":
            out.append({"shape": "rect", "x": _r(item["x"] - 1), "y": _r(item["y"] - 1), "w": _r(item["w"] + 2),
                        "h": _r(item["h"] + 2), "rx": item.get("rx"), "fill": "none", "stroke": colour,
                        "stroke_width": 3, "dash": dash, "class": cls})
        elif shape == "circle":
            out.append({"shape": "circle", "cx": item["cx"], "cy": item["cy"], "r": _r(item["r"] + 3), "fill": "none",
                        "stroke": colour, "stroke_width": 3, "dash": dash, "class": cls})
        elif shape == "line":
            out.append({"shape": "line", "x1": item["x1"], "y1": item["y1"], "x2": item["x2"], "y2": item["y2"],
                        "stroke": colour, "stroke_width": 13, "opacity": 0.45, "dash": dash, "class": cls})
        elif shape == "polygon":
            out.append({"shape": "polygon", "points": item["points"], "fill": "none", "stroke": colour,
                        "stroke_width": 3, "dash": dash, "class": cls})
        label = mark.get("label")
        if labels and label:
            at = item.get("label_at") or _centre(item)
            if at is not None:
                out.append({"shape": "text", "x": _r(at[0]), "y": _r(at[1]), "size": 11, "weight": 700,
                            "fill": LABEL_COLOUR if tone == "legal" else colour, "halo": "#ffffff", "text": label,
                            "class": f"highlight-label {iid.partition(':')[0]}"})
    return out


LABEL_SIZE = 12
"""The font size the browser writes highlight labels in (``widgets/static/board_view.js``, bold)."""
_LABEL_CHAR = 0.64 * LABEL_SIZE
"""The estimated width of one bold label character (a little wide, so that labels keep clear)."""
_KEEP_CLEAR = {"floor-label", "floor-level", "die-column", "die-row", "marker", "poi", "poi-label", "hazmat",
               "hazmat-label", "ff", "ff-letter", "ff-ap", "carried", "vehicle", "vehicle-label", "damage-cube",
               "object", "object-name", "object-damage", "jam", "platform", "platform-label", "staircase-label",
               "marker-label", "counter", "roster", "roster-text", "turn-line", "mode", "button-label", "die",
               "die-label", "arrow", "arrow-head"}
"""The first classes of the items a label must not cover: names and numbers printed on the board, pieces, the
strip's texts."""


_LABEL_MOVES = sorted(((dx, dy) for dx in range(-CELL // 2, CELL // 2 + 1, 2)
                       for dy in range(-CELL // 2, CELL // 2 + 1, 2)), key=lambda d: d[0] ** 2 + 2 * d[1] ** 2)
"""Where :func:`place_labels` tries a label, nearest first (a move up or down counts double: a label stays on
its row of the board rather than drift onto the next one)."""


def _box(item: Mapping[str, Any]) -> tuple[float, float, float, float] | None:
    """An item's bounding box (a text's from its length and size), or None (paths, items without a box)."""
    shape = item.get("shape")
    if shape == "text":
        size = float(item.get("size", 12))
        width = len(str(item.get("text", ""))) * size * (0.64 if item.get("weight") else 0.58)
        anchor = item.get("anchor", "middle")
        x0 = item["x"] - width / 2 if anchor == "middle" else item["x"] - width if anchor == "end" else item["x"]
        return x0, item["y"] - size / 2, x0 + width, item["y"] + size / 2
    if shape == "rect":
        return item["x"], item["y"], item["x"] + item["w"], item["y"] + item["h"]
    if shape == "circle":
        return item["cx"] - item["r"], item["cy"] - item["r"], item["cx"] + item["r"], item["cy"] + item["r"]
    if shape == "polygon" and item.get("points"):
        xs, ys = zip(*item["points"])
        return min(xs), min(ys), max(xs), max(ys)
    return None


def place_labels(items: list[dict[str, Any]], labels: Mapping[str, str]) -> None:
    """Move the ``label_at`` of each labelled item to the free spot nearest it (searched 2 units apart, at most
    a space's width away): where the label's box covers no item of :data:`_KEEP_CLEAR` (names, pieces, the
    strip's texts; not the outlines drawn round a space, such as a hot spot's) other than the labelled item
    itself, and no label placed before it. A label with no free spot near it stays where it was.

    Args:
        items: the scene's items (changed in place: ``label_at`` of the labelled items).
        labels: ``{item id: label text}`` of the highlights to be written.
    """
    clear = [(i.get("id"), b) for i, b in ((i, _box(i)) for i in items if i.get("fill") != "none"
                                          and ((i.get("class") or "").split() or [""])[0] in _KEEP_CLEAR)
             if b is not None]
    taken: list[tuple[Any, tuple[float, float, float, float]]] = []
    for item in items:
        text = labels.get(item.get("id", ""))
        at = item.get("label_at") or _centre(item) if text else None
        if at is None:
            continue
        w, h = len(text) * _LABEL_CHAR / 2, LABEL_SIZE / 2
        near = [b for owner, b in clear + taken if owner != item["id"] and b[2] > at[0] - w - CELL
                and b[0] < at[0] + w + CELL and b[3] > at[1] - h - CELL and b[1] < at[1] + h + CELL]

        def free(x: float, y: float) -> bool:
            return all(b[2] <= x - w + 0.5 or b[0] >= x + w - 0.5 or b[3] <= y - h + 0.5 or b[1] >= y + h - 0.5
                       for b in near)

        spot = next(((at[0] + dx, at[1] + dy) for dx, dy in _LABEL_MOVES if free(at[0] + dx, at[1] + dy)), None)
        if spot is None:
            continue
        item["label_at"] = [_r(spot[0]), _r(spot[1])]
        taken.append((None, (spot[0] - w, spot[1] - h, spot[0] + w, spot[1] + h)))


def _centre(item: Mapping[str, Any]) -> tuple[float, float] | None:
    shape = item.get("shape")
    if shape == "rect":
        return item["x"] + item["w"] / 2, item["y"] + item["h"] / 2
    if shape == "circle":
        return item["cx"], item["cy"]
    if shape == "line":
        return (item["x1"] + item["x2"]) / 2, (item["y1"] + item["y2"]) / 2
    if shape == "polygon" and item.get("points"):
        xs, ys = zip(*item["points"])
        return sum(xs) / len(xs), sum(ys) / len(ys)
    return None


# ---- the strip: counters, turn line, roster, buttons ---------------------------------------------------------------
def _mode_text(state: State) -> str:
    o = state.options
    text = f"{state.building.name} · " + ("Family game" if o.mode == "family" else f"Experienced, {o.level}")
    extras = [name.replace("_", " ") for name in ("platform", "basement_ladder", "floor_bridge") if getattr(o, name)]
    info = object_info(state.building)
    if any(i["kind"] == "explosive" for i in info.values()) and not o.objects:
        extras.append("no objects")
    if any(i["kind"] == "toxic" for i in info.values()) and not o.chemical_spill:
        extras.append("no chemical spill")
    if extras:
        text += " · " + ", ".join(extras)
    return text


def step_words(step: Any, purposes: Mapping[str, str] = _PURPOSE) -> str:
    """A pending chance step of the engine (one of ``state.pending``) in words, for the user: what is rolled or
    turned over, and why. ``purposes`` words the purpose of a roll (default: the turn line's words; a purpose it
    lacks is shown as is), e.g. ``"roll the dice: the fire advances"``."""
    if step.kind == "roll":
        return f"roll the dice: {purposes.get(step.purpose, step.purpose)}"
    if step.kind == "first-explosion":
        return "roll the black die: where the first explosion goes"
    if step.kind == "reveal":
        return f"turn over the point of interest on {step.space}"
    if step.kind == "fireproof":
        return f"roll the red die for the fireproof door at {step.space}"
    if step.kind == "spill":
        return f"the chemical spill flows on ({step.purpose} toxic marker{'s' * (step.purpose != '1')} to lay)"
    return str(step)


def _turn_line(state: State) -> str:
    if state.is_terminal:
        if state.is_won:
            return f"Game over: the team wins, {state.rescued} victims rescued"
        if state.lost >= LOSSES_TO_LOSE:
            return f"Game over: the team loses, {state.lost} victims lost"
        return "Game over: the building collapsed"
    f = state.firefighter
    if state.is_chance_node:
        head = "Set-up" if state.phase == "setup" else "Fire phase" if state.phase == "fire" else f"{f.name}'s turn"
        return f"{head} — chance: {step_words(state.pending[0])}"
    if state.phase == "setup":
        if state.options.experienced:
            for vehicle in ("engine", "ambulance"):
                if vehicle not in state.vehicles and state.building.parking(vehicle):
                    return f"Set-up: {f.name} parks the {vehicle} (click one of its spots)"
            if f.role not in ROLES:
                return f"Set-up: {f.name} chooses a specialist card"
        return f"Set-up: {f.name} starts on a space outside the building (click it)"
    return f"{f.name} ({f.card.name}) to act: {_pools_words(f)}"


def _button(bid: str, label: str, x: float, y: float, *, taken: bool = False,
            chosen: bool = False) -> tuple[list[dict[str, Any]], float]:
    w = _r(16 + 6.4 * len(label))
    name = bid.partition(":")[2]
    items = [{"id": bid, "shape": "rect", "x": _r(x), "y": _r(y), "w": w, "h": BUTTON_HEIGHT, "rx": 6,
              "fill": "#e2d8c4" if taken else "#f4ecd8", "stroke": SELECTED if chosen else "#6b5d4d",
              "stroke_width": 2.5 if chosen else 1.4, "class": f"button {name}" + (" taken" if taken else ""),
              "title": label + (" (held by another firefighter)" if taken else ""), "clickable": True,
              "label_at": [_r(x + w / 2), _r(y + BUTTON_HEIGHT + 9)]},
             {"shape": "text", "x": _r(x + w / 2), "y": _r(y + BUTTON_HEIGHT / 2 + 0.5), "size": 12,
              "fill": "#8a7f72" if taken else INK, "text": label, "class": "button-label", "target": bid}]
    return items, w


def _die_chip(colour: str, n: int, x: float, y: float, chosen: bool) -> list[dict[str, Any]]:
    did = f"die:{colour}:{n}"
    red = colour == "red"
    return [{"id": did, "shape": "rect", "x": _r(x), "y": _r(y), "w": 24, "h": 24, "rx": 5,
             "fill": "#c0392b" if red else "#222222", "stroke": SELECTED if chosen else "#444444",
             "stroke_width": 3 if chosen else 1, "class": f"die {colour} {n}" + (" chosen" if chosen else ""),
             "title": f"the {colour} die shows {n}", "clickable": True},
            {"shape": "text", "x": _r(x + 12), "y": _r(y + 12.5), "size": 12, "weight": 700, "fill": "#ffffff",
             "text": str(n), "class": "die-label", "target": did}]


def _buttons(state: State, chosen: set[str]) -> list[tuple[str, str, bool]]:
    """``(id, label, taken)`` of the buttons to draw now (by phase and the active card; no legality)."""
    out: list[tuple[str, str, bool]] = []
    if state.is_terminal:
        return out
    if state.is_chance_node:
        out.append(("btn:roll", BUTTONS["roll"], False))
        step = state.pending[0]
        if step.kind == "reveal":
            out += [("btn:reveal-victim", BUTTONS["reveal-victim"], False),
                    ("btn:reveal-false-alarm", BUTTONS["reveal-false-alarm"], False)]
        return out
    f = state.firefighter
    held = {g.role for j, g in enumerate(state.firefighters) if j != state.turn}
    roles = [(f"btn:role-{key}", role.name, key in held) for key, role in ROLES.items()]
    if state.phase == "setup":
        parked = all(v in state.vehicles for v in ("engine", "ambulance") if state.building.parking(v))
        if state.options.experienced and parked and f.role not in ROLES:
            out += roles
        return out
    if state.phase != "actions":
        return out
    names = ["end", "pick-up", "drop"]
    if f.role == "paramedic":
        names.append("treat")
    if f.role == "hazmat":
        names.append("dispose")
    if state.options.experienced and not state.options.platform and state.building.parking("engine"):
        names.append("deck-gun")
    if state.options.experienced:
        names.append("crew-change")
    if state.ladders:
        names += ["take-ladder", "drop-ladder", "collapse-ladder"]
    out += [(f"btn:{n}", BUTTONS[n], False) for n in names]
    if "btn:crew-change" in chosen:
        out += [(bid, label, taken) for bid, label, taken in roles if bid != f"btn:role-{f.role}"]
    return out


def _strip(state: State, top: float, width: float, chosen: set[str]) -> tuple[list[dict[str, Any]], float]:
    """The strip under the floors and its height."""
    items: list[dict[str, Any]] = []
    left = MARGIN
    y = top + ROW_HEIGHT / 2
    # the counters, with small gauges
    counters = [("damage", "damage", state.damage, DAMAGE_CUBES, "#5d4037",
                 f"damage cubes placed: {state.damage} of {DAMAGE_CUBES} (the building collapses at {DAMAGE_CUBES})"),
                ("rescued", "rescued", state.rescued, RESCUES_TO_WIN, "#2e8b57",
                 f"victims rescued: {state.rescued} (the team wins at {RESCUES_TO_WIN})"),
                ("lost", "lost", state.lost, LOSSES_TO_LOSE, "#c0392b",
                 f"victims lost: {state.lost} (the team loses at {LOSSES_TO_LOSE})")]
    x = left
    for cls, word, value, top_value, colour, title in counters:
        items.append({"shape": "text", "x": _r(x), "y": _r(y), "anchor": "start", "size": 13, "weight": 700,
                      "fill": INK, "text": f"{word} {value}/{top_value}", "class": f"counter {cls}", "title": title})
        gx = x + 10 + 8.2 * len(f"{word} {value} of {top_value}")  # the board says a tally "0 of 24" (words.py)
        items.append({"shape": "rect", "x": _r(gx), "y": _r(y - 5), "w": GAUGE, "h": 10, "rx": 2, "fill": "#ffffff",
                      "stroke": "#9c8f76", "stroke_width": 0.8, "class": f"gauge {cls}"})
        if value:
            items.append({"shape": "rect", "x": _r(gx), "y": _r(y - 5),
                          "w": _r(GAUGE * min(value, top_value) / top_value), "h": 10, "rx": 2, "fill": colour,
                          "class": f"gauge-fill {cls}"})
        x = gx + GAUGE + 14
    extras = []
    if state.options.experienced:
        extras.append(("hot-spots", f"hot spots in supply {state.hot_spot_supply}",
                       f"hot-spot markers still in the supply: {state.hot_spot_supply}"))
    unseen = (f"point-of-interest markers still in the supply: {state.markers_left()} ({state.unknown_victims} "
              f"victims and {state.unknown_false_alarms} false alarms unseen, board included)")
    extras.append(("pois", f"POI markers left {state.markers_left()}", unseen))
    if state.last_roll:
        red, black = state.last_roll
        extras.append(("last-roll", f"last roll {red}·{black}", f"the last fire roll: red {red}, black {black}"))
    for cls, text, title in extras:
        items.append({"shape": "text", "x": _r(x), "y": _r(y), "anchor": "start", "size": 11, "fill": "#4a4036",
                      "text": text, "class": f"counter {cls}", "title": title})
        x += 12 + 6.2 * len(text)
    y += ROW_HEIGHT
    items.append({"shape": "text", "x": left, "y": _r(y), "anchor": "start", "size": 13, "weight": 700,
                  "fill": "#7a2318" if state.is_terminal else INK, "text": _turn_line(state), "class": "turn-line"})
    items.append({"shape": "text", "x": _r(width - MARGIN), "y": _r(y), "anchor": "end", "size": 11,
                  "fill": "#6b6354", "text": _mode_text(state), "class": "mode"})
    # the roster: one chip per firefighter
    y += ROW_HEIGHT
    chip_w = 250
    per_row = max(1, int((width - 2 * MARGIN) // chip_w))
    acting = state.current_player
    rows = 0
    for k, f in enumerate(state.firefighters):
        row, col = divmod(k, per_row)
        rows = row + 1
        cx, cy = left + col * chip_w + 8, y + row * ROW_HEIGHT
        fid = f"ff:{f.name}"
        words = f"{f.name} · {f.card.name} · {_pools(f)} AP"
        if f.carrying:
            words += f" · {f.carrying}"
        if f"carried:{f.name}" in state.ladders:
            words += " · ladder"
        words += f" · {f.space}" if f.space else " · not placed"
        placed = f.space is not None
        items.append({"shape": "circle", "cx": _r(cx), "cy": _r(cy), "r": 7, "fill": FF_FILL.get(f.name, "#888"),
                      "stroke": "#111111", "stroke_width": 2.4 if acting == k else 1,
                      "class": f"roster {f.name}" + (" active" if acting == k else ""),
                      "title": f"{f.name}: {f.card.name}, {_pools_words(f)}",
                      **({"target": fid} if placed else {})})
        items.append({"shape": "text", "x": _r(cx + 12), "y": _r(cy), "anchor": "start", "size": 11,
                      "weight": 700 if acting == k else None, "fill": INK, "text": words,
                      "class": f"roster-text {f.name}", **({"target": fid} if placed else {})})
    y += rows * ROW_HEIGHT - ROW_HEIGHT / 2 + 6
    # the buttons (and the dice to choose at a roll), wrapping
    x = left
    for bid, label, taken in _buttons(state, chosen):
        parts, w = _button(bid, label, x, y, taken=taken, chosen=bid in chosen)
        if x + w > width - MARGIN and x > left:
            y += BUTTON_HEIGHT + 8
            x = left
            parts, w = _button(bid, label, x, y, taken=taken, chosen=bid in chosen)
        items += parts
        x += w + 8
    if state.is_chance_node:
        step = state.pending[0]
        dice = {"roll": ("red", "black"), "first-explosion": ("black",), "fireproof": ("red",)}.get(step.kind, ())
        faces = {"red": 6, "black": state.building.die_faces}
        for colour in dice:
            for n in range(1, faces[colour] + 1):
                if x + 24 > width - MARGIN:
                    y += BUTTON_HEIGHT + 8
                    x = left
                items += _die_chip(colour, n, x, y + 2, f"die:{colour}:{n}" in chosen)
                x += 28
            x += 10
    y += BUTTON_HEIGHT + 24  # room for a highlight's label under a button ("keeps 3 AP" under End turn)
    height = y - top
    items.insert(0, {"shape": "rect", "x": 0, "y": _r(top - 4), "w": _r(width), "h": _r(height + 4),
                     "fill": "#e2d6bd", "class": "strip"})
    return items, _r(height)


def board_svg(state: State, selection: str | Iterable[str] | None = None,
              highlights: Mapping[str, str | Mapping[str, str]] | None = None, *, width: int | None = None,
              show_strip: bool = True) -> SvgImage:
    """A static picture of ``state`` for notebooks (displays itself in Jupyter; ``str()`` is the SVG text).

    Args:
        selection, highlights, show_strip: as :func:`board_scene` (the highlights are drawn into the scene).
        width: display width in pixels (default: the scene's own width).

    >>> from explorer.flashpoint import new_game
    >>> str(board_svg(new_game(players=2, seed=1)))[:4]
    '<svg'
    """
    scene = board_scene(state, selection, highlights, show_strip=show_strip)
    return SvgImage(scene_to_svg(scene, width=width))
