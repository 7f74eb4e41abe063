"""Combat figures and their consequences with the game's numbers: sourced weapon rows
(natives/unitdata.py), damage against each armor type, acquisition range and hero
experience for kills (natives/experience.py), kill bounties (natives/bounty.py) and their upkeep
tax (natives/upkeep.py). Issue 12 item 3 and its "Done when"."""
import random

import pytest

from fakectx import FakeCtx
from natives import combat, experience
from natives.objecttypes import ObjectRecord, ObjectTypes
from natives.players import (PLAYER_STATE_GIVES_BOUNTY, PLAYER_STATE_GOLD_UPKEEP_RATE,
                             PLAYER_STATE_RESOURCE_FOOD_USED, PLAYER_STATE_RESOURCE_GOLD as GOLD)
from natives.production import UNIT_COSTS, UPGRADE_COSTS, Cost, unit_cost
from natives.unitdata import UNIT_TYPES, WEAPON_SOURCES, WEAPONS, rawcode

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
    assert set(WEAPON_SOURCES) == {"cb", "ds", "ww"}


# (attacker, target, expected hit) with the towers' and heroes' pages (natives/unitdata.py "ww"
# and "cb" rows): average damage, a hero's adds its primary attribute at level 1
@pytest.mark.parametrize("attacker, target, expected", [
    ("hgtw", "ogru", 25 * 1.00 * combat.armor_factor(1)),     # guard tower: pierce vs heavy 1
    ("owtw", "hrif", 17 * 0.75),                               # watch tower: pierce vs medium
    ("hctw", "ogre", 100.5 * 1.50),                            # cannon tower: siege vs fortified
    ("Hamg", "hfoo", 24 * 1.00 * combat.armor_factor(2)),     # archmage: 21-27, 24 average
    ("Hmkg", "hpea", 31 * 1.00),                               # mountain king: 26-36, 31
    ("Obla", "hpea", 35 * 1.00),                               # blademaster: 24-46, 35
    ("nkog", "hrif", 25 * 0.75),                               # kobold geomancer: pierce vs medium
    ("nltl", "hfoo", 18.5 * 1.00 * combat.armor_factor(2)),   # lightning lizard: pierce vs heavy 2
    ("ngst", "hpea", 31 * 1.50),                               # rock golem: 29-33 normal vs medium
    ("nnrg", "hrif", 53 * 1.00),                               # naga royal guard: chaos vs medium
    ("nbzd", "ogru", 64.5 * 1.00 * combat.armor_factor(1)),   # dragon: chaos vs heavy 1
])
def test_towers_and_heroes_hit_as_their_pages_give(ctx, attacker, target, expected):
    a = create(ctx, attacker, y=5000.0)
    t = create(ctx, target, y=-5000.0, player=1)
    assert hits(a, t) == {round(expected, 4)}


def test_hero_armor_at_level_1_is_the_pages(ctx):
    # Archmage 3, Mountain King 2, Blademaster 5 (4.6 shown rounded): base + 0.3 x agility
    assert round(combat.armor(create(ctx, "Hamg"))) == 3
    assert round(combat.armor(create(ctx, "Hmkg"))) == 2
    assert round(combat.armor(create(ctx, "Obla"))) == 5


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


# -- the 1.31+ damage events and the unit's combat natives ---------------------------------------

DAMAGE_SCRIPT = """
globals
    constant unitevent EVENT_UNIT_DAMAGING = ConvertUnitEvent(314)
    constant unitevent EVENT_UNIT_DAMAGED = ConvertUnitEvent(52)
    unit a
    unit b
    real setting = -1.0
endglobals
function OnDamaging takes nothing returns nothing
    call P("damaging " + R2S(GetEventDamage()) + " " + I2S(GetHandleId(BlzGetEventAttackType())) + " " + B2S(BlzGetEventIsAttack()) + " " + B2S(BlzGetEventDamageTarget() == b))
    if setting >= 0.0 then
        call BlzSetEventDamage(setting)
    endif
    call P("set " + B2S(BlzSetEventAttackType(ConvertAttackType(5))))
endfunction
function OnDamaged takes nothing returns nothing
    call P("damaged " + R2S(GetEventDamage()) + " life " + R2S(GetWidgetLife(b)))
    call BlzSetEventDamage(GetEventDamage() / 2.0)
endfunction
function main takes nothing returns nothing
    local trigger t = CreateTrigger()
    local trigger d = CreateTrigger()
    set a = CreateUnit(Player(0), 'hfoo', 0, 0, 0)
    set b = CreateUnit(Player(1), 'hpea', 100, 0, 0)
    call PauseUnit(b, true)
    call TriggerRegisterUnitEvent(t, b, EVENT_UNIT_DAMAGING)
    call TriggerAddAction(t, function OnDamaging)
    call TriggerRegisterUnitEvent(d, b, EVENT_UNIT_DAMAGED)
    call TriggerAddAction(d, function OnDamaged)
    call BlzSetUnitBaseDamage(a, 20, 0)
    call BlzSetUnitDiceNumber(a, 0, 0)
endfunction
"""


def test_damaging_runs_before_armor_and_damaged_before_life_drops():
    """jassdoc (lep/jassdoc, BlzSetEventDamage): DAMAGING before armor and types, DAMAGED
    after; the amount set is what GetEventDamage answers and what the target loses."""
    from natives.text import local_messages
    from test_triggers import jass_session
    s = jass_session(DAMAGE_SCRIPT)
    b = s.vm.read_global("b")
    s.advance(0.5)                                     # one swing
    texts = [m.text for m in local_messages(s.game)]
    # 20 raw, normal (ATTACK_TYPE_MELEE = 1) vs medium: x1.5; the handler makes it chaos (x1.0)
    assert texts[:3] == ["damaging 20.000 1 true true", "set true", "damaged 20.000 life 220.000"]
    assert b.life == 220.0 - 10.0                      # halved in DAMAGED, before life drops


def test_damage_set_to_zero_in_damaging_skips_damaged():
    from natives.text import local_messages
    from test_triggers import jass_session
    s = jass_session(DAMAGE_SCRIPT.replace("real setting = -1.0", "real setting = 0.0"))
    s.advance(0.5)
    texts = [m.text for m in local_messages(s.game)]
    assert texts == ["damaging 20.000 1 true true", "set true"]
    assert s.vm.read_global("b").life == 220.0


def test_unit_weapon_and_armor_natives(ctx):
    from natives import combat as C
    a = create(ctx, "hfoo")
    assert (ctx.BlzGetUnitBaseDamage(a, 0), ctx.BlzGetUnitDiceNumber(a, 0),
            ctx.BlzGetUnitDiceSides(a, 0)) == (11, 1, 2)     # 12-13 (classic.battle.net)
    assert ctx.BlzGetUnitAttackCooldown(a, 0) == 1.35
    ctx.BlzSetUnitAttackCooldown(a, 2.0, 0)
    ctx.BlzSetUnitBaseDamage(a, 30, 0)
    assert C.weapon(a).cooldown == 2.0 and C.weapon(a).base == 30
    assert C.weapon(create(ctx, "hfoo", x=500.0)).base == 11      # the type keeps its figures
    assert ctx.BlzGetUnitBaseDamage(a, 1) == 0                    # one attack in the model
    assert ctx.BlzGetUnitArmor(a) == 2.0
    hero = create(ctx, "Hart", x=900.0)
    agility = C.HERO_ARMOR_PER_AGILITY * hero.hero.attribute("agi", True)
    assert ctx.BlzGetUnitArmor(hero) == pytest.approx(agility)
    ctx.BlzSetUnitArmor(hero, 1.0)                                # total: base + agility bonus
    assert ctx.BlzGetUnitArmor(hero) == pytest.approx(1.0)
    assert C.base_armor(hero) == pytest.approx(1.0 - agility)


def test_custom_types_take_the_maps_fields_then_the_base_types():
    from natives import combat as C
    ctx = FakeCtx()
    ctx.game.object_types = ObjectTypes([
        ObjectRecord("unit", R("h000"), R("hfoo"), True, {("ua1b", 0): 30, ("udty", 0): "small"}),
        ObjectRecord("unit", R("n000"), R("zzzz"), True, {}),
    ])
    guard = create(ctx, "h000")
    w = C.weapon(guard)
    assert (w.base, w.dice, w.sides, w.cooldown, w.attack_type) == (30, 1, 2, 1.35, "normal")
    d = C.defense(guard)
    assert (d.armor_type, d.armor) == ("light", 2.0)
    assert C.weapon(create(ctx, "n000")) is None                  # no base row, no figures


# -- bounty (natives/bounty.py) and its upkeep tax (natives/upkeep.py) --------------------------

def _with_bounty(ctx, code, base, dice, sides):
    ctx.game.object_types = ObjectTypes([ObjectRecord("unit", R(code), R(code), False,
                                                      {("ubba", 0): base, ("ubdi", 0): dice,
                                                       ("ubsi", 0): sides})])


def test_killing_a_creep_pays_its_bounty_to_the_killers_owner(ctx):
    _with_bounty(ctx, "ogru", 20, 1, 8)            # the peasant's WoWWiki range 21-28, as dice
    footman = create(ctx, "hfoo")
    creeps = [create(ctx, "ogru", x=100.0 * i, player=ctx.game.players.neutral_aggressive_id)
              for i in range(1, 41)]
    paid = []
    for c in creeps:
        before = ctx.Player(0).get_state(GOLD)
        ctx.game.units.kill_unit(c, footman)
        paid.append(ctx.Player(0).get_state(GOLD) - before)
    assert set(paid) <= set(range(21, 29)) and len(set(paid)) > 1     # base + 1d8


def test_only_players_that_give_bounty_pay_it(ctx):
    _with_bounty(ctx, "ogru", 10, 0, 0)
    footman = create(ctx, "hfoo")
    enemy = create(ctx, "ogru", x=100.0, player=1)
    ctx.game.units.kill_unit(enemy, footman)
    assert ctx.Player(0).get_state(GOLD) == 0       # player 2 does not give bounty
    ctx.Player(1).set_state(PLAYER_STATE_GIVES_BOUNTY, 1)
    ctx.game.units.kill_unit(create(ctx, "ogru", x=200.0, player=1), footman)
    assert ctx.Player(0).get_state(GOLD) == 10
    ctx.Player(0).set_state(PLAYER_STATE_GIVES_BOUNTY, 1)
    ctx.game.units.kill_unit(create(ctx, "ogru", x=300.0), footman)   # an own unit: none
    assert ctx.Player(0).get_state(GOLD) == 10


def test_a_type_without_bounty_figures_pays_nothing_and_is_named(ctx):
    footman = create(ctx, "hfoo")
    creep = create(ctx, "ogru", x=100.0, player=ctx.game.players.neutral_aggressive_id)
    ctx.game.units.kill_unit(creep, footman)
    assert any("'ogru' has no gold bounty figures" in w for w in ctx.game.warnings)


@pytest.mark.parametrize("food, rate, kept", [(50, 0, 10), (51, 30, 7), (80, 30, 7), (81, 60, 4)])
def test_upkeep_levels_tax_bounty_gold(ctx, food, rate, kept):
    # classic.battle.net upkeep page: 0-50 food 100 %, 51-80 70 %, 81-100 40 % of the gold
    _with_bounty(ctx, "ogru", 10, 0, 0)
    footman = create(ctx, "hfoo")
    ctx.Player(0).set_state(PLAYER_STATE_RESOURCE_FOOD_USED, food)
    assert ctx.Player(0).get_state(PLAYER_STATE_GOLD_UPKEEP_RATE) == rate
    creep = create(ctx, "ogru", x=100.0, player=ctx.game.players.neutral_aggressive_id)
    ctx.game.units.kill_unit(creep, footman)
    assert ctx.Player(0).get_state(GOLD) == kept


def test_the_nerubian_tower_hits_and_costs_as_its_page_gives(ctx):
    """Wowpedia "Nerubian Tower (Warcraft III)": 600 hit points, normal attack 1d2 + 8 (9-10),
    range 70 (700 world units), cooldown 1.00 s, ground and air, fortified armor 5; the
    Ziggurat's upgrade into it costs 100 gold, 20 lumber and takes 30 s. Defend (Liquipedia,
    "Footman"): 150 gold, 100 lumber, 45 s; Long Rifles (Wowpedia, "Rifleman (Warcraft III)"):
    75 gold, 125 lumber, 30 s."""
    tower = create(ctx, "uzg2", y=5000.0)
    ghoul = create(ctx, "ugho", y=-5000.0, player=1)          # heavy armor 0: normal x1.00
    w = combat.weapon(tower)
    assert (w.attack_type, w.cooldown, w.range, w.targets) == ("normal", 1.0, 700.0, "ga")
    assert hits(tower, ghoul) == {9.0, 10.0}
    assert tower.utype.life == 600.0
    assert round(combat.armor(tower)) == 5 and combat.defense(tower).armor_type == "fortified"
    assert UNIT_COSTS[R("uzg2")] == Cost(100, 20, 30.0)
    assert UPGRADE_COSTS[R("Rhde")] == (Cost(150, 100, 45.0),)
    assert UPGRADE_COSTS[R("Rhri")] == (Cost(75, 125, 30.0),)


def test_the_altar_of_elders_costs_as_its_page_gives(ctx):
    """Wowpedia "Altar of Elders (Warcraft III)": 180 gold, 50 lumber, built in 60 s (the
    figures elf.ai's build loop needs to build its altar, issue 15)."""
    assert UNIT_COSTS[R("eate")] == Cost(180, 50, 60.0)
    assert unit_cost(ctx.game, R("eate")) == Cost(180, 50, 60.0)


def test_the_wisp_costs_as_its_pages_give(ctx):
    """Wowpedia "Wisp (Warcraft III)" and classic.battle.net's Wisp page: 60 gold, no lumber,
    trained in 14 s (elf.ai's first StartUnit, issue 15)."""
    assert unit_cost(ctx.game, R("ewsp")) == Cost(60, 0, 14.0)


@pytest.mark.parametrize("code, expected", [
    ("emow", Cost(180, 40, 50.0)),     # Wowpedia "Moon Well (Warcraft III)"
    ("etol", Cost(340, 185, 120.0)),   # warcraft.wiki.gg "Tree of Life (Warcraft III)"
    ("unpl", Cost(255, 0, 100.0)),     # Wowpedia "Necropolis (Warcraft III)"
    ("unec", Cost(145, 20, 24.0)),     # the data set's Necromancer row
    ("ucry", Cost(215, 40, 30.0)),     # the data set; warcraft.wiki.gg "Crypt Fiend (Warcraft III)"
    ("Ucrl", Cost(425, 100, 55.0)),    # every melee hero (Liquipedia; Wowpedia "Crypt Lord")
])
def test_melee_ai_types_cost_as_their_pages_give(ctx, code, expected):
    """The costs the four melee AI scripts ask for (GetUnitGoldCost/WoodCost/BuildTime,
    issue 15), as the pages named in ``natives.production._UNIT_COSTS`` give them."""
    assert unit_cost(ctx.game, R(code)) == expected


def test_well_spring_costs_as_the_moon_well_page_gives():
    """Wowpedia "Moon Well (Warcraft III)" and Liquipedia "Moon Well": Well Spring is 75
    gold, 150 lumber, researched in 30 s."""
    assert UPGRADE_COSTS[R("Rews")] == (Cost(75, 150, 30.0),)


@pytest.mark.parametrize("code, expected, armor", [
    ("hwat", 20, 0), ("hwt2", 35, 1), ("hwt3", 45, 2), ("hmtt", 50, 2),
])
def test_water_elementals_and_siege_engine_hit_as_the_data_set_gives(ctx, code, expected, armor):
    """ubogoeva/tidyverse_tutorial data/wc3_heroes.txt: Water Elemental 1/2/3 pierce 20/35/45,
    1.5 s, range 30 (300), heavy armor 0/1/2; Siege Engine siege 50, 2.1 s, fortified 2. A
    Priest (unarmored, 0 armor) takes the average times the damage table's factor."""
    a = create(ctx, code, y=5000.0)
    priest = create(ctx, "hmpr", y=-5000.0, player=1)       # unarmored 0
    factor = combat.DAMAGE_TABLE[combat.weapon(a).attack_type]["unarmored"]
    assert hits(a, priest) == {round(expected * factor, 4)}
    assert round(combat.armor(a)) == armor


@pytest.mark.parametrize("code, expected, life, speed", [
    ("osw1", 11.5, 200, 320), ("osw2", 16.5, 300, 350), ("osw3", 21.5, 500, 350),
])
def test_feral_spirit_wolves_hit_as_the_data_set_gives(ctx, code, expected, life, speed):
    """ubogoeva/tidyverse_tutorial data/wc3_heroes.txt: Spirit Wolf 200 life, speed 320,
    Dire Wolf 300 and Shadow Wolf 500 life, speed 350; normal 11.5/16.5/21.5, cooldown 1.00,
    melee, heavy armor 0. A Priest (unarmored, 0 armor) takes the average times the damage
    table's factor."""
    a = create(ctx, code, y=5000.0)
    priest = create(ctx, "hmpr", y=-5000.0, player=1)
    assert hits(a, priest) == {round(expected * combat.DAMAGE_TABLE["normal"]["unarmored"], 4)}
    assert combat.weapon(a).cooldown == 1.0 and round(combat.armor(a)) == 0
    assert (a.max_life, a.utype.speed) == (life, speed)


def test_uther_at_level_10_is_his_page(ctx):
    """Wowpedia "Uther (Warcraft III)" (base unit Paladin): at level 10 1250 hit points, 495
    mana, 48-58 melee damage, armor 8 (strength 46, agility 26, intelligence 33)."""
    uther = create(ctx, "Huth", y=5000.0)
    ctx.SetHeroLevel(uther, 10, False)
    ghoul = create(ctx, "ugho", y=-5000.0, player=1)          # heavy 0: hero attack x1.00
    assert (round(uther.max_life), round(uther.max_mana)) == (1250, 495)
    assert hits(uther, ghoul, 400) == set(map(float, range(48, 59)))
    assert round(combat.armor(uther)) == 8


def test_the_blood_mage_is_his_page():
    """Wowpedia "Blood Mage (Warcraft III)": 18/14/19 (+2/+1/+3, primary intelligence), 550
    hit points and 285 mana at level 1, speed 300 (human.ai's PickMeleeHero can pick him)."""
    t = UNIT_TYPES[R("Hblm")]
    assert (t.hero.str, t.hero.agi, t.hero.int, t.hero.primary) == (18, 14, 19, "int")
    assert (t.life, t.mana, t.speed) == (550.0, 285.0, 300.0)


@pytest.mark.parametrize("code, life, mana, speed, cooldown", [
    ("nltl", 280, 200, 270, 1.5), ("ngst", 675, 400, 270, 1.35), ("nnrg", 1350, 500, 320, 1.7),
    ("nbzd", 2200, 0, 300, 1.5),
])
def test_creeps_with_a_stat_box_take_its_life_mana_and_speed(ctx, code, life, mana, speed, cooldown):
    """Wowpedia "Lightning Lizard", "Rock Golem", "Dragon (Warcraft III)" and warcraft.wiki.gg
    "Naga Royal Guard": hit points, mana, movement speed and cooldown as the stat boxes give
    them (the dragon page gives no mana)."""
    u = create(ctx, code)
    assert (u.max_life, u.max_mana, u.utype.speed) == (life, mana, speed)
    assert combat.weapon(u).cooldown == cooldown


MAGIC_VS_MEDIUM = combat.DAMAGE_TABLE["magic"]["medium"]   # the armor page's 75%


# (code, life, speed, food, target, expected hit): the data set's rows for the units the melee
# AI scripts train (common.ai COPTER, HUMAN_DRAGON_HAWK, BALLISTA, HIPPO, DRUID_TALON,
# FAERIE_DRAGON, CHIMAERA, BLK_SPHINX, OBSIDIAN_STATUE, MILITIA)
@pytest.mark.parametrize("code, life, speed, food, target, expected", [
    ("hgyr", 200, 400, 1, "hgry", 14.5 * 2.00),                          # pierce vs light
    ("hdhw", 575, 350, 3, "hgry", 19 * 2.00),
    ("hmil", 220, 270, 1, "hpea", 12.5 * 1.50),                          # normal vs medium
    ("ebal", 300, 220, 3, "hfoo", 44.5 * 1.00 * combat.armor_factor(2)),   # siege vs heavy 2
    ("ehip", 525, 400, 2, "hgry", 53.5 * 1.00),                          # normal vs light
    ("edot", 300, 270, 2, "hpea", 12 * MAGIC_VS_MEDIUM),
    ("efdr", 450, 350, 2, "hgry", 15 * 2.00),
    ("echm", 1000, 250, 5, "hpea", 75 * MAGIC_VS_MEDIUM),
    ("ubsp", 900, 320, 5, "hpea", 20 * MAGIC_VS_MEDIUM),
    ("uobs", 550, 270, 3, "hpea", 7.5 * MAGIC_VS_MEDIUM),
])
def test_melee_ai_units_take_the_data_sets_figures(ctx, code, life, speed, food, target, expected):
    a = create(ctx, code, y=5000.0)
    t = create(ctx, target, y=-5000.0, player=1)
    assert (a.max_life, a.utype.speed, a.utype.food_used) == (life, speed, food)
    assert hits(a, t) == {round(expected, 4)}
    assert combat.can_attack(a, t)


def test_air_only_weapons_cannot_hit_ground_units(ctx):
    """The Flying Machine's row is its air attack (its bombs need a research) and the
    Hippogryph has an air attack only: neither attacks a Footman."""
    foot = create(ctx, "hfoo", y=-5000.0, player=1)
    for code in ("hgyr", "ehip"):
        assert not combat.can_attack(create(ctx, code, y=5000.0), foot)
