"""Paying for an action: the action tiles and resources it costs, and the substitution rule for what is missing.

A cost is a number of action tiles of one type and a list of resources (:class:`Cost`). The player pays what
they hold of it first (``bonfire.assume.exact-first``); each missing action tile is then paid with 1 yellow tile
or any 2 other action tiles (``bonfire.pay.substitute-action``), each missing resource with 1 gold or any 2 other
resources (``bonfire.pay.substitute-resource``); a pair never uses the wild itself
(``bonfire.assume.substitute-pairs``). With the specialist Double Joker a yellow tile covers 2 missing tiles
(``bonfire.specialist.double-joker``). Where a cost asks for ``any`` resource (Free Offering, Flexible Pay), the
player picks one resource for it.

:func:`pay_exact` takes the held part and says what is missing; :func:`can_cover` says whether the missing part
can be paid at all; :func:`cover_options` lists the substitutes the player may choose for the first missing item,
keeping only those after which the rest can still be paid.

>>> from explorer.bonfire.components import Components
>>> ix = Index.of(Components.default())
>>> res = (0, 1, 0, 0, 2, 0)                      # gold, herbs, mushrooms, berries, wood, stone
>>> tiles = (1, 0, 0, 0, 0, 0, 1)                 # boat, task, guardian, path, great_bonfire, gnome, yellow
>>> paid = pay_exact(res, tiles, Cost("boat", 2, ("herbs", "stone")), ix)
>>> paid.tiles_missing, paid.resources_missing
(1, ('stone',))
>>> can_cover(paid, ix), cover_options(paid, ix)             # a yellow tile for the boat, 2 wood for the stone
(True, [('yellow',)])
"""

from __future__ import annotations

from dataclasses import dataclass

from .state import Index

__all__ = ["ANY", "Cost", "Paid", "pay_exact", "can_cover", "cover_options", "apply_cover"]

ANY = "any"
"""In a cost: one resource of the payer's choice."""


@dataclass(frozen=True)
class Cost:
    """What an action costs: ``tiles`` action tiles of type ``action`` and the ``resources`` listed (ids or
    :data:`ANY`)."""

    action: str | None
    tiles: int
    resources: tuple[str, ...] = ()


@dataclass(frozen=True)
class Paid:
    """A payment under way: what the payer still holds and what is still missing."""

    resources: tuple[int, ...]
    tiles: tuple[int, ...]
    action: str | None
    """The action type of the missing tiles."""
    tiles_missing: int
    resources_missing: tuple[str, ...]
    """Missing resources, :data:`ANY` ones last."""
    double_joker: bool = False

    @property
    def done(self) -> bool:
        """True when nothing is missing."""
        return not self.tiles_missing and not self.resources_missing


def pay_exact(resources: tuple[int, ...], tiles: tuple[int, ...], cost: Cost, ix: Index, *,
              double_joker: bool = False) -> Paid:
    """Pay what the payer holds of ``cost``; the rest is missing (``bonfire.assume.exact-first``).

    Raises:
        KeyError: for an action type or resource the components do not have.
    """
    res, til = list(resources), list(tiles)
    missing_tiles = 0
    if cost.action is not None and cost.tiles:
        k = ix.actions.index(cost.action)
        used = min(til[k], cost.tiles)
        til[k] -= used
        missing_tiles = cost.tiles - used
    missing: list[str] = []
    anys = 0
    for r in cost.resources:
        if r == ANY:
            anys += 1
            continue
        k = ix.resources.index(r)
        if res[k]:
            res[k] -= 1
        else:
            missing.append(r)
    return Paid(tuple(res), tuple(til), cost.action, missing_tiles, (*missing, *(ANY,) * anys), double_joker)


def can_cover(paid: Paid, ix: Index) -> bool:
    """True if the missing part of ``paid`` can be paid with substitutes (the greedy count is exact: a wild
    saves two others, so wilds go first to the items that would need a pair)."""
    yellow = paid.tiles[ix.actions.index(ix.wild_action)]
    others = sum(n for a, n in zip(ix.actions, paid.tiles) if a != ix.wild_action)
    per_yellow = 2 if paid.double_joker else 1
    if paid.tiles_missing > yellow * per_yellow + others // 2:
        return False
    gold = paid.resources[ix.resources.index(ix.wild_resource)]
    rest = sum(n for r, n in zip(ix.resources, paid.resources) if r != ix.wild_resource)
    need_plain = sum(1 for r in paid.resources_missing if r not in (ANY, ix.wild_resource))
    need_gold = sum(1 for r in paid.resources_missing if r == ix.wild_resource)
    need_any = sum(1 for r in paid.resources_missing if r == ANY)
    gold_plain = min(gold, need_plain)
    gold_any = min(gold - gold_plain, need_any)
    return 2 * (need_plain - gold_plain) + 2 * need_gold + (need_any - gold_any) <= rest


def apply_cover(paid: Paid, items: tuple[str, ...], ix: Index) -> Paid:
    """``paid`` after covering its first missing item with ``items`` (no check: see :func:`cover_options`)."""
    if paid.tiles_missing:
        til = list(paid.tiles)
        for item in items:
            til[ix.actions.index(item)] -= 1
        covered = 2 if items == (ix.wild_action,) and paid.double_joker else 1
        return Paid(paid.resources, tuple(til), paid.action, max(0, paid.tiles_missing - covered),
                    paid.resources_missing, paid.double_joker)
    res = list(paid.resources)
    for item in items:
        res[ix.resources.index(item)] -= 1
    return Paid(tuple(res), paid.tiles, paid.action, 0, paid.resources_missing[1:], paid.double_joker)


def cover_options(paid: Paid, ix: Index) -> list[tuple[str, ...]]:
    """The substitutes the payer may give for the first missing item, in a fixed order (the wild first, then
    pairs in component order), each leaving the rest payable. Empty when nothing is missing or it cannot be
    paid."""
    if paid.done or not can_cover(paid, ix):
        return []
    if paid.tiles_missing:
        wild, held = ix.wild_action, dict(zip(ix.actions, paid.tiles))
        plain = [a for a in ix.actions if a != wild]
    else:
        wild, held = ix.wild_resource, dict(zip(ix.resources, paid.resources))
        plain = [r for r in ix.resources if r != wild]
        if paid.resources_missing[0] == ANY:
            return [(r,) for r in ix.resources if held[r] and can_cover(apply_cover(paid, (r,), ix), ix)]
    options: list[tuple[str, ...]] = []
    asked = paid.action if paid.tiles_missing else paid.resources_missing[0]
    if asked != wild and held[wild]:
        options.append((wild,))
    for i, a in enumerate(plain):
        for b in plain[i:]:
            if held[a] >= (2 if a == b else 1) and held[b]:
                options.append((a, b))
    return [o for o in options if can_cover(apply_cover(paid, o, ix), ix)]
