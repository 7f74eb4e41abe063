"""Timers on the game clock, timer events and ``PauseGame``.

Contracts (``shared/reference/jass-semantics.md`` G):

- Timers count game time (S100) on the VM's scheduler; equal due times fire in start order
  (S118's assumption, the scheduler's sequence numbers).
- A timer's callback runs as a "callback" thread: a wait there ends it (S097, conformance
  057). ``GetExpiredTimer`` is the timer, or null once it was destroyed (S115).
- ``DestroyTimer`` does not pause: a pending expiry still runs the callback, with
  ``GetExpiredTimer() == null`` (S115). A destroyed periodic timer does not start again
  (project choice).
- ``PauseTimer`` clears the periodic flag (S113). ``ResumeTimer`` continues from the remaining
  time; a timer that was periodic when paused then runs once more for its full timeout and
  stops (S113, conformance 062). Choice: a timer that was one-shot when paused just expires.
- ``TimerGetRemaining`` of a paused or expired timer is the value at the last pause (0 when
  never paused since ``TimerStart``, which ``PolledWait`` relies on); ``TimerGetElapsed``
  after a resume counts from the resume; on paused/expired timers it is
  ``timeout - remaining`` (S114).
- A periodic ``TimerStart`` period under ``MIN_TIMER_PERIOD`` uses that period (S116: a 0 s
  timer fires about 10077 times per second); ``TriggerRegisterTimerEvent`` periods under
  ``MIN_EVENT_PERIOD`` use that (S116: 100 Hz cap, 1.32+).
- ``PauseGame(true)`` freezes every running timer; trigger sleeps go on (S099, S100). The
  day clock is not paused (not modelled).

Expiry order: the code callback, then the timer's expire-event registrations
(``natives.events``; direct dispatch, seed 004).
"""
from __future__ import annotations

from natives.events import EventRegistry
from natives.handles import Handle
from natives.registry import native
from natives.response import Response
from natives.triggers import live_trigger

MIN_TIMER_PERIOD = 1.0 / 10077.0
"""Shortest period of a periodic timer, game seconds (S116)."""

MIN_EVENT_PERIOD = 0.01
"""Shortest period of ``TriggerRegisterTimerEvent``, game seconds (S116, 1.32+)."""



class Timer(Handle):
    """A ``timer`` agent (``internal``: the hidden timer of a ``TriggerRegisterTimerEvent``,
    not in the handle table).

    ``state`` is ``idle`` (never started), ``running``, ``paused`` or ``expired``; ``timeout``
    the value given to ``TimerStart`` (seconds); ``entry`` the sequence number of the pending
    ``timer`` scheduler entry; ``due`` the game time of the next expiry while running;
    ``frozen`` the remaining seconds while ``PauseGame`` holds it;
    ``remaining`` the remaining seconds at the last ``PauseTimer``.
    """

    type_name = "timer"
    __slots__ = ("internal", "timeout", "periodic", "code", "state", "entry", "due", "frozen",
                 "remaining", "resumed_at", "extra_timeout")

    def __init__(self, internal: bool = False) -> None:
        super().__init__()
        self.internal = internal
        self.timeout = 0.0
        self.periodic = False
        self.code = None
        self.state = "idle"
        self.entry = None
        self.due = 0.0
        self.frozen: float | None = None
        self.remaining = 0.0
        self.resumed_at: float | None = None
        self.extra_timeout = False


class TimerStore:
    """The running timers of one game (for ``PauseGame``) and the timer operations."""

    def __init__(self, game) -> None:
        self.game = game
        self.scheduler = game.scheduler
        self.scheduler.register("timer", self._expire)   # subject: the timer
        self.running: dict[Timer, None] = {}
        self.game_paused = False

    @property
    def now(self) -> float:
        return self.scheduler.now

    # -- countdowns ----------------------------------------------------------------------
    def _arm(self, t: Timer, delay: float) -> None:
        t.state = "running"
        self.running[t] = None
        if self.game_paused:
            t.frozen = delay
            return
        t.frozen = None
        t.due = self.now + delay
        t.entry = self.scheduler.schedule(delay, "timer", subject=t)

    def _disarm(self, t: Timer) -> None:
        self.scheduler.cancel(t.entry)
        t.entry = None
        t.frozen = None
        self.running.pop(t, None)

    def _period(self, t: Timer) -> float:
        d = max(0.0, t.timeout)
        return max(d, MIN_TIMER_PERIOD) if t.periodic else d

    def _left(self, t: Timer) -> float:
        if t.frozen is not None:
            return t.frozen
        return max(0.0, t.due - self.now)

    def _expire(self, t: Timer) -> None:
        t.entry = None
        self.running.pop(t, None)
        t.resumed_at = None
        if t.destroyed:
            t.state = "expired"
        elif t.periodic:
            self._arm(t, self._period(t))
        elif t.extra_timeout:
            t.extra_timeout = False
            self._arm(t, max(0.0, t.timeout))
        else:
            t.state = "expired"
        expired = None if t.destroyed or t.internal else t
        if t.code is not None:
            self.game.vm.run_callback(t.code, Response(expired_timer=expired))
        self.game.events.timer_expired(t)

    # -- operations ----------------------------------------------------------------------
    def start(self, t: Timer, timeout: float, periodic: bool, code) -> None:
        """(Re)start ``t``: expire after ``timeout`` seconds (negative counts as 0)."""
        self._disarm(t)
        t.timeout = timeout
        t.periodic = bool(periodic)
        t.code = code
        t.remaining = 0.0
        t.resumed_at = None
        t.extra_timeout = False
        self._arm(t, self._period(t))

    def pause(self, t: Timer) -> None:
        """Stop the countdown, keep the remaining time, clear the periodic flag (S113)."""
        if t.state == "running":
            left = self._left(t)
            self._disarm(t)
            t.state = "paused"
            t.remaining = left
            t.extra_timeout = t.extra_timeout or t.periodic
        t.periodic = False

    def resume(self, t: Timer) -> None:
        """Continue a paused countdown (no-op otherwise)."""
        if t.state != "paused":
            return
        t.resumed_at = self.now
        self._arm(t, t.remaining)

    def stop(self, t: Timer) -> None:
        """Cancel ``t`` for good (internal timers of retired registrations)."""
        self._disarm(t)
        t.state = "expired"

    def get_remaining(self, t: Timer) -> float:
        if t.state == "running":
            return self._left(t)
        if t.state in ("paused", "expired"):
            return t.remaining
        return 0.0

    def get_elapsed(self, t: Timer) -> float:
        if t.state == "idle":
            return 0.0
        if t.state == "running" and t.resumed_at is not None:
            return self.now - t.resumed_at
        return max(0.0, t.timeout) - self.get_remaining(t)

    # -- PauseGame -------------------------------------------------------------------------
    def set_game_paused(self, flag: bool) -> None:
        """Freeze (true) or thaw (false) every running timer."""
        flag = bool(flag)
        if flag == self.game_paused:
            return
        self.game_paused = flag
        for t in list(self.running):
            if flag and t.entry is not None:
                left = self._left(t)
                self.scheduler.cancel(t.entry)
                t.entry = None
                t.frozen = left
            elif not flag and t.frozen is not None:
                self._arm(t, t.frozen)


def _store(ctx) -> TimerStore:
    return ctx.game.timers


def _live(t: Timer | None) -> Timer | None:
    return t if t is not None and not t.destroyed else None


# ---------------------------------------------------------------------------------------
# Natives
# ---------------------------------------------------------------------------------------

@native("CreateTimer", "takes nothing returns timer")
def CreateTimer(ctx):
    """A new idle timer (timeout 0, not running)."""
    return ctx.game.handles.allocate(Timer())


@native("DestroyTimer", "takes timer whichTimer returns nothing")
def DestroyTimer(ctx, t):
    """Destroy ``t`` without pausing it (S115)."""
    if _live(t) is not None:
        ctx.game.handles.destroy(t)


@native("TimerStart", "takes timer whichTimer, real timeout, boolean periodic, code handlerFunc returns nothing")
def TimerStart(ctx, t, timeout, periodic, code):
    """Start ``t``: ``handlerFunc`` (may be null) runs every ``timeout`` game seconds if
    ``periodic``, else once (S100)."""
    t = _live(t)
    if t is not None:
        _store(ctx).start(t, timeout, periodic, code)


@native("TimerGetElapsed", "takes timer whichTimer returns real")
def TimerGetElapsed(ctx, t):
    """Seconds since the countdown started or resumed; timeout - remaining when paused or
    expired (S114)."""
    t = _live(t)
    return _store(ctx).get_elapsed(t) if t is not None else 0.0


@native("TimerGetRemaining", "takes timer whichTimer returns real")
def TimerGetRemaining(ctx, t):
    """Seconds left; the value at the last pause once paused or expired (S114)."""
    t = _live(t)
    return _store(ctx).get_remaining(t) if t is not None else 0.0


@native("TimerGetTimeout", "takes timer whichTimer returns real")
def TimerGetTimeout(ctx, t):
    """The timeout given to ``TimerStart`` (0.0 before it)."""
    t = _live(t)
    return t.timeout if t is not None else 0.0


@native("PauseTimer", "takes timer whichTimer returns nothing")
def PauseTimer(ctx, t):
    """Stop the countdown and clear the periodic flag (S113)."""
    t = _live(t)
    if t is not None:
        _store(ctx).pause(t)


@native("ResumeTimer", "takes timer whichTimer returns nothing")
def ResumeTimer(ctx, t):
    """Continue a paused countdown (see the module docstring for S113's extra expiry)."""
    t = _live(t)
    if t is not None:
        _store(ctx).resume(t)




@native("PauseGame", "takes boolean flag returns nothing")
def PauseGame(ctx, flag):
    """Freeze (true) or thaw (false) timers; trigger sleeps keep running (S099, S100).
    The day clock (``natives.daynight``) is not paused (not modelled)."""
    _store(ctx).set_game_paused(flag)


@native("TriggerRegisterTimerEvent", "takes trigger whichTrigger, real timeout, boolean periodic returns event")
def TriggerRegisterTimerEvent(ctx, trig, timeout, periodic):
    """Fire ``trig`` after ``timeout`` game seconds (every ``timeout`` if periodic, at least
    ``MIN_EVENT_PERIOD``, S116) from a hidden timer of its own; EVENT_GAME_TIMER_EXPIRED."""
    if live_trigger(trig) is None:
        return None
    events: EventRegistry = ctx.game.events
    store = _store(ctx)
    t = Timer(internal=True)
    reg = events.register(trig, events.event("EVENT_GAME_TIMER_EXPIRED"), ("timer", t), t, timer=t)
    if periodic:
        timeout = max(timeout, MIN_EVENT_PERIOD)
    store.start(t, timeout, periodic, None)
    return reg


@native("TriggerRegisterTimerExpireEvent", "takes trigger whichTrigger, timer t returns event")
def TriggerRegisterTimerExpireEvent(ctx, trig, t):
    """Fire ``trig`` whenever ``t`` expires (after its callback); ``GetExpiredTimer`` is
    ``t``. EVENT_GAME_TIMER_EXPIRED."""
    if t is None:
        return None
    events: EventRegistry = ctx.game.events
    return events.register(trig, events.event("EVENT_GAME_TIMER_EXPIRED"), ("timer", t), t)
