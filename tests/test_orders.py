"""The order pipeline (natives/orders.py), movement (natives/paths.py) and combat
(natives/combat.py): issue 12 items 1, 2, 3 and 5. Figures are the game's (see the sources in
natives/unitdata.py and natives/combat.py)."""
import math
import random

import pytest

from fakectx import FakeCtx
from natives import combat
from natives import modelevents as ME
from natives import unitdata
from natives.geometry import NO_WALK
from natives.objecttypes import ObjectRecord, ObjectTypes
from natives.snapshot import state_digest
from natives.text import local_messages
from natives.unitdata import rawcode
from test_save_load import reload
from test_triggers import jass_session

HFOO, HPEA, HTOW, HGRY, OGRU, HART = (rawcode(c) for c in ("hfoo", "hpea", "htow", "hgry", "ogru", "Hart"))
NSHE = rawcode("nshe")
MOVE, STOP, HOLD, ATTACK, PATROL, SMART = 851986, 851972, 851993, 851983, 851990, 851971


@pytest.fixture
def ctx():
    return FakeCtx()


def create(ctx, code=HFOO, x=0.0, y=0.0, player=0):
    return ctx.CreateUnit(ctx.Player(player), code, x, y, 0.0)


def events(ctx, cls):
    return [e for e in ctx.game.published if type(e) is cls]


def run(ctx, until):
    ctx.game.advance(until)


# -- item 1: issuing, current order, queue ------------------------------------------------------

def test_a_move_order_walks_at_the_type_speed_and_then_the_unit_is_idle(ctx):
    u = create(ctx)                                   # footman: speed 270
    assert ctx.IssuePointOrder(u, "move", 540.0, 0.0)
    assert ctx.GetUnitCurrentOrder(u) == MOVE
    run(ctx, 1.0)
    assert u.x == pytest.approx(270.0) and u.y == 0.0
    assert ctx.GetUnitCurrentOrder(u) == MOVE
    run(ctx, 2.0)
    assert (u.x, u.y) == (540.0, 0.0)
    assert ctx.GetUnitCurrentOrder(u) == 0           # arrived: idle
    assert u.order_entry is None                      # idle units have no pending step
    run(ctx, 5.0)
    assert (u.x, u.y) == (540.0, 0.0)


def test_orders_a_unit_cannot_carry_out_return_false(ctx):
    hall = create(ctx, HTOW, x=1000.0)
    assert not ctx.IssuePointOrder(hall, "move", 0.0, 0.0)     # a building does not walk
    assert not ctx.IssuePointOrderById(hall, PATROL, 0.0, 0.0)
    assert hall.current_order is None and not events(ctx, ME.UnitOrdered)
    sheep = create(ctx, NSHE, x=-1000.0, player=1)
    u = create(ctx, x=-2000.0)
    assert not ctx.IssueTargetOrder(sheep, "attack", u)       # a critter has no attack
    gryphon = create(ctx, HGRY, x=3000.0, player=1)
    assert not ctx.IssueTargetOrder(u, "attack", gryphon)     # footmen hit ground only
    ctx.KillUnit(sheep)
    assert not ctx.IssueTargetOrder(u, "attack", sheep)       # a dead target
    assert ctx.IssueImmediateOrder(u, "stop")
    assert len(events(ctx, ME.UnitOrdered)) == 1


def test_stop_and_holdposition(ctx):
    u = create(ctx)
    ctx.IssuePointOrder(u, "move", 1000.0, 0.0)
    run(ctx, 1.0)
    assert ctx.IssueImmediateOrderById(u, STOP)
    assert ctx.GetUnitCurrentOrder(u) == 0
    run(ctx, 3.0)
    assert u.x == pytest.approx(270.0)
    assert ctx.IssueImmediateOrder(u, "holdposition")
    assert ctx.GetUnitCurrentOrder(u) == HOLD        # holding stays the current order
    run(ctx, 5.0)
    assert ctx.GetUnitCurrentOrder(u) == HOLD and u.x == pytest.approx(270.0)


def test_patrol_goes_back_and_forth(ctx):
    u = create(ctx)
    ctx.IssuePointOrder(u, "patrol", 270.0, 0.0)
    run(ctx, 1.0)
    assert u.x == pytest.approx(270.0)
    run(ctx, 1.5)
    assert u.x == pytest.approx(135.0)
    run(ctx, 2.0)
    assert u.x == pytest.approx(0.0, abs=1e-6)
    assert ctx.GetUnitCurrentOrder(u) == PATROL


def test_queued_orders_run_one_after_the_other(ctx):
    u = create(ctx)
    assert ctx.BlzQueuePointOrderById(u, MOVE, 270.0, 0.0)        # idle: given at once
    assert ctx.BlzQueuePointOrderById(u, MOVE, 270.0, 270.0)      # queued behind it
    assert [o.y for o in u.order_queue] == [270.0]
    run(ctx, 1.0)
    assert (u.x, u.y) == (270.0, 0.0)
    run(ctx, 2.0)
    assert (u.x, u.y) == (270.0, 270.0) and ctx.GetUnitCurrentOrder(u) == 0
    assert len(events(ctx, ME.UnitOrdered)) == 2          # each fires when accepted


def test_smart_on_a_friend_follows_and_on_an_enemy_attacks(ctx):
    leader = create(ctx, HPEA, x=0.0)
    follower = create(ctx, HPEA, x=-600.0)
    assert ctx.IssueTargetOrder(follower, "smart", leader)
    ctx.IssuePointOrder(leader, "move", 1000.0, 0.0)
    run(ctx, 8.0)
    assert leader.x == 1000.0
    gap = leader.x - follower.x - leader.collision - follower.collision
    assert 0.0 < gap <= 64.0 + 1e-6
    enemy = create(ctx, OGRU, x=2000.0, y=2000.0, player=1)
    assert ctx.IssueTargetOrder(follower, "smart", enemy)
    assert follower.work.mode == "attack" and ctx.GetUnitCurrentOrder(follower) == SMART


# -- item 2: movement through the pathing grid ----------------------------------------------------

def test_path_goes_around_a_wall_and_never_crosses_it(ctx):
    pathing = ctx.game.pathing
    pathing.block_rect(192.0, -512.0, 320.0, 512.0, NO_WALK)      # a wall across the way
    u = create(ctx, x=0.0, y=0.0)
    ctx.IssuePointOrder(u, "move", 512.0, 0.0)
    spots = []
    t = 0.0
    while u.current_order is not None and t < 20.0:
        t += 0.05
        run(ctx, t)
        spots.append((u.x, u.y))
        assert pathing.passable(u.x, u.y, "foot")
    assert (u.x, u.y) == (512.0, 0.0)
    assert max(abs(y) for _, y in spots) >= 512.0                  # it went round the end
    assert t > 512.0 / 270.0 + 2.0                                 # a detour takes longer


def test_an_unreachable_goal_ends_at_the_nearest_reachable_point(ctx):
    pathing = ctx.game.pathing
    pathing.block_rect(896.0, -256.0, 1152.0, 256.0, NO_WALK)     # a blocked block
    u = create(ctx)
    ctx.IssuePointOrder(u, "move", 960.0, 0.0)                     # inside, near its west edge
    run(ctx, 10.0)
    assert ctx.GetUnitCurrentOrder(u) == 0
    assert 860.0 <= u.x <= 896.0 and abs(u.y) <= 32.0              # stopped at its edge


def test_flying_units_ignore_ground_pathing(ctx):
    ctx.game.pathing.block_rect(192.0, -2048.0, 320.0, 2048.0, NO_WALK)
    g = create(ctx, HGRY)           # gryphon rider: 320 (natives.unitdata, source "ds")
    ctx.IssuePointOrder(g, "move", 700.0, 0.0)
    run(ctx, 1.0)
    assert (g.x, g.y) == (pytest.approx(320.0), 0.0)


def test_set_unit_move_speed_changes_the_walk(ctx):
    u = create(ctx)
    ctx.SetUnitMoveSpeed(u, 100.0)
    ctx.IssuePointOrder(u, "move", 500.0, 0.0)
    run(ctx, 2.0)
    assert u.x == pytest.approx(200.0)


REGION = """
globals
    region r
    unit u
endglobals
function OnEnter takes nothing returns nothing
    call P("enter")
endfunction
function OnLeave takes nothing returns nothing
    call P("leave")
endfunction
function main takes nothing returns nothing
    local trigger a = CreateTrigger()
    local trigger b = CreateTrigger()
    set r = CreateRegion()
    call RegionAddRect(r, Rect(1000, -500, 1500, 500))
    call TriggerRegisterEnterRegion(a, r, null)
    call TriggerAddAction(a, function OnEnter)
    call TriggerRegisterLeaveRegion(b, r, null)
    call TriggerAddAction(b, function OnLeave)
    set u = CreateUnit(Player(0), 'hfoo', 0, 0, 0)
    call IssuePointOrder(u, "move", 2700, 0)
endfunction
"""


def test_seed004_region_events_fire_at_the_game_time_of_the_crossing():
    s = jass_session(REGION)
    s.advance(15.0)
    times = {m.text: m.time for m in local_messages(s.game)}
    # regions are 32-unit cells: the rect's cells are x 992..1503; 270 world units/second
    assert times["enter"] == pytest.approx(992.0 / 270.0, abs=1e-3)
    assert times["leave"] == pytest.approx(1504.0 / 270.0, abs=1e-3)


def test_a_walk_survives_a_save_and_load():
    a = jass_session(REGION)
    a.advance(6.0)
    b = jass_session(REGION)
    b.advance(2.0)
    b = reload(b)
    b.advance(4.0)
    assert state_digest(b) == state_digest(a)
    ua = a.game.units.units
    assert [(x.x, x.y) for x in a.game.units.units.values()] == [
        (x.x, x.y) for x in b.game.units.units.values()] and ua


# -- item 3: combat ---------------------------------------------------------------------------

def test_armor_formula_gives_the_published_reductions():
    # unitstatistics.com / classic.battle.net: 2 armor 10.71 %, 5 armor 23.08 %, 10 armor 37.5 %,
    # -5 armor +26.61 %
    assert 1 - combat.armor_factor(2) == pytest.approx(0.1071, abs=1e-4)
    assert 1 - combat.armor_factor(5) == pytest.approx(0.2308, abs=1e-4)
    assert 1 - combat.armor_factor(10) == pytest.approx(0.375, abs=1e-4)
    assert combat.armor_factor(-5) - 1 == pytest.approx(0.2661, abs=1e-4)
    assert combat.armor_factor(0) == 1.0


@pytest.mark.parametrize("attack,factors", [
    ("normal", (1.0, 1.5, 1.0, 0.7, 1.0, 1.0)),
    ("pierce", (2.0, 0.75, 1.0, 0.35, 0.5, 1.5)),
    ("siege", (1.0, 0.5, 1.0, 1.5, 0.5, 1.5)),
    ("magic", (1.25, 0.75, 2.0, 0.35, 0.5, 1.0)),
    ("chaos", (1.0, 1.0, 1.0, 1.0, 1.0, 1.0)),
    ("hero", (1.0, 1.0, 1.0, 0.5, 1.0, 1.0)),
])
def test_damage_table_against_each_armor_type(attack, factors):
    armors = ("light", "medium", "heavy", "fortified", "hero", "unarmored")
    assert tuple(combat.DAMAGE_TABLE[attack][a] for a in armors) == factors


def test_footman_hits_for_12_to_13_less_the_footman_armor(ctx):
    a = create(ctx, x=0.0, y=5000.0)
    b = create(ctx, x=0.0, y=-5000.0, player=1)
    w = combat.weapon(a)
    rolls = {round(combat.roll_damage(a, b, w, random.Random(i)), 4) for i in range(50)}
    # normal attack vs heavy armor (factor 1), 2 armor: x 0.8929
    assert rolls == {round(12 * combat.armor_factor(2), 4), round(13 * combat.armor_factor(2), 4)}
    grunt = create(ctx, OGRU, x=5000.0, player=1)
    peasant = create(ctx, HPEA, x=-5000.0)
    hits = {round(combat.roll_damage(grunt, peasant, combat.weapon(grunt), random.Random(i)), 4)
            for i in range(50)}
    assert hits == {19 * 1.5, 20 * 1.5}                 # normal vs medium armor 0: x 1.5


def test_a_hero_adds_its_primary_attribute(ctx):
    arthas = create(ctx, HART, x=0.0, y=5000.0)          # Paladin figures: 22 str + 2d6
    b = create(ctx, HPEA, x=0.0, y=-5000.0, player=1)
    hits = {combat.roll_damage(arthas, b, combat.weapon(arthas), random.Random(i)) for i in range(200)}
    assert min(hits) == 24 * 1.0 and max(hits) == 34 * 1.0  # hero vs medium: factor 1


def test_a_fight_swings_on_cooldown_and_the_killer_is_credited(ctx):
    a = create(ctx, x=0.0)
    b = create(ctx, HPEA, x=2000.0, player=1)
    assert ctx.IssueTargetOrder(a, "attack", b)
    assert ctx.GetUnitCurrentOrder(a) == ATTACK
    run(ctx, 60.0)
    swings = [e for e in events(ctx, ME.UnitAttacked) if e.attacker is a]
    assert swings and all(e.unit is b for e in swings)
    deaths = events(ctx, ME.UnitDeath)
    assert [d.unit for d in deaths if d.unit is b] == [b]
    assert [d.killer for d in deaths if d.unit is b] == [a]
    damaged = [e for e in events(ctx, ME.UnitDamaged) if e.unit is b]
    assert len(damaged) == len(swings)
    # 220 life, 12-13 x 1.5 (normal vs medium, no armor) per hit: 12 or 13 hits
    assert len(swings) in (12, 13)
    assert ctx.GetUnitCurrentOrder(a) == 0


def test_swings_are_a_cooldown_apart():
    s = jass_session("""
globals
    unit a
    unit b
endglobals
function OnAttacked takes nothing returns nothing
    call P("attacked " + B2S(GetTriggerUnit() == b) + " " + B2S(GetAttacker() == a))
endfunction
function main takes nothing returns nothing
    local trigger t = CreateTrigger()
    set a = CreateUnit(Player(0), 'hfoo', 0, 0, 0)
    set b = CreateUnit(Player(1), 'hpea', 100, 0, 0)
    call PauseUnit(b, true)
    call TriggerRegisterUnitEvent(t, b, ConvertUnitEvent(62))   // EVENT_UNIT_ATTACKED
    call TriggerAddAction(t, function OnAttacked)
endfunction
""")
    s.advance(5.0)
    msgs = local_messages(s.game)
    assert {m.text for m in msgs} == {"attacked true true"}
    gaps = {round(b.time - a.time, 6) for a, b in zip(msgs, msgs[1:])}
    assert gaps == {1.35}                               # the footman's cooldown


def _duel(ctx):
    """A footman next to a paused peasant of an enemy (in melee range, no chase)."""
    a = create(ctx, x=0.0)
    b = create(ctx, HPEA, x=100.0, player=1)
    ctx.PauseUnit(b, True)
    return a, b


def test_the_hit_lands_at_the_damage_point_after_the_attacked_event(ctx):
    # Liquipedia "Attack": the attack instance is made after the damage point; seed 004:
    # EVENT_UNIT_ATTACKED at the swing. The footman has no published damage point: the
    # documented default (natives.unitdata.DAMAGE_POINT) applies.
    a, b = _duel(ctx)
    assert ctx.IssueTargetOrder(a, "attack", b)
    run(ctx, 0.01)
    assert [e.unit for e in events(ctx, ME.UnitAttacked)] == [b]
    assert not events(ctx, ME.UnitDamaged) and b.life == 220.0
    run(ctx, unitdata.DAMAGE_POINT + 0.01)
    assert [e.unit for e in events(ctx, ME.UnitDamaged)] == [b]
    assert b.life < 220.0


def test_a_swing_interrupted_before_its_damage_point_deals_nothing(ctx):
    a, b = _duel(ctx)
    ctx.IssueTargetOrder(a, "attack", b)
    run(ctx, unitdata.DAMAGE_POINT / 2)
    assert events(ctx, ME.UnitAttacked)
    assert ctx.IssuePointOrder(a, "move", -2000.0, 0.0)   # a new order cancels the swing
    run(ctx, 3.0)
    assert not events(ctx, ME.UnitDamaged) and b.life == 220.0
    assert a.attack_ready <= unitdata.DAMAGE_POINT     # a cancelled swing is no attack


def test_pausing_the_attacker_during_the_damage_point_cancels_the_hit(ctx):
    a, b = _duel(ctx)
    ctx.IssueTargetOrder(a, "attack", b)
    run(ctx, 0.1)
    ctx.PauseUnit(a, True)
    run(ctx, 0.2)
    ctx.PauseUnit(a, False)        # released before the damage point would have come
    run(ctx, 0.2 + unitdata.DAMAGE_POINT + 0.05)    # game times: the second swing began at 0.2
    damaged = events(ctx, ME.UnitDamaged)
    swings = events(ctx, ME.UnitAttacked)
    assert len(swings) == 2 and len(damaged) == 1      # only the second swing landed


def test_the_backswing_delays_the_next_queued_order(ctx):
    a, b = _duel(ctx)
    b.life = 1.0                                       # the first hit kills
    ctx.IssueTargetOrder(a, "attack", b)
    ctx.BlzQueuePointOrderById(a, MOVE, 0.0, 500.0)
    run(ctx, unitdata.DAMAGE_POINT + 0.01)
    assert b.dead
    assert ctx.GetUnitCurrentOrder(a) == ATTACK        # still in its backswing
    run(ctx, unitdata.DAMAGE_POINT + unitdata.BACKSWING + 0.01)
    assert ctx.GetUnitCurrentOrder(a) == MOVE
    run(ctx, unitdata.DAMAGE_POINT + unitdata.BACKSWING + 0.25)
    assert a.y > 0.0


def test_blz_unit_interrupt_attack_cancels_the_swing(ctx):
    a, b = _duel(ctx)
    ctx.IssueTargetOrder(a, "attack", b)
    run(ctx, 0.1)
    ctx.BlzUnitInterruptAttack(a)
    run(ctx, 0.1 + unitdata.DAMAGE_POINT - 0.01)       # the first swing's hit would be due
    assert len(events(ctx, ME.UnitAttacked)) == 2      # it swung again at once
    assert not events(ctx, ME.UnitDamaged)


def test_the_map_data_gives_the_damage_point(ctx):
    ctx.game.object_types = ObjectTypes([ObjectRecord("unit", HFOO, HFOO, False,
                                                      {("udp1", 0): 0.25, ("ubs1", 0): 0.75})])
    w = combat.weapon(create(ctx, x=5000.0))
    assert (w.point, w.backswing) == (0.25, 0.75)


def test_idle_units_acquire_enemies_within_acquisition_range(ctx):
    guard = create(ctx, x=0.0)
    far = create(ctx, HPEA, x=1000.0, player=1)
    run(ctx, 1.0)
    assert guard.current_order is None                  # 1000 > 500: not acquired
    ctx.IssuePointOrder(far, "move", 400.0, 0.0)
    run(ctx, 4.0)
    assert guard.work is not None and guard.work.target is far
    assert ctx.GetUnitCurrentOrder(guard) == ATTACK
    assert not [e for e in events(ctx, ME.UnitOrdered) if e.unit is guard]  # no order event
    run(ctx, 40.0)
    assert far.dead
    assert (guard.x, guard.y) == (0.0, 0.0)             # back where it stood
    assert guard.current_order is None


def test_allies_do_not_acquire_each_other(ctx):
    a = create(ctx, x=0.0)
    b = create(ctx, x=100.0)
    run(ctx, 3.0)
    assert a.current_order is None and b.current_order is None


def test_set_unit_acquire_range_is_the_range_a_sentry_takes_enemies_on_at(ctx):
    # jassdoc (common.j, SetUnitAcquireRange): "the value that a unit uses to choose targets
    # to engage with ... does not change its attack range".
    guard = create(ctx, x=0.0)
    far = create(ctx, HPEA, x=700.0, player=1)
    ctx.PauseUnit(far, True)
    run(ctx, 1.0)
    assert guard.work is None                            # 700 > the footman's 500
    assert ctx.GetUnitDefaultAcquireRange(guard) == 500.0
    ctx.SetUnitAcquireRange(guard, 800.0)
    assert ctx.GetUnitAcquireRange(guard) == 800.0 and ctx.GetUnitDefaultAcquireRange(guard) == 500.0
    assert guard.work is not None and guard.work.target is far   # looks again at once
    assert combat.weapon(guard).range == 90.0            # the attack range is unchanged
    run(ctx, 40.0)
    assert far.dead


def test_a_short_acquire_range_lets_an_enemy_walk_by(ctx):
    guard = create(ctx, x=0.0)
    ctx.SetUnitAcquireRange(guard, 100.0)
    walker = create(ctx, HPEA, x=-1500.0, y=300.0, player=1)
    ctx.IssuePointOrder(walker, "move", 1500.0, 300.0)   # passes 300 from the guard
    run(ctx, 20.0)
    assert guard.work is None and (walker.x, walker.y) == (1500.0, 300.0)
    ctx.SetUnitAcquireRange(guard, 500.0)
    ctx.IssuePointOrder(walker, "move", -1500.0, 300.0)
    d = _acquired_at(ctx, guard, walker, 40.0)
    step = walker.move_speed * 0.125                     # one step's walk
    assert d is not None and 500.0 - step <= d <= 500.0


def test_acquire_range_without_a_figure_warns_and_reads_zero(ctx):
    sheep = create(ctx, NSHE, player=1)
    assert combat.type_weapon(sheep) is None
    assert ctx.GetUnitDefaultAcquireRange(sheep) == 0.0
    assert ctx.GetUnitAcquireRange(sheep) == 0.0
    assert sum("no acquisition range figure" in w for w in ctx.warnings) == 1   # once per type
    ctx.SetUnitAcquireRange(sheep, 300.0)
    assert ctx.GetUnitAcquireRange(sheep) == 300.0


def test_attack_move_fights_on_the_way_then_goes_on(ctx):
    a = create(ctx, x=0.0)
    b = create(ctx, HPEA, x=1500.0, y=300.0, player=1)
    ctx.PauseUnit(b, True)
    assert ctx.IssuePointOrder(a, "attack", 3000.0, 0.0)
    run(ctx, 60.0)
    assert b.dead
    assert (a.x, a.y) == (3000.0, 0.0)
    assert ctx.GetUnitCurrentOrder(a) == 0


def test_a_fight_is_deterministic_and_survives_a_save():
    script = """
globals
    unit a
    unit b
endglobals
function main takes nothing returns nothing
    set a = CreateUnit(Player(0), 'hfoo', 0, 0, 0)
    set b = CreateUnit(Player(1), 'ogru', 400, 0, 0)
endfunction
"""
    one = jass_session(script, seed=3)
    one.advance(60.0)
    two = jass_session(script, seed=3)
    two.advance(4.0)
    two = reload(two)
    two.advance(56.0)
    assert state_digest(one) == state_digest(two)
    dead = [u for u in one.game.units.units.values() if u.dead]
    assert len(dead) == 1                                # the grunt beats the footman
    assert dead[0].type_id == HFOO


def test_with_many_sentries_only_those_in_reach_take_on_a_passing_enemy(ctx):
    guards = [create(ctx, x=3000.0 * (i % 8), y=3000.0 * (i // 8)) for i in range(40)]
    assert len(ctx.game.orders.sentries) == 40
    walker = create(ctx, HPEA, x=6000.0 + 1500.0, y=3000.0, player=1)
    ctx.IssuePointOrder(walker, "move", 6000.0 + 300.0, 3000.0)
    run(ctx, 6.0)
    engaged = [g for g in guards if g.work is not None]
    assert engaged == [guards[10]]                       # the guard at (6000, 3000)
    assert guards[10].work.target is walker


def test_a_patrol_to_where_the_unit_stands_ends_at_once(ctx):
    u = create(ctx)
    assert ctx.IssuePointOrder(u, "patrol", 0.0, 0.0)
    run(ctx, 1.0)
    assert u.order_entry is None and ctx.GetUnitCurrentOrder(u) == 0


def _acquired_at(ctx, guard, walker, until):
    """Advance in steps; the walker's distance from ``guard`` when it first takes it on."""
    t = ctx.game.now
    while t < until:
        t += 0.125
        run(ctx, t)
        if guard.work is not None and guard.work.target is walker:
            return math.hypot(walker.x - guard.x, walker.y - guard.y)
    return None


@pytest.mark.parametrize("how", ["created", "moved", "given"])
def test_a_sentry_that_comes_near_a_walker_takes_it_on_at_the_first_step_in_range(ctx, how):
    # A walking unit skips the sentry look-up while it keeps clear of enemy sentries
    # (Orders._clear_of_sentries): a sentry that appears, is moved or changes hands near its
    # way must still take it on at the first step inside its acquisition range (500).
    walker = create(ctx, HPEA, x=0.0, player=1)
    for player, far in ((0, -9000.0), (1, 9000.0)):   # a unit each, far away: the players'
        create(ctx, HFOO, x=far, y=far, player=player)   # sets of sectors never empty
    guard = None
    if how == "moved":
        guard = create(ctx, x=0.0, y=8000.0)
    elif how == "given":
        guard = create(ctx, x=900.0, y=300.0, player=1)      # the walker's own: no threat
    ctx.IssuePointOrder(walker, "move", 6000.0, 0.0)
    run(ctx, 1.0)                                            # clear, recorded for a while
    if how == "created":
        guard = create(ctx, x=900.0, y=300.0)
    elif how == "moved":
        ctx.game.units.move_unit(guard, 900.0, 300.0)
    else:
        ctx.game.units.set_owner(guard, ctx.Player(0), False)
    assert guard.work is None                                # 700+ away: not yet
    d = _acquired_at(ctx, guard, walker, 6.0)
    step = walker.move_speed * 0.125                         # one step's walk
    assert d is not None and 500.0 - step <= d <= 500.0
