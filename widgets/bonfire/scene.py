"""The Bonfire table drawn as a scene: the central board, a strip with the turn line, a note and the buttons, then
each player's boards.

:func:`board_scene` is a pure function of its arguments (the engine state, what is selected, the buttons to draw);
the interactive :class:`~widgets.bonfire.view.BonfireView` and the static :func:`board_svg` both draw it. Every
piece is placed from the game's own component data (``state.components``: the islands' ``pos`` and currents, the
Great Bonfire's spaces, the council seats, common tasks, the fate area's size and printed squares, the player
board's bonfires and path slots), so a user's own components draw too. The shipped component data is OUR OWN DATA,
in the spirit of the game, not the printed components; the scene's caption says so.

Geometry (scene units, pixels at 1:1). The central board (:data:`CENTRAL_HEIGHT` high, :data:`WIDTH` wide) holds
the island map on the left (islands scaled from their ``pos`` into :data:`MAP_BOX`, the entrance under it), the
Great Bonfire's ring of spaces in the middle, the common tasks and the council on the right, then a row of gnome
cards (elders, specialists) and a row with the path tiles on display, the general supply and the countdown. The
strip follows, the full width (so the buttons a click brings up are next to both the central board and the player
boards): what is due (:func:`step_words`), the ``note`` of :func:`board_scene` (a refusal, say), the buttons. The
player boards follow, :data:`BOARDS_PER_ROW` to a row, each :data:`BOARD_W` x :data:`BOARD_H`: the fate area on
the left, the action summary board's stack and the two offering discs, the bonfires with their portal spaces,
guardian spaces and the path under them, then the action tiles and resources held, the gnomes recruited on a line
of their own (chips narrowed, names shrunk or cut, so that six fit) and the common tasks fulfilled on the line under
them. Names too long for their box (a path tile's ``mushrooms``, a gnome's name) are written smaller or cut short
(``mushroo.``); the hover text keeps the whole name.

Highlight labels (a lit item's few words, drawn by the view on top of everything at the item's ``label_at``) are
placed where they cover little that matters and do not run into a neighbour's label (about 12 characters at 11-12
px): an island's under its name and resource; a task disc's under its id, the next disc's above the disc (clear of
the boats on the island's rim), the labels of one line :data:`LABEL_ROOM` apart;
a guardian stack's under it; a Great Bonfire space's, a council seat's, a common task's and a gnome card's on the
bottom line of its box; a path display slot's under it; a fate square's at its centre; the top fate tile of the
summary board above it (under the board's ``summary`` heading), the bottom one under it; an offering disc's beside
it (away from the summary board); a bonfire's under its circle; a path slot's inside it, alternately on two lines;
a button's under it.

Item ids (the click targets; see :data:`TARGETS`). Pieces drawn on an item target it.

Central board:

* ``island:<island id>`` — an island (boats, face-down offering discs and the island's labels target it);
* ``entrance`` — the boats' entrance (the boats not yet sailed target it);
* ``task:<disc id>`` — a face-up task disc on an island;
* ``guardian:<colour>`` — the guardian stack on its guardian island (its count targets it);
* ``gb:<space id>`` — a Great Bonfire space (its portals and the pointer, when it shows the space, target it);
* ``gnome:<card id>`` — an elder or specialist card on display;
* ``path-display:<slot>`` — path tile display slot 0-3 (drawn, with its id, even when empty);
* ``path-pile`` — the face-down path piles (a tile taken from the top of one: ``path pile``);
* ``seat:<seat id>`` — a council seat (the novices on it target it);
* ``common:<task id>`` — a common task (its neutral novice targets it).

Player board of seat ``k`` (0-based, ``state.seats`` order):

* ``p<k>:fate:<r>,<c>`` — a fate-area square, row and column from 1 as in the component data (a placed tile's
  symbol targets its square);
* ``p<k>:stack:top``, ``p<k>:stack:bottom`` — the top and bottom fate tile of the action summary board (the
  whole stack is drawn; only these two have ids; a single tile left is both and carries the ``top`` id);
* ``p<k>:offering:top``, ``p<k>:offering:bottom`` — the face-up offering disc of each stack (drawn, with its id,
  as an empty place when no disc is face up);
* ``p<k>:bonfire:<n>`` — bonfire ``n`` (its task disc targets it); ``p<k>:guard:<n>`` — its guardian space;
  ``p<k>:portal:<n>`` — its portal space (a portal placed there targets it);
* ``p<k>:path:<i>`` — path position ``i``: 0 the starting tile, 1-6 the path slots, built or empty;
* ``p<k>:guardian:<colour>`` — one of the player's guardians, wherever she stands (the player's own guardian has
  the player's colour);
* ``p<k>:tile:<action type>`` — the action tiles held of a type (count written; drawn for every type, faint at
  0); ``p<k>:resource:<id>`` — the resources held of a kind, likewise;
* ``p<k>:gnome:<card id>`` — a recruited gnome card.

Strip: ``btn:<...>`` ids come only from the ``buttons`` argument (the view decides them, e.g. ``btn:choose:2``,
``btn:cancel``, ``btn:do:pass``).

CSS classes name what things are, so tests and browser checks can find them:

* central board: ``island task-island mossbank corner boat-here``, ``island guardian-island rose_rock``,
  ``current``, ``entrance boat-here``, ``boat orange``, ``task-disc blue level-2``, ``offering-disc face-down
  orange``, ``guardian-stack pink``, ``gb-space south pointed``, ``pointer``, ``portal key``, ``great-bonfire``,
  ``gnome-card elder`` / ``gnome-card specialist``, ``gnome-slot empty``, ``path-display blue empty``,
  ``council-seat seat_3 taken``, ``novice green`` / ``novice neutral``, ``common-task gnome_circle guarded``,
  ``supply-tile boat``, ``countdown-disc current``, ``trigger-status triggered``, ``caption own-data``,
  ``legend`` (the abbreviations of fate symbols and portals);
* player boards: ``player-board orange to-act turn out``, ``marker to-act|turn|out|start``, ``fate-square
  printed covered start``, ``fate-symbol boat``, ``fate-tile start`` (a placed tile's outline), ``stack-tile top
  bottom``, ``offering up|empty top|bottom``, ``bonfire lit|unlit has-task``, ``bonfire-disc blue``,
  ``guard-space occupied``, ``portal-space has-portal``, ``path-slot start|built|empty blue``, ``guardian pink
  on-path|on-bonfire``, ``held-tile boat none``, ``held-resource gold``, ``gnome-card elder recruited``,
  ``common-held`` (the common tasks fulfilled; ``common-held none`` before any);
* strip: ``strip``, ``step-words``, ``note illegal|info|error`` (its lines ``note-text``), ``button``,
  ``button-label``; selected items get an outline ``selection``.

Every piece has a ``title`` (hover text) saying what it is.
"""

from __future__ import annotations

import math
import textwrap
from collections.abc import Iterable, Mapping, Sequence
from typing import Any

from explorer.bonfire import PLAY_CATEGORIES, State
from explorer.bonfire.components import COUNTDOWN, END_TRIGGER, OWN_DATA, Components
from explorer.bonfire.turn import fate_limit, movers
from explorer.bonfire.words import tile_name

from ..svg import SvgImage, scene_to_svg
from ..tones import HIGHLIGHTS, LABEL_COLOUR

__all__ = ["BOARDS_PER_ROW", "BOARD_H", "BOARD_W", "CENTRAL_HEIGHT", "LABEL_ROOM", "MAP_BOX", "NOTE_LINES",
           "NOTE_STYLE", "PLAYER_FILL", "TARGETS", "WIDTH", "board_scene", "board_svg", "colour_of", "step_words"]

TARGETS = ("island:<island id>", "entrance", "task:<disc id>", "guardian:<colour>", "gb:<space id>",
           "gnome:<card id>", "path-display:<slot>", "path-pile", "seat:<seat id>", "common:<task id>", "p<k>:fate:<r>,<c>",
           "p<k>:stack:top|bottom", "p<k>:offering:top|bottom", "p<k>:bonfire:<n>", "p<k>:guard:<n>",
           "p<k>:portal:<n>", "p<k>:path:<i>", "p<k>:guardian:<colour>", "p<k>:tile:<action type>",
           "p<k>:resource:<id>", "p<k>:gnome:<card id>", "btn:<...> (from the buttons argument)")
"""The forms of clickable item ids in the scene (see the module docstring)."""

WIDTH = 1400
"""Width of the scene when the central board or two player boards are drawn. The app draws it across the whole
window (the scene's layout is ``wide``, the panel goes under the board), about one scene unit a pixel at 1400 px."""
MARGIN = 16
CENTRAL_HEIGHT = 592
"""Height of the central board's part of the scene."""
MAP_BOX = (72.0, 114.0, 680.0, 300.0)
"""Where island positions are scaled into: ``(left, top, right, bottom)`` of the islands' centres."""
BOARD_W, BOARD_H = 680, 300
"""A player board's width and height."""
BOARDS_PER_ROW = 2
"""Player boards side by side under the central board."""
BOARD_GAP = 8
STRIP_HEIGHT = 70
"""Least height of the strip with buttons (the step line and a row of buttons), between the central board and the
player boards."""
BUTTON_HEIGHT = 28
NOTE_LINES = 3
"""A note in the strip is wrapped to at most this many lines."""
NOTE_SIZE = 12.5
NOTE_STYLE = {"illegal": ("#fde7e4", "#c0392b", "#8e1b10"), "error": ("#f6d3d0", "#7b1d12", "#5a0f06"),
              "info": ("#e4eefa", "#2e6fb7", "#1b4a80")}
"""Fill, outline and text colour of a note in the strip by its kind."""

_NAMED = {"orange": "#e67e22", "green": "#2e8b57", "black": "#262626", "white": "#fafafa", "red": "#c0392b",
          "blue": "#2e6fb7", "yellow": "#f1c40f", "purple": "#8e44ad", "pink": "#ec87c0", "grey": "#9a9a9a",
          "gray": "#9a9a9a", "brown": "#8b5a2b", "teal": "#16a085", "cyan": "#22a6c7", "violet": "#8e44ad",
          "gold": "#d4a017", "herbs": "#5f9e3f", "mushrooms": "#c0703c", "berries": "#8e3b8e", "wood": "#8b5a2b",
          "stone": "#8c8c8c", "neutral": "#ffffff"}
PLAYER_FILL = {name: _NAMED[name] for name in ("orange", "green", "black", "white", "red", "blue", "yellow",
                                               "purple")}
"""Fill colours of players' boats, novices and own guardians by the engine's colour names."""
_FALLBACK = ("#7f8c8d", "#16a085", "#d35400", "#2c3e50", "#c2185b", "#6d4c41", "#00897b", "#5e35b1")
_ACTION_COLOUR = {"blue": "#3b7dd8", "red": "#d64541", "purple": "#8e44ad", "white": "#fdfdfd", "pink": "#ec87c0",
                  "green": "#3caa5c", "yellow": "#f1c40f"}
BACKGROUND = "#efe7d6"
SEA = "#cfe3ec"
SAND = "#efe2bd"
ROCK = "#d8d3c4"
INK = "#2f2a24"
FAINT = "#8a7f72"
SELECTED = HIGHLIGHTS["selected"].colour
PANEL = "#f7f1e3"


# ---- small helpers -------------------------------------------------------------------------------------------
def _r(v: float) -> float:
    return round(v, 2)


def colour_of(name: str | None) -> str:
    """A CSS colour for a colour, resource or player name of the component data (``"orange"`` -> ``"#e67e22"``);
    an unknown name gets a fixed colour chosen from its letters (the same name, the same colour)."""
    if not name:
        return "#bbbbbb"
    if name in _NAMED:
        return _NAMED[name]
    if name.startswith("#"):
        return name
    return _FALLBACK[sum(map(ord, name)) % len(_FALLBACK)]


def _luma(hex_colour: str) -> float:
    h = hex_colour.lstrip("#")
    if len(h) != 6:
        return 0.0
    r, g, b = (int(h[i:i + 2], 16) for i in (0, 2, 4))
    return 0.299 * r + 0.587 * g + 0.114 * b


def _text_on(fill: str) -> str:
    return INK if _luma(fill) > 150 else "#ffffff"


MIN_FONT = 11.5
"""The smallest font size on the board, in scene units (the wide board draws about a pixel a unit)."""


def _fit(text: str, width: float, size: float) -> float:
    """``size``, or smaller so that ``text`` fits in ``width`` units (a letter is at most about 0.62 of a font size
    wide; never under :data:`MIN_FONT`)."""
    return _r(min(size, max(MIN_FONT, width / (0.62 * max(len(text), 1)))))


BOLD = 1.13
"""How much wider semi-bold and bold text is than :func:`_em` says (DejaVu Sans Bold, the widest usual bold face,
runs up to some 13% wider than that estimate)."""


def _fit_name(text: str, width: float, size: float, least: float = MIN_FONT, bold: bool = False) -> tuple[str, float]:
    """``(text, size)`` for writing ``text`` within ``width`` units: at ``size``, or smaller (down to ``least``);
    below that, cut short with a ``.`` (``"mushrooms"`` -> ``"mushroo."``) or ``…`` (several words) at ``least``.
    Widths are :func:`_em` estimates, :data:`BOLD` times wider for ``bold`` (weights 600-700)."""
    factor = BOLD if bold else 1.0

    def em(t: str) -> float:
        return factor * max(_em(t), 0.1)

    if em(text) * least <= width:
        return text, _r(min(size, width / em(text)))
    mark = "…" if " " in text.strip() else "."
    for n in range(len(text) - 1, 0, -1):
        cut = text[:n].rstrip() + mark
        if em(cut) * least <= width:
            return cut, _r(min(size, width / em(cut)))
    return text[:1], least


def _em(text: str) -> float:
    """A generous estimate of ``text``'s width in font sizes (wide sans-serif fonts such as DejaVu Sans): narrow
    letters 0.32, ``f r t`` 0.42, ``m w`` and ``M W`` 0.98, other capitals 0.75, the rest 0.63."""
    def one(ch: str) -> float:
        if ch in "ilj.,:;'!|I ":
            return 0.32
        if ch in "frt-":
            return 0.42
        if ch in "mwMW":
            return 0.98
        return 0.75 if ch.isupper() else 0.63
    return sum(map(one, text))


def _words(name: str) -> str:
    return name.replace("_", " ")


def _shorts(names: Iterable[str]) -> dict[str, str]:
    """A short label for each name: initials of ``a_b`` names, else the first two letters; made unique."""
    names = list(names)
    out: dict[str, str] = {}
    for name in names:
        parts = name.split("_")
        out[name] = "".join(p[0] for p in parts[:2]) if len(parts) > 1 else name[:2]
    seen: dict[str, int] = {}
    for name in names:
        seen[out[name]] = seen.get(out[name], 0) + 1
    for name in names:
        if seen[out[name]] > 1:
            out[name] = name[:4]
    return out


def _rect(x: float, y: float, w: float, h: float, **kw: Any) -> dict[str, Any]:
    return {"shape": "rect", "x": _r(x), "y": _r(y), "w": _r(w), "h": _r(h), **kw}


def _circle(cx: float, cy: float, r: float, **kw: Any) -> dict[str, Any]:
    return {"shape": "circle", "cx": _r(cx), "cy": _r(cy), "r": _r(r), **kw}


def _text(x: float, y: float, text: str, size: float = 11, **kw: Any) -> dict[str, Any]:
    """A text item, never smaller than :data:`MIN_FONT`."""
    return {"shape": "text", "x": _r(x), "y": _r(y), "text": text, "size": max(size, MIN_FONT), "fill": kw.pop("fill", INK), **kw}


def _who(state: State, k: int) -> str:
    return state.seats[k].colour


def _plural(n: int, word: str) -> str:
    return f"{n} {word}{'s' if n != 1 else ''}"


def _gain_short(gain: Any) -> str:
    """A council bonus in a few letters: ``+3 pts``, ``+1 gold``, ``+2 res`` (any resources), ``+1 yellow``."""
    if gain.kind == "points":
        return f"+{gain.amount} pts"
    if gain.item == "any":
        return f"+{gain.amount} {'res' if gain.kind == 'resource' else 'tile'}"
    return f"+{gain.amount} {_words(gain.item)}"


# ---- the scene -------------------------------------------------------------------------------------------------
def board_scene(state: State, selection: str | Iterable[str] = (), buttons: Iterable[tuple[str, str]] = (), *,
                seats: Iterable[int] | None = None, board: bool = True,
                note: tuple[str, str] | None = None) -> dict[str, Any]:
    """The scene of ``state`` (see ``widgets.base.SCENE_FORMAT``): the central board, the strip, the player boards.

    The strip (what is due, the ``note``, the buttons) lies between the central board and the player boards, the
    full width of the scene, so the buttons a click on either brings up appear next to it (at the top when the
    central board is not drawn).

    Args:
        state: any Bonfire position, on any components.
        selection: item ids (see :data:`TARGETS`) outlined as selected, e.g. ``"p0:stack:top"``.
        buttons: ``(id, label)`` pairs drawn as clickable buttons in the strip, in order, e.g.
            ``[("btn:do:pass", "Pass"), ("btn:cancel", "Cancel")]``.
        seats: the seats (0-based) whose player boards are drawn, in that order (default: every seat).
        board: draw the central board.
        note: ``(kind, text)`` written in the strip under the step line, as given (a refusal's text should name
            its rule id), e.g. ``("illegal", "refused by bonfire.ignite.when: ...")``; ``kind`` ``"illegal"``
            (red), ``"error"`` (dark red) or ``"info"`` (blue); another kind is drawn like ``"info"``. The note
            is an item of class ``note <kind>`` (its hover text the whole text) with lines of class
            ``note-text`` (long text wrapped to at most :data:`NOTE_LINES` lines, cut with ``…``).

    Returns:
        ``{"width", "height", "background", "items"}``; the same arguments give an equal scene.

    Raises:
        IndexError: for a seat number the position does not have.

    >>> from explorer.bonfire import new_game
    >>> scene = board_scene(new_game(players=2, seed=1))
    >>> sum(1 for i in scene["items"] if i.get("id", "").startswith("island:"))
    14
    """
    chosen = {selection} if isinstance(selection, str) else set(selection or ())
    order = list(range(len(state.seats))) if seats is None else [int(k) for k in seats]
    for k in order:
        if not 0 <= k < len(state.seats):
            raise IndexError(f"seat {k} is not in this {len(state.seats)}-player game (seats 0-{len(state.seats) - 1})")
    per_row = BOARDS_PER_ROW if (board or len(order) > 1) else 1
    width = WIDTH if (board or len(order) > 1) else BOARD_W + 2 * MARGIN
    items: list[dict[str, Any]] = []
    y = 0.0
    if board:
        items += _part(state, ("central",), lambda: _central(state))
        y = CENTRAL_HEIGHT
    strip, h = _strip(state, y + 4, width, list(buttons), chosen, note)
    items += strip
    y += 4 + h
    for j, k in enumerate(order):
        row, col = divmod(j, per_row)
        x0, y0 = MARGIN + col * (BOARD_W + BOARD_GAP), y + 8 + row * (BOARD_H + BOARD_GAP)
        items += _part(state, ("player", k, x0, y0), lambda: _seat_board(state, k, x0, y0), clean=False)
    if order:
        rows = (len(order) + per_row - 1) // per_row
        y += 8 + rows * (BOARD_H + BOARD_GAP)
    items += _outlines(items, chosen)
    items = [item if id(item) in _CLEAN else _clean(item) for item in items]
    return {"width": _r(width), "height": _r(y), "background": BACKGROUND, "layout": "wide", "items": items}


def _clean(item: dict[str, Any]) -> dict[str, Any]:
    """The item without its ``None`` fields (the scene format leaves them out)."""
    return {k: v for k, v in item.items() if v is not None}


_PARTS: dict[Any, Any] = {}
"""The central board and player boards of the last state drawn (a state is immutable, so its parts are too; a
click that only picks or refuses redraws the same state, and the parts are reused). One state at a time."""


_SEAT_BOARDS: dict[tuple[int, float, float], tuple[tuple[Any, ...], list[dict[str, Any]]]] = {}
"""The last drawing of each player board, with what it was drawn from (:func:`_seat_inputs`): after a move, the
boards of the seats it did not touch are reused."""


def _seat_inputs(state: State, k: int) -> tuple[Any, ...]:
    """Everything a player board reads from the state (see :func:`_player_board`)."""
    return (state.seats[k], state.current_player == k, state.turn == k, state.phase == "setup", state.is_terminal,
            state.start == k, state.components)


def _seat_board(state: State, k: int, ox: float, oy: float) -> list[dict[str, Any]]:
    """:func:`_player_board`, reused when nothing it reads has changed since it was last drawn there."""
    inputs = _seat_inputs(state, k)
    last = _SEAT_BOARDS.get((k, ox, oy))
    if last is not None and last[0][-1] is inputs[-1] and last[0][:-1] == inputs[:-1]:
        return last[1]
    items = [_clean(item) for item in _player_board(state, k, ox, oy)]
    _SEAT_BOARDS[(k, ox, oy)] = (inputs, items)
    return items


_CLEAN: set[int] = set()
"""The ids of the items held in :data:`_PARTS`, already without ``None`` fields."""


def _part(state: State, key: tuple[Any, ...], build: Any, clean: bool = True) -> list[dict[str, Any]]:
    if _PARTS.get("state") is not state:
        _PARTS.clear()
        _CLEAN.clear()
        _PARTS["state"] = state
    if key not in _PARTS:
        _PARTS[key] = [_clean(item) for item in build()] if clean else build()
        _CLEAN.update(id(item) for item in _PARTS[key])
    return _PARTS[key]


def board_svg(state: State, selection: str | Iterable[str] = (), buttons: Iterable[tuple[str, str]] = (), *,
              seats: Iterable[int] | None = None, board: bool = True, note: tuple[str, str] | None = None,
              highlights: Mapping[str, Mapping[str, str]] | None = None, width: int | None = None) -> SvgImage:
    """A static picture of ``state`` for notebooks (displays itself in Jupyter; ``str()`` is the SVG text). It
    scales down to the width of the notebook cell (never above its own width; see ``widgets.svg``).

    Args:
        selection, buttons, seats, board, note: as :func:`board_scene`.
        highlights: ``{item id: {"label", "tone"}}`` outlines, as the interactive view draws them (labels at each
            item's ``label_at``).
        width: display width in pixels (default: the scene's own width).

    >>> from explorer.bonfire import new_game
    >>> str(board_svg(new_game(players=2, seed=1), seats=[0], board=False))[:4]
    '<svg'
    """
    scene = board_scene(state, selection, buttons, seats=seats, board=board, note=note)
    return SvgImage(scene_to_svg(scene, dict(highlights or {}), width=width))


# ---- the central board ----------------------------------------------------------------------------------------
def _central(state: State) -> list[dict[str, Any]]:
    items: list[dict[str, Any]] = [
        _rect(MARGIN - 6, 8, WIDTH - 2 * MARGIN + 12, CENTRAL_HEIGHT - 12, rx=10, fill=PANEL, stroke="#b9ab8e",
              stroke_width=1.2, **{"class": "central-board"}),
        _rect(SEA_X[0], 60, SEA_X[1] - SEA_X[0], 346, rx=12, fill=SEA, stroke="#9fc0cf", stroke_width=1,
              **{"class": "sea"}),
        _text(MARGIN + 4, 26, "Central board", 15, anchor="start", weight=700, **{"class": "heading"}),
        _text(WIDTH - MARGIN - 4, 26, f"Component data: {OWN_DATA}.", 11, anchor="end", fill="#7a2318",
              **{"class": "caption own-data"}),
    ]
    items += _islands(state)
    items += _great_bonfire(state)
    items += _common_and_council(state)
    items += _gnome_display(state)
    items += _bottom_row(state)
    return items


def _island_centres(c: Components) -> tuple[dict[str, tuple[float, float]], float]:
    """Each island's centre in the scene and the islands' radius (so neighbours do not touch)."""
    left, top, right, bottom = MAP_BOX
    xs = [i.pos[0] for i in c.islands.values()]
    ys = [i.pos[1] for i in c.islands.values()]
    x0, x1, y0, y1 = min(xs), max(xs), min(ys), max(ys)

    def sx(v: float) -> float:
        return (left + right) / 2 if x1 == x0 else left + (v - x0) * (right - left) / (x1 - x0)

    def sy(v: float) -> float:
        return (top + bottom) / 2 if y1 == y0 else top + (v - y0) * (bottom - top) / (y1 - y0)

    centres = {i.id: (_r(sx(i.pos[0])), _r(sy(i.pos[1]))) for i in c.islands.values()}
    pts = list(centres.values())
    nearest = min((math.dist(a, b) for j, a in enumerate(pts) for b in pts[j + 1:]), default=200.0)
    return centres, _r(max(14.0, min(40.0, nearest * 0.45)))


def _boat(x: float, y: float, colour: str, target: str, title: str) -> list[dict[str, Any]]:
    fill = colour_of(colour)
    hull = [[_r(x - 11), _r(y - 2)], [_r(x + 11), _r(y - 2)], [_r(x + 7), _r(y + 5)], [_r(x - 7), _r(y + 5)]]
    sail = [[_r(x - 1), _r(y - 3)], [_r(x - 1), _r(y - 14)], [_r(x + 8), _r(y - 3)]]
    return [{"shape": "polygon", "points": hull, "fill": fill, "stroke": "#1d1d1d", "stroke_width": 1.1,
             "class": f"boat {colour}", "title": title, "target": target},
            {"shape": "polygon", "points": sail, "fill": fill, "stroke": "#1d1d1d", "stroke_width": 0.9,
             "class": f"boat-sail {colour}", "title": title, "target": target}]


def _islands(state: State) -> list[dict[str, Any]]:
    c, ix = state.components, state.index
    centres, radius = _island_centres(c)
    items: list[dict[str, Any]] = [_text(MARGIN + 4, 52, "Islands, joined by currents", 12, anchor="start",
                                         weight=700, **{"class": "heading"})]
    for a, b in c.currents:
        (x1, y1), (x2, y2) = centres[a], centres[b]
        items.append({"shape": "line", "x1": x1, "y1": y1, "x2": x2, "y2": y2, "stroke": "#7fa7b8",
                      "stroke_width": 3, "dash": "7 5", "class": "current"})
    boats: dict[str | None, list[int]] = {}
    for k, seat in enumerate(state.seats):
        boats.setdefault(seat.boat, []).append(k)
    for island in c.islands.values():
        iid = f"island:{island.id}"
        x, y = centres[island.id]
        here = boats.get(island.id, [])
        task = island.kind == "task"
        classes = ["island", "task-island" if task else "guardian-island", island.id]
        if island.corner:
            classes.append("corner")
        if here:
            classes.append("boat-here")
        if task:
            content = state.island_content(island.id)
            discs = sum(1 for d in content if d in c.task_discs)
            title = (f"{island.name}: task island{' (a corner)' if island.corner else ''}, resource {island.resource}"
                     f" (paid with each task disc taken here); {_plural(discs, 'task disc')} face up, "
                     f"{_plural(len(content) - discs, 'offering disc')} left by players")
        else:
            left = state.guardians[ix.guardian_colours.index(island.guardian)]
            title = f"{island.name}: guardian island, {left} {island.guardian} guardian{'s' * (left != 1)} left"
        if here:
            title += "; boats here: " + ", ".join(_who(state, k) for k in here)
        items.append(_circle(x, y, radius, id=iid, fill=SAND if task else ROCK,
                             stroke="#8a6d3b" if island.corner else "#9b8f76",
                             stroke_width=2.6 if island.corner else 1.4,
                             title=title, clickable=True, label_at=[x, _r(y + radius + (36 if task else 23))],
                             **{"class": " ".join(classes)}))
        items.append(_text(x, y + radius + 10, island.name, 12, weight=700, halo=SEA, target=iid,
                           **{"class": "island-name"}))
        if task:
            items.append(_text(x, y + radius + 23, island.resource, 11, weight=600, halo=SEA,
                               fill=colour_of(island.resource) if _luma(colour_of(island.resource)) < 190 else INK,
                               target=iid, **{"class": f"island-resource {island.resource}"}))
            items += _island_content(state, island.id, x, y, radius)
        else:
            left = state.guardians[ix.guardian_colours.index(island.guardian)]
            gid = f"guardian:{island.guardian}"
            fill = colour_of(island.guardian)
            items.append(_circle(x, y, radius * 0.45, id=gid, fill=fill if left else "#ffffff",
                                 stroke="#333333", stroke_width=1.4, dash=None if left else "3 2",
                                 title=f"{island.guardian} guardians: {left} left on {island.name} (claimed here "
                                       f"with a guardian action tile)", clickable=True,
                                 label_at=[x, _r(y + radius * 0.45 + 8)],
                                 **{"class": f"guardian-stack {island.guardian}" + ("" if left else " empty")}))
            items.append(_text(x, y + 0.5, f"×{left}", 12, weight=700, fill=_text_on(fill) if left else FAINT,
                               target=gid, **{"class": "guardian-count"}))
            items.append(_text(x, y - radius * 0.45 - 9, island.guardian, 10, fill=INK, target=iid,
                               **{"class": "guardian-colour"}))
        for j, k in enumerate(here):
            bx = x + (j - (len(here) - 1) / 2) * 24
            items += _boat(bx, y - radius + 2, _who(state, k), iid, f"{_who(state, k)}'s boat at {island.name}")
    # the entrance, under the map
    ex, ey = (MAP_BOX[0] + MAP_BOX[2]) / 2, 384
    waiting = boats.get(None, [])
    title = "The entrance: boats start here; the first sail goes to any island for 1 boat tile"
    if waiting:
        title += "; boats waiting: " + ", ".join(_who(state, k) for k in waiting)
    items.append(_rect(ex - 110, ey - 16, 220, 32, rx=16, id="entrance", fill="#e8f1f5", stroke="#7fa7b8",
                       stroke_width=1.4, dash="5 3", title=title, clickable=True, label_at=[ex + 72, ey],
                       **{"class": "entrance" + (" boat-here" if waiting else "")}))
    items.append(_text(ex - 100, ey, "entrance", 11, anchor="start", fill="#4a6b78", target="entrance",
                       **{"class": "entrance-label"}))
    for j, k in enumerate(waiting):
        items += _boat(ex - 20 + j * 27, ey + 4, _who(state, k), "entrance", f"{_who(state, k)}'s boat at the entrance")
    return items


def _disc_title(c: Components, disc_id: str, where: str) -> str:
    d = c.task_discs[disc_id]
    return (f"Task disc {d.id} ({where}): level {d.level}, {d.colour}, {d.points} points when lit; "
            f"condition: {d.condition.text}")


LABEL_ROOM = 78.0
"""Least distance between the centres of two highlight labels side by side on one line (a label of up to 9 or 10
characters, ``12 options``, at the view's 12 px semi-bold label font is some 72 px wide with its halo; and a gap)."""
SEA_X = (MARGIN, 735.0)
"""Left and right edge of the sea the islands lie in."""


def _disc_label_xs(xs: Sequence[float]) -> list[float]:
    """Where the highlight labels of discs at ``xs`` (left to right, all on one line) go: centred on the discs,
    at least :data:`LABEL_ROOM` apart (spread out evenly about the discs' middle when the discs are closer), the
    row moved sideways as a whole when it would run off the sea (:data:`SEA_X`)."""
    if len(xs) < 2:
        spots = list(xs)
    else:
        middle = (xs[0] + xs[-1]) / 2
        pitch = max(LABEL_ROOM, (xs[-1] - xs[0]) / (len(xs) - 1))
        spots = [middle + (m - (len(xs) - 1) / 2) * pitch for m in range(len(xs))]
    if spots:
        half = LABEL_ROOM / 2
        shift = max(0.0, SEA_X[0] + half - spots[0]) or min(0.0, SEA_X[1] - half - spots[-1])
        spots = [x + shift for x in spots]
    return [_r(x) for x in spots]


def _island_content(state: State, island: str, x: float, y: float, radius: float) -> list[dict[str, Any]]:
    """The discs on a task island in a row across its middle (a little under the centre, clear of the boats on
    its rim): face-up task discs (points inside, id under) and face-down offering discs.

    A task disc's highlight label goes under its id, the next disc's above the disc, and so on, the labels of one
    line spread :data:`LABEL_ROOM` apart (so that ``1 tile ⇄`` labels of neighbours never run together, and
    none covers a disc's id or reaches the island's name or a boat)."""
    c = state.components
    content = state.island_content(island)
    items: list[dict[str, Any]] = []
    n = len(content)
    step = min(26.0, (2 * radius - 10) / max(n, 1))
    r = min(12.0, step / 2 - 0.5)
    name = c.islands[island].name
    cy = y + 4
    xs = [x + (j - (n - 1) / 2) * step for j in range(n)]
    tasks = [j for j, thing in enumerate(content) if thing in c.task_discs]
    label_x: dict[int, float] = {}
    for row in (tasks[0::2], tasks[1::2]):    # under, above
        label_x.update(zip(row, _disc_label_xs([xs[j] for j in row])))
    below = min(cy + r + 20, y + radius + 10 - 14.5)   # under the id, above the island's name
    above = cy - r - 10
    for j, thing in enumerate(content):
        cx = xs[j]
        if thing in c.task_discs:
            d = c.task_discs[thing]
            tid = f"task:{thing}"
            fill = colour_of(d.colour)
            under = tasks.index(j) % 2 == 0
            items.append(_circle(cx, cy, r, id=tid, fill=fill, stroke="#222222", stroke_width=1.2,
                                 title=_disc_title(c, thing, f"face up on {name}"), clickable=True,
                                 label_at=[label_x[j], _r(below if under else above)],
                                 **{"class": f"task-disc {d.colour} level-{d.level}"}))
            items.append(_text(cx, cy + 0.5, str(d.points), 11, weight=700, fill=_text_on(fill), target=tid,
                               **{"class": "task-points"}))
            items.append(_text(cx, cy + r + 6, thing, MIN_FONT, fill="#5a4e40", target=tid, **{"class": "task-id"}))
        else:
            colour, _, resource = thing.partition(" ")
            fill = colour_of(colour)
            items.append(_circle(cx, cy, r * 0.8, fill=fill, stroke="#555555", stroke_width=1.2, dash="2 2",
                                 title=f"{colour}'s offering disc, face down on {name} (it showed {resource})",
                                 target=f"island:{island}", **{"class": f"offering-disc face-down {colour}"}))
    return items


def _gb_centre() -> tuple[float, float, float]:
    return 926.0, 224.0, 140.0


def _great_bonfire(state: State) -> list[dict[str, Any]]:
    c = state.components
    cx, cy, ring = _gb_centre()
    spaces = c.great_bonfire.spaces
    items: list[dict[str, Any]] = [
        _text(cx, 52, "The Great Bonfire (spaces clockwise)", 12, weight=700, **{"class": "heading"}),
        _circle(cx, cy, 32, fill="#f5a623", stroke="#b35900", stroke_width=2,
                title=f"The Great Bonfire: the pointer shows {_words(state.pointer)}; "
                      + ("a Great Bonfire action turns it clockwise (1 tile a space, 3 for any space)"
                         if state.great_bonfire_used else "nobody has used it yet: the first use in the game turns "
                                                          "it to any space for 1 tile")
                      + " and takes 2 of the 3 rewards of the space it stops on",
                **{"class": "great-bonfire"}),
        _text(cx, cy - 6, "Great", 10.5, weight=700, fill="#5a2a00", **{"class": "great-bonfire-label"}),
        _text(cx, cy + 7, "Bonfire", 10.5, weight=700, fill="#5a2a00", **{"class": "great-bonfire-label"}),
    ]
    shorts = _shorts(c.portal_symbols)
    n = len(spaces)
    for j, space in enumerate(spaces):
        angle = math.pi / 2 + 2 * math.pi * j / n
        x, y = cx + ring * math.cos(angle), cy + ring * math.sin(angle)
        sid = f"gb:{space.id}"
        portals = state.portals[j]
        pointed = state.pointer == space.id
        w, h = 108, 72      # lines: the name with the action tile's colour, the action tile, the resource, the portals, the label
        title = (f"Great Bonfire space {_words(space.id)}: {_words(space.action)} action tile, {space.resource} (or "
                 f"2 points); portals here: {', '.join(portals) or 'none'}"
                 + ("; the pointer shows this space" if pointed else ""))
        items.append(_rect(x - w / 2, y - h / 2, w, h, rx=8, id=sid, fill="#fff4dc" if pointed else "#fffaf0",
                           stroke="#b35900" if pointed else "#b9ab8e", stroke_width=2.6 if pointed else 1.2,
                           title=title, clickable=True, label_at=[_r(x), _r(y + h / 2 - 7)],
                           **{"class": f"gb-space {space.id}" + (" pointed" if pointed else "")}))
        items.append(_text(x, y - h / 2 + 9, _words(space.id), 10, fill=FAINT, target=sid, **{"class": "gb-name"}))
        act = c.action_types[space.action]
        items.append(_rect(x - w / 2 + 6, y - h / 2 + 3.5, 11, 11, rx=2,
                           fill=_ACTION_COLOUR.get(act.colour, colour_of(act.colour)),
                           stroke="#555555", stroke_width=0.8, target=sid, title=title,
                           **{"class": f"gb-action {space.action}"}))
        items.append(_text(x - w / 2 + 6, y - 14, act.name, MIN_FONT, anchor="start", weight=600, target=sid,
                           **{"class": "gb-reward action"}))
        tail = " / 2 pts"     # the resource cut short when it and its tail do not fit (the full name on hover)
        resource, _ = _fit_name(space.resource, w - 10 - _em(tail) * MIN_FONT, MIN_FONT, least=MIN_FONT)
        items.append(_text(x - w / 2 + 6, y - 1.5, resource + tail, MIN_FONT, anchor="start", fill="#5a4e40",
                           target=sid, **{"class": "gb-reward resource"}))
        for p, symbol in enumerate(portals):
            px = x - w / 2 + 15 + p * 23.5
            items.append(_rect(px - 10.5, y + 5, 21, 16, rx=4, fill="#6c5ce7", stroke="#3d3199", stroke_width=0.8,
                               target=sid, title=f"a {symbol} portal on space {_words(space.id)}",
                               **{"class": f"portal {symbol}"}))
            items.append(_text(px, y + 13.5, shorts[symbol] if symbol in shorts else symbol[:2], 10, weight=700,
                               fill="#ffffff", target=sid, **{"class": "portal-label"}))
        if pointed:
            ux, uy = math.cos(angle), math.sin(angle)
            reach = min((w / 2) / abs(ux) if abs(ux) > 1e-9 else 1e9, (h / 2) / abs(uy) if abs(uy) > 1e-9 else 1e9)
            tip = (cx + ux * (ring - reach - 5), cy + uy * (ring - reach - 5))
            base = (cx + ux * 34, cy + uy * 34)
            items.append({"shape": "polygon", "points": [[_r(tip[0]), _r(tip[1])],
                                                          [_r(base[0] - uy * 9), _r(base[1] + ux * 9)],
                                                          [_r(base[0] + uy * 9), _r(base[1] - ux * 9)]],
                          "fill": "#7a2318", "stroke": "#3b0f0a", "stroke_width": 1, "class": "pointer",
                          "title": f"the pointer shows {_words(space.id)}", "target": sid})
    return items


def _common_and_council(state: State) -> list[dict[str, Any]]:
    c, ix = state.components, state.index
    x0, w = 1118.0, WIDTH - MARGIN - 1118.0
    items: list[dict[str, Any]] = [_text(x0, 52, "Common tasks", 12, anchor="start", weight=700,
                                         **{"class": "heading"})]
    holders: dict[str, list[str]] = {}
    for seat in state.seats:
        for t in seat.common:
            holders.setdefault(t, []).append(seat.colour)
    for j, (tid, guarded) in enumerate(zip(ix.common, state.neutral)):
        task = c.common_tasks[tid]
        y = 62 + j * 34
        cid = f"common:{tid}"
        done = holders.get(tid, [])
        title = (f"Common task {task.name}: {task.condition.text}; {task.points} points at the end"
                 + ("; its neutral novice still guards it" if guarded else "; its neutral novice went to the council")
                 + (f"; fulfilled by {', '.join(done)}" if done else ""))
        items.append(_rect(x0, y, w, 31, rx=5, id=cid, fill="#fffaf0", stroke="#b9ab8e", stroke_width=1.1,
                           title=title, clickable=True, label_at=[_r(x0 + w - 48), _r(y + 25)],
                           **{"class": f"common-task {tid}" + (" guarded" if guarded else "")}))
        items.append(_text(x0 + 6, y + 9.5, f"{task.name} · {task.points} pts", 11.5, anchor="start", weight=600,
                           target=cid, **{"class": "common-name"}))
        items.append(_text(x0 + 6, y + 22.5, task.condition.text, 10, anchor="start", fill="#5a4e40", target=cid,
                           **{"class": "common-condition"}))
        if guarded:
            items.append(_circle(x0 + w - 13, y + 15.5, 7.5, fill="#ffffff", stroke="#333333", stroke_width=1.4,
                                 target=cid, title=f"the neutral novice guarding {task.name}",
                                 **{"class": "novice neutral"}))
        for m, colour in enumerate(done):
            items.append(_circle(x0 + w - 32 - 12 * m, y + 15.5, 5, fill=colour_of(colour), stroke="#333333",
                                 stroke_width=0.8, target=cid, title=f"{colour} fulfilled {task.name}",
                                 **{"class": f"common-done {colour}"}))
    top = 62 + len(ix.common) * 34 + 14
    items.append(_text(x0, top, "Council of Elders (seat bonus)", 12, anchor="start", weight=700,
                       **{"class": "heading"}))
    cols = 4
    sw = (w - (cols - 1) * 5) / cols
    for j, seat_id in enumerate(ix.seats):
        row, col = divmod(j, cols)
        x, y = x0 + col * (sw + 5), top + 10 + row * 70
        sid = f"seat:{seat_id}"
        novices = state.council[j]
        bonus = c.council_seats[seat_id].bonus
        title = (f"Council seat {_words(seat_id)}: a novice taking it earns {', '.join(g.text for g in bonus)}; "
                 f"novices here: {', '.join(novices) or 'none'}")
        items.append(_rect(x, y, sw, 64, rx=6, id=sid, fill="#fbf3df", stroke="#a08a5c", stroke_width=1.2,
                           title=title, clickable=True, label_at=[_r(x + sw / 2), _r(y + 57)],
                           **{"class": f"council-seat {seat_id}" + (" taken" if novices else "")}))
        items.append(_text(x + sw / 2, y + 9, _words(seat_id), 10, fill=FAINT, target=sid, **{"class": "seat-name"}))
        for m, gain in enumerate(bonus[:2]):
            items.append(_text(x + sw / 2, y + 22 + m * 13, _gain_short(gain), MIN_FONT, target=sid,
                               **{"class": "seat-bonus"}))
        per = max(1, int((sw - 6) // 13))
        for m, colour in enumerate(novices):
            r_, c_ = divmod(m, per)
            nx = x + 9 + c_ * 13
            ny = y + 44 + r_ * 11 - (5 if len(novices) > per else 0)
            items.append(_circle(nx, ny, 5, fill=colour_of(colour), stroke="#333333", stroke_width=1,
                                 target=sid, title=f"{'a neutral' if colour == 'neutral' else colour + chr(39) + 's'} "
                                                   f"novice on {_words(seat_id)}",
                                 **{"class": f"novice {colour}"}))
    return items


def _card_lines(name: str, limit: int = 12) -> list[str]:
    words, lines, line = name.split(), [], ""
    for word in words:
        if line and len(line) + 1 + len(word) > limit:
            lines.append(line)
            line = word
        else:
            line = f"{line} {word}".strip()
    lines.append(line)
    return lines[:2]


def _gnome_card(c: Components, card: str, x: float, y: float, w: float, h: float, cid: str,
                extra: str = "") -> list[dict[str, Any]]:
    if card in c.elders:
        e = c.elders[card]
        tail = f" · {e.points} pts"   # the resource cut short when it and the points do not fit (in full on hover)
        kind, fill, sub = "elder", "#f6e7a8", _fit_name(e.resource, w - 8 - _em(tail) * MIN_FONT, MIN_FONT,
                                                        least=MIN_FONT)[0] + tail
        title = f"{e.name}, an elder: recruited for {e.resource}; scores {e.points} points at once"
        name = e.name
    else:
        s = c.specialists[card]
        kind, fill, sub = "specialist", "#cfe0f5", _fit_name(s.resource, w - 8, MIN_FONT, least=MIN_FONT)[0]
        title = f"{s.name}, a specialist: recruited for {s.resource}; {s.ability}"
        name = s.name
    items = [_rect(x, y, w, h, rx=6, id=cid, fill=fill, stroke="#8a7f5a" if kind == "elder" else "#5b7fa8",
                   stroke_width=1.2, title=title, clickable=True, label_at=[_r(x + w / 2), _r(y + h - 8)],
                   **{"class": f"gnome-card {kind}{extra}"})]
    lines = _card_lines(name)
    for m, line in enumerate(lines):
        items.append(_text(x + w / 2, y + 11 + m * 12 + (6 if len(lines) == 1 else 0), line, 11, weight=700,
                           target=cid, **{"class": "gnome-name"}))
    items.append(_text(x + w / 2, y + h - 23, sub, 10.5, fill="#4a4036", target=cid, **{"class": "gnome-cost"}))
    return items


def _gnome_display(state: State) -> list[dict[str, Any]]:
    c = state.components
    items: list[dict[str, Any]] = []
    y = 428
    w, h, gap = 104, 60, 6     # a card: its name (1-2 lines), its cost, a line for a label
    x = MARGIN + 4
    for label, shown, note in (("Elders (points at once)", state.elders, "elder"),
                               ("Specialists (ability: hover)", state.specialists, "specialist")):
        items.append(_text(x, y - 8, label, 12, anchor="start", weight=700, **{"class": "heading"}))
        for j, card in enumerate(shown):
            cx = x + j * (w + gap)
            if card is None:
                items.append(_rect(cx, y, w, h, rx=6, fill="none", stroke="#b9ab8e", stroke_width=1, dash="4 3",
                                   title=f"an empty {note} place", **{"class": f"gnome-slot empty {note}"}))
            else:
                items += _gnome_card(c, card, cx, y, w, h, f"gnome:{card}")
        x += len(shown) * (w + gap) + 24
    if state.reserve:
        items.append(_text(x - 18, y + h + 10, f"reserve: {_plural(len(state.reserve), 'specialist')} face down", 10,
                           anchor="end", fill=FAINT, title="the face-down specialist reserve",
                           **{"class": "reserve"}))
    return items


def _path_tile(kind: str | None, x: float, y: float, w: float, h: float, pid: str, title: str,
               extra: str = "", cost: int | None = None, label_dy: float | None = None) -> list[dict[str, Any]]:
    """A path tile (``kind`` ``"blue herbs"``) or an empty place at ``(x, y)``; a highlight label goes under it, or
    inside it ``label_dy`` under its top."""
    label_at = [_r(x + w / 2), _r(y + h + 8 if label_dy is None else y + label_dy)]
    if kind is None:
        items = [_rect(x, y, w, h, rx=5, id=pid, fill="#fbf7ee", stroke="#a99f86", stroke_width=1.1, dash="4 3",
                       title=title, clickable=True, label_at=label_at, **{"class": f"{extra} empty".strip()})]
        if cost is not None:
            items.append(_text(x + w / 2, y + h / 2, f"cost {cost}", 10, fill=FAINT, target=pid,
                               **{"class": "path-cost"}))
        return items
    crystal, _, resource = kind.partition(" ")
    cfill = colour_of(crystal)
    items = [_rect(x, y, w, h, rx=5, id=pid, fill="#f4ead2", stroke="#7d6b4a", stroke_width=1.3, title=title,
                   clickable=True, label_at=label_at, **{"class": f"{extra} {crystal}".strip()}),
             {"shape": "polygon", "points": [[_r(x + w / 2), _r(y + 2)], [_r(x + w / 2 + 8), _r(y + 10)],
                                             [_r(x + w / 2), _r(y + 18)], [_r(x + w / 2 - 8), _r(y + 10)]],
              "fill": cfill, "stroke": "#333333", "stroke_width": 0.8, "target": pid, "title": title,
              "class": f"crystal {crystal}"},
             _text(x + w / 2, y + h - 7, *_fit_name(resource, w - 8, MIN_FONT, bold=True), weight=600,
                   target=pid, title=title, **{"class": "path-resource"})]
    return items


def _bottom_row(state: State) -> list[dict[str, Any]]:
    c, ix = state.components, state.index
    items: list[dict[str, Any]] = []
    y = 520
    x = MARGIN + 4
    items.append(_text(x, y - 8, "Path tiles on display", 12, anchor="start", weight=700, **{"class": "heading"}))
    left = sum(state.path_pile) + len(state.path_bottom)
    pile_title = (f"{_plural(left, 'path tile')} face down in the piles; a path action may take the top one, "
                  f"unseen (path pile)")
    items.append(_text(x + 160, y - 8, f"({left} face down)", 10, anchor="start", fill=FAINT,
                       title=pile_title, target="path-pile", **{"class": "path-pile"}))
    items.append(_rect(x + 246, y, 20, 44, fill="#8a6d3b" if left else "#ffffff", stroke="#5a4526",
                       stroke_width=1, rx=3, id="path-pile", target="path-pile", title=pile_title,
                       label_at=[x + 256, y + 67],  # under the narrow pile, below slot 3's label
                       **{"class": "path-pile face-down" + ("" if left else " empty")}))
    for j, kind in enumerate(state.path_display):
        title = (f"Path display slot {j}: " + (f"a path tile with a {kind.split()[0]} crystal and "
                                               f"{kind.split(' ', 1)[1]}" if kind else "empty"))
        items += _path_tile(kind, x + j * 62, y, 56, 44, f"path-display:{j}", title, extra="path-display")
    symbols = ", ".join(f"{short} {_words(a)}" for a, short in _shorts(c.action_types).items())
    portals = ", ".join(f"{short} {p}" for p, short in _shorts(c.portal_symbols).items())
    items.append(_text(314, y + 56, f"fate symbols: {symbols} · portals: {portals}", 10, anchor="start", fill=FAINT,
                       **{"class": "legend"}))
    x = 290
    items.append(_text(x, y - 8, "General supply of action tiles", 12, anchor="start", weight=700,
                       **{"class": "heading"}))
    for j, (action, n) in enumerate(zip(ix.actions, state.supply)):
        items += _tile_chip(c, action, n, x + j * 56, y, 50, 44, None, f"supply-tile {action}",
                            f"{n} {c.action_types[action].name} action tile{'s' * (n != 1)} left in the supply")
    x = 720
    players = len(state.seats)
    need = END_TRIGGER.get(players, 0)
    have = state.novices_in_council()
    items.append(_text(x, y - 8, "Countdown", 12, anchor="start", weight=700, **{"class": "heading"}))
    for j, points in enumerate(COUNTDOWN):
        current = state.countdown == j + 1
        passed = state.countdown > j + 1
        fill = "#f5a623" if current else ("#d9d2c0" if passed else "#fffaf0")
        items.append(_circle(x + 18 + j * 40, y + 20, 16, fill=fill, stroke="#7a5a2a", stroke_width=2 if current else 1,
                             title=f"countdown round {j + 1}: a player who passes scores {points} points"
                                   + (" (this round)" if current else " (played)" if passed else ""),
                             **{"class": "countdown-disc" + (" current" if current else " played" if passed else "")}))
        items.append(_text(x + 18 + j * 40, y + 20.5, str(points), 13, weight=700, **{"class": "countdown-points"}))
    if state.countdown:
        status = (f"countdown round {min(state.countdown, len(COUNTDOWN))} of {len(COUNTDOWN)}" if state.countdown
                  <= len(COUNTDOWN) else "the countdown is over")
    elif state.triggered:
        status = "triggered: the countdown starts when the turn comes back to the start player"
    else:
        status = f"council {have} of {need} novices: the countdown starts at {need}"
    items.append(_text(x + 220, y + 14, f"Council: {have} / {need} novices", 12, anchor="start", weight=700,
                       title=f"novices in the council, neutral ones included: {have}; with {players} players {need} "
                             f"start the countdown", **{"class": "trigger-count"}))
    items.append(_text(x + 220, y + 32, status, 11, anchor="start", fill="#7a2318" if state.triggered else INK,
                       **{"class": "trigger-status" + (" triggered" if state.triggered else "")}))
    return items


def _tile_chip(c: Components, action: str, n: int, x: float, y: float, w: float, h: float, tid: str | None,
               cls: str, title: str) -> list[dict[str, Any]]:
    """An action tile chip: the tile's face (its name, cut to 5 letters when longer than 6, cut shorter when it
    does not fit inside the face at :data:`MIN_FONT`) over the count ``n``."""
    act = c.action_types[action]
    fill = _ACTION_COLOUR.get(act.colour, colour_of(act.colour))
    name, size = _fit_name(act.name[:5] if len(act.name) > 6 else act.name, w - 5, MIN_FONT)
    items = [_rect(x, y, w, h, rx=5, id=tid, fill="#fffaf0" if n else "#f1ece1", stroke="#a99f86",
                   stroke_width=1, title=title, clickable=True if tid else None,
                   label_at=[_r(x + w / 2), _r(y + h + 8)] if tid else None,
                   opacity=None if n else 0.7, **{"class": cls + ("" if n else " none")}),
             _rect(x + 2, y + 3, w - 4, h / 2 - 3, rx=3, fill=fill, stroke="#555555", stroke_width=0.7,
                   target=tid, title=title, **{"class": f"tile-face {action}"}),
             _text(x + w / 2, y + 3 + (h / 2 - 3) / 2, name, size, fill=_text_on(fill), target=tid,
                   **{"class": "tile-name"}),
             _text(x + w / 2, y + h * 0.75 + 1, str(n), 12, weight=700, fill=INK if n else FAINT, target=tid,
                   **{"class": "tile-count"})]
    return items


# ---- a player's boards ----------------------------------------------------------------------------------------
def _player_board(state: State, k: int, ox: float, oy: float) -> list[dict[str, Any]]:
    seat = state.seats[k]
    c = state.components
    colour = seat.colour
    fill = colour_of(colour)
    acting = state.current_player == k
    turn = state.turn == k and state.phase != "setup" and not state.is_terminal
    classes = ["player-board", colour]
    if acting:
        classes.append("to-act")
    if turn:
        classes.append("turn")
    if seat.out:
        classes.append("out")
    items: list[dict[str, Any]] = [
        _rect(ox, oy, BOARD_W, BOARD_H, rx=10, fill="#fbf8f0", stroke=fill if _luma(fill) < 230 else "#777777",
              stroke_width=4 if acting else 2, opacity=0.65 if seat.out else None,
              title=f"{colour}'s boards", **{"class": " ".join(classes)}),
        _rect(ox, oy, BOARD_W, 26, rx=10, fill=fill, stroke="none", **{"class": "board-header"}),
        _text(ox + 12, oy + 13.5, f"{colour}", 14, anchor="start", weight=700, fill=_text_on(fill),
              **{"class": "player-name"}),
    ]
    # markers and facts in the header
    x = ox + 20 + 8.5 * len(colour)
    marks = []
    if acting:
        marks.append(("to-act", "to act", LABEL_COLOUR, f"{colour} decides now"))
    if turn:
        marks.append(("turn", "their turn", "#37474f", f"it is {colour}'s turn"))
    if state.start == k:
        marks.append(("start", "start player", "#7a5a2a", f"{colour} is the start player"))
    if seat.out:
        marks.append(("out", "out", "#555555", f"{colour} takes no more turns (stuck or passed)"))
    for cls, word, mfill, title in marks:
        w = 12 + 6.6 * len(word)
        items.append(_rect(x, oy + 4, w, 18, rx=9, fill=mfill, stroke="#ffffff", stroke_width=1, title=title,
                           **{"class": f"marker {cls}"}))
        items.append(_text(x + w / 2, oy + 13.5, word, 11, weight=700, fill="#ffffff", **{"class": "marker-label"}))
        x += w + 6
    boat = c.islands[seat.boat].name if seat.boat else "the entrance"
    points = ", ".join(f"{_words(cat)} {p}" for cat, p in zip(PLAY_CATEGORIES, seat.points) if p)
    facts = f"boat: {boat} · {seat.play_points} pts in play"
    items.append(_text(ox + BOARD_W - 10, oy + 13.5, facts, 11.5, anchor="end", fill=_text_on(fill),
                       title=f"{colour}: boat at {boat}; points scored in play {seat.play_points}"
                             + (f" ({points})" if points else ""),
                       **{"class": "board-facts"}))
    items += _fate_area(state, k, ox + 10, oy + 34)
    items += _stack_and_offerings(state, k, ox + 170, oy + 34)
    items += _bonfires_and_path(state, k, ox + 262, oy + 30)
    items += _holdings(state, k, ox + 10, oy + 196)
    return items


def _fate_area(state: State, k: int, x0: float, y0: float) -> list[dict[str, Any]]:
    seat, c = state.seats[k], state.components
    layout = seat.fate.layout
    cell = min(30.0, 150.0 / max(layout.rows, layout.cols))
    shorts = _shorts(c.action_types)
    start = set(seat.fate.tiles[0].placement.squares) if seat.fate.tiles else set()
    items: list[dict[str, Any]] = []
    for r in range(1, layout.rows + 1):
        for col in range(1, layout.cols + 1):
            x, y = x0 + (col - 1) * cell, y0 + (r - 1) * cell
            fid = f"p{k}:fate:{r},{col}"
            symbol = seat.fate.covered.get((r, col))
            printed = layout.squares.get((r, col))
            classes = ["fate-square"]
            if printed:
                classes.append("printed")
            if symbol:
                classes.append("covered")
            if (r, col) in start:
                classes.append("start")
            what = f"printed {printed.gain.text}" if printed else "plain"
            title = (f"{seat.colour}'s fate area, row {r}, column {col} ({what}): "
                     + (f"covered, {_words(symbol)} symbol" + (" (the starting tile)" if (r, col) in start else "")
                        if symbol else "free"))
            if symbol:
                act = c.action_types.get(symbol)
                sfill = _ACTION_COLOUR.get(act.colour, colour_of(act.colour)) if act else "#cccccc"
            else:
                sfill = "#fff7e0" if printed else "#ffffff"
            items.append(_rect(x, y, cell, cell, id=fid, fill=sfill, stroke="#b3a88f", stroke_width=0.8,
                               title=title, clickable=True, label_at=[_r(x + cell / 2), _r(y + cell / 2)],
                               **{"class": " ".join(classes)}))
            if symbol:
                items.append(_text(x + cell / 2, y + cell / 2 + 0.5, shorts.get(symbol, symbol[:2]), 11, weight=700,
                                   fill=_text_on(sfill), target=fid, **{"class": f"fate-symbol {symbol}"}))
            if printed:
                gain = printed.gain
                item = gain.item or "points"
                label = (f"+{gain.amount}" if gain.kind == "points" else item[:2] if gain.kind == "resource"
                         else shorts.get(item, item[:2]))
                if symbol:
                    corner = [[_r(x + cell - 9), _r(y + 1)], [_r(x + cell - 1), _r(y + 1)],
                              [_r(x + cell - 1), _r(y + 9)]]
                    items.append({"shape": "polygon", "points": corner,
                                  "fill": "#b35900", "target": fid, "title": title, "class": "printed-mark"})
                else:
                    ifill = colour_of(item) if printed.gain.kind == "resource" else _ACTION_COLOUR.get(
                        c.action_types[item].colour if item in c.action_types else "", "#999999")
                    items.append(_circle(x + cell / 2, y + cell / 2, cell * 0.4, fill=ifill, stroke="#555555",
                                         stroke_width=0.7, target=fid, title=title,
                                         **{"class": f"printed-item {item}"}))
                    items.append(_text(x + cell / 2, y + cell / 2 + 0.5, label, MIN_FONT, weight=700, fill=_text_on(ifill),
                                       target=fid, **{"class": "printed-label"}))
    # each placed tile's outline (the starting one thicker)
    for j, placed in enumerate(seat.fate.tiles):
        sq = placed.placement.squares
        (r1, c1), (r2, c2) = sq[0], sq[-1]
        items.append(_rect(x0 + (c1 - 1) * cell + 1.5, y0 + (r1 - 1) * cell + 1.5, (c2 - c1 + 1) * cell - 3,
                           (r2 - r1 + 1) * cell - 3, rx=3, fill="none", stroke="#1d1d1d" if j == 0 else "#4a4036",
                           stroke_width=2.6 if j == 0 else 1.4,
                           **{"class": "fate-tile" + (" start" if j == 0 else "")}))
    return items


def _stack_and_offerings(state: State, k: int, x0: float, y0: float) -> list[dict[str, Any]]:
    seat, c = state.seats[k], state.components
    tiles = {t.id: t for t in c.fate_tiles}
    shorts = _shorts(c.action_types)
    items: list[dict[str, Any]] = [_text(x0 + 22, y0 - 2, "summary", 10, fill=FAINT, **{"class": "stack-label"}),
                                   _text(x0 + 72, y0 - 2, "offer", 10, fill=FAINT, **{"class": "offering-name"})]
    n = len(seat.stack)
    cs = 17
    # the top and bottom tiles (the placeable ones) as chips with their symbols' letters, the top one under the
    # heading, the bottom one ending above the holdings; the tiles between them as thin colour bars (their
    # symbols in the hover text)
    first, last = y0 + 22, y0 + 112
    between = max(n - 2, 0)
    bar = min(8.0, (last - first - cs - 6) / max(between, 1))
    for j, tile_id in enumerate(seat.stack):
        edge = j == 0 or j == n - 1
        h = cs if edge else max(bar - 1.5, 1.5)
        y = first if j == 0 else last if j == n - 1 else first + cs + 4 + (j - 1) * bar
        pos = ("top" if j == 0 else "") + (" bottom" if j == n - 1 else "")
        sid = f"p{k}:stack:top" if j == 0 else f"p{k}:stack:bottom" if j == n - 1 else None
        symbols = tiles[tile_id].symbols if tile_id in tiles else ()
        title = (f"{seat.colour}'s fate tile ({', '.join(map(tile_name, symbols))}), "
                 + ("top of the action summary board" if j == 0 else "bottom of the action summary board"
                    if j == n - 1 else f"{j + 1}. on the action summary board (not placeable until it is top or "
                                       f"bottom)"))
        items.append(_rect(x0, y - 1, 3 * cs + 2, h + 2, rx=2, id=sid, fill="#ffffff",
                           stroke="#1d1d1d" if sid else "#9c8f76", stroke_width=1.3 if sid else 0.8, title=title,
                           clickable=True if sid else None,
                           label_at=([_r(x0 + 26), _r(y - 10)] if j == 0 else [_r(x0 + 26), _r(y + cs + 10)])
                           if sid else None,
                           **{"class": f"stack-tile {pos}".strip()}))
        for m, symbol in enumerate(symbols):
            act = c.action_types.get(symbol)
            sfill = _ACTION_COLOUR.get(act.colour, colour_of(act.colour)) if act else "#cccccc"
            items.append(_rect(x0 + 1 + m * cs, y, cs, h, fill=sfill, stroke="#888888", stroke_width=0.5,
                               target=sid, title=title, **{"class": f"stack-symbol {symbol}"}))
            if edge:
                items.append(_text(x0 + 1 + m * cs + cs / 2, y + cs / 2 + 0.5, shorts.get(symbol, symbol[:2]), 11.5,
                                   fill=_text_on(sfill), target=sid, **{"class": "stack-symbol-label"}))
    if not n:
        items.append(_text(x0 + 26, y0 + 20, "empty", 10, fill=FAINT, **{"class": "stack-empty"}))
    # the two offering discs: the top stack's beside the top of the summary board, the bottom's lower down
    for j, name in enumerate(("top", "bottom")):
        up = seat.offering_up[j]
        down = seat.offering_stacks[j]
        oid = f"p{k}:offering:{name}"
        x, y = x0 + 72, y0 + 24 + j * 70
        title = (f"{seat.colour}'s {name} offering stack: "
                 + (f"{up} face up" if up else "no disc face up") + f", {down} face down under it")
        fill = colour_of(up) if up else "#ffffff"
        items.append(_circle(x, y, 14, id=oid, fill=fill, stroke="#333333", stroke_width=1.3,
                             dash=None if up else "3 2", title=title, clickable=True, label_at=[_r(x + 36), _r(y)],
                             **{"class": f"offering {'up' if up else 'empty'} {name}"}))
        items.append(_text(x, y + 0.5, (up or "–")[:3], 11.5, weight=700, fill=_text_on(fill) if up else FAINT,
                           target=oid, **{"class": "offering-label"}))
        items.append(_text(x, y + 24, f"+{down}", 11.5, fill=FAINT, target=oid, **{"class": "offering-count"}))
        items.append(_text(x, y + 36, "down", 11.5, fill=FAINT, target=oid, **{"class": "offering-count"}))
    return items


def _guardian(colour: str, x: float, y: float, r: float, gid: str, title: str, where: str) -> dict[str, Any]:
    fill = colour_of(colour)
    return _circle(x, y, r, id=gid, fill=fill, stroke="#111111", stroke_width=1.5, title=title, clickable=True,
                   label_at=[_r(x), _r(y - r - 6)], **{"class": f"guardian {colour} {where}"})


def _bonfires_and_path(state: State, k: int, x0: float, y0: float) -> list[dict[str, Any]]:
    seat, c = state.seats[k], state.components
    pb = c.player_board
    n = len(pb.bonfires)
    cw = min(58.0, 408.0 / max(n, 1))
    w = cw - 6
    items: list[dict[str, Any]] = []
    on_bonfire = {at: colour for colour, where, at in seat.guardians if where == "bonfire"}
    on_path: dict[int, list[str]] = {}
    for colour, where, at in seat.guardians:
        if where == "path":
            on_path.setdefault(at, []).append(colour)

    def col_x(bonfire: int) -> float:
        return x0 + bonfire * cw + cw / 2

    for b in pb.bonfires:
        x = col_x(b.id)
        # the portal space
        pid = f"p{k}:portal:{b.id}"
        portal = seat.portals[b.id] if b.id < len(seat.portals) else None
        title = (f"{seat.colour}'s portal space of bonfire {b.id}: takes a {b.portal} portal; "
                 + (f"a {portal} portal lies here" if portal else "empty"))
        items.append(_rect(x - w / 2, y0, w, 18, rx=4, id=pid, fill="#6c5ce7" if portal else "#f1eefc",
                           stroke="#3d3199" if portal else "#a59fd6", stroke_width=1.1, dash=None if portal else "3 2",
                           title=title, clickable=True, label_at=[_r(x), _r(y0 - 6)],
                           **{"class": "portal-space" + (" has-portal" if portal else "")}))
        items.append(_text(x, y0 + 9.5, portal or b.portal, 10, weight=700 if portal else None,
                           fill="#ffffff" if portal else "#6f66b0", target=pid,
                           **{"class": f"portal {portal}" if portal else "portal-need"}))
        # the bonfire and its task disc
        bid = f"p{k}:bonfire:{b.id}"
        disc = seat.tasks[b.id]
        lit = seat.lit[b.id]
        by = y0 + 46
        if disc:
            d = c.task_discs[disc]
            title = (f"{seat.colour}'s bonfire {b.id}: {'lit' if lit else 'not lit'}; "
                     + _disc_title(c, disc, "on this bonfire"))
        else:
            title = f"{seat.colour}'s bonfire {b.id}: no task disc yet"
        items.append(_circle(x, by, min(23.0, w / 2 - 1), id=bid, fill="#f39c12" if lit else "#6b4f3a",
                             stroke="#b35900" if lit else "#3d2b1f", stroke_width=2.2 if lit else 1.2, title=title,
                             clickable=True, label_at=[_r(x), _r(by + 29)],
                             **{"class": f"bonfire {'lit' if lit else 'unlit'}" + (" has-task" if disc else "")}))
        if disc:
            d = c.task_discs[disc]
            dfill = colour_of(d.colour)
            items.append(_circle(x, by, 14, fill=dfill, stroke="#ffffff" if lit else "#222222",
                                 stroke_width=2 if lit else 1, target=bid, title=title,
                                 **{"class": f"bonfire-disc {d.colour}" + (" lit" if lit else "")}))
            items.append(_text(x, by + 0.5, str(d.points), 12, weight=700, fill=_text_on(dfill), target=bid,
                               **{"class": "bonfire-points"}))
            items.append(_text(x, by + 29, disc + (" ✓" if lit else ""), 9.5, fill=INK if lit else FAINT, target=bid,
                               **{"class": "bonfire-disc-id"}))
        else:
            items.append(_text(x, by + 0.5, str(b.id), 11, fill="#d9c7b0", target=bid, **{"class": "bonfire-number"}))
        # the guardian space
        gy = y0 + 82
        gid = f"p{k}:guard:{b.id}"
        here = on_bonfire.get(b.id)
        items.append(_rect(x - w / 2, gy, w, 22, rx=4, id=gid, fill="#efe6f5" if here else "#faf6fc",
                           stroke="#8e44ad", stroke_width=1, title=f"{seat.colour}'s guardian space of bonfire {b.id}: "
                                                                   f"a guardian here scores {b.guardian_points} points"
                                                                   + (f"; {here} guardian stands here" if here else ""),
                           clickable=True, label_at=[_r(x), _r(gy + 11)],
                           **{"class": "guard-space" + (" occupied" if here else "")}))
        items.append(_text(x + (8 if here else 0), gy + 11.5, f"+{b.guardian_points}", 11, weight=600,
                           fill="#6c3483", target=gid, **{"class": "guard-points"}))
        if here:
            items.append(_guardian(here, x - 12, gy + 11, 7.5, f"p{k}:guardian:{here}",
                                   f"{seat.colour}'s {here} guardian on bonfire {b.id} ({b.guardian_points} points)",
                                   "on-bonfire"))
    # the path: the starting tile beside its bonfire, slot s beside its bonfire
    py = y0 + 110
    slots = [(0, pb.start_bonfire, None)] + [(s.id, s.bonfire, s.cost) for s in pb.path_slots]
    for i, bonfire, cost in slots:
        x = col_x(bonfire)
        pid = f"p{k}:path:{i}"
        if i == 0:
            title = (f"{seat.colour}'s starting path tile: a guardian ending her move here gains "
                     f"{pb.start_resource}")
            items.append(_rect(x - w / 2, py, w, 44, rx=5, id=pid, fill="#e9e0c8", stroke="#5a4a2a", stroke_width=1.6,
                               title=title, clickable=True, label_at=[_r(x), _r(py + 27)],
                               **{"class": "path-slot start"}))
            items.append(_text(x, py + 7, "start", 9.5, weight=700, target=pid, **{"class": "path-start"}))
            items.append(_text(x, py + 20, *_fit_name(pb.start_resource, w - 8, MIN_FONT), fill="#5a4e40", target=pid,
                               title=title, **{"class": "path-resource"}))
        else:
            kind = seat.path[i - 1] if i - 1 < len(seat.path) else None
            if kind:
                title = (f"{seat.colour}'s path tile {i}: {kind.split()[0]} crystal, {kind.split(' ', 1)[1]} (beside "
                         f"bonfire {bonfire})")
            else:
                title = f"{seat.colour}'s path slot {i}: empty; building it costs {cost} path tile{'s' * (cost != 1)}"
            items += _path_tile(kind, x - w / 2, py, w, 44, pid, title,
                                extra="path-slot built" if kind else "path-slot", cost=cost,
                                label_dy=23 if i % 2 else 37)   # neighbours' labels on different lines
        walkers = on_path.get(i, [])
        where = "the starting tile" if i == 0 else f"path tile {i}"
        for m, colour in enumerate(walkers):
            if i == 0:   # a row under the words (up to 5 guardians may wait here)
                step = min(12.0, (w - 10) / max(len(walkers) - 1, 1))
                gx, gy = x - (len(walkers) - 1) * step / 2 + m * step, py + 37.5
            else:        # beside the crystal, then under it
                row, side = divmod(m, 2)
                gx, gy = x + (-1 if side == 0 else 1) * (w / 2 - 9), py + 12 + row * 14
            items.append(_guardian(colour, gx, gy, 5.5, f"p{k}:guardian:{colour}",
                                   f"{seat.colour}'s {colour} guardian on {where}", "on-path"))
    return items


def _holdings(state: State, k: int, x0: float, y0: float) -> list[dict[str, Any]]:
    """The action tiles and resources held (one chip per kind, in ``state.index`` order, all on one line within the
    board), then the gnomes recruited (a line of chips within the board, up to six) and, on the line under them, the
    common tasks fulfilled ("none" before any), so the two never meet whatever their numbers."""
    seat, c, ix = state.seats[k], state.components, state.index
    # the headings above the chips, so the chips have the whole line (wide enough for a tile's name)
    items: list[dict[str, Any]] = [_text(x0, y0 + 5, "tiles", 11.5, anchor="start", weight=700,
                                         **{"class": "holding-label"})]
    gap = 9.0
    y0 += 12
    room = BOARD_W - 20 - gap
    pitch = _r(min(56.0, room / max(len(ix.actions) + len(ix.resources), 1)))
    cw = pitch - 3
    x = x0
    for action, n in zip(ix.actions, seat.tiles):
        items += _tile_chip(c, action, n, x, y0, cw, 30, f"p{k}:tile:{action}", f"held-tile {action}",
                            f"{seat.colour} holds {n} {c.action_types[action].name} action tile{'s' * (n != 1)}")
        x += pitch
    x += gap - 3
    items.append(_text(x, y0 - 7, "resources", 11.5, anchor="start", weight=700, **{"class": "holding-label"}))
    for resource, n in zip(ix.resources, seat.resources):
        rid = f"p{k}:resource:{resource}"
        fill = colour_of(resource)
        items.append(_rect(x, y0, cw, 30, rx=5, id=rid, fill="#fffaf0" if n else "#f1ece1", stroke="#a99f86",
                           stroke_width=1, opacity=None if n else 0.7, title=f"{seat.colour} holds {n} {resource}",
                           clickable=True, label_at=[_r(x + cw / 2), _r(y0 + 38)],
                           **{"class": f"held-resource {resource}" + ("" if n else " none")}))
        items.append(_circle(x + 10, y0 + 15, 7, fill=fill, stroke="#555555", stroke_width=0.7, target=rid,
                             **{"class": f"resource-dot {resource}"}))
        items.append(_text(x + (cw + 17) / 2, y0 + 15.5, str(n), 12, weight=700, fill=INK if n else FAINT,
                           target=rid, **{"class": "resource-count"}))
        short = _fit_name(resource, cw, MIN_FONT)[0]     # cut to the chip's width (in full on hover)
        items.append(_text(x + cw / 2, y0 + 37, short, MIN_FONT, fill=FAINT, target=rid, **{"class": "resource-name"}))
        x += pitch
    # gnomes recruited on their line, the common tasks fulfilled on the next (so the two never meet)
    gy = y0 + 44
    items.append(_text(x0, gy + 12, "gnomes", 11, anchor="start", weight=700, **{"class": "holding-label"}))
    gx = x0 + 58
    names = [c.elders[card].name if card in c.elders else c.specialists[card].name for card in seat.gnomes]
    widths = _gnome_chip_widths(names, x0 + BOARD_W - 20 - gx)
    for card, name, gw in zip(seat.gnomes, names, widths):
        items += _gnome_chip(c, card, gx, gy, gw, f"p{k}:gnome:{card}", name)
        gx += gw + GNOME_GAP
    if not seat.gnomes:
        items.append(_text(gx, gy + 12, "none", 10, anchor="start", fill=FAINT, **{"class": "gnomes-none"}))
    ty = gy + 38
    items.append(_text(x0, ty, "common tasks", 11, anchor="start", weight=700, **{"class": "holding-label"}))
    done = [c.common_tasks[t].name for t in seat.common]
    text = ", ".join(done) if done else "none"
    tx = x0 + 110      # after the bold heading; the names shrink (never happens with ours) rather than run off
    items.append(_text(tx, ty, text, _r(min(MIN_FONT, (x0 + BOARD_W - 20 - tx) / (1.08 * _em(text)))), anchor="start",
                       fill="#2e6b3a" if done else FAINT,
                       title=(f"{seat.colour} fulfilled the common tasks {text}" if done
                              else f"{seat.colour} has fulfilled no common task yet"),
                       **{"class": "common-held" if done else "common-held none"}))
    return items


GNOME_GAP = 4.0
"""Gap between two recruited gnome chips on a player board."""
GNOME_SIZE = MIN_FONT
"""Font size of a recruited gnome's name (smaller when six long names share the line)."""


def _gnome_chip_widths(names: Sequence[str], room: float) -> list[float]:
    """Widths of the gnome chips named ``names``, side by side with :data:`GNOME_GAP` between them within
    ``room``: each as wide as its name at :data:`GNOME_SIZE` (semi-bold: :data:`BOLD` times :func:`_em`) plus 12,
    all narrowed in proportion when they would not fit."""
    natural = [12 + BOLD * GNOME_SIZE * _em(name) for name in names]
    free = room - GNOME_GAP * max(len(names) - 1, 0)
    scale = min(1.0, free / sum(natural)) if natural else 1.0
    return [_r(w * scale - 0.01) for w in natural]


def _gnome_chip(c: Components, card: str, x: float, y: float, w: float, gid: str, name: str) -> list[dict[str, Any]]:
    elder = card in c.elders
    if elder:
        e = c.elders[card]
        title = f"{e.name}, an elder, recruited: scored {e.points} points"
    else:
        s = c.specialists[card]
        title = f"{s.name}, a specialist, recruited: {s.ability}"
    shown, size = _fit_name(name, w - 8, GNOME_SIZE, bold=True)
    return [_rect(x, y, w, 24, rx=5, id=gid, fill="#f6e7a8" if elder else "#cfe0f5",
                  stroke="#8a7f5a" if elder else "#5b7fa8", stroke_width=1.1, title=title, clickable=True,
                  label_at=[_r(x + w / 2), _r(y + 18)],
                  **{"class": f"gnome-card {'elder' if elder else 'specialist'} recruited"}),
            _text(x + w / 2, y + 12.5, shown, size, weight=600, target=gid, title=title, **{"class": "gnome-name"})]


# ---- the strip ------------------------------------------------------------------------------------------------
def step_words(state: State) -> str:
    """One line saying what is due now, e.g. ``"orange chooses the starting fate tile (the spare or the 4th
    tile)"``, ``"green pays: 1 task tile missing"``, ``"chance: a task disc is dealt to Mossbank"``; at the end,
    who won."""
    if state.is_terminal:
        winners = state.winners()
        return (f"Game over: {' and '.join(winners)} win{'s' if len(winners) == 1 else ''} "
                f"({', '.join(f'{p} {b.total}' for p, b in state.scores().items())})")
    step = state.pending[0]
    c = state.components
    who = _who(state, step.seat) if step.seat is not None else _who(state, state.turn)
    if step.kind == "deal":
        if step.what == "task":
            name = c.islands[step.target].name if step.target in c.islands else step.target
            return f"chance: a task disc is dealt to {name}"
        if step.what == "elder":
            return "chance: an elder card is dealt to the display"
        if step.what == "specialist":
            return f"chance: a specialist is turned up for display place {step.target}"
        if step.what == "portal":
            return f"chance: a portal is dealt to the Great Bonfire space {_words(str(step.target))}"
        if step.what == "path":
            return f"chance: a path tile is turned up for display slot {step.target}"
        if step.what == "offering":
            stack = ("top", "bottom")[step.target] if step.target in (0, 1) else step.target
            return f"chance: {who} turns up the next offering disc of the {stack} stack"
        if step.what == "start":
            return "chance: the start player is drawn"
        return f"chance: {step.what} is drawn"
    if step.kind == "start-tile":
        return f"{who} chooses the starting fate tile (the spare or the 4th tile of the summary board)"
    if step.kind == "act":
        if step.flag:   # tiles returned this turn: only returns (while over the limit) or a fate tile are left
            seat = state.seats[step.seat if step.seat is not None else state.turn]
            limit = fate_limit(seat)
            if sum(seat.tiles) > limit:
                return (f"{who} has returned tiles: return more, down to {_plural(limit, 'tile')} held, then place "
                        "a fate tile")
            return f"{who} has returned tiles: place a fate tile now"
        if state.countdown and state.countdown <= len(COUNTDOWN):
            return (f"countdown round {state.countdown} of {len(COUNTDOWN)}: {who} to act, or pass and score "
                    f"{COUNTDOWN[state.countdown - 1]} points")
        return f"{who} to act: place a fate tile, take an action, or light a bonfire"
    if step.kind == "cover":
        missing = []
        if step.count:
            missing.append(f"{step.count} {_words(step.what or 'action')} tile{'s' * (step.count != 1)}")
        missing += ["a resource of their choice" if r == "any" else r for r in step.items]
        return f"{who} pays: {', '.join(missing) or 'nothing'} missing"
    if step.kind == "dock":
        name = c.islands[step.target].name if step.target in c.islands else step.target
        return f"{who} docks at {name}: claim a task disc or a guardian there, or skip"
    if step.kind == "march":
        free = movers(state, step) if step.items else ("?",)
        first = " or the ".join(free) + (" (on one tile: your choice)" if len(free) > 1 else "")
        rest = [g for g in step.items if g not in free]
        more = f" (then {', '.join(rest)})" if rest else ""
        return (f"{who} moves the {first} guardian: up to {_plural(step.count, 'step')}{more}"
                + ("; her stop gains a resource" if step.flag else ""))
    if step.kind == "sit":
        novice = "a neutral novice" if step.what == "neutral" else "a novice"
        return f"{who} puts {novice} on a council seat"
    if step.kind == "take":
        noun = "resource" if step.what == "resource" else "action tile"
        return f"{who} chooses {step.count} {noun}{'s' * (step.count != 1)}"
    if step.kind == "then":
        return f"the engine carries out {who}'s {step.action}"
    if step.kind == "end-turn":
        return f"{who}'s turn ends"
    return f"{who}: {step.kind}"


def _button(bid: str, label: str, x: float, y: float, chosen: bool) -> tuple[list[dict[str, Any]], float]:
    w = _r(18 + 6.6 * len(label))
    name = bid.split(":", 1)[1] if ":" in bid else bid
    items = [_rect(x, y, w, BUTTON_HEIGHT, rx=6, id=bid, fill="#f4ecd8", stroke=SELECTED if chosen else "#6b5d4d",
                   stroke_width=2.5 if chosen else 1.4, title=label, clickable=True,
                   label_at=[_r(x + w / 2), _r(y + BUTTON_HEIGHT + 9)],
                   **{"class": f"button {name.split(':')[0]}"}),
             _text(x + w / 2, y + BUTTON_HEIGHT / 2 + 0.5, label, 12, target=bid, **{"class": "button-label"})]
    return items, w


def _note(kind: str, text: str, top: float, width: float) -> tuple[list[dict[str, Any]], float]:
    """The note box (see :func:`board_scene`) with its top at ``top``: its items and its height."""
    fill, stroke, ink = NOTE_STYLE.get(kind, NOTE_STYLE["info"])
    per_line = max(20, int((width - 2 * MARGIN - 20) / (0.6 * NOTE_SIZE)))
    lines = textwrap.wrap(text, per_line) or [""]
    if len(lines) > NOTE_LINES:
        lines = lines[:NOTE_LINES]
        lines[-1] = lines[-1][:per_line - 1].rstrip() + "…"
    height = 10 + 17 * len(lines)
    items = [_rect(MARGIN, top, width - 2 * MARGIN, height, rx=6, fill=fill, stroke=stroke, stroke_width=2,
                   title=text, **{"class": f"note {kind}"})]
    for m, line in enumerate(lines):
        items.append(_text(MARGIN + 10, top + 13.5 + 17 * m, line, NOTE_SIZE, anchor="start", weight=600, fill=ink,
                           title=text, **{"class": "note-text"}))
    return items, height


def _strip(state: State, top: float, width: float, buttons: Sequence[tuple[str, str]], chosen: set[str],
           note: tuple[str, str] | None = None) -> tuple[list[dict[str, Any]], float]:
    """The strip from ``top``: the step line, the note, the buttons (wrapped into rows); its items and height."""
    items: list[dict[str, Any]] = []
    y = top + 16
    items.append(_text(MARGIN, y, step_words(state), 13.5, anchor="start", weight=700,
                       fill="#7a2318" if state.is_terminal else INK, **{"class": "step-words"}))
    y += 12
    if note is not None:
        kind, text = note
        parts, h = _note(str(kind), str(text), y, width)
        items += parts
        y += h + 4
    if buttons:
        y += 4
        x = MARGIN
        for bid, label in buttons:
            parts, w = _button(bid, label, x, y, bid in chosen)
            if x + w > width - MARGIN and x > MARGIN:
                y += BUTTON_HEIGHT + 8
                x = MARGIN
                parts, w = _button(bid, label, x, y, bid in chosen)
            items += parts
            x += w + 8
        y += BUTTON_HEIGHT + 10
    height = _r(max(y - top, STRIP_HEIGHT if buttons else 30.0))
    items.insert(0, _rect(0, top - 4, width, height + 4, fill="#e2d6bd", **{"class": "strip"}))
    return items, height


def _outlines(items: list[dict[str, Any]], ids: set[str]) -> list[dict[str, Any]]:
    """An outline over each item whose id is selected, in scene order."""
    out: list[dict[str, Any]] = []
    done: set[str] = set()
    for item in list(items):
        iid = item.get("id")
        if iid not in ids or iid in done:
            continue
        done.add(iid)
        cls = f"selection {iid.partition(':')[0]}"
        if item["shape"] == "rect":
            out.append(_rect(item["x"] - 2, item["y"] - 2, item["w"] + 4, item["h"] + 4, rx=item.get("rx"),
                             fill="none", stroke=SELECTED, stroke_width=3, **{"class": cls}))
        elif item["shape"] == "circle":
            out.append(_circle(item["cx"], item["cy"], item["r"] + 3, fill="none", stroke=SELECTED, stroke_width=3,
                               **{"class": cls}))
    return out
