"""The highlight tones every board draws, in one place: the browser's CSS (:func:`tone_css`), the static SVG of
the tutorials (``widgets.svg``) and the scenes that draw their own outlines (Flash Point) read them from here.

A highlight must never be taken for a player's colour (issue 18: a green "you may click this" ring round the
green player's pawn reads as "this is green's"). So no tone uses a player colour of any game (red, blue, green,
yellow, orange, purple, black, white: ``tests/test_tones.py`` keeps them far apart in colour), and the tones a
player meets unasked are drawn dashed or dotted, a pattern no piece uses: ``legal`` (what may be clicked now) is
a dashed cyan ring, ``selected`` (the item picked) a solid magenta one, ``warning`` a dotted dark brown one and
``hint`` (a move a lesson points at) a dashed lime one. ``many`` is ``legal`` drawn thin, for a click allowed
almost anywhere (London's set-up lights 52 districts), so the map under it stays readable.
"""

from __future__ import annotations

from typing import NamedTuple

__all__ = ["Tone", "HIGHLIGHTS", "tone_css", "stroke_of"]


class Tone(NamedTuple):
    """How a highlight is drawn: the outline's colour, its width (scene units) and its dash pattern (``None``:
    solid)."""

    colour: str
    width: float
    dash: str | None


HIGHLIGHTS: dict[str, Tone] = {
    "legal": Tone("#00a6d1", 4, "8 4"),
    "selected": Tone("#e6007e", 5, None),
    "warning": Tone("#6b3f00", 4, "2 3"),
    "hint": Tone("#8fd400", 5, "7 3"),
    "many": Tone("#00a6d1", 2, "8 4"),
}
"""The tones by name (``widgets.base.TONES``)."""

LABEL_COLOUR = "#0b4a5e"
"""The colour of a highlight label's letters (a dark shade of the ``legal`` tone)."""


def stroke_of(tone: str) -> dict[str, object]:
    """Scene-item style keys (``stroke``, ``stroke_width``, ``dash``) drawing ``tone`` (unknown: ``legal``).

    >>> stroke_of("selected")
    {'stroke': '#e6007e', 'stroke_width': 5, 'dash': None}
    """
    t = HIGHLIGHTS.get(tone, HIGHLIGHTS["legal"])
    return {"stroke": t.colour, "stroke_width": t.width, "dash": t.dash}


def tone_css() -> str:
    """The CSS rules of the browser's highlight classes (``rx-hl-<tone>``), from :data:`HIGHLIGHTS`.

    >>> tone_css().splitlines()[0]
    '.rx-hl-legal { stroke: #00a6d1 !important; stroke-width: 4px !important; stroke-dasharray: 8 4 !important; }'
    """
    rules = [f".rx-hl-{name} {{ stroke: {t.colour} !important; stroke-width: {t.width:g}px !important; "
             f"stroke-dasharray: {t.dash or 'none'} !important; }}" for name, t in HIGHLIGHTS.items()]
    rules.append(f".rx-hl-label {{ fill: {LABEL_COLOUR}; }}")
    return "\n".join(rules) + "\n"
