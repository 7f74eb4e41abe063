"""Map input limits (issue 16, items 3 and 4): no filesystem walk for a map folder, special
files refused at once, archive members checked against their sizes before anything is
decompressed, and a total for everything read eagerly."""
from __future__ import annotations

import os
import tracemalloc
from pathlib import Path

import pytest

from jassvm.source import MAX_SOURCE_BYTES
from maps import archive as archive_module
from maps import mapfile
from maps.errors import MapError
from maps.mapfile import load_map

SCRIPT = b"function main takes nothing returns nothing\nendfunction\n"


def _has_libmpq() -> bool:
    try:
        import mpq
    except ImportError:
        return False
    return hasattr(mpq, "Writer")


needs_libmpq = pytest.mark.skipif(not _has_libmpq() and not os.environ.get("CI"),
                                  reason="libmpq Python binding (import mpq) not installed")


def write_mpq(path: Path, files: dict[str, bytes], compress: bool = False) -> Path:
    import mpq
    options = mpq.FileCreateOptions.compressed(mpq.COMPRESSION_ZLIB, mpq.COMPRESSION_ZLIB) \
        if compress else None
    with mpq.Writer(str(path)) as w:
        for name, data in files.items():
            w.add(name, data, options)
    return path


@pytest.fixture
def no_walk(monkeypatch):
    def walk(*args, **kwargs):
        raise AssertionError("os.walk called: a map folder must not be walked")
    monkeypatch.setattr(os, "walk", walk)


# ------------------------------------------------------------------------- folders

def test_jass_run_on_the_root_folder_answers_at_once(no_walk, monkeypatch, opened):
    scanned, scandir = [], os.scandir

    def recording(path):
        scanned.append(path)
        return scandir(path)

    monkeypatch.setattr(os, "scandir", recording)
    with pytest.raises(MapError, match="map has no war3map.j"):
        load_map("/")
    assert len(scanned) <= 2 and opened == []    # its top and its scripts folder, no file read


def test_folder_map_is_read_from_its_top_and_scripts_folder_only(tmp_path, no_walk):
    folder = tmp_path / "Map.w3x"
    (folder / "Scripts").mkdir(parents=True)
    (folder / "Scripts" / "War3Map.j").write_bytes(SCRIPT)
    (folder / "scripts_not").mkdir()
    (folder / "war3map.wts").write_bytes(b"STRING 1\n{\nHi\n}\n")
    deep = folder / "war3mapImported" / "Units"
    deep.mkdir(parents=True)
    (deep / "notes.txt").write_bytes(b"nested")
    m = load_map(folder)
    assert m.script == SCRIPT and m.script_name == "Scripts\\War3Map.j"
    assert sorted(m.files) == ["Scripts\\War3Map.j", "war3map.wts"]    # nested files: on demand
    assert m.resolve("TRIGSTR_001") == "Hi"
    assert m.read("WAR3MAPIMPORTED/units\\NOTES.TXT") == b"nested"
    assert m.read("war3mapImported\\Units\\missing.txt") is None
    for escape in ("..\\Map.w3x\\war3map.wts", "war3mapImported\\..\\war3map.wts", "\\war3map.wts", ""):
        assert m.read(escape) is None


def test_a_folder_whose_script_is_a_fifo_is_not_a_map(tmp_path, no_walk, opened):
    folder = tmp_path / "fifo"
    folder.mkdir()
    os.mkfifo(folder / "war3map.j")
    with pytest.raises(MapError, match="map has no war3map.j"):
        load_map(folder)
    with pytest.raises(MapError, match="not a map: a device, FIFO or socket"):
        load_map(folder / "war3map.j")
    assert opened == []          # never opened: opening a FIFO for reading blocks


@pytest.mark.skipif(not Path("/dev/zero").exists(), reason="no /dev/zero")
def test_a_device_is_not_a_map(opened):
    with pytest.raises(MapError, match="not a map: a device, FIFO or socket"):
        load_map("/dev/zero")
    assert opened == []          # never opened: reading /dev/zero never ends


def test_folder_script_over_the_size_limit_is_refused_before_reading(tmp_path, monkeypatch):
    folder = tmp_path / "big"
    folder.mkdir()
    (folder / "war3map.j").write_bytes(SCRIPT * 10)
    monkeypatch.setattr(mapfile, "MAX_SOURCE_BYTES", len(SCRIPT))
    with pytest.raises(MapError, match=f"war3map.j: cannot read: file of {len(SCRIPT) * 10} bytes "
                                       f"is larger than the limit of {len(SCRIPT)} bytes"):
        load_map(folder)
    monkeypatch.setattr(mapfile, "MAX_SOURCE_BYTES", MAX_SOURCE_BYTES)
    assert load_map(folder / "war3map.j").script == SCRIPT * 10


def test_folder_eager_files_have_a_total(tmp_path, monkeypatch):
    folder = tmp_path / "many"
    folder.mkdir()
    (folder / "war3map.j").write_bytes(SCRIPT)
    for i in range(8):
        (folder / f"f{i}.txt").write_bytes(b"x" * 1000)
    monkeypatch.setattr(mapfile, "MAX_MAP_BYTES", len(SCRIPT) + 3500)
    m = load_map(folder)
    assert sorted(m.files) == ["f0.txt", "f1.txt", "f2.txt", "war3map.j"]
    assert len(m.warnings) == 5 and "exceed" in m.warnings[0]
    assert m.read("f7.txt") == b"x" * 1000          # still readable on demand


# ------------------------------------------------------------------------- archives

@needs_libmpq
def test_archive_script_bomb_is_refused_before_decompressing(tmp_path):
    """A few hundred kilobytes that unpack to 40 MB of newlines (was: the whole script read
    and a line table of gigabytes for 200 MB)."""
    bomb = write_mpq(tmp_path / "bomb.w3x", {"war3map.j": b"\n" * (MAX_SOURCE_BYTES + (8 << 20))},
                     compress=True)
    assert bomb.stat().st_size < 1 << 20
    tracemalloc.start()
    with pytest.raises(MapError, match=f"war3map.j: file of {MAX_SOURCE_BYTES + (8 << 20)} bytes is "
                                       f"larger than the limit of {MAX_SOURCE_BYTES} bytes"):
        load_map(bomb)
    assert tracemalloc.get_traced_memory()[1] < 10_000_000    # the 40 MB were never unpacked
    tracemalloc.stop()


@needs_libmpq
def test_archive_eager_members_have_a_total(tmp_path, monkeypatch):
    """Eight large members with eagerly read suffixes: each is checked against what is left
    of the total before it is unpacked (was: all of them read, 2.5 GB for eight 100 MB)."""
    files = {"war3map.j": SCRIPT, "war3map.wts": b"STRING 1\n{\nHi\n}\n"}
    files.update({f"big{i}.txt": b"y" * 5000 for i in range(8)})
    files["(listfile)"] = "\r\n".join(files).encode()
    path = write_mpq(tmp_path / "eight.w3x", files, compress=True)
    monkeypatch.setattr(mapfile, "MAX_MAP_BYTES", 12_000)
    m = load_map(path)
    assert "war3map.wts" in m.files and m.resolve("TRIGSTR_001") == "Hi"   # known files first
    assert sorted(n for n in m.files if n.startswith("big")) == ["big0.txt", "big1.txt"]
    assert len([w for w in m.warnings if "exceed 12000 bytes in total" in w]) == 6
    assert m.read("big7.txt") == b"y" * 5000


@needs_libmpq
def test_archive_member_over_the_size_limit(tmp_path, monkeypatch):
    path = write_mpq(tmp_path / "one.w3x", {"war3map.j": SCRIPT, "war3map.w3i": b"\0" * 3000,
                                            "war3mapImported\\x.txt": b"z" * 3000})
    monkeypatch.setattr(archive_module, "MAX_FILE_SIZE", 2000)
    m = load_map(path)
    assert any("war3map.w3i: file of 3000 bytes is larger than the limit of 2000 bytes" in w
               for w in m.warnings)
    with pytest.raises(MapError, match="larger than the limit"):
        m.read("war3mapImported\\x.txt")


def test_api_folder_files_are_read_with_the_script_limit(tmp_path, monkeypatch):
    from maps.api import select_api
    (tmp_path / "common.j").write_bytes(b"// common\n" * 20)
    assert select_api(str(tmp_path), None).sources[0][1] == b"// common\n" * 20
    monkeypatch.setattr("jassvm.source.MAX_SOURCE_BYTES", 100)
    with pytest.raises(MapError, match="cannot read: file of 200 bytes is larger than the limit of 100"):
        select_api(str(tmp_path), None)
