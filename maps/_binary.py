"""Little-endian reader for the map binary formats; truncation raises MapError."""

from __future__ import annotations

import struct

from maps.errors import MapError


class BinaryReader:
    """Sequential little-endian reader over ``data``; ``source`` names the file for errors."""

    def __init__(self, data: bytes, source: str):
        self.data = bytes(data)
        self.source = source
        self.pos = 0

    def _unpack(self, fmt: str):
        size = struct.calcsize(fmt)
        if self.pos + size > len(self.data):
            raise MapError(self.source, f"truncated at byte {self.pos} (needed {size} more bytes)")
        values = struct.unpack_from("<" + fmt, self.data, self.pos)
        self.pos += size
        return values

    def fields(self, fmt: str) -> tuple:
        """Read several values at once (a ``struct`` format without the byte order)."""
        return self._unpack(fmt)

    def i32(self) -> int:
        """Read a signed 32-bit integer."""
        return self._unpack("i")[0]

    def u32(self) -> int:
        """Read an unsigned 32-bit integer."""
        return self._unpack("I")[0]

    def f32(self) -> float:
        """Read a 32-bit float."""
        return self._unpack("f")[0]

    def raw(self, n: int) -> bytes:
        """Read ``n`` bytes."""
        return self._unpack(f"{n}s")[0]

    def char(self) -> str:
        """Read one byte as a latin-1 character."""
        return self.raw(1).decode("latin-1")

    def cstring(self) -> str:
        """Read a NUL-terminated UTF-8 string (invalid bytes become U+FFFD)."""
        end = self.data.find(b"\0", self.pos)
        if end < 0:
            raise MapError(self.source, f"truncated: unterminated string at byte {self.pos}")
        text = self.data[self.pos:end].decode("utf-8", errors="replace")
        self.pos = end + 1
        return text

    def count(self, what: str, limit: int = 1 << 16) -> int:
        """Read an int32 element count and check it is in ``0..limit``."""
        n = self.i32()
        if not 0 <= n <= limit:
            raise MapError(self.source, f"bad {what} count {n} at byte {self.pos - 4}")
        return n
