"""Read ``.w3x`` / ``.w3m`` MPQ archives through libmpq's Python binding (``import mpq``).

The binding comes from the PyPI package ``libmpq`` (see ``.ci/install-libmpq``). libmpq
finds the MPQ header itself, so HM3W maps (MPQ at offset 512) work. Every failure of the
archive or of a file in it raises ``maps.errors.MapError``.
"""

from __future__ import annotations

import os

from maps.errors import MapError

#: Largest member unpacked (bytes), checked against the block table before any decompression.
#: The largest member the corpus maps read is 1.6 MB (a war3map.w3e).
MAX_FILE_SIZE = 64 << 20
_MAGICS = (b"MPQ\x1a", b"HM3W")


def normalize_name(name: str) -> str:
    """An archive member name in MPQ form: ``/`` becomes ``\\`` (MPQ lookups ignore case)."""
    return name.replace("/", "\\")


def looks_like_archive(path: str | os.PathLike) -> bool:
    """True when the file starts like a Warcraft III map archive (``HM3W`` or ``MPQ\\x1a``).

    Does not validate the archive; unreadable files give False.
    """
    try:
        with open(path, "rb") as f:
            return f.read(4) in _MAGICS
    except OSError:
        return False


def _libmpq(path: str):
    try:
        import mpq
    except ImportError as e:
        raise MapError(path, f"libmpq Python binding is not installed ({e}); run .ci/install-libmpq") from None
    if not hasattr(mpq, "Archive"):
        raise MapError(path, "module 'mpq' is not libmpq's binding (PyPI 'mpq' is StormLib's); "
                             "run .ci/install-libmpq")
    return mpq


class MapArchive:
    """An open MPQ archive. Use as a context manager or call ``close()``.

    ``path`` is the archive path, ``offset`` the byte offset of the MPQ header (512 for HM3W
    maps), ``file_count`` the number of entries in the block table.
    Raises MapError when the file is missing, not an MPQ archive, truncated, or its tables
    are unreadable (protected maps).
    """

    def __init__(self, path: str | os.PathLike):
        self.path = os.fspath(path)
        if not os.path.isfile(self.path):
            raise MapError(self.path, "no such archive file")
        mpq = _libmpq(self.path)
        self._error_types = (mpq.LibmpqError, OSError, ValueError, MemoryError)
        try:
            self._archive = mpq.Archive(self.path)
        except mpq.LibmpqFormatError:
            raise MapError(self.path, "not an MPQ archive, or its header/hash/block tables are damaged or protected") from None
        except mpq.LibmpqIOError:
            raise MapError(self.path, "MPQ archive is truncated (its tables point past the end of the file)") from None
        except Exception as e:  # libmpq boundary: any failure is a map error
            raise MapError(self.path, f"cannot open MPQ archive: {e}") from None
        self.offset = self._archive.offset
        self.file_count = self._archive.files

    def _where(self, name: str) -> str:
        return f"{self.path}:{name}"

    def __contains__(self, name: str) -> bool:
        try:
            return normalize_name(name) in self._archive
        except Exception:
            return False

    def size(self, name: str) -> int | None:
        """The unpacked size of member ``name`` from the block table (nothing is read), or
        None when it is absent or its entry is unreadable."""
        key = normalize_name(name)
        if key not in self:
            return None
        try:
            return int(self._archive[key].unpacked_size)
        except Exception:
            return None

    def read(self, name: str, limit: int | None = None) -> bytes:
        """The unpacked bytes of member ``name`` (case-insensitive, ``/`` or ``\\``).

        Raises MapError if the member is missing, larger than ``limit`` (default
        ``MAX_FILE_SIZE``; checked before decompressing), or cannot be decrypted/decompressed.
        """
        key = normalize_name(name)
        limit = MAX_FILE_SIZE if limit is None else limit
        if key not in self:
            raise MapError(self._where(name), "file not found in archive")
        try:
            entry = self._archive[key]
            if entry.unpacked_size > limit:
                raise MapError(self._where(name), f"file of {entry.unpacked_size} bytes is larger than "
                                                  f"the limit of {limit} bytes")
            data = entry.read()
        except MapError:
            raise
        except Exception as e:
            raise MapError(self._where(name), f"cannot read file: {e}") from None
        if len(data) != entry.unpacked_size:
            raise MapError(self._where(name), f"truncated: read {len(data)} of {entry.unpacked_size} bytes")
        return data

    def read_optional(self, name: str) -> bytes | None:
        """Like ``read`` but returns None when the member is absent (still raises MapError when
        it is present but unreadable)."""
        return self.read(name) if name in self else None

    def names(self, limit: int | None = None) -> list[str]:
        """Member names from the archive's ``(listfile)`` in MPQ form (``\\`` separators),
        in listfile order without duplicates. Empty when there is no readable listfile
        (common in protected maps) or it is larger than ``limit`` bytes (default
        ``MAX_FILE_SIZE``); probe known names with ``in`` instead."""
        try:
            raw = self.read("(listfile)", limit) if "(listfile)" in self else None
        except MapError:
            return []
        if not raw:
            return []
        seen: dict[str, str] = {}
        for line in raw.decode("utf-8", errors="replace").replace(";", "\n").splitlines():
            name = normalize_name(line.strip())
            if name and name.lower() not in seen:
                seen[name.lower()] = name
        return list(seen.values())

    def close(self) -> None:
        """Close the archive; calling it again does nothing."""
        archive, self._archive = getattr(self, "_archive", None), None
        if archive is not None:
            try:
                archive.close()
            except Exception:
                pass

    def __enter__(self) -> "MapArchive":
        return self

    def __exit__(self, *exc) -> None:
        self.close()


def open_archive(path: str | os.PathLike) -> MapArchive:
    """Open a map archive; same as ``MapArchive(path)``. Raises MapError."""
    return MapArchive(path)
