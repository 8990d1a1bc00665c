"""Errors cross process boundaries intact (property tests run games in a worker pool)."""

import pickle

from explorer.core import IllegalAction, InvalidData, InvalidRecord, Rule


def test_refusals_and_invalid_data_pickle():
    rule = Rule("toy.rule", "A rule", "Text.", "toy §1")
    refusal = pickle.loads(pickle.dumps(IllegalAction(rule, "not now", action="x", notation="go <n>")))
    assert refusal.notation == "go <n>"
    assert (refusal.rule, refusal.reason, refusal.action, str(refusal)) == (rule, "not now", "x",
                                                                             "not now [notation: go <n>] (toy.rule: A rule)")
    for cls in (InvalidData, InvalidRecord):
        err = pickle.loads(pickle.dumps(cls("thing", ["a", "b"])))
        assert type(err) is cls and err.problems == ("a", "b") and "2 problems" in str(err)
