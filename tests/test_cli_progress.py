"""`jass run` while the game plays (issue 18): -v prints the timeline live and, when game
time passes with nothing new, what is pending; the progress bar follows the quests."""
from __future__ import annotations

import io

from click.testing import CliRunner
from rich.console import Console

from cli import QUIET_AFTER, _LiveTimeline, _run_with_progress, main
from maps.runner import RunOptions, load_mission, run_mission

IDLE = r"""
globals
    trigger gg_trg_Arrive = null
    trigger gg_trg_Poll = null
    boolean udg_arrived = false
    quest udg_q = null
endglobals
function Trig_Poll_Conditions takes nothing returns boolean
    return udg_arrived
endfunction
function Trig_Poll_Actions takes nothing returns nothing
endfunction
function Trig_Arrive_Actions takes nothing returns nothing
    set udg_q = CreateQuest()
    call QuestSetTitle(udg_q, "|cffffcc00Wait|r for Arthas")
    call TriggerSleepAction(200.00)
    call DisplayTextToPlayer(Player(0), 0, 0, "he came")
    call QuestSetCompleted(udg_q, true)
endfunction
function main takes nothing returns nothing
    set gg_trg_Poll = CreateTrigger()
    call TriggerRegisterTimerEvent(gg_trg_Poll, 0.50, true)
    call TriggerAddCondition(gg_trg_Poll, Condition(function Trig_Poll_Conditions))
    call TriggerAddAction(gg_trg_Poll, function Trig_Poll_Actions)
    set gg_trg_Arrive = CreateTrigger()
    call TriggerAddAction(gg_trg_Arrive, function Trig_Arrive_Actions)
    call TriggerExecute(gg_trg_Arrive)
endfunction
"""


def test_verbose_run_says_what_is_pending_when_nothing_happens(tmp_path):
    script = tmp_path / "war3map.j"
    script.write_text(IDLE)
    result = CliRunner().invoke(main, ["run", str(script), "--until", "230s", "-v"])
    assert result.exit_code == 0, result.output
    lines = result.output.splitlines()
    at = next(i for i, line in enumerate(lines) if "pending" in line)
    assert lines[at].split() == [f"{QUIET_AFTER:.2f}s", "pending", "nothing", "new", "for", "60", "s;",
                                 "the", "game", "waits", "for:"]
    assert lines[at + 1].strip() == "threads waiting (1):"
    assert lines[at + 2].strip().startswith("thread ")
    assert lines[at + 2].strip().endswith(f"gg_trg_Arrive: TriggerSleepAction in Trig_Arrive_Actions "
                                          f"({script}:16), wakes at 200.00s")
    assert lines[at + 3].strip() == "periodic triggers (1):"
    assert lines[at + 4].strip() == "gg_trg_Poll every 0.5 s polls Trig_Poll_Conditions"
    # the live timeline goes on after the report, in game-time order, and is printed once
    assert [line.split()[0] for line in lines if " message " in line] == ["200.00s"]
    created = [line for line in lines if line.split()[1:3] == ["quest_created", "quest"]]
    assert len(created) == 1 and created[0].endswith("quest created: Wait for Arthas (required)")


def test_progress_follows_the_quests(tmp_path):
    script = tmp_path / "war3map.j"
    script.write_text(IDLE)
    mission = load_mission(script, RunOptions())
    seen = []
    live = _LiveTimeline(Console(file=io.StringIO()), 0)

    def progress(now):
        seen.append((now, live.quests()))
    run_mission(mission, RunOptions(until=210.0), progress=progress, session_hook=live.attach)
    states = {q for _, q in seen}
    assert states == {"Wait for Arthas: open", "Wait for Arthas: completed"}
    assert next(t for t, q in seen if q.endswith("completed")) == 200.0


def test_a_terminal_run_shows_the_quests_beside_the_bar(tmp_path):
    script = tmp_path / "war3map.j"
    script.write_text(IDLE)
    out = io.StringIO()
    console = Console(file=out, force_terminal=True, width=150)
    mission = load_mission(script, RunOptions())
    report, _ = _run_with_progress(console, mission, RunOptions(until=30.0), None, run_mission)
    assert report.quests == [{"title": "|cffffcc00Wait|r for Arthas", "state": "open",
                              "required": True, "discovered": True}]
    assert "Wait for Arthas: open" in out.getvalue()
