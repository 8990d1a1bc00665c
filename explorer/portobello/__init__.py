"""Portobello Market (Thomas Odenhoven, Schmidt Spiele 2007): the complete rules engine.

Seed: ``001_34c637104103af06.txt`` (Portuguese rulebook). The shipped board is a reconstruction (see
``data/board.yaml`` and rule ``portobello.assume.board-reconstruction``).

Facts: 2-4 players; stalls 30 red, 30 yellow, 20 green, 16 blue (30/20/16 each for 2/3/4 players); action
tokens 2, 3, 4 per player and 8 neutral ones (3, 3, 2, 2, 1, 1, 1, 1 from the top); 5 servants and 5 citizens
in the bag, the Lord beside the board; scores start at 10. Chance: each customer drawn blind from the bag (in the
customer-queue variant, the queue laid out at setup). Perfect information.

>>> s = new_game(players=2, seed=7)
>>> s = s.apply("bobby d1").apply("act 3").apply("build c 0")
>>> s.stalls_on("c"), s.actions_left, s.next_spaces("c")
((0, None, None, None), 2, (1,))
"""

from .actions import Action, parse_action
from .board import Board
from .bobby import cheapest_route
from .builder import position
from .rules import RULES
from .setup import new_game
from .state import VERSION, Options, Seat, State, Token

__all__ = ["new_game", "State", "Seat", "Token", "Options", "Action", "parse_action", "Board", "RULES", "VERSION",
           "cheapest_route", "position", "rule_example"]


def rule_example(rule_id: str) -> tuple[State, Action] | None:
    """``(state, action)`` showing the rule ``rule_id`` (an event naming it, or a refusal under it), or ``None``
    when the rule has no example; the examples are data in ``data/rule_examples.yaml``
    (:func:`explorer.core.examples.rule_example`).

    Raises:
        KeyError: if ``rule_id`` is not in :data:`RULES`.
    """
    from explorer.core.examples import rule_example as example

    return example("portobello", rule_id)
