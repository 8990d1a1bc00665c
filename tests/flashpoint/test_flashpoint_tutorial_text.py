"""The Flash Point tutorials open with their rules in plain words (issue 18): a section "... in plain words" of one
page (250-450 words of prose, no inline code, no notation, the rules as small links) followed by a picture of the
building, before the first fold of engine steps; at most 15 % of each page pre-formatted.

Measured on the stored notebooks as Voila shows them (``tests/tutorial_text.py``); refresh them with
``tools/refresh_notebooks.py`` after an edit.
"""

from __future__ import annotations

import re
import sys
from pathlib import Path

import mistune
import nbformat
import pytest

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))
from tutorial_text import html_words, opening, text_shares  # noqa: E402

from explorer.flashpoint import RULES

NOTEBOOKS = Path(__file__).resolve().parents[2] / "notebooks" / "flashpoint"
TUTORIALS = ["01_setup.ipynb", "02_turn_and_fire.ipynb", "03_winning_and_losing.ipynb"]


def plain_part(path: Path) -> tuple[str, dict]:
    """The markdown of the "... in plain words" section and the cell drawn right after it."""
    cells = nbformat.read(path, as_version=4).cells
    k = next(i for i, c in enumerate(cells) if c.cell_type == "markdown" and c.source.startswith("## ")
             and "in plain words" in c.source.splitlines()[0])
    return cells[k].source, cells[k + 1]


@pytest.mark.parametrize("name", TUTORIALS)
def test_each_tutorial_opens_with_its_rules_in_plain_words_and_a_picture(name):
    words, pictures = opening(NOTEBOOKS / name)
    assert words >= 400 and pictures >= 1, (words, pictures)  # the introduction and the plain part, a picture
    text, drawn = plain_part(NOTEBOOKS / name)
    counted = html_words(mistune.create_markdown(plugins=["table"])(text))
    assert 250 <= counted["plain"] <= 450 and counted["pre"] == 0, counted
    assert "`" not in text and not re.search(r"\b\d,\d\b", text)  # no inline code, no notation's squares
    rules = re.findall(r'<a class="rx-rule" title="([^"]+)">rule</a>', text)
    assert len(rules) >= 5 and set(rules) <= set(RULES), rules
    assert any("image/svg+xml" in out.get("data", {}) for out in drawn.get("outputs", [])), drawn.source


@pytest.mark.parametrize("name", TUTORIALS)
def test_at_most_15_percent_of_the_page_is_pre_formatted(name):
    shares = text_shares(NOTEBOOKS / name)
    assert shares["folded"] > 1000 and shares["pre_share"] <= 0.15, shares
