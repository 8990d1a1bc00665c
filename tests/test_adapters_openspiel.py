"""The games as OpenSpiel games (explorer.adapters.openspiel): OpenSpiel's own conformance checks, the fixed action
numbers, chance, clones, returns, observations and a search bot playing whole games."""

from __future__ import annotations

import random

import numpy as np
import pytest

pyspiel = pytest.importorskip("pyspiel")

from explorer.adapters import openspiel as adapter  # noqa: E402  (registers the games)
from explorer.core.encoding import ActionIndex, rank_returns  # noqa: E402

GAME_STRINGS = ["python_portobello(players=2)", "python_portobello(players=3)", "python_portobello(players=4)",
                "python_portobello(players=3,customer_queue=True)",
                "python_london1666(players=3)", "python_london1666(players=4)", "python_london1666(players=5)",
                "python_london1666(players=6,hidden_colours=True,more_destruction=True)",
                "python_london1666(players=4,fire_cones=65)",
                "python_bonfire(players=2)", "python_bonfire(players=3)", "python_bonfire(players=4)",
                "python_flashpoint(players=4)", "python_flashpoint(players=1,building=back)",
                "python_flashpoint(players=5,building=laboratory)",
                "python_flashpoint(players=3,building=garage,mode=experienced,level=veteran)",
                "python_flashpoint(players=2,building=garage_basement,mode=experienced,level=heroic,"
                "floor_bridge=true,basement_ladder=true)",
                "python_flashpoint(players=6,building=laboratory_attic,mode=experienced,level=recruit,platform=true)"]


def _random_states(game, games: int, seed: int = 0, every: int = 1):
    """OpenSpiel states met in ``games`` random games (chance by its probabilities), every ``every``-th step."""
    rng = random.Random(seed)
    for _ in range(games):
        state = game.new_initial_state()
        step = 0
        while not state.is_terminal():
            if step % every == 0:
                yield state
            if state.is_chance_node():
                outcomes, probs = zip(*state.chance_outcomes())
                state = state.child(rng.choices(outcomes, probs)[0])
            else:
                state = state.child(rng.choice(state.legal_actions()))
            step += 1
        yield state


@pytest.mark.parametrize("game_string", GAME_STRINGS)
def test_openspiel_own_random_simulation_checks_pass(game_string):
    # sorted legal actions, masks, clones, chance probabilities summing to 1, returns in range, game length
    pyspiel.random_sim_test(pyspiel.load_game(game_string), num_sims=2, serialize=False, verbose=False)


@pytest.mark.parametrize("game_string", GAME_STRINGS)
def test_every_legal_action_has_its_number_and_every_number_its_action(game_string):
    game = pyspiel.load_game(game_string)
    numbering = game.numbering
    for state in _random_states(game, games=1, seed=5, every=3):
        if state.is_terminal():
            assert state.legal_actions() == []
            continue
        if state.is_chance_node():
            assert sum(p for _, p in state.chance_outcomes()) == pytest.approx(1.0)
            assert all(str(numbering.outcome(a)) == state.action_to_string(pyspiel.PlayerId.CHANCE, a)
                       for a, _ in state.chance_outcomes())
            continue
        legal = state.legal_actions()
        assert legal == sorted(legal) and len(legal) == len(state.engine.legal_actions())
        assert {str(numbering.action(a)) for a in legal} == {str(a) for a in state.engine.legal_actions()}


def test_the_games_are_registered_with_their_parameters():
    game = pyspiel.load_game("python_portobello(players=4,customer_queue=True)")
    assert game.num_players() == 4
    assert game.get_parameters() == {"players": 4, "customer_queue": True}
    assert game.get_type().short_name == "python_portobello"
    assert game.get_type().information == pyspiel.GameType.Information.PERFECT_INFORMATION
    assert game.get_type().utility == pyspiel.GameType.Utility.ZERO_SUM
    assert (game.min_utility(), game.max_utility(), game.utility_sum()) == (-1.0, 1.0, 0.0)
    # the numbering: 12 districts, 8 tokens, 12 x 4 district scorings, 95 stall spaces, draw, 6 squares, Lord, end
    assert game.num_distinct_actions() == 172
    assert game.max_chance_outcomes() == 4
    assert game.max_game_length() == 1032


def test_bad_parameters_are_refused_by_name():
    with pytest.raises(ValueError, match="2-4 players, got players=5"):
        pyspiel.load_game("python_portobello(players=5)")
    with pytest.raises(pyspiel.SpielError, match="Unknown parameter 'colour'"):
        pyspiel.load_game("python_portobello(colour=1)")


def test_one_number_means_one_action_in_every_state():
    game = pyspiel.load_game("python_portobello(players=3)")
    numbering = game.numbering
    for state in _random_states(game, games=3, every=7):
        if state.is_terminal():
            continue
        if state.is_chance_node():
            outcomes = state.chance_outcomes()
            engine = dict((str(a), float(p)) for a, p in state.engine.chance_outcomes())
            assert {state.action_to_string(pyspiel.PlayerId.CHANCE, a): p for a, p in outcomes} == engine
            continue
        legal = state.legal_actions()
        assert legal == sorted(legal)
        assert [state.action_to_string(a) for a in legal] == sorted(
            (str(a) for a in state.engine.legal_actions()), key=lambda text: numbering.number(
                state.engine.parse_action(text)))
        for a in legal:
            assert numbering.number(numbering.action(a)) == a


def test_applying_a_number_applies_the_engines_own_action():
    game = pyspiel.load_game("python_portobello(players=2)")
    state = game.new_initial_state()          # no set-up draw in the plain game: the bobby's first district
    first = state.legal_actions()[0]
    assert state.action_to_string(first) == "bobby d1"
    after = state.child(first)
    assert after.engine.to_dict() == state.engine.apply("bobby d1").to_dict()
    assert after.history() == [first] and state.history() == []


def test_an_illegal_number_is_refused_by_the_rule_and_changes_nothing():
    game = pyspiel.load_game("python_portobello(players=2)")
    state = game.new_initial_state()
    build = game.numbering.number(state.engine.parse_action("build c 0"))
    with pytest.raises(ValueError, match="portobello.setup.bobby"):
        state.apply_action(build)
    assert state.history() == [] and state.engine.phase == "bobby"
    with pytest.raises(IndexError, match="numbered 0 to 171"):
        state.apply_action(9999)


def test_a_clone_goes_its_own_way():
    game = pyspiel.load_game("python_portobello(players=2)")
    state = game.new_initial_state().child(0)
    clone = state.clone()
    clone.apply_action(clone.legal_actions()[0])
    assert len(state.history()) == 1 and len(clone.history()) == 2
    assert state.engine.phase == "choose" and clone.engine is not state.engine


def test_chance_nodes_are_the_engines_draws_with_their_probabilities():
    game = pyspiel.load_game("python_portobello(players=3,customer_queue=True)")
    state = game.new_initial_state()              # the variant's queue is laid out by chance first
    assert state.is_chance_node()
    assert [(state.action_to_string(pyspiel.PlayerId.CHANCE, a), p) for a, p in state.chance_outcomes()] == [
        ("queue servant", 0.5), ("queue citizen", 0.5)]


def test_a_finished_game_is_ranked_from_the_final_scores():
    game = pyspiel.load_game("python_portobello(players=3)")
    final = next(s for s in _random_states(game, games=1, seed=4) if s.is_terminal())
    returns = final.returns()
    assert sum(returns) == pytest.approx(0.0) and all(-1.0 <= r <= 1.0 for r in returns)
    table = final.engine.scores()
    winner = final.engine.players.index(final.engine.winners()[0])
    assert returns[winner] == max(returns) > 0
    order = sorted(range(3), key=lambda k: (final.engine.players[k] in final.engine.winners(),
                                            table[final.engine.players[k]].total))
    assert returns[order[0]] <= returns[order[1]] <= returns[order[2]]


def test_rank_returns_of_known_scores():
    class Scored:
        players = ("red", "yellow", "green", "blue")

        def scores(self):
            class Total:
                def __init__(self, total):
                    self.total = total
            return {"red": Total(30), "yellow": Total(41), "green": Total(30), "blue": Total(12)}

        def winners(self):
            return ["yellow"]

    # yellow beats all three (+3/3); red and green each lose to yellow, tie each other and beat blue (0/3); blue
    # loses to all (-3/3)
    assert rank_returns(Scored()) == [0.0, 1.0, 0.0, -1.0]


def test_a_game_cut_at_its_length_is_ranked_as_it_stands(monkeypatch):
    game = pyspiel.load_game("python_portobello(players=2)")
    monkeypatch.setattr(game, "cut", 12)
    state = game.new_initial_state()
    rng = random.Random(1)
    while not state.is_terminal():
        if state.is_chance_node():
            state.apply_action(state.chance_outcomes()[0][0])
        else:
            state.apply_action(rng.choice(state.legal_actions()))
    assert len(state.history()) == 12 and not state.engine.is_terminal
    assert state.returns() == rank_returns(state.engine)
    assert state.current_player() == pyspiel.PlayerId.TERMINAL
    engine = state.engine
    with pytest.raises(ValueError, match="cut at its length, 12 steps"):
        state.apply_action(game.numbering.number(engine.legal_actions()[0]))
    assert len(state.history()) == 12 and state.engine is engine


def test_the_observation_tensor_has_named_views_filled_from_the_position():
    game = pyspiel.load_game("python_portobello(players=2)")
    state = game.new_initial_state()
    for text in ("bobby d1", "act 3", "build c 0"):
        state.apply_action(game.numbering.number(state.engine.parse_action(text)))
    observer = adapter.Observer(game, pyspiel.IIGObservationType(perfect_recall=False))
    observer.set_from(state, 1)
    view = observer.dict
    lanes = state.engine.layout.lanes
    assert view["observer"].tolist() == [0.0, 1.0] and view["to_act"].tolist() == [1.0, 0.0]
    assert view["stalls"][lanes.index("c"), 0].tolist() == [1.0, 0.0]      # red's stall on space 0 of lane c
    assert view["stalls"].sum() == 1.0
    assert view["bobby"][state.engine.layout.districts.index("d1")] == 1.0
    assert view["turn"][0] == pytest.approx(2 / 4)                           # 2 actions left of the 3
    assert view["scores"].tolist() == pytest.approx([0.1, 0.1])              # both on 10
    assert observer.tensor.shape == (sum(p.size for p in game.pieces),)
    assert np.array_equal(np.asarray(state.observation_tensor(1)), observer.tensor)


def test_every_player_sees_everything_and_the_information_state_is_the_history():
    game = pyspiel.load_game("python_portobello(players=2)")
    state = game.new_initial_state().child(0)
    assert state.observation_string(0).replace("red sees", "") == state.observation_string(1).replace(
        "yellow sees", "")
    assert '"seed"' not in state.observation_string(0)      # no player sees the random stream
    info = state.information_state_string(0).splitlines()
    assert info[0] == "bobby d1" and info[-1] == state.observation_string(0)
    assert state.information_state_string(0) != state.child(state.legal_actions()[0]).information_state_string(0)


def test_an_action_index_refuses_a_number_twice_and_names_a_missing_action():
    from explorer.portobello.actions import Build, EndTurn

    with pytest.raises(ValueError, match="numbered twice: end"):
        ActionIndex([EndTurn(), EndTurn()])
    with pytest.raises(KeyError, match="build a 0 has no number"):
        ActionIndex([EndTurn()]).number(Build("a", 0))


_ScoreNow = adapter.ScoreNowEvaluator


def _bot_game(game, make_bot, seed: int):
    rng = np.random.RandomState(seed)
    bots = [make_bot(game, rng) for _ in range(game.num_players())]
    state = game.new_initial_state()
    while not state.is_terminal():
        if state.is_chance_node():
            outcomes, probs = zip(*state.chance_outcomes())
            state.apply_action(int(rng.choice(outcomes, p=probs)))
        else:
            state.apply_action(bots[state.current_player()].step(state))
    return state


@pytest.mark.parametrize("game_string", ["python_portobello(players=2)", "python_london1666(players=3)",
                                         "python_bonfire(players=2)", "python_flashpoint(players=2)"])
def test_openspiels_mcts_bot_plays_a_whole_game(game_string):
    from open_spiel.python.algorithms import mcts

    game = pyspiel.load_game(game_string)
    state = _bot_game(game, lambda g, rng: mcts.MCTSBot(g, uct_c=2.0, max_simulations=4, evaluator=_ScoreNow(),
                                                        random_state=rng), seed=3)
    # the game ends by the rules or at the documented cut (Portobello's bobby may walk for ever); it is scored
    assert state.engine.is_terminal or len(state.history()) == game.max_game_length()
    returns = state.returns()
    assert all(-1.0 <= r <= 1.0 for r in returns)
    if game.get_type().utility == pyspiel.GameType.Utility.ZERO_SUM:
        assert returns == rank_returns(state.engine) and sum(returns) == pytest.approx(0.0)
    else:
        assert len(set(returns)) == 1


@pytest.mark.parametrize("game_string", ["python_london1666(players=3)",
                                         "python_london1666(players=4,hidden_colours=True)"])
def test_openspiels_information_set_mcts_bot_plays_a_whole_game(game_string):
    from open_spiel.python.algorithms import ismcts

    game = pyspiel.load_game(game_string)
    state = _bot_game(game, lambda g, rng: ismcts.ISMCTSBot(g, _ScoreNow(), 2.0, max_simulations=4,
                                                            random_state=rng), seed=5)
    assert state.engine.is_terminal and state.returns() == rank_returns(state.engine)


@pytest.mark.parametrize("game_string", ["python_portobello(players=3,customer_queue=True)",
                                         "python_bonfire(players=3)", "python_flashpoint(players=4)",
                                         "python_london1666(players=4,hidden_colours=True)"])
def test_no_player_sees_the_random_stream(game_string):
    # what is face down is drawn only when turned up: the engine's random stream holds every unseen order (the
    # bag, the boxes, the decks); changing it changes no player's observation or information state
    from explorer.core import Rng

    game = pyspiel.load_game(game_string)
    state = next(s for s in _random_states(game, games=1, seed=11, every=1)
                 if len(s.history()) == 120 or s.is_terminal())
    other = state.clone()
    other._at = type(state._at)(game, state.engine.replace(rng=Rng(987654)), state.steps, state._at.trail)
    assert other.engine.rng != state.engine.rng
    for player in range(game.num_players()):
        assert other.observation_string(player) == state.observation_string(player)
        assert list(other.observation_tensor(player)) == list(state.observation_tensor(player))
        assert other.information_state_string(player) == state.information_state_string(player)


@pytest.mark.parametrize("name", ["python_portobello", "python_london1666", "python_bonfire", "python_flashpoint"])
def test_the_golden_playthrough_replays_exactly(name, tmp_path):
    # OpenSpiel's own playthrough format, written by tools/make_playthroughs.py, replayed by its replay()
    import gzip
    from pathlib import Path

    from absl import flags
    from open_spiel.python.algorithms import generate_playthrough

    if not flags.FLAGS.is_parsed():
        flags.FLAGS.mark_as_parsed()
    golden = Path(__file__).parent / "data" / "playthroughs" / f"{name}.txt.gz"
    text = tmp_path / f"{name}.txt"
    text.write_text(gzip.decompress(golden.read_bytes()).decode("utf-8"), encoding="utf-8")
    original, replayed = generate_playthrough.replay(str(text))
    assert original == replayed
    assert f"GameType.short_name = \"{name}\"" in original and "Returns() = " in original
