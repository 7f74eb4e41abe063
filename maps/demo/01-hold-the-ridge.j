//===========================================================================
// Demo campaign, mission 1: Hold the Ridge
//
// Written for the project's built-in API (no common.j, no Blizzard.j): only natives
// of the runtime's registry and the constants natives/builtin.py declares.
//
// The Paladin (player 1, Player(0)) and his footmen must hold the ridge for 90 game
// seconds while the Scourge (Player(1)) attacks in waves and its blight spreads from
// the camp in the north-east. A difficulty dialog opens at the start; without a click
// "Normal" is chosen after 10 seconds, so an unattended run still goes on. When the
// countdown ends the mission is won and the result (difficulty, surviving footmen,
// ghouls slain, the Paladin himself) is saved to the game cache for mission 2. If the
// Paladin dies, the mission is lost.
//
// Shows: triggers with waits, a timer countdown with a timer dialog, groups
// (GroupEnumUnitsOfPlayer, ForGroup, FirstOfGroup loops), blight spreading on a
// periodic timer, a dialog, quests, messages, victory/defeat and a game cache.
//===========================================================================

globals
    constant string CACHE_NAME = "DemoCampaign.w3v"
    constant string CACHE_MISSION = "Mission1"
    constant real COUNTDOWN_SECONDS = 90.0
    constant real WAVE_INTERVAL = 15.0
    constant integer WAVE_COUNT = 5
    constant real CAMP_X = 2048.0
    constant real CAMP_Y = 2048.0
    constant real MILL_X = 1024.0
    constant real MILL_Y = 1024.0
    constant integer SLAY_TARGET = 12

    unit udg_hero = null
    group udg_scratch = null
    timer udg_dialogTimer = null
    timer udg_dialogTimeout = null
    timer udg_countdown = null
    timerdialog udg_countdownWindow = null
    timer udg_waveTimer = null
    timer udg_blightTimer = null
    dialog udg_difficultyDialog = null
    button udg_buttonEasy = null
    button udg_buttonNormal = null
    button udg_buttonHard = null
    integer udg_difficulty = 1
    boolean udg_defenseStarted = false
    boolean udg_gameOver = false
    boolean udg_millBlighted = false
    integer udg_wave = 0
    integer udg_kills = 0
    integer udg_blightTicks = 0
    integer udg_counted = 0
    quest udg_questHold = null
    questitem udg_itemHold = null
    quest udg_questSlay = null
    questitem udg_itemSlay = null

    trigger gg_trg_Intro = null
    trigger gg_trg_Difficulty = null
    trigger gg_trg_Wave = null
    trigger gg_trg_Kill = null
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

function IsLivingUnit takes nothing returns boolean
    return GetWidgetLife(GetFilterUnit()) > 0.405
endfunction

function CountEnum takes nothing returns nothing
    set udg_counted = udg_counted + 1
endfunction

// Living footmen of Player(0), counted with ForGroup.
function CountFootmen takes nothing returns integer
    set udg_counted = 0
    call GroupEnumUnitsOfPlayer(udg_scratch, Player(0), Filter(function IsLivingFootman))
    call ForGroup(udg_scratch, function CountEnum)
    call GroupClear(udg_scratch)
    return udg_counted
endfunction

function StopTheWar takes nothing returns nothing
    call PauseTimer(udg_countdown)
    call PauseTimer(udg_waveTimer)
    call PauseTimer(udg_blightTimer)
    call TimerDialogDisplay(udg_countdownWindow, false)
endfunction

//===========================================================================
// Blight: spreads from the Scourge camp every 5 seconds
//===========================================================================
function SpreadBlight takes nothing returns nothing
    set udg_blightTicks = udg_blightTicks + 1
    call SetBlight(Player(1), CAMP_X, CAMP_Y, 256.0 + 128.0 * udg_blightTicks, true)
    if not udg_millBlighted and IsPointBlighted(MILL_X, MILL_Y) then
        set udg_millBlighted = true
        call Say("The blight has reached the old mill!")
    endif
endfunction

//===========================================================================
// The defense: countdown, waves, blight
//===========================================================================
function CountdownExpired takes nothing returns nothing
    call TriggerExecute(gg_trg_Victory)
endfunction

function StartDefense takes nothing returns nothing
    if udg_defenseStarted then
        return
    endif
    set udg_defenseStarted = true
    call TimerStart(udg_countdown, COUNTDOWN_SECONDS, false, function CountdownExpired)
    set udg_countdownWindow = CreateTimerDialog(udg_countdown)
    call TimerDialogSetTitle(udg_countdownWindow, "Reinforcements")
    call TimerDialogDisplay(udg_countdownWindow, true)
    call TimerStart(udg_waveTimer, WAVE_INTERVAL, true, null)
    call TimerStart(udg_blightTimer, 5.0, true, function SpreadBlight)
    call Say("Hold the ridge for " + I2S(R2I(COUNTDOWN_SECONDS)) + " seconds!")
endfunction

//===========================================================================
// Difficulty dialog
//===========================================================================
function ShowDifficultyDialog takes nothing returns nothing
    call DialogSetMessage(udg_difficultyDialog, "Choose your difficulty")
    set udg_buttonEasy = DialogAddButton(udg_difficultyDialog, "Easy", 'E')
    set udg_buttonNormal = DialogAddButton(udg_difficultyDialog, "Normal", 'N')
    set udg_buttonHard = DialogAddButton(udg_difficultyDialog, "Hard", 'H')
    call DialogDisplay(Player(0), udg_difficultyDialog, true)
    call DestroyTimer(GetExpiredTimer())
endfunction

function Trig_Difficulty_Actions takes nothing returns nothing
    local button clicked = GetClickedButton()
    if udg_defenseStarted then
        return
    endif
    if clicked == udg_buttonEasy then
        set udg_difficulty = 0
    elseif clicked == udg_buttonHard then
        set udg_difficulty = 2
    else
        set udg_difficulty = 1
    endif
    call DialogDisplay(Player(0), GetClickedDialog(), false)
    call Say("Difficulty: " + DifficultyName(udg_difficulty))
    call StartDefense()
endfunction

function DifficultyTimeout takes nothing returns nothing
    if udg_defenseStarted then
        return
    endif
    set udg_difficulty = 1
    call DialogDisplay(Player(0), udg_difficultyDialog, false)
    call Say("No choice made: difficulty set to Normal.")
    call StartDefense()
endfunction

//===========================================================================
// Intro (a trigger whose actions wait)
//===========================================================================
function Trig_Intro_Actions takes nothing returns nothing
    call Say("Paladin: The Scourge is coming. We hold this ridge until reinforcements arrive.")
    call TriggerSleepAction(3.0)
    call Say("Keep the Paladin alive. Slay the ghouls if you can.")
    call QuestSetDiscovered(udg_questSlay, true)
endfunction

//===========================================================================
// Waves (a trigger on the wave timer's expiry: spawn, wait, fight)
//===========================================================================
function WaveLosses takes nothing returns integer
    if udg_difficulty == 2 then
        return 1
    elseif udg_difficulty == 1 and (udg_wave == 2 or udg_wave == 4) then
        return 1
    endif
    return 0
endfunction

function KillEnumUnit takes nothing returns nothing
    call KillUnit(GetEnumUnit())
endfunction

function Trig_Wave_Conditions takes nothing returns boolean
    return not udg_gameOver and udg_wave < WAVE_COUNT
endfunction

function Trig_Wave_Actions takes nothing returns nothing
    local integer count
    local integer i = 0
    local integer losses
    local unit u
    local group attackers = CreateGroup()
    set udg_wave = udg_wave + 1
    set count = 1 + udg_wave + udg_difficulty
    loop
        exitwhen i >= count
        set u = CreateUnit(Player(1), 'ugho', CAMP_X + 64.0 * i, CAMP_Y, 225.0)
        call IssuePointOrder(u, "attack", 0.0, 0.0)
        set i = i + 1
    endloop
    call Say("Wave " + I2S(udg_wave) + ": " + I2S(count) + " ghouls approach!")
    // The ghouls need a few seconds to reach the ridge.
    call TriggerSleepAction(5.0)
    if udg_gameOver then
        return
    endif
    // The defenders slay every living ghoul...
    call GroupEnumUnitsOfPlayer(attackers, Player(1), Filter(function IsLivingUnit))
    call ForGroup(attackers, function KillEnumUnit)
    call DestroyGroup(attackers)
    // ...and some footmen fall, depending on the difficulty.
    set losses = WaveLosses()
    call GroupEnumUnitsOfPlayer(udg_scratch, Player(0), Filter(function IsLivingFootman))
    loop
        set u = FirstOfGroup(udg_scratch)
        exitwhen u == null or losses == 0
        call GroupRemoveUnit(udg_scratch, u)
        call KillUnit(u)
        set losses = losses - 1
    endloop
    call GroupClear(udg_scratch)
    call AddHeroXP(udg_hero, 50 * udg_wave, true)
    call Say("Wave " + I2S(udg_wave) + " repelled. Footmen standing: " + I2S(CountFootmen()))
endfunction

//===========================================================================
// Kills of Scourge units (optional quest)
//===========================================================================
function Trig_Kill_Actions takes nothing returns nothing
    set udg_kills = udg_kills + 1
    if udg_kills == SLAY_TARGET then
        call QuestItemSetCompleted(udg_itemSlay, true)
        call QuestSetCompleted(udg_questSlay, true)
        call Say("Optional quest completed: Slay the Scourge")
    endif
endfunction

//===========================================================================
// Defeat: the Paladin dies
//===========================================================================
function Trig_HeroDies_Actions takes nothing returns nothing
    if udg_gameOver then
        return
    endif
    set udg_gameOver = true
    call StopTheWar()
    call QuestSetFailed(udg_questHold, true)
    call Say("The Paladin has fallen. The ridge is lost.")
    call TriggerSleepAction(2.0)
    call RemovePlayer(Player(0), PLAYER_GAME_RESULT_DEFEAT)
    call EndGame(false)
endfunction

//===========================================================================
// Victory: the countdown ends (the timer's callback executes this trigger)
//===========================================================================
function Trig_Victory_Actions takes nothing returns nothing
    local gamecache cache
    local integer footmen
    if udg_gameOver then
        return
    endif
    set udg_gameOver = true
    call StopTheWar()
    call QuestItemSetCompleted(udg_itemHold, true)
    call QuestSetCompleted(udg_questHold, true)
    call Say("Reinforcements have arrived! The ridge is held.")
    call TriggerSleepAction(2.0)
    set footmen = CountFootmen()
    set cache = InitGameCache(CACHE_NAME)
    call StoreInteger(cache, CACHE_MISSION, "Difficulty", udg_difficulty)
    call StoreInteger(cache, CACHE_MISSION, "Footmen", footmen)
    call StoreInteger(cache, CACHE_MISSION, "Kills", udg_kills)
    call StoreUnit(cache, CACHE_MISSION, "Hero", udg_hero)
    call SaveGameCache(cache)
    call Say("Victory! " + Footmen(footmen) + " survived, " + I2S(udg_kills) + " ghouls slain.")
    call RemovePlayer(Player(0), PLAYER_GAME_RESULT_VICTORY)
    call EndGame(false)
endfunction

//===========================================================================
// Setup
//===========================================================================
function CreateQuests takes nothing returns nothing
    set udg_questHold = CreateQuest()
    call QuestSetTitle(udg_questHold, "Hold the Ridge")
    call QuestSetDescription(udg_questHold, "Hold the ridge until reinforcements arrive.")
    call QuestSetRequired(udg_questHold, true)
    call QuestSetDiscovered(udg_questHold, true)
    set udg_itemHold = QuestCreateItem(udg_questHold)
    call QuestItemSetDescription(udg_itemHold, "Keep the Paladin alive for 90 seconds")

    set udg_questSlay = CreateQuest()
    call QuestSetTitle(udg_questSlay, "Slay the Scourge")
    call QuestSetDescription(udg_questSlay, "Slay " + I2S(SLAY_TARGET) + " ghouls of the Scourge.")
    call QuestSetRequired(udg_questSlay, false)
    call QuestSetDiscovered(udg_questSlay, false)
    set udg_itemSlay = QuestCreateItem(udg_questSlay)
    call QuestItemSetDescription(udg_itemSlay, "Slay " + I2S(SLAY_TARGET) + " ghouls")
endfunction

function CreateUnits takes nothing returns nothing
    local integer i = 0
    set udg_hero = CreateUnit(Player(0), 'Hpal', 0.0, 0.0, 45.0)
    loop
        exitwhen i >= 6
        call CreateUnit(Player(0), 'hfoo', -320.0 + 128.0 * i, 192.0, 45.0)
        set i = i + 1
    endloop
endfunction

function CreateTriggers takes nothing returns nothing
    set gg_trg_Intro = CreateTrigger()
    call TriggerRegisterTimerEvent(gg_trg_Intro, 1.0, false)
    call TriggerAddAction(gg_trg_Intro, function Trig_Intro_Actions)

    set gg_trg_Difficulty = CreateTrigger()
    call TriggerRegisterDialogEvent(gg_trg_Difficulty, udg_difficultyDialog)
    call TriggerAddAction(gg_trg_Difficulty, function Trig_Difficulty_Actions)

    set gg_trg_Wave = CreateTrigger()
    call TriggerRegisterTimerExpireEvent(gg_trg_Wave, udg_waveTimer)
    call TriggerAddCondition(gg_trg_Wave, Condition(function Trig_Wave_Conditions))
    call TriggerAddAction(gg_trg_Wave, function Trig_Wave_Actions)

    set gg_trg_Kill = CreateTrigger()
    call TriggerRegisterPlayerUnitEvent(gg_trg_Kill, Player(1), EVENT_PLAYER_UNIT_DEATH, null)
    call TriggerAddAction(gg_trg_Kill, function Trig_Kill_Actions)

    set gg_trg_HeroDies = CreateTrigger()
    call TriggerRegisterUnitEvent(gg_trg_HeroDies, udg_hero, EVENT_UNIT_DEATH)
    call TriggerAddAction(gg_trg_HeroDies, function Trig_HeroDies_Actions)

    set gg_trg_Victory = CreateTrigger()
    call TriggerAddAction(gg_trg_Victory, function Trig_Victory_Actions)
endfunction

function main takes nothing returns nothing
    set udg_scratch = CreateGroup()
    set udg_countdown = CreateTimer()
    set udg_waveTimer = CreateTimer()
    set udg_blightTimer = CreateTimer()
    set udg_difficultyDialog = DialogCreate()
    call SetPlayerName(Player(0), "Paladin's Company")
    call SetPlayerName(Player(1), "The Scourge")
    call CreateUnits()
    call CreateQuests()
    call CreateTriggers()
    // The Scourge camp starts blighted.
    call SetBlight(Player(1), CAMP_X, CAMP_Y, 256.0, true)
    // Dialogs cannot be shown during map init: show it from a 0-second timer.
    set udg_dialogTimer = CreateTimer()
    call TimerStart(udg_dialogTimer, 0.0, false, function ShowDifficultyDialog)
    // Nobody clicks within 10 seconds: Normal.
    set udg_dialogTimeout = CreateTimer()
    call TimerStart(udg_dialogTimeout, 10.0, false, function DifficultyTimeout)
endfunction

function config takes nothing returns nothing
    call SetPlayers(2)
    call SetTeams(2)
    call SetPlayerController(Player(0), MAP_CONTROL_USER)
    call SetPlayerController(Player(1), MAP_CONTROL_COMPUTER)
    call SetPlayerTeam(Player(0), 0)
    call SetPlayerTeam(Player(1), 1)
endfunction
