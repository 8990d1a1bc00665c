"""The Portobello Market app: choose a game, play it on the board (hot-seat or with random players), overlays.

``PortobelloApp().widget`` (the instructions folded to one line, :data:`HOW_TO_PLAY`, then the new-game form
in one row, the board, the overlays) is what ``notebooks/portobello/app.ipynb`` shows (one call::

    from widgets.portobello.app import PortobelloApp
    PortobelloApp(players=3, seed=7).widget

). Everything the user does goes through the engine: the board is a
:class:`~widgets.portobello.view.PortobelloView` over a :class:`~explorer.core.Record`; the overlays are the pure
functions of :mod:`widgets.portobello.overlays`, drawn for the position shown when a game starts, when a tab is
opened and when the user presses "Redraw" (or after every move, if "Redraw after every move" is ticked: a Plotly
figure takes the browser 1-1.5 s to redraw, which would otherwise hold up the next click on the board). While the
overlay shows an older position than the board, a calm note beside "Redraw" says so once the user has opened an
overlay tab (:meth:`PortobelloApp._show_staleness`).

The random players are random, but not uniform over the legal moves: each picks a kind of move first (play a
token, score a district, build, draw a customer, place the Lord, move the bobby, end the turn), then a move of
that kind (:meth:`~widgets.portobello.view.PortobelloView.choose_bot_action`).
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from typing import Any

import ipywidgets as w
import plotly.graph_objects as go

from explorer.core import Record
from explorer.portobello.components import COLOURS, PLAYER_COUNTS

from ..apps import how_to_play
from ..figures import OVERLAY_WIDTH, OverlayTabs  # noqa: F401 - OVERLAY_WIDTH: as before, importable from here
from .overlays import expected_lane_figure, move_value_figure, score_over_time_figure
from .view import PortobelloView

__all__ = ["PortobelloApp", "LEGEND", "HOW_TO_PLAY", "OVERLAYS"]

_HOW_LINE = (
    "click one of your face-up action tokens under the map, then a lit stall space, a square or a district; "
    "hover over anything for its details.")
_HOW_DETAILS = (
    "<p>At the start of your turn click one of your face-up <b>action tokens</b> under the map (2, 3 or 4 "
    "actions): it is outlined at once and the strip says how many actions are left. Or score a district instead: "
    "click <i>Score a district ×2</i> or <i>×4</i>, then the district (the lit districts show what they would "
    "score).</p><p>Then spend your actions: click a <b>lit stall space</b> to build there (only the lanes around "
    "the bobby's district light up: the first stall of a lane goes at an end, the next ones continue the row); "
    "<i>Draw a customer</i> draws one from the bag, then click the empty square where it goes; <i>Place the "
    "Lord</i> once all ten customers are out. To move the <b>bobby</b>, click a lit district next to it "
    "(labelled with the toll), or a farther one: the cheapest route and every toll are shown first; click the "
    "district again (or <i>Pay and move</i>) to pay, Escape or <i>Cancel</i> to stay. <i>End turn</i> when "
    "your actions are used (or none is possible).</p><p><b>Keyboard:</b> Tab or the arrow keys move between "
    "the lit items of the board, Enter plays the one in focus, Escape cancels a choice.</p><p>A click against "
    "the rules is refused in a bubble by the board, with the rule that forbids it. Beside the board: what "
    "happened and why, the score by category, the players' stalls and tokens, undo, redo and step controls. "
    "The tabs under the board show what each move would score now, the expected value of the lanes and the "
    "scores over time.</p>")

LEGEND = (
    "<div style='font-size:12px;margin:4px 0;line-height:1.5'><b>On the board:</b> "
    "circles are the 11 <b>squares</b> (dashed: empty; a figure on it is a customer: "
    "<span style='color:#9a9a9a'>●</span> grey servant, <span style='color:#f29bbb'>●</span> pink citizen, "
    "● black with a crown: the Lord) · the roads between them are the 22 <b>lanes</b>, each small box a stall "
    "space with its printed value (1-3), filled in the owner's colour once built "
    "(<span style='color:#c0392b'>■</span> red, <span style='color:#e9c400'>■</span> yellow, "
    "<span style='color:#2e8b57'>■</span> green, <span style='color:#2e6fb7'>■</span> blue) · a lane's letter "
    "sits beside it; a <span style='background:#e6c35c'>&nbsp;gold&nbsp;</span> lane has scored (\"✓×2\": its "
    "multiplier) · the triangles are the 12 <b>districts</b> (d1-d12); the navy helmet is the <b>bobby</b>; a "
    "coloured disc \"×4\" is the action token that scored the district, and tints it · under the map: whose "
    "turn, their tokens (white with a black ring, \"n2\": neutral; dashed grey: face down) and the buttons · dashed "
    "cyan rings: what you can click now, with the toll of moving the bobby there. "
    "<b>Random players</b> pick a kind of move at random (play a token, score a district, build, draw a "
    "customer, place the Lord, move the bobby, end the turn), then one legal move of that kind at random, "
    "seeded by the game's seed. "
    "<b>The board is a reconstruction from the rules, not the printed board.</b></div>")
"""What the board's symbols mean (HTML), folded in :data:`HOW_TO_PLAY`."""

HOW_TO_PLAY = how_to_play(_HOW_LINE, _HOW_DETAILS, legend=LEGEND)
"""The instructions folded to one line, mouse and keyboard, and the legend under its own toggle (HTML, shown
above the board)."""

BOT_BOX_WIDTH = 78
"""The width of a random-player box (pixels): the box and the longest colour name, "yellow", whole."""

OVERLAYS: tuple[tuple[str, Callable[..., go.Figure]], ...] = (
    ("Move values", move_value_figure),
    ("Lane values", expected_lane_figure),
)
"""The overlays drawn from the position shown, by tab title (plus "Scores", over time, from the record):
what each move scores now (:func:`~widgets.portobello.overlays.move_value_figure`) and the expected value of
the open lanes (:func:`~widgets.portobello.overlays.expected_lane_figure`)."""


class PortobelloApp(OverlayTabs):
    """A game setup form, the board, the overlays in tabs and save/load, as one ipywidgets box (``.widget``). The
    overlay tabs, the "Redraw" button beside them and save/load are :class:`~widgets.figures.OverlayTabs`.

    Args:
        players: 2 to 4.
        seed: the game's seed (customers drawn from the bag, the variant's queue, the random players).
        customer_queue: the variant with a visible customer queue (``portobello.option.customer-queue``).
        bots: seats played by random players (0 = red, the start player); default: every seat but red.
        follow: redraw the open overlay after every move. Off by default: a Plotly figure takes the browser
            1-1.5 s to redraw, which holds up the next click on the board; the overlay is then drawn when a game
            starts, when its tab is opened and with the "Redraw" button, and a note says when it shows an older
            position than the board.
    """

    GAME = "portobello"
    GAME_TITLE = "Portobello Market"

    def __init__(self, *, players: int = 3, seed: int = 7, customer_queue: bool = False,
                 bots: Iterable[int] | None = None, follow: bool = False) -> None:
        if players not in PLAYER_COUNTS:
            raise ValueError(f"players must be 2, 3 or 4, got {players!r}")
        bots = set(range(1, players)) if bots is None else set(bots)
        self.players = w.Dropdown(options=list(PLAYER_COUNTS), value=players, description="Players",
                                  layout=w.Layout(width="130px"), style={"description_width": "50px"})
        self.seed = w.IntText(value=seed, description="Seed", layout=w.Layout(width="130px"),
                              style={"description_width": "35px"})
        self.queue = w.Checkbox(value=customer_queue, description="Variant: customer queue",
                                indent=False, layout=w.Layout(width="185px"))
        # one label for the group and the bare colour on each box, so no description is cut short ("yellow: ran…")
        self.bot_label = w.HTML("<span title='Seats ticked here are played by random players'>Random players:</span>")
        self.bot_boxes = [w.Checkbox(value=k in bots, description=colour, indent=False,
                                     tooltip=f"{colour} is played by a random player",
                                     layout=w.Layout(width=f"{BOT_BOX_WIDTH}px")) for k, colour in enumerate(COLOURS)]
        self.players.observe(lambda _: self._show_bot_boxes(), names="value")
        self.start_button = w.Button(description="New game", button_style="primary", icon="play")
        self.start_button.on_click(lambda _: self.new_game())
        self.tab_boxes = [w.VBox() for _ in range(len(OVERLAYS) + 1)]
        titles = tuple(title for title, _ in OVERLAYS) + ("Scores",)
        self._init_overlay_tabs(w.Tab(children=self.tab_boxes, titles=titles), self.tab_boxes, follow=follow)
        self._overlay_opened = False
        self.tabs.observe(self._opened, names="selected_index")
        self.redraw_button.on_click(self._opened)
        self.view: PortobelloView
        self._bot_row = w.HBox()
        self._show_bot_boxes()
        self._start(Record("portobello", seed=seed, options=self._options(players, customer_queue)), bots)
        self.start_button.layout = w.Layout(width="120px")
        form = w.HBox([self.players, self.seed, self.queue, self._bot_row, self.start_button],
                      layout=w.Layout(flex_flow="row wrap", align_items="center"))  # one row: the board starts high
        self.widget = self._app_widget(form, "")
        self.widget.children = (w.HTML(HOW_TO_PLAY),) + tuple(self.widget.children)

    # ---- games ------------------------------------------------------------------------------------------------
    @staticmethod
    def _options(players: int, customer_queue: bool) -> dict[str, Any]:
        options: dict[str, Any] = {"players": players}
        if customer_queue:
            options["customer_queue"] = True
        return options

    def _show_bot_boxes(self) -> None:
        self._bot_row.children = (self.bot_label, *self.bot_boxes[:self.players.value])

    def form_options(self) -> dict[str, Any]:
        """The game options the form describes: ``players`` and, when ticked, ``customer_queue``."""
        return self._options(self.players.value, self.queue.value)

    def _start(self, record: Record, bots: set[int]) -> None:
        players = record.options.get("players", 3)
        bots = {k for k in bots if k < players}
        if hasattr(self, "view"):
            self.view.unobserve(self._moved, names="revision")
        self.view = PortobelloView(record, bots=bots, bot_seed=record.seed, bot_player=self.coach_player())
        self.view.observe(self._moved, names="revision")
        self.board.children = [self.view]
        humans = [COLOURS[k] for k in range(players) if k not in bots]
        if not humans:
            who = "Every seat is a random player: the whole game has been played; step through it."
        elif bots:
            who = (f"You play {', '.join(humans)}; {', '.join(COLOURS[k] for k in sorted(bots))} "
                   f"play{'s' * (len(bots) == 1)} random legal moves, a random kind of move first (listed under "
                   "<b>What happened, and why</b>; Undo and Redo skip their moves).")
        else:
            who = "Hot-seat: every player clicks on their turn."
        variant = " Customer-queue variant: the queue is shown under the map." if record.options.get(
            "customer_queue") else ""
        self.note.value = f"<i>{who}{variant}</i>"
        self.draw_overlay_once_shown()

    # ---- overlays (OverlayTabs draws them) --------------------------------------------------------------------
    def _show_staleness(self) -> None:
        """The note beside "Redraw", in a calm voice (a newcomer took the old orange "⚠" for an error): once the user
        has opened an overlay tab (clicked a tab or "Redraw"), after a move it says which move the charts show
        and that "Redraw" brings them up to date; before that, only that the charts are drawn on request. The
        button is never coloured as a warning."""
        if self._drawn_at is None:
            text = ""
        elif not self.overlay_is_stale:
            text = "The charts below show the position on the board."
        elif getattr(self, "_overlay_opened", False):
            text = (f"The charts below still show position {self._drawn_at[0]} (the board is at "
                    f"{self.view.record.cursor}): press <b>Redraw</b> to bring them up to date, or tick the box to "
                    "redraw after every move.")
        else:
            text = "The charts below are drawn for the board's position when you open a tab or press <b>Redraw</b>."
        self.overlay_note.value = (f"<div class='rx-overlay-note' style='font-size:12px;margin:0 8px;color:#5a4a36'>"
                                   f"{text}</div>" if text else "")
        self.redraw_button.button_style = ""

    def _opened(self, _change: Any = None) -> None:
        """The user opened an overlay tab or pressed "Redraw": from now on the note says when the charts lag."""
        self._overlay_opened = True

    def overlay_figure(self, index: int | None = None) -> go.Figure:
        """The figure of overlay tab ``index`` (default: the open tab) for the position shown."""
        index = self.tabs.selected_index if index is None else index
        index = 0 if index is None else index
        if index < len(OVERLAYS):
            return OVERLAYS[index][1](self.view.state)
        return score_over_time_figure(self.view.record.states[:self.view.record.cursor + 1])
