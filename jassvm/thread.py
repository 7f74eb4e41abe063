"""A JASS thread as plain data: its frames, status, op count and what it waits for.

These are the VM's leaf types (DESIGN.md section 3.4): a ``Thread`` is a stack of
``Frame``s (function, pc, locals, operand stack), so a thread that waits is fully described
by data and can be inspected, saved and restored. The crash and wait signals
(``JassCrash``, ``Suspend``) and the crash record types live here too, so the interpreter
(``jassvm.vm``) and the fast path (``jassvm.fastpath``) share them without importing each
other.
"""
from __future__ import annotations

from typing import Any

from .bytecode import CompiledFunction
from .compiler import default_value
from .records import field, record

MAX_CALL_DEPTH = 4096     # frames per thread before the thread is ended as a stack overflow


class _Unset:
    __slots__ = ()

    def __repr__(self) -> str:
        return "<unset>"


UNSET = _Unset()


class JassCrash(Exception):
    """Ends the current JASS thread. ``kind`` is a short stable name (``op-limit``,
    ``uninitialized``, ``division-by-zero``, ``forbidden-wait``, ``missing-native``, ``null``...)."""

    def __init__(self, kind: str, message: str):
        super().__init__(message)
        self.kind = kind
        self.message = message


class Suspend(Exception):
    """Raised by a native to make the calling thread wait ``delay`` game seconds
    (``None``: until something else resumes it, see ``VM.wait_for``)."""

    def __init__(self, delay: float | None):
        super().__init__(delay)
        self.delay = delay


@record(slots=False)
class StackEntry:
    """One JASS frame of a crash record: function, file and line."""

    function: str
    file: str
    line: int

    def __str__(self) -> str:
        return f"{self.function} ({self.file}:{self.line})"


@record(slots=False)
class RuntimeErrorRecord:
    """A recorded thread crash: kind, message, game time (seconds), thread and JASS stack
    (innermost call last)."""

    kind: str
    message: str
    time: float
    thread: str
    stack: list[StackEntry] = field(default_factory=list)

    def format(self) -> str:
        where = self.stack[-1] if self.stack else None
        head = f"[{self.time:8.2f}s] {self.kind}: {self.message}"
        if where:
            head += f" at {where}"
        return head

    def to_dict(self) -> dict:
        return {"kind": self.kind, "message": self.message, "time": self.time, "thread": self.thread,
                "stack": [vars(s) for s in self.stack]}


class JassArray(dict):
    """A JASS array: sparse, reading an unset index gives the type's default (S083).

    Indices outside ``0 .. size-1`` read the default and ignore writes (S085 recommendation).
    """

    __slots__ = ("default", "size")

    def __init__(self, default: Any, size: int):
        super().__init__()
        self.default = default
        self.size = size


class Frame:
    """One function activation: function, program counter, locals and operand stack."""

    __slots__ = ("fn", "pc", "locals", "stack")

    def __init__(self, fn: CompiledFunction, locals_: list, array_size: int):
        self.fn = fn
        self.pc = 0
        self.locals = locals_
        self.stack: list = []
        if fn.array_slots:
            for slot in fn.array_slots:
                locals_[slot] = JassArray(default_value(fn.local_types[slot]), array_size)


class Thread:
    """A JASS thread.

    ``id`` is given by the VM that runs it (``VM.new_thread``); ``kind`` is ``init``,
    ``main``, ``action``, ``executefunc`` or ``callback``; ``response`` holds the event
    payload that response natives read (it survives waits; opaque to the VM, which makes
    it with ``VM.new_response``: the natives layer's ``Response``). Action threads run ``actions``
    (a tuple of functions, taken from the front: ``()`` once the last one started) one after
    another (S108). While the thread sleeps, ``wake`` is the sequence number of its ``resume``
    scheduler entry (None when it waits for another thread); ``waiters`` are the ids of
    threads waiting for this one to finish (``TriggerExecuteWait``). ``actions`` and
    ``waiters`` are replaced, never changed in place, so most threads share the empty tuple.
    """

    # slots: a sleeping thread costs what its fields do (issue 16: at most 1 KiB per thread)
    __slots__ = ("id", "name", "kind", "response", "frames", "actions", "status", "ops",
                 "result", "slept", "wake", "waiters")

    def __init__(self, thread_id: int, name: str, kind: str, response: Any = None,
                 actions: tuple[CompiledFunction, ...] = ()):
        self.id = thread_id
        self.name = name
        self.kind = kind
        self.response = response if response is not None else {}
        self.frames: list[Frame] = []
        self.actions = actions
        self.status = "new"          # new, running, sleeping, done, crashed
        self.ops = 0                 # ops in the current uninterrupted run
        self.result: Any = None
        self.slept = False
        self.wake: int | None = None
        self.waiters: tuple[int, ...] = ()

    @property
    def finished(self) -> bool:
        return self.status in ("done", "crashed")

    def __repr__(self) -> str:
        return f"<thread {self.id} {self.name} {self.kind} {self.status}>"
