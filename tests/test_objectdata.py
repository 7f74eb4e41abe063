"""maps.objectdata: every object data file of the corpus map folders and of test_tft.w3x,
checked against an independent walk of the file's records; versions 1, 2 and 3; skins;
TRIGSTR resolution; bad files."""

from __future__ import annotations

import os
import struct

import pytest

from maps.errors import MapError
from maps.mapfile import load_map
from maps.objectdata import KINDS, LEVELED, parse_object_file, parse_profile
from maps.wts import parse_wts
from tests.conftest import SHARED, shared_path

FOLDERS = ("custom-mcfc", "custom-tribute-alliance")


def _walk(data: bytes, leveled: bool) -> list[tuple[str, str, int]]:
    """A minimal reader written apart from the parser: (base, new id, modification count) of
    every object of both tables, version 1/2 layout (what the corpus files use). Asserts
    the walk ends exactly at the end of the file."""
    pos = 4
    out = []
    for _table in range(2):
        (n,) = struct.unpack_from("<i", data, pos)
        pos += 4
        for _ in range(n):
            base, new = data[pos:pos + 4].decode("latin-1"), data[pos + 4:pos + 8].decode("latin-1")
            (m,) = struct.unpack_from("<i", data, pos + 8)
            pos += 12
            for _ in range(m):
                (vtype,) = struct.unpack_from("<i", data, pos + 4)
                pos += 8 + (8 if leveled else 0)
                pos = data.index(b"\0", pos) + 1 if vtype == 3 else pos + 4
                pos += 4
            out.append((base, new, m))
    assert pos == len(data)
    return out


def _corpus_files():
    """(folder, extension) of every object data file the corpus map folders hold (neither
    has a war3map.w3q)."""
    for folder in FOLDERS:
        for ext in KINDS:
            if (SHARED / "corpus" / "mapfolders" / folder / f"war3map.{ext}").exists():
                yield folder, ext


@pytest.mark.parametrize("folder,ext", list(_corpus_files()))
def test_every_modification_of_the_corpus_map_folders_is_parsed(folder, ext):
    """Each object data file of both corpus map folders: the parser's objects and their
    modification counts equal the independent walk, the header counts of both tables
    match, and the folder loads with no warning about its object data."""
    path = shared_path("corpus", "mapfolders", folder, f"war3map.{ext}")
    data = path.read_bytes()
    table = parse_object_file(data, ext)
    walked = _walk(data, ext in LEVELED)
    assert [(o.base, o.code if o.custom else "\0\0\0\0", len(o.modifications)) for o in table.objects] == walked
    (original,) = struct.unpack_from("<i", data, 4)
    assert len(table.original) == original
    assert table.version == 2 and table.kind == KINDS[ext]
    m = load_map(path.parent)
    assert m.objects.tables[KINDS[ext]].modification_count() == sum(n for _b, _n, n in walked) > 0
    assert not [w for w in m.warnings if f"war3map.{ext}" in w]


def test_test_tft_archive_carries_six_modified_stock_units():
    """test_tft.w3x's war3map.w3u, read from the archive: six stock units modified (54
    modifications, as the independent walk counts); the knight's life is 860 there."""
    pytest.importorskip("mpq")
    path = shared_path("corpus", "maps", "archive-small-wars-tft", "test_tft.w3x")
    m = load_map(path)
    data = m.read("war3map.w3u")
    walked = _walk(data, False)
    table = m.objects.tables["unit"]
    assert [(o.base, len(o.modifications)) for o in table.objects] == [(b, n) for b, _new, n in walked]
    assert sum(n for _b, _new, n in walked) == table.modification_count() == 54
    assert not table.custom
    knight = next(o for o in table.objects if o.code == "hkni")
    assert {x.field: x.value for x in knight.modifications}["uhpm"] == 860


def test_string_values_resolve_through_the_maps_trigger_strings():
    """Every string value written as TRIGSTR_n in tribute-alliance's files reads as the
    wts entry once the table is given (and stays, listed as missing, without it)."""
    folder = shared_path("corpus", "mapfolders", "custom-tribute-alliance")
    wts = parse_wts((folder / "war3map.wts").read_bytes())
    checked = unresolved = 0
    for _folder, ext in (f for f in _corpus_files() if f[0] == folder.name):
        data = (folder / f"war3map.{ext}").read_bytes()
        raw, resolved = parse_object_file(data, ext), parse_object_file(data, ext, wts=wts)
        assert not resolved.missing
        unresolved += len(raw.missing)
        for a, b in zip(raw.objects, resolved.objects):
            for x, y in zip(a.modifications, b.modifications):
                if x.type == 3 and str(x.value).startswith("TRIGSTR_"):
                    assert y.value == wts.get(x.value)
                    checked += 1
    assert checked == unresolved > 400


def test_the_reforged_map_reads_its_skin_profile():
    """custom-mcfc carries war3mapSkin.txt: its [FrameDef] strings resolve through the wts."""
    m = load_map(shared_path("corpus", "mapfolders", "custom-mcfc"))
    frame = m.objects.skin_profile["FrameDef"]
    assert frame["LUMBER"] == m.wts.get("TRIGSTR_3901")
    assert "InfoPanelIconArmorDivine" in m.objects.skin_profile["CustomSkin"]


# -- synthetic files: the three versions, skins, bad input ------------------------------

def _mod(fid: str, vtype: int, value, level: int | None = None, column: int = 0) -> bytes:
    out = fid.encode() + struct.pack("<i", vtype)
    if level is not None:
        out += struct.pack("<ii", level, column)
    if vtype == 0:
        out += struct.pack("<i", value)
    elif vtype in (1, 2):
        out += struct.pack("<f", value)
    else:
        out += value.encode() + b"\0"
    return out + b"\0\0\0\0"


def _file(version: int, original: list, custom: list, sets: tuple = (0,)) -> bytes:
    out = struct.pack("<i", version)
    for table in (original, custom):
        out += struct.pack("<i", len(table))
        for base, new, mods in table:
            out += base.encode() + (new.encode() if new else b"\0\0\0\0")
            if version >= 3:
                out += struct.pack("<i", len(sets)) + b"".join(struct.pack("<i", s) for s in sets)
            out += struct.pack("<i", len(mods)) + b"".join(mods)
    return out


@pytest.mark.parametrize("version", [1, 2, 3])
def test_each_format_version_reads_units_and_leveled_abilities(version):
    units = _file(version, [("hfoo", None, [_mod("uhpm", 0, 500)])],
                  [("hfoo", "h000", [_mod("unam", 3, "Guard"), _mod("umvs", 0, 300),
                                     _mod("uhpr", 2, 0.5)])])
    t = parse_object_file(units, "w3u")
    assert [(o.base, o.code, o.custom) for o in t.objects] == [("hfoo", "hfoo", False), ("hfoo", "h000", True)]
    assert [(x.field, x.value) for x in t.custom[0].modifications] == [("unam", "Guard"), ("umvs", 300), ("uhpr", 0.5)]
    assert t.custom[0].sets == ((0,) if version == 3 else ())
    abil = _file(version, [], [("AHbz", "A000", [_mod("Hbz2", 1, 30.0, 1, 2), _mod("Hbz2", 1, 45.0, 2, 2),
                                                   _mod("anam", 3, "Ice", 0)])])
    a = parse_object_file(abil, "w3a").custom[0]
    assert [(x.field, x.level, x.column, x.value) for x in a.modifications] == \
        [("Hbz2", 1, 2, 30.0), ("Hbz2", 2, 2, 45.0), ("anam", 0, 0, "Ice")]


def test_skin_files_are_kept_apart_from_the_object_tables(tmp_path):
    """war3mapSkin.w3u (1.32+) holds skin fields of the same objects: parsed into
    ``ObjectData.skins``, counted with the units."""
    (tmp_path / "war3map.j").write_text("function main takes nothing returns nothing\nendfunction\n")
    (tmp_path / "war3map.w3u").write_bytes(_file(2, [], [("hfoo", "h000", [_mod("uhpm", 0, 900)])]))
    (tmp_path / "war3mapSkin.w3u").write_bytes(_file(3, [], [("hfoo", "h000", [_mod("umdl", 3, "x.mdl")])], (1,)))
    m = load_map(tmp_path)
    assert m.objects.skins["unit"].custom[0].modifications[0].value == "x.mdl"
    assert m.objects.counts()["unit"] == (0, 2, 2)


@pytest.mark.parametrize("data,message", [
    (b"\x02\0\0", "truncated at byte 0"),
    (struct.pack("<i", 7), "unsupported object data version 7 at byte 0"),
    (struct.pack("<ii", 2, -1), "bad object count -1 at byte 4"),
    (_file(2, [], [("hfoo", "h000", [_mod("uhpm", 0, 1)])])[:-6], "truncated at byte"),
    (_file(2, [], [("hfoo", "h000", [b"uhpm" + struct.pack("<ii", 9, 0) + b"\0" * 4])]), "unknown value type 9 at byte 28"),
    (_file(2, [], []) + b"\0", "1 unexpected bytes after the custom table at byte 12"),
    (_file(2, [], [("hfoo", None, [])]), "without a new id at byte 12"),
])
def test_bad_files_name_the_file_and_the_offset(data, message):
    with pytest.raises(MapError) as err:
        parse_object_file(data, "w3u", "m.w3x:war3map.w3u")
    assert str(err.value).startswith("m.w3x:war3map.w3u: ") and message in str(err.value)


def test_a_bad_object_file_is_a_load_warning_not_a_failure(tmp_path):
    (tmp_path / "war3map.j").write_text("function main takes nothing returns nothing\nendfunction\n")
    (tmp_path / "war3map.w3a").write_bytes(struct.pack("<i", 99))
    m = load_map(tmp_path)
    assert "ability" not in m.objects.tables
    assert m.warnings == [f"{tmp_path}:war3map.w3a: unsupported object data version 99 at byte 0 (known: 1, 2, 3)"]


def test_skin_profile_sections_keys_and_strings():
    got = parse_profile(b"\xef\xbb\xbf// note\n[A]\nk=TRIGSTR_1\n x = 2 \nstray\n[B]\nk=v=w\n", {1: "one"})
    assert got == {"A": {"k": "one", "x": "2"}, "B": {"k": "v=w"}}
