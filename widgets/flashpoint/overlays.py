"""Plotly overlays on Flash Point: the exact risk of the next fire advance, expected losses, counters over time.

Every function here is pure: it reads immutable engine values (a :class:`~explorer.flashpoint.State`, a
:class:`~explorer.core.Record`) and returns data or a new :class:`plotly.graph_objects.Figure` (never a
``FigureWidget``, no random trace uids), so two calls on the same input give equal ``fig.to_dict()``. All rule
logic stays in the engine: the risk of the next advance is :func:`explorer.flashpoint.outlook.fire_outlook`
(every die outcome enumerated, exact fractions); the Monte Carlo plays the engine's legal actions and chance
outcomes (``state.legal_actions()``, ``state.sample_chance()``); the counters are the state's (``damage``,
``lost``, ``rescued``).

The building is drawn from ``state.building``: one square cell per space (row ``r``, column ``c`` at ``x = c +
the floor's offset``, ``y = r``; the y axis is reversed, so row 0 is at the top, with equal aspect). A building
of several floors has them side by side, in the order of its data (the ground floor first), each floor
``cols + 2`` cells wide (its outside ring included; a basement has no ring but keeps the same width, so a space
and the one above it share their column inside their floors) with one empty column between two floors (see
:func:`floor_offsets`). Walls, doors, windows and the other edges are lines on the cell borders; destroyed or
open ones are dotted.

* :func:`fire_risk` / :func:`fire_risk_figure` — per space, the exact probability of smoke, fire, explosion
  and knock-down in the next fire advance (``flashpoint.fire.*``), as a heat map.
* :func:`expected_losses` / :func:`expected_losses_figure` — seeded Monte Carlo of the damage, victims lost
  and victims rescued after each of the next turns of random play, with standard errors.
* :func:`counters` / :func:`counters_over_time_figure` — damage, rescued and lost after every turn of a game.
"""

from __future__ import annotations

import math
import random
import time
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from fractions import Fraction
from typing import Any

import plotly.graph_objects as go
from plotly.subplots import make_subplots

from explorer.core import Record, Rng
from explorer.flashpoint import RULES, State
from explorer.flashpoint import actions as A
from explorer.flashpoint.building import Building
from explorer.flashpoint.components import DAMAGE_CUBES, LOSSES_TO_LOSE, RESCUES_TO_WIN, WALL_STRENGTH
from explorer.flashpoint.outlook import _start as _outlook_start
from explorer.flashpoint.outlook import fire_outlook
from explorer.flashpoint.state import is_extreme

from .scene import floor_order

__all__ = ["RISK_KINDS", "RISK_LABELS", "RISK_COLORSCALE", "COLOUR_FLOOR", "ADVANCE_FIRE_RULES",
           "ED_ADVANCE_FIRE_RULES", "COUNTER_COLOURS", "ACTION_KINDS", "floor_offsets", "SpaceRisk", "FireRisk",
           "fire_risk", "fire_risk_figure", "random_action", "ExpectedLosses", "expected_losses",
           "expected_losses_figure", "counters", "counters_over_time_figure"]

RISK_KINDS = ("smoke", "fire", "explosion", "knock_down")
"""What :func:`fire_risk` gives per space, in the order of the hover text (the ``kind`` of
:func:`fire_risk_figure`; ``"knock-down"`` is accepted for ``"knock_down"``)."""
RISK_LABELS = {"smoke": "smoke", "fire": "fire", "explosion": "explosion", "knock_down": "knock-down"}
"""How each kind is written in titles and hover text."""
RISK_COLORSCALE = "YlOrRd"
"""The heat map's colour scale, from probability 0 to the top of the colour range (see :data:`COLOUR_FLOOR`)."""
COLOUR_FLOOR = 0.1
"""The heat map's colour range runs from 0 to the largest probability shown rounded up to a multiple of 5%, but
never below this (so a quiet advance is not painted alarming) nor above 1. The ``z`` values are the
probabilities themselves whatever the range."""
ADVANCE_FIRE_RULES = ("flashpoint.fire.roll", "flashpoint.fire.smoke", "flashpoint.fire.explosion",
                      "flashpoint.fire.shockwave", "flashpoint.fire.damage", "flashpoint.fire.door-blown",
                      "flashpoint.fire.flashover", "flashpoint.fire.hazmat", "flashpoint.fire.flare-up",
                      "flashpoint.fire.knock-down", "flashpoint.fire.lost")
"""The rules of one fire advance, in play order (the steps :func:`fire_risk` enumerates)."""
ED_ADVANCE_FIRE_RULES = ("flashpoint.ed.arrows", "flashpoint.ed.objects", "flashpoint.ed.fireproof-door",
                         "flashpoint.ed.light-wall", "flashpoint.ed.window", "flashpoint.ed.spill",
                         "flashpoint.ed.floor")
"""The Extreme Danger rules a fire advance may also use (named in the title on an Extreme Danger building)."""
COUNTER_COLOURS = {"damage": "#7f4f24", "lost": "#d7301f", "rescued": "#2b8cbe"}
"""Line colour of each counter in :func:`expected_losses_figure` and :func:`counters_over_time_figure`."""
ACTION_KINDS = {A.Move: "move", A.Extinguish: "extinguish", A.OpenDoor: "door", A.CloseDoor: "door",
                A.Unjam: "door", A.Chop: "chop", A.PickUp: "carry", A.Drop: "carry", A.Drive: "vehicle",
                A.DeckGun: "vehicle",
                A.Treat: "specialty", A.Identify: "specialty", A.Dispose: "specialty", A.Command: "command",
                A.CrewChange: "crew change", A.EndTurn: "end", A.Place: "setup", A.Park: "setup",
                A.ChooseRole: "setup", A.TakeLadder: "ladder", A.DropLadder: "ladder", A.RaiseLadder: "ladder",
                A.CollapseLadder: "ladder", A.Bridge: "ladder", A.MovePlatform: "platform"}
"""The kind of each action class for :func:`random_action` (the property tests' grouping; any other class is
its own kind, named after it)."""

_OUTLINE = "#b8b0a4"
_FLOOR_LABEL = "#5a4a36"
_EDGE_STYLES: dict[str, dict[str, Any]] = {
    # name -> line style; the trace names of the edges, in this order
    "walls": {"color": "#2b2b2b", "width": 4},
    "damaged walls": {"color": "#e6550d", "width": 4},
    "destroyed walls": {"color": "#9e9e9e", "width": 1.5, "dash": "dot"},
    "light walls": {"color": "#555555", "width": 2.5},
    "closed doors": {"color": "#8c510a", "width": 4},
    "open doors": {"color": "#8c510a", "width": 1.5, "dash": "dot"},
    "destroyed doors": {"color": "#bdbdbd", "width": 1.5, "dash": "dot"},
    "fireproof doors": {"color": "#67001f", "width": 4},
    "windows": {"color": "#6baed6", "width": 4},
    "open windows": {"color": "#6baed6", "width": 1.5, "dash": "dot"},
}


def _check_state(state: Any) -> State:
    if not isinstance(state, State):
        raise TypeError(f"expected a Flash Point State, got {type(state).__name__}")
    return state


def _kind(kind: Any) -> str:
    key = kind.replace("-", "_") if isinstance(kind, str) else kind
    if key not in RISK_KINDS:
        raise ValueError(f"kind must be one of {', '.join(RISK_KINDS)}, got {kind!r}")
    return key


def _pct(p: Fraction | float) -> str:
    return f"{float(p) * 100:.1f}%"


# ---- the building's grid --------------------------------------------------------------------------------------------
def floor_offsets(building: Building) -> dict[str, int]:
    """Each floor's x offset in the figures: its space ``"r,c"`` is drawn at ``x = c + offset``, ``y = r``.

    Floors go left to right in the board view's order (:func:`~widgets.flashpoint.scene.floor_order`: as the
    black die reads them), each ``cols + 2`` cells wide (its outside ring, or the room for one in a basement) with
    one empty column between floors.

    >>> floor_offsets(Building.named("laboratory_attic"))
    {'ground': 0, 'second': 7, 'attic': 14}
    """
    out: dict[str, int] = {}
    x = 0
    for fid in floor_order(building):
        out[fid] = x
        x += building.floors[fid].cols + 3
    return out


def _xy(building: Building, offsets: Mapping[str, int], space: str) -> tuple[int, int]:
    s = building.spaces_by_id[space]
    return s.col + offsets[s.floor], s.row


def _axes(building: Building) -> dict[str, Any]:
    width = sum(f.cols + 3 for f in building.floors.values()) - 1
    rows = max(f.rows for f in building.floors.values())
    common = {"visible": False, "showgrid": False, "zeroline": False, "showticklabels": False}
    return {"xaxis": {"range": [-0.6, width - 0.4], "constrain": "domain", **common},
            "yaxis": {"range": [rows + 1.6, -1.5], "scaleanchor": "x", "scaleratio": 1, "constrain": "domain",
                      **common}}


def _edge_style(state: State, key: frozenset[str], kind: str) -> str | None:
    """The trace name an edge is drawn in (see ``_EDGE_STYLES``), or ``None`` for an entrance."""
    cubes = state.wall_damage.get(key, 0)
    door = state.doors.get(key, "closed")
    if kind == "entrance":
        return None
    if kind == "wall":
        return "destroyed walls" if cubes >= WALL_STRENGTH["wall"] else "damaged walls" if cubes else "walls"
    if kind == "light_wall":
        return "destroyed walls" if cubes >= WALL_STRENGTH["light_wall"] else "light walls"
    if kind == "window":
        if cubes >= WALL_STRENGTH["window"] or door == "destroyed":
            return "destroyed doors"
        return "open windows" if door == "open" else "windows"
    if door == "destroyed":
        return "destroyed doors"
    if door == "open":
        return "open doors"
    return "fireproof doors" if kind == "fireproof_door" else "closed doors"


def _edge_traces(state: State, offsets: Mapping[str, int]) -> list[go.Scatter]:
    """One line trace per edge style of ``_EDGE_STYLES`` (always all of them, some empty), each segment on the
    border between the edge's two cells."""
    building = state.building
    lines: dict[str, tuple[list[float | None], list[float | None]]] = {name: ([], []) for name in _EDGE_STYLES}
    for key, edge in building.edges.items():
        name = _edge_style(state, key, edge.kind)
        if name is None:
            continue
        (xa, ya), (xb, yb) = _xy(building, offsets, edge.a), _xy(building, offsets, edge.b)
        mx, my = (xa + xb) / 2, (ya + yb) / 2
        xs, ys = lines[name]
        if ya == yb:  # side by side: a vertical segment
            xs += [mx, mx, None]
            ys += [my - 0.5, my + 0.5, None]
        else:
            xs += [mx - 0.5, mx + 0.5, None]
            ys += [my, my, None]
    # a basement's border meets solid ground: draw it as walls
    xs, ys = lines["walls"]
    for fid, floor in building.floors.items():
        if not floor.has_ring:
            x0, x1 = offsets[fid] + 0.5, offsets[fid] + floor.cols + 0.5
            xs += [x0, x1, x1, x0, x0, None]
            ys += [0.5, 0.5, floor.rows + 0.5, floor.rows + 0.5, 0.5, None]
    return [go.Scatter(x=xs, y=ys, mode="lines", name=name, line=_EDGE_STYLES[name], hoverinfo="skip",
                       showlegend=False, meta={"edges": name}) for name, (xs, ys) in lines.items()]


def _piece_traces(state: State, offsets: Mapping[str, int]) -> list[go.Scatter]:
    """Markers for what is on the board now: fire, smoke, hot spots, points of interest, hazmats, objects,
    damaged and destroyed floors, firefighters (always these traces, some empty; no hover: the cells carry
    it)."""
    building = state.building

    def at(spaces: Iterable[str], dx: float = 0.0, dy: float = 0.0) -> dict[str, list[float]]:
        pts = [_xy(building, offsets, s) for s in spaces]
        return {"x": [p[0] + dx for p in pts], "y": [p[1] + dy for p in pts]}

    order = {s: k for k, s in enumerate(building.spaces_by_id)}

    def ordered(spaces: Iterable[str]) -> list[str]:
        return sorted(spaces, key=lambda s: order.get(s, -1))

    objects = ordered(s for s in building.spaces_by_id if state.object_at(s) is not None)
    holes = ordered(s for s, v in state.floor_damage.items() if v == "destroyed")
    cracked = ordered(s for s, v in state.floor_damage.items() if v == "damaged")
    poi = ordered(state.pois)
    standing = [f for f in state.firefighters if f.space is not None]
    by_space: dict[str, int] = {}
    ff_x, ff_y = [], []
    for f in standing:
        k = by_space.get(f.space, 0)
        by_space[f.space] = k + 1
        x, y = _xy(building, offsets, f.space)
        ff_x.append(x - 0.3 + 0.2 * (k % 4))
        ff_y.append(y + 0.3)
    common = {"hoverinfo": "skip", "showlegend": False}
    return [
        go.Scatter(**at(objects), mode="markers", name="objects", **common,
                   marker={"symbol": "square-x-open", "size": 16, "color": "#4d4d4d"}),
        go.Scatter(**at(holes), mode="markers", name="destroyed floors", **common,
                   marker={"symbol": "square", "size": 18, "color": "#3b3b3b"}),
        go.Scatter(**at(cracked), mode="markers", name="damaged floors", **common,
                   marker={"symbol": "square-open", "size": 18, "color": "#3b3b3b"}),
        go.Scatter(**at(ordered(state.smoke)), mode="markers", name="smoke now", **common,
                   marker={"symbol": "circle", "size": 11, "color": "#737373", "opacity": 0.8}),
        go.Scatter(**at(ordered(state.fire)), mode="markers", name="fire now", **common,
                   marker={"symbol": "triangle-up", "size": 13, "color": "#a50f15",
                           "line": {"color": "#ffffff", "width": 1}}),
        go.Scatter(**at(ordered(state.hot_spots), dx=0.3, dy=-0.3), mode="markers", name="hot spots", **common,
                   marker={"symbol": "diamond", "size": 7, "color": "#000000"}),
        go.Scatter(**at(poi, dx=-0.3, dy=-0.3), mode="text", name="points of interest", **common,
                   text=["?" if state.pois[s] == "hidden" else "V" for s in poi],
                   textfont={"size": 11, "color": "#08306b"}),
        go.Scatter(**at(ordered(state.hazmats), dx=0.3, dy=0.3), mode="markers", name="hazmats", **common,
                   marker={"symbol": "hexagon", "size": 8, "color": "#6a3d9a"}),
        go.Scatter(x=ff_x, y=ff_y, mode="markers", name="firefighters", **common,
                   marker={"symbol": "circle", "size": 8, "color": [f.name for f in standing],
                           "line": {"color": "#000000", "width": 1}}),
    ]


def _floor_labels(fig: go.Figure, building: Building, offsets: Mapping[str, int]) -> None:
    if len(building.floors) < 2:
        return
    for fid, floor in building.floors.items():
        fig.add_annotation(text=floor.name, x=offsets[fid] + (floor.cols + 1) / 2, y=-0.95, xref="x", yref="y",
                           showarrow=False, font={"size": 12, "color": _FLOOR_LABEL}, name=f"floor {fid}")


def _space_lines(state: State, space: str) -> list[str]:
    """What stands on ``space`` now, for hover text."""
    out = []
    if space in state.fire:
        out.append("fire")
    if space in state.smoke:
        out.append("smoke")
    if space in state.hot_spots:
        out.append("hot spot")
    if space in state.pois:
        out.append({"hidden": "point of interest (face down)"}.get(state.pois[space], state.pois[space]))
    if state.hazmats.get(space):
        out.append(f"hazmat x{state.hazmats[space]}" if state.hazmats[space] > 1 else "hazmat")
    oid = state.object_at(space)
    if oid is not None:
        out.append(f"object {oid}")
    if space in state.floor_damage:
        out.append(f"floor {state.floor_damage[space]}")
    names = [f.name for f in state.firefighter_at(space)]
    if names:
        out.append("firefighter " + ", ".join(names))
    return out


# ---- 1. the exact risk of the next fire advance -----------------------------------------------------------------
@dataclass(frozen=True)
class SpaceRisk:
    """One space's chances in the next fire advance (exact fractions, see :func:`fire_risk`)."""

    smoke: Fraction
    """The space, free of smoke and fire now, ends the advance with smoke."""
    fire: Fraction
    """The space, not on fire now, ends the advance on fire (a space on fire already gets 0)."""
    explosion: Fraction
    """An explosion starts on the space (a roll onto fire, a hazmat, an object going off)."""
    knock_down: Fraction
    """A firefighter standing there is knocked down (0 where nobody stands)."""

    def get(self, kind: str) -> Fraction:
        """The probability of ``kind`` (one of :data:`RISK_KINDS`).

        Raises:
            ValueError: for another kind.
        """
        return getattr(self, _kind(kind))


@dataclass(frozen=True)
class FireRisk:
    """The exact distribution of the next fire advance, per space and for the team (see :func:`fire_risk`)."""

    spaces: dict[str, SpaceRisk]
    """Every inside space of the building (building order; the engine never puts fire, smoke or a
    firefighter's knock-down outside), plus any other space the outlook names; treat it as read-only."""
    victims_lost: Fraction
    """Expected victims lost in this advance (``flashpoint.fire.lost``, ``flashpoint.fire.knock-down``)."""
    damage: Fraction
    """Expected damage cubes placed in this advance."""
    game_lost: Fraction
    """Probability that this advance ends the game in defeat (4 lost, or the collapse)."""
    unresolved: Fraction
    """Probability of the flare-up chains deeper than ``max_flare_ups`` (their later rolls are not counted)."""
    outcomes: int
    """How many branches (distinct sequences of chance outcomes) were enumerated."""
    max_flare_ups: int
    """How many flare-up rolls deep the chains were followed."""

    def probabilities(self, kind: str) -> dict[str, Fraction]:
        """Space -> probability of ``kind`` (one of :data:`RISK_KINDS`), for every space of :attr:`spaces`.

        Raises:
            ValueError: for another kind.
        """
        kind = _kind(kind)
        return {s: getattr(r, kind) for s, r in self.spaces.items()}

    def to_dict(self) -> dict[str, Any]:
        """JSON-ready: probabilities as strings (``"1/48"``), spaces in building order."""
        return {"spaces": {s: {k: str(getattr(r, k)) for k in RISK_KINDS} for s, r in self.spaces.items()},
                "victims_lost": str(self.victims_lost), "damage": str(self.damage), "game_lost": str(self.game_lost),
                "unresolved": str(self.unresolved), "outcomes": self.outcomes, "max_flare_ups": self.max_flare_ups}


def fire_risk(state: State, max_flare_ups: int = 1) -> FireRisk:
    """For every space, the exact probability of smoke, fire, explosion and knock-down in the next fire advance.

    The numbers are :func:`explorer.flashpoint.outlook.fire_outlook`'s: every outcome of the roll
    (``flashpoint.fire.roll``: 48, or 72 with the d12), the flare-up rolls a hot spot causes
    (``flashpoint.fire.flare-up``, followed ``max_flare_ups`` rolls deep; the probability of going deeper is
    :attr:`FireRisk.unresolved`), points of interest turned over in the fire and a chemical spill's path, each
    weighted by its exact probability; smoke, explosions, shockwaves, flashovers, hazmats, knock-downs and lost
    victims as the engine resolves them (``flashpoint.fire.*``). From a position where a firefighter is to act,
    the advance studied is the one after ``end`` now (the firefighter's remaining actions are not). Spaces the
    outlook does not name get 0.

    >>> from explorer.flashpoint import new_game
    >>> risk = fire_risk(new_game(players=1, seed=1).apply("place 0,6"))
    >>> risk.spaces["2,1"].fire, risk.spaces["1,1"].smoke, risk.damage, risk.outcomes
    (Fraction(1, 16), Fraction(1, 48), Fraction(1, 3), 48)

    Raises:
        TypeError: if ``state`` is not a Flash Point State.
        ValueError: where no fire advance is next (setup, a step due in the middle of a turn or of the fire
            phase, the end), or for a ``max_flare_ups`` not in 0-4 (the engine's message).
    """
    state = _check_state(state)
    outlook = fire_outlook(state, max_flare_ups=max_flare_ups)
    tables = {k: getattr(outlook, k) for k in RISK_KINDS}
    zero = Fraction(0)
    names = list(state.building.spaces(inside=True))
    named = set(names)
    names += sorted({s for t in tables.values() for s in t} - named)
    spaces = {s: SpaceRisk(*(tables[k].get(s, zero) for k in RISK_KINDS)) for s in names}
    return FireRisk(spaces, outlook.victims_lost, outlook.damage, outlook.game_lost, outlook.unresolved,
                    outlook.outcomes, max_flare_ups)


def _advance_rules(state: State) -> tuple[str, ...]:
    return ADVANCE_FIRE_RULES + (ED_ADVANCE_FIRE_RULES if is_extreme(state.building) else ())


def _rule_lines(rule_ids: Sequence[str], per_line: int = 6) -> str:
    chunks = [", ".join(rule_ids[k:k + per_line]) for k in range(0, len(rule_ids), per_line)]
    return "<br>".join(chunks)


def _no_outlook_reason(state: State) -> str | None:
    """Why no fire advance is next here, or ``None`` if one is."""
    if state.is_terminal:
        return "The game is over: no fire advance is next."
    if state.phase == "setup":
        return "Set-up: the fire advances after the first firefighter's turn."
    try:
        _outlook_start(state)  # the engine's own test of "a fire advance is next" (cheap: no enumeration)
    except ValueError:
        step = state.pending[0] if state.pending else None
        return (f"A step is due ({step}): the risk is shown before a fire advance, when a firefighter is to act or "
                "the fire's roll is due.")
    return None


def fire_risk_figure(state: State, kind: str = "fire", *, max_flare_ups: int = 1,
                     risk: FireRisk | None = None) -> go.Figure:
    """A heat map over the building of :func:`fire_risk`'s probability of ``kind`` in the next fire advance.

    Traces, in order: one ``go.Heatmap`` per floor (named ``"P(fire) Ground floor"``, ``meta={"floor": id,
    "kind": kind}``), one cell per space of that floor at ``x = column + offset`` (:func:`floor_offsets`),
    ``y = row``: ``z`` is the probability of ``kind`` as a float (``None`` on the outside ring and where no
    space is), ``customdata`` the space id (``""`` where none), hover text with all four probabilities as
    percentages (smoke, fire, explosion, knock-down) and what stands there now; the colour axis
    (``layout.coloraxis``, :data:`RISK_COLORSCALE`) runs from 0 to the largest probability rounded up to 5%,
    at least :data:`COLOUR_FLOOR`, at most 1. Then the edges (walls by damage, doors by state, windows,
    fireproof doors, light walls, one line trace each) and markers of the pieces now on the board (fire,
    smoke, hot spots, points of interest, hazmats, objects, floors, firefighters). The title names the
    firefighter whose ``end`` it studies, the branches enumerated, the expected damage and victims lost, the
    chance of losing in this advance, the flare-up depth and the probability left unexpanded, and the rule ids
    of the advance-fire phase (:data:`ADVANCE_FIRE_RULES`, and :data:`ED_ADVANCE_FIRE_RULES` on an Extreme
    Danger building); ``layout.meta`` holds ``{"kind", "rules", "unresolved", "outcomes"}`` (``unresolved`` as
    a string fraction).

    Where no fire advance is next (setup, a step due, the end) the building is drawn with every ``z`` ``None``
    and an annotation named ``"empty"`` says why (``layout.meta["rules"]`` is then empty).

    Args:
        state: the position.
        kind: ``"smoke"``, ``"fire"``, ``"explosion"`` or ``"knock_down"`` (``"knock-down"`` too).
        max_flare_ups: passed to :func:`fire_risk`.
        risk: a :func:`fire_risk` of ``state`` already computed (it is not recomputed).

    Raises:
        TypeError: if ``state`` is not a Flash Point State or ``risk`` not a :class:`FireRisk`.
        ValueError: for an unknown ``kind``, a ``max_flare_ups`` not in 0-4, or a ``risk`` naming spaces this
            building lacks (computed on another building).
    """
    state = _check_state(state)
    kind = _kind(kind)
    if risk is not None and not isinstance(risk, FireRisk):
        raise TypeError(f"expected a FireRisk, got {type(risk).__name__}")
    if risk is not None and not set(risk.spaces) <= set(state.building.spaces_by_id):
        raise ValueError("this risk was computed on another building: its spaces are not this state's")
    if isinstance(max_flare_ups, bool) or not isinstance(max_flare_ups, int) or not 0 <= max_flare_ups <= 4:
        raise ValueError(f"max_flare_ups must be a whole number 0-4, got {max_flare_ups!r}")
    reason = None if risk is not None else _no_outlook_reason(state)
    if risk is None and reason is None:
        risk = fire_risk(state, max_flare_ups)
    building = state.building
    offsets = floor_offsets(building)
    label = RISK_LABELS[kind]
    fig = go.Figure()
    for fid, floor in building.floors.items():
        cols = range(floor.cols + 2)
        rows = range(floor.rows + 2)
        z: list[list[float | None]] = []
        text: list[list[str]] = []
        ids: list[list[str]] = []
        prefix = "" if fid == next(iter(building.floors)) else f"{fid}:"
        for r in rows:
            z_row, t_row, id_row = [], [], []
            for c in cols:
                space = f"{prefix}{r},{c}"
                info = building.spaces_by_id.get(space)
                if info is None:
                    z_row.append(None)
                    t_row.append("")
                    id_row.append("")
                    continue
                lines = [f"<b>{space}</b>" + (f" ({floor.name})" if len(building.floors) > 1 else "")]
                at = risk.spaces.get(space) if risk is not None else None
                if at is not None:
                    z_row.append(float(at.get(kind)))
                    lines += [f"{RISK_LABELS[k]}: {_pct(at.get(k))}" for k in RISK_KINDS]
                else:
                    z_row.append(None)
                    if not info.inside:
                        lines.append("outside")
                now = _space_lines(state, space)
                if now:
                    lines.append("now: " + ", ".join(now))
                t_row.append("<br>".join(lines))
                id_row.append(space)
            z.append(z_row)
            text.append(t_row)
            ids.append(id_row)
        fig.add_trace(go.Heatmap(
            x=[offsets[fid] + c for c in cols], y=list(rows), z=z, text=text, customdata=ids,
            coloraxis="coloraxis", xgap=1, ygap=1, name=f"P({label}) {floor.name}",
            hovertemplate="%{text}<extra></extra>", meta={"floor": fid, "kind": kind}))
    for trace in _edge_traces(state, offsets):
        fig.add_trace(trace)
    for trace in _piece_traces(state, offsets):
        fig.add_trace(trace)
    _floor_labels(fig, building, offsets)

    largest = max((float(r.get(kind)) for r in risk.spaces.values()), default=0.0) if risk is not None else 0.0
    top = min(1.0, max(COLOUR_FLOOR, math.ceil(largest * 20 - 1e-9) / 20))
    rules: tuple[str, ...] = ()
    if risk is None:
        title = f"P({label}) in the next fire advance: none is next"
        fig.add_annotation(text=reason, xref="paper", yref="paper", x=0.5, y=0.5, showarrow=False,
                           font={"size": 14, "color": _FLOOR_LABEL}, name="empty", bgcolor="rgba(255,255,255,0.8)")
        meta: dict[str, Any] = {"kind": kind, "rules": [], "unresolved": None, "outcomes": 0}
    else:
        rules = _advance_rules(state)
        if state.phase == "actions" and not state.pending and not state.is_terminal:
            who = f" if {state.firefighter.name} ends the turn now"
        else:
            who = " (its roll is due)"
        title = (f"P({label}) in the next fire advance{who}: exact over {risk.outcomes} branches"
                 f"<br><sup>expected damage {float(risk.damage):.2f} cubes, victims lost "
                 f"{float(risk.victims_lost):.2f}, P(game lost) {_pct(risk.game_lost)}; flare-ups followed "
                 f"{risk.max_flare_ups} deep, probability left unexpanded {float(risk.unresolved) * 100:.2f}%"
                 f"<br>{_rule_lines(rules)}</sup>")
        meta = {"kind": kind, "rules": list(rules), "unresolved": str(risk.unresolved), "outcomes": risk.outcomes}
    fig.update_layout(
        title={"text": title, "x": 0.01, "xanchor": "left", "font": {"size": 14}},
        coloraxis={"colorscale": RISK_COLORSCALE, "cmin": 0, "cmax": top,
                   "colorbar": {"title": {"text": f"P({label})"}, "tickformat": ".0%", "thickness": 14}},
        template="plotly_white", plot_bgcolor="#ffffff", showlegend=False, hovermode="closest",
        margin={"l": 10, "r": 10, "t": 120 if risk is not None and len(rules) > 12 else 100, "b": 10},
        height=460, meta=meta,
        **_axes(building))
    return fig


# ---- 2. expected losses over the next turns (Monte Carlo) ---------------------------------------------------------
def random_action(chooser: random.Random, legal: Sequence[Any]) -> Any:
    """The property tests' random player: a kind of action (:data:`ACTION_KINDS`) uniformly among the legal
    kinds, then an action of that kind uniformly, both drawn from ``chooser``. Ending the turn is one kind among
    the few legal ones, so turns end and games finish.

    Raises:
        IndexError: if ``legal`` is empty.
    """
    by_kind: dict[str, list[Any]] = {}
    for a in legal:
        by_kind.setdefault(ACTION_KINDS.get(type(a), type(a).__name__), []).append(a)
    return chooser.choice(by_kind[chooser.choice(sorted(by_kind))])


def _counters(state: State) -> tuple[int, int, int]:
    return state.damage, state.lost, state.rescued


def _mean_se(values: Sequence[int]) -> tuple[float, float]:
    n = len(values)
    mean = sum(values) / n
    var = sum((v - mean) ** 2 for v in values) / (n - 1)
    return mean, math.sqrt(var / n)


@dataclass(frozen=True)
class ExpectedLosses:
    """Monte Carlo means of the team's counters after each of the next turns (see :func:`expected_losses`).

    Every tuple has one entry per turn ``0..turns`` (turn 0 is the position itself: its counters, standard error
    0). Two results of the same call compare equal (``seconds`` is left out of the comparison).
    """

    turns: tuple[int, ...]
    """``(0, 1, ..., k)``."""
    damage: tuple[float, ...]
    """Mean damage cubes placed so far (``state.damage``: on walls, on standing objects, out of play) after each
    turn; the building collapses at 24."""
    damage_se: tuple[float, ...]
    """Standard error of each mean (sample standard deviation / sqrt(games))."""
    lost: tuple[float, ...]
    """Mean victims lost so far after each turn (the game is lost at 4)."""
    lost_se: tuple[float, ...]
    """Standard error of each mean."""
    rescued: tuple[float, ...]
    """Mean victims rescued so far after each turn (the game is won at 7)."""
    rescued_se: tuple[float, ...]
    """Standard error of each mean."""
    over: tuple[float, ...]
    """Fraction of the games over (won or lost) by the end of each turn."""
    games: int
    """Number of random continuations."""
    seed: int
    """The seed of the run."""
    seconds: float = field(compare=False)
    """Wall-clock time the estimate took."""

    @property
    def start(self) -> tuple[int, int, int]:
        """The position's own counters: (damage, lost, rescued)."""
        return int(self.damage[0]), int(self.lost[0]), int(self.rescued[0])

    def half_width(self, counter: str, turn: int) -> float:
        """The 95% half-width ``1.96 * standard error`` of ``counter`` (``"damage"``, ``"lost"`` or
        ``"rescued"``) after ``turn`` (normal approximation).

        Raises:
            ValueError: for another counter. IndexError: for a turn out of range.
        """
        if counter not in COUNTER_COLOURS:
            raise ValueError(f"counter must be one of {', '.join(COUNTER_COLOURS)}, got {counter!r}")
        return 1.96 * getattr(self, f"{counter}_se")[turn]


def expected_losses(state: State, turns: int = 3, games: int = 200, seed: int = 0) -> ExpectedLosses:
    """Seeded Monte Carlo: the team's damage, victims lost and victims rescued after each of the next ``turns``
    turns of random play, averaged over ``games`` continuations, with standard errors.

    Each continuation starts from ``state`` with its chance stream replaced by a fresh
    :class:`explorer.core.Rng` seeded from ``random.Random(seed).getrandbits(63)`` (so every continuation rolls
    different dice) and plays on: chance steps follow the engine's probabilities (``state.sample_chance()``),
    decisions are :func:`random_action` drawn from the same ``random.Random(seed)`` (one stream for the whole
    run; set-up choices too, which count as no turn). A turn is one firefighter's turn and the fire advance
    after it: it ends when the next firefighter starts (a fire phase giving way to an actions phase); from the
    fire phase, the advance in progress ends turn 1. A game that ends keeps its final counters for the turns
    left. The counters are ``state.damage`` (``flashpoint.fire.damage``, ``flashpoint.end.collapse`` at 24),
    ``state.lost`` (``flashpoint.fire.lost``, ``flashpoint.end.lost`` at 4) and ``state.rescued``
    (``flashpoint.rescue.*``, ``flashpoint.end.win`` at 7); each mean comes with its standard error (sample
    standard deviation / sqrt(games): the sampling error of the estimate, not the spread of one game). Random
    play is far weaker than a team (it seldom rescues anyone), so these are a pessimistic baseline. ``state``
    is not changed; the result is the same for the same arguments.

    >>> from explorer.flashpoint import new_game
    >>> s = new_game(players=2, seed=4).apply("place 0,6").apply("place 7,3")
    >>> e = expected_losses(s, turns=2, games=10, seed=1)
    >>> e.turns, e.damage[0], e.damage_se[0], e == expected_losses(s, turns=2, games=10, seed=1)
    ((0, 1, 2), 0.0, 0.0, True)

    Raises:
        TypeError: if ``state`` is not a Flash Point State, or ``turns``, ``games``, ``seed`` are not integers.
        ValueError: if ``turns`` is negative or ``games`` below 2 (a standard error needs two).
    """
    state = _check_state(state)
    for name, value in (("turns", turns), ("games", games), ("seed", seed)):
        if isinstance(value, bool) or not isinstance(value, int):
            raise TypeError(f"{name} must be an integer, got {value!r}")
    if turns < 0 or games < 2:
        raise ValueError(f"turns must be 0 or more and games at least 2, got turns={turns}, games={games}")
    started = time.perf_counter()
    chooser = random.Random(seed)
    table: list[list[tuple[int, int, int]]] = [[] for _ in range(turns + 1)]  # per turn, per game
    ended = [0] * (turns + 1)
    for _ in range(games):
        s = state.replace(rng=Rng(chooser.getrandbits(63)))
        table[0].append(_counters(s))
        ended[0] += s.is_terminal
        done = 0
        while done < turns and not s.is_terminal:
            before = s.phase
            s = s.apply(s.sample_chance() if s.is_chance_node else random_action(chooser, s.legal_actions()))
            if before == "fire" and s.phase == "actions":
                done += 1
                table[done].append(_counters(s))
        for t in range(done + 1, turns + 1):  # the game ended: its counters stay
            table[t].append(_counters(s))
            ended[t] += 1
    stats = [[_mean_se([row[i] for row in table[t]]) for t in range(turns + 1)] for i in range(3)]
    (damage, lost, rescued) = ([m for m, _ in col] for col in stats)
    (damage_se, lost_se, rescued_se) = ([se for _, se in col] for col in stats)
    return ExpectedLosses(tuple(range(turns + 1)), tuple(damage), tuple(damage_se), tuple(lost), tuple(lost_se),
                          tuple(rescued), tuple(rescued_se), tuple(e / games for e in ended), games, seed,
                          time.perf_counter() - started)


def _band(x: Sequence[int], mean: Sequence[float], se: Sequence[float], name: str, colour: str,
          **axes: Any) -> go.Scatter:
    upper = [m + 1.96 * e for m, e in zip(mean, se)]
    lower = [m - 1.96 * e for m, e in zip(mean, se)]
    r, g, b = (int(colour[k:k + 2], 16) for k in (1, 3, 5))
    return go.Scatter(x=list(x) + list(x)[::-1], y=upper + lower[::-1], fill="toself", mode="lines",
                      fillcolor=f"rgba({r},{g},{b},0.18)", line={"width": 0}, hoverinfo="skip",
                      name=f"{name} ±1.96 SE", legendgroup=name, showlegend=False, meta={"counter": name,
                                                                                          "band": True}, **axes)


def expected_losses_figure(source: ExpectedLosses | State, *, turns: int = 3, games: int = 200,
                           seed: int = 0) -> go.Figure:
    """Line charts of :func:`expected_losses`: the mean counters after each turn, with ±1.96 standard-error
    bands (95%, normal approximation).

    ``source`` is an :class:`ExpectedLosses`, or a State to estimate from with ``turns``, ``games`` and
    ``seed`` (ignored otherwise). Two panels share the x axis (turns from now, 0 = the position): left the
    damage (``"damage"`` line, a dashed line at the 24 cubes of the collapse, ``flashpoint.end.collapse``),
    right the victims (``"lost"``, dashed at 4, ``flashpoint.end.lost``; ``"rescued"``, dashed at 7,
    ``flashpoint.end.win``). Per counter a band trace (``fill="toself"``, ``meta={"counter": c, "band":
    True}``: upper edge then lower edge reversed) then its line (``meta={"counter": c}``, ``customdata`` = the
    standard errors). The title states the number of games, that play is random, the seed and the largest
    95% half-width.

    Raises:
        TypeError: if ``source`` is neither an :class:`ExpectedLosses` nor a Flash Point State.
        ValueError: as :func:`expected_losses`.
    """
    if isinstance(source, State):
        source = expected_losses(source, turns=turns, games=games, seed=seed)
    if not isinstance(source, ExpectedLosses):
        raise TypeError(f"expected an ExpectedLosses or a Flash Point State, got {type(source).__name__}")
    e = source
    fig = make_subplots(rows=1, cols=2, subplot_titles=("damage cubes placed", "victims"),
                        horizontal_spacing=0.1)
    panels = {"damage": 1, "lost": 2, "rescued": 2}
    limits = {"damage": DAMAGE_CUBES, "lost": LOSSES_TO_LOSE, "rescued": RESCUES_TO_WIN}
    for counter, col in panels.items():
        mean, se = getattr(e, counter), getattr(e, f"{counter}_se")
        colour = COUNTER_COLOURS[counter]
        fig.add_trace(_band(e.turns, mean, se, counter, colour), row=1, col=col)
        fig.add_trace(go.Scatter(
            x=list(e.turns), y=list(mean), mode="lines+markers", name=counter, legendgroup=counter,
            line={"color": colour, "width": 2}, marker={"size": 6}, customdata=list(se),
            meta={"counter": counter},
            hovertemplate=f"turn %{{x}}: {counter} %{{y:.2f}} ± %{{customdata:.2f}} SE<extra></extra>"),
            row=1, col=col)
    for counter, col in panels.items():
        fig.add_hline(y=limits[counter], line={"color": COUNTER_COLOURS[counter], "width": 1, "dash": "dash"},
                      annotation_text=f"{counter} limit {limits[counter]}", annotation_position="top left",
                      annotation_font={"size": 10, "color": COUNTER_COLOURS[counter]}, row=1, col=col)
    worst = max(e.half_width(c, t) for c in panels for t in e.turns)
    plural = "s" if e.turns[-1] != 1 else ""
    fig.update_layout(
        title={"text": f"Expected damage and victims over the next {e.turns[-1]} turn{plural}: {e.games} games "
                       f"of random play, seed {e.seed}<br><sup>mean ± 1.96 standard errors (95%, sampling error of "
                       f"{e.games} games; largest half-width ±{worst:.2f})<br>random play: a kind of action "
                       "uniformly among the legal kinds, then an action of that kind; dice from seeded "
                       "streams</sup>", "x": 0.01, "xanchor": "left"},
        template="plotly_white", height=440, margin={"l": 50, "r": 20, "t": 135, "b": 50}, hovermode="closest",
        legend={"orientation": "h", "yanchor": "top", "y": -0.22},
        meta={"games": e.games, "seed": e.seed, "random_play": True})
    fig.update_xaxes(title_text="turns from now", dtick=1)
    fig.update_yaxes(rangemode="tozero")
    return fig


# ---- 3. counters over a game --------------------------------------------------------------------------------------
def counters(record_or_states: Record | Iterable[State]) -> list[dict[str, Any]]:
    """The team's counters after every turn of a game: ``[{"turn", "player", "damage", "lost", "rescued",
    "over"}, ...]``.

    Turn 0 is the first position where play starts (the end of the set-up; the first state if the game is
    past it); turn ``t`` is the position after the ``t``-th fire advance ends (the next firefighter about to
    act), and a game that ends adds its final position as the last turn. ``player`` is the firefighter whose
    turn (with its fire advance) it was (``None`` for turn 0). A :class:`~explorer.core.Record` gives all its
    states (the redo tail included).

    Raises:
        TypeError: if the argument is neither a Flash Point Record nor states of Flash Point.
        ValueError: if there is no state.
    """
    if isinstance(record_or_states, Record):
        if record_or_states.game != "flashpoint":
            raise TypeError(f"this is a record of {record_or_states.game!r}, not of Flash Point")
        states: list[Any] = list(record_or_states.states)
    else:
        states = list(record_or_states)
    if not states:
        raise ValueError("no states: a game has at least its set-up")
    for s in states:
        _check_state(s)
    start = next((k for k, s in enumerate(states) if s.phase != "setup"), len(states) - 1)
    first = states[start]
    rows = [{"turn": 0, "player": None, "damage": first.damage, "lost": first.lost, "rescued": first.rescued,
             "over": first.is_terminal}]
    for prev, cur in zip(states[start:], states[start + 1:]):
        if (prev.phase == "fire" and cur.phase == "actions") or (prev.phase != "over" and cur.phase == "over"):
            rows.append({"turn": len(rows), "player": prev.firefighter.name, "damage": cur.damage, "lost": cur.lost,
                         "rescued": cur.rescued, "over": cur.is_terminal})
    return rows


def counters_over_time_figure(record_or_states: Record | Iterable[State]) -> go.Figure:
    """Damage, victims lost and victims rescued after every turn of a game (:func:`counters`), as lines.

    Illustrates the end of the game: ``flashpoint.end.collapse`` (24 damage cubes), ``flashpoint.end.lost``
    (4 victims lost), ``flashpoint.end.win`` (7 rescued). Two panels share the x axis (turns, 0 = the start of
    play): left the damage (a ``"damage"`` line, dashed at 24), right the victims (``"lost"`` dashed at 4,
    ``"rescued"`` dashed at 7). Each line has ``meta={"counter": c}`` and ``customdata`` = the firefighter whose
    turn ended. The title says how the game stands at the end (won, lost by which rule, or still on).

    Raises:
        TypeError, ValueError: as :func:`counters`.
    """
    rows = counters(record_or_states)
    last = rows[-1]
    if last["over"]:
        if last["rescued"] >= RESCUES_TO_WIN:
            end = f"won: {last['rescued']} rescued ({RULES['flashpoint.end.win'].id})"
        elif last["lost"] >= LOSSES_TO_LOSE:
            end = f"lost: {last['lost']} victims lost ({RULES['flashpoint.end.lost'].id})"
        else:
            end = f"lost: the building collapsed ({RULES['flashpoint.end.collapse'].id})"
    else:
        end = "game still on"
    fig = make_subplots(rows=1, cols=2, subplot_titles=("damage cubes placed", "victims"), horizontal_spacing=0.1)
    panels = {"damage": 1, "lost": 2, "rescued": 2}
    limits = {"damage": DAMAGE_CUBES, "lost": LOSSES_TO_LOSE, "rescued": RESCUES_TO_WIN}
    x = [r["turn"] for r in rows]
    for counter, col in panels.items():
        fig.add_trace(go.Scatter(
            x=x, y=[r[counter] for r in rows], mode="lines+markers", name=counter,
            line={"color": COUNTER_COLOURS[counter], "width": 2, "shape": "hv"}, marker={"size": 5},
            customdata=[r["player"] or "start" for r in rows], meta={"counter": counter},
            hovertemplate=f"turn %{{x}} (%{{customdata}}): {counter} %{{y}}<extra></extra>"), row=1, col=col)
    for counter, col in panels.items():
        fig.add_hline(y=limits[counter], line={"color": COUNTER_COLOURS[counter], "width": 1, "dash": "dash"},
                      annotation_text=f"{counter} limit {limits[counter]}", annotation_position="top left",
                      annotation_font={"size": 10, "color": COUNTER_COLOURS[counter]}, row=1, col=col)
    fig.update_layout(
        title={"text": f"The team's counters after every turn ({len(rows) - 1} turns, {end})<br><sup>damage "
                       "cubes placed (collapse at 24), victims lost (4 lose), victims rescued (7 win): "
                       "flashpoint.end.*</sup>", "x": 0.01, "xanchor": "left"},
        template="plotly_white", height=420, margin={"l": 50, "r": 20, "t": 90, "b": 50}, hovermode="closest",
        legend={"orientation": "h", "yanchor": "top", "y": -0.22})
    fig.update_xaxes(title_text="turn (0 = start of play)")
    fig.update_yaxes(rangemode="tozero")
    return fig
