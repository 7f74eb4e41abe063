"""``war3map.wpm`` (pathing map): a grid of flag bytes, 32x32 world units per cell.

Header: ``b"MP3W"``, int32 version, int32 width, int32 height; then ``width*height`` bytes,
row-major, row 0 southmost. See shared/reference/map-formats.md 3.1.
"""

from __future__ import annotations


from jassvm.records import record
from maps._binary import BinaryReader
from maps.errors import MapError

NO_WALK = 0x02
NO_FLY = 0x04
NO_BUILD = 0x08
BLIGHT = 0x20
NO_WATER = 0x40
NO_AMPHIBIOUS = 0x80

CELL_SIZE = 32  # world units per pathing cell edge


@record(slots=False)
class Pathing:
    """Pathing grid: ``width`` x ``height`` cells; ``cells[y*width + x]`` is the flag byte of
    cell (x, y), y=0 southmost. ``cells`` is a mutable bytearray (blight changes at runtime)."""

    version: int
    width: int
    height: int
    cells: bytearray

    def flags(self, x: int, y: int) -> int:
        """Flag byte of cell (x, y); IndexError outside the grid."""
        if not (0 <= x < self.width and 0 <= y < self.height):
            raise IndexError(f"pathing cell ({x}, {y}) outside {self.width}x{self.height}")
        return self.cells[y * self.width + x]

    def is_blighted(self, x: int, y: int) -> bool:
        """True when cell (x, y) has the blight bit (0x20)."""
        return bool(self.flags(x, y) & BLIGHT)

    def count(self, flag: int) -> int:
        """Number of cells having any bit of ``flag`` set."""
        return sum(1 for c in self.cells if c & flag)


def parse_wpm(data: bytes, source: str = "war3map.wpm") -> Pathing:
    """Parse ``war3map.wpm`` bytes. Raises MapError on a bad magic, bad size or truncation."""
    r = BinaryReader(data, source)
    if r.raw(4) != b"MP3W":
        raise MapError(source, "not a pathing map (magic is not MP3W)")
    version, width, height = r.i32(), r.i32(), r.i32()
    if width <= 0 or height <= 0 or width * height > 1 << 26:
        raise MapError(source, f"bad pathing grid size {width}x{height}")
    return Pathing(version, width, height, bytearray(r.raw(width * height)))
