"""Browser-test fixtures: a Voila server on a free localhost port, and headless Debian Chromium.

Voila serves the repository root, so the landing page is at ``/voila/render/notebooks/index.ipynb`` and the
test-only demo at ``/voila/render/tests/browser/demo_view.ipynb``. Screenshots go to ``artifacts/screenshots``
(git-ignored).
"""

from __future__ import annotations

import os
import socket
import subprocess
import sys
import time
import urllib.request
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
CHROMIUM = "/usr/bin/chromium"
CHROMIUM_FLAGS = ["--no-sandbox", "--disable-gpu", "--disable-quic", "--disable-background-networking",
                  "--disable-component-update", "--disable-sync", "--no-first-run"]
SCREENSHOTS = ROOT / "artifacts" / "screenshots"
STARTUP_TIMEOUT_S = 90


def _free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


@pytest.fixture(scope="session")
def voila_url():
    """Start Voila (through ``widgets.server``, as ``make run`` does) on the repository root on a free port; yield its
    base URL; stop it afterwards."""
    port = _free_port()
    log = (ROOT / "artifacts")
    log.mkdir(exist_ok=True)
    log_file = open(log / "voila-test.log", "w")
    proc = subprocess.Popen(
        [sys.executable, "-m", "widgets.server", str(ROOT), f"--port={port}", "--no-browser", "--Voila.ip=127.0.0.1",
         "--show_tracebacks=True", "--preheat_kernel=True", "--pool_size=1", "--VoilaExecutor.iopub_timeout=30"],
        stdout=log_file, stderr=subprocess.STDOUT, cwd=ROOT, env={**os.environ, "PYTHONUNBUFFERED": "1"})
    url = f"http://127.0.0.1:{port}"
    deadline = time.monotonic() + STARTUP_TIMEOUT_S
    try:
        while True:
            if proc.poll() is not None:
                raise RuntimeError(f"Voila exited with code {proc.returncode}; see artifacts/voila-test.log")
            try:
                with urllib.request.urlopen(url + "/", timeout=2) as response:
                    if response.status == 200:
                        break
            except OSError:
                pass
            if time.monotonic() > deadline:
                raise RuntimeError(f"Voila did not answer on {url} within {STARTUP_TIMEOUT_S} s")
            time.sleep(0.3)
        yield url
    finally:
        proc.terminate()
        try:
            proc.wait(timeout=15)
        except subprocess.TimeoutExpired:
            proc.kill()
        log_file.close()


@pytest.fixture(scope="session")
def browser():
    """Headless Debian Chromium driven by Playwright (never Playwright's own browser download)."""
    from playwright.sync_api import sync_playwright

    if not Path(CHROMIUM).exists():
        pytest.fail(f"{CHROMIUM} is missing: `make test` installs Debian's chromium package")
    with sync_playwright() as p:
        b = p.chromium.launch(executable_path=CHROMIUM, headless=True, args=CHROMIUM_FLAGS)
        yield b
        b.close()


@pytest.fixture
def page(browser):
    """A fresh page that collects console errors in ``page.console_errors``."""
    context = browser.new_context(viewport={"width": 1280, "height": 900})
    context.set_default_navigation_timeout(120_000)  # Voila renders the notebook before the page loads
    pg = context.new_page()
    pg.console_errors = []
    pg.on("console", lambda msg: pg.console_errors.append(msg.text) if msg.type == "error" else None)
    yield pg
    context.close()


def screenshot(page, name: str, *, full_page: bool = True) -> Path:
    """Save a screenshot (the full page, or what the window shows) under artifacts/screenshots; return its path."""
    SCREENSHOTS.mkdir(parents=True, exist_ok=True)
    path = SCREENSHOTS / f"{name}.png"
    page.screenshot(path=str(path), full_page=full_page)
    return path


# ---- driving a board view ---------------------------------------------------------------------------------------
BOARD = "svg.rx-board"
"""The board view's SVG element."""
CLICK_TIMEOUT_MS = 15_000
"""How long a click may take to redraw the board before a test fails."""


def revision(page) -> int:
    """The board's redraw counter (``data-revision``: it grows once per redraw)."""
    return int(page.locator(BOARD).get_attribute("data-revision"))


def wait_for_redraw(page, before: int) -> None:
    """Wait until the board has been redrawn since it showed revision ``before``."""
    page.wait_for_function(f"() => Number(document.querySelector('{BOARD}').dataset.revision) > {before}",
                           timeout=CLICK_TIMEOUT_MS)


def click_target(page, target: str) -> float:
    """Click the board item ``target`` (an item id: ``space:1,6``, ``island:mossbank``...) at its centre, as a user
    would, and wait for the redraw; return the click-to-redraw latency in seconds."""
    item = page.locator(f'{BOARD} [data-id="{target}"]').first
    item.scroll_into_view_if_needed()
    before = revision(page)
    box = item.bounding_box()
    started = time.monotonic()
    page.mouse.click(box["x"] + box["width"] / 2, box["y"] + box["height"] / 2)
    wait_for_redraw(page, before)
    return time.monotonic() - started


def lit(page, target: str) -> bool:
    """True if the board item ``target`` is outlined as a legal click."""
    return "rx-hl-legal" in (page.locator(f'{BOARD} [data-id="{target}"]').first.get_attribute("class") or "")


def status(page) -> str:
    """The status line above the view's controls."""
    return page.locator(".rx-status").inner_text()


# ---- the keyboard --------------------------------------------------------------------------------------------------
def focused_id(page) -> str | None:
    """The ``data-id`` of the board item that has the keyboard focus, or None."""
    return page.evaluate("() => document.activeElement && document.activeElement.getAttribute('data-id')")


def tab_to(page, target: str, limit: int = 3000) -> int:
    """Press Tab (only the keyboard) until the board item ``target`` has the focus; return the presses needed."""
    for presses in range(1, limit + 1):
        page.keyboard.press("Tab")
        if focused_id(page) == target:
            return presses
    raise AssertionError(f"{target!r} never got the focus in {limit} presses of Tab")


def press(page, key: str) -> None:
    """Press ``key`` and wait for the board's next redraw."""
    before = revision(page)
    page.keyboard.press(key)
    wait_for_redraw(page, before)


def live_text(page) -> str:
    """What the view's live region (read out by screen readers) says now."""
    return page.locator(".rx-live").text_content() or ""
