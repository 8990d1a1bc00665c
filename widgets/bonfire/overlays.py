"""Plotly overlays on Bonfire: what each fate-tile placement would gain, each player's score if the game ended now,
scores over a game.

Every function here is pure: it reads immutable engine values (a :class:`~explorer.bonfire.State`, a
:class:`~explorer.core.Record`) and returns data or a new :class:`plotly.graph_objects.Figure` (never a
``FigureWidget``, no random trace uids), so two calls on the same input give equal ``fig.to_dict()``. All rule
logic stays in the engine:

* a placement that is legal now is valued by playing it: ``state.apply("fate <tile> <placement>")``, and the
  overlay reads how the player's action tiles and resources changed (the tile's symbols, the same-symbol bonus,
  the printed squares, Fate Echo, a supply running out, anything the end of that turn brings);
* a placement that is not legal now (too many action tiles held, ``bonfire.fate.when``; not the player's turn) is
  valued with :func:`explorer.bonfire.fate.gains` (the geometric yield, Fate Echo included), and the refusal is
  the engine's (``state.explain``; for a player who does not decide now, the engine asked as if it were their
  turn to act);
* the placements are :func:`explorer.bonfire.fate.placements` of the top and bottom tile of the action summary
  board (exactly the engine's candidate ``fate`` actions);
* the scores are ``state.scores()`` (points scored in play, then the final scoring "as if the game ended now")
  and the leader is ``state.winners()`` (most points; a tie goes to more lit bonfires, ``bonfire.score.winner``;
  players still tied share, ``bonfire.assume.tie-shared``). ``winners`` does not look at whether the game is
  over, so before the end it names who would win if the game ended now.

The component data (fate tiles, printed squares of the fate area, task discs, ...) is OUR OWN DATA, in the spirit
of the game, not the printed components (``bonfire.assume.own-components``); every figure says so.

* :func:`fate_yield` / :func:`fate_yield_figure` — each placement of the top and bottom fate tile and what it
  gains, as heat maps of the player's fate area.
* :func:`score_now` / :func:`score_now_figure` — each player's score by category if the game ended now, as
  stacked bars.
* :func:`scores_over_time` / :func:`scores_over_time_figure` — each player's total after every action of a game.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any

import plotly.graph_objects as go

from explorer.bonfire import PLAY_CATEGORIES, RULES, State, Step
from explorer.bonfire import fate as fate_area
from explorer.bonfire.actions import PlaceFate
from explorer.bonfire.scoring import FINAL_CATEGORIES
from explorer.core import IllegalAction, Record

__all__ = ["CATEGORIES", "CATEGORY_LABELS", "CATEGORY_COLOURS", "PLAYER_COLOURS", "OWN_DATA", "FateYield",
           "fate_yield", "fate_yield_figure", "score_now", "score_now_figure", "scores_over_time",
           "scores_over_time_figure"]

CATEGORIES = (*PLAY_CATEGORIES, *FINAL_CATEGORIES)
"""Every scoring category, in the engine's order: the points scored in play
(:data:`~explorer.bonfire.PLAY_CATEGORIES`), then the final scoring
(:data:`~explorer.bonfire.scoring.FINAL_CATEGORIES`)."""
CATEGORY_LABELS = {
    "elders": "elders", "council": "council seats", "great_bonfire": "Great Bonfire",
    "countdown": "passing (countdown)", "specialists": "specialists",
    "bonfires": "lit bonfires", "guardians": "guardians on bonfires", "portals": "portals",
    "paths": "matching path tiles", "common_tasks": "common tasks", "fate_tiles": "fate tiles left",
    "leftovers": "leftovers",
}
"""How each category is named in legends and hover text."""
CATEGORY_COLOURS = {
    # in play: cool colours; final scoring: warm and earthy ones
    "elders": "#3b5b92", "council": "#6a51a3", "great_bonfire": "#c51b7d", "countdown": "#9e9ac8",
    "specialists": "#4eb3d3",
    "bonfires": "#e6550d", "guardians": "#8c6d31", "portals": "#31a354", "paths": "#bcbd22",
    "common_tasks": "#d62728", "fate_tiles": "#fdae6b", "leftovers": "#bdbdbd",
}
"""Bar colour of each category in :func:`score_now_figure` (play categories in cool colours, final-scoring ones
in warm colours)."""
PLAYER_COLOURS = {"orange": "#e67e22", "green": "#2e8b57", "black": "#222222", "white": "#a6a6a6"}
"""Line colour of each player colour (white is drawn grey so it shows on a white background)."""
OWN_DATA = ("OUR OWN component data (fate tiles, printed squares, task discs...), in the spirit of the game; "
            "not the printed components")
"""The note every figure carries (``bonfire.assume.own-components``)."""

_PLACED = "#7d6b58"
_AREA = "#f1ebe1"
_BEST = "#c0392b"
_OUTLINE = "#3d3125"


def _check_state(state: Any) -> State:
    if not isinstance(state, State):
        raise TypeError(f"expected a Bonfire State, got {type(state).__name__}")
    return state


def _check_seat(state: State, seat: Any) -> int:
    """``seat`` as a seat index (``None``: the player who decides now, or seat 0 when nobody decides)."""
    if seat is None:
        return 0 if state.current_player is None else state.current_player
    players = len(state.seats)
    if isinstance(seat, bool) or not isinstance(seat, int) or not 0 <= seat < players:
        raise ValueError(f"seat must be a seat index 0-{players - 1} of this {players}-player game (or None for "
                         f"the player to act), got {seat!r}")
    return seat


def _item(item: str) -> str:
    return item.replace("_", " ")


def _gains_text(gains: Mapping[str, int]) -> str:
    """``"3 path, 1 gnome, 1 gold"`` (``"nothing"`` if empty)."""
    return ", ".join(f"{n} {_item(i)}" for i, n in gains.items()) or "nothing"


# ---- 1. fate-tile yield --------------------------------------------------------------------------------------------
@dataclass(frozen=True)
class FateYield:
    """One placement of the top or bottom fate tile of a player's action summary board and what it gains (see
    :func:`fate_yield`)."""

    tile: str
    """The fate tile's id, e.g. ``"f1"``."""
    end: str
    """Where it lies on the summary board: ``"top"``, ``"bottom"``, or ``"only"`` (the last tile left)."""
    placement: str
    """The placement as the notation writes it: ``"3,1 down"``, ``"2,4 across reversed"``."""
    squares: tuple[tuple[int, int], ...]
    """The 3 squares covered, ``(row, col)`` from ``(1, 1)`` at the top left, top-left first."""
    symbols: tuple[str, ...]
    """The action symbol the tile shows on each of :attr:`squares`, in the same order."""
    printed: tuple[str, ...]
    """The printed squares it covers, as their gains read (``"1 gold"``); empty if none
    (``bonfire.fate.printed``)."""
    gains: dict[str, int]
    """What the player gains, by action type then resource id (the engine's orders), only items gained. Legal now:
    the change of the player's holdings when the action is really applied. Otherwise:
    :func:`explorer.bonfire.fate.gains` (the supply is not looked at)."""
    legal_now: bool
    """True if the engine accepts ``fate <tile> <placement>`` from this player now."""
    rule: str | None = None
    """When not legal now: the id of the rule that refuses it (``bonfire.fate.when`` for too many action tiles
    held; ``bonfire.turn.options`` when another player decides; a core rule at a chance step or the end)."""
    reason: str | None = None
    """When not legal now: the engine's refusal in a player's words."""
    notes: tuple[str, ...] = ()
    """Legal now: what else applying it reported, the player's or nobody's, beyond the placement itself (a supply
    running out, a common task fulfilled at the end of the turn, the countdown starting...), each
    ``"<sentence> (<rule id>)"``."""

    @property
    def total(self) -> int:
        """Action tiles and resources gained, together."""
        return sum(self.gains.values())

    @property
    def action(self) -> str:
        """The action's notation: ``"fate f1 3,1 down"``."""
        return f"fate {self.tile} {self.placement}"


def _holdings(state: State, k: int) -> Counter:
    seat, ix = state.seats[k], state.index
    return Counter(dict(zip(ix.actions, seat.tiles))) + Counter(dict(zip(ix.resources, seat.resources)))


def _ordered(state: State, counts: Mapping[str, int]) -> dict[str, int]:
    ix = state.index
    return {i: counts[i] for i in (*ix.actions, *ix.resources) if counts.get(i, 0)}


def _ends(stack: Sequence[str]) -> dict[str, str]:
    """The fate tiles that may be placed, top first: ``{tile id: "top" | "bottom" | "only"}`` (empty if none is
    left; ``bonfire.fate.top-or-bottom``)."""
    if not stack:
        return {}
    if len(stack) == 1:
        return {stack[0]: "only"}
    return {stack[0]: "top", stack[-1]: "bottom"}


def _refusal(state: State, k: int, action: PlaceFate) -> IllegalAction | None:
    """The engine's refusal of ``action`` by seat ``k`` now; for a seat that does not decide now, the engine's
    refusal as if it were their turn to act, else "not their turn" (``bonfire.turn.options``)."""
    decides = state.current_player
    if k == decides or decides is None:
        return state.explain(action)
    probe = state.replace(turn=k, pending=(Step("act", k),))
    refused = probe.why_illegal(action)
    if refused is not None:
        return refused
    return IllegalAction(RULES["bonfire.turn.options"], f"it is {state.players[decides]}'s turn to decide, not "
                                                       f"{state.players[k]}'s", action=action)


def fate_yield(state: State, seat: int | None = None) -> list[FateYield]:
    """Every placement of ``seat``'s top and bottom fate tile, and what each would gain.

    ``seat`` is a seat index (``state.seats`` order); ``None`` means the player who decides now (seat 0 when
    nobody does: a chance step, the end). The placements are :func:`explorer.bonfire.fate.placements` of the top
    tile then the bottom tile of the summary board (``bonfire.fate.top-or-bottom``; one tile if only one is left,
    none if none), in that order: both directions and both ways round (``bonfire.fate.orientation``,
    ``bonfire.assume.fate-reversed``), inside the area, on free squares, beside a placed tile
    (``bonfire.fate.inside``, ``bonfire.fate.no-overlap``, ``bonfire.fate.adjacent``). For the player to act with
    at most 1 action tile (3 with Large Hand) these are exactly the engine's legal ``fate`` actions, marked
    ``legal_now`` and valued by applying them; otherwise (``bonfire.fate.when``: return tiles first; or not their
    turn) each row carries the engine's refusal and the geometric yield. The gains: one action tile per symbol
    (``bonfire.fate.gain``), one more per square of each same-symbol area a symbol touches
    (``bonfire.fate.same-symbol``, ``bonfire.assume.fate-area-bonus``), the printed squares' items
    (``bonfire.fate.printed``; twice with Fate Echo, ``bonfire.specialist.fate-echo``).

    >>> from explorer.bonfire import new_game
    >>> s = new_game(players=2, seed=4).apply("start-tile spare").apply("start-tile spare")
    >>> rows = fate_yield(s)
    >>> len(rows), rows[0].action, rows[0].legal_now, rows[0].rule     # 5 action tiles held: return 4 first
    (48, 'fate f1 1,1 down', False, 'bonfire.fate.when')

    Raises:
        TypeError: if ``state`` is not a Bonfire State.
        ValueError: if ``seat`` is not a seat index of this game.
    """
    state = _check_state(state)
    k = _check_seat(state, seat)
    player = state.seats[k]
    if not player.stack:
        return []
    tiles = {t.id: t for t in state.components.fate_tiles}
    printed = player.fate.layout.squares
    echo = "fate_echo" in player.gnomes
    before = _holdings(state, k)
    out: list[FateYield] = []
    for tile_id, end in _ends(player.stack).items():
        tile = tiles[tile_id]
        for placement in fate_area.placements(player.fate, tile):
            action = PlaceFate(tile_id, placement)
            refused = _refusal(state, k, action)
            symbols = placement.symbols_at(tile)
            covered = tuple(printed[sq].gain.text for sq in placement.squares if sq in printed)
            common = {"tile": tile_id, "end": end, "placement": str(placement), "squares": placement.squares,
                      "symbols": tuple(symbols[sq] for sq in placement.squares), "printed": covered}
            if refused is None:
                after = state.apply(action)
                diff = _holdings(after, k)
                diff.subtract(before)
                notes = tuple(f"{e.describe()} ({e.rule.id})" for e in after.events
                              if e.rule.id != "bonfire.fate.gain"
                              and getattr(e, "player", None) in (None, player.colour))
                out.append(FateYield(**common, gains=_ordered(state, diff), legal_now=True, notes=notes))
            else:
                gained = fate_area.gains(player.fate, tile, placement, fate_echo=echo)
                out.append(FateYield(**common, gains=_ordered(state, gained), legal_now=False,
                                     rule=refused.rule.id, reason=refused.reason))
    return out


def _status(state: State, k: int, rows: Sequence[FateYield]) -> tuple[bool, str]:
    """Whether ``seat`` k may place a fate tile now, and a line saying so for the title."""
    colour = state.players[k]
    if not state.seats[k].stack:
        return False, f"{colour} has no fate tile left on the summary board"
    legal = [r for r in rows if r.legal_now]
    if legal:
        best = max(legal, key=lambda r: r.total)
        return True, (f"placing is allowed now: {len(legal)} placements; the best, {best.action}, gains "
                      f"{best.total} ({_gains_text(best.gains)})")
    if not rows:
        return False, f"placing is not possible: neither fate tile {colour} may take fits the fate area any more"
    first = rows[0]
    return False, (f"placing is not allowed now: {first.reason} ({first.rule}); the yields are shown as if it "
                   f"were")


_OWN_DATA_NOTE = {"text": OWN_DATA, "xref": "paper", "yref": "paper", "x": 0, "y": 0, "yshift": -52, "xanchor": "left",
                  "yanchor": "top", "showarrow": False, "font": {"size": 11, "color": "#6b5d4d"}, "name": "own data"}
"""The annotation writing :data:`OWN_DATA` under the plot of every figure."""


def _own_data_note(fig: go.Figure) -> None:
    """Write :data:`OWN_DATA` under the plot (an annotation named ``"own data"``)."""
    fig.add_annotation(_OWN_DATA_NOTE)


def _printed(layout: Any, square: tuple[int, int]) -> str:
    """``"+1 gold"``: what the printed square ``square`` gives."""
    gain = layout.squares[square].gain
    return f"+{gain.amount} {_item(gain.item)}"


def _cell_label(symbol: str) -> str:
    """A placed symbol as written on its square (``great_bonfire`` on two lines)."""
    return symbol.replace("_", "<br>")


def fate_yield_figure(state: State, seat: int | None = None) -> go.Figure:
    """``seat``'s 5 x 5 fate area as heat maps of what placing the top or the bottom fate tile would gain.

    One panel per candidate tile (top, then bottom; one panel if a single tile is left or none is; the subplot
    title names the tile, its place on the stack and its symbols). In each panel the traces are, in order:
    ``"area"`` (the 25 squares, pale), ``"<tile> yield"`` (a heat map colouring each free square by the best
    total, action tiles and resources together (:attr:`FateYield.total`), of a placement of that tile covering
    it; the number is written on the square, with the printed square's item under it (``"7<br>...+1 gnome..."``);
    hover lists the (up to 3) best placements there with their gains; ``customdata`` holds the squares' item ids
    ``p<k>:fate:<r>,<c>``, as the board scene names them), ``"<tile> placed"`` (the fate tiles already placed:
    grey squares with their symbols) and ``"printed"`` (text for the free printed squares that no placement of
    the tile covers). The values come from :func:`fate_yield`: the placements legal now if any, else all of
    them "as if allowed" (the title says why placing is not allowed now, with the engine's reason and rule, e.g.
    ``bonfire.fate.when``). The layout shapes outline each placed tile (``name="placed <tile id>"``) and the best
    placement of each candidate tile (``name="best <tile id>"``, dashed red; the first best in placement order).
    Rows run down from 1 at the top, columns right from 1, as in the placement notation. The note
    :data:`OWN_DATA` is an annotation named ``"own data"``. ``layout.meta`` = ``{"seat", "colour", "allowed",
    "best": {tile: action}}``.

    Illustrates ``bonfire.fate.gain``, ``bonfire.fate.same-symbol``, ``bonfire.fate.printed``,
    ``bonfire.fate.when``, ``bonfire.fate.top-or-bottom``.

    Raises:
        TypeError: if ``state`` is not a Bonfire State.
        ValueError: if ``seat`` is not a seat index of this game.
    """
    state = _check_state(state)
    k = _check_seat(state, seat)
    rows = fate_yield(state, k)
    player = state.seats[k]
    layout = player.fate.layout
    allowed, status = _status(state, k, rows)
    shown = [r for r in rows if r.legal_now] or rows
    ends = _ends(player.stack)
    panels: list[str | None] = list(ends) or [None]
    symbols = {t.id: t.symbols for t in state.components.fate_tiles}
    where = {"top": "top of the stack", "bottom": "bottom of the stack", "only": "the last one left"}
    titles = ["no fate tile left" if t is None else
              f"{t} ({where[ends[t]]}): {', '.join(_item(x) for x in symbols[t])}" for t in panels]
    spacing = 0.12
    width = (1 - spacing * (len(panels) - 1)) / len(panels)
    traces: list[dict[str, Any]] = []
    shapes: list[dict[str, Any]] = []
    annotations: list[dict[str, Any]] = []
    axes: dict[str, Any] = {}
    zmax = max((r.total for r in shown), default=1) or 1
    grid_x = list(range(1, layout.cols + 1))
    grid_y = list(range(1, layout.rows + 1))
    ids = [[f"p{k}:fate:{r},{c}" for c in grid_x] for r in grid_y]
    covered = player.fate.covered
    owner = {sq: p.tile.id for p in player.fate.tiles for sq in p.placement.squares}
    best_of: dict[str, FateYield] = {}
    for col, tile in enumerate(panels, start=1):
        mine = [r for r in shown if r.tile == tile]
        z: list[list[int | None]] = []
        text: list[list[str]] = []
        hover: list[list[str]] = []
        for r in grid_y:
            zr, tr, hr = [], [], []
            for c in grid_x:
                here = sorted((y for y in mine if (r, c) in y.squares), key=lambda y: -y.total)
                if (r, c) in covered:
                    zr.append(None)
                    tr.append("")
                    hr.append("")
                elif here:
                    zr.append(here[0].total)
                    tr.append(str(here[0].total) + (f"<br><span style='font-size:9px'>{_printed(layout, (r, c))}"
                                                    f"</span>" if (r, c) in layout.squares else ""))
                    lines = [f"{y.action}: +{y.total} ({_gains_text(y.gains)})" for y in here[:3]]
                    more = f"<br>... {len(here) - 3} more" if len(here) > 3 else ""
                    hr.append(f"square {r},{c}: best {here[0].total}<br>" + "<br>".join(lines) + more)
                else:
                    zr.append(None)
                    tr.append("")
                    hr.append(f"square {r},{c}: no placement of {tile} covers it" if tile else f"square {r},{c}")
            z.append(zr)
            text.append(tr)
            hover.append(hr)
        axis = "" if col == 1 else str(col)
        on = {"xaxis": f"x{axis}", "yaxis": f"y{axis}"}
        traces.append(dict(
            type="heatmap", x=grid_x, y=grid_y, z=[[0] * len(grid_x) for _ in grid_y],
            colorscale=[[0, _AREA], [1, _AREA]], showscale=False, xgap=3, ygap=3, hoverinfo="skip", name="area",
            **on))
        traces.append(dict(
            type="heatmap", x=grid_x, y=grid_y, z=z, text=text, texttemplate="%{text}", textfont={"size": 15},
            hovertext=hover, hovertemplate="%{hovertext}<extra></extra>", customdata=ids,
            colorscale="YlGn", zmin=0, zmax=zmax, xgap=3, ygap=3, name=f"{tile} yield",
            showscale=col == 1, colorbar={"title": {"text": "best total"}, "len": 0.75, "thickness": 14},
            meta={"tile": tile, "end": ends.get(tile)}, **on))
        placed_z = [[1 if (r, c) in covered else None for c in grid_x] for r in grid_y]
        placed_text = [[_cell_label(covered[(r, c)]) if (r, c) in covered else "" for c in grid_x] for r in grid_y]
        placed_hover = [[f"square {r},{c}: {_item(covered[(r, c)])} (fate tile {owner[(r, c)]})"
                         if (r, c) in covered else "" for c in grid_x] for r in grid_y]
        traces.append(dict(
            type="heatmap", x=grid_x, y=grid_y, z=placed_z, text=placed_text, texttemplate="%{text}",
            textfont={"size": 10, "color": "#ffffff"}, hovertext=placed_hover,
            hovertemplate="%{hovertext}<extra></extra>", customdata=ids,
            colorscale=[[0, _PLACED], [1, _PLACED]], showscale=False, xgap=3, ygap=3, name=f"{tile} placed", **on))
        reachable = {sq for y in mine for sq in y.squares}
        free_printed = [sq for sq in sorted(layout.squares) if sq not in covered and sq not in reachable]
        traces.append(dict(
            type="scatter", x=[c for _, c in free_printed], y=[r for r, _ in free_printed], mode="text",
            text=[_printed(layout, sq) for sq in free_printed],
            textfont={"size": 10, "color": "#5a3e1b"}, hoverinfo="skip", showlegend=False, name="printed", **on))
        for placed in player.fate.tiles:
            (r0, c0), (r1, c1) = placed.placement.squares[0], placed.placement.squares[-1]
            shapes.append(dict(type="rect", x0=c0 - 0.5, x1=c1 + 0.5, y0=r0 - 0.5, y1=r1 + 0.5, xref=f"x{axis}",
                               yref=f"y{axis}", line={"color": _OUTLINE, "width": 2}, name=f"placed {placed.tile.id}"))
        if mine:
            best = max(mine, key=lambda y: y.total)
            best_of[tile] = best
            (r0, c0), (r1, c1) = best.squares[0], best.squares[-1]
            shapes.append(dict(type="rect", x0=c0 - 0.45, x1=c1 + 0.45, y0=r0 - 0.45, y1=r1 + 0.45,
                               xref=f"x{axis}", yref=f"y{axis}", line={"color": _BEST, "width": 3, "dash": "dash"},
                               name=f"best {tile}"))
        left = (col - 1) * (width + spacing)
        axes[f"xaxis{axis}"] = {"domain": [left, left + width], "anchor": f"y{axis}", "range": [0.5, layout.cols + 0.5],
                                "tickvals": grid_x, "showgrid": False, "zeroline": False, "constrain": "domain",
                                "title": {"text": "column"}}
        axes[f"yaxis{axis}"] = {"domain": [0, 1], "anchor": f"x{axis}", "range": [layout.rows + 0.5, 0.5],
                                "tickvals": grid_y, "showgrid": False, "zeroline": False,
                                "scaleanchor": f"x{axis}", "scaleratio": 1, "constrain": "domain",
                                "title": {"text": "row" if col == 1 else ""}}
        annotations.append({"text": titles[col - 1], "x": left + width / 2, "y": 1, "xref": "paper",
                            "yref": "paper", "xanchor": "center", "yanchor": "bottom", "showarrow": False,
                            "font": {"size": 15}, "name": f"panel {col}"})
    colour = state.players[k]
    basis = ("the placements legal now" if allowed else "every placement, as if allowed")
    fig = go.Figure(data=traces, layout={"shapes": shapes, "annotations": [*annotations, _OWN_DATA_NOTE], **axes})
    fig.update_layout(
        title={"text": f"{colour}'s fate area: what placing the top or the bottom fate tile would gain"
                       f"<br><sup>{status}</sup>"
                       f"<br><sup>colour and number: the best total (action tiles + resources) of {basis} covering "
                       f"the square<br>dashed: the best placement; grey: tiles placed; +1 gold: a printed square "
                       f"(bonfire.fate.*)</sup>",
                       "x": 0.01, "xanchor": "left", "y": 0.96, "yanchor": "top"},
        template="plotly_white", height=580, margin={"l": 50, "r": 20, "t": 150, "b": 85},
        hovermode="closest", showlegend=False,
        meta={"seat": k, "colour": colour, "allowed": allowed, "best": {t: y.action for t, y in best_of.items()}})
    return fig


# ---- 2. the score if the game ended now ----------------------------------------------------------------------------
def score_now(state: State) -> dict[str, dict[str, int]]:
    """Each player's score if the game ended now, by category: ``{colour: {category: points}}``, players in seat
    order, categories as :data:`CATEGORIES` (all of them, 0 included).

    This is ``state.scores()`` as plain dicts: the points scored in play (elders, council seats, the Great
    Bonfire, passing, specialists) and the final scoring counted as if the game ended now (lit bonfires,
    guardians on bonfires, portals, matching path tiles, common tasks, fate tiles left, leftovers:
    ``bonfire.score.*``). The total is the sum of the values.

    >>> from explorer.bonfire import new_game
    >>> s = new_game(players=2, seed=4).apply("start-tile spare").apply("start-tile spare")
    >>> table = score_now(s)["orange"]
    >>> table["fate_tiles"], table["leftovers"], sum(table.values())    # 7 tiles left x 3; (6 + 5) // 2
    (21, 5, 26)

    Raises:
        TypeError: if ``state`` is not a Bonfire State.
    """
    state = _check_state(state)
    return {colour: dict(table) for colour, table in state.scores().items()}


def _leader_text(state: State, totals: Mapping[str, int], winners: Sequence[str]) -> str:
    """The leader(s) and how the tie-break went, in words."""
    lit = {s.colour: sum(s.lit) for s in state.seats}
    top = max(totals.values())
    tied = [c for c, t in totals.items() if t == top]
    names = " and ".join(winners)
    rule = "bonfire.score.winner"
    if len(tied) == 1:
        return f"{names} with {top} points ({rule})"
    if len(winners) < len(tied):
        others = ", ".join(f"{c} {lit[c]}" for c in tied if c not in winners)
        return (f"{names}: tied on {top} points with {', '.join(c for c in tied if c not in winners)}, "
                f"{'wins' if len(winners) == 1 else 'win'} the tie-break on lit bonfires ({lit[winners[0]]} against "
                f"{others}; {rule})")
    return (f"{names}, tied on {top} points and on lit bonfires ({lit[winners[0]]}): the win is shared "
            f"({rule}, bonfire.assume.tie-shared)")


def score_now_figure(state: State) -> go.Figure:
    """Each player's score by category as stacked horizontal bars (:func:`score_now`), the total at the end.

    One bar trace per category of :data:`CATEGORIES` (``name`` = its :data:`CATEGORY_LABELS` label, colour
    :data:`CATEGORY_COLOURS`, ``meta={"category": id}``), ``y`` = the players' labels in seat order, top to
    bottom (``"orange (3 lit)"``: the lit bonfires break ties), ``x`` = points. An annotation per player
    (``name="total <colour>"``) writes the total, with a star for the leader(s): ``state.winners()`` (most
    points, then more lit bonfires, ``bonfire.score.winner``; still tied: shared,
    ``bonfire.assume.tie-shared``). At the end of the game the title gives the winner(s); before it, the
    leader(s) "if the game ended now" (the final categories are a forecast: fate tiles not placed score 3 each,
    leftovers 1 per 2...). ``layout.meta`` = ``{"totals": {colour: total}, "leaders": [...], "over": bool}``.

    Raises:
        TypeError: if ``state`` is not a Bonfire State.
    """
    state = _check_state(state)
    table = score_now(state)
    totals = {c: sum(v.values()) for c, v in table.items()}
    leaders = list(state.winners())
    lit = {s.colour: sum(s.lit) for s in state.seats}
    labels = [f"{c} ({lit[c]} lit)" for c in table]
    bars: list[dict[str, Any]] = []
    titles = {"play": "scored in play",
              "final": "final scoring" if state.is_terminal else "final scoring (if it ended now)"}
    for cat in CATEGORIES:
        group = "play" if cat in PLAY_CATEGORIES else "final"
        values = [table[c][cat] for c in table]
        bars.append(dict(
            type="bar", x=values, y=labels, orientation="h", name=CATEGORY_LABELS[cat],
            marker={"color": CATEGORY_COLOURS[cat], "line": {"color": "#ffffff", "width": 1}},
            text=[str(v) if v else "" for v in values], textposition="inside", insidetextanchor="middle",
            textfont={"size": 11}, hovertemplate=f"%{{y}}: %{{x}} points from {CATEGORY_LABELS[cat]}<extra></extra>",
            meta={"category": cat}, legendgroup=group, legendgrouptitle={"text": titles.pop(group, "")}))
    top = max(totals.values())
    notes = [{"x": totals[colour], "y": label, "xanchor": "left",
              "text": f"<b>{totals[colour]}</b>" + (" ★" if colour in leaders else ""), "xshift": 6,
              "showarrow": False, "font": {"size": 14, "color": "#222222"}, "name": f"total {colour}"}
             for colour, label in zip(table, labels)]
    lead = _leader_text(state, totals, leaders)
    if state.is_terminal:
        heading = (f"Final scores: the game is over<br><sup>{'winner' if len(leaders) == 1 else 'winners'}: "
                   f"{lead}</sup>")
    else:
        when = (f"countdown round {state.countdown}" if state.countdown else
                "during the set-up" if state.phase == "setup" else "during play")
        heading = (f"Each player's score if the game ended now ({when})<br><sup>points scored in play + the "
                   f"final scoring counted now; leading: {lead}</sup>")
    height = max(500, 190 + 70 * len(table))
    fig = go.Figure(data=bars, layout={
        "annotations": [*notes, _OWN_DATA_NOTE],
        "title": {"text": heading + "<br><sup>★ the leader (most points, then more lit bonfires)</sup>", "x": 0.01,
                  "xanchor": "left"}})
    fig.update_layout(
        barmode="stack", template="plotly_white", height=height,
        margin={"l": 130, "r": 20, "t": 100, "b": 90},
        xaxis={"title": {"text": "points"}, "range": [0, max(top * 1.12, 10)]},
        yaxis={"autorange": "reversed"},
        legend={"traceorder": "grouped", "font": {"size": 11}, "groupclick": "toggleitem"},
        meta={"totals": totals, "leaders": leaders, "over": state.is_terminal})
    return fig


# ---- 3. scores over a game -----------------------------------------------------------------------------------------
def scores_over_time(record_or_states: Record | Iterable[State]) -> list[dict[str, Any]]:
    """Each player's total score after every action of a game: ``[{"step", "action", "player", "phase",
    "countdown", "totals"}, ...]``.

    ``record_or_states`` is a :class:`~explorer.core.Record` of a Bonfire game (all its states, the redo tail
    included) or states of one game in order (e.g. ``record.states[:record.cursor + 1]``). Row ``i`` is the
    position after ``i`` actions (chance draws and set-up choices count as actions; row 0 is the first state):
    ``action`` is the notation of the action that led there (known from a Record, else ``None``; ``None`` for
    row 0), ``player`` who took it (``"chance"`` for a draw; ``None`` for row 0), ``phase`` and ``countdown`` the
    state's, and ``totals`` ``{colour: total}`` of ``state.scores()`` (play points + the final scoring as if the
    game ended then).

    Raises:
        TypeError: if the argument is neither a Bonfire Record nor states of Bonfire.
        ValueError: if the record is of another game, or there are no states.
    """
    actions: Sequence[Any] | None = None
    if isinstance(record_or_states, Record):
        if record_or_states.game != "bonfire":
            raise ValueError(f"this is a record of {record_or_states.game!r}, not of Bonfire")
        states = list(record_or_states.states)
        actions = record_or_states.actions
    else:
        states = list(record_or_states)
        for s in states:
            _check_state(s)
    if not states:
        raise ValueError("no states: a game has at least its set-up")
    rows = []
    for i, s in enumerate(states):
        if i == 0:
            action, who = None, None
        else:
            before = states[i - 1]
            action = str(actions[i - 1]) if actions is not None else None
            who = "chance" if before.current_player is None else before.players[before.current_player]
        totals = {c: t.total for c, t in s.scores().items()}
        rows.append({"step": i, "action": action, "player": who, "phase": s.phase, "countdown": s.countdown,
                     "totals": totals})
    return rows


def scores_over_time_figure(record_or_states: Record | Iterable[State]) -> go.Figure:
    """Each player's total after every action of a game (:func:`scores_over_time`), one line per player.

    ``x`` = actions taken (0 = the first state), ``y`` = the total of ``state.scores()`` then: points scored in
    play plus the final scoring as if the game ended at that moment (so it moves both ways: placing a fate tile
    costs the 3 points it was worth left on the summary board, ``bonfire.score.fate-tiles-left``). Each line is a
    player's colour (:data:`PLAYER_COLOURS`; ``meta={"player": colour, "totals": [...]}``), hover the action
    and who took it. Dotted vertical lines (shapes named ``"play starts"``, ``"countdown"``, ``"game over"``)
    mark the end of the set-up, the first countdown round (``bonfire.end.countdown``) and the end of the game,
    when the states reach them.

    Raises:
        TypeError, ValueError: as :func:`scores_over_time`.
    """
    rows = scores_over_time(record_or_states)
    xs = [r["step"] for r in rows]
    players = list(rows[-1]["totals"])
    fig = go.Figure()
    hover = [f"after {r['step']} actions" + (f": {r['player']}, {r['action']}" if r["action"] else
                                              f": {r['player']}" if r["player"] else " (start)")
             for r in rows]
    for colour in players:
        totals = [r["totals"][colour] for r in rows]
        fig.add_trace(go.Scatter(
            x=xs, y=totals, mode="lines", name=colour, line={"color": PLAYER_COLOURS.get(colour, "#888888"),
                                                             "width": 2.5, "shape": "hv"},
            hovertext=hover, hovertemplate=f"{colour}: %{{y}} points<br>%{{hovertext}}<extra></extra>",
            meta={"player": colour, "totals": totals}))
    marks = []
    first_play = next((r["step"] for r in rows if r["phase"] != "setup"), None)
    if first_play and rows[0]["phase"] == "setup":
        marks.append(("play starts", first_play))
    first_countdown = next((r["step"] for r in rows if r["countdown"]), None)
    if first_countdown is not None and first_countdown > 0:
        marks.append(("countdown", first_countdown))
    if rows[-1]["phase"] == "over":
        marks.append(("game over", rows[-1]["step"]))
    for name, x in marks:
        fig.add_vline(x=x, line={"color": "#8c8c8c", "width": 1, "dash": "dot"}, name=name,
                      annotation_text=name, annotation_position="top left", annotation_font={"size": 10})
    last = rows[-1]
    end = "game over" if last["phase"] == "over" else f"{last['phase']}, after {last['step']} actions"
    _own_data_note(fig)
    fig.update_layout(
        title={"text": f"Each player's score after every action ({len(players)} players, {end})<br><sup>points "
                       "scored in play + the final scoring as if the game ended then (bonfire.score.*): a forecast "
                       "that can fall, e.g. 3 points less per fate tile placed</sup>", "x": 0.01,
               "xanchor": "left"},
        template="plotly_white", height=440, margin={"l": 50, "r": 20, "t": 90, "b": 90}, hovermode="closest",
        xaxis={"title": {"text": "actions taken (chance draws included)"}, "rangemode": "tozero"},
        yaxis={"title": {"text": "points"}, "rangemode": "tozero"},
        legend={"orientation": "h", "yanchor": "bottom", "y": 1.0, "x": 1, "xanchor": "right"})
    return fig
