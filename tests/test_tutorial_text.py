"""Every tutorial reads as a page (issue 18): at most 15 % of the text a learner sees unfolded is pre-formatted
(printed transcripts, notation, inline code); the engine's steps are folded behind "Show the engine's steps"
(``widgets.tutorial``). Measured on the stored notebooks, as Voila shows them (``tests/tutorial_text.py``)."""

from __future__ import annotations

from pathlib import Path

import pytest

from tutorial_text import text_shares

TUTORIALS = sorted((Path(__file__).resolve().parents[1] / "notebooks").glob("*/0*.ipynb"))


def test_there_are_three_tutorials_per_game():
    assert len(TUTORIALS) == 12


@pytest.mark.parametrize("path", TUTORIALS, ids=lambda p: f"{p.parent.name}/{p.stem}")
def test_a_tutorial_is_mostly_prose_with_its_transcripts_folded(path):
    shares = text_shares(path)
    assert shares["pre_share"] <= 0.15, shares
    assert shares["folded"] > 0 and shares["plain"] >= 500, shares
