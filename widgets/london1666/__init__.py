"""The Great Fire of London 1666 in Jupyter: the board view, a static board picture, and Plotly overlays."""

from .scene import board_scene, board_svg
from .view import LondonView

__all__ = ["LondonView", "board_scene", "board_svg"]
