"""Events: what an action made happen, each naming the rule behind it.

A game declares one frozen dataclass per kind of event, with the rule as a class attribute::

    @dataclass(frozen=True)
    class HousesBurned(Event):
        rule: ClassVar[Rule] = RULES["london.fire.burn"]
        district: str
        owner: str
        houses: int

        def describe(self) -> str:
            return f"{self.houses} houses of {self.owner} burned in {self.district}"

``State.events`` holds the events of the last ``apply``; a view lists them with their rule ("why").
"""

from __future__ import annotations

import dataclasses
from dataclasses import dataclass
from typing import Any, ClassVar

from .rules import Rule

__all__ = ["Event", "Note"]


@dataclass(frozen=True)
class Event:
    """Base class of all events. Subclasses set ``rule`` (a class attribute) and override :meth:`describe`."""

    rule: ClassVar[Rule]

    def describe(self) -> str:
        """One sentence for a player, e.g. "3 houses of blue burned in Cheapside"."""
        fields = ", ".join(f"{f.name}={getattr(self, f.name)!r}" for f in dataclasses.fields(self))
        return f"{type(self).__name__}({fields})"

    def to_dict(self) -> dict[str, Any]:
        """JSON-ready: ``{"type", "rule", "title", "text", "fields"}``."""
        fields = {f.name: _jsonable(getattr(self, f.name)) for f in dataclasses.fields(self)
                  if f.name != "rule"}
        return {"type": type(self).__name__, "rule": self.rule.id, "title": self.rule.title,
                "text": self.describe(), "fields": fields}


@dataclass(frozen=True)
class Note(Event):
    """A one-off event whose rule varies (e.g. "the game ends"); carries its rule and its sentence.

    >>> r = Rule("toy.end.line", "Three in a row wins", "A full line wins.", "toy §3")
    >>> Note(rule=r, text="X wins with a line through b2").to_dict()["rule"]
    'toy.end.line'
    """

    rule: Rule  # type: ignore[misc]  # an instance field here, a class attribute elsewhere
    text: str

    def describe(self) -> str:
        return self.text


def _jsonable(value: Any) -> Any:
    if isinstance(value, (str, int, float, bool)) or value is None:
        return value
    if isinstance(value, (list, tuple)):
        return [_jsonable(v) for v in value]
    if isinstance(value, dict):
        return {str(k): _jsonable(v) for k, v in value.items()}
    if isinstance(value, Rule):
        return value.id
    return str(value)
