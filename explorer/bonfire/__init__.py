"""Bonfire (Stefan Feld, Hall Games 2020): the complete rules engine, on our own component data.

Seed: ``002_3a90ca77d2ddc4ae.txt`` (Portuguese summary); public facts from ``shared/rules/
bonfire_flashpoint_sources.md`` part A; our own decisions in ``DECISIONS.md`` (Bonfire). No transcription of the
printed islands, task discs, council, common tasks, elders or fate-area squares is public, so the shipped
components are OUR OWN DATA, in the spirit of the game (``bonfire.assume.own-components``); every number the
sources give is kept. ``README.md`` in this folder is the rules page.

Facts: 2-4 players; gnomes relight 7 bonfires each by fulfilling task discs taken on 10 task islands, claim
guardians on 4 guardian islands and lead them along a path of up to 6 tiles; lit bonfires send novices to the
8-seat Council of Elders, and 7/10/13 novices there (2/3/4 players) start the 5-round countdown. Chance: the
setup deals, the start player, offering discs, path tiles and specialists turned up. Perfect information otherwise.

>>> s = new_game(players=2, seed=4)
>>> s = s.apply("start-tile spare").apply("start-tile spare")
>>> s.tile_count(s.current_player, "yellow"), s.phase    # 2 yellow tiles and the spare's yellow symbol
(3, 'play')
"""

from .actions import Action, parse_action
from .builder import position
from .components import Components
from .position_format import text_board
from .rules import RULES
from .setup import new_game
from .state import PLAY_CATEGORIES, VERSION, Seat, State, Step

__all__ = ["new_game", "State", "Seat", "Step", "Action", "parse_action", "Components", "RULES", "VERSION",
           "PLAY_CATEGORIES", "text_board", "position", "rule_example"]


def rule_example(rule_id: str) -> tuple[State, Action] | None:
    """``(state, action)`` showing the rule ``rule_id`` (an event naming it, or a refusal under it), or ``None``
    when the rule has no example; the examples are data in ``data/rule_examples.yaml``
    (:func:`explorer.core.examples.rule_example`).

    Raises:
        KeyError: if ``rule_id`` is not in :data:`RULES`.
    """
    from explorer.core.examples import rule_example as example

    return example("bonfire", rule_id)
