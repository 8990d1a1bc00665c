"""How much of a tutorial page a learner reads as prose, and how much as pre-formatted transcript (issue 18).

:func:`text_shares` reads a notebook as Voila shows it (code hidden; markdown and outputs shown) and counts the
words of three kinds:

* ``plain``: prose, tables and captions (markdown, HTML outputs outside the two kinds below);
* ``pre``: pre-formatted text visible on the page: printed output, plain-text results, ``<pre>`` and ``<code>``
  (inline code too: it is notation in the middle of prose), fenced code in markdown;
* ``folded``: anything inside a ``<details>`` fold except its ``<summary>`` (hidden until the learner opens it).

Pictures (SVG, images, board widgets) count nothing. The stored notebooks keep every output of their tutorial
cells (``tools/refresh_notebooks.py``), so the measure needs no kernel. :func:`opening` counts the prose and the
pictures a page shows before its first fold (the "... in plain words" opening of issue 18).
"""

from __future__ import annotations

from html.parser import HTMLParser
from pathlib import Path

import mistune
import nbformat

KINDS = ("plain", "pre", "folded")
_PRE_TAGS = {"pre", "code", "samp", "kbd", "tt"}
_SKIPPED = {"script", "style", "svg"}


class _Counter(HTMLParser):
    def __init__(self) -> None:
        super().__init__(convert_charrefs=True)
        self.words = dict.fromkeys(KINDS, 0)
        self.pre = self.details = self.summary = self.skipped = 0

    def handle_starttag(self, tag: str, attrs) -> None:
        self._count(tag, +1)

    def handle_endtag(self, tag: str) -> None:
        self._count(tag, -1)

    def _count(self, tag: str, step: int) -> None:
        if tag in _PRE_TAGS:
            self.pre = max(self.pre + step, 0)
        elif tag == "details":
            self.details = max(self.details + step, 0)
        elif tag == "summary":
            self.summary = max(self.summary + step, 0)
        elif tag in _SKIPPED:
            self.skipped = max(self.skipped + step, 0)

    def handle_data(self, data: str) -> None:
        if self.skipped:
            return
        n = len(data.split())
        if self.details and not self.summary:
            self.words["folded"] += n
        elif self.pre:
            self.words["pre"] += n
        else:
            self.words["plain"] += n


def html_words(html: str) -> dict[str, int]:
    """The words of an HTML fragment by kind (see the module docstring)."""
    counter = _Counter()
    counter.feed(html)
    counter.close()
    return counter.words


def _add(total: dict[str, int], part: dict[str, int]) -> None:
    for kind in KINDS:
        total[kind] += part.get(kind, 0)


def text_shares(path: str | Path) -> dict[str, float]:
    """Words of each kind on the page of notebook ``path``, and ``pre_share``: the pre-formatted share of what is
    visible unfolded (``pre / (plain + pre)``)."""
    nb = nbformat.read(path, as_version=4)
    total = dict.fromkeys(KINDS, 0)
    render = mistune.create_markdown(plugins=["table"])
    for cell in nb.cells:
        if cell.cell_type == "markdown":
            _add(total, html_words(render(cell.source)))
        elif cell.cell_type == "code":
            for out in cell.get("outputs", []):
                kind = out.get("output_type")
                if kind == "stream":
                    total["pre"] += len(out.get("text", "").split())
                elif kind == "error":
                    total["pre"] += len(" ".join(out.get("traceback", [])).split())
                elif kind in ("display_data", "execute_result"):
                    data = out.get("data", {})
                    if "application/vnd.jupyter.widget-view+json" in data or any(
                            k.startswith("image/") for k in data):
                        continue
                    if "text/html" in data:
                        _add(total, html_words("".join(data["text/html"])))
                    elif "text/markdown" in data:
                        _add(total, html_words(render("".join(data["text/markdown"]))))
                    elif "text/plain" in data:
                        total["pre"] += len("".join(data["text/plain"]).split())
    visible = total["plain"] + total["pre"]
    return {**total, "pre_share": total["pre"] / visible if visible else 0.0}


def opening(path: str | Path) -> tuple[int, int]:
    """The plain words of the page before its first fold, and the pictures (SVG outputs) shown there."""
    nb = nbformat.read(path, as_version=4)
    render = mistune.create_markdown(plugins=["table"])
    words = pictures = 0
    for cell in nb.cells:
        if cell.cell_type == "markdown":
            words += html_words(render(cell.source))["plain"]
            continue
        for out in cell.get("outputs", []):
            data = out.get("data", {})
            if "<details" in "".join(data.get("text/html", "")):
                return words, pictures
            pictures += "image/svg+xml" in data or "<svg" in "".join(data.get("text/html", ""))
    return words, pictures
