"""Nested JSON in a sandbox file is a clean refusal (issue 16 item 4), never a RecursionError
escaping the readers' error handling."""
from __future__ import annotations

import time

import pytest

import natives.gamecache  # noqa: F401  (registers the natives)
from fakectx import FakeCtx
from jassvm.loader import load_program
from natives.builtin import builtin_source
from natives.dzapi import SERVER_VALUES_FILE
from natives.jsondata import MAX_JSON_DEPTH, json_depth_exceeds, load_json
from natives.library import load_natives
from natives.registry import NATIVES
from natives.session import GameSession

DEEP = "[" * 100_000 + "]" * 100_000


@pytest.mark.parametrize("depth", [0, 1, 5, MAX_JSON_DEPTH])
def test_nesting_up_to_the_limit_loads(depth):
    assert load_json("[" * depth + "1" + "]" * depth) is not None
    assert load_json('{"a":' * depth + '"[[[{{{"' + "}" * depth) is not None


@pytest.mark.parametrize("text", [
    DEEP, "[" * (MAX_JSON_DEPTH + 1) + "]" * (MAX_JSON_DEPTH + 1),
    '{"a":' * 50_000 + "1" + "}" * 50_000,
    "[" * 10_000_000,                       # malformed and never closed: refused before decoding
    '[{"k": [' * 30_000,
])
def test_deeper_nesting_is_a_value_error_at_once(text):
    start = time.perf_counter()
    with pytest.raises(ValueError, match="nested deeper than"):
        load_json(text)
    assert time.perf_counter() - start < 5


def test_malformed_json_is_still_a_value_error():
    for text in ("[1, 2", '{"a": [}', "", "]]]"):
        with pytest.raises(ValueError):
            load_json(text)
    assert json_depth_exceeds("]]][[[", 3) is False


def test_a_nested_game_cache_file_is_ignored_with_a_warning(tmp_path):
    box = tmp_path / "run" / "gamecache"
    box.mkdir(parents=True)
    (box / "Evil.w3v.json").write_text(DEEP)
    ctx = FakeCtx(sandbox_dir=str(box))
    cache = NATIVES["InitGameCache"].func(ctx, "Evil.w3v")
    assert cache is not None
    assert any("Evil.w3v.json ignored: JSON nested deeper than" in w
               for w in ctx.game.gamecache.warnings)


def test_a_nested_dzapi_server_value_file_is_ignored_with_a_warning(tmp_path):
    box = tmp_path / "box"
    box.mkdir()
    (box / SERVER_VALUES_FILE).write_text('{"format": ' + DEEP + "}")
    script = b"""native DzAPI_Map_GetServerValue takes player whichPlayer, string key returns string
function main takes nothing returns nothing
    call DisplayTextToPlayer(Player(0), 0, 0, "v=" + DzAPI_Map_GetServerValue(Player(0), "Ilevel"))
endfunction
"""
    program = load_program([("builtin.j", builtin_source()), ("t.j", script)], load_natives()).program
    session = GameSession(program, sandbox_dir=str(box))
    session.vm.run_init()
    session.vm.call("main")
    assert session.vm.errors == []
    assert any("DzAPI server values not read: JSON nested deeper than" in w
               for w in session.game.warnings)
