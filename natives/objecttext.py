"""Object text and art: the tooltips, icons and button positions of abilities, units and
items (``BlzGetAbility*``/``BlzSetAbility*``, ``BlzGetItem*``/``BlzSetItem*``), and the
ability-string natives that never worked (``GetAbilityEffect``, ``GetAbilitySound``,
``AbilityId``, ``AbilityId2String``).

By rawcode (``BlzGetAbilityTooltip(abilCode, level)`` & co.)
    jassdoc: "Supports Unit/Item/Ability/Tech Codes". The code is looked up as an ability,
    then a unit, then an item (``object_kind``: the first kind the map's object data, the
    game's tables or the project table knows it as); upgrades are not looked up (their text
    fields are not in the model). The value is, in order: what a ``BlzSetAbility*`` setter
    stored for the code (``UnitStore.object_text``: one table for the whole game, as the
    setters change the type's data, not one unit's), then the object data
    (``natives.objectfields.object_value``: the map's data, the game's, the project table),
    else ``""`` or 0 with a warning. Ability text and tooltips have levels: ``level`` is
    0-indexed as the 1.31+ natives number it (jassdoc ``BlzGetAbilityCooldown``: "Since
    1.31: use Level 0 to read cooldown from Level 1"), so level ``L`` reads the data's level
    ``L + 1``; a negative level answers ``""`` without a warning. Icons and button positions
    have no levels.

    ================================  =========  ======  ======
    native (``BlzGet``/``BlzSet``...)  ability    unit    item
    ================================  =========  ======  ======
    ``AbilityTooltip``                'atp1' L   'utip'  'utip'
    ``AbilityExtendedTooltip``        'aub1' L   'utub'  'utub'
    ``AbilityActivatedTooltip``       'aut1' L
    ``AbilityActivatedExtendedTo..``  'auu1' L
    ``AbilityResearchTooltip``        'aret' L
    ``AbilityResearchExtendedTo..``   'arut' L
    ``AbilityIcon``                   'aart'     'uico'  'iico'
    ``AbilityActivatedIcon``          'auar'
    ``AbilityPosX`` / ``PosY``        'abpx'/'abpy'  'ubpx'/'ubpy'  'ubpx'/'ubpy'
    ``AbilityActivatedPosX`` / ``Y``  'aubx'/'auby'
    ================================  =========  ======  ======

    (L: a level field.) Field ids are the object editor's (the ids common.j gives
    ``ABILITY_SLF_TOOLTIP_NORMAL`` 'atp1', ``ABILITY_IF_BUTTON_POSITION_NORMAL_X`` 'abpx'...).
    The tooltips are ``@async`` in jassdoc (each player may see another language); the model
    has one language. A code none of the kinds has reads as an ability.

Per item (``BlzGetItemTooltip(item)`` & co.)
    Tooltip 'utip', extended tooltip 'utub', description 'ides', icon 'iico' of the item's
    type, unless a setter stored a value on this item (``item.text``). jassdoc records
    ``@bug Doesn't work.`` for ``BlzSetItemName`` and ``BlzSetItemTooltip``: they change
    nothing here either; ``BlzSetItemExtendedTooltip``, ``BlzSetItemDescription`` and
    ``BlzSetItemIconPath`` work.
"""
from __future__ import annotations

from natives.handles import alive, own
from natives.objectfields import object_value
from natives.registry import native
from natives import unitdata

KINDS = ("ability", "unit", "item")
"""The kinds a rawcode is looked up as, in order (jassdoc: "Supports Unit/Item/Ability/Tech
Codes"; upgrades are not looked up)."""

# native suffix -> (ability field, leveled, unit field, item field, value type)
TEXT_FIELDS: dict[str, tuple[str, bool, str | None, str | None, str]] = {
    "Tooltip": ("atp1", True, "utip", "utip", "string"),
    "ExtendedTooltip": ("aub1", True, "utub", "utub", "string"),
    "ActivatedTooltip": ("aut1", True, None, None, "string"),
    "ActivatedExtendedTooltip": ("auu1", True, None, None, "string"),
    "ResearchTooltip": ("aret", True, None, None, "string"),
    "ResearchExtendedTooltip": ("arut", True, None, None, "string"),
    "Icon": ("aart", False, "uico", "iico", "string"),
    "ActivatedIcon": ("auar", False, None, None, "string"),
    "PosX": ("abpx", False, "ubpx", "ubpx", "integer"),
    "PosY": ("abpy", False, "ubpy", "ubpy", "integer"),
    "ActivatedPosX": ("aubx", False, None, None, "integer"),
    "ActivatedPosY": ("auby", False, None, None, "integer"),
}
"""The object-editor field each ``BlzGetAbility<suffix>``/``BlzSetAbility<suffix>`` reads or
writes, per kind of the code (see the module doc)."""

ITEM_TEXT = {"Tooltip": "utip", "ExtendedTooltip": "utub", "Description": "ides", "IconPath": "iico"}
"""The item field of each ``BlzGetItem<suffix>``/``BlzSetItem<suffix>``."""
BROKEN_ITEM_SETTERS = frozenset(("Tooltip",))
"""Item setters jassdoc records as ``@bug Doesn't work.`` (``BlzSetItemName`` too)."""


def object_kind(game, code: int) -> str:
    """The kind (``KINDS``) rawcode ``code`` is known as: in the map's object data or the
    game's tables, else in the project table; "ability" when none knows it."""
    types = game.object_types
    for kind in KINDS:
        if (kind, code) in types.records or (kind, code) in types.game:
            return kind
    if code in unitdata.UNIT_TYPES:
        return "unit"
    if code in unitdata.ITEM_TYPES:
        return "item"
    return "ability"


def _field(game, suffix: str, code: int, level: int | None) -> tuple[str, str, int] | None:
    """(kind, field id, data level) of ``BlzGetAbility<suffix>`` for ``code``, or None when
    that kind has no such field or the level is negative."""
    ability_fid, leveled, unit_fid, item_fid, _ = TEXT_FIELDS[suffix]
    kind = object_kind(game, code)
    fid = {"ability": ability_fid, "unit": unit_fid, "item": item_fid}[kind]
    if fid is None or (level is not None and level < 0):
        return None
    return kind, fid, (level + 1 if leveled and kind == "ability" else 0)


def _getter(suffix: str, with_level: bool):
    want = TEXT_FIELDS[suffix][4]
    name = f"BlzGetAbility{suffix}"

    def getter(ctx, code, *level):
        found = _field(ctx.game, suffix, code, level[0] if with_level else None)
        if found is None:
            return "" if want == "string" else 0
        kind, fid, data_level = found
        stored = ctx.game.units.object_text.get((fid, code, data_level))
        if stored is not None:
            return stored
        return object_value(ctx, kind, code, fid, data_level, want, name)
    getter.__name__ = getter.__qualname__ = name
    getter.__doc__ = (f"The {suffix} of ability (or unit, item) ``abilCode``"
                      + (" at 0-indexed ``level``" if with_level else "")
                      + ": set at runtime, else the object data (module doc).")
    return getter


def _setter(suffix: str, with_level: bool):
    name = f"BlzSetAbility{suffix}"

    def setter(ctx, code, value, *level):
        found = _field(ctx.game, suffix, code, level[0] if with_level else None)
        if found is not None:
            _kind, fid, data_level = found
            ctx.game.units.object_text[(fid, code, data_level)] = value
    setter.__name__ = setter.__qualname__ = name
    setter.__doc__ = (f"Change the {suffix} of ``abilCode`` for the whole game"
                      + (" at 0-indexed ``level``" if with_level else "") + " (module doc).")
    return setter


def _register_ability_text() -> None:
    for suffix, (_fid, leveled, _u, _i, want) in TEXT_FIELDS.items():
        get_sig = "takes integer abilCode" + (", integer level" if leveled else "") + f" returns {want}"
        arg = "string tooltip" if "Tooltip" in suffix else ("string iconPath" if "Icon" in suffix
                                                             else f"integer {suffix[-1].lower()}")
        set_sig = f"takes integer abilCode, {arg}" + (", integer level" if leveled else "") + " returns nothing"
        native(f"BlzGetAbility{suffix}", get_sig)(_getter(suffix, leveled))
        native(f"BlzSetAbility{suffix}", set_sig)(_setter(suffix, leveled))


_register_ability_text()


# ---------------------------------------------------------------------------------------
# Items
# ---------------------------------------------------------------------------------------

def _item_getter(suffix: str):
    fid, name = ITEM_TEXT[suffix], f"BlzGetItem{suffix}"

    def getter(ctx, item):
        item = alive(item)
        if item is None or item.type_name != "item":
            return ""
        if fid in item.text:
            return item.text[fid]
        return object_value(ctx, "item", item.type_id, fid, 0, "string", name)
    getter.__name__ = getter.__qualname__ = name
    getter.__doc__ = f"The item's {suffix}: set on it, else its type's object data ('{fid}')."
    return getter


def _item_setter(suffix: str):
    fid, name = ITEM_TEXT[suffix], f"BlzSetItem{suffix}"

    def setter(ctx, item, value):
        item = alive(item)
        if item is not None and item.type_name == "item" and suffix not in BROKEN_ITEM_SETTERS:
            own(item, "text")[fid] = value
    setter.__name__ = setter.__qualname__ = name
    setter.__doc__ = (f"jassdoc ``{name}``: \"@bug Doesn't work.\" -- changes nothing."
                      if suffix in BROKEN_ITEM_SETTERS else
                      f"Store the item's {suffix} on this item (``item.text['{fid}']``).")
    return setter


def _register_item_text() -> None:
    arg = {"Tooltip": "tooltip", "ExtendedTooltip": "extendedTooltip", "Description": "description",
           "IconPath": "iconPath"}
    for suffix in ITEM_TEXT:
        native(f"BlzGetItem{suffix}", "takes item whichItem returns string")(_item_getter(suffix))
        native(f"BlzSetItem{suffix}", f"takes item whichItem, string {arg[suffix]} returns nothing")(
            _item_setter(suffix))


_register_item_text()


@native("BlzSetItemName", "takes item whichItem, string name returns nothing")
def BlzSetItemName(ctx, item, name):
    """jassdoc ``BlzSetItemName``: "@bug Doesn't work." -- ``GetItemName`` keeps the type's
    name."""


# ---------------------------------------------------------------------------------------
# Ability strings (never implemented in the game)
# ---------------------------------------------------------------------------------------

@native("GetAbilityEffect", "takes string abilityString, effecttype t, integer index returns string")
def GetAbilityEffect(ctx, ability, t, index):
    """jassdoc ``GetAbilityEffect``: "@bug Does nothing because no one knows what
    "abilityString" is supposed to be": always ``""`` (use ``GetAbilityEffectById``)."""
    return ""


@native("GetAbilitySound", "takes string abilityString, soundtype t returns string")
def GetAbilitySound(ctx, ability, t):
    """jassdoc ``GetAbilitySound``: "@bug Does nothing" (as ``GetAbilityEffect``): always
    ``""`` (use ``GetAbilitySoundById``)."""
    return ""


@native("AbilityId", "takes string abilityIdString returns integer", constant=True)
def AbilityId(ctx, text):
    """jassdoc ``AbilityId``: "@bug Not working correctly, always returns zero. Apparently
    ability names were never implemented." Always 0."""
    return 0


@native("AbilityId2String", "takes integer abilityId returns string", constant=True)
def AbilityId2String(ctx, abil):
    """jassdoc ``AbilityId2String``: "@bug Not working correctly, always returns an empty
    string." Always ``""``."""
    return ""
