"""Rules Explorer: rules engines for four tabletop games, with a shared contract.

>>> from explorer import GAMES
>>> [info.title for info in GAMES.values()][:2]
['The Great Fire of London 1666', 'Portobello Market']

The engine is pure Python (no Jupyter imports). Views live in the separate ``widgets`` package.
"""

from .core import *  # noqa: F401,F403  (the contract, re-exported)
from .core import __all__ as _core_all

__all__ = list(_core_all)
__version__ = "0.1.0"


def load_lessons(game: str, *, reload: bool = False):
    """Every lesson of ``game`` (see :func:`explorer.lessons.load_lessons`; imported on first use, so that
    ``import explorer`` stays light).

    Raises:
        UnknownGame: for a game the explorer does not know.
        InvalidData: listing every problem of every lesson file at once.
    """
    from .lessons import load_lessons as _load

    return _load(game, reload=reload)


__all__.append("load_lessons")
