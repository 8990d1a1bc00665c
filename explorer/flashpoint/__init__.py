"""Flash Point: Fire Rescue + Extreme Danger: the rules engine, in preparation.

Seed: ``003_4cd77c77a3cff4fe.txt`` (Portuguese rules summary of Extreme Danger); the base game's facts come from
``shared/rules/bonfire_flashpoint_sources.md`` (DECISIONS Flash Point). So far only the buildings exist, as
validated data (:mod:`explorer.flashpoint.building`). There is no ``new_game`` yet, so the registry lists the
game as not ready.

>>> from explorer.flashpoint import Building
>>> Building.default().side, Building.back().side
('front', 'back')
"""

from .building import Building

__all__ = ["Building"]
