"""Natives Blizzard.j 1.30.4 and 1.33.0 call (issue #4): instanced object fields and ability
handles, item abilities, transports, item use orders, command button events and effects,
minimap icons, handicaps, dialogue keys, thematic music volume, checkpoint saves, the smooth
camera setup, ability art. Scripts run on the built-in API unless they use Blizzard.j."""
from __future__ import annotations

import re

import pytest

from conftest import shared_path
from natives.modelevents import CommandButton, Spell, UnitUnloaded
from natives.registry import NATIVES, parse_signature
from natives.session import load_natives
from test_corpus_natives import sandbox_session
from test_triggers import jass_session, run, seen

ADDED = (
    # natives.objectfields
    "BlzGetUnitAbility", "BlzGetItemAbility", "BlzGetAbilityId", "GetSpellAbility",
    *[f"BlzSetAbility{t}{k}Field" for t in ("Boolean", "Integer", "Real", "String")
      for k in ("", "Level", "LevelArray")],
    *[f"Blz{op}Ability{t}LevelArrayField" for op in ("Add", "Remove")
      for t in ("Boolean", "Integer", "Real", "String")],
    *[f"BlzSet{o}{t}Field" for o in ("Unit", "UnitWeapon", "Item")
      for t in ("Boolean", "Integer", "Real", "String")],
    "BlzItemAddAbility", "BlzItemRemoveAbility", "GetAbilityEffectById", "GetAbilitySoundById",
    # other modules
    "IsUnitInTransport", "IsUnitLoaded", "UnitUseItem", "UnitUseItemPoint", "UnitUseItemTarget",
    "TriggerRegisterCommandEvent", "TriggerRegisterUpgradeCommandEvent",
    "BlzCameraSetupApplyForceDurationSmooth", "GetPlayerHandicapDamage",
    "GetPlayerHandicapReviveTime", "SetPlayerHandicapDamage", "SetPlayerHandicapReviveTime",
    "SetThematicMusicVolume", "SetDialogueSpeakerNameKey", "GetDialogueSpeakerNameKey",
    "SetDialogueTextKey", "GetDialogueTextKey", "SaveGameCheckpoint", "CreateMinimapIcon",
    "CreateMinimapIconAtLoc", "CreateMinimapIconOnUnit", "DestroyMinimapIcon",
    "SetMinimapIconVisible", "SetMinimapIconOrphanDestroy", "SkinManagerGetLocalPath",
    "CreateCommandButtonEffect", "CreateUpgradeCommandButtonEffect",
    "CreateLearnCommandButtonEffect", "DestroyCommandButtonEffect",
)


def _declared(version: str) -> dict[str, tuple]:
    text = shared_path("corpus", "api", version, "common.j").read_text("latin-1")
    out = {}
    for m in re.finditer(r"^\s*(constant\s+)?native\s+(\w+)\s+(takes\s+.+?returns\s+\w+)", text, re.M):
        out[m.group(2)] = (parse_signature(m.group(3)), bool(m.group(1)))
    return out


def test_signatures_match_common_j_1_33_0():
    load_natives()
    declared = _declared("1.33.0")
    assert len(ADDED) == 69
    for name in ADDED:
        spec = NATIVES[name]
        assert (spec.params, spec.returns) == declared[name][0], name
        assert spec.constant == declared[name][1], name


@pytest.mark.parametrize("version", ["1.30.4", "1.33.0"])
def test_every_native_blizzard_j_calls_is_implemented(version):
    """Issue #4's done criterion."""
    from jassvm.loader import parse_cached
    from maps.coverage import reachable_natives

    load_natives()
    api = shared_path("corpus", "api", version)
    common = parse_cached((api / "common.j").read_bytes(), str(api / "common.j"))[0]
    blizzard = parse_cached((api / "Blizzard.j").read_bytes(), str(api / "Blizzard.j"))[0]
    assert sorted(n for n in reachable_natives([common], blizzard) if n not in NATIVES) == []


API_SETS = ["roc-1.0x", "tft-1.0x", "1.26", "1.30.4", "1.32.0-beta", "1.33.0", "2.0.2"]


@pytest.mark.parametrize("version", API_SETS)
def test_every_declared_native_is_implemented_with_its_signature(version):
    """Issue 14's done criterion: every native common.j of each corpus API set declares is
    implemented, with the declared parameter and return types in the Reforged sets (older
    sets differ in a few returns, e.g. GroupAddUnit's boolean since 1.31)."""
    load_natives()
    declared = _declared(version)
    assert sorted(set(declared) - set(NATIVES)) == []

    def types(sig):
        params, returns = sig
        return [t for t, _name in params], returns
    if version in ("1.33.0", "2.0.2"):
        wrong = [n for n, (sig, _const) in declared.items()
                 if types((NATIVES[n].params, NATIVES[n].returns)) != types(sig)]
        assert wrong == []


# -- ability handles and ability fields ---------------------------------------------------------

ABILITY_SCRIPT = r"""
globals
    unit U
    ability A
endglobals
function main takes nothing returns nothing
    local ability b
    set U = CreateUnit(Player(0), 'hfoo', 0, 0, 0)
    call P(B2S(BlzGetUnitAbility(U, 'AHbz') == null))
    call UnitAddAbility(U, 'AHbz')
    set A = BlzGetUnitAbility(U, 'AHbz')
    call P(B2S(A == BlzGetUnitAbility(U, 'AHbz')) + " " + B2S(BlzGetAbilityId(A) == 'AHbz'))
    call P(B2S(BlzSetAbilityRealLevelField(A, ConvertAbilityRealLevelField('acdn'), 0, 3.5)))
    call P(B2S(BlzSetAbilityRealLevelField(A, ConvertAbilityRealLevelField('acdn'), -1, 3.5)))
    call P(B2S(BlzSetAbilityIntegerField(A, ConvertAbilityIntegerField('abpx'), 2)))
    call P(B2S(BlzSetAbilityStringField(A, ConvertAbilityStringField('aart'), "x.blp")))
    call P(B2S(BlzSetAbilityBooleanLevelField(A, ConvertAbilityBooleanLevelField('Hbz1'), 1, true)))
    call P(B2S(BlzSetAbilityRealField(null, ConvertAbilityRealField('arlv'), 1)))
    call P(B2S(BlzSetAbilityRealField(A, null, 1)))
    call UnitRemoveAbility(U, 'AHbz')
    call P(I2S(BlzGetAbilityId(A)) + " " + B2S(BlzSetAbilityIntegerField(A, ConvertAbilityIntegerField('abpx'), 3)))
    call UnitAddAbility(U, 'AHbz')
    set b = BlzGetUnitAbility(U, 'AHbz')
    call P(B2S(b == A) + " " + B2S(b == null))
endfunction
"""


def test_ability_handle_is_stable_and_setters_store_per_level():
    s = jass_session(ABILITY_SCRIPT)
    assert seen(s) == ["true", "true true", "true", "false", "true", "true", "true", "false",
                       "false", "0 false", "false false"]
    u = s.vm.read_global("U")
    a = u.ability_objects[_code("AHbz")]
    assert a.fields == {}  # the re-added ability is a new instance: fresh fields
    old = s.vm.read_global("A")
    assert old.destroyed
    assert old.level_fields == {(("abilityreallevelfield", _code("acdn")), 0): 3.5,
                                (("abilitybooleanlevelfield", _code("Hbz1")), 1): True}
    assert old.fields == {("abilityintegerfield", _code("abpx")): 2,
                          ("abilitystringfield", _code("aart")): "x.blp"}
    s.game.units.remove_unit(u)
    assert a.destroyed and u.ability_objects == {}


def _code(text: str) -> int:
    return int.from_bytes(text.encode(), "big")


def test_level_array_fields_set_add_remove():
    s = jass_session(r"""
globals
    ability A
endglobals
function main takes nothing returns nothing
    local unit u = CreateUnit(Player(0), 'hfoo', 0, 0, 0)
    local abilityintegerlevelarrayfield f = ConvertAbilityIntegerLevelArrayField('abuf')
    call UnitAddAbility(u, 'AHbz')
    set A = BlzGetUnitAbility(u, 'AHbz')
    call P(B2S(BlzAddAbilityIntegerLevelArrayField(A, f, 0, 'Bbz1')))
    call P(B2S(BlzAddAbilityIntegerLevelArrayField(A, f, 0, 'Bbz2')))
    call P(B2S(BlzSetAbilityIntegerLevelArrayField(A, f, 0, 3, 'Bbz3')))
    call P(B2S(BlzRemoveAbilityIntegerLevelArrayField(A, f, 0, 'Bbz1')))
    call P(B2S(BlzSetAbilityIntegerLevelArrayField(A, f, 0, -1, 1)))
    call P(B2S(BlzAddAbilityStringLevelArrayField(A, ConvertAbilityStringLevelArrayField('aeat'), 2, "a.mdl")))
    call P(B2S(BlzRemoveAbilityRealLevelArrayField(null, ConvertAbilityRealLevelArrayField('x'), 0, 1)))
endfunction
""")
    assert seen(s) == ["true", "true", "true", "true", "false", "true", "false"]
    a = s.vm.read_global("A")
    key = ("abilityintegerlevelarrayfield", _code("abuf"))
    assert a.level_array_fields[(key, 0)] == [_code("Bbz2"), None, _code("Bbz3")]
    assert [op[0] for op in a.array_edits[(key, 0)]] == ["add", "add", "set", "remove"]
    assert a.level_array_fields[(("abilitystringlevelarrayfield", _code("aeat")), 2)] == ["a.mdl"]


def test_spell_ability_is_the_casters_instance():
    s = jass_session(r"""
globals
    unit U
    ability A
endglobals
function OnCast takes nothing returns nothing
    call P(B2S(GetSpellAbility() == A) + " " + B2S(BlzGetAbilityId(GetSpellAbility()) == 'AHtb'))
endfunction
function main takes nothing returns nothing
    local trigger t = CreateTrigger()
    set U = CreateUnit(Player(0), 'Hpal', 0, 0, 0)
    call UnitAddAbility(U, 'AHtb')
    set A = BlzGetUnitAbility(U, 'AHtb')
    call TriggerRegisterPlayerUnitEvent(t, Player(0), ConvertPlayerUnitEvent(274), null)
    call TriggerAddAction(t, function OnCast)
    call P(B2S(GetSpellAbility() == null))
endfunction
""")
    s.game.publish(Spell("effect", s.vm.read_global("U"), _code("AHtb")))
    s.advance(1)
    assert seen(s) == ["true", "true true"]


# -- unit, weapon and item fields; item abilities ---------------------------------------------

def test_unit_weapon_and_item_field_setters_store_on_the_object():
    s = jass_session(r"""
globals
    unit U
    item I
endglobals
function main takes nothing returns nothing
    set U = CreateUnit(Player(0), 'hfoo', 0, 0, 0)
    set I = CreateItem('ratc', 0, 0)
    call P(B2S(BlzSetUnitRealField(U, ConvertUnitRealField('usca'), 1.5)))
    call P(B2S(BlzSetUnitIntegerField(U, ConvertUnitIntegerField('ulev'), 4)))
    call P(B2S(BlzSetUnitBooleanField(U, ConvertUnitBooleanField('udec'), false)))
    call P(B2S(BlzSetUnitStringField(U, ConvertUnitStringField('unam'), "Bob")))
    call P(B2S(BlzSetUnitWeaponRealField(U, ConvertUnitWeaponRealField('ua1c'), 0, 0.75)))
    call P(B2S(BlzSetUnitWeaponIntegerField(U, ConvertUnitWeaponIntegerField('ua1b'), -1, 9)))
    call P(B2S(BlzSetItemIntegerField(I, ConvertItemIntegerField('iclr'), 128)))
    call P(B2S(BlzSetItemBooleanField(I, ConvertItemBooleanField('ipaw'), true)))
    call P(B2S(BlzSetItemRealField(I, ConvertItemRealField('isca'), 2)))
    call P(B2S(BlzSetItemStringField(I, ConvertItemStringField('ifil'), "m.mdl")))
    call P(B2S(BlzSetUnitRealField(null, ConvertUnitRealField('usca'), 1)))
    call RemoveItem(I)
    call P(B2S(BlzSetItemRealField(I, ConvertItemRealField('isca'), 3)))
endfunction
""")
    assert seen(s) == ["true"] * 5 + ["false"] + ["true"] * 4 + ["false", "false"]
    u, item = s.vm.read_global("U"), s.vm.read_global("I")
    assert u.fields == {("unitrealfield", _code("usca")): 1.5,
                        ("unitintegerfield", _code("ulev")): 4,
                        ("unitbooleanfield", _code("udec")): False,
                        ("unitstringfield", _code("unam")): "Bob"}
    assert u.weapon_fields == {(("unitweaponrealfield", _code("ua1c")), 0): 0.75}
    assert item.fields[("itemintegerfield", _code("iclr"))] == 128
    assert item.fields[("itemrealfield", _code("isca"))] == 2.0
    assert u.name != "Bob"  # a stored field does not change the model's own state


def test_item_abilities_add_remove_and_handle():
    s = jass_session(r"""
globals
    item I
    ability A
endglobals
function main takes nothing returns nothing
    set I = CreateItem('ratc', 0, 0)
    call P(B2S(BlzGetItemAbility(I, 'AIat') == null))
    call P(B2S(BlzItemAddAbility(I, 'AIat')) + " " + B2S(BlzItemAddAbility(I, 'AIat')))
    call P(B2S(BlzItemAddAbility(I, 'AIde')))
    set A = BlzGetItemAbility(I, 'AIat')
    call P(B2S(BlzGetAbilityId(A) == 'AIat') + " " + B2S(BlzSetAbilityRealField(A, ConvertAbilityRealField('arng'), 600)))
    call P(B2S(BlzItemRemoveAbility(I, 'AIat')) + " " + B2S(BlzItemRemoveAbility(I, 'AIat')))
    call P(I2S(BlzGetAbilityId(A)) + " " + B2S(BlzItemRemoveAbility(null, 'AIde')))
endfunction
""")
    assert seen(s) == ["true", "true false", "true", "true true", "true false", "0 false"]
    assert s.vm.read_global("I").abilities == [_code("AIde")]
    assert s.vm.read_global("A").destroyed


# -- transports --------------------------------------------------------------------------------

TRANSPORT_SCRIPT = r"""
globals
    unit Ship
    unit Foot
endglobals
function OnLoad takes nothing returns nothing
    call P("loaded " + GetUnitName(GetTriggerUnit()) + " into " + GetUnitName(GetTransportUnit()) + " " + B2S(GetLoadedUnit() == Foot))
endfunction
function Check takes nothing returns nothing
    call P(B2S(IsUnitLoaded(Foot)) + " " + B2S(IsUnitInTransport(Foot, Ship)) + " " + B2S(IsUnitInTransport(Ship, Foot)))
endfunction
function main takes nothing returns nothing
    local trigger t = CreateTrigger()
    set Ship = CreateUnit(Player(0), 'hbot', 0, 0, 0)
    set Foot = CreateUnit(Player(0), 'hfoo', 0, 0, 0)
    call BlzSetUnitName(Ship, "Ship")
    call BlzSetUnitName(Foot, "Foot")
    call TriggerRegisterPlayerUnitEvent(t, Player(0), ConvertPlayerUnitEvent(51), null)
    call TriggerAddAction(t, function OnLoad)
    call Check()
endfunction
"""


def test_transport_loading_answers_and_raises_the_loaded_event():
    s = jass_session(TRANSPORT_SCRIPT)
    ship, foot = s.vm.read_global("Ship"), s.vm.read_global("Foot")
    store = s.game.units
    assert store.load_unit(ship, foot)
    assert not store.load_unit(ship, foot)      # already loaded
    assert not store.load_unit(foot, ship)      # a loaded unit carries nothing
    s.advance(1)
    s.call("Check", kind="action")
    assert store.unload_unit(foot) and not store.unload_unit(foot)
    s.call("Check", kind="action")
    assert seen(s) == ["false false false", "loaded Foot into Ship true", "true true false",
                       "false false false"]
    assert UnitUnloaded(foot, ship) in list(s.game.published)


def test_removing_a_transport_or_its_cargo_ends_the_relation():
    s = jass_session(TRANSPORT_SCRIPT)
    ship, foot = s.vm.read_global("Ship"), s.vm.read_global("Foot")
    store = s.game.units
    store.load_unit(ship, foot)
    store.remove_unit(ship)
    assert foot.transport is None and ship.cargo == []
    s.call("Check", kind="action")
    assert seen(s)[-1] == "false false false"


# -- item use orders ------------------------------------------------------------------------

def test_unit_use_item_orders_use_the_items_slot():
    s = jass_session(r"""
globals
    unit U
    item I
endglobals
function OnOrder takes nothing returns nothing
    call P(OrderId2String(GetIssuedOrderId()) + " " + I2S(GetIssuedOrderId()) + " " + B2S(GetOrderTargetUnit() == U))
endfunction
function main takes nothing returns nothing
    local trigger t = CreateTrigger()
    local item other = CreateItem('phea', 0, 0)
    set U = CreateUnit(Player(0), 'Hpal', 0, 0, 0)
    set I = CreateItem('will', 0, 0)
    call UnitAddItem(U, CreateItem('phea', 0, 0))
    call UnitAddItem(U, I)
    call TriggerRegisterPlayerUnitEvent(t, Player(0), ConvertPlayerUnitEvent(40), null)
    call TriggerRegisterPlayerUnitEvent(t, Player(0), ConvertPlayerUnitEvent(39), null)
    call TriggerAddAction(t, function OnOrder)
    call P(B2S(UnitUseItemTarget(U, I, U)) + " " + B2S(UnitUseItemPoint(U, I, 100, 50)))
    call P(B2S(UnitUseItemTarget(U, other, U)) + " " + B2S(UnitUseItemTarget(U, I, null)) + " " + B2S(UnitUseItemPoint(null, I, 0, 0)))
endfunction
""")
    s.advance(1)
    assert seen(s) == ["true true", "false false false", "useslot2 852009 true",
                       "useslot2 852009 false"]
    order = s.vm.read_global("U").orders[-1]
    assert (order.kind, order.x, order.y) == ("point", 100.0, 50.0)


def test_unit_use_item_immediate():
    s = jass_session(r"""
globals
    unit U
endglobals
function main takes nothing returns nothing
    local item i = CreateItem('phea', 0, 0)
    set U = CreateUnit(Player(0), 'Hpal', 0, 0, 0)
    call P(B2S(UnitUseItem(U, i)))
    call UnitAddItem(U, i)
    call P(B2S(UnitUseItem(U, i)))
endfunction
""")
    assert seen(s) == ["false", "true"]
    order = s.vm.read_global("U").orders[-1]
    assert (order.kind, order.order, order.order_id) == ("immediate", "useslot1", 852008)


# -- command button events and effects --------------------------------------------------------

COMMAND_SCRIPT = r"""
function OnClick takes nothing returns nothing
    call P("click " + I2S(GetPlayerId(GetTriggerPlayer())) + " " + I2S(GetHandleId(GetTriggerEventId())))
endfunction
function main takes nothing returns nothing
    local trigger t = CreateTrigger()
    local trigger u = CreateTrigger()
    call P(B2S(TriggerRegisterCommandEvent(t, 'Aque', "footman") != null))
    call TriggerRegisterCommandEvent(t, 0, "stop")
    call TriggerAddAction(t, function OnClick)
    call TriggerRegisterUpgradeCommandEvent(u, 'Rhde')
    call TriggerAddAction(u, function OnClick)
endfunction
"""


def test_command_events_fire_for_the_registered_button_only():
    s = jass_session(COMMAND_SCRIPT)
    p0, p1 = s.game.players.get(0), s.game.players.get(1)
    s.game.publish(CommandButton(p0, ability_id=_code("Aque"), order="Footman"))
    s.game.publish(CommandButton(p0, ability_id=_code("Aque"), order="knight"))
    s.game.publish(CommandButton(p1, ability_id=0, order="stop"))
    s.game.publish(CommandButton(p0, upgrade=_code("Rhde")))
    s.game.publish(CommandButton(p0, upgrade=_code("Rhar")))
    s.advance(1)
    assert seen(s) == ["true", "click 0 1000", "click 1 1000", "click 0 1000"]
    report = s.game.events.report()["EVENT_COMMAND_BUTTON_CLICK"]
    assert report["registered"] == 3 and report["dispatched"] == 3


def test_command_button_effects_are_created_and_destroyed():
    s = jass_session(r"""
globals
    commandbuttoneffect E
endglobals
function main takes nothing returns nothing
    local commandbuttoneffect l = CreateLearnCommandButtonEffect('AHbz')
    set E = CreateCommandButtonEffect('Aque', "footman")
    call CreateUpgradeCommandButtonEffect('Rhde')
    call DestroyCommandButtonEffect(l)
    call DestroyCommandButtonEffect(null)
endfunction
""")
    effects = s.game.ui.command_button_effects
    assert [(e.kind, e.code, e.order) for e in effects] == [
        ("ability", _code("Aque"), "footman"), ("upgrade", _code("Rhde"), None)]
    assert s.vm.read_global("E") is effects[0]


# -- minimap icons and skin paths -------------------------------------------------------------

def test_minimap_icons_points_units_visibility_and_orphan_destroy():
    s = jass_session(r"""
globals
    unit U
    minimapicon A
    minimapicon B
    minimapicon C
    minimapicon D
endglobals
function main takes nothing returns nothing
    local location l = Location(10, 20)
    set U = CreateUnit(Player(0), 'hfoo', 300, 400, 0)
    set A = CreateMinimapIcon(1, 2, 255, 0, 0, "UI\\Minimap\\x.mdl", ConvertFogState(1))
    set B = CreateMinimapIconAtLoc(l, 0, 255, 0, "p.mdl", ConvertFogState(2))
    set C = CreateMinimapIconOnUnit(U, 0, 0, 255, "q.mdl", ConvertFogState(4))
    call SetMinimapIconVisible(B, false)
    call SetMinimapIconOrphanDestroy(C, true)
    set D = CreateMinimapIconOnUnit(U, 0, 0, 255, "q.mdl", ConvertFogState(4))
    call SetUnitPosition(U, 500, 600)
    call P(B2S(CreateMinimapIconOnUnit(null, 0, 0, 0, "q.mdl", ConvertFogState(4)) == null))
endfunction
function Destroy takes nothing returns nothing
    call DestroyMinimapIcon(A)
    call DestroyMinimapIcon(null)
endfunction
""")
    a, b, c, d = (s.vm.read_global(n) for n in "ABCD")
    assert (a.position, a.color, a.path, a.fog_state) == ((1.0, 2.0), (255, 0, 0), "UI\\Minimap\\x.mdl", 1)
    assert b.position == (10.0, 20.0) and not b.visible
    assert c.position == (500.0, 600.0) and c.fog_state == 4
    assert seen(s) == ["true"]
    s.game.units.remove_unit(s.vm.read_global("U"))
    assert c.destroyed and s.game.ui.minimap_icons == [a, b, d]  # d: no orphan-destroy
    assert d.position == (500.0, 600.0)
    s.vm.call("Destroy")
    assert a.destroyed and s.game.ui.minimap_icons == [b, d]


def test_skin_path_known_key_and_unknown_key():
    s = jass_session(r"""
function main takes nothing returns nothing
    call P(SkinManagerGetLocalPath("MinimapQuestTurnIn"))
    call P(SkinManagerGetLocalPath("MinimapQuestTurnIn"))
    call P(SkinManagerGetLocalPath("MinimapQuestBoss"))
endfunction
""", run_main=False)
    s.game.ui.skin_paths["MinimapQuestBoss"] = "UI\\Minimap\\Boss.mdl"
    s.vm.call("main")
    assert seen(s) == ["MinimapQuestTurnIn", "MinimapQuestTurnIn", "UI\\Minimap\\Boss.mdl"]
    assert [w for _t, w in s.vm.warnings if "SkinManagerGetLocalPath" in w] == [
        "SkinManagerGetLocalPath: no skin data for 'MinimapQuestTurnIn'; returning the key"]


# -- players, sound, camera, saves, art -------------------------------------------------------

def test_handicap_damage_and_revive_time_default_to_one_and_read_back():
    assert run(r"""
function main takes nothing returns nothing
    call P(R2S(GetPlayerHandicapDamage(Player(0))) + " " + R2S(GetPlayerHandicapReviveTime(Player(0))))
    call SetPlayerHandicapDamage(Player(0), 0.5)
    call SetPlayerHandicapReviveTime(Player(1), 1.25)
    call P(R2S(GetPlayerHandicapDamage(Player(0))) + " " + R2S(GetPlayerHandicapReviveTime(Player(1))))
    call P(R2S(GetPlayerHandicapDamage(Player(1))) + " " + R2S(GetPlayerHandicapDamage(null)))
endfunction
""") == ["1.000 1.000", "0.500 1.250", "1.000 0.000"]


def test_dialogue_keys_null_until_set():
    s = jass_session(r"""
globals
    sound S
endglobals
function K takes string s returns string
    if s == null then
        return "null"
    endif
    return s
endfunction
function main takes nothing returns nothing
    set S = CreateSound("Sound\\Dialogue\\x.flac", false, false, false, 10, 10, "")
    call P(K(GetDialogueSpeakerNameKey(S)) + " " + K(GetDialogueTextKey(S)))
    call P(B2S(SetDialogueSpeakerNameKey(S, "TRIGSTR_001")) + " " + B2S(SetDialogueTextKey(S, "TRIGSTR_002")))
    call P(GetDialogueSpeakerNameKey(S) + " " + GetDialogueTextKey(S))
    call P(B2S(SetDialogueTextKey(null, "x")) + " " + K(GetDialogueTextKey(null)))
endfunction
""")
    assert seen(s) == ["null null", "true true", "TRIGSTR_001 TRIGSTR_002", "false null"]


def test_thematic_music_volume_is_stored():
    s = jass_session(r"""
function main takes nothing returns nothing
    call SetThematicMusicVolume(64)
endfunction
""")
    assert s.game.sound.thematic_volume == 64


def test_save_game_checkpoint_fires_the_save_event_and_writes_the_record(tmp_path):
    s = sandbox_session(r"""
function OnSave takes nothing returns nothing
    call P("saving " + GetSaveBasicFilename())
endfunction
function main takes nothing returns nothing
    local trigger t = CreateTrigger()
    call TriggerRegisterGameEvent(t, ConvertGameEvent(259))
    call TriggerAddAction(t, function OnSave)
    call SaveGameCheckpoint("Save\\Auto\\Check1", true)
    call P(B2S(SaveGameExists("Save\\Auto\\Check1")))
endfunction
""", tmp_path)
    s.advance(0.1)   # a deferred internal save without EVENT_GAME_SAVE (seed 004)
    assert seen(s) == ["false"]
    assert (tmp_path / "saves" / "Save" / "Auto" / "Check1.w3z").is_file()
    (entry,) = [d for _t, k, d in s.game.timeline if k == "game_saved"]
    assert entry == {"name": "Save\\Auto\\Check1", "checkpoint": True, "show_window": True}


def test_smooth_camera_setup_applies_over_the_forced_duration():
    s = jass_session(r"""
function main takes nothing returns nothing
    local camerasetup c = CreateCameraSetup()
    call CameraSetupSetField(c, ConvertCameraField(0), 2650, 0)
    call CameraSetupSetDestPosition(c, 1000, 0, 0)
    call BlzCameraSetupApplyForceDurationSmooth(c, true, 2, 0.5, 0.5, 1)
endfunction
""", run_main=False)
    s.vm.call("main")
    cam = s.game.camera
    assert cam.last_smooth == {"ease_in": 0.5, "ease_out": 0.5, "smooth_factor": 1.0}
    s.advance(1)
    assert cam.field(0) == pytest.approx(2150.0)  # halfway through the 2 s ramp
    s.advance(2)
    assert cam.field(0) == pytest.approx(2650.0) and cam.target()[0] == pytest.approx(1000.0)


def test_ability_art_from_data_else_empty_with_a_warning():
    s = jass_session(r"""
function main takes nothing returns nothing
    call P("[" + GetAbilityEffectById('AHtb', ConvertEffectType(5), 0) + "]")
    call P("[" + GetAbilityEffectById('AHtb', ConvertEffectType(2), 0) + "]")
    call P("[" + GetAbilityEffectById('AHtb', ConvertEffectType(2), 1) + "]")
    call P("[" + GetAbilitySoundById('AHtb', ConvertSoundType(0)) + "]")
    call P("[" + GetAbilitySoundById('AHbz', ConvertSoundType(0)) + "]")
endfunction
""", run_main=False)
    store = s.game.units
    store.ability_art[(_code("AHtb"), 2)] = ["Abilities\\Spells\\Human\\StormBolt\\Caster.mdl"]
    store.ability_sounds[(_code("AHtb"), 0)] = "StormBolt"
    s.vm.call("main")
    assert seen(s) == ["[]", "[Abilities\\Spells\\Human\\StormBolt\\Caster.mdl]", "[]",
                       "[StormBolt]", "[]"]
    # 'AHtb' has data (no warning for a type it lacks); 'AHbz' has none: one warning
    warnings = [w for _t, w in s.vm.warnings if "no art data" in w]
    assert len(warnings) == 1 and "'AHbz'" in warnings[0]
