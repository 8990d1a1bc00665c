"""What Bonfire's player-facing texts may not contain (issue 18), for ``tests/word_checks.py``.

* ``NOTATION``: the notation's keywords and forms (``start-tile``, ``great-bonfire``, ``2-tiles``, ``ignite 3``,
  ``procession 2``, ``cover boat+task``, ``move pink path 3``, ``(fate ...)``) and every id the board does not print
  as it is (lowercase island ids such as ``rose_rock``, gnome card ids such as ``large_hand``, Great Bonfire space ids
  ``north_west``, seat ids ``seat_3``, common task ids, any ``snake_case`` word);
* ``NUMBERING``: numbers the board does not show: fate tile ids ``f1``-``f8`` (the tiles carry only their
  symbols), fate squares as ``3,1`` (the board's grid has no coordinates; texts say ``row 3, column 1``);
* ``ALLOWED``: ``seat 3`` (the council seats are printed ``seat 1`` ... ``seat 8``; the shared check reads
  ``seat <digit>`` as a seat index).

Task disc ids (``t05``) and bonfire numbers 0-6 are printed on the board, so they may appear.
"""

from __future__ import annotations

import re

from word_checks import words_problems

from explorer.bonfire.components import Components

_C = Components.default()
_IDS = sorted({*_C.islands, *_C.elders, *_C.specialists, *_C.common_tasks, *_C.council_seats,
               *(s.id for s in _C.great_bonfire.spaces if "_" in s.id)}, key=len, reverse=True)

NOTATION = [
    r"\bstart-tile\b", r"\bgreat-bonfire\b", r"\b[12]-tiles?\b", r"\bignite \d", r"\bprocession \d",
    r"\bcover (?!row)[a-z_]+", r"\b[a-z_]+\+[a-z_]+\b", r"\bmove [a-z]+ (?:path|bonfire|stay)\b",
    r"\boffering (?:top|bottom) bonfire\b", r"\.\.\.\)",
    r"\b[a-z]+_[a-z_]+\b",
    r"\b(?:" + "|".join(re.escape(i) for i in _IDS) + r")\b",
]
"""Regular expressions of Bonfire's notation and raw ids (see the module docstring)."""

NUMBERING = [r"\bf\d\b", r"\b\d,\d\b"]
"""Numbering the board does not print: fate tile ids, fate squares written ``row,col``."""

ALLOWED = [r"^seat \d$"]
"""Matches to let through: council seats are printed ``seat 1`` ... ``seat 8``."""


def problems(text: str) -> list[str]:
    """:func:`word_checks.words_problems` of ``text`` with Bonfire's keywords."""
    return words_problems(text, notation=NOTATION, numbering=NUMBERING, allowed=ALLOWED)
