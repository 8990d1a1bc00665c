"""What the players may not see (issue 18): a face-down point of interest is a victim or a false alarm, and
nobody knows which until it is turned over. The engine decides it only then, from the game's seeded stream, so
two positions that differ only in that stream hide different identities. Their views must be equal: the board's
items and hover texts, the highlights and their labels, the panel, the status line, the events, the bubble and
the static picture, for every firefighter to act, until the marker is turned over."""

from __future__ import annotations

import json

from explorer.core import Record
from explorer.flashpoint.builder import position
from widgets.flashpoint import board_svg
from widgets.flashpoint.view import FlashPointView

FACE_DOWN = {"2,3": "hidden", "4,6": "hidden", "6,1": "hidden"}


def shown(view: FlashPointView) -> str:
    """Everything ``view`` sends to the browser or draws, as one text."""
    sent = {"scene": view.scene, "highlights": view.highlights, "panel": view.panel, "status": view.status,
            "events": view.events, "toast": view.toast, "message": view.message}
    return json.dumps(sent, sort_keys=True) + str(board_svg(view.state))


def view_of(state) -> FlashPointView:
    """A board view of an edited position (the record's first state), chance steps waiting for a click."""
    record = Record("flashpoint", seed=1, options={"players": len(state.firefighters)})
    record._states = [state]
    return FlashPointView(record)


def hidden_game(seed: int):
    """An Experienced position with three face-down points of interest, the Paramedic next to one on 2,3 and
    the Imaging Technician (who may turn one over from afar) to act second; ``seed`` sets the stream that will
    decide what each marker is."""
    return position("front", firefighters=[{"space": "2,2", "role": "paramedic"},
                                           {"space": "5,5", "role": "imaging"}],
                    mode="experienced", level="veteran", pois=FACE_DOWN, hazmats={"3,3": 1}, fire=["4,4"],
                    smoke=["3,4"], vehicles={"engine": "0,7", "ambulance": "3,0"}, seed=seed)


def test_the_two_positions_hide_different_identities():
    victim, alarm = hidden_game(1), hidden_game(3)
    assert str(victim.apply("move 2,3").sample_chance()) == "reveal victim"
    assert str(alarm.apply("move 2,3").sample_chance()) == "reveal false-alarm"
    a, b = victim.to_dict(), alarm.to_dict()
    assert {k for k in a if a[k] != b[k]} == {"seed"}


def test_no_view_tells_a_victim_from_a_false_alarm_before_it_is_turned_over():
    victim, alarm = view_of(hidden_game(1)), view_of(hidden_game(3))
    assert shown(victim) == shown(alarm)
    for target in ("space:2,4", "space:6,1", "ff:blue"):  # hover, refused and picked items
        victim.handle_message({"kind": "click", "target": target})
        alarm.handle_message({"kind": "click", "target": target})
        assert shown(victim) == shown(alarm), target
        victim.handle_message({"kind": "escape"})
        alarm.handle_message({"kind": "escape"})
    for view in (victim, alarm):  # the Paramedic steps onto 2,3: the marker is to be turned over
        view.handle_message({"kind": "click", "target": "space:2,3"})
        assert view.state.is_chance_node and "btn:reveal-victim" in view.highlights
    assert shown(victim) == shown(alarm)
    assert "face-down point of interest" in shown(victim) and "67%" in shown(victim)


def test_the_views_differ_once_chance_turns_the_marker_over():
    """The comparison above can fail: letting chance decide shows a victim in one view, not in the other."""
    views = [view_of(hidden_game(1)), view_of(hidden_game(3))]
    for view in views:
        view.handle_message({"kind": "click", "target": "space:2,3"})
        view.handle_message({"kind": "click", "target": "btn:roll"})
    assert [v.state.pois.get("2,3") for v in views] == ["victim", None]
    assert shown(views[0]) != shown(views[1])


def test_the_imaging_technician_sees_no_more_than_the_others():
    """With the Imaging Technician to act (who may identify a marker from afar), every marker is lit alike."""
    views = []
    for seed in (1, 3):
        view = view_of(hidden_game(seed))
        view.handle_message({"kind": "click", "target": "btn:end"})
        while view.state.is_chance_node:
            view.handle_message({"kind": "click", "target": "die:red:1"})
            view.handle_message({"kind": "click", "target": "die:black:1"})
        views.append(view)
    assert [v.state.firefighter.role for v in views] == ["imaging", "imaging"]
    assert {k for k in views[0].highlights if k.startswith("space:")} >= {"space:2,3", "space:6,1"}
    assert shown(views[0]) == shown(views[1])


def test_seeded_family_games_look_the_same_whatever_the_seed_until_chance_speaks():
    """The Family game's set-up is printed, so two seeds differ only in what is still hidden: the same moves
    give equal views up to the first chance step (shown with equal chances, not yet drawn)."""
    moves = ("place 3,0", "place 0,6", "move 3,1", "extinguish 3,2")
    views = [FlashPointView(Record("flashpoint", seed=seed, options={"players": 2}, actions=moves))
             for seed in (2011, 7)]
    assert shown(views[0]) == shown(views[1])
    for view in views:
        view.handle_message({"kind": "click", "target": "btn:end"})
        assert view.state.is_chance_node
    assert shown(views[0]) == shown(views[1])
