"""What a tutorial page shows besides prose and boards: the engine's steps folded away, rule ids as small links,
short tables in words.

A tutorial speaks to a learner; the engine's transcript (notation, rule ids, checks) stays on the page for the
curious, folded behind a toggle, so at most a small share of what a page shows is pre-formatted text (issue 18;
:func:`tests.tutorial_text.text_shares` measures it). Each helper returns an object Jupyter and Voila display as
HTML, whose plain-text form (what nbval compares, what ``print`` shows) is the same content without markup.

>>> str(steps(["build c 0", "end"], summary="Show the engine's steps"))
'build c 0\\nend'
>>> print(rule_link("portobello.build.first-at-end").html())
<a class="rx-rule" title="portobello.build.first-at-end">rule</a>
"""

from __future__ import annotations

import html as _html
import ast
import contextlib
import io
from collections.abc import Iterable, Iterator, Sequence
from typing import Any

__all__ = ["steps", "folded", "rule_link", "words_table", "Html", "STEPS", "load_ipython_extension"]

STEPS = "Show the engine's steps"
"""The toggle's label over a folded transcript."""


class Html:
    """A piece of a tutorial page: ``html()`` is what Voila shows, ``str()`` the same in plain text."""

    def __init__(self, html: str, text: str) -> None:
        self._html, self._text = html, text

    def html(self) -> str:
        """The HTML shown on the page."""
        return self._html

    def _repr_html_(self) -> str:
        return self._html

    def __str__(self) -> str:
        return self._text

    def __repr__(self) -> str:
        return self._text


def _lines(text: str | Iterable[Any]) -> str:
    return text if isinstance(text, str) else "\n".join(str(line) for line in text)


def steps(text: str | Iterable[Any], summary: str = STEPS) -> Html:
    """The engine's transcript (notation lines, rule ids, checks), folded behind a toggle labelled ``summary``.

    Args:
        text: the lines, as one string or an iterable of lines (anything ``str`` can print: actions, events).
        summary: the toggle's label; say what is folded ("Show the engine's steps", "Show the check").
    """
    body = _lines(text)
    return Html(f'<details class="rx-steps"><summary>{_html.escape(summary)}</summary>'
                f'<pre>{_html.escape(body)}</pre></details>', body)


@contextlib.contextmanager
def folded(summary: str = STEPS) -> Iterator[None]:
    """Fold what the ``with`` block prints behind a toggle (:func:`steps`), shown when the block ends.

    >>> with folded():
    ...     print("build c 0")
    build c 0
    """
    buffer = io.StringIO()
    with contextlib.redirect_stdout(buffer):
        yield
    text = buffer.getvalue().rstrip("\n")
    if text:
        _display(steps(text, summary))


def _display(obj: Any) -> None:
    try:
        from IPython import get_ipython
        from IPython.display import display
    except ImportError:  # pragma: no cover - IPython ships with Jupyter
        get_ipython = None
    if get_ipython is not None and get_ipython() is not None:
        display(obj)
    else:
        print(str(obj))


def rule_link(rule_id: str, text: str = "rule") -> Html:
    """A small link naming a rule (its id as the tooltip), to put after a sentence in place of "[rule.id]"."""
    return Html(f'<a class="rx-rule" title="{_html.escape(rule_id)}">{_html.escape(text)}</a>', f"({rule_id})")


def words_table(rows: Sequence[Sequence[Any]], header: Sequence[str] | None = None) -> Html:
    """A short table in words (say "turn", "who", "what happened"), in place of a printed transcript.

    Args:
        rows: the table's rows, each a sequence of cells (printed with ``str``).
        header: the column titles, if any.
    """
    def row(cells: Sequence[Any], tag: str) -> str:
        return "<tr>" + "".join(f"<{tag}>{_html.escape(str(c))}</{tag}>" for c in cells) + "</tr>"

    head = row(header, "th") if header else ""
    body = "".join(row(r, "td") for r in rows)
    text = "\n".join(" | ".join(str(c) for c in r) for r in ([header] if header else []) + list(rows))
    return Html(f'<table class="rx-words">{head}{body}</table>', text)


def load_ipython_extension(ipython: Any) -> None:
    """``%load_ext widgets.tutorial`` registers the ``%%fold`` cell magic: a cell starting with ``%%fold`` runs as
    usual and shows what it prints folded (:func:`folded`); the rest of the first line, if any, names the toggle.
    Errors are raised as usual."""

    def fold(line: str, cell: str) -> None:
        tree = ast.parse(ipython.transform_cell(cell))
        last = tree.body.pop() if tree.body and isinstance(tree.body[-1], ast.Expr) else None
        with folded(line.strip() or STEPS):
            ipython.ex(compile(tree, "<fold>", "exec"))
            if last is not None:  # the cell's value, as Jupyter would show it: a picture as it is, else its text
                value = ipython.ev(compile(ast.Expression(last.value), "<fold>", "eval"))
                if hasattr(value, "_repr_html_") or hasattr(value, "_repr_svg_"):
                    _display(value)
                elif value is not None:
                    print(repr(value))

    ipython.register_magic_function(fold, magic_kind="cell", magic_name="fold")
