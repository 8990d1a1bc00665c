"""The interactive Flash Point board: clicks become engine actions; the engine decides what is legal.

How a game is played with the mouse (the click model is the shared one of :mod:`widgets.base`: every item a legal
action concerns is lit, a click narrows the legal actions to those concerning it and plays the one left):

* set-up: Experienced games first park the engine and the ambulance (click one of a vehicle's parking spots, or
  one of the spot's two spaces), then each firefighter takes a specialist card (``Paramedic``, ``Fire
  Captain``... buttons) and starts on a space outside the building (click it);
* a turn: every space, wall, door, parking spot, object and button that one of the acting firefighter's legal
  actions starts at is lit, labelled with the AP the action costs (read from the engine: the action is applied
  and the firefighter's AP and extra pools compared, so every specialist's discounts and every Extreme Danger
  cost show as they are). Clicking a lit item plays its action: a space moves there, extinguishes it, identifies
  a point of interest, raises a ladder or the platform to it...; a wall is chopped, a door opened or closed; a
  spot drives a vehicle there. When one click could mean several actions (``extinguish 2,3`` or ``move 2,3``),
  a row of choice buttons appears under the board, each leading with what differs (``btn:choose:<n>``, and
  ``btn:cancel``). The strip's buttons end the turn, pick up (a choice when there is more than one thing to
  pick up), drop, treat, dispose, fire the deck gun, take, drop or collapse a ladder; ``Crew change`` shows the
  free specialist cards, and a click on one changes to it;
* the Fire Captain: the other firefighters' pawns are lit (``command``); click one, then a lit space or door to
  command it. It stays picked while it can still be commanded; click it again, press Escape, or click the
  Captain's own pawn to act with the Captain again;
* chance: after ``end`` the fire advances one chance step per click: ``Let chance decide`` draws the step from
  the game's seeded stream (a roll, a flare-up, a point of interest turned over, a new point of interest...),
  and the events of that step are listed with the rule behind each. The outcome may be chosen instead, each
  labelled with its probability: a red then a black die face (``die:red:<n>``, ``die:black:<n>``; either first)
  make that roll, one die face a one-die roll, a point of interest's buttons what it turns out to be, a space
  where a chemical spill flows next.

A click no legal action concerns asks the engine about the action it most naturally means (``state.explain``):
its refusal, with the rule's id, title and text, is shown and nothing changes. A second click on a picked item
or Escape clears the pick. Random players (``bots``) pick a kind of action first, then an action of that kind,
as the property tests' random player does; the chance steps after their moves are resolved at once.
"""

from __future__ import annotations

from collections.abc import Sequence
from fractions import Fraction
from typing import Any

from explorer.core import Record
from explorer.flashpoint.words import player_words
from explorer.flashpoint import State
from explorer.flashpoint.actions import (Bridge, ChooseRole, Chop, CloseDoor, CollapseLadder, Command, CrewChange,
                                         DeckGun, Dice, Die, Dispose, Drive, Drop, DropLadder, EndTurn, Extinguish,
                                         FireproofRoll, Identify, Move, MovePlatform, OpenDoor, Park, PickUp, Place,
                                         RaiseLadder, Reveal, SpillFlow, TakeLadder, Treat, Unjam)
from explorer.flashpoint.components import DAMAGE_CUBES, LOSSES_TO_LOSE, RESCUES_TO_WIN, ROLES
from explorer.flashpoint.state import object_info

from ..base import BoardView, StepChance
from .overlays import random_action
from .scene import board_scene, step_words

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

_OWN_BUTTONS = ("btn:choose:", "btn:cancel", "btn:confirm")
"""The base view's choice buttons (drawn in its own row, with no room for a label under them)."""


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


def _on_space(state: State, space: str) -> tuple[str, ...]:
    """A space's items: the space, and the standing object drawn over it (a click on the object stands for it)."""
    oid = state.object_at(space)
    return (f"space:{space}",) + ((f"object:{oid}",) if oid is not None else ())


def action_items(state: State, action: Any) -> tuple[str, ...]:
    """The scene items (``widgets.flashpoint.scene.TARGETS``) an action or a chance outcome of ``state`` concerns,
    in the order a player clicks them (the first is lit and carries the label):

    * ``move 2,3`` (``place``, ``extinguish``, ``identify``, ``raise ladder``, ``bridge``, ``platform``) ->
      ``space:2,3``, and ``object:<id>`` if a standing object covers the space;
    * ``chop 1,3|1,4`` (``open``, ``close``, ``unjam``) -> ``edge:1,3|1,4``;
    * ``park engine 0,7`` and ``drive engine 0,7`` -> the spot, its two spaces (and the parked vehicle for a
      drive);
    * ``command blue move 2,3`` -> ``ff:blue``, ``space:2,3`` (``command blue open 1,3|1,4``: ``ff:blue``,
      ``edge:1,3|1,4``);
    * ``role captain`` -> ``btn:role-captain``; ``crew change captain`` -> ``btn:crew-change``,
      ``btn:role-captain`` (the cards are drawn once the button is picked);
    * ``pick up victim`` (every ``pick up``) -> ``btn:pick-up``; ``end``, ``drop``, ``treat``... -> their button;
    * chance outcomes: ``roll 3 5`` -> ``die:red:3``, ``die:black:5``; ``roll 5`` (the black die alone) ->
      ``die:black:5``; ``fireproof 4`` -> ``die:red:4``; ``reveal victim`` -> ``btn:reveal-victim``;
      ``spill 3,4`` -> ``space:3,4``.

    ``()`` for an action the board does not show (none today).
    """
    if isinstance(action, (Place, Move, Extinguish, Identify, RaiseLadder, Bridge, MovePlatform, SpillFlow)):
        return _on_space(state, action.space)
    if isinstance(action, (OpenDoor, CloseDoor, Chop, Unjam)):
        return (f"edge:{action.edge}",)
    if isinstance(action, (Park, Drive)):
        spot = next((s for s in state.building.parking(action.vehicle) if s[0] == action.space), (action.space,))
        items = (f"spot:{action.vehicle}:{action.space}",) + tuple(f"space:{s}" for s in spot)
        return items + ((f"vehicle:{action.vehicle}",) if isinstance(action, Drive) else ())
    if isinstance(action, Command):
        target = _on_space(state, action.target) if action.verb == "move" else (f"edge:{action.target}",)
        return (f"ff:{action.who}", *target)
    if isinstance(action, ChooseRole):
        return (f"btn:role-{action.role}",)
    if isinstance(action, CrewChange):
        return ("btn:crew-change", f"btn:role-{action.role}")
    if isinstance(action, PickUp):
        return ("btn:pick-up",)
    if isinstance(action, Dice):
        return (f"die:red:{action.red}", f"die:black:{action.black}")
    if isinstance(action, Die):
        return (f"die:black:{action.value}",)
    if isinstance(action, FireproofRoll):
        return (f"die:red:{action.value}",)
    if isinstance(action, Reveal):
        return (f"btn:reveal-{action.identity}",)
    for name, cls in SIMPLE_BUTTONS.items():
        if isinstance(action, cls):
            return (f"btn:{name}",)
    return ()


def _verb(action: Any) -> str:
    """The first word of an action's notation (``move``, ``extinguish``...; a command's own verb)."""
    return action.verb if isinstance(action, Command) else str(action).split()[0]


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

    The click model is the base view's (:mod:`widgets.base`): ``selection`` is ``None`` or a
    :class:`~widgets.base.Pick` of the items clicked so far and the actions they still allow, e.g.
    ``("ff:blue",)`` while the Fire Captain commands blue, ``("btn:crew-change",)`` while the specialist cards
    are shown, ``("die:red:3",)`` while a roll's faces are chosen, ``("space:3,2",)`` while its choice buttons ask
    ``move`` or ``extinguish``. This class says which items each action concerns (:func:`action_items`), labels
    them with the engine's AP costs or a chance outcome's probability, and names the action a click that matches
    none most naturally means, so that the engine refuses it with its rule.

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

    # ---- the click model ---------------------------------------------------------------------------------
    def action_items(self, state: State, action: Any) -> tuple[str, ...]:
        """The items ``action`` (a legal action, or a chance outcome) concerns: :func:`action_items`."""
        return action_items(state, action)

    def _odds(self, state: State) -> dict[Any, Fraction]:
        """``{outcome: probability}`` at a chance step (``{}`` elsewhere), computed once per state shown."""
        return self._memo(state, "odds", lambda: dict(state.chance_outcomes()))

    def highlights_for(self, state: State) -> dict[str, dict[str, str]]:  # noqa: F811 - wraps the one below
        """:meth:`_highlights_for` with the labels and tips in the board's words
        (:func:`explorer.flashpoint.words.player_words`)."""
        return {k: {f: player_words(state.building, v) if f in ("label", "tip") and isinstance(v, str) else v
                    for f, v in mark.items()} for k, mark in self._highlights_for(state).items()}

    def refresh(self, message: dict[str, str] | None = None) -> None:
        """The base's refresh, then the event texts and the bubble (what a move did) in the board's words
        (:func:`explorer.flashpoint.words.player_words`, the function the engine's refusals already go through:
        the engine's events keep the notation for notebooks)."""
        state = self.state

        def worded(entry: dict) -> dict:
            text = entry.get("text")
            return {**entry, "text": player_words(state.building, text)} if isinstance(text, str) else entry

        with self.hold_sync():  # one message to the browser: the redraw it triggers sees the worded texts
            super().refresh(message)
            self.events = [worded(e) for e in self.events]
            if self.toast:
                self.toast = worded(self.toast)

    def action_label(self, state: State, action: Any) -> str:
        """The AP a player action costs (:func:`cost_label`: ``"2 AP"``, ``"keeps 3 AP"`` for ``end``, ``""`` at
        set-up); at a chance step, the outcome's probability (``"2%"``), from ``state.chance_outcomes()``. The
        base keeps each label for the state shown (:meth:`~widgets.base.BoardView.label_of`)."""
        if state.is_chance_node:
            p = self._odds(state).get(action)
            return "" if p is None else _pct(p)
        return cost_label(state, action)

    def action_tip(self, state: State, action: Any) -> str:
        """The action in the board's words and its label: ``"move to row 2, column 3 (1 AP)"``, ``"reveal victim
        (67%)"``."""
        label = self.label_of(state, action)
        words = player_words(state.building, str(action))
        return f"{words} ({label})" if label else words

    def item_label(self, state: State, item: str, actions: Sequence[Any]) -> str:
        """The label of a lit ``item`` whose click keeps ``actions``: their AP cost when they agree; ``"2 AP / 4
        AP"`` for one kind of action at several costs (or a button's several actions); ``"move 2 · extinguish
        1"`` for several kinds; ``"command"`` on a firefighter the Captain may command; at a chance step, the
        probability of what the click keeps given what is already picked (a die face: 17% before the other die
        is picked)."""
        if state.is_chance_node:
            odds = self._odds(state)
            among = sum((odds.get(a, Fraction(0)) for a in self.candidates(state)), Fraction(0))
            kept = sum((odds.get(a, Fraction(0)) for a in actions), Fraction(0))
            return _pct(kept / among) if among else ""
        if item.startswith("ff:") and actions and all(isinstance(a, Command) for a in actions):
            return "command"
        entries = [(a, self.label_of(state, a)) for a in actions]
        labels = list(dict.fromkeys(label for _, label in entries))
        if len(labels) == 1:
            return labels[0]
        if len({_verb(a) for a in actions}) == 1 or item.startswith("btn:"):
            return " / ".join(labels)
        return " · ".join(f"{_verb(a)} {label.removesuffix(' AP')}" for a, label in entries)

    def item_tip(self, state: State, item: str, actions: Sequence[Any]) -> str:
        """The hover text of a lit ``item`` whose click keeps ``actions``: a die face with its probability (``"the
        red die shows 3 (17%)"``), a firefighter the Captain may command (``"red may command blue: 2 commands"``),
        the crew change with its cost and the cards; else the base's (each action with its label)."""
        if item.startswith("die:"):
            _, colour, face = item.split(":")
            return f"the {colour} die shows {face} ({self.item_label(state, item, actions)})"
        if len(actions) > 1 and all(isinstance(a, Command) for a in actions):
            return f"{state.firefighter.name} may command {actions[0].who}: {len(actions)} commands"
        if len(actions) > 1 and all(isinstance(a, CrewChange) for a in actions):
            cards = ", ".join(ROLES[a.role].name for a in actions if a.role in ROLES)
            return f"crew change ({self.item_label(state, item, actions)}) to one of: {cards}"
        return super().item_tip(state, item, actions)

    def item_name(self, item: str) -> str:
        """A space, an edge or a firefighter by its name (``"3,2"``, ``"1,3|1,4"``, ``"blue"``) in hints; other
        items by their hover text."""
        kind, _, name = item.partition(":")
        return name if kind in ("space", "edge", "ff") else super().item_name(item)

    def keep_clicked(self, state: State, clicked: tuple[str, ...]) -> tuple[str, ...]:
        """A firefighter picked for the Fire Captain's commands stays picked after a command (the base drops it
        once no command of it is legal)."""
        return clicked[:1] if clicked and clicked[0].startswith("ff:") else ()

    def _acting_pawn(self, state: State) -> str | None:
        """The pawn of the firefighter to act during the actions phase (``None`` at set-up, chance, the end)."""
        if state.is_terminal or state.is_chance_node or state.phase != "actions":
            return None
        return f"ff:{state.firefighter.name}"

    def _commanding(self, state: State) -> bool:
        """True while another firefighter than the one to act is picked (for the Captain's commands)."""
        clicked = self.clicked_items()
        acting = self._acting_pawn(state)
        return acting is not None and bool(clicked) and clicked[0].startswith("ff:") and clicked[0] != acting

    def button_click(self, state: State, target: str) -> bool:
        """``btn:roll`` lets chance decide (:class:`~widgets.base.StepChance`); a click on the acting firefighter's
        pawn while another firefighter is picked for commands clears that pick (the Captain acts again)."""
        if super().button_click(state, target):
            return True
        if self._commanding(state) and target == self._acting_pawn(state):
            self.selection = None
            self.hint(f"{state.firefighter.name} acts again: click a lit item.")
            return True
        return False

    def natural_action(self, state: State, target: str, clicked: tuple[str, ...]) -> Any:
        """What a click on ``target`` (after ``clicked``) that matches no legal action most naturally asks for, so
        that the engine refuses it and names the rule: ``place`` / ``move`` / ``command .. move`` on a space,
        ``chop`` on a wall, ``open`` / ``close`` / ``unjam`` on a door or window, ``park`` / ``drive`` on a spot or
        a vehicle, a command on another firefighter's pawn (on one's own: commanding oneself), the button's action
        (``pick up`` what lies here, ``crew change`` to a free card, ``role``); at a chance step, the outcome a
        die face, a reveal button or a spill's space names, else the board's action (refused: chance decides)."""
        kind, _, name = target.partition(":")
        if state.is_chance_node:
            outcome = self._natural_outcome(state, kind, name, clicked)
            return outcome if outcome is not None else (self._natural_move(state, kind, name, None) or EndTurn())
        if kind == "ff":
            return self._natural_command(state, name)
        if kind == "btn":
            return self._natural_button(state, name)
        who = clicked[0].removeprefix("ff:") if clicked and clicked[0].startswith("ff:") else None
        return self._natural_move(state, kind, name, who if who != state.firefighter.name else None)

    def _natural_move(self, state: State, kind: str, name: str, who: str | None) -> Any:
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
            door = state.doors.get(frozenset((a, c)))
            if edge is not None and edge.kind == "fireproof_door" and door == "jammed" and not who:
                return Unjam(name)
            if edge is not None and edge.kind in ("door", "fireproof_door", "window"):
                verb = "close" if door == "open" else "open"
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

    def _natural_command(self, state: State, name: str) -> Any:
        """A click on a pawn asks to command that firefighter to a neighbouring space."""
        other = next((f for f in state.firefighters if f.name == name), None)
        near = [n for n, _ in state.building.neighbours(other.space)] if other and other.space else []
        return Command(name, "move", near[0]) if near else None

    def _natural_button(self, state: State, name: str) -> Any:
        """A strip button asks for its action: ``pick up`` what lies on the firefighter's space, ``crew change``
        to the first card no firefighter holds, ``role``/``crew change`` to the card clicked."""
        if name in SIMPLE_BUTTONS:
            return SIMPLE_BUTTONS[name]()
        if name == "pick-up":
            here = state.firefighter.space
            return PickUp("hazmat" if state.hazmats.get(here) else
                          "treated victim" if state.pois.get(here) == "treated victim" else "victim")
        if name == "crew-change":
            held = {f.role for f in state.firefighters}
            return CrewChange(next((r for r in ROLES if r not in held), next(iter(ROLES))))
        if name.startswith("role-"):
            role = name.removeprefix("role-")
            return ChooseRole(role) if state.phase == "setup" else CrewChange(role)
        return None

    def _natural_outcome(self, state: State, kind: str, name: str, clicked: tuple[str, ...]) -> Any:
        """The chance outcome a click names at a chance step (the die faces, a reveal button, a spill's space)."""
        step = state.pending[0]
        if kind == "die":
            colour, _, face = name.partition(":")  # the scene draws only the faces of the dice rolled now
            n = int(face)
            if step.kind == "first-explosion":
                return Die(n)
            if step.kind == "fireproof":
                return FireproofRoll(n)
            other = next((int(i.rpartition(":")[2]) for i in clicked if i.startswith("die:")
                          and not i.startswith(f"die:{colour}:")), 1)
            return Dice(n, other) if colour == "red" else Dice(other, n)
        if kind == "btn" and name in ("reveal-victim", "reveal-false-alarm"):
            return Reveal(name.removeprefix("reveal-"))
        if kind == "space" and step.kind == "spill":
            return SpillFlow(name)
        return None

    # ---- a lesson's find-all step (widgets.lessons.AnswerKeys) -------------------------------------------------
    def answer_key(self, item: str) -> str | None:
        """The engine key a board item stands for in a lesson's find-all answer (what the selectors of
        :mod:`explorer.flashpoint.facts` return): ``space:3,4`` is ``3,4``, ``edge:1,3|1,4`` is ``1,3|1,4``, a
        parking spot ``spot:engine:0,7`` its name ``0,7``; a figure drawn over a square stands for it (a
        firefighter ``ff:blue`` for its square, a vehicle for its spot, a one-square object for that square).
        Buttons, dice and an object over two squares stand for none."""
        kind, _, name = item.partition(":")
        state = self.state
        if kind in ("space", "edge"):
            return name
        if kind == "spot":
            return name.partition(":")[2] or None
        if kind == "ff":
            return next((f.space for f in state.firefighters if f.name == name), None)
        if kind == "vehicle" and name in state.vehicles:
            return state.building.parking(name)[state.vehicles[name]][0]
        if kind == "object":
            spaces = [s for s, oid in state.building_objects.items() if oid == name]
            return spaces[0] if len(spaces) == 1 else None
        return None

    def answer_items(self, keys: Any) -> list[str]:
        """The squares, edges and parking spots that show the engine ``keys`` (a spot's name is also its first
        square: both are lit), never the figures drawn over them."""
        wanted = set(keys)
        return [i["id"] for i in self.scene.get("items", [])
                if i.get("clickable") and i.get("id", "").startswith(("space:", "edge:", "spot:"))
                and self.answer_key(i["id"]) in wanted]

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
    def render_scene(self, state: State) -> dict[str, Any]:
        """The scene of ``widgets.flashpoint.scene.board_scene`` with the picked items outlined (a picked
        ``btn:crew-change`` also draws the specialist cards) and each highlight label at a free spot
        (:func:`~widgets.flashpoint.scene.place_labels`); the base adds the choice buttons under it. The last
        scene is reused while the state and the picked items stay the same (a refused click redraws nothing new)."""
        selected = tuple(self.selected_items())

        def scene() -> dict[str, Any]:
            labels = {k: m["label"] for k, m in self.highlights_for(state).items() if m.get("label")}
            return _in_words(state, board_scene(state, selected, labels=labels))

        return self._memo(state, ("scene", selected), scene)

    def _highlights_for(self, state: State) -> dict[str, dict[str, str]]:
        """The base's highlights (the lit items with their labels and tips, the picked items, the choice buttons,
        the emphasis), plus: the strip's buttons keep their label under them (``"keeps 3 AP"`` under End turn,
        ``"67%"`` under a point of interest's reveal button: the strip leaves room for it); ``btn:roll`` is lit at a
        chance step; while another firefighter is picked for commands, the acting firefighter's pawn is lit (a
        click on it goes back to the Captain's own actions)."""
        marks = super().highlights_for(state)
        if state.is_terminal:
            return marks
        for item, kept in self.next_items(state, self.candidates(state), self.clicked_items()).items():
            mark = marks.get(item)
            if (item.startswith("btn:") and not item.startswith(_OWN_BUTTONS) and mark is not None
                    and mark.get("tone") == "legal" and not mark.get("label")):
                marks[item] = {**mark, "label": self.item_label(state, item, kept)}
        if state.is_chance_node:
            marks.setdefault("btn:roll", {"label": "", "tone": "legal"})
        if self._commanding(state):
            acting = state.firefighter.name
            marks.setdefault(f"ff:{acting}", {"label": "", "tone": "legal",
                                              "tip": f"{acting}: back to the Captain's own actions"})
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


def _in_words(state: State, scene: dict[str, Any]) -> dict[str, Any]:
    """``scene`` with its hover texts and captions said as the board says them
    (:func:`explorer.flashpoint.words.player_words`)."""
    def words(text: str) -> str:
        return player_words(state.building, text)

    items = [{**item, **{k: words(item[k]) for k in ("title", "text") if isinstance(item.get(k), str)}}
             for item in scene.get("items", [])]
    return {**scene, "items": items}
