"""Stony tic-tac-toe: a tiny test-only game that exercises the whole engine contract (not shipped).

Facts: 2 players (X, O); an N×N grid (default 3); chance decides who starts (a fair coin) and, after every
mark, whether the wind drops a neutral stone on an empty cell (probability 1/2, the cell uniform).
A player wins with a full row, column or diagonal of their marks; the game is drawn when the grid is full.

Notation: ``b2`` (column letter, row number from 1), ``first X``, ``calm``, ``stone b2``.
"""

from __future__ import annotations

import dataclasses
from dataclasses import dataclass, field
from fractions import Fraction
from typing import Any, ClassVar

from explorer.core import (Event, GameState, IllegalAction, InvalidData, NotationError, Note, Rng, Rule,
                           RuleTable, ScoreBreakdown, new_seed)

VERSION = "1"
PLAYERS = ("X", "O")
MIN_SIZE, MAX_SIZE = 3, 6
STONE_CHANCE = Fraction(1, 2)

RULES = RuleTable([
    Rule("toy.setup.first", "Who starts", "A coin decides which player marks first.", "toy rules §1"),
    Rule("toy.place.empty", "Mark an empty cell", "On your turn put your mark on an empty cell.",
         "toy rules §2", term_pt="casa vazia"),
    Rule("toy.wind.stone", "The wind drops a stone",
         "After each mark, half the time a neutral stone lands on a random empty cell.", "toy rules §3"),
    Rule("toy.end.line", "A line wins", "A full row, column or diagonal of one player's marks wins.",
         "toy rules §4"),
    Rule("toy.end.full", "A full grid is a draw", "When no cell is empty and nobody has a line, nobody wins.",
         "toy rules §4"),
    Rule("toy.assume.stone-blocks", "Stones block lines (assumption)",
         "A stone belongs to nobody, so no line through it can be completed.", "our decision"),
])


# ---- actions ------------------------------------------------------------------------------------------
def cell_name(cell: tuple[int, int]) -> str:
    col, row = cell
    return f"{'abcdef'[col]}{row + 1}"


def parse_cell(text: str, size: int) -> tuple[int, int]:
    text = text.strip().lower()
    if len(text) != 2 or text[0] not in "abcdef"[:size] or text[1] not in "123456"[:size]:
        raise NotationError(f"{text!r} is not a cell of a {size}x{size} grid (try a1..{cell_name((size-1, size-1))})")
    return ("abcdef".index(text[0]), int(text[1]) - 1)


@dataclass(frozen=True, order=True)
class Place:
    cell: tuple[int, int]

    def __str__(self) -> str:
        return cell_name(self.cell)


@dataclass(frozen=True, order=True)
class FirstPlayer:
    player: str

    def __str__(self) -> str:
        return f"first {self.player}"


@dataclass(frozen=True, order=True)
class Calm:
    def __str__(self) -> str:
        return "calm"


@dataclass(frozen=True, order=True)
class Stone:
    cell: tuple[int, int]

    def __str__(self) -> str:
        return f"stone {cell_name(self.cell)}"


# ---- events -------------------------------------------------------------------------------------------
@dataclass(frozen=True)
class Marked(Event):
    rule: ClassVar[Rule] = RULES["toy.place.empty"]
    player: str
    cell: str

    def describe(self) -> str:
        return f"{self.player} marks {self.cell}"


@dataclass(frozen=True)
class StoneDropped(Event):
    rule: ClassVar[Rule] = RULES["toy.wind.stone"]
    cell: str

    def describe(self) -> str:
        return f"the wind drops a stone on {self.cell}"


# ---- state --------------------------------------------------------------------------------------------
@dataclass(frozen=True)
class State(GameState):
    game: ClassVar[str] = "toy"
    RULES: ClassVar[RuleTable] = RULES
    size: int
    cells: tuple[str, ...]          # row-major, "" empty, "X"/"O" marks, "#" stone
    to_move: str | None             # None before the coin toss
    phase: str                      # "coin", "mark", "wind", "over"
    rng: Rng
    stones: bool = True
    events: tuple[Event, ...] = field(default=(), compare=False)

    players: ClassVar[tuple[str, ...]] = PLAYERS

    def at(self, cell: tuple[int, int]) -> str:
        return self.cells[cell[1] * self.size + cell[0]]

    def empty_cells(self) -> list[tuple[int, int]]:
        return [(i % self.size, i // self.size) for i, v in enumerate(self.cells) if v == ""]

    def winner(self) -> str | None:
        n = self.size
        lines = [[(c, r) for c in range(n)] for r in range(n)] + [[(c, r) for r in range(n)] for c in range(n)]
        lines += [[(i, i) for i in range(n)], [(i, n - 1 - i) for i in range(n)]]
        for line in lines:
            marks = {self.at(cell) for cell in line}
            if len(marks) == 1 and marks <= {"X", "O"}:
                return marks.pop()
        return None

    @property
    def is_terminal(self) -> bool:
        return self.phase == "over"

    @property
    def is_chance_node(self) -> bool:
        return self.phase in ("coin", "wind")

    @property
    def current_player(self) -> str | None:
        return self.to_move if self.phase == "mark" else None

    def chance_outcomes(self) -> list[tuple[Any, Fraction]]:
        if self.phase == "coin":
            return [(FirstPlayer(p), Fraction(1, 2)) for p in PLAYERS]
        if self.phase == "wind":
            empty = self.empty_cells()
            per_cell = STONE_CHANCE / len(empty)
            return [(Calm(), 1 - STONE_CHANCE)] + [(Stone(c), per_cell) for c in empty]
        return []

    def _legal_actions(self) -> list[Place]:
        return [Place(c) for c in sorted(self.empty_cells(), key=lambda c: (c[1], c[0]))]

    def why_illegal(self, action: Any) -> IllegalAction | None:
        if not isinstance(action, Place):
            return super().why_illegal(action)
        occupant = self.at(action.cell)
        if occupant:
            what = "a stone" if occupant == "#" else f"{occupant}'s mark"
            return IllegalAction(RULES["toy.place.empty"], f"{action} already holds {what}", action=action)
        return None

    def _with(self, cell: tuple[int, int], value: str) -> tuple[str, ...]:
        cells = list(self.cells)
        cells[cell[1] * self.size + cell[0]] = value
        return tuple(cells)

    def _apply(self, action: Any) -> tuple["State", list[Event]]:
        if isinstance(action, FirstPlayer):
            return dataclasses.replace(self, to_move=action.player, phase="mark"), [
                Note(rule=RULES["toy.setup.first"], text=f"{action.player} starts")]
        if isinstance(action, Place):
            after = dataclasses.replace(self, cells=self._with(action.cell, self.to_move))
            events: list[Event] = [Marked(self.to_move, str(action))]
            return after._settle(events, mover=self.to_move)
        if isinstance(action, (Calm, Stone)):
            after = self if isinstance(action, Calm) else dataclasses.replace(
                self, cells=self._with(action.cell, "#"))
            events = [] if isinstance(action, Calm) else [StoneDropped(cell_name(action.cell))]
            return after._settle(events, mover=None)
        raise TypeError(f"not a toy action: {action!r}")

    def _settle(self, events: list[Event], mover: str | None) -> tuple["State", list[Event]]:
        winner = self.winner()
        if winner:
            events.append(Note(rule=RULES["toy.end.line"], text=f"{winner} completes a line and wins"))
            return dataclasses.replace(self, phase="over", to_move=None), events
        if not self.empty_cells():
            events.append(Note(rule=RULES["toy.end.full"], text="the grid is full: a draw"))
            return dataclasses.replace(self, phase="over", to_move=None), events
        if mover is not None:
            nxt = PLAYERS[1 - PLAYERS.index(mover)]
            return dataclasses.replace(self, to_move=nxt, phase="wind" if self.stones else "mark"), events
        return dataclasses.replace(self, phase="mark"), events

    def parse_action(self, text: str) -> Any:
        words = text.strip().lower().split()
        if words == ["calm"]:
            return Calm()
        if len(words) == 2 and words[0] == "first" and words[1].upper() in PLAYERS:
            return FirstPlayer(words[1].upper())
        if len(words) == 2 and words[0] == "stone":
            return Stone(parse_cell(words[1], self.size))
        if len(words) == 1:
            return Place(parse_cell(words[0], self.size))
        raise NotationError(f"cannot read {text!r} as a toy action (examples: b2, first X, calm, stone a1)")

    def scores(self) -> dict[str, ScoreBreakdown]:
        winner = self.winner()
        return {p: ScoreBreakdown({"line": int(winner == p), "marks": self.cells.count(p)}) for p in PLAYERS}

    def to_dict(self) -> dict[str, Any]:
        rows = ["".join(v or "." for v in self.cells[r * self.size:(r + 1) * self.size]) for r in range(self.size)]
        return {"game": "toy", "size": self.size, "rows": rows, "to_move": self.to_move, "phase": self.phase,
                "stones": self.stones, "seed": self.rng.seed, "draws": self.rng.draws}

    @classmethod
    def from_dict(cls, d: dict[str, Any], board: Any = None) -> "State":
        if not isinstance(d, dict):
            raise InvalidData("toy position", [f"expected a JSON object, got {type(d).__name__}"])
        problems = []
        size = d.get("size")
        if not isinstance(size, int) or not MIN_SIZE <= size <= MAX_SIZE:
            problems.append(f"size: expected {MIN_SIZE}..{MAX_SIZE}, got {size!r}")
            size = 3
        rows = d.get("rows")
        if not isinstance(rows, list) or len(rows) != size or any(
                not isinstance(r, str) or len(r) != size or set(r) - set(".XO#") for r in rows):
            problems.append(f"rows: expected {size} strings of {size} characters from '.XO#', got {rows!r}")
            rows = ["." * size] * size
        if d.get("phase") not in ("coin", "mark", "wind", "over"):
            problems.append(f"phase: expected coin, mark, wind or over, got {d.get('phase')!r}")
        if d.get("to_move") not in (*PLAYERS, None):
            problems.append(f"to_move: expected X, O or null, got {d.get('to_move')!r}")
        try:
            rng = Rng(d.get("seed"), d.get("draws", 0))
        except ValueError as err:
            problems.append(f"seed/draws: {err}")
            rng = Rng(0)
        if not isinstance(d.get("stones", True), bool):
            problems.append(f"stones: expected true or false, got {d.get('stones')!r}")
        if problems:
            raise InvalidData("toy position", problems)
        cells = tuple("" if ch == "." else ch for row in rows for ch in row)
        state = cls(size=size, cells=cells, to_move=d["to_move"], phase=d["phase"], rng=rng,
                    stones=d.get("stones", True))
        over = state.winner() is not None or not state.empty_cells()
        if (d["phase"] == "over") != over:
            problems.append(f"phase: {d['phase']!r} does not fit the grid (a line or a full grid ends the game)")
        if (d["phase"] in ("mark", "wind")) != (d["to_move"] is not None):
            problems.append("to_move: names the next player in the 'mark' and 'wind' phases only")
        if problems:
            raise InvalidData("toy position", problems)
        return state

    def __str__(self) -> str:
        return "\n".join(self.to_dict()["rows"])


def new_game(players: int = 2, seed: int | None = None, *, size: int = 3, stones: bool = True) -> State:
    """A new toy game with the coin toss resolved from ``seed``.

    Raises:
        ValueError: for a player count other than 2 or a size outside 3..6.
    """
    if players != 2:
        raise ValueError(f"stony tic-tac-toe is for 2 players, got {players}")
    if not isinstance(size, int) or not MIN_SIZE <= size <= MAX_SIZE:
        raise ValueError(f"size must be {MIN_SIZE}..{MAX_SIZE}, got {size!r}")
    if not isinstance(stones, bool):
        raise ValueError(f"stones must be true or false, got {stones!r}")
    seed = new_seed() if seed is None else seed
    start = State(size=size, cells=("",) * size * size, to_move=None, phase="coin", rng=Rng(seed),
                  stones=stones)
    return start.resolve_chance()


def parse_action(state: State, text: str) -> Any:
    """Read a toy action's notation in ``state``."""
    return state.parse_action(text)


Action = Place | FirstPlayer | Calm | Stone
