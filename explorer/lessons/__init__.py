"""Lessons: learn each game by doing it, every move judged by the real rules engine.

A lesson is a data file (``explorer/<game>/data/lessons/*.yaml``, format in :mod:`.format`), a short table of
steps in the manner of Lichess's Learn stages; :class:`LessonRun` (in :mod:`.runner`) judges what a learner does
and answers with :class:`Feedback`; ``python -m explorer.lessons check`` is the authors' check (:mod:`.check`).

>>> lessons = load_lessons("portobello")
>>> len(lessons) >= 4, all(len(lesson.steps) >= 6 for lesson in lessons)
(True, True)
"""

from __future__ import annotations

from pathlib import Path

from explorer.core import InvalidData, game_module
from explorer.core.errors import UnknownGame
from explorer.core.registry import GAMES
from explorer.core.schema import read_data_file, problems_from_validation_error

import pydantic

from .facts import game_facts, game_selectors, selector_problems, test_problems
from .format import LessonFile
from .runner import MAX_STARS, Feedback, Lesson, LessonRun, Step, StepRun

__all__ = ["load_lessons", "lesson_files", "Lesson", "Step", "LessonRun", "StepRun", "Feedback", "MAX_STARS"]

_LOADED: dict[str, tuple[Lesson, ...]] = {}


def lesson_files(game: str) -> list[Path]:
    """The lesson files of ``game``, in reading order (by file name).

    Raises:
        UnknownGame: for a game the explorer does not know.
    """
    if game not in GAMES:
        raise UnknownGame(f"unknown game {game!r}: choose one of {', '.join(GAMES)}")
    folder = Path(game_module(game).__file__).parent / "data" / "lessons"
    return sorted(p for p in folder.glob("*") if p.suffix in (".yaml", ".yml", ".json"))


def load_lessons(game: str, *, reload: bool = False) -> tuple[Lesson, ...]:
    """Every lesson of ``game``, validated (read once per process unless ``reload``).

    Raises:
        UnknownGame: for a game the explorer does not know.
        InvalidData: listing every problem of every lesson file at once: what the format refuses, unknown facts,
            selectors or rule ids, two lessons with the same id.
    """
    if not reload and game in _LOADED:
        return _LOADED[game]
    files = lesson_files(game)
    if not files:  # no lessons (yet): nothing to validate, and the game need not have lesson facts
        return ()
    rules = game_module(game).RULES
    facts, selectors = game_facts(game), game_selectors(game)
    problems: list[str] = []
    lessons: list[Lesson] = []
    seen: dict[str, str] = {}
    for path in files:
        try:
            data = read_data_file(path)
            spec = LessonFile.model_validate(data)
        except InvalidData as err:
            problems += [f"{path.name}: {p}" for p in err.problems]
            continue
        except pydantic.ValidationError as err:
            problems += [f"{path.name}: {p}" for p in problems_from_validation_error(err)]
            continue
        if spec.id in seen:
            problems.append(f"{path.name}: lesson id {spec.id!r} is already used by {seen[spec.id]}")
        seen[spec.id] = path.name
        problems += [f"{path.name}: rules: unknown rule {r!r}" for r in spec.rules if r not in rules]
        for n, step in enumerate(spec.steps):
            where = f"{path.name}: steps[{n}]"
            if step.success is not None:
                problems += test_problems(step.success, facts, f"{where}.success")
            for k, option in enumerate(step.options):
                problems += test_problems(option.test, facts, f"{where}.options[{k}].test")
            if step.select is not None:
                problems += selector_problems(step.select, selectors, f"{where}.select")
            problems += [f"{where}.traps[{k}]: unknown rule {t.rule!r}" for k, t in enumerate(step.traps)
                         if t.rule not in rules and not t.rule.startswith("core.")]
        lessons.append(Lesson.from_file(game, spec, path))
    if problems:
        raise InvalidData(f"lessons of {game}", problems)
    _LOADED[game] = tuple(lessons)
    return _LOADED[game]
