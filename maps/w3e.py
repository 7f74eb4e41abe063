"""``war3map.w3e`` (terrain) header: tilesets, corner grid size and world bounds.

Header: ``b"W3E!"``, int32 version, char tileset, int32 custom tilesets, int32 n + n*char[4]
ground tiles, int32 n + n*char[4] cliff tiles, int32 corners_x, int32 corners_y,
float center_offset_x, float center_offset_y; then corners_x * corners_y 7-byte corners, row
by row from the bottom-left one (kept raw in ``Terrain.corners``; read with the ``Terrain``
corner helpers). Corner layout (version 11; HiveWE's terrain loader, the w3x-spec ``w3e.md``):
int16 ground height, int16 water level (+ boundary flag bits), one byte ``flags << 4 |
ground texture index`` (flags: 0x10 ramp, 0x20 blight, 0x40 water, 0x80 boundary), one byte
``cliff variation << 5 | ground variation``, one byte ``cliff texture << 4 | layer height``.
A file whose corner block is short keeps the header only (``corners`` empty).
See shared/reference/map-formats.md 3.4.
"""

from __future__ import annotations


from jassvm.records import record
from maps._binary import BinaryReader
from maps.errors import MapError

TILE_SIZE = 128  # world units per terrain tile


@record(slots=False)
class Terrain:
    """Terrain header. ``width``/``height`` count corners (tiles + 1); ``center_offset`` is the
    world position (x, y) of the bottom-left corner."""

    version: int
    tileset: str
    custom_tilesets: bool
    ground_tiles: list[str]
    cliff_tiles: list[str]
    width: int
    height: int
    center_offset: tuple[float, float]
    corners: bytes = b""

    CORNER_SIZE = 7

    def corner_at(self, x: float, y: float) -> tuple[int, int] | None:
        """Grid indices (column, row) of the corner nearest to world point (x, y); None
        outside the map or without corner data."""
        if not self.corners:
            return None
        ix = round((x - self.center_offset[0]) / TILE_SIZE)
        iy = round((y - self.center_offset[1]) / TILE_SIZE)
        if not (0 <= ix < self.width and 0 <= iy < self.height):
            return None
        return ix, iy

    def _byte(self, ix: int, iy: int, k: int) -> int:
        return self.corners[(iy * self.width + ix) * self.CORNER_SIZE + k]

    def ground_tile(self, ix: int, iy: int) -> str | None:
        """The ground tile rawcode (``"Ldrt"``) of corner (ix, iy)."""
        index = self._byte(ix, iy, 4) & 0x0F
        return self.ground_tiles[index] if index < len(self.ground_tiles) else None

    def ground_variation(self, ix: int, iy: int) -> int:
        """The ground tile variation of corner (ix, iy)."""
        return self._byte(ix, iy, 5) & 0x1F

    def layer_height(self, ix: int, iy: int) -> int:
        """The corner's cliff level (layer height)."""
        return self._byte(ix, iy, 6) & 0x0F

    def world_bounds(self) -> tuple[float, float, float, float]:
        """(min_x, min_y, max_x, max_y) in world units: the whole map (GetWorldBounds)."""
        x0, y0 = self.center_offset
        return (x0, y0, x0 + (self.width - 1) * TILE_SIZE, y0 + (self.height - 1) * TILE_SIZE)

    def playable_bounds(self, complements: tuple[int, int, int, int]) -> tuple[float, float, float, float]:
        """(min_x, min_y, max_x, max_y) of the playable area, given the w3i camera complements
        (left, right, bottom, top) in tiles, as ``W3I.camera_complements`` holds them."""
        left, right, bottom, top = complements
        x0, y0, x1, y1 = self.world_bounds()
        return (x0 + left * TILE_SIZE, y0 + bottom * TILE_SIZE,
                x1 - right * TILE_SIZE, y1 - top * TILE_SIZE)


def parse_w3e(data: bytes, source: str = "war3map.w3e") -> Terrain:
    """Parse the ``war3map.w3e`` header. Raises MapError on a bad magic, bad sizes or truncation."""
    r = BinaryReader(data, source)
    if r.raw(4) != b"W3E!":
        raise MapError(source, "not a terrain file (magic is not W3E!)")
    version, tileset, custom = r.i32(), r.char(), bool(r.i32())
    ground = [r.raw(4).decode("latin-1") for _ in range(r.count("ground tile", 1024))]
    cliff = [r.raw(4).decode("latin-1") for _ in range(r.count("cliff tile", 1024))]
    width, height = r.i32(), r.i32()
    if not (2 <= width <= 4096 and 2 <= height <= 4096):
        raise MapError(source, f"bad terrain size {width}x{height} corners")
    terrain = Terrain(version, tileset, custom, ground, cliff, width, height, (r.f32(), r.f32()))
    size = width * height * Terrain.CORNER_SIZE
    if len(data) - r.pos >= size:
        terrain.corners = bytes(data[r.pos:r.pos + size])
    return terrain
