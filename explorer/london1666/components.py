"""The components of The Great Fire of London 1666: counts and supplies (seed p. 1-2, DECISIONS London 3-4)."""

PLAYER_COUNTS = (3, 4, 5, 6)
"""The game is for 3 to 6 players."""
COLOURS = ("red", "blue", "green", "yellow", "white", "purple")
"""The six player colours (names: rule ``london.assume.house-colours``)."""
HOUSES_PER_COLOUR = 20
"""Each colour has 20 houses, 5 per region."""
HOUSES_PER_COLOUR_PER_REGION = 5
MOVEMENT_CARDS_PER_DIRECTION = 15
"""60 movement cards, 15 of each direction (rule ``london.assume.movement-cards``)."""
HAND_SIZE = 5
"""Cards in hand after drawing."""
FIRE_CONES = 100
"""Fire cones in the box (option ``fire_cones``; the first English printing had 65)."""
START_CONES = 25
"""Cones put in Pudding Lane at setup."""
REFILL_CONES = 5
"""Cones added to Pudding Lane when it is down to its last one."""
TRAINED_BANDS = 6
"""Trained-band cones on the board in every game."""
FIXED_BAND_SPOTS = {4: 2, 5: 1}
"""How many trained bands start on the board's fixed spots, by player count (the rest are placed by players)."""
TOKENS = {"charge": 10, "double": 6, "vp": 4}
"""The 20 face-down tokens: demolition charges, double moves, one-point tokens."""
TOKEN_NAMES = {"charge": "demolition charge", "double": "double move", "vp": "1 VP"}
FIRE_CARDS = "ABCDEF"
"""Fire cards, used from A upwards, one per player (rule ``london.assume.fire-cards-per-players``)."""
CARDS_LEFT_IN_BOX = {3: 12, 4: 8, 5: 5, 6: 0}
"""Movement cards that go back in the box when the fire deck is built (seed p. 3)."""
ACTION_POINTS = 4
"""Action points per turn."""
START_SCORE = 40
"""Every track starts at 40 points."""
POINTS_PER_LOST_HOUSE = 2
HERO_CONES = 3
"""Cones to put out to become the Hero of London."""
HERO_POINTS = 2
INTENSIFY_CONES = 3
"""Cones added per district when the fire intensifies (and for a blocked fire)."""
OBJECTIVE_DECKS = {"I": 2, "II": 4, "III": 6}
"""The three objective decks and the VP of the districts their cards name (DECISIONS London 8)."""
DEMOLISH_MAX_ICONS = 2
"""A district with more house icons than this can only be demolished once its houses have burned."""


def fire_deck(players: int) -> tuple[int, ...]:
    """Movement cards above each fire card, from the top of the deck down (the last entry sits on card A).

    Rule ``london.setup.fire-deck``: one fire card per player from A up, the movement cards not dealt and not
    left in the box shared among them, A built first (``london.assume.fire-cards-per-players``).

    >>> fire_deck(4)
    (8, 8, 8, 8)
    >>> fire_deck(3)
    (11, 11, 11)

    Raises:
        ValueError: for a player count outside 3-6.
    """
    if players not in PLAYER_COUNTS:
        raise ValueError(f"The Great Fire of London 1666 is for 3 to 6 players, got {players}")
    left = 4 * MOVEMENT_CARDS_PER_DIRECTION - HAND_SIZE * players - CARDS_LEFT_IN_BOX[players]
    share, extra = divmod(left, players)
    # A is built first and gets any remainder first; the deck lists the top (last built) first.
    return tuple(share + (1 if letter < extra else 0) for letter in reversed(range(players)))


CARD_WORDS = {"N": "an N card", "E": "an E card", "S": "an S card", "W": "a W card"}
"""A movement card in words, with its article (the cards show N, E, S, W and an arrow)."""

PHASE_WORDS = {"bands": "the players are placing their trained bands (setup)",
               "pawns": "the players are placing their owner pawns (setup)",
               "spread": "the fire spreads (the first part of the turn)",
               "double": "a double move may follow the spread (the first part of the turn)",
               "blocked-fire": "the cones of a blocked fire are being placed (the first part of the turn)",
               "actions": "the action points are spent (the second part of the turn)",
               "draw": "the player draws back to five cards (the end of the turn)",
               "over": "the game is over"}
"""What is happening in each phase a player decides in, in words (for refusals)."""


def card_words(direction: str) -> str:
    """``"an N card"``, ``"a W card"``: a movement card with its article (``direction`` one of N, E, S, W).

    >>> card_words("E"), card_words("W")
    ('an E card', 'a W card')
    """
    return CARD_WORDS.get(direction, f"a {direction} card")


def cones_and_bands(cones: int, bands: int) -> str:
    """``"2 cones, 1 trained band"``: a fire and its guard in words, singular or plural.

    >>> cones_and_bands(1, 2)
    '1 cone, 2 trained bands'
    """
    return f"{cones} cone{'s' if cones != 1 else ''}, {bands} trained band{'s' if bands != 1 else ''}"
