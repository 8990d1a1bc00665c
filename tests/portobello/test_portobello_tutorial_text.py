"""The Portobello tutorials read as a learner's page (issue 18): at most 15 % of the visible text is pre-formatted
(the engine's transcripts are folded behind "Show the engine's steps"), and each page opens with its rules in
plain words, at least 150 words of prose before the first fold, with a picture of the board.

Measured on the stored notebooks as Voila shows them (``tests/tutorial_text.py``); refresh them with
``tools/refresh_notebooks.py`` after an edit. Rules: seed 001 (setup p. 1-2, the turn p. 2-3, scoring p. 3-4).
"""

from __future__ import annotations

import sys
from pathlib import Path

import nbformat
import pytest

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))
from tutorial_text import opening, text_shares  # noqa: E402

NOTEBOOKS = Path(__file__).resolve().parents[2] / "notebooks" / "portobello"
TUTORIALS = ["01_setup.ipynb", "02_turn_and_priorities.ipynb", "03_scoring.ipynb"]


@pytest.mark.parametrize("name", TUTORIALS)
def test_at_most_15_percent_of_the_page_is_pre_formatted(name):
    shares = text_shares(NOTEBOOKS / name)
    assert shares["plain"] > 1000 and shares["folded"] > 500  # the prose is there, and the transcripts are folded
    assert shares["pre_share"] <= 0.15, shares


@pytest.mark.parametrize("name", TUTORIALS)
def test_each_tutorial_opens_with_its_rules_in_plain_words_and_a_picture(name):
    words, pictures = opening(NOTEBOOKS / name)
    assert words >= 150 and pictures >= 1, (words, pictures)


@pytest.mark.parametrize("name", TUTORIALS)
def test_no_rule_id_in_brackets_and_no_python_value_on_the_page(name):
    """Rule ids appear as small links; Python values (reprs, True/False, lists) not even in a fold."""
    nb = nbformat.read(NOTEBOOKS / name, as_version=4)
    shown = [cell.source for cell in nb.cells if cell.cell_type == "markdown"]
    shown += ["".join(out.get("data", {}).get("text/plain", "")) + "".join(out.get("text", ""))
              for cell in nb.cells if cell.cell_type == "code" for out in cell.get("outputs", [])
              if "image/svg+xml" not in out.get("data", {})]
    page = "\n".join(shown)
    for bad in ("`portobello.", "True", "False", "None", "Options(", "random.Random(", "['", "{'", "('"):
        assert bad not in page, bad
