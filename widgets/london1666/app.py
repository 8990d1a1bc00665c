"""The London app: choose a game, play it on the board (hot-seat or against random players), open overlays.

``LondonApp().widget`` is what ``notebooks/london1666/app.ipynb`` shows. Everything the user does goes through
the engine: the board is a :class:`~widgets.london1666.view.LondonView` over a :class:`~explorer.core.Record`.
"""

from __future__ import annotations

import html
from typing import Any

import ipywidgets as w
import plotly.graph_objects as go

from explorer.core import Record

from ..apps import how_to_play
from ..coach import CoachPanel
from ..records import new_record, open_record
from .overlays import burn_risk, burn_risk_figure, fire_options_figure, score_over_time_figure
from .view import LondonView

__all__ = ["LondonApp", "LEGEND"]

LEGEND = (
    "<span style='color:#e4572e'>▲</span> fire cones with their number on them (\"4(1)\": 4 cones, 1 covered by a trained band) · "
    "<b>●</b> black disc: a free trained band (a number on it: several) · a coloured disc in a white ring with "
    "a letter (R, B, G, Y, W, P): an owner pawn · <span style='color:#d4b21f'>●</span> yellow: a face-down token · "
    "<span style='color:#b03a2e'>●</span> red number: an objective's value; a gold ring around it: one of "
    "<i>your</i> secret objectives · small houses in their owners' colours (colours nobody plays are neutral) · "
    "grey: burnt · dark: demolished (a firebreak) · dark green: fields and gardens, which never burn · the "
    "pale-green centre is the green region around Pudding Lane · dashed line: the old city wall. Dashed "
    "cyan rings: what you may click; magenta: what you picked. The board is reconstructed from the rules, not the "
    "printed board.")
"""Which symbol on the board means what (HTML, folded under "What the board shows")."""
HOW_TO_PLAY = (
    "The game starts with set-up: each player clicks a district outside the pale-green centre for a trained band, "
    "then, once all the bands are placed, one for their pawn (the strip under the map says which). "
    "Each turn: click a card, then where the fire goes; then spend your action points by clicking your pawn or a "
    "free band's district, then a neighbour; end with “End actions”. On the board, <b>Tab</b> and the "
    "<b>arrow keys</b> move between items, <b>Enter</b> clicks, <b>Escape</b> clears a pick. A click that is "
    "not allowed says why, with a link to the rule. ◀ and ▶ step through the game; Undo takes a move back. "
    "Your secret objectives are ringed in gold and listed in the panel; in hot-seat, each player clicks "
    "“I am …: show my secrets” on their turn and hides them before passing the mouse. The buttons under the "
    "board draw where the fire can go, the burn risk of the next turns and the score over time.")
"""The app's instructions, folded under "How to play"."""


class LondonApp:
    """A game setup form, the board, and overlay buttons, as one ipywidgets box (``.widget``).

    Args:
        players, seed, opponents (``"hot-seat"`` or ``"random"``), hidden_colours, more_destruction,
        fire_cones: the first game's settings (the form can start another).
    """

    def __init__(self, *, players: int = 4, seed: int = 1666, opponents: str = "random",
                 hidden_colours: bool = False, more_destruction: bool = False, fire_cones: int = 100) -> None:
        self.players = w.Dropdown(options=[3, 4, 5, 6], value=players, description="Players")
        self.seed = w.IntText(value=seed, description="Seed")
        self.opponents = w.ToggleButtons(options=[("You vs random players", "random"), ("Hot-seat", "hot-seat")],
                                         value=opponents, description="Play",
                                         style={"button_width": "180px"})
        self.hidden = w.Checkbox(value=hidden_colours, description="Rule A: hidden colours")
        self.destruction = w.Checkbox(value=more_destruction, description="Rule B: more destruction")
        self.cones = w.Dropdown(options=[("100 fire cones", 100), ("65 (first printing)", 65)], value=fire_cones,
                                description="Cones")
        self.start_button = w.Button(description="New game", button_style="primary", icon="fire")
        self.start_button.on_click(lambda _: self.new_game())
        self.fire_button = w.Button(description="Where can the fire go?", layout=w.Layout(width="190px"))
        self.fire_button.on_click(lambda _: self.show_fire())
        self.turns = w.IntSlider(value=3, min=1, max=6, description="Turns")
        self.risk_button = w.Button(description="Burn risk")
        self.risk_button.on_click(lambda _: self.show_risk())
        self.score_button = w.Button(description="Score over time")
        self.score_button.on_click(lambda _: self.show_scores())
        self.hide_button = w.Button(description="Hide overlay")
        self.hide_button.on_click(lambda _: self.show(None))
        self.record_text = w.Textarea(placeholder="a saved record (JSON) to step through",
                                      layout=w.Layout(width="100%", height="80px"))
        self.save_button = w.Button(description="Show record")
        self.save_button.on_click(lambda _: setattr(self.record_text, "value", self.view.record.to_json()))
        self.load_button = w.Button(description="Load record")
        self.load_button.on_click(lambda _: self.load(self.record_text.value))
        self.note = w.HTML()
        self.overlay = w.VBox()
        self.stale_note = w.HTML()
        self._drawn_at: tuple[int, int] | None = None
        self.board = w.VBox()
        self.view: LondonView
        self.coach = CoachPanel(self)
        self.new_game()
        form = w.VBox([self.players, self.seed, self.cones, self.opponents, self.hidden, self.destruction,
                       self.start_button])
        settings = w.Accordion(children=[form], titles=("New game: players, seed, optional rules",),
                               layout=w.Layout(width="430px", flex="0 0 auto"))
        settings.selected_index = None  # folded, beside the instructions: the whole board fits the window
        overlays = w.HBox([self.fire_button, self.turns, self.risk_button, self.score_button, self.hide_button])
        records = w.VBox([w.HBox([self.save_button, self.load_button]), self.record_text])
        top = w.HBox([settings, self.note], layout=w.Layout(align_items="flex-start", grid_gap="16px"))
        self.widget = w.VBox([top, self.board, self.coach.widget, overlays, self.overlay,
                              w.Accordion(children=[records], titles=("Save or load a record",))])

    def new_game(self) -> None:
        """Start a game with the form's settings (seat 1 is you; the others are bots unless hot-seat); settings
        the engine refuses (e.g. a seed below 0 or from 2**63) are explained in the note, the game shown stays."""
        options = {"players": self.players.value, "hidden_colours": self.hidden.value,
                   "more_destruction": self.destruction.value, "fire_cones": self.cones.value}
        record, refusal = new_record("london1666", self.seed.value, options)
        if record is None:
            self.note.value = refusal + self._how()
            return
        self._show_view(record)

    def coach_player(self) -> Any:
        """Who plays the random players' seats of a new game: the coach chosen under the board, or ``None``."""
        return self.coach.bot_player()

    def _show_view(self, record: Record) -> None:
        bots = set(range(1, record.options.get("players", 4))) if self.opponents.value == "random" else set()
        if hasattr(self, "view"):
            self.view.unobserve(self._moved, names="revision")
        self.view = LondonView(record, bots=bots, bot_seed=record.seed,
                               bot_player=self.coach_player(), title="")  # the page's heading names it
        self.view.observe(self._moved, names="revision")
        self.board.children = [self.view]
        self.note.value = self._how(bots)
        self.show(None)

    def _how(self, bots: Any = None) -> str:
        """The one-line instructions (who plays what) with "How to play" and the legend folded under it."""
        bots = self.view.bots if bots is None and hasattr(self, "view") else bots
        line = ("You play the first colour; the others play random legal moves (listed under <b>What happened, "
                "and why</b>)." if bots else "Hot-seat: every player clicks on their turn.")
        return how_to_play(line, HOW_TO_PLAY, legend=LEGEND)

    def load(self, text: str) -> None:
        """Open a saved record (JSON) to step through or continue; a bad one is explained, nothing changes."""
        record, message = open_record(text, "london1666", "London 1666")
        if record is None:
            self.note.value = message
            return
        self._show_view(record)
        self.note.value += message  # a notice, e.g. saved by another version of the engine

    def show(self, figure: go.Figure | None) -> None:
        """Show ``figure`` under the board (or nothing), drawn for the position the board shows now."""
        self._drawn_at = None if figure is None else (self.view.record.cursor, len(self.view.record))
        self.stale_note.value = ""
        self.overlay.children = [] if figure is None else [self.stale_note, go.FigureWidget(figure)]

    def _moved(self, change: Any) -> None:
        """After a redraw of the board: if an overlay is shown for another position, say so above it (overlays
        are drawn on demand only: a Plotly figure is slow to redraw in the browser). The coach hears of it too."""
        self.coach.moved()
        if self._drawn_at is None:
            return
        cursor = self.view.record.cursor
        if (cursor, len(self.view.record)) == self._drawn_at:
            self.stale_note.value = ""
        else:
            self.stale_note.value = (f"<div style='font-size:12px;color:#8a4b00'>⚠ This overlay shows position "
                                     f"{self._drawn_at[0]}; the board is at position {cursor}. Press its button "
                                     "again to update it.</div>")

    def _busy(self, what: str) -> None:
        self.overlay.children = [w.HTML(f"<i>{html.escape(what)}…</i>")]

    def show_fire(self) -> None:
        """The legal spreads of the fire now, on a map under the board."""
        self._busy("Drawing where the fire can go")
        self.show(fire_options_figure(self.view.state))

    def show_scores(self) -> None:
        """Each player's score by turn, under the board."""
        self._busy("Scoring every turn")
        self.show(score_over_time_figure(self.view.record))

    def show_risk(self) -> None:
        """Estimate the burn risk over the chosen number of turns and show its heat map."""
        self._busy(f"Playing 400 random games of {self.turns.value} turns")
        state = self.view.state
        risk = burn_risk(state, turns=self.turns.value, playouts=400, seed=self.seed.value)
        self.show(burn_risk_figure(risk, state))

    def _ipython_display_(self) -> Any:  # pragma: no cover - display hook for notebooks
        from IPython.display import display
        display(self.widget)
