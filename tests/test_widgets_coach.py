"""The coach's row under every app's board (widgets.coach): graded hints, comparisons, verdicts, coach players."""

from __future__ import annotations

import random

import pytest

from explorer.coach import Player, compare
from widgets.bonfire.app import BonfireApp
from widgets.coach import comparison_figure
from widgets.flashpoint.app import FlashPointApp
from widgets.london1666.app import LondonApp
from widgets.portobello.app import PortobelloApp

APPS = {"portobello": PortobelloApp, "london1666": LondonApp, "flashpoint": FlashPointApp, "bonfire": BonfireApp}


def ready(app):
    """The app with its human to act (chance steps the view waits on resolved)."""
    view = app.view
    while view.state.is_chance_node:
        view.record.play(view.state.sample_chance())
        view.refresh()
    app.coach.budget.value = 0.5
    return app


@pytest.mark.parametrize("game", list(APPS))
def test_every_app_has_the_coach_row_under_its_board(game):
    app = APPS[game]()
    children = list(app.widget.children)
    assert children.index(app.coach.widget) == children.index(app.board) + 1
    assert app.coach.grading.value is False  # verdicts are off by default
    assert app.coach.budget.value == 2.0


def test_three_presses_light_the_piece_then_the_move_then_play_it():
    app = ready(PortobelloApp())
    coach, view = app.coach, app.view
    coach.hint()
    best = coach.last_hint.best
    assert view.emphasis.actions == (best.action,) and view.emphasis.first_only
    first_item = view.items_of(view.state)[best.action][0]
    assert set(view._emphasis_marks(view.state)) == {first_item}
    assert "Hint 1 of 3" in coach.output.value
    coach.hint()
    assert not view.emphasis.first_only and "Hint 2 of 3" in coach.output.value
    assert best.notation in coach.output.value and "<table" in coach.output.value
    before = view.record.cursor
    coach.hint()
    assert view.record.actions[before] == str(best.action)
    assert "Played the coach's move" in coach.output.value


def test_a_move_drops_the_hint():
    app = ready(PortobelloApp())
    coach, view = app.coach, app.view
    coach.hint()
    view.play(view.state.legal_actions()[-1])
    assert view.emphasis is None and coach.output.value == ""
    coach.hint()
    assert "Hint 1 of 3" in coach.output.value or "Hint 2 of 3" in coach.output.value


def test_compare_draws_the_picked_moves_side_by_side():
    app = ready(LondonApp())
    coach = app.coach
    coach.compare_toggle.value = True
    picked = [value for _, value in coach.choices.options[:3]]
    assert picked == [str(a) for a in app.view.state.legal_actions()[:3]]
    c = coach.compare(picked)
    assert [d.notation for d in c.distributions] == picked
    figure = coach.figure_box.children[0]
    assert [t.name for t in figure.data if t.type == "box"] == picked
    coach.compare(picked[:1])
    assert "Pick two or more moves" in coach.output.value


def test_comparison_figure_flash_point_shows_victims_lost():
    app = ready(FlashPointApp())
    state = app.view.state
    c = compare(state, state.legal_actions()[:2], budget_s=0.2)
    fig = comparison_figure(c)
    assert fig.layout.annotations[0].text == "victims lost"
    assert "rollouts per move on the same luck" in fig.layout.title.text


def test_grading_my_moves_names_the_grade_and_the_better_move():
    app = ready(PortobelloApp())
    app.coach.grading.value = True
    view = app.view
    move = view.state.legal_actions()[-1]
    view.play(move)
    text = app.coach.output.value
    assert f"Your move <b>{move}</b>" in text
    assert any(grade in text for grade in ("good", "inaccuracy", "mistake", "blunder"))


def test_the_coach_can_take_the_random_players_seats():
    app = ready(BonfireApp())
    app.coach.opponents.value = 0.2
    assert isinstance(app.view.bot_player, Player) and app.view.bot_player.budget_s == 0.2
    app.coach.opponents.value = 0.0
    assert app.view.bot_player is None


def test_the_coach_says_why_it_cannot_help_at_the_end():
    app = ready(PortobelloApp())
    view = app.view
    chooser = random.Random(0)
    while not view.state.is_terminal:
        state = view.state
        view.record.play(state.sample_chance() if state.is_chance_node else chooser.choice(state.legal_actions()))
    view.refresh()
    app.coach.hint()
    assert "The game is over" in app.coach.output.value
