"""Destructable natives: creating, killing, reviving and reading destructables (trees, gates...).

The destructable model (``natives.units.Destructable``) and the store live in ``natives.units``.
Coordinates are world units, facings degrees.
"""
from __future__ import annotations

from natives.boolexpr import eval_filter
from natives.handles import alive, own
from natives.registry import native
from natives.units import Destructable, set_destructable_life, unit_store


# ---------------------------------------------------------------------------------------
# Destructables
# ---------------------------------------------------------------------------------------

def _d(d) -> Destructable | None:
    return alive(d)




@native("CreateDestructable", "takes integer objectid, real x, real y, real face, real scale, integer variation returns destructable")
def CreateDestructable(ctx, code, x, y, face, scale, variation):
    return unit_store(ctx).create_destructable(code, x, y, ctx.game.terrain_height(x, y), face,
                                           scale, variation, warn=ctx.warn)


@native("CreateDestructableZ", "takes integer objectid, real x, real y, real z, real face, real scale, integer variation returns destructable")
def CreateDestructableZ(ctx, code, x, y, z, face, scale, variation):
    return unit_store(ctx).create_destructable(code, x, y, z, face, scale, variation,
                                           warn=ctx.warn)


@native("CreateDeadDestructable", "takes integer objectid, real x, real y, real face, real scale, integer variation returns destructable")
def CreateDeadDestructable(ctx, code, x, y, face, scale, variation):
    return unit_store(ctx).create_destructable(code, x, y, ctx.game.terrain_height(x, y), face,
                                           scale, variation, dead=True, warn=ctx.warn)


@native("CreateDeadDestructableZ", "takes integer objectid, real x, real y, real z, real face, real scale, integer variation returns destructable")
def CreateDeadDestructableZ(ctx, code, x, y, z, face, scale, variation):
    return unit_store(ctx).create_destructable(code, x, y, z, face, scale, variation, dead=True,
                                           warn=ctx.warn)


@native("BlzCreateDestructableWithSkin", "takes integer objectid, real x, real y, real face, real scale, integer variation, integer skinId returns destructable")
def BlzCreateDestructableWithSkin(ctx, code, x, y, face, scale, variation, skin):
    return unit_store(ctx).create_destructable(code, x, y, ctx.game.terrain_height(x, y), face,
                                           scale, variation, skin=skin, warn=ctx.warn)


@native("BlzCreateDestructableZWithSkin", "takes integer objectid, real x, real y, real z, real face, real scale, integer variation, integer skinId returns destructable")
def BlzCreateDestructableZWithSkin(ctx, code, x, y, z, face, scale, variation, skin):
    return unit_store(ctx).create_destructable(code, x, y, z, face, scale, variation, skin=skin,
                                           warn=ctx.warn)


@native("BlzCreateDeadDestructableWithSkin", "takes integer objectid, real x, real y, real face, real scale, integer variation, integer skinId returns destructable")
def BlzCreateDeadDestructableWithSkin(ctx, code, x, y, face, scale, variation, skin):
    return unit_store(ctx).create_destructable(code, x, y, ctx.game.terrain_height(x, y), face,
                                           scale, variation, dead=True, skin=skin,
                                           warn=ctx.warn)


@native("BlzCreateDeadDestructableZWithSkin", "takes integer objectid, real x, real y, real z, real face, real scale, integer variation, integer skinId returns destructable")
def BlzCreateDeadDestructableZWithSkin(ctx, code, x, y, z, face, scale, variation, skin):
    return unit_store(ctx).create_destructable(code, x, y, z, face, scale, variation, dead=True,
                                           skin=skin, warn=ctx.warn)


@native("RemoveDestructable", "takes destructable d returns nothing")
def RemoveDestructable(ctx, d):
    d = _d(d)
    if d is not None:
        unit_store(ctx).remove_destructable(d)


@native("KillDestructable", "takes destructable d returns nothing")
def KillDestructable(ctx, d):
    d = _d(d)
    if d is not None:
        unit_store(ctx).kill_destructable(d)


@native("SetDestructableInvulnerable", "takes destructable d, boolean flag returns nothing")
def SetDestructableInvulnerable(ctx, d, flag):
    d = _d(d)
    if d is not None:
        d.invulnerable = flag


@native("IsDestructableInvulnerable", "takes destructable d returns boolean")
def IsDestructableInvulnerable(ctx, d):
    d = _d(d)
    return d is not None and d.invulnerable


@native("EnumDestructablesInRect", "takes rect r, boolexpr filter, code actionFunc returns nothing")
def EnumDestructablesInRect(ctx, r, filt, action):
    """Destructables (dead ones included) inside ``r`` passing ``filter``, creation order;
    ``action`` runs once per destructable with ``GetEnumDestructable``."""
    r = alive(r)
    if r is None:
        return
    chosen = []
    for d in list(unit_store(ctx).destructables.values()):
        if d.destroyed or not r.contains(d.x, d.y):
            continue
        if filt is None or eval_filter(ctx, filt, filter_destructable=d):
            chosen.append(d)
    if action is None:
        return
    for d in chosen:
        if not d.destroyed:
            ctx.run_code(action, enum_destructable=d)


@native("GetDestructableTypeId", "takes destructable d returns integer")
def GetDestructableTypeId(ctx, d):
    d = _d(d)
    return d.type_id if d is not None else 0


@native("GetDestructableX", "takes destructable d returns real")
def GetDestructableX(ctx, d):
    d = _d(d)
    return d.x if d is not None else 0.0


@native("GetDestructableY", "takes destructable d returns real")
def GetDestructableY(ctx, d):
    d = _d(d)
    return d.y if d is not None else 0.0


@native("SetDestructableLife", "takes destructable d, real life returns nothing")
def SetDestructableLife(ctx, d, life):
    """Set life (clamped to max); 0 kills it."""
    d = _d(d)
    if d is not None:
        set_destructable_life(unit_store(ctx), d, life)


@native("GetDestructableLife", "takes destructable d returns real")
def GetDestructableLife(ctx, d):
    d = _d(d)
    return d.life if d is not None else 0.0


@native("SetDestructableMaxLife", "takes destructable d, real max returns nothing")
def SetDestructableMaxLife(ctx, d, maximum):
    d = _d(d)
    if d is not None:
        d.max_life = max(0.0, maximum)
        d.life = min(d.life, d.max_life)


@native("GetDestructableMaxLife", "takes destructable d returns real")
def GetDestructableMaxLife(ctx, d):
    d = _d(d)
    return d.max_life if d is not None else 0.0


@native("DestructableRestoreLife", "takes destructable d, real life, boolean birth returns nothing")
def DestructableRestoreLife(ctx, d, life, birth):
    """Bring a destructable (dead or alive) back with ``life`` (clamped to max)."""
    d = _d(d)
    if d is None:
        return
    d.life = max(0.0, min(life, d.max_life))
    if d.life > 0.0:
        d.dead = False


@native("QueueDestructableAnimation", "takes destructable d, string whichAnimation returns nothing")
def QueueDestructableAnimation(ctx, d, anim):
    d = _d(d)
    if d is not None:
        own(d, "animation_queue").append(anim)


@native("SetDestructableAnimation", "takes destructable d, string whichAnimation returns nothing")
def SetDestructableAnimation(ctx, d, anim):
    d = _d(d)
    if d is not None:
        d.animation = anim
        if d.animation_queue:
            own(d, "animation_queue").clear()


@native("SetDestructableAnimationSpeed", "takes destructable d, real speedFactor returns nothing")
def SetDestructableAnimationSpeed(ctx, d, speed):
    d = _d(d)
    if d is not None:
        d.animation_speed = speed


@native("ShowDestructable", "takes destructable d, boolean flag returns nothing")
def ShowDestructable(ctx, d, flag):
    d = _d(d)
    if d is not None:
        d.visible = flag


@native("GetDestructableOccluderHeight", "takes destructable d returns real")
def GetDestructableOccluderHeight(ctx, d):
    d = _d(d)
    return d.occluder_height if d is not None else 0.0


@native("SetDestructableOccluderHeight", "takes destructable d, real height returns nothing")
def SetDestructableOccluderHeight(ctx, d, height):
    d = _d(d)
    if d is not None:
        d.occluder_height = height


@native("GetDestructableName", "takes destructable d returns string")
def GetDestructableName(ctx, d):
    d = _d(d)
    return d.dtype.name if d is not None else None
