"""Hashtables: ``InitHashtable`` and the ``Save*``/``Load*``/``HaveSaved*``/``RemoveSaved*``/
``Flush*Hashtable`` natives (``shared/reference/jass-semantics.md`` S130-S135).

Storage model, per (parentKey, childKey) pair of a table, five independent slots:

====================  =============================================  =======================
slot                  written by                                     read by
====================  =============================================  =======================
integer               ``SaveInteger``                                ``LoadInteger`` (0)
real                  ``SaveReal``                                   ``LoadReal`` (0.0)
boolean               ``SaveBoolean``                                ``LoadBoolean`` (false)
string                ``SaveStr`` (null counts as saved, S131)       ``LoadStr`` (null)
handle                every ``Save<T>Handle`` (one shared slot,      ``Load<T>Handle`` (null
                      S132); a null handle is a no-op (S133)         unless the stored object
                                                                     is a T or subtype, S132)
====================  =============================================  =======================

So ``SaveInteger`` then ``LoadReal`` on the same keys reads 0.0, and ``SaveItemHandle``
overwrites a unit saved with ``SaveUnitHandle`` under the same keys. ``HaveSaved*`` and
``RemoveSaved*`` address one slot; ``FlushChildHashtable`` drops every slot under a parent key,
``FlushParentHashtable`` drops everything (the table stays usable here: "must not be reused"
is low-confidence lore, S130). At most 255 hashtables exist; the 256th ``InitHashtable``
returns null with a recorded warning (S134, failure value low confidence).

A table holds a reference to every handle saved in it (``HandleTable.retain``), released when
the value is overwritten, removed or flushed, so an object reachable from a hashtable never has
its id recycled (S070). The GUI ``*BJ`` wrappers (key order swapped, S135) are Blizzard.j code.
"""
from __future__ import annotations

from typing import Any, Iterator

from natives.handles import Handle, HandleTable, alive
from natives.registry import native

MAX_HASHTABLES = 255
"""S134: the game allows at most 255 hashtables."""

# Handle type hierarchy of common.j 1.30.4 (``type X extends Y``), used for type-checked loads.
HANDLE_PARENTS: dict[str, str] = {
    "agent": "handle", "event": "agent", "player": "agent", "widget": "agent",
    "unit": "widget", "destructable": "widget", "item": "widget", "ability": "agent",
    "buff": "ability", "force": "agent", "group": "agent", "trigger": "agent",
    "triggercondition": "agent", "triggeraction": "handle", "timer": "agent",
    "location": "agent", "region": "agent", "rect": "agent", "boolexpr": "agent",
    "sound": "agent", "conditionfunc": "boolexpr", "filterfunc": "boolexpr",
    "unitpool": "handle", "itempool": "handle", "race": "handle", "alliancetype": "handle",
    "racepreference": "handle", "gamestate": "handle", "igamestate": "gamestate",
    "fgamestate": "gamestate", "playerstate": "handle", "playerscore": "handle",
    "playergameresult": "handle", "unitstate": "handle", "aidifficulty": "handle",
    "eventid": "handle", "gameevent": "eventid", "playerevent": "eventid",
    "playerunitevent": "eventid", "unitevent": "eventid", "limitop": "eventid",
    "widgetevent": "eventid", "dialogevent": "eventid", "unittype": "handle",
    "gamespeed": "handle", "gamedifficulty": "handle", "gametype": "handle",
    "mapflag": "handle", "mapvisibility": "handle", "mapsetting": "handle",
    "mapdensity": "handle", "mapcontrol": "handle", "playerslotstate": "handle",
    "volumegroup": "handle", "camerafield": "handle", "camerasetup": "handle",
    "playercolor": "handle", "placement": "handle", "startlocprio": "handle",
    "raritycontrol": "handle", "blendmode": "handle", "texmapflags": "handle",
    "effect": "agent", "effecttype": "handle", "weathereffect": "handle",
    "terraindeformation": "handle", "fogstate": "handle", "fogmodifier": "agent",
    "dialog": "agent", "button": "agent", "quest": "agent", "questitem": "agent",
    "defeatcondition": "agent", "timerdialog": "agent", "leaderboard": "agent",
    "multiboard": "agent", "multiboarditem": "agent", "trackable": "agent",
    "gamecache": "agent", "version": "handle", "itemtype": "handle", "texttag": "handle",
    "attacktype": "handle", "damagetype": "handle", "weapontype": "handle",
    "soundtype": "handle", "lightning": "handle", "pathingtype": "handle",
    "mousebuttontype": "handle", "animtype": "handle", "subanimtype": "handle",
    "image": "handle", "ubersplat": "handle", "hashtable": "agent", "framehandle": "handle",
    "originframetype": "handle", "framepointtype": "handle", "textaligntype": "handle",
    "frameeventtype": "handle", "oskeytype": "handle",
}


def is_instance_of(obj: Any, type_name: str) -> bool:
    """True when handle ``obj`` is of common.j type ``type_name`` or one of its subtypes."""
    t = getattr(obj, "type_name", None)
    seen = 0
    while t is not None and seen < 32:
        if t == type_name:
            return True
        t = HANDLE_PARENTS.get(t)
        seen += 1
    return False


# Slot kinds.
INTEGER, REAL, BOOLEAN, STRING, HANDLE = "integer", "real", "boolean", "string", "handle"
KINDS = (INTEGER, REAL, BOOLEAN, STRING, HANDLE)


class Hashtable(Handle):
    """One ``hashtable`` agent: parentKey -> kind -> childKey -> value (keys are int32).

    Sources: S130-S133. ``handles`` (optional) is the game's ``HandleTable``, used to hold a
    reference on every saved handle.
    """

    type_name = "hashtable"

    def __init__(self, handles: HandleTable | None = None) -> None:
        super().__init__()
        self._handles = handles
        self._data: dict[int, dict[str, dict[int, Any]]] = {}

    # -- slot access ---------------------------------------------------------------------
    def save(self, kind: str, parent: int, child: int, value: Any) -> None:
        """Store ``value`` in the ``kind`` slot of (parent, child), replacing what was there."""
        slots = self._data.setdefault(parent, {}).setdefault(kind, {})
        old = slots.get(child)
        if kind == HANDLE and self._handles is not None:
            self._handles.retain(value)
        slots[child] = value
        if kind == HANDLE and old is not None and self._handles is not None:
            self._handles.release(old)

    def has(self, kind: str, parent: int, child: int) -> bool:
        """Whether the ``kind`` slot of (parent, child) holds a value (``HaveSaved*``)."""
        return child in self._data.get(parent, {}).get(kind, {})

    def load(self, kind: str, parent: int, child: int, default: Any = None) -> Any:
        """The value in the ``kind`` slot of (parent, child), or ``default``."""
        return self._data.get(parent, {}).get(kind, {}).get(child, default)

    def remove(self, kind: str, parent: int, child: int) -> None:
        """Empty the ``kind`` slot of (parent, child) (``RemoveSaved*``)."""
        per_parent = self._data.get(parent)
        if per_parent is None:
            return
        slots = per_parent.get(kind)
        if slots is None or child not in slots:
            return
        old = slots.pop(child)
        if not slots:
            del per_parent[kind]
        if not per_parent:
            del self._data[parent]
        if kind == HANDLE:
            self._release(old)

    def flush_child(self, parent: int) -> None:
        """Drop every value of every kind under ``parent`` (``FlushChildHashtable``)."""
        per_parent = self._data.pop(parent, None)
        if per_parent:
            for h in per_parent.get(HANDLE, {}).values():
                self._release(h)

    def flush(self) -> None:
        """Drop everything (``FlushParentHashtable``)."""
        for parent in list(self._data):
            self.flush_child(parent)

    def _release(self, h: Any) -> None:
        if self._handles is not None:
            self._handles.release(h)

    # -- inspection ----------------------------------------------------------------------
    def items(self) -> Iterator[tuple[int, str, int, Any]]:
        """Every stored value as (parent, kind, child, value), in insertion order."""
        for parent, per_parent in self._data.items():
            for kind, slots in per_parent.items():
                for child, value in slots.items():
                    yield parent, kind, child, value

    def __len__(self) -> int:
        return sum(len(slots) for per_parent in self._data.values() for slots in per_parent.values())


class HashtableStore:
    """The game's hashtables (``game.hashtables``): creation with the 255 limit (S134).

    ``handles`` is the game's ``HandleTable``; created tables get agent ids from it.
    """

    def __init__(self, handles: HandleTable | None = None, limit: int = MAX_HASHTABLES) -> None:
        self.handles = handles
        self.limit = limit
        self.tables: list[Hashtable] = []

    def create(self) -> Hashtable | None:
        """A new empty table, or None when ``limit`` tables already exist."""
        if len(self.tables) >= self.limit:
            return None
        table = Hashtable(self.handles)
        if self.handles is not None:
            self.handles.allocate(table)
        self.tables.append(table)
        return table

    def __len__(self) -> int:
        return len(self.tables)


# ---------------------------------------------------------------------------------------------
# Natives (common.j 1.30.4, "Hashtable API")
# ---------------------------------------------------------------------------------------------

def _table(table: Hashtable | None) -> Hashtable | None:
    return alive(table)


@native("InitHashtable", "takes nothing returns hashtable")
def InitHashtable(ctx):
    """A new hashtable; null (with a warning) past the 255-table limit (S134)."""
    store = ctx.game.hashtables
    table = store.create()
    if table is None:
        ctx.warn(f"InitHashtable: the limit of {ctx.game.hashtables.limit} hashtables is reached; returning null")
    return table


@native("SaveInteger", "takes hashtable table, integer parentKey, integer childKey, integer value returns nothing")
def SaveInteger(ctx, table, parentKey, childKey, value):
    """Store an integer in the integer slot (S130)."""
    if (t := _table(table)) is not None:
        t.save(INTEGER, parentKey, childKey, value)


@native("SaveReal", "takes hashtable table, integer parentKey, integer childKey, real value returns nothing")
def SaveReal(ctx, table, parentKey, childKey, value):
    """Store a real in the real slot (separate from the integer slot, S132)."""
    if (t := _table(table)) is not None:
        t.save(REAL, parentKey, childKey, value)


@native("SaveBoolean", "takes hashtable table, integer parentKey, integer childKey, boolean value returns nothing")
def SaveBoolean(ctx, table, parentKey, childKey, value):
    """Store a boolean in the boolean slot."""
    if (t := _table(table)) is not None:
        t.save(BOOLEAN, parentKey, childKey, value)


@native("SaveStr", "takes hashtable table, integer parentKey, integer childKey, string value returns boolean")
def SaveStr(ctx, table, parentKey, childKey, value):
    """Store a string; a null string is a saved value too (S131). True when stored."""
    if (t := _table(table)) is None:
        return False
    t.save(STRING, parentKey, childKey, value)
    return True


@native("LoadInteger", "takes hashtable table, integer parentKey, integer childKey returns integer")
def LoadInteger(ctx, table, parentKey, childKey):
    """The saved integer, 0 when none (S130)."""
    t = _table(table)
    return 0 if t is None else t.load(INTEGER, parentKey, childKey, 0)


@native("LoadReal", "takes hashtable table, integer parentKey, integer childKey returns real")
def LoadReal(ctx, table, parentKey, childKey):
    """The saved real, 0.0 when none (S130)."""
    t = _table(table)
    return 0.0 if t is None else t.load(REAL, parentKey, childKey, 0.0)


@native("LoadBoolean", "takes hashtable table, integer parentKey, integer childKey returns boolean")
def LoadBoolean(ctx, table, parentKey, childKey):
    """The saved boolean, false when none (S130)."""
    t = _table(table)
    return False if t is None else t.load(BOOLEAN, parentKey, childKey, False)


@native("LoadStr", "takes hashtable table, integer parentKey, integer childKey returns string")
def LoadStr(ctx, table, parentKey, childKey):
    """The saved string, null when none (S130, S131)."""
    t = _table(table)
    return None if t is None else t.load(STRING, parentKey, childKey, None)


def _make_have(kind: str):
    def have(ctx, table, parentKey, childKey):
        t = _table(table)
        return t is not None and t.has(kind, parentKey, childKey)

    have.__doc__ = f"Whether the {kind} slot of (parentKey, childKey) holds a value (S130-S132)."
    return have


def _make_remove(kind: str):
    def remove(ctx, table, parentKey, childKey):
        if (t := _table(table)) is not None:
            t.remove(kind, parentKey, childKey)

    remove.__doc__ = f"Empty the {kind} slot of (parentKey, childKey) (S131, S133)."
    return remove


for _kind, _suffix in ((INTEGER, "Integer"), (REAL, "Real"), (BOOLEAN, "Boolean"),
                       (STRING, "String"), (HANDLE, "Handle")):
    native(f"HaveSaved{_suffix}",
           "takes hashtable table, integer parentKey, integer childKey returns boolean")(_make_have(_kind))
    native(f"RemoveSaved{_suffix}",
           "takes hashtable table, integer parentKey, integer childKey returns nothing")(_make_remove(_kind))


@native("FlushParentHashtable", "takes hashtable table returns nothing")
def FlushParentHashtable(ctx, table):
    """Drop every value of the table (S130); the table stays usable."""
    if (t := _table(table)) is not None:
        t.flush()


@native("FlushChildHashtable", "takes hashtable table, integer parentKey returns nothing")
def FlushChildHashtable(ctx, table, parentKey):
    """Drop every value of every type under ``parentKey`` (S130)."""
    if (t := _table(table)) is not None:
        t.flush_child(parentKey)


# (name part, common.j type, parameter name) of every Save<T>Handle native of common.j 1.30.4.
HANDLE_NATIVES: tuple[tuple[str, str, str], ...] = (
    ("Player", "player", "whichPlayer"),
    ("Widget", "widget", "whichWidget"),
    ("Destructable", "destructable", "whichDestructable"),
    ("Item", "item", "whichItem"),
    ("Unit", "unit", "whichUnit"),
    ("Ability", "ability", "whichAbility"),
    ("Timer", "timer", "whichTimer"),
    ("Trigger", "trigger", "whichTrigger"),
    ("TriggerCondition", "triggercondition", "whichTriggercondition"),
    ("TriggerAction", "triggeraction", "whichTriggeraction"),
    ("TriggerEvent", "event", "whichEvent"),
    ("Force", "force", "whichForce"),
    ("Group", "group", "whichGroup"),
    ("Location", "location", "whichLocation"),
    ("Rect", "rect", "whichRect"),
    ("BooleanExpr", "boolexpr", "whichBoolexpr"),
    ("Sound", "sound", "whichSound"),
    ("Effect", "effect", "whichEffect"),
    ("UnitPool", "unitpool", "whichUnitpool"),
    ("ItemPool", "itempool", "whichItempool"),
    ("Quest", "quest", "whichQuest"),
    ("QuestItem", "questitem", "whichQuestitem"),
    ("DefeatCondition", "defeatcondition", "whichDefeatcondition"),
    ("TimerDialog", "timerdialog", "whichTimerdialog"),
    ("Leaderboard", "leaderboard", "whichLeaderboard"),
    ("Multiboard", "multiboard", "whichMultiboard"),
    ("MultiboardItem", "multiboarditem", "whichMultiboarditem"),
    ("Trackable", "trackable", "whichTrackable"),
    ("Dialog", "dialog", "whichDialog"),
    ("Button", "button", "whichButton"),
    ("TextTag", "texttag", "whichTexttag"),
    ("Lightning", "lightning", "whichLightning"),
    ("Image", "image", "whichImage"),
    ("Ubersplat", "ubersplat", "whichUbersplat"),
    ("Region", "region", "whichRegion"),
    ("FogState", "fogstate", "whichFogState"),
    ("FogModifier", "fogmodifier", "whichFogModifier"),
    ("Agent", "agent", "whichAgent"),          # SaveAgentHandle only: common.j has no LoadAgentHandle
    ("Hashtable", "hashtable", "whichHashtable"),
    ("Frame", "framehandle", "whichFrameHandle"),   # 1.31+
)


def _make_save_handle(type_name: str):
    def save(ctx, table, parentKey, childKey, value):
        t = _table(table)
        if t is None or value is None:        # S133: saving null changes nothing
            return False
        t.save(HANDLE, parentKey, childKey, value)
        return True

    save.__doc__ = (f"Store a {type_name} in the shared handle slot (S132); a null handle is a "
                    "no-op and returns false (S133).")
    return save


def _make_load_handle(type_name: str):
    def load(ctx, table, parentKey, childKey):
        t = _table(table)
        if t is None:
            return None
        value = t.load(HANDLE, parentKey, childKey, None)
        return value if value is not None and is_instance_of(value, type_name) else None

    load.__doc__ = (f"The handle saved under the keys if it is a {type_name} (or subtype), "
                    "else null (S132).")
    return load


for _part, _type, _param in HANDLE_NATIVES:
    native(f"Save{_part}Handle",
           f"takes hashtable table, integer parentKey, integer childKey, {_type} {_param} returns boolean"
           )(_make_save_handle(_type))
    if _type != "agent":
        native(f"Load{_part}Handle",
               f"takes hashtable table, integer parentKey, integer childKey returns {_type}"
               )(_make_load_handle(_type))
del _kind, _suffix, _part, _type, _param
