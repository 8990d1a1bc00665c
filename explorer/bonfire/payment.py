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
from typing import NamedTuple

from .state import Index

__all__ = ["ANY", "Cost", "Paid", "apply_cover", "can_cover", "cover_options", "most_tiles", "most_tiles_each",
           "pay_exact", "payment_words"]

ANY = "any"
"""In a cost: one resource of the payer's choice."""


@dataclass(frozen=True)
class Cost:
    """What an action costs: ``tiles`` action tiles of type ``action`` and the ``resources`` listed (ids or
    :data:`ANY`)."""

    action: str | None
    tiles: int
    resources: tuple[str, ...] = ()


class Paid(NamedTuple):
    """A payment under way: what the payer still holds and what is still missing (a named tuple: a value, made at
    every step of a payment)."""

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
              double_joker: bool = False, check: bool = True) -> Paid:
    """Pay what the payer holds of ``cost``; the rest is missing (``bonfire.assume.exact-first``). ``check=False``
    leaves out the check of the cost's ids, for the engine's own costs (made from the components).

    Raises:
        KeyError: for an action type or resource the components do not have.
    """
    if check:
        unknown = [r for r in cost.resources if r != ANY and r not in ix.resources]
        if cost.action is not None and cost.action not in ix.actions:
            unknown.insert(0, cost.action)
        if unknown:
            raise KeyError(f"the components have no action type or resource {', '.join(map(repr, unknown))}")
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
    yellow = paid.tiles[ix.wild_action_at]
    others = sum(paid.tiles) - yellow
    per_yellow = 2 if paid.double_joker else 1
    if paid.tiles_missing > yellow * per_yellow + others // 2:
        return False
    if not paid.resources_missing:
        return True
    wild = ix.wild_resource
    gold = paid.resources[ix.wild_resource_at]
    rest = sum(paid.resources) - gold
    need_plain = need_gold = need_any = 0
    for r in paid.resources_missing:
        if r == ANY:
            need_any += 1
        elif r == wild:
            need_gold += 1
        else:
            need_plain += 1
    gold_plain = min(gold, need_plain)
    gold_any = min(gold - gold_plain, need_any)
    return 2 * (need_plain - gold_plain) + 2 * need_gold + (need_any - gold_any) <= rest


def most_tiles(tiles: tuple[int, ...], action: str, ix: Index, *, double_joker: bool = False) -> int:
    """The most action tiles of type ``action`` a payer holding ``tiles`` can pay: those held
    (``bonfire.assume.exact-first``), then each missing one with 1 yellow tile (2 with Double Joker,
    ``bonfire.specialist.double-joker``) or any 2 other tiles (``bonfire.pay.substitute-action``). A cost of ``n``
    such tiles passes :func:`can_cover`'s count for its tiles exactly when ``n`` is at most this (the tiles and the
    resources of a cost are paid from separate holdings).

    >>> from explorer.bonfire.components import Components
    >>> ix = Index.of(Components.default())
    >>> most_tiles((1, 0, 0, 0, 0, 2, 1), "boat", ix), most_tiles((1, 0, 0, 0, 0, 2, 1), "boat", ix, double_joker=True)
    (3, 4)

    Raises:
        ValueError: for an action type the components do not have.
    """
    i, wild = ix.actions.index(action), ix.actions.index(ix.wild_action)
    held = tiles[i]
    yellow = 0 if i == wild else tiles[wild]
    others = sum(tiles) - tiles[wild] - (0 if i == wild else held)
    return held + yellow * (2 if double_joker else 1) + others // 2


def most_tiles_each(tiles: tuple[int, ...], ix: Index, *, double_joker: bool = False) -> dict[str, int]:
    """:func:`most_tiles` for every action type, by type.

    >>> from explorer.bonfire.components import Components
    >>> ix = Index.of(Components.default())
    >>> each = most_tiles_each((1, 0, 0, 0, 0, 2, 1), ix)
    >>> each["gnome"], all(each[a] == most_tiles((1, 0, 0, 0, 0, 2, 1), a, ix) for a in ix.actions)
    (3, True)
    """
    wild = ix.actions.index(ix.wild_action)
    yellow, per_yellow, plain = tiles[wild], 2 if double_joker else 1, sum(tiles) - tiles[wild]
    return {a: (held + (plain - held) // 2 + yellow * per_yellow if i != wild else held + plain // 2)
            for i, (a, held) in enumerate(zip(ix.actions, tiles))}


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


def _tiles_text(action: str, n: int) -> str:
    """``n`` action tiles of type ``action``, for a sentence: "2 great bonfire tiles"."""
    return f"{n} {action.replace('_', ' ')} tile{'s' * (n != 1)}"


def _counted(items: list[str]) -> list[str]:
    """Resources for a sentence, alike ones counted: ``["herbs", "herbs", "stone"]`` -> ``["2 herbs", "stone"]``."""
    out = []
    for item in dict.fromkeys(items):
        n = items.count(item)
        out.append(item if n == 1 else f"{n} {item}")
    return out


def payment_words(paid: Paid, cost: Cost, ix: Index) -> str:
    """One line saying how ``cost`` gets paid: what comes from the payer's holdings (:func:`pay_exact` gave
    ``paid``), then what is missing and how the substitution rule lets it be paid from what is left
    (``bonfire.pay.substitute-action``, ``bonfire.pay.substitute-resource``; Double Joker), or that it cannot be.

    Shape: ``"<held part>"`` when nothing is missing (``"free"`` for an empty cost), else ``"<held part> —
    missing <items>: pay with <substitutes>"`` (``"nothing held"`` as the held part when nothing is). A
    resource of the payer's choice (:data:`ANY`) is written ``"1 resource of your choice"`` in the held part.
    Only substitutes the holdings left offer are named (a yellow tile / gold only if one is held and it is not
    the item asked; two others only if two are held); when even these cannot pay everything the line ends
    ``"cannot be paid even with substitutes"`` (:func:`can_cover`).

    >>> from explorer.bonfire.components import Components
    >>> ix = Index.of(Components.default())
    >>> cost = Cost("task", 3, ("herbs", "stone"))
    >>> res = (0, 1, 0, 0, 0, 1)                       # gold, herbs, mushrooms, berries, wood, stone
    >>> payment_words(pay_exact(res, (0, 2, 0, 1, 0, 1, 1), cost, ix), cost, ix)
    '2 task tiles + herbs + stone — missing 1 task tile: pay with a yellow tile or 2 other tiles'
    >>> payment_words(pay_exact(res, (0, 2, 0, 0, 0, 0, 0), cost, ix), cost, ix)
    '2 task tiles + herbs + stone — missing 1 task tile: cannot be paid even with substitutes'
    >>> payment_words(pay_exact((2, 0, 0, 0, 0, 0), (1, 0, 0, 0, 0, 0, 0), Cost("boat", 1), ix), Cost("boat", 1), ix)
    '1 boat tile'

    Raises:
        ValueError: if ``paid`` misses a resource ``cost`` does not ask for (``paid`` is not :func:`pay_exact`'s
            answer for ``cost``).
    """
    held: list[str] = []
    if cost.action is not None and cost.tiles > paid.tiles_missing:
        held.append(_tiles_text(cost.action, cost.tiles - paid.tiles_missing))
    missing_res = [r for r in paid.resources_missing if r != ANY]
    from_holdings = [r for r in cost.resources if r != ANY]
    for r in missing_res:
        from_holdings.remove(r)
    held += _counted(from_holdings)
    anys = sum(1 for r in cost.resources if r == ANY)
    if anys:
        held.append(f"{anys} resource{'s' * (anys != 1)} of your choice")
    held_text = " + ".join(held)
    if paid.done or (not paid.tiles_missing and not missing_res and can_cover(paid, ix)):
        return held_text or "free"
    missing = ([_tiles_text(paid.action, paid.tiles_missing)] if paid.tiles_missing else []) + _counted(missing_res)
    head = f"{held_text or 'nothing held'} — missing {' and '.join(missing)}"
    if not missing:  # only resources of one's choice asked, and too few held to give
        head = f"{held_text} — not enough resources held"
    if not can_cover(paid, ix):
        return f"{head}: cannot be paid even with substitutes"
    parts: list[tuple[str, str]] = []  # (what is paid, how)
    n = paid.tiles_missing
    if n:
        left = dict(zip(ix.actions, paid.tiles))
        others = sum(k for a, k in left.items() if a != ix.wild_action)
        wild = f"a {ix.wild_action} tile" if left[ix.wild_action] else ""
        pair = "2 other tiles" if others >= 2 else ""
        if paid.double_joker and wild:  # one wild covers two: "each" is for the pairs only
            how = "with " + " or ".join(filter(None, (f"{wild} (Double Joker: one covers 2 tiles)",
                                                       pair + (" each" if pair and n > 1 else ""))))
        else:
            how = ("each " if n > 1 else "") + "with " + " or ".join(filter(None, (wild, pair)))
        parts.append(("the tiles" if n > 1 else "the tile", how))
    if missing_res:
        left = dict(zip(ix.resources, paid.resources))
        others = sum(k for r, k in left.items() if r != ix.wild_resource)
        wild = ix.wild_resource if left[ix.wild_resource] and any(r != ix.wild_resource for r in missing_res) else ""
        pair = "2 other resources" if others >= 2 else ""
        how = ("each " if len(missing_res) > 1 else "") + "with " + " or ".join(filter(None, (wild, pair)))
        parts.append(("the resources" if len(missing_res) > 1 else f"the {missing_res[0]}", how))
    if len(parts) == 1:
        return f"{head}: pay {parts[0][1]}"
    return f"{head}: pay " + "; ".join(f"{what} {how}" for what, how in parts)
