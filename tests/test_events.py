"""Trigger event dispatch and response context (seed 004; S112, S147).

Each seed 004 contract has a test named after it (``test_seed004_...``); the others cover the
registration natives and model events of ``natives.events``.
"""
from __future__ import annotations

import dataclasses
import re

import pytest

from conftest import shared_path
from natives.geometry import Rect, Region, RegionIndex
from natives.handles import enum_handle
from natives.modelevents import (ItemSold, PlayerChat, PlayerEndCinematic, PlayerKey, PlayerLeft,
                                 PlayerVictory, Spell, UnitAttacked, UnitConstruct, UnitDamaged,
                                 UnitSelected, UnitSold)
from natives.text import local_messages
from test_triggers import jass_session, run, seen


def timed(session) -> list[tuple[float, str]]:
    return [(round(m.time, 4), m.text) for m in local_messages(session.game)]


def publish(session, event):
    session.game.publish(event)


# =====================================================================================
# seed 004 contracts
# =====================================================================================

SAVE_SCRIPT = """
globals
    trigger gsave
    trigger gload
endglobals
function OnSave takes nothing returns nothing
    call P("save " + GetSaveBasicFilename() + " " + B2S(GetTriggerEventId() == ConvertGameEvent(259)))
    call TriggerSleepAction(0.5)
    call P("after wait [" + GetSaveBasicFilename() + "]")
endfunction
function OnLoad takes nothing returns nothing
    call P("loaded " + GetSaveBasicFilename())
endfunction
function main takes nothing returns nothing
    set gsave = CreateTrigger()
    set gload = CreateTrigger()
    call TriggerRegisterGameEvent(gsave, ConvertGameEvent(259))
    call TriggerAddAction(gsave, function OnSave)
    call TriggerRegisterGameEvent(gload, ConvertGameEvent(256))
    call TriggerAddAction(gload, function OnLoad)
    call P(B2S(TriggerRegisterGameEvent(gsave, ConvertGameEvent(0)) == null))
    call P(B2S(TriggerRegisterGameEvent(gsave, ConvertGameEvent(1)) == null))
endfunction
"""


def test_seed004_game_save_and_loaded_registered_other_game_ids_return_null():
    s = jass_session(SAVE_SCRIPT)
    assert seen(s) == ["true", "true"]
    report = s.game.events.report()
    assert report["EVENT_GAME_SAVE"]["registered"] == 1
    assert report["EVENT_GAME_LOADED"]["registered"] == 1
    assert report["EVENT_GAME_VICTORY"]["status"] == "UNSUPPORTED"


def test_seed004_save_event_runs_synchronously_with_basic_filename():
    s = jass_session(SAVE_SCRIPT)
    assert s.game.events.fire_game_save("Saves/Profile/Campaign/Rexxar Zone.w3z") is True
    assert seen(s)[2:] == ["save Rexxar Zone true"]
    assert s.game.events.fire_game_loaded("C:\\saves\\slot1.sav") is True
    assert seen(s)[3:] == ["loaded slot1"]


def test_seed004_save_basic_filename_empty_outside_callback_and_after_wait():
    s = jass_session(SAVE_SCRIPT)
    s.game.events.fire_game_save("quick.sav")
    s.advance(1)
    assert seen(s)[2:] == ["save quick true", "after wait []"]
    assert s.game.events.save_name == ""


def test_seed004_save_aborted_when_pre_save_handler_reports_runtime_error():
    s = jass_session("""
function OnSave takes nothing returns nothing
    local integer z = 0
    call P(I2S(1 / z))
endfunction
function main takes nothing returns nothing
    local trigger t = CreateTrigger()
    call TriggerRegisterGameEvent(t, ConvertGameEvent(259))
    call TriggerAddAction(t, function OnSave)
endfunction
""")
    assert s.game.events.fire_game_save("x.sav") is False


def test_seed004_game_events_have_no_subject_and_respect_disabled_triggers():
    s = jass_session(SAVE_SCRIPT + """
function Off takes nothing returns nothing
    call DisableTrigger(gsave)
endfunction
function On takes nothing returns nothing
    call EnableTrigger(gsave)
endfunction
""")
    assert s.vm.read_global("gsave").registrations[0].subject is None
    s.vm.call("Off")
    s.game.events.fire_game_save("a.sav")
    assert seen(s) == ["true", "true"]
    s.vm.call("On")
    s.game.events.fire_game_save("b.sav")
    assert seen(s)[2:] == ["save b true"]


def test_seed004_response_payload_survives_waits():
    s = jass_session("""
globals
    unit victim
    unit killer
endglobals
function OnDeath takes nothing returns nothing
    call TriggerSleepAction(2)
    call P(B2S(GetTriggerUnit() == victim) + " " + B2S(GetDyingUnit() == victim) + " " + B2S(GetKillingUnit() == killer) + " " + B2S(GetTriggerPlayer() == Player(1)))
endfunction
function main takes nothing returns nothing
    local trigger t = CreateTrigger()
    set victim = CreateUnit(Player(1), 'hfoo', 0, 0, 0)
    set killer = CreateUnit(Player(0), 'hfoo', 500, 0, 0)
    call TriggerRegisterPlayerUnitEvent(t, Player(1), ConvertPlayerUnitEvent(20), null)
    call TriggerAddAction(t, function OnDeath)
endfunction
""")
    s.game.units.kill_unit(s.vm.read_global("victim"), s.vm.read_global("killer"))
    s.advance(3)
    assert seen(s) == ["true true true true"]


def test_seed004_event_ids_follow_the_loaded_common_j():
    """Registrations keep the numeric value the script passed; the model raises the value
    the loaded program declares (a stale producer value would match nothing)."""
    s = jass_session("""
globals
    constant playerunitevent EVENT_PLAYER_UNIT_CHANGE_OWNER = ConvertPlayerUnitEvent(999)
endglobals
function Retail takes nothing returns nothing
    call P("retail " + B2S(GetTriggerEventId() == EVENT_PLAYER_UNIT_CHANGE_OWNER) + " " + I2S(GetHandleId(GetTriggerEventId())))
endfunction
function Stale takes nothing returns nothing
    call P("stale")
endfunction
function main takes nothing returns nothing
    local trigger a = CreateTrigger()
    local trigger b = CreateTrigger()
    local unit u = CreateUnit(Player(0), 'hfoo', 0, 0, 0)
    call TriggerRegisterPlayerUnitEvent(a, Player(1), EVENT_PLAYER_UNIT_CHANGE_OWNER, null)
    call TriggerAddAction(a, function Retail)
    call TriggerRegisterPlayerUnitEvent(b, Player(1), ConvertPlayerUnitEvent(270), null)
    call TriggerAddAction(b, function Stale)
    call SetUnitOwner(u, Player(1), true)
endfunction
""")
    s.advance(1)
    assert seen(s) == ["retail true 999"]


def test_seed004_dispatch_evaluates_conditions_then_queues_actions():
    s = jass_session("""
function Cond takes nothing returns boolean
    call P("cond")
    return true
endfunction
function Act takes nothing returns nothing
    call P("act")
endfunction
function main takes nothing returns nothing
    local trigger t = CreateTrigger()
    call TriggerRegisterPlayerUnitEvent(t, Player(0), ConvertPlayerUnitEvent(20), null)
    call TriggerAddCondition(t, Condition(function Cond))
    call TriggerAddAction(t, function Act)
    call KillUnit(CreateUnit(Player(0), 'hfoo', 0, 0, 0))
    call P("main")
endfunction
""")
    assert seen(s) == ["cond", "main"]
    s.advance(0)
    assert seen(s) == ["cond", "main", "act"]


def test_seed004_direct_trigger_execute_exposes_pre_wait_writes():
    assert run("""
globals
    integer x = 0
endglobals
function A takes nothing returns nothing
    set x = 1
    call TriggerSleepAction(1)
    set x = 2
endfunction
function B takes nothing returns nothing
    set x = 10
endfunction
function main takes nothing returns nothing
    local trigger a = CreateTrigger()
    local trigger b = CreateTrigger()
    call TriggerAddAction(a, function A)
    call TriggerAddAction(b, function B)
    call TriggerExecute(a)
    call P("after a " + I2S(x))
    call TriggerExecute(b)
    call P("after b " + I2S(x))
endfunction
""") == ["after a 1", "after b 10"]


def test_seed004_enabled_state_only_gates_registered_events():
    s = jass_session("""
globals
    trigger gd
    trigger ge
endglobals
function C takes nothing returns boolean
    return true
endfunction
function D takes nothing returns nothing
    call P("disabled ran")
endfunction
function E takes nothing returns nothing
    call P("enabled ran")
endfunction
function main takes nothing returns nothing
    set gd = CreateTrigger()
    set ge = CreateTrigger()
    call TriggerRegisterTimerEvent(gd, 1, false)
    call TriggerRegisterTimerEvent(ge, 1, false)
    call TriggerAddCondition(gd, Condition(function C))
    call TriggerAddAction(gd, function D)
    call TriggerAddAction(ge, function E)
    call DisableTrigger(gd)
    if TriggerEvaluate(gd) then
        call TriggerExecute(gd)
    endif
endfunction
""")
    s.advance(2)
    assert seen(s) == ["disabled ran", "enabled ran"]


def test_seed004_nested_trigger_execute_preserves_parent_coroutine():
    s = jass_session("""
globals
    trigger parent
    trigger child
endglobals
function Child takes nothing returns nothing
    call P("child " + B2S(GetTriggeringTrigger() == child))
endfunction
function Parent takes nothing returns nothing
    call P("parent before " + I2S(GetUnitTypeId(GetTriggerUnit())))
    call TriggerExecute(child)
    call TriggerSleepAction(1)
    call P("parent after " + B2S(GetTriggeringTrigger() == parent) + " " + I2S(GetUnitTypeId(GetTriggerUnit())))
endfunction
function main takes nothing returns nothing
    set parent = CreateTrigger()
    set child = CreateTrigger()
    call TriggerAddAction(child, function Child)
    call TriggerRegisterPlayerUnitEvent(parent, Player(0), ConvertPlayerUnitEvent(20), null)
    call TriggerAddAction(parent, function Parent)
    call KillUnit(CreateUnit(Player(0), 'hfoo', 0, 0, 0))
endfunction
""")
    s.advance(3)
    assert timed(s) == [(0.0, "parent before 1751543663"), (0.0, "child true"),
                        (1.0, "parent after true 1751543663")]


def test_seed004_forgroup_counter_actions_complete_before_gate_check():
    """Orc03's zeppelin gate: a ForGroup callback executes a counter trigger per unit and
    checks the counter right after."""
    assert run("""
globals
    integer home = 0
    trigger counter
    trigger victory
endglobals
function Count takes nothing returns nothing
    set home = home + 1
endfunction
function Win takes nothing returns nothing
    call P("victory " + I2S(home))
endfunction
function Each takes nothing returns nothing
    call ConditionalTriggerExecuteX(counter)
    if home == 2 then
        call TriggerExecute(victory)
    endif
endfunction
function main takes nothing returns nothing
    local group g = CreateGroup()
    set counter = CreateTrigger()
    set victory = CreateTrigger()
    call TriggerAddAction(counter, function Count)
    call TriggerAddAction(victory, function Win)
    call GroupAddUnit(g, CreateUnit(Player(0), 'hfoo', 0, 0, 0))
    call GroupAddUnit(g, CreateUnit(Player(0), 'hfoo', 100, 0, 0))
    call ForGroup(g, function Each)
endfunction
""".replace("call ConditionalTriggerExecuteX(counter)",
            "if TriggerEvaluate(counter) then\n        call TriggerExecute(counter)\n    endif")) \
        == ["victory 2"]


def test_seed004_selection_events_only_for_the_selecting_player():
    s = jass_session("""
globals
    unit gu
endglobals
function Sel takes nothing returns nothing
    call P("selected by " + I2S(GetPlayerId(GetTriggerPlayer())) + " " + B2S(GetTriggerEventId() == ConvertPlayerUnitEvent(24)))
endfunction
function Desel takes nothing returns nothing
    call P("deselected")
endfunction
function main takes nothing returns nothing
    local trigger a = CreateTrigger()
    local trigger b = CreateTrigger()
    set gu = CreateUnit(Player(0), 'hfoo', 0, 0, 0)
    call TriggerRegisterPlayerUnitEvent(a, Player(2), ConvertPlayerUnitEvent(24), null)
    call TriggerAddAction(a, function Sel)
    call TriggerRegisterPlayerUnitEvent(b, Player(2), ConvertPlayerUnitEvent(25), null)
    call TriggerAddAction(b, function Desel)
endfunction
""")
    u = s.vm.read_global("gu")
    publish(s, UnitSelected(u, s.game.players.get(1), selected=True))
    publish(s, UnitSelected(u, s.game.players.get(2), selected=True))
    publish(s, UnitSelected(u, s.game.players.get(2), selected=False))
    s.advance(0)
    assert seen(s) == ["selected by 2 true", "deselected"]


def test_seed004_attacked_event_trigger_unit_is_attacked_attacker_is_source():
    s = jass_session("""
globals
    unit a
    unit d
endglobals
function OnAttack takes nothing returns nothing
    call P(B2S(GetTriggerUnit() == d) + " " + B2S(GetAttacker() == a))
endfunction
function main takes nothing returns nothing
    local trigger t = CreateTrigger()
    local trigger u = CreateTrigger()
    set a = CreateUnit(Player(0), 'hfoo', 0, 0, 0)
    call PauseUnit(a, true)   // paused units do not fight: only the injected attack counts
    set d = CreateUnit(Player(1), 'hfoo', 100, 0, 0)
    call PauseUnit(d, true)
    call TriggerRegisterPlayerUnitEvent(t, Player(1), ConvertPlayerUnitEvent(18), null)
    call TriggerAddAction(t, function OnAttack)
    call TriggerRegisterUnitEvent(u, d, ConvertUnitEvent(62))
    call TriggerAddAction(u, function OnAttack)
endfunction
""")
    publish(s, UnitAttacked(s.vm.read_global("d"), attacker=s.vm.read_global("a")))
    s.advance(0)
    assert seen(s) == ["true true", "true true"]


SPELL_SCRIPT = """
globals
    unit caster
    unit target
endglobals
function OnSpell takes nothing returns nothing
    local location l = GetSpellTargetLoc()
    call P(B2S(GetSpellAbilityUnit() == caster) + " " + I2S(GetSpellAbilityId()) + " " + B2S(GetSpellTargetUnit() == target) + " " + R2S(GetSpellTargetX()) + " " + R2S(GetSpellTargetY()) + " " + B2S(l == null))
endfunction
function main takes nothing returns nothing
    local trigger t = CreateTrigger()
    local trigger c = CreateTrigger()
    set caster = CreateUnit(Player(0), 'Hpal', 0, 0, 0)
    set target = CreateUnit(Player(0), 'hfoo', 100, 0, 0)
    call TriggerRegisterPlayerUnitEvent(t, Player(0), ConvertPlayerUnitEvent(274), null)
    call TriggerAddAction(t, function OnSpell)
    call TriggerRegisterPlayerUnitEvent(c, Player(0), ConvertPlayerUnitEvent(273), null)
endfunction
"""


def test_seed004_spell_effect_response_context():
    s = jass_session(SPELL_SCRIPT)
    caster, target = s.vm.read_global("caster"), s.vm.read_global("target")
    publish(s, Spell("effect", caster, 1093677104, target=target))
    publish(s, Spell("effect", caster, 1093677104, x=64.0, y=-32.0))
    s.advance(0)
    assert seen(s) == ["true 1093677104 true 0.000 0.000 true",
                       "true 1093677104 false 64.000 -32.000 false"]


def test_seed004_spell_lifecycle_gaps_stay_registered_and_never_observed():
    s = jass_session(SPELL_SCRIPT)
    report = s.game.events.report()
    assert report["EVENT_PLAYER_UNIT_SPELL_CAST"]["status"] == "REGISTERED_NEVER_OBSERVED"
    assert report["EVENT_PLAYER_UNIT_SPELL_EFFECT"]["status"] == "REGISTERED_NEVER_OBSERVED"


def test_seed004_order_events_with_point_and_target_responses():
    s = jass_session("""
globals
    unit u
    unit other
endglobals
function OnOrder takes nothing returns nothing
    local location l = GetOrderPointLoc()
    call P(I2S(GetIssuedOrderId()) + " " + B2S(GetOrderedUnit() == u) + " " + R2S(GetOrderPointX()) + " " + R2S(GetOrderPointY()) + " " + B2S(GetOrderTargetUnit() == other) + " " + B2S(l == null))
endfunction
function main takes nothing returns nothing
    local trigger t = CreateTrigger()
    set u = CreateUnit(Player(0), 'hfoo', 0, 0, 0)
    set other = CreateUnit(Player(1), 'hfoo', 300, 0, 0)
    call TriggerRegisterPlayerUnitEvent(t, Player(0), ConvertPlayerUnitEvent(38), null)
    call TriggerRegisterPlayerUnitEvent(t, Player(0), ConvertPlayerUnitEvent(39), null)
    call TriggerRegisterUnitEvent(t, u, ConvertUnitEvent(77))
    call TriggerAddAction(t, function OnOrder)
    call IssueImmediateOrder(u, "stop")
    call IssuePointOrder(u, "move", 100, 200)
    call IssueTargetOrder(u, "attack", other)
endfunction
""")
    s.advance(0)
    assert seen(s) == ["851972 true 0.000 0.000 false true",
                       "851986 true 100.000 200.000 false false",
                       "851983 true 0.000 0.000 true true"]


def test_seed004_item_pickup_response_context():
    s = jass_session("""
globals
    unit hero
    item it
endglobals
function OnPick takes nothing returns nothing
    call TriggerSleepAction(0.5)
    call P(B2S(GetManipulatingUnit() == hero) + " " + B2S(GetManipulatedItem() == it))
endfunction
function main takes nothing returns nothing
    local trigger t = CreateTrigger()
    set hero = CreateUnit(Player(0), 'Hpal', 0, 0, 0)
    set it = CreateItem('phea', 0, 0)
    call TriggerRegisterPlayerUnitEvent(t, Player(0), ConvertPlayerUnitEvent(49), null)
    call TriggerAddAction(t, function OnPick)
    call P(B2S(UnitAddItem(hero, it)))
endfunction
""")
    s.advance(1)
    assert seen(s) == ["true", "true true"]


def test_seed004_hero_skill_learning_response():
    s = jass_session("""
globals
    unit hero
endglobals
function OnSkill takes nothing returns nothing
    call P(B2S(GetLearningUnit() == hero) + " " + I2S(GetLearnedSkill()) + " " + I2S(GetLearnedSkillLevel()))
endfunction
function main takes nothing returns nothing
    local trigger t = CreateTrigger()
    set hero = CreateUnit(Player(0), 'Hpal', 0, 0, 0)
    call TriggerRegisterUnitEvent(t, hero, ConvertUnitEvent(79))
    call TriggerAddAction(t, function OnSkill)
    call SelectHeroSkill(hero, 'AHhb')
endfunction
""")
    s.advance(0)
    assert seen(s) == ["true 1095264354 1"]


REGION_SCRIPT = """
globals
    region r
    unit u
endglobals
function OnEnter takes nothing returns nothing
    call P("enter " + B2S(GetTriggeringRegion() == r) + " " + B2S(GetEnteringUnit() == GetTriggerUnit()) + " " + B2S(GetTriggerEventId() == ConvertGameEvent(5)))
endfunction
function OnLeave takes nothing returns nothing
    call P("leave " + B2S(GetTriggeringRegion() == r) + " " + B2S(GetLeavingUnit() == u))
endfunction
function main takes nothing returns nothing
    local trigger a = CreateTrigger()
    local trigger b = CreateTrigger()
    set r = CreateRegion()
    call RegionAddRect(r, Rect(0, 0, 512, 512))
    call TriggerRegisterEnterRegion(a, r, null)
    call TriggerAddAction(a, function OnEnter)
    call TriggerRegisterLeaveRegion(b, r, null)
    call TriggerAddAction(b, function OnLeave)
    set u = CreateUnit(Player(0), 'hfoo', -1000, -1000, 0)
endfunction
"""


def test_seed004_region_enter_leave_with_triggering_region():
    s = jass_session(REGION_SCRIPT + """
function Go takes nothing returns nothing
    call SetUnitPosition(u, 100, 100)
endfunction
function Back takes nothing returns nothing
    call SetUnitPosition(u, -1000, -1000)
endfunction
""")
    s.vm.call("Go")
    s.advance(1)
    s.vm.call("Back")
    s.advance(1)
    assert seen(s) == ["enter true true true", "leave true true"]


def test_region_enter_on_creation_and_move_then_leave_not_on_removal():
    s = jass_session(REGION_SCRIPT + """
function Go takes nothing returns nothing
    call SetUnitX(u, 100)
    call SetUnitY(u, 100)
    call SetUnitX(u, 200)
    call SetUnitX(u, 5000)
    call SetUnitX(u, 300)
endfunction
function Gone takes nothing returns nothing
    call RemoveUnit(u)
    call CreateUnit(Player(0), 'hfoo', 256, 256, 0)
endfunction
""")
    s.vm.call("Go")
    s.advance(0)
    s.vm.call("Gone")
    s.advance(0)
    assert seen(s) == ["enter true true true", "leave true true", "enter true true true",
                       "enter true true true"]


def test_regions_changed_after_registration_and_enter_order_follows_registration():
    """The region bucket index (natives.geometry.RegionIndex) is derived data: cells added
    after the registration count, a region spanning the whole map is found anywhere, and
    regions entered at one step answer in registration order, not by position."""
    s = jass_session("""
globals
    unit u
endglobals
function OnEnter takes nothing returns nothing
    call P("enter " + I2S(GetHandleId(GetTriggeringRegion())))
endfunction
function Watch takes region r returns nothing
    local trigger t = CreateTrigger()
    call TriggerRegisterEnterRegion(t, r, null)
    call TriggerAddAction(t, function OnEnter)
    call P("region " + I2S(GetHandleId(r)))
endfunction
function main takes nothing returns nothing
    local region late = CreateRegion()
    local region wide = CreateRegion()
    local region cell = CreateRegion()
    call Watch(late)
    call Watch(wide)
    call Watch(cell)
    call RegionAddRect(wide, Rect(-1000000, -1000000, 1000000, 1000000))
    call RegionClearRect(wide, Rect(-5000, -5000, -4000, -4000))
    call RegionAddCell(cell, 3000, 3000)
    call RegionAddRect(late, Rect(2900, 2900, 3100, 3100))
    set u = CreateUnit(Player(0), 'hfoo', -4500, -4500, 0)
endfunction
function Go takes nothing returns nothing
    call SetUnitPosition(u, 3000, 3000)
endfunction
""")
    s.advance(0)
    s.vm.call("Go")
    s.advance(0)
    ids = [line.split()[1] for line in seen(s) if line.startswith("region")]
    assert [line for line in seen(s) if line.startswith("enter")] == [f"enter {i}" for i in ids]


def test_queued_region_event_dropped_when_unit_removed_meanwhile():
    s = jass_session(REGION_SCRIPT + """
function Go takes nothing returns nothing
    call SetUnitX(u, 100)
    call SetUnitY(u, 100)
    call RemoveUnit(u)
endfunction
""")
    s.vm.call("Go")
    s.advance(1)
    assert seen(s) == []
    assert s.game.events.report()["EVENT_GAME_ENTER_REGION"]["dispatched"] == 1


def test_seed004_unit_in_range_entering_unit_and_filter():
    s = jass_session("""
globals
    unit watched
    unit friend
    unit foe
endglobals
function NotFriend takes nothing returns boolean
    return GetFilterUnit() != friend
endfunction
function InRange takes nothing returns nothing
    call P("in range " + B2S(GetTriggerUnit() == foe))
endfunction
function main takes nothing returns nothing
    local trigger t = CreateTrigger()
    set watched = CreateUnit(Player(0), 'hfoo', 0, 0, 0)
    set friend = CreateUnit(Player(0), 'hfoo', 1000, 0, 0)
    set foe = CreateUnit(Player(1), 'hfoo', -1000, 0, 0)
    call TriggerRegisterUnitInRange(t, watched, 300, Filter(function NotFriend))
    call TriggerAddAction(t, function InRange)
endfunction
function Go takes nothing returns nothing
    call SetUnitX(friend, 200)
    call SetUnitX(foe, -300)
    call SetUnitX(foe, -250)
    call SetUnitX(foe, -2000)
    call SetUnitX(watched, -1800)
endfunction
""")
    s.vm.call("Go")
    s.advance(0)
    assert seen(s) == ["in range true", "in range true"]
    st = s.game.events.report()["ConvertUnitEvent(92)"]
    assert st["filtered"] == 1 and st["dispatched"] == 2


def test_seed004_authored_filter_runs_with_filter_unit_before_conditions():
    s = jass_session("""
globals
    unit keep
endglobals
function F takes nothing returns boolean
    call P("filter " + I2S(GetUnitTypeId(GetFilterUnit())))
    return GetFilterUnit() == keep
endfunction
function C takes nothing returns boolean
    call P("cond")
    return true
endfunction
function A takes nothing returns nothing
    call P("act")
endfunction
function main takes nothing returns nothing
    local trigger t = CreateTrigger()
    call TriggerRegisterPlayerUnitEvent(t, Player(0), ConvertPlayerUnitEvent(20), Filter(function F))
    call TriggerAddCondition(t, Condition(function C))
    call TriggerAddAction(t, function A)
    set keep = CreateUnit(Player(0), 'hpea', 0, 0, 0)
    call KillUnit(CreateUnit(Player(0), 'hfoo', 0, 0, 0))
    call KillUnit(keep)
endfunction
""")
    s.advance(0)
    assert seen(s) == ["filter 1751543663", "filter 1752196449", "cond", "act"]


def test_seed004_diagnostic_counters_have_distinct_meanings():
    s = jass_session("""
function No takes nothing returns boolean
    return false
endfunction
function OnlyFoo takes nothing returns boolean
    return GetUnitTypeId(GetFilterUnit()) == 'hfoo'
endfunction
function main takes nothing returns nothing
    local trigger a = CreateTrigger()
    local trigger b = CreateTrigger()
    call TriggerRegisterPlayerUnitEvent(a, Player(0), ConvertPlayerUnitEvent(20), Filter(function OnlyFoo))
    call TriggerRegisterPlayerUnitEvent(b, Player(0), ConvertPlayerUnitEvent(20), null)
    call TriggerAddCondition(b, Condition(function No))
    call KillUnit(CreateUnit(Player(0), 'hfoo', 0, 0, 0))
    call KillUnit(CreateUnit(Player(0), 'hpea', 0, 0, 0))
    call KillUnit(CreateUnit(Player(3), 'hpea', 0, 0, 0))
endfunction
""")
    st = s.game.events.report()["EVENT_PLAYER_UNIT_DEATH"]
    assert st == {"registered": 2, "queued": 3, "matched": 3, "dispatched": 1, "filtered": 1,
                  "status": "OBSERVED"}


def test_seed004_timer_expiry_counted_matched_and_dispatched_never_queued():
    s = jass_session("""
function main takes nothing returns nothing
    local trigger t = CreateTrigger()
    call TriggerRegisterTimerEvent(t, 1, true)
endfunction
""")
    s.advance(3.5)
    st = s.game.events.report()["EVENT_GAME_TIMER_EXPIRED"]
    assert (st["queued"], st["matched"], st["dispatched"], st["status"]) == (0, 3, 3, "OBSERVED")


def test_seed004_registered_never_observed_only_without_queued_or_matched():
    s = jass_session("""
function main takes nothing returns nothing
    local trigger t = CreateTrigger()
    call TriggerRegisterPlayerUnitEvent(t, Player(0), ConvertPlayerUnitEvent(49), null)
    call TriggerRegisterPlayerUnitEvent(t, Player(5), ConvertPlayerUnitEvent(20), null)
    call KillUnit(CreateUnit(Player(0), 'hfoo', 0, 0, 0))
endfunction
""")
    report = s.game.events.report()
    assert report["EVENT_PLAYER_UNIT_PICKUP_ITEM"]["status"] == "REGISTERED_NEVER_OBSERVED"
    # a death happened (queued) though not for the registered player: observed
    assert report["EVENT_PLAYER_UNIT_DEATH"]["status"] == "OBSERVED"


def test_seed004_dialog_click_context_survives_wait():
    dialogs = pytest.importorskip("natives.dialogs")
    s = jass_session("""
globals
    dialog d
    button yes
endglobals
function OnClick takes nothing returns nothing
    call TriggerSleepAction(1)
    call P(B2S(GetClickedButton() == yes) + " " + B2S(GetClickedDialog() == d) + " " + I2S(GetPlayerId(GetTriggerPlayer())))
endfunction
function OnAny takes nothing returns nothing
    call P("any " + B2S(GetTriggerEventId() == ConvertDialogEvent(91)))
endfunction
function main takes nothing returns nothing
    local trigger t = CreateTrigger()
    local trigger a = CreateTrigger()
    set d = DialogCreate()
    set yes = DialogAddButton(d, "Yes", 'Y')
    call DialogAddButton(d, "No", 'N')
    call TriggerRegisterDialogButtonEvent(t, yes)
    call TriggerAddAction(t, function OnClick)
    call TriggerRegisterDialogEvent(a, d)
    call TriggerAddAction(a, function OnAny)
endfunction
function Show takes nothing returns nothing
    call DialogDisplay(Player(0), d, true)
endfunction
""")
    s.advance(1)
    s.vm.call("Show")
    dialogs.click(s.game, s.vm.read_global("d"), "Yes")
    s.advance(2)
    assert seen(s) == ["any true", "true true 0"]


def test_seed004_destroy_trigger_retires_registrations_and_drops_queued_runs():
    s = jass_session("""
globals
    trigger g
endglobals
function A takes nothing returns nothing
    call P("act")
endfunction
function main takes nothing returns nothing
    set g = CreateTrigger()
    call TriggerRegisterPlayerUnitEvent(g, Player(0), ConvertPlayerUnitEvent(20), null)
    call TriggerAddAction(g, function A)
    call KillUnit(CreateUnit(Player(0), 'hfoo', 0, 0, 0))
    call DestroyTrigger(g)
    call KillUnit(CreateUnit(Player(0), 'hfoo', 0, 0, 0))
endfunction
""")
    s.advance(1)
    assert seen(s) == []
    assert s.game.events.index == {}


def test_seed004_disable_trigger_leaves_registrations_enable_resumes():
    s = jass_session("""
globals
    trigger g
endglobals
function A takes nothing returns nothing
    call P("act")
endfunction
function main takes nothing returns nothing
    set g = CreateTrigger()
    call TriggerRegisterPlayerUnitEvent(g, Player(0), ConvertPlayerUnitEvent(20), null)
    call TriggerAddAction(g, function A)
    call DisableTrigger(g)
    call KillUnit(CreateUnit(Player(0), 'hfoo', 0, 0, 0))
    call EnableTrigger(g)
    call KillUnit(CreateUnit(Player(0), 'hfoo', 0, 0, 0))
endfunction
""")
    s.advance(1)
    assert seen(s) == ["act"]


def test_seed004_events_fire_only_when_the_state_changes():
    s = jass_session("""
function A takes nothing returns nothing
    call P("gold " + I2S(GetPlayerState(GetTriggerPlayer(), ConvertPlayerState(1))) + " " + B2S(GetEventPlayerState() == ConvertPlayerState(1)))
endfunction
function main takes nothing returns nothing
    local trigger t = CreateTrigger()
    call TriggerRegisterPlayerStateEvent(t, Player(0), ConvertPlayerState(1), ConvertLimitOp(3), 500)
    call TriggerAddAction(t, function A)
    call SetPlayerState(Player(0), ConvertPlayerState(1), 100)
    call SetPlayerState(Player(0), ConvertPlayerState(1), 600)
    call SetPlayerState(Player(0), ConvertPlayerState(1), 600)
    call SetPlayerState(Player(0), ConvertPlayerState(1), 700)
    call SetPlayerState(Player(0), ConvertPlayerState(1), 0)
    call SetPlayerState(Player(0), ConvertPlayerState(1), 500)
endfunction
""")
    s.advance(0)
    assert seen(s) == ["gold 500 true", "gold 500 true"]


# =====================================================================================
# other registrations
# =====================================================================================

def test_unit_state_limit_event():
    s = jass_session("""
globals
    unit u
endglobals
function A takes nothing returns nothing
    call P("low " + B2S(GetTriggerUnit() == u) + " " + B2S(GetEventUnitState() == ConvertUnitState(0)))
endfunction
function main takes nothing returns nothing
    local trigger t = CreateTrigger()
    set u = CreateUnit(Player(0), 'hfoo', 0, 0, 0)
    call TriggerRegisterUnitStateEvent(t, u, ConvertUnitState(0), ConvertLimitOp(1), 100)
    call TriggerAddAction(t, function A)
    call SetUnitState(u, ConvertUnitState(0), 150)
    call SetUnitState(u, ConvertUnitState(0), 90)
    call SetUnitState(u, ConvertUnitState(0), 80)
endfunction
""")
    s.advance(0)
    assert seen(s) == ["low true true"]


def test_widget_death_event_for_units_and_destructables():
    s = jass_session("""
globals
    unit u
    destructable d
endglobals
function A takes nothing returns nothing
    call P("unit " + B2S(GetTriggerWidget() == u) + " " + B2S(GetTriggerUnit() == u) + " " + B2S(GetTriggerEventId() == ConvertWidgetEvent(89)))
endfunction
function B takes nothing returns nothing
    call P("dest " + B2S(GetTriggerDestructable() == d) + " " + B2S(GetTriggerUnit() == null))
endfunction
function main takes nothing returns nothing
    local trigger a = CreateTrigger()
    local trigger b = CreateTrigger()
    set u = CreateUnit(Player(0), 'hfoo', 0, 0, 0)
    set d = CreateDestructable('LTlt', 0, 0, 0, 1, 0)
    call TriggerRegisterDeathEvent(a, u)
    call TriggerAddAction(a, function A)
    call TriggerRegisterDeathEvent(b, d)
    call TriggerAddAction(b, function B)
    call KillUnit(u)
    call KillDestructable(d)
endfunction
""")
    s.advance(0)
    assert seen(s) == ["unit true true true", "dest true true"]


def test_chat_events_hidden_id_and_matching_s112():
    s = jass_session("""
function Any takes nothing returns nothing
    call P("any [" + GetEventPlayerChatString() + "] [" + GetEventPlayerChatStringMatched() + "] " + B2S(GetTriggerEventId() == ConvertPlayerEvent(96)))
endfunction
function Exact takes nothing returns nothing
    call P("exact")
endfunction
function Sub takes nothing returns nothing
    call P("sub")
endfunction
function Plain takes nothing returns nothing
    call P("plain [" + GetEventPlayerChatString() + "]")
endfunction
function main takes nothing returns nothing
    local trigger a = CreateTrigger()
    local trigger b = CreateTrigger()
    local trigger c = CreateTrigger()
    local trigger d = CreateTrigger()
    call TriggerRegisterPlayerChatEvent(a, Player(0), "", false)
    call TriggerAddAction(a, function Any)
    call TriggerRegisterPlayerChatEvent(b, Player(0), "-go", true)
    call TriggerAddAction(b, function Exact)
    call TriggerRegisterPlayerChatEvent(c, Player(0), "go", false)
    call TriggerAddAction(c, function Sub)
    call TriggerRegisterPlayerEvent(d, Player(0), ConvertPlayerEvent(16))
    call TriggerAddAction(d, function Plain)
endfunction
""")
    p0 = s.game.players.get(0)
    publish(s, PlayerChat(p0, "-go"))
    publish(s, PlayerChat(p0, "-gogo"))
    s.advance(0)
    assert seen(s) == ["any [-go] [] true", "exact", "sub", "plain []",
                       "any [-gogo] [] true", "sub", "plain []"]


def test_player_events_victory_defeat_leave_end_cinematic_and_keys():
    s = jass_session("""
function A takes nothing returns nothing
    call P(I2S(GetHandleId(GetTriggerEventId())) + " " + I2S(GetPlayerId(GetTriggerPlayer())))
endfunction
function main takes nothing returns nothing
    local trigger t = CreateTrigger()
    call TriggerRegisterPlayerEvent(t, Player(1), ConvertPlayerEvent(14))
    call TriggerRegisterPlayerEvent(t, Player(1), ConvertPlayerEvent(15))
    call TriggerRegisterPlayerEvent(t, Player(1), ConvertPlayerEvent(17))
    call TriggerRegisterPlayerEvent(t, Player(1), ConvertPlayerEvent(263))
    call TriggerAddAction(t, function A)
endfunction
""")
    p1 = s.game.players.get(1)
    for event in (PlayerVictory, PlayerLeft, PlayerEndCinematic):
        publish(s, event(p1))
    publish(s, PlayerKey(p1, "right", down=True))
    publish(s, PlayerKey(p1, "right", down=False))
    s.advance(0)
    assert seen(s) == ["14 1", "15 1", "17 1", "263 1"]


def test_alliance_change_event():
    s = jass_session("""
function A takes nothing returns nothing
    call P("alliance " + I2S(GetPlayerId(GetTriggerPlayer())))
endfunction
function main takes nothing returns nothing
    local trigger t = CreateTrigger()
    call TriggerRegisterPlayerAllianceChange(t, Player(0), ConvertAllianceType(0))
    call TriggerAddAction(t, function A)
    call SetPlayerAlliance(Player(0), Player(1), ConvertAllianceType(0), true)
    call SetPlayerAlliance(Player(0), Player(1), ConvertAllianceType(5), true)
endfunction
""")
    s.advance(0)
    assert seen(s) == ["alliance 0"]


def test_damage_event_response():
    s = jass_session("""
globals
    unit u
    unit src
endglobals
function A takes nothing returns nothing
    call P(R2S(GetEventDamage()) + " " + B2S(GetEventDamageSource() == src) + " " + B2S(GetTriggerUnit() == u))
endfunction
function main takes nothing returns nothing
    local trigger t = CreateTrigger()
    set u = CreateUnit(Player(0), 'hfoo', 0, 0, 0)
    call PauseUnit(u, true)   // paused units do not fight: only the injected damage counts
    set src = CreateUnit(Player(1), 'hfoo', 0, 0, 0)
    call PauseUnit(src, true)
    call TriggerRegisterUnitEvent(t, u, ConvertUnitEvent(52))
    call TriggerAddAction(t, function A)
endfunction
""")
    publish(s, UnitDamaged(s.vm.read_global("u"), source=s.vm.read_global("src"), amount=12.5))
    s.advance(0)
    assert seen(s) == ["12.500 true true"]


def test_integer_game_state_event():
    s = jass_session("""
function A takes nothing returns nothing
    call P("state " + B2S(GetEventGameState() == ConvertIGameState(1)) + " " + I2S(GetIntegerGameState(ConvertIGameState(1))))
endfunction
function main takes nothing returns nothing
    local trigger t = CreateTrigger()
    call TriggerRegisterGameStateEvent(t, ConvertIGameState(1), ConvertLimitOp(4), 0)
    call TriggerAddAction(t, function A)
    call SetIntegerGameState(ConvertIGameState(1), 1)
    call SetIntegerGameState(ConvertIGameState(1), 2)
endfunction
""")
    s.advance(0)
    assert seen(s) == ["state true 2"]


def test_time_of_day_game_state_event():
    pytest.importorskip("natives.daynight")
    s = jass_session("""
function Dusk takes nothing returns nothing
    call P("dusk " + R2S(GetFloatGameState(ConvertFGameState(2))))
endfunction
function Night takes nothing returns nothing
    call P("before dawn")
endfunction
function main takes nothing returns nothing
    local trigger t = CreateTrigger()
    local trigger n = CreateTrigger()
    call SetFloatGameState(ConvertFGameState(2), 17.0)
    call TriggerRegisterGameStateEvent(t, ConvertFGameState(2), ConvertLimitOp(2), 18.0)
    call TriggerAddAction(t, function Dusk)
    call TriggerRegisterGameStateEvent(n, ConvertFGameState(2), ConvertLimitOp(0), 6.0)
    call TriggerAddAction(n, function Night)
endfunction
""")
    s.advance(20 + 0.001)            # 20 game seconds per game hour
    assert timed(s) == [(20.0, "dusk 18.000")]
    s.advance(6 * 20)                # midnight: "< 6" turns true
    assert timed(s)[-1] == (140.0, "before dawn")
    s.advance(480)                   # one more day
    assert [t for t, _ in timed(s)] == [20.0, 140.0, 500.0, 620.0]


def test_time_of_day_jump_fires_once_and_reschedules():
    pytest.importorskip("natives.daynight")
    s = jass_session("""
function Dusk takes nothing returns nothing
    call P("dusk")
endfunction
function main takes nothing returns nothing
    local trigger t = CreateTrigger()
    call SetFloatGameState(ConvertFGameState(2), 10.0)
    call TriggerRegisterGameStateEvent(t, ConvertFGameState(2), ConvertLimitOp(3), 18.0)
    call TriggerAddAction(t, function Dusk)
    call SetFloatGameState(ConvertFGameState(2), 19.0)
endfunction
""")
    s.advance(0)
    assert timed(s) == [(0.0, "dusk")]
    s.advance(23 * 20)   # 19:00 + 23 h = 18:00 next day
    assert timed(s) == [(0.0, "dusk"), (460.0, "dusk")]


def test_registration_natives_with_null_arguments_return_null():
    assert run("""
function main takes nothing returns nothing
    local trigger t = CreateTrigger()
    call P(B2S(TriggerRegisterPlayerUnitEvent(t, null, ConvertPlayerUnitEvent(20), null) == null))
    call P(B2S(TriggerRegisterUnitEvent(t, null, ConvertUnitEvent(53)) == null))
    call P(B2S(TriggerRegisterPlayerUnitEvent(null, Player(0), ConvertPlayerUnitEvent(20), null) == null))
    call P(B2S(TriggerRegisterEnterRegion(t, null, null) == null))
    call P(B2S(TriggerRegisterPlayerUnitEvent(t, Player(0), ConvertPlayerUnitEvent(20), null) == null))
endfunction
""") == ["true", "true", "true", "true", "false"]


def test_registration_is_an_event_agent():
    s = jass_session("""
function main takes nothing returns nothing
    local trigger t = CreateTrigger()
    local event e = TriggerRegisterPlayerUnitEvent(t, Player(0), ConvertPlayerUnitEvent(20), null)
    call P(I2S(GetHandleId(e) - GetHandleId(t)))
endfunction
""")
    assert seen(s) == ["1"]


def test_events_without_vm_are_counted_but_not_dispatched():
    from natives.events import EventRegistry
    from natives.game import Game
    game = Game()
    game.vm = None
    events = game.events
    assert isinstance(events, EventRegistry)
    game.publish(PlayerChat(game.players.get(0), "hi"))
    report = events.report()
    assert report["ConvertPlayerEvent(96)"]["queued"] == 1
    assert report["ConvertPlayerEvent(96)"]["status"] == "NOT_REGISTERED"
    assert enum_handle("playerevent", 96) is enum_handle("playerevent", 96)


def test_construct_and_sell_events_with_their_responses():
    """Model events ``unit_construct`` (start/finish) and ``unit_sold`` / ``item_sold`` raise
    the construct and sell events: the structure, resp. the shop, is the event unit (sell
    events go to the shop owner's registrations)."""
    s = jass_session("""
globals
    unit hall
    unit shop
endglobals
function Say takes string what returns nothing
    call P(what + " " + I2S(GetHandleId(GetTriggerEventId())) + " " + I2S(GetPlayerId(GetTriggerPlayer())) + " " + B2S(GetTriggerUnit() == hall) + B2S(GetTriggerUnit() == shop))
endfunction
function OnStart takes nothing returns nothing
    call Say("start")
endfunction
function OnFinish takes nothing returns nothing
    call Say("finish")
endfunction
function OnHallFinish takes nothing returns nothing
    call P("hall finished")
endfunction
function OnSell takes nothing returns nothing
    call Say("sell")
endfunction
function OnSellItem takes nothing returns nothing
    call Say("sell item")
endfunction
function OnShopSell takes nothing returns nothing
    call P("shop sold")
endfunction
function main takes nothing returns nothing
    local trigger t = CreateTrigger()
    set hall = CreateUnit(Player(0), 'ogre', 0, 0, 270)
    set shop = CreateUnit(Player(15), 'ngme', 512, 0, 270)
    call TriggerRegisterPlayerUnitEvent(t, Player(0), ConvertPlayerUnitEvent(26), null)
    call TriggerAddAction(t, function OnStart)
    set t = CreateTrigger()
    call TriggerRegisterPlayerUnitEvent(t, Player(0), ConvertPlayerUnitEvent(28), null)
    call TriggerAddAction(t, function OnFinish)
    set t = CreateTrigger()
    call TriggerRegisterUnitEvent(t, hall, ConvertUnitEvent(65))
    call TriggerAddAction(t, function OnHallFinish)
    set t = CreateTrigger()
    call TriggerRegisterPlayerUnitEvent(t, Player(15), ConvertPlayerUnitEvent(269), null)
    call TriggerRegisterPlayerUnitEvent(t, Player(0), ConvertPlayerUnitEvent(269), null)
    call TriggerAddAction(t, function OnSell)
    set t = CreateTrigger()
    call TriggerRegisterPlayerUnitEvent(t, Player(15), ConvertPlayerUnitEvent(271), null)
    call TriggerAddAction(t, function OnSellItem)
    set t = CreateTrigger()
    call TriggerRegisterUnitEvent(t, shop, ConvertUnitEvent(286))
    call TriggerRegisterUnitEvent(t, shop, ConvertUnitEvent(288))
    call TriggerAddAction(t, function OnShopSell)
endfunction
""")
    responses = []

    class Record:
        def thread_started(self, th):
            if th.kind == "action":
                responses.append(th.response.copy())

    s.vm.hooks.add(Record())
    hall, shop = s.vm.read_global("hall"), s.vm.read_global("shop")
    buyer = s.game.units.create_unit(s.game.players.get(0), 1215324524, 600.0, 0.0, 0.0)
    zeppelin = s.game.units.create_unit(s.game.players.get(0), 1853515120, 512.0, 0.0, 0.0)
    potion = s.game.units.create_item(1885889889, 512.0, 0.0)
    publish(s, UnitConstruct("start", hall))
    publish(s, UnitConstruct("finish", hall))
    publish(s, UnitConstruct("nonsense", hall))
    publish(s, UnitSold(shop, zeppelin, buyer=buyer))
    publish(s, ItemSold(shop, potion, buyer=buyer))
    s.advance(0)
    assert seen(s) == ["start 26 0 truefalse", "finish 28 0 truefalse", "hall finished",
                       "sell 269 15 falsetrue", "shop sold", "sell item 271 15 falsetrue",
                       "shop sold"]
    assert responses[0].constructing_structure is hall
    assert responses[1].constructed_structure is hall
    assert responses[3].selling_unit is shop and responses[3].sold_unit is zeppelin
    assert responses[3].buying_unit is buyer
    assert responses[5].sold_item is potion and responses[5].buying_unit is buyer


# =====================================================================================
# Typed contracts (issue 9): model event classes and the Response fields
# =====================================================================================

RESPONSE_API = "1.33.0"


def _common_j_response_natives() -> dict[str, tuple[str, bool]]:
    """The event response natives of common.j ``RESPONSE_API``: {name: (return type,
    constant)}. Response natives are the getters taking nothing of its trigger/event API
    part (from ``GetFilterUnit`` to ``GetTriggerDestructable``), ``GetExpiredTimer`` and the
    ``BlzGetEvent*`` / ``BlzGetTrigger*`` getters."""
    text = shared_path("corpus", "api", RESPONSE_API, "common.j").read_text("latin-1")
    decl = re.compile(r"^\s*(constant\s+)?native\s+(\w+)\s+takes\s+nothing\s+returns\s+(\w+)")
    out: dict[str, tuple[str, bool]] = {}
    inside = False
    for line in text.splitlines():
        m = decl.match(line)
        if m is None:
            continue
        name, returns, constant = m.group(2), m.group(3), bool(m.group(1))
        if name == "GetFilterUnit":
            inside = True
        if returns != "nothing" and (inside or name == "GetExpiredTimer"
                                     or re.match(r"BlzGet(Event|Trigger)", name)):
            out[name] = (returns, constant)
        if name == "GetTriggerDestructable":
            inside = False
    return out


def test_every_implemented_response_native_is_a_response_field_or_listed_computed():
    from natives.events import COMPUTED_RESPONSE_NATIVES, GENERATED_RESPONSE_NATIVES
    from natives.registry import NATIVES
    from natives.response import Response
    from natives.session import load_natives
    load_natives()
    declared = _common_j_response_natives()
    assert len(declared) > 80 and "GetTriggerUnit" in declared and "GetEventDamage" in declared
    fields = {f.name: f for f in dataclasses.fields(Response)}
    for name, (returns, constant) in sorted(declared.items()):
        if name not in NATIVES:
            continue
        assert (name in GENERATED_RESPONSE_NATIVES) != (name in COMPUTED_RESPONSE_NATIVES), name
        spec = NATIVES[name]
        assert (spec.returns, spec.constant) == (returns, constant), name
        if name in GENERATED_RESPONSE_NATIVES:
            meta = fields[GENERATED_RESPONSE_NATIVES[name]].metadata["native"]
            assert (meta.name, meta.returns) == (name, returns)
    assert set(COMPUTED_RESPONSE_NATIVES) <= set(NATIVES)


def test_generated_response_natives_return_their_field():
    """Each generated native reads exactly its field (0 / 0.0 / false for an unset
    integer/real/boolean)."""
    from types import SimpleNamespace

    from natives.events import GENERATED_RESPONSE_NATIVES
    from natives.registry import NATIVES
    from natives.response import Response
    from natives.session import load_natives
    load_natives()
    for name, field_name in GENERATED_RESPONSE_NATIVES.items():
        spec = NATIVES[name]
        value = {"integer": 7, "real": 2.5, "string": "txt"}.get(spec.returns, object())
        ctx = SimpleNamespace(thread=SimpleNamespace(response=Response(**{field_name: value})))
        assert spec.func(ctx) is value or spec.func(ctx) == value, name
        empty = SimpleNamespace(thread=SimpleNamespace(response=Response()))
        assert spec.func(empty) == {"integer": 0, "real": 0.0, "boolean": False}.get(spec.returns), name


def test_integer_responses_outside_their_events_are_zero():
    """Integer response natives read 0 outside their event (they used to hand the VM a
    null for an integer: an internal error)."""
    assert run("""
function main takes nothing returns nothing
    call P(I2S(GetLearnedSkill() + GetLearnedSkillLevel() + GetSpellAbilityId() + GetIssuedOrderId()) + " " + R2S(GetEventDamage() + GetOrderPointX() + GetSpellTargetY()))
endfunction
""") == ["0 0.000"]


def test_response_rejects_misspelt_fields():
    from natives.response import Response
    with pytest.raises(TypeError):
        Response(tirgger_unit=None)
    with pytest.raises(TypeError):
        dataclasses.replace(Response(), tirgger_unit=None)
    with pytest.raises(AttributeError):
        Response().copy(tirgger_unit=None)
    r = Response()
    with pytest.raises(AttributeError):
        r.tirgger_unit = None


def test_every_model_event_is_handled_or_listed_as_raising_no_jass_event():
    from natives import dzapi, input
    from natives.modelevents import FrameInput
    from natives.events import MODEL_EVENTS, SILENT_EVENTS
    from natives.modelevents import ALL_EVENTS
    handled = set(MODEL_EVENTS) | set(dzapi.MODEL_EVENTS) | set(input.MODEL_EVENTS) | {FrameInput}
    assert len(ALL_EVENTS) == len(set(ALL_EVENTS)) > 40
    assert not handled & set(SILENT_EVENTS)
    assert set(ALL_EVENTS) == handled | set(SILENT_EVENTS)
    for cls in ALL_EVENTS:
        assert dataclasses.is_dataclass(cls) and cls.__dataclass_params__.frozen, cls
        assert hasattr(cls, "__slots__") and cls.__doc__, cls


def test_every_handled_model_event_has_a_publisher():
    """No handler listens for an event nothing publishes: each class the event layer
    handles is published somewhere in ``natives`` or ``maps`` (tests do not count)."""
    from pathlib import Path

    from natives import dzapi, input
    from natives.modelevents import FrameInput
    from natives.events import MODEL_EVENTS
    root = Path(__file__).resolve().parents[1]
    sources = "\n".join(p.read_text("utf-8") for folder in ("natives", "maps")
                        for p in sorted((root / folder).glob("*.py")))
    for cls in set(MODEL_EVENTS) | set(dzapi.MODEL_EVENTS) | set(input.MODEL_EVENTS) | {FrameInput}:
        assert re.search(rf"publish\((?:\w+\.)?{cls.__name__}\(", sources), cls.__name__


def test_region_index_answers_whether_a_box_may_touch_a_watched_region():
    """A walking unit steps cell by cell only where ``RegionIndex.any_near`` says a watched
    region may be (natives.orders); far from every region it may not, whatever the box."""
    r = Region()
    r.add_rect(Rect(992.0, -100.0, 1504.0, 100.0))   # buckets x 1..2 (512-unit buckets)
    index = RegionIndex([r])
    assert index.any_near(980.0, 0.0, 1000.0, 10.0)
    assert index.any_near(500.0, 0.0, 530.0, 10.0)        # the box reaches bucket 1
    assert not index.any_near(0.0, 0.0, 500.0, 10.0)      # bucket 0 only
    assert not index.any_near(3000.0, 3000.0, 3040.0, 3040.0)
    wide = Region()
    wide.add_rect(Rect(-1e6, -1e6, 1e6, 1e6))            # past the bucket cap: everywhere
    assert RegionIndex([wide]).any_near(3000.0, 3000.0, 3040.0, 3040.0)


@pytest.mark.parametrize("api", ["roc-1.0x", "tft-1.0x", "1.26", "1.30.4", "1.32.0-beta", "1.33.0", "2.0.2"])
def test_every_event_constant_of_common_j_is_named_with_its_id(api):
    """``EVENTS`` names each ``EVENT_*`` constant common.j declares, with common.j's own
    Convert type and value, so registrations and the event report never show a bare
    ``ConvertXEvent(value)`` for a declared event (those the model does not raise included)."""
    from natives.events import EVENTS, CONVERT_NAMES
    text = shared_path("corpus", "api", api, "common.j").read_text(encoding="latin-1")
    converts = {v: k for k, v in CONVERT_NAMES.items()}
    declared = re.findall(r"constant\s+\w+\s+(EVENT_\w+)\s*=\s*(Convert\w+)\((\d+)\)", text)
    assert len(declared) >= 90   # the RoC 1.0x set declares the fewest (93)
    for name, convert, value in declared:
        if convert in converts:
            assert EVENTS.get(name) == (converts[convert], int(value)), name


def test_a_registration_for_an_event_the_model_does_not_raise_is_named():
    """common.j 1.30.4 line 594: EVENT_PLAYER_UNIT_RESCUED = ConvertPlayerUnitEvent(19)."""
    from natives.events import EventRegistry
    assert EventRegistry.name_of(enum_handle("playerunitevent", 19)) == "EVENT_PLAYER_UNIT_RESCUED"
    assert EventRegistry.name_of(enum_handle("playerunitevent", 40)) == "EVENT_PLAYER_UNIT_ISSUED_TARGET_ORDER"
