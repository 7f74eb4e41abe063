"""What a game is waiting for: sleeping threads and on what, running timers, periodic
triggers, and the script's own names for handles (``gg_trg_Intro``, not the
``bj_queuedExecTriggers[0]`` slot that happens to hold the same trigger).

What started a thread (``thread_origin``) names it in profiles and the debugger.

Read-only views over the VM (``jassvm.vm.VM.threads``, the scheduler's queue) and the model
(``TimerStore.running``, the event registry), for failure reports and ``jass run -v``.
Times are game seconds.
"""
from __future__ import annotations

from typing import Any, NamedTuple

from jassvm import bytecode as bc
from jassvm.thread import UNSET, StackEntry

_CALL_NATIVE = bc.OPNAMES.index("CALL_NATIVE")
_CALL = bc.OPNAMES.index("CALL")
_PLAIN_TYPES = ("integer", "real", "boolean", "string", "code")


def _rank(name: str, is_array: bool) -> int:
    """Which of several globals holding one handle names it (lower first): ``gg_`` globals,
    other non-array globals, arrays, then Blizzard.j's ``bj_`` globals."""
    if name.startswith("bj_"):
        return 3
    if is_array:
        return 2
    return 0 if name.startswith("gg_") else 1


def script_name(vm, obj: Any, type_name: str) -> str | None:
    """The name ``script_names`` gives ``obj``, looked up for this one handle; None when no
    global of ``type_name`` holds it."""
    best: tuple[int, str] | None = None
    values = vm.globals
    for g in vm.program.globals:
        if g.type_name != type_name:
            continue
        v = values[g.index]
        if g.is_array:
            hits = [f"{g.name}[{i}]" for i, x in sorted(v.items()) if x is obj]
        else:
            hits = [g.name] if v is obj else []
        if hits and (best is None or _rank(g.name, g.is_array) < best[0]):
            best = (_rank(g.name, g.is_array), hits[0])
    return best[1] if best else None


def script_names(vm, type_name: str) -> dict[int, str]:
    """``id(handle) -> name`` of the globals of ``type_name`` (e.g. ``"trigger"``) holding
    a handle; array elements are named ``name[i]``. When several globals hold the same
    handle, the World Editor's own name wins: ``gg_`` globals first, then other non-array
    globals, then arrays, and Blizzard.j's ``bj_`` globals (the trigger queue's
    ``bj_queuedExecTriggers``) last."""
    best: dict[int, tuple[int, str]] = {}
    values = vm.globals
    for g in vm.program.globals:
        if g.type_name != type_name:
            continue
        v = values[g.index]
        rank = _rank(g.name, g.is_array)
        if g.is_array:
            items = [(f"{g.name}[{i}]", x) for i, x in sorted(v.items()) if x is not None]
        else:
            items = [] if v is None or v is UNSET else [(g.name, v)]
        for name, x in items:
            key = id(x)
            if key not in best or rank < best[key][0]:
                best[key] = (rank, name)
    return {k: name for k, (_rank, name) in best.items()}


def trigger_label(names: dict[int, str], trig: Any) -> str:
    """The script name of ``trig`` in ``names`` (``script_names(vm, "trigger")``), else
    ``<trigger N>`` with its handle id."""
    if trig is None:
        return "<no trigger>"
    return names.get(id(trig)) or f"<trigger {getattr(trig, 'handle_id', '?')}>"


class WaitingThread(NamedTuple):
    """A sleeping thread: VM id, name (its first function), kind (``action``,
    ``executefunc``...), the trigger it runs for (a name, or None), the native it waits in
    (``TriggerSleepAction``, ``TriggerWaitForSound``, ``TriggerExecuteWait``...; or None),
    the JASS stack (outermost first), the game time it wakes at (None when it waits for
    another thread: ``waits_for`` is then that thread's id, when known)."""

    id: int
    name: str
    kind: str
    trigger: str | None
    native: str | None
    stack: list[StackEntry]
    wakes: float | None
    waits_for: int | None

    def format(self) -> str:
        """``thread 12 gg_trg_Intro: TriggerSleepAction in Trig_Intro_Actions (war3map.j:40),
        wakes at 45.00s``."""
        who = self.trigger or self.name
        where = f" in {self.stack[-1]}" if self.stack else ""
        if len(self.stack) > 1:
            where += f" <- {self.stack[0].function}"
        what = self.native or "waits"
        if self.wakes is not None:
            when = f"wakes at {self.wakes:.2f}s"
        elif self.waits_for is not None:
            when = f"until thread {self.waits_for} ends"
        else:
            when = "until resumed"
        return f"thread {self.id} {who}: {what}{where}, {when}"


def _native_called(frame) -> str | None:
    """The native (or function) the frame's last instruction called: where it waits."""
    pc = frame.pc - 1
    code = frame.fn.code
    if 0 <= pc < len(code):
        op, arg = code[pc]
        if op in (_CALL_NATIVE, _CALL):
            return getattr(arg[0], "name", None)
    return None


def waiting_threads(vm, names: dict[int, str] | None = None) -> list[WaitingThread]:
    """The VM's sleeping threads in id order (``names``: ``script_names(vm, "trigger")``,
    computed when not given)."""
    if names is None:
        names = script_names(vm, "trigger")
    due = {e.seq: e.due for e in vm.scheduler.entries() if e.kind == vm.resume_kind}
    waited_by = {w: th.id for th in vm.threads.values() for w in th.waiters}
    out = []
    for tid in sorted(vm.threads):
        th = vm.threads[tid]
        if th.status != "sleeping":
            continue
        trig = getattr(th.response, "trigger", None)
        stack = vm._stack_of(th)  # noqa: SLF001 - the VM's own stack rendering
        native = _native_called(th.frames[-1]) if th.frames else None
        out.append(WaitingThread(th.id, th.name, th.kind,
                                 trigger_label(names, trig) if trig is not None else None,
                                 native, stack, due.get(th.wake), waited_by.get(th.id)))
    return out


class PendingTimer(NamedTuple):
    """A running timer: when it expires next (game seconds), its period when periodic
    (else None), and what it runs: the callback function and the triggers registered on its
    expiry (names). ``hidden`` marks the timer of a ``TriggerRegisterTimerEvent``."""

    due: float
    period: float | None
    callback: str | None
    triggers: list[str]
    hidden: bool

    def format(self) -> str:
        runs = ([self.callback] if self.callback else []) + self.triggers
        every = f", every {self.period:g} s" if self.period is not None else ""
        what = "timer event" if self.hidden else "timer"
        return f"{what} at {self.due:.2f}s{every}: {', '.join(runs) or 'nothing'}"


def pending_timers(game, names: dict[int, str] | None = None) -> list[PendingTimer]:
    """The running timers of ``game`` in expiry order (``names`` as ``waiting_threads``)."""
    if names is None:
        names = script_names(game.vm, "trigger")
    out = []
    for t in list(game.timers.running):
        if t.state != "running":
            continue
        regs = [r for r in game.events.find("timer", t) if not r.retired]
        trigs = [trigger_label(names, r.trigger) for r in regs if r.trigger is not None]
        out.append(PendingTimer(t.due, t.timeout if t.periodic else None,
                                getattr(t.code, "name", None), trigs, t.internal))
    out.sort(key=lambda p: p.due)
    return out


def periodic_triggers(game) -> dict[int, float]:
    """``id(trigger) -> period`` (game seconds) of the triggers registered on a periodic
    timer event (``TriggerRegisterTimerEvent(t, period, true)``) that is running."""
    out: dict[int, float] = {}
    for t in list(game.timers.running):
        if t.internal and t.periodic and t.state == "running":
            for r in game.events.find("timer", t):
                if not r.retired and r.trigger is not None:
                    out.setdefault(id(r.trigger), t.timeout)
    return out


class PolledTrigger(NamedTuple):
    """A trigger on a periodic timer event: its name, period (game seconds), the functions
    of its conditions (what it polls: evaluated every period), and whether it is enabled."""

    trigger: str
    period: float
    conditions: list[str]
    enabled: bool

    def format(self) -> str:
        polls = f" polls {', '.join(self.conditions)}" if self.conditions else ""
        return f"{self.trigger} every {self.period:g} s{polls}" + ("" if self.enabled else " (disabled)")


def polled_triggers(game, names: dict[int, str] | None = None) -> list[PolledTrigger]:
    """The triggers on running periodic timer events, by name (``names`` as
    ``waiting_threads``)."""
    if names is None:
        names = script_names(game.vm, "trigger")
    out = {}
    for t in list(game.timers.running):
        if not (t.internal and t.periodic and t.state == "running"):
            continue
        for r in game.events.find("timer", t):
            trig = r.trigger
            if r.retired or trig is None or id(trig) in out:
                continue
            conds = [getattr(getattr(c.boolexpr, "code", None), "name", "?") for c in trig.conditions]
            out[id(trig)] = PolledTrigger(trigger_label(names, trig), t.timeout, conds, trig.enabled)
    return sorted(out.values(), key=lambda p: p.trigger)


def pending_lines(game, limit: int = 10) -> list[str]:
    """What the game waits for, one line each: the sleeping threads, the running timers
    (not the hidden ones of timer events) and the periodic triggers (``limit`` of each)."""
    names = script_names(game.vm, "trigger")
    threads = waiting_threads(game.vm, names)
    timers = [t for t in pending_timers(game, names) if not t.hidden]
    polled = polled_triggers(game, names)
    lines = []
    for label, items in (("threads waiting", threads), ("timers", timers), ("periodic triggers", polled)):
        if not items:
            continue
        lines.append(f"{label} ({len(items)}):")
        lines += ["  " + i.format() for i in items[:limit]]
        if len(items) > limit:
            lines.append(f"  ... and {len(items) - limit} more")
    return lines or ["nothing is pending"]


def thread_origin(th, trigger_name: str | None) -> str:
    """What started the JASS thread ``th`` (a ``jassvm.thread.Thread``), the name profiles
    group threads by and the debugger shows: ``gg_trg_X actions``, ``gg_trg_X conditions``,
    ``timer F``, ``ExecuteFunc F``, ``AI F``, ``ForGroup F``, ``filter F``, ``map init (globals)``,
    ``main``, ``callback F``. ``trigger_name`` is the script's name of the thread's trigger
    (``script_name``), None when it has none."""
    resp = th.response
    first = th.actions[0].name if th.actions else th.name
    if th.kind == "init":
        return "map init (globals)"
    if th.kind == "main":
        return th.name
    if th.kind == "action":
        return f"{trigger_name} actions" if trigger_name else f"actions {first}"
    if th.kind == "executefunc":
        return f"ExecuteFunc {th.name}"
    if th.kind == "ai":   # an AI script's thread (natives.ai)
        return f"AI {th.name}"
    if getattr(resp, "expired_timer", None) is not None:
        return f"timer {th.name}"
    if trigger_name:
        return f"{trigger_name} conditions"
    for attr, what in (("enum_unit", "ForGroup"), ("filter_unit", "filter"),
                       ("enum_player", "ForForce"), ("enum_item", "EnumItems"),
                       ("enum_destructable", "EnumDestructables")):
        if getattr(resp, attr, None) is not None:
            return f"{what} {th.name}"
    return f"callback {th.name}"
