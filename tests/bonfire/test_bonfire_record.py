"""Bonfire games as records: saved, loaded, replayed to the same positions, undone and redone (the core
``Record`` on the Bonfire engine; a first run found a record could be saved but not loaded back)."""

from __future__ import annotations

import random

from explorer.bonfire import VERSION, new_game
from explorer.core import Record


def _played(seed: int, players: int, moves: int) -> Record:
    rnd = random.Random(seed)
    record = Record("bonfire", seed=seed, options={"players": players})
    for _ in range(moves):
        if record.state.is_terminal:
            break
        record.play(rnd.choice(record.state.legal_actions()))
    return record


def test_a_record_saves_loads_and_replays_to_the_same_positions(tmp_path):
    record = _played(4, 2, 40)
    assert record.version == VERSION == "3"
    path = record.save(tmp_path / "game.json")
    again = Record.load(path)
    assert again.actions == record.actions
    assert [s.to_dict() for s in again.replay()] == [s.to_dict() for s in record.states]
    assert Record.from_dict(record.to_dict()).state.to_dict() == record.state.to_dict()


def test_undo_and_redo_walk_the_record():
    record = _played(9, 3, 25)
    last = record.state.to_dict()
    first = new_game(players=3, seed=9).to_dict()
    while record.can_undo:
        record.undo()
    assert record.state.to_dict() == first
    while record.can_redo:
        record.redo()
    assert record.state.to_dict() == last
