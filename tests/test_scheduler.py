"""The one game clock (DESIGN.md section 4): pending work is plain data dispatched by kind."""
import pytest

from jassvm.scheduler import EntryId, Scheduler, is_plain


def test_entries_are_data_and_run_in_due_then_sequence_order():
    clock = Scheduler()
    ran = []
    clock.register("note", lambda *a: ran.append(a))
    clock.schedule(1.0, "note", "b", 2)
    clock.schedule(0.5, "note", "a", 1)
    clock.schedule(1.0, "note", "c", (3, 4.5))
    assert [(e.due, e.kind, e.args) for e in clock.entries()] == [
        (0.5, "note", ("a", 1)), (1.0, "note", ("b", 2)), (1.0, "note", ("c", (3, 4.5)))]
    clock.run_until(2.0)
    assert ran == [("a", 1), ("b", 2), ("c", (3, 4.5))]
    assert clock.now == 2.0 and len(clock) == 0


def test_subject_is_handed_first_and_dropped_after_the_run_or_a_cancel():
    clock = Scheduler()
    seen = []
    clock.register("expire", lambda subject, n: seen.append((subject, n)))
    thing = object()
    seq = clock.schedule(1.0, "expire", 7, subject=thing)
    gone = clock.schedule(1.0, "expire", 8, subject=object())
    clock.cancel(gone)
    assert clock.subjects == {seq: thing} and len(clock) == 1
    clock.run_until(1.0)
    assert seen == [(thing, 7)] and clock.subjects == {}
    clock.cancel(seq)   # already ran: no-op
    clock.cancel(None)


def test_closures_and_unknown_kinds_are_refused():
    clock = Scheduler()
    clock.register("note", lambda *a: None)
    with pytest.raises(ValueError, match="plain data"):
        clock.schedule(0.0, "note", lambda: None)
    with pytest.raises(ValueError, match="plain data"):
        clock.schedule(0.0, "note", [1, 2])
    with pytest.raises(ValueError, match="no handler"):
        clock.schedule(0.0, "nope")


def test_stop_leaves_time_at_the_entry_that_stopped():
    clock = Scheduler()
    clock.register("note", lambda: None)
    clock.schedule(1.0, "note")
    clock.schedule(3.0, "note")
    clock.run_until(10.0, stop=lambda: True)
    assert clock.now == 1.0 and clock.next_due() == 3.0


def test_is_plain():
    assert is_plain((1, 2.0, "x", None, True, (1, ("a",))))
    assert not is_plain(({},)) and not is_plain((object(),))


def test_the_queue_of_a_running_campaign_map_is_plain_data():
    """Human01 (1.30.4 API) for two game minutes, its queue walked every 5 s: every entry's
    arguments are plain data, its kind is registered, and its subject (if any) is a model
    object, never a callable."""
    from conftest import shared_path
    from maps.runner import RunOptions, load_mission, run_mission

    seen: list = []

    def probe(session):
        clock = session.vm.scheduler

        def walk():
            for entry in clock.entries():
                seen.append(entry)
                assert entry.kind in clock.handlers
                assert is_plain(entry.args), entry
                assert entry.subject is None or not callable(entry.subject), entry
            clock.schedule(5.0, "test_walk")
        clock.register("test_walk", walk)
        clock.schedule(0.0, "test_walk")

    path = shared_path("corpus", "maps", "campaign-human01", "war3map.j")
    options = RunOptions(api=str(shared_path("corpus", "api", "1.30.4")), until=120.0)
    run_mission(load_mission(path, options), options, session_hook=probe)
    kinds = {e.kind for e in seen}
    assert {"resume", "timer"} <= kinds, kinds


def test_cancelled_entries_never_run_and_are_swept_from_the_heap():
    # issue 16: a cancelled entry is named in a set until it comes up, not every live one
    clock = Scheduler()
    ran = []
    clock.register("note", ran.append)
    seqs = [clock.schedule(float(i % 7), "note", i) for i in range(1000)]
    for seq in seqs[::3]:
        clock.cancel(seq)
    for seq in seqs[1::3]:
        clock.cancel(seq)
    clock.cancel(seqs[0])           # twice: no effect (remembered until a sweep at most)
    kept = list(range(2, 1000, 3))
    assert len(clock) == len(kept) and len(clock._queue) < 1000   # swept on the way
    assert clock.pending(seqs[2]) and not clock.pending(seqs[0])
    clock.run_until(10.0)
    assert sorted(ran) == kept and len(clock) == 0 and clock._cancelled <= {seqs[0]}


def test_an_entry_cancelling_itself_or_one_that_ran_leaves_nothing_behind():
    clock = Scheduler()
    seqs = []
    clock.register("self", lambda: clock.cancel(seqs[-1]))
    seqs.append(clock.schedule(1.0, "self"))
    first = clock.schedule(0.5, "self")
    clock.run_until(2.0)
    clock.cancel(first)             # ran already: remembered until the next sweep at most
    assert len(clock) == 0 and clock._cancelled <= {first}
    later = clock.schedule(1.0, "self")
    assert clock.pending(later) and clock.next_due() == 3.0


def test_ranks_renumber_the_live_entries_in_run_order_and_keep_it_after_a_restore():
    """A save writes each live entry's rank in run order instead of its sequence number
    (how many entries were scheduled before is history): equal due times keep their order,
    and an entry scheduled after the restore runs after them, as it would have before."""
    ran = []
    s = Scheduler()
    s.register("k", ran.append)
    for i in range(5):
        s.cancel(s.schedule(1.0, "k", f"gone{i}"))
    late = s.schedule(2.0, "k", "late")
    first = s.schedule(1.0, "k", "first")
    second = s.schedule(1.0, "k", "second")
    rank = s.ranks()
    assert rank == {first: 1, second: 2, late: 3}
    state = s.state(rank)
    assert state["queue"] == [(1.0, 1, "k", "first"), (1.0, 2, "k", "second"), (2.0, 3, "k", "late")]
    assert state["seq"] == 3
    r = Scheduler()
    r.register("k", ran.append)
    r.restore(**state)
    after = r.schedule(1.0, "k", "after")
    assert after == 4 and isinstance(after, EntryId)
    r.run_until(3.0)
    assert ran == ["first", "second", "after", "late"]


def test_schedule_returns_an_entry_id_that_is_an_int():
    s = Scheduler()
    s.register("k", lambda: None)
    seq = s.schedule(0.0, "k")
    assert type(seq) is EntryId and seq == 1 and s.pending(seq) and s.pending(1)
    s.cancel(EntryId(1))
    assert not s.pending(seq)
