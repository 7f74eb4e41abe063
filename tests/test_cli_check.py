"""``jass check`` through click's CliRunner: exit codes, output format, bad input."""
from __future__ import annotations

from pathlib import Path

from click.testing import CliRunner

from cli import main
from conftest import SHARED, shared_path

GOOD = b"function f takes nothing returns integer\n    return 1\nendfunction\n"
BAD = b"function f takes nothing returns nothing\n    call  Nope()\nendfunction\n"
RB = b"function H2I takes handle h returns integer\n    return h\n    return 0\nendfunction\n"


def invoke(*args: str):
    runner = CliRunner()
    return runner.invoke(main, ["check", *args], env={"JASS_API": None, "NO_COLOR": "1"})


def write(tmp_path: Path, name: str, data: bytes) -> str:
    path = tmp_path / name
    path.write_bytes(data)
    return str(path)


def test_clean_file_exits_0(tmp_path):
    result = invoke(write(tmp_path, "good.j", GOOD))
    assert result.exit_code == 0, result.output
    assert "ok: no problems in 1 file" in result.output


def test_errors_exit_1_with_position_excerpt_and_summary(tmp_path):
    path = write(tmp_path, "bad.j", BAD)
    result = invoke(path)
    assert result.exit_code == 1
    lines = result.output.splitlines()
    assert lines[0] == f"{path}:2:11: error[E204]: undeclared function Nope"
    assert lines[1] == "     2 |     call  Nope()"
    assert lines[2] == "       |           ^"
    assert lines[-1] == "failed: 1 error, 0 warnings in 1 file"


def test_garbage_binary_file_gives_a_diagnostic_not_a_traceback(tmp_path):
    path = write(tmp_path, "garbage.j", bytes(range(256)) * 8 + b"\x00\xff" * 100)
    result = invoke(path)
    assert result.exit_code == 1
    assert isinstance(result.exception, SystemExit)
    assert "Traceback" not in result.output
    assert f"{path}:1:1: error[E101]" in result.output


def test_a_map_archive_is_checked_as_its_script(tmp_path):
    """``jass check`` of a .w3x checks the war3map.j inside, as ``jass run`` runs it; a file
    that starts like an archive and is not one is one error line."""
    archive = shared_path("corpus", "maps", "archive-small-wars-tft", "test_tft.w3x")
    api = shared_path("corpus", "api", "1.30.4")
    result = invoke("--api", str(api), str(archive))
    assert result.exit_code == 0 and "ok: no problems in 1 file (after 2 API files)" in result.output
    bad = write(tmp_path, "bad.w3x", b"HM3W" + bytes(600))
    result = invoke(bad)
    assert result.exit_code == 1 and "error: " in result.output and "Traceback" not in result.output


def test_unreadable_files_exit_1(tmp_path):
    result = invoke(str(tmp_path / "missing.j"), str(tmp_path))
    assert result.exit_code == 1
    assert "cannot read" in result.output and "missing.j" in result.output
    assert "Traceback" not in result.output


def test_lenient_turns_the_return_bug_into_a_warning(tmp_path):
    path = write(tmp_path, "rb.j", RB)
    strict = invoke(path)
    assert strict.exit_code == 1 and "error[E221]" in strict.output
    lenient = invoke("--lenient", path)
    assert lenient.exit_code == 0, lenient.output
    assert "warning[W221]" in lenient.output
    assert "ok: 0 errors, 1 warning in 1 file" in lenient.output


def test_flags(tmp_path):
    path = write(tmp_path, "rb.j", RB)
    assert invoke("--flag", "+rb", path).exit_code == 0
    assert invoke("--flag", "+rb", "--flag", "-rb", path).exit_code == 1
    bad = invoke("--flag", "+bogus", path)
    assert bad.exit_code == 2 and "unknown flag" in bad.output


def test_api_folder_is_loaded_first(tmp_path):
    shared_path("corpus", "api")
    api = SHARED / "corpus" / "api" / "1.33.0"
    map_script = shared_path("corpus", "maps", "custom-dwc-default-map", "war3map.j")
    result = invoke("--api", str(api), str(map_script))
    assert result.exit_code == 0, result.output[-2000:]
    assert "in 1 file (after 2 API files)" in result.output
    alone = invoke(str(map_script))
    assert alone.exit_code == 1 and "error[E201]" in alone.output


def test_ai_scripts_load_common_ai(tmp_path):
    shared_path("corpus", "api", "1.30.4", "ai")
    api = SHARED / "corpus" / "api" / "1.30.4"
    result = invoke("--api", str(api), str(api / "ai" / "sleepforever.ai"))
    assert result.exit_code == 0, result.output[-2000:]
    assert "in 1 file (after 3 API files)" in result.output
    failing = invoke("--api", str(api), str(api / "ai" / "h04_orange.ai"))
    assert failing.exit_code == 1 and "debug_fast_attacks" in failing.output


def test_api_folder_without_common_j(tmp_path):
    path = write(tmp_path, "good.j", GOOD)
    result = invoke("--api", str(tmp_path), path)
    assert result.exit_code == 1 and "no common.j" in result.output


def test_jass_api_environment_variable(tmp_path):
    (tmp_path / "api").mkdir()
    write(tmp_path / "api", "common.j", b"native Foo takes nothing returns integer\n")
    path = write(tmp_path, "uses.j", b"function f takes nothing returns integer\n    return Foo()\nendfunction\n")
    runner = CliRunner()
    result = runner.invoke(main, ["check", path], env={"JASS_API": str(tmp_path / "api"), "NO_COLOR": "1"})
    assert result.exit_code == 0, result.output
    assert invoke(path).exit_code == 1


def test_help_lists_check():
    result = CliRunner().invoke(main, ["--help"])
    assert result.exit_code == 0 and "check" in result.output


def test_rich_rendering(capsys):
    """The terminal rendering (rich) prints the same facts."""
    import cli
    from jassvm.checker import load_sources
    from jassvm.source import SourceText

    data = b"function f takes nothing returns nothing\n\tcall  Nope() // \xc3\xa4 [red]x[/red]\nendfunction\n"
    program = load_sources([("bad.j", data)])
    cli._render(program.diagnostics, {"bad.j": SourceText(data, "bad.j")}, use_rich=True)
    out = capsys.readouterr().out
    assert "bad.j:2:8:" in out and "error[E204]" in out and "[red]x[/red]" in out
    assert "    call  Nope() // \u00e4" in out
    assert "|           ^" in out


def test_a_script_checked_without_an_api_is_told_why_its_types_are_undefined(tmp_path):
    """The demo's scripts need common.j: checked alone, ``unit`` is undefined (E201) and the
    output says no API was loaded; with no such error there is no hint."""
    path = write(tmp_path, "needs_api.j", b"globals\n    unit udg_hero = null\nendglobals\n")
    result = invoke(path)
    assert result.exit_code == 1
    lines = result.output.splitlines()
    assert lines[-2].startswith("hint: no API was loaded (--api DIR or JASS_API)")
    assert "hint:" not in invoke(write(tmp_path, "bad.j", BAD)).output
