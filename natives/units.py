"""Widgets: the Unit, Item and Destructable model, the unit store, and the Widget and Unit natives.

Coordinates are world units, facings degrees, times game seconds. Unit type data comes from
``natives.unitdata`` (project-authored approximations) or from types the map layer defines
with ``UnitStore.define_type``.

``CreateUnit`` keeps seed 003's contract (tests in ``tests/test_units.py`` are named after its
clauses):

- the unit is created ready: no birth/build delay (``unit.ready`` is True, animation
  ``"stand"``, ``unit.wait`` is 0);
- the requested facing is applied;
- food is counted at once (``PLAYER_STATE_RESOURCE_FOOD_USED`` / ``FOOD_CAP`` of the owner);
- movement-disabled types (buildings, scenery: ``UnitType.move == ""``) keep the requested
  point whatever the pathing;
- a mobile unit whose requested point is blocked (static pathing for its movement type, or
  the collision circle of a live ground unit) moves to the nearest legal point found by a
  bounded search (``PLACEMENT_CANDIDATES`` candidates on a ``PLACEMENT_STEP`` grid, nearest
  first); if none is legal it keeps the requested point and a warning names the unit, the
  player and the coordinates. ``SetUnitPosition``/``SetUnitPositionLoc`` use the same rule;
  ``SetUnitX``/``SetUnitY`` do not look at pathing.

Removal (``RemoveUnit``, decay) destroys the handle at once: natives then treat the unit as
null (``GetUnitTypeId`` returns 0), but groups keep it as a hole (S123, see
``natives.groups``). ``unit.removed_at`` records the game time of removal.

Model choices (project-authored, not researched): a unit dies when its life drops to 0.405
or less; a dead non-hero corpse decays ``CORPSE_DECAY_SECONDS`` after death (then
``UnitDecay`` is published and the unit is removed) unless decay is suspended; dead heroes
keep using food and do not decay; a summoned unit (``UT_SUMMONED``: its type's
classification or ``UnitAddType``) is removed ``SUMMON_BODY_SECONDS`` after death (what
leaves a corpse: ``leaves_corpse``); a non-hero's items drop where it dies; a removed unit's
items drop where it stood. Orders are given and carried out by ``natives.orders`` (death,
removal and ``SetUnitPosition`` drop the current order). Hero XP to reach level L is
``HERO_XP[L]`` (200, 500, 900, ... : +100*L per level), maximum level ``MAX_HERO_LEVEL``.

Transports: ``UnitStore.load_unit``/``unload_unit`` keep which unit carries which
(``IsUnitLoaded``, ``IsUnitInTransport``, ``UnitLoaded`` -> EVENT_PLAYER_UNIT_LOADED);
nothing loads units on its own. ``UnitUseItem*`` issue the ``useslotN`` order of the item's
slot (recorded like other ability orders). Instanced object fields and ``ability`` handles
live in ``natives.objectfields`` (``unit.fields``, ``unit.weapon_fields``, ``unit.ability_objects``,
``item.fields``, ``item.abilities``).

The natives of the other widget types are in modules of their own: ``natives.heroes``,
``natives.items`` (items and inventories), ``natives.destructables`` and ``natives.pools``
(random object choices, unit and item pools); ``jass natives --where NAME`` finds any native.
"""
from __future__ import annotations

import functools
import math
from types import MappingProxyType
from typing import Any, Callable, Iterable, Iterator, Mapping

from jassvm.records import record
from natives.combat import DamageEvent, type_weapon
from natives.geometry import Rect, cell_key, new_location
from natives.handles import NO_ENTRIES, NO_MEMBERS, Handle, alive, enum_handle, enum_value, own
from natives.modelevents import (DestructableDeath, DestructableRemoved, HeroLevel, HeroSkill,
                                 ItemDeath, ItemDrop, ItemPickup, ItemRemoved, ItemSold, ItemUse,
                                 UnitConstruct, UnitCreated, UnitDamaged, UnitDeath, UnitDecay,
                                 UnitHidden, UnitLoaded, UnitMoved, UnitOwnerChanged,
                                 UnitRemoved, UnitRevived, UnitSelected, UnitSold, UnitStateChanged,
                                 UnitUnloaded)
from natives.players import (PLAYER_STATE_RESOURCE_FOOD_CAP, PLAYER_STATE_RESOURCE_FOOD_USED,
                             Player)
from natives.objectfields import drop_ability
from natives.orders import Order
from natives.registry import native
from natives import unitdata
from natives.unitdata import (DestructableType, ItemType, UnitType, default_destructable_type,
                              default_item_type, default_unit_type, rawcode_str)

DEATH_LIFE = 0.405
"""A unit whose life drops to this value or below dies (world-standard threshold)."""

CORPSE_DECAY_SECONDS = 90.0
"""Seconds from death until a non-hero corpse is removed (project choice: 2 s flesh + 88 s
bones, the game's default decay constants)."""

SUMMON_BODY_SECONDS = 2.0
"""Seconds from death until a dead summoned unit, which leaves no corpse, is removed (project
choice: the flesh part of ``CORPSE_DECAY_SECONDS``, so death triggers still see the unit)."""

PLACEMENT_STEP = 32.0
"""Grid step of the placement search, world units (one pathing cell)."""

PLACEMENT_CANDIDATES = 300
"""Number of candidate points the placement search tries (seed 003)."""

SECTOR_SIZE = 256.0
"""Edge of the enumeration sectors of spatial enums (S122), world units."""

MAX_HERO_LEVEL = 10
HERO_XP = [0, 0] + [0] * MAX_HERO_LEVEL
for _lvl in range(2, MAX_HERO_LEVEL + 1):
    HERO_XP[_lvl] = HERO_XP[_lvl - 1] + 100 * _lvl
del _lvl

INVENTORY_ABILITIES = {unitdata.rawcode(c) for c in ("AInv", "Aihn", "Aion", "Aiun", "Aien")}
LOCUST = unitdata.rawcode("Aloc")
HERO_INVENTORY_SIZE = 6

# unittype values (common.j)
UT_HERO, UT_DEAD, UT_STRUCTURE, UT_FLYING, UT_GROUND = 0, 1, 2, 3, 4
UT_ATTACKS_FLYING, UT_ATTACKS_GROUND, UT_MELEE, UT_RANGED = 5, 6, 7, 8
UT_GIANT, UT_SUMMONED, UT_STUNNED, UT_PLAGUED, UT_SNARED = 9, 10, 11, 12, 13
UT_UNDEAD, UT_MECHANICAL, UT_PEON, UT_SAPPER, UT_TOWNHALL = 14, 15, 16, 17, 18
UT_ANCIENT, UT_TAUREN, UT_POISONED, UT_POLYMORPHED, UT_SLEEPING = 19, 20, 21, 22, 23
UT_RESISTANT, UT_ETHEREAL, UT_MAGIC_IMMUNE = 24, 25, 26
_FLAG_OF_UNITTYPE = {
    UT_HERO: "hero", UT_STRUCTURE: "structure", UT_ATTACKS_FLYING: "attacks_air",
    UT_ATTACKS_GROUND: "attacks_ground", UT_MELEE: "melee", UT_RANGED: "ranged",
    UT_GIANT: "giant", UT_SUMMONED: "summoned", UT_UNDEAD: "undead",
    UT_MECHANICAL: "mechanical", UT_PEON: "peon", UT_SAPPER: "sapper",
    UT_TOWNHALL: "townhall", UT_ANCIENT: "ancient", UT_TAUREN: "tauren",
}

UNIT_STATE_LIFE, UNIT_STATE_MAX_LIFE, UNIT_STATE_MANA, UNIT_STATE_MAX_MANA = 0, 1, 2, 3


# ---------------------------------------------------------------------------------------
# Model objects
# ---------------------------------------------------------------------------------------

class Widget(Handle):
    """Base of units, items and destructables: a position (world units) and life.

    The widget classes have many instances (issue 16: at most 1 KiB per handle), so each
    declares its fields in two groups, both in the class body:

    - ``__slots__``: the fields every instance gives a value of its own, assigned (with
      their types) in ``__init__``;
    - class-level annotated fields, ``name: type = default``: the fields most instances
      leave at their default. An instance reads the class's value until it sets its own
      (stored in the instance's ``__dict__``, made on the first such write). The default
      must be immutable (checked when the class is made: ``natives.handles
      .check_field_defaults``); a container field starts as ``NO_ENTRIES``, ``()`` or
      ``NO_MEMBERS`` and every write to it goes through ``natives.handles.own``.

    A new field every instance sets: its name in ``__slots__`` and its typed assignment in
    ``__init__`` (an assignment without the slot still works, but gives every instance a
    ``__dict__``: ``tests/test_model_fields.py`` fails). A new field most instances leave
    alone: one annotated class-level line with an immutable default."""

    type_name = "widget"
    __slots__ = ("x", "y", "life", "max_life", "__dict__")

    def __init__(self, x: float, y: float, life: float) -> None:
        super().__init__()
        self.x = x
        self.y = y
        self.life = life
        self.max_life = life


@record(slots=False)
class Buff:
    """A buff on a unit (placed there by an abilities module; the unit model creates none).
    ``positive`` is its polarity; the other flags classify it for ``UnitRemoveBuffsEx``."""

    code: int
    positive: bool = False
    magic: bool = True
    physical: bool = False
    timed_life: bool = False
    aura: bool = False
    auto_dispel: bool = False


class HeroData:
    """Hero state: level, experience, unspent skill points and attributes.

    It keeps its unit type (``utype``) rather than the type's ``HeroStats``: a stock unit
    type is a constant-table entry a save refers to by key (``natives.snapshot``), so after
    a restore the hero and the heroes created later share the very same stats object, as
    they do in a game that was never saved (same state, same bytes)."""

    __slots__ = ("utype", "level", "xp", "skill_points", "base", "bonus", "xp_suspended")

    def __init__(self, utype: UnitType) -> None:
        self.utype = utype
        stats = utype.hero
        self.level = 1
        self.xp = 0
        self.skill_points = 1
        self.base = {"str": float(stats.str), "agi": float(stats.agi), "int": float(stats.int)}
        self.bonus = {"str": 0, "agi": 0, "int": 0}
        self.xp_suspended = False

    @property
    def stats(self) -> unitdata.HeroStats:
        """Attributes at level 1 and gains per level (the unit type's)."""
        return self.utype.hero

    def attribute(self, name: str, include_bonus: bool) -> int:
        value = int(self.base[name])
        return value + (self.bonus[name] if include_bonus else 0)


WAYGATE_OFF: Mapping[str, Any] = MappingProxyType({"active": False, "x": 0.0, "y": 0.0})
"""The waygate state of a unit no ``WaygateSetDestination``/``WaygateActivate`` touched."""


class Unit(Widget):
    """A ``unit`` agent. See the module docstring for lifecycle rules; the ``Widget``
    docstring for how its fields are declared."""

    type_name = "unit"
    __slots__ = ("store", "utype", "type_id", "owner", "facing", "mana", "max_mana", "move_speed",
                 "collision", "serial", "sector", "sector_seq", "food_counted", "name", "skin",
                 "color")

    # -- fields most units leave at their default (see Widget) -----------------------------
    ready: bool = True                 # created ready: no birth/build delay (seed 003)
    wait: float = 0.0
    animation: str = "stand"
    dead: bool = False
    death_time: float | None = None
    removed_at: float | None = None
    hidden: bool = False
    paused: bool = False               # PauseUnit (IsUnitPaused)
    pause_count: int = 0               # BlzPauseUnitEx: paused while above 0
    invulnerable: bool = False
    pathing: bool = True
    user_data: int = 0
    uses_food: bool = True
    abilities: Mapping[int, int] = NO_ENTRIES
    permanent_abilities: frozenset[int] = NO_MEMBERS
    buffs: Mapping[int, Buff] = NO_ENTRIES
    cooldowns: Mapping[int, float] = NO_ENTRIES   # ability rawcode -> game time it is ready
    # ability rawcode -> [disable count, hide count] (natives.unitabilities)
    ability_counters: Mapping[int, list[int]] = NO_ENTRIES
    added_types: frozenset[int] = NO_MEMBERS
    removed_types: frozenset[int] = NO_MEMBERS
    inventory: tuple | list[Item | None] = ()
    hero: HeroData | None = None
    proper_name: str | None = None
    # orders (natives.orders): the last orders given, the current one, those queued behind
    # it, what it is doing now, its pending step and when the weapon is ready
    orders: tuple | list[Order] = ()
    current_order: Order | None = None
    order_queue: tuple | list[Order] = ()
    work: Any = None
    order_entry: int | None = None
    attack_ready: float = 0.0
    # production (natives.production): the construction in progress, the training /
    # research / upgrade queue, the rally point (a point, unit or destructable);
    # harvest (natives.harvest): the load carried and where it came from
    construction: Any = None
    production: tuple | list = ()
    rally: Any = None
    load: tuple[str, int] | None = None
    harvest_from: Any = None
    decay_suspended: bool = False
    decay_entry: int | None = None     # pending "unit_decay" scheduler entry
    timed_life: dict | None = None
    presentation: Mapping[str, Any] = NO_ENTRIES
    settings: Mapping[str, Any] = NO_ENTRIES
    can_sleep: bool = True
    can_sleep_perm: bool = True
    sleeping: bool = False
    rescuable_by: Mapping[int, bool] = NO_ENTRIES
    resource_amount: int = 0
    waygate: Mapping[str, Any] = WAYGATE_OFF
    transport: Unit | None = None      # the transport carrying this unit
    cargo: tuple | list[Unit] = ()     # units loaded into this one, loading order
    # instanced object fields (natives.objectfields): stored values, ability handles
    fields: Mapping[tuple[str, int], Any] = NO_ENTRIES
    weapon_fields: Mapping[tuple[tuple[str, int], int], Any] = NO_ENTRIES
    ability_objects: Mapping[int, Any] = NO_ENTRIES
    # ability rawcode -> its runtime record (natives.abilities: autocast, Blight Growth...)
    ability_state: Mapping[int, dict] = NO_ENTRIES
    # the unit's own combat figures (natives.combat: BlzSetUnitBaseDamage, BlzSetUnitArmor)
    combat: Mapping[str, float] = NO_ENTRIES

    def __init__(self, store: UnitStore, utype: UnitType, owner: Player, x: float, y: float,
                 facing: float) -> None:
        super().__init__(x, y, utype.life)
        self.store: UnitStore = store
        self.utype: UnitType = utype
        self.type_id: int = utype.code
        self.owner: Player = owner
        self.facing: float = facing % 360.0
        self.mana: float = utype.mana
        self.max_mana: float = utype.mana
        self.move_speed: float = utype.speed
        self.collision: float = utype.collision
        self.serial: int = 0
        self.sector: tuple[int, int] = (0, 0)
        self.sector_seq: int = 0
        self.food_counted: tuple[Player, int, int] | None = None
        self.name: str = utype.name
        self.skin: int = utype.code    # BlzGetUnitSkin: the type whose model it shows
        self.color = owner.color
        if utype.hero is not None:
            self.hero = HeroData(utype)
            self.proper_name = utype.name

    def __repr__(self) -> str:
        return f"<unit {self.utype.rawcode} {self.handle_id}{' dead' if self.dead else ''}>"

    @property
    def alive(self) -> bool:
        """Not dead and not removed."""
        return not self.dead and not self.destroyed

    @property
    def is_hero(self) -> bool:
        return self.hero is not None

    @property
    def held(self) -> bool:
        """Paused by ``PauseUnit`` or by ``BlzPauseUnitEx`` (its count above 0)."""
        return self.paused or self.pause_count > 0

    @property
    def flying(self) -> bool:
        return self.utype.move == "fly"

    def has_type(self, ut: int) -> bool:
        """``IsUnitType`` for a unittype value."""
        if ut in self.removed_types:
            return False
        if ut in self.added_types:
            return True
        if ut == UT_DEAD:
            return self.dead
        if ut == UT_FLYING:
            return self.flying
        if ut == UT_GROUND:
            return not self.flying
        if ut == UT_SLEEPING:
            return self.sleeping
        flag = _FLAG_OF_UNITTYPE.get(ut)
        return flag is not None and flag in self.utype.flags

    def inventory_size(self) -> int:
        return len(self.inventory)


class Item(Widget):
    """An ``item`` agent: on the ground at (x, y) or carried by ``holder``. Fields are
    declared as the ``Widget`` docstring says."""

    type_name = "item"
    __slots__ = ("itype", "type_id", "owner", "charges", "pawnable", "serial", "skin")

    holder: Unit | None = None
    user_data: int = 0
    invulnerable: bool = False
    visible: bool = True
    droppable: bool = True
    drop_on_death: bool = False
    drop_id: int = 0
    # abilities added with BlzItemAddAbility, fields and ability handles
    # (natives.objectfields)
    abilities: tuple | list[int] = ()
    fields: Mapping[tuple[str, int], Any] = NO_ENTRIES
    ability_objects: Mapping[int, Any] = NO_ENTRIES
    text: Mapping[str, str] = NO_ENTRIES   # tooltips and icon set on it (natives.objecttext)

    def __init__(self, itype: ItemType, x: float, y: float, owner: Player) -> None:
        super().__init__(x, y, unitdata.ITEM_LIFE)
        self.itype: ItemType = itype
        self.type_id: int = itype.code
        self.owner: Player = owner
        self.charges: int = itype.charges
        self.pawnable: bool = itype.pawnable
        self.serial: int = 0
        self.skin: int = itype.code       # BlzGetItemSkin: the type whose model it shows

    @property
    def position(self) -> tuple[float, float]:
        if self.holder is not None:
            return self.holder.x, self.holder.y
        return self.x, self.y


class Destructable(Widget):
    """A ``destructable`` agent (trees, gates, crates...). Fields are declared as the
    ``Widget`` docstring says."""

    type_name = "destructable"
    __slots__ = ("dtype", "type_id", "z", "facing", "scale", "variation", "skin", "serial")

    dead: bool = False
    invulnerable: bool = False
    visible: bool = True
    occluder_height: float = 0.0
    animation: str | None = None
    animation_queue: tuple | list[str] = ()
    animation_speed: float = 1.0

    def __init__(self, dtype: DestructableType, x: float, y: float, z: float, facing: float,
                 scale: float, variation: int, skin: int | None = None) -> None:
        super().__init__(x, y, dtype.life)
        self.dtype: DestructableType = dtype
        self.type_id: int = dtype.code
        self.z: float = z
        self.facing: float = facing
        self.scale: float = scale
        self.variation: int = variation
        self.skin: int | None = skin
        self.serial: int = 0


# ---------------------------------------------------------------------------------------
# The store
# ---------------------------------------------------------------------------------------

_OFFSETS: list[tuple[float, float]] = []


def _placement_offsets() -> list[tuple[float, float]]:
    """The ``PLACEMENT_CANDIDATES`` grid offsets around a point, nearest first (distance,
    then angle), in world units; computed once."""
    if not _OFFSETS:
        rings = math.ceil(math.sqrt(PLACEMENT_CANDIDATES) / 2) + 1
        pts = []
        for i in range(-rings, rings + 1):
            for j in range(-rings, rings + 1):
                if i == 0 and j == 0:
                    continue
                pts.append((i * i + j * j, math.atan2(j, i) % (2 * math.pi), i, j))
        pts.sort()
        _OFFSETS.extend((i * PLACEMENT_STEP, j * PLACEMENT_STEP)
                        for _, _, i, j in pts[:PLACEMENT_CANDIDATES])
    return _OFFSETS


_REACH: list[float] = []


def _placement_reach() -> float:
    """Distance from the requested point to the farthest placement candidate (cached)."""
    if not _REACH:
        _REACH.append(max(math.hypot(dx, dy) for dx, dy in _placement_offsets()))
    return _REACH[0]


def _grid_lookup(units: list[Unit], size: float) -> Callable[[float, float], list[Unit]]:
    """Sort ``units`` into square cells of edge ``size`` (world units); the returned function
    gives the units of the 3 x 3 cells around a point: every unit within ``size`` of it."""
    grid: dict[tuple[int, int], list[Unit]] = {}
    for o in units:
        grid.setdefault((math.floor(o.y / size), math.floor(o.x / size)), []).append(o)

    def near(px: float, py: float) -> list[Unit]:
        r, c = math.floor(py / size), math.floor(px / size)
        return [o for dr in (-1, 0, 1) for dc in (-1, 0, 1) for o in grid.get((r + dr, c + dc), ())]
    return near


def _serial_of(u) -> int:
    return u.serial


def _sector_gap2(r: int, c: int, x: float, y: float) -> float:
    """Squared distance (world units) from (x, y) to the nearest point of sector (r, c)."""
    gx = max(c * SECTOR_SIZE - x, 0.0, x - (c + 1) * SECTOR_SIZE)
    gy = max(r * SECTOR_SIZE - y, 0.0, y - (r + 1) * SECTOR_SIZE)
    return gx * gx + gy * gy


def _nearest_in(bucket, x: float, y: float, r2: float, accept, best: tuple) -> tuple:
    """``best`` (unit, squared distance, serial) improved by the units of ``bucket`` within
    squared radius ``r2`` of (x, y) that ``accept`` takes; ties go to the lower serial."""
    unit, best_d2, best_serial = best
    for v in bucket:
        dx, dy = v.x - x, v.y - y
        d2 = dx * dx + dy * dy
        if d2 > r2 or d2 > best_d2 or (d2 == best_d2 and v.serial > best_serial):
            continue
        if accept(v):
            unit, best_d2, best_serial = v, d2, v.serial
    return unit, best_d2, best_serial


@functools.cache
def _ring(k: int) -> tuple[tuple[int, int], ...]:
    """Sector offsets (drow, dcol) at Chebyshev distance ``k`` from a sector."""
    if k == 0:
        return ((0, 0),)
    return tuple((dr, dc) for dr in range(-k, k + 1) for dc in range(-k, k + 1)
                 if max(abs(dr), abs(dc)) == k)


class UnitStore:
    """Units, items and destructables of a Game, with their lifecycle rules.

    ``units``, ``items`` and ``destructables`` map a creation serial to each object that
    has not been removed, in creation order.
    """

    def __init__(self, game) -> None:
        self.game = game
        scheduler = game.scheduler
        scheduler.register("unit_decay", self._decay)                # subject: the corpse
        scheduler.register("timed_life", self._expire_timed_life)    # subject: the unit
        scheduler.register("damage_point", self.damage_point)        # subject: the source
        self.units: dict[int, Unit] = {}
        self.items: dict[int, Item] = {}
        self.destructables: dict[int, Destructable] = {}
        self.unit_types: dict[int, UnitType] = {}
        self.item_types: dict[int, ItemType] = {}
        self.destructable_types: dict[int, DestructableType] = {}
        self._warned_types: set[tuple[str, int]] = set()
        self._serial = 0
        self._sector_seq = 0
        # the spatial index: sector -> the units (not removed) whose origin is in it, and the
        # largest collision size seen, so area queries visit only the sectors they reach
        self.by_sector: dict[tuple[int, int], dict[Unit, None]] = {}
        # the same by owner: (player id, sector row, sector column) -> units
        self.by_owner: dict[tuple[int, int, int], dict[Unit, None]] = {}
        # player id -> its non-empty sectors (a player without units has no entry)
        self.owner_cells: dict[int, dict[tuple[int, int], None]] = {}
        self.owners_version = 0   # bumped when a player gets its first unit or loses its last
        self.max_collision = 0.0
        self.max_hero_level = MAX_HERO_LEVEL
        self.selection: dict[int, list[Unit]] = {}
        self.stock: dict[str, Any] = {"items": {}, "units": {}, "item_slots": None,
                                      "unit_slots": None}
        # ability art the map layer may provide (natives.objectfields): (ability rawcode,
        # effecttype value) -> model paths, (ability rawcode, soundtype value) -> label
        self.ability_art: dict[tuple[int, int], list[str]] = {}
        self.ability_sounds: dict[tuple[int, int], str] = {}
        # object text and art changed at runtime (natives.objecttext): (field id, rawcode,
        # data level) -> value, for the whole game
        self.object_text: dict[tuple[str, int, int], Any] = {}
        # (owner, food used, food made) -> that tuple: the food a unit counts is one shared
        # tuple per distinct value, not one per unit (a cache: not saved, natives.snapshot)
        self.food_keys: dict[tuple[Player, int, int], tuple[Player, int, int]] = {}
        # player id -> its units in creation order (``owned_by``); dropped when a unit of the
        # player is created or removed or changes owner: derived, never saved
        self._owned_sorted: dict[int, list[Unit]] = {}

    # -- types --------------------------------------------------------------------------
    def define_type(self, utype: UnitType) -> None:
        """Add or override a unit type for this game (map data)."""
        self.unit_types[utype.code] = utype

    def unit_type(self, code: int, warn: Callable[[str], None] | None = None) -> UnitType:
        t = (self.unit_types.get(code) or self.game.object_types.unit_types.get(code)
             or unitdata.UNIT_TYPES.get(code))
        if t is None:
            t = default_unit_type(code)
            self._warn_type("unit", code, warn)
        return t

    def item_type(self, code: int, warn=None) -> ItemType:
        t = (self.item_types.get(code) or self.game.object_types.item_types.get(code)
             or unitdata.ITEM_TYPES.get(code))
        if t is None:
            t = default_item_type(code)
            self._warn_type("item", code, warn)
        return t

    def destructable_type(self, code: int, warn=None) -> DestructableType:
        t = (self.destructable_types.get(code) or self.game.object_types.destructable_types.get(code)
             or unitdata.DESTRUCTABLE_TYPES.get(code))
        if t is None:
            t = default_destructable_type(code)
            self._warn_type("destructable", code, warn)
        return t

    def _warn_type(self, kind: str, code: int, warn) -> None:
        if (kind, code) in self._warned_types:
            return
        self._warned_types.add((kind, code))
        (warn or self.game.warn)(
            f"unknown {kind} type '{rawcode_str(code)}' ({code}): using default values")

    def _next_serial(self) -> int:
        self._serial += 1
        return self._serial

    # -- spatial helpers ----------------------------------------------------------------
    def _update_sector(self, u: Unit) -> None:
        sector = cell_key(math.floor(u.y / SECTOR_SIZE), math.floor(u.x / SECTOR_SIZE))
        if sector != u.sector or u.sector_seq == 0:
            self._unindex(u)
            self._sector_seq += 1
            u.sector = sector
            u.sector_seq = self._sector_seq
            self.by_sector.setdefault(sector, {})[u] = None
            self._owner_add(u.owner.id, sector, u)
            if u.collision > self.max_collision:
                self.max_collision = u.collision

    def _unindex(self, u: Unit) -> None:
        if not u.sector_seq:
            return
        bucket = self.by_sector.get(u.sector)
        if bucket is not None and bucket.pop(u, 0) is None and not bucket:
            del self.by_sector[u.sector]
        self._owner_remove(u.owner.id, u.sector, u)

    def _owner_add(self, pid: int, sector: tuple[int, int], u: Unit) -> None:
        bucket = self.by_owner.get((pid, *sector))
        if bucket is None:
            bucket = self.by_owner[(pid, *sector)] = {}
            cells = self.owner_cells.get(pid)
            if cells is None:
                cells = self.owner_cells[pid] = {}
                self.owners_version += 1
            cells[sector] = None
        bucket[u] = None

    def _owner_remove(self, pid: int, sector: tuple[int, int], u: Unit) -> None:
        key = (pid, *sector)
        bucket = self.by_owner.get(key)
        if bucket is not None and bucket.pop(u, 0) is None and not bucket:
            del self.by_owner[key]
            cells = self.owner_cells[pid]
            del cells[sector]
            if not cells:
                del self.owner_cells[pid]
                self.owners_version += 1

    def units_near(self, x0: float, y0: float, x1: float, y1: float) -> list[Unit]:
        """Units (not removed) whose origin may lie in the box [x0, x1] x [y0, y1] (world
        units): those of the sectors the box overlaps, a superset callers filter. Visits
        only occupied sectors, so a huge box costs what a full scan does."""
        try:
            r0, r1 = math.floor(y0 / SECTOR_SIZE), math.floor(y1 / SECTOR_SIZE)
            c0, c1 = math.floor(x0 / SECTOR_SIZE), math.floor(x1 / SECTOR_SIZE)
        except (OverflowError, ValueError):   # an infinite or NaN bound: every unit
            return list(self.units.values())
        out: list[Unit] = []
        if (r1 - r0 + 1) * (c1 - c0 + 1) > len(self.by_sector):
            for (r, c), bucket in self.by_sector.items():
                if r0 <= r <= r1 and c0 <= c <= c1:
                    out.extend(bucket)
            return out
        for r in range(r0, r1 + 1):
            for c in range(c0, c1 + 1):
                bucket = self.by_sector.get((r, c))
                if bucket:
                    out.extend(bucket)
        return out

    def nearest(self, x: float, y: float, radius: float, accept: Callable[[Unit], bool],
                owners: Iterable[int]) -> Unit | None:
        """The unit (not removed) of one of the players ``owners`` (ids) nearest to (x, y)
        within ``radius`` world units that ``accept`` takes, ties to the one created first;
        None if there is none. Visits the index's sectors in rings around the point and stops
        at the first ring that cannot hold anything nearer (acquisition, ``natives.orders``);
        when the players occupy fewer sectors than the rings hold, visits those instead (the
        nearest is the same whatever the order: ties go by serial)."""
        owners = [pid for pid in owners if pid in self.owner_cells]
        if not owners:
            return None
        r2 = radius * radius
        row, col = math.floor(y / SECTOR_SIZE), math.floor(x / SECTOR_SIZE)
        best = (None, math.inf, 0)     # unit, squared distance, serial
        by_owner = self.by_owner
        rings = math.ceil(radius / SECTOR_SIZE) + 2
        if sum(len(self.owner_cells[pid]) for pid in owners) < (2 * rings - 1) ** 2:
            for pid in owners:
                for r, c in self.owner_cells[pid]:
                    gap = _sector_gap2(r, c, x, y)
                    if gap <= r2 and gap <= best[1]:
                        best = _nearest_in(by_owner[(pid, r, c)], x, y, r2, accept, best)
            return best[0]
        for k in range(rings):
            near = (k - 1) * SECTOR_SIZE      # no point of ring k is nearer than this
            if near > 0 and (near * near > best[1] or near > radius):
                break
            for dr, dc in _ring(k):
                r, c = row + dr, col + dc
                gap = _sector_gap2(r, c, x, y)    # skip sectors that cannot do better
                if gap > r2 or gap > best[1]:
                    continue
                for pid in owners:
                    bucket = by_owner.get((pid, r, c))
                    if bucket:
                        best = _nearest_in(bucket, x, y, r2, accept, best)
        return best[0]

    def owned_near(self, owners: Iterable[int], x0: float, y0: float, x1: float,
                   y1: float) -> list[Unit]:
        """Units (not removed) of the players ``owners`` (ids) whose origin may lie in the box
        [x0, x1] x [y0, y1]: those of the sectors the box overlaps (a superset, as
        ``units_near``), owner by owner in the order given, then sector row and column.
        Visits only occupied buckets when the box covers more (a long acquisition range)."""
        r0, r1 = math.floor(y0 / SECTOR_SIZE), math.floor(y1 / SECTOR_SIZE)
        c0, c1 = math.floor(x0 / SECTOR_SIZE), math.floor(x1 / SECTOR_SIZE)
        out: list[Unit] = []
        by_owner = self.by_owner
        box = (r1 - r0 + 1) * (c1 - c0 + 1)
        for pid in owners:
            cells = self.owner_cells.get(pid)
            if not cells:
                continue
            if len(cells) < box:    # the player's few sectors in the box, in the order below
                for r, c in sorted(rc for rc in cells if r0 <= rc[0] <= r1 and c0 <= rc[1] <= c1):
                    out.extend(by_owner[(pid, r, c)])
                continue
            for r in range(r0, r1 + 1):
                for c in range(c0, c1 + 1):
                    bucket = by_owner.get((pid, r, c))
                    if bucket:
                        out.extend(bucket)
        return out

    def owned_units(self, owners: Iterable[int]) -> list[Unit]:
        """Units (not removed) of the players ``owners`` (ids), from the spatial index's
        buckets: every such unit once, in no meaningful order (callers that need one sort)."""
        by_owner = self.by_owner
        return [u for pid in dict.fromkeys(owners) for r, c in self.owner_cells.get(pid, ())
                for u in by_owner[(pid, r, c)]]

    def owned_by(self, pid: int) -> list[Unit]:
        """Player ``pid``'s units (not removed) in creation order (the owner index has no
        order that survives a save and load, so the order is the serial's). The list is
        cached and shared: read it, never change it (a unit created or removed meanwhile
        makes a new one, so iterating it while units come and go is safe)."""
        cached = self._owned_sorted.get(pid)
        if cached is None:
            cached = self._owned_sorted[pid] = sorted(self.owned_units((pid,)),
                                                      key=_serial_of)
        return cached

    def spatial_order(self, units: Iterable[Unit]) -> list[Unit]:
        """Spatial enumeration order (S122): 256x256 sectors bottom row first, each row left
        to right; inside a sector, most recently entered first."""
        return sorted(units, key=lambda u: (u.sector[0], u.sector[1], -u.sector_seq))

    @staticmethod
    def can_block(other: Unit) -> bool:
        """Does ``other`` occupy ground (a live, shown ground unit with pathing)?"""
        return other.alive and not other.hidden and not other.flying and other.pathing

    def is_legal_point(self, u: Unit, x: float, y: float,
                       blockers: Iterable[Unit] | None = None) -> bool:
        """Static pathing for the unit's movement type and live-unit occupancy: no unit that
        ``can_block`` has its collision circle overlapping ``u``'s at (x, y). ``blockers``
        limits the occupancy test to those units, already filtered by ``can_block`` (callers
        pass the units that can reach the point, see ``find_placement``); default: every unit."""
        pathing = self.game.pathing
        if not self.game.in_world(x, y):
            return False
        if not pathing.area_passable(x, y, u.collision, u.utype.move or "foot"):
            return False
        if u.flying:
            return True
        if blockers is None:
            far = u.collision + self.max_collision
            blockers = [o for o in self.units_near(x - far, y - far, x + far, y + far)
                        if self.can_block(o)]
        radius = u.collision
        for other in blockers:
            reach = radius + other.collision
            if other is not u and (other.x - x) ** 2 + (other.y - y) ** 2 < reach * reach - 1e-6:
                return False
        return True

    def placement_candidates(self, x: float, y: float) -> Iterator[tuple[float, float]]:
        """Candidate points around (x, y), nearest first (distance, then angle); made one at
        a time, as the search takes them (it usually stops at one of the first)."""
        return ((x + dx, y + dy) for dx, dy in _placement_offsets())

    def find_placement(self, u: Unit, x: float, y: float) -> tuple[float, float] | None:
        """Seed 003 placement: the requested point for movement-disabled units or when legal,
        else the nearest legal candidate, else None.

        Only units that can block some candidate are tested (those whose collision circle
        reaches within ``u.collision`` of the farthest candidate), found in one pass and
        sorted into a grid of cells as wide as the largest blocking distance, so each
        candidate checks only the units of the 3 x 3 cells around it (seed 003: "dense
        scripted spawns do not scan every edict at each of the search's 300 candidates")."""
        if u.utype.movement_disabled or not u.pathing:
            return x, y
        if self.is_legal_point(u, x, y):   # the usual case: no need to gather the blockers
            return x, y
        near_point: Callable[[float, float], list[Unit]] = lambda _x, _y: []
        if not u.flying:
            reach = _placement_reach() + u.collision
            far = reach + self.max_collision
            others = [o for o in self.units_near(x - far, y - far, x + far, y + far)
                      if o is not u and self.can_block(o)
                      and (o.x - x) ** 2 + (o.y - y) ** 2 <= (reach + o.collision) ** 2]
            near_point = _grid_lookup(others, max(1.0, u.collision + self.max_collision))
        for cx, cy in self.placement_candidates(x, y):
            if self.is_legal_point(u, cx, cy, near_point(cx, cy)):
                return cx, cy
        return None

    # -- food ---------------------------------------------------------------------------
    def refresh_food(self, u: Unit) -> None:
        """Bring the owner's food used/made in line with the unit's state."""
        active = (u.uses_food and not u.destroyed and (not u.dead or u.is_hero))
        made_active = not u.destroyed and not u.dead and u.construction is None
        want = (u.owner, u.utype.food_used if active else 0,
                u.utype.food_made if made_active else 0)
        want = self.food_keys.setdefault(want, want)
        have = u.food_counted
        if have is not None:
            player, used, made = have
            if (player, used, made) == want:
                return
            player.add_state(PLAYER_STATE_RESOURCE_FOOD_USED, -used)
            player.add_state(PLAYER_STATE_RESOURCE_FOOD_CAP, -made)
        player, used, made = want
        player.add_state(PLAYER_STATE_RESOURCE_FOOD_USED, used)
        player.add_state(PLAYER_STATE_RESOURCE_FOOD_CAP, made)
        u.food_counted = want if (used or made) else None

    # -- unit lifecycle -----------------------------------------------------------------
    def create_unit(self, owner: Player, code: int, x: float, y: float, facing: float,
                    warn: Callable[[str], None] | None = None, *, construction: Any = None,
                    food_reserved: bool = False) -> Unit:
        """``CreateUnit`` (seed 003 contract, see module docstring). ``construction``: the
        structure is created under construction (``natives.production``: it makes no food
        yet); ``food_reserved``: the owner's food used already counts the unit (a trained
        unit's food was taken when its training began)."""
        utype = self.unit_type(code, warn)
        u = Unit(self, utype, owner, x, y, facing)
        if construction is not None:
            u.construction = construction
        if food_reserved and utype.food_used:
            u.food_counted = (owner, utype.food_used, 0)
        self.game.handles.allocate(u)
        if utype.is_hero:
            u.inventory = [None] * HERO_INVENTORY_SIZE
        place = self.find_placement(u, x, y)
        if place is None:
            (warn or self.game.warn)(
                f"CreateUnit: no legal point near ({x:.1f}, {y:.1f}) for unit "
                f"'{utype.rawcode}' of player {owner.id}; keeping the requested point")
        else:
            u.x, u.y = place
        u.serial = self._next_serial()
        self.units[u.serial] = u
        self._update_sector(u)
        self._owned_sorted.pop(owner.id, None)
        self.refresh_food(u)
        self.game.publish(UnitCreated(u))
        return u

    def remove_unit(self, u: Unit) -> None:
        """``RemoveUnit``: destroy the handle now (S069: the id stays until unreferenced)."""
        if u.destroyed:
            return
        for item in list(u.inventory):
            if item is not None:
                self.drop_item(u, item, u.x, u.y, publish=False)
        u.removed_at = self.game.now
        if u.transport is not None:
            self.unload_unit(u, publish=False)
        for cargo in list(u.cargo):
            self.unload_unit(cargo, publish=False)
        self.units.pop(u.serial, None)
        self._unindex(u)
        self._owned_sorted.pop(u.owner.id, None)
        self._drop_ability_objects(u)
        for sel in self.selection.values():
            if u in sel:
                sel.remove(u)
        self.game.handles.destroy(u)
        self.refresh_food(u)
        self.game.orders.clear(u)
        self.game.publish(UnitRemoved(u))

    def kill_unit(self, u: Unit, killer: Unit | None = None) -> bool:
        """Kill a live unit: life 0, publish ``UnitDeath``, start corpse decay."""
        if not u.alive:
            return False
        u.dead = True
        u.life = 0.0
        u.death_time = self.game.now
        self.game.orders.clear(u)
        u.sleeping = False
        if u.timed_life is not None:
            self.game.scheduler.cancel(u.timed_life.get("entry"))
        u.timed_life = None
        self.refresh_food(u)
        if not u.is_hero:
            for item in list(u.inventory):
                if item is not None:
                    self.drop_item(u, item, u.x, u.y)
        self.game.publish(UnitDeath(u, killer))
        if not u.is_hero and not u.destroyed:
            summoned = u.has_type(UT_SUMMONED)
            self._schedule_decay(u, SUMMON_BODY_SECONDS if summoned else CORPSE_DECAY_SECONDS)
        return True

    def _schedule_decay(self, u: Unit, delay: float) -> None:
        self.game.scheduler.cancel(u.decay_entry)
        u.decay_entry = None
        if not u.decay_suspended:
            u.decay_entry = self.game.schedule(delay, "unit_decay", subject=u)

    def _decay(self, u: Unit) -> None:
        u.decay_entry = None
        if u.decay_suspended or not u.dead or u.destroyed:
            return
        self.game.publish(UnitDecay(u))
        self.remove_unit(u)

    def apply_timed_life(self, u: Unit, buff: int, duration: float) -> None:
        """``u`` dies ``duration`` game seconds from now (replacing a running timed life):
        ``u.timed_life`` holds the buff, the due time, the remaining time while paused and the
        pending ``timed_life`` scheduler entry; the buff is on the unit as a timed-life buff."""
        if u.timed_life is not None:
            self.game.scheduler.cancel(u.timed_life.get("entry"))
        duration = max(0.0, duration)
        own(u, "buffs")[buff] = Buff(buff, timed_life=True)
        u.timed_life = {"buff": buff, "due": self.game.now + duration, "paused_remaining": None,
                        "entry": self.game.schedule(duration, "timed_life", subject=u)}

    def _expire_timed_life(self, u: Unit) -> None:
        if u.timed_life is not None and u.alive:
            u.timed_life = None
            self.kill_unit(u)

    def damage_point(self, source: Unit, x: float, y: float, radius: float, amount: float) -> None:
        """``UnitDamagePoint``'s hit: ``amount`` damage to every live unit but the source whose
        origin is within ``radius`` world units of (x, y); a removed source deals it without
        a source."""
        for target in units_in_range(self, x, y, radius):
            if target is not source and target.alive and not target.destroyed:
                self.damage_unit(target, amount, source if not source.destroyed else None)

    def suspend_decay(self, u: Unit, suspend: bool) -> None:
        if suspend == u.decay_suspended:
            return
        u.decay_suspended = suspend
        if suspend:
            self.game.scheduler.cancel(u.decay_entry)
            u.decay_entry = None
        elif u.dead and not u.destroyed and not u.is_hero:
            self._schedule_decay(u, CORPSE_DECAY_SECONDS)

    def revive_hero(self, u: Unit, x: float, y: float) -> bool:
        """Revive a dead hero at full life/mana near (x, y)."""
        if u.destroyed or not u.dead or not u.is_hero:
            return False
        u.dead = False
        u.death_time = None
        u.life = u.max_life
        u.mana = u.max_mana
        self.refresh_food(u)
        self.move_unit(u, x, y, pathing=True)
        self.game.publish(UnitRevived(u))
        return True

    def set_owner(self, u: Unit, owner: Player, change_color: bool) -> None:
        previous = u.owner
        if previous is owner:
            if change_color:
                u.color = owner.color
            return
        if u.sector_seq and not u.destroyed:   # move it to its new owner's bucket
            self._owner_remove(previous.id, u.sector, u)
            self._owner_add(owner.id, u.sector, u)
        self._owned_sorted.pop(previous.id, None)
        self._owned_sorted.pop(owner.id, None)
        u.owner = owner
        if change_color:
            u.color = owner.color
        self.refresh_food(u)
        self.game.publish(UnitOwnerChanged(u, previous, owner))

    def move_unit(self, u: Unit, x: float, y: float, pathing: bool = False) -> None:
        """Move ``u``; with ``pathing`` use the seed 003 placement rule (SetUnitPosition)."""
        if pathing:
            place = self.find_placement(u, x, y)
            if place is None:
                self.game.warn(f"SetUnitPosition: no legal point near ({x:.1f}, {y:.1f}) for "
                               f"unit '{u.utype.rawcode}' of player {u.owner.id}; keeping "
                               f"the requested point")
            else:
                x, y = place
        x0, y0, x1, y1 = self.game.world_bounds
        if not x0 <= x <= x1:    # (as min(max(x, x0), x1), without the calls: a walk step)
            x = min(max(x, x0), x1)
        if not y0 <= y <= y1:
            y = min(max(y, y0), y1)
        fx, fy = u.x, u.y
        u.x, u.y = x, y
        if u.sector != (math.floor(y / SECTOR_SIZE), math.floor(x / SECTOR_SIZE)) \
                or u.sector_seq == 0:    # (the test ``_update_sector`` makes, inline: a walk step)
            self._update_sector(u)
        if (fx, fy) != (x, y):
            self.game.publish(UnitMoved(u, fx, fy, x, y))

    def set_life(self, u: Unit, value: float, killer: Unit | None = None) -> None:
        """Set life (clamped to max); at ``DEATH_LIFE`` or below the unit dies."""
        if not u.alive:
            return
        old = u.life
        u.life = max(0.0, min(value, u.max_life))
        if u.life != old:
            self.game.publish(UnitStateChanged(u, "life", old, u.life))
        if u.life <= DEATH_LIFE:
            self.kill_unit(u, killer)

    def damage_unit(self, u: Unit, amount: float, source: Unit | None = None,
                    damage: Any = None) -> bool:
        """``u`` takes ``amount`` damage (life points) from ``source``: ``UnitDamaged`` is
        published first (the game raises the damage event before life drops), then life is
        lowered by the event's amount (death at ``DEATH_LIFE`` or below, ``source`` as
        killer). ``damage`` is the hit's ``natives.combat.DamageEvent`` (an attack's, from
        ``natives.combat.hit``); without one, a non-attack one (spell damage: attack type
        ``ATTACK_TYPE_NORMAL``) is made. A handler that runs before life drops (1.31+ API
        sets, ``natives.events``) may change its amount with ``BlzSetEventDamage``; a
        negative amount heals (jassdoc). Armor and damage types are applied by
        ``natives.combat`` before, not here. False (nothing happens) for a dead or removed
        unit; an invulnerable unit raises the event but keeps its life (project choice)."""
        if not u.alive:
            return False
        if damage is None:
            damage = DamageEvent.spell(float(amount))
        damage.amount = float(amount)
        self.game.publish(UnitDamaged(u, source, float(amount), damage))
        if u.alive and not u.invulnerable and damage.amount != 0.0:
            self.set_life(u, u.life - damage.amount, killer=source)
        return True

    def set_max_life(self, u: Unit, value: float) -> None:
        old = u.max_life
        u.max_life = max(1.0, value)
        if u.life > u.max_life:
            u.life = u.max_life
        if old != u.max_life:
            self.game.publish(UnitStateChanged(u, "max_life", old, u.max_life))

    def set_mana(self, u: Unit, value: float) -> None:
        old = u.mana
        u.mana = max(0.0, min(value, u.max_mana))
        if old != u.mana:
            self.game.publish(UnitStateChanged(u, "mana", old, u.mana))

    def set_max_mana(self, u: Unit, value: float) -> None:
        old = u.max_mana
        u.max_mana = max(0.0, value)
        u.mana = min(u.mana, u.max_mana)
        if old != u.max_mana:
            self.game.publish(UnitStateChanged(u, "max_mana", old, u.max_mana))

    def set_hidden(self, u: Unit, hidden: bool) -> None:
        if u.hidden != hidden:
            u.hidden = hidden
            self.game.publish(UnitHidden(u, hidden))

    # -- what a player does (scenario steps) ---------------------------------------------
    def select_unit(self, u: Unit, player: Player) -> bool:
        """``player`` selects ``u`` (adds it to their selection) and ``UnitSelected`` is
        published; False (nothing happens) when it was selected already."""
        sel = self.selection.setdefault(player.id, [])
        if u in sel:
            return False
        sel.append(u)
        self.game.publish(UnitSelected(u, player, True))
        return True

    def use_item(self, u: Unit, item: Item) -> None:
        """``u`` uses ``item`` it carries: its modelled item abilities get ITEM_USE
        (``natives.spells.Spells.use_item``); unless none of them applied, ``ItemUse`` is
        published, then one charge is spent (an item whose last charge is used is removed; an
        item without charges keeps none)."""
        if self.game.spells.use_item(u, item) is False:
            return
        self.game.publish(ItemUse(u, item))
        if item.charges > 0:
            item.charges -= 1
            if item.charges == 0:
                self.remove_item(item)

    def learn_skill(self, u: Unit, code: int) -> bool:
        """The hero ``u`` spends a skill point on ability ``code`` (``SelectHeroSkill``):
        its level rises by one and ``HeroSkill`` is published. False when ``u`` is not a
        hero, has no skill point left or may not learn that level yet
        (``natives.spells.Spells.can_learn``)."""
        if u.hero is None or u.hero.skill_points <= 0 or not self.game.spells.can_learn(u, code):
            return False
        u.hero.skill_points -= 1
        level = u.abilities.get(code, 0) + 1
        own(u, "abilities")[code] = level
        self.game.publish(HeroSkill(u, code, level))
        return True

    def start_construction(self, worker: Unit, code: int, x: float, y: float) -> Unit:
        """The worker starts building a structure of type ``code`` at (x, y) for its owner:
        the structure is created there (``UnitCreated``) and ``UnitConstruct("start")``
        published. The model has no build times: ``finish_construction`` completes it. No
        cost is charged."""
        structure = self.create_unit(worker.owner, code, x, y, 270.0)
        self.game.publish(UnitConstruct("start", structure, builder=worker))
        return structure

    def finish_construction(self, structure: Unit, worker: Unit | None = None) -> bool:
        """Construction of ``structure`` finishes (``UnitConstruct("finish")``); False when
        it was removed or died meanwhile."""
        if structure.destroyed or not structure.alive:
            return False
        self.game.publish(UnitConstruct("finish", structure, builder=worker))
        return True

    def sell_unit(self, shop: Unit, code: int, buyer: Unit) -> Unit:
        """The shop sells a unit of type ``code`` to ``buyer``'s owner: it appears at the
        shop and ``UnitSold`` is published. No gold is charged, the stock is not checked."""
        bought = self.create_unit(buyer.owner, code, shop.x, shop.y, 270.0)
        self.game.publish(UnitSold(shop, bought, buyer))
        return bought

    def sell_item(self, shop: Unit, code: int, buyer: Unit) -> tuple[Item, bool]:
        """The shop sells an item of type ``code`` to ``buyer``: it is created at the shop,
        ``ItemSold`` published and the item given to the buyer. Returns (item, whether the
        buyer carries it: False when it has no inventory or no free slot, and the item lies
        at the shop)."""
        item = self.create_item(code, shop.x, shop.y)
        self.game.publish(ItemSold(shop, item, buyer))
        return item, self.give_item(buyer, item)

    # -- hero ---------------------------------------------------------------------------
    def _adjust_attribute(self, u: Unit, name: str, new_base: float) -> None:
        h = u.hero
        old = h.attribute(name, False)
        h.base[name] = new_base
        delta = h.attribute(name, False) - old
        if name == "str" and delta:
            ratio = u.life / u.max_life if u.max_life else 1.0
            u.max_life = max(1.0, u.max_life + delta * unitdata.LIFE_PER_STR)
            if not u.dead:
                u.life = max(1.0, u.max_life * ratio)
        elif name == "int" and delta:
            ratio = u.mana / u.max_mana if u.max_mana else 1.0
            u.max_mana = max(0.0, u.max_mana + delta * unitdata.MANA_PER_INT)
            u.mana = u.max_mana * ratio

    def set_hero_level(self, u: Unit, level: int, set_xp: bool = True) -> None:
        """Raise or lower the level (1..max), adjusting attributes and skill points."""
        h = u.hero
        level = max(1, min(level, self.max_hero_level))
        previous = h.level
        if level == previous:
            return
        step = 1 if level > previous else -1
        while h.level != level:
            h.level += step
            for name, gain in (("str", h.stats.str_gain), ("agi", h.stats.agi_gain),
                               ("int", h.stats.int_gain)):
                self._adjust_attribute(u, name, h.base[name] + step * gain)
            h.skill_points = max(0, h.skill_points + step)
            if step > 0:
                self.game.publish(HeroLevel(u, h.level, h.level - 1))
        if set_xp and (step < 0 or h.xp < HERO_XP[level]):
            h.xp = HERO_XP[level]

    def add_hero_xp(self, u: Unit, amount: int) -> None:
        h = u.hero
        h.xp = max(0, h.xp + amount)
        target = h.level
        while target < self.max_hero_level and h.xp >= HERO_XP[target + 1]:
            target += 1
        if target > h.level:
            self.set_hero_level(u, target, set_xp=False)

    # -- items --------------------------------------------------------------------------
    def create_item(self, code: int, x: float, y: float, warn=None) -> Item:
        itype = self.item_type(code, warn)
        passive = self.game.players.get(self.game.players.neutral_passive_id)
        item = Item(itype, x, y, passive)
        self.game.handles.allocate(item)
        item.serial = self._next_serial()
        self.items[item.serial] = item
        return item

    def remove_item(self, item: Item) -> None:
        if item.destroyed:
            return
        holder = item.holder
        if holder is not None and item in holder.inventory:
            own(holder, "inventory")[holder.inventory.index(item)] = None
        item.holder = None
        self.items.pop(item.serial, None)
        self._drop_ability_objects(item)
        self.game.handles.destroy(item)
        self.game.publish(ItemRemoved(item))

    def give_item(self, u: Unit, item: Item, slot: int | None = None) -> bool:
        """Put ``item`` into ``u``'s first free slot (or ``slot``); False if no room."""
        if not u.alive or not u.inventory:
            return False
        if item.holder is u:
            return True
        free = [i for i, it in enumerate(u.inventory) if it is None]
        if slot is None:
            if not free:
                return False
            slot = free[0]
        elif not (0 <= slot < len(u.inventory)) or u.inventory[slot] is not None:
            return False
        if item.holder is not None:
            self.drop_item(item.holder, item, item.holder.x, item.holder.y, publish=False)
        if item.itype.powerup and not u.held:
            # powerups are used on pickup: the model does not apply their effect
            self.game.publish(ItemPickup(u, item))
            self.remove_item(item)
            return True
        own(u, "inventory")[slot] = item
        item.holder = u
        item.owner = u.owner
        item.x, item.y = u.x, u.y
        self.game.publish(ItemPickup(u, item))
        return True

    def drop_item(self, u: Unit, item: Item, x: float, y: float, publish: bool = True) -> bool:
        if item.holder is not u:
            return False
        own(u, "inventory")[u.inventory.index(item)] = None
        item.holder = None
        item.x, item.y = x, y
        if publish:
            self.game.publish(ItemDrop(u, item))
        return True

    # -- destructables ------------------------------------------------------------------
    def create_destructable(self, code: int, x: float, y: float, z: float, facing: float,
                            scale: float, variation: int, dead: bool = False,
                            skin: int | None = None, warn=None) -> Destructable:
        dtype = self.destructable_type(code, warn)
        d = Destructable(dtype, x, y, z, facing, scale, variation, skin)
        self.game.handles.allocate(d)
        d.serial = self._next_serial()
        if dead:
            d.dead = True
            d.life = 0.0
        self.destructables[d.serial] = d
        return d

    def kill_destructable(self, d: Destructable) -> None:
        if d.destroyed or d.dead:
            return
        d.dead = True
        d.life = 0.0
        self.game.publish(DestructableDeath(d))

    def remove_destructable(self, d: Destructable) -> None:
        if d.destroyed:
            return
        self.destructables.pop(d.serial, None)
        self.game.handles.destroy(d)
        self.game.publish(DestructableRemoved(d))

    def _drop_ability_objects(self, owner) -> None:
        """Destroy the ``ability`` handles of a removed unit or item (natives.objectfields)."""
        for a in owner.ability_objects.values():
            if not a.destroyed:
                self.game.handles.destroy(a)
        owner.ability_objects = NO_ENTRIES

    # -- transports ---------------------------------------------------------------------
    def load_unit(self, transport: Unit, u: Unit) -> bool:
        """Load ``u`` into ``transport`` (both live, distinct, ``u`` not already loaded and
        not carrying cargo itself): ``UnitLoaded`` is published. The model keeps the
        relation only (``u.transport``, ``transport.cargo``): the cargo keeps its position
        and visibility, and capacity is not checked. Nothing in the model loads units on its
        own (``board`` orders are recorded, not carried out); scenario steps and tests call
        this."""
        if (not transport.alive or not u.alive or u is transport or u.transport is not None
                or u.cargo or transport.transport is u):
            return False
        u.transport = transport
        own(transport, "cargo").append(u)
        self.game.publish(UnitLoaded(u, transport))
        return True

    def unload_unit(self, u: Unit, publish: bool = True) -> bool:
        """Take ``u`` out of its transport (``UnitUnloaded`` published unless ``publish``
        is False); False when it is not loaded."""
        transport = u.transport
        if transport is None:
            return False
        u.transport = None
        if u in transport.cargo:
            own(transport, "cargo").remove(u)
        if publish:
            self.game.publish(UnitUnloaded(u, transport))
        return True

    # -- orders -------------------------------------------------------------------------
    def issue(self, u: Unit | None, order: Order) -> bool:
        """Give a unit an order through the pipeline (``natives.orders.Orders.issue``)."""
        return self.game.orders.issue(u, order)

    # -- queries ------------------------------------------------------------------------
    def live_units(self) -> list[Unit]:
        """Units not removed (dead ones included), creation order."""
        return list(self.units.values())


# ---------------------------------------------------------------------------------------
# helpers for natives
# ---------------------------------------------------------------------------------------

def unit_store(ctx) -> UnitStore:
    """The game's unit store (``ctx.game.units``)."""
    return ctx.game.units


def live_unit(u) -> Unit | None:
    """The unit if it exists (not removed), else None."""
    return alive(u)


def loc_xy(loc) -> tuple[float, float] | None:
    """``(x, y)`` of a live location handle, else None."""
    loc = alive(loc)
    return (loc.x, loc.y) if loc is not None else None


def set_destructable_life(store: UnitStore, d: Destructable, life: float) -> None:
    """Set a live destructable's life, clamped to ``[0, max_life]``; at 0 it dies
    (``UnitStore.kill_destructable``). Dead destructables are left alone."""
    if d.dead:
        return
    d.life = max(0.0, min(life, d.max_life))
    if d.life <= 0.0:
        store.kill_destructable(d)


# ---------------------------------------------------------------------------------------
# Widget natives
# ---------------------------------------------------------------------------------------

@native("GetWidgetLife", "takes widget whichWidget returns real")
def GetWidgetLife(ctx, w):
    w = alive(w)
    if w is None:
        return 0.0
    return w.life


@native("SetWidgetLife", "takes widget whichWidget, real newLife returns nothing")
def SetWidgetLife(ctx, w, life):
    w = alive(w)
    if w is None:
        return
    store = unit_store(ctx)
    if isinstance(w, Unit):
        store.set_life(w, life)
    elif isinstance(w, Destructable):
        set_destructable_life(store, w, life)
    elif isinstance(w, Item):
        w.life = max(0.0, life)
        if w.life <= 0.0:
            ctx.game.publish(ItemDeath(w))
            store.remove_item(w)


@native("GetWidgetX", "takes widget whichWidget returns real")
def GetWidgetX(ctx, w):
    w = alive(w)
    if w is None:
        return 0.0
    return w.position[0] if isinstance(w, Item) else w.x


@native("GetWidgetY", "takes widget whichWidget returns real")
def GetWidgetY(ctx, w):
    w = alive(w)
    if w is None:
        return 0.0
    return w.position[1] if isinstance(w, Item) else w.y


# ---------------------------------------------------------------------------------------
# Unit creation and removal
# ---------------------------------------------------------------------------------------

@native("CreateUnit", "takes player id, integer unitid, real x, real y, real face returns unit")
def CreateUnit(ctx, owner, unitid, x, y, face):
    """Create a ready unit (seed 003); null for a null player."""
    if owner is None:
        return None
    return unit_store(ctx).create_unit(owner, unitid, x, y, face, ctx.warn)


@native("CreateUnitAtLoc", "takes player id, integer unitid, location whichLocation, real face returns unit")
def CreateUnitAtLoc(ctx, owner, unitid, loc, face):
    pos = loc_xy(loc)
    if owner is None or pos is None:
        return None
    return unit_store(ctx).create_unit(owner, unitid, pos[0], pos[1], face, ctx.warn)


@native("BlzCreateUnitWithSkin", "takes player id, integer unitid, real x, real y, real face, integer skinId returns unit")
def BlzCreateUnitWithSkin(ctx, owner, unitid, x, y, face, skin):
    """``CreateUnit`` showing the model of type ``skinId`` (``BlzGetUnitSkin``)."""
    if owner is None:
        return None
    u = unit_store(ctx).create_unit(owner, unitid, x, y, face, ctx.warn)
    u.skin = skin
    return u


@native("CreateCorpse", "takes player whichPlayer, integer unitid, real x, real y, real face returns unit")
def CreateCorpse(ctx, owner, unitid, x, y, face):
    """A dead unit (a corpse that then decays); null for a null player and for types that
    leave no corpse (structures, heroes: project rule). No death event is published."""
    if owner is None:
        return None
    store = unit_store(ctx)
    utype = store.unit_type(unitid, ctx.warn)
    if utype.is_structure or utype.is_hero:
        return None
    u = store.create_unit(owner, unitid, x, y, face, ctx.warn)
    u.dead = True
    u.life = 0.0
    u.death_time = ctx.game.now
    store.refresh_food(u)
    store._schedule_decay(u, CORPSE_DECAY_SECONDS)
    return u


@native("KillUnit", "takes unit whichUnit returns nothing")
def KillUnit(ctx, u):
    u = live_unit(u)
    if u is not None:
        unit_store(ctx).kill_unit(u)


@native("RemoveUnit", "takes unit whichUnit returns nothing")
def RemoveUnit(ctx, u):
    u = live_unit(u)
    if u is not None:
        unit_store(ctx).remove_unit(u)


@native("ShowUnit", "takes unit whichUnit, boolean show returns nothing")
def ShowUnit(ctx, u, show):
    u = live_unit(u)
    if u is not None:
        unit_store(ctx).set_hidden(u, not show)


@native("IsUnitHidden", "takes unit whichUnit returns boolean", constant=True)
def IsUnitHidden(ctx, u):
    u = live_unit(u)
    return u is not None and u.hidden


# ---------------------------------------------------------------------------------------
# State, position, facing
# ---------------------------------------------------------------------------------------

@native("SetUnitState", "takes unit whichUnit, unitstate whichUnitState, real newVal returns nothing")
def SetUnitState(ctx, u, state, value):
    u = live_unit(u)
    if u is None or state is None:
        return
    store = unit_store(ctx)
    s = state.value
    if s == UNIT_STATE_LIFE:
        store.set_life(u, value)
    elif s == UNIT_STATE_MAX_LIFE:
        store.set_max_life(u, value)
    elif s == UNIT_STATE_MANA:
        store.set_mana(u, value)
    elif s == UNIT_STATE_MAX_MANA:
        store.set_max_mana(u, value)
    else:
        ctx.warn(f"SetUnitState: unit state {s} is not modelled")


@native("GetUnitState", "takes unit whichUnit, unitstate whichUnitState returns real", constant=True)
def GetUnitState(ctx, u, state):
    u = live_unit(u)
    if u is None or state is None:
        return 0.0
    s = state.value
    if s == UNIT_STATE_LIFE:
        return u.life
    if s == UNIT_STATE_MAX_LIFE:
        return u.max_life
    if s == UNIT_STATE_MANA:
        return u.mana
    if s == UNIT_STATE_MAX_MANA:
        return u.max_mana
    ctx.warn(f"GetUnitState: unit state {s} is not modelled")
    return 0.0


@native("BlzGetUnitMaxHP", "takes unit whichUnit returns integer")
def BlzGetUnitMaxHP(ctx, u):
    u = live_unit(u)
    return int(u.max_life) if u is not None else 0


@native("BlzSetUnitMaxHP", "takes unit whichUnit, integer hp returns nothing")
def BlzSetUnitMaxHP(ctx, u, hp):
    u = live_unit(u)
    if u is not None:
        unit_store(ctx).set_max_life(u, float(hp))


@native("BlzGetUnitMaxMana", "takes unit whichUnit returns integer")
def BlzGetUnitMaxMana(ctx, u):
    u = live_unit(u)
    return int(u.max_mana) if u is not None else 0


@native("BlzSetUnitMaxMana", "takes unit whichUnit, integer mana returns nothing")
def BlzSetUnitMaxMana(ctx, u, mana):
    u = live_unit(u)
    if u is not None:
        unit_store(ctx).set_max_mana(u, float(mana))


@native("SetUnitX", "takes unit whichUnit, real newX returns nothing")
def SetUnitX(ctx, u, x):
    u = live_unit(u)
    if u is not None:
        unit_store(ctx).move_unit(u, x, u.y)


@native("SetUnitY", "takes unit whichUnit, real newY returns nothing")
def SetUnitY(ctx, u, y):
    u = live_unit(u)
    if u is not None:
        unit_store(ctx).move_unit(u, u.x, y)


@native("SetUnitPosition", "takes unit whichUnit, real newX, real newY returns nothing")
def SetUnitPosition(ctx, u, x, y):
    """Move with the seed 003 placement rule; cancels the current order."""
    u = live_unit(u)
    if u is not None:
        ctx.game.orders.clear(u)
        unit_store(ctx).move_unit(u, x, y, pathing=True)


@native("SetUnitPositionLoc", "takes unit whichUnit, location whichLocation returns nothing")
def SetUnitPositionLoc(ctx, u, loc):
    u, pos = live_unit(u), loc_xy(loc)
    if u is not None and pos is not None:
        ctx.game.orders.clear(u)
        unit_store(ctx).move_unit(u, pos[0], pos[1], pathing=True)


@native("GetUnitX", "takes unit whichUnit returns real", constant=True)
def GetUnitX(ctx, u):
    u = live_unit(u)
    return u.x if u is not None else 0.0


@native("GetUnitY", "takes unit whichUnit returns real", constant=True)
def GetUnitY(ctx, u):
    u = live_unit(u)
    return u.y if u is not None else 0.0


@native("GetUnitLoc", "takes unit whichUnit returns location", constant=True)
def GetUnitLoc(ctx, u):
    """A new location at the unit (at (0, 0) for a null unit)."""
    u = live_unit(u)
    return new_location(ctx.game, u.x if u else 0.0, u.y if u else 0.0)


@native("SetUnitFacing", "takes unit whichUnit, real facingAngle returns nothing")
def SetUnitFacing(ctx, u, angle):
    u = live_unit(u)
    if u is not None:
        u.facing = angle % 360.0


@native("SetUnitFacingTimed", "takes unit whichUnit, real facingAngle, real duration returns nothing")
def SetUnitFacingTimed(ctx, u, angle, duration):
    """The model applies the final facing at once."""
    u = live_unit(u)
    if u is not None:
        u.facing = angle % 360.0


@native("BlzSetUnitFacingEx", "takes unit whichUnit, real facingAngle returns nothing")
def BlzSetUnitFacingEx(ctx, u, angle):
    u = live_unit(u)
    if u is not None:
        u.facing = angle % 360.0


@native("GetUnitFacing", "takes unit whichUnit returns real", constant=True)
def GetUnitFacing(ctx, u):
    """Facing in degrees, 0 <= facing < 360."""
    u = live_unit(u)
    return u.facing if u is not None else 0.0


@native("SetUnitMoveSpeed", "takes unit whichUnit, real newSpeed returns nothing")
def SetUnitMoveSpeed(ctx, u, speed):
    u = live_unit(u)
    if u is not None:
        u.move_speed = max(0.0, speed)


@native("GetUnitMoveSpeed", "takes unit whichUnit returns real", constant=True)
def GetUnitMoveSpeed(ctx, u):
    u = live_unit(u)
    return u.move_speed if u is not None else 0.0


@native("GetUnitDefaultMoveSpeed", "takes unit whichUnit returns real", constant=True)
def GetUnitDefaultMoveSpeed(ctx, u):
    u = live_unit(u)
    return u.utype.speed if u is not None else 0.0


def _setting(name: str, signature: str, key: str):
    def set_value(ctx, u, *values):
        u = live_unit(u)
        if u is not None:
            own(u, "settings")[key] = values[0] if len(values) == 1 else values

    set_value.__doc__ = f"Records ``{key}`` on the unit (not simulated)."
    native(name, signature)(set_value)


_setting("SetUnitFlyHeight", "takes unit whichUnit, real newHeight, real rate returns nothing", "fly_height")
_setting("SetUnitTurnSpeed", "takes unit whichUnit, real newTurnSpeed returns nothing", "turn_speed")
_setting("SetUnitPropWindow", "takes unit whichUnit, real newPropWindowAngle returns nothing", "prop_window")
_setting("SetUnitCreepGuard", "takes unit whichUnit, boolean creepGuard returns nothing", "creep_guard")
_setting("SetUnitRescueRange", "takes unit whichUnit, real range returns nothing", "rescue_range")
_setting("UnitSetUsesAltIcon", "takes unit whichUnit, boolean flag returns nothing", "alt_icon")


def _presentation(name: str, signature: str, key: str):
    def record(ctx, u, *values):
        u = live_unit(u)
        if u is not None:
            own(u, "presentation")[key] = values[0] if len(values) == 1 else values

    record.__doc__ = f"Presentation only: records ``{key}``."
    native(name, signature)(record)


_presentation("SetUnitScale", "takes unit whichUnit, real scaleX, real scaleY, real scaleZ returns nothing", "scale")
_presentation("SetUnitTimeScale", "takes unit whichUnit, real timeScale returns nothing", "time_scale")
_presentation("SetUnitBlendTime", "takes unit whichUnit, real blendTime returns nothing", "blend_time")
_presentation("SetUnitVertexColor", "takes unit whichUnit, integer red, integer green, integer blue, integer alpha returns nothing", "vertex_color")
_presentation("SetUnitAnimationByIndex", "takes unit whichUnit, integer whichAnimation returns nothing", "animation_index")
_presentation("AddUnitAnimationProperties", "takes unit whichUnit, string animProperties, boolean add returns nothing", "animation_properties")
_presentation("SetUnitLookAt", "takes unit whichUnit, string whichBone, unit lookAtTarget, real offsetX, real offsetY, real offsetZ returns nothing", "look_at")
_presentation("SetUnitExploded", "takes unit whichUnit, boolean exploded returns nothing", "exploded")


@native("ResetUnitLookAt", "takes unit whichUnit returns nothing")
def ResetUnitLookAt(ctx, u):
    u = live_unit(u)
    if u is not None:
        own(u, "presentation").pop("look_at", None)


@native("SetUnitAnimation", "takes unit whichUnit, string whichAnimation returns nothing")
def SetUnitAnimation(ctx, u, anim):
    u = live_unit(u)
    if u is not None:
        u.animation = anim


@native("SetUnitAnimationWithRarity", "takes unit whichUnit, string whichAnimation, raritycontrol rarity returns nothing")
def SetUnitAnimationWithRarity(ctx, u, anim, rarity):
    u = live_unit(u)
    if u is not None:
        u.animation = anim


@native("QueueUnitAnimation", "takes unit whichUnit, string whichAnimation returns nothing")
def QueueUnitAnimation(ctx, u, anim):
    u = live_unit(u)
    if u is not None:
        own(u, "presentation").setdefault("animation_queue", []).append(anim)


@native("SetUnitColor", "takes unit whichUnit, playercolor whichColor returns nothing")
def SetUnitColor(ctx, u, color):
    u = live_unit(u)
    if u is not None and color is not None:
        u.color = color.value


@native("SetUnitOwner", "takes unit whichUnit, player whichPlayer, boolean changeColor returns nothing")
def SetUnitOwner(ctx, u, p, change_color):
    u = live_unit(u)
    if u is not None and p is not None:
        unit_store(ctx).set_owner(u, p, change_color)


@native("GetOwningPlayer", "takes unit whichUnit returns player", constant=True)
def GetOwningPlayer(ctx, u):
    u = live_unit(u)
    return u.owner if u is not None else None


@native("GetUnitTypeId", "takes unit whichUnit returns integer", constant=True)
def GetUnitTypeId(ctx, u):
    """The unit's rawcode; 0 for null or removed units."""
    u = live_unit(u)
    return u.type_id if u is not None else 0


@native("GetUnitRace", "takes unit whichUnit returns race", constant=True)
def GetUnitRace(ctx, u):
    u = live_unit(u)
    return enum_handle("race", u.utype.race) if u is not None else None


@native("GetUnitName", "takes unit whichUnit returns string", constant=True)
def GetUnitName(ctx, u):
    u = live_unit(u)
    return u.name if u is not None else None


@native("BlzSetUnitName", "takes unit whichUnit, string name returns nothing")
def BlzSetUnitName(ctx, u, name):
    u = live_unit(u)
    if u is not None:
        u.name = name if name is not None else ""


@native("GetUnitUserData", "takes unit whichUnit returns integer")
def GetUnitUserData(ctx, u):
    u = live_unit(u)
    return u.user_data if u is not None else 0


@native("SetUnitUserData", "takes unit whichUnit, integer data returns nothing")
def SetUnitUserData(ctx, u, data):
    u = live_unit(u)
    if u is not None:
        u.user_data = data


@native("SetUnitInvulnerable", "takes unit whichUnit, boolean flag returns nothing")
def SetUnitInvulnerable(ctx, u, flag):
    u = live_unit(u)
    if u is not None:
        u.invulnerable = flag


@native("BlzIsUnitInvulnerable", "takes unit whichUnit returns boolean")
def BlzIsUnitInvulnerable(ctx, u):
    u = live_unit(u)
    return u is not None and u.invulnerable


@native("PauseUnit", "takes unit whichUnit, boolean flag returns nothing")
def PauseUnit(ctx, u, flag):
    """A paused unit keeps its orders but carries out nothing (``natives.orders``)."""
    u = live_unit(u)
    if u is not None:
        ctx.game.orders.pause(u, flag)


@native("IsUnitPaused", "takes unit whichHero returns boolean")
def IsUnitPaused(ctx, u):
    u = live_unit(u)
    return u is not None and u.paused


@native("SetUnitPathing", "takes unit whichUnit, boolean flag returns nothing")
def SetUnitPathing(ctx, u, flag):
    """With pathing off the unit neither checks nor blocks placement."""
    u = live_unit(u)
    if u is not None:
        u.pathing = flag


@native("BlzGetUnitCollisionSize", "takes unit whichUnit returns real")
def BlzGetUnitCollisionSize(ctx, u):
    u = live_unit(u)
    return u.collision if u is not None else 0.0


# ---------------------------------------------------------------------------------------
# Food
# ---------------------------------------------------------------------------------------

@native("GetUnitFoodUsed", "takes unit whichUnit returns integer", constant=True)
def GetUnitFoodUsed(ctx, u):
    u = live_unit(u)
    return u.utype.food_used if u is not None else 0


@native("GetUnitFoodMade", "takes unit whichUnit returns integer", constant=True)
def GetUnitFoodMade(ctx, u):
    u = live_unit(u)
    return u.utype.food_made if u is not None else 0


@native("GetFoodMade", "takes integer unitId returns integer", constant=True)
def GetFoodMade(ctx, unit_id):
    return unit_store(ctx).unit_type(unit_id, ctx.warn).food_made


@native("GetFoodUsed", "takes integer unitId returns integer", constant=True)
def GetFoodUsed(ctx, unit_id):
    return unit_store(ctx).unit_type(unit_id, ctx.warn).food_used


@native("SetUnitUseFood", "takes unit whichUnit, boolean useFood returns nothing")
def SetUnitUseFood(ctx, u, use):
    u = live_unit(u)
    if u is not None:
        u.uses_food = use
        unit_store(ctx).refresh_food(u)


# ---------------------------------------------------------------------------------------
# Abilities
# ---------------------------------------------------------------------------------------

@native("UnitAddAbility", "takes unit whichUnit, integer abilityId returns boolean")
def UnitAddAbility(ctx, u, abil):
    """Add at level 1; False if the unit already has it."""
    u = live_unit(u)
    if u is None or abil in u.abilities:
        return False
    own(u, "abilities")[abil] = 1
    if abil in INVENTORY_ABILITIES and not u.inventory:
        u.inventory = [None] * HERO_INVENTORY_SIZE
    ctx.game.spells.ability_added(u, abil)
    return True


@native("UnitRemoveAbility", "takes unit whichUnit, integer abilityId returns boolean")
def UnitRemoveAbility(ctx, u, abil):
    u = live_unit(u)
    if u is None or abil not in u.abilities:
        return False
    del own(u, "abilities")[abil]
    own(u, "permanent_abilities").discard(abil)
    own(u, "cooldowns").pop(abil, None)        # an ability added again is a new instance
    own(u, "ability_counters").pop(abil, None)
    if abil in u.ability_objects:
        drop_ability(ctx.game, u, abil)
    ctx.game.spells.ability_removed(u, abil)
    return True


@native("UnitMakeAbilityPermanent", "takes unit whichUnit, boolean permanent, integer abilityId returns boolean")
def UnitMakeAbilityPermanent(ctx, u, permanent, abil):
    u = live_unit(u)
    if u is None or abil not in u.abilities:
        return False
    if permanent:
        own(u, "permanent_abilities").add(abil)
    else:
        own(u, "permanent_abilities").discard(abil)
    return True


@native("GetUnitAbilityLevel", "takes unit whichUnit, integer abilcode returns integer")
def GetUnitAbilityLevel(ctx, u, abil):
    """The ability's level on the unit, 0 without it (hot: filters call it per unit); a buff
    rawcode the unit carries answers 1 (the game's idiom for "has this buff")."""
    if u is None or u.destroyed:
        return 0
    return u.abilities.get(abil, 0) or (1 if abil in u.buffs else 0)


@native("SetUnitAbilityLevel", "takes unit whichUnit, integer abilcode, integer level returns integer")
def SetUnitAbilityLevel(ctx, u, abil, level):
    """Set the level (at least 1) of an ability the unit has; returns the new level, 0 if
    the unit lacks it."""
    u = live_unit(u)
    if u is None or abil not in u.abilities:
        return 0
    own(u, "abilities")[abil] = max(1, level)
    ctx.game.spells.level_changed(u, abil)
    return u.abilities[abil]


@native("IncUnitAbilityLevel", "takes unit whichUnit, integer abilcode returns integer")
def IncUnitAbilityLevel(ctx, u, abil):
    u = live_unit(u)
    if u is None or abil not in u.abilities:
        return 0
    own(u, "abilities")[abil] += 1
    ctx.game.spells.level_changed(u, abil)
    return u.abilities[abil]


@native("DecUnitAbilityLevel", "takes unit whichUnit, integer abilcode returns integer")
def DecUnitAbilityLevel(ctx, u, abil):
    """Lower by one, not below 1; returns the new level."""
    u = live_unit(u)
    if u is None or abil not in u.abilities:
        return 0
    own(u, "abilities")[abil] = max(1, u.abilities[abil] - 1)
    ctx.game.spells.level_changed(u, abil)
    return u.abilities[abil]


# ---------------------------------------------------------------------------------------
# Classification and queries
# ---------------------------------------------------------------------------------------

@native("IsUnitType", "takes unit whichUnit, unittype whichUnitType returns boolean", constant=True)
def IsUnitType(ctx, u, ut):
    u = live_unit(u)
    if u is None or ut is None:
        return False
    return u.has_type(ut.value)


@native("IsUnitIdType", "takes integer unitId, unittype whichUnitType returns boolean", constant=True)
def IsUnitIdType(ctx, unit_id, ut):
    if ut is None:
        return False
    t = unit_store(ctx).unit_type(unit_id, ctx.warn)
    if ut.value == UT_FLYING:
        return t.is_flying
    if ut.value == UT_GROUND:
        return not t.is_flying
    flag = _FLAG_OF_UNITTYPE.get(ut.value)
    return flag is not None and flag in t.flags


@native("UnitAddType", "takes unit whichUnit, unittype whichUnitType returns boolean")
def UnitAddType(ctx, u, ut):
    u = live_unit(u)
    if u is None or ut is None:
        return False
    own(u, "removed_types").discard(ut.value)
    own(u, "added_types").add(ut.value)
    return True


@native("UnitRemoveType", "takes unit whichUnit, unittype whichUnitType returns boolean")
def UnitRemoveType(ctx, u, ut):
    u = live_unit(u)
    if u is None or ut is None:
        return False
    own(u, "added_types").discard(ut.value)
    own(u, "removed_types").add(ut.value)
    return True


@native("IsUnitRace", "takes unit whichUnit, race whichRace returns boolean", constant=True)
def IsUnitRace(ctx, u, race):
    u = live_unit(u)
    return u is not None and race is not None and u.utype.race == race.value


@native("IsUnit", "takes unit whichUnit, unit whichSpecifiedUnit returns boolean", constant=True)
def IsUnit(ctx, u, other):
    return u is other


@native("IsUnitOwnedByPlayer", "takes unit whichUnit, player whichPlayer returns boolean", constant=True)
def IsUnitOwnedByPlayer(ctx, u, p):
    u = live_unit(u)
    return u is not None and u.owner is p


@native("IsUnitAlly", "takes unit whichUnit, player whichPlayer returns boolean", constant=True)
def IsUnitAlly(ctx, u, p):
    """The unit's owner treats ``p`` as an ally (ALLIANCE_PASSIVE)."""
    u = live_unit(u)
    return u is not None and p is not None and u.owner.is_ally(p)


@native("IsUnitEnemy", "takes unit whichUnit, player whichPlayer returns boolean", constant=True)
def IsUnitEnemy(ctx, u, p):
    u = live_unit(u)
    return u is not None and p is not None and not u.owner.is_ally(p)


@native("IsUnitInForce", "takes unit whichUnit, force whichForce returns boolean", constant=True)
def IsUnitInForce(ctx, u, force):
    """The unit's owner is a member of ``force``."""
    u, force = live_unit(u), alive(force)
    return u is not None and force is not None and u.owner.id in force.members


@native("IsUnitIllusion", "takes unit whichUnit returns boolean", constant=True)
def IsUnitIllusion(ctx, u):
    """Always False: the model creates no illusions."""
    return False


@native("IsUnitInTransport", "takes unit whichUnit, unit whichTransport returns boolean", constant=True)
def IsUnitInTransport(ctx, u, transport):
    """Whether ``whichUnit`` is loaded into ``whichTransport`` (``UnitStore.load_unit``)."""
    u, transport = live_unit(u), live_unit(transport)
    return u is not None and transport is not None and u.transport is transport


@native("IsUnitLoaded", "takes unit whichUnit returns boolean", constant=True)
def IsUnitLoaded(ctx, u):
    """Whether the unit is loaded into a transport (``UnitStore.load_unit``)."""
    u = live_unit(u)
    return u is not None and u.transport is not None


def _in_range(u: Unit, x: float, y: float, distance: float) -> bool:
    return (u.x - x) ** 2 + (u.y - y) ** 2 <= distance * distance


@native("IsUnitInRange", "takes unit whichUnit, unit otherUnit, real distance returns boolean", constant=True)
def IsUnitInRange(ctx, u, other, distance):
    """Center-to-center distance <= ``distance`` (collision sizes ignored)."""
    u, other = live_unit(u), live_unit(other)
    return u is not None and other is not None and _in_range(u, other.x, other.y, distance)


@native("IsUnitInRangeXY", "takes unit whichUnit, real x, real y, real distance returns boolean", constant=True)
def IsUnitInRangeXY(ctx, u, x, y, distance):
    u = live_unit(u)
    return u is not None and _in_range(u, x, y, distance)


@native("IsUnitInRangeLoc", "takes unit whichUnit, location whichLocation, real distance returns boolean", constant=True)
def IsUnitInRangeLoc(ctx, u, loc, distance):
    u, pos = live_unit(u), loc_xy(loc)
    return u is not None and pos is not None and _in_range(u, pos[0], pos[1], distance)


# ---------------------------------------------------------------------------------------
# Selection
# ---------------------------------------------------------------------------------------

@native("ClearSelection", "takes nothing returns nothing")
def ClearSelection(ctx):
    """Clear every player's selection."""
    unit_store(ctx).selection.clear()


@native("SelectUnit", "takes unit whichUnit, boolean flag returns nothing")
def SelectUnit(ctx, u, flag):
    """Add to / remove from the local player's selection."""
    u = live_unit(u)
    if u is None:
        return
    sel = unit_store(ctx).selection.setdefault(ctx.game.local_player_id, [])
    if flag and u not in sel:
        sel.append(u)
    elif not flag and u in sel:
        sel.remove(u)


@native("IsUnitSelected", "takes unit whichUnit, player whichPlayer returns boolean", constant=True)
def IsUnitSelected(ctx, u, p):
    u = live_unit(u)
    if u is None or p is None:
        return False
    return u in unit_store(ctx).selection.get(p.id, [])


# ---------------------------------------------------------------------------------------
# Decay, timed life, sleep, misc unit state
# ---------------------------------------------------------------------------------------

@native("UnitSuspendDecay", "takes unit whichUnit, boolean suspend returns nothing")
def UnitSuspendDecay(ctx, u, suspend):
    u = live_unit(u)
    if u is not None:
        unit_store(ctx).suspend_decay(u, suspend)


@native("UnitApplyTimedLife", "takes unit whichUnit, integer buffId, real duration returns nothing")
def UnitApplyTimedLife(ctx, u, buff, duration):
    """The unit dies ``duration`` game seconds from now (unless paused or replaced).
    ``u.timed_life`` holds the buff, the due time, the remaining time while paused and the
    pending ``timed_life`` scheduler entry."""
    u = live_unit(u)
    if u is None or u.dead:
        return
    unit_store(ctx).apply_timed_life(u, buff, duration)


@native("UnitPauseTimedLife", "takes unit whichUnit, boolean flag returns nothing")
def UnitPauseTimedLife(ctx, u, flag):
    u = live_unit(u)
    if u is None or u.timed_life is None:
        return
    tl = u.timed_life
    if flag and tl["paused_remaining"] is None:
        tl["paused_remaining"] = max(0.0, tl["due"] - ctx.game.now)
        ctx.game.scheduler.cancel(tl["entry"])
        tl["entry"] = None
    elif not flag and tl["paused_remaining"] is not None:
        remaining = tl["paused_remaining"]
        tl["paused_remaining"] = None
        tl["due"] = ctx.game.now + remaining
        tl["entry"] = ctx.game.schedule(remaining, "timed_life", subject=u)


@native("UnitAddSleep", "takes unit whichUnit, boolean add returns nothing")
def UnitAddSleep(ctx, u, add):
    u = live_unit(u)
    if u is not None:
        u.can_sleep = add


@native("UnitCanSleep", "takes unit whichUnit returns boolean")
def UnitCanSleep(ctx, u):
    u = live_unit(u)
    return u is not None and u.can_sleep


@native("UnitAddSleepPerm", "takes unit whichUnit, boolean add returns nothing")
def UnitAddSleepPerm(ctx, u, add):
    u = live_unit(u)
    if u is not None:
        u.can_sleep_perm = add


@native("UnitCanSleepPerm", "takes unit whichUnit returns boolean")
def UnitCanSleepPerm(ctx, u):
    u = live_unit(u)
    return u is not None and u.can_sleep_perm


@native("UnitIsSleeping", "takes unit whichUnit returns boolean")
def UnitIsSleeping(ctx, u):
    """The model never puts units to sleep (no day/night creep sleep), so False."""
    u = live_unit(u)
    return u is not None and u.sleeping


@native("UnitWakeUp", "takes unit whichUnit returns nothing")
def UnitWakeUp(ctx, u):
    u = live_unit(u)
    if u is not None:
        u.sleeping = False


def _buff_selected(b: Buff, positive: bool, negative: bool, magic: bool, physical: bool,
                   timed_life: bool, aura: bool, auto_dispel: bool) -> bool:
    """Project interpretation of the ``*BuffsEx`` flags, consistent with Blizzard.j's
    ``bj_REMOVEBUFFS_NONTLIFE`` call (true, true, false, false, false, true, false): polarity
    selects; ``magic``/``physical`` set restrict to that kind (both unset: any kind);
    timed-life, aura and auto-dispel buffs are only included when their flag is set."""
    if not ((b.positive and positive) or (not b.positive and negative)):
        return False
    if (magic or physical) and not ((magic and b.magic) or (physical and b.physical)):
        return False
    if b.timed_life and not timed_life:
        return False
    if b.aura and not aura:
        return False
    if b.auto_dispel and not auto_dispel:
        return False
    return True


@native("UnitRemoveBuffs", "takes unit whichUnit, boolean removePositive, boolean removeNegative returns nothing")
def UnitRemoveBuffs(ctx, u, positive, negative):
    """Remove the unit's buffs of the selected polarity (``unit.buffs``), each ended as its
    expiry would end it (``Spells.remove_buff``: Divine Shield's invulnerability ends); the
    expiry timer of ``UnitApplyTimedLife`` is separate and stays."""
    u = live_unit(u)
    if u is None:
        return
    for code, b in list(u.buffs.items()):
        if (b.positive and positive) or (not b.positive and negative):
            ctx.game.spells.remove_buff(u, code)


@native("UnitRemoveBuffsEx", "takes unit whichUnit, boolean removePositive, boolean removeNegative, boolean magic, boolean physical, boolean timedLife, boolean aura, boolean autoDispel returns nothing")
def UnitRemoveBuffsEx(ctx, u, positive, negative, magic, physical, timed_life, aura, auto_dispel):
    """Remove buffs selected as ``_buff_selected`` describes."""
    u = live_unit(u)
    if u is None:
        return
    for code, b in list(u.buffs.items()):
        if _buff_selected(b, positive, negative, magic, physical, timed_life, aura, auto_dispel):
            ctx.game.spells.remove_buff(u, code)


@native("UnitHasBuffsEx", "takes unit whichUnit, boolean removePositive, boolean removeNegative, boolean magic, boolean physical, boolean timedLife, boolean aura, boolean autoDispel returns boolean")
def UnitHasBuffsEx(ctx, u, positive, negative, magic, physical, timed_life, aura, auto_dispel):
    u = live_unit(u)
    return u is not None and any(
        _buff_selected(b, positive, negative, magic, physical, timed_life, aura, auto_dispel)
        for b in u.buffs.values())


@native("UnitCountBuffsEx", "takes unit whichUnit, boolean removePositive, boolean removeNegative, boolean magic, boolean physical, boolean timedLife, boolean aura, boolean autoDispel returns integer")
def UnitCountBuffsEx(ctx, u, positive, negative, magic, physical, timed_life, aura, auto_dispel):
    u = live_unit(u)
    if u is None:
        return 0
    return sum(1 for b in u.buffs.values()
               if _buff_selected(b, positive, negative, magic, physical, timed_life, aura,
                                 auto_dispel))


@native("UnitResetCooldown", "takes unit whichUnit returns nothing")
def UnitResetCooldown(ctx, u):
    """Make every ability of the unit ready (clears ``unit.cooldowns``)."""
    u = live_unit(u)
    if u is not None:
        if u.cooldowns:
            own(u, "cooldowns").clear()


@native("UnitIgnoreAlarm", "takes unit whichUnit, boolean flag returns boolean")
def UnitIgnoreAlarm(ctx, u, flag):
    u = live_unit(u)
    if u is None:
        return False
    own(u, "settings")["ignore_alarm"] = flag
    return True


@native("UnitIgnoreAlarmToggled", "takes unit whichUnit returns boolean")
def UnitIgnoreAlarmToggled(ctx, u):
    u = live_unit(u)
    return u is not None and bool(u.settings.get("ignore_alarm", False))


@native("UnitShareVision", "takes unit whichUnit, player whichPlayer, boolean share returns nothing")
def UnitShareVision(ctx, u, p, share):
    u = live_unit(u)
    if u is not None and p is not None:
        own(u, "settings").setdefault("share_vision", {})[p.id] = share


@native("SetUnitRescuable", "takes unit whichUnit, player byWhichPlayer, boolean flag returns nothing")
def SetUnitRescuable(ctx, u, p, flag):
    u = live_unit(u)
    if u is not None and p is not None:
        own(u, "rescuable_by")[p.id] = flag


@native("SetResourceAmount", "takes unit whichUnit, integer amount returns nothing")
def SetResourceAmount(ctx, u, amount):
    u = live_unit(u)
    if u is not None:
        u.resource_amount = amount


@native("AddResourceAmount", "takes unit whichUnit, integer amount returns nothing")
def AddResourceAmount(ctx, u, amount):
    u = live_unit(u)
    if u is not None:
        u.resource_amount += amount


@native("GetResourceAmount", "takes unit whichUnit returns integer")
def GetResourceAmount(ctx, u):
    """Gold left in a mine (0 until set by the map)."""
    u = live_unit(u)
    return u.resource_amount if u is not None else 0


@native("WaygateGetDestinationX", "takes unit waygate returns real")
def WaygateGetDestinationX(ctx, u):
    u = live_unit(u)
    return u.waygate["x"] if u is not None else 0.0


@native("WaygateGetDestinationY", "takes unit waygate returns real")
def WaygateGetDestinationY(ctx, u):
    u = live_unit(u)
    return u.waygate["y"] if u is not None else 0.0


@native("WaygateSetDestination", "takes unit waygate, real x, real y returns nothing")
def WaygateSetDestination(ctx, u, x, y):
    u = live_unit(u)
    if u is not None:
        waygate = own(u, "waygate")
        waygate["x"], waygate["y"] = x, y


@native("WaygateActivate", "takes unit waygate, boolean activate returns nothing")
def WaygateActivate(ctx, u, activate):
    u = live_unit(u)
    if u is not None:
        own(u, "waygate")["active"] = activate


@native("WaygateIsActive", "takes unit waygate returns boolean")
def WaygateIsActive(ctx, u):
    u = live_unit(u)
    return u is not None and u.waygate["active"]


# -- shop stock (recorded; shops are not simulated) ---------------------------------------

@native("AddItemToAllStock", "takes integer itemId, integer currentStock, integer stockMax returns nothing")
def AddItemToAllStock(ctx, item_id, current, maximum):
    unit_store(ctx).stock["items"][(None, item_id)] = (current, maximum)


@native("AddItemToStock", "takes unit whichUnit, integer itemId, integer currentStock, integer stockMax returns nothing")
def AddItemToStock(ctx, u, item_id, current, maximum):
    u = live_unit(u)
    if u is not None:
        unit_store(ctx).stock["items"][(u.handle_id, item_id)] = (current, maximum)


@native("AddUnitToAllStock", "takes integer unitId, integer currentStock, integer stockMax returns nothing")
def AddUnitToAllStock(ctx, unit_id, current, maximum):
    unit_store(ctx).stock["units"][(None, unit_id)] = (current, maximum)


@native("AddUnitToStock", "takes unit whichUnit, integer unitId, integer currentStock, integer stockMax returns nothing")
def AddUnitToStock(ctx, u, unit_id, current, maximum):
    u = live_unit(u)
    if u is not None:
        unit_store(ctx).stock["units"][(u.handle_id, unit_id)] = (current, maximum)


@native("RemoveItemFromAllStock", "takes integer itemId returns nothing")
def RemoveItemFromAllStock(ctx, item_id):
    stock = unit_store(ctx).stock["items"]
    for key in [k for k in stock if k[1] == item_id]:
        del stock[key]


@native("RemoveItemFromStock", "takes unit whichUnit, integer itemId returns nothing")
def RemoveItemFromStock(ctx, u, item_id):
    u = live_unit(u)
    if u is not None:
        unit_store(ctx).stock["items"].pop((u.handle_id, item_id), None)


@native("RemoveUnitFromAllStock", "takes integer unitId returns nothing")
def RemoveUnitFromAllStock(ctx, unit_id):
    stock = unit_store(ctx).stock["units"]
    for key in [k for k in stock if k[1] == unit_id]:
        del stock[key]


@native("RemoveUnitFromStock", "takes unit whichUnit, integer unitId returns nothing")
def RemoveUnitFromStock(ctx, u, unit_id):
    u = live_unit(u)
    if u is not None:
        unit_store(ctx).stock["units"].pop((u.handle_id, unit_id), None)


@native("SetAllItemTypeSlots", "takes integer slots returns nothing")
def SetAllItemTypeSlots(ctx, slots):
    unit_store(ctx).stock["item_slots"] = slots


@native("SetAllUnitTypeSlots", "takes integer slots returns nothing")
def SetAllUnitTypeSlots(ctx, slots):
    unit_store(ctx).stock["unit_slots"] = slots


@native("SetItemTypeSlots", "takes unit whichUnit, integer slots returns nothing")
def SetItemTypeSlots(ctx, u, slots):
    u = live_unit(u)
    if u is not None:
        own(u, "settings")["item_type_slots"] = slots


@native("SetUnitTypeSlots", "takes unit whichUnit, integer slots returns nothing")
def SetUnitTypeSlots(ctx, u, slots):
    u = live_unit(u)
    if u is not None:
        own(u, "settings")["unit_type_slots"] = slots


# ---------------------------------------------------------------------------------------
# Player unit counts
# ---------------------------------------------------------------------------------------

def _player_units(ctx, p, include_incomplete: bool = True) -> list[Unit]:
    """Living units of ``p``; without ``include_incomplete``, not the structures under
    construction (``natives.production``)."""
    return [u for u in unit_store(ctx).units.values() if u.owner is p and not u.dead
            and (include_incomplete or u.construction is None)]


def _in_training(ctx, p) -> list[int]:
    """Type rawcodes of the units ``p``'s buildings are training or have queued."""
    return [job.code for u in unit_store(ctx).units.values() if u.owner is p and not u.dead
            for job in u.production if job.kind == "train"]


@native("GetPlayerUnitCount", "takes player whichPlayer, boolean includeIncomplete returns integer", constant=True)
def GetPlayerUnitCount(ctx, p, include_incomplete):
    """Living units (structures included) owned by ``p``; with ``includeIncomplete`` also
    the structures under construction and the units in training queues."""
    if p is None:
        return 0
    count = len(_player_units(ctx, p, include_incomplete))
    return count + (len(_in_training(ctx, p)) if include_incomplete else 0)


UPGRADE_CHAINS: tuple[tuple[str, ...], ...] = (
    ("htow", "hkee", "hcas"), ("ogre", "ostr", "ofrt"), ("etol", "etoa", "etoe"),
    ("unpl", "unp1", "unp2"),
)
"""Town hall upgrade chains (game facts): a type and the types it upgrades into."""


def _upgraded_forms(code: int) -> set[int]:
    """``code`` and the types it upgrades into (``UPGRADE_CHAINS``)."""
    out = {code}
    for chain in UPGRADE_CHAINS:
        codes = [unitdata.rawcode(c) for c in chain]
        if code in codes:
            out.update(codes[codes.index(code):])
    return out


@native("GetPlayerTypedUnitCount", "takes player whichPlayer, string unitName, boolean includeIncomplete, boolean includeUpgrades returns integer", constant=True)
def GetPlayerTypedUnitCount(ctx, p, name, include_incomplete, include_upgrades):
    """Living units of ``p`` whose type's internal name (``UnitId2String``) is ``unitName``;
    with ``includeUpgrades`` the types it upgrades into count too (``"townhall"`` counts
    keeps and castles: Blizzard.j's melee crippling rule). ``includeIncomplete`` counts
    structures under construction and units in training queues too."""
    if p is None or not name:
        return 0
    code = UnitId(ctx, name)
    if code == 0:
        return 0
    codes = _upgraded_forms(code) if include_upgrades else {code}
    count = sum(1 for u in _player_units(ctx, p, include_incomplete) if u.type_id in codes)
    if include_incomplete:
        count += sum(1 for c in _in_training(ctx, p) if c in codes)
    return count


@native("GetPlayerStructureCount", "takes player whichPlayer, boolean includeIncomplete returns integer", constant=True)
def GetPlayerStructureCount(ctx, p, include_incomplete):
    """Living structures of ``p`` (with ``includeIncomplete``, those under construction
    too)."""
    if p is None:
        return 0
    return sum(1 for u in _player_units(ctx, p, include_incomplete) if u.utype.is_structure)


@native("GetPlayerTechCount", "takes player whichPlayer, integer techid, boolean specificonly returns integer", constant=True)
def GetPlayerTechCount(ctx, p, techid, specificonly):
    """Researched level of an upgrade, or else the number of living units of that type."""
    if p is None:
        return 0
    if techid in p.tech_researched:
        return p.tech_researched[techid]
    return sum(1 for u in _player_units(ctx, p) if u.type_id == techid)


# ---------------------------------------------------------------------------------------
# Spatial queries used by groups
# ---------------------------------------------------------------------------------------

def units_in_rect(store: UnitStore, r: Rect) -> list[Unit]:
    """Units a spatial enum finds in ``r`` (S121: origin only; hidden/Locust excluded)."""
    near = store.units_near(r.min_x, r.min_y, r.max_x, r.max_y)
    return store.spatial_order(u for u in near if _enumerable(u) and r.contains(u.x, u.y))


def units_in_range(store: UnitStore, x: float, y: float, radius: float) -> list[Unit]:
    """Units a spatial enum finds within ``radius`` of (x, y) (S121, S122)."""
    r2 = radius * radius
    near = store.units_near(x - radius, y - radius, x + radius, y + radius)
    return store.spatial_order(u for u in near
                               if _enumerable(u) and (u.x - x) ** 2 + (u.y - y) ** 2 <= r2)


def _enumerable(u: Unit) -> bool:
    return not u.destroyed and not u.hidden and LOCUST not in u.abilities


# ---------------------------------------------------------------------------------------
# Object data: type ids, names
# ---------------------------------------------------------------------------------------

_UNKNOWN_NAME_WARNINGS = 20
"""Unknown ids ``GetObjectName`` reports by warning before it goes quiet."""


def all_unit_types(store: UnitStore) -> list[UnitType]:
    """Known unit types: defined with ``define_type`` first, then the map's object data (and
    the game's tables), then the built-in table."""
    seen = dict(unitdata.UNIT_TYPES)
    seen.update(store.game.object_types.unit_types)
    seen.update(store.unit_types)
    return list(seen.values())


@native("UnitId", "takes string  unitIdString      returns integer", constant=True)
def UnitId(ctx, text):
    """The type rawcode whose internal string (``UnitId2String``) is ``unitIdString``,
    compared case-insensitively; 0 when no known type has it."""
    return unit_code_of(unit_store(ctx), text)


def unit_code_of(store: UnitStore, text: str | None) -> int:
    """The rawcode of the unit type whose internal string is ``text`` (``UnitId``; case
    ignored), 0 when no known type has it."""
    if not text:
        return 0
    want = text.lower()
    for t in all_unit_types(store):
        if _internal_name(store, t).lower() == want:
            return t.code
    return 0


def _internal_name(store: UnitStore, t: UnitType) -> str:
    """A map's custom type is ``custom_<rawcode>`` (``natives.objecttypes``), a stock one
    ``unitdata.internal_name``."""
    return store.game.object_types.internal_name(t.code) or unitdata.internal_name(t)


@native("UnitId2String", "takes integer unitId            returns string", constant=True)
def UnitId2String(ctx, unit_id):
    """The internal type string of a known unit type (``unitdata.internal_name``, e.g.
    ``"footman"``; ``custom_h000`` for a map's custom type); null for an unknown id (jassdoc:
    null is what the game gives when it has no string)."""
    store = unit_store(ctx)
    t = (store.unit_types.get(unit_id) or store.game.object_types.unit_types.get(unit_id)
         or unitdata.UNIT_TYPES.get(unit_id))
    return _internal_name(store, t) if t is not None else None


UNKNOWN_OBJECT_NAME = "Default string"
"""What ``GetObjectName`` gives for an id without a name: the game shows "Default string" for
string fields its object data lacks (rawcodes no table defines). The model also gives it for
abilities, buffs, upgrades and a map's custom objects, whose data it does not have (a map
script without its archive): a non-empty stand-in, as the game's names are, never ``""``."""


@native("GetObjectName", "takes integer objectId          returns string", constant=True)
def GetObjectName(ctx, object_id):
    """The "name" field of a unit, item or destructable type the model knows (jassdoc:
    ``GetObjectName('hfoo') == "Footman"``) or of any object the map's object data names
    (abilities, buffs and upgrades too), else ``UNKNOWN_OBJECT_NAME`` and a warning (the
    first ``_UNKNOWN_NAME_WARNINGS`` ids)."""
    store = unit_store(ctx)
    t = store.unit_types.get(object_id) or store.item_types.get(object_id) or \
        store.destructable_types.get(object_id)
    name = t.name if t is not None else store.game.object_types.name(object_id)
    if name is not None:
        return name
    for table in (unitdata.UNIT_TYPES, unitdata.ITEM_TYPES, unitdata.DESTRUCTABLE_TYPES):
        t = table.get(object_id)
        if t is not None:
            return t.name
    unknown = store.stock.setdefault("unknown_object_names", set())
    if object_id not in unknown:
        unknown.add(object_id)
        if len(unknown) <= _UNKNOWN_NAME_WARNINGS:
            ctx.warn(f"GetObjectName: no data for '{rawcode_str(object_id)}' ({object_id}): "
                     f"returning {UNKNOWN_OBJECT_NAME!r}"
                     + (" (further unknown ids are not reported)"
                        if len(unknown) == _UNKNOWN_NAME_WARNINGS else ""))
    return UNKNOWN_OBJECT_NAME


# ---------------------------------------------------------------------------------------
# Unit properties read back (levels, point values, ranges, heights, current order)
# ---------------------------------------------------------------------------------------

DEFAULT_POINT_VALUE = 100
"""Point value of every type (project default: the game reads it per type from its data)."""

DEFAULT_TURN_SPEED = 0.5
DEFAULT_PROP_WINDOW_DEGREES = 60.0
DEFAULT_FLY_HEIGHT = 250.0
"""Project defaults (approximations of the game's usual unit data; not per type): turn rate, propulsion window (degrees) and the flying height of flying
types (ground types: 0)."""


def leaves_corpse(u) -> bool:
    """Does dead unit ``u`` leave a corpse (for Raise Dead, Resurrection, Animate Dead...)?
    Not a hero, a structure, a mechanical or a summoned unit (Liquipedia "Corpse": heroes,
    buildings and mechanical units leave none; Battle.net's "Water Elemental" unit page:
    summoned units "disappear", and the Corpse page's sources of corpses list none)."""
    return not (u.is_hero or u.utype.is_structure or u.has_type(UT_MECHANICAL)
                or u.has_type(UT_SUMMONED))


def unit_level_of(t: UnitType) -> int:
    """A type's level (project rule, the game's per-type data is not shipped): its food cost,
    at least 1 (footman 2, knight 4, peasant 1; structures and creeps without food: 1)."""
    return max(1, t.food_used)


@native("GetUnitLevel", "takes unit whichUnit returns integer", constant=True)
def GetUnitLevel(ctx, u):
    """A hero's hero level, else the type's level (``unit_level_of``); 0 for null."""
    u = live_unit(u)
    if u is None:
        return 0
    return u.hero.level if u.hero is not None else unit_level_of(u.utype)


@native("GetUnitPointValue", "takes unit whichUnit returns integer")
def GetUnitPointValue(ctx, u):
    """The type's point value: ``DEFAULT_POINT_VALUE`` for every type (0 for null)."""
    return DEFAULT_POINT_VALUE if live_unit(u) is not None else 0


@native("GetUnitPointValueByType", "takes integer unitType returns integer")
def GetUnitPointValueByType(ctx, unit_type):
    """A unit type's point value: ``DEFAULT_POINT_VALUE``."""
    return DEFAULT_POINT_VALUE


def _setting_value(u: Unit, key: str, default: float) -> float:
    value = u.settings.get(key)
    if value is None:
        return default
    return float(value[0] if isinstance(value, tuple) else value)


def _fly_default(u: Unit) -> float:
    return DEFAULT_FLY_HEIGHT if u.flying else 0.0


def default_acquire_range(u: Unit) -> float | None:
    """The acquisition range of the unit's type, world units from its origin: its weapon's
    (``natives.combat.type_weapon``: the map's 'uacq', else the project's sourced row);
    None when the type has no such figure."""
    w = type_weapon(u)
    return w.acquire if w is not None else None


def acquire_range(u: Unit) -> float | None:
    """The unit's acquisition range, world units: the one ``SetUnitAcquireRange`` set (kept
    with its combat figures, so ``natives.combat.weapon`` and the orders' target acquisition
    use it), else its type's (``default_acquire_range``; None without a figure)."""
    value = u.combat.get("acquire")
    return value if value is not None else default_acquire_range(u)


def _acquire_figure(ctx, u: Unit, value: float | None, name: str) -> float:
    if value is not None:
        return value
    warned = ctx.game.units.stock.setdefault("unsourced_acquire", set())
    if u.type_id not in warned:
        warned.add(u.type_id)
        ctx.warn(f"{name}: unit type '{u.utype.rawcode}' has no acquisition range figure "
                 f"(natives.unitdata.WEAPONS or the map's 'uacq'): returning 0.0")
    return 0.0


@native("SetUnitAcquireRange", "takes unit whichUnit, real newAcquireRange returns nothing")
def SetUnitAcquireRange(ctx, u, new_range):
    """The range, world units, at which the unit acquires targets on its own (idle, holding,
    attack-moving, patrolling); its attack range is unchanged (jassdoc common.j: "this is
    not the attack range ... does not change its attack range"). An idle unit looks around
    at once with the new range."""
    u = live_unit(u)
    if u is not None:
        own(u, "combat")["acquire"] = float(new_range)
        ctx.game.orders.weapon_changed(u)


@native("GetUnitAcquireRange", "takes unit whichUnit returns real")
def GetUnitAcquireRange(ctx, u):
    """``acquire_range`` (0.0 with a warning for a type without a figure); 0 for null."""
    u = live_unit(u)
    return _acquire_figure(ctx, u, acquire_range(u), "GetUnitAcquireRange") if u is not None else 0.0


@native("GetUnitDefaultAcquireRange", "takes unit whichUnit returns real")
def GetUnitDefaultAcquireRange(ctx, u):
    """The type's acquisition range (``default_acquire_range``; 0.0 with a warning without a
    figure), whatever ``SetUnitAcquireRange`` set; 0 for null."""
    u = live_unit(u)
    if u is None:
        return 0.0
    return _acquire_figure(ctx, u, default_acquire_range(u), "GetUnitDefaultAcquireRange")


@native("GetUnitTurnSpeed", "takes unit whichUnit returns real")
def GetUnitTurnSpeed(ctx, u):
    """The turn rate ``SetUnitTurnSpeed`` set, else ``DEFAULT_TURN_SPEED``; 0 for null."""
    u = live_unit(u)
    return _setting_value(u, "turn_speed", DEFAULT_TURN_SPEED) if u is not None else 0.0


@native("GetUnitDefaultTurnSpeed", "takes unit whichUnit returns real")
def GetUnitDefaultTurnSpeed(ctx, u):
    """``DEFAULT_TURN_SPEED`` (0 for null)."""
    return DEFAULT_TURN_SPEED if live_unit(u) is not None else 0.0


@native("GetUnitPropWindow", "takes unit whichUnit returns real")
def GetUnitPropWindow(ctx, u):
    """Propulsion window in radians (Blizzard.j's ``GetUnitPropWindowBJ`` converts it to
    degrees; ``SetUnitPropWindow`` takes radians): the value set, else 60 degrees."""
    u = live_unit(u)
    if u is None:
        return 0.0
    return _setting_value(u, "prop_window", math.radians(DEFAULT_PROP_WINDOW_DEGREES))


@native("GetUnitDefaultPropWindow", "takes unit whichUnit returns real")
def GetUnitDefaultPropWindow(ctx, u):
    """Default propulsion window in degrees (Blizzard.j passes it through unconverted)."""
    return DEFAULT_PROP_WINDOW_DEGREES if live_unit(u) is not None else 0.0


@native("GetUnitFlyHeight", "takes unit whichUnit returns real")
def GetUnitFlyHeight(ctx, u):
    """The height ``SetUnitFlyHeight`` set (reached at once: the rate is not simulated), else
    the type's default (``DEFAULT_FLY_HEIGHT`` for flying types, 0 for others)."""
    u = live_unit(u)
    return _setting_value(u, "fly_height", _fly_default(u)) if u is not None else 0.0


@native("GetUnitDefaultFlyHeight", "takes unit whichUnit returns real")
def GetUnitDefaultFlyHeight(ctx, u):
    """``DEFAULT_FLY_HEIGHT`` for flying types, 0 for others and for null."""
    u = live_unit(u)
    return _fly_default(u) if u is not None else 0.0


# ---------------------------------------------------------------------------------------
# Damage
# ---------------------------------------------------------------------------------------

def damage_widget(ctx, source: Unit | None, target, amount: float, damage: Any = None) -> bool:
    """Deal ``amount`` damage from ``source`` to a unit, destructable or item: units through
    ``UnitStore.damage_unit`` (damage event, then life); destructables and items lose life
    and die at 0. No armor, attack or damage types. False for a dead or missing target."""
    target = alive(target)
    if target is None:
        return False
    store = unit_store(ctx)
    if isinstance(target, Unit):
        return store.damage_unit(target, amount, source, damage)
    if isinstance(target, Destructable):
        if target.dead:
            return False
        if not target.invulnerable:
            set_destructable_life(store, target, target.life - amount)
        return True
    if isinstance(target, Item):
        if not target.invulnerable:
            target.life = max(0.0, target.life - amount)
            if target.life <= 0.0:
                ctx.game.publish(ItemDeath(target))
                store.remove_item(target)
        return True
    return False


@native("UnitDamageTarget", "takes unit whichUnit, widget target, real amount, boolean attack, boolean ranged, attacktype attackType, damagetype damageType, weapontype weaponType returns boolean")
def UnitDamageTarget(ctx, u, target, amount, attack, ranged, attack_type, damage_type, weapon_type):
    """``whichUnit`` deals ``amount`` damage to ``target`` at once (``damage_widget``); the
    attack/damage/weapon types and ``attack`` are what the damage event answers
    (``BlzGetEventAttackType`` & co., ``BlzGetEventIsAttack``); they do not reduce the
    amount. True when the target took it. A null or removed
    source deals the damage without a source (project choice)."""
    damage = DamageEvent(float(amount), enum_value(attack_type, 0), enum_value(damage_type, 0),
                         enum_value(weapon_type, 0), bool(attack))
    return damage_widget(ctx, live_unit(u), target, amount, damage)


@native("UnitDamagePoint", "takes unit whichUnit, real delay, real radius, real x, real y, real amount, boolean attack, boolean ranged, attacktype attackType, damagetype damageType, weapontype weaponType returns boolean")
def UnitDamagePoint(ctx, u, delay, radius, x, y, amount, attack, ranged, attack_type, damage_type, weapon_type):
    """After ``delay`` game seconds, ``amount`` damage to every unit whose origin is within
    ``radius`` of (x, y) (spatial-enum rules), except the source. Returns True for a live
    source (the game's return value is not documented)."""
    source = live_unit(u)
    if source is None:
        return False
    if delay > 0.0:
        ctx.game.schedule(delay, "damage_point", x, y, radius, amount, subject=source)
    else:
        unit_store(ctx).damage_point(source, x, y, radius, amount)
    return True


@native("BlzGetPlayerTownHallCount", "takes player whichPlayer returns integer")
def BlzGetPlayerTownHallCount(ctx, p):
    """Live town halls (``UNIT_TYPE_TOWNHALL`` units) ``p`` owns, as Blizzard.j's melee
    crippling rule counts key structures. Units are created complete in this model, so
    every town hall counts."""
    if p is None:
        return 0
    return sum(1 for u in ctx.game.units.units.values()
               if u.owner is p and u.alive and u.has_type(UT_TOWNHALL))


# ---------------------------------------------------------------------------------------
# Units by type name, owners, pauses, timed life, selectability
# ---------------------------------------------------------------------------------------

@native("CreateUnitByName", "takes player whichPlayer, string unitname, real x, real y, real face returns unit")
def CreateUnitByName(ctx, owner, name, x, y, face):
    """``CreateUnit`` of the type whose internal string is ``unitname`` ("footman",
    ``UnitId`` rules, case-insensitive); null for a null player or a name no type has."""
    code = UnitId(ctx, name)
    if owner is None or not code:
        return None
    return unit_store(ctx).create_unit(owner, code, x, y, face, ctx.warn)


@native("CreateUnitAtLocByName", "takes player id, string unitname, location whichLocation, real face returns unit")
def CreateUnitAtLocByName(ctx, owner, name, loc, face):
    """``CreateUnitByName`` at a location (null for a null location)."""
    pos = loc_xy(loc)
    if pos is None:
        return None
    return CreateUnitByName(ctx, owner, name, pos[0], pos[1], face)


@native("SetPlayerUnitsOwner", "takes player whichPlayer, integer newOwner returns nothing")
def SetPlayerUnitsOwner(ctx, p, new_owner):
    """Give every unit of ``whichPlayer`` (not removed) to player slot ``newOwner``, in
    creation order, changing their colour (``SetUnitOwner(u, Player(newOwner), true)``;
    jassdoc records nothing more). An unknown slot changes nothing."""
    target = ctx.game.players.get(new_owner)
    if p is None or target is None:
        return
    store = unit_store(ctx)
    for u in [u for u in store.units.values() if u.owner is p and not u.destroyed]:
        store.set_owner(u, target, True)


@native("BlzPauseUnitEx", "takes unit whichUnit, boolean flag returns nothing")
def BlzPauseUnitEx(ctx, u, flag):
    """jassdoc: "This does not update ``IsUnitPaused`` and keeps the command card visible.
    Otherwise identical to ``PauseUnit()``." Counted: each true needs its false (the unit
    stays paused while the count is above 0, as the game's stun counter; ``unit.pause_count``)."""
    u = live_unit(u)
    if u is not None:
        ctx.game.orders.pause(u, flag, counted=True)


@native("BlzUnitCancelTimedLife", "takes unit whichUnit returns nothing")
def BlzUnitCancelTimedLife(ctx, u):
    """jassdoc: "Removes a unit's timed life, therefore killing it. Does nothing when used on
    a regular unit." The pending expiry is cancelled and the unit dies now."""
    u = live_unit(u)
    if u is None or u.timed_life is None:
        return
    ctx.game.scheduler.cancel(u.timed_life.get("entry"))
    unit_store(ctx)._expire_timed_life(u)


@native("BlzIsUnitSelectable", "takes unit whichUnit returns boolean")
def BlzIsUnitSelectable(ctx, u):
    """jassdoc: "Returns true if the unit is selectable": alive, not hidden and without
    Locust ('Aloc', which makes a unit unselectable)."""
    u = live_unit(u)
    return u is not None and u.alive and not u.hidden and LOCUST not in u.abilities


@native("BlzGetUnitZ", "takes unit whichUnit returns real")
def BlzGetUnitZ(ctx, u):
    """jassdoc: the surface elevation at the unit's point plus its occluder height, "0.0 if
    unit was removed or is null", "practically ``GetLocationZ``": the model's terrain height
    (``Game.terrain_height``; walkable destructables and occluder heights are not modelled).
    Alive or dead units both answer (jassdoc: "may be alive or dead")."""
    u = live_unit(u)
    return ctx.game.terrain_height(u.x, u.y) if u is not None else 0.0


@native("BlzGetLocalUnitZ", "takes unit whichUnit returns real")
def BlzGetLocalUnitZ(ctx, u):
    """jassdoc: "Alias for ``BlzGetUnitZ``" ("currently this calls ``BlzGetUnitZ``")."""
    return BlzGetUnitZ(ctx, u)


