"""Load a map from an archive, a map folder or a bare ``war3map.j`` into ``MapFiles``.

No JASS is parsed or run here; the script stays raw bytes.
"""

from __future__ import annotations

import os
from dataclasses import dataclass, field
from pathlib import Path
from typing import Callable

from maps.archive import MapArchive, looks_like_archive, normalize_name
from maps.errors import MapError
from maps.w3e import Terrain, parse_w3e
from maps.w3i import W3I, parse_w3i
from maps.wpm import Pathing, parse_wpm
from maps.wts import WTS, parse_wts, resolve_trigstr

SCRIPT_NAMES = ("war3map.j", "scripts\\war3map.j")
LUA_NAMES = ("war3map.lua", "scripts\\war3map.lua")
ARCHIVE_SUFFIXES = (".w3x", ".w3m", ".mpq")
# Files read eagerly into MapFiles.files (by suffix), and names probed when there is no listfile.
EAGER_SUFFIXES = (".j", ".ai", ".wts", ".w3i", ".wpm", ".w3e", ".txt")
KNOWN_NAMES = SCRIPT_NAMES + (
    "war3map.w3i", "war3map.wts", "war3map.wpm", "war3map.w3e",
    "scripts\\common.j", "scripts\\Blizzard.j", "war3mapMisc.txt", "war3mapExtra.txt",
    "war3mapSkin.txt",
)
_FORMATS: dict[str, tuple[str, Callable]] = {
    "war3map.w3i": ("w3i", parse_w3i),
    "war3map.wpm": ("wpm", parse_wpm),
    "war3map.w3e": ("w3e", parse_w3e),
}


def _key(name: str) -> str:
    return normalize_name(name).lower()


@dataclass
class MapFiles:
    """Everything read from one map.

    ``source``: the path given to ``load_map``; ``kind``: ``"archive"``, ``"folder"`` or
    ``"script"``; ``script``: raw bytes of the JASS script; ``script_name``: its name inside
    the map (``war3map.j`` or ``scripts\\war3map.j``; the file name for a bare script).
    ``w3i``/``wts``/``wpm``/``w3e``: parsed map files, None when absent or unparsable (the
    reason is then in ``warnings``). ``files``: raw bytes of the map's small text/data files
    (``*.j`` incl. ``scripts\\common.j``/``scripts\\Blizzard.j``, ``*.ai``, ``*.txt``, the
    w3i/wts/wpm/w3e) keyed by their name in MPQ form (``\\`` separators).
    """

    source: Path
    kind: str
    script: bytes
    script_name: str
    w3i: W3I | None = None
    wts: WTS | None = None
    wpm: Pathing | None = None
    w3e: Terrain | None = None
    files: dict[str, bytes] = field(default_factory=dict)
    warnings: list[str] = field(default_factory=list)

    def read(self, name: str) -> bytes | None:
        """Bytes of map file ``name`` (case-insensitive; ``/`` and ``\\`` are the same), or None
        when the map has no such file. Files not loaded eagerly are read from the source
        archive or folder on demand. Raises MapError when the file exists but is unreadable."""
        key = _key(name)
        for stored, data in self.files.items():
            if _key(stored) == key:
                return data
        if self.kind == "archive":
            with MapArchive(self.source) as archive:
                return archive.read_optional(name)
        if self.kind == "folder":
            found = _folder_lookup(self.source).get(key)
            return found.read_bytes() if found else None
        return None

    def names(self) -> list[str]:
        """Names of the files loaded into ``files`` (MPQ form)."""
        return list(self.files)

    def api_files(self) -> dict[str, bytes]:
        """``{"common.j": ..., "Blizzard.j": ...}`` for the API files the map itself carries
        (``scripts\\common.j``, ``scripts\\Blizzard.j``); absent ones are left out."""
        found = {}
        for short in ("common.j", "Blizzard.j"):
            data = self.read("scripts\\" + short)
            if data is not None:
                found[short] = data
        return found

    def resolve(self, text: str, missing: list[int] | None = None) -> str:
        """Resolve a ``TRIGSTR_nnn`` string through this map's ``war3map.wts`` (see
        ``maps.wts.resolve_trigstr``: unresolved references stay and are reported)."""
        return resolve_trigstr(text, self.wts, missing)


def load_map(path: str | os.PathLike) -> MapFiles:
    """Load a map: an MPQ archive (``.w3x``/``.w3m``, HM3W or plain MPQ), a map folder
    (``war3map.j`` or ``scripts/war3map.j`` inside) or a bare script file (``war3map.wts``
    beside it is loaded when present).

    Raises MapError when the path is missing, the archive is bad, the map has no
    ``war3map.j`` (``"Lua maps are not supported"`` when it has ``war3map.lua`` instead).
    Unparsable optional files (w3i, wts, wpm, w3e) only add to ``MapFiles.warnings``.
    """
    p = Path(path)
    if p.is_dir():
        return _load_folder(p)
    if not p.is_file():
        raise MapError(p, "no such map file or folder")
    if p.suffix.lower() in ARCHIVE_SUFFIXES or looks_like_archive(p):
        return _load_archive(p)
    if p.suffix.lower() == ".lua":
        raise MapError(p, "Lua maps are not supported (only JASS war3map.j scripts run)")
    return _load_script(p)


def _finish(m: MapFiles) -> MapFiles:
    """Parse the known formats found in ``m.files``."""
    for stored, data in m.files.items():
        k = _key(stored)
        if k == "war3map.wts":
            m.wts = parse_wts(data)
        elif k in _FORMATS:
            attr, parse = _FORMATS[k]
            try:
                setattr(m, attr, parse(data, source=f"{m.source}:{stored}"))
            except MapError as e:
                m.warnings.append(str(e))
    return m


def _no_script(source: Path, names: list[str]) -> MapError:
    keys = {_key(n) for n in names}
    if any(n in keys for n in LUA_NAMES):
        return MapError(source, "Lua maps are not supported (war3map.lua, no war3map.j)")
    return MapError(source, "map has no war3map.j script")


def _load_archive(p: Path) -> MapFiles:
    with MapArchive(p) as archive:
        listed = archive.names()
        present = [n for n in dict.fromkeys(listed + list(KNOWN_NAMES + LUA_NAMES)) if n in archive]
        script_name = next((n for n in SCRIPT_NAMES if n in archive), None)
        if script_name is None:
            raise _no_script(p, present)
        script = archive.read(script_name)
        m = MapFiles(source=p, kind="archive", script=script, script_name=script_name)
        for name in present:
            if _key(name) == _key(script_name) or not _key(name).endswith(EAGER_SUFFIXES):
                continue
            try:
                m.files[name] = archive.read(name)
            except MapError as e:
                m.warnings.append(str(e))
        m.files[script_name] = script
    return _finish(m)


def _folder_lookup(root: Path) -> dict[str, Path]:
    """Map lower-case MPQ-form relative names to files under ``root``."""
    found: dict[str, Path] = {}
    for dirpath, _dirs, files in os.walk(root):
        for f in files:
            full = Path(dirpath) / f
            found.setdefault(_key(str(full.relative_to(root))), full)
    return found


def _load_folder(p: Path) -> MapFiles:
    lookup = _folder_lookup(p)
    script_key = next((n for n in SCRIPT_NAMES if _key(n) in lookup), None)
    if script_key is None:
        raise _no_script(p, list(lookup))
    script_path = lookup[_key(script_key)]
    script_name = normalize_name(str(script_path.relative_to(p)))
    m = MapFiles(source=p, kind="folder", script=script_path.read_bytes(), script_name=script_name)
    for key, full in sorted(lookup.items()):
        if key.endswith(EAGER_SUFFIXES):
            m.files[normalize_name(str(full.relative_to(p)))] = full.read_bytes()
    return _finish(m)


def _load_script(p: Path) -> MapFiles:
    m = MapFiles(source=p, kind="script", script=p.read_bytes(), script_name=p.name)
    m.files[p.name] = m.script
    wts = next((f for f in p.parent.iterdir() if f.name.lower() == "war3map.wts" and f.is_file()), None)
    if wts is not None:
        m.files[wts.name] = wts.read_bytes()
    return _finish(m)
