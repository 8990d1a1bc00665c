"""Flash Point: Fire Rescue (Kevin Lanzing, Indie Boards & Cards 2011) with Extreme Danger: the rules engine.

Seed: ``003_4cd77c77a3cff4fe.txt`` (Portuguese summary of the Extreme Danger expansion, cut off); the base
game's facts come from ``shared/rules/bonfire_flashpoint_sources.md`` (parts B and C) and ``DECISIONS.md``.

Facts: 1-6 firefighters, cooperative; 18 points of interest (12 victims, 6 false alarms), 24 damage cubes; win
with 7 rescued, lose with 4 lost or the building's collapse. Chance: every fire advance rolls a red d6 (row)
and a black d8 (column); points of interest are drawn blind when turned over.

A situation is built with :func:`position` (the rest derived and checked), read back with
:meth:`State.from_dict`; :func:`parse_action` reads the notation.

>>> s = new_game(players=2, seed=3)
>>> s = s.apply("place 0,6").apply("place 7,3")
>>> s.firefighter.name, s.firefighter.ap, s.phase
('red', 4, 'actions')
"""

from .actions import Action, parse_action
from .builder import position
from .building import Building
from .rules import RULES
from .setup import initial_state, new_game
from .state import VERSION, Firefighter, Options, State, Step

__all__ = ["new_game", "initial_state", "position", "State", "Firefighter", "Options", "Step", "Action", "parse_action",
           "Building", "RULES", "VERSION", "rule_example"]


def rule_example(rule_id: str) -> tuple[State, Action] | None:
    """``(state, action)`` showing the rule ``rule_id`` (an event naming it, or a refusal under it), or ``None``
    when the rule has no example; the examples are data in ``data/rule_examples.yaml``
    (:func:`explorer.core.examples.rule_example`).

    Raises:
        KeyError: if ``rule_id`` is not in :data:`RULES`.
    """
    from explorer.core.examples import rule_example as example

    return example("flashpoint", rule_id)
