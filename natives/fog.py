"""Fog of war: global switches, fog modifiers, fog state areas, terrain fog, visibility.

Switches
    ``FogEnable``/``FogMaskEnable`` (fog of war / black mask) start enabled;
    ``IsFogEnabled``/``IsFogMaskEnabled`` read them back. ``EnableWorldFogBoundary`` is stored.

Fog modifiers
    ``CreateFogModifierRect``/``Radius``/``RadiusLoc`` create a ``fogmodifier`` agent for a
    player, a fog state (``FOG_OF_WAR_MASKED`` 1, ``FOGGED`` 2, ``VISIBLE`` 4) and an area
    (a copy of the rect's bounds, or a circle; world units). A modifier does nothing until
    ``FogModifierStart``; ``FogModifierStop`` suspends it; ``DestroyFogModifier`` removes it.
    ``SetFogStateRect``/``Radius``/``RadiusLoc`` are one-shot changes, kept in
    ``game.fog.state_changes`` (the game re-fogs such areas at its next vision update when
    no vision source covers them, so they do not count for visibility queries).

Visibility (``IsVisibleToPlayer``, ``IsLocationVisibleToPlayer``)
    A point is visible to a player when it is inside the world bounds and

    - the fog of war is disabled (``FogEnable(false)`` shows the whole map), or
    - the last started modifier of that player covering it (modifiers applied after units
      win over unit vision) makes it visible, or
    - no "after units" modifier masks or fogs it, and a vision source covers it: a started
      visible modifier applied before units, or a living, not hidden unit of the player or of
      a player sharing vision with it (``ALLIANCE_SHARED_VISION``) within its sight radius.

    Sight radii are **approximations** (the game reads them per unit type from its data files,
    which the project does not ship): a unit type's own ``sight_day``/``sight_night``
    attribute when the unit tables provide one, else 1400 world units by day and 800 by night
    (the usual values of the game's units; day is 6:00 to 18:00 per ``natives.daynight``).
    The first query of a game records a warning saying so.

Fogged and masked (``IsFoggedToPlayer``, ``IsMaskedToPlayer`` and their ``Location`` forms)
    A point that is not visible is masked (black) or fogged (explored earlier). The last
    started modifier of the player covering it decides when there is one (a masked one only
    while the black mask is enabled); otherwise it is fogged when the mask is disabled
    (``FogMaskEnable(false)``) or the player explored it, else masked. Exploration is kept
    in cells of ``EXPLORE_CELL`` world units (``FogState.explored``): a unit appearing or
    entering a new cell explores the cells within its sight radius for its owner; players
    who get shared vision from an explorer see its explored cells. Visible points are
    neither fogged nor masked (jassdoc has no notes on these natives).
    A unit the player does not see is fogged or masked when its point is (``IsUnitFogged``,
    ``IsUnitMasked``); invisibility and detection are not modelled, so ``IsUnitInvisible``
    and ``IsUnitDetected`` answer false.

Terrain fog
    ``SetTerrainFog``, ``SetTerrainFogEx`` (style, Z start/end, density, colour 0..1) and
    ``SetUnitFog`` store their arguments; ``ResetTerrainFog`` forgets the terrain fog.
"""
from __future__ import annotations

from typing import Any

from natives.geometry import cell_key
from natives.handles import Handle, alive, enum_value
from natives.modelevents import UnitCreated, UnitMoved, UnitRemoved
from natives.presentation import destroy_handle, new_handle
from natives.registry import native

FOG_MASKED, FOG_FOGGED, FOG_VISIBLE = 1, 2, 4
ALLIANCE_SHARED_VISION = 5

#: Approximate sight radii, world units (see module docstring).
DEFAULT_SIGHT_DAY = 1400.0
DEFAULT_SIGHT_NIGHT = 800.0
EXPLORE_CELL = 512.0
"""Side of an exploration cell, world units (project choice: 4 x 4 terrain tiles)."""


class FogModifier(Handle):
    """A ``fogmodifier`` agent. ``area`` is ("rect", minx, miny, maxx, maxy) or
    ("circle", x, y, radius), world units."""

    type_name = "fogmodifier"

    def __init__(self, player, state: int, area: tuple, shared_vision: bool, after_units: bool) -> None:
        super().__init__()
        self.player = player
        self.state = state
        self.area = area
        self.shared_vision = shared_vision
        self.after_units = after_units
        self.active = False
        self.started_seq = 0

    def covers(self, x: float, y: float) -> bool:
        return _covers(self.area, x, y)


def _covers(area: tuple, x: float, y: float) -> bool:
    if area[0] == "rect":
        _, x0, y0, x1, y1 = area
        return x0 <= x <= x1 and y0 <= y <= y1
    _, cx, cy, r = area
    return (x - cx) ** 2 + (y - cy) ** 2 <= r * r


class FogState:
    """Fog of war state of one game (``game.fog``)."""

    def __init__(self, game=None) -> None:
        self.game = game
        self.fog_enabled = True
        self.mask_enabled = True
        self.world_boundary = True
        self.modifiers: list[FogModifier] = []
        self.state_changes: list[dict[str, Any]] = []
        self.terrain_fog: dict[str, Any] | None = None
        self.unit_fog: tuple | None = None
        self._seq = 0
        self._warned = False
        self.explored: dict[int, set[tuple[int, int]]] = {}
        self.unit_cells: dict[Any, tuple[int, int]] = {}   # unit -> its last explored cell
        if game is not None:
            game.subscribers.append(self._on_publish)

    # -- exploration -------------------------------------------------------------------
    def _on_publish(self, event) -> None:
        kind = type(event)
        if kind is UnitMoved:
            u = event.unit   # a walk step seldom leaves its 512-unit cell: nothing to explore
            if self.unit_cells.get(u) != (int(u.x // EXPLORE_CELL), int(u.y // EXPLORE_CELL)):
                self._explore(u)
        elif kind is UnitCreated:
            self._explore(event.unit)
        elif type(event) is UnitRemoved:
            self.unit_cells.pop(event.unit, None)

    def _explore(self, u) -> None:
        owner = getattr(u, "owner", None)
        if owner is None or u.destroyed:
            return
        cell = (int(u.x // EXPLORE_CELL), int(u.y // EXPLORE_CELL))
        if self.unit_cells.get(u) == cell:
            return
        cell = cell_key(*cell)
        self.unit_cells[u] = cell
        cells = self.explored.setdefault(owner.id, set())
        reach = int(self._sight(u, _is_day(self.game)) // EXPLORE_CELL) + 1
        cx, cy = cell
        for dx in range(-reach, reach + 1):
            for dy in range(-reach, reach + 1):
                cells.add((cx + dx, cy + dy))

    def _explored(self, x: float, y: float, player) -> bool:
        cell = (int(x // EXPLORE_CELL), int(y // EXPLORE_CELL))
        players = getattr(self.game, "players", None) or [player]
        return any(cell in self.explored.get(p.id, ()) for p in players
                   if p is player or _shares_vision(p, player))

    def fog_at(self, x: float, y: float, player) -> int:
        """``FOG_VISIBLE``, ``FOG_FOGGED`` or ``FOG_MASKED`` for ``player`` at (x, y) (see
        the module docstring)."""
        if self.visible(x, y, player):
            return FOG_VISIBLE
        if player is None or self.game is None or not self.game.in_world(x, y):
            return FOG_MASKED if self.mask_enabled else FOG_FOGGED
        covering = sorted((m for m in self.modifiers if m.active and not m.destroyed
                           and self._applies_to(m, player) and m.covers(x, y)),
                          key=lambda m: m.started_seq)
        if covering and covering[-1].state in (FOG_MASKED, FOG_FOGGED):
            return covering[-1].state if self.mask_enabled else FOG_FOGGED
        if not self.mask_enabled or self._explored(x, y, player):
            return FOG_FOGGED
        return FOG_MASKED

    # -- visibility --------------------------------------------------------------------
    def _applies_to(self, m: FogModifier, player) -> bool:
        if m.player is player:
            return True
        return m.shared_vision and m.player is not None and _shares_vision(m.player, player)

    def _sight(self, unit, day: bool) -> float:
        utype = getattr(unit, "utype", None)
        value = getattr(utype, "sight_day" if day else "sight_night", None)
        if value is not None:
            return float(value)
        return DEFAULT_SIGHT_DAY if day else DEFAULT_SIGHT_NIGHT

    def visible(self, x: float, y: float, player) -> bool:
        """Is (x, y) visible to ``player`` now (see module docstring)."""
        game = self.game
        if player is None or game is None or not game.in_world(x, y):
            return False
        if not self.fog_enabled:
            return True
        if not self._warned:
            self._warned = True
            game.warn("visibility uses approximate unit sight radii (1400 day / 800 night world units)")
        active = sorted((m for m in self.modifiers if m.active and not m.destroyed
                         and self._applies_to(m, player) and m.covers(x, y)),
                        key=lambda m: m.started_seq)
        after = [m for m in active if m.after_units]
        if after:
            return after[-1].state == FOG_VISIBLE
        before = [m for m in active if not m.after_units]
        if any(m.state == FOG_VISIBLE for m in before):
            return True
        return self._unit_sees(x, y, player)

    def _unit_sees(self, x: float, y: float, player) -> bool:
        units = getattr(self.game, "units", None)
        if units is None:
            return False
        players = getattr(self.game, "players", None)
        seers = {player}
        if players is not None:
            seers.update(p for p in players if p is not player and _shares_vision(p, player))
        day = _is_day(self.game)
        # Only the seers' units can see: the index's buckets of their owners (a scan of
        # every unit costs what the creeps and enemies of a campaign map number).
        for u in units.owned_units(p.id for p in seers):
            if u.owner not in seers or u.destroyed or getattr(u, "dead", False) or getattr(u, "hidden", False):
                continue
            r = self._sight(u, day)
            dx, dy = u.x - x, u.y - y
            if dx * dx + dy * dy <= r * r:
                return True
        return False


def _shares_vision(source, player) -> bool:
    """``source`` gives shared vision to ``player``."""
    if source is player:
        return True
    try:
        return bool(source.alliance(player, ALLIANCE_SHARED_VISION))
    except AttributeError:
        return False


def _is_day(game) -> bool:
    return True if game is None else game.daynight.is_day()




def _fog(ctx) -> FogState:
    return ctx.game.fog


def _state(s) -> int | None:
    return None if s is None else enum_value(s)


# ---------------------------------------------------------------------------------------
# Switches
# ---------------------------------------------------------------------------------------

@native("FogEnable", "takes boolean enable returns nothing")
def FogEnable(ctx, enable):
    """Enable/disable the fog of war (disabled: the whole map is visible)."""
    _fog(ctx).fog_enabled = enable


@native("IsFogEnabled", "takes nothing returns boolean")
def IsFogEnabled(ctx):
    """Is the fog of war enabled (true at game start)."""
    return _fog(ctx).fog_enabled


@native("FogMaskEnable", "takes boolean enable returns nothing")
def FogMaskEnable(ctx, enable):
    """Enable/disable the black mask over unexplored areas."""
    _fog(ctx).mask_enabled = enable


@native("IsFogMaskEnabled", "takes nothing returns boolean")
def IsFogMaskEnabled(ctx):
    """Is the black mask enabled (true at game start)."""
    return _fog(ctx).mask_enabled


@native("EnableWorldFogBoundary", "takes boolean b returns nothing")
def EnableWorldFogBoundary(ctx, b):
    """Show/hide the fog at the map's boundary."""
    _fog(ctx).world_boundary = b


# ---------------------------------------------------------------------------------------
# One-shot fog states
# ---------------------------------------------------------------------------------------

def _change(ctx, p, state, area: tuple, shared: bool) -> None:
    if p is None or state is None:
        return
    _fog(ctx).state_changes.append({"time": ctx.game.now, "player": p.id, "state": _state(state),
                                    "area": area, "shared_vision": shared})


@native("SetFogStateRect", "takes player forWhichPlayer, fogstate whichState, rect where, "
        "boolean useSharedVision returns nothing")
def SetFogStateRect(ctx, p, state, r, shared):
    """Set the fog state of a rect for a player once (recorded)."""
    r = alive(r)
    if r is not None:
        _change(ctx, p, state, ("rect", r.min_x, r.min_y, r.max_x, r.max_y), shared)


@native("SetFogStateRadius", "takes player forWhichPlayer, fogstate whichState, real centerx, real centerY, "
        "real radius, boolean useSharedVision returns nothing")
def SetFogStateRadius(ctx, p, state, x, y, radius, shared):
    """Set the fog state of a circle (world units) for a player once (recorded)."""
    _change(ctx, p, state, ("circle", x, y, radius), shared)


@native("SetFogStateRadiusLoc", "takes player forWhichPlayer, fogstate whichState, location center, "
        "real radius, boolean useSharedVision returns nothing")
def SetFogStateRadiusLoc(ctx, p, state, loc, radius, shared):
    """``SetFogStateRadius`` around a location."""
    loc = alive(loc)
    if loc is not None:
        _change(ctx, p, state, ("circle", loc.x, loc.y, radius), shared)


# ---------------------------------------------------------------------------------------
# Fog modifiers
# ---------------------------------------------------------------------------------------

def _create(ctx, p, state, area: tuple, shared: bool, after: bool):
    m = new_handle(ctx.game, FogModifier(p, _state(state) or 0, area, shared, after))
    _fog(ctx).modifiers.append(m)
    return m


@native("CreateFogModifierRect", "takes player forWhichPlayer, fogstate whichState, rect where, "
        "boolean useSharedVision, boolean afterUnits returns fogmodifier")
def CreateFogModifierRect(ctx, p, state, r, shared, after):
    """A stopped fog modifier over a copy of the rect's bounds (null for a null rect)."""
    r = alive(r)
    if r is None:
        return None
    return _create(ctx, p, state, ("rect", r.min_x, r.min_y, r.max_x, r.max_y), shared, after)


@native("CreateFogModifierRadius", "takes player forWhichPlayer, fogstate whichState, real centerx, "
        "real centerY, real radius, boolean useSharedVision, boolean afterUnits returns fogmodifier")
def CreateFogModifierRadius(ctx, p, state, x, y, radius, shared, after):
    """A stopped fog modifier over a circle, world units."""
    return _create(ctx, p, state, ("circle", x, y, radius), shared, after)


@native("CreateFogModifierRadiusLoc", "takes player forWhichPlayer, fogstate whichState, location center, "
        "real radius, boolean useSharedVision, boolean afterUnits returns fogmodifier")
def CreateFogModifierRadiusLoc(ctx, p, state, loc, radius, shared, after):
    """``CreateFogModifierRadius`` around a location (null for a null location)."""
    loc = alive(loc)
    if loc is None:
        return None
    return _create(ctx, p, state, ("circle", loc.x, loc.y, radius), shared, after)


@native("DestroyFogModifier", "takes fogmodifier whichFogModifier returns nothing")
def DestroyFogModifier(ctx, m):
    """Remove the modifier."""
    m = alive(m)
    if m is None:
        return
    m.active = False
    fog = _fog(ctx)
    if m in fog.modifiers:
        fog.modifiers.remove(m)
    destroy_handle(ctx.game, m)


@native("FogModifierStart", "takes fogmodifier whichFogModifier returns nothing")
def FogModifierStart(ctx, m):
    """Make the modifier take effect (it then wins over modifiers started before it)."""
    m = alive(m)
    if m is None:
        return
    fog = _fog(ctx)
    fog._seq += 1
    m.active = True
    m.started_seq = fog._seq


@native("FogModifierStop", "takes fogmodifier whichFogModifier returns nothing")
def FogModifierStop(ctx, m):
    """Suspend the modifier."""
    m = alive(m)
    if m is not None:
        m.active = False


# ---------------------------------------------------------------------------------------
# Visibility
# ---------------------------------------------------------------------------------------

@native("IsVisibleToPlayer", "takes real x, real y, player whichPlayer returns boolean", constant=True)
def IsVisibleToPlayer(ctx, x, y, p):
    """Is (x, y) visible to the player (see module docstring; approximate sight radii)."""
    return _fog(ctx).visible(x, y, p)


@native("IsLocationVisibleToPlayer", "takes location whichLocation, player whichPlayer returns boolean", constant=True)
def IsLocationVisibleToPlayer(ctx, loc, p):
    """``IsVisibleToPlayer`` at a location (false for a null location)."""
    loc = alive(loc)
    if loc is None:
        return False
    return _fog(ctx).visible(loc.x, loc.y, p)


def _fog_query(ctx, x, y, p, state: int) -> bool:
    return p is not None and _fog(ctx).fog_at(x, y, p) == state


@native("IsFoggedToPlayer", "takes real x, real y, player whichPlayer returns boolean", constant=True)
def IsFoggedToPlayer(ctx, x, y, p):
    """(x, y) is explored but not visible to the player (see the module docstring)."""
    return _fog_query(ctx, x, y, p, FOG_FOGGED)


@native("IsMaskedToPlayer", "takes real x, real y, player whichPlayer returns boolean", constant=True)
def IsMaskedToPlayer(ctx, x, y, p):
    """(x, y) is under the black mask for the player (see the module docstring)."""
    return _fog_query(ctx, x, y, p, FOG_MASKED)


@native("IsLocationFoggedToPlayer", "takes location whichLocation, player whichPlayer returns boolean", constant=True)
def IsLocationFoggedToPlayer(ctx, loc, p):
    """``IsFoggedToPlayer`` at a location (false for a null location)."""
    loc = alive(loc)
    return loc is not None and _fog_query(ctx, loc.x, loc.y, p, FOG_FOGGED)


@native("IsLocationMaskedToPlayer", "takes location whichLocation, player whichPlayer returns boolean", constant=True)
def IsLocationMaskedToPlayer(ctx, loc, p):
    """``IsMaskedToPlayer`` at a location (false for a null location)."""
    loc = alive(loc)
    return loc is not None and _fog_query(ctx, loc.x, loc.y, p, FOG_MASKED)


def unit_visible(game, u, p) -> bool:
    """``IsUnitVisible``: ``p`` sees ``u`` when it owns it or gets its owner's shared
    vision, when ``CripplePlayer`` reveals the owner to ``p``, or when ``u`` is neither
    hidden nor removed and its point is visible to ``p`` (``FogState.visible``).
    Invisibility and detection are not modelled (no unit is invisible)."""
    if u is None or p is None or u.destroyed:
        return False
    owner = u.owner
    if owner is p or _shares_vision(owner, p):
        return True
    if getattr(u, "hidden", False):
        return False
    if p.id in getattr(owner, "crippled_to", ()):
        return True
    return game.fog.visible(u.x, u.y, p)


@native("IsUnitVisible", "takes unit whichUnit, player whichPlayer returns boolean", constant=True)
def IsUnitVisible(ctx, u, p):
    """Can ``p`` see ``u`` (see ``unit_visible``; approximate sight radii)."""
    return unit_visible(ctx.game, alive(u), p)


def _unit_state(ctx, u, p, state: int) -> bool:
    u = alive(u)
    return u is not None and p is not None and not unit_visible(ctx.game, u, p) \
        and _fog(ctx).fog_at(u.x, u.y, p) == state


@native("IsUnitFogged", "takes unit whichUnit, player whichPlayer returns boolean", constant=True)
def IsUnitFogged(ctx, u, p):
    """The player does not see the unit and its point is fogged for the player."""
    return _unit_state(ctx, u, p, FOG_FOGGED)


@native("IsUnitMasked", "takes unit whichUnit, player whichPlayer returns boolean", constant=True)
def IsUnitMasked(ctx, u, p):
    """The player does not see the unit and its point is masked for the player."""
    return _unit_state(ctx, u, p, FOG_MASKED)


@native("IsUnitInvisible", "takes unit whichUnit, player whichPlayer returns boolean", constant=True)
def IsUnitInvisible(ctx, u, p):
    """False: invisibility is not modelled (module docstring)."""
    return False


@native("IsUnitDetected", "takes unit whichUnit, player whichPlayer returns boolean", constant=True)
def IsUnitDetected(ctx, u, p):
    """False: no unit is invisible in the model, so none is detected (module docstring)."""
    return False


# ---------------------------------------------------------------------------------------
# Terrain and unit fog
# ---------------------------------------------------------------------------------------

@native("SetTerrainFog", "takes real a, real b, real c, real d, real e returns nothing")
def SetTerrainFog(ctx, a, b, c, d, e):
    """Terrain fog with the five raw parameters of the old API (stored)."""
    _fog(ctx).terrain_fog = {"raw": (a, b, c, d, e)}


@native("SetTerrainFogEx", "takes integer style, real zstart, real zend, real density, real red, real green, "
        "real blue returns nothing")
def SetTerrainFogEx(ctx, style, zstart, zend, density, red, green, blue):
    """Terrain fog: style, Z start/end (world units), density, colour (0..1 each)."""
    _fog(ctx).terrain_fog = {"style": style, "zstart": zstart, "zend": zend, "density": density,
                             "color": (red, green, blue)}


@native("ResetTerrainFog", "takes nothing returns nothing")
def ResetTerrainFog(ctx):
    """Back to the map's own terrain fog."""
    _fog(ctx).terrain_fog = None


@native("SetUnitFog", "takes real a, real b, real c, real d, real e returns nothing")
def SetUnitFog(ctx, a, b, c, d, e):
    """Unit fog with the five raw parameters (stored)."""
    _fog(ctx).unit_fog = (a, b, c, d, e)
