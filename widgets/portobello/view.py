"""The interactive Portobello Market board: clicks become engine actions; the engine decides what is legal.

How a turn is played with the mouse:

* setup (``bobby`` phase): click a district to put the bobby there;
* start of a turn (``choose``): click one of your face-up tokens under the map (``act 3``), or score a district:
  click ``Score a district ×2`` / ``×4`` and then the district, or the district first and then the button
  (``district d7 x4``); the districts light up with what they would score;
* actions: click a lit stall space to build there (``build c 1``); ``Draw a customer`` draws one (chance, resolved
  from the game's seed) and you click the empty square where it goes (``place s4``); ``Place the Lord`` once the
  ten customers are out; ``End turn`` once no action is left or possible;
* the bobby: click any district. The first click shows the cheapest route (from the engine's
  :func:`~explorer.portobello.cheapest_route`) with every lane's toll and who receives it, before anything is
  paid; click the district again (or ``Pay and move``) to pay and move, crossing by crossing
  (several ``bobby`` actions); ``Cancel`` or another district changes your mind.

Every click that is against the rules is refused with the rule that forbids it (``state.explain``); nothing
changes.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from explorer.core import IllegalAction, Record
from explorer.portobello import RULES, State, cheapest_route
from explorer.portobello.actions import (Build, ChooseToken, DrawCustomer, EndTurn, MoveBobby, PlaceCustomer,
                                         PlaceLord, ScoreDistrict)
from explorer.portobello.events import BobbyMoved
from explorer.portobello.scoring import district_stalls

from ..base import BoardView
from .scene import board_scene

__all__ = ["BOT_KINDS", "PortobelloView", "RoutePlan", "RouteStep", "is_target", "plan_bobby_route", "token_action"]


# ---- the bobby's route, priced before it is paid (a pure helper over the engine) ------------------------------------
@dataclass(frozen=True)
class RouteStep:
    """One crossing of a bobby route: the lane crossed, the toll paid and who receives it."""

    source: str
    """The district the bobby leaves."""
    destination: str
    """The district it enters."""
    lane: str
    """The lane it crosses."""
    paid: int
    """Points the mover pays for this lane (``portobello.bobby.toll``)."""
    to: tuple[str, ...]
    """The players who receive 1 point each (empty: the point goes to nobody, or nothing is paid)."""

    def describe(self) -> str:
        """``"d1 → d2 across c: 1 point to nobody"``, ``"d8 → d7 across m: 1 point to green"``,
        ``"d8 → d7 across m: 2 points: 1 to green, 1 to blue"`` or ``"... free (the most stalls there are the
        mover's)"``."""
        head = f"{self.source} → {self.destination} across {self.lane}"
        if not self.paid:
            return f"{head}: free (the most stalls there are the mover's)"
        points = f"{self.paid} point{'s' * (self.paid != 1)}"
        if not self.to:
            return f"{head}: {points} to nobody"
        if len(self.to) == 1 and self.paid == 1:
            return f"{head}: 1 point to {self.to[0]}"
        return f"{head}: {points}: {', '.join(f'1 to {name}' for name in self.to)}"


@dataclass(frozen=True)
class RoutePlan:
    """The cheapest way to move the bobby to a district now, crossing by crossing."""

    destination: str
    steps: tuple[RouteStep, ...]
    """The crossings in order (empty if the bobby is already there)."""
    actions: tuple[MoveBobby, ...]
    """The ``bobby <district>`` actions that carry it out."""

    @property
    def total(self) -> int:
        """Points paid in all."""
        return sum(step.paid for step in self.steps)

    def receivers(self) -> dict[str, int]:
        """Points each player receives along the route."""
        got: dict[str, int] = {}
        for step in self.steps:
            for name in step.to:
                got[name] = got.get(name, 0) + 1
        return got


def plan_bobby_route(state: State, destination: str) -> RoutePlan | None:
    """The engine's cheapest route to ``destination`` for the player to act, priced crossing by crossing by
    applying each ``bobby`` move to a copy of ``state`` and reading the :class:`BobbyMoved` events (so the
    tolls and recipients are exactly what playing the route would do). ``None`` if no route is affordable.

    A pure function of public engine calls (:func:`~explorer.portobello.cheapest_route`, ``State.apply``); it
    could move to :mod:`explorer.portobello.bobby`.

    >>> from explorer.portobello import new_game
    >>> s = new_game(players=2, seed=1).apply("bobby d1").apply("act 2")
    >>> plan = plan_bobby_route(s, "d7")
    >>> [str(a) for a in plan.actions], plan.total
    (['bobby d2', 'bobby d7'], 2)

    Raises:
        KeyError: for an unknown district.
        IllegalAction: if a crossing of the route is refused (it never is for a route the engine found).
    """
    found = cheapest_route(state, destination)
    if found is None:
        return None
    path, _ = found
    steps: list[RouteStep] = []
    actions = tuple(MoveBobby(d) for d in path)
    here = state
    for action in actions:
        here = here.apply(action)
        moved = next(e for e in here.events if isinstance(e, BobbyMoved))
        steps.append(RouteStep(moved.source, moved.destination, moved.lane, moved.paid, tuple(moved.to)))
    return RoutePlan(destination, tuple(steps), actions)


def token_action(state: State, slot: int) -> ChooseToken:
    """The ``act`` action for the token in ``slot`` of the player to act (face up or not: the engine judges)."""
    token = state.seat.tokens[slot]
    return ChooseToken(token.value, token.neutral)


class _Handled(Exception):
    """A click fully answered by a message (a selection with its explanation, or a hint)."""


BUTTON_NAMES = ("customer", "lord", "end", "confirm", "cancel")
"""The names of the action buttons (``btn:<name>``)."""


def is_target(state: State, target: str) -> bool:
    """True if ``target`` names an item of the board of ``state`` in the scene's id forms
    (:data:`~widgets.portobello.scene.TARGETS`): a known district, stall space, square, token slot of the player
    to act, ``score:2``/``score:4`` or a button. Whether clicking it is legal is the engine's business."""
    kind, _, name = target.partition(":")
    board = state.board
    if kind == "district":
        return name in board.districts
    if kind == "square":
        return name in board.squares
    if kind == "space":
        lane, _, k = name.partition(":")
        return lane in board.lanes and k.isdigit() and k.isascii() and int(k) < board.lanes[lane].spaces
    if kind == "token":
        return name.isdigit() and name.isascii() and int(name) < len(state.seat.tokens)
    if kind == "score":
        return name in ("2", "4")
    if kind == "btn":
        return name in BUTTON_NAMES
    return False


BOT_KINDS = {ChooseToken: "play a token", ScoreDistrict: "score a district", Build: "build a stall",
             DrawCustomer: "draw a customer", PlaceCustomer: "place the customer", PlaceLord: "place the Lord",
             MoveBobby: "move the bobby", EndTurn: "end the turn"}
"""The kinds of move a random player picks among first (any other action class is a kind of its own)."""


# ---- the view ---------------------------------------------------------------------------------------------------
class PortobelloView(BoardView):
    """The Portobello Market board as an anywidget (see the module docstring for the clicks).

    ``selection`` is one of: ``None``; ``("score", 2 | 4)`` (a district token chosen, waiting for the district);
    ``("district", d)`` (a district clicked first in the ``choose`` phase); ``("route", plan)`` (the bobby's
    destination, with its :class:`RoutePlan`, waiting for the second click that pays).

    Args:
        record: a Portobello :class:`~explorer.core.Record`.
        bots: seats (0 = the start player) played by random players; the others are hot-seat. A random player
            picks a kind of move uniformly among the kinds legal now (play a token, score a district, build,
            draw or place a customer, place the Lord, move the bobby, end the turn), then a move of that kind
            uniformly (see :meth:`choose_bot_action`).
        bot_seed: the seed of the random players' choices.
    """

    def __init__(self, record: Record, **kwargs: Any) -> None:
        kwargs.setdefault("title", "Portobello Market (reconstructed board)")
        super().__init__(record, **kwargs)

    # ---- random players ----------------------------------------------------------------------------------
    def choose_bot_action(self, state: State, legal: list[Any]) -> Any:
        """A kind of move uniformly among the kinds in ``legal`` (:data:`BOT_KINDS`, in the order the engine lists
        them), then one move of that kind uniformly, both from ``self.bot_rng`` (deterministic for a
        ``bot_seed``). With a single kind (placing the bobby or a customer) this is the uniform pick of the base
        view, draw for draw.

        Still a random player, just not a wasteful one: at the start of a turn most legal moves are district
        scorings (24 of 27 with three tokens up), so a uniform pick would nearly always score a district, mostly
        an empty one in round 1; here playing a token and scoring a district are equally likely.
        """
        kinds: dict[str, list[Any]] = {}
        for action in legal:
            kinds.setdefault(BOT_KINDS.get(type(action), type(action).__name__), []).append(action)
        groups = list(kinds.values())
        group = groups[0] if len(groups) == 1 else self.bot_rng.choice(groups)  # one kind: as uniform as before
        return self.bot_rng.choice(group)

    # ---- drawing -----------------------------------------------------------------------------------------
    def _selected_ids(self) -> list[str]:
        sel = self.selection
        if not sel:
            return []
        if sel[0] == "route":
            return [f"district:{sel[1].destination}"]
        if sel[0] == "district":
            return [f"district:{sel[1]}"]
        return []

    def render_scene(self, state: State) -> dict[str, Any]:
        sel = self.selection
        route = [s.destination for s in sel[1].steps] if sel and sel[0] == "route" else None
        return board_scene(state, selected=self._selected_ids(), route=route)

    def status_text(self, state: State) -> str:
        scores = " · ".join(f"{s.colour} {s.score}" for s in state.seats)
        if state.is_terminal:
            best = state.winners()
            return f"Game over: {' and '.join(best)} win{'s' * (len(best) == 1)} · {scores}"
        if state.is_chance_node:
            hint = self.chance_hint() if state is self.state else ""
            return f"Chance decides next{': ' + hint if hint else ''} · {scores}"
        who = state.name(state.active)
        if state.phase == "bobby":
            return f"{who} places the bobby · {scores}"
        if state.phase == "choose":
            return f"Round {state.round}: {who} chooses a token · {scores}"
        if state.phase == "place":
            return f"Round {state.round}: {who} places the drawn {state.pending} · {scores}"
        token = state.seat.tokens[state.token_slot] if state.token_slot is not None else "?"
        left = state.actions_left
        return (f"Round {state.round}: {who} · token {token} · {left} action{'s' * (left != 1)} left · {scores}")

    def highlights_for(self, state: State) -> dict[str, dict[str, str]]:
        marks: dict[str, dict[str, str]] = {}
        if state.is_terminal or state.is_chance_node:
            return marks
        legal = state.legal_actions()
        sel = self.selection
        phase = state.phase
        if phase == "bobby":
            for a in legal:
                marks[f"district:{a.district}"] = {"label": "", "tone": "legal"}
        elif phase == "choose":
            for slot, token in enumerate(state.seat.tokens):
                if ChooseToken(token.value, token.neutral) in legal:
                    marks[f"token:{slot}"] = {"label": "", "tone": "legal"}
            values = sorted({a.value for a in legal if isinstance(a, ScoreDistrict)})
            if sel and sel[0] == "score":
                marks[f"score:{sel[1]}"] = {"label": "", "tone": "selected"}
                for a in legal:
                    if isinstance(a, ScoreDistrict) and a.value == sel[1]:
                        points = district_stalls(state, a.district, state.active) * a.value
                        marks[f"district:{a.district}"] = {"label": f"+{points}", "tone": "legal"}
            elif sel and sel[0] == "district":
                marks[f"district:{sel[1]}"] = {"label": "", "tone": "selected"}
                stalls = district_stalls(state, sel[1], state.active)
                for value in values:
                    if ScoreDistrict(sel[1], value) in legal:
                        marks[f"score:{value}"] = {"label": f"+{stalls * value}", "tone": "legal"}
            else:
                for value in values:
                    marks[f"score:{value}"] = {"label": "", "tone": "legal"}
        elif phase == "actions":
            for a in legal:
                if isinstance(a, Build):
                    marks[f"space:{a.lane}:{a.index}"] = {"label": "", "tone": "legal"}
                elif isinstance(a, DrawCustomer):
                    marks["btn:customer"] = {"label": "", "tone": "legal"}
                elif isinstance(a, PlaceLord):
                    marks["btn:lord"] = {"label": "", "tone": "legal"}
                elif isinstance(a, EndTurn):
                    marks["btn:end"] = {"label": "", "tone": "legal"}
            if sel and sel[0] == "route":
                plan: RoutePlan = sel[1]
                for step in plan.steps[:-1]:
                    marks[f"district:{step.destination}"] = {"label": "", "tone": "selected"}
                marks[f"district:{plan.destination}"] = {"label": f"toll {plan.total}", "tone": "selected"}
                marks["btn:confirm"] = {"label": "", "tone": "legal"}
            else:
                for d in state.board.districts:
                    if d == state.bobby:
                        continue
                    found = cheapest_route(state, d)
                    if found is not None:
                        cost = found[1]
                        marks[f"district:{d}"] = {"label": "free" if cost == 0 else f"toll {cost}",
                                                  "tone": "legal"}
        elif phase == "place":
            for a in legal:
                if isinstance(a, PlaceCustomer):
                    marks[f"square:{a.square}"] = {"label": "", "tone": "legal"}
        return marks

    def panel_sections(self, state: State) -> list[dict[str, Any]]:
        scores = state.scores()
        names = list(scores)
        categories = list(next(iter(scores.values())))
        rows = [[c] + [scores[n][c] for n in names] for c in categories]
        rows.append(["total"] + [scores[n].total for n in names])
        title = "Final score" if state.is_terminal else "Score so far (the Lord's scoring comes at the end)"
        players = []
        for k, seat in enumerate(state.seats):
            tokens = " · ".join(f"{t}{'' if t.face_up else ' (down)'}" for t in seat.tokens) or "none"
            districts = ", ".join(f"{d} ×{m[1]}" for d, m in zip(state.layout.districts, state.district_tokens)
                                  if m and m[0] == k) or "-"
            players.append([seat.colour, seat.stalls, tokens, districts])
        servants, citizens = state.bag
        customers = []
        if state.options.customer_queue:
            customers.append(["queue (next first)", " ".join(state.queue) or "empty"])
            if state.phase == "queue":
                customers.append(["still to lay out", f"{servants} servants, {citizens} citizens"])
        else:
            customers.append(["bag", f"{servants} servants, {citizens} citizens"])
        if state.pending:
            customers.append(["drawn, to place", state.pending])
        customers.append(["the Lord", f"on {state.lord_square}" if state.lord_square else "beside the board"])
        customers.append(["neutral stack (top first)", " ".join(map(str, state.neutral)) or "empty"])
        return [{"title": title, "header": ["", *names], "rows": rows},
                {"title": "Players", "header": ["player", "stalls left", "tokens", "districts"], "rows": players},
                {"title": "Customers and tokens", "rows": customers}]

    # ---- clicks -----------------------------------------------------------------------------------------
    def on_click(self, state: State, target: str) -> Any:
        """The action a click on ``target`` means (see the module docstring), or ``None`` after a selection or a
        hint (shown as the message). A target that names nothing on this board (``district:zzz``, ``token:9``,
        ``token:-1``...) is answered like the browser's clicks on nothing: no action, an info message.

        Raises:
            IllegalAction: the engine's refusal of the click, naming the rule.
        """
        if not state.is_terminal and not is_target(state, target):
            self.nothing_to_click(target)
            return None
        try:
            return self._on_click(state, target)
        except _Handled:
            return None

    def _on_click(self, state: State, target: str) -> Any:
        kind, _, name = target.partition(":")
        if state.is_terminal:
            self.selection = None
            self.hint("The game is over: step back through it with the controls, or start a new game.")
            raise _Handled
        if kind == "btn" and name == "cancel":
            self.selection = None
            return None
        phase = state.phase
        if phase == "choose":
            return self._choose_click(state, kind, name)
        if phase == "actions":
            return self._action_click(state, kind, name)
        # bobby, place (and any other phase): the click's plain meaning; the engine refuses what is out of turn
        return self._plain_action(state, kind, name)

    def _plain_action(self, state: State, kind: str, name: str) -> Any:
        """The action a click names by itself, whatever the phase (the engine judges it)."""
        if kind == "district":
            return MoveBobby(name)
        if kind == "space":
            lane, _, k = name.partition(":")
            return Build(lane, int(k))
        if kind == "square":
            return PlaceCustomer(name)
        if kind == "token":
            return token_action(state, int(name))
        if kind == "score":
            return ScoreDistrict(self._first_free_district(state), int(name))
        if kind == "btn":
            return {"customer": DrawCustomer(), "lord": PlaceLord(), "end": EndTurn()}.get(name)
        return None

    @staticmethod
    def _first_free_district(state: State) -> str:
        for d, mark in zip(state.layout.districts, state.district_tokens):
            if mark is None:
                return d
        return state.layout.districts[0]

    def _choose_click(self, state: State, kind: str, name: str) -> Any:
        sel = self.selection
        legal = state.legal_actions()
        if kind == "score":
            value = int(name)
            if sel and sel[0] == "district":
                return ScoreDistrict(sel[1], value)
            if not any(isinstance(a, ScoreDistrict) and a.value == value for a in legal):
                problem = state.explain(ScoreDistrict(self._first_free_district(state), value))
                if problem is not None:
                    raise problem
            self.selection = None if sel == ("score", value) else ("score", value)
            if self.selection:
                self.hint(f"Now click the district to score with your {value}: your stalls on its three lanes "
                          f"×{value} (the lit districts show the points).")
                raise _Handled
            return None
        if kind == "district":
            if sel and sel[0] == "score":
                return ScoreDistrict(name, sel[1])
            mark = state.district_token(name)
            if mark is not None:  # already scored: let the engine name the rule
                raise state.explain(ScoreDistrict(name, 4)) or _Handled
            self.selection = ("district", name)
            stalls = district_stalls(state, name, state.active)
            values = [v for v in (2, 4) if ScoreDistrict(name, v) in legal]
            offer = " or ".join(f"×{v} = {stalls * v}" for v in values) or "no face-up own 2 or 4 now"
            self.hint(f"District {name}: {state.name(state.active)} has {stalls} stall{'s' * (stalls != 1)} on "
                      f"lanes {', '.join(state.board.lanes_of(name))}; {offer}. Click a “Score a district” "
                      "button to score it, or choose a token to play a normal turn.")
            raise _Handled
        return self._plain_action(state, kind, name)

    def _action_click(self, state: State, kind: str, name: str) -> Any:
        sel = self.selection
        if kind == "btn" and name == "confirm":
            if not (sel and sel[0] == "route"):
                self.hint("Click a district first: its route and toll are shown before you pay.")
                raise _Handled
            self.play_route(sel[1])
            raise _Handled
        if kind != "district":
            return self._plain_action(state, kind, name)
        if name == state.bobby:
            self.selection = None
            problem = state.explain(MoveBobby(name))
            raise problem or _Handled
        if sel and sel[0] == "route" and sel[1].destination == name:
            self.play_route(sel[1])
            raise _Handled
        if name not in state.board.districts:
            raise state.explain(MoveBobby(name)) or _Handled
        plan = plan_bobby_route(state, name)
        if plan is None:
            self.selection = None
            near = MoveBobby(name)
            problem = state.explain(near)
            if problem is not None and problem.rule.id == "portobello.assume.toll-limit":
                raise problem
            raise IllegalAction(RULES["portobello.assume.toll-limit"],
                                f"every route from {state.bobby} to {name} costs more than the "
                                f"{state.seat.score} points {state.name(state.active)} has", action=near)
        self.selection = ("route", plan)
        self.refresh(self._route_message(state, plan))
        raise _Handled

    def _route_message(self, state: State, plan: RoutePlan) -> dict[str, str]:
        rule = RULES["portobello.bobby.toll"]
        who = state.name(state.active)
        crossings = "; ".join(step.describe() for step in plan.steps)
        got = plan.receivers()
        to = ", ".join(f"{name} +{n}" for name, n in got.items()) or "nobody"
        text = (f"Bobby to {plan.destination}: {crossings}. Toll {plan.total} point{'s' * (plan.total != 1)} in all "
                f"(received: {to}); {who} would go from {state.seat.score} to {state.seat.score - plan.total}. "
                f"Click {plan.destination} again or “Pay and move” to pay; another district to look elsewhere; "
                "Cancel to stay.")
        return {"kind": "info", "text": text, "rule": rule.id, "title": rule.title, "rule_text": rule.text}

    def play_route(self, plan: RoutePlan) -> bool:
        """Pay and move the bobby along ``plan`` (one ``bobby`` action per crossing). The whole route is checked
        on a copy first, so either every crossing is played or none is (and the refusal is shown).

        Returns True if the bobby moved.
        """
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
        self.selection = None
        self.run_bots()
        self.refresh()
        return True
