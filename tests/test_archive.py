"""maps.archive and maps.mapfile: MPQ map archives (libmpq), map folders, bare scripts."""

from __future__ import annotations

import hashlib
import os
import random
from pathlib import Path

import pytest

from maps.archive import MapArchive, looks_like_archive
from maps.errors import MapError
from maps.mapfile import load_map

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
def libmpq():
    """Skip (fail under CI) when libmpq's Python binding is missing."""
    if not _has_libmpq():
        msg = "libmpq Python binding (import mpq) not installed: run .ci/install-libmpq"
        if os.environ.get("CI"):
            pytest.fail(msg)
        pytest.skip(msg)


# (folder, file, archive sha256, MPQ offset, listfile entries, script size, script sha256) from MANIFEST.md
JASS_ARCHIVES = [
    ("archive-smallest-map-roc", "test_roc.w3m",
     "90563a6f83b2ec7c191a81ef70a03109b13fa6efdc81a78bded2d5413476d57e", 512, 15,
     7069, "29127f5043e34030bc3482fdaf2f86d02b0d7acd30b2c858a060de7c78611731"),
    ("archive-small-wars-tft", "test_tft.w3x",
     "8c3179729d8321c2b530b69f09dbab2897a0a10d5af3cf6505a13f06fe5bd733", 512, 15,
     14115, "2903057bb8d5b00fa8dc354c6314f41ad29fcc27905a490a99f498b5e6eea132"),
    ("archive-dwc-globalsynctest", "GlobalSyncTest.w3x",
     "5e9c646b22300e4d03af5e44f88ef9bdde2aa207debfe0ed5d96859d83116b52", 512, 14,
     7806, "54991a2a3dcfd46ef794a612b7ef8886d0f6afa7ee89a1ef9428b6a5e9653be3"),
]
LUA_ARCHIVE = ("archive-hammerfall-s3-lua", "Hammerfall_S3.w3x",
               "36bc321ecbcc2829bee92f118ad4a665ff508783039e831cd19f35ccaca86cf5")


def sha(data: bytes) -> str:
    return hashlib.sha256(data).hexdigest()


@needs_shared
def test_every_corpus_archive_is_covered():
    folders = sorted(p.name for p in MAPS.glob("archive-*"))
    assert folders == sorted([a[0] for a in JASS_ARCHIVES] + [LUA_ARCHIVE[0]])


@needs_shared
@pytest.mark.parametrize("folder,name,archive_sha,offset,entries,size,script_sha", JASS_ARCHIVES)
def test_archive_opens_and_script_matches_manifest(libmpq, folder, name, archive_sha, offset, entries, size, script_sha):
    path = MAPS / folder / name
    assert sha(path.read_bytes()) == archive_sha
    assert looks_like_archive(path)
    with MapArchive(path) as archive:
        assert archive.offset == offset          # HM3W: MPQ header at byte 512
        names = archive.names()
        assert len(names) == entries
        assert "war3map.j" in names and "war3map.w3i" in names
        script = archive.read("war3map.j")
    assert len(script) == size and sha(script) == script_sha

    m = load_map(path)
    assert m.kind == "archive" and m.script_name == "war3map.j"
    assert sha(m.script) == script_sha
    assert m.w3i is not None and m.wts is not None and m.wpm is not None and m.w3e is not None
    assert m.warnings == []


@needs_shared
def test_lua_map_gives_clear_error(libmpq):
    folder, name, archive_sha = LUA_ARCHIVE
    path = MAPS / folder / name
    assert sha(path.read_bytes()) == archive_sha
    with MapArchive(path) as archive:                # the archive itself is fine
        assert archive.offset == 0
        assert len(archive.read("war3map.lua")) == 36609
        assert "war3map.j" not in archive
    with pytest.raises(MapError, match="Lua maps are not supported") as info:
        load_map(path)
    assert info.value.path == str(path)
    assert "\n" not in str(info.value)


@needs_shared
def test_echo_isles_archive_script_equals_extracted_copy(libmpq):
    folder = MAPS / "melee-echo-isles"
    m = load_map(folder / "EchoIsles.w3x")
    extracted = (folder / "war3map.j").read_bytes()
    assert m.script.replace(b"\r\n", b"\n") == extracted
    assert m.w3i.version == 31 and m.w3i.script_mode == 0


@needs_shared
def test_member_lookup_is_case_insensitive_and_missing_member_is_maperror(libmpq):
    path = MAPS / "archive-small-wars-tft" / "test_tft.w3x"
    with MapArchive(path) as archive:
        assert archive.read("WAR3MAP.J") == archive.read("war3map.j")
        assert "War3Map.W3i" in archive
        assert archive.read_optional("nothing.txt") is None
        with pytest.raises(MapError, match="not found"):
            archive.read("scripts/common.j")
    m = load_map(path)
    assert m.read("WAR3MAP.W3I") == m.read("war3map.w3i") is not None
    assert m.read("war3map.w3u") is not None            # not eager: read from the archive on demand
    assert m.read("scripts\\common.j") is None
    assert m.api_files() == {}


def _corruptions(src: bytes):
    rnd = random.Random(1234)
    garbled = bytearray(src)
    for _ in range(3000):
        garbled[rnd.randrange(512, len(garbled))] = rnd.randrange(256)
    tables_zeroed = bytearray(src)
    tables_zeroed[-2000:] = bytes(2000)                  # hash/block tables live at the end
    return {
        "empty": b"",
        "text": b"this is not a map\n" * 50,
        "header-only": src[:600],
        "truncated-1000": src[:1000],
        "truncated-half": src[: len(src) // 2],
        "truncated-end": src[:-64],
        "garbled": bytes(garbled),
        "tables-zeroed": bytes(tables_zeroed),
        "hm3w-no-mpq": src[:512] + bytes(len(src) - 512),
    }


@needs_shared
@pytest.mark.parametrize("case", list(_corruptions(b"x" * 4096)))
@pytest.mark.parametrize("archive", ["archive-small-wars-tft/test_tft.w3x",
                                     "archive-smallest-map-roc/test_roc.w3m"])
def test_corrupted_archive_gives_maperror(libmpq, tmp_path, archive, case):
    src = (MAPS / archive).read_bytes()
    bad = tmp_path / ("bad" + Path(archive).suffix)
    bad.write_bytes(_corruptions(src)[case])
    try:
        m = load_map(bad)
    except MapError as e:
        assert str(bad) in str(e) and "\n" not in str(e)
        return
    # A corruption libmpq cannot notice (e.g. inside an unused file) may still load;
    # the script must then be intact.
    assert sha(m.script) == sha(load_map(MAPS / archive).script)


@needs_shared
def test_garbled_script_data_gives_maperror_naming_the_member(libmpq, tmp_path):
    import mpq
    path = MAPS / "archive-small-wars-tft" / "test_tft.w3x"
    with mpq.Archive(str(path)) as a:
        start, size = a.offset + a["war3map.j"].offset, a["war3map.j"].packed_size
    data = bytearray(path.read_bytes())
    for i in range(start + 100, start + size - 10, 7):
        data[i] ^= 0x5A
    bad = tmp_path / "garbled.w3x"
    bad.write_bytes(bytes(data))
    with pytest.raises(MapError, match="cannot read file") as info:
        load_map(bad)
    assert info.value.path == f"{bad}:war3map.j"


def test_missing_path_and_bad_archive_are_maperrors(libmpq, tmp_path):
    with pytest.raises(MapError, match="no such"):
        load_map(tmp_path / "nope.w3x")
    with pytest.raises(MapError, match="no such archive"):
        MapArchive(tmp_path / "nope.w3x")
    fake = tmp_path / "fake.w3x"
    fake.write_bytes(b"PK\x03\x04 not an mpq")
    with pytest.raises(MapError, match="not an MPQ archive"):
        load_map(fake)


def _write_mpq(path: Path, files: dict[str, bytes], hm3w: bool = False) -> Path:
    import mpq
    raw = path.with_suffix(".raw")
    with mpq.Writer(str(raw)) as w:
        for name, data in files.items():
            w.add(name, data)
    data = raw.read_bytes()
    if hm3w:
        header = b"HM3W\0\0\0\0Synthetic\0"
        data = header + bytes(512 - len(header)) + data
    path.write_bytes(data)
    return path


SCRIPT = b"function main takes nothing returns nothing\r\nendfunction\r\n"


@pytest.mark.parametrize("hm3w", [False, True])
def test_synthetic_archive_without_listfile(libmpq, tmp_path, hm3w):
    path = _write_mpq(tmp_path / "syn.w3x", {
        "scripts\\war3map.j": SCRIPT,
        "scripts\\common.j": b"type agent extends handle\n",
        "Scripts\\Blizzard.j": b"globals\nendglobals\n",
        "h02_red.ai": b"// ai script\n",
    }, hm3w=hm3w)
    with MapArchive(path) as archive:
        assert archive.offset == (512 if hm3w else 0)
        assert archive.names() == []                   # no (listfile): names are probed
    m = load_map(path)
    assert m.script == SCRIPT and m.script_name == "scripts\\war3map.j"
    assert m.api_files() == {"common.j": b"type agent extends handle\n", "Blizzard.j": b"globals\nendglobals\n"}
    assert m.read("H02_RED.AI") == b"// ai script\n"     # unlisted: read on demand
    assert m.w3i is None and m.wts is None


def test_synthetic_archive_with_listfile_loads_ai_files_eagerly(libmpq, tmp_path):
    files = {"war3map.j": SCRIPT, "h02_red.ai": b"// red\n", "war3mapImported\\x.mdx": b"MDLX"}
    files["(listfile)"] = "\r\n".join(files).encode()
    m = load_map(_write_mpq(tmp_path / "syn.w3m", files))
    assert m.files["h02_red.ai"] == b"// red\n"
    assert "war3mapImported\\x.mdx" not in m.files
    assert m.read("war3mapimported/X.MDX") == b"MDLX"


def test_synthetic_archive_without_script(libmpq, tmp_path):
    path = _write_mpq(tmp_path / "noscript.w3x", {"war3map.w3i": b"\x19\0\0\0"})
    with pytest.raises(MapError, match="no war3map.j"):
        load_map(path)
    lua = _write_mpq(tmp_path / "lua.w3x", {"war3map.lua": b"function main() end"})
    with pytest.raises(MapError, match="Lua maps are not supported"):
        load_map(lua)


def test_folder_and_bare_script(tmp_path):
    folder = tmp_path / "MyMap.w3x"
    (folder / "scripts").mkdir(parents=True)
    (folder / "scripts" / "war3map.j").write_bytes(SCRIPT)
    (folder / "War3Map.wts").write_bytes(b"\xef\xbb\xbfSTRING 1\r\n{\r\nMy Map\r\n}\r\n")
    (folder / "war3map.w3i").write_bytes(b"\x19\0\0\0")     # truncated: a warning, not an error
    m = load_map(folder)
    assert m.kind == "folder" and m.script == SCRIPT and m.script_name == "scripts\\war3map.j"
    assert m.resolve("TRIGSTR_001") == "My Map"
    assert m.w3i is None and len(m.warnings) == 1 and "war3map.w3i" in m.warnings[0]
    assert m.read("SCRIPTS/WAR3MAP.J") == SCRIPT

    bare_dir = tmp_path / "bare"
    bare_dir.mkdir()
    (bare_dir / "war3map.j").write_bytes(SCRIPT)
    m = load_map(bare_dir / "war3map.j")
    assert m.kind == "script" and m.wts is None and m.script == SCRIPT

    (tmp_path / "empty").mkdir()
    with pytest.raises(MapError, match="no war3map.j"):
        load_map(tmp_path / "empty")
    (tmp_path / "luamap").mkdir()
    (tmp_path / "luamap" / "war3map.lua").write_text("function main() end")
    with pytest.raises(MapError, match="Lua maps are not supported"):
        load_map(tmp_path / "luamap")


@needs_shared
def test_campaign_folder_and_bare_script_load_wts():
    folder = MAPS / "campaign-human01"
    for m in (load_map(folder), load_map(folder / "war3map.j")):
        assert sha(m.script) == "45bd9a06b1fc43d82d6bd61ab4674adaa4c76d333ed32fc8270fc1ab9abcac0a"
        assert m.wts is not None and m.resolve("TRIGSTR_043") == "Human01"
