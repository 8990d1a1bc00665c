"""A legible Bonfire table (issue 18): on busy mid-game positions no label covers a name, a piece or another label.

Labels are the highlight labels the browser writes beside lit items (``2 tiles``, ``+4``, ``+3–5``...) and the
captions drawn over the boards (the classes ending in ``-label``, ``caption``, ``legend``); a caption written on its
own piece (a portal's symbol, an offering disc's resource) is that piece's face, not a label over it. Boxes are
estimated from the text length (``tests/scene_checks.py``). The positions are seeded games played forward by the
tests' directed player, then every first click of the player to act (a pick lights the items that tell its
actions apart, with their labels: the fate squares after a fate tile of the stack, the offering discs...).
"""

from __future__ import annotations

import functools
import random

import pytest
from bonfire_players import directed_player
from scene_checks import box, covered, highlight_labels, overlap

from explorer.bonfire import new_game
from explorer.core import Record
from widgets.bonfire.view import BonfireView

NAMES = {"island-name", "gnome-name", "common-name", "seat-name", "player-name", "gb-name", "tile-name",
         "resource-name", "offering-name", "bonfire-number"}
PIECES = {"boat", "task-disc", "guardian", "guardian-stack", "novice", "portal", "offering-disc", "bonfire-disc",
          "fate-tile", "held-tile", "countdown-disc", "crystal"}


def kind(item: dict) -> str:
    return (item.get("class") or "").split(" ")[0]


def is_label(item: dict) -> bool:
    """A highlight label, or a caption written over the board."""
    return str(item.get("id", "")).startswith("label:") or (
        item.get("shape") == "text" and (kind(item).endswith("-label") or kind(item) in {"caption", "legend"}))


def on_its_own_piece(label: dict, item: dict) -> bool:
    """A caption written inside a piece of the same board item: the piece's own face."""
    b = box(item)
    return bool(label.get("target")) and label.get("target") == item.get("target") and b is not None and (
        b[0] <= label["x"] <= b[2] and b[1] <= label["y"] <= b[3])


@functools.cache
def moves_of(seed: int, moves: int, players: int) -> tuple[str, ...]:
    """The actions of a seeded game played by the directed player (chance from the seed) for at least ``moves``
    steps, stopped where a player decides during play."""
    rnd, state, actions = random.Random(seed), new_game(players=players, seed=seed), []
    while len(actions) < moves or state.is_chance_node or state.phase != "play":
        assert not state.is_terminal
        action = state.sample_chance() if state.is_chance_node else directed_player(state, rnd)
        actions.append(str(action))
        state = state.apply(action)
    return tuple(actions)


def busy(seed: int, moves: int, players: int) -> BonfireView:
    return BonfireView(Record("bonfire", seed=seed, options={"players": players},
                              actions=list(moves_of(seed, moves, players))))


def problems(view: BonfireView) -> tuple[list[dict], list[str]]:
    """The view's highlight labels, and every label covering a name, a piece or another label (as
    :func:`scene_checks.covered` words it)."""
    labels = highlight_labels(view.scene, view.highlights)
    items = view.scene["items"] + labels
    kept = [(i, b) for i in items if (kind(i) in NAMES | PIECES or is_label(i)) and (b := box(i)) is not None]
    found = []
    for label in filter(is_label, items):
        lb = box(label)
        nearby = [i for i, b in kept if i is not label and overlap(lb, b) > 0 and not on_its_own_piece(label, i)]
        found += covered([label, *nearby], labels=lambda i: i is label, protected=lambda i: i is not label)
    return labels, found


BUSY = [(1, 170, 4), (3, 150, 4), (8, 100, 2), (1, 120, 3)]


@pytest.mark.parametrize("seed, moves, players", BUSY)
def test_no_label_covers_a_name_a_piece_or_a_label_on_a_busy_table(seed, moves, players):
    view = busy(seed, moves, players)
    state = view.record.state
    assert sum(1 for s in state.seats for disc in s.tasks if disc) >= players  # task discs taken: boats sailed
    labels, found = problems(view)
    assert len(labels) >= 5 and found == []
    firsts = [k for k, m in view.highlights.items() if m["tone"] == "legal" and not k.startswith("btn:")]
    assert len(firsts) >= 5
    for first in firsts:  # every pick the player to act can start, with the labels it lights
        picked = busy(seed, moves, players)
        picked.click(first)
        assert problems(picked)[1] == [], first


def test_a_fate_square_where_several_placements_start_shows_the_range_they_gain():
    view = busy(1, 120, 3)
    view.click("p2:stack:top")
    fate = {k: m["label"] for k, m in view.highlights.items() if ":fate:" in k}
    assert fate and not any("ways" in label for label in fate.values())
    assert "+3–4" in fate.values() and all(len(label) <= 4 for label in fate.values())
    assert problems(view)[1] == []


def test_the_check_can_fail():
    view = busy(1, 170, 4)
    labels, _ = problems(view)
    name = next(i for i in view.scene["items"] if kind(i) == "island-name")
    moved = dict(labels[0], x=name["x"], y=name["y"])
    assert covered([moved, name], labels=lambda i: i is moved, protected=lambda i: i is name)
    boat = next(i for i in view.scene["items"] if kind(i) == "boat" and box(i))
    b = box(boat)
    on_boat = dict(labels[0], x=(b[0] + b[2]) / 2, y=(b[1] + b[3]) / 2)
    assert overlap(box(on_boat), b) > 0 and not on_its_own_piece(on_boat, boat)


@pytest.mark.parametrize("seed, moves, players", BUSY)
def test_every_text_on_a_busy_table_is_at_least_11_units_tall(seed, moves, players):
    view = busy(seed, moves, players)
    texts = [i for i in view.scene["items"] if i.get("shape") == "text"]
    assert len(texts) > 100
    smallest = min(texts, key=lambda i: float(i["size"]))
    assert float(smallest["size"]) >= 11, smallest
