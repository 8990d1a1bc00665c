"""The Bonfire app in headless Chromium through Voila: render, the starting tile, a paid action by clicks, an
illegal click with its rule, undo, and the overlays.

The app notebook's game: 3 players, seed 7; you play orange, green and black are random players. Green starts:
green and black choose their starting fate tile at once, then orange's choice waits for a button. Orange then holds
a path, a gnome and 3 yellow tiles: the 4 path tiles on display cost 1 path tile each, as does the top tile of the
path pile, and every island costs 1 boat tile, paid with a substitute.
"""

from __future__ import annotations

import time

import pytest

from .conftest import (BOARD, click_target, focused_id, lit, live_text, press, revision, screenshot, status, tab_to,
                       wait_for_redraw)

pytestmark = pytest.mark.browser

APP = "/voila/render/notebooks/bonfire/app.ipynb"
WIDGET_TIMEOUT_MS = 120_000
OVERLAY_TIMEOUT_MS = 30_000





def classes(page, target: str) -> str:
    return page.locator(f'{BOARD} [data-id="{target}"]').first.get_attribute("class") or ""



def test_bonfire_app_plays_refuses_and_undoes(page, voila_url):
    started = time.monotonic()
    page.goto(voila_url + APP)
    page.locator(f'{BOARD} [data-id="island:mossbank"]').wait_for(timeout=WIDGET_TIMEOUT_MS)
    time_to_interactive = time.monotonic() - started
    assert status(page).startswith("Orange chooses the starting fate tile")
    assert page.locator(f"{BOARD} .fate-square").count() == 3 * 25  # three players' 5 x 5 fate areas
    assert lit(page, "btn:do:start-tile spare") and lit(page, "btn:do:start-tile swap")
    assert not lit(page, "island:mossbank")
    overlay = page.locator(".js-plotly-plot").first
    overlay.wait_for(timeout=OVERLAY_TIMEOUT_MS)
    assert "orange's fate area" in page.locator(".js-plotly-plot .gtitle").first.text_content()
    screenshot(page, "bonfire-app-start")

    latencies = [click_target(page, "btn:do:start-tile spare")]
    assert status(page).startswith("Orange to act: place a fate tile, take an action, or light a bonfire")
    assert lit(page, "island:mossbank") and lit(page, "path-display:0")
    labels = page.locator(f"{BOARD} .rx-hl-label").all_text_contents()
    # islands, Great Bonfire; the 4 path tiles on display and the top of the path pile
    assert labels.count("1 tile ⇄") == 14 + 7 and labels.count("1 tile") == 4 + 1
    screenshot(page, "bonfire-app-orange-to-act")

    # an illegal click: bonfire 3 holds no task disc
    latencies.append(click_target(page, "p0:bonfire:3"))
    message = page.locator(".rx-message-illegal")
    assert page.locator(".rx-why").get_attribute("data-rule") == "bonfire.ignite.when"
    assert status(page).startswith("Orange to act")
    note = page.locator(f"{BOARD} .note-text").first  # the refusal is written in the board's strip too
    note.scroll_into_view_if_needed()
    assert "(bonfire.ignite.when)" in "".join(page.locator(f"{BOARD} .note-text").all_text_contents())
    screenshot(page, "bonfire-app-illegal-click", full_page=False)
    message.scroll_into_view_if_needed()

    # a paid action by one click: the path tile on display slot 0 goes onto orange's path
    assert "built" not in classes(page, "p0:path:1").split()
    latencies.append(click_target(page, "path-display:0"))
    assert "built" in classes(page, "p0:path:1").split()
    assert status(page).startswith("Orange to act")  # green's and black's turns followed at once
    screenshot(page, "bonfire-app-path-built")

    # undo takes orange's path back (and the random players' turns after it)
    before = revision(page)
    page.locator("button.rx-undo").click()
    wait_for_redraw(page, before)
    assert "built" not in classes(page, "p0:path:1").split() and lit(page, "path-display:0")

    # the score overlay: each player's score if the game ended now
    started = time.monotonic()
    page.get_by_role("tab", name="Score if it ended now").click()
    page.wait_for_function("() => [...document.querySelectorAll('.js-plotly-plot .gtitle')].some("
                           "t => t.textContent.includes(\"score if the game ended now\"))", timeout=OVERLAY_TIMEOUT_MS)
    overlay_draw = time.monotonic() - started
    screenshot(page, "bonfire-app-score-now")
    # no widget failed to load (offline, the page's requests to outside hosts fail: not errors of ours)
    assert not [e for e in page.console_errors if "ERR_NAME_NOT_RESOLVED" not in e], page.console_errors

    latencies.sort()
    print(f"\nBonfire app: time to interactive board {time_to_interactive:.1f} s; click-to-redraw latency "
          f"median {latencies[len(latencies) // 2] * 1000:.0f} ms, max {latencies[-1] * 1000:.0f} ms "
          f"over {len(latencies)} clicks; score overlay drawn in {overlay_draw * 1000:.0f} ms")


def test_bonfire_app_plays_a_move_and_gets_a_refusal_with_the_keyboard_alone(page, voila_url):
    page.goto(voila_url + APP)
    page.locator(f'{BOARD} [data-id="island:mossbank"]').wait_for(timeout=WIDGET_TIMEOUT_MS)
    item = f'{BOARD} [data-id="btn:do:start-tile spare"]'
    assert page.locator(item).get_attribute("role") == "button"
    assert page.locator(item).get_attribute("aria-label").startswith("Keep the spare — the fate tile (")  # its hover text
    tab_to(page, "btn:do:start-tile spare")
    screenshot(page, "bonfire-keyboard-focus", full_page=False)
    press(page, "Enter")
    assert status(page).startswith("Orange to act")
    tab_to(page, "p0:bonfire:3")  # no task disc on it: lighting it is refused
    press(page, " ")
    assert "(bonfire.ignite.when)" in live_text(page)
    assert status(page).startswith("Orange to act")
    tab_to(page, "gb:west")  # a Great Bonfire space: several reward pairs, offered as choice buttons
    press(page, "Enter")
    assert "rx-hl-selected" in classes(page, "gb:west") and lit(page, "btn:choose:0")
    page.keyboard.press("ArrowRight")  # the arrows move the focus to the nearest item that way
    assert focused_id(page) not in (None, "gb:west")
    press(page, "Escape")
    assert lit(page, "gb:west") and "Selection cleared" in live_text(page)
