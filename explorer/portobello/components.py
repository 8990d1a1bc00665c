"""The components of Portobello Market: counts, supplies and tables (seed p. 1-4, DECISIONS Portobello 2).

Everything a rule needs as a number is declared here once; the rules read it from here.
"""

PLAYER_COUNTS = (2, 3, 4)
"""The game is for 2 to 4 players (seed p. 1)."""
COLOURS = ("red", "yellow", "green", "blue")
"""Stall colours, in the order seats take them: 2 players play red and yellow, 3 add green, 4 add blue."""
STALLS_IN_BOX = {"red": 30, "yellow": 30, "green": 20, "blue": 16}
"""96 stalls (seed p. 1): 30 red, 30 yellow, 20 green, 16 blue."""
STALLS_PER_PLAYER = {2: 30, 3: 20, 4: 16}
"""Each player's supply of stalls by player count (seed p. 1)."""
ACTION_TOKENS = (2, 3, 4)
"""Each player's own action tokens, face up at the start (seed p. 1)."""
DISTRICT_TOKENS = (2, 4)
"""The own tokens that can score a district instead of a turn (seed p. 4)."""
NEUTRAL_STACK = (3, 3, 2, 2, 1, 1, 1, 1)
"""The neutral (black and white) action tokens, top of the stack first (seed p. 1)."""
START_PLAYER = 0
"""The seat of the start player, who takes the first turn; play goes clockwise, seat by seat (seed p. 2)."""
START_SCORE = 10
"""Every scoring marker starts on 10 (seed p. 1)."""
SERVANT, CITIZEN, LORD = "servant", "citizen", "lord"
"""The customer kinds: grey servants (criados), pink citizens (cidadãos) and the black Lord (lorde)."""
CUSTOMERS = (SERVANT, CITIZEN)
"""The kinds that go in the bag."""
BAG = {SERVANT: 5, CITIZEN: 5}
"""The bag at the start: 5 servants and 5 citizens; the Lord waits beside the board (seed p. 1)."""
MULTIPLIERS = {
    frozenset({SERVANT}): 1,
    frozenset({SERVANT, CITIZEN}): 2,
    frozenset({CITIZEN}): 3,
    frozenset({LORD, SERVANT}): 3,
    frozenset({LORD, CITIZEN}): 4,
}
"""The lane-scoring multiplier by the pair of customers at the lane's two ends (seed p. 3)."""


def multiplier(a: str, b: str) -> int:
    """The lane multiplier for customers ``a`` and ``b`` at the two ends (rule ``portobello.score.multiplier``).

    >>> multiplier("servant", "citizen"), multiplier("lord", "citizen"), multiplier("citizen", "citizen")
    (2, 4, 3)

    Raises:
        KeyError: for a pair the rules never meet (two Lords, or an unknown kind).
    """
    try:
        return MULTIPLIERS[frozenset((a, b))]
    except KeyError:
        raise KeyError(f"no lane multiplier for customers {a!r} and {b!r}") from None


def token_words(value: int, neutral: bool) -> str:
    """An action token as a player names it after "red's" or "has no" (``n3`` is only the notation):
    ``token_words(3, True)`` → ``"neutral 3"``, ``token_words(3, False)`` → ``"token 3"``."""
    return f"neutral {value}" if neutral else f"token {value}"
