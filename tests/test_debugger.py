"""The debugger core (``debugger.engine``) driven by a scripted front end, and ``jass debug``
through a pseudo-terminal (issue 10).

Game facts asserted: Human01's intro is started by ``ConditionalTriggerExecute`` from map
initialisation at game time 0; Uther (``udg_Uther``) is the script's ``'Huth'`` unit, and his
expanded owner and life are what ``GetOwningPlayer`` and ``GetWidgetLife`` answer. The small map's trigger fires at
1 s (``TriggerRegisterTimerEvent``) and sleeps 2 s; ``Spin``, started by ``main``, loops until
the op limit ends it after 42,857 iterations (S093), so the trigger starts from that count.
"""
from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest

from debugger.engine import Debugger
from maps.scenario import load_scenario
from maps.scenario_runner import run_scenario

from conftest import shared_path

HUMAN01 = shared_path("corpus", "maps", "campaign-human01", "war3map.j")
API_130 = str(shared_path("corpus", "api", "1.30.4"))

SMALL = """globals
    trigger gg_trg_Tick = null
    integer udg_count = 0
    integer array udg_seen
    unit udg_hero = null
endglobals
function Add takes integer a, integer b returns integer
    return a + b
endfunction
function Tick_Actions takes nothing returns nothing
    set udg_count = Add(udg_count, 1)
    call TriggerSleepAction(2.0)
    set udg_count = udg_count + 10
    set udg_seen[3] = udg_count
endfunction
function Spin takes nothing returns nothing
    loop
        set udg_count = udg_count + 1
    endloop
endfunction
function InitTrig_Tick takes nothing returns nothing
    set gg_trg_Tick = CreateTrigger()
    call TriggerRegisterTimerEvent(gg_trg_Tick, 1.0, false)
    call TriggerAddAction(gg_trg_Tick, function Tick_Actions)
endfunction
function main takes nothing returns nothing
    set udg_hero = CreateUnit(Player(0), 'Hpal', 0.0, 0.0, 0.0)
    call InitTrig_Tick()
    call ExecuteFunc("Spin")
endfunction
"""


def line_of(text: str, src: str = SMALL) -> int:
    return next(n for n, line in enumerate(src.split("\n"), 1) if text in line)


class Scripted:
    """A front end that runs one callable per stop (then continues). A failing assertion in
    a callable is reported by the core as front-end output: ``no_front_end_failures`` turns
    it into a test failure."""

    made: list["Scripted"] = []

    def __init__(self, *actions):
        self.actions = list(actions)
        self.stops = []
        self.out = []
        Scripted.made.append(self)

    def output(self, category, text):
        self.out.append((category, text))

    def stopped(self, dbg, stop):
        self.stops.append((stop, dbg.now))
        action = self.actions.pop(0) if self.actions else (lambda d, s: d.continue_())
        action(dbg, stop)


@pytest.fixture(autouse=True)
def no_front_end_failures():
    Scripted.made.clear()
    yield
    failed = [t for fe in Scripted.made for c, t in fe.out if c == "stderr"]
    assert failed == []


@pytest.fixture
def small(tmp_path) -> Path:
    path = tmp_path / "war3map.j"
    path.write_text(SMALL)
    return path


def test_line_breakpoint_stack_and_step_over_a_wait(small):
    seen = {}

    def at_break(d, stop):
        seen["stack"] = [(f.function, f.line) for f in d.stack(stop.thread_id)]
        seen["threads"] = [(t.name, t.state) for t in d.threads()]
        d.step_over(stop.thread_id)

    fe = Scripted(at_break, lambda d, s: d.step_over(s.thread_id), lambda d, s: d.step_over(s.thread_id))
    d = Debugger(small, until=20, frontend=fe)
    d.set_line_breakpoints("war3map.j", [{"line": line_of("set udg_count = Add(udg_count, 1)")}])
    d.run()
    assert seen["stack"] == [("Tick_Actions", line_of("set udg_count = Add(udg_count, 1)"))]
    assert ("gg_trg_Tick actions", "stopped") in seen["threads"]
    (s1, t1), (s2, t2), (s3, t3) = fe.stops[:3]
    assert s1.reason == "breakpoint" and t1 == 1.0
    assert s2.reason == "step" and s2.description.endswith(f":{line_of('call TriggerSleepAction(2.0)')})")
    assert s3.reason == "step" and t3 == pytest.approx(3.0)       # over the wait: +2 s game time
    assert ("triggers", "[    1.00s] gg_trg_Tick fired") in fe.out


def test_step_in_and_out(small):
    fe = Scripted(lambda d, s: d.step_in(s.thread_id), lambda d, s: d.step_out(s.thread_id))
    d = Debugger(small, until=5, frontend=fe)
    d.set_line_breakpoints("war3map.j", [{"line": line_of("set udg_count = Add(udg_count, 1)")}])
    d.run()
    stops = [s for s, _t in fe.stops]
    assert stops[1].description.startswith("Add (") and stops[1].description.endswith(f":{line_of('return a + b')})")
    assert stops[2].description.startswith("Tick_Actions")  # back in the caller


def test_conditions_hit_counts_and_logpoints(small):
    fe = Scripted()
    d = Debugger(small, until=5, frontend=fe)
    d.set_line_breakpoints("war3map.j", [
        {"line": line_of("return a + b"), "logMessage": "adding {a} and {b}"},
        {"line": line_of("set udg_count = udg_count + 10"), "condition": "udg_count == 99"},
        {"line": line_of("set udg_seen[3] = udg_count"), "hitCondition": "1"},
    ])
    d.run()
    assert [s.reason for s, _t in fe.stops] == ["breakpoint"]           # the condition was false
    assert fe.stops[0][0].description.endswith(f":{line_of('set udg_seen[3] = udg_count')}")
    assert ("console", "adding 42857 and 1\n") in fe.out


def test_trigger_breakpoint_variables_and_unit_expansion_on_a_campaign_map():
    seen = {}

    def at_intro(d, stop):
        frames = d.stack(stop.thread_id)
        seen["frame"] = frames[0].function
        seen["thread"] = next(t.name for t in d.threads() if t.id == stop.thread_id)
        uther = d.evaluate("udg_Uther")
        fields = {v.name: v.value for v in d.variables(uther.ref)}
        owner = d.evaluate("GetPlayerId(GetOwningPlayer(udg_Uther))").value
        life = d.evaluate("GetWidgetLife(udg_Uther)").value
        seen["uther"] = (uther.type, fields["owner"], fields["life"], fields["type"], owner, life)
        seen["utype"] = fields["utype"]
        d.step_over(stop.thread_id)

    fe = Scripted(at_intro)
    d = Debugger(HUMAN01, api=API_130, until=30, frontend=fe)
    d.set_function_breakpoints([{"name": "gg_trg_Intro_Cinematic"}])
    d.run()
    assert seen["frame"] == "Trig_Intro_Cinematic_Actions"
    assert seen["thread"] == "gg_trg_Intro_Cinematic actions"
    kind, owner_text, life_text, type_text, owner_id, life = seen["uther"]
    assert kind == "unit" and type_text.startswith("'Huth'")     # CreateUnit(p, 'Huth', ...) in the script
    assert owner_text.startswith(f"Player({owner_id})") and life_text == life and float(life) > 0
    assert seen["utype"] == "UnitType 'Huth' Uther"   # its row, not a class name


def test_exception_breakpoint_stops_on_an_op_limit_crash_with_the_jass_stack(small):
    seen = {}

    def at_crash(d, stop):
        seen["reason"], seen["text"] = stop.reason, stop.text
        seen["stack"] = [(f.function, f.line) for f in d.stack(stop.thread_id)]
        d.continue_()

    fe = Scripted(at_crash)
    d = Debugger(small, until=2, frontend=fe)
    d.set_exception_filters(["op-limit"])
    d.run()
    assert seen["reason"] == "exception" and "op limit" in seen["text"]
    assert seen["stack"][0][0] == "Spin"


def test_evaluate_and_set_variable_change_what_the_map_does_next(small):
    def at_break(d, stop):
        frame = d.stack(stop.thread_id)[0]
        assert d.evaluate("Add(2, 39)", frame.id).value == "41"
        called = d.evaluate("call Add(2, 39)", frame.id, allow_side_effects=True)   # what `call` prints
        assert (called.value, called.type) == ("41", "integer")
        assert d.evaluate("set udg_count = udg_count", frame.id, allow_side_effects=True).type == "nothing"
        globals_ref = next(s.ref for s in d.scopes(frame.id) if s.name == "Map globals")
        d.set_variable(globals_ref, "udg_count", "100")
        d.continue_()

    fe = Scripted(at_break)
    d = Debugger(small, until=5, frontend=fe)
    d.set_line_breakpoints("war3map.j", [{"line": line_of("set udg_count = udg_count + 10")}])
    d.run()
    assert d.vm.read_global("udg_count") == 110 and d.vm.read_global("udg_seen")[3] == 110


def test_evaluate_refuses_natives_that_change_the_game(small):
    errors = []

    def at_break(d, stop):
        from debugger.engine import DebugError
        for expr in ("CreateUnit(Player(0), 'hfoo', 0, 0, 0)", "GetRandomInt(1, 5)", "Tick_Actions()"):
            try:
                d.evaluate(expr)
            except DebugError as exc:
                errors.append(str(exc))
        assert d.evaluate("GetUnitState(udg_hero, UNIT_STATE_LIFE)").value == "650.0" \
            if "UNIT_STATE_LIFE" in d.vm.program.global_index else True
        d.continue_()

    d = Debugger(small, until=5, frontend=Scripted(at_break))
    d.set_line_breakpoints("war3map.j", [{"line": line_of("set udg_count = udg_count + 10")}])
    d.run()
    assert len(errors) == 3 and all("may change the game" in e for e in errors)
    assert "calls set udg_count in Tick_Actions," in errors[2]      # the global by its name


def test_data_breakpoint_on_an_array_element(small):
    fe = Scripted()
    d = Debugger(small, until=5, frontend=fe)
    d.set_data_breakpoints(["udg_seen[3]"])
    d.run()
    stop = fe.stops[0][0]
    assert stop.reason == "data breakpoint" and "udg_seen[3] changed from 0 to 42868" in stop.description


def test_instrumentation_never_leaks_into_the_next_run():
    """A scenario run after a debugged run in the same process behaves as if no debugger had
    existed: same outcome, same state digest, no instrumented copies in the shared program."""
    path = Path(__file__).parent / "scenarios"
    files = sorted(path.glob("*.scenario.yaml"))
    assert files, "the project's scenarios folder is empty"
    chosen = files[0]
    plain = run_scenario(load_scenario(chosen))
    d = Debugger(chosen, frontend=Scripted(*(lambda d, s: d.step_in(s.thread_id) for _ in range(50))))
    d.set_function_breakpoints([{"name": "main"}])
    d.run()
    again = run_scenario(load_scenario(chosen))
    assert (plain.failure is None) == (again.failure is None)
    assert plain.facts == again.facts


def test_terminal_debugger_in_a_pseudo_terminal(small):
    pexpect = pytest.importorskip("pexpect")
    child = pexpect.spawn(sys.executable, ["-m", "cli", "debug", str(small), "-b",
                                           f"war3map.j:{line_of('set udg_count = Add(udg_count, 1)')}",
                                           "--until", "10s"], encoding="utf-8", timeout=60,
                          cwd=str(Path(__file__).parent.parent))
    child.expect(r"\(jass\) ")
    assert "stopped: breakpoint 1" in child.before
    child.sendline("print udg_hero")
    child.expect("owner = Player\\(0\\)")
    child.expect(r"\(jass\) ")
    child.sendline("next")
    child.expect(r"\(jass\) ")
    child.sendline("next")
    child.expect(r"\[3\.00s\] stopped")
    child.expect(r"\(jass\) ")
    child.sendline("where")
    child.expect("#0 Tick_Actions")
    child.expect(r"\(jass\) ")
    child.sendline("continue")
    child.expect("game ended")
    child.expect(pexpect.EOF)


def test_terminal_debugger_stops_at_a_failing_scenario_expectation(tmp_path):
    pexpect = pytest.importorskip("pexpect")
    demo = Path(__file__).resolve().parent.parent / "maps" / "demo"
    scenario = tmp_path / "fails.scenario.yaml"
    scenario.write_text(f"""name: the demo with a wrong expectation
campaign: {demo}
steps:
  - run_until: {{dialog: Choose your difficulty, buttons: [Easy, Normal, Hard], within: 1s}}
  - click: Easy
  - expect:
      - {{global: udg_difficulty, eq: 2}}
""")
    child = pexpect.spawn(sys.executable, ["-m", "cli", "debug", str(scenario), "--break-on-failure", "--quiet"],
                          encoding="utf-8", timeout=60, cwd=str(Path(__file__).parent.parent))
    child.expect(r"stopped: scenario failed")
    child.expect(r"udg_difficulty is 0 \(expected eq 2\)")
    child.expect(r"\(jass\) ")
    child.sendline("print udg_difficulty")      # the game is intact: Easy is difficulty 0
    child.expect(r"0  \(integer\)")
    child.expect(r"\(jass\) ")
    child.sendline("back")                      # why not: a scenario, not the missing thread
    child.expect(r"error: time travel works on maps and campaigns \(not in scenarios\)")
    child.expect(r"\(jass\) ")
    child.sendline("quit")
    child.expect("terminated")
    child.expect(pexpect.EOF)
    child.close()
    assert child.exitstatus == 1     # the scenario failed: quitting at its stop exits 1 too


@pytest.mark.parametrize("checkpoints", ["every 2 game seconds", "none but the start"])
def test_step_back_over_a_wait_and_reverse_continue_then_forward_to_the_same_state(small, monkeypatch,
                                                                                   checkpoints):
    """Time travel (issue 11): back over ``TriggerSleepAction`` takes game time from 3 s back
    to 1 s; forward again reaches the same state; reverse continue returns to the breakpoint
    hit earlier with the values seen then; the game then ends in the state a run without any
    debugger ends in (same ``state_digest``)."""
    from maps.runner import RunOptions, load_mission, run_mission
    from natives.snapshot import state_digest

    import debugger.engine
    monkeypatch.setattr(debugger.engine, "MIN_WALL", 0.0 if checkpoints.startswith("every") else 1e9)
    seen = []

    def note(d, s):
        seen.append((s.reason, d.now, d.stack(s.thread_id)[0].line, d.vm.read_global("udg_count")))

    fe = Scripted(lambda d, s: (note(d, s), d.step_over(s.thread_id)),
                  lambda d, s: (note(d, s), d.step_over(s.thread_id)),
                  lambda d, s: (note(d, s), d.step_back(s.thread_id)),
                  lambda d, s: (note(d, s), d.step_over(s.thread_id)),
                  lambda d, s: (note(d, s), d.reverse_continue()),
                  lambda d, s: (note(d, s), d.continue_()))
    d = Debugger(small, until=8, frontend=fe)
    d.set_line_breakpoints("war3map.j", [{"line": line_of("set udg_count = Add(udg_count, 1)")}])
    d.run()
    brk, sleep, after = (line_of("set udg_count = Add(udg_count, 1)"), line_of("call TriggerSleepAction(2.0)"),
                         line_of("set udg_count = udg_count + 10"))
    assert seen == [("breakpoint", 1.0, brk, 42857), ("step", 1.0, sleep, 42858), ("step", 3.0, after, 42858),
                    ("step", 1.0, sleep, 42858), ("step", 3.0, after, 42858), ("breakpoint", 1.0, brk, 42857)]
    # 0 s, 2 s, and 8 s: with nothing left after 3 s, the clock goes on to ``until`` at once
    assert [c.now for c in d.checkpoints.items] == ([0.0, 2.0, 8.0] if checkpoints.startswith("every") else [0.0])
    options = RunOptions(until=8)
    _report, plain = run_mission(load_mission(small, options), options)
    assert state_digest(d.session) == state_digest(plain)


def test_a_caught_crash_is_shown_once_at_its_stop(tmp_path):
    """``--catch op-limit``: the crash's timeline line is printed once, not again as the stop's
    text (with ``--quiet`` the stop's text is the only copy)."""
    script = tmp_path / "crash.j"
    script.write_text("globals\n    integer udg_x = 0\nendglobals\n"
                      "function Spin takes nothing returns nothing\n    loop\n        set udg_x = udg_x + 1\n"
                      "    endloop\nendfunction\nfunction main takes nothing returns nothing\n"
                      "    call Spin()\nendfunction\n")
    for quiet in ([], ["--quiet"]):
        out = subprocess.run([sys.executable, "-m", "cli", "debug", str(script), "--catch", "op-limit",
                              "--until", "1s", *quiet], input="continue\n", capture_output=True, text=True,
                             timeout=120, cwd=str(Path(__file__).parent.parent)).stdout
        assert out.count("op limit of 300000 exceeded (S093) at Spin (") == 1, out
        assert "stopped: op-limit" in out


def test_goto_an_earlier_game_time(small):
    seen = []
    fe = Scripted(lambda d, s: (seen.append(d.now), d.goto_time(2.0)),
                  lambda d, s: (seen.append((s.reason, d.now, d.vm.read_global("udg_count"))), d.continue_()))
    d = Debugger(small, until=8, frontend=fe)
    d.set_line_breakpoints("war3map.j", [{"line": line_of("set udg_seen[3] = udg_count")}])
    d.run()
    assert seen == [3.0, ("goto", 2.0, 42858)]        # between the trigger's two sets


def test_expression_errors_name_only_what_was_typed(small):
    """A print of a broken expression says where it breaks without text the debugger added
    around it; a breakpoint condition that does not parse is refused when it is set."""
    from debugger.engine import DebugError
    from debugger.evaluate import EvalError, parse_expression
    with pytest.raises(EvalError, match=r"cannot parse 'udg_count \+': syntax error: unexpected line break$"):
        parse_expression("udg_count +")
    d = Debugger(small, until=1, frontend=Scripted())
    with pytest.raises(DebugError, match="condition: cannot parse 'udg_count =='"):
        d.add_breakpoint("Tick_Actions", condition="udg_count ==")
    bp = d.add_breakpoint("Tick_Actions", condition="udg_count == 1")
    with pytest.raises(DebugError, match="condition: cannot parse"):
        d.set_condition(bp.id, "(1")


def test_stepping_past_the_end_of_a_thread_stops_when_it_ends(small):
    """A step over the trigger's last line, then over its ``endfunction``: the thread ends,
    and the debugger stops there (between threads, at 3 s) instead of running the game on."""
    seen = []
    fe = Scripted(lambda d, s: d.step_over(s.thread_id),
                  lambda d, s: (seen.append((s.reason, d.now)), d.step_over(s.thread_id)),
                  lambda d, s: (seen.append((s.reason, s.description, s.thread_id, d.now)), d.continue_()))
    d = Debugger(small, until=8, frontend=fe)
    d.set_line_breakpoints("war3map.j", [{"line": line_of("set udg_seen[3] = udg_count")}])
    d.run()
    assert seen[0] == ("step", 3.0)
    assert seen[1][0] == "step" and seen[1][1].endswith("ended") and seen[1][2:] == (None, 3.0)


def test_a_goal_a_breakpoint_interrupts_is_dropped(small):
    """``until 5`` (and ``goto`` forward) stopped early by a breakpoint at 3 s: the next plain
    continue runs to the end (8 s), with no stop at 5 s left over from the dropped goal."""
    seen = []
    fe = Scripted(lambda d, s: d.until_time(5.0),
                  lambda d, s: (seen.append((s.reason, d.now)), d.continue_()),
                  lambda d, s: (seen.append((s.reason, d.now)), d.continue_()))
    d = Debugger(small, until=8, frontend=fe, stop_on_entry=True)
    d.set_line_breakpoints("war3map.j", [{"line": line_of("set udg_seen[3] = udg_count")}])
    result = d.run()
    assert seen == [("breakpoint", 3.0)] and result["time"] == 8.0


def test_jass_test_opens_the_debugger_on_the_first_failing_scenario(tmp_path):
    pexpect = pytest.importorskip("pexpect")
    demo = Path(__file__).resolve().parent.parent / "maps" / "demo"
    (tmp_path / "fails.scenario.yaml").write_text(f"""name: the demo with a wrong expectation
campaign: {demo}
steps:
  - run_until: {{dialog: Choose your difficulty, buttons: [Easy, Normal, Hard], within: 1s}}
  - click: Easy
  - expect:
      - {{global: udg_difficulty, eq: 2}}
""")
    child = pexpect.spawn(sys.executable, ["-m", "pytest", "-p", "no:cacheprovider", "-q", "fails.scenario.yaml",
                                           "--jass-debug-on-failure"], encoding="utf-8", timeout=90, cwd=str(tmp_path))
    child.expect(r"stopped: scenario failed")
    child.expect(r"\(jass\) ")
    child.sendline("print udg_difficulty")
    child.expect(r"0  \(integer\)")
    child.expect(r"\(jass\) ")
    child.sendline("quit")
    child.expect("1 failed")
    child.expect(pexpect.EOF)


def test_until_a_quest_state_and_until_the_outcome():
    """The demo campaign's first mission, nobody at the keyboard: the difficulty dialog times
    out after 10 s (``TimerStart(udg_dialogTimeout, 10.0, ...)``), then 'Hold the Ridge' is
    completed after the 90 s countdown, and the mission ends in victory."""
    seen = []
    demo = Path(__file__).resolve().parent.parent / "maps" / "demo" / "01-hold-the-ridge.j"
    fe = Scripted(lambda d, s: d.until_quest("Hold the Ridge", "completed"),
                  lambda d, s: (seen.append((s.description, d.now)), d.until_outcome()),
                  lambda d, s: (seen.append((s.description, d.game.outcome.get(0))), d.continue_()))
    Debugger(demo, until=300, frontend=fe, stop_on_entry=True).run()
    assert seen[0][0].startswith("quest 'Hold the Ridge' completed") and seen[0][1] == 100.0
    assert seen[1][0].startswith("the mission ended") and seen[1][1] == "victory"


def test_terminal_debugger_on_a_corpus_campaign_map():
    """``jass debug`` in a pseudo-terminal on Human01: a trigger breakpoint, a unit expanded,
    the threads, a step over the intro's first ``TriggerSleepAction( 0.01 )`` (which waits the
    runtime's 0.1 s minimum, README / S098-S099) and back before it."""
    pexpect = pytest.importorskip("pexpect")
    child = pexpect.spawn(sys.executable, ["-m", "cli", "debug", str(HUMAN01), "--api", API_130, "--quiet",
                                           "-b", "gg_trg_Intro_Cinematic", "-b", "war3map.j:2345", "--until", "20s"],
                          encoding="utf-8", timeout=90, cwd=str(Path(__file__).parent.parent))
    child.expect(r"stopped: breakpoint 1: gg_trg_Intro_Cinematic")
    child.expect(r"\(jass\) ")
    child.sendline("print udg_Uther")
    child.expect(r"type = 'Huth'")
    child.expect(r"\(jass\) ")
    child.sendline("threads")
    child.expect(r"gg_trg_Intro_Cinematic actions +stopped")
    child.expect(r"\(jass\) ")
    child.sendline("continue")                  # to line 2345: call TriggerSleepAction( 0.01 )
    child.expect(r"stopped: breakpoint 2 at .*war3map.j:2345")
    child.expect(r"\(jass\) ")
    child.sendline("next")
    child.expect(r"\[0\.10s\] stopped: Trig_Intro_Cinematic_Actions")   # waits last 0.1 s at least
    child.expect(r"\(jass\) ")
    child.sendline("back")                      # time travel: before the wait again
    child.expect(r"\[0\.00s\] stopped: back to Trig_Intro_Cinematic_Actions .*:2345\)")
    child.expect(r"\(jass\) ")
    child.sendline("quit")
    child.expect(pexpect.EOF)


def test_reverse_continue_returns_to_a_trigger_breakpoint(small):
    """``rcontinue`` finds a ``gg_trg_X`` breakpoint (the first line of the trigger's
    actions) as it finds a line breakpoint: the trigger fired at 1 s, so from 5 s it goes back
    to 1 s from 3 s (its wake-up), where ``udg_count`` is again the 42,857 of ``Spin``; going on
    does not stop there a second time."""
    seen = []

    def note(d, s):
        seen.append((s.reason, d.now, d.stack(s.thread_id)[0].line if s.thread_id else None))

    fe = Scripted(lambda d, s: (note(d, s), d.until_time(2.5)),
                  lambda d, s: (note(d, s), d.reverse_continue()),
                  lambda d, s: (note(d, s), seen.append(d.vm.read_global("udg_count")), d.continue_()))
    d = Debugger(small, until=8, frontend=fe)
    d.add_breakpoint("gg_trg_Tick")
    d.run()
    brk = line_of("set udg_count = Add(udg_count, 1)")
    assert seen[0] == ("function breakpoint", 1.0, brk)
    assert seen[1][1] == 3.0
    assert seen[2][1:] == (1.0, brk) and seen[3] == 42857
    assert len(fe.stops) == 3


def test_reverse_continue_from_the_first_hit_says_there_is_nothing_earlier(small):
    """The breakpoint's only hit is at 1 s: ``rcontinue`` from it stays there and says so."""
    fe = Scripted(lambda d, s: d.reverse_continue(), lambda d, s: d.continue_())
    d = Debugger(small, until=8, frontend=fe)
    d.set_line_breakpoints("war3map.j", [{"line": line_of("set udg_count = Add(udg_count, 1)")}])
    d.run()
    assert [(s.reason, t) for s, t in fe.stops] == [("breakpoint", 1.0), ("breakpoint", 1.0)]
    assert ("console", "time travel: nothing earlier to go back to\n") in fe.out


def test_the_threads_listing_keeps_its_columns_for_long_ids_and_names():
    """AI threads have ids like 33554434 and long names: the listing stays aligned."""
    import io
    from types import SimpleNamespace

    from debugger.terminal import TerminalFrontend

    rows = [SimpleNamespace(id=3, name="main", state="running", ops=12),
            SimpleNamespace(id=33554434, name="AI player 1 (o03_blue.ai): CampaignBasics x", state="waiting", ops=5)]
    out = io.StringIO()
    fe = TerminalFrontend(stdin=io.StringIO(), stdout=out, quiet=True)
    fe.dbg, fe.thread_id = SimpleNamespace(threads=lambda: rows), 3
    fe.do_threads("")
    lines = out.getvalue().splitlines()
    assert len({line.index("running" if "main" in line else "waiting") for line in lines}) == 1
    assert len({line.index("/300000") for line in lines}) == 1


def test_adding_a_breakpoint_keeps_the_others_ids_and_hit_counts(small):
    """``break`` after a stop adds one breakpoint: the one hit before keeps its number (so
    ``delete 1`` still means it) and its hit count."""
    seen = {}

    def at_break(d, stop):
        d.add_breakpoint("Add")
        d.add_breakpoint(str(line_of("set udg_seen[3] = udg_count")))
        seen["bps"] = [(b.id, b.kind, b.hits) for b in d.breakpoints()]
        d.delete_breakpoint(1)
        d.continue_()

    fe = Scripted(at_break)
    d = Debugger(small, until=8, frontend=fe)
    d.add_breakpoint("gg_trg_Tick")
    d.run()
    assert seen["bps"] == [(1, "trigger", 1), (2, "function", 0), (3, "line", 0)]
    assert [b.id for b in d.breakpoints()] == [2, 3]


def test_info_breakpoints_names_a_function_breakpoint_by_the_function():
    import io
    from types import SimpleNamespace

    from debugger.engine import Breakpoint
    from debugger.terminal import TerminalFrontend

    bps = [Breakpoint(1, True, None, "war3map.j", 202, "function", hits=2, target="WaveLosses"),
           Breakpoint(2, True, None, "war3map.j", 96, "line")]
    out = io.StringIO()
    fe = TerminalFrontend(stdin=io.StringIO(), stdout=out, quiet=True)
    fe.dbg = SimpleNamespace(breakpoints=lambda: bps)
    fe.do_info("breakpoints")
    assert out.getvalue().splitlines() == ["  1 function  WaveLosses (war3map.j:202)  hits 2",
                                           "  2 line      war3map.j:96  hits 0"]


def test_display_of_an_expression_that_cannot_be_evaluated_is_not_added(small):
    """As gdb's ``display``: an expression with an error at this stop is reported and not
    kept, so later stops do not repeat the error; a good one is kept and listed."""
    commands = "display udg_nosuch\ndisplay udg_count\ndisplay\nquit\n"
    out = subprocess.run([sys.executable, "-m", "cli", "debug", str(small), "-b", "main"], input=commands,
                         capture_output=True, text=True, timeout=120,
                         cwd=str(Path(__file__).parent.parent)).stdout
    assert "error: no variable udg_nosuch here" in out and "(not added to the displays)" in out
    assert "udg_count = 0  (integer)" in out
    assert "1: udg_count" in out and "udg_nosuch" not in out.split("(not added to the displays)")[1]
