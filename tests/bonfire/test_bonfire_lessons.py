"""Bonfire's lessons through the runner: each kind of step on the real lesson files, with the values the rules
give (the starting tile's tiles, substitution, processions, the council, the countdown and the end)."""

from __future__ import annotations

import pytest

from explorer import load_lessons
from explorer.bonfire import position
from explorer.bonfire.events import CategoryScored, Won
from explorer.bonfire.scoring import FINAL_CATEGORIES, SCORE_RULES
from explorer.bonfire.state import PLAY_CATEGORIES
from explorer.bonfire.facts import FACTS, boat_islands, council_seats, fate_squares, ignitable, recruitable
from explorer.lessons import LessonRun
from explorer.lessons.check import check_game
from explorer.lessons.facts import Context


@pytest.fixture(scope="module")
def lessons() -> dict:
    return {lesson.id: lesson for lesson in load_lessons("bonfire")}


def test_the_authors_check_is_clean_and_covers_what_the_engine_cites() -> None:
    report = check_game("bonfire")
    assert report.problems == []
    assert report.lessons >= 6 and report.steps >= 36
    # The engine now cites the rules it used to apply silently (the final scoring, the gains of specialists and
    # council seats, the setup's resources and tiles, the parts of a fate tile's gain...): at least 60 % covered.
    assert len(report.covered) >= 75 and report.coverage >= 0.6
    assert {"bonfire.fate.gain", "bonfire.ignite.novice", "bonfire.end.pass", "bonfire.assume.everyone-out",
            "bonfire.procession.resource", "bonfire.great-bonfire.portal"} <= report.covered


def test_every_lesson_has_six_steps_and_every_kind(lessons: dict) -> None:
    assert len(lessons) >= 6
    assert all(len(lesson.steps) >= 6 for lesson in lessons.values())
    kinds = {step.kind for lesson in lessons.values() for step in lesson.steps}
    assert kinds == {"do", "find-all", "predict"}


def test_starting_tile_refused_wrong_right(lessons: dict) -> None:
    run = LessonRun(lessons["setup-and-fate-tiles"])
    refused = run.try_action("boat mossbank")
    assert refused.kind == "refused" and refused.rule == "bonfire.setup.start-fate-tile"
    assert refused.text.endswith("Nobody sails before every player has chosen a starting fate tile.")
    before = run.state
    wrong = run.try_action("start-tile spare")
    assert wrong.kind == "wrong" and run.state is before and wrong.shown.tile_count(0, "path") == 1
    done = run.try_action("start-tile swap")
    assert done.kind == "done" and done.stars == 2 and done.rule == "bonfire.setup.start-fate-tile"
    assert run.state.tile_count(0, "boat") == 1 and run.state.tile_count(0, "yellow") == 3


def test_predict_the_starting_tile(lessons: dict) -> None:
    run = LessonRun(lessons["setup-and-fate-tiles"])
    run.goto(1)
    assert run.run.option_truths() == [True, False, False]
    assert run.choose(2).kind == "wrong"
    right = run.choose(0)
    assert right.kind == "done" and right.stars == 2 and run.state.current_player == 1


def test_fate_tile_traps_leave_the_state_unchanged(lessons: dict) -> None:
    run = LessonRun(lessons["setup-and-fate-tiles"])
    run.goto(2)
    before = run.state
    for move, rule in (("fate f3 2,1 across", "bonfire.fate.top-or-bottom"), ("fate f1 4,5 down", "bonfire.fate.inside"),
                       ("fate f1 3,3 down", "bonfire.fate.no-overlap"), ("fate f1 1,1 across", "bonfire.fate.adjacent"),
                       ("skip", "bonfire.turn.options")):
        feedback = run.try_action(move)
        assert (feedback.kind, feedback.rule) == ("refused", rule) and run.state is before
    wrong = run.try_action("fate f1 2,2 across")
    assert wrong.kind == "wrong" and wrong.text.startswith("That fits above your starting tile")
    done = run.try_action("fate f1 3,1 down")
    assert done.kind == "done" and done.stars == 2
    assert run.state.tile_count(0, "gnome") == 1 and run.state.tile_count(0, "yellow") == 1


def test_returning_tiles_commits_the_turn(lessons: dict) -> None:
    run = LessonRun(lessons["setup-and-fate-tiles"])
    run.goto(3)
    assert run.try_action("fate f1 3,1 down").rule == "bonfire.fate.when"
    wrong = run.try_action("return yellow")  # the goal (2 yellow tiles) is then out of reach
    assert wrong.kind == "wrong" and wrong.text.startswith("Yellow tiles stand in") and run.state.tile_count(0, "yellow") == 1
    assert run.try_action("return boat").kind == "move"
    assert run.try_action("boat mossbank").rule == "bonfire.assume.return-before-fate"
    assert run.try_action("return gnome").kind == "move"
    done = run.try_action("fate f1 3,1 down")
    assert done.kind == "done" and done.stars == 2 and run.state.tile_count(0, "yellow") == 2


def test_find_all_fate_squares(lessons: dict) -> None:
    run = LessonRun(lessons["setup-and-fate-tiles"])
    run.goto(4)
    answer = {"1,1", "1,5", "2,1", "2,2", "2,3", "2,5", "3,1", "3,5", "4,1", "4,2", "4,3"}
    assert run.run.answer_set() == answer
    partial = run.answer(answer - {"3,1"} | {"3,3"})
    assert partial.kind == "answer" and partial.missing == {"3,1"} and partial.extra == {"3,3"}
    assert run.answer(answer).stars == 2


def test_same_symbol_area_gives_two_boats(lessons: dict) -> None:
    run = LessonRun(lessons["setup-and-fate-tiles"])
    run.goto(5)
    assert run.run.option_truths() == [True, False, False]
    assert run.choose(0).stars == 3 and run.state.tile_count(0, "boat") == 2


def test_boat_islands_and_task_discs(lessons: dict) -> None:
    run = LessonRun(lessons["boats-and-tasks"])
    assert run.run.answer_set() == {"flint_isle", "grey_cairn", "mossbank", "oakhollow", "rose_rock"}
    run.goto(5)
    assert run.run.answer_set() == {"t13", "t15"}


def test_sail_and_claim_with_a_forced_offering(lessons: dict) -> None:
    run = LessonRun(lessons["boats-and-tasks"])
    run.goto(1)
    assert run.try_action("task t13 offering top bonfire 0").rule == "bonfire.task.at-island"
    assert run.try_action("boat mossbank").kind == "right"
    trap = run.try_action("procession 1")
    assert trap.kind == "refused" and trap.rule == "bonfire.assume.dock-claim"
    wrong = run.try_action("skip")
    assert wrong.kind == "wrong" and wrong.text.startswith("You may dock without claiming")
    done = run.try_action("task t13 offering top bonfire 0")
    assert done.kind == "done" and done.stars == 2
    seat = run.state.seats[0]
    assert seat.tasks[0] == "t13" and seat.offering_up[0] == "herbs"
    assert "orange berries" in run.state.island_content("mossbank")


def test_substitution_for_a_tile_and_a_resource(lessons: dict) -> None:
    run = LessonRun(lessons["boats-and-tasks"])
    run.goto(2)
    assert run.try_action("boat mossbank").kind == "right"
    assert run.try_action("ignite 0").rule == "bonfire.pay.action-tiles"
    assert run.try_action("cover task").rule == "bonfire.pay.substitute-action"
    done = run.try_action("cover yellow")
    assert done.kind == "done" and run.state.seats[0].boat == "mossbank" and run.state.tile_count(0, "yellow") == 0
    run.goto(3)
    assert run.try_action("task t13 offering top bonfire 0").rule == "bonfire.task.board-space"
    run.try_action("task t13 offering top bonfire 1")
    assert run.try_action("cover herbs+wood").rule == "bonfire.pay.substitute-resource"
    done = run.try_action("cover gold")
    assert done.kind == "done" and run.state.seats[0].tasks[1] == "t13" and run.state.resource(0, "gold") == 0


def test_docking_with_nothing_to_claim(lessons: dict) -> None:
    run = LessonRun(lessons["boats-and-tasks"])
    run.goto(4)
    assert run.run.option_truths() == [True, False, False]
    right = run.choose(0)
    assert right.kind == "done" and "bonfire.boat.extra-claim" in [e.rule.id for e in right.events]


def test_procession_order_and_harvest(lessons: dict) -> None:
    run = LessonRun(lessons["guardians-and-processions"])
    run.goto(1)
    assert run.try_action("procession 8").rule == "bonfire.assume.procession-max"
    assert run.try_action("procession 2").kind == "right"
    assert run.try_action("move pink path 1").rule == "bonfire.procession.one-per-space"
    assert run.try_action("move orange path 3").kind == "wrong"
    for move in ("move orange bonfire 3", "move pink path 2"):
        assert run.try_action(move).kind == "right"
    done = run.try_action("move grey path 1")
    assert done.kind == "done" and done.stars == 2
    guardians = set(run.state.seats[0].guardians)
    assert guardians == {("orange", "bonfire", 3), ("pink", "path", 2), ("grey", "path", 1)}
    assert run.state.resource(0, "wood") == 2 and run.state.resource(0, "herbs") == 2


def test_stuck_guardian_and_bonfire_cheer(lessons: dict) -> None:
    run = LessonRun(lessons["guardians-and-processions"])
    run.goto(2)
    assert run.run.option_truths() == [True, False, False]
    run.goto(3)
    assert run.try_action("procession 1").kind == "move"
    done = run.try_action("move orange bonfire 2")
    assert done.kind == "done" and done.stars == 3
    assert "bonfire.specialist.bonfire-cheer" in [e.rule.id for e in done.events]
    assert run.state.scores()["orange"]["specialists"] == 2


def test_four_harvests(lessons: dict) -> None:
    run = LessonRun(lessons["guardians-and-processions"])
    run.goto(4)
    for move in ("procession 1", "move blue path 5", "move brown path 4", "move grey path 3", "move pink path 2",
                 "move orange path 1"):
        feedback = run.try_action(move)
    assert feedback.kind == "done" and feedback.stars == 3
    held = {r: run.state.resource(0, r) for r in ("mushrooms", "stone", "berries", "wood", "herbs")}
    assert held == {"mushrooms": 3, "stone": 3, "berries": 3, "wood": 3, "herbs": 2}
    harvests = {e.rule.id for e in run.run.events if e.rule.id.endswith("-harvest")}
    assert len(harvests) == 4


def test_path_refresh_with_forced_draws(lessons: dict) -> None:
    run = LessonRun(lessons["path-great-bonfire-gnomes"])
    assert run.try_action("path yellow gold").rule == "bonfire.path.build"
    done = run.try_action("path blue herbs")
    assert done.kind == "done" and "bonfire.path.refresh" in [e.rule.id for e in done.events]
    assert run.state.path_display == ("blue mushrooms", "blue berries", "yellow gold", "yellow herbs")
    assert run.state.seats[0].path == ("blue herbs",)


def test_great_bonfire_spaces_and_portal(lessons: dict) -> None:
    run = LessonRun(lessons["path-great-bonfire-gnomes"])
    run.goto(2)
    assert run.run.answer_set() == {"north_west", "north_east"}
    run.goto(3)
    assert run.try_action("great-bonfire west action+portal").rule == "bonfire.great-bonfire.portal"
    assert run.try_action("path red stone").rule == "bonfire.path.cost"
    assert run.try_action("great-bonfire west action+points").kind == "wrong"
    done = run.try_action("great-bonfire south_west points+portal")
    assert done.kind == "done" and run.state.seats[0].portals[6] == "star"
    assert run.state.scores()["orange"]["great_bonfire"] == 2


def test_gnomes(lessons: dict) -> None:
    run = LessonRun(lessons["path-great-bonfire-gnomes"])
    run.goto(4)
    assert run.try_action("gnome sage 2-tiles").rule == "bonfire.gnome.limit"
    assert run.try_action("great-bonfire west action+points").rule == "bonfire.assume.great-bonfire-moves"
    run.goto(5)
    assert run.run.answer_set() == {"morel", "flexible_pay", "large_hand"}
    run.goto(6)
    done = run.try_action("gnome flexible_pay 1-tile")
    assert done.kind == "done" and "blue_harvest" in run.state.specialists
    run.goto(7)
    assert run.run.option_truths() == [True, False, False]
    assert run.choose(0).kind == "done" and run.state.seats[0].play_points == 5


def test_lighting_a_bonfire_and_the_council(lessons: dict) -> None:
    run = LessonRun(lessons["bonfires-and-the-council"])
    assert run.try_action("ignite 3").rule == "bonfire.ignite.when"
    assert run.try_action("ignite 2").kind == "right"
    assert run.try_action("seat seat_4").kind == "wrong"
    assert run.try_action("seat seat_3").kind == "right"
    assert run.try_action("take yellow").rule == "bonfire.ignite.seat-bonus"
    run.try_action("take gold")
    done = run.try_action("take herbs")
    assert done.kind == "done" and done.stars == 2
    assert run.state.resource(0, "gold") == 2 and run.state.resource(0, "herbs") == 2
    assert run.state.council[2] == ("orange",)
    run.goto(1)
    assert run.run.answer_set() == {"bonfire:1", "bonfire:2"}


def test_seat_capacity_council_gold_and_common_tasks(lessons: dict) -> None:
    run = LessonRun(lessons["bonfires-and-the-council"])
    run.goto(2)
    run.try_action("ignite 2")
    assert run.try_action("seat seat_3").rule == "bonfire.assume.seat-capacity"
    done = run.try_action("seat seat_2")
    assert done.kind == "done" and run.state.resource(0, "gold") == 3  # 1 held, the seat's and Council Gold's
    run.goto(4)
    run.try_action("great-bonfire south_west action+portal")
    run.try_action("seat seat_1")
    assert run.try_action("seat seat_1").rule == "bonfire.bonus.common-task"
    done = run.try_action("seat seat_2")
    assert done.kind == "done" and run.state.seats[0].common == ("portal_keeper", "gnome_circle")
    assert run.state.council[0] == ("neutral",) and run.state.council[1] == ("neutral",)


def test_empty_supply(lessons: dict) -> None:
    run = LessonRun(lessons["bonfires-and-the-council"])
    run.goto(5)
    run.try_action("ignite 2")
    done = run.try_action("seat seat_4")
    assert done.kind == "done" and "bonfire.assume.supply-runs-out" in [e.rule.id for e in done.events]
    assert run.state.tile_count(0, "yellow") == 3


def test_the_countdown_and_the_end(lessons: dict) -> None:
    run = LessonRun(lessons["the-end-and-scoring"])
    assert run.try_action("pass").rule == "bonfire.end.pass"
    run.try_action("ignite 2")
    done = run.try_action("seat seat_8")
    assert done.kind == "done" and run.state.triggered and not run.state.countdown
    run.goto(1)
    run.try_action("ignite 2")
    assert run.try_action("seat seat_8").kind == "right" and run.state.countdown == 1
    done = run.try_action("pass")
    assert done.kind == "done" and run.state.is_terminal
    assert {p: s["countdown"] for p, s in run.state.scores().items()} == {"orange": 5, "green": 5}
    assert run.state.winners() == ("orange",)


def test_path_scoring_and_everyone_out(lessons: dict) -> None:
    run = LessonRun(lessons["the-end-and-scoring"])
    run.goto(2)
    assert run.run.option_truths() == [True, False, False]
    run.goto(3)
    assert run.run.answer_set() == {"bonfire:3", "bonfire:4"}
    run.goto(4)
    run.try_action("ignite 2")
    done = run.try_action("seat seat_1")
    assert done.kind == "done" and run.state.is_terminal
    rules = [e.rule.id for e in done.events]
    # the game ends with nobody able to play; the final scoring's events follow (13: 12 categories, the winner)
    assert rules.count("bonfire.turn.stuck") == 2 and rules[-14] == "bonfire.assume.everyone-out"
    assert rules[-13:] == [*["bonfire.score.winner"] * 5, "bonfire.score.bonfires", "bonfire.score.guardians",
                           "bonfire.score.portals", "bonfire.score.paths", "bonfire.score.common-tasks",
                           "bonfire.score.fate-tiles-left", "bonfire.score.leftovers", "bonfire.score.winner"]


def test_facts_and_selectors() -> None:
    start = position(tasks={"orange": {2: "t09"}}, portals={"orange": {6: "star"}}, tiles={"orange": {"boat": 2}},
                     boats={"orange": "emberholm"})
    lit = start.apply("ignite 2")
    ctx, before = Context(lit, start, ("ignite 2",), lit.events), Context(start, start, (), ())
    assert FACTS["bonfire-lit"](ctx, "orange", 2) and not FACTS["bonfire-lit"](before, "orange", 2)
    assert FACTS["task-on"](before, "orange", 2, "t09") and not FACTS["task-on"](before, "orange", 3)
    assert FACTS["holding"](before, "orange", "boat", at_least=2, at_most=2)
    assert FACTS["boat-at"](before, "orange", "emberholm") and FACTS["portals"](before, "orange", bonfire=6)
    assert FACTS["guardians"](before, "orange", colour="orange", where="path", at=0)
    assert not FACTS["guardians"](before, "orange", where="bonfire")
    assert ignitable(start) == {"bonfire:2"} and council_seats(lit) == {f"seat_{n}" for n in range(1, 9)}
    seated = lit.apply("seat seat_1")
    assert FACTS["novice-on"](Context(seated, start, (), ()), "seat_1", "orange")
    assert not FACTS["novice-on"](Context(seated, start, (), ()), "seat_2")
    assert boat_islands(start) == {"flint_isle", "grey_cairn", "mossbank", "oakhollow", "rose_rock"}
    assert fate_squares(position(tiles={"orange": {}}), "f1") == fate_squares(position(tiles={"orange": {}}), "f7")
    assert "morel" in recruitable(position(tiles={"orange": {"gnome": 1}}, resources={"orange": {"mushrooms": 2}}))
    assert not FACTS["countdown"](before) and not FACTS["triggered"](before) and not FACTS["out"](before, "green")


# ---- the rules the engine now cites: final scoring, gains, setup ------------------------------------------------
def _final(events) -> tuple[list[CategoryScored], Won]:
    scored = [e for e in events if isinstance(e, CategoryScored)]
    [won] = [e for e in events if isinstance(e, Won)]
    return scored, won


def _assert_final_scoring_matches(events, state) -> Won:
    """One event per category of ``state.scores()``, in its order, citing its rule; the points add up."""
    scored, won = _final(events)
    table = state.scores()
    assert [e.category for e in scored] == [*PLAY_CATEGORIES, *FINAL_CATEGORIES] == list(dict(table["orange"]))
    assert [e.rule.id for e in scored] == ["bonfire.score.winner"] * 5 + [SCORE_RULES[c] for c in FINAL_CATEGORIES]
    for player, score in table.items():
        assert {e.category: dict(e.points)[player] for e in scored} == dict(score)
        assert sum(dict(e.points)[player] for e in scored) == score.total
    assert events[-1] is won and won.winners == state.winners()
    return won


def test_both_passing_ends_the_game_with_the_final_scoring(lessons: dict) -> None:
    run = LessonRun(lessons["the-end-and-scoring"])
    run.goto(1)
    run.try_action("ignite 2")
    run.try_action("seat seat_8")
    done = run.try_action("pass")
    assert done.kind == "done" and run.state.is_terminal
    won = _assert_final_scoring_matches(list(done.events), run.state)
    scored, _ = _final(done.events)
    assert dict(next(e for e in scored if e.category == "countdown").points) == {"orange": 5, "green": 5}
    assert won.rule.id == "bonfire.score.winner" and won.winners == ("orange",)
    assert won.describe().startswith("orange wins with ")


def test_a_tie_on_points_and_bonfires_is_shared(lessons: dict) -> None:
    run = LessonRun(lessons["the-end-and-scoring"])
    run.goto(7)
    run.try_action("ignite 2")
    done = run.try_action("seat seat_1")
    assert done.kind == "done" and run.state.is_terminal
    won = _assert_final_scoring_matches(list(done.events), run.state)
    assert won.rule.id == "bonfire.assume.tie-shared" and won.winners == ("orange", "green")
    assert dict(won.totals) == {"orange": 13, "green": 13} and dict(won.lit) == {"orange": 1, "green": 1}
    scored, _ = _final(done.events)
    by = {e.category: dict(e.points) for e in scored}
    assert by["council"] == {"orange": 3, "green": 0} and by["leftovers"] == {"orange": 0, "green": 2}
    assert by["bonfires"] == {"orange": 2, "green": 3} and by["fate_tiles"] == {"orange": 6, "green": 6}
    assert won.describe() == "orange and green tie on 13 points and on lit bonfires (1 each): they share the win"


def test_a_neutral_novice_counts_toward_the_end(lessons: dict) -> None:
    run = LessonRun(lessons["the-end-and-scoring"])
    run.goto(6)
    run.try_action("great-bonfire south_west action+portal")
    done = run.try_action("seat seat_4")
    assert done.kind == "done" and run.state.triggered and run.state.novices_in_council() == 7
    texts = {e.rule.id: e.describe() for e in done.events}
    assert texts["bonfire.end.trigger"].startswith("the council holds 7 novices")
    assert texts["bonfire.assume.novices-counted"] == "1 of those novices is neutral, and it counts too"


def test_the_starting_tile_cites_the_setup_rules(lessons: dict) -> None:
    run = LessonRun(lessons["setup-and-fate-tiles"])
    done = run.try_action("start-tile swap")
    texts = {e.rule.id: e.describe() for e in done.events}
    assert texts["bonfire.setup.resources"] == "orange takes 1 of each resource: gold, herbs, mushrooms, berries, wood, stone"
    assert texts["bonfire.setup.action-tiles"] == ("orange takes 5 starting action tiles: 1 boat tile, 1 guardian tile, "
                                                   "3 yellow tiles")
    assert texts["bonfire.assume.start-fate-tile"] == "the spare fate tile takes the 4th place on orange's summary board"
    state = run.state
    assert all(state.resource(0, r) == 1 for r in state.index.resources) and sum(state.seats[0].tiles) == 5
    assert done.rule == "bonfire.setup.start-fate-tile"      # the first event is still the choice itself


def test_large_hand_and_fate_echo(lessons: dict) -> None:
    run = LessonRun(lessons["setup-and-fate-tiles"])
    run.goto(6)
    done = run.try_action("fate f1 3,1 down")
    assert done.kind == "done"
    rules = [e.rule.id for e in done.events]
    assert rules[:4] == ["bonfire.fate.gain", "bonfire.specialist.large-hand", "bonfire.fate.printed",
                         "bonfire.specialist.fate-echo"]
    # 1 boat, 1 task, 1 yellow held + the symbols (boat, task, guardian) + 2 gnome and 2 yellow from the printed squares
    assert [run.state.tile_count(0, a) for a in ("boat", "task", "guardian", "gnome", "yellow")] == [2, 2, 1, 2, 3]


def test_the_first_voyage_two_currents_and_free_offering(lessons: dict) -> None:
    run = LessonRun(lessons["boats-and-tasks"])
    run.goto(6)
    done = run.try_action("boat berrymoor")
    rules = [e.rule.id for e in done.events]
    assert done.kind == "done" and rules[:3] == ["bonfire.boat.cost", "bonfire.boat.first-move", "bonfire.boat.shared"]
    assert run.state.seats[0].boat == run.state.seats[1].boat == "berrymoor"
    run.goto(7)
    done = run.try_action("boat flint_isle")
    assert done.kind == "done" and run.state.tile_count(0, "boat") == 0
    assert "bonfire.assume.boat-two-currents" in [e.rule.id for e in done.events]
    run.goto(8)
    run.try_action("task t13 offering top bonfire 0")
    run.try_action("cover stone")
    done = run.try_action("cover wood")
    texts = {e.rule.id: e.describe() for e in done.events}
    assert done.kind == "done" and run.state.seats[0].tasks[0] == "t13"
    assert texts["bonfire.task.tiles"] == "task disc t13 costs orange 1 task tile: it is their first offering disc on Mossbank"
    assert texts["bonfire.specialist.free-offering"] == "task disc t13 costs orange any 2 resources (Free Offering)"
    assert sum(run.state.seats[0].resources) == 0 and run.state.tile_count(0, "task") == 0


def test_a_task_disc_names_its_price(lessons: dict) -> None:
    run = LessonRun(lessons["boats-and-tasks"])
    run.goto(1)
    run.try_action("boat mossbank")
    done = run.try_action("task t13 offering top bonfire 0")
    texts = {e.rule.id: e.describe() for e in done.events}
    assert texts["bonfire.task.resources"] == ("task disc t13 costs orange berries (the top offering disc) and mushrooms "
                                               "(Mossbank's resource)")


def test_long_stride_chosen_harvest_and_crowded_path(lessons: dict) -> None:
    run = LessonRun(lessons["guardians-and-processions"])
    run.goto(6)
    gold, wood = run.state.resource(0, "gold"), run.state.resource(0, "wood")
    run.try_action("procession 1")
    run.try_action("move orange path 2 gold")
    done = run.try_action("move pink path 2 gold")
    assert done.kind == "done"
    assert sorted(run.state.seats[0].guardians) == [("orange", "path", 2), ("pink", "path", 2)]
    assert run.state.resource(0, "gold") == gold + 2 and run.state.resource(0, "wood") == wood  # not the wood shown
    rules = [e.rule.id for e in run.run.events]
    assert rules.count("bonfire.specialist.chosen-harvest") == 2
    assert {"bonfire.specialist.long-stride", "bonfire.specialist.crowded-path"} <= set(rules)


def test_path_finder_and_recruiters_gift_gains(lessons: dict) -> None:
    run = LessonRun(lessons["path-great-bonfire-gnomes"])
    run.goto(8)
    done = run.try_action("path red stone")
    assert done.kind == "done" and run.state.resource(0, "stone") == 1
    assert [e.describe() for e in done.events if e.rule.id == "bonfire.specialist.path-finder"] == [
        "orange gains 1 stone (Path Finder)"]
    run.goto(9)
    done = run.try_action("gnome flexible_pay 2-tiles")
    assert done.kind == "done" and run.state.tile_count(0, "yellow") == 1
    assert [e.describe() for e in done.events if e.rule.id == "bonfire.specialist.recruiters-gift"] == [
        "orange gains 1 yellow tile (Recruiter's Gift)"]


def test_common_reward_and_seat_bonus_gains(lessons: dict) -> None:
    run = LessonRun(lessons["bonfires-and-the-council"])
    run.goto(6)
    run.try_action("great-bonfire south_west action+portal")
    run.try_action("seat seat_1")
    done = run.try_action("seat seat_2")
    assert done.kind == "done"
    rewards = [e.describe() for e in run.run.events if e.rule.id == "bonfire.specialist.common-reward"]
    assert rewards == ["orange gains 1 gold (Common Reward)", "orange gains 1 yellow tile (Common Reward)"] * 2
    assert "orange gains 1 gold (the bonus of council seat 2)" in [e.describe() for e in done.events]
    assert run.state.resource(0, "gold") == 3 and run.state.tile_count(0, "yellow") == 2
    assert run.state.scores()["orange"]["council"] == 3 and run.state.seats[0].common == ("portal_keeper", "gnome_circle")
