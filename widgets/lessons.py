"""The lesson view: a game's own board view with a lesson panel (goal, feedback, hints, progress), for every game.

All judging is :class:`explorer.lessons.LessonRun`'s: the board turns clicks into actions as in the app, and
:class:`LessonBoard` hands each action to the runner instead of playing it; the panel shows the runner's
:class:`~explorer.lessons.Feedback`. What the view adds is only how to show it:

* **do** steps: a refused move shows the engine's reason and rule by the clicked item; a wrong move shows the
  position after it (``Feedback.shown``) until *Take back*; a right move shows the step's position now.
* **find-all** steps: a click toggles an item (outlined magenta); *Check* sends the toggled items' engine keys
  (the board view's ``answer_key``: by default the part of an item id after its kind, ``district:d1`` is ``d1``,
  ``space:c:0`` is ``c:0``; London's ``d-guild-hall`` is ``guild-hall``; see :class:`AnswerKeys`); the missing
  ones (the view's ``answer_items``) are lit in the hint tone and the extra ones in the warning tone, each also
  labelled (:data:`MARK_LABELS`).
* **predict** steps: one button per option.
* the panel (goal, feedback, buttons) stays at the top of the window while the board scrolls under it; feedback is
  toned by kind (:data:`FEEDBACK_TONES`); a game without lessons shows a note (:func:`no_lessons_html`).
* hints light the move with :meth:`~widgets.base.BoardView.emphasise` (grade 2), or the items to find.

Progress (the best stars per step) is kept in the browser's ``localStorage`` by :class:`ProgressStore`, read back
when the page opens; *Reset progress* clears it. Anything unreadable found there is ignored.
"""

from __future__ import annotations

import html
import importlib
import json
import re
from collections.abc import Mapping, Sequence
from typing import Any

import anywidget
import ipywidgets as w
import traitlets

from explorer.core import GAMES, IllegalAction, InvalidData, Record
from explorer.lessons import MAX_STARS, Feedback, Lesson, LessonRun

from .base import BoardView, LiveRegion, PageQuery

__all__ = ["AnswerKeys", "LessonView", "LessonBoard", "ProgressStore", "VIEWS", "item_key", "no_lessons_html",
           "read_progress", "stars_text", "unreadable_html"]

VIEWS = {"london1666": ("widgets.london1666.view", "LondonView", {}),
         "portobello": ("widgets.portobello.view", "PortobelloView", {}),
         "flashpoint": ("widgets.flashpoint.view", "FlashPointView", {"step_chance": False}),
         "bonfire": ("widgets.bonfire.view", "BonfireView", {"step_chance": False})}
"""Per game: the module and class of its board view, and the options a lesson builds it with (chance is the
runner's, so the views that step through chance leave it alone)."""

TAKEN_BACK = "Taken back: try again."
"""How the runner's feedback on a wrong move ends (:meth:`explorer.lessons.StepRun.try_action`)."""

RESET_CONFIRM = "Forget every star?"
"""The *Reset progress* button's words once clicked: a second click forgets every lesson's stars."""
STORAGE_KEY = "rules-explorer:lessons:{game}"
"""The ``localStorage`` key of a game's lesson progress: ``{lesson id: [stars per step]}``."""


def item_key(item: str) -> str:
    """The engine key a board item stands for: its id after the first ``:`` (``district:d1`` → ``d1``)."""
    return item.split(":", 1)[1] if ":" in item else item


class AnswerKeys:
    """How a board's items stand for the engine keys of a find-all answer (the words a selector returns: a
    district id, a square ``3,4``, an edge ``1,3|1,4``). :class:`LessonBoard` puts this class *after* the game's
    view, so a view that defines :meth:`answer_key` and :meth:`answer_items` itself (London's ``d-<district>``,
    Flash Point's spots and figures) is used first; these are the defaults, Portobello's ``kind:key`` ids."""

    def answer_key(self, item: str) -> str | None:
        """The engine key board item ``item`` stands for in a find-all answer, or None if it stands for none (a
        button): by default its id after the first ``:`` (:func:`item_key`), none for a ``btn:`` button."""
        return None if item.startswith("btn:") else item_key(item)

    def answer_items(self, keys: Any) -> list[str]:
        """The board items that show the engine ``keys`` (the reverse of :meth:`answer_key`, used to light the
        missing ones): by default every clickable item of the scene whose key is one of them, in drawing order."""
        wanted = set(keys)
        return [i["id"] for i in self.scene.get("items", [])
                if i.get("id") and i.get("clickable") and self.answer_key(i["id"]) in wanted]


def stars_text(stars: int) -> str:
    """``★★☆`` for 2 of :data:`~explorer.lessons.MAX_STARS` (``·`` for a step not done)."""
    return "★" * stars + "☆" * (MAX_STARS - stars) if stars else "·"


def read_progress(data: Any, lessons: Sequence[Lesson]) -> dict[str, list[int]]:
    """The stars per step of each lesson from what the browser stored (``{lesson id: [stars, ...]}``): entries
    that are not a list of whole numbers 0..3 for a lesson of this game are dropped, nothing is raised."""
    if not isinstance(data, Mapping):
        return {}
    out = {}
    for lesson in lessons:
        value = data.get(lesson.id)
        if isinstance(value, list) and all(isinstance(s, int) and not isinstance(s, bool) and 0 <= s <= MAX_STARS
                                           for s in value):
            out[lesson.id] = list(value[:len(lesson.steps)])
    return out


FEEDBACK_TONES = {"refused": ("#c0392b", "#fdecea"), "wrong": ("#b86e00", "#fff4dc"),
                  "answer": ("#b86e00", "#fff4dc"), "right": ("#2e8b57", "#eef7ef"), "move": ("#2e8b57", "#eef7ef"),
                  "done": ("#2e8b57", "#eef7ef"), "hint": ("#1f5fbf", "#eaf2fd"), "info": ("#8a7a5a", "#faf6ee")}
"""The feedback line's edge and background per :class:`~explorer.lessons.Feedback` kind: red for a refusal, amber
for a legal move or answer that is not the goal, green for a step done, blue for a hint (the board's bubbles use
the same)."""

MARK_LABELS = {"selected": "✓", "hint": "missing", "warning": "✗ not one"}
"""The word written by an item in a find-all step: toggled, still to find, toggled but not one of them. (Some
boards draw an item's outline under other things, Portobello's districts under its roads: the word always shows.)"""

LESSON_CSS = """<style>
.rx-lessons .rx-lesson-intro, .rx-lessons .rx-lesson-goal, .rx-lessons .rx-lesson-feedback { line-height: 1.45; }
.rx-lessons .rx-lesson-panel { position: sticky; top: 0; z-index: 20; background: #ffffff; padding: 2px 0 6px;
  border-bottom: 1px solid #e4dccb; max-height: 45vh; overflow-y: auto; }
.rx-lessons .rx-lesson-option { text-align: left; }
.rx-lessons .rx-lesson-option-wrong { text-decoration: line-through; }
.rx-lessons .rx-board { max-height: calc(100vh - 210px); }
/* sticky needs every box between the panel and the page's scroller to let it out (JupyterLab's output area
   clips and scrolls): only around a lesson view */
.jp-OutputArea:has(.rx-lessons), .jp-OutputArea-child:has(.rx-lessons), .jp-OutputArea-output:has(.rx-lessons) {
  overflow: visible; }
/* a find-all's "not one" mark: the warning tone drawn wider than on a game board, so its dots stand out from
   the lines a board draws in dark brown (London's city wall, Flash Point's walls) */
.rx-lessons svg.rx-board .rx-hl-warning, .rx-lessons svg.rx-board .highlight.warning { stroke-width: 6px !important; }
/* a lesson's board shows one position at a time: no game to step through */
.rx-lessons .rx-controls, .rx-lessons .rx-position { display: none; }
</style>"""
"""The lesson view's own styles: the panel (goal, feedback, buttons) stays in sight while the board scrolls under
it, and the board's step and undo controls are hidden (the lesson's buttons take their place)."""

_NOTE = ("max-width:860px;padding:10px 14px;border-left:4px solid {edge};background:{ground};font-size:14px;"
         "line-height:1.45")


def _title(game: str) -> str:
    info = GAMES.get(game)
    return info.title if info is not None else game


def no_lessons_html(game: str) -> str:
    """What the lesson view shows for a game that has no lessons yet: a friendly note, and where to learn instead."""
    return (f"<div class='rx-lessons-empty' role='status' style='{_NOTE.format(edge='#8a7a5a', ground='#faf6ee')}'>"
            f"<b>No lessons for {html.escape(_title(game))} yet.</b> They are being written. Until they arrive, the "
            f"tutorials (linked at the top of this page) walk through the rules on the board, and the app lets "
            f"you play: every move you try there is checked too.</div>")


def unreadable_html(game: str, problems: Sequence[str]) -> str:
    """What the lesson view shows when a lesson file cannot be read: a short apology, then the problems (for the
    lesson's author; ``python -m explorer.lessons check`` lists them too)."""
    items = "".join(f"<li><code>{html.escape(p)}</code></li>" for p in problems[:20])
    more = f"<li>… and {len(problems) - 20} more</li>" if len(problems) > 20 else ""
    return (f"<div class='rx-lessons-empty rx-lessons-broken' role='status' "
            f"style='{_NOTE.format(edge='#b5651d', ground='#fdf1e6')}'>"
            f"<b>The lessons of {html.escape(_title(game))} cannot be opened right now:</b> a lesson file has "
            f"problems (below, for its author). The tutorials and the app (linked at the top of this page) work as "
            f"usual.<ul style='font-size:12px;margin:6px 0 0'>{items}{more}</ul></div>")


class ProgressStore(anywidget.AnyWidget):
    """The browser's memory of a game's lessons: on display it reads ``localStorage[key]`` into ``stored``
    (``{}`` if missing or unreadable); whenever ``saved`` changes it writes it back (``{}`` clears it)."""

    _esm = """
    export default { render({ model, el }) {
      el.style.display = "none";
      const key = model.get("key");
      let data = {};
      try { data = JSON.parse(window.localStorage.getItem(key) || "{}"); } catch (e) { data = {}; }
      if (!data || typeof data !== "object" || Array.isArray(data)) { data = {}; }
      model.set("stored", data); model.set("loaded", true); model.save_changes();
      model.on("change:saved", () => {
        try { window.localStorage.setItem(key, JSON.stringify(model.get("saved"))); } catch (e) { /* private mode */ }
      });
    } };
    """
    key = traitlets.Unicode("").tag(sync=True)
    stored = traitlets.Dict().tag(sync=True)
    saved = traitlets.Dict().tag(sync=True)
    loaded = traitlets.Bool(False).tag(sync=True)


class LessonBoard:
    """Mixed into a game's board view for a lesson: actions go to the lesson (``lesson_view.on_action``), refusals
    to its panel, and in a find-all step a click toggles an item instead of playing.

    Attributes:
        lesson_view: the :class:`LessonView` this board belongs to.
        mode: ``"play"`` (do steps), ``"find"`` (find-all), ``"look"`` (a predict step, or a wrong move shown
            until it is taken back: clicks only say what to do).
        toggled: the items toggled in a find-all step; ``marked``: ``{item: tone}`` after a check or a hint.
        learner: the seat the learner plays in the step (a board may show that seat's own secrets: London's).

    In a find-all step the game's view says which engine key a board item stands for and which items show a key
    (``answer_key`` and ``answer_items``: :class:`AnswerKeys` has the defaults and the contract).
    """

    lesson_view: "LessonView | None" = None
    mode = "play"

    def _lesson_setup(self, lesson_view: "LessonView") -> None:
        self.lesson_view = lesson_view
        self.toggled: list[str] = []
        self.marked: dict[str, str] = {}

    def play(self, action: Any) -> bool:
        """Hand ``action`` to the lesson instead of playing it; True if the lesson played it."""
        return self.lesson_view.on_action(action) if self.lesson_view else BoardView.play(self, action)

    def play_plan(self, plan: Any) -> bool:
        """A plan's actions go to the lesson one by one; it stops at the first one the lesson does not play on."""
        for action in plan.actions:
            if not self.play(action) or self.mode != "play":
                return False
        return True

    def refuse(self, err: ValueError) -> None:
        """A click the engine refused: shown with the lesson's words (the trap's comment, if any)."""
        if self.lesson_view is not None and isinstance(err, IllegalAction):
            self.lesson_view.on_refusal(err)
        else:
            BoardView.refuse(self, err)

    def answer_item(self, target: str) -> str | None:
        """The item a find-all click on ``target`` toggles: ``target`` itself, or the item it stands on when it is
        drawn over one (a pawn over its district: :meth:`AnswerKeys.answer_items` does not list it); None if it
        stands for no key (a button)."""
        key = self.answer_key(target)
        if key is None:
            return None
        shown = self.answer_items([key])
        return target if target in shown or not shown else shown[0]

    def click(self, target: str) -> None:
        """Toggle ``target`` in a find-all step; explain in "look" mode; else the board's own click model."""
        if self.mode == "find":
            self._at = target
            try:
                item = self.answer_item(target)
                if item is None:
                    self.refresh({"kind": "info", "text": "That is not one of the things to pick here: click the "
                                                          "items asked for, then “Check”."})
                    return
                if item in self.toggled:
                    self.toggled.remove(item)
                else:
                    self.toggled.append(item)
                self.marked.pop(item, None)
                self.refresh({"kind": "info", "text": f"{len(self.toggled)} picked: press “Check” when done."})
            finally:
                self._at = None
            return
        if self.mode == "look":
            self._at = target
            try:
                text = (self.lesson_view.look_text() if self.lesson_view else "") or "Nothing to click here."
                self.refresh({"kind": "info", "text": text})
            finally:
                self._at = None
            return
        BoardView.click(self, target)

    def clickable_targets(self) -> set[str]:
        """In a find-all step every item with an id may be toggled."""
        if self.mode == "find":
            return {i["id"] for i in self.scene.get("items", []) if i.get("id") and i.get("clickable")
                    and self.answer_key(i["id"]) is not None}
        return BoardView.clickable_targets(self)

    def selected_items(self) -> list[str]:
        """In a find-all step the toggled items are drawn as picked, as the board draws a pick (a tinted district)."""
        if self.mode == "find":
            return [*self.toggled, *(i for i, tone in self.marked.items() if tone == "selected")]
        return BoardView.selected_items(self)

    def highlights_for(self, state: Any) -> dict[str, dict[str, str]]:
        """Find-all: the toggled items (``selected``) and the checked ones (hint / warning); look: nothing lit."""
        if self.mode == "find":
            marks, labelled = {}, set()
            for item, tone in self.marked.items():  # one word per key: a square and its parking spot share one
                key = (self.answer_key(item), tone)
                marks[item] = {"label": "" if key in labelled else MARK_LABELS.get(tone, ""), "tone": tone}
                labelled.add(key)
            marks.update({item: {"label": MARK_LABELS["selected"], "tone": "selected"} for item in self.toggled
                          if self.marked.get(item) != "warning"})  # a pick that is not one stays marked so
            return marks
        if self.mode == "look":
            return {}
        return BoardView.highlights_for(self, state)


_CLASSES: dict[str, type] = {}


def _board_class(game: str) -> tuple[type, dict[str, Any]]:
    module, name, options = VIEWS[game]
    if game not in _CLASSES:
        base = getattr(importlib.import_module(module), name)
        _CLASSES[game] = type(f"Lesson{name}", (LessonBoard, base, AnswerKeys), {"__doc__": f"{name} in a lesson."})
    return _CLASSES[game], options


class LessonView(w.VBox):
    """A game's lessons: the list with each lesson's stars, then the chosen lesson on the game's board.

    Args:
        game: the game's key.
        lessons: the lessons (default ``explorer.load_lessons(game)``).
        lesson: the index of the lesson opened first.
        store: keep progress in the browser (``False`` in tests that have no browser).

    The widgets a test or a page may drive: ``hint_button``, ``retry_button``, ``next_button``,
    ``takeback_button``, ``check_button``, ``reset_button``, ``option_buttons``, ``strip`` (one button per step),
    ``picker`` (the lesson list), ``board``; ``feedback`` is the last :class:`Feedback` shown.
    """

    def __init__(self, game: str, lessons: Sequence[Lesson] | None = None, *, lesson: int = 0,
                 store: bool = True) -> None:
        super().__init__()
        from explorer import load_lessons

        self.game = game
        self.progress: dict[str, list[int]] = {}
        self.feedback: Feedback | None = None
        self.store = ProgressStore(key=STORAGE_KEY.format(game=game)) if store else None
        self.add_class("rx-lessons")
        self.layout.overflow = "visible"  # a box clips and scrolls by default; the sticky panel needs the page's
        try:
            self.lessons = tuple(load_lessons(game) if lessons is None else lessons)
        except InvalidData as err:
            self.lessons = ()
            self.children = [w.HTML(unreadable_html(game, err.problems))]
            return
        if not self.lessons:
            self.children = [w.HTML(no_lessons_html(game))]
            return
        self.picker = w.Dropdown(description="Lesson", layout=w.Layout(width="520px"))
        self.intro = w.HTML()
        self.header = w.HTML()
        self.strip = w.HBox(layout=w.Layout(flex_flow="row wrap"))
        self.live = w.HTML()
        self.announcer = LiveRegion()
        self.hint_button = w.Button(description="Hint", icon="lightbulb-o", tooltip="A hint (costs a star)")
        self.retry_button = w.Button(description="Try again", icon="refresh",
                                     tooltip="Start this step afresh: a clean try can earn all three stars, and "
                                             "your best result is kept")
        self.takeback_button = w.Button(description="Take back", icon="undo", button_style="warning",
                                        tooltip="Take the wrong move back and try again")
        self.check_button = w.Button(description="Check", icon="check", button_style="primary",
                                     tooltip="Check the items you picked")
        self.next_button = w.Button(description="Next step", icon="arrow-right", button_style="success")
        self.reset_button = w.Button(description="Reset progress", tooltip="Forget the stars of every lesson")
        self.options = w.VBox(layout=w.Layout(align_items="flex-start", overflow="visible"))
        for widget, name in ((self.picker, "picker"), (self.strip, "strip"), (self.hint_button, "hint"),
                             (self.retry_button, "retry"), (self.takeback_button, "takeback"),
                             (self.check_button, "check"), (self.next_button, "next"),
                             (self.reset_button, "reset"), (self.options, "options")):
            widget.add_class(f"rx-lesson-{name}")
        for button, handler in ((self.hint_button, self.on_hint), (self.retry_button, self.on_retry),
                                (self.takeback_button, self.on_takeback), (self.check_button, self.on_check),
                                (self.next_button, self.on_next), (self.reset_button, self.on_reset_click)):
            button.on_click(lambda _b, h=handler: h())
        self.option_buttons: list[w.Button] = []
        self.run = LessonRun(self.lessons[lesson])
        board_class, options = _board_class(game)
        self.board = board_class(Record.from_state(self.run.state), title="", **options)
        self.board._lesson_setup(self)
        self._quiet = False
        self._refresh_picker(lesson)
        self.picker.observe(self._on_pick, names="value")
        controls = w.HBox([self.hint_button, self.retry_button, self.takeback_button, self.check_button,
                           self.next_button])
        panel = w.VBox([self.strip, self.header, self.live, self.announcer, self.options, controls],
                       layout=w.Layout(max_width="940px"))  # as wide as the board: its side panel stays in sight
        panel.add_class("rx-lesson-panel")
        parts = [w.HTML(LESSON_CSS), self.picker, self.intro, panel, self.board, w.HBox([self.reset_button])]
        if self.store is not None:
            parts.append(self.store)
            self.store.observe(self._on_stored, names="stored")
            self.query = PageQuery()  # lessons.ipynb?lesson=<id>&step=<n> opens that step (the rules reference links)
            self.query.observe(self._on_query, names="query")
            parts.append(self.query)
        self.children = parts
        self.open_lesson(lesson)

    # ---- moving between lessons and steps ---------------------------------------------------------------------
    def _picker_options(self) -> list[tuple[str, int]]:
        out = []
        for n, lesson in enumerate(self.lessons):
            stars = self.progress.get(lesson.id, [])
            got = sum(stars)
            out.append((f"{n + 1}. {lesson.title} — {len(lesson.steps)} steps, {got}/{MAX_STARS * len(lesson.steps)} ★",
                        n))
        return out

    def _refresh_picker(self, value: int | None = None) -> None:
        """Rewrite the lesson list's stars, keeping the lesson chosen (without reopening it)."""
        value = self.picker.value if value is None else value
        options = self._picker_options()
        if list(self.picker.options) == options and self.picker.value == value:
            return
        self._quiet = True
        try:
            self.picker.options = options
            self.picker.value = value
        finally:
            self._quiet = False

    def _on_pick(self, change: dict[str, Any]) -> None:
        if not self._quiet and change["new"] is not None:
            self.open_lesson(change["new"])

    def open_lesson(self, index: int) -> None:
        """Open lesson ``index`` at its first step not done yet (its best stars kept)."""
        lesson = self.lessons[index]
        self.run = LessonRun(lesson, best=self.progress.get(lesson.id, ()))
        first = next((n for n, s in enumerate(self.run.stars) if not s), 0)
        self.intro.value = (f"<div class='rx-lesson-intro' style='max-width:1100px;font-size:14px'>"
                            f"{html.escape(lesson.intro)}</div>")
        self.goto(first)

    def goto(self, index: int) -> None:
        """Go to step ``index`` of the open lesson."""
        self.reset_button.description, self.reset_button.button_style = "Reset progress", ""
        self.run.goto(index)
        self.feedback = None
        self._show_step()

    def _show_step(self, message: dict[str, str] | None = None) -> None:
        step = self.run.step
        self.board.mode = {"do": "play", "find-all": "find", "predict": "look"}[step.kind]
        self.board.toggled, self.board.marked = [], {}
        self.board.learner = self.run.run.seat  # the seat the board is shown for (London: whose secrets)
        self._show_state(self.run.state, message)
        lesson = self.run.lesson
        self.header.value = (f"<div class='rx-lesson-goal' style='font-size:15px;margin:6px 0'>"
                             f"<b>Step {self.run.index + 1} of {len(lesson.steps)}</b> · {html.escape(step.goal)}</div>")
        self.option_buttons = []
        if step.kind == "predict":
            for n, option in enumerate(step.spec.options):
                button = w.Button(description=option.text, layout=w.Layout(width="auto", max_width="1000px"))
                button.add_class("rx-lesson-option")
                button.on_click(lambda _b, k=n: self.on_choose(k))
                self.option_buttons.append(button)
        self.options.children = self.option_buttons
        self._say(None)

    def _show_state(self, state: Any, message: dict[str, str] | None = None) -> None:
        board = self.board
        board.record = Record.from_state(state)
        board._events_from = 0
        board.selection = board.emphasis = None
        board.refresh(message)

    # ---- the board's callbacks --------------------------------------------------------------------------------
    def on_action(self, action: Any) -> bool:
        """An action the board would play: judged by the runner; True if it stays played."""
        fb = self.run.try_action(action)
        return self._apply(fb)

    def on_refusal(self, err: IllegalAction) -> None:
        """A click the engine refused (the board asked it): the lesson's feedback, nothing changes."""
        self._apply(self.run.refusal(err))

    def look_text(self) -> str:
        """What a click on the board says when it plays nothing (a predict step, a wrong move shown)."""
        if self.takeback_button.layout.display != "none" and self.feedback and self.feedback.kind == "wrong":
            return "This is what your move did: press “Take back” to try again."
        return "Choose one of the answers above the board."

    def _apply(self, fb: Feedback) -> bool:
        self.feedback = fb
        rule = {"rule": fb.rule, "title": fb.rule_title} if fb.rule else {}
        if fb.kind == "refused":
            self.board.refresh({"kind": "illegal", "text": fb.text, **rule})
            self._say(fb)
            return False
        if fb.kind == "wrong" and fb.shown is not None:
            self.board.mode = "look"
            self._show_state(fb.shown, {"kind": "error", "text": self._words(fb), **rule})
            self._say(fb)
            return False
        if fb.kind in ("right", "move", "done"):
            if fb.done:
                self.board.mode = "look"
            self._show_state(self.run.state, {"kind": "done", "text": fb.text, **rule})
            self._remember()
            self._say(fb)
            return True
        self.board.refresh({"kind": "info", "text": fb.text})
        self._say(fb)
        return False

    # ---- the panel's buttons ----------------------------------------------------------------------------------
    def on_hint(self) -> None:
        """The next hint grade: its text, and on the board the move (grade 2) or the items to find."""
        step = self.run.step
        if self.feedback is not None and self.feedback.kind == "wrong" and step.kind == "do":
            self.on_takeback()
        fb = self.run.hint()
        if fb.kind in ("done", "right", "move") and fb.grade == 3 and step.kind != "find-all":
            self._apply(fb)
            return
        self.feedback = fb
        if step.kind == "find-all":
            self.board.marked.update({item: "hint" for item in self._items_of(fb.missing)})
            self.board.refresh({"kind": "info", "text": fb.text})
        elif step.kind == "do" and fb.actions and fb.grade >= 2:
            try:
                self.board.emphasise(fb.actions, caption="try this")
            except ValueError:
                pass
            self.board.refresh({"kind": "info", "text": fb.text})
        else:
            self.board.refresh({"kind": "info", "text": fb.text})
        self._say(fb)

    def on_retry(self) -> None:
        """Start the step again."""
        self.run.retry()
        self.feedback = None
        self._show_step()

    def on_takeback(self) -> None:
        """Take a wrong move back: the step's position as it was."""
        self.feedback = None
        step = self.run.step
        self.board.mode = {"do": "play", "find-all": "find", "predict": "look"}[step.kind]
        self._show_state(self.run.state, {"kind": "info", "text": "Taken back: try again."})
        self._say(None, "Taken back: try again.")

    def on_check(self) -> None:
        """Send the find-all step's toggled items."""
        board = self.board
        fb = self.run.answer([board.answer_key(i) for i in board.toggled])
        self.feedback = fb
        if fb.kind == "answer":
            marks = {item: "hint" for item in self._items_of(fb.missing)}
            # a pick that is not one stays picked, marked "not one": a click on it unpicks it (it is not dropped
            # behind the learner's back, so the next click does not pick it again)
            marks.update({item: "warning" for item in board.toggled if board.answer_key(item) in fb.extra})
            self.board.marked = marks
            self.board.refresh({"kind": "error", "text": fb.text})
        elif fb.done:
            self.board.marked = {item: "selected" for item in self.board.toggled}
            self.board.mode = "look"
            self.board.refresh({"kind": "done", "text": fb.text})
            self._remember()
        self._say(fb)

    def on_choose(self, option: int) -> None:
        """A predict step's answer."""
        fb = self.run.choose(option)
        if fb.kind == "wrong" and 0 <= option < len(self.option_buttons):
            self.option_buttons[option].disabled = True
            self.option_buttons[option].add_class("rx-lesson-option-wrong")  # struck through: tried, not it
        elif fb.done and 0 <= option < len(self.option_buttons):
            self.option_buttons[option].button_style = "success"  # the answer stays readable once all are locked
        self._apply(fb) if fb.done else self._say(fb)
        self.feedback = fb

    def open_from_address(self, query: str) -> bool:
        """Open the lesson and step a page address names (``?lesson=where-the-fire-goes&step=4``, the step counted
        from 1); an unknown lesson or step changes nothing. True if it opened one."""
        import urllib.parse

        fields = urllib.parse.parse_qs(query.lstrip("?"))
        wanted = (fields.get("lesson") or [""])[0]
        index = next((n for n, lesson in enumerate(self.lessons) if lesson.id == wanted), None)
        if index is None:
            return False
        if self.picker.value != index:
            self.picker.value = index
        step = (fields.get("step") or ["1"])[0]
        if step.isdigit() and 1 <= int(step) <= len(self.lessons[index].steps):
            self.goto(int(step) - 1)
        return True

    def _on_query(self, change: dict[str, Any]) -> None:
        self.open_from_address(change["new"])

    def on_next(self) -> None:
        """The next step (or, after the last, the next lesson)."""
        if not self.run.next():
            index = self.lessons.index(self.run.lesson)
            if index + 1 < len(self.lessons):
                self.picker.value = index + 1
            return
        self.feedback = None
        self._show_step()
        self.hint_button.focus()  # a keyboard user goes on from the new step's first control

    def on_reset_click(self) -> None:
        """The *Reset progress* button: the first click asks, a second one forgets every star."""
        if self.reset_button.description == RESET_CONFIRM:
            self.reset_button.description, self.reset_button.button_style = "Reset progress", ""
            self.on_reset()
        else:
            self.reset_button.description, self.reset_button.button_style = RESET_CONFIRM, "danger"
            self._say(self.feedback, "Press the red button again to forget the stars of every lesson; anything "
                                     "else keeps them.")

    def on_reset(self) -> None:
        """Forget every lesson's stars (here and in the browser)."""
        self.reset_button.description, self.reset_button.button_style = "Reset progress", ""
        self.progress = {}
        self.run.stars = [0] * len(self.run.stars)
        if self.store is not None:
            self.store.saved = {}
        self._refresh_picker()
        self._say(self.feedback, "Progress reset.")

    # ---- progress -------------------------------------------------------------------------------------------
    def _on_stored(self, change: dict[str, Any]) -> None:
        self.progress = read_progress(change["new"], self.lessons)
        lesson = self.run.lesson
        best = self.progress.get(lesson.id, [])
        self.run.stars = [max(a, b) for a, b in zip(self.run.stars, [*best, *[0] * len(self.run.stars)])]
        self._render_strip()
        self._refresh_picker()

    def _remember(self) -> None:
        self.progress[self.run.lesson.id] = list(self.run.stars)
        if self.store is not None:
            self.store.saved = {k: list(v) for k, v in self.progress.items()}

    def _items_of(self, keys: Any) -> list[str]:
        """The board items that show engine ``keys`` (the view's :meth:`~AnswerKeys.answer_items`)."""
        return self.board.answer_items(keys)

    # ---- the panel --------------------------------------------------------------------------------------------
    def _render_strip(self) -> None:
        buttons = []
        for n, stars in enumerate(self.run.stars):
            button = w.Button(description=f"{n + 1} {stars_text(stars)}", layout=w.Layout(width="auto"),
                              tooltip=f"Step {n + 1}: {stars} of {MAX_STARS} stars" if stars else f"Step {n + 1}",
                              button_style="info" if n == self.run.index else "")
            button.add_class("rx-lesson-step")
            button.on_click(lambda _b, k=n: self.goto(k))
            buttons.append(button)
        self.strip.children = buttons

    def _words(self, fb: Feedback) -> str:
        """The feedback's sentence as this view acts: a wrong move stays shown until *Take back* is pressed (the
        runner, which takes it back itself, says it is taken back)."""
        text = fb.text
        if fb.kind == "wrong" and self.run.step.kind == "do" and text.endswith(TAKEN_BACK):
            text = text[:-len(TAKEN_BACK)].rstrip()
            ended = text.endswith((".", "!", "?", ":", ".)", "!)", "?)"))  # "(And 2 more.)" has its stop
            stop = "" if not text or ended else "."  # "... (1 AP). Press ..."
            text = f"{text}{stop} Press “Take back” to try again.".lstrip()
        return text

    def _prompt(self) -> str:
        """What the feedback line says before any try."""
        return {"do": "Your move: click on the board.", "find-all": "Click every item asked for, then “Check”.",
                "predict": "Choose an answer below."}[self.run.step.kind]

    def _say(self, fb: Feedback | None, text: str = "") -> None:
        step = self.run.step
        if fb is not None:
            words = {"refused": "Not allowed", "wrong": "Not quite", "right": "Good", "move": "Played",
                     "done": "Done", "hint": f"Hint {fb.grade} of 3", "answer": "Not yet", "info": ""}[fb.kind]
        kind = fb.kind if fb is not None else "info"
        edge, ground = FEEDBACK_TONES.get(kind, FEEDBACK_TONES["info"])
        if fb is not None:
            rule = (f"<div style='font-size:12px;color:#555'>rule <code>{html.escape(fb.rule)}</code> · "
                    f"{html.escape(fb.rule_title)}</div>") if fb.rule else ""
            stars = (f" <span aria-label='{fb.stars} of {MAX_STARS} stars' style='color:#b8860b;font-size:16px'>"
                     f"{stars_text(fb.stars)}</span>" if fb.stars else "")
            label = f"<b style='color:{edge}'>{words}</b>" if words else ""
            text = self._words(fb)
            if words and text.lower().startswith(words.lower()):  # "Not yet: 3 missing", not "Not yet · Not yet: ..."
                text = text[len(words):].lstrip(" :.").strip()
            body = f"{label}{stars}{' · ' if words and text else ''}{html.escape(text)}{rule}"
        else:
            body = html.escape(text or self._prompt())
        self.announcer.say(" ".join(html.unescape(re.sub(r"<[^>]+>", " ", body)).split()))
        self.live.value = (f"<div class='rx-lesson-feedback rx-fb-{kind}' "
                           f"style='min-height:4.3em;padding:6px 10px;border-left:4px solid {edge};"
                           f"background:{ground};max-width:1100px'>{body}</div>")
        done = self.run.run.done
        wrong_shown = fb is not None and fb.kind == "wrong" and step.kind == "do"
        self.takeback_button.layout.display = "" if wrong_shown else "none"
        self.check_button.layout.display = "" if step.kind == "find-all" and not done else "none"
        self.hint_button.disabled = done
        last = self.run.index + 1 >= len(self.run.lesson.steps)
        more = self.lessons.index(self.run.lesson) + 1 < len(self.lessons)
        self.next_button.disabled = not done or (last and not more)
        self.next_button.description = "Next lesson" if last and more else "Next step"
        for button in self.option_buttons:
            if done:
                button.disabled = True
        self._render_strip()
        self._refresh_picker()

    def to_json(self) -> str:
        """The lesson's state for a test or a log: lesson, step, stars, last feedback (JSON)."""
        return json.dumps({"lesson": self.run.lesson.id, "step": self.run.index, "stars": self.run.stars,
                           "feedback": self.feedback.to_dict() if self.feedback else None})
