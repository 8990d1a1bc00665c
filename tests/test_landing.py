"""The landing page's game cards (widgets.landing)."""

from explorer.core import GameInfo
from widgets.landing import game_status, games_table_html

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
