"""Every legal action of the Flash Point board played by clicks alone, every other click refused by the engine with
a rule, and actions lit from outside (``widgets.base``'s click model on :class:`FlashPointView`).

The positions cover every kind of decision and every chance step a user may pick: the three set-up choices, plain
turns, the Fire Captain's commands (moves and doors), the crew change, a victim and a hazmat to pick up, ladders,
a jammed fireproof door, a Hazmat Technician carrying a victim, and the chance steps (a fire roll of two dice, the
first initial explosion's black die, a point of interest turned over, a fireproof door's red die, a chemical spill).
Records use seed 7 unless said; edited positions come from ``explorer.flashpoint.position``.
"""

from __future__ import annotations

import random

import pytest

from click_checks import check_every_action_by_clicks, check_unmatched_clicks, click
from explorer.core import CORE_RULES, Record
from explorer.flashpoint import RULES, new_game, position
from explorer.flashpoint.setup import initial_state
from widgets.flashpoint.overlays import random_action
from widgets.flashpoint.view import FlashPointView

SEED = 7
EXPERIENCED = {"players": 2, "mode": "experienced", "level": "veteran"}
CAPTAIN_AND_CAFS = ("park engine 0,7", "park ambulance 3,0", "role captain", "place 0,6", "role cafs", "place 0,5")
IMAGING = ("park engine 0,7", "park ambulance 3,0", "role imaging", "place 0,7", "role captain", "place 0,8")
"""Experienced set-up: red, the Imaging Technician, starts its turn on the engine (0,7); blue the Captain on 0,8."""
REFUSING = RULES | CORE_RULES
"""The rules a refusal may name: the game's, and the core's (at a chance step the engine refuses every action
with ``core.chance.outcome``)."""


def recorded(*actions: str, options: dict | None = None, seed: int = SEED):
    return lambda: FlashPointView(Record("flashpoint", seed=seed, options=options or {"players": 2},
                                         actions=actions))


def edited(build):
    """A view of an edited position: a record whose first state is ``build()``."""
    def make() -> FlashPointView:
        state = build()
        record = Record("flashpoint", seed=1, options={"players": len(state.firefighters)})
        record._states = [state]
        return FlashPointView(record)
    return make


def game_until(options: dict, seed: int, wanted) -> tuple[str, ...]:
    """The actions of a game of random play (the view's random player, seeded by ``seed``; chance from the
    game's stream) up to the first position ``wanted`` accepts."""
    state, rng, actions = new_game(seed=seed, **options), random.Random(seed), []
    while not wanted(state):
        assert not state.is_terminal, "the game ended first"
        action = state.sample_chance() if state.is_chance_node else random_action(rng, state.legal_actions())
        actions.append(str(action))
        state = state.apply(action)
    return tuple(actions)


LAB = {**EXPERIENCED, "players": 3, "building": "laboratory"}
SPILL_STEPS = [{"kind": "spill", "purpose": "5", "space": "4,3"}, {"kind": "knock-down"}, {"kind": "lost"},
               {"kind": "replenish"}, {"kind": "next-turn"}]
POSITIONS = {
    "family-place": recorded(),
    "park-engine": recorded(options=EXPERIENCED),
    "park-ambulance": recorded("park engine 0,7", options=EXPERIENCED),
    "choose-role": recorded("park engine 0,7", "park ambulance 3,0", options=EXPERIENCED),
    "by-the-fire": recorded("place 3,0", "place 0,9", "move 3,1"),
    "captain-moves": recorded(*CAPTAIN_AND_CAFS[:4], "role generalist", "place 0,5", options=EXPERIENCED),
    "captain-doors": edited(lambda: position("front", firefighters=[{"space": "3,1", "role": "captain"},
                                                                     {"space": "3,3", "role": "generalist"}],
                                             mode="experienced")),
    "crew-change": recorded(*IMAGING, options=EXPERIENCED),
    "pick-up": edited(lambda: position("front", firefighters=["3,3", "0,0"], pois={"3,3": "victim"},
                                       hazmats={"3,3": 1}, fire=["3,4"], mode="experienced")),
    "hazmat-carrying": edited(lambda: position(
        "front", firefighters=[{"space": "3,3", "role": "hazmat", "carrying": "victim"}, "0,0"],
        hazmats={"3,3": 1}, doors={"3,2|3,3": "open"}, mode="experienced")),
    "take-ladder": recorded("park engine 2,0", "park ambulance 0,5", "role generalist", "place 2,0", "role rescue",
                            "place 7,5", options={**EXPERIENCED, "building": "garage_basement"}),
    "raise-ladder": recorded("park engine 1,0", "park ambulance 0,3", "role generalist", "place 1,0", "role rescue",
                             "place 7,2", "take ladder", options={**EXPERIENCED, "building": "laboratory"}),
    "unjam": edited(lambda: position("garage", firefighters=["4,4"], jams={"4,4|4,5": 2})),
    "chance-roll": recorded("place 3,0", "place 0,9", "move 3,1", "end"),
    "chance-first-explosion": edited(lambda: initial_state(2, SEED, mode="experienced", level="veteran")),
    "chance-reveal": recorded(*IMAGING, "identify 4,1", options=EXPERIENCED),
    "chance-fireproof": recorded(*game_until(LAB, 3, lambda s: s.is_chance_node and s.pending[0].kind == "fireproof"),
                                 options=LAB, seed=3),
    "chance-spill": edited(lambda: position("laboratory", firefighters=["0,5", "3,1"], mode="experienced",
                                            phase="fire", pending=SPILL_STEPS, toxic=["4,3"], damage_out=3,
                                            objects={"large-equipment": 0, "small-equipment": 0})),
}
"""18 positions: ``name -> a fresh view of it``."""

EXPECTED = {  # (legal actions or chance outcomes, clicks to play them all one by one)
    "family-place": (32, 32), "park-engine": (4, 4), "park-ambulance": (4, 4), "choose-role": (8, 8),
    "by-the-fire": (6, 8), "captain-moves": (8, 10), "captain-doors": (10, 13), "crew-change": (18, 24),
    "pick-up": (11, 15), "hazmat-carrying": (10, 10), "take-ladder": (14, 20), "raise-ladder": (15, 21),
    "unjam": (5, 5), "chance-roll": (48, 96), "chance-first-explosion": (8, 8), "chance-reveal": (2, 2),
    "chance-fireproof": (6, 6), "chance-spill": (2, 2)}


def test_the_positions_cover_every_kind_of_step():
    kinds = set()
    for make in POSITIONS.values():
        state = make().state
        kinds.add(f"chance:{state.pending[0].kind}" if state.is_chance_node else state.phase)
        kinds |= {type(a).__name__ for a in state.legal_actions()} if not state.is_chance_node else set()
    assert kinds >= {"setup", "actions", "chance:roll", "chance:first-explosion", "chance:reveal",
                     "chance:fireproof", "chance:spill", "Place", "Park", "ChooseRole", "Move", "Extinguish",
                     "Chop", "OpenDoor", "CloseDoor", "Unjam", "Drive", "DeckGun", "Identify", "Treat", "Dispose",
                     "PickUp", "Drop", "Command", "CrewChange", "TakeLadder", "DropLadder", "RaiseLadder", "EndTurn"}


@pytest.mark.parametrize("name", list(POSITIONS))
def test_every_action_is_played_by_clicks_alone(name):
    """Each legal action (each chance outcome at a chance step) from a fresh view, clicking only lit items."""
    counts = check_every_action_by_clicks(POSITIONS[name])
    assert (counts["actions"], counts["clicks"]) == EXPECTED[name]


def test_the_click_totals():
    assert len(POSITIONS) == 18
    assert sum(a for a, _ in EXPECTED.values()) == 211 and sum(c for _, c in EXPECTED.values()) == 288


@pytest.mark.parametrize("name", list(POSITIONS))
def test_every_other_click_is_refused_by_the_engine_with_a_rule(name):
    """Every clickable item no candidate concerns is refused with a rule and changes nothing; none gets a mere
    hint. ``btn:roll`` (let chance decide) is left out at a chance step: it plays chance's own draw, no refusal."""
    view = POSITIONS[name]()
    view.clickable_targets = lambda: FlashPointView.clickable_targets(view) - {"btn:roll"}
    counts = check_unmatched_clicks(view, REFUSING)
    assert counts["hinted"] == 0 and counts["refused"] >= 100


def test_a_command_pick_refuses_what_the_commanded_firefighter_cannot_do():
    view = POSITIONS["captain-doors"]()
    click(view, "ff:blue")
    assert view.selection.clicked == ("ff:blue",)
    assert {k for k, m in view.highlights.items() if m["tone"] == "legal" and not k.startswith("btn:")} == {
        "space:4,3", "space:3,4", "edge:3,2|3,3", "ff:red"}
    click(view, "edge:2,3|3,3")  # a wall of blue's space: a command cannot chop, so it asks red to chop it
    assert view.message["rule"] == "flashpoint.chop" and view.selection.clicked == ("ff:blue",)
    assert view.message["text"] == "the edge between rows 2 and 3, column 3 is not a wall of row 3, column 1, where red stands"
    click(view, "space:5,5")
    assert view.message["rule"] == "flashpoint.move.adjacent"
    assert view.message["text"] == "row 5, column 5 is not next to row 3, column 3, where blue stands"
    click(view, "edge:3,2|3,3")  # blue opens the door: 1 command AP of red's (its 2 command AP are spent first)
    red = view.state.firefighter
    assert view.record.actions == ("command blue open 3,2|3,3",) and (red.ap, red.command_ap) == (4, 1)
    assert view.selection.clicked == ("ff:blue",)  # still commanding blue
    assert view.highlights["edge:3,2|3,3"]["tip"] == "command blue close the edge between row 3, columns 2 and 3 (1 AP)"


# ---- actions lit from outside ------------------------------------------------------------------------------------
def test_emphasised_actions_carry_the_tone_and_caption_until_a_move():
    view = POSITIONS["captain-doors"]()
    view.emphasise(["command blue open 3,2|3,3", "move 3,2"], tone="hint", caption="the coach")
    marks = view.highlights
    assert marks["ff:blue"] == {"label": "the coach", "tone": "hint", "tip": "the coach"}  # the command's first item
    assert marks["edge:3,2|3,3"] == {"label": "", "tone": "hint", "tip": "the coach"}
    assert marks["space:3,2"] == {"label": "the coach", "tone": "hint", "tip": "the coach"}
    assert marks["space:2,1"] == {"label": "1 AP", "tone": "legal", "tip": "move to row 2, column 1 (1 AP)"}  # not emphasised
    before = (view.emphasis, dict(view.highlights))
    with pytest.raises(ValueError, match="where red stands"):
        view.emphasise(["move 5,5"], caption="wrong")  # refused by the engine: nothing changes
    assert (view.emphasis, view.highlights) == before
    with pytest.raises(ValueError, match="unknown tone"):
        view.emphasise(["move 3,2"], tone="loud")
    click(view, "space:2,1")  # a move drops the emphasis
    assert view.record.actions == ("move 2,1",) and view.highlights["space:3,1"]["tone"] == "legal"
    assert not any(m["tone"] == "hint" for m in view.highlights.values())


def test_a_chance_outcome_may_be_emphasised_on_its_die_faces():
    view = POSITIONS["chance-roll"]()
    view.emphasise(["roll 3 3"], tone="warning", caption="an explosion")
    assert view.highlights["die:red:3"] == {"label": "an explosion", "tone": "warning", "tip": "an explosion"}
    assert view.highlights["die:black:3"] == {"label": "", "tone": "warning", "tip": "an explosion"}
    assert view.highlights["die:red:2"]["tone"] == "legal"
    click(view, "die:red:3")
    click(view, "die:black:3")
    assert view.record.actions[-1] == "roll 3 3"
    assert not any(m["tone"] == "warning" for m in view.highlights.values())
