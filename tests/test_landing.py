"""The landing page (widgets.landing, notebooks/index.ipynb) and the server `make run` opens it on."""

import json
import re
import shutil
import subprocess
import sys
from html import escape
from pathlib import Path

import pytest

from explorer.core import GAMES, GameInfo
from widgets.landing import board_thumbnail, game_status, games_table_html, page_kind, status_table_html

ROOT = Path(__file__).resolve().parents[1]
SHIPPED = ("london1666", "portobello", "flashpoint", "bonfire")

READY = GameInfo("toy", "Stony tic-tac-toe", "tests", "tests/toygame.py", "toygame", "A <tiny> game.",
                 (("toy/01_setup.ipynb", "1. Setup"), ("toy/app.ipynb", "Play (app)")))
NOT_READY = GameInfo("ghost", "Ghost", "nobody", "none", "explorer.ghost", "Not written.",
                     (("ghost/app.ipynb", "Play (app)"),))


def test_status_follows_engine_and_app_notebook(tmp_path):
    assert game_status(NOT_READY, tmp_path) == "in preparation"
    assert game_status(READY, tmp_path) == "engine only"
    (tmp_path / "toy").mkdir()
    (tmp_path / "toy" / "app.ipynb").write_text("{}")
    assert game_status(READY, tmp_path) == "ready"


def test_cards_link_only_to_notebooks_that_exist_with_relative_hrefs(tmp_path):
    (tmp_path / "toy").mkdir()
    (tmp_path / "toy" / "app.ipynb").write_text("{}")
    (tmp_path / "ghost").mkdir()
    (tmp_path / "ghost" / "app.ipynb").write_text("{}")
    html = games_table_html({"toy": READY, "ghost": NOT_READY}, tmp_path)
    assert '<a class="rx-game-link" href="toy/app.ipynb" target="_self">Play (app)</a>' in html
    assert html.count('target="_self"') == html.count("<a ") == 1  # same tab: the renderer would pick a new one
    assert "toy/01_setup.ipynb" not in html          # not written yet: no dead link
    assert "ghost/app.ipynb" not in html             # engine missing: no link at all
    assert 'data-game="ghost" data-status="in preparation"' in html
    assert "A &lt;tiny&gt; game." in html            # text is escaped
    assert html.count('class="rx-game"') == 2


def test_default_lists_the_shipped_games():
    html = games_table_html(notebooks_dir="notebooks")
    for key in ("london1666", "portobello", "flashpoint", "bonfire"):
        assert f'data-game="{key}"' in html


def test_learn_to_play_comes_first_on_each_card():
    html = games_table_html(notebooks_dir="notebooks")
    for key in ("london1666", "portobello", "flashpoint", "bonfire"):
        lessons = f'<a class="rx-game-link" href="{key}/lessons.ipynb" target="_self">Learn to play</a>'
        assert lessons in html and html.index(lessons) < html.index(f"{key}/01_setup.ipynb")


# ---- the board pictures and the status block ---------------------------------------------------------------------
@pytest.mark.parametrize("key", SHIPPED)
def test_each_game_has_a_small_static_picture_of_its_board(key):
    svg = board_thumbnail(key)
    assert svg.startswith("<svg ") and svg.endswith("</svg>")
    assert 'width="300"' in svg and "viewBox=" in svg           # scaled down, the height follows the board
    assert "data-id=" not in svg and "<title>" not in svg        # a picture, not the interactive board
    assert "<text" not in svg                                    # words that small cannot be read
    assert 'role="img"' in svg and f'aria-label="The board of {escape(GAMES[key].title)}' in svg
    assert board_thumbnail(key) == svg                           # seeded: the same picture every time


def test_a_game_without_a_scene_has_no_picture_and_its_card_still_shows():
    assert board_thumbnail("toy") is None
    html = games_table_html({"toy": READY}, ".")
    assert 'class="rx-thumb"' in html and "no picture yet" in html


def test_shipped_cards_show_the_picture_then_learn_to_play_tutorials_app_and_rules_reference():
    html = games_table_html(notebooks_dir=ROOT / "notebooks")
    for key in SHIPPED:
        card = html[html.index(f'data-game="{key}"'):]
        card = card[:card.index('<div class="rx-game" ') if '<div class="rx-game" ' in card else len(card)]
        assert card.index('<svg role="img"') < card.index("rx-game-title")
        hrefs = re.findall(r'class="rx-game-link" href="([^"]+)"', card)
        assert hrefs[0] == f"{key}/lessons.ipynb"
        assert [page_kind(h) for h in hrefs].count("tutorial") == 3
        assert f"{key}/app.ipynb" in hrefs and f"{key}/rules.ipynb" in hrefs
        assert 'target="_self">Rules reference</a>' in card


def test_status_block_is_an_html_table_of_each_game():
    html = status_table_html(notebooks_dir=ROOT / "notebooks")
    assert html.count("<tr data-game=") == len(GAMES)
    for key in SHIPPED:
        row = re.search(rf'<tr data-game="{key}">(.*?)</tr>', html).group(1)
        assert "rx-badge-ready" in row and "not yet" not in row


def test_the_landing_notebook_prints_no_plain_text():
    nb = json.loads((ROOT / "notebooks" / "index.ipynb").read_text())
    code = "".join("".join(c["source"]) for c in nb["cells"] if c["cell_type"] == "code")
    assert "print(" not in code and "status_table_html" in code and "games_table_html" in code


# ---- the server that opens on it: `make run` ------------------------------------------------------------------------
def test_voila_pre_starts_only_the_landing_page_and_each_app():
    config = json.loads((ROOT / "notebooks" / "voila.json").read_text())
    assert config["VoilaConfiguration"]["preheat_kernel"] is True
    pools = config["VoilaKernelManager"]["kernel_pools_config"]
    apps = {path for info in GAMES.values() for path, _ in info.notebooks if page_kind(path) == "app"}
    assert pools.pop("default") == {"pool_size": 0}                 # every other page starts its kernel on demand
    assert set(pools) == {"index.ipynb"} | apps
    assert all(pool == {"pool_size": 1} for pool in pools.values())
    for name in pools:
        assert (ROOT / "notebooks" / name).exists()


def _make_run(*args: str) -> str:
    if shutil.which("make") is None:
        pytest.skip("make is not installed")
    return subprocess.run(["make", "-n", "--no-print-directory", "run", *args], cwd=ROOT, capture_output=True,
                          text=True, check=True).stdout


def test_make_run_listens_on_localhost_without_tracebacks_unless_asked():
    default = _make_run()
    assert "cd notebooks && ../.venv/bin/python -m widgets.server" in default  # Voila, reading notebooks/voila.json
    assert "--Voila.ip=127.0.0.1" in default and "--show_tracebacks=False" in default
    assert "--pool_size" not in default and "--preheat_kernel" not in default  # the pools live in voila.json
    shared = _make_run("IP=0.0.0.0", "DEBUG=1")
    assert "--Voila.ip=0.0.0.0" in shared and "--show_tracebacks=True" in shared


def test_voila_starts_the_landing_page_first_then_the_apps_one_at_a_time_in_the_pages_order(monkeypatch):
    import asyncio

    from jupyter_server.services.kernels.kernelmanager import AsyncMappingKernelManager

    import widgets.server as server

    games = ("london1666", "portobello", "flashpoint", "bonfire")  # the landing page's order
    config = json.loads((ROOT / "notebooks" / "voila.json").read_text())
    assert config["VoilaConfiguration"]["multi_kernel_manager_class"] == "widgets.server.LandingFirstKernelManager"
    pools = list(config["VoilaKernelManager"]["kernel_pools_config"])
    assert pools[1:] == ["index.ipynb"] + [f"{game}/app.ipynb" for game in games]  # after "default"
    manager_class = server.LandingFirstKernelManager
    assert issubclass(manager_class, AsyncMappingKernelManager)
    started = []

    async def fake_start(self, *args, **kwargs):
        started.append(kwargs.get("path"))
        return f"kernel-{len(started)}"

    monkeypatch.setattr(AsyncMappingKernelManager, "start_kernel", fake_start)
    preheat = {"env": {"VOILA_PREHEAT": "True"}}

    async def scenario():
        loop = asyncio.get_running_loop()
        manager = manager_class()
        manager.kernel_pools_config = config["VoilaKernelManager"]["kernel_pools_config"]
        renders = {}

        async def pool_task(folder):
            """What Voila's pool task does: start the kernel, then run the page in a task of its own."""
            kernel = await manager.start_kernel(path=folder, **preheat)
            renders[folder] = loop.create_future()
            return {"task": renders[folder], "kernel_id": kernel}

        landing_started = loop.create_future()
        manager._pools = {"index.ipynb": [landing_started]}  # what Voila's pooling manager keeps
        apps = [asyncio.ensure_future(pool_task(game)) for game in reversed(games)]  # found in another order
        landing = asyncio.ensure_future(pool_task(""))
        await asyncio.sleep(0.05)
        assert started == [""]                           # the landing page's own kernel does not wait
        await manager.start_kernel(path="bonfire")      # a visitor's kernel never waits
        assert started == ["", "bonfire"]
        landing_started.set_result(await landing)
        await asyncio.sleep(0.05)
        assert started == ["", "bonfire"]               # the apps wait for the landing page to have run
        renders[""].set_result(None)
        await asyncio.sleep(0.05)
        assert started[2:] == ["london1666"]             # then one at a time, in the landing page's order
        refill = asyncio.ensure_future(pool_task(""))   # the landing page's next kernel, once a visitor used one
        for k, game in enumerate(games):
            assert started[2:] == list(games[:k + 1])
            renders[game].set_result(None)
            await asyncio.sleep(0.05)
        assert started[-1] == "" and len(started) == 7  # the landing page's refill comes after the apps
        await asyncio.gather(*apps, refill)

    # in a thread of its own: a browser test run before this one (Playwright's sync API) may leave an event
    # loop running in the main thread, where asyncio.run refuses to start another
    import concurrent.futures

    with concurrent.futures.ThreadPoolExecutor(1) as pool:
        pool.submit(asyncio.run, scenario()).result()


def test_the_server_loads_jsonschemas_iri_checker_on_first_use_and_it_still_checks():
    code = """
import sys, time
import widgets.server
import voila.app, jsonschema
assert "rfc3987_syntax.syntax_helpers" not in sys.modules, "loaded at start-up"
validator = jsonschema.Draft7Validator({"format": "iri"}, format_checker=jsonschema.Draft7Validator.FORMAT_CHECKER)
print(validator.is_valid("https://example.org/caf\u00e9"), validator.is_valid("not an iri"),
      "rfc3987_syntax.syntax_helpers" in sys.modules)
"""
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True, cwd=ROOT)
    assert out.stdout.split() == ["True", "False", "True"]


def test_a_stuck_heartbeat_thread_does_not_freeze_the_server(monkeypatch):
    """Stopping a kernel client whose heartbeat thread never ends returns after the bound and leaves that thread (and
    its socket) alone; one that ends is joined and closed, as jupyter_client does."""
    import threading
    import time

    from jupyter_client.channels import HBChannel

    import widgets.server as server

    assert getattr(HBChannel.stop, "bounded", False) and not server.bound_heartbeat_join()  # installed once
    monkeypatch.setattr(server, "HEARTBEAT_JOIN_S", 0.2)
    release = threading.Event()

    class Heartbeat(threading.Thread):
        def __init__(self, stuck: bool) -> None:
            super().__init__(daemon=True)
            self._exit, self._running, self.closed, self.stuck = threading.Event(), True, False, stuck

        def run(self) -> None:
            (release if self.stuck else self._exit).wait()

        def close(self) -> None:
            self.closed = True

    stuck, fine = Heartbeat(stuck=True), Heartbeat(stuck=False)
    stuck.start(), fine.start()
    started = time.monotonic()
    HBChannel.stop(stuck)
    assert 0.15 < time.monotonic() - started < 2 and stuck.is_alive() and not stuck.closed
    HBChannel.stop(fine)
    assert not fine.is_alive() and fine.closed
    release.set()
