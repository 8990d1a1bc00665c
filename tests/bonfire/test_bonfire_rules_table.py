"""The Bonfire rules table (``explorer.bonfire.rules.RULES``): ids, sources, Portuguese terms, assumptions, the
seed's coverage, and the engine cites every rule where it acts (``tests/rule_citations.py``).

Each rule has an id ``bonfire.<topic>.<rule>``, a title, our own paraphrase, a source naming seed 002 with its
section, ``sources A.x`` or ``DECISIONS.md Bonfire``, and the seed's Portuguese term for the thing it is about.
"""

import re
from pathlib import Path

import pytest

from rule_citations import check_citations

from explorer.bonfire.components import Components
from explorer.bonfire.rules import RULES, specialist_rule_id

SEED = Path("/work/shared/seeds/002_3a90ca77d2ddc4ae.txt")
TOPICS = ("board|setup|turn|fate|pay|boat|task|guardian|procession|path|great-bonfire|gnome|ignite|bonus|end|"
          "score|specialist|assume")
ID = re.compile(rf"bonfire\.({TOPICS})\.[a-z0-9]+(-[a-z0-9]+)*")
SOURCE = re.compile(r"seed 002 [A-Z]|sources A\.\d|DECISIONS\.md Bonfire")
SEED_SECTIONS = ["Setup 1", "Setup 2", "Setup 3", "Setup 4", "Setup 5", "Setup 6", "Setup 7", "Setup 8",
                 "Setup 9", "Setup 10", "Setup A", "Setup B", "Setup C", "Setup D", "Setup E", "Setup F",
                 "Desenvolvimento", "Colocar uma Régua", "Barco", "Tarefa", "Reclamar um Guardião", "Procissão",
                 "Caminho", "Grande Bonfire", "Gnomos", "Atear um Bonfire", "Ação de bónus", "Fim do jogo",
                 "Pontuação final"]


def test_ids_follow_the_pattern_and_the_table_is_complete_enough():
    assert 110 <= len(RULES) <= 140  # 19 are specialists, over 30 are assumptions
    for rule_id, rule in RULES.items():
        assert ID.fullmatch(rule_id), rule_id
        assert rule.id == rule_id


def test_ids_are_unique():
    ids = [r.id for r in RULES.values()]
    assert len(ids) == len(set(ids)) == len(RULES)


@pytest.mark.parametrize("rule_id", list(RULES))
def test_every_rule_has_title_paraphrase_source_and_term(rule_id):
    rule = RULES[rule_id]
    assert rule.title and rule.title[0].isupper() and len(rule.title) < 60
    assert len(rule.text) > 40 and rule.text.endswith(".")
    assert SOURCE.search(rule.source), rule.source
    assert rule.term_pt


@pytest.mark.skipif(not SEED.exists(), reason="the seed summary lives outside the repository (shared/seeds/)")
def test_portuguese_terms_come_from_the_seed():
    """Each word of each term (its first five letters) appears in the seed summary."""
    seed = re.sub(r"\s+", " ", SEED.read_text(encoding="utf-8").lower())
    for rule in RULES.values():
        for term in rule.term_pt.split(";"):
            words = [w for w in re.findall(r"[\wçãõáéíóúâêôà]+", term.lower())
                     if len(w) > 2 and not w.isdigit()]
            assert words, (rule.id, term)
            assert all(w[:5] in seed for w in words), (rule.id, term)


def test_every_section_of_the_seed_is_cited():
    cited = " ".join(r.source for r in RULES.values())
    for section in SEED_SECTIONS:
        assert re.search(rf"seed 002 {re.escape(section)}(?!\d)", cited), section


def test_assumptions_are_named():
    assert [r.id for r in RULES.assumptions()] == [
        "bonfire.assume.own-components", "bonfire.assume.task-deal", "bonfire.assume.supply-runs-out",
        "bonfire.assume.resources-unlimited", "bonfire.assume.offering-face-up", "bonfire.assume.offering-draw",
        "bonfire.assume.start-fate-tile", "bonfire.assume.one-action", "bonfire.assume.everyone-out",
        "bonfire.assume.return-before-fate", "bonfire.assume.fate-reversed", "bonfire.assume.fate-area-bonus",
        "bonfire.assume.exact-first", "bonfire.assume.substitute-pairs", "bonfire.assume.boat-two-currents",
        "bonfire.assume.dock-claim", "bonfire.assume.task-space-bonfire", "bonfire.assume.procession-up-to",
        "bonfire.assume.procession-max", "bonfire.assume.one-path-pile",
        "bonfire.assume.great-bonfire-moves", "bonfire.assume.portal-rightmost", "bonfire.assume.elder-no-refill",
        "bonfire.assume.seat-capacity", "bonfire.assume.common-task-shared", "bonfire.assume.common-task-check",
        "bonfire.assume.novices-counted", "bonfire.assume.countdown-start", "bonfire.assume.portal-scoring",
        "bonfire.assume.bonfire-colour", "bonfire.assume.leftovers-together", "bonfire.assume.tie-shared"]
    for rule in RULES.assumptions():
        assert rule.is_assumption and ".assume." in rule.id
    assert "DECISIONS.md Bonfire" in RULES["bonfire.assume.own-components"].source


def test_every_specialist_has_its_rule():
    specialists = Components.default().specialists
    ids = {specialist_rule_id(s) for s in specialists}
    assert ids == {r for r in RULES if r.startswith("bonfire.specialist.")}
    for card in specialists.values():
        rule = RULES[specialist_rule_id(card.id)]
        assert rule.source == f"sources {card.source}", card.id


@pytest.mark.parametrize("rule_id", [
    # setup, seed "Setup" 1-10 and A-F
    "bonfire.setup.task-discs", "bonfire.setup.guardians", "bonfire.setup.countdown", "bonfire.setup.gnomes",
    "bonfire.setup.portals", "bonfire.setup.pointer", "bonfire.setup.path-tiles", "bonfire.setup.neutral-novices",
    "bonfire.setup.boats", "bonfire.setup.scores", "bonfire.setup.supply", "bonfire.setup.start-tile",
    "bonfire.setup.novices", "bonfire.setup.extensions", "bonfire.setup.offering-discs",
    "bonfire.setup.fate-tiles", "bonfire.setup.start-fate-tile", "bonfire.setup.resources",
    "bonfire.setup.action-tiles",
    # the turn and each action
    "bonfire.turn.options", "bonfire.fate.when", "bonfire.fate.top-or-bottom", "bonfire.fate.adjacent",
    "bonfire.fate.inside", "bonfire.fate.no-overlap", "bonfire.fate.same-symbol", "bonfire.fate.printed",
    "bonfire.pay.substitute-action", "bonfire.pay.substitute-resource", "bonfire.boat.first-move",
    "bonfire.boat.cost", "bonfire.boat.extra-claim", "bonfire.task.tiles", "bonfire.task.resources",
    "bonfire.task.offering", "bonfire.guardian.claim", "bonfire.guardian.start-limit",
    "bonfire.procession.steps", "bonfire.procession.step", "bonfire.procession.one-per-space",
    "bonfire.path.cost", "bonfire.path.refresh", "bonfire.great-bonfire.turn", "bonfire.great-bonfire.rewards",
    "bonfire.great-bonfire.portal", "bonfire.gnome.cost", "bonfire.gnome.limit", "bonfire.gnome.after-recruit",
    "bonfire.ignite.novice", "bonfire.ignite.seat-bonus", "bonfire.bonus.common-task",
    # the end and the scoring
    "bonfire.end.trigger", "bonfire.end.countdown", "bonfire.end.pass", "bonfire.score.bonfires",
    "bonfire.score.guardians", "bonfire.score.portals", "bonfire.score.paths", "bonfire.score.common-tasks",
    "bonfire.score.fate-tiles-left", "bonfire.score.leftovers", "bonfire.score.winner"])
def test_the_rules_issue_7_names_are_in_the_table(rule_id):
    assert rule_id in RULES


@pytest.mark.parametrize("rule_id, numbers", [
    ("bonfire.setup.task-discs", ["3 on every island", "2 on each of the 4 corner", "2 on every island"]),
    ("bonfire.task.tiles", ["1 task tile", "2 for the second", "3 for the third"]),
    ("bonfire.boat.cost", ["1 boat tile", "2 to an island two currents", "3 to any island"]),
    ("bonfire.path.cost", ["first 3", "last 3 cost 2", "at most 6"]),
    ("bonfire.gnome.cost", ["2 gnome tiles", "1 gnome tile"]),
    ("bonfire.end.trigger", ["7 novices with 2 players", "10 with 3", "13 with 4"]),
    ("bonfire.score.common-tasks", ["scores 4", "scores 7"]),
    ("bonfire.score.fate-tiles-left", ["scores 3"]),
    ("bonfire.guardian.start-limit", ["5 guardians"]),
    ("bonfire.gnome.limit", ["6 gnome cards"]),
])
def test_the_seeds_numbers_are_in_the_texts(rule_id, numbers):
    for number in numbers:
        assert number in RULES[rule_id].text, (rule_id, number)


EXPLAINED: dict[str, str] = {}
"""Rules the engine never cites, with the reason (none: every rule is cited where the engine acts under it, in the
docstring of the function that implements it or on the event or refusal it emits)."""


def test_the_engine_cites_every_rule_where_it_acts():
    """tests/rule_citations.py: a rule counts as cited only in the engine's code and docstrings outside rules.py;
    every cited id exists, and the rules never cited are exactly those EXPLAINED."""
    check_citations("bonfire", RULES, EXPLAINED)


def test_the_citation_check_can_fail():
    """A rule nobody cites makes the check fail (the check proves something)."""
    from explorer.core import Rule, RuleTable
    extra = RuleTable([*RULES.values(), Rule("bonfire.assume.never-cited", "Never cited", "A rule no engine code "
                                                                                         "names anywhere at all.",
                                             "DECISIONS.md Bonfire", "regra")])
    with pytest.raises(AssertionError, match="bonfire.assume.never-cited"):
        check_citations("bonfire", extra, EXPLAINED)


def test_the_table_renders_as_markdown():
    text = RULES.to_markdown()
    assert text.count("\n") == len(RULES) + 1
    assert "`bonfire.fate.same-symbol`" in text and "áreas contíguas" in text
