"""Bonfire in Jupyter: the central board and the players' boards drawn as a board-view scene and as a static SVG
picture (:mod:`.scene`), and Plotly overlays of what the rules imply (:mod:`.overlays`): what each fate-tile
placement would yield and each player's score if the game ended now. The component data is our own, in the
spirit of the game, not the printed components. The interactive view is :mod:`.view`, the app :mod:`.app`."""

from .overlays import (FateYield, fate_yield, fate_yield_figure, score_now, score_now_figure, scores_over_time,
                       scores_over_time_figure)
from .scene import TARGETS, board_scene, board_svg, step_words

__all__ = ["TARGETS", "board_scene", "board_svg", "step_words", "FateYield", "fate_yield", "fate_yield_figure",
           "score_now", "score_now_figure", "scores_over_time", "scores_over_time_figure"]
