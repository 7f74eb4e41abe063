"""The op-limit profiler (``jass profile``): where a map's JASS ops go, and how close each
kind of thread comes to the op limit.

Ops are the VM's own op-limit counts (``Thread.ops``, ``jassvm.bytecode`` costs), so the
figures are the ones that decide whether a thread dies at the 300,000 limit (S093). The
profiler is a hook subscriber (``jassvm.hooks``) taking call and return events, so every
function runs as bytecode while it profiles (the fast path gives the same op counts, but
reports no calls). At every event the ops a thread ran since the last one go to the stack it
ran them in (the thread's frames), so the stacks add up to the VM's ``total_ops``; a
function's *self* ops are the ops spent in its own frames, its *total* ops those of every
stack it is on.

Thread origins (``natives.pending.thread_origin``) name what started a thread: ``gg_trg_X actions``,
``gg_trg_X conditions``, ``timer F``, ``ExecuteFunc F``, ``map init (globals)``, ``main``...
Per origin: threads, uninterrupted runs (a wait ends one, the resume starts the next with a
new count, S096), ops, the largest op count of one run (the headroom to the limit is what
is left of it), op-limit crashes, and the game time its threads spent waiting.

Collapsed stacks (``write_collapsed``): one ``origin;f;g;h OPS`` line per stack, the format
``flamegraph.pl`` and speedscope read.
"""
from __future__ import annotations

import os
from dataclasses import dataclass, field
from pathlib import Path
from maps.trigger_names import TriggerNames
from natives.pending import thread_origin


@dataclass
class OriginStats:
    """What the threads of one origin did. Ops are op-limit ops; times game seconds."""

    trigger: str | None = None
    threads: int = 0
    runs: int = 0
    ops: int = 0
    max_run: int = 0
    max_run_at: float = 0.0
    waits: int = 0
    waited: float = 0.0
    crashes: dict[str, int] = field(default_factory=dict)


@dataclass
class FunctionStats:
    """Per JASS function: interpreted calls and the ops spent in its own frames."""

    calls: int = 0
    self_ops: int = 0


class Profile:
    """A profile of the sessions attached to it (``attach``)."""

    def __init__(self) -> None:
        self.functions: dict[str, FunctionStats] = {}
        self.stacks: dict[tuple[str, ...], int] = {}
        self.origins: dict[str, OriginStats] = {}
        self.total_ops = 0
        self.op_limit = 0

    def attach(self, session) -> "_Recorder":
        """Profile ``session``'s VM from now on."""
        self.op_limit = session.vm.op_limit
        rec = _Recorder(self, session.vm)
        session.vm.hooks.add(rec)
        return rec

    # -- questions ---------------------------------------------------------------------------
    def total_of(self) -> dict[str, int]:
        """Inclusive ops per function: the ops of every stack it is on (once per stack)."""
        out: dict[str, int] = {}
        for stack, ops in self.stacks.items():
            for name in set(stack[1:]):
                out[name] = out.get(name, 0) + ops
        return out

    def triggers(self) -> dict[str, tuple[int, int, int]]:
        """Per trigger: (action runs, ops of its actions and conditions, largest run)."""
        out: dict[str, list[int]] = {}
        for origin, st in self.origins.items():
            if st.trigger is None:
                continue
            entry = out.setdefault(st.trigger, [0, 0, 0])
            if origin.endswith(" actions"):
                entry[0] += st.threads
            entry[1] += st.ops
            entry[2] = max(entry[2], st.max_run)
        return {k: (a, b, c) for k, (a, b, c) in sorted(out.items())}


class _Recorder:
    """One VM's hook subscriber for a ``Profile``."""

    def __init__(self, profile: Profile, vm) -> None:
        self.p = profile
        self.vm = vm
        self.names = TriggerNames(vm)
        self.mark: dict[int, int] = {}         # thread id -> its ops already attributed
        self.origin: dict[int, OriginStats] = {}
        self.label: dict[int, str] = {}
        self.slept_at: dict[int, float] = {}

    def _flush(self, th, frames) -> None:
        done = self.mark.get(th.id, 0)
        delta = th.ops - done
        if delta <= 0:
            return
        self.mark[th.id] = th.ops
        p = self.p
        p.total_ops += delta
        self.origin[th.id].ops += delta
        key = (self.label[th.id], *[fr.fn.name for fr in frames])
        p.stacks[key] = p.stacks.get(key, 0) + delta
        name = frames[-1].fn.name if frames else "(thread)"
        fs = p.functions.get(name)
        if fs is None:
            fs = p.functions[name] = FunctionStats()
        fs.self_ops += delta

    def _run_ended(self, th) -> None:
        st = self.origin[th.id]
        st.runs += 1
        if th.ops > st.max_run:
            st.max_run, st.max_run_at = th.ops, self.vm.now

    # -- hooks -----------------------------------------------------------------------------
    def thread_started(self, th) -> None:
        trig = getattr(th.response, "trigger", None)
        name = self.names.find(trig) if trig is not None else None
        if name is None and trig is not None and th.kind == "action":
            name = self.names.name(trig)     # a trigger no global holds
        # (ExecuteFunc outside any trigger gets a fresh trigger, S102: not a trigger to list)
        label = thread_origin(th, name)
        st = self.p.origins.get(label)
        if st is None:
            st = self.p.origins[label] = OriginStats(trigger=name)
        st.threads += 1
        self.origin[th.id] = st
        self.label[th.id] = label
        self.mark[th.id] = th.ops

    def call(self, th, frame) -> None:
        if th.id not in self.origin:      # a thread started before the profiler was attached
            self.thread_started(th)
        caller = th.frames[:-1]
        if caller:
            self._flush(th, caller)
        name = frame.fn.name
        fs = self.p.functions.get(name)
        if fs is None:
            fs = self.p.functions[name] = FunctionStats()
        fs.calls += 1

    def ret(self, th, frame) -> None:
        if th.id in self.origin:
            self._flush(th, th.frames)

    def thread_slept(self, th, delay) -> None:
        if th.id in self.origin:
            self._flush(th, th.frames)
            self._run_ended(th)
            self.slept_at[th.id] = self.vm.now

    def thread_resumed(self, th) -> None:
        if th.id not in self.origin:
            self.thread_started(th)
            return
        st = self.origin[th.id]
        st.waits += 1
        st.waited += self.vm.now - self.slept_at.pop(th.id, self.vm.now)
        self.mark[th.id] = th.ops

    def thread_crashed(self, th, record) -> None:
        if th is None or th.id not in self.origin:
            return
        self._flush(th, th.frames)
        crashes = self.origin[th.id].crashes
        crashes[record.kind] = crashes.get(record.kind, 0) + 1

    def thread_ended(self, th) -> None:
        if th.id not in self.origin:
            return
        self._flush(th, th.frames)
        self._run_ended(th)
        for table in (self.mark, self.origin, self.label, self.slept_at):
            table.pop(th.id, None)


def write_collapsed(profile: Profile, path: str | os.PathLike) -> Path:
    """Write ``origin;f;g OPS`` lines (collapsed stacks, sorted) for flame graph tools."""
    lines = [";".join(stack) + f" {ops}" for stack, ops in sorted(profile.stacks.items())]
    p = Path(path)
    p.write_text("\n".join(lines) + ("\n" if lines else ""), encoding="utf-8")
    return p


def origin_rows(profile: Profile) -> list[tuple[str, OriginStats, int]]:
    """(origin, stats, headroom to the op limit) by largest run first."""
    rows = [(name, st, profile.op_limit - st.max_run) for name, st in profile.origins.items()]
    return sorted(rows, key=lambda r: (-r[1].max_run, r[0]))


def function_rows(profile: Profile) -> list[tuple[str, FunctionStats, int]]:
    """(function, stats, total ops) by self ops first."""
    total = profile.total_of()
    rows = [(name, fs, total.get(name, fs.self_ops)) for name, fs in profile.functions.items()]
    return sorted(rows, key=lambda r: (-r[1].self_ops, r[0]))
