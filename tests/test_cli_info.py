"""``jass info MAP`` on the corpus map folders and test_tft.w3x (issue 14 item 6)."""

from __future__ import annotations

import json

import pytest
from click.testing import CliRunner

from cli import main
from tests.conftest import shared_path


def _info(*args: str) -> dict:
    result = CliRunner().invoke(main, ["info", "--json", *args])
    assert result.exit_code == 0, result.output
    return json.loads(result.output)


def test_info_of_the_tribute_alliance_folder():
    """Facts as its war3map.w3i/.w3e/.wts and object files give them (12 player slots in
    two forces, a 256 x 256 Cityscape map), checked under the recommended API set."""
    info = _info(str(shared_path("corpus", "mapfolders", "custom-tribute-alliance")),
                 "--api-sets", str(shared_path("corpus", "api")))
    assert (info["name"], info["author"], info["recommended_players"]) == \
        ("DBZ Tribute Pre-Alpha 0.0.4", "Matrixboy / TravisB", "8-12")
    assert len(info["players"]) == 12 and info["players"][0]["name"] == "Goku"
    assert [(f["name"], f["players"]) for f in info["forces"]] == \
        [("Z Fighters", [0, 1, 2, 3, 5, 6]), ("Evil Forces", [4, 7, 8, 9, 10, 11])]
    assert (info["map_size"], info["playable_size"], info["tileset"]) == ([256, 256], [244, 244], "Cityscape")
    assert info["objects"]["unit"] == [3, 56, 813] and info["objects"]["ability"] == [0, 26, 1342]
    assert info["recommended_api"] == "1.30.4" and info["checker"]["api"].endswith("1.30.4")
    assert info["natives_missing"] == [] and info["natives_reachable"] > 100
    # the script uses the return bug, which a 1.24+ game refuses at load (jassvm.loadrules)
    assert info["checker"]["loads"] is False and info["checker"]["errors"] == 1
    assert "return bug" in info["checker"]["first_errors"][0]


def test_info_recommends_the_reforged_api_for_a_1_31_plus_map():
    info = _info(str(shared_path("corpus", "mapfolders", "custom-mcfc")), "--api-sets",
                 str(shared_path("corpus", "api")))
    assert info["format"] == "w3i version 31" and info["recommended_api"] == "1.33.0"
    assert info["objects"]["item"] == [0, 382, 3553]
    assert info["checker"]["errors"] == 0 and info["checker"]["loads"] is True


def test_info_of_an_archive_prints_a_readable_summary():
    pytest.importorskip("mpq")
    path = shared_path("corpus", "maps", "archive-small-wars-tft", "test_tft.w3x")
    result = CliRunner().invoke(main, ["info", str(path), "--api", str(shared_path("corpus", "api", "1.30.4"))])
    assert result.exit_code == 0, result.output
    for text in ("Small Wars", "Rorslae", "Lordaeron Summer", "32 x 32 tiles",
                 "force 'Force 1': players 0, 1", " reachable, 0 missing", "0 errors, 0 warnings in the script"):
        assert text in result.output
    assert "│ unit │              6 │      0 │            54 │" in result.output


def test_info_errors_are_one_line(tmp_path):
    result = CliRunner().invoke(main, ["info", str(tmp_path / "none.w3x")])
    assert result.exit_code == 1 and "no such map file or folder" in result.output
    assert "Traceback" not in result.output
    empty = tmp_path / "sets"
    empty.mkdir()
    result = CliRunner().invoke(main, ["info", str(shared_path("corpus", "mapfolders", "custom-mcfc")),
                                       "--api-sets", str(empty)])
    assert result.exit_code == 1 and "has no API set '1.33.0'" in result.output


def test_info_of_a_bare_script_says_unknown_for_what_it_lacks():
    """Human01's corpus folder holds only war3map.j and .wts: no war3map.w3i, so author and
    players are unknown (not blank), and the rows stay aligned."""
    result = CliRunner().invoke(main, ["info", str(shared_path("corpus", "maps", "campaign-human01")),
                                       "--api", str(shared_path("corpus", "api", "1.30.4"))])
    assert result.exit_code == 0, result.output
    lines = result.output.splitlines()
    assert "author           unknown" in lines and "players          unknown" in lines
    assert "object data      none" in lines
