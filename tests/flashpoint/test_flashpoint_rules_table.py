"""The Flash Point rules table (``explorer.flashpoint.RULES``): ids, sources, Portuguese terms, assumptions, and
every rule id the engine cites exists (and nearly every rule is cited)."""

import re
from pathlib import Path

import pytest

from explorer.flashpoint import RULES

ENGINE = Path(__file__).parents[2] / "explorer" / "flashpoint"
CITED = re.compile(r"(?<![\w.])flashpoint\.[a-z]+\.[a-z0-9-]*[a-z0-9]")
TOPICS = "setup|turn|move|carry|door|chop|extinguish|rescue|hazmat|vehicle|deck-gun|crew-change|role|fire|poi|end|ed|assume"
ID = re.compile(rf"flashpoint\.({TOPICS})(\.[a-z0-9]+(-[a-z0-9]+)*)?")
SOURCE = re.compile(r"seed 003|bonfire_flashpoint_sources\.md [BC]\.\d|DECISIONS\.md Flash Point \d")


def cited() -> set[str]:
    return {m for path in ENGINE.glob("*.py") for m in CITED.findall(path.read_text())}


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


def test_every_rule_the_engine_cites_exists():
    missing = sorted(cited() - set(RULES))
    assert not missing, missing


def test_the_engine_cites_its_rules():
    """Every rule outside the bare facts is named by some code (an event, a refusal or a docstring)."""
    silent = sorted(set(RULES) - cited())
    assert len(silent) <= 10, silent


def test_the_assumptions_are_named_and_listed_on_the_rules_page():
    page = (ENGINE / "README.md").read_text()
    assumptions = [r for r in RULES if ".assume." in r]
    assert len(assumptions) >= 15
    for rule_id in assumptions:
        assert rule_id in page, rule_id
