"""The interactive London board: clicks become engine actions; the engine decides what is legal.

How a turn is played with the mouse:

* setup: click a district to place a trained band, then your owner pawn;
* spreading: click a card in your hand, then the district the cone leaves, then where it goes (sources and
  destinations light up, destinations with their priority level); ``No double move`` declines a double move;
  with a blocked fire, click the card to discard, then the districts for the extra cones;
* actions: click your pawn, then a neighbouring district (1 action point); or click a district with a free
  trained band, then a neighbour to move the band; with a district selected, ``Put out a cone here`` and
  ``Demolish here`` act on it; ``End actions`` ends the phase (drawing is automatic).

Every click that is against the rules is refused with the rule that forbids it; nothing changes.
"""

from __future__ import annotations

from typing import Any

from explorer.core import Record
from explorer.london1666 import State
from explorer.london1666.actions import (AddFire, Demolish, Discard, EndActions, Extinguish, MoveBand, MovePawn,
                                         PlaceBand, PlacePawn, SkipDouble, Spread)

from ..base import BoardView
from .scene import board_scene

__all__ = ["LondonView"]


class LondonView(BoardView):
    """The London board as an anywidget (see the module docstring for the clicks).

    ``selection`` is one of: ``None``; ``("card", "N")``; ``("source", "N", district)``; ``("pawn",)``;
    ``("district", district)``.

    Args:
        record: a London :class:`~explorer.core.Record`.
        bots: seats played by random legal moves (hot-seat for the others).
    """

    def __init__(self, record: Record, **kwargs: Any) -> None:
        kwargs.setdefault("title", "The Great Fire of London 1666 (reconstructed board)")
        super().__init__(record, **kwargs)

    # ---- drawing -----------------------------------------------------------------------------------------
    def render_scene(self, state: State) -> dict[str, Any]:
        selected = None
        if self.selection and self.selection[0] in ("district", "source"):
            selected = self.selection[-1]
        return board_scene(state, selected=selected)

    def status_text(self, state: State) -> str:
        if state.is_terminal:
            return f"Game over: {', '.join(state.winners())} win{'s' if len(state.winners()) == 1 else ''}"
        return super().status_text(state)

    def highlights_for(self, state: State) -> dict[str, dict[str, str]]:
        marks: dict[str, dict[str, str]] = {}
        if state.is_terminal or state.is_chance_node:
            return marks
        legal = state.legal_actions()
        sel = self.selection
        if state.phase in ("bands", "pawns", "blocked-fire"):
            for a in legal:
                if isinstance(a, (PlaceBand, PlacePawn, AddFire)):
                    marks[f"d-{a.district}"] = {"label": "", "tone": "legal"}
        elif state.phase in ("spread", "double"):
            card = sel[1] if sel and sel[0] in ("card", "source") else (state.card if state.phase == "double" else None)
            spreads = [a for a in legal if isinstance(a, Spread) and a.card == card]
            if card:
                marks[f"card-{card}"] = {"label": "", "tone": "selected"}
            if sel and sel[0] == "source":
                from explorer.london1666.spreading import priority
                for a in spreads:
                    if a.source == sel[2]:
                        level = priority(state, state.i(a.destination))
                        marks[f"d-{a.destination}"] = {"label": f"priority {level}", "tone": "legal"}
                marks[f"d-{sel[2]}"] = {"label": "source", "tone": "selected"}
            elif card:
                for a in spreads:
                    marks[f"d-{a.source}"] = {"label": "source", "tone": "legal"}
            else:
                for a in legal:
                    if isinstance(a, (Spread, Discard)):
                        marks[f"card-{a.card}"] = {"label": "", "tone": "legal"}
        elif state.phase == "actions":
            if sel == ("pawn",):
                marks[f"pawn-{state.active}"] = {"label": "", "tone": "selected"}
                for a in legal:
                    if isinstance(a, MovePawn):
                        marks[f"d-{a.district}"] = {"label": "1 AP", "tone": "legal"}
            elif sel and sel[0] == "district":
                for a in legal:
                    if isinstance(a, MoveBand) and a.source == sel[1]:
                        marks[f"d-{a.destination}"] = {"label": "band: 1 AP", "tone": "legal"}
                    if isinstance(a, Extinguish) and a.district == sel[1]:
                        marks["btn-extinguish"] = {"label": "", "tone": "legal"}
                    if isinstance(a, Demolish) and a.district == sel[1]:
                        marks["btn-demolish"] = {"label": "", "tone": "legal"}
            else:
                marks[f"pawn-{state.active}"] = {"label": "", "tone": "legal"}
                for a in legal:
                    if isinstance(a, MoveBand):
                        marks[f"d-{a.source}"] = {"label": "", "tone": "legal"}
                    if isinstance(a, (Extinguish, Demolish)):
                        marks[f"d-{a.district}"] = {"label": "", "tone": "warning"}
        return marks

    def panel_sections(self, state: State) -> list[dict[str, Any]]:
        hidden = state.options.hidden_colours and not state.is_terminal
        if hidden:  # optional rule A: scores would give the secret colours away
            hand = [[state.name(k), s.hand_text(), len(s.tokens), s.extinguished] for k, s in enumerate(state.seats)]
            return [{"title": "Scores stay secret until the end (optional rule A)", "rows": []},
                    {"title": "Players", "header": ["player", "hand", "tokens", "cones out"], "rows": hand}]
        scores = state.scores()
        names = list(scores)
        categories = list(next(iter(scores.values())))
        rows = [[c] + [scores[n][c] for n in names] for c in categories]
        rows.append(["total"] + [scores[n].total for n in names])
        hand = [[state.name(k), s.colour or "-", s.hand_text(), len(s.tokens), s.extinguished]
                for k, s in enumerate(state.seats)]
        title = "Final score" if state.is_terminal else "Score (if the game ended now)"
        return [{"title": title, "header": ["", *names], "rows": rows},
                {"title": "Players", "header": ["player", "colour", "hand", "tokens", "cones out"], "rows": hand}]

    # ---- clicks -----------------------------------------------------------------------------------------
    def on_click(self, state: State, target: str) -> Any:
        kind, _, name = target.partition("-")
        if state.is_terminal:
            self.hint("The game is over: step back through it with the controls, or start a new game.")
            raise _Handled
        if state.phase in ("bands", "pawns", "blocked-fire"):
            if kind != "d":
                self.selection = None
                return None
            cls = {"bands": PlaceBand, "pawns": PlacePawn, "blocked-fire": AddFire}[state.phase]
            return cls(name)
        if state.phase in ("spread", "double"):
            return self._spreading_click(state, kind, name)
        if state.phase == "actions":
            return self._action_click(state, kind, name)
        return None

    def _spreading_click(self, state: State, kind: str, name: str) -> Any:
        legal = state.legal_actions()
        if kind == "btn" and name == "no-double":
            return SkipDouble()
        if kind == "card":
            if state.phase == "double":
                return None
            if any(isinstance(a, Discard) for a in legal):
                return Discard(name)  # a blocked fire: the engine checks the card is in hand
            if state.seat.hand["NESW".index(name)] == 0:
                return Spread(name, state.board.start, state.board.start)  # refused: no such card in hand
            self.selection = ("card", name)
            return None
        if kind != "d":
            return None
        card = state.card if state.phase == "double" else (self.selection[1] if self.selection else None)
        if card is None:
            self.hint("Pick a movement card from your hand first.")
            raise _Handled
        is_source = any(isinstance(a, Spread) and a.card == card and a.source == name for a in legal)
        if self.selection and self.selection[0] == "source" and not is_source:
            return Spread(card, self.selection[2], name, double=state.phase == "double")
        if is_source:
            self.selection = ("source", card, name)
            return None
        # neither a source nor (yet) a destination: let the engine say why this cone cannot start here
        return Spread(card, name, name, double=state.phase == "double")

    def _action_click(self, state: State, kind: str, name: str) -> Any:
        sel = self.selection
        if kind == "pawn":
            if int(name) != state.active:
                self.hint(f"That is {state.name(int(name))}'s pawn; you move only your own.")
                raise _Handled
            self.selection = None if sel == ("pawn",) else ("pawn",)
            return None
        if kind == "btn":
            if name == "end":
                return EndActions()
            if not (sel and sel[0] == "district"):
                self.hint("Select a district first, then use this button.")
                raise _Handled
            return Extinguish(sel[1]) if name == "extinguish" else Demolish(sel[1])
        if kind != "d":
            return None
        if sel == ("pawn",):
            return MovePawn(name)
        if sel and sel[0] == "district":
            if sel[1] == name:
                self.selection = None
                return None
            if state.bands_at(sel[1]):
                return MoveBand(sel[1], name)
        self.selection = ("district", name)
        return None

    def click(self, target: str) -> None:
        try:
            super().click(target)
        except _Handled:
            pass


class _Handled(Exception):
    """A click fully answered by a hint (no action, no refusal)."""
