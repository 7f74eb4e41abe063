"""Load a map from an archive, a map folder or a bare ``war3map.j`` into ``MapFiles``.

No JASS is parsed or run here; the script stays raw bytes.

Limits, checked before anything is read (sizes from the archive's block table or ``stat``):
the script at most ``jassvm.source.MAX_SOURCE_BYTES``, any other member
``maps.archive.MAX_FILE_SIZE``, everything read eagerly (the script and the files of
``EAGER_SUFFIXES``) ``MAX_MAP_BYTES`` in total (members past it are left out with a warning and
stay readable on demand), the archive's ``(listfile)`` ``MAX_LISTFILE_BYTES``. A map folder
is never walked: it must hold ``war3map.j`` (or ``scripts/war3map.j``) directly; its top
level and its ``scripts`` folder are listed (at most ``MAX_FOLDER_FILES`` files) and other
files are looked up by name. Folders, devices and FIFOs given as files are refused at once.
"""

from __future__ import annotations

import os
from dataclasses import field
from pathlib import Path
from typing import Callable

from jassvm.records import record
from jassvm.source import MAX_SOURCE_BYTES, read_source_file
from maps.archive import MAX_FILE_SIZE, MapArchive, looks_like_archive, normalize_name
from maps.errors import MapError
from maps.objectdata import FILE_NAMES as OBJECT_FILES, SKIN_TXT, ObjectData, load_object_data
from maps.w3e import Terrain, parse_w3e
from maps.w3i import W3I, parse_w3i
from maps.wpm import Pathing, parse_wpm
from maps.wts import WTS, parse_wts, resolve_trigstr

TYPE_CHECKING = False   # typing.TYPE_CHECKING without the import
if TYPE_CHECKING:
    from maps.doo import Doodads   # imported when a map has a war3map.doo (issue 17)

SCRIPT_NAMES = ("war3map.j", "scripts\\war3map.j")
LUA_NAMES = ("war3map.lua", "scripts\\war3map.lua")
ARCHIVE_SUFFIXES = (".w3x", ".w3m", ".mpq")
# Files read eagerly into MapFiles.files (by suffix), and names probed when there is no listfile.
EAGER_SUFFIXES = (".j", ".ai", ".wts", ".w3i", ".wpm", ".w3e", ".txt",
                  ".w3u", ".w3t", ".w3b", ".w3d", ".w3a", ".w3h", ".w3q", "war3map.doo")
KNOWN_NAMES = SCRIPT_NAMES + (
    "war3map.w3i", "war3map.wts", "war3map.wpm", "war3map.w3e", "war3map.doo",
    "scripts\\common.j", "scripts\\Blizzard.j", "war3mapMisc.txt", "war3mapExtra.txt",
) + OBJECT_FILES + (SKIN_TXT,)
#: Most bytes read eagerly from one map (script and eager files together).
MAX_MAP_BYTES = 128 << 20
#: Largest ``(listfile)`` read (names of 5,000 imports take about 200 KB).
MAX_LISTFILE_BYTES = 4 << 20
_FORMATS: dict[str, tuple[str, Callable]] = {
    "war3map.w3i": ("w3i", parse_w3i),
    "war3map.wpm": ("wpm", parse_wpm),
    "war3map.w3e": ("w3e", parse_w3e),
}


def _key(name: str) -> str:
    return normalize_name(name).lower()


@record(slots=False)
class MapFiles:
    """Everything read from one map.

    ``source``: the path given to ``load_map``; ``kind``: ``"archive"``, ``"folder"`` or
    ``"script"``; ``script``: raw bytes of the JASS script; ``script_name``: its name inside
    the map (``war3map.j`` or ``scripts\\war3map.j``; the file name for a bare script).
    ``w3i``/``wts``/``wpm``/``w3e``/``doo``: parsed map files, None when absent or unparsable (the
    reason is then in ``warnings``). ``objects``: the map's object data
    (``maps.objectdata``; a file that cannot be parsed is left out with a warning).
    ``files``: raw bytes of the map's small text/data files (``*.j`` incl.
    ``scripts\\common.j``/``scripts\\Blizzard.j``, ``*.ai``, ``*.txt``, the w3i/wts/wpm/w3e/doo,
    the object data files) keyed by their name in MPQ form (``\\`` separators); for a map
    folder, those at its top and in its ``scripts`` folder.
    """

    source: Path
    kind: str
    script: bytes
    script_name: str
    w3i: W3I | None = None
    wts: WTS | None = None
    wpm: Pathing | None = None
    w3e: Terrain | None = None
    doo: Doodads | None = None
    objects: ObjectData = field(default_factory=ObjectData)
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
            found = _folder_find(self.source, name)
            return _read_folder_file(self.source, name, found, MAX_FILE_SIZE) if found else None
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
    Unparsable optional files (w3i, wts, wpm, w3e, doo) only add to ``MapFiles.warnings``.
    """
    p = Path(path)
    if p.is_dir():
        return _load_folder(p)
    if not p.is_file():
        if p.exists():
            raise MapError(p, "not a map: a device, FIFO or socket, not a regular file or folder")
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
    doo = next((data for stored, data in m.files.items() if _key(stored) == "war3map.doo"), None)
    if doo is not None:   # after the w3i: its game version says whether entries have a skin
        from maps.doo import has_skins, parse_doo
        try:
            m.doo = parse_doo(doo, f"{m.source}:war3map.doo",
                              skins=has_skins(m.w3i.game_version if m.w3i else None))
        except MapError as e:
            m.warnings.append(str(e))
    stored = {_key(name): data for name, data in m.files.items()}
    m.objects = load_object_data(lambda name: stored.get(_key(name)), m.wts, f"{m.source}:")
    m.warnings.extend(m.objects.errors)
    return m


def _no_script(source: Path, names: list[str]) -> MapError:
    keys = {_key(n) for n in names}
    if any(n in keys for n in LUA_NAMES):
        return MapError(source, "Lua maps are not supported (war3map.lua, no war3map.j)")
    archives = sorted(n for n in names if Path(n).suffix.lower() in ARCHIVE_SUFFIXES)
    if archives:   # a folder of map archives, not a map folder
        many = len(archives) > 1
        return MapError(source, f"map has no war3map.j script; it holds the map archive{'s' if many else ''} "
                                f"{', '.join(archives[:3])}: give {'one' if many else 'it'} instead")
    return MapError(source, "map has no war3map.j script")


def _load_archive(p: Path) -> MapFiles:
    with MapArchive(p) as archive:
        listed = archive.names(MAX_LISTFILE_BYTES)
        known = [n for n in KNOWN_NAMES + LUA_NAMES if n in archive]
        present = list(dict.fromkeys(known + [n for n in listed if n in archive]))
        script_name = next((n for n in SCRIPT_NAMES if n in archive), None)
        if script_name is None:
            raise _no_script(p, present)
        script = archive.read(script_name, MAX_SOURCE_BYTES)
        m = MapFiles(source=p, kind="archive", script=script, script_name=script_name)
        budget = MAX_MAP_BYTES - len(script)
        for name in present:   # the known map files first, then the listfile's order
            if _key(name) == _key(script_name) or not _key(name).endswith(EAGER_SUFFIXES):
                continue
            size = archive.size(name) or 0
            if size > budget:
                m.warnings.append(f"{p}:{name}: not loaded: the map's files exceed {MAX_MAP_BYTES} "
                                  "bytes in total")
                continue
            try:
                m.files[name] = archive.read(name)
            except MapError as e:
                m.warnings.append(str(e))
                continue
            budget -= len(m.files[name])
        m.files[script_name] = script
    return _finish(m)


MAX_FOLDER_FILES = 20_000
"""Most files the top of a map folder and its ``scripts`` folder may hold together (a folder
with more is not a map: ``/`` is not)."""


def _listing(root: Path) -> list[tuple[str, Path]]:
    """(MPQ-form name, path) of the regular files at the top of ``root`` and in its
    ``scripts`` folder, without walking further. Raises MapError for an unreadable folder or
    one of more than ``MAX_FOLDER_FILES`` files."""
    found: list[tuple[str, Path]] = []

    def scan(folder: Path, prefix: str, subfolders: bool) -> None:
        with os.scandir(folder) as entries:
            for entry in entries:
                if entry.is_file():
                    found.append((prefix + entry.name, Path(entry.path)))
                    if len(found) > MAX_FOLDER_FILES:
                        raise MapError(root, f"more than {MAX_FOLDER_FILES} files: not a map folder")
                elif subfolders and entry.name.lower() == "scripts" and entry.is_dir():
                    scan(Path(entry.path), entry.name + "\\", False)

    try:
        scan(root, "", True)
    except OSError as err:
        raise MapError(root, f"cannot read the folder: {err.strerror or err}") from None
    return found


def _folder_find(root: Path, name: str) -> Path | None:
    """The file ``name`` (MPQ form or ``/``; each part matched case-insensitively) under
    ``root``, looked up part by part (never a walk), or None. ``..`` and empty parts match
    nothing."""
    parts = normalize_name(name).split("\\")
    if any(part in ("", ".", "..") for part in parts):
        return None
    here = root
    for part in parts:
        exact = here / part
        if exact.exists():
            here = exact
            continue
        try:
            with os.scandir(here) as entries:
                here = next((Path(e.path) for e in entries if e.name.lower() == part.lower()), None)
        except OSError:
            return None
        if here is None:
            return None
    return here if here.is_file() else None


def _read_folder_file(root: Path, name: str, path: Path, limit: int) -> bytes:
    """Bytes of a map folder's file, at most ``limit``; MapError naming it otherwise."""
    try:
        return read_source_file(path, limit)
    except OSError as err:
        raise MapError(f"{root}:{name}", f"cannot read: {err.strerror or err}") from None


def _load_folder(p: Path) -> MapFiles:
    listing = _listing(p)
    by_key: dict[str, tuple[str, Path]] = {}
    for name, path in listing:
        by_key.setdefault(_key(name), (name, path))
    script_key = next((_key(n) for n in SCRIPT_NAMES if _key(n) in by_key), None)
    if script_key is None:
        raise _no_script(p, [name for name, _path in listing])
    script_name, script_path = by_key[script_key]
    script = _read_folder_file(p, script_name, script_path, MAX_SOURCE_BYTES)
    m = MapFiles(source=p, kind="folder", script=script, script_name=script_name)
    budget = MAX_MAP_BYTES - len(script)
    for key, (name, path) in sorted(by_key.items()):
        if key == script_key:
            m.files[name] = script
            continue
        if not key.endswith(EAGER_SUFFIXES):
            continue
        try:
            size = path.stat().st_size
        except OSError:
            size = 0
        if size > budget:
            m.warnings.append(f"{p}:{name}: not loaded: the map's files exceed {MAX_MAP_BYTES} "
                              "bytes in total")
            continue
        try:
            m.files[name] = _read_folder_file(p, name, path, min(MAX_FILE_SIZE, budget))
        except MapError as e:
            m.warnings.append(str(e))
            continue
        budget -= len(m.files[name])
    return _finish(m)


def _load_script(p: Path) -> MapFiles:
    try:
        script = read_source_file(p, MAX_SOURCE_BYTES)
    except OSError as err:
        raise MapError(p, f"cannot read: {err.strerror or err}") from None
    m = MapFiles(source=p, kind="script", script=script, script_name=p.name)
    m.files[p.name] = m.script
    wts = _folder_find(p.parent, "war3map.wts")
    if wts is not None:
        try:
            m.files[wts.name] = read_source_file(wts, MAX_FILE_SIZE)
        except OSError as err:
            m.warnings.append(f"{wts}: cannot read: {err.strerror or err}")
    return _finish(m)
