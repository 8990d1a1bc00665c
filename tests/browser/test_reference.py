"""London's rules reference in headless Chromium through Voila: the page opens on the rule its address names,
the search filters as one types (English and Portuguese words), picking a rule shows its entry, and its example
is played (or refused) on the board. Screenshots of a search in progress and of a rule's example go to
``/tmp/reference-shots`` (and ``artifacts/screenshots``)."""

from __future__ import annotations

import shutil
import time
from pathlib import Path

import pytest
from playwright.sync_api import expect

from .conftest import BOARD, screenshot

pytestmark = pytest.mark.browser

PAGE = "/voila/render/notebooks/london1666/rules.ipynb"
WIDGET_TIMEOUT_MS = 120_000
ANSWER_TIMEOUT_MS = 15_000
SHOTS = Path("/tmp/reference-shots")


def shot(page, name: str) -> Path:
    SHOTS.mkdir(parents=True, exist_ok=True)
    path = screenshot(page, f"reference-{name}", full_page=False)
    shutil.copy(path, SHOTS / f"{name}.png")
    return SHOTS / f"{name}.png"


def test_london_reference_search_and_example(page, voila_url):
    started = time.monotonic()
    page.goto(voila_url + PAGE + "?rule=london.fire.burn")
    entry = page.locator(".rx-ref-entry")
    expect(entry).to_contain_text("Houses burn", timeout=WIDGET_TIMEOUT_MS)  # the rule the address names
    page.locator(f'{BOARD} [data-id="d-st-mary"]').wait_for(timeout=WIDGET_TIMEOUT_MS)
    print(f"\nreference page ready in {time.monotonic() - started:.1f} s")

    search = page.locator(".rx-ref-search input")
    search.click()
    search.press_sequentially("grupo de bomb", delay=40)  # as one types
    options = page.locator(".rx-ref-results select option")
    expect(options).to_have_count(1, timeout=ANSWER_TIMEOUT_MS)  # every word of a two-word search must match
    expect(options.first).to_contain_text("Move a trained band")
    expect(entry).to_contain_text("Move a trained band")  # the entry follows the list
    shot(page, "search")

    search.fill("")
    search.press_sequentially("priority", delay=20)
    expect(options.first).to_contain_text("Fire goes where it does most harm", timeout=ANSWER_TIMEOUT_MS)
    page.locator(".rx-ref-results select").select_option(label="Fire goes where it does most harm · london.fire.priority")
    expect(entry).to_contain_text("Fire goes where it does most harm", timeout=ANSWER_TIMEOUT_MS)
    expect(entry).to_contain_text("lesson “Where the fire must go”")
    play = page.locator("button.rx-ref-play")
    expect(play).to_have_text("Try it", timeout=ANSWER_TIMEOUT_MS)
    play.click()
    expect(page.locator(".rx-ref-events")).to_contain_text("refused", timeout=ANSWER_TIMEOUT_MS)
    link = page.locator("a.rx-rule-link[data-rule='london.fire.priority']").first  # the board's refusal names it
    expect(link).to_have_attribute("href", "rules.ipynb?rule=london.fire.priority", timeout=ANSWER_TIMEOUT_MS)
    shot(page, "refusal-example")

    page.locator(".rx-ref-related button").first.click()  # a related rule: its entry and its example
    expect(entry).not_to_contain_text("Fire goes where it does most harm", timeout=ANSWER_TIMEOUT_MS)
    search.fill("")
    page.locator(".rx-ref-results select").select_option(label="Houses burn · london.fire.burn")
    expect(page.locator("button.rx-ref-play")).to_have_text("Play it", timeout=ANSWER_TIMEOUT_MS)
    page.locator("button.rx-ref-play").click()
    expect(page.locator(".rx-ref-events li.rx-cited").first).to_contain_text("burned", timeout=ANSWER_TIMEOUT_MS)
    shot(page, "event-example")
    print(f"reference test done in {time.monotonic() - started:.1f} s")
