"""Static SVG from a board-view scene: the same drawing as the interactive view, for tutorials and reports.

``scene_to_svg(scene)`` turns the JSON scene a view's ``render_scene`` returns (see ``widgets.base.SCENE_FORMAT``)
into SVG text; :class:`SvgImage` shows it in Jupyter and Voila without a kernel-side widget, so a tutorial can
draw the board after each step and nbval can run it.
"""

from __future__ import annotations

from html import escape
from typing import Any

from .tones import LABEL_COLOUR, stroke_of

__all__ = ["SvgImage", "scene_to_svg"]



def _attrs(**attrs: Any) -> str:
    return " ".join(f'{k.replace("_", "-")}="{escape(str(v))}"' for k, v in attrs.items() if v is not None)


def _points(points: list) -> str:
    return " ".join(f"{x:g},{y:g}" for x, y in points)


def _halo(item: dict[str, Any]) -> dict[str, Any]:
    """A text's ``halo``: an outline in that colour drawn under the letters, so lines under it do not cross them."""
    if not item.get("halo"):
        return {}
    return {"stroke": item["halo"], "stroke_width": 3, "stroke_linejoin": "round", "paint_order": "stroke"}


def _shape(item: dict[str, Any], mark: dict[str, str] | None) -> str:
    style = {"fill": item.get("fill"), "stroke": item.get("stroke"), "stroke_width": item.get("stroke_width"),
             "opacity": item.get("opacity"), "stroke_dasharray": item.get("dash")}
    if mark:
        tone = stroke_of(mark.get("tone", "legal"))
        style.update(stroke=tone["stroke"], stroke_width=tone["stroke_width"], stroke_dasharray=tone["dash"])
    classes = " ".join(filter(None, ["rx-item", item.get("class", "")]))
    common = {"class": classes, "data_id": item.get("id")}
    shape = item.get("shape")
    title = f"<title>{escape(item['title'])}</title>" if item.get("title") else ""
    if shape == "rect":
        tag = f"<rect {_attrs(x=item['x'], y=item['y'], width=item['w'], height=item['h'], rx=item.get('rx'), **style, **common)}>"
        return f"{tag}{title}</rect>"
    if shape == "circle":
        return f"<circle {_attrs(cx=item['cx'], cy=item['cy'], r=item['r'], **style, **common)}>{title}</circle>"
    if shape == "polygon":
        return f"<polygon {_attrs(points=_points(item['points']), **style, **common)}>{title}</polygon>"
    if shape == "path":
        return f"<path {_attrs(d=item['d'], **style, **common)}>{title}</path>"
    if shape == "line":
        return f"<line {_attrs(x1=item['x1'], y1=item['y1'], x2=item['x2'], y2=item['y2'], **style, **common)}/>"
    if shape == "text":
        text_attrs = _attrs(x=item["x"], y=item["y"], font_size=item.get("size"), fill=item.get("fill"),
                            text_anchor=item.get("anchor", "middle"), dominant_baseline="central",
                            font_weight=item.get("weight"), **_halo(item), **common)
        return f"<text {text_attrs}>{escape(str(item.get('text', '')))}</text>"
    return ""


def scene_to_svg(scene: dict[str, Any], highlights: dict[str, dict[str, str]] | None = None, *,
                 width: float | None = None) -> str:
    """SVG text for ``scene`` (items drawn in order), with ``highlights`` outlined like the interactive view.

    >>> scene_to_svg({"width": 20, "height": 10, "items": [{"id": "a", "shape": "circle", "cx": 5, "cy": 5, "r": 4}]})[:40]
    '<svg xmlns="http://www.w3.org/2000/svg" '

    Args:
        scene: ``{"width", "height", "background"?, "items": [...]}``.
        highlights: ``{item_id: {"label", "tone"}}``; labels are written at the item's ``label_at`` (default: its
            centre).
        width: display width in pixels (the drawing scales; default: the scene's own width). The picture never
            grows wider than its container: it shrinks to fit (``max-width: 100%``, the height following the
            ``viewBox``), so a wide board is not cut off in a narrow notebook cell.
    """
    highlights = highlights or {}
    w, h = scene.get("width", 100), scene.get("height", 100)
    parts = [(f'<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 {w:g} {h:g}" width="{width or w:g}" '
              f'style="max-width: 100%; height: auto" class="rx-board" font-family="system-ui, sans-serif">')]
    if scene.get("background"):
        parts.append(f'<rect x="0" y="0" width="{w:g}" height="{h:g}" fill="{escape(scene["background"])}"/>')
    labels = []
    for item in scene.get("items", []):
        mark = highlights.get(item.get("id", ""))
        parts.append(_shape(item, mark))
        if mark and mark.get("label") and item.get("shape") != "text":
            centre = _centre(item)
            if centre:
                labels.append(f'<text x="{centre[0]:g}" y="{centre[1]:g}" font-size="12" font-weight="600" '
                              f'fill="{LABEL_COLOUR}" text-anchor="middle" dominant-baseline="central" '
                              f'stroke="white" stroke-width="3" paint-order="stroke">{escape(mark["label"])}</text>')
    parts += labels
    parts.append("</svg>")
    return "".join(parts)


def _centre(item: dict[str, Any]) -> tuple[float, float] | None:
    if "label_at" in item:
        return tuple(item["label_at"])
    if item.get("shape") == "rect":
        return item["x"] + item["w"] / 2, item["y"] + item["h"] / 2
    if item.get("shape") == "circle":
        return item["cx"], item["cy"]
    if item.get("shape") == "polygon" and item.get("points"):
        xs, ys = zip(*item["points"])
        return sum(xs) / len(xs), sum(ys) / len(ys)
    return None


class SvgImage:
    """An SVG string that displays itself in Jupyter; ``str()`` gives the SVG text.

    Jupyter, nbconvert and Voila show the HTML form (``_repr_html_``): the SVG inline, so its own ``max-width:
    100%`` applies and a picture wider than the notebook cell shrinks to fit instead of being cut off (the
    ``image/svg+xml`` form, ``_repr_svg_``, is drawn as an ``<img>`` at its full width).
    """

    def __init__(self, svg: str) -> None:
        self.svg = svg

    def _repr_svg_(self) -> str:
        return self.svg

    def _repr_html_(self) -> str:
        return f'<div class="rx-static" style="max-width: 100%; overflow: hidden">{self.svg}</div>'

    def __str__(self) -> str:
        return self.svg

    def __repr__(self) -> str:
        return f"<SvgImage {len(self.svg)} characters>"
