"""Skins (1.32+): the model a unit or item shows, as the rawcode of the type whose model it
uses (``BlzGetUnitSkin``, ``BlzSetUnitSkin``, ``BlzGetItemSkin``, ``BlzSetItemSkin``).

A unit or item shows its own type's model unless created with ``BlzCreateUnitWithSkin`` /
``BlzCreateItemWithSkin`` or given a skin since (``unit.skin``, ``item.skin``). The skin is
presentation: the unit keeps its type, life and abilities. jassdoc ``BlzSetUnitSkin`` @note:
"Upon function call, all attachment visual effect are removed from whichUnit": the effects
attached to the unit (``AddSpecialEffectTarget``) stop showing (``effect.props["detached"]``)
but their handles stay valid until ``DestroyEffect``. Scale and sound set, which jassdoc says
the skin's type brings along, are not modelled.
"""
from __future__ import annotations

from natives.handles import alive
from natives.registry import native


def _of(obj, kind: str):
    obj = alive(obj)
    return obj if obj is not None and obj.type_name == kind else None


@native("BlzGetUnitSkin", "takes unit whichUnit returns integer")
def BlzGetUnitSkin(ctx, u):
    """The rawcode whose model the unit shows (its type's unless changed); 0 for null."""
    u = _of(u, "unit")
    return u.skin if u is not None else 0


@native("BlzSetUnitSkin", "takes unit whichUnit, integer skinId returns nothing")
def BlzSetUnitSkin(ctx, u, skin):
    """Show the model of type ``skinId``; the effects attached to the unit stop showing
    (jassdoc @note, module doc)."""
    u = _of(u, "unit")
    if u is None:
        return
    u.skin = skin
    for e in ctx.game.effects.effects:
        if e.target is u:
            e.props["detached"] = True


@native("BlzGetItemSkin", "takes item whichItem returns integer")
def BlzGetItemSkin(ctx, item):
    """The rawcode whose model the item shows (its type's unless changed); 0 for null."""
    item = _of(item, "item")
    return item.skin if item is not None else 0


@native("BlzSetItemSkin", "takes item whichItem, integer skinId returns nothing")
def BlzSetItemSkin(ctx, item, skin):
    """Show the model of item type ``skinId``."""
    item = _of(item, "item")
    if item is not None:
        item.skin = skin
