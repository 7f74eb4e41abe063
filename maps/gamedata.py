"""The game's own object tables, read from a folder the user extracted from their copy of the
game (``--game-data DIR`` or ``JASS_GAME_DATA``); the project never ships them.

Files read (names matched case-insensitively, under ``Units\\`` of the folder):
``UnitMetaData.slk`` and ``AbilityMetaData.slk`` (which field id lives in which table and
column), ``UnitData.slk``, ``UnitBalance.slk``, ``UnitWeapons.slk``, ``UnitAbilities.slk``,
``UnitUI.slk``, ``ItemData.slk``, ``AbilityData.slk``, ``DestructableData.slk`` and its
``DestructableMetaData.slk``, and every ``*.txt`` profile there (``HumanUnitFunc.txt``,
``ItemStrings.txt``...: ``[rawcode]`` sections whose keys are the metadata's ``field``
names). Only ``UnitMetaData.slk`` is required; a missing table leaves its fields to the next
layer (``natives.objecttypes``).

SLK (SYLK) is a text format: ``C;X<col>;Y<row>;K<value>`` cells (``X``/``Y`` omitted keep the
previous column/row; ``F`` records move the cursor too), row 1 the headers, ``K"text"`` or
``K<number>``. A metadata row gives ``ID`` (the field id, 'uhpm'), ``field`` (the column or
profile key, "HP"), ``slk`` (the table, "UnitBalance", or "Profile"), ``index`` (an element of
a comma-separated value, -1 for the whole), ``repeat`` (levelled: one column per level),
``data`` (1 = "DataA"...), ``type``, ``useUnit``/``useHero``/``useBuilding``/``useItem`` and,
for abilities, ``useSpecific``/``notSpecific`` (rawcode lists). A levelled column is
``field + data letter + level`` ("DataB1", "Cool2"); past the table's last level column the
last one holds (the game's tables stop at level 4).

The result is one ``natives.objecttypes.ObjectRecord`` per stock object, fields keyed
(field id, level) as the map's own object data is.
"""
from __future__ import annotations

import os
import re
from pathlib import Path

from maps.errors import MapError
from maps.objectdata import parse_profile
from natives.objecttypes import ObjectRecord
from natives.unitdata import rawcode

MAX_GAME_FILE = 64 << 20
UNIT_TABLES = ("UnitData", "UnitBalance", "UnitWeapons", "UnitAbilities", "UnitUI")
_NUMBER = re.compile(r"-?\d+(\.\d*)?([eE][-+]?\d+)?$")


def parse_slk(data: bytes, source: str) -> dict[str, dict[str, object]]:
    """Rows of an SLK table keyed by their first column, each {header: value} (str, int or
    float). Raises MapError (naming ``source``) when it has no ``ID`` record or headers."""
    text = data.decode("utf-8", errors="replace").lstrip("\ufeff")
    lines = re.split(r"\r\n|\n|\r", text)
    if not lines or not lines[0].startswith("ID"):
        raise MapError(source, "not an SLK table (no ID record on line 1)")
    cells: dict[int, dict[int, object]] = {}
    x = y = 1
    for line in lines[1:]:
        kind, _, rest = line.partition(";")
        if kind not in ("C", "F"):
            continue
        value = None
        for part in _fields(rest):
            if part[:1] == "X" and part[1:].isdigit():
                x = int(part[1:])
            elif part[:1] == "Y" and part[1:].isdigit():
                y = int(part[1:])
            elif part[:1] == "K" and kind == "C":
                value = _value(part[1:])
        if value is not None:
            cells.setdefault(y, {})[x] = value
    headers = cells.pop(1, None)
    if not headers:
        raise MapError(source, "SLK table without a header row")
    rows: dict[str, dict[str, object]] = {}
    for _y, row in sorted(cells.items()):
        first = row.get(min(headers))
        if first is None:
            continue
        rows.setdefault(str(first), {str(headers[c]): v for c, v in row.items() if c in headers})
    return rows


def _fields(rest: str) -> list[str]:
    """The ``;``-separated fields of a record; a quoted ``K"..."`` value may hold ``;``."""
    out, i = [], 0
    while i < len(rest):
        if rest.startswith('K"', i):
            end = rest.find('"', i + 2)
            end = len(rest) if end < 0 else end + 1
        else:
            end = rest.find(";", i)
            end = len(rest) if end < 0 else end
        out.append(rest[i:end])
        i = end + 1
    return out


def _value(text: str) -> object:
    if text.startswith('"'):
        return text[1:-1] if text.endswith('"') and len(text) > 1 else text[1:]
    if _NUMBER.match(text):
        return float(text) if any(c in text for c in ".eE") else int(text)
    return text


def _find(folder: Path, name: str) -> Path | None:
    """``folder/Units/name`` (or ``folder/name``), parts matched case-insensitively."""
    for base in (folder / "Units", folder / "units", folder):
        if not base.is_dir():
            continue
        for entry in base.iterdir():
            if entry.name.lower() == name.lower() and entry.is_file():
                return entry
    return None


def _read(path: Path) -> bytes:
    try:
        if path.stat().st_size > MAX_GAME_FILE:
            raise MapError(path, f"larger than {MAX_GAME_FILE} bytes")
        return path.read_bytes()
    except OSError as err:
        raise MapError(path, f"cannot read: {err.strerror or err}") from None


def _table(folder: Path, name: str) -> dict[str, dict[str, object]]:
    path = _find(folder, f"{name}.slk")
    return parse_slk(_read(path), str(path)) if path is not None else {}


def _convert(value: object, kind: str) -> object:
    """A profile or SLK value as the metadata ``type`` says: int/bool -> int, real/unreal ->
    float, anything else stays text ("-" and "_" are the tables' empty cells)."""
    if isinstance(value, str):
        if value in ("-", "_"):
            value = ""
        if kind in ("int", "bool", "real", "unreal"):
            try:
                return float(value) if kind in ("real", "unreal") else int(float(value))
            except ValueError:
                return value
        return value
    if kind in ("real", "unreal"):
        return float(value)
    if kind in ("int", "bool"):
        return int(value)
    return value


def _element(value: object, index: int) -> object:
    if index < 0 or not isinstance(value, str):
        return value
    items = value.split(",")
    return items[index] if index < len(items) else ""


def _meta(folder: Path, name: str) -> list[dict[str, object]]:
    return list(_table(folder, name).values())


class GameData:
    """The stock objects of an extracted game data folder: ``records`` (ObjectRecord per
    object), ``files`` (the files read, for the run's identity)."""

    def __init__(self, folder: str | os.PathLike) -> None:
        self.folder = Path(folder)
        if not self.folder.is_dir():
            raise MapError(self.folder, "game data folder does not exist")
        if _find(self.folder, "UnitMetaData.slk") is None:
            raise MapError(self.folder, "no Units\\UnitMetaData.slk: not an extracted game data folder")
        self.profile: dict[str, dict[str, str]] = {}
        base = next((b for b in (self.folder / "Units", self.folder / "units", self.folder) if b.is_dir()))
        self.files = sorted(p for p in base.iterdir() if p.is_file() and p.suffix.lower() in (".slk", ".txt"))
        for path in self.files:
            if path.suffix.lower() == ".txt":
                for section, keys in parse_profile(_read(path)).items():
                    self.profile.setdefault(section, {}).update(keys)
        self.records: list[ObjectRecord] = []
        unit_meta = _meta(self.folder, "UnitMetaData")
        unit_tables = {name: _table(self.folder, name) for name in UNIT_TABLES}
        items = {"ItemData": _table(self.folder, "ItemData")}
        self._objects("unit", unit_meta, unit_tables, ("useUnit", "useHero", "useBuilding"))
        self._objects("item", unit_meta, items, ("useItem",))
        self._objects("destructable", _meta(self.folder, "DestructableMetaData"),
                      {"DestructableData": _table(self.folder, "DestructableData")}, ())
        self._abilities(_meta(self.folder, "AbilityMetaData"), _table(self.folder, "AbilityData"))

    def _profile_value(self, code: str, key: str) -> object:
        return self.profile.get(code, {}).get(key)

    def _objects(self, kind: str, meta, tables: dict[str, dict], uses: tuple[str, ...]) -> None:
        rows = [m for m in meta if not uses or any(m.get(u) == 1 for u in uses)]
        codes = sorted({code for table in tables.values() for code in table})
        for code in codes:
            if len(code) != 4:
                continue
            fields: dict[tuple[str, int], object] = {}
            for m in rows:
                slk, column = str(m.get("slk", "")), str(m.get("field", ""))
                if slk == "Profile":
                    value = self._profile_value(code, column)
                else:
                    value = tables.get(slk, {}).get(code, {}).get(column)
                if value is None:
                    continue
                index = m.get("index", -1)
                fields[(str(m["ID"]), 0)] = _convert(_element(value, index if isinstance(index, int) else -1),
                                                     str(m.get("type", "")))
            self.records.append(ObjectRecord(kind, rawcode(code), rawcode(code), False, fields))

    def _abilities(self, meta, table: dict[str, dict]) -> None:
        for code, row in sorted(table.items()):
            if len(code) != 4:
                continue
            levels = row.get("levels")
            levels = levels if isinstance(levels, int) and levels > 0 else 1
            fields: dict[tuple[str, int], object] = {}
            for m in meta:
                specific = str(m.get("useSpecific", "") or "")
                if specific and code not in specific.split(",") and str(row.get("code", "")) not in specific.split(","):
                    continue
                if code in str(m.get("notSpecific", "") or "").split(","):
                    continue
                fid, column, kind = str(m["ID"]), str(m.get("field", "")), str(m.get("type", ""))
                data = int(m.get("data", 0) or 0)
                column += chr(ord("A") + data - 1) if data > 0 else ""
                if int(m.get("repeat", 0) or 0) <= 0:
                    value = self._profile_value(code, column) if m.get("slk") == "Profile" else row.get(column)
                    if value is not None:
                        fields[(fid, 0)] = _convert(value, kind)
                    continue
                last = None
                for level in range(1, levels + 1):
                    if m.get("slk") == "Profile":
                        listed = self._profile_value(code, column)
                        value = _element(listed, level - 1) if isinstance(listed, str) else None
                    else:
                        value = row.get(f"{column}{level}", last)
                    if value is not None:
                        fields[(fid, level)] = _convert(value, kind)
                        last = value
            self.records.append(ObjectRecord("ability", rawcode(code), rawcode(code), False, fields))
