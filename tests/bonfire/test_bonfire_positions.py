"""The Bonfire position format (``explorer/bonfire/position_format.py``, format ``bonfire-position`` version 1) and the
action notation (``explorer/bonfire/actions.py``), tried like a player who edits the JSON by hand and a tester
who wants to break it.

* Round trips: every position of three seeded games (2, 3 and 4 players: setup draws, start-tile choices, turns
  with pending cover / dock / march / sit / take steps, mid-game draws, the end), a hand-built countdown played to
  its last round, and positions on a copy of the components survive ``to_dict`` -> JSON -> ``from_dict`` with the
  same data, the same legal actions or chance outcomes, the same scores and the same next position.
* Every check of ``from_dict`` has its own case: an edit of a real position that breaks exactly that check, and
  the ``InvalidData`` problem text it must produce (most edits keep the rest consistent, so the problem list is
  compared whole). Several problems are listed in one error.
* Junk (``None``, lists, text, wrong types everywhere, deep or wide nesting) is refused with ``InvalidData`` and a
  short message, never another exception.
* ``text_board`` lines for known seeds; ``parse_action`` reads back every notation pattern and refuses junk with
  ``NotationError``.

Component facts used (our own data, ``explorer/bonfire/data``): task islands hold 2 discs with 2 players; 4 guardians
of each of pink, grey, brown, blue; 10 action tiles of each type and 12 yellow; 2 offering discs of each of herbs,
mushrooms, berries, wood, stone per player; 4 portals per symbol, one fewer in play with 2 players; bonfire 0's
portal space takes ``wave``; 6 path slots; the council trigger is 7 / 10 / 13 novices (seed "Fim do jogo").
"""

from __future__ import annotations

import copy
import functools
import json
import random
from collections.abc import Callable, Iterator
from typing import Any

import pytest
from bonfire_checks import edited, started

from explorer.bonfire import Components, State, new_game, parse_action, text_board
from explorer.bonfire.actions import (
    BuildFromPile,
    BuildPath,
    ClaimGuardian,
    Cover,
    Draw,
    Ignite,
    Move,
    Pass,
    PlaceFate,
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
)
from explorer.bonfire.fate import Placement
from explorer.bonfire.position_format import FORMAT, FORMAT_VERSION, from_dict, to_dict
from explorer.bonfire.setup import initial_state
from explorer.core import InvalidData, NotationError

Data = dict[str, Any]
Change = Callable[[Data], None]

BASE = started(2, seed=1)
"""2 players after setup: orange to act; islands full (2 discs each), 46 task discs in the box, nothing lit, empty
paths, one own guardian each on the starting tile, all 16 guardians on their islands, 3 portals per symbol round
the Great Bonfire (``south``: flame leaf wave), path display red stone, yellow gold, red wood, yellow wood."""

ISLANDS = ("emberholm", "mossbank", "bramble_isle", "timberkey", "flint_isle", "sagewater", "oakhollow", "berrymoor",
           "quarry_isle", "toadstool_key")
SPACES = "south, south_west, west, north_west, north_east, east, south_east"
SEATS = "seat_1, seat_2, seat_3, seat_4, seat_5, seat_6, seat_7, seat_8"
COMMON = "all_bonfires, portal_keeper, gnome_circle, bonfire_watch, fate_fulfilled"
MALFORMED_GUARDIAN = "expected [colour, 'path' | 'bonfire', position]"


# ---- helpers ------------------------------------------------------------------------------------------------
def problems(change: Change, base: State = BASE) -> tuple[str, ...]:
    """The problems ``from_dict`` lists for ``base``'s data edited by ``change`` (it must refuse it)."""
    data = copy.deepcopy(base.to_dict())
    change(data)
    with pytest.raises(InvalidData) as err:
        State.from_dict(data)
    assert err.value.what == "Bonfire position"
    assert str(err.value).startswith("Bonfire position is invalid (")
    return err.value.problems


def seat0(d: Data) -> Data:
    return d["seats"][0]


def board(d: Data) -> Data:
    return d["board"]


def light(d: Data, bonfires: int, seat: int = 0) -> None:
    """Seat ``seat`` lights its first ``bonfires`` bonfires with discs from the box, its novices on seats 1.."""
    s = d["seats"][seat]
    for b in range(bonfires):
        s["tasks"][b] = board(d)["task_box"].pop(0)
        s["lit"][b] = True
        board(d)["council"][f"seat_{b + 1}"].append(s["colour"])


def to_countdown(d: Data, round_: int = 1) -> None:
    """7 novices in the council (orange 4, green 3): the end trigger of 2 players, countdown round ``round_``."""
    light(d, 4, seat=0)
    light(d, 3, seat=1)
    d["triggered"], d["countdown"] = True, round_


def give_guardians(d: Data, *triples: list[Any]) -> None:
    """Orange holds its own guardian on the starting tile and ``triples``, taken from the guardian islands."""
    seat0(d)["guardians"] = [["orange", "path", 0], *map(list, triples)]
    for colour, *_ in triples:
        board(d)["guardians"][colour] -= 1


def build_path(d: Data, *kinds: str) -> None:
    """Orange builds ``kinds`` from the face-down pile."""
    for kind in kinds:
        board(d)["path_pile"][kind] -= 1
        seat0(d)["path"].append(kind)


def take_portal(d: Data, bonfire: int, symbol: str, space: str) -> None:
    """Orange takes a ``symbol`` portal from Great Bonfire ``space`` onto bonfire ``bonfire``'s portal space."""
    board(d)["portals"][space].remove(symbol)
    seat0(d)["portals"][bonfire] = symbol


# ---- seeded games ---------------------------------------------------------------------------------------------
PREFER = ("ignite", "seat", "fate", "procession", "guardian", "task", "take", "cover", "boat", "move", "skip", "gnome",
          "great-bonfire", "path", "return", "start-tile", "pass")


def _pick(rnd: random.Random, state: State, prefer: tuple[str, ...]) -> str:
    """A choice that favours the first words of ``prefer`` (so lit bonfires, processions and seats come up)."""
    texts = [str(a) for a in state.legal_actions()]
    for word in prefer:
        these = [t for t in texts if t.split()[0] == word]
        if these and rnd.random() < 0.7:
            return rnd.choice(these)
    return rnd.choice(texts)


def playout(state: State, seed: int, prefer: tuple[str, ...] = PREFER) -> Iterator[tuple[State, str | None]]:
    """Each state of a seeded game from ``state`` to its end, with the action taken there (``None`` at the end)."""
    rnd = random.Random(seed)
    while state.pending:
        action = str(state.sample_chance()) if state.is_chance_node else _pick(rnd, state, prefer)
        yield state, action
        state = state.apply(action)
    yield state, None


@functools.cache
def game(players: int, seed: int) -> tuple[tuple[State, str | None], ...]:
    """A whole seeded game, from before the first setup draw to the end."""
    return tuple(playout(initial_state(players, seed, Components.default()), seed))


@functools.cache
def countdown_game() -> tuple[tuple[State, str | None], ...]:
    """The countdown from round 1 (hand-built on BASE) to the end of round 5."""
    return tuple(playout(edited(BASE, to_countdown), 0, ("ignite", "seat", "take", "cover", "skip", "pass", *PREFER)))


GAMES = ((2, 2), (3, 0), (4, 0))
"""Seeds whose games bring every kind of pending step to the front (checked below)."""


def round_trip(s: State, action: str | None) -> None:
    """``s`` survives to_dict -> JSON -> from_dict: same data, choices, chances, scores and next position."""
    d = s.to_dict()
    text = json.dumps(d)
    again = State.from_dict(json.loads(text))
    assert again.to_dict() == d
    assert json.dumps(again.to_dict()) == text
    assert again == s
    assert (again.phase, again.current_player, again.is_chance_node, again.is_terminal) == \
        (s.phase, s.current_player, s.is_chance_node, s.is_terminal)
    assert [str(a) for a in again.legal_actions()] == [str(a) for a in s.legal_actions()]
    if s.is_chance_node:
        assert [(str(a), p) for a, p in again.chance_outcomes()] == [(str(a), p) for a, p in s.chance_outcomes()]
        assert str(again.sample_chance()) == action
    assert again.scores() == s.scores()
    if action is not None:
        assert again.apply(action).to_dict() == s.apply(action).to_dict()


# ---- round trips ----------------------------------------------------------------------------------------------
def test_the_seeded_games_bring_every_kind_of_step_to_the_front():
    due = {(s.pending[0].kind if s.pending else "over") for players, seed in GAMES for s, _ in game(players, seed)}
    assert due == {"deal", "start-tile", "act", "cover", "dock", "march", "sit", "take", "over"}
    queued = {step.kind for players, seed in GAMES for s, _ in game(players, seed) for step in s.pending}
    assert {"then", "end-turn"} <= queued       # engine steps wait behind the player's in the queue
    draws = {s.pending[0].what for players, seed in GAMES for s, _ in game(players, seed) if s.is_chance_node}
    assert draws == {"task", "elder", "specialist", "portal", "path", "offering", "start"}


@pytest.mark.parametrize(("players", "seed"), GAMES)
def test_every_position_of_a_seeded_game_reads_back(players, seed):
    states = game(players, seed)
    for s, action in states:
        round_trip(s, action)
    assert states[0][0].phase == "setup" and states[-1][0].phase == "over"


def test_every_position_of_the_countdown_reads_back_to_the_end():
    states = countdown_game()
    for s, action in states:
        round_trip(s, action)
    first, last = states[0][0], states[-1][0]
    assert (first.phase, first.countdown, first.triggered) == ("countdown", 1, True)
    assert (last.phase, last.countdown, last.pending) == ("over", 6, ())
    assert last.to_dict()["countdown"] == 6
    assert any(a == "pass" for _, a in states)


def test_a_position_mid_payment_keeps_the_paid_action_in_its_then_step():
    s = next(s for s, _ in game(2, 2) if s.pending and s.pending[0].kind == "cover")
    d = s.to_dict()
    assert d["pending"][0]["kind"] == "cover" and d["pending"][1]["kind"] == "then"
    then = d["pending"][1]["action"]
    assert str(parse_action(then)) == then
    assert State.from_dict(d).pending[1].action == s.pending[1].action


def test_a_new_game_reads_back_and_reads_the_same_twice():
    s = new_game(players=2, seed=5)
    assert from_dict(to_dict(s)).to_dict() == to_dict(s) == new_game(players=2, seed=5).to_dict()
    d = s.to_dict()
    assert (d["format"], d["format_version"], d["components"]) == (FORMAT, FORMAT_VERSION, "default")
    assert (FORMAT, FORMAT_VERSION) == ("bonfire-position", 2)
    assert (d["seed"], d["draws"], d["start"], d["turn"]) == (5, 62, "orange", "orange")


def test_the_data_is_not_shared_with_the_state():
    d = BASE.to_dict()
    again = State.from_dict(d)
    d["board"]["task_box"].clear()
    d["seats"][0]["path"].append("blue herbs")
    assert len(again.task_box) == 46 and again.seats[0].path == ()
    assert BASE.to_dict()["board"]["task_box"][:2] == ["t01", "t02"]


def test_components_of_your_own_are_written_out_and_read_back():
    own = Components.from_dict(Components.default().to_dict())
    assert own is not Components.default()
    s = new_game(players=3, seed=4, components=own)
    d = s.to_dict()
    assert isinstance(d["components"], dict) and d["components"] == Components.default().to_dict()
    again = State.from_dict(json.loads(json.dumps(d)))
    assert again.to_dict() == d
    assert [str(a) for a in again.legal_actions()] == [str(a) for a in s.legal_actions()]
    explicit = State.from_dict({**d, "components": "default"}, Components.default())
    assert explicit.components is Components.default()


def test_positions_built_by_hand_read_back():
    """Edits that keep every count right are accepted: the checks refuse mistakes, not unusual positions."""
    def rich(d: Data) -> None:
        to_countdown(d, 3)
        build_path(d, "blue herbs", "blue herbs", "red wood")
        take_portal(d, 0, "wave", "south")
        take_portal(d, 1, "leaf", "south")
        give_guardians(d, ["pink", "path", 1], ["grey", "path", 3], ["blue", "bonfire", 1], ["brown", "path", 0])
        board(d)["reserve"].remove("crowded_path")
        seat0(d)["gnomes"] = ["crowded_path"]
        seat0(d)["boat"] = "rose_rock"
        seat0(d)["fate"]["tiles"].append({"tile": "f1", "at": "3,1 down"})
        seat0(d)["stack"].remove("f1")
        board(d)["neutral"]["portal_keeper"] = False
        board(d)["council"]["seat_8"].append("neutral")
    s = edited(BASE, rich)
    assert s.phase == "countdown" and s.novices_in_council() == 8
    assert s.seats[0].guardians[4] == ("brown", "path", 0)
    assert State.from_dict(json.loads(json.dumps(s.to_dict()))).to_dict() == s.to_dict()
    assert "pass" in [str(a) for a in s.legal_actions()]


@pytest.mark.parametrize(("name", "change"), [
    ("five guardians on the starting tile", lambda d: give_guardians(
        d, ["pink", "path", 0], ["grey", "path", 0], ["brown", "path", 0], ["blue", "path", 0])),
    ("two guardians on one path tile with Crowded Path", lambda d: (
        build_path(d, "blue herbs"), give_guardians(d, ["pink", "path", 1], ["grey", "path", 1]),
        board(d)["reserve"].remove("crowded_path"), seat0(d)["gnomes"].append("crowded_path"))),
    ("a novice waiting for its seat counts as in the council", lambda d: (
        light(d, 1), board(d)["council"]["seat_1"].clear(),
        d["pending"].insert(0, {"kind": "sit", "seat": "orange", "what": "orange"}))),
    ("a neutral novice waiting for its seat", lambda d: (
        board(d)["neutral"].update(all_bonfires=False),
        d["pending"].insert(0, {"kind": "sit", "seat": "orange", "what": "neutral"}))),
    ("an offering disc on an island", lambda d: (
        board(d)["islands"]["mossbank"].remove("t13"), board(d)["task_box"].append("t13"),
        board(d)["islands"]["mossbank"].append("orange herbs"), seat0(d)["offering_pool"].update(herbs=1),
        seat0(d)["offering_stacks"].__setitem__(0, 3))),
    ("a guardian on a bonfire with a portal", lambda d: (
        take_portal(d, 6, "star", "south_west"), give_guardians(d, ["blue", "bonfire", 6]))),
    ("the boat at a guardian island", lambda d: seat0(d).update(boat="azure_point")),
    ("the path as long as the slots", lambda d: build_path(d, *["blue herbs", "blue herbs", "blue wood", "blue wood",
                                                                "red herbs", "red herbs"])),
])
def test_unusual_but_possible_positions_are_accepted(name, change):
    s = edited(BASE, change)
    assert State.from_dict(s.to_dict()).to_dict() == s.to_dict()


# ---- every check of from_dict -----------------------------------------------------------------------------------
def _island_disc(item: str) -> Change:
    def change(d: Data) -> None:
        board(d)["islands"]["mossbank"].remove("t13")
        board(d)["task_box"].append("t13")
        board(d)["islands"]["mossbank"].append(item)
    return change


CHECKS: list[Any] = [
    # the central board
    ("unknown island", lambda d: board(d)["islands"].update(atlantis=[]),
     [f"board.islands: expected the task islands {', '.join(ISLANDS)}"]),
    ("missing island", lambda d: (board(d)["task_box"].extend(board(d)["islands"].pop("toadstool_key"))),
     [f"board.islands: expected the task islands {', '.join(ISLANDS)}"]),
    ("too many discs on an island", lambda d: board(d)["islands"]["mossbank"].append(board(d)["task_box"].pop()),
     ["board.islands.mossbank: holds 3 discs; it has 2 spots with 2 players"]),
    ("offering disc of nobody", _island_disc("purple herbs"),
     ["board.islands.mossbank: 'purple herbs' is neither a task disc nor an offering disc ('<colour> <resource>')"]),
    ("offering disc of no resource", _island_disc("orange lava"),
     ["board.islands.mossbank: 'orange lava' is neither a task disc nor an offering disc ('<colour> <resource>')"]),
    ("offering disc in three words", _island_disc("purple wood chips"),
     [("board.islands.mossbank: 'purple wood chips' is neither a task disc nor an offering disc "
      "('<colour> <resource>')")]),
    ("unknown task disc on an island", _island_disc("t99"),
     ["board.islands.mossbank: 't99' is neither a task disc nor an offering disc ('<colour> <resource>')"]),
    ("unknown guardian colour", lambda d: board(d)["guardians"].update(purple=1),
     ["board.guardians: unknown 'purple'; expected pink, grey, brown, blue"]),
    ("elder display too short", lambda d: board(d)["elder_box"].append(board(d)["elders"].pop()),
     ["board.elders: expected 6 places, got 5"]),
    ("specialist display too long", lambda d: board(d)["specialists"].append(None),
     ["board.specialists: expected 6 places, got 7"]),
    ("path display too short", lambda d: (board(d)["path_display"].pop(), board(d)["path_pile"].update(
        {"yellow wood": 1})), ["board.path_display: expected 4 places, got 3"]),
    ("pointer nowhere", lambda d: board(d).update(pointer="north"),
     ["board.pointer: no Great Bonfire space 'north'"]),
    ("unknown Great Bonfire space", lambda d: board(d)["portals"].update(north=[]),
     [f"board.portals: expected the spaces {SPACES}"]),
    ("unknown portal symbol in the pool", lambda d: board(d)["portal_pool"].update(comet=0),
     ["board.portal_pool: unknown 'comet'; expected sun, moon, star, leaf, wave, flame, key"]),
    ("unknown path kind in the pile", lambda d: board(d)["path_pile"].update({"green herbs": 0}),
     [("board.path_pile: unknown 'green herbs'; expected blue herbs, blue mushrooms, blue berries, blue wood, "
      "blue stone, red herbs, red mushrooms, red berries, red wood, red stone, yellow gold, yellow herbs, "
      "yellow mushrooms, yellow berries, yellow wood, yellow stone")]),
    ("unknown path kind under the pile", lambda d: board(d)["path_bottom"].append("green herbs"),
     ["board.path_bottom: 'green herbs' is not a path tile kind (e.g. 'blue herbs')"]),
    ("unknown path kind on display", lambda d: (board(d)["path_display"].__setitem__(3, "purple wood"),
                                                board(d)["path_pile"].update({"yellow wood": 1})),
     ["board.path_display: 'purple wood' is not a path tile kind (e.g. 'blue herbs')"]),
    ("unknown council seat", lambda d: board(d)["council"].update(seat_9=[]),
     [f"board.council: expected the seats {SEATS}"]),
    ("council novice of nobody", lambda d: board(d)["council"]["seat_1"].append("black"),
     ["board.council.seat_1: 'black' is neither a player nor neutral"]),
    ("two novices of one colour on a seat", lambda d: (light(d, 2), board(d)["council"]["seat_2"].clear(),
                                                       board(d)["council"]["seat_1"].append("orange")),
     [("board.council.seat_1: a seat holds one novice of each colour (bonfire.assume.seat-capacity), "
      "got ['orange', 'orange']")]),
    ("two neutral novices on a seat", lambda d: (board(d)["neutral"].update(all_bonfires=False, gnome_circle=False),
                                                 board(d)["council"]["seat_4"].extend(["neutral", "neutral"])),
     [("board.council.seat_4: a seat holds one novice of each colour (bonfire.assume.seat-capacity), "
      "got ['neutral', 'neutral']")]),
    ("unknown common task", lambda d: board(d)["neutral"].update(world_peace=True),
     [f"board.neutral: expected the common tasks {COMMON}"]),
    ("unknown action tile in the supply", lambda d: board(d)["supply"].update(ship=0),
     ["board.supply: unknown 'ship'; expected boat, task, guardian, path, great_bonfire, gnome, yellow"]),
    # the seats
    ("seat colour out of order", lambda d: (d["seats"].reverse()),
     ["seats[0].colour: expected orange, got green", "seats[1].colour: expected green, got orange"]),
    ("players out of colour order", lambda d: (d["players"].reverse(), d["seats"].reverse()),
     ["players: with 2 players the colours are orange, green, got green, orange"]),
    ("player colour of a larger game", lambda d: (d["players"].__setitem__(1, "black"),
                                                  d["seats"][1].update(colour="black"),
                                                  d["seats"][1]["guardians"][0].__setitem__(0, "black")),
     ["players: with 2 players the colours are orange, green, got orange, black"]),
    ("fate tile touching nothing", lambda d: (seat0(d)["fate"]["tiles"].append({"tile": "f1", "at": "1,1 across"}),
                                              seat0(d)["stack"].remove("f1")),
     [("seats[0].fate: the fate tile (boat, task, guardian) laid from row 1, column 1 to the right would touch no "
      "fate tile already placed "
      "(bonfire.fate.adjacent: Next to a placed fate tile)")]),
    ("fate tile over another", lambda d: (seat0(d)["fate"]["tiles"].append({"tile": "f1", "at": "2,3 down"}),
                                          seat0(d)["stack"].remove("f1")),
     [("seats[0].fate: the fate tile (boat, task, guardian) laid from row 2, column 3 downwards would cover row 3, "
      "column 3, already under a fate tile "
      "(bonfire.fate.no-overlap: No covering another fate tile)")]),
    ("fate tile sticking out", lambda d: (seat0(d)["fate"]["tiles"].append({"tile": "f2", "at": "4,5 down"}),
                                          seat0(d)["stack"].remove("f2")),
     [("seats[0].fate: the fate tile (path, gnome, boat) laid from row 4, column 5 downwards would stick out of the "
      "5 × 5 fate area (row 6, column 5 is off the area) "
      "(bonfire.fate.inside: Inside the fate area)")]),
    # bonfire.fate.top-or-bottom: the tiles left on the summary board are a run of its order, never reordered
    ("fate stack reordered", lambda d: seat0(d).update(stack=["f2", "f1", "f3", "f4", "f5", "f6", "f7"]),
     ["seats[0].stack: fate tiles leave the summary board from the top or the bottom only "
      "(bonfire.fate.top-or-bottom), so those left keep its order f1 f2 f3 f4 f5 f6 f7 without a gap; got f2 f1 f3 "
      "f4 f5 f6 f7"]),
    ("fate tile taken from the middle", lambda d: (seat0(d)["fate"]["tiles"].append({"tile": "f4", "at": "2,2 across"}),
                                                   seat0(d)["stack"].remove("f4")),
     ["seats[0].stack: fate tiles leave the summary board from the top or the bottom only "
      "(bonfire.fate.top-or-bottom), so those left keep its order f1 f2 f3 f4 f5 f6 f7 without a gap; got f1 f2 f3 "
      "f5 f6 f7"]),
    ("starting tile neither spare nor 4th", lambda d: (seat0(d)["fate"]["tiles"][0].update(tile="f2"),
                                                       seat0(d).update(stack=["f1", "f3", "f4", "f5", "f6", "f7",
                                                                              "f8"])),
     ["seats[0].fate: the starting fate tile is the spare (f8) or the 4th from the top (f4), got f2 "
      "(bonfire.setup.start-fate-tile)"]),
    # bonfire.bonus.common-task: a common task recorded as fulfilled holds on the board, its neutral novice gone
    ("common task that does not hold", lambda d: (seat0(d)["common"].append("gnome_circle"),
                                                  board(d)["neutral"].update(gnome_circle=False),
                                                  board(d)["council"]["seat_2"].append("neutral")),
     ["seats[0].common: orange has fulfilled gnome_circle (at least 4 gnomes), but the board shows 0 "
      "(bonfire.bonus.common-task)"]),
    ("common task still guarded", lambda d: (seat0(d)["common"].append("fate_fulfilled"),
                                             seat0(d)["fate"]["tiles"].extend(
                                                 {"tile": t, "at": at} for t, at in (
                                                     ("f1", "1,1 down"), ("f2", "1,2 across"), ("f3", "1,5 down"),
                                                     ("f4", "2,2 across"), ("f5", "4,1 across"), ("f6", "5,1 across"))),
                                             seat0(d).update(stack=["f7"])),
     ["board.neutral.fate_fulfilled: orange has fulfilled it, so its neutral novice has left for the council "
      "(bonfire.bonus.common-task)"]),
    ("fate tile placed twice", lambda d: seat0(d)["fate"]["tiles"].append({"tile": "f8", "at": "2,2 across"}),
     [("seats[0].fate: the fate tile (path, yellow, gnome) already lies in the fate area "
       "(bonfire.fate.top-or-bottom: The top or the bottom tile)")]),
    ("starting fate tile elsewhere", lambda d: seat0(d)["fate"]["tiles"][0].update(at="1,1 across"),
     [("seats[0].fate: tiles[0]: the starting fate tile lies at 3,2 across, got 1,1 across "
      "(bonfire.assume.start-fate-tile)")]),
    ("unknown fate tile", lambda d: seat0(d)["fate"]["tiles"].append({"tile": "f9", "at": "3,1 down"}),
     [("seats[0].fate: tiles[1]: expected {'tile': one of f1, f2, f3, f4, f5, f6, f7, f8, 'at': ...}, "
      "got {'tile': 'f9', 'at': '3,1 down'}")]),
    ("fate placement unreadable", lambda d: seat0(d)["fate"]["tiles"][0].update(at="3,2 sideways"),
     [("seats[0].fate: cannot read '3,2 sideways' as a fate-tile placement; write it like '4,2 across' or "
      "'1,5 down reversed'")]),
    ("empty fate area", lambda d: seat0(d)["fate"].update(tiles=[]),
     ["seats[0].fate: a fate area is {'tiles': [{'tile': id, 'at': '3,2 across'}, ...]}, got {'tiles': []}"]),
    ("fate tile missing from the stack", lambda d: seat0(d)["stack"].remove("f7"),
     ["seats[0].stack: the fate tiles placed and those on the summary board must be the 8 fate tiles once each"]),
    ("fate tile both placed and stacked", lambda d: seat0(d)["stack"].append("f8"),
     ["seats[0].stack: the fate tiles placed and those on the summary board must be the 8 fate tiles once each"]),
    ("boat at no island", lambda d: seat0(d).update(boat="atlantis"), ["seats[0].boat: no island 'atlantis'"]),
    ("six portal spaces", lambda d: seat0(d)["portals"].pop(), ["seats[0].portals: expected 7 bonfires, got 6"]),
    ("eight task places", lambda d: seat0(d)["tasks"].append(None), ["seats[0].tasks: expected 7 bonfires, got 8"]),
    ("six lit flags", lambda d: seat0(d)["lit"].pop(), ["seats[0].lit: expected 7 bonfires, got 6"]),
    ("unknown task disc on a bonfire", lambda d: seat0(d)["tasks"].__setitem__(3, "t99"),
     ["seats[0].tasks[3]: no task disc 't99'", "task discs (box, islands, players' bonfires): unknown t99"]),
    ("lit without a disc", lambda d: (seat0(d)["lit"].__setitem__(2, True),
                                      board(d)["council"]["seat_1"].append("orange")),
     ["seats[0].lit[2]: a bonfire without a task disc cannot be lit"]),
    ("portal of the wrong symbol", lambda d: take_portal(d, 0, "sun", "east"),
     ["seats[0].portals[0]: bonfire 0's portal space takes wave, got sun"]),
    ("unknown path kind built", lambda d: seat0(d)["path"].append("green herbs"),
     ["seats[0].path: 'green herbs' is not a path tile kind"]),
    ("path too long", lambda d: build_path(d, "blue herbs", "blue herbs", "blue wood", "blue wood", "red herbs",
                                           "red herbs", "blue stone"),
     ["seats[0].path: at most 6 path tiles"]),
    ("unknown gnome card", lambda d: seat0(d)["gnomes"].append("merlin"), ["seats[0].gnomes: no gnome card 'merlin'"]),
    ("unknown common task fulfilled", lambda d: seat0(d)["common"].append("world_peace"),
     ["seats[0].common: no common task 'world_peace'"]),
    ("three offering stacks", lambda d: seat0(d)["offering_stacks"].append(0),
     ["seats[0]: offering_stacks and offering_up give the top and the bottom stack (2 values each)"]),
    ("one face-up offering disc place", lambda d: seat0(d)["offering_up"].pop(),
     ["seats[0]: offering_stacks and offering_up give the top and the bottom stack (2 values each)"]),
    ("guardian of two items", lambda d: seat0(d)["guardians"].append(["pink", "path"]),
     [f"seats[0].guardians[1]: {MALFORMED_GUARDIAN}, got ['pink', 'path']"]),
    ("guardian on the road", lambda d: seat0(d)["guardians"].append(["pink", "road", 1]),
     [f"seats[0].guardians[1]: {MALFORMED_GUARDIAN}, got ['pink', 'road', 1]"]),
    ("guardian at a negative place", lambda d: seat0(d)["guardians"].append(["pink", "path", -1]),
     [f"seats[0].guardians[1]: {MALFORMED_GUARDIAN}, got ['pink', 'path', -1]"]),
    ("guardian at place true", lambda d: seat0(d)["guardians"].append(["pink", "path", True]),
     ["seats[0].guardians[1][2].str: input should be a valid string (got True)",
      "seats[0].guardians[1][2].int: input should be a valid integer (got True)"]),
    ("guardian at place text", lambda d: seat0(d)["guardians"].append(["pink", "path", "1"]),
     [f"seats[0].guardians[1]: {MALFORMED_GUARDIAN}, got ['pink', 'path', '1']"]),
    ("guardian colour a number", lambda d: seat0(d)["guardians"].append([7, "path", 0]),
     [f"seats[0].guardians[1]: {MALFORMED_GUARDIAN}, got [7, 'path', 0]"]),
    ("guardian empty", lambda d: seat0(d)["guardians"].insert(0, []),
     [f"seats[0].guardians[0]: {MALFORMED_GUARDIAN}, got []"]),
    ("guardian of no colour", lambda d: seat0(d)["guardians"].append(["purple", "path", 0]),
     ["seats[0].guardians: 'purple' is neither orange nor a guardian colour"]),
    ("guardian of the other player", lambda d: seat0(d)["guardians"].append(["green", "path", 0]),
     ["seats[0].guardians: 'green' is neither orange nor a guardian colour"]),
    ("two pink guardians", lambda d: give_guardians(d, ["pink", "path", 0], ["pink", "path", 0]),
     ["seats[0].guardians: two pink guardians"]),
    ("two own guardians", lambda d: seat0(d)["guardians"].append(["orange", "path", 0]),
     ["seats[0].guardians: two orange guardians"]),
    ("guardian beyond the path", lambda d: give_guardians(d, ["pink", "path", 1]),
     ["seats[0].guardians: the pink guardian stands on path tile 1, but only 0 are built"]),
    ("guardian beyond a built path", lambda d: (build_path(d, "red herbs", "blue stone"),
                                                give_guardians(d, ["grey", "path", 3])),
     ["seats[0].guardians: the grey guardian stands on path tile 3, but only 2 are built"]),
    ("guardian on a bonfire without portal", lambda d: give_guardians(d, ["pink", "bonfire", 2]),
     ["seats[0].guardians: the pink guardian is on bonfire 2, which has no portal"]),
    ("guardian on bonfire 7", lambda d: give_guardians(d, ["pink", "bonfire", 7]),
     ["seats[0].guardians: the pink guardian is on bonfire 7, which has no portal"]),
    ("two guardians on one bonfire", lambda d: (take_portal(d, 0, "wave", "south"),
                                                give_guardians(d, ["pink", "bonfire", 0], ["grey", "bonfire", 0])),
     ["seats[0].guardians: a bonfire holds one guardian (bonfire.procession.one-per-space)"]),
    ("two guardians on one path tile", lambda d: (build_path(d, "blue herbs", "red herbs"),
                                                  give_guardians(d, ["pink", "path", 2], ["grey", "path", 2])),
     ["seats[0].guardians: a path tile holds one guardian (bonfire.procession.one-per-space)"]),
    ("own guardian missing", lambda d: (seat0(d)["guardians"].clear(), give_guardians(d, ["pink", "path", 0]),
                                        seat0(d)["guardians"].pop(0)),
     ["seats[0].guardians: the player's own orange guardian is missing"]),
    ("face-up offering disc of no resource", lambda d: seat0(d)["offering_up"].__setitem__(0, "lava"),
     ["seats[0].offering_up: no resource 'lava'"]),
    ("offering pool of no resource", lambda d: seat0(d)["offering_pool"].update(lava=0),
     ["seats[0].offering_pool: unknown 'lava'; expected gold, herbs, mushrooms, berries, wood, stone"]),
    ("offering stacks and pool disagree", lambda d: seat0(d).update(offering_stacks=[5, 4]),
     ["seats[0].offering_stacks: the stacks hold 9 discs, the face-down pool 8"]),
    ("points of no category", lambda d: seat0(d)["points"].update(bribes=0),
     ["seats[0].points: unknown 'bribes'; expected elders, council, great_bonfire, countdown, specialists"]),
    ("resource of no kind", lambda d: seat0(d)["resources"].update(lava=1),
     ["seats[0].resources: unknown 'lava'; expected gold, herbs, mushrooms, berries, wood, stone"]),
    ("action tile of no kind", lambda d: seat0(d)["tiles"].update(plane=0),
     ["seats[0].tiles: unknown 'plane'; expected boat, task, guardian, path, great_bonfire, gnome, yellow"]),
    # every component once
    ("task disc missing", lambda d: board(d)["task_box"].remove("t01"),
     ["task discs (box, islands, players' bonfires): missing t01"]),
    ("task disc twice", lambda d: board(d)["task_box"].append("t13"),
     ["task discs (box, islands, players' bonfires): counted more than once: t13"]),
    ("task disc on an island and a bonfire", lambda d: seat0(d)["tasks"].__setitem__(0, "t25"),
     ["task discs (box, islands, players' bonfires): counted more than once: t25"]),
    ("unknown task disc in the box", lambda d: board(d)["task_box"].append("t67"),
     ["task discs (box, islands, players' bonfires): unknown t67"]),
    ("elder missing", lambda d: board(d)["elder_box"].remove("bramble"),
     ["elders (box, display, players): missing bramble"]),
    ("elder twice", lambda d: seat0(d)["gnomes"].append("sage"),
     ["elders (box, display, players): counted more than once: sage"]),
    ("unknown elder", lambda d: board(d)["elders"].__setitem__(0, "merlin"),
     ["elders (box, display, players): unknown merlin", "elders (box, display, players): missing rowan"]),
    ("specialist missing", lambda d: board(d)["reserve"].remove("welcome_step"),
     ["specialists (reserve, display, players): missing welcome_step"]),
    ("specialist twice", lambda d: seat0(d)["gnomes"].append("long_stride"),
     ["specialists (reserve, display, players): counted more than once: long_stride"]),
    ("elder on the specialist display", lambda d: board(d)["specialists"].__setitem__(0, "sage"),
     ["specialists (reserve, display, players): unknown sage",
      "specialists (reserve, display, players): missing flexible_pay"]),
    ("portal missing", lambda d: board(d)["portals"]["south"].remove("wave"),
     ["portals: 3 wave portals are in play with 2 players, the position has 2"]),
    ("portal left in the pool", lambda d: board(d)["portal_pool"].update(sun=1),
     ["portals: 3 sun portals are in play with 2 players, the position has 4"]),
    ("portal on a player board too many", lambda d: seat0(d)["portals"].__setitem__(0, "wave"),
     ["portals: 3 wave portals are in play with 2 players, the position has 4"]),
    ("path tile too many", lambda d: board(d)["path_pile"].update({"blue herbs": 3}),
     ["path tiles: there are 2 'blue herbs' tiles, the position has 3"]),
    ("path tile built from nowhere", lambda d: seat0(d)["path"].append("yellow wood"),
     ["path tiles: there are 1 'yellow wood' tiles, the position has 2"]),
    ("path tile lost", lambda d: board(d)["path_display"].__setitem__(0, None),
     ["path tiles: there are 2 'red stone' tiles, the position has 1"]),
    ("guardian too many", lambda d: board(d)["guardians"].update(pink=5),
     ["guardians: there are 4 pink guardians, the position has 5"]),
    ("guardian claimed but still on its island", lambda d: seat0(d)["guardians"].append(["blue", "path", 0]),
     ["guardians: there are 4 blue guardians, the position has 5"]),
    ("action tile too many in the supply", lambda d: board(d)["supply"].update(boat=11),
     ["action tiles: there are 10 boat tiles, the position has 11"]),
    ("action tile too many in a hand", lambda d: d["seats"][1]["tiles"].update(yellow=4),
     ["action tiles: there are 12 yellow tiles, the position has 13"]),
    ("offering disc on an island too many", _island_disc("orange herbs"),
     ["seats[0]: orange has 2 herbs offering discs, the position has 3"]),
    ("face-up offering disc too many", lambda d: d["seats"][1]["offering_up"].__setitem__(1, "wood"),
     ["seats[1]: green has 2 wood offering discs, the position has 3"]),
    ("gold offering disc", lambda d: seat0(d)["offering_up"].__setitem__(0, "gold"),
     ["seats[0]: orange has 0 gold offering discs, the position has 1"]),
    # novices
    ("lit bonfire without its novice", lambda d: (light(d, 1), board(d)["council"]["seat_1"].clear()),
     ["seats[0]: 1 lit bonfires sent 1 orange novices to the council, which holds 0"]),
    ("novice without a lit bonfire", lambda d: board(d)["council"]["seat_5"].append("green"),
     ["seats[1]: 0 lit bonfires sent 0 green novices to the council, which holds 1"]),
    ("neutral novice still guarding, yet in the council", lambda d: board(d)["council"]["seat_3"].append("neutral"),
     ["board.council: 0 neutral novices have left their common tasks, the council holds 1"]),
    ("neutral novice gone, but not in the council", lambda d: board(d)["neutral"].update(fate_fulfilled=False),
     ["board.council: 1 neutral novices have left their common tasks, the council holds 0"]),
    # turn and steps
    ("unreadable action in a step", lambda d: d["pending"].append({"kind": "then", "seat": "orange",
                                                                    "action": "fly away"}),
     [("pending[1].action: cannot read 'fly away' as a Bonfire action; expected e.g. 'boat mossbank', "
      "'fate f1 3,1 down', 'task t05 offering top bonfire 3', 'procession 2', 'ignite 3', or a chance outcome "
      "like 'draw task t05'"), "pending[1] (then): names no action to carry out"]),
    ("unreadable placement in a step", lambda d: d["pending"].append({"kind": "then", "seat": "orange",
                                                                       "action": "fate f1 9 down"}),
     [("pending[1].action: cannot read 'fate f1 9 down': cannot read '9 down' as a fate-tile placement; write it "
      "like '4,2 across' or '1,5 down reversed'"), "pending[1] (then): names no action to carry out"]),
    ("step of nobody", lambda d: d["pending"][0].update(seat="black"),
     ["pending[0].seat: nobody plays 'black'",
      "pending[0] (act): names no seat (a player decides it or it is theirs)"]),
    ("first step names no seat", lambda d: d["pending"][0].pop("seat"),
     ["pending[0] (act): names no seat (a player decides it or it is theirs)"]),
    ("start player of nobody", lambda d: d.update(start="white"), ["start: nobody plays 'white'"]),
    ("turn of nobody", lambda d: d.update(turn="red"), ["turn: nobody plays 'red'"]),
    ("countdown without the trigger", lambda d: d.update(countdown=2),
     ["countdown: the countdown runs only once the end trigger is reached"]),
    ("triggered with an empty council", lambda d: d.update(triggered=True),
     ["triggered: the council holds fewer than 7 novices"]),
    ("triggered one novice short", lambda d: (to_countdown(d), board(d)["council"]["seat_4"].clear(),
                                              seat0(d)["lit"].__setitem__(3, False)),
     ["triggered: the council holds fewer than 7 novices"]),
    # structure (pydantic)
    ("seed too large", lambda d: d.update(seed=2 ** 63),
     ["seed: input should be less than 9223372036854775808 (got 9223372036854775808)"]),
    ("seed negative", lambda d: d.update(seed=-1), ["seed: input should be greater than or equal to 0 (got -1)"]),
    ("seed as text", lambda d: d.update(seed="1"), ["seed: input should be a valid integer (got '1')"]),
    ("seed true", lambda d: d.update(seed=True), ["seed: input should be a valid integer (got True)"]),
    ("draws negative", lambda d: d.update(draws=-3), ["draws: input should be greater than or equal to 0 (got -3)"]),
    ("countdown beyond round 6", lambda d: d.update(countdown=7),
     ["countdown: input should be less than or equal to 6 (got 7)"]),
    ("one player", lambda d: (d["players"].pop(), d["seats"].pop()), ["players: Bonfire is for 2-4 players, got 1"]),
    ("five players", lambda d: d["players"].extend(["black", "white", "red"]),
     ["players: Bonfire is for 2-4 players, got 5"]),
    ("no players", lambda d: d.update(players=[]), ["players: Bonfire is for 2-4 players, got 0"]),
    ("a seat missing", lambda d: d["seats"].pop(), ["seats: expected 2 seats, got 1"]),
    ("wrong format", lambda d: d.update(format="bonfire"),
     ["format: input should be 'bonfire-position' (got 'bonfire')"]),
    ("wrong format version", lambda d: d.update(format_version=3),
     ["format_version: input should be 1 or 2 (got 3)"]),
    ("format version as text", lambda d: d.update(format_version="2"),
     ["format_version: input should be 1 or 2 (got '2')"]),
    # the Great Bonfire's first use is once per game (bonfire.great-bonfire.turn): a game-level flag
    ("pointer moved, never used", lambda d: board(d).update(pointer="west", great_bonfire_used=False),
     ["board.pointer: the pointer shows west, so the Great Bonfire has been used; board.great_bonfire_used must "
      "be true (bonfire.great-bonfire.turn)"]),
    ("great bonfire flag missing", lambda d: board(d).pop("great_bonfire_used"),
     ["board.great_bonfire_used: missing (True once anyone has used the Great Bonfire)"]),
    ("great bonfire flag on a seat", lambda d: seat0(d).update(great_bonfire_used=True),
     ["seats[0].great_bonfire_used: the Great Bonfire's first use is once per game, so the flag is "
      "board.great_bonfire_used (format version 2)"]),
    ("version 1 with the board flag", lambda d: (d.update(format_version=1), board(d).update(great_bonfire_used=True)),
     ["board.great_bonfire_used: format version 1 keeps the flag per seat; write format_version 2"]),
    ("format missing", lambda d: d.pop("format"), ["format: required field is missing"]),
    ("unknown top-level field", lambda d: d.update(comment="mine"),
     ["comment: unknown field (not part of this format)"]),
    ("unknown seat field", lambda d: seat0(d).update(score=3),
     ["seats[0].score: unknown field (not part of this format)"]),
    ("unknown step kind", lambda d: d["pending"][0].update(kind="fly"),
     [("pending[0].kind: input should be 'deal', 'start-tile', 'cover', 'then', 'dock', 'march', 'sit', 'take', "
      "'act' or 'end-turn' (got 'fly')")]),
    ("negative resource", lambda d: seat0(d)["resources"].update(gold=-1),
     ["seats[0].resources.gold: input should be greater than or equal to 0 (got -1)"]),
    ("lit flag as text", lambda d: seat0(d)["lit"].__setitem__(0, "yes"),
     ["seats[0].lit[0]: input should be a valid boolean (got 'yes')"]),
    ("components by another name", lambda d: d.update(components="custom"),
     ["components.literal['default']: input should be 'default' (got 'custom')",
      "components.dict[str,any]: input should be a valid dictionary (got 'custom')"]),
]


@pytest.mark.parametrize(("name", "change", "expected"), CHECKS, ids=[c[0] for c in CHECKS])
def test_from_dict_names_the_problem(name, change, expected):
    assert list(problems(change)) == expected


def test_every_check_of_from_dict_has_a_case():
    """Each distinct problem text ``from_dict`` can write (and the pydantic stage) is produced above."""
    found = " | ".join(p for _, change, _ in CHECKS for p in problems(change))
    for start in ("board.islands:", "board.islands.mossbank: holds", "neither a task disc", "board.guardians: unknown",
                  "board.elders: expected", "board.specialists: expected", "board.path_display: expected",
                  "board.pointer:", "board.portals:", "board.portal_pool:", "board.path_pile:", "board.path_bottom:",
                  "neither a player nor neutral", "one novice of each colour", "board.neutral:", "board.supply:",
                  ".colour: expected", "players: with 2 players", ".fate:", ".stack:", ".boat:", ".portals: expected",
                  ".tasks: expected", ".lit: expected", "no task disc", "cannot be lit", "portal space takes",
                  "is not a path tile kind", "at most 6 path tiles", "no gnome card", "no common task",
                  "2 values each", MALFORMED_GUARDIAN, "nor a guardian colour", "two pink guardians",
                  "but only", "which has no portal", "a bonfire holds one guardian", "a path tile holds one guardian",
                  "own orange guardian is missing", "offering_up: no resource", "offering_pool: unknown",
                  "the face-down pool", "points: unknown", "resources: unknown", "tiles: unknown", "task discs",
                  "elders (box", "specialists (reserve", "portals are in play", "path tiles: there are",
                  "guardians: there are", "action tiles: there are", "offering discs, the position has",
                  "lit bonfires sent", "neutral novices have left", "pending[1].action", "nobody plays",
                  "names no seat", "countdown runs only", "triggered: the council", "Bonfire is for 2-4 players",
                  "seats: expected 2 seats", "so the Great Bonfire has been used", "great_bonfire_used: missing",
                  "the flag is board.great_bonfire_used", "keeps the flag per seat", "without a gap",
                  "the starting fate tile is the spare", "but the board shows", "its neutral novice has left"):
        assert start in found, start


def test_six_guardians_on_the_starting_tile_are_refused():
    """Only 5 distinct colours exist (own + 4), so a sixth on the start must repeat one; both are reported."""
    found = problems(lambda d: give_guardians(d, ["pink", "path", 0], ["grey", "path", 0], ["brown", "path", 0],
                                              ["blue", "path", 0], ["pink", "path", 0]))
    assert found == ("seats[0].guardians: two pink guardians", "seats[0].guardians: at most 5 on the starting tile")


def test_a_wrong_offering_stack_count_stops_reading_but_keeps_earlier_problems():
    """The stack check ends the reading at once: problems found before it are listed, later ones are not."""
    found = problems(lambda d: (board(d).update(pointer="up"), seat0(d).update(boat="atlantis"),
                                seat0(d)["offering_stacks"].append(1), board(d)["supply"].update(boat=12)))
    assert found == ("board.pointer: no Great Bonfire space 'up'", "seats[0].boat: no island 'atlantis'",
                     "seats[0]: offering_stacks and offering_up give the top and the bottom stack (2 values each)")


def test_many_problems_are_listed_in_one_error():
    data = copy.deepcopy(BASE.to_dict())
    board(data)["pointer"] = "north"
    seat0(data)["boat"] = "atlantis"
    seat0(data)["gnomes"].append("merlin")
    board(data)["supply"]["gnome"] = 9
    data["countdown"] = 1
    with pytest.raises(InvalidData) as err:
        State.from_dict(data)
    assert err.value.problems == (
        "board.pointer: no Great Bonfire space 'north'",
        "seats[0].boat: no island 'atlantis'",
        "seats[0].gnomes: no gnome card 'merlin'",
        "action tiles: there are 10 gnome tiles, the position has 11",
        "countdown: the countdown runs only once the end trigger is reached")
    text = str(err.value)
    assert text.startswith("Bonfire position is invalid (5 problems):\n  - board.pointer: no Great Bonfire space")
    assert text.count("\n  - ") == 5


def test_structure_problems_are_listed_together():
    data = copy.deepcopy(BASE.to_dict())
    data.update(format="chess", seed=-5, countdown="one", triggered=None)
    del data["turn"]
    seat0(data)["colour"] = 3
    with pytest.raises(InvalidData) as err:
        State.from_dict(data)
    assert err.value.problems == (
        "format: input should be 'bonfire-position' (got 'chess')",
        "seed: input should be greater than or equal to 0 (got -5)",
        "turn: required field is missing",
        "countdown: input should be a valid integer (got 'one')",
        "triggered: input should be a valid boolean (got None)",
        "seats[0].colour: input should be a valid string (got 3)")


def test_each_seat_reports_its_own_problems():
    found = problems(lambda d: [s.update(boat="atlantis") for s in d["seats"]], started(4, seed=2))
    assert found == tuple(f"seats[{k}].boat: no island 'atlantis'" for k in range(4))


def test_the_trigger_depends_on_the_player_count():
    assert problems(lambda d: d.update(triggered=True), started(3, seed=1)) == (
        "triggered: the council holds fewer than 10 novices",)
    assert problems(lambda d: d.update(triggered=True), started(4, seed=1)) == (
        "triggered: the council holds fewer than 13 novices",)


def test_islands_hold_three_discs_with_four_players():
    four = started(4, seed=2)
    assert [len(four.island_content(i)) for i in ISLANDS] == [3] * 10
    assert problems(lambda d: board(d)["islands"]["sagewater"].append(board(d)["task_box"].pop()), four) == (
        "board.islands.sagewater: holds 4 discs; it has 3 spots with 4 players",)


def test_components_not_components_are_refused():
    with pytest.raises(InvalidData) as err:
        State.from_dict(BASE.to_dict(), "default")
    assert err.value.problems == ("board: expected Components, got str",)
    with pytest.raises(InvalidData) as err:
        from_dict(BASE.to_dict(), {"resources": {}})
    assert err.value.problems == ("board: expected Components, got dict",)


def test_components_data_that_does_not_validate_is_refused():
    d = BASE.to_dict()
    d["components"] = {"format": "bonfire-components"}
    with pytest.raises(InvalidData) as err:
        State.from_dict(d)
    assert err.value.what == "Bonfire position components"
    assert "resources: required field is missing" in err.value.problems


# ---- engine bugs: positions from_dict should refuse or junk it should report -----------------------------------
@pytest.mark.parametrize("item", ["", "orange"])
def test_an_island_item_of_one_word_or_none_gives_invalid_data(item):
    assert "neither a task disc nor an offering disc" in problems(_island_disc(item))[0]


@pytest.mark.parametrize("tile", [["f8"], {"id": "f8"}])
def test_a_fate_tile_id_of_the_wrong_type_gives_invalid_data(tile):
    assert problems(lambda d: seat0(d)["fate"]["tiles"][0].update(tile=tile))[0].startswith("seats[0].fate:")


def test_an_unknown_portal_symbol_round_the_great_bonfire_is_refused():
    assert problems(lambda d: board(d)["portals"]["south"].append("comet"))


def test_countdown_six_with_a_step_pending_is_refused():
    assert problems(lambda d: to_countdown(d, 6))


@pytest.mark.parametrize("step", [{"kind": "deal", "what": "banana"},
                                  {"kind": "deal", "what": "offering", "target": 0},
                                  {"kind": "march", "seat": "orange", "items": ["pink"], "count": 2}])
def test_a_pending_step_the_engine_cannot_carry_out_is_refused(step):
    assert problems(lambda d: d.update(pending=[step]))


# ---- junk ---------------------------------------------------------------------------------------------------
def _deep(levels: int) -> Any:
    junk: Any = "bottom"
    for _ in range(levels):
        junk = [junk, {"x": junk}] if levels < 20 else [junk]
    return junk


def _wrong_types() -> Data:
    d = copy.deepcopy(BASE.to_dict())
    d.update(players="orange green", seed="five", draws=[], start=7, turn=None, countdown=1.5, triggered="no",
             pending={"kind": "act"})
    board(d).update(islands=["emberholm"], guardians={"pink": "four"}, elders="all", pointer=3, neutral=[True])
    seat0(d).update(resources=None, tiles={"boat": 1.0}, fate="f8", stack="f1", guardians=[("pink",)], lit=[1, 0])
    d["seats"][1] = "green"
    return d


JUNK = [
    ("None", None, ["(top level): input should be a valid dictionary (got None)"]),
    ("empty list", [], ["(top level): input should be a valid dictionary (got [])"]),
    ("text", "text", ["(top level): input should be a valid dictionary (got 'text')"]),
    ("number", 42, ["(top level): input should be a valid dictionary (got 42)"]),
    ("JSON text of a position", json.dumps(BASE.to_dict()), None),
    ("empty dict", {}, ["format: required field is missing", "format_version: required field is missing"]),
    ("wrong types everywhere", _wrong_types(), ["players: input should be a valid list (got 'orange green')",
                                                "seed: input should be a valid integer (got 'five')",
                                                "seats[1]: input should be a valid dictionary (got 'green')"]),
    ("components a number", {**BASE.to_dict(), "components": 5},
     ["components.dict[str,any]: input should be a valid dictionary (got 5)"]),
    ("components a list", {**BASE.to_dict(), "components": ["default"]},
     ["components.literal['default']: input should be 'default' (got ['default'])"]),
    ("board a list", {**BASE.to_dict(), "board": [1, 2]}, ["board: input should be a valid dictionary (got [1, 2])"]),
    ("seats a dict", {**BASE.to_dict(), "seats": {"orange": {}}},
     ["seats: input should be a valid list (got {'orange': {}})"]),
    ("deep nesting in the top", _deep(50_000), None),
    ("deep nesting in an island", {**BASE.to_dict(), "board": {**BASE.to_dict()["board"],
                                                               "islands": {"mossbank": _deep(50_000)}}},
     None),
    ("wide nesting", {"format": "bonfire-position", "format_version": 1, "seats": [_deep(8)] * 2000}, None),
    ("long text everywhere", {k: "x" * 1_000_000 for k in BASE.to_dict()}, None),
    ("bytes", json.dumps(BASE.to_dict()).encode(), None),
]


@pytest.mark.parametrize(("name", "junk", "expected"), JUNK, ids=[j[0] for j in JUNK])
def test_junk_gives_invalid_data_with_a_short_message(name, junk, expected):
    with pytest.raises(InvalidData) as err:
        State.from_dict(junk)
    assert type(err.value) is InvalidData
    assert err.value.__cause__ is None and err.value.__suppress_context__
    text = str(err.value)
    assert text.startswith("Bonfire position is invalid (")
    assert len(text) < 30_000
    assert all(len(line) < 700 for line in text.splitlines())
    if expected is not None:
        for line in expected:
            assert line in err.value.problems


def test_wide_junk_shows_the_first_fifty_problems_and_keeps_them_all():
    with pytest.raises(InvalidData) as err:
        State.from_dict({"format": "bonfire-position", "format_version": 1, "seats": list(range(3000))})
    assert len(err.value.problems) > 3000
    assert "seats[2999]: input should be a valid dictionary (got 2999)" in err.value.problems
    assert "more (all of them are in .problems)" in str(err.value)
    assert str(err.value).count("\n  - ") == 50


# ---- the text picture ---------------------------------------------------------------------------------------
def test_text_board_of_a_new_game():
    lines = new_game(players=2, seed=5).text_board().splitlines()
    assert lines[0] == "Bonfire, 2 players: setup; council 0/7 novices; pointer south"
    assert lines[1] == ("islands: emberholm t65 t02; mossbank t30 t15; bramble_isle t42 t46; timberkey t63 t24; "
                        "flint_isle t28 t45; sagewater t07 t54; oakhollow t33 t50; berrymoor t40 t04; "
                        "quarry_isle t31 t09; toadstool_key t19 t34")
    assert lines[7].startswith("common tasks: all_bonfires (at least 7 lit bonfires, guarded); ")
    assert lines[8] == ">orange: boat entrance; resources none; tiles none"
    assert lines[11] == "   offering discs: top wood, bottom herbs (8 face down); points in play 0; start player"
    assert lines[12:17] == ["   fate +  .  .  .  +", "   fate .  .  .  .  .", "   fate +  pa ye gn +",
                            "   fate .  .  .  .  .", "   fate +  .  .  .  +"]
    assert lines[17] == " green: boat entrance; resources none; tiles none"
    assert len(lines) == 26


def test_text_board_after_setup():
    lines = text_board(BASE).splitlines()
    assert lines == BASE.text_board().splitlines()
    assert lines[0] == "Bonfire, 2 players: play; council 0/7 novices; pointer south"
    assert lines[3] == ("elders: rowan granite goldbeard sage gilt morel | specialists: flexible_pay council_gold "
                        "double_joker elder_patron large_hand long_stride")
    assert lines[4] == "path display: red stone, yellow gold, red wood, yellow wood"
    assert lines[5] == ("great bonfire: south flame leaf wave; south_west leaf star star; west flame moon moon; "
                        "north_west key star sun; north_east key key wave; east leaf sun wave; "
                        "south_east flame moon sun")
    assert lines[8] == (">orange: boat entrance; resources 1 gold, 1 herbs, 1 mushrooms, 1 berries, 1 wood, "
                        "1 stone; tiles 1 path, 1 gnome, 3 yellow")
    assert lines[9] == "   bonfires 0:-- 1:-- 2:-- 3:-- 4:-- 5:-- 6:--"
    assert lines[10] == "   path -; guardians orange path 0; gnomes -; fate left f1 f2 f3 f4 f5 f6 f7"
    assert lines[11].endswith("points in play 0; start player")


def test_text_board_of_a_countdown_with_lit_bonfires_portals_and_guardians():
    def change(d: Data) -> None:
        to_countdown(d, 2)
        take_portal(d, 0, "wave", "south")
        build_path(d, "blue herbs")
        give_guardians(d, ["pink", "path", 1], ["grey", "bonfire", 0])
        seat0(d)["boat"] = "mossbank"
        d["seats"][1]["out"] = True
    lines = edited(BASE, change).text_board().splitlines()
    assert lines[0] == "Bonfire, 2 players: countdown; council 7/7 novices; pointer south; countdown round 2"
    assert lines[2] == "guardians: pink 3, grey 3, brown 4, blue 4"
    assert lines[6] == ("council: seat_1 orange green; seat_2 orange green; seat_3 orange green; seat_4 orange; "
                        "seat_5 -; seat_6 -; seat_7 -; seat_8 -")
    assert lines[8].startswith(">orange: boat mossbank; resources 1 gold,")
    assert lines[9] == "   bonfires 0:t01*/wave 1:t02* 2:t04* 3:t05* 4:-- 5:-- 6:--"
    assert lines[10] == ("   path blue herbs; guardians orange path 0, pink path 1, grey bonfire 0; gnomes -; "
                         "fate left f1 f2 f3 f4 f5 f6 f7")
    green = lines.index(next(line for line in lines if line.startswith(" green:")))
    assert lines[green].endswith("tiles 1 path, 1 gnome, 3 yellow; out")
    assert lines[green + 1] == "   bonfires 0:t06* 1:t07* 2:t08* 3:-- 4:-- 5:-- 6:--"


def test_text_board_at_the_end():
    last = countdown_game()[-1][0]
    assert last.text_board().splitlines()[0] == ("Bonfire, 2 players: over; council 7/7 novices; pointer south; "
                                                 "countdown round 5")


# ---- action notation ------------------------------------------------------------------------------------------
NOTATION = [
    ("start-tile spare", StartTile(False)),
    ("start-tile swap", StartTile(True)),
    ("return boat", Return("boat")),
    ("return great_bonfire", Return("great_bonfire")),
    ("fate f1 3,1 down", PlaceFate("f1", Placement((3, 1), "down"))),
    ("fate f7 1,5 down reversed", PlaceFate("f7", Placement((1, 5), "down", reversed=True))),
    ("fate f2 4,2 across", PlaceFate("f2", Placement((4, 2), "across"))),
    ("boat mossbank", Sail("mossbank")),
    ("boat toadstool_key", Sail("toadstool_key")),
    ("task t05 offering top bonfire 3", TakeTask("t05", "top", 3)),
    ("task t66 offering bottom bonfire 0", TakeTask("t66", "bottom", 0)),
    ("guardian pink", ClaimGuardian("pink")),
    ("procession 2", Procession(2)),
    ("procession 12", Procession(12)),
    ("path blue herbs", BuildPath("blue", "herbs")),
    ("path yellow gold", BuildPath("yellow", "gold")),
    ("path pile", BuildFromPile()),
    ("great-bonfire west action+portal", UseGreatBonfire("west", ("action", "portal"))),
    ("great-bonfire south_east points+portal", UseGreatBonfire("south_east", ("points", "portal"))),
    ("gnome sage 2-tiles", Recruit("sage", "2-tiles")),
    ("gnome long_stride 1-tile", Recruit("long_stride", "1-tile")),
    ("ignite 3", Ignite(3)),
    ("ignite 0", Ignite(0)),
    ("pass", Pass()),
    ("cover yellow", Cover(("yellow",))),
    ("cover boat+task", Cover(("boat", "task"))),
    ("cover gold", Cover(("gold",))),
    ("cover herbs+wood", Cover(("herbs", "wood"))),
    ("skip", Skip()),
    ("move pink stay", Move("pink", "stay")),
    ("move pink path 3", Move("pink", "path", 3)),
    ("move orange bonfire 2", Move("orange", "bonfire", 2)),
    ("move blue path 3 herbs", Move("blue", "path", 3, "herbs")),
    ("seat seat_3", SitAt("seat_3")),
    ("take herbs", Take("herbs")),
    ("take great_bonfire", Take("great_bonfire")),
    ("draw task t05", Draw("task", "t05")),
    ("draw elder sage", Draw("elder", "sage")),
    ("draw specialist long_stride", Draw("specialist", "long_stride")),
    ("draw portal sun", Draw("portal", "sun")),
    ("draw path blue herbs", Draw("path", "blue herbs")),
    ("draw offering herbs", Draw("offering", "herbs")),
    ("draw start orange", Draw("start", "orange")),
]


@pytest.mark.parametrize(("text", "action"), NOTATION, ids=[t for t, _ in NOTATION])
def test_parse_action_reads_every_notation_back(text, action):
    assert parse_action(text) == action
    assert str(parse_action(text)) == text
    assert str(action) == text


def test_the_notation_list_covers_every_action_class():
    from explorer.bonfire import actions
    classes = {name for name in actions.__all__ if isinstance(getattr(actions, name), type)
               and issubclass(getattr(actions, name), actions.Action) and name != "Action"}
    assert {type(a).__name__ for _, a in NOTATION} == classes
    assert len(actions._PATTERNS) == 21
    used = {next(k for k, (pattern, _) in enumerate(actions._COMPILED) if pattern.fullmatch(t)) for t, _ in NOTATION}
    assert used == set(range(21))


def test_every_action_of_the_seeded_games_reads_back():
    texts = {a for players, seed in GAMES for _, a in game(players, seed) if a is not None}
    assert len(texts) >= 250
    for text in texts:
        assert str(parse_action(text)) == text


@pytest.mark.parametrize(("text", "action"), [
    ("Move pink  path 3", Move("pink", "path", 3)),
    ("  BOAT   Mossbank ", Sail("mossbank")),
    ("IGNITE\t4", Ignite(4)),
    ("fate f1  3, 1   down  reversed", PlaceFate("f1", Placement((3, 1), "down", reversed=True))),
])
def test_parse_action_tidies_spaces_and_case(text, action):
    assert parse_action(text) == action


JUNK_NOTATION = [None, 42, 3.5, b"boat mossbank", ["boat", "mossbank"], "", " ", "boat", "boat ",
                 "task t05 offering middle bonfire 3", "task t05 offering top bonfire", "ignite 12", "ignite -1",
                 "ignite three", "procession 123", "procession", "fate f1", "fate f1 3,1 sideways",
                 "fate f1 nowhere", "great-bonfire west action", "great-bonfire west action+portal+points",
                 "gnome sage 3-tiles", "cover", "cover a+b+c", "move pink", "move pink path", "move pink bonfire 2 x y",
                 "draw", "draw task", "draw dice 6", "draw path blue", "start-tile", "start-tile both", "skip it",
                 "pass pass", "seat", "take", "boat 5isle", "boat moss-bank", "boat mossbank!", "x" * 100_000,
                 "boat mossbank" + " " * 300, "ignite 3\n" * 1000]


@pytest.mark.parametrize("junk", JUNK_NOTATION, ids=[repr(j)[:30] for j in JUNK_NOTATION])
def test_parse_action_refuses_junk_with_notation_error(junk):
    with pytest.raises(NotationError) as err:
        parse_action(junk)
    assert type(err.value) is NotationError
    assert len(str(err.value)) < 400


def test_notation_errors_quote_the_text_and_give_examples():
    with pytest.raises(NotationError, match=r"cannot read 'ignite 12' as a Bonfire action; expected e\.g\. "
                                            r"'boat mossbank'"):
        parse_action("ignite 12")
    with pytest.raises(NotationError, match=r"^a Bonfire action is text, got None$"):
        parse_action(None)
    with pytest.raises(NotationError, match=r"^cannot read 'fate f1 3,1 sideways': cannot read '3,1 sideways' as "
                                            r"a fate-tile placement"):
        parse_action("fate f1 3,1 sideways")


# ---- the Great Bonfire's first use is once per game (bonfire.great-bonfire.turn) -----------------------------------
def _version_1(state: State, used_by: tuple[int, ...]) -> Data:
    """``state``'s data written as format version 1 did: the Great Bonfire flag on every seat."""
    data = copy.deepcopy(state.to_dict())
    data["format_version"] = 1
    board(data).pop("great_bonfire_used")
    for k, seat in enumerate(data["seats"]):
        seat["great_bonfire_used"] = k in used_by
    return data


def test_great_bonfire_turn_a_version_1_position_with_any_seat_flag_set_counts_as_used():
    assert State.from_dict(_version_1(BASE, used_by=(1,))).great_bonfire_used
    assert not State.from_dict(_version_1(BASE, used_by=())).great_bonfire_used
    again = State.from_dict(_version_1(BASE, used_by=(0, 1)))
    assert again.great_bonfire_used and again.to_dict()["format_version"] == 2
    assert "great_bonfire_used" not in again.to_dict()["seats"][0]
    assert again.to_dict()["board"]["great_bonfire_used"] is True


# ---- parse_action(text, board=None): one signature in every game -------------------------------------------------
@pytest.mark.parametrize("text, what", [
    ("boat atlantis", "island 'atlantis'"), ("task t99 offering top bonfire 3", "task disc 't99'"),
    ("guardian purple", "guardian colour 'purple'"), ("path purple herbs", "path tile kind 'purple herbs'"),
    ("great-bonfire up action+points", "Great Bonfire space 'up'"), ("great-bonfire west gold+points", "reward 'gold'"),
    ("gnome merlin 2-tiles", "gnome card 'merlin'"), ("return laser", "action tile type 'laser'"),
    ("fate f9 3,1 down", "fate tile 'f9'"), ("cover laser", "action tile type or resource 'laser'"),
    ("move purple path 3", "guardian 'purple'"), ("move pink path 3 silver", "resource 'silver'"),
    ("seat seat_9", "council seat 'seat_9'"), ("take silver", "action tile type or resource 'silver'"),
    ("draw task t99", "task 't99'"), ("draw elder merlin", "elder 'merlin'"), ("draw portal skull", "portal 'skull'"),
    ("draw path purple herbs", "path tile kind 'purple herbs'"), ("draw offering silver", "offering 'silver'"),
    ("draw start purple", "start 'purple'"), ("draw specialist merlin", "specialist 'merlin'")])
def test_parse_action_with_a_board_refuses_ids_it_lacks(text, what):
    board = BASE.components
    parse_action(text)                                      # without a board: only the syntax is read
    with pytest.raises(NotationError, match="which is not on this board") as err:
        parse_action(text, board)
    assert f"names {what}," in str(err.value)
    with pytest.raises(NotationError):
        BASE.parse_action(text)                             # State.parse_action reads with its own board


@pytest.mark.parametrize("text, action", NOTATION[:12], ids=[t for t, _ in NOTATION[:12]])
def test_parse_action_with_the_board_reads_the_board_s_ids(text, action):
    assert parse_action(text, BASE.components) == action == BASE.parse_action(text)


def test_parse_action_wants_components_as_its_board():
    with pytest.raises(NotationError, match="must be Bonfire Components, got dict"):
        parse_action("boat mossbank", {"islands": []})
