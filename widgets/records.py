"""Starting and opening game records for the apps, with a refusal a user can read instead of a traceback."""

from __future__ import annotations

import html
import warnings
from typing import Any

from explorer.core import Record

__all__ = ["new_record", "open_record"]


def new_record(game: str, seed: Any, options: dict[str, Any]) -> tuple[Record | None, str]:
    """``(record, "")`` for a new game of ``game``, or ``(None, html)`` explaining why the engine refused the seed or
    the options (e.g. a seed below 0 or from 2**63), ending with "The game below is unchanged."."""
    try:
        return Record(game, seed=seed, options=options), ""
    except ValueError as err:  # InvalidRecord: the seed or the options refused
        return None, (f"<pre>could not start a new game: {html.escape(str(err))}</pre>"
                      "<i>The game below is unchanged.</i>")


def open_record(text: str, game: str, title: str) -> tuple[Record | None, str]:
    """``(record, notice)`` for a saved record (JSON) of ``game`` (``notice``: ``""``, or html passing on a warning,
    e.g. that it was saved by another version of the engine), or ``(None, html)`` saying what is wrong with it: not
    a record, a broken one, or a record of another game (``title`` names this one)."""
    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always")
        try:
            record = Record.from_json(text, what="the pasted record")
        except ValueError as err:  # InvalidRecord and anything the options refuse
            return None, f"<pre>{html.escape(str(err))}</pre>"
    if record.game != game:
        return None, f"<pre>the pasted record is a game of {html.escape(record.game)}, not {title}</pre>"
    return record, "".join(f"<div><i>Note: {html.escape(str(w.message))}</i></div>" for w in caught)
