"""Helpers the apps share for their Plotly overlay tabs: redraw a figure already in the browser in place, and
defer a redraw until the kernel has answered the click that caused it.

An app's overlay is a pure function ``state -> plotly.graph_objects.Figure``; the app shows it in a
``go.FigureWidget``. Replacing that widget with a new one makes the browser build a new Plotly plot, which is
much slower than updating the traces of the one it has. So an app checks :func:`same_traces` and, when it holds,
calls :func:`redraw_in_place`; otherwise it puts a new ``FigureWidget`` in the tab. An app that redraws its
overlay after every move schedules the redraw on :func:`kernel_loop` (when there is one), so the board's own
update reaches the browser before the slower figure.

:class:`OverlayTabs` is all of that as a mixin for an app with its overlays in tabs (the Portobello Market, Flash
Point and Bonfire apps): the "Redraw" button, the note beside it saying which position the overlay shows, the "Redraw
after every move" checkbox, drawing the open tab, starting a new game from the form, saving and loading the game's
record and the app's layout.
"""

from __future__ import annotations

import asyncio
import html
from collections.abc import Sequence
from typing import Any

import ipywidgets as w
import plotly.graph_objects as go

from explorer.core import Record

from .apps import how_to_play
from .records import new_record, open_record

__all__ = ["OVERLAY_WIDTH", "OverlayTabs", "kernel_loop", "same_traces", "redraw_in_place"]

OVERLAY_WIDTH = 1100
"""Width in pixels of the overlay figures (a FigureWidget in a tab does not always size itself)."""


def kernel_loop() -> asyncio.AbstractEventLoop | None:
    """The running event loop if this runs in a Jupyter kernel (where a redraw can wait for the click's message to
    be answered), else ``None`` (plain Python, even inside some other event loop: do it at once)."""
    try:
        from IPython import get_ipython
    except ImportError:  # pragma: no cover - IPython comes with ipywidgets
        return None
    shell = get_ipython()
    if shell is None or getattr(shell, "kernel", None) is None:
        return None
    try:
        return asyncio.get_running_loop()
    except RuntimeError:
        return None


def same_traces(shown: go.FigureWidget, figure: go.Figure) -> bool:
    """True if ``figure`` has the same kinds of traces, with the same properties set, in the same order, as the
    figure ``shown`` (so updating each trace in place leaves nothing stale behind). Trace uids are ignored (a
    ``FigureWidget`` assigns its own)."""
    def shape(data: Any) -> list[tuple[str, frozenset[str]]]:
        return [(t.type, frozenset(t.to_plotly_json()) - {"uid"}) for t in data]

    return shape(shown.data) == shape(figure.data)


def redraw_in_place(shown: go.FigureWidget, figure: go.Figure) -> None:
    """Make ``shown`` draw ``figure`` as one update of the widget already in the browser.

    Each trace of ``shown`` takes the properties of the trace of ``figure`` at the same place, and the layout is
    replaced; layout keys ``figure`` lacks (e.g. an "empty" note no longer needed) are removed.

    Raises:
        ValueError: if the two figures have different numbers of traces (check :func:`same_traces` first).
    """
    with shown.batch_update():
        for old, new in zip(shown.data, figure.data, strict=True):
            props = new.to_plotly_json()
            props.pop("type", None)
            old.update(props, overwrite=True)
        layout = figure.layout.to_plotly_json()
        for key in set(shown.layout.to_plotly_json()) - set(layout):  # e.g. an "empty" note no longer needed
            shown.layout[key] = None
        shown.layout.update(layout, overwrite=True)


class OverlayTabs:
    """Mixin for an app that shows its overlays in tabs under the board (``PortobelloApp``, ``FlashPointApp``).

    The overlay of the open tab is drawn for the position the board shows when a game starts, when a tab is opened
    and when the user presses "Redraw"; with "Redraw after every move" ticked (``follow``), also after every move
    (a Plotly figure takes the browser a second or so to redraw, which would otherwise hold up the next click on
    the board). While the overlay shows an older position than the board, a note beside "Redraw" says so and the
    button turns orange. A figure that cannot be drawn shows as a message in its tab; it never breaks the board.

    The app calls :meth:`_init_overlay_tabs` in its ``__init__`` (before its first game) and builds its
    ``widget`` with :meth:`_app_widget`. It provides:

    - ``GAME`` and ``GAME_TITLE``: the engine's name of the game and its title (for :meth:`load`'s refusals);
    - ``view``: the board (a :class:`~widgets.base.BoardView` over a :class:`~explorer.core.Record`), which
      ``_start(record, bots)`` replaces, observing its ``revision`` with :meth:`_moved` and finishing with
      :meth:`draw_overlay`;
    - ``overlay_figure(index)``: the figure of tab ``index`` for the position shown.
    """

    GAME: str
    """The game's engine name, e.g. ``"portobello"``: :meth:`load` opens records of this game only."""
    GAME_TITLE: str
    """The game's title for the user, e.g. ``"Portobello Market"`` (in :meth:`load`'s refusals)."""
    view: Any
    tabs: w.Tab
    follow: w.Checkbox
    redraw_button: w.Button
    overlay_note: w.HTML
    record_text: w.Textarea
    record_note: w.HTML
    save_button: w.Button
    load_button: w.Button
    note: w.HTML
    board: w.VBox
    players: w.Dropdown
    seed: w.IntText
    bot_boxes: list[w.Checkbox]
    widget: w.VBox
    _overlay_boxes: Sequence[w.Box]
    _drawn_at: tuple[int, int] | None

    def _start(self, record: Record, bots: set[int]) -> None:  # pragma: no cover - every app defines it
        raise NotImplementedError

    def form_options(self) -> dict[str, Any]:  # pragma: no cover - every app defines it
        """The game options the form describes (``Record`` options, i.e. the game's ``new_game`` keywords)."""
        raise NotImplementedError

    def new_game(self) -> None:
        """Start a game with the form's settings (:meth:`form_options`, the seed, the seats ticked as random
        players); settings the engine refuses (e.g. a seed below 0 or from 2**63) are explained in the note and
        the game shown stays."""
        players = self.players.value
        bots = {k for k, box in enumerate(self.bot_boxes[:players]) if box.value}
        record, refusal = new_record(self.GAME, self.seed.value, self.form_options())
        if record is None:
            self.note.value = refusal
            return
        self.record_note.value = ""  # a note about a loaded record no longer applies
        self._start(record, bots)

    def overlay_figure(self, index: int | None = None) -> go.Figure:  # pragma: no cover - every app defines it
        """The figure of overlay tab ``index`` (default: the open tab) for the position shown."""
        raise NotImplementedError

    # ---- building the app -------------------------------------------------------------------------------------
    def _init_overlay_tabs(self, tabs: w.Tab, boxes: Sequence[w.Box], *, follow: bool) -> None:
        """Make the widgets this mixin runs: ``tabs`` (whose tab ``k`` draws its figure into ``boxes[k]``; opening
        a tab draws it), ``follow``, ``redraw_button``, ``overlay_note``, the save/load widgets (``record_text``,
        ``record_note``, ``save_button``, ``load_button``), the app's ``note`` and the ``board`` box."""
        self.follow = w.Checkbox(value=follow, description="Redraw after every move (slower clicks)",
                                 indent=False, layout=w.Layout(width="300px"))
        self.follow.observe(lambda _: self._moved(None), names="value")
        self.redraw_button = w.Button(description="Redraw", icon="refresh", layout=w.Layout(width="110px"),
                                      tooltip="Draw the open overlay for the position on the board")
        self.redraw_button.on_click(lambda _: self.draw_overlay())
        self.overlay_note = w.HTML()
        self.tabs = tabs
        self._overlay_boxes = boxes
        self.tabs.observe(lambda _: self.draw_overlay(), names="selected_index")
        self.record_text = w.Textarea(placeholder="a saved record (JSON) to step through or continue",
                                      layout=w.Layout(width="100%", height="90px"))
        self.save_button = w.Button(description="Show record")
        self.save_button.on_click(lambda _: self.save())
        self.load_button = w.Button(description="Load record")
        self.load_button.on_click(lambda _: self.load(self.record_text.value))
        self.record_note = w.HTML()
        self.note = w.HTML()
        self.board = w.VBox()
        self._drawn_at = None

    def _app_widget(self, form: w.Widget, legend: str, how: tuple[str, str] | None = None) -> w.VBox:
        """The whole app as one box: ``form``, the note, the board, ``legend`` (HTML), the "Redraw" row, the tabs
        and the save/load accordion. With ``how`` (``(one line, the instructions in HTML)``), the instructions
        and the legend come first, each folded to one line (:func:`widgets.apps.how_to_play`), and the form is
        folded too, so the board starts near the top of the page."""
        records = w.VBox([w.HBox([self.save_button, self.load_button]), self.record_note, self.record_text])
        from .coach import CoachPanel  # here: the coach's search loads only with an app

        self.coach = CoachPanel(self)
        if how is not None:
            settings = w.Accordion(children=[form], titles=("New game: players, seed, options",))
            settings.selected_index = None
            return w.VBox([w.HTML(how_to_play(how[0], how[1], legend=legend)), settings, self.note, self.board,
                           self.coach.widget, w.HBox([self.redraw_button, self.overlay_note, self.follow],
                                  layout=w.Layout(align_items="center")), self.tabs,
                           w.Accordion(children=[records], titles=("Save or load a record",))])
        return w.VBox([form, self.note, self.board, self.coach.widget, w.HTML(legend),
                       w.HBox([self.redraw_button, self.overlay_note, self.follow],
                              layout=w.Layout(align_items="center")), self.tabs,
                       w.Accordion(children=[records], titles=("Save or load a record",))])

    # ---- records ----------------------------------------------------------------------------------------------
    def coach_player(self) -> Any:
        """Who plays the random players' seats of a new game: the coach chosen under the board, or ``None``
        (random moves; also before the coach's row exists)."""
        coach = getattr(self, "coach", None)
        return coach.bot_player() if coach is not None else None

    def save(self) -> str:
        """Put the game's record (JSON) in the text box, and return it."""
        self.record_text.value = self.view.record.to_json()
        return self.record_text.value

    def load(self, text: str) -> None:
        """Open a saved record (JSON) to step through or continue, every seat yours (hot-seat); a bad one is
        explained in the note above the board and beside the Load button (``record_note``), nothing changes."""
        record, message = open_record(text, self.GAME, self.GAME_TITLE)
        if record is None:
            self.note.value = message
            self.record_note.value = message
            return
        self.record_note.value = (f"<i>Loaded: {len(record)} actions, shown at position {record.cursor}; the board "
                                  f"above shows it.</i>{message}")  # with any notice (another engine version...)
        self._start(record, set())

    # ---- overlays ---------------------------------------------------------------------------------------------
    def _moved(self, change: Any) -> None:
        """After a redraw of the board: with ``follow``, redraw the overlay if the position changed (not for a mere
        selection); without, say whether the overlay still shows the board's position.

        In a running kernel the overlay is redrawn just after the click's message is handled, so the board's
        update reaches the browser first and the (slower) figure follows. The coach hears of it too
        (:meth:`~widgets.coach.CoachPanel.moved`)."""
        coach = getattr(self, "coach", None)
        if coach is not None:
            coach.moved()
        if not self.follow.value:
            self._show_staleness()
            return
        loop = kernel_loop()
        if loop is None:  # plain Python (tests, scripts): at once
            self._follow()
        else:
            loop.call_soon(self._follow)

    def _follow(self) -> None:
        if self.overlay_is_stale:
            self.draw_overlay()

    @property
    def overlay_is_stale(self) -> bool:
        """True if the overlay was drawn for another position (or another record) than the board shows."""
        return (self.view.record.cursor, len(self.view.record)) != self._drawn_at

    def _show_staleness(self) -> None:
        """The note beside "Redraw": which position the overlay shows, and a warning when the board moved on."""
        cursor = self.view.record.cursor
        if self._drawn_at is None:
            text, style = "", ""
        elif self.overlay_is_stale:
            text = (f"<span style='color:#8a4b00'>⚠ The overlay below shows position {self._drawn_at[0]}; the "
                    f"board is at position {cursor}. Press <b>Redraw</b> to update it.</span>")
            style = "warning"
        else:
            text = f"<span style='color:#5a4a36'>The overlay below shows the board's position ({cursor}).</span>"
            style = ""
        self.overlay_note.value = f"<div style='font-size:12px;margin:0 8px'>{text}</div>" if text else ""
        self.redraw_button.button_style = style

    def draw_overlay_once_shown(self) -> None:
        """Draw the open overlay once the board is on screen (:meth:`~widgets.base.BoardView.when_shown`), just
        after the kernel has answered the browser's request for it: a new page's board is then usable before the
        browser takes in Plotly's script. Outside a kernel (tests, scripts) it draws at once."""
        loop = kernel_loop()
        if loop is None:
            self.draw_overlay()
            return
        view = self.view
        self._drawn_at = None
        self._show_staleness()
        box = self._overlay_boxes[self.tabs.selected_index or 0]
        if not box.children:
            box.children = [w.HTML("<i style='color:#6b6354'>Drawing the chart once the board is on screen…</i>")]
        view.when_shown(lambda: loop.call_soon(lambda: self.draw_overlay() if self.view is view else None))

    def draw_overlay(self) -> None:
        """Redraw the open overlay tab for the position shown (a bug shows as a message, never kills the app)."""
        index = self.tabs.selected_index or 0
        box = self._overlay_boxes[index]
        self._drawn_at = (self.view.record.cursor, len(self.view.record))
        try:
            figure = self.overlay_figure(index)
            figure.update_layout(width=OVERLAY_WIDTH)
            shown = box.children[0] if box.children else None
            if isinstance(shown, go.FigureWidget) and same_traces(shown, figure):
                redraw_in_place(shown, figure)  # much faster in the browser than a new FigureWidget
            else:
                box.children = [go.FigureWidget(figure)]
        except Exception as err:  # an overlay must never break the board
            box.children = [w.HTML(f"<pre>could not draw this overlay: {html.escape(repr(err))}</pre>")]
        self._show_staleness()

    def _ipython_display_(self) -> Any:  # pragma: no cover - display hook for notebooks
        from IPython.display import display
        display(self.widget)
