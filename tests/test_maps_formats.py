"""maps.w3i / maps.wts / maps.wpm / maps.w3e on the corpus archives and on synthetic files."""

from __future__ import annotations

import os
import re
import struct
import warnings
from pathlib import Path

import pytest

from maps import wpm as wpm_mod
from maps.doo import has_skins, parse_doo
from maps.errors import MapError, MapWarning
from maps.w3e import parse_w3e
from maps.w3i import FLAG_MELEE, parse_w3i
from maps.wpm import BLIGHT, parse_wpm
from maps.wts import WTS, parse_wts, resolve_trigstr

SHARED = Path(__file__).resolve().parents[1].parent / "shared"
MAPS = SHARED / "corpus" / "maps"
needs_shared = pytest.mark.skipif(not MAPS.is_dir(), reason=f"corpus not found at {MAPS} (../shared absent)")


def _has_libmpq() -> bool:
    try:
        import mpq
    except ImportError:
        return False
    return hasattr(mpq, "Archive")


@pytest.fixture
def archive_map():
    """Load a corpus archive by 'folder/file' (skip, or fail under CI, without libmpq)."""
    if not _has_libmpq():
        msg = "libmpq Python binding (import mpq) not installed: run .ci/install-libmpq"
        if os.environ.get("CI"):
            pytest.fail(msg)
        pytest.skip(msg)
    from maps.mapfile import load_map
    return lambda rel: load_map(MAPS / rel)


def _read_member(rel: str, name: str) -> bytes:
    from maps.archive import MapArchive
    with MapArchive(MAPS / rel) as a:
        return a.read(name)


# ---------------------------------------------------------------- w3i on real maps

@needs_shared
def test_w3i_roc_smallest_map(archive_map):
    m = archive_map("archive-smallest-map-roc/test_roc.w3m")
    w = m.w3i
    assert w.version == 18 and w.game_version is None and w.script_mode is None
    assert m.resolve(w.name) == "Smallest Map" and m.resolve(w.author) == "DragonX"
    assert len(w.players) == 1
    p = w.players[0]
    assert (p.id, p.controller, p.race_name, p.fixed_start) == (0, "user", "human", False)
    assert m.resolve(p.name) == "Player 1" and (p.start_x, p.start_y) == (-640.0, 320.0)
    assert len(w.forces) == 1 and m.resolve(w.forces[0].name) == "Force 1"
    assert w.tileset == "L" and (w.playable_width, w.playable_height) == (20, 20)


@needs_shared
def test_w3i_tft_small_wars(archive_map):
    m = archive_map("archive-small-wars-tft/test_tft.w3x")
    w = m.w3i
    assert w.version == 25 and m.resolve(w.name) == "Small Wars" and m.resolve(w.author) == "Rorslae"
    assert [(p.id, p.controller, p.race_name, p.fixed_start) for p in w.players] == [
        (0, "user", "human", True), (1, "computer", "nightelf", True)]
    assert [m.resolve(p.name) for p in w.players] == ["Player 1", "Player 2"]
    assert [(p.start_x, p.start_y) for p in w.players] == [(-1664.0, 1152.0), (1280.0, -1664.0)]
    assert len(w.forces) == 1 and w.forces[0].player_mask == 0xFFFFFFFF
    assert m.resolve(w.recommended_players) == "2"


@needs_shared
def test_w3i_tft_german_globalsynctest(archive_map):
    m = archive_map("archive-dwc-globalsynctest/GlobalSyncTest.w3x")
    w = m.w3i
    assert w.version == 25 and m.resolve(w.name) == "Global Sync Test"
    assert [m.resolve(p.name) for p in w.players] == ["Spieler 1", "Spieler 2"]
    assert [p.race_name for p in w.players] == ["human", "orc"]
    assert [m.resolve(f.name) for f in w.forces] == ["Streitmacht 1", "Streitmacht 2"]
    assert w.forces[1].player_ids == [1]
    assert 1 not in w.forces[0].player_ids and 0 in w.forces[0].player_ids


@needs_shared
def test_w3i_reforged_v31(archive_map):
    m = archive_map("melee-echo-isles/EchoIsles.w3x")
    w = m.w3i
    assert w.version == 31 and w.game_version == (1, 33, 0, 16269) and w.script_mode == 0
    assert m.resolve(w.name) == "Echo Isles" and m.resolve(w.author) == "Blizzard Entertainment"
    assert w.is_melee and w.flags & FLAG_MELEE
    assert [(p.id, p.controller, p.race_name) for p in w.players] == [(0, "user", "human"), (1, "user", "orc")]
    assert [(p.start_x, p.start_y) for p in w.players] == [(-5184.0, 2944.0), (4672.0, 2944.0)]
    assert w.player(1).ally_high_priorities == 1 and w.player(5) is None

    lua = parse_w3i(_read_member("archive-hammerfall-s3-lua/Hammerfall_S3.w3x", "war3map.w3i"))
    assert lua.version == 31 and lua.script_mode == 1 and len(lua.players) == 2


# ---------------------------------------------------------------- w3e / wpm on real maps

# (archive, corners, center offset, world bounds, playable bounds as in main()'s SetCameraBounds)
BOUNDS = [
    ("archive-smallest-map-roc/test_roc.w3m", (33, 33), (-2048.0, -2048.0),
     (-2048, -2048, 2048, 2048), (-1280, -1536, 1280, 1024)),
    ("archive-small-wars-tft/test_tft.w3x", (33, 33), (-2048.0, -2048.0),
     (-2048, -2048, 2048, 2048), (-1920, -1920, 1920, 1408)),
    ("archive-dwc-globalsynctest/GlobalSyncTest.w3x", (65, 65), (-4096.0, -4096.0),
     (-4096, -4096, 4096, 4096), (-3328, -3584, 3328, 3072)),
    ("melee-echo-isles/EchoIsles.w3x", (129, 97), (-8192.0, -6144.0),
     (-8192, -6144, 8192, 6144), (-7424, -5632, 7424, 5120)),
]


@needs_shared
@pytest.mark.parametrize("rel,corners,offset,world,playable", BOUNDS)
def test_w3e_bounds_and_wpm_size(archive_map, rel, corners, offset, world, playable):
    m = archive_map(rel)
    t = m.w3e
    assert t.version == 11 and (t.width, t.height) == corners and t.center_offset == offset
    assert t.world_bounds() == world
    assert t.playable_bounds(m.w3i.camera_complements) == playable
    # the script's SetCameraBounds starts with the same playable rectangle
    x0, y0, x1, y1 = playable
    text = re.sub(r"\s+", "", m.script.decode("utf-8"))
    assert f"SetCameraBounds({x0}.0+GetCameraMargin(CAMERA_MARGIN_LEFT),{y0}.0+" in text
    assert f"{x1}.0-GetCameraMargin(CAMERA_MARGIN_RIGHT),{y1}.0-GetCameraMargin(CAMERA_MARGIN_TOP)" in text
    # pathing grid: 4x4 cells per tile
    p = m.wpm
    assert (p.width, p.height) == (4 * (t.width - 1), 4 * (t.height - 1))
    assert len(p.cells) == p.width * p.height


@needs_shared
def test_wpm_flag_counts_globalsynctest(archive_map):
    p = archive_map("archive-dwc-globalsynctest/GlobalSyncTest.w3x").wpm
    assert p.cells.count(0x40) == 43264 and p.cells.count(0xCE) == 22272
    assert p.count(BLIGHT) == 0
    assert p.flags(0, 0) == 0xCE and p.flags(128, 128) == 0x40
    with pytest.raises(IndexError):
        p.flags(256, 0)


# ---------------------------------------------------------------- wts

@needs_shared
def test_wts_human01_resolves_script_strings():
    folder = MAPS / "campaign-human01"
    wts = parse_wts((folder / "war3map.wts").read_bytes())
    script = (folder / "war3map.j").read_text("ascii")
    assert len(wts) == 147
    assert 'call SetMapName( "TRIGSTR_043" )' in script
    assert wts.resolve("TRIGSTR_043") == "Human01"
    assert 'CreateQuestBJ( bj_QUESTTYPE_REQ_DISCOVERED, "TRIGSTR_064", "TRIGSTR_065"' in script
    assert wts.resolve("TRIGSTR_064") == "Defend Strahnbrad"
    assert wts.resolve("TRIGSTR_065").startswith("Strahnbrad may already be under attack by Orcish forces!")
    assert wts.resolve("TRIGSTR_073") == "Chapter One: The Defense of Strahnbrad"
    assert wts.resolve("TRIGSTR_021") == "Welcome, Prince Arthas. The men and I are honored by your presence."
    missing: list[int] = []
    refs = re.findall(r'"(TRIGSTR_\d+)"', script)
    assert len(refs) == 111
    for ref in refs:
        assert wts.resolve(ref, missing) != ref
    assert missing == []


def test_wts_format_details():
    data = ("\ufeffSTRING 1\r\n{\r\nOne\r\n}\r\n\r\n"
            "STRING 2\r\n// Units: hfoo (Footman), Name\r\n{\r\nline a\r\nline {b} }\r\n}\r\n\r\n"
            "STRING 1\n{\nduplicate\n}\n"
            "STRING -4\n{\nnegative\n}\n"
            "STRING 7\n{\n\n}\n"
            "STRING 1675\n{\nbig\n}\n"
            "STRING 9\n{\nunterminated").encode("utf-8")
    wts = parse_wts(data)
    assert wts.strings == {1: "One", 2: "line a\nline {b} }", 7: "", 1675: "big", 9: "unterminated"}
    assert wts.get("TRIGSTR_001") == wts.get("TRIGSTR_1") == wts.get(1) == "One"
    assert wts.resolve("TRIGSTR_1675") == "big"
    assert wts.resolve("plain text") == "plain text"
    assert wts.resolve("TRIGSTR_002 and more") == "TRIGSTR_002 and more"   # only exact references
    assert parse_wts(b"garbage\x00\xff\nno strings here").strings == {}


def test_unresolved_trigstr_warns_and_stays():
    wts = WTS({1: "x"})
    with pytest.warns(MapWarning, match="TRIGSTR_002"):
        assert wts.resolve("TRIGSTR_002") == "TRIGSTR_002"
    missing: list[int] = []
    with warnings.catch_warnings():
        warnings.simplefilter("error")
        assert resolve_trigstr("TRIGSTR_050", None, missing) == "TRIGSTR_050"
        assert resolve_trigstr("TRIGSTR_001", {1: "y"}, missing) == "y"
    assert missing == [50]


# ---------------------------------------------------------------- synthetic w3i versions

def _cstr(s: str) -> bytes:
    return s.encode() + b"\0"


def build_w3i(version: int) -> bytes:
    """A w3i with 2 players and 2 forces laid out as `version` (18, 25, 28, 31)."""
    out = struct.pack("<3i", version, 3, 6059)
    if version > 27:
        out += struct.pack("<4i", 1, 31, 1, 12345)
    out += b"".join(_cstr(s) for s in ("Map", "Me", "Desc", "2"))
    out += struct.pack("<8f", *range(8)) + struct.pack("<4i", 1, 2, 3, 4) + struct.pack("<2i", 26, 24)
    out += struct.pack("<I", 0x44) + b"L" + struct.pack("<i", -1)
    if version > 24:
        out += _cstr("")
    out += _cstr("ltext") + _cstr("ltitle") + _cstr("lsub") + struct.pack("<i", 2)
    if version > 24:
        out += _cstr("")
    out += _cstr("ptext") + _cstr("ptitle") + _cstr("psub")
    if version > 24:
        out += struct.pack("<i3f4B", 0, 0.0, 1.0, 0.5, 1, 2, 3, 4) + b"RAhr" + _cstr("Lordaeron") + b"L" + bytes(4)
    if version > 27:
        out += struct.pack("<I", 0)
    if version > 30:
        out += struct.pack("<2I", 1, 2)
    out += struct.pack("<i", 2)
    for pid, ptype, race in ((0, 1, 1), (3, 2, 3)):
        out += struct.pack("<4i", pid, ptype, race, 1) + _cstr(f"P{pid}") + struct.pack("<2f2I", 64.0 * pid, -32.0, 0, 1)
        if version > 30:
            out += struct.pack("<2I", 7, 8)
    out += struct.pack("<i", 2)
    out += struct.pack("<2I", 0x03, 0b0001) + _cstr("F1") + struct.pack("<2I", 0x04, 0b1000) + _cstr("F2")
    return out + bytes(16)


@pytest.mark.parametrize("version", [18, 25, 28, 31])
def test_w3i_versions_synthetic(version):
    w = parse_w3i(build_w3i(version))
    assert (w.version, w.name, w.author, w.recommended_players) == (version, "Map", "Me", "2")
    assert w.camera_complements == (1, 2, 3, 4) and (w.playable_width, w.playable_height) == (26, 24)
    assert w.uses_custom_forces and w.is_melee and w.loading_screen == 2
    assert (w.loading_screen_text, w.prologue_screen_subtitle) == ("ltext", "psub")
    assert w.game_version == ((1, 31, 1, 12345) if version > 27 else None)
    assert w.sound_environment == ("Lordaeron" if version > 24 else "")
    assert w.global_weather == ("RAhr" if version > 24 else "")
    assert [(p.id, p.controller, p.race_name, p.name, p.start_x) for p in w.players] == [
        (0, "user", "human", "P0", 0.0), (3, "computer", "undead", "P3", 192.0)]
    assert w.players[1].enemy_low_priorities == (7 if version > 30 else 0)
    assert [(f.name, f.player_ids, f.flags) for f in w.forces] == [("F1", [0], 3), ("F2", [3], 4)]


@pytest.mark.parametrize("version", [18, 25, 28, 31])
def test_w3i_truncated_is_maperror(version):
    data = build_w3i(version)
    for cut in (0, 3, 20, len(data) // 2, len(data) - 30):
        with pytest.raises(MapError, match="war3map.w3i"):
            parse_w3i(data[:cut])
    with pytest.raises(MapError, match="unsupported w3i version"):
        parse_w3i(struct.pack("<i", 7) + data[4:])


# ---------------------------------------------------------------- synthetic wpm / w3e

def test_wpm_synthetic_blight_and_errors():
    cells = bytes([0x40, 0x60, 0x60, 0xCE, 0x08, 0x0A])
    p = parse_wpm(b"MP3W" + struct.pack("<3i", 0, 3, 2) + cells)
    assert (p.width, p.height) == (3, 2)
    assert p.is_blighted(1, 0) and p.is_blighted(2, 0) and not p.is_blighted(0, 0)
    assert p.count(BLIGHT) == 2 and p.count(wpm_mod.NO_WALK) == 2
    p.cells[0] |= BLIGHT                                   # mutable for runtime blight
    assert p.is_blighted(0, 0)
    assert p.flags(1, 1) == 0x08
    with pytest.raises(MapError, match="MP3W"):
        parse_wpm(b"XXXX" + bytes(20))
    with pytest.raises(MapError, match="truncated"):
        parse_wpm(b"MP3W" + struct.pack("<3i", 0, 3, 2) + cells[:5])
    with pytest.raises(MapError, match="size"):
        parse_wpm(b"MP3W" + struct.pack("<3i", 0, -1, 2))


def test_w3e_synthetic_and_errors():
    head = b"W3E!" + struct.pack("<i", 11) + b"X" + struct.pack("<i", 0)
    head += struct.pack("<i", 2) + b"LdrtLgrs" + struct.pack("<i", 1) + b"CLdi"
    head += struct.pack("<2i2f", 17, 9, -1024.0, -512.0)
    t = parse_w3e(head + bytes(7 * 17 * 9))
    assert (t.tileset, t.ground_tiles, t.cliff_tiles) == ("X", ["Ldrt", "Lgrs"], ["CLdi"])
    assert t.world_bounds() == (-1024.0, -512.0, 1024.0, 512.0)
    assert t.playable_bounds((1, 2, 1, 0)) == (-896.0, -384.0, 768.0, 512.0)
    with pytest.raises(MapError, match="W3E!"):
        parse_w3e(b"W3E?" + head[4:])
    with pytest.raises(MapError, match="truncated"):
        parse_w3e(head[:30])
    with pytest.raises(MapError, match="ground tile count"):
        parse_w3e(head[:13] + struct.pack("<i", -5) + head[17:])


# ---------------------------------------------------------------- war3map.doo

def _doo_entry(code: bytes, *, skin: bytes | None, flags: int, life: int,
               item_sets: tuple = (), version: int = 8, editor_id: int = 7) -> bytes:
    data = code + struct.pack("<i7f", 2, 100.0, -200.0, 8.0, 1.5, 1.25, 1.25, 1.25)
    if skin is not None:
        data += skin
    data += struct.pack("<BB", flags, life)
    if version > 7:
        data += struct.pack("<ii", -1, len(item_sets))
        for items in item_sets:
            data += struct.pack("<i", len(items)) + b"".join(c + struct.pack("<i", p) for c, p in items)
    return data + struct.pack("<i", editor_id)


def test_doo_synthetic_layouts_and_errors():
    """Layouts of w3x-spec doo.md and mdx-m3-viewer doodad.ts: version 8 with item sets,
    version 7 without, the skin field of maps saved by 1.32 and later."""
    tree = _doo_entry(b"LTlt", skin=None, flags=2, life=100, item_sets=([(b"ratc", 100)],))
    rock = _doo_entry(b"LRrk", skin=None, flags=2, life=255)
    scripted = _doo_entry(b"LTbr", skin=None, flags=0, life=100)
    d = parse_doo(b"W3do" + struct.pack("<3i", 8, 11, 3) + tree + rock + scripted + bytes(8))
    assert [(e.code, e.life, e.flags) for e in d.entries] == [("LTlt", 100, 2), ("LRrk", 255, 2),
                                                               ("LTbr", 100, 0)]
    e = d.entries[0]
    assert (e.variation, e.x, e.y, e.z, e.angle, e.scale, e.skin, e.editor_id) == (
        2, 100.0, -200.0, 8.0, 1.5, (1.25, 1.25, 1.25), None, 7)
    assert [x.code for x in d.destructables()] == ["LTlt"]     # no doodad, no scripted one
    skinned = _doo_entry(b"ATtr", skin=b"ATtr", flags=6, life=80)
    d = parse_doo(b"W3do" + struct.pack("<3i", 8, 11, 1) + skinned, skins=True)
    assert (d.entries[0].skin, d.entries[0].life) == ("ATtr", 80)
    old = _doo_entry(b"LTlt", skin=None, flags=2, life=100, version=7)
    assert parse_doo(b"W3do" + struct.pack("<3i", 7, 9, 1) + old).entries[0].editor_id == 7
    assert has_skins((1, 32, 1, 14604)) and not has_skins((1, 31, 1, 0)) and not has_skins(None)
    with pytest.raises(MapError, match="W3do"):
        parse_doo(b"W3dx" + bytes(12))
    with pytest.raises(MapError, match="version 9"):
        parse_doo(b"W3do" + struct.pack("<3i", 9, 11, 0))
    with pytest.raises(MapError, match="doodad count"):
        parse_doo(b"W3do" + struct.pack("<3i", 8, 11, -1))
    with pytest.raises(MapError, match=r"war3map.doo.*truncated at byte 16"):
        parse_doo(b"W3do" + struct.pack("<3i", 8, 11, 2) + tree[:10])
    bad_sets = tree[:38] + struct.pack("<ii", -1, 5000)
    with pytest.raises(MapError, match="item set .entry at byte 16. count 5000"):
        parse_doo(b"W3do" + struct.pack("<3i", 8, 11, 1) + bad_sets)


@needs_shared
@pytest.mark.parametrize("rel, entries, destructables, trees", [
    ("melee-echo-isles/EchoIsles.w3x", 2746, 1832, ("LTlt", 1695)),    # 1.33: skins
    ("archive-small-wars-tft/test_tft.w3x", 120, 120, None),             # w3i 25
    ("archive-smallest-map-roc/test_roc.w3m", 84, 84, ("LTlt", 83)),     # doo version 7
])
def test_doo_corpus_maps(archive_map, rel, entries, destructables, trees):
    m = archive_map(rel)
    assert m.doo is not None and not [w for w in m.warnings if "doo" in w]
    assert (len(m.doo.entries), len(m.doo.destructables())) == (entries, destructables)
    if trees:
        assert sum(e.code == trees[0] for e in m.doo.destructables()) == trees[1]


def test_doo_destructables_exist_at_map_start(tmp_path):
    """A map folder's war3map.doo: its destructables exist before the script runs, with the
    file's point, facing (radians as degrees), scale, variation and life percent (0: dead);
    doodads (life 255) and the entries the script creates itself (flags 0) are not created."""
    from maps.scenario_runner import JassGame
    entries = [_doo_entry(b"LTlt", skin=None, flags=2, life=100),
               _doo_entry(b"LTlt", skin=None, flags=2, life=50),
               _doo_entry(b"LTlt", skin=None, flags=2, life=0),
               _doo_entry(b"LRrk", skin=None, flags=2, life=255),
               _doo_entry(b"LTbr", skin=None, flags=0, life=100)]
    (tmp_path / "war3map.doo").write_bytes(
        b"W3do" + struct.pack("<3i", 8, 11, len(entries)) + b"".join(entries) + bytes(8))
    (tmp_path / "war3map.j").write_text(
        "function config takes nothing returns nothing\nendfunction\n"
        "function main takes nothing returns nothing\nendfunction\n")
    game = JassGame().load(tmp_path).session.game
    made = sorted(game.units.destructables.values(), key=lambda d: d.serial)
    assert [(d.type_id, d.x, d.y, d.z, d.scale, d.variation) for d in made] == [
        (0x4C546C74, 100.0, -200.0, 8.0, 1.25, 2)] * 3
    assert abs(made[0].facing - 85.94366926962348) < 1e-9            # 1.5 rad
    life = made[0].max_life
    assert [(d.life, d.dead) for d in made] == [(life, False), (life / 2, False), (0.0, True)]
