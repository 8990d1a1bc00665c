"""What the next fire advance may do, exactly: every die outcome enumerated with its probability.

:func:`fire_outlook` takes a position before the fire advances (a firefighter about to end the turn, or the fire
phase's first roll due) and follows every chance step of that advance: the 48 (or 72) outcomes of the roll, the
flare-up rolls a hot spot causes (``flashpoint.fire.flare-up``), the points of interest turned over in the fire
(``flashpoint.fire.lost``) and a chemical spill's path (``flashpoint.ed.spill``). It stops where the advance
ends (before points of interest are replenished). Probabilities are exact :class:`~fractions.Fraction`\\ s.

Two simplifications, both stated on the result: flare-up chains are followed ``max_flare_ups`` rolls deep
(default 1: the roll and one flare-up; the probability of going deeper is reported as ``unresolved``, typically
well under 2 %, and what those branches did up to the cut still counts); a fireproof door's jam roll is not branched (a jammed or a merely closed door blocks the blast alike, so
no number reported here depends on it).

>>> from explorer.flashpoint import new_game
>>> s = new_game(players=1, seed=1).apply("place 0,6")
>>> o = fire_outlook(s)
>>> o.outcomes, o.fire["2,1"], o.smoke["1,1"], o.explosion["2,2"], o.damage
(48, Fraction(1, 16), Fraction(1, 48), Fraction(1, 48), Fraction(1, 3))
"""

from __future__ import annotations

from collections import defaultdict
from dataclasses import dataclass
from fractions import Fraction
from typing import Any

from .actions import FireproofRoll
from .state import State, Step

__all__ = ["FireOutlook", "fire_outlook"]

_ADVANCE = frozenset({("roll", "fire"), ("roll", "flare-up"), ("reveal", "fire"), ("fireproof", ""), ("spill", "")})


@dataclass(frozen=True)
class FireOutlook:
    """The exact distribution of one fire advance, summarised per space and for the team.

    Every mapping gives, for a space, the probability (a ``Fraction``) that in this advance:
    """

    smoke: dict[str, Fraction]
    """... the space, free of smoke and fire before, ends with smoke."""
    fire: dict[str, Fraction]
    """... the space, not on fire before, ends on fire."""
    explosion: dict[str, Fraction]
    """... an explosion starts on the space (a roll on fire, a hazmat, an object going off)."""
    knock_down: dict[str, Fraction]
    """... a firefighter standing there is knocked down."""
    victims_lost: Fraction
    """Expected victims lost in this advance."""
    damage: Fraction
    """Expected damage cubes placed in this advance."""
    game_lost: Fraction
    """Probability that this advance ends the game in defeat (4 lost, or collapse)."""
    unresolved: Fraction
    """Probability of the flare-up chains deeper than ``max_flare_ups`` (their later rolls are not counted)."""
    outcomes: int
    """How many distinct branches were enumerated."""

    def to_dict(self) -> dict[str, Any]:
        """JSON-ready, probabilities as strings (``"1/48"``)."""
        def m(d: dict[str, Fraction]) -> dict[str, str]:
            return {k: str(v) for k, v in sorted(d.items())}
        return {"smoke": m(self.smoke), "fire": m(self.fire), "explosion": m(self.explosion),
                "knock_down": m(self.knock_down), "victims_lost": str(self.victims_lost), "damage": str(self.damage),
                "game_lost": str(self.game_lost), "unresolved": str(self.unresolved), "outcomes": self.outcomes}


def _start(state: State) -> State:
    from .flow import end_turn
    if state.phase == "actions" and not state.pending:
        return end_turn(state)[0]
    if state.phase == "fire" and state.pending and state.pending[0] == Step("roll", "fire"):
        return state
    raise ValueError("fire_outlook needs a position before the fire advances: a firefighter to act (no step due) "
                     f"or the fire's roll due; this one is in phase {state.phase!r} with {len(state.pending)} steps due")


def fire_outlook(state: State, *, max_flare_ups: int = 1) -> FireOutlook:
    """Enumerate the next fire advance from ``state`` (see the module docstring).

    Args:
        state: a position where a firefighter is to act with no step due (the advance after ``end`` is studied;
            the firefighter's own actions are not), or the fire phase with its first roll due.
        max_flare_ups: how many flare-up rolls deep to follow (each costs up to 48 or 72 more branches).

    Raises:
        ValueError: for a position where no fire advance is next, or a ``max_flare_ups`` not in 0-4.
    """
    if not isinstance(state, State):
        raise ValueError(f"fire_outlook needs a Flash Point State, got {type(state).__name__}")
    if isinstance(max_flare_ups, bool) or not isinstance(max_flare_ups, int) or not 0 <= max_flare_ups <= 4:
        raise ValueError(f"max_flare_ups must be a whole number 0-4, got {max_flare_ups!r}")
    start = _start(state)
    before_fire, before_smoke = start.fire, start.smoke
    acc: dict[str, dict[str, Fraction]] = {k: defaultdict(Fraction) for k in ("smoke", "fire", "explosion",
                                                                            "knock_down")}
    totals = {"lost": Fraction(0), "damage": Fraction(0), "game_lost": Fraction(0), "unresolved": Fraction(0)}
    count = 0
    damage0 = start.damage

    def leaf(s: State, p: Fraction, events: list[Any]) -> None:
        nonlocal count
        count += 1
        for space in s.fire - before_fire:
            acc["fire"][space] += p
        for space in s.smoke - before_smoke - before_fire:
            acc["smoke"][space] += p
        seen_explosions, seen_knocks = set(), set()
        for e in events:
            kind = getattr(e, "kind", "")
            if kind == "explosion" and e.spaces[0] not in seen_explosions:
                seen_explosions.add(e.spaces[0])
                acc["explosion"][e.spaces[0]] += p
            elif kind == "knock-down" and e.spaces[0] not in seen_knocks:
                seen_knocks.add(e.spaces[0])
                acc["knock_down"][e.spaces[0]] += p
        totals["lost"] += p * (s.lost - start.lost)
        totals["damage"] += p * (s.damage - damage0)
        if s.is_terminal and s.is_lost:
            totals["game_lost"] += p

    def go(s: State, p: Fraction, depth: int, events: list[Any]) -> None:
        head = s.pending[0] if s.pending and not s.is_terminal else None
        if head is None or (head.kind, head.purpose if head.kind in ("roll", "reveal") else "") not in _ADVANCE:
            leaf(s, p, events)
            return
        if head.kind == "roll" and head.purpose == "flare-up" and depth >= max_flare_ups:
            totals["unresolved"] += p
            leaf(s, p, events)
            return
        if head.kind == "fireproof":
            outcomes = [(FireproofRoll(1), Fraction(1))]
        else:
            outcomes = s.chance_outcomes()
        deeper = depth + (head.kind == "roll" and head.purpose == "flare-up")
        for action, q in outcomes:
            new, new_events = s._apply(action)
            go(new, p * q, deeper, events + list(new_events))

    go(start, Fraction(1), 0, [])
    return FireOutlook({k: v for k, v in acc["smoke"].items()}, dict(acc["fire"]), dict(acc["explosion"]),
                       dict(acc["knock_down"]), totals["lost"], totals["damage"], totals["game_lost"],
                       totals["unresolved"], count)
