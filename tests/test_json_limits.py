"""Nested JSON in a sandbox file is a clean refusal (issue 16 item 4), never a RecursionError
escaping the readers' error handling."""
from __future__ import annotations

import json

import pytest

import natives.gamecache  # noqa: F401  (registers the natives)
from fakectx import FakeCtx
from natives import jsondata
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
def test_deeper_nesting_is_a_value_error_at_once(text, monkeypatch):
    """Refused before decoding, after at most ``MAX_JSON_DEPTH`` + 1 passes over the text."""
    passes = _CountingPattern(jsondata._INNERMOST)
    monkeypatch.setattr(jsondata, "_INNERMOST", passes)
    monkeypatch.setattr(json, "loads", _never_decode)
    with pytest.raises(ValueError, match="nested deeper than"):
        load_json(text)
    assert 1 <= passes.calls <= MAX_JSON_DEPTH + 1


class _CountingPattern:
    """A compiled pattern that counts its passes over a text (``subn``, ``search``)."""

    def __init__(self, pattern) -> None:
        self.pattern, self.calls = pattern, 0

    def subn(self, *args):
        self.calls += 1
        return self.pattern.subn(*args)

    def search(self, *args):
        self.calls += 1
        return self.pattern.search(*args)


def _never_decode(*args, **kwargs):
    raise AssertionError("json.loads called: nesting too deep must be refused before decoding")


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
