// A small map script for the Python tests of the DAP server (tests/test_dap.py): a periodic
// trigger that counts waves, keeps the units it makes in an array, waits and pays gold.
globals
    trigger gg_trg_Wave = null
    integer udg_Wave = 0
    unit array udg_Spawned
    real udg_Gold = 0.00
endglobals

function AddGold takes real amount returns real
    set udg_Gold = udg_Gold + amount
    return udg_Gold
endfunction

function Trig_Wave_Actions takes nothing returns nothing
    local integer n = udg_Wave
    set udg_Wave = udg_Wave + 1
    set udg_Spawned[n] = CreateUnit(Player(0), 'hfoo', 0.00, 0.00, 270.00)
    call TriggerSleepAction(1.00)
    call AddGold(10.00)
endfunction

function main takes nothing returns nothing
    set gg_trg_Wave = CreateTrigger()
    call TriggerRegisterTimerEvent(gg_trg_Wave, 5.00, true)
    call TriggerAddAction(gg_trg_Wave, function Trig_Wave_Actions)
endfunction

function config takes nothing returns nothing
endfunction
