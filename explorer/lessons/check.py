"""The authors' check: every lesson of every game played through the runner, the way a learner would.

For each step it makes sure that the position builds and the learner is to act; that each scripted move is
legal where it stands and the line ends the step; that an outcome test is false at the start and true after the
solution; that each find-all answer is not empty; that each predict action applies and its options are not all
true or all false; that each wrong move is legal and judged wrong; that each trap is refused under its rule; that
each forced chance outcome can occur and is used; and that the hints point at a legal move. It reports per game
the lessons, the steps and the **rules coverage**: the rule ids cited by the events and refusals the lessons
produce, out of the game's ``RULES``.

``python -m explorer.lessons check [--json] [GAME ...]`` prints it (exit status 1 if any problem);
``python -m explorer.lessons examples [--write] [GAME ...]`` turns lesson moves into rule examples
(:mod:`.harvest`).
"""

from __future__ import annotations

import argparse
import json
import sys
from collections.abc import Sequence
from dataclasses import dataclass, field
from functools import cache
from typing import Any

from explorer.core import InvalidData, game_module
from explorer.core.registry import GAMES

from . import load_lessons
from .runner import Feedback, Step, StepRun

__all__ = ["GameReport", "check_game", "check_step", "main"]


@dataclass
class GameReport:
    """What the check found for one game."""

    game: str
    lessons: int = 0
    steps: int = 0
    rules_total: int = 0
    covered: set[str] = field(default_factory=set)
    problems: list[str] = field(default_factory=list)

    @property
    def coverage(self) -> float:
        """The share of the game's rules the lessons cite (0 to 1)."""
        return len(self.covered) / self.rules_total if self.rules_total else 0.0

    def to_dict(self) -> dict[str, Any]:
        """``{lessons, steps, rules_covered, rules_total, coverage, problems, covered}`` (JSON-ready)."""
        return {"lessons": self.lessons, "steps": self.steps, "rules_covered": len(self.covered),
                "rules_total": self.rules_total, "coverage": round(self.coverage, 3), "problems": self.problems,
                "covered": sorted(self.covered)}


def _cite(feedback: Feedback, covered: set[str]) -> None:
    covered.update(e.rule.id for e in feedback.events)
    if feedback.kind == "refused" and feedback.rule:
        covered.add(feedback.rule)


def _forced_left(run: StepRun) -> int:
    return len(run.step.spec.chance) - run._now.chance_at


def check_step(step: Step, covered: set[str]) -> list[str]:
    """The problems of one step (``[]`` if none); the rules its moves and refusals cite are added to ``covered``."""
    spec, problems = step.spec, []
    try:
        run = StepRun(step)
    except (InvalidData, ValueError) as err:
        return [str(err)]
    start = run.state
    if step.kind in ("do", "predict") and not run._learner_acts():
        return [f"the learner ({spec.seat}) is not to act at the start (to act: {start.current_player})"]
    wrong = {w.play: w for w in spec.wrong}
    traps = {t.play: t for t in spec.traps}
    checked: set[str] = set()

    def try_side_moves(here: StepRun, expected: set[str]) -> None:
        """Try the wrong moves and traps that apply at this point of the line (each once)."""
        for notation, trap in traps.items():
            if notation in checked:
                continue
            try:
                problem = here.state.explain(notation)
            except ValueError as err:
                problems.append(f"trap {notation!r}: {err}")
                checked.add(notation)
                continue
            if problem is not None and problem.rule.id == trap.rule:
                feedback = here.try_action(notation)
                _cite(feedback, covered)
                checked.add(notation)
        for notation in wrong:
            if notation in checked:
                continue
            try:
                parsed = here.state.parse_action(notation)
            except ValueError as err:
                problems.append(f"wrong move {notation!r}: {err}")
                checked.add(notation)
                continue
            if here.state.explain(parsed) is None and str(parsed) not in expected:
                feedback = here.try_action(parsed)
                _cite(feedback, covered)
                if feedback.kind != "wrong":
                    problems.append(f"wrong move {notation!r} is judged {feedback.kind!r}, not wrong")
                checked.add(notation)

    try:
        if step.kind == "do" and step.scripted:
            for n, entry in enumerate(spec.line):
                if entry.play is None:
                    continue
                if run.done:
                    problems.append(f"line[{n}]: the step was already done before this move")
                    break
                expected = set()
                for alt in entry.plays:
                    problem = run.state.explain(alt)
                    if problem is not None:
                        problems.append(f"line[{n}] {alt!r} is refused where it stands: {problem}")
                    expected.add(str(run.state.parse_action(alt)))
                if problems:
                    break
                if n == next(k for k, e in enumerate(spec.line) if e.play is not None):
                    hint = StepRun(step).hint()
                    if not hint.actions or str(hint.actions[0]) not in expected:
                        problems.append("the first hint does not point at the line's first move")
                try_side_moves(run, expected)
                feedback = run.try_action(entry.plays[0])
                _cite(feedback, covered)
                if feedback.kind not in ("right", "done"):
                    problems.append(f"line[{n}] {entry.plays[0]!r} is judged {feedback.kind!r}: {feedback.text}")
                    break
            if not problems and not run.done:
                problems.append("the line ends but the step is not done (a reply missing, or the learner not to "
                                "act at the next move?)")
        elif step.kind == "do":
            ctx_start = StepRun(step)
            if ctx_start._succeeded(ctx_start._now):
                problems.append("the outcome test is already true at the start")
            hint = StepRun(step).hint()
            if not hint.actions:
                problems.append("the hint finds no move (the solution does not apply?)")
            for n, notation in enumerate(spec.solution):
                try_side_moves(run, {notation})
                feedback = run.try_action(notation)
                _cite(feedback, covered)
                last = n == len(spec.solution) - 1
                if feedback.kind != ("done" if last else "move"):
                    problems.append(f"solution[{n}] {notation!r} is judged {feedback.kind!r}: {feedback.text}")
                    break
        elif step.kind == "find-all":
            answer = run.answer_set()
            if not answer:
                problems.append("the selector's answer is empty")
            else:
                partial = run.answer(sorted(answer)[1:])
                if partial.kind != "answer" or partial.missing != {sorted(answer)[0]}:
                    problems.append("an answer with one item missing is not reported as missing it")
                if run.answer(answer).kind != "done":
                    problems.append("the whole answer is not judged done")
        else:  # predict
            problem = start.explain(spec.action)
            if problem is not None:
                problems.append(f"action {spec.action!r} is refused: {problem}")
            else:
                truths = run.option_truths()
                if all(truths) or not any(truths):
                    problems.append(f"the options are all {'true' if all(truths) else 'false'} after the action")
                else:
                    feedback = run.choose(truths.index(True))
                    _cite(feedback, covered)
                    if feedback.kind != "done":
                        problems.append(f"the true option is judged {feedback.kind!r}")
    except ValueError as err:  # a forced chance outcome or a reply the engine refuses
        problems.append(f"{type(err).__name__}: {err}")
    for notation in [*traps, *wrong]:
        if notation not in checked:
            what = (f"refused under {traps[notation].rule}" if notation in traps else "a legal, wrong move")
            problems.append(f"{'trap' if notation in traps else 'wrong move'} {notation!r} is never {what} "
                            "where the learner acts")
    if not problems and _forced_left(run) > 0:
        problems.append(f"{_forced_left(run)} forced chance outcome(s) never used")
    return problems


def check_game(game: str) -> GameReport:
    """Check every lesson of ``game`` (see the module docstring)."""
    report = GameReport(game, rules_total=len(game_module(game).RULES))
    try:
        lessons = load_lessons(game, reload=True)
    except InvalidData as err:
        report.problems = list(err.problems)
        return report
    rules = set(game_module(game).RULES)
    report.lessons = len(lessons)
    for lesson in lessons:
        for step in lesson.steps:
            report.steps += 1
            found: set[str] = set()
            for problem in check_step(step, found):
                report.problems.append(f"{lesson.path.name} step {step.number + 1}: {problem}")
            report.covered |= found & rules
    return report


def _examples(games: Sequence[str], *, write: bool) -> int:
    from explorer.core.examples import load_examples

    from .harvest import harvest_examples, write_examples

    for game in games:
        if write:
            added = write_examples(game)
            print(f"{game}: {len(added)} example(s) added" + (f": {', '.join(added)}" if added else ""))
        else:
            have = load_examples(game)
            new = [rule for rule in harvest_examples(game) if rule not in have]
            print(f"{game}: {len(have)} example(s); the lessons would add {len(new)}" +
                  (f": {', '.join(new)}" if new else ""))
    return 0


@cache
def where_taught(game: str) -> dict[str, list[tuple[Any, int]]]:
    """Where the lessons of ``game`` teach each rule: ``{rule id: [(lesson, step index), ...]}``, the steps whose
    moves and refusals cite it (as the coverage counts them), in lesson order. Cached per game."""
    taught: dict[str, list[tuple[Any, int]]] = {}
    for lesson in load_lessons(game):
        for step in lesson.steps:
            found: set[str] = set()
            check_step(step, found)
            for rule in sorted(found):
                taught.setdefault(rule, []).append((lesson, step.number))
    return taught


def main(argv: Sequence[str] | None = None) -> int:
    """The command line (see the module docstring); returns the exit status."""
    parser = argparse.ArgumentParser(prog="python -m explorer.lessons", description="Check every lesson.")
    sub = parser.add_subparsers(dest="command", required=True)
    check = sub.add_parser("check", help="play every lesson through the runner and report coverage")
    check.add_argument("--json", action="store_true", help="print the report as JSON")
    check.add_argument("games", nargs="*", help=f"games to check (default: all of {', '.join(GAMES)})")
    examples = sub.add_parser("examples", help="list (or --write) rule examples taken from the lessons for the "
                              "rules whose examples file has none")
    examples.add_argument("--write", action="store_true", help="add them to the game's data/rule_examples.yaml")
    examples.add_argument("games", nargs="*", help=f"games (default: all of {', '.join(GAMES)})")
    args = parser.parse_args(argv)
    unknown = [g for g in args.games if g not in GAMES]
    if unknown:
        parser.error(f"unknown game(s) {', '.join(unknown)}: choose from {', '.join(GAMES)}")
    if args.command == "examples":
        return _examples(args.games or list(GAMES), write=args.write)
    reports = [check_game(game) for game in (args.games or GAMES)]
    if args.json:
        print(json.dumps({r.game: r.to_dict() for r in reports}, indent=2))
    else:
        for r in reports:
            print(f"{r.game}: {r.lessons} lessons, {r.steps} steps, rules covered {len(r.covered)}/{r.rules_total} "
                  f"({r.coverage:.0%}), {len(r.problems)} problem(s)")
            for problem in r.problems:
                print(f"  - {problem}")
    sys.stdout.flush()
    return 1 if any(r.problems for r in reports) else 0
