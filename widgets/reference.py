"""The rules reference of a game: every rule of its table, searchable as you type, each shown acting on a board.

A thin view over data and functions in ``explorer``: :meth:`explorer.core.RuleTable.search` filters,
:func:`explorer.core.examples.example_outcome` gives a rule's example (a position and one action that emits an
event under the rule or is refused under it), :func:`explorer.core.examples.related_rules` the rules to read
next, and :func:`explorer.lessons.check.where_taught` the lesson steps that cite the rule; the tutorial sections
citing it are found in the game's tutorial notebooks.

The example is drawn on the game's own board view (the one the app uses): its action is lit, *Play it* plays it
and lists its events with the one citing the rule marked, or, for a rule that forbids, shows the engine's
refusal; *Back to the start* sets the position again. Moves clicked on the board are played as in the app.

A page opens on a rule named in its address (``rules.ipynb?rule=london.fire.priority``): the apps' rule links
point there.
"""

from __future__ import annotations

import html
import importlib
import json
import urllib.parse
from functools import cache
from pathlib import Path
from typing import Any

import ipywidgets as w

from explorer.core import Record, game_module
from explorer.core.examples import example_outcome, related_rules

from .base import LiveRegion, PageQuery
from .lessons import VIEWS

__all__ = ["RulesReference", "PageQuery", "TOPIC_NAMES", "tutorial_sections", "rule_from_query"]

NOTEBOOKS = Path(__file__).resolve().parents[1] / "notebooks"
"""Where the game's tutorials are (for "where this rule is taught")."""

TOPIC_NAMES = {"board": "The board", "setup": "Set-up", "turn": "The turn", "fire": "The fire",
               "actions": "Actions", "draw": "Drawing", "end": "The end", "score": "Scoring",
               "option": "Optional rules", "assume": "Our assumptions", "ed": "Extreme Danger",
               "great-bonfire": "The great bonfire", "pay": "Paying", "poi": "Points of interest",
               "deck-gun": "Deck gun", "crew-change": "Crew change"}
"""How a topic (the second part of a rule id) is named in the filter; others are capitalised."""

REFERENCE_CSS = """<style>
.rx-reference .rx-ref-entry, .rx-reference .rx-ref-entry *, .rx-reference .rx-ref-events,
.rx-reference .rx-ref-events * { line-height: 1.4; }
.rx-reference .rx-ref-entry { max-width: 900px; }
.rx-reference .rx-ref-entry h3 { margin: 2px 0 4px; }
.rx-reference .rx-ref-entry p { margin: 6px 0; }
.rx-reference .rx-ref-badge { display: inline-block; padding: 0 6px; border-radius: 8px; font-size: 12px;
  background: #fff1cc; color: #6b4e00; border: 1px solid #e0c36a; vertical-align: middle; }
.rx-reference .rx-ref-events { font-size: 13px; }
.rx-reference .rx-ref-events ol { margin: 2px 0 6px; }
.rx-reference .rx-ref-events li.rx-cited { font-weight: 600; }
.rx-reference .rx-ref-events li.rx-cited::after { content: "  ← this rule"; color: #1f6f8b; font-weight: 600; }
.rx-reference .rx-ref-related button { max-width: 300px; }
/* the reference shows one example at a time: no game to step through */
.rx-reference .rx-controls, .rx-reference .rx-position { display: none; }
</style>"""


def topic_name(topic: str) -> str:
    """The filter's name for ``topic`` (``score`` → "Scoring")."""
    return TOPIC_NAMES.get(topic, topic.replace("-", " ").capitalize())


def rule_from_query(query: str) -> str | None:
    """The rule id named by a page address's query string (``?rule=london.fire.priority``), if any."""
    values = urllib.parse.parse_qs(query.lstrip("?")).get("rule")
    return values[0] if values else None


@cache
def tutorial_sections(game: str) -> dict[str, list[tuple[str, str, str]]]:
    """Where the game's tutorials cite each rule: ``{rule id: [(notebook file, tutorial title, section), ...]}``,
    found by the rule ids in each code cell and its stored output, under the nearest heading above it."""
    rules = set(game_module(game).RULES)
    found: dict[str, list[tuple[str, str, str]]] = {}
    for path in sorted((NOTEBOOKS / game).glob("0*.ipynb")):
        cells = json.loads(path.read_text(encoding="utf-8")).get("cells", [])
        title, section = path.stem, ""
        for cell in cells:
            text = "".join(cell.get("source", ""))
            if cell.get("cell_type") == "markdown":
                for line in text.splitlines():
                    if line.startswith("# "):
                        title = line[2:].strip()
                    elif line.startswith("## ") or line.startswith("### "):
                        section = line.lstrip("#").strip()
                continue
            outputs = json.dumps(cell.get("outputs", []))
            for rule in rules:
                if rule in text or rule in outputs:
                    here = (path.name, title, section)
                    if here not in found.setdefault(rule, []):
                        found[rule].append(here)
    return found


def _board_class(game: str) -> tuple[type, dict[str, Any]]:
    module, name, options = VIEWS[game]
    return getattr(importlib.import_module(module), name), options


class RulesReference(w.VBox):
    """A game's rules reference: search, filters, the list, and the chosen rule with its example on a board.

    Args:
        game: the game's key.
        rule: the rule shown first (default: the one the page's address names, else the first).
        page: read the rule from the page's address (``False`` where there is no browser).

    The parts a test or a page may drive: ``search`` (text), ``topic`` (dropdown), ``assumptions_only``
    (checkbox), ``results`` (the list), ``play_button``, ``back_button``, ``related`` (buttons), ``board``;
    :meth:`show` opens a rule.
    """

    def __init__(self, game: str, *, rule: str | None = None, page: bool = True) -> None:
        super().__init__()
        self.add_class("rx-reference")
        self.game = game
        self.rules = game_module(game).RULES
        self.search = w.Text(placeholder="Search: a word in English or Portuguese, a question, or a rule id",
                             continuous_update=True, layout=w.Layout(width="420px"))
        self.topic = w.Dropdown(options=[("Every part of the game", "")] +
                                [(topic_name(t), t) for t in self.rules.topics()],
                                layout=w.Layout(width="230px"))
        self.assumptions_only = w.Checkbox(description="our assumptions only", indent=False,
                                           layout=w.Layout(width="190px"))
        self.count = w.HTML()
        self.results = w.Select(rows=16, layout=w.Layout(width="420px"))
        self.entry = w.HTML()
        self.entry.add_class("rx-ref-entry")
        self.related = w.HBox(layout=w.Layout(flex_flow="row wrap"))
        self.related.add_class("rx-ref-related")
        self.play_button = w.Button(description="Play it", icon="play", button_style="primary",
                                    tooltip="Play the example's action on the board")
        self.back_button = w.Button(description="Back to the start", icon="undo",
                                    tooltip="Set the example's position again")
        self.events = w.HTML()
        self.events.add_class("rx-ref-events")
        self.announcer = LiveRegion()
        self.play_button.on_click(lambda _b: self.play_example())
        self.back_button.on_click(lambda _b: self.show(self.current))
        board_class, options = _board_class(game)
        self.outcome = None
        self.current = ""
        start = next(iter(self.rules))
        self.board = board_class(Record.from_state(game_module(game).new_game(seed=0)), title="", **options)
        self.example_box = w.VBox([w.HBox([self.play_button, self.back_button]), self.events, self.board])
        for widget, name in ((self.search, "search"), (self.topic, "topic"), (self.assumptions_only, "assumptions"),
                             (self.results, "results"), (self.play_button, "play"), (self.back_button, "back")):
            widget.add_class(f"rx-ref-{name}")
        for widget in (self.search, self.topic, self.assumptions_only):
            widget.observe(lambda _change: self.filter(), names="value")
        self.results.observe(self._on_pick, names="value")
        top = w.HBox([self.search, self.topic, self.assumptions_only, self.count],
                     layout=w.Layout(flex_flow="row wrap", align_items="center"))
        body = w.HBox([self.results, w.VBox([self.entry, self.related], layout=w.Layout(flex="1"))])
        parts: list[w.Widget] = [w.HTML(REFERENCE_CSS), top, body, self.announcer, self.example_box]
        self.query = PageQuery() if page and rule is None else None
        if self.query is not None:
            parts.append(self.query)
            self.query.observe(self._on_query, names="query")
        self.children = parts
        self.filter()
        self.show(rule if rule is not None else start)

    # ---- the list -------------------------------------------------------------------------------------------------
    def filter(self) -> list[str]:
        """Apply the search text and the filters to the list; returns the ids listed, best first."""
        found = self.rules.search(self.search.value, topic=self.topic.value or None,
                                  assumptions_only=self.assumptions_only.value)
        ids = [r.id for r in found]
        keep = self.current if self.current in ids else None
        self._quiet = True
        self.results.options = [(f"{r.title} · {r.id}", r.id) for r in found]
        self.results.value = keep
        self._quiet = False
        if keep is None and ids and self.current:  # the entry shown always belongs to the list: the best match
            self.show(ids[0])
        words = f"{len(ids)} of {len(self.rules)} rules"
        self.count.value = f"<span style='margin-left:8px;color:#555'>{words}</span>"
        if self.search.value.strip() and not ids:
            self.count.value += ("<div style='color:#8a5a00'>Nothing matches: try one word, or the Portuguese "
                                 "term.</div>")
        self.announcer.say(words if ids or not self.search.value.strip() else "No rule matches")
        return ids

    def _on_pick(self, change: dict[str, Any]) -> None:
        if not getattr(self, "_quiet", False) and change["new"]:
            self.show(change["new"])

    def _on_query(self, change: dict[str, Any]) -> None:
        rule = rule_from_query(change["new"])
        if rule in self.rules:
            self.show(rule)

    # ---- one rule -------------------------------------------------------------------------------------------------
    def show(self, rule_id: str) -> None:
        """Open ``rule_id``'s entry and set its example on the board.

        Raises:
            KeyError: if the game has no such rule (the message lists known ids).
        """
        rule = self.rules[rule_id]
        self.current = rule_id
        if self.results.value != rule_id and any(v == rule_id for _, v in self.results.options):
            self._quiet = True
            self.results.value = rule_id
            self._quiet = False
        self.outcome = example_outcome(self.game, rule_id)
        self.entry.value = self._entry_html(rule)
        self.related.children = [self._related_button(other) for other in related_rules(self.game, rule_id)]
        self.events.value = ""
        if self.outcome is None:
            self.example_box.layout.display = "none"
            return
        self.example_box.layout.display = ""
        self._set_board(self.outcome.state)
        self.play_button.disabled = False
        self.play_button.description = "Try it" if self.outcome.refusal is not None else "Play it"
        if self.outcome.refusal is None:
            try:
                self.board.emphasise([self.outcome.action], tone="hint", caption="the example's move")
            except ValueError:  # no board item stands for this action: the button still plays it
                pass

    def play_example(self) -> None:
        """Play the shown example's action (or show its refusal) and list what happened."""
        outcome = self.outcome
        if outcome is None:
            return
        if outcome.refusal is not None:
            self.board.refuse(outcome.refusal)
            text = f"Refused: {outcome.refusal.reason} ({outcome.refusal.rule.title}, {outcome.refusal.rule.id})"
            self.events.value = (f"<p><b>{html.escape(str(outcome.action))}</b> → refused: "
                                 f"{html.escape(outcome.refusal.reason)} "
                                 f"<code>{html.escape(outcome.refusal.rule.id)}</code></p>")
        else:
            self._set_board(outcome.state)
            self.board.play(outcome.action)
            items = "".join(
                f"<li class='{'rx-cited' if e.rule.id == outcome.rule else ''}'>{html.escape(e.describe())} "
                f"<code>{html.escape(e.rule.id)}</code></li>" for e in outcome.events)
            self.events.value = (f"<p><b>{html.escape(str(outcome.action))}</b> → what happened:</p>"
                                 f"<ol>{items}</ol>")
            text = "Played. " + " ".join(e.describe() for e in outcome.cited)
        self.play_button.disabled = True
        self.announcer.say(text)

    def _set_board(self, state: Any) -> None:
        board = self.board
        board.record = Record.from_state(state)
        board._events_from = 0
        board.selection = board.emphasis = None
        board.refresh(None)

    def _related_button(self, rule_id: str) -> w.Button:
        button = w.Button(description=self.rules[rule_id].title, tooltip=rule_id,
                          layout=w.Layout(width="auto"))
        button.on_click(lambda _b: self.show(rule_id))
        return button

    def _entry_html(self, rule: Any) -> str:
        esc = html.escape
        badge = " <span class='rx-ref-badge'>our assumption</span>" if rule.is_assumption else ""
        parts = [f"<h3>{esc(rule.title)}{badge}</h3>",
                 f"<div style='color:#555'><code>{esc(rule.id)}</code> · {esc(topic_name(rule.topic))}</div>",
                 f"<p>{esc(rule.text)}</p>",
                 f"<p style='font-size:13px;color:#444'>Source: {esc(rule.source)}"
                 + (f" · Portuguese: <i>{esc(rule.term_pt)}</i>" if rule.term_pt else "") + "</p>"]
        if rule.is_assumption:
            parts.append("<p style='font-size:13px'>The sources do not settle this point, so this is the reading we "
                         "chose as the most plausible; the engine follows it and names it when it applies.</p>")
        taught = self._where_taught(rule.id)
        parts.append(f"<p style='font-size:13px'><b>Where it is taught:</b> {taught}</p>")
        if self.outcome is None:
            parts.append("<p style='font-size:13px;color:#555'><b>In action:</b> no example yet (a rule of the "
                         "board, the components or the set-up deals, or one no move shows on its own).</p>")
        else:
            note = f" {esc(self.outcome.note)}" if self.outcome.note else ""
            what = ("the engine refuses this move under the rule" if self.outcome.refusal is not None else
                    "this move makes the rule act")
            parts.append(f"<p style='font-size:13px'><b>In action:</b> the board below shows the example's "
                         f"position; <code>{esc(str(self.outcome.action))}</code>: {what}.{note}</p>")
        return "".join(parts)

    def _where_taught(self, rule_id: str) -> str:
        from explorer.lessons.check import where_taught

        links = []
        by_file: dict[tuple[str, str], list[str]] = {}
        for file, title, section in tutorial_sections(self.game).get(rule_id, []):
            by_file.setdefault((file, title.split(" — ", 1)[-1]), []).append(section)
        for (file, title), sections in by_file.items():
            named = ", ".join(f"“{html.escape(s)}”" for s in sections[:3] if s)
            links.append(f"<a href='{html.escape(file)}' target='_blank'>tutorial {html.escape(title)}</a>"
                         + (f" ({named})" if named else ""))
        for lesson, step in where_taught(self.game).get(rule_id, [])[:3]:
            address = f"lessons.ipynb?lesson={urllib.parse.quote(lesson.id)}&amp;step={step + 1}"
            links.append(f"<a href='{address}' target='_blank'>lesson “{html.escape(lesson.title)}”, "
                         f"step {step + 1}</a>")
        return " · ".join(links) or "not in a tutorial or lesson yet"
