"""Unit groups (seed 001; S120-S127) and the Group natives.

Registry (seed 001)
    ``GroupRegistry`` is a growable table of group slots with no fixed cap: ``create`` reuses
    the first inactive slot before appending a new one, ``destroy`` frees the slot, so
    create/destroy churn keeps one slot while more than 1024 live groups simply grow the
    table. A group's JASS handle id comes from the game's handle table like every agent.

Membership
    A group is an ordered list of units (``GroupAddUnit`` appends at the tail, S125) plus a
    set for membership tests. A unit removed from the game stays in the list as a *hole*
    (S123): ``FirstOfGroup``/``BlzGroupUnitAt`` return null for it once game time has moved
    past the instant of removal (in the same instant the unit is still returned, and
    ``GroupRemoveUnit`` can still take it out); holes are only cleared by ``GroupClear`` or
    ``DestroyGroup``; ``BlzGroupGetSize`` counts them. A killed (not removed) unit stays a
    normal member (S125).

Destroyed groups are invalid: they read as empty (size 0), cannot be modified
(``GroupAddUnit`` returns false) and ``GroupEnum*`` do not recreate them (S125).

``ForGroup`` snapshots member identities before calling back, so mutation during the callback
(removing units, clearing or destroying the group, nested enumerations) never skips or
repeats the remaining snapshot members; units removed from the game are skipped (seed 001).
Each callback runs through ``ctx.run_code(code, enum_unit=u)``.

``GroupEnum*`` clear the group first (S120), then add matching units one at a time, each
after ``eval_filter(ctx, filter, filter_unit=u)`` accepts it (null filter adds all), so a
filter sees earlier accepted units already in the group (S121). Spatial enums use the unit's
origin only and skip hidden and Locust units; ``GroupEnumUnitsOfPlayer`` includes them and
lists units in reverse creation order (S121, S122). The ``*Counted`` variants ignore
``countLimit``: jassdoc reports that the limit does not work (tested on 1.32.10) -- applied
to all of them here.
"""
from __future__ import annotations

from natives.boolexpr import eval_filter
from natives.handles import Handle, alive
from natives.registry import native
from natives.unitdata import internal_name
from natives.orders import make_order as _order
from natives.units import Unit, units_in_range, units_in_rect


class Group(Handle):
    """A ``group`` agent: ordered members (holes kept, see module doc) and a registry slot."""

    type_name = "group"

    def __init__(self, ordinal: int) -> None:
        super().__init__()
        self.ordinal = ordinal
        self.members: list[Unit] = []
        self._index: dict[Unit, None] = {}   # membership, insertion-ordered (plain data)

    def __contains__(self, u: Unit) -> bool:
        return u in self._index

    def add(self, u: Unit) -> bool:
        if u in self._index:
            return False
        self._index[u] = None
        self.members.append(u)
        return True

    def remove(self, u: Unit) -> bool:
        if u not in self._index:
            return False
        del self._index[u]
        self.members.remove(u)
        return True

    def clear(self) -> None:
        self.members.clear()
        self._index.clear()

    def __len__(self) -> int:
        return len(self.members)


class GroupRegistry:
    """Growable table of group slots, recycling destroyed slots first (seed 001)."""

    def __init__(self, game) -> None:
        self.game = game
        self.slots: list[Group | None] = []
        self._free: list[int] = []  # sorted ascending: first inactive slot is reused

    def create(self) -> Group:
        """A new empty group in the first inactive slot, or a new slot at the end."""
        if self._free:
            ordinal = self._free.pop(0)
        else:
            ordinal = len(self.slots)
            self.slots.append(None)
        g = Group(ordinal)
        self.slots[ordinal] = g
        return self.game.handles.allocate(g)

    def destroy(self, g: Group) -> bool:
        """Clear and destroy ``g``, freeing its slot; False if already destroyed."""
        if g.destroyed:
            return False
        g.clear()
        if 0 <= g.ordinal < len(self.slots) and self.slots[g.ordinal] is g:
            self.slots[g.ordinal] = None
            self._free.append(g.ordinal)
            self._free.sort()
        self.game.handles.destroy(g)
        return True

    @property
    def live_count(self) -> int:
        return len(self.slots) - len(self._free)

    @property
    def high_water(self) -> int:
        """Number of slots ever used (the table's length)."""
        return len(self.slots)


# ---------------------------------------------------------------------------------------
# helpers
# ---------------------------------------------------------------------------------------

def _g(g) -> Group | None:
    return alive(g)


def _hole(u: Unit, now: float) -> bool:
    """Removed from the game before the current instant (S123)."""
    return u.destroyed and (u.removed_at is None or u.removed_at < now)


def _usable_unit(ctx, u) -> Unit | None:
    """A unit argument group natives accept: existing, or removed in this very instant."""
    if u is None:
        return None
    if u.destroyed and _hole(u, ctx.now):
        return None
    return u


def _enum(ctx, g: Group | None, candidates, filt) -> None:
    g = _g(g)
    if g is None:
        return
    g.clear()
    for u in candidates:
        if u.destroyed:
            continue
        if filt is None or eval_filter(ctx, filt, filter_unit=u):
            if g.destroyed:
                return
            if not u.destroyed:
                g.add(u)


def _xy(loc):
    loc = alive(loc)
    return (loc.x, loc.y) if loc is not None else None


# ---------------------------------------------------------------------------------------
# Natives
# ---------------------------------------------------------------------------------------

@native("CreateGroup", "takes nothing returns group")
def CreateGroup(ctx):
    return ctx.game.groups.create()


@native("DestroyGroup", "takes group whichGroup returns nothing")
def DestroyGroup(ctx, g):
    g = _g(g)
    if g is not None:
        ctx.game.groups.destroy(g)


@native("GroupAddUnit", "takes group whichGroup, unit whichUnit returns boolean")
def GroupAddUnit(ctx, g, u):
    """Append ``u``; True if added, False if already there, null or the group is destroyed
    (S125). Signature of common.j 1.33 (1.30.4 declares ``returns nothing``)."""
    g, u = _g(g), alive(u)
    if g is None or u is None:
        return False
    return g.add(u)


@native("GroupRemoveUnit", "takes group whichGroup, unit whichUnit returns boolean")
def GroupRemoveUnit(ctx, g, u):
    """Remove ``u``; True on success. A null unit removes nothing (holes stay, S123).
    Signature of common.j 1.33 (1.30.4 declares ``returns nothing``)."""
    g, u = _g(g), _usable_unit(ctx, u)
    if g is None or u is None:
        return False
    return g.remove(u)


@native("BlzGroupAddGroupFast", "takes group whichGroup, group addGroup returns integer")
def BlzGroupAddGroupFast(ctx, g, add):
    """jassdoc: "Iterates units of ``whichGroup`` and adds them to ``addGroup``. Returns
    amount of successfully added units or 0 on error": each member as ``GroupAddUnit`` takes
    it, in member order (units already there and holes are not added, seed 001 / S123); 0
    for a null or destroyed group."""
    g, add = _g(g), _g(add)
    if g is None or add is None:
        return 0
    return sum(1 for u in list(g.members) if not u.destroyed and add.add(u))


@native("BlzGroupRemoveGroupFast", "takes group whichGroup, group removeGroup returns integer")
def BlzGroupRemoveGroupFast(ctx, g, remove):
    """jassdoc: "Iterates units of ``whichGroup`` and removes them from ``removeGroup``.
    Returns amount of successfully removed units or 0 on error": each member as
    ``GroupRemoveUnit`` takes it (a unit removed from the game in this instant still comes
    out; holes stay, S123); 0 for a null or destroyed group."""
    g, remove = _g(g), _g(remove)
    if g is None or remove is None:
        return 0
    count = 0
    for u in list(g.members):
        if _usable_unit(ctx, u) is not None and remove.remove(u):
            count += 1
    return count


@native("GroupClear", "takes group whichGroup returns nothing")
def GroupClear(ctx, g):
    """Empty the group (holes included); the handle stays valid (seed 001)."""
    g = _g(g)
    if g is not None:
        g.clear()


@native("BlzGroupGetSize", "takes group whichGroup returns integer")
def BlzGroupGetSize(ctx, g):
    """Length of the member list, holes included; 0 for null or destroyed groups (S125)."""
    g = _g(g)
    return len(g) if g is not None else 0


@native("BlzGroupUnitAt", "takes group whichGroup, integer index returns unit")
def BlzGroupUnitAt(ctx, g, index):
    """Member at ``index``; null out of range or for a hole (S123)."""
    g = _g(g)
    if g is None or not (0 <= index < len(g)):
        return None
    u = g.members[index]
    return None if _hole(u, ctx.now) else u


@native("FirstOfGroup", "takes group whichGroup returns unit")
def FirstOfGroup(ctx, g):
    """``BlzGroupUnitAt(g, 0)``: does not remove the unit (S124); null for a hole (S123)."""
    return BlzGroupUnitAt(ctx, g, 0)


@native("IsUnitInGroup", "takes unit whichUnit, group whichGroup returns boolean", constant=True)
def IsUnitInGroup(ctx, u, g):
    g, u = _g(g), alive(u)
    return g is not None and u is not None and u in g


@native("ForGroup", "takes group whichGroup, code callback returns nothing")
def ForGroup(ctx, g, code):
    """Call ``code`` for each member of a snapshot, skipping removed units (seed 001)."""
    g = _g(g)
    if g is None or code is None:
        return
    for u in list(g.members):
        if u.destroyed:
            continue
        ctx.run_code(code, enum_unit=u)


# -- enumerations ---------------------------------------------------------------------------

@native("GroupEnumUnitsOfPlayer", "takes group whichGroup, player whichPlayer, boolexpr filter returns nothing")
def GroupEnumUnitsOfPlayer(ctx, g, p, filt):
    """Units of ``p`` (hidden and Locust included), reverse creation order (S121, S122)."""
    if p is None:
        _enum(ctx, g, [], filt)
        return
    units = [u for u in ctx.game.units.units.values() if u.owner is p]
    _enum(ctx, g, list(reversed(units)), filt)


def _units_of_type(ctx, name) -> list[Unit]:
    want = (name or "").lower()
    if not want:
        return []
    return [u for u in ctx.game.units.units.values() if internal_name(u.utype) == want]


@native("GroupEnumUnitsOfType", "takes group whichGroup, string unitname, boolexpr filter returns nothing")
def GroupEnumUnitsOfType(ctx, g, name, filt):
    """Units whose type's internal name (``unitdata.internal_name``: ``"marketplace"``, as
    Blizzard.j's stock updates ask) is ``unitname``, case-insensitive; every owner, hidden
    units included, creation order."""
    _enum(ctx, g, _units_of_type(ctx, name), filt)


@native("GroupEnumUnitsOfTypeCounted", "takes group whichGroup, string unitname, boolexpr filter, integer countLimit returns nothing")
def GroupEnumUnitsOfTypeCounted(ctx, g, name, filt, limit):
    """Like ``GroupEnumUnitsOfType``; ``countLimit`` is ignored (see module doc)."""
    _enum(ctx, g, _units_of_type(ctx, name), filt)


def _rect_candidates(ctx, r):
    r = alive(r)
    return units_in_rect(ctx.game.units, r) if r is not None else []


@native("GroupEnumUnitsInRect", "takes group whichGroup, rect r, boolexpr filter returns nothing")
def GroupEnumUnitsInRect(ctx, g, r, filt):
    _enum(ctx, g, _rect_candidates(ctx, r), filt)


@native("GroupEnumUnitsInRectCounted", "takes group whichGroup, rect r, boolexpr filter, integer countLimit returns nothing")
def GroupEnumUnitsInRectCounted(ctx, g, r, filt, limit):
    """Like ``GroupEnumUnitsInRect``; ``countLimit`` is ignored (see module doc)."""
    _enum(ctx, g, _rect_candidates(ctx, r), filt)


@native("GroupEnumUnitsInRange", "takes group whichGroup, real x, real y, real radius, boolexpr filter returns nothing")
def GroupEnumUnitsInRange(ctx, g, x, y, radius, filt):
    _enum(ctx, g, units_in_range(ctx.game.units, x, y, radius), filt)


@native("GroupEnumUnitsInRangeCounted", "takes group whichGroup, real x, real y, real radius, boolexpr filter, integer countLimit returns nothing")
def GroupEnumUnitsInRangeCounted(ctx, g, x, y, radius, filt, limit):
    """Like ``GroupEnumUnitsInRange``; ``countLimit`` is ignored (jassdoc, 1.32.10)."""
    _enum(ctx, g, units_in_range(ctx.game.units, x, y, radius), filt)


@native("GroupEnumUnitsInRangeOfLoc", "takes group whichGroup, location whichLocation, real radius, boolexpr filter returns nothing")
def GroupEnumUnitsInRangeOfLoc(ctx, g, loc, radius, filt):
    pos = _xy(loc)
    cands = units_in_range(ctx.game.units, pos[0], pos[1], radius) if pos else []
    _enum(ctx, g, cands, filt)


@native("GroupEnumUnitsInRangeOfLocCounted", "takes group whichGroup, location whichLocation, real radius, boolexpr filter, integer countLimit returns nothing")
def GroupEnumUnitsInRangeOfLocCounted(ctx, g, loc, radius, filt, limit):
    pos = _xy(loc)
    cands = units_in_range(ctx.game.units, pos[0], pos[1], radius) if pos else []
    _enum(ctx, g, cands, filt)


@native("GroupEnumUnitsSelected", "takes group whichGroup, player whichPlayer, boolexpr filter returns nothing")
def GroupEnumUnitsSelected(ctx, g, p, filt):
    """Units in ``p``'s selection (see ``SelectUnit``), selection order."""
    sel = ctx.game.units.selection.get(p.id, []) if p is not None else []
    _enum(ctx, g, [u for u in sel if not u.destroyed], filt)


# -- group orders ---------------------------------------------------------------------------

def _group_issue(ctx, g, make_order) -> bool:
    g = _g(g)
    if g is None:
        return False
    store = ctx.game.units
    any_ok = False
    for u in list(g.members):
        if not u.destroyed and store.issue(u, make_order()):
            any_ok = True
    return any_ok


@native("GroupImmediateOrder", "takes group whichGroup, string order returns boolean")
def GroupImmediateOrder(ctx, g, order):
    """Issue to every live member; True if any took it."""
    return _group_issue(ctx, g, lambda: _order("immediate", order))


@native("GroupImmediateOrderById", "takes group whichGroup, integer order returns boolean")
def GroupImmediateOrderById(ctx, g, order):
    return _group_issue(ctx, g, lambda: _order("immediate", order))


@native("GroupPointOrder", "takes group whichGroup, string order, real x, real y returns boolean")
def GroupPointOrder(ctx, g, order, x, y):
    return _group_issue(ctx, g, lambda: _order("point", order, x=x, y=y))


@native("GroupPointOrderLoc", "takes group whichGroup, string order, location whichLocation returns boolean")
def GroupPointOrderLoc(ctx, g, order, loc):
    pos = _xy(loc)
    if pos is None:
        return False
    return _group_issue(ctx, g, lambda: _order("point", order, x=pos[0], y=pos[1]))


@native("GroupPointOrderById", "takes group whichGroup, integer order, real x, real y returns boolean")
def GroupPointOrderById(ctx, g, order, x, y):
    return _group_issue(ctx, g, lambda: _order("point", order, x=x, y=y))


@native("GroupPointOrderByIdLoc", "takes group whichGroup, integer order, location whichLocation returns boolean")
def GroupPointOrderByIdLoc(ctx, g, order, loc):
    pos = _xy(loc)
    if pos is None:
        return False
    return _group_issue(ctx, g, lambda: _order("point", order, x=pos[0], y=pos[1]))


@native("GroupTargetOrder", "takes group whichGroup, string order, widget targetWidget returns boolean")
def GroupTargetOrder(ctx, g, order, target):
    target = alive(target)
    if target is None:
        return False
    return _group_issue(ctx, g, lambda: _order("target", order, target=target))


@native("GroupTargetOrderById", "takes group whichGroup, integer order, widget targetWidget returns boolean")
def GroupTargetOrderById(ctx, g, order, target):
    target = alive(target)
    if target is None:
        return False
    return _group_issue(ctx, g, lambda: _order("target", order, target=target))
