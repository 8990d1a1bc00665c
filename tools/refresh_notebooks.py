"""Re-execute tutorial notebooks and save them the way the repository keeps them.

Usage: ``python tools/refresh_notebooks.py notebooks/portobello/*.ipynb`` (or ``make notebooks``).

Each notebook runs in its own folder. Afterwards only the outputs of cells starting with
``# NBVAL_CHECK_OUTPUT`` are kept (nbval compares those), every other output and execution count is cleared,
and widget state (``metadata.widgets``) is dropped, so diffs stay small and nothing stale is saved.
"""

from __future__ import annotations

import sys
from pathlib import Path

import nbformat
from nbclient import NotebookClient

CHECKED = "# NBVAL_CHECK_OUTPUT"


def refresh(path: Path, timeout: int = 600) -> None:
    """Execute ``path`` in place and strip it (see the module docstring).

    Raises:
        nbclient.exceptions.CellExecutionError: if a cell fails (the file is left untouched).
    """
    nb = nbformat.read(path, as_version=4)
    NotebookClient(nb, timeout=timeout, kernel_name="python3",
                   resources={"metadata": {"path": str(path.parent)}}).execute()
    nb.metadata.pop("widgets", None)
    for cell in nb.cells:
        cell.metadata.pop("execution", None)
        if cell.cell_type != "code":
            continue
        if cell.source.lstrip().startswith(CHECKED):
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
