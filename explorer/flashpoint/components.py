"""The facts of Flash Point: Fire Rescue (and Extreme Danger): counts, costs and limits, declared once.

Every number comes from ``shared/rules/bonfire_flashpoint_sources.md`` (part B for the base game, part C for
Extreme Danger), seed 003 or ``DECISIONS.md`` (Flash Point); the rules table (:mod:`.rules`) says which.
Numbers no source settles are named assumptions (``flashpoint.assume.*``).
"""

from __future__ import annotations

from dataclasses import dataclass
from types import MappingProxyType

__all__ = ["MIN_PLAYERS", "MAX_PLAYERS", "COLOURS", "VICTIMS", "FALSE_ALARMS", "DAMAGE_CUBES", "RESCUES_TO_WIN",
           "LOSSES_TO_LOSE", "POIS_ON_BOARD", "HOT_SPOT_SUPPLY", "HAZMAT_MARKERS", "SAVE_LIMIT", "LEVELS",
           "Level", "Role", "ROLES", "RED_DIE", "WALL_STRENGTH"]

MIN_PLAYERS, MAX_PLAYERS = 1, 6
"""Firefighters in play: 1 to 6 pawns (sources B.1). One person may play several (solo)."""
COLOURS = ("red", "blue", "green", "yellow", "orange", "white")
"""The firefighters' names, in turn order (our naming; the pawns' colours are not a rule)."""
VICTIMS, FALSE_ALARMS = 12, 6
"""The 18 point-of-interest markers: 12 victims and 6 false alarms (sources B.1)."""
DAMAGE_CUBES = 24
"""Damage markers: the building collapses when the last one is placed (sources B.1, B.8)."""
RESCUES_TO_WIN, LOSSES_TO_LOSE = 7, 4
"""The team wins with 7 victims rescued and loses with 4 lost (sources B.8)."""
POIS_ON_BOARD = 3
"""Points of interest kept on the board after every turn (sources B.4, B.5)."""
HOT_SPOT_SUPPLY = 12
"""Hot-spot markers that may come into play (sources B.1 list 24; how many are used is unknown:
``flashpoint.assume.hot-spot-supply`` takes 12; Extreme Danger's experienced setup adds 3 more, seed 003)."""
HAZMAT_MARKERS = 6
"""Hazmat markers in the box (sources B.1)."""
SAVE_LIMIT = 4
"""Action points a firefighter may carry over to the next turn (sources B.5, DECISIONS Flash Point 1)."""
RED_DIE = 6
"""The red die rolls the row (d6); the black die (d8, or d12 with a half board) rolls the column (sources B.2)."""
WALL_STRENGTH = {"wall": 2, "light_wall": 1, "window": 1}
"""Damage that destroys each kind of wall: a wall takes 2, a light wall and a window 1 (sources B.6;
DECISIONS Flash Point 3; seed 003)."""


@dataclass(frozen=True)
class Level:
    """A difficulty level of the Experienced game (sources B.4, table from [BODO])."""

    name: str
    explosions: int
    """Initial explosions at setup."""
    hazmats: int
    """Hazmat markers placed at setup."""


LEVELS = MappingProxyType({
    "recruit": Level("recruit", 3, 3),
    "veteran": Level("veteran", 3, 4),
    "heroic": Level("heroic", 4, 5),
})
"""The difficulty levels by name (sources B.4)."""


@dataclass(frozen=True)
class Role:
    """A specialist card (sources B.9): AP per turn and the extra pools only some actions may spend."""

    key: str
    name: str
    ap: int
    """General action points gained at the start of each turn."""
    command_ap: int = 0
    """Fire Captain: extra AP only for commanding other firefighters."""
    extinguish_ap: int = 0
    """CAFS Firefighter: extra AP only for extinguishing."""
    move_ap: int = 0
    """Rescue Specialist: extra AP only for moving."""
    extinguish_cost: int = 1
    """AP per extinguish step (doubled for the Paramedic and the Rescue Specialist)."""
    chop_cost: int = 2
    """AP per chop (the Rescue Specialist chops for 1)."""
    deck_gun_cost: int = 4
    """AP to fire the deck gun (the Driver/Operator fires it for 2)."""


ROLES = MappingProxyType({r.key: r for r in (
    Role("paramedic", "Paramedic", 4, extinguish_cost=2),
    Role("captain", "Fire Captain", 4, command_ap=2),
    Role("imaging", "Imaging Technician", 4),
    Role("cafs", "CAFS Firefighter", 3, extinguish_ap=3),
    Role("hazmat", "Hazmat Technician", 4),
    Role("generalist", "Generalist", 5),
    Role("rescue", "Rescue Specialist", 4, move_ap=3, extinguish_cost=2, chop_cost=1),
    Role("driver", "Driver/Operator", 4, deck_gun_cost=2),
)})
"""The eight base specialists (sources B.9), by key."""

FAMILY_ROLE = Role("firefighter", "Firefighter", 4)
"""The Family game's firefighter: 4 AP a turn, no specialty (sources B.4)."""
