"""The Flash Point app: set up a game, play it on the board (solo with random teammates, or hot-seat), overlays.

``FlashPointApp().widget`` is what ``notebooks/flashpoint/app.ipynb`` shows (one call::

    from widgets.flashpoint.app import FlashPointApp
    FlashPointApp(players=3, seed=7).widget

). Everything the user does goes through the engine: the form's settings become the options of a
:class:`~explorer.core.Record` (``explorer.flashpoint.new_game``'s keywords), and a setting the engine refuses
(e.g. the hydraulic platform in a Family game) is explained in a note while the game shown stays; the board is
a :class:`~widgets.flashpoint.view.FlashPointView` over that record; the overlays are the pure functions of
:mod:`widgets.flashpoint.overlays`, drawn for the position shown when a game starts, when a tab is opened, when
the kind of risk is changed and when the user presses "Redraw" (or after every move, if "Redraw after every move"
is ticked: a Plotly figure takes the browser a second or so to redraw, which would otherwise hold up the next
click on the board). While the overlay shows an older position than the board, a note beside "Redraw" says so.

The form offers only the Extreme Danger options a building can use (:func:`building_options`: the explosive
objects and the chemical spill where the building has such objects, the hydraulic platform where it has an upper
storey, the basement ladder and the floor bridge where it has a basement); whether the combination is allowed
(the platform needs the Experienced game, for one) is the engine's decision.

The random players are the view's (:meth:`~widgets.flashpoint.view.FlashPointView.choose_bot_action`): a kind of
action first, uniformly among the kinds legal now, then an action of that kind; the chance steps after their
actions are resolved at once from the game's seeded stream.
"""

from __future__ import annotations

import html
from collections.abc import Callable, Iterable
from typing import Any

import ipywidgets as w
import plotly.graph_objects as go

from explorer.core import Record
from explorer.flashpoint.building import Building
from explorer.flashpoint.components import COLOURS, MAX_PLAYERS, MIN_PLAYERS
from explorer.flashpoint.state import is_extreme, object_info

from ..figures import OVERLAY_WIDTH, OverlayTabs  # noqa: F401 - OVERLAY_WIDTH: as before, importable from here
from ..tones import HIGHLIGHTS
from .overlays import RISK_KINDS, RISK_LABELS, counters_over_time_figure, expected_losses_figure, fire_risk_figure
from .view import FlashPointView

__all__ = ["HOW_TO_PLAY", "HOW_LINE", "FlashPointApp", "BUILDINGS", "ED_OPTIONS", "LEVELS", "LEGEND", "LOSS_GAMES", "LOSS_TURNS", "TABS",
           "building_options"]

BUILDINGS = tuple(Building.shipped())
"""The shipped buildings' keys, in the form's order: ``front``, ``back`` (the base game's two sides), then the
Extreme Danger buildings ``garage``, ``laboratory``, ``garage_basement``, ``laboratory_attic``."""
LEVELS = ("recruit", "veteran", "heroic")
"""The Experienced game's difficulty levels (``flashpoint.setup.levels``)."""
ED_OPTIONS = {
    "objects": "Explosive objects",
    "chemical_spill": "Chemical spill",
    "platform": "Hydraulic platform",
    "basement_ladder": "Ladders into the basement",
    "floor_bridge": "Ladder as a floor bridge",
}
"""The Extreme Danger options (``new_game`` keywords) by the form's label for them."""
_OPTION_TIPS = {
    "objects": "play with the building's explosive objects (the car, the lab equipment)",
    "chemical_spill": "play with the toxic lab equipment and its chemical spill",
    "platform": "the hydraulic platform on the engine (Experienced game only; no deck gun then)",
    "basement_ladder": "ladders may be raised into the basement through a destroyed floor",
    "floor_bridge": "a ladder may be laid over a destroyed floor as a bridge",
}
_OPTION_DEFAULTS = {"objects": True, "chemical_spill": True, "platform": False, "basement_ladder": False,
                    "floor_bridge": False}
LOSS_GAMES = 100
"""Random games per estimate in the "Expected losses" tab (small, so a redraw takes well under a second; the
figure states the sampling error)."""
LOSS_TURNS = 3
"""Turns ahead in the "Expected losses" tab."""
TABS = ("Fire risk", "Expected losses", "Counters")
"""The overlay tabs' titles, in order."""

HOW_TO_PLAY = (
    "<p>Choose the number of firefighters, a seed, the building (the house's front or back, or an Extreme Dang"
    "er building), the Family or the Experienced game (with its level) and the Extreme Danger options the buil"
    "ding can use, tick which firefighters are random players (none, for hot-seat), then <b>New game</b>. By d"
    "efault you play red, solo with random teammates. A combination the engine refuses (the hydraulic platform"
    " in a Family game, for one) is explained above the board, and the game shown stays. The building is <b>re"
    "constructed from the rules, not the printed board</b> (see tutorial 1).</p><p><i>Set-up:</i> in the Exper"
    "ienced game first park the engine and the ambulance (click one of a vehicle's lit parking spots), then ta"
    "ke a specialist card (the buttons under the building); every firefighter then starts on a lit space outsi"
    "de the building (click it). <i>Your turn:</i> everything the firefighter to act can do is ringed in dash"
    "ed cyan and labelled with the AP it costs, as the engine charges it. Click a lit <b>space</b> to move there (o"
    "r extinguish it, identify a point of interest, raise a ladder...), a lit <b>wall</b> to chop it, a <b>doo"
    "r</b> to open or close it, a <b>parking spot</b> to drive there; the buttons under the building end the t"
    "urn, pick up, drop, treat, dispose, fire the deck gun, handle ladders or change crew. When one click coul"
    "d mean several actions, a row of choice buttons appears under the board. The Fire Captain commands anothe"
    "r firefighter by clicking its pawn first. <i>The fire:</i> after <b>End turn</b> the fire advances one ch"
    "ance step per click: <b>Let chance decide</b> rolls from the game's seeded dice, or choose the dice yours"
    "elf (a red and a black die face); each step is listed with the rule behind it. A click against the rules "
    "is refused with the rule that forbids it; hover over anything for its details. Beside (or below) the boar"
    "d: what happened and why (the random players' turns too), the counters, the firefighters and the steps du"
    "e, and undo, redo and step controls. The tabs under the board show the exact risk of the next fire advanc"
    "e per space (fire, smoke, explosion, knock-down), the expected damage and victims over the next turns (10"
    "0 random games, with their sampling error) and the counters over the game so far. Keyboard: <b>Tab</b> go"
    "es through the lit items, the <b>arrow keys</b> to a neighbour, <b>Enter</b> clicks, <b>Escape</b> clears"
    " a pick. A refusal, or what a move did, shows in a bubble next to what you clicked.</p>"
)
"""The app's instructions (mouse and keyboard), folded under one line above the board."""
HOW_LINE = "click a lit space, wall or door on the building; the buttons under it do the rest."
"""The one line shown of them."""

LEGEND = (
    "<div style='font-size:12px;margin:4px 0;line-height:1.5'><b>On the board:</b> "
    "each floor is a grid of spaces with its outside ring (<span style='background:#fbf6ea'>&nbsp;cream&nbsp;"
    "</span> inside, <span style='background:#dde5d0'>&nbsp;green&nbsp;</span> outside, "
    "<span style='background:#e3edf7'>&nbsp;pale blue&nbsp;</span> the air beside an upper storey); red row "
    "numbers (the red die) left of a floor, column numbers (the black die) above it; several floors stand side "
    "by side · <span style='color:#e4572e'>▲</span> flame on an orange space: <b>fire</b>; "
    "<span style='color:#6e7a7b'>●</span> grey disc on a grey space: <b>smoke</b>; dashed orange square: a "
    "<b>hot spot</b> · <span style='color:#1f4e8c'>■</span>\"?\": a face-down <b>point of interest</b>; "
    "<span style='color:#f4d03f'>■</span>\"V\": a victim, <span style='color:#82e0aa'>■</span>\"V+\": a treated "
    "victim; <span style='color:#f39c12'>◆</span>\"H\": a <b>hazmat</b> · thick black lines: <b>walls</b> "
    "(brown dashed with black cubes: damaged; dotted grey: destroyed), thinner grey: light walls; short brown "
    "bars: <b>doors</b> (faded with a swung leaf: open; dotted: destroyed), dark red: fireproof doors (\"J\": "
    "jam markers); <span style='color:#4a90c8'>▬</span> blue: windows; green dotted: entrances · coloured discs: "
    "<b>firefighters</b> (their specialist's letter, or the colour's initial in the Family game; their AP "
    "under them; a small square: what they carry) · bands along the ring: the <b>engine</b> (red) and the "
    "<b>ambulance</b> (white) on their parking spots · Extreme Danger: grey (explosive) and green (toxic) "
    "<b>objects</b> with their damage, yellow arrows, green TOXIC markers, cracks (damaged floor) and dark holes "
    "(destroyed floor), \"S1\" staircases, ladders, the yellow PLAT(form) · under the building: the counters "
    "(damage of 24, rescued of 7, lost of 4), whose turn, the roster and the buttons; at a roll, the die faces · "
    f"<span style='color:{HIGHLIGHTS['legal'].colour}'>dashed cyan rings</span>: what the firefighter to act can "
    f"click now, with the AP it costs; <span style='color:{HIGHLIGHTS['selected'].colour}'>magenta</span>: selected. Hover over anything for its details. "
    "<b>The building is reconstructed from the rules, not the printed board.</b></div>")
"""The legend shown under the board (HTML)."""


def building_options(building: str | Building) -> tuple[str, ...]:
    """The Extreme Danger options (keys of :data:`ED_OPTIONS`) the form offers for ``building`` (a shipped key or
    a :class:`Building`), in :data:`ED_OPTIONS` order: ``objects`` if it has an explosive object,
    ``chemical_spill`` if it has a toxic one, ``platform`` if it has an upper storey (level 1 or more),
    ``basement_ladder`` and ``floor_bridge`` if it has a basement (level -1). ``()`` for the base game's house.

    >>> building_options("front"), building_options("garage_basement")
    ((), ('objects', 'basement_ladder', 'floor_bridge'))

    Raises:
        KeyError: for a key that names no shipped building.
    """
    house = building if isinstance(building, Building) else Building.named(building)
    kinds = {info["kind"] for info in object_info(house).values()}
    levels = {floor.level for floor in house.floors.values()}
    offered = {"objects": "explosive" in kinds, "chemical_spill": "toxic" in kinds,
               "platform": any(level >= 1 for level in levels), "basement_ladder": -1 in levels,
               "floor_bridge": -1 in levels}
    return tuple(name for name in ED_OPTIONS if offered[name])


def _label(text: str) -> w.HTML:
    """A form row's label, as wide as the ipywidgets descriptions (90 px), so the rows line up."""
    return w.HTML(f"<div style='text-align:right;padding-right:8px'>{html.escape(text)}</div>",
                  layout=w.Layout(width="98px", min_width="98px"))


def _building_label(key: str) -> str:
    house = Building.named(key)
    return f"{house.name} (Extreme Danger)" if is_extreme(house) else house.name


class FlashPointApp(OverlayTabs):
    """A game setup form, the board, a legend, the overlays in tabs and save/load, as one ipywidgets box
    (``.widget``). The overlay tabs, the "Redraw" button beside them and save/load are
    :class:`~widgets.figures.OverlayTabs`.

    Args:
        players: firefighters, 1-6.
        seed: the game's seed (the set-up rolls, every fire advance, the random players' choices).
        mode: ``"family"`` or ``"experienced"``.
        level: the Experienced game's level (``"recruit"``, ``"veteran"`` or ``"heroic"``; ``None``: recruit);
            a Family game has none (the form's level is then ignored).
        building: a shipped building's key (:data:`BUILDINGS`).
        bots: seats (0 = red, the first firefighter) played by random players; default: every seat but red
            (you play red, solo with random teammates); ``()``: hot-seat, every firefighter is yours.
        objects, chemical_spill, platform, basement_ladder, floor_bridge: the Extreme Danger options
            (``new_game``'s); only those the building can use (:func:`building_options`) are passed to the engine.
        step_chance: the fire advances one chance step per click after your turn, each with its rules (default);
            False: at once.
        follow: redraw the open overlay after every move (off by default: a Plotly figure is slow to redraw in
            the browser; the "Redraw" button and a note cover it).

    Raises:
        ValueError: for a player count, mode, level or building the form does not offer, or a first game the
            engine refuses (e.g. ``platform=True`` in the Family game).
    """

    GAME = "flashpoint"
    GAME_TITLE = "Flash Point"

    def __init__(self, *, players: int = 3, seed: int = 7, mode: str = "family", level: str | None = None,
                 building: str = "front", bots: Iterable[int] | None = None, objects: bool = True,
                 chemical_spill: bool = True, platform: bool = False, basement_ladder: bool = False,
                 floor_bridge: bool = False, step_chance: bool = True, follow: bool = False) -> None:
        if isinstance(players, bool) or players not in range(MIN_PLAYERS, MAX_PLAYERS + 1):
            raise ValueError(f"players must be {MIN_PLAYERS}-{MAX_PLAYERS}, got {players!r}")
        if mode not in ("family", "experienced"):
            raise ValueError(f"mode must be 'family' or 'experienced', got {mode!r}")
        if level is not None and level not in LEVELS:
            raise ValueError(f"level must be one of {', '.join(LEVELS)} or None, got {level!r}")
        if building not in BUILDINGS:
            raise ValueError(f"building must be one of {', '.join(BUILDINGS)}, got {building!r}")
        bots = set(range(1, players)) if bots is None else set(bots)
        self.players = w.Dropdown(options=list(range(MIN_PLAYERS, MAX_PLAYERS + 1)), value=players,
                                  description="Players", layout=w.Layout(width="170px"))
        self.seed = w.IntText(value=seed, description="Seed", layout=w.Layout(width="200px"))
        self.building = w.Dropdown(options=[(_building_label(k), k) for k in BUILDINGS], value=building,
                                   description="Building", layout=w.Layout(width="480px"))
        self.mode = w.ToggleButtons(options=[("Family", "family"), ("Experienced", "experienced")], value=mode,
                                    style={"button_width": "110px"})
        self.level = w.Dropdown(options=[(name.capitalize(), name) for name in LEVELS], value=level or "recruit",
                                description="Level", layout=w.Layout(width="200px"))
        values = {"objects": objects, "chemical_spill": chemical_spill, "platform": platform,
                  "basement_ladder": basement_ladder, "floor_bridge": floor_bridge}
        self.option_boxes = {name: w.Checkbox(value=values[name], description=label, indent=False,
                                              tooltip=_OPTION_TIPS[name], layout=w.Layout(width="210px"))
                             for name, label in ED_OPTIONS.items()}
        self.bot_boxes = [w.Checkbox(value=k in bots, description=f"{colour}: random player", indent=False,
                                     layout=w.Layout(width="170px")) for k, colour in enumerate(COLOURS)]
        self.step_chance = w.Checkbox(value=step_chance, description="Advance the fire one step per click",
                                      indent=False, layout=w.Layout(width="280px"))
        self.step_chance.observe(self._set_step_chance, names="value")
        self.start_button = w.Button(description="New game", button_style="primary", icon="fire")
        self.start_button.on_click(lambda _: self.new_game())
        self.risk_kind = w.ToggleButtons(options=[(RISK_LABELS[k], k) for k in RISK_KINDS], value="fire",
                                         style={"button_width": "100px"})
        self.risk_kind.observe(lambda _: self.draw_overlay() if (self.tabs.selected_index or 0) == 0 else None,
                               names="value")
        self.figure_boxes = [w.VBox() for _ in TABS]
        controls: list[list[w.Widget]] = [
            [w.HBox([_label("Risk of"), self.risk_kind])],
            [w.HTML(f"<div style='font-size:12px'>A seeded estimate from <b>{LOSS_GAMES} random games</b> of "
                    f"{LOSS_TURNS} turns from the position shown (random play: far weaker than a team, so a "
                    "pessimistic baseline); the bands are the sampling error (±1.96 standard errors).</div>")],
            [w.HTML("<div style='font-size:12px'>The damage, victims lost and victims rescued after every turn "
                    "of the game so far, up to the position shown.</div>")],
        ]
        self._init_overlay_tabs(w.Tab(children=[w.VBox(c + [box]) for c, box in zip(controls, self.figure_boxes)],
                                      titles=TABS), self.figure_boxes, follow=follow)
        self.view: FlashPointView
        self._options_row = w.HBox()
        self._bot_row = w.HBox()
        self.players.observe(lambda _: self._show_bot_boxes(), names="value")
        self.building.observe(lambda _: self._show_option_boxes(), names="value")
        self.mode.observe(lambda _: self._show_level(), names="value")
        self._show_bot_boxes()
        self._show_option_boxes()
        self._show_level()
        self._start(Record("flashpoint", seed=seed, options=self.form_options()), bots)
        form = w.VBox([w.HBox([self.players, self.seed, self.building]),
                       w.HBox([_label("Game"), self.mode, self.level]),
                       self._options_row, self._bot_row,
                       w.HBox([_label(""), self.step_chance, self.start_button])])
        self.widget = self._app_widget(form, LEGEND, how=(HOW_LINE, HOW_TO_PLAY))

    # ---- the form ---------------------------------------------------------------------------------------------
    def form_options(self) -> dict[str, Any]:
        """The game options the form describes (``Record`` options, i.e. ``new_game`` keywords): ``players``,
        ``building``, ``mode``, ``level`` (Experienced only) and the Extreme Danger options the building can use
        (:func:`building_options`), whatever the engine will make of them."""
        options: dict[str, Any] = {"players": self.players.value, "building": self.building.value,
                                   "mode": self.mode.value}
        if self.mode.value == "experienced":
            options["level"] = self.level.value
        for name in building_options(self.building.value):
            options[name] = self.option_boxes[name].value
        return options

    def _show_bot_boxes(self) -> None:
        self._bot_row.children = [_label(""), *self.bot_boxes[:self.players.value]]

    def _show_option_boxes(self) -> None:
        names = building_options(self.building.value)
        boxes = [self.option_boxes[n] for n in names]
        self._options_row.children = [_label("Options"), *boxes] if names else []

    def _show_level(self) -> None:
        self.level.disabled = self.mode.value != "experienced"

    def _set_step_chance(self, change: Any) -> None:
        self.view.step_chance = bool(change["new"])

    # ---- games ------------------------------------------------------------------------------------------------
    def _start(self, record: Record, bots: set[int]) -> None:
        players = record.options.get("players", 4)
        bots = {k for k in bots if 0 <= k < players}
        if hasattr(self, "view"):
            self.view.unobserve(self._moved, names="revision")
        house = record.state.building
        title = house.name if "Flash Point" in house.name else f"Flash Point: {house.name}"
        self.view = FlashPointView(record, bots=bots, bot_seed=record.seed,
                                bot_player=self.coach_player(), step_chance=self.step_chance.value,
                                   title=title)
        self.view.observe(self._moved, names="revision")
        self.board.children = [self.view]
        humans = [COLOURS[k] for k in range(players) if k not in bots]
        if not humans:
            who = "Every firefighter is a random player: the whole game has been played; step through it."
        elif bots:
            random_ones = ", ".join(COLOURS[k] for k in sorted(bots))
            who = (f"You play {', '.join(humans)}; {random_ones} play{'s' * (len(bots) == 1)} random legal actions, "
                   "a random kind of action first, and the fire advance after their turns is rolled at once (all "
                   "listed under <b>What happened, and why</b>; Undo and Redo skip their actions).")
        else:
            who = "Hot-seat: every firefighter is yours; play each one on its turn."
        options = record.options
        game = ("Experienced game, " + str(options.get("level", "recruit")) if options.get("mode") == "experienced"
                else "Family game")
        extras = [ED_OPTIONS[n].lower() for n in ED_OPTIONS if options.get(n, _OPTION_DEFAULTS[n])
                  and n in building_options(house)]
        extra = html.escape(f"{house.name}, {game}" + (f"; with {', '.join(extras)}" if extras else ""), quote=False)
        self.note.value = f"<i>{extra}. {who}</i>"
        self.draw_overlay_once_shown()

    # ---- overlays (OverlayTabs draws them) --------------------------------------------------------------------
    def overlay_figure(self, index: int | None = None) -> go.Figure:
        """The figure of overlay tab ``index`` (default: the open tab; see :data:`TABS`) for the position shown:
        the exact risk of the next fire advance, of the kind chosen above it (``fire_risk_figure``); the expected
        counters over the next :data:`LOSS_TURNS` turns from :data:`LOSS_GAMES` random games seeded by the game's
        seed (``expected_losses_figure``); the counters after every turn so far (``counters_over_time_figure``).
        """
        index = self.tabs.selected_index if index is None else index
        index = 0 if index is None else index
        view = self.view
        makers: tuple[Callable[[], go.Figure], ...] = (
            lambda: fire_risk_figure(view.state, self.risk_kind.value),
            lambda: expected_losses_figure(view.state, turns=LOSS_TURNS, games=LOSS_GAMES, seed=view.record.seed),
            lambda: counters_over_time_figure(view.record.states[:view.record.cursor + 1]),
        )
        return makers[index]()
