"""Flash Point: Fire Rescue (with Extreme Danger) in Jupyter: the building drawn as a board-view scene and as a
static SVG picture (:mod:`.scene`), and Plotly overlays of what the rules imply (:mod:`.overlays`): the exact risk
of the next fire advance, expected losses over the next turns by Monte Carlo, the counters over a game."""

from .overlays import (counters, counters_over_time_figure, expected_losses, expected_losses_figure, fire_risk,
                       fire_risk_figure)
from .scene import TARGETS, board_scene, board_svg, floor_origins, space_box

__all__ = ["TARGETS", "board_scene", "board_svg", "floor_origins", "space_box", "fire_risk", "fire_risk_figure",
           "expected_losses", "expected_losses_figure", "counters", "counters_over_time_figure"]
