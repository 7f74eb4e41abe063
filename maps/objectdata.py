"""The map's object data: ``war3map.w3u`` (units), ``.w3t`` (items), ``.w3b`` (destructables),
``.w3d`` (doodads), ``.w3a`` (abilities), ``.w3h`` (buffs), ``.w3q`` (upgrades), their
``war3mapSkin.*`` counterparts (1.32+, the skin fields of the same objects) and
``war3mapSkin.txt``.

Binary layout (all little-endian; the World Editor's "modification table" format, as read by
the public parsers War3Net ``War3Net.Build.Core/Object`` and mdx-m3-viewer
``parsers/w3x/w3u``):

    int32 version                       1 (1.0x-1.30), 2 (1.31/1.32), 3 (1.33+)
    table  original objects             stock objects the map modifies (new id 0)
    table  custom objects               objects the map adds, each derived from a stock id
  table:
    int32 n, then n objects
  object:
    char[4] base id, char[4] new id (0 for an original object)
    version 3 only: int32 k, then k int32 set flags (1.33 skin sets; one set in practice)
    int32 m, then m modifications
  modification:
    char[4] field id ("uhpm", "anam", "Hbz2", ...)
    int32 value type                    0 integer, 1 real, 2 unreal (0..1 real), 3 string
    int32 level, int32 data column      only in .w3a, .w3d and .w3q (``LEVELED``): the level
                                        (1-based; 0 for fields without levels) or doodad
                                        variation, and the data column (A=1, B=2...; 0 none)
    value                               int32, float32 or NUL-terminated UTF-8 string
    char[4] end token                   0 or the object's id; not checked (tools vary)

``war3mapSkin.txt`` is a profile (``[Section]`` lines, ``key=value`` lines) of interface and
game-constant overrides; values may be ``TRIGSTR_n``.

String values that are exactly ``TRIGSTR_n`` resolve through the map's ``war3map.wts``
(``maps.wts``); an unresolved one stays as written and is listed in ``ObjectTable.missing``.
Every error names the file and the byte offset (``MapError``).
"""

from __future__ import annotations

import re
from dataclasses import field
from typing import NamedTuple

from jassvm.records import record
from maps._binary import BinaryReader
from maps.errors import MapError
from maps.wts import WTS, resolve_trigstr
from natives.objecttypes import ObjectRecord
from natives.unitdata import rawcode

KINDS: dict[str, str] = {"w3u": "unit", "w3t": "item", "w3b": "destructable", "w3d": "doodad",
                         "w3a": "ability", "w3h": "buff", "w3q": "upgrade"}
"""File extension -> object kind."""
LEVELED = frozenset({"w3a", "w3d", "w3q"})
"""Extensions whose modifications carry a level (or variation) and a data column."""
VALUE_TYPES = {0: "integer", 1: "real", 2: "unreal", 3: "string"}
FILE_NAMES: tuple[str, ...] = tuple(f"war3map.{ext}" for ext in KINDS) + \
    tuple(f"war3mapSkin.{ext}" for ext in KINDS)
"""The object data files a map may carry, in MPQ form."""
SKIN_TXT = "war3mapSkin.txt"
MAX_OBJECTS = 1 << 16
MAX_MODIFICATIONS = 1 << 16
MAX_SETS = 64


class Modification(NamedTuple):
    """One field value: ``field`` the 4-character field id, ``type`` 0..3 (``VALUE_TYPES``),
    ``level`` (1-based level or doodad variation; 0 = no level, always 0 outside
    ``LEVELED`` files), ``column`` the data column (1 = DataA; 0 none), ``value`` an int, a
    float (the float32 read) or a str (TRIGSTR resolved)."""

    field: str
    type: int
    level: int
    column: int
    value: int | float | str


@record(slots=False)
class ObjectDef:
    """One object of a table: ``base`` the stock id it starts from, ``code`` its own id (the
    new id of a custom object, ``base`` for a modified original), ``custom`` True in the
    custom table, ``sets`` the 1.33 set flags (empty before version 3), ``modifications`` in
    file order."""

    base: str
    code: str
    custom: bool
    modifications: list[Modification] = field(default_factory=list)
    sets: tuple[int, ...] = ()


@record(slots=False)
class ObjectTable:
    """One parsed object data file: ``kind`` (``KINDS`` value), ``version``, ``source`` (the
    file's name as given to the parser), ``objects`` (original table first, then custom, in
    file order), ``missing`` (TRIGSTR ids with no string)."""

    kind: str
    version: int
    source: str
    objects: list[ObjectDef] = field(default_factory=list)
    missing: list[int] = field(default_factory=list)

    @property
    def original(self) -> list[ObjectDef]:
        """Modified stock objects (the table's first part)."""
        return [o for o in self.objects if not o.custom]

    @property
    def custom(self) -> list[ObjectDef]:
        """Objects the map defines (custom rawcodes derived from a base)."""
        return [o for o in self.objects if o.custom]

    def modification_count(self) -> int:
        """Number of field modifications over every object of the table."""
        return sum(len(o.modifications) for o in self.objects)


@record(slots=False)
class ObjectData:
    """All object data of a map: ``tables`` by kind (from ``war3map.*``), ``skins`` by kind
    (from ``war3mapSkin.*``), ``skin_profile`` (``war3mapSkin.txt``: section -> key ->
    value), ``errors`` (one line per file that could not be read; its objects are absent)."""

    tables: dict[str, ObjectTable] = field(default_factory=dict)
    skins: dict[str, ObjectTable] = field(default_factory=dict)
    skin_profile: dict[str, dict[str, str]] = field(default_factory=dict)
    errors: list[str] = field(default_factory=list)

    def counts(self) -> dict[str, tuple[int, int, int]]:
        """Kind -> (original objects, custom objects, modifications), ``war3map.*`` tables
        and their skin tables together, kinds in ``KINDS`` order."""
        out = {}
        for kind in KINDS.values():
            tables = [t for t in (self.tables.get(kind), self.skins.get(kind)) if t is not None]
            if tables:
                out[kind] = (sum(len(t.original) for t in tables), sum(len(t.custom) for t in tables),
                             sum(t.modification_count() for t in tables))
        return out

    def __bool__(self) -> bool:
        return bool(self.tables or self.skins or self.skin_profile)


def _rawcode(r: BinaryReader) -> str:
    return r.raw(4).decode("latin-1")


def parse_object_file(data: bytes, ext: str, source: str | None = None,
                      wts: WTS | dict[int, str] | None = None) -> ObjectTable:
    """Parse one object data file whose extension is ``ext`` (``"w3u"``...). ``source`` names
    it in errors (default ``war3map.<ext>``). Raises MapError with the byte offset on
    truncation, an unknown version, a bad count or value type, or bytes after the end."""
    ext = ext.lower().lstrip(".")
    if ext not in KINDS:
        raise MapError(source, f"not an object data file extension: {ext!r}")
    source = source or f"war3map.{ext}"
    r = BinaryReader(data, source)
    version = r.i32()
    if version not in (1, 2, 3):
        raise MapError(source, f"unsupported object data version {version} at byte 0 (known: 1, 2, 3)")
    table = ObjectTable(KINDS[ext], version, source)
    leveled = ext in LEVELED
    for custom in (False, True):
        for _ in range(r.count("object", MAX_OBJECTS)):
            table.objects.append(_object(r, version, leveled, custom, wts, table.missing))
    if r.pos != len(r.data):
        raise MapError(source, f"{len(r.data) - r.pos} unexpected bytes after the custom table at byte {r.pos}")
    return table


def _object(r: BinaryReader, version: int, leveled: bool, custom: bool, wts, missing) -> ObjectDef:
    at = r.pos
    base, new = _rawcode(r), _rawcode(r)
    if custom and new == "\0\0\0\0":
        raise MapError(r.source, f"custom object based on {base!r} without a new id at byte {at}")
    obj = ObjectDef(base, new if custom else base, custom)
    if version >= 3:
        obj.sets = tuple(r.i32() for _ in range(r.count("set", MAX_SETS)))
    for _ in range(r.count("modification", MAX_MODIFICATIONS)):
        obj.modifications.append(_modification(r, leveled, wts, missing))
    return obj


def _modification(r: BinaryReader, leveled: bool, wts, missing) -> Modification:
    at = r.pos + 4
    if leveled:
        raw, vtype, level, column = r.fields("4siii")
    else:
        (raw, vtype), level, column = r.fields("4si"), 0, 0
    fid = raw.decode("latin-1")
    if vtype == 0:
        value: int | float | str = r.fields("i4x")[0]     # the value, then the end token
    elif vtype in (1, 2):
        value = r.fields("f4x")[0]
    elif vtype == 3:
        value = resolve_trigstr(r.cstring(), wts, missing)
        r.raw(4)
    else:
        raise MapError(r.source, f"field {fid!r}: unknown value type {vtype} at byte {at}")
    return Modification(fid, vtype, level, column, value)


_SECTION = re.compile(r"\[(.*)\]\s*$")


def parse_profile(data: bytes, wts: WTS | dict[int, str] | None = None,
                  missing: list[int] | None = None) -> dict[str, dict[str, str]]:
    """Parse a profile (``war3mapSkin.txt``, the game's ``*Func.txt``/``*Strings.txt``; UTF-8,
    BOM skipped): section -> key -> value, later keys overriding earlier ones; ``//`` comment
    and stray lines are skipped; values that are exactly ``TRIGSTR_n`` resolve through
    ``wts``. Never raises."""
    text = data.decode("utf-8", errors="replace").lstrip("\ufeff")
    out: dict[str, dict[str, str]] = {}
    section: dict[str, str] | None = None
    for line in re.split(r"\r\n|\n|\r", text):
        line = line.strip()
        if not line or line.startswith("//"):
            continue
        m = _SECTION.match(line)
        if m:
            section = out.setdefault(m.group(1).strip(), {})
        elif section is not None and "=" in line:
            key, value = line.split("=", 1)
            section[key.strip()] = resolve_trigstr(value.strip(), wts, [] if missing is None else missing)
    return out


def load_object_data(read, wts: WTS | None = None, where: str = "") -> ObjectData:
    """The object data of a map. ``read(name)`` gives the bytes of a map file or None (e.g.
    ``MapFiles.read``); ``where`` prefixes file names in errors (``"<map>:"``). A file that
    cannot be read or parsed is left out and its error added to ``ObjectData.errors``."""
    out = ObjectData()
    for name in FILE_NAMES + (SKIN_TXT,):
        try:
            data = read(name)
            if data is None:
                continue
            if name == SKIN_TXT:
                out.skin_profile = parse_profile(data, wts)
                continue
            ext = name.rsplit(".", 1)[1]
            table = parse_object_file(data, ext, f"{where}{name}", wts)
        except MapError as err:
            out.errors.append(str(err))
            continue
        (out.skins if name.startswith("war3mapSkin") else out.tables)[table.kind] = table
    return out


def object_records(data: ObjectData) -> list[ObjectRecord]:
    """The model's records (``natives.objecttypes``) of the map's object data: one per
    object, fields keyed (field id, level) with the later of two writes of a field winning
    (the skin file's after the object file's, as the game layers them)."""
    merged: dict[tuple[str, str], ObjectRecord] = {}
    for tables in (data.tables, data.skins):
        for kind, table in tables.items():
            for obj in table.objects:
                key = (kind, obj.code)
                rec = merged.get(key)
                if rec is None:
                    rec = merged[key] = ObjectRecord(kind, rawcode(obj.code), rawcode(obj.base), obj.custom)
                for mod in obj.modifications:
                    rec.fields[(mod.field, mod.level)] = mod.value
    return list(merged.values())
