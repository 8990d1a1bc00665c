"""Each app's first screen in a 1400×1000 window, as a learner opens it (issue 18).

The board starts near the top of the page (the instructions are folded to one line), and after a click the
board refuses, the board and the bubble with the refusal are inside the window together (a wide board, which
takes the whole width and runs below the window, at least the clicked item and the bubble). Screenshots go to
``artifacts/screenshots/first-<game>.png`` and ``first-<game>-refusal.png``.
"""

from __future__ import annotations

import pytest

from .conftest import BOARD, screenshot, wait_for_redraw, revision

pytestmark = pytest.mark.browser

WINDOW = {"width": 1400, "height": 1000}
BOARD_TOP_PX = 320
"""The board's top edge lies at most this far down the page when the app opens."""


def inside(box: dict, height: float) -> bool:
    return box["y"] >= -1 and box["y"] + box["height"] <= height + 1


@pytest.mark.parametrize("game", ["london1666", "portobello", "flashpoint", "bonfire"])
def test_the_board_is_above_the_fold_and_a_refusal_shows_beside_it(browser, voila_url, game):
    context = browser.new_context(viewport=WINDOW)
    context.set_default_navigation_timeout(120_000)
    page = context.new_page()
    try:
        page.goto(f"{voila_url}/voila/render/notebooks/{game}/app.ipynb")
        board = page.locator(BOARD)
        page.locator(f"{BOARD} [data-id]").first.wait_for(timeout=120_000)
        top = page.evaluate(f"() => document.querySelector('{BOARD}').getBoundingClientRect().top + scrollY")
        assert top <= BOARD_TOP_PX, f"the board starts {top:.0f} px down the page"
        how = page.locator("details.rx-how")
        assert how.count() == 1 and not how.evaluate("d => d.open"), "the instructions are one folded line"
        screenshot(page, f"first-{game}", full_page=False)

        target = page.evaluate(f"""() => {{
            const els = [...document.querySelectorAll('{BOARD} .rx-clickable[data-id]')].filter(e =>
              !/rx-hl-/.test(e.getAttribute('class') || '') && !e.dataset.id.startsWith('btn:'));
            return els.length ? els[Math.floor(els.length / 2)].dataset.id : null; }}""")
        assert target, "some board item is not lit at the start"
        board.evaluate("e => e.scrollIntoView({block: 'start'})")
        before = revision(page)
        page.locator(f'{BOARD} [data-id="{target}"]').first.click(force=True)
        wait_for_redraw(page, before)
        toast = page.locator(".rx-toast")
        toast.wait_for(state="visible", timeout=15_000)
        assert toast.get_attribute("data-at") == target and toast.inner_text().strip()
        assert inside(toast.bounding_box(), WINDOW["height"])
        if page.locator(".rx-wide").count():  # a wide board (Bonfire) fills the width and may run below the window
            assert board.bounding_box()["width"] >= 0.9 * WINDOW["width"]
            clicked = page.locator(f'{BOARD} [data-id="{target}"]').first
            assert inside(clicked.bounding_box(), WINDOW["height"]), "the clicked item and its bubble are in view"
        else:
            assert inside(board.bounding_box(), WINDOW["height"])
        screenshot(page, f"first-{game}-refusal", full_page=False)
    finally:
        context.close()
