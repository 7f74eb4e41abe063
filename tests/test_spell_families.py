"""The shared mechanic families of seed 000 (natives/spellfamilies.py, natives/abilities.py):
projectiles, chain and bounce targeting, relocation, corpse revival and raising, scanning
autocast, auras feeding the combat formula, a unit type's own abilities and the spell target
point of a unit-target spell.

Figures are those of natives/abilitydata.py, each row citing its Liquipedia page (Storm Bolt
missile speed 1000, Death Coil 1300, Chain Lightning 85 damage and 15% less per jump, Healing
Wave 130 and 25% less, Blink 1000 maximum, Mass Teleport 3 s casting time, Devotion Aura +1.5
armor, Inner Fire +5 armor and +10% damage, Raise Dead two skeletons for 45 s, Heal 25
life, Slow -55% movement and -25% attack rate). Times are game
times (``game.advance`` takes the time to run to)."""
import pytest

from fakectx import FakeCtx
from natives import abilities as A
from natives import combat
from natives import modelevents as ME
from natives.objecttypes import ObjectRecord, ObjectTypes
from natives.players import PLAYER_STATE_RESOURCE_FOOD_USED
from natives.spellfamilies import CHAIN_JUMP_DELAY, Chain, Missile, corpses_near
from natives.spells import CAST_POINT
from natives.unitdata import rawcode
from natives.text import local_messages
from test_save_load import assert_same, twins
from test_triggers import jass_session

HPAL, HMKG, HFOO, HMPR, UNEC, USKE, UGHO = (rawcode(c) for c in (
    "Hpal", "Hmkg", "hfoo", "hmpr", "unec", "uske", "ugho"))


@pytest.fixture
def ctx():
    return FakeCtx()


def unit(ctx, code, x=0.0, y=0.0, player=0):
    return ctx.CreateUnit(ctx.Player(player), code, x, y, 0.0)


def hero_with(ctx, code, x=0.0, y=0.0, player=0):
    h = unit(ctx, HPAL, x, y, player)
    ctx.UnitAddAbility(h, rawcode(code))
    return h


def lost(u):
    return u.max_life - u.life


def pending(ctx, kind):
    return [e for e in ctx.game.scheduler.entries() if e.kind == kind]


# -- projectiles -------------------------------------------------------------------------------

def bolt(ctx, x, y, mk=None):
    """A Mountain King (``mk``, else a new one at the origin) casting Storm Bolt at a new
    paused enemy footman at (x, y); both."""
    if mk is None:
        mk = unit(ctx, HMKG)
        ctx.SelectHeroSkill(mk, rawcode("AHtb"))
    foe = unit(ctx, HFOO, x, y, 1)
    ctx.PauseUnit(foe, True)
    assert ctx.IssueTargetOrder(mk, "thunderbolt", foe)
    return mk, foe


def test_storm_bolt_hits_when_the_missile_arrives(ctx):
    mk, foe = bolt(ctx, 500.0, 0.0)
    ctx.game.advance(CAST_POINT + 0.01)
    assert lost(foe) == 0.0 and isinstance(pending(ctx, "spell_missile")[0].subject, Missile)
    ctx.game.advance(CAST_POINT + 500.0 / 1000.0 - 0.01)
    assert lost(foe) == 0.0
    ctx.game.advance(CAST_POINT + 500.0 / 1000.0 + 0.01)
    assert lost(foe) == 100.0 and A.STUN_BUFF in foe.buffs


def test_a_missile_homes_on_a_moving_target_and_fizzles_on_a_dead_one(ctx):
    mk, foe = bolt(ctx, 400.0, 0.0)
    ctx.game.advance(CAST_POINT + 0.1)
    ctx.SetUnitPosition(foe, 400.0, 300.0)           # moves away: the bolt follows it
    ctx.game.advance(CAST_POINT + 0.4 + 0.01)
    assert lost(foe) == 0.0
    ctx.game.advance(CAST_POINT + 0.7)
    assert lost(foe) == 100.0
    ctx.game.advance(20.0)                            # cooldown over
    _, other = bolt(ctx, 0.0, 550.0, mk)
    ctx.game.advance(20.0 + CAST_POINT + 0.1)
    ctx.KillUnit(other)
    ctx.game.advance(22.0)
    assert not pending(ctx, "spell_missile") and other.buffs.get(A.STUN_BUFF) is None


MISSILE = """
function main takes nothing returns nothing
    local unit mk = CreateUnit(Player(0), 'Hmkg', 0, 0, 0)
    local unit foe = CreateUnit(Player(1), 'hfoo', 590, 0, 0)
    call PauseUnit(foe, true)
    call SelectHeroSkill(mk, 'AHtb')
    call IssueTargetOrder(mk, "thunderbolt", foe)
endfunction
"""


def test_a_missile_in_flight_survives_a_save_and_load():
    a, b = twins(MISSILE, save_at=CAST_POINT + 0.2, until=3.0)
    assert_same(a, b)
    foe = next(u for u in b.game.units.units.values() if u.type_id == HFOO)
    assert lost(foe) == 100.0


# -- chain and bounce ------------------------------------------------------------------------------

def test_chain_lightning_jumps_to_the_nearest_enemy_for_15_percent_less_each_time(ctx):
    seer = hero_with(ctx, "AOcl")
    foes = [unit(ctx, HFOO, 600.0 + 300.0 * i, 0.0, 1) for i in range(5)]
    friend = unit(ctx, HFOO, 750.0, 100.0)
    for f in foes + [friend]:
        ctx.PauseUnit(f, True)
    assert ctx.IssueTargetOrder(seer, "chainlightning", foes[0])
    ctx.game.advance(CAST_POINT + 0.01)
    assert [lost(f) for f in foes] == [85.0, 0.0, 0.0, 0.0, 0.0]
    ctx.game.advance(CAST_POINT + 3 * CHAIN_JUMP_DELAY + 0.01)
    assert [round(lost(f), 3) for f in foes] == [85.0, 72.25, 61.413, 52.201, 0.0]   # 4 targets
    assert lost(friend) == 0.0 and seer.mana == seer.max_mana - 120.0


CHAIN = """
function main takes nothing returns nothing
    local unit seer = CreateUnit(Player(0), 'Hpal', 0, 0, 0)
    local unit foe = CreateUnit(Player(1), 'hfoo', 600, 0, 0)
    call PauseUnit(foe, true)
    call PauseUnit(CreateUnit(Player(1), 'hfoo', 900, 0, 0), true)
    call PauseUnit(CreateUnit(Player(1), 'hfoo', 1200, 0, 0), true)
    call UnitAddAbility(seer, 'AOcl')
    call IssueTargetOrder(seer, "chainlightning", foe)
endfunction
"""


def test_a_chain_between_jumps_survives_a_save_and_load():
    a, b = twins(CHAIN, save_at=CAST_POINT + CHAIN_JUMP_DELAY / 2, until=2.0)
    assert_same(a, b)
    hurt = sorted(round(lost(u), 2) for u in b.game.units.units.values() if u.type_id == HFOO)
    assert hurt == [61.41, 72.25, 85.0]


def test_healing_wave_heals_wounded_friends_at_once_for_25_percent_less_each(ctx):
    hunter = hero_with(ctx, "AOhw")
    hurt = [unit(ctx, HFOO, 300.0 * (i + 1), 0.0) for i in range(4)]
    full = unit(ctx, HFOO, 450.0, 50.0)
    for f in hurt:
        f.life = 100.0
    assert ctx.IssueTargetOrder(hunter, "healingwave", hurt[0])
    ctx.game.advance(CAST_POINT + 0.01)
    assert [f.life - 100.0 for f in hurt] == [130.0, 97.5, 73.125, 0.0]    # 3 targets
    assert full.life == full.max_life and not pending(ctx, "spell_chain")


# -- relocation ------------------------------------------------------------------------------

def test_blink_moves_the_caster_at_most_its_maximum_range(ctx):
    warden = hero_with(ctx, "AEbl")
    assert ctx.IssuePointOrder(warden, "blink", 3000.0, 0.0)
    ctx.game.advance(CAST_POINT + 0.01)
    assert (round(warden.x), round(warden.y)) == (1000, 0)       # level 1: 1000
    ctx.game.advance(20.0)
    assert ctx.IssuePointOrder(warden, "blink", 1050.0, 0.0)
    ctx.game.advance(20.0 + CAST_POINT + 0.01)
    assert (round(warden.x), round(warden.y)) == (1200, 0)       # 200 at least


def test_mass_teleport_takes_the_nearby_units_after_its_casting_time(ctx):
    am = hero_with(ctx, "AHmt")
    near = unit(ctx, HFOO, 200.0, 0.0)
    far = unit(ctx, HFOO, 1500.0, 0.0)
    tower = unit(ctx, HFOO, 5000.0, 5000.0)
    assert ctx.IssueTargetOrder(am, "massteleport", tower)
    ctx.game.advance(CAST_POINT + 3.0 - 0.05)
    assert (am.x, near.x) == (0.0, 200.0)
    ctx.game.advance(CAST_POINT + 3.0 + 0.01)
    assert abs(am.x - 5000.0) <= 64 and abs(near.x - am.x - 200.0) <= 64 and far.x == 1500.0
    assert am.mana == am.max_mana - 100.0


def test_a_stop_during_mass_teleports_casting_time_keeps_the_mana(ctx):
    am = hero_with(ctx, "AHmt")
    tower = unit(ctx, HFOO, 5000.0, 5000.0)
    assert ctx.IssueTargetOrder(am, "massteleport", tower)
    ctx.game.advance(1.0)
    assert ctx.IssueImmediateOrder(am, "stop")
    ctx.game.advance(6.0)
    assert (am.x, am.y, am.mana) == (0.0, 0.0, am.max_mana)


# -- corpses ----------------------------------------------------------------------------------

def test_raise_dead_turns_a_corpse_into_two_skeletons_for_45_seconds(ctx):
    necro = unit(ctx, UNEC)
    foe = unit(ctx, HFOO, 300.0, 0.0, 1)
    ctx.KillUnit(foe)
    assert ctx.IssueImmediateOrder(necro, "raisedead")
    ctx.game.advance(CAST_POINT + 0.01)
    skeletons = [u for u in ctx.game.units.units.values() if u.type_id == USKE and u.alive]
    assert len(skeletons) == 2 and foe.destroyed
    assert all(s.ability_state[rawcode("Arai")]["summoner"] is necro for s in skeletons)
    ctx.game.advance(CAST_POINT + 45.0 - 0.1)
    assert all(s.alive for s in skeletons)
    ctx.game.advance(CAST_POINT + 45.0 + 0.1)
    assert not any(s.alive for s in skeletons)


def test_raise_dead_autocast_raises_a_corpse_without_an_order(ctx):
    necro = unit(ctx, UNEC)
    assert ctx.IssueImmediateOrder(necro, "raisedeadon")
    ctx.game.advance(1.0)
    assert not [u for u in ctx.game.units.units.values() if u.type_id == USKE]
    ctx.KillUnit(unit(ctx, HFOO, 200.0, 0.0, 1))
    ctx.game.advance(2.0 + CAST_POINT)
    assert len([u for u in ctx.game.units.units.values() if u.type_id == USKE]) == 2


def test_resurrection_revives_the_casters_own_corpses(ctx):
    pal = hero_with(ctx, "AHre")
    mine = [unit(ctx, HFOO, 100.0 * i, 200.0) for i in range(3)]
    theirs = unit(ctx, HFOO, 0.0, -200.0, 1)
    food = ctx.Player(0).get_state(PLAYER_STATE_RESOURCE_FOOD_USED)
    for u in mine + [theirs]:
        ctx.KillUnit(u)
    assert ctx.Player(0).get_state(PLAYER_STATE_RESOURCE_FOOD_USED) == food - 6    # 2 each
    assert ctx.IssueImmediateOrder(pal, "resurrection")
    ctx.game.advance(CAST_POINT + 0.01)
    assert all(u.alive and u.life == u.max_life for u in mine) and not theirs.alive
    assert ctx.Player(0).get_state(PLAYER_STATE_RESOURCE_FOOD_USED) == food
    ctx.game.advance(200.0)
    assert all(u.alive and not u.destroyed for u in mine)      # no decay, no timed life


def test_animate_dead_raises_any_corpse_as_an_invulnerable_summon(ctx):
    dk = hero_with(ctx, "AUan")
    foe = unit(ctx, HFOO, 200.0, 0.0, 1)
    ctx.KillUnit(foe)
    assert ctx.IssueImmediateOrder(dk, "animatedead")
    ctx.game.advance(CAST_POINT + 0.01)
    assert foe.alive and foe.owner is dk.owner and foe.invulnerable and not foe.uses_food
    assert rawcode("BTLF") in foe.buffs
    ctx.game.advance(CAST_POINT + 40.0 + 0.1)
    assert not foe.alive


# -- scanning autocast ---------------------------------------------------------------------------

def test_a_priest_with_heal_on_heals_a_wounded_friend_without_an_order(ctx):
    priest = unit(ctx, HMPR)
    assert ctx.GetUnitAbilityLevel(priest, rawcode("Ahea")) == 1        # its type's ability
    hurt = unit(ctx, HFOO, 300.0, 0.0)
    hurt.life = 100.0
    ctx.game.advance(2.0)
    assert hurt.life == 100.0                                          # autocast off
    assert ctx.IssueImmediateOrder(priest, "healon")
    ctx.game.advance(2.0 + 2 * 0.125 + CAST_POINT + 0.05)   # two steps into its 250 range
    assert hurt.life == 125.0 and priest.mana == priest.max_mana - 5.0  # 25 life for 5 mana
    assert ("effect", rawcode("Ahea")) in [(e.phase, e.ability_id) for e in ctx.game.published
                                           if type(e) is ME.Spell]


def test_inner_fire_autocast_buffs_a_friend_once_and_feeds_armor_and_damage(ctx):
    priest = unit(ctx, HMPR)
    foot = unit(ctx, HFOO, 200.0, 0.0)
    armor = ctx.BlzGetUnitArmor(foot)
    assert ctx.IssueImmediateOrder(priest, "innerfireon")
    ctx.game.advance(5.0)
    binf = foot.buffs[rawcode("Binf")]
    assert ctx.BlzGetUnitArmor(foot) == armor + 5.0 and binf.damage == 0.10
    casts = [e for e in ctx.game.published if type(e) is ME.Spell and e.phase == "effect"]
    assert {e.target for e in casts} == {foot}                          # not recast on it
    assert combat.roll_raw(foot, combat.weapon(foot), ctx.game.random) >= 1.1 * 12


def test_slow_autocast_picks_an_enemy(ctx):
    sorceress = unit(ctx, rawcode("hsor"))
    foe = unit(ctx, HFOO, 400.0, 0.0, 1)
    ctx.PauseUnit(foe, True)
    assert ctx.IssueImmediateOrder(sorceress, "slowon")
    ctx.game.advance(2.0)
    assert rawcode("Bslo") in foe.buffs


# -- speed buffs: movement and attack rate ---------------------------------------------------------

def slowed_footman(ctx):
    """A sorceress and an enemy footman 400 away that she has slowed (Liquipedia Sorceress:
    movement -55%, attack rate -25%)."""
    sorceress = unit(ctx, rawcode("hsor"))
    foe = unit(ctx, HFOO, 400.0, 0.0, 1)
    assert ctx.IssueTargetOrder(sorceress, "slow", foe)
    ctx.game.advance(CAST_POINT + 0.01)
    assert rawcode("Bslo") in foe.buffs
    return sorceress, foe


def walked(ctx, u, seconds):
    """World units ``u`` walks east in ``seconds`` game seconds."""
    x0, t0 = u.x, ctx.game.now
    assert ctx.IssuePointOrder(u, "move", u.x + 5000.0, u.y)
    ctx.game.advance(t0 + seconds)
    return u.x - x0


def test_slow_cuts_movement_speed_by_55_percent_until_it_expires(ctx):
    _, foe = slowed_footman(ctx)
    assert combat.move_speed(foe) == pytest.approx(270.0 * 0.45)
    assert ctx.GetUnitMoveSpeed(foe) == 270.0                   # the unit's own speed stays
    assert walked(ctx, foe, 2.0) == pytest.approx(2.0 * 270.0 * 0.45, abs=0.5)
    ctx.game.advance(CAST_POINT + 60.1)                         # 'adur' 60 s
    assert rawcode("Bslo") not in foe.buffs
    assert walked(ctx, foe, 1.0) == pytest.approx(270.0, abs=0.5)


def test_slow_makes_swings_a_quarter_slower(ctx):
    _, foe = slowed_footman(ctx)
    target = unit(ctx, HFOO, 400.0, 60.0)
    ctx.PauseUnit(target, True)
    cooldown = combat.weapon(foe).cooldown
    assert combat.attack_cooldown(foe, combat.weapon(foe)) == pytest.approx(cooldown / 0.75)
    swings = []
    ctx.game.subscribers.append(
        lambda e: swings.append(ctx.game.now) if type(e) is ME.UnitAttacked and e.attacker is foe else None)
    assert ctx.IssueTargetOrder(foe, "attack", target)
    ctx.game.advance(ctx.game.now + 3 * cooldown / 0.75 + 0.2)
    gaps = {round(b - a, 3) for a, b in zip(swings, swings[1:])}
    assert len(swings) >= 3 and gaps == {round(cooldown / 0.75, 3)}


def test_thunder_clap_halves_the_speed_of_the_enemies_it_hits(ctx):
    mk = unit(ctx, HMKG)
    ctx.SelectHeroSkill(mk, rawcode("AHtc"))
    foe = unit(ctx, HFOO, 200.0, 0.0, 1)
    assert ctx.IssueImmediateOrder(mk, "thunderclap")
    ctx.game.advance(CAST_POINT + 0.01)
    assert lost(foe) == 60.0 and combat.move_speed(foe) == pytest.approx(135.0)   # 'Htc3' 50%
    ctx.game.advance(CAST_POINT + 5.1)                                            # 'adur' 5 s
    assert combat.move_speed(foe) == 270.0


# -- summons leave no corpse --------------------------------------------------------------------

def test_a_dead_summon_leaves_no_corpse_and_is_removed(ctx):
    necro = unit(ctx, UNEC)
    elemental = unit(ctx, rawcode("hwat"), 200.0, 0.0, 1)      # a summoned unit type
    footman = unit(ctx, HFOO, -200.0, 0.0, 1)
    ctx.KillUnit(elemental)
    assert elemental.dead and not corpses_near(ctx.game, 0.0, 0.0, 600.0)
    ctx.IssueImmediateOrder(necro, "raisedead")
    ctx.game.advance(2.1)
    assert not any(u.type_id == USKE for u in ctx.game.units.units.values())
    assert elemental.destroyed and not footman.destroyed
    ctx.KillUnit(footman)
    assert ctx.IssueImmediateOrder(necro, "raisedead")
    ctx.game.advance(ctx.game.now + CAST_POINT + 0.01)
    skeletons = [u for u in ctx.game.units.units.values() if u.type_id == USKE and u.alive]
    assert len(skeletons) == 2 and footman.destroyed
    ctx.KillUnit(skeletons[0])                                  # a skeleton is a summon too
    assert skeletons[0] not in corpses_near(ctx.game, skeletons[0].x, skeletons[0].y, 50.0)



# -- auras and the combat formula -----------------------------------------------------------------

def test_devotion_aura_adds_its_armor_in_the_combat_formula_without_stacking(ctx):
    foot = unit(ctx, HFOO, 300.0, 0.0)
    base = ctx.BlzGetUnitArmor(foot)
    pal = unit(ctx, HPAL)
    ctx.SelectHeroSkill(pal, rawcode("AHad"))
    ctx.game.advance(0.1)
    assert ctx.BlzGetUnitArmor(foot) == base + 1.5                  # level 1: +1.5
    strong = unit(ctx, HPAL, 600.0, 0.0)
    ctx.SetHeroLevel(strong, 5, False)
    for _ in range(3):
        ctx.SelectHeroSkill(strong, rawcode("AHad"))
    ctx.game.advance(1.0)
    assert ctx.BlzGetUnitArmor(foot) == base + 4.5                  # the strongest only
    ctx.KillUnit(strong)
    ctx.game.advance(2.0)
    assert ctx.BlzGetUnitArmor(foot) == base + 1.5                  # the other takes over
    ctx.SetUnitPosition(foot, 5000.0, 0.0)
    ctx.game.advance(3.0)
    assert ctx.BlzGetUnitArmor(foot) == base and rawcode("BHad") not in foot.buffs
    hit = combat.reduce(100.0, "normal", foot)
    ctx.SetUnitPosition(foot, 300.0, 0.0)
    ctx.game.advance(4.0)
    assert combat.reduce(100.0, "normal", foot) == pytest.approx(hit * combat.armor_factor(base + 1.5)
                                                                 / combat.armor_factor(base))


def test_a_revived_paladins_aura_works_again(ctx):
    pal = unit(ctx, HPAL)
    ctx.SelectHeroSkill(pal, rawcode("AHad"))
    foot = unit(ctx, HFOO, 300.0, 0.0)
    ctx.game.advance(0.1)
    ctx.KillUnit(pal)
    ctx.game.advance(2.0)
    assert rawcode("BHad") not in foot.buffs
    ctx.ReviveHero(pal, 0.0, 0.0, False)
    ctx.game.advance(2.5)
    assert rawcode("BHad") in foot.buffs


# -- a unit type's own abilities -------------------------------------------------------------------

def test_a_unit_types_abilities_are_there_at_creation(ctx):
    alias = rawcode("h000")
    ctx.game.object_types = ObjectTypes([ObjectRecord("unit", alias, HFOO, True,
                                                      {("uabi", 0): "AHhb,Adef"})])
    u = ctx.CreateUnit(ctx.Player(0), alias, 0.0, 0.0, 0.0)
    assert ctx.GetUnitAbilityLevel(u, rawcode("AHhb")) == 1
    assert ctx.GetUnitAbilityLevel(u, rawcode("Adef")) == 1
    necro = unit(ctx, UNEC)
    assert [ctx.GetUnitAbilityLevel(necro, rawcode(c)) for c in ("Arai", "Auhf", "Acri")] == [1, 1, 1]
    assert ctx.GetUnitAbilityLevel(unit(ctx, HFOO), rawcode("Ahea")) == 0


# -- the spell target point of a unit target ---------------------------------------------------------

def test_get_spell_target_x_y_of_a_unit_target_is_its_position_at_the_event():
    s = jass_session("""
function Effect takes nothing returns nothing
    call DisplayTextToPlayer(GetLocalPlayer(), 0, 0, R2S(GetSpellTargetX()) + " " + R2S(GetSpellTargetY()) + " " + R2S(GetLocationX(GetSpellTargetLoc())))
endfunction
function main takes nothing returns nothing
    local trigger t = CreateTrigger()
    local unit pal = CreateUnit(Player(0), 'Hpal', 0, 0, 0)
    local unit foot = CreateUnit(Player(0), 'hfoo', 300, 200, 0)
    call SetWidgetLife(foot, 100)
    call TriggerRegisterPlayerUnitEvent(t, Player(0), ConvertPlayerUnitEvent(274), null)
    call TriggerAddAction(t, function Effect)
    call SelectHeroSkill(pal, 'AHhb')
    call IssueTargetOrder(pal, "holybolt", foot)
endfunction
""")
    s.advance(2.0)
    assert not s.vm.errors
    assert [m.text for m in local_messages(s.game)] == ["300.000 200.000 300.000"]


def test_the_aura_update_skips_nothing_that_changed(ctx):
    """The aura update's cache (natives.abilities.update_aura) gives what a full update gives:
    a buff a script removed comes back, a unit walking into the area gets it, a stronger
    source's death hands the recipients to the weaker one."""
    pal = unit(ctx, HPAL)
    ctx.SelectHeroSkill(pal, rawcode("AHad"))
    foot, walker = unit(ctx, HFOO, 300.0, 0.0), unit(ctx, HFOO, 2000.0, 0.0)
    bhad = rawcode("BHad")
    ctx.game.advance(1.0)
    ctx.UnitRemoveBuffs(foot, True, True)
    assert bhad not in foot.buffs
    ctx.game.advance(1.6)
    assert bhad in foot.buffs and bhad not in walker.buffs
    assert ctx.IssuePointOrder(walker, "move", 400.0, 0.0)
    ctx.game.advance(10.0)
    assert bhad in walker.buffs and walker.buffs[bhad].armor == 1.5


AUTOCAST = """
function main takes nothing returns nothing
    local unit priest = CreateUnit(Player(0), 'hmpr', 0, 0, 0)
    local unit hurt = CreateUnit(Player(0), 'hfoo', 300, 0, 0)
    call SetWidgetLife(hurt, 400)
    call IssueImmediateOrder(priest, "healon")
    call IssueImmediateOrder(priest, "innerfireon")
endfunction
"""


def test_autocast_scans_and_spell_buffs_survive_a_save_and_load():
    a, b = twins(AUTOCAST, save_at=1.7, until=6.0)
    assert_same(a, b)
    hurt = next(u for u in b.game.units.units.values() if u.type_id == HFOO)
    assert hurt.life == hurt.max_life and rawcode("Binf") in hurt.buffs   # healed, then fired
