"""The London board drawn as a scene: districts, river, wall, houses, fire, trained bands, pawns, tokens, hand.

:func:`board_scene` is a pure function of the engine state (plus what the user has selected); the interactive
:class:`~widgets.london1666.view.LondonView` and the static :func:`board_svg` both draw it. Item ids:
``d-<district>``, ``pawn-<seat>``, ``card-<N|E|S|W>``, ``btn-<name>``. CSS classes name what a thing is
(``district guild-hall burning contained``) so tests can find it.
"""

from __future__ import annotations

from typing import Any

from explorer.london1666 import State
from explorer.london1666.components import HAND_SIZE
from explorer.london1666.scoring import objective_survives

from ..svg import SvgImage, scene_to_svg

__all__ = ["board_scene", "board_svg", "REGION_FILL", "HOUSE_FILL", "HAND_HEIGHT"]

REGION_FILL = {"purple": "#d9c6e6", "blue": "#c7dcf0", "green": "#d6ebc4", "orange": "#f6d6b0"}
"""Soft fills for the four regions (the board's region colours)."""
GREEN_ZONE_FILL = "#86b86a"
BURNT_FILL = "#9b8f82"
DEMOLISHED_FILL = "#4d4343"
WATER = "#8fb8d8"
FIRE = "#e4572e"
HOUSE_FILL = {"red": "#c0392b", "blue": "#2e6fb7", "green": "#2e8b57", "yellow": "#e9c400", "white": "#fafafa",
              "purple": "#7d3c98"}
"""House and pawn colours by player colour."""
HAND_HEIGHT = 96
"""Height of the strip under the map that shows the hand and the buttons."""
BUTTONS = {"spread": [], "double": [("no-double", "No double move")],
           "actions": [("extinguish", "Put out a cone here"), ("demolish", "Demolish here"), ("end", "End actions")]}


def _district_title(state: State, d: str) -> str:
    info = state.board.districts[d]
    k = state.i(d)
    bits = [f"{info.name} ({info.region} region)"]
    if info.green_zone:
        bits.append("green zone: never burns")
    else:
        bits.append(f"{len(state.houses[k])}/{info.houses} houses" + (" (burnt)" if state.burnt[k] else ""))
    if state.demolished[k]:
        bits.append("demolished: a firebreak")
    if state.fire[k]:
        status = "contained" if state.fire[k] <= state.bands[k] else "not contained"
        bits.append(f"{state.fire[k]} fire cones, {state.bands[k]} trained bands ({status})")
    elif state.bands[k]:
        bits.append(f"{state.bands[k]} trained band{'s' if state.bands[k] > 1 else ''}")
    if info.objective:
        bits.append(f"objective worth {info.objective}")
    if state.tokens[k]:
        bits.append("a face-down token")
    return "; ".join(bits)


def board_scene(state: State, *, selected: str | None = None, show_hand: bool = True) -> dict[str, Any]:
    """The scene of ``state`` (see ``widgets.base.SCENE_FORMAT``), in map units plus the hand strip.

    Args:
        state: any London position.
        selected: a district id to outline as selected.
        show_hand: draw the active player's hand and the phase's buttons under the map.
    """
    board = state.board
    width, height = board.width, board.height
    items: list[dict[str, Any]] = []
    if "thames" in board.features:
        items.append({"shape": "polygon", "points": [list(p) for p in board.features["thames"]], "fill": WATER,
                      "class": "thames"})
    for k, d in enumerate(board.ids):
        info = board.districts[d]
        if state.demolished[k]:
            fill, kind = DEMOLISHED_FILL, "demolished"
        elif info.green_zone:
            fill, kind = GREEN_ZONE_FILL, "green-zone"
        elif state.burnt[k]:
            fill, kind = BURNT_FILL, "burnt"
        else:
            fill, kind = REGION_FILL[info.region], info.region
        classes = ["district", d, kind]
        if state.fire[k]:
            classes += ["burning", "contained" if state.fire[k] <= state.bands[k] else "uncontained"]
        if d == board.start:
            classes.append("start")
        items.append({"id": f"d-{d}", "shape": "polygon", "points": [list(p) for p in info.polygon],
                      "fill": "#f4b9a8" if d == board.start and not state.demolished[k] else fill,
                      "stroke": "#6b5d4d", "stroke_width": 1, "class": " ".join(classes),
                      "title": _district_title(state, d), "clickable": True, "label_at": list(info.label)})
    for name, colour, dash, width_ in (("fleet", WATER, None, 5), ("wall", "#6b4f33", "6 4", 3)):
        if name in board.features:
            points = board.features[name]
            path = "M " + " L ".join(f"{x:g} {y:g}" for x, y in points)
            items.append({"shape": "path", "d": path, "fill": "none", "stroke": colour, "stroke_width": width_,
                          "dash": dash, "class": name})
    for k, d in enumerate(board.ids):
        items += _district_pieces(state, k, d)
    items += _pawns(state)
    if selected:
        items.append({"shape": "polygon", "points": [list(p) for p in board.districts[selected].polygon],
                      "fill": "none", "stroke": "#1f5fbf", "stroke_width": 4, "class": "selection"})
    total_height = height + (HAND_HEIGHT if show_hand else 0)
    if show_hand:
        items += _hand_strip(state, height)
    return {"width": width, "height": total_height, "background": "#efe6d2", "items": items}


def _district_pieces(state: State, k: int, d: str) -> list[dict[str, Any]]:
    info = state.board.districts[d]
    x, y = info.label
    target = f"d-{d}"
    items: list[dict[str, Any]] = []
    name_fill = "#3b2f23" if not (state.burnt[k] or state.demolished[k]) else "#f4efe6"
    items.append({"shape": "text", "x": x, "y": y - 12, "text": info.name, "size": 9, "fill": name_fill,
                  "class": f"name {d}", "target": target})
    houses = state.houses[k]
    row = max(len(houses), 1) * 9
    if info.objective:
        ok = objective_survives(state, d) or not state.burnt[k]
        ox = x - row / 2 - 9
        items.append({"shape": "circle", "cx": ox, "cy": y + 4, "r": 6, "fill": "#b03a2e" if ok else "#777",
                      "class": f"objective {d}", "target": target})
        items.append({"shape": "text", "x": ox, "y": y + 4, "text": str(info.objective), "size": 8,
                      "fill": "white", "weight": 700, "class": f"objective-value {d}", "target": target})
    for n, colour in enumerate(houses):
        hx = x - (len(houses) * 9) / 2 + n * 9
        items.append({"shape": "polygon", "points": [[hx, y + 2], [hx + 3.5, y - 2], [hx + 7, y + 2], [hx + 7, y + 7],
                                                     [hx, y + 7]],
                      "fill": HOUSE_FILL[colour], "stroke": "#333", "stroke_width": 0.6,
                      "class": f"house {colour} {d}", "target": target})
    if state.tokens[k]:
        items.append({"shape": "circle", "cx": x + row / 2 + 8, "cy": y + 4, "r": 5, "fill": "#f2d13d", "stroke": "#333",
                      "stroke_width": 0.8, "class": f"token {d}", "target": target})
    fire, bands = state.fire[k], state.bands[k]
    if fire:
        covered = min(fire, bands)
        fx, fy = x - 10, y + 18
        items.append({"shape": "polygon", "points": [[fx, fy - 8], [fx + 7, fy + 5], [fx - 7, fy + 5]],
                      "fill": FIRE, "stroke": "#111" if covered else "#7a1d0b",
                      "stroke_width": 2.2 if covered == fire else 1,
                      "class": f"fire {d}" + (" covered" if covered == fire else ""), "target": target})
        label = f"{fire}" if not covered else f"{fire}({covered})"
        items.append({"shape": "text", "x": fx + 14, "y": fy + 1, "text": label, "size": 9, "fill": "#7a1d0b",
                      "weight": 700, "class": f"fire-count {d}", "target": target})
    free = max(0, bands - fire)
    if free:
        bx, by = x + 14, y + 18
        items.append({"shape": "circle", "cx": bx, "cy": by, "r": 5.5, "fill": "#111", "stroke": "white",
                      "stroke_width": 1.2, "class": f"band free {d}", "target": target})
        if free > 1:
            items.append({"shape": "text", "x": bx + 10, "y": by, "text": f"×{free}", "size": 9, "fill": "#111",
                          "class": f"band-count {d}", "target": target})
    return items


def _pawns(state: State) -> list[dict[str, Any]]:
    items: list[dict[str, Any]] = []
    by_district: dict[str, list[int]] = {}
    for seat, s in enumerate(state.seats):
        if s.pawn:
            by_district.setdefault(s.pawn, []).append(seat)
    for d, seats in by_district.items():
        x, y = state.board.districts[d].label
        for n, seat in enumerate(seats):
            colour = state.seats[seat].pawn_colour or "white"
            px = x - 6 * (len(seats) - 1) + 12 * n
            active = seat == state.active and not state.is_terminal
            items.append({"id": f"pawn-{seat}", "shape": "circle", "cx": px, "cy": y + 31, "r": 6.5,
                          "fill": HOUSE_FILL[colour], "stroke": "#111" if active else "#555",
                          "stroke_width": 2.5 if active else 1, "class": f"pawn {colour}" + (" active" if active else ""),
                          "title": f"{state.name(seat)}'s owner pawn" + (" (to act)" if active else ""),
                          "clickable": True})
    return items


def _hand_strip(state: State, top: float) -> list[dict[str, Any]]:
    items: list[dict[str, Any]] = [{"shape": "rect", "x": 0, "y": top, "w": state.board.width, "h": HAND_HEIGHT,
                                    "fill": "#e2d6bd", "class": "hand-strip"}]
    if state.is_terminal:
        items.append({"shape": "text", "x": 16, "y": top + 30, "anchor": "start", "size": 16, "weight": 700,
                      "text": f"Game over. Winner: {', '.join(state.winners())}", "class": "game-over"})
        return items
    seat = state.seat
    who = state.name(state.active)
    if state.is_chance_node or state.phase in ("deal", "houses", "colours", "pawn-colours", "tokens", "objectives"):
        setup = {"deal": "dealing movement cards", "houses": "placing houses at random", "colours": "dealing colours",
                 "pawn-colours": "drawing pawns", "tokens": "placing tokens", "objectives": "dealing objectives",
                 "draw": f"{who} draws"}[state.phase]
        items.append({"shape": "text", "x": 16, "y": top + 16, "anchor": "start", "size": 13, "weight": 700,
                      "text": f"Setup: {setup}" if state.turn == 0 else f"Turn {state.turn}: {setup}",
                      "class": "turn-line"})
        return items
    phase = {"bands": "places a trained band", "pawns": "places their owner pawn", "spread": "spreads the fire",
             "double": "may use a double move", "blocked-fire": f"adds {state.pending_fire} blocked-fire cones",
             "actions": f"has {state.ap} action point{'s' if state.ap != 1 else ''}", "draw": "draws"}.get(
        state.phase, state.phase)
    items.append({"shape": "text", "x": 16, "y": top + 16, "anchor": "start", "size": 13, "weight": 700,
                  "text": f"Turn {state.turn}: {who} {phase}", "class": "turn-line"})
    held = ", ".join(f"{seat.tokens.count(t)} {name}" for t, name in (("charge", "charge"), ("double", "double move"),
                                                                     ("vp", "1 VP")) if t in seat.tokens)
    deck = f"fire deck: {sum(state.deck)} cards, {len(state.deck)} fire card{'s' if len(state.deck) != 1 else ''} left"
    items.append({"shape": "text", "x": 16, "y": top + 34, "anchor": "start", "size": 11,
                  "text": f"{deck}; supply {state.supply} cones" + (f"; tokens: {held}" if held else ""),
                  "class": "deck-line"})
    for n, direction in enumerate("NESW"):
        count = seat.hand[n]
        x = 16 + n * 62
        items.append({"id": f"card-{direction}", "shape": "rect", "x": x, "y": top + 46, "w": 54, "h": 42, "rx": 5,
                      "fill": "#fffaf0" if count else "#d8ccb3", "stroke": "#6b5d4d", "stroke_width": 1.5,
                      "class": f"card {direction}" + ("" if count else " none"),
                      "title": f"{count} {direction} card{'s' if count != 1 else ''} in hand", "clickable": True,
                      "label_at": [x + 27, top + 82]})
        items.append({"shape": "text", "x": x + 27, "y": top + 62, "text": {"N": "↑ N", "E": "→ E", "S": "↓ S",
                                                                          "W": "← W"}[direction],
                      "size": 14, "weight": 700, "fill": "#3b2f23" if count else "#8a7f72",
                      "class": "card-label", "target": f"card-{direction}"})
        items.append({"shape": "text", "x": x + 27, "y": top + 80, "text": f"×{count}", "size": 10,
                      "fill": "#3b2f23", "class": "card-count", "target": f"card-{direction}"})
    bx = 16 + 4 * 62 + 20
    for name, label in BUTTONS.get(state.phase, []):
        w = 12 + 7 * len(label)
        items.append({"id": f"btn-{name}", "shape": "rect", "x": bx, "y": top + 52, "w": w, "h": 30, "rx": 6,
                      "fill": "#f4ecd8", "stroke": "#6b5d4d", "stroke_width": 1.5, "class": f"button {name}",
                      "title": label, "clickable": True})
        items.append({"shape": "text", "x": bx + w / 2, "y": top + 67, "text": label, "size": 12,
                      "class": "button-label", "target": f"btn-{name}"})
        bx += w + 10
    if HAND_SIZE and state.phase in ("bands", "pawns"):
        items.append({"shape": "text", "x": bx, "y": top + 67, "anchor": "start", "size": 12,
                      "text": "click a district outside the green region", "class": "hint"})
    return items


def board_svg(state: State, *, highlights: dict[str, dict[str, str]] | None = None, width: int = 900,
              show_hand: bool = False, selected: str | None = None) -> SvgImage:
    """A static picture of ``state`` for notebooks (displays itself; ``str()`` is the SVG text).

    Args:
        highlights: ``{"d-<district>": {"label": "priority 1", "tone": "legal"}}`` to outline districts.
        width: display width in pixels.
        show_hand: also draw the active player's hand strip.
        selected: a district id to outline as selected.
    """
    return SvgImage(scene_to_svg(board_scene(state, selected=selected, show_hand=show_hand), highlights,
                                 width=width))


