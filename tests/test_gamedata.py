"""maps.gamedata: the game's own tables from an extracted folder (``--game-data``), read
through their metadata, layered between the map's object data and the project table.
The folders here are written by the tests (the project never ships the game's files); their
numbers are test inputs, not game figures."""

from __future__ import annotations

import pytest
from click.testing import CliRunner

from maps.errors import MapError
from maps.gamedata import GameData, parse_slk
from natives.objecttypes import ObjectRecord, ObjectTypes
from natives.unitdata import UNIT_TYPES, rawcode

R = rawcode


def slk(rows: list[list]) -> str:
    """An SLK table: row 1 the headers; strings quoted, numbers bare; Y given once per row."""
    out = ["ID;PWXL;N;E"]
    for y, row in enumerate(rows, 1):
        for x, v in enumerate(row, 1):
            if v is None:
                continue
            k = f'"{v}"' if isinstance(v, str) else str(v)
            out.append(f"C;X{x};Y{y};K{k}" if x == 1 else f"C;X{x};K{k}")
    return "\n".join(out + ["E"]) + "\n"


UNIT_META = [["ID", "field", "slk", "index", "type", "useUnit", "useHero", "useBuilding", "useItem"],
             ["uhpm", "HP", "UnitBalance", -1, "int", 1, 1, 1, 0],
             ["umvs", "spd", "UnitData", -1, "int", 1, 1, 0, 0],
             ["unam", "Name", "Profile", -1, "string", 1, 1, 1, 1],
             ["ubpx", "Buttonpos", "Profile", 0, "int", 1, 1, 1, 1],
             ["ilev", "level", "ItemData", -1, "int", 0, 0, 0, 1]]
ABILITY_META = [["ID", "field", "slk", "index", "repeat", "data", "type", "useSpecific"],
                ["Hbz2", "Data", "AbilityData", -1, 1, 2, "unreal", "AHbz"],
                ["acdn", "Cool", "AbilityData", -1, 1, 0, "unreal", None],
                ["anam", "Name", "Profile", -1, 0, 0, "string", None]]


@pytest.fixture
def game_folder(tmp_path):
    units = tmp_path / "game" / "Units"
    units.mkdir(parents=True)
    (units / "UnitMetaData.slk").write_text(slk(UNIT_META))
    (units / "AbilityMetaData.slk").write_text(slk(ABILITY_META))
    (units / "UnitBalance.slk").write_text(slk([["unitBalanceID", "HP"], ["hfoo", 999], ["xtst", 77]]))
    (units / "unitdata.slk").write_text(slk([["unitID", "spd"], ["hfoo", 280]]))
    (units / "ItemData.slk").write_text(slk([["itemID", "level"], ["rat6", 5]]))
    (units / "AbilityData.slk").write_text(slk([["alias", "code", "levels", "DataB1", "DataB2", "DataB3", "Cool1"],
                                                ["AHbz", "AHbz", 3, 30.0, 40.0, 50.0, 6.0]]))
    (units / "HumanUnitStrings.txt").write_text("[hfoo]\nName=Game Footman\nButtonpos=1,2\n[AHbz]\nName=Blizzard\n")
    return tmp_path / "game"


def test_slk_cells_rows_and_cursor_records():
    rows = parse_slk(b'ID;P\nC;X1;Y1;K"id"\nC;X2;K"v"\nF;X1;Y2\nC;K"a;b"\nC;X2;K1.5\nC;Y3;X1;K"c"\nE\n', "t.slk")
    assert rows == {"a;b": {"id": "a;b", "v": 1.5}, "c": {"id": "c"}}
    with pytest.raises(MapError, match="t.slk: not an SLK table"):
        parse_slk(b"nope", "t.slk")


def test_game_tables_come_between_the_map_and_the_project_table(game_folder):
    game = GameData(game_folder)
    t = ObjectTypes([ObjectRecord("unit", R("h000"), R("hfoo"), True, {}),
                     ObjectRecord("unit", R("h001"), R("hfoo"), True, {("uhpm", 0): 500})], game.records)
    footman = t.unit_types[R("hfoo")]
    assert (footman.life, footman.speed, footman.name) == (999.0, 280.0, "Game Footman")
    assert footman.food_used == UNIT_TYPES[R("hfoo")].food_used          # the project table's
    assert t.unit_types[R("h000")].life == 999.0 and t.unit_types[R("h001")].life == 500.0
    assert t.unit_types[R("xtst")].life == 77.0 and t.warnings == []     # only the game has it
    assert t.field_value("unit", R("hfoo"), "ubpx") == 1                 # element 0 of "1,2"
    assert t.item_types[R("rat6")].level == 5
    assert [t.field_value("ability", R("AHbz"), "Hbz2", lv) for lv in (1, 2, 3)] == [30.0, 40.0, 50.0]
    assert t.field_value("ability", R("AHbz"), "acdn", 3) == 6.0         # the last column holds
    assert t.name(R("AHbz")) == "Blizzard"


def test_jass_run_with_game_data(game_folder, tmp_path):
    from cli import main
    folder = tmp_path / "map"
    folder.mkdir()
    (folder / "war3map.j").write_text(r"""
function main takes nothing returns nothing
    local unit u = CreateUnit(Player(0), 'hfoo', 0, 0, 0)
    call DisplayTextToPlayer(Player(0), 0, 0, GetUnitName(u) + " " + I2S(BlzGetUnitMaxHP(u)))
endfunction
""")
    result = CliRunner().invoke(main, ["run", str(folder), "--until", "1s", "--game-data", str(game_folder)])
    assert result.exit_code == 0, result.output
    assert "Game Footman 999" in result.output
    result = CliRunner().invoke(main, ["run", str(folder), "--until", "1s", "--game-data", str(tmp_path)])
    assert result.exit_code == 1 and "no Units\\UnitMetaData.slk" in result.output
