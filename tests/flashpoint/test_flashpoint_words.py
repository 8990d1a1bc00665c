"""Flash Point's player-facing texts speak the board's language (issue 18): refusals, the bubble of a refused
click, hover texts, labels and event texts show no notation, no Python value and no unprinted coordinates.

The board prints row numbers left of each floor and column numbers above it, so a square is "row 3, column 4"
and an outside square "the outside square above column 6" (``explorer.flashpoint.words``); the notation's
``"3,4"`` and ``"1,3|1,4"`` never appear in a text the board view shows.
"""

from __future__ import annotations

import random

import pytest

from word_checks import assert_player_words

from explorer.core import Record
from explorer.flashpoint.words import player_words
from widgets.flashpoint.view import FlashPointView

NOTATION = [r"\b(move|chop|open|close|extinguish|carry|lead|drive|ride|command|unjam|park|place|role|roll|"
            r"reveal|crew change|pass|end)\s+(\w+\s+)?\d+,\d+",
            r"\b\d{1,2},\d{1,2}\b", r"\|"]
"""The notation: a command with a square (``move 3,4``), a bare square ``3,4`` or an edge's ``|``."""


def _views(seed: int, plies: int, every: int):
    """Views of a seeded random two-player game (explorer.flashpoint), one every ``every`` plies."""
    record = Record("flashpoint", seed=seed, options={"players": 2})
    rng = random.Random(seed)
    for ply in range(plies):
        state = record.state
        if state.is_terminal:
            break
        if ply % every == 0:
            yield FlashPointView(Record("flashpoint", seed=seed, options={"players": 2},
                                        actions=tuple(record.actions)))
        record.play(rng.choice(state.legal_actions()))


def _texts(view: FlashPointView) -> tuple[list[str], list[str]]:
    """(hover texts and labels of the scene and the highlights, messages of clicks on every unlit item)."""
    shown = [i[k] for i in view.scene["items"] for k in ("title", "text", "label") if isinstance(i.get(k), str)]
    shown += [h[k] for h in view.highlights.values() for k in ("label", "tip") if h.get(k)]
    lit = set(view.highlights)
    refusals = []
    for item in [i["id"] for i in view.scene["items"] if "id" in i and i["id"] not in lit][:40]:
        view.handle_message({"kind": "click", "target": item})
        if view.message and view.message.get("kind") == "illegal":
            refusals.append(view.message["text"])
        view.handle_message({"kind": "escape"})
    return shown, refusals


def _walk() -> tuple[list[str], list[str], list[str]]:
    shown, refusals, events = [], [], []
    for view in _views(seed=7, plies=120, every=15):
        a, b = _texts(view)
        shown += a
        refusals += b
        events += [e["text"] for e in view.events]
    return shown, refusals, events


def test_refused_clicks_speak_the_board():
    _, refusals, _ = _walk()
    assert len(refusals) > 20
    assert assert_player_words(refusals, notation=NOTATION) == len(refusals)


def test_scene_texts_and_events_speak_the_board():
    shown, _, events = _walk()
    assert len(shown) > 200 and events
    assert_player_words(shown + events, notation=NOTATION)


def test_the_engine_and_the_view_word_a_refusal_alike():
    """One source (``explorer.flashpoint.words.player_words``): the bubble of a refused click says exactly what
    the engine's refusal says, and the engine's reason is already in the words the view would give it."""
    compared = 0
    for view in _views(seed=7, plies=60, every=20):
        state = view.state
        lit = set(view.highlights)
        for item in [i["id"] for i in view.scene["items"] if "id" in i and i["id"] not in lit][:25]:
            action = view.natural_action(state, item, ())
            problem = state.explain(action) if action is not None else None
            if problem is None:
                continue
            view.handle_message({"kind": "click", "target": item})
            assert view.message["text"].split(" — ")[0] == problem.reason
            assert player_words(state.building, problem.reason) == problem.reason
            view.handle_message({"kind": "escape"})
            compared += 1
    assert compared > 20
