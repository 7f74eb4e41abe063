"""A unit's abilities as instances: cooldowns, mana costs, hidden and disabled abilities, and
the abilities of a unit or item by index.

Cooldowns
    ``unit.cooldowns`` maps an ability rawcode to the game time at which it is ready again (a
    due time compared with game time: saved and loaded with the unit, never wall time).
    ``BlzStartUnitAbilityCooldown(u, a, cd)`` sets it to now + ``cd``;
    ``BlzEndUnitAbilityCooldown`` clears it ("Reduces the current ability cooldown ... to 0",
    jassdoc); ``BlzGetUnitAbilityCooldownRemaining`` answers what is left, 0 when ready. An
    ability removed from the unit loses its cooldown (``UnitRemoveAbility``: the ability added
    again is a new instance), ``UnitResetCooldown`` clears them all. jassdoc's ``@bug
    Sometimes it may return 0 for abilities based on Channel even when they are on
    cooldown`` is not reproduced: the model always answers the time left.

Cooldown and mana cost per level
    ``BlzGetAbilityCooldown(abilId, level)`` / ``BlzGetAbilityManaCost`` read the ability's
    object data ('acdn', 'amcs'); ``BlzGetUnitAbilityCooldown(u, a, level)`` /
    ``BlzGetUnitAbilityManaCost`` read the unit's instance: what ``BlzSetUnitAbility*`` stored
    on it, else the object data. The instance values live on the unit's ``ability`` handle as
    its ``ABILITY_RLF_COOLDOWN`` / ``ABILITY_ILF_MANA_COST`` level fields
    (``natives.objectfields``), so ``BlzGetAbilityRealLevelField(BlzGetUnitAbility(u, a),
    ABILITY_RLF_COOLDOWN, level)`` sees a value ``BlzSetUnitAbilityCooldown`` set and the
    reverse. Levels are 0-indexed (jassdoc: "Since 1.31: use Level 0 to read cooldown from
    Level 1"). A unit without the ability answers 0 and its setters change nothing.
    jassdoc ``BlzSetUnitAbilityCooldown``: a new cooldown "does not reduce the cooldown if the
    ability is currently on CD, it will have its new cooldown after the CD is over": the
    running cooldown is a due time the setter does not touch.

Hidden and disabled abilities (counters)
    jassdoc ``BlzUnitHideAbility`` / ``BlzUnitDisableAbility`` (@bug, 1.32.10 confirmed): the
    flags "act more like an integer counter". As the Hive's study of the game's silence
    ("SilenceEx - Everything you don't know about Silence", hiveworkshop.com/threads/274351)
    describes it, every ability instance has a disable counter and a hide counter; disabling
    adds one (and one to the hide counter when ``hideUI`` is true), enabling subtracts one;
    the ability is disabled while its disable counter is above 0 and hidden while its hide
    counter is above 0. ``BlzUnitHideAbility(u, a, flag)`` moves the hide counter only.
    ``unit.ability_counters[rawcode]`` is ``[disable, hide]``; the ability removed from the
    unit drops them. jassdoc ``BlzUnitDisableAbility`` @note: all building abilities
    ('AHbu', 'AObu', 'AUbu', 'AEbu', 'ANbu', 'AGbu') are one: disabling one the unit lacks
    disables the one it has. What a disabled or hidden ability stops (its button, its casts)
    belongs to the command card and the spell layer, which the model does not have; the
    counters are kept so scripts and tests can read them (``ability_state``).

By index
    jassdoc ``BlzGetUnitAbilityByIndex``: "Last added ability is at index 0, older abilities
    are pushed up": index 0 is the ability the unit got last. The model knows the abilities
    the unit was given (by its type or the script), not the game's internal ones (attack,
    move), so indices count only those. ``BlzGetItemAbilityByIndex`` indexes the abilities
    added to the item in the order they were added (jassdoc: which one comes first in the game
    is unspecified). Past the end, or a negative index, answers null.
"""
from __future__ import annotations

from natives.handles import alive, own
from natives.objectfields import ability_of, object_value
from natives.registry import native
from natives.unitdata import rawcode, rawcode_str

COOLDOWN_FIELD = ("abilityreallevelfield", rawcode("acdn"))
"""The field key of ``ABILITY_RLF_COOLDOWN`` ('acdn') on an ``ability`` handle."""
MANA_COST_FIELD = ("abilityintegerlevelfield", rawcode("amcs"))
"""The field key of ``ABILITY_ILF_MANA_COST`` ('amcs') on an ``ability`` handle."""
BUILD_ABILITIES = tuple(rawcode(c) for c in ("AHbu", "AObu", "AUbu", "AEbu", "ANbu", "AGbu"))
"""The building abilities jassdoc's ``BlzUnitDisableAbility`` @note counts as one."""


def _unit(u):
    u = alive(u)
    return u if u is not None and u.type_name == "unit" else None


def ability_state(u, code: int) -> tuple[bool, bool]:
    """(disabled, hidden) of ability ``code`` on unit ``u`` (module doc: counters above 0)."""
    disable, hide = u.ability_counters.get(code, (0, 0))
    return disable > 0, hide > 0


def _counted_ability(u, code: int) -> int | None:
    """The rawcode the counters of ``code`` apply to on ``u`` (a building ability stands for
    the one the unit has), or None when the unit lacks it."""
    if code in u.abilities:
        return code
    if code in BUILD_ABILITIES:
        return next((b for b in BUILD_ABILITIES if b in u.abilities), None)
    return None


def _count(u, code: int, disable: int, hide: int) -> None:
    counters = own(u, "ability_counters").setdefault(code, [0, 0])
    counters[0] += disable
    counters[1] += hide


# ---------------------------------------------------------------------------------------
# Cooldowns
# ---------------------------------------------------------------------------------------

@native("BlzGetAbilityCooldown", "takes integer abilId, integer level returns real")
def BlzGetAbilityCooldown(ctx, abil, level):
    """The ability's cooldown at 0-indexed ``level`` from its object data ('acdn'), game
    seconds; 0.0 for a negative level."""
    if level < 0:
        return 0.0
    return object_value(ctx, "ability", abil, "acdn", level + 1, "real", "BlzGetAbilityCooldown")


@native("BlzGetAbilityManaCost", "takes integer abilId, integer level returns integer")
def BlzGetAbilityManaCost(ctx, abil, level):
    """The ability's mana cost at 0-indexed ``level`` from its object data ('amcs'); 0 for
    a negative level (jassdoc @note: "Since 1.31: use Level 0 to read manacosts of Level 1")."""
    if level < 0:
        return 0
    return object_value(ctx, "ability", abil, "amcs", level + 1, "integer", "BlzGetAbilityManaCost")


def _instance_value(ctx, u, abil, level, key, want: str, name: str):
    u = _unit(u)
    if u is None or abil not in u.abilities or level < 0:
        return 0.0 if want == "real" else 0
    a = u.ability_objects.get(abil)   # a read does not create the ability handle
    if a is not None and (key, level) in a.level_fields:
        value = a.level_fields[(key, level)]
        return float(value) if want == "real" else int(value)
    return object_value(ctx, "ability", abil, rawcode_str(key[1]), level + 1, want, name)


def _set_instance_value(ctx, u, abil, level, key, value) -> None:
    a = ability_of(ctx.game, _unit(u), abil)
    if a is not None and level >= 0:
        a.level_fields[(key, level)] = value


@native("BlzGetUnitAbilityCooldown", "takes unit whichUnit, integer abilId, integer level returns real")
def BlzGetUnitAbilityCooldown(ctx, u, abil, level):
    """The unit's cooldown of the ability at 0-indexed ``level`` (game seconds): set on the
    unit, else the object data. jassdoc @note: "It does not return the remaining cooldown
    ... but the max cooldown of that ability of that unit at that level"."""
    return _instance_value(ctx, u, abil, level, COOLDOWN_FIELD, "real", "BlzGetUnitAbilityCooldown")


@native("BlzSetUnitAbilityCooldown", "takes unit whichUnit, integer abilId, integer level, real cooldown returns nothing")
def BlzSetUnitAbilityCooldown(ctx, u, abil, level, cooldown):
    """Set the unit's cooldown of the ability at 0-indexed ``level`` (a negative one is kept:
    jassdoc @note "supports negative ... numbers"); a running cooldown keeps its due time
    (jassdoc @note). jassdoc's @bug (v1.29.2: loading a saved game crashed) is fixed in the
    API sets the model follows: the value saves and loads."""
    _set_instance_value(ctx, u, abil, level, COOLDOWN_FIELD, float(cooldown))


@native("BlzGetUnitAbilityManaCost", "takes unit whichUnit, integer abilId, integer level returns integer")
def BlzGetUnitAbilityManaCost(ctx, u, abil, level):
    """The unit's mana cost of the ability at 0-indexed ``level``: set, else object data."""
    return _instance_value(ctx, u, abil, level, MANA_COST_FIELD, "integer", "BlzGetUnitAbilityManaCost")


@native("BlzSetUnitAbilityManaCost", "takes unit whichUnit, integer abilId, integer level, integer manaCost returns nothing")
def BlzSetUnitAbilityManaCost(ctx, u, abil, level, cost):
    """Set the unit's mana cost of the ability at 0-indexed ``level`` (jassdoc @bug: the
    v1.29.2 save-load crash is "Confirmed as fixed as of v1.31.1": it saves and loads)."""
    _set_instance_value(ctx, u, abil, level, MANA_COST_FIELD, int(cost))


@native("BlzGetUnitAbilityCooldownRemaining", "takes unit whichUnit, integer abilId returns real")
def BlzGetUnitAbilityCooldownRemaining(ctx, u, abil):
    """Game seconds until the unit's ability is ready; 0.0 when ready or absent."""
    u = _unit(u)
    if u is None or abil not in u.abilities:
        return 0.0
    return max(0.0, u.cooldowns.get(abil, 0.0) - ctx.game.now)


@native("BlzStartUnitAbilityCooldown", "takes unit whichUnit, integer abilCode, real cooldown returns nothing")
def BlzStartUnitAbilityCooldown(ctx, u, abil, cooldown):
    """Put the unit's ability on cooldown for ``cooldown`` game seconds from now (replacing a
    running one; 0 or less makes it ready)."""
    u = _unit(u)
    if u is None or abil not in u.abilities:
        return
    if cooldown > 0:
        own(u, "cooldowns")[abil] = ctx.game.now + cooldown
    else:
        own(u, "cooldowns").pop(abil, None)


@native("BlzEndUnitAbilityCooldown", "takes unit whichUnit, integer abilCode returns nothing")
def BlzEndUnitAbilityCooldown(ctx, u, abil):
    """jassdoc: "Reduces the current ability cooldown of a specific ability to 0"."""
    u = _unit(u)
    if u is not None:
        own(u, "cooldowns").pop(abil, None)


# ---------------------------------------------------------------------------------------
# Hide and disable
# ---------------------------------------------------------------------------------------

@native("BlzUnitHideAbility", "takes unit whichUnit, integer abilId, boolean flag returns nothing")
def BlzUnitHideAbility(ctx, u, abil, flag):
    """Hide (``flag`` true: hide counter +1) or show (-1) the unit's ability: hidden while the
    counter is above 0 (jassdoc @bug: "acts more like an integer counter")."""
    u = _unit(u)
    code = _counted_ability(u, abil) if u is not None else None
    if code is not None:
        _count(u, code, 0, 1 if flag else -1)


@native("BlzUnitDisableAbility", "takes unit whichUnit, integer abilId, boolean flag, boolean hideUI returns nothing")
def BlzUnitDisableAbility(ctx, u, abil, flag, hide):
    """Disable (``flag`` true: disable counter +1, and hide counter +1 with ``hideUI``) or
    enable (-1 each) the unit's ability (jassdoc @bug: counted; @note: building abilities
    are one; module doc)."""
    u = _unit(u)
    code = _counted_ability(u, abil) if u is not None else None
    if code is not None:
        step = 1 if flag else -1
        _count(u, code, step, step if hide else 0)


# ---------------------------------------------------------------------------------------
# By index
# ---------------------------------------------------------------------------------------

@native("BlzGetUnitAbilityByIndex", "takes unit whichUnit, integer index returns ability")
def BlzGetUnitAbilityByIndex(ctx, u, index):
    """The unit's ability at ``index``, 0 the last one added (jassdoc @note); null past the
    end."""
    u = _unit(u)
    if u is None or index < 0 or index >= len(u.abilities):
        return None
    return ability_of(ctx.game, u, list(u.abilities)[-1 - index])


@native("BlzGetItemAbilityByIndex", "takes item whichItem, integer index returns ability")
def BlzGetItemAbilityByIndex(ctx, item, index):
    """The item's added ability at ``index`` (order of adding); null past the end."""
    item = alive(item)
    if item is None or item.type_name != "item" or not 0 <= index < len(item.abilities):
        return None
    return ability_of(ctx.game, item, item.abilities[index])
