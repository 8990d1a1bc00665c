"""Game records: the seed, the options and every action, with an undo/redo cursor.

A :class:`Record` is how a game is saved, shared, replayed and stepped through. It stores only what is needed
to rebuild every position exactly: ``{game, options, seed, actions}`` where ``actions`` are the notations of
every action after setup, chance outcomes included, so a record replays identically even where a tutorial
forced an outcome. The JSON file format (version :data:`RECORD_FORMAT_VERSION`)::

    {"format": "rules-explorer/record", "format_version": 1,
     "game": "london1666", "game_version": "1", "options": {"players": 4},
     "seed": 1666, "actions": ["..."], "cursor": 12}
"""

from __future__ import annotations

import inspect
import json
import warnings
from collections.abc import Iterable, Mapping
from pathlib import Path
from typing import Any, Literal

import pydantic

from .errors import GameNotReady, InvalidData, InvalidRecord, UnknownGame
from .registry import game_module
from .rng import SEED_LIMIT, new_seed
from .schema import StrictModel, parse_json, problems_from_validation_error, read_text

__all__ = ["Record", "RECORD_FORMAT", "RECORD_FORMAT_VERSION"]

RECORD_FORMAT = "rules-explorer/record"
"""The ``format`` field every record file carries."""
RECORD_FORMAT_VERSION = 1
"""The record file format this code writes and reads."""


class _RecordFile(StrictModel):
    format: Literal["rules-explorer/record"]
    format_version: int
    game: str
    game_version: str | None = None
    options: dict[str, Any] = pydantic.Field(default_factory=dict)
    seed: int = pydantic.Field(ge=0, lt=SEED_LIMIT)
    actions: list[str] = pydantic.Field(default_factory=list)
    cursor: int | None = pydantic.Field(default=None, ge=0)
    position: dict[str, Any] | None = None


def _option_names(new_game: Any) -> set[str] | None:
    """The keyword options a game's ``new_game`` takes (its parameters but ``seed``), or ``None`` if it takes any
    keyword (``**kwargs``) or its signature cannot be read."""
    try:
        params = inspect.signature(new_game).parameters.values()
    except (TypeError, ValueError):
        return None
    if any(p.kind is inspect.Parameter.VAR_KEYWORD for p in params):
        return None
    return {p.name for p in params if p.name != "seed" and p.kind in (inspect.Parameter.POSITIONAL_OR_KEYWORD,
                                                                       inspect.Parameter.KEYWORD_ONLY)}


class Record:
    """A game from its setup: the states after each action, and a cursor for undo, redo and stepping.

    The record is the one mutable object of the engine: :meth:`play` appends (dropping any redo tail),
    :meth:`undo`/:meth:`redo` move the cursor between the positions where a player acts, :meth:`step` and
    :meth:`goto` move it one action at a time (chance steps included). The states themselves never change.

    Args:
        game: a key of ``explorer.GAMES``.
        seed: the game's seed (a fresh one is drawn and kept if ``None``).
        options: keyword options for the game's ``new_game`` (``players`` and the game's variants).
        actions: notations (or action objects) to replay after setup.
        cursor: where to put the cursor (default: after the last action).
        position: a position in the game's format (``State.to_dict()``) to start from instead of the set-up game
            (a lesson's or a tutorial's situation, see :meth:`from_state`); the record then replays from it.

    Raises:
        InvalidRecord: if the game is unknown or not ready, the options are refused, an action cannot be
            read or is illegal where it stands (naming ``actions[i]``), or the cursor is out of range.
    """

    def __init__(self, game: str, *, seed: int | None = None, options: Mapping[str, Any] | None = None,
                 actions: Iterable[Any] = (), cursor: int | None = None,
                 position: Mapping[str, Any] | None = None) -> None:
        what = f"record of {game!r}"
        if not isinstance(options, (Mapping, type(None))):
            raise InvalidRecord(what, [f"options: expected a mapping of option names to values, got {options!r}"])
        self.game = game
        self.seed = new_seed() if seed is None else seed
        self.options: dict[str, Any] = dict(options or {})
        try:
            self._module = game_module(game)
        except (UnknownGame, GameNotReady) as err:
            raise InvalidRecord(what, [f"game: {err}"]) from None
        known = _option_names(self._module.new_game)
        unknown = sorted(str(name) for name in self.options if known is not None and name not in known)
        if unknown:
            raise InvalidRecord(what, [f"options: {game} has no option {', '.join(map(repr, unknown))}; its options "
                                       f"are {', '.join(sorted(known)) or 'none'}"])
        self.position: dict[str, Any] | None = dict(position) if position is not None else None
        """The position the record starts from, or ``None`` for the set-up game of ``seed`` and ``options``."""
        try:
            if self.position is not None:
                first = self._module.State.from_dict(self.position)
            else:
                first = self._module.new_game(seed=self.seed, **self.options)
        except InvalidData as err:
            raise InvalidRecord(what, [f"position: {p}" for p in err.problems]) from None
        except (TypeError, ValueError) as err:
            raise InvalidRecord(what, [f"options {self.options!r} (seed {self.seed}): {err}"]) from None
        self._states = [first]
        self._actions: list[str] = []
        for i, action in enumerate(actions):
            try:
                self._push(self._states[-1].apply(action), action)
            except ValueError as err:  # NotationError, IllegalAction, AmbiguousAction
                raise InvalidRecord(what, [f"actions[{i}] {str(action)!r}: {err}"]) from None
        self.cursor = len(self._actions)
        if cursor is not None:
            if isinstance(cursor, bool) or not isinstance(cursor, int) or not 0 <= cursor <= len(self._actions):
                raise InvalidRecord(what, [f"cursor: must be a whole number from 0 to {len(self._actions)}, "
                                           f"got {cursor!r}"])
            self.cursor = cursor

    @classmethod
    def from_state(cls, state: Any, *, seed: int = 0) -> "Record":
        """A record that starts at ``state`` (any position of a shipped game, e.g. one built with the game's
        ``position()``), with no actions yet: what a lesson or a tutorial plays on.

        The start is kept as ``state.to_dict()`` (:attr:`position`), so the record saves and replays like any
        other; ``states[0]`` is ``state`` itself.

        >>> from explorer.portobello import position
        >>> r = Record.from_state(position(2, token=3))
        >>> r.game, len(r), r.state.phase
        ('portobello', 0, 'actions')

        Raises:
            InvalidRecord: if ``state`` is not a state of a registered game.
        """
        game = getattr(type(state), "game", None)
        if not isinstance(game, str):
            raise InvalidRecord("record", [f"expected a game state, got {type(state).__name__}"])
        record = cls.__new__(cls)
        record.game, record.seed, record.options = game, seed, {}
        try:
            record._module = game_module(game)
        except (UnknownGame, GameNotReady) as err:
            raise InvalidRecord(f"record of {game!r}", [f"game: {err}"]) from None
        record.position = state.to_dict()
        record._states, record._actions, record.cursor = [state], [], 0
        return record

    # ---- reading the record --------------------------------------------------------------------------
    @property
    def version(self) -> str | None:
        """The game engine's ``VERSION`` (written into saved records)."""
        return getattr(self._module, "VERSION", None)

    @property
    def actions(self) -> tuple[str, ...]:
        """The notation of every action after setup, chance outcomes included."""
        return tuple(self._actions)

    @property
    def states(self) -> tuple[Any, ...]:
        """``states[0]`` is the set-up game, ``states[i]`` the position after ``actions[:i]``."""
        return tuple(self._states)

    @property
    def state(self) -> Any:
        """The position at the cursor."""
        return self._states[self.cursor]

    def __len__(self) -> int:
        """The number of actions recorded."""
        return len(self._actions)

    def replay(self) -> list[Any]:
        """Every state rebuilt from scratch (setup, then each action): proof that the record replays.

        Raises:
            InvalidRecord: if an action no longer applies (e.g. the engine's rules changed).
        """
        return Record(self.game, seed=self.seed, options=self.options, actions=self._actions,
                      position=self.position)._states

    # ---- changing it -----------------------------------------------------------------------------------
    def _push(self, state: Any, action: Any) -> None:
        self._actions.append(str(action))
        self._states.append(state)

    def play(self, action: Any, *, resolve_chance: bool = True) -> Any:
        """Apply ``action`` (object or notation) at the cursor and return the new position.

        Actions after the cursor (the redo tail) are dropped. With ``resolve_chance``, the chance steps that
        follow are drawn from the game's seeded stream and recorded too, so the new position is one where a
        player acts (or the end). Pass ``resolve_chance=False`` to force chance outcomes yourself.

        Raises:
            NotationError, IllegalAction: as ``State.apply``; the record is then unchanged.
        """
        new = self.state.apply(action)
        del self._actions[self.cursor:]
        del self._states[self.cursor + 1:]
        self._push(new, action)
        while resolve_chance and new.is_chance_node and not new.is_terminal:
            outcome = new.sample_chance()
            new = new.apply(outcome)
            self._push(new, outcome)
        self.cursor = len(self._actions)
        return new

    @property
    def can_undo(self) -> bool:
        """True if there is an earlier position to go back to."""
        return self.cursor > 0

    @property
    def can_redo(self) -> bool:
        """True if undone actions can be played again."""
        return self.cursor < len(self._actions)

    def _is_stop(self, index: int) -> bool:
        state = self._states[index]
        return index == 0 or index == len(self._actions) or not state.is_chance_node

    def undo(self) -> Any:
        """Go back to the previous position where a player acted (skipping chance steps); return it.

        Raises:
            IndexError: if there is nothing to undo.
        """
        if not self.can_undo:
            raise IndexError("nothing to undo: this is the start of the game")
        self.cursor -= 1
        while not self._is_stop(self.cursor):
            self.cursor -= 1
        return self.state

    def redo(self) -> Any:
        """Replay the next undone player action and the chance steps after it; return the position.

        Raises:
            IndexError: if there is nothing to redo.
        """
        if not self.can_redo:
            raise IndexError("nothing to redo: this is the latest position")
        self.cursor += 1
        while not self._is_stop(self.cursor):
            self.cursor += 1
        return self.state

    def goto(self, index: int) -> Any:
        """Put the cursor after ``actions[:index]`` (0 = setup) and return that position.

        Raises:
            IndexError: if ``index`` is not between 0 and ``len(self)``.
        """
        if not 0 <= index <= len(self._actions):
            raise IndexError(f"position {index} is outside this record (0..{len(self._actions)})")
        self.cursor = index
        return self.state

    def step(self, delta: int = 1) -> Any:
        """Move the cursor ``delta`` actions (chance steps count), clamped to the record; return the position."""
        return self.goto(min(max(self.cursor + delta, 0), len(self._actions)))

    # ---- files -------------------------------------------------------------------------------------------
    def to_dict(self) -> dict[str, Any]:
        """The record in its JSON file format (see the module docstring)."""
        return {"format": RECORD_FORMAT, "format_version": RECORD_FORMAT_VERSION, "game": self.game,
                "game_version": self.version, "options": dict(self.options), "seed": self.seed,
                "actions": list(self._actions), "cursor": self.cursor,
                **({"position": self.position} if self.position is not None else {})}

    @classmethod
    def from_dict(cls, data: Any, *, what: str = "record") -> "Record":
        """A record from its JSON data, validated and replayed.

        Raises:
            InvalidRecord: naming each field that is missing, of the wrong type or unknown, an unsupported
                ``format_version``, an unknown game, refused options, or the first action that does not apply.
        """
        try:
            parsed = _RecordFile.model_validate(data)
        except pydantic.ValidationError as err:
            raise InvalidRecord(what, problems_from_validation_error(err)) from None
        if parsed.format_version != RECORD_FORMAT_VERSION:
            raise InvalidRecord(what, [f"format_version: this explorer reads version {RECORD_FORMAT_VERSION}, "
                                       f"got {parsed.format_version}"])
        try:
            record = cls(parsed.game, seed=parsed.seed, options=parsed.options, actions=parsed.actions,
                         cursor=parsed.cursor, position=parsed.position)
        except InvalidData as err:
            raise InvalidRecord(what, err.problems) from None
        if parsed.game_version is not None and parsed.game_version != record.version:
            warnings.warn(f"{what} was saved with {parsed.game} engine version {parsed.game_version}; "
                          f"this is version {record.version}. It replayed without error.", stacklevel=2)
        return record

    def to_json(self) -> str:
        """The record as a JSON string (indented, stable key order).

        Raises:
            InvalidRecord: if an option is not JSON data (e.g. a Python object instead of its ``to_dict()``).
        """
        try:
            return json.dumps(self.to_dict(), indent=2, ensure_ascii=False)
        except (TypeError, ValueError) as err:
            raise InvalidRecord(f"{self.game} record", [
                f"options: every option must be JSON data to be saved ({err}); pass a building or board as its "
                f"to_dict(), or a shipped key"]) from None

    @classmethod
    def from_json(cls, text: str, *, what: str = "record") -> "Record":
        """A record from JSON text.

        Raises:
            InvalidRecord: if the text is not JSON (with line and column) or not a valid record.
        """
        try:
            data = parse_json(text, what=what)
        except InvalidData as err:
            raise InvalidRecord(what, err.problems) from None
        return cls.from_dict(data, what=what)

    def save(self, path: str | Path) -> Path:
        """Write the record to ``path`` as JSON; return the path."""
        path = Path(path)
        path.write_text(self.to_json() + "\n", encoding="utf-8")
        return path

    @classmethod
    def load(cls, path: str | Path) -> "Record":
        """Read a record saved with :meth:`save`.

        Raises:
            InvalidRecord: if the file is missing or unreadable, or its content is not a valid record.
        """
        if not isinstance(path, (str, Path)):
            raise InvalidRecord("record file", [f"expected a file path, got {type(path).__name__}"])
        what = f"record file {Path(path)}"
        try:
            text = read_text(path, what=what)
        except InvalidData as err:
            raise InvalidRecord(what, err.problems) from None
        return cls.from_json(text, what=what)

    def __repr__(self) -> str:
        return (f"Record(game={self.game!r}, seed={self.seed}, options={self.options!r}, "
                f"actions={len(self._actions)}, cursor={self.cursor})")
