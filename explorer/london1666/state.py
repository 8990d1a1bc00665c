"""The London game state: an immutable snapshot of the board, the hands and whose turn it is.

Per-district facts are tuples in the board's district order (``board.ids``); use the accessors
(:meth:`State.fire_at`, :meth:`State.is_contained`...) rather than indexing. The position format
(:meth:`State.to_dict`) is the game's "FEN": tutorials and tests set up any situation with it.
"""

from __future__ import annotations

import dataclasses
from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass, field
from fractions import Fraction
from itertools import chain
from typing import Any, ClassVar, Literal

import pydantic

from explorer.core import Event, GameState, IllegalAction, InvalidData, Rng, RuleTable, ScoreBreakdown, StrictModel
from explorer.core.schema import problems_from_validation_error
from explorer.core.state import _CACHES as CORE_CACHES

from . import acting, drawing, scoring, setup, spreading
from .actions import (Action, AddFire, ColourCard, DealCard, DealObjective, Demolish, Discard, DrawCard,
                      EndActions, Extinguish, MoveBand, MovePawn, PawnColour, PlaceBand, PlaceHouse, PlacePawn,
                      PlaceToken, SkipDouble, Spread, parse_action)
from .board import REGIONS, Board
from .components import (COLOURS, FIRE_CARDS, HAND_SIZE, HERO_CONES, HOUSES_PER_COLOUR,
                         HOUSES_PER_COLOUR_PER_REGION, MOVEMENT_CARDS_PER_DIRECTION, OBJECTIVE_DECKS, TOKENS,
                         TRAINED_BANDS)
from .rules import RULES

VERSION = "2"
"""Engine version, written into saved records; bumped when behaviour changes."""

DIRECTION_INDEX = {"N": 0, "E": 1, "S": 2, "W": 3}
SETUP_PHASES = ("deal", "houses", "colours", "pawn-colours", "tokens", "objectives", "bands", "pawns")
PLAY_PHASES = ("spread", "double", "blocked-fire", "actions", "draw")
PHASES = (*SETUP_PHASES, *PLAY_PHASES, "over")
CHANCE_PHASES = frozenset({"deal", "houses", "colours", "pawn-colours", "tokens", "objectives", "draw"})


@dataclass(frozen=True)
class Options:
    """The game's options: the optional rules and the component variant."""

    hidden_colours: bool = False
    """Optional rule A (``london.option.hidden-colours``)."""
    more_destruction: bool = False
    """Optional rule B (``london.option.more-destruction``)."""
    fire_cones: int = 100
    """Fire cones in the box (``london.assume.fire-cones``); the first English printing had 65."""

    def __post_init__(self) -> None:
        for name in ("hidden_colours", "more_destruction"):
            if not isinstance(getattr(self, name), bool):
                raise ValueError(f"{name} must be true or false, got {getattr(self, name)!r}")
        if isinstance(self.fire_cones, bool) or not isinstance(self.fire_cones, int) or self.fire_cones < 30:
            raise ValueError(f"fire_cones must be a whole number of at least 30, got {self.fire_cones!r}")


@dataclass(frozen=True)
class Seat:
    """One player: their colour, pawn, hand, tokens, secret objectives and extinguished cones."""

    colour: str | None = None
    """The colour card: whose houses score for this player (``None`` until dealt)."""
    pawn_colour: str | None = None
    """The colour of the pawn they play with (their own colour unless optional rule A)."""
    pawn: str | None = None
    """The district of their owner pawn (``None`` until placed)."""
    hand: tuple[int, int, int, int] = (0, 0, 0, 0)
    """Movement cards in hand by direction N, E, S, W."""
    tokens: tuple[str, ...] = ()
    """Tokens held face down: ``charge``, ``double``, ``vp`` (sorted)."""
    objectives: tuple[str, ...] = ()
    """Districts named by their objective cards, decks I, II, III in order."""
    extinguished: int = 0
    """Fire cones put out (kept in front of the player)."""

    @property
    def cards(self) -> int:
        """Cards in hand."""
        return sum(self.hand)

    def replace(self, **changes: Any) -> "Seat":
        """A copy with ``changes`` (like ``dataclasses.replace``, without re-running ``__init__``: the rules
        change seats on every turn, so this is the hot path).

        Raises:
            TypeError: for a name that is not a field.
        """
        if not _SEAT_FIELDS.issuperset(changes):
            raise TypeError(f"Seat has no field(s) {sorted(set(changes) - _SEAT_FIELDS)}")
        new = object.__new__(type(self))
        fields = new.__dict__
        fields.update(self.__dict__)
        fields.update(changes)
        return new

    def hand_text(self) -> str:
        """The hand as text, e.g. ``"N N E W S"``."""
        return " ".join(d for d, n in zip("NESW", self.hand) for _ in range(n)) or "no cards"


_SEAT_FIELDS = frozenset(f.name for f in dataclasses.fields(Seat))


@dataclass(frozen=True)
class Secrets:
    """What one player knows and the others do not (seed p. 3-4): the districts of their objective cards and,
    under optional rule A (``london.option.hidden-colours``), the colour whose houses score for them."""

    player: str
    """The player's name (their pawn colour)."""
    objectives: tuple[tuple[str, str, int, bool], ...]
    """Per objective card, decks I, II, III in order: ``(district id, district name, points, survives so
    far)`` (points count at the end if the district still has houses and no uncovered fire,
    ``london.score.objectives``)."""
    colour: str | None
    """The player's colour card (``None`` until dealt)."""
    colour_hidden: bool
    """True under optional rule A: the colour is a secret (else everyone sees it on the pawn)."""

    @property
    def districts(self) -> tuple[str, ...]:
        """The district ids of the objectives."""
        return tuple(d for d, *_ in self.objectives)

    def text(self) -> str:
        """The secrets in words, e.g. ``"Your secret objectives: Guild Hall (6 points), Moorgate (4 points)"``
        (and, under rule A, ``"; your secret colour: red"``)."""
        if self.objectives:
            words = ", ".join(f"{name} ({points} points{'' if ok else ', lost for now'})"
                              for _, name, points, ok in self.objectives)
            text = f"Your secret objectives: {words}"
        else:
            text = "You hold no objective card yet"
        if self.colour_hidden and self.colour:
            text += f"; your secret colour: {self.colour} (the {self.colour} houses score for you)"
        return text


@dataclass(frozen=True)
class State(GameState):
    """A position of The Great Fire of London 1666 (see the module docstring and :meth:`to_dict`)."""

    game: ClassVar[str] = "london1666"
    RULES: ClassVar[RuleTable] = RULES

    board: Board = field(repr=False, compare=False)
    options: Options
    seats: tuple[Seat, ...]
    phase: str
    active: int
    """The seat whose turn it is (or who places next during setup)."""
    fire: tuple[int, ...]
    """Fire cones per district."""
    bands: tuple[int, ...]
    """Trained bands per district."""
    houses: tuple[tuple[str, ...], ...]
    """House colours standing in each district (sorted)."""
    burnt: tuple[bool, ...]
    """Districts whose houses have burned."""
    demolished: tuple[bool, ...]
    """Firebreaks made by demolition charges."""
    tokens: tuple[str | None, ...]
    """The face-down token lying in each district, if any."""
    unseen: tuple[int, int, int, int]
    """Face-down movement cards (fire deck and box) by direction N, E, S, W."""
    deck: tuple[int, ...]
    """Movement cards still above each remaining fire card, top first (the last one sits on card A)."""
    supply: int
    """Fire cones beside the board."""
    rng: Rng
    hero: int | None = None
    """Seat holding the Hero of London card."""
    ap: int = 0
    """Action points left in the action phase."""
    card: str | None = None
    """Direction of the card played this turn."""
    double_used: bool = False
    """True once a double-move token has been used this turn."""
    pending_fire: int = 0
    """Cones still to place for a blocked fire."""
    final_turns: int | None = None
    """Turn ends left once the last fire card intensified the fire (``None`` before)."""
    turn: int = 0
    """Turn number (1 for the start player's first turn; 0 during setup)."""
    events: tuple[Event, ...] = field(default=(), compare=False)

    # ---- who plays ---------------------------------------------------------------------------------------
    @property
    def players(self) -> tuple[str, ...]:
        """Player names: their pawn colour once known (their colour card stays secret under rule A)."""
        return tuple(seat.pawn_colour or seat.colour or f"player {i + 1}" for i, seat in enumerate(self.seats))

    def name(self, seat: int) -> str:
        """The name of ``seat`` (as in :attr:`players`)."""
        one = self.seats[seat]
        return one.pawn_colour or one.colour or f"player {seat % len(self.seats) + 1}"

    @property
    def is_terminal(self) -> bool:
        """True once the final turns are over (``london.end.extra-turn``)."""
        return self.phase == "over"

    @property
    def is_chance_node(self) -> bool:
        """True during the setup deals and placements, and while the active player draws cards."""
        return self.phase in CHANCE_PHASES and not self._chance_done()

    def _chance_done(self) -> bool:
        return self.phase == "draw" and not drawing.must_draw(self)

    @property
    def current_player(self) -> int | None:
        """The seat to act, or ``None`` at a chance step or at the end."""
        if self.is_terminal or self.is_chance_node:
            return None
        return self.active

    @property
    def seat(self) -> Seat:
        """The active seat."""
        return self.seats[self.active]

    # ---- districts --------------------------------------------------------------------------------------------
    def i(self, district: str) -> int:
        """Position of ``district`` in the per-district tuples (raises ``KeyError`` for an unknown id)."""
        return self.board.index[district]

    def fire_at(self, district: str) -> int:
        """Fire cones in ``district``."""
        return self.fire[self.i(district)]

    def bands_at(self, district: str) -> int:
        """Trained bands in ``district``."""
        return self.bands[self.i(district)]

    def houses_at(self, district: str) -> tuple[str, ...]:
        """House colours standing in ``district``."""
        return self.houses[self.i(district)]

    def is_contained(self, district: str) -> bool:
        """True if ``district`` burns and every cone is covered by a trained band (``london.fire.contained``)."""
        k = self.i(district)
        return 0 < self.fire[k] <= self.bands[k]

    def is_uncontained(self, district: str) -> bool:
        """True if ``district`` burns with at least one uncovered cone."""
        k = self.i(district)
        return self.fire[k] > self.bands[k]

    def free_bands(self, district: str) -> int:
        """Trained bands not covering a cone in ``district`` (they can move)."""
        k = self.i(district)
        return max(0, self.bands[k] - self.fire[k])

    @property
    def tracks(self) -> tuple[int, ...]:
        """Houses lost (burned or demolished) per colour, in ``COLOURS`` order: what lies on the score tracks.

        Derived from the map, the one source of truth: every house of a colour not on the map has gone to the
        track (``london.score.houses``), so once the houses are placed this is 20 minus the houses still
        standing; before that (the deal and houses phases of setup) nothing is lost.
        """
        if self.phase in ("deal", "houses"):
            return (0,) * len(COLOURS)
        cached = self.__dict__.get("_tracks_of")
        if cached is not None and cached[0] is self.houses:  # houses is replaced, never changed, when houses go
            return cached[1]
        lost = houses_lost(self.houses)
        self.__dict__["_tracks_of"] = (self.houses, lost)
        return lost

    def pawns_at(self, district: str) -> list[int]:
        """Seats whose pawn stands in ``district``."""
        return [n for n, seat in enumerate(self.seats) if seat.pawn == district]

    # ---- the contract -------------------------------------------------------------------------------------------
    def chance_outcomes(self) -> list[tuple[Action, Fraction]]:
        """The possible deals, draws and placements here, each with its exact probability (computed once per
        state)."""
        cached = self.__dict__.get("_outcomes")
        if cached is None:
            if not self.is_chance_node:
                return []
            cached = drawing.draw_outcomes(self) if self.phase == "draw" else setup.chance_outcomes(self)
            self.__dict__["_outcomes"] = cached
        return list(cached)

    def _chance_counts(self) -> list[tuple[Action, int]]:
        """The outcomes of this chance step with their weights, whole numbers in proportion to their chances
        (:meth:`chance_outcomes` gives them as probabilities)."""
        return drawing.draw_counts(self) if self.phase == "draw" else setup.chance_counts(self)

    def resolve_chance(self) -> "State":
        """Apply seeded chance outcomes until a player must act (or the game ends): the same steps, draws and
        result as :meth:`GameState.resolve_chance`, without the checks an outcome drawn from this step's own
        outcomes does not need (setup is some 180 chance steps, so this is most of :func:`new_game`). The 120
        houses of setup are drawn and placed in one go (:func:`.setup.place_houses`).

        Each outcome is drawn by :meth:`Rng.choose <explorer.core.Rng.choose>` from the outcomes' probabilities
        as floats, ``n / total``, which is what ``float()`` of their exact fractions gives.
        """
        state, events, draws = self, None, self.rng.draws
        while state.is_chance_node and not state.is_terminal:
            if state.phase == "houses" and setup._next_house_slot(state) is not None:
                state, events, draws = setup.place_houses(state, draws)  # 120 steps in one go
                continue
            action = self.rng.at(draws).choose_counted(state._chance_counts())
            state, events = state._apply(action)
            draws += 1
        if events is None:
            return state
        return state.replace(events=tuple(events), rng=self.rng.at(draws))

    def _legal_actions(self) -> list[Action]:
        if self.phase in ("bands", "pawns"):
            return setup.legal_placements(self)
        if self.phase in ("spread", "double", "blocked-fire"):
            return spreading.legal_actions(self)
        if self.phase == "actions":
            return acting.legal_actions(self)
        return []

    def why_illegal(self, action: Any) -> IllegalAction | None:
        """The rule (and a player's explanation) behind refusing ``action`` here."""
        if isinstance(action, (PlaceBand, PlacePawn)):
            return setup.why_illegal(self, action)
        if isinstance(action, (Spread, SkipDouble, Discard, AddFire)):
            return spreading.why_illegal(self, action)
        if isinstance(action, (MovePawn, MoveBand, Extinguish, Demolish, EndActions)):
            return acting.why_illegal(self, action)
        return None

    def _apply(self, action: Any) -> tuple["State", Sequence[Event]]:
        part = _PART_OF.get(type(action)) or next((p for c, p in _PART_OF.items() if isinstance(action, c)), None)
        if part is None:
            raise TypeError(f"not a London action: {action!r}")
        return part.apply(self, action)

    def parse_action(self, text: str) -> Action:
        """Read an action on this position's board: ``parse_action(text, self.board)``.

        Raises:
            NotationError: if the text cannot be read or names a district not on the board.
        """
        return parse_action(text, self.board)

    def scores(self) -> dict[str, ScoreBreakdown]:
        """Running (or final) scores by player, broken down as the rulebook scores (``london.score.*``)."""
        return scoring.scores(self)

    def winners(self) -> list[str]:
        """The players ranked first after the tie-breaks (several if the tie stands)."""
        return scoring.winners(self)

    def secrets_of(self, seat: int) -> Secrets:
        """What only ``seat`` may see (``london.setup.objectives``, ``london.option.hidden-colours``): their
        objective districts with their points and whether they survive so far, and their colour card.

        >>> from explorer.london1666 import new_game
        >>> s = new_game(players=4, seed=1666)
        >>> [(d, points) for d, _, points, _ in s.secrets_of(0).objectives] == [
        ...     (d, s.board.districts[d].objective) for d in s.seats[0].objectives]
        True

        Raises:
            IndexError: for a seat that is not at the table.
        """
        if isinstance(seat, bool) or not isinstance(seat, int) or not 0 <= seat < len(self.seats):
            raise IndexError(f"there is no player {seat!r} at this table of {len(self.seats)}")
        info = self.board.districts
        objectives = tuple((d, info[d].name, info[d].objective, scoring.objective_survives(self, d))
                           for d in self.seats[seat].objectives)
        return Secrets(self.name(seat), objectives, self.seats[seat].colour, self.options.hidden_colours)

    # ---- building new states ----------------------------------------------------------------------------------
    def with_seat(self, seat: int, **changes: Any) -> "State":
        """A copy where seat ``seat`` has ``changes``."""
        return self.replace(seats=self.seats_with(seat, **changes))

    def seats_with(self, seat: int, **changes: Any) -> tuple[Seat, ...]:
        """The seats, with ``changes`` made to seat ``seat`` (for a :meth:`replace` that changes more)."""
        seats = list(self.seats)
        seats[seat] = seats[seat].replace(**changes)
        return tuple(seats)

    def replace(self, **changes: Any) -> "State":
        """A copy with the fields in ``changes`` replaced (:meth:`GameState.replace`), without the facts derived
        from this state and cached on it (:data:`DERIVED`).

        Raises:
            TypeError: for a name that is not a field.
        """
        if not _STATE_FIELDS.issuperset(changes):
            raise TypeError(f"State has no field(s) {sorted(set(changes) - _STATE_FIELDS)}")
        new = object.__new__(type(self))
        fields = self.__dict__.copy()
        for name in DERIVED:
            if name in fields:
                del fields[name]
        fields.update(changes)
        object.__setattr__(new, "__dict__", fields)
        return new

    # ---- the position format ------------------------------------------------------------------------------------
    def to_dict(self) -> dict[str, Any]:
        """The position as JSON-ready data; districts with nothing on them are left out.

        Fields: ``game``, ``version``, ``players`` (count), ``options``, ``phase``, ``active`` (seat), ``turn``,
        ``ap``, ``card``, ``double_used``, ``pending_fire``, ``final_turns``, ``supply``, ``deck`` (movement
        cards above each remaining fire card, top first), ``unseen`` (face-down movement cards by direction),
        ``tracks`` (houses lost per colour: written for readers, derived from the map, see :attr:`tracks`;
        :meth:`from_dict` may omit it and checks it when given), ``hero``, ``seats`` (colour, pawn_colour, pawn, hand, tokens,
        objectives, extinguished), ``districts`` (``{id: {fire, bands, houses, burnt, demolished, token}}``),
        ``seed`` and ``draws`` (the random stream).
        """
        districts = {}
        for k, d in enumerate(self.board.ids):
            entry = {"fire": self.fire[k], "bands": self.bands[k], "houses": list(self.houses[k]),
                     "burnt": self.burnt[k], "demolished": self.demolished[k], "token": self.tokens[k]}
            compact = {key: value for key, value in entry.items() if value not in (0, [], False, None)}
            if compact:
                districts[d] = compact
        return {
            "game": "london1666", "version": VERSION, "players": len(self.seats),
            "options": dataclasses.asdict(self.options), "phase": self.phase, "active": self.active,
            "turn": self.turn, "ap": self.ap, "card": self.card, "double_used": self.double_used,
            "pending_fire": self.pending_fire, "final_turns": self.final_turns, "supply": self.supply,
            "deck": list(self.deck), "unseen": dict(zip("NESW", self.unseen)),
            "tracks": dict(zip(COLOURS, self.tracks)), "hero": self.hero,
            "seats": [{"colour": s.colour, "pawn_colour": s.pawn_colour, "pawn": s.pawn,
                       "hand": dict(zip("NESW", s.hand)), "tokens": list(s.tokens),
                       "objectives": list(s.objectives), "extinguished": s.extinguished} for s in self.seats],
            "districts": districts, "seed": self.rng.seed, "draws": self.rng.draws,
        }

    @classmethod
    def from_dict(cls, data: Any, board: Board | None = None) -> "State":
        """A position from :meth:`to_dict` data (missing optional fields take their defaults).

        ``tracks`` is optional: the houses lost are what is missing from the map (:attr:`tracks`); when it is
        given it must agree with the map.

        Raises:
            InvalidData: listing every problem: wrong types, unknown districts or colours, fire in a green zone
                or a demolished district, more houses than icons, houses in a burnt district, a seat or phase
                out of range, and every situation play cannot reach (see :func:`consistency_problems`).
        """
        if board is not None and not isinstance(board, Board):
            raise InvalidData("London position", [f"board: expected a Board, got {type(board).__name__}"])
        board = board or Board.default()
        try:
            pos = _Position.model_validate(data)
        except pydantic.ValidationError as err:
            raise InvalidData("London position", problems_from_validation_error(err)) from None
        problems = []
        n = pos.players
        if len(pos.seats) != n:
            problems.append(f"seats: expected {n} seats (players={n}), got {len(pos.seats)}")
        for where, seat in [("active", pos.active), ("hero", pos.hero)]:
            if seat is not None and not 0 <= seat < n:
                problems.append(f"{where}: seat {seat} does not exist with {n} players")
        if len(pos.deck) > len(FIRE_CARDS):
            problems.append(f"deck: at most {len(FIRE_CARDS)} fire cards, got {len(pos.deck)}")
        for s_i, seat in enumerate(pos.seats):
            for d in ([seat.pawn] if seat.pawn else []) + seat.objectives:
                if d not in board.index:
                    problems.append(f"seats[{s_i}]: no district {d!r} on this board")
        per = {name: [0] * len(board.ids) for name in ("fire", "bands")}
        houses: list[tuple[str, ...]] = [()] * len(board.ids)
        burnt, demolished = [False] * len(board.ids), [False] * len(board.ids)
        tokens: list[str | None] = [None] * len(board.ids)
        for d, entry in pos.districts.items():
            if d not in board.index:
                problems.append(f"districts.{d}: no such district on this board")
                continue
            k, info = board.index[d], board.districts[d]
            if entry.fire and (info.green_zone or entry.demolished):
                problems.append(f"districts.{d}: fire cannot be in a green zone or a demolished district")
            if len(entry.houses) > info.houses:
                problems.append(f"districts.{d}: {len(entry.houses)} houses but only {info.houses} house icons")
            if entry.houses and (entry.burnt or entry.demolished):
                problems.append(f"districts.{d}: houses cannot stand in a burnt or demolished district")
            per["fire"][k], per["bands"][k] = entry.fire, entry.bands
            houses[k] = tuple(sorted(entry.houses))
            burnt[k], demolished[k], tokens[k] = entry.burnt, entry.demolished, entry.token
        try:
            rng = Rng(pos.seed, pos.draws)
            options = Options(**pos.options.model_dump())
        except ValueError as err:
            problems.append(str(err))
        if problems:
            raise InvalidData("London position", problems)
        seats = tuple(Seat(s.colour, s.pawn_colour, s.pawn, tuple(s.hand.get(x, 0) for x in "NESW"),
                           tuple(sorted(s.tokens)), tuple(s.objectives), s.extinguished) for s in pos.seats)
        state = cls(board=board, options=options, seats=seats, phase=pos.phase, active=pos.active,
                    fire=tuple(per["fire"]), bands=tuple(per["bands"]), houses=tuple(houses),
                    burnt=tuple(burnt), demolished=tuple(demolished), tokens=tuple(tokens),
                    unseen=tuple(pos.unseen.get(x, 0) for x in "NESW"), deck=tuple(pos.deck),
                    supply=pos.supply, rng=rng,
                    hero=pos.hero, ap=pos.ap, card=pos.card, double_used=pos.double_used,
                    pending_fire=pos.pending_fire, final_turns=pos.final_turns, turn=pos.turn)
        problems = consistency_problems(state)
        if pos.tracks is not None:
            problems += _track_problems(state, {c: pos.tracks.get(c, 0) for c in COLOURS})
        if problems:
            raise InvalidData("London position", problems)
        return state

    def __str__(self) -> str:
        burning = ", ".join(f"{d} {self.fire[k]}" + (f"/{self.bands[k]}b" if self.bands[k] else "")
                            for k, d in enumerate(self.board.ids) if self.fire[k])
        who = "game over" if self.is_terminal else f"{self.phase}, {self.name(self.active)} to act"
        return f"London 1666, turn {self.turn} ({who}); fire: {burning}"


_PART_OF = {**dict.fromkeys((DealCard, PlaceHouse, ColourCard, PawnColour, PlaceToken, DealObjective, PlaceBand,
                             PlacePawn), setup),
            **dict.fromkeys((Spread, SkipDouble, Discard, AddFire), spreading),
            **dict.fromkeys((MovePawn, MoveBand, Extinguish, Demolish, EndActions), acting), DrawCard: drawing}
"""The part of the rules (module) that carries out each kind of action."""
_STATE_FIELDS = frozenset(f.name for f in dataclasses.fields(State))
DERIVED = (*CORE_CACHES, "_regions")
"""The facts computed from a state at most once and kept on it (states are immutable): the legal actions and
chance outcomes (``explorer.core``), where the fire can go (:func:`.spreading.fire_map`); :meth:`State.replace`
leaves them out. (The score tracks are kept with the houses they were counted from, see :attr:`State.tracks`.)"""


def houses_lost(houses: Sequence[Sequence[str]]) -> tuple[int, ...]:
    """Houses of each colour (``COLOURS`` order) missing from ``houses`` (the houses standing per district).

    Every colour has 20 houses and all of them are placed at setup, so the ones missing have burned or been
    demolished and lie on the score track (``london.score.houses``).

    >>> houses_lost([("red", "red", "blue")])
    (18, 19, 20, 20, 20, 20)
    """
    standing = Counter(chain.from_iterable(houses))
    return tuple(HOUSES_PER_COLOUR - standing[c] for c in COLOURS)


def _track_problems(state: State, given: dict[str, int]) -> list[str]:
    """The ``tracks`` of a position file against the houses missing from its map (``london.score.houses``)."""
    problems = []
    for colour, lost in zip(COLOURS, state.tracks):
        standing = sum(h.count(colour) for h in state.houses)
        if given[colour] != lost:
            problems.append(f"tracks.{colour}: {given[colour]} houses on the score track, but {standing} "
                            f"{colour} houses stand on the map, so {lost} of the {HOUSES_PER_COLOUR} were lost "
                            "(the track holds exactly the houses burned or demolished)")
    return problems


def consistency_problems(state: State) -> list[str]:
    """What in a position breaks the rules' bookkeeping (a position play could never reach), one line each.

    Checked: pieces where the rules never put them (fire in green zones or above the cap, pawns, bands or
    tokens in Pudding Lane or green zones' tokens), colours dealt once, objectives naming objective districts
    of the right deck once, and that the phase has something to do (a chance step to draw, or a choice).
    Also the counts of the box: at most 5 houses of a colour per region and 20 in all, every house icon
    filled until its district burns or is demolished, no house under an uncovered fire
    (``london.fire.burn``), the fire cones on the board, beside it and put out adding up to the box, tokens
    and movement cards no more than the game has, and the Hero of London with whoever the rule gives it to
    (``london.actions.hero``).
    """
    board, problems = state.board, []
    problems += _house_problems(state)
    problems += _count_problems(state)
    problems += _hero_problems(state)
    start = board.start
    for k, d in enumerate(board.ids):
        info = board.districts[d]
        if d != start and state.fire[k] > info.fire_cap:
            problems.append(f"districts.{d}: {state.fire[k]} cones, but fire never exceeds house icons + 2 "
                            f"({info.fire_cap}) outside Pudding Lane")
        if (d == start or info.green_zone) and state.tokens[k]:
            problems.append(f"districts.{d}: no token lies in Pudding Lane or a green zone")
    if state.bands[board.index[start]]:
        problems.append(f"districts.{start}: no trained band enters Pudding Lane")
    colours = [seat.colour for seat in state.seats if seat.colour]
    if len(set(colours)) != len(colours):
        problems.append("seats: each colour card is dealt once")
    dealt: list[str] = []
    for n, seat in enumerate(state.seats):
        if seat.pawn == start:
            problems.append(f"seats[{n}].pawn: no pawn enters Pudding Lane")
        if seat.colour and seat.pawn_colour and seat.colour != seat.pawn_colour and not state.options.hidden_colours:
            problems.append(f"seats[{n}]: the pawn has the player's colour unless optional rule A is on")
        for deck, d in zip(OBJECTIVE_DECKS.values(), seat.objectives):
            if board.districts[d].objective != deck:
                problems.append(f"seats[{n}].objectives: {d} is not an objective worth {deck} "
                                "(decks I, II, III name districts worth 2, 4, 6)")
        dealt += seat.objectives
    if len(set(dealt)) != len(dealt):
        problems.append("seats: each objective card is dealt once")
    if state.phase in ("spread", "double", "blocked-fire", "actions", "draw", "over"):
        if any(seat.colour is None or seat.pawn_colour is None or seat.pawn is None for seat in state.seats):
            problems.append(f"seats: in the {state.phase} phase every player has a colour, a pawn colour and a "
                            "pawn on the board")
    if sum(state.bands) > TRAINED_BANDS:
        problems.append(f"districts: the game has {TRAINED_BANDS} trained bands, got {sum(state.bands)}")
    if problems:
        return problems
    if not state.is_terminal and not _phase_has_work(state):
        problems.append(f"phase: nothing can happen in the {state.phase} phase of this position (no chance step "
                        "is due and no action is legal)")
    return problems


def _phase_has_work(state: State) -> bool:
    """True if the phase has its next step: a card to deal, a house slot to fill, a choice to make..."""
    from .setup import _next_house_slot

    seats, board = state.seats, state.board
    waiting = {
        "deal": lambda: any(seat.cards < HAND_SIZE for seat in seats) and sum(state.unseen) > 0,
        "houses": lambda: _next_house_slot(state) is not None,
        "colours": lambda: any(seat.colour is None for seat in seats),
        "pawn-colours": lambda: state.options.hidden_colours and any(seat.pawn_colour is None for seat in seats),
        "tokens": lambda: any(info.token and state.tokens[board.index[d]] is None
                              for d, info in board.districts.items())
        and sum(1 for t in state.tokens if t) < sum(TOKENS.values()),
        "objectives": lambda: any(len(seat.objectives) < 3 for seat in seats),
        "bands": lambda: sum(state.bands) < TRAINED_BANDS,
        "pawns": lambda: any(seat.pawn is None for seat in seats),
        "spread": lambda: state.seat.cards > 0,
        "double": lambda: state.card is not None,
        "blocked-fire": lambda: state.pending_fire > 0,
        "draw": lambda: drawing.must_draw(state),
        "actions": lambda: True,
    }
    if state.phase in SETUP_PHASES and (state.turn or any(state.burnt) or any(state.demolished)):
        return False  # setup happens before the first turn, on an untouched board
    try:
        return waiting[state.phase]() and bool(state.legal_actions())
    except (KeyError, TypeError, ValueError, IndexError, StopIteration, ZeroDivisionError):
        return False  # an odd position the rules code cannot even look at


def _house_problems(state: State) -> list[str]:
    """Houses as setup placed them and fire or demolition removed them (``london.setup.houses``,
    ``london.fire.burn``)."""
    board, problems = state.board, []
    placed = state.phase not in ("deal", "houses")
    for colour in COLOURS:
        standing = sum(h.count(colour) for h in state.houses)
        if standing > HOUSES_PER_COLOUR:
            problems.append(f"houses: {standing} {colour} houses on the map, but each colour has "
                            f"{HOUSES_PER_COLOUR}")
        for region in REGIONS:
            here = sum(state.houses[board.index[d]].count(colour) for d in board.in_region(region))
            if here > HOUSES_PER_COLOUR_PER_REGION:
                problems.append(f"houses: {here} {colour} houses in the {region} region, but setup puts "
                                f"{HOUSES_PER_COLOUR_PER_REGION} of each colour in each region")
    for k, d in enumerate(board.ids):
        info, standing = board.districts[d], len(state.houses[k])
        if standing and state.fire[k] > state.bands[k]:
            problems.append(f"districts.{d}: {standing} house{'s' if standing != 1 else ''} under an uncovered "
                            f"fire ({state.fire[k]} cones, {state.bands[k]} trained bands): fire that is not "
                            "covered burns the houses as it arrives")
        if placed and 0 < info.houses and standing < info.houses and not (state.burnt[k] or state.demolished[k]):
            problems.append(f"districts.{d}: {standing} houses on {info.houses} house icons, but setup fills "
                            "every icon and houses leave only when their district burns or is demolished")
    return problems


def _count_problems(state: State) -> list[str]:
    """Fire cones, tokens and movement cards: never more than the box holds (``london.fire.supply``)."""
    problems = []
    on_board, put_out = sum(state.fire), sum(seat.extinguished for seat in state.seats)
    box = state.options.fire_cones
    if on_board + state.supply + put_out != box:
        problems.append(f"supply: {state.supply} cones beside the board, {on_board} on it and {put_out} put out "
                        f"make {on_board + state.supply + put_out}, but the box holds {box} fire cones "
                        "(cones only move between these places)")
    for kind, count in TOKENS.items():
        held = sum(seat.tokens.count(kind) for seat in state.seats) + state.tokens.count(kind)
        if kind == "charge":
            held += sum(state.demolished)  # a used charge lies on the district it demolished
        if held > count:
            problems.append(f"tokens: {held} {kind} tokens in play, but the game has {count}")
    for n, direction in enumerate("NESW"):
        cards = state.unseen[n] + sum(seat.hand[n] for seat in state.seats)
        if cards > MOVEMENT_CARDS_PER_DIRECTION:
            problems.append(f"unseen.{direction}: {cards} {direction} cards face down and in hand, but the game "
                            f"has {MOVEMENT_CARDS_PER_DIRECTION} of each direction")
    if sum(state.deck) > sum(state.unseen):
        problems.append(f"deck: {sum(state.deck)} cards above the fire cards, but only {sum(state.unseen)} "
                        "movement cards are face down")
    return problems


def _hero_problems(state: State) -> list[str]:
    """The Hero of London card is where rule ``london.actions.hero`` puts it: with the first player to put out
    3 cones, until someone has put out more than its holder."""
    out = [seat.extinguished for seat in state.seats]
    if state.hero is None or not 0 <= state.hero < len(out):
        leaders = [state.name(n) for n, cones in enumerate(out) if cones >= HERO_CONES]
        if state.hero is None and leaders:
            return [f"hero: nobody holds the Hero of London, but {', '.join(leaders)} put out {HERO_CONES} or more "
                    "cones (the first to do so takes the card)"]
        return []
    problems = []
    holder = state.name(state.hero)
    if out[state.hero] < HERO_CONES:
        problems.append(f"hero: {holder} holds the Hero of London with {out[state.hero]} cones put out, but the "
                        f"card goes to the first player to put out {HERO_CONES}")
    for n, cones in enumerate(out):
        if cones > out[state.hero]:
            problems.append(f"hero: {state.name(n)} put out {cones} cones, more than the holder {holder} "
                            f"({out[state.hero]}), and would have taken the Hero of London")
    return problems


# ---- the position file format (validated with pydantic) ---------------------------------------------------------
Colour = Literal["red", "blue", "green", "yellow", "white", "purple"]
Direction = Literal["N", "E", "S", "W"]
TokenKind = Literal["charge", "double", "vp"]
Count = pydantic.conint(ge=0)


class _DistrictPos(StrictModel):
    fire: Count = 0
    bands: Count = 0
    houses: list[Colour] = []
    burnt: bool = False
    demolished: bool = False
    token: TokenKind | None = None


class _SeatPos(StrictModel):
    colour: Colour | None = None
    pawn_colour: Colour | None = None
    pawn: str | None = None
    hand: dict[Direction, Count] = {}
    tokens: list[TokenKind] = []
    objectives: list[str] = pydantic.Field(default_factory=list, max_length=3)
    extinguished: Count = 0


class _OptionsPos(StrictModel):
    hidden_colours: bool = False
    more_destruction: bool = False
    fire_cones: int = 100


class _Position(StrictModel):
    game: Literal["london1666"]
    version: str | None = None
    players: Literal[3, 4, 5, 6]
    options: _OptionsPos = _OptionsPos()
    phase: Literal[PHASES]  # type: ignore[valid-type]
    active: Count = 0
    turn: Count = 0
    ap: pydantic.conint(ge=0, le=4) = 0
    card: Direction | None = None
    double_used: bool = False
    pending_fire: pydantic.conint(ge=0, le=3) = 0
    final_turns: Count | None = None
    supply: Count = 0
    deck: list[Count] = []
    unseen: dict[Direction, Count] = {}
    tracks: dict[Colour, Count] | None = None
    hero: Count | None = None
    seats: list[_SeatPos]
    districts: dict[str, _DistrictPos] = {}
    seed: int = 0
    draws: Count = 0


