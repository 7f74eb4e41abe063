"""Errors raised by the map-input layer (archives, map folders, map file formats)."""

from __future__ import annotations

import os


class MapError(Exception):
    """A map could not be read: the archive, a file in it, or a map format is bad or missing.

    ``path`` is the map path (archive, folder or file; for a file inside an archive it is
    ``"<archive>:<name>"``), ``reason`` says what failed. ``str(err)`` is one line:
    ``"<path>: <reason>"``.
    """

    def __init__(self, path: str | os.PathLike | None, reason: str):
        self.path = os.fspath(path) if path is not None else None
        self.reason = " ".join(str(reason).split())
        super().__init__(f"{self.path}: {self.reason}" if self.path else self.reason)


class MapWarning(UserWarning):
    """A recoverable map problem (for example an unresolved ``TRIGSTR_n`` reference)."""
