"""Run budgets (issue 16): ``--max-wall``, ``--max-ops`` and Ctrl-C end a run with a clear
outcome and a partial report holding the timeline so far."""
from __future__ import annotations

import json
import os
import signal
import subprocess
import sys
import time

from maps.runner import RunOptions, load_mission, run_mission

RUNAWAY = """
globals
    integer n = 0
endglobals
function Tick takes nothing returns nothing
    local integer i = 0
    set n = n + 1
    if n == 1 then
        call DisplayTextToPlayer(Player(0), 0, 0, "first tick")
        call PreloadGenClear()
        call PreloadGenStart()
        call Preload("running")
        call PreloadGenEnd("running.pld")
    endif
    loop
        exitwhen i == 20000
        set i = i + 1
    endloop
endfunction
function main takes nothing returns nothing
    call TimerStart(CreateTimer(), 0.01, true, function Tick)
endfunction
"""


GENEROUS_WALL = 120.0
"""Seconds a run stopped by a 0.5 s wall budget may still take under any load: it proves the
run stopped (an unstopped one plays an hour of ticks of 20,000 ops, far longer), never a
machine's speed."""


def _map(tmp_path):
    path = tmp_path / "war3map.j"
    path.write_text(RUNAWAY)
    return path


def test_max_ops_stops_the_run_with_a_partial_report(tmp_path):
    options = RunOptions(until=3600.0, max_ops=1_000_000, sandbox=str(tmp_path / "box"))
    report, _ = run_mission(load_mission(_map(tmp_path), options), options)
    assert report.stopped == "max-ops" and not report.ended
    assert 1_000_000 <= report.ops < 1_000_000 + 300_000   # at most one more thread run (S093)
    assert report.game_time < 1.0
    assert [e.text for e in report.timeline if e.kind == "message"] == ["first tick"]
    assert report.to_dict()["stopped"] == "max-ops"


def test_max_wall_stops_the_run(tmp_path):
    options = RunOptions(until=3600.0, max_wall=0.5, sandbox=str(tmp_path / "box"))
    mission = load_mission(_map(tmp_path), options)
    started = time.monotonic()
    report, _ = run_mission(mission, options)
    assert time.monotonic() - started < GENEROUS_WALL
    assert report.stopped == "max-wall" and report.game_time < 3600.0


def test_ctrl_c_writes_the_partial_report_and_exits_130(tmp_path):
    code = "import sys, cli; cli.main(sys.argv[1:], prog_name='jass')"
    box = tmp_path / "box"
    proc = subprocess.Popen([sys.executable, "-c", code, "run", str(_map(tmp_path)), "--until", "1h",
                             "--report", str(tmp_path / "r.json"), "--sandbox", str(box)], cwd=tmp_path,
                            text=True, stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                            env={**os.environ, "COLUMNS": "200"})
    deadline = time.monotonic() + 120
    while not list(box.glob("**/running.pld")) and time.monotonic() < deadline and proc.poll() is None:
        time.sleep(0.1)   # the map writes the file at its first tick: the run is under way
    proc.send_signal(signal.SIGINT)
    out, err = proc.communicate(timeout=60)
    assert proc.returncode == 130, out + err
    assert "interrupted (Ctrl-C)" in out and "first tick" in out and "Traceback" not in err
    mission = json.loads((tmp_path / "r.json").read_text())["missions"][0]
    assert mission["stopped"] == "interrupted" and mission["game_time"] > 0


def test_a_first_ctrl_c_stops_at_the_next_scheduler_entry_and_a_second_at_once(tmp_path):
    """The first SIGINT only marks the run interrupted (a KeyboardInterrupt raised where the
    signal lands could be discarded by CPython); the map's timer thread then runs no more.
    A second SIGINT raises KeyboardInterrupt at once."""
    import pytest

    from maps.runner import _Budget, _ctrl_c
    previous = signal.signal(signal.SIGINT, signal.default_int_handler)
    try:
        budget = _Budget(RunOptions())
        with _ctrl_c(budget):
            os.kill(os.getpid(), signal.SIGINT)
            assert budget.reason == "interrupted"
            with pytest.raises(KeyboardInterrupt):
                os.kill(os.getpid(), signal.SIGINT)
        assert signal.getsignal(signal.SIGINT) is signal.default_int_handler
        options = RunOptions(until=3600.0, sandbox=str(tmp_path / "box"))
        mission = load_mission(_map(tmp_path), options)
        sent = []

        def progress(now):   # Ctrl-C once the clock passes 0.05 s
            if now >= 0.05 and not sent:
                sent.append(now)
                os.kill(os.getpid(), signal.SIGINT)
        report, _ = run_mission(mission, options, progress=progress)
        assert report.stopped == "interrupted" and report.game_time == sent[0]
    finally:
        signal.signal(signal.SIGINT, previous)


def test_scenario_max_wall_fails_the_running_step(tmp_path):
    """The scenario key ``max_wall``: a runaway map fails the step that was running, with
    the game time it reached; non-finite or negative values are refused."""
    import pytest

    from maps.scenario import ScenarioFileError, load_scenario
    from maps.scenario_runner import run_scenario
    _map(tmp_path)
    path = tmp_path / "runaway.scenario.yaml"
    path.write_text("name: runaway\nmap: war3map.j\nmax_wall: 0.5\nsteps:\n  - advance: 1h\n")
    scenario = load_scenario(path)
    started = time.monotonic()
    result = run_scenario(scenario)
    assert time.monotonic() - started < GENEROUS_WALL
    assert not result.passed and "wall-clock budget of 0.5 s (max_wall) used up" in str(result.failure)
    for bad in (".inf", "-1", "0"):
        path.write_text(f"name: x\nmap: war3map.j\nmax_wall: {bad}\n")
        with pytest.raises(ScenarioFileError, match="max_wall"):
            load_scenario(path)
