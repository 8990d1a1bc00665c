"""Rules Explorer views: anywidget board views and Plotly overlays over the ``explorer`` engines.

Views are thin: they draw engine state and turn clicks into engine actions; the rules live in ``explorer``.
"""

from typing import Any

__all__ = ["BoardView", "SCENE_FORMAT", "STATIC", "games_table_html"]

_FROM = {"BoardView": "base", "SCENE_FORMAT": "base", "STATIC": "base", "games_table_html": "landing"}


def __getattr__(name: str) -> Any:
    """``widgets.BoardView`` and the rest, imported on first use: ``widgets.server`` (the Voila server's own
    module) then loads without anywidget and the engines."""
    if name in _FROM:
        import importlib

        return getattr(importlib.import_module(f".{_FROM[name]}", __name__), name)
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
