"""The VM's hook interface: who is told when threads start, wait, end or crash, when calls
happen, and when a traced frame reaches a new line.

Modelled on Lua's ``lua_sethook``: a subscriber is any object; ``VMHooks.add`` picks up the
methods it defines among ``EVENTS`` and the VM calls them in the order subscribers were
added. The VM reads the per-event tuples directly (``for cb in hooks.thread_started: ...``),
so an event nobody subscribed to costs an empty loop, and two events cost more than that:

- ``call``/``ret`` are only seen for interpreted frames, so while any subscriber takes them
  the VM runs no function in its fast form (``VM.fast_allowed``);
- ``line`` fires only in frames of *traced* functions: per-VM instrumented copies made by
  ``jassvm.instrument`` (Lua's per-function trap; clox's trace switch). Untraced code never
  executes the LINE instruction, so it pays nothing.

Events and their arguments (``th`` a ``jassvm.thread.Thread``, ``frame`` a ``Frame``):

``thread_started(th)``      created, actions set, before its first instruction
``thread_slept(th, delay)`` left the interpreter to wait ``delay`` game seconds (None: until
                            another thread ends or something resumes it)
``thread_resumed(th)``      about to continue after a wait
``thread_crashed(th, rec)`` a crash was recorded (``RuntimeErrorRecord``); the frames are
                            still on ``th`` (fast-path frames only in ``rec.stack``); ``th`` is
                            None for an error outside any thread
``thread_ended(th)``        finished (status ``done`` or ``crashed``), once per thread
``call(th, frame)``         an interpreted JASS function was entered (``frame`` is new)
``ret(th, frame)``          it is returning (``frame`` is still the callee's)
``line(th, frame, line)``   a traced frame is about to run the first instruction of ``line``;
                            the subscriber may inspect and change locals and globals, set
                            breakpoints or raise to stop the game (see ``VM.execute``)
"""
from __future__ import annotations

from typing import Any

EVENTS = ("thread_started", "thread_slept", "thread_resumed", "thread_crashed", "thread_ended",
          "call", "ret", "line")


class VMHooks:
    """The subscribers of one VM (``VM.hooks``). Each event name is an attribute holding the
    tuple of bound methods to call; ``add``/``remove`` rebuild them."""

    def __init__(self) -> None:
        self.subscribers: list[Any] = []
        self._rebuild()

    def add(self, subscriber: Any) -> Any:
        """Subscribe ``subscriber`` (its methods named after ``EVENTS``); returns it."""
        if subscriber not in self.subscribers:
            self.subscribers.append(subscriber)
            self._rebuild()
        return subscriber

    def remove(self, subscriber: Any) -> None:
        """Unsubscribe; unknown subscribers are ignored."""
        if subscriber in self.subscribers:
            self.subscribers.remove(subscriber)
            self._rebuild()

    @property
    def calls(self) -> bool:
        """True when someone takes call or return events (the fast path is then off)."""
        return bool(self.call or self.ret)

    def _rebuild(self) -> None:
        for event in EVENTS:
            setattr(self, event, tuple(getattr(s, event) for s in self.subscribers
                                       if callable(getattr(s, event, None))))
