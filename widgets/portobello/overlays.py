"""Plotly overlays on Portobello Market: what each move scores now, what each open lane is worth, scores by turn.

Every function here is pure: it reads immutable engine values (a :class:`~explorer.portobello.State`, a
:class:`~explorer.core.Record`) and returns data or a new :class:`plotly.graph_objects.Figure` (never a
``FigureWidget``, no random trace uids), so two calls on the same input give equal ``fig.to_dict()``. All rule
logic stays in the engine: a move's value is read off the state after ``State.apply`` (the engine's lane scoring
``portobello.score.lane``, district scoring ``portobello.score.district``, ...); the multipliers are the engine's
(:func:`explorer.portobello.components.multiplier`).

The board is drawn from ``state.board`` (the reconstruction unless the user loaded their own): districts as faint
triangles between their corner squares, lanes as lines between squares, stall spaces at
:meth:`~explorer.portobello.Board.space_pos`, in map units (x east, y **down**: the y axis is reversed, with
equal aspect).

* :func:`move_values` / :func:`move_value_figure` — each legal move of the player to act and the points it scores
  at once, for every player.
* :func:`expected_lane_values` / :func:`expected_lane_figure` — each open lane's expected final score per player
  for its current stalls, under a stated model of the customers still to come (exact fractions).
* :func:`score_over_time_figure` — each player's score after every turn.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field
from fractions import Fraction
from typing import Any

import plotly.graph_objects as go
from plotly.subplots import make_subplots

from explorer.core import Record
from explorer.portobello import RULES, State
from explorer.portobello.actions import Build, DrawCustomer, MoveBobby, PlaceCustomer, PlaceLord, ScoreDistrict
from explorer.portobello.components import CITIZEN, LORD, SERVANT, multiplier
from explorer.portobello.customers import free_squares
from explorer.portobello.events import LaneScored, TurnEnded
from explorer.portobello.scoring import CATEGORIES, stall_points

from .scene import CUSTOMER_FILL, PLAYER_FILL

__all__ = ["MoveValue", "DrawValue", "move_values", "draw_values", "move_value_figure", "LaneExpectation",
           "customers_to_come", "expected_lane_values", "expected_lane_figure", "score_over_time_figure",
           "KIND_COLOURS"]

KIND_COLOURS = {"build": "#8c6d31", "place": "#d6616b", "lord": "#222222", "district": "#3182bd"}
"""Bar colour of each kind of move in :func:`move_value_figure`."""
MAX_BARS = 16
"""At most this many moves (the best) get a bar."""
_DISTRICT_FILL = "#f3ecdc"
_LANE = "#bdb39c"
_SCORED_LANE = "#e6c35c"


def _check_state(state: Any) -> State:
    if not isinstance(state, State):
        raise TypeError(f"expected a Portobello Market State, got {type(state).__name__}")
    return state


def _rule(rule_id: str) -> str:
    """A rule named for the player in a title: ``"rule: <its title>"`` (the id is the notebooks'; issue 18)."""
    return f"rule: {RULES[rule_id].title}"


# ---- 1. what each move scores now ----------------------------------------------------------------------------------
@dataclass(frozen=True)
class MoveValue:
    """One legal move and the points it scores at once (see :func:`move_values`)."""

    action: str
    """The move's notation, e.g. ``"build c 1"``."""
    kind: str
    """``"build"``, ``"place"`` (the drawn customer on a square), ``"lord"`` or ``"district"``."""
    target: str
    """The board item it acts on, as the scene names it: ``space:c:1``, ``square:s4``, ``district:d7``."""
    mover: str
    """The player making it."""
    gains: dict[str, int]
    """Points each player scores at once (0 for everyone if nothing scores), in seat order."""
    lanes: tuple[str, ...] = ()
    """The lanes it makes score (``portobello.score.lane``)."""

    @property
    def points(self) -> int:
        """What the mover scores at once."""
        return self.gains.get(self.mover, 0)


@dataclass(frozen=True)
class DrawValue:
    """Before drawing a customer: one possible customer, its probability and the best square for it."""

    kind: str
    """``"servant"`` or ``"citizen"``."""
    probability: Fraction
    """Its chance to come out (the bag's share; 1 for the queue's first in the variant)."""
    best: MoveValue | None
    """The placement scoring most for the mover (ties: the first square in board order)."""


def _value_of(state: State, action: Any, kind: str, target: str) -> MoveValue:
    after = state.apply(action)
    gains = {seat.colour: new.score - seat.score for seat, new in zip(state.seats, after.seats)}
    lanes = tuple(e.lane for e in after.events if isinstance(e, LaneScored))
    return MoveValue(str(action), kind, target, state.name(state.active), gains, lanes)


def move_values(state: State) -> list[MoveValue]:
    """Every legal move of the player to act that can score at once, and what it scores, per player.

    The moves valued: in the ``choose`` phase each district scoring (``district d7 x4``,
    ``portobello.score.district``); in the ``actions`` phase each stall to build (``build c 1``: a lane filled with
    customers at both ends scores, ``portobello.score.lane``) and the Lord (``lord``, ``portobello.lord.place``);
    in the ``place`` phase each empty square for the drawn customer (``place s4``: the lanes it completes score).
    Each move is applied to the (immutable) state and the score changes are read off the new state, so the
    values are the engine's. Choosing a token, drawing (chance: see :func:`draw_values`), moving the bobby
    (it only costs: see the view's route) and ending the turn are not listed. In legal-action order.

    >>> from explorer.portobello import new_game
    >>> s = new_game(players=2, seed=1).apply("bobby d1").apply("act 2")
    >>> [(v.action, v.points) for v in move_values(s)][:2]
    [('build a 0', 0), ('build a 3', 0)]

    Raises:
        TypeError: if ``state`` is not a Portobello State.
    """
    state = _check_state(state)
    if state.is_terminal or state.is_chance_node:
        return []
    out: list[MoveValue] = []
    for action in state.legal_actions():
        if isinstance(action, Build):
            out.append(_value_of(state, action, "build", f"space:{action.lane}:{action.index}"))
        elif isinstance(action, PlaceCustomer):
            out.append(_value_of(state, action, "place", f"square:{action.square}"))
        elif isinstance(action, PlaceLord):
            square = free_squares(state)[0]  # the Lord takes the last free square (portobello.lord.place)
            out.append(_value_of(state, action, "lord", f"square:{square}"))
        elif isinstance(action, ScoreDistrict):
            out.append(_value_of(state, action, "district", f"district:{action.district}"))
    return out


def draw_values(state: State) -> list[DrawValue]:
    """If the player to act draws a customer now: each customer that can come, its probability, and the square
    where it would score most at once for them (from :func:`move_values` after the forced draw). Empty unless
    ``customer`` is legal.

    Raises:
        TypeError: if ``state`` is not a Portobello State.
    """
    state = _check_state(state)
    if state.is_terminal or state.is_chance_node or DrawCustomer() not in state.legal_actions():
        return []
    drawn = state.apply(DrawCustomer())
    outcomes = drawn.chance_outcomes() if drawn.is_chance_node else [(None, Fraction(1))]
    out = []
    for outcome, p in outcomes:
        placing = drawn.apply(outcome) if outcome is not None else drawn
        values = move_values(placing)
        best = max(values, key=lambda v: v.points, default=None)
        out.append(DrawValue(placing.pending or "", Fraction(p), best))
    return out


def _board_traces(state: State, *, xaxis: str = "x", yaxis: str = "y") -> list[go.Scatter]:
    """The board as traces: districts, lanes, scored lanes (gold), free spaces, each player's stalls, squares by
    customer, the bobby. Always the same traces for a player count (some may be empty), so a figure shown in
    the app can be updated in place from one position to the next."""
    board = state.board
    axes = {"xaxis": xaxis, "yaxis": yaxis}
    traces: list[go.Scatter] = []
    xs: list[float | None] = []
    ys: list[float | None] = []
    for d in board.districts.values():
        corners = [board.squares[s].pos for s in d.squares]
        if xs:
            xs.append(None)
            ys.append(None)
        xs += [p[0] for p in corners] + [corners[0][0]]
        ys += [p[1] for p in corners] + [corners[0][1]]
    traces.append(go.Scatter(x=xs, y=ys, mode="lines", fill="toself", fillcolor=_DISTRICT_FILL, name="districts",
                             line={"color": "#d8cdb5", "width": 0.5}, hoverinfo="skip", showlegend=False, **axes))
    for scored in (False, True):
        xs, ys = [], []
        for lane, info in board.lanes.items():
            if state.is_scored(lane) != scored:
                continue
            (x1, y1), (x2, y2) = (board.squares[s].pos for s in info.ends)
            xs += [x1, x2, None]
            ys += [y1, y2, None]
        traces.append(go.Scatter(x=xs, y=ys, mode="lines", name="scored lanes" if scored else "lanes",
                                 line={"color": _SCORED_LANE if scored else _LANE, "width": 7},
                                 hoverinfo="skip", showlegend=scored and bool(xs), **axes))
    groups: dict[str | None, list[tuple[str, int]]] = {None: [], **{name: [] for name in state.players}}
    for lane in board.lanes:
        for k, owner in enumerate(state.stalls_on(lane)):
            groups.setdefault(None if owner is None else state.name(owner), []).append((lane, k))
    for owner, spaces in groups.items():
        pos = [board.space_pos(lane, k) for lane, k in spaces]
        traces.append(go.Scatter(
            x=[p[0] for p in pos], y=[p[1] for p in pos], mode="markers+text",
            name=f"{owner} stalls" if owner else "free spaces",
            text=[str(board.value(lane, k)) for lane, k in spaces], textfont={"size": 9, "color": "#333333"},
            customdata=[f"space:{lane}:{k}" for lane, k in spaces],
            hovertemplate="%{customdata}: worth %{text}" + (f", {owner}" if owner else ", free") + "<extra></extra>",
            marker={"symbol": "square", "size": 13, "color": PLAYER_FILL.get(owner, "#fffdf6"),
                    "line": {"color": "#555555", "width": 0.8}, "opacity": 0.85 if owner else 1},
            showlegend=False, **axes))
    sq = list(board.squares)
    kinds = [state.customer_at(s) for s in sq]
    traces.append(go.Scatter(
        x=[board.squares[s].pos[0] for s in sq], y=[board.squares[s].pos[1] for s in sq], mode="markers+text",
        name="squares", text=sq, textposition="top center", textfont={"size": 9},
        customdata=[k or "empty" for k in kinds], hovertemplate="%{text}: %{customdata}<extra></extra>",
        marker={"size": 16, "color": [CUSTOMER_FILL.get(k, "#ffffff") for k in kinds],
                "line": {"color": "#6b5d4d", "width": 1.5}}, showlegend=False, **axes))
    spot = [board.districts[state.bobby].bobby] if state.bobby else []  # empty before it is placed
    traces.append(go.Scatter(x=[p[0] for p in spot], y=[p[1] for p in spot], mode="markers", name="the bobby",
                             hovertemplate="the bobby<extra></extra>", showlegend=False,
                             marker={"symbol": "pentagon", "size": 14, "color": "#1b2a4a"}, **axes))
    return traces


def _target_point(state: State, target: str) -> tuple[float, float]:
    kind, _, rest = target.partition(":")
    board = state.board
    if kind == "space":
        lane, _, k = rest.partition(":")
        return board.space_pos(lane, int(k))
    if kind == "square":
        return board.squares[rest].pos
    return board.districts[rest].bobby


def _map_axes(state: State) -> dict[str, Any]:
    board = state.board
    common = {"visible": False, "showgrid": False, "zeroline": False, "showticklabels": False}
    return {"x": {"range": [-10, board.width + 10], **common, "constrain": "domain"},
            "y": {"range": [board.height + 10, -10], **common, "scaleanchor": "x", "scaleratio": 1,
                  "constrain": "domain"}}


def _axis_key(ref: str) -> str:
    """The layout key of the axis ``ref``: ``"x2"`` -> ``"xaxis2"``."""
    return f"{ref[0]}axis{ref[1:]}"


def _show_axes(fig: go.Figure, shown: bool, *, xaxis: str = "x", yaxis: str = "y",
               empty: str = "") -> None:
    """Show the axes ``xaxis``/``yaxis`` of ``fig``, or, if not ``shown`` (nothing to plot on them), hide them
    and write ``empty`` in their place (an annotation named ``"empty"``). The axes' visibility is always set,
    so a figure shown in the app updates in place either way."""
    fig.update_layout({_axis_key(xaxis): {"visible": shown}, _axis_key(yaxis): {"visible": shown}})
    if not shown:
        fig.add_annotation(text=empty, xref=f"{xaxis} domain", yref=f"{yaxis} domain", x=0.5, y=0.5,
                           showarrow=False, font={"size": 14, "color": "#5a4a36"}, align="center", name="empty")


def _gains_text(gains: Mapping[str, int]) -> str:
    return ", ".join(f"{name} {'+' if n >= 0 else ''}{n}" for name, n in gains.items())


def move_value_figure(state: State) -> go.Figure:
    """The board with what each legal move scores at once for the player to act, and the same as bars.

    Left: the board (districts, lanes with scored ones gold, stall spaces by owner with their printed value,
    squares by customer, the bobby), then the ``"move values"`` trace: one marker per target (the space to build,
    the square to place on, the district to score), with the best of its moves (a district has a ×2 and a ×4
    scoring), coloured by the mover's points (``marker.color``, colour scale ``Greens``), with the text ``"+6"``
    (none for 0); hover lists each move there with every player's gain and the lanes scored; ``customdata`` = the
    targets' item ids; ``meta={"values": {notation: points}}`` for every move. Right: a horizontal bar per move
    (``"points now"``, best first, at most :data:`MAX_BARS`, coloured by kind: :data:`KIND_COLOURS`), ``y`` =
    notation, ``x`` = the mover's points. In the ``actions`` phase the title also gives :func:`draw_values` when
    drawing a customer is legal, and says that moving the bobby only pays tolls when it is legal. With no move to
    value (at the end, at a chance step, or when only moves that score nothing are left) the bars' axes are
    hidden and an annotation (``name="empty"``) says why. Illustrates ``portobello.score.lane`` (seed p. 2-3),
    ``portobello.score.multiplier`` (p. 3) and ``portobello.score.district`` (p. 4).

    Raises:
        TypeError: if ``state`` is not a Portobello State.
    """
    state = _check_state(state)
    values = move_values(state)
    who = state.name(state.active) if not state.is_terminal else None
    fig = make_subplots(rows=1, cols=2, column_widths=[0.64, 0.36], horizontal_spacing=0.06,
                        subplot_titles=("on the board", "points now, per move"))
    for trace in _board_traces(state):
        fig.add_trace(trace, row=1, col=1)
    targets: dict[str, list[MoveValue]] = {}
    for v in values:
        targets.setdefault(v.target, []).append(v)
    pts = [_target_point(state, t) for t in targets]
    best = [max(v.points for v in moves) for moves in targets.values()]
    hover = []
    for moves in targets.values():
        lines = []
        for v in moves:
            line = f"<b>{v.action}</b>: {_gains_text(v.gains)}"
            if v.lanes:
                line += f" (scores lane{'s' * (len(v.lanes) > 1)} {', '.join(v.lanes)})"
            lines.append(line)
        hover.append("<br>".join(lines))
    fig.add_trace(go.Scatter(
        x=[p[0] for p in pts], y=[p[1] for p in pts], mode="markers+text", name="move values",
        text=[f"+{b}" if b > 0 else ("" if b == 0 else str(b)) for b in best], textposition="middle right",
        textfont={"size": 13, "color": "#0b3d1e"}, customdata=list(targets), hovertext=hover,
        hovertemplate="%{hovertext}<extra></extra>",
        marker={"size": 20, "color": best, "colorscale": "Greens", "cmin": 0, "cmax": max(best + [1]),
                "opacity": 0.8, "line": {"color": "#0b3d1e", "width": 1.5}, "symbol": "circle-open-dot"},
        meta={"values": {v.action: v.points for v in values}}, showlegend=False), row=1, col=1)
    ranked = sorted(values, key=lambda v: (-v.points, v.action))[:MAX_BARS]
    fig.add_trace(go.Bar(
        y=[v.action for v in ranked], x=[v.points for v in ranked], orientation="h", name="points now",
        marker={"color": [KIND_COLOURS[v.kind] for v in ranked]},
        text=[str(v.points) for v in ranked], textposition="outside",
        hovertext=[_gains_text(v.gains) for v in ranked], hovertemplate="%{y}: %{hovertext}<extra></extra>",
        meta={"kinds": [v.kind for v in ranked], "shown": len(ranked), "moves": len(values)},
        showlegend=False), row=1, col=2)
    axes = _map_axes(state)
    fig.update_xaxes(axes["x"], row=1, col=1)
    fig.update_yaxes(axes["y"], row=1, col=1)
    fig.update_yaxes(autorange="reversed", row=1, col=2)
    fig.update_xaxes(title_text=f"points for {who}" if who else "points", row=1, col=2)
    bobby = (not state.is_terminal and not state.is_chance_node and state.phase == "actions"
             and any(isinstance(a, MoveBobby) for a in state.legal_actions()))
    tolls = ("moving the bobby scores nothing: it only pays tolls (click a district on the board to see the route "
             f"and its tolls, {_rule('portobello.bobby.toll')})")
    if state.is_terminal:
        heading = "The game is over: no move left to value"
        empty = "The game is over:<br>no move left to value"
    elif state.is_chance_node:
        heading = "Chance decides next: no move to value"
        empty = "Chance decides next:<br>no move to value"
    elif not values:
        heading = f"{who} ({state.phase}): no move here scores at once"
        empty = "No move here<br>scores at once"
        if bobby:
            heading += f"<br><sup>{tolls}</sup>"
            empty += "<br>(moving the bobby<br>only pays tolls)"
    else:
        best = max(v.points for v in values)
        verdict = f"best +{best}" if best > 0 else "nothing scores at once yet"
        heading = (f"What each move scores now for {who} ({state.phase}): {verdict}"
                   f"<br><sup>points scored at once (lanes completed: {_rule('portobello.score.lane')}; "
                   f"districts: {_rule('portobello.score.district')})</sup>")
        empty = ""
        if bobby:
            heading += f"<br><sup>{tolls}</sup>"
    _show_axes(fig, bool(values), xaxis="x2", yaxis="y2", empty=empty)
    draws = draw_values(state)
    if draws:
        parts = []
        for d in draws:
            if d.best and d.best.points > 0:
                where = f"best {d.best.target.split(':')[1]} +{d.best.points}"
            else:
                where = "nothing scores at once"
            parts.append(f"a {d.kind} (chance {_show_decimal(d.probability)}): {where}")
        heading += "<br><sup>if you draw a customer: " + "; ".join(parts) + "</sup>"
    fig.update_layout(title={"text": heading, "x": 0.01, "xanchor": "left"}, template="plotly_white",
                      height=580, margin={"l": 10, "r": 20, "t": 140, "b": 30}, hovermode="closest",
                      legend={"orientation": "h", "yanchor": "top", "y": -0.02, "x": 0})
    return fig


# ---- 2. what each open lane is worth -------------------------------------------------------------------------------
@dataclass(frozen=True)
class LaneExpectation:
    """An open lane's expected final score for its current stalls (see :func:`expected_lane_values`)."""

    lane: str
    ends: tuple[str | None, str | None]
    """The customers at its ``from`` and ``to`` squares (``None``: empty)."""
    stall_points: dict[str, int]
    """Per player with stalls on it, the printed points under their stalls (before the multiplier)."""
    multipliers: dict[int, Fraction]
    """The multiplier's distribution: value -> exact probability (0 means the lane never scores)."""
    free_spaces: int
    """Spaces still free on the lane."""
    expected_points: dict[str, Fraction] = field(default_factory=dict)
    """Per player, stall points times the expected multiplier."""

    @property
    def expected_multiplier(self) -> Fraction:
        """The expected multiplier, exactly."""
        return sum((m * p for m, p in self.multipliers.items()), Fraction(0))


def customers_to_come(state: State) -> tuple[int, int, int]:
    """``(servants, citizens, lords)`` still to arrive on the board: the bag (in the variant: the queue, plus
    any not yet laid out), the customer drawn and waiting to be placed, and the Lord if not yet placed.

    >>> from explorer.portobello import new_game
    >>> customers_to_come(new_game(players=2, seed=1))
    (5, 5, 1)

    Raises:
        TypeError: if ``state`` is not a Portobello State.
    """
    state = _check_state(state)
    servants, citizens = state.bag
    servants += state.queue.count(SERVANT)
    citizens += state.queue.count(CITIZEN)
    if state.pending == SERVANT:
        servants += 1
    elif state.pending == CITIZEN:
        citizens += 1
    return servants, citizens, 0 if state.lord_square else 1


def _end_distribution(known: str | None, other: str | None, pool: tuple[int, int, int]) -> dict[int, Fraction]:
    """The multiplier's distribution for a lane whose ends hold ``known`` and ``other`` (``None``: empty), when
    the empty ends get customers drawn uniformly without replacement from ``pool``."""
    kinds = ((SERVANT, pool[0]), (CITIZEN, pool[1]), (LORD, pool[2]))
    total = sum(pool)
    dist: dict[int, Fraction] = {}

    def add(m: int, p: Fraction) -> None:
        if p:
            dist[m] = dist.get(m, Fraction(0)) + p

    if known is not None and other is not None:
        return {multiplier(known, other): Fraction(1)}
    if known is None and other is not None:
        known, other = other, None
    if known is not None:  # one empty end
        if total < 1:
            return {0: Fraction(1)}
        for kind, n in kinds:
            add(multiplier(known, kind), Fraction(n, total))
        return dist
    if total < 2:  # two empty ends and not enough pieces to fill them: it never scores
        return {0: Fraction(1)}
    for i, (a, na) in enumerate(kinds):  # two empty ends: an unordered pair without replacement
        for b, nb in kinds[i:]:
            ways = na * (na - 1) // 2 if a == b else na * nb
            if ways:
                add(multiplier(a, b), Fraction(ways, total * (total - 1) // 2))
    return dist


def expected_lane_values(state: State) -> dict[str, LaneExpectation]:
    """For each open (unscored) lane, the expected final score per player of the stalls on it now.

    **The model (an assumption, not a rule):**

    1. The lane does score in the end, with the stalls it holds now: either it fills and scores when both ends
       hold a customer (``portobello.score.lane``), or the Lord's scoring reaches it (``portobello.end.lord-
       scoring``, which scores its stalls as if full). Stalls still to be built are not counted, and the chance
       that the game ends before the lane is served is ignored.
    2. Every empty square will be filled: the customers still to come (:func:`customers_to_come`: the bag's
       servants and citizens, or the queue's in the customer-queue variant, plus a drawn customer waiting to be
       placed) and the Lord (who takes the last free square, ``portobello.lord.place``) exactly fill them.
    3. Which of those pieces lands on which empty square is uniformly random: players' choices are not modelled.
       So the customer at one empty end is drawn uniformly from what is left (servant ``S/T``, citizen ``C/T``,
       the Lord ``1/T`` with ``T = S + C + 1``); two empty ends get a uniformly random pair drawn without
       replacement (hypergeometric: e.g. two citizens with probability ``C(C-1) / (T(T-1))``). In the variant the
       queue's order is known but, with the squares chosen at random, only its counts matter.

    The multiplier of a pair is the engine's (``portobello.score.multiplier``: servant+servant ×1,
    servant+citizen ×2, citizen+citizen ×3, Lord+servant ×3, Lord+citizen ×4); the expected multiplier and the
    expected points (printed stall points × expected multiplier) are exact :class:`~fractions.Fraction`.

    Returns ``{lane id: LaneExpectation}`` in board order, every unscored lane (lanes without stalls too, whose
    ``expected_points`` is empty); empty once the game is over (no lane scores any more).

    >>> from explorer.portobello import new_game
    >>> lanes = expected_lane_values(new_game(players=2, seed=1))
    >>> lanes["c"].expected_multiplier  # two empty ends; 5 servants, 5 citizens and the Lord to come
    Fraction(25, 11)

    Raises:
        TypeError: if ``state`` is not a Portobello State.
    """
    state = _check_state(state)
    if state.is_terminal:
        return {}
    pool = customers_to_come(state)
    out: dict[str, LaneExpectation] = {}
    for lane, info in state.board.lanes.items():
        if state.is_scored(lane):
            continue
        ends = tuple(state.customer_at(sq) for sq in info.ends)
        dist = _end_distribution(ends[0], ends[1], pool)
        points = {state.name(seat): p for seat, p in stall_points(state, lane).items()}
        mean = sum((m * p for m, p in dist.items()), Fraction(0))
        out[lane] = LaneExpectation(lane, ends, points, dict(sorted(dist.items())), state.stalls_on(lane).count(None),
                                    {name: p * mean for name, p in points.items()})
    return out


def _count(n: int, noun: str) -> str:
    return f"{n} {noun}{'s' * (n != 1)}"


def _show_fraction(value: Fraction) -> str:
    """The exact value as the engine keeps it (``"8/3"``), for ``meta`` (machines and tests)."""
    return str(value.numerator) if value.denominator == 1 else f"{value.numerator}/{value.denominator}"


def _show_decimal(value: Fraction) -> str:
    """A value as the player reads it: a whole number, or a decimal with at most two places (``"2.67"``, never
    ``"8/3"``; issue 18)."""
    return str(value.numerator) if value.denominator == 1 else f"{float(value):.2f}".rstrip("0").rstrip(".")


def expected_lane_figure(state: State) -> go.Figure:
    """Grouped bars: per open lane with stalls, each player's expected final points for their stalls now.

    One bar trace per player (in seat order, named by colour, in the player's colour), ``x`` = lane ids (board
    order), ``y`` = expected points as floats, ``text`` = the value in decimals (``"5.33"``, never a fraction);
    ``meta={"player": name, "exact": {lane: "16/3"}}``. The x tick labels give the lane and its expected multiplier
    (``"c<br>×2.67 expected"``);
    hover gives the ends, the stall points and the multiplier's distribution. The title states the model (see
    :func:`expected_lane_values`) and the customers still to come; at the end it says the game is over. With no
    bar to draw the axes are hidden and an annotation (``name="empty"``) says why.

    Raises:
        TypeError: if ``state`` is not a Portobello State.
    """
    state = _check_state(state)
    lanes = [e for e in expected_lane_values(state).values() if e.stall_points]
    servants, citizens, lords = customers_to_come(state)
    fig = go.Figure()
    ticks = [f"{e.lane}<br>×{_show_decimal(e.expected_multiplier)} expected" for e in lanes]
    for name in state.players:
        values = [e.expected_points.get(name, Fraction(0)) for e in lanes]
        hover = []
        for e in lanes:
            ends = " and ".join(k or "empty" for k in e.ends)
            dist = ", ".join(f"×{m}: chance {_show_decimal(p)}" for m, p in e.multipliers.items())
            hover.append(f"lane {e.lane} ({ends}), {e.free_spaces} free space{'s' * (e.free_spaces != 1)}<br>"
                         f"{name}: {e.stall_points.get(name, 0)} stall points × "
                         f"expected multiplier ×{_show_decimal(e.expected_multiplier)}<br>multiplier: {dist}")
        fig.add_trace(go.Bar(x=[e.lane for e in lanes], y=[float(v) for v in values], name=name,
                             text=[_show_decimal(v) if v else "" for v in values], textposition="outside",
                             marker={"color": PLAYER_FILL.get(name, "#888888")}, hovertext=hover,
                             hovertemplate="%{hovertext}<br>expected: %{y:.2f}<extra></extra>",
                             meta={"player": name, "exact": {e.lane: _show_fraction(v)
                                                             for e, v in zip(lanes, values)}}))
    pieces = f"{_count(servants, 'servant')}, {_count(citizens, 'citizen')}{' and the Lord' if lords else ''}"
    model = (f"<br><sup>model (an assumption): every lane scores in the end with the stalls it has now; the "
             f"{pieces} still to come fill the empty squares</sup><br><sup>at random, without replacement "
             f"(players' choices not modelled); multipliers {_rule('portobello.score.multiplier')}</sup>")
    if state.is_terminal:
        heading = ("The game is over: no open lane scores any more<br><sup>the final scores are in the side panel "
                   "and the Scores tab</sup>")
        empty = "The game is over:<br>no open lane scores any more"
    elif not lanes:
        heading = "No stalls on open lanes yet" + model
        empty = "No stalls on open lanes yet:<br>build some to see what they may score"
    else:
        heading = "Expected final points of the stalls on each open lane" + model
        empty = ""
    _show_axes(fig, bool(lanes), empty=empty)
    fig.update_layout(title={"text": heading, "x": 0.01, "xanchor": "left"}, barmode="group",
                      template="plotly_white", height=440, margin={"l": 50, "r": 10, "t": 110, "b": 60},
                      xaxis={"tickmode": "array", "tickvals": [e.lane for e in lanes], "ticktext": ticks,
                             "title": {"text": "lane (expected multiplier)"}},
                      yaxis={"title": {"text": "expected points"}},
                      legend={"orientation": "h", "yanchor": "bottom", "y": 1.0, "x": 1, "xanchor": "right"})
    return fig


# ---- 3. scores over time -------------------------------------------------------------------------------------------
def score_over_time_figure(record_or_states: Record | Iterable[State]) -> go.Figure:
    """Each player's score after every turn of a game, one line per player in their colour.

    ``record_or_states`` is a :class:`~explorer.core.Record` of a Portobello game (all its states, the redo tail
    included) or any sequence of states of one game in order. A turn ends with a ``TurnEnded`` event
    (``portobello.turn.flip``); the x axis counts turns completed (0 = the first state), the y axis is the total
    score (10 at the start, ``portobello.setup.scores``). Each line has ``meta={"player": name, "totals":
    [...]}``; hover gives the round and the breakdown by category (:data:`explorer.portobello.scoring.CATEGORIES`:
    start, lanes, districts, bobby tolls, Lord).

    Raises:
        TypeError: if the argument is neither a Record nor states of Portobello.
        ValueError: if the record is of another game, or there are no states.
    """
    if isinstance(record_or_states, Record):
        if record_or_states.game != "portobello":
            raise ValueError(f"this is a record of {record_or_states.game!r}, not of Portobello Market")
        states = list(record_or_states.states)
    else:
        states = list(record_or_states)
        for s in states:
            _check_state(s)
    if not states:
        raise ValueError("no states to plot")
    turns = 0
    by_turn: dict[int, State] = {0: states[0]}
    for s in states[1:]:
        turns += sum(1 for e in s.events if isinstance(e, TurnEnded))
        by_turn[turns] = s
    xs = sorted(by_turn)
    final = by_turn[xs[-1]]
    fig = go.Figure()
    for seat, name in enumerate(final.players):
        totals = [by_turn[t].seats[seat].score for t in xs]
        hover = []
        for t in xs:
            s = by_turn[t]
            parts = s.scores()[name]
            hover.append(f"{name} after turn {t} (round {s.round})<br>"
                         + "<br>".join(f"{c}: {parts[c]}" for c in CATEGORIES) + f"<br>total: {parts.total}")
        fig.add_trace(go.Scatter(x=xs, y=totals, mode="lines+markers", name=name,
                                 line={"color": PLAYER_FILL.get(name, "#888888"), "width": 2.5}, marker={"size": 5},
                                 hovertext=hover, hovertemplate="%{hovertext}<extra></extra>",
                                 meta={"player": name, "totals": totals}))
    end = "game over" if final.is_terminal else f"round {final.round}, {final.phase}"
    fig.update_layout(
        title={"text": f"Scores after each turn ({len(final.players)} players, {end})<br><sup>10 to start, lane "
                       "and district scorings, bobby tolls, the Lord's scoring at the end</sup>", "x": 0.01, "xanchor": "left"},
        template="plotly_white", height=420, margin={"l": 50, "r": 10, "t": 90, "b": 50}, hovermode="closest",
        xaxis={"title": {"text": "turns completed"}}, yaxis={"title": {"text": "points"}},
        legend={"orientation": "h", "yanchor": "bottom", "y": 1.0, "x": 1, "xanchor": "right"})
    return fig
