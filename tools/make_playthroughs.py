"""Write the golden OpenSpiel playthroughs of the four games (``tests/data/playthroughs/*.txt.gz``).

Usage: ``python tools/make_playthroughs.py`` (after a change that is meant to change what the adapters show;
then look at the diff of the decompressed files). Each is OpenSpiel's own playthrough format
(``open_spiel.python.algorithms.generate_playthrough``): every state's observations, information states, legal
actions and returns along one seeded random game, replayed and compared by ``tests/test_adapters_openspiel.py``.
"""

from __future__ import annotations

import gzip
from pathlib import Path

import explorer.adapters.openspiel  # noqa: F401  (registers the games)
from open_spiel.python.algorithms import generate_playthrough

GAMES = ["python_portobello(players=2)", "python_london1666(players=3)", "python_bonfire(players=2)",
         "python_flashpoint(players=2)"]
"""The games written, with their options."""
FOLDER = Path(__file__).resolve().parent.parent / "tests" / "data" / "playthroughs"


def main() -> None:
    FOLDER.mkdir(parents=True, exist_ok=True)
    for game in GAMES:
        text = generate_playthrough.playthrough(game, None, seed=1)
        path = FOLDER / (game.split("(")[0] + ".txt.gz")
        path.write_bytes(gzip.compress(text.encode("utf-8"), mtime=0))
        print(f"{path.name}: {len(text) // 1024} KiB of text, {text.count('# State')} states")


if __name__ == "__main__":
    main()
