"""``war3map.w3e`` (terrain) header: tilesets, corner grid size and world bounds.

Header: ``b"W3E!"``, int32 version, char tileset, int32 custom tilesets, int32 n + n*char[4]
ground tiles, int32 n + n*char[4] cliff tiles, int32 corners_x, int32 corners_y,
float center_offset_x, float center_offset_y; then 7-byte corners (not parsed here).
See shared/reference/map-formats.md 3.4.
"""

from __future__ import annotations

from dataclasses import dataclass

from maps._binary import BinaryReader
from maps.errors import MapError

TILE_SIZE = 128  # world units per terrain tile


@dataclass
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
    return Terrain(version, tileset, custom, ground, cliff, width, height, (r.f32(), r.f32()))
