"""The rules table: every rule id the code cites exists, every rule names its source."""

import re
from pathlib import Path

from explorer.london1666 import RULES

ROOT = Path(__file__).parents[2]
CITED = re.compile(r"london\.[a-z]+\.[a-z0-9-]*[a-z0-9]")


def test_every_cited_rule_id_exists():
    cited = set()
    for folder in ("explorer/london1666", "widgets/london1666"):
        for path in (ROOT / folder).glob("*.py"):
            cited |= set(CITED.findall(path.read_text()))
    assert cited, "the code cites rule ids"
    assert sorted(cited - set(RULES)) == []


def test_every_rule_has_a_source_and_our_own_text():
    for rule in RULES.values():
        assert rule.source and rule.text and rule.title
        assert rule.source.startswith(("seed 000", "DECISIONS", "our decision")), rule.id


def test_assumptions_are_named():
    assert [r.id for r in RULES.assumptions()] == [
        "london.assume.board-reconstruction", "london.assume.fire-cards-per-players", "london.assume.fire-cones",
        "london.assume.movement-cards", "london.assume.house-colours", "london.assume.start-player",
        "london.assume.no-move-fires", "london.assume.hidden-pawns", "london.assume.intensify-order"]
