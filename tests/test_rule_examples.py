"""The rules reference as data: every rule example really shows its rule, the search finds rules the way a
player asks for them, and the examples cover most of what the engines cite."""

from __future__ import annotations

import pytest

from explorer.core import InvalidData, game_module
from explorer.core.examples import cited_rules, example_outcome, load_examples
from explorer.core.registry import GAMES

READY = [name for name, info in GAMES.items() if info.is_ready]
ALL_EXAMPLES = [(game, rule) for game in READY for rule in load_examples(game)]


@pytest.mark.parametrize(("game", "rule"), ALL_EXAMPLES, ids=[f"{g}:{r}" for g, r in ALL_EXAMPLES])
def test_every_example_shows_its_rule(game: str, rule: str) -> None:
    outcome = example_outcome(game, rule)
    assert outcome is not None and outcome.shows_rule, (
        f"{rule}: the action {outcome.action} cites "
        f"{outcome.refusal.rule.id if outcome.refusal else [e.rule.id for e in outcome.events]}")
    state, action = game_module(game).rule_example(rule)
    assert str(action) == str(outcome.action) and state.to_dict() == outcome.state.to_dict()


@pytest.mark.parametrize("game", READY)
def test_examples_cover_most_of_what_the_engine_cites(game: str) -> None:
    examples, cited = set(load_examples(game)), cited_rules(game)
    assert examples <= set(game_module(game).RULES)
    assert len(examples & cited) >= 0.8 * len(cited), sorted(cited - examples)


def test_a_refusal_example_and_an_event_example() -> None:
    refused = example_outcome("london1666", "london.fire.priority")
    assert refused.after is None and refused.refusal.rule.id == "london.fire.priority"
    assert "priority 1 (houses and no trained band) is available" in refused.refusal.reason
    acting = example_outcome("london1666", "london.fire.burn")
    assert acting.refusal is None and acting.cited and all(e.rule.id == "london.fire.burn" for e in acting.cited)


def test_rules_without_examples_and_unknown_ids() -> None:
    london = game_module("london1666")
    assert london.rule_example("london.assume.board-reconstruction") is None
    with pytest.raises(KeyError, match="no rule 'london.fire.nope'"):
        london.rule_example("london.fire.nope")


def test_a_broken_examples_file_lists_every_problem(tmp_path, monkeypatch) -> None:
    import explorer.core.examples as ex

    bad = tmp_path / "rule_examples.yaml"
    bad.write_text("london.fire.nope: {position: {builder: {}}, action: x}\n"
                   "london.fire.burn: {position: {}, action: ''}\n", encoding="utf-8")
    monkeypatch.setattr(ex, "examples_path", lambda game: bad)
    ex.load_examples.cache_clear()
    try:
        with pytest.raises(InvalidData) as err:
            ex.load_examples("london1666")
        text = str(err.value)
        assert "london.fire.nope: not a rule of london1666" in text and "london.fire.burn" in text
    finally:
        ex.load_examples.cache_clear()


@pytest.mark.parametrize(("query", "first"), [
    ("trained band", "london.setup.trained-bands"),
    ("grupo de bombeiros", "london.actions.move-band"),
    ("can the fire pass a contained district?", "london.fire.travel"),
    ("Intensificar", "london.draw.intensify"),
    ("london.fire.priority", "london.fire.priority"),
])
def test_search_finds_london_rules(query: str, first: str) -> None:
    assert game_module("london1666").RULES.search(query)[0].id == first


def test_search_filters() -> None:
    rules = game_module("london1666").RULES
    assert [r.id for r in rules.search("hero", topic="score")] == ["london.score.hero"]
    assumptions = rules.search(assumptions_only=True)
    assert assumptions and all(r.is_assumption for r in assumptions) and len(assumptions) == len(rules.assumptions())
    assert rules.search("") == list(rules.values())
    assert rules.topics()[:3] == ["board", "setup", "turn"]
