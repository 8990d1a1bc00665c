"""Every refusal of the Bonfire engine (``explorer.bonfire.turn.refusal``): one position per refusal, the rule id
it names, the concrete thing its message points at, and the state left unchanged.

The positions come from real play from ``started(players, seed)`` (the 2-player game of seed 1 unless said:
orange to act, boat at the entrance, 1 of each resource, action tiles 1 path, 1 gnome and 3 yellow; display
of path tiles red stone, yellow gold, red wood, yellow wood; Emberholm holds t25 and t10, Mossbank t13 and t15),
or from its position data edited by hand (``edited``), keeping every component counted once.

The checks are grouped as ``refusal`` dispatches them: first the due step (a step waiting for one kind of
action refuses every other kind), then one ``_check_*`` function per action type. A handful of checks guard
counts the shipped components cannot reach; those are built by hand and say so. Last, seeded random games compare ``refusal`` with ``legal_actions`` over a broad
set of candidate actions.
"""

from __future__ import annotations

import functools
import random
from collections.abc import Callable, Iterator
from typing import Any

import pytest
from bonfire_checks import edited, refused, started
from bonfire_words import problems as bonfire_problems

from explorer.bonfire import new_game
from explorer.bonfire import turn as turn_module
from explorer.bonfire.actions import (
    OFFERING_STACK_NAMES,
    RECRUIT_PAYMENTS,
    REWARD_PAIRS,
    BuildPath,
    ClaimGuardian,
    Draw,
    Ignite,
    Pass,
    Procession,
    Recruit,
    Return,
    Sail,
    SitAt,
    Skip,
    StartTile,
    Take,
    TakeTask,
    UseGreatBonfire,
    parse_action,
)
from explorer.bonfire.rules import RULES
from explorer.bonfire.state import State
from explorer.bonfire.turn import MAX_PROCESSION_STEPS, refusal
from explorer.core import IllegalAction, NotationError

ORANGE, GREEN = 0, 1
Data = dict[str, Any]


# ---- building positions ----------------------------------------------------------------------------------------
@functools.cache
def base(players: int = 2, seed: int = 1) -> State:
    """The game after setup (states are immutable, so one copy serves every test)."""
    return started(players, seed)


def hand(d: Data, k: int, tiles: dict[str, int] | None = None, resources: dict[str, int] | None = None) -> None:
    """Seat ``k`` holds exactly ``tiles`` (others 0; the difference goes to or comes from the supply) and exactly
    ``resources`` (others 0; resources are unlimited)."""
    seat = d["seats"][k]
    if tiles is not None:
        for a in seat["tiles"]:
            want = tiles.get(a, 0)
            d["board"]["supply"][a] += seat["tiles"][a] - want
            seat["tiles"][a] = want
    if resources is not None:
        seat["resources"] = {r: resources.get(r, 0) for r in seat["resources"]}


def task_on(d: Data, k: int, bonfire: int, disc: str, lit: bool = False) -> None:
    """Put task disc ``disc`` from the box on seat ``k``'s bonfire (lit: its novice sits on a free seat)."""
    d["board"]["task_box"].remove(disc)
    d["seats"][k]["tasks"][bonfire] = disc
    if lit:
        d["seats"][k]["lit"][bonfire] = True
        colour = d["seats"][k]["colour"]
        free = next(s for s, row in d["board"]["council"].items() if colour not in row)
        d["board"]["council"][free].append(colour)


def build_path(d: Data, k: int, *kinds: str) -> None:
    """Seat ``k`` has built ``kinds`` (taken from the face-down pile)."""
    for kind in kinds:
        assert d["board"]["path_pile"][kind] > 0
        d["board"]["path_pile"][kind] -= 1
        d["seats"][k]["path"].append(kind)


def guardian_to(d: Data, k: int, colour: str, where: str = "path", at: int = 0) -> None:
    """Seat ``k`` has a ``colour`` guardian (from her island) standing at ``where`` ``at``."""
    d["board"]["guardians"][colour] -= 1
    d["seats"][k]["guardians"].append([colour, where, at])


def portal_to(d: Data, k: int, bonfire: int, symbol: str) -> None:
    """Seat ``k`` has a ``symbol`` portal beside ``bonfire`` (taken from the first Great Bonfire space with one)."""
    space = next(s for s, row in d["board"]["portals"].items() if symbol in row)
    d["board"]["portals"][space].remove(symbol)
    d["seats"][k]["portals"][bonfire] = symbol


def pos(*changes: Callable[[Data], None], state: State | None = None) -> State:
    """``state`` (default :func:`base`) with every change applied to its data."""
    def change(d: Data) -> None:
        for c in changes:
            c(d)
    return edited(state or base(), change)


REASONS: list[str] = []
"""Every refusal reason a test of this module looked at (``message``), for ``test_bonfire_words``."""


def message(err: IllegalAction) -> str:
    """``str(err)``, after checking its reason speaks in board terms (``bonfire_words.problems``: no notation, no
    ids the board does not print, no Python values), the core's own refusals (chance, game over) too; the reason
    is kept in :data:`REASONS`."""
    assert not bonfire_problems(err.reason), bonfire_problems(err.reason)
    REASONS.append(err.reason)
    return str(err)


# ---- steps that wait for one kind of action ---------------------------------------------------------------------
OTHER_KINDS = ["boat mossbank", "task t25 offering top bonfire 0", "guardian pink", "procession 1",
               "path red stone", "great-bonfire west action+points", "gnome sage 2-tiles", "ignite 0", "pass",
               "fate f1 1,1 down", "return yellow", "skip", "cover yellow", "move orange stay", "seat seat_1",
               "take gold", "start-tile spare", "draw task t01"]
"""One action of every kind (the step's own kind is dropped per test)."""


def _others(*own: str) -> list[str]:
    return [a for a in OTHER_KINDS if a.split()[0] not in own]


@functools.cache
def start_tile_step() -> State:
    s = new_game(players=2, seed=1)
    assert s.pending[0].kind == "start-tile" and s.current_player is not None
    return s


@functools.cache
def cover_step() -> State:
    """Orange sails without a boat tile: the boat tile is missing (1 yellow, or path+gnome, covers it)."""
    s = base().apply("boat mossbank")
    assert s.pending[0].kind == "cover" and s.pending[0].what == "boat" and s.pending[0].count == 1
    assert sorted(str(a) for a in s.legal_actions()) == ["cover path+gnome", "cover yellow"]
    return s


@functools.cache
def dock_step() -> State:
    """Orange sails to Mossbank with a boat tile and may claim a task disc there (t13, t15) or skip."""
    s = pos(lambda d: hand(d, ORANGE, {"boat": 1, "task": 1, "yellow": 1})).apply("boat mossbank")
    assert s.pending[0].kind == "dock" and s.pending[0].target == "mossbank"
    assert "skip" in [str(a) for a in s.legal_actions()]
    return s


@functools.cache
def march_step() -> State:
    """A procession of 2 steps over 2 built path tiles: orange's own guardian and the pink one, both on the starting
    tile, so the player chooses which moves first."""
    def change(d: Data) -> None:
        hand(d, ORANGE, {"guardian": 2})
        build_path(d, ORANGE, "blue herbs", "blue mushrooms")
        guardian_to(d, ORANGE, "pink")
    s = pos(change).apply("procession 2")
    step = s.pending[0]
    assert (step.kind, step.items, step.count) == ("march", ("orange", "pink"), 2)
    assert [str(a) for a in s.legal_actions()] == ["move orange stay", "move orange path 1", "move orange path 2",
                                                   "move pink stay", "move pink path 1", "move pink path 2"]
    return s


@functools.cache
def sit_step() -> State:
    """Orange lights bonfire 3 (t05: 5 different resources, she holds 1 of each of 6); bonfire 1 (t17) is lit
    already, its novice on seat_1."""
    def change(d: Data) -> None:
        task_on(d, ORANGE, 3, "t05")
        task_on(d, ORANGE, 1, "t17", lit=True)
    s = pos(change).apply("ignite 3")
    assert (s.pending[0].kind, s.pending[0].what) == ("sit", "orange")
    assert "seat seat_1" not in [str(a) for a in s.legal_actions()]
    return s


@functools.cache
def take_step(seat: str = "seat_3") -> State:
    """The novice sits on seat_3 (2 resources of choice) or seat_5 (2 action tiles of choice)."""
    s = sit_step().apply(f"seat {seat}")
    assert s.pending[0].kind == "take" and s.pending[0].count == 2
    return s


@pytest.mark.parametrize("action", _others("start-tile"))
def test_start_tile_step_refuses_other_actions(action: str) -> None:
    err = refused(start_tile_step(), action, "bonfire.setup.start-fate-tile")
    assert "choose the starting fate tile: the spare, or the 4th tile" in message(err)
    assert err.notation == "start-tile spare | start-tile swap"


def test_start_tile_needs_spare_or_swap() -> None:
    """``_check_start_tile``: a StartTile whose choice is not spare/swap (no notation writes it)."""
    err = refused(start_tile_step(), StartTile("maybe"), "bonfire.setup.start-fate-tile")  # type: ignore[arg-type]
    assert "is the spare, or the 4th tile of the summary board swapped in" in message(err)


@pytest.mark.parametrize("action", _others("cover"))
def test_cover_step_refuses_other_actions(action: str) -> None:
    err = refused(cover_step(), action, "bonfire.pay.action-tiles")
    assert "orange must first pay what is missing" in message(err)


@pytest.mark.parametrize("action", _others("move"))
def test_march_step_refuses_other_actions(action: str) -> None:
    err = refused(march_step(), action, "bonfire.procession.step")
    assert "move the guardians" in message(err)


@pytest.mark.parametrize("action", _others("seat"))
def test_sit_step_refuses_other_actions(action: str) -> None:
    err = refused(sit_step(), action, "bonfire.ignite.novice")
    assert "put the novice on a council seat" in message(err)


@pytest.mark.parametrize("action", _others("take"))
def test_take_step_refuses_other_actions(action: str) -> None:
    err = refused(take_step(), action, "bonfire.ignite.seat-bonus")
    assert "choose the bonus item" in message(err)


@pytest.mark.parametrize("action", _others("task", "guardian", "skip"))
def test_dock_step_refuses_other_actions(action: str) -> None:
    err = refused(dock_step(), action, "bonfire.assume.dock-claim")
    assert "orange has just docked" in message(err)


def test_dock_step_refuses_a_guardian_at_a_task_island() -> None:
    """At the dock step a claim is checked like any claim: Mossbank has no guardian."""
    err = refused(dock_step(), "guardian pink", "bonfire.guardian.claim")
    assert "Mossbank" in message(err)


@pytest.mark.parametrize("action", ["skip", "cover yellow", "move orange stay", "seat seat_1", "take gold",
                                    "start-tile spare", "draw task t01", "draw path blue herbs"])
def test_act_step_refuses_what_belongs_to_other_steps(action: str) -> None:
    err = refused(base(), action, "bonfire.turn.options")
    assert "is not one of the three options" in message(err)


def test_not_an_action_at_all() -> None:
    err = refused(base(), 42, "bonfire.turn.options")  # type: ignore[arg-type]
    assert "that is not a Bonfire action" in message(err) and err.action == 42


# ---- the core contract: chance, the end, notation ------------------------------------------------------------------
@functools.cache
def chance_node() -> State:
    """Orange builds red stone: the empty display slot is refilled by chance."""
    s = base().apply("path red stone")
    assert s.is_chance_node and s.pending[0].what == "path" and s.current_player is None
    return s


def playthrough(players: int, seed: int) -> Iterator[State]:
    """Every state of a game played by seeded random choices (legal actions and chance outcomes alike)."""
    rng = random.Random(seed)
    s = base(players, seed)
    yield s
    while not s.is_terminal:
        if s.is_chance_node:
            outcomes = s.chance_outcomes()
            s = s.apply(rng.choice(outcomes)[0])
        else:
            s = s.apply(rng.choice(s.legal_actions()))
        yield s


@functools.cache
def game_over() -> State:
    *_, last = playthrough(2, 1)
    assert last.is_terminal and last.phase == "over"
    return last


@pytest.mark.parametrize("action", ["boat mossbank", "pass", "draw task t01", "skip"])
def test_a_player_action_at_a_chance_node(action: str) -> None:
    s = chance_node()
    err = refused(s, action, "core.chance.outcome")
    assert "chance decides this step" in message(err)
    why = refusal(s, s.parse_action(action))
    assert why is not None and why.rule.id == "bonfire.turn.options" and "no player decides now" in str(why)


def test_a_chance_outcome_that_cannot_happen() -> None:
    s = chance_node()
    assert len(s.chance_outcomes()) == 15 and sum(s.path_pile) == 24   # 15 of the 16 kinds are left in the pile
    refused(s, "draw path yellow wood", "core.chance.outcome")         # the one kind the pile has none of
    refused(s, "draw elder sage", "core.chance.outcome")               # another kind of draw altogether


@pytest.mark.parametrize("action", ["pass", "boat mossbank", "ignite 0", "draw task t01"])
def test_any_action_after_the_end(action: str) -> None:
    s = game_over()
    err = refused(s, action, "core.end.game-over")
    assert "the game is over" in message(err)
    why = refusal(s, s.parse_action(action))
    assert why is not None and why.rule.id == "bonfire.turn.options"


@pytest.mark.parametrize("text", ["nonsense", "", "boat", "boat Moss Bank", "task t05 offering middle bonfire 3",
                                  "ignite 10", "procession -1", "great-bonfire west action", "gnome sage 3-tiles",
                                  "fate f1 here", "cover", "move pink path"])
def test_junk_notation(text: str) -> None:
    s = base()
    before = s.to_dict()
    with pytest.raises(NotationError):
        s.apply(text)
    with pytest.raises(NotationError):
        s.explain(text)
    assert s.to_dict() == before


# ---- return and fate (option I) ------------------------------------------------------------------------------------
FILLED = [("f1", "1,1 down"), ("f2", "1,2 across"), ("f3", "1,5 down"), ("f4", "2,2 across"), ("f5", "4,1 across"),
          ("f6", "5,1 across")]
"""Six fate tiles after which the last one, f7, fits nowhere (no 3 free squares in a line touching the tiles)."""


def test_return_a_tile_not_held() -> None:
    err = refused(base(), "return boat", "bonfire.fate.when")
    assert "orange holds no boat tile to hand back" in message(err)


def test_return_when_the_hand_is_small_enough() -> None:
    s = pos(lambda d: hand(d, ORANGE, {"yellow": 1}))
    err = refused(s, "return yellow", "bonfire.assume.return-before-fate")
    assert "few enough" in message(err)
    assert "fate f1 1,1 down" in [str(a) for a in s.legal_actions()]


def test_return_when_no_fate_tile_fits() -> None:
    def change(d: Data) -> None:
        d["seats"][ORANGE]["fate"]["tiles"] += [{"tile": t, "at": at} for t, at in FILLED]
        d["seats"][ORANGE]["stack"] = ["f7"]
    s = pos(change)
    assert sum(s.seats[ORANGE].tiles) == 5
    err = refused(s, "return yellow", "bonfire.assume.return-before-fate")
    assert "no fate tile that fits" in message(err)
    assert not any(str(a).startswith(("fate", "return")) for a in s.legal_actions())


def test_fate_with_too_many_tiles() -> None:
    err = refused(base(), "fate f1 1,1 down", "bonfire.fate.when")
    assert "holds 5 action tiles" in message(err) and "at most 1" in message(err)


def test_fate_with_large_hand_allows_three() -> None:
    """Large Hand raises the limit to 3: 5 tiles are still too many, 3 are not."""
    def large_hand(d: Data) -> None:
        d["board"]["specialists"][d["board"]["specialists"].index("large_hand")] = None
        d["seats"][ORANGE]["gnomes"].append("large_hand")
    s = pos(large_hand)
    err = refused(s, "fate f1 1,1 down", "bonfire.fate.when")
    assert "holds 5 action tiles" in message(err) and "at most 3" in message(err)
    ok = pos(large_hand, lambda d: hand(d, ORANGE, {"yellow": 3}))
    assert ok.explain("fate f1 1,1 down") is None


@pytest.mark.parametrize("action, where", [("fate f3 1,1 down", "(task, Great Bonfire, path) is not the top or bottom one"),
                                           ("fate f8 1,1 down", "(path, yellow, gnome) is already in the fate area")])
def test_fate_top_or_bottom(action: str, where: str) -> None:
    s = pos(lambda d: hand(d, ORANGE, {"yellow": 1}))
    err = refused(s, action, "bonfire.fate.top-or-bottom")
    assert where in message(err)
    assert "may place the fate tile (boat, task, guardian) or the fate tile (task, guardian, Great Bonfire)" in message(err)
    assert s.explain("fate f7 1,1 down") is None            # the bottom tile may be placed


@pytest.mark.parametrize("action, rule", [("fate f1 3,2 across", "bonfire.fate.no-overlap"),
                                          ("fate f1 2,3 down", "bonfire.fate.no-overlap"),
                                          ("fate f1 1,1 across", "bonfire.fate.adjacent"),
                                          ("fate f1 5,4 across", "bonfire.fate.inside"),
                                          ("fate f1 4,5 down", "bonfire.fate.inside")])
def test_fate_placement_rules(action: str, rule: str) -> None:
    s = pos(lambda d: hand(d, ORANGE, {"yellow": 1}))
    err = refused(s, action, rule)
    (row, col), way = action.split()[2].split(","), action.split()[3]
    laid = f"the fate tile (boat, task, guardian) laid from row {row}, column {col} "
    assert laid + ("downwards" if way == "down" else "to the right") in message(err)


# ---- boat -----------------------------------------------------------------------------------------------------------
def unknown_id(state: State, text: str) -> Any:
    """``text`` names an id the game's board lacks: ``State.parse_action`` (the board's ids) refuses the text with
    a NotationError, and the action read without a board is refused by the rules; returns that action."""
    with pytest.raises(NotationError, match="which is not on this board"):
        state.parse_action(text)
    with pytest.raises(NotationError, match="which is not on this board"):
        state.apply(text)
    return parse_action(text)


def test_sail_to_no_island() -> None:
    err = refused(base(), unknown_id(base(), "boat atlantis"), "bonfire.boat.cost")
    assert "there is no island called atlantis" in message(err)


def test_sail_to_the_island_the_boat_lies_at() -> None:
    s = pos(lambda d: d["seats"][ORANGE].update(boat="mossbank"), lambda d: hand(d, ORANGE, {"boat": 3}))
    err = refused(s, "boat mossbank", "bonfire.boat.cost")
    assert "already lies at Mossbank" in message(err)
    assert s.explain("boat emberholm") is None


@pytest.mark.parametrize("tiles, target, wants", [({"path": 1}, "mossbank", "1 boat tile"),
                                                   ({"boat": 2}, "toadstool_key", "3 boat tiles")])
def test_sail_unpayable(tiles: dict[str, int], target: str, wants: str) -> None:
    """From the entrance any island costs 1 boat tile; from Mossbank Toadstool Key (3+ currents) costs 3."""
    boat = None if target == "mossbank" else "mossbank"
    s = pos(lambda d: d["seats"][ORANGE].update(boat=boat), lambda d: hand(d, ORANGE, tiles))
    err = refused(s, f"boat {target}", "bonfire.pay.substitute-action")
    assert f"costs {wants}" in message(err)


# ---- task ------------------------------------------------------------------------------------------------------------
def at_emberholm(d: Data) -> None:
    d["seats"][ORANGE]["boat"] = "emberholm"


@pytest.mark.parametrize("boat, where", [(None, "at no task island"), ("rose_rock", "at no task island")])
def test_task_away_from_a_task_island(boat: str | None, where: str) -> None:
    s = pos(lambda d: d["seats"][ORANGE].update(boat=boat), lambda d: hand(d, ORANGE, {"task": 2}))
    err = refused(s, "task t25 offering top bonfire 0", "bonfire.task.at-island")
    assert where in message(err)


def test_task_disc_not_at_the_island() -> None:
    s = pos(at_emberholm)
    err = refused(s, "task t13 offering top bonfire 0", "bonfire.task.at-island")
    assert "task disc t13 is not at Emberholm" in message(err)


def test_task_naming_an_offering_disc() -> None:
    """An offering disc on the island ("green herbs", from green's earlier task) is not a task disc: taking it is
    refused as ``bonfire.task.at-island`` (a bug a first run found: the check looked among offering discs too)."""
    def green_offering(d: Data) -> None:
        emb = d["board"]["islands"]["emberholm"]
        emb[emb.index("t10")] = "green herbs"
        d["board"]["task_box"].append("t10")
        d["seats"][GREEN]["offering_pool"]["herbs"] -= 1
        d["seats"][GREEN]["offering_stacks"][0] -= 1
        hand(d, ORANGE, {"task": 3})
    s = pos(at_emberholm, green_offering)
    action = TakeTask("green herbs", "top", 0)
    assert action not in s.legal_actions()
    why = refusal(s, action)
    assert why is not None and why.rule.id == "bonfire.task.at-island"


def test_task_from_an_offering_stack_that_does_not_exist() -> None:
    err = refused(pos(at_emberholm), TakeTask("t25", "middle", 0), "bonfire.task.resources")
    assert "the offering stacks are the top and the bottom one" in message(err)


def test_task_from_an_empty_offering_stack() -> None:
    def empty_top(d: Data) -> None:
        d["seats"][ORANGE]["offering_up"][0] = None
    s = pos(at_emberholm, empty_top)
    err = refused(s, "task t25 offering top bonfire 0", "bonfire.task.resources")
    assert "top offering stack is empty" in message(err)
    assert s.explain("task t25 offering bottom bonfire 0") is None


@pytest.mark.parametrize("bonfire", [7, 8, 9])
def test_task_onto_no_bonfire(bonfire: int) -> None:
    err = refused(pos(at_emberholm), f"task t25 offering top bonfire {bonfire}", "bonfire.task.board-space")
    assert "the bonfires are 0-6" in message(err)


def test_task_onto_a_bonfire_with_a_disc() -> None:
    s = pos(at_emberholm, lambda d: task_on(d, ORANGE, 4, "t01"))
    err = refused(s, "task t25 offering top bonfire 4", "bonfire.task.board-space")
    assert "bonfire 4 already holds task disc t01" in message(err)


def test_task_without_the_tiles() -> None:
    """A second offering disc on the same island costs 2 task tiles: 1 task tile and nothing else is short."""
    def second(d: Data) -> None:
        emb = d["board"]["islands"]["emberholm"]
        emb[emb.index("t10")] = "orange herbs"           # orange's offering disc from an earlier task
        d["board"]["task_box"].append("t10")              # ... whose task disc is set aside (kept counted once)
        seat = d["seats"][ORANGE]
        seat["offering_pool"]["herbs"] -= 1
        seat["offering_stacks"][0] -= 1
        hand(d, ORANGE, {"task": 1})
    s = pos(at_emberholm, second)
    err = refused(s, "task t25 offering top bonfire 0", "bonfire.pay.substitute-action")
    assert "costs 2 task tiles, 1 berries, 1 herbs" in message(err)


def test_task_without_the_resources() -> None:
    """Top offering berries, Emberholm herbs: with only 1 wood nothing covers them."""
    s = pos(at_emberholm, lambda d: hand(d, ORANGE, {"task": 1}, {"wood": 1}))
    err = refused(s, "task t25 offering top bonfire 0", "bonfire.pay.substitute-resource")
    assert "costs 1 task tile, 1 berries, 1 herbs" in message(err)


# ---- guardian claim ---------------------------------------------------------------------------------------------------
def at_rose_rock(d: Data) -> None:
    d["seats"][ORANGE]["boat"] = "rose_rock"
    hand(d, ORANGE, {"guardian": 1})


@pytest.mark.parametrize("boat, action, where", [("rose_rock", "guardian grey", "at Rose Rock"),
                                                 (None, "guardian pink", "at the entrance"),
                                                 ("mossbank", "guardian pink", "at Mossbank")])
def test_guardian_away_from_her_island(boat: str | None, action: str, where: str) -> None:
    s = pos(at_rose_rock, lambda d: d["seats"][ORANGE].update(boat=boat))
    err = refused(s, action, "bonfire.guardian.claim")
    assert f"orange's boat lies {where}" in message(err)


def test_guardian_of_a_colour_already_held() -> None:
    s = pos(at_rose_rock, lambda d: guardian_to(d, ORANGE, "pink", "path", 0))
    err = refused(s, "guardian pink", "bonfire.guardian.claim")
    assert "orange already has a pink guardian" in message(err)


def test_guardian_none_left() -> None:
    """Forced by hand: with 4 guardians of a colour and at most 3 other players, a valid position always leaves one
    for a player without that colour, so the state is changed past ``from_dict``'s checks."""
    s = pos(at_rose_rock)
    s = s.replace(guardians=(0, *s.guardians[1:]))
    err = refused(s, "guardian pink", "bonfire.guardian.claim")
    assert "no pink guardian is left on Rose Rock" in message(err)


def test_guardian_start_limit(monkeypatch: pytest.MonkeyPatch) -> None:
    """The starting tile holds at most 5: the own guardian and the 4 colours make 5, so a fifth guardian (grey,
    brown and blue with the own one there) is allowed; the check bites only with the limit lowered to 4."""
    def crowd(d: Data) -> None:
        for colour in ("grey", "brown", "blue"):
            guardian_to(d, ORANGE, colour)
    assert pos(at_rose_rock, crowd).explain("guardian pink") is None
    monkeypatch.setattr(turn_module, "MAX_GUARDIANS_ON_START", 4)
    s = pos(at_rose_rock, crowd)                         # a fresh state: legal actions are remembered per state
    err = refused(s, "guardian pink", "bonfire.guardian.start-limit")
    assert "starting tile already holds 4 guardians" in message(err)


def test_guardian_unpayable() -> None:
    s = pos(at_rose_rock, lambda d: hand(d, ORANGE, {"path": 1}))
    err = refused(s, "guardian pink", "bonfire.pay.substitute-action")
    assert "costs 1 guardian tile" in message(err)


# ---- procession -------------------------------------------------------------------------------------------------------
def walkable(d: Data) -> None:
    """Orange has built 2 path tiles and holds 3 guardian tiles."""
    build_path(d, ORANGE, "blue herbs", "blue mushrooms")
    hand(d, ORANGE, {"guardian": 3})


@pytest.mark.parametrize("steps", [0, MAX_PROCESSION_STEPS + 1, 10, 99])
def test_procession_steps_out_of_range(steps: int) -> None:
    err = refused(pos(walkable), f"procession {steps}", "bonfire.assume.procession-max")
    assert f"1 to {MAX_PROCESSION_STEPS} steps" in message(err)


def test_procession_nobody_can_step() -> None:
    """No path built: the own guardian on the starting tile has nowhere to go (guardian tiles held)."""
    s = pos(lambda d: hand(d, ORANGE, {"guardian": 3}))
    err = refused(s, "procession 1", "bonfire.procession.step")
    assert "none of orange's guardians could take a step" in message(err)


def test_procession_unpayable() -> None:
    s = pos(walkable, lambda d: hand(d, ORANGE, {"path": 1}))
    err = refused(s, "procession 2", "bonfire.pay.substitute-action")
    assert "costs 2 guardian tiles" in message(err)
    assert "procession 1" not in [str(a) for a in s.legal_actions()]


def test_move_by_a_guardian_who_has_already_moved() -> None:
    err = refused(march_step().apply("move pink path 2"), "move pink path 1", "bonfire.procession.one-per-space")
    assert "the pink guardian has already moved in this procession; the orange guardian moves now" in message(err)


def test_move_by_a_guardian_the_player_does_not_have() -> None:
    err = refused(march_step(), "move grey path 1", "bonfire.procession.one-per-space")
    assert "orange has no grey guardian; the orange or the pink guardian moves now" in message(err)


def test_move_choosing_a_resource_without_chosen_harvest() -> None:
    err = refused(march_step(), "move orange path 1 gold", "bonfire.procession.resource")
    assert "Chosen Harvest" in message(err)


@pytest.mark.parametrize("action", ["move orange path 3", "move orange bonfire 1", "move orange bonfire 0"])
def test_move_to_where_she_cannot_end(action: str) -> None:
    """Only 2 path tiles are built and no portal is placed."""
    err = refused(march_step(), action, "bonfire.procession.step")
    assert "the orange guardian cannot end the procession there" in message(err)
    assert "up to 2 step(s)" in message(err)


# ---- path --------------------------------------------------------------------------------------------------------------
def test_path_not_on_display() -> None:
    err = refused(base(), "path blue herbs", "bonfire.path.build")
    assert "no face-up path tile shows a blue crystal and herbs" in message(err)


def test_path_all_built() -> None:
    s = pos(lambda d: build_path(d, ORANGE, "blue herbs", "blue herbs", "blue mushrooms", "blue mushrooms",
                                 "blue berries", "blue berries"), lambda d: hand(d, ORANGE, {"path": 4}))
    err = refused(s, "path red stone", "bonfire.path.cost")
    assert "built all 6 path tiles" in message(err)


def test_path_fourth_tile_costs_two() -> None:
    s = pos(lambda d: build_path(d, ORANGE, "blue herbs", "blue mushrooms", "blue berries"),
            lambda d: hand(d, ORANGE, {"path": 1}))
    err = refused(s, "path red stone", "bonfire.pay.substitute-action")
    assert "costs 2 path tiles" in message(err)


# ---- Great Bonfire ---------------------------------------------------------------------------------------------------
def test_great_bonfire_no_such_space() -> None:
    err = refused(base(), unknown_id(base(), "great-bonfire atlantis action+points"), "bonfire.great-bonfire.turn")
    assert "the Great Bonfire has no space called atlantis" in message(err)


@pytest.mark.parametrize("rewards", ["points+resource", "action+action", "resource+points", "gold+points"])
def test_great_bonfire_rewards_not_a_pair(rewards: str) -> None:
    text = f"great-bonfire west {rewards}"
    action = unknown_id(base(), text) if "gold" in rewards else text
    err = refused(base(), action, "bonfire.great-bonfire.rewards")
    assert "take 2 of the 3 rewards" in message(err)


def test_great_bonfire_must_move_after_the_first_use() -> None:
    s = pos(lambda d: d["board"].update(great_bonfire_used=True),
            lambda d: hand(d, ORANGE, {"great_bonfire": 3}))
    err = refused(s, "great-bonfire south action+points", "bonfire.assume.great-bonfire-moves")
    assert "the pointer already shows south" in message(err)
    assert base().explain("great-bonfire south action+points") is None   # the first use may stay


def test_great_bonfire_portal_with_every_space_full() -> None:
    def full(d: Data) -> None:
        for b, bonfire in enumerate(base().components.player_board.bonfires):
            portal_to(d, ORANGE, b, bonfire.portal)
    s = pos(full)
    err = refused(s, "great-bonfire north_west action+portal", "bonfire.assume.portal-rightmost")
    assert "every portal space of orange's board is full" in message(err)
    assert s.explain("great-bonfire north_west action+points") is None


def test_great_bonfire_portal_the_rightmost_space_needs() -> None:
    """Bonfire 6 needs a star; south holds flame, leaf and wave (wave fits bonfire 0, which is not rightmost)."""
    assert base().portals[base().index.spaces.index("south")] == ("flame", "leaf", "wave")
    err = refused(base(), "great-bonfire south points+portal", "bonfire.great-bonfire.portal")
    assert "(bonfire 6) needs a star portal, and south has none" in message(err)
    assert base().explain("great-bonfire south_west points+portal") is None


def test_great_bonfire_unpayable_after_the_first_use() -> None:
    """After the first use, 2 spaces on (south -> west) cost 2 Great Bonfire tiles."""
    s = pos(lambda d: d["board"].update(great_bonfire_used=True),
            lambda d: hand(d, ORANGE, {"great_bonfire": 1}))
    err = refused(s, "great-bonfire west action+points", "bonfire.pay.substitute-action")
    assert "using the Great Bonfire's west space for its action tile and 2 points costs 2 Great Bonfire tiles" in message(err)
    assert s.explain("great-bonfire south_west action+points") is None


# ---- gnomes --------------------------------------------------------------------------------------------------------------
@pytest.mark.parametrize("card", ["bramble", "welcome_step", "nobody"])
def test_recruit_a_card_not_on_display(card: str) -> None:
    text = f"gnome {card} 2-tiles"
    err = refused(base(), unknown_id(base(), text) if card == "nobody" else text, "bonfire.gnome.cost")
    name = {"bramble": "Father Bramble", "welcome_step": "Welcome Step", "nobody": "nobody"}[card]
    assert f"{name} is not on display" in message(err)


def test_recruit_with_an_unknown_payment() -> None:
    err = refused(base(), Recruit("sage", "3-tiles"), "bonfire.gnome.cost")
    assert "paid with 2 gnome tiles and its resource, or with 1 gnome tile and 2 of its resource" in message(err)


def test_recruit_a_seventh_gnome() -> None:
    def six(d: Data) -> None:
        d["seats"][ORANGE]["gnomes"] = list(d["board"]["elder_box"])
        d["board"]["elder_box"] = []
    s = pos(six)
    assert len(s.seats[ORANGE].gnomes) == 6
    err = refused(s, "gnome sage 2-tiles", "bonfire.gnome.limit")
    assert "already has 6 gnomes" in message(err)


@pytest.mark.parametrize("payment, wants", [("2-tiles", "2 gnome tiles, 1 herbs"),
                                            ("1-tile", "1 gnome tile, 1 herbs, 1 herbs")])
def test_recruit_unpayable(payment: str, wants: str) -> None:
    """Old Sage shows herbs; orange holds 1 gnome tile and no resources."""
    s = pos(lambda d: hand(d, ORANGE, {"gnome": 1}, {}))
    rule = "bonfire.pay.substitute-action" if payment == "2-tiles" else "bonfire.pay.substitute-resource"
    err = refused(s, f"gnome sage {payment}", rule)
    assert f"costs {wants}" in message(err)


# ---- ignite and pass ---------------------------------------------------------------------------------------------------
@pytest.mark.parametrize("bonfire", [3, 7, 9])
def test_ignite_without_a_task_disc(bonfire: int) -> None:
    err = refused(base(), f"ignite {bonfire}", "bonfire.ignite.when")
    expected = f"bonfire {bonfire} holds no task disc of orange's" if bonfire < 7 else "the bonfires are 0-6"
    assert expected in message(err)


def test_ignite_a_lit_bonfire() -> None:
    s = pos(lambda d: task_on(d, ORANGE, 1, "t17", lit=True))
    err = refused(s, "ignite 1", "bonfire.ignite.when")
    assert "bonfire 1 is already lit" in message(err)


def test_ignite_an_unfulfilled_task() -> None:
    """t04 asks for 3 herbs; orange holds 1."""
    s = pos(lambda d: task_on(d, ORANGE, 2, "t04"))
    err = refused(s, "ignite 2", "bonfire.ignite.when")
    assert "task disc t04 asks for at least 3 herbs" in message(err)
    assert pos(lambda d: task_on(d, ORANGE, 2, "t04"),
               lambda d: hand(d, ORANGE, resources={"herbs": 3})).explain("ignite 2") is None


def test_pass_before_the_countdown() -> None:
    err = refused(base(), "pass", "bonfire.end.pass")
    assert "only in the countdown rounds" in message(err)


def test_pass_in_the_countdown() -> None:
    """With 7 novices in the council (5 neutral, 2 orange) the 2-player countdown runs: passing is allowed."""
    def countdown(d: Data) -> None:
        for j, task in enumerate(d["board"]["neutral"]):
            d["board"]["neutral"][task] = False
            d["board"]["council"][f"seat_{j + 1}"].append("neutral")
        task_on(d, ORANGE, 0, "t17", lit=True)
        task_on(d, ORANGE, 1, "t18", lit=True)
        d.update(triggered=True, countdown=1)
    s = pos(countdown)
    assert s.novices_in_council() == 7 and s.phase == "countdown"
    assert s.explain("pass") is None and "pass" in [str(a) for a in s.legal_actions()]


# ---- council seats and bonus choices -------------------------------------------------------------------------------------
def test_sit_on_no_seat() -> None:
    err = refused(sit_step(), unknown_id(sit_step(), "seat seat_9"), "bonfire.ignite.novice")
    assert "the council has no seat 9; the seats are seat 1 to seat 8" in message(err)


def test_sit_where_an_own_novice_sits() -> None:
    err = refused(sit_step(), "seat seat_1", "bonfire.assume.seat-capacity")
    assert "seat 1 already holds an orange novice" in message(err)


def test_neutral_novice_where_a_neutral_one_sits() -> None:
    """Hand-made: orange's end of turn fulfilled a common task and its neutral novice waits for a seat; an earlier
    neutral novice sits on seat_2."""
    def change(d: Data) -> None:
        d["board"]["neutral"]["portal_keeper"] = False
        d["board"]["neutral"]["gnome_circle"] = False
        d["board"]["council"]["seat_2"] = ["neutral"]
        d["pending"] = [{"kind": "sit", "seat": "orange", "what": "neutral"}, {"kind": "end-turn", "seat": "orange"}]
    s = pos(change)
    err = refused(s, "seat seat_2", "bonfire.bonus.common-task")
    assert "seat 2 already holds a neutral novice" in message(err)
    assert s.explain("seat seat_1") is None


@pytest.mark.parametrize("seat, item, pool", [("seat_3", "boat", "a resource: gold, herbs"),
                                              ("seat_5", "gold", "an action tile: boat, task")])
def test_take_an_item_of_the_wrong_kind(seat: str, item: str, pool: str) -> None:
    err = refused(take_step(seat), f"take {item}", "bonfire.ignite.seat-bonus")
    assert f"choose {pool}" in message(err)


def test_take_an_action_tile_the_supply_lacks() -> None:
    """Green holds all 10 boat tiles, so seat_5's tile of choice cannot be a boat tile."""
    def boats_to_green(d: Data) -> None:
        d["seats"][GREEN]["tiles"]["boat"] += d["board"]["supply"]["boat"]
        d["board"]["supply"]["boat"] = 0
    s = pos(boats_to_green, state=take_step("seat_5"))
    err = refused(s, "take boat", "bonfire.assume.supply-runs-out")
    assert "no boat tile left" in message(err)
    assert s.explain("take task") is None


# ---- cover --------------------------------------------------------------------------------------------------------------
@pytest.mark.parametrize("action", ["cover path+path", "cover gold", "cover boat", "cover gnome+yellow",
                                    "cover herbs+wood"])
def test_cover_a_missing_tile_wrongly(action: str) -> None:
    err = refused(cover_step(), action, "bonfire.pay.substitute-action")
    words = {"cover path+path": "a path tile and a path tile", "cover gold": "gold", "cover boat": "a boat tile",
             "cover gnome+yellow": "a gnome tile and a yellow tile", "cover herbs+wood": "herbs and wood"}[action]
    assert f"cannot pay the missing boat tile with {words}:" in message(err)


def test_cover_a_missing_resource_wrongly() -> None:
    """Task at Emberholm with the top offering (berries): berries and herbs missing, 2 wood and 2 stone held."""
    s = pos(at_emberholm, lambda d: hand(d, ORANGE, {"task": 1}, {"wood": 2, "stone": 2}))
    s = s.apply("task t25 offering top bonfire 0")
    assert (s.pending[0].kind, s.pending[0].items) == ("cover", ("berries", "herbs"))
    for action in ("cover gold", "cover wood", "cover herbs", "cover wood+yellow"):
        err = refused(s, action, "bonfire.pay.substitute-resource")
        assert "the missing berries" in message(err)
    assert sorted(str(a) for a in s.legal_actions()) == ["cover stone+stone", "cover wood+stone", "cover wood+wood"]


# ---- refusal and legal_actions agree ------------------------------------------------------------------------------------------
GAMES = [(2, 1), (2, 7), (2, 11), (3, 2), (3, 5), (3, 13), (4, 3), (4, 8), (4, 21), (4, 34)]


def broad_candidates(s: State) -> list[Any]:
    """Many actions for the player to decide, legal or not (a superset of what ``legal_actions`` tries)."""
    c, ix = s.components, s.index
    seat = s.seats[s.current_player]
    out: list[Any] = [Sail(i) for i in c.islands]
    if seat.boat in ix.task_islands:
        discs = [d for d in s.island_content(seat.boat) if d in c.task_discs]
        out += [TakeTask(d, stack, b) for d in discs for stack in OFFERING_STACK_NAMES for b in range(7)]
    out += [ClaimGuardian(g) for g in ix.guardian_colours]
    out += [UseGreatBonfire(space, pair) for space in ix.spaces for pair in REWARD_PAIRS]
    out += [Recruit(card, pay) for card in (*c.elders, *c.specialists) for pay in RECRUIT_PAYMENTS]
    out += [Procession(n) for n in range(MAX_PROCESSION_STEPS + 2)]
    out += [Ignite(b) for b in range(8)]
    out += [Pass(), Skip()]
    out += [BuildPath(*kind.split()) for kind in ix.path_kinds]
    out += [Return(a) for a in ix.actions]
    out += [SitAt(seat_id) for seat_id in ix.seats]
    out += [Take(item) for item in (*ix.resources, *ix.actions)]
    out += [Draw("task", "t01")]
    return out


def test_refusal_agrees_with_legal_actions_in_random_games() -> None:
    checked, kinds, rules_seen = 0, set(), set()
    for players, seed in GAMES:
        for n, s in enumerate(playthrough(players, seed)):
            if s.is_terminal or s.is_chance_node or n % 2:
                continue
            legal = set(s.legal_actions())
            for a in legal:
                assert refusal(s, a) is None, (players, seed, n, str(a))
            for a in broad_candidates(s):
                why = refusal(s, a)
                assert (why is None) == (a in legal), (players, seed, n, str(a), why and str(why))
                if why is not None:
                    assert why.rule.id in RULES and RULES[why.rule.id] is why.rule
                    rules_seen.add(why.rule.id)
                checked += 1
            kinds.add(s.pending[0].kind)
    assert checked > 20_000
    assert kinds == {"act", "cover", "dock", "march", "sit", "take"}
    assert {"bonfire.boat.cost", "bonfire.gnome.cost", "bonfire.gnome.limit", "bonfire.ignite.when",
            "bonfire.end.pass", "bonfire.turn.options", "bonfire.assume.dock-claim", "bonfire.procession.step",
            "bonfire.pay.substitute-action", "bonfire.pay.substitute-resource", "bonfire.great-bonfire.portal",
            "bonfire.assume.great-bonfire-moves", "bonfire.task.board-space", "bonfire.guardian.claim"} <= rules_seen
