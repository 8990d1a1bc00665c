"""The turn (seed p. 2, p. 4): choose a face-up token (or score a district instead), take its actions in any
order, move the bobby at will, end the turn; and the end of the game after the last round.

Also the one place that explains refusals (:func:`why_illegal`), naming the rule behind each.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING, Any

from explorer.core import Event, IllegalAction, Note

from . import bobby, building, customers
from .actions import (Build, ChooseToken, DrawCustomer, EndTurn, MoveBobby, PlaceCustomer, PlaceLord, ScoreDistrict,
                      cached)
from .components import DISTRICT_TOKENS, token_words
from .events import DistrictScored, TokenChosen, TokensTurnedUp, TurnEnded
from .rules import RULES
from .scoring import district_stalls, lord_scoring, winners

if TYPE_CHECKING:
    from .state import State, Token


# ---- legal actions ----------------------------------------------------------------------------------------------
def legal_choices(state: "State") -> list[ChooseToken | ScoreDistrict]:
    """At the start of a turn: each distinct face-up token to play (``portobello.turn.token``), and each district
    still without a token to score with a face-up own 2 or 4 (``portobello.score.district``)."""
    tokens = state.seat.tokens
    out: list[Any] = sorted({cached(ChooseToken, t.value, t.neutral) for t in tokens if t.face_up})
    for t in tokens:
        if t.face_up and not t.neutral and t.value in DISTRICT_TOKENS:
            out += [cached(ScoreDistrict, d, t.value) for d, mark in zip(state.layout.districts, state.district_tokens)
                    if mark is None]
    return out


def must_act(state: "State") -> bool:
    """True if the active player still owes an action where the bobby stands: a stall to build or a customer to
    draw (``portobello.assume.forfeit``; placing the Lord is optional)."""
    return bool(building.legal_builds(state)) or customers.can_draw(state)


def legal_in_actions(state: "State") -> list[Any]:
    """In the action phase: builds, drawing a customer, the Lord, bobby moves, and ending the turn once no action
    is left or possible (``portobello.assume.forfeit``)."""
    out: list[Any] = building.legal_builds(state)
    if customers.can_draw(state):
        out.append(DrawCustomer())
    must_act = bool(out)  # the Lord may be placed, never must be (portobello.lord.place)
    if customers.can_place_lord(state):
        out.append(PlaceLord())
    out += bobby.legal_moves(state)
    if not must_act:
        out.append(EndTurn())
    return out


# ---- carrying them out ------------------------------------------------------------------------------------------
def _slot(tokens: "Sequence[Token]", value: int, neutral: bool) -> int:
    """The first face-up slot holding the token ``value`` (own or neutral)."""
    for k, t in enumerate(tokens):
        if t.face_up and t.value == value and t.neutral == neutral:
            return k
    raise ValueError(f"no face-up token {value}")


def apply(state: "State", action: Any) -> tuple["State", Sequence[Event]]:
    """Choose a token, score a district, or end the turn (rules ``portobello.turn.*``, ``portobello.score.district``)."""
    me = state.name(state.active)
    if isinstance(action, ChooseToken):
        slot = _slot(state.seat.tokens, action.value, action.neutral)
        return (state.replace(phase="actions", actions_left=action.value, token_slot=slot),
                [TokenChosen(me, action.value, action.neutral)])
    if isinstance(action, ScoreDistrict):
        return score_district(state, action)
    if isinstance(action, EndTurn):
        return end_turn(state, state.actions_left, [])
    raise TypeError(f"not a turn action: {action!r}")


def score_district(state: "State", action: ScoreDistrict) -> tuple["State", Sequence[Event]]:
    """Spend the turn scoring ``action.district`` (``portobello.score.district``, seed p. 4): own stalls on its
    three lanes times the token; the token stays on the district (``.district-once``) and the top neutral token
    takes its place, face down (``.district-neutral``, ``portobello.assume.neutral-face-down``)."""
    from .state import Token

    me = state.active
    seat = state.seat
    slot = _slot(seat.tokens, action.value, False)
    stalls = district_stalls(state, action.district, me)
    tokens = list(seat.tokens)
    taken = state.neutral[0] if state.neutral else None
    if taken is None:
        del tokens[slot]
    else:
        tokens[slot] = Token(taken, neutral=True, face_up=False)
    marks = list(state.district_tokens)
    marks[state.layout.district[action.district]] = (me, action.value)
    seats = list(state.seats)
    seats[me] = seat.but(tokens=tuple(tokens), districts=stalls * action.value)
    state = state.replace(seats=tuple(seats), district_tokens=tuple(marks), neutral=state.neutral[1:])
    events: list[Event] = [DistrictScored(seat.colour, action.district, stalls, action.value, taken)]
    return end_turn(state, 0, events, flip=False)


def end_turn(state: "State", forfeited: int, events: list[Event], flip: bool = True) -> tuple["State", Sequence[Event]]:
    """End the active player's turn (``portobello.turn.flip``): the used token turns face down, all three turn
    face up once all are down; then the next player, or the end of the game after the last round
    (``portobello.end.last-stall``, ``portobello.assume.no-stall-possible``)."""
    from .state import Token

    me = state.active
    seat = state.seat
    tokens = list(seat.tokens)
    if flip and state.token_slot is not None:
        t = tokens[state.token_slot]
        tokens[state.token_slot] = Token(t.value, t.neutral, False)
    if tokens and not any(t.face_up for t in tokens):
        tokens = [Token(t.value, t.neutral, True) for t in tokens]
        events.append(TokensTurnedUp(seat.colour))
    seats = list(state.seats)
    seats[me] = seat.but(tokens=tuple(tokens))
    state = state.replace(seats=tuple(seats), actions_left=0, token_slot=None)
    n = len(state.seats)
    if me == n - 1:  # the round is over
        if state.ending:
            events.append(TurnEnded(seat.colour, forfeited, None))
            return finish(state, events)
        if not state.customers_left and not any(building.can_still_build(state, k) for k in range(n)):
            events.append(TurnEnded(seat.colour, forfeited, None))
            events.append(Note(RULES["portobello.assume.no-stall-possible"],
                               "nobody can build another stall and no customer is left: the game ends"))
            return finish(state, events)
        state = state.replace(round=state.round + 1)
    nxt = (me + 1) % n
    events.append(TurnEnded(seat.colour, forfeited, state.name(nxt)))
    return state.replace(active=nxt, phase="choose"), events


def finish(state: "State", events: list[Event]) -> tuple["State", Sequence[Event]]:
    """The end of the game: the Lord's scoring (``portobello.end.lord-scoring``), then the winners."""
    state = lord_scoring(state, events)
    state = state.replace(phase="over")
    best = winners(state)
    text = (f"{best[0]} wins" if len(best) == 1 else f"{', '.join(best[:-1])} and {best[-1]} share the win") + \
        f" with {max(s.score for s in state.seats)} points"
    events.append(Note(RULES["portobello.end.winner"], f"the game is over: {text}"))
    return state, events


# ---- why is this illegal? ---------------------------------------------------------------------------------------
def why_illegal(state: "State", action: Any) -> IllegalAction | None:
    """The rule that forbids ``action`` here, with a player's explanation (``None`` to use the generic refusal).

    Each kind of action is checked against the phase first (a token must be chosen before acting, a drawn
    customer placed before anything else...), then against its own rules.
    """
    def refuse(rule: str, reason: str, notation: str | None = None) -> IllegalAction:
        return IllegalAction(RULES[rule], reason, action=action, notation=notation)

    phase = state.phase
    me = state.name(state.active)
    if phase == "bobby":
        if isinstance(action, MoveBobby):
            return refuse("portobello.board.market", f"there is no district {action.district} on this board")
        return refuse("portobello.setup.bobby",
                      f"before the first turn {me}, the start player's right-hand neighbour, puts the bobby in a "
                      "district", notation="bobby <district>")
    if phase == "place" and not isinstance(action, PlaceCustomer):
        return refuse("portobello.customer.place",
                      f"{me} must first put the drawn {state.pending} on an empty square",
                      notation="place <square>")
    if isinstance(action, PlaceCustomer):
        if phase != "place":
            return refuse("portobello.customer.draw", "draw a customer first (the Draw a customer button), then place it",
                          notation="customer")
        if action.square not in state.layout.square:
            return refuse("portobello.board.market", f"there is no square {action.square} on this board")
        return refuse("portobello.customer.place",
                      f"{action.square} already holds a {state.customer_at(action.square)}; customers go on "
                      "empty squares")
    if isinstance(action, (ChooseToken, ScoreDistrict)):
        if phase != "choose":
            return refuse("portobello.turn.token" if isinstance(action, ChooseToken) else "portobello.score.district",
                          f"{me} has already chosen this turn's token; a district is scored instead of a whole "
                          "turn" if isinstance(action, ScoreDistrict) else
                          f"{me} has already chosen this turn's token")
        tokens = state.seat.tokens
        if isinstance(action, ChooseToken):
            if any(t.value == action.value and t.neutral == action.neutral for t in tokens):
                return refuse("portobello.turn.flip",
                              f"{me}'s {token_words(action.value, action.neutral)} is face down until all three "
                              "have been used")
            held = ", ".join(t.words for t in tokens if t.face_up)
            return refuse("portobello.turn.token",
                          f"{me} has no {token_words(action.value, action.neutral)}; face up: {held}",
                          notation="act <n>")
        if action.value not in DISTRICT_TOKENS:
            return refuse("portobello.score.district", "only a player's own 2 and 4 tokens score a district")
        if action.district not in state.layout.district:
            return refuse("portobello.board.market", f"there is no district {action.district} on this board")
        mark = state.district_token(action.district)
        if mark is not None:
            return refuse("portobello.score.district-once",
                          f"{action.district} was already scored by {state.name(mark[0])} with a "
                          f"{mark[1]}; a district takes one token in the whole game")
        if not any(t.value == action.value and not t.neutral for t in tokens):
            return refuse("portobello.score.district-neutral",
                          f"{me} has already spent their own {action.value} on a district; neutral tokens never "
                          "score districts")
        return refuse("portobello.assume.district-token-face-up",
                      f"{me}'s token {action.value} is face down until all three have been used; only a face-up "
                      "token scores a district")
    if phase == "choose":
        return refuse("portobello.turn.token" if not isinstance(action, MoveBobby)
                      else "portobello.assume.bobby-after-token",
                      f"{me} first chooses one of their face-up action tokens, or scores a district",
                      notation="act <n> | district <district> x<2|4>")
    if phase != "actions":
        return None
    if isinstance(action, MoveBobby):
        return bobby.why_not(state, action)
    if isinstance(action, (Build, DrawCustomer, PlaceLord)) and state.actions_left == 0:
        return refuse("portobello.turn.token", f"{me} has used all the actions of this turn's token; "
                      "move the bobby or end the turn")
    if isinstance(action, Build):
        return building.why_not(state, action)
    if isinstance(action, DrawCustomer):
        return refuse("portobello.customer.bag-empty",
                      "all ten customers are out" + ("; place the Lord instead" if customers.can_place_lord(state)
                                                     else ""),
                      notation="lord" if customers.can_place_lord(state) else None)
    if isinstance(action, PlaceLord):
        if state.customers_left:
            return refuse("portobello.lord.place",
                          f"the Lord comes only after the tenth customer; {state.customers_left} still to come")
        return refuse("portobello.lord.place", f"the Lord already stands on {state.lord_square}")
    if isinstance(action, EndTurn):
        return refuse("portobello.assume.forfeit",
                      f"{me} must use the token's actions while they can: {state.actions_left} "
                      f"action{'s' * (state.actions_left != 1)} left, and they can still {_still_possible(state)}")
    return None


def _still_possible(state: "State") -> str:
    """What the active player can still do with their actions, in words (for the End-turn refusal):
    ``"build a stall around the bobby in d1 or draw a customer"``."""
    can = []
    if building.legal_builds(state):
        can.append(f"build a stall around the bobby in {state.bobby}")
    if customers.can_draw(state):
        can.append("draw a customer")
    return " or ".join(can) or "take an action"
