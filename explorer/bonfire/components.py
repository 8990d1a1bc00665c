"""Bonfire's components: supply, islands, task discs, gnome cards and boards, read and checked from ``data/``.

Bonfire (Stefan Feld, Hall Games 2020) is played from seed ``002_3a90ca77d2ddc4ae.txt`` (a Portuguese summary),
``bonfire_flashpoint_sources.md`` part A (public facts) and ``DECISIONS.md`` (Bonfire). No transcription of the
printed islands, task discs, council, common tasks, elders or fate-area squares exists, so the shipped data is
**OUR OWN DATA, in the spirit of the game; not the printed components** (DECISIONS, Bonfire). It holds every
number the sources give; those numbers are the constants below, each naming its source, and
:meth:`Components.from_dict` refuses data that breaks them. A user who owns the game can transcribe the printed
components in the same format.

The shipped data is split by topic into the files of :data:`PARTS` (``data/<part>.yaml``):

* ``supply``: ``resources``, ``action_types``, ``guardians``, ``colours`` (of task discs and path crystals),
  ``player_colours``, ``path_tiles``, ``portals``, ``offering_discs``, ``countdown``;
* ``islands``: ``islands`` and the ``currents`` joining them;
* ``tasks``: the 66 ``task_discs``;
* ``gnomes``: ``specialists`` and ``elders``;
* ``boards``: ``fate_tiles``, ``fate_area``, ``player_board``, ``great_bonfire``, ``council_seats``,
  ``common_tasks``;
* ``glossary``: the English terms with the seed's Portuguese ones.

File format ``bonfire-components`` version 1. Each file has ``format``, ``format_version``, ``part`` (its
name) and ``source`` (where its content comes from), then some of the sections; :meth:`Components.from_files`
merges them into one mapping, ``{format, format_version, sources: {part: source}, <every section>}``, which
is what :meth:`Components.from_dict` reads and :meth:`Components.to_dict` writes. The sections:

* ``resources``: ``{id, name, wild?, term_pt?}``; ``wild: true`` on gold only.
* ``action_types``: ``{id, name, colour, supply, action, wild?, term_pt?}``: ``supply`` is the number of
  tiles of the type, ``action`` what the tile pays for; ``wild: true`` on yellow only.
* ``guardians``: ``{id, name, count, term_pt?}``: a colour of guardian and how many of it the islands hold.
* ``colours``: ``{id, name, term_pt?}``: blue, red, yellow.
* ``player_colours``: a list of names, one per seat at the table.
* ``path_tiles``: ``{<colour>: [resource, ...]}``: the crystal colour and the resource shown on every path
  tile; tile ``k`` of a colour (from 1) gets the id ``<colour>_<k>``.
* ``portals``: ``{per_symbol, symbols: [{id, name}]}``.
* ``offering_discs``: ``{<resource>: count}``: one player's offering discs.
* ``countdown``: the countdown discs' points, top of the stack first.
* ``islands``: ``{id, name, kind: task | guardian, resource (task), guardian (guardian), corner?, pos: [x, y]}``;
  ``corner: true`` on the 4 corner task islands; ``pos`` places the island on the map (x east, y down).
* ``currents``: ``[island, island]`` pairs; a current joins its islands both ways.
* ``task_discs``: ``{id, level, colour, points, condition}``.
* ``specialists``: ``{id, name, resource, ability, guardian?, source?}``; ``elders``: ``{id, name, resource,
  points}`` (ids unique over both).
* ``fate_tiles``: ``{id, symbols: [three action types]}``, the 7 of the action summary board from top to bottom,
  then the spare.
* ``fate_area``: ``{rows, cols, start: {at: [row, col], direction: across | down}, squares: [{at: [row, col],
  resource | action}]}``: rows and columns count from 1 at the top left; ``start`` is where the starting fate
  tile lies (its first square and the way it runs), ``squares`` the printed squares.
* ``player_board``: ``{start_tile: {resource, bonfire}, path_slots: [{id, cost, bonfire}], bonfires: [{id,
  guardian_points, portal}]}``: bonfires ``0``-``6`` from left to right; the starting tile lies beside bonfire
  0 and path slot ``k`` beside bonfire ``k``; ``portal`` is the symbol the bonfire's portal space takes.
* ``great_bonfire``: ``{pointer_start, spaces: [{id, action, resource}]}``, the spaces clockwise.
* ``council_seats``: ``{id, bonus: [gain, ...]}``; a gain is ``{points: n}``, ``{resource: id | any,
  count?}`` or ``{action: id | any, count?}`` (``count`` 1 unless given; ``any``: of the player's choice).
* ``common_tasks``: ``{id, name, points, condition}``.
* ``glossary``: ``{term, term_pt, note?}``.

A **condition** (task discs and common tasks) is ``{kind, at_least}`` plus the parameter its kind needs or
allows; the kinds are listed in :meth:`Components.from_dict` and :data:`CONDITION_KINDS`.

>>> c = Components.default()
>>> len(c.task_discs), len(c.specialists), len(c.elders), len(c.path_tiles)
(66, 19, 12, 28)
>>> c.task_discs_on_board(4), c.task_discs_on_board(3), c.task_discs_on_board(2)
(30, 26, 20)
>>> c.task_discs["t27"].condition.text
'at least 2 path tiles with a blue crystal'
>>> c.great_bonfire.pointer_start, c.great_bonfire.turn("south", 2)
('south', 'west')
"""

from __future__ import annotations

import functools
import itertools
from collections import Counter, deque
from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from pathlib import Path
from types import MappingProxyType
from typing import Any, Literal

import pydantic

from explorer.core import InvalidData, StrictModel, read_data_file, validate

__all__ = [
    "ACTION_SUPPLY", "ACTION_TYPES", "ANY", "BOAT_MOVES", "BONFIRES", "COMMON_TASKS",
    "COMMON_TASK_ALL_BONFIRES_POINTS", "COMMON_TASK_POINTS", "CONDITION_KINDS", "CORNER_ISLANDS", "COUNCIL_SEATS",
    "COUNTDOWN", "DATA", "END_TRIGGER", "ENTRANCE", "FATE_AREA", "FATE_STACK", "FATE_SWAP_POSITION", "FATE_SYMBOLS",
    "FATE_TILES", "FATE_TILE_LEFT_POINTS", "FORMAT", "FORMAT_VERSION", "GNOMES_ON_DISPLAY", "GOLD_SPECIALISTS",
    "GREAT_BONFIRE_MOVES", "GREAT_BONFIRE_POINTS", "GREAT_BONFIRE_REWARDS", "GREAT_BONFIRE_SPACES",
    "GUARDIANS_PER_COLOUR", "GUARDIAN_COLOURS", "GUARDIAN_ISLANDS", "GUARDIAN_POINTS", "LEFTOVERS_PER_POINT",
    "MAX_GNOMES", "MAX_GUARDIANS_ON_START", "MAX_PATH_TILES", "MAX_PLAYERS", "MIN_PLAYERS", "NEUTRAL_NOVICES",
    "NOVICES", "OFFERING_DISCS", "OFFERING_STACKS", "OWN_DATA", "PARTS", "PATH_COSTS", "PATH_DISPLAY",
    "PATH_MATCH_POINTS", "PATH_PILES", "PATH_TILES", "POINTER_START", "PORTALS_PER_SYMBOL", "PORTAL_POINTS",
    "PORTAL_SYMBOLS", "RECRUIT_COSTS", "RESOURCES", "SPECIALISTS", "START_ACTION_TILES", "START_RESOURCES_EACH",
    "START_YELLOW_TILES", "TASK_CLAIM_RESOURCES", "TASK_CLAIM_TILES", "TASK_COLOURS", "TASK_DISCS",
    "TASK_DISCS_ON_BOARD", "TASK_DISCS_PER_ISLAND", "TASK_ISLANDS", "TASK_LEVELS", "TASK_POINTS", "TIE_BREAK",
    "WILD_ACTION", "WILD_RESOURCE", "WILD_SUBSTITUTE", "ActionType", "Bonfire", "Colour", "CommonTask", "Components",
    "Condition", "ConditionKind", "CouncilSeat", "Elder", "FateArea", "FateTile", "Gain", "GreatBonfire",
    "GreatBonfireSpace", "Guardian", "Island", "PathSlot", "PathTile", "PlayerBoard", "PortalSymbol", "PrintedSquare",
    "Resource", "Specialist", "TaskDisc", "Term",
]

# ---- the game's facts -------------------------------------------------------------------------------------------
DATA = Path(__file__).parent / "data"
"""The folder of the shipped component data."""
FORMAT, FORMAT_VERSION = "bonfire-components", 1
"""The name and version of the data format (every file says both)."""
PARTS = ("supply", "islands", "tasks", "gnomes", "boards", "glossary")
"""The shipped data files, ``data/<part>.yaml``, in loading order (see the module docstring)."""
OWN_DATA = "OUR OWN DATA, in the spirit of the game; not the printed components"
"""The label every shipped file's ``source`` starts with where the content is our own (DECISIONS, Bonfire)."""

MIN_PLAYERS, MAX_PLAYERS = 2, 4
"""2 to 4 players (seed 002: setups for 2, 3 and 4; sources A.1 list 2-4 online). The solo game is out of scope."""
RESOURCES = 6
"""Kinds of resources (sources A.2: "six resources"; seed "Setup" F: 1 of each to start)."""
WILD_RESOURCE = "gold"
"""The wild resource: 1 gold pays for any missing resource (sources A.2, [LIB8])."""
ACTION_TYPES = 7
"""Kinds of action tiles: 6 coloured, one per action, plus the yellow wild (sources A.2; seed "Desenvolvimento")."""
WILD_ACTION = "yellow"
"""The wild action tile: 1 yellow tile pays for any missing action tile (sources A.2, [LIB8])."""
ACTION_SUPPLY = MappingProxyType({"yellow": 12, "other": 10})
"""Action tiles in the supply: 12 yellow and 10 of every other type (sources A.2, the Yucata component list)."""
WILD_SUBSTITUTE = 2
"""Instead of 1 gold (or 1 yellow tile), any 2 resources (or any 2 action tiles) may pay (sources A.2, [LIB8])."""

TASK_ISLANDS, GUARDIAN_ISLANDS, CORNER_ISLANDS = 10, 4, 4
"""10 task islands, 4 guardian islands and, among the task islands, the 4 corner ones (seed "Setup" 1-2;
sources A.2: 20 solo tasks, 2 per island)."""
ENTRANCE = "entrance"
"""Where the boats start, above the common tasks: not an island (seed "Setup" 9)."""
TASK_DISCS_PER_ISLAND = MappingProxyType({4: (3, 3), 3: (2, 3), 2: (2, 2)})
"""Task discs on each task island by player count, as ``(on a corner island, on another)`` (seed "Setup" 1)."""
TASK_DISCS_ON_BOARD = MappingProxyType({4: 30, 3: 26, 2: 20})
"""Task discs on the board by player count: the sum of :data:`TASK_DISCS_PER_ISLAND` over the islands (seed
"Setup" 1; sources A.2: "20-30 of them are on the board")."""
BOAT_MOVES = MappingProxyType({1: 1, 2: 2, 3: None})
"""Boat tiles paid -> how far the boat sails: 1 to a neighbouring island, 2 to an island two currents away, 3 to
any island (``None``); the first move of the game takes 1 tile to any island (seed "Barco"; sources A.4)."""

TASK_DISCS = 66
"""Task discs in the game (sources A.2, [BGGN])."""
TASK_LEVELS = (1, 2, 3)
"""Difficulty levels; a harder disc scores more (sources A.2)."""
TASK_COLOURS = ("blue", "red", "yellow")
"""The colours of task discs (the side shown once lit; seed "Atear um Bonfire"; sources A.2) and of path-tile
crystals (sources A.2): a path tile scores beside a bonfire of its colour."""
TASK_POINTS = (2, 8)
"""A task disc scores 2 to 8 points (seed "Pontuação final": "2 - 8 pontos por cada Bonfire")."""
TASK_CLAIM_TILES = (1, 2, 3)
"""Task tiles paid for a player's 1st, 2nd, 3rd offering disc on one island (seed "Tarefa")."""
TASK_CLAIM_RESOURCES = 2
"""Resources paid for a task disc: the one on the offering disc and the one on the island (seed "Tarefa")."""
OFFERING_DISCS, OFFERING_STACKS = 10, 2
"""Each player's offering discs, in 2 face-down stacks of 5 (seed "Setup" D)."""

FATE_TILES, FATE_STACK, FATE_SYMBOLS = 8, 7, 3
"""Each player's fate tiles: 8, of which 7 go on the action summary board and 1 is the spare; each shows 3
action symbols (seed "Setup" D; sources A.3; DECISIONS, Bonfire)."""
FATE_SWAP_POSITION = 4
"""The starting fate tile is the spare or the 4th tile from the top of the summary board (seed "Setup" E)."""
FATE_AREA = (5, 5)
"""The fate area's rows and columns (DECISIONS, Bonfire: "The fate area is 5x5")."""

GREAT_BONFIRE_SPACES = 7
"""Spaces around the Great Bonfire, each showing an action tile and a resource (seed "Setup" 5)."""
POINTER_START = "south"
"""The Great Bonfire's pointer starts facing south (seed "Setup" 6)."""
GREAT_BONFIRE_MOVES = MappingProxyType({1: 1, 2: 2, 3: None})
"""Great Bonfire tiles paid -> clockwise steps of the pointer (``None``: any space); the first use takes 1 tile
to any space (seed "Grande Bonfire"; sources A.4)."""
GREAT_BONFIRE_REWARDS = 2
"""Rewards taken of the 3 on offer: the action tile, the resource or 2 points, a portal (seed "Grande Bonfire")."""
GREAT_BONFIRE_POINTS = 2
"""The points that may be taken instead of the space's resource (seed "Grande Bonfire")."""
PORTAL_SYMBOLS, PORTALS_PER_SYMBOL = 7, 4
"""Portals: 7 symbols, 4 of each; with 1 or 2 players one of each symbol is removed (seed "Setup" 5; sources
A.2: "4 of each shape/symbol")."""

BONFIRES = 7
"""Bonfires on a player board (seed "Fim": the common task for 7 bonfires; "sete espaços" for task discs)."""
NOVICES = 7
"""Novices of each player's colour, one beside each bonfire (seed "Atear um Bonfire")."""
GUARDIAN_POINTS = (2, 8)
"""A guardian beside a bonfire scores its space's value, 2 to 8 (seed "Pontuação final")."""
MAX_PATH_TILES = 6
"""Path tiles a player may build after the starting tile (sources A.4, [LIB8])."""
PATH_COSTS = (1, 1, 1, 2, 2, 2)
"""Path action tiles paid for the 1st..6th path tile (seed "Caminho"; sources A.4)."""
PATH_TILES = MappingProxyType({"blue": 10, "red": 10, "yellow": 8})
"""The 28 path tiles by crystal colour (sources A.2)."""
PATH_DISPLAY = 4
"""Path tiles face up on the central board (seed "Setup" 7, "Caminho")."""
PATH_PILES = (2, 3)
"""The other path tiles form 2 or 3 face-down piles (seed "Setup" 7)."""
GUARDIAN_COLOURS = ("pink", "grey", "brown", "blue")
"""The guardian colours, one guardian island each (seed "Setup" 2: "rosa, cinza, castanho e azul")."""
GUARDIANS_PER_COLOUR = 4
"""Guardians of each colour on its island, one per player (seed "Setup" 2: "os 4 Guardiões de cada cor")."""
MAX_GUARDIANS_ON_START = 5
"""A starting tile holds at most 5 guardians: the player's own and one of each island colour (seed "Reclamar
um Guardião")."""

COUNCIL_SEATS = 8
"""Seats of the Council of Elders, each with a bonus (seed "Atear um Bonfire")."""
COMMON_TASKS = NEUTRAL_NOVICES = 5
"""Common tasks above the council, each guarded by one neutral novice (seed "Setup" 8, "Ação de bónus")."""
COMMON_TASK_POINTS, COMMON_TASK_ALL_BONFIRES_POINTS = 4, 7
"""A fulfilled common task scores 4, the one for 7 lit bonfires 7 (seed "Pontuação final")."""
END_TRIGGER = MappingProxyType({2: 7, 3: 10, 4: 13})
"""Novices in the council that start the countdown, by player count (seed "Fim do jogo")."""
COUNTDOWN = (5, 4, 3, 2, 1)
"""The countdown discs, top of the stack first; passing in a countdown round scores its disc (seed "Setup" 3,
"Fim do jogo")."""

SPECIALISTS = 19
"""Specialist cards: the 19 abilities of sources A.5 (the list may go on past the excerpt; we use these)."""
GOLD_SPECIALISTS = 3
"""Specialists showing gold, removed in the solo game (sources A.2, [LIB12])."""
GNOMES_ON_DISPLAY = MappingProxyType({"elder": 6, "specialist": 6})
"""Gnome cards on display; the other specialists form a reserve that refills their display (seed "Setup" 4)."""
MAX_GNOMES = 6
"""Gnome cards a player may recruit (seed "Gnomos")."""
RECRUIT_COSTS = ((2, 1), (1, 2))
"""A gnome costs 2 gnome tiles and its resource, or 1 gnome tile and its resource twice, as ``(tiles, copies of
the resource)`` (seed "Gnomos")."""

START_RESOURCES_EACH = 1
"""Each player starts with 1 of each resource (seed "Setup" F)."""
START_YELLOW_TILES, START_ACTION_TILES = 2, 5
"""Each player starts with 5 action tiles: 2 yellow and the 3 of the starting fate tile (seed "Setup" F)."""
PORTAL_POINTS = PATH_MATCH_POINTS = 2
"""Final scoring: 2 per portal beside a bonfire and 2 per path tile of its bonfire's colour (seed "Pontuação
final")."""
FATE_TILE_LEFT_POINTS = 3
"""Final scoring: 3 per fate tile left on the action summary board (seed "Pontuação final")."""
LEFTOVERS_PER_POINT = 2
"""Final scoring: 1 point per 2 action tiles or resources left (seed "Pontuação final")."""
TIE_BREAK = "bonfires"
"""A tie goes to the player with more lit bonfires (seed "Pontuação final")."""

ANY = "any"
"""In a gain: the resource or action tile is of the player's choice."""


@dataclass(frozen=True)
class ConditionKind:
    """One kind of condition of task discs and common tasks, counted on the owner's own board."""

    id: str
    """The ``kind`` written in the data."""
    meaning: str
    """What is counted, in a player's words."""
    text: str
    """The condition as text, ``{n}`` standing for its ``at_least`` and ``{s}`` for a plural ending."""
    param: str | None = None
    """The parameter the kind takes: ``colour``, ``resource`` or ``action`` (``None``: none)."""
    required: bool = False
    """True if the parameter must be given; otherwise it narrows the count when given."""
    text_with: str | None = None
    """The text when the parameter is given, ``{param}`` standing for its value."""
    most: int | None = None
    """The largest count the components allow (``None``: no fixed limit, or one read from the fate area)."""


CONDITION_KINDS = MappingProxyType({k.id: k for k in (
    ConditionKind("lit_bonfires", "bonfires already lit on the owner's board (a task disc's own not included)",
                  "at least {n} lit bonfire{s}", most=BONFIRES),
    ConditionKind("guardians_on_bonfires", "guardians standing on bonfires", "at least {n} guardian{s} on bonfires",
                  most=MAX_GUARDIANS_ON_START),
    ConditionKind("guardians_on_path", "guardians standing on built path tiles (not the starting tile)",
                  "at least {n} guardian{s} on path tiles", most=MAX_GUARDIANS_ON_START),
    ConditionKind("guardian_colours", "island guardian colours claimed (the player's own guardian not counted)",
                  "guardians of at least {n} island colour{s}", most=len(GUARDIAN_COLOURS)),
    ConditionKind("path_tiles", "path tiles built, of the crystal colour if one is given",
                  "at least {n} path tile{s}", "colour", False, "at least {n} path tile{s} with a {param} crystal",
                  most=MAX_PATH_TILES),
    ConditionKind("portals", "portals on the player board", "at least {n} portal{s}", most=BONFIRES),
    ConditionKind("gnomes", "gnome cards recruited, specialists and elders", "at least {n} gnome{s}",
                  most=MAX_GNOMES),
    ConditionKind("specialists", "specialist cards recruited", "at least {n} specialist{s}", most=MAX_GNOMES),
    ConditionKind("elders", "elder cards recruited", "at least {n} elder{s}", most=MAX_GNOMES),
    ConditionKind("resource", "resources of the given kind held (gold does not stand in)", "",
                  "resource", True, "at least {n} {param}"),
    ConditionKind("resource_kinds", "different kinds of resources held", "at least {n} different resource{s}",
                  most=RESOURCES),
    ConditionKind("action_tiles", "action tiles of the given type held (yellow does not stand in)", "",
                  "action", True, "at least {n} {param} action tile{s}"),
    ConditionKind("fate_tiles", "fate tiles in the fate area, the starting one included",
                  "at least {n} fate tile{s} in the fate area", most=FATE_TILES),
    ConditionKind("fate_group", "squares of the largest connected area of one action symbol in the fate area, "
                  "of the given action if one is given",
                  "a connected area of at least {n} equal symbols in the fate area", "action", False,
                  "a connected area of at least {n} {param} symbols in the fate area"),
    ConditionKind("covered_symbols", "printed squares of the fate area covered by fate tiles",
                  "at least {n} printed square{s} of the fate area covered"),
)})
"""The condition kinds by id (see :meth:`Components.from_dict` for the list with their meaning)."""

_ID = r"^[a-z][a-z0-9]*(_[a-z0-9]+)*$"
_SECTIONS = ("resources", "action_types", "guardians", "colours", "player_colours", "path_tiles", "portals",
             "offering_discs", "countdown", "islands", "currents", "task_discs", "specialists", "elders",
             "fate_tiles", "fate_area", "player_board", "great_bonfire", "council_seats", "common_tasks",
             "glossary")

_IdField = pydantic.constr(pattern=_ID)
_Text = pydantic.constr(min_length=1)
_IntPair = pydantic.conlist(int, min_length=2, max_length=2)
_IdPair = pydantic.conlist(str, min_length=2, max_length=2)


# ---- the file format ------------------------------------------------------------------------------------------
class _ResourceFile(StrictModel):
    id: _IdField
    name: _Text
    wild: bool = False
    term_pt: _Text | None = None


class _ActionTypeFile(StrictModel):
    id: _IdField
    name: _Text
    colour: _Text
    supply: int = pydantic.Field(ge=0)
    action: _Text
    wild: bool = False
    term_pt: _Text | None = None


class _GuardianFile(StrictModel):
    id: _IdField
    name: _Text
    count: int = pydantic.Field(ge=1)
    term_pt: _Text | None = None


class _ColourFile(StrictModel):
    id: _IdField
    name: _Text
    term_pt: _Text | None = None


class _SymbolFile(StrictModel):
    id: _IdField
    name: _Text


class _PortalsFile(StrictModel):
    per_symbol: int = pydantic.Field(ge=1)
    symbols: list[_SymbolFile]


class _IslandFile(StrictModel):
    id: _IdField
    name: _Text
    kind: Literal["task", "guardian"]
    resource: str | None = None
    guardian: str | None = None
    corner: bool = False
    pos: _IntPair


class _ConditionFile(StrictModel):
    kind: str
    at_least: int = pydantic.Field(ge=1)
    colour: str | None = None
    resource: str | None = None
    action: str | None = None


class _TaskDiscFile(StrictModel):
    id: _IdField
    level: int
    colour: str
    points: int
    condition: _ConditionFile


class _SpecialistFile(StrictModel):
    id: _IdField
    name: _Text
    resource: str
    ability: _Text
    guardian: str | None = None
    source: _Text | None = None


class _ElderFile(StrictModel):
    id: _IdField
    name: _Text
    resource: str
    points: int = pydantic.Field(ge=1)


class _FateTileFile(StrictModel):
    id: _IdField
    symbols: list[str]


class _SquareFile(StrictModel):
    at: _IntPair
    resource: str | None = None
    action: str | None = None


class _StartFile(StrictModel):
    at: _IntPair
    direction: Literal["across", "down"]


class _FateAreaFile(StrictModel):
    rows: int = pydantic.Field(ge=1)
    cols: int = pydantic.Field(ge=1)
    start: _StartFile
    squares: list[_SquareFile] = pydantic.Field(default_factory=list)


class _StartTileFile(StrictModel):
    resource: str
    bonfire: int


class _PathSlotFile(StrictModel):
    id: int
    cost: int = pydantic.Field(ge=1)
    bonfire: int


class _BonfireFile(StrictModel):
    id: int
    guardian_points: int
    portal: str


class _PlayerBoardFile(StrictModel):
    start_tile: _StartTileFile
    path_slots: list[_PathSlotFile]
    bonfires: list[_BonfireFile]


class _GreatSpaceFile(StrictModel):
    id: _IdField
    action: str
    resource: str


class _GreatBonfireFile(StrictModel):
    pointer_start: str
    spaces: list[_GreatSpaceFile]


class _GainFile(StrictModel):
    points: int | None = pydantic.Field(default=None, ge=1)
    resource: str | None = None
    action: str | None = None
    count: int = pydantic.Field(default=1, ge=1)


class _SeatFile(StrictModel):
    id: _IdField
    bonus: list[_GainFile] = pydantic.Field(min_length=1)


class _CommonTaskFile(StrictModel):
    id: _IdField
    name: _Text
    points: int = pydantic.Field(ge=1)
    condition: _ConditionFile


class _TermFile(StrictModel):
    term: _Text
    term_pt: _Text
    note: _Text | None = None


class _ComponentsFile(StrictModel):
    format: Literal["bonfire-components"]
    format_version: Literal[1]
    sources: dict[str, str] = pydantic.Field(default_factory=dict)
    resources: list[_ResourceFile]
    action_types: list[_ActionTypeFile]
    guardians: list[_GuardianFile]
    colours: list[_ColourFile]
    player_colours: list[_IdField]
    path_tiles: dict[str, list[str]]
    portals: _PortalsFile
    offering_discs: dict[str, int]
    countdown: list[int]
    islands: list[_IslandFile]
    currents: list[_IdPair]
    task_discs: list[_TaskDiscFile]
    specialists: list[_SpecialistFile]
    elders: list[_ElderFile]
    fate_tiles: list[_FateTileFile]
    fate_area: _FateAreaFile
    player_board: _PlayerBoardFile
    great_bonfire: _GreatBonfireFile
    council_seats: list[_SeatFile]
    common_tasks: list[_CommonTaskFile]
    glossary: list[_TermFile]


class _PartHeader(StrictModel):
    format: Literal["bonfire-components"]
    format_version: Literal[1]
    part: _IdField
    source: _Text


# ---- the components ---------------------------------------------------------------------------------------------
def _optional(out: dict[str, Any], **fields: Any) -> dict[str, Any]:
    """``out`` with the fields that are not ``None`` (nor ``False``) added: optional fields at their default are
    left out of the file format."""
    out.update({k: v for k, v in fields.items() if v is not None and v is not False})
    return out


@dataclass(frozen=True)
class Resource:
    """A kind of resource (sources A.2: six, gold the wild one)."""

    id: str
    name: str
    wild: bool = False
    """True for gold: it pays for any missing resource."""
    term_pt: str | None = None
    """The seed's Portuguese term, if the seed names this resource."""


@dataclass(frozen=True)
class ActionType:
    """A type of action tile: one per action, and the yellow wild (seed "Desenvolvimento" II)."""

    id: str
    name: str
    colour: str
    """The colour of its tiles."""
    supply: int
    """Tiles of this type in the general supply."""
    action: str
    """What a tile of this type pays for."""
    wild: bool = False
    """True for yellow: it stands in for any other type."""
    term_pt: str | None = None
    """The seed's Portuguese term."""


@dataclass(frozen=True)
class Guardian:
    """A colour of guardian, claimed at its island (seed "Setup" 2, "Reclamar um Guardião")."""

    id: str
    name: str
    count: int
    """Guardians of this colour on the island at the start."""
    term_pt: str | None = None
    """The seed's Portuguese name of the colour."""


@dataclass(frozen=True)
class Colour:
    """A colour of task discs and of path-tile crystals: blue, red or yellow."""

    id: str
    name: str
    term_pt: str | None = None
    """The seed's Portuguese name of the colour."""


@dataclass(frozen=True)
class PathTile:
    """One path tile: its crystal colour and the resource a guardian ending her move on it gains."""

    id: str
    """``<colour>_<k>``: the ``k``-th tile of its colour in the data."""
    colour: str
    resource: str


@dataclass(frozen=True)
class PortalSymbol:
    """A portal symbol; the portals of each symbol are alike."""

    id: str
    name: str


@dataclass(frozen=True)
class Island:
    """An island of the central board: a task island (with a resource) or a guardian island (with a colour)."""

    id: str
    name: str
    kind: str
    """``task`` or ``guardian``."""
    resource: str | None
    """A task island's resource symbol (paid with each task disc taken there); ``None`` on a guardian island."""
    guardian: str | None
    """A guardian island's guardian colour; ``None`` on a task island."""
    corner: bool
    """True for the 4 corner task islands (2 task discs with 3 players)."""
    pos: tuple[int, int]
    """Where the island is drawn: ``(x, y)``, x to the east, y down."""


@dataclass(frozen=True)
class Condition:
    """What a player's board must show to fulfil a task disc or a common task (see :data:`CONDITION_KINDS`)."""

    kind: str
    """One of :data:`CONDITION_KINDS`."""
    at_least: int
    """The smallest count that fulfils it."""
    colour: str | None = None
    """``path_tiles``: the crystal colour counted."""
    resource: str | None = None
    """``resource``: the resource counted."""
    action: str | None = None
    """``action_tiles``, ``fate_group``: the action type counted."""

    @property
    def param(self) -> str | None:
        """The value of its kind's parameter (colour, resource or action), or ``None``."""
        return self.colour or self.resource or self.action

    @property
    def text(self) -> str:
        """The condition in a player's words.

        >>> Condition("resource", 3, resource="herbs").text, Condition("lit_bonfires", 7).text
        ('at least 3 herbs', 'at least 7 lit bonfires')
        """
        kind = CONDITION_KINDS[self.kind]
        plural = "" if self.at_least == 1 else "s"
        if self.param is not None and kind.text_with is not None:
            return kind.text_with.format(n=self.at_least, s=plural, param=self.param.replace("_", " "))
        return kind.text.format(n=self.at_least, s=plural)

    def to_dict(self) -> dict[str, Any]:
        """The condition in the file format: ``{kind, at_least}`` and its parameter if given."""
        return _optional({"kind": self.kind}, colour=self.colour, resource=self.resource, action=self.action,
                         at_least=self.at_least)


@dataclass(frozen=True)
class TaskDisc:
    """A task disc: taken at a task island, it lights a bonfire once its condition holds (seed "Tarefa")."""

    id: str
    level: int
    """Difficulty 1-3."""
    colour: str
    """The colour it shows once lit."""
    points: int
    """Its points at the end, 2-8."""
    condition: Condition


@dataclass(frozen=True)
class Specialist:
    """A specialist gnome card (blue): a lasting ability (sources A.5)."""

    id: str
    name: str
    resource: str
    """The resource paid to recruit it."""
    ability: str
    """What it does, in our own words."""
    guardian: str | None = None
    """The guardian colour the ability names, if any."""
    source: str | None = None
    """Where the ability comes from (``A.5 #n``: item ``n`` of sources A.5)."""


@dataclass(frozen=True)
class Elder:
    """An elder gnome card (yellow): points scored at once when recruited (seed "Gnomos")."""

    id: str
    name: str
    resource: str
    """The resource paid to recruit it."""
    points: int


@dataclass(frozen=True)
class FateTile:
    """A fate tile: a strip of 3 action symbols (sources A.3)."""

    id: str
    symbols: tuple[str, str, str]
    """The action types shown, from one end to the other."""


@dataclass(frozen=True)
class Gain:
    """Something a player receives: points, a resource or an action tile."""

    kind: str
    """``points``, ``resource`` or ``action``."""
    item: str | None
    """The resource or action type (or :data:`ANY`); ``None`` for points."""
    amount: int
    """The points, or how many resources or tiles."""

    @property
    def text(self) -> str:
        """The gain in a player's words.

        >>> Gain("resource", "any", 2).text, Gain("action", "yellow", 1).text, Gain("points", None, 3).text
        ('2 resources of your choice', '1 yellow action tile', '3 points')
        """
        if self.kind == "points":
            return f"{self.amount} point{'s' if self.amount != 1 else ''}"
        noun = "resource" if self.kind == "resource" else "action tile"
        plural = "s" if self.amount != 1 else ""
        if self.item == ANY:
            return f"{self.amount} {noun}{plural} of your choice"
        if self.kind == "resource":
            return f"{self.amount} {self.item}"
        return f"{self.amount} {self.item.replace('_', ' ')} action tile{plural}"

    def to_dict(self) -> dict[str, Any]:
        """The gain in the file format: ``{points: n}`` or ``{resource|action: id, count}`` (count 1 left out)."""
        if self.kind == "points":
            return {"points": self.amount}
        out: dict[str, Any] = {self.kind: self.item}
        if self.amount != 1:
            out["count"] = self.amount
        return out


@dataclass(frozen=True)
class PrintedSquare:
    """A printed square of the fate area: covering it gains its resource or action tile (seed "I")."""

    at: tuple[int, int]
    """``(row, col)`` from 1 at the top left."""
    gain: Gain


@dataclass(frozen=True)
class FateArea:
    """The fate area of a player board: a grid where fate tiles are laid (DECISIONS, Bonfire: 5 x 5)."""

    rows: int
    cols: int
    start: tuple[tuple[int, int], ...]
    """The squares under the starting fate tile, in order along it."""
    direction: str
    """The starting tile's direction: ``across`` (along a row) or ``down`` (along a column)."""
    squares: Mapping[tuple[int, int], PrintedSquare]
    """The printed squares by ``(row, col)``."""


@dataclass(frozen=True)
class Bonfire:
    """A bonfire space of the player board, with its guardian space and portal space."""

    id: int
    """Its position, 0-6 from left to right."""
    guardian_points: int
    """What a guardian standing on it scores at the end (2-8)."""
    portal: str
    """The portal symbol its portal space takes."""


@dataclass(frozen=True)
class PathSlot:
    """A place for a path tile on the player board."""

    id: int
    """1-6: the order in which path tiles are built."""
    cost: int
    """Path action tiles paid to build it."""
    bonfire: int
    """The bonfire beside it."""


@dataclass(frozen=True)
class PlayerBoard:
    """The bonfires and the path of a player board (``bonfire.board.player``; the fate area is :class:`FateArea`)."""

    start_resource: str
    """The resource a guardian ending her move on the starting tile gains."""
    start_bonfire: int
    """The bonfire beside the starting tile."""
    path_slots: tuple[PathSlot, ...]
    bonfires: tuple[Bonfire, ...]

    def bonfire_beside(self, slot: int) -> int:
        """The bonfire beside path slot ``slot`` (0: the starting tile).

        >>> Components.default().player_board.bonfire_beside(0), Components.default().player_board.bonfire_beside(6)
        (0, 6)

        Raises:
            KeyError: for an unknown slot.
        """
        if slot == 0:
            return self.start_bonfire
        for s in self.path_slots:
            if s.id == slot:
                return s.bonfire
        raise KeyError(f"no path slot {slot!r}; the slots are 0 (the starting tile) to {len(self.path_slots)}")


@dataclass(frozen=True)
class GreatBonfireSpace:
    """A space around the Great Bonfire: its action tile and resource, and the portals put there."""

    id: str
    action: str
    resource: str


@dataclass(frozen=True)
class GreatBonfire:
    """The Great Bonfire: 7 spaces in clockwise order and the pointer's first space (seed "Setup" 5-6)."""

    pointer_start: str
    spaces: tuple[GreatBonfireSpace, ...]
    """Clockwise."""

    def turn(self, space: str, steps: int) -> str:
        """The space ``steps`` clockwise from ``space``.

        >>> Components.default().great_bonfire.turn("south_east", 1)
        'south'

        Raises:
            KeyError: for an unknown space.
        """
        ids = [s.id for s in self.spaces]
        if space not in ids:
            raise KeyError(f"no Great Bonfire space {space!r}; the spaces are {', '.join(ids)}")
        return ids[(ids.index(space) + steps) % len(ids)]


@dataclass(frozen=True)
class CouncilSeat:
    """A seat of the Council of Elders and the bonus a novice taking it earns (seed "Atear um Bonfire")."""

    id: str
    bonus: tuple[Gain, ...]


@dataclass(frozen=True)
class CommonTask:
    """A common task above the council, guarded by a neutral novice (seed "Ação de bónus")."""

    id: str
    name: str
    points: int
    """Its points at the end: 4, or 7 for the one asking for all 7 bonfires lit."""
    condition: Condition


@dataclass(frozen=True)
class Term:
    """A glossary entry: the English term and the seed's Portuguese one."""

    term: str
    term_pt: str
    """As the seed writes it; variants are separated by ``" / "``."""
    note: str | None = None


def _players(players: int) -> int:
    if isinstance(players, bool) or not isinstance(players, int) or not MIN_PLAYERS <= players <= MAX_PLAYERS:
        raise ValueError(f"Bonfire is for {MIN_PLAYERS}-{MAX_PLAYERS} players, got {players!r}")
    return players


def _unique(items: Iterable[Any], where: str, problems: list[str], key: str = "id") -> dict[Any, Any]:
    """The items by their ``key``; a key used twice is a problem (the first item is kept)."""
    out: dict[Any, Any] = {}
    for k, item in enumerate(items):
        value = getattr(item, key)
        if value in out:
            problems.append(f"{where}[{k}]: {key} {value!r} is used twice")
        else:
            out[value] = item
    return out


@dataclass(frozen=True, eq=False)
class Components:
    """All of Bonfire's components as data, and the questions on them (module docstring: the file format).

    >>> c = Components.default()
    >>> c.neighbours("rose_rock"), c.distance("emberholm", "toadstool_key")
    (('mossbank', 'bramble_isle', 'sagewater'), 5)
    >>> [s.id for s in c.great_bonfire.spaces][:3], c.fate_tiles[FATE_SWAP_POSITION - 1].symbols
    (['south', 'south_west', 'west'], ('guardian', 'boat', 'yellow'))

    Raises (constructors):
        InvalidData: listing every problem in the data (see :meth:`from_dict`).
    """

    sources: Mapping[str, str]
    """Where each part's content comes from, by part."""
    resources: Mapping[str, Resource]
    action_types: Mapping[str, ActionType]
    guardians: Mapping[str, Guardian]
    colours: Mapping[str, Colour]
    player_colours: tuple[str, ...]
    path_tiles: Mapping[str, PathTile]
    """Every path tile by id."""
    portal_symbols: Mapping[str, PortalSymbol]
    portals_per_symbol: int
    offering_discs: Mapping[str, int]
    """One player's offering discs: how many show each resource."""
    countdown: tuple[int, ...]
    """The countdown discs' points, top first."""
    islands: Mapping[str, Island]
    currents: tuple[tuple[str, str], ...]
    task_discs: Mapping[str, TaskDisc]
    specialists: Mapping[str, Specialist]
    elders: Mapping[str, Elder]
    fate_tiles: tuple[FateTile, ...]
    """The 7 of the action summary board, top to bottom, then the spare."""
    fate_area: FateArea
    player_board: PlayerBoard
    great_bonfire: GreatBonfire
    council_seats: Mapping[str, CouncilSeat]
    common_tasks: Mapping[str, CommonTask]
    glossary: Mapping[str, Term]
    """Glossary entries by English term."""

    # ---- construction ---------------------------------------------------------------------------------------
    @classmethod
    def from_dict(cls, data: Any, *, what: str = "Bonfire components") -> Components:
        """The components from the merged file data (format ``bonfire-components`` version 1).

        Beyond the field types it checks: ids unique in every section (gnome ids over specialists and elders
        together); every reference resolves (resources, action types, guardian colours, colours, portal
        symbols, islands, bonfires, Great Bonfire spaces); the game's numbers (the constants of this module):
        6 resources with gold the only wild one, 7 action types with yellow the only wild one, 12 yellow
        tiles and 10 of each other type; 4 guardian colours; 3 colours; 28 path tiles, 10 blue, 10 red, 8
        yellow; 7 portal symbols, 4 of each; 10 offering discs; countdown discs 5 to 1; 10 task islands, each
        with a resource, 4 of them corners, and 4 guardian islands, one per guardian colour; currents joining
        two different known islands, each pair once, every island reachable; 66 task discs of levels 1-3,
        each colour used, 2-8 points, every level scoring more than the one below; 19 specialists, 3 of them
        showing gold; 8 fate tiles of 3 action symbols; the starting fate tile and the printed squares inside
        the fate area, no printed square under the starting tile, none twice, each with one resource or one
        action tile; 7 bonfires ``0``-``6`` worth 2-8 for a guardian, the starting tile and 6 path slots
        costing 1, 1, 1, 2, 2, 2 (slots 1-6 in order), each bonfire beside exactly one of them; 7 Great
        Bonfire spaces with the pointer starting south; 8 council seats, each gain with one of points,
        resource or action; 5 common tasks scoring 4, except exactly one asking for 7 lit bonfires, which
        scores 7; glossary terms unique.

        Conditions (task discs and common tasks) are ``{kind, at_least}`` with ``at_least`` at least 1 and no
        more than the components allow, plus a parameter for some kinds; every count is taken on the owner's
        own board or supply:

        * ``lit_bonfires``: bonfires already lit (on a task disc, its own bonfire is not counted, so at most 6);
        * ``guardians_on_bonfires``: guardians standing on bonfires;
        * ``guardians_on_path``: guardians standing on built path tiles (not the starting tile);
        * ``guardian_colours``: island guardian colours claimed (the player's own guardian not counted);
        * ``path_tiles`` (optional ``colour``): path tiles built, of that crystal colour if given;
        * ``portals``: portals on the player board;
        * ``gnomes``, ``specialists``, ``elders``: gnome cards recruited (all, specialists, elders);
        * ``resource`` (``resource`` required): resources of that kind held (gold does not stand in);
        * ``resource_kinds``: different kinds of resources held;
        * ``action_tiles`` (``action`` required): action tiles of that type held (yellow does not stand in);
        * ``fate_tiles``: fate tiles in the fate area, the starting one included;
        * ``fate_group`` (optional ``action``): squares of the largest connected area of one action symbol in
          the fate area (of that action if given);
        * ``covered_symbols``: printed squares of the fate area covered.

        >>> c = Components.from_dict(Components.default().to_dict())
        >>> c.task_discs["t01"].condition.text, c.common_tasks["gnome_circle"].condition.text
        ('guardians of at least 1 island colour', 'at least 4 gnomes')

        Raises:
            InvalidData: listing every problem, each naming where it is and what was expected.
        """
        parsed = validate(_ComponentsFile, data, what=what)
        problems: list[str] = []
        p = problems.append

        # ---- supply --------------------------------------------------------------------------------------
        resources = {r.id: Resource(r.id, r.name, r.wild, r.term_pt)
                     for r in _unique(parsed.resources, "resources", problems).values()}
        if len(parsed.resources) != RESOURCES:
            p(f"resources: the game has {RESOURCES} resources (sources A.2), got {len(parsed.resources)}")
        wild = [r.id for r in resources.values() if r.wild]
        if wild != [WILD_RESOURCE]:
            p(f"resources: {WILD_RESOURCE} is the one wild resource (sources A.2), got wild: {wild or 'none'}")

        actions = {a.id: ActionType(a.id, a.name, a.colour, a.supply, a.action, a.wild, a.term_pt)
                   for a in _unique(parsed.action_types, "action_types", problems).values()}
        if len(parsed.action_types) != ACTION_TYPES:
            p(f"action_types: the game has {ACTION_TYPES} action-tile types (sources A.2), "
              f"got {len(parsed.action_types)}")
        wild = [a.id for a in actions.values() if a.wild]
        if wild != [WILD_ACTION]:
            p(f"action_types: {WILD_ACTION} is the one wild action tile (sources A.2), got wild: {wild or 'none'}")
        for k, a in enumerate(parsed.action_types):
            expected = ACTION_SUPPLY["yellow" if a.id == WILD_ACTION else "other"]
            if a.supply != expected:
                p(f"action_types[{k}] ({a.id}): the supply holds {expected} tiles of this type (sources A.2), "
                  f"got {a.supply}")
        _unique(parsed.action_types, "action_types", problems, key="colour")

        guardians = {g.id: Guardian(g.id, g.name, g.count, g.term_pt)
                     for g in _unique(parsed.guardians, "guardians", problems).values()}
        if len(parsed.guardians) != len(GUARDIAN_COLOURS):
            p(f"guardians: the game has {len(GUARDIAN_COLOURS)} guardian colours (seed \"Setup\" 2), "
              f"got {len(parsed.guardians)}")
        for k, g in enumerate(parsed.guardians):
            if g.count != GUARDIANS_PER_COLOUR:
                p(f"guardians[{k}] ({g.id}): each island holds {GUARDIANS_PER_COLOUR} guardians "
                  f"(seed \"Setup\" 2), got {g.count}")

        colours = {c.id: Colour(c.id, c.name, c.term_pt) for c in _unique(parsed.colours, "colours", problems).values()}
        if len(parsed.colours) != len(TASK_COLOURS):
            p(f"colours: task discs and path crystals come in {len(TASK_COLOURS)} colours (sources A.2), "
              f"got {len(parsed.colours)}")

        seen_colours: set[str] = set()
        for k, pc in enumerate(parsed.player_colours):
            if pc in seen_colours:
                p(f"player_colours[{k}]: {pc!r} is used twice")
            seen_colours.add(pc)
        if len(parsed.player_colours) < MAX_PLAYERS:
            p(f"player_colours: {MAX_PLAYERS} players need {MAX_PLAYERS} colours, got {len(parsed.player_colours)}")

        def known(value: str | None, table: Mapping[str, Any], what_kind: str, where: str, *,
                  allow_any: bool = False) -> bool:
            if value is None:
                return False
            if value in table or (allow_any and value == ANY):
                return True
            choices = ", ".join(table) + (f" or {ANY}" if allow_any else "")
            p(f"{where}: unknown {what_kind} {value!r}; expected one of {choices}")
            return False

        path_tiles: dict[str, PathTile] = {}
        for colour, listed in parsed.path_tiles.items():
            where = f"path_tiles.{colour}"
            if known(colour, colours, "colour", where):
                expected = PATH_TILES.get(colour)
                if expected is not None and len(listed) != expected:
                    p(f"{where}: the game has {expected} path tiles with a {colour} crystal (sources A.2), "
                      f"got {len(listed)}")
            for k, resource in enumerate(listed, 1):
                known(resource, resources, "resource", f"{where}[{k - 1}]")
                path_tiles[f"{colour}_{k}"] = PathTile(f"{colour}_{k}", colour, resource)
        total = sum(PATH_TILES.values())
        if len(path_tiles) != total:
            p(f"path_tiles: the game has {total} path tiles (sources A.2), got {len(path_tiles)}")

        symbols = {s.id: PortalSymbol(s.id, s.name)
                   for s in _unique(parsed.portals.symbols, "portals.symbols", problems).values()}
        if len(parsed.portals.symbols) != PORTAL_SYMBOLS:
            p(f"portals.symbols: the game has {PORTAL_SYMBOLS} portal symbols (seed \"Setup\" 5), "
              f"got {len(parsed.portals.symbols)}")
        if parsed.portals.per_symbol != PORTALS_PER_SYMBOL:
            p(f"portals.per_symbol: the game has {PORTALS_PER_SYMBOL} portals of each symbol (sources A.2), "
              f"got {parsed.portals.per_symbol}")

        for resource, n in parsed.offering_discs.items():
            known(resource, resources, "resource", f"offering_discs.{resource}")
            if n < 1:
                p(f"offering_discs.{resource}: expected a count of at least 1, got {n}")
        if sum(parsed.offering_discs.values()) != OFFERING_DISCS:
            p(f"offering_discs: each player has {OFFERING_DISCS} offering discs (seed \"Setup\" D), "
              f"got {sum(parsed.offering_discs.values())}")

        if tuple(parsed.countdown) != COUNTDOWN:
            p(f"countdown: the countdown discs are {', '.join(map(str, COUNTDOWN))} from the top (seed \"Setup\" 3), "
              f"got {', '.join(map(str, parsed.countdown)) or 'none'}")

        # ---- islands -------------------------------------------------------------------------------------
        islands: dict[str, Island] = {}
        guarded: dict[str, str] = {}
        at: dict[tuple[int, int], str] = {}
        for k, i in enumerate(parsed.islands):
            where = f"islands[{k}] ({i.id})"
            if i.id in islands:
                p(f"{where}: id {i.id!r} is used twice")
                continue
            if i.id == ENTRANCE:
                p(f"{where}: {ENTRANCE!r} is where the boats start, not an island (seed \"Setup\" 9)")
            if i.kind == "task":
                if i.resource is None:
                    p(f"{where}: a task island shows a resource symbol; give its resource")
                known(i.resource, resources, "resource", where)
                if i.guardian is not None:
                    p(f"{where}: a task island holds no guardians; remove guardian {i.guardian!r}")
            else:
                if i.guardian is None:
                    p(f"{where}: a guardian island holds one colour of guardians; give its guardian")
                elif known(i.guardian, guardians, "guardian colour", where):
                    if i.guardian in guarded:
                        p(f"{where}: guardian {i.guardian!r} already lives on {guarded[i.guardian]}")
                    guarded.setdefault(i.guardian, i.id)
                if i.resource is not None:
                    p(f"{where}: a guardian island shows no resource; remove resource {i.resource!r}")
                if i.corner:
                    p(f"{where}: the corner islands are task islands (seed \"Setup\" 1)")
            pos = (i.pos[0], i.pos[1])
            if pos in at:
                p(f"{where}: pos {list(pos)} is already taken by {at[pos]}")
            at.setdefault(pos, i.id)
            islands[i.id] = Island(i.id, i.name, i.kind, i.resource, i.guardian, i.corner, pos)
        kinds = Counter(i.kind for i in islands.values())
        corners = sum(i.corner for i in islands.values())
        if kinds["task"] != TASK_ISLANDS:
            p(f"islands: the board has {TASK_ISLANDS} task islands (seed \"Setup\" 1; sources A.2), "
              f"got {kinds['task']}")
        if kinds["guardian"] != GUARDIAN_ISLANDS:
            p(f"islands: the board has {GUARDIAN_ISLANDS} guardian islands (seed \"Setup\" 2), "
              f"got {kinds['guardian']}")
        if corners != CORNER_ISLANDS:
            p(f"islands: {CORNER_ISLANDS} task islands are corners (seed \"Setup\" 1), got {corners}")
        for players, expected in TASK_DISCS_ON_BOARD.items():
            corner, other = TASK_DISCS_PER_ISLAND[players]
            held = corners * corner + (kinds["task"] - corners) * other
            if held != expected:
                p(f"islands: with {players} players the task islands hold {held} task discs at setup, the seed "
                  f"says {expected} (seed \"Setup\" 1: {corner} on a corner island, {other} on another)")
        missing = [g for g in guardians if g not in guarded]
        if missing:
            p(f"islands: no guardian island for {', '.join(missing)}; each guardian colour has its island")

        currents: list[tuple[str, str]] = []
        joined: dict[frozenset[str], int] = {}
        for k, (a, b) in enumerate(parsed.currents):
            where = f"currents[{k}]"
            ok_a, ok_b = known(a, islands, "island", where), known(b, islands, "island", where)
            if not (ok_a and ok_b):
                continue
            if a == b:
                p(f"{where}: a current joins two different islands, got {a} twice")
                continue
            pair = frozenset((a, b))
            if pair in joined:
                p(f"{where}: {a} and {b} are already joined by currents[{joined[pair]}]")
                continue
            joined[pair] = k
            currents.append((a, b))
        if islands:
            reached = _reach(next(iter(islands)), currents)
            cut_off = [i for i in islands if i not in reached]
            if cut_off:
                p(f"currents: no current leads to {', '.join(cut_off)} from {next(iter(islands))}; every island "
                  f"must be reachable")

        # ---- conditions ----------------------------------------------------------------------------------
        fa = parsed.fate_area
        maxima = {k: kind.most for k, kind in CONDITION_KINDS.items()}
        maxima["fate_group"] = fa.rows * fa.cols
        maxima["covered_symbols"] = len(fa.squares)
        refs = {"colour": (colours, "colour"), "resource": (resources, "resource"), "action": (actions, "action type")}

        def condition(c: _ConditionFile, where: str, *, most: Mapping[str, int | None] = maxima) -> Condition:
            kind = CONDITION_KINDS.get(c.kind)
            given = {name: getattr(c, name) for name in refs if getattr(c, name) is not None}
            if kind is None:
                p(f"{where}: unknown condition kind {c.kind!r}; expected one of {', '.join(CONDITION_KINDS)}")
            else:
                for name, value in given.items():
                    if name != kind.param:
                        takes = f"takes only {kind.param}" if kind.param else "takes no parameter"
                        p(f"{where}: condition {c.kind} {takes}, got {name} {value!r}")
                    else:
                        table, label = refs[name]
                        known(value, table, label, f"{where}.{name}")
                if kind.required and kind.param not in given:
                    p(f"{where}: condition {c.kind} needs a {kind.param}")
                top = most.get(c.kind)
                if top is not None and c.at_least > top:
                    p(f"{where}: condition {c.kind} can never be met: at_least {c.at_least}, but the components "
                      f"allow at most {top}")
            return Condition(c.kind, c.at_least, c.colour, c.resource, c.action)

        task_max = dict(maxima, lit_bonfires=BONFIRES - 1)
        task_discs: dict[str, TaskDisc] = {}
        for k, t in enumerate(parsed.task_discs):
            where = f"task_discs[{k}] ({t.id})"
            if t.id in task_discs:
                p(f"{where}: id {t.id!r} is used twice")
                continue
            if t.level not in TASK_LEVELS:
                p(f"{where}: level is 1, 2 or 3 (sources A.2), got {t.level}")
            known(t.colour, colours, "colour", where)
            if not TASK_POINTS[0] <= t.points <= TASK_POINTS[1]:
                p(f"{where}: a task disc scores {TASK_POINTS[0]}-{TASK_POINTS[1]} points (seed \"Pontuação "
                  f"final\"), got {t.points}")
            task_discs[t.id] = TaskDisc(t.id, t.level, t.colour, t.points,
                                        condition(t.condition, f"{where}.condition", most=task_max))
        if len(parsed.task_discs) != TASK_DISCS:
            p(f"task_discs: the game has {TASK_DISCS} task discs (sources A.2), got {len(parsed.task_discs)}")
        unused = [c for c in colours if c not in {t.colour for t in task_discs.values()}]
        if unused and task_discs:
            p(f"task_discs: no disc of colour {', '.join(unused)}; task discs come in every colour")
        points_by_level = {lv: [t.points for t in task_discs.values() if t.level == lv] for lv in TASK_LEVELS}
        for lower, higher in itertools.pairwise(TASK_LEVELS):
            if points_by_level[lower] and points_by_level[higher] and \
                    max(points_by_level[lower]) >= min(points_by_level[higher]):
                p(f"task_discs: harder discs score more (sources A.2): level {higher} discs score from "
                  f"{min(points_by_level[higher])}, level {lower} discs up to {max(points_by_level[lower])}")

        # ---- gnomes --------------------------------------------------------------------------------------
        gnome_ids: dict[str, str] = {}
        specialists: dict[str, Specialist] = {}
        elders: dict[str, Elder] = {}
        for section, rows in (("specialists", parsed.specialists), ("elders", parsed.elders)):
            for k, g in enumerate(rows):
                where = f"{section}[{k}] ({g.id})"
                if g.id in gnome_ids:
                    p(f"{where}: id {g.id!r} is already used by {gnome_ids[g.id]}; gnome ids are unique over "
                      f"specialists and elders")
                    continue
                gnome_ids[g.id] = where
                known(g.resource, resources, "resource", where)
                if section == "specialists":
                    known(g.guardian, guardians, "guardian colour", where)
                    specialists[g.id] = Specialist(g.id, g.name, g.resource, g.ability, g.guardian, g.source)
                else:
                    elders[g.id] = Elder(g.id, g.name, g.resource, g.points)
        if len(parsed.specialists) != SPECIALISTS:
            p(f"specialists: the game has the {SPECIALISTS} specialists of sources A.5, got {len(parsed.specialists)}")
        gold = sum(s.resource == WILD_RESOURCE for s in parsed.specialists)
        if gold != GOLD_SPECIALISTS:
            p(f"specialists: {GOLD_SPECIALISTS} specialists show {WILD_RESOURCE} (sources A.2, the solo rules), "
              f"got {gold}")
        for section, shown in GNOMES_ON_DISPLAY.items():
            listed = parsed.specialists if section == "specialist" else parsed.elders
            if len(listed) < shown:
                p(f"{section}s: {shown} {section}s go on display (seed \"Setup\" 4), got only {len(listed)}")

        # ---- boards --------------------------------------------------------------------------------------
        fate_tiles = []
        for k, f in enumerate(_unique(parsed.fate_tiles, "fate_tiles", problems).values()):
            if len(f.symbols) != FATE_SYMBOLS:
                p(f"fate_tiles[{k}] ({f.id}): a fate tile shows {FATE_SYMBOLS} action symbols (sources A.3), "
                  f"got {len(f.symbols)}")
            for j, s in enumerate(f.symbols):
                known(s, actions, "action type", f"fate_tiles[{k}] ({f.id}).symbols[{j}]")
            fate_tiles.append(FateTile(f.id, tuple(f.symbols)))
        if len(parsed.fate_tiles) != FATE_TILES:
            p(f"fate_tiles: each player has {FATE_TILES} fate tiles (seed \"Setup\" D), got {len(parsed.fate_tiles)}")

        if (fa.rows, fa.cols) != FATE_AREA:
            p(f"fate_area: the fate area is {FATE_AREA[0]} x {FATE_AREA[1]} (DECISIONS, Bonfire), "
              f"got {fa.rows} x {fa.cols}")

        def inside(rc: tuple[int, int]) -> bool:
            return 1 <= rc[0] <= fa.rows and 1 <= rc[1] <= fa.cols

        step = (0, 1) if fa.start.direction == "across" else (1, 0)
        start = tuple((fa.start.at[0] + step[0] * n, fa.start.at[1] + step[1] * n) for n in range(FATE_SYMBOLS))
        if not all(inside(rc) for rc in start):
            p(f"fate_area.start: a fate tile {fa.start.direction} from {list(fa.start.at)} leaves the "
              f"{fa.rows} x {fa.cols} fate area")
        printed: dict[tuple[int, int], PrintedSquare] = {}
        for k, sq in enumerate(fa.squares):
            where = f"fate_area.squares[{k}]"
            rc = (sq.at[0], sq.at[1])
            gain = _gain(_GainFile(resource=sq.resource, action=sq.action), where, p, known, resources, actions,
                         allow_points=False, allow_any=False)
            if not inside(rc):
                p(f"{where}: {list(rc)} is outside the {fa.rows} x {fa.cols} fate area")
            elif rc in printed:
                p(f"{where}: square {list(rc)} is already printed")
            elif rc in start:
                p(f"{where}: square {list(rc)} lies under the starting fate tile")
            elif gain is not None:
                printed[rc] = PrintedSquare(rc, gain)
        fate_area = FateArea(fa.rows, fa.cols, start, fa.start.direction, MappingProxyType(printed))

        pb = parsed.player_board
        bonfires = []
        for k, b in enumerate(pb.bonfires):
            where = f"player_board.bonfires[{k}]"
            if b.id != k:
                p(f"{where}: the bonfires are numbered 0-{BONFIRES - 1} from left to right, got id {b.id}")
            if not GUARDIAN_POINTS[0] <= b.guardian_points <= GUARDIAN_POINTS[1]:
                p(f"{where}: a guardian space is worth {GUARDIAN_POINTS[0]}-{GUARDIAN_POINTS[1]} points "
                  f"(seed \"Pontuação final\"), got {b.guardian_points}")
            known(b.portal, symbols, "portal symbol", where)
            bonfires.append(Bonfire(b.id, b.guardian_points, b.portal))
        if len(pb.bonfires) != BONFIRES:
            p(f"player_board.bonfires: a player board has {BONFIRES} bonfires, got {len(pb.bonfires)}")
        known(pb.start_tile.resource, resources, "resource", "player_board.start_tile")
        slots = []
        for k, s in enumerate(pb.path_slots):
            where = f"player_board.path_slots[{k}]"
            if s.id != k + 1:
                p(f"{where}: the path slots are numbered 1-{MAX_PATH_TILES} in building order, got id {s.id}")
            if k < len(PATH_COSTS) and s.cost != PATH_COSTS[k]:
                p(f"{where}: path tile {k + 1} costs {PATH_COSTS[k]} path action tile(s) (seed \"Caminho\"), "
                  f"got {s.cost}")
            slots.append(PathSlot(s.id, s.cost, s.bonfire))
        if len(pb.path_slots) != MAX_PATH_TILES:
            p(f"player_board.path_slots: a path holds {MAX_PATH_TILES} path tiles after the starting tile "
              f"(sources A.4), got {len(pb.path_slots)}")
        beside: dict[int, str] = {}
        ids = {b.id for b in pb.bonfires}
        for where, bonfire in [("player_board.start_tile", pb.start_tile.bonfire)] + \
                [(f"player_board.path_slots[{k}]", s.bonfire) for k, s in enumerate(pb.path_slots)]:
            if bonfire not in ids:
                p(f"{where}: unknown bonfire {bonfire!r}; the bonfires are {', '.join(map(str, sorted(ids)))}")
            elif bonfire in beside:
                p(f"{where}: bonfire {bonfire} is already beside {beside[bonfire]}; each bonfire has one "
                  f"stretch of path beside it")
            else:
                beside[bonfire] = where
        lonely = sorted(ids - set(beside))
        if lonely and len(pb.path_slots) + 1 == len(ids):
            p(f"player_board: bonfires {', '.join(map(str, lonely))} have no path beside them")
        player_board = PlayerBoard(pb.start_tile.resource, pb.start_tile.bonfire, tuple(slots), tuple(bonfires))

        gb = parsed.great_bonfire
        spaces = _unique(gb.spaces, "great_bonfire.spaces", problems)
        for k, s in enumerate(gb.spaces):
            known(s.action, actions, "action type", f"great_bonfire.spaces[{k}] ({s.id})")
            known(s.resource, resources, "resource", f"great_bonfire.spaces[{k}] ({s.id})")
        if len(gb.spaces) != GREAT_BONFIRE_SPACES:
            p(f"great_bonfire.spaces: the Great Bonfire has {GREAT_BONFIRE_SPACES} spaces (seed \"Setup\" 5), "
              f"got {len(gb.spaces)}")
        if gb.pointer_start != POINTER_START:
            p(f"great_bonfire.pointer_start: the pointer starts facing {POINTER_START} (seed \"Setup\" 6), "
              f"got {gb.pointer_start!r}")
        elif gb.pointer_start not in spaces:
            p(f"great_bonfire.pointer_start: no space {gb.pointer_start!r}; expected one of {', '.join(spaces)}")
        great_bonfire = GreatBonfire(gb.pointer_start, tuple(GreatBonfireSpace(s.id, s.action, s.resource)
                                                             for s in gb.spaces))

        seats: dict[str, CouncilSeat] = {}
        for k, seat in enumerate(parsed.council_seats):
            where = f"council_seats[{k}] ({seat.id})"
            if seat.id in seats:
                p(f"{where}: id {seat.id!r} is used twice")
                continue
            gains = [_gain(g, f"{where}.bonus[{j}]", p, known, resources, actions) for j, g in enumerate(seat.bonus)]
            seats[seat.id] = CouncilSeat(seat.id, tuple(g for g in gains if g is not None))
        if len(parsed.council_seats) != COUNCIL_SEATS:
            p(f"council_seats: the council has {COUNCIL_SEATS} seats (seed \"Atear um Bonfire\"), "
              f"got {len(parsed.council_seats)}")

        common: dict[str, CommonTask] = {}
        all_bonfires = []
        for k, t in enumerate(parsed.common_tasks):
            where = f"common_tasks[{k}] ({t.id})"
            if t.id in common:
                p(f"{where}: id {t.id!r} is used twice")
                continue
            cond = condition(t.condition, f"{where}.condition")
            is_all = cond.kind == "lit_bonfires" and cond.at_least == BONFIRES
            all_bonfires += [t.id] if is_all else []
            expected = COMMON_TASK_ALL_BONFIRES_POINTS if is_all else COMMON_TASK_POINTS
            if t.points != expected:
                p(f"{where}: this common task scores {expected} (seed \"Pontuação final\"), got {t.points}")
            common[t.id] = CommonTask(t.id, t.name, t.points, cond)
        if len(parsed.common_tasks) != COMMON_TASKS:
            p(f"common_tasks: there are {COMMON_TASKS} common tasks (seed \"Setup\" 8), got {len(parsed.common_tasks)}")
        if len(all_bonfires) != 1:
            p(f"common_tasks: exactly one common task asks for all {BONFIRES} bonfires lit (seed \"Pontuação "
              f"final\"), got {len(all_bonfires)}")

        glossary = {t.term: Term(t.term, t.term_pt, t.note)
                    for t in _unique(parsed.glossary, "glossary", problems, key="term").values()}

        if problems:
            raise InvalidData(what, problems)
        return cls(MappingProxyType(dict(parsed.sources)), MappingProxyType(resources), MappingProxyType(actions),
                   MappingProxyType(guardians), MappingProxyType(colours), tuple(parsed.player_colours),
                   MappingProxyType(path_tiles), MappingProxyType(symbols), parsed.portals.per_symbol,
                   MappingProxyType(dict(parsed.offering_discs)), tuple(parsed.countdown), MappingProxyType(islands),
                   tuple(currents), MappingProxyType(task_discs), MappingProxyType(specialists),
                   MappingProxyType(elders), tuple(fate_tiles), fate_area, player_board, great_bonfire,
                   MappingProxyType(seats), MappingProxyType(common), MappingProxyType(glossary))

    @classmethod
    def from_files(cls, paths: Iterable[str | Path]) -> Components:
        """The components from part files (YAML or JSON), merged as the module docstring says.

        Raises:
            InvalidData: listing every problem: files missing or unreadable, headers wrong, a part or a section
                given twice, an unknown section, and whatever :meth:`from_dict` finds in the merged data.
        """
        if isinstance(paths, (str, Path)):
            paths = [paths]  # one file holding every part
        elif not isinstance(paths, Iterable):
            raise InvalidData("Bonfire components", [f"expected a list of file paths, got {type(paths).__name__}"])
        problems: list[str] = []
        merged: dict[str, Any] = {"format": FORMAT, "format_version": FORMAT_VERSION, "sources": {}}
        given: dict[str, str] = {}
        for path in paths:
            if not isinstance(path, (str, Path)):
                problems.append(f"expected a file path, got {type(path).__name__}")
                continue
            name = Path(path).name
            try:
                data = read_data_file(path)
            except InvalidData as err:
                problems += [f"{name}: {q}" for q in err.problems]
                continue
            if not isinstance(data, dict):
                problems.append(f"{name}: expected a mapping of fields, got {type(data).__name__}")
                continue
            header = {k: data[k] for k in ("format", "format_version", "part", "source") if k in data}
            try:
                part = validate(_PartHeader, header, what=name).part
            except InvalidData as err:
                problems += [f"{name}: {q}" for q in err.problems]
                part = data.get("part") if isinstance(data.get("part"), str) else name
            if part in merged["sources"]:
                problems.append(f"{name}: part {part!r} is given twice")
            if isinstance(data.get("source"), str):
                merged["sources"][part] = data["source"]
            for key, value in data.items():
                if key in header:
                    continue
                if key not in _SECTIONS:
                    problems.append(f"{name}: unknown section {key!r}; the sections are {', '.join(_SECTIONS)}")
                elif key in given:
                    problems.append(f"{name}: section {key!r} is already given in {given[key]}")
                else:
                    given[key] = name
                    merged[key] = value
        try:
            components = cls.from_dict(merged, what="Bonfire components")
        except InvalidData as err:
            problems += list(err.problems)
        if problems:
            raise InvalidData("Bonfire component files", problems)
        return components

    @classmethod
    def from_file(cls, path: str | Path) -> Components:
        """The components from one file holding the merged data (as :meth:`to_dict` writes it).

        Raises:
            InvalidData: for a missing or malformed file, or components that do not validate.
        """
        return cls.from_dict(read_data_file(path), what=f"Bonfire components file {path}")

    @staticmethod
    @functools.cache
    def default() -> Components:
        """The shipped components (``data/<part>.yaml`` for every part of :data:`PARTS`), loaded once.

        >>> Components.default() is Components.default(), sorted(Components.default().sources)
        (True, ['boards', 'glossary', 'gnomes', 'islands', 'supply', 'tasks'])
        """
        return Components.from_files(DATA / f"{part}.yaml" for part in PARTS)

    def to_dict(self) -> dict[str, Any]:
        """The components in the merged file format (``Components.from_dict(c.to_dict())`` gives components with
        the same ``to_dict()``; components compare by identity; optional fields at their default are left out).

        >>> data = Components.default().to_dict()
        >>> data["format"], data["countdown"], data["path_tiles"]["yellow"][:2]
        ('bonfire-components', [5, 4, 3, 2, 1], ['gold', 'gold'])
        """
        path_tiles: dict[str, list[str]] = {}
        for tile in self.path_tiles.values():
            path_tiles.setdefault(tile.colour, []).append(tile.resource)
        fa = self.fate_area
        squares = []
        for sq in fa.squares.values():
            squares.append({"at": list(sq.at), sq.gain.kind: sq.gain.item})
        return {
            "format": FORMAT,
            "format_version": FORMAT_VERSION,
            "sources": dict(self.sources),
            "resources": [_optional({"id": r.id, "name": r.name}, wild=r.wild, term_pt=r.term_pt)
                          for r in self.resources.values()],
            "action_types": [_optional({"id": a.id, "name": a.name, "colour": a.colour, "supply": a.supply,
                                        "action": a.action}, wild=a.wild, term_pt=a.term_pt)
                             for a in self.action_types.values()],
            "guardians": [_optional({"id": g.id, "name": g.name, "count": g.count}, term_pt=g.term_pt)
                          for g in self.guardians.values()],
            "colours": [_optional({"id": c.id, "name": c.name}, term_pt=c.term_pt) for c in self.colours.values()],
            "player_colours": list(self.player_colours),
            "path_tiles": path_tiles,
            "portals": {"per_symbol": self.portals_per_symbol,
                        "symbols": [{"id": s.id, "name": s.name} for s in self.portal_symbols.values()]},
            "offering_discs": dict(self.offering_discs),
            "countdown": list(self.countdown),
            "islands": [_optional({"id": i.id, "name": i.name, "kind": i.kind}, resource=i.resource,
                                  guardian=i.guardian, corner=i.corner) | {"pos": list(i.pos)}
                        for i in self.islands.values()],
            "currents": [list(c) for c in self.currents],
            "task_discs": [{"id": t.id, "level": t.level, "colour": t.colour, "points": t.points,
                            "condition": t.condition.to_dict()} for t in self.task_discs.values()],
            "specialists": [_optional({"id": s.id, "name": s.name, "resource": s.resource}, guardian=s.guardian,
                                      source=s.source) | {"ability": s.ability}
                            for s in self.specialists.values()],
            "elders": [{"id": e.id, "name": e.name, "resource": e.resource, "points": e.points}
                       for e in self.elders.values()],
            "fate_tiles": [{"id": f.id, "symbols": list(f.symbols)} for f in self.fate_tiles],
            "fate_area": {"rows": fa.rows, "cols": fa.cols,
                          "start": {"at": list(fa.start[0]), "direction": fa.direction}, "squares": squares},
            "player_board": {
                "start_tile": {"resource": self.player_board.start_resource,
                               "bonfire": self.player_board.start_bonfire},
                "path_slots": [{"id": s.id, "cost": s.cost, "bonfire": s.bonfire}
                               for s in self.player_board.path_slots],
                "bonfires": [{"id": b.id, "guardian_points": b.guardian_points, "portal": b.portal}
                             for b in self.player_board.bonfires]},
            "great_bonfire": {"pointer_start": self.great_bonfire.pointer_start,
                              "spaces": [{"id": s.id, "action": s.action, "resource": s.resource}
                                         for s in self.great_bonfire.spaces]},
            "council_seats": [{"id": s.id, "bonus": [g.to_dict() for g in s.bonus]}
                              for s in self.council_seats.values()],
            "common_tasks": [{"id": t.id, "name": t.name, "points": t.points, "condition": t.condition.to_dict()}
                             for t in self.common_tasks.values()],
            "glossary": [_optional({"term": t.term, "term_pt": t.term_pt}, note=t.note)
                         for t in self.glossary.values()],
        }

    # ---- questions ------------------------------------------------------------------------------------------
    def _island(self, island: str) -> Island:
        try:
            return self.islands[island]
        except (KeyError, TypeError):
            raise KeyError(f"unknown island {island!r}") from None

    def neighbours(self, island: str) -> tuple[str, ...]:
        """The islands one current away from ``island``, in the order the currents are listed.

        Raises:
            KeyError: for an unknown island.
        """
        self._island(island)
        return tuple(b if a == island else a for a, b in self.currents if island in (a, b))

    def distance(self, a: str, b: str) -> int:
        """The fewest currents a boat follows from island ``a`` to island ``b`` (0 for the same island).

        >>> Components.default().distance("rose_rock", "azure_point")
        3

        Raises:
            KeyError: for an unknown island.
        """
        self._island(a), self._island(b)
        return _reach(a, self.currents)[b]

    def task_discs_on(self, island: str, players: int) -> int:
        """Task discs put on ``island`` at setup with ``players`` players (0 on a guardian island; seed "Setup" 1).

        >>> c = Components.default()
        >>> c.task_discs_on("emberholm", 3), c.task_discs_on("mossbank", 3), c.task_discs_on("rose_rock", 4)
        (2, 3, 0)

        Raises:
            KeyError: for an unknown island.
            ValueError: for a player count outside 2-4.
        """
        i = self._island(island)
        corner, other = TASK_DISCS_PER_ISLAND[_players(players)]
        return 0 if i.kind != "task" else corner if i.corner else other

    def task_discs_on_board(self, players: int) -> int:
        """Task discs on the board at setup with ``players`` players (20, 26 or 30; seed "Setup" 1).

        Raises:
            ValueError: for a player count outside 2-4.
        """
        _players(players)
        return sum(self.task_discs_on(i, players) for i in self.islands)

    def portals_in_play(self, players: int) -> int:
        """Portals used with ``players`` players: all 28, less one of each symbol with 2 players (seed "Setup" 5).

        >>> Components.default().portals_in_play(2), Components.default().portals_in_play(3)
        (21, 28)

        Raises:
            ValueError: for a player count outside 2-4.
        """
        removed = len(self.portal_symbols) if _players(players) <= 2 else 0
        return len(self.portal_symbols) * self.portals_per_symbol - removed

    @staticmethod
    def novices_to_end(players: int) -> int:
        """Novices in the council that start the countdown with ``players`` players (seed "Fim do jogo").

        >>> Components.novices_to_end(2), Components.novices_to_end(4)
        (7, 13)

        Raises:
            ValueError: for a player count outside 2-4.
        """
        return END_TRIGGER[_players(players)]

    @property
    def fate_stack(self) -> tuple[FateTile, ...]:
        """The 7 fate tiles on the action summary board at the start, top to bottom."""
        return self.fate_tiles[:FATE_STACK]

    @property
    def spare_fate_tile(self) -> FateTile:
        """The 8th fate tile, kept in front of the player; it may become the starting tile (seed "Setup" E)."""
        return self.fate_tiles[FATE_STACK]


def _gain(g: _GainFile, where: str, p: Any, known: Any, resources: Mapping[str, Resource],
          actions: Mapping[str, ActionType], *, allow_points: bool = True, allow_any: bool = True) -> Gain | None:
    """The :class:`Gain` a file entry describes, or ``None`` after noting its problems."""
    given = [k for k in ("points", "resource", "action") if getattr(g, k) is not None]
    if not allow_points and "points" in given:
        given.remove("points")
    if len(given) != 1:
        choices = "points, resource or action" if allow_points else "resource or action"
        p(f"{where}: give exactly one of {choices}, got {', '.join(given) or 'none'}")
        return None
    kind = given[0]
    if kind == "points":
        if g.count != 1:
            p(f"{where}: count goes with a resource or an action tile, not with points")
        return Gain("points", None, g.points)
    table = resources if kind == "resource" else actions
    ok = known(getattr(g, kind), table, "resource" if kind == "resource" else "action type", where,
               allow_any=allow_any)
    return Gain(kind, getattr(g, kind), g.count) if ok else None


def _reach(start: str, currents: Iterable[tuple[str, str]]) -> dict[str, int]:
    """The islands reachable from ``start`` along ``currents``, with their distance in currents."""
    links: dict[str, list[str]] = {}
    for a, b in currents:
        links.setdefault(a, []).append(b)
        links.setdefault(b, []).append(a)
    seen = {start: 0}
    queue = deque([start])
    while queue:
        here = queue.popleft()
        for there in links.get(here, ()):
            if there not in seen:
                seen[there] = seen[here] + 1
                queue.append(there)
    return seen
