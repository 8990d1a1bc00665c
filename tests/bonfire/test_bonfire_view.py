"""The Bonfire board view driven from Python (no browser): every legal action can be played by clicks alone, the
labels are the engine's costs and gains, illegal clicks show the engine's rule, chance waits for its button,
random players replay identically, undo and redo restore positions.

Positions come from seeded games: the view's own random player (:func:`random_kind_first`, ``random.Random(seed)``)
plays from ``new_game(players, seed)``, chance drawn from the game's stream, until a step of the kind wanted is due.
Edited positions (``bonfire_checks.edited``) are shown through a record whose starting state is replaced, since a
record otherwise always starts from ``new_game``.
"""

from __future__ import annotations

import random
from collections import Counter

import pytest
from bonfire_checks import edited, set_resources, set_tiles, started
from bonfire_players import directed_player, late_game
from click_checks import check_unmatched_clicks, click, drawn, play_by_clicks

from explorer.bonfire import RULES, State, new_game
from explorer.bonfire.actions import Ignite, PlaceFate, Sail, TakeTask, UseGreatBonfire
from explorer.bonfire.components import COUNTDOWN
from explorer.bonfire.fate import gains as fate_gains
from explorer.bonfire.islands import boat_cost
from explorer.bonfire.payment import pay_exact, payment_words
from explorer.bonfire.turn import action_cost
from explorer.core import Record
from widgets.bonfire.view import (MAX_CHOICES, BonfireView, action_items, action_label, board_label, choice_text,
                                  cost_words, gains, gains_words, item_words, random_kind_first)
from widgets.records import new_record


# ---- helpers -------------------------------------------------------------------------------------------------------
def game_until(players: int, seed: int, wanted, limit: int = 400) -> list[str]:
    """The actions of the seeded random game (see the module docstring) up to the first position where a player
    decides and ``wanted(state)`` holds."""
    s = new_game(players=players, seed=seed)
    rng = random.Random(seed)
    actions: list[str] = []
    while s.is_terminal or s.is_chance_node or not wanted(s):
        assert not s.is_terminal and len(actions) < limit, "the seeded game never reached the position wanted"
        a = s.sample_chance() if s.is_chance_node else random_kind_first(rng, s.legal_actions())
        s = s.apply(a)
        actions.append(str(a))
    return actions


def step_is(kind: str, also=None):
    def wanted(s: State) -> bool:
        return s.pending[0].kind == kind and (also is None or also(s))
    return wanted


def has(cls):
    return lambda s: any(isinstance(a, cls) for a in s.legal_actions())


def view_until(players: int, seed: int, wanted, **kwargs) -> BonfireView:
    actions = game_until(players, seed, wanted)
    return BonfireView(Record("bonfire", seed=seed, options={"players": players}, actions=actions), **kwargs)


def position_view(state: State, **kwargs) -> BonfireView:
    """A view of an edited position (see the module docstring)."""
    record = Record("bonfire", seed=1, options={"players": len(state.seats)})
    record._states = [state]
    return BonfireView(record, **kwargs)


def buttons(view: BonfireView) -> dict[str, str]:
    """The strip's buttons drawn now: ``{id: text}``."""
    return {i["id"]: i["title"] for i in view.scene["items"] if i.get("id", "").startswith("btn:")}


def refused(view: BonfireView, target: str) -> dict:
    """Click ``target``, check it was refused and nothing changed; return the message."""
    before = (view.state.to_dict(), view.record.actions, view.record.cursor)
    click(view, target)
    assert view.message["kind"] == "illegal", view.message
    assert (view.state.to_dict(), view.record.actions, view.record.cursor) == before
    return view.message


def by_kind(legal, per_kind: int, rng: random.Random) -> list:
    groups: dict[str, list] = {}
    for a in legal:
        groups.setdefault(type(a).__name__, []).append(a)
    return [a for name in sorted(groups) for a in rng.sample(groups[name], min(per_kind, len(groups[name])))]


# the positions of the key test: every kind of step, 2-4 players
STEPS = {"setup": step_is("start-tile"), "first-turn": step_is("act"), "cover": step_is("cover"),
         "dock-task": step_is("dock", has(TakeTask)), "march": step_is("march"), "sit": step_is("sit"),
         "take": step_is("take"), "ignite": step_is("act", has(Ignite)),
         "fate": step_is("act", has(PlaceFate))}
SEEDS = {"take": 1, "ignite": 2}
"""The seeds whose 2-player game reaches the step (seed 0 otherwise)."""
POSITIONS = [(2, SEEDS.get(name, 0), name) for name in STEPS] + [(3, 0, "dock-task"), (3, 1, "fate"), (4, 0, "march"),
                                                (4, 0, "cover"), (3, 0, "take"), (4, 0, "sit")]


def countdown_state() -> State:
    """A 2-player countdown position: ``late_game`` after setup (seed 0), then the directed player (seed 0) up to
    the first countdown turn (round 1)."""
    s = late_game(started(2, 0))
    rng = random.Random(0)
    while not (s.countdown and not s.is_chance_node and s.pending[0].kind == "act"):
        assert not s.is_terminal
        s = s.apply(s.sample_chance() if s.is_chance_node else directed_player(s, rng))
    return s


# ---- the key test: every legal action by clicks ----------------------------------------------------------------------
def test_countdown_actions_play_by_clicks():
    view = position_view(countdown_state())
    legal = view.state.legal_actions()
    assert view.state.countdown == 1
    assert {type(a).__name__ for a in legal} == {"BuildPath", "BuildFromPile", "Pass", "Return", "Sail",
                                                 "UseGreatBonfire"}
    for action in by_kind(legal, 2, random.Random(5)):
        play_by_clicks(view, action)
        view.goto(0)


@pytest.mark.parametrize(("players", "seed", "name"), POSITIONS, ids=[f"{p}p-{n}" for p, _, n in POSITIONS])
def test_every_click_that_matches_no_legal_action_is_refused_by_the_engine(players, seed, name):
    view = view_until(players, seed, STEPS[name])
    # other players' boards and items with no meaning now give a hint instead (see the module docstring)
    counts = check_unmatched_clicks(view, RULES, hint_only=lambda item: True)
    assert counts["refused"] > 0
    print(f"{players}p {name}: {counts}")


@pytest.mark.parametrize(("players", "seed", "name"), POSITIONS, ids=[f"{p}p-{n}" for p, _, n in POSITIONS])
def test_every_legal_action_plays_by_clicks_alone(players, seed, name):
    view = view_until(players, seed, STEPS[name])
    start = view.record.cursor
    targets = view.clickable_targets()
    for action in view.state.legal_actions():  # every item of every legal action is in the scene
        assert set(action_items(view.state, action)) <= targets, str(action)
    for action in view.state.legal_actions():
        play_by_clicks(view, action)
        view.goto(start)


# ---- set-up and the flows of a turn ----------------------------------------------------------------------------------
def test_a_new_game_starts_with_the_starting_tile_buttons():
    record, problem = new_record("bonfire", 4, {"players": 2})
    assert problem == ""
    view = BonfireView(record)
    assert view.status["text"] == ("Orange chooses the starting fate tile (the spare or the 4th "
                                   "tile of the summary board) · council 0/7")
    hand = "+3 yellow +1 gold +1 herbs +1 mushrooms +1 berries +1 wood +1 stone"  # 2 yellow, 6 resources, the tile
    assert view.highlights == {
        "btn:do:start-tile spare": {"label": "", "tone": "legal", "tip": "f8 (path, yellow, gnome) starts in the fate "
                                                                        f"area: +1 path +1 gnome {hand}"},
        "btn:do:start-tile swap": {"label": "", "tone": "legal", "tip": "f4 (guardian, boat, yellow) starts in the "
                                                                       f"fate area: +1 boat +1 guardian {hand}"}}
    assert buttons(view) == {"btn:do:start-tile spare": "start-tile spare", "btn:do:start-tile swap": "start-tile swap"}
    click(view, "btn:do:start-tile spare")
    click(view, "btn:do:start-tile swap")
    assert view.record.actions == ("start-tile spare", "start-tile swap")
    assert view.state.phase == "play" and [e["rule"] for e in view.events][0] == "bonfire.setup.start-fate-tile"
    assert view.status["text"].startswith("Orange to act: place a fate tile")


def test_a_task_disc_lights_the_offerings_and_bonfires_then_narrows_to_one():
    view = view_until(2, 0, STEPS["dock-task"])
    state = view.state
    k = state.current_player
    tasks = [a for a in state.legal_actions() if isinstance(a, TakeTask)]
    disc = tasks[0].disc
    empty = [b for b, d in enumerate(state.seats[k].tasks) if d is None]
    assert len(tasks) == 2 * 2 * len(empty)  # 2 discs at the island, 2 offering discs, the empty bonfires
    cost = action_cost(state, k, tasks[0])  # every way costs the same task tiles: the board says how many
    assert view.highlights[f"task:{disc}"] == {"label": board_label(state, tasks[0]), "tone": "legal",
                                               "tip": f"{2 * len(empty)} ways"}
    assert board_label(state, tasks[0]).startswith(f"{cost.tiles} tile")
    click(view, f"task:{disc}")
    assert view.selection.clicked == (f"task:{disc}",) and len(view.selection.candidates) == 2 * len(empty)
    assert view.message["text"] == (f"{2 * len(empty)} ways with task disc {disc}: click a lit item to narrow them "
                                    "down, or Cancel.")
    marks = view.highlights
    assert marks[f"task:{disc}"] == {"label": "", "tone": "selected"}
    # the next item that tells the ways apart is lit: the offering discs; the bonfires come after them
    assert not {m for m in marks if m.startswith(f"p{k}:bonfire:")}
    seat = state.seats[k]
    for offering in ("top", "bottom"):  # the offering disc's label: the payment the engine takes with it
        action = TakeTask(disc, offering, empty[0])
        cost = action_cost(state, k, action)
        words = payment_words(pay_exact(seat.resources, seat.tiles, cost, state.index), cost, state.index)
        assert marks[f"p{k}:offering:{offering}"].get("tip", words) == words == action_label(state, action)
        assert marks[f"p{k}:offering:{offering}"]["label"] == board_label(state, action)
        assert board_label(state, action).startswith(f"{cost.tiles} tile") and cost_words(cost).startswith(
            f"{cost.tiles} task tile")
    click(view, f"p{k}:bonfire:{empty[1]}")  # any item of the ways may be clicked, in any order
    assert set(buttons(view)) >= {"btn:choose:0", "btn:choose:1", "btn:cancel"}
    assert {m for m, v in view.highlights.items() if v["tone"] == "legal" and ":offering:" in m} == {
        f"p{k}:offering:top", f"p{k}:offering:bottom"}
    click(view, f"p{k}:offering:bottom")
    assert view.record.actions[-1] == f"task {disc} offering bottom bonfire {empty[1]}" and view.selection is None
    assert view.state.to_dict() == state.apply(TakeTask(disc, "bottom", empty[1])).to_dict()


def test_the_great_bonfire_and_gnomes_offer_their_choices_with_costs():
    view = view_until(2, 4, STEPS["first-turn"])
    state = view.state
    pairs = [a for a in state.legal_actions() if isinstance(a, UseGreatBonfire) and a.space == "west"]
    click(view, "gb:west")
    texts = [text for bid, text in sorted(buttons(view).items()) if bid.startswith("btn:choose:")]
    assert texts == [choice_text(state, a) for a in pairs]
    assert texts[1] == "take 1 guardian tile and 2 points"  # every pair costs the same: on hover
    assert view.highlights["btn:choose:1"]["tip"] == ("nothing held — missing 1 great bonfire tile: pay with a "
                                                      "yellow tile or 2 other tiles")
    click(view, "btn:cancel")
    assert view.selection is None and "btn:cancel" not in buttons(view)
    click(view, "gnome:sage")
    assert view.highlights["btn:choose:0"]["tip"] == ("herbs — missing 2 gnome tiles: pay each with a yellow tile "
                                                         "or 2 other tiles")
    assert view.highlights["btn:choose:1"]["tip"] == ("herbs — missing 1 gnome tile and herbs: pay the tile with a "
                                                         "yellow tile or 2 other tiles; the herbs with gold or 2 other "
                                                         "resources")
    click(view, "btn:choose:1")
    assert view.record.actions[-1] == "gnome sage 1-tile" and view.state.pending[0].kind == "cover"
    assert buttons(view) == {"btn:do:cover yellow": "cover yellow", "btn:do:cover boat+guardian": "cover boat+guardian"}
    click(view, "btn:do:cover yellow")
    assert view.record.actions[-1] == "cover yellow" and view.state.pending[0].kind == "cover"  # herbs still due
    assert view.status["text"].startswith("Orange pays: herbs missing")


def test_fate_placements_are_labelled_with_the_engines_gains():
    view = view_until(2, 0, STEPS["fate"])
    state = view.state
    k = state.current_player
    seat = state.seats[k]
    top = seat.stack[0]
    tile = next(t for t in state.components.fate_tiles if t.id == top)
    mine = [a for a in state.legal_actions() if isinstance(a, PlaceFate) and a.tile == top]
    assert view.highlights[f"p{k}:stack:top"] == {"label": f"{len(mine)} ways", "tone": "legal"}
    click(view, f"p{k}:stack:top")
    lit = {m for m, v in view.highlights.items() if v["tone"] == "legal" and ":fate:" in m}
    common = set.intersection(*(set(a.placement.squares) for a in mine))
    # each placement's first square that not every placement covers: where it can start from
    assert lit == {"p{}:fate:{},{}".format(k, *next(sq for sq in a.placement.squares if sq not in common))
                   for a in mine}
    square = mine[0].placement.squares[0]
    click(view, f"p{k}:fate:{square[0]},{square[1]}")
    while not any(b.startswith("btn:choose:") for b in buttons(view)):  # narrow with the placement's squares
        sel = view.selection
        nxt = next(f"p{k}:fate:{r},{c}" for r, c in mine[0].placement.squares
                   if f"p{k}:fate:{r},{c}" not in sel.clicked)
        click(view, nxt)
    offered = view.selection.candidates
    assert mine[0] in offered and len(offered) <= MAX_CHOICES
    for n, action in enumerate(offered):
        engine = fate_gains(seat.fate, tile, action.placement, fate_echo="fate_echo" in seat.gnomes)
        assert gains(state, action) == engine
        assert view.highlights[f"btn:choose:{n}"] == {"label": "", "tone": "legal", "tip": gains_words(engine, state)}
        assert buttons(view)[f"btn:choose:{n}"] == f"{action} ({gains_words(engine, state)})"
    click(view, f"btn:choose:{offered.index(mine[0])}")
    assert view.record.actions[-1] == str(mine[0])


def test_boat_labels_are_the_engines_boat_costs():
    s = edited(started(2, 1), lambda d: (set_tiles(d, 0, boat=2, yellow=1), d["seats"][0].update(boat="rose_rock")))
    view = position_view(s)
    c = s.components
    by_cost = {n: [i for i in c.islands if i != "rose_rock" and boat_cost("rose_rock", i, c) == n] for n in (1, 2, 3)}
    assert all(by_cost.values())
    assert view.highlights[f"island:{by_cost[1][0]}"] == {"label": "1 tile", "tone": "legal", "tip": "1 boat tile"}
    assert view.highlights[f"island:{by_cost[2][0]}"] == {"label": "2 tiles", "tone": "legal", "tip": "2 boat tiles"}
    far = by_cost[3][0]
    assert view.highlights[f"island:{far}"] == {"label": "3 tiles ⇄", "tone": "legal",
                                                "tip": "2 boat tiles — missing 1 boat tile: pay with a yellow tile"}
    for island in c.islands:
        if island == "rose_rock":
            assert f"island:{island}" not in view.highlights
            continue
        cost = action_cost(s, 0, Sail(island))
        assert cost.tiles == boat_cost("rose_rock", island, c)
        words = payment_words(pay_exact(s.seats[0].resources, s.seats[0].tiles, cost, s.index), cost, s.index)
        assert view.highlights[f"island:{island}"].get("tip", view.highlights[f"island:{island}"]["label"]) == words
        assert view.highlights[f"island:{island}"]["label"].startswith(f"{cost.tiles} tile")
    click(view, f"island:{far}")
    assert view.record.actions == ("boat " + far,) and view.state.pending[0].kind == "cover"


def test_a_march_lights_the_stops_with_their_harvest():
    view = view_until(2, 0, STEPS["march"])
    state = view.state
    k, step = state.current_player, state.pending[0]
    harvest = state.seats[k].path[0].split()[1]  # the resource of the path tile one step ahead
    assert view.highlights == {
        f"p{k}:path:0": {"label": "", "tone": "legal"},
        f"btn:do:move {step.items[0]} stay": {"label": "", "tone": "legal"},
        f"p{k}:path:1": {"label": f"+1 {harvest}", "tone": "legal"}}
    assert gains(state, state.parse_action(f"move {step.items[0]} path 1")) == Counter({harvest: 1})
    click(view, f"p{k}:path:1")
    assert view.record.actions[-1] == f"move {step.items[0]} path 1"
    assert ("bonfire.procession.resource", f"{state.players[k]} gains {harvest}") in [(e["rule"], e["text"])
                                                                                       for e in view.events]


def test_council_seats_show_their_bonus():
    view = view_until(2, 0, STEPS["sit"])
    marks = view.highlights
    assert marks["seat:seat_1"] == {"label": "", "tone": "legal", "tip": "+3 points"}  # the seat shows its bonus
    assert marks["seat:seat_6"] == {"label": "", "tone": "legal", "tip": "+2 points +1 resource of your choice"}
    k = view.state.current_player
    click(view, "seat:seat_1")
    assert view.record.actions[-1] == "seat seat_1" and "neutral" in view.state.council[0]
    assert view.state.seats[k].points[1] == 3  # council points


def test_passing_in_the_countdown_scores_the_rounds_disc():
    view = position_view(countdown_state())
    k = view.state.current_player
    assert view.highlights["btn:do:pass"] == {"label": "", "tone": "legal", "tip": f"+{COUNTDOWN[0]} points"}
    assert "countdown round 1 (pass: 5 points)" in view.status["text"]
    click(view, "btn:do:pass")
    assert view.record.actions == ("pass",) and view.state.seats[k].out
    assert view.state.seats[k].points[3] == COUNTDOWN[0]
    assert [(e["rule"], e["text"]) for e in view.events] == [("bonfire.end.pass", "orange scores 5 points (countdown)")]


# ---- illegal clicks -----------------------------------------------------------------------------------------------
def test_an_island_too_far_is_refused_with_the_payment_rule():
    s = edited(started(2, 1), lambda d: (set_tiles(d, 0, boat=1), d["seats"][0].update(boat="rose_rock")))
    view = position_view(s)
    message = refused(view, "island:azure_point")  # 3 boat tiles away; 1 boat tile and nothing to substitute
    assert message["rule"] == "bonfire.pay.substitute-action"
    assert message["text"].startswith("boat azure_point costs 3 boat tiles, and orange cannot pay that")
    message = refused(view, "island:rose_rock")  # where the boat lies
    assert message["rule"] == "bonfire.boat.cost"


def test_a_task_without_tiles_or_resources_is_refused():
    def change(d):
        set_tiles(d, 0)
        set_resources(d, 0)
        d["seats"][0]["boat"] = "mossbank"
    s = edited(started(2, 1), change)
    disc = next(d for d in s.island_content("mossbank") if d in s.components.task_discs)
    view = position_view(s)
    assert f"task:{disc}" not in view.highlights
    message = refused(view, f"task:{disc}")
    assert message["rule"] == "bonfire.pay.substitute-action"
    assert message["text"].startswith(f"task {disc} offering top bonfire 0 costs 1 task tile")


def test_igniting_an_empty_or_unfulfilled_bonfire_is_refused():
    def unfulfilled(s: State) -> bool:
        k = s.current_player
        seat = s.seats[k]
        legal = s.legal_actions()
        waiting = [b for b, (d, lit) in enumerate(zip(seat.tasks, seat.lit)) if d and not lit]
        return (s.pending[0].kind == "act" and not any(isinstance(a, TakeTask) for a in legal)
                and any(Ignite(b) not in legal for b in waiting))
    view = view_until(2, 0, unfulfilled)
    k = view.state.current_player
    seat = view.state.seats[k]
    b = next(b for b, (d, lit) in enumerate(zip(seat.tasks, seat.lit)) if d and not lit
             and Ignite(b) not in view.state.legal_actions())
    disc = view.state.components.task_discs[seat.tasks[b]]
    message = refused(view, f"p{k}:bonfire:{b}")
    assert message["rule"] == "bonfire.ignite.when" and message["title"]
    assert message["text"] == (f"task disc {disc.id} asks for {disc.condition.text}, and {seat.colour}'s board does "
                               "not show it yet")
    empty = seat.tasks.index(None)
    message = refused(view, f"p{k}:bonfire:{empty}")
    assert message["text"] == f"bonfire {empty} holds no task disc of {seat.colour}'s"


def test_clicks_out_of_step_name_the_step_rule():
    view = view_until(2, 0, STEPS["cover"])
    message = refused(view, "island:mossbank")
    assert message["rule"] == "bonfire.pay.action-tiles"
    assert message["text"].endswith("must first pay what is missing (cover ...)")
    view = view_until(2, 4, STEPS["first-turn"])  # 3 action tiles held: no fate tile yet
    k = view.state.current_player
    message = refused(view, f"p{k}:stack:top")
    held = sum(view.state.seats[k].tiles)
    assert held == 5 and message["rule"] == "bonfire.fate.when"
    assert message["text"] == (f"orange holds {held} action tiles; a fate tile may be placed only with at most 1 "
                               "(return the others first)")


def test_other_players_boards_and_empty_places_give_hints():
    view = view_until(2, 4, STEPS["first-turn"])
    before = view.record.actions
    click(view, "p1:bonfire:0")
    assert view.message == {"kind": "info", "text": "That is green's board; orange decides now."}
    click(view, "entrance")
    assert view.message["kind"] == "info" and view.message["text"].startswith("Nothing orange can do with entrance")
    assert view.record.actions == before


# ---- chance, random players, undo --------------------------------------------------------------------------------
def test_chance_waits_for_its_button_and_draws_the_seeded_outcome():
    view = view_until(2, 0, STEPS["dock-task"])
    action = next(a for a in view.state.legal_actions() if isinstance(a, TakeTask))
    play_by_clicks(view, action)
    while view.state.pending[0].kind == "cover":  # pay what is missing with the first substitute offered
        click(view, next(b for b in buttons(view) if b.startswith("btn:do:cover")))
    state = view.state
    assert state.is_chance_node and view.highlights == {"btn:roll": {"label": "", "tone": "legal"}}
    assert buttons(view) == {"btn:roll": "Let chance decide"}
    assert view.status["text"].startswith("Chance: ") and "click “Let chance decide”" in view.status["text"]
    message = refused(view, "island:mossbank")
    assert message["rule"] == "core.chance.outcome" and message["text"].endswith("— click “Let chance decide”")
    expected = state.sample_chance()
    click(view, "btn:roll")
    assert view.record.actions[-1] == str(expected) and not view.state.is_chance_node


def test_random_players_play_a_whole_game_identically_twice():
    view = BonfireView(Record("bonfire", seed=3, options={"players": 3}), bots={0, 1, 2}, bot_seed=5)
    assert view.state.is_terminal and view.status["text"].startswith("Game over: ")
    assert view.highlights == {} and view.panel[2]["rows"] == [["-", "the game is over", ""]]
    assert view.record.replay()[-1].to_dict() == view.state.to_dict()
    again = BonfireView(Record("bonfire", seed=3, options={"players": 3}), bots={0, 1, 2}, bot_seed=5)
    assert again.record.actions == view.record.actions
    kinds = {view.state.parse_action(a).__class__.__name__ for a in view.record.actions}
    assert {"StartTile", "PlaceFate", "Sail", "Draw"} <= kinds


def test_a_random_player_answers_a_human():
    view = BonfireView(Record("bonfire", seed=4, options={"players": 2}), bots={1}, bot_seed=2)
    click(view, "btn:do:start-tile spare")  # orange (human); green (random) chooses at once
    assert view.record.actions[0] == "start-tile spare" and len(view.record) == 2
    assert view.state.current_player == 0 and view.state.phase == "play"


def test_random_players_pick_a_kind_of_action_first():
    view = view_until(2, 4, STEPS["first-turn"])
    legal = view.state.legal_actions()
    picks = Counter(type(view.choose_bot_action(view.state, legal)).__name__ for _ in range(300))
    assert set(picks) == {type(a).__name__ for a in legal} == {"Return", "Sail", "BuildPath", "BuildFromPile",
                                                               "UseGreatBonfire", "Recruit"}
    assert min(picks.values()) > 30  # kinds drawn evenly, though recruits and Great Bonfire uses are many


def test_undo_and_redo_restore_the_positions():
    view = view_until(2, 4, STEPS["first-turn"])
    start = view.state.to_dict()
    click(view, "island:mossbank")  # docks there: a claim or skip
    click(view, "btn:do:skip")
    after = (view.record.cursor, view.state.to_dict())
    assert view.record.actions[-2:] == ("boat mossbank", "skip")
    view.handle_message({"kind": "undo"})
    assert view.state.pending[0].kind == "dock"
    view.handle_message({"kind": "undo"})
    assert view.state.to_dict() == start and view.status["can_redo"]
    view.handle_message({"kind": "redo"})
    view.handle_message({"kind": "redo"})
    assert view.last_error is None
    assert (view.record.cursor, view.state.to_dict()) == after


# ---- panel, odd clicks ------------------------------------------------------------------------------------------
def test_the_panel_lists_scores_holdings_and_steps():
    view = view_until(2, 0, STEPS["march"])
    state = view.state
    scores, holdings, steps, note = view.panel
    table = state.scores()
    assert scores["header"] == ["category", *state.players]
    assert scores["rows"][-1] == ["total", *(table[p].total for p in state.players)]
    assert [row[0] for row in scores["rows"][:-1]] == [c.replace("_", " ") for c in table[state.players[0]]]
    assert len(holdings["rows"]) == 2 and holdings["rows"][state.current_player][0].endswith("(decides)")
    assert steps["rows"][0][0] == "next" and steps["rows"][0][2] == state.players[state.current_player]
    assert "OUR OWN DATA" in note["rows"][0][0]


@pytest.mark.parametrize("target", ["island:nowhere", "btn:nope", "bogus", "btn:choose:0", "btn:roll"])
def test_targets_not_in_the_scene_change_nothing(target):
    view = view_until(2, 4, STEPS["first-turn"])
    before = view.state.to_dict()
    click(view, target)
    assert view.message == {"kind": "info", "text": "That is not on the board now: click a lit item."}
    assert view.state.to_dict() == before


def test_a_click_on_a_disc_or_guardian_stack_of_another_island_offers_to_sail_there():
    view = view_until(2, 0, STEPS["first-turn"])
    state = view.state
    k = state.current_player
    assert state.seats[k].boat is None  # at the entrance: every island is one boat tile away
    island = next(i for i in state.index.task_islands if any(" " not in x for x in state.island_content(i)))
    disc = next(x for x in state.island_content(island) if " " not in x)
    assert "task:" + disc in action_items(state, Sail(island))
    click(view, f"task:{disc}")  # the disc lies on an island orange has not reached: the click means sailing there
    assert view.selection.candidates == (Sail(island),)  # not lit: offered first, on a button
    assert buttons(view)["btn:choose:0"] == choice_text(state, Sail(island))
    click(view, "btn:choose:0")
    assert view.record.actions[-1] == f"boat {island}"
    view.undo()
    guardian_island = next(i for i, info in state.components.islands.items() if info.kind == "guardian")
    colour = state.components.islands[guardian_island].guardian
    click(view, f"guardian:{colour}")
    click(view, "btn:choose:0")
    assert view.record.actions[-1] == f"boat {guardian_island}"


def test_a_path_tile_shown_twice_lights_both_slots():
    def twice(d):
        board = d["board"]
        first, second = board["path_display"][:2]
        board["path_display"][1] = first
        board["path_pile"][first] -= 1
        board["path_pile"][second] += 1
    s = edited(started(2, 1), twice)
    assert s.path_display[0] == s.path_display[1]
    view = position_view(s)
    assert view.highlights["path-display:0"] == view.highlights["path-display:1"]
    assert view.highlights["path-display:0"]["tone"] == "legal"
    click(view, "path-display:1")
    assert view.record.actions[-1] == f"path {s.path_display[0]}"


def test_a_refusal_is_also_written_in_the_boards_strip():
    view = view_until(2, 0, STEPS["first-turn"])
    k = view.state.current_player
    message = refused(view, f"p{k}:bonfire:3")
    assert message["rule"] == "bonfire.ignite.when"
    notes = [i for i in view.scene["items"] if "note-text" in i.get("class", "").split()]
    assert any({"note", "illegal"} <= set(i.get("class", "").split()) for i in view.scene["items"])
    assert "(bonfire.ignite.when)" in " ".join(i.get("title", "") + i.get("text", "") for i in notes)
    view.refresh()  # the next redraw without a message clears it
    assert not [i for i in view.scene["items"] if "note-text" in i.get("class", "")]


def test_hints_name_board_items_in_words():
    state = new_game(players=2, seed=4)
    words = {item: item_words(state, item) for item in (
        "island:mossbank", "p0:stack:top", "p1:offering:bottom", "p0:fate:1,1", "gb:north_west", "seat:seat_3",
        "gnome:large_hand", "p0:guard:2", "p0:tile:great_bonfire", "task:t05")}
    assert words == {"island:mossbank": "Mossbank", "p0:stack:top": "the top fate tile",
                     "p1:offering:bottom": "the bottom offering disc", "p0:fate:1,1": "square 1,1",
                     "gb:north_west": "the Great Bonfire's north west space", "seat:seat_3": "council seat 3",
                     "gnome:large_hand": "Large Hand", "p0:guard:2": "the guardian space of bonfire 2",
                     "p0:tile:great_bonfire": "your great bonfire tiles", "task:t05": "task disc t05"}


def test_the_face_down_path_pile_is_lit_and_a_click_takes_its_top_tile():
    """bonfire.path.build (rulebook p. 8): the top of a pile is offered on the board (``path-pile``); the click
    pays, then the chance step turns the tile up."""
    s = edited(started(2, 1), lambda d: None)
    view = position_view(s)
    assert view.highlights["path-pile"]["tone"] == "legal" and view.highlights["path-pile"]["label"] == "1 tile"
    action = s.parse_action("path pile")
    assert action_items(s, action) == ("path-pile",)
    play_by_clicks(view, action)
    assert view.state.is_chance_node and view.state.pending[0].target == "pile"
    assert item_words(s, "path-pile") == "the path piles"


# ---- the shared click model: emphasis from outside, Escape ------------------------------------------------------------
def test_emphasised_actions_are_lit_with_their_tone_and_caption_until_the_position_changes():
    view = view_until(2, 0, STEPS["dock-task"])
    state = view.state
    k = state.current_player
    task = next(a for a in state.legal_actions() if isinstance(a, TakeTask))
    view.emphasise([str(task)], tone="hint", caption="the coach's pick")
    marks = view.highlights
    items = action_items(state, task)  # the disc, the offering disc, the bonfire: all in the hint's tone
    assert [marks[i]["tone"] for i in items] == ["hint"] * 3
    assert marks[items[0]] == {"label": "the coach's pick", "tone": "hint", "tip": "the coach's pick"}
    assert marks[items[1]]["label"] == "" and items[1] == f"p{k}:offering:{task.offering}"
    before = dict(marks)
    with pytest.raises(ValueError, match="bonfire.assume.dock-claim"):  # docked: claim first, the engine says
        view.emphasise(["ignite 0"])
    with pytest.raises(ValueError, match="unknown tone"):
        view.emphasise([task], tone="glow")
    assert view.highlights == before
    play_by_clicks(view, task)  # the move played: the emphasis is dropped
    assert view.emphasis is None or not any(m["tone"] == "hint" for m in view.highlights.values())
    view.undo()
    assert not any(m["tone"] == "hint" for m in view.highlights.values())


def test_escape_and_a_second_click_clear_a_pick():
    view = view_until(2, 0, STEPS["dock-task"])
    disc = next(a for a in view.state.legal_actions() if isinstance(a, TakeTask)).disc
    click(view, f"task:{disc}")
    assert view.selection is not None and view.highlights[f"task:{disc}"]["tone"] == "selected"
    view.handle_message({"kind": "escape"})
    assert view.selection is None and view.message == {"kind": "info", "text": "Selection cleared: click a lit item."}
    assert view.highlights[f"task:{disc}"]["tone"] == "legal"
    click(view, f"task:{disc}")
    click(view, f"task:{disc}")
    assert view.selection is None and view.record.cursor == len(view.record)
