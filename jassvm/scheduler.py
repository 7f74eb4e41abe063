"""Game time: a deterministic discrete-event clock.

Timers and sleeping threads are entries in one priority queue ordered by (due time,
sequence number), so equal due times run in the order they were scheduled (S118). Nothing
here reads the wall clock.
"""
from __future__ import annotations

import heapq
from typing import Callable


class Entry:
    """A scheduled callback; ``cancel()`` removes it lazily from the queue."""

    __slots__ = ("due", "seq", "callback", "cancelled", "label")

    def __init__(self, due: float, seq: int, callback: Callable[[], None], label: str = ""):
        self.due = due
        self.seq = seq
        self.callback = callback
        self.cancelled = False
        self.label = label

    def cancel(self) -> None:
        self.cancelled = True

    def __lt__(self, other: "Entry") -> bool:
        return (self.due, self.seq) < (other.due, other.seq)


class Scheduler:
    """The game clock: ``now`` in game seconds and a queue of due callbacks."""

    def __init__(self) -> None:
        self.now = 0.0
        self._queue: list[Entry] = []
        self._seq = 0

    def schedule(self, delay: float, callback: Callable[[], None], label: str = "") -> Entry:
        """Run ``callback`` ``delay`` game seconds from now (negative delays count as 0)."""
        self._seq += 1
        entry = Entry(self.now + max(0.0, delay), self._seq, callback, label)
        heapq.heappush(self._queue, entry)
        return entry

    def next_due(self) -> float | None:
        """Due time of the next live entry, or None when nothing is scheduled."""
        while self._queue and self._queue[0].cancelled:
            heapq.heappop(self._queue)
        return self._queue[0].due if self._queue else None

    def run_until(self, until: float, stop: Callable[[], bool] | None = None) -> None:
        """Run every entry due at or before ``until`` in order, then set ``now`` to ``until``.

        ``stop()`` is asked after each entry; when true, time stays at that entry's due time.
        """
        while True:
            due = self.next_due()
            if due is None or due > until:
                break
            entry = heapq.heappop(self._queue)
            self.now = entry.due
            entry.callback()
            if stop is not None and stop():
                return
        self.now = max(self.now, until)

    def __len__(self) -> int:
        return sum(1 for e in self._queue if not e.cancelled)
