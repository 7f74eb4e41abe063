"""Units, items, destructables and widgets. CreateUnit tests are named after the clauses of
seed 003 (shared/seeds/003_*.txt)."""
import math

import pytest

from fakectx import FakeCtx
from natives.geometry import NO_FLY, NO_WALK
from natives.handles import enum_handle, own
from natives.unitdata import UnitType, rawcode
from natives import modelevents as ME
from natives import units as U

HFOO, HPEA, HPAL, HTOW, HHOU = (rawcode(c) for c in ("hfoo", "hpea", "Hpal", "htow", "hhou"))
NFRM, HGRY = rawcode("nfrm"), rawcode("hgry")
FOOD_USED = enum_handle("playerstate", 5)
FOOD_CAP = enum_handle("playerstate", 4)
LIFE, MAX_LIFE = enum_handle("unitstate", 0), enum_handle("unitstate", 1)
MANA, MAX_MANA = enum_handle("unitstate", 2), enum_handle("unitstate", 3)


def UT(v):
    return enum_handle("unittype", v)


@pytest.fixture
def ctx():
    return FakeCtx()


def create(ctx, code=HFOO, x=0.0, y=0.0, face=0.0, player=0):
    return ctx.CreateUnit(ctx.Player(player), code, x, y, face)


def events(ctx, cls):
    return [e for e in ctx.game.published if type(e) is cls]


# -- seed 003: CreateUnit --------------------------------------------------------------------

def test_createunit_starts_ready_without_birth_delay(ctx):
    u = create(ctx, HTOW)
    assert u.ready and u.wait == 0.0 and u.animation == "stand"
    assert ctx.GetUnitTypeId(u) == HTOW
    assert not ctx.IsUnitType(u, UT(1))  # not dead


def test_createunit_applies_requested_facing(ctx):
    assert ctx.GetUnitFacing(create(ctx, face=123.5)) == 123.5
    assert ctx.GetUnitFacing(create(ctx, face=-90.0, x=500.0)) == 270.0


def test_createunit_activates_food(ctx):
    p = ctx.Player(0)
    create(ctx, HFOO)
    create(ctx, HFOO, x=200.0)
    create(ctx, HHOU, x=1000.0)
    assert ctx.GetPlayerState(p, FOOD_USED) == 4
    assert ctx.GetPlayerState(p, FOOD_CAP) == 6


def test_createunit_static_scenery_keeps_requested_spawn(ctx):
    """A stock-shaped Frostmourne row keeps its requested point when pathing is blocked."""
    ctx.game.pathing.block_rect(-256.0, -256.0, 256.0, 256.0, NO_WALK | NO_FLY)
    u = create(ctx, NFRM, x=10.0, y=20.0)
    assert (u.x, u.y) == (10.0, 20.0)
    assert not ctx.warnings


def test_createunit_custom_static_scenery_keeps_requested_spawn(ctx):
    """A custom rawcode built from the scenery row with a non-stock max life does not move."""
    base = ctx.game.units.unit_type(NFRM)
    custom = UnitType(rawcode("nX01"), "nX01", "Custom Pedestal", base.race, 4321.0, 0.0, 0.0,
                      base.move, 0, 0, base.collision, base.flags)
    ctx.game.units.define_type(custom)
    ctx.game.pathing.block_rect(-256.0, -256.0, 256.0, 256.0)
    u = create(ctx, rawcode("nX01"), x=-30.0, y=40.0)
    assert (u.x, u.y) == (-30.0, 40.0)
    assert ctx.GetUnitState(u, MAX_LIFE) == 4321.0


def test_movement_disabled_armed_unit_keeps_requested_position(ctx):
    """An armed "_" row with a non-zero speed cell, through CreateUnit and SetUnitPosition."""
    armed = UnitType(rawcode("nX02"), "nX02", "Armed Statue", 7, 500.0, 0.0, 200.0, "", 0, 0,
                     32.0, frozenset({"structure", "ranged", "attacks_ground"}))
    ctx.game.units.define_type(armed)
    ctx.game.pathing.block_rect(-512.0, -512.0, 512.0, 512.0)
    u = create(ctx, rawcode("nX02"), x=64.0, y=64.0)
    assert (u.x, u.y) == (64.0, 64.0)
    ctx.SetUnitPosition(u, -100.0, 100.0)
    assert (u.x, u.y) == (-100.0, 100.0)
    ctx.SetUnitPositionLoc(u, ctx.Location(5.0, 5.0))
    assert (u.x, u.y) == (5.0, 5.0)


def test_createunit_moves_mobile_unit_off_blocked_pathing_to_nearest_legal_point(ctx):
    ctx.game.pathing.block_rect(-96.0, -96.0, 96.0, 96.0)
    u = create(ctx, HFOO, x=0.0, y=0.0)
    assert ctx.game.pathing.area_passable(u.x, u.y, u.collision, "foot")
    # nearest legal grid candidate: 3 cells (96 + 16 radius -> 128 world units) on an axis
    assert math.hypot(u.x, u.y) == pytest.approx(128.0)
    assert not ctx.warnings


def test_createunit_search_respects_live_unit_occupancy(ctx):
    a = create(ctx, HFOO)
    b = create(ctx, HFOO)
    assert (a.x, a.y) == (0.0, 0.0)
    assert math.hypot(b.x - a.x, b.y - a.y) >= a.collision + b.collision
    c = create(ctx, HFOO)
    for other in (a, b):
        assert math.hypot(c.x - other.x, c.y - other.y) >= 32.0


def test_createunit_search_looks_only_at_the_units_near_the_point(ctx, monkeypatch):
    # issue 16 item 6: the search scanned every live unit, so creating units cost more with
    # each unit (8k units: 66 s); it must look at the crowd around the point only (seed 003)
    for i in range(2000):                       # far away, in rows 512 world units apart
        create(ctx, HFOO, x=4096.0 + (i % 50) * 512.0, y=4096.0 + (i // 50) * 512.0)
    crowd = [create(ctx, HFOO) for _ in range(5)]
    store, looked = ctx.game.units, []
    monkeypatch.setattr(store, "can_block", lambda o, f=store.can_block: looked.append(o) or f(o))
    u = create(ctx, HFOO)
    assert looked and set(looked) <= set(crowd)
    assert all(math.hypot(u.x - o.x, u.y - o.y) >= u.collision + o.collision for o in crowd)


def test_createunit_occupancy_ignores_dead_hidden_and_flying_units(ctx):
    dead = create(ctx, HFOO)
    ctx.KillUnit(dead)
    assert (create(ctx, HFOO, x=0.0).x, 0.0) == (0.0, 0.0)
    ctx2 = FakeCtx()
    flyer = create(ctx2, HGRY)
    assert (create(ctx2, HFOO).x, flyer.x) == (0.0, 0.0)


def test_createunit_building_collision_blocks_placement(ctx):
    """The building's collision bounds are seen by the creation search."""
    hall = create(ctx, HTOW, x=0.0, y=0.0)
    assert (hall.x, hall.y) == (0.0, 0.0)
    u = create(ctx, HFOO, x=0.0, y=0.0)
    assert math.hypot(u.x, u.y) >= hall.collision + u.collision


def test_createunit_keeps_requested_point_and_warns_when_no_legal_point(ctx):
    ctx.game.pathing.block_rect(-2048.0, -2048.0, 2048.0, 2048.0)
    u = create(ctx, HFOO, x=12.0, y=34.0, player=3)
    assert (u.x, u.y) == (12.0, 34.0)
    assert ctx.GetUnitTypeId(u) == HFOO  # the handle contract is preserved
    assert len(ctx.warnings) == 1
    w = ctx.warnings[0]
    assert "hfoo" in w and "player 3" in w and "12.0" in w and "34.0" in w


def test_flying_unit_ignores_ground_blockers(ctx):
    ctx.game.pathing.block_rect(-96.0, -96.0, 96.0, 96.0)  # no walk, no build
    u = create(ctx, HGRY, x=0.0, y=0.0)
    assert (u.x, u.y) == (0.0, 0.0)


def test_row_without_movement_type_stays_mobile(ctx):
    """An unknown rawcode gets the default (foot) row: mobile, so it is moved."""
    ctx.game.pathing.block_rect(-96.0, -96.0, 96.0, 96.0)
    u = create(ctx, rawcode("zzzz"))
    assert (u.x, u.y) != (0.0, 0.0)


def test_setunitposition_agrees_with_createunit_for_mobile_units(ctx):
    ctx.game.pathing.block_rect(-96.0, -96.0, 96.0, 96.0)
    u = create(ctx, HFOO, x=500.0, y=500.0)
    ctx.SetUnitPosition(u, 0.0, 0.0)
    assert math.hypot(u.x, u.y) == pytest.approx(128.0)


def test_setunitx_and_y_ignore_pathing(ctx):
    ctx.game.pathing.block_rect(-96.0, -96.0, 96.0, 96.0)
    u = create(ctx, HFOO, x=500.0, y=500.0)
    ctx.SetUnitX(u, 0.0)
    ctx.SetUnitY(u, 0.0)
    assert (ctx.GetUnitX(u), ctx.GetUnitY(u)) == (0.0, 0.0)
    moved = events(ctx, ME.UnitMoved)
    assert moved[-1] == ME.UnitMoved(u, from_x=0.0, from_y=500.0, x=0.0, y=0.0)


def test_setunitx_clamps_to_the_world(ctx):
    u = create(ctx)
    ctx.SetUnitX(u, 1e9)
    assert u.x == ctx.game.world_bounds[2]


def test_createunit_with_null_player_returns_null(ctx):
    assert ctx.CreateUnit(None, HFOO, 0.0, 0.0, 0.0) is None


def test_createunit_at_loc_and_with_skin(ctx):
    u = ctx.CreateUnitAtLoc(ctx.Player(1), HPEA, ctx.Location(300.0, -200.0), 45.0)
    assert (u.x, u.y, u.facing, u.owner.id) == (300.0, -200.0, 45.0, 1)
    v = ctx.BlzCreateUnitWithSkin(ctx.Player(1), HPEA, 900.0, 0.0, 0.0, rawcode("hfoo"))
    assert ctx.GetUnitTypeId(v) == HPEA


def test_unknown_unit_type_uses_defaults_and_warns_once(ctx):
    a = create(ctx, rawcode("nC00"))
    create(ctx, rawcode("nC00"), x=300.0)
    assert ctx.GetWidgetLife(a) == 100.0
    assert len(ctx.warnings) == 1 and "nC00" in ctx.warnings[0]


def test_created_units_are_published(ctx):
    u = create(ctx)
    assert events(ctx, ME.UnitCreated) == [ME.UnitCreated(u)]


# -- life, death, decay, removal -----------------------------------------------------------

def test_unit_state_life_and_mana(ctx):
    u = create(ctx, rawcode("hsor"))
    assert ctx.GetUnitState(u, LIFE) == ctx.GetUnitState(u, MAX_LIFE) == 325.0
    ctx.SetUnitState(u, LIFE, 100.0)
    assert ctx.GetWidgetLife(u) == 100.0
    ctx.SetUnitState(u, LIFE, 9999.0)
    assert ctx.GetWidgetLife(u) == 325.0
    ctx.SetUnitState(u, MANA, 50.0)
    assert ctx.GetUnitState(u, MANA) == 50.0
    ctx.SetUnitState(u, MAX_MANA, 20.0)
    assert ctx.GetUnitState(u, MANA) == 20.0
    ctx.BlzSetUnitMaxHP(u, 1000)
    assert ctx.BlzGetUnitMaxHP(u) == 1000


def test_low_life_kills(ctx):
    u = create(ctx)
    ctx.SetWidgetLife(u, 0.4)
    assert ctx.IsUnitType(u, UT(1))
    assert events(ctx, ME.UnitDeath)[0].unit is u


def test_killunit_publishes_death_and_releases_food(ctx):
    u = create(ctx)
    ctx.KillUnit(u)
    assert ctx.GetWidgetLife(u) == 0.0
    assert ctx.IsUnitType(u, UT(1))
    assert events(ctx, ME.UnitDeath) == [ME.UnitDeath(u, killer=None)]
    assert ctx.GetPlayerState(ctx.Player(0), FOOD_USED) == 0
    ctx.KillUnit(u)
    assert len(events(ctx, ME.UnitDeath)) == 1
    assert ctx.GetUnitTypeId(u) == HFOO  # the corpse exists


def test_corpse_decays_and_is_removed(ctx):
    u = create(ctx)
    ctx.KillUnit(u)
    ctx.game.advance(U.CORPSE_DECAY_SECONDS - 1.0)
    assert ctx.GetUnitTypeId(u) == HFOO
    ctx.game.advance(U.CORPSE_DECAY_SECONDS + 0.5)
    assert ctx.GetUnitTypeId(u) == 0
    assert events(ctx, ME.UnitDecay) == [ME.UnitDecay(u)]
    assert events(ctx, ME.UnitRemoved) == [ME.UnitRemoved(u)]


def test_suspended_decay_keeps_the_corpse(ctx):
    u = create(ctx)
    ctx.KillUnit(u)
    ctx.UnitSuspendDecay(u, True)
    ctx.game.advance(500.0)
    assert ctx.GetUnitTypeId(u) == HFOO
    ctx.UnitSuspendDecay(u, False)
    ctx.game.advance(500.0 + U.CORPSE_DECAY_SECONDS)
    assert ctx.GetUnitTypeId(u) == 0


def test_dead_hero_does_not_decay_keeps_food_and_revives(ctx):
    h = create(ctx, HPAL)
    ctx.KillUnit(h)
    ctx.game.advance(1000.0)
    assert ctx.GetUnitTypeId(h) == HPAL
    assert ctx.GetPlayerState(ctx.Player(0), FOOD_USED) == 5
    assert ctx.ReviveHero(h, 300.0, 300.0, False)
    assert not ctx.IsUnitType(h, UT(1))
    assert ctx.GetWidgetLife(h) == h.max_life
    assert (h.x, h.y) == (300.0, 300.0)
    assert not ctx.ReviveHero(h, 0.0, 0.0, False)  # alive already


def test_removeunit_keeps_the_handle_id_and_reads_as_null(ctx):
    """S069 plus the GetUnitTypeId(u) == 0 idiom."""
    u = create(ctx)
    hid = ctx.GetHandleId(u)
    ctx.RemoveUnit(u)
    assert ctx.GetHandleId(u) == hid
    assert ctx.GetUnitTypeId(u) == 0
    assert ctx.GetWidgetLife(u) == 0.0
    assert ctx.GetOwningPlayer(u) is None
    assert ctx.GetPlayerState(ctx.Player(0), FOOD_USED) == 0
    assert u.removed_at == 0.0
    ctx.RemoveUnit(u)
    assert len(events(ctx, ME.UnitRemoved)) == 1


def test_hidden_units(ctx):
    u = create(ctx)
    ctx.ShowUnit(u, False)
    assert ctx.IsUnitHidden(u)
    ctx.ShowUnit(u, True)
    assert not ctx.IsUnitHidden(u)
    assert [e.hidden for e in events(ctx, ME.UnitHidden)] == [True, False]


def test_timed_life_kills_and_can_be_paused(ctx):
    u = create(ctx)
    v = create(ctx, x=500.0)
    ctx.UnitApplyTimedLife(u, rawcode("BTLF"), 10.0)
    ctx.UnitApplyTimedLife(v, rawcode("BTLF"), 10.0)
    ctx.game.advance(5.0)
    ctx.UnitPauseTimedLife(v, True)
    ctx.game.advance(20.0)
    assert ctx.IsUnitType(u, UT(1)) and not ctx.IsUnitType(v, UT(1))
    ctx.UnitPauseTimedLife(v, False)
    ctx.game.advance(24.0)
    assert not ctx.IsUnitType(v, UT(1))
    ctx.game.advance(25.5)
    assert ctx.IsUnitType(v, UT(1))


# -- ownership, food -----------------------------------------------------------------------

def test_setunitowner_moves_food_and_publishes(ctx):
    u = create(ctx)
    ctx.SetUnitOwner(u, ctx.Player(2), True)
    assert ctx.GetOwningPlayer(u) is ctx.Player(2)
    assert ctx.GetPlayerState(ctx.Player(0), FOOD_USED) == 0
    assert ctx.GetPlayerState(ctx.Player(2), FOOD_USED) == 2
    assert u.color == 2
    ev = events(ctx, ME.UnitOwnerChanged)
    assert ev == [ME.UnitOwnerChanged(u, previous=ctx.Player(0), owner=ctx.Player(2))]


def test_set_unit_use_food(ctx):
    u = create(ctx)
    ctx.SetUnitUseFood(u, False)
    assert ctx.GetPlayerState(ctx.Player(0), FOOD_USED) == 0
    ctx.SetUnitUseFood(u, True)
    assert ctx.GetPlayerState(ctx.Player(0), FOOD_USED) == 2
    assert (ctx.GetFoodUsed(HFOO), ctx.GetFoodMade(HHOU)) == (2, 6)
    assert (ctx.GetUnitFoodUsed(u), ctx.GetUnitFoodMade(u)) == (2, 0)


def test_player_unit_counts(ctx):
    p = ctx.Player(0)
    create(ctx)
    create(ctx, HTOW, x=1000.0)
    dead = create(ctx, x=-1000.0)
    ctx.KillUnit(dead)
    assert ctx.GetPlayerUnitCount(p, True) == 2
    assert ctx.GetPlayerStructureCount(p, True) == 1
    assert ctx.GetPlayerTechCount(p, HFOO, True) == 1


# -- hero ----------------------------------------------------------------------------------

def test_hero_starts_at_level_1_with_a_skill_point(ctx):
    h = create(ctx, HPAL)
    assert (ctx.GetHeroLevel(h), ctx.GetHeroXP(h), ctx.GetHeroSkillPoints(h)) == (1, 0, 1)
    assert ctx.IsHeroUnitId(HPAL) and not ctx.IsHeroUnitId(HFOO)
    assert ctx.IsUnitType(h, UT(0))
    assert ctx.UnitInventorySize(h) == 6
    assert ctx.GetHeroProperName(h) == "Paladin"
    assert ctx.GetHeroProperName(create(ctx, x=500.0)) is None


def test_hero_xp_levels_up_and_publishes(ctx):
    h = create(ctx, HPAL)
    str1, life1 = ctx.GetHeroStr(h, False), h.max_life
    ctx.AddHeroXP(h, 550, True)
    assert ctx.GetHeroLevel(h) == 3
    assert ctx.GetHeroXP(h) == 550
    assert ctx.GetHeroSkillPoints(h) == 3
    assert ctx.GetHeroStr(h, False) > str1 and h.max_life > life1
    assert [e.level for e in events(ctx, ME.HeroLevel)] == [2, 3]


def test_suspended_xp_is_ignored(ctx):
    h = create(ctx, HPAL)
    ctx.SuspendHeroXP(h, True)
    assert ctx.IsSuspendedXP(h)
    ctx.AddHeroXP(h, 5000, False)
    assert ctx.GetHeroXP(h) == 0


def test_set_hero_level_only_raises_and_strip_lowers(ctx):
    h = create(ctx, HPAL)
    ctx.SetHeroLevel(h, 5, False)
    assert ctx.GetHeroLevel(h) == 5 and ctx.GetHeroXP(h) == U.HERO_XP[5]
    ctx.SetHeroLevel(h, 2, False)
    assert ctx.GetHeroLevel(h) == 5
    assert ctx.UnitStripHeroLevel(h, 3)
    assert ctx.GetHeroLevel(h) == 2 and ctx.GetHeroXP(h) == U.HERO_XP[2]
    assert not ctx.UnitStripHeroLevel(create(ctx, x=900.0), 1)
    ctx.SetHeroLevel(h, 99, False)
    assert ctx.GetHeroLevel(h) == U.MAX_HERO_LEVEL


def test_skill_points_and_select_hero_skill(ctx):
    h = create(ctx, HPAL)
    holy_light = rawcode("AHhb")
    ctx.SelectHeroSkill(h, holy_light)
    assert ctx.GetUnitAbilityLevel(h, holy_light) == 1
    assert ctx.GetHeroSkillPoints(h) == 0
    ctx.SelectHeroSkill(h, holy_light)  # no points left
    assert ctx.GetUnitAbilityLevel(h, holy_light) == 1
    assert events(ctx, ME.HeroSkill) == [ME.HeroSkill(h, ability_id=holy_light, level=1)]
    assert not ctx.UnitModifySkillPoints(h, -1)
    assert ctx.UnitModifySkillPoints(h, 2) and ctx.GetHeroSkillPoints(h) == 2


def test_hero_attributes(ctx):
    h = create(ctx, HPAL)
    life = h.max_life
    ctx.SetHeroStr(h, ctx.GetHeroStr(h, False) + 4, True)
    assert h.max_life == life + 4 * 25
    ctx.SetHeroInt(h, 30, True)
    assert ctx.GetHeroInt(h, True) == 30
    assert ctx.GetHeroAgi(h, True) == 13


# -- abilities -----------------------------------------------------------------------------

def test_ability_add_remove_and_levels(ctx):
    u = create(ctx)
    a = rawcode("Aslo")
    assert ctx.GetUnitAbilityLevel(u, a) == 0
    assert ctx.UnitAddAbility(u, a) and not ctx.UnitAddAbility(u, a)
    assert ctx.IncUnitAbilityLevel(u, a) == 2
    assert ctx.SetUnitAbilityLevel(u, a, 5) == 5
    assert ctx.DecUnitAbilityLevel(u, a) == 4
    ctx.SetUnitAbilityLevel(u, a, 1)
    assert ctx.DecUnitAbilityLevel(u, a) == 1
    assert ctx.UnitMakeAbilityPermanent(u, True, a)
    assert ctx.UnitRemoveAbility(u, a) and not ctx.UnitRemoveAbility(u, a)
    assert ctx.IncUnitAbilityLevel(u, a) == 0


def test_inventory_ability_gives_an_inventory(ctx):
    u = create(ctx)
    assert ctx.UnitInventorySize(u) == 0
    ctx.UnitAddAbility(u, rawcode("AInv"))
    assert ctx.UnitInventorySize(u) == 6


# -- classification, queries ----------------------------------------------------------------

def test_unit_type_classification(ctx):
    peasant, hall, gryph = create(ctx, HPEA), create(ctx, HTOW, x=1000.0), create(ctx, HGRY, x=-900.0)
    assert ctx.IsUnitType(peasant, UT(16)) and ctx.IsUnitType(peasant, UT(4))
    assert ctx.IsUnitType(hall, UT(2)) and ctx.IsUnitType(hall, UT(18))
    assert ctx.IsUnitType(gryph, UT(3)) and not ctx.IsUnitType(gryph, UT(4))
    assert ctx.IsUnitType(create(ctx, rawcode("ugho"), x=2000.0), UT(14))
    assert ctx.IsUnitIdType(HTOW, UT(2)) and not ctx.IsUnitIdType(HFOO, UT(2))
    assert ctx.UnitAddType(peasant, UT(15)) and ctx.IsUnitType(peasant, UT(15))
    assert ctx.UnitRemoveType(peasant, UT(16)) and not ctx.IsUnitType(peasant, UT(16))
    assert ctx.IsUnitRace(peasant, enum_handle("race", 1))
    assert ctx.GetUnitRace(peasant) is enum_handle("race", 1)
    assert ctx.GetUnitName(peasant) == "Peasant"


def test_ownership_and_alliance_queries(ctx):
    u = create(ctx)
    p0, p1 = ctx.Player(0), ctx.Player(1)
    assert ctx.IsUnitOwnedByPlayer(u, p0) and not ctx.IsUnitOwnedByPlayer(u, p1)
    assert ctx.IsUnitAlly(u, p0) and ctx.IsUnitEnemy(u, p1)
    f = ctx.CreateForce()
    ctx.ForceAddPlayer(f, p0)
    assert ctx.IsUnitInForce(u, f)
    assert ctx.IsUnit(u, u) and not ctx.IsUnitIllusion(u)


def test_range_queries(ctx):
    a = create(ctx)
    b = create(ctx, x=300.0)
    assert ctx.IsUnitInRange(a, b, 300.0) and not ctx.IsUnitInRange(a, b, 299.0)
    assert ctx.IsUnitInRangeXY(a, 0.0, 100.0, 100.0)
    assert ctx.IsUnitInRangeLoc(b, ctx.Location(300.0, 50.0), 60.0)


def test_selection(ctx):
    u = create(ctx)
    ctx.SelectUnit(u, True)
    assert ctx.IsUnitSelected(u, ctx.Player(0))
    assert not ctx.IsUnitSelected(u, ctx.Player(1))
    ctx.ClearSelection()
    assert not ctx.IsUnitSelected(u, ctx.Player(0))


def test_flags_and_user_data(ctx):
    u = create(ctx)
    ctx.SetUnitUserData(u, 42)
    ctx.PauseUnit(u, True)
    ctx.SetUnitInvulnerable(u, True)
    assert ctx.GetUnitUserData(u) == 42 and ctx.IsUnitPaused(u) and ctx.BlzIsUnitInvulnerable(u)
    ctx.SetUnitMoveSpeed(u, 400.0)
    assert ctx.GetUnitMoveSpeed(u) == 400.0 and ctx.GetUnitDefaultMoveSpeed(u) == 270.0
    ctx.SetUnitAcquireRange(u, 800.0)
    assert ctx.GetUnitAcquireRange(u) == 800.0 and ctx.GetUnitDefaultAcquireRange(u) == 500.0
    ctx.SetUnitVertexColor(u, 1, 2, 3, 4)
    assert u.presentation["vertex_color"] == (1, 2, 3, 4)
    loc = ctx.GetUnitLoc(u)
    assert (loc.x, loc.y) == (u.x, u.y)


def test_resources_and_waygates(ctx):
    mine = create(ctx, rawcode("ngol"))
    assert ctx.GetResourceAmount(mine) == 0
    ctx.SetResourceAmount(mine, 12500)
    ctx.AddResourceAmount(mine, -500)
    assert ctx.GetResourceAmount(mine) == 12000
    gate = create(ctx, rawcode("nwgt"), x=1000.0)
    ctx.WaygateSetDestination(gate, 5.0, 6.0)
    ctx.WaygateActivate(gate, True)
    assert ctx.WaygateIsActive(gate)
    assert (ctx.WaygateGetDestinationX(gate), ctx.WaygateGetDestinationY(gate)) == (5.0, 6.0)


# -- orders --------------------------------------------------------------------------------

def test_orders_are_recorded_and_published(ctx):
    u = create(ctx)
    assert ctx.IssuePointOrder(u, "move", 500.0, 600.0)
    order = u.current_order
    assert (order.kind, order.order, order.order_id, order.x, order.y) == (
        "point", "move", 851986, 500.0, 600.0)
    assert (u.x, u.y) == (0.0, 0.0)  # travel is not simulated yet
    assert ctx.IssueImmediateOrder(u, "stop")
    assert u.current_order is None
    target = create(ctx, x=300.0, player=1)
    assert ctx.IssueTargetOrder(u, "attack", target)
    assert ctx.IssueImmediateOrderById(u, 851993)
    assert u.orders[-1].order == "holdposition"
    assert len(events(ctx, ME.UnitOrdered)) == 4


def test_dead_or_removed_units_refuse_orders(ctx):
    u = create(ctx)
    ctx.KillUnit(u)
    assert not ctx.IssueImmediateOrder(u, "stop")
    v = create(ctx, x=500.0)
    ctx.RemoveUnit(v)
    assert not ctx.IssuePointOrderLoc(v, "move", ctx.Location(0.0, 0.0))
    assert not ctx.IssueImmediateOrder(None, "stop")


# -- inventory and items -------------------------------------------------------------------

def test_inventory_add_slot_and_drop(ctx):
    h = create(ctx, HPAL)
    item = ctx.CreateItem(rawcode("ofir"), 100.0, 100.0)
    assert not ctx.IsItemOwned(item)
    assert ctx.UnitAddItem(h, item)
    assert ctx.UnitItemInSlot(h, 0) is item and ctx.UnitHasItem(h, item)
    assert ctx.IsItemOwned(item) and ctx.GetItemPlayer(item) is ctx.Player(0)
    assert (ctx.GetItemX(item), ctx.GetItemY(item)) == (h.x, h.y)
    assert ctx.UnitDropItemSlot(h, item, 3)
    assert ctx.UnitItemInSlot(h, 3) is item and ctx.UnitItemInSlot(h, 0) is None
    ctx.UnitRemoveItem(h, item)
    assert not ctx.UnitHasItem(h, item) and (item.x, item.y) == (h.x, h.y)
    assert [e.item for e in events(ctx, ME.ItemPickup)] == [item]


def test_inventory_full_and_add_by_id(ctx):
    h = create(ctx, HPAL)
    for _ in range(6):
        assert ctx.UnitAddItemById(h, rawcode("rlif")) is not None
    extra = ctx.UnitAddItemById(h, rawcode("rlif"))
    assert extra is not None and not ctx.IsItemOwned(extra)
    assert not ctx.UnitAddItem(h, ctx.CreateItem(rawcode("rlif"), 0.0, 0.0))
    assert not ctx.UnitAddItemToSlotById(h, rawcode("rlif"), 2)
    dropped = ctx.UnitRemoveItemFromSlot(h, 2)
    assert dropped is not None and not ctx.IsItemOwned(dropped)
    assert ctx.UnitAddItemToSlotById(h, rawcode("ofir"), 2)
    assert ctx.GetItemTypeId(ctx.UnitItemInSlot(h, 2)) == rawcode("ofir")


def test_units_without_inventory_cannot_take_items(ctx):
    u = create(ctx)
    assert not ctx.UnitAddItem(u, ctx.CreateItem(rawcode("ofir"), 0.0, 0.0))
    assert ctx.UnitItemInSlot(u, 0) is None


def test_powerup_is_used_on_pickup(ctx):
    h = create(ctx, HPAL)
    tome = ctx.CreateItem(rawcode("tstr"), 0.0, 0.0)
    assert ctx.IsItemPowerup(tome)
    assert ctx.UnitAddItem(h, tome)
    assert tome.destroyed and ctx.UnitItemInSlot(h, 0) is None


def test_give_item_to_another_unit(ctx):
    a, b = create(ctx, HPAL), create(ctx, rawcode("Hamg"), x=300.0)
    item = ctx.UnitAddItemById(a, rawcode("ofir"))
    assert ctx.UnitDropItemTarget(a, item, b)
    assert ctx.UnitHasItem(b, item) and not ctx.UnitHasItem(a, item)
    assert ctx.UnitDropItemPoint(b, item, 50.0, 60.0)
    assert (ctx.GetItemX(item), ctx.GetItemY(item)) == (50.0, 60.0)


def test_non_hero_drops_items_on_death_hero_keeps_them(ctx):
    h = create(ctx, HPAL)
    kept = ctx.UnitAddItemById(h, rawcode("ofir"))
    ctx.KillUnit(h)
    assert ctx.UnitHasItem(h, kept)
    u = create(ctx, x=500.0)
    ctx.UnitAddAbility(u, rawcode("AInv"))
    lost = ctx.UnitAddItemById(u, rawcode("ofir"))
    ctx.KillUnit(u)
    assert not ctx.IsItemOwned(lost) and (lost.x, lost.y) == (u.x, u.y)


def test_item_properties(ctx):
    item = ctx.CreateItem(rawcode("pghe"), 10.0, 20.0)
    assert ctx.GetItemCharges(item) == 1 and ctx.GetItemLevel(item) == 3
    assert ctx.GetItemType(item) is enum_handle("itemtype", 1)
    assert ctx.GetItemName(item) == "Potion of Greater Healing"
    ctx.SetItemCharges(item, 4)
    ctx.SetItemUserData(item, 7)
    assert (ctx.GetItemCharges(item), ctx.GetItemUserData(item)) == (4, 7)
    ctx.SetItemPosition(item, -5.0, -6.0)
    assert (ctx.GetItemX(item), ctx.GetItemY(item)) == (-5.0, -6.0)
    ctx.SetItemInvulnerable(item, True)
    ctx.SetItemVisible(item, False)
    assert ctx.IsItemInvulnerable(item) and not ctx.IsItemVisible(item)
    assert ctx.IsItemIdSellable(rawcode("pghe")) and not ctx.IsItemIdPowerup(rawcode("pghe"))
    ctx.RemoveItem(item)
    assert ctx.GetItemTypeId(item) == 0 and ctx.GetWidgetLife(item) == 0.0


def test_enum_items_in_rect(ctx):
    a = ctx.CreateItem(rawcode("ofir"), 0.0, 0.0)
    b = ctx.CreateItem(rawcode("pghe"), 50.0, 0.0)
    ctx.CreateItem(rawcode("ofir"), 5000.0, 0.0)
    seen = []
    ctx.EnumItemsInRect(ctx.Rect(-100.0, -100.0, 100.0, 100.0),
                        lambda c: c.GetItemTypeId(c.GetFilterItem()) == rawcode("ofir"),
                        lambda c: seen.append(c.GetEnumItem()))
    assert seen == [a]
    seen.clear()
    ctx.EnumItemsInRect(ctx.Rect(-100.0, -100.0, 100.0, 100.0), None,
                        lambda c: seen.append(c.GetEnumItem()))
    assert seen == [a, b]


# -- destructables -------------------------------------------------------------------------

def test_destructable_lifecycle(ctx):
    d = ctx.CreateDestructable(rawcode("LTg1"), 100.0, 200.0, 270.0, 1.0, 0)
    assert ctx.GetDestructableTypeId(d) == rawcode("LTg1")
    assert (ctx.GetDestructableX(d), ctx.GetDestructableY(d)) == (100.0, 200.0)
    assert ctx.GetDestructableLife(d) == ctx.GetDestructableMaxLife(d) == 500.0
    ctx.KillDestructable(d)
    assert ctx.GetDestructableLife(d) == 0.0
    assert events(ctx, ME.DestructableDeath) == [ME.DestructableDeath(d)]
    ctx.DestructableRestoreLife(d, 9999.0, True)
    assert ctx.GetDestructableLife(d) == 500.0 and not d.dead
    ctx.SetDestructableLife(d, 0.0)
    assert d.dead
    ctx.RemoveDestructable(d)
    assert ctx.GetDestructableTypeId(d) == 0


def test_dead_destructable_and_widget_natives(ctx):
    d = ctx.CreateDeadDestructable(rawcode("LTcr"), 0.0, 0.0, 0.0, 1.0, 0)
    assert ctx.GetWidgetLife(d) == 0.0
    e = ctx.CreateDestructableZ(rawcode("LTcr"), 5.0, 6.0, 7.0, 0.0, 1.0, 0)
    assert (ctx.GetWidgetX(e), ctx.GetWidgetY(e), e.z) == (5.0, 6.0, 7.0)
    ctx.SetWidgetLife(e, 0.0)
    assert e.dead


def test_enum_destructables_in_rect(ctx):
    a = ctx.CreateDestructable(rawcode("LTlt"), 0.0, 0.0, 0.0, 1.0, 0)
    b = ctx.CreateDestructable(rawcode("LTlt"), 10.0, 0.0, 0.0, 1.0, 0)
    ctx.KillDestructable(b)
    seen = []
    ctx.EnumDestructablesInRect(ctx.Rect(-50.0, -50.0, 50.0, 50.0), None,
                                lambda c: seen.append(c.GetEnumDestructable()))
    assert seen == [a, b]
    seen.clear()
    ctx.EnumDestructablesInRect(ctx.Rect(-50.0, -50.0, 50.0, 50.0),
                                lambda c: c.GetDestructableLife(c.GetFilterDestructable()) > 0,
                                lambda c: seen.append(c.GetEnumDestructable()))
    assert seen == [a]


def test_unknown_destructable_and_item_types_warn(ctx):
    ctx.CreateDestructable(rawcode("ZZzz"), 0.0, 0.0, 0.0, 1.0, 0)
    ctx.CreateItem(rawcode("zzzi"), 0.0, 0.0)
    assert len(ctx.warnings) == 2


def test_order_id_table(ctx):
    assert ctx.OrderId("move") == 851986 and ctx.OrderId("smart") == 851971
    assert ctx.OrderId2String(851993) == "holdposition"
    assert not ctx.warnings
    assert ctx.OrderId("notanorder") == 0 and ctx.warnings
    assert ctx.OrderId2String(1) is None
    u = create(ctx)
    ctx.IssueImmediateOrder(u, "hex")
    assert u.orders[-1].order_id == 852502


def test_create_corpse(ctx):
    c = ctx.CreateCorpse(ctx.Player(0), HFOO, 100.0, 0.0, 0.0)
    assert ctx.GetUnitTypeId(c) == HFOO and ctx.IsUnitType(c, UT(1))
    assert ctx.GetPlayerState(ctx.Player(0), FOOD_USED) == 0
    assert not events(ctx, ME.UnitDeath)
    assert ctx.CreateCorpse(ctx.Player(0), HTOW, 0.0, 0.0, 0.0) is None
    ctx.game.advance(U.CORPSE_DECAY_SECONDS + 1.0)
    assert ctx.GetUnitTypeId(c) == 0


def test_buffs_removal_by_polarity_and_kind(ctx):
    u = create(ctx)
    B = U.Buff
    def fill():
        u.buffs = {1: B(1, positive=True), 2: B(2), 3: B(3, timed_life=True),
                   4: B(4, positive=True, aura=True), 5: B(5, magic=False, physical=True)}
    fill()
    ctx.UnitRemoveBuffs(u, True, False)
    assert sorted(u.buffs) == [2, 3, 5]
    fill()
    ctx.UnitRemoveBuffs(u, True, True)
    assert u.buffs == {}
    fill()
    # Blizzard.j bj_REMOVEBUFFS_NONTLIFE
    ctx.UnitRemoveBuffsEx(u, True, True, False, False, False, True, False)
    assert sorted(u.buffs) == [3]
    fill()
    assert ctx.UnitCountBuffsEx(u, False, True, False, True, True, True, True) == 1
    assert ctx.UnitHasBuffsEx(u, True, False, True, False, False, True, False)
    own(u, "cooldowns")[rawcode("AHtb")] = 50.0
    ctx.UnitResetCooldown(u)
    assert u.cooldowns == {}
