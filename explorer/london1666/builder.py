"""Build a London position from the few facts that matter; everything else is derived (``explorer.london1666.position``).

A position file (:meth:`State.to_dict`) must account for all 120 houses, every fire cone, every movement card
and token. :func:`position` asks only for what a situation is about (the fire, the trained bands, the burnt
districts, whose turn it is and what they hold) and derives the rest the way play would have left it, then
checks the result with the position format's own validation (:meth:`State.from_dict`).
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from typing import TYPE_CHECKING, Any

from explorer.core import InvalidData

from .board import REGIONS, Board
from .components import (ACTION_POINTS, CARDS_LEFT_IN_BOX, COLOURS, FIRE_CONES, HOUSES_PER_COLOUR_PER_REGION,
                         MOVEMENT_CARDS_PER_DIRECTION, START_CONES, fire_deck)

if TYPE_CHECKING:
    from .state import State

__all__ = ["position", "DEFAULT_COLOURS", "DEFAULT_HAND", "DEFAULT_PAWN"]

DEFAULT_COLOURS = ("red", "blue", "green", "yellow")
"""The players when none are named: four, in seat order (seat 1 starts, ``london.assume.start-player``)."""
DEFAULT_HAND = "N E S W N"
"""A hand of five cards, as after drawing (``london.draw.refill``)."""
DEFAULT_PAWN = "aldgate"
"""Where an owner pawn stands when the position does not say."""
PLAY_PHASES = ("spread", "double", "blocked-fire", "actions", "draw", "over")


def position(*, colours: Sequence[str] = DEFAULT_COLOURS, phase: str = "spread", active: int | str = 0,
             fire: Mapping[str, int] | None = None, bands: Mapping[str, int] | None = None,
             burnt: Iterable[str] | Mapping[str, Sequence[str]] = (),
             demolished: Iterable[str] | Mapping[str, Sequence[str]] = (),
             houses: Mapping[str, Sequence[str]] | None = None, tokens: Mapping[str, str] | None = None,
             hands: Mapping[str, str | Sequence[str]] | None = None, pawns: Mapping[str, str] | None = None,
             held: Mapping[str, Sequence[str]] | None = None, extinguished: Mapping[str, int] | None = None,
             objectives: Mapping[str, Sequence[str]] | None = None, hero: str | None = None,
             deck: Sequence[int] | None = None, unseen: Mapping[str, int] | None = None, ap: int | None = None,
             card: str | None = None, double_used: bool = False, pending_fire: int = 0,
             final_turns: int | None = None, turn: int = 1, hidden_colours: bool = False,
             more_destruction: bool = False, fire_cones: int = FIRE_CONES, board: Board | None = None,
             seed: int = 0) -> "State":
    """A position during play, from the facts that matter; the rest is derived as play would have left it.

    Setup per seed p. 3-4 (``london.setup.*``), the houses lost on the tracks per p. 8 (``london.score.houses``).

    Players are named by their colour (``"red"``); districts by their board id (``"pudding-lane"``).

    >>> s = position(fire={"pudding-lane": 20, "guild-hall": 4}, burnt=["guild-hall"],
    ...              hands={"red": "N N E"}, extinguished={"blue": 3}, hero="blue")
    >>> s.phase, s.name(s.active), s.seats[0].hand_text(), s.fire_at("guild-hall"), s.supply
    ('spread', 'red', 'N N E', 4, 73)

    Guild Hall's 4 houses burned (one each of red, blue, green and yellow, as the houses were dealt), so they
    lie on the tracks; blue has 40 - 2 + 3 cones put out + 2 for the Hero of London:

    >>> s.to_dict()["tracks"]["blue"], s.scores()["blue"].total
    (1, 43)

    Args:
        colours: the players' colours in seat order (3 to 6 of ``red blue green yellow white purple``).
        phase: ``spread``, ``double``, ``blocked-fire``, ``actions``, ``draw`` or ``over``.
        active: the seat (0-based) or colour of the player whose turn it is.
        fire: ``{district: cones}``; every other district has none (default: 25 cones in Pudding Lane).
        bands: ``{district: trained bands}`` (default: none on the board).
        burnt: districts whose houses burned, or ``{district: [colours of the houses that burned there]}``.
        demolished: districts blown up (firebreaks), a list or a mapping like ``burnt``.
        houses: ``{district: [colours]}`` for the districts whose houses matter.
        tokens: ``{district: "charge" | "double" | "vp"}`` face-down tokens still on the board (default none).
        hands: ``{colour: "N E S"}`` (text or a list of directions); default :data:`DEFAULT_HAND` for everyone.
        pawns: ``{colour: district}``; default :data:`DEFAULT_PAWN`.
        held: ``{colour: ["charge", ...]}`` tokens in front of each player (default none).
        extinguished: ``{colour: cones put out}`` (default 0).
        objectives: ``{colour: [district I, district II, district III]}`` (default none).
        hero: the colour holding the Hero of London card, or ``None``.
        deck: movement cards above each remaining fire card, top first (default: a full fire deck for the
            player count, ``london.setup.fire-deck``).
        unseen: face-down movement cards by direction (default: derived, see below).
        ap: action points left (default 4 in the actions phase, else 0).
        card, double_used, pending_fire, final_turns, turn: as in :meth:`State.to_dict`.
        hidden_colours, more_destruction, fire_cones: the options (``State.options``).
        board: a board of your own (default: the shipped one).
        seed: the random stream's seed (draws and the bots' choices).

    Derived:
        * houses: every district with house icons that is not burnt, demolished or named in ``houses`` is
          filled, region by region, with the houses left of that region's 5 per colour (``london.setup.houses``),
          in a fixed order; the houses no district holds are those lost, so they lie on the score tracks
          (``london.score.houses``, :attr:`State.tracks`);
        * the supply: the box (``fire_cones``) minus the cones on the board and those put out;
        * ``unseen``: the cards of ``deck`` plus those left in the box for the player count, spread over the
          directions as evenly as the cards not in hand allow;
        * action points, and a pawn colour equal to each player's colour.

    Raises:
        InvalidData: listing every problem, as :meth:`State.from_dict` does (a colour named twice, an unknown
            district, more houses of a colour than a region has, a supply that would be negative, a Hero of
            London who put out fewer than 3 cones...).
    """
    from .state import State

    board = board or Board.default()
    problems: list[str] = []
    colours = list(colours)
    unknown = [c for c in colours if c not in COLOURS]
    if unknown:
        problems.append(f"colours: {', '.join(map(repr, unknown))} not among {', '.join(COLOURS)}")
    if phase not in PLAY_PHASES:
        problems.append(f"phase: position() builds positions of play ({', '.join(PLAY_PHASES)}), got {phase!r}; "
                        "use new_game() for setup")
    seat_of = {c: n for n, c in enumerate(colours)}
    for what, per_colour in [("hands", hands), ("pawns", pawns), ("held", held), ("extinguished", extinguished),
                             ("objectives", objectives)]:
        for colour in per_colour or {}:
            if colour not in seat_of:
                problems.append(f"{what}: {colour!r} is not a player (players: {', '.join(colours)})")
    if hero is not None and hero not in seat_of:
        problems.append(f"hero: {hero!r} is not a player (players: {', '.join(colours)})")
    if isinstance(active, str):
        if active not in seat_of:
            problems.append(f"active: {active!r} is not a player (players: {', '.join(colours)})")
        active = seat_of.get(active, 0)
    fire = dict({board.start: START_CONES} if fire is None else fire)
    gone = {d: sorted(h) for d, h in burnt.items()} if isinstance(burnt, Mapping) else {d: None for d in burnt}
    wrecked = (demolished.items() if isinstance(demolished, Mapping) else [(d, None) for d in demolished])
    gone.update({d: None if h is None else sorted(h) for d, h in wrecked})
    burnt, demolished = set(burnt), set(demolished)
    houses = {d: sorted(h) for d, h in (houses or {}).items()}
    for what, names in [("fire", fire), ("bands", bands or {}), ("burnt", burnt), ("demolished", demolished),
                        ("houses", houses), ("tokens", tokens or {}), ("pawns", (pawns or {}).values())]:
        for d in names:
            if d not in board.index:
                problems.append(f"{what}: no district {d!r} on this board")
    if problems:
        raise InvalidData("London position", problems)

    standing = _fill_houses(board, houses, gone, problems)
    hands_text = {c: (h.split() if isinstance(h, str) else list(h)) for c, h in (hands or {}).items()}
    seats = []
    for colour in colours:
        cards = hands_text.get(colour, DEFAULT_HAND.split())
        seats.append({"colour": colour, "pawn_colour": colour, "pawn": (pawns or {}).get(colour, DEFAULT_PAWN),
                      "hand": {d: cards.count(d) for d in "NESW"}, "tokens": list((held or {}).get(colour, [])),
                      "objectives": list((objectives or {}).get(colour, [])),
                      "extinguished": (extinguished or {}).get(colour, 0)})
        wrong = [x for x in cards if x not in ("N", "E", "S", "W")]
        if wrong:
            problems.append(f"hands.{colour}: {', '.join(map(repr, wrong))} not a direction (N, E, S or W)")
    players = len(colours)
    if deck is None:
        deck = fire_deck(players) if players in CARDS_LEFT_IN_BOX else []
    if unseen is None:
        unseen = _unseen(sum(deck) + CARDS_LEFT_IN_BOX.get(players, 0), seats)
    districts: dict[str, dict[str, Any]] = {}
    for d in board.ids:
        entry = {"fire": fire.get(d, 0), "bands": (bands or {}).get(d, 0), "houses": standing.get(d, []),
                 "burnt": d in burnt, "demolished": d in demolished, "token": (tokens or {}).get(d)}
        compact = {k: v for k, v in entry.items() if v not in (0, [], False, None)}
        if compact:
            districts[d] = compact
    put_out = sum(seat["extinguished"] for seat in seats)
    supply = fire_cones - sum(fire.values()) - put_out
    if supply < 0:
        problems.append(f"fire: {sum(fire.values())} cones on the board and {put_out} put out, but the box holds "
                        f"only {fire_cones} fire cones")
    if problems:
        raise InvalidData("London position", problems)
    data = {"game": "london1666", "players": players, "phase": phase, "active": active, "turn": turn,
            "ap": (ACTION_POINTS if phase == "actions" else 0) if ap is None else ap, "card": card,
            "double_used": double_used, "pending_fire": pending_fire, "final_turns": final_turns,
            "supply": supply, "deck": list(deck), "unseen": dict(unseen),
            "hero": None if hero is None else seat_of[hero], "seats": seats, "districts": districts,
            "options": {"hidden_colours": hidden_colours, "more_destruction": more_destruction,
                        "fire_cones": fire_cones}, "seed": seed}
    return State.from_dict(data, board=board)


def _fill_houses(board: Board, given: dict[str, list[str]], gone: dict[str, list[str] | None],
                 problems: list[str]) -> dict[str, list[str]]:
    """The houses standing per district (see :func:`position`); the pool's rest is what burned or was
    demolished. ``gone`` maps the burnt and demolished districts to the colours lost there, if given."""
    standing = dict(given)
    for region in REGIONS:
        pool = [c for _ in range(HOUSES_PER_COLOUR_PER_REGION) for c in COLOURS]
        for d in board.in_region(region):
            for colour in given.get(d, []) + (gone.get(d) or []):
                if colour in pool:
                    pool.remove(colour)
                elif colour in COLOURS:
                    problems.append(f"houses: more than {HOUSES_PER_COLOUR_PER_REGION} {colour} houses named in "
                                    f"the {region} region, which holds {HOUSES_PER_COLOUR_PER_REGION} of each colour")
                else:
                    problems.append(f"houses: {colour!r} is not a colour ({', '.join(COLOURS)})")
        for d in board.in_region(region):
            icons = board.districts[d].houses
            if d in given or not icons or gone.get(d) is not None:
                continue
            mine, pool = sorted(pool[:icons]), pool[icons:]
            if d not in gone:
                standing[d] = mine
    return standing


def _unseen(total: int, seats: list[dict[str, Any]]) -> dict[str, int]:
    """``total`` face-down cards over the four directions, one at a time in turn, never more of a direction
    than the cards not in anyone's hand (``london.assume.movement-cards``)."""
    room = {d: MOVEMENT_CARDS_PER_DIRECTION - sum(seat["hand"][d] for seat in seats) for d in "NESW"}
    unseen = {d: 0 for d in "NESW"}
    while total > 0 and any(unseen[d] < room[d] for d in "NESW"):
        for d in "NESW":
            if total and unseen[d] < room[d]:
                unseen[d] += 1
                total -= 1
    return unseen
