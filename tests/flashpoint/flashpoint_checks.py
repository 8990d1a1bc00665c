"""Checks the Flash Point tests share (imported by name: pytest puts this folder on the path).

``refused`` is the contract check every game shares (``tests/contract_checks.py``), re-exported here so the
Flash Point tests keep importing it from this module.
"""

from __future__ import annotations

from contract_checks import refused

__all__ = ["refused"]
