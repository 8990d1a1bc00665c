"""Positions shared by the London tests."""

from __future__ import annotations

import pytest

from explorer.london1666 import State, new_game

BANDS_4P = ["moorgate", "guild-hall", "aldgate", "st-pauls"]
PAWNS_4P = ["guild-hall", "moorgate", "aldgate", "st-pauls"]


def started(seed: int = 1666) -> State:
    """A 4-player game from ``seed`` with bands and pawns placed as the lists above say: turn 1, spreading."""
    s = new_game(players=4, seed=seed)
    for d in BANDS_4P:
        s = s.apply(f"place-band {d}")
    for d in PAWNS_4P:
        s = s.apply(f"place-pawn {d}")
    return s


def position(base: State, *, fire=None, bands=None, burnt=(), clear=(), **fields) -> State:
    """``base`` with districts changed: ``fire``/``bands`` replace those maps entirely; ``burnt`` districts lose
    their houses; ``clear`` districts lose houses without burning; other top-level ``fields`` replace values."""
    d = base.to_dict()
    districts = {k: dict(v, fire=0, bands=0) for k, v in d["districts"].items()}
    for k, n in (fire or {}).items():
        districts.setdefault(k, {})["fire"] = n
    for k, n in (bands or {}).items():
        districts.setdefault(k, {})["bands"] = n
    for k in burnt:
        districts.setdefault(k, {}).update(houses=[], burnt=True, token=None)
    for k in clear:
        districts.setdefault(k, {}).update(houses=[])
    d.update(districts=districts, **fields)
    return State.from_dict(d)


@pytest.fixture(scope="module")
def start() -> State:
    return started()
