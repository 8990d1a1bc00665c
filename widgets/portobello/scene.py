"""The Portobello Market board drawn as a scene: districts, lanes of stall spaces, squares, customers, the bobby.

:func:`board_scene` is a pure function of the engine state (plus what the user has selected); the interactive
:class:`~widgets.portobello.view.PortobelloView` and the static :func:`board_svg` both draw it. Everything is
placed from the board's own geometry (``Board.squares[..].pos``, :meth:`Board.space_pos`,
``District.bobby``), so a user's own board file draws too.

Item ids (the click targets; see :data:`TARGETS`):

* ``district:<id>`` — a district (its triangle; the bobby, its label and its token target it too);
* ``space:<lane>:<k>`` — stall space ``k`` of a lane, counted from the lane's ``from`` square (0 first);
* ``square:<id>`` — a square (the customer standing on it targets it too);
* ``token:<slot>`` — the active player's action token in that slot (strip under the map);
* ``score:2`` / ``score:4`` — "score a district with my own 2 / 4";
* ``btn:customer``, ``btn:lord``, ``btn:end``, ``btn:confirm``, ``btn:cancel`` — the action buttons.

CSS classes name what a thing is (``space c-0 built red``, ``square s4 citizen``, ``district d7 bobby
token-red``, ``lane c scored``, ``bobby``) so tests and browser checks can find it.
"""

from __future__ import annotations

import math
from collections.abc import Iterable, Mapping
from typing import Any

from explorer.portobello import State, cheapest_route
from explorer.portobello.scoring import district_stalls, lane_multiplier, stall_points

from ..svg import SvgImage, scene_to_svg

__all__ = ["board_scene", "board_svg", "district_polygon", "TARGETS", "PLAYER_FILL", "CUSTOMER_FILL",
           "STRIP_HEIGHT", "SPACE_SIZE"]

TARGETS = ("district:<id>", "space:<lane>:<k>", "square:<id>", "token:<slot>", "score:<2|4>",
           "btn:<customer|lord|end|confirm|cancel>")
"""The forms of clickable item ids in the scene."""
PLAYER_FILL = {"red": "#c0392b", "yellow": "#e9c400", "green": "#2e8b57", "blue": "#2e6fb7"}
"""Stall and token colours by player colour."""
CUSTOMER_FILL = {"servant": "#9a9a9a", "citizen": "#f29bbb", "lord": "#111111"}
"""Customer pieces: grey servants, pink citizens, the black Lord."""
BOBBY_FILL = "#1b2a4a"
"""The bobby's helmet (navy)."""
BACKGROUND = "#e3d9c3"
DISTRICT_FILL = "#f6f0e1"
BOBBY_DISTRICT_FILL = "#efe2c2"
ROAD = "#cfc5ae"
ROAD_EDGE = "#a1967e"
SCORED_ROAD = "#e6c35c"
SQUARE_FILL = "#d9cfb8"
INK = "#3b2f23"
SELECTED = "#1f5fbf"
SPACE_SIZE = 24
"""Side of a stall-space box, in map units."""
SQUARE_RADIUS = 24
ROAD_WIDTH = 30
LANE_LABEL_OFFSET = 27
STRIP_HEIGHT = 116
"""Height of the strip under the map with the turn line, the active player's tokens and the buttons."""
_DARK_TEXT = {"yellow"}


# ---- geometry ------------------------------------------------------------------------------------------------------
def district_polygon(state: State, district: str) -> list[list[float]]:
    """The triangle of ``district``: its three corner squares' positions (map units)."""
    return [list(state.board.squares[s].pos) for s in state.board.districts[district].squares]


def _centre(board) -> tuple[float, float]:
    xs = [s.pos[0] for s in board.squares.values()]
    ys = [s.pos[1] for s in board.squares.values()]
    return sum(xs) / len(xs), sum(ys) / len(ys)


def _lane_frame(board, lane: str) -> tuple[tuple[float, float], tuple[float, float], tuple[float, float]]:
    """``(start, unit direction, unit normal)`` of ``lane``; the normal points away from the board's centre for
    rim lanes (so the lane letter sits outside the market) and to the lane's left otherwise."""
    a, b = (board.squares[s].pos for s in board.lanes[lane].ends)
    dx, dy = b[0] - a[0], b[1] - a[1]
    length = math.hypot(dx, dy) or 1.0
    ux, uy = dx / length, dy / length
    nx, ny = -uy, ux
    mx, my = (a[0] + b[0]) / 2, (a[1] + b[1]) / 2
    if board.is_rim(lane):
        cx, cy = _centre(board)
        if (mx - cx) * nx + (my - cy) * ny < 0:
            nx, ny = -nx, -ny
    else:  # the side whose label stays clearest of the districts' pieces and labels
        spots = [(x + dx, y + dy) for d in board.districts_of(lane) for x, y in (board.districts[d].bobby,)
                 for dx, dy in ((0, 0), (0, 18), (0, 36), (26, 0))]

        def room(sign: int) -> float:
            px, py = mx + sign * nx * LANE_LABEL_OFFSET, my + sign * ny * LANE_LABEL_OFFSET
            return min(math.hypot(px - x, py - y) for x, y in spots)

        if room(-1) > room(1):
            nx, ny = -nx, -ny
    return a, (ux, uy), (nx, ny)


def _box(centre: tuple[float, float], direction: tuple[float, float], size: float) -> list[list[float]]:
    """A square of side ``size`` centred at ``centre``, turned to lie along ``direction``."""
    (x, y), (ux, uy) = centre, direction
    h = size / 2
    return [[round(x + sx * h * ux - sy * h * uy, 2), round(y + sx * h * uy + sy * h * ux, 2)]
            for sx, sy in ((-1, -1), (1, -1), (1, 1), (-1, 1))]


def _r(v: float) -> float:
    return round(v, 2)


# ---- tooltips ------------------------------------------------------------------------------------------------------
def _who(state: State, seat: int) -> str:
    return state.name(seat)


def _space_title(state: State, lane: str, k: int) -> str:
    info = state.board.lanes[lane]
    owner = state.stalls_on(lane)[k]
    held = f"stall of {_who(state, owner)}" if owner is not None else "free"
    ends = f"from {info.ends[0]} to {info.ends[1]}"
    bits = [f"Lane {lane} ({info.name}, {ends}), {info.space_words(k, value=False)}: worth {info.values[k]}",
            held]
    if state.is_scored(lane):
        bits.append("the lane has scored")
    return "; ".join(bits)


def _square_title(state: State, square: str) -> str:
    info = state.board.squares[square]
    kind = state.customer_at(square)
    who = {"servant": "a servant (grey)", "citizen": "a citizen (pink)", "lord": "the Lord"}.get(kind, "empty")
    lanes = ", ".join(state.board.lanes_at(square))
    return f"{info.name} ({square}): {who}; lanes {lanes} end here"


def _district_title(state: State, district: str) -> str:
    board = state.board
    info = board.districts[district]
    bits = [f"District {district}: lanes {', '.join(info.lanes)}"]
    mark = state.district_token(district)
    if mark is not None:
        bits.append(f"scored by {_who(state, mark[0])} with a {mark[1]} (×{mark[1]})")
    else:
        bits.append("no action token yet")
    if state.bobby == district:
        bits.append("the bobby stands here: stalls may be built on its three lanes")
    elif state.bobby is not None and state.phase == "actions":
        bits.append(_route_text(state, district))
    elif state.phase == "bobby":
        bits.append("put the bobby here to start")
    if state.phase in ("choose",) and mark is None:
        n = district_stalls(state, district, state.active)
        bits.append(f"{_who(state, state.active)} has {n} stall{'s' * (n != 1)} on its lanes "
                    f"(×2 = {2 * n}, ×4 = {4 * n})")
    return "; ".join(bits)


def _route_text(state: State, district: str) -> str:
    """How moving the bobby to ``district`` would go now, from the engine's cheapest route."""
    found = cheapest_route(state, district)
    if found is None:
        return f"{_who(state, state.active)} cannot afford any route here (score {state.seat.score})"
    path, cost = found
    steps = len(path)
    return (f"moving the bobby here: {' → '.join([state.bobby, *path])}, {steps} crossing"
            f"{'s' * (steps != 1)}, toll {cost} point{'s' * (cost != 1)}")


# ---- the scene -----------------------------------------------------------------------------------------------------
KEY = ("Reconstructed from the rules, not the printed board · circles s1–s11: squares for customers (grey servant, "
       "pink citizen, crowned Lord)",
       "small boxes: stall spaces and their points, on lanes a–v · triangles d1–d12: districts · helmet: the bobby · "
       "dashed cyan ring: you can click it")
"""The board's key, always shown in the margin above the map (two short lines; the app's folded legend says more,
and every item's hover text says what it is)."""
KEY_SIZE = 10.5
"""The key's font size (board units)."""


def board_scene(state: State, *, selected: str | Iterable[str] | None = None,
                marks: Mapping[str, str] | None = None, route: Iterable[str] | None = None,
                show_strip: bool = True) -> dict[str, Any]:
    """The scene of ``state`` (see ``widgets.base.SCENE_FORMAT``): the map in board units, plus the strip.

    Args:
        state: any Portobello position.
        selected: item ids (see :data:`TARGETS`) to mark as selected, e.g. ``"district:d7"`` (a district is tinted
            blue under the roads; a space, square or token is outlined).
        marks: ``{item id: text}`` short labels written next to items, e.g. ``{"space:c:1": "+6"}`` or
            ``{"district:d7": "toll 2"}`` (for static pictures; the view uses highlights instead).
        route: districts the bobby would pass through, in order, drawn as a dashed path from the bobby.
        show_strip: draw the strip under the map (turn line, the active player's tokens, buttons, the bag).

    >>> from explorer.portobello import new_game
    >>> scene = board_scene(new_game(players=2, seed=1))
    >>> sum(1 for i in scene["items"] if i.get("class", "").startswith("space "))
    90
    """
    board = state.board
    width, height = board.width, board.height
    items: list[dict[str, Any]] = []
    chosen = {selected} if isinstance(selected, str) else set(selected or ())

    # districts, faint, under everything
    for d, info in board.districts.items():
        mark = state.district_token(d)
        classes = ["district", d]
        fill, opacity = DISTRICT_FILL, None
        if state.bobby == d:
            classes.append("bobby")
            fill = BOBBY_DISTRICT_FILL
        if mark is not None:
            classes.append(f"token-{_who(state, mark[0])}")
        x, y = info.bobby
        items.append({"id": f"district:{d}", "shape": "polygon", "points": district_polygon(state, d),
                      "fill": fill, "opacity": opacity, "stroke": "#d8cdb5", "stroke_width": 1,
                      "class": " ".join(classes), "title": _district_title(state, d), "clickable": True,
                      "label_at": [x, y + 36]})
        if mark is not None:
            items.append({"shape": "polygon", "points": district_polygon(state, d),
                          "fill": PLAYER_FILL.get(_who(state, mark[0]), "#888"), "opacity": 0.16,
                          "class": f"district-tint {d}", "target": f"district:{d}"})

    # a selected district is tinted (under the roads, so the stall values stay readable)
    for item_id in sorted(chosen):
        kind, _, d = item_id.partition(":")
        if kind == "district" and d in board.districts:
            items.append({"shape": "polygon", "points": district_polygon(state, d), "fill": SELECTED,
                          "opacity": 0.22, "stroke": SELECTED, "stroke_width": 3, "class": f"selection district {d}",
                          "target": item_id})

    # roads, then their stall spaces
    for lane, info in board.lanes.items():
        (x1, y1), (x2, y2) = (board.squares[s].pos for s in info.ends)
        scored = state.is_scored(lane)
        items.append({"shape": "line", "x1": x1, "y1": y1, "x2": x2, "y2": y2, "stroke": ROAD_EDGE,
                      "stroke_width": ROAD_WIDTH + 4, "class": f"road-edge {lane}"})
        items.append({"shape": "line", "x1": x1, "y1": y1, "x2": x2, "y2": y2,
                      "stroke": SCORED_ROAD if scored else ROAD, "stroke_width": ROAD_WIDTH,
                      "class": f"lane {lane}" + (" scored" if scored else "")})
    for lane in board.lanes:
        items += _lane_items(state, lane)

    # squares and customers
    for sq in board.squares:
        items += _square_items(state, sq)

    # the bobby's route (under the district names, which have a halo, so it never hides them), then the bobby,
    # the district names and tokens
    if route:
        items += _route_items(state, list(route))
    for d in board.districts:
        items += _district_pieces(state, d)
    for item_id in sorted(c for c in chosen if not c.startswith("district:")):
        outline = _outline(state, item_id)
        if outline:
            items.append(outline)
    for item_id, text in (marks or {}).items():
        items += _mark(state, item_id, text)

    if board.reconstruction:  # the key's first line says so
        items.append({"shape": "text", "x": 8, "y": 12, "anchor": "start", "size": KEY_SIZE, "fill": "#6b5d4d",
                      "text": KEY[0], "class": "caption reconstruction key"})
        items.append({"shape": "text", "x": 8, "y": 25, "anchor": "start", "size": KEY_SIZE, "fill": "#6b5d4d",
                      "text": KEY[1], "class": "caption key"})
    else:
        items.append({"shape": "text", "x": 8, "y": 18, "anchor": "start", "size": KEY_SIZE, "fill": "#6b5d4d",
                      "text": KEY[1], "class": "caption key"})
    total = height + (STRIP_HEIGHT if show_strip else 0)
    if show_strip:
        items += _strip(state, height, width, chosen)
    return {"width": width, "height": total, "background": BACKGROUND, "items": items}


def _lane_items(state: State, lane: str) -> list[dict[str, Any]]:
    board = state.board
    info = board.lanes[lane]
    _, direction, normal = _lane_frame(board, lane)
    owners = state.stalls_on(lane)
    items: list[dict[str, Any]] = []
    for k, value in enumerate(info.values):
        x, y = board.space_pos(lane, k)
        owner = owners[k]
        colour = _who(state, owner) if owner is not None else None
        sid = f"space:{lane}:{k}"
        classes = f"space {lane}-{k}" + (f" built {colour}" if colour else " free")
        items.append({"id": sid, "shape": "polygon", "points": _box((x, y), direction, SPACE_SIZE),
                      "fill": PLAYER_FILL.get(colour, "#888") if colour else "#fffdf6",
                      "stroke": "#2b2b2b" if colour else "#7a6f5a", "stroke_width": 1.4 if colour else 1.1,
                      "class": classes, "title": _space_title(state, lane, k), "clickable": True,
                      "label_at": [_r(x + normal[0] * 21), _r(y + normal[1] * 21)]})
        text_fill = INK if not colour or colour in _DARK_TEXT else "#ffffff"
        items.append({"shape": "text", "x": _r(x), "y": _r(y + 0.5), "text": str(value), "size": 13, "weight": 700,
                      "fill": text_fill, "class": f"space-value {lane}-{k}", "target": sid})
    # the lane's letter (and, once scored, its multiplier) beside its middle
    mx = (board.squares[info.ends[0]].pos[0] + board.squares[info.ends[1]].pos[0]) / 2
    my = (board.squares[info.ends[0]].pos[1] + board.squares[info.ends[1]].pos[1]) / 2
    if info.spaces % 2:  # an odd lane has a box in the middle: step half a space along
        step = math.dist(*(board.squares[s].pos for s in info.ends)) / (info.spaces + 1) / 2
        mx, my = mx + direction[0] * step, my + direction[1] * step
    lx, ly = _r(mx + normal[0] * LANE_LABEL_OFFSET), _r(my + normal[1] * LANE_LABEL_OFFSET)
    scored = state.is_scored(lane)
    times = lane_multiplier(state, lane) if scored else None
    label = f"{lane} ✓×{times}" if scored and times else lane
    w = 16 if not scored else 44
    title = f"Lane {lane}: {info.name} ({info.ends[0]} to {info.ends[1]}, {info.spaces} spaces worth " \
            f"{'+'.join(map(str, info.values))} = {info.points})"
    if scored:
        title += f"; scored ×{times}"
    else:
        pts = stall_points(state, lane)
        if pts:
            title += "; stall points now: " + ", ".join(f"{_who(state, s)} {p}" for s, p in pts.items())
        if state.is_full(lane):  # full but not scored: say what it waits for (portobello.score.lane)
            empty = [sq for sq in info.ends if state.customer_at(sq) is None]
            served = [sq for sq in info.ends if sq not in empty]
            title += (f"; full: it scores once a customer stands on {empty[0]} ({served[0]} has one)"
                      if len(empty) == 1 else
                      f"; full: it scores once customers stand on both {info.ends[0]} and {info.ends[1]}")
    items.append({"shape": "rect", "x": _r(lx - w / 2), "y": _r(ly - 8), "w": w, "h": 16, "rx": 8,
                  "fill": SCORED_ROAD if scored else "#ffffff", "stroke": "#7a6f5a", "stroke_width": 0.8,
                  "class": f"lane-label {lane}" + (" scored" if scored else ""), "title": title})
    items.append({"shape": "text", "x": lx, "y": _r(ly + 0.5), "text": label, "size": 11, "weight": 700,
                  "fill": INK, "class": f"lane-letter {lane}"})
    return items


def _pawn(x: float, y: float, kind: str, target: str, *, scale: float = 1.0, cls: str = "customer") \
        -> list[dict[str, Any]]:
    """A customer piece standing at ``(x, y)`` (its feet at ``y + 14 * scale``)."""
    s = scale
    fill = CUSTOMER_FILL[kind]
    body = (f"M {x - 10 * s:g} {y + 14 * s:g} Q {x - 10 * s:g} {y + 1 * s:g} {x:g} {y + 1 * s:g} "
            f"Q {x + 10 * s:g} {y + 1 * s:g} {x + 10 * s:g} {y + 14 * s:g} Z")
    items = [{"shape": "path", "d": body, "fill": fill, "stroke": "#222", "stroke_width": 1,
              "class": f"{cls} {kind}", "target": target},
             {"shape": "circle", "cx": _r(x), "cy": _r(y - 5 * s), "r": _r(5.5 * s), "fill": fill, "stroke": "#222",
              "stroke_width": 1, "class": f"{cls}-head {kind}", "target": target}]
    if kind == "lord":  # a little gold crown
        items.append({"shape": "polygon", "class": f"{cls}-crown lord", "target": target, "fill": "#e5b53b",
                      "stroke": "#7a5b00", "stroke_width": 0.6,
                      "points": [[_r(x - 5 * s), _r(y - 9 * s)], [_r(x - 5 * s), _r(y - 15 * s)],
                                 [_r(x - 2 * s), _r(y - 12 * s)], [_r(x), _r(y - 16 * s)],
                                 [_r(x + 2 * s), _r(y - 12 * s)], [_r(x + 5 * s), _r(y - 15 * s)],
                                 [_r(x + 5 * s), _r(y - 9 * s)]]})
    return items


def _square_items(state: State, sq: str) -> list[dict[str, Any]]:
    x, y = state.board.squares[sq].pos
    kind = state.customer_at(sq)
    sid = f"square:{sq}"
    items: list[dict[str, Any]] = [{
        "id": sid, "shape": "circle", "cx": x, "cy": y, "r": SQUARE_RADIUS, "fill": SQUARE_FILL if kind else "#fbf8f0",
        "stroke": "#6b5d4d", "stroke_width": 2 if kind else 1.5, "dash": None if kind else "4 3",
        "class": f"square {sq} {kind or 'empty'}", "title": _square_title(state, sq), "clickable": True}]
    items.append({"shape": "text", "x": x, "y": y - 15 if kind else y, "text": sq, "size": 8 if kind else 12,
                  "fill": INK, "weight": 600, "class": f"square-label {sq}", "target": sid})
    if kind:
        items += _pawn(x, y + 2, kind, sid)
    return items


def _district_pieces(state: State, d: str) -> list[dict[str, Any]]:
    x, y = state.board.districts[d].bobby
    target = f"district:{d}"
    items: list[dict[str, Any]] = []
    mark = state.district_token(d)
    label_y = y + 18 if state.bobby == d else y
    items.append({"shape": "text", "x": x, "y": label_y, "text": d, "size": 11, "fill": "#7d705c", "weight": 600,
                  "halo": BOBBY_DISTRICT_FILL if state.bobby == d else DISTRICT_FILL, "class": f"district-label {d}",
                  "target": target})
    if state.bobby == d:
        items += _bobby(x, y - 4, target)
    if mark is not None:
        seat, value = mark
        colour = _who(state, seat)
        tx = x + 26
        items.append({"shape": "circle", "cx": tx, "cy": y - 2, "r": 12, "fill": PLAYER_FILL.get(colour, "#888"),
                      "stroke": "#222", "stroke_width": 1.2, "class": f"district-token {d} {colour} x{value}",
                      "target": target})
        items.append({"shape": "text", "x": tx, "y": y - 1.5, "text": f"×{value}", "size": 10, "weight": 700,
                      "fill": INK if colour in _DARK_TEXT else "#ffffff", "class": f"district-token-value {d}",
                      "target": target})
    return items


def _bobby(x: float, y: float, target: str) -> list[dict[str, Any]]:
    """The bobby: a navy custodian helmet with a silver badge."""
    dome = (f"M {x - 9:g} {y + 5:g} C {x - 10:g} {y - 7:g} {x - 6:g} {y - 15:g} {x:g} {y - 16:g} "
            f"C {x + 6:g} {y - 15:g} {x + 10:g} {y - 7:g} {x + 9:g} {y + 5:g} Z")
    return [
        {"shape": "path", "d": dome, "fill": BOBBY_FILL, "stroke": "#0b1224", "stroke_width": 1, "class": "bobby",
         "target": target, "title": "the bobby"},
        {"shape": "rect", "x": x - 13, "y": y + 4, "w": 26, "h": 4.5, "rx": 2, "fill": BOBBY_FILL, "stroke": "#0b1224",
         "stroke_width": 1, "class": "bobby-brim", "target": target},
        {"shape": "circle", "cx": x, "cy": y - 17, "r": 2.6, "fill": BOBBY_FILL, "class": "bobby-knob",
         "target": target},
        {"shape": "circle", "cx": x, "cy": y - 4, "r": 3.2, "fill": "#d9dde3", "stroke": "#6d7480",
         "stroke_width": 0.6, "class": "bobby-badge", "target": target},
    ]


ROUTE_RISE = 20
"""How far above a district's name (its ``bobby`` point) the bobby's route passes, in map units: clear of the name
(whose halo also breaks the dashed line where it crosses it) and of the toll label written below the name."""


def _route_items(state: State, route: list[str]) -> list[dict[str, Any]]:
    if state.bobby is None:
        return []
    points = [(x, y - ROUTE_RISE) for x, y in (state.board.districts[d].bobby for d in [state.bobby, *route])]
    d = "M " + " L ".join(f"{x:g} {y:g}" for x, y in points)
    items = [{"shape": "path", "d": d, "fill": "none", "stroke": "#1f5fbf", "stroke_width": 3, "dash": "7 5",
              "class": "route"}]
    for n, (x, y) in enumerate(points[1:], start=1):
        last = n == len(points) - 1
        items.append({"shape": "circle", "cx": x, "cy": y, "r": 5 if last else 4,
                      "fill": "#ffffff" if last else "#1f5fbf", "stroke": "#1f5fbf", "stroke_width": 2.5 if last else 0,
                      "class": f"route-stop {n}" + (" end" if last else "")})
    return items


def _anchor(state: State, item_id: str) -> tuple[float, float] | None:
    """Where a label for ``item_id`` goes (beside the item, off its text)."""
    kind, _, rest = item_id.partition(":")
    board = state.board
    try:
        if kind == "district":
            x, y = board.districts[rest].bobby
            return x, y + 36
        if kind == "space":
            lane, _, k = rest.partition(":")
            x, y = board.space_pos(lane, int(k))
            _, _, normal = _lane_frame(board, lane)
            return _r(x - normal[0] * 22), _r(y - normal[1] * 22)
        if kind == "square":
            x, y = board.squares[rest].pos
            return x, y + SQUARE_RADIUS + 10
    except (KeyError, IndexError, ValueError):
        return None
    return None


def _outline(state: State, item_id: str) -> dict[str, Any] | None:
    kind, _, rest = item_id.partition(":")
    board = state.board
    style = {"fill": "none", "stroke": SELECTED, "stroke_width": 4, "class": f"selection {kind}"}
    try:
        if kind == "space":
            lane, _, k = rest.partition(":")
            _, direction, _ = _lane_frame(board, lane)
            return {"shape": "polygon", "points": _box(board.space_pos(lane, int(k)), direction, SPACE_SIZE + 6),
                    **style}
        if kind == "square":
            x, y = board.squares[rest].pos
            return {"shape": "circle", "cx": x, "cy": y, "r": SQUARE_RADIUS + 4, **style}
    except (KeyError, IndexError, ValueError):
        return None
    return None


def _mark(state: State, item_id: str, text: str) -> list[dict[str, Any]]:
    at = _anchor(state, item_id)
    if at is None:
        return []
    x, y = at
    w = 8 + 6.5 * len(text)
    return [{"shape": "rect", "x": _r(x - w / 2), "y": _r(y - 8), "w": _r(w), "h": 16, "rx": 4, "fill": "#ffffff",
             "opacity": 0.9, "stroke": "#1d4d31", "stroke_width": 1, "class": f"mark {item_id}"},
            {"shape": "text", "x": x, "y": _r(y + 0.5), "text": text, "size": 11, "weight": 700, "fill": "#1d4d31",
             "class": f"mark-text {item_id}"}]


# ---- the strip under the map: turn, tokens, buttons, bag -----------------------------------------------------------
BUTTONS = {"customer": "Draw a customer", "lord": "Place the Lord", "end": "End turn", "confirm": "Pay and move",
           "cancel": "Cancel"}
"""The action buttons' labels by name (ids ``btn:<name>``)."""


def _turn_line(state: State) -> str:
    who = _who(state, state.active)
    if state.is_terminal:
        best = state.winners()
        top = max(s.score for s in state.seats)
        return (f"Game over: {' and '.join(best)} win{'s' * (len(best) == 1)} with {top} points")
    head = f"Round {state.round}: " if state.round else "Setup: "
    phase = state.phase
    if phase == "queue":
        return head + "laying out the customer queue"
    if phase == "bobby":
        return head + f"{who} (the start player's right-hand neighbour) puts the bobby in a district"
    if phase == "choose":
        return head + f"{who} chooses an action token, or scores a district with their own 2 or 4"
    if phase == "actions":
        token = state.seat.tokens[state.token_slot].words if state.token_slot is not None else "?"
        left = state.actions_left
        return head + (f"{who} plays token {token}: {left} action{'s' * (left != 1)} left; "
                       "the bobby may move at any time (toll per lane)")
    if phase == "draw":
        return head + f"{who} draws a customer from the bag"
    if phase == "place":
        return head + f"{who} places the drawn {state.pending}: click an empty square"
    return head + phase


def _customers_line(state: State) -> str:
    servants, citizens = state.bag
    if state.options.customer_queue:
        queue = " ".join("S" if k == "servant" else "C" for k in state.queue) or "empty"
        out = f"Queue (next first): {queue}, then the Lord"
        if state.phase == "queue":
            out += f"; still to lay out: {servants} servants, {citizens} citizens"
    else:
        out = f"Bag: {servants} servant{'s' * (servants != 1)}, {citizens} citizen{'s' * (citizens != 1)}"
    lord = state.lord_square
    out += f" · the Lord: {'on ' + lord if lord else 'beside the board'}"
    stack = " ".join(map(str, state.neutral)) or "empty"
    out += f" · neutral stack (top first): {stack}"
    return out


def _button(name: str, label: str, x: float, y: float, *, enabled: bool = True) -> tuple[list[dict[str, Any]], float]:
    w = 14 + 6.6 * len(label)
    bid = name if ":" in name else f"btn:{name}"
    items = [{"id": bid, "shape": "rect", "x": _r(x), "y": y, "w": _r(w), "h": 30, "rx": 6,
              "fill": "#f4ecd8" if enabled else "#e2d8c4", "stroke": "#6b5d4d", "stroke_width": 1.5,
              "class": f"button {name.replace(':', '-')}" + ("" if enabled else " disabled"), "title": label,
              "clickable": True, "label_at": [_r(x + w / 2), y + 40]},
             {"shape": "text", "x": _r(x + w / 2), "y": y + 15.5, "text": label, "size": 12,
              "fill": INK if enabled else "#8a7f72", "class": "button-label", "target": bid}]
    return items, w


def _strip(state: State, top: float, width: float, chosen: set[str]) -> list[dict[str, Any]]:
    items: list[dict[str, Any]] = [{"shape": "rect", "x": 0, "y": top, "w": width, "h": STRIP_HEIGHT,
                                    "fill": "#e2d6bd", "class": "strip"}]
    items.append({"shape": "text", "x": 14, "y": top + 16, "anchor": "start", "size": 13, "weight": 700,
                  "text": _turn_line(state), "class": "turn-line", "fill": INK})
    items.append({"shape": "text", "x": 14, "y": top + STRIP_HEIGHT - 14, "anchor": "start", "size": 11,
                  "text": _customers_line(state), "class": "customers-line", "fill": "#5a4a36"})
    if state.is_terminal or state.phase in ("queue",):
        return items
    seat = state.seat
    colour = seat.colour
    row = top + 58
    items.append({"shape": "text", "x": 14, "y": row, "anchor": "start", "size": 12, "weight": 700,
                  "text": f"{colour}:", "fill": "#8a6f00" if colour in _DARK_TEXT else PLAYER_FILL.get(colour, INK),
                  "class": "strip-player"})
    x = 96
    for slot, token in enumerate(seat.tokens):
        items += _token_chip(state, slot, token, x, row, f"token:{slot}" in chosen)
        x += 44
    x += 6
    phase = state.phase
    if phase == "choose":
        own = {t.value for t in seat.tokens if not t.neutral}
        for value in (2, 4):
            if value in own:
                parts, w = _button(f"score:{value}", f"Score a district ×{value}", x, row - 15)
                items += parts
                x += w + 8
    elif phase == "actions":
        names = ["customer", "lord", "end"]
        if any(c.startswith("district:") for c in chosen):
            names += ["confirm", "cancel"]
        for name in names:
            parts, w = _button(name, BUTTONS[name], x, row - 15)
            items += parts
            x += w + 8
    if state.pending:
        items.append({"shape": "text", "x": x + 6, "y": row, "anchor": "start", "size": 12, "text": "drawn:",
                      "fill": INK, "class": "pending-label"})
        pawn = _pawn(x + 56, row - 3, state.pending, "", scale=0.9, cls="pending")
        for item in pawn:
            item.pop("target")
        items += pawn
    return items


IN_PLAY = "#6b4f00"
"""The outline of the action token in play this turn (dark gold: none of the shared highlight tones)."""


def _token_chip(state: State, slot: int, token, x: float, y: float, selected: bool) -> list[dict[str, Any]]:
    """A token of the player to act under the map; the one in play this turn is ringed dark gold and labelled
    "in play: n left" at once (it turns face down only when the turn ends, ``portobello.turn.flip``)."""
    tid = f"token:{slot}"
    in_play = state.phase in ("actions", "draw", "place") and state.token_slot == slot
    up = token.face_up
    colour = state.seat.colour
    fill = ("#ffffff" if token.neutral else PLAYER_FILL.get(colour, "#888")) if up else "#b9b0a0"
    kind = "neutral" if token.neutral else "own"
    if in_play:
        left = state.actions_left
        title = (f"{'Neutral' if token.neutral else 'Own'} action token {token.value}: in play this turn, "
                 f"{left} action{'s' * (left != 1)} left; it turns face down when the turn ends")
    else:
        title = (f"{'Neutral' if token.neutral else 'Own'} action token {token.value}: "
                 f"{'face up, ' + str(token.value) + ' actions' if up else 'face down until all three are used'}")
    items = [{"id": tid, "shape": "circle", "cx": x, "cy": y, "r": 17, "fill": fill,
              "stroke": "#111" if token.neutral else "#2b2b2b", "stroke_width": 3 if token.neutral else 1.4,
              "dash": None if up else "3 2", "class": f"token {kind} {'up' if up else 'down'} v{token.value}",
              "title": title, "clickable": True, "label_at": [x, y + 27]}]
    text_fill = INK if (token.neutral or colour in _DARK_TEXT or not up) else "#ffffff"
    # a neutral token reads "n2", as in the side panel, so it is not taken for the player's own 2
    items.append({"shape": "text", "x": x, "y": y + 0.5, "text": str(token),
                  "size": 14 if token.neutral else 16, "weight": 700, "fill": text_fill if up else "#6f6656",
                  "class": "token-value neutral" if token.neutral else "token-value", "target": tid})
    if in_play:
        left = state.actions_left
        items.append({"shape": "circle", "cx": x, "cy": y, "r": 21, "fill": "none", "stroke": IN_PLAY,
                      "stroke_width": 3.5, "class": "in-play token", "target": tid})
        items.append({"shape": "text", "x": x, "y": y - 27, "text": f"in play: {left} left", "size": 10,
                      "weight": 700, "fill": IN_PLAY, "class": "in-play-label", "target": tid})
    if selected:
        items.append({"shape": "circle", "cx": x, "cy": y, "r": 21, "fill": "none", "stroke": "#1f5fbf",
                      "stroke_width": 3, "class": "selection token"})
    return items


def board_svg(state: State, *, selected: str | Iterable[str] | None = None, marks: Mapping[str, str] | None = None,
              route: Iterable[str] | None = None, highlights: dict[str, dict[str, str]] | None = None,
              width: int = 760, show_strip: bool = False) -> SvgImage:
    """A static picture of ``state`` for notebooks (displays itself; ``str()`` is the SVG text).

    Args:
        selected, marks, route: as :func:`board_scene`.
        highlights: ``{item id: {"label", "tone"}}`` outlines, as the interactive view draws them.
        width: display width in pixels.
        show_strip: also draw the strip with the active player's tokens and the buttons.

    >>> from explorer.portobello import new_game
    >>> str(board_svg(new_game(players=2, seed=1), marks={"district:d1": "here"}))[:4]
    '<svg'
    """
    scene = board_scene(state, selected=selected, marks=marks, route=route, show_strip=show_strip)
    return SvgImage(scene_to_svg(scene, highlights, width=width))
