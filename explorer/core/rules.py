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
import unicodedata
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
    def topic(self) -> str:
        """The second part of the id: the phase or part of the game the rule belongs to (``london.fire.priority``
        → ``fire``)."""
        return self.id.split(".")[1]

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

    def topics(self) -> list[str]:
        """The topics of the rules (:attr:`Rule.topic`: ``setup``, ``fire``, ``score``...), in table order."""
        return list(dict.fromkeys(rule.topic for rule in self.values()))

    def search(self, text: str = "", *, topic: str | None = None, assumptions_only: bool = False) -> list[Rule]:
        """The rules matching ``text``, best first.

        A query word matches a rule when it begins a word of the rule's id, title, Portuguese term or paraphrase
        (case, accents and a plural ``s`` ignored; small words such as "the", "can", "de" are left out), so
        "trained band", "grupo de bombeiros" and "Bombeiros" all find London's trained-band rules, and a question
        ("can the fire pass a contained district?") finds the rules with most of its words. Rules matching more
        query words come first, then those matching them in the id, title or Portuguese term rather than only in
        the text, then those containing the whole query as a phrase; ties keep table order. A rule must match every
        word of a query of one or two words, and at least half the words of a longer one. An empty ``text``
        matches every rule.

        ``topic`` keeps the rules of one topic (:meth:`topics`); ``assumptions_only`` our named decisions.

        >>> table = RuleTable([Rule("toy.turn.order", "Turn order", "Players alternate.", "toy §1", "vez"),
        ...                    Rule("toy.place.empty", "Place a mark", "A mark goes on an empty cell; "
        ...                         "the other player's turn follows.", "toy §2", "marca")])
        >>> [r.id for r in table.search("turn")], [r.id for r in table.search("marcas")]
        (['toy.turn.order', 'toy.place.empty'], ['toy.place.empty'])
        >>> [r.id for r in table.search("where can a mark go?")], table.search("dice")
        (['toy.place.empty'], [])
        """
        words = [w for w in dict.fromkeys(_words(text)) if w not in STOPWORDS] or _words(text)
        phrase = " ".join(_words(text))
        found: list[tuple[tuple[float, ...], int, Rule]] = []
        for n, rule in enumerate(self.values()):
            if topic is not None and rule.topic != topic or assumptions_only and not rule.is_assumption:
                continue
            fields = [(_words(rule.id.replace(".", " ")), 4.0), (_words(rule.title), 3.0),
                      (_words(rule.term_pt), 3.0), (_words(rule.text), 1.0)]
            weights = [max((weight for field, weight in fields if any(w.startswith(word) for w in field)),
                           default=0.0) for word in words]
            matched = sum(1 for weight in weights if weight)
            if words and matched < (len(words) if len(words) <= 2 else (len(words) + 1) // 2):
                continue
            whole = sum(weight for field, weight in fields if len(words) > 1 and phrase in " ".join(field))
            exact = 1.0 if text.strip() == rule.id else 0.0
            found.append(((-exact, -matched, -sum(weights), -whole), n, rule))
        return [rule for _, _, rule in sorted(found, key=lambda item: item[:2])]

    def to_markdown(self) -> str:
        """The table as a Markdown table (id, title, text, Portuguese term, source), for notebooks and docs."""
        lines = ["| id | title | rule (our words) | term (pt) | source |", "|---|---|---|---|---|"]
        for r in self.values():
            cells = [f"`{r.id}`", r.title, r.text, r.term_pt, r.source]
            lines.append("| " + " | ".join(c.replace("|", "\\|").replace("\n", " ") for c in cells) + " |")
        return "\n".join(lines)


STOPWORDS = frozenset(
    "a an and any are as at be by can do does for from has have how i if in is it its may me my no not of on "
    "or the then there this to what when where which who why will with you your "
    "o os as um uma de do da dos das e em no na nos nas ao que por para com se".split())
"""Small words a search leaves out (English and Portuguese), unless the query has nothing else."""


def _words(text: str) -> list[str]:
    """``text`` as search words: lower case, accents dropped, a plural ``s`` dropped from words of 4+ letters."""
    plain = unicodedata.normalize("NFKD", text.casefold())
    plain = "".join(c for c in plain if not unicodedata.combining(c))
    return [w[:-1] if len(w) > 3 and w.endswith("s") and not w.endswith("ss") else w
            for w in re.findall(r"[a-z0-9]+", plain)]
