"""The military half of the computer AI (issue 15 items 2-4): captains, guard posts, targets
and attack waves (``natives.aicaptains``), driven by small AI scripts and by Blizzard's own.

Game behaviour asserted, as common.ai's JASS relies on it: ``AddAssault`` gathers finished
units of a type into the attack group and ``CaptainIsFull`` says when every unit asked for
since ``InitAssault`` is there (``FormGroup``); ``SuicidePlayer(p, check_full)`` refuses a
group that is not full only when ``check_full``, sends it against player ``p``'s structures,
and ``CaptainInCombat(true)`` / ``CaptainIsEmpty`` / ``CaptainIsHome`` follow it
(``SuicideOnPlayerWave``, ``SleepUntilAtGoal``); pre-placed units guard their spots until the
map's ``RemoveGuardPosition`` frees them (jassdoc); ``AddDefenders`` keeps units at the town
(jassdoc: "assemble around the most important building"); ``FillGuardPosts`` replaces a
fallen guard ``SetReplacementCount`` times (jassdoc); ``GetCreepCamp(min, max, flyers_ok)``
picks a camp by the sum of its creeps' levels (jassdoc); ``TownThreatened`` is true while a
unit of the AI player is attacked (jassdoc); a captain native before ``CreateCaptains``
crashes the game (jassdoc: "the game will crash") -- here only the AI thread, recorded.
Human02's red AI (``h02_red.ai``) sends its first wave at the time its script sets (M2 = 120
s after ``SuicideOnPlayer`` starts, then ``FormGroup``'s 60 s timeout) against Player(1);
given the Pig Farm's figures (game data: no public page gives them) it trains the wave its
script asks and its waves defeat an idle player;
Orc03's five AI players start and wait for the map's signal (``WaitForSignal``).
"""
from __future__ import annotations

from pathlib import Path

import pytest

from conftest import ai_api, play_map as play, shared_path
from test_gamedata import slk
from maps.runner import RunOptions, load_mission, read_save_file, run_mission
from natives.aicaptains import HOME_RANGE, ignored_units

API_130 = shared_path("corpus", "api", "1.30.4")

WAVE = """
globals
    boolean added = true
    boolean full_before = true
    boolean refused = true
    boolean sent = false
    integer size = -1
    integer ignored = -1
    boolean fought = false
    boolean home = false
endglobals

function main takes nothing returns nothing
    call CreateCaptains()
    call SetCaptainHome(BOTH_CAPTAINS, 0, 0)
    call InitAssault()
    set added = AddAssault(3, 'hfoo')
    set full_before = CaptainIsFull()
    set size = CaptainGroupSize()
    set ignored = IgnoredUnits('hfoo')
    set refused = SuicidePlayer(Player(0), true)
    call InitAssault()
    call AddAssault(2, 'hfoo')
    set sent = SuicidePlayer(Player(0), true)
    loop
        exitwhen CaptainInCombat(true)
        call Sleep(1)
    endloop
    set fought = true
    loop
        exitwhen not CaptainInCombat(true) and CaptainIsHome()
        call Sleep(1)
    endloop
    set home = true
endfunction
"""

DEFEND = """
globals
    boolean kept = true
    boolean fighting = false
    integer defenders = 0
endglobals

function main takes nothing returns nothing
    call CreateCaptains()
    call SetCaptainHome(DEFENSE_CAPTAIN, 0, 0)
    call Sleep(2)
    set kept = AddDefenders(2, 'hfoo')
    loop
        exitwhen CaptainInCombat(false)
        call Sleep(1)
    endloop
    set fighting = TownThreatened()
    set defenders = IgnoredUnits('hfoo')
endfunction
"""

POSTS = """
globals
    integer filled = 0
endglobals

function main takes nothing returns nothing
    call CreateCaptains()
    call SetReplacementCount(1)
    call AddGuardPost('hfoo', 800, 800)
    loop
        call FillGuardPosts()
        call ReturnGuardPosts()
        call Sleep(1)
    endloop
endfunction
"""

TARGETS = """
globals
    integer camp_small = 0
    integer camp_big = 0
    integer camp_none = 0
    integer base = 0
    boolean searching = true
    integer power = -1
    boolean towered = false
    boolean bare = true
    boolean mega = true
endglobals

function main takes nothing returns nothing
    call CreateCaptains()
    call SetCaptainHome(BOTH_CAPTAINS, 0, 0)
    set camp_small = GetUnitTypeId(GetCreepCamp(1, 1, false))
    set camp_big = GetUnitTypeId(GetCreepCamp(2, 20, false))
    set camp_none = GetUnitTypeId(GetCreepCamp(50, 100, true))
    call StartGetEnemyBase()
    set searching = WaitGetEnemyBase()
    set base = GetUnitTypeId(GetEnemyBase())
    set power = GetEnemyPower()
    set towered = IsTowered(GetEnemyBase())
    set bare = IsTowered(GetCreepCamp(0, 3, false))
    call SetWatchMegaTargets(true)
    set mega = GetMegaTarget() != null
endfunction
"""

MOVES = """
globals
    boolean home_first = false
    integer hp = -1
    integer ma = -1
    integer ready = -1
    boolean at_goal = false
    boolean retreating = true
    boolean home_again = false
    integer after_injuries = -1
    integer after_siege = -1
    boolean vs_units = true
    boolean ally = false
    boolean no_ally = true
endglobals

function main takes nothing returns nothing
    call CreateCaptains()
    call SetCaptainHome(ATTACK_CAPTAIN, 0, 0)
    call InitAssault()
    call AddAssault(2, 'hfoo')
    set home_first = CaptainIsHome()
    set hp = CaptainReadinessHP()
    set ma = CaptainReadinessMa()
    set ready = CaptainReadiness()
    call AttackMoveXY(1000, 0)
    loop
        exitwhen CaptainAtGoal()
        call Sleep(1)
    endloop
    set at_goal = true
    set retreating = CaptainRetreating()
    call TeleportCaptain(-1000, 0)
    call ClearCaptainTargets()
    call CaptainGoHome()
    loop
        exitwhen CaptainIsHome()
        call Sleep(1)
    endloop
    set home_again = true
    call RemoveInjuries()
    set after_injuries = CaptainGroupSize()
    call RemoveSiege()
    set after_siege = CaptainGroupSize()
    set vs_units = SuicidePlayerUnits(Player(0), false)
    call SuicideUnit(1, 'hfoo')
    call StartGetEnemyBase()
    call SetAllianceTarget(GetEnemyBase())
    set ally = GetAllianceTarget() == GetEnemyBase()
    call SetAllianceTarget(null)
    set no_ally = GetAllianceTarget() == null
endfunction
"""

EARLY = """
function main takes nothing returns nothing
    call CaptainGoHome()
endfunction
"""

EMPTY = """
globals
    boolean sent = false
    boolean empty = false
endglobals

function main takes nothing returns nothing
    call CreateCaptains()
    call SetCaptainHome(BOTH_CAPTAINS, 0, 0)
    call InitAssault()
    call AddAssault(2, 'ogru')
    set sent = SuicidePlayer(Player(0), false)
    set empty = CaptainIsEmpty()
    call Sleep(5)
    call InitAssault()
    call AddAssault(2, 'hfoo')
    call SuicidePlayer(Player(0), false)
endfunction
"""

MAP = """
globals
    unit farm = null
endglobals

function Later takes nothing returns nothing
    call CreateUnit(Player(1), 'hfoo', 100, 0, 0)
    call CreateUnit(Player(1), 'hfoo', 100, 100, 0)
endfunction

function At takes real t, code f returns nothing
    local trigger trig = CreateTrigger()
    call TriggerRegisterTimerEvent(trig, t, false)
    call TriggerAddAction(trig, f)
endfunction

function main takes nothing returns nothing
    local unit g1
    local unit g2
    call SetPlayerAlliance(Player(1), Player(0), ALLIANCE_PASSIVE, false)
    call SetPlayerAlliance(Player(0), Player(1), ALLIANCE_PASSIVE, false)
    set g1 = CreateUnit(Player(1), 'hfoo', 0, 0, 0)
    set g2 = CreateUnit(Player(1), 'hfoo', 0, 100, 0)
    call CreateUnit(Player(1), 'hfoo', 0, -100, 0)
    call CreateUnit(Player(1), 'hpea', 0, -200, 0)
    set farm = CreateUnit(Player(0), 'hhou', 2000, 0, 0)
    call StartCampaignAI(Player(1), "%SCRIPT%")
    call RemoveGuardPosition(g1)
    call RemoveGuardPosition(g2)
    %EXTRA%
endfunction
"""


@pytest.fixture
def api(tmp_path) -> Path:
    """An API folder with this file's AI scripts."""
    return ai_api(tmp_path / "api", {"wave.ai": WAVE, "defend.ai": DEFEND, "posts.ai": POSTS,
                                     "targets.ai": TARGETS, "moves.ai": MOVES, "early.ai": EARLY,
                                     "empty.ai": EMPTY})


def write_map(tmp_path: Path, script: str, extra: str = "") -> Path:
    path = tmp_path / "war3map.j"
    path.write_text(MAP.replace("%SCRIPT%", script).replace("%EXTRA%", extra))
    return path


def waves(report) -> list[dict]:
    return [dict(e.data, time=e.time) for e in report.timeline if e.kind == "ai_wave"]


def test_a_wave_forms_from_free_units_attacks_the_players_structures_and_comes_home(tmp_path, api):
    report, session = play(write_map(tmp_path, "wave.ai"), api, 120.0)
    vm = session.game.ai.vms[1]
    assert vm.errors == []
    # the third footman still guards its spot: the group gets the two the map freed
    assert (vm.read_global("added"), vm.read_global("full_before"), vm.read_global("size")) == (False, False, 2)
    assert vm.read_global("ignored") == 1                    # the guard (common.ai's BuildAttackers)
    assert vm.read_global("refused") is False                # SuicidePlayer(p, true) on a group not full
    assert vm.read_global("sent") is True
    assert vm.read_global("fought") and vm.read_global("home")
    sent, back = waves(report)
    assert (sent["phase"], sent["wave"], sent["how"], sent["size"], sent["units"], sent["target"]) == \
        ("sent", 1, "SuicidePlayer", 2, {"hfoo": 2}, 0)
    assert (sent["x"], sent["y"]) == (2000.0, 0.0)           # the farm, the player's one structure
    assert (back["phase"], back["size"]) == ("home", 2)
    farm = session.vm.read_global("farm")
    assert not farm.alive                                    # destroyed by the wave
    # 2000 world units at the footman's 270 per second, then the fight: not before 7 s
    assert farm.death_time > sent["time"] + 7.0
    game = session.game
    caps = game.ai.players[1].captains
    assert caps.attack.state == "home"
    assert all(abs(u.x) + abs(u.y) <= 2 * HOME_RANGE for u in caps.attack.members)
    assert [o.order for o in caps.attack.members[0].orders][:1] == ["attack"]   # attack-move, not a teleport
    assert ignored_units(game, 1, 0x68666F6F) == 1


def test_an_empty_wave_is_recorded_as_empty_and_nothing_follows_it(tmp_path, api):
    """common.ai's SuicideOnPlayerEx sends its group whether or not FormGroup filled it; a
    group with no unit walks nowhere (CaptainIsEmpty at once): one ``empty`` entry, not a
    ``sent`` wave with its ``lost`` end."""
    report, session = play(write_map(tmp_path, "empty.ai"), api, 30.0)
    vm = session.game.ai.vms[1]
    assert vm.errors == []
    assert vm.read_global("sent") is True and vm.read_global("empty") is True
    first, second = waves(report)[:2]
    assert (first["phase"], first["wave"], first["size"], first["units"], first["target"]) == \
        ("empty", 1, 0, {}, 0)                               # no grunt: nothing to send
    assert (second["phase"], second["wave"], second["units"]) == ("sent", 2, {"hfoo": 2})
    assert [w["phase"] for w in waves(report) if w["wave"] == 1] == ["empty"]


def test_the_defense_captain_keeps_its_units_home_and_fights_what_comes(tmp_path, api):
    extra = ("call At(1.0, function Later)\n"
             "    call At(20.0, function Raid)")
    text = MAP.replace("function main takes", "function Raid takes nothing returns nothing\n"
                       "    call IssuePointOrder(CreateUnit(Player(0), 'hfoo', 1400, 0, 0), \"attack\", 0, 0)\n"
                       "endfunction\n\nfunction main takes", 1)
    path = tmp_path / "war3map.j"
    path.write_text(text.replace("%SCRIPT%", "defend.ai").replace("%EXTRA%", extra))
    report, session = play(path, api, 40.0)
    vm = session.game.ai.vms[1]
    assert vm.errors == []
    caps = session.game.ai.players[1].captains
    # the two freed pre-placed footmen join first (creation order), the later ones stay free
    assert vm.read_global("kept") is True and len(caps.defense.members) == 2
    assert vm.read_global("fighting") is True               # the raider attacks one of them
    assert vm.read_global("defenders") == 3                 # two defenders and the guard
    assert waves(report) == []


def test_guard_posts_are_filled_and_a_fallen_guard_replaced_as_often_as_set(tmp_path, api):
    extra = ("call At(1.0, function Later)\n"
             "    call At(10.0, function KillGuard)\n"
             "    call At(20.0, function KillGuard)")
    text = MAP.replace("function main takes", "function KillGuard takes nothing returns nothing\n"
                       "    local group g = CreateGroup()\n"
                       "    call GroupEnumUnitsInRange(g, 800, 800, 100, null)\n"
                       "    call KillUnit(FirstOfGroup(g))\n"
                       "endfunction\n\nfunction main takes", 1)
    path = tmp_path / "war3map.j"
    path.write_text(text.replace("%SCRIPT%", "posts.ai").replace("%EXTRA%", extra))
    _report, session = play(path, api, 30.0)
    caps = session.game.ai.players[1].captains
    post = next(p for p in caps.posts if (p.x, p.y) == (800.0, 800.0))
    # filled at once by a freed footman, which walks there; replaced once (SetReplacementCount 1)
    assert post.replaced == 1 and post.unit is not None and not post.unit.alive
    dead = [u for u in session.game.units.units.values() if u.type_id == 0x68666F6F and not u.alive]
    assert len(dead) == 2
    # the third pre-placed footman keeps its own spot
    assert sum(1 for p in caps.posts if p.unit is not None and p.unit.alive) == 1


def test_the_attack_captain_moves_on_orders_readiness_and_leaving_members(tmp_path, api):
    extra = "call SetWidgetLife(g1, 105)"      # a footman at a quarter of its 420 life
    report, session = play(write_map(tmp_path, "moves.ai", extra), api, 60.0)
    vm = session.game.ai.vms[1]
    assert vm.errors == []
    assert vm.read_global("home_first") is True              # gathered around (0, 0)
    assert vm.read_global("hp") == (105 * 100 // 420 + 100) // 2   # members' life, averaged
    assert (vm.read_global("ma"), vm.read_global("ready")) == (100, vm.read_global("hp"))   # no mana
    assert vm.read_global("at_goal") is True and vm.read_global("retreating") is False
    assert vm.read_global("home_again") is True
    assert (vm.read_global("after_injuries"), vm.read_global("after_siege")) == (1, 1)
    assert vm.read_global("vs_units") is False               # Player(0) has no units, only a farm
    assert vm.read_global("ally") is True and vm.read_global("no_ally") is True
    sent = waves(report)[0]
    assert (sent["how"], sent["x"], sent["y"], sent["target"]) == ("AttackMoveXY", 1000.0, 0.0, None)
    caps = session.game.ai.players[1].captains
    member = caps.attack.members[0]
    names = [(o.order, o.x, o.y) for o in member.orders]
    assert ("attack", 1000.0, 0.0) in names and names[-1] == ("AImove", 0.0, 0.0)
    # the injured footman left the group, then SuicideUnit sent it at the farm
    injured = next(u for u in session.game.units.units.values()
                   if u.type_id == 0x68666F6F and u.owner.id == 1 and u.max_life > u.life)
    assert injured not in caps.attack.members
    assert (injured.orders[-1].order, injured.orders[-1].x, injured.orders[-1].y) == ("attack", 2000.0, 0.0)


def test_targets_creep_camps_the_enemy_base_power_towers(tmp_path, api):
    extra = ("call CreateUnit(Player(PLAYER_NEUTRAL_AGGRESSIVE), 'nkob', -3000, 0, 0)\n"
             "    call CreateUnit(Player(PLAYER_NEUTRAL_AGGRESSIVE), 'nkob', -3100, 0, 0)\n"
             "    call CreateUnit(Player(PLAYER_NEUTRAL_AGGRESSIVE), 'nogr', 0, -5000, 0)\n"
             "    call CreateUnit(Player(0), 'htow', 3000, 3000, 0)\n"
             "    call CreateUnit(Player(0), 'hfoo', 3000, 2800, 0)")
    _report, session = play(write_map(tmp_path, "targets.ai", extra), api, 5.0)
    vm = session.game.ai.vms[1]
    assert vm.errors == []
    assert vm.read_global("camp_none") == 0                 # no camp that strong: null
    assert vm.read_global("base") == 0x68746F77             # the enemy's town hall
    assert vm.read_global("searching") is False
    assert vm.read_global("power") == 2                     # the footman's food
    assert vm.read_global("towered") is False               # no tower by the town hall
    assert vm.read_global("bare") is False
    assert vm.read_global("mega") is False                  # the enemy still has a footman
    # creep levels: natives.units.unit_level_of (1 each here); the kobolds' camp has power 2
    assert (vm.read_global("camp_small"), vm.read_global("camp_big")) == (0x6E6F6772, 0x6E6B6F62)


def test_a_captain_native_before_create_captains_crashes_only_the_ai_thread(tmp_path, api):
    report, session = play(write_map(tmp_path, "early.ai", "call At(3.0, function Later)"), api, 5.0)
    crash = next(e for e in report.timeline if e.kind == "ai_crashed")
    assert (crash.data["crash"], crash.data["function"]) == ("game-crash", "main")
    assert sum(1 for u in session.game.units.units.values() if u.owner.id == 1) == 6   # the map went on


def test_captains_survive_a_save_and_load_mid_wave(tmp_path, api):
    path = write_map(tmp_path, "wave.ai")
    save = tmp_path / "at9.sav"
    straight, _ = play(path, api, 60.0)
    first, _ = play(path, api, 60.0, save_at=9.0, save_path=str(save))
    resumed, session = play(path, api, 60.0, resume=read_save_file(save))
    assert resumed.state_digest == straight.state_digest == first.state_digest
    assert waves(resumed) == waves(straight)
    assert session.game.ai.players[1].captains.attack.state == "home"


def test_human02_red_sends_its_first_wave_at_the_time_its_script_sets():
    options = RunOptions(api=str(API_130), until=260.0)
    path = shared_path("corpus", "maps", "campaign-human02", "war3map.j")
    report, session = run_mission(load_mission(path, options), options)
    started = next(e.time for e in report.timeline if e.kind == "ai_started")
    first = waves(report)[0]
    # SuicideOnPlayer(M2, user): 120 s, less PrepTime's 30 s of sleep; FormGroup's 60 s
    # timeout passes (the group is not full: the red player trains nothing, see
    # natives.aicaptains), checked every 5 s
    assert started + 180.0 <= first["time"] <= started + 190.0
    assert (first["phase"], first["how"], first["target"]) == ("sent", "SuicidePlayer", 1)
    # the headhunter the map freed (Red AI Settings: RemoveGuardPosition gg_unit_ohun_...)
    assert first["units"] == {"ohun": 1}
    caps = session.game.ai.players[0].captains
    assert len(caps.posts) == 6                              # red's other pre-placed units guard


def test_orc03_human_ai_players_start_and_wait_for_the_maps_signal():
    options = RunOptions(api=str(API_130), until=60.0)
    path = shared_path("corpus", "maps", "campaign-orc03", "war3map.j")
    report, session = run_mission(load_mission(path, options), options)
    # the four human towns start at once; Grom (Player(3), o03_grom.ai) once the base is
    # taken (trigger ActivateGromAI): see the orc03 scenarios
    assert sorted(report.ai) == [1, 8, 9, 10]
    for pid, ai in report.ai.items():
        assert ai["status"] == "running" and ai["errors"] == [] and ai["natives_missing"] == {}
        assert session.game.ai.players[pid].captains is not None
    assert waves(report) == []                               # no CommandAI yet: no wave


def _pig_farm_game_folder(root: Path) -> Path:
    """A game-data folder (``--game-data``, maps.gamedata) giving only the Pig Farm ('npgf')
    its food produced and cost: the figures no public page gives (tests/scenarios/
    human02-defeat.scenario.yaml). The numbers and column names are test inputs, not game
    figures: any food and any affordable cost let red's script run on."""
    units = root / "Units"
    units.mkdir(parents=True)
    meta = [["ID", "field", "slk", "index", "type", "useUnit", "useHero", "useBuilding", "useItem"],
            ["ufma", "foodmade", "UnitBalance", -1, "int", 1, 1, 1, 0],
            ["ugol", "gold", "UnitBalance", -1, "int", 1, 1, 1, 0],
            ["ulum", "lumber", "UnitBalance", -1, "int", 1, 1, 1, 0],
            ["ubld", "buildtime", "UnitBalance", -1, "int", 1, 1, 1, 0]]
    (units / "UnitMetaData.slk").write_text(slk(meta))
    (units / "UnitBalance.slk").write_text(slk([["unitBalanceID", "foodmade", "gold", "lumber", "buildtime"],
                                                ["npgf", 10, 1, 1, 1]]))
    return root


def test_human02_red_trains_its_waves_and_beats_an_idle_player_given_the_pig_farm(tmp_path):
    """With the Pig Farm's figures from game data, the rest of h02_red.ai runs as the game's:
    red trains at its barracks, its first wave holds what the script asks at normal
    difficulty (CampaignAttackerEx(2,2,2, GRUNT), (1,1,2, HEAD_HUNTER)) and is sent after
    SuicideOnPlayer's M2 (120 s), and the waves raze the idle player's base: the map's
    "All Buildings Destroyed" trigger ends the mission in defeat."""
    options = RunOptions(api=str(API_130), until=900.0,
                         game_data=str(_pig_farm_game_folder(tmp_path / "game")))
    path = shared_path("corpus", "maps", "campaign-human02", "war3map.j")
    report, session = run_mission(load_mission(path, options), options)
    started = next(e.time for e in report.timeline if e.kind == "ai_started")
    sent = [w for w in waves(report) if w["phase"] == "sent"]
    first = sent[0]
    assert (first["wave"], first["units"], first["target"]) == (1, {"ogru": 2, "ohun": 1}, 1)
    assert started + 120.0 <= first["time"] <= started + 190.0
    assert session.game.ai.vms[0].errors == []
    defeat = next(e for e in report.timeline if e.kind == "defeat")
    assert defeat.data["player"] == 1
    assert not any(u.alive and u.utype.is_structure for u in session.game.units.units.values()
                   if u.owner.id == 1)                      # the map's condition for it
