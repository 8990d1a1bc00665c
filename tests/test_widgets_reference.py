"""The rules reference page's view: the search filters as you type, a rule's entry, its example played on the
board, the rule named in the page's address, and where the rule is taught."""

from __future__ import annotations

import pytest

from widgets.reference import RulesReference, rule_from_query, tutorial_sections


@pytest.fixture(scope="module")
def london() -> RulesReference:
    return RulesReference("london1666", page=False)


def test_search_as_you_type_and_filters(london: RulesReference) -> None:
    london.show("london.fire.burn")
    london.search.value = "grupo de bombeiros"
    assert [v for _, v in london.results.options] == ["london.actions.move-band"]
    assert "1 of 59 rules" in london.count.value and london.announcer.text == "1 of 59 rules"
    assert london.current == "london.actions.move-band"  # the entry follows the list: its best match
    london.search.value = "zzzz"
    assert london.results.options == () and "Nothing matches" in london.count.value
    london.search.value = ""
    london.assumptions_only.value = True
    assert all(".assume." in v for _, v in london.results.options) and len(london.results.options) == 9
    london.assumptions_only.value = False
    london.topic.value = "score"
    assert [v for _, v in london.results.options][0] == "london.score.houses"
    london.topic.value = ""


def test_an_event_example_played(london: RulesReference) -> None:
    london.show("london.fire.burn")
    assert "<h3>Houses burn</h3>" in london.entry.value and "casas ardidas" in london.entry.value
    assert london.play_button.description == "Play it" and london.board.emphasis is not None
    london.play_example()
    assert "class='rx-cited'" in london.events.value and london.play_button.disabled
    assert london.board.state.burnt[london.board.state.i("st-mary")]
    london.back_button.click()
    assert not london.board.state.burnt[london.board.state.i("st-mary")] and not london.play_button.disabled


def test_a_refusal_example(london: RulesReference) -> None:
    london.show("london.fire.priority")
    assert london.play_button.description == "Try it"
    london.play_example()
    assert "refused" in london.events.value and "london.fire.priority" in london.events.value
    assert london.board.message["kind"] == "illegal" and london.board.message["rule"] == "london.fire.priority"


def test_where_taught_and_related(london: RulesReference) -> None:
    london.show("london.fire.priority")
    assert "lesson “Where the fire must go”, step 4" in london.entry.value
    assert "lessons.ipynb?lesson=where-the-fire-goes&amp;step=4" in london.entry.value
    assert "02_turn_and_fire_priority.ipynb" in london.entry.value
    titles = [b.description for b in london.related.children]
    assert titles and "Fire goes where it does most harm" not in titles
    london.related.children[0].click()
    assert london.current != "london.fire.priority"


def test_a_rule_without_example_says_so(london: RulesReference) -> None:
    london.show("london.assume.board-reconstruction")
    assert "no example yet" in london.entry.value and london.example_box.layout.display == "none"
    assert "our assumption" in london.entry.value


def test_the_page_address_names_the_rule() -> None:
    assert rule_from_query("?rule=london.fire.contained") == "london.fire.contained"
    assert rule_from_query("") is None
    view = RulesReference("london1666")
    view.query.query = "?rule=london.fire.contained"
    assert view.current == "london.fire.contained" and view.results.value == "london.fire.contained"
    view.query.query = "?rule=nonsense"  # an unknown rule in the address: the page stays where it is
    assert view.current == "london.fire.contained"


@pytest.mark.parametrize("game", ["portobello", "flashpoint", "bonfire"])
def test_every_game_opens(game: str) -> None:
    view = RulesReference(game, page=False)
    assert len(view.results.options) == len(view.rules)
    first_example = next((r for r in view.rules if view.rules[r] and _has_example(game, r)), None)
    if first_example:
        view.show(first_example)
        view.play_example()
        assert view.events.value


def _has_example(game: str, rule: str) -> bool:
    from explorer.core.examples import load_examples

    return rule in load_examples(game)


def test_tutorial_sections_find_the_rules_cited() -> None:
    found = tutorial_sections("london1666")
    assert any(file == "02_turn_and_fire_priority.ipynb" for file, _, _ in found["london.fire.priority"])
