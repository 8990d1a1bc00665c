"""The errors every game raises, all :class:`ValueError` subclasses.

Three kinds for actions, kept apart as in python-chess:

* :class:`NotationError` — the text cannot be read as an action at all;
* :class:`IllegalAction` — readable, but forbidden here; carries the :class:`~explorer.core.rules.Rule`;
* :class:`AmbiguousAction` — readable, but it could mean more than one legal action.

For files, positions and options: :class:`InvalidData` (and :class:`InvalidRecord` for records), which lists
*every* problem found at once. For the registry: :class:`UnknownGame` and :class:`GameNotReady`.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

from .rules import Rule

__all__ = ["IllegalAction", "NotationError", "AmbiguousAction", "InvalidData", "InvalidRecord",
           "UnknownGame", "GameNotReady"]


class IllegalAction(ValueError):
    """An action the rules forbid in this position. The state it was tried on is unchanged.

    >>> rule = Rule("toy.place.empty", "Place on an empty cell", "A mark goes on an empty cell.", "toy §1")
    >>> err = IllegalAction(rule, "cell b2 already holds X")
    >>> str(err)
    'cell b2 already holds X (toy.place.empty: Place on an empty cell)'
    >>> err.rule.id
    'toy.place.empty'

    A notebook user also gets the notation of what to do instead, when the engine gives it (``notation``); the
    board views show ``reason`` alone, so it speaks in the board's terms (names and numbers printed on the board),
    never in notation, indices or Python values:

    >>> err = IllegalAction(rule, "put your mark on an empty cell", notation="place <cell>")
    >>> str(err)
    'put your mark on an empty cell [notation: place <cell>] (toy.place.empty: Place on an empty cell)'
    >>> err.reason
    'put your mark on an empty cell'

    Attributes:
        rule: the :class:`Rule` that forbids the action.
        reason: the explanation in a player's words and the board's terms, without the rule reference; the one
            text both the notebooks and the board views show.
        action: the refused action (or its text), if known.
        notation: how to write what is allowed instead (e.g. ``"act <n>"``), for notebook users; or None.
    """

    def __init__(self, rule: Rule, reason: str, *, action: Any = None, notation: str | None = None) -> None:
        if not isinstance(rule, Rule):
            raise TypeError(f"IllegalAction needs a Rule, got {rule!r}")
        self.rule = rule
        self.reason = reason
        self.action = action
        self.notation = notation
        written = f" [notation: {notation}]" if notation else ""
        super().__init__(f"{reason}{written} ({rule.id}: {rule.title})")

    def __reduce__(self) -> tuple[Any, ...]:
        """Pickle support (a refusal raised in a worker process reaches the parent intact)."""
        return (_illegal_action, (self.rule, self.reason, self.action, self.notation))

    def to_dict(self) -> dict[str, str]:
        """JSON-ready: ``{"rule", "title", "reason", "text", "action", "notation"}`` (``text`` is the rule's
        paraphrase; ``notation`` is ``""`` when the engine gave none)."""
        try:
            shown = "" if self.action is None else str(self.action)
        except Exception:
            shown = repr(self.action)
        return {"rule": self.rule.id, "title": self.rule.title, "reason": self.reason,
                "text": self.rule.text, "action": shown, "notation": self.notation or ""}


class NotationError(ValueError):
    """Text that cannot be read as an action of this game (a syntax problem, not a rules problem)."""


class AmbiguousAction(ValueError):
    """Text that reads as more than one legal action; the message lists the candidates."""


class InvalidData(ValueError):
    """A data file, position or record that does not validate; lists every problem found.

    >>> err = InvalidData("board file b.json", ["districts[0].name: field required", "seed: not an integer"])
    >>> print(err)
    board file b.json is invalid (2 problems):
      - districts[0].name: field required
      - seed: not an integer

    Attributes:
        what: what was being read ("board file ...", "position", "record ...").
        problems: one line per problem, each saying where, what was expected and what was found.
    """

    def __init__(self, what: str, problems: Iterable[str]) -> None:
        self.what = what
        self.problems = tuple(problems) or ("(no details)",)
        n = len(self.problems)
        shown = [p if len(p) <= _LONGEST else p[:_LONGEST] + "..." for p in self.problems[:_SHOWN]]
        lines = "\n".join(f"  - {p}" for p in shown)
        if n > _SHOWN:
            lines += f"\n  ... and {n - _SHOWN} more (all of them are in .problems)"
        super().__init__(f"{what} is invalid ({n} problem{'s' if n != 1 else ''}):\n{lines}")

    def __reduce__(self) -> tuple[Any, ...]:
        """Pickle support (the error raised in a worker process reaches the parent intact)."""
        return (type(self), (self.what, self.problems))


def _illegal_action(rule: Rule, reason: str, action: Any, notation: str | None = None) -> IllegalAction:
    return IllegalAction(rule, reason, action=action, notation=notation)


_SHOWN, _LONGEST = 50, 500
"""An InvalidData message shows the first 50 problems, each cut at 500 characters (``.problems`` keeps all)."""


class InvalidRecord(InvalidData):
    """A game record (``Record``) that cannot be read or replayed."""


class UnknownGame(ValueError):
    """A game name that is not in ``explorer.GAMES``."""


class GameNotReady(ValueError):
    """A game listed in ``explorer.GAMES`` whose engine is not implemented yet."""
