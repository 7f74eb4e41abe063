"""The coroutine bytecode VM: threads as explicit frame stacks, one interpreter loop.

A thread (what the game calls a JASS thread: map init, a trigger execution, an
``ExecuteFunc``, a timer or ForGroup callback...) is a stack of ``Frame``s. Waiting is the
thread leaving the loop with its frames intact; the scheduler resumes it later, so nothing
lives on the Python stack across a wait (DESIGN.md section 4).

Crashes (op limit S093, uninitialised read S084, division by zero, forbidden wait S097, a
native the runtime lacks) end only that thread, silently as in the game, and are recorded in
``VM.errors`` with the JASS stack. A crash in a callback thread never stops its caller (S095).
"""
from __future__ import annotations

import contextlib
import os
import sys
from typing import Any, Callable, Iterable

from . import bytecode as bc
from .bytecode import OP_LIMIT, CompiledFunction, NativeBinding  # noqa: F401  (OP_LIMIT re-exported)
from .compiler import FUNCTION_ENTRY_COST, CompiledProgram, default_value
from .fastpath import FastRuntime
from .hooks import VMHooks
from .instrument import InstrumentedFunction, Instrumentation
from .scheduler import Scheduler
from .superinstructions import fuse
from .thread import (
    MAX_CALL_DEPTH, UNSET, Frame, JassArray, JassCrash, RuntimeErrorRecord, StackEntry, Suspend, Thread,
)
from .values import (
    INT_MAX, INT_MIN, JassDivisionByZero, JassStringTooLong, R2I, concat, f32, int_div, int_mod, real_div, real_eq,
    wrap_int,
)

# Threads started from inside running threads (callbacks, TriggerExecute, ExecuteFunc...) nest
# on the Python stack; past this depth the new thread is ended as a stack overflow. A fixed
# cap keeps the outcome independent of Python's recursion limit and of ``VM.fast`` (the fast
# path uses a different number of Python frames per level).
MAX_THREAD_NESTING = 500
# Python frames needed: about a dozen per nested thread, one per fast-path JASS call.
_RECURSION_LIMIT = MAX_THREAD_NESTING * 12 + MAX_CALL_DEPTH + 2000
SLEEP_KINDS = frozenset({"action", "executefunc"})   # S097: where TriggerSleepAction may wait
# Run functions that can never wait in their generated Python form (``jassvm.fastpath``);
# ``JASS_FAST=0`` in the environment makes VMs interpret bytecode only.
FAST_DEFAULT = os.environ.get("JASS_FAST", "1") != "0"


class _FusedCode(dict):
    """Function -> its code with superinstructions (``jassvm.superinstructions.fuse``) as
    ``(opcode, argument, op cost)`` triples (one subscript per instruction in the loop), made
    on the first lookup of each function."""

    __slots__ = ()

    def __missing__(self, fn: CompiledFunction) -> list[tuple[int, Any, int]]:
        code, costs = fuse(fn)
        entry = self[fn] = [(op, arg, cost) for (op, arg), cost in zip(code, costs)]
        return entry


class NativeContext:
    """What a native sees as ``ctx`` (see ``natives.registry``): ``game`` (the VM's game
    object) and ``thread`` (the running thread, ``VM.current``) are plain attributes the VM
    keeps up to date, because natives read them on nearly every call."""

    def __init__(self, vm: "VM"):
        self.vm = vm
        self.game = vm.game
        self.thread: Thread | None = vm.current

    @property
    def now(self) -> float:
        return self.vm.scheduler.now

    def run_code(self, code, **response) -> Any:
        """Run ``code`` in a new callback thread to completion; its result, or None if it
        crashed. The keywords build the thread's response (``VM.new_response``)."""
        return self.vm.run_callback(code, self.vm.new_response(**response))

    def start_thread(self, functions, kind: str = "action", **response) -> Thread:
        """Start a thread running ``functions`` in order; returns when it ends or first waits.
        The keywords build the thread's response (``VM.new_response``)."""
        return self.vm.start_thread(functions, kind, self.vm.new_response(**response))

    def crash(self, kind: str, message: str):
        raise JassCrash(kind, message)

    def sleep(self, seconds: float | None):
        self.vm.sleep(seconds)

    def warn(self, message: str) -> None:
        self.vm.warn(message)

    def schedule(self, delay: float, kind: str, *args, subject: Any = None) -> int:
        """Queue a scheduler entry (``jassvm.scheduler.Scheduler.schedule``)."""
        return self.vm.scheduler.schedule(delay, kind, *args, subject=subject)


class VM:
    """Runs a ``CompiledProgram``.

    ``game`` is an opaque object the natives layer attaches (``ctx.game``). ``retain`` and
    ``release`` are optional hooks called with a value stored into / overwritten in a handle
    variable, for handle reference counts (S070; locals are not released on return, as in
    the game).

    ``scheduler`` is the game clock to share with the model (a new one when omitted); the VM
    registers its ``resume_kind`` entries there (args: the thread id). Several VMs may share
    one clock (the game runs each AI script in a VM of its own): ``kind_prefix`` namespaces
    the kinds a VM registers (``resume_kind`` is ``kind_prefix + "resume"``) and
    ``first_thread_id`` starts its thread ids past another VM's (ids are ``first_thread_id``
    + 1, + 2...). ``sleep_kinds`` are the thread kinds that may wait (S097; AI scripts wait
    in their own ``ai`` threads).

    ``fast`` (default ``FAST_DEFAULT``): run functions that can never wait through
    ``jassvm.fastpath`` (same results, op counts and crash records). Instrumentation
    (``instrument``, ``jassvm.instrument``) takes just the functions it traces, and their
    callers, off the fast path; call/return hooks take every function off it.

    ``hooks`` (``jassvm.hooks.VMHooks``) are the subscribers told of thread starts, waits,
    ends and crashes, calls, returns and traced lines. ``running`` is the stack of threads
    executing on the Python stack right now (the innermost last); ``threads`` are the ones
    waiting off it.

    ``new_response`` makes the response context of a thread started without one (called
    with no arguments) and the one ``NativeContext.run_code``/``start_thread`` build from
    their keywords. The VM never looks inside a response; the natives layer passes its
    ``Response`` class (``natives.session``); the default is ``dict``.
    """

    def __init__(self, program: CompiledProgram, *, game: Any = None, op_limit: int = OP_LIMIT,
                 fast: bool | None = None, scheduler: Scheduler | None = None,
                 new_response: Callable[..., Any] = dict, kind_prefix: str = "",
                 first_thread_id: int = 0, sleep_kinds: frozenset[str] = SLEEP_KINDS):
        self.program = program
        self.game = game
        self.new_response = new_response
        self.op_limit = op_limit
        self.scheduler = scheduler if scheduler is not None else Scheduler()
        self.resume_kind = kind_prefix + "resume"
        self.sleep_kinds = sleep_kinds
        self.scheduler.register(self.resume_kind, self._resume_entry)
        self.threads: dict[int, Thread] = {}   # id -> thread waiting off the Python stack
        self.running: list[Thread] = []
        self.hooks = VMHooks()
        self.instrument = Instrumentation(program)
        self._fused = _FusedCode()   # function -> [(op, arg, cost)] with superinstructions
        self._at_line: Thread | None = None    # the thread whose line hooks run right now
        self._next_thread_id = first_thread_id
        self.current: Thread | None = None
        self.ctx = NativeContext(self)
        self.fast = FAST_DEFAULT if fast is None else fast
        self._fastrt = None
        self._nesting = 0             # threads executing on the Python stack right now
        if sys.getrecursionlimit() < _RECURSION_LIMIT:
            sys.setrecursionlimit(_RECURSION_LIMIT)
        self.errors: list[RuntimeErrorRecord] = []
        self.warnings: list[tuple[float, str]] = []
        self.retain: Callable[[Any], None] | None = None
        self.release: Callable[[Any], None] | None = None
        self.threads_started = 0
        self.total_ops = 0
        self.missing_called: dict[str, int] = {}
        self.globals: list[Any] = []
        for g in program.globals:
            if g.is_array:
                self.globals.append(JassArray(default_value(g.type_name), program.array_size))
            else:
                self.globals.append(UNSET)

    # ------------------------------------------------------------------ public API
    @property
    def now(self) -> float:
        return self.scheduler.now

    def function(self, name: str) -> CompiledFunction | NativeBinding | None:
        return self.program.functions.get(name)

    @property
    def fast_allowed(self) -> bool:
        """True when functions may run in their fast forms now (``fast``, and no call/return
        hook and no single-stepping needs every frame interpreted)."""
        return self.fast and not self.hooks.calls and not self.instrument.trace_all

    def run_init(self) -> Thread:
        """Run the global initialisers (the thread that loads the script)."""
        return self.start_thread(self.program.init, "init", None, name="<globals>")

    def call(self, name: str, kind: str = "main", response: Any = None) -> Thread:
        """Run the parameterless function ``name`` in a new thread until it ends or waits."""
        fn = self.program.functions.get(name)
        if not isinstance(fn, CompiledFunction):
            raise KeyError(f"no JASS function named {name}")
        return self.start_thread([fn], kind, response)

    def start_thread(self, functions: Iterable, kind: str, response: Any = None,
                     name: str | None = None) -> Thread:
        """Create a thread that runs ``functions`` (code values) in order and execute it until
        it finishes or first waits. Non-JASS functions (natives used as code, None) are
        recorded as errors and skipped. ``response`` (opaque to the VM) defaults to a new
        ``new_response()``."""
        fns = tuple(f for f in functions
                    if (isinstance(f, CompiledFunction) and f.nparams == 0) or self._callable_code(f))
        th = self.new_thread(name or (fns[0].name if fns else "<empty>"), kind, response, fns)
        self.threads_started += 1
        for cb in self.hooks.thread_started:
            cb(th)
        self.execute(th)
        return th

    def new_thread(self, name: str, kind: str, response: Any = None, actions: tuple = ()) -> Thread:
        """A new, not yet started thread with this VM's next id (ids start at 1) that will
        run ``actions`` (a tuple of functions); its response is ``response`` or
        ``new_response()``."""
        self._next_thread_id += 1
        return Thread(self._next_thread_id, name, kind,
                      response if response is not None else self.new_response(), actions)

    def run_callback(self, code, response: Any = None, kind: str = "callback") -> Any:
        """Run ``code`` in a new thread that may not wait; its return value (None on a crash)."""
        if not self._callable_code(code):
            return None
        th = self.new_thread(code.name, kind, response, (code,))
        self.threads_started += 1
        for cb in self.hooks.thread_started:
            cb(th)
        self.execute(th)
        if th.status == "sleeping":  # cannot happen for callbacks: sleep crashes them
            return None
        return th.result if th.status == "done" else None

    def sleep(self, seconds: float | None) -> None:
        """Make the current thread wait (raises Suspend) or crash it where waits are not
        allowed (S097)."""
        th = self.current
        if th is None or th.kind not in self.sleep_kinds:
            raise JassCrash("forbidden-wait", "TriggerSleepAction outside a trigger action or "
                            "ExecuteFunc thread ends the thread (S097)")
        raise Suspend(seconds)

    def wait_for(self, other: Thread) -> None:
        """Make the current thread wait until ``other`` finishes (TriggerExecuteWait)."""
        if other.finished:
            return
        other.waiters = (*other.waiters, self.current.id)
        self.sleep(None)

    def _resume_entry(self, thread_id: int) -> None:
        th = self.threads.get(thread_id)
        if th is not None:
            self.resume(th)

    def resume(self, th: Thread) -> None:
        """Continue a sleeping thread with a fresh op count (S096)."""
        if th.status != "sleeping":
            return
        self.scheduler.cancel(th.wake)
        th.wake = None
        th.ops = 0
        for cb in self.hooks.thread_resumed:
            cb(th)
        self.execute(th)

    def warn(self, message: str) -> None:
        self.warnings.append((self.scheduler.now, message))

    def advance(self, seconds: float, stop: Callable[[], bool] | None = None) -> None:
        """Simulate ``seconds`` of game time."""
        self.scheduler.run_until(self.scheduler.now + seconds, stop)

    def run_until(self, time: float, stop: Callable[[], bool] | None = None) -> None:
        """Simulate game time up to ``time`` seconds."""
        self.scheduler.run_until(time, stop)

    def read_global(self, name: str) -> Any:
        g = self.program.global_index[name]
        return self.globals[g.index]

    def write_global(self, name: str, value: Any) -> None:
        g = self.program.global_index[name]
        self.globals[g.index] = value

    def watch_global(self, name: str, callback: Callable[[Any, Any], None]) -> bool:
        """Call ``callback(old, new)`` after every assignment the script makes to the
        non-array global ``name`` (``set name = ...``; the old value may be ``UNSET``).

        The stores are rewritten in this VM's own copies of the functions that make them
        (``jassvm.instrument``), which keep their fast forms; the shared program is
        untouched. Writes by natives (``write_global``) are not watched. False when ``name``
        is not a non-array global of the program.
        """
        g = self.program.global_index.get(name)
        if g is None or g.is_array:
            return False
        self.instrument.watch(g.index, callback)
        self.sync_instrumentation()
        return True

    def unwatch_global(self, name: str, callback: Callable) -> None:
        """Stop calling ``callback`` for ``name`` (see ``watch_global``)."""
        g = self.program.global_index.get(name)
        if g is not None:
            self.instrument.unwatch(g.index, callback)
            self.sync_instrumentation()

    def watch_array(self, name: str, callback: Callable[[int, Any, Any], None]) -> bool:
        """Call ``callback(index, old, new)`` after every script store into an element of the
        global array ``name``; functions making such stores run as bytecode. False when
        ``name`` is not a global array."""
        g = self.program.global_index.get(name)
        if g is None or not g.is_array:
            return False
        self.instrument.watch_array(g.index, callback)
        self.sync_instrumentation()
        return True

    def unwatch_array(self, name: str, callback: Callable) -> None:
        """Stop calling ``callback`` for the global array ``name`` (see ``watch_array``)."""
        g = self.program.global_index.get(name)
        if g is not None:
            self.instrument.unwatch_array(g.index, callback)
            self.sync_instrumentation()

    def sync_instrumentation(self) -> None:
        """Apply instrumentation changes now: fast forms made before them are forgotten (in
        place: loops running right now call the new ones) and live frames move onto the
        current copies (``rebase_frames``)."""
        if self._fastrt is not None and self._fastrt.stale():
            self._fastrt.refresh()
        self.rebase_frames()

    def rebase_frames(self) -> None:
        """Move live frames onto the functions the instrumentation resolves to now
        (``Instrumentation.rebase``), so a breakpoint set while a function runs applies to
        the frames already in it. The top frame of a thread that is mid-instruction on the
        Python stack keeps its function until it returns, except that of a thread stopped
        in a line hook (the interpreter reloads its frame when the hook returns)."""
        inst = self.instrument
        for th in list(self.threads.values()) + self.running:
            frames = th.frames
            top = len(frames) if th.status != "running" or th is self._at_line else len(frames) - 1
            for k, fr in enumerate(frames[:top]):
                inst.rebase(fr, after_line=th is self._at_line and k == len(frames) - 1)

    @contextlib.contextmanager
    def plain_frames(self):
        """While the block runs, the frames of waiting threads stand on the program's own
        functions (pcs mapped back from instrumented copies): what a snapshot must record, so
        a save never depends on a debugger. Afterwards they move back onto their copies."""
        moved = []
        for th in self.threads.values():
            for fr in th.frames:
                fn = fr.fn
                if isinstance(fn, InstrumentedFunction):
                    moved.append((fr, fn, fr.pc))
                    fr.fn, fr.pc = fn.original, fn.to_old[fr.pc]
        try:
            yield
        finally:
            for fr, fn, pc in moved:
                fr.fn, fr.pc = fn, pc

    # ------------------------------------------------------------------ internals
    def _callable_code(self, code) -> bool:
        if isinstance(code, CompiledFunction) and code.nparams == 0:
            return True
        if code is not None:
            self._record("bad-code", f"{getattr(code, 'name', code)} cannot run as code "
                         "(natives and functions with parameters cannot, S079)", [])
        return False

    def _record(self, kind: str, message: str, stack: list[StackEntry], thread: Thread | None = None) -> None:
        th = thread or self.current
        rec = RuntimeErrorRecord(kind, message, self.scheduler.now, th.name if th else "", stack)
        self.errors.append(rec)
        for cb in self.hooks.thread_crashed:
            cb(th, rec)

    def _fast_runtime(self):
        """The fast forms of this VM's functions (``jassvm.fastpath.FastRuntime``), made anew
        when what they capture changed (op limit, globals list, instrumentation)."""
        rt = self._fastrt
        if rt is None:
            rt = self._fastrt = FastRuntime(self)
        elif rt.stale():
            rt.refresh()
        return rt

    def _crash_stack(self, th: Thread, exc: BaseException) -> list[StackEntry]:
        """The JASS stack of a crash: the interpreter's frames, then the fast-path frames the
        exception unwound through (``exc.jass_stack``, innermost first)."""
        stack = self._stack_of(th)
        fast = getattr(exc, "jass_stack", None)
        if fast:
            stack.extend(reversed(fast))
        return stack

    @staticmethod
    def _stack_of(th: Thread) -> list[StackEntry]:
        out = []
        for fr in th.frames:
            pc = max(fr.pc - 1, 0)
            line = fr.fn.lines[pc] if fr.fn.lines else fr.fn.line
            out.append(StackEntry(fr.fn.name, fr.fn.file, line))
        return out

    def execute(self, th: Thread) -> None:
        """Run ``th`` until it finishes, waits or crashes."""
        if self._nesting >= MAX_THREAD_NESTING:
            th.status = "crashed"
            th.actions = ()
            self._record("stack-overflow", f"threads nested deeper than {MAX_THREAD_NESTING} "
                         "(callbacks starting callbacks)", [], th)
            self._finished(th)
            return
        prev = self.current
        self.current = self.ctx.thread = th
        th.status = "running"
        self._nesting += 1
        self.running.append(th)
        try:
            while True:
                try:
                    # Actions with fast forms run to completion in _push_next_action: the
                    # interpreter loop is entered only for an action it must interpret.
                    if th.frames or self._push_next_action(th):
                        self._run(th)
                    break
                except Suspend as s:
                    th.slept = True
                    th.status = "sleeping"
                    self.threads[th.id] = th
                    if s.delay is not None:
                        th.wake = self.scheduler.schedule(s.delay, self.resume_kind, th.id)
                    for cb in self.hooks.thread_slept:
                        cb(th, s.delay)
                    return
                except JassCrash as c:
                    self._record(c.kind, c.message, self._crash_stack(th, c), th)
                except JassDivisionByZero as e:
                    self._record("division-by-zero", str(e) or "division by zero",
                                 self._crash_stack(th, e), th)
                except JassStringTooLong as e:  # values.MAX_STRING_BYTES
                    self._record("string-too-long", str(e), self._crash_stack(th, e), th)
                except RecursionError as e:
                    self._record("internal", "Python recursion limit reached (nested callbacks)",
                                 self._crash_stack(th, e), th)
                except Exception as e:  # a bug in a native: record it, keep the game running
                    self._record("internal", f"{type(e).__name__}: {e}", self._crash_stack(th, e), th)
                # A crash ends the running action; later actions still run unless the
                # thread has already waited (S108).
                th.frames.clear()
                if th.kind not in ("action", "init") or th.slept or not th.actions:
                    th.status = "crashed"
                    th.actions = ()
                    break
            if th.status == "running":
                th.status = "done"
        finally:
            self._nesting -= 1
            self.running.pop()
            self.total_ops += th.ops
            self.current = self.ctx.thread = prev
        self._finished(th)

    def _finished(self, th: Thread) -> None:
        """Forget a finished thread and wake the threads waiting for it (next clock step)."""
        if th.status != "done" and th.status != "crashed":
            return
        self.threads.pop(th.id, None)
        for waiter in th.waiters:
            self.scheduler.schedule(0.0, self.resume_kind, waiter)
        th.waiters = ()
        for cb in self.hooks.thread_ended:
            cb(th)

    def _push_next_action(self, th: Thread) -> bool:
        """Start the thread's next action: push its frame; an action with a fast form runs
        to completion right here instead (then the next one). False when none is left."""
        inst = self.instrument
        rt = (self._fast_runtime() if self.fast and not self.hooks.calls and not inst.trace_all
              else None)   # fast_allowed, inlined: this runs for every thread
        while th.actions:
            fn = th.actions[0]
            th.actions = th.actions[1:]    # the last one leaves the shared empty tuple
            th.ops += FUNCTION_ENTRY_COST
            fast = rt.get(fn) if rt is not None else None
            if fast is None:
                # An action is entered like a call: past the limit the thread dies before
                # its frame exists, as the fast form's prologue checks (S093: the game ends
                # a thread as soon as it has run more ops than the limit).
                if th.ops > self.op_limit:
                    raise JassCrash("op-limit", f"op limit of {self.op_limit} exceeded (S093)")
                if inst.active:
                    fn = inst.resolve(fn)
                f = Frame(fn, [UNSET] * len(fn.local_names), self.program.array_size)
                th.frames.append(f)
                for cb in self.hooks.call:
                    cb(th, f)
                return True
            th.result = fast(th, 0, th.ops)
        return False

    def _run(self, th: Thread) -> None:
        """The interpreter loop over ``th``'s frames (at least one: ``execute`` pushes the
        first when the thread has none). Raises Suspend/JassCrash/... out to ``execute``."""
        frames = th.frames
        # Opcodes as locals (fast comparisons in the dispatch chain below), named in
        # ``bc.OPNAMES`` order (tests/test_superinstructions.py checks it).
        (LOAD_LOCAL, PUSH, LOAD_GLOBAL, STORE_LOCAL, STORE_GLOBAL, JUMP_IF_FALSE, JUMP,
         CALL_NATIVE, ADD_I, SUB_I, LT, LE, GT, GE, EQ, NE, LOAD_LOCAL_ELEM, LOAD_GLOBAL_ELEM,
         STORE_LOCAL_ELEM, STORE_GLOBAL_ELEM, MUL_I, DIV_I, MOD_I, ADD_R, SUB_R, MUL_R, DIV_R,
         NEG_I, NEG_R, CONCAT, NOT, EQ_R, NE_R, I2R, JUMP_IF_FALSE_KEEP, JUMP_IF_TRUE_KEEP,
         POP, STORE_LOCAL_H, STORE_GLOBAL_H, STORE_LOCAL_ELEM_H, STORE_GLOBAL_ELEM_H,
         JUMP_IF_TRUE, H2I, R2I_RET, CALL, RETURN, RETURN_NOTHING, STORE_GLOBAL_WATCHED,
         STORE_GLOBAL_ELEM_WATCHED, LINE, LOAD_LOCAL2, LOCAL_ADD_STORE, COMPARE_JUMP, LOCAL_OP,
         ARITH_STORE, ACC_STORE, CALL_LOCALS, CALL_LOCAL_OP, RETURN_LOCAL,
         RETURN_LOCAL_OP, ARITH_RETURN) = bc.OPCODES
        G = self.globals
        limit = self.op_limit
        ctx = self.ctx
        array_size = self.program.array_size
        fast_get = self._fast_runtime().get if self.fast_allowed else None
        hooks = self.hooks
        inst = self.instrument
        fused = self._fused
        max_depth = MAX_CALL_DEPTH
        new_frame = object.__new__
        f = frames[-1]
        fn = f.fn
        code = fused[fn]
        loc = f.locals
        stack = f.stack
        pc = f.pc
        ops = th.ops
        try:
            while True:
                op, arg, cost = code[pc]
                ops += cost
                pc += 1
                if op >= CALL:   # calls, returns, instrumentation, superinstructions (bc.OPNAMES)
                    if op == COMPARE_JUMP:
                        a, b, k, compare, when, target, back = arg
                        v = loc[a]
                        if b is not None:
                            k = loc[b]
                        if v is UNSET or k is UNSET:
                            pc, ops, crash = self._fused_read_crash(fn, pc, ops, code, loc, (a, b))
                            raise crash
                        if compare(v, k) is when:
                            pc = target
                        elif back is None:
                            pc += 3
                        else:   # the loop's JUMP back, as JUMP runs it
                            pc += 4
                            ops += back[1]
                            if ops > limit:
                                raise JassCrash("op-limit", f"op limit of {limit} exceeded (S093)")
                            pc = back[0]
                    elif op == LOCAL_ADD_STORE:
                        a, k, b = arg
                        v = loc[a]
                        if v is UNSET:
                            pc, ops, crash = self._fused_read_crash(fn, pc, ops, code, loc, (a,))
                            raise crash
                        v += k
                        if v > INT_MAX or v < INT_MIN:
                            v = wrap_int(v)
                        loc[b] = v
                        pc += 3
                    elif op == LOCAL_OP:
                        a, b, k, kind, store = arg
                        v = loc[a]
                        if b is not None:
                            k = loc[b]
                        if v is UNSET or k is UNSET:
                            pc, ops, crash = self._fused_read_crash(fn, pc, ops, code, loc, (a, b))
                            raise crash
                        if kind == 0:
                            v += k
                        elif kind == 1:
                            v -= k
                        else:
                            v *= k
                        if v > INT_MAX or v < INT_MIN:
                            v = wrap_int(v)
                        if store is None:
                            stack.append(v)
                            pc += 2
                        else:   # ``set s = a + b``: the STORE_LOCAL too
                            loc[store] = v
                            pc += 3
                    elif op == ACC_STORE:
                        x, a, b, k, inner, outer, slot = arg
                        v = loc[x]
                        w = loc[a]
                        if b is not None:
                            k = loc[b]
                        if v is UNSET or w is UNSET or k is UNSET:
                            pc, ops, crash = self._fused_read_crash(fn, pc, ops, code, loc, (x, a, b))
                            raise crash
                        if inner == 0:   # (no wrap between the two: int32 wraps are modulo 2**32)
                            w += k
                        elif inner == 1:
                            w -= k
                        else:
                            w *= k
                        if outer == 0:
                            v += w
                        elif outer == 1:
                            v -= w
                        else:
                            v *= w
                        if v > INT_MAX or v < INT_MIN:
                            v = wrap_int(v)
                        loc[slot] = v
                        pc += 5
                    elif op >= CALL_LOCALS and op <= CALL_LOCAL_OP or op == CALL:
                        if op == CALL_LOCAL_OP:
                            # ``F(x op y)`` of a one-parameter F: LOCAL_OP's work, the result
                            # the callee's parameter.
                            target, a, b, k, kind, pad = arg
                            v = loc[a]
                            if b is not None:
                                k = loc[b]
                            if v is UNSET or k is UNSET:
                                pc, ops, crash = self._fused_read_crash(fn, pc, ops, code, loc, (a, b))
                                raise crash
                            if kind == 0:
                                v += k
                            elif kind == 1:
                                v -= k
                            else:
                                v *= k
                            if v > INT_MAX or v < INT_MIN:
                                v = wrap_int(v)
                            args = [v]
                            pc += 3
                        elif op == CALL_LOCALS:
                            # The arguments straight from the caller's locals: no stack traffic.
                            target, argc, slots, pad, leaf = arg
                            if argc == 1:
                                v = loc[slots[0]]
                                args = [v]
                                unset = v is UNSET
                            elif argc == 2:
                                v = loc[slots[0]]
                                w = loc[slots[1]]
                                args = [v, w]
                                unset = v is UNSET or w is UNSET
                            else:
                                args = [loc[s] for s in slots]
                                unset = any(v is UNSET for v in args)
                            if unset:
                                pc, ops, crash = self._fused_read_crash(fn, pc, ops, code, loc, slots)
                                raise crash
                            pc += argc
                            if leaf is not None and not inst.active and not hooks.call and not hooks.ret:
                                # ``return`` of the parameters (superinstructions.leaf_form): the
                                # checks a call makes, the callee's ops, no frame.
                                if len(frames) >= max_depth:
                                    raise JassCrash("stack-overflow", f"call depth over {MAX_CALL_DEPTH}")
                                if ops > limit:
                                    raise JassCrash("op-limit", f"op limit of {limit} exceeded (S093)")
                                a, b, k, kind, leaf_cost = leaf
                                ops += leaf_cost
                                v = args[a]
                                if kind >= 0:
                                    if b is not None:
                                        k = args[b]
                                    if kind == 0:
                                        v += k
                                    elif kind == 1:
                                        v -= k
                                    else:
                                        v *= k
                                    if v > INT_MAX or v < INT_MIN:
                                        v = wrap_int(v)
                                op, arg, cost = code[pc]
                                if op == STORE_LOCAL:   # as RETURN stores ``set x = F(...)``
                                    loc[arg] = v
                                    ops += cost
                                    pc += 1
                                else:
                                    stack.append(v)
                                continue
                        else:
                            target, argc = arg
                            if argc:
                                args = stack[-argc:]
                                del stack[-argc:]
                            else:
                                args = []
                            pad = None
                        if fast_get is not None:
                            fast = fast_get(target)
                            if fast is not None:
                                # A function that never waits runs as Python; it makes the depth
                                # and op-limit checks below itself and leaves th.ops up to date.
                                f.pc = pc
                                try:
                                    r = fast(th, len(frames), *args, ops)
                                finally:
                                    ops = th.ops
                                if target.returns != "nothing":
                                    stack.append(r)
                                continue
                        if inst.active:
                            target = inst.resolve(target)   # a copy: the same locals
                        if pad is None:
                            nlocals = len(target.local_names)
                            if nlocals > argc:
                                args.extend([UNSET] * (nlocals - argc))
                        elif pad:
                            args += pad
                        f.pc = pc
                        if len(frames) >= max_depth:
                            raise JassCrash("stack-overflow", f"call depth over {MAX_CALL_DEPTH}")
                        if ops > limit:
                            raise JassCrash("op-limit", f"op limit of {limit} exceeded (S093)")
                        if target.array_slots:
                            f = Frame(target, args, array_size)
                        else:   # Frame() without its __init__ call: what it does for no arrays
                            f = new_frame(Frame)
                            f.fn = target
                            f.pc = 0
                            f.locals = args
                            f.stack = []
                        frames.append(f)
                        fn = target
                        code = fused[fn]
                        loc = args
                        stack = f.stack
                        pc = 0
                        if hooks.call:
                            th.ops = ops
                            for cb in hooks.call:
                                cb(th, f)
                    elif op == RETURN or op >= RETURN_LOCAL or op == RETURN_NOTHING:
                        if op == RETURN:
                            v = stack.pop()
                        elif op == ARITH_RETURN:   # ARITH_STORE's work, the result returned
                            b = stack.pop()
                            if arg == 0:
                                v = stack.pop() + b
                            elif arg == 1:
                                v = stack.pop() - b
                            else:
                                v = stack.pop() * b
                            if v > INT_MAX or v < INT_MIN:
                                v = wrap_int(v)
                            pc += 1
                        elif op == RETURN_LOCAL_OP:   # LOCAL_OP's work, the result not pushed
                            a, b, k, kind = arg
                            v = loc[a]
                            if b is not None:
                                k = loc[b]
                            if v is UNSET or k is UNSET:
                                pc, ops, crash = self._fused_read_crash(fn, pc, ops, code, loc, (a, b))
                                raise crash
                            if kind == 0:
                                v += k
                            elif kind == 1:
                                v -= k
                            else:
                                v *= k
                            if v > INT_MAX or v < INT_MIN:
                                v = wrap_int(v)
                            pc += 3
                        elif op == RETURN_LOCAL:
                            v = loc[arg]
                            if v is UNSET:
                                pc, ops, crash = self._fused_read_crash(fn, pc, ops, code, loc, (arg,))
                                raise crash
                            pc += 1
                        else:
                            v = None
                        if hooks.ret:
                            f.pc = pc
                            th.ops = ops
                            for cb in hooks.ret:
                                cb(th, f)
                        frames.pop()
                        if not frames:
                            th.result = v
                            th.ops = ops
                            try:
                                more = self._push_next_action(th)
                            finally:
                                ops = th.ops
                            if not more:
                                return
                        f = frames[-1]
                        fn = f.fn
                        code = fused[fn]
                        loc = f.locals
                        stack = f.stack
                        pc = f.pc
                        if pc and op != RETURN_NOTHING:   # not when a new action's frame was pushed
                            op, arg, cost = code[pc]
                            if op == STORE_LOCAL:   # ``set x = F(...)``: stored without a dispatch
                                loc[arg] = v
                                ops += cost
                                pc += 1
                            else:
                                stack.append(v)
                    elif op == ARITH_STORE:
                        kind, slot = arg
                        b = stack.pop()
                        if kind == 0:
                            v = stack.pop() + b
                        elif kind == 1:
                            v = stack.pop() - b
                        else:
                            v = stack.pop() * b
                        if v > INT_MAX or v < INT_MIN:
                            v = wrap_int(v)
                        loc[slot] = v
                        pc += 1
                    elif op == LOAD_LOCAL2:
                        a, b = arg
                        v = loc[a]
                        w = loc[b]
                        if v is UNSET or w is UNSET:
                            pc, ops, crash = self._fused_read_crash(fn, pc, ops, code, loc, (a, b))
                            raise crash
                        stack.append(v)
                        stack.append(w)
                        pc += 1
                    elif op == LINE:
                        f.pc = pc
                        th.ops = ops
                        self._at_line = th
                        try:
                            for cb in hooks.line:
                                cb(th, f, arg)
                        finally:
                            self._at_line = None
                        # The hook may have moved this frame onto another copy (a breakpoint
                        # set or cleared) or changed instrumentation: reload everything.
                        f = frames[-1]
                        fn = f.fn
                        code = fused[fn]
                        loc = f.locals
                        stack = f.stack
                        pc = f.pc
                        fast_get = self._fast_runtime().get if self.fast_allowed else None
                    elif op == STORE_GLOBAL_WATCHED:
                        slot, handle = arg
                        v = stack.pop()
                        old = G[slot]
                        if handle and self.retain is not None:
                            self._swap_handle(old, v)
                        G[slot] = v
                        f.pc = pc
                        th.ops = ops
                        for watcher in list(inst.watched.get(slot, ())):
                            watcher(old, v)
                    elif op == STORE_GLOBAL_ELEM_WATCHED:
                        slot, handle = arg
                        v = stack.pop()
                        i = stack.pop()
                        arr = G[slot]
                        if 0 <= i < arr.size:
                            old = arr.get(i, arr.default)
                            if handle and self.retain is not None:
                                self._swap_handle(arr.get(i), v)
                            arr[i] = v
                            f.pc = pc
                            th.ops = ops
                            for watcher in list(inst.watched_arrays.get(slot, ())):
                                watcher(i, old, v)
                        else:
                            self.warn(f"array index {i} out of range 0..{arr.size - 1} in {fn.name} (S085)")
                    else:
                        raise JassCrash("internal", f"unknown opcode {op}")
                elif op == LOAD_LOCAL:
                    v = loc[arg]
                    if v is UNSET:
                        raise JassCrash("uninitialized", f"read of uninitialised variable {fn.local_names[arg]} (S084)")
                    stack.append(v)
                elif op == PUSH:
                    stack.append(arg)
                elif op == LOAD_GLOBAL:
                    v = G[arg]
                    if v is UNSET:
                        raise JassCrash("uninitialized", f"read of uninitialised global {self.program.globals[arg].name} (S084)")
                    stack.append(v)
                elif op == STORE_LOCAL:
                    loc[arg] = stack.pop()
                elif op == CALL_NATIVE:
                    target, argc = arg
                    if argc:
                        args = stack[-argc:]
                        del stack[-argc:]
                    else:
                        args = ()
                    f.pc = pc
                    th.ops = ops
                    func = target.func
                    if func is None:
                        self.missing_called[target.name] = self.missing_called.get(target.name, 0) + 1
                        raise JassCrash("missing-native", f"native {target.name} is not implemented by this runtime")
                    r = func(ctx, *args)
                    rt = target.returns
                    if rt != "nothing":
                        if rt == "real":
                            r = f32(r)
                        elif rt == "integer":
                            if r > INT_MAX or r < INT_MIN:
                                r = wrap_int(r)
                        elif rt == "boolean":
                            r = bool(r)
                        stack.append(r)
                elif op == JUMP_IF_FALSE:
                    if not stack.pop():
                        pc = arg
                elif op == JUMP:
                    if ops > limit:  # before jumping, so the crash is on the JUMP's line
                        raise JassCrash("op-limit", f"op limit of {limit} exceeded (S093)")
                    pc = arg
                elif op == STORE_GLOBAL:
                    G[arg] = stack.pop()
                elif op == ADD_I:
                    b = stack.pop()
                    r = stack[-1] + b
                    if r > INT_MAX or r < INT_MIN:
                        r = wrap_int(r)
                    stack[-1] = r
                elif op == SUB_I:
                    b = stack.pop()
                    r = stack[-1] - b
                    if r > INT_MAX or r < INT_MIN:
                        r = wrap_int(r)
                    stack[-1] = r
                elif op == MUL_I:
                    b = stack.pop()
                    r = stack[-1] * b
                    if r > INT_MAX or r < INT_MIN:
                        r = wrap_int(r)
                    stack[-1] = r
                elif op == LT:
                    b = stack.pop()
                    stack[-1] = stack[-1] < b
                elif op == LE:
                    b = stack.pop()
                    stack[-1] = stack[-1] <= b
                elif op == GT:
                    b = stack.pop()
                    stack[-1] = stack[-1] > b
                elif op == GE:
                    b = stack.pop()
                    stack[-1] = stack[-1] >= b
                elif op == EQ:
                    b = stack.pop()
                    stack[-1] = stack[-1] == b
                elif op == NE:
                    b = stack.pop()
                    stack[-1] = stack[-1] != b
                elif op == LOAD_LOCAL_ELEM or op == LOAD_GLOBAL_ELEM:
                    i = stack.pop()
                    arr = loc[arg] if op == LOAD_LOCAL_ELEM else G[arg]
                    stack.append(arr.get(i, arr.default))
                elif op in (STORE_LOCAL_ELEM, STORE_GLOBAL_ELEM, STORE_LOCAL_ELEM_H, STORE_GLOBAL_ELEM_H):
                    v = stack.pop()
                    i = stack.pop()
                    arr = loc[arg] if op in (STORE_LOCAL_ELEM, STORE_LOCAL_ELEM_H) else G[arg]
                    if 0 <= i < arr.size:
                        if op >= STORE_LOCAL_ELEM_H and self.retain is not None:
                            self._swap_handle(arr.get(i), v)
                        arr[i] = v
                    else:
                        self.warn(f"array index {i} out of range 0..{arr.size - 1} in {fn.name} (S085)")
                elif op == STORE_LOCAL_H:
                    v = stack.pop()
                    if self.retain is not None:
                        self._swap_handle(loc[arg], v)
                    loc[arg] = v
                elif op == STORE_GLOBAL_H:
                    v = stack.pop()
                    if self.retain is not None:
                        self._swap_handle(G[arg], v)
                    G[arg] = v
                elif op == JUMP_IF_TRUE:
                    if stack.pop():
                        pc = arg
                elif op == JUMP_IF_FALSE_KEEP:
                    if stack[-1]:
                        stack.pop()
                    else:
                        pc = arg
                elif op == JUMP_IF_TRUE_KEEP:
                    if stack[-1]:
                        pc = arg
                    else:
                        stack.pop()
                elif op == NOT:
                    stack[-1] = not stack[-1]
                elif op == POP:
                    stack.pop()
                elif op == DIV_I:
                    b = stack.pop()
                    stack[-1] = int_div(stack[-1], b)
                elif op == MOD_I:
                    b = stack.pop()
                    stack[-1] = int_mod(stack[-1], b)
                elif op == ADD_R:
                    b = stack.pop()
                    stack[-1] = f32(stack[-1] + b)
                elif op == SUB_R:
                    b = stack.pop()
                    stack[-1] = f32(stack[-1] - b)
                elif op == MUL_R:
                    b = stack.pop()
                    stack[-1] = f32(stack[-1] * b)
                elif op == DIV_R:
                    b = stack.pop()
                    stack[-1] = real_div(stack[-1], b)
                elif op == NEG_I:
                    stack[-1] = wrap_int(-stack[-1])
                elif op == NEG_R:
                    stack[-1] = -stack[-1]
                elif op == CONCAT:
                    b = stack.pop()
                    stack[-1] = concat(stack[-1], b)
                elif op == EQ_R:
                    b = stack.pop()
                    stack[-1] = real_eq(stack[-1], b)
                elif op == NE_R:
                    b = stack.pop()
                    stack[-1] = stack[-1] != b
                elif op == I2R:
                    stack[-1] = f32(float(stack[-1]))
                elif op == H2I:
                    h = stack[-1]
                    stack[-1] = getattr(h, "handle_id", 0) if h is not None else 0
                elif op == R2I_RET:
                    stack[-1] = R2I(stack[-1])
                else:
                    raise JassCrash("internal", f"unknown opcode {op}")
        finally:
            f.pc = pc
            th.ops = ops

    @staticmethod
    def _fused_read_crash(fn: CompiledFunction, pc: int, ops: int, code: list, loc: list,
                          slots: tuple) -> tuple[int, int, JassCrash]:
        """A superinstruction at ``pc - 1`` read an unset local among ``slots`` (the locals
        its first instructions read, in order; None for a constant): the crash the plain
        instructions raise, with the pc after the reading instruction and the op count
        reached there (the interpreter stores both before the crash is recorded)."""
        start = pc - 1
        ops -= code[start][2]
        for i, slot in enumerate(slots):
            ops += fn.costs[start + i]
            if slot is not None and loc[slot] is UNSET:
                return start + i + 1, ops, JassCrash(
                    "uninitialized", f"read of uninitialised variable {fn.local_names[slot]} (S084)")
        raise AssertionError("no unset local among the superinstruction's reads")

    def _swap_handle(self, old: Any, new: Any) -> None:
        if new is not None:
            self.retain(new)
        if old is not None and old is not UNSET:
            self.release(old)
