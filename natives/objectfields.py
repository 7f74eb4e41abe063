"""Instanced object fields (1.31+): ``ability`` handles and the field setters of abilities,
units, unit weapons and items; abilities added to items; ability art look-ups.

Ability handles
    An ``ability`` agent is one ability *on* one unit or item (``BlzGetUnitAbility``,
    ``BlzGetItemAbility``, ``GetSpellAbility``). It is created the first time a script asks
    for it and kept while the ability stays there, so asking again gives the same handle and
    the fields set on it stay. ``UnitRemoveAbility`` / ``BlzItemRemoveAbility`` destroy it
    (an ability added again is a new instance with fresh fields), and so does removing its
    unit or item. ``BlzGetAbilityId`` gives its rawcode.

Field setters
    ``BlzSet<Ability|Unit|UnitWeapon|Item><Type>[Level|LevelArray]Field`` store the value on
    the object, keyed by the field handle (``Convert*Field(rawcode)``: type name and rawcode),
    plus the level (as the native numbers it: Blizzard.j passes it through unchanged) and the
    weapon or array index:

    ========================  =================================================================
    object                    storage (``(field type name, field rawcode)`` = key)
    ========================  =================================================================
    ability                   ``fields[key]``, ``level_fields[key, level]``,
                              ``level_array_fields[key, level]`` (a list; ``None`` marks
                              elements the script never set), ``array_edits[key, level]``
                              (every set/add/remove in order)
    unit                      ``unit.fields[key]``
    unit weapon               ``unit.weapon_fields[key, index]``
    item                      ``item.fields[key]``
    ========================  =================================================================

    A setter returns true once stored; false for a null (or removed) object or field, and for
    a negative level or index. The game also answers false for a field the object's base type
    does not have and for a level past the ability's last; the runtime has no object data
    (``natives.unitdata`` holds a few approximations of unit and item types, nothing about
    abilities), so it cannot tell and accepts those. For the same reason the model does not
    apply a stored field to the state it simulates: ``BlzSetUnitRealField(u, UNIT_RF_SPEED,
    ...)`` does not change ``GetUnitMoveSpeed``.

    ``BlzAdd...LevelArrayField`` appends to the script-visible part of the array and
    ``BlzRemove...LevelArrayField`` removes the first element equal to the value from it; the
    elements the object data starts the array with are unknown, so a removal of a value the
    script never put there is recorded in ``array_edits`` and also answers true.

    The matching getters (``BlzGet...Field``) are **not registered**: for a field no script
    set they would have to return the object-data value, which the runtime does not have.

Item abilities
    ``BlzItemAddAbility`` adds an ability to the item (false if the item already has it);
    ``BlzItemRemoveAbility`` removes one added that way (false otherwise: the item type's own
    abilities are object data the runtime does not know). ``item.abilities`` keeps them in
    order. They are not granted to the carrying unit by the model.

Ability art (``GetAbilityEffectById``, ``GetAbilitySoundById``)
    Answered from ``game.units.ability_art`` / ``ability_sounds`` (the map layer or a scenario
    may fill them: ``{(ability rawcode, effecttype value): [paths]}`` and ``{(ability rawcode,
    soundtype value): label}``). A missing entry answers ``""`` (the game's answer for an art
    type the ability lacks); when the model has no art data at all for the ability a warning
    says so once per ability, since its art is object data the runtime does not ship.
"""
from __future__ import annotations

from typing import Any

from natives.handles import Handle, alive, enum_value
from natives.registry import native
from natives.unitdata import rawcode_str

ART_WARNINGS = 20
"""Abilities reported without art data before further ones go unreported."""


class Ability(Handle):
    """An ``ability`` agent: ability ``code`` on ``owner`` (a unit or an item)."""

    type_name = "ability"

    def __init__(self, code: int, owner: Any) -> None:
        super().__init__()
        self.code = code
        self.owner = owner
        self.fields: dict[tuple[str, int], Any] = {}
        self.level_fields: dict[tuple[tuple[str, int], int], Any] = {}
        self.level_array_fields: dict[tuple[tuple[str, int], int], list] = {}
        self.array_edits: dict[tuple[tuple[str, int], int], list[tuple]] = {}

    def __repr__(self) -> str:
        return f"<ability {rawcode_str(self.code)} {self.handle_id}{' destroyed' if self.destroyed else ''}>"


def _live_ability(a) -> Ability | None:
    """The ability if it and its owner still exist."""
    a = alive(a)
    if a is None or alive(a.owner) is None:
        return None
    return a


def ability_of(game, owner, code: int) -> Ability | None:
    """The ``ability`` handle of ability ``code`` on unit or item ``owner`` (created on first
    use), or None when the owner lacks it or is gone."""
    owner = alive(owner)
    if owner is None:
        return None
    if code not in owner.abilities:  # unit: rawcode -> level; item: added rawcodes
        return None
    a = owner.ability_objects.get(code)
    if a is None or a.destroyed:
        a = game.handles.allocate(Ability(code, owner))
        owner.ability_objects[code] = a
    return a


def drop_ability(game, owner, code: int) -> None:
    """Destroy the ``ability`` handle of ``code`` on ``owner`` (the ability was removed)."""
    a = owner.ability_objects.pop(code, None)
    if a is not None and not a.destroyed:
        game.handles.destroy(a)


def _key(field) -> tuple[str, int] | None:
    return None if field is None else (field.type_name, enum_value(field))


# ---------------------------------------------------------------------------------------
# Ability handles
# ---------------------------------------------------------------------------------------

@native("BlzGetUnitAbility", "takes unit whichUnit, integer abilId returns ability")
def BlzGetUnitAbility(ctx, u, abil):
    """The ability ``abilId`` of the unit (null when it does not have it)."""
    return ability_of(ctx.game, u, abil)


@native("BlzGetItemAbility", "takes item whichItem, integer abilCode returns ability")
def BlzGetItemAbility(ctx, item, abil):
    """The ability ``abilCode`` added to the item (null otherwise; see the module doc)."""
    return ability_of(ctx.game, item, abil)


@native("BlzGetAbilityId", "takes ability whichAbility returns integer")
def BlzGetAbilityId(ctx, a):
    """The ability's rawcode (0 for null)."""
    a = _live_ability(a)
    return a.code if a is not None else 0


@native("GetSpellAbility", "takes nothing returns ability", constant=True)
def GetSpellAbility(ctx):
    """The casting unit's instance of the spell of a spell event (null outside one, or when
    the caster no longer has the ability)."""
    r = ctx.thread.response
    if r.spell_unit is None or not r.spell_ability_id:
        return None
    return ability_of(ctx.game, r.spell_unit, r.spell_ability_id)


# ---------------------------------------------------------------------------------------
# Ability fields
# ---------------------------------------------------------------------------------------

def _set_ability_field(ctx, a, field, value) -> bool:
    a, key = _live_ability(a), _key(field)
    if a is None or key is None:
        return False
    a.fields[key] = value
    return True


def _set_ability_level_field(ctx, a, field, level, value) -> bool:
    a, key = _live_ability(a), _key(field)
    if a is None or key is None or level < 0:
        return False
    a.level_fields[(key, level)] = value
    return True


def _array(a: Ability, key, level) -> list:
    return a.level_array_fields.setdefault((key, level), [])


def _set_ability_array_field(ctx, a, field, level, index, value) -> bool:
    a, key = _live_ability(a), _key(field)
    if a is None or key is None or level < 0 or index < 0:
        return False
    arr = _array(a, key, level)
    while len(arr) <= index:
        arr.append(None)  # elements the object data holds: unknown
    arr[index] = value
    a.array_edits.setdefault((key, level), []).append(("set", index, value))
    return True


def _add_ability_array_field(ctx, a, field, level, value) -> bool:
    a, key = _live_ability(a), _key(field)
    if a is None or key is None or level < 0:
        return False
    _array(a, key, level).append(value)
    a.array_edits.setdefault((key, level), []).append(("add", value))
    return True


def _remove_ability_array_field(ctx, a, field, level, value) -> bool:
    a, key = _live_ability(a), _key(field)
    if a is None or key is None or level < 0:
        return False
    arr = _array(a, key, level)
    if value in arr:
        arr.remove(value)
    a.array_edits.setdefault((key, level), []).append(("remove", value))
    return True


def _register_ability_setters() -> None:
    for t in ("Boolean", "Integer", "Real", "String"):
        low = t.lower()
        field = f"ability{low}field"
        native(f"BlzSetAbility{t}Field",
               f"takes ability whichAbility, {field} whichField, {low} value returns boolean")(
            _named(f"BlzSetAbility{t}Field", _set_ability_field,
                   f"Store ``value`` as the ability's {low} field (see the module doc)."))
        native(f"BlzSetAbility{t}LevelField",
               f"takes ability whichAbility, ability{low}levelfield whichField, integer level, "
               f"{low} value returns boolean")(
            _named(f"BlzSetAbility{t}LevelField", _set_ability_level_field,
                   f"Store ``value`` as the {low} field of one level (false for level < 0)."))
        arr = f"ability{low}levelarrayfield"
        native(f"BlzSetAbility{t}LevelArrayField",
               f"takes ability whichAbility, {arr} whichField, integer level, integer index, "
               f"{low} value returns boolean")(
            _named(f"BlzSetAbility{t}LevelArrayField", _set_ability_array_field,
                   f"Store ``value`` at ``index`` of a {low} array field of one level."))
        native(f"BlzAddAbility{t}LevelArrayField",
               f"takes ability whichAbility, {arr} whichField, integer level, {low} value "
               f"returns boolean")(
            _named(f"BlzAddAbility{t}LevelArrayField", _add_ability_array_field,
                   f"Append ``value`` to a {low} array field of one level."))
        native(f"BlzRemoveAbility{t}LevelArrayField",
               f"takes ability whichAbility, {arr} whichField, integer level, {low} value "
               f"returns boolean")(
            _named(f"BlzRemoveAbility{t}LevelArrayField", _remove_ability_array_field,
                   f"Remove ``value`` from a {low} array field of one level (see the module "
                   f"doc for values the object data holds)."))


def _named(name: str, func, doc: str):
    def wrapper(ctx, *args):
        return func(ctx, *args)
    wrapper.__name__ = name
    wrapper.__qualname__ = name
    wrapper.__doc__ = doc
    return wrapper


# ---------------------------------------------------------------------------------------
# Unit, unit weapon and item fields
# ---------------------------------------------------------------------------------------

def _set_object_field(kind: str):
    def setter(ctx, obj, field, value) -> bool:
        obj, key = alive(obj), _key(field)
        if obj is None or key is None or obj.type_name != kind:
            return False
        obj.fields[key] = value
        return True
    return setter


def _set_weapon_field(ctx, u, field, index, value) -> bool:
    u, key = alive(u), _key(field)
    if u is None or key is None or index < 0:
        return False
    u.weapon_fields[(key, index)] = value
    return True


def _register_object_setters() -> None:
    for t in ("Boolean", "Integer", "Real", "String"):
        low = t.lower()
        native(f"BlzSetUnit{t}Field",
               f"takes unit whichUnit, unit{low}field whichField, {low} value returns boolean")(
            _named(f"BlzSetUnit{t}Field", _set_object_field("unit"),
                   f"Store ``value`` as the unit's {low} field (``unit.fields``)."))
        native(f"BlzSetUnitWeapon{t}Field",
               f"takes unit whichUnit, unitweapon{low}field whichField, integer index, "
               f"{low} value returns boolean")(
            _named(f"BlzSetUnitWeapon{t}Field", _set_weapon_field,
                   f"Store ``value`` as a {low} field of weapon ``index`` "
                   f"(``unit.weapon_fields``; false for index < 0)."))
        native(f"BlzSetItem{t}Field",
               f"takes item whichItem, item{low}field whichField, {low} value returns boolean")(
            _named(f"BlzSetItem{t}Field", _set_object_field("item"),
                   f"Store ``value`` as the item's {low} field (``item.fields``)."))


_register_ability_setters()
_register_object_setters()


# ---------------------------------------------------------------------------------------
# Item abilities
# ---------------------------------------------------------------------------------------

@native("BlzItemAddAbility", "takes item whichItem, integer abilCode returns boolean")
def BlzItemAddAbility(ctx, item, abil):
    """Add ability ``abilCode`` to the item; false for null or one it already has."""
    item = alive(item)
    if item is None or abil in item.abilities:
        return False
    item.abilities.append(abil)
    return True


@native("BlzItemRemoveAbility", "takes item whichItem, integer abilCode returns boolean")
def BlzItemRemoveAbility(ctx, item, abil):
    """Remove an ability added with ``BlzItemAddAbility`` (its ``ability`` handle goes)."""
    item = alive(item)
    if item is None or abil not in item.abilities:
        return False
    item.abilities.remove(abil)
    drop_ability(ctx.game, item, abil)
    return True


# ---------------------------------------------------------------------------------------
# Ability art
# ---------------------------------------------------------------------------------------

def _no_art(ctx, what: str, abil: int) -> None:
    """Warn (once per ability) when the model has no art data at all for ``abil``; an
    ability with data answers ``""`` for an art type it lacks, as the game does."""
    store = ctx.game.units
    if any(k[0] == abil for k in store.ability_art) or any(k[0] == abil for k in store.ability_sounds):
        return
    unknown = store.stock.setdefault("unknown_ability_art", set())
    if abil in unknown:
        return
    unknown.add(abil)
    if len(unknown) <= ART_WARNINGS:
        ctx.warn(f"{what}: no art data for ability '{rawcode_str(abil)}' ({abil}): returning \"\""
                 + (" (further abilities are not reported)" if len(unknown) == ART_WARNINGS else ""))


@native("GetAbilityEffectById", "takes integer abilityId, effecttype t, integer index returns string")
def GetAbilityEffectById(ctx, abil, t, index):
    """Model path ``index`` of the ability's art of type ``t`` (see the module doc)."""
    if t is None:
        return ""
    paths = ctx.game.units.ability_art.get((abil, enum_value(t)))
    if paths is None:
        _no_art(ctx, "GetAbilityEffectById", abil)
        return ""
    return paths[index] if 0 <= index < len(paths) else ""


@native("GetAbilitySoundById", "takes integer abilityId, soundtype t returns string")
def GetAbilitySoundById(ctx, abil, t):
    """Sound label of the ability's sound of type ``t`` (see the module doc)."""
    if t is None:
        return ""
    label = ctx.game.units.ability_sounds.get((abil, enum_value(t)))
    if label is None:
        _no_art(ctx, "GetAbilitySoundById", abil)
        return ""
    return label
