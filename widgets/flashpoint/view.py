"""The interactive Flash Point board: clicks become engine actions; the engine decides what is legal.

How a game is played with the mouse:

* set-up: Experienced games first park the engine and the ambulance (click one of a vehicle's parking spots, or
  one of the spot's two spaces), then each firefighter takes a specialist card (``Paramedic``, ``Fire
  Captain``... buttons) and starts on a space outside the building (click it);
* a turn: the firefighter to act is selected. Every space, wall, door, parking spot and button that one of its
  legal actions concerns is lit, labelled with the AP the action costs (read from the engine: the action is
  applied and the firefighter's AP and extra pools compared, so every specialist's discounts and every Extreme
  Danger cost show as they are). Clicking a lit item plays its action: a space moves there, extinguishes it,
  identifies a point of interest, raises a ladder or the platform to it...; a wall is chopped, a door opened or
  closed; a spot drives a vehicle there. When one click could mean several actions (``extinguish 2,3`` or
  ``move 2,3``), the view asks: a row of choice buttons appears under the board (``btn:choose:<n>``, and
  ``btn:cancel``). The strip's buttons end the turn, pick up, drop, treat, dispose, fire the deck gun, take,
  drop or collapse a ladder; ``Crew change`` shows the free specialist cards to change to;
* the Fire Captain: click another firefighter's pawn to command it; its moves and doors are lit with the
  command AP they cost, and the next clicks command it (click the Captain's own pawn to go back);
* chance: after ``end`` the fire advances one chance step per click: ``Let chance decide`` draws the step from
  the game's seeded stream (a roll, a flare-up, a point of interest turned over, a new point of interest...),
  and the events of that step are listed with the rule behind each. The dice may be chosen instead: click a red
  and a black die face (``die:red:<n>``, ``die:black:<n>``); a point of interest's buttons choose what it turns
  out to be; a chemical spill's next space is clicked on the board.

Illegal clicks are refused with the engine's own refusal (``state.explain``): the rule's id, title and text are
shown in the message and nothing changes. Random players (``bots``) pick a kind of action first, then an action
of that kind, as the property tests' random player does; the chance steps after their moves are resolved at once.
"""

from __future__ import annotations

from typing import Any

from explorer.core import IllegalAction, Record
from explorer.flashpoint import State
from explorer.flashpoint.actions import (Bridge, ChooseRole, Chop, CloseDoor, CollapseLadder, Command, CrewChange,
                                         DeckGun, Dice, Die, Dispose, Drive, Drop, DropLadder, EndTurn, Extinguish,
                                         FireproofRoll, Identify, Move, MovePlatform, OpenDoor, Park, PickUp, Place,
                                         RaiseLadder, Reveal, SpillFlow, TakeLadder, Treat, Unjam)
from explorer.flashpoint.components import DAMAGE_CUBES, LOSSES_TO_LOSE, RESCUES_TO_WIN, ROLES
from explorer.flashpoint.state import object_info

from ..base import BoardView, StepChance
from .overlays import random_action
from .scene import BUTTON_HEIGHT, MARGIN, board_scene, step_words

__all__ = ["FlashPointView", "POOLS", "action_items", "ap_cost", "cost_label"]

POOLS = ("command_ap", "extinguish_ap", "move_ap")
"""A firefighter's extra AP pools (Fire Captain, CAFS Firefighter, Rescue Specialist), spent before general AP on
their kind of action."""

SIMPLE_BUTTONS = {"end": EndTurn, "drop": Drop, "treat": Treat, "dispose": Dispose, "deck-gun": DeckGun,
                  "take-ladder": TakeLadder, "drop-ladder": DropLadder, "collapse-ladder": CollapseLadder}
"""The strip's buttons that name one action with nothing to choose (``btn:<name>`` -> action class)."""

_STEP_WORDS = {"fire": "the fire advances", "flare-up": "a flare-up: the fire advances again",
               "poi": "a new point of interest is placed", "deck-gun": "the deck gun's target",
               "explosion": "an initial explosion", "family-explosion": "an initial explosion",
               "hazmat": "a hazmat is placed", "setup-poi": "a point of interest is placed",
               "hot-spot": "a hot spot is placed"}
"""The words for a roll's purpose in the status line and the panel (given to :func:`~.scene.step_words`)."""


class _Handled(Exception):
    """A click fully answered by a hint or a chance step (no action for the base view to play)."""


# ---- pure helpers over the engine ----------------------------------------------------------------------------------
def ap_cost(state: State, action: Any) -> int | None:
    """The AP the firefighter to act pays for ``action`` (a legal action of ``state``), read from the engine:
    ``state.apply(action)`` and the drop of that firefighter's general AP, plus the drop of its extra pools
    (:data:`POOLS`) when its card stays the same (a crew change empties the pools: that is not a payment).

    ``None`` where no AP are at stake: set-up choices, chance outcomes, ``end`` (see :func:`cost_label`).

    >>> from explorer.flashpoint import new_game
    >>> s = new_game(players=1, seed=1).apply("place 0,6")
    >>> ap_cost(s, Move("1,6"))
    1

    Raises:
        IllegalAction: if ``action`` is not legal in ``state``.
    """
    if state.phase != "actions" or state.is_chance_node or state.is_terminal or isinstance(action, EndTurn):
        return None
    k = state.turn
    before = state.firefighters[k]
    after = state.apply(action).firefighters[k]
    spent = before.ap - after.ap
    if after.role == before.role:
        spent += sum(getattr(before, pool) - getattr(after, pool) for pool in POOLS)
    return spent


def cost_label(state: State, action: Any) -> str:
    """The highlight label of a legal ``action``: ``"2 AP"`` (:func:`ap_cost`), ``"keeps 3 AP"`` for ``end``
    (the AP saved for the next turn, read from the engine), ``""`` for set-up choices and chance outcomes."""
    if isinstance(action, EndTurn) and state.phase == "actions":
        return f"keeps {state.apply(action).firefighters[state.turn].ap} AP"
    cost = ap_cost(state, action)
    return "" if cost is None else f"{cost} AP"


def action_items(state: State, action: Any) -> tuple[str, ...]:
    """The scene items (``widgets.flashpoint.scene.TARGETS``) a player action concerns, the first being where its
    label goes: ``move 2,3`` -> ``space:2,3``; ``chop 1,3|1,4`` (``unjam 1,3|1,4``) -> ``edge:1,3|1,4``;
    ``park engine 0,7`` and ``drive engine 0,7`` -> the spot, its two spaces (and the parked vehicle for a
    drive); ``role captain`` and ``crew change captain`` -> ``btn:role-captain`` (and ``btn:crew-change``);
    ``pick up victim`` -> ``btn:pick-up``; ``command blue move 2,3`` -> ``space:2,3`` (its firefighter is named by the selection).
    ``()`` for an action the board does not show (chance outcomes have their own buttons)."""
    if isinstance(action, (Place, Move, Extinguish, Identify, RaiseLadder, Bridge, MovePlatform)):
        return (f"space:{action.space}",)
    if isinstance(action, (OpenDoor, CloseDoor, Chop, Unjam)):
        return (f"edge:{action.edge}",)
    if isinstance(action, (Park, Drive)):
        spot = next((s for s in state.building.parking(action.vehicle) if s[0] == action.space), (action.space,))
        items = (f"spot:{action.vehicle}:{action.space}",) + tuple(f"space:{s}" for s in spot)
        return items + ((f"vehicle:{action.vehicle}",) if isinstance(action, Drive) else ())
    if isinstance(action, Command):
        return (f"space:{action.target}",) if action.verb == "move" else (f"edge:{action.target}",)
    if isinstance(action, ChooseRole):
        return (f"btn:role-{action.role}",)
    if isinstance(action, CrewChange):
        return (f"btn:role-{action.role}", "btn:crew-change")
    if isinstance(action, PickUp):
        return ("btn:pick-up",)
    for name, cls in SIMPLE_BUTTONS.items():
        if isinstance(action, cls):
            return (f"btn:{name}",)
    return ()


def _pools_words(f: Any) -> str:
    out = f"{f.ap} AP"
    for pool, what in zip(POOLS, ("command", "extinguish-only", "move-only")):
        if getattr(f, pool):
            out += f" + {getattr(f, pool)} {what}"
    return out


def _pct(p: Any) -> str:
    return f"{float(p) * 100:.0f}%"


# ---- the view ------------------------------------------------------------------------------------------------------
class FlashPointView(StepChance, BoardView):
    """The Flash Point building as an anywidget (see the module docstring for the clicks).

    ``selection`` is one of: ``None`` (the firefighter to act is selected); ``("ff", name)`` (another
    firefighter, for the Fire Captain's commands); ``("choose", item id, actions, parent)`` (a click that could
    mean several actions: ``actions`` are offered as the choice buttons ``btn:choose:<n>``; ``parent`` is the
    selection before); ``("crew",)`` (the crew change's specialist cards shown); ``("dice", red, black)``
    (die faces chosen at a roll, ``None`` for a die not chosen yet).

    Args:
        record: a Flash Point :class:`~explorer.core.Record`.
        bots: firefighters (turn indexes, 0 = the first) played by random players; the chance steps that follow
            their moves are resolved from the game's seeded stream at once.
        bot_seed: the seed of the random players' choices.
        step_chance: True (default): after a human's action, each chance step (roll, flare-up, point of interest
            turned over...) waits for a click, so the fire advances step by step with its rules shown; False:
            chance steps are resolved at once, as :meth:`Record.play` does.
    """

    def __init__(self, record: Record, *, step_chance: bool = True, **kwargs: Any) -> None:
        kwargs.setdefault("title", "Flash Point: Fire Rescue")
        self.step_chance = step_chance
        """Whether a human's chance steps wait for a click (see the class docstring)."""
        super().__init__(record, **kwargs)

    # ---- random players ----------------------------------------------------------------------------------
    def choose_bot_action(self, state: State, legal: list[Any]) -> Any:
        """The property tests' random player (:func:`widgets.flashpoint.overlays.random_action`): a kind of action
        (move, extinguish, door, chop, carry, vehicle, specialty, command, crew change, ladder, platform, end,
        set-up) uniformly among the kinds legal now, then an action of that kind uniformly, both drawn from
        ``self.bot_rng``. Ending the turn is one kind among a few, so turns end and games finish."""
        return random_action(self.bot_rng, legal)

    def reselect(self, old: Any, state: State) -> Any:
        """A firefighter selected for the Captain's commands stays selected while it can still be commanded."""
        commanded = old[1] if old and old[0] == "ff" else (
            old[3][1] if old and old[0] == "choose" and old[3] and old[3][0] == "ff" else None)
        if commanded and not state.is_chance_node and any(
                isinstance(a, Command) and a.who == commanded for a in state.legal_actions()):
            return ("ff", commanded)
        return None

    # ---- words -------------------------------------------------------------------------------------------
    def chance_hint(self) -> str:
        """What to do at a chance step: click “Let chance decide” or choose the outcome ("" elsewhere)."""
        state = self.state
        if state.is_chance_node and not state.is_terminal:
            return "click “Let chance decide”, or choose the outcome"
        return ""

    def status_text(self, state: State) -> str:
        """``"red (Fire Captain) to act: 4 AP + 2 command"``, the set-up choice due, the chance step due, or the
        result, with the counters."""
        counters = f"damage {state.damage}/{DAMAGE_CUBES} · rescued {state.rescued} · lost {state.lost}"
        if state.is_terminal:
            if state.is_won:
                return f"Game over: the team wins · {counters}"
            if state.lost >= LOSSES_TO_LOSE:
                return f"Game over: the team loses, {state.lost} victims lost · {counters}"
            return f"Game over: the building collapsed · {counters}"
        if state.is_chance_node:
            hint = self.chance_hint() if state is self.state else ""
            step = step_words(state.pending[0], _STEP_WORDS)
            return f"Chance: {step}" + (f" — {hint}" if hint else "") + f" · {counters}"
        f = state.firefighter
        if state.phase == "setup":
            legal = state.legal_actions()
            what = ("parks a vehicle" if legal and isinstance(legal[0], Park) else
                    "chooses a specialist" if legal and isinstance(legal[0], ChooseRole) else
                    "starts on a space outside")
            return f"Set-up: {f.name} {what} · {counters}"
        return f"{f.name} ({f.card.name}) to act: {_pools_words(f)} · {counters}"

    # ---- drawing -----------------------------------------------------------------------------------------
    def _selected_ids(self, state: State) -> list[str]:
        sel = self.selection
        if not sel:
            return []
        if sel[0] == "ff":
            return [f"ff:{sel[1]}"]
        if sel[0] == "choose":
            parent = [f"ff:{sel[3][1]}"] if sel[3] and sel[3][0] == "ff" else []
            return [sel[1], *parent]
        if sel[0] == "crew":
            return ["btn:crew-change"]
        if sel[0] == "dice":
            return [f"die:{colour}:{n}" for colour, n in (("red", sel[1]), ("black", sel[2])) if n is not None]
        return []

    def render_scene(self, state: State) -> dict[str, Any]:
        """The scene of ``widgets.flashpoint.scene.board_scene`` with the selection outlined, and, while a click
        is ambiguous, a row of choice buttons under the board (``btn:choose:<n>`` and ``btn:cancel``)."""
        scene = board_scene(state, self._selected_ids(state))
        sel = self.selection
        if sel and sel[0] == "choose":
            self._add_choices(scene, state, sel[2])
        return scene

    def _add_choices(self, scene: dict[str, Any], state: State, actions: tuple[Any, ...]) -> None:
        width = scene["width"]
        top = scene["height"] + 6
        items = scene["items"]
        items.append({"shape": "rect", "x": 0, "y": top - 4, "w": width, "h": BUTTON_HEIGHT + 16, "fill": "#d8e4f2",
                      "class": "choices"})
        items.append({"shape": "text", "x": MARGIN, "y": top + BUTTON_HEIGHT / 2, "anchor": "start", "size": 12,
                      "weight": 700, "fill": "#1f3f6b", "text": "Which action?", "class": "choices-label"})
        x, y = MARGIN + 100, top
        entries = [(f"btn:choose:{n}", self._choice_text(state, a)) for n, a in enumerate(actions)]
        entries.append(("btn:cancel", "Cancel"))
        for bid, label in entries:
            w = round(16 + 6.4 * len(label), 2)
            if x + w > width - MARGIN and x > MARGIN + 100:
                x, y = MARGIN + 100, y + BUTTON_HEIGHT + 8
            items.append({"id": bid, "shape": "rect", "x": round(x, 2), "y": y, "w": w, "h": BUTTON_HEIGHT,
                          "rx": 6, "fill": "#ffffff", "stroke": "#1f5fbf", "stroke_width": 1.6,
                          "class": "button choice" if bid != "btn:cancel" else "button cancel", "title": label,
                          "clickable": True, "label_at": [round(x + w / 2, 2), y + BUTTON_HEIGHT + 9]})
            items.append({"shape": "text", "x": round(x + w / 2, 2), "y": y + BUTTON_HEIGHT / 2 + 0.5, "size": 12,
                          "fill": "#1b2a3a", "text": label, "class": "button-label", "target": bid})
            x += w + 8
        extra = y + BUTTON_HEIGHT + 12 - scene["height"]
        items[-2 * len(entries) - 2]["h"] = extra - 2  # the band covers every row of buttons
        scene["height"] = round(scene["height"] + extra, 2)

    @staticmethod
    def _choice_text(state: State, action: Any) -> str:
        label = cost_label(state, action)
        return f"{action} ({label})" if label else str(action)

    def _actor_actions(self, state: State) -> list[Any]:
        """The legal actions the current selection may take: the acting firefighter's own (no commands), or the
        commands of the selected firefighter."""
        who = self._commanded()
        legal = state.legal_actions()
        if who is not None:
            return [a for a in legal if isinstance(a, Command) and a.who == who]
        return [a for a in legal if not isinstance(a, Command)]

    def _commanded(self) -> str | None:
        sel = self.selection
        if sel and sel[0] == "ff":
            return sel[1]
        if sel and sel[0] == "choose" and sel[3] and sel[3][0] == "ff":
            return sel[3][1]
        return None

    def highlights_for(self, state: State) -> dict[str, dict[str, str]]:
        """Every item a legal action of the selected firefighter concerns, labelled with its AP cost
        (:func:`cost_label`; ``"move 2 · extinguish 1"`` when one item serves several actions); at a chance
        step, the outcomes that can happen (a point of interest's with their probabilities); while a click is
        ambiguous, the choice buttons with their costs."""
        marks: dict[str, dict[str, str]] = {}
        if state.is_terminal:
            return marks
        sel = self.selection
        if state.is_chance_node:
            return self._chance_highlights(state)
        if sel and sel[0] == "choose":
            marks[sel[1]] = {"label": "", "tone": "selected"}
            for n, action in enumerate(sel[2]):
                marks[f"btn:choose:{n}"] = {"label": cost_label(state, action), "tone": "legal"}
            marks["btn:cancel"] = {"label": "", "tone": "legal"}
            return marks
        actions = self._actor_actions(state)
        if sel and sel[0] == "crew":
            actions = [a for a in actions if isinstance(a, CrewChange)]
        by_item: dict[str, list[tuple[Any, str]]] = {}
        for action in actions:
            items = action_items(state, action)
            if isinstance(action, CrewChange) and not (sel and sel[0] == "crew"):
                items = ("btn:crew-change",)  # the cards are shown once the button is clicked
            if not items:
                continue
            label = cost_label(state, action)
            for item in items:
                by_item.setdefault(item, []).append((action, label))
        for item, entries in by_item.items():
            labels = list(dict.fromkeys(label for _, label in entries))
            verbs = list(dict.fromkeys(self._verb(a) for a, _ in entries))
            if len(labels) == 1:  # one action, or several at the same cost
                label = labels[0]
            elif len(verbs) == 1 or item.startswith("btn:"):  # e.g. two drives at different costs
                label = " / ".join(labels)
            else:  # one item, several kinds of action: each with its cost
                label = " · ".join(f"{self._verb(a)} {lab.removesuffix(' AP')}" for a, lab in entries)
            marks[item] = {"label": label, "tone": "legal"}
        if state.phase == "actions":
            who = self._commanded()
            acting = state.firefighter.name
            marks[f"ff:{who or acting}"] = {"label": "", "tone": "selected"}
            if who:
                marks[f"ff:{acting}"] = {"label": "", "tone": "legal"}
            else:
                commandable = {a.who for a in state.legal_actions() if isinstance(a, Command)}
                for name in sorted(commandable):
                    marks[f"ff:{name}"] = {"label": "command", "tone": "legal"}
            if sel and sel[0] == "crew":
                marks["btn:crew-change"] = {"label": "", "tone": "selected"}
        return marks

    @staticmethod
    def _verb(action: Any) -> str:
        """The first word of an action's notation (``move``, ``extinguish``...; a command's own verb)."""
        return action.verb if isinstance(action, Command) else str(action).split()[0]

    def _chance_highlights(self, state: State) -> dict[str, dict[str, str]]:
        marks: dict[str, dict[str, str]] = {"btn:roll": {"label": "", "tone": "legal"}}
        step = state.pending[0]
        outcomes = state.chance_outcomes()
        if step.kind == "reveal":
            for action, p in outcomes:
                marks[f"btn:reveal-{action.identity}"] = {"label": _pct(p), "tone": "legal"}
        elif step.kind == "spill":
            for action, p in outcomes:
                marks[f"space:{action.space}"] = {"label": _pct(p), "tone": "legal"}
        sel = self.selection
        if sel and sel[0] == "dice":
            for item in self._selected_ids(state):
                marks[item] = {"label": "", "tone": "selected"}
            if sel[1] is not None and sel[2] is not None:
                marks["btn:dice"] = {"label": "", "tone": "legal"}
        return marks

    def panel_sections(self, state: State) -> list[dict[str, Any]]:
        """Three tables: the counters (damage, rescued, lost, with the limits), each firefighter (specialist, AP
        and extra pools, space, what it carries), and the steps still due (the next first)."""
        counters = [["damage", state.damage, f"the building collapses at {DAMAGE_CUBES}"],
                    ["rescued", state.rescued, f"the team wins at {RESCUES_TO_WIN}"],
                    ["lost", state.lost, f"the team loses at {LOSSES_TO_LOSE}"]]
        acting = state.current_player
        crew = [[f.name + (" (to act)" if k == acting else ""), f.card.name, _pools_words(f), f.space or "not placed",
                 f.carrying or "-"] for k, f in enumerate(state.firefighters)]
        steps = [["next" if n == 0 else "then", step_words(step, _STEP_WORDS) if step.is_chance else str(step),
                  "chance" if step.is_chance else "automatic"] for n, step in enumerate(state.pending)]
        if not steps:
            steps = [["-", "the game is over" if state.is_terminal else "a decision: " + self.status_text(state)
                      .split(" · ")[0], ""]]
        return [{"title": "Counters", "header": ["counter", "now", "limit"], "rows": counters},
                {"title": "Firefighters", "header": ["firefighter", "specialist", "AP", "space", "carrying"],
                 "rows": crew},
                {"title": "Steps due", "header": ["", "step", "how"], "rows": steps}]

    # ---- clicks ------------------------------------------------------------------------------------------
    def on_click(self, state: State, target: str) -> Any:
        """The action a click on ``target`` means (see the module docstring), or ``None`` after a selection, a
        hint or a chance step played here.

        Raises:
            IllegalAction: the engine's refusal of the click's most natural action, naming the rule.
            NotationError: for a target whose id names no space or edge.
        """
        try:
            return self._on_click(state, target)
        except _Handled:
            return None

    def _on_click(self, state: State, target: str) -> Any:
        if state.is_terminal:
            self.selection = None
            self.hint("The game is over: step back through it with the controls, or start a new game.")
            raise _Handled
        kind, _, name = target.partition(":")
        sel = self.selection
        if target == "btn:cancel":
            self.selection = sel[3] if sel and sel[0] == "choose" else None
            return None
        if kind == "btn" and name.startswith("choose:"):
            n = name.partition(":")[2]
            if sel and sel[0] == "choose" and n.isdigit() and int(n) < len(sel[2]):
                return sel[2][int(n)]
            self.hint("Nothing to choose now: click a lit space, wall or button.")
            raise _Handled
        if state.is_chance_node:
            return self._chance_click(state, kind, name, target)
        if kind == "ff":
            return self._ff_click(state, name)
        if kind == "btn":
            return self._button_click(state, name)
        if kind in ("space", "edge", "spot", "vehicle", "object"):
            return self._board_click(state, target)
        self.nothing_to_click(target)
        raise _Handled

    # -- the board
    def _board_click(self, state: State, target: str) -> Any:
        if self.selection and self.selection[0] == "choose" and self.selection[1] == target:
            self.selection = self.selection[3]  # a second click on the same item: change one's mind
            return None
        if self.selection and self.selection[0] in ("choose", "crew", "dice"):
            self.selection = self.selection[3] if self.selection[0] == "choose" else None
        items = self._object_items(state, target)
        actions = [a for a in self._actor_actions(state) if set(action_items(state, a)) & items]
        if len(actions) == 1:
            return actions[0]
        if actions:
            self._offer(state, target, actions)
        raise self._refusal(state, target)

    def _object_items(self, state: State, target: str) -> set[str]:
        """The items a click on ``target`` stands for: an object stands for its spaces."""
        kind, _, name = target.partition(":")
        if kind == "object" and name in object_info(state.building):
            return {target} | {f"space:{s}" for s in object_info(state.building)[name]["spaces"]}
        return {target}

    def _offer(self, state: State, target: str, actions: list[Any]) -> None:
        parent = self.selection if self.selection and self.selection[0] == "ff" else None
        self.selection = ("choose", target, tuple(actions), parent)
        options = " or ".join(f"“{self._choice_text(state, a)}”" for a in actions)
        where = target.partition(":")[2]
        self.hint(f"{len(actions)} actions on {where}: {options}. Click one of the buttons under the board "
                  "(or Cancel).")
        raise _Handled

    def _refusal(self, state: State, target: str) -> IllegalAction:
        """The engine's refusal of the most natural action for a click on ``target`` with no legal action."""
        action = self._natural_action(state, target)
        problem = state.explain(action) if action is not None else None
        if problem is None:
            self.hint(f"Nothing {state.firefighter.name} can do at {target.partition(':')[2]} now.")
            raise _Handled
        return problem

    def _natural_action(self, state: State, target: str) -> Any:
        """What a click on ``target`` would most naturally ask for (refused, so the engine names the rule):
        ``move``/``place``/``command .. move`` on a space, ``chop`` on a wall, ``open``/``close`` on a door or
        window, ``park``/``drive`` on a spot or a vehicle."""
        kind, _, name = target.partition(":")
        who = self._commanded()
        b = state.building
        if kind == "space":
            if state.phase == "setup":
                return Place(name)
            return Command(who, "move", name) if who else Move(name)
        if kind == "object":
            spaces = list(object_info(b)[name]["spaces"]) if name in object_info(b) else []
            here = state.firefighter.space
            near = [s for s in spaces if here and s in {n for n, _ in b.neighbours(here)}]
            space = (near or spaces or [None])[0]
            return None if space is None else Move(space)
        if kind == "edge":
            a, _, c = name.partition("|")
            edge = b.edges.get(frozenset((a, c)))
            if edge is not None and edge.kind == "fireproof_door" and state.doors.get(frozenset((a, c))) == "jammed" \
                    and not who:
                return Unjam(name)
            if edge is not None and edge.kind in ("door", "fireproof_door", "window"):
                verb = "close" if state.doors.get(frozenset((a, c))) == "open" else "open"
                if who:
                    return Command(who, verb, name)
                return OpenDoor(name) if verb == "open" else CloseDoor(name)
            return Chop(name)
        if kind == "spot":
            vehicle, _, space = name.partition(":")
            return Park(vehicle, space) if state.phase == "setup" else Drive(vehicle, space)
        if kind == "vehicle":
            spots = b.parking(name) if name in ("engine", "ambulance") else ()
            at = state.vehicles.get(name)
            other = next((s[0] for k, s in enumerate(spots) if k != at), None)
            return None if other is None else Drive(name, other)
        return None

    # -- firefighters
    def _ff_click(self, state: State, name: str) -> Any:
        acting = state.firefighter.name
        if name == acting:
            self.selection = None
            return None
        commands = [a for a in state.legal_actions() if isinstance(a, Command) and a.who == name]
        if commands:
            self.selection = ("ff", name)
            self.hint(f"{acting} commands {name}: click a lit space or door ({len(commands)} "
                      f"command{'s' * (len(commands) != 1)}); click {acting} to act again.")
            raise _Handled
        other = next((f for f in state.firefighters if f.name == name), None)
        near = [n for n, _ in state.building.neighbours(other.space)] if other and other.space else []
        problem = state.explain(Command(name, "move", near[0])) if near else None
        if problem is None:
            self.hint(f"{acting} cannot command {name} now.")
            raise _Handled
        raise problem

    # -- buttons
    def _button_click(self, state: State, name: str) -> Any:
        sel = self.selection
        if name in SIMPLE_BUTTONS:
            return SIMPLE_BUTTONS[name]()
        if name == "pick-up":
            picks = [a for a in state.legal_actions() if isinstance(a, PickUp)]
            if len(picks) == 1:
                return picks[0]
            if picks:
                self._offer(state, "btn:pick-up", picks)
            here = state.firefighter.space
            what = ("hazmat" if state.hazmats.get(here) else
                    "treated victim" if state.pois.get(here) == "treated victim" else "victim")
            return PickUp(what)
        if name == "crew-change":
            if sel == ("crew",):
                self.selection = None
                return None
            changes = [a for a in state.legal_actions() if isinstance(a, CrewChange)]
            if changes:
                self.selection = ("crew",)
                self.hint(f"Crew change at the engine: click the specialist card to change to "
                          f"({', '.join(ROLES[a.role].name for a in changes)}).")
                raise _Handled
            held = {f.role for f in state.firefighters}
            return CrewChange(next((r for r in ROLES if r not in held), next(iter(ROLES))))
        if name.startswith("role-"):
            role = name.removeprefix("role-")
            if state.phase == "setup":
                return ChooseRole(role)
            return CrewChange(role)
        self.hint(f"The button {name!r} does nothing now.")
        raise _Handled

    # -- chance
    def _chance_click(self, state: State, kind: str, name: str, target: str) -> Any:
        step = state.pending[0]
        sel = self.selection
        if target == "btn:roll":
            self.roll()
            raise _Handled
        if target in ("btn:reveal-victim", "btn:reveal-false-alarm"):
            return Reveal(name.removeprefix("reveal-"))
        if kind == "die":
            colour, _, face = name.partition(":")
            if not face.isdigit() or colour not in ("red", "black"):
                self.nothing_to_click(target)
                raise _Handled
            n = int(face)
            if step.kind == "first-explosion":
                return Die(n)
            if step.kind == "fireproof":
                return FireproofRoll(n)
            red, black = (sel[1], sel[2]) if sel and sel[0] == "dice" else (None, None)
            red, black = (n, black) if colour == "red" else (red, n)
            if red is not None and black is not None:
                return Dice(red, black)
            self.selection = ("dice", red, black)
            self.hint(f"The {colour} die shows {n}; now click the {'black' if colour == 'red' else 'red'} die's "
                      "face (or “Let chance decide”).")
            raise _Handled
        if target == "btn:dice":
            if sel and sel[0] == "dice" and sel[1] is not None and sel[2] is not None:
                return Dice(sel[1], sel[2])
            self.hint("Click a red and a black die face first.")
            raise _Handled
        if kind == "space" and step.kind == "spill":
            return SpillFlow(name)
        problem = state.explain(self._natural_action(state, target) or EndTurn())
        if problem is None:  # never: at a chance step only outcomes are legal
            self.hint("Chance decides here.")
            raise _Handled
        raise problem

