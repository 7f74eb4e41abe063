"""Handles: the base class of every model object, the agent handle table, and enum handles.

Three kinds of handle exist in the model (``shared/reference/jass-semantics.md`` section E):

- **Table handles** (agents: units, groups, timers, players, ...): subclasses of ``Handle``
  that call ``game.handles.allocate(obj)``. Ids start at 0x100000 (1048576, S067). An id is
  recycled only once its object is destroyed **and** no JASS variable references it (S069,
  S070). The VM keeps the reference count: it calls ``HandleTable.retain(h)`` when a handle is
  stored into a variable (global, local, array slot, parameter) and ``HandleTable.release(h)``
  when that value is overwritten or goes out of scope. A local that is not nulled before
  ``return`` is never released (the leak of S070) -- that is the VM's call, not this module's.
  Freed ids are reused last-freed-first (a project choice consistent with the in-game
  observation that a freed id is handed to the next created object; S070).
- **Enum handles** (``Convert*`` results: races, player colors, event ids, ...): interned per
  (type, value) for the whole process, so ``ConvertUnitEvent(5) == ConvertUnitEvent(5)`` is
  identity and equals comparison by value; ``GetHandleId`` of one is its integer value (S068).
  They are not in the table and are never destroyed.
- Kinds with their own small id spaces (text tags, images; S071) belong to their modules.

All ``Convert*`` natives of common.j (1.30.4, plus the ones added up to 1.33.0) and
``GetHandleId`` are registered here.
"""
from __future__ import annotations

from types import MappingProxyType
from typing import Any, Iterator, Mapping

from jassvm.compiler import is_handle_type
from jassvm.thread import UNSET

from natives.registry import native

FIRST_AGENT_ID = 0x100000
"""First agent handle id (1048576), S067."""

NO_ENTRIES: Mapping[Any, Any] = MappingProxyType({})
"""The empty, read-only mapping a mapping field holds until its first entry (see ``own``)."""

NO_MEMBERS: frozenset = frozenset()
"""The empty, immutable set a set field holds until its first member (see ``own``)."""

_OWN_COPY = {MappingProxyType: dict, tuple: list, frozenset: set}


def own(obj: Any, name: str) -> Any:
    """``obj``'s container field ``name`` as a container of its own, for writing.

    Model classes with many instances (units, items: issue 16, at most 1 KiB per handle)
    declare a container most instances never fill with an immutable shared default --
    ``NO_ENTRIES`` (or another ``MappingProxyType``), ``()``, ``NO_MEMBERS`` -- so an
    empty instance pays nothing for it. Readers use the field as they would the mutable
    container; every write goes through this accessor, which replaces the shared default by
    a mutable copy (dict, list, set) on the first write: ``own(u, "buffs")[code] = buff``,
    ``own(u, "cargo").append(v)``. A write that misses it fails loudly (the shared values
    cannot be changed) instead of changing every instance. A field that already holds its
    own container is returned as it is."""
    value = getattr(obj, name)
    copy = _OWN_COPY.get(type(value))
    if copy is None:
        return value
    value = copy(value)
    setattr(obj, name, value)
    return value


def field_names(obj: Any) -> list[str]:
    """The names of ``obj``'s fields in declaration order, base classes first: its slots,
    the class-level fields it reads until it sets its own (see ``own``), and the entries of
    its ``__dict__``. For display (the debugger); a save writes slots and ``__dict__``."""
    names: dict[str, None] = {}
    for klass in reversed(type(obj).__mro__):
        if "__slots__" not in klass.__dict__:
            continue
        slots = klass.__slots__
        names.update(dict.fromkeys((slots,) if isinstance(slots, str) else slots))
        names.update(dict.fromkeys(n for n in klass.__dict__.get("__annotations__", {})
                                   if n in klass.__dict__))
    names.update(dict.fromkeys(getattr(obj, "__dict__", ())))
    names.pop("__dict__", None)
    names.pop("__weakref__", None)
    return list(names)


def check_field_defaults(cls: type) -> None:
    """Raise TypeError when a field ``cls`` declares at class level (an annotated class
    attribute: the value every instance reads until it sets its own) is mutable: a list,
    dict or set there would be one object shared, and changed, by every instance."""
    for name in cls.__dict__.get("__annotations__", {}):
        if name not in cls.__dict__:
            continue
        value = cls.__dict__[name]
        if type(value) is MappingProxyType:
            continue
        try:
            hash(value)
        except TypeError:
            raise TypeError(f"{cls.__qualname__}.{name}: a class-level field default must be "
                            f"immutable (NO_ENTRIES, (), NO_MEMBERS, a scalar), not "
                            f"{type(value).__name__}") from None


class Handle:
    """Base class of every model object the VM can hold in a handle-typed variable.

    Attributes:
        handle_id: the id ``GetHandleId`` returns; 0 until allocated. It does not change when
            the object is destroyed (S069).
        destroyed: True once the object was destroyed/removed (``DestroyGroup``,
            ``RemoveUnit``, ...); its id is recycled only when ``refs`` is also 0 (S070).
        refs: number of JASS variable slots holding the handle (maintained through
            ``HandleTable.retain``/``release`` by the VM).
    """

    type_name = "handle"
    """The common.j type name of the object (``"unit"``, ``"group"``, ...)."""

    counted = True
    """True for handles living in the ``HandleTable`` (reference counted agents)."""

    # Slots, not a per-instance dict, for the classes with many instances (units, items,
    # timers: issue 16); a subclass without ``__slots__`` has a ``__dict__`` as usual.
    __slots__ = ("handle_id", "destroyed", "refs")

    def __init_subclass__(cls, **kwargs) -> None:
        super().__init_subclass__(**kwargs)
        check_field_defaults(cls)

    def __init__(self) -> None:
        self.handle_id = 0
        self.destroyed = False
        self.refs = 0

    def __repr__(self) -> str:
        state = " destroyed" if self.destroyed else ""
        return f"<{self.type_name} {self.handle_id}{state}>"


class EnumHandle(Handle):
    """An interned ``Convert*`` handle: (common.j type name, integer value). Immutable.

    ``handle_id`` equals ``value`` (S068). Obtain instances with ``enum_handle``.
    """

    counted = False

    def __init__(self, type_name: str, value: int) -> None:
        super().__init__()
        self.type_name = type_name
        self.value = value
        self.handle_id = value

    def __repr__(self) -> str:
        return f"<{self.type_name} {self.value}>"

    def __reduce__(self):  # keep interning across copy/deepcopy
        return (enum_handle, (self.type_name, self.value))


_ENUMS: dict[tuple[str, int], EnumHandle] = {}


def enum_handle(type_name: str, value: int) -> EnumHandle:
    """The unique enum handle of common.j type ``type_name`` with integer ``value`` (S068)."""
    key = (type_name, value)
    h = _ENUMS.get(key)
    if h is None:
        h = _ENUMS[key] = EnumHandle(type_name, value)
    return h


def alive(h: Handle | None) -> Handle | None:
    """``h`` unless it is ``None`` or destroyed: natives treat a destroyed handle as null."""
    if h is None or h.destroyed:
        return None
    return h


def enum_value(h: Handle | None, default: int = -1) -> int:
    """The integer of an enum handle, ``default`` for ``None`` (a null argument)."""
    if h is None:
        return default
    return h.value  # type: ignore[attr-defined]


class HandleTable:
    """Allocates agent handle ids from 0x100000 and recycles them (S067-S070).

    The table maps live ids to objects. An id leaves the table -- and goes onto the free list
    to be handed to the next allocated object -- when its object is destroyed and its
    reference count is 0, whichever happens last.
    """

    def __init__(self, first_id: int = FIRST_AGENT_ID) -> None:
        self.first_id = first_id
        self._next = first_id
        self._free: list[int] = []
        self._objects: dict[int, Handle] = {}

    # -- allocation -------------------------------------------------------------------
    def allocate(self, h: Handle) -> Handle:
        """Give ``h`` an id (a recycled one first, else the next never-used one); return ``h``."""
        if h.handle_id and self._objects.get(h.handle_id) is h:
            return h
        if self._free:
            hid = self._free.pop()
        else:
            hid = self._next
            self._next += 1
        h.handle_id = hid
        h.destroyed = False
        h.refs = 0
        self._objects[hid] = h
        return h

    def reserve(self, count: int) -> None:
        """Skip ``count`` never-used ids (ids the real game hands to its own internal agents
        before the script runs)."""
        self._next += max(0, count)

    # -- reference counting (called by the VM) ------------------------------------------
    def retain(self, h: Handle | None) -> None:
        """A variable slot now holds ``h``. No-op for ``None`` and enum handles."""
        if h is None or not h.counted:
            return
        h.refs += 1

    def release(self, h: Handle | None) -> None:
        """A variable slot no longer holds ``h``; frees the id of a destroyed object at 0."""
        if h is None or not h.counted:
            return
        if h.refs > 0:
            h.refs -= 1
        if h.refs == 0 and h.destroyed:
            self._free_id(h)

    def destroy(self, h: Handle | None) -> bool:
        """Mark ``h`` destroyed; frees its id now if unreferenced. False if already destroyed
        or ``None``."""
        if h is None or h.destroyed or not h.counted:
            return False
        h.destroyed = True
        if h.refs == 0:
            self._free_id(h)
        return True

    def _free_id(self, h: Handle) -> None:
        if self._objects.get(h.handle_id) is h:
            del self._objects[h.handle_id]
            self._free.append(h.handle_id)

    # -- queries ------------------------------------------------------------------------
    def get(self, handle_id: int) -> Handle | None:
        """The object currently holding ``handle_id`` (live, or destroyed but referenced)."""
        return self._objects.get(handle_id)

    def live(self, type_name: str | None = None) -> Iterator[Handle]:
        """Non-destroyed objects in id order, optionally only of common.j ``type_name``."""
        for hid in sorted(self._objects):
            h = self._objects[hid]
            if not h.destroyed and (type_name is None or h.type_name == type_name):
                yield h

    def is_free(self, handle_id: int) -> bool:
        """True when ``handle_id`` is on the free list (reusable)."""
        return handle_id in self._free

    @property
    def high_water(self) -> int:
        """The next never-used id."""
        return self._next

    def __len__(self) -> int:
        """Number of ids in use (live objects plus destroyed-but-referenced ones)."""
        return len(self._objects)


def write_global(vm, name: str, value: Any, index: int | None = None) -> None:
    """Store ``value`` into the JASS global ``name`` (element ``index`` of an array global)
    of ``vm`` as the script's ``set`` does, handle reference counts included: for a handle
    global the new value is retained and the old one released (``vm.retain`` /
    ``vm.release``, S070), so an id is recycled exactly when the script's own stores would
    recycle it. The value must already be of the global's type (the caller converts).

    Like ``VM.write_global`` (writes by natives), the store is not an assignment of the
    script: ``TriggerRegisterVariableEvent`` watchers do not see it.

    Raises KeyError for a global the program does not declare, TypeError for an index on
    a non-array global or none on an array, IndexError for an index outside the array."""
    slot = vm.program.global_index[name]
    handle = is_handle_type(slot.type_name)
    if slot.is_array:
        if index is None:
            raise TypeError(f"{name} is an array: give an index")
        arr = vm.globals[slot.index]
        if not 0 <= index < arr.size:
            raise IndexError(f"index {index} outside 0..{arr.size - 1}")
        old = arr.get(index, arr.default)
    else:
        if index is not None:
            raise TypeError(f"{name} is not an array")
        old = vm.globals[slot.index]
    if handle and vm.retain is not None:
        if value is not None:
            vm.retain(value)
        if old is not None and old is not UNSET:
            vm.release(old)
    if slot.is_array:
        arr[index] = value
    else:
        vm.globals[slot.index] = value


# ---------------------------------------------------------------------------------------
# Natives
# ---------------------------------------------------------------------------------------

@native("GetHandleId", "takes handle h returns integer")
def GetHandleId(ctx, h):
    """Agent id (>= 0x100000), enum value for ``Convert*`` handles, 0 for null (S067-S069)."""
    if h is None:
        return 0
    return h.handle_id


# (native name, common.j return type); signatures "takes integer i returns <type>".
# 1.30.4 set first, then the ones added by 1.31-1.33 (signatures of common.j 1.33.0).
CONVERT_NATIVES: tuple[tuple[str, str], ...] = (
    ("ConvertRace", "race"),
    ("ConvertAllianceType", "alliancetype"),
    ("ConvertRacePref", "racepreference"),
    ("ConvertIGameState", "igamestate"),
    ("ConvertFGameState", "fgamestate"),
    ("ConvertPlayerState", "playerstate"),
    ("ConvertPlayerScore", "playerscore"),
    ("ConvertPlayerGameResult", "playergameresult"),
    ("ConvertUnitState", "unitstate"),
    ("ConvertAIDifficulty", "aidifficulty"),
    ("ConvertGameEvent", "gameevent"),
    ("ConvertPlayerEvent", "playerevent"),
    ("ConvertPlayerUnitEvent", "playerunitevent"),
    ("ConvertWidgetEvent", "widgetevent"),
    ("ConvertDialogEvent", "dialogevent"),
    ("ConvertUnitEvent", "unitevent"),
    ("ConvertLimitOp", "limitop"),
    ("ConvertUnitType", "unittype"),
    ("ConvertGameSpeed", "gamespeed"),
    ("ConvertPlacement", "placement"),
    ("ConvertStartLocPrio", "startlocprio"),
    ("ConvertGameDifficulty", "gamedifficulty"),
    ("ConvertGameType", "gametype"),
    ("ConvertMapFlag", "mapflag"),
    ("ConvertMapVisibility", "mapvisibility"),
    ("ConvertMapSetting", "mapsetting"),
    ("ConvertMapDensity", "mapdensity"),
    ("ConvertMapControl", "mapcontrol"),
    ("ConvertPlayerColor", "playercolor"),
    ("ConvertPlayerSlotState", "playerslotstate"),
    ("ConvertVolumeGroup", "volumegroup"),
    ("ConvertCameraField", "camerafield"),
    ("ConvertBlendMode", "blendmode"),
    ("ConvertRarityControl", "raritycontrol"),
    ("ConvertTexMapFlags", "texmapflags"),
    ("ConvertFogState", "fogstate"),
    ("ConvertEffectType", "effecttype"),
    ("ConvertVersion", "version"),
    ("ConvertItemType", "itemtype"),
    ("ConvertAttackType", "attacktype"),
    ("ConvertDamageType", "damagetype"),
    ("ConvertWeaponType", "weapontype"),
    ("ConvertSoundType", "soundtype"),
    ("ConvertPathingType", "pathingtype"),
    ("ConvertMouseButtonType", "mousebuttontype"),
    ("ConvertAnimType", "animtype"),
    ("ConvertSubAnimType", "subanimtype"),
    # added after 1.30.4 (common.j 1.33.0)
    ("ConvertOriginFrameType", "originframetype"),
    ("ConvertFramePointType", "framepointtype"),
    ("ConvertTextAlignType", "textaligntype"),
    ("ConvertFrameEventType", "frameeventtype"),
    ("ConvertOsKeyType", "oskeytype"),
    ("ConvertAbilityIntegerField", "abilityintegerfield"),
    ("ConvertAbilityRealField", "abilityrealfield"),
    ("ConvertAbilityBooleanField", "abilitybooleanfield"),
    ("ConvertAbilityStringField", "abilitystringfield"),
    ("ConvertAbilityIntegerLevelField", "abilityintegerlevelfield"),
    ("ConvertAbilityRealLevelField", "abilityreallevelfield"),
    ("ConvertAbilityBooleanLevelField", "abilitybooleanlevelfield"),
    ("ConvertAbilityStringLevelField", "abilitystringlevelfield"),
    ("ConvertAbilityIntegerLevelArrayField", "abilityintegerlevelarrayfield"),
    ("ConvertAbilityRealLevelArrayField", "abilityreallevelarrayfield"),
    ("ConvertAbilityBooleanLevelArrayField", "abilitybooleanlevelarrayfield"),
    ("ConvertAbilityStringLevelArrayField", "abilitystringlevelarrayfield"),
    ("ConvertUnitIntegerField", "unitintegerfield"),
    ("ConvertUnitRealField", "unitrealfield"),
    ("ConvertUnitBooleanField", "unitbooleanfield"),
    ("ConvertUnitStringField", "unitstringfield"),
    ("ConvertUnitWeaponIntegerField", "unitweaponintegerfield"),
    ("ConvertUnitWeaponRealField", "unitweaponrealfield"),
    ("ConvertUnitWeaponBooleanField", "unitweaponbooleanfield"),
    ("ConvertUnitWeaponStringField", "unitweaponstringfield"),
    ("ConvertItemIntegerField", "itemintegerfield"),
    ("ConvertItemRealField", "itemrealfield"),
    ("ConvertItemBooleanField", "itembooleanfield"),
    ("ConvertItemStringField", "itemstringfield"),
    ("ConvertMoveType", "movetype"),
    ("ConvertTargetFlag", "targetflag"),
    ("ConvertArmorType", "armortype"),
    ("ConvertHeroAttribute", "heroattribute"),
    ("ConvertDefenseType", "defensetype"),
    ("ConvertRegenType", "regentype"),
    ("ConvertUnitCategory", "unitcategory"),
    ("ConvertPathingFlag", "pathingflag"),
)


def _make_convert(type_name: str):
    def convert(ctx, i):
        return enum_handle(type_name, i)

    convert.__doc__ = f"Interned ``{type_name}`` enum handle of integer ``i`` (S068)."
    return convert


for _name, _type in CONVERT_NATIVES:
    native(_name, f"takes integer i returns {_type}", constant=True)(_make_convert(_type))
del _name, _type
