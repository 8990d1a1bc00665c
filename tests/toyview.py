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

    def on_click(self, state: State, target: str) -> Any:
        return Place(state.parse_action(target.removeprefix("cell-")).cell)

    def highlights_for(self, state: State) -> dict[str, dict[str, str]]:
        return {f"cell-{a}": {"label": "", "tone": "legal"} for a in state.legal_actions() if isinstance(a, Place)}
