"""The VM's hooks (``jassvm.hooks``) and per-VM instrumentation (``jassvm.instrument``).

Issue 10 section 1: thread, call and line events; traced functions and watched stores live in
the VM's own copies, the shared program stays untouched and another VM never sees them; an
instrumented function and its callers leave the fast path while every other function keeps
it; a traced run is the untraced run, op for op.
"""
from __future__ import annotations

import pytest

from jassvm import fastpath
from jassvm.instrument import InstrumentedFunction
from jassvm.loader import load_program
from jassvm.vm import UNSET, VM


@pytest.fixture(autouse=True)
def eager_translation(monkeypatch):
    monkeypatch.setattr(fastpath, "HOT_CALLS", 1)


def _natives(log=None):
    def wait(ctx, seconds):
        ctx.sleep(seconds)

    wait.may_wait = True
    return {"Wait": wait, "Say": lambda ctx, s: log.append(s) if log is not None else None}


SRC = """
native Wait takes real s returns nothing
native Say takes string s returns nothing
globals
    integer g = 0
    integer array arr
    integer limit = 5
endglobals
function Leaf takes integer x returns integer
    return x * 2
endfunction
function Middle takes integer x returns integer
    local integer y = Leaf(x)
    set g = g + y
    return y
endfunction
function Other takes nothing returns integer
    local integer i = 0
    loop
        exitwhen i >= 3
        set i = i + 1
    endloop
    return i
endfunction
function Main takes nothing returns nothing
    local integer k = 0
    loop
        exitwhen k >= limit
        set arr[k] = Middle(k)
        set k = k + 1
    endloop
    call Say("done")
endfunction
function Sleeper takes nothing returns nothing
    call Say("before")
    call Wait(2.0)
    call Say("after")
endfunction
function I2S takes integer i returns string
    return ""
endfunction
function Crash takes nothing returns nothing
    local integer z
    call Say(I2S(z))
endfunction
"""



def line_of(text: str, src: str = SRC) -> int:
    """The line number of the first line of ``src`` that contains ``text``."""
    return next(n for n, line in enumerate(src.split("\n"), 1) if text in line)


LINE_LEAF_RETURN = line_of("return x * 2")
LINE_MIDDLE_LOCAL = line_of("local integer y = Leaf(x)")
LINE_MIDDLE_SET = line_of("set g = g + y")
LINE_MAIN_SET_ARR = line_of("set arr[k] = Middle(k)")
LINE_MAIN_NEXT_K = line_of("set k = k + 1")
LINE_OTHER_EXITWHEN = line_of("exitwhen i >= 3")
LINE_SLEEPER_AFTER = line_of('call Say("after")')
LINE_CRASH = line_of("call Say(I2S(z))")


def load(src: str = SRC, log=None):
    return load_program([("t.j", src.encode())], _natives(log), use_cache=False).program


class Recorder:
    def __init__(self, events=None):
        self.events = events if events is not None else []

    def thread_started(self, th):
        self.events.append(("started", th.name, th.kind))

    def thread_slept(self, th, delay):
        self.events.append(("slept", th.name, delay))

    def thread_resumed(self, th):
        self.events.append(("resumed", th.name))

    def thread_crashed(self, th, rec):
        self.events.append(("crashed", th.name if th else None, rec.kind,
                            [(s.function, s.line) for s in rec.stack]))

    def thread_ended(self, th):
        self.events.append(("ended", th.name, th.status))


class Lines:
    def __init__(self):
        self.seen = []

    def line(self, th, frame, line):
        self.seen.append((frame.fn.name, line))


def code_of(prog) -> dict:
    return {name: list(f.code) for name, f in prog.functions.items() if hasattr(f, "code")}


def test_thread_events_in_order():
    vm = VM(load())
    rec = vm.hooks.add(Recorder())
    vm.run_init()
    vm.call("Sleeper", kind="action")
    vm.advance(3.0)
    vm.call("Crash")
    assert rec.events == [
        ("started", "<globals>", "init"), ("ended", "<globals>", "done"),
        ("started", "Sleeper", "action"), ("slept", "Sleeper", 2.0),
        ("resumed", "Sleeper"), ("ended", "Sleeper", "done"),
        ("started", "Crash", "main"),
        ("crashed", "Crash", "uninitialized", [("Crash", LINE_CRASH)]), ("ended", "Crash", "crashed"),
    ]


def test_removed_subscriber_hears_nothing():
    vm = VM(load())
    rec = vm.hooks.add(Recorder())
    vm.hooks.remove(rec)
    vm.run_init()
    vm.call("Main")
    assert rec.events == []


def test_call_and_return_events_see_every_call_and_turn_the_fast_path_off():
    vm = VM(load())
    seen = []

    class Calls:
        def call(self, th, frame):
            seen.append(("call", frame.fn.name, list(frame.locals[:frame.fn.nparams])))

        def ret(self, th, frame):
            seen.append(("ret", frame.fn.name))

    vm.hooks.add(Calls())
    assert not vm.fast_allowed
    vm.run_init()
    vm.call("Main")
    calls = [e for e in seen if e[0] == "call" and not e[1].startswith("<")]   # not initialisers
    assert calls[0] == ("call", "Main", [])
    assert calls[1:5] == [("call", "Middle", [0]), ("call", "Leaf", [0]), ("call", "Middle", [1]),
                          ("call", "Leaf", [1])]
    assert len([e for e in seen if e == ("ret", "Leaf")]) == 5
    assert vm.read_global("g") == 2 * (0 + 1 + 2 + 3 + 4)


def test_line_events_only_in_traced_functions_and_untraced_code_keeps_the_fast_path():
    prog = load()
    vm = VM(prog)
    lines = vm.hooks.add(Lines())
    vm.instrument.trace(prog.functions["Middle"])
    vm.run_init()
    vm.call("Main")
    vm.call("Other")
    assert {fn for fn, _ in lines.seen} == {"Middle"}
    assert lines.seen[:2] == [("Middle", LINE_MIDDLE_LOCAL), ("Middle", LINE_MIDDLE_SET)]
    assert len(lines.seen) == 5 * 3           # three lines, five calls
    rt = vm._fastrt
    assert rt.table.get(prog.functions["Other"]) is not None     # untouched: fast
    assert rt.table.get(prog.functions["Leaf"]) is not None      # called by a traced one: fast
    assert prog.functions["Main"] in rt.slow                      # calls a traced one: bytecode
    assert rt.table.get(prog.functions["Middle"]) is None


def test_traced_run_is_the_untraced_run_op_for_op():
    results = []
    for traced in (False, True):
        prog = load()
        vm = VM(prog)
        if traced:
            vm.hooks.add(Lines())
            vm.instrument.set_trace_all(True)
        vm.run_init()
        th = vm.call("Main")
        vm.call("Crash")
        results.append((vm.read_global("g"), dict(vm.read_global("arr")), th.ops, vm.total_ops,
                        [(e.kind, [(s.function, s.line) for s in e.stack]) for e in vm.errors]))
    assert results[0] == results[1]


def test_loop_lines_repeat_each_iteration():
    prog = load()
    vm = VM(prog)
    lines = vm.hooks.add(Lines())
    vm.instrument.trace(prog.functions["Other"])
    vm.run_init()
    vm.call("Other")
    exitwhen = [ln for fn, ln in lines.seen if ln == LINE_OTHER_EXITWHEN]
    assert len(exitwhen) == 4    # three iterations and the exit


def test_instrumentation_never_reaches_the_shared_program_or_another_vm():
    prog = load()
    before = code_of(prog)
    debugged = VM(prog)
    debugged.hooks.add(Lines())
    debugged.instrument.trace(prog.functions["Middle"])
    debugged.watch_global("g", lambda old, new: None)
    debugged.watch_array("arr", lambda i, old, new: None)
    debugged.instrument.set_trace_all(True)
    debugged.run_init()
    debugged.call("Main")
    assert code_of(prog) == before
    assert all(not isinstance(f, InstrumentedFunction) for f in prog.functions.values())
    plain = VM(prog)
    assert not plain.instrument.active
    plain.run_init()
    plain.call("Main")
    plain.call("Other")
    assert plain._fastrt.table.get(prog.functions["Main"]) is not None
    assert plain._fastrt.slow == frozenset()


def test_watched_scalar_store_keeps_the_fast_path():
    prog = load()
    vm = VM(prog)
    changes = []
    vm.watch_global("g", lambda old, new: changes.append((old, new)))
    vm.run_init()                       # the initialiser's store is a script store too
    vm.call("Main")
    assert changes == [(UNSET, 0), (0, 0), (0, 2), (2, 6), (6, 12), (12, 20)]
    assert vm._fastrt.table.get(prog.functions["Middle"]) is not None


def test_watched_array_elements_report_index_old_and_new():
    prog = load()
    vm = VM(prog)
    seen = []
    vm.watch_array("arr", lambda i, old, new: seen.append((i, old, new)))
    vm.run_init()
    vm.call("Main")
    assert seen == [(0, 0, 0), (1, 0, 2), (2, 0, 4), (3, 0, 6), (4, 0, 8)]
    assert prog.functions["Main"] in vm._fastrt.slow


def test_unwatch_and_untrace_remove_the_copies():
    prog = load()
    vm = VM(prog)
    cb = lambda old, new: None  # noqa: E731
    vm.watch_global("g", cb)
    vm.instrument.trace(prog.functions["Leaf"])
    assert {prog.functions["Middle"], prog.functions["Leaf"]} <= set(vm.instrument.copies)
    vm.unwatch_global("g", cb)
    vm.instrument.trace(prog.functions["Leaf"], on=False)
    assert vm.instrument.copies == {} and not vm.instrument.active


def test_breakpoint_set_from_a_line_hook_applies_to_the_running_caller():
    """Stopped in Leaf, trace Main (a caller already on the stack): Main's frame moves onto
    its copy with the pc mapped, and reports its next lines."""
    prog = load()
    vm = VM(prog)
    seen = []

    class Stepper:
        def line(self, th, frame, line):
            seen.append((frame.fn.name, line))
            if frame.fn.name == "Leaf" and len(seen) == 1:
                vm.instrument.trace(prog.functions["Main"])
                vm.sync_instrumentation()

    vm.hooks.add(Stepper())
    vm.instrument.trace(prog.functions["Leaf"])
    vm.run_init()
    vm.call("Main")
    assert seen[0] == ("Leaf", LINE_LEAF_RETURN)
    assert seen[1] == ("Main", LINE_MAIN_NEXT_K)        # the rest of the line ran untraced
    assert vm.read_global("g") == 20 and dict(vm.read_global("arr")) == {0: 0, 1: 2, 2: 4, 3: 6, 4: 8}


def test_sleeping_thread_resumes_on_its_traced_copy():
    prog = load()
    vm = VM(prog)
    lines = vm.hooks.add(Lines())
    vm.run_init()
    vm.call("Sleeper", kind="action")
    vm.instrument.trace(prog.functions["Sleeper"])
    vm.sync_instrumentation()
    vm.advance(3.0)
    assert lines.seen == [("Sleeper", LINE_SLEEPER_AFTER), ("Sleeper", LINE_SLEEPER_AFTER + 1)]


def test_a_subscriber_may_change_locals_at_a_line():
    prog = load()
    vm = VM(prog)

    class Setter:
        def line(self, th, frame, line):
            if line == LINE_MIDDLE_SET:
                frame.locals[1] = 100       # y

    vm.hooks.add(Setter())
    vm.instrument.trace(prog.functions["Middle"])
    vm.run_init()
    vm.call("Main")
    assert vm.read_global("g") == 500
