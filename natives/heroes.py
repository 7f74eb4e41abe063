"""Hero natives: experience, levels, skill points, attributes, names and revival of heroes.

The hero model (``natives.units.HeroData``) and the store (``natives.units.UnitStore``) live in
``natives.units``; experience figures in ``natives.experience``. Times are game seconds.
"""
from __future__ import annotations

from natives.registry import native
from natives import unitdata
from natives.units import Unit, live_unit, loc_xy, unit_store


# ---------------------------------------------------------------------------------------
# Hero natives
# ---------------------------------------------------------------------------------------

def _hero(u) -> Unit | None:
    u = live_unit(u)
    return u if u is not None and u.hero is not None else None


def _set_attr(name: str):
    def set_attr(ctx, u, value, permanent):
        u = _hero(u)
        if u is not None:
            unit_store(ctx)._adjust_attribute(u, name, float(value))

    set_attr.__doc__ = f"Set the hero's base {name} (life/mana follow for str/int)."
    return set_attr


def _get_attr(name: str):
    def get_attr(ctx, u, include_bonus):
        u = _hero(u)
        return u.hero.attribute(name, include_bonus) if u is not None else 0

    get_attr.__doc__ = f"The hero's {name} (with its bonuses when asked); 0 for a non-hero."
    return get_attr


for _n, _a in (("Str", "str"), ("Agi", "agi"), ("Int", "int")):
    native(f"SetHero{_n}", f"takes unit whichHero, integer new{_n}, boolean permanent returns nothing")(_set_attr(_a))
    native(f"GetHero{_n}", "takes unit whichHero, boolean includeBonuses returns integer")(_get_attr(_a))
del _n, _a


@native("UnitStripHeroLevel", "takes unit whichHero, integer howManyLevels returns boolean")
def UnitStripHeroLevel(ctx, u, levels):
    """Lower the hero's level (not below 1); True when it changed."""
    u = _hero(u)
    if u is None or levels <= 0 or u.hero.level <= 1:
        return False
    unit_store(ctx).set_hero_level(u, max(1, u.hero.level - levels))
    return True


@native("GetHeroXP", "takes unit whichHero returns integer")
def GetHeroXP(ctx, u):
    u = _hero(u)
    return u.hero.xp if u is not None else 0


@native("SetHeroXP", "takes unit whichHero, integer newXpVal, boolean showEyeCandy returns nothing")
def SetHeroXP(ctx, u, xp, show):
    """Set experience; levels are gained, never lost."""
    u = _hero(u)
    if u is not None:
        store = unit_store(ctx)
        u.hero.xp = max(0, xp)
        store.add_hero_xp(u, 0)


@native("AddHeroXP", "takes unit whichHero, integer xpToAdd, boolean showEyeCandy returns nothing")
def AddHeroXP(ctx, u, xp, show):
    """Add experience (ignored while suspended); never lowers the level."""
    u = _hero(u)
    if u is not None and not u.hero.xp_suspended:
        unit_store(ctx).add_hero_xp(u, xp)


@native("SetHeroLevel", "takes unit whichHero, integer level, boolean showEyeCandy returns nothing")
def SetHeroLevel(ctx, u, level, show):
    """Raise the hero to ``level`` (lower values do nothing; see UnitStripHeroLevel)."""
    u = _hero(u)
    if u is not None and level > u.hero.level:
        unit_store(ctx).set_hero_level(u, level)


@native("GetHeroLevel", "takes unit whichHero returns integer", constant=True)
def GetHeroLevel(ctx, u):
    u = _hero(u)
    return u.hero.level if u is not None else 0


@native("GetHeroSkillPoints", "takes unit whichHero returns integer")
def GetHeroSkillPoints(ctx, u):
    u = _hero(u)
    return u.hero.skill_points if u is not None else 0


@native("UnitModifySkillPoints", "takes unit whichHero, integer skillPointDelta returns boolean")
def UnitModifySkillPoints(ctx, u, delta):
    """Add ``delta`` skill points (not below 0); False when there were none and delta <= 0."""
    u = _hero(u)
    if u is None:
        return False
    h = u.hero
    if h.skill_points == 0 and delta <= 0:
        return False
    h.skill_points = max(0, h.skill_points + delta)
    return True


@native("GetHeroProperName", "takes unit whichHero returns string")
def GetHeroProperName(ctx, u):
    """The hero's proper name (the type's name unless changed); null for non-heroes."""
    u = _hero(u)
    return u.proper_name if u is not None else None


@native("BlzSetHeroProperName", "takes unit whichUnit, string heroProperName returns nothing")
def BlzSetHeroProperName(ctx, u, name):
    u = _hero(u)
    if u is not None:
        u.proper_name = name if name is not None else ""


@native("SuspendHeroXP", "takes unit whichHero, boolean flag returns nothing")
def SuspendHeroXP(ctx, u, flag):
    u = _hero(u)
    if u is not None:
        u.hero.xp_suspended = flag


@native("IsSuspendedXP", "takes unit whichHero returns boolean")
def IsSuspendedXP(ctx, u):
    u = _hero(u)
    return u is not None and u.hero.xp_suspended


@native("SelectHeroSkill", "takes unit whichHero, integer abilcode returns nothing")
def SelectHeroSkill(ctx, u, abilcode):
    """Spend one skill point to learn/raise ``abilcode`` (publishes ``HeroSkill``)."""
    u = _hero(u)
    if u is not None:
        unit_store(ctx).learn_skill(u, abilcode)


@native("ReviveHero", "takes unit whichHero, real x, real y, boolean doEyecandy returns boolean")
def ReviveHero(ctx, u, x, y, eyecandy):
    u = _hero(u)
    return u is not None and unit_store(ctx).revive_hero(u, x, y)


@native("ReviveHeroLoc", "takes unit whichHero, location loc, boolean doEyecandy returns boolean")
def ReviveHeroLoc(ctx, u, loc, eyecandy):
    u, pos = _hero(u), loc_xy(loc)
    return u is not None and pos is not None and unit_store(ctx).revive_hero(u, *pos)


@native("IsHeroUnitId", "takes integer unitId returns boolean", constant=True)
def IsHeroUnitId(ctx, unit_id):
    return unitdata.is_hero_id(unit_id)
