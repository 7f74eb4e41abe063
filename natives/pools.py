"""Random object choices (``ChooseRandomItem``, ``ChooseRandomCreep``...) and the ``unitpool`` and
``itempool`` handles with their ``PlaceRandom*`` natives.

Draws use the game's seeded random stream (``GetRandomInt``), so they are deterministic per seed.
"""
from __future__ import annotations

from typing import Callable

from natives.handles import Handle, alive, enum_value
from natives.registry import native
from natives import unitdata
from natives.units import all_unit_types, unit_level_of, unit_store
from natives.unitdata import UnitType


# ---------------------------------------------------------------------------------------
# Random choices of object types (creep camps, item drops)
# ---------------------------------------------------------------------------------------

ITEM_TYPE_ANY = 8
"""``ITEM_TYPE_ANY`` (common.j): any item class."""


def _pick(ctx, candidates: list[int]) -> int:
    """One of ``candidates`` drawn from the game's random stream (the one ``GetRandomInt``
    uses: every random choice shares the synced stream); 0 when there is none."""
    if not candidates:
        return 0
    return candidates[ctx.game.jass_random.get_random_int(0, len(candidates) - 1)]


def _item_candidates(ctx, item_class: int | None, level: int) -> list[int]:
    store = unit_store(ctx)
    types = dict(unitdata.ITEM_TYPES)
    types.update(store.game.object_types.item_types)
    types.update(store.item_types)
    return sorted(t.code for t in types.values()
                  if t.known and t.item_class != unitdata.ITEM_CLASSES["campaign"]
                  and (item_class is None or item_class == ITEM_TYPE_ANY or t.item_class == item_class)
                  and (level < 0 or t.level == level))


@native("ChooseRandomItem", "takes integer level returns integer")
def ChooseRandomItem(ctx, level):
    """A random item type of ``level`` (-1: any level) from the item table (project data,
    campaign items excluded); 0 when none has that level."""
    return _pick(ctx, _item_candidates(ctx, None, level))


@native("ChooseRandomItemEx", "takes itemtype whichType, integer level returns integer")
def ChooseRandomItemEx(ctx, item_type, level):
    """A random item type of class ``whichType`` (``ITEM_TYPE_ANY``: every class) and
    ``level`` (-1: any level); 0 when the table has none (Blizzard.j's drop tables then
    create nothing useful, so the table covers every pair the corpus maps ask for)."""
    cls = enum_value(item_type) if item_type is not None else None
    return _pick(ctx, _item_candidates(ctx, cls, level))


def _unit_candidates(ctx, keep: Callable[[UnitType], bool]) -> list[int]:
    return sorted(t.code for t in all_unit_types(unit_store(ctx)) if t.known and keep(t))


@native("ChooseRandomCreep", "takes integer level returns integer")
def ChooseRandomCreep(ctx, level):
    """A random neutral (race "other"/creep) non-structure, non-hero type of ``level``
    (``unit_level_of``; -1: any level); 0 when none."""
    return _pick(ctx, _unit_candidates(ctx, lambda t: t.race == unitdata.RACES["x"] and not t.is_structure
                                       and not t.is_hero and "critter" not in t.flags
                                       and (level < 0 or unit_level_of(t) == level)))


@native("ChooseRandomNPBuilding", "takes nothing returns integer")
def ChooseRandomNPBuilding(ctx):
    """A random neutral passive building type (race "other" structures); 0 when none."""
    return _pick(ctx, _unit_candidates(ctx, lambda t: t.race == unitdata.RACES["x"] and t.is_structure))


# ---------------------------------------------------------------------------------------
# Unit and item pools
# ---------------------------------------------------------------------------------------

class UnitPool(Handle):
    """A ``unitpool`` agent: unit type rawcode -> weight."""

    type_name = "unitpool"

    def __init__(self) -> None:
        super().__init__()
        self.weights: dict[int, float] = {}


class ItemPool(Handle):
    """An ``itempool`` agent: item type rawcode -> weight."""

    type_name = "itempool"

    def __init__(self) -> None:
        super().__init__()
        self.weights: dict[int, float] = {}


def _draw(ctx, weights: dict[int, float]) -> int | None:
    """A rawcode drawn with probability proportional to its weight (entries with a weight
    above 0, in insertion order), from the game's random stream; None when empty."""
    entries = [(code, w) for code, w in weights.items() if w > 0.0]
    if not entries:
        return None
    total = sum(w for _, w in entries)
    x = ctx.game.jass_random.random_unit() * total
    for code, w in entries:
        if x < w:
            return code
        x -= w
    return entries[-1][0]


@native("CreateUnitPool", "takes nothing returns unitpool")
def CreateUnitPool(ctx):
    """A new, empty unit pool."""
    return ctx.game.handles.allocate(UnitPool())


@native("DestroyUnitPool", "takes unitpool whichPool returns nothing")
def DestroyUnitPool(ctx, pool):
    """Destroy the pool (its handle becomes invalid)."""
    if alive(pool) is not None:
        ctx.game.handles.destroy(pool)


@native("UnitPoolAddUnitType", "takes unitpool whichPool, integer unitId, real weight returns nothing")
def UnitPoolAddUnitType(ctx, pool, unit_id, weight):
    """Add ``unitId`` with ``weight`` (adding it again replaces its weight)."""
    pool = alive(pool)
    if pool is not None:
        pool.weights[unit_id] = weight


@native("UnitPoolRemoveUnitType", "takes unitpool whichPool, integer unitId returns nothing")
def UnitPoolRemoveUnitType(ctx, pool, unit_id):
    """Remove ``unitId`` from the pool (nothing if absent)."""
    pool = alive(pool)
    if pool is not None:
        pool.weights.pop(unit_id, None)


@native("PlaceRandomUnit", "takes unitpool whichPool, player forWhichPlayer, real x, real y, real facing returns unit")
def PlaceRandomUnit(ctx, pool, owner, x, y, facing):
    """Create one unit of a type drawn from the pool by weight (``CreateUnit`` rules); null
    for an empty or null pool or a null player."""
    pool = alive(pool)
    if pool is None or owner is None:
        return None
    code = _draw(ctx, pool.weights)
    if code is None:
        return None
    return unit_store(ctx).create_unit(owner, code, x, y, facing, ctx.warn)


@native("CreateItemPool", "takes nothing returns itempool")
def CreateItemPool(ctx):
    """A new, empty item pool."""
    return ctx.game.handles.allocate(ItemPool())


@native("DestroyItemPool", "takes itempool whichItemPool returns nothing")
def DestroyItemPool(ctx, pool):
    """Destroy the pool (its handle becomes invalid)."""
    if alive(pool) is not None:
        ctx.game.handles.destroy(pool)


@native("ItemPoolAddItemType", "takes itempool whichItemPool, integer itemId, real weight returns nothing")
def ItemPoolAddItemType(ctx, pool, item_id, weight):
    """Add ``itemId`` with ``weight`` (adding it again replaces its weight)."""
    pool = alive(pool)
    if pool is not None:
        pool.weights[item_id] = weight


@native("ItemPoolRemoveItemType", "takes itempool whichItemPool, integer itemId returns nothing")
def ItemPoolRemoveItemType(ctx, pool, item_id):
    """Remove ``itemId`` from the pool (nothing if absent)."""
    pool = alive(pool)
    if pool is not None:
        pool.weights.pop(item_id, None)


@native("PlaceRandomItem", "takes itempool whichItemPool, real x, real y returns item")
def PlaceRandomItem(ctx, pool, x, y):
    """Create one item of a type drawn from the pool by weight; null for an empty pool."""
    pool = alive(pool)
    if pool is None:
        return None
    code = _draw(ctx, pool.weights)
    if code is None:
        return None
    return unit_store(ctx).create_item(code, x, y, ctx.warn)
