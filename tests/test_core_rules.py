"""The rules table, the error kinds and score breakdowns (explorer.core)."""

import pytest

from explorer.core import IllegalAction, InvalidData, Rule, RuleTable, ScoreBreakdown

R1 = Rule("toy.turn.order", "Turn order", "Players alternate.", "toy §1", term_pt="ordem de jogo")
R2 = Rule("toy.assume.stones", "Stones block (assumption)", "Stones belong to nobody.", "our decision")


def test_rule_ids_must_be_dotted_lower_case():
    for bad in ["Toy.turn", "toy", "toy..turn", "toy.Turn", "toy turn.x", ""]:
        with pytest.raises(ValueError, match="is not of the form"):
            Rule(bad, "t", "x", "s")


def test_rule_needs_a_title():
    with pytest.raises(ValueError, match="empty title"):
        Rule("toy.turn.order", "  ", "x", "s")


def test_assumptions_are_named_by_their_id():
    table = RuleTable([R1, R2])
    assert [r.id for r in table.assumptions()] == ["toy.assume.stones"]
    assert not R1.is_assumption and R2.is_assumption


def test_rule_table_refuses_duplicate_ids():
    with pytest.raises(ValueError, match="appears twice"):
        RuleTable([R1, R1])


def test_rule_table_lookup_and_order():
    table = RuleTable([R2, R1])
    assert list(table) == ["toy.assume.stones", "toy.turn.order"]
    assert table["toy.turn.order"] is R1
    with pytest.raises(KeyError, match="no rule 'toy.x'"):
        table["toy.x"]
    assert len(table | RuleTable([Rule("toy.end.line", "Line", "x", "s")])) == 3


def test_rule_table_markdown_keeps_the_portuguese_term_and_escapes_pipes():
    md = RuleTable([R1, Rule("toy.a.b", "A | B", "x", "s")]).to_markdown()
    assert "| `toy.turn.order` | Turn order | Players alternate. | ordem de jogo | toy §1 |" in md
    assert "A \\| B" in md


def test_illegal_action_names_rule_and_reason():
    err = IllegalAction(R1, "it is O's turn", action="b2")
    assert isinstance(err, ValueError)
    assert str(err) == "it is O's turn (toy.turn.order: Turn order)"
    assert err.to_dict() == {"rule": "toy.turn.order", "title": "Turn order", "reason": "it is O's turn",
                             "text": "Players alternate.", "action": "b2", "notation": ""}


def test_illegal_action_requires_a_rule_object():
    with pytest.raises(TypeError):
        IllegalAction("toy.turn.order", "nope")


def test_invalid_data_lists_every_problem():
    err = InvalidData("board file x.yaml", ["a: missing", "b: not an int"])
    assert err.problems == ("a: missing", "b: not an int")
    assert str(err).splitlines() == ["board file x.yaml is invalid (2 problems):", "  - a: missing",
                                     "  - b: not an int"]


def test_score_breakdown_totals_in_rulebook_order():
    s = ScoreBreakdown([("houses", 34), ("cones", 5), ("objectives", -2)])
    assert s.total == 37
    assert list(s) == ["houses", "cones", "objectives"]
    assert s.to_dict() == {"categories": {"houses": 34, "cones": 5, "objectives": -2}, "total": 37}
    with pytest.raises(KeyError, match="no scoring category 'hero'"):
        s["hero"]
    with pytest.raises(ValueError, match="must be an integer"):
        ScoreBreakdown({"houses": 1.5})


def test_illegal_action_keeps_the_notation_for_notebooks_apart_from_the_reason():
    err = IllegalAction(R1, "it is O's turn: O puts a mark on an empty cell", action="b2", notation="place <cell>")
    assert err.reason == "it is O's turn: O puts a mark on an empty cell"
    assert str(err) == "it is O's turn: O puts a mark on an empty cell [notation: place <cell>] (toy.turn.order: Turn order)"
    assert err.to_dict()["notation"] == "place <cell>"
