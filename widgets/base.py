"""The reusable board view: an anywidget that draws a JSON scene as SVG and sends clicks back to Python.

A game's view subclasses :class:`BoardView` and implements two methods:

* ``render_scene(state) -> dict`` — what to draw (see :data:`SCENE_FORMAT`), derived from the engine state;
* ``on_click(state, target) -> action | None`` — what a click on the item ``target`` means. It may change
  ``self.selection`` and return ``None`` (a first click that selects; it may show a hint with :meth:`hint`
  first, which then stays), return an engine action to play, or raise :class:`~explorer.core.IllegalAction` to
  refuse the click with the rule that forbids it;

and may override ``highlights_for(state) -> {item_id: {"label", "tone"}}`` to light up legal targets, and
``choose_bot_action(state, legal) -> action`` to change how a random player picks its move.

Undo and redo work on the human players' decisions: with random players (``bots``), Undo goes back past their
moves to the previous position where a human is to act, and Redo replays their moves up to the next one (or
the end). The step controls (◀ ▶) still go one action at a time, chance steps and random players' moves
included.

All rule logic stays in the engine: the view only turns the user's intent into actions, plays them on a
:class:`~explorer.core.Record`, and shows the new state, the events with their rules ("why"), refusals, and
undo/redo/step controls bound to the record.
"""

from __future__ import annotations

import logging
import pathlib
import random
from collections.abc import Iterable
from typing import Any

import anywidget
import traitlets

from explorer.core import IllegalAction, Record

__all__ = ["BoardView", "SCENE_FORMAT", "STATIC", "StepChance"]

_log = logging.getLogger(__name__)
MAX_EVENTS = 80
"""At most this many events are listed (the newest), e.g. after several random players' turns."""
STATIC = pathlib.Path(__file__).parent / "static"
"""Where the view's ES module and stylesheet ship (package data)."""

SCENE_FORMAT = """
{"width": px, "height": px, "background": css colour (optional),
 "items": [ {"id": str (optional; needed for clicks and highlights), "shape": "rect" | "circle" | "polygon" |
             "path" | "line" | "text", geometry (rect: x y w h [rx]; circle: cx cy r; polygon: points [[x, y]...];
             path: d; line: x1 y1 x2 y2; text: x y text [size] [anchor] [weight] [halo: a css colour outlining
             the letters, so lines drawn under them do not cross them]), "fill", "stroke", "stroke_width",
             "opacity", "class": css classes (e.g. "district pudding-lane burning"), "title": hover text,
             "clickable": bool (a click sends this item's id), "target": id (a click on this item sends that
             id instead, e.g. a piece drawn on a district)}, ... ]}
Items that are neither clickable nor targeted and have no title let clicks through to what is below. A highlight's
label is written at the item's ``label_at`` ``[x, y]`` (default: near its centre), on top of every item.
"""
"""The JSON a view's ``render_scene()`` returns; items are drawn in order (later on top)."""


class BoardView(anywidget.AnyWidget):
    """Base class of every game's board view (see the module docstring for what subclasses implement).

    Args:
        record: the game record the view shows and plays on (its cursor is the shown position).
        title: a heading shown above the board.
        bots: players whose turns are played by random legal moves (see :meth:`choose_bot_action`).
        bot_seed: the seed of the random players' choices (the same seed, the same moves).

    Traits (synced to the browser): ``scene``, ``highlights``, ``events``, ``message``, ``status``, ``title``,
    ``panel`` (side tables), ``revision`` (bumped once per redraw, so the browser redraws once per change).
    """

    _esm = STATIC / "board_view.js"
    _css = STATIC / "board_view.css"

    scene = traitlets.Dict().tag(sync=True)
    highlights = traitlets.Dict().tag(sync=True)
    events = traitlets.List().tag(sync=True)
    message = traitlets.Dict().tag(sync=True)
    status = traitlets.Dict().tag(sync=True)
    title = traitlets.Unicode("").tag(sync=True)
    panel = traitlets.List().tag(sync=True)
    revision = traitlets.Int(0).tag(sync=True)

    def __init__(self, record: Record, *, title: str = "", bots: Iterable[Any] = (), bot_seed: int = 0,
                 **kwargs: Any) -> None:
        super().__init__(title=title, **kwargs)
        self.record = record
        self.bots = set(bots)
        """Players (as ``state.current_player`` names them) whose moves are random legal ones."""
        self.bot_rng = random.Random(bot_seed)
        """The random players' source of choices (seeded by ``bot_seed``)."""
        self.selection: Any = None
        """What the user has selected so far (a piece, a card...), for two-click actions; ``None`` if nothing."""
        self._events_from = max(record.cursor - 1, 0)
        self.last_error: Exception | None = None
        """The last internal error a message caused (a bug in a view), kept for debugging."""
        self.on_msg(self._on_browser_message)
        self.run_bots()
        self.refresh()

    # ---- what a game's view implements ---------------------------------------------------------------------
    def render_scene(self, state: Any) -> dict[str, Any]:
        """The drawing of ``state`` in :data:`SCENE_FORMAT`."""
        raise NotImplementedError

    def on_click(self, state: Any, target: str) -> Any:
        """The action a click on item ``target`` means, or ``None`` (after updating ``self.selection``).

        Raises:
            IllegalAction: to refuse the click, naming the rule.
        """
        raise NotImplementedError

    def highlights_for(self, state: Any) -> dict[str, dict[str, str]]:
        """Items to light up, ``{item_id: {"label": text, "tone": "legal" | "selected" | "warning"}}``; an optional
        ``"tip"`` is a longer text for the item's hover title in place of the label (e.g. how a payment goes)."""
        return {}

    def panel_sections(self, state: Any) -> list[dict[str, Any]]:
        """Tables for the side panel: ``[{"title", "header": [...], "rows": [[...], ...]}]`` (e.g. scores)."""
        return []

    def hint(self, text: str) -> None:
        """Show a plain hint (not a rule refusal), e.g. "pick a movement card first"."""
        self.refresh({"kind": "info", "text": text})

    def choose_bot_action(self, state: Any, legal: list[Any]) -> Any:
        """The move a random player makes among ``legal`` (the engine's ``state.legal_actions()``, never empty).

        The default picks uniformly, from ``self.bot_rng`` (seeded by ``bot_seed``, so a game with the same seed
        and the same human moves replays identically). A game's view may override it (e.g. to pick a kind of
        move first), as long as it returns one of ``legal`` and draws only from ``self.bot_rng``.
        """
        return self.bot_rng.choice(legal)

    def run_bots(self) -> None:
        """Let the random players move until a human is to act or the game ends."""
        state = self.record.state
        while self.bots and not state.is_terminal and state.current_player in self.bots:
            state = self.record.play(self.choose_bot_action(state, list(state.legal_actions())))

    def is_bot_turn(self, state: Any) -> bool:
        """True if a random player (one of ``bots``) is to act in ``state`` (not at the end, not chance)."""
        return (bool(self.bots) and not state.is_terminal and not state.is_chance_node
                and state.current_player in self.bots)

    def chance_hint(self) -> str:
        """What to do at a chance step shown by the controls: ``"press ▶ (step) to let chance decide"`` if the
        record holds the outcome (the cursor is not at its end), else ``""``."""
        if self.state.is_chance_node and not self.state.is_terminal and self.record.can_redo:
            return "press ▶ (step) to let chance decide"
        return ""

    def status_text(self, state: Any) -> str:
        """The one-line status above the controls (whose turn, or the result)."""
        if state.is_terminal:
            return "Game over"
        if state.is_chance_node:
            hint = self.chance_hint() if state is self.state else ""
            return f"Chance decides next: {hint}" if hint else "Chance decides next"
        player = state.current_player
        players = getattr(state, "players", None)
        if isinstance(player, int) and not isinstance(player, bool) and players and 0 <= player < len(players):
            player = players[player]
        return f"{player} to act"

    # ---- the shared behaviour --------------------------------------------------------------------------------
    def _show_last_action(self) -> None:
        self._events_from = max(self.record.cursor - 1, 0)

    @property
    def state(self) -> Any:
        """The position shown (the record's cursor)."""
        return self.record.state

    def refresh(self, message: dict[str, str] | None = None) -> None:
        """Redraw from the record: scene, highlights, events of the last action, status and ``message``."""
        state = self.state
        with self.hold_sync():
            self.scene = self.render_scene(state)
            self.highlights = self.highlights_for(state)
            first = min(self._events_from, self.record.cursor)
            states = self.record.states[first + 1:self.record.cursor + 1] if self.record.cursor else [state]
            self.events = [event.to_dict() for s in states for event in s.events][-MAX_EVENTS:]
            self.message = message or {}
            self.panel = self.panel_sections(state)
            self.status = {"text": self.status_text(state), "cursor": self.record.cursor,
                           "length": len(self.record), "can_undo": self.undo_target() is not None,
                           "can_redo": self.redo_target() is not None}
            self.revision += 1

    def refuse(self, err: ValueError) -> None:
        """Show why an action was refused (an ``IllegalAction`` with its rule, or a notation problem); at a
        chance step, also how to let chance decide."""
        hint = self.chance_hint()
        if isinstance(err, IllegalAction):
            text = f"{err.reason} — {hint}" if hint else err.reason
            self.refresh({"kind": "illegal", "text": text, "rule": err.rule.id, "title": err.rule.title,
                          "rule_text": err.rule.text})
        else:
            self.refresh({"kind": "illegal", "text": f"{err} — {hint}" if hint else str(err)})

    def play(self, action: Any) -> bool:
        """Play ``action`` at the shown position; on refusal show the rule. Returns True if it was played."""
        before = self.record.cursor
        try:
            self.record.play(action)
        except ValueError as err:  # IllegalAction, NotationError, AmbiguousAction
            self.refuse(err)
            return False
        self._events_from = before  # show what this action and the random players' replies did
        self.selection = None
        self.run_bots()
        self.refresh()
        return True

    def clickable_targets(self) -> set[str]:
        """The item ids a click can name in the current scene."""
        items = self.scene.get("items", [])
        return {i["id"] for i in items if i.get("clickable") and "id" in i} | {i["target"] for i in items
                                                                                 if "target" in i}

    def nothing_to_click(self, target: str) -> None:
        """Answer a click on something that is not a target of this view (no action; an info message)."""
        self.refresh({"kind": "info", "text": f"nothing to click at {target!r} in this view"})

    def click(self, target: str) -> None:
        """What happens when the user clicks item ``target`` (the browser calls this through a message)."""
        if target not in self.clickable_targets():
            self.nothing_to_click(target)
            return
        revision = self.revision
        try:
            action = self.on_click(self.state, target)
        except ValueError as err:
            self.refuse(err)
            return
        if action is not None:
            self.play(action)
        elif self.revision == revision:  # else on_click already redrew (a hint, a route shown, a move played)
            self.refresh()

    def _seek(self, back: bool) -> int | None:
        """Where Undo (``back``) or Redo would put the cursor, or ``None`` if it cannot move.

        The record's own undo/redo (which skip chance steps) are repeated while a random player is to act, so
        the user lands on a position where a human decides (or the end). An Undo that would only reach the
        start of the game on a random player's turn is not possible: nothing there is the user's to undo.
        """
        record = self.record
        can = (lambda: record.can_undo) if back else (lambda: record.can_redo)
        move = record.undo if back else record.redo
        if not can():
            return None
        start = record.cursor
        try:
            move()
            while can() and self.is_bot_turn(record.state):
                move()
            target, bot_turn = record.cursor, self.is_bot_turn(record.state)
        finally:
            record.goto(start)
        if back and bot_turn:
            return None
        return target

    def undo_target(self) -> int | None:
        """The cursor Undo goes to (the previous position where a human acts), or ``None`` if none."""
        return self._seek(back=True)

    def redo_target(self) -> int | None:
        """The cursor Redo goes to (the next position where a human acts, or the end), or ``None`` if none."""
        return self._seek(back=False)

    def undo(self) -> None:
        """Go back to the previous position where a human player acted, past chance steps and random players'
        moves (no-op if there is none, e.g. at the start)."""
        target = self.undo_target()
        if target is not None:
            self.record.goto(target)
        self.selection = None
        self._show_last_action()
        self.refresh()

    def redo(self) -> None:
        """Replay the next undone move, and the chance steps and random players' moves after it, up to the next
        position where a human acts or the end (no-op at the latest position)."""
        target, before = self.redo_target(), self.record.cursor
        self.selection = None
        self._show_last_action()
        if target is not None:
            self.record.goto(target)
            self._events_from = before  # what the redone move and the random players' replies did
        self.refresh()

    def step(self, delta: int) -> None:
        """Move through the record ``delta`` actions, chance steps included."""
        self.record.step(delta)
        self.selection = None
        self._show_last_action()
        self.refresh()

    def goto(self, index: int) -> None:
        """Show the position after ``index`` actions (clamped to the record)."""
        self.record.goto(min(max(int(index), 0), len(self.record)))
        self.selection = None
        self._show_last_action()
        self.refresh()

    def handle_message(self, content: dict[str, Any]) -> None:
        """Dispatch a message from the browser: ``{"kind": "click", "target": id}``, ``{"kind": "undo"}``,
        ``{"kind": "redo"}``, ``{"kind": "step", "delta": n}`` or ``{"kind": "goto", "index": n}``.

        Unknown or malformed messages are shown as a message and change nothing.
        """
        kind = content.get("kind") if isinstance(content, dict) else None

        def whole(key: str) -> bool:
            value = content.get(key)
            return isinstance(value, int) and not isinstance(value, bool)

        try:
            if kind == "click" and isinstance(content.get("target"), str):
                self.click(content["target"])
            elif kind == "undo":
                self.undo()
            elif kind == "redo":
                self.redo()
            elif kind == "step" and whole("delta"):
                self.step(content["delta"])
            elif kind == "goto" and whole("index"):
                self.goto(content["index"])
            else:
                self.refresh({"kind": "info", "text": f"ignored a message the view does not know: {content!r}"})
        except Exception as err:  # a view must never die on a click: log it and show it as a bug, not a rule
            _log.exception("board view failed on %r", content)
            self.last_error = err
            self.refresh({"kind": "error", "text": f"internal error while handling {kind!r}: {err!r}"})

    def _on_browser_message(self, widget: Any, content: Any, buffers: Any) -> None:
        self.handle_message(content)


class StepChance:
    """A :class:`BoardView` mixin for games whose chance steps a human may take one click at a time (put it before
    ``BoardView`` in the bases and set :attr:`step_chance` before ``BoardView.__init__`` runs).

    With ``step_chance`` on, the chance steps after a human's action wait for :meth:`roll` (a "Let chance decide"
    button), so each shows its own events and rules; random players' chance steps are resolved at once. With it
    off, chance steps are resolved at once, as :meth:`Record.play` does.
    """

    step_chance: bool = True
    """Whether a human's chance steps wait for a click."""

    def run_bots(self: Any) -> None:
        """Let the random players act until a human is to act or the game ends. A chance step is resolved from the
        seeded stream when it follows a random player's action (the turn is a random player's), or whenever
        :attr:`step_chance` is off; a human's chance steps wait for a click."""
        record = self.record
        state = record.state
        while self.bots and not state.is_terminal:
            if state.is_chance_node:
                if self.step_chance and state.turn not in self.bots:
                    break
                state = record.play(state.sample_chance(), resolve_chance=False)
            elif state.current_player in self.bots:
                state = record.play(self.choose_bot_action(state, state.legal_actions()), resolve_chance=False)
            else:
                break

    def reselect(self: Any, old: Any, state: Any) -> Any:
        """The selection to keep after a move was played from selection ``old`` (``None``: none, the default)."""
        return None

    def play(self: Any, action: Any) -> bool:
        """Play ``action`` at the shown position; on refusal show the rule. Returns True if it was played.

        The chance steps that follow are not resolved when :attr:`step_chance` is on: each waits for its own click.
        A chance outcome that is the one the record already holds next (after stepping back) is stepped to,
        keeping the rest of the record. Afterwards the selection is :meth:`reselect`'s.
        """
        before = self.record.cursor
        state, old = self.state, self.selection
        try:
            if (state.is_chance_node and self.record.can_redo
                    and self.record.actions[before] == str(state.parse_action(str(action)))):
                self.record.step(1)
            else:
                self.record.play(action, resolve_chance=not self.step_chance)
        except ValueError as err:  # IllegalAction, NotationError
            self.refuse(err)
            return False
        self._events_from = before
        self.selection = None
        self.run_bots()
        self.selection = self.reselect(old, self.state)
        self.refresh()
        return True

    def roll(self: Any) -> bool:
        """Let chance decide the due chance step, one step: the outcome the record already holds next (after
        stepping back), else the game's seeded draw (``state.sample_chance()``). Returns False (with a hint) if no
        chance step is due."""
        state = self.state
        if state.is_terminal or not state.is_chance_node:
            self.hint("No roll or draw is due now.")
            return False
        before = self.record.cursor
        if self.record.can_redo:
            self.record.step(1)
            self._events_from = before
            self.selection = None
            self.refresh()
            return True
        return self.play(state.sample_chance())
