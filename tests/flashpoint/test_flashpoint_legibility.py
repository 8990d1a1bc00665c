"""A legible building (issue 18): in busy mid-game positions no highlight label ("1 AP", "2 AP", "keeps 3 AP", a
die face's "17%") covers a name or number printed on the board (floor names, die rows and columns, vehicle
letters), a piece (fire, smoke, points of interest, victims, hazmats, objects, damage cubes, firefighters,
vehicles), a text of the strip, or another label. Labels are placed by ``widgets.flashpoint.scene.place_labels``;
boxes are estimated from the text length (``tests/scene_checks.py``)."""

from __future__ import annotations

import math
import random
import re

import pytest

from scene_checks import box, covered, highlight_labels

from explorer.core import Record
from widgets.flashpoint.overlays import random_action
from widgets.flashpoint.scene import board_scene
from widgets.flashpoint.view import FlashPointView

NAMES_AND_PIECES = {"floor-label", "floor-level", "die-column", "die-row", "marker", "marker-label", "poi",
                    "poi-label", "hazmat", "hazmat-label", "ff", "ff-letter", "ff-ap", "carried", "vehicle",
                    "vehicle-label", "damage-cube", "object", "object-name", "object-damage", "jam", "platform",
                    "platform-label", "staircase-label", "counter", "roster", "roster-text", "turn-line", "mode",
                    "button-label", "die", "die-label"}
"""The first classes of the items no label may cover (``widgets.flashpoint.scene``'s item classes), except
outlines (``fill: none``, such as the dashed square of a hot spot round its space)."""


def kind(item: dict) -> str:
    return ((item.get("class") or "").split() or [""])[0]


def kept_clear(item: dict) -> bool:
    """A name, a number or a piece (:data:`NAMES_AND_PIECES`), not an outline."""
    return kind(item) in NAMES_AND_PIECES and item.get("fill") != "none"


def busy(seed: int, plies: int, chance: bool = False, **options) -> FlashPointView:
    """A seeded game played forward by the random player (its chance steps drawn from the seed) for at least
    ``plies`` moves, stopped where a firefighter acts; with ``chance``, that firefighter then ends the turn on the
    board, and the view waits for the fire's roll to be chosen (the dice faces lit with their chances)."""
    record = Record("flashpoint", seed=seed, options=options)
    chooser = random.Random(seed)
    while len(record) < plies or record.state.phase != "actions":
        assert not record.state.is_terminal
        record.play(random_action(chooser, record.state.legal_actions()))
    view = FlashPointView(record)
    if chance:
        view.click("btn:end")
        assert view.state.is_chance_node and any(k.startswith("die:") for k in view.highlights)
    return view


def problems(view: FlashPointView) -> tuple[list[str], int]:
    """What a label covers in ``view``'s scene (``"<label> (<label id>) covers <item>"``), and how many labels."""
    labels = highlight_labels(view.scene, view.highlights)
    items = view.scene["items"] + labels
    is_label = lambda i: str(i.get("id", "")).startswith("label:")  # noqa: E731
    found = covered(items, labels=is_label, protected=lambda i: kept_clear(i) or is_label(i))
    # a label may overlap the edge of its own item (a die face's chance sits on the die's top edge), never the
    # names and pieces on it (the face's number)
    return [p for p in found if not re.search(r"\(label:(\S+)\) covers \1 ", p)], len(labels)


POSITIONS = [(7, 60, False, {"players": 3, "mode": "experienced", "level": "veteran"}),
             (11, 45, False, {"players": 4, "mode": "experienced", "level": "heroic"}),
             (3, 55, False, {"players": 6}),
             (5, 18, False, {"players": 3, "mode": "experienced", "level": "recruit", "building": "laboratory"}),
             (8, 35, False, {"players": 4, "mode": "experienced", "level": "veteran", "building": "back"}),
             (7, 60, True, {"players": 3, "mode": "experienced", "level": "veteran"})]


@pytest.mark.parametrize("seed, plies, chance, options", POSITIONS)
def test_no_label_covers_a_name_a_piece_or_another_label(seed, plies, chance, options):
    view = busy(seed, plies, chance, **options)
    found, n = problems(view)
    assert n >= 3 and found == []


def test_the_faces_of_the_second_die_are_labelled_clear_too():
    view = busy(7, 60, True, players=3, mode="experienced", level="veteran")
    view.click("die:red:3")
    found, n = problems(view)
    assert n >= 6 and found == []  # the black die's faces, with their chances given the red 3


def test_labels_stay_on_or_next_to_their_item():
    view = busy(11, 45, players=4, mode="experienced", level="heroic")
    by_id = {i["id"]: i for i in view.scene["items"] if "id" in i}
    moved = 0
    for label in highlight_labels(view.scene, view.highlights):
        item = by_id[label["id"].removeprefix("label:")]
        x0, y0, x1, y1 = box(item)
        distance = math.dist((label["x"], label["y"]), (min(max(label["x"], x0), x1), min(max(label["y"], y0), y1)))
        assert distance <= 30, (label, item["id"])
        moved += [label["x"], label["y"]] != [round((x0 + x1) / 2, 1), round((y0 + y1) / 2, 1)]
    assert moved >= 1  # some label had to leave its item's centre to keep clear


def test_without_the_placement_a_label_covers_a_piece():
    """The same busy position with every label at its item's centre, as before the placement: the check finds
    labels on points of interest or pawns (so the test above can fail)."""
    view = busy(7, 60, players=3, mode="experienced", level="veteran")
    unplaced = board_scene(view.state, ())
    items = unplaced["items"] + highlight_labels(unplaced, view.highlights)
    found = covered(items, labels=lambda i: str(i.get("id", "")).startswith("label:"),
                    protected=kept_clear)
    assert any("covers ff:" in p or "(?)" in p or "poi" in p for p in found), found
