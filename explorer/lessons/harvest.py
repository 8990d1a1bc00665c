"""Rule examples from the lessons: every move a lesson plays and every trap it sets is a position and an action
that shows a rule, so the lessons are where most rule examples come from.

``python -m explorer.lessons examples GAME [--write]`` lists, for each rule the lessons cite and the game's
examples file (:mod:`explorer.core.examples`) does not cover yet, the first lesson position and action citing
it; ``--write`` adds them to ``explorer/<game>/data/rule_examples.yaml`` (entries already there are kept, so an
author's own example always wins).
"""

from __future__ import annotations

from typing import Any

from explorer.core import game_module
from explorer.core.examples import examples_path, load_examples

from . import load_lessons
from .runner import Step, StepRun

__all__ = ["harvest_examples", "write_examples"]


def _main_line(step: Step) -> tuple[str, ...]:
    """The moves the step's own answer plays from its start (learner's, replies, chance)."""
    run = StepRun(step)
    spec = step.spec
    if step.kind == "do" and step.scripted:
        for entry in spec.line:
            if entry.play is not None and not run.done:
                run.try_action(entry.plays[0])
    elif step.kind == "do":
        for notation in spec.solution:
            run.try_action(notation)
    elif step.kind == "predict":
        truths = run.option_truths()
        if True in truths:
            run.choose(truths.index(True))
    return run.played


def _spec_with(step: Step, prefix: tuple[str, ...]) -> dict[str, Any]:
    position = step.spec.position.model_dump(exclude_defaults=True)
    actions = [*position.get("actions", []), *prefix]
    if actions:
        position["actions"] = actions
    return position


def harvest_examples(game: str) -> dict[str, dict[str, Any]]:
    """For each rule the lessons of ``game`` cite, the first lesson position and action citing it, one that
    shows the rule acting (an event) rather than forbidding (a refusal) where the lessons have both:
    ``{rule id: {"position": spec, "action": notation, "note": where it comes from}}``."""
    acting: dict[str, dict[str, Any]] = {}
    forbidding: dict[str, dict[str, Any]] = {}
    rules = game_module(game).RULES

    def keep(rule: str, step: Step, prefix: tuple[str, ...], action: str, lesson: str, *, refused: bool = False
             ) -> None:
        found = forbidding if refused else acting
        if rule not in found and rule in rules:
            found[rule] = {"position": _spec_with(step, prefix), "action": action,
                           "note": f"From the lesson '{lesson}', step {step.number + 1}."}

    for lesson in load_lessons(game):
        for step in lesson.steps:
            try:
                line = _main_line(step)
                state = step.start()
            except ValueError:
                continue  # the authors' check reports it
            side = [t.play for t in step.spec.traps] + [w.play for w in step.spec.wrong]
            for n in range(len(line) + 1):
                prefix = line[:n]
                for notation in side:
                    try:
                        problem = state.explain(notation)
                    except ValueError:
                        continue
                    if problem is not None:
                        keep(problem.rule.id, step, prefix, notation, lesson.title, refused=True)
                    else:
                        for event in state.apply(notation).events:
                            keep(event.rule.id, step, prefix, notation, lesson.title)
                if n == len(line):
                    break
                state = state.apply(line[n])
                for event in state.events:
                    keep(event.rule.id, step, prefix, line[n], lesson.title)
    return {rule: acting.get(rule) or forbidding[rule] for rule in rules if rule in acting or rule in forbidding}


def write_examples(game: str) -> list[str]:
    """Add the harvested examples of rules that have none to the game's examples file; returns their ids."""
    import yaml

    have = load_examples(game)
    new = {rule: ex for rule, ex in harvest_examples(game).items() if rule not in have}
    if not new:
        return []
    path = examples_path(game)
    text = path.read_text(encoding="utf-8") if path.exists() else (
        "# Rule examples: rule id -> a position (as in lessons) and one action that emits an event under the rule\n"
        "# or is refused under it. Checked by tests/test_rule_examples.py. Entries from the lessons were added by\n"
        "# `python -m explorer.lessons examples GAME --write`; edit or replace any of them freely.\n")
    order = list(game_module(game).RULES)
    chunk = yaml.safe_dump({rule: new[rule] for rule in sorted(new, key=order.index)}, sort_keys=False,
                           allow_unicode=True, width=110, default_flow_style=None)
    path.write_text(text.rstrip("\n") + "\n" + chunk, encoding="utf-8")
    load_examples.cache_clear()
    return sorted(new, key=order.index)
