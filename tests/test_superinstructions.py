"""The bytecode interpreter's superinstructions (``jassvm.superinstructions``) against the
plain instructions they stand for: same globals, results, op counts and crash records (kind,
message, JASS stack with lines), also when a read inside a fused run crashes (S084) or the op
limit stops a fused loop (S093)."""
from __future__ import annotations

import pytest

from jassvm import bytecode as bc
from jassvm import vm as vm_module
from jassvm.superinstructions import fuse, leaf_form
from jassvm.vm import VM

from test_fastpath import load, snapshot

LOOPS = """
globals
    integer g = 0
endglobals
function Count takes integer n returns integer
    local integer i = 0
    local integer total = 0
    loop
        set total = total + i * 2
        set i = i + 1
        exitwhen i > n
    endloop
    loop
        exitwhen 0 >= n
        set n = n - 1
        set total = total + n
    endloop
    return total
endfunction
function Main takes nothing returns nothing
    set g = Count(300)
endfunction
"""


CALLS = """
globals
    integer g = 0
endglobals
function Add2 takes integer a, integer b returns integer
    return a + b
endfunction
function Add3 takes integer a, integer b, integer c returns integer
    local integer t = a - b
    set t = t * c
    return t
endfunction
function Main takes nothing returns nothing
    local integer i = 0
    local integer j = 7
    loop
        set g = Add2(g, i) + Add3(i, j, g)
        set j = Add2(i, j) * i
        set i = i + 1
        exitwhen i > 200
    endloop
endfunction
"""


LEAVES = """
globals
    integer g = 0
    integer h = 0
endglobals
function Same takes integer a returns integer
    return a
endfunction
function Add2 takes integer a, integer b returns integer
    return a + b
endfunction
function Sub3 takes integer a, integer b returns integer
    return b - 3
endfunction
function Mul2 takes integer a, integer b returns integer
    return a * b
endfunction
function Main takes nothing returns nothing
    local integer i = 0
    local integer j = 7
    local integer t = 1
    loop
        set g = Add2(g, i)
        set j = Mul2(j, t)
        set t = Same(j) + Sub3(i, j)
        set h = Mul2(t, j)
        set t = Mul2(t, 2147483) + Add2(i, j)
        set i = Add2(i, 1)
        exitwhen i > 100
    endloop
endfunction
"""


FIB = """
globals
    integer g = 0
endglobals
function Fib takes integer n returns integer
    local integer t
    if n < 2 then
        return n
    endif
    set t = n * 1
    return Fib(t - 1) + Fib(n - 2)
endfunction
function Main takes nothing returns nothing
    set g = Fib(9)
endfunction
"""


WRAPS = """
globals
    integer g = 0
    integer h = 0
endglobals
function Main takes nothing returns nothing
    local integer a = 2147483647
    local integer b = 65537
    local integer c = -2147483648
    local integer k = 0
    loop
        set c = c + a * b
        set a = a - b * 3
        set b = b * a
        set c = c - c * 7
        set a = b * c
        set k = k + 1
        exitwhen k > 40
    endloop
    set g = a + b
    set h = c
endfunction
"""


def deep(n: int) -> str:
    """A recursion ``n`` frames deep that ends in a leaf call (the depth limit, S093's twin)."""
    return f"""
globals
    integer g = 0
endglobals
function Add2 takes integer a, integer b returns integer
    return a + b
endfunction
function Deep takes integer n returns integer
    local integer z = 0
    if n == z then
        return Add2(n, z)
    endif
    set z = n - 1
    return Deep(z)
endfunction
function Main takes nothing returns nothing
    set g = Deep({n})
endfunction
"""


def unset_read(statement: str) -> str:
    return f"""
function Add2 takes integer a, integer b returns integer
    return a + b
endfunction
function Add3 takes integer a, integer b, integer c returns integer
    return a + b + c
endfunction
function Unset takes integer a returns integer
    local integer x
    return x + a
endfunction
function Unset1 takes integer a returns integer
    local integer x
    return x
endfunction
function Main takes nothing returns nothing
    local integer a
    local integer b = 1
    local integer c = 2
    set c = c + 1
    {statement}
endfunction
"""


def run(src: str, fused: bool, monkeypatch, **vm_args) -> dict:
    with monkeypatch.context() as m:
        if not fused:
            m.setattr(vm_module, "fuse", lambda fn: (list(fn.code), list(fn.costs)))
        vm = VM(load(src), fast=False, **vm_args)
        vm.run_init()
        return snapshot(vm, vm.call("Main"))


@pytest.mark.parametrize("src, vm_args", [
    (LOOPS, {}),
    (LOOPS, {"op_limit": 1500}),                       # stopped inside the fused loop
    (unset_read("if a < b then\n    endif"), {}),      # COMPARE_JUMP, first read
    (unset_read("if b < a then\n    endif"), {}),      # COMPARE_JUMP, second read
    (unset_read("loop\n    exitwhen a == 3\n    endloop"), {}),  # COMPARE_JUMP, a constant
    (unset_read("set b = a + 1"), {}),                 # LOCAL_ADD_STORE
    (unset_read("set b = b + a"), {}),                 # LOAD_LOCAL2, second read
    (unset_read("set b = a * b"), {}),                 # LOCAL_OP, first read
    (unset_read("set b = b - a"), {}),                 # LOCAL_OP, second read
    (unset_read("set b = a * 3"), {}),                 # LOCAL_OP, a constant
    (unset_read("set b = c + b * a"), {}),             # ACC_STORE, third read
    (unset_read("set b = a + b * c"), {}),             # ACC_STORE, first read
    (unset_read("set b = c - a * 3"), {}),             # ACC_STORE, second read, a constant
    (unset_read("set c = b - a"), {}),                 # LOCAL_OP with its store, second read
    (unset_read("set c = a * 7"), {}),                 # LOCAL_OP with its store, a constant
    (WRAPS, {}),                                       # ACC_STORE wraps once, as the run twice
    (unset_read("set b = Add2(c, a)"), {}),            # CALL_LOCALS, second read
    (unset_read("set b = Add2(a, c)"), {}),            # CALL_LOCALS, first read
    (unset_read("set b = Add3(c, b, a)"), {}),         # CALL_LOCALS, three arguments
    (unset_read("set b = Add2(b + c, a) * a"), {}),    # LOAD_LOCAL2 then an arithmetic store
    (unset_read("set b = Unset(b)"), {}),              # RETURN_LOCAL_OP, a local (no leaf)
    (unset_read("set b = Unset1(b)"), {}),             # RETURN_LOCAL, a local (no leaf)
    (unset_read("set b = Unset1(a + 1)"), {}),         # CALL_LOCAL_OP, a constant
    (unset_read("set b = Unset1(b - a)"), {}),         # CALL_LOCAL_OP, second read
    (unset_read("set b = Unset1(a * b)"), {}),         # CALL_LOCAL_OP, first read
    (FIB, {}),                                         # CALL_LOCAL_OP, ARITH_RETURN
    *[(FIB, {"op_limit": limit}) for limit in range(200, 260)],   # stopped at each op
    (CALLS, {}),
    (CALLS, {"op_limit": 2000}),                       # stopped in a call from CALL_LOCALS
    (LEAVES, {}),                                      # leaf calls: no frame, same results
    *[(LEAVES, {"op_limit": limit}) for limit in range(1000, 1090)],   # stopped at each op
    *[(deep(n), {}) for n in range(4090, 4097)],       # the depth limit, at a leaf call too
])
def test_fused_runs_behave_like_the_plain_instructions(src, vm_args, monkeypatch):
    fused = run(src, True, monkeypatch, **vm_args)
    assert fused == run(src, False, monkeypatch, **vm_args)
    if "Main takes nothing returns nothing\n    local integer a\n" in src:
        assert [e[0] for e in fused["errors"]] == ["uninitialized"]


def test_every_fused_run_is_replaced_at_its_first_instruction_only():
    for src, name in ((LOOPS, "Count"), (FIB, "Fib")):
        fn = load(src).functions[name]
        code, costs = fuse(fn)
        assert len(code) == len(fn.code) and sum(1 for a, b in zip(code, fn.code) if a != b) >= 4
        check_replaced_at_first(fn, code, costs)


def test_fused_runs_are_made_for_their_statements():
    """``set b = b * a`` is one LOCAL_OP that stores, ``set c = c + a * b`` one ACC_STORE."""
    fn = load(WRAPS).functions["Main"]
    ops = [op for op, _arg in fuse(fn)[0]]
    stores = [arg[4] for op, arg in fuse(fn)[0] if op == bc.LOCAL_OP]
    assert ops.count(bc.ACC_STORE) == 3 and sum(1 for s in stores if s is not None) == 2
    check_replaced_at_first(fn, *fuse(fn))


def test_the_interpreter_names_its_opcodes_in_bytecode_order():
    """``VM._run`` unpacks ``bc.OPCODES`` into locals named by position: the names must be
    ``bc.OPNAMES`` in order, or a renumbering would make the interpreter misread code."""
    import ast
    import inspect
    import textwrap
    tree = ast.parse(textwrap.dedent(inspect.getsource(vm_module.VM._run)))
    unpack = next(node for node in ast.walk(tree) if isinstance(node, ast.Assign)
                  and isinstance(node.value, ast.Attribute) and node.value.attr == "OPCODES")
    assert [e.id for e in unpack.targets[0].elts] == bc.OPNAMES


def check_replaced_at_first(fn, code, costs) -> None:
    for pc, ((op, _arg), original) in enumerate(zip(code, fn.code)):
        if op >= bc.OPNAMES.index("LOAD_LOCAL2"):
            arith = op in (bc.ARITH_STORE, bc.ARITH_RETURN)
            first = bc.LOAD_LOCAL if not arith else original[0]
            assert original[0] == first and costs[pc] > fn.costs[pc]
            assert not arith or first in (bc.ADD_I, bc.SUB_I, bc.MUL_I)
        else:
            assert (op, _arg) == original and costs[pc] == fn.costs[pc]


class CallLog:
    """A hook subscriber recording every call and return it is told of."""

    def __init__(self):
        self.log = []

    def call(self, th, frame):
        self.log.append(("call", frame.fn.name, th.ops))

    def ret(self, th, frame):
        self.log.append(("ret", frame.fn.name, th.ops))


def test_call_hooks_see_leaf_calls(monkeypatch):
    """With a call/return hook set a leaf callee gets its frame: every call is reported."""
    logs = []
    for fused in (True, False):
        with monkeypatch.context() as m:
            if not fused:
                m.setattr(vm_module, "fuse", lambda fn: (list(fn.code), list(fn.costs)))
            vm = VM(load(LEAVES), fast=False)
            vm.run_init()
            hook = vm.hooks.add(CallLog())
            snap = snapshot(vm, vm.call("Main"))
            logs.append((snap, hook.log))
    assert logs[0] == logs[1]
    assert sum(1 for event, name, _ops in logs[0][1] if event == "call" and name == "Add2") == 303


def test_leaf_forms():
    prog, other = load(LEAVES), load(unset_read("set b = 1"))
    forms = {name: leaf_form(prog.functions[name]) for name in ("Same", "Add2", "Sub3", "Mul2", "Main")}
    forms.update({name: leaf_form(other.functions[name]) for name in ("Unset", "Unset1")})
    assert forms["Same"][:4] == (0, None, None, -1)
    assert forms["Add2"][:4] == (0, 1, None, 0)
    assert forms["Sub3"][:4] == (1, None, 3, 1)
    assert forms["Mul2"][:4] == (0, 1, None, 2)
    assert forms["Main"] is forms["Unset"] is forms["Unset1"] is None
    assert forms["Add2"][4] == sum(prog.functions["Add2"].costs[:4])
