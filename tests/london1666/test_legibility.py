"""A legible map (issue 18): in busy mid-game positions no label covers a district's name, a house or a piece,
and no two district names overlap. Labels are the highlight labels the browser writes on lit districts
(``priority 2``, ``band``, ``source``...); the fire counts are written inside their cones. Boxes are estimated from the text length
(``tests/scene_checks.py``)."""

from __future__ import annotations

import random

import pytest

from scene_checks import box, covered, highlight_labels, overlap

from explorer.core import Record
from widgets.london1666.view import LondonView

PIECES = {"house", "pawn", "pawn-disc", "band", "token", "objective"}


def kind(item: dict) -> str:
    return ((item.get("class") or "").split() or [""])[0]


def busy(seed: int, phase: str, turn: int) -> LondonView:
    """A random 4-player game played on to ``turn`` and the first ``phase`` after it, you (blue) to act."""
    record = Record("london1666", seed=seed, options={"players": 4})
    chooser = random.Random(seed)
    while not (record.state.turn >= turn and record.state.phase == phase and record.state.active == 0
               and not record.state.is_chance_node):
        assert not record.state.is_terminal
        record.play(chooser.choice(record.state.legal_actions()))
    return LondonView(record, bots={1, 2, 3})


@pytest.mark.parametrize("seed, phase, turn", [(3, "actions", 9), (3, "spread", 9), (11, "spread", 13),
                                               (11, "actions", 13), (1666, "spread", 5)])
def test_no_label_covers_a_name_a_house_or_a_piece(seed, phase, turn):
    view = busy(seed, phase, turn)
    if phase == "spread":  # pick a card: its destinations are lit, with their priorities where they differ
        view.click(next(k for k, m in view.highlights.items() if k.startswith("card-") and m["tone"] == "legal"))
    labels = highlight_labels(view.scene, view.highlights)
    assert labels or phase == "spread", "the action phase labels some lit districts"
    items = view.scene["items"] + labels
    problems = covered(items, labels=lambda i: str(i.get("id", "")).startswith("label:"),
                       protected=lambda i: kind(i) in PIECES | {"name", "fire", "fire-count", "objective-value"})
    assert problems == []


def test_no_two_district_names_overlap():
    view = busy(3, "actions", 9)
    names = [i for i in view.scene["items"] if kind(i) == "name"]
    districts = {i["class"].split()[-1] for i in names}
    clashes = [(a["text"], b["text"]) for n, a in enumerate(names) for b in names[n + 1:]
               if a["class"] != b["class"] and overlap(box(a), box(b)) > 0]
    assert len(districts) >= 60 and clashes == []
