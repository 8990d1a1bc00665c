"""The London app in headless Chromium through Voila: render, play by clicks, an illegal click, undo."""

from __future__ import annotations

import time

import pytest

from .conftest import focused_id, live_text, press, screenshot, tab_to

pytestmark = pytest.mark.browser

APP = "/voila/render/notebooks/london1666/app.ipynb"
WIDGET_TIMEOUT_MS = 120_000
CLICK_TIMEOUT_MS = 15_000

# JavaScript: the screen point of a district's name line (its polygon's centre, 12 map units up), so a click
# lands on the district as a user's would, not on a pawn or piece drawn inside it.
DISTRICT_POINT = """(id) => {
  const el = document.querySelector(`[data-id="${id}"]`);
  const pts = Array.from(el.points);
  const cx = pts.reduce((a, p) => a + p.x, 0) / pts.length;
  const cy = pts.reduce((a, p) => a + p.y, 0) / pts.length - 12;
  const m = el.ownerSVGElement.getScreenCTM();
  return [m.a * cx + m.c * cy + m.e, m.b * cx + m.d * cy + m.f];
}"""


def revision(page) -> int:
    return int(page.locator("svg.rx-board").get_attribute("data-revision"))


def click_target(page, target: str) -> float:
    """Click ``target`` (a district ``d-...`` or any other item) and wait for the redraw; return the latency."""
    page.locator(f'[data-id="{target}"]').scroll_into_view_if_needed()
    before = revision(page)
    started = time.monotonic()
    if target.startswith("d-"):
        x, y = page.evaluate(DISTRICT_POINT, target)
        page.mouse.click(x, y)
    else:
        box = page.locator(f'[data-id="{target}"]').bounding_box()
        page.mouse.click(box["x"] + box["width"] / 2, box["y"] + box["height"] / 2)
    page.wait_for_function(f"() => Number(document.querySelector('svg.rx-board').dataset.revision) > {before}",
                           timeout=CLICK_TIMEOUT_MS)
    return time.monotonic() - started


def test_london_app_plays_refuses_and_undoes(page, voila_url):
    started = time.monotonic()
    page.goto(voila_url + APP)
    page.locator('svg.rx-board [data-id="d-pudding-lane"]').wait_for(timeout=WIDGET_TIMEOUT_MS)
    time_to_interactive = time.monotonic() - started
    screenshot(page, "london-app-start")

    latencies = []
    # setup: our trained band in Moorgate, our pawn in Guild Hall (the random players place theirs at once)
    latencies.append(click_target(page, "d-moorgate"))
    latencies.append(click_target(page, "d-guild-hall"))
    assert page.locator(".rx-status").inner_text() == "blue to act"
    # spreading: a N card from Pudding Lane into St Mary
    for target in ["card-N", "d-pudding-lane", "d-st-mary"]:
        latencies.append(click_target(page, target))
    assert "burnt" in page.locator('[data-id="d-st-mary"]').get_attribute("class")
    assert page.locator('.rx-event-rule[data-rule="london.fire.burn"]').count() >= 1

    # moving a trained band by two clicks: Moorgate -> Coleman Street
    assert page.locator(".band.free.moorgate").count() == 1
    latencies.append(click_target(page, "d-moorgate"))
    latencies.append(click_target(page, "d-coleman-street"))
    assert page.locator(".band.free.coleman-street").count() == 1
    assert page.locator(".band.free.moorgate").count() == 0
    screenshot(page, "london-app-band-moved")

    # an illegal click: the pawn cannot jump to Aldgate
    latencies.append(click_target(page, "pawn-0"))
    latencies.append(click_target(page, "d-aldgate"))
    message = page.locator(".rx-message-illegal")
    assert "Aldgate is not next to Guild Hall" in message.inner_text()
    assert page.locator(".rx-why").get_attribute("data-rule") == "london.actions.move-pawn"
    assert page.locator(".band.free.coleman-street").count() == 1
    screenshot(page, "london-app-illegal-click")

    # undo restores the band to Moorgate
    before = revision(page)
    page.locator("button.rx-undo").click()
    page.wait_for_function(f"() => Number(document.querySelector('svg.rx-board').dataset.revision) > {before}",
                           timeout=CLICK_TIMEOUT_MS)
    assert page.locator(".band.free.moorgate").count() == 1
    assert page.locator(".band.free.coleman-street").count() == 0
    screenshot(page, "london-app-after-undo")

    # an overlay one click away
    page.get_by_role("button", name="Where can the fire go?").click()
    page.locator(".js-plotly-plot").first.wait_for(timeout=CLICK_TIMEOUT_MS * 2)
    screenshot(page, "london-app-fire-overlay")
    latencies.sort()
    print(f"\nLondon app: time to interactive board {time_to_interactive:.1f} s; click-to-redraw latency "
          f"median {latencies[len(latencies) // 2] * 1000:.0f} ms, max {latencies[-1] * 1000:.0f} ms "
          f"over {len(latencies)} clicks")


def test_london_app_plays_a_move_and_gets_a_refusal_with_the_keyboard_alone(page, voila_url):
    page.goto(voila_url + APP)
    page.locator('svg.rx-board [data-id="d-pudding-lane"]').wait_for(timeout=WIDGET_TIMEOUT_MS)
    assert page.locator('svg.rx-board [data-id="d-moorgate"]').get_attribute("role") == "button"
    tab_to(page, "d-moorgate")
    screenshot(page, "london-keyboard-focus", full_page=False)
    press(page, "Enter")  # our trained band in Moorgate
    tab_to(page, "d-guild-hall")
    press(page, " ")  # our pawn in Guild Hall; the random players place theirs at once
    assert page.locator(".rx-status").inner_text() == "blue to act"
    tab_to(page, "card-N")  # spreading: the N card, then where the cone goes from Pudding Lane
    press(page, "Enter")
    tab_to(page, "d-st-mary")
    press(page, "Enter")
    assert "burnt" in page.locator('[data-id="d-st-mary"]').get_attribute("class")
    tab_to(page, "pawn-0")  # the pawn cannot jump to Aldgate
    press(page, "Enter")
    tab_to(page, "d-aldgate")
    press(page, "Enter")
    assert "(london.actions.move-pawn)" in live_text(page)
    press(page, "Escape")
    page.keyboard.press("ArrowLeft")
    assert focused_id(page) not in (None, "d-aldgate")


def test_london_app_coach_hints_in_grades_and_compares_two_moves(page, voila_url):
    """The coach beside the board: Hint once lights where to act, twice names the move with its simulations and
    table; Compare moves draws two picked fire moves on the same luck."""
    page.goto(voila_url + APP)
    page.locator('svg.rx-board [data-id="d-pudding-lane"]').wait_for(timeout=WIDGET_TIMEOUT_MS)
    click_target(page, "d-moorgate")
    click_target(page, "d-guild-hall")
    assert page.locator(".rx-status").inner_text() == "blue to act"
    out = page.locator(".rx-coach-out")
    page.get_by_role("button", name="Hint").click()
    page.wait_for_function("() => (document.querySelector('.rx-coach-out') || {}).innerText?.includes('Hint 1 of 3')",
                           timeout=CLICK_TIMEOUT_MS * 2)
    assert "act with" in out.inner_text()
    page.get_by_role("button", name="Hint").click()
    page.wait_for_function("() => document.querySelector('.rx-coach-out').innerText.includes('Hint 2 of 3')",
                           timeout=CLICK_TIMEOUT_MS)
    text = out.inner_text()
    assert "simulations from what you can see" in text and "spread" in text
    assert page.locator("table.rx-coach").count() == 1
    screenshot(page, "london-app-hint")

    page.get_by_role("button", name="Compare moves").click()
    moves = page.locator("select[multiple]")
    moves.wait_for(timeout=CLICK_TIMEOUT_MS)
    options = moves.locator("option").all_inner_texts()
    assert len(options) >= 2 and all(o.startswith("spread") for o in options)
    moves.select_option(options[:2])
    page.get_by_role("button", name="Compare", exact=True).click()
    page.wait_for_function("() => document.querySelector('.rx-coach-out').innerText.includes('Compared on')",
                           timeout=CLICK_TIMEOUT_MS * 4)
    assert "has the best mean value" in out.inner_text()
    page.locator(".js-plotly-plot").first.wait_for(timeout=CLICK_TIMEOUT_MS * 2)
    screenshot(page, "london-app-compare")
