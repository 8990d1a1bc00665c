"""Legality property test (issue 21): the legal actions are generated directly, and ``explain``/``why_illegal``
(``turn.refusal``) stay the one place that explains a refusal; the two must agree everywhere.

Over the decision points met in seeded games (random and directed players, from the start and from a late-game
position; a few hundred positions, every kind of step), every action ``legal_actions()`` lists has no refusal and
applies, and every other action of the game's kinds over the board's places (``bonfire_candidates.every_action``)
is refused by a rule of the game, leaving the position unchanged. The same seed replays the same game, and the
seeded setup (``new_game``, which makes its draws at once) is the one the contract's draw-by-draw
``GameState.resolve_chance`` gives.
"""

from __future__ import annotations

import random

import pytest
from bonfire_candidates import every_action
from bonfire_players import directed_player, late_game, random_player

from explorer.bonfire import RULES, State, new_game
from explorer.bonfire.components import Components
from explorer.bonfire.setup import initial_state
from explorer.core import GameState, IllegalAction

GAMES = [(2, 3, "random"), (3, 4, "random"), (4, 5, "random"), (2, 6, "directed"), (3, 7, "late"),
         (4, 8, "late"), (2, 9, "late"), (3, 10, "directed")]
"""(players, seed, style) of the games the positions come from."""
EVERY = 3
"""Every third decision point of each game is checked, and all those of the rarer steps (setup, dock, procession,
council seat, bonus item)."""


def positions(players: int, seed: int, style: str) -> list[State]:
    """The decision points of one seeded game (``late``: the directed player from a late-game position)."""
    rnd = random.Random(seed)
    chooser = random_player if style == "random" else directed_player
    s, out, late = new_game(players=players, seed=seed), [], style != "late"
    while not s.is_terminal:
        if s.is_chance_node:
            s = s.apply(s.sample_chance())
            continue
        out.append(s)
        s = s.apply(chooser(s, rnd))
        if not late and s.phase == "play":
            s, late = late_game(s), True
    return [p for n, p in enumerate(out) if n % EVERY == 0 or p.pending[0].kind not in ("act", "cover")]


@pytest.fixture(scope="module")
def met() -> list[State]:
    return [p for players, seed, style in GAMES for p in positions(players, seed, style)]


@pytest.mark.property
def test_an_action_is_legal_exactly_when_the_engine_does_not_refuse_it(met: list[State]) -> None:
    kinds, rules_seen, refused = set(), set(), 0
    assert len(met) >= 300
    for n, s in enumerate(met):
        legal = s.legal_actions()
        assert len(set(legal)) == len(legal), "no action is listed twice"
        for a in legal:
            assert s.explain(a) is None and s.why_illegal(a) is None, (n, str(a))
            after = s.apply(a)
            assert isinstance(after, State) and after is not s
        listed = set(legal)
        before = s.to_dict() if n % 25 == 0 else None
        for a in every_action(s):
            if a in listed:
                continue
            why = s.explain(a)
            assert why is not None, (n, str(a))
            assert why.rule.id.startswith("bonfire.") and RULES[why.rule.id] is why.rule, (n, str(a), why.rule.id)
            assert why.reason and s.why_illegal(a) is not None
            rules_seen.add(why.rule.id)
            refused += 1
            if before is not None and refused % 11 == 0:
                with pytest.raises(IllegalAction) as err:
                    s.apply(a)
                assert err.value.rule is why.rule and err.value.reason == why.reason
        if before is not None:
            assert s.to_dict() == before, "a refused action leaves the position unchanged"
        kinds.add(s.pending[0].kind)
    assert kinds == {"start-tile", "act", "cover", "dock", "march", "sit", "take"}, kinds
    assert refused > 100_000
    assert {"bonfire.fate.adjacent", "bonfire.fate.inside", "bonfire.fate.no-overlap", "bonfire.fate.top-or-bottom",
            "bonfire.fate.when", "bonfire.boat.cost", "bonfire.task.at-island", "bonfire.guardian.claim",
            "bonfire.procession.step", "bonfire.procession.one-per-space", "bonfire.path.build",
            "bonfire.great-bonfire.portal", "bonfire.assume.great-bonfire-moves", "bonfire.gnome.cost",
            "bonfire.ignite.when", "bonfire.turn.options", "bonfire.pay.substitute-action",
            "bonfire.pay.substitute-resource", "bonfire.assume.dock-claim",
            "bonfire.assume.return-before-fate"} <= rules_seen, rules_seen


@pytest.mark.property
def test_the_same_seed_replays_the_same_game() -> None:
    def game(seed: int) -> tuple[list[str], dict, list[str]]:
        rnd, s, actions = random.Random(seed), new_game(players=3, seed=seed), []
        while not s.is_terminal:
            a = s.sample_chance() if s.is_chance_node else rnd.choice(s.legal_actions())
            s = s.apply(a)
            actions.append(str(a))
        return actions, s.to_dict(), [e.describe() for e in s.events]

    first = game(11)
    assert game(11) == first
    assert game(12)[0] != first[0]


@pytest.mark.property
@pytest.mark.parametrize("players", [2, 3, 4])
def test_the_seeded_setup_is_the_contracts_draw_by_draw(players: int) -> None:
    """``new_game`` makes the setup draws at once (``State.resolve_chance``); the contract's
    ``GameState.resolve_chance`` applies them one by one through ``apply``: the same position, stream and events."""
    for seed in range(12):
        start = initial_state(players, seed, Components.default())
        fast, slow = start.resolve_chance(), GameState.resolve_chance(start)
        assert fast.to_dict() == slow.to_dict() and fast.rng == slow.rng
        assert [(e.rule.id, e.describe()) for e in fast.events] == [(e.rule.id, e.describe()) for e in slow.events]
        assert fast.to_dict() == new_game(players=players, seed=seed).to_dict()
