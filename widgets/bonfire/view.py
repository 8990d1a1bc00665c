"""The interactive Bonfire boards: clicks become engine actions; the engine decides what is legal.

The component data is OUR OWN DATA, in the spirit of the game; not the printed components (islands, task discs,
fate squares, seats and common tasks are this project's own, see ``explorer/bonfire/README.md``).

How a game is played with the mouse: the click model of ``widgets.base``, shared by every game. This module
only says which board items each legal action of the player who decides concerns (:func:`action_items`, ids of
``widgets.bonfire.scene``), what it costs or gains (:func:`board_label` on the board, :func:`action_label` on
hover, read from the engine), how a choice button reads (:func:`choice_text`) and which action an unmatched click
asks the engine about. So:

* the first item of every legal action is lit with its label (``"<n> ways"`` where actions with different labels
  start there); any item of an action may be clicked first (an empty bonfire before a task disc);
* one action left after a click: it is played (an island sails there, a bonfire is lit, a council seat takes the
  novice, a gnome card with a single affordable payment is recruited...);
* several left: the clicked item is outlined and each action's next item that tells them apart is lit (after a
  task disc the offering discs, then the empty bonfires; after a fate tile of the stack the squares it can
  start from). When at most :data:`MAX_CHOICES` actions remain, or they differ only in something the board does
  not show (the Great Bonfire's reward pair, a gnome's payment, a fate tile turned end for end, a Chosen Harvest
  resource), choice buttons (``btn:choose:<n>``, ``btn:cancel``) in the strip offer them with their cost or gain.
  Clicking the clicked item again, ``Cancel`` or Escape drops the pick; the first item of other actions starts a
  new one;
* the steps inside an option that no board item stands for (paying with substitutes, a bonus of one's choice,
  skipping a claim, the starting fate tile, a procession's length, passing) are strip buttons
  ``btn:do:<notation>``;
* a click that matches no legal action is refused with the engine's own refusal of the most natural action for
  the item (an island: sail there; a bonfire: light it; a task disc: take it with the top offering disc onto the
  first empty bonfire; a fate square once a stack tile is chosen: that tile from the square, lying across...):
  the rule's id, title and text are shown and nothing changes. Items with no natural action give a hint.

Chance (an offering disc or a path tile turned up, a specialist drawn): ``Let chance decide`` (``btn:roll``)
draws the step from the game's seeded stream, one step per click (or all at once with ``step_chance=False``);
the chance steps after random players' moves are resolved at once. Random players (``bots``) pick a kind of
action first, then one of that kind, from ``bot_rng`` only.
"""

from __future__ import annotations

import re
from collections import Counter
from collections.abc import Iterable, Sequence
from typing import Any

from explorer.bonfire import State
from explorer.bonfire.actions import (REWARD_PAIRS, Action, BuildFromPile, BuildPath, ClaimGuardian, Ignite, Move, Pass, PlaceFate,
                                      Procession, Recruit, Return, Sail, SitAt, Skip, StartTile, Take, TakeTask,
                                      UseGreatBonfire)
from explorer.bonfire.components import COUNTDOWN, END_TRIGGER, GREAT_BONFIRE_POINTS, OWN_DATA
from explorer.bonfire.fate import ACROSS, Placement, placements
from explorer.bonfire.payment import ANY, pay_exact, payment_words
from explorer.bonfire.turn import action_cost
from explorer.bonfire.words import action_words, card_name, fate_tile_words, island_name, tile_name
from explorer.core import Record

from ..base import MAX_CHOICES, BoardView, StepChance
from .scene import board_scene, step_words

__all__ = ["BonfireView", "MAX_CHOICES", "SUBSTITUTE_MARK", "action_items", "action_label", "board_label",
           "choice_text", "cost_words", "gains", "gains_words", "item_words", "random_kind_first"]


COSTED = (Sail, TakeTask, ClaimGuardian, Procession, BuildPath, BuildFromPile, UseGreatBonfire, Recruit)
"""The actions of option II, paid with action tiles and resources (``turn.action_cost``)."""


# ---- pure helpers over the engine ----------------------------------------------------------------------------------
def _seat_of(state: State) -> int:
    k = state.current_player
    if k is None:
        raise ValueError("no player decides now (a chance step or the end of the game)")
    return k


def action_items(state: State, action: Any) -> tuple[str, ...]:
    """The scene items (ids of ``widgets.bonfire.scene``) a legal ``action`` of the player who decides concerns,
    the first being where its label goes. ``k`` below is that player's seat (``state.current_player``):

    * ``boat mossbank`` -> ``("island:mossbank", "task:<disc>"...)``: the island and what lies on it (its task
      discs, or its guardian stack), so a click on a disc or a stack of an island you are not at sails there;
      ``guardian pink`` -> ``("guardian:pink",)``;
    * ``task t05 offering top bonfire 3`` -> ``("task:t05", "p<k>:offering:top", "p<k>:bonfire:3")``;
    * ``fate f1 3,1 down`` -> ``("p<k>:stack:top" or "p<k>:stack:bottom", "p<k>:fate:3,1", "p<k>:fate:4,1",
      "p<k>:fate:5,1")`` (the top when the tile is the top one);
    * ``path blue herbs`` -> every display slot showing that kind (``"path-display:<slot>"``); ``path pile`` ->
      ``("path-pile",)``, the face-down piles (a chance step then turns the tile up);
    * ``great-bonfire west action+portal`` -> ``("gb:west",)``; ``gnome sage 2-tiles`` -> ``("gnome:sage",)``;
    * ``ignite 3`` -> ``("p<k>:bonfire:3",)``; ``seat seat_3`` -> ``("seat:seat_3",)``;
      ``return boat`` -> ``("p<k>:tile:boat",)``;
    * ``move pink path 3`` -> ``("p<k>:path:3", "p<k>:guardian:pink")``; ``move pink bonfire 2`` ->
      ``("p<k>:guard:2", "p<k>:bonfire:2", "p<k>:guardian:pink")``; ``move pink stay`` -> her own path position,
      ``"btn:do:move pink stay"`` and her;
    * ``procession 2`` -> ``("btn:do:procession 2", "p<k>:guardian:<c>"...)`` (the guardians that walk);
    * the steps with no board item (``cover ..``, ``take ..``, ``skip``, ``pass``, ``start-tile ..``) ->
      ``("btn:do:<notation>",)``.

    Raises:
        ValueError: at a chance step or the end (no player decides).
    """
    k = _seat_of(state)
    p = f"p{k}"
    seat = state.seats[k]
    if isinstance(action, Sail):
        island = state.components.islands[action.island]
        on_it = state.island_content(action.island) if island.kind == "task" else ()
        discs = tuple(f"task:{item}" for item in on_it if " " not in item)
        stack = (f"guardian:{island.guardian}",) if island.kind == "guardian" else ()
        return (f"island:{action.island}", *discs, *stack)
    if isinstance(action, TakeTask):
        return (f"task:{action.disc}", f"{p}:offering:{action.offering}", f"{p}:bonfire:{action.bonfire}")
    if isinstance(action, ClaimGuardian):
        return (f"guardian:{action.colour}",)
    if isinstance(action, PlaceFate):
        end = "top" if seat.stack and action.tile == seat.stack[0] else "bottom"
        return (f"{p}:stack:{end}", *(f"{p}:fate:{r},{c}" for r, c in action.placement.squares))
    if isinstance(action, BuildPath):
        kind = f"{action.colour} {action.resource}"
        return tuple(f"path-display:{i}" for i, shown in enumerate(state.path_display) if shown == kind)
    if isinstance(action, BuildFromPile):
        return ("path-pile",)
    if isinstance(action, UseGreatBonfire):
        return (f"gb:{action.space}",)
    if isinstance(action, Recruit):
        return (f"gnome:{action.card}",)
    if isinstance(action, Ignite):
        return (f"{p}:bonfire:{action.bonfire}",)
    if isinstance(action, SitAt):
        return (f"seat:{action.seat}",)
    if isinstance(action, Return):
        return (f"{p}:tile:{action.tile}",)
    if isinstance(action, Move):
        who = f"{p}:guardian:{action.guardian}"
        if action.to == "path":
            return (f"{p}:path:{action.at}", who)
        if action.to == "bonfire":
            return (f"{p}:guard:{action.at}", f"{p}:bonfire:{action.at}", who)
        here = next((at for colour, where, at in seat.guardians if colour == action.guardian and where == "path"),
                    None)
        return ((f"{p}:path:{here}",) if here is not None else ()) + (f"btn:do:{action}", who)
    if isinstance(action, Procession):
        walking = (f"{p}:guardian:{colour}" for colour, where, _ in seat.guardians if where == "path")
        return (f"btn:do:{action}", *walking)
    return (f"btn:do:{action}",)


def gains(state: State, action: Any) -> Counter:
    """What the player who decides gains by ``action`` (legal), read from the engine: ``state.apply(action)`` and
    the rise of that seat's action tiles and resources (ids) and points (``"points"``), spent items left out.
    Exact for fate placements (symbols, same-symbol areas, printed squares, Fate Echo, a supply running out),
    procession stops, bonuses taken, passing.

    >>> from explorer.bonfire import new_game
    >>> s = new_game(players=2, seed=4).apply("start-tile spare").apply("start-tile spare")
    >>> for tile in ("path", "gnome", "yellow", "yellow"):    # hold at most 1 action tile to place a fate tile
    ...     s = s.apply(f"return {tile}")
    >>> got = gains(s, s.parse_action("fate f1 1,1 down"))   # its 3 symbols and 2 printed squares
    >>> dict(got), gains_words(got, s)
    ({'boat': 1, 'task': 1, 'guardian': 1, 'gnome': 1, 'gold': 1}, '+1 boat +1 task +1 guardian +1 gnome +1 gold')

    Raises:
        IllegalAction: if ``action`` is not legal in ``state``.
    """
    if _GAINS.get("state") is not state:  # a label and a hover text both ask: apply once per state and action
        _GAINS.clear()
        _GAINS["state"] = state
    if action not in _GAINS:
        _GAINS[action] = _gains(state, action)
    return Counter(_GAINS[action])


_GAINS: dict[Any, Any] = {}
"""The gains of the actions of the last state asked about (states are immutable)."""


def _gains(state: State, action: Any) -> Counter:
    k = _seat_of(state)
    ix = state.index
    before, after = state.seats[k], state.apply(action).seats[k]
    out: Counter = Counter()
    for name, b, a in zip(ix.actions, before.tiles, after.tiles):
        if a > b:
            out[name] = a - b
    for name, b, a in zip(ix.resources, before.resources, after.resources):
        if a > b:
            out[name] = a - b
    if after.play_points > before.play_points:
        out["points"] = after.play_points - before.play_points
    return out


def gains_words(gained: Counter, state: State) -> str:
    """``gained`` (see :func:`gains`) for a label, action tiles first, then resources, then points:
    ``"+2 path +1 gnome +1 task"``; ``""`` if nothing."""
    ix = state.index
    order = [*ix.actions, *ix.resources, "points"]
    return " ".join(f"+{gained[item]} {item.replace('_', ' ')}" for item in order if gained.get(item))


def action_label(state: State, action: Any) -> str:
    """The highlight label of a legal ``action``, from the engine:

    * option II actions (boat, task, guardian, procession, path, Great Bonfire, gnome): how the payment goes,
      :func:`explorer.bonfire.payment.payment_words` of ``turn.action_cost`` paid with
      :func:`~explorer.bonfire.payment.pay_exact` from the seat's holdings (``"2 boat tiles"``, ``"1 task tile +
      herbs + stone — missing 1 task tile: pay with a yellow tile"``);
    * a fate placement, a guardian's move, a bonus taken, a seat's bonus, passing: what it gains
      (:func:`gains_words` of :func:`gains`, e.g. ``"+2 path +1 gnome +1 task"``; a seat's bonus of one's choice
      is written as the seat shows it);
    * ``ignite n``: the points of the task disc lit (``"+5 points"``, scored at the end);
    * the starting fate tile: which tile starts in the fate area and what it gives (``"the fate tile (path, yellow,
      gnome) starts in the fate area: +1 path +1 yellow +1 gnome"``);
    * ``""`` for the rest (a return, a cover, a skip).

    Raises:
        IllegalAction: if ``action`` is not legal in ``state`` (for the labels read by applying it).
    """
    k = _seat_of(state)
    seat, c = state.seats[k], state.components
    if isinstance(action, COSTED):
        cost = action_cost(state, k, action)
        paid = pay_exact(seat.resources, seat.tiles, cost, state.index,
                         double_joker="double_joker" in seat.gnomes)
        return payment_words(paid, cost, state.index)
    if isinstance(action, Ignite):
        return f"+{c.task_discs[seat.tasks[action.bonfire]].points} points"
    if isinstance(action, SitAt):
        return " ".join(f"+{g.text}" for g in c.council_seats[action.seat].bonus)
    if isinstance(action, (PlaceFate, Move, Take, Pass)):
        return gains_words(gains(state, action), state)
    if isinstance(action, StartTile):
        start = state.apply(action).seats[k].fate.tile_ids[0]
        symbols = next(t.symbols for t in c.fate_tiles if t.id == start)
        return (f"{fate_tile_words(c, start)} starts in the fate area: "
                f"{gains_words(gains(state, action), state)}")
    return ""


def cost_words(cost: Any) -> str:
    """A cost in a few words, e.g. ``"3 task tiles + herbs + stone"``, ``"1 gnome tile + 2 wood"``, ``"free"``;
    a resource of the payer's choice is ``"any resource"``."""
    parts = []
    if cost.action is not None and cost.tiles:
        parts.append(f"{cost.tiles} {cost.action.replace('_', ' ')} tile{'s' * (cost.tiles != 1)}")
    for resource, n in Counter(cost.resources).items():
        name = "any resource" if resource == ANY else resource
        parts.append(name if n == 1 else f"{n} {name}")
    return " + ".join(parts) or "free"


SUBSTITUTE_MARK = "⇄"
"""Marks a board label whose cost must be paid partly with substitutes (``bonfire.pay.substitute-action``,
``bonfire.pay.substitute-resource``); the hover text says how."""


def _needs_substitutes(state: State, k: int, cost: Any) -> bool:
    seat = state.seats[k]
    paid = pay_exact(seat.resources, seat.tiles, cost, state.index, double_joker="double_joker" in seat.gnomes)
    return not (paid.done or (not paid.tiles_missing and all(r == ANY for r in paid.resources_missing)))


def board_label(state: State, action: Any) -> str:
    """The short label written on the board beside a lit item (a few characters, so neighbours' labels do not
    run together; the long one, :func:`action_label`, is the hover text):

    * option II actions: the action tiles the cost asks for, ``"2 tiles"`` (``"free"`` without any), with
      :data:`SUBSTITUTE_MARK` when part of the cost must be paid with substitutes (``"1 tile ⇄"``);
    * a fate placement: the number of items it gains, ``"+4"``; lighting a bonfire: ``"+5 pts"`` (its task disc,
      scored at the end); passing: ``"+5 pts"``;
    * a guardian's move or a bonus item taken: what it gains when short (``"+1 herbs"``), else the count;
    * ``""`` for the rest (a council seat shows its bonus itself; returns, covers, skips, the starting tile).

    Raises:
        IllegalAction: as :func:`action_label`.
    """
    k = _seat_of(state)
    if isinstance(action, COSTED):
        cost = action_cost(state, k, action)
        tiles = f"{cost.tiles} tile{'s' * (cost.tiles != 1)}" if cost.tiles else "free"
        return f"{tiles} {SUBSTITUTE_MARK}" if _needs_substitutes(state, k, cost) else tiles
    if isinstance(action, Ignite):
        seat = state.seats[k]
        return f"+{state.components.task_discs[seat.tasks[action.bonfire]].points} pts"
    if isinstance(action, (PlaceFate, Move, Take, Pass)):
        gained = gains(state, action)
        if isinstance(action, Pass):
            return f"+{gained.get('points', 0)} pts"
        words = gains_words(gained, state)
        return words if isinstance(action, (Move, Take)) and len(words) <= 12 else f"+{sum(gained.values())}"
    return ""


def _rewards_words(state: State, action: UseGreatBonfire) -> str:
    space = next(s for s in state.components.great_bonfire.spaces if s.id == action.space)
    shown = {"action": f"1 {space.action.replace('_', ' ')} tile", "resource": f"1 {space.resource}",
             "points": f"{GREAT_BONFIRE_POINTS} points", "portal": "a portal"}
    return " and ".join(shown[r] for r in action.rewards)


def choice_text(state: State, action: Any) -> str:
    """A choice button's text, leading with what tells the choices apart (the full payment is the button's hover
    text, :func:`action_label`):

    * a Great Bonfire choice says what it takes: ``"take 1 boat tile and 2 points"`` (every pair costs the same);
    * a gnome's payment says what it costs: ``"2-tiles: 2 gnome tiles + herbs"``, with :data:`SUBSTITUTE_MARK`
      when substitutes are needed;
    * the rest: the action in words (:func:`explorer.bonfire.words.action_words`) and the label, ``"placing the
      fate tile (boat, task, guardian) from row 3, column 1 downwards (+1 boat +1 task +1 guardian)"``.
    """
    if isinstance(action, UseGreatBonfire):
        return f"take {_rewards_words(state, action)}"
    if isinstance(action, Recruit):
        k = _seat_of(state)
        cost = action_cost(state, k, action)
        mark = f" {SUBSTITUTE_MARK}" if _needs_substitutes(state, k, cost) else ""
        return f"{'2 tiles' if action.payment == '2-tiles' else '1 tile'}: {cost_words(cost)}{mark}"
    label = action_label(state, action)
    words = action_words(state, action)
    words = words[0].upper() + words[1:]
    return f"{words} ({label})" if label else words


def button_text(state: State, action: Any) -> str:
    """The text of a step's button (``btn:do:<notation>``), short and in words: ``"Keep the spare"``, ``"Swap in the
    4th tile"``, ``"Pay with a yellow tile"``, ``"Procession of 2 steps"``, ``"The pink guardian stays"``, ``"Claim
    nothing"``, ``"Pass"``; otherwise :func:`explorer.bonfire.words.action_words`, capitalised."""
    if isinstance(action, StartTile):
        return "Swap in the 4th tile" if action.swap else "Keep the spare"
    if isinstance(action, Move) and action.to == "stay":
        return f"The {action.guardian} guardian stays"
    if isinstance(action, Skip):
        return "Claim nothing"
    if isinstance(action, Procession):
        return f"Procession of {action.steps} step{'s' * (action.steps != 1)}"
    words = action_words(state, action)
    return words[0].upper() + words[1:]


def _kind(action: Any) -> str:
    return type(action).__name__


def random_kind_first(rng: Any, legal: Sequence[Any]) -> Any:
    """A random player's choice: a kind of action (its class: boat, task, fate placement, procession, cover...)
    uniformly among the kinds in ``legal``, then one action of that kind uniformly, both drawn from ``rng`` (a
    ``random.Random``), so rare kinds (lighting a bonfire) are not drowned by many placements.

    Raises:
        IndexError: if ``legal`` is empty.
    """
    kinds = sorted({_kind(a) for a in legal})
    kind = rng.choice(kinds)
    return rng.choice([a for a in legal if _kind(a) == kind])


_PART_WORDS = {"fate": "square {}", "bonfire": "bonfire {}", "guard": "the guardian space of bonfire {}",
               "portal": "the portal space of bonfire {}", "path": "path position {}", "guardian": "the {} guardian",
               "tile": "your {} tiles", "resource": "your {}"}


def item_words(state: State, item: str) -> str:
    """A board item (a ``widgets.bonfire.scene`` id) in words for a hint: ``island:mossbank`` -> ``"Mossbank"``;
    ``p0:stack:top`` -> ``"the top fate tile"``; ``p0:offering:bottom`` -> ``"the bottom offering disc"``;
    ``p0:fate:1,1`` -> ``"row 1, column 1 of the fate area"``; ``gb:north_west`` -> ``"the Great Bonfire's north west space"``;
    ``seat:seat_3`` -> ``"council seat 3"``; other ids: the name after the prefix, underscores as spaces."""
    kind, _, name = item.partition(":")
    c = state.components
    if kind == "island" and name in c.islands:
        return c.islands[name].name
    if kind == "task":
        return f"task disc {name}"
    if kind == "gb":
        return f"the Great Bonfire's {name.replace('_', ' ')} space"
    if kind == "seat":
        return f"council seat {name.removeprefix('seat_')}"
    if kind == "gnome":
        card = c.specialists.get(name) or c.elders.get(name)
        return card.name if card is not None else name.replace("_", " ")
    if kind == "path-display":
        return "the path tile on display"
    if kind == "path-pile":
        return "the path piles"
    if kind.startswith("p") and kind[1:].isdigit():
        part, _, rest = name.partition(":")
        if part == "stack":
            return f"the {rest} fate tile"
        if part == "offering":
            return f"the {rest} offering disc"
        if part == "gnome":
            return card_name(c, rest)
        if part == "fate" and "," in rest:
            row, _, col = rest.partition(",")
            return f"row {row}, column {col} of the fate area"
        if part == "tile":
            return f"your {tile_name(rest)} tiles"
        if part in _PART_WORDS:
            return _PART_WORDS[part].format(rest.replace("_", " "))
    return (name or item).replace("_", " ")


def _note_of(message: dict[str, str] | None) -> tuple[str, str] | None:
    """The strip's note for a view message: ``(kind, text)``; a refusal ends with the rule's title and id."""
    if not message or not message.get("text"):
        return None
    text = message["text"]
    if message.get("rule"):
        text = f"{text} — {message.get('title', '')} ({message['rule']})"
    return message.get("kind", "info"), text


# ---- the view ------------------------------------------------------------------------------------------------------
class BonfireView(StepChance, BoardView):
    """The Bonfire boards as an anywidget (see the module docstring for the clicks).

    ``selection`` is ``None`` or a :class:`widgets.base.Pick`: the items clicked so far and the legal actions
    still compatible with them.

    Args:
        record: a Bonfire :class:`~explorer.core.Record`.
        bots: seats (0 = the first in ``state.seats``) played by random players (:func:`random_kind_first`); the
            chance steps that follow their moves are resolved from the game's seeded stream at once.
        bot_seed: the seed of the random players' choices.
        step_chance: True (default): after a human's action, each chance step waits for a click on ``Let chance
            decide``; False: chance steps are resolved at once, as :meth:`Record.play` does.
        seats: the player boards drawn (seat indexes; default all), passed to the scene.
        board: whether the central board is drawn, passed to the scene.
    """

    def __init__(self, record: Record, *, step_chance: bool = True, seats: Iterable[int] | None = None,
                 board: bool = True, **kwargs: Any) -> None:
        kwargs.setdefault("title", "Bonfire")
        self.step_chance = step_chance
        """Whether a human's chance steps wait for a click (see the class docstring)."""
        self.seats = None if seats is None else tuple(seats)
        """The player boards drawn (``None``: all)."""
        self.board = board
        """Whether the central board is drawn."""
        super().__init__(record, **kwargs)

    # ---- random players --------------------------------------------------------------------------------------
    def choose_bot_action(self, state: State, legal: list[Any]) -> Any:
        """A kind of action first, then one of that kind (:func:`random_kind_first`), from ``self.bot_rng``."""
        return random_kind_first(self.bot_rng, legal)

    # ---- words -----------------------------------------------------------------------------------------------
    def chance_hint(self) -> str:
        """What to do at a chance step: click “Let chance decide” ("" elsewhere)."""
        state = self.state
        return "click “Let chance decide”" if state.is_chance_node and not state.is_terminal else ""

    def status_text(self, state: State) -> str:
        """``"Orange to act: <what is due> · council 3 of 7"`` (``step_words`` of the scene, which names who decides;
        the countdown round when it runs), the chance step due, or the result with every player's total."""
        council = f"council {state.novices_in_council()} of {END_TRIGGER[len(state.seats)]}"
        if state.countdown and not state.is_terminal:
            council += f" · countdown round {state.countdown} (pass: {COUNTDOWN[state.countdown - 1]} points)"
        if state.is_terminal:
            totals = ", ".join(f"{name} {score.total}" for name, score in state.scores().items())
            won = state.winners()
            return f"Game over: {' and '.join(won)} win{'s' * (len(won) == 1)} · {totals}"
        words = step_words(state)
        words = words[:1].upper() + words[1:]
        if state.is_chance_node:
            hint = self.chance_hint() if state is self.state else ""
            return words + (f" — {hint}" if hint else "") + f" · {council}"
        return f"{words} · {council}"

    def panel_sections(self, state: State) -> list[dict[str, Any]]:
        """Three tables: the score of each player by category if the game ended now (``state.scores()``: points
        scored in play, then the final scoring) with the totals; each player's holdings (resources, action
        tiles, boat, lit bonfires, gnomes); the steps still due (the next first); and a note that the component data
        is our own."""
        table = state.scores()
        players = list(table)
        categories = list(next(iter(table.values()))) if table else []
        rows: list[list[Any]] = [[cat.replace("_", " "), *(table[p][cat] for p in players)] for cat in categories]
        rows.append(["total", *(table[p].total for p in players)])
        ix, c = state.index, state.components
        holdings = []
        decides = state.current_player
        for k, seat in enumerate(state.seats):
            name = seat.colour + (" (decides)" if k == decides else "") + (" (out)" if seat.out else "")
            res = ", ".join(f"{n} {r}" for r, n in zip(ix.resources, seat.resources) if n) or "-"
            tiles = ", ".join(f"{n} {tile_name(a)}" for a, n in zip(ix.actions, seat.tiles) if n) or "-"
            boat = c.islands[seat.boat].name if seat.boat else "entrance"
            gnomes = ", ".join(card_name(c, g) for g in seat.gnomes) or "-"
            holdings.append([name, res, tiles, boat, sum(seat.lit), gnomes])
        steps = [["next" if n == 0 else "then", self._step_text(state, step), self._step_how(state, step)]
                 for n, step in enumerate(state.pending)]
        if not steps:
            steps = [["-", "the game is over", ""]]
        return [{"title": "Score if the game ended now", "header": ["category", *players], "rows": rows},
                {"title": "Holdings", "header": ["player", "resources", "action tiles", "boat", "lit", "gnomes"],
                 "rows": holdings},
                {"title": "Steps due", "header": ["", "step", "who"], "rows": steps},
                {"title": "Components", "header": ["note"], "rows": [[f"Islands, task discs, fate squares, seats "
                                                                      f"and common tasks: {OWN_DATA}."]]}]

    @staticmethod
    def _step_how(state: State, step: Any) -> str:
        if step.kind == "deal":
            return "chance"
        if step.kind in ("then", "end-turn"):
            return "automatic"
        return state.players[state.turn if step.seat is None else step.seat]

    @staticmethod
    def _step_text(state: State, step: Any) -> str:
        who = state.players[state.turn if step.seat is None else step.seat] if state.seats else ""
        c = state.components
        where = island_name(c, step.target) if isinstance(step.target, str) else ""
        texts = {"deal": f"draw {step.what}" + (f" for {where}" if where else ""),
                 "start-tile": f"{who} chooses the starting fate tile",
                 "act": f"{who} chooses an option of the turn",
                 "cover": f"{who} pays what is missing",
                 "then": f"carry out {action_words(state, step.action)}" if step.action else "carry out the action",
                 "dock": f"{who} may claim at {where}",
                 "march": f"{who}'s guardians {', '.join(step.items)} end a procession of {step.count} step(s)",
                 "sit": f"{who} seats a {step.what} novice",
                 "take": f"{who} takes {step.count} {step.what} of their choice",
                 "end-turn": f"end of {who}'s turn"}
        return texts.get(step.kind, step.kind)

    # ---- drawing -------------------------------------------------------------------------------------------
    def refresh(self, message: dict[str, str] | None = None) -> None:
        """Redraw (see :meth:`BoardView.refresh`); the message (a refusal with its rule, a hint) is also written
        in the board's strip, beside the buttons, where the user is looking."""
        self._note = _note_of(message)
        super().refresh(message)

    def render_scene(self, state: State) -> dict[str, Any]:
        """The scene of ``widgets.bonfire.scene.board_scene``: the clicked items outlined, the strip's buttons
        (the pick's choices and ``Cancel``, the step buttons ``btn:do:<notation>``, ``Let chance decide`` at a
        chance step) and the message of the last click (:meth:`refresh`)."""
        return board_scene(state, self.selected_items(), self._buttons(state), seats=self.seats, board=self.board,
                           note=getattr(self, "_note", None))

    def _buttons(self, state: State) -> list[tuple[str, str]]:
        if state.is_terminal:
            return []
        if state.is_chance_node:
            return [("btn:roll", "Let chance decide")]
        do = [(item, button_text(state, action)) for action, items in self.items_of(state).items() for item in items
              if item.startswith("btn:do:")]
        return [*self.choice_buttons(state), *do]

    # ---- the click model's hooks (widgets.base) -------------------------------------------------------------
    def clickable_actions(self, state: State) -> list[Any]:
        """The legal actions of the player who decides; none at a chance step (``Let chance decide`` draws it)."""
        return [] if state.is_chance_node else super().clickable_actions(state)

    def action_items(self, state: State, action: Any) -> tuple[str, ...]:
        """:func:`action_items`."""
        return action_items(state, action)

    def action_label(self, state: State, action: Any) -> str:
        """:func:`board_label`: what the action costs (its action tiles) or gains, in a few characters."""
        return board_label(state, action)

    def action_tip(self, state: State, action: Any) -> str:
        """:func:`action_label`: how the payment goes, or what the action gains, in words."""
        return action_label(state, action)

    def item_label(self, state: State, item: str, actions: Sequence[Any]) -> str:
        """As :meth:`BoardView.item_label`, but a fate square where several placements start shows the range of
        what they gain (``"+3–5"``) rather than ``"<n> ways"``, which is wider than the square and would run into
        its neighbours' labels (the hover text lists every placement)."""
        labels = list(dict.fromkeys(self.label_of(state, a) for a in actions))
        if ":fate:" in item and len(labels) > 1 and all(re.fullmatch(r"\+\d+", label) for label in labels):
            gained = sorted(int(label[1:]) for label in labels)
            return f"+{gained[0]}–{gained[-1]}"
        return super().item_label(state, item, actions)

    def choice_text(self, state: State, action: Any, among: Sequence[Any]) -> str:
        """:func:`choice_text`: a Great Bonfire reward pair, a gnome's payment, else the notation and label."""
        return choice_text(state, action)

    def item_name(self, item: str) -> str:
        """:func:`item_words`."""
        return item_words(self.state, item)

    def highlights_for(self, state: State) -> dict[str, dict[str, str]]:
        """The base's lit items (the first item of every legal action with its label, or a pick's next items and
        choices), plus, with nothing picked, the step buttons ``btn:do:<notation>`` of actions whose first item is
        on the board, and every display slot of a path tile shown twice; ``Let chance decide`` at a chance step."""
        if state.is_chance_node and not state.is_terminal:
            return {"btn:roll": {"label": "", "tone": "legal"}}
        marks = super().highlights_for(state)
        if self.selection is None:
            for action, items in self.items_of(state).items():
                first = marks.get(items[0])
                for item in items[1:]:
                    if item.startswith("btn:do:") or isinstance(action, BuildPath):
                        marks.setdefault(item, {"label": "", "tone": "legal"} if item.startswith("btn:") else
                                         dict(first or self._mark(state, item, [action])))
        return marks

    def unmatched_hint(self, state: State, target: str) -> str:
        """Whose board it is, or that the player who decides can do nothing with the item now."""
        k = state.current_player
        who = state.players[k] if k is not None else "nobody"
        owner = target.partition(":")[0]
        if owner.startswith("p") and owner[1:].isdigit() and int(owner[1:]) != k:
            return f"That is {state.players[int(owner[1:])]}'s board; {who} decides now."
        return f"Nothing {who} can do with {item_words(state, target)} now: {step_words(state)}."

    def natural_action(self, state: State, target: str, clicked: tuple[str, ...]) -> Action | None:
        """What a click on ``target`` would most naturally ask for (see the module docstring; at a chance step,
        the same, else a skip), refused by the engine so that it names the rule."""
        action = self._natural_action(state, target, clicked)
        return Skip() if action is None and state.is_chance_node else action

    def _natural_action(self, state: State, target: str, clicked: tuple[str, ...]) -> Action | None:
        """What a click on ``target`` would most naturally ask for (refused, so the engine names the rule), given
        the items ``clicked`` before it (see the module docstring); ``None`` for items without one."""
        kind, _, name = target.partition(":")
        k = state.current_player if state.current_player is not None else state.turn
        seat = state.seats[k]
        step = state.pending[0] if state.pending else None
        if kind == "island":
            return Sail(name)
        if kind == "task":
            offering = next((i.rsplit(":", 1)[1] for i in clicked if ":offering:" in i), "top")
            return TakeTask(name, offering, self._bonfire_for(seat, clicked))
        if kind == "guardian":
            return ClaimGuardian(name)
        if kind == "gb":
            return UseGreatBonfire(name, REWARD_PAIRS[0])
        if kind == "gnome":
            return Recruit(name, "2-tiles")
        if kind == "seat":
            return SitAt(name)
        if kind == "path-display":
            shown = state.path_display[int(name)] if name.isdigit() and int(name) < len(state.path_display) else None
            return BuildPath(*shown.split()) if shown else None
        if kind == "path-pile":
            return BuildFromPile()
        if not (kind.startswith("p") and kind[1:].isdigit() and int(kind[1:]) == k):
            return None
        part, _, rest = name.partition(":")
        marching = step is not None and step.kind == "march" and step.items
        if part == "bonfire" and rest.isdigit():
            disc = next((i.partition(":")[2] for i in clicked if i.startswith("task:")), None)
            if disc is not None:
                offering = next((i.rsplit(":", 1)[1] for i in clicked if ":offering:" in i), "top")
                return TakeTask(disc, offering, int(rest))
            if marching:
                return Move(step.items[0], "bonfire", int(rest))
            return Ignite(int(rest))
        if part == "guard" and rest.isdigit() and marching:
            return Move(step.items[0], "bonfire", int(rest))
        if part == "path" and rest.isdigit() and marching:
            return Move(step.items[0], "path", int(rest))
        if part == "offering" and rest in ("top", "bottom"):
            disc = next((i.partition(":")[2] for i in clicked if i.startswith("task:")), None)
            if disc is None and seat.boat in state.index.task_islands:
                disc = next((d for d in state.island_content(seat.boat) if d in state.components.task_discs), None)
            return TakeTask(disc, rest, self._bonfire_for(seat, clicked)) if disc else None
        if part == "tile" and rest:
            return Return(rest)
        if part == "resource" and rest and step is not None and step.kind == "take":
            return Take(rest)
        if part == "guardian" and not marching:
            return Procession(1)
        if part == "stack" and rest in ("top", "bottom") and seat.stack:
            return self._fate_action(state, seat, seat.stack[0] if rest == "top" else seat.stack[-1], None)
        if part == "fate":
            tile = next((seat.stack[0] if i.endswith(":stack:top") else seat.stack[-1]
                         for i in clicked if ":stack:" in i and seat.stack), seat.stack[0] if seat.stack else None)
            square = self._square(rest)
            return self._fate_action(state, seat, tile, square) if tile and square else None
        return None

    @staticmethod
    def _bonfire_for(seat: Any, clicked: tuple[str, ...]) -> int:
        chosen = next((int(i.rsplit(":", 1)[1]) for i in clicked if ":bonfire:" in i), None)
        if chosen is not None:
            return chosen
        return next((b for b, disc in enumerate(seat.tasks) if disc is None), 0)

    @staticmethod
    def _square(text: str) -> tuple[int, int] | None:
        row, _, col = text.partition(",")
        return (int(row), int(col)) if row.isdigit() and col.isdigit() else None

    @staticmethod
    def _fate_action(state: State, seat: Any, tile_id: str, square: tuple[int, int] | None) -> PlaceFate:
        """Fate tile ``tile_id`` from ``square`` lying across; without a square, its first placement that fits
        (or the top-left square if none does)."""
        if square is not None:
            return PlaceFate(tile_id, Placement(square, ACROSS))
        tile = next(t for t in state.components.fate_tiles if t.id == tile_id)
        fits = placements(seat.fate, tile)
        return PlaceFate(tile_id, fits[0] if fits else Placement((1, 1), ACROSS))


    # ---- a lesson's find-all step (widgets.lessons.AnswerKeys) -------------------------------------------------
    def answer_key(self, item: str) -> str | None:
        """The engine key a board item stands for in a lesson's find-all answer (the words of the selectors in
        :mod:`explorer.bonfire.facts`): the id after its kind (``island:mossbank`` → ``mossbank``, ``gnome:morel``
        → ``morel``); on a player's board only the board of the player to act counts, and only its fate squares
        (``p0:fate:3,1`` → ``3,1``) and bonfires (``p0:bonfire:2`` → ``bonfire:2``). Buttons stand for none."""
        if item.startswith("btn:") or ":" not in item:
            return None
        owner, _, rest = item.partition(":")
        if owner[:1] == "p" and owner[1:].isdigit():
            kind, _, key = rest.partition(":")
            if int(owner[1:]) != self.state.current_player or not key:
                return None
            return {"fate": key, "bonfire": rest}.get(kind)
        return rest
