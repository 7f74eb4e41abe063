"""Geometry: locations, rects, regions, world bounds and the static pathing grid.

All coordinates are world units (x grows east, y grows north). Natives registered here are
the "Region and Location API" of common.j plus ``GetWorldBounds``. Unit-dependent queries
(``IsUnitInRegion``) read the unit's ``x``/``y`` attributes only.

Model choices (project-authored, documented rather than researched):

- A rect contains a point when ``min <= coordinate <= max`` on both axes (the test Blizzard.j's
  ``RectContainsCoords`` performs).
- Regions are sets of 32x32 cells (``REGION_CELL``); ``RegionAddRect`` covers every cell whose
  area meets the rect, ``IsPointInRegion`` tests the cell holding the point. Region edits are
  kept as an ordered list of add/clear operations, so whole-map rects cost nothing.
- Terrain is flat: ``GetLocationZ`` returns ``Game.terrain_height(x, y)``, 0.0 unless the map
  layer installs a height function.
- ``GetWorldBounds`` returns a new rect on every call (the game's behaviour: callers must
  remove it).
"""
from __future__ import annotations

import functools
import math
from typing import Iterable

from natives.blight import plane_of
from natives.handles import Handle, alive
from natives.registry import native


@functools.lru_cache(maxsize=1 << 16)
def cell_key(a: int, b: int) -> tuple[int, int]:
    """The tuple ``(a, b)``, one object per pair of integers (interned, the most recent
    65,536 pairs): the grid cell or sector a unit records is shared by the units in it,
    not a tuple per unit (issue 16: at most 1 KiB per unit)."""
    return (a, b)


REGION_CELL = 32.0
"""Edge of a region cell, world units."""

PATHING_CELL = 32.0
"""Edge of a pathing cell (``war3map.wpm`` resolution), world units."""

# Pathing flag bits: same layout as war3map.wpm (shared/reference/map-formats.md).
NO_WALK = 0x02
NO_FLY = 0x04
NO_BUILD = 0x08
BLIGHT = 0x20
NO_WATER = 0x40
NO_AMPHIBIOUS = 0x80


class Location(Handle):
    """A ``location`` agent: a mutable point (world units)."""

    type_name = "location"

    def __init__(self, x: float, y: float) -> None:
        super().__init__()
        self.x = x
        self.y = y


class Rect(Handle):
    """A ``rect`` agent: axis-aligned rectangle, bounds in world units (inclusive)."""

    type_name = "rect"

    def __init__(self, min_x: float, min_y: float, max_x: float, max_y: float) -> None:
        super().__init__()
        self.min_x, self.min_y, self.max_x, self.max_y = min_x, min_y, max_x, max_y

    @property
    def center_x(self) -> float:
        return (self.min_x + self.max_x) / 2.0

    @property
    def center_y(self) -> float:
        return (self.min_y + self.max_y) / 2.0

    def contains(self, x: float, y: float) -> bool:
        """``min <= x <= max`` and ``min <= y <= max``."""
        return self.min_x <= x <= self.max_x and self.min_y <= y <= self.max_y

    def move_to(self, cx: float, cy: float) -> None:
        """Move keeping width and height so the center is (cx, cy)."""
        hw = (self.max_x - self.min_x) / 2.0
        hh = (self.max_y - self.min_y) / 2.0
        self.min_x, self.max_x = cx - hw, cx + hw
        self.min_y, self.max_y = cy - hh, cy + hh


def _cell(v: float) -> int:
    return math.floor(v / REGION_CELL)


def region_cell(x: float, y: float) -> tuple[int, int]:
    """The region cell (32 x 32 world units) holding (x, y)."""
    return math.floor(x / REGION_CELL), math.floor(y / REGION_CELL)


class Region(Handle):
    """A ``region`` agent: a set of 32x32 cells built by add/clear operations (in order)."""

    type_name = "region"

    def __init__(self) -> None:
        super().__init__()
        # (add?, cx0, cy0, cx1, cy1) inclusive cell ranges, applied in order
        self.ops: list[tuple[bool, int, int, int, int]] = []

    def _rect_cells(self, r: Rect) -> tuple[int, int, int, int]:
        cx0, cy0 = _cell(r.min_x), _cell(r.min_y)
        cx1 = max(cx0, math.ceil(r.max_x / REGION_CELL) - 1)
        cy1 = max(cy0, math.ceil(r.max_y / REGION_CELL) - 1)
        return cx0, cy0, cx1, cy1

    def add_rect(self, r: Rect) -> None:
        self.ops.append((True, *self._rect_cells(r)))

    def clear_rect(self, r: Rect) -> None:
        self.ops.append((False, *self._rect_cells(r)))

    def add_cell(self, x: float, y: float) -> None:
        cx, cy = _cell(x), _cell(y)
        self.ops.append((True, cx, cy, cx, cy))

    def clear_cell(self, x: float, y: float) -> None:
        cx, cy = _cell(x), _cell(y)
        self.ops.append((False, cx, cy, cx, cy))

    def contains(self, x: float, y: float) -> bool:
        """True when the cell holding (x, y) is in the region."""
        return self.contains_cell(_cell(x), _cell(y))

    def contains_cell(self, cx: int, cy: int) -> bool:
        """True when cell (cx, cy) (``region_cell`` of a point) is in the region."""
        for add, x0, y0, x1, y1 in reversed(self.ops):
            if x0 <= cx <= x1 and y0 <= cy <= y1:
                return add
        return False

    def bounds(self) -> tuple[int, int, int, int] | None:
        """Inclusive cell bounds (cx0, cy0, cx1, cy1) of every cell ever added; None when
        nothing was. Cleared cells stay inside: the bounds only exclude."""
        added = [op[1:] for op in self.ops if op[0]]
        if not added:
            return None
        return (min(o[0] for o in added), min(o[1] for o in added),
                max(o[2] for o in added), max(o[3] for o in added))


REGION_BUCKET = 16
"""Edge of a ``RegionIndex`` bucket in region cells (512 world units)."""
_MAX_BUCKETS = 4096   # a region spanning more buckets is a candidate everywhere


class RegionIndex:
    """Regions by bucket of ``REGION_BUCKET`` x ``REGION_BUCKET`` cells, for the enter/leave
    check of a unit changing cells: only regions whose ``bounds`` touch the old or the new
    cell's bucket can have changed. ``regions`` is iterated once; candidates come back in its
    order (the order registrations are answered in). Derived data: rebuild it when a region
    changes or the set of regions does."""

    def __init__(self, regions) -> None:
        self.order: dict[Region, int] = {}
        self.buckets: dict[tuple[int, int], list[Region]] = {}
        self.everywhere: list[Region] = []
        for n, region in enumerate(regions):
            self.order[region] = n
            bounds = region.bounds()
            if bounds is None:
                continue
            bx0, by0, bx1, by1 = (c // REGION_BUCKET for c in bounds)
            if (bx1 - bx0 + 1) * (by1 - by0 + 1) > _MAX_BUCKETS:
                self.everywhere.append(region)
                continue
            for bx in range(bx0, bx1 + 1):
                for by in range(by0, by1 + 1):
                    self.buckets.setdefault((bx, by), []).append(region)

    def _bucket(self, cell: tuple[int, int]) -> list[Region]:
        return self.buckets.get((cell[0] // REGION_BUCKET, cell[1] // REGION_BUCKET), [])

    def any_near(self, x0: float, y0: float, x1: float, y1: float) -> bool:
        """May a region hold a cell of the box [x0, x1] x [y0, y1] (world units)? False only
        when no region's bounds touch the buckets the box overlaps."""
        if self.everywhere:
            return True
        b = REGION_CELL * REGION_BUCKET
        buckets = self.buckets
        floor = math.floor
        bx0, bx1, by0, by1 = floor(x0 / b), floor(x1 / b), floor(y0 / b), floor(y1 / b)
        if bx0 == bx1 and by0 == by1:   # the box of a walk step mostly lies in one bucket
            return (bx0, by0) in buckets
        for bx in range(bx0, bx1 + 1):
            for by in range(by0, by1 + 1):
                if (bx, by) in buckets:
                    return True
        return False

    def candidates(self, old: tuple[int, int] | None, cell: tuple[int, int]) -> list[Region]:
        """Regions that may hold ``old`` (None: the unit appeared) or ``cell``, in order."""
        buckets = self.buckets
        if not self.everywhere and (cell[0] // REGION_BUCKET, cell[1] // REGION_BUCKET) not in buckets \
                and (old is None or (old[0] // REGION_BUCKET, old[1] // REGION_BUCKET) not in buckets):
            return []   # no region near either cell: most cell changes of a walk
        found = self._bucket(cell)
        if old is not None:
            before = self._bucket(old)
            if before is not found and before:
                found = list(dict.fromkeys(found + before))
        if self.everywhere:
            found = list(dict.fromkeys(found + self.everywhere))
        if len(found) > 1:
            return sorted(found, key=self.order.__getitem__)
        return list(found)


class PathingMap:
    """Static pathing: one flag byte per 32x32 cell, bits as in ``war3map.wpm``.

    ``cells`` is row-major with row 0 southmost, covering ``width`` x ``height`` cells from
    (``min_x``, ``min_y``). With ``cells=None`` every cell is clear (no data: nothing blocks).
    Points outside the grid are blocked for every movement type.
    """

    def __init__(self, min_x: float, min_y: float, width: int, height: int,
                 cells: bytearray | bytes | None = None) -> None:
        self.min_x, self.min_y = min_x, min_y
        self.width, self.height = width, height
        if cells is not None and len(cells) != width * height:
            raise ValueError(f"pathing cells: expected {width * height} bytes, got {len(cells)}")
        self.cells = bytearray(cells) if cells is not None else None

    @classmethod
    def clear(cls, bounds: tuple[float, float, float, float]) -> "PathingMap":
        """A grid over ``bounds`` (min_x, min_y, max_x, max_y) with every cell clear."""
        x0, y0, x1, y1 = bounds
        return cls(x0, y0, max(1, math.ceil((x1 - x0) / PATHING_CELL)),
                   max(1, math.ceil((y1 - y0) / PATHING_CELL)), None)

    def cell_of(self, x: float, y: float) -> tuple[int, int]:
        return (math.floor((x - self.min_x) / PATHING_CELL),
                math.floor((y - self.min_y) / PATHING_CELL))

    def flags_at(self, x: float, y: float) -> int | None:
        """Flag byte of the cell holding (x, y); ``None`` outside the grid."""
        cx, cy = self.cell_of(x, y)
        if not (0 <= cx < self.width and 0 <= cy < self.height):
            return None
        if self.cells is None:
            return 0
        return self.cells[cy * self.width + cx]

    def set_flags(self, x: float, y: float, flags: int) -> None:
        """Set the flag byte of the cell holding (x, y) (allocating the grid if needed)."""
        cx, cy = self.cell_of(x, y)
        if not (0 <= cx < self.width and 0 <= cy < self.height):
            raise IndexError(f"({x}, {y}) is outside the pathing grid")
        if self.cells is None:
            self.cells = bytearray(self.width * self.height)
        self.cells[cy * self.width + cx] = flags

    def block_rect(self, min_x: float, min_y: float, max_x: float, max_y: float,
                   flags: int = NO_WALK | NO_BUILD) -> None:
        """OR ``flags`` into every cell whose area meets the rectangle (tests, map tools)."""
        if self.cells is None:
            self.cells = bytearray(self.width * self.height)
        cx0, cy0 = self.cell_of(min_x, min_y)
        cx1, cy1 = self.cell_of(max_x - 1e-6, max_y - 1e-6)
        for cy in range(max(0, cy0), min(self.height, cy1 + 1)):
            for cx in range(max(0, cx0), min(self.width, cx1 + 1)):
                self.cells[cy * self.width + cx] |= flags

    def passable(self, x: float, y: float, move_type: str) -> bool:
        """Can a unit of ``move_type`` (foot, horse, fly, hover, float, amph) stand at (x, y)?

        foot/horse: not NO_WALK; hover: not NO_WALK or water; fly: not NO_FLY; float: water
        (NO_WATER clear); amph: walkable or water. Without grid data (``cells is None``) every
        point inside the grid passes.
        """
        f = self.flags_at(x, y)
        if f is None:
            return False
        if self.cells is None:
            return True  # no pathing data: nothing is known to block
        walk = not f & NO_WALK
        water = not f & NO_WATER
        if move_type == "fly":
            return not f & NO_FLY
        if move_type == "float":
            return water
        if move_type in ("amph", "hover"):
            return walk or water
        return walk

    def area_passable(self, x: float, y: float, radius: float, move_type: str) -> bool:
        """``passable`` at the center and at the four points ``radius`` away on the axes."""
        r = max(0.0, min(radius, PATHING_CELL * 4))
        points: Iterable[tuple[float, float]] = (
            (x, y), (x - r, y), (x + r, y), (x, y - r), (x, y + r))
        return all(self.passable(px, py, move_type) for px, py in points)


def _loc(h):
    return alive(h)


# ---------------------------------------------------------------------------------------
# Natives: rects
# ---------------------------------------------------------------------------------------

def new_rect(game, min_x: float, min_y: float, max_x: float, max_y: float) -> Rect:
    """Create and allocate a rect agent."""
    return game.handles.allocate(Rect(min_x, min_y, max_x, max_y))


def new_location(game, x: float, y: float) -> Location:
    """Create and allocate a location agent."""
    return game.handles.allocate(Location(x, y))


@native("Rect", "takes real minx, real miny, real maxx, real maxy returns rect")
def Rect_(ctx, minx, miny, maxx, maxy):
    return new_rect(ctx.game, minx, miny, maxx, maxy)


@native("RectFromLoc", "takes location min, location max returns rect")
def RectFromLoc(ctx, lo, hi):
    lo, hi = _loc(lo), _loc(hi)
    return new_rect(ctx.game, lo.x if lo else 0.0, lo.y if lo else 0.0,
                    hi.x if hi else 0.0, hi.y if hi else 0.0)


@native("RemoveRect", "takes rect whichRect returns nothing")
def RemoveRect(ctx, r):
    if alive(r) is not None:
        ctx.game.handles.destroy(r)


@native("SetRect", "takes rect whichRect, real minx, real miny, real maxx, real maxy returns nothing")
def SetRect(ctx, r, minx, miny, maxx, maxy):
    r = alive(r)
    if r is not None:
        r.min_x, r.min_y, r.max_x, r.max_y = minx, miny, maxx, maxy


@native("SetRectFromLoc", "takes rect whichRect, location min, location max returns nothing")
def SetRectFromLoc(ctx, r, lo, hi):
    r, lo, hi = alive(r), _loc(lo), _loc(hi)
    if r is not None and lo is not None and hi is not None:
        r.min_x, r.min_y, r.max_x, r.max_y = lo.x, lo.y, hi.x, hi.y


@native("MoveRectTo", "takes rect whichRect, real newCenterX, real newCenterY returns nothing")
def MoveRectTo(ctx, r, cx, cy):
    r = alive(r)
    if r is not None:
        r.move_to(cx, cy)


@native("MoveRectToLoc", "takes rect whichRect, location newCenterLoc returns nothing")
def MoveRectToLoc(ctx, r, loc):
    r, loc = alive(r), _loc(loc)
    if r is not None and loc is not None:
        r.move_to(loc.x, loc.y)


def _rect_getter(name: str, attr: str):
    def get(ctx, r):
        r = alive(r)
        return getattr(r, attr) if r is not None else 0.0

    get.__doc__ = f"``{attr}`` of the rect (world units); 0.0 for null/removed."
    native(name, "takes rect whichRect returns real")(get)


for _n, _a in (("GetRectCenterX", "center_x"), ("GetRectCenterY", "center_y"),
               ("GetRectMinX", "min_x"), ("GetRectMinY", "min_y"),
               ("GetRectMaxX", "max_x"), ("GetRectMaxY", "max_y")):
    _rect_getter(_n, _a)
del _n, _a


@native("GetWorldBounds", "takes nothing returns rect")
def GetWorldBounds(ctx):
    """A new rect of the full map bounds (``Game.world_bounds``), including unplayable borders."""
    return new_rect(ctx.game, *ctx.game.world_bounds)


# ---------------------------------------------------------------------------------------
# Natives: regions
# ---------------------------------------------------------------------------------------

@native("CreateRegion", "takes nothing returns region")
def CreateRegion(ctx):
    return ctx.game.handles.allocate(Region())


@native("RemoveRegion", "takes region whichRegion returns nothing")
def RemoveRegion(ctx, region):
    if alive(region) is not None:
        ctx.game.handles.destroy(region)


@native("RegionAddRect", "takes region whichRegion, rect r returns nothing")
def RegionAddRect(ctx, region, r):
    region, r = alive(region), alive(r)
    if region is not None and r is not None:
        region.add_rect(r)
        ctx.game.events.region_changed()


@native("RegionClearRect", "takes region whichRegion, rect r returns nothing")
def RegionClearRect(ctx, region, r):
    region, r = alive(region), alive(r)
    if region is not None and r is not None:
        region.clear_rect(r)
        ctx.game.events.region_changed()


@native("RegionAddCell", "takes region whichRegion, real x, real y returns nothing")
def RegionAddCell(ctx, region, x, y):
    region = alive(region)
    if region is not None:
        region.add_cell(x, y)
        ctx.game.events.region_changed()


@native("RegionAddCellAtLoc", "takes region whichRegion, location whichLocation returns nothing")
def RegionAddCellAtLoc(ctx, region, loc):
    region, loc = alive(region), _loc(loc)
    if region is not None and loc is not None:
        region.add_cell(loc.x, loc.y)
        ctx.game.events.region_changed()


@native("RegionClearCell", "takes region whichRegion, real x, real y returns nothing")
def RegionClearCell(ctx, region, x, y):
    region = alive(region)
    if region is not None:
        region.clear_cell(x, y)
        ctx.game.events.region_changed()


@native("RegionClearCellAtLoc", "takes region whichRegion, location whichLocation returns nothing")
def RegionClearCellAtLoc(ctx, region, loc):
    region, loc = alive(region), _loc(loc)
    if region is not None and loc is not None:
        region.clear_cell(loc.x, loc.y)
        ctx.game.events.region_changed()


@native("IsUnitInRegion", "takes region whichRegion, unit whichUnit returns boolean")
def IsUnitInRegion(ctx, region, unit):
    region, unit = alive(region), alive(unit)
    if region is None or unit is None:
        return False
    return region.contains(unit.x, unit.y)


@native("IsPointInRegion", "takes region whichRegion, real x, real y returns boolean")
def IsPointInRegion(ctx, region, x, y):
    region = alive(region)
    return region is not None and region.contains(x, y)


@native("IsLocationInRegion", "takes region whichRegion, location whichLocation returns boolean")
def IsLocationInRegion(ctx, region, loc):
    region, loc = alive(region), _loc(loc)
    return region is not None and loc is not None and region.contains(loc.x, loc.y)


# ---------------------------------------------------------------------------------------
# Natives: locations
# ---------------------------------------------------------------------------------------

@native("Location", "takes real x, real y returns location")
def Location_(ctx, x, y):
    return new_location(ctx.game, x, y)


@native("RemoveLocation", "takes location whichLocation returns nothing")
def RemoveLocation(ctx, loc):
    if alive(loc) is not None:
        ctx.game.handles.destroy(loc)


@native("MoveLocation", "takes location whichLocation, real newX, real newY returns nothing")
def MoveLocation(ctx, loc, x, y):
    loc = _loc(loc)
    if loc is not None:
        loc.x, loc.y = x, y


@native("GetLocationX", "takes location whichLocation returns real")
def GetLocationX(ctx, loc):
    loc = _loc(loc)
    return loc.x if loc is not None else 0.0


@native("GetLocationY", "takes location whichLocation returns real")
def GetLocationY(ctx, loc):
    loc = _loc(loc)
    return loc.y if loc is not None else 0.0


@native("GetLocationZ", "takes location whichLocation returns real")
def GetLocationZ(ctx, loc):
    """Terrain height at the location from ``Game.terrain_height`` (flat 0.0 by default)."""
    loc = _loc(loc)
    return ctx.game.terrain_height(loc.x, loc.y) if loc is not None else 0.0


# ---------------------------------------------------------------------------------------
# Terrain: ground tiles, cliff levels, terrain pathing
# ---------------------------------------------------------------------------------------

TILE = 128.0
"""Edge of a terrain tile, world units (tiles are painted at their corners)."""

# pathingtype values (common.j) -> the war3map.wpm flag bit that means "not <type>"
PATHING_TYPE_ANY, PATHING_TYPE_WALKABILITY, PATHING_TYPE_FLYABILITY = 0, 1, 2
PATHING_TYPE_BUILDABILITY, PATHING_TYPE_PEONHARVESTPATHING, PATHING_TYPE_BLIGHTPATHING = 3, 4, 5
PATHING_TYPE_FLOATABILITY, PATHING_TYPE_AMPHIBIOUSPATHING = 6, 7
_NOT_BITS = {PATHING_TYPE_ANY: NO_WALK, PATHING_TYPE_WALKABILITY: NO_WALK,
             PATHING_TYPE_FLYABILITY: NO_FLY, PATHING_TYPE_BUILDABILITY: NO_BUILD,
             PATHING_TYPE_PEONHARVESTPATHING: NO_WALK, PATHING_TYPE_FLOATABILITY: NO_WATER,
             PATHING_TYPE_AMPHIBIOUSPATHING: NO_AMPHIBIOUS}


class TerrainTiles:
    """The ground tiles of one game (``terrain_of(game)``).

    ``source`` is the map's parsed ``war3map.w3e`` (``maps.w3e.Terrain``) when the map
    layer has one (``load``); ``painted`` holds ``SetTerrainType`` changes by corner
    (column, row) -> (tile rawcode, variation). A point reads the corner nearest to it
    (project rule). Without terrain data (a bare map script) no tile is known:
    ``GetTerrainType``/``GetTerrainVariance`` give 0 and the cliff level 0 (with one warning)
    until painted; painting then works on a 128-unit corner grid anchored at (0, 0).
    """

    def __init__(self, game) -> None:
        self.game = game
        self.source = None
        self.painted: dict[tuple[int, int], tuple[int, int]] = {}
        self._warned = False

    def load(self, terrain) -> None:
        """Use a ``maps.w3e.Terrain`` (with corner data) as the ground."""
        self.source = terrain

    def _origin(self) -> tuple[float, float]:
        return self.source.center_offset if self.source is not None else (0.0, 0.0)

    def corner(self, x: float, y: float) -> tuple[int, int]:
        """The (column, row) of the terrain corner nearest to (x, y)."""
        ox, oy = self._origin()
        return round((x - ox) / TILE), round((y - oy) / TILE)

    def _source_corner(self, x: float, y: float):
        src = self.source
        if src is None or not getattr(src, "corners", b""):
            if not self._warned:
                self._warned = True
                self.game.warn("terrain: the map has no war3map.w3e corner data; tile "
                               "queries answer 0 until SetTerrainType paints")
            return None
        return src.corner_at(x, y)

    def tile(self, x: float, y: float) -> tuple[int, int]:
        """(tile rawcode integer, variation) at (x, y); (0, 0) when unknown."""
        painted = self.painted.get(self.corner(x, y))
        if painted is not None:
            return painted
        c = self._source_corner(x, y)
        if c is None:
            return 0, 0
        code = self.source.ground_tile(*c)
        return (_rawcode(code) if code else 0), self.source.ground_variation(*c)

    def cliff_level(self, x: float, y: float) -> int:
        """The cliff level (w3e layer height) at (x, y); 0 without terrain data."""
        c = self._source_corner(x, y)
        return self.source.layer_height(*c) if c is not None else 0

    def paint(self, x: float, y: float, code: int, variation: int, area: int, shape: int) -> None:
        """``SetTerrainType``: corners within ``area - 1`` tiles of the point's corner (a
        circle for shape 0, a square otherwise; area 1 = that corner only)."""
        cx, cy = self.corner(x, y)
        r = max(0, area - 1)
        for dx in range(-r, r + 1):
            for dy in range(-r, r + 1):
                if shape == 0 and dx * dx + dy * dy > r * r:
                    continue
                self.painted[(cx + dx, cy + dy)] = (code, variation)


def _rawcode(text: str) -> int:
    v = 0
    for ch in text[:4]:
        v = v * 256 + (ord(ch) & 0xFF)
    return v


def terrain_of(game) -> TerrainTiles:
    """The game's ``TerrainTiles`` (``game.terrain_tiles``)."""
    return game.terrain_tiles


@native("GetTerrainType", "takes real x, real y returns integer")
def GetTerrainType(ctx, x, y):
    """The ground tile rawcode at (x, y) (``TerrainTiles``; 0 without terrain data)."""
    return terrain_of(ctx.game).tile(x, y)[0]


@native("GetTerrainVariance", "takes real x, real y returns integer")
def GetTerrainVariance(ctx, x, y):
    """The ground tile variation at (x, y) (0 without terrain data)."""
    return terrain_of(ctx.game).tile(x, y)[1]


@native("GetTerrainCliffLevel", "takes real x, real y returns integer")
def GetTerrainCliffLevel(ctx, x, y):
    """The cliff level (w3e layer height) at (x, y); 0 without terrain data."""
    return terrain_of(ctx.game).cliff_level(x, y)


@native("SetTerrainType", "takes real x, real y, integer terrainType, integer variation, integer area, integer shape returns nothing")
def SetTerrainType(ctx, x, y, code, variation, area, shape):
    """Paint ``terrainType`` around (x, y) (``TerrainTiles.paint``; pathing is unchanged)."""
    terrain_of(ctx.game).paint(x, y, code, variation, area, shape)


def _blight_plane(game):
    """The game's blight plane (``natives.blight``)."""
    return plane_of(game)


def _blighted(game, x: float, y: float) -> bool:
    plane = _blight_plane(game)
    if plane is not None:
        return plane.is_blighted(x, y)
    f = game.pathing.flags_at(x, y)
    return bool(f is not None and f & BLIGHT)


@native("IsTerrainPathable", "takes real x, real y, pathingtype t returns boolean")
def IsTerrainPathable(ctx, x, y, t):
    """True when the pathing type is **not** set at (x, y) (jassdoc: "Returns true if the
    pathingtype is *not* set"): ``IsTerrainPathable(x, y, PATHING_TYPE_WALKABILITY)`` is
    true where units cannot walk. Reads the static pathing grid (``war3map.wpm`` bits;
    without pathing data every type is set everywhere inside the world) and, for
    ``PATHING_TYPE_BLIGHTPATHING``, the blight plane. ``PATHING_TYPE_ANY`` and
    ``PEONHARVESTPATHING`` are read as walkability (project choice). Outside the grid: true."""
    value = t.value if t is not None else PATHING_TYPE_ANY
    game = ctx.game
    f = game.pathing.flags_at(x, y)
    if f is None:
        return True
    if value == PATHING_TYPE_BLIGHTPATHING:
        return not _blighted(game, x, y)
    bit = _NOT_BITS.get(value)
    return bit is not None and bool(f & bit)


@native("SetTerrainPathable", "takes real x, real y, pathingtype t, boolean flag returns nothing")
def SetTerrainPathable(ctx, x, y, t, flag):
    """Set (``flag`` true) or clear the pathing type on the 32-unit pathing cell holding
    (x, y); blight pathing changes the blight plane as ``SetBlightPoint`` does. Outside the
    grid nothing happens."""
    if t is None:
        return
    game = ctx.game
    grid = game.pathing
    f = grid.flags_at(x, y)
    if f is None:
        return
    if t.value == PATHING_TYPE_BLIGHTPATHING:
        plane = _blight_plane(game)
        if plane is not None:
            plane.set_point(x, y, bool(flag))
            return
        grid.set_flags(x, y, (f | BLIGHT) if flag else (f & ~BLIGHT))
        return
    bit = _NOT_BITS.get(t.value)
    if bit is not None:
        grid.set_flags(x, y, (f & ~bit) if flag else (f | bit))
