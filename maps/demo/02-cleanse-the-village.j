//===========================================================================
// Demo campaign, mission 2: Cleanse the Village
//
// Written for the project's built-in API (no common.j, no Blizzard.j).
//
// Reads what mission 1 saved in the game cache "DemoCampaign.w3v": the difficulty, the
// footmen that survived, the ghouls slain and the Paladin himself (StoreUnit/RestoreUnit).
// The company then drives the Scourge's acolytes out of a blighted village, one assault
// every 8 seconds (each living footman and the Paladin slay one acolyte per assault),
// and cleanses the blight: victory. Played without mission 1's cache, it is a defeat.
//===========================================================================

globals
    constant string CACHE_NAME = "DemoCampaign.w3v"
    constant string CACHE_MISSION = "Mission1"
    constant real VILLAGE_X = -1536.0
    constant real VILLAGE_Y = 1536.0
    constant real ASSAULT_INTERVAL = 8.0

    gamecache udg_cache = null
    boolean udg_carried = false
    integer udg_difficulty = 1
    integer udg_footmen = 0
    integer udg_kills = 0
    unit udg_hero = null
    group udg_enemies = null
    group udg_scratch = null
    timer udg_assaultTimer = null
    integer udg_counted = 0
    integer udg_round = 0
    boolean udg_gameOver = false
    quest udg_quest = null
    questitem udg_itemScourge = null
    questitem udg_itemBlight = null

    trigger gg_trg_Intro = null
    trigger gg_trg_HeroDies = null
    trigger gg_trg_Victory = null
endglobals

//===========================================================================
// Helpers
//===========================================================================
function Say takes string message returns nothing
    call DisplayTimedTextToPlayer(Player(0), 0, 0, 10.0, message)
endfunction

function DifficultyName takes integer d returns string
    if d == 0 then
        return "Easy"
    elseif d == 2 then
        return "Hard"
    endif
    return "Normal"
endfunction

function Footmen takes integer n returns string
    if n == 1 then
        return "1 footman"
    endif
    return I2S(n) + " footmen"
endfunction

function IsLivingFootman takes nothing returns boolean
    return GetUnitTypeId(GetFilterUnit()) == 'hfoo' and GetWidgetLife(GetFilterUnit()) > 0.405
endfunction

function CountEnum takes nothing returns nothing
    set udg_counted = udg_counted + 1
endfunction

function CountFootmen takes nothing returns integer
    set udg_counted = 0
    call GroupEnumUnitsOfPlayer(udg_scratch, Player(0), Filter(function IsLivingFootman))
    call ForGroup(udg_scratch, function CountEnum)
    call GroupClear(udg_scratch)
    return udg_counted
endfunction

function CountEnemies takes nothing returns integer
    set udg_counted = 0
    call ForGroup(udg_enemies, function CountEnum)
    return udg_counted
endfunction

//===========================================================================
// The assault (a periodic timer)
//===========================================================================
function AssaultRound takes nothing returns nothing
    local integer strikes = 1 + CountFootmen()
    local integer slain = 0
    local unit u
    if udg_gameOver then
        return
    endif
    set udg_round = udg_round + 1
    loop
        set u = FirstOfGroup(udg_enemies)
        exitwhen u == null or slain >= strikes
        call GroupRemoveUnit(udg_enemies, u)
        call KillUnit(u)
        set slain = slain + 1
    endloop
    call Say("Assault " + I2S(udg_round) + ": " + I2S(slain) + " acolytes slain, " + I2S(CountEnemies()) + " remain.")
    if CountEnemies() == 0 then
        call PauseTimer(udg_assaultTimer)
        call TriggerExecute(gg_trg_Victory)
    endif
endfunction

//===========================================================================
// Intro: report what mission 1 carried over, or lose without it
//===========================================================================
function Trig_Intro_Actions takes nothing returns nothing
    if not udg_carried then
        set udg_gameOver = true
        call Say("No campaign data from mission 1: play the campaign from the first mission.")
        call QuestSetFailed(udg_quest, true)
        call TriggerSleepAction(2.0)
        call RemovePlayer(Player(0), PLAYER_GAME_RESULT_DEFEAT)
        call EndGame(false)
        return
    endif
    call Say("Carried from mission 1: difficulty " + DifficultyName(udg_difficulty) + ", " + Footmen(udg_footmen) + ", " + I2S(udg_kills) + " ghouls slain.")
    call TriggerSleepAction(2.0)
    call Say("Paladin (level " + I2S(GetHeroLevel(udg_hero)) + "): The village is in the Scourge's hands. Drive them out!")
    call TriggerSleepAction(2.0)
    call TimerStart(udg_assaultTimer, ASSAULT_INTERVAL, true, function AssaultRound)
endfunction

//===========================================================================
// Defeat: the Paladin dies
//===========================================================================
function Trig_HeroDies_Actions takes nothing returns nothing
    if udg_gameOver then
        return
    endif
    set udg_gameOver = true
    call PauseTimer(udg_assaultTimer)
    call QuestSetFailed(udg_quest, true)
    call Say("The Paladin has fallen. The village is lost.")
    call TriggerSleepAction(2.0)
    call RemovePlayer(Player(0), PLAYER_GAME_RESULT_DEFEAT)
    call EndGame(false)
endfunction

//===========================================================================
// Victory: every acolyte is slain, then the blight is cleansed
//===========================================================================
function Trig_Victory_Actions takes nothing returns nothing
    if udg_gameOver then
        return
    endif
    set udg_gameOver = true
    call QuestItemSetCompleted(udg_itemScourge, true)
    call Say("The Scourge is driven out. Cleansing the blight...")
    call TriggerSleepAction(3.0)
    call SetBlight(Player(0), VILLAGE_X, VILLAGE_Y, 1024.0, false)
    if not IsPointBlighted(VILLAGE_X, VILLAGE_Y) then
        call QuestItemSetCompleted(udg_itemBlight, true)
    endif
    call QuestSetCompleted(udg_quest, true)
    call Say("Victory! The village is cleansed.")
    call RemovePlayer(Player(0), PLAYER_GAME_RESULT_VICTORY)
    call EndGame(false)
endfunction

//===========================================================================
// Setup
//===========================================================================
function ReadCarriedValues takes nothing returns nothing
    set udg_cache = InitGameCache(CACHE_NAME)
    set udg_carried = HaveStoredInteger(udg_cache, CACHE_MISSION, "Difficulty") and HaveStoredInteger(udg_cache, CACHE_MISSION, "Footmen")
    if udg_carried then
        set udg_difficulty = GetStoredInteger(udg_cache, CACHE_MISSION, "Difficulty")
        set udg_footmen = GetStoredInteger(udg_cache, CACHE_MISSION, "Footmen")
        set udg_kills = GetStoredInteger(udg_cache, CACHE_MISSION, "Kills")
    endif
endfunction

function CreateUnits takes nothing returns nothing
    local integer i = 0
    local integer acolytes = 4 + 3 * udg_difficulty
    local unit u
    set udg_hero = RestoreUnit(udg_cache, CACHE_MISSION, "Hero", Player(0), 0.0, 0.0, 135.0)
    if udg_hero == null then
        set udg_hero = CreateUnit(Player(0), 'Hpal', 0.0, 0.0, 135.0)
    endif
    loop
        exitwhen i >= udg_footmen
        call CreateUnit(Player(0), 'hfoo', -320.0 + 128.0 * i, -192.0, 135.0)
        set i = i + 1
    endloop
    set i = 0
    loop
        exitwhen i >= acolytes
        set u = CreateUnit(Player(1), 'uaco', VILLAGE_X + 64.0 * (i - (i / 4) * 4), VILLAGE_Y + 64.0 * (i / 4), 315.0)
        call GroupAddUnit(udg_enemies, u)
        set i = i + 1
    endloop
endfunction

function CreateQuests takes nothing returns nothing
    set udg_quest = CreateQuest()
    call QuestSetTitle(udg_quest, "Cleanse the Village")
    call QuestSetDescription(udg_quest, "Drive the Scourge out of the village and cleanse its blight.")
    call QuestSetRequired(udg_quest, true)
    call QuestSetDiscovered(udg_quest, true)
    set udg_itemScourge = QuestCreateItem(udg_quest)
    call QuestItemSetDescription(udg_itemScourge, "Slay the acolytes in the village")
    set udg_itemBlight = QuestCreateItem(udg_quest)
    call QuestItemSetDescription(udg_itemBlight, "Cleanse the blight")
endfunction

function CreateTriggers takes nothing returns nothing
    set gg_trg_Intro = CreateTrigger()
    call TriggerRegisterTimerEvent(gg_trg_Intro, 1.0, false)
    call TriggerAddAction(gg_trg_Intro, function Trig_Intro_Actions)

    set gg_trg_HeroDies = CreateTrigger()
    call TriggerRegisterUnitEvent(gg_trg_HeroDies, udg_hero, EVENT_UNIT_DEATH)
    call TriggerAddAction(gg_trg_HeroDies, function Trig_HeroDies_Actions)

    set gg_trg_Victory = CreateTrigger()
    call TriggerAddAction(gg_trg_Victory, function Trig_Victory_Actions)
endfunction

function main takes nothing returns nothing
    set udg_enemies = CreateGroup()
    set udg_scratch = CreateGroup()
    set udg_assaultTimer = CreateTimer()
    call SetPlayerName(Player(0), "Paladin's Company")
    call SetPlayerName(Player(1), "The Scourge")
    call ReadCarriedValues()
    // The village lies under the Scourge's blight.
    call SetBlight(Player(1), VILLAGE_X, VILLAGE_Y, 640.0, true)
    call CreateUnits()
    call CreateQuests()
    call CreateTriggers()
endfunction

function config takes nothing returns nothing
    call SetPlayers(2)
    call SetTeams(2)
    call SetPlayerController(Player(0), MAP_CONTROL_USER)
    call SetPlayerController(Player(1), MAP_CONTROL_COMPUTER)
    call SetPlayerTeam(Player(0), 0)
    call SetPlayerTeam(Player(1), 1)
endfunction
