"""Recorded play-throughs (issue 11 item 2, ``maps.recording``): a recording replays to the
same state digest, step times and failure; a changed map or a tampered recording is caught;
``jass debug`` opens a failing scenario's recording at the failing step."""
from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest

from maps.recording import (RecordingError, read_recording, record_map, record_scenario, replay,
                            write_recording)
from maps.runner import RunOptions
from maps.scenario import load_scenario

ROOT = Path(__file__).resolve().parent.parent
SCENARIOS = sorted((ROOT / "tests" / "scenarios").glob("*.scenario.yaml"))

MAP = """globals
    integer udg_n = 0
endglobals
function Tick takes nothing returns nothing
    set udg_n = udg_n + GetRandomInt(1, 6)
endfunction
function main takes nothing returns nothing
    call TimerStart(CreateTimer(), 1.0, true, function Tick)
endfunction
"""


@pytest.mark.parametrize("path", SCENARIOS, ids=lambda p: p.name.removesuffix(".scenario.yaml"))
def test_every_project_scenario_replays_to_the_same_state(path, tmp_path):
    rec, result = record_scenario(load_scenario(path))
    assert rec.result["state_digest"] and len(rec.steps) == len(load_scenario(path).scenario.steps)
    write_recording(tmp_path / "r.jrec", rec)
    again, diffs = replay(read_recording(tmp_path / "r.jrec"))
    assert diffs == [] and again.result["state_digest"] == rec.result["state_digest"]


def test_a_map_recording_replays_and_a_divergence_is_reported(tmp_path):
    script = tmp_path / "war3map.j"
    script.write_text(MAP)
    rec, _report = record_map(script, RunOptions(until=30.0, seed=7))
    assert replay(rec)[1] == []
    rec.seed = 8                                   # another random stream: GetRandomInt differs
    diffs = replay(rec)[1]
    assert diffs and diffs[0].startswith("state_digest")


def test_a_map_recording_keeps_the_options_that_change_the_game(tmp_path):
    """Difficulty and the op budget change what a run does: a replay uses the recorded ones."""
    script = tmp_path / "war3map.j"
    script.write_text(MAP.replace("GetRandomInt(1, 6)", "GetRandomInt(1, 6) + GetHandleId(GetGameDifficulty())"))
    rec, report = record_map(script, RunOptions(until=30.0, difficulty=3, max_ops=60))
    assert (rec.difficulty, rec.max_ops, rec.game_data) == (3, 60, None)
    assert report.stopped and report.game_time < 30.0     # the op budget ended it
    write_recording(tmp_path / "r.jrec", rec)
    assert replay(read_recording(tmp_path / "r.jrec"))[1] == []


def test_a_changed_map_is_refused(tmp_path):
    script = tmp_path / "war3map.j"
    script.write_text(MAP)
    rec, _ = record_map(script, RunOptions(until=5.0))
    script.write_text(MAP.replace("1, 6", "1, 7"))
    with pytest.raises(RecordingError, match="not the one recorded"):
        replay(rec)


@pytest.mark.parametrize("content, why", [
    (b"not json", "not a readable recording"),
    (json.dumps({"format": "other"}).encode(), "not a jassvm recording"),
    (json.dumps({"format": "jassvm-recording", "version": 99}).encode(), "recording version 99"),
    (json.dumps({"format": "jassvm-recording", "version": 1, "kind": "scenario", "path": "x"}).encode(),
     "needs the scenario's text"),
])
def test_bad_recordings_get_a_clear_error(tmp_path, content, why):
    p = tmp_path / "bad.jrec"
    p.write_bytes(content)
    with pytest.raises(RecordingError, match=why):
        read_recording(p)


def test_jass_run_record_and_replay(tmp_path):
    script = tmp_path / "war3map.j"
    script.write_text(MAP)
    jass = [sys.executable, "-m", "cli", "run"]
    rec = tmp_path / "run.jrec"
    done = subprocess.run(jass + [str(script), "--until", "20s", "--record", str(rec)], cwd=ROOT,
                          capture_output=True, text=True, timeout=120)
    assert done.returncode == 0, done.stdout + done.stderr
    again = subprocess.run(jass + ["--replay", str(rec)], cwd=ROOT, capture_output=True, text=True, timeout=120)
    assert again.returncode == 0 and "replayed exactly" in again.stdout
    data = json.loads(rec.read_text())
    data["seed"] = 3
    rec.write_text(json.dumps(data))
    diverged = subprocess.run(jass + ["--replay", str(rec)], cwd=ROOT, capture_output=True, text=True, timeout=120)
    assert diverged.returncode == 4 and "diverged" in diverged.stdout
    mixed = subprocess.run(jass + [str(script), "--replay", str(rec), "--until", "5s"], cwd=ROOT,
                           capture_output=True, text=True, timeout=120)   # options it would ignore
    assert mixed.returncode == 2 and "leave out MAP, --until" in mixed.stderr


def test_jass_debug_opens_a_failing_recording_at_the_failing_step(tmp_path):
    pexpect = pytest.importorskip("pexpect")
    scenario = tmp_path / "fails.scenario.yaml"
    scenario.write_text(f"""name: the demo with a wrong expectation
campaign: {ROOT / 'maps' / 'demo'}
steps:
  - run_until: {{dialog: Choose your difficulty, buttons: [Easy, Normal, Hard], within: 1s}}
  - click: Easy
  - expect:
      - {{global: udg_difficulty, eq: 2}}
""")
    rec, result = record_scenario(load_scenario(scenario))
    assert not result.passed and rec.result["failed_step"] == 2
    write_recording(tmp_path / "fails.jrec", rec)
    scenario.unlink()                      # the recording carries the scenario's text
    child = pexpect.spawn(sys.executable, ["-m", "cli", "debug", str(tmp_path / "fails.jrec"), "--quiet"],
                          encoding="utf-8", timeout=60, cwd=str(ROOT))
    child.expect(r"stopped: scenario failed")
    child.expect(r"\(jass\) ")
    child.sendline("print udg_difficulty")
    child.expect(r"0  \(integer\)")
    child.expect(r"\(jass\) ")
    child.sendline("quit")
    child.expect(pexpect.EOF)


def test_jass_test_writes_a_failing_scenarios_recording_beside_the_junit_report(tmp_path):
    (tmp_path / "fails.scenario.yaml").write_text(f"""name: the demo with a wrong expectation
campaign: {ROOT / 'maps' / 'demo'}
steps:
  - run_until: {{dialog: Choose your difficulty, buttons: [Easy, Normal, Hard], within: 1s}}
  - click: Easy
  - expect:
      - {{global: udg_difficulty, eq: 2}}
""")
    done = subprocess.run([sys.executable, "-m", "pytest", "-p", "no:cacheprovider", "-q", "fails.scenario.yaml",
                           "--junitxml", "out/junit.xml"], cwd=tmp_path, capture_output=True, text=True, timeout=300)
    assert done.returncode == 1
    recordings = list((tmp_path / "out" / "jass-timelines").glob("*.jrec"))
    assert len(recordings) == 1 and f"recording: {recordings[0]}" in done.stdout
    rec = read_recording(recordings[0])
    assert rec.result["failed_step"] == 2 and "udg_difficulty is 0" in rec.result["failure"]
    assert replay(rec)[1] == []
    again = subprocess.run([sys.executable, "-m", "cli", "run", "--replay", str(recordings[0])], cwd=ROOT,
                           capture_output=True, text=True, timeout=300)
    assert again.returncode == 0 and "failed as recorded, at step 3: " in again.stdout   # 1-based
