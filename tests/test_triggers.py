"""Triggers, conditions/filters (boolexprs), waits and ExecuteFunc (S074, S080, S093-S111).

Scripts run on the project's built-in API (``natives.builtin``), so these tests need no
``../shared``. ``jass_session`` and ``seen`` are shared with the other test modules of the
trigger/timer/event natives.
"""
from __future__ import annotations

from jassvm.loader import load_program
from natives.builtin import builtin_source
from natives.session import GameSession, load_natives
from natives.text import local_messages

PRELUDE = """
function P takes string s returns nothing
    call DisplayTextToPlayer(Player(0), 0, 0, s)
endfunction
function B2S takes boolean b returns string
    if b then
        return "true"
    endif
    return "false"
endfunction
"""


def jass_session(script: str, *, run_main: bool = True, seed: int = 0) -> GameSession:
    """A session running ``PRELUDE + script`` on the built-in API; ``main`` already called."""
    natives = load_natives()
    if "endglobals" in script:  # globals come before the first function
        head, tail = script.split("endglobals", 1)
        text = head + "endglobals\n" + PRELUDE + tail
    else:
        text = PRELUDE + script
    sources = [("builtin.j", builtin_source()), ("test.j", text.encode())]
    session = GameSession(load_program(sources, natives).program, seed=seed)
    session.vm.run_init()
    if run_main:
        session.vm.call("main")
    return session


def seen(session: GameSession) -> list[str]:
    """Lines the local player saw."""
    return [m.text for m in local_messages(session.game)]


def run(script: str, seconds: float = 10.0) -> list[str]:
    s = jass_session(script)
    s.advance(seconds)
    assert not s.vm.errors, [e.format() for e in s.vm.errors]
    return seen(s)


# --------------------------------------------------------------------------- S106, S107
def test_evaluate_runs_all_conditions_in_order_without_short_circuit():
    lines = run("""
function C1 takes nothing returns boolean
    call P("c1")
    return false
endfunction
function C2 takes nothing returns boolean
    call P("c2")
    return true
endfunction
function main takes nothing returns nothing
    local trigger t = CreateTrigger()
    call TriggerAddCondition(t, Condition(function C1))
    call TriggerAddCondition(t, Condition(function C2))
    call P(B2S(TriggerEvaluate(t)))
    call P(I2S(GetTriggerEvalCount(t)))
endfunction
""")
    assert lines == ["c1", "c2", "false", "1"]


def test_evaluate_without_conditions_is_true_and_null_trigger_false():
    assert run("""
function main takes nothing returns nothing
    call P(B2S(TriggerEvaluate(CreateTrigger())))
    call P(B2S(TriggerEvaluate(null)))
endfunction
""") == ["true", "false"]


def test_condition_truthiness_s080():
    lines = run("""
function Zero takes nothing returns integer
    return 0
endfunction
function Four takes nothing returns integer
    return 4
endfunction
function Empty takes nothing returns string
    return ""
endfunction
function NullStr takes nothing returns string
    return null
endfunction
function ZeroR takes nothing returns real
    return 0.0
endfunction
function Ev takes code c returns string
    local trigger t = CreateTrigger()
    call TriggerAddCondition(t, Condition(c))
    return B2S(TriggerEvaluate(t))
endfunction
function main takes nothing returns nothing
    call P(Ev(function Zero))
    call P(Ev(function Four))
    call P(Ev(function Empty))
    call P(Ev(function NullStr))
    call P(Ev(function ZeroR))
endfunction
""")
    assert lines == ["false", "true", "true", "false", "false"]


def test_crashing_condition_counts_as_false():
    s = jass_session("""
function Crash takes nothing returns boolean
    local integer z = 0
    return 1 / z == 1
endfunction
function main takes nothing returns nothing
    local trigger t = CreateTrigger()
    call TriggerAddCondition(t, Condition(function Crash))
    call P(B2S(TriggerEvaluate(t)))
endfunction
""")
    assert seen(s) == ["false"]
    assert [e.kind for e in s.vm.errors] == ["division-by-zero"]


# --------------------------------------------------------------------------- S074
def test_condition_same_handle_and_and_or_not_always_new():
    assert run("""
function F takes nothing returns boolean
    return true
endfunction
function main takes nothing returns nothing
    local conditionfunc a = Condition(function F)
    local conditionfunc b = Condition(function F)
    call P(B2S(a == b))
    call P(B2S(Filter(function F) == Filter(function F)))
    call P(B2S(And(a, b) == And(a, b)))
    call P(B2S(Or(a, b) == Or(a, b)))
    call P(B2S(Not(a) == Not(a)))
    call DestroyCondition(a)
    call P(B2S(Condition(function F) == a))
endfunction
""") == ["true", "true", "false", "false", "false", "false"]


def test_and_or_short_circuit_and_not():
    assert run("""
function T takes nothing returns boolean
    call P("t")
    return true
endfunction
function F takes nothing returns boolean
    call P("f")
    return false
endfunction
function Ev takes boolexpr e returns nothing
    local trigger t = CreateTrigger()
    call TriggerAddCondition(t, e)
    call P(B2S(TriggerEvaluate(t)))
endfunction
function main takes nothing returns nothing
    call Ev(And(Condition(function F), Condition(function T)))
    call Ev(Or(Condition(function T), Condition(function F)))
    call Ev(Not(Condition(function F)))
endfunction
""") == ["f", "false", "t", "true", "f", "true"]


# --------------------------------------------------------------------------- S104, S108
def test_execute_returns_at_first_wait_and_rest_resumes_later():
    assert run("""
function B takes nothing returns nothing
    call P("b1")
    call TriggerSleepAction(1.0)
    call P("b2")
endfunction
function main takes nothing returns nothing
    local trigger t = CreateTrigger()
    call TriggerAddAction(t, function B)
    call TriggerExecute(t)
    call P("a2")
endfunction
""") == ["b1", "a2", "b2"]


def test_execute_ignores_conditions_and_disable_s110():
    assert run("""
function No takes nothing returns boolean
    call P("cond")
    return false
endfunction
function Act takes nothing returns nothing
    call P("act")
endfunction
function main takes nothing returns nothing
    local trigger t = CreateTrigger()
    call TriggerAddCondition(t, Condition(function No))
    call TriggerAddAction(t, function Act)
    call DisableTrigger(t)
    call TriggerExecute(t)
    call P(B2S(IsTriggerEnabled(t)) + " " + I2S(GetTriggerExecCount(t)) + " " + I2S(GetTriggerEvalCount(t)))
    call ResetTrigger(t)
    call P(I2S(GetTriggerExecCount(t)))
endfunction
""") == ["act", "false 1 0", "0"]


def test_same_action_added_twice_runs_twice_and_actions_added_during_run_wait():
    assert run("""
globals
    trigger g
    boolean added = false
endglobals
function C takes nothing returns nothing
    call P("c")
endfunction
function A takes nothing returns nothing
    call P("a")
    if not added then
        set added = true
        call TriggerAddAction(g, function C)
    endif
endfunction
function main takes nothing returns nothing
    set g = CreateTrigger()
    call TriggerAddAction(g, function A)
    call TriggerAddAction(g, function A)
    call TriggerExecute(g)
    call P("-")
    call TriggerExecute(g)
endfunction
""") == ["a", "a", "-", "a", "a", "c"]


def test_crash_after_wait_stops_later_actions_s108():
    s = jass_session("""
function A takes nothing returns nothing
    local integer z = 0
    call TriggerSleepAction(0.5)
    call P(I2S(1 / z))
endfunction
function B takes nothing returns nothing
    call P("b")
endfunction
function main takes nothing returns nothing
    local trigger t = CreateTrigger()
    call TriggerAddAction(t, function A)
    call TriggerAddAction(t, function B)
    call TriggerExecute(t)
endfunction
""")
    s.advance(5)
    assert seen(s) == []
    assert [e.kind for e in s.vm.errors] == ["division-by-zero"]


# --------------------------------------------------------------------------- S109
def test_clear_actions_keeps_pending_actions_of_the_run():
    assert run("""
function A takes nothing returns nothing
    call P("a")
    call TriggerClearActions(GetTriggeringTrigger())
    call TriggerSleepAction(0.5)
endfunction
function B takes nothing returns nothing
    call P("b")
endfunction
function main takes nothing returns nothing
    local trigger t = CreateTrigger()
    call TriggerAddAction(t, function A)
    call TriggerAddAction(t, function B)
    call TriggerExecute(t)
    call TriggerExecute(t)
    call P("main")
endfunction
""") == ["a", "main", "b"]


globals_remove = """
globals
    triggeraction gb
endglobals
function B takes nothing returns nothing
    call P("b")
endfunction
"""


def _remove_b(wait: str, actions: str = "B") -> list[str]:
    """Lines of a trigger run whose first action A removes action B, then runs ``wait``;
    ``actions`` are the actions added after A (B among them)."""
    adds = "\n".join(f"    set gb = TriggerAddAction(t, function {n})" if n == "B"
                      else f"    call TriggerAddAction(t, function {n})" for n in actions.split())
    return run(globals_remove + f"""
function C takes nothing returns nothing
    call P("c")
endfunction
function A takes nothing returns nothing
    call TriggerRemoveAction(GetTriggeringTrigger(), gb)
    {wait}
    call P("a")
endfunction
function main takes nothing returns nothing
    local trigger t = CreateTrigger()
    call TriggerAddAction(t, function A)
{adds}
    call TriggerExecute(t)
endfunction
""")


def test_remove_action_skips_pending_action_only_after_a_wait():
    assert _remove_b("call TriggerSleepAction(0.5)") == ["a"]
    assert _remove_b("") == ["a", "b"]


def test_remove_action_at_a_wait_skips_only_the_removed_one_of_several_pending():
    # S109: after the wait the pending actions that were not removed still run, in order
    # (the run's action list was a deque then, and taking its next action crashed the thread)
    assert _remove_b("call TriggerSleepAction(0.5)", "B C") == ["a", "c"]
    assert _remove_b("call TriggerSleepAction(0.5)", "C B") == ["a", "c"]
    assert _remove_b("", "C B") == ["a", "c", "b"]


# --------------------------------------------------------------------------- S097, S098
def test_sleep_outside_action_threads_kills_the_thread():
    s = jass_session("""
function main takes nothing returns nothing
    call P("m1")
    call TriggerSleepAction(1)
    call P("m2")
endfunction
""")
    s.advance(5)
    assert seen(s) == ["m1"]
    assert [e.kind for e in s.vm.errors] == ["forbidden-wait"]


def test_zero_negative_and_tiny_sleeps_wait_min_sleep():
    s = jass_session("""
function A takes nothing returns nothing
    call TriggerSleepAction(0)
    call P("zero")
    call TriggerSleepAction(-5)
    call P("negative")
    call TriggerSleepAction(0.05)
    call P("tiny")
    call TriggerSleepAction(0.25)
    call P("quarter")
endfunction
function main takes nothing returns nothing
    local trigger t = CreateTrigger()
    call TriggerAddAction(t, function A)
    call TriggerExecute(t)
endfunction
""")
    s.advance(2)
    times = [(round(m.time, 6), m.text) for m in local_messages(s.game)]
    assert times == [(0.1, "zero"), (0.2, "negative"), (0.3, "tiny"), (0.55, "quarter")]


def test_sleep_resets_op_budget_s096():
    script = """
function Mod takes integer a, integer b returns integer
    return a - (a / b) * b
endfunction
function A takes nothing returns nothing
    local integer i = 0
    loop
        exitwhen i >= 100000
        set i = i + 1
        if SLEEP and Mod(i, 5000) == 0 then
            call TriggerSleepAction(0)
        endif
    endloop
    call P("done")
endfunction
function main takes nothing returns nothing
    local trigger t = CreateTrigger()
    call TriggerAddAction(t, function A)
    call TriggerExecute(t)
endfunction
"""
    assert run(script.replace("SLEEP", "true")) == ["done"]
    s = jass_session(script.replace("SLEEP", "false"))
    s.advance(1)
    assert seen(s) == [] and [e.kind for e in s.vm.errors] == ["op-limit"]


# --------------------------------------------------------------------------- S105
def test_execute_wait_waits_only_when_caller_marked():
    script = """
function B takes nothing returns nothing
    call P("b1")
    call TriggerSleepAction(1)
    call P("b2")
endfunction
function A takes nothing returns nothing
    local trigger b = CreateTrigger()
    call TriggerAddAction(b, function B)
    call TriggerExecuteWait(b)
    call P("a2")
endfunction
function main takes nothing returns nothing
    local trigger a = CreateTrigger()
    call TriggerWaitOnSleeps(a, MARK)
    call TriggerAddAction(a, function A)
    call TriggerExecute(a)
endfunction
"""
    assert run(script.replace("MARK", "true")) == ["b1", "b2", "a2"]
    assert run(script.replace("MARK", "false")) == ["b1", "a2", "b2"]


def test_wait_on_sleeps_flag_default_false():
    assert run("""
function main takes nothing returns nothing
    local trigger t = CreateTrigger()
    call P(B2S(IsTriggerWaitOnSleeps(t)))
    call TriggerWaitOnSleeps(t, true)
    call P(B2S(IsTriggerWaitOnSleeps(t)))
endfunction
""") == ["false", "true"]


# --------------------------------------------------------------------------- S102, S103
def test_execute_func_runs_now_and_may_sleep_from_main():
    assert run("""
function F takes nothing returns nothing
    call P("f1")
    call TriggerSleepAction(1)
    call P("f2")
endfunction
function main takes nothing returns nothing
    call ExecuteFunc("F")
    call P("main")
endfunction
""") == ["f1", "main", "f2"]


def test_execute_func_keeps_triggering_trigger_inside_actions_else_new_trigger():
    assert run("""
globals
    trigger g
endglobals
function F takes nothing returns nothing
    call P(B2S(GetTriggeringTrigger() == g) + " " + B2S(GetTriggeringTrigger() == null))
endfunction
function A takes nothing returns nothing
    call ExecuteFunc("F")
endfunction
function main takes nothing returns nothing
    set g = CreateTrigger()
    call TriggerAddAction(g, function A)
    call TriggerExecute(g)
    call ExecuteFunc("F")
endfunction
""") == ["true false", "false false"]


def test_execute_func_unknown_or_parameterised_is_ignored_with_warning():
    s = jass_session("""
function Takes takes integer i returns nothing
    call P("never")
endfunction
function main takes nothing returns nothing
    call ExecuteFunc("NoSuchFunc")
    call ExecuteFunc("Takes")
    call ExecuteFunc(null)
    call P("main")
endfunction
""")
    assert seen(s) == ["main"]
    assert not s.vm.errors
    assert len(s.vm.warnings) == 3 and all("S103" in w for _t, w in s.vm.warnings)


# --------------------------------------------------------------------------- S111
def test_destroy_trigger_from_its_own_action_is_safe():
    s = jass_session("""
function A takes nothing returns nothing
    call DestroyTrigger(GetTriggeringTrigger())
    call TriggerSleepAction(1)
    call P("still running")
endfunction
function B takes nothing returns nothing
    call P("b")
endfunction
function main takes nothing returns nothing
    local trigger t = CreateTrigger()
    call TriggerAddAction(t, function A)
    call TriggerAddAction(t, function B)
    call TriggerExecute(t)
    call TriggerExecute(t)
    call P(B2S(TriggerEvaluate(t)))
endfunction
""")
    s.advance(3)
    assert seen(s) == ["false", "still running", "b"]
    assert not s.vm.errors


def test_response_of_caller_is_inherited_by_trigger_execute():
    s = jass_session("""
globals
    trigger inner
endglobals
function Inner takes nothing returns nothing
    call P("inner " + B2S(GetTriggeringTrigger() == inner) + " " + I2S(GetUnitTypeId(GetTriggerUnit())))
endfunction
function Outer takes nothing returns nothing
    call TriggerExecute(inner)
    call P("outer " + B2S(GetTriggeringTrigger() == inner))
endfunction
function main takes nothing returns nothing
    local trigger t = CreateTrigger()
    set inner = CreateTrigger()
    call TriggerAddAction(inner, function Inner)
    call TriggerRegisterPlayerUnitEvent(t, Player(0), ConvertPlayerUnitEvent(20), null)
    call TriggerAddAction(t, function Outer)
    call KillUnit(CreateUnit(Player(0), 'hfoo', 0, 0, 0))
endfunction
""")
    s.advance(1)
    assert seen(s) == ["inner true 1751543663", "outer false"]
