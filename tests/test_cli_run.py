"""`jass run`, `jass dis` and `jass natives` as a user runs them (click's CliRunner)."""
import json

from click.testing import CliRunner

from cli import main
from conftest import shared_path


def test_run_without_map_plays_the_demo_campaign_to_victory(tmp_path):
    report = tmp_path / "report.json"
    result = CliRunner().invoke(main, ["run", "--report", str(report), "--expect", "victory"])
    assert result.exit_code == 0, result.output
    assert "Hold the Ridge" in result.output and "victory for player 0" in result.output
    data = json.loads(report.read_text())
    assert [m["outcome"] for m in data["missions"]] == [{"0": "victory"}, {"0": "victory"}]
    assert data["final_outcome"] == "victory"
    assert all(m["errors"] == [] and m["natives_missing"] == {} for m in data["missions"])


def test_run_expect_defeat_on_the_demo_exits_non_zero():
    result = CliRunner().invoke(main, ["run", "--expect", "defeat"])
    assert result.exit_code == 2
    assert "expected defeat, got victory" in result.output


def test_run_of_a_missing_map_is_a_clear_load_error(tmp_path):
    result = CliRunner().invoke(main, ["run", str(tmp_path / "nope.w3x")])
    assert result.exit_code == 1
    assert "error:" in result.output and "Traceback" not in result.output


def test_a_local_player_without_a_slot_is_an_error_not_a_traceback(tmp_path):
    """``--local-player`` past the API's player slots (28 for 1.30.4, 16 for the 1.0x sets):
    one error line, exit 1, for ``run`` and ``debug`` alike."""
    for lp in ("99", "-1"):
        result = CliRunner().invoke(main, ["run", "--local-player", lp, "--until", "5s"])
        assert result.exit_code == 1 and isinstance(result.exception, SystemExit)
        assert f"local player {lp} is not a player slot of this API (0..27)" in result.output
    script = tmp_path / "war3map.j"
    script.write_text("function main takes nothing returns nothing\nendfunction\n")
    result = CliRunner().invoke(main, ["debug", str(script), "--local-player", "40", "--quiet"], input="q\n")
    assert result.exit_code == 1 and isinstance(result.exception, SystemExit)
    assert "local player 40 is not a player slot" in result.output


def test_run_with_api_given_a_file_names_the_folder_to_give():
    common = shared_path("corpus", "api", "1.30.4", "common.j")
    result = CliRunner().invoke(main, ["run", "--api", str(common), "--until", "1s"])
    assert result.exit_code == 1 and isinstance(result.exception, SystemExit)
    assert f"not a file (try {common.parent})" in result.output


def test_output_paths_and_save_at_are_checked_before_the_game_plays(tmp_path):
    """An output file in a folder that does not exist, or a --save-at past --until, is a usage
    error at once (exit 2), not a failure after the whole run."""
    for option in ("--report", "--html", "--cov-lcov", "--save", "--record"):
        result = CliRunner().invoke(main, ["run", option, str(tmp_path / "no" / "out"), "--until", "1s"])
        assert result.exit_code == 2 and f"the folder {tmp_path / 'no'} does not exist" in result.output
        assert "timeline" not in result.output.lower()
    result = CliRunner().invoke(main, ["run", "--save-at", "1m", "--save", str(tmp_path / "s.sav"),
                                       "--until", "10s"])
    assert result.exit_code == 2 and "--save-at 60 s is after --until 10 s" in result.output


def test_run_of_a_broken_script_reports_file_line_col(tmp_path):
    bad = tmp_path / "war3map.j"
    bad.write_bytes(b"function main takes nothing returns nothing\n    call\nendfunction\n")
    result = CliRunner().invoke(main, ["run", str(bad)])
    assert result.exit_code == 1
    assert "war3map.j:2:" in result.output and "Traceback" not in result.output


def test_run_of_the_lua_archive_says_lua_is_not_supported():
    lua = next(shared_path("corpus", "maps", "archive-hammerfall-s3-lua").glob("*.w3x"))
    result = CliRunner().invoke(main, ["run", str(lua)])
    assert result.exit_code == 1
    assert "Lua maps are not supported" in result.output


def test_run_of_a_campaign_mission_shows_its_opening_cinematic_and_quests():
    script = shared_path("corpus", "maps", "campaign-human01", "war3map.j")
    api = shared_path("corpus", "api", "1.30.4")
    result = CliRunner().invoke(main, ["run", str(script), "--api", str(api), "--until", "75s"])
    assert result.exit_code == 0, result.output
    assert "quest created: Defend Strahnbrad" in result.output
    assert "Uther the Lightbringer: Welcome, Prince Arthas." in result.output


def test_dis_lists_bytecode_with_lines(tmp_path):
    src = tmp_path / "f.j"
    src.write_bytes(b"function F takes integer a returns integer\n    return a + 1\nendfunction\n")
    result = CliRunner().invoke(main, ["dis", str(src), "F"])
    assert result.exit_code == 0, result.output
    assert "LOAD_LOCAL           0 (a)" in result.output and "ADD_I" in result.output


def test_natives_lists_families_and_missing_natives_of_a_map(tmp_path):
    script = tmp_path / "war3map.j"
    script.write_bytes(b"native NoSuchNative takes nothing returns nothing\n"
                       b"function main takes nothing returns nothing\n    call NoSuchNative()\nendfunction\n")
    result = CliRunner().invoke(main, ["natives", str(script)])
    assert result.exit_code == 1
    assert "1 missing: NoSuchNative" in result.output
    assert "triggers" in result.output


def test_natives_counts_the_natives_common_ai_declares():
    """1.30.4's common.ai declares 123 natives (``native`` lines of the file): all are
    implemented (issue 15: natives.ai, natives.aitown, natives.aicaptains)."""
    api = shared_path("corpus", "api", "1.30.4")
    result = CliRunner().invoke(main, ["natives", "--api", str(api)])
    assert result.exit_code == 0, result.output
    line = next(x for x in result.output.splitlines() if x.startswith("common.ai:"))
    assert line == "common.ai: 123 of 123 declared natives implemented"


def test_natives_where_names_the_module_of_a_native():
    result = CliRunner().invoke(main, ["natives", "--where", "IssuePointOrderById"])
    assert result.exit_code == 0, result.output
    assert result.output.startswith("IssuePointOrderById: natives.orders.IssuePointOrderById "
                                    "(natives/orders.py:")
    result = CliRunner().invoke(main, ["natives", "--where", "NoSuchNative"])
    assert result.exit_code == 1
    result = CliRunner().invoke(main, ["natives", "--where", "createunit"])   # names are case-sensitive
    assert result.exit_code == 1 and "did you mean CreateUnit?" in result.output


def test_run_difficulty_changes_what_the_map_places(tmp_path):
    """Undead01 places its enemies by difficulty (its ``Init 01A Difficulty Easy/Normal/
    Hard`` triggers test ``GetGameDifficulty``): the report's ``units`` show it."""
    script = shared_path("corpus", "maps", "campaign-undead01", "war3map.j")
    api = shared_path("corpus", "api", "1.30.4")
    counts = {}
    for difficulty in ("easy", "hard"):
        report = tmp_path / f"{difficulty}.json"
        result = CliRunner().invoke(main, ["run", str(script), "--api", str(api), "--until", "2s",
                                           "--difficulty", difficulty, "--report", str(report)])
        assert result.exit_code == 0, result.output
        counts[difficulty] = json.loads(report.read_text())["missions"][0]["units"]["1"]
    assert counts["easy"]["hfoo"] == 11 and counts["hard"]["hfoo"] == 20
    assert counts["easy"]["hkni"] == 2 and counts["hard"]["hkni"] == 8


def test_run_record_refuses_a_difficulty_it_cannot_replay(tmp_path):
    result = CliRunner().invoke(main, ["run", "--difficulty", "hard", "--record", str(tmp_path / "r.jrec")])
    assert result.exit_code == 2 and "--record does not keep --difficulty" in result.output


def test_run_summary_counts_the_warnings_that_only_v_lists(tmp_path):
    """A unit type no table knows plays with default values and a warning: the summary
    says there is one (the demo has none)."""
    script = tmp_path / "war3map.j"
    script.write_bytes(b"function main takes nothing returns nothing\n"
                       b"    call CreateUnit(Player(0), 'zzzz', 0.0, 0.0, 0.0)\nendfunction\n")
    result = CliRunner().invoke(main, ["run", str(script), "--until", "1s"])
    assert result.exit_code == 0, result.output
    row = next(x for x in result.output.splitlines() if "warnings" in x)
    assert "1 (-v or --report lists them)" in row
    assert "unknown unit type 'zzzz'" not in result.output
    demo = CliRunner().invoke(main, ["run"])
    assert any("warnings" in x and "none" in x for x in demo.output.splitlines())


def test_natives_of_a_world_editor_map_without_api_warns_that_blizzard_j_is_missing():
    """Human01 calls Blizzard.j (InitBlizzard): under the built-in API its BJ functions and
    the natives they reach are not counted, and the output says so (341 with 1.30.4)."""
    human01 = str(shared_path("corpus", "maps", "campaign-human01"))
    result = CliRunner().invoke(main, ["natives", human01], env={"JASS_API": None})
    assert "the script calls Blizzard.j functions and no API folder was given" in result.output
    result = CliRunner().invoke(main, ["natives", "--api", str(shared_path("corpus", "api", "1.30.4")), human01])
    assert "Blizzard.j functions" not in result.output and ": 341 natives reachable, 0 missing" in result.output


def test_run_of_a_script_needing_a_newer_api_points_at_jass_info_api_sets():
    """Echo Isles (1.33 script: BlzCreateUnitWithSkin) under 1.30.4 cannot load; the error
    says which command names the API set it needs."""
    echo = str(shared_path("corpus", "maps", "melee-echo-isles"))
    result = CliRunner().invoke(main, ["run", echo, "--api", str(shared_path("corpus", "api", "1.30.4"))])
    assert result.exit_code == 1 and "undeclared function BlzCreateUnitWithSkin" in result.output
    assert f"`jass info {echo} --api-sets DIR`" in result.output


def test_a_war3map_j_given_relative_to_its_folder_is_named_after_the_folder(tmp_path, monkeypatch):
    folder = tmp_path / "mini"
    folder.mkdir()
    (folder / "war3map.j").write_text("function main takes nothing returns nothing\nendfunction\n"
                                      "function config takes nothing returns nothing\nendfunction\n")
    monkeypatch.chdir(folder)
    result = CliRunner().invoke(main, ["run", "war3map.j", "--until", "1s"])
    assert result.exit_code == 0 and "mini/war3map.j" in result.output and " /war3map.j" not in result.output


def test_a_folder_of_map_archives_names_them():
    folder = shared_path("corpus", "maps", "archive-small-wars-tft")
    result = CliRunner().invoke(main, ["run", str(folder), "--until", "1s"])
    assert result.exit_code == 1
    assert "map has no war3map.j script; it holds the map archive test_tft.w3x: give it instead" in result.output
