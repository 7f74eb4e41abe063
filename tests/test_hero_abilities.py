"""Standard hero abilities: each row's sourced figures take effect (issue 13, build item 4).

The figures asserted are the ones cited in ``natives.abilitydata`` (Liquipedia's ability
boxes); the cast goes through the order pipeline.
"""
from __future__ import annotations

import pytest

from fakectx import FakeCtx
from natives import abilities as A
from natives.abilitydata import SOURCES, UNCHECKED
from natives.orders import ORDER_IDS
from natives.spells import CAST_POINT
from natives.unitdata import rawcode

HPAL, HFOO, UCRL = (rawcode(c) for c in ("Hpal", "hfoo", "Ucrl"))


@pytest.fixture
def ctx():
    return FakeCtx()


def unit(ctx, code, x=0.0, y=0.0, player=0):
    return ctx.CreateUnit(ctx.Player(player), code, x, y, 0.0)


def hero_with(ctx, code, level=1, x=0.0, y=0.0, player=0):
    h = unit(ctx, HPAL, x, y, player)
    ctx.UnitAddAbility(h, rawcode(code))
    ctx.SetUnitAbilityLevel(h, rawcode(code), level)
    h.mana = h.max_mana = 1000.0
    return h


def lost(u):
    return u.max_life - u.life


def test_every_hero_row_names_its_source_and_order():
    for code in ("AOhw", "AUim"):
        row = A.REGISTRY[rawcode(code)]
        assert SOURCES[row.code].startswith("liquipedia.net/warcraft/")
        assert all(o in ORDER_IDS for o in row.orders)
        assert row.code not in UNCHECKED


def test_healing_wave_level_3_heals_five_targets_from_300(ctx):
    """Liquipedia Shadow Hunter: "at level 3 ... 300 + 225 + 169 + 126 + 95"."""
    hunter = hero_with(ctx, "AOhw", level=3)
    hurt = [unit(ctx, HFOO, 300.0 * (i + 1), 0.0) for i in range(6)]
    for f in hurt:
        f.life = 10.0
    mana = hunter.mana
    assert ctx.IssueTargetOrder(hunter, "healingwave", hurt[0])
    ctx.game.advance(CAST_POINT + 0.01)
    healed = [round(f.life - 10.0, 2) for f in hurt]
    assert healed == [300.0, 225.0, 168.75, 126.56, 94.92, 0.0]
    assert hunter.mana == mana - 90


def impaler(ctx, level):
    lord = unit(ctx, UCRL)
    ctx.UnitAddAbility(lord, rawcode("AUim"))
    ctx.SetUnitAbilityLevel(lord, rawcode("AUim"), level)
    lord.mana = lord.max_mana = 1000.0
    return lord


@pytest.mark.parametrize("level, damage, stun", [(1, 60.0, 2.0), (3, 150.0, 4.0)])
def test_impale_damages_and_stuns_the_enemies_on_its_line(ctx, level, damage, stun):
    lord = impaler(ctx, level)
    on_line = [unit(ctx, HFOO, x, 50.0, 1) for x in (200.0, 550.0)]
    beside = unit(ctx, HFOO, 300.0, 300.0, 1)       # 300 off the line: outside 'aare' 125
    beyond = unit(ctx, HFOO, 800.0, 0.0, 1)         # past 'Uim1' 600
    friend = unit(ctx, HFOO, 300.0, 0.0, 0)
    mana = lord.mana
    assert ctx.IssuePointOrder(lord, "impale", 100.0, 0.0)   # a near point: the wave runs 600
    ctx.game.advance(CAST_POINT + 0.01)
    assert [lost(v) for v in on_line] == [damage, damage]
    assert lost(beside) == lost(beyond) == lost(friend) == 0.0
    assert lord.mana == mana - 100
    stunned = rawcode("BPSE")
    assert all(v.buffs.get(stunned) for v in on_line)
    ctx.game.advance(CAST_POINT + stun - 0.1)       # advance() runs to a game time
    assert all(v.buffs.get(stunned) for v in on_line)
    ctx.game.advance(CAST_POINT + stun + 0.1)
    assert not any(v.buffs.get(stunned) for v in on_line)


def test_impale_stuns_a_hero_for_the_hero_duration(ctx):
    lord = impaler(ctx, 2)
    foe = unit(ctx, HPAL, 300.0, 0.0, 1)
    assert ctx.IssuePointOrder(lord, "impale", 300.0, 0.0)
    ctx.game.advance(CAST_POINT + 0.01)
    stunned = rawcode("BPSE")
    assert lost(foe) == 105.0 and foe.buffs.get(stunned)
    ctx.game.advance(CAST_POINT + 1.4)
    assert foe.buffs.get(stunned)
    ctx.game.advance(CAST_POINT + 1.6)               # 'ahdu' 1.5 s at level 2
    assert not foe.buffs.get(stunned)


def test_flame_strike_burns_the_area_for_its_pillar_then_its_fire(ctx):
    """Liquipedia Blood Mage, level 1: 45 per second for 2.67 s, then 4 per second for 6 s,
    after the 0.9 s channel time."""
    mage = unit(ctx, rawcode("Hblm"))
    ctx.UnitAddAbility(mage, rawcode("AHfs"))
    mage.mana = mage.max_mana = 1000.0
    foe = unit(ctx, HFOO, 500.0, 0.0, 1)
    near = unit(ctx, HFOO, 500.0, 150.0, 1)       # inside 'aare' 200
    far = unit(ctx, HFOO, 500.0, 260.0, 1)
    friend = unit(ctx, HFOO, 450.0, 0.0, 0)
    for v in (foe, near, far, friend):            # no swings: only the fire hurts
        ctx.PauseUnit(v, True)
    assert ctx.IssuePointOrder(mage, "flamestrike", 500.0, 0.0)
    start = CAST_POINT + 0.9
    ctx.game.advance(start - 0.01)
    assert lost(foe) == 0.0
    ctx.game.advance(start + 0.01)
    ctx.PauseUnit(mage, True)                     # the fire burns on; the mage's swings would not
    ctx.game.advance(start + 1.0 + 0.01)
    assert lost(foe) == pytest.approx(45.0)       # two half-second steps
    assert mage.mana == 1000.0 - 135
    ctx.game.advance(start + 2.67 + 6.0 + 0.01)
    assert lost(foe) == lost(near) == pytest.approx(45.0 * 2.67 + 4.0 * 6.0)
    assert lost(far) == lost(friend) == 0.0
    assert not [e for e in ctx.game.scheduler.entries() if e.kind == "spell_burn"]


BURN = """
function main takes nothing returns nothing
    local unit mage = CreateUnit(Player(0), 'Hpal', 0, 0, 0)
    call PauseUnit(CreateUnit(Player(1), 'hfoo', 790, 0, 0), true)
    call UnitAddAbility(mage, 'AHfs')
    call IssuePointOrder(mage, "flamestrike", 790, 0)
endfunction
"""


def test_a_burning_area_survives_a_save_and_load():
    from test_save_load import assert_same, twins
    a, b = twins(BURN, save_at=CAST_POINT + 0.9 + 1.2, until=12.0)
    assert_same(a, b)
    foe = next(u for u in b.game.units.units.values() if u.type_id == HFOO)
    assert lost(foe) == pytest.approx(45.0 * 2.67 + 4.0 * 6.0)
