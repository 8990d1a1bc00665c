"""Rules Explorer views: anywidget board views and Plotly overlays over the ``explorer`` engines.

Views are thin: they draw engine state and turn clicks into engine actions; the rules live in ``explorer``.
"""

from .base import SCENE_FORMAT, STATIC, BoardView
from .landing import games_table_html

__all__ = ["BoardView", "SCENE_FORMAT", "STATIC", "games_table_html"]
