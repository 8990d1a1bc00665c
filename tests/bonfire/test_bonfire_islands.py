"""Bonfire's boat moves (``explorer.bonfire.islands``) on the shipped islands, against seed 002 "Barco" and
``bonfire.assume.boat-two-currents``.

The map (``data/islands.yaml``), read by hand for the costs below::

    EMB* ---- MOS ---- ROS:G ---- BRA ---- TIM*
        \\        \\        \\      /        /
         GRE:G ---- FLI ---- SAG ---- UMB:G
        /        /    \\        \\        \\
    OAK* ---- BER ---- AZU:G ---- QUA ---- TOA*
"""

from __future__ import annotations

import itertools

import networkx as nx
import pytest

from explorer.bonfire.components import Components
from explorer.bonfire.islands import ANY_ISLAND_TILES, FIRST_MOVE_TILES, boat_cost, currents_graph, reachable

C = Components.default()
ISLANDS = sorted(C.islands)


def test_currents_graph_is_the_component_data():
    g = currents_graph(C)
    assert set(g) == set(C.islands) and len(g) == 14
    assert {frozenset(e) for e in g.edges} == {frozenset(c) for c in C.currents} and g.number_of_edges() == 21
    assert nx.is_frozen(g) and currents_graph(C) is g
    assert g.nodes["azure_point"]["kind"] == "guardian" and g.nodes["emberholm"]["resource"] == "herbs"
    with pytest.raises(nx.NetworkXError):
        g.add_edge("emberholm", "toadstool_key")


def test_boat_first_move_costs_one_to_any_island():
    assert FIRST_MOVE_TILES == 1
    assert {boat_cost(None, island) for island in ISLANDS} == {1}
    assert reachable(None, 1) == set(ISLANDS) and reachable(None, 0) == set()


@pytest.mark.parametrize("here, there, tiles", [
    ("emberholm", "mossbank", 1),           # a current along the northern row
    ("grey_cairn", "oakhollow", 1),         # a current between the rows
    ("emberholm", "flint_isle", 2),         # via Mossbank or Grey Cairn
    ("timberkey", "toadstool_key", 2),      # via Umber Crag
    ("sagewater", "azure_point", 2),        # via Flint Isle or Quarry Isle
    ("oakhollow", "mossbank", 3),           # three currents: no cheaper than "any island"
    ("rose_rock", "azure_point", 3),        # three currents
    ("emberholm", "toadstool_key", 3),      # five currents, across the map
])
def test_boat_cost_on_the_shipped_islands(here, there, tiles):
    assert boat_cost(here, there, C) == tiles
    assert boat_cost(there, here, C) == tiles     # currents run both ways


def test_boat_cost_follows_the_distance_in_currents():
    for a, b in itertools.permutations(ISLANDS, 2):
        assert boat_cost(a, b) == min(C.distance(a, b), ANY_ISLAND_TILES), (a, b)


def test_reachable_is_every_island_the_tiles_pay_for():
    for here in ISLANDS:
        assert reachable(here, 0) == set()
        assert reachable(here, 1) == set(C.neighbours(here))
        for tiles in (1, 2, 3, 4):
            assert reachable(here, tiles) == {i for i in ISLANDS if i != here and boat_cost(here, i) <= tiles}
        assert reachable(here, 3) == set(ISLANDS) - {here}


def test_two_tiles_reach_up_to_two_currents():
    """bonfire.assume.boat-two-currents: a neighbour is reachable for 2 tiles as well as for 1."""
    assert reachable("emberholm", 2) == {"mossbank", "grey_cairn", "rose_rock", "flint_isle", "oakhollow"}


def test_a_move_ends_on_another_island():
    with pytest.raises(ValueError, match="bonfire.boat.cost"):
        boat_cost("sagewater", "sagewater")


@pytest.mark.parametrize("here, there", [("atlantis", "sagewater"), ("sagewater", "atlantis"),
                                         ("entrance", "sagewater"), (None, None)])
def test_unknown_islands_are_refused(here, there):
    with pytest.raises(KeyError):
        boat_cost(here, there)


@pytest.mark.parametrize("tiles", [-1, 1.5, True, "2"])
def test_reachable_refuses_a_bad_number_of_tiles(tiles):
    with pytest.raises(ValueError, match="boat tiles"):
        reachable("sagewater", tiles)


def test_the_entrance_is_written_none():
    with pytest.raises(KeyError, match="written None"):
        reachable("entrance", 1)
