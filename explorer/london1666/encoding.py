"""The Great Fire of London 1666 in numbers, for game-playing libraries (the shared shape:
:mod:`explorer.core.encoding`).

**Actions.** Every action the board allows, numbered in this order: a trained band into each district (setup),
the pawn into each district (setup), each spread (card N, E, S, W; source district; destination district; then the
same as the second move of a double-move token), keeping the token, discarding each card, a blocked fire's cone
into each district, the pawn to each district, each trained band move between neighbours, putting a cone out
and demolishing in each district, ending the actions. A spread's destination is any district a card of its
direction leads into from some district (``london.fire.direction``), its source any district that can burn.
Chance outcomes: a card dealt (N, E, S, W), a house (each colour), a colour card, a pawn colour (rule A), a
token (charge, double, vp), an objective (each district), a card drawn.

**What a player sees** (seed p. 3-4): the map (fire, trained bands, houses, lost houses, firebreaks, where a
face-down token lies but not which), every pawn, the fire deck's size and the cones left, each player's number of
cards, tokens and objectives and the cones they put out; their own hand, tokens and objective cards; every
colour card, unless optional rule A makes each a secret of its holder (``london.option.hidden-colours``). Of the
movement cards, the player can count how many of each direction they have not seen (the face-down ones and the
other hands together), not where they are. Of the chance steps, a card dealt or drawn, an objective and (rule
A) a colour card are seen by their receiver alone, a token laid out by nobody.

**Length.** The deal may start again (five cards of one direction go back, seed p. 3), so no number of steps
bounds a game for certain: through the adapters a game is cut after :data:`MAX_STEPS`, 3 times the longest of
600 random games with their set-up draws (431 steps, 6 players under rule A), and ranked as it stands.
"""

from __future__ import annotations

import functools
import json
from typing import Any

from explorer.core.encoding import ActionIndex, Filler, Piece

from .actions import (CARD_DIRECTIONS, AddFire, ColourCard, DealCard, DealObjective, Demolish, Discard, DrawCard,
                      EndActions, Extinguish, MoveBand, MovePawn, PawnColour, PlaceBand, PlaceHouse, PlacePawn,
                      PlaceToken, SkipDouble, Spread)
from .board import Board
from .components import COLOURS, FIRE_CARDS, HAND_SIZE, MOVEMENT_CARDS_PER_DIRECTION, PLAYER_COUNTS, TOKENS
from .setup import DECKS, _next_objective
from .state import PHASES, Options, State

__all__ = ["PLAYERS", "PARAMETERS", "MAX_STEPS", "params_of", "start", "numbering", "pieces", "observe", "observation_string",
           "seen", "receiver", "resample"]

PLAYERS = (3, 6)
"""The fewest and the most players."""
PARAMETERS: dict[str, Any] = {"players": 4, "hidden_colours": False, "more_destruction": False, "fire_cones": 100}
"""The options, with their defaults: 3-6 players, optional rules A and B, the cones in the box (65 in the first
English printing)."""
MAX_STEPS = 1300
"""The most steps (actions and chance outcomes) a game is played for through the adapters."""


def _options(params: dict[str, Any]) -> dict[str, Any]:
    """The engine's options from ``params``, checked.

    Raises:
        ValueError: for a player count outside 3-6 or an option of the wrong kind.
    """
    players = params.get("players", 4)
    if isinstance(players, bool) or players not in PLAYER_COUNTS:
        raise ValueError(f"The Great Fire of London 1666 is for 3-6 players, got players={players!r}")
    for flag in ("hidden_colours", "more_destruction"):
        if not isinstance(params.get(flag, False), bool):
            raise ValueError(f"{flag} is true or false, got {params[flag]!r}")
    options = {"hidden_colours": params.get("hidden_colours", False),
               "more_destruction": params.get("more_destruction", False),
               "fire_cones": params.get("fire_cones", 100)}
    Options(**options)  # the engine's own checks (the cones in the box)
    return {"players": players, **options}


def params_of(state: State) -> dict[str, Any]:
    """The parameters (:data:`PARAMETERS`) of the game ``state`` is a position of: the inverse of :func:`start`,
    for a tool that meets a position rather than a game string (the coach).

    Raises:
        ValueError: for a position on a board other than the shipped one (the numbering covers that board only).
    """
    if state.board != Board.default():
        raise ValueError("only positions on the shipped board of London can be numbered (a built board cannot)")
    options = state.options
    return {"players": len(state.seats), "hidden_colours": options.hidden_colours,
            "more_destruction": options.more_destruction, "fire_cones": options.fire_cones}


def start(params: dict[str, Any]) -> State:
    """The game before its first chance step: every card, house, colour, token and objective still to deal."""
    from .setup import initial_state

    options = _options(params)
    return initial_state(options.pop("players"), 0, **options)


def numbering(params: dict[str, Any]) -> ActionIndex:
    """Every action and chance outcome of the shipped board, numbered (see the module docstring)."""
    _options(params)
    return _numbering(Board.default())


@functools.cache
def _numbering(board: Board) -> ActionIndex:
    ids = board.ids
    sources = [d for k, d in enumerate(ids) if board.can_burn[k]]
    actions: list[Any] = [PlaceBand(d) for d in ids] + [PlacePawn(d) for d in ids]
    for double in (False, True):
        for card in CARD_DIRECTIONS:
            reached = {j for links in board.card_links[card] for j in links}
            targets = [ids[j] for j in sorted(reached) if board.can_burn[j]]
            actions += [Spread(card, s, t, double) for s in sources for t in targets if s != t]
    actions += [SkipDouble()] + [Discard(c) for c in CARD_DIRECTIONS] + [AddFire(d) for d in ids]
    actions += [MovePawn(d) for d in ids]
    actions += [MoveBand(d, other) for d in ids for other, _ in board.neighbours(d)]
    actions += [Extinguish(d) for d in ids] + [Demolish(d) for d in ids] + [EndActions()]
    outcomes: list[Any] = [DealCard(c) for c in CARD_DIRECTIONS] + [PlaceHouse(c) for c in COLOURS]
    outcomes += [ColourCard(c) for c in COLOURS] + [PawnColour(c) for c in COLOURS]
    outcomes += [PlaceToken(k) for k in TOKENS] + [DealObjective(d) for d in ids]
    outcomes += [DrawCard(c) for c in CARD_DIRECTIONS]
    return ActionIndex(actions, outcomes)


@functools.cache
def _pieces(board: Board, players: int) -> tuple[Piece, ...]:
    d, p, c = len(board.ids), players, len(COLOURS)
    return (Piece("observer", (p,)), Piece("to_act", (p,)), Piece("phase", (len(PHASES),)),
            Piece("fire", (d,)), Piece("bands", (d,)), Piece("houses", (d, c)), Piece("burnt", (d,)),
            Piece("demolished", (d,)), Piece("face_down_tokens", (d,)),
            Piece("pawns", (p, d)), Piece("pawn_colours", (p, c)), Piece("colours", (p, c)),
            Piece("cards_held", (p,)), Piece("tokens_held", (p,)), Piece("extinguished", (p,)),
            Piece("hero", (p,)), Piece("own_hand", (len(CARD_DIRECTIONS),)), Piece("own_tokens", (len(TOKENS),)),
            Piece("own_objectives", (len(DECKS), d)), Piece("unseen_cards", (len(CARD_DIRECTIONS),)),
            Piece("fire_deck", (len(FIRE_CARDS),)), Piece("supply", (1,)), Piece("lost_houses", (c,)),
            Piece("turn", (len(CARD_DIRECTIONS) + 5,)))


def pieces(params: dict[str, Any]) -> tuple[Piece, ...]:
    """The observation tensor's pieces, in order (counts scaled to about 0-1):

    ``observer``, ``to_act`` (one-hot seats), ``phase`` (one-hot, :data:`~explorer.london1666.state.PHASES`);
    per district ``fire`` (/ 10), ``bands``, ``houses`` (per colour, / 4), ``burnt``, ``demolished``,
    ``face_down_tokens`` (a token lies there); per seat ``pawns`` (one-hot district), ``pawn_colours``,
    ``colours`` (the colour card: one's own, the others' unless rule A), ``cards_held`` (/ 5), ``tokens_held``
    (/ 5), ``extinguished`` (/ 25), ``hero``; the player's ``own_hand`` (/ 5 per direction), ``own_tokens``
    (/ 5 per kind), ``own_objectives`` (deck, district); ``unseen_cards`` (per direction, those the player has
    not seen: / 15), ``fire_deck`` (movement cards above each fire card left, / 15), ``supply`` (/ 100),
    ``lost_houses`` (per colour, / 20) and ``turn`` (the card played, action points / 4, the double move used,
    cones still to add / 3, final turns left / 6, turn / 60)."""
    return _pieces(Board.default(), _options(params)["players"])


def _sees_colour(state: State, player: int, seat: int) -> bool:
    return seat == player or not state.options.hidden_colours


def observe(state: State, player: int, out: list[float]) -> None:
    """Fill ``out`` (zeros, the size of :func:`pieces`) with the position as ``player`` sees it."""
    board = state.board
    fill = Filler(_pieces(board, len(state.seats)), out)
    fill.hot("observer", player)
    fill.hot("to_act", state.current_player)
    fill.hot("phase", PHASES.index(state.phase))
    colours = {c: i for i, c in enumerate(COLOURS)}
    fill.row("fire", (n / 10 for n in state.fire))
    fill.row("bands", map(float, state.bands))
    for k, houses in enumerate(state.houses):
        for colour in houses:
            fill.add("houses", 0.25, k, colours[colour])
    fill.row("burnt", map(float, state.burnt))
    fill.row("demolished", map(float, state.demolished))
    fill.row("face_down_tokens", (float(t is not None) for t in state.tokens))
    for j, seat in enumerate(state.seats):
        fill.hot("pawns", j, None if seat.pawn is None else board.index[seat.pawn])
        fill.hot("pawn_colours", j, colours.get(seat.pawn_colour))
        if _sees_colour(state, player, j):
            fill.hot("colours", j, colours.get(seat.colour))
    fill.row("cards_held", (seat.cards / HAND_SIZE for seat in state.seats))
    fill.row("tokens_held", (len(seat.tokens) / 5 for seat in state.seats))
    fill.row("extinguished", (seat.extinguished / 25 for seat in state.seats))
    fill.hot("hero", state.hero)
    own = state.seats[player]
    fill.row("own_hand", (n / HAND_SIZE for n in own.hand))
    fill.row("own_tokens", (own.tokens.count(kind) / 5 for kind in TOKENS))
    for deck, district in enumerate(own.objectives):
        fill.hot("own_objectives", deck, board.index[district])
    fill.row("unseen_cards", (n / MOVEMENT_CARDS_PER_DIRECTION for n in _unseen_by(state, player)))
    fill.row("fire_deck", (n / MOVEMENT_CARDS_PER_DIRECTION for n in state.deck))
    fill.put("supply", state.supply / 100, 0)
    fill.row("lost_houses", (n / 20 for n in state.tracks))
    fill.hot("turn", None if state.card is None else CARD_DIRECTIONS.index(state.card))
    fill.row("turn", (state.ap / 4, float(state.double_used), state.pending_fire / 3,
                      0.0 if state.final_turns is None else state.final_turns / 6, state.turn / 60),
             len(CARD_DIRECTIONS))


def _unseen_by(state: State, player: int) -> tuple[int, ...]:
    """The movement cards of each direction ``player`` has not seen: face down, or in another player's hand."""
    return tuple(state.unseen[i] + sum(s.hand[i] for j, s in enumerate(state.seats) if j != player)
                 for i in range(len(CARD_DIRECTIONS)))


def observation_string(state: State, player: int) -> str:
    """The position as ``player`` sees it: its JSON (:meth:`State.to_dict`) with what the player cannot see
    taken out (see the module docstring) and the random stream left out."""
    data = state.to_dict()
    for key in ("seed", "draws"):
        data.pop(key, None)
    data["unseen"] = dict(zip(CARD_DIRECTIONS, _unseen_by(state, player)))
    data["face_down"] = sum(state.unseen)
    for j, seat in enumerate(data["seats"]):
        if j == player:
            continue
        seat["hand"] = sum(seat["hand"].values())
        seat["tokens"] = len(seat["tokens"])
        seat["objectives"] = len(seat["objectives"])
        if not _sees_colour(state, player, j):
            seat["colour"] = "secret" if seat.get("colour") else None
    for district in data["districts"].values():
        if "token" in district:
            district["token"] = "face-down"
    return f"{state.name(player)} sees " + json.dumps(data, separators=(",", ":"))


def receiver(state: State, outcome: Any) -> int | None:
    """The seat that alone sees chance outcome ``outcome`` in ``state`` (a card dealt or drawn, an objective, a
    secret colour under rule A); ``None`` when everyone sees it, ``-1`` when nobody does (a token laid out)."""
    if isinstance(outcome, DealCard):
        return next(k for k, s in enumerate(state.seats) if s.cards < HAND_SIZE)
    if isinstance(outcome, DrawCard):
        return state.active
    if isinstance(outcome, DealObjective):
        return _next_objective(state)[0]
    if isinstance(outcome, ColourCard) and state.options.hidden_colours:
        return next(k for k, s in enumerate(state.seats) if s.colour is None)
    if isinstance(outcome, PlaceToken):
        return -1
    return None


def seen(state: State, action: Any, player: int) -> str:
    """What ``player`` learns when ``action`` is taken in ``state``: the notation, or for a chance step only
    they may not see, what was dealt to whom without the card (``"deal ? to seat 2"``)."""
    if not state.is_chance_node:
        return str(action)
    who = receiver(state, action)
    if who is None or who == player:
        return str(action) if who is None else f"{action} to seat {who + 1}"
    kind = str(action).split()[0]
    return f"{kind} ?" if who == -1 else f"{kind} ? to seat {who + 1}"


def resample(state: State, player: int, rng: Any) -> State:
    """A position ``player`` cannot tell from ``state``, its hidden parts dealt again at random (``rng``: a
    ``random.Random``) from what the player has not seen, never from the true values:

    * the other hands, each of the same size, from the movement cards of each direction the player has not seen
      (the face-down ones and the other hands together; the rest go back face down);
    * the other players' objective cards, deck by deck, from that deck's cards the player does not hold;
    * the face-down tokens, on the board and in the other players' hands, shuffled among those places (which
      tokens are still hidden is known: every one used or destroyed was shown);
    * under rule A the other players' colour cards, shuffled among them (the colours in play are the pawns').

    What the player saw in the past of other hands (a hand shown when the fire cannot move,
    ``london.fire.no-move``) is not kept to: a sampled world may give a player a card they showed they lacked.
    """
    seats = list(state.seats)
    others = [j for j in range(len(seats)) if j != player]
    pool = list(_unseen_by(state, player))
    for j in others:
        hand = [0] * len(CARD_DIRECTIONS)
        for _ in range(seats[j].cards):
            pick = rng.randrange(sum(pool))
            for i, n in enumerate(pool):
                if pick < n:
                    hand[i], pool[i] = hand[i] + 1, n - 1
                    break
                pick -= n
        seats[j] = seats[j].replace(hand=tuple(hand))
    board = state.board
    mine = set(seats[player].objectives)
    for deck, value in enumerate(_deck_values()):
        holders = [j for j in others if len(seats[j].objectives) > deck]
        cards = [d for d, info in board.districts.items() if info.objective == value and d not in mine]
        drawn = rng.sample(cards, len(holders))
        for j, district in zip(holders, drawn):
            objectives = list(seats[j].objectives)
            objectives[deck] = district
            seats[j] = seats[j].replace(objectives=tuple(objectives))
    hidden = sorted([t for t in state.tokens if t] + [t for j in others for t in seats[j].tokens])
    rng.shuffle(hidden)  # sorted first: the deal depends on which tokens are hidden, not on where they lie
    kinds = iter(hidden)
    tokens = tuple(next(kinds) if t else None for t in state.tokens)
    for j in others:
        seats[j] = seats[j].replace(tokens=tuple(sorted(next(kinds) for _ in seats[j].tokens)))
    if state.options.hidden_colours:
        colours = sorted(seats[j].colour for j in others if seats[j].colour)
        rng.shuffle(colours)
        dealt = iter(colours)
        for j in others:
            if seats[j].colour:
                seats[j] = seats[j].replace(colour=next(dealt))
    return state.replace(seats=tuple(seats), unseen=tuple(pool), tokens=tokens)


def _deck_values() -> tuple[int, ...]:
    from .components import OBJECTIVE_DECKS

    return tuple(OBJECTIVE_DECKS[d] for d in DECKS)
