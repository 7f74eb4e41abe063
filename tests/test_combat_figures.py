"""Combat figures and their consequences with the game's numbers: sourced weapon rows
(natives/unitdata.py), damage against each armor type, acquisition range and hero
experience for kills (natives/experience.py). Issue 12 item 3 and its "Done when"."""
import random

import pytest

from fakectx import FakeCtx
from natives import combat, experience
from natives.objecttypes import ObjectRecord, ObjectTypes
from natives.unitdata import WEAPON_SOURCES, WEAPONS, rawcode

R = rawcode


@pytest.fixture
def ctx():
    return FakeCtx()


def create(ctx, code, x=0.0, y=0.0, player=0):
    return ctx.CreateUnit(ctx.Player(player), R(code), x, y, 0.0)


def hits(attacker, target, n=50):
    w = combat.weapon(attacker)
    return {round(combat.roll_damage(attacker, target, w, random.Random(i)), 4) for i in range(n)}


def test_every_weapon_row_names_a_known_source():
    assert len(WEAPONS) >= 30
    assert set(WEAPON_SOURCES) == {"cb", "ds"}


# (attacker, target, expected hit): average damage (data set "ds") x damage table x armor
# factor; the table's factors are the classic.battle.net armor page's (natives/combat.py).
@pytest.mark.parametrize("attacker, target, expected", [
    ("orai", "hkni", 25 * 1.00 * combat.armor_factor(5)),   # siege vs heavy, 5 armor
    ("orai", "htow", 25 * 1.50),                             # siege vs fortified (a structure)
    ("hrif", "earc", 21 * 0.75),                             # pierce vs medium, 0 armor
    ("hrif", "ugho", 21 * 1.00),                             # pierce vs heavy, 0 armor
    ("hmpr", "hsor", 8.5 * 1.00),                            # magic vs unarmored
    ("hmtm", "ogre", 58 * 1.50),                             # siege vs fortified
    ("ugho", "opeo", 13 * 1.50),                             # normal vs medium
    ("ugho", "htow", 13 * 0.70),                             # normal vs fortified
])
def test_damage_against_each_armor_type(ctx, attacker, target, expected):
    a = create(ctx, attacker, y=5000.0)
    t = create(ctx, target, y=-5000.0, player=1)
    assert hits(a, t) == {round(expected, 4)}


def test_structures_without_a_row_have_fortified_armor(ctx):
    hall = create(ctx, "htow", player=1)
    assert combat.defense(hall).armor_type == "fortified"
    grunt = create(ctx, "ogru", y=5000.0)
    assert hits(grunt, hall) == {round(19 * 0.7, 4), round(20 * 0.7, 4)}   # 18+1d2 x 0.7


def test_acquisition_range_of_a_ranged_unit_is_at_least_its_weapon_range(ctx):
    mortar = create(ctx, "hmtm")                                # range 1150 (data set)
    assert combat.weapon(mortar).acquire == 1150.0
    near = create(ctx, "opeo", x=1100.0, player=1)
    ctx.game.advance(0.5)
    assert mortar.work is not None and mortar.work.target is near


# -- experience -------------------------------------------------------------------------------

def test_kill_experience_tables():
    # Hero XP Gained - Normal: 25, then previous + 5 L + 5; - Hero: 100..300, then +100
    assert [experience.kill_xp(lv, False) for lv in range(1, 6)] == [25, 40, 60, 85, 115]
    assert [experience.kill_xp(lv, True) for lv in range(1, 8)] == [100, 120, 160, 220, 300, 400, 500]
    assert [experience.creep_factor(lv) for lv in range(1, 6)] == [0.8, 0.7, 0.62, 0.55, 0.0]


def _with_levels(ctx, **levels):
    ctx.game.object_types = ObjectTypes([ObjectRecord("unit", R(c), R(c), False, {("ulev", 0): lv})
                                         for c, lv in levels.items()])


def test_a_hero_gains_experience_for_an_enemy_kill(ctx):
    _with_levels(ctx, ogru=3)
    arthas = create(ctx, "Hart")
    grunt = create(ctx, "ogru", x=100.0, player=1)
    ctx.game.units.kill_unit(grunt, arthas)
    assert arthas.hero.xp == 60                                 # a level-3 unit
    paladin = create(ctx, "Hpal", x=200.0, player=1)
    ctx.game.units.kill_unit(paladin, arthas)
    assert arthas.hero.xp == 160 and arthas.hero.level == 1     # a level-1 hero: 100


def test_heroes_near_the_kill_share_it_and_creeps_give_less(ctx):
    _with_levels(ctx, ogru=3)
    near1, near2 = create(ctx, "Hart"), create(ctx, "Hpal", x=50.0)
    far = create(ctx, "Hpal", x=5000.0)
    footman = create(ctx, "hfoo", x=100.0)
    creep = create(ctx, "ogru", x=100.0, player=ctx.game.players.neutral_aggressive_id)
    ctx.game.units.kill_unit(creep, footman)
    # 60 shared by the two heroes within 1200, x 80 % (creep kill, hero level 1)
    assert (near1.hero.xp, near2.hero.xp, far.hero.xp) == (24, 24, 0)


def test_no_experience_for_allies_or_types_without_a_level(ctx):
    arthas = create(ctx, "Hart")
    friend = create(ctx, "hfoo", x=100.0)
    ctx.game.units.kill_unit(friend, arthas)
    enemy = create(ctx, "hfoo", x=100.0, player=1)
    ctx.game.units.kill_unit(enemy, arthas)
    assert arthas.hero.xp == 0
    assert any("'hfoo' has no level" in w for w in ctx.game.warnings)
