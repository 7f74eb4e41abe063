"""Whole-game save and load (issue 9; seeds 001, 002 and 004; docs/save-format.md).

A game saved at a safe point and restored into a fresh session must play on exactly as the
game that was saved: same messages, same crash records, same ``state_digest``. Saves that
are truncated, corrupted, foreign or of another version are refused with a reason and
nothing is restored. The corpus maps are round-tripped in ``test_corpus_maps.py``.
"""
from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings, strategies as st

from conftest import shared_path
from maps.runner import DEMO_CAMPAIGN, RunOptions, load_mission, read_campaign, read_save_file, run_mission
from natives.dialogs import click, dialogs
from natives.mapsetup import MAP_RELOADED
from natives.session import GameSession
from natives.snapshot import (SnapshotError, encode_state, load_save, read_save, state_digest,
                              write_save)
from test_corpus_maps import MAPS as CORPUS_MAPS, _id as _corpus_id
from test_triggers import jass_session, seen

IDENTITY = {"api": "test", "map_script": "test", "strings": "", "mode": "lenient"}


def reload(session: GameSession) -> GameSession:
    """``session`` written to save bytes and restored into a fresh session of its program."""
    data = write_save(session, IDENTITY)
    fresh = GameSession(session.program)
    load_save(fresh, read_save(data), IDENTITY)
    return fresh


def twins(script: str, save_at: float, until: float, **kw) -> tuple[GameSession, GameSession]:
    """The same script played to ``until`` uninterrupted, and saved at ``save_at``, restored
    into a fresh session and played on to ``until``."""
    a = jass_session(script, **kw)
    a.advance(until)
    b = jass_session(script, **kw)
    b.advance(save_at)
    b = reload(b)
    b.advance(until - save_at)
    return a, b


def assert_same(a: GameSession, b: GameSession) -> None:
    assert seen(b) == seen(a)
    assert [e.to_dict() for e in b.vm.errors] == [e.to_dict() for e in a.vm.errors]
    assert state_digest(b) == state_digest(a)


# ------------------------------------------------------------------- threads and timers
WAITS = """
globals
    timer tick = null
    integer ticks = 0
    trigger waiter = null
endglobals
function Tick takes nothing returns nothing
    set ticks = ticks + 1
    call P("tick " + I2S(ticks) + " remaining " + R2S(TimerGetRemaining(GetExpiredTimer())))
endfunction
function Sleeper takes nothing returns nothing
    local integer i = 0
    local unit u = CreateUnit(Player(0), 'hfoo', 0, 0, 0)
    loop
        exitwhen i == 6
        call TriggerSleepAction(1.5)
        set i = i + 1
        call P("slept " + I2S(i) + " unit " + I2S(GetHandleId(u)))
    endloop
endfunction
function Waited takes nothing returns nothing
    call TriggerSleepAction(4.0)
    call P("waited-for action done")
endfunction
function Caller takes nothing returns nothing
    call TriggerExecuteWait(waiter)
    call P("caller resumed after " + R2S(TimerGetElapsed(tick)))
endfunction
function main takes nothing returns nothing
    local trigger t = CreateTrigger()
    set waiter = CreateTrigger()
    call TriggerAddAction(waiter, function Waited)
    call TriggerAddAction(t, function Sleeper)
    call TriggerExecute(t)
    set t = CreateTrigger()
    call TriggerWaitOnSleeps(t, true)
    call TriggerAddAction(t, function Caller)
    call TriggerExecute(t)
    set tick = CreateTimer()
    call TimerStart(tick, 0.7, true, function Tick)
endfunction
"""


@pytest.mark.parametrize("save_at", [0.0, 0.35, 1.5, 2.0, 3.9, 4.0, 6.25])
def test_sleeping_threads_waits_and_timers_continue_after_a_restore(save_at):
    """Saved while an action sleeps in TriggerSleepAction (its locals and loop counter in its
    frame), another waits in TriggerExecuteWait for a sleeping trigger, and a periodic timer
    is pending: the restored game plays on identically."""
    a, b = twins(WAITS, save_at, 10.0)
    lines = seen(a)
    assert lines.index("waited-for action done") < lines.index("caller resumed after 0.500"), lines
    assert "slept 6 unit 1048616" in lines and "tick 14 remaining 0.700" in lines
    assert_same(a, b)


def test_the_saved_queue_is_the_queue():
    s = jass_session(WAITS)
    s.advance(2.0)
    before = [(e.due, e.kind, e.args) for e in s.vm.scheduler.entries()]
    kinds = {k for _d, k, _a in before}
    assert {"resume", "timer"} <= kinds
    r = reload(s)
    assert [(e.due, e.kind, e.args) for e in r.vm.scheduler.entries()] == before
    assert sorted(r.vm.threads) == sorted(s.vm.threads)


HISTORY = """
function Done takes nothing returns nothing
    call P("done")
endfunction
function main takes nothing returns nothing
    local unit u = CreateUnit(Player(0), 'hfoo', 0, 0, 0)
    call TimerStart(CreateTimer(), 3.0, false, function Done)
    call UnitApplyTimedLife(u, 'BTLF', 5.0)
    call TriggerSleepAction(1.0)
    call P("slept")
endfunction
"""


@pytest.mark.parametrize("at", [0.5, 2.0, 3.5])
def test_the_same_state_reached_through_more_scheduler_entries_has_the_same_digest(at):
    """Two games in the same state, one of which scheduled and dropped 40 more entries first
    (as a unit that walked in more, shorter steps does): every later sequence number
    differs by 40, the digests agree (entries are saved by rank), and the saved game plays
    on to the same end."""
    a, b = jass_session(HISTORY), jass_session(HISTORY)
    for _ in range(40):
        b.vm.scheduler.cancel(b.vm.scheduler.schedule(0.25, "timer"))
    a.advance(at)
    b.advance(at)
    assert seen(a) == seen(b)
    assert state_digest(a) == state_digest(b)
    c = reload(b)
    assert state_digest(c) == state_digest(a)
    a.advance(6.0)
    c.advance(6.0)
    assert "done" in seen(a)
    assert_same(a, c)


# -------------------------------------------------------------------------- seed 001
GROUPS = """
globals
    group array gs
endglobals
function main takes nothing returns nothing
    local integer i = 0
    loop
        exitwhen i == 5
        set gs[i] = CreateGroup()
        call GroupAddUnit(gs[i], CreateUnit(Player(0), 'hfoo', i * 100, 0, 0))
        set i = i + 1
    endloop
    call DestroyGroup(gs[1])
    call DestroyGroup(gs[3])
endfunction
function After takes nothing returns nothing
    local group g = CreateGroup()
    call P("new group id " + I2S(GetHandleId(g)))
    call P("first of 4: " + I2S(GetHandleId(FirstOfGroup(gs[4]))))
endfunction
"""


def test_seed001_group_ordinals_and_destroyed_holes_survive_a_save():
    """Seed 001: recycled slots and the holes of destroyed groups are state; after a
    restore the next group takes the same (first inactive) slot as without it."""
    a = jass_session(GROUPS)
    b = reload(jass_session(GROUPS))
    slots = lambda s: [None if g is None else (g.ordinal, len(g)) for g in s.game.groups.slots]
    assert slots(b) == slots(a) == [(0, 1), None, (2, 1), None, (4, 1)]
    for s in (a, b):
        s.vm.call("After")
        assert s.game.groups.slots[1] is not None   # the first hole is reused
    assert_same(a, b)


# -------------------------------------------------------------------------- seed 002
BLIGHT = """
function main takes nothing returns nothing
    call SetBlightRect(Player(0), Rect(-256, -256, 256, 256), true)
    call SetBlight(Player(0), 1024, 1024, 300, true)
    call SetBlightPoint(Player(0), 0, 0, false)
endfunction
function Probe takes nothing returns nothing
    call P(B2S(IsPointBlighted(200, 200)) + B2S(IsPointBlighted(0, 0)) + B2S(IsPointBlighted(1024, 1100)))
endfunction
"""


def test_seed002_the_blight_plane_survives_a_save():
    """Seed 002: the one global blight plane (cells changed by the setters) is saved whole."""
    a = jass_session(BLIGHT)
    b = reload(jass_session(BLIGHT))
    assert bytes(b.game.blight._cells) == bytes(a.game.blight._cells) and any(a.game.blight._cells)
    for s in (a, b):
        s.vm.call("Probe")
    assert seen(a)[-1] == "truefalsetrue"
    assert_same(a, b)


# -------------------------------------------------------------------------- dialogs
DIALOG = """
globals
    dialog d = null
    button yes = null
endglobals
function Clicked takes nothing returns nothing
    call TriggerSleepAction(1.0)
    call P("clicked " + B2S(GetClickedButton() == yes) + " after a wait")
endfunction
function Show takes nothing returns nothing
    local trigger t = CreateTrigger()
    set d = DialogCreate()
    call DialogSetMessage(d, "Continue?")
    set yes = DialogAddButton(d, "Yes", 0)
    call DialogAddButton(d, "No", 0)
    call TriggerRegisterDialogButtonEvent(t, yes)
    call TriggerAddAction(t, function Clicked)
    call DialogDisplay(Player(0), d, true)
endfunction
function main takes nothing returns nothing
    local timer t = CreateTimer()
    call TimerStart(t, 0.5, false, function Show)
endfunction
"""


def test_a_dialog_shown_before_the_save_is_clicked_after_it():
    """The click context (GetClickedButton) survives the action's wait after a restore."""
    def play(s: GameSession) -> GameSession:
        (dialog,) = dialogs(s.game).find("Continue?")
        click(s.game, dialog, "Yes")
        s.advance(3.0)
        return s
    a = jass_session(DIALOG)
    a.advance(1.0)
    b = jass_session(DIALOG)
    b.advance(1.0)
    a, b = play(a), play(reload(b))
    assert seen(a)[-1] == "clicked true after a wait"
    assert_same(a, b)


# ----------------------------------------------------------------- refused saves
def _save_bytes() -> tuple[bytes, GameSession]:
    s = jass_session(WAITS)
    s.advance(2.5)
    return write_save(s, IDENTITY), s


def test_a_thousand_mutated_saves_are_refused_cleanly():
    """Byte flips anywhere after the magic, truncations, other versions and other programs:
    each is a SnapshotError with a reason, never another exception, and never a restore."""
    import random
    data, saved = _save_bytes()
    rng = random.Random(9)
    program = saved.program
    cases = []
    for _ in range(700):
        b = bytearray(data)
        i = rng.randrange(len(b))
        b[i] ^= 1 << rng.randrange(8)
        cases.append(bytes(b))
    for _ in range(300):
        cases.append(data[:rng.randrange(len(data))])
    cases.append(b"")
    cases.append(b"PK\x03\x04 not a save at all")
    for version in (0, 2, 99):
        cases.append(data.replace(b"\xa7version\x01", b"\xa7version" + bytes([version]), 1))
    refused = 0
    for case in cases:
        fresh = GameSession(program)
        before = encode_state(fresh)
        try:
            load_save(fresh, read_save(case), IDENTITY)
        except SnapshotError as err:
            assert str(err)
            refused += 1
            assert encode_state(fresh) == before   # refused before anything was restored
        else:
            # a flip inside the magic's own copy cannot happen: every byte after it is checked
            pytest.fail("a mutated save was accepted")
    assert refused == len(cases) >= 1000
    foreign = dict(IDENTITY, map_script="another map")
    with pytest.raises(SnapshotError, match="another program .*map_script"):
        load_save(GameSession(program), read_save(data), foreign)


def test_a_state_that_is_not_data_names_its_path():
    s = jass_session(WAITS)
    s.game.units.units[next(iter(s.game.units.units))].note = lambda: None
    with pytest.raises(SnapshotError, match=r"cannot save game\.[a-z_.\[\]0-9'{}]+\.note: it holds builtins\.function"):
        encode_state(s)


# ----------------------------------------------------------------- maps and the CLI
def _demo_mission_1():
    options = RunOptions(until=150.0)
    return load_mission(read_campaign(DEMO_CAMPAIGN).missions[0], options), options


@settings(max_examples=6, deadline=None, derandomize=True,
          suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(st.floats(min_value=0.0, max_value=140.0, allow_nan=False).map(lambda t: round(t, 2)))
def test_the_demo_campaign_resumes_identically_from_any_save_point(tmp_path, save_at):
    """Random save points in the demo mission: the resumed run repeats the run that saved."""
    mission, options = _demo_mission_1()
    path = tmp_path / f"demo-{save_at}.sav"
    saving = RunOptions(until=options.until, save_at=save_at, save_path=str(path))
    report, _ = run_mission(mission, saving)
    if report.saved is None:
        assert report.ended
        return
    resumed, _ = run_mission(_demo_mission_1()[0], options, resume=read_save_file(path))
    assert [(e.time, e.text) for e in resumed.timeline] == [(e.time, e.text) for e in report.timeline]
    assert resumed.state_digest == report.state_digest


def _jass(*args: str, cwd: Path) -> subprocess.CompletedProcess:
    """``jass ARGS`` in a new Python process."""
    code = "import sys, cli; cli.main(sys.argv[1:], prog_name='jass')"
    return subprocess.run([sys.executable, "-c", code, *args], cwd=cwd, text=True,
                          capture_output=True, timeout=300, env={**os.environ, "COLUMNS": "200"})


def test_cli_save_then_load_in_a_fresh_process_gives_the_same_state(tmp_path):
    """``jass run MAP --save-at 4m --save F`` then ``jass run --load F`` (the map comes from
    the save): the reports' state digests and timelines agree with an uninterrupted run."""
    import json
    m = shared_path("corpus", "maps", "campaign-orc03", "war3map.j")
    api = shared_path("corpus", "api", "1.30.4")
    save = tmp_path / "orc03.sav"
    r = _jass("run", str(m), "--api", str(api), "--until", "6m", "--save-at", "4m", "--save", str(save),
              "--report", "a.json", cwd=tmp_path)
    assert r.returncode == 0, r.stdout + r.stderr
    assert "saved" in r.stdout and save.is_file()
    r = _jass("run", "--load", str(save), "--until", "6m", "--report", "b.json", cwd=tmp_path)
    assert r.returncode == 0, r.stdout + r.stderr
    a, b = (json.loads((tmp_path / f).read_text())["missions"][0] for f in ("a.json", "b.json"))
    assert a["state_digest"] == b["state_digest"] and a["timeline"] == b["timeline"]
    r = _jass("run", "--load", str(save), "--until", "3m", cwd=tmp_path)   # a game time before the save's
    assert r.returncode == 0 and "--until 180 s is not after the save's game time 240 s" in r.stdout
    other = shared_path("corpus", "maps", "campaign-human01", "war3map.j")
    r = _jass("run", str(other), "--load", str(save), "--until", "6m", cwd=tmp_path)
    assert r.returncode == 1 and "another program" in r.stdout and "Traceback" not in r.stdout + r.stderr
    save.write_bytes(save.read_bytes()[:-100])
    r = _jass("run", "--load", str(save), cwd=tmp_path)
    assert r.returncode == 1 and "corrupted or truncated" in r.stdout
    assert "Traceback" not in r.stdout + r.stderr


# ------------------------------------------------------------ seed 004: LoadGame in a run
LOADING = """
globals
    integer phase = 0
endglobals
function B2I takes boolean b returns integer
    if b then
        return 1
    endif
    return 0
endfunction
function OnLoaded takes nothing returns nothing
    local boolean reloaded = IsMapFlagSet(ConvertMapFlag(524288))   // MAP_RELOADED
    call DisplayTextToPlayer(Player(0), 0, 0, "loaded " + GetSaveBasicFilename() + " phase " + I2S(phase) + " reloaded " + I2S(B2I(reloaded)))
endfunction
function Save takes nothing returns nothing
    set phase = 1
    call SaveGame("Slot")
endfunction
function Load takes nothing returns nothing
    // the files of the sandbox outlive a load, the game does not: a marker file keeps the
    // restored game (whose load timer fires again) from loading forever
    if SaveGameExists("Marker") then
        call DisplayTextToPlayer(Player(0), 0, 0, "not again, phase " + I2S(phase))
        return
    endif
    set phase = 2
    call CopySaveGame("Slot", "Marker")
    call LoadGame("Slot", false)
endfunction
function main takes nothing returns nothing
    local trigger t = CreateTrigger()
    call TriggerRegisterGameEvent(t, ConvertGameEvent(256))   // EVENT_GAME_LOADED
    call TriggerAddAction(t, function OnLoaded)
    call TimerStart(CreateTimer(), 1.0, false, function Save)
    call TimerStart(CreateTimer(), 5.0, false, function Load)
endfunction
"""


def test_seed004_load_game_restores_the_save_and_fires_game_loaded(tmp_path):
    """A scripted save at 1 s and LoadGame at 5 s: the game goes back to the saved state
    (phase 1, clock 1 s: the load timer fires again), EVENT_GAME_LOADED runs with the save's
    basename and MAP_RELOADED set, and the flag is clear again afterwards."""
    script = tmp_path / "war3map.j"
    script.write_text(LOADING)
    options = RunOptions(until=7.0, sandbox=str(tmp_path / "sandbox"))
    report, session = run_mission(load_mission(script, options), options)
    texts = [(e.time, e.text) for e in report.timeline if e.kind == "message"]
    assert texts == [(1.0, "loaded Slot phase 1 reloaded 1"), (5.0, "not again, phase 1")]
    loaded = [(e.time, e.data["name"]) for e in report.timeline if e.kind == "game_loaded"]
    assert loaded == [(1.0, "Slot")]
    assert not session.game.mapsetup.flag(MAP_RELOADED)
    assert session.game.events.save_name == "" and report.game_time == 7.0   # idle to --until


# ---------------------------------------------- corpus maps at their interesting moments
PROBE_EVERY = 5.0
END = 300.0


def _waits(session: GameSession) -> set[tuple[str, str]]:
    """What is pending now, as (how, where): threads sleeping in PolledWait, in
    TriggerSleepAction or waiting for another thread (TriggerExecuteWait), by the function
    they wait in, and running timers."""
    out = set()
    for th in session.vm.threads.values():
        names = [f.fn.name for f in th.frames]
        where = names[-1] if names else th.name
        if th.wake is None:
            out.add(("TriggerExecuteWait", where))
        elif "PolledWait" in names:
            out.add(("PolledWait", names[names.index("PolledWait") - 1] if names[0] != "PolledWait" else where))
        else:
            out.add(("TriggerSleepAction", where))
    if any(e.kind == "timer" for e in session.vm.scheduler.entries()):
        out.add(("timer", ""))
    return out


@pytest.mark.parametrize("entry", CORPUS_MAPS, ids=[_corpus_id(e) for e in CORPUS_MAPS])
def test_corpus_map_resumes_from_the_moments_threads_wait(entry, tmp_path):
    """Up to five save points per corpus map (the 20 scripts and 4 JASS archives), each the first probe (every 5 game s) at
    which something new waits (a thread in PolledWait, TriggerSleepAction or
    TriggerExecuteWait in a function not seen waiting before, a timer), plus the busiest
    queue seen: each save, restored into a fresh session, plays on to 300 s with the same
    timeline and state digest."""
    folder, name, api = entry
    path = shared_path("corpus", "maps", folder, name)
    options = RunOptions(api=str(shared_path("corpus", "api", api)), until=END)
    saves: list[tuple[float, bytes, str]] = []
    seen_kinds: set[tuple[str, str]] = set()
    busiest = [0, None]

    def probe_hook(record: bool):
        def hook(session: GameSession) -> None:
            clock = session.vm.scheduler

            def probe() -> None:
                clock.schedule(PROBE_EVERY, "test_probe")   # before saving: the save holds it
                if record:
                    new = _waits(session) - seen_kinds
                    if new and len(saves) < 4:
                        seen_kinds.update(new)
                        saves.append((clock.now, session.save_bytes(), str(sorted(new))))
                    if len(clock) > busiest[0]:
                        busiest[:] = [len(clock), (clock.now, session.save_bytes(), "busiest")]
            clock.register("test_probe", probe)
            if record:
                clock.schedule(PROBE_EVERY, "test_probe")
        return hook

    reference, _ = run_mission(load_mission(path, options), options, session_hook=probe_hook(True))
    if busiest[1] is not None:
        saves.append(busiest[1])
    assert saves, "no save point found"
    for at, data, why in saves:
        file = tmp_path / f"{at}.sav"
        file.write_bytes(data)
        resumed, _ = run_mission(load_mission(path, options), options, session_hook=probe_hook(False),
                                 resume=read_save_file(file))
        assert [(e.time, e.kind, e.text) for e in resumed.timeline] == \
            [(e.time, e.kind, e.text) for e in reference.timeline], (at, why)
        assert resumed.state_digest == reference.state_digest, (at, why)


def test_the_files_the_map_wrote_travel_with_the_save(tmp_path):
    """The sandbox files (here a game cache) are part of a save: restored into a session
    with an empty sandbox they are written there; a file already there is kept (disk
    outlives a load, as in the game); saves themselves are not carried."""
    from test_corpus_natives import sandbox_session
    s = sandbox_session("""
function main takes nothing returns nothing
    local gamecache c = InitGameCache("Carry.w3v")
    call StoreInteger(c, "m", "k", 7)
    call SaveGameCache(c)
    call SaveGame("Slot")
endfunction
""", tmp_path / "a")
    s.advance(0.1)
    assert (tmp_path / "a" / "Carry.w3v.json").is_file() and (tmp_path / "a" / "saves" / "Slot.w3z").is_file()
    data = write_save(s, IDENTITY)
    for folder, keep in (("b", None), ("c", b"{}")):
        box = tmp_path / folder
        box.mkdir()
        if keep is not None:
            (box / "Carry.w3v.json").write_bytes(keep)
        fresh = GameSession(s.program, sandbox_dir=str(box))
        load_save(fresh, read_save(data), IDENTITY)
        expected = keep if keep is not None else (tmp_path / "a" / "Carry.w3v.json").read_bytes()
        assert (box / "Carry.w3v.json").read_bytes() == expected
        assert not (box / "saves").exists()
