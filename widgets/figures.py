"""Helpers the apps share for their Plotly overlay tabs: redraw a figure already in the browser in place, and
defer a redraw until the kernel has answered the click that caused it.

An app's overlay is a pure function ``state -> plotly.graph_objects.Figure``; the app shows it in a
``go.FigureWidget``. Replacing that widget with a new one makes the browser build a new Plotly plot, which is
much slower than updating the traces of the one it has. So an app checks :func:`same_traces` and, when it holds,
calls :func:`redraw_in_place`; otherwise it puts a new ``FigureWidget`` in the tab. An app that redraws its
overlay after every move schedules the redraw on :func:`kernel_loop` (when there is one), so the board's own
update reaches the browser before the slower figure.
"""

from __future__ import annotations

import asyncio
from typing import Any

import plotly.graph_objects as go

__all__ = ["kernel_loop", "same_traces", "redraw_in_place"]


def kernel_loop() -> asyncio.AbstractEventLoop | None:
    """The running event loop if this runs in a Jupyter kernel (where a redraw can wait for the click's message to
    be answered), else ``None`` (plain Python, even inside some other event loop: do it at once)."""
    try:
        from IPython import get_ipython
    except ImportError:  # pragma: no cover - IPython comes with ipywidgets
        return None
    shell = get_ipython()
    if shell is None or getattr(shell, "kernel", None) is None:
        return None
    try:
        return asyncio.get_running_loop()
    except RuntimeError:
        return None


def same_traces(shown: go.FigureWidget, figure: go.Figure) -> bool:
    """True if ``figure`` has the same kinds of traces, with the same properties set, in the same order, as the
    figure ``shown`` (so updating each trace in place leaves nothing stale behind). Trace uids are ignored (a
    ``FigureWidget`` assigns its own)."""
    def shape(data: Any) -> list[tuple[str, frozenset[str]]]:
        return [(t.type, frozenset(t.to_plotly_json()) - {"uid"}) for t in data]

    return shape(shown.data) == shape(figure.data)


def redraw_in_place(shown: go.FigureWidget, figure: go.Figure) -> None:
    """Make ``shown`` draw ``figure`` as one update of the widget already in the browser.

    Each trace of ``shown`` takes the properties of the trace of ``figure`` at the same place, and the layout is
    replaced; layout keys ``figure`` lacks (e.g. an "empty" note no longer needed) are removed.

    Raises:
        ValueError: if the two figures have different numbers of traces (check :func:`same_traces` first).
    """
    with shown.batch_update():
        for old, new in zip(shown.data, figure.data, strict=True):
            props = new.to_plotly_json()
            props.pop("type", None)
            old.update(props, overwrite=True)
        layout = figure.layout.to_plotly_json()
        for key in set(shown.layout.to_plotly_json()) - set(layout):  # e.g. an "empty" note no longer needed
            shown.layout[key] = None
        shown.layout.update(layout, overwrite=True)
