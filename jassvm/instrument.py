"""Per-VM instrumentation: traced functions and watched stores live in copies of just the
functions that need them; the (possibly cached and shared) compiled program stays untouched.

A copy (``InstrumentedFunction``) is the original's bytecode with

- a ``LINE`` instruction (cost 0, argument the line) before the first instruction of every
  source line, when the function is *traced* (a breakpoint in it, or stepping: see
  ``Instrumentation.trace_all``); jumps to a line start land on its ``LINE``, so a loop
  reports its lines on every iteration. The VM calls the ``line`` hooks there
  (``jassvm.hooks``);
- ``STORE_GLOBAL_WATCHED`` for stores to a watched global, ``STORE_GLOBAL_ELEM_WATCHED`` for
  element stores to a watched global array (argument ``(slot, is_handle)``), which call the
  watchers after storing (``VM.watch_global``, ``VM.watch_array``).

Op costs, lines and crash records are the original's, so a run behaves exactly as it would
without instrumentation. Which functions leave the fast path (``jassvm.fastpath``): traced
ones, ones with watched element stores, and every function that can call one of those
(a fast form calls its callees' fast forms directly). Watched scalar stores keep the fast
path (the translator knows ``STORE_GLOBAL_WATCHED``).

The VM asks ``resolve(fn)`` for the function to run at every call while the
instrumentation is ``active``; ``rebase(frame)`` moves a live frame onto the current copy
(or back) with its pc mapped, so a breakpoint set while a function is running applies to
the frames already in it.
"""
from __future__ import annotations

from typing import Any, Callable, Iterable

from . import bytecode as bc
from .bytecode import CompiledFunction
from .records import field, record


@record(slots=False, eq=False)
class InstrumentedFunction(CompiledFunction):
    """A per-VM copy of ``original`` (see the module docstring). ``to_new[pc]`` maps an
    original pc to the copy's (a line start to its ``LINE``); ``to_old[pc]`` maps back (a
    ``LINE`` to the instruction after it). ``interpret`` is True when the copy must run as
    bytecode (traced, or with watched element stores)."""

    original: CompiledFunction | None = None
    to_new: list[int] = field(default_factory=list)
    to_old: list[int] = field(default_factory=list)
    traced: bool = False
    interpret: bool = False

    __repr__ = CompiledFunction.__repr__


def program_functions(program) -> list[CompiledFunction]:
    """Every compiled function of ``program``: the named ones, then the global initialisers."""
    fns = [f for f in program.functions.values() if isinstance(f, CompiledFunction)]
    init = program.init
    if isinstance(init, CompiledFunction):
        fns.append(init)
    elif isinstance(init, (list, tuple)):
        fns.extend(f for f in init if isinstance(f, CompiledFunction))
    return fns


def line_starts(fn: CompiledFunction) -> list[int]:
    """The pcs where a new source line begins (the first instruction, then every change)."""
    lines = fn.lines
    return [pc for pc in range(len(fn.code)) if pc == 0 or lines[pc] != lines[pc - 1]]


def make_copy(fn: CompiledFunction, traced: bool, watched: Iterable[int],
              watched_arrays: Iterable[int]) -> InstrumentedFunction:
    """The instrumented copy of ``fn``: ``LINE`` at line starts when ``traced``, watched
    stores for the global slots in ``watched`` / ``watched_arrays`` (the ``_H`` forms keep
    their handle reference counting: the store's argument says which it was)."""
    watched, watched_arrays = set(watched), set(watched_arrays)
    starts = set(line_starts(fn)) if traced else set()
    n = len(fn.code)
    to_new = [0] * (n + 1)
    at = 0
    for pc in range(n):
        to_new[pc] = at
        at += 2 if pc in starts else 1
    to_new[n] = at
    code, lines, costs, to_old = [], [], [], []
    elem_stores = False
    for pc, (op, arg) in enumerate(fn.code):
        if pc in starts:
            code.append((bc.LINE, fn.lines[pc]))
            lines.append(fn.lines[pc])
            costs.append(0)
            to_old.append(pc)
        if bc.OPNAMES[op] in bc.JUMPS:
            arg = to_new[arg]
        elif op in (bc.STORE_GLOBAL, bc.STORE_GLOBAL_H) and arg in watched:
            op, arg = bc.STORE_GLOBAL_WATCHED, (arg, op == bc.STORE_GLOBAL_H)
        elif op in (bc.STORE_GLOBAL_ELEM, bc.STORE_GLOBAL_ELEM_H) and arg in watched_arrays:
            op, arg = bc.STORE_GLOBAL_ELEM_WATCHED, (arg, op == bc.STORE_GLOBAL_ELEM_H)
            elem_stores = True
        code.append((op, arg))
        lines.append(fn.lines[pc])
        costs.append(fn.costs[pc])
        to_old.append(pc)
    to_old.append(n)
    return InstrumentedFunction(
        fn.name, fn.file, fn.line, fn.nparams, fn.returns, fn.param_types, fn.local_names,
        fn.local_types, fn.array_slots, code, lines, costs, original=fn, to_new=to_new,
        to_old=to_old, traced=traced, interpret=traced or elem_stores)


class Instrumentation:
    """The instrumentation of one VM (``VM.instrument``); see the module docstring.

    ``traced`` are the original functions with line events; ``trace_all`` traces every
    function (single-stepping); ``traced_files`` traces every function of those source
    files (coverage), their copies made at first call; ``watched``/``watched_arrays`` map a
    global slot to its callbacks (``(old, new)`` / ``(index, old, new)``). ``version``
    changes whenever the copies do (the fast runtime is made again then). ``active`` is
    False when there is no copy to resolve, so the VM skips the lookup.
    """

    def __init__(self, program) -> None:
        self.program = program
        self.traced: set[CompiledFunction] = set()
        self.trace_all = False
        self.traced_files: frozenset[str] = frozenset()
        self.watched: dict[int, list[Callable[[Any, Any], None]]] = {}
        self.watched_arrays: dict[int, list[Callable[[int, Any, Any], None]]] = {}
        self.copies: dict[CompiledFunction, InstrumentedFunction] = {}
        self.version = 0
        self.active = False
        self._storers: dict[int, list[CompiledFunction]] | None = None
        self._slow: frozenset[CompiledFunction] | None = None

    # ------------------------------------------------------------------ what to instrument
    def trace(self, fn: CompiledFunction, on: bool = True) -> None:
        """Give ``fn`` (an original) line events, or take them away."""
        fn = getattr(fn, "original", None) or fn
        if on != (fn in self.traced):
            (self.traced.add if on else self.traced.discard)(fn)
            self._refresh([fn])

    def set_trace_all(self, on: bool) -> None:
        """Line events in every function (made lazily as functions are called)."""
        if on != self.trace_all:
            self.trace_all = on
            if not on:  # drop the copies only stepping made
                keep = set(self._wanted())
                for fn in [f for f in self.copies if f not in keep and f.file not in self.traced_files]:
                    del self.copies[fn]
            self._changed()

    def trace_files(self, files: Iterable[str]) -> None:
        """Line events in every function whose ``file`` is one of ``files`` (replacing the
        files given before); the copies are made lazily, as the functions are called, so a
        large script costs only what runs."""
        files = frozenset(files)
        if files != self.traced_files:
            dropped = self.traced_files - files
            self.traced_files = files
            keep = set(self._wanted())
            for fn in [f for f in self.copies if f.file in dropped and f not in keep]:
                del self.copies[fn]
            self._changed()

    def watch(self, slot: int, callback: Callable[[Any, Any], None]) -> None:
        """Call ``callback(old, new)`` after each script store to the global ``slot``."""
        first = slot not in self.watched
        self.watched.setdefault(slot, []).append(callback)
        if first:
            self._refresh(self._stores_of(slot))

    def unwatch(self, slot: int, callback: Callable) -> None:
        """Stop calling ``callback`` for global ``slot``; the copies go with the last one."""
        self._remove(self.watched, slot, callback)

    def watch_array(self, slot: int, callback: Callable[[int, Any, Any], None]) -> None:
        """Call ``callback(index, old, new)`` after each script store into the global array
        ``slot`` (stores out of range are ignored by the game and not reported)."""
        first = slot not in self.watched_arrays
        self.watched_arrays.setdefault(slot, []).append(callback)
        if first:
            self._refresh(self._stores_of(slot))

    def unwatch_array(self, slot: int, callback: Callable) -> None:
        """Stop calling ``callback`` for the global array ``slot`` (see ``unwatch``)."""
        self._remove(self.watched_arrays, slot, callback)

    def clear(self) -> None:
        """Remove every trace and watch (frames already in copies keep them until return)."""
        self.traced.clear()
        self.watched.clear()
        self.watched_arrays.clear()
        self.trace_all = False
        self.traced_files = frozenset()
        self.copies.clear()
        self._changed()

    # ------------------------------------------------------------------ what the VM asks
    def resolve(self, fn: CompiledFunction) -> CompiledFunction:
        """The function to run for a call of ``fn``: its copy, or ``fn`` itself."""
        copy = self.copies.get(fn)
        if copy is not None:
            return copy
        if (self.trace_all or fn.file in self.traced_files) and not isinstance(fn, InstrumentedFunction):
            copy = self.copies[fn] = self._make(fn)
            return copy
        return fn

    def rebase(self, frame, after_line: bool = False) -> None:
        """Move a live ``frame`` onto the copy its function resolves to now (pc mapped).
        ``after_line``: the frame has just run its line's ``LINE`` (it is stopped in a line
        hook), so it continues after the new copy's ``LINE`` instead of reporting again."""
        fn = frame.fn
        original = getattr(fn, "original", None) or fn
        target = self.resolve(original)
        if target is fn:
            return
        pc = fn.to_old[frame.pc] if isinstance(fn, InstrumentedFunction) else frame.pc
        if isinstance(target, InstrumentedFunction):
            new = target.to_new[pc]
            if after_line and new < len(target.code) and target.code[new][0] == bc.LINE:
                new += 1
            pc = new
        frame.fn = target
        frame.pc = pc

    def slow(self) -> frozenset[CompiledFunction]:
        """Originals that must run as bytecode: interpreted copies and every function that
        can call one (through any chain of calls)."""
        if self._slow is None:
            seeds = {f for f, c in self.copies.items() if c.interpret}
            if self.traced_files:
                seeds.update(f for f in program_functions(self.program) if f.file in self.traced_files)
            callers: dict[CompiledFunction, list[CompiledFunction]] = {}
            if seeds:
                for f in program_functions(self.program):
                    for op, arg in f.code:
                        if op == bc.CALL:
                            callers.setdefault(arg[0], []).append(f)
            out, work = set(seeds), list(seeds)
            while work:
                for caller in callers.get(work.pop(), ()):
                    if caller not in out:
                        out.add(caller)
                        work.append(caller)
            self._slow = frozenset(out)
        return self._slow

    # ------------------------------------------------------------------ internals
    def _wanted(self) -> list[CompiledFunction]:
        out = list(self.traced)
        for slot in list(self.watched) + list(self.watched_arrays):
            out.extend(self._stores_of(slot))
        return out

    def _make(self, fn: CompiledFunction) -> InstrumentedFunction:
        traced = fn in self.traced or self.trace_all or fn.file in self.traced_files
        return make_copy(fn, traced, self.watched, self.watched_arrays)

    def _refresh(self, fns: Iterable[CompiledFunction]) -> None:
        wanted = set(self._wanted())
        for fn in fns:
            if fn in wanted or self.trace_all or fn.file in self.traced_files:
                self.copies[fn] = self._make(fn)
            else:
                self.copies.pop(fn, None)
        self._changed()

    def _changed(self) -> None:
        self.version += 1
        self._slow = None
        self.active = bool(self.copies) or self.trace_all or bool(self.traced_files)

    def _remove(self, table: dict, slot: int, callback: Callable) -> None:
        callbacks = table.get(slot)
        if callbacks and callback in callbacks:
            callbacks.remove(callback)
            if not callbacks:
                del table[slot]
                self._refresh(self._stores_of(slot))

    def _stores_of(self, slot: int) -> list[CompiledFunction]:
        """The functions that store to global ``slot`` (scalar or element stores)."""
        if self._storers is None:
            stores = (bc.STORE_GLOBAL, bc.STORE_GLOBAL_H, bc.STORE_GLOBAL_ELEM, bc.STORE_GLOBAL_ELEM_H)
            table: dict[int, list[CompiledFunction]] = {}
            for f in program_functions(self.program):
                for s in sorted({arg for op, arg in f.code if op in stores}):
                    table.setdefault(s, []).append(f)
            self._storers = table
        return self._storers.get(slot, [])
