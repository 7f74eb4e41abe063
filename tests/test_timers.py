"""Timers and timer events (S097, S100, S113-S118, conformance 057-062)."""
from __future__ import annotations

from natives.text import local_messages
from test_triggers import jass_session, run, seen


def timed(session) -> list[tuple[float, str]]:
    return [(round(m.time, 4), m.text) for m in local_messages(session.game)]


def test_one_shot_fires_once_with_expired_timer():
    s = jass_session("""
globals
    timer g
endglobals
function E takes nothing returns nothing
    call P("fired " + B2S(GetExpiredTimer() == g))
endfunction
function main takes nothing returns nothing
    set g = CreateTimer()
    call TimerStart(g, 1.5, false, function E)
endfunction
""")
    s.advance(10)
    assert timed(s) == [(1.5, "fired true")]


def test_periodic_fires_until_paused_and_timeout_order():
    s = jass_session("""
globals
    integer n = 0
endglobals
function Tick takes nothing returns nothing
    set n = n + 1
    call P("tick " + I2S(n))
    if n == 3 then
        call PauseTimer(GetExpiredTimer())
    endif
endfunction
function Two takes nothing returns nothing
    call P("two")
endfunction
function main takes nothing returns nothing
    call TimerStart(CreateTimer(), 2.5, false, function Two)
    call TimerStart(CreateTimer(), 1.0, true, function Tick)
endfunction
""")
    s.advance(10)
    assert timed(s) == [(1.0, "tick 1"), (2.0, "tick 2"), (2.5, "two"), (3.0, "tick 3")]


def test_equal_timeouts_fire_in_start_order_s118():
    assert run("""
function A takes nothing returns nothing
    call P("a")
endfunction
function B takes nothing returns nothing
    call P("b")
endfunction
function main takes nothing returns nothing
    call TimerStart(CreateTimer(), 1, false, function A)
    call TimerStart(CreateTimer(), 1, false, function B)
endfunction
""") == ["a", "b"]


def test_sleep_in_timer_callback_kills_it_s097():
    s = jass_session("""
function E takes nothing returns nothing
    call P("before")
    call TriggerSleepAction(0.5)
    call P("after")
endfunction
function main takes nothing returns nothing
    call TimerStart(CreateTimer(), 1, false, function E)
endfunction
""")
    s.advance(5)
    assert seen(s) == ["before"]
    assert [e.kind for e in s.vm.errors] == ["forbidden-wait"]


def test_pause_clears_periodic_resume_runs_remaining_then_one_timeout_s113():
    s = jass_session("""
globals
    timer g
    integer n = 0
endglobals
function Tick takes nothing returns nothing
    set n = n + 1
    call P("tick " + I2S(n))
endfunction
function PR takes nothing returns nothing
    call PauseTimer(g)
    call P("remaining " + R2S(TimerGetRemaining(g)))
    call ResumeTimer(g)
endfunction
function main takes nothing returns nothing
    set g = CreateTimer()
    call TimerStart(g, 1.0, true, function Tick)
    call TimerStart(CreateTimer(), 2.25, false, function PR)
endfunction
""")
    s.advance(10)
    assert timed(s) == [(1.0, "tick 1"), (2.0, "tick 2"), (2.25, "remaining 0.750"),
                        (3.0, "tick 3"), (4.0, "tick 4")]


def test_one_shot_paused_and_resumed_expires_once():
    s = jass_session("""
globals
    timer g
endglobals
function E takes nothing returns nothing
    call P("expired")
endfunction
function Pause takes nothing returns nothing
    call PauseTimer(g)
endfunction
function Resume takes nothing returns nothing
    call ResumeTimer(g)
endfunction
function main takes nothing returns nothing
    set g = CreateTimer()
    call TimerStart(g, 2.0, false, function E)
    call TimerStart(CreateTimer(), 0.5, false, function Pause)
    call TimerStart(CreateTimer(), 3.0, false, function Resume)
endfunction
""")
    s.advance(10)
    assert timed(s) == [(4.5, "expired")]


def test_remaining_elapsed_timeout_s114():
    s = jass_session("""
globals
    timer g
endglobals
function Show takes string what returns nothing
    call P(what + " " + R2S(TimerGetElapsed(g)) + " " + R2S(TimerGetRemaining(g)) + " " + R2S(TimerGetTimeout(g)))
endfunction
function AtOne takes nothing returns nothing
    call Show("running")
    call PauseTimer(g)
    call Show("paused")
    call ResumeTimer(g)
endfunction
function AtTwo takes nothing returns nothing
    call Show("resumed")
endfunction
function AtTen takes nothing returns nothing
    call Show("expired")
endfunction
function main takes nothing returns nothing
    set g = CreateTimer()
    call Show("idle")
    call TimerStart(g, 4.0, false, null)
    call TimerStart(CreateTimer(), 1.0, false, function AtOne)
    call TimerStart(CreateTimer(), 2.0, false, function AtTwo)
    call TimerStart(CreateTimer(), 10.0, false, function AtTen)
endfunction
""")
    s.advance(12)
    assert seen(s) == [
        "idle 0.000 0.000 0.000",
        "running 1.000 3.000 4.000",
        "paused 1.000 3.000 4.000",
        "resumed 1.000 2.000 4.000",   # elapsed counts from the resume
        "expired 1.000 3.000 4.000",   # remaining is the value at the last pause
    ]


def test_never_paused_expired_timer_has_zero_remaining_for_polled_wait():
    s = jass_session("""
globals
    timer g
endglobals
function Check takes nothing returns nothing
    call P(R2S(TimerGetRemaining(g)) + " " + R2S(TimerGetElapsed(g)))
endfunction
function main takes nothing returns nothing
    set g = CreateTimer()
    call TimerStart(g, 1.0, false, null)
    call TimerStart(CreateTimer(), 2.0, false, function Check)
endfunction
""")
    s.advance(3)
    assert seen(s) == ["0.000 1.000"]


def test_destroy_timer_does_not_pause_and_expired_timer_is_null_s115():
    s = jass_session("""
globals
    timer g
endglobals
function E takes nothing returns nothing
    call P("fired " + B2S(GetExpiredTimer() == null))
endfunction
function main takes nothing returns nothing
    set g = CreateTimer()
    call TimerStart(g, 1.0, true, function E)
    call DestroyTimer(g)
endfunction
""")
    s.advance(5)
    assert seen(s) == ["fired true"]


def test_restart_replaces_pending_expiry():
    s = jass_session("""
globals
    timer g
endglobals
function A takes nothing returns nothing
    call P("a")
endfunction
function B takes nothing returns nothing
    call P("b")
endfunction
function main takes nothing returns nothing
    set g = CreateTimer()
    call TimerStart(g, 1.0, false, function A)
    call TimerStart(g, 2.0, false, function B)
endfunction
""")
    s.advance(5)
    assert timed(s) == [(2.0, "b")]


def test_zero_periodic_timer_uses_minimum_period_s116():
    s = jass_session("""
globals
    integer n = 0
endglobals
function T takes nothing returns nothing
    set n = n + 1
endfunction
function main takes nothing returns nothing
    call TimerStart(CreateTimer(), 0, true, function T)
endfunction
""")
    s.advance(0.01)
    assert 95 <= s.vm.read_global("n") <= 102


def test_pause_game_freezes_timers_but_not_sleeps_s099_s100():
    s = jass_session("""
function E takes nothing returns nothing
    call P("timer")
endfunction
function A takes nothing returns nothing
    call PauseGame(true)
    call TriggerSleepAction(2)
    call P("slept")
    call PauseGame(false)
endfunction
function main takes nothing returns nothing
    local trigger t = CreateTrigger()
    call TimerStart(CreateTimer(), 1.0, false, function E)
    call TriggerAddAction(t, function A)
    call TriggerExecute(t)
endfunction
""")
    s.advance(10)
    assert timed(s) == [(2.0, "slept"), (3.0, "timer")]


# --------------------------------------------------------------------------- timer events
def test_register_timer_event_periodic_and_one_shot():
    s = jass_session("""
function Every takes nothing returns nothing
    call P("every " + B2S(GetTriggerEventId() == ConvertGameEvent(4)) + " " + B2S(GetExpiredTimer() == null))
endfunction
function Once takes nothing returns nothing
    call P("once")
endfunction
function main takes nothing returns nothing
    local trigger a = CreateTrigger()
    local trigger b = CreateTrigger()
    call TriggerRegisterTimerEvent(a, 2.0, true)
    call TriggerAddAction(a, function Every)
    call TriggerRegisterTimerEvent(b, 3.0, false)
    call TriggerAddAction(b, function Once)
endfunction
""")
    s.advance(6.5)
    assert timed(s) == [(2.0, "every true true"), (3.0, "once"), (4.0, "every true true"),
                        (6.0, "every true true")]


def test_register_timer_expire_event_after_callback():
    s = jass_session("""
globals
    timer g
endglobals
function Cb takes nothing returns nothing
    call P("callback")
endfunction
function Trig takes nothing returns nothing
    call P("trigger " + B2S(GetExpiredTimer() == g))
endfunction
function main takes nothing returns nothing
    local trigger t = CreateTrigger()
    set g = CreateTimer()
    call TriggerRegisterTimerExpireEvent(t, g)
    call TriggerAddAction(t, function Trig)
    call TimerStart(g, 1, false, function Cb)
endfunction
""")
    s.advance(2)
    assert seen(s) == ["callback", "trigger true"]


def test_timer_event_actions_may_sleep():
    s = jass_session("""
function A takes nothing returns nothing
    call P("a1")
    call TriggerSleepAction(1)
    call P("a2")
endfunction
function main takes nothing returns nothing
    local trigger t = CreateTrigger()
    call TriggerRegisterTimerEvent(t, 1, false)
    call TriggerAddAction(t, function A)
endfunction
""")
    s.advance(5)
    assert timed(s) == [(1.0, "a1"), (2.0, "a2")]


def test_destroyed_trigger_stops_its_timer_event():
    s = jass_session("""
globals
    trigger g
endglobals
function A takes nothing returns nothing
    call P("tick")
endfunction
function Kill takes nothing returns nothing
    call DestroyTrigger(g)
endfunction
function main takes nothing returns nothing
    set g = CreateTrigger()
    call TriggerRegisterTimerEvent(g, 1, true)
    call TriggerAddAction(g, function A)
    call TimerStart(CreateTimer(), 2.5, false, function Kill)
endfunction
""")
    s.advance(10)
    assert seen(s) == ["tick", "tick"]


def test_null_timer_natives_are_harmless():
    assert run("""
function main takes nothing returns nothing
    call TimerStart(null, 1, false, null)
    call PauseTimer(null)
    call ResumeTimer(null)
    call DestroyTimer(null)
    call P(R2S(TimerGetRemaining(null)) + " " + R2S(TimerGetElapsed(null)) + " " + R2S(TimerGetTimeout(null)))
    call P(B2S(GetExpiredTimer() == null))
endfunction
""") == ["0.000 0.000 0.000", "true"]


def test_timer_handles_are_agents():
    s = jass_session("""
function main takes nothing returns nothing
    local timer t = CreateTimer()
    call P(I2S(GetHandleId(t)))
endfunction
""")
    assert int(seen(s)[0]) >= 0x100000
