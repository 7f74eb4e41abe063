"""Waits that cost what they should (issue 18): ``run_until`` on triggers, quests, units,
messages and errors is evaluated again only when what it reads changed, and still stops at
the same game time as evaluating after every scheduler entry would."""
from __future__ import annotations

import pytest

from maps.scenario_runner import JassGame, ScenarioFailure

MAP = r"""
globals
    integer udg_polls = 0
    trigger gg_trg_Poll = null
    trigger gg_trg_Spawn = null
    quest udg_quest = null
endglobals

function Trig_Poll_Actions takes nothing returns nothing
    set udg_polls = udg_polls + 1
endfunction

function Trig_Spawn_Actions takes nothing returns nothing
    call TriggerSleepAction(10.00)
    call CreateUnit(Player(0), 'hfoo', 0, 0, 0)
    call TriggerSleepAction(5.00)
    set udg_quest = CreateQuest()
    call QuestSetTitle(udg_quest, "Hold")
    call TriggerSleepAction(5.00)
    call QuestSetCompleted(udg_quest, true)
    call DisplayTextToPlayer(Player(0), 0, 0, "|cffffcc00DONE|r")
    call TriggerSleepAction(5.00)
    call TriggerExecute(gg_trg_Spawn)
endfunction

function main takes nothing returns nothing
    set gg_trg_Poll = CreateTrigger()
    call TriggerRegisterTimerEvent(gg_trg_Poll, 0.20, true)
    call TriggerAddAction(gg_trg_Poll, function Trig_Poll_Actions)
    set gg_trg_Spawn = CreateTrigger()
    call TriggerAddAction(gg_trg_Spawn, function Trig_Spawn_Actions)
    call TriggerExecute(gg_trg_Spawn)
endfunction
"""


@pytest.fixture
def game(tmp_path):
    (tmp_path / "war3map.j").write_text(MAP)
    with JassGame(base=tmp_path) as g:
        g.load("war3map.j")
        yield g


def _count_evaluations(game, monkeypatch) -> list:
    calls = []
    original = game.evaluate

    def evaluate(cond):
        calls.append(game.now)
        return original(cond)
    monkeypatch.setattr(game, "evaluate", evaluate)
    return calls


@pytest.mark.parametrize("cond, at", [
    ({"units": {"owner": 0, "type": "hfoo"}, "count": 1}, 10.0),
    ({"unit": {"type": "hfoo", "owner": 0}, "in": {"x": 0, "y": 0}}, 10.0),
    ({"quest": "Hold", "state": "created"}, 15.0),
    ({"quest": "Hold", "state": "completed"}, 20.0),
    ({"message": "DONE"}, 20.0),
    ({"trigger": "gg_trg_Spawn", "times": 2}, 25.0),
    ({"trigger": "gg_trg_Poll", "ge": 3}, 0.6),
    ({"all": [{"quest": "Hold", "state": "completed"}, {"trigger": "Spawn", "times": 2}]}, 25.0),
    ({"not": {"units": {"owner": 0, "type": "hfoo"}, "count": 0}}, 10.0),
])
def test_a_wait_stops_when_the_state_changes(game, cond, at):
    game.run_until(cond, within="1m")
    assert game.now == pytest.approx(at)


def test_a_trigger_wait_is_evaluated_on_trigger_runs_only(game, monkeypatch):
    calls = _count_evaluations(game, monkeypatch)
    with pytest.raises(ScenarioFailure):
        game.run_until({"trigger": "gg_trg_Spawn", "times": 5}, within="30s")
    # 150 runs of the 0.2 s periodic trigger and 1 of Spawn in 30 s; the sleeps, the
    # unit and quest changes between them do not re-evaluate the condition
    runs = len(game.triggers.runs) - 2            # the two runs before the wait
    assert len(calls) <= runs + 3                 # + first check, + failure detail


def test_a_units_wait_is_evaluated_on_model_events_only(game, monkeypatch):
    calls = _count_evaluations(game, monkeypatch)
    game.run_until({"units": {"owner": 0, "type": "hfoo"}, "count": 1}, within="1m")
    # one check before the clock runs, one at the unit's creation: the 50 periodic runs
    # before it change no unit
    assert calls == [0.0, 10.0]


def test_a_trigger_global_set_to_another_trigger_is_seen(tmp_path):
    (tmp_path / "war3map.j").write_text(r"""
globals
    trigger gg_trg_T = null
endglobals
function Nothing takes nothing returns nothing
endfunction
function Swap takes nothing returns nothing
    set gg_trg_T = CreateTrigger()
endfunction
function main takes nothing returns nothing
    set gg_trg_T = CreateTrigger()
    call TriggerAddAction(gg_trg_T, function Nothing)
    call TriggerExecute(gg_trg_T)
    call TimerStart(CreateTimer(), 5.0, false, function Swap)
endfunction
""")
    with JassGame(base=tmp_path) as g:
        g.load("war3map.j")
        assert g.check({"trigger": "gg_trg_T", "times": 1})
        g.run_until({"trigger": "gg_trg_T", "fired": False}, within="10s")   # the new trigger
        assert g.now == pytest.approx(5.0)
