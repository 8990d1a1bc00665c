"""The landing page's list of games (``notebooks/index.ipynb``)."""

from __future__ import annotations

import html
from collections.abc import Mapping
from pathlib import Path

from explorer.core import GAMES, GameInfo

__all__ = ["games_table_html", "game_status"]


def game_status(info: GameInfo, notebooks_dir: Path) -> str:
    """``"ready"`` (engine and app notebook present), ``"engine only"`` or ``"in preparation"``."""
    if not info.is_ready:
        return "in preparation"
    app = [path for path, _ in info.notebooks if path.endswith("app.ipynb")]
    if app and (notebooks_dir / app[0]).exists():
        return "ready"
    return "engine only"


def games_table_html(games: Mapping[str, GameInfo] | None = None, notebooks_dir: str | Path = ".") -> str:
    """HTML cards for each game: title, designer, status, and links to the notebooks that exist.

    Links are relative to the landing page (``london1666/app.ipynb``), so they work under Voila
    (``/voila/render/...``) and in JupyterLab alike, and open in the same tab (``target="_self"``: without it,
    JupyterLab's output renderer, which Voila uses, gives every link of an HTML output ``target="_blank"``; a
    tutorial or app is the next page of the same visit, not a second window). Games not ready are listed without
    links.

    Args:
        games: the registry to list (default ``explorer.GAMES``).
        notebooks_dir: the folder that holds ``index.ipynb`` and the game folders.
    """
    games = GAMES if games is None else games
    notebooks_dir = Path(notebooks_dir)
    cards = []
    for info in games.values():
        status = game_status(info, notebooks_dir)
        links = [f'<a class="rx-game-link" href="{html.escape(path)}" target="_self">{html.escape(label)}</a>'
                 for path, label in info.notebooks if status != "in preparation" and (notebooks_dir / path).exists()]
        link_html = " · ".join(links) if links else '<span class="rx-soon">tutorials and app coming soon</span>'
        cards.append(
            f'<div class="rx-game" data-game="{html.escape(info.key)}" data-status="{status}">'
            f'<div class="rx-game-title">{html.escape(info.title)} '
            f'<span class="rx-badge rx-badge-{status.replace(" ", "-")}">{status}</span></div>'
            f'<div class="rx-game-designer">{html.escape(info.designer)}</div>'
            f'<div class="rx-game-summary">{html.escape(info.summary)}</div>'
            f'<div class="rx-game-links">{link_html}</div></div>')
    style = (
        "<style>.rx-games{display:grid;grid-template-columns:repeat(auto-fill,minmax(300px,1fr));gap:14px;"
        "font-family:system-ui,sans-serif}.rx-game{border:1px solid #c9bda4;border-radius:8px;padding:12px;"
        "background:#fbf7ee}.rx-game-title{font-weight:600;font-size:16px}.rx-game-designer{color:#6b6354;"
        "font-size:13px;margin-bottom:6px}.rx-game-summary{margin-bottom:8px}.rx-badge{font-size:11px;"
        "border-radius:9px;padding:1px 8px;margin-left:6px;font-weight:500;white-space:nowrap;display:inline-block}.rx-badge-ready{background:#d4edda;"
        "color:#1d5d2f}.rx-badge-engine-only{background:#fff3cd;color:#7a5b00}.rx-badge-in-preparation"
        "{background:#e9e4da;color:#6b6354}.rx-soon{color:#8a8170;font-style:italic}</style>")
    return style + '<div class="rx-games">' + "".join(cards) + "</div>"
