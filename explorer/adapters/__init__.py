"""Bridges from the engines to game-playing libraries (optional: ``pip install rules-explorer[rl]``).

* :mod:`explorer.adapters.openspiel`: the games as OpenSpiel games (``pyspiel.load_game("python_portobello")``).
"""
