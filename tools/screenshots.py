"""Screenshots of each app as a learner first sees it, and of one refused click per game (1400×1000 window).

Run with ``python tools/screenshots.py [--root DIR] [--out DIR] [--tag before]``: starts Voila on ``DIR``'s
``notebooks/`` (default: this checkout), opens each game's app in headless Chromium with a 1400×1000 window,
and saves ``<tag>-<game>-first.png`` (what the window shows once the board is drawn) and
``<tag>-<game>-refusal.png`` (after one click on a board item that is not lit, which the engine refuses).
It prints, per game, the seconds until the board was drawn, whether the board, its strip and the message were
inside the window together, and the message shown. Not a test: it asserts nothing (the browser tests do).
"""

from __future__ import annotations

import argparse
import json
import subprocess
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
CHROMIUM = "/usr/bin/chromium"
FLAGS = ["--no-sandbox", "--disable-gpu", "--disable-quic", "--disable-background-networking",
         "--disable-component-update", "--disable-sync", "--no-first-run"]
GAMES = ("london1666", "portobello", "flashpoint", "bonfire")
BOARD = "svg.rx-board"
WINDOW = {"width": 1400, "height": 1000}


def start_voila(root: Path) -> tuple[subprocess.Popen, str]:
    """Voila serving ``root/notebooks`` on a free port (the latency benchmark's server); returns the process and
    its URL once it answers."""
    sys.path.insert(0, str(ROOT))
    from benchmarks.browser_latency import start_voila as serve

    return serve(root, root / "notebooks")


def in_window(page, selector: str) -> bool | None:
    """True if the first element matching ``selector`` lies wholly inside the window; None if there is none."""
    return page.evaluate("""(sel) => { const e = document.querySelector(sel); if (!e) return null;
        const r = e.getBoundingClientRect(); return r.width > 0 && r.top >= 0 && r.bottom <= innerHeight
        && r.left >= 0 && r.right <= innerWidth; }""", selector)


def unlit_target(page) -> str | None:
    """A clickable board item that is not lit as a legal click (the engine should refuse it), or None."""
    return page.evaluate(f"""() => {{
        const els = [...document.querySelectorAll('{BOARD} .rx-clickable[data-id]')]
          .filter(e => !/rx-hl-/.test(e.getAttribute('class') || '') && !e.dataset.id.startsWith('btn:'));
        return els.length ? els[Math.floor(els.length / 2)].dataset.id : null; }}""")


def shoot(page, url: str, game: str, out: Path, tag: str) -> dict:
    """Open ``game``'s app, screenshot it, click one unlit item, screenshot again; return what was measured."""
    started = time.monotonic()
    page.goto(f"{url}/voila/render/{game}/app.ipynb", wait_until="commit", timeout=180_000)
    page.locator(f"{BOARD} [data-id]").first.wait_for(timeout=180_000)
    ready = time.monotonic() - started
    page.wait_for_timeout(2500)
    page.screenshot(path=str(out / f"{tag}-{game}-first.png"))
    result = {"game": game, "board_drawn_s": round(ready, 1), "board_in_window": in_window(page, BOARD)}
    target = unlit_target(page)
    result["clicked"] = target
    if target:
        item = page.locator(f'{BOARD} [data-id="{target}"]').first
        before = int(page.locator(BOARD).get_attribute("data-revision"))
        item.click(force=True)
        page.wait_for_function(f"() => Number(document.querySelector('{BOARD}').dataset.revision) > {before}",
                               timeout=30_000)
        page.wait_for_timeout(500)
        result["message"] = page.evaluate(
            "() => [...document.querySelectorAll('.rx-message-text, .rx-toast')].map(e => e.textContent)")
        result["message_in_window"] = (in_window(page, ".rx-toast") or in_window(page, ".rx-message"))
        result["board_in_window_after"] = in_window(page, BOARD)
        page.screenshot(path=str(out / f"{tag}-{game}-refusal.png"))
    return result


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--root", type=Path, default=ROOT)
    parser.add_argument("--out", type=Path, default=ROOT / "artifacts" / "screenshots")
    parser.add_argument("--tag", default="after")
    parser.add_argument("--game", action="append", choices=GAMES)
    args = parser.parse_args(argv)
    args.out.mkdir(parents=True, exist_ok=True)
    from playwright.sync_api import sync_playwright

    proc, url = start_voila(args.root.resolve())
    try:
        with sync_playwright() as p:
            browser = p.chromium.launch(executable_path=CHROMIUM, headless=True, args=FLAGS)
            for game in args.game or GAMES:
                context = browser.new_context(viewport=WINDOW)
                print(json.dumps(shoot(context.new_page(), url, game, args.out, args.tag)), flush=True)
                context.close()
            browser.close()
    finally:
        proc.terminate()


if __name__ == "__main__":
    main()
