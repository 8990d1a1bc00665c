"""Rules and rules tables.

Every game keeps a rules table (``explorer.<game>.RULES``): one :class:`Rule` per rule of the rulebook,
with our own paraphrase and the place in the seed document it comes from. Refusals
(:class:`~explorer.core.errors.IllegalAction`) and events (:class:`~explorer.core.events.Event`) name the
rule behind them, so a player can always ask "why?".

Rule ids are dotted, lower case: ``<game>.<topic>.<rule>``, e.g. ``london.fire.spread``. Decisions we took
where the sources are silent carry ``.assume.`` in their id (``london.assume.fire-cards-per-players``).
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Iterator, Mapping
from dataclasses import dataclass

__all__ = ["Rule", "RuleTable", "RULE_ID_PATTERN"]

RULE_ID_PATTERN = re.compile(r"^[a-z][a-z0-9]*(\.[a-z0-9][a-z0-9-]*)+$")
"""What a rule id looks like: at least two dotted parts, lower case letters, digits and hyphens."""


@dataclass(frozen=True)
class Rule:
    """One rule of a game, as a player would look it up.

    >>> r = Rule("toy.place.empty", "Place on an empty cell", "A mark goes on an empty cell.", "toy rules §1")
    >>> r.is_assumption
    False

    Raises:
        ValueError: if ``id`` is not a dotted lower-case id (see :data:`RULE_ID_PATTERN`) or ``title`` is empty.
    """

    id: str
    """Dotted id, e.g. ``london.fire.spread``."""
    title: str
    """A short heading a player understands, e.g. "Spreading the fire"."""
    text: str
    """The rule in our own words (never the rulebook's sentences)."""
    source: str
    """Where it comes from: seed file and page or section, a notes file, or ``DECISIONS.md``."""
    term_pt: str = ""
    """The Portuguese term the seed uses for the thing this rule is about (e.g. "cone de fogo"), if any."""

    def __post_init__(self) -> None:
        if not RULE_ID_PATTERN.match(self.id):
            raise ValueError(f"rule id {self.id!r} is not of the form 'game.topic.rule' (lower case, dotted)")
        if not self.title.strip():
            raise ValueError(f"rule {self.id!r} has an empty title")

    @property
    def is_assumption(self) -> bool:
        """True for decisions taken where the sources are silent (ids containing ``.assume.``)."""
        return ".assume." in self.id

    def to_dict(self) -> dict[str, str]:
        """The rule as JSON-ready data: ``{"id", "title", "text", "source", "term_pt"}``."""
        return {"id": self.id, "title": self.title, "text": self.text, "source": self.source,
                "term_pt": self.term_pt}


class RuleTable(Mapping[str, Rule]):
    """A game's rules, looked up by id, in the order the rulebook gives them.

    >>> table = RuleTable([Rule("toy.turn.order", "Turn order", "Players alternate.", "toy §1")])
    >>> table["toy.turn.order"].title
    'Turn order'
    >>> table["toy.nope"]
    Traceback (most recent call last):
    ...
    KeyError: "no rule 'toy.nope' in this table; the table starts: toy.turn.order"

    Raises:
        ValueError: when two rules share an id.
        KeyError: on lookup of an unknown id (the message lists known ids).
    """

    def __init__(self, rules: Iterable[Rule]) -> None:
        self._rules: dict[str, Rule] = {}
        for rule in rules:
            if rule.id in self._rules:
                raise ValueError(f"rule id {rule.id!r} appears twice in the rules table")
            self._rules[rule.id] = rule

    def __getitem__(self, rule_id: str) -> Rule:
        try:
            return self._rules[rule_id]
        except KeyError:
            known = ", ".join(list(self._rules)[:5]) + (", ..." if len(self._rules) > 5 else "")
            raise KeyError(f"no rule {rule_id!r} in this table; the table starts: {known}") from None

    def __iter__(self) -> Iterator[str]:
        return iter(self._rules)

    def __len__(self) -> int:
        return len(self._rules)

    def __or__(self, other: "RuleTable") -> "RuleTable":
        """Two tables joined (ids must stay unique)."""
        return RuleTable([*self.values(), *other.values()])

    def assumptions(self) -> list[Rule]:
        """The rules that record our own decisions (``.assume.`` ids), in table order."""
        return [rule for rule in self.values() if rule.is_assumption]

    def to_markdown(self) -> str:
        """The table as a Markdown table (id, title, text, Portuguese term, source), for notebooks and docs."""
        lines = ["| id | title | rule (our words) | term (pt) | source |", "|---|---|---|---|---|"]
        for r in self.values():
            cells = [f"`{r.id}`", r.title, r.text, r.term_pt, r.source]
            lines.append("| " + " | ".join(c.replace("|", "\\|").replace("\n", " ") for c in cells) + " |")
        return "\n".join(lines)
