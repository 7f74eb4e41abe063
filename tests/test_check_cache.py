"""The caches of ``jass check`` (``loader.check_sources``): one parse entry per file, shared
with ``jass run``, and one entry per checked set of sources; same diagnostics as an uncached
check, bad entries deleted and rebuilt."""
from __future__ import annotations

from pathlib import Path

import pytest

from jassvm import cache, parser
from jassvm.checker import CheckOptions, load_sources
from jassvm.loader import check_sources, load_program

API = b"native Note takes integer n returns nothing\n"
MAP = b"""function main takes nothing returns nothing
    local integer x
    call Note(x)
    call Missing()
endfunction
"""


@pytest.fixture(autouse=True)
def cache_folder(tmp_path, monkeypatch) -> Path:
    folder = tmp_path / "cache"
    monkeypatch.setenv("JASS_CACHE_DIR", str(folder))
    return folder


def entries(folder: Path, suffix: str) -> set[str]:
    return {p.name for p in folder.glob(f"*{suffix}")} if folder.is_dir() else set()


def test_cached_check_reports_what_an_uncached_one_does(cache_folder):
    sources = [("api.j", API), ("map.j", MAP)]
    for strict in (True, False):
        options = CheckOptions(strict=strict)
        expected = load_sources(sources, options).diagnostics
        assert {d.code for d in expected} >= {"E204"}
        assert check_sources(sources, options) == expected   # miss: parsed, checked, stored
        assert check_sources(sources, options) == expected   # hit
    assert len(entries(cache_folder, ".check")) == 2        # one per option set
    assert len(entries(cache_folder, ".ast")) == 2          # one per file, shared by both


def test_a_changed_file_is_parsed_again_alone(cache_folder, monkeypatch):
    check_sources([("api.j", API), ("map.j", MAP)], CheckOptions())
    parsed = []
    real_parse = parser.parse
    monkeypatch.setattr(parser, "parse", lambda data, file: parsed.append(file) or real_parse(data, file))
    check_sources([("api.j", API), ("map.j", MAP + b"\n")], CheckOptions())
    assert parsed == ["map.j"]


def test_run_and_check_share_the_parse_entries(cache_folder):
    sources = [("api.j", API), ("ok.j", b"function main takes nothing returns nothing\nendfunction\n")]
    load_program(sources, {"Note": lambda ctx, n: None})
    before = entries(cache_folder, ".ast")
    check_sources(sources, CheckOptions())
    assert entries(cache_folder, ".ast") == before


def test_a_bad_check_entry_is_deleted_and_rebuilt(cache_folder):
    sources = [("map.j", MAP)]
    expected = check_sources(sources, CheckOptions())
    entry, = cache_folder.glob("*.check")
    entry.write_bytes(cache.CHECK_MAGIC + b"\0\0\0\3" + bytes(32) + b"\x90")  # checksum mismatch
    assert check_sources(sources, CheckOptions()) == expected
    assert cache.load_diagnostics(entry) == expected


def test_no_cache_writes_nothing(cache_folder):
    check_sources([("map.j", MAP)], CheckOptions(), use_cache=False)
    assert not cache_folder.exists()
