"""A board view for the toy game, on the shared BoardView base (test-only, used by the demo notebook)."""

from __future__ import annotations

from typing import Any

from toygame import Place, State, cell_name
from widgets import BoardView

CELL = 80
MARGIN = 20
COLOURS = {"X": "#c0392b", "O": "#1f5fbf", "#": "#6b6354"}


class ToyView(BoardView):
    """The toy grid: click an empty cell to mark it."""

    def render_scene(self, state: State) -> dict[str, Any]:
        n = state.size
        items: list[dict[str, Any]] = []
        for row in range(n):
            for col in range(n):
                name = cell_name((col, row))
                value = state.at((col, row))
                x, y = MARGIN + col * CELL, MARGIN + row * CELL
                kind = {"": "empty", "X": "x", "O": "o", "#": "stone"}[value]
                items.append({"id": f"cell-{name}", "shape": "rect", "x": x, "y": y, "w": CELL, "h": CELL,
                              "fill": "#fffaf0", "stroke": "#9c8f76", "stroke_width": 2,
                              "class": f"cell {kind}", "title": f"cell {name}", "clickable": True})
                if value:
                    items.append({"shape": "text", "x": x + CELL / 2, "y": y + CELL / 2, "size": 44,
                                  "fill": COLOURS[value], "text": "●" if value == "#" else value,
                                  "class": f"mark {kind}", "target": f"cell-{name}"})
        side = 2 * MARGIN + n * CELL
        return {"width": side, "height": side, "background": "#f4ecd8", "items": items}

    def action_items(self, state: State, action: Any) -> tuple[str, ...]:
        """A mark goes on its cell; the wind's stones are not the user's to click."""
        return (f"cell-{cell_name(action.cell)}",) if isinstance(action, Place) else ()

    def natural_action(self, state: State, target: str, clicked: tuple[str, ...]) -> Any:
        """A click on a cell asks to mark it."""
        return Place(state.parse_action(target.removeprefix("cell-")).cell)
