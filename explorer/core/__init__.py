"""The shared contract every game implements (see ``shared/design/API.md``).

``Rule``/``RuleTable`` (the rules table), ``IllegalAction`` and the other errors, ``Event``, the seeded
``Rng``, the ``GameState`` base with the guarantees written once, ``ScoreBreakdown``, ``Record`` (save, load,
replay, undo/redo), the ``GAMES`` registry with ``load_game``, and pydantic helpers for data files.
"""

from .errors import (AmbiguousAction, GameNotReady, IllegalAction, InvalidData, InvalidRecord, NotationError,
                     UnknownGame)
from .events import Event, Note
from .record import RECORD_FORMAT, RECORD_FORMAT_VERSION, Record
from .registry import GAMES, GameInfo, game_module, load_game, register_game, unregister_game
from .rng import Rng, new_seed
from .rules import Rule, RuleTable
from .schema import StrictModel, load_data, read_data_file, validate
from .state import CORE_RULES, GameState, ScoreBreakdown

__all__ = [
    "AmbiguousAction", "GameNotReady", "IllegalAction", "InvalidData", "InvalidRecord", "NotationError",
    "UnknownGame", "Event", "Note", "RECORD_FORMAT", "RECORD_FORMAT_VERSION", "Record", "GAMES", "GameInfo",
    "game_module", "load_game", "register_game", "unregister_game", "Rng", "new_seed", "Rule", "RuleTable",
    "StrictModel", "load_data", "read_data_file", "validate", "CORE_RULES", "GameState", "ScoreBreakdown",
]
