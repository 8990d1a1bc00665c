"""The Portobello board on the shared click model (``widgets.base``): every legal action of varied positions is
played by clicks alone, every other click is refused by the engine with a rule of ``RULES`` (or shows the bobby's
route, a plan of legal moves), emphasis from outside, Escape and the second click.

The positions cover every kind of step a user clicks: the bobby's setup, the start of a turn (tokens, district
scorings with the own 2 and 4, a face-down token, a scored district, a neutral token), the actions (builds,
drawing a customer, the Lord, bobby moves with tolls to nobody, to others and free, ending the turn), placing the
drawn customer, the customer-queue variant, 2 to 4 players. The blind draw from the bag is chance resolved from the
game's seed, not a user's pick: it has no board item.
"""

from __future__ import annotations

import random
import sys
from pathlib import Path

import pytest

from explorer.core import Record
from explorer.portobello import RULES, State
from explorer.portobello.actions import (Build, ChooseToken, DrawCustomer, EndTurn, MoveBobby, PlaceCustomer,
                                         PlaceLord, ScoreDistrict)
from explorer.portobello.builder import position
from widgets.base import Pick, Plan
from widgets.portobello import PortobelloView

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))
from click_checks import check_every_action_by_clicks, check_unmatched_clicks, click, lit  # noqa: E402

SEED = 7


def played(*actions: str, players: int = 2, seed: int = SEED, **options) -> Record:
    """A record of ``actions`` played one by one (the draws that follow a ``customer`` resolved from the seed)."""
    record = Record("portobello", seed=seed, options={"players": players, **options})
    for action in actions:
        record.play(action)
    return record


def record_view(*actions: str, players: int = 2, seed: int = SEED, **options):
    """A maker of fresh views of the position after ``actions``."""
    done = played(*actions, players=players, seed=seed, **options).actions
    return lambda: PortobelloView(Record("portobello", seed=seed, options={"players": players, **options},
                                         actions=done))


def state_view(state: State):
    """A maker of fresh views of an edited position (a record whose first state is replaced)."""
    def make() -> PortobelloView:
        record = Record("portobello", seed=1, options={"players": len(state.seats)})
        record._states = [state]
        return PortobelloView(record)
    return make


def random_view(players: int, seed: int, moves: int):
    """A maker of fresh views of the position after ``moves`` random players' moves (the view's own choice)."""
    record = Record("portobello", seed=seed, options={"players": players})
    chooser = PortobelloView(Record("portobello", seed=seed, options={"players": players}))
    chooser.bot_rng = random.Random(seed)
    for _ in range(moves):
        record.play(chooser.choose_bot_action(record.state, record.state.legal_actions()))
    return record_view(*[a for a in record.actions if not a.startswith("drawn ")], players=players, seed=seed)


SECOND_TURN = ("bobby d1", "act 3", "build a 0", "build a 1", "build c 0", "end", "act 2", "build b 0", "build b 1",
               "end")
TEN_OUT = {"s1": "servant", "s2": "servant", "s3": "servant", "s4": "servant", "s5": "servant", "s6": "citizen",
           "s7": "citizen", "s8": "citizen", "s9": "citizen", "s10": "citizen"}

POSITIONS = {
    "setup: the bobby": record_view(),
    "first choice": record_view("bobby d1"),
    "second choice, stalls to score": record_view(*SECOND_TURN),
    "a scored district, a face-down token": record_view(*SECOND_TURN, "district d1 x4"),
    "actions: build, draw, bobby": record_view("bobby d1", "act 3"),
    "tolls to pay to the rival": record_view("bobby d1", "act 2", "build a 0", "build a 1", "end",
                                             "act 2", "build c 0", "build c 1", "end", "act 3"),
    "no action left: end or move": record_view("bobby d1", "act 2", "build a 0", "build a 1"),
    "place the drawn customer": record_view("bobby d1", "act 3", "customer"),
    "the Lord, 3 players": state_view(position(3, squares=TEN_OUT, bobby="d7", token=3,
                                               lanes={"m": "RG....", "c": "YY.."})),
    "4 players, free and shared tolls": state_view(position(4, bobby="d5", active=2, token=4,
                                                            lanes={"h": "G...", "j": "BR.", "k": "GGB..."},
                                                            district_tokens={"d1": ("red", 4), "d2": ("green", 2)})),
    "customer queue variant": record_view("bobby d1", "act 3", customer_queue=True),
    "random 4-player game": random_view(4, 2, 80),
    "random 3-player game": random_view(3, 4, 160),
}

EXPECTED = {  # {position: (actions, clicks, refused, routes shown)}
    "setup: the bobby": (12, 12, 104, 0),
    "first choice": (27, 51, 101, 0),
    "second choice, stalls to score": (26, 50, 102, 0),
    "a scored district, a face-down token": (13, 24, 104, 0),
    "actions: build, draw, bobby": (10, 10, 101, 8),
    "tolls to pay to the rival": (8, 8, 103, 8),
    "no action left: end or move": (4, 4, 107, 8),
    "place the drawn customer": (11, 11, 105, 0),
    "the Lord, 3 players": (9, 9, 102, 8),
    "4 players, free and shared tolls": (7, 7, 103, 9),
    "customer queue variant": (10, 10, 101, 8),
    "random 4-player game": (6, 6, 104, 9),
    "random 3-player game": (3, 3, 107, 9),
}


@pytest.mark.parametrize("name", list(POSITIONS))
def test_every_legal_action_is_played_by_clicks_and_every_other_click_is_refused(name):
    make = POSITIONS[name]
    played_ = check_every_action_by_clicks(make)
    answered = check_unmatched_clicks(make(), RULES)  # no hint-only items
    assert (played_["actions"], played_["clicks"], answered["refused"], answered["hinted"]) == EXPECTED[name]


def test_the_positions_cover_every_kind_of_action_and_step():
    kinds, phases = set(), set()
    for make in POSITIONS.values():
        view = make()
        phases.add(view.state.phase)
        kinds |= {type(a) for a in view.candidates(view.state)}
    assert kinds == {MoveBobby, ChooseToken, ScoreDistrict, Build, DrawCustomer, PlaceCustomer, PlaceLord, EndTurn}
    assert phases == {"bobby", "choose", "actions", "place"}
    tolls = POSITIONS["4 players, free and shared tolls"]().highlights
    assert tolls["district:d4"]["label"] == "free" and tolls["district:d6"] == {
        "label": "toll 2", "tone": "legal", "tip": "move the bobby d5 → d6 across lane j: 2 points: 1 to red, 1 to blue"}
    totals = [sum(EXPECTED[name][k] for name in POSITIONS) for k in range(4)]
    assert totals == [146, 205, 1344, 67]  # actions, clicks, refusals, routes shown


def test_every_route_shown_is_a_plan_of_legal_moves_to_a_far_district():
    view = POSITIONS["tolls to pay to the rival"]()
    far = [k for k, v in view.highlights.items() if k.startswith("district:") and "crossings" in v.get("tip", "")]
    assert len(far) == 8
    for target in far:
        view.selection = None
        click(view, target)
        plan = view.selection
        assert isinstance(plan, Plan) and plan.target == target and len(plan.actions) >= 2
        assert str(plan.actions[-1]) == f"bobby {target.partition(':')[2]}"
        assert view.message["rule"] == "portobello.bobby.toll"


def test_a_far_district_whose_later_crossing_is_unaffordable_names_that_crossing():
    """Red has 0 points, holds lane c (free to cross to d2) but cannot pay for the next lane: the refusal walks the
    cheapest route and names the crossing whose toll red cannot pay (``portobello.assume.toll-limit``), not the
    one-lane-at-a-time rule of a single move."""
    state = position(2, bobby="d1", token=3, lanes={"c": "RR.."}, points={"red": {"tolls": -10}})
    view = state_view(state)()
    assert view.state.seat.score == 0 and view.highlights["district:d2"]["label"] == "free"
    click(view, "district:d7")
    assert view.message["kind"] == "illegal" and view.message["rule"] == "portobello.assume.toll-limit"
    assert view.message["text"] == ("red has only 0 points: the cheapest way to d7 crosses lane c into d2 (toll 0), "
                                    "then lane d into d7 (toll 1), 1 point in all, so the toll of lane d cannot "
                                    "be paid")
    assert view.selection is None and view.record.cursor == len(view.record)


# ---- emphasis, Escape, second click, choices -----------------------------------------------------------------------
def test_emphasis_lights_the_actions_items_refuses_an_illegal_one_and_a_move_drops_it():
    view = POSITIONS["tolls to pay to the rival"]()
    view.emphasise(["build a 2", "bobby d2"], tone="hint", caption="the coach's pick")
    assert view.highlights["space:a:2"] == {"label": "the coach's pick", "tone": "hint", "tip": "the coach's pick"}
    assert view.highlights["district:d2"] == {"label": "the coach's pick", "tone": "hint", "tip": "the coach's pick"}
    assert view.highlights["space:b:0"]["tone"] == "legal"  # the other moves stay lit as usual
    shown = dict(view.highlights)
    with pytest.raises(ValueError, match="does not bound d1") as refused:
        view.emphasise(["build k 0"], tone="warning")
    assert refused.value.rule.id == "portobello.build.bobby-district"
    assert view.highlights == shown and view.emphasis.actions == (Build("a", 2), MoveBobby("d2"))
    click(view, "space:b:0")
    assert view.record.actions[-1] == "build b 0"
    assert all(mark["tone"] != "hint" for mark in view.highlights.values())


def test_a_score_pick_is_cleared_by_escape_and_by_a_second_click():
    view = POSITIONS["second choice, stalls to score"]()
    click(view, "score:4")
    assert isinstance(view.selection, Pick) and lit(view, "district:d1")
    view.handle_message({"kind": "escape"})
    assert view.selection is None and not lit(view, "district:d1") and view.record.actions[-1] == "end"
    click(view, "score:4")
    click(view, "score:4")  # the second click on it
    assert view.selection is None and view.message["text"] == "Selection cleared: click a lit item."
    click(view, "district:d2")
    click(view, "district:d2")
    assert view.selection is None and view.record.actions[-1] == "end"


def test_a_district_clicked_first_offers_choices_that_lead_with_the_token():
    view = POSITIONS["first choice"]()
    click(view, "district:d7")
    assert view.choice_buttons(view.state) == [("btn:choose:0", "x2 (+0)"), ("btn:choose:1", "x4 (+0)"),
                                               ("btn:cancel", "Cancel")]
    drawn = {i["id"]: i["title"] for i in view.scene["items"] if i.get("id", "").startswith("btn:")}
    assert drawn == {"btn:choose:0": "x2 (+0)", "btn:choose:1": "x4 (+0)", "btn:cancel": "Cancel"}
    assert view.highlights["btn:choose:1"]["tip"] == \
        "score d7 with red's 4 instead of a turn: 0 stalls on lanes d, l, m ×4 = 0 points"
    click(view, "btn:choose:1")
    assert view.record.actions[-1] == "district d7 x4"


def test_a_route_shown_is_cleared_by_escape_and_by_cancel():
    view = POSITIONS["tolls to pay to the rival"]()
    click(view, "district:d7")
    assert view.selected_items() == ["district:d2", "district:d7"]
    view.handle_message({"kind": "escape"})
    assert view.selection is None and not any(i.get("class") == "route" for i in view.scene["items"])


def test_a_district_clicked_first_with_one_own_token_up_offers_its_scoring_first():
    """An item that was not lit never acts at once: with only the own 4 face up, a click on an unscored district
    offers its one scoring on a button, as the turn it would spend deserves."""
    view = POSITIONS["a scored district, a face-down token"]()
    assert view.state.name(view.state.active) == "yellow" and not lit(view, "district:d7")
    before = view.record.cursor
    click(view, "district:d7")
    assert view.record.cursor == before and [str(a) for a in view.selection.candidates] == ["district d7 x4"]
    click(view, "btn:choose:0")
    assert view.record.actions[-1] == "district d7 x4" and view.selection is None
