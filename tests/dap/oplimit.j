// A map script for the DAP end-to-end test: a trigger whose action never ends, so the
// thread dies at the op limit (300,000 ops per uninterrupted run, jass-semantics S093).
globals
    trigger gg_trg_Wave = null
    integer udg_Turns = 0
endglobals

function Spin takes nothing returns nothing
    loop
        set udg_Turns = udg_Turns + 1
    endloop
endfunction

function Trig_Wave_Actions takes nothing returns nothing
    call DisplayTextToPlayer(GetLocalPlayer(), 0, 0, "wave")
    call Spin()
endfunction

function main takes nothing returns nothing
    set gg_trg_Wave = CreateTrigger()
    call TriggerRegisterTimerEvent(gg_trg_Wave, 2.00, false)
    call TriggerAddAction(gg_trg_Wave, function Trig_Wave_Actions)
endfunction

function config takes nothing returns nothing
endfunction
