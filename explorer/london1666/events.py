"""What London actions make happen, each event naming the rule behind it."""

from __future__ import annotations

from dataclasses import dataclass
from typing import ClassVar

from explorer.core import Event, Rule

from .components import TOKEN_NAMES
from .rules import RULES


@dataclass(frozen=True)
class CardDealt(Event):
    rule: ClassVar[Rule] = RULES["london.setup.deal"]
    player: str
    direction: str

    def describe(self) -> str:
        return f"{self.player} is dealt a {self.direction} card"


@dataclass(frozen=True)
class Redealt(Event):
    rule: ClassVar[Rule] = RULES["london.setup.deal"]
    player: str
    direction: str

    def describe(self) -> str:
        return f"{self.player} was dealt five {self.direction} cards: they go back and five new ones are dealt"


@dataclass(frozen=True)
class HousePlaced(Event):
    rule: ClassVar[Rule] = RULES["london.setup.houses"]
    district: str
    colour: str

    def describe(self) -> str:
        return f"a {self.colour} house goes to {self.district}"


@dataclass(frozen=True)
class ColourDealt(Event):
    rule: ClassVar[Rule] = RULES["london.setup.colours"]
    player: int
    colour: str

    def describe(self) -> str:
        return f"player {self.player + 1} plays {self.colour}"


@dataclass(frozen=True)
class PawnDrawn(Event):
    rule: ClassVar[Rule] = RULES["london.option.hidden-colours"]
    player: str
    colour: str

    def describe(self) -> str:
        return f"{self.player} draws the {self.colour} pawn"


@dataclass(frozen=True)
class TokenPlaced(Event):
    rule: ClassVar[Rule] = RULES["london.setup.tokens"]
    district: str

    def describe(self) -> str:
        return f"a face-down token is put on {self.district}"


@dataclass(frozen=True)
class ObjectiveDealt(Event):
    rule: ClassVar[Rule] = RULES["london.setup.objectives"]
    player: str
    deck: str

    def describe(self) -> str:
        return f"{self.player} is dealt a secret objective from deck {self.deck}"


@dataclass(frozen=True)
class BandPlaced(Event):
    rule: ClassVar[Rule] = RULES["london.setup.trained-bands"]
    district: str
    by: str

    def describe(self) -> str:
        return f"{self.by} puts a trained band in {self.district}"


@dataclass(frozen=True)
class PawnPlaced(Event):
    rule: ClassVar[Rule] = RULES["london.setup.pawns"]
    player: str
    district: str

    def describe(self) -> str:
        return f"{self.player} puts their pawn in {self.district}"


@dataclass(frozen=True)
class FireSpread(Event):
    rule: ClassVar[Rule] = RULES["london.fire.direction"]
    player: str
    card: str
    source: str
    destination: str
    level: int

    def describe(self) -> str:
        return (f"{self.player} plays a {self.card} card: a cone leaves {self.source} and enters "
                f"{self.destination} (priority level {self.level})")


@dataclass(frozen=True)
class FireCovered(Event):
    rule: ClassVar[Rule] = RULES["london.fire.bands-cover"]
    district: str

    def describe(self) -> str:
        return f"a trained band in {self.district} covers the arriving cone: the houses are safe"


@dataclass(frozen=True)
class HousesBurned(Event):
    rule: ClassVar[Rule] = RULES["london.fire.burn"]
    district: str
    colour: str
    houses: int

    def describe(self) -> str:
        return f"{self.houses} house{'s' if self.houses != 1 else ''} of {self.colour} burned in {self.district}"


@dataclass(frozen=True)
class ConesPlaced(Event):
    rule: ClassVar[Rule] = RULES["london.fire.burn"]
    district: str
    cones: int

    def describe(self) -> str:
        return f"{self.district} now burns with {self.cones} cone{'s' if self.cones != 1 else ''}"


@dataclass(frozen=True)
class TokenTaken(Event):
    rule: ClassVar[Rule] = RULES["london.fire.tokens"]
    player: str
    district: str

    def describe(self) -> str:
        return f"{self.player} takes the token that lay in {self.district}"


@dataclass(frozen=True)
class PuddingLaneRefilled(Event):
    rule: ClassVar[Rule] = RULES["london.fire.pudding-lane-refill"]
    cones: int

    def describe(self) -> str:
        return f"Pudding Lane was down to its last cone: {self.cones} more are added"


@dataclass(frozen=True)
class SupplyEmpty(Event):
    rule: ClassVar[Rule] = RULES["london.fire.supply"]
    district: str
    missing: int

    def describe(self) -> str:
        return f"the supply is empty: {self.missing} cone{'s' if self.missing != 1 else ''} could not go to {self.district}"


@dataclass(frozen=True)
class DoubleMoveUsed(Event):
    rule: ClassVar[Rule] = RULES["london.fire.double-move"]
    player: str

    def describe(self) -> str:
        return f"{self.player} uses a double-move token"


@dataclass(frozen=True)
class FireBlocked(Event):
    rule: ClassVar[Rule] = RULES["london.fire.no-move"]
    player: str
    hand: str
    card: str

    def describe(self) -> str:
        return f"no card can spread the fire: {self.player} shows {self.hand}, discards {self.card} and will add 3 cones"


@dataclass(frozen=True)
class FireAdded(Event):
    rule: ClassVar[Rule] = RULES["london.fire.no-move"]
    district: str

    def describe(self) -> str:
        return f"a cone is added to {self.district}"


@dataclass(frozen=True)
class PawnMoved(Event):
    rule: ClassVar[Rule] = RULES["london.actions.move-pawn"]
    player: str
    district: str

    def describe(self) -> str:
        return f"{self.player} moves to {self.district}"


@dataclass(frozen=True)
class BandMoved(Event):
    rule: ClassVar[Rule] = RULES["london.actions.move-band"]
    source: str
    destination: str

    def describe(self) -> str:
        return f"a trained band moves from {self.source} to {self.destination}"


@dataclass(frozen=True)
class BandCovers(Event):
    rule: ClassVar[Rule] = RULES["london.actions.band-stops"]
    district: str

    def describe(self) -> str:
        return f"the band stops in {self.district} and covers a fire cone"


@dataclass(frozen=True)
class ConeExtinguished(Event):
    rule: ClassVar[Rule] = RULES["london.actions.extinguish"]
    player: str
    district: str
    total: int

    def describe(self) -> str:
        return f"{self.player} puts out a cone in {self.district} ({self.total} in all)"


@dataclass(frozen=True)
class HeroChanged(Event):
    rule: ClassVar[Rule] = RULES["london.actions.hero"]
    player: str

    def describe(self) -> str:
        return f"{self.player} is now the Hero of London"


@dataclass(frozen=True)
class DistrictDemolished(Event):
    rule: ClassVar[Rule] = RULES["london.actions.demolish"]
    player: str
    district: str

    def describe(self) -> str:
        return f"{self.player} demolishes {self.district}: it is now a firebreak"


@dataclass(frozen=True)
class HousesDemolished(Event):
    rule: ClassVar[Rule] = RULES["london.actions.demolish"]
    district: str
    colour: str
    houses: int

    def describe(self) -> str:
        return f"{self.houses} house{'s' if self.houses != 1 else ''} of {self.colour} demolished in {self.district}"


@dataclass(frozen=True)
class TokenDestroyed(Event):
    rule: ClassVar[Rule] = RULES["london.actions.demolish"]
    district: str
    kind: str

    def describe(self) -> str:
        return f"the {TOKEN_NAMES[self.kind]} token in {self.district} is destroyed"


@dataclass(frozen=True)
class ActionsEnded(Event):
    rule: ClassVar[Rule] = RULES["london.actions.end"]
    player: str
    unused: int

    def describe(self) -> str:
        return f"{self.player} ends the action phase" + (f" ({self.unused} points unused)" if self.unused else "")


@dataclass(frozen=True)
class CardDrawn(Event):
    rule: ClassVar[Rule] = RULES["london.draw.refill"]
    player: str

    def describe(self) -> str:
        return f"{self.player} draws a movement card"


@dataclass(frozen=True)
class FireCardRevealed(Event):
    rule: ClassVar[Rule] = RULES["london.draw.intensify"]
    letter: str

    def describe(self) -> str:
        return f"fire card {self.letter} is revealed: the fire intensifies"


@dataclass(frozen=True)
class Intensified(Event):
    rule: ClassVar[Rule] = RULES["london.draw.intensify"]
    district: str
    cones: int

    def describe(self) -> str:
        return f"{self.cones} cone{'s' if self.cones != 1 else ''} added to {self.district}"


@dataclass(frozen=True)
class FinalTurns(Event):
    rule: ClassVar[Rule] = RULES["london.end.extra-turn"]
    turns: int

    def describe(self) -> str:
        return f"that was the last fire card: {self.turns} more turns, then the game ends"


@dataclass(frozen=True)
class GameOver(Event):
    rule: ClassVar[Rule] = RULES["london.end.extra-turn"]
    winners: str

    def describe(self) -> str:
        return f"the game is over; winner: {self.winners}"
