"""Abilities as message procedures (issue 13, seed 000) and the cast path (natives/spells.py).

Test names follow seed 000's verification list (direct registry metadata, shared-procedure
aliases, Holy Light validation and execution, command dispatch, item charge consumption,
autocast state, ability membership and levels, persistent updates, save-safe rawcode
identity) and seed 002's Blight Growth contract. The lifecycle tests are JASS scripts printing
the spell events in order with GetSpellAbilityId and the caster's mana (Hive Workshop,
"Casting Events Guide"). Figures are those of natives/abilitydata.py (sources per row)."""
import re
import textwrap

import pytest

from fakectx import FakeCtx
from maps.scenario import load_scenario
from maps.scenario_runner import run_scenario
from natives import abilities as A
from natives import modelevents as ME
from natives.abilities import AbilityItem, Msg, SpellTarget, resolve, send
from natives.blight import plane_of
from natives.objecttypes import ObjectRecord, ObjectTypes
from natives.snapshot import state_digest
from natives.spells import CAST_BACKSWING, CAST_POINT, CastWork
from natives.text import local_messages
from natives.unitdata import rawcode
from test_save_load import reload
from test_triggers import jass_session

AHHB, ANHB, AHTB, AHTC, AHAD, AHWE, ABLI, AHEA = (rawcode(c) for c in (
    "AHhb", "ANhb", "AHtb", "AHtc", "AHad", "AHwe", "Abli", "Ahea"))
HPAL, HMKG, HAMG, HFOO, UGHO, HPRI, UACO, PHEA = (rawcode(c) for c in (
    "Hpal", "Hmkg", "Hamg", "hfoo", "ugho", "hmpr", "uaco", "phea"))


@pytest.fixture
def ctx():
    return FakeCtx()


def unit(ctx, code, x=0.0, y=0.0, player=0):
    return ctx.CreateUnit(ctx.Player(player), code, x, y, 0.0)


def spells(ctx):
    return [(e.phase, rawcode_of(e.ability_id)) for e in ctx.game.published if type(e) is ME.Spell]


def rawcode_of(code):
    return code.to_bytes(4, "big").decode()


# -- the registry and the call contract ---------------------------------------------------------

def test_direct_registry_metadata():
    row = A.REGISTRY[AHHB]
    assert row.proc is A.holy_light and row.flags == A.AB_SPELL
    assert row.target == A.TARGET_UNIT and row.orders == ("holybolt",)
    assert A.REGISTRY[ABLI].flags & A.AB_UPDATE and A.REGISTRY[ABLI].target == A.TARGET_NONE
    assert A.REGISTRY[rawcode("AHbz")].flags & A.AB_CHANNEL
    assert A.REGISTRY[AHEA].flags & A.AB_AUTOCAST


def test_shared_procedure_aliases_keep_their_rawcode(ctx):
    # a stock alias has its own row; a map alias resolves to its base's row, keeps its code
    assert A.REGISTRY[ANHB].proc is A.REGISTRY[AHHB].proc and A.REGISTRY[ANHB].code == ANHB
    alias = rawcode("A000")
    ctx.game.object_types = ObjectTypes([ObjectRecord("ability", alias, AHHB, True,
                                                      {("Hhb1", 1): 50.0, ("amcs", 1): 10})])
    item = resolve(ctx.game, alias)
    assert item.row is A.REGISTRY[AHHB] and item.code == alias
    pal, foot = unit(ctx, HPAL), unit(ctx, HFOO, 200.0)
    foot.life = 100.0
    ctx.UnitAddAbility(pal, alias)
    assert ctx.IssueTargetOrder(pal, "holybolt", foot)
    ctx.game.advance(2.0)
    assert foot.life == 150.0 and pal.mana == 245.0         # the alias's own data
    assert alias in pal.cooldowns and AHHB not in pal.cooldowns
    assert {rawcode_of(e.ability_id) for e in ctx.game.published if type(e) is ME.Spell} == {"A000"}


def test_a_handled_false_is_final_and_only_the_default_arm_delegates(ctx):
    pal = unit(ctx, HPAL)
    item = AbilityItem(A.REGISTRY[AHHB], AHHB)
    assert send(pal, Msg.VALIDATE, item, target=SpellTarget(unit=pal)) == 0   # own arm: no
    assert send(pal, Msg.ORDER, item, order="holybolt") == 1                 # base_procedure
    assert send(pal, Msg.UPDATE, item) == 0


def test_holy_light_validation_and_execution(ctx):
    pal = unit(ctx, HPAL)
    ctx.SelectHeroSkill(pal, AHHB)
    foot, ghoul, enemy_foot = unit(ctx, HFOO, 100.0), unit(ctx, UGHO, 3000.0, 0, 1), unit(ctx, HFOO, 0, 3000.0, 1)
    item = resolve(ctx.game, AHHB)
    valid = lambda t: send(pal, Msg.VALIDATE, item, target=SpellTarget(unit=t))
    assert not valid(foot)                 # full life
    foot.life = 20.0
    assert valid(foot) and valid(ghoul) and not valid(enemy_foot) and not valid(pal)
    assert not ctx.IssueTargetOrder(pal, "holybolt", enemy_foot)   # VALIDATE refuses the order
    assert ctx.IssueTargetOrder(pal, "holybolt", foot)
    ctx.game.advance(1.0)
    assert foot.life == 220.0                           # +200 (Liquipedia Paladin)
    assert pal.mana == 255.0 - 65.0
    assert pal.cooldowns[AHHB] == pytest.approx(CAST_POINT + 5.0)   # ready 5 s after the effect
    assert not ctx.IssueTargetOrder(pal, "holybolt", foot)        # on cooldown (and full)
    ctx.game.advance(7.0)
    ctx.SetUnitPosition(ghoul, 700.0, 0.0)              # within range; paused: no fight
    ctx.PauseUnit(ghoul, True)
    assert ctx.IssueTargetOrder(pal, "holybolt", ghoul)
    ctx.game.advance(7.0 + CAST_POINT + 0.01)
    assert ghoul.life == ghoul.max_life - 100.0         # half of 200 to an enemy undead


def test_command_dispatch_casts_an_instant_spell(ctx):
    mk = unit(ctx, HMKG)
    ctx.SelectHeroSkill(mk, AHTC)
    e1, e2, far = unit(ctx, HFOO, 100.0, 0, 1), unit(ctx, HFOO, -200.0, 0, 1), unit(ctx, HFOO, 400.0, 0, 1)
    assert send(mk, Msg.COMMAND, resolve(ctx.game, AHTC)) == 1
    ctx.game.advance(1.0)
    assert (e1.max_life - e1.life, e2.max_life - e2.life, far.life) == (60.0, 60.0, far.max_life)
    assert rawcode("BHtc") in e1.buffs and ctx.GetUnitAbilityLevel(e1, rawcode("BHtc")) == 1
    ctx.game.advance(1.0 + 5.0)
    assert rawcode("BHtc") not in e1.buffs               # the slow lasts 'adur' = 5 s


def test_item_charge_consumption(ctx):
    foot = unit(ctx, HFOO)
    item = ctx.game.units.create_item(PHEA, 0, 0)
    foot.inventory = [None] * 6
    ctx.game.units.give_item(foot, item)
    charges = item.charges
    ctx.game.units.use_item(foot, item)                  # full life: ITEM_USE refuses
    assert item.charges == charges and not [e for e in ctx.game.published if type(e) is ME.ItemUse]
    foot.life = 100.0
    ctx.game.units.use_item(foot, item)
    assert foot.life == 350.0                            # Potion of Healing: 250
    assert item.charges == charges - 1 or item.destroyed


def test_autocast_state(ctx):
    priest, foot = unit(ctx, HPRI), unit(ctx, HFOO, 100.0)
    ctx.UnitAddAbility(priest, AHEA)
    item = resolve(ctx.game, AHEA)
    assert send(priest, Msg.AUTOCAST_ON, item) == 0
    assert send(priest, Msg.AUTOCAST_ACQUIRE, item) == 0     # off: no acquisition
    send(priest, Msg.AUTOCAST_SET, item, enabled=True)
    assert send(priest, Msg.AUTOCAST_ON, item) == 1
    foot.life = 100.0
    assert send(priest, Msg.AUTOCAST_ACQUIRE, item) == 1
    assert priest.current_order is not None and priest.current_order.order == "heal"
    assert ctx.IssueImmediateOrder(priest, "healoff")          # ORDER: the autocast command
    assert send(priest, Msg.AUTOCAST_ON, item) == 0
    assert ctx.IssueImmediateOrderById(priest, 852064)         # "healon" by id
    assert send(priest, Msg.AUTOCAST_ON, item) == 1


def test_ability_membership_and_levels(ctx):
    pal = unit(ctx, HPAL)
    ctx.SelectHeroSkill(pal, AHHB)
    item = resolve(ctx.game, AHHB)
    assert send(pal, Msg.LEVEL, item) == 1 and ctx.GetUnitAbilityLevel(pal, AHHB) == 1
    ctx.SetHeroLevel(pal, 3, False)
    ctx.SelectHeroSkill(pal, AHHB)
    assert send(pal, Msg.LEVEL, item) == 2
    ctx.SelectHeroSkill(pal, AHHB)                         # level 3 needs hero level 5
    assert send(pal, Msg.LEVEL, item) == 2 and pal.hero.skill_points == 1
    ctx.SelectHeroSkill(pal, rawcode("AHre"))              # ultimate: hero level 6
    assert ctx.GetUnitAbilityLevel(pal, rawcode("AHre")) == 0
    assert ctx.UnitRemoveAbility(pal, AHHB) and send(pal, Msg.LEVEL, item) == 0


def test_hero_skill_event_fires_with_the_learnt_skill():
    s = jass_session("""
function Learnt takes nothing returns nothing
    call DisplayTextToPlayer(GetLocalPlayer(), 0, 0, "learnt " + I2S(GetLearnedSkill()) + " " + I2S(GetLearnedSkillLevel()))
endfunction
function main takes nothing returns nothing
    local trigger t = CreateTrigger()
    local unit u = CreateUnit(Player(0), 'Hpal', 0, 0, 0)
    call TriggerRegisterPlayerUnitEvent(t, Player(0), ConvertPlayerUnitEvent(42), null)   // EVENT_PLAYER_HERO_SKILL
    call TriggerAddAction(t, function Learnt)
    call SelectHeroSkill(u, 'AHhb')
endfunction
""")
    s.advance(1.0)
    assert [m.text for m in local_messages(s.game)] == [f"learnt {AHHB} 1"]


def test_persistent_updates_aura_marks_friends_in_range(ctx):
    pal = unit(ctx, HPAL)
    near, far, foe = unit(ctx, HFOO, 500.0), unit(ctx, HFOO, 1500.0), unit(ctx, HFOO, 0, 300.0, 1)
    ctx.SelectHeroSkill(pal, AHAD)
    ctx.game.advance(0.1)
    bhad = rawcode("BHad")
    assert bhad in near.buffs and bhad in pal.buffs and bhad not in far.buffs and bhad not in foe.buffs
    assert near.buffs[bhad].armor == 1.5                                  # level 1: +1.5 armor
    second = unit(ctx, HPAL, 600.0)
    ctx.SetHeroLevel(second, 5, False)
    for _ in range(3):
        ctx.SelectHeroSkill(second, AHAD)
    ctx.game.advance(0.7)
    assert near.buffs[bhad].armor == 4.5                                  # strongest, no stacking
    ctx.SetUnitPosition(near, 3000.0, 0.0)
    ctx.game.advance(3.0)
    assert bhad not in near.buffs                                          # left the aura


# -- the cast path ---------------------------------------------------------------------------

LIFECYCLE = """
globals
    unit caster
    unit target
endglobals
function Show takes string phase returns nothing
    call DisplayTextToPlayer(GetLocalPlayer(), 0, 0, phase + " " + I2S(GetSpellAbilityId()) + " " + I2S(R2I(GetUnitState(GetSpellAbilityUnit(), ConvertUnitState(2)))))   // UNIT_STATE_MANA
endfunction
function Channel takes nothing returns nothing
    call Show("channel")
endfunction
function Cast takes nothing returns nothing
    call Show("cast")
endfunction
function Effect takes nothing returns nothing
    call Show("effect")
endfunction
function Finish takes nothing returns nothing
    call Show("finish")
endfunction
function Endcast takes nothing returns nothing
    call Show("endcast")
endfunction
function On takes playerunitevent e, code c returns nothing
    local trigger t = CreateTrigger()
    call TriggerRegisterPlayerUnitEvent(t, Player(0), e, null)
    call TriggerAddAction(t, c)
endfunction
function main takes nothing returns nothing
    call On(ConvertPlayerUnitEvent(272), function Channel)
    call On(ConvertPlayerUnitEvent(273), function Cast)
    call On(ConvertPlayerUnitEvent(274), function Effect)
    call On(ConvertPlayerUnitEvent(275), function Finish)
    call On(ConvertPlayerUnitEvent(276), function Endcast)
    set caster = CreateUnit(Player(0), 'Hpal', 0, 0, 0)
    set target = CreateUnit(Player(0), 'hfoo', 1000, 0, 0)
    call SetWidgetLife(target, 100)
    call SelectHeroSkill(caster, 'AHhb')
    call IssueTargetOrder(caster, "holybolt", target)
endfunction
"""


def lines(s):
    return [(m.text, round(m.time, 3)) for m in local_messages(s.game)]


def test_the_lifecycle_events_fire_in_order_with_the_mana_spent_at_the_effect():
    """Hive casting-events guide: begins channeling, begins casting, (cast point), starts the
    effect (mana spent), finishes casting, stops casting."""
    s = jass_session(LIFECYCLE)
    s.advance(5.0)
    assert not s.vm.errors
    walk = (1000.0 - 800.0) / 270.0         # to Holy Light's 800 range at the Paladin's speed
    code = AHHB
    assert lines(s) == [
        (f"channel {code} 255", pytest.approx(walk, abs=0.01)),
        (f"cast {code} 255", pytest.approx(walk, abs=0.01)),
        (f"effect {code} 190", pytest.approx(walk + CAST_POINT, abs=0.01)),
        (f"finish {code} 190", pytest.approx(walk + CAST_POINT, abs=0.01)),
        (f"endcast {code} 190", pytest.approx(walk + CAST_POINT, abs=0.01)),
    ]
    caster = next(u for u in s.game.units.units.values() if u.type_id == HPAL)
    assert caster.current_order is None        # after the backswing


def test_a_stop_before_the_effect_ends_the_cast_and_wastes_no_mana():
    """Hive casting-events guide: stop "immediately stops/cancels the spell casting" after
    Begins Channeling; before Starts the Effect no mana is wasted."""
    script = LIFECYCLE.replace('call IssueTargetOrder(caster, "holybolt", target)',
                               'call SetUnitX(target, 100)\n    call IssueTargetOrder(caster, "holybolt", target)\n'
                               '    call TimerStart(CreateTimer(), 0.1, false, function Stop)')
    script = script.replace("function main", """function Stop takes nothing returns nothing
    call IssueImmediateOrder(caster, "stop")
endfunction
function main""")
    s = jass_session(script)
    s.advance(5.0)
    assert [t for t, _ in lines(s)] == [f"channel {AHHB} 255", f"cast {AHHB} 255", f"endcast {AHHB} 255"]
    caster = next(u for u in s.game.units.units.values() if u.type_id == HPAL)
    assert caster.mana == 255.0 and AHHB not in caster.cooldowns


def test_a_move_during_the_cast_point_is_queued_behind_the_cast(ctx):
    """Hive casting-events guide: a move order "before this point will queue the order"."""
    pal, foot = unit(ctx, HPAL), unit(ctx, HFOO, 100.0)
    foot.life = 50.0
    ctx.SelectHeroSkill(pal, AHHB)
    assert ctx.IssueTargetOrder(pal, "holybolt", foot)
    ctx.game.advance(0.1)
    assert ctx.IssuePointOrder(pal, "move", -500.0, 0.0)
    ctx.game.advance(0.1 + CAST_POINT)
    assert foot.life == 250.0 and [p for p, _ in spells(ctx)][-1] == "endcast"
    ctx.game.advance(5.0)
    assert (pal.x, pal.y) == (-500.0, 0.0)


def test_death_during_the_cast_point_fires_endcast_only(ctx):
    pal, foot = unit(ctx, HPAL), unit(ctx, HFOO, 100.0)
    foot.life = 50.0
    ctx.SelectHeroSkill(pal, AHHB)
    ctx.IssueTargetOrder(pal, "holybolt", foot)
    ctx.game.advance(0.1)
    ctx.KillUnit(pal)
    ctx.game.advance(2.0)
    assert [p for p, _ in spells(ctx)] == ["channel", "cast", "endcast"] and foot.life == 50.0


def test_not_enough_mana_refuses_the_order(ctx):
    pal, foot = unit(ctx, HPAL), unit(ctx, HFOO, 100.0)
    foot.life = 50.0
    ctx.SelectHeroSkill(pal, AHHB)
    ctx.game.units.set_mana(pal, 64.0)
    assert not ctx.IssueTargetOrder(pal, "holybolt", foot)
    assert spells(ctx) == []


def test_storm_bolt_stuns_on_impact_and_a_stunned_caster_recasts_after_the_stun(ctx):
    """Storm Bolt is a missile (Liquipedia Mountain King: missile speed 1000): it hits 300
    world units away 0.3 s after the effect; a stun during the cast point ends that attempt
    and the caster casts again after the stun (Hive casting-events guide)."""
    mk, pal = unit(ctx, HMKG), unit(ctx, HPAL, 300.0, 0, 1)
    ctx.SelectHeroSkill(mk, AHTB)
    foot = unit(ctx, HFOO, 700.0, 0, 1)                # beyond the mountain king's acquisition
    foot.life = 100.0
    ctx.SelectHeroSkill(pal, AHHB)
    assert ctx.IssueTargetOrder(mk, "thunderbolt", pal)
    ctx.game.advance(CAST_POINT + 0.01)
    assert ("effect", "AHtb") in spells(ctx) and pal.life == pal.max_life     # in flight
    ctx.game.advance(0.45)                               # (game times, not durations)
    assert ctx.IssueTargetOrder(pal, "holybolt", foot)  # its cast point spans the impact
    ctx.game.advance(CAST_POINT + 0.3 + 0.02)
    assert pal.max_life - pal.life == 100.0              # Storm Bolt level 1: 100 damage
    assert A.STUN_BUFF in pal.buffs and foot.life == 100.0   # 3 s on a hero ('ahdu')
    assert [p for p, c in spells(ctx) if c == "AHhb"] == ["channel", "cast", "endcast"]
    ctx.game.advance(CAST_POINT + 0.3 + 3.0 + CAST_POINT + 0.1)
    assert A.STUN_BUFF not in pal.buffs
    assert foot.life == 300.0                            # cast again after the stun


def test_blizzard_channels_its_waves_and_a_stop_after_the_effect_wastes_the_mana(ctx):
    am = unit(ctx, HAMG)
    ctx.SelectHeroSkill(am, rawcode("AHbz"))
    foe = unit(ctx, HFOO, 300.0, 0, 1)
    foe.life = 1000.0
    foe.max_life = 1000.0
    assert ctx.IssuePointOrder(am, "blizzard", 300.0, 0.0)
    ctx.game.advance(CAST_POINT + 0.01)
    assert foe.life == 970.0 and am.mana == am.max_mana - 75.0
    ctx.game.advance(CAST_POINT + 2.0 + 0.01)
    assert foe.life == 910.0                             # three waves of 30
    ctx.IssueImmediateOrder(am, "stop")
    ctx.PauseUnit(am, True)          # idle, the archmage would attack the footman in range
    ctx.game.advance(10.0)
    assert foe.life == 910.0 and am.mana == am.max_mana - 75.0
    assert [p for p, _ in spells(ctx)] == ["channel", "cast", "effect", "endcast"]


def test_water_elemental_summon_has_timed_life_and_records_its_ability(ctx):
    am = unit(ctx, HAMG)
    ctx.SelectHeroSkill(am, AHWE)
    assert ctx.IssueImmediateOrder(am, "waterelemental")
    ctx.game.advance(1.0)
    summons = [u for u in ctx.game.units.units.values() if u.type_id == rawcode("hwat")]
    assert len(summons) == 1 and summons[0].ability_state[AHWE]["summoner"] is am
    assert summons[0].timed_life is not None and rawcode("BTLF") in summons[0].buffs
    ctx.game.advance(CAST_POINT + 60.0 + 0.1)
    assert not summons[0].alive


def test_save_safe_rawcode_identity_mid_cast():
    s = jass_session(LIFECYCLE)
    s.advance(0.5)                      # walking to range
    a = jass_session(LIFECYCLE)
    a.advance(0.5)
    b = reload(s)
    caster = next(u for u in b.game.units.units.values() if u.type_id == HPAL)
    assert isinstance(caster.work, CastWork) and caster.work.code == AHHB
    a.advance(3.0)
    b.advance(3.0)
    assert lines(a) == lines(b) and state_digest(a) == state_digest(b)


# -- Blight Growth (seed 002) -----------------------------------------------------------------

def abli(ctx, records=()):
    ctx.game.object_types = ObjectTypes(records)
    acolyte = unit(ctx, UACO)
    ctx.UnitAddAbility(acolyte, ABLI)
    return acolyte, plane_of(ctx.game)


def test_blight_growth_grows_over_time_up_to_the_area(ctx):
    u, plane = abli(ctx)
    ctx.game.advance(0.0)
    sizes = []
    for t in range(1, 15):
        ctx.game.advance(float(t))
        sizes.append(u.ability_state[ABLI]["radius"])
    assert sizes[:3] == [128.0, 192.0, 256.0] and max(sizes) == 768.0       # 64 per second
    assert plane.is_blighted(700.0, 0.0) and not plane.is_blighted(900.0, 0.0)


def test_blight_growth_availability_suppresses_without_erasing_and_an_overdue_step_comes_at_once(ctx):
    u, plane = abli(ctx)
    ctx.game.advance(2.0)
    r = u.ability_state[ABLI]["radius"]
    ctx.SetPlayerAbilityAvailable(ctx.Player(0), ABLI, False)
    ctx.game.advance(6.0)
    assert u.ability_state[ABLI]["radius"] == r and plane.is_blighted(0.0, 0.0)
    ctx.SetPlayerAbilityAvailable(ctx.Player(0), ABLI, True)
    ctx.game.advance(6.0 + 1.0)
    assert u.ability_state[ABLI]["radius"] == r + 64.0       # the overdue step, then on time


def test_blight_growth_is_suspended_while_under_construction(ctx):
    ctx.game.object_types = ObjectTypes()
    peon = unit(ctx, UACO)
    necro = ctx.game.units.start_construction(peon, rawcode("unpl"), 0.0, 0.0)
    ctx.UnitAddAbility(necro, ABLI)
    ctx.game.advance(5.0)
    assert necro.ability_state[ABLI]["radius"] == 0.0
    ctx.game.units.finish_construction(necro, peon)
    ctx.game.advance(7.0)
    assert necro.ability_state[ABLI]["radius"] > 0.0


def test_blight_growth_source_death_keeps_the_blight(ctx):
    u, plane = abli(ctx)
    ctx.game.advance(4.0)
    count = plane.count()
    ctx.KillUnit(u)
    ctx.game.advance(10.0)
    assert plane.count() == count > 0


@pytest.mark.parametrize("fields", [
    {("DataA1", 0): 0, ("DataB1", 0): 128.0},        # TFT column names: DataA creates, DataB step
    {("Data11", 0): 0, ("Data12", 0): 128.0},        # RoC column names
])
def test_blight_growth_reads_the_radius_from_both_column_names(ctx, fields):
    plane = plane_of(ctx.game)
    plane.set_radius(0.0, 0.0, 1000.0, True)
    alias = rawcode("A00B")
    ctx.game.object_types = ObjectTypes([ObjectRecord("ability", alias, ABLI, True, dict(fields))])
    u = unit(ctx, UACO)
    ctx.UnitAddAbility(u, alias)
    ctx.game.advance(1.5)
    assert u.ability_state[alias]["radius"] == 256.0       # two steps of 128
    assert not plane.is_blighted(0.0, 0.0)                 # DataA 0: removes blight


def test_blight_growth_state_survives_a_save_and_load():
    script = """
function main takes nothing returns nothing
    local unit u = CreateUnit(Player(0), 'uaco', 0, 0, 0)
    call UnitAddAbility(u, 'Abli')
endfunction
"""
    a = jass_session(script)
    a.advance(5.0)
    b = jass_session(script)
    b.advance(2.5)
    b = reload(b)
    b.advance(2.5)
    assert state_digest(a) == state_digest(b)


# -- scenarios (issue 13 item 6) --------------------------------------------------------------

CAST_MAP = r"""
globals
    unit udg_Hero = null
    unit udg_Hurt = null
    string udg_log = ""
endglobals
function OnEffect takes nothing returns nothing
    set udg_log = udg_log + "effect " + I2S(GetSpellAbilityId()) + " on " + I2S(GetUnitTypeId(GetSpellTargetUnit())) + ";"
endfunction
function main takes nothing returns nothing
    local trigger t = CreateTrigger()
    call TriggerRegisterPlayerUnitEvent(t, Player(0), ConvertPlayerUnitEvent(274), null)
    call TriggerAddAction(t, function OnEffect)
    set udg_Hero = CreateUnit(Player(0), 'Hpal', 0, 0, 0)
    set udg_Hurt = CreateUnit(Player(0), 'hfoo', 1200, 0, 0)
    call SetWidgetLife(udg_Hurt, 100)
    call SelectHeroSkill(udg_Hero, 'AHhb')
endfunction
"""


def _scenario(tmp_path, text):
    (tmp_path / "war3map.j").write_text(CAST_MAP)
    p = tmp_path / "s.scenario.yaml"
    p.write_text(textwrap.dedent(text))
    return load_scenario(p)


def test_the_cast_step_goes_through_the_order_pipeline(tmp_path):
    loaded = _scenario(tmp_path, """\
        map: war3map.j
        budget: 1m
        steps:
          - cast: {unit: udg_Hero, ability: AHhb, target: udg_Hurt}
          - expect:
              - {unit: udg_Hero, mana: 190, cooldown: AHhb}
              - {unit: udg_Hurt, life: 300}
              - {global: udg_log, eq: "effect 1095264354 on 1751543663;"}
          - advance: 6s
          - expect: {unit: udg_Hero, ready: AHhb}
        """)
    result = run_scenario(loaded)
    assert result.passed, result.failure


def test_a_refused_cast_step_fails(tmp_path):
    loaded = _scenario(tmp_path, """\
        map: war3map.j
        budget: 1m
        steps:
          - cast: {unit: udg_Hero, ability: AHhb, target: udg_Hero}
        """)
    result = run_scenario(loaded)
    assert not result.passed and "cannot cast AHhb" in str(result.failure)


def test_feral_spirit_summons_two_wolves_and_death_coil_mirrors_holy_light(ctx):
    seer = unit(ctx, HPAL)                                      # any caster with the mana
    ctx.UnitAddAbility(seer, rawcode("AOsf"))
    assert ctx.IssueImmediateOrder(seer, "spiritwolf")
    ctx.game.advance(1.0)
    wolves = [u for u in ctx.game.units.units.values() if u.type_id == rawcode("osw1")]
    assert len(wolves) == 2 and all(w.ability_state[rawcode("AOsf")]["summoner"] is seer for w in wolves)
    dk, ghoul = unit(ctx, HPAL, 0, 8000.0), unit(ctx, UGHO, 100.0, 8000.0)
    ghoul.life = 40.0
    ctx.UnitAddAbility(dk, rawcode("AUdc"))
    assert ctx.IssueTargetOrder(dk, "deathcoil", ghoul)
    ctx.game.advance(2.0)
    assert ghoul.life == 240.0                                  # +200 to a friendly undead
    ctx.game.advance(9.0)
    foe = unit(ctx, HFOO, -790.0, 8000.0, 1)                    # in range, out of reach
    assert ctx.IssueTargetOrder(dk, "deathcoil", foe)
    ctx.game.advance(9.0 + CAST_POINT + 0.01)
    assert foe.life == foe.max_life                             # the coil is in flight
    ctx.game.advance(9.0 + CAST_POINT + 790.0 / 1300.0 + 0.01)  # missile speed 1300
    assert foe.max_life - foe.life == 100.0                     # half to a living enemy


def test_buffs_and_aura_updates_survive_a_save_and_load():
    script = """
function main takes nothing returns nothing
    local unit u = CreateUnit(Player(0), 'Hpal', 0, 0, 0)
    call CreateUnit(Player(0), 'hfoo', 300, 0, 0)
    call SelectHeroSkill(u, 'AHad')
endfunction
"""
    a = jass_session(script)
    a.advance(4.2)
    b = jass_session(script)
    b.advance(1.3)
    b = reload(b)
    b.advance(2.9)
    assert state_digest(a) == state_digest(b)
    foot = next(u for u in b.game.units.units.values() if u.type_id == HFOO)
    assert rawcode("BHad") in foot.buffs


def test_jass_natives_lists_no_ability_native_as_missing_for_1_33_0():
    """``jass natives --api 1.33.0`` implements every declared native (issue 13's done-when:
    none of the ability natives, ``UnitAddAbility`` to ``BlzSetAbilityRealLevelField``, the
    spell-event responses and ``SelectHeroSkill``, is missing)."""
    from click.testing import CliRunner

    from cli import main
    from conftest import shared_path
    from natives.registry import NATIVES

    api = shared_path("corpus", "api", "1.33.0")
    result = CliRunner().invoke(main, ["natives", "--api", str(api)])
    assert result.exit_code == 0, result.output
    assert "1548 of 1548 declared natives implemented" in result.output
    common = (api / "common.j").read_text(encoding="latin-1")
    declared = set(re.findall(r"^\s*(?:constant\s+)?native\s+(\w+)", common, re.M))
    ability = {n for n in declared if re.search(r"Abilit|Spell|Buff|HeroSkill|Skill", n)}
    assert len(ability) > 60 and sorted(ability - set(NATIVES)) == []
