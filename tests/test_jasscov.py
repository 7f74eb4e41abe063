"""JASS coverage (maps/jasscov.py): line, function and trigger coverage, its merging, lcov
(rendered by genhtml) and Cobertura output, `jass run --cov` and `jass test --jass-cov`."""
import re
import shutil
import subprocess
import sys
import xml.etree.ElementTree as ET

import pytest
from click.testing import CliRunner

from cli import main
from conftest import ROOT, shared_path
from maps.jasscov import Coverage, CoverageData, executable_lines, write_cobertura, write_lcov
from maps.runner import RunOptions, load_mission, run_mission

# Line numbers are the script's own (1-based); the comments name what the test expects.
SCRIPT = """\
globals
    integer g = 0
    integer evals = 0
    trigger gg_trg_Tick = null
    trigger gg_trg_Later = null
    trigger gg_trg_Manual = null
endglobals
function Count takes integer n returns integer
    local integer i = 0
    loop
        exitwhen i >= n
        set i = i + 1
    endloop
    return i
endfunction
function Never takes nothing returns nothing
    set g = 1
endfunction
function Sign takes integer x returns integer
    if x > 0 then
        return 1
    endif
    return 2
endfunction
function Tick_Conditions takes nothing returns boolean
    set evals = evals + 1
    return evals >= 2
endfunction
function Tick_Actions takes nothing returns nothing
    set g = g + 1
endfunction
function main takes nothing returns nothing
    set g = Count(3) + Sign(1)
    set gg_trg_Tick = CreateTrigger()
    call TriggerRegisterTimerEvent(gg_trg_Tick, 1.0, true)
    call TriggerAddCondition(gg_trg_Tick, Condition(function Tick_Conditions))
    call TriggerAddAction(gg_trg_Tick, function Tick_Actions)
    set gg_trg_Later = CreateTrigger()
    call TriggerRegisterTimerEvent(gg_trg_Later, 100.0, false)
    call TriggerAddAction(gg_trg_Later, function Never)
    set gg_trg_Manual = CreateTrigger()
    call TriggerAddAction(gg_trg_Manual, function Tick_Actions)
    call TriggerExecute(gg_trg_Manual)
endfunction
function config takes nothing returns nothing
endfunction
"""


def _line(text: str) -> int:
    """The 1-based line of SCRIPT that holds ``text`` (exactly once)."""
    hits = [i for i, l in enumerate(SCRIPT.splitlines(), 1) if text in l]
    assert len(hits) == 1, text
    return hits[0]


def _run(tmp_path, until=3.5) -> CoverageData:
    script = tmp_path / "war3map.j"
    script.write_text(SCRIPT)
    options = RunOptions(until=until)
    mission = load_mission(script, options)
    cov = Coverage()
    run_mission(mission, options, session_hook=lambda s: cov.attach(s, mission))
    return cov.finish()


def test_line_and_function_hits(tmp_path):
    data = _run(tmp_path)
    (path, f), = data.files.items()
    assert path == str((tmp_path / "war3map.j").resolve())
    lines = f["lines"]
    assert lines[_line("exitwhen i >= n")] == 4        # 3 iterations and the exit
    assert lines[_line("set i = i + 1")] == 3
    assert lines[_line("return i")] == 1
    assert lines[_line("set g = 1")] == 0               # Never: never called
    assert lines[_line("return 2")] == 0                # Sign(1) returns 1
    assert lines[_line("integer g = 0")] == 1           # a global initialiser runs at load
    # Tick_Actions: two timer runs with passing conditions, one TriggerExecute
    assert lines[_line("set g = g + 1")] == 3
    fns = {name: hits for name, (_line_no, hits) in f["functions"].items()}
    assert fns["Count"] == 1 and fns["Sign"] == 1 and fns["Never"] == 0 and fns["main"] == 1
    assert fns["Tick_Conditions"] == 3 and fns["Tick_Actions"] == 3
    assert f["functions"]["Count"][0] == _line("function Count")
    assert not any(n.startswith("<") for n in f["functions"])   # initialisers are not functions


def test_unreachable_implicit_return_is_not_a_line(tmp_path):
    script = tmp_path / "war3map.j"
    script.write_text(SCRIPT)
    program = load_mission(script, RunOptions()).program
    sign = program.functions["Sign"]
    end = _line("function Sign") + 5                     # its endfunction: after `return 2`
    assert end in sign.lines                            # the compiler's default return is there
    assert end not in executable_lines(sign)
    assert _line("return 2") in executable_lines(sign)


def test_trigger_coverage(tmp_path):
    data = _run(tmp_path)
    tick = data.triggers["gg_trg_Tick"]
    # the periodic timer expired at 1, 2 and 3 s; conditions passed from the second on
    assert tick["events"] == {"EVENT_GAME_TIMER_EXPIRED": [1, 3]}
    assert (tick["observed"], tick["evaluated"], tick["passed"], tick["runs"]) == (3, 3, 2, 2)
    later = data.triggers["gg_trg_Later"]
    assert later["runs"] == 0 and later["observed"] == 0
    assert data.trigger_never_observed("gg_trg_Later") == ["EVENT_GAME_TIMER_EXPIRED"]
    manual = data.triggers["gg_trg_Manual"]
    assert manual["runs"] == 1 and manual["events"] == {}
    assert data.never_fired() == ["gg_trg_Later"]
    assert data.events["EVENT_GAME_TIMER_EXPIRED"]["registered"] == 2


def test_merge_adds_counts_and_keeps_registrations(tmp_path):
    one = _run(tmp_path)
    two = CoverageData.from_json(one.to_json())
    merged = CoverageData().merge(one).merge(two)
    path = next(iter(merged.files))
    assert merged.runs == 2
    assert merged.files[path]["lines"][_line("set i = i + 1")] == 6
    assert merged.files[path]["functions"]["Count"][1] == 2
    assert merged.triggers["gg_trg_Tick"]["runs"] == 4
    assert merged.triggers["gg_trg_Tick"]["events"] == {"EVENT_GAME_TIMER_EXPIRED": [1, 6]}
    with pytest.raises(ValueError, match="not jass-coverage"):
        CoverageData.from_json({"format": "other"})


def test_data_file_round_trip_and_bad_file(tmp_path):
    data = _run(tmp_path)
    data.save(tmp_path / "cov.json")
    assert CoverageData.load(tmp_path / "cov.json").to_json() == data.to_json()
    (tmp_path / "bad.json").write_text("{")
    with pytest.raises(ValueError, match="bad.json"):
        CoverageData.load(tmp_path / "bad.json")


def test_a_session_restored_from_a_save_keeps_collecting(tmp_path):
    """Coverage after a load counts what runs after the restore: the Tick trigger's
    registration comes back with the save."""
    script = tmp_path / "war3map.j"
    script.write_text(SCRIPT)
    save = tmp_path / "g.jsav"
    options = RunOptions(until=1.5, save_path=str(save))
    mission = load_mission(script, options)
    run_mission(mission, options)
    from maps.runner import read_save_file
    cov = Coverage()
    later = RunOptions(until=3.5)
    run_mission(mission, later, resume=read_save_file(save), session_hook=lambda s: cov.attach(s, mission))
    data = cov.finish()
    tick = data.triggers["gg_trg_Tick"]
    assert tick["events"] == {"EVENT_GAME_TIMER_EXPIRED": [1, 2]}   # expiries at 2 and 3 s
    assert tick["runs"] == 2
    path = next(iter(data.files))
    assert data.files[path]["lines"][_line("exitwhen i >= n")] == 0   # main ran before the save


# ----------------------------------------------------------------------------- outputs

def test_lcov_records(tmp_path):
    data = _run(tmp_path)
    text = write_lcov(data, tmp_path / "cov.info").read_text()
    assert text.startswith("TN:jass\nSF:" + str((tmp_path / "war3map.j").resolve()) + "\n")
    assert f"FN:{_line('function Count')},Count\n" in text and "FNDA:0,Never\n" in text
    assert f"DA:{_line('set i = i + 1')},3\n" in text
    assert text.rstrip().endswith("end_of_record")


def _genhtml():
    exe = shutil.which("genhtml")
    if exe is None:
        pytest.skip("genhtml (Debian package lcov) is not installed: .ci/run installs it")
    return exe


def test_genhtml_renders_the_lcov_file(tmp_path):
    data = _run(tmp_path)
    info = write_lcov(data, tmp_path / "cov.info")
    out = tmp_path / "html"
    done = subprocess.run([_genhtml(), "-q", "-o", str(out), str(info)], capture_output=True, text=True)
    assert done.returncode == 0, done.stderr
    page = next(out.rglob("war3map.j.gcov.html")).read_text()
    assert "set i = i + 1" in page


# The content model and required attributes of every element of Cobertura's published DTD,
# http://cobertura.sourceforge.net/xml/coverage-04.dtd (children as a regular expression over
# the child tag names).
COBERTURA_DTD = {
    "coverage": (r"(sources )?packages ", {"line-rate", "branch-rate", "lines-covered", "lines-valid",
                                          "branches-covered", "branches-valid", "complexity",
                                          "version", "timestamp"}),
    "sources": (r"(source )*", set()),
    "source": (r"", set()),
    "packages": (r"(package )*", set()),
    "package": (r"classes ", {"name", "line-rate", "branch-rate", "complexity"}),
    "classes": (r"(class )*", set()),
    "class": (r"methods lines ", {"name", "filename", "line-rate", "branch-rate", "complexity"}),
    "methods": (r"(method )*", set()),
    "method": (r"lines ", {"name", "signature", "line-rate", "branch-rate", "complexity"}),
    "lines": (r"(line )*", set()),
    "line": (r"(conditions )*", {"number", "hits"}),
    "conditions": (r"(condition )*", set()),
    "condition": (r"", {"number", "type", "coverage"}),
}


def _check_dtd(el) -> None:
    model, required = COBERTURA_DTD[el.tag]
    children = "".join(c.tag + " " for c in el)
    assert re.fullmatch(model, children), (el.tag, children)
    assert required <= set(el.attrib), (el.tag, required - set(el.attrib))
    for c in el:
        _check_dtd(c)


def _check_cobertura(path) -> ET.Element:
    text = path.read_text()
    assert '<!DOCTYPE coverage SYSTEM "http://cobertura.sourceforge.net/xml/coverage-04.dtd">' in text
    root = ET.fromstring(text)
    _check_dtd(root)
    return root


def test_cobertura_follows_the_dtd(tmp_path):
    data = _run(tmp_path)
    root = _check_cobertura(write_cobertura(data, tmp_path / "cov.xml"))
    lh, lf, _fh, _ff = data.totals(next(iter(data.files)))
    assert (root.get("lines-covered"), root.get("lines-valid")) == (str(lh), str(lf))
    cls = root.find("packages/package/classes/class")
    assert cls.get("filename") == "war3map.j"
    count = next(m for m in cls.iter("method") if m.get("name") == "Count")
    hits = {int(l.get("number")): int(l.get("hits")) for l in count.iter("line")}
    assert hits[_line("set i = i + 1")] == 3
    assert write_cobertura(data, tmp_path / "again.xml").read_bytes() == (tmp_path / "cov.xml").read_bytes()


# ----------------------------------------------------------------------------- commands

def test_jass_run_cov_writes_the_outputs(tmp_path):
    script = tmp_path / "war3map.j"
    script.write_text(SCRIPT)
    info, xml, data = tmp_path / "cov.info", tmp_path / "cov.xml", tmp_path / "cov.json"
    result = CliRunner().invoke(main, ["run", str(script), "--until", "3.5s", "--cov-lcov", str(info),
                                       "--cov-xml", str(xml), "--cov-data", str(data)])
    assert result.exit_code == 0, result.output
    assert "JASS coverage" in result.output and "triggers that never fired: 1 of 3" in result.output
    assert "gg_trg_Later" in result.output
    assert CoverageData.load(data).triggers["gg_trg_Tick"]["runs"] == 2
    assert info.read_text().startswith("TN:jass")
    _check_cobertura(xml)


def test_when_every_trigger_fired_no_empty_table_is_printed(tmp_path):
    script = tmp_path / "war3map.j"
    script.write_text("globals\n    trigger gg_trg_Once = null\n    integer udg_n = 0\nendglobals\n"
                      "function Once takes nothing returns nothing\n    set udg_n = udg_n + 1\nendfunction\n"
                      "function main takes nothing returns nothing\n    set gg_trg_Once = CreateTrigger()\n"
                      "    call TriggerRegisterTimerEvent(gg_trg_Once, 1.0, false)\n"
                      "    call TriggerAddAction(gg_trg_Once, function Once)\nendfunction\n")
    result = CliRunner().invoke(main, ["run", str(script), "--until", "2s", "--cov"])
    assert result.exit_code == 0, result.output
    assert "triggers that never fired: none of 1" in result.output
    assert "┏" not in result.output.split("triggers that never fired")[1]   # no table follows


def test_jass_run_cov_blizzard_covers_the_api(tmp_path):
    script = shared_path("corpus", "maps", "campaign-human01", "war3map.j")
    api = shared_path("corpus", "api", "1.30.4")
    options = RunOptions(api=str(api), until=5.0)
    mission = load_mission(script, options)
    cov = Coverage(blizzard=True)
    run_mission(mission, options, session_hook=lambda s: cov.attach(s, mission))
    data = cov.finish()
    bj = data.files[str(api / "Blizzard.j")]
    assert bj["functions"]["InitBlizzard"][1] == 1     # main calls it once
    assert str(api / "common.j") in data.files            # its global initialisers
    assert str(script) in data.files


def test_jass_test_jass_cov_merges_scenarios_across_xdist_workers(tmp_path):
    """Human01 played to victory and to defeat, on two pytest-xdist workers: the merged
    coverage names the triggers neither scenario fired."""
    scen = ROOT / "tests" / "scenarios"
    shared_path("corpus", "maps", "campaign-human01")
    info, xml, data = tmp_path / "cov.info", tmp_path / "cov.xml", tmp_path / "cov.json"
    done = subprocess.run(
        [sys.executable, "-m", "pytest", "-q", "-p", "no:cacheprovider", "-n", "2",
         str(scen / "human01-victory.scenario.yaml"), str(scen / "human01-defeat.scenario.yaml"),
         "--jass-cov", f"--jass-cov-lcov={info}", f"--jass-cov-xml={xml}", f"--jass-cov-data={data}"],
        cwd=ROOT, capture_output=True, text=True)
    assert done.returncode == 0, done.stdout[-3000:] + done.stderr[-3000:]
    assert "JASS coverage" in done.stdout and "triggers that never fired" in done.stdout
    merged = CoverageData.load(data)
    assert merged.runs >= 2
    never = merged.never_fired()
    # Victory Cancel is disabled at map init and nothing enables or executes it (war3map.j
    # InitTrig_Victory_Cancel); the house gg_unit_ncba_0120 dies in neither scenario.
    assert "gg_trg_Victory_Cancel" in never and "gg_trg___House_Collapsed" in never
    assert merged.trigger_never_observed("gg_trg___House_Collapsed") == ["EVENT_UNIT_DEATH"]
    # each scenario fires the trigger the other one asserts never fired
    assert merged.triggers["gg_trg_Defeat"]["runs"] == 1
    assert merged.triggers["gg_trg_Trigger_Victory"]["runs"] == 1
    assert "gg_trg_Victory_Cancel" in done.stdout
    _check_cobertura(xml)
    out = tmp_path / "html"
    res = subprocess.run([_genhtml(), "-q", "-o", str(out), str(info)], capture_output=True, text=True)
    assert res.returncode == 0, res.stderr


def test_covered_files_are_traced_lazily_and_the_rest_stays_fast(tmp_path):
    """Instrumentation.trace_files: copies only of the covered functions that ran; functions
    of other files keep their fast forms."""
    script = shared_path("corpus", "maps", "campaign-human01", "war3map.j")
    api = shared_path("corpus", "api", "1.30.4")
    options = RunOptions(api=str(api), until=5.0)
    mission = load_mission(script, options)
    seen = {}

    def attach(session):
        cov = Coverage()
        cov.attach(session, mission)
        seen["cov"], seen["vm"] = cov, session.vm

    run_mission(mission, options, session_hook=attach)
    vm = seen["vm"]
    inst = vm.instrument
    copied = {f.name for f in inst.copies}
    assert "main" in copied and "Trig_Victory_Actions" not in copied   # the ending never ran
    assert all(f.file == str(script) for f in inst.copies)
    slow = inst.slow()
    assert vm.program.functions["Trig_Victory_Actions"] in slow        # covered: as bytecode
    assert vm.program.functions["PercentToInt"] not in slow            # a Blizzard.j leaf stays fast
    seen["cov"].finish()
    assert not inst.traced_files and not inst.copies


def test_a_script_inside_an_archive_is_written_out_for_genhtml(tmp_path):
    archive = shared_path("corpus", "maps", "archive-smallest-map-roc", "test_roc.w3m")
    api = shared_path("corpus", "api", "roc-1.0x")
    options = RunOptions(api=str(api), until=5.0)
    mission = load_mission(archive, options)
    cov = Coverage()
    run_mission(mission, options, session_hook=lambda s: cov.attach(s, mission))
    data = cov.finish()
    (path,) = data.files
    assert path == f"{archive}/war3map.j" and path in data.sources
    info = write_lcov(data, tmp_path / "cov.info")
    sf = next(l[3:] for l in info.read_text().splitlines() if l.startswith("SF:"))
    assert sf.startswith(str(tmp_path / "cov-sources")) and "function main" in open(sf).read()
    done = subprocess.run([_genhtml(), "-q", "-o", str(tmp_path / "html"), str(info)],
                          capture_output=True, text=True)
    assert done.returncode == 0, done.stderr


def test_jass_cov_covers_python_tests_using_the_jass_game_fixture(tmp_path):
    (tmp_path / "war3map.j").write_text(SCRIPT)
    (tmp_path / "test_game.py").write_text(
        "def test_ticks(jass_game):\n"
        "    jass_game.load('war3map.j')\n"
        "    jass_game.advance('3.5s')\n")
    data = tmp_path / "cov.json"
    done = subprocess.run([sys.executable, "-m", "pytest", "-q", "-p", "no:cacheprovider",
                           "test_game.py", "--jass-cov", f"--jass-cov-data={data}"],
                          cwd=tmp_path, capture_output=True, text=True)
    assert done.returncode == 0, done.stdout[-3000:] + done.stderr[-3000:]
    assert "triggers that never fired: 1 of 3" in done.stdout
    merged = CoverageData.load(data)
    assert merged.runs == 1 and merged.triggers["gg_trg_Tick"]["runs"] == 2


def test_reloading_at_each_step_keeps_the_event_counts(tmp_path):
    """``--jass-reload-each-step``: each step runs in a session restored from a save, and the
    first thing the click step does is dispatch the dialog click. The counts of that
    occurrence belong to the restored session (its collector syncs before the occurrence is
    counted), so the event summary equals the run without reloads."""
    (tmp_path / "click.scenario.yaml").write_text(f"""name: click the difficulty
map: {ROOT / 'maps' / 'demo' / '01-hold-the-ridge.j'}
steps:
  - run_until: {{dialog: Choose your difficulty, buttons: [Easy, Normal, Hard], within: 1s}}
  - click: Hard
  - advance: 5s
""")
    events = []
    for extra in ([], ["--jass-reload-each-step"]):
        data = tmp_path / f"cov{len(extra)}.json"
        done = subprocess.run([sys.executable, "-m", "pytest", "-q", "-p", "no:cacheprovider",
                               str(tmp_path / "click.scenario.yaml"), "--jass-cov",
                               f"--jass-cov-data={data}", *extra],
                              cwd=ROOT, capture_output=True, text=True)
        assert done.returncode == 0, done.stdout[-3000:] + done.stderr[-3000:]
        events.append(CoverageData.load(data).events)
    assert events[0]["EVENT_DIALOG_CLICK"]["matched"] == 1
    assert events[1] == events[0]


def test_piped_coverage_tables_keep_whole_trigger_names(tmp_path, monkeypatch):
    """Off a terminal and without $COLUMNS the report tables are 160 columns wide: two
    triggers whose names differ only at their end stay told apart (rich's 80 cut both to the
    same prefix)."""
    monkeypatch.delenv("COLUMNS", raising=False)
    names = [f"gg_trg_Enemy_Wave_Arrives_At_The_Northern_Gate_{k}" for k in (1, 2)]
    script = tmp_path / "war3map.j"
    script.write_text("globals\n" + "".join(f"    trigger {n} = null\n" for n in names) + "endglobals\n"
                      "function Nothing takes nothing returns nothing\nendfunction\n"
                      "function main takes nothing returns nothing\n"
                      + "".join(f"    set {n} = CreateTrigger()\n    call TriggerRegisterTimerEvent({n}, 99.0, false)\n"
                                f"    call TriggerAddAction({n}, function Nothing)\n" for n in names)
                      + "endfunction\nfunction config takes nothing returns nothing\nendfunction\n")
    result = CliRunner().invoke(main, ["run", str(script), "--until", "1s", "--cov"])
    assert result.exit_code == 0, result.output
    assert all(n in result.output for n in names)
