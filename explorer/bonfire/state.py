"""A Bonfire position: the central board, each player's boards, and the steps still to take.

A :class:`State` is immutable: every action gives a new one (:meth:`~explorer.core.GameState.apply`). It holds
plain tuples, counts in the component data's order (resources, action types, path-tile kinds), so copying a state
is cheap. What is still to be done inside an option (paying a missing tile, the guardians' moves in a procession,
a novice's seat, a draw) is a queue of :class:`Step` values in :attr:`State.pending`, the first one due now: a
player decides it, chance draws it (``deal``), or the engine carries it out (``then``, ``end-turn``).

Hidden information is kept as chance: the task discs in the box, the specialist reserve, each player's face-down
offering discs and the path pile are counts drawn from only when a disc or tile is turned up, with probabilities
from those counts (exactly the draws of a shuffled stack).

>>> from explorer.bonfire import new_game
>>> s = new_game(players=2, seed=3)
>>> s.players, s.current_player, s.pending[0].kind
(('orange', 'green'), 1, 'start-tile')
"""

from __future__ import annotations

import dataclasses
import functools
from collections.abc import Sequence
from dataclasses import dataclass, field
from fractions import Fraction
from typing import Any, ClassVar, NamedTuple

from explorer.core import Event, GameState, IllegalAction, Rng, RuleTable, ScoreBreakdown
from explorer.core.state import _CACHES as CORE_CACHES

from .actions import Action, parse_action
from .components import Components
from .fate import FateState
from .rules import RULES

__all__ = ["Seat", "Step", "State", "Index", "PLAY_CATEGORIES", "VERSION"]

VERSION = "3"
"""The engine version written into saved records (``Record.version``); it changes when a rule changes what is legal."""

PLAY_CATEGORIES = ("elders", "council", "great_bonfire", "countdown", "specialists")
"""Points scored during play, by what scored them: recruited elders, council seats, the Great Bonfire's 2
points, passing in the countdown, specialists' abilities (``bonfire.score.winner``)."""


@dataclass(frozen=True, eq=False)
class Index:
    """The fixed orders of one set of components: resources, action types, path-tile kinds, islands, etc.
    One per components (:meth:`of`), compared and hashed by identity (it is a cache key on hot paths).

    >>> ix = Index.of(Components.default())
    >>> ix.resources[:2], ix.actions[-1], ix.path_kinds[0]
    (('gold', 'herbs'), 'yellow', 'blue herbs')
    """

    resources: tuple[str, ...]
    actions: tuple[str, ...]
    path_kinds: tuple[str, ...]
    task_islands: tuple[str, ...]
    guardian_islands: tuple[str, ...]
    guardian_colours: tuple[str, ...]
    symbols: tuple[str, ...]
    spaces: tuple[str, ...]
    seats: tuple[str, ...]
    common: tuple[str, ...]
    wild_resource: str
    wild_action: str

    @functools.cached_property
    def wild_resource_at(self) -> int:
        """Where the wild resource (gold) stands in :attr:`resources`."""
        return self.resources.index(self.wild_resource)

    @functools.cached_property
    def wild_action_at(self) -> int:
        """Where the wild action tile (yellow) stands in :attr:`actions`."""
        return self.actions.index(self.wild_action)

    @staticmethod
    @functools.cache
    def of(components: Components) -> Index:
        """The orders of ``components`` (worked out once per components)."""
        c = components
        kinds = []
        for tile in c.path_tiles.values():
            kind = f"{tile.colour} {tile.resource}"
            if kind not in kinds:
                kinds.append(kind)
        return Index(
            resources=tuple(c.resources), actions=tuple(c.action_types), path_kinds=tuple(kinds),
            task_islands=tuple(i.id for i in c.islands.values() if i.kind == "task"),
            guardian_islands=tuple(i.id for i in c.islands.values() if i.kind == "guardian"),
            guardian_colours=tuple(c.guardians), symbols=tuple(c.portal_symbols),
            spaces=tuple(s.id for s in c.great_bonfire.spaces), seats=tuple(c.council_seats),
            common=tuple(c.common_tasks),
            wild_resource=next(r.id for r in c.resources.values() if r.wild),
            wild_action=next(a.id for a in c.action_types.values() if a.wild))


SEAT_DERIVED = {"_reach": frozenset({"tiles", "gnomes"}),
                "_walk": frozenset({"guardians", "path", "portals", "gnomes"})}
"""Facts worked out from a :class:`Seat` and remembered on it (a seat is immutable), each with the fields it is
worked out from: the most tiles of each action type it can pay (``turn._tile_reach``), whether a guardian can walk
(``turn._can_walk``). :meth:`Seat.replace` carries a fact over only while none of its fields changes."""
STATE_DERIVED = CORE_CACHES
"""What a :class:`State` remembers about itself (it is immutable): its legal actions and chance outcomes (the
contract's caches). :meth:`State.replace` leaves them behind."""


@dataclass(frozen=True)
class Seat:
    """One player's boards and supply: what seed "Setup" A-F gives them and what they gain in play."""

    colour: str
    """The player's colour (their boat, novices and own guardian)."""
    resources: tuple[int, ...]
    """Resources held, in :attr:`Index.resources` order."""
    tiles: tuple[int, ...]
    """Action tiles held, in :attr:`Index.actions` order."""
    fate: FateState
    """The fate area: the fate tiles placed, the starting one first."""
    stack: tuple[str, ...]
    """The fate tiles still on the action summary board, top to bottom (``bonfire.fate.top-or-bottom``)."""
    offering_pool: tuple[int, ...]
    """The offering discs still face down, by resource (:attr:`Index.resources` order)."""
    offering_stacks: tuple[int, int]
    """Face-down discs left in the top and the bottom stack."""
    offering_up: tuple[str | None, str | None]
    """The face-up disc on the top and on the bottom stack (``None``: none)."""
    boat: str | None
    """The island where the boat lies; ``None`` at the entrance."""
    guardians: tuple[tuple[str, str, int], ...]
    """Each guardian of the player's: ``(colour, "path" | "bonfire", index)``; path index 0 is the starting tile."""
    path: tuple[str, ...]
    """Path tiles built, left to right, by kind (``"blue herbs"``)."""
    portals: tuple[str | None, ...]
    """The portal on each bonfire's portal space (bonfires 0-6)."""
    tasks: tuple[str | None, ...]
    """The task disc on each bonfire."""
    lit: tuple[bool, ...]
    """True where the bonfire is lit (its novice has gone to the council)."""
    gnomes: tuple[str, ...]
    """Gnome cards recruited, in order."""
    points: tuple[int, ...]
    """Points scored in play, by :data:`PLAY_CATEGORIES`."""
    common: tuple[str, ...]
    """Common tasks the player has fulfilled, in order."""
    out: bool = False
    """True once the player takes no more turns (stuck, ``bonfire.turn.stuck``; or passed, ``bonfire.end.pass``)."""

    def replace(self, **changes: Any) -> Seat:
        """A copy with ``changes`` (cheap: no re-validation; the facts derived from this seat are carried over only
        where ``changes`` leaves their fields alone, :data:`SEAT_DERIVED`)."""
        new = object.__new__(Seat)
        fields = self.__dict__.copy()
        if len(fields) > _N_SEAT_FIELDS:  # it has remembered something about itself
            for derived, inputs in SEAT_DERIVED.items():
                if derived in fields and not inputs.isdisjoint(changes):
                    del fields[derived]
        fields.update(changes)
        object.__setattr__(new, "__dict__", fields)
        return new

    @property
    def play_points(self) -> int:
        """All points scored during play."""
        return sum(self.points)


class Step(NamedTuple):
    """Something still to do inside an option (a named tuple: a value, made on the hot path of every turn).
    ``kind``:

    * ``deal`` (chance): draw ``what`` (``task`` for island ``target``, ``elder``, ``specialist`` for display slot
      ``target``, ``portal`` for Great Bonfire space ``target``, ``path`` for display slot ``target`` (``pile``: the
      top tile of a pile, built onto ``seat``'s path),
      ``offering`` for stack ``target`` of ``seat``, ``start``);
    * ``act``: ``seat`` chooses an option of the turn (``flag``: tiles have been returned this turn, so only option
      I is left, ``bonfire.assume.return-before-fate``);
    * ``start-tile``: ``seat`` chooses the starting fate tile;
    * ``cover``: ``seat`` pays ``count`` missing tiles of type ``what`` and the missing resources ``items``
      (``any``: a resource of their choice);
    * ``then``: carry out ``action`` (paid for);
    * ``dock``: ``seat`` may claim at island ``target`` after sailing;
    * ``march``: ``seat``'s guardians ``items`` (in moving order) each end a procession of ``count`` steps
      (``flag``: the stops gain resources);
    * ``sit``: ``seat`` puts a novice of colour ``what`` on a council seat;
    * ``take``: ``seat`` chooses ``count`` ``what`` (``resource`` or ``action``) items of their choice;
    * ``end-turn``: the turn of ``seat`` ends (common tasks, the end trigger, the next player).
    """

    kind: str
    seat: int | None = None
    what: str | None = None
    target: Any = None
    count: int = 0
    items: tuple[str, ...] = ()
    action: Action | None = None
    flag: bool = False


@dataclass(frozen=True)
class State(GameState):
    """A Bonfire position (see the module docstring; the JSON format is :mod:`.position_format`)."""

    game: ClassVar[str] = "bonfire"
    RULES: ClassVar[RuleTable] = RULES

    components: Components = field(repr=False, compare=False)
    seats: tuple[Seat, ...]
    islands: tuple[tuple[str, ...], ...]
    """Per task island (:attr:`Index.task_islands`), what lies on its task spots: task disc ids and face-down
    offering discs written ``"<colour> <resource>"``."""
    guardians: tuple[int, ...]
    """Guardians left on each guardian island (:attr:`Index.guardian_colours` order)."""
    task_box: tuple[str, ...]
    """Task discs not on the board or a player board (sorted; dealt from at setup)."""
    elders: tuple[str | None, ...]
    """The elder display (``None``: an empty place)."""
    elder_box: tuple[str, ...]
    """Elders not dealt to the display (sorted)."""
    specialists: tuple[str | None, ...]
    """The specialist display."""
    reserve: tuple[str, ...]
    """The face-down specialist reserve (sorted: its order is drawn at random)."""
    portals: tuple[tuple[str, ...], ...]
    """The portals on each Great Bonfire space (:attr:`Index.spaces` order), sorted."""
    portal_pool: tuple[int, ...]
    """Portals not yet dealt round the Great Bonfire, by symbol (setup only)."""
    pointer: str
    """The Great Bonfire space the pointer shows."""
    path_pile: tuple[int, ...]
    """Face-down path tiles not yet seen, by kind (:attr:`Index.path_kinds`)."""
    path_bottom: tuple[str, ...]
    """Path tiles put under the pile by a refresh, in the order they come back (``bonfire.path.refresh``)."""
    path_display: tuple[str | None, ...]
    """The 4 face-up path tiles by kind (``None``: empty)."""
    council: tuple[tuple[str, ...], ...]
    """The novices on each council seat, by colour (``neutral`` for the neutral ones)."""
    neutral: tuple[bool, ...]
    """Per common task: True while its neutral novice still guards it."""
    supply: tuple[int, ...]
    """Action tiles left in the general supply, by type."""
    start: int | None
    """The start player's seat (``None`` until the extensions are dealt)."""
    turn: int
    """The seat whose turn it is (or was last)."""
    countdown: int
    """0 before the countdown; 1-5: the countdown round being played; 6: the countdown is over."""
    triggered: bool
    """True once the council holds enough novices to start the countdown (``bonfire.end.trigger``)."""
    great_bonfire_used: bool
    """True once anyone in the game has used the Great Bonfire: its first use in the game turns the pointer to any
    space for 1 tile, every later use by anyone pays by the spaces turned (``bonfire.great-bonfire.turn``)."""
    pending: tuple[Step, ...]
    """What is still to be done, the first step due now."""
    rng: Rng
    events: tuple[Event, ...] = field(default=(), compare=False)
    index: Index = field(init=False, repr=False, compare=False)
    """The fixed orders of this game's components (:meth:`Index.of`; set once, carried by every copy)."""

    def __post_init__(self) -> None:
        object.__setattr__(self, "index", Index.of(self.components))

    # ---- who plays ---------------------------------------------------------------------------------------
    @property
    def players(self) -> tuple[str, ...]:
        """Player names: their colours, in seat order (clockwise)."""
        return tuple(seat.colour for seat in self.seats)

    @property
    def is_terminal(self) -> bool:
        return not self.pending

    @property
    def is_chance_node(self) -> bool:
        return bool(self.pending) and self.pending[0].kind == "deal"

    @property
    def current_player(self) -> int | None:
        """The seat that decides now: the one the due step names (``None`` at a chance step or the end)."""
        if not self.pending or self.pending[0].kind == "deal":
            return None
        step = self.pending[0]
        return self.turn if step.seat is None else step.seat

    @property
    def phase(self) -> str:
        """``setup``, ``play``, ``countdown`` or ``over``."""
        if not self.pending:
            return "over"
        if self.start is None or any(step.kind == "start-tile" for step in self.pending):
            return "setup"
        return "countdown" if self.countdown else "play"

    # ---- questions on the position -------------------------------------------------------------------------
    def resource(self, seat: int, resource: str) -> int:
        """How many of ``resource`` ``seat`` holds."""
        return self.seats[seat].resources[self.index.resources.index(resource)]

    def tile_count(self, seat: int, action: str) -> int:
        """How many action tiles of type ``action`` ``seat`` holds."""
        return self.seats[seat].tiles[self.index.actions.index(action)]

    def novices_in_council(self) -> int:
        """Novices on the council's seats, neutral ones included (``bonfire.assume.novices-counted``)."""
        return sum(map(len, self.council))

    def island_content(self, island: str) -> tuple[str, ...]:
        """What lies on a task island's spots (task disc ids, ``"<colour> <resource>"`` offering discs).

        Raises:
            KeyError: for an island that is not a task island.
        """
        try:
            return self.islands[self.index.task_islands.index(island)]
        except ValueError:
            raise KeyError(f"{island!r} is not a task island") from None

    # ---- the contract hooks -------------------------------------------------------------------------------
    def _legal_actions(self) -> list[Action]:
        return _turn.legal_actions(self)

    def why_illegal(self, action: Any) -> IllegalAction | None:
        return _turn.refusal(self, action)

    def chance_outcomes(self) -> list[tuple[Action, Fraction]]:
        outcomes = self.__dict__.get("_outcomes")
        if outcomes is None:  # worked out once per state, like the legal actions
            outcomes = _turn.chance_outcomes(self)
            object.__setattr__(self, "_outcomes", outcomes)
        return list(outcomes)

    def resolve_chance(self) -> State:
        """Apply seeded chance outcomes until a player must act (or the game ends): the same draws as
        :meth:`~explorer.core.GameState.resolve_chance`, one by one, without checking again the outcomes the rules
        have just listed (:func:`~explorer.bonfire.turn.resolve_draws`)."""
        return _turn.resolve_draws(self)

    def replace(self, **changes: Any) -> State:
        """A copy with the fields in ``changes`` replaced (:meth:`~explorer.core.GameState.replace`: no
        ``__init__``, what the state remembers about itself left behind).

        Raises:
            TypeError: for a name that is not a field.
        """
        new = object.__new__(State)
        fields = self.__dict__.copy()
        if len(fields) > _N_STATE_FIELDS:  # it has remembered something about itself
            for derived in STATE_DERIVED:
                fields.pop(derived, None)
        fields.update(changes)
        if len(fields) != _N_STATE_FIELDS:  # a name that is not a field
            raise TypeError(f"State has no field(s) {sorted(set(changes) - _STATE_FIELDS)}")
        object.__setattr__(new, "__dict__", fields)
        return new

    def _apply(self, action: Any) -> tuple[State, Sequence[Event]]:
        return _turn.apply_action(self, action)

    def parse_action(self, text: str) -> Action:
        """``text`` read as an action of this game: :func:`~explorer.bonfire.actions.parse_action` with the state's
        own components, so ids not on its board are refused.

        Raises:
            NotationError: if ``text`` is not a Bonfire action, or names an id this game's board lacks.
        """
        return parse_action(text, self.components)

    def scores(self) -> dict[str, ScoreBreakdown]:
        """Each player's score by category: the final scoring "if the game ended now" (``bonfire.score.*``)
        after the points scored in play (:data:`PLAY_CATEGORIES`)."""
        from .scoring import scores
        return scores(self)

    def winners(self) -> tuple[str, ...]:
        """The players with the most points, the tie broken by lit bonfires (``bonfire.score.winner``); more
        than one if still tied (``bonfire.assume.tie-shared``)."""
        from .scoring import winners
        return winners(self)

    def to_dict(self) -> dict[str, Any]:
        """The position as JSON-ready data (format: :mod:`.position_format`)."""
        from .position_format import to_dict
        return to_dict(self)

    @classmethod
    def from_dict(cls, data: Any, board: Components | None = None) -> State:
        """The position :meth:`to_dict` wrote (``board``: the components, default the shipped ones).

        Raises:
            InvalidData: listing what is wrong with the data.
        """
        from .position_format import from_dict
        return from_dict(data, board)

    def text_board(self) -> str:
        """A plain-text picture of the position (see :func:`.position_format.text_board`)."""
        from .position_format import text_board
        return text_board(self)

    def __repr__(self) -> str:
        due = self.pending[0].kind if self.pending else "over"
        who = "chance" if self.current_player is None else self.players[self.current_player]
        return (f"<bonfire.State {len(self.seats)} players, {self.phase}, to decide: {who}, "
                f"due: {due}, council {self.novices_in_council()}>")


_STATE_FIELDS = frozenset(f.name for f in dataclasses.fields(State))
_N_STATE_FIELDS = len(_STATE_FIELDS)
_N_SEAT_FIELDS = len(dataclasses.fields(Seat))

from . import turn as _turn  # noqa: E402  (the rules of the turn build on State: imported once it is defined)
