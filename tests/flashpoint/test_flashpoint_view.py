"""The Flash Point board view driven from Python (no browser): clicks become the engine's actions, costs and
refusals are the engine's, and the fire advances one chance step per click.

Games start from seeded :class:`Record` s (seed 7; the front of the house unless said). In the Family game with
2 players the fire stands on 2,2 2,3 3,2-3,5 4,4 5,6 5,7 6,6 and points of interest on 2,4 5,1 5,8. In the
Experienced (veteran) game the hot spots are on 2,1 3,5 4,4 and the points of interest on 4,1 4,8 6,1.
"""

from __future__ import annotations

import pytest

from explorer.core import Record
from explorer.flashpoint.actions import Reveal
from explorer.flashpoint.components import ROLES, SAVE_LIMIT
from explorer.flashpoint.turn import move_cost
from widgets.flashpoint.view import FlashPointView, action_items, ap_cost, cost_label

SEED = 7
EXPERIENCED = {"players": 2, "mode": "experienced", "level": "veteran"}
CAPTAIN_AND_CAFS = ("park engine 0,7", "park ambulance 3,0", "role captain", "place 0,6", "role cafs", "place 0,5")
"""Experienced set-up: red is the Fire Captain on 0,6, blue the CAFS Firefighter on 0,5 (red to act)."""


def send(view: FlashPointView, message: dict) -> None:
    """Send the view a browser message; fail if the view caught an internal error on it (``view.last_error``)."""
    view.handle_message(message)
    assert view.last_error is None, f"the view failed internally on {message}: {view.last_error!r}"


def click(view: FlashPointView, target: str) -> None:
    send(view, {"kind": "click", "target": target})


def make_view(*actions: str, options: dict | None = None, **kwargs) -> FlashPointView:
    return FlashPointView(Record("flashpoint", seed=SEED, options=options or {"players": 2}, actions=actions),
                          **kwargs)


def position_view(state, **kwargs) -> FlashPointView:
    """A view of an edited position (from ``explorer.flashpoint.position``): a record whose first state it is."""
    record = Record("flashpoint", seed=1, options={"players": len(state.firefighters)})
    record._states = [state]
    return FlashPointView(record, **kwargs)


def refused(view: FlashPointView, target: str) -> dict:
    """Click ``target``, check it was refused and nothing changed; return the message."""
    before = (view.record.state.to_dict(), view.record.actions, view.record.cursor)
    click(view, target)
    assert view.message["kind"] == "illegal", view.message
    assert (view.record.state.to_dict(), view.record.actions, view.record.cursor) == before
    return view.message


def rules_of(view: FlashPointView) -> list[str]:
    return [e["rule"] for e in view.events]


@pytest.fixture
def family() -> FlashPointView:
    """Family game, red on 0,3 (a wall below it), blue on 0,9; red to act with 4 AP."""
    return make_view("place 0,3", "place 0,9")


@pytest.fixture
def by_the_fire() -> FlashPointView:
    """Family game: red came in through the entrance 3,0|3,1 and stands on 3,1, next to the fire on 3,2."""
    return make_view("place 3,0", "place 0,9", "move 3,1")


# ---- set-up ---------------------------------------------------------------------------------------------------------
def test_family_setup_places_each_firefighter_by_clicking_an_outside_space():
    view = make_view()
    assert view.status["text"] == "Set-up: red starts on a space outside · damage 0/24 · rescued 0 · lost 0"
    lit = set(view.highlights)
    outside = {f"space:{s}" for s in view.state.building.spaces("ground", inside=False)}
    assert lit == outside and len(lit) == 32
    message = refused(view, "space:2,4")  # inside the building
    assert message["rule"] == "flashpoint.setup.place"
    assert message["text"] == "firefighters start outside the building; row 2, column 4 is inside"
    click(view, "space:0,3")
    click(view, "space:0,9")
    assert view.record.actions == ("place 0,3", "place 0,9")
    assert view.state.phase == "actions" and view.state.firefighter.space == "0,3"
    assert rules_of(view) == ["flashpoint.setup.place", "flashpoint.turn.ap"]


def test_experienced_setup_parks_by_spot_or_space_then_chooses_roles_and_places():
    view = make_view(options=EXPERIENCED)
    assert view.status["text"].startswith("Set-up: red parks a vehicle")
    assert {k for k in view.highlights if k.startswith("spot:")} == {
        "spot:engine:1,0", "spot:engine:0,7", "spot:engine:5,9", "spot:engine:7,1"}
    message = refused(view, "spot:ambulance:0,5")
    assert message["rule"] == "flashpoint.setup.vehicles" and message["text"] == "park the engine first"
    click(view, "spot:engine:0,7")
    click(view, "space:4,0")  # the second space of the ambulance's spot 3,0-4,0: not lit, so offered first
    assert view.record.actions == ("park engine 0,7",) and "btn:choose:0" in view.clickable_targets()
    click(view, "btn:choose:0")
    assert view.record.actions == ("park engine 0,7", "park ambulance 3,0")
    assert set(view.highlights) == {f"btn:role-{key}" for key in ROLES}
    click(view, "btn:role-captain")
    click(view, "space:0,6")
    message = refused(view, "btn:role-captain")  # blue may not take the Captain's card too
    assert message["rule"] == "flashpoint.setup.specialist"
    assert message["text"] == "another firefighter already is the Fire Captain"
    assert "btn:role-captain" not in view.highlights and "btn:role-cafs" in view.highlights
    click(view, "btn:role-cafs")
    click(view, "space:0,5")
    assert view.record.actions == CAPTAIN_AND_CAFS
    f = view.state.firefighter
    assert (f.name, f.role, f.ap, f.command_ap) == ("red", "captain", 4, 2)
    assert view.status["text"].startswith("red (Fire Captain) to act: 4 AP + 2 command")


# ---- moves, costs and refusals ---------------------------------------------------------------------------------------
def test_clicking_a_lit_space_moves_there_for_the_engines_cost(family):
    state = family.state
    cost = move_cost(state, state.firefighter, "0,2")
    assert cost == 1 and family.highlights["space:0,2"] == {"label": "1 AP", "tone": "legal",
                                                            "tip": "move to the outside square above column 2 (1 AP)"}
    click(family, "space:0,2")
    assert family.record.actions[-1] == "move 0,2" and family.message == {}
    assert family.state.firefighter.space == "0,2" and family.state.firefighter.ap == 4 - cost
    assert rules_of(family) == ["flashpoint.move.adjacent"]
    assert family.events[0]["text"] == "red moves from the outside square above column 3 to the outside square above column 2 (1 AP)"


def test_highlights_carry_the_ap_the_engine_charges(by_the_fire):
    state = by_the_fire.state
    f = state.firefighter
    assert (f.space, f.ap) == ("3,1", 3)
    marks = by_the_fire.highlights
    into_fire = move_cost(state, f, "3,2")
    assert into_fire == 2 and f.card.extinguish_cost == 1
    assert marks["space:3,2"] == {"label": f"move {into_fire} · extinguish {f.card.extinguish_cost}",
                                  "tone": "legal", "tip": "move to row 3, column 2 (2 AP); extinguish row 3, column 2 (1 AP)"}
    assert marks["space:3,0"]["label"] == f"{move_cost(state, f, '3,0')} AP" == "1 AP"
    assert marks["btn:end"]["label"] == f"keeps {min(f.ap, SAVE_LIMIT)} AP" == "keeps 3 AP"  # under the button
    assert "ff:red" not in marks  # the acting pawn is no item of its own actions
    for action in state.legal_actions():  # every label is the AP the action really takes
        cost = ap_cost(state, action)
        if cost is None:
            continue
        assert cost == f.ap - state.apply(action).firefighter.ap and cost_label(state, action) == f"{cost} AP"
        label = marks[action_items(state, action)[0]]["label"]
        assert label == f"{cost} AP" or f"{str(action).split()[0]} {cost}" in label.split(" · ")


def test_specialists_costs_come_from_their_cards_and_pools():
    view = make_view(*CAPTAIN_AND_CAFS, "end", "roll 6 8", options=EXPERIENCED)  # blue (CAFS) to act on 0,5
    f = view.state.firefighter
    assert (f.name, f.role, f.ap, f.extinguish_ap) == ("blue", "cafs", 3, 3)
    assert view.highlights["edge:0,5|1,5"]["label"] == f"{ROLES['cafs'].chop_cost} AP" == "2 AP"
    view = make_view("park engine 0,7", "park ambulance 3,0", "role rescue", "place 0,3", "role cafs",
                     "place 0,5", options=EXPERIENCED)
    f = view.state.firefighter
    assert (f.role, f.ap, f.move_ap) == ("rescue", 4, 3)
    assert view.highlights["edge:0,3|1,3"]["label"] == f"{ROLES['rescue'].chop_cost} AP" == "1 AP"
    assert view.highlights["space:0,2"]["label"] == "1 AP"
    click(view, "space:0,2")  # paid from the 3 move-only AP first
    f = view.state.firefighter
    assert (f.ap, f.move_ap) == (4, 2) and view.events[0]["text"] == "red moves from the outside square above column 3 to the outside square above column 2 (1 AP)"


def test_a_far_space_is_refused_with_the_move_rule(family):
    message = refused(family, "space:3,3")
    assert message["rule"] == "flashpoint.move.adjacent" and message["title"] == "Moving"
    assert message["text"] == "row 3, column 3 is not next to the outside square above column 3, where red stands"


def test_a_wall_without_the_ap_to_chop_it_is_refused_with_the_ap_rule(family):
    chop = family.state.firefighter.card.chop_cost
    assert family.highlights["edge:0,3|1,3"] == {"label": f"{chop} AP", "tone": "legal",
                                                 "tip": "chop the outer edge above row 1, column 3 (2 AP)"} and chop == 2
    click(family, "edge:0,3|1,3")  # 2 AP
    assert family.record.actions[-1] == "chop 0,3|1,3" and family.state.firefighter.ap == 2
    assert rules_of(family) == ["flashpoint.chop"]
    click(family, "space:0,2")
    click(family, "space:0,3")
    assert family.state.firefighter.ap == 0 and "edge:0,3|1,3" not in family.highlights
    message = refused(family, "edge:0,3|1,3")
    assert message["rule"] == "flashpoint.turn.ap" and message["text"] == "chopping costs 2 AP; red has 0"


def test_a_door_and_a_wall_away_from_the_firefighter_name_their_rules(family):
    message = refused(family, "edge:3,2|3,3")  # a closed door in the middle of the house
    assert message["rule"] == "flashpoint.door.open-close"
    assert message["text"] == ("the edge between row 3, columns 2 and 3 is not an edge of the outside square above "
                               "column 3, where red stands")
    message = refused(family, "edge:2,3|3,3")  # a wall
    assert message["rule"] == "flashpoint.chop" and message["text"] == ("the edge between rows 2 and 3, column 3 is not a wall of the outside square above "
                                                                 "column 3, where red stands")


def test_another_firefighter_cannot_be_commanded_but_by_the_captain(family):
    message = refused(family, "ff:blue")
    assert message["rule"] == "flashpoint.role.captain"
    assert message["text"] == "only the Fire Captain commands other firefighters"
    assert family.selection is None


# ---- an ambiguous click -----------------------------------------------------------------------------------------
def test_a_space_with_two_actions_offers_both_and_a_choice_plays_one(by_the_fire):
    before = by_the_fire.record.actions
    click(by_the_fire, "space:3,2")
    assert by_the_fire.record.actions == before and by_the_fire.message["kind"] == "info"
    assert by_the_fire.message["text"] == ("2 ways with 3,2: “move (2 AP)” or “extinguish (1 AP)”. "
                                           "Choose one of the buttons, or Cancel.")
    buttons = {i["id"]: i["title"] for i in by_the_fire.scene["items"] if i.get("class", "").startswith("button c")}
    assert buttons == {"btn:choose:0": "move (2 AP)", "btn:choose:1": "extinguish (1 AP)",  # what differs first
                       "btn:cancel": "Cancel"}
    assert by_the_fire.highlights == {"space:3,2": {"label": "", "tone": "selected"},
                                      "btn:choose:0": {"label": "", "tone": "legal", "tip": "move to row 3, column 2 (2 AP)"},
                                      "btn:choose:1": {"label": "", "tone": "legal", "tip": "extinguish row 3, column 2 (1 AP)"},
                                      "btn:cancel": {"label": "", "tone": "legal"}}
    click(by_the_fire, "btn:cancel")
    assert by_the_fire.selection is None and "btn:choose:0" not in by_the_fire.clickable_targets()
    click(by_the_fire, "space:3,2")
    click(by_the_fire, "space:3,2")  # a second click on the picked space clears the pick too
    assert by_the_fire.selection is None and by_the_fire.record.actions == before
    click(by_the_fire, "space:3,2")
    send(by_the_fire, {"kind": "escape"})  # and so does Escape
    assert by_the_fire.selection is None and "btn:choose:0" not in by_the_fire.clickable_targets()
    click(by_the_fire, "space:3,2")
    click(by_the_fire, "btn:choose:1")
    assert by_the_fire.record.actions[-1] == "extinguish 3,2"
    assert "3,2" in by_the_fire.state.smoke and "3,2" not in by_the_fire.state.fire
    assert by_the_fire.state.firefighter.ap == 2 and by_the_fire.selection is None
    assert rules_of(by_the_fire) == ["flashpoint.extinguish"]


# ---- the fire phase, step by step --------------------------------------------------------------------------------
def test_ending_the_turn_stops_at_the_roll_and_chosen_dice_make_that_roll(by_the_fire):
    n = len(by_the_fire.record)
    click(by_the_fire, "btn:end")
    assert by_the_fire.record.actions[n:] == ("end",) and by_the_fire.state.is_chance_node
    assert by_the_fire.status["text"].startswith("Chance: roll the dice: the fire advances — click “Let chance")
    assert rules_of(by_the_fire) == ["flashpoint.turn.save"]
    chips = {i["id"] for i in by_the_fire.scene["items"] if i.get("id", "").startswith("die:")}
    assert chips == {f"die:red:{n}" for n in range(1, 7)} | {f"die:black:{n}" for n in range(1, 9)}
    assert by_the_fire.highlights["die:red:3"] == {"label": "17%", "tone": "legal",
                                                   "tip": "the red die shows 3 (17%)"}
    assert "die:black:3" not in by_the_fire.highlights  # either die may be picked first; the red is lit
    click(by_the_fire, "die:red:3")
    assert by_the_fire.selection.clicked == ("die:red:3",) and by_the_fire.record.actions[n:] == ("end",)
    assert len(by_the_fire.selection.candidates) == 8  # roll 3 1 .. roll 3 8
    assert by_the_fire.highlights["die:red:3"] == {"label": "", "tone": "selected"}
    assert by_the_fire.highlights["die:black:3"] == {"label": "12%", "tone": "legal",
                                                     "tip": "the black die shows 3 (12%)"}  # 1 in 8 now
    click(by_the_fire, "die:black:3")
    assert by_the_fire.record.actions[n:] == ("end", "roll 3 3") and by_the_fire.state.last_roll == (3, 3)
    assert rules_of(by_the_fire) == [
        "flashpoint.fire.explosion", "flashpoint.fire.damage", "flashpoint.fire.shockwave",
        "flashpoint.fire.shockwave", "flashpoint.fire.explosion", "flashpoint.fire.explosion",
        "flashpoint.fire.door-blown", "flashpoint.turn.ap"]
    assert by_the_fire.events[0]["text"] == "the fire advances to row 3, column 3, already on fire: an explosion"
    assert by_the_fire.state.firefighter.name == "blue"


def test_each_roll_click_is_one_chance_step_with_its_rules():
    view = make_view(*CAPTAIN_AND_CAFS, options=EXPERIENCED)
    n = len(view.record)
    click(view, "btn:end")
    click(view, "die:black:5")  # black first, then red: the roll lands on the hot spot of 3,5
    click(view, "die:red:3")
    assert view.record.actions[n:] == ("end", "roll 3 5") and view.state.is_chance_node
    assert view.status["text"].startswith("Chance: roll the dice: a flare-up: the fire advances again")
    assert rules_of(view)[0] == "flashpoint.fire.explosion" and rules_of(view)[-1] == "flashpoint.fire.flare-up"
    assert view.panel[2]["rows"][0] == ["next", "roll the dice: a flare-up: the fire advances again", "chance"]
    sampled = view.state.sample_chance()
    click(view, "btn:roll")
    assert view.record.actions[n:] == ("end", "roll 3 5", str(sampled)) == ("end", "roll 3 5", "roll 3 3")
    assert rules_of(view) == [
        "flashpoint.fire.explosion", "flashpoint.fire.damage", "flashpoint.fire.shockwave",
        "flashpoint.fire.shockwave", "flashpoint.fire.shockwave", "flashpoint.fire.damage",
        "flashpoint.fire.shockwave", "flashpoint.fire.damage", "flashpoint.fire.explosion",
        "flashpoint.assume.hot-spot-at-explosion", "flashpoint.turn.ap"]
    assert view.events[0]["text"] == "flare-up roll to row 3, column 3, already on fire: an explosion"
    assert not view.state.is_chance_node and view.state.firefighter.name == "blue"


def test_a_point_of_interest_turns_over_by_its_own_click_with_its_odds():
    view = make_view("park engine 0,7", "park ambulance 3,0", "role imaging", "place 0,7", "role captain",
                     "place 0,8", options=EXPERIENCED)
    assert view.highlights["space:4,1"] == {"label": "1 AP", "tone": "legal",
                                            "tip": "identify row 4, column 1 (1 AP)"}  # identify from afar
    click(view, "space:4,1")
    assert view.record.actions[-1] == "identify 4,1" and view.state.is_chance_node
    assert view.highlights == {"btn:roll": {"label": "", "tone": "legal"},
                               "btn:reveal-victim": {"label": "67%", "tone": "legal", "tip": "reveal victim (67%)"},
                               "btn:reveal-false-alarm": {"label": "33%", "tone": "legal",
                                                          "tip": "reveal false-alarm (33%)"}}
    message = refused(view, "space:0,6")  # chance decides first
    assert message["rule"] == "core.chance.outcome"
    assert message["text"].endswith("— click “Let chance decide”, or choose the outcome")
    click(view, "btn:reveal-victim")
    assert view.record.actions[-1] == "reveal victim" and view.state.pois["4,1"] == "victim"
    assert rules_of(view) == ["flashpoint.poi.reveal"] and view.state.firefighter.ap == 3


def test_an_outcome_chance_cannot_give_is_refused():
    view = make_view(*CAPTAIN_AND_CAFS, options=EXPERIENCED)
    click(view, "btn:end")
    assert "btn:reveal-victim" not in view.clickable_targets()  # not drawn at a roll
    assert view.natural_action(view.state, "btn:reveal-victim", ()) == Reveal("victim")
    assert view.play(Reveal("victim")) is False
    assert view.message["rule"] == "core.chance.outcome" and view.record.actions[-1] == "end"


# ---- undo, redo, stepping -------------------------------------------------------------------------------------------
def test_undo_and_redo_restore_the_positions(by_the_fire):
    start = by_the_fire.state.to_dict()
    click(by_the_fire, "space:3,2")
    click(by_the_fire, "btn:choose:1")  # extinguish
    moved = by_the_fire.state.to_dict()
    click(by_the_fire, "btn:end")
    click(by_the_fire, "btn:roll")
    after_roll = (by_the_fire.record.cursor, by_the_fire.state.to_dict())
    send(by_the_fire, {"kind": "undo"})  # back before "end", past the roll
    assert by_the_fire.state.to_dict() == moved and by_the_fire.status["can_redo"]
    send(by_the_fire, {"kind": "undo"})
    assert by_the_fire.state.to_dict() == start
    send(by_the_fire, {"kind": "redo"})
    assert by_the_fire.state.to_dict() == moved
    send(by_the_fire, {"kind": "redo"})
    assert (by_the_fire.record.cursor, by_the_fire.state.to_dict()) == after_roll


def test_rolling_after_stepping_back_takes_the_recorded_outcome_and_keeps_the_record(by_the_fire):
    click(by_the_fire, "btn:end")
    click(by_the_fire, "die:red:3")
    click(by_the_fire, "die:black:3")
    actions = by_the_fire.record.actions
    send(by_the_fire, {"kind": "step", "delta": -1})
    assert by_the_fire.state.is_chance_node
    click(by_the_fire, "btn:roll")  # the recorded roll 3 3, not a new draw
    assert by_the_fire.record.actions == actions and by_the_fire.state.last_roll == (3, 3)
    assert rules_of(by_the_fire)[0] == "flashpoint.fire.explosion"


# ---- the Fire Captain, crew change -------------------------------------------------------------------------------
def test_the_captain_selects_another_firefighter_and_commands_it():
    view = make_view(*CAPTAIN_AND_CAFS[:4], "role generalist", "place 0,5", options=EXPERIENCED)
    assert view.highlights["ff:blue"] == {"label": "command", "tone": "legal",
                                          "tip": "red may command blue: 2 commands"}
    click(view, "ff:blue")
    assert view.selection.clicked == ("ff:blue",)
    assert view.message["text"] == ("2 ways with blue: “0,4 (1 AP)” or “0,6 (1 AP)”. Choose one of the buttons, "
                                    "or Cancel.")  # the buttons lead with what differs
    assert view.choice_buttons(view.state) == [("btn:choose:0", "0,4 (1 AP)"), ("btn:choose:1", "0,6 (1 AP)"),
                                               ("btn:cancel", "Cancel")]
    assert view.highlights == {"space:0,4": {"label": "1 AP", "tone": "legal", "tip": "command blue move to the outside square above column 4 (1 AP)"},
                               "space:0,6": {"label": "1 AP", "tone": "legal", "tip": "command blue move to the outside square above column 6 (1 AP)"},
                               "ff:blue": {"label": "", "tone": "selected"},
                               "btn:choose:0": {"label": "", "tone": "legal", "tip": "command blue move to the outside square above column 4 (1 AP)"},
                               "btn:choose:1": {"label": "", "tone": "legal", "tip": "command blue move to the outside square above column 6 (1 AP)"},
                               "btn:cancel": {"label": "", "tone": "legal"},
                               "ff:red": {"label": "", "tone": "legal",
                                          "tip": "red: back to the Captain's own actions"}}
    message = refused(view, "space:0,2")  # two spaces away from blue
    assert message["rule"] == "flashpoint.move.adjacent" and message["text"] == ("the outside square above column 2 is not next to the outside square "
                                                                          "above column 5, where blue stands")
    for space, (ap, command) in (("0,4", (4, 1)), ("0,3", (4, 0)), ("0,2", (3, 0))):
        click(view, f"space:{space}")  # blue stays selected: command after command
        red = view.state.firefighter
        assert view.record.actions[-1] == f"command blue move {space}" and view.selection.clicked == ("ff:blue",)
        assert view.state.firefighters[1].space == space and (red.ap, red.command_ap) == (ap, command)
    assert rules_of(view) == ["flashpoint.role.captain"]
    click(view, "ff:red")
    assert view.selection is None and view.message["text"] == "red acts again: click a lit item."
    assert view.highlights["space:0,7"] == {"label": "1 AP", "tone": "legal",
                                            "tip": "move to the outside square above column 7 (1 AP)"}  # red's own
    click(view, "ff:blue")
    click(view, "ff:blue")  # a second click on the picked pawn clears the pick too
    assert view.selection is None and view.highlights["ff:blue"]["label"] == "command"


def test_the_captain_may_spend_one_ap_on_the_cafs_firefighter():
    view = make_view(*CAPTAIN_AND_CAFS, options=EXPERIENCED)
    click(view, "ff:blue")
    click(view, "space:0,4")
    assert view.record.actions[-1] == "command blue move 0,4" and view.selection is None
    assert "ff:blue" not in view.highlights  # no more commands for blue this turn
    message = refused(view, "ff:blue")
    assert message["rule"] == "flashpoint.role.captain"
    assert message["text"] == "the Captain may spend only 1 AP a turn on the CAFS Firefighter"


def test_a_crew_change_shows_the_cards_then_changes():
    view = make_view("park engine 0,7", "park ambulance 3,0", "role imaging", "place 0,7", "role captain",
                     "place 0,8", options=EXPERIENCED)  # red starts the turn on the engine
    assert view.highlights["btn:crew-change"] == {
        "label": "2 AP", "tone": "legal", "tip": "crew change (2 AP) to one of: Paramedic, CAFS Firefighter, "
        "Hazmat Technician, Generalist, Rescue Specialist, Driver/Operator"}
    assert not any(i.get("id", "").startswith("btn:role-") for i in view.scene["items"])
    click(view, "btn:crew-change")
    assert view.selection.clicked == ("btn:crew-change",) and view.message["text"].startswith("6 ways with Crew")
    assert view.highlights["btn:role-paramedic"] == {"label": "2 AP", "tone": "legal",
                                                     "tip": "crew change paramedic (2 AP)"}
    assert "btn:role-captain" not in view.highlights and "btn:role-captain" in view.clickable_targets()
    message = refused(view, "btn:role-captain")
    assert message["rule"] == "flashpoint.crew-change" and message["text"] == "the Fire Captain is already in play"
    assert view.selection.clicked == ("btn:crew-change",)  # still choosing
    click(view, "btn:role-paramedic")
    f = view.state.firefighter
    assert view.record.actions[-1] == "crew change paramedic" and (f.role, f.ap) == ("paramedic", 2)
    assert rules_of(view) == ["flashpoint.crew-change"] and view.selection is None
    click(view, "btn:crew-change")
    click(view, "btn:role-generalist")  # a second change takes the last 2 AP
    assert view.state.firefighter.role == "generalist" and view.state.firefighter.ap == 0
    message = refused(view, "btn:crew-change")
    assert message["rule"] == "flashpoint.turn.ap" and message["text"] == "a crew change costs 2 AP; red has 0"


# ---- Extreme Danger ------------------------------------------------------------------------------------------------
def test_garage_with_basement_moves_and_carries_a_ladder():
    options = {**EXPERIENCED, "building": "garage_basement"}
    view = make_view("park engine 2,0", "park ambulance 0,5", "role generalist", "place 2,0", "role rescue",
                     "place 7,5", options=options)
    state = view.state
    assert state.ladders == ("engine", "engine") and state.firefighter.ap == 5
    assert view.highlights["btn:take-ladder"]["label"] == "0 AP"
    assert any(i.get("id") == "space:basement:1,1" for i in view.scene["items"])
    click(view, "btn:take-ladder")
    assert view.state.ladders == ("carried:red", "engine") and "btn:drop-ladder" in view.highlights
    click(view, "space:3,0")
    assert view.state.firefighter.space == "3,0" and view.state.ladders[0] == "carried:red"
    assert view.state.firefighter.ap == 5 - move_cost(state, state.firefighter, "3,0") == 4
    click(view, "btn:drop-ladder")
    assert view.state.ladders == ("lying:3,0", "engine")
    message = refused(view, "space:basement:2,2")
    assert message["rule"] == "flashpoint.move.adjacent"


def test_laboratory_raises_a_ladder_to_the_second_storey_and_climbs_it():
    options = {**EXPERIENCED, "building": "laboratory"}
    view = make_view("park engine 1,0", "park ambulance 0,3", "role generalist", "place 1,0", "role rescue",
                     "place 7,2", options=options)
    message = refused(view, "space:second:1,0")  # no ladder carried yet
    assert message["rule"] == "flashpoint.move.adjacent"
    click(view, "btn:take-ladder")
    state = view.state
    raise_cost = ap_cost(state, state.parse_action("raise ladder second:1,0"))
    assert view.highlights["space:second:1,0"] == {"label": f"{raise_cost} AP", "tone": "legal",
                                                   "tip": f"raise a ladder to the outside square left of row 1 of the "
                                                          f"Second storey ({raise_cost} AP)"}
    click(view, "space:second:1,0")
    assert view.record.actions[-1] == "raise ladder second:1,0"
    assert view.state.ladders[0] == "raised:1,0|second:1,0" and view.state.firefighter.ap == 5 - raise_cost
    assert rules_of(view) == ["flashpoint.ed.ladder"]
    climb = ap_cost(view.state, view.state.parse_action("move second:1,0"))
    assert view.highlights["space:second:1,0"]["label"] == f"{climb} AP"
    click(view, "space:second:1,0")
    assert view.state.firefighter.space == "second:1,0"
    assert view.state.firefighter.ap == 5 - raise_cost - climb


# ---- random players, panel, odd clicks -----------------------------------------------------------------------------
@pytest.mark.parametrize("options", [{"players": 3}, {**EXPERIENCED, "building": "garage_basement"}],
                         ids=["family", "garage_basement"])
def test_random_players_play_a_whole_game(options):
    view = make_view(options=options, bots=set(range(options["players"])), bot_seed=3)
    assert view.state.is_terminal and view.status["text"].startswith("Game over")
    assert view.highlights == {} and view.panel[2]["rows"] == [["-", "the game is over", ""]]
    assert view.record.replay()[-1].to_dict() == view.state.to_dict()
    again = make_view(options=options, bots=set(range(options["players"])), bot_seed=3)
    assert again.record.actions == view.record.actions


def test_a_random_player_answers_a_human_and_resolves_its_own_fire():
    view = make_view("place 0,3", bots={1}, bot_seed=2)  # blue is random: it placed itself
    assert view.state.firefighter.name == "red" and view.state.firefighters[1].space is not None
    click(view, "btn:end")
    assert view.state.is_chance_node  # red's fire waits for the click
    click(view, "btn:roll")
    assert view.state.firefighter.name == "red" and not view.state.is_chance_node  # blue's turn and fire played
    assert view.state.phase == "actions"
    assert any(e["rule"] == "flashpoint.turn.save" and "blue" in e["text"] for e in view.events)


def test_random_players_pick_a_kind_of_action_first(family):
    legal = family.state.legal_actions()
    picks = {str(family.choose_bot_action(family.state, legal)).split()[0] for _ in range(200)}
    assert picks == {"move", "chop", "end"}
    assert all(family.choose_bot_action(family.state, legal) in legal for _ in range(20))


def test_chance_resolves_at_once_without_stepping(by_the_fire):
    view = make_view("place 3,0", "place 0,9", "move 3,1", step_chance=False)
    click(view, "btn:end")
    assert not view.state.is_chance_node and view.state.firefighter.name == "blue"
    assert view.record.actions[3:5] == ("end", str(by_the_fire.state.apply("end").sample_chance()))


def test_the_panel_lists_counters_firefighters_and_the_steps_due(by_the_fire):
    counters, crew, steps = by_the_fire.panel
    assert counters["rows"] == [["damage", 0, "the building collapses at 24"],
                                ["rescued", 0, "the team wins at 7"], ["lost", 0, "the team loses at 4"]]
    assert crew["rows"] == [["red (to act)", "Firefighter", "3 AP", "3,1", "-"],
                            ["blue", "Firefighter", "0 AP", "0,9", "-"]]
    assert steps["rows"] == [["-", "a decision: red (Firefighter) to act: 3 AP", ""]]
    click(by_the_fire, "btn:end")
    assert by_the_fire.panel[2]["rows"] == [["next", "roll the dice: the fire advances", "chance"],
                                            ["then", "knock-down", "automatic"], ["then", "lost", "automatic"],
                                            ["then", "replenish", "automatic"], ["then", "next-turn", "automatic"]]


def test_a_click_after_the_game_is_over_gives_a_hint():
    view = make_view(bots={0, 1}, bot_seed=3)
    before = view.record.actions
    click(view, "space:0,0")
    assert view.message["kind"] == "info" and "game is over" in view.message["text"]
    assert view.record.actions == before


@pytest.mark.parametrize("target", ["space:9,9", "btn:nope", "die:red:3", "bogus", "btn:choose:0"])
def test_targets_not_in_the_scene_change_nothing(family, target):
    before = family.record.state.to_dict()
    click(family, target)
    assert family.message == {"kind": "info", "text": "That is not on the board now: click a lit item."}
    assert family.record.state.to_dict() == before


def test_a_click_on_a_jammed_fireproof_door_removes_a_jam_marker():
    """flashpoint.ed.unjam on the board: the jammed door's edge is where ``unjam`` is clicked (1 AP); with no AP
    left the click is refused under the AP rule, and the label is read from the engine."""
    from explorer.flashpoint import position
    from explorer.flashpoint.actions import Unjam
    jammed = position("garage", firefighters=["4,4"], jams={"4,4|4,5": 2})
    unjam = Unjam("4,4|4,5")
    assert action_items(jammed, unjam) == ("edge:4,4|4,5",) and cost_label(jammed, unjam) == "1 AP"
    view = position_view(jammed)
    assert view.highlights["edge:4,4|4,5"] == {"label": "1 AP", "tone": "legal", "tip": "unjam the edge between row 4, columns 4 and 5 (1 AP)"}
    click(view, "edge:4,4|4,5")
    assert view.record.actions == ("unjam 4,4|4,5",) and view.state.jams[frozenset(("4,4", "4,5"))] == 1
    tired = position_view(position("garage", firefighters=[{"space": "4,4", "ap": 0}], jams={"4,4|4,5": 2}))
    assert tired.natural_action(tired.state, "edge:4,4|4,5", ()) == unjam
    message = refused(tired, "edge:4,4|4,5")
    assert message["rule"] == "flashpoint.turn.ap"
