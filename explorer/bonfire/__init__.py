"""Bonfire (Stefan Feld, Hall Games 2020): the component data, the first brick of the rules engine.

Seed: ``002_3a90ca77d2ddc4ae.txt`` (Portuguese summary); public facts from ``shared/rules/
bonfire_flashpoint_sources.md`` part A; our own decisions in ``DECISIONS.md`` (Bonfire). The game is listed in
the registry but not playable yet: there is no ``new_game`` here until the rules engine exists.

Facts: 2-4 players; gnomes relight 7 bonfires each by fulfilling task discs taken on 10 task islands, claim
guardians on 4 guardian islands and lead them along a path of up to 6 tiles; lit bonfires send novices to the
8-seat Council of Elders, and 7/10/13 novices there (2/3/4 players) start the 5-round countdown.

>>> c = Components.default()
>>> len(c.islands), len(c.currents), len(c.council_seats), len(c.common_tasks)
(14, 21, 8, 5)
"""

from .components import Components

__all__ = ["Components"]
