"""The lesson file format: one YAML (or JSON) file per lesson in ``explorer/<game>/data/lessons/``.

A lesson is a small table of data, as in Lichess's Learn stages: an id, a title, a one-paragraph introduction,
the rules it teaches and its steps. Each step says who acts and what counts as done, where it starts, and one
of three kinds: ``do`` (moves on the board, judged by a scripted ``line`` or by an outcome test ``success``),
``find-all`` (toggle every item a named ``select``\\ or computes from the legal actions) or ``predict`` (choose
what an ``action`` will do among ``options``, each option an outcome test). Tests are built from the game's
named facts (:mod:`explorer.lessons.facts`) combined with ``all`` / ``any`` / ``not``.

An example, from ``explorer/london1666/data/lessons/``::

    id: where-the-fire-goes
    title: Where the fire must go
    intro: A movement card sends one cone from a burning district ...
    rules: [london.fire.spread, london.fire.priority]
    steps:
      - goal: You are red. Play your north card from Pudding Lane (1 move).
        seat: red
        position: {builder: {fire: {pudding-lane: 20}, hands: {red: "N E S W N"}}}
        kind: do
        line:
          - play: spread N pudding-lane bishopsgate
            comment: The cone lands on the district the card points to ...
            hint: The north card is the one to play.
        deviation: That is a legal move, but not the one asked for.

:func:`read_lesson` validates a file and lists every problem at once (``InvalidData``); the finer checks that need
the engine (is each scripted action legal where it stands?) are the authors' check, :mod:`explorer.lessons.check`.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any, Literal, Union

import pydantic

from explorer.core.positions import GameSpec, PositionSpec
from explorer.core.schema import StrictModel, read_data_file, validate

__all__ = ["LessonFile", "StepFile", "LineEntry", "WrongMove", "Trap", "PositionSpec", "Option", "Test",
           "read_lesson", "STEP_KINDS"]

STEP_KINDS = ("do", "find-all", "predict")
"""The kinds of step: make moves, find every item, predict an outcome."""

Test = Union[dict[str, Any], list[Any]]
"""An outcome test: ``{"fact": name, arg: value, ...}``, ``{"all": [tests]}``, ``{"any": [tests]}`` or
``{"not": test}`` (checked against the game's facts when the lesson is loaded)."""

Actions = Union[str, list[str]]
"""One action's notation, or several equivalent ones (any of them is right; the first is the one hinted)."""


class LineEntry(StrictModel):
    """One move of a scripted line: the learner's (``play``) or another player's or chance's (``reply``)."""

    play: Actions | None = None
    reply: str | None = None
    comment: str = ""
    """Shown when this move is played (the learner's or the reply)."""
    hint: str = ""
    """The first hint: the area, piece or card to use (the move itself is the second hint)."""
    deviation: str = ""
    """Shown for any other legal move here (default: the step's ``deviation``)."""

    @pydantic.model_validator(mode="after")
    def _one_move(self) -> "LineEntry":
        if (self.play is None) == (self.reply is None):
            raise ValueError("give exactly one of 'play' (the learner's move) or 'reply' (another player's or "
                             "chance's move)")
        return self

    @property
    def plays(self) -> tuple[str, ...]:
        """The learner's accepted moves here (``()`` for a reply)."""
        if self.play is None:
            return ()
        return (self.play,) if isinstance(self.play, str) else tuple(self.play)


class WrongMove(StrictModel):
    """A legal move that is wrong here, with its own comment (played out, then taken back)."""

    play: str
    comment: str


class Trap(StrictModel):
    """A move the rules forbid here, with the rule that forbids it and a comment for the learner; the authors'
    check makes sure the engine refuses it under that rule."""

    play: str
    rule: str
    comment: str = ""


class Option(StrictModel):
    """One answer of a predict step: its text and the outcome test that makes it true."""

    text: str
    test: Test
    why: str = ""
    """Shown when a learner picks this option and it is false."""


class StepFile(StrictModel):
    """One step of a lesson (see the module docstring)."""

    id: str = ""
    goal: str = pydantic.Field(min_length=1)
    seat: str | int
    position: PositionSpec
    kind: Literal["do", "find-all", "predict"]
    chance: list[str] = pydantic.Field(default_factory=list)
    """Outcomes forced, in order, on the chance steps the step meets (after them: the position's seeded stream)."""
    hint: str = ""
    """The first hint (the area, the piece or card to use) when the line's move has none, or for an outcome step."""
    done: str = ""
    """Shown when the step is done (after the last move's comment)."""
    deviation: str = "That move is allowed, but it is not what this step asks for."
    wrong: list[WrongMove] = pydantic.Field(default_factory=list)
    traps: list[Trap] = pydantic.Field(default_factory=list)
    # do
    line: list[LineEntry] = pydantic.Field(default_factory=list)
    success: Test | None = None
    solution: list[str] = pydantic.Field(default_factory=list)
    """For an outcome step: one line of the learner's moves that succeeds (the hint's first suggestion)."""
    par: int | None = pydantic.Field(default=None, ge=1)
    """The moves a perfect answer takes (default: the line's or the solution's learner moves)."""
    limit: int | None = pydantic.Field(default=None, ge=1)
    """An outcome step fails after this many learner moves (default: ``par``)."""
    # find-all
    select: dict[str, Any] | None = None
    """``{"name": selector, arg: value, ...}``: the answer, computed from the engine's legal actions."""
    # predict
    action: str | None = None
    options: list[Option] = pydantic.Field(default_factory=list)
    explain: str = ""
    """Shown after a predict step's move is played: why it does what it does."""

    @pydantic.model_validator(mode="after")
    def _kind_fields(self) -> "StepFile":
        problems = []
        if self.kind == "do":
            if bool(self.line) == (self.success is not None):
                problems.append("a do step has either a scripted 'line' or an outcome test 'success' (with a "
                                "'solution'), not both, not neither")
            if self.success is not None and not self.solution:
                problems.append("an outcome step needs a 'solution': a line of moves that succeeds")
            if self.line and not any(e.play is not None for e in self.line):
                problems.append("a scripted line needs at least one 'play' (a move of the learner)")
        if self.kind == "find-all" and not self.select:
            problems.append("a find-all step needs 'select' (the named selector that computes the answer)")
        if self.kind == "predict":
            if not self.action:
                problems.append("a predict step needs the 'action' whose outcome is predicted")
            if len(self.options) < 2:
                problems.append("a predict step needs at least two 'options'")
        if problems:
            raise ValueError("; ".join(problems))
        return self


class LessonFile(StrictModel):
    """A whole lesson file."""

    id: str = pydantic.Field(pattern=r"^[a-z0-9]+(-[a-z0-9]+)*$")
    title: str = pydantic.Field(min_length=1)
    intro: str = pydantic.Field(min_length=1)
    rules: list[str] = pydantic.Field(default_factory=list)
    steps: list[StepFile] = pydantic.Field(min_length=1)


def read_lesson(path: str | Path) -> LessonFile:
    """The lesson in the file at ``path``, validated.

    Raises:
        InvalidData: for a missing or malformed file, or content that does not match the format (every problem
            at once, each with where it is).
    """
    return validate(LessonFile, read_data_file(path), what=f"lesson file {Path(path).name}")
