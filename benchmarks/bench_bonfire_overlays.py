"""Bonfire overlays on one core: the fate-tile yield (data and heat maps), the score if the game ended now (data and
stacked bars), and the scores over a whole game.

Positions: 30 seeded random games (2, 3 and 4 players in turn), setup draws and choices included; from each, two
positions where a player is to choose an option of their turn: the middle one of the game ("middle"; the player
usually holds too many action tiles to place a fate tile, so the yields are the geometric ones), and the one
nearest the middle where a fate tile may be placed ("placeable": every placement is valued by applying it, the
costly case). Random play picks any legal action uniformly (the property tests' random player). Each time is the
best of 3 runs (the machine may be shared). Last, the board view's redraw in Python (scene, highlights, panel) at
the middle positions.
"""

from __future__ import annotations

import random
import statistics
import time

from benchmarks.bench_bonfire import game
from benchmarks.timing import best_of
from explorer.bonfire import State
from explorer.bonfire.actions import PlaceFate
from explorer.core import Record
from widgets.bonfire.overlays import fate_yield, fate_yield_figure, score_now, score_now_figure, scores_over_time_figure
from widgets.bonfire.view import BonfireView

GAMES = 30
_VIEW = BonfireView(Record("bonfire", seed=1, options={"players": 2}))
"""A view whose drawing methods the redraw benchmark calls on other positions (no widget traffic is measured)."""


def mid_game(seed: int, players: int) -> tuple[State, State | None]:
    """The "middle" and the "placeable" position of game ``seed`` (see the module docstring; ``None`` if a fate
    tile is never placeable at the start of a turn)."""
    options = [s for s in game(seed, players) if s.phase in ("play", "countdown") and s.pending[0].kind == "act"]
    ready = [k for k, s in enumerate(options) if any(isinstance(a, PlaceFate) for a in s.legal_actions())]
    middle = len(options) // 2
    return options[middle], (options[min(ready, key=lambda k: abs(k - middle))] if ready else None)


def full_record(seed: int = 1000, players: int = 3) -> Record:
    """A whole seeded random game as a record."""
    record, chooser = Record("bonfire", seed=seed, options={"players": players}), random.Random(seed)
    while not record.state.is_terminal:
        record.play(chooser.choice(record.state.legal_actions()))
    return record


def _ms(seconds: list[float]) -> tuple[float, float]:
    return statistics.median(seconds) * 1e3, max(seconds) * 1e3


def main() -> dict[str, float]:
    out: dict[str, float] = {}
    picked = [mid_game(seed, 2 + seed % 3) for seed in range(GAMES)]
    sets = {"middle": [m for m, _ in picked], "placeable": [p for _, p in picked if p is not None]}
    for label, positions in sets.items():
        rows = [fate_yield(s) for s in positions]
        legal = [sum(r.legal_now for r in found) for found in rows]
        print(f"{label}: {len(positions)} positions of {GAMES} random games (2-4 players); rows listed "
              f"{statistics.mean(map(len, rows)):.0f} on average (up to {max(map(len, rows))}), legal now "
              f"{statistics.mean(legal):.0f} on average")
        timings = {
            "fate_yield": [best_of(lambda s=s: fate_yield(s)) for s in positions],
            "fate_yield_figure": [best_of(lambda s=s: fate_yield_figure(s)) for s in positions],
            "score_now": [best_of(lambda s=s: score_now(s)) for s in positions],
            "score_now_figure": [best_of(lambda s=s: score_now_figure(s)) for s in positions],
        }
        print("  " + "; ".join(f"{name} median {_ms(t)[0]:.1f} ms, max {_ms(t)[1]:.1f} ms"
                               for name, t in timings.items()))
        for name, seconds in timings.items():
            med, top = _ms(seconds)
            out[f"{name} {label} median ms"] = med
            out[f"{name} {label} max ms"] = top

    record = full_record()
    dt = best_of(lambda: scores_over_time_figure(record))
    out["scores_over_time_figure ms"] = dt * 1e3
    print(f"scores_over_time_figure (a whole random 3-player game, {len(record)} actions): {dt * 1e3:.0f} ms")

    redraws = [best_of(lambda s=s: _redraw(s)) for s in sets["middle"]]
    med, top = _ms(redraws)
    out["view redraw median ms"], out["view redraw max ms"] = med, top
    print(f"view redraw in Python (scene, highlights and panel of a BonfireView) at the middle positions: median "
          f"{med:.1f} ms, max {top:.1f} ms")
    return out


def _redraw(state: State) -> None:
    """What a click costs the kernel besides the engine: the board view's scene, highlights and side panel."""
    view = _VIEW
    view.render_scene(state)
    view.highlights_for(state)
    view.panel_sections(state)


if __name__ == "__main__":
    start = time.perf_counter()
    main()
    print(f"({time.perf_counter() - start:.0f} s)")
