"""The conformance check every game passes: random playouts over the whole contract.

Used by the test suite on every ready game in ``GAMES`` (and on the test-only toy game), and available to a
designer checking a variant: ``check_game("london1666", seed=3, options={"players": 4})``.
"""

from __future__ import annotations

import random
from fractions import Fraction
from typing import Any

from .errors import IllegalAction
from .record import Record
from .registry import game_module

__all__ = ["check_state", "check_game", "ConformanceError"]


class ConformanceError(AssertionError):
    """A broken guarantee of the engine contract; the message names the seed, step and state."""


def check_state(state: Any) -> list[str]:
    """Every contract problem of one state (empty list if none).

    Checks: legal actions are empty exactly at the end; chance outcomes have positive probabilities summing
    to 1 and no player acts at a chance node; every legal action's notation reads back to the same action;
    ``to_dict`` round-trips through ``from_dict``.
    """
    problems = []
    actions = state.legal_actions()
    if state.is_terminal != (not actions):
        problems.append(f"terminal={state.is_terminal} but {len(actions)} legal actions")
    if state.is_terminal and state.current_player is not None:
        problems.append(f"terminal state names a current player: {state.current_player!r}")
    if state.is_chance_node and not state.is_terminal:
        outcomes = state.chance_outcomes()
        total = sum((Fraction(p) if isinstance(p, (int, Fraction)) else p for _, p in outcomes), Fraction(0))
        if abs(float(total) - 1.0) > 1e-9:
            problems.append(f"chance probabilities sum to {total}, not 1")
        if any(p <= 0 for _, p in outcomes):
            problems.append("a chance outcome has a probability <= 0")
        if state.current_player is not None:
            problems.append(f"a chance node names a current player: {state.current_player!r}")
    if len(set(map(str, actions))) != len(actions):
        problems.append("two legal actions share a notation")
    for action in actions:
        try:
            parsed = state.parse_action(str(action))
        except ValueError as err:
            problems.append(f"notation {str(action)!r} does not read back: {err}")
            continue
        if parsed != action:
            problems.append(f"notation {str(action)!r} reads back as {parsed!r}, not {action!r}")
    data = state.to_dict()
    try:
        again = type(state).from_dict(data).to_dict()
    except ValueError as err:
        problems.append(f"from_dict refuses what to_dict wrote: {err}")
    else:
        if again != data:
            problems.append("to_dict/from_dict does not round-trip")
    return problems


def check_game(game: str, *, seed: int, options: dict[str, Any] | None = None, max_steps: int = 500) -> Record:
    """Play one random game of ``game`` from ``seed`` and check the contract at every step.

    Player actions are chosen by ``random.Random(seed)``; chance outcomes come from the game's own seeded
    stream (as in :class:`Record`). Also checks that a refused action leaves the state unchanged and that the
    finished record replays to identical states. Returns the record played.

    Raises:
        ConformanceError: on the first broken guarantee, naming the seed and the step.
        InvalidRecord: if the game refuses ``options`` or the seed.
    """
    module = game_module(game)
    options = dict(options or {})
    chooser = random.Random(seed)
    record = Record(game, seed=seed, options=options)
    state = record.state
    for step in range(max_steps):
        problems = check_state(state)
        if problems:
            raise ConformanceError(f"{game} seed {seed} step {step}: " + "; ".join(problems))
        if state.is_terminal:
            break
        before = state.to_dict()
        probe = _an_illegal_action(state, record)
        if probe is not None:
            try:
                state.apply(probe)
            except IllegalAction:
                pass
            else:
                raise ConformanceError(f"{game} seed {seed} step {step}: {probe} was accepted "
                                       "though it is not among the legal actions")
            if state.to_dict() != before:
                raise ConformanceError(f"{game} seed {seed} step {step}: a refused action changed the state")
        if state.is_chance_node:
            state = record.play(state.sample_chance(), resolve_chance=False)
        else:
            state = record.play(chooser.choice(state.legal_actions()), resolve_chance=False)
    replayed = record.replay()
    if [s.to_dict() for s in replayed] != [s.to_dict() for s in record.states]:
        raise ConformanceError(f"{game} seed {seed}: the record does not replay identically")
    if getattr(module, "new_game")(seed=seed, **options).to_dict() != record.states[0].to_dict():
        raise ConformanceError(f"{game} seed {seed}: new_game is not deterministic for a seed")
    return record


def _an_illegal_action(state: Any, record: Record) -> Any:
    """An action legal somewhere earlier in the record but not here (to test refusals), if there is one."""
    legal = set(map(str, state.legal_actions()))
    for earlier in reversed(record.states[-4:]):
        for action in earlier.legal_actions():
            if str(action) not in legal:
                try:
                    return state.parse_action(str(action))
                except ValueError:
                    continue
    return None
