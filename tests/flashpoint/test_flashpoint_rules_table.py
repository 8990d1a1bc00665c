"""The Flash Point rules table (``explorer.flashpoint.RULES``): ids, sources, Portuguese terms, assumptions, and
the engine's real citations (``tests/rule_citations.py``): every rule it acts under is named outside ``rules.py``."""

import re
from pathlib import Path

import pytest
from rule_citations import check_citations

from explorer.flashpoint import RULES

ENGINE = Path(__file__).parents[2] / "explorer" / "flashpoint"
TOPICS = "setup|turn|move|carry|door|chop|extinguish|rescue|hazmat|vehicle|deck-gun|crew-change|role|fire|poi|end|ed|assume"
ID = re.compile(rf"flashpoint\.({TOPICS})(\.[a-z0-9]+(-[a-z0-9]+)*)?")
SOURCE = re.compile(r"seed 003|bonfire_flashpoint_sources\.md [BC]\.\d|DECISIONS\.md Flash Point \d")


def test_ids_follow_the_pattern():
    assert len(RULES) >= 80
    for rule_id, rule in RULES.items():
        assert ID.fullmatch(rule_id), rule_id
        assert rule.id == rule_id


@pytest.mark.parametrize("rule_id", list(RULES))
def test_every_rule_has_title_paraphrase_source_and_term(rule_id):
    rule = RULES[rule_id]
    assert rule.title and rule.title[0].isupper() and len(rule.title) < 60
    assert len(rule.text) > 15 and rule.text.endswith(".")
    assert SOURCE.search(rule.source), rule.source
    assert rule.term_pt


EXPLAINED: dict[str, str] = {}
"""``{rule id: why the engine never names it}``: empty, as the engine cites every rule where it acts."""


def test_the_engine_cites_every_rule_where_it_acts():
    """Real citations only (events, refusals, docstrings of the functions that act; ``rules.py`` left out):
    every cited id exists, and every rule is cited or explained in :data:`EXPLAINED`."""
    check_citations("flashpoint", RULES, EXPLAINED)


def test_the_citation_check_can_fail():
    with pytest.raises(AssertionError, match="never cites"):
        check_citations("flashpoint", {**RULES, "flashpoint.role.veteran": RULES["flashpoint.role.driver"]},
                        EXPLAINED)


def test_the_assumptions_are_named_and_listed_on_the_rules_page():
    page = (ENGINE / "README.md").read_text()
    assumptions = [r for r in RULES if ".assume." in r]
    assert len(assumptions) >= 15
    for rule_id in assumptions:
        assert rule_id in page, rule_id
