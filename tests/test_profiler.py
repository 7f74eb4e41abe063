"""The op-limit profiler (maps/profiler.py, `jass profile`): ops per function, stack and
thread origin, headroom to the op limit, waits, collapsed stacks."""
import re

from click.testing import CliRunner

from cli import main
from conformance import read_case
from conftest import ROOT, shared_path
from jassvm.loader import load_program
from jassvm.vm import OP_LIMIT
from maps.profiler import Profile, origin_rows, write_collapsed
from maps.runner import RunOptions, load_mission, run_mission
from natives.session import GameSession, load_natives


def _profile_map(script, api, until):
    options = RunOptions(api=str(api) if api else None, until=until)
    mission = load_mission(script, options)
    profile = Profile()
    report, session = run_mission(mission, options, session_hook=profile.attach)
    return profile, report, session


def test_per_function_ops_add_up_to_the_runs_total_ops():
    script = shared_path("corpus", "maps", "campaign-human01", "war3map.j")
    api = shared_path("corpus", "api", "1.30.4")
    profile, report, session = _profile_map(script, api, 300.0)
    assert report.ops == session.vm.total_ops > 0
    assert profile.total_ops == session.vm.total_ops
    assert sum(fs.self_ops for fs in profile.functions.values()) == session.vm.total_ops
    assert sum(profile.stacks.values()) == session.vm.total_ops
    assert sum(st.ops for st in profile.origins.values()) == session.vm.total_ops
    assert profile.functions["main"].calls == 1 and profile.functions["InitBlizzard"].calls == 1
    # main calls InitBlizzard: its total includes what InitBlizzard spent, its self ops do not
    total = profile.total_of()
    assert total["main"] >= total["InitBlizzard"] + profile.functions["main"].self_ops
    # the intro cinematic waits: its action thread has more runs than threads
    intro = profile.origins["gg_trg_Intro_Cinematic actions"]
    assert intro.trigger == "gg_trg_Intro_Cinematic" and intro.runs == intro.waits + 1 and intro.waited > 0


def test_an_op_limit_case_shows_its_thread_at_the_limit():
    """Conformance case 042: Spin (an ExecuteFunc thread) loops past the limit and dies;
    main goes on."""
    path = shared_path("conformance", "cases", "042-oplimit-kills-thread.j")
    case = read_case(path)
    api = shared_path("corpus", "api", case.api)
    sources = [(str(api / n), (api / n).read_bytes()) for n in ("common.j", "Blizzard.j")]
    loaded = load_program(sources + [(path.name, path.read_bytes())], load_natives())
    session = GameSession(loaded.program)
    profile = Profile()
    profile.attach(session)
    session.vm.run_init()
    session.vm.call("main", kind="main")
    spin = profile.origins["ExecuteFunc Spin"]
    assert spin.crashes == {"op-limit": 1}
    assert spin.max_run > OP_LIMIT
    rows = {name: headroom for name, _st, headroom in origin_rows(profile)}
    assert rows["ExecuteFunc Spin"] < 0 < rows["main"]
    assert origin_rows(profile)[0][0] == "ExecuteFunc Spin"     # the worst first
    assert profile.total_ops == session.vm.total_ops


WAITS = """\
globals
    trigger gg_trg_Waits = null
    integer n = 0
endglobals
function Waits_Actions takes nothing returns nothing
    set n = n + 1
    call TriggerSleepAction(2.0)
    set n = n + 1
    call TriggerSleepAction(3.0)
    set n = n + 1
endfunction
function main takes nothing returns nothing
    set gg_trg_Waits = CreateTrigger()
    call TriggerAddAction(gg_trg_Waits, function Waits_Actions)
    call TriggerExecute(gg_trg_Waits)
endfunction
function config takes nothing returns nothing
endfunction
"""


def test_waiting_game_time_and_runs_per_origin(tmp_path):
    script = tmp_path / "war3map.j"
    script.write_text(WAITS)
    profile, _report, session = _profile_map(script, None, 10.0)
    st = profile.origins["gg_trg_Waits actions"]
    assert (st.threads, st.runs, st.waits) == (1, 3, 2)
    assert abs(st.waited - 5.0) < 1e-9          # TriggerSleepAction(2.0) then (3.0), game seconds
    assert profile.triggers()["gg_trg_Waits"][0] == 1
    assert session.vm.read_global("n") == 3


def test_collapsed_stacks(tmp_path):
    script = tmp_path / "war3map.j"
    script.write_text(WAITS)
    profile, _report, session = _profile_map(script, None, 10.0)
    lines = write_collapsed(profile, tmp_path / "out.folded").read_text().splitlines()
    assert lines and all(re.fullmatch(r"[^;]+(;[^;]+)* \d+", line) for line in lines)
    assert sum(int(line.rsplit(" ", 1)[1]) for line in lines) == session.vm.total_ops
    assert any(line.startswith("gg_trg_Waits actions;Waits_Actions ") for line in lines)
    assert any(line.startswith("main;main ") for line in lines)


def test_jass_profile_command_on_a_map_and_a_scenario(tmp_path):
    script = tmp_path / "war3map.j"
    script.write_text(WAITS)
    out = tmp_path / "stacks.folded"
    result = CliRunner().invoke(main, ["profile", str(script), "--until", "10s", "--collapsed", str(out)])
    assert result.exit_code == 0, result.output
    assert "functions by self ops" in result.output and "Waits_Actions" in result.output
    assert "gg_trg_Waits" in result.output and out.read_text()
    scenario = ROOT / "tests" / "scenarios" / "demo-victory.scenario.yaml"
    result = CliRunner().invoke(main, ["profile", str(scenario), "--top", "5"])
    assert result.exit_code == 0, result.output
    assert "scenario 'demo campaign victory' passed" in result.output
    result = CliRunner().invoke(main, ["profile", str(tmp_path / "missing.w3x")])
    assert result.exit_code == 1 and "error:" in result.output and "Traceback" not in result.output
