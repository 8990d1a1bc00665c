"""The rules table: the engine cites every rule where it acts (events, refusals, docstrings of the functions
that apply it, ``rules.py`` left out), cited ids exist, and every rule names its source."""

from explorer.london1666 import RULES

from rule_citations import check_citations, engine_citations

EXPLAINED: dict[str, str] = {}
"""Rules the engine never names, with the reason: none, every London rule is cited where the code acts."""


def test_the_engine_cites_every_rule_where_it_acts():
    check_citations("london1666", RULES, EXPLAINED)


def test_rules_of_issue_16_are_cited_where_the_code_acts():
    cited = engine_citations("london1666", RULES)
    assert {"scoring.py"} <= cited["london.score.hero"] and {"scoring.py"} <= cited["london.score.tokens"]
    assert "setup.py" in cited["london.setup.fire-start"] and "components.py" in cited["london.setup.fire-deck"]
    assert "spreading.py" in cited["london.fire.own-houses"] and "drawing.py" in cited["london.assume.intensify-order"]


def test_every_rule_has_a_source_and_our_own_text():
    for rule in RULES.values():
        assert rule.source and rule.text and rule.title
        assert rule.source.startswith(("seed 000", "DECISIONS", "our decision")), rule.id


def test_assumptions_are_named():
    assert [r.id for r in RULES.assumptions()] == [
        "london.assume.board-reconstruction", "london.assume.fire-cards-per-players", "london.assume.fire-cones",
        "london.assume.movement-cards", "london.assume.house-colours", "london.assume.start-player",
        "london.assume.no-move-fires", "london.assume.hidden-pawns", "london.assume.intensify-order"]


def test_rule_ids_the_views_cite_exist():
    import re
    from pathlib import Path

    pattern = re.compile(r"london\.[a-z]+\.[a-z0-9-]*[a-z0-9]")
    cited = set()
    for path in (Path(__file__).parents[2] / "widgets" / "london1666").glob("*.py"):
        cited |= set(pattern.findall(path.read_text()))
    assert sorted(cited - set(RULES)) == []
