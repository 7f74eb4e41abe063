"""Passive and aura combat hooks (issue 13, ``natives.passives`` and the aura resolver).

Figures asserted are the sourced ones of ``natives.abilitydata`` (Critical Strike) or the ones
a map's own ability data gives (as the game reads a map's object data), in the units the
corpus maps author these fields in (custom-mcfc: 'Ocr1' 15 percent, 'Eev1' 0.25 fraction).
"""
from __future__ import annotations

import random

import pytest

from fakectx import FakeCtx
from natives import combat
from natives import passives as P
from natives.abilities import DIVINE_SHIELD_BUFF, STUN_BUFF
from natives.abilitydata import SOURCES
from natives.objecttypes import ObjectRecord, ObjectTypes
from natives.unitdata import rawcode
from test_hero_abilities import ctx, unit  # noqa: F401  (the fixture and the unit factory)

HFOO, HRIF, HPAL = (rawcode(c) for c in ("hfoo", "hrif", "Hpal"))


def map_data(ctx, **abilities):
    """The map's object data changes stock abilities: rawcode -> {(field, level): value}."""
    ctx.game.object_types = ObjectTypes([ObjectRecord("ability", rawcode(c), rawcode(c), False, f)
                                         for c, f in abilities.items()])


def give(ctx, u, code, level=1):
    ctx.UnitAddAbility(u, rawcode(code))
    ctx.SetUnitAbilityLevel(u, rawcode(code), level)


def fixed_damage(ctx, u):
    ctx.BlzSetUnitDiceNumber(u, 0, 0)       # every hit deals its base


def one_hit(ctx, attacker, target):
    """The life ``target`` loses to the first swing of ``attacker``."""
    before = target.life
    assert ctx.IssueTargetOrder(attacker, "attack", target)
    ctx.game.advance(ctx.game.now + 1.0)
    return before - target.life


class Rng:
    def __init__(self, draw):
        self.draw = draw

    def random(self):
        return self.draw


def test_family_functions_draw_against_their_chance():
    assert P.critical_strike(Rng(0.14), 0.15, 3.0, 0.0, 10.0) == 30.0
    assert P.critical_strike(Rng(0.15), 0.15, 3.0, 0.0, 10.0) == 10.0
    assert P.evades(Rng(0.29), 0.3) and not P.evades(Rng(0.3), 0.3)
    assert not P.bash(Rng(0.0), 0.0)        # no chance: never, and no draw needed


def test_critical_strike_row_is_sourced():
    row = SOURCES[rawcode("AOcr")]
    assert "spoluprorc" in row


@pytest.mark.parametrize("level, multiplier", [(1, 2.0), (3, 4.0)])
def test_critical_strike_multiplies_the_hit(ctx, level, multiplier):
    plain, target = unit(ctx, HFOO), unit(ctx, HFOO, 100.0, 0.0, 1)
    fixed_damage(ctx, plain)
    base = one_hit(ctx, plain, target)
    ctx.IssueImmediateOrder(plain, "stop")
    map_data(ctx, AOcr={("Ocr1", level): 100.0})          # the map makes every strike critical
    striker, target2 = unit(ctx, HFOO, 0.0, 500.0), unit(ctx, HFOO, 100.0, 500.0, 1)
    fixed_damage(ctx, striker)
    give(ctx, striker, "AOcr", level)
    assert one_hit(ctx, striker, target2) == pytest.approx(base * multiplier)


def test_evasion_avoids_every_attack_at_a_chance_of_one(ctx):
    map_data(ctx, AEev={("Eev1", 1): 1.0})
    attacker, dodger = unit(ctx, HFOO), unit(ctx, HFOO, 100.0, 0.0, 1)
    give(ctx, dodger, "AEev")
    assert one_hit(ctx, attacker, dodger) == 0.0
    ctx.game.advance(ctx.game.now + 10.0)
    assert dodger.life == dodger.max_life


def test_evasion_without_a_figure_is_reported_and_does_nothing(ctx):
    attacker, target = unit(ctx, HFOO), unit(ctx, HFOO, 100.0, 0.0, 1)
    give(ctx, target, "AEev")
    assert one_hit(ctx, attacker, target) > 0.0
    ctx.game.advance(ctx.game.now + 5.0)
    found = [w for w in ctx.game.warnings if "AEev" in w and "'Eev1'" in w]
    assert len(found) == 1                  # once per game


def test_bash_adds_its_damage_and_stuns(ctx):
    plain, t1 = unit(ctx, HFOO), unit(ctx, HFOO, 100.0, 0.0, 1)
    fixed_damage(ctx, plain)
    base = one_hit(ctx, plain, t1)
    map_data(ctx, AHbh={("Hbh1", 1): 100.0, ("Hbh3", 1): 25.0, ("adur", 1): 2.0})
    basher, t2 = unit(ctx, HFOO, 0.0, 500.0), unit(ctx, HFOO, 100.0, 500.0, 1)
    fixed_damage(ctx, basher)
    give(ctx, basher, "AHbh")
    lost = one_hit(ctx, basher, t2)
    assert lost == pytest.approx(base + 25.0 * combat.armor_factor(combat.armor(t2)))
    assert STUN_BUFF in t2.buffs


def test_chances_come_from_the_seeded_game_random(ctx, monkeypatch):
    def forbidden():
        raise AssertionError("Python's global random was used")
    monkeypatch.setattr(random, "random", forbidden)

    def fight():
        c = FakeCtx()
        c.game.object_types = ObjectTypes([ObjectRecord("ability", rawcode("AEev"), rawcode("AEev"),
                                                        False, {("Eev1", 1): 0.5})])
        a, d = unit(c, HFOO), unit(c, HFOO, 100.0, 0.0, 1)
        give(c, d, "AEev")
        c.IssueTargetOrder(a, "attack", d)
        c.game.advance(20.0)
        return d.life
    first = fight()
    assert first == fight()


def aura_source(ctx, code, fields, x=0.0, y=0.0):
    map_data(ctx, **{code: {**fields, ("aare", 1): 900.0}})
    src = unit(ctx, HPAL, x, y)
    give(ctx, src, code)
    return src


def test_brilliance_aura_regenerates_mana_of_friends_in_range(ctx):
    aura_source(ctx, "AHab", {("Hab1", 1): 2.0})
    near, far = unit(ctx, HPAL, 300.0), unit(ctx, HPAL, 3000.0)
    for u in (near, far):
        u.mana = 0.0
    ctx.game.advance(10.0)
    assert near.mana == pytest.approx(20.0, abs=1.01)      # 2 per second, ticks of 0.5 s
    assert far.mana == 0.0 and rawcode("BHab") in near.buffs


def test_unholy_aura_speeds_movement_and_regenerates_life(ctx):
    aura_source(ctx, "AUau", {("Uau1", 1): 0.1, ("Uau2", 1): 1.0})
    friend = unit(ctx, HFOO, 200.0)
    friend.life = 100.0
    ctx.game.advance(4.0)
    assert combat.move_speed(friend) == pytest.approx(friend.move_speed * 1.1)
    assert friend.life == pytest.approx(104.0, abs=0.51)


def test_endurance_aura_gives_both_speeds(ctx):
    aura_source(ctx, "AOae", {("Oae1", 1): 0.1, ("Oae2", 1): 0.05})
    friend = unit(ctx, HFOO, 200.0)
    ctx.game.advance(1.0)
    w = combat.weapon(friend)
    assert combat.move_speed(friend) == pytest.approx(friend.move_speed * 1.1)
    assert combat.attack_cooldown(friend, w) == pytest.approx(w.cooldown / 1.05)


def test_trueshot_aura_reaches_ranged_units_only(ctx):
    aura_source(ctx, "AEar", {("Ear1", 1): 0.1})
    rifle, foot = unit(ctx, HRIF, 200.0), unit(ctx, HFOO, -200.0)
    ctx.game.advance(1.0)
    assert combat.buff_damage(rifle) == pytest.approx(0.1)
    assert combat.buff_damage(foot) == 0.0


def test_the_strongest_of_two_auras_counts_not_both(ctx):
    map_data(ctx, AHad={("Had1", 1): 1.5, ("Had1", 2): 3.0, ("aare", 1): 900.0, ("aare", 2): 900.0})
    weak, strong = unit(ctx, HPAL), unit(ctx, HPAL, 100.0)
    give(ctx, weak, "AHad", 1)
    give(ctx, strong, "AHad", 2)
    friend = unit(ctx, HFOO, 50.0)
    ctx.game.advance(1.0)
    assert combat.buff_armor(friend) == 3.0


def test_vampiric_aura_heals_a_melee_attacker(ctx):
    src = aura_source(ctx, "AUav", {("Uav1", 1): 0.5})
    biter, victim = unit(ctx, HFOO, 100.0), unit(ctx, HFOO, 200.0, 0.0, 1)
    for u in (src, victim):
        ctx.PauseUnit(u, True)             # no one fights back
    ctx.game.advance(1.0)
    biter.life = 100.0
    lost = one_hit(ctx, biter, victim)
    assert lost > 0 and biter.life == pytest.approx(100.0 + lost * 0.5)


def test_thorns_aura_returns_melee_damage(ctx):
    src = aura_source(ctx, "AEah", {("Eah1", 1): 0.5})
    guard, attacker = unit(ctx, HFOO, 100.0), unit(ctx, HFOO, 200.0, 0.0, 1)
    for u in (src, guard):
        ctx.PauseUnit(u, True)             # no one fights back
    assert ctx.IssueTargetOrder(attacker, "attack", guard)
    ctx.game.advance(5.0)
    lost = guard.max_life - guard.life
    assert lost > 0 and attacker.max_life - attacker.life == pytest.approx(lost * 0.5)


def test_divine_shield_needs_its_duration_from_the_map(ctx):
    pal = unit(ctx, HPAL)
    give(ctx, pal, "AHds")
    assert not ctx.IssueImmediateOrder(pal, "divineshield")
    assert any("Divine Shield has no duration" in w for w in ctx.game.warnings)


def test_divine_shield_makes_the_caster_invulnerable_for_its_duration(ctx):
    map_data(ctx, AHds={("adur", 1): 10.0})
    pal, foe = unit(ctx, HPAL), unit(ctx, HFOO, 100.0, 0.0, 1)
    give(ctx, pal, "AHds")
    assert ctx.IssueImmediateOrder(pal, "divineshield")
    ctx.game.advance(1.0)
    assert pal.invulnerable and DIVINE_SHIELD_BUFF in pal.buffs
    assert one_hit(ctx, foe, pal) == 0.0
    ctx.game.advance(12.0)
    assert not pal.invulnerable


def test_removing_the_divine_shield_buff_ends_the_invulnerability(ctx):
    map_data(ctx, AHds={("adur", 1): 10.0})
    pal = unit(ctx, HPAL)
    give(ctx, pal, "AHds")
    assert ctx.IssueImmediateOrder(pal, "divineshield")
    ctx.game.advance(1.0)
    assert pal.invulnerable
    ctx.UnitRemoveBuffs(pal, True, False)
    assert not pal.invulnerable and DIVINE_SHIELD_BUFF not in pal.buffs
    ctx.game.advance(12.0)                  # the cancelled expiry does not run again
    assert not pal.invulnerable


def test_a_map_alias_of_the_creep_evasion_evades_with_its_own_data(ctx):
    """custom-mcfc's object data derives evasions from 'ACev' with their own 'Eev1'."""
    alias, acev = rawcode("A06I"), rawcode("ACev")
    ctx.game.object_types = ObjectTypes([ObjectRecord("ability", alias, acev, True, {("Eev1", 1): 1.0})])
    attacker, dodger = unit(ctx, HFOO), unit(ctx, HFOO, 100.0, 0.0, 1)
    ctx.UnitAddAbility(dodger, alias)
    assert one_hit(ctx, attacker, dodger) == 0.0


def test_an_aura_without_its_figures_gives_nothing_and_says_so(ctx):
    src = unit(ctx, HPAL)
    give(ctx, src, "AHab")                  # no stock figures in the project table
    friend = unit(ctx, HPAL, 100.0)
    friend.mana = 0.0
    ctx.game.advance(3.0)
    assert friend.mana == 0.0
    assert any("AHab" in w and "'Hab1'" in w for w in ctx.game.warnings)
