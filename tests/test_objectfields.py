"""Object data in the model (natives.objecttypes) and the object-field getters
(natives.objectfields): precedence map data -> base type -> project table -> default with a
warning, per-instance values, 0-indexed ability levels (jassdoc), and ``jass run`` reading a
corpus map folder's custom unit and ability through the natives."""

from __future__ import annotations

import shutil

import pytest
from click.testing import CliRunner

from natives.objecttypes import MISSING, ObjectRecord, ObjectTypes
from natives.unitdata import UNIT_TYPES, rawcode
from tests.conftest import shared_path
from test_triggers import jass_session, seen

R = rawcode


def _types() -> ObjectTypes:
    """A map that modifies the stock footman (speed 300) and adds 'h000' from it (900 life,
    "Guard"), a hero 'H000' from the paladin (150 base life, 20 strength), an ability 'A000'
    from Blizzard (two levels of damage), an item 'I000' from the claws (level 7)."""
    return ObjectTypes([
        ObjectRecord("unit", R("hfoo"), R("hfoo"), False, {("umvs", 0): 300}),
        ObjectRecord("unit", R("h000"), R("hfoo"), True, {("uhpm", 0): 900, ("unam", 0): "Guard",
                                                          ("ua1b", 0): 11, ("ua2b", 0): 22}),
        ObjectRecord("unit", R("H000"), R("Hpal"), True, {("uhpm", 0): 150, ("ustr", 0): 20,
                                                          ("unam", 0): "Kid"}),
        ObjectRecord("ability", R("A000"), R("AHbz"), True, {
            ("anam", 0): "Ice Storm", ("alev", 0): 2, ("Hbz2", 1): 30.0, ("Hbz2", 2): 45.0,
            ("atar", 1): "air,ground"}),
        ObjectRecord("item", R("I000"), R("rat6"), True, {("ilev", 0): 7, ("unam", 0): "Fangs"}),
        ObjectRecord("unit", R("n000"), R("zzzz"), True, {("uhpm", 0): 40}),
    ])


def test_custom_types_derive_from_their_base_type():
    t = _types()
    guard = t.unit_types[R("h000")]
    footman = UNIT_TYPES[R("hfoo")]
    assert (guard.life, guard.name, guard.speed) == (900.0, "Guard", 300.0)   # own, then base's map data
    assert (guard.food_used, guard.collision) == (footman.food_used, footman.collision)  # project table
    hero = t.unit_types[R("H000")]
    assert hero.hero.str == 20 and hero.life == 150 + 25 * 20   # base life + 25 per strength
    assert t.item_types[R("I000")].level == 7
    assert t.field_value("ability", R("A000"), "Hbz2", 2) == 45.0
    assert t.field_value("ability", R("A000"), "Hbz3", 1) is MISSING
    assert t.name(R("A000")) == "Ice Storm"
    assert t.warnings == ["unit type 'n000' is based on 'zzzz', which the project table lacks: the "
                          "fields the map does not set use default values"]


def test_the_rawcode_decides_whether_a_custom_unit_is_a_hero():
    """Hive Workshop, "Hero unit with same raw code letter" (2014): a custom unit whose
    rawcode starts with a capital letter is a hero whatever its base, one starting with any
    other character is not."""
    t = ObjectTypes([ObjectRecord("unit", R("Hf00"), R("hfoo"), True, {}),
                     ObjectRecord("unit", R("hp00"), R("Hpal"), True, {("uhpm", 0): 300})])
    hero, plain = t.unit_types[R("Hf00")], t.unit_types[R("hp00")]
    assert hero.is_hero and hero.hero is not None
    assert not plain.is_hero and plain.hero is None and plain.life == 300.0


def test_custom_unit_string_identifiers_are_custom_rawcode():
    """Hive Workshop, "Unit type string identifiers" (2025): a custom unit's string
    identifier is ``custom_`` and its rawcode, not case-sensitive."""
    s = _session(r"""
function main takes nothing returns nothing
    call P(UnitId2String('h000') + " " + UnitId2String('hfoo'))
    call P(B2S(UnitId("CUSTOM_H000") == 'h000') + " " + B2S(UnitId("guard") == 0))
endfunction
""")
    assert seen(s) == ["custom_h000 footman", "true true"]


def _session(script: str):
    s = jass_session(script, run_main=False)
    s.game.object_types = _types()
    s.vm.call("main")
    return s


UNIT_SCRIPT = r"""
globals
    unit U
    unit V
endglobals
function main takes nothing returns nothing
    set U = CreateUnit(Player(0), 'h000', 0, 0, 0)
    set V = CreateUnit(Player(0), 'h000', 0, 0, 0)
    call P(I2S(BlzGetUnitMaxHP(U)) + " " + GetUnitName(U) + " " + GetObjectName('h000'))
    call P(R2S(BlzGetUnitRealField(U, ConvertUnitRealField('uhpc'))))
    call P(I2S(BlzGetUnitIntegerField(U, ConvertUnitIntegerField('umvs'))))
    call P(I2S(BlzGetUnitIntegerField(U, ConvertUnitIntegerField('ufoo'))))
    call P(BlzGetUnitStringField(U, ConvertUnitStringField('unam')))
    call P(I2S(BlzGetUnitIntegerField(U, ConvertUnitIntegerField('uaen'))))
    call P(I2S(BlzGetUnitWeaponIntegerField(U, ConvertUnitWeaponIntegerField('ua1b'), 0)) + " " + I2S(BlzGetUnitWeaponIntegerField(U, ConvertUnitWeaponIntegerField('ua1b'), 1)))
    call BlzSetUnitStringField(U, ConvertUnitStringField('unam'), "Bob")
    call P(BlzGetUnitStringField(U, ConvertUnitStringField('unam')) + " " + BlzGetUnitStringField(V, ConvertUnitStringField('unam')))
    call P(I2S(BlzGetUnitIntegerField(null, ConvertUnitIntegerField('umvs'))))
endfunction
"""


def test_unit_field_getters_read_instance_then_object_data_then_table():
    s = _session(UNIT_SCRIPT)
    assert seen(s) == ["900 Guard Guard", "900.000", "300", "2", "Guard", "0", "11 22", "Bob Guard", "0"]
    assert [w for w in s.vm.warnings if "uaen" in w[1]] == [
        (0.0, "BlzGetUnitIntegerField: no data for field 'uaen' of unit 'h000': returning 0")]


ABILITY_SCRIPT = r"""
globals
    unit U
    unit V
    ability A
endglobals
function main takes nothing returns nothing
    local abilityreallevelfield dmg = ConvertAbilityRealLevelField('Hbz2')
    set U = CreateUnit(Player(0), 'hfoo', 0, 0, 0)
    set V = CreateUnit(Player(0), 'hfoo', 0, 0, 0)
    call UnitAddAbility(U, 'A000')
    call UnitAddAbility(V, 'A000')
    set A = BlzGetUnitAbility(U, 'A000')
    call P(R2S(BlzGetAbilityRealLevelField(A, dmg, 0)) + " " + R2S(BlzGetAbilityRealLevelField(A, dmg, 1)) + " " + R2S(BlzGetAbilityRealLevelField(A, dmg, -1)))
    call P(I2S(BlzGetAbilityIntegerField(A, ConvertAbilityIntegerField('alev'))) + " " + BlzGetAbilityStringField(A, ConvertAbilityStringField('anam')))
    call P(BlzGetAbilityStringLevelArrayField(A, ConvertAbilityStringLevelArrayField('atar'), 0, 1))
    call BlzSetAbilityRealLevelField(A, dmg, 0, 99)
    call P(R2S(BlzGetAbilityRealLevelField(A, dmg, 0)) + " " + R2S(BlzGetAbilityRealLevelField(BlzGetUnitAbility(V, 'A000'), dmg, 0)))
    call P(GetObjectName('A000'))
    call P(B2S(BlzGetAbilityBooleanLevelField(A, ConvertAbilityBooleanLevelField('Hbz1'), 0)))
    call P("not reached")
endfunction
"""


def test_ability_level_fields_are_zero_indexed_and_per_instance():
    """jassdoc BlzGetAbilityRealLevelField: "0-indexed level (since 1.31.1). Index=0 means
    level=1 in game"; jassdoc BlzGetAbilityBooleanLevelField: "@bug Should not be used
    (crash)"."""
    s = _session(ABILITY_SCRIPT)
    assert seen(s) == ["30.000 45.000 0.000", "2 Ice Storm", "ground", "99.000 30.000", "Ice Storm"]
    assert [e.kind for e in s.vm.errors] == ["game-crash"]


def test_item_fields_and_the_model_use_the_items_object_data():
    s = _session(r"""
function main takes nothing returns nothing
    local item i = CreateItem('I000', 0, 0)
    call P(I2S(GetItemLevel(i)) + " " + I2S(BlzGetItemIntegerField(i, ConvertItemIntegerField('ilev'))) + " " + GetItemName(i))
endfunction
""")
    assert seen(s) == ["7 7 Fangs"]


def test_a_unit_of_a_map_type_keeps_its_type_object_across_a_save():
    from natives.session import GameSession
    from natives.snapshot import restore_state, encode_state
    s = _session(UNIT_SCRIPT)
    data = encode_state(s)
    fresh = GameSession(s.vm.program, seed=0)
    fresh.game.object_types = s.game.object_types
    restore_state(fresh, data)
    u = fresh.vm.read_global("U")
    assert u.utype is fresh.game.object_types.unit_types[R("h000")]
    assert encode_state(fresh) == data


RUN_SCRIPT = r"""
function main takes nothing returns nothing
    local unit u = CreateUnit(Player(0), 'n001', 0, 0, 270)
    local ability a
    call UnitAddAbility(u, 'A001')
    set a = BlzGetUnitAbility(u, 'A001')
    call DisplayTextToPlayer(Player(0), 0, 0, GetUnitName(u) + " life " + R2S(BlzGetUnitRealField(u, UNIT_RF_HP)) + " max " + I2S(BlzGetUnitMaxHP(u)))
    call DisplayTextToPlayer(Player(0), 0, 0, GetObjectName('A001') + " " + R2S(BlzGetAbilityRealLevelField(a, ABILITY_RLF_CHANCE_TO_CRITICAL_STRIKE, 2)) + " " + I2S(BlzGetAbilityIntegerField(a, ABILITY_IF_LEVELS)))
endfunction
"""


def test_jass_run_reads_a_corpus_map_folders_custom_unit_and_ability(tmp_path):
    """custom-tribute-alliance's object data (its files beside a small script): unit 'n001'
    ("Red Ribbon Lackie", from 'nfrl', 250 life in its w3u) and ability 'A001' ("Balanced
    Fighting", from 'ANdb', 10 levels, critical-strike chance 11.25 at level 3 in its w3a)."""
    from cli import main
    folder = shared_path("corpus", "mapfolders", "custom-tribute-alliance")
    api = shared_path("corpus", "api", "1.33.0")
    for name in ("war3map.w3u", "war3map.w3a", "war3map.wts"):
        shutil.copy(folder / name, tmp_path / name)   # into the test's temporary folder only
    (tmp_path / "war3map.j").write_text(RUN_SCRIPT)
    result = CliRunner().invoke(main, ["run", str(tmp_path), "--api", str(api), "--until", "1s"])
    assert result.exit_code == 0, result.output
    assert "Red Ribbon Lackie life 250.000 max 250" in result.output
    assert "Balanced Fighting 11.250 10" in result.output


@pytest.mark.parametrize("code,life", [("n001", 250.0), ("H002", 150.0 + 25 * 20)])
def test_the_corpus_folder_units_take_their_life_from_the_maps_object_data(code, life, tmp_path):
    """custom-tribute-alliance's object data beside a small script (its own script uses the
    return bug, which the 1.33.0 game refuses: jassvm.loadrules)."""
    from maps.runner import RunOptions, load_mission, new_session
    folder = shared_path("corpus", "mapfolders", "custom-tribute-alliance")
    for name in ("war3map.w3u", "war3map.w3a", "war3map.wts"):
        shutil.copy(folder / name, tmp_path / name)
    (tmp_path / "war3map.j").write_text(RUN_SCRIPT)
    options = RunOptions(api=str(shared_path("corpus", "api", "1.33.0")))
    mission = load_mission(tmp_path, options)
    session = new_session(mission, options, None)
    assert session.game.units.unit_type(R(code)).life == life


def test_a_save_belongs_to_the_object_data_it_was_played_with(tmp_path):
    """The map's identity covers its object data files: a save of a map whose war3map.w3u
    changed afterwards is refused, naming what differs."""
    from maps.errors import MapError
    from maps.runner import RunOptions, load_mission, read_save_file, run_mission
    folder = shared_path("corpus", "mapfolders", "custom-tribute-alliance")
    for name in ("war3map.w3u", "war3map.w3a", "war3map.wts"):
        shutil.copy(folder / name, tmp_path / name)
    (tmp_path / "war3map.j").write_text(RUN_SCRIPT)
    save = tmp_path / "game.sav"
    options = RunOptions(api=str(shared_path("corpus", "api", "1.33.0")), until=2.0, save_path=str(save))
    report, _ = run_mission(load_mission(tmp_path, options), options)
    assert report.saved is not None
    resumed, _ = run_mission(load_mission(tmp_path, options), RunOptions(api=options.api, until=2.0),
                             resume=read_save_file(save))
    assert resumed.state_digest == report.state_digest and not resumed.errors
    data = bytearray((tmp_path / "war3map.w3u").read_bytes())
    data[-5] ^= 1                                   # a value byte of the last modification
    (tmp_path / "war3map.w3u").write_bytes(bytes(data))
    with pytest.raises(MapError, match="objects"):
        run_mission(load_mission(tmp_path, options), RunOptions(api=options.api, until=3.0),
                    resume=read_save_file(save))


def test_integer_fields_written_as_words_answer_their_common_j_values():
    """The object data writes defense, armor and attack types and the primary attribute as
    words; the getters answer common.j's values (DEFENSE_TYPE_LARGE 2, ARMOR_TYPE_METAL 2,
    ATTACK_TYPE_PIERCE 2, "spells" ATTACK_TYPE_NORMAL 0 -- jassdoc BlzGetEventAttackType:
    "Spell-damage is ATTACK_TYPE_NORMAL" --, HERO_ATTRIBUTE_STR 1)."""
    s = jass_session(r"""
function main takes nothing returns nothing
    local unit u = CreateUnit(Player(0), 'h001', 0, 0, 0)
    local unit h = CreateUnit(Player(0), 'Hpal', 0, 0, 0)
    call P(I2S(BlzGetUnitIntegerField(u, ConvertUnitIntegerField('udty'))) + I2S(BlzGetUnitIntegerField(u, ConvertUnitIntegerField('uarm'))))
    call P(I2S(BlzGetUnitWeaponIntegerField(u, ConvertUnitWeaponIntegerField('ua1t'), 0)) + I2S(BlzGetUnitWeaponIntegerField(u, ConvertUnitWeaponIntegerField('ua1t'), 1)))
    call P(I2S(BlzGetUnitIntegerField(h, ConvertUnitIntegerField('upra'))))
endfunction
""", run_main=False)
    s.game.object_types = ObjectTypes([ObjectRecord("unit", R("h001"), R("hfoo"), True, {
        ("udty", 0): "large", ("uarm", 0): "Metal", ("ua1t", 0): "pierce", ("ua2t", 0): "spells"})])
    s.vm.call("main")
    assert seen(s) == ["22", "20", "1"]
    assert not [w for _t, w in s.vm.warnings if "field" in w]
