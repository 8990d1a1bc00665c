"""Legibility checks over a board view's scene (issue 18): no label covers a name, a house, a value or a piece.

A scene (``widgets.base.SCENE_FORMAT``) is a list of items; :func:`box` gives each one's bounding box in scene
units, estimating a text's width from its length and font size (``CHAR_WIDTH`` ems per character, a little wide
for the sans-serif fonts the views use, so the check errs on the side of an overlap). Highlight labels (the
``label`` of a lit item, drawn in bold 12-unit type at the item's ``label_at`` or centre, as
``widgets/static/board_view.js`` draws them) are items too: :func:`highlight_labels`.

Each game's scene test names what must stay readable (``protected``: district names, houses, stall values,
pieces) and what may be written over the board (``labels``), and asserts :func:`covered` is empty on a busy
mid-game position.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from typing import Any

CHAR_WIDTH = 0.58
"""Estimated width of one character, in ems (bold text: ``BOLD_WIDTH``)."""
BOLD_WIDTH = 0.64
LABEL_SIZE = 12
"""The font size of highlight labels (``board_view.js``)."""

Box = tuple[float, float, float, float]


def box(item: dict[str, Any]) -> Box | None:
    """``(x0, y0, x1, y1)`` of a scene item, or None for a shape without a box (a path)."""
    shape = item.get("shape")
    if shape == "text":
        size = float(item.get("size", 12))
        width = len(str(item.get("text", ""))) * size * (BOLD_WIDTH if item.get("weight") else CHAR_WIDTH)
        x, y = float(item["x"]), float(item["y"])
        anchor = item.get("anchor", "middle")
        x0 = x - width / 2 if anchor == "middle" else x - width if anchor == "end" else x
        return x0, y - size / 2, x0 + width, y + size / 2
    if shape == "rect":
        return item["x"], item["y"], item["x"] + item["w"], item["y"] + item["h"]
    if shape == "circle":
        r = item["r"]
        return item["cx"] - r, item["cy"] - r, item["cx"] + r, item["cy"] + r
    if shape == "polygon" and item.get("points"):
        xs, ys = zip(*item["points"])
        return min(xs), min(ys), max(xs), max(ys)
    if shape == "line":
        return (min(item["x1"], item["x2"]), min(item["y1"], item["y2"]),
                max(item["x1"], item["x2"]), max(item["y1"], item["y2"]))
    return None


def overlap(a: Box, b: Box, margin: float = 0.5) -> float:
    """The area two boxes share, each shrunk by ``margin`` on every side (touching is not covering)."""
    w = min(a[2], b[2]) - max(a[0], b[0]) - 2 * margin
    h = min(a[3], b[3]) - max(a[1], b[1]) - 2 * margin
    return w * h if w > 0 and h > 0 else 0.0


def highlight_labels(scene: dict[str, Any], highlights: dict[str, dict[str, str]]) -> list[dict[str, Any]]:
    """The highlight labels as text items (id ``"label:<item id>"``), where the browser draws them."""
    out = []
    for item in scene.get("items", []):
        mark = highlights.get(item.get("id", ""))
        if not mark or not mark.get("label") or item.get("shape") == "text":
            continue
        at = item.get("label_at")
        if at is None:
            b = box(item)
            if b is None:
                continue
            at = ((b[0] + b[2]) / 2, (b[1] + b[3]) / 2)
        out.append({"id": f"label:{item['id']}", "shape": "text", "x": at[0], "y": at[1], "size": LABEL_SIZE,
                    "weight": "600", "text": mark["label"]})
    return out


def covered(items: Iterable[dict[str, Any]], *, labels: Callable[[dict[str, Any]], bool],
            protected: Callable[[dict[str, Any]], bool], margin: float = 0.5) -> list[str]:
    """Every case of a label covering a protected item, as ``"<label text> covers <item id or text>"``.

    Args:
        items: the scene's items and its highlight labels (:func:`highlight_labels`).
        labels: which items are labels written over the board.
        protected: which items must stay readable (never covered by a label).
        margin: scene units each box is shrunk by before testing (touching is allowed).
    """
    items = list(items)
    shown = [(i, box(i)) for i in items if labels(i)]
    kept = [(i, box(i)) for i in items if protected(i)]
    problems = []
    for label, lb in shown:
        if lb is None:
            continue
        for item, ib in kept:
            if item is label or ib is None:
                continue
            if overlap(lb, ib, margin) > 0:
                what = item.get("id") or repr(item.get("text"))
                problems.append(f"{label.get('text')!r} ({label.get('id')}) covers {what} ({item.get('text', '')})")
    return problems
