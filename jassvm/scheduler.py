"""Game time: a deterministic discrete-event clock whose pending work is plain data.

Everything that will happen later (a sleeping thread's wake-up, a timer's expiry, a queued
trigger run, a corpse's decay...) is one entry of one priority queue, ordered by (due time,
sequence number), so equal due times run in the order they were scheduled (S118). An entry
is data, ``(due, seq, kind, args)``: ``kind`` names a handler registered on the scheduler
(``register``), ``args`` are plain values (numbers, strings, booleans, None and tuples of
them). A model object the entry is about (the timer that expires, the unit that decays) is
its *subject*: kept beside the queue in ``subjects`` by sequence number, handed to the
handler first, and dropped when the entry runs or is cancelled, so a destroyed handle whose
id was recycled is never confused with its successor. Nothing here holds a closure, so the
queue can be listed, saved and restored (the model of Lua's ``lua_yieldk`` continuation:
a function identity plus a context, both data). Nothing here reads the wall clock.

``schedule`` hands out the sequence number as an ``EntryId`` (an ``int`` that says what it
is), so a save can find every reference to an entry, wherever the model keeps it, and write
it as the entry's rank in run order (``ranks``): sequence numbers are how the queue got
here, the ranks are what it will do.
"""
from __future__ import annotations

import heapq
from typing import Any, Callable, NamedTuple

PLAIN_TYPES = (type(None), bool, int, float, str)
_TIMES = (float, int)
_SWEEP_AFTER = 64     # cancelled entries the heap may hold before a sweep is considered


class Entry(NamedTuple):
    """A pending entry as ``entries()`` lists it: due time (game seconds), sequence number,
    handler kind, plain arguments and the subject (a model object or None)."""

    due: float
    seq: int
    kind: str
    args: tuple
    subject: Any = None


class EntryId(int):
    """A scheduler sequence number as ``schedule`` returns it and the model keeps it
    (``unit.order_entry``, ``timer.entry``...): an ``int`` in every way, marked so that a
    save can renumber it (``Scheduler.ranks``). ``EntryId(0)`` names no entry (an entry
    that had run or been cancelled when the state was saved)."""

    __slots__ = ()


def is_plain(value: Any) -> bool:
    """True for None, bool, int, float, str and (nested) tuples of them."""
    if isinstance(value, tuple):
        return all(is_plain(v) for v in value)
    return isinstance(value, PLAIN_TYPES)


class Scheduler:
    """The game clock: ``now`` in game seconds and one queue of pending entries.

    ``register(kind, handler)`` declares what an entry of ``kind`` does: the handler is
    called as ``handler(*args)``, or ``handler(subject, *args)`` for an entry with a
    subject. ``schedule`` returns the entry's sequence number (an ``EntryId``), which
    ``cancel`` takes.
    """

    def __init__(self) -> None:
        self.now = 0.0
        self.handlers: dict[str, Callable[..., None]] = {}
        self.subjects: dict[int, Any] = {}
        # heap of (due, seq, kind, *args): one flat tuple per entry (issue 16: every sleeping
        # thread has one), ordered by its first two items, which are unique. A cancelled entry
        # stays in the heap, named in _cancelled, until it comes up or a sweep drops it.
        self._queue: list[tuple] = []
        self._cancelled: set[int] = set()
        self._running = 0      # seq of the entry whose handler runs now (or ran last)
        self._seq = 0

    def register(self, kind: str, handler: Callable[..., None]) -> None:
        """Make ``handler`` run the entries of ``kind`` (re-registering replaces it)."""
        self.handlers[kind] = handler

    def schedule(self, delay: float, kind: str, *args: Any, subject: Any = None) -> int:
        """Queue an entry of ``kind`` ``delay`` game seconds from now (negative delays count
        as 0); returns its sequence number. Raises ValueError for an unregistered kind or
        arguments that are not plain data (see the module docstring)."""
        if kind not in self.handlers:
            raise ValueError(f"no handler registered for scheduler entries of kind {kind!r}")
        if args and not is_plain(args):
            raise ValueError(f"scheduler entry {kind!r}: arguments must be plain data, got {args!r}")
        self._seq += 1
        seq = self._seq
        heapq.heappush(self._queue, (self.now + max(0.0, delay), seq, kind, *args))
        if subject is not None:
            self.subjects[seq] = subject
        return EntryId(seq)

    def schedule_subject(self, delay: float, kind: str, subject: Any) -> int:
        """``schedule(delay, kind, subject=subject)`` for an entry without arguments and with
        a subject (not None): the same entry, fewer checks (a walking unit's every step)."""
        if kind not in self.handlers:
            raise ValueError(f"no handler registered for scheduler entries of kind {kind!r}")
        self._seq = seq = self._seq + 1
        heapq.heappush(self._queue, (self.now + delay if delay > 0.0 else self.now, seq, kind))
        self.subjects[seq] = subject
        return EntryId(seq)

    def cancel(self, seq: int | None) -> None:
        """Drop the pending entry ``seq`` (no-op for None, or an entry that already ran)."""
        if seq is None or seq == self._running:
            return
        cancelled = self._cancelled
        cancelled.add(seq)      # an entry that already ran stays here until the next sweep
        self.subjects.pop(seq, None)
        if len(cancelled) > _SWEEP_AFTER and 2 * len(cancelled) > len(self._queue):
            self._sweep()

    def _sweep(self) -> None:
        """Drop the cancelled entries from the heap (linear, after at least half as many
        cancels as the heap holds: constant time per cancel on average)."""
        cancelled = self._cancelled
        self._queue = [e for e in self._queue if e[1] not in cancelled]
        heapq.heapify(self._queue)
        cancelled.clear()

    def pending(self, seq: int | None) -> bool:
        """Whether entry ``seq`` is still queued (linear: for tests and tools)."""
        return seq not in self._cancelled and any(e[1] == seq for e in self._queue)

    def next_due(self) -> float | None:
        """Due time of the next live entry, or None when nothing is scheduled."""
        queue, cancelled = self._queue, self._cancelled
        while queue and queue[0][1] in cancelled:
            cancelled.discard(heapq.heappop(queue)[1])
        return queue[0][0] if queue else None

    def run_until(self, until: float, stop: Callable[[], bool] | None = None) -> None:
        """Run every entry due at or before ``until`` in order, then set ``now`` to ``until``.

        ``stop()`` is asked after each entry; when true, time stays at that entry's due time.
        """
        heappop, handlers = heapq.heappop, self.handlers
        while True:   # (next_due and _run_next inline: once per entry, a walking unit's every step)
            # (read each time: a sweep replaces the queue, a restore all three)
            queue, cancelled, subjects = self._queue, self._cancelled, self.subjects
            while queue and queue[0][1] in cancelled:
                cancelled.discard(heappop(queue)[1])
            if not queue or queue[0][0] > until:
                break
            entry = heappop(queue)
            self.now = entry[0]
            seq = self._running = entry[1]
            if seq in subjects:
                handlers[entry[2]](subjects.pop(seq), *entry[3:])
            else:
                handlers[entry[2]](*entry[3:])
            if stop is not None and stop():
                return
        self.now = max(self.now, until)

    def entries(self) -> list[Entry]:
        """The live entries in the order they will run (a snapshot)."""
        live = self._live_entries()
        subjects = self.subjects
        return [Entry(e[0], e[1], e[2], e[3:], subjects.get(e[1])) for e in live]

    def state(self, rank: dict[int, int] | None = None) -> dict[str, Any]:
        """The scheduler as a save writes it: ``now``, ``queue`` (the live entries as flat
        ``(due, seq, kind, *args)`` tuples in the order they will run), ``seq`` (the last
        sequence number given) and ``subjects`` (sequence number -> subject). Cancelled
        entries still in the heap and the heap's layout are left out: they depend on how the
        queue got here, not on what it will do. With ``rank`` (``ranks()``) every sequence
        number is written as the entry's rank and ``seq`` is the number of live entries:
        what a save writes, with each ``EntryId`` in the model renumbered the same way."""
        live = self._live_entries()
        if rank is None:
            return {"now": self.now, "queue": live, "seq": self._seq, "subjects": self.subjects}
        subjects = sorted((rank[k], v) for k, v in self.subjects.items()) if self.subjects else []
        return {"now": self.now, "queue": [(e[0], rank[e[1]], *e[2:]) for e in live],
                "seq": len(live), "subjects": dict(subjects)}

    def ranks(self) -> dict[int, int]:
        """Sequence number -> rank (1, 2...) of every live entry in run order: the numbers a
        save writes instead of the sequence numbers (``state(rank)``). Entries with
        equal due times keep their relative order, and every entry scheduled after a restore
        gets a number past them all, as it would have past the original numbers, so the run
        order is the same; the number of entries that ran before (every unit step, every
        cancelled timer) is left out, as it is history, not state."""
        return {e[1]: n for n, e in enumerate(self._live_entries(), 1)}

    def restore(self, now: float, queue: list, seq: int, subjects: dict) -> None:
        """Replace the clock and queue with a ``state()``. Raises ValueError when it does not
        fit: entries that are not ``(due, seq, kind, *args)`` of registered kinds with plain
        arguments, due before ``now``, repeated or later sequence numbers, subjects of no
        entry."""
        if type(now) not in _TIMES or type(seq) is not int or not isinstance(queue, list):
            raise ValueError("malformed scheduler state")
        for e in queue:
            if not (isinstance(e, tuple) and len(e) >= 3 and type(e[0]) in _TIMES
                    and type(e[1]) is int and e[2] in self.handlers and is_plain(e[3:])):
                raise ValueError(f"malformed scheduler entry {e!r:.80}")
            if e[0] < now or not 0 < e[1] <= seq:
                raise ValueError(f"scheduler entry {e!r:.80} does not fit the clock")
        live = {e[1] for e in queue}
        if len(live) != len(queue) or not isinstance(subjects, dict) or not live.issuperset(subjects):
            raise ValueError("malformed scheduler state: repeated entries or stray subjects")
        self.now, self._seq, self.subjects = now, seq, subjects
        self._queue = sorted(queue)     # a sorted list is a heap
        self._cancelled = set()

    def _live_entries(self) -> list[tuple]:
        """The heap's entries that were not cancelled, in the order they will run."""
        cancelled = self._cancelled
        return sorted(e for e in self._queue if e[1] not in cancelled)

    def __len__(self) -> int:
        """How many entries are pending (linear: for tests and tools)."""
        cancelled = self._cancelled
        return sum(1 for e in self._queue if e[1] not in cancelled)
