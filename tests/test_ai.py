"""AI script instances (issue 15 item 1): ``StartCampaignAI``/``StartMeleeAI`` run common.ai
and the named script in a VM of their own per AI player.

Game facts asserted: the game runs each AI script separately from the map script (own
globals); AI threads wait with common.ai's ``Sleep`` (game seconds); the op limit ends a
thread that runs 300,000 ops without waiting (S093) and a crash ends only that thread;
``CommandAI`` reaches the script's queue, read with ``CommandsWaiting``, ``GetLastCommand``,
``GetLastData`` and ``PopLastCommand`` (jassdoc, lep/jassdoc common.ai); common.ai's
``MELEE_NEWBIE``/``MELEE_NORMAL``/``MELEE_INSANE`` are 1..3. Human02 starts ``h02_red.ai``
for ``udg_P_Blackrock`` (Player(0), war3map.j line 1692), whose ``CampaignAI`` calls
``InitAI`` (``StopGathering``, natives.aitown) and the rest of common.ai's natives.
"""
from __future__ import annotations

import shutil
from pathlib import Path

import pytest

from conftest import shared_path
from debugger.engine import Debugger
from maps.runner import RunOptions, load_mission, read_save_file, run_mission
from natives.ai import first_thread_id

API_130 = shared_path("corpus", "api", "1.30.4")

TICKER = """
globals
    integer got = -1
    integer ticks = 0
    integer who = -1
    integer level = 0
    integer footmen = -1
    integer theirs = -1
    boolean alive = false
endglobals

function Ticker takes nothing returns nothing
    loop
        call Sleep(10)
        set ticks = ticks + 1
    endloop
endfunction

function main takes nothing returns nothing
    set who = GetAiPlayer()
    set level = MeleeDifficulty()
    call SetCampaignAI()
    call SetTargetHeroes(true)
    call SetReplacementCount(3)
    call StartThread(function Ticker)
    loop
        exitwhen CommandsWaiting() != 0
        call Sleep(1)
    endloop
    set got = GetLastCommand() * 100 + GetLastData()
    call PopLastCommand()
    set footmen = GetUnitCount('hfoo')
    set theirs = GetPlayerUnitTypeCount(Player(0), 'hfoo')
    set alive = UnitAlive(null)
    set got = got + CommandsWaiting() * 10000
    call GetUnitGoldCost('nzzz')
endfunction
"""

SPIN = """
function main takes nothing returns nothing
    local integer i = 0
    loop
        set i = i + 1
    endloop
endfunction
"""

BROKEN = """
function main takes nothing returns nothing
    call Sleep(
endfunction
"""

MAP = """
globals
    integer got = 5
    integer later = 0
endglobals

function Send takes nothing returns nothing
    call CommandAI(Player(1), 7, 3)
endfunction

function Later takes nothing returns nothing
    set later = later + 1
endfunction

function Pause takes nothing returns nothing
    call PauseCompAI(Player(1), true)
endfunction

function Resume takes nothing returns nothing
    call PauseCompAI(Player(1), false)
endfunction

function At takes real t, code f returns nothing
    local trigger trig = CreateTrigger()
    call TriggerRegisterTimerEvent(trig, t, false)
    call TriggerAddAction(trig, f)
endfunction

function main takes nothing returns nothing
    call CreateUnit(Player(1), 'hfoo', 0, 0, 0)
    call CreateUnit(Player(1), 'hfoo', 100, 0, 0)
    call CreateUnit(Player(0), 'hfoo', 0, 100, 0)
    call StartCampaignAI(Player(1), "ticker.ai")
    call StartCampaignAI(Player(2), "spin.ai")
    call StartCampaignAI(Player(3), "broken.ai")
    call StartMeleeAI(Player(4), "missing.ai")
    call At(5.0, function Send)
    call At(60.0, function Later)
    %EXTRA%
endfunction
"""


@pytest.fixture
def api(tmp_path) -> Path:
    """An API folder: 1.30.4's common.j and common.ai, and the test AI scripts in ``ai/``."""
    folder = tmp_path / "api"
    (folder / "ai").mkdir(parents=True)
    for name in ("common.j", "common.ai"):
        shutil.copy(API_130 / name, folder / name)
    for name, text in (("ticker.ai", TICKER), ("spin.ai", SPIN), ("broken.ai", BROKEN)):
        (folder / "ai" / name).write_text(text)
    return folder


def write_map(tmp_path: Path, extra: str = "") -> Path:
    path = tmp_path / "war3map.j"
    path.write_text(MAP.replace("%EXTRA%", extra))
    return path


def play(path: Path, api: Path, until: float, resume=None, **kw):
    options = RunOptions(api=str(api), until=until, **kw)
    return run_mission(load_mission(path, options), options, resume=resume)


def ai_timeline(report) -> list[tuple]:
    return [(e.time, e.kind, e.data.get("player"), e.data.get("crash") or e.data.get("found"))
            for e in report.timeline if e.kind.startswith("ai_")]


def test_ai_scripts_run_in_their_own_vm_wait_and_read_commands(tmp_path, api):
    report, session = play(write_map(tmp_path), api, 35.0)
    ai = session.game.ai
    vm = ai.vms[1]
    assert vm is not session.vm and vm.scheduler is session.vm.scheduler
    assert session.vm.read_global("got") == 5                       # the map's own global
    assert vm.read_global("who") == 1                               # GetAiPlayer
    assert vm.read_global("level") == 2                             # MELEE_NORMAL
    assert vm.read_global("got") == 703                             # (7, 3), then popped: 0 left
    assert vm.read_global("ticks") == 3                             # Sleep(10) from t=0 to 35 s
    assert (vm.read_global("footmen"), vm.read_global("theirs"), vm.read_global("alive")) == (2, 1, False)
    entry = ai.players[1]
    assert (entry.script, entry.kind, entry.mode, entry.status) == ("ticker.ai", "campaign", "campaign", "running")
    assert entry.tuning == {"SetTargetHeroes": True, "SetReplacementCount": 3}
    assert entry.commands == []
    assert all(t > first_thread_id(1) for t in vm.threads)
    assert {e.kind for e in session.game.scheduler.entries()} >= {"ai1:resume"}
    # GetUnitGoldCost of a type no table knows -> recorded crash
    crashes = [e for e in vm.errors]
    assert [(e.kind, e.time) for e in crashes] == [("unimplemented", pytest.approx(6.0, abs=1.1))]
    assert "unit type 'nzzz'" in crashes[0].message               # the rawcode, not 1853520506
    assert report.ai[1]["status"] == "running" and report.ai[1]["errors"][0]["kind"] == "unimplemented"


def test_the_op_limit_a_crash_and_a_bad_or_missing_script_do_not_stop_the_game(tmp_path, api):
    report, session = play(write_map(tmp_path), api, 70.0)
    ai = session.game.ai
    assert session.vm.read_global("later") == 1                     # the map goes on
    assert [e.kind for e in ai.vms[2].errors] == ["op-limit"]
    assert ai.players[2].status == "crashed"
    assert ai.players[3].status == "failed" and 3 not in ai.vms
    failed = next(e for e in report.timeline if e.kind == "ai_failed")
    assert "broken.ai:3" in failed.data["message"]                  # file and line of the error
    assert ai.players[4].status == "not found" and ai.players[4].kind == "melee"
    assert (0.0, "ai_started", 4, False) in ai_timeline(report)
    assert (0.0, "ai_crashed", 2, "op-limit") in ai_timeline(report)
    # the Ticker thread outlives main's crash
    assert ai.vms[1].read_global("ticks") == 7
    assert report.errors == [] and report.natives_missing == {}


def test_pause_holds_the_ai_threads(tmp_path, api):
    extra = "call At(12.0, function Pause)\n    call At(40.0, function Resume)"
    _report, session = play(write_map(tmp_path, extra), api, 45.0)
    vm = session.game.ai.vms[1]
    # ticks at 10 (1), then paused from 12 to 40: the wake-ups of 20 and 30 wait until 40
    assert vm.read_global("ticks") == 2
    assert session.game.ai.players[1].held == []


def test_ai_state_survives_a_save_and_load(tmp_path, api):
    path = write_map(tmp_path)
    save = tmp_path / "at3.sav"
    straight, _ = play(path, api, 40.0)
    first, _ = play(path, api, 40.0, save_at=3.0, save_path=str(save))
    assert first.saved["game_time"] == 3.0
    resumed, session = play(path, api, 40.0, resume=read_save_file(save))
    assert resumed.state_digest == straight.state_digest == first.state_digest
    assert [(e.time, e.kind, e.text) for e in resumed.timeline] == [(e.time, e.kind, e.text) for e in straight.timeline]
    assert resumed.ai == straight.ai
    assert session.game.ai.vms[1].read_global("got") == 703


def test_a_save_refuses_a_changed_ai_script(tmp_path, api):
    path = write_map(tmp_path)
    save = tmp_path / "at3.sav"
    play(path, api, 3.0, save_at=3.0, save_path=str(save))
    (api / "ai" / "ticker.ai").write_text(TICKER.replace("Sleep(10)", "Sleep(11)"))
    with pytest.raises(Exception, match="ticker.ai.*differs"):
        play(path, api, 10.0, resume=read_save_file(save))


def test_the_debugger_lists_ai_threads_by_player_and_script(tmp_path, api):
    seen = {}

    class FrontEnd:
        def output(self, category, text):
            pass

        def stopped(self, dbg, stop):
            seen["threads"] = [t.name for t in dbg.threads()]
            dbg.continue_()

    d = Debugger(write_map(tmp_path), api=str(api), until=10, frontend=FrontEnd())
    d.set_line_breakpoints("war3map.j", [{"line": MAP.split("\n").index("    call CommandAI(Player(1), 7, 3)") + 1}])
    d.run()
    assert "AI player 1 (ticker.ai): main" in seen["threads"]
    assert "AI player 1 (ticker.ai): Ticker" in seen["threads"]


def test_human02_red_ai_starts_with_every_native_it_calls():
    options = RunOptions(api=str(API_130), until=30.0)
    path = shared_path("corpus", "maps", "campaign-human02", "war3map.j")
    report, session = run_mission(load_mission(path, options), options)
    assert report.ai[0]["script"] == "h02_red.ai"
    assert report.ai[0]["natives_missing"] == {}
    assert report.ai[0]["status"] == "running"     # what it cannot do: tests/test_aitown.py
    tuning = session.game.ai.players[0].tuning
    assert tuning["SetTargetHeroes"] is False and tuning["SetUnitsFlee"] is False   # normal difficulty


DIVIDE = """
globals
    integer beats = 0
    integer after = 0
endglobals

function Beat takes nothing returns nothing
    loop
        call Sleep(10)
        set beats = beats + 1
    endloop
endfunction

function main takes nothing returns nothing
    local integer zero = 0
    call StartThread(function Beat)
    call Sleep(2)
    set after = 10 / zero
    set after = 1
endfunction
"""


def test_an_ai_script_dividing_by_zero_crashes_its_thread_and_the_game_goes_on(tmp_path, api):
    """Integer division by zero is a crash of the thread that does it (the JASS crash rule):
    the AI's main ends there at 2 s (``after`` is never set), its other thread and the map
    script (``Later`` at 60 s) go on."""
    (api / "ai" / "divide.ai").write_text(DIVIDE)
    path = write_map(tmp_path, 'call StartCampaignAI(Player(5), "divide.ai")')
    report, session = play(path, api, 70.0)
    ai = session.game.ai
    [crash] = ai.vms[5].errors
    assert crash.stack[-1].function == "main" and crash.time == pytest.approx(2.0)
    assert ai.vms[5].read_global("after") == 0
    assert ai.vms[5].read_global("beats") == 7                     # 10, 20, ... 70 s
    assert session.vm.read_global("later") == 1                     # the map goes on
    assert ai.vms[1].read_global("ticks") == 7                      # another AI too
    assert crash.kind == "division-by-zero"
    assert ai.players[5].status == "running"                        # Beat still runs
