"""The fast path: JASS functions that can never wait, translated to Python functions.

DESIGN.md section 3.4 allows a function that can never wait to run in a faster form "as long as
stepping, op counting and crash semantics stay the same". A function can wait when it calls,
directly or through other JASS functions, a native marked ``may_wait`` (``TriggerSleepAction``,
``TriggerExecuteWait``...); a thread in such a function must be able to leave the interpreter
with its frames intact, so it keeps running as bytecode. Every other function is translated,
from its bytecode (the AST is gone once a program comes from the program cache), into Python
source that ``compile`` turns into one Python function per JASS function. The VM calls those
instead of interpreting the bytecode when ``vm.fast`` is true (see ``VM._run``).

What the generated code keeps identical to the interpreter:

- Values: int32 wraparound (``wrap_int`` only when out of range; a counted loop's accumulators
  wrap at the loop's exits, ``_defer_accumulator_wraps``), ``/`` and ``%`` through
  ``int_div``/``int_mod``, reals through ``f32`` after every operation, ``real_eq``, ``concat``,
  short-circuit ``and``/``or``, JassArray defaults and ignored out-of-range writes, the
  retain/release hooks on handle stores, native argument and result conversions.
- Op counting: the interpreter adds each instruction's cost before running it and checks the
  limit at every ``JUMP`` (loop back-edges and the jump that ends a taken ``if`` branch) and
  every ``CALL``. The generated code keeps a local ``ops`` and a compile-time ``pend`` (ops
  executed on the current path but not yet added to ``ops``, see ``_Gen``); it adds ``pend``
  at those checkpoints, before natives and on return, so the count is exact wherever the
  interpreter looks at it. ``thread.ops`` is exact whenever a native runs and when a fast
  function returns or crashes (the crash helpers carry the count of the crashing instruction).
- Crashes: the same ``JassCrash``/``JassDivisionByZero`` at the same instruction. Each fast
  function keeps its current source line in ``ln`` (assigned before each statement that may
  raise, not on lines of plain local arithmetic: ``_Gen.set_line``); as an exception unwinds, each appends
  (function, file, line) to ``exc.jass_stack`` (innermost first), which ``VM.execute``
  appends to the interpreter frames' stack.
- Calls: a fast function calls other fast functions directly (Python calls, linked lazily on
  first use); the callee checks the call depth and op limit of the call before doing anything,
  exactly where the interpreter's ``CALL`` checks them.

Generated functions have the signature ``f(thread, depth, *params, ops)`` where ``depth`` is the
number of frames below the call (the interpreter's ``len(frames)``) and ``ops`` the thread's op
count including the ``CALL``; they return the JASS result and leave ``thread.ops`` up to date.
Translation is lazy: a function is translated on its ``HOT_CALLS``-th call, or its first when
it has a loop, so code that runs once (global initialisers, map setup) never pays for it. The
compiled code is cached per ``CompiledFunction`` and by source text (a program loaded again,
e.g. common.j and Blizzard.j under every map, reuses it); each VM instantiates the cached code
with its own globals, context and op limit.
"""
from __future__ import annotations

import re

import weakref
from collections import OrderedDict
from typing import Any, Callable

from . import bytecode as bc
from .bytecode import CompiledFunction, NativeBinding
from .compiler import default_value
from .records import record
from .values import (
    R2I, JassDivisionByZero, JassStringTooLong, concat, f32, int_div, int_mod, real_div, real_eq,
    wrap_int,
)
from .thread import MAX_CALL_DEPTH, UNSET, JassArray, JassCrash, StackEntry, Suspend

__all__ = ["FastRuntime", "may_wait", "fast_source", "FastPathUnsupported"]

# Expressions nested deeper than this are stored in a temporary first: CPython's parser
# refuses sources nested about 200 levels deep, and long JASS concatenations get there.
_MAX_NESTING = 40

# Calls of a loop-free function run as bytecode before it is translated: translating and
# compiling costs about 1 ms a function, as much as interpreting a few thousand instructions.
# Measured in machine instructions (callgrind counts of ten game minutes of a corpus mission,
# minus a run to 0 s): 16 against 2 takes 6% off Human02, 3% off Undead01, 1% off NightElfX06;
# 8, 32 and 64 do no better on Human02.
HOT_CALLS = 16

# A global store that calls ``vm.instrument.watched`` callbacks (in a VM's instrumented copy
# of a function, ``jassvm.instrument``).
_WATCHED = bc.STORE_GLOBAL_WATCHED


class FastPathUnsupported(Exception):
    """The bytecode has a shape the translator does not know (the function stays bytecode)."""


# ---------------------------------------------------------------------------------------
# Which functions can wait
# ---------------------------------------------------------------------------------------

_WAITS: "weakref.WeakKeyDictionary[CompiledFunction, bool]" = weakref.WeakKeyDictionary()


def _direct_calls(fn: CompiledFunction) -> tuple[list[CompiledFunction], bool]:
    """The JASS functions ``fn`` calls, and whether it calls a native that may wait.

    A missing native (``func`` None) cannot wait: calling it crashes the thread.
    """
    callees: list[CompiledFunction] = []
    waits = False
    for op, arg in fn.code:
        if op == bc.CALL:
            callees.append(arg[0])
        elif op == bc.CALL_NATIVE and getattr(arg[0].func, "may_wait", False):
            waits = True
    return callees, waits


def may_wait(fn: CompiledFunction) -> bool:
    """True when a call of ``fn`` may suspend its thread (through any chain of JASS calls).

    Tarjan's strongly connected components over the call graph reachable from ``fn``, so a
    cycle of mutually recursive functions waits iff any member waits. Memoised per function.
    """
    known = _WAITS.get(fn)
    if known is not None:
        return known
    index: dict[CompiledFunction, int] = {}
    low: dict[CompiledFunction, int] = {}
    waits: dict[CompiledFunction, bool] = {}
    scc: list[CompiledFunction] = []
    on_scc: set[CompiledFunction] = set()
    work: list[tuple[CompiledFunction, Any]] = []

    def visit(f: CompiledFunction) -> None:
        index[f] = low[f] = len(index)
        scc.append(f)
        on_scc.add(f)
        callees, waits[f] = _direct_calls(f)
        work.append((f, iter(callees)))

    visit(fn)
    while work:
        f, callees = work[-1]
        for g in callees:
            done = _WAITS.get(g)
            if done is not None:
                waits[f] = waits[f] or done
            elif g not in index:
                visit(g)
                break
            elif g in on_scc:
                low[f] = min(low[f], index[g])
        else:
            work.pop()
            if low[f] == index[f]:  # f roots a component: all of it is decided now
                members = []
                while True:
                    m = scc.pop()
                    on_scc.discard(m)
                    members.append(m)
                    if m is f:
                        break
                result = any(waits[m] for m in members)
                for m in members:
                    _WAITS[m] = result
            if work:
                parent = work[-1][0]
                if f in on_scc:
                    low[parent] = min(low[parent], low[f])
                else:
                    waits[parent] = waits[parent] or _WAITS[f]
    return _WAITS[fn]


# ---------------------------------------------------------------------------------------
# Helpers the generated code calls (the namespace of every generated module)
# ---------------------------------------------------------------------------------------

def _crash_extra(kind: str, message: str, extra: int):
    """Raise a crash ``extra`` ops past the raising function's ``ops`` local (see ``_unwind``)."""
    exc = JassCrash(kind, message)
    exc.jass_extra = extra
    raise exc


def _unset(message: str, extra: int):
    _crash_extra("uninitialized", message, extra)


def _oplimit(limit: int):
    # Raised at a checkpoint right after ``ops`` was brought up to date: extra 0.
    _crash_extra("op-limit", f"op limit of {limit} exceeded (S093)", 0)


def _call_oplimit(ops: int, limit: int):
    """The op-limit check of a CALL, raised by the callee before its frame exists."""
    exc = JassCrash("op-limit", f"op limit of {limit} exceeded (S093)")
    exc.jass_ops = ops
    raise exc


def _overflow(ops: int):
    exc = JassCrash("stack-overflow", f"call depth over {MAX_CALL_DEPTH}")
    exc.jass_ops = ops
    raise exc


def _idiv(a, b, extra):
    try:
        return int_div(a, b)
    except JassDivisionByZero as exc:
        exc.jass_extra = extra
        raise


def _imod(a, b, extra):
    try:
        return int_mod(a, b)
    except JassDivisionByZero as exc:
        exc.jass_extra = extra
        raise


def _rdiv(a, b, extra):
    try:
        return real_div(a, b)
    except JassDivisionByZero as exc:
        exc.jass_extra = extra
        raise


def _cat(a, b, extra):
    """``concat``, which crashes the thread past ``values.MAX_STRING_BYTES`` (like a division)."""
    try:
        return concat(a, b)
    except JassStringTooLong as exc:
        exc.jass_extra = extra
        raise


def _h2i(h):
    return getattr(h, "handle_id", 0) if h is not None else 0


def _missing(vm, name: str, *args):
    vm.missing_called[name] = vm.missing_called.get(name, 0) + 1
    raise JassCrash("missing-native", f"native {name} is not implemented by this runtime")


def _warn_index(vm, i, size: int, fname: str) -> None:
    vm.warn(f"array index {i} out of range 0..{size - 1} in {fname} (S085)")


def _unwind(exc: BaseException, th, ops: int, name: str, file: str, line: int) -> None:
    """Called by every fast function's exception handler: record its frame on ``exc``.

    The innermost fast frame also settles ``th.ops``: to the count carried by the exception
    (crash helpers), else to its own ``ops`` (natives run after ``ops`` was made exact).
    """
    stack = getattr(exc, "jass_stack", None)
    if stack is None:
        stack = exc.jass_stack = []
        absolute = getattr(exc, "jass_ops", None)
        th.ops = absolute if absolute is not None else ops + getattr(exc, "jass_extra", 0)
    stack.append(StackEntry(name, file, line))
    if isinstance(exc, Suspend):
        # A native waited without being marked ``may_wait``: this frame cannot be resumed.
        crash = JassCrash("internal", f"a native waited inside {name}, which was compiled as "
                          "never waiting (mark the native with may_wait = True)")
        crash.jass_stack = stack
        raise crash from exc


_NAMESPACE = {
    "UNSET": UNSET, "_wrap": wrap_int, "_f32": f32, "_concat": concat, "_req": real_eq,
    "_R2I": R2I, "_h2i": _h2i, "_JassArray": JassArray, "_unset": _unset, "_oplimit": _oplimit,
    "_call_oplimit": _call_oplimit, "_overflow": _overflow, "_idiv": _idiv, "_imod": _imod,
    "_rdiv": _rdiv, "_cat": _cat, "_missing": _missing, "_warn_index": _warn_index, "_unwind": _unwind,
    "_inf": float("inf"), "_ninf": float("-inf"), "_nan": float("nan"),
}


# ---------------------------------------------------------------------------------------
# Analysis
# ---------------------------------------------------------------------------------------

_CONDITIONAL = {bc.JUMP_IF_FALSE, bc.JUMP_IF_TRUE, bc.JUMP_IF_FALSE_KEEP, bc.JUMP_IF_TRUE_KEEP}
_RETURNS = {bc.RETURN, bc.RETURN_NOTHING}


def _successors(code, pc: int) -> tuple[int, ...]:
    op, arg = code[pc]
    if op == bc.JUMP:
        return (arg,)
    if op in _CONDITIONAL:
        return (pc + 1, arg)
    if op in _RETURNS:
        return ()
    return (pc + 1,)


def _definitely_set(fn: CompiledFunction) -> list[int]:
    """Per instruction, a bit set of the variables certainly set when it runs.

    Bit ``slot`` is local ``slot``; bit ``nlocals + g`` is global ``g``. A variable is set
    after a store and after a read (a read of an unset one crashes), on every path (forward
    must-analysis). Globals qualify too because nothing ever unsets a global. Reads of such
    variables need no uninitialised check. Unreachable instructions get all bits.
    """
    code = fn.code
    nl = len(fn.local_names)
    start = (1 << fn.nparams) - 1
    for slot in fn.array_slots:
        start |= 1 << slot
    state: list[int | None] = [None] * len(code)
    if not code:
        return []
    state[0] = start
    work = [0]
    loads_stores_local = (bc.LOAD_LOCAL, bc.STORE_LOCAL, bc.STORE_LOCAL_H)
    loads_stores_global = (bc.LOAD_GLOBAL, bc.STORE_GLOBAL, bc.STORE_GLOBAL_H)
    while work:
        pc = work.pop()
        s = state[pc]
        op, arg = code[pc]
        if op in loads_stores_local:
            s |= 1 << arg
        elif op in loads_stores_global:
            s |= 1 << (nl + arg)
        elif op == _WATCHED:
            s |= 1 << (nl + arg[0])
        for nxt in _successors(code, pc):
            if nxt >= len(code):
                continue
            old = state[nxt]
            new = s if old is None else old & s
            if new != old:
                state[nxt] = new
                work.append(nxt)
    return [-1 if s is None else s for s in state]


def _constants(fn: CompiledFunction) -> tuple[list, list, list]:
    """(called functions, natives, pushed code values) of ``fn`` in first-use order.

    The generator names them ``C{k}``, ``N{k}``, ``P{k}``; ``FastRuntime`` recomputes the
    same lists to bind them, so the cached code holds no reference to program objects.
    """
    calls: dict[int, Any] = {}
    natives: dict[int, Any] = {}
    codes: dict[int, Any] = {}
    for op, arg in fn.code:
        if op == bc.CALL:
            calls.setdefault(id(arg[0]), arg[0])
        elif op == bc.CALL_NATIVE:
            natives.setdefault(id(arg[0]), arg[0])
        elif op == bc.PUSH and isinstance(arg, (CompiledFunction, NativeBinding)):
            codes.setdefault(id(arg), arg)
    return list(calls.values()), list(natives.values()), list(codes.values())


# ---------------------------------------------------------------------------------------
# Code generation
# ---------------------------------------------------------------------------------------

@record(slots=False)
class _E:
    """A value on the symbolic operand stack: Python source of an expression not yet run.

    ``stable``: evaluating it later (after statements emitted meanwhile) gives the same value
    and cannot crash, so it need not be stored in a temporary first (constants, temporaries,
    checked-set locals and arithmetic on them). ``depth``: nesting, to bound source depth.
    ``raw``: for an integer ``+``, ``-`` or ``*``, the same arithmetic before its wrap to 32
    bits; an enclosing ``+``, ``-`` or ``*`` uses it, since wrapping is taken modulo 2**32
    and so ``wrap(a + wrap(b * c)) == wrap(a + b * c)``: one range check per expression.
    """

    src: str
    stable: bool = True
    depth: int = 0
    raw: str | None = None


def _const_src(v: Any) -> str:
    """Python source of a JASS constant (parenthesised when it has a sign)."""
    if v is None or isinstance(v, bool):
        return repr(v)
    if isinstance(v, int):
        return f"({v})" if v < 0 else repr(v)
    if isinstance(v, float):
        if v != v:
            return "_nan"
        if v in (float("inf"), float("-inf")):
            return "_inf" if v > 0 else "_ninf"
        s = repr(v)
        return f"({s})" if s.startswith("-") else s
    if isinstance(v, str):
        return repr(v)
    raise FastPathUnsupported(f"constant {v!r}")


_WRAP = "(_wrap(_r) if (_r := {a} {op} {b}) > 2147483647 or _r < -2147483648 else _r)"
# ``_r`` and ``_g`` are shared scratch names: each use assigns and reads them with nothing
# evaluated in between, so nested uses cannot clobber an outer one.

_ARITH_I = {bc.ADD_I: "+", bc.SUB_I: "-", bc.MUL_I: "*"}   # wrapped once per expression (_E.raw)
_BINARY = {
    bc.LT: "({a} < {b})", bc.LE: "({a} <= {b})", bc.GT: "({a} > {b})", bc.GE: "({a} >= {b})",
    bc.EQ: "({a} == {b})", bc.NE: "({a} != {b})", bc.NE_R: "({a} != {b})",
    bc.ADD_I: _WRAP.replace("{op}", "+"), bc.SUB_I: _WRAP.replace("{op}", "-"),
    bc.MUL_I: _WRAP.replace("{op}", "*"),
    bc.ADD_R: "_f32({a} + {b})", bc.SUB_R: "_f32({a} - {b})", bc.MUL_R: "_f32({a} * {b})",
    bc.EQ_R: "_req({a}, {b})",
}
# Operations that can crash the thread: they carry the pending op count, and are kept even
# when their value is dropped.
_DIVISIONS = {bc.DIV_I: "_idiv", bc.MOD_I: "_imod", bc.DIV_R: "_rdiv", bc.CONCAT: "_cat"}
_UNARY = {
    bc.NOT: "(not {a})", bc.NEG_I: "_wrap(-{a})", bc.NEG_R: "(-{a})",
    bc.I2R: "_f32(float({a}))", bc.H2I: "_h2i({a})", bc.R2I_RET: "_R2I({a})",
}


class _Gen:
    """Translate one function's bytecode to the Python source of a factory function.

    The bytecode comes from ``compiler._FunctionCompiler``, whose control flow is structured:
    a loop is ``start: body; JUMP start`` left by ``JUMP_IF_TRUE`` to the instruction after
    the back-edge (``exitwhen``); an ``if`` branch is ``cond; JUMP_IF_FALSE next; body;
    JUMP end``; ``and``/``or`` are ``a; JUMP_IF_FALSE_KEEP/JUMP_IF_TRUE_KEEP end; b``. The
    translator walks those shapes recursively with a symbolic operand stack, turning stores,
    calls and jumps into statements and everything else into nested Python expressions.

    Op accounting: ``self.pend`` is a compile-time number such that, at the instruction being
    translated, the interpreter's op count equals the runtime ``ops`` local plus ``pend``.
    Statements add ``pend`` to ``ops`` only where the count is looked at (checkpoints, natives,
    returns, loop heads, joins of control flow), so a straight line costs one addition.
    """

    def __init__(self, fn: CompiledFunction, global_names: list[str], global_types: list[str],
                 array_size: int):
        self.fn = fn
        self.code = fn.code
        self.costs = fn.costs
        self.lines = fn.lines
        self.global_names = global_names
        self.global_types = global_types
        self.array_size = array_size
        self.nl = len(fn.local_names)
        self.set_at = _definitely_set(fn)
        calls, natives, codes = _constants(fn)
        self.call_slot = {id(f): k for k, f in enumerate(calls)}
        self.native_slot = {id(n): k for k, n in enumerate(natives)}
        self.code_slot = {id(c): k for k, c in enumerate(codes)}
        self.loops: dict[int, list[int]] = {}   # loop start -> back-edge pcs
        for pc, (op, arg) in enumerate(self.code):
            if op == bc.JUMP and arg <= pc:
                self.loops.setdefault(arg, []).append(pc)
        self.out: list[tuple[int, str]] = []
        self.level = 0
        self.pend = 0
        self.known_ln: int | None = None
        self.pending_ln: tuple[int, int] | None = None   # (level, line) not emitted yet
        self.ntemps = 0
        self.loop_exits: list[int] = []

    # -- output
    def emit(self, text: str) -> None:
        pending = self.pending_ln
        if pending is not None and (pending[0] != self.level or not _cannot_raise(text)):
            self.flush_line()
        self.out.append((self.level, text))

    def flush_line(self) -> None:
        """Emit the pending ``ln = ...`` where its line started (see ``set_line``)."""
        if self.pending_ln is not None:
            level, line = self.pending_ln
            self.out.append((level, f"ln = {line}"))
            self.pending_ln = None

    def capture(self, body: Callable[[], None]) -> list[tuple[int, str]]:
        """Run ``body`` and return what it emitted instead of emitting it."""
        self.flush_line()
        saved = self.out
        self.out = []
        try:
            body()
            self.flush_line()
            return self.out
        finally:
            self.out = saved

    def temp(self) -> str:
        self.ntemps += 1
        return f"_t{self.ntemps}"

    def set_line(self, pc: int) -> None:
        """Make the runtime ``ln`` the line of instruction ``pc`` (for crash stacks).

        Only a crash reads ``ln``, so the assignment waits until a statement that may raise
        (``_cannot_raise``), a change of block or a captured part begins: a line of plain
        local arithmetic costs none, and a later line's assignment replaces a waiting one.
        """
        line = self.lines[pc]
        if line != self.known_ln:
            self.pending_ln = (self.level, line)
            self.known_ln = line

    def flush(self) -> None:
        if self.pend:
            self.emit(f"ops += {self.pend}")
            self.pend = 0

    def prep(self, pc: int, stack: list[_E]) -> None:
        """Before a statement: set the line and evaluate pending operands in order.

        Values pushed before the statement were computed before it in the interpreter, so
        any that could change or crash are stored in temporaries now.
        """
        self.set_line(pc)
        for i, e in enumerate(stack):
            if not e.stable:
                t = self.temp()
                self.emit(f"{t} = {e.src}")
                stack[i] = _E(t)

    def checkpoint(self, pc: int) -> None:
        """The op-limit check of the JUMP at ``pc`` (its cost already in ``pend``)."""
        self.flush()
        self.emit("if ops > limit:")
        self.emit(f"    ln = {self.lines[pc]}")
        self.emit("    _oplimit(limit)")

    # -- walking the structure
    def run(self, start: int, end: int, stack: list[_E]) -> bool:
        """Translate instructions ``start .. end-1`` (statements, or an operand's code).

        False when the range ends in a ``return``: what follows it in the range never runs
        (the compiler keeps statements after a ``return``) and is not translated.
        """
        pc = start
        while pc < end:
            if not stack:
                ends = [j for j in self.loops.get(pc, ()) if j < end]
                if ends:
                    pc = self.loop(pc, max(ends))
                    continue
            returns = self.code[pc][0] in _RETURNS
            pc = self.instr(pc, stack)
            if returns:
                return False
        if pc != end:
            raise FastPathUnsupported(f"instruction range {start}..{end} overruns to {pc}")
        return True

    def loop(self, start: int, back: int) -> int:
        """``loop ... endloop``: ``while True`` with the back-edge's checkpoint at the end."""
        self.flush()
        self.emit("while True:")
        self.level += 1
        self.known_ln = None   # reached from the back-edge too
        self.loop_exits.append(back + 1)
        mark = len(self.out)
        if self.run(start, back, []):
            self.pend += self.costs[back]
            self.checkpoint(back)
            self._counted_loop(mark)
        if len(self.out) == mark:
            self.emit("pass")
        self.loop_exits.pop()
        self.level -= 1
        self.known_ln = None
        self.pend = 0   # every way out of the loop (break) flushed its own count
        return back + 1

    def _counted_loop(self, mark: int) -> None:
        """Turn the ``while True`` loop whose body is ``out[mark:]`` into a ``for`` over the
        iterations the op limit allows, when its body cannot raise (``_cannot_raise``
        statements, and ``exitwhen`` tests of locals whose blocks only add ops and
        ``break``): no op-count addition nor limit test per iteration.

        Iteration ``k`` (from 0) ends with ``ops0 + (k + 1) * T`` ops (``T`` the ops added on
        the path through the body) and passes its back-edge check when that is at most
        ``limit``: iterations ``0 .. n - 1`` pass with ``n = (limit - ops0) // T``, so the
        loop runs ``max(n, 0) + 1`` of them and the ``for``'s ``else`` (the last one ended
        without an exit) is the op-limit crash of the last. An exit in iteration ``k`` adds
        ``k * T`` plus the ops of the body before it and its own. The body's ``ln``
        assignments go (nothing in it can crash; the code after the loop sets its own)."""
        body = [(lv + (len(text) - len(text.lstrip(" "))) // 4, text.lstrip(" "))
                for lv, text in self.out[mark:]]   # "    x" at level l is x at l + 1
        level = self.level
        if len(body) < 4 or body[-3:] != [(level, "if ops > limit:"), (level + 1, body[-2][1]),
                                          (level + 1, "_oplimit(limit)")] \
                or not body[-2][1].startswith("ln = "):
            return
        total, before, lines, i = 0, [], [], 0
        stmts = body[:-3]
        while i < len(stmts):
            lv, text = stmts[i]
            if lv != level:
                return
            if text.startswith("ops += "):
                total += int(text[7:])
            elif text.startswith("if ") and text.endswith(":") \
                    and _CALL_OR_ACCESS.search(text[3:-1]) is None:
                inner = []
                i += 1
                while i < len(stmts) and stmts[i][0] > level:
                    inner.append(stmts[i])
                    i += 1
                extra = 0
                if inner and inner[0] == (level + 1, inner[0][1]) and inner[0][1].startswith("ops += "):
                    extra = int(inner[0][1][7:])
                    inner = inner[1:]
                if inner != [(level + 1, "break")]:
                    return
                lines.append((lv, text))
                before.append((len(lines), total + extra))
                lines.append(None)   # the exit's op count, once ``total`` is known
                lines.append((level + 1, "break"))
                continue
            elif text.startswith("ln = "):
                pass   # only a crash reads ``ln``, and none can happen in this body
            elif not _cannot_raise(text):
                return
            else:
                lines.append((lv, text))
            i += 1
        if total <= 0:
            return
        for at, ops in before:
            lines[at] = (level + 1, f"ops += _k * {total} + {ops}")
        lines = _defer_accumulator_wraps(lines)
        head = self.out[mark - 1]
        if head != (level - 1, "while True:"):
            return
        self.out[mark - 1:] = [
            (level - 1, f"_n = (limit - ops) // {total}"),
            (level - 1, "for _k in range(_n + 1 if _n > 0 else 1):"),
            *lines,
            (level - 1, "else:"),
            (level, f"ops += (_k + 1) * {total}"),
            (level, body[-2][1]),
            (level, "_oplimit(limit)"),
        ]

    def branch(self, pc: int, stack: list[_E]) -> int:
        """``if``/``elseif``/``else``: JUMP_IF_FALSE at ``pc``; returns the pc after ``endif``."""
        cond = stack.pop()
        nxt = self.code[pc][1]
        jmp = nxt - 1
        if not (pc < jmp and self.code[jmp][0] == bc.JUMP and self.code[jmp][1] >= nxt):
            raise FastPathUnsupported(f"if at {pc} does not end with a forward JUMP")
        end = self.code[jmp][1]
        self.prep(pc, stack)
        self.emit(f"if {cond.src}:")
        pend, ln = self.pend, self.known_ln   # both branches start with the same count
        self.level += 1
        if self.run(pc + 1, jmp, []):
            self.pend += self.costs[jmp]
            self.checkpoint(jmp)
        self.level -= 1
        self.pend, self.known_ln = pend, ln

        def else_part() -> None:
            self.level += 1
            if self.run(nxt, end, []):
                self.flush()
            self.level -= 1

        rest = self.capture(else_part)
        if rest:
            elif_ = self._as_elif(rest, self.level + 1)
            if elif_ is not None:
                self.out.extend(elif_)
            else:
                self.emit("else:")
                self.out.extend(rest)
        self.pend = 0
        self.known_ln = None
        return end

    @staticmethod
    def _as_elif(rest: list[tuple[int, str]], level: int) -> list[tuple[int, str]] | None:
        """``else:`` holding just one ``if`` statement, as ``elif`` lines one level up
        (JASS elseif chains can be longer than Python's 100 indentation levels)."""
        head = 0
        ln = None
        if rest[0][0] == level and rest[0][1].startswith("ln = "):
            ln = rest[0][1][5:]
            head = 1
        if len(rest) <= head or rest[head][0] != level or not rest[head][1].startswith("if "):
            return None
        for lvl, text in rest[head + 1:]:
            if lvl == level and not (text.startswith("elif ") or text == "else:"):
                return None
        cond = rest[head][1][3:-1]
        first = f"elif (ln := {ln}) and {cond}:" if ln is not None else f"elif {cond}:"
        return [(level - 1, first)] + [(lvl - 1, text) for lvl, text in rest[head + 1:]]

    def exitwhen(self, pc: int, stack: list[_E]) -> int:
        cond = stack.pop()
        if not self.loop_exits or self.code[pc][1] != self.loop_exits[-1]:
            raise FastPathUnsupported(f"exitwhen at {pc} does not leave the innermost loop")
        self.prep(pc, stack)
        self.emit(f"if {cond.src}:")
        if self.pend:
            self.emit(f"    ops += {self.pend}")
        self.emit("    break")
        return pc + 1

    def shortcut(self, pc: int, stack: list[_E], is_and: bool) -> int:
        """``a and b`` / ``a or b``: ``b``'s ops count only when ``b`` runs.

        As an expression, ``b`` starts by adding its straight-line cost to ``ops``
        (``(ops := ops + c) is not None`` is always true). When ``b`` needs statements (a
        call), the short circuit becomes an ``if`` on a temporary.
        """
        a = stack.pop()
        end = self.code[pc][1]
        cost_b = self._straight_cost(pc + 1, end)
        before = (len(self.out), self.known_ln, self.pend, self.ntemps)
        self.pend -= cost_b
        sub: list[_E] = []
        self.run(pc + 1, end, sub)
        if len(self.out) == before[0] and len(sub) == 1:
            b = sub[0]
            op = "and" if is_and else "or"
            src = f"({a.src} {op} ((ops := ops + {cost_b}) is not None and {b.src}))"
            # Not stable: it adds to ``ops``, which must happen before any later statement.
            stack.append(_E(src, False, max(a.depth, b.depth) + 1))
            return end
        # ``b`` emitted statements: undo and translate it inside an ``if``.
        del self.out[before[0]:]
        self.known_ln, self.pend, self.ntemps = before[1], before[2], before[3]
        stack.append(a)
        self.prep(pc, stack)
        t = stack.pop().src
        if not _is_temp(t):   # the result is assigned below: never to a variable
            first, t = t, self.temp()
            self.emit(f"{t} = {first}")
        self.emit(f"if {t}:" if is_and else f"if not {t}:")
        self.level += 1
        pend = self.pend
        sub = []
        self.run(pc + 1, end, sub)
        if len(sub) != 1:
            raise FastPathUnsupported(f"operand at {pc + 1}..{end} leaves {len(sub)} values")
        self.emit(f"{t} = {sub[0].src}")
        if self.pend != pend:  # both ways out of the ``if`` must agree on ``pend``
            delta = self.pend - pend
            self.emit(f"ops += {delta}" if delta > 0 else f"ops -= {-delta}")
        self.pend = pend
        self.level -= 1
        self.known_ln = None
        stack.append(_E(t))
        return end

    def _straight_cost(self, start: int, end: int) -> int:
        """Cost of the instructions of ``start .. end-1`` that always run (not the right
        operands of nested ``and``/``or``)."""
        cost, pc = 0, start
        while pc < end:
            op, arg = self.code[pc]
            cost += self.costs[pc]
            pc = arg if op in (bc.JUMP_IF_FALSE_KEEP, bc.JUMP_IF_TRUE_KEEP) else pc + 1
        return cost

    # -- one instruction
    def push(self, stack: list[_E], e: _E, pc: int) -> None:
        """Push ``e``; one nested too deeply is computed into a temporary right away (after
        the operands below it, which ran first)."""
        stack.append(e)
        if e.depth > _MAX_NESTING:
            self.prep(pc, stack)
            if stack[-1].depth:   # stable, so ``prep`` left it in place
                t = self.temp()
                self.emit(f"{t} = {stack[-1].src}")
                stack[-1] = _E(t)

    def instr(self, pc: int, stack: list[_E]) -> int:
        op, arg = self.code[pc]
        if op in (bc.JUMP_IF_FALSE_KEEP, bc.JUMP_IF_TRUE_KEEP):
            self.pend += self.costs[pc]
            return self.shortcut(pc, stack, op == bc.JUMP_IF_FALSE_KEEP)
        self.pend += self.costs[pc]
        if op == bc.LOAD_LOCAL:
            name = f"L{arg}"
            if self.set_at[pc] >> arg & 1:
                stack.append(_E(name))
            else:
                msg = f"read of uninitialised variable {self.fn.local_names[arg]} (S084)"
                stack.append(_E(f"({name} if {name} is not UNSET else _unset({msg!r}, {self.pend}))", False))
        elif op == bc.PUSH:
            if isinstance(arg, (CompiledFunction, NativeBinding)):
                stack.append(_E(f"P{self.code_slot[id(arg)]}"))
            else:
                stack.append(_E(_const_src(arg)))
        elif op == bc.LOAD_GLOBAL:
            if self.set_at[pc] >> (self.nl + arg) & 1:
                stack.append(_E(f"G[{arg}]", False))
            else:
                msg = f"read of uninitialised global {self.global_names[arg]} (S084)"
                stack.append(_E(f"(_g if (_g := G[{arg}]) is not UNSET else _unset({msg!r}, {self.pend}))", False))
        elif op in (bc.STORE_LOCAL, bc.STORE_GLOBAL, bc.STORE_LOCAL_H, bc.STORE_GLOBAL_H):
            self.store(pc, stack, op, arg)
        elif op == _WATCHED:
            self.watched_store(pc, stack, arg)
        elif op == bc.JUMP_IF_FALSE:
            return self.branch(pc, stack)
        elif op == bc.JUMP_IF_TRUE:
            return self.exitwhen(pc, stack)
        elif op in _ARITH_I:
            b = stack.pop()
            a = stack.pop()
            raw = f"({a.raw or a.src} {_ARITH_I[op]} {b.raw or b.src})"
            src = f"(_wrap(_r) if (_r := {raw}) {_range_check(op, a, b)} else _r)"
            self.push(stack, _E(src, a.stable and b.stable, max(a.depth, b.depth) + 1, raw), pc)
        elif op in _BINARY:
            b = stack.pop()
            a = stack.pop()
            src = _BINARY[op].format(a=a.src, b=b.src)
            self.push(stack, _E(src, a.stable and b.stable, max(a.depth, b.depth) + 1), pc)
        elif op in _DIVISIONS:
            b = stack.pop()
            a = stack.pop()
            src = f"{_DIVISIONS[op]}({a.src}, {b.src}, {self.pend})"
            self.push(stack, _E(src, False, max(a.depth, b.depth) + 1), pc)
        elif op in _UNARY:
            a = stack.pop()
            if op == bc.I2R and isinstance(_literal(a.src), int):
                src = _const_src(f32(float(_literal(a.src))))
            else:
                src = _UNARY[op].format(a=a.src)
            self.push(stack, _E(src, a.stable, a.depth + 1), pc)
        elif op in (bc.LOAD_LOCAL_ELEM, bc.LOAD_GLOBAL_ELEM):
            i = stack.pop()
            if op == bc.LOAD_LOCAL_ELEM:   # nothing else can reach a local array
                arr, default, stable = f"L{arg}", default_value(self.fn.local_types[arg]), i.stable
            else:
                arr, default, stable = f"G[{arg}]", default_value(self.global_types[arg]), False
            self.push(stack, _E(f"{arr}.get({i.src}, {_const_src(default)})", stable, i.depth + 1), pc)
        elif op in (bc.STORE_LOCAL_ELEM, bc.STORE_GLOBAL_ELEM, bc.STORE_LOCAL_ELEM_H,
                    bc.STORE_GLOBAL_ELEM_H):
            self.store_elem(pc, stack, op, arg)
        elif op == bc.CALL:
            self.call(pc, stack, *arg)
        elif op == bc.CALL_NATIVE:
            self.native(pc, stack, *arg)
        elif op in _RETURNS:
            # The value first: an ``and``/``or`` in it adds to ``ops`` (and it may crash).
            if op == bc.RETURN:
                self.prep(pc, stack)
                value = stack[-1].src
            else:
                value = "None"
            self.emit(f"th.ops = ops + {self.pend}" if self.pend else "th.ops = ops")
            self.emit(f"return {value}")
        elif op == bc.POP:
            e = stack.pop()
            if not e.stable:
                self.prep(pc, stack)
                self.emit(e.src)
        else:
            raise FastPathUnsupported(f"{bc.OPNAMES[op]} at {pc}")
        return pc + 1

    def store(self, pc: int, stack: list[_E], op: int, slot: int) -> None:
        value = stack.pop()
        self.prep(pc, stack)
        target = f"L{slot}" if op in (bc.STORE_LOCAL, bc.STORE_LOCAL_H) else f"G[{slot}]"
        if op in (bc.STORE_LOCAL, bc.STORE_GLOBAL):
            self.emit(f"{target} = {value.src}")
            return
        # Handle variables: retain the new value, release the old one (S070), like STORE_*_H.
        v = value.src
        if not value.stable or value.depth:
            v = self.temp()
            self.emit(f"{v} = {value.src}")
        self.emit("if vm.retain is not None:")
        self.emit(f"    vm._swap_handle({target}, {v})")
        self.emit(f"{target} = {v}")

    def watched_store(self, pc: int, stack: list[_E], arg: tuple[int, bool]) -> None:
        """STORE_GLOBAL_WATCHED: store, then run the VM's watchers like a native call."""
        slot, handle = arg
        value = stack.pop()
        self.prep(pc, stack)
        v = value.src
        if not _is_name(v):
            v = self.temp()
            self.emit(f"{v} = {value.src}")
        old = self.temp()
        self.emit(f"{old} = G[{slot}]")
        if handle:
            self.emit("if vm.retain is not None:")
            self.emit(f"    vm._swap_handle({old}, {v})")
        self.emit(f"G[{slot}] = {v}")
        self.emit(f"th.ops = ops = ops + {self.pend}" if self.pend else "th.ops = ops")
        self.pend = 0
        self.emit(f"for _w in list(vm.instrument.watched.get({slot}, ())):")
        self.emit(f"    _w({old}, {v})")

    def store_elem(self, pc: int, stack: list[_E], op: int, slot: int) -> None:
        value = stack.pop()
        index = stack.pop()
        self.prep(pc, stack)
        arr = f"L{slot}" if op in (bc.STORE_LOCAL_ELEM, bc.STORE_LOCAL_ELEM_H) else f"G[{slot}]"
        handle = op in (bc.STORE_LOCAL_ELEM_H, bc.STORE_GLOBAL_ELEM_H)
        i, v = index.src, value.src
        literal = _literal(i)
        if not (isinstance(literal, int) and not isinstance(literal, bool)):
            literal = None
            if not _is_name(i):
                i = self.temp()
                self.emit(f"{i} = {index.src}")
        if not _is_name(v) and (handle or literal is None or not value.stable):
            v = self.temp()
            self.emit(f"{v} = {value.src}")
        body = []
        if handle:
            body += ["if vm.retain is not None:", f"    vm._swap_handle({arr}.get({i}), {v})"]
        body.append(f"{arr}[{i}] = {v}")
        if literal is not None and 0 <= literal < self.array_size:
            for text in body:
                self.emit(text)
            return
        self.emit(f"if 0 <= {i} < {self.array_size}:")
        for text in body:
            self.emit("    " + text)
        self.emit("else:")
        self.emit(f"    _warn_index(vm, {i}, {self.array_size}, {self.fn.name!r})")

    def call(self, pc: int, stack: list[_E], target: CompiledFunction, argc: int) -> None:
        """A JASS call: the callee checks depth and op limit (see ``_prologue``)."""
        args = stack[len(stack) - argc:]
        del stack[len(stack) - argc:]
        self.prep(pc, stack)
        ops = f"ops + {self.pend}" if self.pend else "ops"
        call = f"C{self.call_slot[id(target)]}(th, d1, {''.join(a.src + ', ' for a in args)}{ops})"
        if target.returns == "nothing":
            self.emit(call)
        else:
            t = self.temp()
            self.emit(f"{t} = {call}")
            stack.append(_E(t))
        self.emit("ops = th.ops")
        self.pend = 0

    def native(self, pc: int, stack: list[_E], target: NativeBinding, argc: int) -> None:
        """A native call with the interpreter's conversions; ``th.ops`` exact before it."""
        self.prep(pc, stack)   # arguments too: they run before ``th.ops`` is stored
        args = stack[len(stack) - argc:]
        del stack[len(stack) - argc:]
        self.emit(f"th.ops = ops = ops + {self.pend}" if self.pend else "th.ops = ops")
        self.pend = 0
        argsrc = "".join(", " + a.src for a in args)
        if target.func is None:
            self.emit(f"_missing(vm, {target.name!r}{argsrc})")
            if target.returns != "nothing":
                stack.append(_E("None"))   # never used: _missing raises
            return
        call = f"N{self.native_slot[id(target)]}(ctx{argsrc})"
        rt = target.returns
        if rt == "nothing":
            self.emit(call)
            return
        t = self.temp()
        if rt == "real":
            self.emit(f"{t} = _f32({call})")
        elif rt == "integer":
            self.emit(f"{t} = {call}")
            self.emit(f"if {t} > 2147483647 or {t} < -2147483648:")
            self.emit(f"    {t} = _wrap({t})")
        elif rt == "boolean":
            self.emit(f"{t} = bool({call})")
        else:
            self.emit(f"{t} = {call}")
        stack.append(_E(t))

    # -- the whole function
    def generate(self) -> str:
        fn = self.fn
        body = self.capture(lambda: self._body())
        params = "".join(f"L{i}, " for i in range(fn.nparams))
        lines = ["def _factory(vm, G, ctx, limit, C, N, P):"]
        for prefix, count in (("C", len(self.call_slot)), ("N", len(self.native_slot)),
                              ("P", len(self.code_slot))):
            if count:
                names = ", ".join(f"{prefix}{k}" for k in range(count))
                lines.append(f"    {names}, = {prefix}")
        lines.append(f"    def {_py_name(fn.name)}(th, d, {params}ops):")
        lines.extend("        " + text for text in self._prologue())
        lines.append("        try:")
        lines.extend("            " + "    " * lvl + text for lvl, text in body)
        lines.append("        except BaseException as exc:")
        lines.append(f"            _unwind(exc, th, ops, {fn.name!r}, {fn.file!r}, ln)")
        lines.append("            raise")
        lines.append(f"    return {_py_name(fn.name)}")
        return "\n".join(lines) + "\n"

    def _prologue(self) -> list[str]:
        """The interpreter's CALL checks (depth, then op limit), then the new frame's locals."""
        fn = self.fn
        out = [f"if d >= {MAX_CALL_DEPTH}:", "    _overflow(ops)",
               "if ops > limit:", "    _call_oplimit(ops, limit)"]
        if self.call_slot:
            out.append("d1 = d + 1")
        for slot in range(fn.nparams, len(fn.local_names)):
            if slot in fn.array_slots:
                default = _const_src(default_value(fn.local_types[slot]))
                out.append(f"L{slot} = _JassArray({default}, {self.array_size})")
            else:
                out.append(f"L{slot} = UNSET")
        first = self.lines[0] if self.lines else fn.line
        out.append(f"ln = {first}")
        return out

    def _body(self) -> None:
        self.known_ln = self.lines[0] if self.lines else self.fn.line
        mark = len(self.out)
        self.run(0, len(self.code), [])
        if len(self.out) == mark:
            self.emit("pass")


_CALL_OR_ACCESS = re.compile(r"[\w\])]\(|[.\[]")


# A local's integer store with its int32 wrap (``instr``'s form): the local, the raw result.
_WRAPPED_STORE = re.compile(r"(L\d+) = \(_wrap\(_r\) if \(_r := \((.*)\)\) "
                            r"(?:> 2147483647 or _r < -2147483648|> 2147483647|< -2147483648) else _r\)")


def _atom(src: str) -> bool:
    """True when ``src`` is a name, an integer or one parenthesised group (no operator at its
    top level)."""
    if _is_name(src):
        return True
    if not (src.startswith("(") and src.endswith(")")):
        return False
    depth = 0
    for i, ch in enumerate(src):
        depth += (ch == "(") - (ch == ")")
        if depth == 0 and i < len(src) - 1:
            return False
    return True


def _defer_accumulator_wraps(lines: list) -> list:
    """A counted loop's body (``_Gen._counted_loop``) with the int32 wraps of its accumulators
    moved to the loop's exits.

    An accumulator is a local whose one appearance in the body is its own store
    ``x = x + a`` or ``x = x - a`` (``a`` an operand without the local): nothing in the loop
    reads it otherwise, and wrapping is modulo 2**32, so wrapping once before each ``break``
    gives the value wrapping at every store gives. ``a`` is made of int32 locals and
    constants, so the raw value grows by a bounded amount per iteration (no big-number
    blow-up). The op-limit crash in the ``for``'s ``else`` needs no wrap: the thread ends and
    no record holds fast-path locals."""
    text = "\n".join(t for _lv, t in (ln for ln in lines if ln is not None))
    deferred = {}
    for k, entry in enumerate(lines):
        m = _WRAPPED_STORE.fullmatch(entry[1]) if entry is not None else None
        if m is None:
            continue
        name, raw = m.group(1), m.group(2)
        n = len(name)
        if raw.startswith(name) and raw[n:n + 3] in (" + ", " - ") and _atom(raw[n + 3:]) \
                and len(re.findall(rf"\b{name}\b", text)) == 2:   # ``x = x ...`` only
            deferred[k] = (entry[0], f"{name} = {raw}", name)
    if not deferred:
        return lines
    out = []
    for k, entry in enumerate(lines):
        if k in deferred:
            out.append(deferred[k][:2])
            continue
        if entry is not None and entry[1] == "break":
            out.extend((entry[0], f"{name} = (_wrap(_r) if (_r := {name}) > 2147483647 "
                                  f"or _r < -2147483648 else _r)")
                       for _lv, _t, name in deferred.values())
        out.append(entry)
    return out


def _range_check(op: int, a: _E, b: _E) -> str:
    """The test that the raw result of ``a op b`` (ADD_I, SUB_I, MUL_I) is outside int32.

    Operands without ``raw`` (other than constants) are int32 values; adding a constant ``k >= 0`` to one (or
    subtracting it) can only leave the range upwards (downwards), so one comparison does."""
    k = _literal(b.src) if b.raw is None else None
    if op == bc.ADD_I and a.raw is None and k is None and b.raw is None:
        k, a, b = _literal(a.src), b, a
    v = _literal(a.src)   # a constant: int32 only if the compiler wrapped it
    if type(k) is int and k >= 0 and a.raw is None and (v is None or -2147483648 <= v <= 2147483647):
        if op == bc.ADD_I:
            return "> 2147483647"
        if op == bc.SUB_I:
            return "< -2147483648"
    return "> 2147483647 or _r < -2147483648"


def _cannot_raise(text: str) -> bool:
    """True for a generated statement that cannot raise: an op-count addition, or a local
    or temporary set from local and temporary names, integer constants, operators and
    ``_wrap`` (no other call, attribute, subscript nor float literal)."""
    if text.startswith("ops += "):
        return True
    name, eq, rhs = text.partition(" = ")
    if not eq or not (name[:1] == "L" or name.startswith("_t")) or not name[1:].lstrip("t").isdigit():
        return False
    return _CALL_OR_ACCESS.search(rhs.replace("_wrap(", "(")) is None


def _literal(src: str) -> Any:
    """The value of a constant's source (``_const_src`` output), else None."""
    s = src[1:-1] if src.startswith("(") and src.endswith(")") else src
    try:
        return int(s)
    except ValueError:
        return None


def _is_temp(src: str) -> bool:
    return src.startswith("_t") and src[2:].isdigit()


def _is_name(src: str) -> bool:
    return src.isidentifier() or _literal(src) is not None


def _py_name(name: str) -> str:
    """A Python identifier for tracebacks: the JASS name when it is one."""
    return f"jass_{name}" if name.isidentifier() else "jass_function"


# ---------------------------------------------------------------------------------------
# Compilation cache and per-VM runtime
# ---------------------------------------------------------------------------------------

_FACTORIES: "weakref.WeakKeyDictionary[CompiledFunction, tuple]" = weakref.WeakKeyDictionary()
_FAILURES: "weakref.WeakKeyDictionary[CompiledFunction, str]" = weakref.WeakKeyDictionary()
_BY_SOURCE: "OrderedDict[str, Any]" = OrderedDict()   # generated source -> factory (LRU)
_BY_SOURCE_MAX = 8192


def fast_source(fn: CompiledFunction, program) -> str:
    """The Python source the fast path generates for ``fn`` (for reading and debugging)."""
    return _Gen(fn, program.global_names, [g.type_name for g in program.globals],
                program.array_size).generate()


def _factory(fn: CompiledFunction, global_names: list[str], global_types: list[str],
             array_size: int) -> Any:
    """The compiled factory of ``fn``'s fast form (cached; None when untranslatable).

    The cache entry is checked against the current bytecode (a VM's instrumented copy of a
    function is a function of its own, but the check costs little and keeps this safe).
    """
    fingerprint = hash(tuple(fn.code))
    cached = _FACTORIES.get(fn)
    if cached is not None and cached[0] == fingerprint:
        return cached[1]
    try:
        src = _Gen(fn, global_names, global_types, array_size).generate()
        factory = _BY_SOURCE.get(src)
        if factory is None:
            namespace = dict(_NAMESPACE)
            exec(compile(src, f"<jass fast {fn.name} {fn.file}:{fn.line}>", "exec"), namespace)
            factory = namespace["_factory"]
            _BY_SOURCE[src] = factory
            if len(_BY_SOURCE) > _BY_SOURCE_MAX:
                _BY_SOURCE.popitem(last=False)
        else:
            _BY_SOURCE.move_to_end(src)
    except (FastPathUnsupported, SyntaxError, RecursionError, MemoryError) as exc:
        factory = None
        _FAILURES[fn] = f"{type(exc).__name__}: {exc}"
    _FACTORIES[fn] = (fingerprint, factory)
    return factory


def _has_loop(fn: CompiledFunction) -> bool:
    return any(op == bc.JUMP and arg <= pc for pc, (op, arg) in enumerate(fn.code))


class FastRuntime:
    """The fast forms of one VM's functions: ``get(fn)`` gives a callable or None.

    ``table`` maps functions (originals, never instrumented copies) to their fast form, or
    None when they may wait, could not be translated or must be interpreted for the VM's
    instrumentation (``Instrumentation.slow``); a function with a copy (watched stores) is
    translated from its copy. ``calls`` counts the calls of functions not yet hot (see
    ``HOT_CALLS``).
    Calls between fast forms are linked through closure cells that first hold a stub, which
    makes the callee's form on its first call and links the cell.
    """

    _MISSING = object()

    def __init__(self, vm):
        self.vm = vm
        program = vm.program
        self.global_names = program.global_names
        self.global_types = [g.type_name for g in program.globals]
        self.refresh()

    def refresh(self) -> None:
        """Forget every form: the next calls make them again from what the VM has now (op
        limit, globals, instrumentation). In place, so an interpreter loop already holding
        ``get`` sees it; only fast call chains running right now keep their old forms."""
        vm = self.vm
        self.table: dict[CompiledFunction, Callable | None] = {}
        self.calls: dict[CompiledFunction, int] = {}
        # What the instances were made with; ``stale`` tells when to make them again.
        self.limit = vm.op_limit
        self.globals = vm.globals
        self.version = vm.instrument.version
        self.slow = vm.instrument.slow()

    def stale(self) -> bool:
        """True when the VM changed what instances capture: its op limit, its globals list,
        or its instrumentation."""
        vm = self.vm
        return (self.limit != vm.op_limit or self.globals is not vm.globals
                or self.version != vm.instrument.version)

    def get(self, fn: CompiledFunction) -> Callable | None:
        """The fast form to run for this call of ``fn``, or None to interpret it."""
        form = self.table.get(fn, self._MISSING)
        if form is self._MISSING:
            n = self.calls.get(fn, 0) + 1
            if n < HOT_CALLS and not _has_loop(fn):
                self.calls[fn] = n
                return None
            form = self._make(fn)
        return form

    def form(self, fn: CompiledFunction) -> Callable | None:
        """``fn``'s fast form, made now if needed (None when it may wait)."""
        form = self.table.get(fn, self._MISSING)
        return self._make(fn) if form is self._MISSING else form

    def _make(self, fn: CompiledFunction) -> Callable | None:
        self.table[fn] = None
        if may_wait(fn) or fn in self.slow:
            return None
        vm = self.vm
        src = vm.instrument.copies.get(fn, fn)
        if getattr(src, "interpret", False):
            return None
        factory = _factory(src, self.global_names, self.global_types, vm.program.array_size)
        if factory is None:
            return None
        calls, natives, codes = _constants(src)
        form = factory(vm, vm.globals, vm.ctx, vm.op_limit, tuple(None for _ in calls),
                       tuple(n.func for n in natives), tuple(codes))
        self.table[fn] = form
        if calls:
            cells = dict(zip(form.__code__.co_freevars, form.__closure__))
            for k, callee in enumerate(calls):
                cell = cells.get(f"C{k}")
                if cell is not None:
                    linked = self.table.get(callee)
                    cell.cell_contents = linked if linked is not None else self._stub(callee, cell)
        return form

    def _stub(self, callee: CompiledFunction, cell) -> Callable:
        """Stands in a caller's cell until ``callee`` is first called: makes it, links it."""
        def stub(th, d, *rest):
            form = self.form(callee)
            if form is None:  # a never-waiting caller only calls never-waiting functions
                raise JassCrash("internal", f"fast path: {callee.name} could not be translated "
                                f"({_FAILURES.get(callee, 'it may wait')})")
            cell.cell_contents = form
            return form(th, d, *rest)
        return stub
