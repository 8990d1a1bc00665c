"""The interactive Portobello Market board: clicks become engine actions; the engine decides what is legal.

The click model is the shared one of :class:`widgets.base.BoardView`: this view only says which board items each
legal action concerns (:meth:`PortobelloView.action_items`), how to label them, and which action a stray click
most naturally asks for (so the engine refuses it with its rule).

How a turn is played with the mouse:

* setup (``bobby`` phase): click a district to put the bobby there (``bobby d5``);
* start of a turn (``choose``): click one of your face-up tokens under the map (``act 3``), or score a district:
  click ``Score a district ×2`` / ``×4`` and then the district (the lit districts show the points), or the
  district first and then the button or the choice ``x2`` / ``x4`` (``district d7 x4``);
* actions: click a lit stall space to build there (``build c 1``); ``Draw a customer`` draws one (chance, resolved
  from the game's seed) and you click the empty square where it goes (``place s4``); ``Place the Lord`` once the
  ten customers are out; ``End turn`` once no action is left or possible;
* the bobby: a lit neighbouring district moves it across one lane at once (``bobby d2``), labelled with the toll
  (``portobello.bobby.toll``). A farther district shows the engine's cheapest route first
  (:func:`plan_bobby_route`, from :func:`~explorer.portobello.cheapest_route`) with every lane's toll and who
  receives it, as a :class:`~widgets.base.Plan`; click the district again (or ``Pay and move``) to pay and move,
  crossing by crossing (several ``bobby`` actions); ``Cancel``, Escape or another item changes your mind.

Every click that is against the rules is refused with the rule that forbids it (``state.explain``); nothing
changes.
"""

from __future__ import annotations

from collections import deque
from dataclasses import dataclass
from typing import Any

from explorer.core import Record
from explorer.portobello import State, cheapest_route
from explorer.portobello.actions import (Build, ChooseToken, DrawCustomer, EndTurn, MoveBobby, PlaceCustomer,
                                         PlaceLord, ScoreDistrict)
from explorer.portobello.bobby import route_refusal, routes
from explorer.portobello.events import BobbyMoved
from explorer.portobello.scoring import district_stalls

from ..base import BoardView, Plan
from .scene import board_scene

__all__ = ["BOT_KINDS", "PortobelloView", "RoutePlan", "RouteStep", "crossing_step", "hops_to", "plan_bobby_route",
           "token_action"]


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
    """The players who receive 1 point each (empty: no one receives the point, it is lost; or nothing is paid)."""

    def describe(self) -> str:
        """``"d1 → d2 across lane c: 1 point, lost (no one collects it)"``, ``"d8 → d7 across lane m: 1 point to
        green"``, ``"d8 → d7 across lane m: 2 points: 1 to green, 1 to blue"`` or ``"... free (the most stalls there are the
        mover's)"``."""
        head = f"{self.source} → {self.destination} across lane {self.lane}"
        if not self.paid:
            return f"{head}: free (the most stalls there are the mover's)"
        points = f"{self.paid} point{'s' * (self.paid != 1)}"
        if not self.to:
            return f"{head}: {points}, lost (no one collects it)"
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
        steps.append(crossing_step(here, action))
        here = here.apply(action)
    return RoutePlan(destination, tuple(steps), actions)


def crossing_step(state: State, action: MoveBobby) -> RouteStep:
    """The one crossing ``action`` (a legal ``bobby`` move in the action phase) makes, priced by playing it on a
    copy of ``state`` and reading its :class:`BobbyMoved` event (``portobello.bobby.toll``).

    Raises:
        IllegalAction: if the engine refuses the move.
    """
    moved = next(e for e in state.apply(action).events if isinstance(e, BobbyMoved))
    return RouteStep(moved.source, moved.destination, moved.lane, moved.paid, tuple(moved.to))


def token_action(state: State, slot: int) -> ChooseToken:
    """The ``act`` action for the token in ``slot`` of the player to act (face up or not: the engine judges)."""
    token = state.seat.tokens[slot]
    return ChooseToken(token.value, token.neutral)


def hops_to(state: State, destination: str) -> dict[str, int]:
    """``{district: crossings from it to destination}`` over the board's neighbours (geometry only, no tolls)."""
    far = {destination: 0}
    todo = deque([destination])
    while todo:
        here = todo.popleft()
        for there, _ in state.board.neighbours(here):
            if there not in far:
                far[there] = far[here] + 1
                todo.append(there)
    return far


BUTTON_ACTIONS = {"customer": DrawCustomer(), "lord": PlaceLord(), "end": EndTurn()}
"""The actions of the strip's buttons (ids ``btn:<name>``)."""
BUTTON_OF = {type(action): f"btn:{name}" for name, action in BUTTON_ACTIONS.items()}
ACTION_TIPS = {DrawCustomer: "draw a customer (it goes on an empty square next)", PlaceLord: "place the Lord",
               EndTurn: "end the turn"}
"""The hover text of the buttons' actions."""

BOT_KINDS = {ChooseToken: "play a token", ScoreDistrict: "score a district", Build: "build a stall",
             DrawCustomer: "draw a customer", PlaceCustomer: "place the customer", PlaceLord: "place the Lord",
             MoveBobby: "move the bobby", EndTurn: "end the turn"}
"""The kinds of move a random player picks among first (any other action class is a kind of its own)."""


# ---- the view ---------------------------------------------------------------------------------------------------
class PortobelloView(BoardView):
    """The Portobello Market board as an anywidget (see the module docstring for the clicks).

    ``selection`` is the base's: ``None``, a :class:`~widgets.base.Pick` (a score button or a district clicked
    first at the start of a turn, waiting for the other) or a :class:`~widgets.base.Plan` (the bobby's route to a
    far district, with its tolls, waiting for the second click that pays).

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
        self._steps: tuple[Any, dict[MoveBobby, RouteStep]] | None = None
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
    def render_scene(self, state: State) -> dict[str, Any]:
        """The board (:func:`~widgets.portobello.scene.board_scene`), the picked items outlined and a shown
        route drawn from the bobby (with its ``Pay and move`` and ``Cancel`` buttons)."""
        sel = self.selection
        route = [i.partition(":")[2] for i in (*sel.items, sel.target)] if isinstance(sel, Plan) else None
        return board_scene(state, selected=self.selected_items(), route=route)

    def status_text(self, state: State) -> str:
        """The status line: the round, who does what (places the bobby, chooses a token, plays token ``v`` with
        ``n`` actions left, places the drawn customer) and every player's score; the winners at the end."""
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
        token = state.seat.tokens[state.token_slot].words if state.token_slot is not None else "?"
        left = state.actions_left
        return (f"Round {state.round}: {who} · token {token} · {left} action{'s' * (left != 1)} left · {scores}")

    # ---- the click model: what each action concerns, its label -------------------------------------------
    def action_items(self, state: State, action: Any) -> tuple[str, ...]:
        """``bobby d`` → the district; ``act v`` → its face-up token slot(s); ``district d xv`` → the score
        button then the district; ``build l k`` → the stall space; ``place s`` → the square; ``customer``,
        ``lord``, ``end`` → their buttons. The blind draw from the bag (chance) has no item: it is resolved from
        the game's seed."""
        if isinstance(action, MoveBobby):
            return (f"district:{action.district}",)
        if isinstance(action, ChooseToken):
            return tuple(f"token:{slot}" for slot, t in enumerate(state.seat.tokens)
                         if t.face_up and t.value == action.value and t.neutral == action.neutral)
        if isinstance(action, ScoreDistrict):
            return (f"score:{action.value}", f"district:{action.district}")
        if isinstance(action, Build):
            return (f"space:{action.lane}:{action.index}",)
        if isinstance(action, PlaceCustomer):
            return (f"square:{action.square}",)
        button = BUTTON_OF.get(type(action))
        return (button,) if button else ()

    def _step(self, state: State, action: MoveBobby) -> RouteStep:
        """The crossing of a legal bobby move, computed once per state shown."""
        if self._steps is None or self._steps[0] is not state:
            self._steps = (state, {})
        steps = self._steps[1]
        if action not in steps:
            steps[action] = crossing_step(state, action)
        return steps[action]

    def action_label(self, state: State, action: Any) -> str:
        """A bobby move's toll (``"toll 1"``, ``"free"``), a district scoring's points (``"+12"``), else ``""``."""
        if isinstance(action, MoveBobby) and state.phase == "actions":
            paid = self._step(state, action).paid
            return f"toll {paid}" if paid else "free"
        if isinstance(action, ScoreDistrict):
            return f"+{district_stalls(state, action.district, state.active) * action.value}"
        return ""

    def action_tip(self, state: State, action: Any) -> str:
        """What the action does, in words (the toll and who receives it, the points a district scores...)."""
        who = state.name(state.active)
        if isinstance(action, MoveBobby):
            if state.phase != "actions":
                return f"{who} puts the bobby in {action.district}"
            return f"move the bobby {self._step(state, action).describe()}"
        if isinstance(action, ScoreDistrict):
            n = district_stalls(state, action.district, state.active)
            lanes = ", ".join(state.board.lanes_of(action.district))
            return (f"score {action.district} with {who}'s {action.value} instead of a turn: {n} stall"
                    f"{'s' * (n != 1)} on lanes {lanes} ×{action.value} = {n * action.value} points")
        if isinstance(action, ChooseToken):
            kind = "the neutral token" if action.neutral else "the token"
            return f"play {kind} {action.value}: {action.value} action{'s' * (action.value != 1)}"
        if isinstance(action, Build):
            return f"build a stall on lane {action.lane}, {state.board.lanes[action.lane].space_words(action.index)}"
        if isinstance(action, PlaceCustomer):
            return f"put the drawn {state.pending} on {action.square}"
        return ACTION_TIPS.get(type(action), "")

    @staticmethod
    def _best_district(state: State, actions: Any) -> int:
        """The most points any of ``actions`` (district scorings) would score now."""
        return max((district_stalls(state, a.district, state.active) * a.value for a in actions
                    if isinstance(a, ScoreDistrict)), default=0)

    def item_label(self, state: State, item: str, actions: Any) -> str:
        """As the base's, except that a score button offering several districts carries no label (the districts
        lit after it show the points), or "scores 0 now" when every district it offers would score nothing
        (legal, ``portobello.score.district``, but worthless: the player has no stall around any of them)."""
        label = super().item_label(state, item, actions)
        if item.startswith("score:") and len(actions) > 1:
            return "" if self._best_district(state, actions) else "scores 0 now"
        return label

    def item_tip(self, state: State, item: str, actions: Any) -> str:
        """As the base's; a score button offering several districts says to click one next, or that every one
        would score 0 now."""
        if item.startswith("score:") and len(actions) > 1:
            value = item.partition(":")[2]
            who = state.name(state.active)
            if not self._best_district(state, actions):
                swap = (f"swaps {who}'s own {value} for the top neutral token, a {state.neutral[0]}" if state.neutral
                        else f"uses up {who}'s own {value} (the neutral stack is empty)")
                return (f"allowed, but it scores 0 now: {who} has no stall on the lanes of any district still "
                        f"free; it takes the whole turn and {swap}")
            return (f"score a district with {who}'s own {value} instead of a turn: then "
                    "click the district (the lit districts show the points)")
        return super().item_tip(state, item, actions)

    def highlights_for(self, state: State) -> dict[str, dict[str, str]]:
        """The base's highlights, plus, with nothing picked in the action phase, every district farther than a
        neighbour that the engine's cheapest route reaches with the player's points, labelled with its total toll
        (a click on one shows the route: :meth:`plan_for`)."""
        marks = super().highlights_for(state)
        if self.selection is not None or state.is_terminal or state.is_chance_node or state.phase != "actions":
            return marks
        for district, (cost, path) in routes(state).items():
            if len(path) > 1:
                marks.setdefault(f"district:{district}", {
                    "label": f"toll {cost}" if cost else "free", "tone": "legal",
                    "tip": f"move the bobby {' → '.join([state.bobby, *path])}: {len(path)} crossings, toll {cost}; "
                           "click to see each lane's toll before paying"})
        return marks

    def plan_for(self, state: State, target: str) -> Plan | None:
        """A click on a district beyond the bobby's neighbours in the action phase: the engine's cheapest route
        there (:func:`plan_bobby_route`) as a plan, with every crossing's toll and who receives it
        (``portobello.bobby.toll``); ``None`` if there is no affordable route (the engine then refuses the click,
        :meth:`natural_action`) or the click is not on such a district."""
        kind, _, name = target.partition(":")
        if (kind != "district" or state.is_terminal or state.is_chance_node or state.phase != "actions"
                or name == state.bobby):
            return None
        plan = plan_bobby_route(state, name)
        if plan is None or not plan.actions:
            return None
        return Plan(target, plan.actions, self._route_message(state, plan),
                    items=tuple(f"district:{step.destination}" for step in plan.steps[:-1]),
                    label=f"toll {plan.total}")

    def _route_message(self, state: State, plan: RoutePlan) -> dict[str, str]:
        rule = state.rules["portobello.bobby.toll"]
        who = state.name(state.active)
        crossings = "; ".join(step.describe() for step in plan.steps)
        got = plan.receivers()
        to = f"received: {', '.join(f'{name} +{n}' for name, n in got.items())}" if got else "no one receives it"
        text = (f"Bobby to {plan.destination}: {crossings}. Toll {plan.total} point{'s' * (plan.total != 1)} in all "
                f"({to}); {who} would go from {state.seat.score} to {state.seat.score - plan.total}. "
                f"Click {plan.destination} again or “Pay and move” to pay; another district to look elsewhere; "
                "Cancel to stay.")
        return {"kind": "info", "text": text, "rule": rule.id, "title": rule.title, "rule_text": rule.text}

    def natural_action(self, state: State, target: str, clicked: tuple[str, ...]) -> Any:
        """The action a click names by itself, for the engine to refuse: a district → scoring it at the start of
        a turn, else moving the bobby there (a far district with no affordable route: the first crossing toward
        it, if the engine refuses that one, so the refusal names the toll); a space → building there; a square →
        placing there; a token → playing it; a score button → scoring the district clicked (or the first one
        without a token); a button → its action."""
        kind, _, name = target.partition(":")
        if kind == "district":
            if state.phase == "choose":
                return ScoreDistrict(name, self._score_value(state))
            if state.phase == "actions" and name != state.bobby and state.bobby is not None:
                return self._toward(state, name)
            return MoveBobby(name)
        if kind == "space":
            lane, _, k = name.partition(":")
            return Build(lane, int(k))
        if kind == "square":
            return PlaceCustomer(name)
        if kind == "token":
            return token_action(state, int(name))
        if kind == "score":
            picked = [c.partition(":")[2] for c in clicked if c.startswith("district:")]
            return ScoreDistrict(picked[0] if picked else self._first_free_district(state), int(name))
        if kind == "btn":
            return BUTTON_ACTIONS.get(name)
        return None

    def _unmatched(self, state: State, target: str, clicked: tuple[str, ...]) -> None:
        """As the base's, except that a far district no affordable route reaches is refused with the route's first
        crossing the player's points cannot pay (:func:`~explorer.portobello.bobby.route_refusal`,
        ``portobello.assume.toll-limit``) rather than with a single move."""
        kind, _, name = target.partition(":")
        if kind == "district" and not state.is_terminal and not state.is_chance_node:
            refusal = route_refusal(state, name)
            if refusal is not None:
                self.refuse(refusal)
                return
        super()._unmatched(state, target, clicked)

    @staticmethod
    def _toward(state: State, district: str) -> MoveBobby:
        """The refused first crossing toward ``district`` on a shortest way there, else the move to it (which the
        engine refuses as not next to the bobby)."""
        far = hops_to(state, district)
        near = [d for d, _ in state.board.neighbours(state.bobby)]
        best = min((far[d] for d in near if d in far), default=None)
        legal = state.legal_actions()
        for d in near:
            if far.get(d) == best and MoveBobby(d) not in legal:
                return MoveBobby(d)
        return MoveBobby(district)

    @staticmethod
    def _score_value(state: State) -> int:
        """The own district token (2 or 4) a district click asks to score with: a face-up one, else a face-down
        one, else 4 (spent: the engine says so)."""
        own = sorted(((not t.face_up), t.value) for t in state.seat.tokens if not t.neutral and t.value in (2, 4))
        return own[0][1] if own else 4

    @staticmethod
    def _first_free_district(state: State) -> str:
        for d, mark in zip(state.layout.districts, state.district_tokens):
            if mark is None:
                return d
        return state.layout.districts[0]

    def panel_sections(self, state: State) -> list[dict[str, Any]]:
        """The side tables: the score by category and player, each player's stalls, tokens and districts, and the
        customers (bag or queue, the drawn one, the Lord) and the neutral stack."""
        scores = state.scores()
        names = list(scores)
        categories = list(next(iter(scores.values())))
        rows = [[c] + [scores[n][c] for n in names] for c in categories]
        rows.append(["total"] + [scores[n].total for n in names])
        title = "Final score" if state.is_terminal else "Score so far (the Lord's scoring comes at the end)"
        players = []
        for k, seat in enumerate(state.seats):
            tokens = " · ".join(f"{t.words}{'' if t.face_up else ' (down)'}" for t in seat.tokens) or "none"
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
