"""What the four apps share around their board: instructions folded to one line, so the board is above the fold.

>>> html = how_to_play("click a lit item to play it", "<p>More…</p>")
>>> html.startswith('<details class="rx-how">')
True
"""

from __future__ import annotations

__all__ = ["how_to_play"]


def how_to_play(line: str, details: str, *, legend: str = "") -> str:
    """The app's instructions as one line with a "How to play" toggle over the rest (HTML).

    Args:
        line: the one line shown (plain words, HTML allowed), e.g. "Click a lit item on the board to play it.".
        details: what the toggle opens: how to play with the mouse and the keyboard, in HTML.
        legend: what the board's symbols mean (HTML), folded under its own toggle after the instructions.
    """
    parts = [f'<details class="rx-how"><summary style="cursor:pointer"><b>How to play</b> · {line}</summary>'
             f'<div style="font-size:13px;max-width:1100px">{details}</div></details>']
    if legend:
        parts.append(f'<details class="rx-legend"><summary style="cursor:pointer"><b>What the board shows</b>'
                     f'</summary><div style="font-size:12px;max-width:1100px">{legend}</div></details>')
    return "".join(parts)
