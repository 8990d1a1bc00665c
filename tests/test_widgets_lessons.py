"""The lesson view over Portobello's first lesson: clicks go to the runner (refusal, wrong move and take back,
hints lit on the board), find-all toggles and checks, predict buttons, the progress strip and stored progress;
then find-all on London's and Flash Point's boards, whose items stand for the engine keys in their own way (each
view's ``answer_key`` and ``answer_items``)."""

from __future__ import annotations

from widgets.lessons import LessonView, item_key, read_progress, stars_text


def test_a_do_step_by_clicks() -> None:
    view = LessonView("portobello", store=False)
    view.board.click("district:d12")  # legal, but the step asks for d1
    assert view.feedback.kind == "wrong" and view.board.state.bobby == "d12"
    assert view.takeback_button.layout.display == ""
    view.on_takeback()
    assert view.board.state.bobby is None and view.board.mode == "play"
    view.on_hint()
    view.on_hint()
    assert view.feedback.grade == 2 and [str(a) for a in view.board.emphasis.actions] == ["bobby d1"]
    view.board.click("district:d1")
    assert view.feedback.kind == "done" and view.feedback.stars == 1 and not view.next_button.disabled
    assert view.strip.children[0].description == "1 ★☆☆"


def test_find_all_and_predict_steps() -> None:
    view = LessonView("portobello", store=False)
    view.goto(1)
    view.board.click("district:d1")
    view.board.click("district:d2")
    view.on_check()
    assert view.feedback.kind == "answer" and len(view.board.marked) == 10
    for item in list(view.board.marked):
        view.board.click(item)
    view.on_check()
    assert view.feedback.kind == "done" and view.feedback.stars == 2
    view.on_next()
    view.on_choose(1)
    assert view.feedback.kind == "wrong" and view.option_buttons[1].disabled
    assert "rx-lesson-option-wrong" in view.option_buttons[1]._dom_classes
    view.on_choose(0)
    assert view.option_buttons[0].button_style == "success" and view.option_buttons[0].disabled
    assert view.feedback.kind == "done" and view.board.state.bobby == "d1"


def test_stored_progress_is_read_and_reset() -> None:
    view = LessonView("portobello")
    view.store.stored = {"first-turn": [3, 2], "building-stalls": "junk", "elsewhere": [1]}
    assert view.progress == {"first-turn": [3, 2]} and view.run.stars[:2] == [3, 2]
    view.on_reset()
    assert view.store.saved == {} and view.progress == {}
    assert read_progress(["not", "a", "mapping"], view.lessons) == {}
    assert item_key("space:c:0") == "c:0" and stars_text(0) == "·" and stars_text(2) == "★★☆"


def test_a_game_without_lessons_gets_a_friendly_note(toy_registered) -> None:
    view = LessonView("toy", store=False)  # the toy game has no data/lessons folder at all
    assert view.lessons == ()
    [note] = view.children
    assert "rx-lessons-empty" in note.value and "No lessons for Stony tic-tac-toe (test only) yet." in note.value
    assert "tutorials" in note.value and "Traceback" not in note.value
    assert "No lessons for The Great Fire of London 1666 yet." in LessonView("london1666", lessons=(),
                                                                             store=False).children[0].value


def test_an_unreadable_lesson_file_is_reported_not_raised(monkeypatch) -> None:
    import explorer
    from explorer.core import InvalidData

    def broken(game, reload=False):
        raise InvalidData("lessons of portobello", ["01-first-turn.yaml: steps[0].kind: expected do, <b>"])

    monkeypatch.setattr(explorer, "load_lessons", broken)
    [note] = LessonView("portobello", store=False).children
    assert "cannot be opened right now" in note.value and "steps[0].kind: expected do, &lt;b&gt;" in note.value


def test_a_trap_reads_as_two_sentences() -> None:
    view = LessonView("portobello", store=False)
    view.board.click("token:1")  # the 3, before the bobby is placed: a trap of step 1
    assert view.feedback.kind == "refused" and view.feedback.rule == "portobello.setup.bobby"
    assert "in a district. Nobody takes a turn before the bobby is on the board." in view.feedback.text


def test_a_wrong_move_waits_for_take_back_in_amber() -> None:
    view = LessonView("portobello", store=False)
    view.board.click("district:d12")
    assert "rx-fb-wrong" in view.live.value and "#b86e00" in view.live.value
    assert "Press “Take back” to try again." in view.live.value and "Taken back" not in view.live.value
    assert view.announcer.text.startswith("Not quite · The rules allow d12 too")  # what a screen reader hears
    assert "<" not in view.announcer.text and "aria-live" not in view.live.value  # one live region, kept
    assert view.board.message["kind"] == "error"  # amber on the board too: legal, just not the goal
    view.goto(1)
    view.board.click("district:d3")
    view.on_check()
    assert "Not yet</b> · 11 missing (shown on the board)" in view.live.value  # the word is not said twice
    assert view.board.highlights["district:d1"]["label"] == "missing"


def test_the_same_words_are_announced_again() -> None:
    view = LessonView("portobello", store=False)
    view.board.click("token:1")
    first = view.announcer.text
    view.board.click("token:1")
    assert view.announcer.text != first and view.announcer.text.rstrip("\u200b") == first.rstrip("\u200b")


def test_london_find_all_by_district_clicks() -> None:
    """London's districts are items ``d-<district>``: toggled, checked and lit by their district ids."""
    view = LessonView("london1666", store=False, lesson=1)  # where the fire goes, step 1: the north card
    assert view.run.lesson.id == "where-the-fire-goes" and view.run.step.kind == "find-all"
    board = view.board
    assert board.answer_key("d-guild-hall") == "guild-hall" and board.answer_key("card-N") is None
    assert "card-N" not in board.clickable_targets() and "d-moorfields" in board.clickable_targets()
    board.click("d-st-mary")
    board.click("d-moorfields")  # a green zone: the fire never goes there
    board.click("card-N")  # not something to pick: nothing toggled
    assert board.toggled == ["d-st-mary", "d-moorfields"] and "not one of the things" in board.message["text"]
    view.on_check()
    assert view.feedback.kind == "answer" and view.feedback.extra == {"moorfields"}
    assert board.marked == {"d-bridgeward": "hint", "d-candlewick-ward": "hint", "d-guild-hall": "hint",
                            "d-coleman-street": "hint", "d-pepys-house": "hint", "d-moorfields": "warning"}
    assert board.highlights["d-guild-hall"]["label"] == "missing" and board.toggled == ["d-st-mary", "d-moorfields"]
    assert board.highlights["d-moorfields"]["tone"] == "warning"  # still picked, marked "not one"
    for district in ("bridgeward", "candlewick-ward", "guild-hall", "coleman-street", "pepys-house"):
        board.click(f"d-{district}")
    board.click("d-moorfields")  # a click on the pick that is not one unpicks it
    assert "d-moorfields" not in board.toggled and "d-moorfields" not in board.highlights
    view.on_check()
    assert view.feedback.kind == "done" and view.run.run.done and view.feedback.stars == 2


def test_london_active_pawn_stands_for_its_district() -> None:
    view = LessonView("london1666", store=False, lesson=2)
    view.goto(1)  # trained bands, step 2: where the band in St Paul's may go (red's pawn in St Mary)
    view.board.click("pawn-0")
    assert view.board.toggled == ["d-st-mary"] and view.board.answer_items(["st-mary"]) == ["d-st-mary"]


def test_flash_point_find_all_by_squares_edges_and_spots() -> None:
    view = LessonView("flashpoint", store=False)
    view.goto(1)  # the turn and moving, step 2: every square red can move to from 2,4
    board = view.board
    board.click("space:1,4")
    board.click("edge:1,4|2,4")  # an edge: not a square to move to
    board.click("btn:end")  # a button picks nothing
    assert board.toggled == ["space:1,4", "edge:1,4|2,4"]
    view.on_check()
    assert view.feedback.kind == "answer" and view.feedback.missing == {"2,5"}
    assert view.feedback.extra == {"1,4|2,4"} and board.marked == {"space:2,5": "hint", "edge:1,4|2,4": "warning"}
    board.click("space:2,5")
    board.click("edge:1,4|2,4")  # unpicks the edge
    view.on_check()
    assert view.feedback.kind == "done" and view.run.run.done
    assert board.answer_key("ff:red") == "2,4"  # a firefighter stands for its square
    spots = LessonView("flashpoint", store=False, lesson=4)
    spots.goto(1)  # experienced specialists: every spot where the engine may park (named by its first square)
    assert spots.board.answer_key("spot:engine:0,7") == "0,7"
    spots.on_hint()
    spots.on_hint()
    lit = spots.board.highlights
    assert lit["space:0,7"] == {"label": "missing", "tone": "hint"} and lit["spot:engine:0,7"]["label"] == ""
    for item in ("spot:engine:0,7", "spot:engine:1,0", "spot:engine:5,9", "spot:engine:7,1"):
        spots.board.click(item)
    spots.on_check()
    assert spots.feedback.kind == "done"


def test_the_page_address_opens_a_lesson_step() -> None:
    view = LessonView("london1666")  # with the browser's store and address reader, as on the page
    view.query.query = "?lesson=where-the-fire-goes&step=4"
    assert view.run.lesson.id == "where-the-fire-goes" and view.run.index == 3
    assert view.picker.value == 1
    assert not view.open_from_address("?lesson=no-such-lesson&step=2") and view.run.index == 3
    view.open_from_address("?lesson=setting-up&step=99")  # a step outside the lesson: the lesson, from its start
    assert view.run.lesson.id == "setting-up" and view.run.index == 0


def test_reset_progress_asks_first() -> None:
    view = LessonView("portobello", store=False)
    view.progress = {"first-turn": [3, 2, 0, 0, 0, 0]}
    view.reset_button.click()
    assert view.progress and view.reset_button.description == "Forget every star?"
    view.goto(1)  # anything else keeps the stars
    assert view.reset_button.description == "Reset progress" and view.progress
    view.reset_button.click()
    view.reset_button.click()
    assert view.progress == {} and view.reset_button.description == "Reset progress"
