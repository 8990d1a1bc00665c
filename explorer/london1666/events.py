"""What London actions make happen, each event naming the rule behind it."""

from __future__ import annotations

from dataclasses import dataclass
from typing import ClassVar

from explorer.core import Event, Rule

from .components import card_words
from .rules import RULES


@dataclass(frozen=True)
class CardDealt(Event):
    """A movement card was dealt to a player at setup (``london.setup.deal``, seed p. 3)."""

    rule: ClassVar[Rule] = RULES["london.setup.deal"]
    player: str
    direction: str

    def describe(self) -> str:
        return f"{self.player} is dealt {card_words(self.direction)}"


@dataclass(frozen=True)
class Redealt(Event):
    """A player dealt five cards of one direction gets a new hand (``london.setup.deal``, seed p. 3)."""

    rule: ClassVar[Rule] = RULES["london.setup.deal"]
    player: str
    direction: str

    def describe(self) -> str:
        return f"{self.player} was dealt five {self.direction} cards: they go back and five new ones are dealt"


@dataclass(frozen=True)
class HousePlaced(Event):
    """A house drawn blind from the lid was put on a house icon (``london.setup.houses``, seed p. 3)."""

    rule: ClassVar[Rule] = RULES["london.setup.houses"]
    district: str
    colour: str

    def describe(self) -> str:
        return f"a {self.colour} house goes to {self.district}"


@dataclass(frozen=True)
class ColourDealt(Event):
    """A player received their colour card (``london.setup.colours``, seed p. 3)."""

    rule: ClassVar[Rule] = RULES["london.setup.colours"]
    player: int
    colour: str

    def describe(self) -> str:
        return f"player {self.player + 1} plays {self.colour}"


@dataclass(frozen=True)
class PawnDrawn(Event):
    """Optional rule A: a player drew an owner pawn at random (seed p. 11)."""

    rule: ClassVar[Rule] = RULES["london.option.hidden-colours"]
    player: str
    colour: str

    def describe(self) -> str:
        return f"{self.player} draws the {self.colour} pawn"


@dataclass(frozen=True)
class TokenPlaced(Event):
    """A face-down token was put on a yellow-name district (``london.setup.tokens``, seed p. 4)."""

    rule: ClassVar[Rule] = RULES["london.setup.tokens"]
    district: str

    def describe(self) -> str:
        return f"a face-down token is put on {self.district}"


@dataclass(frozen=True)
class ObjectiveDealt(Event):
    """A secret objective card was dealt (``london.setup.objectives``, seed p. 4)."""

    rule: ClassVar[Rule] = RULES["london.setup.objectives"]
    player: str
    deck: str

    def describe(self) -> str:
        return f"{self.player} is dealt a secret objective from deck {self.deck}"


@dataclass(frozen=True)
class BandPlaced(Event):
    """A trained band was placed at setup (``london.setup.trained-bands``, seed p. 4)."""

    rule: ClassVar[Rule] = RULES["london.setup.trained-bands"]
    district: str
    by: str

    def describe(self) -> str:
        if self.by == "the rules":  # a fixed spot of the board (4 or 5 players)
            return f"a trained band starts in {self.district}, a marked spot for this number of players"
        return f"{self.by} puts a trained band in {self.district}"


@dataclass(frozen=True)
class PawnPlaced(Event):
    """An owner pawn was placed at setup (``london.setup.pawns``, seed p. 4)."""

    rule: ClassVar[Rule] = RULES["london.setup.pawns"]
    player: str
    district: str

    def describe(self) -> str:
        return f"{self.player} puts their pawn in {self.district}"


@dataclass(frozen=True)
class FireSpread(Event):
    """A cone moved with a card into a district without fire (``london.fire.direction``, seed p. 5-7)."""

    rule: ClassVar[Rule] = RULES["london.fire.direction"]
    player: str
    card: str
    source: str
    destination: str
    level: int

    def describe(self) -> str:
        return (f"{self.player} plays {card_words(self.card)}: a cone leaves {self.source} and enters "
                f"{self.destination} (priority level {self.level})")


@dataclass(frozen=True)
class FireCovered(Event):
    """A free trained band covered the arriving cone (``london.fire.bands-cover``, seed p. 7)."""

    rule: ClassVar[Rule] = RULES["london.fire.bands-cover"]
    district: str

    def describe(self) -> str:
        return f"a trained band in {self.district} covers the arriving cone: the houses are safe"


@dataclass(frozen=True)
class HousesBurned(Event):
    """Houses of one colour burned and went to their owner's track (``london.fire.burn``, seed p. 8)."""

    rule: ClassVar[Rule] = RULES["london.fire.burn"]
    district: str
    colour: str
    houses: int

    def describe(self) -> str:
        return f"{self.houses} house{'s' if self.houses != 1 else ''} of {self.colour} burned in {self.district}"


@dataclass(frozen=True)
class ConesPlaced(Event):
    """A district that caught fire now holds this many cones (``london.fire.burn``, seed p. 8)."""

    rule: ClassVar[Rule] = RULES["london.fire.burn"]
    district: str
    cones: int

    def describe(self) -> str:
        return f"{self.district} now burns with {self.cones} cone{'s' if self.cones != 1 else ''}"


@dataclass(frozen=True)
class TokenTaken(Event):
    """The active player took the token of a district whose houses burned (``london.fire.tokens``, p. 8)."""

    rule: ClassVar[Rule] = RULES["london.fire.tokens"]
    player: str
    district: str

    def describe(self) -> str:
        return f"{self.player} takes the token that lay in {self.district}"


@dataclass(frozen=True)
class PuddingLaneRefilled(Event):
    """Pudding Lane, down to its last cone, got more cones (``london.fire.pudding-lane-refill``)."""

    rule: ClassVar[Rule] = RULES["london.fire.pudding-lane-refill"]
    cones: int

    def describe(self) -> str:
        return f"Pudding Lane was down to its last cone: {self.cones} more are added"


@dataclass(frozen=True)
class SupplyEmpty(Event):
    """Cones that could not be placed because the supply ran out (``london.fire.supply``)."""

    rule: ClassVar[Rule] = RULES["london.fire.supply"]
    district: str
    missing: int

    def describe(self) -> str:
        return f"the supply is empty: {self.missing} cone{'s' if self.missing != 1 else ''} could not go to {self.district}"


@dataclass(frozen=True)
class DoubleMoveUsed(Event):
    """A double-move token was spent for a second spread (``london.fire.double-move``, seed p. 6)."""

    rule: ClassVar[Rule] = RULES["london.fire.double-move"]
    player: str

    def describe(self) -> str:
        return f"{self.player} uses a double-move token"


@dataclass(frozen=True)
class FireBlocked(Event):
    """No card could spread the fire: hand shown, one card discarded (``london.fire.no-move``, p. 6)."""

    rule: ClassVar[Rule] = RULES["london.fire.no-move"]
    player: str
    hand: str
    card: str

    def describe(self) -> str:
        return (f"no card can spread the fire: {self.player} shows their hand ({self.hand}), discards "
                f"{card_words(self.card)} and will add 3 cones")


@dataclass(frozen=True)
class FireAdded(Event):
    """One of the three cones of a blocked fire was placed (``london.fire.no-move``, seed p. 6)."""

    rule: ClassVar[Rule] = RULES["london.fire.no-move"]
    district: str

    def describe(self) -> str:
        return f"a cone is added to {self.district}"


@dataclass(frozen=True)
class PawnMoved(Event):
    """The active player's owner pawn moved (``london.actions.move-pawn``, seed p. 9)."""

    rule: ClassVar[Rule] = RULES["london.actions.move-pawn"]
    player: str
    district: str

    def describe(self) -> str:
        return f"{self.player} moves to {self.district}"


@dataclass(frozen=True)
class BandMoved(Event):
    """A free trained band moved (``london.actions.move-band``, seed p. 9)."""

    rule: ClassVar[Rule] = RULES["london.actions.move-band"]
    source: str
    destination: str

    def describe(self) -> str:
        return f"a trained band moves from {self.source} to {self.destination}"


@dataclass(frozen=True)
class BandCovers(Event):
    """A trained band stopped to cover an uncovered cone (``london.actions.band-stops``, seed p. 9)."""

    rule: ClassVar[Rule] = RULES["london.actions.band-stops"]
    district: str

    def describe(self) -> str:
        return f"the band stops in {self.district} and covers a fire cone"


@dataclass(frozen=True)
class ConeExtinguished(Event):
    """A cone of a contained fire was put out (``london.actions.extinguish``, seed p. 10)."""

    rule: ClassVar[Rule] = RULES["london.actions.extinguish"]
    player: str
    district: str
    total: int

    def describe(self) -> str:
        return f"{self.player} puts out a cone in {self.district} ({self.total} in all)"


@dataclass(frozen=True)
class HeroChanged(Event):
    """The Hero of London card changed hands (``london.actions.hero``, seed p. 10)."""

    rule: ClassVar[Rule] = RULES["london.actions.hero"]
    player: str

    def describe(self) -> str:
        return f"{self.player} is now the Hero of London"


@dataclass(frozen=True)
class DistrictDemolished(Event):
    """A district was blown up and became a firebreak (``london.actions.demolish``, p. 10)."""

    rule: ClassVar[Rule] = RULES["london.actions.demolish"]
    player: str
    district: str

    def describe(self) -> str:
        return f"{self.player} demolishes {self.district}: it is now a firebreak"


@dataclass(frozen=True)
class HousesDemolished(Event):
    """Houses of one colour were lost to a demolition (``london.actions.demolish``, seed p. 10)."""

    rule: ClassVar[Rule] = RULES["london.actions.demolish"]
    district: str
    colour: str
    houses: int

    def describe(self) -> str:
        return f"{self.houses} house{'s' if self.houses != 1 else ''} of {self.colour} demolished in {self.district}"


@dataclass(frozen=True)
class TokenDestroyed(Event):
    """A token lying in a demolished district was removed (``london.actions.demolish``, p. 11)."""

    rule: ClassVar[Rule] = RULES["london.actions.demolish"]
    district: str
    kind: str

    def describe(self) -> str:
        return f"the face-down token in {self.district} is destroyed unseen"


@dataclass(frozen=True)
class ActionsEnded(Event):
    """The action phase ended (``london.actions.end``, seed p. 9)."""

    rule: ClassVar[Rule] = RULES["london.actions.end"]
    player: str
    unused: int

    def describe(self) -> str:
        return f"{self.player} ends the action phase" + (f" ({self.unused} point{'s' if self.unused != 1 else ''} unused)"
                                                             if self.unused else "")


@dataclass(frozen=True)
class CardDrawn(Event):
    """The active player drew a movement card (``london.draw.refill``, seed p. 9)."""

    rule: ClassVar[Rule] = RULES["london.draw.refill"]
    player: str

    def describe(self) -> str:
        return f"{self.player} draws a movement card"


@dataclass(frozen=True)
class FireCardRevealed(Event):
    """A fire card was revealed under the last movement card (``london.draw.intensify``, p. 9)."""

    rule: ClassVar[Rule] = RULES["london.draw.intensify"]
    letter: str

    def describe(self) -> str:
        return f"fire card {self.letter} is revealed: the fire intensifies"


@dataclass(frozen=True)
class Intensified(Event):
    """Cones added to a district when the fire intensified (``london.draw.intensify``, seed p. 9)."""

    rule: ClassVar[Rule] = RULES["london.draw.intensify"]
    district: str
    cones: int

    def describe(self) -> str:
        return f"{self.cones} cone{'s' if self.cones != 1 else ''} added to {self.district}"


@dataclass(frozen=True)
class FinalTurns(Event):
    """The last fire card has been revealed: the final turns begin (``london.end.extra-turn``)."""

    rule: ClassVar[Rule] = RULES["london.end.extra-turn"]
    turns: int

    def describe(self) -> str:
        return f"that was the last fire card: {self.turns} more turns, then the game ends"


SCORE_RULES = {"houses lost": "london.score.houses", "cones put out": "london.score.extinguished",
               "objectives": "london.score.objectives", "1 VP tokens": "london.score.tokens",
               "Hero of London": "london.score.hero"}
"""The rule of each scoring category after the track's 40 (seed p. 8, 11)."""


@dataclass(frozen=True)
class CategoryScored(Event):
    """At the end of the game, one scoring category counted for every player (``london.score.*``, seed p. 11).

    ``points`` is ``((player, points), ...)`` in seat order, players scoring 0 left out.
    """

    category: str
    points: tuple[tuple[str, int], ...]

    @property
    def rule(self) -> Rule:  # type: ignore[override]
        return RULES[SCORE_RULES[self.category]]

    def describe(self) -> str:
        shown = ", ".join(f"{player} {n:+d}" for player, n in self.points) or "nobody"
        return f"final scoring, {self.category}: {shown}"


@dataclass(frozen=True)
class TieBroken(Event):
    """Players level on points at the end: the tie-breaks decide (``london.score.tie-break``, seed p. 11).

    ``decider`` is the tie-break that separated them (``cones put out``, ``houses on the map``,
    ``objective points``), or ``""`` when every tie-break is equal and they share the win.
    """

    rule: ClassVar[Rule] = RULES["london.score.tie-break"]
    players: str
    points: int
    decider: str

    def describe(self) -> str:
        if not self.decider:
            return f"{self.players} tie on {self.points} points and on every tie-break: they share the win"
        return f"{self.players} tie on {self.points} points; {self.decider} decide"


@dataclass(frozen=True)
class GameOver(Event):
    """The game has ended and the winners are known (``london.end.extra-turn``, seed p. 11)."""

    rule: ClassVar[Rule] = RULES["london.end.extra-turn"]
    winners: str

    def describe(self) -> str:
        return f"the game is over; winner: {self.winners}"
