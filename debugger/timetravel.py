"""Time travel for the debugger: checkpoints of the game and the replays that reach an earlier
point of execution exactly.

The game is deterministic, so any earlier moment can be reached again by restoring a
checkpoint taken before it and running forward. A moment is named by the *op clock*: JASS
ops executed since the mission started (``VM.total_ops`` plus the ops of the threads running
on the stack), which the fast path counts exactly as the bytecode interpreter does, together
with the thread and line. ``Checkpoint`` holds a save of the whole game (``GameSession.
save_bytes``, taken between clock steps, when no JASS runs) or, for the first one, nothing:
the mission's start, reached by starting it again.

A step back is two replays from the latest checkpoint before the current moment: a *scan*
that records the last line the thread ran before it (a breakpoint hit, for reverse continue),
then a *seek* that stops there; when the scan finds nothing it scans the checkpoint before.
Replays report nothing to the front end and restore the breakpoints' hit counts saved with
the checkpoint. They trace every line (bytecode) only while the thread they follow runs;
the rest replays at full speed, since the op clock counts the same either way.

Memory is bounded: past ``limit`` bytes of saves, every other checkpoint is dropped
(``thin``), the start always kept. Saving costs at most a tenth of the wall time (the
debugger plays at least ten times the last save's cost, and ``MIN_WALL``, before the next
one), so checkpoints never make a run much slower, whatever its pace, and a replay from the
latest checkpoint costs about that much play.
"""
from __future__ import annotations

from dataclasses import dataclass, field

DEFAULT_MEMORY = 256 << 20
"""Bytes of checkpoint saves kept by default (``--checkpoint-memory``)."""
MIN_GAP = 2.0
"""Game seconds between two checkpoints at the least."""
MIN_WALL = 0.25
"""Wall seconds of play between two checkpoints at the least (a replay costs about that)."""


@dataclass
class Checkpoint:
    """The game at game time ``now`` and op clock ``clock``: ``save`` bytes, or None for the
    mission's start; ``hits``: breakpoint id -> hit count then; ``next_thread``: the id the
    next new thread got (a thread with a higher id started after this checkpoint)."""

    now: float
    clock: int
    save: bytes | None
    hits: dict[int, int] = field(default_factory=dict)
    next_thread: int = 0


@dataclass
class Position:
    """A moment of execution: op clock, game time, JASS thread id (None: between threads) and
    line (None: not at a line)."""

    clock: int
    now: float
    thread: int | None
    line: int | None


@dataclass
class Replay:
    """What a replay looks for. ``kind``: ``back`` (the thread's last line before ``until``),
    ``breakpoint`` (the last breakpoint hit before ``until``), ``seek`` (stop at ``target``),
    ``time`` (stop at game time ``time``). ``found`` is the best candidate of a scan;
    ``origin`` the moment the travel started from; ``reason`` the stop reason at the end."""

    kind: str
    until: Position | None = None
    thread: int | None = None
    target: Position | None = None
    time: float | None = None
    found: Position | None = None
    origin: Position | None = None
    reason: str = "step"


class Rewind(BaseException):
    """Unwinds the running game to the debugger's run loop, which restores ``checkpoint`` and
    plays ``replay`` from it (a BaseException: the VM's crash handlers let it through)."""

    def __init__(self, checkpoint: Checkpoint, replay: Replay) -> None:
        super().__init__("rewind")
        self.checkpoint = checkpoint
        self.replay = replay


class Checkpoints:
    """The checkpoints of one mission, oldest first (the first is its start)."""

    def __init__(self, limit: int = DEFAULT_MEMORY) -> None:
        self.limit = limit
        self.items: list[Checkpoint] = [Checkpoint(0.0, 0, None)]
        self.thinned = 0

    @property
    def memory(self) -> int:
        """Bytes of saves held."""
        return sum(len(c.save) for c in self.items if c.save is not None)

    def add(self, cp: Checkpoint) -> bool:
        """Keep ``cp`` (it must be later than every other); True when older ones were thinned
        to stay under the memory limit."""
        self.items.append(cp)
        thinned = False
        while self.memory > self.limit and len(self.items) > 2:
            keep = [self.items[0]] + [c for i, c in enumerate(self.items[1:-1], 1) if i % 2 == 0] + [self.items[-1]]
            if len(keep) == len(self.items):
                keep = [self.items[0], self.items[-1]]
            self.thinned += len(self.items) - len(keep)
            self.items = keep
            thinned = True
        return thinned

    def before(self, clock: int) -> Checkpoint:
        """The latest checkpoint strictly before op clock ``clock`` (the start at least)."""
        best = self.items[0]
        for c in self.items:
            if c.clock < clock:
                best = c
        return best

    def before_time(self, now: float) -> Checkpoint:
        """The latest checkpoint before game time ``now`` (the start at least), so a replay
        from it passes through ``now``."""
        best = self.items[0]
        for c in self.items:
            if c.now < now:
                best = c
        return best

    def earlier(self, cp: Checkpoint) -> Checkpoint | None:
        """The checkpoint before ``cp``, or None for the start."""
        i = next((k for k, c in enumerate(self.items) if c is cp), 0)
        return self.items[i - 1] if i > 0 else None
