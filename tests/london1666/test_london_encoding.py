"""London 1666 through OpenSpiel: what each player sees (explorer.london1666.encoding)."""

from __future__ import annotations

import random

import pytest

pyspiel = pytest.importorskip("pyspiel")

import explorer.adapters.openspiel  # noqa: E402,F401  (registers the games)
from explorer.london1666 import encoding  # noqa: E402


def _play(game, seed: int, steps: int | None = None, chance=None):
    """An OpenSpiel state after random play from the start (``chance(state, rng)`` picks chance outcomes)."""
    rng = random.Random(seed)
    state = game.new_initial_state()
    while not state.is_terminal() and (steps is None or len(state.history()) < steps):
        if state.is_chance_node():
            outcomes, probs = zip(*state.chance_outcomes())
            state.apply_action(chance(state, rng) if chance else rng.choices(outcomes, probs)[0])
        else:
            state.apply_action(rng.choice(state.legal_actions()))
    return state


def _views(state, player):
    return state.observation_string(player), list(state.observation_tensor(player))


def test_the_numbering_of_the_shipped_board():
    game = pyspiel.load_game("python_london1666(players=4)")
    ix = game.numbering
    # 64 districts: bands, pawns, 2 x the spreads, keep, 4 discards, cones, pawn moves, 308 band moves, put out,
    # demolish, end; chance: 4 deals, 6 houses, 6 colours, 6 pawns, 3 tokens, 64 objectives, 4 draws
    assert (ix.decisions, ix.outcomes) == (21866, 93)
    assert game.max_game_length() == 1300
    assert str(ix.action(0)) == "place-band " + game.start.board.ids[0]
    assert str(ix.action(ix.decisions - 1)) == "end-actions"


def test_a_player_sees_their_own_hand_objectives_and_tokens_and_not_the_others():
    game = pyspiel.load_game("python_london1666(players=4)")
    state = _play(game, seed=2, steps=200)
    engine = state.engine
    text = state.observation_string(1)
    own = engine.seats[1]
    seat = engine.to_dict()["seats"][1]
    assert f'"hand":{{"N":{own.hand[0]},' in text.replace(" ", "")
    assert f'"objectives":{str(seat["objectives"]).replace(chr(39), chr(34)).replace(" ", "")}' in text
    other = engine.to_dict()["seats"][2]
    assert f'"hand":{sum(other["hand"].values())},' in text and f'"objectives":{len(other["objectives"])}' in text
    assert '"token":"face-down"' in text and '"token":"charge"' not in text and '"seed"' not in text


def _with_other_hidden_parts(engine, player: int):
    """``engine`` with every part ``player`` cannot see changed: the other hands dealt again from the cards the
    player has not seen (sizes kept, the directions taken from W back to N), their objectives and tokens, and
    which token lies where face down."""
    pool = [engine.unseen[i] + sum(s.hand[i] for j, s in enumerate(engine.seats) if j != player)
            for i in range(4)]
    seats = list(engine.seats)
    for j, seat in enumerate(seats):
        if j == player:
            continue
        hand, need = [0, 0, 0, 0], seat.cards
        for i in (3, 2, 1, 0):
            take = min(need, pool[i])
            hand[i], pool[i], need = take, pool[i] - take, need - take
        seats[j] = seat.replace(hand=tuple(hand), objectives=tuple(reversed(seat.objectives)),
                                tokens=tuple("vp" for _ in seat.tokens))
    kinds = [t for t in engine.tokens if t]
    kinds = iter(kinds[1:] + kinds[:1])
    tokens = tuple(next(kinds) if t else None for t in engine.tokens)
    return engine.replace(seats=tuple(seats), unseen=tuple(pool), tokens=tokens)


@pytest.mark.parametrize("game_string", ["python_london1666(players=4)",
                                         "python_london1666(players=5,hidden_colours=True)"])
def test_changing_what_a_player_cannot_see_leaves_their_observation_unchanged(game_string):
    game = pyspiel.load_game(game_string)
    state = _play(game, seed=7, steps=250)
    player = (state.engine.active + 1) % len(state.engine.seats)
    changed = state.clone()
    changed._at = type(state._at)(game, _with_other_hidden_parts(state.engine, player), state.steps,
                                  state._at.trail)
    assert changed.engine.to_dict() != state.engine.to_dict()      # the hidden parts did change
    assert _views(changed, player) == _views(state, player)
    # the owner of a changed hand sees the change
    owner = (player + 1) % len(state.engine.seats)
    assert _views(changed, owner) != _views(state, owner)


def test_under_rule_a_colours_are_secret_and_without_it_public():
    plain = _play(pyspiel.load_game("python_london1666(players=4)"), seed=3, steps=150)
    secret = _play(pyspiel.load_game("python_london1666(players=4,hidden_colours=True)"), seed=3, steps=150)
    assert plain.observation_string(0).count('"colour":"secret"') == 0
    assert secret.observation_string(0).count('"colour":"secret"') == 3       # the three others'
    own = secret.engine.seats[0].colour
    assert f'"colour":"{own}"' in secret.observation_string(0)


def test_the_information_state_hides_the_cards_dealt_to_others():
    game = pyspiel.load_game("python_london1666(players=3)")

    def first(state, rng):          # the outcomes in turn (always the first would deal five alike: a redeal)
        outcomes = state.chance_outcomes()
        return outcomes[len(state.history()) % len(outcomes)][0]

    def other(state, rng):          # the same, but another card each time seat 3 is dealt
        outcomes = state.chance_outcomes()
        receiving = encoding.receiver(state.engine, state.engine.chance_outcomes()[0][0])
        shift = 1 if state.engine.phase == "deal" and receiving == 2 else 0
        return outcomes[(len(state.history()) + shift) % len(outcomes)][0]

    a = _play(game, seed=0, steps=15, chance=first)     # the 15 cards of the deal
    b = _play(game, seed=0, steps=15, chance=other)
    assert a.engine.seats[2].hand != b.engine.seats[2].hand
    assert a.information_state_string(0) == b.information_state_string(0)
    assert a.information_state_string(2) != b.information_state_string(2)
    lines = a.information_state_string(0).splitlines()
    assert lines[0].startswith("deal ") and "to seat 1" in lines[0] and lines[5] == "deal ? to seat 2"


def test_a_token_laid_out_is_seen_by_nobody():
    game = pyspiel.load_game("python_london1666(players=3)")
    state = game.new_initial_state()
    while state.engine.phase != "tokens":
        outcomes, _ = zip(*state.chance_outcomes())
        state.apply_action(outcomes[len(state.history()) % len(outcomes)])
    engine, token = state.engine, state.engine.chance_outcomes()[0][0]
    assert [encoding.seen(engine, token, p) for p in range(3)] == ["token ?"] * 3


@pytest.mark.parametrize("game_string", ["python_london1666(players=4)",
                                         "python_london1666(players=5,hidden_colours=True)"])
def test_a_resampled_world_looks_the_same_to_the_player_and_deals_the_rest_again(game_string):
    from collections import Counter

    game = pyspiel.load_game(game_string)
    state = _play(game, seed=9, steps=260)
    while state.is_chance_node():
        state.apply_action(state.chance_outcomes()[0][0])
    player = state.current_player()
    engine = state.engine
    hands_seen, objectives_seen = set(), set()
    draws = iter(i / 40 for i in range(1, 40))
    for _ in range(12):
        world = state.resample_from_infostate(player, lambda: next(draws))
        assert world.information_state_string(player) == state.information_state_string(player)
        assert world.observation_string(player) == state.observation_string(player)
        assert world.legal_actions() == state.legal_actions()
        other = world.engine
        # the cards: the same hand sizes, and the cards the player has not seen are the same cards, placed anew
        assert [s.cards for s in other.seats] == [s.cards for s in engine.seats]
        assert encoding._unseen_by(other, player) == encoding._unseen_by(engine, player)
        # the tokens still hidden are the same kinds, shuffled; the objectives are each deck's cards
        hidden = lambda e: Counter([t for t in e.tokens if t] + [t for j, s in enumerate(e.seats) if j != player
                                                                 for t in s.tokens])  # noqa: E731
        assert hidden(other) == hidden(engine)
        for j, seat in enumerate(other.seats):
            values = [engine.board.districts[d].objective for d in seat.objectives]
            assert values == [2, 4, 6][:len(values)]
            if j != player:
                assert not set(seat.objectives) & set(engine.seats[player].objectives)
        hands_seen.add(tuple(s.hand for s in other.seats))
        objectives_seen.add(tuple(s.objectives for s in other.seats))
    assert len(hands_seen) > 1 and len(objectives_seen) > 1          # dealt again, not copied
    assert all(h[player] == engine.seats[player].hand for h in hands_seen)   # the player's own hand is kept
