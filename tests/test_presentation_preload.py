"""Preload natives (natives.preload): the sandbox contract for PreloadGenEnd and Preloader."""
from __future__ import annotations

import os

import pytest

from fakectx import FakeCtx
from natives.preload import check_preload_name
from natives.session import load_natives

load_natives()


def gen(ctx, name, entries):
    ctx.PreloadGenClear()
    ctx.PreloadGenStart()
    for e in entries:
        ctx.Preload(e)
    ctx.PreloadGenEnd(name)


def test_preload_requests_are_recorded():
    ctx = FakeCtx()
    ctx.PreloadStart()
    ctx.Preload("Units\\Human\\Footman\\Footman.mdl")
    ctx.PreloadEnd(1.0)
    st = ctx.game.preload
    assert st.preloaded == ["Units\\Human\\Footman\\Footman.mdl"]
    assert [b[1] for b in st.batches] == ["start", "end"]
    assert st.buffer == []                                   # not generating


def test_gen_end_writes_the_game_layout_inside_the_sandbox(tmp_path):
    ctx = FakeCtx(sandbox_dir=str(tmp_path))
    gen(ctx, "Save\\MyMap\\code.pld", ["abc", 'quote " and \\ backslash'])
    path = tmp_path / "Save" / "MyMap" / "code.pld"
    text = path.read_text(encoding="utf-8")
    assert text.splitlines()[0] == "function PreloadFiles takes nothing returns nothing"
    assert '\tcall Preload( "abc" )' in text.splitlines()
    assert '\tcall Preload( "quote \\" and \\\\ backslash" )' in text.splitlines()
    assert "call PreloadEnd( 0.0 )" in text
    # Preloader reads the entries back (and only those)
    ctx2 = FakeCtx(sandbox_dir=str(tmp_path))
    ctx2.Preloader("Save/MyMap/code.pld")
    assert ctx2.game.preload.preloaded == ["abc", 'quote " and \\ backslash']
    assert ctx2.warnings == []


@pytest.mark.parametrize("name", [
    "", "..\\evil.pld", "../evil.pld", "a/../../evil.pld", "/etc/passwd", "\\abs.pld", "C:\\x.pld",
    "c:evil", "a\x00b", "a\nb", "CON", "nul.txt", "dir/aux.pld", "trailing.", "sp ", "a//b",
    "x" * 201, "/".join(["d"] * 9),
])
def test_hostile_names_are_refused_with_a_warning_and_write_nothing(tmp_path, name):
    sandbox = tmp_path / "sandbox"
    sandbox.mkdir()
    ctx = FakeCtx(sandbox_dir=str(sandbox))
    gen(ctx, name, ["payload"])
    assert any("refused" in w for w in ctx.warnings)
    assert list(tmp_path.rglob("*")) == [sandbox]
    assert check_preload_name(name) is not None


def test_symlinked_folder_cannot_lead_out_of_the_sandbox(tmp_path):
    sandbox = tmp_path / "sandbox"
    outside = tmp_path / "outside"
    sandbox.mkdir()
    outside.mkdir()
    os.symlink(outside, sandbox / "link")
    ctx = FakeCtx(sandbox_dir=str(sandbox))
    gen(ctx, "link\\x.pld", ["payload"])
    assert any("refused" in w for w in ctx.warnings)
    assert list(outside.iterdir()) == []


def test_without_sandbox_nothing_is_written(tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    ctx = FakeCtx()
    gen(ctx, "x.pld", ["payload"])
    assert any("no sandbox" in w for w in ctx.warnings)
    assert list(tmp_path.iterdir()) == []


def test_preloader_ignores_code_and_missing_files(tmp_path):
    (tmp_path / "hack.pld").write_text(
        'function PreloadFiles takes nothing returns nothing\n'
        '\tcall PreloadStart()\n'
        '\tcall Preload( "ok" )\n'
        '\tcall SetPlayerName(Player(0), "pwned")\n'
        '\tcall Preload( "")\ncall BlzSetAbilityTooltip(1, "x", 1)\n//" )\n'
        '\tcall PreloadEnd( 0.0 )\nendfunction\n')
    ctx = FakeCtx(sandbox_dir=str(tmp_path))
    ctx.Preloader("hack.pld")
    assert ctx.game.preload.preloaded == ["ok", ""]
    assert any("ignored" in w for w in ctx.warnings)
    ctx.Preloader("scripts\\HumanX01.pld")                   # game data file: not here, no effect
    ctx.Preloader("../hack.pld")
    assert ctx.game.preload.preloaded == ["ok", ""]
