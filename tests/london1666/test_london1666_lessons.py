"""London's lessons through the runner: each kind of step on the real lesson files, with the values the rules
give (the rulebook's examples 3 to 6, intensifying, the final count and its tie-break)."""

from __future__ import annotations

import pytest

from explorer import load_lessons
from explorer.lessons import LessonRun
from explorer.lessons.check import check_game
from explorer.lessons.facts import Context
from explorer.london1666 import position
from explorer.london1666.drawing import final_scoring
from explorer.london1666.facts import FACTS, fire_grows


@pytest.fixture(scope="module")
def lessons() -> dict:
    return {lesson.id: lesson for lesson in load_lessons("london1666")}


def test_the_authors_check_is_clean_and_covers_the_rules() -> None:
    report = check_game("london1666")
    assert report.problems == []
    assert report.lessons >= 4 and report.steps >= 30
    assert report.coverage >= 0.6
    assert {"london.fire.priority", "london.fire.contained", "london.actions.hero", "london.draw.intensify",
            "london.score.tie-break", "london.setup.trained-bands"} <= report.covered


def test_every_lesson_has_six_steps_and_every_kind(lessons: dict) -> None:
    assert all(len(lesson.steps) >= 6 for lesson in lessons.values())
    kinds = {step.kind for lesson in lessons.values() for step in lesson.steps}
    assert kinds == {"do", "find-all", "predict"}


def test_setup_band_refusal_then_any_band(lessons: dict) -> None:
    run = LessonRun(lessons["setting-up"])
    refused = run.try_action("place-band st-bennet")
    assert refused.kind == "refused" and refused.rule == "london.setup.trained-bands"
    assert refused.text.endswith("no band starts there.")
    done = run.try_action("place-band bishopsgate")  # any district outside the centre is right
    assert done.kind == "done" and done.stars == 3 and run.state.bands_at("bishopsgate") == 1


def test_north_card_destinations_of_example_3(lessons: dict) -> None:
    run = LessonRun(lessons["where-the-fire-goes"])
    assert run.run.answer_set() == {"st-mary", "bridgeward", "candlewick-ward", "guild-hall", "coleman-street",
                                    "pepys-house"}
    partial = run.answer(["st-mary", "guild-hall", "moorfields"])
    assert partial.extra == {"moorfields"} and partial.missing == {"bridgeward", "candlewick-ward",
                                                                   "coleman-street", "pepys-house"}


def test_guild_hall_burns_through_st_bennet(lessons: dict) -> None:
    run = LessonRun(lessons["where-the-fire-goes"])
    run.goto(1)
    assert run.try_action("spread E pudding-lane guild-hall").rule == "london.fire.direction"
    before = run.state
    wrong = run.try_action("spread N pudding-lane st-mary")
    assert wrong.kind == "wrong" and wrong.shown.burnt[wrong.shown.i("st-mary")] and run.state is before
    done = run.try_action("spread N st-bennet guild-hall")  # the same move from St Bennet's fire is as good
    assert done.kind == "done" and done.stars == 2
    assert run.state.fire_at("guild-hall") == 4 and run.state.scores()["blue"]["houses lost"] == -4


def test_example_4_priority(lessons: dict) -> None:
    run = LessonRun(lessons["where-the-fire-goes"])
    run.goto(2)
    assert run.run.answer_set() == {"tallow-hall", "cheapside", "billingsgate"}
    run.goto(3)
    refused = run.try_action("spread S pudding-lane coleman-street")
    assert refused.kind == "refused" and refused.rule == "london.fire.priority"
    done = run.try_action("spread S moorgate billingsgate")  # any unguarded house is right
    assert done.kind == "done" and done.stars == 3


def test_example_5_blue_loses_four_points(lessons: dict) -> None:
    run = LessonRun(lessons["where-the-fire-goes"])
    run.goto(4)
    assert run.run.option_truths() == [True, False, False]
    assert run.choose(2).kind == "wrong"
    right = run.choose(0)
    assert right.kind == "done" and right.stars == 2
    assert run.state.scores()["blue"].total == 36


def test_containing_tallow_hall_and_the_hints(lessons: dict) -> None:
    run = LessonRun(lessons["trained-bands"])
    run.goto(2)
    assert run.try_action("pawn pudding-lane").rule == "london.actions.pudding-lane"
    assert run.hint().text.startswith("Bread Street touches Tallow Hall")
    lit = run.hint()
    assert lit.grade == 2 and [str(a) for a in lit.actions] == ["band bread-street tallow-hall"]
    moved = run.try_action("band bread-street tallow-hall")
    assert moved.kind == "move" and moved.rule == "london.actions.move-band"
    assert not run.state.is_contained("tallow-hall")
    run.try_action("band guild-hall st-bennet")  # another way round: Guild Hall's band via St Bennet
    done = run.try_action("band st-bennet tallow-hall")
    assert done.kind == "done" and run.state.is_contained("tallow-hall") and done.stars == 1


def test_covering_band_refused(lessons: dict) -> None:
    run = LessonRun(lessons["trained-bands"])
    run.goto(3)
    refused = run.try_action("band tallow-hall vintners-hall")
    assert refused.kind == "refused" and refused.rule == "london.actions.covering-bands"
    assert run.state.bands_at("tallow-hall") == 1


def test_example_6_hero_of_london(lessons: dict) -> None:
    run = LessonRun(lessons["putting-out-the-fire"])
    for n in range(4):
        feedback = run.try_action("extinguish st-pauls")
    assert feedback.kind == "done" and feedback.stars == 3
    assert "london.actions.hero" in [e.rule.id for e in run.run.events]
    green = run.state.seats[0]
    assert green.extinguished == 4 and run.state.hero == 0 and run.state.scores()["green"]["Hero of London"] == 2


def test_an_uncontained_fire_is_not_put_out(lessons: dict) -> None:
    run = LessonRun(lessons["putting-out-the-fire"])
    run.goto(1)
    refused = run.try_action("extinguish st-pauls")
    assert refused.kind == "refused" and refused.rule == "london.fire.contained"
    run.try_action("band bread-street st-pauls")
    assert run.try_action("extinguish st-pauls").kind == "done"


def test_the_hero_changes_hands(lessons: dict) -> None:
    run = LessonRun(lessons["putting-out-the-fire"])
    run.goto(2)
    assert run.run.option_truths() == [True, False, False]


def test_intensify_find_all(lessons: dict) -> None:
    run = LessonRun(lessons["drawing-and-the-end"])
    run.goto(1)
    assert run.run.answer_set() == {"cheapside", "barbican", "moorgate", "brewers-hall", "guild-hall"}
    assert run.answer(["cheapside", "barbican", "moorgate", "brewers-hall", "guild-hall"]).stars == 3


def test_winning_the_tie_on_the_last_turn(lessons: dict) -> None:
    run = LessonRun(lessons["drawing-and-the-end"])
    run.goto(6)
    wrong = run.try_action("end-actions")
    assert wrong.kind == "wrong" and wrong.shown.winners() == ["blue"]
    run.try_action("extinguish st-pauls")
    done = run.try_action("end-actions")
    assert done.kind == "done" and run.state.winners() == ["red"]
    tie = [e for e in done.events if e.rule.id == "london.score.tie-break"]
    assert [e.describe() for e in tie] == ["red and blue tie on 39 points; cones put out decide"]


def test_final_scoring_events_add_up_to_the_scores() -> None:
    over = position(colours=["red", "blue", "green"], phase="over", deck=[], final_turns=0,
                    fire={"pudding-lane": 20}, burnt=["bethnal"], extinguished={"red": 3}, hero="red",
                    held={"blue": ["vp", "vp"]}, objectives={"green": ["st-mary", "cheapside", "vintners-hall"]})
    events = final_scoring(over)
    lines = [e.describe() for e in events]
    assert lines[1:] == ["final scoring, cones put out: red +3", "final scoring, objectives: green +12",
                         "final scoring, 1 VP tokens: blue +2", "final scoring, Hero of London: red +2"]
    for seat, (name, score) in enumerate(over.scores().items()):
        shown = sum(n for e in events if hasattr(e, "points") and isinstance(e.points, tuple)
                    for player, n in e.points if player == name)
        assert 40 + shown == score.total


def test_facts_and_selector() -> None:
    start = position(phase="actions", fire={"pudding-lane": 20, "tallow-hall": 2}, burnt=["tallow-hall"],
                     bands={"bread-street": 1, "tallow-hall": 1}, pawns={"red": "st-mary"}, held={"red": ["charge"]})
    after = start.apply("band bread-street tallow-hall")
    ctx, before = Context(after, start, (), after.events), Context(start, start, (), ())
    assert FACTS["contained"](ctx, "tallow-hall") and not FACTS["contained"](before, "tallow-hall")
    assert FACTS["fire-at"](ctx, "tallow-hall", at_least=2, at_most=2) and not FACTS["fire-at"](ctx, "cheapside")
    assert FACTS["bands-in"](ctx, "tallow-hall", at_least=2) and not FACTS["bands-in"](before, "tallow-hall", 2)
    assert FACTS["burnt"](ctx, "tallow-hall") and not FACTS["demolished"](ctx, "tallow-hall")
    assert FACTS["pawn-in"](ctx, "red", "st-mary") and FACTS["holds"](ctx, "red", "charge")
    assert FACTS["hero"](ctx, None) and not FACTS["hero"](ctx, "red")
    assert FACTS["cards-in-hand"](ctx, "red", 5) and not FACTS["wins"](ctx, "red")
    assert fire_grows(position(fire={"pudding-lane": 2}, hands={"red": "W"}), "spread W pudding-lane tallow-hall") \
        == {"pudding-lane", "tallow-hall"}
