"""The reusable board view: an anywidget that draws a JSON scene as SVG and turns clicks into engine actions.

One click model serves every game. A game's view subclasses :class:`BoardView` and provides:

* ``render_scene(state) -> dict`` — what to draw (see :data:`SCENE_FORMAT`); it outlines
  :meth:`BoardView.selected_items` and may draw :meth:`BoardView.choice_buttons` itself (else the base adds a row
  of them under the board);
* ``action_items(state, action) -> tuple[item id, ...]`` — the board items a legal action (or a chance outcome a
  user may pick) concerns, in the order a player clicks them; ``()`` for an action no item stands for;
* ``item_label(state, item, actions)`` and ``item_tip(state, item, actions)`` — the short label written beside a
  lit item and its longer hover text, given the actions a click on it keeps (optional);
* ``natural_action(state, target, clicked)`` — for a click that matches no legal action, the action it most
  naturally asks for, so that the engine refuses it and names the rule (optional; ``None``: a plain hint).

The base does the rest, for all games alike:

1. With nothing picked, the **first item of every legal action** is lit (the tone ``legal``) with its label.
2. A click keeps the candidates whose items include the clicked one. With nothing picked yet, the actions that
   *start* at that item are preferred (a click on a space moves there before it commands another piece there);
   any item of an action may be clicked first, so a click on the destination of a move selects it too.
3. One candidate left: it is played, unless the clicked item was not lit (e.g. the destination of a move clicked
   before its piece): then its button offers it first, so an unlit item never acts at once. Several: the
   clicked items are outlined (``selected``), and for each candidate its next item that tells the candidates
   apart is lit; a further click narrows again.
4. When at most :data:`MAX_CHOICES` candidates remain, or nothing on the board tells them apart, a row of choice
   buttons (``btn:choose:<n>``) offers them, each leading with what differs (:meth:`BoardView.choice_text`).
5. A second click on a clicked item, ``btn:cancel`` or the Escape key clears the pick; a click on the first item
   of other actions starts a new pick.
6. A click that matches no candidate shows the engine's refusal of :meth:`BoardView.natural_action` (its rule id,
   title and text) and changes nothing. A view may instead answer it with a :class:`Plan` (several legal
   actions the engine found, e.g. a route), shown first and played on a second click or ``btn:confirm``.

Lessons and the coach light actions from outside with :meth:`BoardView.emphasise`, drawn in the same style.

Feedback goes where the eye is: besides the panel, the browser shows the last message (a refusal, a hint) or,
after a move, what it did, in a bubble next to the board item clicked (the ``toast`` trait: the text, its rule,
and the item it points at), with a small link naming the rule.

Random players move at once after a human's move (``bot_pace = "all"``), or one move at a time when the user
asks for it (``bot_pace = "step"``: the controls then offer "Show their next move" and "Play their turns"), so a
learner can watch what each of their moves does.

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
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass
from typing import Any

import anywidget
import traitlets

from explorer.core import IllegalAction, Record

from .tones import HIGHLIGHTS, tone_css

__all__ = ["BoardView", "MAX_CHOICES", "add_button_row", "Pick", "Plan", "SCENE_FORMAT", "STATIC", "StepChance", "TONES",
           "scene_patch"]

_log = logging.getLogger(__name__)
MAX_EVENTS = 80
"""At most this many events are listed (the newest), e.g. after several random players' turns."""
STATIC = pathlib.Path(__file__).parent / "static"
"""Where the view's ES module and stylesheet ship (package data)."""
MAX_CHOICES = 4
"""When at most this many candidates remain after a click, they are offered as choice buttons at once."""
TONES = tuple(HIGHLIGHTS)
"""The highlight tones the browser draws: a legal click, a picked item, a warning, an emphasised move, and a legal
click among very many (a thinner ring, so that a map lit almost everywhere stays readable). How each is drawn:
``widgets.tones.HIGHLIGHTS``, never in a player's colour."""

SCENE_FORMAT = """
{"width": px, "height": px, "background": css colour (optional), "layout": "wide" (optional: the board takes the
 whole width and may run below the window, the side panel goes under it; default: the board fits beside the panel),
 "items": [ {"id": str (optional; needed for clicks and highlights), "shape": "rect" | "circle" | "polygon" |
             "path" | "line" | "text", geometry (rect: x y w h [rx]; circle: cx cy r; polygon: points [[x, y]...];
             path: d; line: x1 y1 x2 y2; text: x y text [size] [anchor] [weight] [halo: a css colour outlining
             the letters, so lines drawn under them do not cross them]), "fill", "stroke", "stroke_width",
             "opacity", "class": css classes (e.g. "district pudding-lane burning"), "title": hover text (also the
             item's accessible name), "clickable": bool (a click sends this item's id; the item can be focused
             with the keyboard), "target": id (a click on this item sends that id instead, e.g. a piece drawn on a
             district)}, ... ]}
Items that are neither clickable nor targeted and have no title let clicks through to what is below. A highlight's
label is written at the item's ``label_at`` ``[x, y]`` (default: near its centre), on top of every item.
"""
"""The JSON a view's ``render_scene()`` returns; items are drawn in order (later on top)."""


@dataclass(frozen=True)
class Pick:
    """A pick under way: the items clicked so far and the legal actions still compatible with them (in the
    engine's order; at least 2, or 1 after a click on an item that was not lit, waiting for its button)."""

    clicked: tuple[str, ...]
    candidates: tuple[Any, ...]


@dataclass(frozen=True)
class Plan:
    """Several legal actions a view found for one click (e.g. the bobby's cheapest route), shown before they are
    played: a second click on ``target`` or ``btn:confirm`` plays them all, or none if the engine refuses one.

    ``message`` is shown meanwhile (``{"kind", "text"}`` and optionally the rule it applies); ``items`` are
    outlined as selected, with ``label`` written on ``target``."""

    target: str
    actions: tuple[Any, ...]
    message: dict[str, str]
    items: tuple[str, ...] = ()
    label: str = ""


@dataclass(frozen=True)
class Emphasis:
    """Actions lit from outside (a lesson's expected move, the coach's hint): see :meth:`BoardView.emphasise`."""

    actions: tuple[Any, ...]
    tone: str
    caption: str
    first_only: bool = False
    """Light only the first item of each action (the coach's first hint grade: where to act, not the move)."""


class BoardView(anywidget.AnyWidget):
    """Base class of every game's board view (see the module docstring for what subclasses implement).

    Args:
        record: the game record the view shows and plays on (its cursor is the shown position).
        title: a heading shown above the board.
        bots: players whose turns are played by random legal moves (see :meth:`choose_bot_action`).
        bot_seed: the seed of the random players' choices (the same seed, the same moves).

    Traits (synced to the browser): ``highlights``, ``events`` (each event's ``to_dict()`` and its
    ``rule_text``), ``message``, ``status``, ``title``, ``rules_page`` (where rule links open), ``panel`` (side tables), ``toast`` (the bubble by the clicked item: ``{"kind", "text", "at", "rule"?, "title"?,
    "rule_text"?}``, or ``{}``), ``revision`` (bumped once per redraw, so the browser redraws once per change).
    ``scene`` (the drawing, often hundreds of kilobytes) is not a synced trait: each redraw sends only what
    changed since the last scene sent, as a custom message (:func:`scene_patch`); a browser view that missed one
    asks for the whole scene again (``{"kind": "scene-request"}``).
    """

    _esm = STATIC / "board_view.js"
    _css = (STATIC / "board_view.css").read_text(encoding="utf-8") + tone_css()

    scene = traitlets.Dict()
    highlights = traitlets.Dict().tag(sync=True)
    events = traitlets.List().tag(sync=True)
    message = traitlets.Dict().tag(sync=True)
    status = traitlets.Dict().tag(sync=True)
    title = traitlets.Unicode("").tag(sync=True)
    rules_page = traitlets.Unicode("rules.ipynb").tag(sync=True)
    """Where the rule links of messages and events open the game's rules reference (``""``: no links); the
    default suits a view on one of a game's pages, all of which sit beside its ``rules.ipynb``."""
    panel = traitlets.List().tag(sync=True)
    toast = traitlets.Dict().tag(sync=True)
    revision = traitlets.Int(0).tag(sync=True)

    def __init__(self, record: Record, *, title: str = "", bots: Iterable[Any] = (), bot_seed: int = 0,
                 bot_player: Callable[[Any], Any] | None = None, **kwargs: Any) -> None:
        super().__init__(title=title, **kwargs)
        self.record = record
        self.bots = set(bots)
        """Players (as ``state.current_player`` names them) whose moves are random legal ones."""
        self.bot_rng = random.Random(bot_seed)
        """The random players' source of choices (seeded by ``bot_seed``)."""
        self.bot_player = bot_player
        """Who plays the random players' seats instead of random moves: a callable from a position to a legal
        action (e.g. :class:`explorer.coach.Player`), or ``None`` (random moves, :meth:`choose_bot_action`)."""
        self.bot_pace = "all"
        """``"all"``: random players move at once after a human's move; ``"step"``: only when asked
        (:meth:`bot_moves`), one move at a time."""
        self._bot_budget: int | None = None  # random players' moves still allowed now (None: no limit)
        self._at: str | None = None  # the item of the click being answered (where the bubble points)
        self._played_from: int | None = None  # the cursor before the user's move being answered
        self.last_move_from: int | None = None
        """The cursor before the last move the user played on the board (kept, e.g. for the coach's verdict)."""
        self.selection: Pick | Plan | None = None
        """The pick under way (:class:`Pick`), a plan shown (:class:`Plan`), or ``None``."""
        self.emphasis: Emphasis | None = None
        """Actions lit from outside (:meth:`emphasise`), or ``None``."""
        self._events_from = max(record.cursor - 1, 0)
        self._memo_of: tuple[Any, dict[Any, Any]] | None = None
        self._sent: tuple[int, dict[str, Any], list[dict[str, Any]]] | None = None  # the last scene sent
        self.last_error: Exception | None = None
        """The last internal error a message caused (a bug in a view), kept for debugging."""
        self._shown = False
        self._when_shown: list[Callable[[], Any]] = []
        self.on_msg(self._on_browser_message)
        self.run_bots()
        self.refresh()

    # ---- what a game's view implements ---------------------------------------------------------------------
    def render_scene(self, state: Any) -> dict[str, Any]:
        """The drawing of ``state`` in :data:`SCENE_FORMAT` (outlining :meth:`selected_items`)."""
        raise NotImplementedError

    def action_items(self, state: Any, action: Any) -> tuple[str, ...]:
        """The scene items a legal ``action`` of ``state`` concerns, in the order a player clicks them (the first
        is lit and carries the label); ``()`` if no item stands for it."""
        raise NotImplementedError

    def action_label(self, state: Any, action: Any) -> str:
        """A short label for one candidate (a cost, a gain: ``"2 AP"``, ``"+4"``), default ``""``."""
        return ""

    def action_tip(self, state: Any, action: Any) -> str:
        """A longer text for one candidate (how it is paid...), default ``""`` (its label says it all)."""
        return ""

    def item_label(self, state: Any, item: str, actions: Sequence[Any]) -> str:
        """The short label written beside the lit ``item``, whose click keeps ``actions``: their
        :meth:`action_label` if they agree, else ``"<n> ways"`` (the choice buttons then tell them apart)."""
        labels = list(dict.fromkeys(self.label_of(state, a) for a in actions))
        return labels[0] if len(labels) == 1 else f"{len(actions)} ways"

    def item_tip(self, state: Any, item: str, actions: Sequence[Any]) -> str:
        """The longer hover text of the lit ``item``: the :meth:`action_tip` of ``actions`` if they agree, else
        each action with its label (``"move 2,3 (1 AP); extinguish 2,3 (1 AP)"``) when at most
        :data:`MAX_CHOICES`, else ``"<n> ways"``."""
        tips = list(dict.fromkeys(self.tip_of(state, a) for a in actions))
        labels = {self.label_of(state, a) for a in actions}
        if len(tips) == 1 and (tips[0] or len(labels) == 1):
            return tips[0]
        if len(actions) > MAX_CHOICES:
            return f"{len(actions)} ways"
        return "; ".join(self._with_label(state, a) for a in actions)

    def _with_label(self, state: Any, action: Any) -> str:
        label = self.label_of(state, action)
        return f"{action} ({label})" if label else str(action)

    def label_of(self, state: Any, action: Any) -> str:
        """:meth:`action_label`, computed once per action of the state shown (labels may apply the action)."""
        return self._memo(state, ("label", action), lambda: self.action_label(state, action))

    def tip_of(self, state: Any, action: Any) -> str:
        """:meth:`action_tip`, computed once per action of the state shown."""
        return self._memo(state, ("tip", action), lambda: self.action_tip(state, action))

    def _memo(self, state: Any, key: Any, compute: Any) -> Any:
        """A value derived from ``state`` alone, kept while the same state object is shown (states are immutable)."""
        memo = self._memo_of
        if memo is None or memo[0] is not state:
            memo = self._memo_of = (state, {})
        if key not in memo[1]:
            memo[1][key] = compute()
        return memo[1][key]

    def natural_action(self, state: Any, target: str, clicked: tuple[str, ...]) -> Any:
        """The action a click on ``target`` (after the items ``clicked``) most naturally asks for when no legal
        action matches it: the engine's refusal of it is shown. ``None`` (default): a hint is shown instead."""
        return None

    def plan_for(self, state: Any, target: str) -> Plan | None:
        """A :class:`Plan` answering a click on ``target`` that matches no legal action, or ``None`` (default)."""
        return None

    def keep_clicked(self, state: Any, clicked: tuple[str, ...]) -> tuple[str, ...]:
        """After an action played from a pick of ``clicked`` items, the items to keep picked in the new ``state``
        (e.g. a commanded piece); default ``()``. Items no legal action concerns are dropped."""
        return ()

    def panel_sections(self, state: Any) -> list[dict[str, Any]]:
        """Tables for the side panel: ``[{"title", "header": [...], "rows": [[...], ...]}]`` (e.g. scores)."""
        return []

    def choose_bot_action(self, state: Any, legal: list[Any]) -> Any:
        """The move a random player makes among ``legal`` (the engine's ``state.legal_actions()``, never empty).

        The default picks uniformly, from ``self.bot_rng`` (seeded by ``bot_seed``, so a game with the same seed
        and the same human moves replays identically). A game's view may override it (e.g. to pick a kind of
        move first), as long as it returns one of ``legal`` and draws only from ``self.bot_rng``.
        """
        return self.bot_rng.choice(legal)

    # ---- the click model: candidates and their items ---------------------------------------------------------
    def clickable_actions(self, state: Any) -> list[Any]:
        """The actions a click may play in ``state``: the legal actions when a player decides, the chance
        outcomes at a chance step (those :meth:`action_items` places on the board), none at the end."""
        if state.is_terminal:
            return []
        if state.is_chance_node:
            return [outcome for outcome, _ in state.chance_outcomes()]
        return list(state.legal_actions())

    def items_of(self, state: Any) -> dict[Any, tuple[str, ...]]:
        """``{action: its items}`` for every clickable action of ``state`` that some item stands for (computed once
        per state shown)."""
        def compute() -> dict[Any, tuple[str, ...]]:
            found = {}
            for action in self.clickable_actions(state):
                items = tuple(self.action_items(state, action))
                if items:
                    found[action] = items
            return found
        return self._memo(state, "items", compute)

    def candidates(self, state: Any) -> tuple[Any, ...]:
        """The actions a click may still lead to: the pick's candidates, else every clickable action."""
        if isinstance(self.selection, Pick):
            return self.selection.candidates
        return tuple(self.items_of(state))

    def clicked_items(self) -> tuple[str, ...]:
        """The items clicked in the pick under way (``()`` if none)."""
        return self.selection.clicked if isinstance(self.selection, Pick) else ()

    def selected_items(self) -> list[str]:
        """The items the scene outlines as picked: the clicked items, or a plan's items and target."""
        sel = self.selection
        if isinstance(sel, Pick):
            return list(sel.clicked)
        if isinstance(sel, Plan):
            return [*sel.items, sel.target]
        return []

    def next_items(self, state: Any, candidates: Sequence[Any], clicked: tuple[str, ...]) -> dict[str, list[Any]]:
        """``{item: the candidates a click on it keeps}`` for the items lit next: with nothing clicked, the first
        item of each candidate; else, for each candidate, its first item not clicked that only some candidates
        share (an item all share tells nothing apart)."""
        items = self.items_of(state)
        out: dict[str, list[Any]] = {}
        if not clicked:
            for action in candidates:
                out.setdefault(items[action][0], []).append(action)
            return out
        common = set.intersection(*(set(items[a]) for a in candidates)) if candidates else set()
        for action in candidates:
            for item in items[action]:
                if item not in clicked and item not in common:
                    out.setdefault(item, [])
                    break
        for item, kept in out.items():
            kept.extend(a for a in candidates if item in items[a])
        return out

    def choices(self, state: Any) -> tuple[Any, ...]:
        """The candidates offered as choice buttons now: all of them when at most :data:`MAX_CHOICES` remain or no
        item tells them apart; ``()`` with nothing picked."""
        sel = self.selection
        if not isinstance(sel, Pick):
            return ()
        if len(sel.candidates) <= MAX_CHOICES or not self.next_items(state, sel.candidates, sel.clicked):
            return sel.candidates
        return ()

    def choice_text(self, state: Any, action: Any, among: Sequence[Any]) -> str:
        """A choice button's text, leading with what tells ``action`` apart from the other choices ``among``: the
        words of its notation the others do not all share, then its label in brackets (``"extinguish (1 AP)"``).
        A game may override it."""
        words = str(action).split()
        others = [str(a).split() for a in among if a != action]
        differ = [w for n, w in enumerate(words) if not others or any(len(o) <= n or o[n] != w for o in others)]
        lead = " ".join(differ) or str(action)
        label = self.label_of(state, action)
        return f"{lead} ({label})" if label and label not in lead else lead

    def next_click_words(self, state: Any) -> str:
        """What to click next in a pick that offers no choice buttons, as words that follow "3 ways with ...:"
        and also head the strip under the board (capitalised) in place of "Which one?". A game may name the
        items and what they are for ("click where the cone goes (St Mary or Guild Hall, ringed in cyan)")."""
        return "click a lit item to narrow them down"

    def pick_prompt(self, state: Any) -> str:
        """The words that head the strip of a pick's buttons: "Which one?" when it offers choices, else what to
        click next (:meth:`next_click_words`), so that a strip holding only Cancel still says what to do."""
        if self.choices(state):
            return "Which one?"
        words = self.next_click_words(state)
        return words[:1].upper() + words[1:]

    def choice_buttons(self, state: Any) -> list[tuple[str, str]]:
        """The buttons a pick offers now, ``[(id, text)]``: ``btn:choose:<n>`` for each choice, then
        ``btn:cancel``; a plan's ``btn:confirm`` and ``btn:cancel``; ``[]`` with nothing picked."""
        sel = self.selection
        if isinstance(sel, Plan):
            return [("btn:confirm", "Play it"), ("btn:cancel", "Cancel")]
        if not isinstance(sel, Pick):
            return []
        choices = self.choices(state)
        return [*((f"btn:choose:{n}", self.choice_text(state, a, choices)) for n, a in enumerate(choices)),
                ("btn:cancel", "Cancel")]

    def item_name(self, item: str) -> str:
        """An item in words for a hint: its hover text in the scene (up to a dash), else its id."""
        for entry in self.scene.get("items", []):
            if entry.get("id") == item and entry.get("title"):
                return entry["title"].split(" — ")[0]
        return item

    # ---- highlights ------------------------------------------------------------------------------------------
    def highlights_for(self, state: Any) -> dict[str, dict[str, str]]:
        """Items to light up, ``{item_id: {"label": text, "tone": one of TONES, "tip": hover text (optional)}}``:
        the next items of the candidates (:meth:`next_items`) with :meth:`item_label` and :meth:`item_tip`, the
        picked items (``selected``), the choice buttons, and the emphasised actions (:meth:`emphasise`) on top."""
        marks: dict[str, dict[str, str]] = {}
        if state.is_terminal:
            return marks
        sel = self.selection
        if isinstance(sel, Plan):  # the rest of the board still plays: its first items stay lit under the plan
            for item, kept in self.next_items(state, tuple(self.items_of(state)), ()).items():
                marks[item] = self._mark(state, item, kept)
            for item in sel.items:
                marks[item] = {"label": "", "tone": "selected"}
            marks[sel.target] = {"label": sel.label, "tone": "selected"}
        else:
            clicked = self.clicked_items()
            for item, kept in self.next_items(state, self.candidates(state), clicked).items():
                marks[item] = self._mark(state, item, kept)
            for item in clicked:
                marks[item] = {"label": "", "tone": "selected"}
            choices = self.choices(state)
            for n, action in enumerate(choices):
                tip = self.tip_of(state, action) or self._with_label(state, action)
                marks[f"btn:choose:{n}"] = {"label": "", "tone": "legal", **({"tip": tip} if tip else {})}
        if sel is not None:
            marks["btn:cancel"] = {"label": "", "tone": "legal"}
        if isinstance(sel, Plan):
            marks["btn:confirm"] = {"label": "", "tone": "legal"}
        marks.update(self._emphasis_marks(state))
        return marks

    def _mark(self, state: Any, item: str, kept: Sequence[Any]) -> dict[str, str]:
        label = self.item_label(state, item, kept)
        tip = self.item_tip(state, item, kept)
        if item.startswith("btn:"):  # a button's own text says what it does; a label would cover the next one
            label, tip = "", tip or label
        mark = {"label": label, "tone": "legal"}
        if tip and tip != label:
            mark["tip"] = tip
        return mark

    def emphasise(self, actions: Iterable[Any], *, tone: str = "hint", caption: str = "",
                  first_only: bool = False) -> None:
        """Light ``actions`` (engine actions or their notation) on their items, in the same style as legal moves,
        with ``tone`` (one of :data:`TONES`) and ``caption`` (written on the first item of each, and as its hover
        text); with ``first_only``, only the first item of each (the piece or area to act with). The emphasis holds for the position shown: any move, undo or step drops it; an empty ``actions``
        clears it.

        Raises:
            ValueError: for an unknown tone, or an action that is not one a click may play now (the engine's
                refusal, or ``NotationError``), leaving the emphasis as it was.
        """
        if tone not in TONES:
            raise ValueError(f"unknown tone {tone!r}: use one of {', '.join(TONES)}")
        state = self.state
        chosen = []
        for action in actions:
            parsed = state.parse_action(action) if isinstance(action, str) else action
            if parsed not in self.items_of(state):
                problem = state.explain(parsed)
                raise problem or ValueError(f"{parsed} is legal but no board item stands for it")
            chosen.append(parsed)
        self.emphasis = Emphasis(tuple(chosen), tone, caption, first_only) if chosen else None
        self.refresh(self.message or None)

    def _emphasis_marks(self, state: Any) -> dict[str, dict[str, str]]:
        em = self.emphasis
        if em is None:
            return {}
        items = self.items_of(state)
        marks: dict[str, dict[str, str]] = {}
        for action in em.actions:
            for n, item in enumerate(items.get(action, ())):
                if em.first_only and n:
                    break
                first = n == 0 and not item.startswith("btn:")
                mark = {"label": em.caption if first else "", "tone": em.tone}
                if em.caption:
                    mark["tip"] = em.caption
                marks.setdefault(item, mark)
        return marks

    # ---- messages, status ------------------------------------------------------------------------------------
    def hint(self, text: str) -> None:
        """Show a plain hint (not a rule refusal), e.g. "pick a movement card first"."""
        self.refresh({"kind": "info", "text": text})

    def run_bots(self) -> None:
        """Let the random players move until a human is to act or the game ends (with ``bot_pace == "step"``,
        only as many moves as :meth:`bot_moves` allowed)."""
        state = self.record.state
        while self.bots and not state.is_terminal and state.current_player in self.bots and self._bot_may_move():
            legal = list(state.legal_actions())
            state = self.record.play(self.bot_player(state) if self.bot_player else self.choose_bot_action(state, legal))

    def _bot_may_move(self) -> bool:
        """Whether a random player may make one more move now (and count it)."""
        if self.bot_pace != "step" or self._bot_budget is None:
            return self.bot_pace != "step"
        if self._bot_budget <= 0:
            return False
        self._bot_budget -= 1
        return True

    def bots_waiting(self) -> bool:
        """True if a random player is to act at the latest position and waits for :meth:`bot_moves`."""
        return (self.bot_pace == "step" and not self.record.can_redo and self.is_bot_turn(self.state))

    def set_bot_pace(self, pace: str) -> None:
        """Set :attr:`bot_pace` (``"all"`` or ``"step"``); going back to ``"all"`` lets waiting players move.

        Raises:
            ValueError: for any other pace.
        """
        if pace not in ("all", "step"):
            raise ValueError(f"the random players' pace is 'all' or 'step', not {pace!r}")
        self.bot_pace = pace
        if pace == "all" and not self.record.can_redo:
            self.bot_moves(None)
        else:
            self.refresh()

    def bot_moves(self, moves: int | None = 1) -> None:
        """Let the random players make ``moves`` moves (``None``: until a human is to act), from the latest
        position; their chance steps are resolved at once. Shows what the moves did."""
        if self.record.can_redo:
            self.record.goto(len(self.record))
        before = self.record.cursor
        self._bot_budget = moves
        pace, self.bot_pace = self.bot_pace, ("step" if moves is not None else "all")
        try:
            self.run_bots()
        finally:
            self.bot_pace, self._bot_budget = pace, None
        self._events_from = before
        self.selection = self.emphasis = None
        self._played_from = before if self.record.cursor > before else None
        self.refresh()

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
        if state is self.state and self.bots_waiting():
            return f"{player} to act (a random player): press “Show their next move”"
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
            self.message = message or {}
            self.scene = self._scene(state)
            self._send_scene()
            self.highlights = self.highlights_for(state)
            first = min(self._events_from, self.record.cursor)
            states = self.record.states[first + 1:self.record.cursor + 1] if self.record.cursor else [state]
            # each with its rule's text, which the rule link's hover shows (as for a refusal)
            self.events = [{**event.to_dict(), "rule_text": event.rule.text}
                           for s in states for event in s.events][-MAX_EVENTS:]
            self.panel = self.panel_sections(state)
            self.toast = self._toast(self.message)
            self.status = {"text": self.status_text(state), "cursor": self.record.cursor,
                           "length": len(self.record), "can_undo": self.undo_target() is not None,
                           "can_redo": self.redo_target() is not None, "bots": bool(self.bots),
                           "pace": self.bot_pace, "bots_waiting": self.bots_waiting()}
            self.revision += 1

    def _toast(self, message: dict[str, str]) -> dict[str, str]:
        """The bubble by the clicked item: the message if there is one, else what the move just made did (its
        first events, in words, and the first one's rule); ``{}`` when neither."""
        at = self._at or ""
        if message:
            return {**message, "at": at}
        before, self._played_from = self._played_from, None
        if before is None or before + 1 > self.record.cursor:
            return {}
        events = [e for e in self.record.states[before + 1].events]
        if not events:
            return {}
        text = events[0].describe()
        if len(events) > 1:
            text += f" (and {len(events) - 1} more: see “What happened, and why”)"
        rule = events[0].rule
        return {"kind": "done", "text": text, "at": at, "rule": rule.id, "title": rule.title,
                "rule_text": rule.text}

    def _send_scene(self, full: bool = False) -> None:
        """Send the browser what changed in the scene since the last one sent (everything if ``full``, or if
        nothing was sent yet); nothing if it did not change."""
        items = self.scene.get("items", [])
        frame = {k: v for k, v in self.scene.items() if k != "items"}
        last = None if full else self._sent
        if last is not None and last[1] == frame and last[2] == items:
            return
        number = (self._sent[0] if self._sent else 0) + 1
        ops = scene_patch(last[2], items) if last is not None else [["add", items]]
        self._sent = (number, frame, list(items))
        self.send({"kind": "scene", "revision": number, "base": last[0] if last else None, **frame, "ops": ops})

    def _scene(self, state: Any) -> dict[str, Any]:
        """The game's scene, with a row of the pick's buttons under it when the game's scene does not draw them."""
        scene = self.render_scene(state)
        buttons = self.choice_buttons(state)
        drawn = {item.get("id") for item in scene.get("items", [])}
        missing = [(bid, text) for bid, text in buttons if bid not in drawn]
        if missing:
            scene = add_button_row(scene, missing, label=self.pick_prompt(state) if self.selection else "Which one?")
        return scene

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
        state, clicked = self.state, self.clicked_items()
        try:
            self.record.play(action)
        except ValueError as err:  # IllegalAction, NotationError, AmbiguousAction
            self.refuse(err)
            return False
        self._events_from = before  # show what this action and the random players' replies did
        self._played_from = before
        self.last_move_from = before
        self.selection = self.emphasis = None
        self.run_bots()
        self._reselect(clicked)
        self.refresh()
        return True

    def _reselect(self, clicked: tuple[str, ...]) -> None:
        """Keep :meth:`keep_clicked`'s items picked in the new position, with the candidates they still allow."""
        self.selection = None
        state = self.state
        if not clicked or state.is_terminal:
            return
        kept = tuple(self.keep_clicked(state, clicked))
        items = self.items_of(state)
        candidates = tuple(a for a in items if all(i in items[a] for i in kept))
        if kept and len(candidates) > 1:
            self.selection = Pick(kept, candidates)

    def play_plan(self, plan: Plan) -> bool:
        """Play every action of ``plan`` in turn, or none of them: the whole plan is checked on a copy first, and
        the engine's refusal is shown if one step is refused. Returns True if it was played."""
        here = self.state
        try:
            for action in plan.actions:
                here = here.apply(action)
        except ValueError as err:
            self.selection = None
            self.refuse(err)
            return False
        before = self.record.cursor
        for action in plan.actions:
            self.record.play(action)
        self._events_from = before
        self._played_from = before
        self.last_move_from = before
        self.selection = self.emphasis = None
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
        self.refresh({"kind": "info", "text": "That is not on the board now: click a lit item."})

    def cancel(self) -> None:
        """Clear the pick or the plan under way (a second click on a picked item, ``Cancel``, Escape)."""
        had = self.selection is not None
        self.selection = None
        self.refresh({"kind": "info", "text": "Selection cleared: click a lit item."} if had else None)

    def button_click(self, state: Any, target: str) -> bool:
        """Answer a click on a button of the game's own that plays no action (e.g. let chance decide); return
        True if it was answered. The base answers none."""
        return False

    def click(self, target: str) -> None:
        """What happens when the user clicks item ``target`` (the browser calls this through a message): see the
        module docstring for the click model. The message or what the move did is shown by that item."""
        self._at = target
        try:
            self._click(target)
        finally:
            self._at = None

    def _click(self, target: str) -> None:
        if target not in self.clickable_targets():
            self.nothing_to_click(target)
            return
        state, sel = self.state, self.selection
        if target == "btn:cancel":
            self.cancel()
            return
        if target.startswith("btn:choose:"):
            n = target.removeprefix("btn:choose:")
            choices = self.choices(state)
            if n.isdigit() and int(n) < len(choices):
                self.play(choices[int(n)])
            else:
                self.hint("Nothing to choose now: click a lit item.")
            return
        if isinstance(sel, Plan) and target in ("btn:confirm", sel.target):
            self.play_plan(sel)
            return
        if self.button_click(state, target):
            return
        if state.is_terminal:
            self.selection = None
            self.hint("The game is over: step back through it with the controls, or start a new game.")
            return
        if isinstance(sel, Pick) and target in sel.clicked:
            self.cancel()
            return
        if isinstance(sel, Plan):
            self.selection = sel = None
        self._narrow(state, target)

    def _narrow(self, state: Any, target: str) -> None:
        items = self.items_of(state)
        sel = self.selection
        clicked = sel.clicked if isinstance(sel, Pick) else ()
        keep = [a for a in self.candidates(state) if target in items[a]]
        if not keep and clicked and any(items[a][0] == target for a in items):
            clicked = ()  # the first item of other actions: a new pick (the user changed their mind)
            keep = [a for a in items if target in items[a]]
        lit = self.highlights.get(target, {}).get("tone") not in (None, "selected")  # as the board shows it
        if not clicked:
            starting = [a for a in keep if items[a][0] == target]
            keep = starting or keep
        if not keep:
            self._unmatched(state, target, clicked)
            return
        if len(keep) == 1 and lit:
            self.play(keep[0])
            return
        if len(keep) == 1:  # an item that was not lit never acts at once: the one action it leads to is offered
            self.selection = Pick((target,), tuple(keep))
            self.hint(f"{self.item_name(target)} leads to “{self.choice_text(state, keep[0], keep)}”: choose the "
                      "button to play it, or Cancel.")
            return
        self.selection = Pick((*clicked, target), tuple(keep))
        choices = self.choices(state)
        where = self.item_name(target)
        if choices:
            options = " or ".join(f"“{self.choice_text(state, a, choices)}”" for a in choices)
            self.hint(f"{len(keep)} ways with {where}: {options}. Choose one of the buttons, or Cancel.")
        else:
            self.hint(f"{len(keep)} ways with {where}: {self.next_click_words(state)}, or Cancel.")

    def _unmatched(self, state: Any, target: str, clicked: tuple[str, ...]) -> None:
        """A click no candidate concerns: a plan, else the engine's refusal of the natural action, else a hint."""
        plan = self.plan_for(state, target)
        if plan is not None:
            self.selection = plan
            self.refresh(plan.message)
            return
        action = self.natural_action(state, target, clicked)
        problem = state.explain(action) if action is not None else None
        if problem is not None:
            self.refuse(problem)
        else:
            self.hint(self.unmatched_hint(state, target))

    def unmatched_hint(self, state: Any, target: str) -> str:
        """The hint for a click that matches nothing and asks the engine nothing."""
        return f"Nothing to do with {self.item_name(target)} now: click a lit item."

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
        self.selection = self.emphasis = None
        self._show_last_action()
        self.refresh()

    def redo(self) -> None:
        """Replay the next undone move, and the chance steps and random players' moves after it, up to the next
        position where a human acts or the end (no-op at the latest position)."""
        target, before = self.redo_target(), self.record.cursor
        self.selection = self.emphasis = None
        self._show_last_action()
        if target is not None:
            self.record.goto(target)
            self._events_from = before  # what the redone move and the random players' replies did
        self.refresh()

    def step(self, delta: int) -> None:
        """Move through the record ``delta`` actions, chance steps included."""
        self.record.step(delta)
        self.selection = self.emphasis = None
        self._show_last_action()
        self.refresh()

    def goto(self, index: int) -> None:
        """Show the position after ``index`` actions (clamped to the record)."""
        self.record.goto(min(max(int(index), 0), len(self.record)))
        self.selection = self.emphasis = None
        self._show_last_action()
        self.refresh()

    def handle_message(self, content: dict[str, Any]) -> None:
        """Dispatch a message from the browser: ``{"kind": "click", "target": id}``, ``{"kind": "escape"}``,
        ``{"kind": "scene-request"}`` (send the whole scene),
        ``{"kind": "undo"}``, ``{"kind": "redo"}``, ``{"kind": "step", "delta": n}``,
        ``{"kind": "goto", "index": n}``, ``{"kind": "bots", "moves": n | "all"}`` (:meth:`bot_moves`) or
        ``{"kind": "pace", "pace": "all" | "step"}`` (:meth:`set_bot_pace`).

        Unknown or malformed messages are shown as a message and change nothing.
        """
        kind = content.get("kind") if isinstance(content, dict) else None

        def whole(key: str) -> bool:
            value = content.get(key)
            return isinstance(value, int) and not isinstance(value, bool)

        try:
            if kind == "click" and isinstance(content.get("target"), str):
                self.click(content["target"])
            elif kind == "escape":
                self.cancel()
            elif kind == "scene-request":
                self._send_scene(full=True)
                self._first_shown()
            elif kind == "undo":
                self.undo()
            elif kind == "redo":
                self.redo()
            elif kind == "step" and whole("delta"):
                self.step(content["delta"])
            elif kind == "goto" and whole("index"):
                self.goto(content["index"])
            elif kind == "bots" and (content.get("moves") == "all" or whole("moves")):
                self.bot_moves(None if content["moves"] == "all" else content["moves"])
            elif kind == "pace" and content.get("pace") in ("all", "step"):
                self.set_bot_pace(content["pace"])
            else:
                self.refresh({"kind": "info", "text": f"ignored a message the view does not know: {content!r}"})
        except Exception as err:  # a view must never die on a click: log it and show it as a bug, not a rule
            _log.exception("board view failed on %r", content)
            self.last_error = err
            self.refresh({"kind": "error", "text": f"internal error while handling {kind!r}: {err!r}"})

    def _on_browser_message(self, widget: Any, content: Any, buffers: Any) -> None:
        self.handle_message(content)

    def when_shown(self, callback: Callable[[], Any]) -> None:
        """Call ``callback()`` once a browser has drawn this view (its first request for the whole scene), or at
        once if one already has. An app uses it to send what is slow for a browser to take in (a Plotly figure
        brings some 5 MB of script) only after the board is on screen, so a page is usable sooner.
        A callback that raises is kept in :attr:`last_error`; it never breaks the board."""
        self._when_shown.append(callback)
        if self._shown:
            self._run_when_shown()

    def _first_shown(self) -> None:
        if not self._shown:
            self._shown = True
            self._run_when_shown()

    def _run_when_shown(self) -> None:
        callbacks, self._when_shown = self._when_shown, []
        for callback in callbacks:
            try:
                callback()
            except Exception as err:  # noqa: BLE001 - what an app hooks here must never break the board
                self.last_error = err


LOOKAHEAD = 64
"""How far :func:`scene_patch` looks ahead in the old items for the next new one before calling it new."""


def scene_patch(old: Sequence[Any], new: Sequence[Any]) -> list[list[Any]]:
    """How to make the list ``new`` from ``old``: operations ``["keep", n]`` (the next ``n`` old items),
    ``["skip", n]`` (drop the next ``n`` old items) and ``["add", [items]]`` (new items), applied in order from
    the start of ``old``. Items are compared with ``==`` (the same object first); an old item is matched only
    within :data:`LOOKAHEAD` places, so a list rebuilt from scratch is sent whole rather than searched.

    >>> scene_patch([1, 2, 3, 4], [1, 9, 3, 4, 5])
    [['keep', 1], ['add', [9]], ['skip', 1], ['keep', 2], ['add', [5]]]
    """
    ops: list[list[Any]] = []

    def emit(op: str, arg: Any) -> None:
        if ops and ops[-1][0] == op:
            ops[-1][1] = ops[-1][1] + arg
        else:
            ops.append([op, arg])

    i = 0
    for item in new:
        if i < len(old) and (old[i] is item or old[i] == item):
            emit("keep", 1)
            i += 1
            continue
        ahead = next((j for j in range(i + 1, min(i + 1 + LOOKAHEAD, len(old)))
                      if old[j] is item or old[j] == item), None)
        if ahead is None:
            emit("add", [item])
        else:
            emit("skip", ahead - i)
            emit("keep", 1)
            i = ahead + 1
    if i < len(old):
        emit("skip", len(old) - i)
    return ops


BUTTON_HEIGHT = 26
"""The height of the buttons the base draws under a scene (px)."""
LABEL_CHAR_WIDTH = 7.0
"""The width of one character of the bold 12-unit label heading the buttons (a generous estimate)."""


def add_button_row(scene: dict[str, Any], buttons: Sequence[tuple[str, str]], *, label: str = "Which one?",
                   top: float | None = None) -> dict[str, Any]:
    """``scene`` with a band of buttons (``[(id, text)]``) headed by ``label`` (what the buttons are for, or what
    to click on the board), wrapping to new rows as needed. Used for a pick's choices when the game's scene does
    not draw them itself.

    Args:
        top: where the band's first row goes, over the scene (a game's empty margin, so the board keeps its
            height); by default under the scene, which grows to hold the band.
    """
    width = scene.get("width", 400)
    grow = top is None
    top = scene.get("height", 0) + 6 if top is None else top
    margin = 12
    indent = margin + 100
    band = {"shape": "rect", "x": 0, "y": top - 4, "w": width, "h": BUTTON_HEIGHT + 8, "fill": "#d8e4f2",
            "class": "choices"}
    items = [band, {"shape": "text", "x": margin, "y": top + BUTTON_HEIGHT / 2, "anchor": "start", "size": 12,
                    "weight": 700, "fill": "#1f3f6b", "text": label, "class": "choices-label"}]
    x, y = max(indent, margin + round(LABEL_CHAR_WIDTH * len(label)) + 12), top
    for bid, text in buttons:
        w = round(16 + 6.4 * len(text), 2)
        if x + w > width - margin and (x > indent or y == top):
            x, y = indent, y + BUTTON_HEIGHT + 8
        items.append({"id": bid, "shape": "rect", "x": round(x, 2), "y": y, "w": w, "h": BUTTON_HEIGHT, "rx": 6,
                      "fill": "#ffffff", "stroke": "#1f5fbf", "stroke_width": 1.6,
                      "class": "button " + ("cancel" if bid == "btn:cancel" else "choice"), "title": text,
                      "clickable": True, "label_at": [round(x + w / 2, 2), y + BUTTON_HEIGHT + 9]})
        items.append({"shape": "text", "x": round(x + w / 2, 2), "y": y + BUTTON_HEIGHT / 2 + 0.5, "size": 12,
                      "fill": "#1b2a3a", "text": text, "class": "button-label", "target": bid})
        x += w + 8
    band["h"] = y + BUTTON_HEIGHT + 6 - band["y"]
    height = round(y + BUTTON_HEIGHT + 12, 2) if grow else scene.get("height", 0)
    return {**scene, "height": height, "items": [*scene.get("items", []), *items]}


class StepChance:
    """A :class:`BoardView` mixin for games whose chance steps a human may take one click at a time (put it before
    ``BoardView`` in the bases and set :attr:`step_chance` before ``BoardView.__init__`` runs).

    With ``step_chance`` on, the chance steps after a human's action wait for :meth:`roll` (a "Let chance decide"
    button, ``btn:roll``, or a click on an outcome the view places on the board), so each shows its own events
    and rules; random players' chance steps are resolved at once. With it off, chance steps are resolved at once,
    as :meth:`Record.play` does.
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
            elif state.current_player in self.bots and self._bot_may_move():
                state = record.play(self.choose_bot_action(state, state.legal_actions()), resolve_chance=False)
            else:
                break

    def button_click(self: Any, state: Any, target: str) -> bool:
        """``btn:roll`` lets chance decide (:meth:`roll`)."""
        if target == "btn:roll":
            self.roll()
            return True
        return False

    def play(self: Any, action: Any) -> bool:
        """Play ``action`` at the shown position; on refusal show the rule. Returns True if it was played.

        The chance steps that follow are not resolved when :attr:`step_chance` is on: each waits for its own click.
        A chance outcome that is the one the record already holds next (after stepping back) is stepped to,
        keeping the rest of the record. Afterwards the items :meth:`keep_clicked` names stay picked.
        """
        before = self.record.cursor
        state, clicked = self.state, self.clicked_items()
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
        self._played_from = before
        self.last_move_from = before
        self.selection = self.emphasis = None
        self.run_bots()
        self._reselect(clicked)
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
            self._played_from = before
            self.last_move_from = before
            self.selection = self.emphasis = None
            self.refresh()
            return True
        return self.play(state.sample_chance())


class LiveRegion(anywidget.AnyWidget):
    """A screen-reader live region that stays in the page while its words change (``role=status``,
    ``aria-live=polite``, visually hidden): set :attr:`text` and it is announced. An ``ipywidgets.HTML`` cannot
    be one, because each new value replaces the element that carried ``aria-live``."""

    _esm = """
    export default { render({ model, el }) {
      const live = document.createElement("div");
      live.setAttribute("role", "status");
      live.setAttribute("aria-live", "polite");
      live.className = "rx-live-region";
      Object.assign(live.style, { position: "absolute", width: "1px", height: "1px", overflow: "hidden",
                                  clip: "rect(0 0 0 0)", whiteSpace: "nowrap" });
      el.appendChild(live);
      const say = () => { live.textContent = model.get("text"); };
      say();
      model.on("change:text", say);
    } };
    """
    text = traitlets.Unicode("").tag(sync=True)
    """The words to announce (plain text)."""

    def say(self, text: str) -> None:
        """Announce ``text`` (said again when it repeats the last words)."""
        self.text = text if text != self.text.rstrip("\u200b") else text + ("" if self.text.endswith("\u200b")
                                                                            else "\u200b")


class PageQuery(anywidget.AnyWidget):
    """The page address's query string (``?rule=...``), read in the browser when the widget is shown."""

    _esm = """
    export default { render({ model, el }) {
      el.style.display = "none";
      model.set("query", window.location.search || ""); model.save_changes();
    } };
    """
    query = traitlets.Unicode("").tag(sync=True)
