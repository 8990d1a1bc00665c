"""Spaces and edges in the board's words (issue 18): what the player reads on the drawn building.

The notation names a space ``"3,4"`` (``"second:2,1"`` on another floor) and an edge ``"1,3|1,4"``; the board
prints neither. It prints each floor's row numbers (the red die, left of the floor) and column numbers (the black
die, above it), and the outside ring around a floor is unnumbered. So a player reads:

* an inside space as ``"row 3, column 4"`` (the column the board prints: on a second floor whose black-die columns
  are 5-8, its first column is ``"column 5"``);
* an outside space by the numbered row or column beside it: ``"the outside square above column 4"``, ``"... left of
  row 2"``; a corner as ``"the outside corner top left"``;
* an edge by the squares it parts: ``"the edge between row 1, columns 3 and 4"``, ``"the outer edge above row 1,
  column 6"``.

A floor other than the first is named after the square (``"row 2, column 5 of the Second storey"``), as are all
the outside squares of a building of several floors.

:func:`board_words` rewrites every space and edge of a text in these words, and :func:`player_words` adds what a
sentence then needs ("move to row 3, column 4", a tally "3 of 24"). The engine's refusals go through
:func:`player_words` (:func:`explorer.flashpoint.turn.refusal`), and the board view passes its hover texts, labels
and the event texts through the same function, so notebooks and views say the same. (Seed 003 and the base rules number the grid by the dice: rows 1-6, columns 1-8.)
"""

from __future__ import annotations

import re
from typing import Any

__all__ = ["square_words", "edge_words", "board_words", "player_words"]

_SPACE = r"(?:[a-z][a-z0-9_-]*:)?\d{1,2},\d{1,2}"
_EDGE_RE = re.compile(rf"(?<![\w:,|])({_SPACE})\|({_SPACE})(?!\w|,\d|\|)")
_SPACE_RE = re.compile(rf"(?<![\w:,|])((?:\bspace )?)({_SPACE})(?!\w|,\d|\|)")


def _column(floor: Any, c: int) -> int:
    """The column number the board prints over local column ``c`` of ``floor``."""
    return floor.die_cols[0] + c - 1 if floor.die_cols is not None else c


def _suffix(building: Any, sp: Any) -> str:
    first = next(iter(building.floors))
    if len(building.floors) > 1 and (sp.floor != first or not sp.inside):
        return f" of the {building.floors[sp.floor].name}"
    return ""


def _short(building: Any, space: str) -> str:
    """``"row 3, column 4"`` (an inside space), without the floor."""
    sp = building.spaces_by_id[space]
    return f"row {sp.row}, column {_column(building.floors[sp.floor], sp.col)}"


def square_words(building: Any, space: str) -> str:
    """A space as the board shows it (see the module docstring).

    >>> from explorer.flashpoint import Building
    >>> b = Building.default()
    >>> square_words(b, "3,4"), square_words(b, "0,6"), square_words(b, "3,9"), square_words(b, "7,0")
    ('row 3, column 4', 'the outside square above column 6', 'the outside square right of row 3', 'the outside corner bottom left')
    >>> square_words(Building.named("laboratory"), "second:2,1")
    'row 2, column 5 of the Second storey'

    Raises:
        KeyError: ``space`` is not a space of ``building``.
    """
    sp = building.spaces_by_id[space]
    f = building.floors[sp.floor]
    if sp.inside:
        return _short(building, space) + _suffix(building, sp)
    top, bottom = sp.row == 0, sp.row == f.rows + 1
    left, right = sp.col == 0, sp.col == f.cols + 1
    if (top or bottom) and (left or right):
        words = f"the outside corner {'top' if top else 'bottom'} {'left' if left else 'right'}"
    elif top or bottom:
        words = f"the outside square {'above' if top else 'below'} column {_column(f, sp.col)}"
    else:
        words = f"the outside square {'left' if left else 'right'} of row {sp.row}"
    return words + _suffix(building, sp)


def edge_words(building: Any, a: str, b: str) -> str:
    """The edge between spaces ``a`` and ``b`` as the board shows it.

    >>> from explorer.flashpoint import Building
    >>> bld = Building.default()
    >>> edge_words(bld, "1,3", "1,4"), edge_words(bld, "2,5", "3,5"), edge_words(bld, "0,6", "1,6")
    ('the edge between row 1, columns 3 and 4', 'the edge between rows 2 and 3, column 5', 'the outer edge above row 1, column 6')
    """
    sa, sb = building.spaces_by_id[a], building.spaces_by_id[b]
    if sa.floor != sb.floor:
        return f"the way between {square_words(building, a)} and {square_words(building, b)}"
    f = building.floors[sa.floor]
    if sa.inside != sb.inside:
        inner, outer = (sa, sb) if sa.inside else (sb, sa)
        side = ("above" if outer.row < inner.row else "below" if outer.row > inner.row
                else "left of" if outer.col < inner.col else "right of")
        return f"the outer edge {side} {_short(building, inner.id)}{_suffix(building, inner)}"
    if not sa.inside:
        return f"the edge between {square_words(building, a)} and {square_words(building, b)}"
    if sa.row == sb.row:
        c1, c2 = sorted((_column(f, sa.col), _column(f, sb.col)))
        return f"the edge between row {sa.row}, columns {c1} and {c2}{_suffix(building, sa)}"
    r1, r2 = sorted((sa.row, sb.row))
    return f"the edge between rows {r1} and {r2}, column {_column(f, sa.col)}{_suffix(building, sa)}"


def board_words(building: Any, text: str) -> str:
    """``text`` with every edge (``"1,3|1,4"``) and space (``"3,4"``, ``"space 3,4"``) of ``building`` in the
    board's words (:func:`edge_words`, :func:`square_words`); text that names no space of the building is kept.

    >>> from explorer.flashpoint import Building
    >>> board_words(Building.default(), "there is no wall at 0,6|1,6 to chop; red is on space 3,4")
    'there is no wall at the outer edge above row 1, column 6 to chop; red is on row 3, column 4'
    """
    spaces = building.spaces_by_id

    def edge(m: re.Match[str]) -> str:
        a, b = m.group(1), m.group(2)
        return edge_words(building, a, b) if a in spaces and b in spaces else m.group(0)

    def space(m: re.Match[str]) -> str:
        return square_words(building, m.group(2)) if m.group(2) in spaces else m.group(0)

    return re.sub(r"\b([Tt]he) the ", r"\1 ", _SPACE_RE.sub(space, _EDGE_RE.sub(edge, text)))


_MOVE_TO = re.compile(r"\bmove (row|the |column)")
_LADDER_TO = re.compile(r"\braise ladder (row|the )")
_DRIVE_TO = re.compile(r"\bdrive (ambulance|engine) (row|the |column)")
_TALLY = re.compile(r"\b(\d+)/(\d+)\b")


def player_words(building: Any, text: str) -> str:
    """``text`` as a player reads it beside the board: every space and edge in the printed rows and columns
    (:func:`board_words`), an action's notation turned into a phrase ("move to row 3, column 4", "raise a ladder
    to ...", "drive the ambulance to ..."), and a tally ``"3/24"`` as ``"3 of 24"``. Text already in these words is kept as it is.

    >>> from explorer.flashpoint import Building
    >>> player_words(Building.default(), "move 3,4 (1 AP) · damage 3/24")
    'move to row 3, column 4 (1 AP) · damage 3 of 24'
    >>> player_words(Building.default(), "raise ladder 0,6")
    'raise a ladder to the outside square above column 6'
    >>> player_words(Building.default(), "drive ambulance 0,5")
    'drive the ambulance to the outside square above column 5'
    """
    words = _MOVE_TO.sub(r"move to \1", board_words(building, text))
    words = _LADDER_TO.sub(r"raise a ladder to \1", words)
    words = _DRIVE_TO.sub(r"drive the \1 to \2", words)
    return _TALLY.sub(r"\1 of \2", words)
