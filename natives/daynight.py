"""Time of day: ``GAME_STATE_TIME_OF_DAY``, its speed and suspension.

Clock
    The time of day is in game hours, ``0 <= t < 24``. At scale 1.0 a full day lasts
    ``DAY_LENGTH`` = 480 game seconds (the game's standard day/night cycle: 20 game seconds
    per game hour). ``SetTimeOfDayScale(r)`` multiplies that speed; a scale <= 0 stops the
    clock (the game's behaviour for negative scales is not documented).
    ``SuspendTimeOfDay(true)`` stops the clock until ``SuspendTimeOfDay(false)`` (Blizzard.j's
    ``UseTimeOfDayBJ``), and ``PauseGame`` stops it while the game is paused
    (``set_paused``). Day is 6:00 (dawn) to 18:00 (dusk). The value is computed from game
    time, so it advances continuously with the game clock.

Start value
    Every corpus campaign map sets the time of day in its initialisation
    (``SetTimeOfDay``), melee maps set 8:00 (``bj_MELEE_STARTING_TOD``). The time a game starts
    at when no script sets it is not documented: the model starts at 0.0 (as the Warsmash
    engine does), a scenario may call ``game.daynight.set(hours)`` first, and reading the
    time of day before anything set it records a warning once.

Events
    Every change of the clock's course (a new value, scale, suspension or pause) is published
    as a ``TimeOfDayChanged`` model event (fields: ``old`` and ``value`` in game hours,
    ``scale``, ``running``). The event layer re-arms ``GAME_STATE_TIME_OF_DAY``
    registrations then, asking ``seconds_until(hours)`` when the clock next reaches a value.

The clock is ``game.daynight``. Natives: ``SetTimeOfDayScale``, ``GetTimeOfDayScale``,
``SuspendTimeOfDay``; ``SetFloatGameState``/``GetFloatGameState`` are ``natives.core``'s,
reading this clock.
"""
from __future__ import annotations

from natives.modelevents import TimeOfDayChanged
from natives.registry import native

DAY_LENGTH = 480.0
"""Game seconds per 24 game hours at scale 1.0."""
HOURS_PER_SECOND = 24.0 / DAY_LENGTH
DAWN, DUSK = 6.0, 18.0
GAME_STATE_TIME_OF_DAY = 2


class DayNight:
    """The time-of-day clock of one game (``game.daynight``)."""

    def __init__(self, game=None) -> None:
        self.game = game
        self._base = 0.0            # hours at self._t0
        self._t0 = 0.0              # game seconds
        self.scale = 1.0
        self.suspended = False
        self.paused = False
        self.was_set = False
        self._warned = False

    @property
    def now(self) -> float:
        return self.game.now if self.game is not None else 0.0

    @property
    def running(self) -> bool:
        return not self.suspended and not self.paused and self.scale > 0.0

    def _rate(self) -> float:
        """Game hours per game second (0 when suspended, paused, or the scale is <= 0)."""
        return HOURS_PER_SECOND * self.scale if self.running else 0.0

    def rate(self) -> float:
        """Game hours per game second now (0 when the clock stands still)."""
        return self._rate()

    def time_of_day(self) -> float:
        """Current time of day, game hours in [0, 24)."""
        t = self._base + (self.now - self._t0) * self._rate()
        return t % 24.0

    def value(self) -> float:
        """Same as ``time_of_day()``."""
        return self.time_of_day()

    def is_day(self) -> bool:
        return DAWN <= self.time_of_day() < DUSK

    def _rebase(self) -> None:
        self._base = self.time_of_day()
        self._t0 = self.now

    def _publish(self, old: float) -> None:
        if self.game is not None:
            self.game.publish(TimeOfDayChanged(old, self.time_of_day(), self.scale,
                                               self.running))

    def set(self, hours: float) -> None:
        """Set the time of day (wrapped to [0, 24))."""
        old = self.time_of_day()
        self._base = hours % 24.0
        self._t0 = self.now
        self.was_set = True
        self._publish(old)

    def set_scale(self, scale: float) -> None:
        old = self.time_of_day()
        self._rebase()
        self.scale = scale
        self._publish(old)

    def suspend(self, flag: bool) -> None:
        old = self.time_of_day()
        self._rebase()
        self.suspended = flag
        self._publish(old)

    def set_paused(self, flag: bool) -> None:
        """``PauseGame``: the clock stands still while the game is paused."""
        old = self.time_of_day()
        self._rebase()
        self.paused = flag
        self._publish(old)

    def seconds_until(self, hours: float) -> float | None:
        """Game seconds until the clock next reaches ``hours``, strictly in the future (a clock
        standing on ``hours`` waits a whole day); None while the clock stands still."""
        rate = self._rate()
        if rate <= 0.0:
            return None
        delta = (hours - self.time_of_day()) % 24.0
        if delta < 1e-6:
            delta += 24.0
        return delta / rate



def _dn(ctx) -> DayNight:
    return ctx.game.daynight




@native("SetTimeOfDayScale", "takes real r returns nothing")
def SetTimeOfDayScale(ctx, r):
    """Speed factor of the time of day (1.0: 480 game seconds per day; <= 0 stops it)."""
    _dn(ctx).set_scale(r)


@native("GetTimeOfDayScale", "takes nothing returns real")
def GetTimeOfDayScale(ctx):
    """Speed factor of the time of day (1.0 at game start)."""
    return _dn(ctx).scale


@native("SuspendTimeOfDay", "takes boolean b returns nothing")
def SuspendTimeOfDay(ctx, b):
    """Stop (true) or restart (false) the time-of-day clock."""
    _dn(ctx).suspend(b)
