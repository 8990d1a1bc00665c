"""What Bonfire actions make happen. Every event names the rule behind it; :class:`Scored` also carries points,
so the points scored in play add up from the events (a property test checks it)."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from explorer.core import Event, Note, Rule

__all__ = ["Happened", "Scored", "CategoryScored", "Won"]


@dataclass(frozen=True)
class Happened(Note):
    """Something the rules made happen, in a sentence (``rule``: the rule; ``player``: whose it is, if anyone's).

    >>> from explorer.bonfire.rules import RULES
    >>> Happened(RULES["bonfire.boat.cost"], "orange sails to Mossbank", "orange").to_dict()["rule"]
    'bonfire.boat.cost'
    """

    player: str | None = None

    def __init__(self, rule: Rule, text: str, player: str | None = None) -> None:
        object.__setattr__(self, "__dict__", {"rule": rule, "text": text, "player": player})  # one store, not three

    @classmethod
    def later(cls, rule: Rule, player: str | None, words: Callable[..., str], *args: Any) -> Happened:
        """The event with its sentence ``words(*args)`` made when it is first read (``text``, :meth:`describe`,
        ``==``, a copy): a playout that never reads its events never words them. ``args`` are the values the
        sentence needs, taken now (they must not change afterwards).

        >>> from explorer.bonfire.rules import RULES
        >>> Happened.later(RULES["bonfire.boat.cost"], "orange", "{} sails to {}".format, "orange", "Mossbank").text
        'orange sails to Mossbank'
        """
        event = object.__new__(cls)
        object.__setattr__(event, "__dict__", {"rule": rule, "player": player, "_words": (words, args)})
        return event

    def __getattr__(self, name: str) -> Any:
        if name != "text" or "_words" not in self.__dict__:
            raise AttributeError(name)
        words, args = self.__dict__.pop("_words")
        text = self.__dict__["text"] = words(*args)
        return text

    def __getstate__(self) -> dict[str, Any]:
        return {"rule": self.rule, "text": self.text, "player": self.player}


@dataclass(frozen=True)
class Scored(Event):
    """A player scored points during play (``category``: one of :data:`~explorer.bonfire.state.PLAY_CATEGORIES`).

    >>> from explorer.bonfire.rules import RULES
    >>> Scored(RULES["bonfire.end.pass"], "orange", 5, "countdown").describe()
    'orange scores 5 points (countdown)'
    """

    rule: Rule  # type: ignore[misc]  # an instance field here
    player: str
    points: int
    category: str

    def describe(self) -> str:
        return (f"{self.player} scores {self.points} point{'s' * (self.points != 1)} "
                f"({self.category.replace('_', ' ')})")


CATEGORY_WORDS = {"elders": "elders", "council": "council seats", "great_bonfire": "the Great Bonfire",
                  "countdown": "passing in the countdown", "specialists": "specialists", "bonfires": "lit bonfires",
                  "guardians": "guardians on bonfires", "portals": "portals", "paths": "path tiles matching their bonfire",
                  "common_tasks": "common tasks", "fate_tiles": "fate tiles left", "leftovers": "leftover tiles and resources"}
"""Each score category in words, for the end-of-game events."""


@dataclass(frozen=True)
class CategoryScored(Event):
    """At the end of the game, one category of :meth:`~explorer.bonfire.state.State.scores` counted for every
    player (``points``: ``((player, points), ...)`` in seat order, zeros included). A final-scoring category cites
    its ``bonfire.score.*`` rule; the points scored in play cite ``bonfire.score.winner`` (they count too).

    >>> from explorer.bonfire.rules import RULES
    >>> CategoryScored(RULES["bonfire.score.portals"], "portals", (("orange", 4), ("green", 0))).describe()
    'final scoring, portals: orange 4, green 0'
    """

    rule: Rule  # type: ignore[misc]  # an instance field here
    category: str
    points: tuple[tuple[str, int], ...]
    in_play: bool = False

    def describe(self) -> str:
        shown = ", ".join(f"{player} {n}" for player, n in self.points)
        what = CATEGORY_WORDS.get(self.category, self.category.replace("_", " "))
        return f"points from play, {what}: {shown}" if self.in_play else f"final scoring, {what}: {shown}"


@dataclass(frozen=True)
class Won(Event):
    """The game is over and scored: who wins (``bonfire.score.winner``: the most points, a tie going to more lit
    bonfires), or who share the win (``bonfire.assume.tie-shared``). ``totals``: every player's total in seat
    order; ``lit``: their lit bonfires.

    >>> from explorer.bonfire.rules import RULES
    >>> Won(RULES["bonfire.score.winner"], ("green",), (("orange", 40), ("green", 52)), (("orange", 3), ("green", 4))).describe()
    'green wins with 52 points (orange 40)'
    """

    rule: Rule  # type: ignore[misc]  # an instance field here
    winners: tuple[str, ...]
    totals: tuple[tuple[str, int], ...]
    lit: tuple[tuple[str, int], ...]

    def describe(self) -> str:
        total, lit = dict(self.totals), dict(self.lit)
        best = total[self.winners[0]]
        level = [p for p, n in self.totals if n == best]
        others = ", ".join(f"{p} {n}" for p, n in self.totals if p not in level)
        rest = f" ({others})" if others else ""
        if len(level) == 1:
            return f"{self.winners[0]} wins with {best} points{rest}"
        tied = " and ".join(level)
        if set(self.winners) == set(level):
            return (f"{tied} tie on {best} points and on lit bonfires ({lit[self.winners[0]]} each): they share "
                    f"the win{rest}")
        beaten = ", ".join(f"{p} {lit[p]}" for p in level if p not in self.winners)
        who = " and ".join(self.winners)
        verb = "wins" if len(self.winners) == 1 else "share the win"
        return (f"{tied} tie on {best} points; {who} {verb} with more lit bonfires ({lit[self.winners[0]]} against "
                f"{beaten}){rest}")
