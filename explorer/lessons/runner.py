"""The lesson runner: it sets up each step, judges what the learner does with the real engine, and answers with
:class:`Feedback` (kind, text, rule, stars). Pure Python, no Jupyter: the lesson view only shows what it says.

How a move is judged (Lichess Learn's controller, with the engine as the referee):

* a move the rules forbid is **refused**: the engine's reason and rule are shown, nothing changes, no star is
  lost (trying is how one learns);
* a legal move that is not what the step asks (off the scripted line, or one after which the outcome can no
  longer be reached) is **wrong**: it is played on a copy, so its consequences and their rules can be shown
  (:attr:`Feedback.shown`, :attr:`Feedback.events`), then taken back; the learner tries again from the same
  step, and the step's stars drop by one;
* the expected move (or any move of an outcome step that keeps the goal in reach) is played, with its comment;
  the replies of the other players and of chance follow as the step scripts them;
* **hints** come in three grades, cheapest first: the area or piece to use, then the move lit on the board, then
  the move played; the hint's move comes from the same oracle as the success check (the line, or a search for a
  line that reaches the outcome), so a hint never points at a move that fails.

Stars per step: 3, less one for each wrong move, less the grade of the best hint used, less one for an outcome
reached in more moves than par; never below 1 once the step is done.

>>> from explorer.lessons import load_lessons
>>> lesson = load_lessons("portobello")[0]
>>> run = LessonRun(lesson)
>>> run.step.kind in ("do", "find-all", "predict"), run.stars
(True, [0, 0, 0, 0, 0, 0])
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from explorer.core import IllegalAction, InvalidData, NotationError, game_module
from explorer.core.positions import build_position

from .facts import Context, game_facts, game_selectors, holds, seat_index, select
from .format import LessonFile, StepFile

__all__ = ["Lesson", "Step", "Feedback", "StepRun", "LessonRun", "MAX_STARS", "SEARCH_NODES"]

MAX_STARS = 3
"""A step done on par, with no hint and no wrong move."""
SEARCH_NODES = 4000
"""The most positions the hint's search visits for a line that reaches an outcome step's goal."""


@dataclass(frozen=True, eq=False)
class Step:
    """One step of a lesson, ready to run (the file's :class:`~explorer.lessons.format.StepFile` and its game).

    Attributes:
        lesson: the lesson's id.
        number: the step's place in the lesson (0-based).
        spec: the step as written in the file.
        game: the game's key (``"london1666"``).
    """

    lesson: str
    number: int
    spec: StepFile
    game: str

    @property
    def kind(self) -> str:
        """``"do"``, ``"find-all"`` or ``"predict"``."""
        return self.spec.kind

    @property
    def goal(self) -> str:
        """The goal sentence: who acts, how many actions, what counts as done."""
        return self.spec.goal

    @property
    def scripted(self) -> bool:
        """True for a do step judged by a scripted line (else by its outcome test)."""
        return self.kind == "do" and bool(self.spec.line)

    @property
    def par(self) -> int:
        """The learner's moves a perfect answer takes (1 for find-all and predict)."""
        if self.spec.par is not None:
            return self.spec.par
        if self.scripted:
            return sum(1 for e in self.spec.line if e.play is not None)
        return max(len(self.spec.solution), 1)

    @property
    def limit(self) -> int:
        """An outcome step's most learner moves before it fails."""
        return self.spec.limit or self.par

    def start(self) -> Any:
        """The step's starting position (built once; states are immutable).

        Raises:
            InvalidData: if the position cannot be built (the builder's or the engine's problems).
        """
        cached = self.__dict__.get("_start")
        if cached is None:
            cached = build_position(self.game, self.spec.position, what=f"{self.lesson} step {self.number + 1}")
            object.__setattr__(self, "_start", cached)
        return cached

    def seat(self) -> int:
        """The learner's seat number.

        Raises:
            ValueError: if the step names a player the game does not have.
        """
        return seat_index(self.start(), self.spec.seat)


@dataclass(frozen=True, eq=False)
class Lesson:
    """A lesson: its id, title, introduction, the rules it teaches and its steps.

    Attributes:
        game: the game's key.
        path: the file it was read from.
    """

    id: str
    title: str
    intro: str
    rules: tuple[str, ...]
    steps: tuple[Step, ...]
    game: str
    path: Path

    @classmethod
    def from_file(cls, game: str, spec: LessonFile, path: Path) -> "Lesson":
        """The lesson of a validated file."""
        steps = tuple(Step(spec.id, n, s, game) for n, s in enumerate(spec.steps))
        return cls(spec.id, spec.title, spec.intro, tuple(spec.rules), steps, game, path)


@dataclass(frozen=True)
class Feedback:
    """What the runner answers to the learner.

    Attributes:
        kind: ``"refused"`` (the rules forbid it; nothing changed), ``"wrong"`` (legal, but not the goal: shown,
            then taken back), ``"right"`` (the expected move, the step goes on), ``"move"`` (an outcome step's
            move that keeps the goal in reach), ``"done"`` (the step is done), ``"hint"``, ``"answer"`` (a
            find-all answer with items missing or extra) or ``"info"`` (nothing was judged).
        text: the sentence for the learner (also for screen readers).
        rule: the rule the feedback is about (a refusal's, or the first event's), or ``None``.
        rule_title: that rule's title.
        stars: the step's stars, once it is done (else ``None``).
        events: the events of the moves this feedback is about (a wrong move's consequences included).
        shown: the position to show with this feedback: a wrong move's outcome (before it is taken back), or the
            position after the move(s) played.
        actions: the move(s) a hint or a wrong answer points at, to light on the board.
        grade: a hint's grade (1: where, 2: which move, 3: played).
        missing, extra: a find-all answer's items not toggled and toggled wrongly.
    """

    kind: str
    text: str
    rule: str | None = None
    rule_title: str = ""
    stars: int | None = None
    events: tuple[Any, ...] = ()
    shown: Any = None
    actions: tuple[Any, ...] = ()
    grade: int = 0
    missing: frozenset[str] = frozenset()
    extra: frozenset[str] = frozenset()

    @property
    def done(self) -> bool:
        """True if this feedback ends the step."""
        return self.kind == "done"

    def to_dict(self) -> dict[str, Any]:
        """JSON-ready (for a view): the fields above, events as their ``to_dict()``, actions as notation."""
        return {"kind": self.kind, "text": self.text, "rule": self.rule, "rule_title": self.rule_title,
                "stars": self.stars, "events": [e.to_dict() for e in self.events],
                "actions": [str(a) for a in self.actions], "grade": self.grade,
                "missing": sorted(self.missing), "extra": sorted(self.extra)}


def _sentence(text: str) -> str:
    text = text.strip()
    return text if not text or text[-1] in ".!?:)" else text + "."


def _events_text(events: Sequence[Any]) -> str:
    if not events:
        return ""
    text = _sentence(events[0].describe())
    return text + (f" (And {len(events) - 1} more.)" if len(events) > 1 else "")


@dataclass
class _Snapshot:
    state: Any
    played: list[str] = field(default_factory=list)
    events: list[Any] = field(default_factory=list)
    line_at: int = 0
    chance_at: int = 0
    moves: int = 0


class StepRun:
    """One attempt at a step: the position now and what the learner did (see the module docstring).

    The position is :attr:`state`; the learner acts with :meth:`try_action` (do steps), :meth:`answer` (find-all),
    :meth:`choose` (predict) and asks with :meth:`hint`. Every method returns a :class:`Feedback`.

    Raises:
        InvalidData: if the step's position cannot be built.
    """

    def __init__(self, step: Step) -> None:
        self.step = step
        self.facts = game_facts(step.game)
        self.selectors = game_selectors(step.game)
        self.seat = step.seat()
        self._now = _Snapshot(step.start())
        self._stack: list[_Snapshot] = []
        self.wrong = 0
        """Wrong legal moves or answers so far."""
        self.hint_grade = 0
        """The highest hint grade used (0: none)."""
        self.stars: int | None = None
        """The stars earned, once the step is done."""
        self._advance(self._now)  # a step may open on chance or a scripted reply

    # ---- what the view reads ------------------------------------------------------------------------------------
    @property
    def state(self) -> Any:
        """The position now."""
        return self._now.state

    @property
    def done(self) -> bool:
        """True once the step is done."""
        return self.stars is not None

    @property
    def played(self) -> tuple[str, ...]:
        """The moves played in the step so far (the learner's, the replies and chance), as notation."""
        return tuple(self._now.played)

    @property
    def events(self) -> tuple[Any, ...]:
        """The events of :attr:`played`."""
        return tuple(self._now.events)

    def answer_set(self) -> frozenset[str]:
        """A find-all step's answer, computed by its selector from the step's position."""
        return select(self.step.spec.select or {}, self.step.start(), self.selectors)

    def option_truths(self) -> list[bool]:
        """A predict step: whether each option holds after the step's action (computed by playing it)."""
        after = self._predicted()
        ctx = Context(after.state, self.step.start(), tuple(after.played), tuple(after.events))
        return [holds(o.test, ctx, self.facts) for o in self.step.spec.options]

    # ---- the learner's inputs -----------------------------------------------------------------------------------
    def try_action(self, action: Any) -> Feedback:
        """Judge a move (an action or its notation) of a do step; see the module docstring."""
        if self.done:
            return Feedback("info", "This step is done: go on to the next one (or try it again).")
        if self.step.kind != "do":
            return Feedback("info", self._not_a_move())
        state = self.state
        try:
            parsed = state.parse_action(action) if isinstance(action, str) else action
        except NotationError as err:
            return Feedback("refused", str(err))
        problem = state.explain(parsed)
        if problem is not None:
            return self._refused(problem, str(parsed))
        if not self._learner_acts():
            return Feedback("info", "It is not your move in this step.")
        return self._judge(parsed)

    def answer(self, items: Iterable[str]) -> Feedback:
        """Judge a find-all answer: the items the learner toggled (engine keys, e.g. district ids)."""
        if self.done:
            return Feedback("info", "This step is done: go on to the next one (or try it again).")
        if self.step.kind != "find-all":
            return Feedback("info", "This step is not a find-all step.")
        given, truth = frozenset(map(str, items)), self.answer_set()
        missing, extra = truth - given, given - truth
        if not missing and not extra:
            return self._finish(f"Right: all {len(truth)} found.", ())
        self.wrong += 1
        parts = []
        if missing:
            parts.append(f"{len(missing)} missing")
        if extra:
            parts.append(f"{len(extra)} that {'does' if len(extra) == 1 else 'do'} not belong")
        return Feedback("answer", f"Not yet: {' and '.join(parts)} (shown on the board). Change your picks and "
                        "check again.", missing=missing, extra=extra)

    def choose(self, option: int) -> Feedback:
        """Judge a predict step's choice (the option's index); a right choice plays the step's action."""
        if self.done:
            return Feedback("info", "This step is done: go on to the next one (or try it again).")
        options = self.step.spec.options
        if self.step.kind != "predict":
            return Feedback("info", "This step is not a predict step.")
        if isinstance(option, bool) or not isinstance(option, int) or not 0 <= option < len(options):
            return Feedback("info", f"Choose one of the {len(options)} answers.")
        truths = self.option_truths()
        after = self._predicted()
        if not truths[option]:
            self.wrong += 1
            why = options[option].why or "That is not what happens."
            return Feedback("wrong", f"Not this one. {why} Try another answer.")
        self._now = after
        explain = self.step.spec.explain
        text = f"Right: {options[option].text}. {_events_text(after.events)}".strip()
        return self._finish(f"{text} {explain}".strip(), after.events)

    def refusal(self, err: IllegalAction) -> Feedback:
        """The feedback for a refusal the engine gave elsewhere (a board view asked it first): the reason, the rule,
        and the step's comment if the refused action is one of its traps. Nothing changes, no star is lost."""
        action = getattr(err, "action", None)
        return self._refused(err, str(action) if action is not None else "")

    def hint(self) -> Feedback:
        """The next grade of hint (1: the area or piece, 2: the move lit, 3: the move played or the answer shown)."""
        if self.done:
            return Feedback("info", "This step is done.")
        grade = min(self.hint_grade + 1, 3)
        self.hint_grade = grade
        kind = self.step.kind
        if kind == "find-all":
            truth = self.answer_set()
            if grade == 1:
                return Feedback("hint", self.step.spec.hint or f"There are {len(truth)} to find.", grade=1)
            if grade == 2:
                first = sorted(truth)[0]
                return Feedback("hint", f"One of them is lit on the board; {len(truth)} in all.", grade=2,
                                missing=frozenset({first}))
            return Feedback("hint", f"All {len(truth)} are lit: toggle them and check.", grade=3, missing=truth)
        if kind == "predict":
            truths = self.option_truths()
            if grade == 1:
                return Feedback("hint", self.step.spec.hint or "Think about what the move does first.", grade=1)
            if grade == 2:
                false = [n for n, t in enumerate(truths) if not t]
                return Feedback("hint", f"It is not “{self.step.spec.options[false[0]].text}”.", grade=2)
            return self.choose(truths.index(True))
        move = self.oracle()
        if move is None:
            return Feedback("hint", "This goal can no longer be reached from here: press “Try again”.", grade=grade)
        if grade == 1:
            entry = self._entry()
            text = (entry.hint if entry is not None else "") or self.step.spec.hint or "Look at the lit part."
            return Feedback("hint", text, actions=(move,), grade=1)
        if grade == 2:
            return Feedback("hint", "The move is lit on the board.", actions=(move,), grade=2)
        played = self._judge(move)
        return Feedback(played.kind, f"Played for you. {played.text}", played.rule, played.rule_title,
                        played.stars, played.events, played.shown, (move,), 3)

    def oracle(self) -> Any:
        """The next learner move of a line that reaches the goal from here (the scripted line's move, else the
        author's solution if the learner is on it, else the first line a bounded search finds), or ``None``."""
        if self.step.scripted:
            entry = self._entry()
            return self.state.parse_action(entry.plays[0]) if entry is not None else None
        line = self._solve(self._now, self.step.limit - self._now.moves)
        return line[0] if line else None

    # ---- judging ------------------------------------------------------------------------------------------------
    def _judge(self, action: Any) -> Feedback:
        text = str(action)
        if self.step.scripted:
            entry = self._entry()
            expected = {str(self.state.parse_action(p)) for p in entry.plays}
            if text in expected:
                before, at = len(self._now.events), self._now.line_at
                now = self._play(self._now, action)
                now.line_at += 1
                self._advance(now)
                self._now = now
                events = tuple(now.events[before:])
                comments = [entry.comment] + [e.comment for e in self.step.spec.line[at + 1:now.line_at]]
                message = " ".join(c for c in comments if c) or _events_text(events) or "Right."
                if now.line_at >= len(self.step.spec.line):
                    return self._finish(message, events)
                return self._feedback("right", message, events, now.state)
            return self._wrong(action, entry.deviation or self.step.spec.deviation)
        before = len(self._now.events)
        now = self._play(self._now, action)
        self._advance(now)
        events = tuple(now.events[before:])
        if self._succeeded(now):
            self._now = now
            return self._finish(_events_text(events) or "Done.", events)
        if now.moves >= self.step.limit or not self._learner_acts(now.state):
            return self._wrong(action, self.step.spec.deviation, played=now, events=events)
        if self._solve(now, self.step.limit - now.moves) == []:
            return self._wrong(action, self.step.spec.deviation, played=now, events=events)
        self._stack.append(self._now)
        self._now = now
        return self._feedback("move", _events_text(events) or "Played.", events, now.state)

    def _wrong(self, action: Any, deviation: str, *, played: _Snapshot | None = None,
               events: tuple[Any, ...] | None = None) -> Feedback:
        """A legal move that is not the goal: its consequences on a copy, then taken back."""
        if played is None:
            before = len(self._now.events)
            played = self._play(self._now, action)
            self._advance(played, line=False)
            events = tuple(played.events[before:])
        comment = next((w.comment for w in self.step.spec.wrong
                        if str(self.state.parse_action(w.play)) == str(action)), deviation)
        self.wrong += 1
        what = _events_text(events or ())
        comment = _sentence(comment)
        text = f"{comment} What it did: {what} Taken back: try again." if what else f"{comment} Taken back: try again."
        return self._feedback("wrong", text, events or (), played.state)

    def _refused(self, problem: IllegalAction, notation: str) -> Feedback:
        comment = next((t.comment for t in self.step.spec.traps
                        if t.comment and notation and str(self.state.parse_action(t.play)) == notation), "")
        reason = problem.reason.strip()
        if comment and reason and reason[-1] not in ".!?":
            reason += "."  # the engine's reason is a clause; the trap's comment a sentence after it
        text = f"{reason} {comment}".strip()
        return Feedback("refused", text, problem.rule.id, problem.rule.title)

    def _finish(self, text: str, events: tuple[Any, ...]) -> Feedback:
        over_par = 1 if self.step.kind == "do" and not self.step.scripted and self._now.moves > self.step.par else 0
        self.stars = max(1, MAX_STARS - self.wrong - self.hint_grade - over_par)
        done = self.step.spec.done
        return self._feedback("done", f"{text} {done}".strip(), events, self.state, stars=self.stars)

    def _feedback(self, kind: str, text: str, events: tuple[Any, ...], shown: Any, **more: Any) -> Feedback:
        rule = events[0].rule if events else None
        return Feedback(kind, text, rule.id if rule else None, rule.title if rule else "", events=events,
                        shown=shown, **more)

    def _not_a_move(self) -> str:
        return ("This step asks you to pick items on the board, then check." if self.step.kind == "find-all"
                else "This step asks you to choose an answer.")

    # ---- playing ------------------------------------------------------------------------------------------------
    def _learner_acts(self, state: Any = None) -> bool:
        state = self.state if state is None else state
        return not state.is_terminal and not state.is_chance_node and state.current_player == self.seat

    def _entry(self) -> Any:
        line = self.step.spec.line
        at = self._now.line_at
        return line[at] if at < len(line) and line[at].play is not None else None

    def _play(self, snap: _Snapshot, action: Any) -> _Snapshot:
        state = snap.state.apply(action)
        learner = self._learner_acts(snap.state)
        return _Snapshot(state, [*snap.played, str(action)], [*snap.events, *state.events], snap.line_at,
                         snap.chance_at, snap.moves + (1 if learner else 0))

    def _advance(self, snap: _Snapshot, *, line: bool = True) -> None:
        """Play what follows a learner's move in place: the line's replies, then chance (forced, else seeded)."""
        entries = self.step.spec.line if line else ()
        forced = self.step.spec.chance
        while not snap.state.is_terminal:
            entry = entries[snap.line_at] if snap.line_at < len(entries) else None
            if entry is not None and entry.reply is not None and not self._learner_acts(snap.state):
                moved = self._play(snap, entry.reply)
                moved.line_at += 1
            elif snap.state.is_chance_node:
                if snap.chance_at < len(forced):
                    moved = self._play(snap, forced[snap.chance_at])
                    moved.chance_at += 1
                else:
                    moved = self._play(snap, snap.state.sample_chance())
            else:
                return
            snap.state, snap.played, snap.events = moved.state, moved.played, moved.events
            snap.line_at, snap.chance_at = moved.line_at, moved.chance_at

    def _predicted(self) -> _Snapshot:
        """A predict step: the step's start with its ``action`` played and what follows (chance forced)."""
        cached = self.__dict__.get("_after")
        if cached is None:
            start = _Snapshot(self.step.start())
            self._advance(start, line=False)
            cached = self._play(start, start.state.parse_action(self.step.spec.action))
            self._advance(cached, line=False)
            self._after = cached
        return cached

    def _succeeded(self, snap: _Snapshot) -> bool:
        ctx = Context(snap.state, self.step.start(), tuple(snap.played), tuple(snap.events))
        return holds(self.step.spec.success, ctx, self.facts)

    def _solve(self, snap: _Snapshot, remaining: int) -> list[Any] | None:
        """A line of at most ``remaining`` learner moves from ``snap`` that reaches the goal: the rest of the author's
        solution when the learner's moves so far are its start, else the first line a depth-first search of at most
        :data:`SEARCH_NODES` positions finds. ``[]`` when the search proved there is none, ``None`` when it gave
        up."""
        rest = self._solution_rest(snap)
        if rest:
            return rest
        budget = [SEARCH_NODES]

        def search(here: _Snapshot, left: int) -> list[Any] | None:
            if left <= 0 or not self._learner_acts(here.state):
                return []
            gave_up = False
            for action in here.state.legal_actions():
                if budget[0] <= 0:
                    return None
                budget[0] -= 1
                nxt = self._play(here, action)
                self._advance(nxt, line=False)
                if self._succeeded(nxt):
                    return [action]
                deeper = search(nxt, left - 1)
                if deeper:
                    return [action, *deeper]
                gave_up = gave_up or deeper is None
            return None if gave_up else []

        return search(snap, remaining)

    def _solution_rest(self, snap: _Snapshot) -> list[Any] | None:
        """The rest of the author's solution if the learner's moves so far are its start (and it still applies)."""
        solution = self.step.spec.solution
        here = _Snapshot(self.step.start())
        self._advance(here, line=False)
        for notation in solution[:snap.moves]:
            try:
                here = self._play(here, here.state.parse_action(notation))
            except ValueError:
                return None
            self._advance(here, line=False)
        if [str(a) for a in here.played] != list(snap.played):
            return None
        rest = solution[snap.moves:]
        return [snap.state.parse_action(rest[0])] if rest else None


class LessonRun:
    """A learner going through a lesson: the current step's :class:`StepRun`, the stars of every step (the best of
    this run), and moving between steps.

    Args:
        lesson: the lesson.
        best: stars already earned per step (e.g. read back from the browser's storage); kept when better.
    """

    def __init__(self, lesson: Lesson, best: Sequence[int] = ()) -> None:
        self.lesson = lesson
        self.stars = [int(b) if isinstance(b, int) and 0 <= b <= MAX_STARS else 0
                      for b in list(best)[:len(lesson.steps)]]
        self.stars += [0] * (len(lesson.steps) - len(self.stars))
        """The best stars per step (0: not done yet)."""
        self.index = 0
        self.run = StepRun(lesson.steps[0])

    @property
    def step(self) -> Step:
        """The current step."""
        return self.run.step

    @property
    def state(self) -> Any:
        """The current step's position now."""
        return self.run.state

    def _record(self, feedback: Feedback) -> Feedback:
        if feedback.stars is not None:
            self.stars[self.index] = max(self.stars[self.index], feedback.stars)
        return feedback

    def try_action(self, action: Any) -> Feedback:
        """:meth:`StepRun.try_action` on the current step (a success is recorded in :attr:`stars`)."""
        return self._record(self.run.try_action(action))

    def answer(self, items: Iterable[str]) -> Feedback:
        """:meth:`StepRun.answer` on the current step."""
        return self._record(self.run.answer(items))

    def choose(self, option: int) -> Feedback:
        """:meth:`StepRun.choose` on the current step."""
        return self._record(self.run.choose(option))

    def refusal(self, err: IllegalAction) -> Feedback:
        """:meth:`StepRun.refusal` on the current step."""
        return self.run.refusal(err)

    def hint(self) -> Feedback:
        """:meth:`StepRun.hint` on the current step."""
        return self._record(self.run.hint())

    def retry(self) -> None:
        """Start the current step again (its stars so far are kept)."""
        self.run = StepRun(self.step)

    def goto(self, index: int) -> None:
        """Go to step ``index`` (0-based).

        Raises:
            IndexError: outside the lesson.
        """
        if not 0 <= index < len(self.lesson.steps):
            raise IndexError(f"step {index + 1} is outside this lesson (1..{len(self.lesson.steps)})")
        self.index = index
        self.run = StepRun(self.lesson.steps[index])

    def next(self) -> bool:
        """Go to the next step; False (staying) at the last one."""
        if self.index + 1 >= len(self.lesson.steps):
            return False
        self.goto(self.index + 1)
        return True

    @property
    def complete(self) -> bool:
        """True once every step has been done at least once."""
        return all(self.stars)
