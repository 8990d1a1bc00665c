"""The first page of a server that just started (issue 20): time to interactive from ``make run``.

The server is started exactly as a visitor starts it, ``make run`` (same command line and ``voila.json``), on a
free port. The test opens the landing page as soon as ``make run`` has printed its address, waits until it is
interactive (the four game cards and their links; their pictures and the status table are checked after), then
opens each app in turn and waits until its board is drawn. It prints a table of the times; it asserts only that
every page becomes interactive (the project's rule: speed is measured and reported, never asserted). ``-s``
shows the table; it is also written to ``artifacts/cold-start.txt``.

``RX_COLD_START_EXTRA=1`` also times a few pages that are not pre-started (lessons, a tutorial, rules reference);
``RX_COLD_START_PAUSE=5`` waits 5 s after each page before opening the next, as a visitor reading it would (by
default the pages are opened one right after the other, the hardest case: each page used up a pre-started kernel,
and Voila starts its replacement a second later, while the next page loads).
"""

from __future__ import annotations

import os
import re
import signal
import socket
import subprocess
import time
from pathlib import Path

import pytest

from .conftest import BOARD, ROOT, _free_port, screenshot

pytestmark = pytest.mark.browser

GAMES = ("london1666", "portobello", "flashpoint", "bonfire")
PAGE_TIMEOUT_MS = 120_000
PAUSE_S = float(os.environ.get("RX_COLD_START_PAUSE", "0"))
"""Seconds between one page being interactive and the next being opened (0: at once, the hardest case)."""
EXTRA_PAGES = ("london1666/lessons.ipynb", "portobello/01_setup.ipynb", "flashpoint/rules.ipynb")


def _wait_for_address(proc: subprocess.Popen, log: Path, timeout: float = 120) -> tuple[str, float]:
    """Wait until ``make run`` has printed its address; return it and the moment it was printed."""
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        match = re.search(r"http://\S+/voila/render/index\.ipynb", log.read_text())
        if match:
            return match.group(0), time.monotonic()
        if proc.poll() is not None:
            raise RuntimeError(f"make run exited with code {proc.returncode}:\n{log.read_text()}")
        time.sleep(0.02)
    raise RuntimeError(f"make run printed no address within {timeout} s:\n{log.read_text()}")


def _wait_for_port(port: int, proc: subprocess.Popen, log: Path, timeout: float = 120) -> None:
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        with socket.socket() as s:
            if s.connect_ex(("127.0.0.1", port)) == 0:
                return
        if proc.poll() is not None:
            raise RuntimeError(f"make run exited with code {proc.returncode}:\n{log.read_text()}")
        time.sleep(0.05)
    raise RuntimeError(f"nothing listens on port {port} after {timeout} s:\n{log.read_text()}")


@pytest.fixture
def make_run():
    """``make run`` on a free port, in its own process group (stopped as a whole afterwards)."""
    port = _free_port()
    artifacts = ROOT / "artifacts"
    artifacts.mkdir(exist_ok=True)
    log = artifacts / "make-run-cold-start.log"
    with open(log, "w") as out:
        proc = subprocess.Popen(["make", "--no-print-directory", "run", f"PORT={port}"], cwd=ROOT, stdout=out,
                                stderr=subprocess.STDOUT, start_new_session=True,
                                env={**os.environ, "PYTHONUNBUFFERED": "1"})
    started = time.monotonic()
    try:
        yield proc, port, log, started
    finally:
        os.killpg(proc.pid, signal.SIGTERM)
        try:
            proc.wait(timeout=20)
        except subprocess.TimeoutExpired:
            os.killpg(proc.pid, signal.SIGKILL)
            proc.wait()


def _landing_interactive(page) -> None:
    """The landing page is interactive: its four game cards are there with their links."""
    page.wait_for_function(
        """() => document.querySelectorAll('.rx-game').length >= 4
                 && document.querySelectorAll('.rx-game a.rx-game-link').length >= 4 * 6""", timeout=PAGE_TIMEOUT_MS)


def _app_interactive(page) -> None:
    """An app (or lessons page) is interactive: its board view has drawn its items."""
    page.locator(f"{BOARD} [data-id]").first.wait_for(timeout=PAGE_TIMEOUT_MS)


def _page_rendered(page) -> None:
    """A tutorial or reference page: Voila has sent its outputs."""
    page.locator(".jp-OutputArea-output").first.wait_for(timeout=PAGE_TIMEOUT_MS)


def _timed(context, url: str, ready, name: str, inspect=None) -> tuple[float | None, float, str]:
    """Open ``url`` in a new page and wait until ``ready(page)``, then call ``inspect(page)``; return the seconds
    it took (None: never), the moment it was ready (or given up) and a note: when Voila had sent the whole page
    (it runs a notebook that has no pre-started kernel before it answers), or the error."""
    page = context.new_page()
    opened = time.monotonic()
    try:
        page.goto(url, wait_until="commit")
        ready(page)
        done = time.monotonic()
        sent = page.evaluate("() => performance.getEntriesByType('navigation')[0].responseEnd / 1000")
        if inspect:
            inspect(page)
        return done - opened, done, f"page sent after {sent:.1f} s"
    except Exception as err:  # noqa: BLE001 - reported in the table, then asserted
        done = time.monotonic()
        screenshot(page, f"cold-start-{name.replace('/', '-')}-failed")
        return None, done, f"{type(err).__name__}: {str(err).splitlines()[0]}"
    finally:
        page.close()


def test_cold_server_landing_page_then_each_app(browser, make_run):
    proc, port, log, started = make_run
    address, printed = _wait_for_address(proc, log)
    assert f":{port}/" in address  # the printed address names localhost; only the port is ours to choose
    base = f"http://127.0.0.1:{port}"
    _wait_for_port(port, proc, log)
    listening = time.monotonic()

    context = browser.new_context(viewport={"width": 1400, "height": 1000})
    context.set_default_navigation_timeout(PAGE_TIMEOUT_MS)
    rows: list[tuple[str, float | None, float, str]] = []  # page, s after it was opened, s after the address
    try:
        # The visitor asks for the landing page as the address appears; the port opens a little later, so its
        # time is counted from the address.
        seen = {}

        def inspect(landing) -> None:
            seen["hrefs"] = landing.eval_on_selector_all(".rx-game a.rx-game-link",
                                                         "els => els.map(e => e.getAttribute('href'))")
            seen["thumbnails"] = landing.locator(".rx-game .rx-thumb svg").count()
            seen["plain text"] = landing.locator(".jp-OutputArea-output pre").count()
            seen["status rows"] = landing.locator("table.rx-status tr[data-game]").count()
            screenshot(landing, "cold-start-landing")

        seconds, done, note = _timed(context, f"{base}/voila/render/index.ipynb", _landing_interactive, "index",
                                      inspect)
        rows.append(("landing page (index.ipynb)", seconds and done - printed, done - printed, note))

        pages = [(f"{game}/app.ipynb", _app_interactive) for game in GAMES]
        if os.environ.get("RX_COLD_START_EXTRA"):
            pages += [(path, _app_interactive if path.endswith("lessons.ipynb") else _page_rendered)
                      for path in EXTRA_PAGES]
        for path, ready in pages:
            time.sleep(PAUSE_S)
            seconds, done, note = _timed(context, f"{base}/voila/render/{path}", ready, path)
            rows.append((path, seconds, done - printed, note))
    finally:
        context.close()

    load = os.getloadavg()
    lines = [f"cold start of `make run` ({os.cpu_count()} cores, load average {load[0]:.1f} / {load[1]:.1f} / "
             f"{load[2]:.1f}); address printed {printed - started:.1f} s after `make run` started, port open "
             f"{listening - printed:.1f} s after that; "
             f"{PAUSE_S:g} s between pages",
             f"{'page':34} {'interactive after opening':>26} {'done, after the address':>24}"]
    lines += [f"{name:34} {'never' if s is None else f'{s:.1f} s':>26} {at:>22.1f} s   {note}"
              for name, s, at, note in rows]
    table = "\n".join(lines)
    (ROOT / "artifacts" / "cold-start.txt").write_text(table + "\n")
    print("\n" + table)

    assert all(s is not None for _, s, _, _ in rows), "some page never became interactive:\n" + table
    for game in GAMES:  # Learn to play first, the tutorials, the app and the rules reference
        for page_ in ("lessons", "app", "rules"):
            assert f"{game}/{page_}.ipynb" in seen["hrefs"]
    assert seen["thumbnails"] == len(GAMES), "each game card shows a picture of its board"
    assert seen["plain text"] == 0, "the landing page shows no plain-text (debug) output"
    assert seen["status rows"] == len(GAMES), "the status of each game is a table on the page"
