"""London's lessons page in headless Chromium through Voila: lesson 2, "Where the fire must go", done by real
clicks on the board and the panel: the lesson picked in the list, a find-all step (districts toggled, a card that
is not one to pick, Check with the missing and extra districts marked, then the right answer), a trap refused
with its rule, a wrong legal move shown with its comment then taken back, two hints (the move lit), a second
find-all, a priority trap, a predict step (a wrong option, then the right one), and the stars at the end.

Screenshots of each step kind go to ``/tmp/lesson-shots/london-*.png`` (and ``artifacts/screenshots``); the time
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

PAGE = "/voila/render/notebooks/london1666/lessons.ipynb"
STEPS = 7
NORTH = ["d-st-mary", "d-bridgeward", "d-candlewick-ward", "d-guild-hall", "d-coleman-street", "d-pepys-house"]
"""Where red's north card may send a cone in example 3 (the first step's answer)."""


def clicks(page, *targets: str) -> None:
    for target in targets:
        click_item(page, target)


def test_london_fire_lesson_by_clicks(page, voila_url):
    times: list[tuple[str, float]] = []
    started = time.monotonic()
    page.goto(voila_url + PAGE)
    page.locator(f'{BOARD} [data-id="d-pudding-lane"]').wait_for(timeout=WIDGET_TIMEOUT_MS)
    page.evaluate("() => window.localStorage.clear()")  # a fresh learner (progress is kept per browser)
    page.locator(".rx-lesson-picker select").select_option(index=1)  # the learner picks lesson 2 in the list
    expect(page.locator(".rx-lesson-intro")).to_contain_text("examples 3, 4 and 5", timeout=ANSWER_TIMEOUT_MS)
    on_step(page, 1, STEPS)
    times.append(("page ready, lesson 2 picked", time.monotonic() - started))

    # step 1, find-all: every district red's north card can send a cone into
    t = time.monotonic()
    click_item(page, "d-st-mary")
    click_item(page, "d-moorfields")  # a green zone: the fire never enters one
    click_item(page, "card-N")  # a card is not a district: nothing is picked
    expect(page.locator(".rx-message")).to_contain_text("not one of the things to pick")  # the board says it
    assert "rx-hl-selected" in tone(page, "d-st-mary") and tone(page, "card-N") == ""
    press_button(page, "check")
    says(page, "Not yet", "5 missing and 1 that does not belong")
    expect(page.locator(f'{BOARD} [data-id="d-moorfields"]').first).to_have_class(
        re.compile(r"rx-hl-warning"), timeout=ANSWER_TIMEOUT_MS)
    assert all("rx-hl-hint" in tone(page, d) for d in NORTH[1:]), [tone(page, d) for d in NORTH]
    assert "rx-hl-selected" in tone(page, "d-st-mary")
    shot(page, "london-find-all-after-check")
    clicks(page, *NORTH[1:])
    click_item(page, "d-moorfields")  # the pick that is not one: a click unpicks it
    assert "rx-hl-warning" not in tone(page, "d-moorfields")
    press_button(page, "check")
    says(page, "Done", "all 6 found")
    press_button(page, "next")
    on_step(page, 2, STEPS)
    times.append(("1 find-all (a card, check with 5 missing, 1 extra)", time.monotonic() - t))

    # step 2, do: the north card into Guild Hall
    t = time.monotonic()
    clicks(page, "card-E", "d-guild-hall")  # a trap: no east step leads into Guild Hall
    says(page, "Not allowed", "The last step must go the way the card points", "london.fire.direction")
    assert page.locator(f"{BOARD} .district.guild-hall.burning").count() == 0  # nothing changed
    shot(page, "london-do-step-refused")
    clicks(page, "card-N", "d-pudding-lane", "d-st-mary")  # legal, but not the goal: shown, then taken back
    says(page, "Not quite", "St Mary is allowed too, but the step asks for Guild Hall.", "Take back")
    expect(page.locator(f"{BOARD} .district.st-mary.burning")).to_have_count(1)
    expect(page.locator("button.rx-lesson-takeback")).to_be_visible()
    shot(page, "london-do-step-wrong-move")
    press_button(page, "takeback")
    says(page, "Taken back")
    expect(page.locator(f"{BOARD} .district.st-mary.burning")).to_have_count(0)
    expect(page.locator("button.rx-lesson-takeback")).to_be_hidden()
    press_button(page, "hint")
    says(page, "Hint 1 of 3", "Guild Hall is not next to Pudding Lane; it is north of St Bennet.")
    press_button(page, "hint")
    says(page, "Hint 2 of 3", "The move is lit on the board.")
    expect(page.locator(f'{BOARD} [data-id="d-guild-hall"]').first).to_have_class(
        re.compile(r"rx-hl-hint"), timeout=ANSWER_TIMEOUT_MS)
    shot(page, "london-do-step-hint")
    clicks(page, "card-N", "d-st-bennet", "d-guild-hall")
    says(page, "Done", "The cone crossed St Bennet's fire and stepped north into Guild Hall.")
    expect(page.locator(f"{BOARD} .district.guild-hall.burning")).to_have_count(1)
    press_button(page, "next")
    on_step(page, 3, STEPS)
    times.append(("2 do (trap, wrong move, take back, 2 hints)", time.monotonic() - t))

    # step 3, find-all: where the south card may go in example 4 (only unguarded houses)
    t = time.monotonic()
    clicks(page, "d-billingsgate", "d-cheapside", "d-tallow-hall")
    press_button(page, "check")
    says(page, "Done", "all 3 found")
    press_button(page, "next")
    on_step(page, 4, STEPS)
    times.append(("3 find-all (right at once)", time.monotonic() - t))

    # step 4, do: the south card, where the priority sends it
    t = time.monotonic()
    clicks(page, "card-S", "d-coleman-street")  # a band guards Coleman Street: priority 2
    says(page, "Not allowed", "london.fire.priority", "unguarded houses (priority 1) must burn first")
    clicks(page, "d-pudding-lane", "d-cheapside")  # the S card stays picked after the refusal
    says(page, "Done", "enters Cheapside")
    press_button(page, "next")
    on_step(page, 5, STEPS)
    times.append(("4 do (a priority trap first)", time.monotonic() - t))

    # step 5, predict: how many points blue loses
    t = time.monotonic()
    choose(page, "2 points, one house's worth")
    says(page, "Not quite", "Both of blue's houses burned, and each costs 2 points.")
    expect(page.locator("button.rx-lesson-option", has_text="2 points, one house")).to_be_disabled()
    shot(page, "london-predict-after-wrong-option")
    choose(page, "4 points, 2 for each burned house")
    says(page, "Done", "blue now scores 36")
    press_button(page, "next")
    on_step(page, 6, STEPS)
    times.append(("5 predict (a wrong option first)", time.monotonic() - t))

    # step 6, do: no north card, Cheapside's single cone cannot leave
    t = time.monotonic()
    clicks(page, "card-W", "d-tallow-hall")
    says(page, "Done", "enters Tallow Hall")
    press_button(page, "next")
    on_step(page, 7, STEPS)
    times.append(("6 do", time.monotonic() - t))

    # step 7, do: the fire into St Mary takes its token
    t = time.monotonic()
    clicks(page, "card-N", "d-st-mary")
    says(page, "Done", "you took its token")
    times.append(("7 do", time.monotonic() - t))

    strip = page.locator(".rx-lesson-strip button")
    expect(strip).to_have_text(["1 ★★☆", "2 ★☆☆", "3 ★★★", "4 ★★★", "5 ★★☆", "6 ★★★", "7 ★★★"],
                               timeout=ANSWER_TIMEOUT_MS)
    expect(page.locator(".rx-lesson-picker select option").nth(1)).to_contain_text("7 steps, 17/21 ★")
    expect(page.locator("button.rx-lesson-next")).to_have_text("Next lesson")
    stored = page.evaluate("() => JSON.parse(localStorage.getItem('rules-explorer:lessons:london1666'))")
    assert stored["where-the-fire-goes"] == [2, 1, 3, 3, 2, 3, 3]
    shot(page, "london-lesson-done")
    assert not [e for e in page.console_errors if "rx-" in e or "anywidget" in e.lower()], page.console_errors

    print("\nLondon lesson 2 in the browser, seconds per step:")
    for name, seconds in times:
        print(f"  {seconds:5.1f}  {name}")
    print(f"  {time.monotonic() - started:5.1f}  in all")
