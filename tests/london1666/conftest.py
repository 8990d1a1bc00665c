"""Positions shared by the London tests."""

from __future__ import annotations

import pytest

from explorer import london1666
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


def position(base: State, *, fire=None, bands=None, burnt=(), demolished=(), **facts) -> State:
    """``base``'s players, hands, pawns, houses and turn, rebuilt with the public builder
    (:func:`explorer.london1666.position`) where ``fire``/``bands`` replace those maps entirely and ``burnt``
    districts lose their houses (to the score tracks), as ``demolished`` ones do; other ``facts`` are the builder's arguments."""
    seats = base.seats
    burnt = sorted(set(burnt) | {d for d, gone in zip(base.board.ids, base.burnt) if gone})
    given = dict(
        colours=[s.colour for s in seats], phase=base.phase, active=base.active, turn=base.turn, ap=base.ap,
        card=base.card, deck=base.deck, fire=fire or {}, bands=bands or {}, burnt=burnt,
        demolished=sorted(set(demolished) | {d for d, gone in zip(base.board.ids, base.demolished) if gone}),
        houses={d: list(base.houses_at(d)) for d in base.board.ids
                if base.houses_at(d) and d not in burnt and d not in demolished},
        tokens={d: t for d, t in zip(base.board.ids, base.tokens) if t and d not in burnt},
        hands={s.colour: s.hand_text().replace("no cards", "") for s in seats},
        pawns={s.colour: s.pawn for s in seats}, held={s.colour: list(s.tokens) for s in seats},
        objectives={s.colour: list(s.objectives) for s in seats}, seed=base.rng.seed)
    for colour, hand in facts.pop("hands", {}).items():
        given["hands"][colour] = hand
    given.update(facts)
    return london1666.position(**given)


@pytest.fixture(scope="module")
def start() -> State:
    return started()
