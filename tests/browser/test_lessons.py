"""Portobello's lessons page in headless Chromium through Voila: the first lesson done by real clicks on the board
and the panel: a trap refused with its rule, a wrong legal move shown then taken back, two hints, a find-all step
(toggles, Check, the missing and extra items marked, then the right answer), a predict step (a wrong option, then
the right one), and the stars in the progress strip and the lesson picker at the end.

Screenshots of a do step, a find-all step and a predict step, each after a wrong try, go to ``/tmp/lesson-shots``
(and ``artifacts/screenshots``); the time each step took is printed.
"""

from __future__ import annotations

import re
import shutil
import time
from pathlib import Path

import pytest
from playwright.sync_api import expect

from .conftest import BOARD, click_target, revision, screenshot, wait_for_redraw

pytestmark = pytest.mark.browser

PAGE = "/voila/render/notebooks/portobello/lessons.ipynb"
WIDGET_TIMEOUT_MS = 120_000
ANSWER_TIMEOUT_MS = 15_000
SHOTS = Path("/tmp/lesson-shots")
DISTRICTS = [f"district:d{n}" for n in range(1, 13)]


def feedback(page):
    """The lesson panel's feedback line (the live region read out by screen readers)."""
    return page.locator(".rx-lesson-feedback")


def says(page, *parts: str) -> None:
    """Wait until the feedback line contains each of ``parts``."""
    for part in parts:
        expect(feedback(page)).to_contain_text(part, timeout=ANSWER_TIMEOUT_MS)


def press_button(page, name: str) -> None:
    """Click the panel's button ``name`` (``hint``, ``takeback``, ``check``, ``next``...) as a user would."""
    button = page.locator(f"button.rx-lesson-{name}")
    expect(button).to_be_enabled(timeout=ANSWER_TIMEOUT_MS)
    button.click()


def choose(page, text: str) -> None:
    """Click the predict step's option button that reads ``text``."""
    page.locator("button.rx-lesson-option", has_text=text).click()


def on_step(page, number: int, of: int = 6) -> None:
    """Wait until the panel shows step ``number`` of the lesson (of ``of`` steps)."""
    expect(page.locator(".rx-lesson-goal")).to_contain_text(f"Step {number} of {of}", timeout=ANSWER_TIMEOUT_MS)


# JavaScript: a window point where a click lands on board item ``id`` (the item itself, or a piece drawn over it that
# stands for it), not on another item drawn over it (a pawn, a figure, a label) nor under the sticky lesson panel:
# a grid over the item's box (a little wider, for a line such as a wall) is tried from the middle out; null if none.
CLICK_POINT = """(id) => {
  const el = document.querySelector(`svg.rx-board [data-id="${id}"]`);
  const r = el.getBoundingClientRect();
  const x0 = r.left - 3, y0 = r.top - 3, w = r.width + 6, h = r.height + 6;
  const tries = [];
  for (let i = 0; i <= 8; i++) for (let j = 0; j <= 8; j++) tries.push([i / 8, j / 8]);
  tries.sort((a, b) => Math.hypot(a[0] - .5, a[1] - .5) - Math.hypot(b[0] - .5, b[1] - .5));
  for (const [fx, fy] of tries) {
    const x = x0 + fx * w, y = y0 + fy * h;
    if (x < 0 || y < 0 || x >= window.innerWidth || y >= window.innerHeight) continue;
    const hit = document.elementFromPoint(x, y);
    const owner = hit && hit.closest("[data-target]");
    if (owner && owner.getAttribute("data-target") === id) return [x, y];
  }
  return null;
}"""


def click_item(page, target: str) -> float:
    """Click board item ``target`` where a user sees it (see :data:`CLICK_POINT`: in the middle of the item as far
    as nothing covers it; the board scrolls it into the middle of the window first if needed) and wait for the
    redraw; return the click-to-redraw latency in seconds."""
    point = page.evaluate(CLICK_POINT, target)
    if point is None:  # out of the window or under the panel
        page.locator(f'{BOARD} [data-id="{target}"]').first.evaluate("el => el.scrollIntoView({block: 'center'})")
        point = page.evaluate(CLICK_POINT, target)
    assert point is not None, f"no visible point of {target!r} to click"
    before = revision(page)
    started = time.monotonic()
    page.mouse.click(*point)
    wait_for_redraw(page, before)
    return time.monotonic() - started


def tone(page, item: str) -> str:
    """The highlight classes of board item ``item`` (``rx-hl-hint``, ``rx-hl-warning``, ``rx-hl-selected``...)."""
    classes = page.locator(f'{BOARD} [data-id="{item}"]').first.get_attribute("class") or ""
    return " ".join(c for c in classes.split() if c.startswith("rx-hl-"))


def shot(page, name: str) -> Path:
    """A screenshot of the window under /tmp/lesson-shots (and artifacts/screenshots)."""
    SHOTS.mkdir(parents=True, exist_ok=True)
    path = screenshot(page, f"lessons-{name}", full_page=False)  # what the window shows
    shutil.copy(path, SHOTS / f"{name}.png")
    return SHOTS / f"{name}.png"


def test_portobello_first_lesson_by_clicks(page, voila_url):
    times: list[tuple[str, float]] = []
    started = time.monotonic()
    page.goto(voila_url + PAGE)
    page.locator(f'{BOARD} [data-id="district:d1"]').wait_for(timeout=WIDGET_TIMEOUT_MS)
    page.evaluate("() => window.localStorage.clear()")  # a fresh learner (progress is kept per browser)
    on_step(page, 1)
    expect(page.locator(".rx-lesson-picker select")).to_contain_text("The bobby and your first turn")
    times.append(("page ready", time.monotonic() - started))

    # step 1, do: put the bobby in d1
    t = time.monotonic()
    click_target(page, "token:1")  # a trap: a turn before the bobby is placed
    says(page, "Not allowed", "Nobody takes a turn before the bobby is on the board.", "portobello.setup.bobby")
    assert page.locator(f"{BOARD} .district.bobby").count() == 0  # nothing changed
    click_target(page, "district:d12")  # legal, but not the goal: shown, then taken back
    says(page, "Not quite", "The rules allow d12 too; this step asks for d1.")
    assert page.locator(f"{BOARD} .district.d12.bobby").count() == 1
    expect(page.locator("button.rx-lesson-takeback")).to_be_visible()
    shot(page, "do-step-wrong-move")
    press_button(page, "takeback")
    says(page, "Taken back")
    expect(page.locator(f"{BOARD} .district.bobby")).to_have_count(0)
    expect(page.locator("button.rx-lesson-takeback")).to_be_hidden()
    press_button(page, "hint")
    says(page, "Hint 1 of 3", "Click the district marked d1")
    press_button(page, "hint")
    says(page, "Hint 2 of 3", "The move is lit on the board.")
    expect(page.locator(f'{BOARD} [data-id="district:d1"]').first).to_have_class(
        re.compile(r"rx-hl-hint"), timeout=ANSWER_TIMEOUT_MS)
    click_target(page, "district:d1")
    says(page, "Done", "The bobby stands in d1.")
    assert page.locator(f"{BOARD} .district.d1.bobby").count() == 1
    press_button(page, "next")
    on_step(page, 2)
    times.append(("1 do (trap, wrong move, 2 hints)", time.monotonic() - t))

    # step 2, find-all: every district where the bobby may start (all twelve)
    t = time.monotonic()
    for item in ("district:d1", "district:d2", "space:a:0"):  # two right ones and a stall space that is not one
        click_target(page, item)
    assert "rx-hl-selected" in tone(page, "district:d2")
    press_button(page, "check")
    says(page, "Not yet", "10 missing and 1 that does not belong")
    expect(page.locator(f'{BOARD} [data-id="space:a:0"]').first).to_have_class(
        re.compile(r"rx-hl-warning"), timeout=ANSWER_TIMEOUT_MS)
    assert all("rx-hl-hint" in tone(page, d) for d in DISTRICTS[2:]), [tone(page, d) for d in DISTRICTS]
    assert "rx-hl-selected" in tone(page, "district:d1")
    shot(page, "find-all-after-check")
    for item in DISTRICTS[2:]:
        click_target(page, item)
    click_target(page, "space:a:0")  # the pick that is not one: a click unpicks it
    assert "rx-hl-warning" not in tone(page, "space:a:0") and "rx-hl-selected" not in tone(page, "space:a:0")
    press_button(page, "check")
    says(page, "Done", "all 12 found")
    press_button(page, "next")
    on_step(page, 3)
    times.append(("2 find-all (check with 10 missing, 1 extra)", time.monotonic() - t))

    # step 3, predict: who acts after green places the bobby?
    t = time.monotonic()
    choose(page, "Green plays on")
    says(page, "Not quite", "Placing the bobby is a set-up step")
    expect(page.locator("button.rx-lesson-option", has_text="Green plays on")).to_be_disabled()
    shot(page, "predict-after-wrong-option")
    choose(page, "Red, the start player")
    says(page, "Done", "Right: Red, the start player, begins the first turn.")
    press_button(page, "next")
    on_step(page, 4)
    times.append(("3 predict (a wrong option first)", time.monotonic() - t))

    # step 4, do: red plays the 3
    t = time.monotonic()
    click_target(page, "token:1")
    says(page, "Done", "The 3 gives you three actions this turn.")
    press_button(page, "next")
    on_step(page, 5)
    times.append(("4 do", time.monotonic() - t))

    # step 5, do: only the 4 is face up (a click on the face-down 3 is a trap)
    t = time.monotonic()
    click_target(page, "token:1")
    says(page, "Not allowed", "portobello.turn.flip")
    click_target(page, "token:2")
    says(page, "Done", "red plays the token 4")
    press_button(page, "next")
    on_step(page, 6)
    times.append(("5 do (a trap first)", time.monotonic() - t))

    # step 6, predict: the tokens turn face up again
    t = time.monotonic()
    choose(page, "All three tokens turn face up again")
    says(page, "Done")
    times.append(("6 predict", time.monotonic() - t))

    # the stars: in the strip (one button per step) and in the lesson picker
    strip = page.locator(".rx-lesson-strip button")
    expected = ["1 ★☆☆", "2 ★★☆", "3 ★★☆", "4 ★★★", "5 ★★★", "6 ★★★"]
    expect(strip).to_have_text(expected, timeout=ANSWER_TIMEOUT_MS)
    expect(page.locator(".rx-lesson-picker select option").first).to_contain_text("6 steps, 14/18 ★")
    expect(page.locator("button.rx-lesson-next")).to_have_text("Next lesson")
    # and the browser keeps them: {lesson id: stars per step}
    stored = page.evaluate("() => JSON.parse(localStorage.getItem('rules-explorer:lessons:portobello'))")
    assert stored["first-turn"] == [1, 2, 2, 3, 3, 3]
    shot(page, "lesson-done")

    print("\nPortobello lesson 1 in the browser, seconds per step:")
    for name, seconds in times:
        print(f"  {seconds:5.1f}  {name}")
    print(f"  {time.monotonic() - started:5.1f}  in all")
