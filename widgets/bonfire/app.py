"""The Bonfire app: start a game, play it on the board (hot-seat or against random players), overlays.

``BonfireApp().widget`` is what ``notebooks/bonfire/app.ipynb`` shows (one call::

    from widgets.bonfire.app import BonfireApp
    BonfireApp(players=3, seed=7).widget

). Everything the user does goes through the engine: the board is a :class:`~widgets.bonfire.view.BonfireView`
over a :class:`~explorer.core.Record` (``explorer.bonfire.new_game``'s keywords as its options); the overlays are
the pure functions of :mod:`widgets.bonfire.overlays`, drawn for the position shown when a game starts, when a tab
is opened and when the user presses "Redraw" (or after every move, if "Redraw after every move" is ticked). While
an overlay shows an older position than the board, a note beside "Redraw" says so. The overlay tabs, the redraw
button and save/load are :class:`~widgets.figures.OverlayTabs`.

The component data (islands, fate tiles, printed squares, values, council seats, common tasks) is our own, in
the spirit of the game, not the printed components; the legend and the notebook say so.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from typing import Any

import ipywidgets as w
import plotly.graph_objects as go

from explorer.bonfire.components import MAX_PLAYERS, MIN_PLAYERS, Components
from explorer.core import Record

from ..figures import OverlayTabs
from ..tones import HIGHLIGHTS
from .overlays import fate_yield_figure, score_now_figure, scores_over_time_figure
from .view import BonfireView

__all__ = ["HOW_TO_PLAY", "HOW_LINE", "BonfireApp", "COLOURS", "LEGEND", "TABS"]

COLOURS = Components.default().player_colours
"""The players' colours in seat order (the shipped components'): seat 0 is the first colour."""
TABS = ("Fate-tile yield", "Score if it ended now", "Scores over time")
"""The overlay tabs' titles, in order."""

HOW_TO_PLAY = (
    "<p>Choose the number of players (2-4) and a seed, tick which colours are random players (none, for hot-se"
    "at with the mouse passed around), then <b>New game</b>. By default you play orange against random players"
    ". <b>The component data (islands and currents, task discs, fate tiles and the fate area's printed squares"
    ", bonfire values, council seats, common tasks, gnome cards) is OUR OWN, in the spirit of the game, not th"
    "e printed components</b> (see tutorial 1); counts, costs and ranges come from the rules.</p><p>The button"
    "s in the strip between the central board and the players' boards start the game: choose your starting fat"
    "e tile (the spare, or swap it for the fourth tile). <i>Your turn:</i> everything the player to act can do"
    " is outlined with a dashed cyan ring and labelled with the action tiles it costs (<b>⇄</b>: part of the cost is paid wit"
    "h substitutes) or what it gains (+N), as the engine reckons it; hover over an item for the whole payment "
    "or gain. <i>Option I:</i> click the top or the bottom fate tile of your action summary board, then a lit "
    "square of your fate area (the label says which tiles the placement brings); holding too many action tiles"
    ", click one of your tiles to hand it back first. <i>Option II:</i> click a lit <b>island</b> to sail ther"
    "e, a <b>task disc</b> on your island (then an offering disc and a bonfire), a <b>guardian</b> stack, a <b"
    ">path tile</b> on display, a <b>Great Bonfire</b> space, a <b>gnome card</b>, or a procession button. <i>"
    "Option III:</i> click a lit <b>bonfire</b> whose task is fulfilled, then a lit council <b>seat</b> for it"
    "s novice. When one click could mean several actions, a row of choice buttons appears in that strip, with "
    "any refusal and the rule behind it; steps with no place on the board (paying with substitutes, a bonus of"
    " your choice, skipping a claim, passing in the countdown) are buttons too. Discs and tiles turned up by c"
    "hance (an offering disc after a task, a path tile after a build, a specialist after a recruit) are drawn "
    "at once from the game's seeded stream and listed with the other events; tick <b>Let me click for each dra"
    "w</b> to make each draw wait for <b>Let chance decide</b>. A click against the rules is refused with the "
    "rule that forbids it; hover over anything for its details. Beside (or below) the board: what happened and"
    " why (the random players' turns too), the scores, the steps due, and undo, redo and step controls. The ta"
    "bs under the board show what each fate-tile placement would yield, each player's score if the game ended "
    "now by category, and the scores over the game so far. Keyboard: <b>Tab</b> goes through the lit items, th"
    "e <b>arrow keys</b> to a neighbour, <b>Enter</b> clicks, <b>Escape</b> clears a pick. A refusal, or what "
    "a move did, shows in a bubble next to what you clicked.</p>"
)
"""The app's instructions (mouse and keyboard), folded under one line above the board."""
HOW_LINE = "click a lit item on the boards; the buttons in the middle strip do the rest."
"""The one line shown of them."""

LEGEND = (
    "<div style='font-size:12px;margin:4px 0;line-height:1.5'><b>On the board:</b> "
    "at the top, the central board: the <b>islands</b> joined by their currents (task islands show the resource a "
    "task there costs; guardian islands the guardians left), face-up <b>task discs</b> and the players' face-down "
    "offering discs on them, the boats; the <b>Great Bonfire</b> with its 7 spaces, the pointer and the portals; "
    "the <b>council</b>'s 8 seats with their novices and the common tasks with their neutral novices; the path "
    "tiles on display; the elders and specialists (<b>gnome cards</b>); the supply of action tiles. Below, each "
    "player's board: the 5×5 <b>fate area</b> (printed squares give their item when covered), the fate tiles "
    "left on the action summary board (only the top and the bottom one can be placed) with the two face-up "
    "offering discs; the 7 <b>bonfires</b> with their task discs, guardian spaces (points) and portal spaces; the "
    "<b>path</b>; guardians; action tiles and resources held; gnomes. · "
    f"<span style='color:{HIGHLIGHTS['legal'].colour}'>dashed cyan rings</span>: what the player to act can click now, labelled with the "
    "action tiles it costs (<b>⇄</b>: part of the cost is paid with substitutes) or what it gains (+N); hover for "
    f"the whole payment or gain; <span style='color:{HIGHLIGHTS['selected'].colour}'>magenta</span>: "
    "selected; the strip between the central board and the players' boards: what is due, the last message (a "
    "refusal names its rule) and buttons for choices that have no place on the board (how to pay, which reward, "
    "let chance decide). Hover over anything for its details. "
    "<b>The component data is our own, in the spirit of the game, not the printed components.</b></div>")
"""The legend shown under the board (HTML)."""


class BonfireApp(OverlayTabs):
    """A game form, the board, a legend, the overlays in tabs and save/load, as one ipywidgets box (``.widget``).

    Args:
        players: 2-4 (:data:`~explorer.bonfire.components.MIN_PLAYERS`-``MAX_PLAYERS``).
        seed: the game's seed (every draw of the setup and of play, and the random players' choices).
        bots: seats (0 = the first colour, orange) played by random players; default: every seat but 0 (you play
            orange against random players); ``()``: hot-seat, every seat is yours.
        step_chance: True: after your action, each draw (an offering disc or a path tile turned up, a specialist
            from the reserve) waits for a click on "Let chance decide"; False (default): draws are made at once from
            the game's seeded stream and listed with the other events.
        follow: redraw the open overlay after every move (off by default: a Plotly figure is slow to redraw in the
            browser; the "Redraw" button and a note cover it).

    Raises:
        ValueError: for a player count the game does not have (rule ``bonfire.setup.players``), or a seed the
            engine refuses.
    """

    GAME = "bonfire"
    GAME_TITLE = "Bonfire"

    def __init__(self, *, players: int = 3, seed: int = 7, bots: Iterable[int] | None = None,
                 step_chance: bool = False, follow: bool = False) -> None:
        if isinstance(players, bool) or players not in range(MIN_PLAYERS, MAX_PLAYERS + 1):
            raise ValueError(f"Bonfire is for {MIN_PLAYERS}-{MAX_PLAYERS} players, got {players!r}")
        bots = set(range(1, MAX_PLAYERS)) if bots is None else set(bots)
        self.players = w.Dropdown(options=list(range(MIN_PLAYERS, MAX_PLAYERS + 1)), value=players,
                                  description="Players", layout=w.Layout(width="170px"))
        self.seed = w.IntText(value=seed, description="Seed", layout=w.Layout(width="200px"))
        self.bot_boxes = [w.Checkbox(value=k in bots, description=f"{colour}: random player", indent=False,
                                     layout=w.Layout(width="190px")) for k, colour in enumerate(COLOURS)]
        self.players.observe(lambda _: self._show_bot_boxes(), names="value")
        self.step_chance = w.Checkbox(value=step_chance, description="Let me click for each draw", indent=False,
                                      tooltip="each tile or disc turned up waits for “Let chance decide”",
                                      layout=w.Layout(width="210px"))
        self.step_chance.observe(self._set_step_chance, names="value")
        self.start_button = w.Button(description="New game", button_style="primary", icon="fire")
        self.start_button.on_click(lambda _: self.new_game())
        self.figure_boxes = [w.VBox() for _ in TABS]
        notes = (
            "What the player to act (or the first player) would gain from each legal placement of the top and the "
            "bottom fate tile: each square shows the best total of a placement covering it; hover for the "
            "placements.",
            "Each player's score if the game ended now, by category: points already scored in play, then the "
            "final scoring's categories counted on the position shown.",
            "Each player's score if the game ended now, after every action of the game so far.",
        )
        tabs = w.Tab(children=[w.VBox([w.HTML(f"<div style='font-size:12px'>{n}</div>"), box])
                               for n, box in zip(notes, self.figure_boxes)], titles=TABS)
        self._init_overlay_tabs(tabs, self.figure_boxes, follow=follow)
        self.view: BonfireView
        self._bot_row = w.HBox()
        self._show_bot_boxes()
        self._start(Record("bonfire", seed=seed, options={"players": players}), bots)
        form = w.VBox([w.HBox([self.players, self.seed, self.step_chance, self.start_button]), self._bot_row])
        self.widget = self._app_widget(form, LEGEND, how=(HOW_LINE, HOW_TO_PLAY))

    # ---- games ------------------------------------------------------------------------------------------------
    def _show_bot_boxes(self) -> None:
        self._bot_row.children = self.bot_boxes[:self.players.value]

    def _set_step_chance(self, change: Any) -> None:
        self.view.step_chance = bool(change["new"])

    def form_options(self) -> dict[str, Any]:
        """The game options the form describes: ``{"players": n}``."""
        return {"players": self.players.value}

    def _start(self, record: Record, bots: set[int]) -> None:
        players = record.options.get("players", 3)
        bots = {k for k in bots if 0 <= k < players}
        self.players.value = players  # the form shows the game on the board (e.g. after loading a record)
        self.seed.value = record.seed
        for k, box in enumerate(self.bot_boxes[:players]):
            box.value = k in bots
        if hasattr(self, "view"):
            self.view.unobserve(self._moved, names="revision")
        self.view = BonfireView(record, bots=bots, bot_seed=record.seed,
                                bot_player=self.coach_player(), step_chance=self.step_chance.value,
                                title=f"Bonfire, {players} players")
        self.view.observe(self._moved, names="revision")
        self.board.children = [self.view]
        colours = [seat.colour for seat in record.state.seats]
        humans = [colours[k] for k in range(players) if k not in bots]
        if not humans:
            who = "Every seat is a random player: the whole game has been played; step through it."
        elif bots:
            random_ones = ", ".join(colours[k] for k in sorted(bots))
            who = (f"You play {', '.join(humans)}; {random_ones} play{'s' * (len(bots) == 1)} random legal actions, "
                   "a random kind of action first (listed under <b>What happened, and why</b>; Undo and Redo skip "
                   "their actions).")
        else:
            who = "Hot-seat: every seat is yours; each player clicks on their turn."
        self.note.value = (f"<i>{who} The component data is our own, in the spirit of the game, not the printed "
                           "components.</i>")
        self.draw_overlay_once_shown()

    # ---- overlays (OverlayTabs draws them) --------------------------------------------------------------------
    def overlay_figure(self, index: int | None = None) -> go.Figure:
        """The figure of overlay tab ``index`` (default: the open tab; see :data:`TABS`) for the position shown:
        the fate-tile yield of the player to act (``fate_yield_figure``), each player's score if the game ended
        now (``score_now_figure``), and the scores after every action so far (``scores_over_time_figure``)."""
        index = self.tabs.selected_index if index is None else index
        index = 0 if index is None else index
        view = self.view
        makers: tuple[Callable[[], Any], ...] = (
            lambda: fate_yield_figure(view.state),
            lambda: score_now_figure(view.state),
            lambda: scores_over_time_figure(view.record.states[:view.record.cursor + 1]),
        )
        return makers[index]()
