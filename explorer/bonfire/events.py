"""What Bonfire actions make happen. Every event names the rule behind it; :class:`Scored` also carries points,
so the points scored in play add up from the events (a property test checks it)."""

from __future__ import annotations

from dataclasses import dataclass

from explorer.core import Event, Note, Rule

__all__ = ["Happened", "Scored"]


@dataclass(frozen=True)
class Happened(Note):
    """Something the rules made happen, in a sentence (``rule``: the rule; ``player``: whose it is, if anyone's).

    >>> from explorer.bonfire.rules import RULES
    >>> Happened(RULES["bonfire.boat.cost"], "orange sails to Mossbank", "orange").to_dict()["rule"]
    'bonfire.boat.cost'
    """

    player: str | None = None


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
