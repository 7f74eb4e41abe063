"""The economy and town half of common.ai (issue 15 item 2, ``natives.aitown``): towns and
their counts, harvesting, production, expansions, and the small natives, each through an AI
script run in the AI VM as the game runs it; then the corpus: Human02's red AI, Orc03's AI
players and a melee AI on a corpus melee map.

Game facts asserted (sources): common.ai's JASS is the reference for what each native must
do -- ``InitAI`` calls ``StopGathering``; ``CampaignBasicsA`` and the melee scripts' peon
assignment call ``ClearHarvestAI`` then ``HarvestGold``/``HarvestWood`` requests that add up
in order (orc.ai ``peon_assignment``: 4 gold, 1 wood, 1 gold, 1 wood...); ``StartUnit``
counts units in progress (``GetUnitCount``) so that it does not ask twice, and stops its
build loop when ``SetProduce`` answers false; ``StartUpgrade`` compares ``GetUpgradeLevel``
with the level wanted; ``StartExpansion`` asks ``GetNextExpansion`` (-1: none) and sends
``GetExpansionPeon`` with ``SetExpansion``; ``UnsummonAll`` loops ``GetBuilding`` /
``Unsummon``; ``SkillArrays`` reads ``GetHeroId``/``GetHeroLevelAI``. Figures: Improved
Masonry costs 125 gold, 50 lumber (Liquipedia "Town Hall"); a Barracks (Human) 160/60 and
60 s (Liquipedia "Barracks (Human)"); Unsummon Building gives back half the building's cost
(Liquipedia "Acolyte"); a Peasant carries 10 gold per trip (Liquipedia "Peasant").
"""
from __future__ import annotations

import math
import shutil
from pathlib import Path

import pytest

from conftest import shared_path
from maps.scenario_runner import JassGame
from natives.players import (PLAYER_STATE_GOLD_GATHERED, PLAYER_STATE_LUMBER_GATHERED,
                             PLAYER_STATE_RESOURCE_GOLD, PLAYER_STATE_RESOURCE_LUMBER)
from natives.snapshot import state_digest
from natives.unitdata import rawcode

API_130 = shared_path("corpus", "api", "1.30.4")
API_133 = shared_path("corpus", "api", "1.33.0")

TOWN_AI = """
globals
    integer town_mine = -2
    boolean has_hall = false
    boolean has_mine = false
    boolean far_hall = true
    integer mines = -1
    integer gold_owned = -1
    integer peons_all = -1
    integer peons_done = -1
    integer peons_town = -1
    integer peons_far = -1
    boolean made_peons = false
    boolean made_barracks = false
    boolean footman_without_barracks = true
    boolean poor = true
    integer barracks_all = -1
    integer barracks_done = -1
    integer barracks_later = -1
    integer next_exp = -2
    integer exp_x = 0
    integer exp_y = 0
    boolean expanded = false
    boolean debugging = true
    integer ignored = -1
    boolean creeps = false
    boolean invis = true
    integer upg_gold = -1
    integer upg_wood = -1
    integer upg_before = -1
    integer upg_after = -1
    boolean upgraded = false
    integer hero_seen = 0
    integer hero_level = 0
    boolean merged = false
    boolean converted = false
    boolean building_null = false
endglobals

function Skill takes nothing returns integer
    set hero_seen = GetHeroId()
    set hero_level = GetHeroLevelAI()
    return 'AHhb'
endfunction

function main takes nothing returns nothing
    call StopGathering()
    call SetHeroLevels(function Skill)
    set town_mine = TownWithMine()
    set has_hall = TownHasHall(0)
    set has_mine = TownHasMine(0)
    set far_hall = TownHasHall(5)
    set mines = GetMinesOwned()
    set gold_owned = GetGoldOwned()
    set debugging = DoAiScriptDebug()
    set ignored = IgnoredUnits('hfoo')
    set creeps = CreepsOnMap()
    set invis = UnitInvis(null)
    call Sleep(1)
    call ClearHarvestAI()
    call HarvestGold(0, 2)
    call HarvestWood(0, 1)
    call HarvestGold(0, 1)
    call Sleep(2)
    set footman_without_barracks = SetProduce(1, 'hfoo', -1)
    set made_peons = SetProduce(2, 'hpea', -1)
    set peons_all = GetUnitCount('hpea')
    set peons_done = GetUnitCountDone('hpea')
    set peons_town = GetTownUnitCount('hpea', 0, false)
    set peons_far = GetTownUnitCount('hpea', 1, false)
    set made_barracks = SetProduce(1, 'hbar', 0)
    set barracks_all = GetUnitCount('hbar')
    set barracks_done = GetUnitCountDone('hbar')
    set upg_gold = GetUpgradeGoldCost('Rhac')
    set upg_wood = GetUpgradeWoodCost('Rhac')
    set upg_before = GetUpgradeLevel('Rhac')
    set upgraded = SetUpgrade('Rhac')
    set upg_after = GetUpgradeLevel('Rhac')
    set next_exp = GetNextExpansion()
    set exp_x = GetExpansionX()
    set exp_y = GetExpansionY()
    set expanded = SetExpansion(GetExpansionPeon(), 'htow')
    set merged = MergeUnits(1, 'earc', 'ehip', 'ehpr')
    set converted = ConvertUnits(1, 'uobs')
    call Unsummon(GetBuilding(Player(2)))
    set building_null = GetBuilding(Player(3)) == null
    call Sleep(120)
    set barracks_later = GetUnitCountDone('hbar')
    call Sleep(100)
    set poor = SetProduce(1, 'hpea', -1)
endfunction
"""

TOWN_MAP = """
function Broke takes nothing returns nothing
    call SetPlayerState(Player(1), PLAYER_STATE_RESOURCE_GOLD, 0)
endfunction

function Hero takes nothing returns nothing
    call CreateUnit(Player(1), 'Hpal', -300, 300, 0)
endfunction

function At takes real t, code f returns nothing
    local trigger trig = CreateTrigger()
    call TriggerRegisterTimerEvent(trig, t, false)
    call TriggerAddAction(trig, f)
endfunction

function main takes nothing returns nothing
    local integer i = 0
    local unit mine = CreateUnit(Player(PLAYER_NEUTRAL_PASSIVE), 'ngol', 700, 0, 0)
    local unit far = CreateUnit(Player(PLAYER_NEUTRAL_PASSIVE), 'ngol', 4000, 4000, 0)
    local unit peon
    call SetResourceAmount(mine, 5000)
    call SetResourceAmount(far, 3000)
    call CreateUnit(Player(1), 'htow', 0, 0, 0)
    call CreateUnit(Player(1), 'hlum', -400, -400, 0)
    loop
        exitwhen i == 8
        call CreateDestructable('LTlt', -700, -200 + i * 64, 0, 1, 0)
        set i = i + 1
    endloop
    set i = 0
    loop
        exitwhen i == 5
        set peon = CreateUnit(Player(1), 'hpea', 200, -200 + i * 40, 0)
        if i < 2 then
            call IssueTargetOrder(peon, "harvest", mine)
        endif
        set i = i + 1
    endloop
    call CreateUnit(Player(1), 'earc', -200, 200, 0)
    call CreateUnit(Player(1), 'ehip', -150, 200, 0)
    call CreateUnit(Player(1), 'uobs', -100, 200, 0)
    call CreateUnit(Player(1), 'hhou', 400, 500, 270)   // food for the Hippogryph and the Statue
    call CreateUnit(Player(2), 'hbar', 6000, -6000, 0)
    call CreateUnit(Player(PLAYER_NEUTRAL_AGGRESSIVE), 'nogr', 8000, 8000, 0)
    call SetPlayerState(Player(1), PLAYER_STATE_RESOURCE_GOLD, 2000)
    call SetPlayerState(Player(1), PLAYER_STATE_RESOURCE_LUMBER, 1000)
    call StartCampaignAI(Player(1), "town.ai")
    call At(30.0, function Hero)
    call At(200.0, function Broke)
endfunction
"""


@pytest.fixture
def town(tmp_path) -> tuple[Path, Path]:
    """(api folder with 1.30.4's common.j, common.ai and ``ai/town.ai``, the map script)."""
    api = tmp_path / "api"
    (api / "ai").mkdir(parents=True)
    for name in ("common.j", "common.ai"):
        shutil.copy(API_130 / name, api / name)
    (api / "ai" / "town.ai").write_text(TOWN_AI)
    path = tmp_path / "war3map.j"
    path.write_text(TOWN_MAP)
    return api, path


def _units(game, pid: int, code: str) -> list:
    return [u for u in game.units.units.values()
            if u.owner.id == pid and u.alive and u.type_id == rawcode(code)]


def _jobs(game, pid: int) -> list:
    return sorted((u.work.job.resource if u.work is not None and u.work.mode == "harvest" else
                   u.work.mode if u.work is not None else None) or "idle"
                  for u in _units(game, pid, "hpea"))


def test_towns_counts_and_the_small_natives(town):
    api, path = town
    jg = JassGame(api=str(api)).load(path)
    game = jg.session.game
    jg.advance(0.5)
    vm = game.ai.vms[1]
    g = vm.read_global
    # InitAI's StopGathering: the two workers the map sent to the mine stop
    assert _jobs(game, 1) == ["idle"] * 5
    assert (g("town_mine"), g("has_hall"), g("has_mine"), g("far_hall")) == (0, True, True, False)
    assert (g("mines"), g("gold_owned")) == (1, 5000)
    assert (g("debugging"), g("ignored"), g("creeps"), g("invis")) == (False, 0, True, False)
    assert vm.errors == []


def test_harvest_requests_add_up_in_order(town):
    api, path = town
    jg = JassGame(api=str(api)).load(path)
    game = jg.session.game
    jg.advance(1.5)
    # HarvestGold(0,2), HarvestWood(0,1), HarvestGold(0,1): three on gold, one on wood
    assert _jobs(game, 1) == ["gold", "gold", "gold", "idle", "lumber"]
    assert game.ai.players[1].harvest == [(0, "gold", 2), (0, "lumber", 1), (0, "gold", 1)]
    jg.advance(60.0)
    p = game.players.get(1)
    assert p.get_state(PLAYER_STATE_GOLD_GATHERED) > 0 and p.get_state(PLAYER_STATE_GOLD_GATHERED) % 10 == 0
    assert p.get_state(PLAYER_STATE_LUMBER_GATHERED) > 0


def test_set_produce_set_upgrade_and_expansions(town):
    api, path = town
    jg = JassGame(api=str(api)).load(path)
    game = jg.session.game
    jg.advance(3.5)
    g = game.ai.vms[1].read_global
    # no barracks: no footman; two peasants queued at the town hall count at once
    assert g("footman_without_barracks") is False
    assert g("made_peons") is True
    assert (g("peons_all"), g("peons_done"), g("peons_town"), g("peons_far")) == (7, 5, 7, 0)
    hall = _units(game, 1, "htow")[0]
    assert [rawcode("hpea")] * 2 == [j.code for j in hall.production]
    # a worker walks to build the barracks: counted in progress, not done
    assert g("made_barracks") is True and (g("barracks_all"), g("barracks_done")) == (1, 0)
    # Improved Masonry at the lumber mill: 125/50, level 1 counted while researched
    assert (g("upg_gold"), g("upg_wood"), g("upg_before"), g("upgraded"), g("upg_after")) == (125, 50, 0, True, 1)
    # the far mine is the next town; a worker goes to build a town hall beside it
    assert (g("next_exp"), g("exp_x"), g("exp_y"), g("expanded")) == (1, 4000, 4000, True)
    builders = [u for u in _units(game, 1, "hpea") if u.work is not None and u.work.mode == "build"]
    sites = sorted((u.work.job.code, round(math.hypot(u.work.goal[0] - 4000, u.work.goal[1] - 4000)) < 400)
                   for u in builders)
    assert sites == sorted([(rawcode("hbar"), False), (rawcode("htow"), True)])
    assert (g("merged"), g("converted")) == (True, True)
    assert (len(_units(game, 1, "ehpr")), len(_units(game, 1, "earc")), len(_units(game, 1, "ehip"))) == (1, 0, 0)
    assert (len(_units(game, 1, "ubsp")), len(_units(game, 1, "uobs"))) == (1, 0)
    # Unsummon: player 2's barracks is gone and half its cost (160/60) came back
    p2 = game.players.get(2)
    assert _units(game, 2, "hbar") == [] and g("building_null") is True
    assert (p2.get_state(PLAYER_STATE_RESOURCE_GOLD), p2.get_state(PLAYER_STATE_RESOURCE_LUMBER)) == (80, 30)
    jg.advance(130.0)
    assert g("barracks_later") == 1          # built in 60 s once the worker arrived
    jg.advance(90.0)
    assert g("poor") is False                 # no gold left: the peasant is refused
    assert game.ai.vms[1].errors == []


def test_the_ai_chooses_its_heroes_skills(town):
    api, path = town
    jg = JassGame(api=str(api)).load(path)
    game = jg.session.game
    jg.advance(31.0)
    g = game.ai.vms[1].read_global
    hero = _units(game, 1, "Hpal")[0]
    assert (g("hero_seen"), g("hero_level")) == (rawcode("Hpal"), 1)
    assert hero.abilities.get(rawcode("AHhb")) == 1 and hero.hero.skill_points == 0


def test_the_town_state_survives_a_save_and_load(town, tmp_path):
    api, path = town
    straight = JassGame(api=str(api)).load(path)
    straight.advance(90.0)
    saved = JassGame(api=str(api)).load(path)
    saved.advance(20.0)
    blob = tmp_path / "town.sav"
    saved.save(blob)
    resumed = JassGame(api=str(api)).load(blob, map=path)
    resumed.advance(70.0)
    a, b = straight.session.game.ai.players[1], resumed.session.game.ai.players[1]
    assert [(t.index, t.x, t.y) for t in a.towns] == [(t.index, t.x, t.y) for t in b.towns]
    assert a.harvest == b.harvest
    assert state_digest(straight.session) == state_digest(resumed.session)


# -- the corpus ------------------------------------------------------------------------------

def test_human02_red_ai_gets_past_init_ai():
    """Human02's red player (Player(0), war3map.j lines 677-706) has barracks, a beastiary,
    a war mill and four pig farms ('npgf'), no workers and no town hall. Its CampaignAI gets
    past InitAI (StopGathering) and asks for harvesters that it does not have; its
    CampaignBasics thread stops at the Pig Farm, whose cost no table of the project has."""
    jg = JassGame(api=str(API_130)).load(shared_path("corpus", "maps", "campaign-human02", "war3map.j"))
    jg.advance(60.0)
    game = jg.session.game
    entry, vm = game.ai.players[0], game.ai.vms[0]
    assert entry.script == "h02_red.ai" and entry.status == "running" and entry.mode == "campaign"
    assert vm.missing_called == {}
    assert entry.harvest[:2] == [(0, "gold", 5), (0, "lumber", 3)]    # common.ai's campaign defaults
    assert entry.towns == []
    [crash] = vm.errors
    assert crash.kind == "unimplemented" and "unit type 'npgf'" in crash.message   # 1852860262
    assert crash.stack[-1].function == "StartUnit"


def test_orc03_ai_players_harvest_and_train():
    """Orc03's human AI players (o03_*.ai) have town halls, mines and peasants: their workers
    gather and their town halls train peasants (the counts rise over game time). The fifth AI
    player, Grom's, starts mid-mission and trains what its script asks for."""
    jg = JassGame(api=str(API_130)).load(shared_path("corpus", "maps", "campaign-orc03", "war3map.j"))
    game = jg.session.game
    jg.advance(5.0)
    before = {pid: len(_units(game, pid, "hpea")) for pid in (1, 8, 9, 10)}
    jg.advance(295.0)
    for pid in (1, 8, 9, 10):
        p = game.players.get(pid)
        assert game.ai.players[pid].status == "running"
        assert p.get_state(PLAYER_STATE_GOLD_GATHERED) > 0
        assert len(_units(game, pid, "hpea")) > before[pid]
        assert game.ai.vms[pid].errors == []
    # the fifth: Grom's o03_grom.ai (Player(3)), started by ActivateGromAI once the human
    # outpost's last building dies (war3map.j LastBuildingDies, line 2547)
    [(t, start)] = [(t, d) for t, kind, d in game.timeline if kind == "ai_started" and d["player"] == 3]
    assert start["script"] == "o03_grom.ai" and start["found"] and 60.0 < t < 180.0
    assert game.ai.players[3].status == "running" and game.ai.vms[3].errors == []
    # set_build_units: SetBuildUnit(7, PEON) (Grom starts with 3); set_defenders:
    # CampaignDefenderEx(2,2,2, HEAD_HUNTER) (he starts with none)
    assert len(_units(game, 3, "opeo")) == 7 and len(_units(game, 3, "ohun")) == 2


@pytest.fixture
def melee_api(tmp_path) -> Path:
    """1.33.0's common.j, Blizzard.j and common.ai (the corpus melee maps need them) with the
    1.30.4 melee scripts in ``ai/``."""
    api = tmp_path / "api"
    (api / "ai").mkdir(parents=True)
    for f in API_133.iterdir():
        shutil.copy(f, api / f.name)
    for name in ("human.ai", "orc.ai", "undead.ai", "elf.ai"):
        shutil.copy(API_130 / "ai" / name, api / "ai" / name)
    return api


def test_a_melee_ai_builds_a_base_and_attacks(melee_api):
    """Issue 15's melee "Done when": Echo Isles (the archive, whose war3map.doo holds the
    map's 1832 destructables, trees among them) with Player(1) a computer and Player(0) idle.
    MeleeStartingAI starts the melee script of its race (orc.ai for this seed's race pick;
    PickMeleeHero picks the Shadow Hunter). Within twenty game minutes orc.ai's
    build_sequence (basic_opening) gives 14 peons, an altar, three burrows, a barracks and a
    war mill, its hero and two grunts; attack_sequence waits for "c_hero1_done > 0 and
    c_grunt_done >= 2", then SingleMeleeAttack sends the hero and the grunts at the enemy's
    town (AttackMoveKill: the ai_wave timeline entry). The map's script sets its creeps'
    acquisition range to 200 (SetUnitAcquireRange), so they no longer take on the wave from
    their types' 500 (until that range was read by combat, one grunt fell on the way and the
    wave came home at 445 s); both grunts come through and the wave razes Player(0)'s town
    hall.
    The build loop then stops at Steel Ranged Weapons ('Rora'), whose cost no project table
    has (no sourced figure): a recorded crash of that thread, the others go on."""
    jg = JassGame(api=str(melee_api), players={1: {"controller": "computer"}})
    jg.load(shared_path("corpus", "maps", "melee-echo-isles", "EchoIsles.w3x"))
    game = jg.session.game
    trees = [d for d in game.units.destructables.values() if game.harvest.is_tree(d)]
    assert len(trees) == 1695          # the file's LTlt entries (maps.doo)
    jg.advance(1200.0)
    entry = game.ai.players[1]
    assert (entry.script, entry.kind, entry.mode) == ("orc.ai", "melee", "melee")
    count = {code: len(_units(game, 1, code)) for code in
             ("ogre", "opeo", "oalt", "otrb", "obar", "ofor", "ogru", "ohun")}
    assert count == {"ogre": 1, "opeo": 14, "oalt": 1, "otrb": 3, "obar": 1, "ofor": 1,
                     "ogru": 2, "ohun": 1}
    waves = [(t, d) for t, kind, d in game.timeline if kind == "ai_wave" and d["player"] == 1]
    assert waves, "orc.ai sent no wave"
    t, wave = waves[0]
    assert t < 1200.0 and wave["phase"] == "sent" and wave["target"] == 0
    assert wave["how"] == "AttackMoveKill" and wave["units"] == {"Oshd": 1, "ogru": 2}
    assert (wave["x"], wave["y"]) == (-5184.0, 2944.0)       # Player(0)'s town hall
    assert _units(game, 0, "htow") == []                     # razed by the wave
    p = game.players.get(1)
    assert p.get_state(PLAYER_STATE_LUMBER_GATHERED) > 0     # from the map's trees
    crashes = [(e.kind, e.stack[-1].function) for e in game.ai.vms[1].errors]
    assert crashes == [("unimplemented", "StartUpgrade")]

def test_human_ai_trains_its_blood_mage_and_sends_its_first_wave(melee_api):
    """human.ai on Echo Isles (Player(1) picked Human): PickMeleeHero picks the Blood Mage
    for this seed, build_sequence trains it at the altar ('Hblm', its row from Wowpedia's
    "Blood Mage (Warcraft III)"), and attack_sequence waits for "c_hero1_done > 0 and
    c_footman_done >= 2", then SingleMeleeAttack sends the hero and two footmen at the
    enemy's town hall (AttackMoveKill) before 240 game seconds. No cost is missing on the
    way: the script has not crashed."""
    jg = JassGame(api=str(melee_api), players={1: {"controller": "computer", "race": "human"}})
    jg.load(shared_path("corpus", "maps", "melee-echo-isles", "EchoIsles.w3x"))
    jg.advance(240.0)
    game = jg.session.game
    assert game.ai.players[1].script == "human.ai"
    assert len(_units(game, 1, "Hblm")) == 1
    [(t, wave)] = [(t, d) for t, kind, d in game.timeline if kind == "ai_wave" and d["player"] == 1]
    assert t < 240.0 and wave["phase"] == "sent" and wave["how"] == "AttackMoveKill"
    assert wave["units"] == {"Hblm": 1, "hfoo": 2} and wave["target"] == 0
    assert game.ai.vms[1].errors == []


@pytest.mark.parametrize("race, script, hall", [("human", "human.ai", "htow"), ("undead", "undead.ai", "unpl"),
                                               ("nightelf", "elf.ai", "etol"), ("orc", "orc.ai", "ogre")])
def test_a_scenario_race_pick_starts_that_races_melee_script(melee_api, race, script, hall):
    """A slot's ``race`` is the lobby's pick: it replaces the ``SetPlayerRacePreference`` of
    Echo Isles' config() (Player(1): RACE_PREF_ORC), so MeleeStartingUnits gives that race's
    town hall and MeleeStartingAI starts that race's script (Blizzard.j: human.ai, orc.ai,
    undead.ai, elf.ai by GetPlayerRace)."""
    jg = JassGame(api=str(melee_api), players={1: {"controller": "computer", "race": race}})
    jg.load(shared_path("corpus", "maps", "melee-echo-isles", "EchoIsles.w3x"))
    jg.advance(1.0)
    game = jg.session.game
    assert game.ai.players[1].script == script
    assert len(_units(game, 1, hall)) == 1


def test_elf_ai_mines_its_entangled_mine_and_stops_at_the_ancient_of_war(melee_api):
    """elf.ai on Echo Isles (Player(1) picked Night Elf): the start mine is entangled
    (MeleeStartingUnitsNightElf's ``entangleinstant``, natives.harvest), so the wisps the
    script assigns to gold mine it (``c_mines_done = GetUnitCountDone(ELF_MINE)`` counts the
    'egol'); its build_sequence trains three more wisps, an Altar of Elders and a Moon Well,
    then stops at the Ancient of War ('eaom'), whose cost no project table has (no sourced
    figure): a recorded crash of the build thread."""
    jg = JassGame(api=str(melee_api), players={1: {"controller": "computer", "race": "nightelf"}})
    jg.load(shared_path("corpus", "maps", "melee-echo-isles", "EchoIsles.w3x"))
    jg.advance(400.0)
    game = jg.session.game
    assert game.ai.players[1].script == "elf.ai"
    count = {code: len(_units(game, 1, code)) for code in ("etol", "egol", "ewsp", "eate", "emow")}
    assert count == {"etol": 1, "egol": 1, "ewsp": 8, "eate": 1, "emow": 1}
    assert game.players.get(1).get_state(PLAYER_STATE_GOLD_GATHERED) > 0
    [crash] = game.ai.vms[1].errors
    assert crash.kind == "unimplemented" and "unit type 'eaom'" in crash.message
    assert crash.stack[-1].function == "StartUnit"


def test_undead_ai_stops_at_the_crypt(melee_api):
    """undead.ai on Echo Isles (Player(1) picked Undead): MeleeStartingUnitsUndead gives a
    Necropolis, a Haunted Gold Mine, 3 acolytes and a ghoul (Blizzard.j); its build_sequence
    trains a fourth acolyte, then stops at the Crypt ('usep'),
    whose cost no project table has (no sourced figure): a recorded crash of the build
    thread, the other threads go on."""
    jg = JassGame(api=str(melee_api), players={1: {"controller": "computer", "race": "undead"}})
    jg.load(shared_path("corpus", "maps", "melee-echo-isles", "EchoIsles.w3x"))
    jg.advance(400.0)
    game = jg.session.game
    entry = game.ai.players[1]
    assert entry.script == "undead.ai" and entry.status == "running"
    count = {code: len(_units(game, 1, code)) for code in ("unpl", "ugol", "uaco", "ugho")}
    assert count == {"unpl": 1, "ugol": 1, "uaco": 4, "ugho": 1}
    [crash] = game.ai.vms[1].errors
    assert crash.kind == "unimplemented" and "unit type 'usep'" in crash.message
    assert crash.stack[-1].function == "StartUnit"


def test_producers_are_the_unit_pages_produced_at():
    """Wowpedia / warcraft.wiki.gg "(Warcraft III)" pages, "Produced at": the Flying Machine at
    the Workshop, the Gryphon Rider at the Gryphon Aviary, the Dryad, Druid of the Claw and
    Mountain Giant at the Ancient of Lore, the Hippogryph, Druid of the Talon and Faerie
    Dragon at the Ancient of Wind, the Obsidian Statue at the Slaughterhouse."""
    from natives.aitown import PRODUCERS
    made_at = {code: {rawcode(b) for b in at} for code, at in (
        ("hgyr", ["harm"]), ("hgry", ["hgra"]), ("edry", ["eaoe"]), ("edoc", ["eaoe"]),
        ("emtg", ["eaoe"]), ("ehip", ["eaow"]), ("edot", ["eaow"]), ("efdr", ["eaow"]),
        ("uobs", ["uslh"]))}
    assert {code: set(PRODUCERS[rawcode(code)]) for code in made_at} == made_at
