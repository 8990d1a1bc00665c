"""Portobello speaks the player's language (issue 18): every refusal, every message the board shows for a refused
click, every hover text and label of the scenes, the panel and the events of a seeded game use the board's terms
(lane letters, square and district names, printed values, "token 3", "the neutral 3"), never the notation
("build c 0", "act n3", "bobby d2"), the engine's 0-based space numbers or a Python value.

The texts come from the refusal tests' ``CASES`` (the engine's own refusals and the core's generic ones, whose
``notation`` keeps the refused command for notebook users), the click tests' ``POSITIONS`` (every clickable
item no legal action concerns, clicked from a fresh view) and a seeded random game. Rules: seed 001 and
DECISIONS.md (Portobello), as cited by each refusal.
"""

from __future__ import annotations

import random
import sys
from pathlib import Path

import pytest

from explorer.core import IllegalAction
from explorer.portobello import new_game

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))
sys.path.insert(0, str(Path(__file__).resolve().parent))
from click_checks import refused_click_messages  # noqa: E402
from test_portobello_clicks import POSITIONS  # noqa: E402
from test_portobello_refusals import CASES  # noqa: E402
from word_checks import assert_player_words, words_problems  # noqa: E402

NOTATION = [
    r"\bact (\d|n\d|<)",            # act 3, act n3, act <n>
    r"\bbuild [a-v] \d",            # build c 0
    r"(?<!the )\bbobby d\d",        # bobby d2 (not "the bobby d1 → d2")
    r"\bdistrict d\d+ x\d",         # district d1 x4
    r"\bplace s\d",                 # place s4
    r"\bqueue (servant|citizen)\b",  # a chance outcome of the variant
    r"\bn[1-3]\b",                  # n3: a neutral token in notation
    r"\((lord|customer|end)\)",     # (lord): the command after a refusal
    r"\bx[24]\b",                   # x4: the notation of a district scoring (the board prints ×4)
]
"""The Portobello notation, which a player never types on the board."""
NUMBERING = [
    r"\bspaces? \d",                # space 0: the engine's 0-based numbering of a lane's spaces
    r"\b\d+ of \d+-\d+\b",          # 0 of 0-5
    r"\bslot \d",                   # a token's slot under the awning
    r"\bseat \d",
]
"""Numberings the board does not print."""


def player_words(texts) -> int:
    return assert_player_words(texts, notation=NOTATION, numbering=NUMBERING)


def test_the_checks_catch_the_old_wording():
    """The wording of the refusals before issue 18 fails, so the checks below can fail."""
    for old in ("lane c is empty: its first stall goes at an end, space 0 or 3",
                "red first chooses a face-up action token (act <n>) or scores a district",
                "red has no token n3; face up: 2, 3, 4", "all ten customers are out; place the Lord instead (lord)",
                "space 0 of lane c is taken; the next stall goes on space 1",
                "there is no district 'd99' on this board", "red builds on lane c, space 0 (worth 2)",
                "Lane k (Westbourne Grove, from s4 to s5), space 0 of 0-5: worth 3"):
        assert words_problems(old, notation=NOTATION, numbering=NUMBERING), old


def test_every_refusal_of_the_refusal_tests_speaks_in_board_terms():
    """The engine's refusals and the core's (chance decides, not a legal move, the game is over) alike."""
    reasons = []
    for _name, make, action, rule, _words in CASES:
        err = make().explain(action)
        assert isinstance(err, IllegalAction) and err.rule.id == rule
        reasons.append(err.reason)
    assert sum(c[3].startswith("core.") for c in CASES) == 4
    assert player_words(reasons) == len(CASES) == 53


@pytest.mark.parametrize("name, refused", [("chance-decides", "build c 0"), ("player-forces-chance", "drawn servant"),
                                           ("queue-outcome-in-play", "queue servant"), ("after-the-end", "act 2")])
def test_the_core_refusals_keep_the_notation_apart(name, refused):
    """The core's reasons are words; what was refused (and what chance or the rules allow instead) is in
    ``notation``, which a notebook user still reads in ``str(err)``."""
    _name, make, action, _rule, _words = next(c for c in CASES if c[0] == name)
    err = make().explain(action)
    assert refused not in err.reason and err.notation.startswith(f"{refused} refused")
    assert f"[notation: {err.notation}]" in str(err)


@pytest.mark.parametrize("name, hint", [("choose-build-first", "act <n>"), ("place-before-anything-end", "place <square>"),
                                        ("customer-bag-empty-lord-next", "lord"),
                                        ("build-first-not-at-end", "build c 0 or build c 3"),
                                        ("setup-token-before-bobby", "bobby <district>")])
def test_the_notation_hint_is_kept_for_notebooks(name, hint):
    """The command syntax moved to ``notation``: ``str(err)`` still shows it to a notebook user."""
    _name, make, action, _rule, _words = next(c for c in CASES if c[0] == name)
    err = make().explain(action)
    assert hint in err.notation and f"[notation: {err.notation}]" in str(err) and hint not in err.reason


def test_every_refused_click_speaks_in_board_terms():
    texts = [t for make in POSITIONS.values() for t in refused_click_messages(make())]
    assert all(texts) and player_words(texts) == len(texts) == 1411


def _scene_texts(view) -> list[str]:
    items = view.scene["items"]
    texts = [i["title"] for i in items if i.get("title")]
    texts += [i["text"] for i in items if i["shape"] == "text" and any(c.isalpha() for c in i["text"])
              and "token-value" not in i.get("class", "")]  # a neutral chip reads "n3", as the legend explains
    for mark in view.highlights.values():
        texts += [mark.get("label", ""), mark.get("tip", "")]
    texts.append(view.status_text(view.state))
    for section in view.panel:
        texts.append(section.get("title", ""))
        texts += [" ".join(map(str, row)) for row in section.get("rows", [])]
    return [t for t in texts if t]


def test_hover_texts_labels_and_panels_speak_in_board_terms():
    texts = [t for make in POSITIONS.values() for t in _scene_texts(make())]
    assert player_words(texts) == len(texts) > 2000


def test_the_events_of_seeded_games_speak_in_board_terms():
    """Two seeded 4-player games (one with the customer queue) raise every kind of event."""
    texts, kinds = [], set()
    for seed, queue in ((2007, False), (2008, True)):
        chooser, state = random.Random(seed), new_game(players=4, seed=seed, customer_queue=queue)
        texts += [e.describe() for e in state.events]  # the queue is drawn while the game is set up
        kinds |= {type(e).__name__ for e in state.events}
        while not state.is_terminal:
            state = state.apply(state.sample_chance() if state.is_chance_node
                                else chooser.choice(state.legal_actions()))
            texts += [e.describe() for e in state.events]
            kinds |= {type(e).__name__ for e in state.events}
    assert len(kinds) == 14  # the 13 events of events.py and the engine's notes
    assert player_words(texts) == len(texts) > 500
