"""Build a Bonfire situation from the few facts that matter: :func:`position`.

A position in the format of :mod:`.position_format` has some 60 fields, most of which follow from the others (the
supply, the boxes and piles, the council's novices, the fate stack, the guardian islands). :func:`position` starts
from a set-up game (``new_game``, every player on the spare starting fate tile), puts what you name where you name
it, moving each component from where it lay (the supply, the task box, the path pile, an island, the Great
Bonfire), derives the rest, and reads the result back with :meth:`State.from_dict`, so it raises the same
:class:`~explorer.core.InvalidData` listing every problem when the facts cannot go together.

The editors it uses work on position data (``State.to_dict()``) in place and conserve the components, so they can
be used on their own, e.g. in tests: :func:`set_tiles`, :func:`set_resources`, :func:`set_guardians`,
:func:`build_path`, :func:`give_portal`, :func:`give_gnome`, :func:`place_task`, :func:`place_fate`,
:func:`set_display`.

>>> s = position(to_act="green", tiles={"green": {"great_bonfire": 1}}, pointer="west")
>>> s.current_player, s.tile_count(1, "great_bonfire"), s.great_bonfire_used
(1, 1, True)
>>> sorted({str(a).split()[1] for a in s.legal_actions() if str(a).startswith("great-bonfire")})
['north_west']
"""

from __future__ import annotations

import copy
from collections.abc import Iterable, Mapping
from typing import Any

from explorer.core import InvalidData

from .components import Components
from .setup import new_game
from .state import State

__all__ = ["position", "set_tiles", "set_resources", "set_guardians", "build_path", "give_portal", "give_gnome",
           "place_task", "place_fate", "set_display"]

Data = dict[str, Any]


# ---- editors of position data (State.to_dict()), components conserved ---------------------------------------------
def set_tiles(d: Data, k: int, **n: int) -> None:
    """Seat ``k`` holds exactly ``n[a]`` action tiles of each type ``a`` (0 for types not named); the difference
    goes back to, or comes from, the general supply (``bonfire.setup.supply``)."""
    seat = d["seats"][k]
    for a in seat["tiles"]:
        d["board"]["supply"][a] += seat["tiles"][a] - n.get(a, 0)
        seat["tiles"][a] = n.get(a, 0)


def set_resources(d: Data, k: int, **n: int) -> None:
    """Seat ``k`` holds exactly ``n[r]`` of each resource ``r`` (0 for resources not named); resources are
    unlimited (``bonfire.assume.resources-unlimited``), so nothing is balanced."""
    for r in d["seats"][k]["resources"]:
        d["seats"][k]["resources"][r] = n.get(r, 0)


def set_guardians(d: Data, k: int, *guardians: Iterable[Any]) -> None:
    """Seat ``k``'s guardians are exactly ``guardians``, each ``(colour, "path" | "bonfire", index)`` (path 0: the
    starting tile); the old ones go back to their guardian islands and the new ones come from them."""
    seat, left = d["seats"][k], d["board"]["guardians"]
    for colour, _, _ in seat["guardians"]:
        if colour in left:
            left[colour] += 1
    seat["guardians"] = [list(g) for g in guardians]
    for colour, _, _ in seat["guardians"]:
        if colour in left:
            left[colour] -= 1


def build_path(d: Data, k: int, *kinds: str) -> None:
    """Seat ``k`` builds path tiles ``kinds`` (``"blue herbs"``), in order, after those it has, each taken from the
    face-down pile.

    Raises:
        ValueError: if the pile holds no tile of a kind named.
    """
    for kind in kinds:
        if d["board"]["path_pile"].get(kind, 0) <= 0:
            raise ValueError(f"no {kind!r} path tile is left face down to build")
        d["board"]["path_pile"][kind] -= 1
        d["seats"][k]["path"].append(kind)


def give_portal(d: Data, k: int, bonfire: int, symbol: str) -> None:
    """A ``symbol`` portal lies on seat ``k``'s bonfire ``bonfire``, taken from the first Great Bonfire space that
    holds one.

    Raises:
        ValueError: if no such portal is left round the Great Bonfire.
    """
    for row in d["board"]["portals"].values():
        if symbol in row:
            row.remove(symbol)
            break
    else:
        raise ValueError(f"no {symbol} portal is left round the Great Bonfire")
    d["seats"][k]["portals"][bonfire] = symbol


def give_gnome(d: Data, k: int, card: str) -> None:
    """Seat ``k`` has recruited gnome card ``card``, taken from the specialist reserve, or from the display (its
    place there is left empty).

    Raises:
        ValueError: if the card is neither in the reserve nor on display.
    """
    b = d["board"]
    if card in b["reserve"]:
        b["reserve"].remove(card)
    elif card in b["specialists"]:
        b["specialists"][b["specialists"].index(card)] = None
    elif card in b["elders"]:
        b["elders"][b["elders"].index(card)] = None
    elif card in b["elder_box"]:
        b["elder_box"].remove(card)
    else:
        raise ValueError(f"gnome card {card!r} is neither in the reserve, the box nor on display")
    d["seats"][k]["gnomes"].append(card)


def place_task(d: Data, k: int, bonfire: int, disc: str, seat: str | None = None) -> None:
    """Task disc ``disc`` lies on seat ``k``'s bonfire ``bonfire``, taken from the box or an island; with ``seat``
    (a council seat id) the bonfire is lit and its novice sits there (``bonfire.ignite.novice``)."""
    for spots in d["board"]["islands"].values():
        if disc in spots:
            spots.remove(disc)
    if disc in d["board"]["task_box"]:
        d["board"]["task_box"].remove(disc)
    d["seats"][k]["tasks"][bonfire] = disc
    if seat is not None:
        d["seats"][k]["lit"][bonfire] = True
        d["board"]["council"][seat].append(d["seats"][k]["colour"])


def place_fate(d: Data, k: int, *placed: str) -> None:
    """Seat ``k`` has placed fate tiles ``placed``, in order, each written ``"<tile> <square> <direction>"`` as in
    the notation (``"f1 3,1 down"``); they leave the summary board's stack."""
    seat = d["seats"][k]
    for text in placed:
        tile, _, at = text.partition(" ")
        seat["fate"]["tiles"].append({"tile": tile, "at": at})
        if tile in seat["stack"]:
            seat["stack"].remove(tile)


def set_display(d: Data, *kinds: str) -> None:
    """The 4 face-up path tiles are ``kinds`` (the old ones go back into the pile, the new ones come from it)."""
    b = d["board"]
    for kind in b["path_display"]:
        if kind:
            b["path_pile"][kind] += 1
    for kind in kinds:
        b["path_pile"][kind] -= 1
    b["path_display"] = list(kinds)


# ---- the builder ----------------------------------------------------------------------------------------------------
def position(*, players: int = 2, seed: int = 1, to_act: str | int | None = None,
             tiles: Mapping[str, Mapping[str, int]] | None = None,
             resources: Mapping[str, Mapping[str, int]] | None = None,
             boats: Mapping[str, str | None] | None = None,
             guardians: Mapping[str, Iterable[Iterable[Any]]] | None = None,
             path: Mapping[str, Iterable[str]] | None = None,
             portals: Mapping[str, Mapping[int, str]] | None = None,
             tasks: Mapping[str, Mapping[int, str]] | None = None,
             lit: Mapping[str, Mapping[int, str]] | None = None,
             gnomes: Mapping[str, Iterable[str]] | None = None,
             fate: Mapping[str, Iterable[str]] | None = None,
             path_display: Iterable[str] | None = None,
             pointer: str | None = None,
             great_bonfire_used: bool | None = None,
             components: Components | None = None) -> State:
    """A Bonfire position built from the facts that matter, everything else derived, checked by the position
    format (rulebook/seed "Setup" to "Fim do jogo"; the format is :mod:`.position_format`).

    It starts from ``new_game(players, seed)`` with every player on the spare starting fate tile
    (``bonfire.setup.start-fate-tile``: 1 of each resource, 2 yellow tiles and the spare's 3 tiles), then puts the
    facts given below in place; players are named by colour (``"orange"``), bonfires by number 0-6 from the left.

    Args:
        players, seed: the game the position comes from (its setup draws: islands, displays, portals, offering
            discs, the start player).
        to_act: the player (colour or seat) choosing the option of a fresh turn; default the start player.
        tiles: ``{colour: {action type: n}}``: exactly the action tiles held (types not named: 0); the supply
            gives or takes the difference.
        resources: ``{colour: {resource: n}}``: exactly the resources held (resources not named: 0).
        boats: ``{colour: island id}`` (``None``: at the entrance).
        guardians: ``{colour: [(guardian colour, "path" | "bonfire", index), ...]}``: exactly the player's
            guardians (the own-colour one included); the guardian islands give and take them.
        path: ``{colour: [kind, ...]}``: path tiles built (``"blue herbs"``), from the face-down pile.
        portals: ``{colour: {bonfire: symbol}}``: portals placed, from the Great Bonfire's spaces.
        tasks: ``{colour: {bonfire: task disc}}``: task discs on the bonfires (unlit), from the box or the islands.
        lit: ``{colour: {bonfire: council seat id}}``: lit bonfires (their task disc given in ``tasks``) and the
            seat of each one's novice (``bonfire.ignite.novice``).
        gnomes: ``{colour: [card id, ...]}``: gnome cards recruited, from the reserve or the display.
        fate: ``{colour: ["f1 3,1 down", ...]}``: fate tiles placed after the starting tile, in order; they leave
            the stack, which must then be left as play leaves it (top or bottom tiles taken).
        path_display: the 4 face-up path tiles.
        pointer: the Great Bonfire space the pointer shows.
        great_bonfire_used: whether anyone has used the Great Bonfire; default: True when the pointer has left
            its starting space (``bonfire.great-bonfire.turn``).
        components: components of your own (default the shipped ones).

    Derived: the supply, the task box, the path pile, the portals left round the Great Bonfire, the guardians left
    on their islands, the novices on the council (one per lit bonfire), the fate stack, whose turn it is. Common
    tasks are not awarded (the engine does that at the end of a turn, ``bonfire.assume.common-task-check``), the
    countdown has not started, and nothing else is pending.

    Returns:
        The :class:`State`, ``to_act``'s player to choose an option of the turn.

    Raises:
        InvalidData: the position format's list of every problem (a component used twice or missing, a fate
            tile that does not fit, a guardian where none can stand, a stack play cannot leave...), or a fact
            that names something the game does not have (an unknown colour, island, card, portal...).
        ValueError: for a player count outside 2-4.

    >>> s = position(tiles={"orange": {"guardian": 2}}, path={"orange": ["blue herbs", "red wood"]},
    ...              guardians={"orange": [("orange", "path", 0), ("pink", "path", 0)]})
    >>> [str(a) for a in s.apply("procession 2").legal_actions()][:3]
    ['move orange stay', 'move orange path 1', 'move orange path 2']
    """
    base = new_game(players=players, seed=seed, components=components)
    while base.phase == "setup":
        base = base.apply("start-tile spare")
    d = copy.deepcopy(base.to_dict())
    names = list(d["players"])
    problems: list[str] = []

    def seat_of(colour: str | int, where: str) -> int | None:
        if isinstance(colour, int) and not isinstance(colour, bool) and 0 <= colour < len(names):
            return colour
        if colour in names:
            return names.index(colour)
        problems.append(f"{where}: nobody plays {colour!r}; the players are {', '.join(names)}")
        return None

    def each(what: str, table: Mapping[str, Any] | None) -> Iterable[tuple[int, Any]]:
        for colour, value in (table or {}).items():
            k = seat_of(colour, what)
            if k is not None:
                yield k, value

    def attempt(where: str, edit: Any, *args: Any) -> None:
        try:
            edit(d, *args)
        except (KeyError, ValueError, IndexError) as err:
            problems.append(f"{where}: {err.args[0] if err.args else err}")

    k = base.start if to_act is None else seat_of(to_act, "to_act")
    if k is not None:
        d["turn"] = names[k]
        d["pending"] = [{"kind": "act", "seat": names[k]}]
    for k_, n in each("tiles", tiles):
        attempt(f"tiles.{names[k_]}", lambda data, kk=k_, nn=n: set_tiles(data, kk, **nn))
    for k_, n in each("resources", resources):
        attempt(f"resources.{names[k_]}", lambda data, kk=k_, nn=n: set_resources(data, kk, **nn))
    for k_, island in each("boats", boats):
        d["seats"][k_]["boat"] = island
    for k_, gs in each("guardians", guardians):
        attempt(f"guardians.{names[k_]}", set_guardians, k_, *gs)
    for k_, kinds in each("path", path):
        attempt(f"path.{names[k_]}", build_path, k_, *kinds)
    for k_, row in each("portals", portals):
        for bonfire, symbol in row.items():
            attempt(f"portals.{names[k_]}[{bonfire}]", give_portal, k_, bonfire, symbol)
    lit_on = {k_: dict(row) for k_, row in each("lit", lit)}
    for k_, row in each("tasks", tasks):
        for bonfire, disc in row.items():
            attempt(f"tasks.{names[k_]}[{bonfire}]", place_task, k_, bonfire, disc, lit_on.get(k_, {}).pop(bonfire,
                                                                                                         None))
    for k_, row in lit_on.items():
        for bonfire in row:
            problems.append(f"lit.{names[k_]}[{bonfire}]: a lit bonfire needs its task disc (give it in tasks)")
    for k_, cards in each("gnomes", gnomes):
        for card in cards:
            attempt(f"gnomes.{names[k_]}", give_gnome, k_, card)
    for k_, placed in each("fate", fate):
        attempt(f"fate.{names[k_]}", place_fate, k_, *placed)
    if path_display is not None:
        attempt("path_display", set_display, *path_display)
    if pointer is not None:
        d["board"]["pointer"] = pointer
    start = base.components.great_bonfire.pointer_start
    d["board"]["great_bonfire_used"] = (d["board"]["pointer"] != start if great_bonfire_used is None
                                        else great_bonfire_used)
    if problems:
        raise InvalidData("Bonfire position", problems)
    return State.from_dict(d, base.components)
