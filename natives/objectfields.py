"""Instanced object fields (1.31+): ``ability`` handles and the field getters and setters of
abilities, units, unit weapons and items; abilities added to items; ability art look-ups.

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
    does not have and for a level past the ability's last; the model knows only the fields
    the map's object data and the project table give, so it cannot tell and accepts those.
    The model does not apply a stored field to the state it simulates:
    ``BlzSetUnitRealField(u, UNIT_RF_SPEED, ...)`` does not change ``GetUnitMoveSpeed``.

    ``BlzAdd...LevelArrayField`` appends to the script-visible part of the array and
    ``BlzRemove...LevelArrayField`` removes the first element equal to the value from it; a
    removal of a value the script never put there is recorded in ``array_edits`` and also
    answers true.

Field getters
    ``BlzGet<Ability|Unit|UnitWeapon|Item><Type>[Level|LevelArray]Field`` answer, in order:
    the value a setter stored on this object (per instance: another unit of the same type,
    or another unit's instance of the same ability, keeps its own); for a unit, its current
    state for the "current" fields (``LIVE_UNIT_FIELDS``: 'uhpc' life, 'umpc' mana, 'umvc'
    speed, a hero's level and attributes); then the object data of the object's type
    (``natives.objecttypes``: the map's object data through the base type, then the
    project table); else ``ZERO`` of the type with a warning (once per object and field,
    ``FIELD_WARNINGS`` in all). Levels are 0-indexed (jassdoc: "Index=0 means level=1 in
    game"), so level ``L`` reads the object data's level ``L + 1``. Weapon ``index`` 0 reads
    the attack-1 field id, 1 the attack-2 one ('ua1b' -> 'ua2b'); other indices answer zero.
    An array field's object data is a comma-separated list; the getter answers its element
    ``index`` unless a setter stored one there. A null object or field, a negative level or
    index answer zero without a warning. ``BlzGetAbilityBooleanLevelField`` crashes the game
    (jassdoc @bug): it ends the calling thread with a ``game-crash`` error.

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

from natives.handles import Handle, alive, enum_value, own
from natives.objecttypes import MISSING
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
        own(owner, "ability_objects")[code] = a
    return a


def drop_ability(game, owner, code: int) -> None:
    """Destroy the ``ability`` handle of ``code`` on ``owner`` (the ability was removed)."""
    a = own(owner, "ability_objects").pop(code, None)
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
        own(obj, "fields")[key] = value
        return True
    return setter


def _set_weapon_field(ctx, u, field, index, value) -> bool:
    u, key = alive(u), _key(field)
    if u is None or key is None or index < 0:
        return False
    own(u, "weapon_fields")[(key, index)] = value
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
# Field getters
# ---------------------------------------------------------------------------------------

ZERO = {"boolean": False, "integer": 0, "real": 0.0, "string": ""}
"""What a getter answers for a null object or field, a negative level or index, and (with a
warning) a field no layer of the object data has."""
FIELD_WARNINGS = 20
"""Fields reported without data before further ones go unreported."""


def _typed(value, want: str):
    """``value`` (int, float or str from the object data or a setter) as the getter's type,
    or None when it does not convert (a word such as "large" for an integer field)."""
    if want == "string":
        return value if isinstance(value, str) else str(value)
    if isinstance(value, str):
        try:
            value = float(value) if want == "real" else int(value)
        except ValueError:
            return None
    if want == "boolean":
        return value != 0
    return float(value) if want == "real" else int(value)


_DEFENSE_TYPES = {"small": 0, "medium": 1, "large": 2, "fort": 3, "normal": 4, "hero": 5, "divine": 6,
                  "none": 7}
_ATTACK_TYPES = {"spells": 0, "normal": 1, "pierce": 2, "siege": 3, "magic": 4, "chaos": 5, "hero": 6}
ENUM_WORDS: dict[str, dict[str, int]] = {
    "udty": _DEFENSE_TYPES,
    "uarm": {"flesh": 1, "metal": 2, "wood": 3, "ethereal": 4, "stone": 5},
    "ua1t": _ATTACK_TYPES, "ua2t": _ATTACK_TYPES,
    "upra": {"str": 1, "int": 2, "agi": 3},
}
"""Integer fields the object data writes as words, word (lower case) -> the common.j value
the getter answers: 'udty' ``UNIT_IF_DEFENSE_TYPE`` ("small" is ``DEFENSE_TYPE_LIGHT`` 0 ...
"none" ``DEFENSE_TYPE_NONE`` 7, common.j's order), 'uarm' ``UNIT_IF_ARMOR_TYPE`` (the armor
sound: ``ARMOR_TYPE_FLESH`` 1 ... ``ARMOR_TYPE_STONE`` 5), 'ua1t'/'ua2t'
``UNIT_WEAPON_IF_ATTACK_ATTACK_TYPE`` ("spells" is ``ATTACK_TYPE_NORMAL`` 0 -- jassdoc
``BlzGetEventAttackType``: "Spell-damage is ATTACK_TYPE_NORMAL" -- "normal" is
``ATTACK_TYPE_MELEE`` 1 ... "hero" 6), 'upra' ``UNIT_IF_PRIMARY_ATTRIBUTE``
(``HERO_ATTRIBUTE_STR`` 1, ``INT`` 2, ``AGI`` 3)."""


def object_value(ctx, kind: str, code: int, fid: str, level: int, want: str, what: str):
    """The object-data value of field ``fid`` (``natives.objecttypes`` precedence), typed
    (a word of an ``ENUM_WORDS`` field as its common.j value); ``ZERO[want]`` and a warning
    (once per object and field) when no layer has it."""
    value = ctx.game.object_types.field_value(kind, code, fid, level)
    if isinstance(value, str) and want == "integer" and fid in ENUM_WORDS:
        value = ENUM_WORDS[fid].get(value.strip().lower(), value)
    if value is not MISSING:
        typed = _typed(value, want)
        if typed is not None:
            return typed
    unsourced = ctx.game.units.stock.setdefault("unsourced_fields", set())
    if (kind, code, fid, level) not in unsourced:
        unsourced.add((kind, code, fid, level))
        if len(unsourced) <= FIELD_WARNINGS:
            why = "no data" if value is MISSING else f"value {value!r} is not a {want}"
            at = f" level {level}" if level else ""
            ctx.warn(f"{what}: {why} for field '{fid}'{at} of {kind} '{rawcode_str(code)}': returning "
                     f"{ZERO[want]!r}" + (" (further fields are not reported)"
                                          if len(unsourced) == FIELD_WARNINGS else ""))
    return ZERO[want]


LIVE_UNIT_FIELDS = {
    "uhpc": lambda u: u.life,                    # UNIT_RF_HP: current life
    "umpc": lambda u: u.mana,                    # UNIT_RF_MANA: current mana
    "umvc": lambda u: u.move_speed,              # UNIT_RF_SPEED: current movement speed
    "ulev": lambda u: u.hero.level if u.hero else None,             # UNIT_IF_LEVEL of a hero
    "ustc": lambda u: u.hero.attribute("str", False) if u.hero else None,  # UNIT_IF_STRENGTH
    "uagc": lambda u: u.hero.attribute("agi", False) if u.hero else None,
    "uinc": lambda u: u.hero.attribute("int", False) if u.hero else None,
    "ustb": lambda u: u.hero.attribute("str", True) if u.hero else None,   # ..._WITH_BONUS
    "uagb": lambda u: u.hero.attribute("agi", True) if u.hero else None,
    "uinb": lambda u: u.hero.attribute("int", True) if u.hero else None,
}
"""Unit fields that name the unit's current state (common.j's "current" fields: 'uhpc' is
``UNIT_RF_HP``), read from the model; None falls through to the object data."""


def _get_unit_field(want: str, name: str):
    def getter(ctx, u, field):
        u, key = alive(u), _key(field)
        if u is None or key is None or u.type_name != "unit":
            return ZERO[want]
        if key in u.fields:
            return _typed(u.fields[key], want)
        fid = rawcode_str(key[1])
        live = LIVE_UNIT_FIELDS[fid](u) if fid in LIVE_UNIT_FIELDS else None
        if live is not None:
            return _typed(live, want)
        return object_value(ctx, "unit", u.type_id, fid, 0, want, name)
    return getter


def weapon_field(fid: str, index: int) -> str:
    """The field id of weapon ``index`` (0 = attack 1, 1 = attack 2): the object editor
    numbers the attacks in the id ('ua1b' attack 1 base damage, 'ua2b' attack 2)."""
    return fid.replace("1", str(index + 1), 1) if index and "1" in fid else fid


def _get_weapon_field(want: str, name: str):
    def getter(ctx, u, field, index):
        u, key = alive(u), _key(field)
        if u is None or key is None or u.type_name != "unit" or not 0 <= index <= 1:
            return ZERO[want]
        if (key, index) in u.weapon_fields:
            return _typed(u.weapon_fields[(key, index)], want)
        return object_value(ctx, "unit", u.type_id, weapon_field(rawcode_str(key[1]), index), 0, want, name)
    return getter


def _get_item_field(want: str, name: str):
    def getter(ctx, item, field):
        item, key = alive(item), _key(field)
        if item is None or key is None or item.type_name != "item":
            return ZERO[want]
        if key in item.fields:
            return _typed(item.fields[key], want)
        return object_value(ctx, "item", item.type_id, rawcode_str(key[1]), 0, want, name)
    return getter


def _get_ability_field(want: str, name: str):
    def getter(ctx, a, field):
        a, key = _live_ability(a), _key(field)
        if a is None or key is None:
            return ZERO[want]
        if key in a.fields:
            return _typed(a.fields[key], want)
        return object_value(ctx, "ability", a.code, rawcode_str(key[1]), 0, want, name)
    return getter


def _get_ability_level_field(want: str, name: str):
    def getter(ctx, a, field, level):
        a, key = _live_ability(a), _key(field)
        if a is None or key is None or level < 0:
            return ZERO[want]
        if (key, level) in a.level_fields:
            return _typed(a.level_fields[(key, level)], want)
        # jassdoc: "0-indexed level (since 1.31.1). Index=0 means level=1 in game"
        return object_value(ctx, "ability", a.code, rawcode_str(key[1]), level + 1, want, name)
    return getter


def _get_ability_array_field(want: str, name: str):
    def getter(ctx, a, field, level, index):
        a, key = _live_ability(a), _key(field)
        if a is None or key is None or level < 0 or index < 0:
            return ZERO[want]
        arr = a.level_array_fields.get((key, level), [])
        if index < len(arr) and arr[index] is not None:
            return _typed(arr[index], want)
        fid = rawcode_str(key[1])
        listed = ctx.game.object_types.field_value("ability", a.code, fid, level + 1)
        if listed is not MISSING:    # an array field is a comma-separated list in the data
            items = str(listed).split(",") if listed != "" else []
            if index >= len(items):
                return ZERO[want]
            typed = _typed(items[index], want)
            if typed is not None:
                return typed
        return object_value(ctx, "ability", a.code, fid, level + 1, want, name)
    return getter


def _register_getters() -> None:
    for t in ("Boolean", "Integer", "Real", "String"):
        low = t.lower()
        specs = [
            (f"BlzGetUnit{t}Field", f"takes unit whichUnit, unit{low}field whichField returns {low}",
             _get_unit_field, "of the unit: set on it, else its type's object data"),
            (f"BlzGetUnitWeapon{t}Field", f"takes unit whichUnit, unitweapon{low}field whichField, "
             f"integer index returns {low}", _get_weapon_field,
             "of weapon ``index`` (0 or 1) of the unit: set on it, else its type's object data"),
            (f"BlzGetItem{t}Field", f"takes item whichItem, item{low}field whichField returns {low}",
             _get_item_field, "of the item: set on it, else its type's object data"),
            (f"BlzGetAbility{t}Field", f"takes ability whichAbility, ability{low}field whichField "
             f"returns {low}", _get_ability_field, "of the ability: set on it, else the object data"),
            (f"BlzGetAbility{t}LevelArrayField", f"takes ability whichAbility, ability{low}levelarrayfield "
             f"whichField, integer level, integer index returns {low}", _get_ability_array_field,
             "element ``index`` of an array field of 0-indexed ``level``"),
        ]
        if t != "Boolean":   # BlzGetAbilityBooleanLevelField: registered below (jassdoc @bug)
            specs.append((f"BlzGetAbility{t}LevelField", f"takes ability whichAbility, "
                          f"ability{low}levelfield whichField, integer level returns {low}",
                          _get_ability_level_field, "of 0-indexed ``level`` (jassdoc: index 0 is "
                          "level 1 in game)"))
        for name, signature, make, doc in specs:
            native(name, signature)(_named(name, make(low, name),
                                           f"The {low} field {doc}; see ``natives.objecttypes`` "
                                           f"for the precedence, {ZERO[low]!r} for a null object "
                                           f"or field or a negative level or index (jassdoc "
                                           f"``{name}``)."))


_register_getters()


@native("BlzGetAbilityBooleanLevelField", "takes ability whichAbility, abilitybooleanlevelfield "
        "whichField, integer level returns boolean")
def BlzGetAbilityBooleanLevelField(ctx, a, field, level):
    """jassdoc ``BlzGetAbilityBooleanLevelField``: "@bug Should not be used (crash): Use
    ``BlzGetAbilityIntegerLevelField``". The game crashes; the runtime ends the calling thread
    with a recorded ``game-crash`` error instead of answering."""
    ctx.crash("game-crash", "BlzGetAbilityBooleanLevelField crashes the game (jassdoc @bug): "
                            "use BlzGetAbilityIntegerLevelField")


# ---------------------------------------------------------------------------------------
# Item abilities
# ---------------------------------------------------------------------------------------

@native("BlzItemAddAbility", "takes item whichItem, integer abilCode returns boolean")
def BlzItemAddAbility(ctx, item, abil):
    """Add ability ``abilCode`` to the item; false for null or one it already has."""
    item = alive(item)
    if item is None or abil in item.abilities:
        return False
    own(item, "abilities").append(abil)
    return True


@native("BlzItemRemoveAbility", "takes item whichItem, integer abilCode returns boolean")
def BlzItemRemoveAbility(ctx, item, abil):
    """Remove an ability added with ``BlzItemAddAbility`` (its ``ability`` handle goes)."""
    item = alive(item)
    if item is None or abil not in item.abilities:
        return False
    own(item, "abilities").remove(abil)
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
