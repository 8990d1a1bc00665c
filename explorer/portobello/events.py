"""What Portobello Market actions make happen, each event naming the rule behind it."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import ClassVar

from explorer.core import Event, Rule

from .rules import RULES


@dataclass(frozen=True)
class CustomerQueued(Event):
    """Variant: the next customer of the visible queue was laid out (``portobello.option.customer-queue``)."""

    rule: ClassVar[Rule] = RULES["portobello.option.customer-queue"]
    kind: str
    position: int

    def describe(self) -> str:
        return f"customer {self.position} in the queue is a {self.kind}"


@dataclass(frozen=True)
class BobbyPlaced(Event):
    """The bobby was put in its first district (``portobello.setup.bobby``, seed p. 2): by the player on the start
    player's right, who plays last."""

    rule: ClassVar[Rule] = RULES["portobello.setup.bobby"]
    player: str
    district: str
    start: str = field(default="", compare=False)
    """The start player's colour (``"red"``), so the event can say why ``player`` places the bobby."""

    def describe(self) -> str:
        why = (f": the player on the start player's right places it before the first turn, and {self.start} starts"
               if self.start else "")
        return f"{self.player} puts the bobby in {self.district}{why}"


@dataclass(frozen=True)
class TokenChosen(Event):
    """A player took their turn with an action token (``portobello.turn.token``, seed p. 2)."""

    rule: ClassVar[Rule] = RULES["portobello.turn.token"]
    player: str
    value: int
    neutral: bool

    def describe(self) -> str:
        kind = "neutral token" if self.neutral else "token"
        return f"{self.player} plays the {kind} {self.value}: {self.value} action{'s' * (self.value != 1)}"


@dataclass(frozen=True)
class StallBuilt(Event):
    """A stall was built: the first of its lane at an end (``portobello.build.first-at-end``) or next to the row
    (``portobello.build.contiguous``), seed p. 2."""

    player: str
    lane: str
    index: int
    value: int
    left: int
    first: bool = False
    where: str = field(default="", compare=False)
    """The space in the board's terms (``"the space next to s10"``, ``"the 2nd space from s9"``)."""

    @property
    def rule(self) -> Rule:  # type: ignore[override]
        """The building rule this stall followed."""
        return RULES["portobello.build.first-at-end" if self.first else "portobello.build.contiguous"]

    def describe(self) -> str:
        where = f", {self.where}" if self.where else ""
        return (f"{self.player} builds a stall on lane {self.lane}{where} (worth {self.value}); "
                f"{self.left} stall{'s' * (self.left != 1)} left")


@dataclass(frozen=True)
class CustomerDrawn(Event):
    """A customer came out of the bag (or the queue) (``portobello.customer.draw``, seed p. 2)."""

    rule: ClassVar[Rule] = RULES["portobello.customer.draw"]
    player: str
    kind: str

    def describe(self) -> str:
        return f"{self.player} draws a {self.kind}"


@dataclass(frozen=True)
class CustomerPlaced(Event):
    """A customer (or the Lord) was put on a square (``portobello.customer.place``, seed p. 2)."""

    rule: ClassVar[Rule] = RULES["portobello.customer.place"]
    player: str
    kind: str
    square: str

    def describe(self) -> str:
        return f"{self.player} puts the {self.kind} on {self.square}"


@dataclass(frozen=True)
class LordPlaced(Event):
    """The Lord went on the last free square (``portobello.lord.place``, seed p. 4)."""

    rule: ClassVar[Rule] = RULES["portobello.lord.place"]
    player: str
    square: str

    def describe(self) -> str:
        return f"{self.player} puts the Lord on {self.square}, the last free square"


@dataclass(frozen=True)
class BobbyMoved(Event):
    """The bobby crossed a lane, and the toll was paid (``portobello.bobby.toll``, seed p. 3)."""

    rule: ClassVar[Rule] = RULES["portobello.bobby.toll"]
    player: str
    source: str
    destination: str
    lane: str
    paid: int
    to: tuple[str, ...]
    empty: bool = field(default=False, compare=False)
    """The lane had no stalls (a point paid to no one: the lane is empty, else the mover shares the most stalls)."""

    def describe(self) -> str:
        move = f"{self.player} moves the bobby from {self.source} to {self.destination} across lane {self.lane}"
        if not self.paid:
            return f"{move}: free, they have the most stalls there"
        if not self.to:
            why = (f"lane {self.lane} has no stalls yet" if self.empty
                   else f"{self.player} shares the most stalls on lane {self.lane}")
            return f"{move}: {self.player} loses 1 point, which no one collects ({why})"
        return f"{move}: pays 1 point to {' and 1 to '.join(self.to)}"


@dataclass(frozen=True)
class LaneScored(Event):
    """A full lane with customers at both ends scored (``portobello.score.lane``, seed p. 3)."""

    rule: ClassVar[Rule] = RULES["portobello.score.lane"]
    lane: str
    ends: tuple[str, str]
    multiplier: int
    points: tuple[tuple[str, int], ...]

    def describe(self) -> str:
        got = ", ".join(f"{p} {n}" for p, n in self.points) or "nobody"
        return f"lane {self.lane} scores ({self.ends[0]} and {self.ends[1]}: ×{self.multiplier}): {got}"


@dataclass(frozen=True)
class DistrictScored(Event):
    """A player scored a district with their 2 or 4 token (``portobello.score.district``, seed p. 4)."""

    rule: ClassVar[Rule] = RULES["portobello.score.district"]
    player: str
    district: str
    stalls: int
    value: int
    neutral_taken: int | None

    def describe(self) -> str:
        taken = (f"; they take the neutral {self.neutral_taken}" if self.neutral_taken is not None
                 else "; the neutral stack is empty")
        return (f"{self.player} scores district {self.district}: {self.stalls} stall{'s' * (self.stalls != 1)} "
                f"× {self.value} = "
                f"{self.stalls * self.value}{taken}")


@dataclass(frozen=True)
class TokensTurnedUp(Event):
    """All three of a player's tokens were face down, so they turn face up (``portobello.turn.flip``)."""

    rule: ClassVar[Rule] = RULES["portobello.turn.flip"]
    player: str

    def describe(self) -> str:
        return f"{self.player} has used all three tokens and turns them face up again"


@dataclass(frozen=True)
class TurnEnded(Event):
    """A player's turn ended (``portobello.turn.flip``) and the next player is up."""

    rule: ClassVar[Rule] = RULES["portobello.turn.flip"]
    player: str
    forfeited: int
    next_player: str | None

    def describe(self) -> str:
        lost = f", {self.forfeited} action{'s' * (self.forfeited != 1)} forfeited" if self.forfeited else ""
        after = f"; {self.next_player} to play" if self.next_player else ""
        return f"{self.player} ends the turn{lost}{after}"


@dataclass(frozen=True)
class LordScored(Event):
    """An unfinished lane leading from the Lord scored at the end (``portobello.end.lord-scoring``, p. 4)."""

    rule: ClassVar[Rule] = RULES["portobello.end.lord-scoring"]
    lane: str
    multiplier: int
    points: tuple[tuple[str, int], ...]

    def describe(self) -> str:
        got = ", ".join(f"{p} {n}" for p, n in self.points) or "nobody"
        return f"the Lord scores unfinished lane {self.lane} (×{self.multiplier}): {got}"
