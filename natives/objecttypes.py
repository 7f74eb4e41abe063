"""The map's object data as the model reads it: object records, field look-ups through the
base type, and the unit, item and destructable types derived from them.

The map layer (``maps.objectdata``) turns the map's ``war3map.w3u``/``.w3t``/``.w3a``... into
``ObjectRecord``s and builds one ``ObjectTypes`` per loaded map; a session installs it as
``game.object_types``. It is part of the loaded map, not of the game state: a save leaves it
out (``natives.snapshot`` writes the derived types by reference, as it does the project's
own tables) and the map's identity covers it.

Precedence, as the game builds an object from its data (a custom object copies its base
object, with the map's modifications of that stock object, then applies its own):

1. the object's own record (a custom object's modifications, or the map's modifications of
   a stock object),
2. for a custom object, the record of its base (the map's modifications of the stock object
   it is derived from),
3. the game's own tables for the stock object, when the user points at them
   (``--game-data``, ``maps.gamedata``: ``game_records``),
4. the project table (``natives.unitdata``: the stock type's project-authored row, read
   through ``UNIT_FIELDS``/``ITEM_FIELDS``/``DESTRUCTABLE_FIELDS``),
5. nothing: ``field_value`` answers ``MISSING`` and the caller uses a default with a warning.

Field ids are the object editor's ("uhpm" unit hit points, "anam" ability name, "Hbz2"
Blizzard damage...), the same rawcodes common.j passes to ``ConvertUnitIntegerField`` & co.
Levels are the files': 1 for an ability's first level, 0 for a field without levels.
"""
from __future__ import annotations

import dataclasses
from dataclasses import field
from typing import Any, Iterable

from jassvm.records import record
from natives import unitdata
from natives.unitdata import (HERO_BASE_LIFE, LIFE_PER_STR, MANA_PER_INT, Defense,
                              DestructableType, HeroStats, ItemType, UnitType, Weapon,
                              rawcode_str)

MISSING = object()
"""What ``ObjectTypes.field_value`` answers for a field no layer has."""


@record(frozen=True, slots=False)
class ObjectRecord:
    """One object of the map's object data: ``kind`` ("unit", "item", "destructable",
    "doodad", "ability", "buff", "upgrade"), ``code`` its rawcode, ``base`` the stock rawcode
    it is derived from (``code`` itself for a modified stock object), ``custom`` True for an
    object the map adds, ``fields`` (field id, level) -> value (int, float or str)."""

    kind: str
    code: int
    base: int
    custom: bool
    fields: dict[tuple[str, int], Any] = field(default_factory=dict)


RACE_NAMES = {"human": 1, "orc": 2, "undead": 3, "nightelf": 4, "demon": 5}
"""Object-editor race strings ("urac") -> common.j race values; any other is RACE_OTHER (7)."""
CLASSIFICATIONS = {"giant": "giant", "undead": "undead", "summoned": "summoned",
                   "mechanical": "mechanical", "peon": "peon", "sapper": "sapper",
                   "townhall": "townhall", "ancient": "ancient", "tauren": "tauren"}
"""Object-editor classification words ("utyp", comma separated) -> ``unitdata`` flags."""
ITEM_CLASS_NAMES = {name.lower(): value for name, value in unitdata.ITEM_CLASSES.items()}

# The project-table fallback: field id -> the value the table's row gives (step 4 above).
UNIT_FIELDS = {
    "unam": lambda t: t.name,
    "uhpm": lambda t: int(t.life - (LIFE_PER_STR * t.hero.str if t.hero else 0)),
    "umpm": lambda t: int(t.mana - (MANA_PER_INT * t.hero.int if t.hero else 0)),
    "umvs": lambda t: int(t.speed),
    "ufoo": lambda t: t.food_used,
    "ufma": lambda t: t.food_made,
    "ucol": lambda t: t.collision,
    "ubdg": lambda t: int(t.is_structure),
}
HERO_FIELDS = {
    "ustr": lambda h: h.str, "uagi": lambda h: h.agi, "uint": lambda h: h.int,
    "ustp": lambda h: h.str_gain, "uagp": lambda h: h.agi_gain, "uinp": lambda h: h.int_gain,
    "upra": lambda h: h.primary.upper(),
}
ITEM_FIELDS = {
    "unam": lambda t: t.name, "ilev": lambda t: t.level, "iuse": lambda t: t.charges,
    "ipow": lambda t: int(t.powerup), "isel": lambda t: int(t.sellable),
    "ipaw": lambda t: int(t.pawnable),
}
DESTRUCTABLE_FIELDS = {"bnam": lambda t: t.name, "bhps": lambda t: t.life}
NAME_FIELDS = {"unit": "unam", "item": "unam", "destructable": "bnam", "doodad": "dnam",
               "ability": "anam", "buff": "fnam", "upgrade": "gnam"}
"""The name field of each kind (``GetObjectName``); upgrades name each level (level 1 used)."""


class ObjectTypes:
    """The map's object records with the types derived from them (see the module doc).

    ``records`` (kind, rawcode) -> ObjectRecord of the map; ``game`` the same for the game's
    own tables (``game_records``); ``unit_types``/``item_types``/``destructable_types``
    rawcode -> the derived row of every unit/item/destructable of either;
    ``weapons``/``defenses`` rawcode -> the combat figures of each of those unit types
    (``_weapon``/``_defense``); ``warnings`` what the derivation could not source (a base the project table lacks), to
    be reported once per game. Built once per loaded map; never changed afterwards.
    """

    def __init__(self, records: Iterable[ObjectRecord] = (),
                 game_records: Iterable[ObjectRecord] = ()) -> None:
        self.records: dict[tuple[str, int], ObjectRecord] = {(r.kind, r.code): r for r in records}
        self.game: dict[tuple[str, int], ObjectRecord] = {(r.kind, r.code): r for r in game_records}
        self.warnings: list[str] = []
        every = {**self.game, **self.records}
        self.unit_types = {code: self._unit(r) for (kind, code), r in every.items() if kind == "unit"}
        self.item_types = {code: self._item(r) for (kind, code), r in every.items() if kind == "item"}
        self.destructable_types = {code: self._destructable(r) for (kind, code), r in every.items()
                                   if kind == "destructable"}
        units = [r for (kind, _), r in every.items() if kind == "unit"]
        self.weapons: dict[int, Weapon | None] = {r.code: self._weapon(r) for r in units}
        self.defenses: dict[int, Defense | None] = {r.code: self._defense(r) for r in units}

    def __len__(self) -> int:
        """How many objects the map's object data holds."""
        return len(self.records)

    def static_tables(self) -> dict[str, dict]:
        """The derived types by table name, for ``natives.snapshot`` (written by reference)."""
        return {"map_unit_type": self.unit_types, "map_item_type": self.item_types,
                "map_destructable_type": self.destructable_types}

    # -- look-ups -------------------------------------------------------------------------
    def base_code(self, kind: str, code: int) -> int:
        """The stock rawcode ``code`` derives from (``code`` itself for a stock object)."""
        r = self.records.get((kind, code))
        return r.base if r is not None else code

    def data_value(self, kind: str, code: int, fid: str, level: int = 0) -> Any:
        """Steps 1-3: the value of field ``fid`` at ``level`` from the object's record, its
        base's, or the game's tables for the stock object, else ``MISSING``."""
        r = self.records.get((kind, code))
        base = r.base if r is not None else code
        for rec in (r, self.records.get((kind, base)) if base != code else None, self.game.get((kind, base))):
            if rec is not None and (fid, level) in rec.fields:
                return rec.fields[(fid, level)]
        return MISSING

    def field_value(self, kind: str, code: int, fid: str, level: int = 0) -> Any:
        """Steps 1-4 of the module doc: the map's data, the game's, then the project table's
        row of the stock type (units, items, destructables), else ``MISSING``."""
        value = self.data_value(kind, code, fid, level)
        if value is not MISSING or level:
            return value
        base = self.base_code(kind, code)
        if kind == "unit":
            t = unitdata.UNIT_TYPES.get(base)
            if t is not None and fid in UNIT_FIELDS:
                return UNIT_FIELDS[fid](t)
            if t is not None and t.hero is not None and fid in HERO_FIELDS:
                return HERO_FIELDS[fid](t.hero)
        elif kind == "item":
            t = unitdata.ITEM_TYPES.get(base)
            if t is not None and fid in ITEM_FIELDS:
                return ITEM_FIELDS[fid](t)
        elif kind == "destructable":
            t = unitdata.DESTRUCTABLE_TYPES.get(base)
            if t is not None and fid in DESTRUCTABLE_FIELDS:
                return DESTRUCTABLE_FIELDS[fid](t)
        return MISSING

    def internal_name(self, code: int) -> str | None:
        """``"custom_<rawcode>"`` for a custom unit type of the map (its string identifier for
        ``UnitId``/``UnitId2String``, matched case-insensitively: Hive Workshop, "Unit type
        string identifiers", 2025), else None."""
        r = self.records.get(("unit", code))
        return f"custom_{rawcode_str(code)}" if r is not None and r.custom else None

    def name(self, code: int) -> str | None:
        """The name of object ``code`` of any kind (``NAME_FIELDS``) in the map's or the game's
        data, or None."""
        for kind, fid in NAME_FIELDS.items():
            if (kind, code) in self.records or (kind, code) in self.game:
                for level in (0, 1):
                    value = self.data_value(kind, code, fid, level)
                    if value is not MISSING:
                        return str(value)
        return None

    # -- derived types ----------------------------------------------------------------------
    def _base_row(self, r: ObjectRecord, table: dict, default, what: str):
        row = table.get(r.base)
        if row is None:
            row = default(r.base)
            if (r.kind, r.base) in self.game:
                return row              # the game's tables source what the map does not set
            base = f"is based on '{rawcode_str(r.base)}', which" if r.custom else "is modified by the map but"
            self.warnings.append(f"{what} '{rawcode_str(r.code)}' {base} the project table lacks: "
                                 "the fields the map does not set use default values")
        return row

    def _get(self, r: ObjectRecord, fid: str, default):
        value = self.data_value(r.kind, r.code, fid)
        return default if value is MISSING else value

    def _unit(self, r: ObjectRecord) -> UnitType:
        t: UnitType = self._base_row(r, unitdata.UNIT_TYPES, unitdata.default_unit_type, "unit type")
        flags = set(t.flags)
        building = self.data_value("unit", r.code, "ubdg")
        if building is not MISSING:
            flags.discard("structure")
            if building:
                flags.add("structure")
        classes = self.data_value("unit", r.code, "utyp")
        if classes is not MISSING:
            flags -= set(CLASSIFICATIONS.values())
            flags |= {CLASSIFICATIONS[w] for w in str(classes).lower().split(",") if w in CLASSIFICATIONS}
        hero = t.hero
        if r.custom and unitdata.is_hero_id(r.code) != (hero is not None):
            # the rawcode decides: a capital first letter makes a hero whatever the base
            # (Hive Workshop, "Hero unit with same raw code letter", 2014)
            hero = unitdata.default_unit_type(r.code).hero if hero is None else None
            flags.discard("hero")
            if hero is not None:
                flags.add("hero")
        if hero is not None:
            primary = str(self._get(r, "upra", hero.primary)).lower()
            hero = HeroStats(int(self._get(r, "ustr", hero.str)), int(self._get(r, "uagi", hero.agi)),
                             int(self._get(r, "uint", hero.int)), float(self._get(r, "ustp", hero.str_gain)),
                             float(self._get(r, "uagp", hero.agi_gain)), float(self._get(r, "uinp", hero.int_gain)),
                             primary if primary in ("str", "agi", "int") else hero.primary)
        base_life = UNIT_FIELDS["uhpm"](t)
        base_mana = UNIT_FIELDS["umpm"](t)
        life = float(self._get(r, "uhpm", base_life)) + (LIFE_PER_STR * hero.str if hero else 0)
        mana = float(self._get(r, "umpm", base_mana)) + (MANA_PER_INT * hero.int if hero else 0)
        race = self.data_value("unit", r.code, "urac")
        move = self.data_value("unit", r.code, "umvt")
        return dataclasses.replace(
            t, code=r.code, rawcode=rawcode_str(r.code), name=str(self._get(r, "unam", t.name)),
            race=t.race if race is MISSING else RACE_NAMES.get(str(race).lower(), 7),
            life=life, mana=mana, speed=float(self._get(r, "umvs", t.speed)),
            move=t.move if move is MISSING else ("" if str(move) in ("", "_") else str(move)),
            food_used=int(self._get(r, "ufoo", t.food_used)), food_made=int(self._get(r, "ufma", t.food_made)),
            collision=float(self._get(r, "ucol", t.collision)), flags=frozenset(flags), hero=hero, known=True)

    def _weapon(self, r: ObjectRecord) -> Weapon | None:
        """Attack 1 of unit type ``r``: each field from the map's data (own, then base's),
        else the base type's project row (``unitdata.WEAPONS``). A type whose base has no
        row gets a weapon only when the map gives every figure but the acquisition range
        (which then is 500, or the weapon range when longer: the project table's choice),
        the damage point and the backswing (``unitdata.DAMAGE_POINT``/``BACKSWING``);
        "uaen" 0 (attacks disabled) gives none."""
        base = unitdata.WEAPONS.get(r.base)
        enabled = self.data_value("unit", r.code, "uaen")
        if enabled is not MISSING and _number(enabled) == 0:
            return None
        got = {k: self.data_value("unit", r.code, fid) for k, fid in _WEAPON_FIELDS.items()}
        if base is None:
            if any(got[k] is MISSING for k in _WEAPON_FIELDS if k not in _OPTIONAL_WEAPON_FIELDS):
                return None
            rng = _number(got["range"]) or 0.0
            base = Weapon("normal", 0, 0, 0, 0.0, rng, max(500.0, rng), "g")
        changes = {}
        for k, v in got.items():
            if v is MISSING:
                continue
            if k == "attack_type":
                name = str(v).lower()
                if name in ("normal", "pierce", "siege", "magic", "chaos", "hero", "spells"):
                    changes[k] = name
            elif k == "targets":
                words = set(str(v).lower().split(","))
                t = ("g" if words & {"ground", "structure", "debris", "tree", "ward", "item"}
                     else "") + ("a" if "air" in words else "")
                if t:
                    changes[k] = t
            elif _number(v) is not None:
                changes[k] = type(getattr(base, k))(_number(v))
        return dataclasses.replace(base, **changes) if changes else base

    def _defense(self, r: ObjectRecord) -> Defense | None:
        """Armor of unit type ``r``: "udty" (object-editor words: small = light, large =
        heavy, fort = fortified, none = unarmored; medium, hero, divine as they are) and
        "udef" from the map's data, else the base type's project row."""
        base = unitdata.DEFENSES.get(r.base)
        kind = self.data_value("unit", r.code, "udty")
        points = self.data_value("unit", r.code, "udef")
        if kind is MISSING and points is MISSING:
            return base
        armor_type = _DEFENSE_TYPES.get(str(kind).lower()) if kind is not MISSING else None
        if armor_type is None:
            armor_type = base.armor_type if base is not None else None
        if armor_type is None:
            return None
        value = _number(points) if points is not MISSING else None
        if value is None:
            value = base.armor if base is not None else 0.0
        return Defense(armor_type, float(value))

    def _item(self, r: ObjectRecord) -> ItemType:
        t: ItemType = self._base_row(r, unitdata.ITEM_TYPES, unitdata.default_item_type, "item type")
        klass = self.data_value("item", r.code, "icla")
        return dataclasses.replace(
            t, code=r.code, rawcode=rawcode_str(r.code), name=str(self._get(r, "unam", t.name)),
            level=int(self._get(r, "ilev", t.level)),
            item_class=t.item_class if klass is MISSING else ITEM_CLASS_NAMES.get(str(klass).lower(), t.item_class),
            charges=int(self._get(r, "iuse", t.charges)), powerup=bool(self._get(r, "ipow", t.powerup)),
            sellable=bool(self._get(r, "isel", t.sellable)), pawnable=bool(self._get(r, "ipaw", t.pawnable)),
            known=True)

    def _destructable(self, r: ObjectRecord) -> DestructableType:
        t: DestructableType = self._base_row(r, unitdata.DESTRUCTABLE_TYPES, unitdata.default_destructable_type,
                                             "destructable type")
        return dataclasses.replace(t, code=r.code, rawcode=rawcode_str(r.code),
                                   name=str(self._get(r, "bnam", t.name)),
                                   life=float(self._get(r, "bhps", t.life)), known=True)


_WEAPON_FIELDS = {"attack_type": "ua1t", "base": "ua1b", "dice": "ua1d", "sides": "ua1s",
                  "cooldown": "ua1c", "range": "ua1r", "acquire": "uacq", "targets": "ua1g",
                  "point": "udp1", "backswing": "ubs1"}
"""Weapon figure -> object-editor field id of attack 1 (common.j's UNIT_WEAPON_*_ATTACK_*
and UNIT_RF_ACQUISITION_RANGE rawcodes; "udp1"/"ubs1" the animation's damage point and
backswing point)."""
_OPTIONAL_WEAPON_FIELDS = ("acquire", "point", "backswing")
_DEFENSE_TYPES = {"small": "light", "medium": "medium", "large": "heavy", "fort": "fortified",
                  "hero": "hero", "divine": "divine", "none": "unarmored"}


def _number(value) -> float | None:
    """``value`` of the map's data as a number; None for a word that is not one."""
    try:
        return float(value)
    except (TypeError, ValueError):
        return None


NO_OBJECT_DATA = ObjectTypes()
"""The object data of a map without any (a bare script, a scenario's inline map)."""
