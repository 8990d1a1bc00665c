"""The interactive London board: clicks become engine actions; the engine decides what is legal.

How a turn is played with the mouse (the shared click model of :mod:`widgets.base`: the first click of every
legal move is lit, each click narrows the moves still possible, a move is played when one is left, and choice
buttons offer the last few):

* setup: click a lit district to place a trained band, then your owner pawn;
* spreading: click a card in your hand, then where the cone goes (destinations are lit with their priority
  level); when several fires can send the cone, the districts the cone can leave are lit first. A district may be
  clicked first too (a source, then a card; or a destination). In a double move the card is fixed: click the
  source (if several), then the destination; ``No double move`` declines it. With a blocked fire, click the card
  to discard, then the districts for the extra cones;
* actions: click your pawn, then a neighbouring district (1 action point); or click a district with a free
  trained band, then a neighbour to move the band; click your pawn's district to put out a cone (or ``Put out a
  cone here``), a district a charge can blow up then ``Demolish here``; ``End actions`` ends the phase (drawing
  is automatic). Another player's pawn stands for its district.
* stepped back (◀) to the draw at the end of a turn: click the card to draw.

A click that matches no legal move asks the engine about the move it most naturally means (a card: play it from
a burning district; a district: spread there, place there, or move your pawn there...), and the engine's refusal
names the rule; nothing changes.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from typing import Any

from explorer.core import Record
from explorer.london1666 import State
from explorer.london1666.components import card_words
from explorer.london1666.actions import (AddFire, Demolish, Discard, DrawCard, EndActions,
                                         Extinguish, MoveBand, MovePawn, PlaceBand, PlacePawn, SkipDouble, Spread)
from explorer.london1666.spreading import PRIORITY_NAMES, is_source, priority

from ..base import BUTTON_HEIGHT, BoardView, Pick, add_button_row
from .scene import board_scene

__all__ = ["LondonView"]

SECRET_SETUP = ("deal", "houses", "colours", "pawn-colours", "tokens", "objectives")
"""The setup steps before every objective is dealt: no secrets to show yet."""
SETUP = {"bands": PlaceBand, "pawns": PlacePawn, "blocked-fire": AddFire}
"""The one-district actions of the phases where a district click places something."""
MAX_TIPS = 6
"""A lit item's hover text lists at most this many of the moves it leads to."""
MANY_LIT = 20
"""When more districts than this are lit at once (a set-up placement: any district outside the green region),
they get the lighter ``many`` outline, so the map under them stays readable."""
MAX_NAMED = 5
"""The strip names at most this many of the items to click next (then "and 3 more")."""


class LondonView(BoardView):
    """The London board as an anywidget (see the module docstring for the clicks).

    Item ids (drawn by :func:`~widgets.london1666.scene.board_scene`): ``d-<district>``, ``card-<N|E|S|W>``,
    ``pawn-<seat>`` (the active player's; the others' pawns stand for their district) and ``btn-<name>``
    (``no-double``, ``extinguish``, ``demolish``, ``end``).

    Args:
        record: a London :class:`~explorer.core.Record`.
        bots: seats played by random legal moves (hot-seat for the others).
    """

    def __init__(self, record: Record, **kwargs: Any) -> None:
        kwargs.setdefault("title", "The Great Fire of London 1666 (reconstructed board)")
        self.secrets_shown: int | None = None
        """Hot-seat: the seat that asked to see its secrets (``btn-secrets``); cleared when the turn passes."""
        super().__init__(record, **kwargs)

    # ---- what the player looking at the board may see -----------------------------------------------------------
    learner: int | None = None
    """The seat a lesson's learner plays (:class:`widgets.lessons.LessonView` sets it at each step): the board is
    theirs alone, so their secrets are on the screen and there is no hot-seat cover."""

    @property
    def hot_seat(self) -> bool:
        """True when several people share the screen (no random players, or more than one human seat): then
        each player's secrets stay covered until they click "show my secrets" on their turn (never in a lesson:
        :attr:`learner`)."""
        if self.learner is not None:
            return False
        humans = [seat for seat in range(len(self.state.seats)) if seat not in self.bots]
        return not self.bots or len(humans) > 1

    def viewer(self, state: State) -> int | None:
        """The seat whose secrets (objective districts; colour under optional rule A) are on the screen: the one
        human seat against random players; in hot-seat the player to act, once they asked
        (:attr:`secrets_shown`); ``None`` if nobody's are shown."""
        seats = range(len(state.seats))
        if self.learner is not None:
            return self.learner
        if not self.hot_seat:
            return next((seat for seat in seats if seat not in self.bots), None)
        if self.secrets_shown is not None and self.secrets_shown == state.active and not state.is_terminal:
            return self.secrets_shown
        return None

    def refresh(self, message: dict[str, str] | None = None) -> None:
        """The base's redraw; in hot-seat the secrets are covered again as soon as another player is to act
        (so they are never on the screen when the mouse passes)."""
        if self.secrets_shown is not None and self.secrets_shown != self.state.active:
            self.secrets_shown = None
        super().refresh(message)

    def button_click(self, state: State, target: str) -> bool:
        """``btn-secrets`` (hot-seat) shows the secrets of the player to act, or covers them again."""
        if target != "btn-secrets":
            return False
        if self.secrets_shown is None:
            self.secrets_shown = state.active
            self.refresh({"kind": "info", "text": f"{state.name(state.active)}'s secrets are shown: cover them "
                                                  "(Hide my secrets) before you pass the mouse."})
        else:
            self.secrets_shown = None
            self.refresh({"kind": "info", "text": "Secrets covered: pass the mouse to the next player."})
        return True

    # ---- a lesson's find-all step (widgets.lessons.AnswerKeys) -------------------------------------------------
    def answer_key(self, item: str) -> str | None:
        """The district a board item stands for in a lesson's find-all answer: ``d-guild-hall`` is
        ``guild-hall``, the active pawn ``pawn-<seat>`` is the district it stands in; cards and buttons none."""
        kind, _, name = item.partition("-")
        state = self.state
        if kind == "d" and name in state.board.districts:
            return name
        if kind == "pawn" and name.isdigit() and int(name) < len(state.seats):
            return state.seats[int(name)].pawn
        return None

    def answer_items(self, keys: Any) -> list[str]:
        """The districts ``d-<district>`` of the district ids ``keys`` (a pawn is never lit: its district is)."""
        districts = self.state.board.districts
        return [f"d-{d}" for d in districts if d in set(keys)]

    # ---- drawing -----------------------------------------------------------------------------------------
    def render_scene(self, state: State) -> dict[str, Any]:
        """The board and hand strip, the picked districts outlined, each highlight label at a free spot, the
        viewer's secrets (with the hot-seat cover button), and a pick's buttons in a band over the river, headed
        by what to click (:meth:`pick_prompt`)."""
        picked = [item[2:] for item in self.selected_items() if item.startswith("d-")]
        seat = self.viewer(state)
        secrets = state.secrets_of(seat) if seat is not None and state.phase not in SECRET_SETUP else None
        button = ""
        if self.hot_seat and not state.is_terminal and state.phase not in SECRET_SETUP:
            button = "Hide my secrets" if secrets else f"I am {state.name(state.active)}: show my secrets"
        labels = {k: m["label"] for k, m in self.highlights_for(state).items() if m.get("label")}
        scene = board_scene(state, selected=picked, secrets=secrets, secrets_button=button, labels=labels)
        buttons = self.choice_buttons(state)
        if buttons:  # over the Thames, under the last districts: the board keeps its height and fits the window
            river = state.board.height - BUTTON_HEIGHT - 12
            scene = add_button_row(scene, buttons, label=self.pick_prompt(state), top=river)
        return scene

    def status_text(self, state: State) -> str:
        """Whose turn, or the winners at the end."""
        if state.is_terminal:
            return f"Game over: {', '.join(state.winners())} win{'s' if len(state.winners()) == 1 else ''}"
        return super().status_text(state)

    def highlights_for(self, state: State) -> dict[str, dict[str, str]]:
        """The base's highlights, plus the card of a double move outlined (it is the one played this turn). The
        strip's buttons carry no label (their text says what they do, and a label would cover it): a label or an
        emphasis caption there becomes their hover text."""
        marks = super().highlights_for(state)
        if not state.is_terminal and not state.is_chance_node and state.phase == "double" and state.card:
            marks.setdefault(f"card-{state.card}", {
                "label": "", "tone": "selected", "tip": f"the {state.card} card played this turn: the double move "
                                                        "follows it (click where the second cone goes)"})
        levels = {m["label"] for k, m in marks.items() if m.get("label", "").startswith("priority")}
        if len(levels) == 1:  # every lit destination has the same priority: the hover says it, no label needed
            for item, mark in marks.items():
                if mark.get("label") in levels:
                    marks[item] = {**mark, "label": ""}
        for item, mark in marks.items():
            if item.startswith("btn-") and mark.get("label"):
                marks[item] = {**mark, "label": "", "tip": mark.get("tip") or mark["label"]}
        lit = [item for item, mark in marks.items() if item.startswith("d-") and mark["tone"] == "legal"]
        if len(lit) > MANY_LIT:
            for item in lit:
                marks[item] = {**marks[item], "tone": "many"}
        return marks

    def panel_sections(self, state: State) -> list[dict[str, Any]]:
        """The viewer's secrets (:meth:`viewer`), the score breakdown and each player's hand and tokens.

        Only what the player looking at the board may know is shown: another player's objective points (and so
        their total) and hand stay hidden until the end (``?``, ``5 cards``); under optional rule A the scores
        stay secret (they would give the colours away). In hot-seat nobody's secrets are shown until the player
        to act asks for theirs.
        """
        over = state.is_terminal
        seat = self.viewer(state)
        sections: list[dict[str, Any]] = []
        if seat is not None and not over and state.phase not in SECRET_SETUP:
            secrets = state.secrets_of(seat)
            rows = [[name, points, "survives so far" if ok else "lost for now (burnt, or an uncovered fire)"]
                    for _, name, points, ok in secrets.objectives]
            title = f"{secrets.text()} (only you see this, {state.name(seat)})"
            header = ["your objective", "points", "now"] if rows else []  # no empty table (no card dealt yet)
            sections.append({"title": title, "header": header, "rows": rows})
        elif self.hot_seat and not over:
            sections.append({"title": f"Secret objectives covered: {state.name(state.active)}, click “I am "
                                      f"{state.name(state.active)}: show my secrets” under the map to see yours",
                             "rows": []})

        def known(k: int) -> bool:
            return over or k == seat

        def hand(k: int, s: Any) -> str:
            return s.hand_text() if known(k) else f"{s.cards} card{'s' if s.cards != 1 else ''}"

        if state.options.hidden_colours and not over:  # optional rule A: scores would give the colours away
            rows = [[state.name(k), hand(k, s), len(s.tokens), s.extinguished] for k, s in enumerate(state.seats)]
            return [*sections, {"title": "Scores stay secret until the end (optional rule A)", "rows": []},
                    {"title": "Players", "header": ["player", "hand", "tokens", "cones put out"], "rows": rows}]
        scores = state.scores()
        names = list(scores)
        categories = list(next(iter(scores.values())))

        def cell(k: int, category: str) -> Any:
            value = scores[names[k]][category]
            return value if category != "objectives" or known(k) else "?"

        rows = [[c] + [cell(k, c) for k in range(len(names))] for c in categories]
        totals = []
        for k, name in enumerate(names):
            total = scores[name].total
            totals.append(total if known(k) else f"{total - scores[name]['objectives']} + ?")
        rows.append(["total"] + totals)
        players = [[state.name(k), s.colour or "-", hand(k, s), len(s.tokens), s.extinguished]
                   for k, s in enumerate(state.seats)]
        title = "Final score" if over else "Score if the game ended now (? = another player's secret objectives)"
        return [*sections, {"title": title, "header": ["", *names], "rows": rows},
                {"title": "Players", "header": ["player", "colour", "hand", "tokens", "cones put out"],
                 "rows": players}]

    # ---- the click model: the items of an action -------------------------------------------------------------
    def action_items(self, state: State, action: Any) -> tuple[str, ...]:
        """The items a legal action (or a chance outcome a user may pick) concerns, in click order.

        Placements and extra cones: their district; a spread: card, source, destination (a double move: source,
        destination); ``no-double`` and ``end-actions``: their button; a discard: its card; a pawn move: the pawn,
        then the district; a band move: source, destination; put out / demolish: the district, then its button;
        a card drawn (a chance step a user reaches by stepping back): its card.
        """
        if isinstance(action, (PlaceBand, PlacePawn, AddFire)):
            return (f"d-{action.district}",)
        if isinstance(action, Spread):
            places = (f"d-{action.source}", f"d-{action.destination}")
            return places if action.double else (f"card-{action.card}", *places)
        if isinstance(action, SkipDouble):
            return ("btn-no-double",)
        if isinstance(action, Discard):
            return (f"card-{action.card}",)
        if isinstance(action, DrawCard):
            return (f"card-{action.direction}",)
        if isinstance(action, MovePawn):
            return (f"pawn-{state.active}", f"d-{action.district}")
        if isinstance(action, MoveBand):
            return (f"d-{action.source}", f"d-{action.destination}")
        if isinstance(action, Extinguish):
            return (f"d-{action.district}", "btn-extinguish")
        if isinstance(action, Demolish):
            return (f"d-{action.district}", "btn-demolish")
        if isinstance(action, EndActions):
            return ("btn-end",)
        return ()

    def action_label(self, state: State, action: Any) -> str:
        """``priority <n>`` for a spread (the engine's level of its destination; :meth:`highlights_for` drops it
        when every lit destination has the same level), ``charge`` for a demolition, a word for a blocked fire's
        steps and a draw; nothing for a setup placement (every district outside the green region takes one) nor
        for a move that costs an action point (each does: the strip counts the points left, the hover says it)."""
        if isinstance(action, Spread):
            return f"priority {priority(state, state.i(action.destination))}"
        return {Demolish: "charge", AddFire: "cone", Discard: "discard", DrawCard: "draw"}.get(type(action), "")

    def action_tip(self, state: State, action: Any) -> str:
        """The action in words, with what it costs or why it is there."""
        name = self._name
        if isinstance(action, Spread):
            level = priority(state, state.i(action.destination))
            how = "second move of the double move" if action.double else "play"
            return (f"{how} {action.card}: a cone leaves {name(state, action.source)} and ends in "
                    f"{name(state, action.destination)} (priority {level}: {PRIORITY_NAMES[level]})")
        if isinstance(action, MovePawn):
            return f"move {state.name(state.active)}'s pawn to {name(state, action.district)} (1 action point)"
        if isinstance(action, MoveBand):
            return (f"move a trained band from {name(state, action.source)} to {name(state, action.destination)} "
                    "(1 action point)")
        if isinstance(action, Extinguish):
            return f"put out a cone in {name(state, action.district)} (1 action point)"
        if isinstance(action, Demolish):
            return f"demolish {name(state, action.district)} with a demolition charge (no action point)"
        if isinstance(action, EndActions):
            lost = f"the {state.ap} unused action point{'s are' if state.ap != 1 else ' is'} lost" if state.ap else ""
            return f"end the action phase and draw ({lost})" if lost else "end the action phase and draw"
        if isinstance(action, SkipDouble):
            return "keep the double-move token for a later turn"
        if isinstance(action, PlaceBand):
            return f"place a trained band in {name(state, action.district)}"
        if isinstance(action, PlacePawn):
            return f"place your owner pawn in {name(state, action.district)}"
        if isinstance(action, AddFire):
            return f"add a blocked-fire cone to {name(state, action.district)}"
        if isinstance(action, Discard):
            return f"the fire is blocked: discard {card_words(action.card)}"
        if isinstance(action, DrawCard):
            return f"the card drawn shows {action.direction}"
        return ""

    def item_label(self, state: State, item: str, actions: Sequence[Any]) -> str:
        """A lit item that ends the actions it keeps carries their label (``priority 1``, ``1 AP``); an item
        clicked on the way says what it is for: ``source`` (a cone leaves it), ``band`` (a free band leaves it),
        nothing on a card or the pawn."""
        items = self.items_of(state)
        if all(items[a][-1] == item for a in actions):
            return super().item_label(state, item, actions)
        roles = []
        for action in actions:
            if items[action][-1] == item:
                role = self.action_label(state, action)
            elif isinstance(action, Spread) and item == f"d-{action.source}":
                role = "source"
            elif isinstance(action, MoveBand):
                role = "band"
            elif isinstance(action, Extinguish):
                role = "put out"
            elif isinstance(action, Demolish):
                role = "demolish"
            else:
                role = ""
            if role not in roles:
                roles.append(role)
        return " / ".join(r for r in roles if r)

    def item_tip(self, state: State, item: str, actions: Sequence[Any]) -> str:
        """The hover text of a lit item: the :meth:`action_tip` of the one move it keeps (or of all, if they
        agree), else ``"<n> ways: "`` and the first few moves' tips."""
        tips = list(dict.fromkeys(self.action_tip(state, a) for a in actions))
        if len(tips) == 1:
            return tips[0]
        more = f"; and {len(tips) - MAX_TIPS} more" if len(tips) > MAX_TIPS else ""
        return f"{len(actions)} ways: " + "; ".join(tips[:MAX_TIPS]) + more

    def next_click_words(self, state: State) -> str:
        """What to click next in a pick without choice buttons, naming the lit items and what they are for:
        ``"click where the cone goes (St Mary, Bridgeward or Guild Hall, ringed in cyan)"``."""
        sel = self.selection
        following = self.next_items(state, sel.candidates, sel.clicked) if isinstance(sel, Pick) else {}
        if not following:
            return super().next_click_words(state)
        roles = {self._role(state, item, kept[0]) for item, kept in following.items()}
        what = roles.pop() if len(roles) == 1 else "one of"
        names = [self.item_name(item) for item in following]
        if len(names) > MAX_NAMED:
            names = [*names[:MAX_NAMED - 1], f"{len(names) - MAX_NAMED + 1} more"]
        listed = names[0] if len(names) == 1 else f"{', '.join(names[:-1])} or {names[-1]}"
        return f"click {what} ({listed}, ringed in cyan)"

    def _role(self, state: State, item: str, action: Any) -> str:
        """What clicking ``item`` does for ``action``, in words that follow "click"."""
        if isinstance(action, Spread):
            if item == f"d-{action.destination}":
                return "where the cone goes"
            return "the fire the cone leaves" if item == f"d-{action.source}" else "the card to play"
        if isinstance(action, MoveBand):
            return "where the band goes" if item == f"d-{action.destination}" else "the band to move"
        if isinstance(action, MovePawn):
            return "where your pawn goes"
        return "one of"

    def choice_text(self, state: State, action: Any, among: Sequence[Any]) -> str:
        """The base's text (what differs first, then the label), with district ids written as their names."""
        return self._names(state, super().choice_text(state, action, among))

    def item_name(self, item: str) -> str:
        """An item in a hint's words: a district's name, ``the N card``, a pawn's owner, a button's text."""
        kind, _, name = item.partition("-")
        state = self.state
        if kind == "d" and name in state.board.districts:
            return state.board.districts[name].name
        if kind == "card":
            return f"the {name} card"
        return super().item_name(item)

    @staticmethod
    def _names(state: State, text: str) -> str:
        districts = state.board.districts
        return re.sub(r"[a-z][a-z-]*", lambda m: districts[m[0]].name if m[0] in districts else m[0], text)

    @staticmethod
    def _name(state: State, district: str) -> str:
        return state.board.districts[district].name

    # ---- the click model: a click that matches no legal action -----------------------------------------------
    def natural_action(self, state: State, target: str, clicked: tuple[str, ...]) -> Any:
        """The move a click that matches no legal one most naturally asks for (the engine refuses it and names
        the rule):

        * a card: play it (from the clicked source, else a district the fire can leave, else a burning one);
          with a blocked fire, discard it; in a double move, its second spread (or, for the card already played,
          a new spread: the fire spreads once a turn);
        * a district in the spreading phases: the cone ends there (or leaves it, if it burns), with the clicked
          or the first card in hand; in setup or a blocked fire: place there;
        * a district in the action phase: the clicked band moves there, else the pawn moves there;
        * a button: put out or demolish the clicked district (else the pawn's), decline a double move, end;
        * the pawn: move it to its first neighbour; in another phase the engine says it is not the action phase.

        ``None`` at a chance step (the engine's answer there is not a rule of the game) and at the end.
        """
        if state.is_terminal or state.is_chance_node:
            return None
        kind, _, name = target.partition("-")
        picked = [c[2:] for c in clicked if c.startswith("d-")]
        cards = [c[5:] for c in clicked if c.startswith("card-")]
        phase = state.phase
        if kind == "card":
            if phase == "blocked-fire" or (phase == "spread" and not self._spreads(state)):
                return Discard(name)
            source = picked[0] if picked else self._a_source(state)
            if phase == "double":
                return Spread(name, source, source, double=name != state.card)
            return Spread(name, source, source)
        if kind == "d":
            if phase in SETUP:
                return SETUP[phase](name)
            if phase in ("spread", "double"):
                card = state.card if phase == "double" else (cards[0] if cards else self._a_card(state))
                k = state.i(name)
                if picked:
                    source = picked[0]
                elif state.fire[k]:
                    source = name
                else:
                    source = self._a_source(state, card)
                return Spread(card, source, name, double=phase == "double")
            if phase == "actions":
                if picked and any(isinstance(a, MoveBand) and a.source == picked[0]
                                  for a in self.candidates(state)):
                    return MoveBand(picked[0], name)
                return MovePawn(name)
        if kind == "pawn":
            pawn = state.seat.pawn or state.board.start
            neighbour = next(iter(j for j, _ in state.board.links[state.i(pawn)]), state.i(pawn))
            return MovePawn(state.board.ids[neighbour])
        if kind == "btn":
            where = picked[0] if picked else (state.seat.pawn or state.board.start)
            return {"extinguish": Extinguish(where), "demolish": Demolish(where), "end": EndActions(),
                    "no-double": SkipDouble()}.get(name)
        return None

    def _spreads(self, state: State) -> list[Spread]:
        return [a for a in self.clickable_actions(state) if isinstance(a, Spread)]

    def _a_card(self, state: State) -> str:
        """The card a district click without one means: the first with a legal spread, else the first in hand."""
        spreads = self._spreads(state)
        if spreads:
            return spreads[0].card
        held = [d for d, n in zip("NESW", state.seat.hand) if n]
        return held[0] if held else "N"

    def _a_source(self, state: State, card: str | None = None) -> str:
        """A district a cone could leave, for a click that names none: that of a legal spread (with ``card``),
        else the first the engine calls a source, else the most burning one, else Pudding Lane."""
        for action in self._spreads(state):
            if card is None or action.card == card:
                return action.source
        ids, fire = state.board.ids, state.fire
        sources = [ids[k] for k in range(len(ids)) if is_source(state, k)]
        if sources:
            return sources[0]
        if any(fire):
            return ids[max(range(len(ids)), key=lambda k: fire[k])]
        return state.board.start
