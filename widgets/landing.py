"""The landing page (``notebooks/index.ipynb``): a card per game, and the status of each game.

Each card shows a small picture of the game's board, drawn by the game's own scene code
(``widgets.<game>.scene.board_svg``) from a seeded position a few moves into a game, and links to the game's
pages in the registry's order: *Learn to play* first, then the tutorials, the app and the rules reference.
``status_table_html`` is the *Status of each game* table. ``LandingFirstKernelManager`` is the kernel manager
``make run``'s Voila uses (``notebooks/voila.json``): it pre-starts the landing page's kernel before the apps'.
"""

from __future__ import annotations

import html
import importlib
import importlib.util
import logging
import random
import re
from collections.abc import Mapping
from pathlib import Path
from typing import Any

from explorer.core import GAMES, GameInfo

__all__ = ["games_table_html", "game_status", "status_table_html", "board_thumbnail", "page_kind"]

log = logging.getLogger(__name__)

THUMBNAIL_WIDTH = 300
"""The pictures' display width in pixels (they shrink with the card; the height follows the board's shape)."""

THUMBNAIL_POSITIONS: dict[str, dict[str, Any]] = {
    "london1666": {"options": {"players": 4}, "moves": 12},
    "portobello": {"options": {"players": 3}, "moves": 12},
    "flashpoint": {"options": {"players": 4}, "moves": 12, "draw": {"show_strip": False}},
    "bonfire": {"options": {"players": 2}, "moves": 12, "draw": {"seats": []}},
}
"""Per game: the set-up options, how many seeded random legal moves to play before drawing, and ``board_svg``'s
extra arguments (no button strip, no player boards: the board alone)."""

THUMBNAIL_SEED = 7


def game_status(info: GameInfo, notebooks_dir: Path) -> str:
    """``"ready"`` (engine and app notebook present), ``"engine only"`` or ``"in preparation"``."""
    if not info.is_ready:
        return "in preparation"
    app = [path for path, _ in info.notebooks if path.endswith("app.ipynb")]
    if app and (notebooks_dir / app[0]).exists():
        return "ready"
    return "engine only"


def page_kind(path: str) -> str:
    """What a notebook of a game is, from its file name: ``"lessons"``, ``"tutorial"``, ``"app"``,
    ``"reference"`` or ``"other"``.

    >>> [page_kind(p) for p in ("x/lessons.ipynb", "x/01_setup.ipynb", "x/app.ipynb", "x/rules.ipynb")]
    ['lessons', 'tutorial', 'app', 'reference']
    """
    name = Path(path).name
    if name == "lessons.ipynb":
        return "lessons"
    if re.match(r"\d+_", name):
        return "tutorial"
    if name == "app.ipynb":
        return "app"
    if name == "rules.ipynb":
        return "reference"
    return "other"


# ---- the board pictures -------------------------------------------------------------------------------------------
_NOT_IN_A_THUMBNAIL = re.compile(r'<title>.*?</title>|<text\b.*?</text>|\s(?:data-id|class)="[^"]*"', re.S)
"""What a small picture drops: hover texts, words (too small to read at that size; the card says it), item ids
and classes (it is a picture, not the interactive board)."""


def board_thumbnail(key: str, width: int = THUMBNAIL_WIDTH) -> str | None:
    """A small static SVG of game ``key``'s board, a few seeded moves into a game (``None`` if the game has no
    scene module, or drawing it failed: the card is then shown without its picture, and the failure logged).

    The picture is the game's ``board_svg`` scaled to ``width``, without its words (unreadable that small) and
    what only the interactive view needs (item ids, classes, hover texts), labelled for screen readers.

    >>> board_thumbnail("london1666")[:4]
    '<svg'
    """
    info = GAMES.get(key)
    try:
        if info is None or importlib.util.find_spec(f"widgets.{key}.scene") is None or not info.is_ready:
            return None
        from explorer import Record

        how = THUMBNAIL_POSITIONS.get(key, {})
        record = Record(key, seed=THUMBNAIL_SEED, options=how.get("options", {}))
        rng = random.Random(THUMBNAIL_SEED)
        for _ in range(how.get("moves", 0)):
            actions = record.state.legal_actions()
            if not actions:
                break
            record.play(rng.choice(actions))
        scene = importlib.import_module(f"widgets.{key}.scene")
        svg = str(scene.board_svg(record.state, width=width, **how.get("draw", {})))
    except Exception:  # noqa: BLE001 - the landing page must open even while an engine is being rewritten
        log.exception("no board picture for %s", key)
        return None
    svg = _NOT_IN_A_THUMBNAIL.sub("", svg)
    label = html.escape(f"The board of {info.title}" + (", a few moves into a game" if how.get("moves") else ""))
    return svg.replace("<svg ", f'<svg role="img" aria-label="{label}" class="rx-thumb-svg" ', 1)


# ---- the cards -----------------------------------------------------------------------------------------------------
def _link(path: str, label: str) -> str:
    return f'<a class="rx-game-link" href="{html.escape(path)}" target="_self">{html.escape(label)}</a>'


def _links_html(pages: list[tuple[str, str]]) -> str:
    """The card's links, grouped: Learn to play and the app as buttons, then the tutorials, then the rest."""
    first = [(p, label) for p, label in pages if page_kind(p) in ("lessons", "app")]
    tutorials = [(p, label) for p, label in pages if page_kind(p) == "tutorial"]
    rest = [(p, label) for p, label in pages if page_kind(p) not in ("lessons", "app", "tutorial")]
    rows = []
    if first:
        rows.append('<div class="rx-links-main">' + "".join(
            f'<span class="rx-pill rx-pill-{page_kind(p)}">{_link(p, label)}</span>' for p, label in first)
            + "</div>")
    if tutorials:
        rows.append('<div class="rx-links-row"><span class="rx-links-label">Tutorials:</span> '
                    + " · ".join(_link(p, label) for p, label in tutorials) + "</div>")
    if rest:
        rows.append('<div class="rx-links-row">' + " · ".join(_link(p, label) for p, label in rest) + "</div>")
    return "".join(rows)


STYLE = (
    "<style>"
    ".rx-landing{font-family:system-ui,sans-serif;color:#2b2822}"
    ".rx-games{display:grid;grid-template-columns:repeat(auto-fill,minmax(290px,1fr));gap:16px}"
    ".rx-game{border:1px solid #c9bda4;border-radius:8px;background:#fbf7ee;display:flex;flex-direction:column;"
    "overflow:hidden}"
    ".rx-thumb{display:flex;align-items:center;justify-content:center;height:190px;background:#efe8d8;"
    "border-bottom:1px solid #ddd2ba;padding:6px;box-sizing:border-box}"
    ".rx-thumb svg{max-width:100%;max-height:100%;width:auto;height:auto;display:block}"
    ".rx-thumb-none{color:#8a8170;font-style:italic;font-size:13px}"
    ".rx-game-body{padding:10px 12px 12px}"
    ".rx-game-title{font-weight:600;font-size:16px;line-height:1.3}"
    ".rx-game-designer{color:#6b6354;font-size:13px;margin-bottom:6px}"
    ".rx-game-summary{margin-bottom:10px;font-size:14px;line-height:1.4}"
    ".rx-game-links{font-size:14px;line-height:1.6}"
    # JupyterLab's output styles (which Voila uses) colour links with `a:link` and right-align and stripe tables;
    # the selectors below are more specific, so the cards and the table look the same in Voila and in JupyterLab.
    ".rx-landing .rx-game-links a.rx-game-link:link,.rx-landing .rx-game-links a.rx-game-link:visited"
    "{color:#1f4e8c;text-decoration:none;white-space:nowrap}"
    ".rx-landing .rx-game-links a.rx-game-link:hover{text-decoration:underline}"
    ".rx-links-main{display:flex;flex-wrap:wrap;gap:8px;margin-bottom:6px}"
    ".rx-landing .rx-pill a.rx-game-link:link,.rx-landing .rx-pill a.rx-game-link:visited{display:inline-block;"
    "border-radius:6px;padding:3px 12px;font-weight:600;border:1px solid #1f4e8c;text-decoration:none}"
    ".rx-landing .rx-pill-lessons a.rx-game-link:link,.rx-landing .rx-pill-lessons a.rx-game-link:visited"
    "{background:#1f4e8c;color:#fff}"
    ".rx-landing .rx-pill-lessons a.rx-game-link:hover{background:#173b6b}"
    ".rx-landing .rx-pill-app a.rx-game-link:link,.rx-landing .rx-pill-app a.rx-game-link:visited"
    "{background:#fff;color:#1f4e8c}"
    ".rx-links-label{color:#6b6354}"
    ".rx-badge{font-size:11px;border-radius:9px;padding:1px 8px;margin-left:6px;font-weight:500;white-space:nowrap;"
    "display:inline-block;vertical-align:middle}"
    ".rx-badge-ready{background:#d4edda;color:#1d5d2f}.rx-badge-engine-only{background:#fff3cd;color:#7a5b00}"
    ".rx-badge-in-preparation{background:#e9e4da;color:#6b6354}.rx-soon{color:#8a8170;font-style:italic}"
    ".rx-landing table.rx-status{border-collapse:collapse;font-size:14px;background:#fbf7ee;"
    "border:1px solid #c9bda4;margin:0;table-layout:auto}"
    ".rx-landing table.rx-status th,.rx-landing table.rx-status td{padding:6px 12px;text-align:left;"
    "border:none;border-bottom:1px solid #e4dac5;vertical-align:middle;max-width:none;line-height:1.4}"
    ".rx-landing table.rx-status thead th{background:#efe8d8;font-weight:600;color:#4a4437}"
    ".rx-landing table.rx-status tbody tr:nth-child(n){background:#fbf7ee}"
    ".rx-landing table.rx-status tbody tr:nth-child(n):hover{background:#f3ecdc}"
    ".rx-landing table.rx-status tbody tr:last-child td{border-bottom:none}"
    "</style>")
"""The landing page's CSS (cards and status table share colours, font and borders)."""


def games_table_html(games: Mapping[str, GameInfo] | None = None, notebooks_dir: str | Path = ".", *,
                     thumbnails: bool = True) -> str:
    """HTML cards for each game: a picture of its board, title, designer, status, and links to its notebooks that
    exist.

    Links are relative to the landing page (``london1666/app.ipynb``), so they work under Voila
    (``/voila/render/...``) and in JupyterLab alike, and open in the same tab (``target="_self"``: without it,
    JupyterLab's output renderer, which Voila uses, gives every link of an HTML output ``target="_blank"``; a
    tutorial or app is the next page of the same visit, not a second window). Games not ready are listed without
    links.

    Args:
        games: the registry to list (default ``explorer.GAMES``).
        notebooks_dir: the folder that holds ``index.ipynb`` and the game folders.
        thumbnails: draw each game's board picture (:func:`board_thumbnail`).
    """
    games = GAMES if games is None else games
    notebooks_dir = Path(notebooks_dir)
    cards = []
    for info in games.values():
        status = game_status(info, notebooks_dir)
        pages = [(path, label) for path, label in info.notebooks
                 if status != "in preparation" and (notebooks_dir / path).exists()]
        link_html = _links_html(pages) if pages else '<span class="rx-soon">tutorials and app coming soon</span>'
        picture = ""
        if thumbnails:
            svg = board_thumbnail(info.key) if status != "in preparation" else None
            inner = svg or '<span class="rx-thumb-none">no picture yet</span>'
            picture = f'<div class="rx-thumb">{inner}</div>'
        cards.append(
            f'<div class="rx-game" data-game="{html.escape(info.key)}" data-status="{status}">{picture}'
            f'<div class="rx-game-body">'
            f'<div class="rx-game-title">{html.escape(info.title)} '
            f'<span class="rx-badge rx-badge-{status.replace(" ", "-")}">{status}</span></div>'
            f'<div class="rx-game-designer">{html.escape(info.designer)}</div>'
            f'<div class="rx-game-summary">{html.escape(info.summary)}</div>'
            f'<div class="rx-game-links">{link_html}</div></div></div>')
    return STYLE + '<div class="rx-landing"><div class="rx-games">' + "".join(cards) + "</div></div>"


def status_table_html(games: Mapping[str, GameInfo] | None = None, notebooks_dir: str | Path = ".") -> str:
    """The *Status of each game* block: a table of each game's status and which of its pages exist.

    >>> "<table" in status_table_html(notebooks_dir="notebooks")
    True
    """
    games = GAMES if games is None else games
    notebooks_dir = Path(notebooks_dir)
    columns = (("lessons", "Learn to play"), ("tutorial", "Tutorials"), ("app", "App"),
               ("reference", "Rules reference"))
    head = "".join(f"<th>{label}</th>" for _, label in columns)
    rows = []
    for info in games.values():
        status = game_status(info, notebooks_dir)
        cells = []
        for kind, _ in columns:
            wanted = [p for p, _ in info.notebooks if page_kind(p) == kind]
            there = [p for p in wanted if status != "in preparation" and (notebooks_dir / p).exists()]
            if not wanted:
                cells.append('<td class="rx-soon">—</td>')
            elif kind == "tutorial":
                cells.append(f"<td>{len(there)} of {len(wanted)}</td>" if len(there) < len(wanted)
                             else f"<td>{len(there)}</td>")
            else:
                cells.append("<td>yes</td>" if there else '<td class="rx-soon">not yet</td>')
        rows.append(f'<tr data-game="{html.escape(info.key)}"><td>{html.escape(info.title)}</td>'
                    f'<td><span class="rx-badge rx-badge-{status.replace(" ", "-")}" style="margin-left:0">'
                    f'{status}</span></td>{"".join(cells)}</tr>')
    return (STYLE + '<div class="rx-landing"><table class="rx-status"><thead><tr><th>Game</th><th>Status</th>'
            + head + "</tr></thead><tbody>" + "".join(rows) + "</tbody></table></div>")
