"""Every threshold, cap and tie of Bonfire pinned on both sides (at the limit, one past it), each test named after
its rule; built with ``explorer.bonfire.position``. The trigger (7/10/13 novices), the fate-tile hand limit
(1, 3 with Large Hand), the gnome limit (6), path costs and the 6-tile path, and the score tie-break are pinned
in ``test_bonfire_turn.py`` and ``test_bonfire_scoring.py``; these are the ones that were missing."""

import pytest
from bonfire_checks import refused

from explorer.bonfire import position
from explorer.bonfire import turn as turn_module
from explorer.bonfire.turn import MAX_PROCESSION_STEPS

PORTALS = {2: "sun", 3: "key", 4: "moon", 5: "flame", 6: "star"}   # the symbols our bonfires 2-6 take


def _bonfires(n):
    """Orange's n rightmost portals (bonfires 6, 5, ...)."""
    return dict(sorted(PORTALS.items())[len(PORTALS) - n:])


@pytest.mark.parametrize("portals, lit", [(1, False), (2, True), (3, True)])
def test_ignite_when_the_condition_is_at_least_its_count(portals, lit):
    """bonfire.ignite.when: task disc t08 asks for at least 2 portals: 1 is short, 2 is enough."""
    s = position(tasks={"orange": {0: "t08"}}, portals={"orange": _bonfires(portals)})
    if lit:
        assert s.explain("ignite 0") is None
    else:
        refused(s, "ignite 0", "bonfire.ignite.when")


@pytest.mark.parametrize("portals, fulfilled", [(4, False), (5, True)])
def test_bonus_common_task_at_its_count_and_not_one_below(portals, fulfilled):
    """bonfire.bonus.common-task: Portal Keeper asks for at least 5 portals, checked at the end of the turn."""
    s = position(tiles={"orange": {}}, portals={"orange": _bonfires(portals)})
    after = s.apply("fate f1 3,1 down")
    assert (after.seats[0].common == ("portal_keeper",)) == fulfilled
    assert (after.pending[0].kind == "sit" and after.pending[0].what == "neutral") == fulfilled


def test_guardian_start_limit_at_the_limit_and_one_below(monkeypatch):
    """bonfire.guardian.start-limit: the own guardian and the 4 colours make 5, so with our components the limit
    of 5 never bites; lowered to 4, 3 on the starting tile may take a fourth and 4 may not."""
    three = [("orange", "path", 0), ("grey", "path", 0), ("brown", "path", 0)]
    monkeypatch.setattr(turn_module, "MAX_GUARDIANS_ON_START", 4)
    s = position(tiles={"orange": {"guardian": 1}}, boats={"orange": "rose_rock"}, guardians={"orange": three})
    assert s.explain("guardian pink") is None
    four = position(tiles={"orange": {"guardian": 1}}, boats={"orange": "rose_rock"},
                    guardians={"orange": [*three, ("blue", "path", 0)]})
    refused(four, "guardian pink", "bonfire.guardian.start-limit")


def test_procession_max_seven_steps_and_not_eight():
    """bonfire.assume.procession-max: 7 steps is the most a procession buys."""
    s = position(tiles={"orange": {"guardian": 8}}, path={"orange": ["blue herbs", "red wood"]})
    assert MAX_PROCESSION_STEPS == 7
    assert s.explain("procession 7") is None
    refused(s, "procession 8", "bonfire.assume.procession-max")


def test_seat_capacity_one_novice_of_each_colour():
    """bonfire.assume.seat-capacity: a seat holding green's novice takes orange's; one holding orange's does not."""
    s = position(tasks={"orange": {0: "t08"}, "green": {0: "t02"}}, lit={"green": {0: "seat_1"}},
                 path={"green": ["blue herbs", "red wood"]}, portals={"orange": _bonfires(2)})
    sit = s.apply("ignite 0")
    assert sit.explain("seat seat_1") is None                               # green's novice sits there: shared
    s2 = position(tasks={"orange": {0: "t08", 1: "t02"}}, lit={"orange": {1: "seat_1"}},
                  path={"orange": ["blue herbs", "red wood"]}, portals={"orange": _bonfires(2)})
    refused(s2.apply("ignite 0"), "seat seat_1", "bonfire.assume.seat-capacity")
