"""Bonfire speaks the player's language (issue 18): every refusal, every message the board view shows for a refused
click, every hover text and label of its scenes, the panel and the events of a seeded game, checked with
``tests/word_checks.py`` and Bonfire's notation keywords and hidden numbering (``bonfire_words``): no notation,
no id the board does not print, no 0-based index, no Python value.

(a) the refusals: every reason the refusal tests look at (``test_bonfire_refusals.message`` checks each one as it
goes and keeps them) and the refusals of a broad set of candidate actions over seeded random games (the refusal
tests' own sweep); (b) the message of every refused click over the click tests' positions; (c) the scenes' hover
texts and labels, the highlight labels and hover texts, the choice buttons, the panel and the events of a seeded
game.
"""

from __future__ import annotations

import functools

import pytest
import test_bonfire_refusals as refusal_tests
import test_bonfire_view as view_tests
from bonfire_words import ALLOWED, NOTATION, NUMBERING
from click_checks import refused_click_messages
from word_checks import assert_player_words

from explorer.bonfire import new_game
from explorer.bonfire.turn import refusal
from widgets.bonfire.view import random_kind_first

WORDS = {"notation": NOTATION, "numbering": NUMBERING, "allowed": ALLOWED}


def test_the_words_check_catches_bonfire_notation_and_ids():
    """The check fails on what the old wording said (so the tests below can fail)."""
    from word_checks import words_problems
    old = ["boat azure_point costs 2 boat tiles", "seat_3 already holds a neutral novice",
           "orange must first pay what is missing (cover ...)", "fate tile f1 at 3,1 across would stick out",
           "gnome blue_harvest 1-tile costs 1 gnome tile", "the pointer already shows north_east; it must move",
           "orange cannot pay the missing boat tile with gnome+yellow", "start-tile spare or start-tile swap",
           "there is no island 'atlantis'", "it needs ignite 3"]
    for text in old:
        assert words_problems(text, **WORDS), text
    assert words_problems("seat 3 already holds a neutral novice", **WORDS) == []


# ---- (a) refusals ---------------------------------------------------------------------------------------------------
def test_every_refusal_of_the_refusal_tests_speaks_in_board_terms():
    """Runs the sweep of the refusal tests (``broad_candidates`` over seeded random games) and checks every reason;
    the hand-made cases of the refusal tests are checked by their ``message`` as they run."""
    reasons = []
    for players, seed in refusal_tests.GAMES[:6]:
        for n, s in enumerate(refusal_tests.playthrough(players, seed)):
            if s.is_terminal or s.is_chance_node or n % 3:
                continue
            for a in refusal_tests.broad_candidates(s):
                why = refusal(s, a)
                if why is not None:
                    reasons.append(why.reason)
    n = assert_player_words(sorted(set(reasons)), **WORDS)
    assert len(reasons) > 10_000 and n > 300, (len(reasons), n)


# ---- (b) refused clicks -------------------------------------------------------------------------------------------
@functools.cache
def _views():
    return [view_tests.view_until(players, seed, view_tests.STEPS[name]) for players, seed, name in
            view_tests.POSITIONS]


def test_every_refused_click_speaks_in_board_terms():
    """Every clickable item of the click tests' positions that no legal action concerns: the message shown."""
    texts = []
    for view in _views():
        texts += refused_click_messages(view)
        view.refresh()
    n = assert_player_words(texts, **WORDS)
    assert n > 300, n


# ---- (c) scenes, labels, panel, events -----------------------------------------------------------------------------
def _scene_texts(view) -> list[str]:
    out = []
    for item in view.scene["items"]:
        for key in ("title", "text"):
            if item.get(key):
                out.append(str(item[key]))
    for mark in view.highlights.values():
        out += [mark[k] for k in ("label", "title") if mark.get(k)]
    for section in view.panel_sections(view.state):
        out += [section["title"], *map(str, section.get("header", ()))]
        out += [str(cell) for row in section.get("rows", ()) for cell in row]
    out.append(view.status_text(view.state))
    return out


def test_the_scenes_labels_and_panels_speak_in_board_terms():
    texts = []
    for view in _views():
        texts += _scene_texts(view)
        state = view.state
        for action in view.candidates(state):
            texts += [view.action_label(state, action), view.action_tip(state, action),
                      view.choice_text(state, action, view.candidates(state))]
    n = assert_player_words(texts, **WORDS)
    assert n > 5_000, n


@pytest.mark.parametrize("players, seed", [(2, 3), (4, 5)])
def test_the_events_of_a_seeded_game_speak_in_board_terms(players, seed):
    import random
    rng = random.Random(seed)
    s, texts = new_game(players=players, seed=seed), []
    while not s.is_terminal:
        s = s.apply(s.sample_chance() if s.is_chance_node else random_kind_first(rng, s.legal_actions()))
        texts += [e.describe() for e in s.events]
    n = assert_player_words(texts, **WORDS)
    assert n > 100, n
