"""The coach beside the board, the same in the four apps: graded hints, a comparison of moves, verdicts on the
user's moves, and coach players in the random players' seats.

* **Hint** (pressed again for more, as in Lichess): first the piece or area to act with is lit on the board, then
  the move itself with what the search found (value, simulations, the share of games in the lead, the margin, what
  the move does with its rules, what came next), then the move is played.
* **Compare moves**: pick two or more legal moves; each is played on the same luck (common random numbers) and
  their outcomes are drawn side by side (:func:`comparison_figure`).
* **Grade my moves** (off by default): after each of your moves, good / inaccuracy / mistake / blunder against
  the coach's best move, with that move named.
* **Opponents**: random moves, or the coach at a chosen budget per move.

All of it is :mod:`explorer.coach` (the engine's search, from the player's own view); this module only shows it.
"""

from __future__ import annotations

import html
from typing import Any

import ipywidgets as w
import plotly.graph_objects as go
from plotly.subplots import make_subplots

from explorer.coach import Comparison, Hint, Player, compare, hint, verdict

__all__ = ["CoachPanel", "comparison_figure", "hint_table", "BUDGETS", "OPPONENTS"]

BUDGETS = (("quick (0.5 s)", 0.5), ("normal (2 s)", 2.0), ("deep (5 s)", 5.0))
"""The coach's budgets offered, in seconds of search per hint (the default is 2 s)."""
OPPONENTS = (("random moves", 0.0), ("the coach, 0.2 s a move", 0.2), ("the coach, 1 s a move", 1.0))
"""How the seats ticked as random players play: random legal moves, or the coach with this budget per move."""
_CELL = "style='padding:1px 14px 1px 0;text-align:left'"
VERDICT_BUDGET = 1.0
"""Seconds of search a verdict on a move takes."""


def hint_table(h: Hint, state: Any) -> str:
    """The suggestions of hint ``h`` as an HTML table (move, value, simulations, the share in the lead or won with
    its 95 % interval, the margin or victims lost), then the first one's facts as a list."""
    coop = bool(h.suggestions) and h.suggestions[0].cooperative
    cols = ("move", "value", "simulations", "team won" if coop else "in the lead (95 %)",
            "victims lost" if coop else "margin")
    head = "<tr>" + "".join(f"<th {_CELL}>{c}</th>" for c in cols) + "</tr>"
    rows = []
    for s in h:
        low, high = s.win_interval
        extra = f"{s.lost:.1f}" if coop else f"{s.margin:+.1f}"
        cells = (f"<b>{html.escape(s.notation)}</b>", f"{s.value:+.2f}", str(s.sims),
                 f"{s.win:.0%} ({low:.0%}–{high:.0%})", extra)
        rows.append("<tr>" + "".join(f"<td {_CELL}>{c}</td>" for c in cells) + "</tr>")
    facts = "".join(f"<li>{html.escape(line)}</li>" for line in h.best.facts(state.players)[1:])
    return (f"<table class='rx-coach' style='font-size:12px;border-collapse:collapse'>{head}{''.join(rows)}</table>"
            + (f"<ul style='font-size:12px;margin:4px 0'>{facts}</ul>" if facts else ""))


def comparison_figure(c: Comparison) -> go.Figure:
    """Several moves side by side (:func:`explorer.coach.compare`): on the left the distribution of the final score
    margin over the rollouts (Flash Point: victims lost), on the right the share of rollouts in the lead (Flash
    Point: the mean value) with its 95 % interval."""
    coop = any(any(d.lost) for d in c.distributions) or all(not any(d.margins) for d in c.distributions)
    left = "victims lost" if coop else "score margin over the best other player"
    right = "value (−1 lost … +1 won)" if coop else "share of rollouts in the lead"
    fig = make_subplots(rows=1, cols=2, subplot_titles=(left, right), horizontal_spacing=0.14)
    names = [d.notation for d in c.distributions]
    for d in c.distributions:
        ys = [float(x) for x in d.lost] if coop else list(d.margins)
        fig.add_trace(go.Box(y=ys, name=d.notation, boxmean=True, showlegend=False), row=1, col=1)
    if coop:
        means = [d.value for d in c.distributions]
        ci = [d.value_interval() for d in c.distributions]
    else:
        means = [d.win for d in c.distributions]
        ci = [d.win_interval() for d in c.distributions]
    fig.add_trace(go.Bar(x=names, y=means, showlegend=False, marker_color="#6b8fb3",
                         error_y=dict(type="data", symmetric=False, array=[hi - m for m, (_, hi) in zip(means, ci)],
                                      arrayminus=[m - lo for m, (lo, _) in zip(means, ci)])), row=1, col=2)
    title = f"{c.rollouts} rollouts per move on the same luck"
    if len(names) > 1:
        diff, half = c.difference(0, len(names) - 1)
        title += f"; value of {names[0]} minus {names[-1]}: {diff:+.2f} ± {half:.2f}"
    fig.update_layout(height=360, width=860, margin=dict(l=50, r=20, t=60, b=60),
                      title=dict(text=title, font=dict(size=13)))
    if not coop:
        fig.update_yaxes(range=[0, 1], row=1, col=2)
    return fig


class CoachPanel:
    """The coach's row under an app's board (``widget``), working on ``app.view`` (whatever game is shown).

    Args:
        app: the app (an :class:`~widgets.figures.OverlayTabs`): its ``view`` is the board.
    """

    def __init__(self, app: Any) -> None:
        self.app = app
        self.hint_button = w.Button(description="Hint", icon="lightbulb-o", layout=w.Layout(width="90px"),
                                    tooltip="Press once: where to act; twice: the move and why; three times: play it")
        self.hint_button.on_click(lambda _: self.hint())
        self.budget = w.Dropdown(options=BUDGETS, value=2.0, description="Coach", layout=w.Layout(width="190px"),
                                 style={"description_width": "45px"})
        self.grading = w.Checkbox(value=False, description="Grade my moves", indent=False,
                                  layout=w.Layout(width="150px"))
        self.opponents = w.Dropdown(options=OPPONENTS, value=0.0, description="Opponents play",
                                    tooltip="How the seats ticked as random players choose their moves",
                                    layout=w.Layout(width="330px"), style={"description_width": "105px"})
        self.opponents.observe(lambda _: self._set_opponents(), names="value")
        self.compare_toggle = w.ToggleButton(value=False, description="Compare moves", icon="bar-chart",
                                             layout=w.Layout(width="140px"))
        self.compare_toggle.observe(lambda _: self._show_compare(), names="value")
        self.choices = w.SelectMultiple(options=[], rows=6, layout=w.Layout(width="360px"),
                                        description="Moves", style={"description_width": "45px"})
        self.compare_button = w.Button(description="Compare", button_style="info", layout=w.Layout(width="100px"))
        self.compare_button.on_click(lambda _: self.compare())
        self.output = w.HTML()
        self.figure_box = w.VBox()
        self.compare_box = w.VBox(layout=w.Layout(display="none"))
        self.compare_box.children = (w.HBox([self.choices, self.compare_button],
                                            layout=w.Layout(align_items="flex-start")), self.figure_box)
        row = w.HBox([self.hint_button, self.budget, self.compare_toggle, self.grading, self.opponents],
                     layout=w.Layout(flex_flow="row wrap", align_items="center"))
        self.widget = w.VBox([row, self.output, self.compare_box], layout=w.Layout(margin="4px 0"))
        self.last_hint: Hint | None = None
        """The hint shown (for the position it was asked in)."""
        self._hint_at: tuple[int, int, int, float] | None = None
        self._grade = 0
        self._graded: tuple[int, int] | None = None

    # ---- where we are ---------------------------------------------------------------------------------------------
    def _position(self) -> tuple[int, int, int]:
        record = self.app.view.record
        return id(record), record.cursor, len(record)

    def _say(self, text: str, kind: str = "info") -> None:
        colour = {"info": "#3a3a3a", "warn": "#8a5a00"}[kind]
        self.output.value = f"<div class='rx-coach-out' style='font-size:13px;color:{colour};margin:4px 0'>{text}</div>"

    def _can_advise(self) -> bool:
        view = self.app.view
        state = view.state
        if state.is_terminal:
            self._say("The game is over: the coach has no move to suggest.")
            return False
        if state.is_chance_node:
            self._say("Chance decides this step: press ▶ (step) or let it happen; the coach advises players.")
            return False
        if view.is_bot_turn(state):
            self._say("A random player is to move: the coach advises the seats you play.")
            return False
        return True

    # ---- hints ----------------------------------------------------------------------------------------------------
    def hint(self) -> None:
        """The next grade of the hint for the position shown: the piece or area, then the move and why, then
        the move played."""
        if not self._can_advise():
            return
        view = self.app.view
        state = view.state
        at = (*self._position(), float(self.budget.value))
        if at != self._hint_at:
            self._say(f"The coach is thinking ({self.budget.value:g} s)…")
            self.last_hint = hint(state, budget_s=self.budget.value, seed=self.app.view.record.seed or 0)
            self._hint_at, self._grade = at, 0
        best = self.last_hint.best
        items = view.items_of(state).get(best.action, ())
        self._grade = self._grade % 3 + 1
        if self._grade == 1 and items and not items[0].startswith("btn:"):
            view.emphasise([best.action], caption="coach: here", first_only=True)
            self._say(f"<b>Hint 1 of 3</b>: act with <b>{html.escape(view.item_name(items[0]))}</b> (lit on the "
                      "board). Press <b>Hint</b> again to see the move and why.")
            return
        if self._grade == 1:
            self._grade = 2
        if self._grade == 2:
            if items:
                view.emphasise([best.action], caption="coach's move")
            self._say(f"<b>Hint 2 of 3</b>: the coach plays <b>{html.escape(best.notation)}</b> "
                      f"({self.last_hint.sims} simulations from what you can see). Press <b>Hint</b> again to play "
                      f"it.{hint_table(self.last_hint, state)}")
            return
        self._hint_at = None
        view.play(best.action)
        self._say(f"Played the coach's move <b>{html.escape(best.notation)}</b>.")

    # ---- comparison -----------------------------------------------------------------------------------------------
    def _show_compare(self) -> None:
        self.compare_box.layout.display = "" if self.compare_toggle.value else "none"
        if self.compare_toggle.value:
            self.refresh_choices()

    def refresh_choices(self) -> None:
        """List the legal moves of the position shown to pick from (none at a chance step or the end)."""
        state = self.app.view.state
        if state.is_terminal or state.is_chance_node:
            self.choices.options = []
            return
        self.choices.options = [(str(a), str(a)) for a in state.legal_actions()]

    def compare(self, actions: Any = None) -> Comparison | None:
        """Compare ``actions`` (default: the moves picked in the list) in the position shown and draw them."""
        if not self._can_advise():
            return None
        picked = list(actions if actions is not None else self.choices.value)
        if len(picked) < 2:
            self._say("Pick two or more moves in the list (Ctrl or Shift + click), then press <b>Compare</b>.", "warn")
            return None
        self._say(f"Comparing {len(picked)} moves on the same luck ({self.budget.value:g} s)…")
        try:
            c = compare(self.app.view.state, picked, budget_s=self.budget.value, seed=self.app.view.record.seed or 0)
        except ValueError as err:  # a move no longer legal (the position changed): the engine's refusal
            self._say(html.escape(str(err)), "warn")
            return None
        self.figure_box.children = (go.FigureWidget(comparison_figure(c)),)
        best = max(c.distributions, key=lambda d: d.value)
        self._say(f"Compared on {c.rollouts} rollouts each: <b>{html.escape(best.notation)}</b> has the best mean "
                  f"value ({best.value:+.2f}). <span style='color:#555'>These values come from quick rollouts straight "
                  f"after each move, with no search tree, so they are not a hint's values: set them against each "
                  f"other.</span>")
        return c

    # ---- after a move -----------------------------------------------------------------------------------------------
    def moved(self) -> None:
        """The board changed: a hint for another position is dropped; the compare list follows the position; with
        "Grade my moves", the user's move just played is graded."""
        if self._hint_at is not None and self._hint_at[:3] != self._position():
            self._hint_at, self._grade = None, 0
            self.output.value = ""
        if self.compare_toggle.value:
            self.refresh_choices()
        if self.grading.value:
            self.grade_last_move()

    def grade_last_move(self) -> None:
        """Grade the user's last move (once), if one was just played."""
        view = self.app.view
        start = getattr(view, "last_move_from", None)
        record = view.record
        if start is None or start >= len(record.actions) or self._graded == (id(record), start):
            return
        before = record.states[start]
        if before.is_chance_node or before.is_terminal:
            return
        self._graded = (id(record), start)
        v = verdict(before, record.actions[start], budget_s=VERDICT_BUDGET, seed=record.seed or 0)
        colour = {"good": "#2e7d32", "inaccuracy": "#8a6d00", "mistake": "#b35900", "blunder": "#b00020"}[v.grade]
        self._say(f"Your move <b>{html.escape(v.played)}</b>: <b style='color:{colour}'>{v.grade}</b> — "
                  f"{html.escape(v.describe().split(': ', 1)[1])} (value from −1 to +1).")

    # ---- opponents --------------------------------------------------------------------------------------------------
    def bot_player(self) -> Player | None:
        """The player for the random players' seats chosen in :attr:`opponents` (``None``: random moves)."""
        budget = float(self.opponents.value)
        view = getattr(self.app, "view", None)
        seed = (view.record.seed or 0) if view is not None else 0
        return Player(budget_s=budget, seed=seed) if budget > 0 else None

    def _set_opponents(self) -> None:
        self.app.view.bot_player = self.bot_player()
        who = "the coach" if self.app.view.bot_player else "random legal moves"
        self._say(f"The seats ticked as random players now play {who}.")
