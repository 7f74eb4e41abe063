"""Hostile scenario files (issue 16, item 5): each reproducer of the issue gets a clear
``file:line:col`` scenario error, within bounded time and memory.

The loader refuses alias expansion beyond a small bound, recursive aliases, nesting deeper
than ``MAX_DEPTH``, duplicate keys and files over ``MAX_FILE_BYTES``; durations and budgets
must be finite; a ``map`` that is not a map is refused without reading it (its contents are
never quoted) and without walking a folder. ``tests/test_scenario_fuzz.py`` mutates the
scenario files of ``tests/scenarios`` and checks that nothing but scenario diagnostics come
out.
"""
from __future__ import annotations

import os
import tracemalloc
from pathlib import Path

import pytest

from maps import mapfile
from maps import scenario as S
from maps.errors import MapError
from maps.scenario import ScenarioFileError, load_scenario, parse_scenario
from maps.scenario_runner import JassGame, ScenarioFailure, run_scenario

TINY = "function main takes nothing returns nothing\nendfunction\n"
MEGABYTES = 30          # peak Python allocation while loading (the bombs took 1.5 GB)


def _bomb(levels: int) -> str:
    """The YAML "billion laughs": each level a list of nine aliases of the one before."""
    lines = ['a: &a ["lol","lol","lol","lol","lol","lol","lol","lol","lol"]']
    names = "abcdefghijklmnop"
    for i in range(1, levels):
        prev, cur = names[i - 1], names[i]
        lines.append(f"{cur}: &{cur} [" + ",".join([f"*{prev}"] * 9) + "]")
    return "\n".join(lines) + "\n"


def _refused(tmp_path: Path, text: str, memory: bool = True) -> ScenarioFileError:
    """Load ``text`` as a scenario file, which must be refused within the memory bound
    (measured in a second load, under tracemalloc; the bombs took 1.5 GB and minutes). No
    wall time is asserted: tests never assert timings."""
    path = tmp_path / "s.scenario.yaml"
    path.write_text(text)
    with pytest.raises(ScenarioFileError) as info:
        load_scenario(path)
    assert str(info.value).startswith(str(path))
    if not memory:
        return info.value
    tracemalloc.start()           # again, measuring memory (tracemalloc slows Python down)
    try:
        with pytest.raises(ScenarioFileError):
            load_scenario(path)
        _, peak = tracemalloc.get_traced_memory()
    finally:
        tracemalloc.stop()
    assert peak < MEGABYTES << 20, f"peak {peak >> 20} MB"
    assert str(info.value).startswith(str(path))
    return info.value


@pytest.fixture
def tiny(tmp_path):
    (tmp_path / "war3map.j").write_text(TINY)
    return tmp_path


@pytest.mark.parametrize("levels, size", [(8, 281), (9, 316)])
def test_alias_bombs_are_refused_before_expanding(tmp_path, levels, size):
    text = _bomb(levels)
    assert abs(len(text) - size) < 40   # the 281-byte and 316-byte files
    err = _refused(tmp_path, text)
    assert (err.line, err.column) == (5, 8)   # the alias that went over the bound
    assert "aliases expand the document by more than 10000 values" in err.message


def test_a_few_aliases_are_fine(tiny):
    path = tiny / "s.scenario.yaml"
    path.write_text("map: war3map.j\nsteps:\n  - advance: &t 5s\n  - advance: *t\n"
                    "expect:\n  - &done {ended: false}\n  - *done\n")
    loaded = load_scenario(path)
    assert [s.advance for s in loaded.scenario.steps] == [5.0, 5.0]
    assert run_scenario(loaded).passed


def test_recursive_alias(tmp_path):
    err = _refused(tmp_path, "map: x.j\nname: &a [x, *a]\n")
    assert (err.line, err.column) == (2, 14)
    assert "an alias refers to a mapping or list that contains it" in err.message


@pytest.mark.parametrize("text", [
    "map: x.j\nname: " + "[" * 5000 + "]" * 5000 + "\n",
    "map: x.j\nname: " + "{a: " * 5000 + "b" + "}" * 5000 + "\n",
    "map: x.j\nname:\n" + "".join("  " * i + "- \n" for i in range(1, 200)),
])
def test_deep_nesting(tmp_path, text):
    err = _refused(tmp_path, text)
    assert err.line is not None and err.column is not None
    assert "nested deeper than 64 levels" in err.message


def test_deep_nesting_through_aliases(tmp_path):
    deep = "[" * 40 + "x" + "]" * 40
    err = _refused(tmp_path, f"map: x.j\na: &a {deep}\nname: [[[[[[[[[[[[[[[[[[[[[[[[[[[*a]]]]]]]]]]]]]]]]]]]]]]]]]]]\n")
    assert err.line == 3 and "nested deeper than 64 levels" in err.message


def test_too_many_values(tmp_path):
    """The largest document the loader reads: about 2 s and 35 MB of YAML nodes (not
    measured here: tracemalloc would make it 10 s)."""
    err = _refused(tmp_path, "map: x.j\nname: [" + ",".join(["1"] * 50_001) + "]\n", memory=False)
    assert "more than 50000 values" in err.message


def test_duplicate_keys(tmp_path):
    err = _refused(tmp_path, "map: x.j\nbudget: 1m\nsteps:\n  - advance: 1s\nmap: other.j\n")
    assert (err.line, err.column) == (5, 1)
    assert err.message == "YAML: duplicate key 'map' (first at line 1)"
    err = _refused(tmp_path, "map: x.j\nsteps:\n  - {kill: a, kill: b}\n")
    assert (err.line, err.column) == (3, 15) and "duplicate key 'kill'" in err.message
    err = _refused(tmp_path, "map: x.j\nplayers:\n  1: {name: A}\n  0x1: {name: B}\n")
    assert "duplicate key '0x1'" in err.message      # the same key once read


def test_merge_keys_may_override(tiny):
    path = tiny / "s.scenario.yaml"
    path.write_text("map: war3map.j\nsteps:\n  - kill: &k {unit: u}\n  - kill: {<<: *k, unit: v}\n")
    assert [s.kill.unit for s in load_scenario(path).scenario.steps] == ["u", "v"]


def test_big_file(tmp_path):
    err = _refused(tmp_path, "map: x.j\n" + "#" * S.MAX_FILE_BYTES)
    assert "larger than the limit of 1048576" in err.message
    with pytest.raises(ScenarioFileError, match="larger than the limit"):
        parse_scenario("x" * (S.MAX_FILE_BYTES + 1))


@pytest.mark.parametrize("step, message", [
    ("advance: .inf", "a duration must be a finite number of seconds"),
    ("advance: .nan", "a duration must be a finite number of seconds"),
    ("advance: -.inf", "a duration must be a finite number of seconds"),
    ("advance: 1.0e+400", "a duration must be a finite number of seconds"),
    ("advance: " + "9" * 400, "a duration is at most 168h"),
    ("advance: " + "9" * 400 + "h", "a duration is at most 168h"),
    ("advance: 200h", "a duration is at most 168h"),
    ("run_until: {ended: true, within: .inf}", "a duration must be a finite number"),
    ("damage: {unit: u, amount: .inf}", "Input should be a finite number"),
    ("move: {unit: u, to: {x: .nan, y: 0}}", "Input should be a finite number"),
])
def test_non_finite_durations_and_numbers(tmp_path, step, message):
    err = _refused(tmp_path, f"map: x.j\nsteps:\n  - {step}\n")
    assert err.line == 3 and message in err.message


def test_infinite_budget_with_a_run_until_that_never_holds(tiny):
    err = _refused(tiny, "map: war3map.j\nbudget: .inf\nsteps:\n  - run_until: {ended: true}\n")
    assert (err.line, err.column) == (2, 9) and "finite" in err.message
    # the largest budget allowed ends: the run_until gives up when the queue is empty
    path = tiny / "ok.scenario.yaml"
    path.write_text("map: war3map.j\nbudget: 168h\nsteps:\n  - run_until: {ended: true}\n")
    result = run_scenario(load_scenario(path))     # it ends: the queue runs empty
    assert not result.passed


def test_a_file_that_is_not_a_map_is_never_read(tmp_path):
    secret = tmp_path / "secret.txt"
    secret.write_text("TOP-SECRET: hunter2\n")
    err = _refused(tmp_path, f"map: {secret}\n")
    assert (err.line, err.column) == (1, 6)
    assert "is not a map" in err.message and "hunter2" not in str(err)
    err = _refused(tmp_path, "campaign: [secret.txt]\n")
    assert "campaign:" in err.message and "hunter2" not in str(err)
    with JassGame(base=tmp_path) as g:
        with pytest.raises(ScenarioFailure) as info:
            g.load("secret.txt")
        assert "is not a map" in info.value.message and "hunter2" not in str(info.value)
    if Path("/etc/passwd").is_file():
        err = _refused(tmp_path, "map: /etc/passwd\n")
        assert "is not a map" in err.message and "root:" not in str(err)


def test_a_folder_that_is_not_a_map_is_never_walked(tmp_path, monkeypatch):
    def no_walk(*args, **kwargs):
        raise AssertionError("the filesystem was walked")

    monkeypatch.setattr(os, "walk", no_walk)
    err = _refused(tmp_path, "map: /\n")
    assert (err.line, err.column) == (1, 6) and "folder without war3map.j" in err.message
    with JassGame(base=tmp_path) as g:
        with pytest.raises(ScenarioFailure, match="folder without war3map.j"):
            g.load("/")
    # jass run / (maps.mapfile): refused from the folder's top, without walking it
    with pytest.raises(MapError, match="map has no war3map.j"):
        mapfile.load_map("/")


def test_map_folders_still_load(tmp_path):
    folder = tmp_path / "mymap"
    (folder / "scripts").mkdir(parents=True)
    (folder / "scripts" / "war3map.j").write_text(TINY)
    (folder / "war3map.wts").write_text("STRING 1\n{\nHello\n}\n")
    path = tmp_path / "s.scenario.yaml"
    path.write_text("map: mymap\n")
    assert run_scenario(load_scenario(path)).passed
    m = mapfile.load_map(folder)
    assert m.script_name == "scripts\\war3map.j" and m.wts is not None


def test_a_folder_of_too_many_files(tmp_path, monkeypatch):
    monkeypatch.setattr(mapfile, "MAX_FOLDER_FILES", 5)
    folder = tmp_path / "big"
    folder.mkdir()
    (folder / "war3map.j").write_text(TINY)
    for i in range(10):
        (folder / f"f{i}.txt").write_text("x")
    with pytest.raises(MapError, match="more than 5 files: not a map folder"):
        mapfile.load_map(folder)


@pytest.mark.parametrize("text, where, message", [
    ("map: x.j\nsteps:\n  - click: 2001-13-45\n", None, None),      # text, not a timestamp
    ("map: x.j\nseed: " + "9" * 5000 + "\n", "2:7", "bad value: Exceeds the limit"),
    ("map: x.j\nname: !!timestamp 2001-13-45\n", "2:7", "bad value: month must be in 1..12"),
    # the timestamp pattern itself does not match (PyYAML raises AttributeError; found by
    # tests/test_scenario_fuzz.py)
    ("map: x.j\nname: !!timestamp 2001-13-45\n  - x\n", "2:7", "bad value:"),
    ("map: x.j\nname: !!binary 'a'\n", "2:7", "failed to decode base64"),
    ("map: x.j\nname: !!python/object:os.system x\n", "2:7", "could not determine a constructor"),
    ("map: x.j\nname: \"\\ud800\"\n", "2:7", "lone surrogate"),
    ("map: x.j\nname: a\x01b\n", "2:8", "character #x0001 not allowed"),
    ('map: "x\\0.j"\n', "1:6", "map: not a valid path"),
    ("map: x.j\nseed: 18446744073709551616\n", "2:7", "seed: Input should be less than"),
    ("map: x.j\nsteps:\n  - dz_input: {wheel: 4294967296}\n", "3:23", "less than or equal to 2147483647"),
])
def test_odd_values(tmp_path, text, where, message):
    path = tmp_path / "s.scenario.yaml"
    path.write_text(text)
    if where is None:
        assert load_scenario(path).scenario.steps[0].click.button == "2001-13-45"
        return
    err = _refused(tmp_path, text)
    assert f"s.scenario.yaml:{where}:" in str(err) and message in err.message
