"""Flash Point's lessons page in headless Chromium through Voila: the first lesson, "Your turn, your action points,
and moving", done by real clicks on the board and the panel: a diagonal move refused with its rule, a wrong legal
move shown with its comment then taken back, two hints (the move lit), a find-all step (squares and a wall
toggled, Check with the missing and extra ones marked, then the right answer), a door opened on its edge, a
second find-all, a refused end of turn in the fire, the end of turn that lets the fire roll, and a predict step
(a wrong option, then the right one), then the stars at the end.

Screenshots of each step kind go to ``/tmp/lesson-shots/flashpoint-*.png`` (and ``artifacts/screenshots``); the
time each step took is printed.
"""

from __future__ import annotations

import re
import time

import pytest
from playwright.sync_api import expect

from .conftest import BOARD
from .test_lessons import (ANSWER_TIMEOUT_MS, WIDGET_TIMEOUT_MS, choose, click_item, on_step, press_button, says,
                           shot, tone)

pytestmark = pytest.mark.browser

PAGE = "/voila/render/notebooks/flashpoint/lessons.ipynb"
STEPS = 6


def red_on(page, space: str) -> bool:
    """True if red's figure is drawn inside the square ``space``."""
    pawn = page.locator(f'{BOARD} [data-id="ff:red"]').bounding_box()
    square = page.locator(f'{BOARD} [data-id="space:{space}"]').bounding_box()
    x, y = pawn["x"] + pawn["width"] / 2, pawn["y"] + pawn["height"] / 2
    return square["x"] <= x <= square["x"] + square["width"] and square["y"] <= y <= square["y"] + square["height"]


def test_flashpoint_first_lesson_by_clicks(page, voila_url):
    times: list[tuple[str, float]] = []
    started = time.monotonic()
    page.goto(voila_url + PAGE)
    page.locator(f'{BOARD} [data-id="space:0,6"]').wait_for(timeout=WIDGET_TIMEOUT_MS)
    page.evaluate("() => window.localStorage.clear()")  # a fresh learner (progress is kept per browser)
    on_step(page, 1, STEPS)
    expect(page.locator(".rx-lesson-picker select")).to_contain_text("Your turn, your action points, and moving")
    times.append(("page ready", time.monotonic() - started))

    # step 1, do: walk in through the entrance to 2,6
    t = time.monotonic()
    click_item(page, "space:1,5")  # a trap: diagonally
    says(page, "Not allowed", "never diagonally", "flashpoint.move.adjacent")
    assert red_on(page, "0,6")
    shot(page, "flashpoint-do-step-refused")
    click_item(page, "space:0,5")  # legal, but away from the entrance: shown, then taken back
    says(page, "Not quite", "Walking along the outside is allowed, but it takes you away from the entrance.")
    expect(page.locator("button.rx-lesson-takeback")).to_be_visible()
    assert red_on(page, "0,5")
    shot(page, "flashpoint-do-step-wrong-move")
    press_button(page, "takeback")
    says(page, "Taken back")
    expect(page.locator("button.rx-lesson-takeback")).to_be_hidden()
    assert red_on(page, "0,6")
    press_button(page, "hint")
    says(page, "Hint 1 of 3", "The gap in the outside wall is right below you.")
    press_button(page, "hint")
    says(page, "Hint 2 of 3", "The move is lit on the board.")
    expect(page.locator(f'{BOARD} [data-id="space:1,6"]').first).to_have_class(
        re.compile(r"rx-hl-hint"), timeout=ANSWER_TIMEOUT_MS)
    shot(page, "flashpoint-do-step-hint")
    click_item(page, "space:1,6")
    says(page, "Good", "Through the entrance into 1,6.")
    click_item(page, "space:2,6")
    says(page, "Done", "One more step south. You have 2 AP left.")
    press_button(page, "next")
    on_step(page, 2, STEPS)
    times.append(("1 do (trap, wrong move, take back, 2 hints, 2 moves)", time.monotonic() - t))

    # step 2, find-all: every square red can move to from 2,4
    t = time.monotonic()
    click_item(page, "space:1,4")
    click_item(page, "space:3,4")  # behind the wall to the south
    click_item(page, "btn:end")  # a button is not a square: nothing is picked
    expect(page.locator(".rx-message")).to_contain_text("not one of the things to pick")  # the board says it
    assert "rx-hl-selected" in tone(page, "space:3,4")
    press_button(page, "check")
    says(page, "Not yet", "1 missing and 1 that does not belong")
    expect(page.locator(f'{BOARD} [data-id="space:3,4"]').first).to_have_class(
        re.compile(r"rx-hl-warning"), timeout=ANSWER_TIMEOUT_MS)
    assert "rx-hl-hint" in tone(page, "space:2,5") and "rx-hl-selected" in tone(page, "space:1,4")
    shot(page, "flashpoint-find-all-after-check")
    click_item(page, "space:2,5")
    click_item(page, "space:3,4")  # the pick that is not one: a click unpicks it
    press_button(page, "check")
    says(page, "Done", "all 2 found")
    press_button(page, "next")
    on_step(page, 3, STEPS)
    times.append(("2 find-all (a button, check with 1 missing, 1 extra)", time.monotonic() - t))

    # step 3, do: open the door on the west edge, then step through
    t = time.monotonic()
    click_item(page, "space:1,3")  # a trap: through the closed door
    says(page, "Not allowed", "flashpoint.move.walls", "A closed door blocks you like a wall.")
    click_item(page, "edge:1,3|1,4")
    says(page, "Good", "Opening a door on an edge of your square costs 1 AP.")
    click_item(page, "space:1,3")
    says(page, "Done", "Through the open doorway")
    press_button(page, "next")
    on_step(page, 4, STEPS)
    times.append(("3 do (a trap, the door, the move)", time.monotonic() - t))

    # step 4, find-all: the moves that cost 2 AP (into the fire)
    t = time.monotonic()
    click_item(page, "space:3,3")
    click_item(page, "space:4,4")
    press_button(page, "check")
    says(page, "Done", "all 2 found")
    press_button(page, "next")
    on_step(page, 5, STEPS)
    times.append(("4 find-all (right at once)", time.monotonic() - t))

    # step 5, do: out of the fire, then end the turn (the fire rolls 6 1)
    t = time.monotonic()
    click_item(page, "btn:end")  # a trap: ending the turn in the fire
    says(page, "Not allowed", "flashpoint.turn.no-end-in-fire")
    click_item(page, "space:1,6")
    says(page, "Played", "red moves from 2,6 to 1,6")
    click_item(page, "btn:end")
    says(page, "Done", "red ends the turn")
    press_button(page, "next")
    on_step(page, 6, STEPS)
    times.append(("5 do (a trap, a move, the end of the turn)", time.monotonic() - t))

    # step 6, predict: the AP saved
    t = time.monotonic()
    choose(page, "10 AP, all 6 kept and 4 new")
    says(page, "Not quite", "At most 4 AP are saved at the end of a turn")
    expect(page.locator("button.rx-lesson-option", has_text="10 AP")).to_be_disabled()
    shot(page, "flashpoint-predict-after-wrong-option")
    choose(page, "8 AP, 4 saved and 4 new")
    says(page, "Done", "never more than 4 are carried over")
    times.append(("6 predict (a wrong option first)", time.monotonic() - t))

    strip = page.locator(".rx-lesson-strip button")
    expect(strip).to_have_text(["1 ★☆☆", "2 ★★☆", "3 ★★★", "4 ★★★", "5 ★★★", "6 ★★☆"], timeout=ANSWER_TIMEOUT_MS)
    expect(page.locator(".rx-lesson-picker select option").first).to_contain_text("6 steps, 14/18 ★")
    expect(page.locator("button.rx-lesson-next")).to_have_text("Next lesson")
    stored = page.evaluate("() => JSON.parse(localStorage.getItem('rules-explorer:lessons:flashpoint'))")
    assert stored["the-turn-and-moving"] == [1, 2, 3, 3, 3, 2]
    shot(page, "flashpoint-lesson-done")

    print("\nFlash Point lesson 1 in the browser, seconds per step:")
    for name, seconds in times:
        print(f"  {seconds:5.1f}  {name}")
    print(f"  {time.monotonic() - started:5.1f}  in all")
