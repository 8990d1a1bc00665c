"""The actions of Bonfire and their text notation.

Every action is a frozen dataclass whose ``str`` is its notation; :func:`parse_action` reads it back. Ids are the
component data's (islands ``mossbank``, task discs ``t05``, gnome cards ``sage``, seats ``seat_3``, Great Bonfire
spaces ``south_west``); path tiles are written by crystal colour and resource (``blue herbs``: tiles alike are
one action); bonfires are numbered 0-6 from the left.

A turn is one of the three options of seed "Desenvolvimento" (``bonfire.turn.options``):

====================================  ==========================================================================
``fate f1 3,1 down``                  I: place fate tile ``f1`` (the top or bottom one) at a placement
``return boat``                       before I: hand back a boat action tile (hold at most 1 to place a fate tile)
``boat mossbank``                     II: sail to an island (1, 2 or 3 boat tiles, the fewest that reach it)
``task t05 offering top bonfire 3``   II: take task disc t05 at your island, with the top offering disc, onto
                                      bonfire 3
``guardian pink``                     II: claim the pink guardian at your island
``procession 2``                      II: every guardian may take up to 2 steps (2 guardian tiles)
``path blue herbs``                   II: build the face-up path tile with a blue crystal and herbs
``path pile``                         II: build the top tile of a face-down path pile (a chance step turns it up)
``great-bonfire west action+portal``  II: turn the pointer to ``west`` and take 2 of its 3 rewards (``action``,
                                      ``resource`` or ``points``, ``portal``; read in either order, written in
                                      this one)
``gnome sage 2-tiles``                II: recruit gnome card ``sage`` for 2 gnome tiles and 1 resource
                                      (``1-tile``: 1 gnome tile and 2 of its resource)
``ignite 3``                          III: light bonfire 3, whose task disc is fulfilled
``pass``                              countdown only: pass, scoring the round's countdown disc
====================================  ==========================================================================

Steps inside an option (the player whose option it is decides):

==============================  ================================================================================
``start-tile spare``            setup: the spare is the starting fate tile (``start-tile swap``: the 4th one)
``cover yellow``                pay a missing action tile with a yellow one (``cover boat+task``: with 2 others)
``cover gold``                  pay a missing resource with gold (``cover herbs+wood``: with 2 others;
                                ``cover herbs``: one resource of your choice where any resource is asked)
``skip``                        after docking: make no extra claim
``move pink path 3``            procession: the guardian's move (``move pink bonfire 2``, ``move pink stay``;
                                ``move pink path 3 herbs`` with Chosen Harvest)
``seat seat_3``                 put the novice on council seat 3
``take herbs``                  choose a bonus item where the bonus says "of your choice"
==============================  ================================================================================

Chance outcomes: ``draw task t05`` (a task disc dealt to the island being filled), ``draw elder sage``,
``draw specialist long_stride``, ``draw portal sun``, ``draw path blue herbs``, ``draw offering herbs`` (the
disc turned up), ``draw start orange`` (the start player's extension).

>>> str(parse_action("task t05 offering top bonfire 3")), parse_action("ignite 3")
('task t05 offering top bonfire 3', Ignite(bonfire=3))
"""

from __future__ import annotations

import re
import reprlib
from collections.abc import Callable
from dataclasses import dataclass
from typing import TYPE_CHECKING

from explorer.core import NotationError

from .fate import Placement, parse_placement

if TYPE_CHECKING:
    from .components import Components

__all__ = ["Action", "StartTile", "Return", "PlaceFate", "Sail", "TakeTask", "ClaimGuardian", "Procession",
           "BuildPath", "BuildFromPile", "UseGreatBonfire", "Recruit", "Ignite", "Pass", "Cover", "Skip", "Move", "SitAt",
           "Take",
           "Draw", "REWARDS", "REWARD_PAIRS", "OFFERING_STACK_NAMES", "RECRUIT_PAYMENTS", "DRAWS",
           "parse_action"]

REWARDS = ("action", "resource", "points", "portal")
"""The Great Bonfire's rewards: its action tile; its resource or 2 points (one reward); a portal."""
REWARD_PAIRS = (("action", "resource"), ("action", "points"), ("action", "portal"), ("resource", "portal"),
                ("points", "portal"))
"""The 5 ways to take 2 of the 3 rewards (``bonfire.great-bonfire.rewards``)."""
OFFERING_STACK_NAMES = ("top", "bottom")
"""The two offering stacks of the action summary board (seed "Setup" D)."""
RECRUIT_PAYMENTS = ("2-tiles", "1-tile")
"""Recruiting: 2 gnome tiles and the card's resource, or 1 gnome tile and the resource twice."""
DRAWS = ("task", "elder", "specialist", "portal", "path", "offering", "start")
"""What a chance outcome draws."""

_ID = r"[a-z][a-z0-9_]*"


class Action:
    """Base of every Bonfire action; ``str(action)`` is its notation."""

    __slots__ = ()


@dataclass(frozen=True)
class StartTile(Action):
    """Setup E: keep the spare as the starting fate tile, or swap in the 4th from the top
    (``bonfire.setup.start-fate-tile``)."""

    swap: bool

    def __str__(self) -> str:
        return f"start-tile {'swap' if self.swap else 'spare'}"


@dataclass(frozen=True)
class Return(Action):
    """Hand one action tile back to the supply so a fate tile may be placed (``bonfire.fate.when``)."""

    tile: str

    def __str__(self) -> str:
        return f"return {self.tile}"


@dataclass(frozen=True)
class PlaceFate(Action):
    """Option I: place a fate tile (``bonfire.fate.*``)."""

    tile: str
    placement: Placement

    def __str__(self) -> str:
        return f"fate {self.tile} {self.placement}"


@dataclass(frozen=True)
class Sail(Action):
    """Option II, boat: sail to ``island`` (``bonfire.boat.*``)."""

    island: str

    def __str__(self) -> str:
        return f"boat {self.island}"


@dataclass(frozen=True)
class TakeTask(Action):
    """Option II, task: take ``disc`` at the boat's island with the face-up disc of offering stack ``offering``
    (``top``/``bottom``), onto bonfire ``bonfire`` (``bonfire.task.*``)."""

    disc: str
    offering: str
    bonfire: int

    def __str__(self) -> str:
        return f"task {self.disc} offering {self.offering} bonfire {self.bonfire}"


@dataclass(frozen=True)
class ClaimGuardian(Action):
    """Option II, guardian: claim a guardian of ``colour`` at its island (``bonfire.guardian.claim``)."""

    colour: str

    def __str__(self) -> str:
        return f"guardian {self.colour}"


@dataclass(frozen=True)
class Procession(Action):
    """Option II, guardian: a procession of ``steps`` steps (``bonfire.procession.*``)."""

    steps: int

    def __str__(self) -> str:
        return f"procession {self.steps}"


@dataclass(frozen=True)
class BuildPath(Action):
    """Option II, path: build the face-up path tile of crystal ``colour`` showing ``resource``
    (``bonfire.path.*``)."""

    colour: str
    resource: str

    def __str__(self) -> str:
        return f"path {self.colour} {self.resource}"


@dataclass(frozen=True)
class BuildFromPile(Action):
    """Option II, path: build the top tile of a face-down path pile (``bonfire.path.build``, rulebook p. 8). The
    tile is unknown until taken: after the payment a chance step (``draw path <colour> <resource>``) turns it up,
    with the probabilities of the unseen tiles (``bonfire.assume.one-path-pile``), and it joins the path."""

    def __str__(self) -> str:
        return "path pile"


@dataclass(frozen=True)
class UseGreatBonfire(Action):
    """Option II, Great Bonfire: turn the pointer to ``space`` and take the two ``rewards``
    (``bonfire.great-bonfire.rewards``); ``rewards`` is one of :data:`REWARD_PAIRS`. The two rewards may be given
    in either order (``portal+action`` is ``action+portal``): they are kept, and printed, in the order of
    :data:`REWARDS`.

    >>> UseGreatBonfire("west", ("portal", "action")) == UseGreatBonfire("west", ("action", "portal"))
    True
    >>> str(UseGreatBonfire("west", ("portal", "action")))
    'great-bonfire west action+portal'
    """

    space: str
    rewards: tuple[str, str]

    def __post_init__(self) -> None:
        # one action however the rewards are ordered: the canonical order is that of REWARDS (REWARD_PAIRS)
        rewards = tuple(self.rewards)
        if len(rewards) == 2 and all(r in REWARDS for r in rewards):
            rewards = tuple(sorted(rewards, key=REWARDS.index))
        object.__setattr__(self, "rewards", rewards)

    def __str__(self) -> str:
        return f"great-bonfire {self.space} {'+'.join(self.rewards)}"


@dataclass(frozen=True)
class Recruit(Action):
    """Option II, gnome: recruit ``card`` paying ``2-tiles`` or ``1-tile`` (``bonfire.gnome.*``)."""

    card: str
    payment: str

    def __str__(self) -> str:
        return f"gnome {self.card} {self.payment}"


@dataclass(frozen=True)
class Ignite(Action):
    """Option III: light ``bonfire`` (0-6), its task disc fulfilled (``bonfire.ignite.*``)."""

    bonfire: int

    def __str__(self) -> str:
        return f"ignite {self.bonfire}"


@dataclass(frozen=True)
class Pass(Action):
    """Countdown: pass, scoring the round's disc and leaving the later rounds (``bonfire.end.pass``)."""

    def __str__(self) -> str:
        return "pass"


@dataclass(frozen=True)
class Cover(Action):
    """Pay one missing item with substitutes (``bonfire.pay.substitute-action``, ``-resource``): one wild
    (``yellow``/``gold``), two others (``("boat", "task")``), or one resource where any resource is asked."""

    items: tuple[str, ...]

    def __str__(self) -> str:
        return f"cover {'+'.join(self.items)}"


@dataclass(frozen=True)
class Skip(Action):
    """After docking: make no extra claim (``bonfire.boat.extra-claim``)."""

    def __str__(self) -> str:
        return "skip"


@dataclass(frozen=True)
class Move(Action):
    """In a procession: where ``guardian`` ends (``to`` is ``path``, ``bonfire`` or ``stay``; ``at`` the path
    position or bonfire; ``take`` the resource chosen with Chosen Harvest)."""

    guardian: str
    to: str
    at: int | None = None
    take: str | None = None

    def __str__(self) -> str:
        if self.to == "stay":
            return f"move {self.guardian} stay"
        return f"move {self.guardian} {self.to} {self.at}" + (f" {self.take}" if self.take else "")


@dataclass(frozen=True)
class SitAt(Action):
    """Put the novice waiting to join the council on ``seat`` (``bonfire.ignite.novice``,
    ``bonfire.bonus.common-task``)."""

    seat: str

    def __str__(self) -> str:
        return f"seat {self.seat}"


@dataclass(frozen=True)
class Take(Action):
    """Choose the item of a bonus "of your choice" (``bonfire.ignite.seat-bonus``)."""

    item: str

    def __str__(self) -> str:
        return f"take {self.item}"


@dataclass(frozen=True)
class Draw(Action):
    """A chance outcome: what was drawn (``what`` one of :data:`DRAWS`; ``item`` the disc, card, symbol,
    ``colour resource`` of a path tile, resource of an offering disc, or player colour)."""

    what: str
    item: str

    def __str__(self) -> str:
        return f"draw {self.what} {self.item}"


def _int(text: str) -> int:
    return int(text)


_PATTERNS: tuple[tuple[str, Callable[[re.Match[str]], Action]], ...] = (
    (r"start-tile (spare|swap)", lambda m: StartTile(m[1] == "swap")),
    (rf"return ({_ID})", lambda m: Return(m[1])),
    (rf"fate ({_ID}) (.+)", lambda m: PlaceFate(m[1], parse_placement(m[2]))),
    (rf"boat ({_ID})", lambda m: Sail(m[1])),
    (rf"task ({_ID}) offering (top|bottom) bonfire ([0-9])", lambda m: TakeTask(m[1], m[2], _int(m[3]))),
    (rf"guardian ({_ID})", lambda m: ClaimGuardian(m[1])),
    (r"procession ([0-9]{1,2})", lambda m: Procession(_int(m[1]))),
    (r"path pile", lambda m: BuildFromPile()),
    (rf"path ({_ID}) ({_ID})", lambda m: BuildPath(m[1], m[2])),
    (rf"great-bonfire ({_ID}) ({_ID})\+({_ID})", lambda m: UseGreatBonfire(m[1], (m[2], m[3]))),
    (rf"gnome ({_ID}) (2-tiles|1-tile)", lambda m: Recruit(m[1], m[2])),
    (r"ignite ([0-9])", lambda m: Ignite(_int(m[1]))),
    (r"pass", lambda m: Pass()),
    (rf"cover ({_ID}(?:\+{_ID})?)", lambda m: Cover(tuple(m[1].split("+")))),
    (r"skip", lambda m: Skip()),
    (rf"move ({_ID}) stay", lambda m: Move(m[1], "stay")),
    (rf"move ({_ID}) (path|bonfire) ([0-9])(?: ({_ID}))?", lambda m: Move(m[1], m[2], _int(m[3]), m[4])),
    (rf"seat ({_ID})", lambda m: SitAt(m[1])),
    (rf"take ({_ID})", lambda m: Take(m[1])),
    (rf"draw path ({_ID}) ({_ID})", lambda m: Draw("path", f"{m[1]} {m[2]}")),
    (rf"draw (task|elder|specialist|portal|offering|start) ({_ID})", lambda m: Draw(m[1], m[2])),
)
_COMPILED = tuple((re.compile(p), make) for p, make in _PATTERNS)


def parse_action(text: str, board: Components | None = None) -> Action:
    """Read a Bonfire action from its notation (the inverse of ``str(action)``; spaces and case are tidied).

    Without ``board`` only the syntax is read; with ``board`` (the game's :class:`~explorer.bonfire.components.
    Components`, the same object ``State.from_dict(d, board)`` takes) every id must be one of its components:
    islands, task discs, gnome cards, council seats, Great Bonfire spaces, guardian and player colours, path tile
    kinds, fate tiles, action types, resources and portal symbols. Whether the action is legal now is the
    state's question (``State.explain``); :meth:`State.parse_action` reads with the state's own components.

    >>> parse_action("great-bonfire west portal+action")
    UseGreatBonfire(space='west', rewards=('action', 'portal'))
    >>> parse_action("Move pink  path 3")
    Move(guardian='pink', to='path', at=3, take=None)
    >>> from explorer.bonfire.components import Components
    >>> parse_action("boat mossbank", Components.default())
    Sail(island='mossbank')
    >>> parse_action("seat seat_9", Components.default())
    Traceback (most recent call last):
      ...
    explorer.core.errors.NotationError: 'seat seat_9' names council seat 'seat_9', which is not on this board; the council seats are seat_1, seat_2, seat_3, seat_4, seat_5, seat_6, seat_7, seat_8

    Raises:
        NotationError: quoting the text, if it is not a Bonfire action, or (with ``board``) if it names an id
            the board does not have.
    """
    if not isinstance(text, str):
        raise NotationError(f"a Bonfire action is text, got {reprlib.repr(text)}")
    cleaned = " ".join(text.lower().split()) if len(text) < 200 else text
    for pattern, make in _COMPILED:
        match = pattern.fullmatch(cleaned)
        if match:
            try:
                action = make(match)
            except ValueError as err:
                raise NotationError(f"cannot read {reprlib.repr(text)}: {err}") from None
            if board is not None:
                _check_ids(text, action, board)
            return action
    raise NotationError(f"cannot read {reprlib.repr(text)} as a Bonfire action; expected e.g. 'boat mossbank', "
                        f"'fate f1 3,1 down', 'task t05 offering top bonfire 3', 'procession 2', 'ignite 3', "
                        f"or a chance outcome like 'draw task t05'")


def _ids_named(action: Action, c: Components) -> list[tuple[str, str, tuple[str, ...]]]:
    """``(what, id, the board's ids of that kind)`` for every id ``action`` names."""
    kinds = tuple(dict.fromkeys(f"{t.colour} {t.resource}" for t in c.path_tiles.values()))
    gnomes = (*c.elders, *c.specialists)
    walkers = (*c.guardians, *c.player_colours)
    out: list[tuple[str, str, tuple[str, ...]]] = []
    if isinstance(action, Sail):
        out.append(("island", action.island, tuple(c.islands)))
    elif isinstance(action, TakeTask):
        out.append(("task disc", action.disc, tuple(c.task_discs)))
    elif isinstance(action, ClaimGuardian):
        out.append(("guardian colour", action.colour, tuple(c.guardians)))
    elif isinstance(action, BuildPath):
        out.append(("path tile kind", f"{action.colour} {action.resource}", kinds))
    elif isinstance(action, UseGreatBonfire):
        out.append(("Great Bonfire space", action.space, tuple(s.id for s in c.great_bonfire.spaces)))
        out += [("reward", r, REWARDS) for r in action.rewards]
    elif isinstance(action, Recruit):
        out.append(("gnome card", action.card, gnomes))
    elif isinstance(action, (Return,)):
        out.append(("action tile type", action.tile, tuple(c.action_types)))
    elif isinstance(action, PlaceFate):
        out.append(("fate tile", action.tile, tuple(t.id for t in c.fate_tiles)))
    elif isinstance(action, Cover):
        out += [("action tile type or resource", i, (*c.action_types, *c.resources)) for i in action.items]
    elif isinstance(action, Move):
        out.append(("guardian", action.guardian, walkers))
        if action.take is not None:
            out.append(("resource", action.take, tuple(c.resources)))
    elif isinstance(action, SitAt):
        out.append(("council seat", action.seat, tuple(c.council_seats)))
    elif isinstance(action, Take):
        out.append(("action tile type or resource", action.item, (*c.action_types, *c.resources)))
    elif isinstance(action, Draw):
        known = {"task": tuple(c.task_discs), "elder": tuple(c.elders), "specialist": tuple(c.specialists),
                 "portal": tuple(c.portal_symbols), "path": kinds, "offering": tuple(c.resources),
                 "start": c.player_colours}
        out.append((action.what if action.what != "path" else "path tile kind", action.item, known[action.what]))
    return out


def _check_ids(text: str, action: Action, board: Components) -> None:
    """Raise :class:`NotationError` if ``action`` names an id ``board`` does not have."""
    from .components import Components
    if not isinstance(board, Components):
        raise NotationError(f"the board to read {reprlib.repr(text)} against must be Bonfire Components, got "
                            f"{type(board).__name__}")
    for what, given, known in _ids_named(action, board):
        if given not in known:
            shown = ", ".join(known[:20]) + (", ..." if len(known) > 20 else "")
            raise NotationError(f"{reprlib.repr(text)} names {what} {given!r}, which is not on this board; the "
                                f"{_plural(what)} are {shown}")


def _plural(what: str) -> str:
    return {"task disc": "task discs", "gnome card": "gnome cards", "council seat": "council seats",
            "fate tile": "fate tiles", "reward": "rewards", "guardian": "guardians", "island": "islands",
            "resource": "resources", "specialist": "specialists", "elder": "elders", "portal": "portal symbols",
            "offering": "resources", "start": "player colours", "task": "task discs"}.get(what, f"{what}s")
