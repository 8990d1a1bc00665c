"""The coach (explorer.coach): seeded hints from the player's own view, comparisons on common random numbers,
verdicts and the coach player."""

from __future__ import annotations

import random

import pytest

from explorer import bonfire, flashpoint, london1666, portobello
from explorer.coach import GRADES, Player, compare, hint, verdict
from explorer.coach.search import SIMS_PER_SECOND, outcome, rollout, sims_for, stream, wilson
from explorer.core import IllegalAction
from explorer.core.rng import Rng
from explorer.london1666.encoding import observation_string, resample

GAMES = {"london1666": london1666, "portobello": portobello, "flashpoint": flashpoint, "bonfire": bonfire}


def mid_game(module, seed: int, decisions: int, **options):
    """A position after ``decisions`` random decisions (chance resolved by the game's seed), a player to act."""
    state = module.new_game(seed=seed, **options)
    chooser = random.Random(seed)
    made = 0
    while made < decisions or state.is_chance_node:
        if state.is_chance_node:
            state = state.resolve_chance()
            continue
        state = state.apply(chooser.choice(state.legal_actions()))
        made += 1
    return state


def told(h):
    """Everything a hint tells, as plain values."""
    return [(s.notation, round(s.value, 9), s.sims, s.win, s.win_interval, s.margin, s.spread, s.lost,
             tuple(e.describe() for e in s.events), s.score_change, s.then) for s in h]


# ---- the budget, the seed ---------------------------------------------------------------------------------------
def test_budget_becomes_simulations():
    assert sims_for("portobello", 2.0) == 2 * SIMS_PER_SECOND["portobello"]
    assert sims_for("london1666", 0.01) == 16  # never fewer than MIN_SIMS
    for bad in (0, -1.0, "2", True, float("nan")):
        with pytest.raises(ValueError, match="positive number of seconds"):
            sims_for("portobello", bad)


def test_streams_are_the_same_on_every_run():
    assert stream(3, "rollouts").random() == stream(3, "rollouts").random()
    assert stream(3, "rollouts").random() != stream(4, "rollouts").random()
    assert stream(3, "world", 1).random() != stream(3, "world", 2).random()


def test_same_position_budget_and_seed_give_the_same_hint():
    state = mid_game(portobello, 1, 30, players=3)
    first, again = hint(state, 0.2, seed=5), hint(state, 0.2, seed=5)
    assert told(first) == told(again)
    assert first.sims == sims_for("portobello", 0.2)
    assert sum(1 for _ in first) == len(first) == 3


def test_hint_ranks_by_visits_and_every_suggestion_is_legal():
    state = mid_game(bonfire, 2, 40, players=2)
    h = hint(state, 0.2, seed=0, shown=99)
    assert len(h) == len(state.legal_actions())
    assert [s.sims for s in h] == sorted((s.sims for s in h), reverse=True)
    assert sum(s.sims for s in h) <= h.sims
    assert all(state.is_legal(s.action) for s in h)
    assert all(0.0 <= s.win <= 1.0 and s.win_interval[0] <= s.win <= s.win_interval[1] for s in h)


# ---- facts, not prose --------------------------------------------------------------------------------------------
def test_a_suggestions_events_and_score_change_are_the_engines():
    state = mid_game(portobello, 1, 30, players=3)
    for s in hint(state, 0.2, seed=0, shown=99):
        after = state.apply(s.action)
        assert [e.describe() for e in s.events] == [e.describe() for e in after.events]
        name = state.players[state.current_player]
        before, now = state.scores()[name], after.scores()[name]
        assert s.score_change == {k: now[k] - before[k] for k in now if now[k] != before[k]}


def test_moving_the_bobby_across_an_empty_lane_costs_its_toll_in_the_hint():
    state = mid_game(portobello, 1, 30, players=3)
    bobby = next(s for s in hint(state, 0.2, seed=0, shown=99) if s.notation == "bobby d4")
    assert bobby.score_change == {"bobby tolls": -1}
    assert [e.rule.id for e in bobby.events] == ["portobello.bobby.toll"]
    assert "yellow loses 1 point" in bobby.events[0].describe()


def test_facts_lines_name_the_rules():
    state = mid_game(portobello, 1, 30, players=3)
    build = next(s for s in hint(state, 0.2, seed=0, shown=99) if s.notation == "build b 0")
    lines = build.facts(state.players)
    assert lines[0].startswith("build b 0: value ")
    assert lines[1] == f"does: {build.events[0].describe()} [portobello.build.first-at-end]"


def test_flash_point_hints_tell_the_team_and_victims_lost():
    state = mid_game(flashpoint, 1, 20)
    best = hint(state, 0.2, seed=0)[0]
    assert best.cooperative and best.margin == 0.0
    assert "the team won in" in best.facts(state.players)[0]
    assert best.lost >= state.lost


# ---- only what the player can see --------------------------------------------------------------------------------
@pytest.mark.parametrize("game", ["portobello", "flashpoint", "bonfire"])
def test_the_engines_future_draws_do_not_change_the_hint(game):
    """The unseen orders (bag, dice, fate tiles) live in the engine's random stream: another stream, the same
    hint."""
    state = mid_game(GAMES[game], 3, 25)
    other = state.replace(rng=Rng(seed=987654321, draws=11))
    assert other.to_dict() != state.to_dict()
    assert told(hint(state, 0.2, seed=1)) == told(hint(other, 0.2, seed=1))


@pytest.mark.parametrize("options", [{}, {"hidden_colours": True}])
def test_londons_secrets_do_not_change_the_hint(options):
    """Other hands, objectives, face-down tokens and (rule A) colours dealt again: the player sees the same, the
    coach says the same."""
    state = mid_game(london1666, 4, 24, **options)
    me = state.current_player
    other = resample(state, me, random.Random(77))
    assert observation_string(other, me) == observation_string(state, me)
    assert [s.objectives for s in other.seats] != [s.objectives for s in state.seats]
    assert told(hint(state, 0.2, seed=2)) == told(hint(other, 0.2, seed=2))


# ---- compare -----------------------------------------------------------------------------------------------------
def test_the_same_action_twice_compares_equal_on_common_random_numbers():
    state = mid_game(portobello, 1, 30, players=3)
    action = state.legal_actions()[0]
    c = compare(state, [action, str(action)], budget_s=0.2, seed=3)
    first, second = c.distributions
    assert first.values == second.values and first.margins == second.margins
    assert c.difference(0, 1) == (0.0, 0.0)
    assert c.rollouts == sims_for("portobello", 0.2) // 2


def test_compare_rows_and_intervals():
    state = mid_game(london1666, 4, 24)
    legal = state.legal_actions()
    c = compare(state, legal[:3], budget_s=0.2, seed=0)
    rows = c.rows()
    assert [r["action"] for r in rows] == [str(a) for a in legal[:3]]
    for d, r in zip(c.distributions, rows):
        low, high = d.value_interval()
        assert low <= d.value <= high and r["value"] == round(d.value, 3)
        assert len(d.values) == c.rollouts


def test_compare_refuses_an_illegal_move_with_its_rule_and_changes_nothing():
    state = mid_game(portobello, 1, 30, players=3)
    before = state.to_dict()
    with pytest.raises(IllegalAction) as refused:
        compare(state, [state.legal_actions()[0], "bobby d1"], budget_s=0.1)
    assert refused.value.rule.id.startswith(("portobello.", "core."))
    assert state.to_dict() == before


def test_the_coach_refuses_chance_steps_and_finished_games():
    state = mid_game(portobello, 1, 30, players=3).apply("customer")
    assert state.is_chance_node
    with pytest.raises(ValueError, match="core.chance.outcome"):
        hint(state, 0.1)
    with pytest.raises(ValueError, match="core.chance.outcome"):
        compare(state, [])
    chooser = random.Random(0)
    while not state.is_terminal:
        state = state.resolve_chance() if state.is_chance_node else state.apply(chooser.choice(state.legal_actions()))
    with pytest.raises(ValueError, match="core.end.game-over"):
        hint(state, 0.1)
    with pytest.raises(ValueError, match="one of the games"):
        hint("not a position", 0.1)


# ---- verdict, player -----------------------------------------------------------------------------------------------
def test_the_coachs_own_choice_is_good():
    state = mid_game(portobello, 1, 30, players=3)
    best = hint(state, 0.2, seed=0).best.action
    v = verdict(state, best, budget_s=0.2, seed=0)
    assert (v.grade, v.drop) == ("good", 0.0)
    assert v.describe() == f"good: {best} is the coach's first choice"


def test_a_worse_move_is_graded_by_its_drop():
    state = mid_game(london1666, 4, 24)
    h = hint(state, 0.2, seed=0, shown=99)
    worst = h[-1].action
    v = verdict(state, worst, budget_s=0.2, seed=0)
    limit = next(limit for name, limit in GRADES if name == v.grade)
    assert v.drop < limit
    assert v.best == str(h.best.action) and v.played == str(worst)


def test_the_coach_player_plays_legal_moves_and_repeats_itself():
    state = mid_game(bonfire, 5, 30, players=3)
    bot = Player(sims=24, seed=1)
    move = bot(state)
    assert state.is_legal(move) and bot(state) == move
    with pytest.raises(ValueError, match="positive whole number"):
        Player(sims=0)


def test_a_forced_move_is_played_without_a_search():
    state = mid_game(portobello, 1, 30, players=3)
    while len(state.legal_actions()) != 1 or state.is_chance_node:
        state = state.resolve_chance() if state.is_chance_node else state.apply(state.legal_actions()[-1])
    assert Player(budget_s=0.1)(state) == state.legal_actions()[0]


# ---- the pieces ------------------------------------------------------------------------------------------------------
def test_outcome_of_a_fresh_flash_point_game_and_of_a_lead():
    fp = flashpoint.new_game(seed=1).resolve_chance()
    assert outcome(fp, 0) == (pytest.approx(-0.08 * 10 / 7), False, 0.0, 0)   # 10 fires (rescue.PER_FIRE each)
    state = mid_game(portobello, 1, 30, players=3)
    value, won, margin, lost = outcome(state, state.current_player)
    totals = {n: state.scores()[n].total for n in state.players}
    me = state.players[state.current_player]
    assert margin == totals[me] - max(v for n, v in totals.items() if n != me)
    assert won == (me in state.winners()) and lost == 0


def test_rollouts_stop_at_the_horizon_and_use_their_own_luck():
    state = mid_game(portobello, 1, 30, players=3)
    end, taken = rollout(state, 10, random.Random(1))
    again, _ = rollout(state, 10, random.Random(1))
    assert len(taken) == 10 and end.to_dict() == again.to_dict()
    reseeded, _ = rollout(state.replace(rng=Rng(seed=5, draws=0)), 10, random.Random(1))
    assert {k: v for k, v in reseeded.to_dict().items() if k not in ("seed", "draws")} == \
        {k: v for k, v in end.to_dict().items() if k not in ("seed", "draws")}


def test_wilson_interval_known_values():
    low, high = wilson(5, 10)
    assert (round(low, 4), round(high, 4)) == (0.2366, 0.7634)
    assert wilson(0, 0) == (0.0, 1.0)
    assert round(wilson(0, 10)[1], 4) == 0.2775


def test_a_standing_counts_the_rank_and_the_margin():
    import math

    from explorer.coach.search import MARGIN_SCALE, standing
    from explorer.core.encoding import rank_returns

    state = mid_game(bonfire, 2, 60, players=3)
    values, margins = standing(state)
    totals = [state.scores()[n].total for n in state.players]
    assert margins == [t - max(totals[:k] + totals[k + 1:]) for k, t in enumerate(totals)]
    assert values == [0.5 * r + 0.5 * math.tanh(m / MARGIN_SCALE["bonfire"])
                      for r, m in zip(rank_returns(state), margins)]
    leader = max(range(3), key=lambda k: (values[k], k))
    assert margins[leader] >= 0 and all(-1 <= v <= 1 for v in values)


def test_a_number_of_simulations_can_stand_for_the_budget():
    state = mid_game(bonfire, 5, 30, players=2)
    fixed = hint(state, seed=2, sims=40)
    assert fixed.sims == 40 and fixed.sims != sims_for("bonfire", 2.0)
    assert [s.notation for s in fixed] == [s.notation for s in hint(state, budget_s=9.0, seed=2, sims=40)]
    c = compare(state, state.legal_actions()[:2], seed=2, sims=40)
    assert c.rollouts == 20
    with pytest.raises(ValueError, match="positive whole number"):
        hint(state, sims=0)


def test_the_london_search_keys_its_nodes_by_what_the_player_saw_since_the_root():
    """SeenSinceRoot: a world dealt again is the root's node; after the player's spread, the end of their actions
    and their draw, the next player's node is the same whichever card was drawn (they saw "draw ? to seat N"),
    while the
    player who drew knows the card."""
    from explorer.adapters.openspiel import state_at
    from explorer.coach.search import RolloutEvaluator, SeenSinceRoot, world_for

    state = mid_game(london1666, 4, 24)
    me = state.current_player
    root = state_at(state)
    game = root.get_game()
    bot = SeenSinceRoot(root.steps, game.encoding.seen, game, RolloutEvaluator(me, 4, random.Random(0), False),
                        1.4, 10)
    assert bot.get_state_key(root) == (me, ())
    assert bot.get_state_key(world_for(root, me, random.Random(3))) == (me, ())
    spread = root.legal_actions()[0]
    ended = root.child(spread)
    ended = ended.child(next(a for a in ended.legal_actions() if ended.action_to_string(me, a) == "end-actions"))
    assert ended.is_chance_node()
    draws = {ended.action_to_string(-1, a): a for a, _ in ended.chance_outcomes()}
    north, east = ended.child(draws["draw N"]), ended.child(draws["draw E"])
    nxt = (me + 1) % len(state.players)
    assert north.current_player() == east.current_player() == nxt
    assert bot.get_state_key(north) == bot.get_state_key(east) == \
        (nxt, (root.action_to_string(me, spread), "end-actions", f"draw ? to seat {me + 1}"))
    assert [game.encoding.seen(b, a, me) for b, a in north.path_since(root.steps)][-1] == f"draw N to seat {me + 1}"


def test_a_greedy_rollout_step_takes_the_move_that_scores_most_at_once(monkeypatch):
    """London's rollouts (ROLLOUT_GREEDY): at share 1 every decision is one of the moves whose own score total
    right after is the best; Flash Point's step value is the team's yardstick."""
    from explorer.coach import search
    from explorer.coach.rescue import team_value

    monkeypatch.setitem(search.ROLLOUT_GREEDY, "london1666", 1.0)
    state = mid_game(london1666, 4, 26, players=3)
    _, taken = search.rollout(state, 12, random.Random(2))
    decisions = [(before, action) for before, action in taken if not before.is_chance_node]
    choices = 0
    for before, action in decisions:
        name = before.players[before.current_player]
        totals = [before.apply(a).scores()[name].total for a in before.legal_actions()]
        assert before.apply(action).scores()[name].total == max(totals)
        assert search.step_value(before.apply(action), before.current_player) == max(totals)
        choices += len(set(totals)) > 1
    assert choices == 3   # three of the rollout's moves (fire moves here) could score more or less
    fp = flashpoint.new_game(seed=1).resolve_chance()
    assert search.step_value(fp, 0) == team_value(fp)
