"""An action is legal exactly when the engine does not refuse it (issue 21: ``legal_actions`` is generated
directly, no longer by asking :func:`explorer.flashpoint.turn.refusal` about each candidate).

Over the positions met in seeded random games on every building (both base-board sides and the four Extreme
Danger buildings; Family and the three Experienced levels; the options drawn from the seed as in the property
tests), at every decision point:

* every action of ``legal_actions()`` has ``explain(a) is None`` and applies;
* the broad candidates the old code filtered (:func:`explorer.flashpoint.turn.candidate_actions`) that
  ``refusal`` lets through are exactly ``legal_actions()``, in the same order (the order the seeded players and
  the golden transcripts depend on);
* every other candidate, and (at every eighth position) every action of every kind over all the building's
  spaces, edges, vehicles, roles and firefighters, gets a refusal from ``explain`` naming a Flash Point rule (a
  chance outcome tried at a decision may get the core's); ``apply`` raises that same refusal and leaves the
  state as it was.

And the same seed replays the same game, action for action and event for event.
"""

from __future__ import annotations

import random

import pytest

from explorer.core import IllegalAction
from explorer.flashpoint import RULES, State, new_game
from explorer.flashpoint import actions as A
from explorer.flashpoint.components import ROLES
from explorer.flashpoint.turn import candidate_actions, refusal

pytestmark = pytest.mark.property

BOARDS = ("front", "back", "garage", "laboratory", "garage_basement", "laboratory_attic")
VARIANTS = ((None, "family"), ("recruit", "experienced"), ("veteran", "experienced"), ("heroic", "experienced"))
GAMES_PER_BOARD = 3
"""Seeded games per building (about 1 000 decision points in all)."""
WIDE_EVERY = 8
"""Every how many decision points the whole board's actions are tried, not only the candidates."""


def options_for(seed: int, board: str) -> dict:
    """1-6 firefighters, Family or an Experienced level, and on the Extreme Danger buildings their options."""
    level, mode = VARIANTS[seed % len(VARIANTS)]
    options = {"players": 1 + seed % 6, "building": board, "mode": mode, "level": level}
    if board not in ("front", "back"):
        flags = random.Random(f"options {seed}")
        options.update(objects=flags.random() < 0.75, chemical_spill=flags.random() < 0.75)
        if board.startswith("laboratory") and mode == "experienced":
            options["platform"] = flags.random() < 0.5
        if board == "garage_basement":
            options.update(basement_ladder=flags.random() < 0.5, floor_bridge=flags.random() < 0.5)
    return options


def choose(chooser: random.Random, legal: list) -> object:
    """A kind of action uniformly among the legal kinds, then an action of that kind (so games finish)."""
    by_kind: dict[str, list] = {}
    for a in legal:
        by_kind.setdefault(type(a).__name__, []).append(a)
    return chooser.choice(by_kind[chooser.choice(sorted(by_kind))])


def play(seed: int, board: str, max_steps: int = 3000):
    """The states of one seeded random game with the action taken at each (chance resolved by the seed)."""
    chooser, s = random.Random(seed), new_game(seed=seed, **options_for(seed, board))
    for _ in range(max_steps):
        if s.is_terminal:
            return
        action = s.sample_chance() if s.is_chance_node else choose(chooser, s.legal_actions())
        yield s, action
        s = s.apply(action)


def board_wide(s: State) -> list:
    """Every action of every kind over the whole building: its spaces, edges, parking spots, the roles and the
    firefighters (most of them illegal anywhere but where they stand)."""
    b = s.building
    spaces = list(b.spaces_by_id)
    edges = sorted({A.edge_text(a, n) for a in spaces for n, _ in b.neighbours(a) if n in b.spaces_by_id
                    and frozenset((a, n)) in b.edges})
    out: list = [A.Move(p) for p in spaces] + [A.Extinguish(p) for p in spaces] + [A.Identify(p) for p in spaces]
    out += [A.RaiseLadder(p) for p in spaces] + [A.Bridge(p) for p in spaces] + [A.MovePlatform(p) for p in spaces]
    out += [A.Place(p) for p in spaces[::7]]
    for kind in (A.OpenDoor, A.CloseDoor, A.Chop, A.Unjam):
        out += [kind(e) for e in edges]
    for vehicle in A.VEHICLES:
        for spot in b.parking(vehicle):
            out += [A.Drive(vehicle, p) for p in spot] + [A.Park(vehicle, p) for p in spot]
    out += [A.PickUp(w) for w in A.PICKABLE] + [A.Drop(), A.DeckGun(), A.Treat(), A.Dispose(), A.EndTurn()]
    out += [A.TakeLadder(), A.DropLadder(), A.CollapseLadder()]
    out += [A.CrewChange(r) for r in (*ROLES, "janitor")] + [A.ChooseRole(r) for r in (*ROLES, "janitor")]
    for f in s.firefighters:
        near = [n for n, _ in b.neighbours(f.space)] if f.space else spaces[:3]
        out += [A.Command(f.name, "move", p) for p in near + spaces[::11]]
        out += [A.Command(f.name, verb, e) for verb in ("open", "close") for e in edges[::3]]
    out += [A.Command("nobody", "move", spaces[0]), A.Dice(1, 1), A.Reveal("victim")]
    return out


def check_refused(s: State, action: object, legal: set) -> None:
    """``action`` is not legal in ``s``: ``explain`` names a Flash Point rule, ``apply`` raises the same refusal
    and ``s`` is unchanged."""
    assert action not in legal
    err = s.explain(action)
    assert isinstance(err, IllegalAction), (str(action), s.to_dict())
    if isinstance(action, A.PLAYER_ACTIONS):
        assert err.rule.id in RULES, (str(action), err.rule.id, err.reason)
    else:  # a chance outcome where none is due: a Flash Point rule, or the core's during the set-up choices
        assert err.rule.id in RULES or err.rule.id.startswith("core."), (str(action), err.rule.id)
    assert err.reason
    if random.Random(str(action)).random() < 0.1:  # apply a sample: it raises the same refusal
        before = s.to_dict()
        with pytest.raises(IllegalAction) as raised:
            s.apply(action)
        assert (raised.value.rule.id, raised.value.reason) == (err.rule.id, err.reason)
        assert s.to_dict() == before


@pytest.mark.parametrize("board", BOARDS)
def test_an_action_is_legal_exactly_when_the_engine_does_not_refuse_it(board):
    positions = 0
    for seed in range(GAMES_PER_BOARD):
        for s, _ in play(seed, board):
            if s.is_chance_node:
                continue
            positions += 1
            legal = s.legal_actions()
            for a in legal:
                assert s.explain(a) is None and refusal(s, a) is None, str(a)
                s.apply(a)
            candidates = candidate_actions(s)
            assert [a for a in candidates if refusal(s, a) is None] == legal
            allowed = set(legal)
            for a in candidates:
                if a not in allowed:
                    check_refused(s, a, allowed)
            if positions % WIDE_EVERY == 0:
                for a in board_wide(s):
                    if a in allowed:
                        assert s.explain(a) is None
                    else:
                        check_refused(s, a, allowed)
    assert positions >= 100


def test_the_same_seed_replays_the_same_game():
    for board, seed in (("front", 3), ("back", 4), ("garage_basement", 5), ("laboratory_attic", 7)):
        first = [(str(a), [(e.rule.id, e.describe()) for e in s.events], s.to_dict()) for s, a in play(seed, board)]
        again = [(str(a), [(e.rule.id, e.describe()) for e in s.events], s.to_dict()) for s, a in play(seed, board)]
        assert first == again and len(first) > 20
