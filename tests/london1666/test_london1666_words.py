"""London's player-facing texts speak the board's language (issue 18): no notation, no district id, no Python value.

Checked: (a) the reason of every refusal the refusal tests raise (each test of ``test_refusals`` is run with its
positions while every ``IllegalAction`` built is recorded), (b) the message the view shows for every click it
refuses over the view tests' positions, (c) the hover texts, captions and highlight labels and tips of those
positions' scenes, and the event texts of a seeded random game.
"""

from __future__ import annotations

import inspect
import random

import pytest
import test_refusals
import test_view
from click_checks import refused_click_messages
from conftest import started
from word_checks import assert_player_words, words_problems

from explorer.core import IllegalAction, Record
from explorer.london1666 import Board, new_game
from widgets.london1666 import LondonView

IDS = sorted((d for d in Board.default().ids if "-" in d), key=len, reverse=True)
NOTATION = [r"\b(spread|double|band|pawn|place-band|place-pawn|end-actions|no-double|add-fire|colour-card|"
            r"pawn-colour|extinguish|demolish|discard|draw) [A-Za-z]+-[a-z]", r"\bspread [NESW]\b",
            r"\bend-actions\b", r"\bno-double\b", r"\bact \d"]
NUMBERING = [rf"\b{d}\b" for d in IDS] + [r"\bseat\b", r"\bplayer \d\b"]
"""District ids are the notation's (the board prints the names); seats and phases are the engine's numbering."""
WORDS = {"notation": NOTATION, "numbering": NUMBERING}


def test_the_checks_catch_notation_and_ids():
    assert words_problems("try 'spread N pudding-lane st-mary'", **WORDS)
    assert words_problems("no fire in guild-hall", **WORDS)
    assert not words_problems("no fire in Guild Hall: the fire spreads from a district with 2 cones", **WORDS)


def refusal_reasons(monkeypatch) -> list[str]:
    """The reasons of every refusal built while the refusal tests run (their fixtures given by hand)."""
    reasons: list[str] = []
    init = IllegalAction.__init__

    def record(self, rule, reason, *args, **kwargs):
        reasons.append(reason)
        init(self, rule, reason, *args, **kwargs)

    monkeypatch.setattr(IllegalAction, "__init__", record)
    start = started()
    fixtures = {"setup_state": new_game(players=4, seed=1666), "start": start, "spreading": start,
                "acting": start.apply("spread W pudding-lane tallow-hall")}
    ran = 0
    for name, test in inspect.getmembers(test_refusals, inspect.isfunction):
        if not name.startswith("test_"):
            continue
        params = inspect.signature(test).parameters
        if not set(params) <= set(fixtures):
            continue
        test(**{p: fixtures[p] for p in params})
        ran += 1
    assert ran >= 30, ran
    return reasons


def test_every_refusal_of_the_refusal_tests_speaks_board_terms(monkeypatch):
    reasons = refusal_reasons(monkeypatch)
    assert len(set(reasons)) >= 30
    n = assert_player_words(sorted(set(reasons)), **WORDS)  # the core's refusals (game over...) too
    print(f"\nLondon refusal reasons checked: {n}")


@pytest.fixture(scope="module")
def views():
    return {name: LondonView(make()) for name, make in test_view.POSITIONS.items()}


def test_every_refused_click_speaks_board_terms(views):
    texts = []
    for name, view in views.items():
        texts += refused_click_messages(view)
    assert len(texts) >= 100 and all(texts)
    n = assert_player_words(sorted(set(texts)), **WORDS)
    print(f"\nLondon refused-click messages checked: {n} distinct of {len(texts)}")


def scene_texts(view) -> list[str]:
    texts = [item.get(key, "") for item in view.scene["items"] for key in ("title", "text")]
    for mark in view.highlights.values():
        texts += [mark.get("label", ""), mark.get("tip", "")]
    texts.append(view.status_text(view.state))
    for section in view.panel:
        texts.append(section["title"])
        texts += [str(cell) for row in section.get("rows", []) for cell in row]
    return [t for t in texts if t]


def test_hover_texts_labels_and_events_speak_board_terms(views):
    texts = [t for view in views.values() for t in scene_texts(view)]
    record = Record("london1666", seed=18, options={"players": 4})
    chooser = random.Random(18)
    events = 0
    while not record.state.is_terminal:
        record.play(chooser.choice(record.state.legal_actions()))
        texts += [e.describe() for e in record.state.events]
        events += len(record.state.events)
    assert events > 200
    end = LondonView(record)
    texts += scene_texts(end)
    n = assert_player_words(sorted(set(texts)), **WORDS)
    print(f"\nLondon hover texts, labels, panel cells and events checked: {n} distinct")
