"""Portobello Market (Thomas Odenhoven, Schmidt Spiele 2007): the board, in preparation.

Seed: ``001_34c637104103af06.txt`` (Portuguese rulebook). Only the board exists so far, as data
(``data/board.yaml``) with its loader and validation (:class:`Board`); the rules engine, and with it
``new_game``, is not written yet, so the registry lists the game as "in preparation".

The shipped board is a **reconstruction** from the rules, not the printed board (``DECISIONS.md``,
Portobello 1): 11 squares, 22 lanes of 2-6 stall spaces worth 1-3 points each, 12 triangular districts.

>>> board = Board.default()
>>> board.reconstruction
'Reconstructed from the rules; not the printed board.'
"""

from .board import Board

__all__ = ["Board"]
