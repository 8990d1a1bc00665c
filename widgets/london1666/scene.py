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

from explorer.london1666 import Secrets, State
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
HAND_HEIGHT = 118
"""Height of the strip under the map that shows the hand and the buttons."""
BUTTONS = {"spread": [], "double": [("no-double", "No double move")],
           "actions": [("extinguish", "Put out a cone here"), ("demolish", "Demolish here"), ("end", "End actions")]}


def _count(n: int, noun: str) -> str:
    """``"1 fire cone"``, ``"3 fire cones"``."""
    return f"{n} {noun}{'s' if n != 1 else ''}"


def _district_title(state: State, d: str, mine: Sequence[str] = ()) -> str:
    info = state.board.districts[d]
    k = state.i(d)
    bits = [f"{info.name} ({info.region} region)"]
    if info.green_zone:
        bits.append("green zone: never burns")
    else:
        bits.append(f"{len(state.houses[k])} of {info.houses} house{'s' if info.houses != 1 else ''} standing"
                    + (" (burnt)" if state.burnt[k] else ""))
    if state.demolished[k]:
        bits.append("demolished: a firebreak")
    if state.fire[k]:
        status = "contained" if state.fire[k] <= state.bands[k] else "not contained"
        bits.append(f"{_count(state.fire[k], 'fire cone')}, {_count(state.bands[k], 'trained band')} ({status})")
    elif state.bands[k]:
        bits.append(f"{state.bands[k]} trained band{'s' if state.bands[k] > 1 else ''}")
    if info.objective and d in mine:
        bits.append(f"your secret objective: {info.objective} points if it survives")
    elif info.objective:
        bits.append(f"objective worth {info.objective}")
    if state.tokens[k]:
        bits.append("a face-down token")
    pawns = [state.name(seat) for seat in state.pawns_at(d)]
    if pawns:
        bits.append("pawn" + ("s" if len(pawns) > 1 else "") + " of " + ", ".join(pawns))
    return "; ".join(bits)


def board_scene(state: State, *, selected: str | Sequence[str] | None = None, show_hand: bool = True,
                secrets: Secrets | None = None, secrets_button: str = "", labels: dict[str, str] | None = None) -> dict[str, Any]:
    """The scene of ``state`` (see ``widgets.base.SCENE_FORMAT``), in map units plus the hand strip.

    Args:
        state: any London position.
        selected: a district id (or several) to outline as selected.
        show_hand: draw the active player's hand and the phase's buttons under the map.
        secrets: the secrets of the player looking at the board (:meth:`State.secrets_of`): their objective
            districts get a gold ring (class ``objective mine``, hover "your secret objective") and the strip a
            line saying them. ``None``: nobody's secrets are shown.
        secrets_button: the text of a ``btn-secrets`` button in the strip (hot-seat: "I am red: show my
            secrets" or "Hide my secrets"); ``""``: no button.
        labels: the highlight labels that will be written on items (``{item id: text}``): each district's label
            goes to a free spot (``label_at``) where it covers no name, house or piece.
    """
    board = state.board
    width, height = board.width, board.height
    items: list[dict[str, Any]] = []
    mine = secrets.districts if secrets is not None else ()
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
                      "title": _district_title(state, d, mine), "clickable": True, "label_at": list(info.label)})
    for name, colour, dash, width_ in (("fleet", WATER, None, 5), ("wall", "#6b4f33", "6 4", 3)):
        if name in board.features:
            points = board.features[name]
            path = "M " + " L ".join(f"{x:g} {y:g}" for x, y in points)
            items.append({"shape": "path", "d": path, "fill": "none", "stroke": colour, "stroke_width": width_,
                          "dash": dash, "class": name})
    for k, d in enumerate(board.ids):
        items += _district_pieces(state, k, d, mine)
    for d in [selected] if isinstance(selected, str) else (selected or ()):
        items.append({"shape": "polygon", "points": [list(p) for p in board.districts[d].polygon],
                      "fill": "none", "stroke": "#1f5fbf", "stroke_width": 4, "class": "selection"})
    total_height = height + (HAND_HEIGHT if show_hand else 0)
    if show_hand:
        items += _hand_strip(state, height, secrets, secrets_button)
    if labels:
        place_labels(items, labels)
    return {"width": width, "height": total_height, "background": "#efe6d2", "items": items}


NAME_SIZE = 9
"""Font size of district names (a name too wide for its district is written on two lines, a little smaller)."""
NAME_NUDGE = {"billingsgate": (-3, -4), "custom-house": (2, 0)}
"""Where a name sits off its district's label point, for neighbours whose names would touch."""
PIECE_GAP = 19
"""Distance between the centres of the pieces standing side by side in a district."""
PAWN_R = 8.5
"""Radius of an owner pawn's white outer ring (the item a highlight outlines); the coloured disc sits inside."""
BAND_R = 7
LETTERS = {"red": "R", "blue": "B", "green": "G", "yellow": "Y", "white": "W", "purple": "P"}
"""The letter on a pawn: its colour's initial, so a pawn never reads as a highlight ring."""


def _name_lines(state: State, d: str) -> list[tuple[str, float]]:
    """The district's name as one line or, if wider than the district, two (each ``(text, size)``)."""
    info = state.board.districts[d]
    xs = [x for x, _ in info.polygon]
    room = max(xs) - min(xs) - 8
    if len(info.name) * NAME_SIZE * 0.58 <= room or " " not in info.name:
        size = NAME_SIZE if len(info.name) * NAME_SIZE * 0.58 <= room else NAME_SIZE - 1.5
        return [(info.name, size)]
    words = info.name.split()
    cut = min(range(1, len(words)), key=lambda n: abs(len(" ".join(words[:n])) - len(" ".join(words[n:]))))
    return [(" ".join(words[:cut]), NAME_SIZE - 1), (" ".join(words[cut:]), NAME_SIZE - 1)]


def _district_pieces(state: State, k: int, d: str, mine: Sequence[str] = ()) -> list[dict[str, Any]]:
    info = state.board.districts[d]
    x, y = info.label
    target = f"d-{d}"
    items: list[dict[str, Any]] = []
    name_fill = "#3b2f23" if not (state.burnt[k] or state.demolished[k]) else "#f4efe6"
    lines = _name_lines(state, d)
    dx, dy = NAME_NUDGE.get(d, (0, 0))
    for n, (text, size) in enumerate(lines):
        ny = y - 11 - (len(lines) - 1 - n) * (size + 0.5) + dy
        items.append({"shape": "text", "x": x + dx, "y": ny, "text": text, "size": size, "fill": name_fill,
                      "class": f"name {d}", "target": target})
    houses = state.houses[k]
    row = max(len(houses), 1) * 9
    if info.objective:
        ok = objective_survives(state, d) or not state.burnt[k]
        ox = x - row / 2 - 9
        if d in mine:  # the player's own secret objective: a gold ring with a dark edge (no highlight tone)
            items.append({"shape": "circle", "cx": ox, "cy": y + 3, "r": 9, "fill": "#f5c518", "stroke": "#111",
                          "stroke_width": 1.2, "class": f"objective mine {d}", "target": target,
                          "title": f"your secret objective: {info.objective} points if {info.name} survives"})
        items.append({"shape": "circle", "cx": ox, "cy": y + 3, "r": 6, "fill": "#b03a2e" if ok else "#777",
                      "class": f"objective {d}", "target": target})
        items.append({"shape": "text", "x": ox, "y": y + 3, "text": str(info.objective), "size": 8,
                      "fill": "white", "weight": 700, "class": f"objective-value {d}", "target": target})
    for n, colour in enumerate(houses):
        hx = x - (len(houses) * 9) / 2 + n * 9
        items.append({"shape": "polygon", "points": [[hx, y + 2], [hx + 3.5, y - 2], [hx + 7, y + 2], [hx + 7, y + 7],
                                                     [hx, y + 7]],
                      "fill": HOUSE_FILL[colour], "stroke": "#333", "stroke_width": 0.6,
                      "class": f"house {colour} {d}", "target": target})
    if state.tokens[k]:
        items.append({"shape": "circle", "cx": x + row / 2 + 8, "cy": y + 3, "r": 5, "fill": "#f2d13d", "stroke": "#333",
                      "stroke_width": 0.8, "class": f"token {d}", "target": target})
    fire, bands = state.fire[k], state.bands[k]
    free = max(0, bands - fire)
    pawns = state.pawns_at(d)
    covered = min(fire, bands)
    slots = (1 if fire else 0) + (1 if free else 0) + len(pawns)
    px = x - (slots - 1) * PIECE_GAP / 2
    py = y + 19
    if fire:
        # the cone with its count inside, and the trained bands covering it as a black badge on its corner: nothing
        # is written outside the piece, where it would run into a neighbour's name
        items.append({"shape": "polygon", "points": [[px, py - 11], [px + 10, py + 7], [px - 10, py + 7]],
                      "fill": FIRE, "stroke": "#111" if covered else "#7a1d0b",
                      "stroke_width": 2 if covered == fire else 0.8,
                      "class": f"fire {d}" + (" covered" if covered == fire else ""), "target": target})
        label = f"{fire}" if not covered else f"{fire}({covered})"
        # the count is written inside its cone (below it, it would touch the houses of the district beneath)
        items.append({"shape": "text", "x": px, "y": py + 2.5, "text": label, "size": 7 if not covered else 5.5,
                      "fill": "white", "weight": 700, "class": f"fire-count {d}", "target": target})
        px += PIECE_GAP
    if free:
        items.append({"shape": "circle", "cx": px, "cy": py, "r": BAND_R, "fill": "#111", "stroke": "white",
                      "stroke_width": 1.5, "class": f"band free {d}", "target": target,
                      "title": f"{free} free trained band{'s' if free > 1 else ''} in {info.name}"})
        if free > 1:
            items.append({"shape": "text", "x": px, "y": py, "text": f"{free}", "size": 8, "fill": "white",
                          "weight": 700, "class": f"band-count {d}", "target": target})
        px += PIECE_GAP
    for seat in pawns:
        items += _pawn(state, seat, px, py, target)
        px += PIECE_GAP
    return items


def _pawn(state: State, seat: int, x: float, y: float, district: str) -> list[dict[str, Any]]:
    """A pawn: a white ring with a dark edge (the active player's ring is the item ``pawn-<seat>``, which a
    highlight outlines), a disc of the pawn's colour and its initial; another's pawn stands for its district."""
    colour = state.seats[seat].pawn_colour or "white"
    active = seat == state.active and not state.is_terminal
    title = f"{state.name(seat)}'s owner pawn" + (" (to act)" if active else "")
    ring = {"shape": "circle", "cx": x, "cy": y, "r": PAWN_R, "fill": "white",
            "stroke": "#111", "stroke_width": 1.5 if active else 1,
            "class": f"pawn {colour}" + (" active" if active else ""), "title": title}
    if active:
        ring["id"], ring["clickable"] = f"pawn-{seat}", True
        into = ring["id"]
    else:
        ring["target"] = into = district
    disc = {"shape": "circle", "cx": x, "cy": y, "r": PAWN_R - 2.5, "fill": HOUSE_FILL[colour], "stroke": "#333",
            "stroke_width": 0.6, "class": f"pawn-disc {colour}", "target": into}
    letter = {"shape": "text", "x": x, "y": y + 0.5, "text": LETTERS.get(colour, "?"), "size": 7, "weight": 700,
              "fill": "#111" if colour in ("yellow", "white") else "white", "class": f"pawn-letter {colour}",
              "target": into}
    return [ring, disc, letter]


def round_words(state: State) -> str:
    """``"Round 2 (turn 6)"``: the round (every player has one turn per round) and the turn counted from the
    start player's first (``State.turn``)."""
    players = len(state.seats)
    return f"Round {(state.turn - 1) // players + 1}, turn {state.turn}"


def _hand_strip(state: State, top: float, secrets: Secrets | None = None, secrets_button: str = ""
                ) -> list[dict[str, Any]]:
    items: list[dict[str, Any]] = [{"shape": "rect", "x": 0, "y": top, "w": state.board.width, "h": HAND_HEIGHT,
                                    "fill": "#e2d6bd", "class": "hand-strip"}]
    if state.is_terminal:
        items.append({"shape": "text", "x": 16, "y": top + 30, "anchor": "start", "size": 16, "weight": 700,
                      "text": f"Game over. Winner: {', '.join(state.winners())}", "class": "game-over"})
        return items
    seat = state.seat
    who = state.name(state.active)
    items += _secrets_line(state, top, secrets, secrets_button)
    if state.phase in ("deal", "houses", "colours", "pawn-colours", "tokens", "objectives"):  # setup's chance steps
        setup = {"deal": "dealing movement cards", "houses": "placing houses at random", "colours": "dealing colours",
                 "pawn-colours": "drawing pawns", "tokens": "placing tokens", "objectives": "dealing objectives"
                 }[state.phase]
        items.append({"shape": "text", "x": 16, "y": top + 16, "anchor": "start", "size": 13, "weight": 700,
                      "text": f"Setup: {setup}" if state.turn == 0 else f"{round_words(state)}: {setup}",
                      "class": "turn-line"})
        return items
    phase = {"bands": "places a trained band", "pawns": "places their owner pawn", "spread": "spreads the fire",
             "double": "may use a double move", "blocked-fire": f"adds {state.pending_fire} blocked-fire cones",
             "actions": f"has {state.ap} action point{'s' if state.ap != 1 else ''}", "draw": "draws"}.get(
        state.phase, state.phase)
    when = "Setup" if state.turn == 0 else round_words(state)
    items.append({"shape": "text", "x": 16, "y": top + 16, "anchor": "start", "size": 13, "weight": 700,
                  "text": f"{when}, {who}'s turn: {who} {phase}", "class": "turn-line"})
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
                      "label_at": [x + 27, top + 80]})
        items.append({"shape": "text", "x": x + 24, "y": top + 62, "text": {"N": "↑ N", "E": "→ E", "S": "↓ S",
                                                                          "W": "← W"}[direction],
                      "size": 14, "weight": 700, "fill": "#3b2f23" if count else "#8a7f72",
                      "class": "card-label", "target": f"card-{direction}"})
        items.append({"shape": "text", "x": x + 46, "y": top + 54, "text": f"×{count}", "size": 9,
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
    lines = strip_hint(state)
    for n, line in enumerate(lines if HAND_SIZE else []):
        items.append({"shape": "text", "x": 460, "y": top + 16 + 16 * n, "anchor": "start", "size": 12,
                      "text": line, "class": "hint", "fill": "#5a4a36"})
    return items


def strip_hint(state: State) -> list[str]:
    """The strip's lines saying what to click in this phase (and, in set-up, why so much of the map is lit)."""
    if state.phase in ("bands", "pawns"):
        n = sum(1 for _ in state.legal_actions())
        what = ("a trained band: the black militia who fight the fire" if state.phase == "bands"
                else "your owner pawn: fires are put out only where it stands")
        return [f"Click a district for {what}.",
                f"All {n} outlined districts are allowed: anywhere but the pale-green centre."]
    hint = {"spread": "click a card, then where the cone goes (lit), or a district first",
            "double": "a second spread with the same card, or No double move",
            "blocked-fire": "no card can spread the fire: click where each extra cone goes",
            "actions": "click your pawn or a free band's district, then a neighbour"}.get(state.phase)
    return [hint] if hint else []


def _secrets_line(state: State, top: float, secrets: Secrets | None, button: str) -> list[dict[str, Any]]:
    """The bottom line of the strip: the viewer's secrets (or, in hot-seat, that they are covered) and the
    ``btn-secrets`` button that shows or covers them."""
    items: list[dict[str, Any]] = []
    if secrets is not None:
        text = secrets.text()
    elif button:
        text = (f"The secret objectives are covered: pass the mouse to {state.name(state.active)}, who clicks "
                "the button to see theirs")
    else:
        return items
    items.append({"shape": "text", "x": 16, "y": top + 106, "anchor": "start", "size": 11, "weight": 700,
                  "text": text, "fill": "#6b3d00", "class": "secrets" + (" shown" if secrets else " covered")})
    if button:
        w = 16 + 6.6 * len(button)
        x = state.board.width - w - 12
        items.append({"id": "btn-secrets", "shape": "rect", "x": x, "y": top + 52, "w": w, "h": 30, "rx": 6,
                      "fill": "#fff3c4", "stroke": "#6b3d00", "stroke_width": 1.5, "class": "button secrets",
                      "title": button, "clickable": True})
        items.append({"shape": "text", "x": x + w / 2, "y": top + 67, "text": button, "size": 11, "weight": 700,
                      "class": "button-label", "target": "btn-secrets"})
    return items


LABEL_CHAR = 0.64 * 12
"""The width of one character of a highlight label (bold, 12 units: ``widgets/static/board_view.js``)."""


def _box(item: dict[str, Any]) -> tuple[float, float, float, float] | None:
    shape = item.get("shape")
    if shape == "text":
        size = float(item.get("size", 12))
        w = len(str(item.get("text", ""))) * size * (0.64 if item.get("weight") else 0.58)
        x0 = item["x"] - w / 2 if item.get("anchor", "middle") == "middle" else item["x"]
        return x0, item["y"] - size / 2, x0 + w, item["y"] + size / 2
    if shape == "circle":
        r = item["r"]
        return item["cx"] - r, item["cy"] - r, item["cx"] + r, item["cy"] + r
    if shape == "polygon" and not str(item.get("class", "")).startswith(("district", "selection")):
        xs, ys = zip(*item["points"])
        return min(xs), min(ys), max(xs), max(ys)
    return None


def _inside(point: tuple[float, float], polygon: Sequence[Sequence[float]]) -> bool:
    x, y = point
    inside = False
    for (x1, y1), (x2, y2) in zip(polygon, [*polygon[1:], polygon[0]]):
        if (y1 > y) != (y2 > y) and x < x1 + (y - y1) * (x2 - x1) / (y2 - y1):
            inside = not inside
    return inside


def place_labels(items: list[dict[str, Any]], labels: dict[str, str]) -> None:
    """Move each labelled district's ``label_at`` to the free spot nearest its label point: a place inside the
    district (else near it) where the label's box covers no name, house, value or piece of any district.

    Args:
        items: the scene's items (changed in place: ``label_at`` of ``d-<district>`` items).
        labels: ``{item id: label text}`` of the highlights to be drawn.
    """
    pieces = [b for b in (_box(i) for i in items if "target" in i or str(i.get("class", "")).startswith("pawn"))
              if b is not None]
    taken: list[tuple[float, float, float, float]] = []
    for item in items:
        text = labels.get(item.get("id", ""))
        if not text or not str(item.get("id", "")).startswith("d-"):
            continue
        w, h = len(text) * LABEL_CHAR / 2 + 1, 7.0
        lx, ly = item["label_at"]
        poly = item["points"]
        xs, ys = [p[0] for p in poly], [p[1] for p in poly]
        near = [b for b in pieces + taken if b[2] > min(xs) - 2 * w and b[0] < max(xs) + 2 * w
                and b[3] > min(ys) - 30 and b[1] < max(ys) + 30]

        def free(cx: float, cy: float) -> bool:
            return all(b[2] <= cx - w or b[0] >= cx + w or b[3] <= cy - h or b[1] >= cy + h for b in near)

        spots = sorted(((cx, cy) for cx in _steps(min(xs) - w / 2, max(xs) + w / 2, 3)
                        for cy in _steps(min(ys) - 8, max(ys) + 8, 3)),
                       key=lambda p: (not _inside(p, poly), (p[0] - lx) ** 2 + (p[1] - ly) ** 2))
        spot = next((p for p in spots if free(*p)), None)
        if spot is None:  # a crowded district: look further around it
            near = [b for b in pieces + taken if b[2] > min(xs) - 4 * w and b[0] < max(xs) + 4 * w
                    and b[3] > min(ys) - 60 and b[1] < max(ys) + 60]
            wider = sorted(((cx, cy) for cx in _steps(min(xs) - 2 * w, max(xs) + 2 * w, 3)
                            for cy in _steps(min(ys) - 24, max(ys) + 24, 3)),
                           key=lambda p: (p[0] - lx) ** 2 + (p[1] - ly) ** 2)
            spot = next((p for p in wider if free(*p)), None)
        if spot is None:
            continue
        item["label_at"] = [round(spot[0], 1), round(spot[1], 1)]
        taken.append((spot[0] - w, spot[1] - h, spot[0] + w, spot[1] + h))


def _steps(a: float, b: float, step: float) -> list[float]:
    n = max(int((b - a) / step), 0)
    return [a + k * step for k in range(n + 1)]


def board_svg(state: State, *, highlights: dict[str, dict[str, str]] | None = None, width: int = 900,
              show_hand: bool = False, selected: str | None = None) -> SvgImage:
    """A static picture of ``state`` for notebooks (displays itself; ``str()`` is the SVG text).

    Args:
        highlights: ``{"d-<district>": {"label": "priority 1", "tone": "legal"}}`` to outline districts.
        width: display width in pixels.
        show_hand: also draw the active player's hand strip.
        selected: a district id to outline as selected.
    """
    labels = {k: m["label"] for k, m in (highlights or {}).items() if m.get("label")}
    return SvgImage(scene_to_svg(board_scene(state, selected=selected, show_hand=show_hand, labels=labels),
                                 highlights, width=width))


