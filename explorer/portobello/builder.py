"""Building a Portobello Market situation from the few facts that matter: :func:`position`.

The position format (:meth:`State.to_dict`) holds every fact of a position, and much of it follows from the rest:
the stalls in a player's hand are their supply minus the stalls they built, the bag holds the customers not yet
on a square, the neutral stack has lost one token per district scored, a lane that is full with customers at both
ends has scored (and paid its owners), and the last round is under way once somebody's hand is empty.
:func:`position` takes what is where and works out the rest, then checks the result with the position format's
own checks (:meth:`State.from_dict`), so a situation that play could never reach is refused with every problem.
Rules: seed 001 p. 1-4 (the components and the scoring), DECISIONS.md Portobello.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Mapping, Sequence
from typing import TYPE_CHECKING, Any

from explorer.core import InvalidData

from .board import Board
from .components import ACTION_TOKENS, BAG, COLOURS, NEUTRAL_STACK, PLAYER_COUNTS, STALLS_PER_PLAYER, multiplier

if TYPE_CHECKING:
    from .state import State, Token

LETTERS = {"R": "red", "Y": "yellow", "G": "green", "B": "blue", ".": None}
"""The one-letter stall colours of a lane row written as text (``"RRY."``; ``.`` is a free space)."""
CATEGORIES = ("lanes", "districts", "tolls", "lord")
"""The point categories of a seat in the position format (the start's 10 is not one of them)."""


def position(players: int = 3, *, lanes: Mapping[str, str | Sequence[str | None]] | None = None,
             squares: Mapping[str, str] | None = None, bobby: str | None = None, active: int | str = 0,
             token: int | str | None = None, actions_left: int | None = None, drawn: str | None = None,
             tokens: Mapping[str, str | Sequence[Any]] | None = None,
             district_tokens: Mapping[str, tuple[str, int]] | None = None,
             points: Mapping[str, Mapping[str, int]] | None = None, queue: Sequence[str] | None = None,
             round: int = 1, seed: int = 0, board: Board | None = None) -> "State":
    """A position in the middle of a game, built from what is where; everything else is derived and checked.

    Without ``token`` it is the start of ``active``'s turn (phase ``choose``): they pick a token or score a
    district. With ``token`` they are playing it (phase ``actions``), and with ``drawn`` as well, the customer
    they drew waits to be placed (phase ``place``).

    Args:
        players: 2 to 4; seat 0 is the start player, the colours red, yellow, green, blue in seat order.
        lanes: ``{lane id: row}``, the stalls on each lane from its ``from`` square: text with one letter per
            space (``"RRY."``: ``R``\\ ed, ``Y``\\ ellow, ``G``\\ reen, ``B``\\ lue, ``.`` free) or a sequence of
            colour names and ``None``. Lanes left out are empty.
        squares: ``{square id: "servant" | "citizen" | "lord"}``, the customers on the board.
        bobby: the district where the bobby stands (default: the board's first district).
        active: whose turn it is, a seat number or a colour.
        token: the action token ``active`` plays this turn: ``2``, ``3``, ``4`` (their own) or ``"n1"`` ... ``"n3"``
            (a neutral one); it must be face up in their hand.
        actions_left: the actions still to take this turn (default: all the token gives, less the one the draw of
            ``drawn`` took). Only with ``token``.
        drawn: ``"servant"`` or ``"citizen"``, a customer just drawn and waiting to be placed. Only with ``token``.
        tokens: ``{colour: hand}``, the tokens under a player's awning in slot order: text such as
            ``"2 3- n3"`` (``n``: neutral, ``-``: face down) or a sequence of :class:`Token`. Default: their own
            2, 3 and 4 face up, where a token spent on a district is replaced, in its slot, by the neutral token
            it took from the stack, face down (``portobello.assume.neutral-face-down``).
        district_tokens: ``{district id: (colour, 2 or 4)}``, the districts already scored, **in the order they
            were scored** (the first scoring took the top neutral token of the stack).
        points: ``{colour: {category: points}}`` with categories ``lanes``, ``districts``, ``tolls`` (received
            minus paid), ``lord``; on top of the starting 10. A category left out is derived: ``lanes`` is what
            the scored lanes paid that player, the others are 0.
        queue: the customer-queue variant (``portobello.option.customer-queue``): the customers still waiting
            in the queue, first one first. The bag is then empty.
        round: the round being played (1 is the first).
        seed: the seed of the random stream for the draws still to come.
        board: the board (default: the shipped reconstruction, :meth:`Board.default`).

    Derived: each player's stalls in hand (``portobello.setup.stalls``: the supply for the player count minus
    the stalls they built), the bag (``portobello.setup.bag``: 5 servants and 5 citizens minus those on squares,
    in the queue or drawn), the neutral stack (``portobello.setup.neutral-stack``, one token gone from the top per
    district scored), the hands of tokens (above), the scored lanes (``portobello.score.lane``: every lane full
    with customers at both ends), their points, and the ending flag (``portobello.end.last-stall``: true once a
    player has no stall left in hand).

    >>> s = position(3, lanes={"c": "RRY."}, squares={"s9": "servant", "s10": "citizen"}, token=2)
    >>> s.phase, s.seats[0].stalls, s.seats[1].stalls, s.bag, s.neutral[:2]
    ('actions', 18, 19, (4, 4), (3, 3))
    >>> s = s.apply("build c 3")           # red fills lane c: (3 + 1 + 3) x 2 for red, 1 x 2 for yellow
    >>> {name: b.total for name, b in s.scores().items()}
    {'red': 24, 'yellow': 12, 'green': 10}

    Raises:
        InvalidData: listing every problem: a row or hand that cannot be read, a colour nobody plays, and every
            problem the position format finds (:meth:`State.from_dict`): stalls beyond a player's supply, a row
            not built from an end, more customers than the game has, a Lord before the tenth customer...
        ValueError: for a player count outside 2-4 or a board that is not a :class:`Board`.
    """
    from .state import State, Token

    if isinstance(players, bool) or players not in PLAYER_COUNTS:
        raise ValueError(f"players must be 2, 3 or 4, got {players!r}")
    if board is not None and not isinstance(board, Board):
        raise ValueError(f"board must be a Board (see Board.from_file), got {type(board).__name__}")
    board = board or Board.default()
    colours = COLOURS[:players]
    problems: list[str] = []

    def known_colour(where: str, colour: Any) -> bool:
        if colour in colours:
            return True
        problems.append(f"{where}: nobody plays {colour!r} with {players} players ({', '.join(colours)})")
        return False

    rows: dict[str, list[str | None]] = {}
    for lane, row in (lanes or {}).items():
        if isinstance(row, str):
            bad = sorted(set(row) - set(LETTERS))
            if bad:
                problems.append(f"lanes.{lane}: {row!r}: a space is R, Y, G, B or . (free), not {', '.join(bad)}")
                continue
            row = [LETTERS[c] for c in row]
        rows[lane] = list(row)
    squares = dict(squares or {})
    seat = active
    if isinstance(active, str):
        seat = colours.index(active) if known_colour("active", active) else 0
    scorings = []
    for district, mark in (district_tokens or {}).items():
        if not (isinstance(mark, Sequence) and len(mark) == 2):
            problems.append(f"district_tokens.{district}: expected (colour, 2 or 4), got {mark!r}")
        elif known_colour(f"district_tokens.{district}", mark[0]):
            scorings.append((district, mark[0], mark[1]))
    hands: dict[str, list[Token]] = {c: [Token(v) for v in ACTION_TOKENS] for c in colours}
    for k, (_, colour, value) in enumerate(scorings):  # each scoring takes the top neutral token, face down
        slot = next((n for n, t in enumerate(hands[colour]) if not t.neutral and t.value == value), None)
        if slot is not None and k < len(NEUTRAL_STACK):
            hands[colour][slot] = Token(NEUTRAL_STACK[k], neutral=True, face_up=False)
    for colour, hand in (tokens or {}).items():
        if known_colour(f"tokens.{colour}", colour):
            try:
                hands[colour] = _hand(hand)
            except ValueError as err:
                problems.append(f"tokens.{colour}: {err}")
    if problems:
        raise InvalidData("Portobello position", problems)

    built = Counter(c for row in rows.values() for c in row if c)
    held = Counter(squares.values()) + Counter(queue or ()) + Counter([drawn] if drawn else [])
    served = [lane for lane, row in rows.items() if lane in board.lanes and None not in row
              and all(squares.get(end) for end in board.lanes[lane].ends)]
    lane_points = _lane_points(board, rows, squares, served)
    seats = []
    for colour in colours:
        given = dict((points or {}).get(colour, {}))
        # more stalls built than the supply: 0 in hand, and the position format says what is wrong
        seats.append({"colour": colour, "stalls": max(0, STALLS_PER_PLAYER[players] - built[colour]),
                      "tokens": [{"value": t.value, "neutral": t.neutral, "face_up": t.face_up}
                                 for t in hands[colour]],
                      "points": {"lanes": lane_points.get(colour, 0), **given}})
    for colour in (points or {}):
        known_colour(f"points.{colour}", colour)
    data: dict[str, Any] = {
        "game": "portobello", "players": players, "phase": "choose", "active": seat, "round": round,
        "bobby": bobby if bobby is not None else next(iter(board.districts)), "seats": seats, "lanes": rows,
        "squares": squares, "scored": served, "neutral": list(NEUTRAL_STACK[len(scorings):]),
        "district_tokens": {d: {"player": c, "value": v} for d, c, v in scorings},
        "ending": any(s["stalls"] == 0 for s in seats), "seed": seed,
        "bag": {kind: 0 if queue is not None else max(0, BAG[kind] - held[kind]) for kind in BAG},
    }
    if queue is not None:
        data.update(options={"customer_queue": True}, queue=list(queue))
    if token is None:
        if actions_left is not None or drawn is not None:
            problems.append("token: actions_left and drawn need the token being played this turn")
    else:
        text = str(token)
        value, neutral = (int(text[1:]), True) if text[:1] == "n" and text[1:].isdigit() else \
            (int(text), False) if text.isdigit() else (None, False)
        hand = seats[seat]["tokens"] if isinstance(seat, int) and 0 <= seat < players else []
        slot = next((k for k, t in enumerate(hand)
                     if t["value"] == value and t["neutral"] == neutral and t["face_up"]), None)
        if slot is None:
            problems.append(f"token: {text} is not a face-up token in the hand of the player to act")
        else:
            spent = 1 if drawn else 0
            data.update(phase="place" if drawn else "actions", token_slot=slot, pending=drawn,
                        actions_left=value - spent if actions_left is None else actions_left)
    if problems:
        raise InvalidData("Portobello position", problems)
    return State.from_dict(data, board=board)


def _hand(hand: str | Sequence[Any]) -> list["Token"]:
    """Tokens from text such as ``"2 3- n3"`` or from a sequence of :class:`Token`.

    Raises:
        ValueError: for a word or item that is not a token.
    """
    from .state import Token

    if not isinstance(hand, str):
        if not all(isinstance(t, Token) for t in hand):
            raise ValueError(f"expected text such as '2 3- n3' or Token objects, got {hand!r}")
        return list(hand)
    out = []
    for word in hand.split():
        value = word.removeprefix("n").removesuffix("-")
        if value not in ("1", "2", "3", "4"):
            raise ValueError(f"{word!r} is not a token: write 2, 3, 4 (own), n1 to n3 (neutral), '-' if face down")
        out.append(Token(int(value), neutral=word.startswith("n"), face_up=not word.endswith("-")))
    return out


def _lane_points(board: Board, rows: Mapping[str, Sequence[str | None]], squares: Mapping[str, str],
                 served: Sequence[str]) -> dict[str, int]:
    """The points each colour scored on the ``served`` lanes (``portobello.score.lane``): the values under their
    stalls times the multiplier of the two customers at the ends."""
    out: dict[str, int] = {}
    for lane in served:
        info = board.lanes[lane]
        try:
            times = multiplier(*(squares[end] for end in info.ends))
        except KeyError:  # two Lords: State.from_dict says what is wrong
            continue
        for owner, value in zip(rows[lane], info.values):
            if owner is not None:
                out[owner] = out.get(owner, 0) + value * times
    return out
