"""Failure reports that focus (issue 18): periodic triggers as counts, the threads waiting
and on what, running timers, the trigger's own ``gg_trg_`` name, the full timeline in a
file next to the JUnit report."""
from __future__ import annotations

import importlib
import importlib.metadata
import xml.etree.ElementTree as ET

import pytest

from maps.scenario_runner import JassGame
from natives.pending import script_name, script_names

pytest_plugins = ["pytester"]
importlib.import_module("maps.runner")
importlib.import_module("natives.session").load_natives()

MAP = r"""
globals
    integer udg_polls = 0
    boolean udg_arrived = false
    trigger gg_trg_Poll = null
    trigger gg_trg_Wait_For_Arthas = null
    trigger array bj_myQueue
    timer udg_reinforce = null
endglobals

function Trig_Poll_Actions takes nothing returns nothing
    set udg_polls = udg_polls + 1
endfunction

function Trig_Wait_For_Arthas_Actions takes nothing returns nothing
    call DisplayTextToPlayer(Player(0), 0, 0, "|cffffcc00MAIN QUEST|r|nBring Arthas home")
    call TriggerSleepAction(100.00)
    set udg_arrived = true
endfunction

function Reinforce takes nothing returns nothing
endfunction

function main takes nothing returns nothing
    set gg_trg_Poll = CreateTrigger()
    call TriggerRegisterTimerEvent(gg_trg_Poll, 0.20, true)
    call TriggerAddAction(gg_trg_Poll, function Trig_Poll_Actions)
    set gg_trg_Wait_For_Arthas = CreateTrigger()
    call TriggerAddAction(gg_trg_Wait_For_Arthas, function Trig_Wait_For_Arthas_Actions)
    set bj_myQueue[0] = gg_trg_Wait_For_Arthas
    call TriggerExecute(bj_myQueue[0])
    set udg_reinforce = CreateTimer()
    call TimerStart(udg_reinforce, 300.00, false, function Reinforce)
endfunction
"""

WAIT = """\
map: war3map.j
steps:
  - run_until: {global: udg_arrived, eq: true, within: 30s}
"""


def _plugin_args() -> list[str]:
    installed = any(ep.value == "maps.pytest_plugin"
                    for ep in importlib.metadata.entry_points(group="pytest11"))
    return [] if installed else ["-p", "maps.pytest_plugin"]


@pytest.fixture
def waiting(pytester: pytest.Pytester) -> pytest.Pytester:
    (pytester.path / "war3map.j").write_text(MAP)
    pytester.makefile(".scenario.yaml", wait=WAIT)
    return pytester


def test_failure_collapses_the_periodic_trigger_and_shows_the_waiting_thread(waiting):
    xml = waiting.path / "reports" / "junit.xml"
    result = waiting.runpytest(*_plugin_args(), "-p", "no:cacheprovider", f"--junitxml={xml}")
    result.assert_outcomes(failed=1)
    result.stdout.fnmatch_lines([
        "last trigger activity (periodic triggers below):",
        "*0.00s  gg_trg_Wait_For_Arthas (Trig_Wait_For_Arthas_Actions)",
        "periodic triggers:",
        # a 0.2 s periodic timer event over 30 game seconds: 150 runs, one line
        "  gg_trg_Poll: 150 runs every 0.2 s (0.20s to 30.00s)",
        "threads waiting (1):",
        "  thread * gg_trg_Wait_For_Arthas: TriggerSleepAction in Trig_Wait_For_Arthas_Actions "
        "(*war3map.j:17), wakes at 100.00s",
        "timers running:",
        "  timer at 300.00s: Reinforce",
    ])
    out = result.stdout.str()
    assert "bj_myQueue" not in out and "gg_trg_Poll (Trig_Poll_Actions)" not in out
    path = xml.parent / "jass-timelines" / "wait.scenario.yaml__wait.timeline.txt"
    assert f"full timeline: {path}" in out
    lines = path.read_text().splitlines()
    assert sum("gg_trg_Poll (Trig_Poll_Actions)" in line for line in lines) == 150
    assert "raw: |cffffcc00MAIN QUEST|r|nBring Arthas home" in lines[3]
    props = {p.get("name"): p.get("value") for p in ET.parse(xml).iter("property")}
    assert props["timeline"] == str(path)


def test_timeline_dir_option(waiting):
    folder = waiting.path / "tl"
    result = waiting.runpytest(*_plugin_args(), "-p", "no:cacheprovider", f"--jass-timeline-dir={folder}")
    result.assert_outcomes(failed=1)
    assert (folder / "wait.scenario.yaml__wait.timeline.txt").is_file()


def test_a_trigger_is_named_by_its_gg_trg_global_not_a_queue_slot(tmp_path):
    (tmp_path / "war3map.j").write_text(MAP)
    with JassGame(base=tmp_path) as game:
        game.load("war3map.j")
        assert [r.trigger for r in game.triggers.runs] == ["gg_trg_Wait_For_Arthas"]
        assert len(game.trigger_runs("gg_trg_Wait_For_Arthas")) == 1
        trig = game.globals["gg_trg_Wait_For_Arthas"]
        assert game.globals["bj_myQueue[0]"] is trig     # both hold it: the gg_trg_ name wins
        assert script_name(game.vm, trig, "trigger") == "gg_trg_Wait_For_Arthas"
        assert script_names(game.vm, "trigger")[id(trig)] == "gg_trg_Wait_For_Arthas"
