"""Highlights that cannot be taken for a player's colour (issue 18): every highlight tone (``widgets.tones``) is far
in colour (CIE76 ΔE, in CIELAB) from every player colour of every game's view, and from the other tones; the tones
a player meets unasked are dashed or dotted; the browser's CSS, the static SVG and Flash Point's own outlines all
draw them from the one table."""

from __future__ import annotations

import re

import pytest

from widgets.base import BoardView, TONES
from widgets.bonfire.overlays import PLAYER_COLOURS as BONFIRE_CHART
from widgets.bonfire.scene import PLAYER_FILL as BONFIRE
from widgets.flashpoint.scene import FF_FILL as FLASHPOINT
from widgets.flashpoint.scene import TONES as FLASHPOINT_TONES
from widgets.london1666.scene import HOUSE_FILL as LONDON
from widgets.portobello.scene import PLAYER_FILL as PORTOBELLO
from widgets.svg import scene_to_svg
from widgets.tones import HIGHLIGHTS, LABEL_COLOUR, stroke_of, tone_css

PLAYERS = {f"{game} {name}": colour for game, fills in (("portobello", PORTOBELLO), ("london", LONDON),
                                                         ("flashpoint", FLASHPOINT), ("bonfire", BONFIRE),
                                                         ("bonfire chart", BONFIRE_CHART))
           for name, colour in fills.items()}
FAR = 30
"""The least colour difference (ΔE) between a tone and a player colour, or two tones; about 2.3 is the smallest
difference an eye notices, and the old green highlight was 0 from the green players."""


def lab(colour: str) -> tuple[float, float, float]:
    """CIELAB (D65) of a ``#rrggbb`` colour."""
    rgb = [int(colour[i:i + 2], 16) / 255 for i in (1, 3, 5)]
    r, g, b = [c / 12.92 if c <= 0.04045 else ((c + 0.055) / 1.055) ** 2.4 for c in rgb]
    xyz = ((0.4124 * r + 0.3576 * g + 0.1805 * b) / 0.95047, 0.2126 * r + 0.7152 * g + 0.0722 * b,
           (0.0193 * r + 0.1192 * g + 0.9505 * b) / 1.08883)
    fx, fy, fz = [t ** (1 / 3) if t > 0.008856 else 7.787 * t + 16 / 116 for t in xyz]
    return 116 * fy - 16, 500 * (fx - fy), 200 * (fy - fz)


def delta_e(a: str, b: str) -> float:
    return sum((p - q) ** 2 for p, q in zip(lab(a), lab(b))) ** 0.5


def test_the_colour_difference_is_measured_right():
    assert delta_e("#2e8b57", "#2e8b57") == 0
    assert delta_e("#000000", "#ffffff") == pytest.approx(100, abs=0.1)
    assert delta_e("#2e8b57", "#2e6fb7") > FAR  # the green and blue players are told apart


DISTINCT = tuple(t for t in TONES if t != "many")
"""The tones that must look unlike each other; ``many`` is ``legal`` drawn thin."""


@pytest.mark.parametrize("tone", TONES)
def test_no_highlight_colour_is_or_looks_like_a_player_colour(tone):
    colour = HIGHLIGHTS[tone].colour
    assert len(PLAYERS) >= 25 and colour.lower() not in {c.lower() for c in PLAYERS.values()}
    nearest = min(PLAYERS, key=lambda name: delta_e(colour, PLAYERS[name]))
    assert delta_e(colour, PLAYERS[nearest]) >= FAR, (tone, nearest)
    if tone in DISTINCT:
        assert all(delta_e(colour, HIGHLIGHTS[other].colour) >= FAR for other in DISTINCT if other != tone)


def test_a_click_among_very_many_is_the_legal_ring_drawn_thinner():
    many, legal = HIGHLIGHTS["many"], HIGHLIGHTS["legal"]
    assert (many.colour, many.dash) == (legal.colour, legal.dash) and many.width < legal.width


def test_the_tones_a_player_meets_unasked_are_dashed_and_the_pick_is_solid():
    assert HIGHLIGHTS["legal"].dash and HIGHLIGHTS["warning"].dash and HIGHLIGHTS["hint"].dash
    assert len({HIGHLIGHTS[t].dash for t in ("legal", "warning", "hint")}) == 3
    assert HIGHLIGHTS["selected"].dash is None


def test_every_drawing_takes_the_tones_from_one_table():
    css = BoardView._css
    for tone, t in HIGHLIGHTS.items():
        rule = re.search(rf"\.rx-hl-{tone} {{([^}}]*)}}", css).group(1)
        assert t.colour in rule and f"{t.width:g}px" in rule and (t.dash or "none") in rule
    highlight_rules = re.findall(r"\.rx-hl-[a-z]+ {[^}]*}", css)
    assert tone_css() in css and len(highlight_rules) == len(HIGHLIGHTS) + 3  # and the label's three rules
    assert not any(colour in rule for rule in highlight_rules for colour in PLAYERS.values())
    svg = scene_to_svg({"width": 100, "height": 40, "items": [
        {"shape": "rect", "x": 2, "y": 2, "w": 30, "h": 20, "id": "a", "stroke": "#2e8b57"},
        {"shape": "circle", "cx": 60, "cy": 12, "r": 9, "id": "b"}]},
        {"a": {"tone": "legal", "label": "+3"}, "b": {"tone": "selected", "label": ""}})
    assert f'stroke="{HIGHLIGHTS["legal"].colour}"' in svg and 'stroke-dasharray="8 4"' in svg
    assert f'stroke="{HIGHLIGHTS["selected"].colour}"' in svg and "#2e8b57" not in svg
    assert f'fill="{LABEL_COLOUR}"' in svg
    assert FLASHPOINT_TONES == {t: HIGHLIGHTS[t].colour for t in HIGHLIGHTS}
    assert stroke_of("nonsense") == stroke_of("legal")
