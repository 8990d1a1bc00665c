"""Plotly overlays on the London 1666 map: where the fire can go, how likely each district burns, scores by turn.

Every function here is pure: it reads immutable engine values (a :class:`~explorer.london1666.State`, a
:class:`~explorer.core.Record`) and returns a new :class:`plotly.graph_objects.Figure` (never a
``FigureWidget``), with no random trace uids, so two calls on the same input give equal ``fig.to_dict()``.
All rule logic stays in the engine (:mod:`explorer.london1666.spreading`, :mod:`explorer.london1666.scoring`);
this module only draws what the engine answers.

The map is drawn from ``state.board`` (the reconstructed board unless the user loaded their own): each
district's ``polygon`` in map units (x to the east, y **down**, so the y axis is reversed), the regions as soft
fills (purple, blue, green, orange), green zones in a darker green, and the board's ``features`` (the Thames,
the Fleet, the city wall) when the board file has them. Plotly shapes have no hover, so districts are filled
scatter traces (``fill="toself"``; one trace per group, polygons separated by ``None``) and a transparent marker
trace at each district's ``label`` point carries the hover text.

* :func:`fire_options_figure` — the legal spreads of the fire now, by priority level (``london.fire.priority``).
* :func:`burn_risk` / :func:`burn_risk_figure` — seeded Monte Carlo estimate of each district's chance to burn
  within the next turns, and its heat map (``london.fire.burn``).
* :func:`score_over_time_figure` — each player's score by turn, stacked by scoring category (``london.score.*``).
"""

from __future__ import annotations

import math
import random
import time
from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field
from typing import Any

import plotly.graph_objects as go
from plotly.colors import sample_colorscale
from plotly.subplots import make_subplots

from explorer.core import Record, Rng
from explorer.london1666 import RULES, State, scoring, spreading
from explorer.london1666.board import CARD_DIRECTIONS, REGIONS, Board

__all__ = ["fire_options_figure", "BurnRisk", "burn_risk", "burn_risk_figure", "score_over_time_figure",
           "REGION_FILLS", "GREEN_ZONE_FILL", "LEVEL_COLOURS", "CATEGORY_COLOURS", "RISK_COLORSCALE"]

REGION_FILLS = {"purple": "#e6d9f0", "blue": "#d7e5f5", "green": "#dcefd6", "orange": "#fce3c9"}
"""Soft fills of the four regions (``london.board.districts``)."""
GREEN_ZONE_FILL = "#8cc47e"
"""Green zones (fields and gardens, ``london.board.green-zone``): a darker green."""
BURNT_FILL = "#a59d95"
"""Districts whose houses have burned (ash)."""
DEMOLISHED_FILL = "#f7f7f7"
"""Demolished districts: firebreaks (``london.actions.demolish``)."""
OUTLINE = "#8a8580"
LEVEL_COLOURS = {1: "#d7301f", 2: "#fc8d59", 3: "#fdcc8a", 4: "#b79b6b"}
"""Fill of a legal destination by its priority level 1 (best) .. 4 (``london.fire.priority``)."""
FIRE_FILL = {"open": "#f08a4b", "contained": "#8fa6c4"}
"""Burning districts: fire not contained / contained by trained bands (``london.fire.contained``)."""
CATEGORY_COLOURS = {"track": "#bdbdbd", "houses lost": "#d7301f", "cones put out": "#3182bd",
                    "objectives": "#31a354", "1 VP tokens": "#fdae6b", "Hero of London": "#756bb1"}
"""Bar colour of each scoring category (keys are :data:`explorer.london1666.scoring.CATEGORIES`)."""
RISK_COLORSCALE = "YlOrRd"
"""The heat map's colour scale, from probability 0 to 1."""
_FEATURE_STYLES: dict[str, dict[str, Any]] = {
    "thames": {"fill": "toself", "fillcolor": "#bcd8ee", "line": {"color": "#9cc3e4", "width": 1}},
    "fleet": {"line": {"color": "#7fb0dc", "width": 4}},
    "wall": {"line": {"color": "#7b6a58", "width": 2, "dash": "dot"}},
}
_OTHER_FEATURE = {"line": {"color": "#999999", "width": 1.5}}


# ---- the map ----------------------------------------------------------------------------------------------------
def _check_state(state: Any) -> State:
    if not isinstance(state, State):
        raise TypeError(f"expected a London 1666 State, got {type(state).__name__}")
    return state


def _rule(rule_id: str) -> str:
    """``"london.fire.priority, seed 000 p. 6-7 (example 4)"`` for a title."""
    return f"{rule_id}, {RULES[rule_id].source}"


def _rings(board: Board, ids: Iterable[str]) -> tuple[list[float | None], list[float | None]]:
    """The closed polygons of ``ids`` in one x list and one y list, separated by ``None`` (one fill each)."""
    xs: list[float | None] = []
    ys: list[float | None] = []
    for d in ids:
        polygon = board.districts[d].polygon
        if xs:
            xs.append(None)
            ys.append(None)
        xs += [p[0] for p in polygon] + [polygon[0][0]]
        ys += [p[1] for p in polygon] + [polygon[0][1]]
    return xs, ys


def _fill(board: Board, ids: list[str], name: str, colour: str, *, showlegend: bool = False,
          legendgroup: str | None = None, meta: Any = None) -> go.Scatter:
    """One filled trace for the districts ``ids`` (no hover: the label markers carry it)."""
    xs, ys = _rings(board, ids)
    return go.Scatter(x=xs, y=ys, mode="lines", fill="toself", fillcolor=colour, name=name,
                      line={"color": OUTLINE, "width": 0.8}, hoverinfo="skip", showlegend=showlegend,
                      legendgroup=legendgroup, meta=meta)


def _district_lines(state: State, k: int) -> list[str]:
    """The hover lines describing district position ``k``: name, region, houses, fire, bands."""
    board = state.board
    d = board.districts[board.ids[k]]
    kind = "green zone" if d.green_zone else f"{d.region} region"
    lines = [f"<b>{d.name}</b> ({kind})"]
    if state.houses[k]:
        lines.append(f"houses: {', '.join(state.houses[k])}")
    elif state.demolished[k]:
        lines.append("demolished: a firebreak")
    elif state.burnt[k]:
        lines.append("burnt out")
    elif not d.green_zone and d.houses:
        lines.append("no houses left")
    if state.fire[k] or state.bands[k]:
        lines.append(f"fire: {state.fire[k]} cones, trained bands: {state.bands[k]}")
    return lines


def _hover_trace(state: State, extra: Mapping[str, list[str]] | None = None, *, marker: dict | None = None,
                 name: str = "districts", showlegend: bool = False) -> go.Scatter:
    """Markers at every district's label point whose hover text is the district's lines plus ``extra[id]``."""
    board = state.board
    texts = []
    for k, d in enumerate(board.ids):
        texts.append("<br>".join(_district_lines(state, k) + list((extra or {}).get(d, ()))))
    xs = [board.districts[d].label[0] for d in board.ids]
    ys = [board.districts[d].label[1] for d in board.ids]
    return go.Scatter(x=xs, y=ys, mode="markers", name=name, text=texts, customdata=list(board.ids),
                      hovertemplate="%{text}<extra></extra>", showlegend=showlegend,
                      marker=marker or {"size": 16, "color": "rgba(0,0,0,0)"})


def _map(state: State, title: str) -> go.Figure:
    """The board: features, region fills, green zones, burnt and demolished districts; no hover trace yet."""
    board = state.board
    fig = go.Figure()
    areas = [name for name in board.features if "fill" in _FEATURE_STYLES.get(name, _OTHER_FEATURE)]
    lines = [name for name in board.features if name not in areas]
    for name in areas:  # the Thames below the districts
        fig.add_trace(_feature(board, name))
    burnt = [d for k, d in enumerate(board.ids) if state.burnt[k] and not state.demolished[k]]
    demolished = [d for k, d in enumerate(board.ids) if state.demolished[k]]
    special = set(burnt) | set(demolished)
    for region in REGIONS:
        ids = [d for d in board.in_region(region) if not board.districts[d].green_zone and d not in special]
        if ids:
            fig.add_trace(_fill(board, ids, f"{region} region", REGION_FILLS[region]))
    zones = [d for d in board.ids if board.districts[d].green_zone]
    if zones:
        fig.add_trace(_fill(board, zones, "green zones", GREEN_ZONE_FILL))
    if burnt:
        fig.add_trace(_fill(board, burnt, "burnt out", BURNT_FILL, showlegend=True))
    if demolished:
        fig.add_trace(_fill(board, demolished, "demolished (firebreak)", DEMOLISHED_FILL, showlegend=True))
    for name in lines:  # the Fleet and the wall above them
        fig.add_trace(_feature(board, name))
    fig.update_layout(
        title={"text": title, "x": 0.01, "xanchor": "left"},
        template="plotly_white", plot_bgcolor="white", hovermode="closest",
        margin={"l": 10, "r": 10, "t": 70, "b": 10},
        xaxis={"range": [0, board.width], "visible": False, "showgrid": False, "zeroline": False,
               "showticklabels": False, "ticks": "", "constrain": "domain"},
        yaxis={"range": [board.height, 0], "visible": False, "showgrid": False, "zeroline": False,
               "showticklabels": False, "ticks": "", "scaleanchor": "x", "scaleratio": 1, "constrain": "domain"},
        legend={"orientation": "h", "yanchor": "top", "y": 0, "x": 0},
    )
    return fig


def _feature(board: Board, name: str) -> go.Scatter:
    """One of ``board.features`` (a river, the wall...) as a line or a filled area, without hover."""
    points = board.features[name]
    return go.Scatter(x=[p[0] for p in points], y=[p[1] for p in points], mode="lines", name=name,
                      hoverinfo="skip", showlegend=False, **_FEATURE_STYLES.get(name, _OTHER_FEATURE))


def _labels(board: Board, ids: list[str], texts: list[str], name: str, *, legendgroup: str | None = None,
            size: int = 11, colour: str = "#222222", bold: bool = False) -> go.Scatter:
    """Text drawn at the label points of ``ids`` (no hover; ``customdata`` holds the district ids)."""
    return go.Scatter(x=[board.districts[d].label[0] for d in ids], y=[board.districts[d].label[1] for d in ids],
                      mode="text", text=texts, name=name, customdata=list(ids), hoverinfo="skip",
                      showlegend=False, legendgroup=legendgroup,
                      textfont={"size": size, "color": colour, "weight": "bold" if bold else "normal"})


# ---- 1. where the fire can go now --------------------------------------------------------------------------------
def fire_options_figure(state: State, *, card: str | None = None) -> go.Figure:
    """The map with every legal destination of a fire spread now, coloured by its priority level.

    Illustrates rules ``london.fire.priority`` (seed p. 6-7, example 4: among all destinations a card reaches,
    only those of the best level are legal), ``london.fire.source``, ``london.fire.travel`` and
    ``london.fire.direction`` (seed p. 5, 7), and ``london.fire.double-move`` (seed p. 6, 8). The legal moves
    are the engine's: :func:`explorer.london1666.spreading.all_spreads` for each card (the same destinations as
    :func:`~explorer.london1666.spreading.spread_options` per source).

    In phase ``"spread"`` the cards are the directions in the active player's hand (or just ``card``, which
    need not be in hand: "what would a W do?"); in phase ``"double"`` the card is the one played
    (``state.card``). In any other phase (setup, blocked fire, actions, draw, game over) the map is returned
    with a title saying that no spread is due; in ``"spread"`` with no legal spread, the title says the fire is
    blocked (``london.fire.no-move``, seed p. 6).

    Traces, in order: the board (features, region fills, green zones, burnt and demolished districts); per
    priority level present, a filled trace named ``"priority {level}: {PRIORITY_NAMES[level]}"`` with
    ``meta={"level": level, "destinations": [ids in board order]}`` and a text trace writing the cards that
    reach each destination (e.g. ``"N E"``, ``customdata`` = district ids); the burning districts (``"fire
    (not contained)"``, ``"fire (contained)"``) with a text trace of their cone counts (``"4"``, or ``"4/2b"``
    with trained bands); last, the ``"districts"`` hover trace (transparent markers at the label points,
    ``customdata`` = district ids) whose text lists, for a destination, its level and each card with the
    sources it can leave from. Coordinates are board map units (x east, y down; the y axis is reversed, with
    equal aspect). The title names the active player and their hand.

    >>> from explorer.london1666 import new_game
    >>> s = new_game(players=4, seed=1).replace(phase="spread")
    >>> fig = fire_options_figure(s, card="W")
    >>> [t.meta for t in fig.data if t.name.startswith("priority")]
    [{'level': 1, 'destinations': ['tallow-hall', 'vintners-hall']}]

    Raises:
        TypeError: if ``state`` is not a London :class:`~explorer.london1666.State`.
        ValueError: if ``card`` is not one of ``"N"``, ``"E"``, ``"S"``, ``"W"``, or, in phase ``"double"``,
            is not the card played this turn (the second move follows it).
    """
    state = _check_state(state)
    if card is not None and card not in CARD_DIRECTIONS:
        raise ValueError(f"card must be one of N, E, S, W, got {card!r}")
    board = state.board
    player = state.name(state.active)
    hand = state.seat.hand_text()
    double = state.phase == "double"
    if state.phase == "spread":
        cards = (card,) if card else spreading.hand_cards(state)
        heading = f"Where the fire can go now: {player} to play, hand {hand}"
        if card and state.seat.hand[CARD_DIRECTIONS.index(card)] == 0:
            heading += f" (showing {card}, not in hand)"
        elif card:
            heading += f" (showing {card})"
    elif double:
        if card is not None and card != state.card:
            raise ValueError(f"the double move follows the card played this turn ({state.card}), not {card}")
        cards = (state.card,) if state.card else ()
        heading = (f"Double move: {player} moves a second cone with {state.card} (hand {hand}; "
                   f"{_rule('london.fire.double-move')})")
    else:
        cards = ()
        due = "the game is over" if state.is_terminal else f"phase {state.phase}"
        heading = f"No spread is due ({due}): {player} to act, hand {hand}"
    spreads = spreading.all_spreads(state, tuple(cards), double=double) if cards else []
    if state.phase == "spread" and not spreads:
        heading += f"<br><sup>no card can move the fire: blocked ({_rule('london.fire.no-move')})</sup>"
    elif cards:
        heading += (f"<br><sup>only the best priority level a card reaches is legal "
                    f"({_rule('london.fire.priority')})</sup>")
    fig = _map(state, heading)

    # destination -> card -> sources (board order, as all_spreads gives them)
    reach: dict[str, dict[str, list[str]]] = {}
    for move in spreads:
        reach.setdefault(move.destination, {}).setdefault(move.card, []).append(move.source)
    levels = {d: spreading.priority(state, board.index[d]) for d in reach}
    extra: dict[str, list[str]] = {}
    for level in (1, 2, 3, 4):
        ids = [d for d in board.ids if levels.get(d) == level]
        if not ids:
            continue
        group = f"priority {level}"
        fig.add_trace(_fill(board, ids, f"priority {level}: {spreading.PRIORITY_NAMES[level]}",
                            LEVEL_COLOURS[level], showlegend=True, legendgroup=group,
                            meta={"level": level, "destinations": ids}))
        fig.add_trace(_labels(board, ids, [" ".join(c for c in CARD_DIRECTIONS if c in reach[d]) for d in ids],
                              f"cards to priority {level}", legendgroup=group, size=12))
        for d in ids:
            lines = [f"<i>fire can go here: priority {level} ({spreading.PRIORITY_NAMES[level]})</i>"]
            for c in CARD_DIRECTIONS:
                if c in reach[d]:
                    names = ", ".join(board.districts[s].name for s in reach[d][c])
                    lines.append(f"{c}{' (double move)' if double else ''} from {names}")
            extra[d] = lines

    burning = [d for k, d in enumerate(board.ids) if state.fire[k]]
    for kind, name in (("open", "fire (not contained)"), ("contained", "fire (contained)")):
        ids = [d for d in burning if (state.fire_at(d) > state.bands_at(d)) == (kind == "open")]
        if ids:
            fig.add_trace(_fill(board, ids, name, FIRE_FILL[kind], showlegend=True, legendgroup=name))
            fig.add_trace(_labels(board, ids, [_cones(state, d) for d in ids], f"{name} cones",
                                  legendgroup=name, size=13, bold=True,
                                  colour="#5a1000" if kind == "open" else "#102040"))
    for d in burning:
        k = board.index[d]
        if spreading.is_source(state, k):
            extra.setdefault(d, []).append("a cone can leave from here")
        elif state.fire[k] <= state.bands[k]:
            extra.setdefault(d, []).append("contained: fire cannot spread from or through here")
    fig.add_trace(_hover_trace(state, extra))
    return fig


def _cones(state: State, district: str) -> str:
    fire, bands = state.fire_at(district), state.bands_at(district)
    return f"{fire}/{bands}b" if bands else str(fire)


# ---- 2. burn risk ----------------------------------------------------------------------------------------------------
@dataclass(frozen=True)
class BurnRisk:
    """Estimated chance that each district's houses burn within the next ``turns`` turns (see :func:`burn_risk`).

    Two results of the same call compare equal (``seconds`` is left out of the comparison). The dicts are
    keyed by district id in board order; treat them as read-only.
    """

    probability: dict[str, float]
    """District id -> fraction of playouts in which its houses burned (0 for green zones, districts already
    burnt, and districts without houses)."""
    stderr: dict[str, float]
    """District id -> binomial standard error ``sqrt(p (1 - p) / playouts)``."""
    playouts: int
    """Number of random playouts."""
    turns: int
    """Turns played in each playout (the turn in progress counts as the first)."""
    seconds: float = field(compare=False)
    """Wall-clock time the estimate took."""
    seed: int = 0
    """The seed of the run (player choices and each playout's chance stream derive from it)."""

    def half_width(self, district: str) -> float:
        """The 95% confidence half-width ``1.96 * stderr`` of ``district`` (normal approximation)."""
        return 1.96 * self.stderr[district]

    @property
    def max_half_width(self) -> float:
        """The largest 95% half-width over all districts (0 if every estimate is 0 or 1)."""
        return 1.96 * max(self.stderr.values(), default=0.0)


def burn_risk(state: State, *, turns: int = 3, playouts: int = 1000, seed: int = 0) -> BurnRisk:
    """Monte Carlo estimate of the chance each district burns in the next ``turns`` turns of random play.

    Each playout starts from ``state`` with its chance stream replaced by a fresh
    :class:`explorer.core.Rng` (seeded from ``random.Random(seed).getrandbits(63)``, so every playout draws
    different cards), resolves any pending chance step, then plays until ``state.turn`` has grown by ``turns``
    (the turn in progress counts as the first; during setup, turn 0 counts) or the game ends. Player actions
    are chosen uniformly among the legal actions by the same ``random.Random(seed)`` (one stream for the whole
    run); chance steps follow the engine's probabilities (``state.sample_chance``). A district counts as burned
    in a playout if its houses burn (``state.burnt`` turns from False to True: rule ``london.fire.burn``, seed
    p. 8, example 5), so districts already burnt, green zones (``london.board.green-zone``, seed p. 2, 8) and
    Pudding Lane always get 0. ``state`` is not changed (states are immutable); the result is the same for the
    same ``state``, ``turns``, ``playouts`` and ``seed``.

    Returns a :class:`BurnRisk`: probabilities in [0, 1] and binomial standard errors
    ``sqrt(p (1 - p) / playouts)`` per district id, the counts, the seed and the time taken in seconds.

    >>> from explorer.london1666 import new_game
    >>> s = new_game(players=4, seed=1)  # setup: the trained bands and pawns are still to place
    >>> risk = burn_risk(s, turns=2, playouts=20, seed=3)  # the rest of the setup, then turn 1
    >>> risk.playouts, risk.probability["pudding-lane"], risk == burn_risk(s, turns=2, playouts=20, seed=3)
    (20, 0.0, True)

    Raises:
        TypeError: if ``state`` is not a London State, or ``turns``, ``playouts``, ``seed`` are not integers.
        ValueError: if ``turns`` or ``playouts`` is below 1.
    """
    state = _check_state(state)
    for name, value in (("turns", turns), ("playouts", playouts), ("seed", seed)):
        if isinstance(value, bool) or not isinstance(value, int):
            raise TypeError(f"{name} must be an integer, got {value!r}")
    if turns < 1 or playouts < 1:
        raise ValueError(f"turns and playouts must be at least 1, got turns={turns}, playouts={playouts}")
    started = time.perf_counter()
    chooser = random.Random(seed)
    before = state.burnt
    counts = [0] * len(before)
    end_turn = state.turn + turns
    for _ in range(playouts):
        s = state.replace(rng=Rng(chooser.getrandbits(63)))
        while s.turn < end_turn and not s.is_terminal:
            if s.is_chance_node:
                s = s.apply(s.sample_chance())
            else:
                s = s.apply(chooser.choice(s.legal_actions()))
        if s.burnt is not before:
            for k, (was, now) in enumerate(zip(before, s.burnt)):
                if now and not was:
                    counts[k] += 1
    probability = {d: counts[k] / playouts for k, d in enumerate(state.board.ids)}
    stderr = {d: math.sqrt(p * (1.0 - p) / playouts) for d, p in probability.items()}
    return BurnRisk(probability, stderr, playouts, turns, time.perf_counter() - started, seed)


def burn_risk_figure(risk: BurnRisk, state: State) -> go.Figure:
    """A heat map of :func:`burn_risk` on the map of ``state`` (colour scale 0..1).

    Illustrates rule ``london.fire.burn`` (seed p. 8, example 5) together with the spreading rules
    ``london.fire.*`` (seed p. 5-8) and intensifying (``london.draw.intensify``, seed p. 9): where random play
    burns houses within ``risk.turns`` turns.

    Traces, in order: the board (features, region fills, green zones, burnt and demolished districts); the
    districts with a probability above 0 filled with their colour of :data:`RISK_COLORSCALE` (one filled
    trace named ``"burn risk"`` per colour, ``meta={"districts": [...]}``); last, the ``"P(burns)"`` trace:
    a marker at every district's label point (board map units, x east, y down), coloured by its probability
    (``marker.color``, ``cmin=0``, ``cmax=1``, with a colour bar), ``customdata`` = district ids, hover text
    ``p ± 1.96·stderr`` (the 95% interval, normal approximation). The title states the number of playouts,
    the turns and the largest 95% half-width.

    Raises:
        TypeError: if ``risk`` is not a :class:`BurnRisk` or ``state`` not a London State.
        ValueError: if ``risk`` does not cover exactly the districts of ``state.board`` (an estimate made on
            another board).
    """
    state = _check_state(state)
    if not isinstance(risk, BurnRisk):
        raise TypeError(f"expected a BurnRisk, got {type(risk).__name__}")
    board = state.board
    if set(risk.probability) != set(board.ids) or set(risk.stderr) != set(board.ids):
        raise ValueError("this estimate was made on another board: its districts are not this state's")
    plural = "s" if risk.turns != 1 else ""
    title = (f"Chance each district burns within {risk.turns} turn{plural}: {risk.playouts} random playouts, "
             f"largest 95% half-width ±{risk.max_half_width:.3f}"
             f"<br><sup>uniformly random legal actions, seed {risk.seed}; houses burn when fire enters them "
             f"({_rule('london.fire.burn')})</sup>")
    hot = [d for d in board.ids if risk.probability[d] > 0]
    fig = _map(state, title)
    by_colour: dict[str, list[str]] = {}
    if hot:
        colours = sample_colorscale(RISK_COLORSCALE, [risk.probability[d] for d in hot])
        for d, colour in zip(hot, colours):
            by_colour.setdefault(colour, []).append(d)
    for colour, ids in by_colour.items():
        fig.add_trace(_fill(board, ids, "burn risk", colour, meta={"districts": ids}))
    extra: dict[str, list[str]] = {}
    for k, d in enumerate(board.ids):
        info = board.districts[d]
        p, hw = risk.probability[d], risk.half_width(d)
        if info.green_zone:
            extra[d] = [f"P(burns) = {p:.3f}: a green zone never burns ({_rule('london.board.green-zone')})"]
        elif state.burnt[k]:
            extra[d] = [f"P(burns) = {p:.3f}: already burnt"]
        else:
            extra[d] = [f"P(burns) = {p:.3f} ± {hw:.3f} (95%, {risk.playouts} playouts)"]
    marker = {"size": 9, "color": [risk.probability[d] for d in board.ids], "colorscale": RISK_COLORSCALE,
              "cmin": 0, "cmax": 1, "showscale": True, "line": {"color": "#555555", "width": 0.5},
              "colorbar": {"title": {"text": "P(burns)"}, "thickness": 14, "len": 0.8}}
    fig.add_trace(_hover_trace(state, extra, marker=marker, name="P(burns)"))
    return fig


# ---- 3. scores over time ---------------------------------------------------------------------------------------------
def score_over_time_figure(record: Record) -> go.Figure:
    """Each player's score by turn, stacked by scoring category, with a line of the total.

    Illustrates the scoring rules ``london.score.houses`` (40 on the track, -2 per house lost; seed p. 8, 11),
    ``london.score.extinguished`` (seed p. 10, 11), ``london.score.objectives``, ``london.score.tokens`` and
    ``london.score.hero`` (seed p. 11). For every turn number met in ``record.states`` (all of them, the redo
    tail included; turn 0 is the setup), the last state of that turn is scored with ``state.scores()``.

    One subplot per player (rows in seat order, titled with the player's name), x = turn number, y = points.
    Per player, one bar trace per category of :data:`explorer.london1666.scoring.CATEGORIES` in that order
    (named by the category; "houses lost" is negative; ``barmode="relative"`` stacks them above and below 0),
    then a ``"total"`` line (lines and markers). Every trace has ``meta={"player": name, "category": c}``
    (``c == "total"`` for the line) and the legend shows each category once (first player).

    Under optional rule A (``london.option.hidden-colours``) scores would give the secret colours away, so
    until the record's last state is the end of the game the figure only says that they stay secret.

    Raises:
        TypeError: if ``record`` is not an :class:`explorer.core.Record`.
        ValueError: if the record is not of a London 1666 game.
    """
    if not isinstance(record, Record):
        raise TypeError(f"expected an explorer.core.Record, got {type(record).__name__}")
    if record.game != "london1666":
        raise ValueError(f"this is a record of {record.game!r}, not of London 1666")
    newest = record.states[-1]
    if newest.options.hidden_colours and not newest.is_terminal:
        fig = go.Figure()
        fig.update_layout(title="Scores stay secret until the end of the game (optional rule A: hidden colours)",
                          template="plotly_white", xaxis_visible=False, yaxis_visible=False)
        return fig
    last: dict[int, State] = {}
    for s in record.states:
        last[s.turn] = s
    turns = sorted(last)
    final = last[turns[-1]]
    players = final.players
    table = {t: list(last[t].scores().values()) for t in turns}  # seat order
    titles = []
    for seat, name in enumerate(players):
        colour = final.seats[seat].colour
        titles.append(name if colour in (None, name) else f"{name} (houses: {colour})")
    fig = make_subplots(rows=len(players), cols=1, shared_xaxes=True, subplot_titles=titles,
                        vertical_spacing=min(0.08, 0.3 / len(players)))
    for seat, name in enumerate(players):
        for category in scoring.CATEGORIES:
            fig.add_trace(go.Bar(x=turns, y=[table[t][seat][category] for t in turns], name=category,
                                 legendgroup=category, showlegend=seat == 0,
                                 marker={"color": CATEGORY_COLOURS.get(category, "#999999")},
                                 meta={"player": name, "category": category},
                                 hovertemplate=f"{name}, turn %{{x}}<br>{category}: %{{y}}<extra></extra>"),
                          row=seat + 1, col=1)
        fig.add_trace(go.Scatter(x=turns, y=[table[t][seat].total for t in turns], mode="lines+markers",
                                 name="total", legendgroup="total", showlegend=seat == 0,
                                 line={"color": "#222222", "width": 2}, marker={"size": 5},
                                 meta={"player": name, "category": "total"},
                                 hovertemplate=f"{name}, turn %{{x}}<br>total: %{{y}}<extra></extra>"),
                      row=seat + 1, col=1)
    end = "game over" if final.is_terminal else f"turn {final.turn}, {final.phase}"
    fig.update_layout(
        title={"text": f"Scores by turn ({len(players)} players, {end})<br><sup>40 on the track, -2 per house "
                       "lost, +1 per cone put out, surviving objectives, 1 VP tokens, Hero of London "
                       "(london.score.*, seed 000 p. 8, 10-11)</sup>", "x": 0.01, "xanchor": "left"},
        barmode="relative", template="plotly_white", height=180 * len(players) + 140,
        margin={"l": 50, "r": 10, "t": 90, "b": 40}, legend={"orientation": "h", "yanchor": "top", "y": -0.05},
        hovermode="closest",
    )
    fig.update_xaxes(title_text="turn (0 = setup)", dtick=1, row=len(players), col=1)
    fig.update_yaxes(title_text="points")
    return fig
