"""Re-execute tutorial notebooks and save them the way the repository keeps them.

Usage: ``python tools/refresh_notebooks.py notebooks/portobello/*.ipynb`` (or ``make notebooks``).

Each notebook runs in its own folder. Afterwards the outputs of cells starting with ``# NBVAL_CHECK_OUTPUT`` are
kept (nbval compares those); so are all outputs of a tutorial (``0*.ipynb``: what a learner reads on the page,
which ``tests/tutorial_text.py`` measures without a kernel). Cells that keep outputs keep their execution counts (nbval refuses
a stored output without one); every other output and execution count and the widget state (``metadata.widgets``) are dropped, so diffs stay small and nothing stale is saved. Printed text
that a busy kernel sent in several chunks is saved as one output.
"""

from __future__ import annotations

import sys
from pathlib import Path

import nbformat
from nbclient import NotebookClient

CHECKED = "# NBVAL_CHECK_OUTPUT"


def merged_streams(outputs: list) -> list:
    """``outputs`` with each run of consecutive stream outputs to the same stream joined into one, so a busy kernel
    that flushes printed text in several chunks saves the same notebook as a quiet one."""
    merged: list = []
    for output in outputs:
        last = merged[-1] if merged else None
        if (output.get("output_type") == "stream" and last is not None and last.get("output_type") == "stream"
                and last.get("name") == output.get("name")):
            last["text"] = last["text"] + output["text"]
        else:
            merged.append(output)
    return merged


def refresh(path: Path, timeout: int = 600) -> None:
    """Execute ``path`` in place and strip it (see the module docstring).

    Raises:
        nbclient.exceptions.CellExecutionError: if a cell fails (the file is left untouched).
    """
    nb = nbformat.read(path, as_version=4)
    NotebookClient(nb, timeout=timeout, kernel_name="python3",
                   resources={"metadata": {"path": str(path.parent)}}).execute()
    nb.metadata.pop("widgets", None)
    tutorial = path.name.startswith("0")
    for cell in nb.cells:
        cell.metadata.pop("execution", None)
        if cell.cell_type != "code":
            continue
        if cell.source.lstrip().startswith(CHECKED) or tutorial:
            cell.outputs = merged_streams(cell.outputs)
            for output in cell.outputs:
                output.pop("metadata", None) if output.get("output_type") == "stream" else None
        else:
            cell.outputs = []
            cell.execution_count = None
    nbformat.write(nb, path)


def main(argv: list[str]) -> int:
    if not argv:
        print(__doc__)
        return 2
    for name in argv:
        print(f"refreshing {name}", flush=True)
        refresh(Path(name))
    return 0


if __name__ == "__main__":
    raise SystemExit(main(sys.argv[1:]))
