"""Bonfire's islands and currents: what a boat move costs and where a number of boat tiles can take a boat.

The islands (``bonfire.board.islands``): 10 task islands, each showing a resource, and 4 guardian islands.

The currents form an undirected graph (:func:`currents_graph`, a frozen ``networkx.Graph`` whose nodes are the
island ids, each carrying its ``kind``, ``resource``/``guardian`` and ``pos``). A boat at the entrance (``None``
here) sails to any island for 1 boat tile (``bonfire.boat.first-move``); after that 1 tile reaches a
neighbouring island, 2 an island up to two currents away (``bonfire.assume.boat-two-currents``) and 3 any island
(``bonfire.boat.cost``). A move always ends on another island; any number of boats may share an island
(``bonfire.boat.shared``).

>>> boat_cost(None, "toadstool_key"), boat_cost("emberholm", "mossbank"), boat_cost("emberholm", "flint_isle")
(1, 1, 2)
>>> boat_cost("emberholm", "toadstool_key")
3
>>> sorted(reachable("rose_rock", 1))
['bramble_isle', 'mossbank', 'sagewater']
"""

from __future__ import annotations

import functools

import networkx as nx

from .components import BOAT_MOVES, ENTRANCE, Components

__all__ = ["ANY_ISLAND_TILES", "FIRST_MOVE_TILES", "boat_cost", "currents_graph", "reachable"]

FIRST_MOVE_TILES = 1
"""Boat tiles for the first move, from the entrance to any island (``bonfire.boat.first-move``)."""
ANY_ISLAND_TILES = max(BOAT_MOVES)
"""Boat tiles that reach any island (``bonfire.boat.cost``): 3."""
_REACH = {tiles: currents for tiles, currents in BOAT_MOVES.items() if currents is not None}
"""Boat tiles -> the most currents they cross: 1 -> 1, 2 -> 2 (``bonfire.assume.boat-two-currents``)."""


@functools.cache
def _graph(components: Components) -> nx.Graph:
    graph = nx.Graph(name="Bonfire currents")
    for island in components.islands.values():
        graph.add_node(island.id, kind=island.kind, resource=island.resource, guardian=island.guardian,
                       pos=island.pos)
    graph.add_edges_from(components.currents)
    return nx.freeze(graph)


def currents_graph(components: Components | None = None) -> nx.Graph:
    """The islands and currents as a frozen undirected graph (built once per components).

    >>> g = currents_graph()
    >>> g.number_of_nodes(), g.number_of_edges(), g.nodes["rose_rock"]["guardian"], nx.is_connected(g)
    (14, 21, 'pink', True)
    """
    return _graph(components or Components.default())


def _island(graph: nx.Graph, island: object, what: str) -> str:
    if not isinstance(island, str) or island not in graph:
        hint = "; the boats start at the entrance, written None" if island == ENTRANCE else ""
        raise KeyError(f"unknown {what} island {island!r}{hint}")
    return island


def boat_cost(from_island: str | None, to_island: str, components: Components | None = None) -> int:
    """The fewest boat tiles that sail a boat from ``from_island`` to ``to_island``: 1 from the entrance
    (``None``) to any island (``bonfire.boat.first-move``); otherwise 1 to a neighbour, 2 to an island two
    currents away, 3 to any other island (``bonfire.boat.cost``, ``bonfire.assume.boat-two-currents``).

    >>> boat_cost("rose_rock", "azure_point"), boat_cost("oakhollow", "flint_isle")
    (3, 2)

    Raises:
        KeyError: for an unknown island.
        ValueError: when ``to_island`` is ``from_island``: a move ends on another island (``bonfire.boat.cost``).
    """
    for island in (from_island, to_island):
        if island is not None and not isinstance(island, str):
            raise KeyError(f"unknown island {island!r}")
    return _boat_cost(from_island, to_island, components or Components.default())


@functools.lru_cache(maxsize=4096)
def _boat_cost(from_island: str | None, to_island: str, components: Components) -> int:
    graph = currents_graph(components)
    _island(graph, to_island, "destination")
    if from_island is None:
        return FIRST_MOVE_TILES
    _island(graph, from_island, "starting")
    if from_island == to_island:
        raise ValueError(f"the boat already lies at {to_island}; a move ends on another island (bonfire.boat.cost)")
    currents = nx.shortest_path_length(graph, from_island, to_island)
    return min((tiles for tiles, most in _REACH.items() if currents <= most), default=ANY_ISLAND_TILES)


def reachable(from_island: str | None, tiles: int, components: Components | None = None) -> set[str]:
    """The islands a boat at ``from_island`` (``None``: at the entrance) can end on for ``tiles`` boat tiles:
    every island whose :func:`boat_cost` is at most ``tiles``, never the island it leaves. 0 tiles reach
    nothing; from the entrance 1 tile reaches every island (``bonfire.boat.first-move``); 3 or more reach every
    other island (``bonfire.boat.cost``); 2 reach those up to two currents away
    (``bonfire.assume.boat-two-currents``).

    >>> len(reachable(None, 1)), len(reachable("emberholm", 2)), len(reachable("emberholm", 3))
    (14, 5, 13)

    Raises:
        KeyError: for an unknown island.
        ValueError: for a number of tiles that is not a whole number of at least 0.
    """
    graph = currents_graph(components)
    if isinstance(tiles, bool) or not isinstance(tiles, int) or tiles < 0:
        raise ValueError(f"boat tiles are a whole number of at least 0, got {tiles!r}")
    if from_island is None:
        return set(graph) if tiles >= FIRST_MOVE_TILES else set()
    _island(graph, from_island, "starting")
    if tiles >= ANY_ISLAND_TILES:
        return set(graph) - {from_island}
    most = max((reach for paid, reach in _REACH.items() if paid <= tiles), default=0)
    within = nx.single_source_shortest_path_length(graph, from_island, cutoff=most)
    return {island for island, currents in within.items() if currents > 0}
