"""The games this explorer knows: the ``GAMES`` registry and ``load_game``."""

from __future__ import annotations

import importlib
import importlib.util
from dataclasses import dataclass
from types import ModuleType
from typing import Any

from .errors import GameNotReady, InvalidData, UnknownGame

__all__ = ["GameInfo", "GAMES", "register_game", "unregister_game", "game_module", "load_game"]


@dataclass(frozen=True)
class GameInfo:
    """What the explorer knows about one game before importing its engine.

    Attributes:
        key: the registry key and sub-package name, e.g. ``"london1666"``.
        title: the display name.
        designer: who designed it.
        seed: the source document in ``shared/seeds/`` the rules come from.
        module: the engine's import path (``explorer.<key>`` for the shipped games).
        summary: one sentence for the landing page.
        notebooks: the lessons, tutorial, app, coach and rules reference notebooks, relative to ``notebooks/``, in
            reading order.
    """

    key: str
    title: str
    designer: str
    seed: str
    module: str
    summary: str
    notebooks: tuple[tuple[str, str], ...] = ()

    @property
    def is_ready(self) -> bool:
        """True when the game's engine can be imported and exposes ``new_game`` (it can be played)."""
        try:
            if importlib.util.find_spec(self.module) is None:
                return False
        except ModuleNotFoundError:
            return False
        return callable(getattr(importlib.import_module(self.module), "new_game", None))


def _tutorials(key: str, turn: str, third: str) -> tuple[tuple[str, str], ...]:
    return ((f"{key}/lessons.ipynb", "Learn to play"),
            (f"{key}/01_setup.ipynb", "1. Setup"),
            (f"{key}/02_{turn}.ipynb", "2. The turn"),
            (f"{key}/03_{third}.ipynb", f"3. {third.replace('_', ' ').capitalize()}"),
            (f"{key}/app.ipynb", "Play (app)"),
            (f"{key}/coach.ipynb", "Coach"),
            (f"{key}/rules.ipynb", "Rules reference"))


GAMES: dict[str, GameInfo] = {
    info.key: info
    for info in (
        GameInfo("london1666", "The Great Fire of London 1666", "Richard Denning",
                 "000_1cab2226d022c977.txt", "explorer.london1666",
                 "Spread the fire with movement cards, fight it with trained bands, save your own houses.",
                 _tutorials("london1666", "turn_and_fire_priority", "scoring")),
        GameInfo("portobello", "Portobello Market", "Thomas Odenhoven",
                 "001_34c637104103af06.txt", "explorer.portobello",
                 "Build stalls along the lanes, steer the bobby, and score lanes when customers arrive.",
                 _tutorials("portobello", "turn_and_priorities", "scoring")),
        GameInfo("flashpoint", "Flash Point: Fire Rescue – Extreme Danger", "Kevin Lanzing (base game)",
                 "003_4cd77c77a3cff4fe.txt", "explorer.flashpoint",
                 "Cooperative firefighting: rescue victims before the fire spreads or the building collapses.",
                 _tutorials("flashpoint", "turn_and_fire", "winning_and_losing")),
        GameInfo("bonfire", "Bonfire", "Stefan Feld",
                 "002_3a90ca77d2ddc4ae.txt", "explorer.bonfire",
                 "Gnomes relight the bonfires: fate tiles, tasks, guardians and processions.",
                 _tutorials("bonfire", "turn_and_priorities", "scoring")),
    )
}
"""The games, by key, in the order the landing page lists them."""


def register_game(info: GameInfo) -> None:
    """Add a game (a variant, or a test-only game) to ``GAMES``.

    Raises:
        ValueError: if the key is already taken.
    """
    if info.key in GAMES:
        raise ValueError(f"a game named {info.key!r} is already registered")
    GAMES[info.key] = info


def unregister_game(key: str) -> None:
    """Remove a game added with :func:`register_game` (no error if absent)."""
    GAMES.pop(key, None)


def game_module(name: str) -> ModuleType:
    """The engine module of game ``name`` (it exposes ``new_game``, ``State``, ``RULES``...).

    Raises:
        UnknownGame: if ``name`` is not in ``GAMES`` (the message lists the known games).
        GameNotReady: if the game is listed but its engine is not written yet.
    """
    info = GAMES.get(name) if isinstance(name, str) else None
    if info is None:
        known = ", ".join(sorted(GAMES))
        raise UnknownGame(f"unknown game {name!r}; known games: {known}")
    if not info.is_ready:
        raise GameNotReady(f"{info.title} ({name!r}) is listed but its rules engine is not available yet")
    return importlib.import_module(info.module)


def load_game(name: str, **options: Any) -> Any:
    """A new, fully set-up game: ``game_module(name).new_game(**options)``.

    >>> load_game("chess")  # doctest: +ELLIPSIS
    Traceback (most recent call last):
    ...
    explorer.core.errors.UnknownGame: unknown game 'chess'; known games: bonfire, flashpoint, london1666, portobello...

    Raises:
        UnknownGame, GameNotReady: see :func:`game_module`.
        InvalidData: if the game refuses the options (unknown option, bad player count...).
    """
    module = game_module(name)
    try:
        return module.new_game(**options)
    except (TypeError, ValueError) as err:
        raise InvalidData(f"options {options!r} for {name!r}", [str(err)]) from None
