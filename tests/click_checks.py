"""Checks of the one click model (``widgets.base``) shared by the four games' view tests.

* :func:`play_by_clicks` plays a legal action with clicks alone, clicking only what the view lights;
* :func:`check_every_action_by_clicks` does it for every legal action of a position (each from a fresh view);
* :func:`check_pick_says_what_to_click` checks that a pick offering no choice buttons never shows a strip that
  asks "Which one?" over a lone Cancel: it says what to click on the board (done after every click of
  :func:`play_by_clicks`);
* :func:`check_unmatched_clicks` clicks every clickable item no candidate concerns (but ``btn:roll``, which lets
  chance decide) and checks each is refused with a rule of the game's table (or, for the items listed as hint-only, answered by a hint), leaving the game as it
  was.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from typing import Any

MAX_CLICKS = 12
"""No legal action needs more clicks than this."""


def click(view: Any, target: str) -> None:
    """Click ``target`` as the browser would; fails if the view recorded an internal error (the view catches every
    exception of a click and shows it as a bug)."""
    view.last_error = None
    view.handle_message({"kind": "click", "target": target})
    assert view.last_error is None, f"the click on {target!r} raised inside the view: {view.last_error!r}"


def drawn(view: Any) -> set[str]:
    """The ids of the scene's items that can carry a highlight in the browser (shapes, not text)."""
    return {i["id"] for i in view.scene["items"] if "id" in i and i["shape"] != "text"}


def lit(view: Any, item: str) -> bool:
    """True if ``item`` is lit as a click to make (any tone but ``selected``: ``legal``, or an emphasis) and drawn."""
    return view.highlights.get(item, {}).get("tone") not in (None, "selected") and item in drawn(view)


def strip_prompt(view: Any) -> str | None:
    """The words heading the strip of a pick's buttons that the base draws under the board (``None`` if there is
    none: nothing picked, or the game's scene draws the buttons itself)."""
    return next((i["text"] for i in view.scene["items"] if i.get("class") == "choices-label"), None)


def check_pick_says_what_to_click(view: Any) -> str | None:
    """A pick with no choice buttons shows a strip saying what to click, never "Which one?" over a lone Cancel;
    returns the strip's words (``None`` when no strip is drawn)."""
    prompt = strip_prompt(view)
    if prompt is not None and not view.choices(view.state):
        assert prompt != "Which one?", ("a strip with only Cancel asks “Which one?”", view.message)
        assert prompt, "the pick's strip says nothing"
    return prompt


def play_by_clicks(view: Any, action: Any) -> int:
    """Play the legal ``action`` (a candidate of ``view``) with clicks only: each time, its choice button if one
    is offered, else the first of its items (``view.action_items``) that is lit. Checks that every click made is
    on a lit, drawn item, that the record's new action is ``action`` and the new position the engine's; returns
    the number of clicks."""
    state, before = view.state, view.record.cursor
    items = view.action_items(state, action)
    assert items, f"no board item stands for {action}"
    for clicks in range(1, MAX_CLICKS + 1):
        choices = list(view.choices(state))
        if action in choices:
            target = f"btn:choose:{choices.index(action)}"
        else:
            target = next((i for i in items if lit(view, i) and i not in view.clicked_items()), None)
        assert target is not None, (f"{action}: none of its items {items} is lit after {clicks - 1} clicks",
                                    view.highlights, view.message)
        assert lit(view, target), (str(action), target)
        click(view, target)
        if view.record.cursor != before:
            break
        assert view.message.get("kind") == "info", (str(action), target, view.message)
        check_pick_says_what_to_click(view)
    else:
        raise AssertionError(f"{action} was not played after {MAX_CLICKS} clicks")
    assert view.record.actions[before] == str(action), (view.record.actions[before:], str(action))
    if not state.is_chance_node:
        assert view.record.states[before + 1].to_dict() == state.apply(action).to_dict()
    return clicks


def check_every_action_by_clicks(make_view: Callable[[], Any], sample: Callable[[list], Iterable] | None = None
                                 ) -> dict[str, int]:
    """Play every candidate of the position ``make_view()`` shows (or those ``sample(candidates)`` picks), each
    from a fresh view, by clicks alone (:func:`play_by_clicks`). Returns ``{"actions": n, "clicks": total}``."""
    view = make_view()
    candidates = list(view.candidates(view.state))
    chosen = list(sample(candidates)) if sample else candidates
    assert chosen, "the position offers nothing to click"
    total = 0
    for action in chosen:
        total += play_by_clicks(make_view(), action)
    return {"actions": len(chosen), "clicks": total}


def unmatched_targets(view: Any) -> list[str]:
    """The clickable items of ``view`` that no candidate concerns (from the position with nothing picked), sorted;
    ``btn:roll`` left out (a roll is chance's move, not a refusal)."""
    concerned = {i for items in view.items_of(view.state).values() for i in items}
    return sorted(view.clickable_targets() - concerned - {"btn:roll"})


def refused_click_messages(view: Any) -> list[str]:
    """The message text ``view`` shows for a click on each of :func:`unmatched_targets`, in turn, with nothing
    picked before each click ("" where it shows none); the pick is cleared afterwards."""
    texts = []
    for target in unmatched_targets(view):
        view.selection = None
        click(view, target)
        texts.append(view.message.get("text", ""))
    view.selection = None
    return texts


def check_unmatched_clicks(view: Any, rules: Any, hint_only: Callable[[str], bool] = lambda item: False
                           ) -> dict[str, int]:
    """Click every clickable item of ``view`` that no candidate concerns (from the position with nothing picked)
    and check the answer: the engine's refusal with a rule id of ``rules`` (the game's ``RULES``), or a hint for
    the items ``hint_only`` accepts; the position and the record never change. Returns the counts
    ``{"refused": n, "hinted": m}``."""
    state = view.state
    targets = unmatched_targets(view)
    before = (state.to_dict(), view.record.actions, view.record.cursor)
    counts = {"refused": 0, "hinted": 0}
    for target in targets:
        view.selection = None
        click(view, target)
        assert (view.state.to_dict(), view.record.actions, view.record.cursor) == before, target
        if hint_only(target) and view.message.get("kind") == "info":
            counts["hinted"] += 1
            continue
        if view.message.get("kind") == "info" and view.selection is not None:  # a plan (e.g. a route) is shown
            counts["hinted"] += 1
            continue
        assert view.message.get("kind") == "illegal", (target, view.message)
        assert view.message.get("rule") in rules, (target, view.message)
        counts["refused"] += 1
    view.selection = None
    return counts
