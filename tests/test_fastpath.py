"""The fast path (``jassvm.fastpath``) against the bytecode interpreter.

Each program runs twice, ``vm.fast`` False then True, and everything observable must be equal:
globals, thread result and status, op counts (per thread and total), recorded crashes with
their JASS stacks, warnings, missing-native counts, what natives saw. Functions are translated
on their first call here (``HOT_CALLS = 1``) so the fast path really runs.
"""
from __future__ import annotations

import inspect
from pathlib import Path

import pytest

from jassvm import fastpath
from jassvm.loader import load_program
from jassvm.vm import MAX_CALL_DEPTH, UNSET, VM, JassArray

from conftest import shared_path


@pytest.fixture(autouse=True)
def eager_translation(monkeypatch):
    monkeypatch.setattr(fastpath, "HOT_CALLS", 1)


def load(src: str, natives: dict | None = None):
    return load_program([("t.j", src.encode())], natives or {}, use_cache=False).program


def snapshot(vm: VM, th) -> dict:
    def value(v):
        if isinstance(v, JassArray):
            return dict(v)
        return "<unset>" if v is UNSET else v

    return {
        "globals": {g.name: value(vm.globals[g.index]) for g in vm.program.globals},
        "errors": [(e.kind, e.message, [(s.function, s.file, s.line) for s in e.stack])
                   for e in vm.errors],
        "warnings": list(vm.warnings), "result": th.result, "status": th.status,
        "ops": th.ops, "total_ops": vm.total_ops, "missing": dict(vm.missing_called),
        "threads": vm.threads_started,
    }


def run_both(src: str, entry: str = "Main", natives: dict | None = None, setup=None,
             log: list | None = None, **vm_args) -> tuple[VM, dict]:
    """Run ``entry`` in both modes; assert equal snapshots (and equal ``log`` entries, which
    natives and hooks append to); return the fast VM and its snapshot."""
    prog = load(src, natives)
    results = []
    for fast in (False, True):
        if log is not None:
            log.clear()
        vm = VM(prog, fast=fast, **vm_args)
        if setup:
            setup(vm)
        vm.run_init()
        th = vm.call(entry)
        results.append((vm, snapshot(vm, th), list(log or [])))
    (_, slow, slow_log), (fast_vm, fast, fast_log) = results
    assert fast == slow
    assert fast_log == slow_log
    return fast_vm, fast


def is_fast(vm: VM, name: str) -> bool:
    return vm._fastrt is not None and vm._fastrt.table.get(vm.program.functions[name]) is not None


def stack_lines(snap: dict) -> list[list[tuple[str, int]]]:
    return [[(f, line) for f, _file, line in stack] for _k, _m, stack in snap["errors"]]


# ---------------------------------------------------------------------------------- values

def test_int_wraparound():
    vm, snap = run_both("""
globals
    integer a
    integer b
    integer c
    integer d
    integer e
    integer acc = 1
endglobals
function Main takes nothing returns nothing
    local integer i = 0
    set a = 2147483647 + 1
    set b = -2147483648 - 1
    set c = 65536 * 65536 + 7
    set d = -(-2147483647 - 1)
    loop
        exitwhen i >= 40
        set acc = acc * 3 + i
        set i = i + 1
    endloop
    set e = acc / -7 + acc % 5
endfunction
""")
    g = snap["globals"]
    assert (g["a"], g["b"], g["c"], g["d"]) == (-2147483648, 2147483647, 7, -2147483648)
    assert is_fast(vm, "Main") and snap["errors"] == []


def test_nested_integer_arithmetic_wraps_like_each_step():
    """The fast tier wraps a nest of +, -, * once (modulo 2**32); the bytecode tier wraps
    every step: same values, also where a division needs the wrapped operand."""
    vm, snap = run_both("""
globals
    integer a
    integer b
    integer c
endglobals
function Main takes nothing returns nothing
    local integer x = 2147483647
    local integer y = -2147483648
    set a = (x * x + y * 3) * (x - y) - 5
    set b = (x + 1) / 3 + (y - 1) / 7
    set c = ((x * 65536) * 65536 - y) * x
endfunction
""")
    def w(v):
        return (v + 2 ** 31) % 2 ** 32 - 2 ** 31
    x, y = 2147483647, -2147483648
    g = snap["globals"]
    assert g["a"] == w((x * x + y * 3) * (x - y) - 5)
    assert g["b"] == int(w(x + 1) / 3) + int(w(y - 1) / 7)
    assert g["c"] == w(((x * 65536) * 65536 - y) * x)
    assert is_fast(vm, "Main") and snap["errors"] == []


def test_adding_a_constant_wraps_at_either_end():
    """``x + k`` / ``k + x`` / ``x - k`` with a constant ``k >= 0`` test one end of the range
    in the fast tier (they cannot leave it at the other): the wrap stays that of S001, also
    with negative constants, a constant above int32 and a nested sum."""
    vm, snap = run_both("""
globals
    integer a
    integer b
    integer c
    integer d
    integer e
    integer f
    integer h
endglobals
function Main takes nothing returns nothing
    local integer x = 2147483647
    local integer y = -2147483648
    set a = x + 1
    set b = 1 + x
    set c = y - 1
    set d = y + (-1)
    set e = x - (-1)
    set f = y + 4294967295
    set h = (x + x) + 3
endfunction
""")
    g = snap["globals"]
    x, y = 2147483647, -2147483648
    assert (g["a"], g["b"], g["c"], g["d"], g["e"]) == (y, y, x, x, y)
    assert g["f"] == 2147483647 and g["h"] == 1
    assert is_fast(vm, "Main") and snap["errors"] == []


COUNTED = """
globals
    integer g = 0
    integer h = 0
endglobals
function Count takes integer n returns integer
    local integer i = 0
    local integer total = 0
    loop
        set total = total + i * 2
        exitwhen total > 5000
        set i = i + 1
        exitwhen i > n
    endloop
    set h = i
    return total
endfunction
function Main takes nothing returns nothing
    set g = Count(30) + Count(100) + Count(-5)
endfunction
"""


@pytest.mark.parametrize("limit", [*range(7, 700), 3000])
def test_counted_loops_stop_at_the_same_op(limit):
    """A loop whose body cannot raise runs as a ``for`` over the iterations the op limit
    allows (``_Gen._counted_loop``): same op counts at each exit and the same S093 crash,
    whichever iteration (or the loop's entry, already past the limit) the limit falls in."""
    vm, snap = run_both(COUNTED, op_limit=limit)
    assert is_fast(vm, "Count")
    assert "for _k in range(" in fastpath.fast_source(vm.program.functions["Count"], vm.program)
    assert [e[0] for e in snap["errors"]] == ([] if limit == 3000 else ["op-limit"])


ACCUMULATE = """
globals
    integer g = 0
    integer h = 0
    integer s = 0
endglobals
function Sums takes integer n, integer step returns integer
    local integer i = 0
    local integer up = 2147483000
    local integer down = -2147483000
    local integer seen = 0
    loop
        set up = up + i * step
        set down = down - (step * 3)
        set seen = seen + i
        exitwhen seen > 1000000
        set i = i + 1
        exitwhen i > n
    endloop
    set h = down
    set s = seen
    return up
endfunction
function Main takes nothing returns nothing
    set g = Sums(3000, 65537)
endfunction
"""


def _wrap32(v: int) -> int:
    return (v + 2 ** 31) % 2 ** 32 - 2 ** 31


def test_loop_accumulators_wrap_like_each_step():
    """In a counted loop, a local only ever added to (``set x = x + a``) is wrapped at the
    loop's exits, not at each store (``fastpath._defer_accumulator_wraps``): the values are
    those of S001's wrap at every step, overflowing both ways many times; a local the loop
    also reads (``seen``, tested by an ``exitwhen``) keeps its wrap at every store."""
    vm, snap = run_both(ACCUMULATE, op_limit=10 ** 7)
    up, down, seen, i = 2147483000, -2147483000, 0, 0
    while True:
        up = _wrap32(up + i * 65537)
        down = _wrap32(down - 65537 * 3)
        seen = _wrap32(seen + i)
        if seen > 1000000:
            break
        i += 1
        if i > 3000:
            break
    g = snap["globals"]
    assert (g["g"], g["h"], g["s"]) == (up, down, seen)
    assert snap["errors"] == []
    src = fastpath.fast_source(vm.program.functions["Sums"], vm.program)
    assert "L3 = L3 + (L2 * L1)\n" in src and "L4 = L4 - (L1 * 3)\n" in src
    assert "L5 = (_wrap(_r) if (_r := (L5 + L2))" in src


@pytest.mark.parametrize("limit", [20, 200, 2000, 20000])
def test_loop_accumulators_at_the_op_limit(limit):
    """The S093 crash inside a loop with deferred wraps: same op count, stack and globals."""
    vm, snap = run_both(ACCUMULATE, op_limit=limit)
    assert [e[0] for e in snap["errors"]] == ["op-limit"]


def test_reals_round_to_binary32_and_compare_like_the_game():
    vm, snap = run_both("""
globals
    real x
    real y
    real z
    boolean eq1
    boolean eq2
    boolean ne1
    integer n
endglobals
function Main takes nothing returns nothing
    set x = 0.1 + 0.2
    set y = 1.0 / 3.0 * 3 - 1
    set z = -x * 16777217
    set eq1 = 0.0 == 0.0009
    set eq2 = 1000000.0 == 1000000.0625
    set ne1 = 0.0 != 0.0009
    set n = 7
    set x = x + n / 2
endfunction
""")
    g = snap["globals"]
    assert g["eq1"] is True and g["eq2"] is False and g["ne1"] is True
    assert g["x"] == pytest.approx(3.3, abs=1e-6) and is_fast(vm, "Main")


def test_strings_concatenate_with_null_identity():
    _vm, snap = run_both("""
globals
    string s = null
    string n = null
    string t
    boolean same
endglobals
function Main takes nothing returns nothing
    set t = s + "a" + n + "b"
    set s = s + s
    set same = t == "ab" and s == null
endfunction
""")
    assert snap["globals"]["t"] == "ab" and snap["globals"]["same"] is True


def test_arrays_defaults_and_out_of_range_writes():
    _vm, snap = run_both("""
native R2I takes real r returns integer
globals
    integer array ga
    string array gs
    integer r1
    integer r2
endglobals
function Main takes nothing returns nothing
    local real array lr
    local integer i = 0
    loop
        exitwhen i > 5
        set ga[i * 2] = i
        set lr[i] = i * 0.5
        set i = i + 1
    endloop
    set ga[-1] = 99
    set ga[8192] = 99
    set gs[3] = gs[2] + "x"
    set r1 = ga[3] + ga[10] + ga[-1] + R2I(lr[5] * 2)
    set r2 = ga[8192]
endfunction
""", natives={"R2I": lambda ctx, r: int(r)})
    g = snap["globals"]
    assert g["r1"] == 5 + 5 and g["r2"] == 0 and g["gs"] == {3: "x"}
    assert len(snap["warnings"]) == 2 and "out of range" in snap["warnings"][0][1]


# ---------------------------------------------------------------------------------- crashes

def test_division_by_zero_crash_has_the_same_stack():
    vm, snap = run_both("""
globals
    integer before = 0
    integer after = 0
endglobals
function Divide takes integer a, integer b returns integer
    set before = a
    return a / b
endfunction
function Middle takes integer z returns integer
    return 1 + Divide(10, z)
endfunction
function Main takes nothing returns nothing
    set after = Middle(2)
    set after = Middle(0)
    set after = 5
endfunction
""")
    assert [e[0] for e in snap["errors"]] == ["division-by-zero"]
    assert stack_lines(snap) == [[("Main", 15), ("Middle", 11), ("Divide", 8)]]
    assert snap["globals"]["before"] == 10 and snap["globals"]["after"] == 6
    assert is_fast(vm, "Divide")


@pytest.mark.parametrize("crash, kind, line", [
    ("set t = t / z", "division-by-zero", 6),                # after lines of plain arithmetic
    ("if t > 0 then\n    set t = t + 1\nendif\nset t = u", "uninitialized", 9),   # after a branch
    ("loop\n    set t = t * 3 - 1\n    exitwhen t > 50\nendloop\nset t = u", "uninitialized", 10),
])
def test_crash_lines_after_plain_arithmetic_lines(crash, kind, line):
    """The fast tier assigns its line register only before statements that may raise: a
    crash after lines of local arithmetic (which assign none) is on its own line."""
    vm, snap = run_both("""function Work takes integer z returns integer
local integer t = 1
local integer u
set t = t + 2
set t = t * t - z
""" + crash + """
return t
endfunction
function Main takes nothing returns nothing
call Work(0)
endfunction
""")
    assert [e[0] for e in snap["errors"]] == [kind]
    assert stack_lines(snap)[0][-1] == ("Work", line)
    assert is_fast(vm, "Work")


@pytest.mark.parametrize("expr", ["7 % z", "1.5 / (z * 1.0)", "z / z"])
def test_modulo_and_real_division_by_zero(expr):
    _vm, snap = run_both(f"""
globals
    real r = 0
endglobals
function Main takes nothing returns nothing
    local integer z = 0
    set r = 1
    set r = {expr}
endfunction
""")
    assert [e[0] for e in snap["errors"]] == ["division-by-zero"]
    assert stack_lines(snap) == [[("Main", 8)]]


def test_uninitialised_local_read_crash_only_on_the_unset_path():
    vm, snap = run_both("""
globals
    integer g = 0
endglobals
function Pick takes boolean b returns integer
    local integer x
    if b then
        set x = 1
    endif
    set g = g + 1
    return x + 1
endfunction
function Main takes nothing returns nothing
    set g = Pick(true) + Pick(true) * 10
    set g = Pick(false)
endfunction
""")
    assert [e[0] for e in snap["errors"]] == ["uninitialized"]
    assert "variable x" in snap["errors"][0][1]
    assert stack_lines(snap) == [[("Main", 15), ("Pick", 11)]]
    assert snap["globals"]["g"] == 23 and is_fast(vm, "Pick")


def test_uninitialised_global_read_crash():
    _vm, snap = run_both("""
globals
    integer never
    integer seen = 0
endglobals
function Main takes nothing returns nothing
    set seen = 1
    if seen > 0 or never > 0 then
        set seen = 2
    endif
    set seen = never
endfunction
""")
    assert snap["errors"][0][:2] == ("uninitialized", "read of uninitialised global never (S084)")
    assert stack_lines(snap) == [[("Main", 11)]] and snap["globals"]["seen"] == 2


def test_missing_native_crashes_and_is_counted():
    _vm, snap = run_both("""
native NotThere takes integer x returns integer
globals
    integer g = 0
endglobals
function Main takes nothing returns nothing
    set g = 1
    set g = NotThere(g)
endfunction
""")
    assert snap["errors"][0][0] == "missing-native" and snap["missing"] == {"NotThere": 1}


# ---------------------------------------------------------------------------------- op limit

def test_op_limit_s093_via_execute_func(tmp_path):
    """S093's program: the ExecuteFunc thread dies at the op limit, the caller goes on.

    Both modes print the game's count, 42857: the limit is checked at loop back-edges and
    calls, and with the function entry cost the check after iteration 42857 is already over
    the limit, so iteration 42858's store never happens (as in the game, which stops at the
    crossing instruction).
    """
    from conformance import read_case, run_case
    import jassvm.vm as vm_module

    case_file = tmp_path / "s093.j"
    case_file.write_text("""// @expect 42857
globals
    integer g_a = 0
endglobals
function inf_loop takes nothing returns nothing
    loop
        set g_a = g_a + 1
    endloop
endfunction
function main takes nothing returns nothing
    call ExecuteFunc("inf_loop")
    call BJDebugMsg(I2S(g_a))
endfunction
""")
    api_root = shared_path("corpus", "api")
    seen = []
    for fast in (False, True):
        vm_module.FAST_DEFAULT = fast
        try:
            out, session, error = run_case(read_case(case_file), api_root)
        finally:
            vm_module.FAST_DEFAULT = True
        assert error is None
        seen.append((out, [(e.kind, [str(s) for s in e.stack]) for e in session.vm.errors],
                     session.vm.total_ops))
    assert seen[0] == seen[1]
    assert seen[0][0] == ["42857"] and seen[0][1] == [("op-limit", ["inf_loop (s093.j:7)"])]


@pytest.mark.parametrize("limit", [50, 51, 52, 53, 97, 98, 99, 100, 101, 250, 1000])
def test_op_limit_checkpoints_in_loops_branches_and_calls(limit):
    """The limit is checked at back-edges, at the end of taken if branches and at calls:
    every limit must kill the thread at the same place in both modes."""
    _vm, snap = run_both("""
globals
    integer g = 0
    integer h = 0
endglobals
function Leaf takes integer x returns integer
    if x > 2 then
        set h = h + 1
    elseif x > 1 then
        set h = h + 2
    else
        set h = h - 1
    endif
    return x * 2
endfunction
function Main takes nothing returns nothing
    local integer i = 0
    loop
        exitwhen i > 30
        set g = g + Leaf(i) + Leaf(i + 1)
        if i > 3 and Leaf(i) > 5 then
            set g = g - 1
        endif
        set i = i + 1
    endloop
endfunction
""", op_limit=limit)
    assert [e[0] for e in snap["errors"]] == ["op-limit"]


@pytest.mark.parametrize("limit", range(0, 13))
def test_op_limit_at_the_entry_of_each_action(limit):
    """A thread's action is entered like a call (2 ops, S093's 42857): past the limit the
    thread dies before the action runs, in both tiers. The init thread runs one action per
    global initialiser (entry 2 + 3 ops each), so the k-th (from 0) still runs only while
    5k + 2 <= limit, and every later one is ended at its entry (S108: a crash ends only the
    running action)."""
    _vm, snap = run_both("""
globals
    integer a = 1
    integer b = 2
    integer c = 3
    integer seen = 0
endglobals
function Main takes nothing returns nothing
    set seen = 1
endfunction
""", op_limit=limit)
    g = snap["globals"]
    ran = [k for k, name in enumerate("abc") if g[name] != "<unset>"]
    assert ran == [k for k in range(3) if 5 * k + 2 <= limit]
    assert g["seen"] == ("<unset>" if limit < 2 else 1)


def test_op_count_is_exact_for_natives_and_returns():
    """Natives see the thread's exact op count (``ctx.thread.ops``)."""
    log = []

    def probe(ctx, x):
        log.append((x, ctx.thread.ops))
        return x

    _vm, snap = run_both("""
native Probe takes integer x returns integer
globals
    integer g = 0
endglobals
function Twice takes integer x returns integer
    return Probe(x) + Probe(x + 1)
endfunction
function Main takes nothing returns nothing
    local integer i = 0
    loop
        exitwhen i >= 4
        if i == 2 or Probe(i) > 100 then
            set g = g + Twice(i)
        endif
        set i = i + 1
    endloop
endfunction
""", natives={"Probe": probe}, log=log)
    assert len(log) == 5 and snap["errors"] == []


def test_stack_overflow_in_recursion():
    vm, snap = run_both("""
function Down takes integer n returns integer
    return Down(n + 1) + 1
endfunction
function Main takes nothing returns nothing
    call Down(0)
endfunction
""", op_limit=10 ** 9)
    (kind, _message, stack), = snap["errors"]
    assert kind == "stack-overflow" and len(stack) == MAX_CALL_DEPTH
    assert is_fast(vm, "Down")


# ---------------------------------------------------------------------------------- calls

def test_recursion_and_two_argument_calls():
    vm, snap = run_both("""
globals
    integer fib
    integer sum = 0
endglobals
function Fib takes integer n returns integer
    if n < 2 then
        return n
    endif
    return Fib(n - 1) + Fib(n - 2)
endfunction
function Add takes integer a, integer b returns integer
    return a + b
endfunction
function Main takes nothing returns nothing
    local integer i = 0
    set fib = Fib(16)
    loop
        exitwhen i > 100
        set sum = Add(sum, i)
        set i = i + 1
    endloop
endfunction
""")
    assert snap["globals"]["fib"] == 987 and snap["globals"]["sum"] == 5050
    assert is_fast(vm, "Fib") and is_fast(vm, "Add")


def test_short_circuit_runs_calls_only_when_needed():
    log = []

    def note(ctx, x):
        log.append(x)
        return x > 0

    _vm, snap = run_both("""
native Note takes integer x returns boolean
globals
    boolean a
    boolean b
    boolean c
endglobals
function Main takes nothing returns nothing
    set a = Note(0) and Note(1)
    set b = Note(2) or Note(3)
    set c = true or false and false
    set a = not c and (Note(4) or Note(5)) and not Note(-6)
endfunction
""", natives={"Note": note}, log=log)
    assert log == [0, 2, 4, -6]
    assert snap["globals"]["c"] is False  # S058: and/or group left to right
    assert snap["globals"]["a"] is True and snap["globals"]["b"] is True


def test_natives_calling_back_into_jass():
    """A ForGroup-style native runs a code value in callback threads (each its own count)."""
    log = []

    def for_each(ctx, code, n):
        for i in range(n):
            log.append(ctx.run_code(code, index=i))

    def index(ctx):
        return ctx.thread.response["index"]

    vm, snap = run_both("""
native ForEach takes code c, integer n returns nothing
native EnumIndex takes nothing returns integer
globals
    integer total = 0
endglobals
function Step takes nothing returns nothing
    set total = total + EnumIndex() * 10
    if EnumIndex() == 3 then
        set total = total / 0
    endif
endfunction
function Main takes nothing returns nothing
    call ForEach(function Step, 5)
    set total = total + 1
endfunction
""", natives={"ForEach": for_each, "EnumIndex": index}, log=log)
    assert snap["globals"]["total"] == 0 + 10 + 20 + 30 + 40 + 1
    assert stack_lines(snap) == [[("Step", 10)]] and snap["threads"] == 1 + 5 + 1
    assert is_fast(vm, "Step")


def test_handle_stores_call_retain_and_release_hooks():
    log = []

    class Unit:
        def __init__(self, n):
            self.n = n
            self.handle_id = 1000 + n

        def __repr__(self):
            return f"unit{self.n}"

        def __eq__(self, other):  # equal across the two runs
            return isinstance(other, Unit) and other.n == self.n

        __hash__ = None

    def setup(vm):
        vm.retain = lambda h: log.append(("retain", repr(h)))
        vm.release = lambda h: log.append(("release", repr(h)))

    _vm, snap = run_both("""
type unit extends handle
native MakeUnit takes integer n returns unit
globals
    unit gu = null
    unit array ua
    integer id
endglobals
function Keep takes unit u returns integer
    local unit v = u
    set v = MakeUnit(9)
    set ua[2] = v
    set ua[2] = u
    return 0
endfunction
function Main takes nothing returns nothing
    local unit w
    set gu = MakeUnit(1)
    set w = gu
    set gu = MakeUnit(2)
    set id = Keep(w)
    set ua[-5] = w
    set gu = null
endfunction
""", natives={"MakeUnit": lambda ctx, n: Unit(n)}, setup=setup, log=log)
    assert ("release", "unit1") in log and ("retain", "unit9") in log
    assert len(snap["warnings"]) == 1


# ---------------------------------------------------------------------------------- waits

def _waiting_natives():
    def wait(ctx, seconds):
        ctx.sleep(seconds)

    wait.may_wait = True
    return {"Wait": wait, "Nop": lambda ctx: None}


WAITING = """
native Wait takes real s returns nothing
native Nop takes nothing returns nothing
globals
    integer g = 0
endglobals
function Sleeper takes nothing returns nothing
    call Wait(1.0)
endfunction
function A takes integer n returns nothing
    if n == 7 then
        call Sleeper()
    elseif n > 0 then
        call A(n - 1)
    endif
endfunction
function B takes integer n returns nothing
    call A(n)
endfunction
function C takes integer n returns nothing
    call Nop()
    if n > 0 then
        call C(n - 1)
    endif
endfunction
function D takes integer n returns nothing
    call C(n)
endfunction
function Crash takes nothing returns nothing
    set g = 1 / g
endfunction
function Main takes nothing returns nothing
    set g = g + 1
    call D(5)
    call B(3)
    call Wait(0.5)
    set g = 0
    call Crash()
endfunction
"""


def test_functions_that_may_wait_stay_bytecode():
    prog = load(WAITING, _waiting_natives())
    fns = prog.functions
    assert fastpath.may_wait(fns["Sleeper"]) and fastpath.may_wait(fns["Main"])
    assert fastpath.may_wait(fns["A"]) and fastpath.may_wait(fns["B"])  # recursion reaching a wait
    assert not fastpath.may_wait(fns["C"]) and not fastpath.may_wait(fns["D"])
    assert not fastpath.may_wait(fns["Crash"])


def test_waiting_caller_with_fast_callees_and_a_crash_after_the_wait():
    prog = load(WAITING, _waiting_natives())
    snaps = []
    for fast in (False, True):
        vm = VM(prog, fast=fast)
        vm.run_init()
        th = vm.call("Main", kind="action")
        assert th.status == "sleeping"
        vm.advance(2.0)
        snaps.append(snapshot(vm, th))
        if fast:
            assert is_fast(vm, "C") and is_fast(vm, "Crash") and not is_fast(vm, "Main")
    assert snaps[0] == snaps[1]
    assert stack_lines(snaps[1]) == [[("Main", 38), ("Crash", 30)]]


def test_every_native_that_waits_is_marked():
    """A native that suspends its thread must say so, or fast code would call it."""
    from natives.registry import NATIVES
    from natives.session import load_natives

    load_natives()
    unmarked = []
    for name, spec in NATIVES.items():
        try:
            src = inspect.getsource(spec.func)
        except (OSError, TypeError):
            continue
        if (".sleep(" in src or "wait_for(" in src) and not getattr(spec.func, "may_wait", False):
            unmarked.append(name)
    assert unmarked == []


# ---------------------------------------------------------------------------------- shapes

def test_long_elseif_chains_and_deep_expressions_translate():
    branches = "\n".join(f"    elseif n == {i} then\n        set r = {i} * 3" for i in range(1, 160))
    concat = " + ".join(f'"{i}"' for i in range(300))
    vm, snap = run_both(f"""
globals
    integer r = 0
    string s
endglobals
function Pick takes integer n returns integer
    if n == 0 then
        set r = -1
{branches}
    else
        set r = 0
    endif
    return r
endfunction
function Main takes nothing returns nothing
    set r = Pick(0) + Pick(77) + Pick(159) + Pick(500)
    set s = {concat}
endfunction
""")
    assert snap["globals"]["r"] == -1 + 77 * 3 + 159 * 3 + 0 and snap["globals"]["s"].startswith("012345")
    assert is_fast(vm, "Pick") and is_fast(vm, "Main")


def test_hot_calls_threshold(monkeypatch):
    monkeypatch.setattr(fastpath, "HOT_CALLS", 2)
    prog = load("""
globals
    integer g = 0
endglobals
function Once takes nothing returns nothing
    set g = g + 1
endfunction
function Looping takes nothing returns nothing
    loop
        exitwhen g > 10
        set g = g + 1
    endloop
endfunction
""")
    vm = VM(prog)
    vm.run_init()
    vm.call("Once")
    assert not is_fast(vm, "Once")
    vm.call("Once")
    assert is_fast(vm, "Once")
    vm.call("Looping")
    assert is_fast(vm, "Looping") and vm.read_global("g") == 11


def test_fast_is_the_default_and_can_be_switched_off():
    prog = load("function Main takes nothing returns nothing\nendfunction\n")
    assert VM(prog).fast is True and VM(prog, fast=False).fast is False


def test_watched_global_stores_call_watchers_in_fast_code():
    prog = load("""
globals
    integer g = 0
endglobals
function Bump takes nothing returns nothing
    local integer i = 0
    loop
        exitwhen i >= 3
        set g = g + 1
        set i = i + 1
    endloop
endfunction
""")
    seen = []
    for fast in (False, True):
        vm = VM(prog, fast=fast)
        if not hasattr(vm, "watch_global"):
            pytest.skip("VM.watch_global is not available")
        vm.run_init()
        vm.call("Bump")               # translated before the watch rewrites the stores
        changes = []
        vm.watch_global("g", lambda old, new: changes.append((old, new)))
        vm.call("Bump")
        seen.append(changes)
        if fast:
            assert is_fast(vm, "Bump")
    assert seen[0] == seen[1] == [(3, 4), (4, 5), (5, 6)]


def test_generated_source_is_readable():
    prog = load("""
function Add takes integer a, integer b returns integer
    return a + b
endfunction
""")
    src = fastpath.fast_source(prog.functions["Add"], prog)
    assert "def jass_Add(th, d, L0, L1, ops):" in src and "_unwind" in src


def test_corpus_functions_all_translate():
    """Every function of common.j, Blizzard.j and a large campaign map translates."""
    from natives.session import load_natives

    api = shared_path("corpus", "api", "1.33.0")
    big = shared_path("corpus", "maps", "campaign-orcx01-founding-of-durotar", "war3map.j")
    sources = [(str(api / "common.j"), (api / "common.j").read_bytes()),
               (str(api / "Blizzard.j"), (api / "Blizzard.j").read_bytes()),
               (str(big), Path(big).read_bytes())]
    prog = load_program(sources, load_natives()).program
    names = prog.global_names
    types = [g.type_name for g in prog.globals]
    failures = []
    for fn in list(prog.functions.values()) + list(prog.init):
        if getattr(fn, "is_native", False):
            continue
        if fastpath._factory(fn, names, types, prog.array_size) is None:
            failures.append((fn.name, fastpath._FAILURES.get(fn)))
    assert failures == []


def test_short_circuit_in_a_return_value_is_counted():
    """Blizzard.j's GetBooleanAnd: ``return valueA and valueB``."""
    log = []

    def probe(ctx):
        log.append(ctx.thread.ops)

    _vm, snap = run_both("""
native Probe takes nothing returns nothing
globals
    boolean r
endglobals
function GetBooleanAnd takes boolean valueA, boolean valueB returns boolean
    return valueA and valueB
endfunction
function GetBooleanOr takes boolean valueA, boolean valueB returns boolean
    return valueA or valueB
endfunction
function Main takes nothing returns nothing
    set r = GetBooleanAnd(true, true) or GetBooleanOr(false, true)
    call Probe()
    set r = GetBooleanAnd(false, true) and GetBooleanOr(false, false)
    call Probe()
endfunction
""", natives={"Probe": probe}, log=log)
    assert len(log) == 2


def _conformance_cases():
    from conftest import SHARED
    return sorted((SHARED / "conformance" / "cases").glob("*.j"))


@pytest.mark.parametrize("path", _conformance_cases(), ids=lambda p: p.stem)
def test_conformance_case_runs_the_same_in_both_modes(path, monkeypatch):
    """The bytecode interpreter and the fast path (translating on first call) agree on every
    conformance case: lines seen, crash records, warnings and op counts. (tests/test_conformance.py
    checks the lines against the game's.)"""
    from conformance import read_case, run_case
    import jassvm.vm as vm_module
    from jassvm import fastpath

    monkeypatch.setattr(fastpath, "HOT_CALLS", 1)
    api_root = shared_path("corpus", "api")
    runs = []
    for fast in (False, True):
        monkeypatch.setattr(vm_module, "FAST_DEFAULT", fast)
        seen, session, error = run_case(read_case(path), api_root)
        assert error is None
        vm = session.vm
        runs.append((seen, [(e.kind, e.message, [str(s) for s in e.stack]) for e in vm.errors],
                     vm.warnings, vm.total_ops, vm.threads_started))
    assert runs[0] == runs[1]


def test_nested_callback_threads_stop_at_the_same_depth():
    """A callback starting callbacks without end: the nesting cap (not Python's recursion
    limit, which differs between the modes) ends it at the same depth in both."""
    from jassvm.vm import MAX_THREAD_NESTING

    def for_each(ctx, code, n):
        for _ in range(n):
            ctx.run_code(code)

    _vm, snap = run_both("""
native ForEach takes code c, integer n returns nothing
globals
    integer depth = 0
endglobals
function Step takes nothing returns nothing
    set depth = depth + 1
    call ForEach(function Step, 1)
endfunction
function Main takes nothing returns nothing
    call ForEach(function Step, 1)
endfunction
""", natives={"ForEach": for_each})
    assert snap["globals"]["depth"] == MAX_THREAD_NESTING - 1
    assert [e[0] for e in snap["errors"]] == ["stack-overflow"]
