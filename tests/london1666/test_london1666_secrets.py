"""You see what you may see (issue 18): the human player's own objectives (and colour under optional rule A) on
the board and in the panel, never another player's; in hot-seat the secrets stay covered until the player to act
asks, and are covered again when the turn passes."""

from __future__ import annotations

import pytest
from click_checks import click
from test_view import BANDS, PAWNS

from explorer.core import Record
from widgets.london1666 import LondonView


def marked(view) -> set[str]:
    """The districts the scene marks as the viewer's objectives."""
    return {i["class"].split()[-1] for i in view.scene["items"] if "objective mine" in i.get("class", "")}


def texts(view) -> list[str]:
    out = [i.get("title", "") + " " + i.get("text", "") for i in view.scene["items"]]
    out += [m.get("label", "") + " " + m.get("tip", "") for m in view.highlights.values()]
    for section in view.panel:
        out.append(section["title"])
        out += [str(c) for row in section.get("rows", []) for c in row]
    return out


def started(bots=frozenset(), **options) -> LondonView:
    view = LondonView(Record("london1666", seed=1666, options={"players": 4, **options}), bots=set(bots), bot_seed=1)
    for d in BANDS + PAWNS:
        if view.state.phase in ("bands", "pawns") and view.state.current_player not in bots:
            click(view, f"d-{d}")
    return view


def test_secrets_of_names_the_seats_objectives_and_colour():
    state = Record("london1666", seed=1666, options={"players": 4, "hidden_colours": True}).state
    for seat in range(4):
        secrets = state.secrets_of(seat)
        assert secrets.districts == state.seats[seat].objectives and len(secrets.districts) == 3
        assert secrets.colour == state.seats[seat].colour and secrets.colour_hidden
        assert secrets.text().startswith("Your secret objectives: " + state.board.districts[secrets.districts[0]].name)
    with pytest.raises(IndexError):
        state.secrets_of(4)


def test_against_random_players_the_human_sees_their_objectives_only():
    view = LondonView(Record("london1666", seed=2, options={"players": 4, "hidden_colours": True}),
                      bots={1, 2, 3}, bot_seed=2)
    state = view.state
    mine = set(state.seats[0].objectives)
    assert marked(view) == mine
    names = {state.board.districts[d].name for d in mine}
    assert all(n in view.panel[0]["title"] for n in names)
    assert f"your secret colour: {state.seats[0].colour}" in view.panel[0]["title"]
    others = {d for s in state.seats[1:] for d in s.objectives} - mine
    assert others
    for d in others:  # no other player's objective is marked or named as one
        name = state.board.districts[d].name
        assert not any(name in t and "your secret objective" in t for t in texts(view)), name
        assert name not in view.panel[0]["title"]
    for seat in (1, 2, 3):  # nor their colour
        colour = state.seats[seat].colour
        assert colour != state.seats[0].colour and f"your secret colour: {colour}" not in " ".join(texts(view))


def test_hot_seat_covers_the_secrets_until_asked_and_after_a_hand_over():
    view = started()
    blue = view.state.current_player
    assert view.state.phase == "spread" and marked(view) == set()
    assert not any("your secret objective" in t for t in texts(view))
    button = next(i for i in view.scene["items"] if i.get("id") == "btn-secrets")
    assert button["title"] == f"I am {view.state.name(blue)}: show my secrets"
    click(view, "btn-secrets")
    assert marked(view) == set(view.state.seats[blue].objectives)
    assert view.panel[0]["title"].startswith("Your secret objectives: ")
    for target in ["card-W", "d-pudding-lane", "d-tallow-hall", "btn-end"]:  # blue's turn to its end
        click(view, target)
    while view.state.is_chance_node:
        view.record.play(view.state.legal_actions()[0])
        view.refresh()
    assert view.state.current_player != blue
    assert marked(view) == set() and not any("your secret objective" in t for t in texts(view))
    assert view.panel[0]["title"].startswith("Secret objectives covered: ")
