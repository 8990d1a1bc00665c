"""The Great Fire of London 1666 (Richard Denning, 2010): the complete rules engine.

Seed: ``000_1cab2226d022c977.txt`` (Portuguese rulebook). The shipped board is a reconstruction (see
``data/board.yaml`` and rule ``london.assume.board-reconstruction``).

Facts: 3-6 players; 60 movement cards (15 per direction); 100 fire cones (option: 65); 6 trained bands;
20 tokens (10 charges, 6 double moves, 4 one-point); 120 houses in 6 colours; one fire card per player.
Chance: the setup deals and placements, and every card drawn from the fire deck. Perfect information for the
engine (hands and objectives are secret only at the table).

A situation of play is built with :func:`position` (everything not given is derived and checked).

>>> s = new_game(players=4, seed=7)
>>> s.phase, s.current_player, len(s.legal_actions()) > 0
('bands', 0, True)
"""

from .actions import Action, parse_action
from .board import Board
from .builder import position
from .rules import RULES
from .setup import new_game
from .state import VERSION, Options, Seat, Secrets, State

__all__ = ["new_game", "position", "State", "Seat", "Secrets", "Options", "Action", "parse_action", "Board", "RULES", "VERSION",
           "rule_example"]


def rule_example(rule_id: str) -> tuple[State, Action] | None:
    """``(state, action)`` showing the rule ``rule_id`` (an event naming it, or a refusal under it), or ``None``
    when the rule has no example; the examples are data in ``data/rule_examples.yaml``
    (:func:`explorer.core.examples.rule_example`).

    Raises:
        KeyError: if ``rule_id`` is not in :data:`RULES`.
    """
    from explorer.core.examples import rule_example as example

    return example("london1666", rule_id)
