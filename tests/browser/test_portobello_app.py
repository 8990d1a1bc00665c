"""The Portobello app in headless Chromium through Voila: render, play by clicks, an illegal click, undo."""

from __future__ import annotations

import re
import time

import pytest

from .conftest import (BOARD, click_target, focused_id, lit, live_text, press, revision, screenshot, tab_to,
                       wait_for_redraw)

pytestmark = pytest.mark.browser

APP = "/voila/render/notebooks/portobello/app.ipynb"
WIDGET_TIMEOUT_MS = 120_000





def test_portobello_app_plays_refuses_and_undoes(page, voila_url):
    started = time.monotonic()
    page.goto(voila_url + APP)
    page.locator(f'{BOARD} [data-id="district:d1"]').wait_for(timeout=WIDGET_TIMEOUT_MS)
    time_to_interactive = time.monotonic() - started
    # seed 7: green (a random player, the start player's right-hand neighbour) has put the bobby in d6
    assert page.locator(f"{BOARD} .district.d6.bobby").count() == 1
    assert re.match(r"Round 1: red chooses", page.locator(".rx-status").inner_text())
    assert page.locator('.rx-event-rule[data-rule="portobello.setup.bobby"]').count() == 1
    assert lit(page, "token:1")
    screenshot(page, "portobello-app-start")

    latencies = []
    # choose the token 3 (slot 1): three actions; the lanes around d6 (j, k, l) light up at both ends
    latencies.append(click_target(page, "token:1"))
    assert re.search(r"\b3 actions left", page.locator(".rx-status").inner_text())
    assert lit(page, "space:k:0") and lit(page, "space:l:4") and not lit(page, "space:c:0")
    # build on a lit space: lane k, space 0 (next to s4)
    latencies.append(click_target(page, "space:k:0"))
    assert page.locator(f"{BOARD} .space.k-0.built.red").count() == 1
    assert re.search(r"\b2 actions left", page.locator(".rx-status").inner_text())
    # the row continues from there: space 1 is lit now, space 5 (the far end) no longer
    assert lit(page, "space:k:1") and not lit(page, "space:k:5")
    screenshot(page, "portobello-app-built")

    # an illegal click: lane c does not bound d6, where the bobby stands
    latencies.append(click_target(page, "space:c:0"))
    message = page.locator(".rx-message-illegal")
    assert "lane c does not bound d6" in message.inner_text()
    assert page.locator(".rx-why").get_attribute("data-rule") == "portobello.build.bobby-district"
    assert page.locator(f"{BOARD} .space.c-0.free").count() == 1       # nothing changed
    assert page.locator(f"{BOARD} .space.k-0.built.red").count() == 1
    message.scroll_into_view_if_needed()
    screenshot(page, "portobello-app-illegal-click")

    # undo takes the stall back
    before = revision(page)
    page.locator("button.rx-undo").click()
    wait_for_redraw(page, before)
    assert page.locator(f"{BOARD} .space.k-0.free").count() == 1
    assert page.locator(f"{BOARD} .space.built").count() == 0
    screenshot(page, "portobello-app-after-undo")

    latencies.sort()
    print(f"\nPortobello app: time to interactive board {time_to_interactive:.1f} s; click-to-redraw latency "
          f"median {latencies[len(latencies) // 2] * 1000:.0f} ms, max {latencies[-1] * 1000:.0f} ms "
          f"over {len(latencies)} clicks")


def test_portobello_app_plays_a_move_and_gets_a_refusal_with_the_keyboard_alone(page, voila_url):
    page.goto(voila_url + APP)
    page.locator(f'{BOARD} [data-id="district:d1"]').wait_for(timeout=WIDGET_TIMEOUT_MS)
    assert page.locator(f'{BOARD} [data-id="token:1"]').get_attribute("role") == "button"
    tab_to(page, "token:1")
    screenshot(page, "portobello-keyboard-focus", full_page=False)
    press(page, "Enter")  # the token 3: three actions
    assert re.search(r"\b3 actions left", page.locator(".rx-status").inner_text())
    tab_to(page, "space:k:0")
    press(page, " ")  # a stall on lane k, space 0
    assert page.locator(f"{BOARD} .space.k-0.built.red").count() == 1
    tab_to(page, "space:c:0")  # lane c does not bound d6, where the bobby stands
    press(page, "Enter")
    assert "(portobello.build.bobby-district)" in live_text(page)
    assert page.locator(f"{BOARD} .space.c-0.free").count() == 1
    page.keyboard.press("ArrowDown")
    assert focused_id(page) not in (None, "space:c:0")
