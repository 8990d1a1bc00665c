"""Bonfire's lessons page in headless Chromium through Voila: lesson 2, "Sailing to the islands and taking tasks",
done by real clicks on the board and the panel: the lesson picked in the list, a find-all step (islands toggled, an
action tile that is not one to pick, Check with the missing and extra islands marked, then the right answer), a
procession refused after docking with its rule, a skipped claim shown with its comment then taken back, two hints
(the claim lit), a task disc claimed by its disc, offering disc and bonfire, a voyage paid with a yellow tile (a
bonfire clicked before paying is refused), a claim paid with gold (a taken bonfire refused), a predict step (a
wrong option, then the right one), a second find-all, three more voyages and claims, and the stars at the end.

Screenshots of each step kind go to ``/tmp/lesson-shots/bonfire-*.png`` (and ``artifacts/screenshots``); the time
each step took is printed.
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

PAGE = "/voila/render/notebooks/bonfire/lessons.ipynb"
STEPS = 9
ISLANDS = ["island:mossbank", "island:grey_cairn", "island:flint_isle", "island:oakhollow", "island:rose_rock"]
"""Where 2 boat tiles take orange's boat from Emberholm (the first step's answer)."""
CLAIM = ["task:t13", "p0:offering:top", "p0:bonfire:0"]
"""Task disc t13 with the top offering disc onto orange's bonfire 0: disc, offering disc, bonfire."""


def clicks(page, *targets: str) -> None:
    for target in targets:
        click_item(page, target)


def boat_at(page, island: str) -> bool:
    """True if orange's boat is drawn at ``island`` (an island id, or ``entrance``)."""
    return page.locator(f'{BOARD} .boat.orange[data-target="{island}"]').count() > 0


def holds_task(page, bonfire: int) -> bool:
    """True if orange's bonfire ``bonfire`` holds a task disc."""
    return "has-task" in (page.locator(f'{BOARD} [data-id="p0:bonfire:{bonfire}"]').first.get_attribute("class")
                          or "")


def test_bonfire_boats_and_tasks_lesson_by_clicks(page, voila_url):
    times: list[tuple[str, float]] = []
    started = time.monotonic()
    page.goto(voila_url + PAGE)
    page.locator(f'{BOARD} [data-id="island:mossbank"]').wait_for(timeout=WIDGET_TIMEOUT_MS)
    page.evaluate("() => window.localStorage.clear()")  # a fresh learner (progress is kept per browser)
    page.locator(".rx-lesson-picker select").select_option(index=1)  # the learner picks lesson 2 in the list
    expect(page.locator(".rx-lesson-intro")).to_contain_text("A boat tile sails your boat along the currents",
                                                             timeout=ANSWER_TIMEOUT_MS)
    on_step(page, 1, STEPS)
    times.append(("page ready, lesson 2 picked", time.monotonic() - started))

    # step 1, find-all: every island 2 boat tiles reach from Emberholm
    t = time.monotonic()
    click_item(page, "island:mossbank")
    click_item(page, "island:berrymoor")  # three currents away
    click_item(page, "p0:tile:boat")  # an action tile is not an island: nothing is picked
    expect(page.locator(".rx-message")).to_contain_text("not one of the things to pick")  # the board says it
    assert "rx-hl-selected" in tone(page, "island:mossbank") and "rx-hl-selected" not in tone(page, "p0:tile:boat")
    press_button(page, "check")
    says(page, "Not yet", "4 missing and 1 that does not belong")
    expect(page.locator(f'{BOARD} [data-id="island:berrymoor"]').first).to_have_class(
        re.compile(r"rx-hl-warning"), timeout=ANSWER_TIMEOUT_MS)
    assert all("rx-hl-hint" in tone(page, i) for i in ISLANDS[1:]), [tone(page, i) for i in ISLANDS]
    assert "rx-hl-selected" in tone(page, "island:mossbank")
    shot(page, "bonfire-find-all-after-check")
    clicks(page, *ISLANDS[1:])
    click_item(page, "island:berrymoor")  # the pick that is not one: a click unpicks it
    press_button(page, "check")
    says(page, "Done", "all 5 found")
    press_button(page, "next")
    on_step(page, 2, STEPS)
    times.append(("1 find-all (an action tile, check with 4 missing, 1 extra)", time.monotonic() - t))

    # step 2, do: sail to Mossbank, then claim t13 onto bonfire 0 with the top offering disc
    t = time.monotonic()
    click_item(page, "island:mossbank")
    says(page, "Good", "Your boat docks at Mossbank")
    assert boat_at(page, "island:mossbank")
    click_item(page, "p0:guardian:orange")  # a trap: a procession after docking
    says(page, "Not allowed", "orange has just docked", "bonfire.assume.dock-claim",
         "Once your boat has docked, only the claim or skipping it is left")
    assert not holds_task(page, 0) and boat_at(page, "island:mossbank")  # nothing changed
    shot(page, "bonfire-do-step-refused")
    click_item(page, "btn:do:skip")  # legal, but not the goal: shown, then taken back
    says(page, "Not quite", "You may dock without claiming, but then the task discs stay where they are",
         "Take back")
    expect(page.locator("button.rx-lesson-takeback")).to_be_visible()
    shot(page, "bonfire-do-step-wrong-move")
    press_button(page, "takeback")
    says(page, "Taken back")
    expect(page.locator("button.rx-lesson-takeback")).to_be_hidden()
    assert boat_at(page, "island:mossbank")  # still docked, the claim still open
    press_button(page, "hint")
    says(page, "Hint 1 of 3", "The top offering disc shows berries, which you have.")
    press_button(page, "hint")
    says(page, "Hint 2 of 3", "The move is lit on the board.")
    for item in CLAIM:
        expect(page.locator(f'{BOARD} [data-id="{item}"]').first).to_have_class(
            re.compile(r"rx-hl-hint"), timeout=ANSWER_TIMEOUT_MS)
    shot(page, "bonfire-do-step-hint")
    clicks(page, *CLAIM)
    says(page, "Done", "t13 goes on bonfire 0", "a new offering disc is turned up (herbs)")
    assert holds_task(page, 0)
    press_button(page, "next")
    on_step(page, 3, STEPS)
    times.append(("2 do (sail, trap, wrong skip, take back, 2 hints, claim)", time.monotonic() - t))

    # step 3, do: sail without a boat tile, then cover it with the yellow tile
    t = time.monotonic()
    click_item(page, "island:mossbank")
    says(page, "Good", "the payment waits for you to cover it")
    click_item(page, "p0:bonfire:0")  # a trap: lighting a bonfire before paying
    says(page, "Not allowed", "bonfire.pay.action-tiles", "First pay what the voyage costs.")
    shot(page, "bonfire-pay-step-refused")
    click_item(page, "btn:do:cover yellow")
    says(page, "Done", "A yellow tile stands in for any missing action tile.")
    assert boat_at(page, "island:mossbank")
    press_button(page, "next")
    on_step(page, 4, STEPS)
    times.append(("3 do (voyage, a trap, the yellow tile)", time.monotonic() - t))

    # step 4, do: claim t13 onto bonfire 1 (bonfire 0 is taken), paying the berries with gold
    t = time.monotonic()
    clicks(page, "task:t13", "p0:offering:top", "p0:bonfire:0")  # a trap: bonfire 0 already holds t01
    says(page, "Not allowed", "bonfire.task.board-space", "bonfire 0 is taken")
    click_item(page, "p0:bonfire:1")  # the disc and the offering disc stay picked after the refusal
    says(page, "Good", "asks for berries, which you do not have")
    click_item(page, "btn:do:cover gold")
    says(page, "Done", "t13 now lies on bonfire 1")
    assert holds_task(page, 1)
    press_button(page, "next")
    on_step(page, 5, STEPS)
    times.append(("4 do (a taken bonfire first, the gold)", time.monotonic() - t))

    # step 5, predict: a voyage with nothing to pay a claim with
    t = time.monotonic()
    choose(page, "Orange takes t13 for free")
    says(page, "Not quite", "it still costs task tiles and two resources")
    expect(page.locator("button.rx-lesson-option", has_text="Orange takes t13 for free")).to_be_disabled()
    shot(page, "bonfire-predict-after-wrong-option")
    choose(page, "Orange cannot pay for a task disc")
    says(page, "Done", "the dock step is skipped")
    assert boat_at(page, "island:mossbank")
    press_button(page, "next")
    on_step(page, 6, STEPS)
    times.append(("5 predict (a wrong option first)", time.monotonic() - t))

    # step 6, find-all: the task discs orange can take at Mossbank
    t = time.monotonic()
    clicks(page, "task:t13", "task:t15")
    press_button(page, "check")
    says(page, "Done", "all 2 found")
    press_button(page, "next")
    on_step(page, 7, STEPS)
    times.append(("6 find-all (right at once)", time.monotonic() - t))

    # step 7, do: from the entrance to Berrymoor, where green's boat lies
    t = time.monotonic()
    assert boat_at(page, "entrance")
    click_item(page, "island:berrymoor")
    says(page, "Done", "an island has room for every boat")
    assert boat_at(page, "island:berrymoor")
    press_button(page, "next")
    on_step(page, 8, STEPS)
    times.append(("7 do", time.monotonic() - t))

    # step 8, do: two currents away for both boat tiles
    t = time.monotonic()
    click_item(page, "island:flint_isle")
    says(page, "Done", "orange sails to Flint Isle")
    assert boat_at(page, "island:flint_isle")
    press_button(page, "next")
    on_step(page, 9, STEPS)
    times.append(("8 do", time.monotonic() - t))

    # step 9, do: Free Offering: the claim paid with the stone and the wood
    t = time.monotonic()
    clicks(page, *CLAIM)
    says(page, "Good", "any 2 resources pay for a task disc")
    shot(page, "bonfire-do-step-pay-buttons")
    click_item(page, "btn:do:cover stone")
    says(page, "Good", "The stone is the first of the two.")
    click_item(page, "btn:do:cover wood")
    says(page, "Done", "t13 lies on bonfire 0")
    assert holds_task(page, 0)
    times.append(("9 do (claim, 2 covers)", time.monotonic() - t))

    strip = page.locator(".rx-lesson-strip button")
    expect(strip).to_have_text(["1 ★★☆", "2 ★☆☆", "3 ★★★", "4 ★★★", "5 ★★☆", "6 ★★★", "7 ★★★", "8 ★★★", "9 ★★★"],
                               timeout=ANSWER_TIMEOUT_MS)
    expect(page.locator(".rx-lesson-picker select option").nth(1)).to_contain_text("9 steps, 23/27 ★")
    expect(page.locator("button.rx-lesson-next")).to_have_text("Next lesson")
    stored = page.evaluate("() => JSON.parse(localStorage.getItem('rules-explorer:lessons:bonfire'))")
    assert stored["boats-and-tasks"] == [2, 1, 3, 3, 2, 3, 3, 3, 3]
    shot(page, "bonfire-lesson-done")
    assert not [e for e in page.console_errors if "rx-" in e or "anywidget" in e.lower()], page.console_errors

    print("\nBonfire lesson 2 in the browser, seconds per step:")
    for name, seconds in times:
        print(f"  {seconds:5.1f}  {name}")
    print(f"  {time.monotonic() - started:5.1f}  in all")
