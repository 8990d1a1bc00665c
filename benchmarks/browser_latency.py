"""Click-to-redraw latency of the four board views in the browser: Voila, headless Chromium, seeded clicks.

Run with ``make bench-browser`` (or ``python -m benchmarks.browser_latency [--clicks N] [--root DIR] [--game G]``).

For each game it opens a page with one board view (written to a temporary folder; every seat played by hand, so
the time is the click model's and the drawing's, not random players' turns; ``--page app`` opens the app with its
random players instead), waits for the board, then clicks ``--clicks`` lit items one after another (an item
outlined as a legal click, chosen by ``random.Random(seed)`` among those lit, so the same build replays the same
clicks), each at its centre as a user would. It times in the page, from the press of the mouse button to the end
of the board's next redraw (``data-revision`` grows), so the driver's own delays are left out, and prints the
median, 90th percentile and maximum per game, with the browser's own redraw time (``data-redraw-ms``) when the
build writes it.

``--root`` serves another checkout (e.g. an older commit in a git worktree) to measure "before" on the same
machine. Not part of ``make bench`` (it starts a server and a browser); not a test: it asserts nothing.
"""

from __future__ import annotations

import argparse
import os
import random
import socket
import statistics
import subprocess
import tempfile
import sys
import time
import urllib.request
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
CHROMIUM = "/usr/bin/chromium"
FLAGS = ["--no-sandbox", "--disable-gpu", "--disable-quic", "--disable-background-networking",
         "--disable-component-update", "--disable-sync", "--no-first-run"]
GAMES = ("bonfire", "flashpoint", "london1666", "portobello")
BOARD = "svg.rx-board"


def _free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


VIEWS = {
    "bonfire": ("widgets.bonfire.view", "BonfireView", '"bonfire", seed=7, options={"players": 3}'),
    "flashpoint": ("widgets.flashpoint.view", "FlashPointView", '"flashpoint", seed=11, options={"players": 3}'),
    "london1666": ("widgets.london1666.view", "LondonView", '"london1666", seed=1666, options={"players": 4}'),
    "portobello": ("widgets.portobello.view", "PortobelloView", '"portobello", seed=1, options={"players": 3}'),
}
"""The page of each game: one board view of a seeded game, every seat played by hand."""


def write_pages(root: Path, where: Path) -> None:
    """Write the latency pages into ``where``: ``<game>.ipynb`` with one board view, and ``app-<game>.ipynb``
    running the game's app notebook from ``root`` (so neither lies in the repository Voila serves in tests)."""
    import nbformat

    for game, (module, cls, record) in VIEWS.items():
        code = f"from explorer.core import Record\nfrom {module} import {cls}\n\n{cls}(Record({record}))"
        app = root / "notebooks" / game / "app.ipynb"
        for name, cells in ((game, [nbformat.v4.new_code_cell(code)]),
                            (f"app-{game}", nbformat.read(app, as_version=4).cells)):
            nb = nbformat.v4.new_notebook(cells=cells)
            nb.metadata["kernelspec"] = {"name": "python3", "display_name": "Python 3", "language": "python"}
            nbformat.write(nb, where / f"{name}.ipynb")


def start_voila(root: Path, pages: Path) -> tuple[subprocess.Popen, str]:
    """Voila serving ``pages`` with ``root`` on the kernels' path, on a free port; returns the process and its
    base URL once it answers."""
    port = _free_port()
    proc = subprocess.Popen([sys.executable, "-m", "voila", str(pages), f"--port={port}", "--no-browser",
                             "--Voila.ip=127.0.0.1", "--preheat_kernel=True", "--pool_size=1"],
                            stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, cwd=root,
                            env={**os.environ, "PYTHONPATH": str(root)})
    url = f"http://127.0.0.1:{port}"
    deadline = time.monotonic() + 90
    while time.monotonic() < deadline:
        try:
            with urllib.request.urlopen(url + "/", timeout=2):
                return proc, url
        except OSError:
            time.sleep(0.3)
    proc.kill()
    raise RuntimeError(f"Voila did not answer on {url}")


def lit_items(page) -> list[str]:
    """The ids of the board's shapes lit as legal clicks now, in document order."""
    return page.eval_on_selector_all(
        f"{BOARD} [data-id].rx-hl-legal",
        "els => els.filter(e => e.tagName !== 'text').map(e => e.getAttribute('data-id'))")


def click_and_time(page, target: str) -> tuple[float, float | None]:
    """Click ``target`` at its centre; return (seconds from the press of the mouse button to the end of the next
    redraw, both read in the page, so the driver's own delays are left out; the redraw's own ms or None)."""
    item = page.locator(f'{BOARD} [data-id="{target}"]').first
    item.scroll_into_view_if_needed()
    box = item.bounding_box()
    before = int(page.locator(BOARD).get_attribute("data-revision"))
    started = time.perf_counter()
    page.mouse.click(box["x"] + box["width"] / 2, box["y"] + box["height"] / 2)
    page.wait_for_function(f"() => Number(document.querySelector('{BOARD}').dataset.revision) > {before}",
                           timeout=30_000, polling="raf")
    elapsed = time.perf_counter() - started
    pressed, ended = page.evaluate("() => [window.__pressedAt, window.__redrawnAt]")
    if pressed is not None and ended is not None:  # in-page times: the driver's own delays left out
        elapsed = (ended - pressed) / 1000
    redraw = page.locator(BOARD).get_attribute("data-redraw-ms")
    return elapsed, float(redraw) if redraw else None


def measure(page, url: str, game: str, clicks: int, seed: int, where: str = "view") -> dict[str, float]:
    """Open ``game``'s page (``where``: ``"view"``, the board alone with every seat played by hand;
    ``"app"``: the app, random players included) and time ``clicks`` seeded
    clicks on lit items; return the figures (ms)."""
    path = f"{game}.ipynb" if where == "view" else f"app-{game}.ipynb"
    page.goto(f"{url}/voila/render/{path}", wait_until="commit", timeout=180_000)
    page.locator(f"{BOARD} [data-id]").first.wait_for(timeout=180_000)
    page.wait_for_timeout(1500)  # let the overlays' first drawing finish
    # in-page clocks, the same for any build of the view: the press of the button, and the end of the script that
    # redraws (a mutation observer runs once the redraw that set the board's data-revision has finished)
    page.evaluate("""() => {
      document.addEventListener('pointerdown', () => { window.__pressedAt = performance.now(); }, true);
      new MutationObserver(() => { window.__redrawnAt = performance.now(); })
        .observe(document.querySelector('svg.rx-board'), { attributes: true, attributeFilter: ['data-revision'] });
    }""")
    rng = random.Random(seed)
    times, redraws = [], []
    for _ in range(clicks):
        lit = lit_items(page)
        if not lit:
            break
        elapsed, redraw = click_and_time(page, rng.choice(lit))
        times.append(elapsed * 1000)
        if redraw is not None:
            redraws.append(redraw)
    times.sort()
    out = {"clicks": len(times), "median": statistics.median(times), "p90": times[int(0.9 * (len(times) - 1))],
           "max": times[-1]}
    if redraws:
        out["redraw median"] = statistics.median(redraws)
    return out


def main(argv: list[str] | None = None) -> None:
    """Measure every game (or ``--game``) and print one line each."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--clicks", type=int, default=40)
    parser.add_argument("--seed", type=int, default=17)
    parser.add_argument("--root", type=Path, default=ROOT)
    parser.add_argument("--game", choices=GAMES, action="append")
    parser.add_argument("--page", choices=("view", "app"), default="view")
    args = parser.parse_args(argv)
    from playwright.sync_api import sync_playwright

    pages = Path(tempfile.mkdtemp(prefix="latency-pages-"))
    write_pages(args.root.resolve(), pages)
    proc, url = start_voila(args.root.resolve(), pages)
    try:
        with sync_playwright() as p:
            browser = p.chromium.launch(executable_path=CHROMIUM, headless=True, args=FLAGS)
            for game in args.game or GAMES:
                page = browser.new_page(viewport={"width": 1280, "height": 900})
                figures = measure(page, url, game, args.clicks, args.seed, args.page)
                page.close()
                extra = f", browser redraw median {figures['redraw median']:.0f} ms" if "redraw median" in figures \
                    else ""
                print(f"{game}: {figures['clicks']} clicks, click-to-redraw median {figures['median']:.0f} ms, "
                      f"p90 {figures['p90']:.0f} ms, max {figures['max']:.0f} ms{extra}", flush=True)
            browser.close()
    finally:
        proc.terminate()
        proc.wait(timeout=15)


if __name__ == "__main__":
    main()
