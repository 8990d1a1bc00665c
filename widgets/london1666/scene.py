"""The London board drawn as a scene: districts, river, wall, houses, fire, trained bands, pawns, tokens, hand.

:func:`board_scene` is a pure function of the engine state (plus what the user has selected); the interactive
:class:`~widgets.london1666.view.LondonView` and the static :func:`board_svg` both draw it. Item ids:
``d-<district>``, ``pawn-<seat>`` (the player to act's; another player's pawn is drawn as a part of its district,
so a click on it is a click there), ``card-<N|E|S|W>``, ``btn-<name>``. CSS classes name what a thing is
(``district guild-hall burning contained``) so tests can find it.
"""

from __future__ import annotations

from collections.abc import Sequence
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
    pawns = [state.name(seat) for seat in state.pawns_at(d)]
    if pawns:
        bits.append("pawn" + ("s" if len(pawns) > 1 else "") + " of " + ", ".join(pawns))
    return "; ".join(bits)


def board_scene(state: State, *, selected: str | Sequence[str] | None = None, show_hand: bool = True
                ) -> dict[str, Any]:
    """The scene of ``state`` (see ``widgets.base.SCENE_FORMAT``), in map units plus the hand strip.

    Args:
        state: any London position.
        selected: a district id (or several) to outline as selected.
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
    for d in [selected] if isinstance(selected, str) else (selected or ()):
        items.append({"shape": "polygon", "points": [list(p) for p in board.districts[d].polygon],
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
    items.append({"shape": "text", "x": x, "y": y - 11, "text": info.name, "size": 9, "fill": name_fill,
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
    free = max(0, bands - fire)
    pawns = state.pawns_at(d)
    slots = (1 if fire else 0) + (1 if free else 0) + len(pawns)
    px = x - (slots - 1) * 7
    py = y + 13
    if fire:
        covered = min(fire, bands)
        items.append({"shape": "polygon", "points": [[px, py - 6], [px + 5.5, py + 4], [px - 5.5, py + 4]],
                      "fill": FIRE, "stroke": "#111" if covered else "#7a1d0b",
                      "stroke_width": 2 if covered == fire else 0.8,
                      "class": f"fire {d}" + (" covered" if covered == fire else ""), "target": target})
        label = f"{fire}" if not covered else f"{fire}({covered})"
        items.append({"shape": "text", "x": px, "y": py + 11, "text": label, "size": 8, "fill": "#7a1d0b",
                      "weight": 700, "class": f"fire-count {d}", "target": target})
        px += 14
    if free:
        items.append({"shape": "circle", "cx": px, "cy": py, "r": 4.5, "fill": "#111", "stroke": "white",
                      "stroke_width": 1, "class": f"band free {d}", "target": target})
        if free > 1:
            items.append({"shape": "text", "x": px, "y": py + 11, "text": f"×{free}", "size": 8, "fill": "#111",
                          "class": f"band-count {d}", "target": target})
        px += 14
    for seat in pawns:
        items.append(_pawn(state, seat, px, py, target))
        px += 14
    return items


def _pawn(state: State, seat: int, x: float, y: float, district: str) -> dict[str, Any]:
    """A pawn: the active player's is an item of its own (``pawn-<seat>``); another's stands for its district."""
    colour = state.seats[seat].pawn_colour or "white"
    active = seat == state.active and not state.is_terminal
    pawn = {"id": f"pawn-{seat}", "shape": "circle", "cx": x, "cy": y, "r": 5.5, "fill": HOUSE_FILL[colour],
            "stroke": "#111" if active else "#555", "stroke_width": 2.2 if active else 1,
            "class": f"pawn {colour}" + (" active" if active else ""),
            "title": f"{state.name(seat)}'s owner pawn" + (" (to act)" if active else "")}
    if active:
        pawn["clickable"] = True
    else:
        pawn["target"] = district
    return pawn


def _hand_strip(state: State, top: float) -> list[dict[str, Any]]:
    items: list[dict[str, Any]] = [{"shape": "rect", "x": 0, "y": top, "w": state.board.width, "h": HAND_HEIGHT,
                                    "fill": "#e2d6bd", "class": "hand-strip"}]
    if state.is_terminal:
        items.append({"shape": "text", "x": 16, "y": top + 30, "anchor": "start", "size": 16, "weight": 700,
                      "text": f"Game over. Winner: {', '.join(state.winners())}", "class": "game-over"})
        return items
    seat = state.seat
    who = state.name(state.active)
    if state.phase in ("deal", "houses", "colours", "pawn-colours", "tokens", "objectives"):  # setup's chance steps
        setup = {"deal": "dealing movement cards", "houses": "placing houses at random", "colours": "dealing colours",
                 "pawn-colours": "drawing pawns", "tokens": "placing tokens", "objectives": "dealing objectives"
                 }[state.phase]
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
    held = ", ".join(f"{seat.tokens.count(t)} × {name}" for t, name in (("charge", "demolition charge"),
                                                                        ("double", "double move"), ("vp", "1-VP token"))
                     if t in seat.tokens)
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
    hint = {"bands": "click a district outside the pale-green centre for a trained band",
            "pawns": "click a district outside the pale-green centre for your pawn",
            "spread": "click a card, then where the cone goes (lit), or a district first",
            "double": "a second spread with the same card, or No double move",
            "blocked-fire": "no card can spread the fire: click where each extra cone goes",
            "actions": "click your pawn or a free band's district, then a neighbour"}.get(state.phase)
    if hint and HAND_SIZE:
        items.append({"shape": "text", "x": 400, "y": top + 16, "anchor": "start", "size": 12, "text": hint,
                      "class": "hint",
                      "fill": "#5a4a36"})
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


