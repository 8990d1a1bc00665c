"""``payment.payment_words``: the one line a view shows for a payment — what the holdings pay, what is missing, and
how the substitution rule can pay it (``bonfire.pay.substitute-action``, ``-resource``; Double Joker), agreeing with
``can_cover`` and with the engine's legal actions.

Holdings are written in the component order: resources gold, herbs, mushrooms, berries, wood, stone; action tiles
boat, task, guardian, path, great_bonfire, gnome, yellow.
"""

from __future__ import annotations

import random

import pytest

from explorer.bonfire import new_game
from explorer.bonfire.components import Components
from explorer.bonfire.payment import ANY, Cost, Index, can_cover, pay_exact, payment_words
from explorer.bonfire.turn import action_cost

IX = Index.of(Components.default())


def words(resources, tiles, cost, *, double_joker=False) -> str:
    return payment_words(pay_exact(resources, tiles, cost, IX, double_joker=double_joker), cost, IX)


NONE_RES = (0, 0, 0, 0, 0, 0)
NONE_TILES = (0, 0, 0, 0, 0, 0, 0)


@pytest.mark.parametrize(("resources", "tiles", "cost", "expected"), [
    ((0, 1, 0, 0, 0, 1), (0, 2, 0, 0, 0, 0, 0), Cost("task", 2, ("herbs", "stone")), "2 task tiles + herbs + stone"),
    ((0, 2, 0, 0, 0, 0), (0, 0, 0, 0, 0, 1, 0), Cost("gnome", 1, ("herbs", "herbs")), "1 gnome tile + 2 herbs"),
    (NONE_RES, (1, 0, 0, 0, 0, 0, 0), Cost("boat", 1), "1 boat tile"),
    (NONE_RES, NONE_TILES, Cost(None, 0), "free"),
    ((0, 1, 1, 0, 0, 0), (0, 1, 0, 0, 0, 0, 0), Cost("task", 1, (ANY, ANY)), "1 task tile + 2 resources of your "
                                                                              "choice"),
    ((0, 1, 0, 0, 0, 0), NONE_TILES, Cost(None, 0, (ANY, ANY)), "2 resources of your choice — not enough resources "
                                                                "held: cannot be paid even with substitutes"),
], ids=["all-held", "resource-twice", "one-tile", "free", "any-resources", "any-too-few"])
def test_a_payment_from_holdings_names_what_is_paid(resources, tiles, cost, expected):
    assert words(resources, tiles, cost) == expected


@pytest.mark.parametrize(("tiles", "cost", "expected"), [
    ((0, 2, 0, 1, 0, 1, 1), Cost("task", 3), "2 task tiles — missing 1 task tile: pay with a yellow tile or 2 other "
                                             "tiles"),
    ((0, 2, 0, 0, 0, 0, 1), Cost("task", 3), "2 task tiles — missing 1 task tile: pay with a yellow tile"),
    ((1, 0, 0, 1, 0, 0, 0), Cost("task", 1), "nothing held — missing 1 task tile: pay with 2 other tiles"),
    ((0, 0, 0, 0, 0, 4, 1), Cost("boat", 3), "nothing held — missing 3 boat tiles: pay each with a yellow tile or 2 "
                                             "other tiles"),
    ((0, 0, 0, 0, 0, 1, 1), Cost("boat", 3), "nothing held — missing 3 boat tiles: cannot be paid even with "
                                             "substitutes"),
    ((1, 0, 0, 0, 0, 0, 0), Cost("path", 1), "nothing held — missing 1 path tile: cannot be paid even with "
                                             "substitutes"),
], ids=["yellow-or-pair", "yellow-only", "pair-only", "each", "too-few", "one-other"])
def test_missing_tiles_name_the_substitutes_left(tiles, cost, expected):
    assert words(NONE_RES, tiles, cost) == expected


def test_double_joker_lets_one_yellow_cover_two_tiles():
    cost = Cost("boat", 2)
    assert words(NONE_RES, (0, 0, 0, 0, 0, 0, 1), cost, double_joker=True) == (
        "nothing held — missing 2 boat tiles: pay with a yellow tile (Double Joker: one covers 2 tiles)")
    assert words(NONE_RES, (0, 0, 0, 2, 0, 2, 1), Cost("boat", 3), double_joker=True) == (
        "nothing held — missing 3 boat tiles: pay with a yellow tile (Double Joker: one covers 2 tiles) or 2 other "
        "tiles each")
    assert words(NONE_RES, (0, 0, 0, 0, 0, 0, 1), cost) == (
        "nothing held — missing 2 boat tiles: cannot be paid even with substitutes")


@pytest.mark.parametrize(("resources", "cost", "expected"), [
    ((1, 1, 0, 0, 0, 0), Cost(None, 0, ("herbs", "stone")), "herbs — missing stone: pay with gold"),
    ((0, 1, 1, 1, 0, 0), Cost(None, 0, ("herbs", "stone")), "herbs — missing stone: pay with 2 other resources"),
    ((1, 0, 1, 1, 0, 0), Cost(None, 0, ("gold", "gold")), "gold — missing gold: pay with 2 other resources"),
    ((2, 0, 2, 2, 0, 0), Cost(None, 0, ("herbs", "stone")), "nothing held — missing herbs and stone: pay each with "
                                                            "gold or 2 other resources"),
    ((0, 0, 1, 0, 0, 0), Cost(None, 0, ("herbs",)), "nothing held — missing herbs: cannot be paid even with "
                                                    "substitutes"),
], ids=["gold", "pair", "gold-asked", "each", "too-few"])
def test_missing_resources_name_the_substitutes_left(resources, cost, expected):
    assert words(resources, NONE_TILES, cost) == expected


def test_tiles_and_resources_missing_together():
    cost = Cost("gnome", 1, ("herbs", "herbs"))
    assert words((1, 1, 0, 1, 1, 0), (0, 0, 0, 0, 0, 0, 1), cost) == (
        "herbs — missing 1 gnome tile and herbs: pay the tile with a yellow tile; the herbs with gold or 2 other "
        "resources")
    assert words((1, 1, 0, 0, 1, 0), (0, 0, 0, 0, 0, 0, 1), cost) == (  # 1 other resource left: gold only
        "herbs — missing 1 gnome tile and herbs: pay the tile with a yellow tile; the herbs with gold")


def test_a_paid_that_is_not_of_this_cost_is_refused():
    paid = pay_exact(NONE_RES, NONE_TILES, Cost(None, 0, ("herbs",)), IX)
    with pytest.raises(ValueError, match="not in list"):
        payment_words(paid, Cost(None, 0, ("stone",)), IX)


@pytest.mark.parametrize("cost", [Cost(None, 0, ("amber",)), Cost("canoe", 1)], ids=["resource", "action"])
def test_pay_exact_raises_key_error_for_unknown_items_as_documented(cost):
    with pytest.raises(KeyError, match="the components have no action type or resource"):
        pay_exact(NONE_RES, NONE_TILES, cost, IX)


def test_the_words_agree_with_can_cover_on_random_holdings():
    rng = random.Random(9)
    costs = [Cost(a, n, r) for a in ("boat", "task", "gnome") for n in (1, 2, 3)
             for r in ((), ("herbs",), ("stone", "gold"), ("wood", "wood"), (ANY,), ("berries", ANY))]
    seen = set()
    for _ in range(3000):
        resources = tuple(rng.choice((0, 0, 1, 1, 2)) for _ in IX.resources)
        tiles = tuple(rng.choice((0, 0, 0, 1, 2)) for _ in IX.actions)
        cost = rng.choice(costs)
        joker = rng.random() < 0.2
        paid = pay_exact(resources, tiles, cost, IX, double_joker=joker)
        text = payment_words(paid, cost, IX)
        payable = can_cover(paid, IX)
        assert text.endswith("cannot be paid even with substitutes") == (not payable), text
        assert ("— missing" in text or "— not enough resources" in text) == (not paid.done and not (
            not paid.tiles_missing and all(r == ANY for r in paid.resources_missing) and payable)), text
        held_tiles = cost.tiles - paid.tiles_missing
        if held_tiles:
            assert text.startswith(f"{held_tiles} {cost.action} tile")
        seen.add((payable, paid.done))
    assert seen == {(True, True), (True, False), (False, False)}


def test_legal_actions_are_always_worded_as_payable():
    rng = random.Random(2)
    for seed in range(3):
        s = new_game(players=3, seed=seed)
        for _ in range(150):
            if s.is_terminal:
                break
            if s.is_chance_node:
                s = s.apply(s.sample_chance())
                continue
            k = s.current_player
            seat = s.seats[k]
            for action in s.legal_actions():
                try:
                    cost = action_cost(s, k, action)
                except KeyError:  # not an action with a cost
                    continue
                paid = pay_exact(seat.resources, seat.tiles, cost, s.index, double_joker="double_joker" in seat.gnomes)
                assert "cannot be paid" not in payment_words(paid, cost, s.index), str(action)
            s = s.apply(rng.choice(s.legal_actions()))
