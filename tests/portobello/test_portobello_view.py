"""The Portobello board view driven from Python: clicks become the right engine actions, refusals name the rule.

Games start from a seeded :class:`Record` (2 players: red starts, yellow puts the bobby in a district first).
"""

from __future__ import annotations

from collections import Counter

import plotly.graph_objects as go
import pytest

from explorer.core import Record
from explorer.portobello import State, new_game
from explorer.portobello.actions import ChooseToken
from widgets.base import Plan
from widgets.portobello import PortobelloView, board_scene, board_svg
from widgets.portobello.view import RouteStep, plan_bobby_route

SEED = 7


def send(view, message: dict) -> None:
    """Send a browser message to the view; the view catches any exception (a click must never kill it) and keeps
    it in ``view.last_error``, so an internal error fails the test here instead of passing unseen."""
    view.handle_message(message)
    assert view.last_error is None, f"the view failed on {message!r}: {view.last_error!r}"


def click(view, target):
    send(view, {"kind": "click", "target": target})


def make_view(*actions, players: int = 2, **kwargs) -> PortobelloView:
    return PortobelloView(Record("portobello", seed=SEED, options={"players": players}, actions=actions), **kwargs)


def position_view(state: State, **kwargs) -> PortobelloView:
    """A view of an edited position (a record whose first state is replaced, as the Bonfire view tests do)."""
    record = Record("portobello", seed=1, options={"players": len(state.seats)})
    record._states = [state]
    return PortobelloView(record, **kwargs)


@pytest.fixture
def acting():
    """Red to act with the token 3 (3 actions), the bobby in d1 (lanes a, b, c)."""
    return make_view("bobby d1", "act 3")


# ---- setup and tokens ----------------------------------------------------------------------------------------------
def test_setup_click_places_the_bobby_then_red_chooses():
    view = make_view()
    assert view.status["text"].startswith("yellow places the bobby")
    assert len(view.highlights) == 12 and all(k.startswith("district:") for k in view.highlights)
    click(view, "district:d5")
    assert view.record.actions == ("bobby d5",) and view.state.phase == "choose"
    assert view.status["text"].startswith("Round 1: red chooses a token")


def test_a_space_click_before_the_bobby_is_placed_names_the_setup_rule():
    view = make_view()
    click(view, "space:c:0")
    assert view.message["rule"] == "portobello.setup.bobby" and view.record.actions == ()


def test_token_click_plays_that_token():
    view = make_view("bobby d1")
    assert {"token:0", "token:1", "token:2", "score:2", "score:4"} <= set(view.highlights)
    click(view, "token:2")
    assert view.record.actions[-1] == "act 4" and view.state.actions_left == 4
    assert "token 4 · 4 actions left" in view.status["text"]


def test_a_face_down_token_is_refused_with_the_flip_rule():
    view = make_view("bobby d1", "act 3", "build c 0", "build c 1", "build c 2", "end",  # red's 3 is now face down
                     "act 2", "build a 0", "build a 1", "end")  # yellow
    assert view.state.name(view.state.active) == "red" and not view.state.seat.tokens[1].face_up
    before = view.record.actions
    click(view, "token:1")
    assert view.message["rule"] == "portobello.turn.flip" and view.record.actions == before
    assert "face down until all three have been used" in view.message["text"]


# ---- building ------------------------------------------------------------------------------------------------------
def test_clicking_a_lit_space_builds_there(acting):
    lit = {k for k, v in acting.highlights.items() if k.startswith("space:")}
    assert lit == {"space:a:0", "space:a:3", "space:b:0", "space:b:4", "space:c:0", "space:c:3"}
    click(acting, "space:c:0")
    assert acting.record.actions[-1] == "build c 0" and acting.state.actions_left == 2
    built = next(i for i in acting.scene["items"] if i.get("id") == "space:c:0")
    assert built["class"] == "space c-0 built red" and "stall of red" in built["title"]
    assert {k for k in acting.highlights if k.startswith("space:")} == {
        "space:a:0", "space:a:3", "space:b:0", "space:b:4", "space:c:1"}
    assert [e["type"] for e in acting.events] == ["StallBuilt"]


@pytest.mark.parametrize("target, rule, text", [
    ("space:c:1", "portobello.build.first-at-end",
     "lane c is empty: its first stall goes at either end, the space next to s9 (worth 3) or the space next to s10 "
     "(worth 3)"),
    ("space:k:0", "portobello.build.bobby-district",
     "lane k does not bound d1, where the bobby stands; stalls go on lanes a, b, c (or move the bobby first)"),
    ("btn:end", "portobello.assume.forfeit",
     "red must use the token's actions while they can: 3 actions left, and they can still build a stall around "
     "the bobby in d1 or draw a customer"),
    ("square:s4", "portobello.customer.draw", "draw a customer first (the Draw a customer button), then place it"),
    ("btn:lord", "portobello.lord.place", "the Lord comes only after the tenth customer; 10 still to come"),
])
def test_illegal_clicks_show_the_rule_and_change_nothing(acting, target, rule, text):
    before = (acting.record.actions, acting.record.cursor, acting.scene)
    click(acting, target)
    assert acting.message["kind"] == "illegal" and acting.message["rule"] == rule
    assert acting.message["text"] == text
    assert acting.message["title"] == acting.state.rules[rule].title
    assert (acting.record.actions, acting.record.cursor, acting.scene) == before


# ---- the bobby ---------------------------------------------------------------------------------------------------
@pytest.fixture
def tolled():
    """Yellow holds lane c (spaces 0 and 1); red, with the bobby in d1, has just chosen the token 3."""
    return make_view("bobby d1", "act 2", "build a 0", "build a 1", "end",
                     "act 2", "build c 0", "build c 1", "end", "act 3")


def test_the_route_and_its_toll_are_shown_before_paying_then_paid(tolled):
    assert tolled.highlights["district:d7"] == {
        "label": "toll 2", "tone": "legal",
        "tip": "move the bobby d1 → d2 → d7: 2 crossings, toll 2; click to see each lane's toll before paying"}
    assert tolled.highlights["district:d2"] == {"label": "toll 1", "tone": "legal",
                                                "tip": "move the bobby d1 → d2 across lane c: 1 point to yellow"}
    before = tolled.record.actions
    click(tolled, "district:d7")
    assert tolled.record.actions == before  # nothing paid yet
    assert tolled.message["kind"] == "info" and tolled.message["rule"] == "portobello.bobby.toll"
    assert tolled.message["text"].startswith(
        "Bobby to d7: d1 → d2 across lane c: 1 point to yellow; d2 → d7 across lane d: 1 point, lost (no one "
        "collects it). "
        "Toll 2 points in all (received: yellow +1); red would go from 10 to 8.")
    assert tolled.highlights["district:d7"] == {"label": "toll 2", "tone": "selected"}
    assert tolled.highlights["district:d2"]["tone"] == "selected" and "btn:confirm" in tolled.highlights
    assert any(i.get("class") == "route" for i in tolled.scene["items"])
    click(tolled, "district:d7")  # the second click pays and moves
    assert tolled.record.actions[len(before):] == ("bobby d2", "bobby d7")
    assert tolled.state.bobby == "d7" and tolled.state.seat.score == 8
    assert tolled.state.seats[1].score == 11 and tolled.state.actions_left == 3
    assert [e["fields"]["paid"] for e in tolled.events] == [1, 1] and tolled.selection is None


def test_the_confirm_button_pays_and_cancel_stays(tolled):
    click(tolled, "district:d7")
    assert isinstance(tolled.selection, Plan) and [str(a) for a in tolled.selection.actions] == ["bobby d2",
                                                                                               "bobby d7"]
    button = next(i for i in tolled.scene["items"] if i.get("id") == "btn:confirm")
    assert button["title"] == "Pay and move"  # the scene's own button, not the base's "Play it"
    click(tolled, "btn:cancel")
    assert tolled.selection is None and tolled.state.bobby == "d1"
    assert not any(i.get("id") == "btn:confirm" for i in tolled.scene["items"])
    click(tolled, "district:d7")
    send(tolled, {"kind": "escape"})
    assert tolled.selection is None and tolled.state.bobby == "d1"
    click(tolled, "district:d7")
    click(tolled, "btn:confirm")
    assert tolled.record.actions[-2:] == ("bobby d2", "bobby d7") and tolled.state.seat.score == 8


def test_a_neighbouring_district_moves_the_bobby_at_once_paying_the_toll_shown(tolled):
    """One crossing is one legal action: its district is lit with the toll, and one click plays it."""
    click(tolled, "district:d2")
    assert tolled.record.actions[-1] == "bobby d2" and tolled.state.seat.score == 9
    assert tolled.state.seats[1].score == 11 and tolled.selection is None


def test_a_route_shown_then_another_click_plays_that_instead(tolled):
    click(tolled, "district:d7")
    click(tolled, "space:c:2")  # the route is dropped and the stall built (lane c bounds d1)
    assert tolled.record.actions[-1] == "build c 2" and tolled.selection is None and tolled.state.bobby == "d1"


def test_clicking_the_bobbys_own_district_names_the_rule(tolled):
    click(tolled, "district:d1")
    assert tolled.message["rule"] == "portobello.bobby.move"
    assert tolled.message["text"] == "the bobby already stands in d1"


def test_no_affordable_route_is_none():
    d = new_game(players=2, seed=1).to_dict()
    d.update(phase="actions", active=0, round=1, bobby="d1", actions_left=2, token_slot=1)
    d["seats"][0]["points"]["tolls"] = -10  # red has 0 points: every crossing of an empty lane costs 1
    broke = State.from_dict(d)
    assert plan_bobby_route(broke, "d7") is None
    assert plan_bobby_route(broke, "d1").steps == ()


def test_an_unaffordable_route_is_refused_by_the_engine_with_the_toll_limit():
    d = new_game(players=2, seed=1).to_dict()
    d.update(phase="actions", active=0, round=1, bobby="d1", actions_left=2, token_slot=1)
    d["seats"][0]["points"]["tolls"] = -10  # red has 0 points: every crossing of an empty lane costs 1
    view = position_view(State.from_dict(d))
    before = view.record.actions
    click(view, "district:d7")  # far: the engine walks the cheapest way there and names the crossing it stops at
    assert view.message["kind"] == "illegal" and view.message["rule"] == "portobello.assume.toll-limit"
    assert view.message["text"] == ("red has only 0 points: the cheapest way to d7 crosses lane c into d2 (toll 1), "
                                    "then lane d into d7 (toll 1), 2 points in all, so the toll of lane c cannot "
                                    "be paid")
    assert view.record.actions == before and view.selection is None
    click(view, "district:d2")  # a neighbour: the engine's refusal of the single move
    assert view.message["rule"] == "portobello.assume.toll-limit"
    assert view.message["text"] == "crossing lane c costs 1 point and red has only 0"


# ---- customers ---------------------------------------------------------------------------------------------------
def test_drawing_then_placing_a_customer(acting):
    click(acting, "btn:customer")
    assert acting.record.actions[-2] == "customer" and acting.record.actions[-1].startswith("drawn ")
    drawn = acting.state.pending
    assert acting.state.phase == "place" and acting.status["text"].endswith(
        f"places the drawn {drawn} · red 10 · yellow 10")
    assert set(acting.highlights) == {f"square:s{n}" for n in range(1, 12)}
    click(acting, "space:c:0")  # anything but placing is refused first
    assert acting.message["rule"] == "portobello.customer.place"
    click(acting, "square:s4")
    assert acting.record.actions[-1] == "place s4" and acting.state.customer_at("s4") == drawn
    square = next(i for i in acting.scene["items"] if i.get("id") == "square:s4")
    assert square["class"] == f"square s4 {drawn}"
    click(acting, "btn:customer")
    click(acting, "square:s4")
    assert acting.message["rule"] == "portobello.customer.place"
    assert acting.message["text"] == f"s4 already holds a {drawn}; customers go on empty squares"


# ---- district scoring ------------------------------------------------------------------------------------------------
@pytest.fixture
def scoring():
    """Red has 3 stalls on d1's lanes (a 0, a 1, c 0), 1 on d2's (c 0), at the start of red's second turn."""
    return make_view("bobby d1", "act 3", "build a 0", "build a 1", "build c 0", "end",
                     "act 2", "build b 0", "build b 1", "end")


def test_token_then_district_scores_it(scoring):
    assert scoring.highlights["score:4"]["label"] == "" and "then click the district" in \
        scoring.highlights["score:4"]["tip"]
    assert not any(k.startswith("district:") for k in scoring.highlights)  # a district is the second click
    click(scoring, "score:4")
    assert scoring.selection.clicked == ("score:4",) and len(scoring.selection.candidates) == 12
    assert scoring.record.actions[-1] == "end"
    assert scoring.highlights["score:4"] == {"label": "", "tone": "selected"}
    assert scoring.highlights["district:d1"] == {
        "label": "+12", "tone": "legal",
        "tip": "score d1 with red's 4 instead of a turn: 3 stalls on lanes a, b, c ×4 = 12 points"}
    assert scoring.highlights["district:d2"]["label"] == "+4"
    click(scoring, "district:d1")
    assert scoring.record.actions[-1] == "district d1 x4"
    assert scoring.state.seats[0].score == 22 and scoring.state.district_token("d1") == (0, 4)
    token = next(i for i in scoring.scene["items"] if "district-token " in i.get("class", ""))
    assert token["class"] == "district-token d1 red x4"


def test_district_then_token_scores_it(scoring):
    click(scoring, "district:d2")
    assert scoring.selection.clicked == ("district:d2",)
    assert [str(a) for a in scoring.selection.candidates] == ["district d2 x2", "district d2 x4"]
    assert "“x2 (+2)” or “x4 (+4)”" in scoring.message["text"]  # the choice buttons lead with what differs
    assert scoring.choice_buttons(scoring.state) == [("btn:choose:0", "x2 (+2)"), ("btn:choose:1", "x4 (+4)"),
                                                     ("btn:cancel", "Cancel")]
    assert scoring.highlights["score:2"]["label"] == "+2" and scoring.highlights["score:2"]["tone"] == "legal"
    click(scoring, "score:2")
    assert scoring.record.actions[-1] == "district d2 x2" and scoring.state.seats[0].score == 12


def test_a_scored_district_cannot_be_scored_again(scoring):
    click(scoring, "score:4")
    click(scoring, "district:d1")  # red's turn is spent: yellow chooses now
    assert scoring.state.name(scoring.state.active) == "yellow"
    click(scoring, "district:d1")
    assert scoring.message["rule"] == "portobello.score.district-once"
    assert scoring.message["text"] == "d1 was already scored by red with a 4; a district takes one token in the " \
        "whole game"


# ---- bots, undo, panel, drawing -----------------------------------------------------------------------------------
@pytest.mark.parametrize("players", [2, 3, 4])
def test_bots_play_a_full_game(players):
    view = make_view(players=players, bots=set(range(players)), bot_seed=players)
    assert view.state.is_terminal and view.status["text"].startswith("Game over:")
    assert view.highlights == {} and view.panel[0]["title"] == "Final score"
    assert view.record.replay()[-1].to_dict() == view.state.to_dict()


def test_a_bot_answers_a_human_turn():
    view = make_view(bots={1})  # yellow is a random player: it puts the bobby in at once
    assert view.state.phase == "choose" and view.state.active == 0
    click(view, "token:0")  # act 2
    for _ in range(2):  # build on the first lit space, twice
        click(view, next(k for k in sorted(view.highlights) if k.startswith("space:")))
    assert view.state.actions_left == 0 and "btn:end" in view.highlights
    mine = len(view.record)
    click(view, "btn:end")
    assert len(view.record) > mine + 1  # yellow's whole turn was played after red's end
    assert view.state.active == 0 and view.state.phase == "choose"
    assert any(e["fields"].get("player") == "yellow" for e in view.events)


def test_undo_and_redo_restore_the_board(acting):
    scene_before = acting.scene
    click(acting, "space:c:0")
    assert acting.scene != scene_before
    send(acting, {"kind": "undo"})
    assert acting.scene == scene_before and acting.status["can_redo"]
    send(acting, {"kind": "redo"})
    assert acting.record.actions[-1] == "build c 0" and acting.state.stalls_on("c")[0] == 0


def test_the_panel_lists_scores_players_and_customers(tolled):
    score, players, customers = tolled.panel
    assert score["header"] == ["", "red", "yellow"]
    assert [row[0] for row in score["rows"]] == ["start", "lanes", "districts", "bobby tolls", "Lord", "total"]
    assert players["rows"][0] == ["red", 28, "2 (down) · 3 · 4", "-"]
    assert customers["rows"][0] == ["bag", "5 servants, 5 citizens"]
    assert customers["rows"][-1] == ["neutral stack (top first)", "3 3 2 2 1 1 1 1"]


def test_the_scene_draws_every_piece_and_says_it_is_a_reconstruction():
    state = new_game(players=2, seed=1).apply("bobby d1")
    items = board_scene(state)["items"]
    ids = {i["id"] for i in items if "id" in i}
    assert sum(1 for i in ids if i.startswith("space:")) == 90
    assert sum(1 for i in ids if i.startswith("square:")) == 11
    assert sum(1 for i in ids if i.startswith("district:")) == 12
    assert any(i.get("class") == "bobby" for i in items)
    caption = next(i for i in items if "reconstruction" in i.get("class", ""))
    assert "not the printed board" in caption["text"]
    space = next(i for i in items if i.get("id") == "space:k:0")
    assert space["title"] == "Lane k (Westbourne Grove, from s4 to s5), the space next to s4: worth 3; free"
    district = next(i for i in items if i.get("id") == "district:d1")
    assert district["title"].startswith("District d1: lanes a, b, c; no action token yet; the bobby stands here")


def test_scored_lanes_are_marked_and_the_svg_names_its_items():
    d = new_game(players=2, seed=1).to_dict()
    d.update(phase="choose", active=0, round=2, bobby="d1", lanes={"r": ["red", "yellow"]},
             squares={"s7": "citizen", "s8": "citizen"}, scored=["r"], bag={"servant": 5, "citizen": 3})
    d["seats"][0].update(stalls=29, points={"lanes": 9})
    d["seats"][1].update(stalls=29, points={"lanes": 3})
    state = State.from_dict(d)
    items = board_scene(state)["items"]
    assert any(i.get("class") == "lane r scored" for i in items)
    assert any(i.get("text") == "r ✓×3" for i in items)
    svg = str(board_svg(state, marks={"district:d10": "toll 2"}, selected="district:d10"))
    assert svg.startswith("<svg") and 'data-id="space:r:0"' in svg and ">toll 2</text>" in svg
    assert 'class="rx-item square s7 citizen"' in svg


def test_the_variant_draws_the_queues_first_customer():
    view = PortobelloView(Record("portobello", seed=SEED, options={"players": 2, "customer_queue": True},
                                 actions=["bobby d1", "act 3"]))
    first = view.state.queue[0]
    assert view.panel[2]["rows"][0] == ["queue (next first)", " ".join(view.state.queue)]
    click(view, "btn:customer")
    assert view.record.actions[-1] == "customer" and view.state.pending == first  # no chance step: it is known
    click(view, "square:s2")
    assert view.state.customer_at("s2") == first


def test_a_click_after_the_end_gives_a_hint_and_changes_nothing():
    view = make_view(bots={0, 1}, bot_seed=1)
    before = view.record.actions
    click(view, "district:d1")
    assert view.message["kind"] == "info" and "game is over" in view.message["text"]
    assert view.record.actions == before


# ---- the app ---------------------------------------------------------------------------------------------------
def test_the_app_starts_plays_saves_and_loads():
    from widgets.portobello.app import PortobelloApp

    app = PortobelloApp(players=3, seed=SEED)
    assert app.view.bots == {1, 2} and app.view.state.active == 0  # the random green placed the bobby
    label, *boxes = app._bot_row.children
    assert "Random players:" in label.value and [box.description for box in boxes] == ["red", "yellow", "green"]
    figure = app.tab_boxes[0].children[0]
    assert isinstance(figure, go.FigureWidget) and figure.layout.title.text.startswith("What each move scores")
    click(app.view, "token:1")
    assert "red · token 3" in app.view.status["text"]
    for index in range(3):
        assert app.overlay_figure(index).to_dict()["data"]
    saved = app.save()
    app.load(saved)
    assert app.view.record.actions == Record.from_json(saved).actions and app.view.bots == set()
    app.load(Record("london1666", seed=1, options={"players": 4}).to_json())
    assert "not Portobello Market" in app.note.value and app.view.record.actions[-1] == "act 3"
    app.players.value = 2
    app.queue.value = True
    for box in app.bot_boxes:
        box.value = False
    app.new_game()
    assert app.view.record.options == {"players": 2, "customer_queue": True} and app.view.state.phase == "bobby"


# ---- undo around the random players ----------------------------------------------------------------------------
def test_undo_goes_back_to_the_humans_last_decision_not_into_a_random_players_turn():
    view = make_view(players=3, bots={1, 2}, bot_seed=SEED)  # the app's default game
    assert view.record.actions == ("bobby d6",) and not view.status["can_undo"]  # green's move is not ours
    click(view, "token:0")  # act 2
    for _ in range(2):
        click(view, next(k for k in sorted(view.highlights) if k.startswith("space:")))
    mine = len(view.record)
    click(view, "btn:end")
    latest = len(view.record)
    assert latest > mine + 2 and view.status["text"].startswith("Round 2: red chooses a token")
    send(view, {"kind": "undo"})
    assert view.record.cursor == mine and view.state.active == 0  # red, before "end", not "green chooses"
    assert view.status["text"].startswith("Round 1: red · token 2 · 0 actions left")
    assert "btn:end" in view.highlights
    send(view, {"kind": "redo"})  # red's end and both random players' turns
    assert view.record.cursor == latest and view.status["text"].startswith("Round 2: red chooses a token")
    assert not view.status["can_redo"]
    send(view, {"kind": "undo"})
    send(view, {"kind": "undo"})
    assert view.record.cursor == mine - 1 and view.state.actions_left == 1


# ---- the random players ------------------------------------------------------------------------------------------
def test_random_players_pick_a_kind_of_move_first():
    view = make_view("bobby d6", players=3, bot_seed=3)
    legal = view.state.legal_actions()
    assert len(legal) == 27 and sum(isinstance(a, ChooseToken) for a in legal) == 3  # 24 district scorings
    picks = Counter(type(view.choose_bot_action(view.state, legal)).__name__ for _ in range(1000))
    assert set(picks) == {"ChooseToken", "ScoreDistrict"} and 400 < picks["ChooseToken"] < 600
    acting = make_view("bobby d1", "act 3")
    legal = acting.state.legal_actions()
    kinds = {type(a).__name__ for a in legal}
    assert kinds == {"Build", "DrawCustomer", "MoveBobby"}
    picks = Counter(type(acting.choose_bot_action(acting.state, legal)).__name__ for _ in range(900))
    assert all(240 < n < 360 for n in picks.values())  # builds are 6 of 10 moves, but a third of the picks
    assert all(acting.choose_bot_action(acting.state, legal) in legal for _ in range(50))


def test_random_players_are_deterministic_for_a_seed_and_rarely_score_an_empty_district():
    games = [make_view(players=3, bots={0, 1, 2}, bot_seed=seed).record for seed in (5, 5, 6)]
    assert games[0].actions == games[1].actions != games[2].actions
    first_turns = []
    for seed in range(20):
        record = make_view("bobby d1", players=3, bots={0, 1, 2}, bot_seed=seed).record
        first_turns.append(record.actions[1])  # red's first choice
    assert sum(a.startswith("district") for a in first_turns) < 16  # uniform over moves: ~24 in 27 would be


# ---- odd targets, chance steps ------------------------------------------------------------------------------------
@pytest.mark.parametrize("target", ["district:zzz", "token:9", "token:-1", "token:x", "space:zz:0", "space:c:9",
                                    "space:c:-1", "square:s99", "score:3", "score:x", "btn:nope", "bogus", ""])
def test_clicks_on_targets_that_name_nothing_change_nothing(scoring, target):
    before = (scoring.record.actions, scoring.record.cursor)
    click(scoring, target)
    assert scoring.message == {"kind": "info", "text": "That is not on the board now: click a lit item."}
    assert (scoring.record.actions, scoring.record.cursor) == before and scoring.selection is None


def test_at_a_chance_step_the_status_and_the_refusal_say_to_step(acting):
    click(acting, "btn:customer")
    send(acting, {"kind": "step", "delta": -1})  # back onto the draw
    assert acting.state.is_chance_node
    assert acting.status["text"].startswith("Chance decides next: press ▶ (step) to let chance decide ·")
    click(acting, "square:s1")
    assert acting.message["rule"] == "core.chance.outcome"
    assert acting.message["text"].endswith("— press ▶ (step) to let chance decide")
    send(acting, {"kind": "step", "delta": 1})
    assert acting.state.phase == "place" and not acting.status["text"].startswith("Chance")


# ---- wording and drawing -----------------------------------------------------------------------------------------
def test_route_steps_say_who_receives_the_toll():
    assert RouteStep("d8", "d7", "m", 1, ("green",)).describe() == "d8 → d7 across lane m: 1 point to green"
    assert RouteStep("d8", "d7", "m", 2, ("green", "blue")).describe() == \
        "d8 → d7 across lane m: 2 points: 1 to green, 1 to blue"
    assert RouteStep("d8", "d7", "m", 1, ()).describe() == "d8 → d7 across lane m: 1 point, lost (no one collects it)"
    assert RouteStep("d8", "d7", "m", 0, ()).describe() == \
        "d8 → d7 across lane m: free (the most stalls there are the mover's)"


def test_the_route_passes_above_the_district_names_and_under_them(tolled):
    click(tolled, "district:d7")
    items = tolled.scene["items"]
    route = next(k for k, i in enumerate(items) if i.get("class") == "route")
    label = next(k for k, i in enumerate(items) if i.get("class") == "district-label d7")
    assert route < label and items[label]["halo"]  # drawn over the route, with a halo that breaks the line
    end = next(i for i in items if "route-stop" in i.get("class", "") and "end" in i["class"])
    x, y = tolled.state.board.districts["d7"].bobby
    assert (end["cx"], end["cy"]) == (x, y - 20) and end["class"] == "route-stop 2 end"


def test_neutral_tokens_read_n2_n3_in_the_token_bar():
    view = make_view("bobby d1", "act 3", "build a 0", "build a 1", "build c 0", "end",
                     "act 2", "build b 0", "build b 1", "end", "district d1 x4", bots={1})  # red takes a neutral 3
    assert view.state.active == 0 and [str(t) for t in view.state.seat.tokens] == ["2", "3", "n3"]
    chips = [i["text"] for i in view.scene["items"] if i.get("class", "").startswith("token-value")]
    assert chips == ["2", "3", "n3"]
    assert "the neutral 3" in view.panel[1]["rows"][0][2]  # the side panel names it in words


@pytest.mark.parametrize("seed", [-1, 2**63])
def test_a_seed_the_engine_refuses_is_explained_and_the_game_stays(seed):
    from widgets.portobello.app import PortobelloApp

    app = PortobelloApp(players=3, seed=SEED)
    view, board = app.view, list(app.board.children)
    app.seed.value = seed
    app.start_button.click()  # the button's callback, as in the browser: nothing escapes it
    assert app.view is view and list(app.board.children) == board
    assert "could not start a new game" in app.note.value and "seed" in app.note.value
    assert "The game below is unchanged" in app.note.value
    app.seed.value = 8
    app.new_game()
    assert app.view is not view and app.view.record.seed == 8 and "could not" not in app.note.value


def test_the_overlay_is_redrawn_on_demand_and_says_when_it_is_stale():
    from widgets.portobello.app import PortobelloApp

    app = PortobelloApp(players=3, seed=SEED)
    assert app.follow.value is False and not app.overlay_is_stale
    figure = app.tab_boxes[0].children[0]
    title = figure.layout.title.text
    assert "show the position on the board" in app.overlay_note.value and app.redraw_button.button_style == ""
    click(app.view, "token:1")  # a move: the overlay is not redrawn (the browser stays quick)
    assert app.overlay_is_stale and figure.layout.title.text == title
    # no overlay tab opened yet: a calm word on how the charts are drawn, no "out of date" warning (issue 18)
    assert "drawn for the board's position when you open a tab" in app.overlay_note.value
    assert "⚠" not in app.overlay_note.value and "#8a4b00" not in app.overlay_note.value
    assert app.redraw_button.button_style == ""
    click(app.view, "district:d1")  # a mere selection (the route shown) changes nothing
    assert "when you open a tab" in app.overlay_note.value
    app.redraw_button.click()
    assert not app.overlay_is_stale and "show the position on the board" in app.overlay_note.value
    assert app.tab_boxes[0].children[0].layout.title.text != title and app.redraw_button.button_style == ""
    app.follow.value = True  # then every move redraws it
    click(app.view, "btn:cancel")
    click(app.view, next(k for k in sorted(app.view.highlights) if k.startswith("space:")))
    assert not app.overlay_is_stale and "show the position on the board" in app.overlay_note.value
    app.follow.value = False
    send(app.view, {"kind": "undo"})  # the user has used the overlays: the note says which position they show
    assert app.overlay_is_stale and app.redraw_button.button_style == ""
    assert "still show position 3 (the board is at 2): press <b>Redraw</b> to bring them up" in app.overlay_note.value
    assert "⚠" not in app.overlay_note.value
    app.follow.value = True  # ticking it catches up at once
    assert not app.overlay_is_stale


def test_the_app_legend_says_what_the_random_players_do():
    from widgets.portobello.app import LEGEND, PortobelloApp

    assert "pick a kind of move at random" in LEGEND and '"n2": neutral' in LEGEND
    app = PortobelloApp(players=3, seed=SEED)
    assert "a random kind of move first" in app.note.value and "Undo and Redo skip their moves" in app.note.value


def test_redrawing_in_place_drops_the_game_over_note():
    from widgets.portobello.app import PortobelloApp

    app = PortobelloApp(players=2, seed=SEED, bots={0, 1})  # a whole game of random players
    assert app.view.state.is_terminal
    app.tabs.selected_index = 1  # "Lane values"
    shown = app.tab_boxes[1].children[0]
    assert [a.name for a in shown.layout.annotations] == ["empty"] and shown.layout.xaxis.visible is False
    send(app.view, {"kind": "goto", "index": len(app.view.record) // 2})
    app.draw_overlay()
    assert app.tab_boxes[1].children[0] is shown  # the same figure, updated in place
    assert not shown.layout.annotations and shown.layout.xaxis.visible is True


def test_the_click_helper_fails_when_the_view_records_an_internal_error(acting, monkeypatch):
    """The view swallows exceptions (and shows them as bugs); the helper must not let one pass unseen."""
    def broken(target):
        raise RuntimeError("boom")

    monkeypatch.setattr(acting, "click", broken)
    with pytest.raises(AssertionError, match="RuntimeError"):
        click(acting, "space:c:0")


# ---- issue 18: the token in play, a legible busy board, the app's first screen -------------------------------------
def test_the_chosen_token_is_marked_at_once_with_the_actions_left(acting):
    """Seed p. 2 (``portobello.turn.token``): the token played is outlined and labelled in the strip from the
    moment it is chosen, with the actions left; it turns face down only at the end of the turn."""
    items = acting.scene["items"]
    ring = [i for i in items if i.get("class") == "in-play token"]
    label = [i for i in items if i.get("class") == "in-play-label"]
    assert [i["target"] for i in ring] == [f"token:{acting.state.token_slot}"] and acting.state.seat.tokens[
        acting.state.token_slot].value == 3
    assert [i["text"] for i in label] == ["in play: 3 left"]
    click(acting, next(k for k in acting.highlights if k.startswith("space:")))
    assert [i["text"] for i in acting.scene["items"] if i.get("class") == "in-play-label"] == ["in play: 2 left"]
    assert "token 3 · 2 actions left" in acting.status_text(acting.state)
    assert not [i for i in make_view("bobby d1").scene["items"] if i.get("class") == "in-play-label"]


def _busy_view(seed: int, moves: int) -> PortobelloView:
    """A 4-player game played at random from ``seed`` for at least ``moves`` steps, stopped while a player spends
    actions (stalls, customers, district tokens on the board; tolls and lit spaces labelled)."""
    import random
    rng, state, actions = random.Random(seed), new_game(players=4, seed=seed), []
    while len(actions) < moves or state.phase != "actions":
        action = state.sample_chance() if state.is_chance_node else rng.choice(state.legal_actions())
        actions.append(str(action))
        state = state.apply(action)
    return PortobelloView(Record("portobello", seed=seed, options={"players": 4}, actions=actions))


LABELS = {"in-play-label", "lane-letter", "caption"}
"""Small captions written over the board (besides the highlight labels)."""
PROTECTED = {"district-label", "square-label", "space", "space-value", "customer", "customer-head", "bobby",
             "token", "token-value", "district-token", "square"}
"""What must stay readable: district and square names, stall spaces and their printed values, the pieces."""


def _legibility(view):
    import sys
    from pathlib import Path
    sys.path.insert(0, str(Path(__file__).resolve().parents[1]))
    from scene_checks import box, covered, highlight_labels
    labels = highlight_labels(view.scene, view.highlights)
    items = view.scene["items"] + labels
    kind = lambda i: i.get("class", "").split(" ")[0]  # noqa: E731
    problems = covered(items, labels=lambda i: i.get("id", "").startswith("label:") or kind(i) in LABELS,
                       protected=lambda i: kind(i) in PROTECTED)
    return problems, labels, items, box, covered


@pytest.mark.parametrize("seed, moves", [(11, 150), (12, 60), (15, 250)])
def test_no_label_covers_a_name_a_stall_value_or_a_piece_on_a_busy_board(seed, moves):
    view = _busy_view(seed, moves)
    problems, labels, items, box, covered = _legibility(view)
    assert len(labels) >= 5 and sum(1 for i in items if i.get("class", "").startswith("customer ")) >= 4
    assert problems == []
    # the check can fail: a toll label put on a district's name is caught
    name = next(i for i in items if i.get("class", "").startswith("district-label"))
    moved = dict(labels[0], x=name["x"], y=name["y"])
    assert covered([moved, name], labels=lambda i: i is moved, protected=lambda i: i is name)
    # pieces large enough to click: at least 14 px when the board is shown 900 px wide
    scale = 900 / view.scene["width"]
    for kind in ("space", "square", "token"):  # a customer stands inside its square
        sizes = [min(b[2] - b[0], b[3] - b[1]) * scale for i in items
                 if i.get("class", "").split(" ")[0] == kind and (b := box(i))]
        assert sizes and min(sizes) >= 14, (kind, min(sizes or [0]))
    helmet = [b for i in items if i.get("class", "").startswith("bobby-") and (b := box(i))]  # brim, knob, badge
    assert min(max(b[2] for b in helmet) - min(b[0] for b in helmet),
               max(b[3] for b in helmet) - min(b[1] for b in helmet)) * scale >= 14


def test_the_app_starts_with_the_board_instructions_folded_to_one_line():
    from widgets.portobello.app import HOW_TO_PLAY, PortobelloApp
    app = PortobelloApp(players=3, seed=7)
    first, form = app.widget.children[0], app.widget.children[1]
    assert first.value == HOW_TO_PLAY and HOW_TO_PLAY.startswith('<details class="rx-how">')
    assert "Enter" in HOW_TO_PLAY and "Escape" in HOW_TO_PLAY and "Tab" in HOW_TO_PLAY
    assert 'class="rx-legend"' in HOW_TO_PLAY and "navy helmet" in HOW_TO_PLAY
    assert form.layout.flex_flow == "row wrap" and app.start_button in form.children
    assert app.widget.children[3] is app.board  # the note, then the board


# ---- a newcomer's findings (issue 18, second try) ------------------------------------------------------------------
def test_the_score_buttons_say_when_every_district_would_score_0(scoring):
    """Seed p. 4: scoring a district with no stall of yours around it is allowed, and worth 0 points: the lit button
    says so (it was lit with no word, as if it scored something)."""
    fresh = make_view("bobby d1")  # red has no stall anywhere
    for value in (2, 4):
        mark = fresh.highlights[f"score:{value}"]
        assert mark["label"] == "scores 0 now" and mark["tone"] == "legal"
        assert mark["tip"].startswith("allowed, but it scores 0 now: red has no stall on the lanes")
        assert f"swaps red's own {value} for the top neutral token, a 3" in mark["tip"]
    assert scoring.state.phase == "choose" and scoring.state.active == 0  # red has stalls now: no such word
    assert scoring.highlights["score:4"]["label"] == "" and "scores 0" not in scoring.highlights["score:4"]["tip"]


def test_the_random_player_boxes_show_each_colour_whole():
    """Once "yellow: random pla…": one "Random players:" label, then each box named by its colour alone, and
    wide enough for the longest colour (13 px font: at most 8 px a letter, 22 px for the box itself)."""
    from widgets.portobello.app import BOT_BOX_WIDTH, PortobelloApp
    app = PortobelloApp(players=4, seed=SEED)
    label, *boxes = app._bot_row.children
    assert label.value.endswith("Random players:</span>")
    assert [b.description for b in boxes] == ["red", "yellow", "green", "blue"]
    assert all(22 + 8 * len(b.description) <= BOT_BOX_WIDTH == int(b.layout.width.removesuffix("px")) for b in boxes)
    assert [b.value for b in boxes] == [False, True, True, True]


def test_the_board_carries_a_compact_key_always_shown_above_the_map():
    """The legend is folded; the symbols are explained in two short lines in the margin above the map, which fit
    the board's width (about 0.55 of the font size a letter) and say what each kind of item is."""
    from widgets.portobello.scene import KEY, KEY_SIZE
    scene = board_scene(new_game(players=3, seed=SEED).apply("bobby d6"))
    keys = [i for i in scene["items"] if "key" in i.get("class", "").split()]
    assert [k["text"] for k in keys] == list(KEY) and [k["y"] for k in keys] == [12, 25]
    assert all(8 + 0.55 * KEY_SIZE * len(k) <= scene["width"] for k in KEY)
    text = " ".join(KEY)
    for words in ("squares", "stall spaces", "points", "lanes a–v", "districts", "the bobby", "dashed cyan ring",
                  "not the printed board", "servant", "citizen", "Lord"):
        assert words in text, words
    # above every piece of the map: nothing drawn there starts higher than the key's second line
    tops = [i.get("cy", 0) - i.get("r", 0) for i in scene["items"] if i.get("shape") == "circle"]
    assert min(tops) > 25 + KEY_SIZE / 2


def test_a_full_lane_that_has_not_scored_says_what_it_waits_for():
    """Lane j (s10 to s4, three spaces) full with a citizen on s10 only: its hover names the empty end; with no
    customer at either end it names both; once scored it says so instead (portobello.score.lane)."""
    from explorer.portobello import position

    def hover(state):
        return next(i["title"] for i in board_scene(state)["items"] if "lane-label j" in i.get("class", ""))

    one_end = hover(position(3, lanes={"j": "RRY"}, squares={"s10": "citizen"}))
    assert one_end.endswith("; full: it scores once a customer stands on s4 (s10 has one)")
    assert hover(position(3, lanes={"j": "RRY"})).endswith("; full: it scores once customers stand on both s10 "
                                                           "and s4")
    assert "full:" not in hover(position(3, lanes={"j": "RR."}, squares={"s10": "citizen"}))
