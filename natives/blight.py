"""Blight: one global plane of 32-unit cells (seed 002, DESIGN.md section 5).

Blight is terrain state, not player state: the setter natives take a player only for API
compatibility (it is validated, never stored) and ``IsPointBlighted`` has no player at all.

Geometry (seed 002, "Rasterization and pathing ownership"; OpenRealm ``g_blight.c``):

- the plane covers the world bounds ``[min_x, max_x) x [min_y, max_y)`` in 32x32 world-unit
  cells, row 0 southmost, index ``y * width + x`` -- the same cells as ``war3map.wpm``
  (``shared/reference/map-formats.md`` 3.1: cell = 32 units, ``width = 4 * (Mx - 1)``);
- blight is authored on 128-unit terrain corners at ``min + 128 * k`` (the w3e corner
  lattice, whose origin is the world minimum); each changed corner sets the surrounding 4x4
  cells, i.e. the square ``[corner - 64, corner + 64)`` on both axes;
- a point operation snaps down to the corner at or below/left of the point;
- a radius operation changes every corner within ``radius`` of the centre (``<=``);
- a rect operation changes every corner inside the rect, bounds included;
- the initial plane comes from the pathing map's 0x20 bit; runtime changes touch only this
  plane (never the pathing bytes it was seeded from), so scripts can both add blight and
  clear authored map blight, and blight never blocks movement.

All coordinates are world units. Work per operation is bounded by the plane size, whatever
the radius or rect a script passes.
"""
from __future__ import annotations

import base64
import math
from typing import Any

from natives.handles import alive
from natives.registry import native

#: Pathing-map flag bit that marks a blighted cell (map-formats.md 3.1, seed 002).
WPM_BLIGHT = 0x20
#: Side of one blight / pathing cell, world units.
CELL_SIZE = 32.0
#: Side of one terrain tile; blight corners are this far apart, world units.
CORNER_SIZE = 128.0
#: Cells per terrain tile side.
CELLS_PER_CORNER = 4

_BLIGHT_BIT = bytes(1 if i & WPM_BLIGHT else 0 for i in range(256))
_ONES = b"\x01".__mul__     # _ONES(n): n set cells, for slice assignment
_ZEROS = bytes              # _ZEROS(n): n clear cells

#: Haunted Gold Mine unit type, created by ``CreateBlightedGoldmine`` (jassdoc).
HAUNTED_GOLD_MINE = int.from_bytes(b"ugol", "big")


class BlightPlane:
    """The game-owned blight field: ``width * height`` cells of 32x32 world units.

    ``min_x``/``min_y`` are the world coordinates of the south-west corner of cell (0, 0)
    (for a map, the w3e ``centerOffset``). Built without arguments, the plane is 256x256
    cells centred on the origin (world bounds [-4096, 4096]^2) until the natives first use
    it: then it takes the geometry and 0x20 bits of ``game.pathing`` (see ``plane_of``).

    Sources: seed 002 (contracts), OpenRealm ``g_blight.c`` (shape), map-formats.md 3.1.
    """

    def __init__(self, min_x: float | None = None, min_y: float | None = None,
                 width: int = 256, height: int = 256) -> None:
        #: True once the geometry was given explicitly or seeded from a pathing map; a plane
        #: built with no arguments (as ``Game`` does) is seeded from ``game.pathing`` by the
        #: natives on first use (``plane_of``).
        self.bound = min_x is not None or min_y is not None
        #: True when ``seed_from_pathing`` placed the plane without an origin (centred on
        #: 0, 0): ``plane_of`` then moves it onto ``game.world_bounds`` if their size matches.
        self.origin_defaulted = False
        self._auto_source: object | None = None
        min_x = -4096.0 if min_x is None else min_x
        min_y = -4096.0 if min_y is None else min_y
        _check_dims(width, height)
        self.min_x = float(min_x)
        self.min_y = float(min_y)
        self.width = int(width)
        self.height = int(height)
        self._cells = bytearray(self.width * self.height)

    # -- construction -------------------------------------------------------------------------

    @classmethod
    def from_bounds(cls, min_x: float, min_y: float, max_x: float, max_y: float) -> BlightPlane:
        """A clear plane covering the world bounds (world units), rounded up to whole cells."""
        width = max(1, math.ceil((max_x - min_x) / CELL_SIZE))
        height = max(1, math.ceil((max_y - min_y) / CELL_SIZE))
        return cls(min_x, min_y, width, height)

    def seed_from_pathing(self, width: int, height: int, flags_bytes: bytes | None,
                          min_x: float | None = None, min_y: float | None = None) -> int:
        """Reset the plane from a pathing map: a cell is blighted iff its flag byte has 0x20.

        ``flags_bytes`` are the ``width * height`` cell bytes of ``war3map.wpm`` after its
        16-byte header (row-major, row 0 southmost). ``min_x``/``min_y`` place cell (0, 0)
        in the world (the w3e ``centerOffset``); by default the plane is centred on (0, 0).
        ``None`` means no pathing data (``natives.geometry.PathingMap.cells``): a clear plane.
        The bytes are copied: later changes to either side never affect the other.
        Returns the number of blighted cells. Raises ValueError on inconsistent sizes.
        """
        _check_dims(width, height)
        n = int(width) * int(height)
        if flags_bytes is not None and len(flags_bytes) != n:
            raise ValueError(
                f"pathing map has {len(flags_bytes)} cell bytes, expected {width}x{height}={n}")
        self.width = int(width)
        self.height = int(height)
        self.min_x = float(min_x) if min_x is not None else -self.width * CELL_SIZE / 2
        self.min_y = float(min_y) if min_y is not None else -self.height * CELL_SIZE / 2
        self.bound = True
        self.origin_defaulted = min_x is None and min_y is None
        if flags_bytes is None:              # no pathing data (a clear grid): nothing to scan
            self._cells = bytearray(n)
            return 0
        self._cells = bytearray(bytes(flags_bytes).translate(_BLIGHT_BIT))
        return self.count()

    def seed_from_pathing_map(self, pathing) -> int:
        """``seed_from_pathing`` from a ``natives.geometry.PathingMap`` (``min_x``, ``min_y``,
        ``width``, ``height``, ``cells`` or None). Returns the number of blighted cells."""
        return self.seed_from_pathing(pathing.width, pathing.height, pathing.cells,
                                      pathing.min_x, pathing.min_y)

    # -- geometry -----------------------------------------------------------------------------

    @property
    def max_x(self) -> float:
        """East edge of the plane (exclusive), world units."""
        return self.min_x + self.width * CELL_SIZE

    @property
    def max_y(self) -> float:
        """North edge of the plane (exclusive), world units."""
        return self.min_y + self.height * CELL_SIZE

    def cell_at(self, x: float, y: float) -> tuple[int, int] | None:
        """The (column, row) of the cell holding world point (x, y), or None outside the plane."""
        if not (math.isfinite(x) and math.isfinite(y)):
            return None
        if x < self.min_x or y < self.min_y or x >= self.max_x or y >= self.max_y:
            return None
        cx = min(int((x - self.min_x) // CELL_SIZE), self.width - 1)
        cy = min(int((y - self.min_y) // CELL_SIZE), self.height - 1)
        return cx, cy

    def is_cell_blighted(self, cx: int, cy: int) -> bool:
        """Whether cell (column, row) is blighted; False outside the plane."""
        if 0 <= cx < self.width and 0 <= cy < self.height:
            return self._cells[cy * self.width + cx] != 0
        return False

    def is_blighted(self, x: float, y: float) -> bool:
        """``IsPointBlighted``: whether the cell under world point (x, y) is blighted."""
        cell = self.cell_at(x, y)
        return cell is not None and self._cells[cell[1] * self.width + cell[0]] != 0

    def count(self) -> int:
        """Number of blighted cells."""
        return len(self._cells) - self._cells.count(0)

    # -- mutation -----------------------------------------------------------------------------

    def _corner_range(self, lo: float, hi: float, origin: float, cells: int) -> range:
        """Corner indices k with ``lo <= origin + 128k <= hi``, clipped to corners that can
        touch the plane (so a huge radius or rect costs no more than the whole plane)."""
        last = cells // CELLS_PER_CORNER + 1
        span = (last + 2) * CORNER_SIZE
        lo = min(max(lo - origin, -CORNER_SIZE), span)      # clamp first: no inf in ceil/floor
        hi = min(max(hi - origin, -CORNER_SIZE), span)
        k_lo = math.ceil(lo / CORNER_SIZE)
        k_hi = math.floor(hi / CORNER_SIZE)
        return range(max(k_lo, 0), min(k_hi, last) + 1)

    def _set_corners(self, ky: int, kx_lo: int, kx_hi: int, add: bool) -> int:
        """Set the 4x4 cells around each corner (kx, ky), ``kx_lo <= kx <= kx_hi``; returns
        how many cells changed.

        The corners of one row own disjoint 4x4 blocks side by side, so their cells are one
        slice of each of 4 cell rows: set with slice assignment, changes counted with
        ``bytearray.count`` (a cell not equal to the new value changes, as cell by cell).
        """
        value = 1 if add else 0
        half = CELLS_PER_CORNER // 2
        c0 = max(kx_lo * CELLS_PER_CORNER - half, 0)
        c1 = min(kx_hi * CELLS_PER_CORNER + half, self.width)      # exclusive
        base_y = ky * CELLS_PER_CORNER - half
        r0, r1 = max(base_y, 0), min(base_y + CELLS_PER_CORNER, self.height)
        if c0 >= c1 or r0 >= r1:
            return 0
        n = c1 - c0
        fill = (_ONES if add else _ZEROS)(n)
        cells, width = self._cells, self.width
        changed = 0
        for cy in range(r0, r1):
            start = cy * width + c0
            changed += n - cells.count(value, start, start + n)
            cells[start:start + n] = fill
        return changed

    def _set_corner(self, kx: int, ky: int, add: bool) -> int:
        """Set the 4x4 cells around corner (kx, ky); returns how many cells changed."""
        return self._set_corners(ky, kx, kx, add)

    def set_point(self, x: float, y: float, add: bool) -> int:
        """``SetBlightPoint``: change the corner at or below/left of (x, y).

        Returns the number of cells that changed.
        """
        if not (math.isfinite(x) and math.isfinite(y)):
            return 0
        kx = math.floor((x - self.min_x) / CORNER_SIZE)
        ky = math.floor((y - self.min_y) / CORNER_SIZE)
        return self._set_corner(kx, ky, add)

    def set_radius(self, x: float, y: float, radius: float, add: bool) -> int:
        """``SetBlight``/``SetBlightLoc``: change every corner within ``radius`` of (x, y).

        A negative radius changes nothing. Returns the number of cells that changed.
        """
        if not (math.isfinite(x) and math.isfinite(y)) or math.isnan(radius) or radius < 0:
            return 0
        r2 = radius * radius
        changed = 0
        columns = self._corner_range(x - radius, x + radius, self.min_x, self.width)
        for ky in self._corner_range(y - radius, y + radius, self.min_y, self.height):
            dy = self.min_y + ky * CORNER_SIZE - y
            span = self._disc_span(columns, x, dy * dy, r2)
            if span is not None:
                changed += self._set_corners(ky, span[0], span[1], add)
        return changed

    def _disc_span(self, columns: range, x: float, dy2: float, r2: float) -> tuple[int, int] | None:
        """The first and last corner column k of ``columns`` with ``dx * dx + dy2 <= r2``
        (``dx = min_x + 128k - x``, evaluated exactly so), or None when there is none.

        ``dx`` grows with k and the float square and sum are monotonic in ``|dx|``, so the
        corners inside form one run around the column nearest ``x``: found by bisection on
        each side with the very comparison a corner-by-corner test makes.
        """
        if not columns:
            return None
        min_x = self.min_x

        def inside(k: int) -> bool:
            dx = min_x + k * CORNER_SIZE - x
            return dx * dx + dy2 <= r2

        first, last = columns[0], columns[-1]
        t = (x - min_x) / CORNER_SIZE    # the column of x, in corners (may be huge)
        centre = first if t <= first else last if t >= last else round(t)
        seed = next((k for k in (centre, centre - 1, centre + 1)
                     if first <= k <= last and inside(k)), None)
        if seed is None:
            return None
        lo, hi = first, seed             # inside(hi); find the lowest k inside
        while lo < hi:
            mid = (lo + hi) // 2
            if inside(mid):
                hi = mid
            else:
                lo = mid + 1
        low = lo
        lo, hi = seed, last              # inside(lo); find the highest k inside
        while lo < hi:
            mid = (lo + hi + 1) // 2
            if inside(mid):
                lo = mid
            else:
                hi = mid - 1
        return low, lo

    def set_rect(self, min_x: float, min_y: float, max_x: float, max_y: float, add: bool) -> int:
        """``SetBlightRect``: change every corner inside the rect (bounds included).

        Returns the number of cells that changed.
        """
        if any(math.isnan(v) for v in (min_x, min_y, max_x, max_y)):
            return 0
        columns = self._corner_range(min_x, max_x, self.min_x, self.width)
        if not columns:
            return 0
        changed = 0
        for ky in self._corner_range(min_y, max_y, self.min_y, self.height):
            changed += self._set_corners(ky, columns[0], columns[-1], add)
        return changed

    # -- save / load --------------------------------------------------------------------------

    def state(self) -> bytes:
        """The cells, one byte (0 or 1) per cell, row-major: the exact save payload."""
        return bytes(self._cells)

    def set_state(self, data: bytes) -> None:
        """Restore cells saved by :meth:`state`.

        The byte count must exactly match this plane (seed 002, "Save/load"); otherwise
        ValueError is raised and the plane is left untouched.
        """
        data = bytes(data)
        if len(data) != len(self._cells):
            raise ValueError(
                f"blight state has {len(data)} cells, this map's plane has {len(self._cells)}")
        if any(b > 1 for b in data):
            raise ValueError("blight state cells must be 0 or 1")
        self._cells[:] = data

    def snapshot(self) -> dict[str, Any]:
        """JSON-safe save record: geometry plus the cells packed 8 per byte, base64."""
        packed = bytearray((len(self._cells) + 7) // 8)
        for i, v in enumerate(self._cells):
            if v:
                packed[i >> 3] |= 1 << (i & 7)
        return {"min_x": self.min_x, "min_y": self.min_y, "width": self.width,
                "height": self.height, "cells": base64.b64encode(bytes(packed)).decode("ascii")}

    def restore(self, record: dict[str, Any]) -> None:
        """Restore a :meth:`snapshot`. The geometry must match this plane exactly (the plane
        of the freshly loaded map); otherwise ValueError and nothing changes."""
        try:
            geometry = (float(record["min_x"]), float(record["min_y"]),
                        int(record["width"]), int(record["height"]))
            packed = base64.b64decode(record["cells"], validate=True)
        except (KeyError, TypeError, ValueError) as exc:
            raise ValueError(f"malformed blight record: {exc}") from None
        if geometry != (self.min_x, self.min_y, self.width, self.height):
            raise ValueError(f"blight record geometry {geometry} does not match the map plane "
                             f"{(self.min_x, self.min_y, self.width, self.height)}")
        n = len(self._cells)
        if len(packed) != (n + 7) // 8:
            raise ValueError(f"blight record has {len(packed)} bytes, expected {(n + 7) // 8}")
        self._cells[:] = bytes((packed[i >> 3] >> (i & 7)) & 1 for i in range(n))


def _check_dims(width: int, height: int) -> None:
    if int(width) <= 0 or int(height) <= 0:
        raise ValueError(f"blight plane needs positive dimensions, got {width}x{height}")


# ---------------------------------------------------------------------------------------------
# Natives (common.j 1.30.4, "Blight API")
# ---------------------------------------------------------------------------------------------


def plane_of(game) -> BlightPlane:
    """``game.blight``, seeded from ``game.pathing`` if nobody seeded it explicitly.

    ``Game`` builds the plane with no arguments; the map layer installs the map's pathing
    grid (``game.pathing``) separately. A plane that was never bound to explicit geometry
    follows ``game.pathing``: it is (re)seeded from it whenever that grid object changes
    (i.e. when a map is loaded), never otherwise, so script changes are kept. A plane seeded
    from a wpm without an origin takes the origin of ``game.world_bounds`` (the w3e bounds,
    map-formats.md 3.4) when their size matches the grid.
    """
    plane = game.blight
    if not plane.bound:
        pathing = game.pathing
        if pathing is not None and plane._auto_source is not pathing:
            plane.seed_from_pathing_map(pathing)
            plane.bound = False
            plane.origin_defaulted = False
            plane._auto_source = pathing
    elif plane.origin_defaulted:
        # seeded from a wpm without its origin: the w3e world bounds give it (map-formats.md
        # 3.4: minX = centerOffsetX), provided they describe a grid of the same size
        bounds = game.world_bounds
        if bounds is not None:
            min_x, min_y, max_x, max_y = bounds
            if (abs((max_x - min_x) - plane.width * CELL_SIZE) < 1.0
                    and abs((max_y - min_y) - plane.height * CELL_SIZE) < 1.0):
                plane.min_x, plane.min_y = float(min_x), float(min_y)
                plane.origin_defaulted = False
    return plane


def _player_ok(ctx, player, name: str) -> bool:
    """Seed 002: the setters validate their player handle, but blight is not per player."""
    if player is None:
        ctx.warn(f"{name}: null player; blight unchanged")
        return False
    return True


@native("SetBlight", "takes player whichPlayer, real x, real y, real radius, boolean addBlight returns nothing")
def SetBlight(ctx, whichPlayer, x, y, radius, addBlight):
    """Add or remove blight on every 128-unit corner within ``radius`` of (x, y) (seed 002)."""
    if _player_ok(ctx, whichPlayer, "SetBlight"):
        plane_of(ctx.game).set_radius(x, y, radius, addBlight)


@native("SetBlightRect", "takes player whichPlayer, rect r, boolean addBlight returns nothing")
def SetBlightRect(ctx, whichPlayer, r, addBlight):
    """Add or remove blight on every 128-unit corner inside rect ``r`` (seed 002).

    ``r`` is a ``natives.geometry.Rect`` (``min_x, min_y, max_x, max_y``); any object with
    those attributes, or with ``minx, miny, maxx, maxy``, is accepted.
    """
    if not _player_ok(ctx, whichPlayer, "SetBlightRect"):
        return
    r = alive(r)
    if r is None:
        ctx.warn("SetBlightRect: null rect; blight unchanged")
        return
    if hasattr(r, "min_x"):
        bounds = (r.min_x, r.min_y, r.max_x, r.max_y)
    else:
        bounds = (r.minx, r.miny, r.maxx, r.maxy)
    plane_of(ctx.game).set_rect(*bounds, addBlight)


@native("SetBlightPoint", "takes player whichPlayer, real x, real y, boolean addBlight returns nothing")
def SetBlightPoint(ctx, whichPlayer, x, y, addBlight):
    """Add or remove blight on the one corner at or below/left of (x, y): its 4x4 cells."""
    if _player_ok(ctx, whichPlayer, "SetBlightPoint"):
        plane_of(ctx.game).set_point(x, y, addBlight)


@native("SetBlightLoc", "takes player whichPlayer, location whichLocation, real radius, boolean addBlight returns nothing")
def SetBlightLoc(ctx, whichPlayer, whichLocation, radius, addBlight):
    """``SetBlight`` centred on a location (any object with ``x, y``)."""
    if not _player_ok(ctx, whichPlayer, "SetBlightLoc"):
        return
    whichLocation = alive(whichLocation)
    if whichLocation is None:
        ctx.warn("SetBlightLoc: null location; blight unchanged")
        return
    plane_of(ctx.game).set_radius(whichLocation.x, whichLocation.y, radius, addBlight)


@native("IsPointBlighted", "takes real x, real y returns boolean")
def IsPointBlighted(ctx, x, y):
    """Whether the 32-unit cell under (x, y) is blighted; false outside the plane."""
    return plane_of(ctx.game).is_blighted(x, y)


@native("CreateBlightedGoldmine", "takes player id, real x, real y, real face returns unit")
def CreateBlightedGoldmine(ctx, id, x, y, face):
    """Create a Haunted Gold Mine (``'ugol'``) for ``id`` at (x, y) facing ``face`` degrees.

    The blight part: the corner under the mine is blighted at once (jassdoc: "the haunted
    gold mine will create blight around the area"); any further spread is the mine's Blight
    Growth ability (seed 002, ``Abli``), which belongs to the abilities model.
    The unit comes from the units model (``ctx.game.units.create_unit``, seed 003 rules);
    without that model the call is a recorded runtime error, never a made-up unit.
    """
    if id is None:
        ctx.warn("CreateBlightedGoldmine: null player; no mine created")
        return None
    units = ctx.game.units
    create_unit = getattr(units, "create_unit", None)
    if create_unit is None:
        ctx.crash("unimplemented", "CreateBlightedGoldmine needs the units model (game.units)")
        return None
    plane_of(ctx.game).set_point(x, y, True)
    return create_unit(id, HAUNTED_GOLD_MINE, x, y, face, ctx.warn)
