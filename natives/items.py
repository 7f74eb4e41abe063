"""Item natives and inventories: creating, picking up, dropping, using and reading items.

The item model (``natives.units.Item``) and the store (``natives.units.UnitStore``) live in
``natives.units``. Coordinates are world units.
"""
from __future__ import annotations

from natives.boolexpr import eval_filter
from natives.handles import alive, enum_handle, own
from natives.orders import make_order
from natives.registry import native
from natives.units import Item, Unit, live_unit, unit_store


# ---------------------------------------------------------------------------------------
# Inventory
# ---------------------------------------------------------------------------------------

@native("UnitInventorySize", "takes unit whichUnit returns integer")
def UnitInventorySize(ctx, u):
    u = live_unit(u)
    return u.inventory_size() if u is not None else 0


@native("UnitAddItem", "takes unit whichUnit, item whichItem returns boolean")
def UnitAddItem(ctx, u, item):
    u, item = live_unit(u), alive(item)
    if u is None or item is None:
        return False
    return unit_store(ctx).give_item(u, item)


@native("UnitAddItemById", "takes unit whichUnit, integer itemId returns item")
def UnitAddItemById(ctx, u, item_id):
    """Create the item at the unit and give it; it stays on the ground if there is no room."""
    u = live_unit(u)
    if u is None:
        return None
    store = unit_store(ctx)
    item = store.create_item(item_id, u.x, u.y, ctx.warn)
    store.give_item(u, item)
    return item


@native("UnitAddItemToSlotById", "takes unit whichUnit, integer itemId, integer itemSlot returns boolean")
def UnitAddItemToSlotById(ctx, u, item_id, slot):
    """Create the item into an empty ``slot``; False (nothing created) otherwise."""
    u = live_unit(u)
    if u is None or not (0 <= slot < u.inventory_size()) or u.inventory[slot] is not None:
        return False
    store = unit_store(ctx)
    item = store.create_item(item_id, u.x, u.y, ctx.warn)
    return store.give_item(u, item, slot)


@native("UnitRemoveItem", "takes unit whichUnit, item whichItem returns nothing")
def UnitRemoveItem(ctx, u, item):
    """Drop the item at the unit's feet."""
    u, item = live_unit(u), alive(item)
    if u is not None and item is not None:
        unit_store(ctx).drop_item(u, item, u.x, u.y)


@native("UnitRemoveItemFromSlot", "takes unit whichUnit, integer itemSlot returns item")
def UnitRemoveItemFromSlot(ctx, u, slot):
    u = live_unit(u)
    if u is None or not (0 <= slot < u.inventory_size()):
        return None
    item = u.inventory[slot]
    if item is not None:
        unit_store(ctx).drop_item(u, item, u.x, u.y)
    return item


@native("UnitHasItem", "takes unit whichUnit, item whichItem returns boolean")
def UnitHasItem(ctx, u, item):
    u, item = live_unit(u), alive(item)
    return u is not None and item is not None and item.holder is u


@native("UnitItemInSlot", "takes unit whichUnit, integer itemSlot returns item")
def UnitItemInSlot(ctx, u, slot):
    u = live_unit(u)
    if u is None or not (0 <= slot < u.inventory_size()):
        return None
    return u.inventory[slot]


@native("UnitDropItemPoint", "takes unit whichUnit, item whichItem, real x, real y returns boolean")
def UnitDropItemPoint(ctx, u, item, x, y):
    """The model drops the item at (x, y) at once (no walking)."""
    u, item = live_unit(u), alive(item)
    if u is None or item is None or not item.droppable:
        return False
    return unit_store(ctx).drop_item(u, item, x, y)


@native("UnitDropItemSlot", "takes unit whichUnit, item whichItem, integer slot returns boolean")
def UnitDropItemSlot(ctx, u, item, slot):
    """Move a carried item to another inventory slot (swapping with its occupant)."""
    u, item = live_unit(u), alive(item)
    if u is None or item is None or item.holder is not u:
        return False
    if not (0 <= slot < u.inventory_size()):
        return False
    i = u.inventory.index(item)
    inventory = own(u, "inventory")
    inventory[i], inventory[slot] = inventory[slot], item
    return True


@native("UnitDropItemTarget", "takes unit whichUnit, item whichItem, widget target returns boolean")
def UnitDropItemTarget(ctx, u, item, target):
    """Give a carried item to another unit (at once)."""
    u, item, target = live_unit(u), alive(item), alive(target)
    if u is None or item is None or item.holder is not u or not item.droppable:
        return False
    if not isinstance(target, Unit):
        return False
    store = unit_store(ctx)
    if not target.alive or None not in target.inventory:
        return False
    store.drop_item(u, item, u.x, u.y)
    return store.give_item(target, item)


def _use_item(ctx, u, item, kind: str, **kw) -> bool:
    """Issue the "use the item in slot N" order (``useslot1``..``useslot6``) for a carried
    item. Like the other ``Issue*`` natives the model records the order and answers true for
    a live unit (the item's ability, target and cooldown are not checked, and the use
    itself, ``ItemUse``, is left to whatever executes orders: scenario steps)."""
    u, item = live_unit(u), alive(item)
    if u is None or item is None or item.holder is not u or u.dead:
        return False
    slot = u.inventory.index(item) + 1
    return unit_store(ctx).issue(u, make_order(kind, f"useslot{slot}", **kw))


@native("UnitUseItem", "takes unit whichUnit, item whichItem returns boolean")
def UnitUseItem(ctx, u, item):
    """Order the unit to use a carried item (see ``_use_item``)."""
    return _use_item(ctx, u, item, "immediate")


@native("UnitUseItemPoint", "takes unit whichUnit, item whichItem, real x, real y returns boolean")
def UnitUseItemPoint(ctx, u, item, x, y):
    """Order the unit to use a carried item on the point (x, y) (see ``_use_item``)."""
    return _use_item(ctx, u, item, "point", x=x, y=y)


@native("UnitUseItemTarget", "takes unit whichUnit, item whichItem, widget target returns boolean")
def UnitUseItemTarget(ctx, u, item, target):
    """Order the unit to use a carried item on a widget (false for a null target)."""
    target = alive(target)
    if target is None:
        return False
    return _use_item(ctx, u, item, "target", target=target)


# ---------------------------------------------------------------------------------------
# Items
# ---------------------------------------------------------------------------------------

def _item(i) -> Item | None:
    return alive(i)


@native("CreateItem", "takes integer itemid, real x, real y returns item")
def CreateItem(ctx, item_id, x, y):
    return unit_store(ctx).create_item(item_id, x, y, ctx.warn)


@native("BlzCreateItemWithSkin", "takes integer itemid, real x, real y, integer skinId returns item")
def BlzCreateItemWithSkin(ctx, item_id, x, y, skin):
    """``CreateItem`` showing the model of type ``skinId`` (``BlzGetItemSkin``)."""
    item = unit_store(ctx).create_item(item_id, x, y, ctx.warn)
    item.skin = skin
    return item


@native("RemoveItem", "takes item whichItem returns nothing")
def RemoveItem(ctx, item):
    item = _item(item)
    if item is not None:
        unit_store(ctx).remove_item(item)


@native("GetItemPlayer", "takes item whichItem returns player")
def GetItemPlayer(ctx, item):
    item = _item(item)
    return item.owner if item is not None else None


@native("SetItemPlayer", "takes item whichItem, player whichPlayer, boolean changeColor returns nothing")
def SetItemPlayer(ctx, item, p, change_color):
    item = _item(item)
    if item is not None and p is not None:
        item.owner = p


@native("GetItemTypeId", "takes item i returns integer")
def GetItemTypeId(ctx, item):
    item = _item(item)
    return item.type_id if item is not None else 0


@native("GetItemX", "takes item i returns real")
def GetItemX(ctx, item):
    """Ground position, or the carrier's position for a carried item."""
    item = _item(item)
    return item.position[0] if item is not None else 0.0


@native("GetItemY", "takes item i returns real")
def GetItemY(ctx, item):
    item = _item(item)
    return item.position[1] if item is not None else 0.0


@native("SetItemPosition", "takes item i, real x, real y returns nothing")
def SetItemPosition(ctx, item, x, y):
    """Place on the ground at (x, y), taking it from its carrier if needed."""
    item = _item(item)
    if item is None:
        return
    if item.holder is not None:
        unit_store(ctx).drop_item(item.holder, item, x, y)
    item.x, item.y = x, y


@native("SetItemDropOnDeath", "takes item whichItem, boolean flag returns nothing")
def SetItemDropOnDeath(ctx, item, flag):
    item = _item(item)
    if item is not None:
        item.drop_on_death = flag


@native("SetItemDroppable", "takes item i, boolean flag returns nothing")
def SetItemDroppable(ctx, item, flag):
    item = _item(item)
    if item is not None:
        item.droppable = flag


@native("SetItemPawnable", "takes item i, boolean flag returns nothing")
def SetItemPawnable(ctx, item, flag):
    item = _item(item)
    if item is not None:
        item.pawnable = flag


@native("SetItemInvulnerable", "takes item whichItem, boolean flag returns nothing")
def SetItemInvulnerable(ctx, item, flag):
    item = _item(item)
    if item is not None:
        item.invulnerable = flag


@native("IsItemInvulnerable", "takes item whichItem returns boolean")
def IsItemInvulnerable(ctx, item):
    item = _item(item)
    return item is not None and item.invulnerable


@native("SetItemVisible", "takes item whichItem, boolean show returns nothing")
def SetItemVisible(ctx, item, show):
    item = _item(item)
    if item is not None:
        item.visible = show


@native("IsItemVisible", "takes item whichItem returns boolean")
def IsItemVisible(ctx, item):
    """Visible on the ground (a carried item is not visible)."""
    item = _item(item)
    return item is not None and item.visible and item.holder is None


@native("IsItemOwned", "takes item whichItem returns boolean")
def IsItemOwned(ctx, item):
    """Carried by a unit."""
    item = _item(item)
    return item is not None and item.holder is not None


@native("IsItemPowerup", "takes item whichItem returns boolean")
def IsItemPowerup(ctx, item):
    item = _item(item)
    return item is not None and item.itype.powerup


@native("IsItemSellable", "takes item whichItem returns boolean")
def IsItemSellable(ctx, item):
    item = _item(item)
    return item is not None and item.itype.sellable


@native("IsItemPawnable", "takes item whichItem returns boolean")
def IsItemPawnable(ctx, item):
    item = _item(item)
    return item is not None and item.pawnable


@native("IsItemIdPowerup", "takes integer itemId returns boolean")
def IsItemIdPowerup(ctx, item_id):
    return unit_store(ctx).item_type(item_id, ctx.warn).powerup


@native("IsItemIdSellable", "takes integer itemId returns boolean")
def IsItemIdSellable(ctx, item_id):
    return unit_store(ctx).item_type(item_id, ctx.warn).sellable


@native("IsItemIdPawnable", "takes integer itemId returns boolean")
def IsItemIdPawnable(ctx, item_id):
    return unit_store(ctx).item_type(item_id, ctx.warn).pawnable


@native("GetItemLevel", "takes item whichItem returns integer")
def GetItemLevel(ctx, item):
    item = _item(item)
    return item.itype.level if item is not None else 0


@native("GetItemType", "takes item whichItem returns itemtype")
def GetItemType(ctx, item):
    item = _item(item)
    return enum_handle("itemtype", item.itype.item_class) if item is not None else None


@native("SetItemDropID", "takes item whichItem, integer unitId returns nothing")
def SetItemDropID(ctx, item, unit_id):
    item = _item(item)
    if item is not None:
        item.drop_id = unit_id


@native("GetItemName", "takes item whichItem returns string", constant=True)
def GetItemName(ctx, item):
    item = _item(item)
    return item.itype.name if item is not None else None


@native("GetItemCharges", "takes item whichItem returns integer")
def GetItemCharges(ctx, item):
    item = _item(item)
    return item.charges if item is not None else 0


@native("SetItemCharges", "takes item whichItem, integer charges returns nothing")
def SetItemCharges(ctx, item, charges):
    item = _item(item)
    if item is not None:
        item.charges = charges


@native("GetItemUserData", "takes item whichItem returns integer")
def GetItemUserData(ctx, item):
    item = _item(item)
    return item.user_data if item is not None else 0


@native("SetItemUserData", "takes item whichItem, integer data returns nothing")
def SetItemUserData(ctx, item, data):
    item = _item(item)
    if item is not None:
        item.user_data = data


@native("EnumItemsInRect", "takes rect r, boolexpr filter, code actionFunc returns nothing")
def EnumItemsInRect(ctx, r, filt, action):
    """Ground items inside ``r`` passing ``filter``, creation order; ``action`` runs once
    per item with ``GetEnumItem``."""
    r = alive(r)
    if r is None:
        return
    chosen = []
    for item in list(unit_store(ctx).items.values()):
        if item.destroyed or item.holder is not None or not r.contains(item.x, item.y):
            continue
        if filt is None or eval_filter(ctx, filt, filter_item=item):
            chosen.append(item)
    if action is None:
        return
    for item in chosen:
        if not item.destroyed:
            ctx.run_code(action, enum_item=item)
