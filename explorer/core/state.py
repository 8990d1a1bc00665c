"""The game-state contract, with the guarantees written once for every game.

A game's ``State`` is a frozen dataclass that inherits :class:`GameState` and has (at least) the fields
``rng: Rng`` and ``events: tuple[Event, ...]``. The game implements the *private* hooks

* ``_legal_actions()`` — the legal actions of the player to act, in a deterministic order;
* ``_apply(action) -> (new_state, events)`` — carry out an action already known to be legal;
* ``why_illegal(action)`` — optional: a rule-specific :class:`IllegalAction`, or ``None`` if legal;
* ``chance_outcomes()``, ``is_chance_node``, ``is_terminal``, ``current_player``, ``scores()``;
* ``parse_action(text)``, ``to_dict()``, ``from_dict(d)``.

and the public :meth:`GameState.apply` does the rest: it reads notation, refuses illegal actions with the rule
that forbids them (the state is immutable, so it is unchanged), checks chance outcomes, records the events
and advances the random stream after a chance step.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Iterator, Mapping, Sequence
from dataclasses import dataclass
from fractions import Fraction
from functools import partial
from operator import is_
from typing import Any, ClassVar, Self

from .errors import IllegalAction
from .events import Event
from .rng import Rng
from .rules import Rule, RuleTable

__all__ = ["GameState", "ScoreBreakdown", "CORE_RULES"]

CORE_RULES = RuleTable([
    Rule("core.end.game-over", "The game is over",
         "Once a game has ended, nobody takes any more actions.", "every rulebook: end of the game"),
    Rule("core.turn.not-legal", "Not a legal action here",
         "Only the actions the rules allow to the player whose turn it is can be taken.",
         "every rulebook: the turn"),
    Rule("core.chance.outcome", "Chance decides here",
         "At a die roll, draw or shuffle, only one of the possible outcomes can happen; no player acts.",
         "every rulebook: dice, draws and shuffles"),
])
"""Rules that hold in every game (used by :meth:`GameState.apply`)."""

GAME_OVER = "the game is over: no more moves can be made"
CHANCE_DECIDES = ("chance decides this step (a draw, a roll or a shuffle), and that is not one of the outcomes it "
                  "can give")
NOT_LEGAL = "that is not a move the rules allow now"
"""The core refusals' reasons, in words (issue 18): the refused action and what is allowed instead are in the
refusal's ``notation``, for notebook users."""


@dataclass(frozen=True)
class ScoreBreakdown(Mapping[str, int]):
    """One player's score split by the rulebook's scoring categories, in rulebook order.

    >>> s = ScoreBreakdown({"houses": 30, "objectives": 6, "hero": 2})
    >>> s.total, s["objectives"], list(s)
    (38, 6, ['houses', 'objectives', 'hero'])

    Raises:
        ValueError: if a category value is not an integer.
    """

    categories: tuple[tuple[str, int], ...]
    """``(category, points)`` pairs in the order the rulebook scores them."""

    def __init__(self, categories: Mapping[str, int] | Sequence[tuple[str, int]]) -> None:
        items = tuple(categories.items() if isinstance(categories, Mapping) else categories)
        names = [name for name, _ in items]
        if len(set(names)) != len(names) or not all(isinstance(n, str) for n in names):
            raise ValueError(f"score categories must be distinct strings, got {names!r}")
        for name, value in items:
            if isinstance(value, bool) or not isinstance(value, int):
                raise ValueError(f"score category {name!r} must be an integer, got {value!r}")
        object.__setattr__(self, "categories", items)

    @property
    def total(self) -> int:
        """The sum of all categories."""
        return sum(v for _, v in self.categories)

    def __getitem__(self, name: str) -> int:
        for key, value in self.categories:
            if key == name:
                return value
        raise KeyError(f"no scoring category {name!r}; categories: {', '.join(self)}")

    def __iter__(self) -> Iterator[str]:
        return (k for k, _ in self.categories)

    def __len__(self) -> int:
        return len(self.categories)

    def to_dict(self) -> dict[str, Any]:
        """JSON-ready: ``{"categories": {...}, "total": n}``."""
        return {"categories": dict(self.categories), "total": self.total}


_CACHES = ("_legal", "_legal_ids", "_legal_set", "_outcomes")
_FIELD_NAMES: dict[type, frozenset[str]] = {}


def _field_names(cls: type) -> frozenset[str]:
    names = _FIELD_NAMES.get(cls)
    if names is None:
        names = _FIELD_NAMES[cls] = frozenset(f.name for f in dataclasses.fields(cls))
    return names


def _shown(action: Any) -> str:
    """An action's notation for a message, even for junk whose ``str`` fails."""
    try:
        return str(action)
    except Exception:
        return repr(action)


_LISTED = 6
"""How many allowed actions a core refusal's ``notation`` lists before "…"."""


def _instead(refused: Any, allowed: Sequence[Any], lead: str) -> str:
    """The ``notation`` of a core refusal: what was refused and (up to :data:`_LISTED`) what is allowed instead,
    in notation, for notebook users (the ``reason`` speaks in words)."""
    shown = ", ".join(_shown(a) for a in allowed[:_LISTED]) + (", …" if len(allowed) > _LISTED else "")
    return f"{_shown(refused)} refused; {lead}: {shown}" if allowed else f"{_shown(refused)} refused"


class GameState:
    """Shared behaviour of every game's ``State`` (see the module docstring for the hooks to implement).

    Subclasses are frozen dataclasses with fields ``rng: Rng`` and ``events: tuple[Event, ...]``.
    """

    game: ClassVar[str]
    """The game's key in ``explorer.GAMES``."""
    rng: Rng
    events: tuple[Event, ...]

    # ---- hooks the game implements -------------------------------------------------------------------
    @property
    def is_terminal(self) -> bool:
        """True once the game has ended."""
        raise NotImplementedError

    @property
    def is_chance_node(self) -> bool:
        """True where chance (a die, a draw, a shuffle) decides what happens next."""
        raise NotImplementedError

    @property
    def current_player(self) -> Any:
        """Who acts now: a player index or name; ``None`` at a chance node or at the end."""
        raise NotImplementedError

    def chance_outcomes(self) -> list[tuple[Any, Fraction | float]]:
        """At a chance node, ``(action, probability)`` pairs in a fixed order, probabilities summing to 1."""
        return []

    def _legal_actions(self) -> list[Any]:
        raise NotImplementedError

    def _apply(self, action: Any) -> tuple[Self, Sequence[Event]]:
        raise NotImplementedError

    def parse_action(self, text: str) -> Any:
        """Read an action from its notation (the inverse of ``str(action)``). Raises ``NotationError``."""
        raise NotImplementedError

    def why_illegal(self, action: Any) -> IllegalAction | None:
        """Why ``action`` (known not to be legal) cannot be taken by the player to act.

        Games override this to name the specific rule that forbids it; returning ``None`` (or raising on junk)
        falls back to the generic "not a legal action now". It never decides legality: :meth:`apply` accepts
        exactly the actions of :meth:`legal_actions`.
        """
        if self.is_legal(action):
            return None
        return IllegalAction(CORE_RULES["core.turn.not-legal"], NOT_LEGAL, action=action,
                             notation=_instead(action, self.legal_actions(), "legal now"))

    # ---- guarantees written once ---------------------------------------------------------------------
    def legal_actions(self) -> list[Any]:
        """The actions that can be applied now, in a deterministic order.

        At a chance node these are the chance outcomes; at the end of the game, none. Computed once per
        state (states are immutable, so the answer never changes).
        """
        cached = self.__dict__.get("_legal")
        if cached is None:
            if self.is_terminal:
                cached = ()
            elif self.is_chance_node:
                outcomes = self.chance_outcomes()
                object.__setattr__(self, "_outcomes", outcomes)
                cached = tuple(action for action, _ in outcomes)
            else:
                cached = tuple(self._legal_actions())
            self.remember_legal(cached)
        return list(cached)

    def remember_legal(self, actions: tuple[Any, ...]) -> None:
        """Keep ``actions`` as this state's legal actions (for a game that has just worked them out while making
        the state; they must be exactly what :meth:`_legal_actions` would list). The very objects listed are
        then recognised by identity in :meth:`is_legal` and :meth:`apply` (what was known of an earlier list is
        forgotten)."""
        object.__setattr__(self, "_legal", actions)
        self.__dict__.pop("_legal_ids", None)
        self.__dict__.pop("_legal_set", None)

    def _listed(self, action: Any) -> bool:
        """True if ``action`` is one of the very objects :meth:`legal_actions` listed, or at a chance node one of
        the outcomes :meth:`chance_outcomes` remembered in ``_outcomes`` (by identity: no ``==``).

        The first look at a state scans the list (a playout looks once); a second look (a search trying several
        actions from one position) makes a set of the objects' ids, kept for every later look."""
        known = self.__dict__
        ids = known.get("_legal_ids")
        if ids:  # the set, made at the second look
            return id(action) in ids
        legal = known.get("_legal")
        if legal is None:
            outcomes = known.get("_outcomes")
            return outcomes is not None and any(outcome is action for outcome, _ in outcomes)
        if ids is None:
            object.__setattr__(self, "_legal_ids", False)  # looked at once
            return any(map(partial(is_, action), legal))
        ids = set(map(id, legal))
        object.__setattr__(self, "_legal_ids", ids)
        return id(action) in ids

    def is_legal(self, action: Any) -> bool:
        """True if ``action`` (an action object) is among :meth:`legal_actions`.

        The very objects :meth:`legal_actions` listed are recognised by identity (the usual case: a player, a
        playout or a view picks one of them); any other object is compared by value.
        """
        known = self.__dict__
        if "_legal" not in known:
            self.legal_actions()
        if self._listed(action):
            return True
        values = known.get("_legal_set")
        if values is None:
            values = frozenset(known["_legal"])
            object.__setattr__(self, "_legal_set", values)
        try:
            return action in values
        except TypeError:  # unhashable junk is never legal
            return False

    def explain(self, action: Any | str) -> IllegalAction | None:
        """Answer "why is this illegal?": the refusal :meth:`apply` would raise, or ``None`` if it is legal.

        Raises:
            NotationError: if ``action`` is text that cannot be read.
        """
        if isinstance(action, str):
            action = self.parse_action(action)
        if self.is_terminal:
            return IllegalAction(CORE_RULES["core.end.game-over"], GAME_OVER, action=action,
                                 notation=_instead(action, (), ""))
        if self.is_chance_node:
            if self.is_legal(action):
                return None
            return IllegalAction(CORE_RULES["core.chance.outcome"], CHANCE_DECIDES, action=action,
                                 notation=_instead(action, self.legal_actions(), "its outcomes"))
        if self.is_legal(action):
            return None
        # The guarantee written once: only legal actions apply. The game's why_illegal only explains.
        try:
            problem = self.why_illegal(action)
        except Exception:  # junk the game's explanation cannot even look at
            problem = None
        return problem or IllegalAction(CORE_RULES["core.turn.not-legal"], NOT_LEGAL, action=action,
                                        notation=_instead(action, self.legal_actions(), "legal now"))

    def apply(self, action: Any | str) -> Self:
        """The state after ``action`` (an action object or its notation). This state is unchanged.

        Raises:
            NotationError: if ``action`` is text that cannot be read.
            IllegalAction: if the rules forbid it here; ``.rule`` names the rule.
        """
        if not self._listed(action):  # not one of the very actions listed as legal: look closer
            if isinstance(action, str):
                action = self.parse_action(action)
            problem = self.explain(action)
            if problem is not None:
                raise problem
        chance = self.is_chance_node
        new_state, events = self._apply(action)
        return self.settled(new_state, events, chance=chance)

    def settled(self, new_state: Self, events: Sequence[Event], *, chance: bool) -> Self:
        """``new_state``, which :meth:`_apply` has just made from this state, with its ``events`` and, after a
        chance step, the random stream's next number (for a game that carries out an outcome it has just listed
        without :meth:`apply`'s check). The new state is the rules' own, so they are set on it rather than on
        another copy, and what it has already worked out about itself stays; this state is never changed."""
        if new_state is self:
            new_state = self.replace()
        object.__setattr__(new_state, "events", tuple(events))
        if chance:
            object.__setattr__(new_state, "rng", self.rng.advanced())
        return new_state

    def replace(self, **changes: Any) -> Self:
        """A copy with the fields in ``changes`` replaced (like ``dataclasses.replace``, without re-running
        ``__init__``: states are built field by field by the rules, so this is the hot path).

        Raises:
            TypeError: for a name that is not a field.
        """
        fields = _field_names(type(self))
        if not fields.issuperset(changes):
            raise TypeError(f"{type(self).__name__} has no field(s) {sorted(set(changes) - fields)}")
        new = object.__new__(type(self))
        state = self.__dict__.copy()
        for cache in _CACHES:
            state.pop(cache, None)
        state.update(changes)
        new.__dict__.update(state)
        return new

    def sample_chance(self) -> Any:
        """The chance outcome this state's random stream picks (the state is unchanged).

        Raises:
            ValueError: if this is not a chance node.
        """
        if not self.is_chance_node:
            raise ValueError("sample_chance() called where no chance step is due")
        self.legal_actions()  # computes the outcomes once per state
        return self.rng.choose(self.__dict__["_outcomes"])

    def resolve_chance(self) -> Self:
        """Apply seeded chance outcomes until a player must act (or the game ends)."""
        state = self
        while state.is_chance_node and not state.is_terminal:
            state = state.apply(state.sample_chance())
        return state

    @property
    def rules(self) -> RuleTable:
        """This game's rules table (``explorer.<game>.RULES``)."""
        return type(self).RULES  # type: ignore[attr-defined]
