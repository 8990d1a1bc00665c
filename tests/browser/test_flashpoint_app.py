"""The Flash Point app in headless Chromium through Voila: render, a move by clicks, an illegal click, undo.

The app notebook's game: 3 firefighters, seed 7, Family, the front of the house; you play red, blue and green are
random players. Red starts on 0,6 (blue then starts on 0,9, green on 0,3); from there 1,6 is one step inside.
"""

from __future__ import annotations

import re
import time

import pytest

from .conftest import (BOARD, CLICK_TIMEOUT_MS, click_target, focused_id, lit, live_text, press, revision, screenshot,
                       status, tab_to, wait_for_redraw)

pytestmark = pytest.mark.browser

APP = "/voila/render/notebooks/flashpoint/app.ipynb"
WIDGET_TIMEOUT_MS = 120_000
OVERLAY_TIMEOUT_MS = 30_000






def labels(page) -> list[str]:
    """The highlight labels written on the board (the AP costs)."""
    return page.locator(f"{BOARD} .rx-hl-label").all_text_contents()


def pawn_on(page, colour: str, space: str) -> bool:
    """True if the firefighter's pawn is drawn inside the space's square."""
    pawn = page.locator(f'{BOARD} [data-id="ff:{colour}"]').bounding_box()
    square = page.locator(f'{BOARD} [data-id="space:{space}"]').bounding_box()
    x, y = pawn["x"] + pawn["width"] / 2, pawn["y"] + pawn["height"] / 2
    return square["x"] <= x <= square["x"] + square["width"] and square["y"] <= y <= square["y"] + square["height"]



def test_flashpoint_app_plays_refuses_and_undoes(page, voila_url):
    started = time.monotonic()
    page.goto(voila_url + APP)
    page.locator(f'{BOARD} [data-id="space:0,6"]').wait_for(timeout=WIDGET_TIMEOUT_MS)
    time_to_interactive = time.monotonic() - started
    assert status(page).startswith("Set-up: red starts on a space outside")
    assert page.locator(f"{BOARD} .space.outside").count() == 32 and lit(page, "space:0,6")
    assert not lit(page, "space:2,4")  # inside the building
    assert page.locator(f"{BOARD} .marker.fire").count() == 10  # the Family game's printed fire
    # the overlay tabs render a Plotly figure (voila issue 1533 is about FigureWidgets in tabs)
    overlay = page.locator(".js-plotly-plot").first
    overlay.wait_for(timeout=OVERLAY_TIMEOUT_MS)
    assert "none is next" in page.locator(".js-plotly-plot .gtitle").first.text_content()
    screenshot(page, "flashpoint-app-start")

    latencies = []
    # set-up: red starts on 0,6; blue and green (random players) start at once
    latencies.append(click_target(page, "space:0,6"))
    assert re.match(r"red \(Firefighter\) to act: 4 AP", status(page))
    assert pawn_on(page, "red", "0,6") and pawn_on(page, "blue", "0,9") and pawn_on(page, "green", "0,3")
    assert lit(page, "space:1,6") and lit(page, "space:0,5") and lit(page, "space:0,7")
    assert labels(page).count("1 AP") == 3 and "keeps 4 AP" in labels(page)
    # a move by clicks: the lit space 1,6, one step inside, for 1 AP
    latencies.append(click_target(page, "space:1,6"))
    assert re.match(r"red \(Firefighter\) to act: 3 AP", status(page))
    assert pawn_on(page, "red", "1,6") and lit(page, "space:2,6") and lit(page, "edge:1,5|1,6")
    assert "2 AP" in labels(page)  # chopping the wall
    screenshot(page, "flashpoint-app-moved")

    # an illegal click: 3,6 is two spaces away
    latencies.append(click_target(page, "space:3,6"))
    message = page.locator(".rx-message-illegal")
    assert "row 3, column 6 is not next to row 1, column 6, where red stands" in message.inner_text()
    assert page.locator(".rx-why").get_attribute("data-rule") == "flashpoint.move.adjacent"
    assert pawn_on(page, "red", "1,6") and re.match(r"red \(Firefighter\) to act: 3 AP", status(page))
    message.scroll_into_view_if_needed()
    screenshot(page, "flashpoint-app-illegal-click")

    # undo takes the move back
    before = revision(page)
    page.locator("button.rx-undo").click()
    wait_for_redraw(page, before)
    assert re.match(r"red \(Firefighter\) to act: 4 AP", status(page))
    assert pawn_on(page, "red", "0,6") and lit(page, "space:1,6")
    screenshot(page, "flashpoint-app-after-undo")

    # the overlay follows on demand: Redraw draws the exact fire risk of this position
    started = time.monotonic()
    page.get_by_role("button", name="Redraw").click()
    page.wait_for_function("() => [...document.querySelectorAll('.js-plotly-plot .gtitle')].some("
                           "t => t.textContent.includes('exact over 48 branches'))", timeout=OVERLAY_TIMEOUT_MS)
    overlay_redraw = time.monotonic() - started
    screenshot(page, "flashpoint-app-fire-risk")

    # the form (folded under "New game: …" above the board): an Extreme Danger building in the Experienced game
    # draws its three floors side by side
    page.get_by_text("New game: players, seed, options").click()
    page.locator(".widget-dropdown:has(label:text-is('Building')) select").select_option(
        label="Laboratory with Attic (Extreme Danger)")
    page.get_by_role("button", name="Experienced").click()
    before = revision(page)
    page.get_by_role("button", name="New game").click()
    page.wait_for_function(f"() => Number(document.querySelector('{BOARD}')?.dataset.revision) !== {before}",
                           timeout=CLICK_TIMEOUT_MS)
    page.locator(f'{BOARD} [data-id="space:attic:1,1"]').wait_for(timeout=CLICK_TIMEOUT_MS)
    floors = page.eval_on_selector_all(f"{BOARD} .floor-label", "els => els.map(e => e.firstChild.nodeValue)")
    assert floors == ["Ground floor", "Second storey", "Attic"]
    assert status(page).startswith("Set-up: red parks a vehicle")
    screenshot(page, "flashpoint-app-laboratory-attic")

    latencies.sort()
    print(f"\nFlash Point app: time to interactive board {time_to_interactive:.1f} s; click-to-redraw latency "
          f"median {latencies[len(latencies) // 2] * 1000:.0f} ms, max {latencies[-1] * 1000:.0f} ms "
          f"over {len(latencies)} clicks; fire-risk overlay redraw {overlay_redraw * 1000:.0f} ms")


def test_flashpoint_app_plays_a_move_and_gets_a_refusal_with_the_keyboard_alone(page, voila_url):
    page.goto(voila_url + APP)
    page.locator(f'{BOARD} [data-id="space:0,6"]').wait_for(timeout=WIDGET_TIMEOUT_MS)
    assert page.locator(f'{BOARD} [data-id="space:0,6"]').get_attribute("role") == "button"
    tab_to(page, "space:0,6")
    press(page, "Enter")  # red starts on 0,6
    assert re.match(r"red \(Firefighter\) to act: 4 AP", status(page))
    tab_to(page, "space:1,6")
    screenshot(page, "flashpoint-keyboard-focus", full_page=False)
    press(page, " ")  # one step inside for 1 AP
    assert re.match(r"red \(Firefighter\) to act: 3 AP", status(page)) and pawn_on(page, "red", "1,6")
    assert focused_id(page) == "space:1,6"  # the focus stays on the item after the redraw
    tab_to(page, "space:3,6")  # two spaces away: refused
    press(page, "Enter")
    assert "(flashpoint.move.adjacent)" in live_text(page)
    assert re.match(r"red \(Firefighter\) to act: 3 AP", status(page))
    page.keyboard.press("ArrowUp")  # the arrows go to the nearest item above
    assert focused_id(page) not in (None, "space:3,6")
