"""Setting up the game (seed p. 3-5): every random step is an explicit chance step.

Order: fire cones in Pudding Lane, movement cards dealt (with the redeal), the fire deck built, houses placed
region by region, colour cards (and pawns under optional rule A), tokens, objective cards, then the players'
choices: trained bands and owner pawns. :func:`new_game` resolves the chance steps from the seed and stops at
the first choice (the start player's first trained band).
"""

from __future__ import annotations

import functools
from collections.abc import Sequence
from itertools import chain
from fractions import Fraction
from typing import TYPE_CHECKING, Any

from explorer.core import IllegalAction, Rng, new_seed

from .actions import (ColourCard, DealCard, DealObjective, PawnColour, PlaceBand, PlaceHouse, PlacePawn,
                      PlaceToken)
from .board import Board
from .components import (COLOURS, HAND_SIZE, HOUSES_PER_COLOUR_PER_REGION, PHASE_WORDS,
                         MOVEMENT_CARDS_PER_DIRECTION, OBJECTIVE_DECKS, START_CONES, TOKENS, TRAINED_BANDS,
                         fire_deck)
from .events import (BandPlaced, CardDealt, ColourDealt, HousePlaced, ObjectiveDealt, PawnDrawn, PawnPlaced,
                     Redealt, TokenPlaced)
from .rules import RULES

if TYPE_CHECKING:
    from .state import State

REGION_ORDER = ("orange", "purple", "blue", "green")
"""Houses are placed in the orange region first (seed p. 3), then the others in this order."""
DECKS = tuple(OBJECTIVE_DECKS)


def new_game(players: int = 4, seed: int | None = None, *, hidden_colours: bool = False,
             more_destruction: bool = False, fire_cones: int = 100, board: Board | None = None) -> "State":
    """A new game with every chance step of setup drawn from ``seed`` (rules ``london.setup.*``).

    The fire starts with 25 cones in Pudding Lane, the rest of the box beside the board
    (``london.setup.fire-start``); the Hero of London card lies beside the board, held by nobody
    (``london.setup.hero``). The returned state waits for the start player, seat 0 (``london.assume.start-player``),
    to place a trained band.

    >>> s = new_game(players=4, seed=1666)
    >>> s.fire_at("pudding-lane"), s.bands_at("hounds-ditch"), s.phase, s.current_player
    (25, 1, 'bands', 0)

    Args:
        players: 3 to 6.
        seed: the random seed (a fresh one is drawn and kept if ``None``).
        hidden_colours: optional rule A.
        more_destruction: optional rule B.
        fire_cones: cones in the box (100; 65 in the first English printing).
        board: a board of your own (default: the shipped reconstruction).

    Raises:
        ValueError: for a player count outside 3-6 or a bad option value.
    """
    return initial_state(players, new_seed() if seed is None else seed, hidden_colours=hidden_colours,
                         more_destruction=more_destruction, fire_cones=fire_cones, board=board).resolve_chance()


def initial_state(players: int, seed: int, *, hidden_colours: bool = False, more_destruction: bool = False,
                  fire_cones: int = 100, board: Board | None = None) -> "State":
    """The game as :func:`new_game` sets it up, before its first chance step: every card, house, colour, token
    and objective still to be dealt (the chance steps that game-playing libraries draw themselves,
    :mod:`.encoding`).

    Raises:
        ValueError: for a player count outside 3-6 or a bad option value.
    """
    from .state import Options, Seat, State

    if isinstance(players, bool) or not isinstance(players, int):
        raise ValueError(f"players must be a whole number from 3 to 6, got {players!r}")
    deck = fire_deck(players)
    options = Options(hidden_colours, more_destruction, fire_cones)
    if board is not None and not isinstance(board, Board):
        raise ValueError(f"board must be a Board (see Board.from_file), got {type(board).__name__}")
    board = board or Board.default()
    n = len(board.ids)
    fire = [0] * n
    fire[board.index[board.start]] = START_CONES
    state = State(board=board, options=options, seats=tuple(Seat() for _ in range(players)), phase="deal",
                  active=0, fire=tuple(fire), bands=(0,) * n, houses=((),) * n, burnt=(False,) * n,
                  demolished=(False,) * n, tokens=(None,) * n, unseen=(MOVEMENT_CARDS_PER_DIRECTION,) * 4,
                  deck=deck, supply=fire_cones - START_CONES,
                  rng=Rng(seed))
    return state


# ---- chance steps -----------------------------------------------------------------------------------------------
@functools.cache
def house_slots(board: Board) -> tuple[int, ...]:
    """District positions in the order their house icons are filled: region by region, orange first."""
    return tuple(board.index[d] for region in REGION_ORDER for d in board.in_region(region)
                 for _ in range(board.districts[d].houses))


@functools.cache
def _region_positions(board: Board) -> dict[str, tuple[int, ...]]:
    return {region: tuple(board.index[d] for d in board.in_region(region)) for region in REGION_ORDER}


@functools.cache
def _slot_regions(board: Board) -> tuple[str, ...]:
    """The region of each house slot, in :func:`house_slots` order."""
    return tuple(board.districts[board.ids[k]].region for k in house_slots(board))


def _next_house_slot(state: "State") -> str | None:
    slots = house_slots(state.board)
    placed = sum(map(len, state.houses))
    return state.board.ids[slots[placed]] if placed < len(slots) else None


def _lid(state: "State", region: str) -> dict[str, int]:
    """Houses left in the box lid for ``region``: 5 of each colour minus those placed there."""
    return _lid_of(state.board, state.houses, region)


def _lid_of(board: Board, houses: Sequence[tuple[str, ...]], region: str) -> dict[str, int]:
    placed = list(chain.from_iterable(map(houses.__getitem__, _region_positions(board)[region])))
    return {c: HOUSES_PER_COLOUR_PER_REGION - placed.count(c) for c in COLOURS}


def place_houses(state: "State", draws: int) -> tuple["State", list, int]:
    """The rest of the houses phase resolved from the seed in one go (``london.setup.houses``), for
    :meth:`State.resolve_chance`: ``(state, events of the last step, draws)``.

    The draws are those of its chance steps, one per house icon in :func:`house_slots` order: each takes a
    house from the region's lid with the chances :func:`chance_counts` gives (the houses of each colour left in
    it), and :func:`apply` puts it there; only the positions in between are not built.
    """
    board, rng = state.board, state.rng
    slots, regions = house_slots(board), _slot_regions(board)
    houses = list(state.houses)
    region, lid = None, [0] * len(COLOURS)
    for n in range(sum(map(len, houses)), len(slots)):
        if regions[n] != region:
            region = regions[n]
            lid = list(_lid_of(board, houses, region).values())  # in COLOURS order
        drawn = rng.at(draws).choose_counted(list(enumerate(lid)))
        lid[drawn] -= 1
        k = slots[n]
        houses[k] = tuple(sorted(houses[k] + (COLOURS[drawn],)))
        draws += 1
    events = [HousePlaced(board.districts[board.ids[k]].name, COLOURS[drawn])]
    return state.replace(houses=tuple(houses), phase="colours"), events, draws


@functools.cache
def _token_spots(board: Board) -> tuple[int, ...]:
    """The positions of the yellow-name districts, where the tokens go, in board order (``london.setup.tokens``)."""
    return tuple(board.index[d] for d, info in board.districts.items() if info.token)


def _next_objective(state: "State") -> tuple[int, int] | None:
    for seat, s in enumerate(state.seats):
        if len(s.objectives) < len(DECKS):
            return seat, len(s.objectives)
    return None


@functools.lru_cache(maxsize=4096)
def _probabilities(counts: tuple[tuple[Any, int], ...]) -> tuple[tuple[Any, Fraction], ...]:
    # Outcomes are immutable values and the same counts come back game after game: their fractions are made once.
    total = sum(n for _, n in counts)
    return tuple((a, Fraction(n, total)) for a, n in counts if n > 0)


def chance_outcomes(state: "State") -> list[tuple[Any, Fraction]]:
    """The outcomes of the next setup chance step, in a fixed order, with their probabilities (each outcome's
    share of :func:`chance_counts`)."""
    return list(_probabilities(tuple(chance_counts(state))))


_DEAL = tuple(DealCard(d) for d in "NESW")
_HOUSE = tuple(PlaceHouse(c) for c in COLOURS)
_COLOUR_CARD = {c: ColourCard(c) for c in COLOURS}
_PAWN_COLOUR = {c: PawnColour(c) for c in COLOURS}
_TOKEN = tuple(PlaceToken(k) for k in TOKENS)


def chance_counts(state: "State") -> list[tuple[Any, int]]:
    """The outcomes of the next setup chance step, in a fixed order, each with how many of the hidden
    components give it (the cards of a direction, the houses of a colour left in the lid...): its chance is
    its share of the total.

    Under optional rule A the pawns drawn at random are those of the colours dealt, one each
    (``london.assume.hidden-pawns``).
    """
    if state.phase == "deal":
        return list(zip(_DEAL, state.unseen))
    if state.phase == "houses":
        lid = _lid(state, _slot_regions(state.board)[sum(map(len, state.houses))])
        return [(a, lid[c]) for a, c in zip(_HOUSE, COLOURS)]
    if state.phase == "colours":
        taken = {s.colour for s in state.seats}
        return [(_COLOUR_CARD[c], 1) for c in COLOURS if c not in taken]
    if state.phase == "pawn-colours":
        drawn = {s.pawn_colour for s in state.seats}
        return [(_PAWN_COLOUR[c], 1) for c in COLOURS if c in {s.colour for s in state.seats} and c not in drawn]
    if state.phase == "tokens":
        placed = [t for t in state.tokens if t]
        return [(a, TOKENS[k] - placed.count(k)) for a, k in zip(_TOKEN, TOKENS)]
    if state.phase == "objectives":
        _, deck = _next_objective(state)
        dealt = {d for s in state.seats for d in s.objectives}
        value = OBJECTIVE_DECKS[DECKS[deck]]
        return [(a, 1) for a in _objective_cards(state.board, value) if a.district not in dealt]
    return []


@functools.cache
def _objective_cards(board: Board, value: int) -> tuple[DealObjective, ...]:
    """The objective cards worth ``value``: one per district of that value, in board order."""
    return tuple(DealObjective(d) for d, info in board.districts.items() if info.objective == value)


def apply(state: "State", action: Any) -> tuple["State", list]:
    """Carry out a setup step (chance outcome or placement) and move on to the next setup phase when done."""
    events: list = []
    if isinstance(action, DealCard):
        seat = next(k for k, s in enumerate(state.seats) if s.cards < HAND_SIZE)
        hand = list(state.seats[seat].hand)
        hand["NESW".index(action.direction)] += 1
        unseen = list(state.unseen)
        unseen["NESW".index(action.direction)] -= 1
        events.append(CardDealt(f"player {seat + 1}", action.direction))
        if max(hand) == HAND_SIZE:  # five cards of one direction: they go back, five new ones (seed p. 3)
            events.append(Redealt(f"player {seat + 1}", action.direction))
            unseen = [u + h for u, h in zip(unseen, hand)]
            hand = [0, 0, 0, 0]
        seats = state.seats_with(seat, hand=tuple(hand))
        dealt = all(s.cards == HAND_SIZE for s in seats)
        state = state.replace(seats=seats, unseen=tuple(unseen), phase="houses" if dealt else state.phase)
    elif isinstance(action, PlaceHouse):
        slots = house_slots(state.board)
        placed = sum(map(len, state.houses))
        k = slots[placed]
        houses = list(state.houses)
        houses[k] = tuple(sorted(houses[k] + (action.colour,)))
        last = placed + 1 == len(slots)
        state = state.replace(houses=tuple(houses), phase="colours" if last else state.phase)
        events.append(HousePlaced(state.board.districts[state.board.ids[k]].name, action.colour))
    elif isinstance(action, ColourCard):
        seat = next(k for k, s in enumerate(state.seats) if s.colour is None)
        hidden = state.options.hidden_colours
        state = state.with_seat(seat, colour=action.colour, pawn_colour=None if hidden else action.colour)
        events.append(ColourDealt(seat, "a secret colour" if hidden else action.colour))
        if all(s.colour for s in state.seats):
            state = state.replace(phase="pawn-colours" if hidden else "tokens")
    elif isinstance(action, PawnColour):
        seat = next(k for k, s in enumerate(state.seats) if s.pawn_colour is None)
        state = state.with_seat(seat, pawn_colour=action.colour)
        events.append(PawnDrawn(f"player {seat + 1}", action.colour))
        if all(s.pawn_colour for s in state.seats):
            state = state.replace(phase="tokens")
    elif isinstance(action, PlaceToken):
        spots = _token_spots(state.board)
        k = next(k for k in spots if state.tokens[k] is None)
        tokens = list(state.tokens)
        tokens[k] = action.kind
        placed = all(tokens[k] for k in spots)
        state = state.replace(tokens=tuple(tokens), phase="objectives" if placed else state.phase)
        events.append(TokenPlaced(state.board.districts[state.board.ids[k]].name))
    elif isinstance(action, DealObjective):
        seat, deck = _next_objective(state)
        state = state.with_seat(seat, objectives=state.seats[seat].objectives + (action.district,))
        events.append(ObjectiveDealt(state.name(seat), DECKS[deck]))
        if _next_objective(state) is None:
            state, placed = _place_fixed_bands(state.replace(phase="bands", active=0))
            events += placed
    elif isinstance(action, PlaceBand):
        k = state.i(action.district)
        bands = list(state.bands)
        bands[k] += 1
        events.append(BandPlaced(state.board.districts[action.district].name, state.name(state.active)))
        state = state.replace(bands=tuple(bands), active=(state.active + 1) % len(state.seats))
        if sum(bands) == TRAINED_BANDS:
            state = state.replace(phase="pawns", active=0)
    elif isinstance(action, PlacePawn):
        events.append(PawnPlaced(state.name(state.active), state.board.districts[action.district].name))
        state = state.with_seat(state.active, pawn=action.district)
        if all(s.pawn for s in state.seats):
            state = state.replace(phase="spread", active=0, turn=1)
        else:
            state = state.replace(active=state.active + 1)
    return state, events


def _place_fixed_bands(state: "State") -> tuple["State", list]:
    """With 4 or 5 players some trained bands start on the board's marked spots (seed p. 2, p. 4)."""
    players = len(state.seats)
    bands = list(state.bands)
    events = []
    for d, info in state.board.districts.items():
        if players in info.band_spot:
            bands[state.i(d)] += 1
            events.append(BandPlaced(info.name, "the rules"))
    return state.replace(bands=tuple(bands)), events


# ---- the players' setup choices ---------------------------------------------------------------------------------
def legal_placements(state: "State") -> list:
    """Trained bands and owner pawns go anywhere outside the green region (``london.setup.*``)."""
    return list(_placements(state.board, PlaceBand if state.phase == "bands" else PlacePawn))


@functools.cache
def _placements(board: Board, cls: type) -> tuple[Any, ...]:
    return tuple(cls(d) for d, info in board.districts.items() if info.region != "green")


def why_illegal(state: "State", action: Any) -> IllegalAction | None:
    """Why a placement is refused."""
    wanted = "bands" if isinstance(action, PlaceBand) else "pawns"
    rule = RULES["london.setup.trained-bands" if wanted == "bands" else "london.setup.pawns"]
    if state.phase != wanted:
        what = "trained bands are placed" if wanted == "bands" else "owner pawns are placed"
        now = PHASE_WORDS.get(state.phase, "setup is not over")
        return IllegalAction(rule, f"{what} during setup, one by one in turn order; now {now}", action=action)
    info = state.board.districts.get(action.district)
    if info is not None and info.region == "green":
        what = "trained band" if wanted == "bands" else "owner pawn"
        return IllegalAction(rule, f"{info.name} is in the pale-green centre round Pudding Lane, where no {what} starts", action=action)
    return None
