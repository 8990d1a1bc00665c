"""The Portobello rules table (``explorer.portobello.RULES``): ids, sources, Portuguese terms, assumptions; the
engine cites every rule where it acts under it (``tests/rule_citations.py``), and the views cite only real ids.

Each rule has an id ``portobello.<topic>.<rule>``, a title, our own paraphrase, a source naming seed 001 with a
page or DECISIONS.md, and the seed's Portuguese term for the thing it is about.
"""

import dataclasses
import inspect
import random
import re
from pathlib import Path

import pytest

import explorer.portobello.events as events_module
from explorer.core import Event, Note
from explorer.portobello import RULES, new_game
from rule_citations import check_citations

ROOT = Path(__file__).parents[2]
SEED = Path("/work/shared/seeds/001_34c637104103af06.txt")
CITED = re.compile(r"(?<![\w.])portobello\.[a-z]+\.[a-z0-9-]*[a-z0-9]")
TOPICS = "board|setup|turn|build|customer|lord|bobby|score|end|option|assume"
ID = re.compile(rf"portobello\.({TOPICS})\.[a-z0-9]+(-[a-z0-9]+)*")
SOURCE = re.compile(r"seed 001 p\. \d|DECISIONS\.md Portobello \d")
BAD_SOURCES: dict[str, str] = {}


def test_ids_follow_the_pattern():
    assert len(RULES) >= 35
    for rule_id, rule in RULES.items():
        assert ID.fullmatch(rule_id), rule_id
        assert rule.id == rule_id


@pytest.mark.parametrize("rule_id", [pytest.param(r, marks=pytest.mark.xfail(
    strict=True, reason=f"engine bug: {BAD_SOURCES[r]}")) if r in BAD_SOURCES else r for r in RULES])
def test_every_rule_has_title_paraphrase_source_and_term(rule_id):
    rule = RULES[rule_id]
    assert rule.title and rule.title[0].isupper() and len(rule.title) < 60
    assert len(rule.text) > 40 and rule.text.endswith(".")
    assert SOURCE.search(rule.source), rule.source
    assert rule.term_pt


def _stem_in_seed(word: str, seed: str) -> bool:
    return word[:5] in seed


@pytest.mark.skipif(not SEED.exists(), reason="the seed rulebook lives outside the repository (shared/seeds/)")
def test_portuguese_terms_come_from_the_seed():
    """Each word of each term (its first five letters, so that "tirar" finds "tira" and "multiplicar" finds
    "multiplicam-se") appears in the seed rulebook."""
    seed = re.sub(r"\s+", " ", SEED.read_text(encoding="utf-8").lower())
    for rule in RULES.values():
        for term in rule.term_pt.split(";"):
            words = [w for w in re.findall(r"[\wçãõáéíóúâêô]+", term.lower()) if len(w) > 2]
            assert words, (rule.id, term)
            assert all(_stem_in_seed(w, seed) for w in words), (rule.id, term)


def test_assumptions_are_named():
    assert [r.id for r in RULES.assumptions()] == [
        "portobello.assume.board-reconstruction", "portobello.assume.forfeit",
        "portobello.assume.bobby-after-token", "portobello.assume.toll-limit",
        "portobello.assume.district-token-face-up", "portobello.assume.neutral-face-down",
        "portobello.assume.no-stall-possible"]
    for rule in RULES.assumptions():
        assert rule.is_assumption


def test_every_event_names_a_rule_of_the_table():
    """Each event class's rule (a class attribute, or per event where it depends on the event) is in the table;
    so is the rule of every event of a whole seeded game, of each kind."""
    kinds = [cls for _, cls in inspect.getmembers(events_module, inspect.isclass)
             if issubclass(cls, Event) and cls.__module__ == events_module.__name__]
    assert len(kinds) == 13
    for cls in kinds:
        assert dataclasses.is_dataclass(cls)
        rule = inspect.getattr_static(cls, "rule")
        if not isinstance(rule, property):
            assert RULES[rule.id] is rule, cls.__name__
    seen = set()
    for seed, queue in ((2007, False), (2008, True)):
        chooser, s = random.Random(seed), new_game(players=4, seed=seed, customer_queue=queue)
        while True:
            for e in s.events:
                assert RULES[e.rule.id] is e.rule, e
                seen.add(type(e))
            if s.is_terminal:
                break
            s = s.apply(s.sample_chance() if s.is_chance_node else chooser.choice(s.legal_actions()))
    assert seen - {Note} == set(kinds)


EXPLAINED: dict[str, str] = {}
"""Rules the engine never cites, with the reason (none: every rule is cited where the engine acts under it)."""


def test_the_engine_cites_every_rule_where_it_acts():
    """Real citations only (``tests/rule_citations.py``): a rule counts as cited when its id is in an event's or
    refusal's rule, or in the docstring of the function that acts under it, outside ``rules.py``."""
    check_citations("portobello", RULES, EXPLAINED)


def test_the_citation_check_can_fail():
    """A rule the engine never names, or an explanation for a rule that is cited, fails the check."""
    silent = {**RULES, "portobello.setup.unheard-of": RULES["portobello.setup.bobby"]}
    with pytest.raises(AssertionError, match="portobello.setup.unheard-of"):
        check_citations("portobello", silent, EXPLAINED)
    with pytest.raises(AssertionError, match="explained as silent but cited"):
        check_citations("portobello", RULES, {"portobello.bobby.rim": "the board has no district beyond its rim"})


def test_every_rule_id_the_views_cite_exists():
    cited = set()
    for path in (ROOT / "widgets/portobello").rglob("*.py"):
        text = re.sub(r"-\n\s*", "-", path.read_text(encoding="utf-8"))  # ids wrapped at a hyphen
        cited |= set(CITED.findall(text))
    assert len(cited) >= 5, "the views cite the rules they show"
    assert sorted(cited - set(RULES)) == []


def test_the_table_renders_as_markdown():
    text = RULES.to_markdown()
    assert text.count("\n") == len(RULES) + 1
    assert "`portobello.bobby.toll`" in text and "maioria relativa" in text
