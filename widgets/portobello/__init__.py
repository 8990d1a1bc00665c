"""Portobello Market in Jupyter: the board view, a static board picture, and Plotly overlays."""

from .scene import board_scene, board_svg
from .view import PortobelloView

__all__ = ["PortobelloView", "board_scene", "board_svg"]
