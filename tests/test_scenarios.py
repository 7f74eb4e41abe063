"""Scenario files, the scenario runner and the pytest plugin (issue #6).

The maps here are tiny JASS scripts written for the built-in API (natives only, no
Blizzard.j). Event constants the built-in API may not declare are declared by the maps
under their own names (``MY_UNIT_DAMAGED = ConvertUnitEvent(52)``...).
"""
from __future__ import annotations

import importlib
import importlib.metadata
import textwrap
import xml.etree.ElementTree as ET
from pathlib import Path

import pytest

from conftest import SHARED, shared_path
from maps.scenario import ScenarioFileError, describe, format_duration, load_scenario, parse_duration
from maps.scenario_runner import JassGame, ScenarioFailure, format_failure, run_scenario
from natives.modelevents import ItemSold, ItemUse, UnitConstruct

pytest_plugins = ["pytester"]

# Import the whole runtime now, before any pytester snapshot of sys.modules: in-process
# pytester runs drop the modules imported during the test, and natives modules must not be
# imported twice (their natives would register twice).
importlib.import_module("maps.runner")
importlib.import_module("natives.session").load_natives()

MAP = r"""
globals
    constant unitevent MY_UNIT_DAMAGED = ConvertUnitEvent(52)
    constant playerunitevent MY_UNIT_SELECTED = ConvertPlayerUnitEvent(24)
    constant playerevent MY_PLAYER_LEAVE = ConvertPlayerEvent(15)
    integer udg_ticks = 0
    integer udg_difficulty = -1
    integer udg_selected = 0
    integer udg_left = -1
    real udg_damage = 0.0
    string udg_chat = ""
    integer udg_zero = 0
    unit gg_unit_Hpal_0001 = null
    rect gg_rct_Village = null
    dialog udg_dialog = null
    button udg_easy = null
    button udg_hard = null
    quest udg_quest = null
    trigger gg_trg_Tick = null
    trigger gg_trg_Enter = null
    trigger gg_trg_Death = null
    trigger gg_trg_Win = null
    trigger gg_trg_Crash = null
    trigger gg_trg_Click = null
    trigger gg_trg_Damage = null
    trigger gg_trg_Select = null
    trigger gg_trg_Leave = null
endglobals

function Say takes string s returns nothing
    call DisplayTextToPlayer(Player(0), 0, 0, s)
endfunction

function Tick takes nothing returns nothing
    set udg_ticks = udg_ticks + 1
    call Say("Tick " + I2S(udg_ticks))
endfunction

function Entered takes nothing returns nothing
    call QuestSetCompleted(udg_quest, true)
    call Say("The Paladin reached the village")
endfunction

function Died takes nothing returns nothing
    call Say("The Paladin has fallen")
    call RemovePlayer(Player(0), PLAYER_GAME_RESULT_DEFEAT)
    call EndGame(false)
endfunction

function Win takes nothing returns nothing
    local gamecache c = InitGameCache("Test.w3v")
    set udg_chat = GetEventPlayerChatString()
    call StoreInteger(c, "m1", "ticks", udg_ticks)
    call SaveGameCache(c)
    call TriggerSleepAction(1.0)
    call RemovePlayer(Player(0), PLAYER_GAME_RESULT_VICTORY)
    call EndGame(false)
endfunction

function Divide takes integer a returns integer
    return a / udg_zero
endfunction

function Crash takes nothing returns nothing
    call Say("crashing: " + I2S(Divide(7)))
endfunction

function Clicked takes nothing returns nothing
    if GetClickedButton() == udg_easy then
        set udg_difficulty = 0
    else
        set udg_difficulty = 2
    endif
endfunction

function Damaged takes nothing returns nothing
    set udg_damage = udg_damage + GetEventDamage()
endfunction

function Selected takes nothing returns nothing
    set udg_selected = udg_selected + 1
endfunction

function Left takes nothing returns nothing
    set udg_left = GetPlayerId(GetTriggerPlayer())
endfunction

function ShowDialog takes nothing returns nothing
    call DialogSetMessage(udg_dialog, "Difficulty")
    set udg_easy = DialogAddButton(udg_dialog, "Easy", 0)
    set udg_hard = DialogAddButton(udg_dialog, "Hard", 0)
    call DialogDisplay(Player(0), udg_dialog, true)
endfunction

function main takes nothing returns nothing
    local region r = CreateRegion()
    set gg_unit_Hpal_0001 = CreateUnit(Player(0), 'Hpal', 0.0, 0.0, 270.0)
    call CreateUnit(Player(0), 'hfoo', 64.0, 0.0, 270.0)
    call CreateUnit(Player(0), 'hfoo', 128.0, 0.0, 270.0)
    call CreateUnit(Player(1), 'ugho', 2048.0, 2048.0, 270.0)
    set gg_rct_Village = Rect(1024.0, 1024.0, 1536.0, 1536.0)
    call RegionAddRect(r, gg_rct_Village)
    set udg_quest = CreateQuest()
    call QuestSetTitle(udg_quest, "Reach the Village")
    set udg_dialog = DialogCreate()
    call TimerStart(CreateTimer(), 0.0, false, function ShowDialog)

    set gg_trg_Tick = CreateTrigger()
    call TriggerRegisterTimerEvent(gg_trg_Tick, 10.0, true)
    call TriggerAddAction(gg_trg_Tick, function Tick)
    set gg_trg_Enter = CreateTrigger()
    call TriggerRegisterEnterRegion(gg_trg_Enter, r, null)
    call TriggerAddAction(gg_trg_Enter, function Entered)
    set gg_trg_Death = CreateTrigger()
    call TriggerRegisterUnitEvent(gg_trg_Death, gg_unit_Hpal_0001, EVENT_UNIT_DEATH)
    call TriggerAddAction(gg_trg_Death, function Died)
    set gg_trg_Win = CreateTrigger()
    call TriggerRegisterPlayerChatEvent(gg_trg_Win, Player(0), "-win", true)
    call TriggerAddAction(gg_trg_Win, function Win)
    set gg_trg_Crash = CreateTrigger()
    call TriggerRegisterPlayerChatEvent(gg_trg_Crash, Player(0), "-crash", true)
    call TriggerAddAction(gg_trg_Crash, function Crash)
    set gg_trg_Click = CreateTrigger()
    call TriggerRegisterDialogEvent(gg_trg_Click, udg_dialog)
    call TriggerAddAction(gg_trg_Click, function Clicked)
    set gg_trg_Damage = CreateTrigger()
    call TriggerRegisterUnitEvent(gg_trg_Damage, gg_unit_Hpal_0001, MY_UNIT_DAMAGED)
    call TriggerAddAction(gg_trg_Damage, function Damaged)
    set gg_trg_Select = CreateTrigger()
    call TriggerRegisterPlayerUnitEvent(gg_trg_Select, Player(0), MY_UNIT_SELECTED, null)
    call TriggerAddAction(gg_trg_Select, function Selected)
    set gg_trg_Leave = CreateTrigger()
    call TriggerRegisterPlayerEvent(gg_trg_Leave, Player(1), MY_PLAYER_LEAVE)
    call TriggerAddAction(gg_trg_Leave, function Left)
endfunction

function config takes nothing returns nothing
    call SetPlayers(2)
    call SetPlayerController(Player(1), MAP_CONTROL_COMPUTER)
endfunction
"""

# Mission 2 of a two-map campaign: reads what mission 1 saved in the game cache.
MAP2 = r"""
globals
    integer udg_carried = -1
endglobals

function main takes nothing returns nothing
    local gamecache c = InitGameCache("Test.w3v")
    if HaveStoredInteger(c, "m1", "ticks") then
        set udg_carried = GetStoredInteger(c, "m1", "ticks")
    endif
endfunction
"""

PASSING = """\
name: every injection on the tiny map
map: war3map.j
budget: 10m
steps:
  - run_until: {dialog: Difficulty, buttons: [Easy, Hard], within: 1s}
  - click: Hard
  - advance: 25s
  - damage: {unit: gg_unit_Hpal_0001, amount: 100, source: {type: ugho, owner: 1}}
  - heal: {unit: gg_unit_Hpal_0001, amount: 50}
  - select: gg_unit_Hpal_0001
  - leave: 1
  - order: {unit: gg_unit_Hpal_0001, order: move, to: gg_rct_Village, arrive: true}
  - chat: -crash
  - set: {global: udg_zero, value: 1}
  - chat: -crash
  - expect:
      - {global: udg_difficulty, eq: 2}
      - {global: udg_damage, eq: 100}
      - {global: udg_selected, eq: 1}
      - {global: udg_left, eq: 1}
      - {quest: Reach the Village, state: completed}
      - {message: The Paladin reached}
      - {message: "crashing: 7"}
      - {unit: gg_unit_Hpal_0001, in: Village, alive: true}
      - {units: {owner: 0, type: hfoo}, count: 2}
      - {units: {owner: 0}, ge: 3, lt: 4}
      - {trigger: Tick, times: 2}
      - {trigger: gg_trg_Death, fired: false}
      - {runtime_errors: [{kind: division-by-zero}]}
  - chat: -win
  - run_until: {outcome: victory, within: 5s}
expect:
  - {gamecache: Test.w3v, mission: m1, key: ticks, eq: 2}
  - {global: udg_chat, eq: "-win"}
  - {outcome: none, player: 1}
  - ended: true
"""


def _plugin_args() -> list[str]:
    """Load the plugin explicitly when the project was not pip-installed."""
    installed = any(ep.value == "maps.pytest_plugin"
                    for ep in importlib.metadata.entry_points(group="pytest11"))
    return [] if installed else ["-p", "maps.pytest_plugin"]


def _run(pytester: pytest.Pytester, *args: str) -> pytest.RunResult:
    return pytester.runpytest(*_plugin_args(), "-p", "no:cacheprovider", *args)


@pytest.fixture
def tiny(pytester: pytest.Pytester) -> pytest.Pytester:
    (pytester.path / "war3map.j").write_text(MAP)
    return pytester


# ---------------------------------------------------------------------------------------
# the pytest plugin
# ---------------------------------------------------------------------------------------

def test_passing_scenario_on_a_tiny_builtin_api_map(tiny):
    tiny.makefile(".scenario.yaml", passing=PASSING)
    result = _run(tiny, "-v")
    result.assert_outcomes(passed=1)
    result.stdout.fnmatch_lines(["*passing.scenario.yaml::passing PASSED*"])


def test_wrong_expectation_reports_expectation_time_and_triggers(tiny):
    tiny.makefile(".scenario.yaml", wrong="""\
        map: war3map.j
        steps:
          - advance: 25s
        expect:
          - {global: udg_ticks, eq: 2}
          - {global: udg_ticks, eq: 5}
        """)
    result = _run(tiny)
    result.assert_outcomes(failed=1)
    out = result.stdout.str()
    assert "failed at game time 25s" in out
    assert "wrong.scenario.yaml:6:5): {global: udg_ticks, eq: 5}" in out
    assert "udg_ticks is 2 (expected eq 5)" in out
    result.stdout.fnmatch_lines(["last trigger activity:",
                                 "*10.00s  gg_trg_Tick*",
                                 "*20.00s  gg_trg_Tick*"])


def test_schema_error_names_file_line_and_column(tiny):
    tiny.makefile(".scenario.yaml", bad="""\
        map: war3map.j
        steps:
          - advance: 25s
          - kill: {unit: gg_unit_Hpal_0001, killr: x}
        """)
    tiny.makefile(".scenario.yaml", good="map: war3map.j\nsteps: [{advance: 1s}]\n")
    result = _run(tiny)
    # a bad file fails its own item; the other scenarios still run
    result.assert_outcomes(failed=1, passed=1)
    result.stdout.fnmatch_lines(["*bad.scenario.yaml:4:37: steps[[]1[]].kill.killr: unknown field 'killr'*"])


def test_junitxml_has_per_scenario_properties(tiny):
    tiny.makefile(".scenario.yaml", passing=PASSING)
    _run(tiny, "--junitxml=report.xml").assert_outcomes(passed=1)
    root = ET.parse(tiny.path / "report.xml").getroot()
    case = root.find(".//testcase")
    props = {p.get("name"): p.get("value") for p in case.find("properties")}
    assert props["map"].endswith("war3map.j")
    assert props["outcome"] == "victory"
    assert float(props["game_time"]) == pytest.approx(26.0)
    assert int(props["ops"]) > 0
    assert props["missions"] == "1"
    assert props["runtime_errors"] == "1"


def test_runtime_error_stack_in_the_report(tiny):
    tiny.makefile(".scenario.yaml", crash="""\
        map: war3map.j
        steps:
          - advance: 12s
          - chat: -crash
        expect:
          - no_runtime_errors: true
        """)
    result = _run(tiny)
    result.assert_outcomes(failed=1)
    result.stdout.fnmatch_lines([
        "*-> 1 runtime error: *division-by-zero*",
        "runtime errors (1):",
        "*division-by-zero: integer / by zero (thread Crash)",
        "*at Divide (*war3map.j:*)",
        "*at Crash (*war3map.j:*)",
    ])


def test_budget_and_run_until_say_where_they_stood(tiny):
    tiny.makefile(".scenario.yaml", slowpoke="""\
        map: war3map.j
        budget: 30s
        steps:
          - run_until: {quest: Reach the Village, state: completed}
        """)
    tiny.makefile(".scenario.yaml", within="""\
        map: war3map.j
        steps:
          - run_until: {global: udg_ticks, ge: 3, within: 25s}
        """)
    result = _run(tiny)
    result.assert_outcomes(failed=2)
    out = result.stdout.str()
    assert "game-time budget of 30s used up" in out
    assert "quest 'Reach the Village' is open (expected completed)" in out
    assert "not within 25s: udg_ticks is 2 (expected ge 3)" in out


def test_markers_and_options(tiny):
    tiny.makefile(".scenario.yaml", marked="""\
        map: war3map.j
        markers: [slow]
        seed: 3
        steps: [{advance: 1s}]
        """)
    _run(tiny, "-m", "not slow", "--strict-markers").assert_outcomes(deselected=1)
    result = _run(tiny, "-m", "slow and jass_scenario", "--jass-seed", "7", "--junitxml=r.xml")
    result.assert_outcomes(passed=1)
    case = ET.parse(tiny.path / "r.xml").getroot().find(".//testcase")
    assert {p.get("name"): p.get("value") for p in case.find("properties")}["seed"] == "7"


def test_bad_api_option_fails_the_scenario(tiny):
    tiny.makefile(".scenario.yaml", s="map: war3map.j\n")
    result = _run(tiny, "--jass-api", str(tiny.path / "no-such-folder"))
    result.assert_outcomes(failed=1)
    result.stdout.fnmatch_lines(["*cannot load map*API folder does not exist*"])


def test_a_map_that_does_not_load_is_reported_at_the_map_line(tiny):
    """A missing map names the ``map:`` value's line and column, as every other scenario
    problem does (a new user's report had only the file)."""
    tiny.makefile(".scenario.yaml", s="name: x\nmap: ./nope/war3map.j\n")
    result = _run(tiny)
    result.assert_outcomes(failed=1)
    result.stdout.fnmatch_lines(["*step (*s.scenario.yaml:2:6): map: *nope*war3map.j",
                                 "*cannot load map*no such map file or folder*"])


def test_campaign_next_mission_carries_saved_game_caches(tiny):
    (tiny.path / "m2.j").write_text(MAP2)
    tiny.makefile(".scenario.yaml", campaign="""\
        campaign: [war3map.j, m2.j]
        steps:
          - advance: 21s
          - chat: -win
          - run_until: {outcome: victory, within: 2s}
          - next_mission
        expect:
          - {global: udg_carried, eq: 2}
          - {gamecache: Test.w3v, mission: m1, key: ticks, eq: 2, saved: true}
          - {trigger: gg_trg_Win, fired: true}
        """)
    result = _run(tiny, "-v")
    # gg_trg_Win is mission 1's trigger: mission 2 has no such global
    result.assert_outcomes(failed=1)
    result.stdout.fnmatch_lines(["*campaign.scenario.yaml:10:5): {trigger: gg_trg_Win, fired: true}*",
                                 "*no trigger named 'gg_trg_Win'*"])
    text = (tiny.path / "campaign.scenario.yaml").read_text()
    text = text.replace("  - {trigger: gg_trg_Win, fired: true}", "")
    (tiny.path / "campaign.scenario.yaml").write_text(text)
    result = _run(tiny, "--junitxml=c.xml")
    result.assert_outcomes(passed=1)
    case = ET.parse(tiny.path / "c.xml").getroot().find(".//testcase")
    props = {p.get("name"): p.get("value") for p in case.find("properties")}
    assert props["map"].endswith("war3map.j -> m2.j")
    assert props["missions"] == "2"


def test_jass_game_fixture(tiny):
    tiny.makepyfile(test_python="""
        import pytest
        from maps.scenario_runner import ScenarioFailure

        def test_play(jass_game):
            g = jass_game.load("war3map.j")
            g.advance("10s")
            assert g.globals["udg_ticks"] == 1
            g.run_until({"trigger": "gg_trg_Tick", "times": 2}, within="15s")
            assert g.now == 20.0
            hero = g.unit("gg_unit_Hpal_0001")
            assert g.unit({"type": "Hpal", "owner": 0}) is hero
            g.click("Easy")
            assert g.globals["udg_difficulty"] == 0
            g.globals["udg_zero"] = 1
            g.chat("-crash")
            g.expect({"message": "crashing: 7"})
            assert [r.trigger for r in g.trigger_runs("Crash")] == ["gg_trg_Crash"]
            g.kill(hero)
            assert g.outcome_of(0) == "defeat" and g.ended
            with pytest.raises(ScenarioFailure) as info:
                g.expect({"outcome": "victory"})
            assert "outcome of player 0 is defeat" in str(info.value)
            assert "gg_trg_Death" in str(info.value)
        """)
    _run(tiny).assert_outcomes(passed=1)


def test_xdist_loadfile(tiny):
    pytest.importorskip("xdist")
    tiny.makefile(".scenario.yaml", passing=PASSING,
                  other="map: war3map.j\nexpect: [{global: udg_ticks, eq: 0}]\n")
    _run(tiny, "-n", "2", "--dist", "loadfile").assert_outcomes(passed=2)


# ---------------------------------------------------------------------------------------
# the loader and the runner without pytest
# ---------------------------------------------------------------------------------------

@pytest.mark.parametrize("text, seconds", [
    ("30s", 30.0), ("5m", 300.0), ("1m30s", 90.0), ("1h", 3600.0), ("250ms", 0.25),
    (45, 45.0), (1.5, 1.5), ("2m0.5s", 120.5), ("30", 30.0), ("2.5", 2.5),
    ("2 min", 120.0), ("5min", 300.0), ("1 min 30 sec", 90.0), ("2 minutes", 120.0),
    ("1 hour", 3600.0), ("30 secs", 30.0), ("5M", 300.0)])
def test_durations(text, seconds):
    """A bare number is seconds, as text too (``jass run --until 600``: the command line gives
    text); units may be written as words (``--until "2 min"``, as a new user tried)."""
    assert parse_duration(text) == seconds


@pytest.mark.parametrize("bad", ["30 x", "m", "", "-3s", "-3", -1, True, "5s5m", "1e9", "99999999",
                                 "min", "2 mint", "5 minutes 2"])
def test_bad_durations(bad):
    with pytest.raises(ValueError):
        parse_duration(bad)


def test_format_duration():
    assert [format_duration(s) for s in (0, 25, 60, 95.5, 300)] == ["0s", "25s", "1m", "1m35.5s", "5m"]


def _load(tmp_path, text: str):
    p = tmp_path / "s.scenario.yaml"
    p.write_text(textwrap.dedent(text))
    return load_scenario(p)


@pytest.mark.parametrize("text, where, message", [
    ("map: x.j\nsteps:\n  - advance: 30 x\n", "3:14", "bad duration"),
    ("map: x.j\nsteps:\n  - kil: x\n", "3:5", "unknown step 'kil' (did you mean kill?)"),
    ("map: x.j\nsteps:\n  - zzz: x\n", "3:5", "unknown step 'zzz': write one of advance"),
    ("map: x.j\nexpect:\n  - {quest: Q, state: done}\n", "3:23", "expect[0].state: Input should be"),
    ("map: x.j\nexpect:\n  - {global: udg_x}\n", "3:", "compare the global"),
    ("map: x.j\nsteps: [\n", "3:1", "YAML"),
    ("steps: []\n", "1:1", "exactly one of 'map'"),
    ("map: x.j\nbudget: soon\n", "2:9", "bad duration"),
    ("map: x.j\nsteps:\n  - next_mission\n", "3:5", "only 1 map"),
    ("map: x.j\nsteps:\n  - buy: {unit: u, shop: s}\n", "3:", "exactly one of 'type'"),
])
def test_schema_errors(tmp_path, text, where, message):
    with pytest.raises(ScenarioFileError) as info:
        _load(tmp_path, text)
    assert f"s.scenario.yaml:{where}" in str(info.value)
    assert message in str(info.value)


def test_every_schema_problem_is_reported_at_its_own_place_in_file_order(tmp_path):
    """Three mistakes give three lines, each at its own line:column (a new user saw only one
    of them, not the first, with "(and 2 more problems)"); the list branch pydantic also
    tries for ``expect:`` is not a problem of its own; a player slot key out of range is
    reported at the key."""
    with pytest.raises(ScenarioFileError) as info:
        _load(tmp_path, """\
            map: x.j
            players:
              40: {controller: computer}
            steps:
              - run_until: {quest: Q, state: complete, within: 2m}
              - expect: {outcome: none, player: 99}
            expect:
              - {global: udg_x, equals: 2}
            """)
    err = info.value
    lines = str(err).splitlines()
    assert [line.split(": ", 1)[0].rsplit("s.scenario.yaml:", 1)[1] for line in lines] == \
        ["3:3", "5:34", "6:37", "8:21"]
    assert "players[40]" in lines[0] and "steps[0].run_until.state" in lines[1]
    assert "steps[1].expect.player" in lines[2] and "unknown field 'equals'" in lines[3]
    assert (err.line, err.column) == (3, 3) and len(err.also) == 3


def test_yaml_1_2_booleans_keep_button_texts(tmp_path):
    loaded = _load(tmp_path, "map: x.j\nsteps:\n  - click: Yes\n  - click: {button: No}\n")
    assert [s.click.button for s in loaded.scenario.steps] == ["Yes", "No"]


def test_paths_resolve_against_the_file_and_environment(tmp_path, monkeypatch):
    monkeypatch.setenv("MY_API", str(tmp_path / "api"))
    sub = tmp_path / "sub"
    sub.mkdir()
    (sub / "s.scenario.yaml").write_text("map: ../maps/a.j\napi: ${MY_API}/1.26\n")
    loaded = load_scenario(sub / "s.scenario.yaml")
    assert loaded.maps == [sub / "../maps/a.j"]
    assert loaded.api == tmp_path / "api" / "1.26"
    (sub / "t.scenario.yaml").write_text("map: a.j\napi: ${NOT_SET_ANYWHERE_42}/x\n")
    monkeypatch.delenv("NOT_SET_ANYWHERE_42", raising=False)
    with pytest.raises(ScenarioFileError, match=r"t.scenario.yaml:2:6: api: environment variable"):
        load_scenario(sub / "t.scenario.yaml")


def test_describe_writes_steps_as_yaml_flow(tmp_path):
    loaded = _load(tmp_path, """\
        map: x.j
        steps:
          - advance: 90
          - run_until: {quest: The Prince, state: completed, within: 5m}
          - kill: {unit: {type: Hpal, owner: 0}}
          - expect: {trigger: gg_trg_Intro, times: 2}
        """)
    assert [describe(s) for s in loaded.scenario.steps] == [
        "{advance: 1m30s}",
        "{run_until: {quest: The Prince, state: completed, within: 5m}}",
        "{kill: {unit: {type: Hpal, owner: 0}}}",
        "{expect: {trigger: gg_trg_Intro, times: 2}}",
    ]


def test_run_scenario_result_and_unknown_names(tmp_path):
    (tmp_path / "war3map.j").write_text(MAP)
    loaded = _load(tmp_path, """\
        map: war3map.j
        steps:
          - move: {unit: gg_unit_Hpal_0002, to: gg_rct_Village}
        """)
    result = run_scenario(loaded)
    assert not result.passed
    assert "no global named 'gg_unit_Hpal_0002' (did you mean gg_unit_Hpal_0001?)" in result.failure.message
    assert result.failure.line == 3
    assert result.facts["game_time"] == 0.0


def _rawcode(text: str) -> int:
    return int.from_bytes(text.encode(), "big")


def test_injections_use_the_model(tmp_path):
    (tmp_path / "war3map.j").write_text(MAP)
    with JassGame(base=tmp_path, budget=60) as g:
        g.load("war3map.j")
        hero = g.unit("gg_unit_Hpal_0001")
        g.move(hero, {"x": 1100, "y": 1100})
        assert (hero.x, hero.y) == (1100, 1100)
        assert g.check({"quest": "Reach the Village", "state": "completed"})
        g.order(hero, "move", to={"rect": [0, 0, 10, 10]})     # through the pipeline: walks
        assert hero.orders[-1].order == "move" and (hero.x, hero.y) == (1100, 1100)
        g.order(hero, "move", to={"rect": [0, 0, 10, 10]}, arrive=True)
        assert (hero.x, hero.y) == (5, 5)
        g.learn_skill(hero, "AHhb")
        assert hero.abilities[_rawcode("AHhb")] == 1 and hero.hero.skill_points == 0
        with pytest.raises(ScenarioFailure, match="no skill point"):
            g.learn_skill(hero, "AHds")
        g.pick_up(hero, {"type": "rlif"})
        ring = g.item({"type": "rlif"}, hero)
        assert ring.holder is hero
        g.use_item(hero, {"type": "rlif"})
        assert ItemUse(hero, ring) in list(g.game.published)
        g.select(hero)
        assert hero in g.game.units.selection[0]
        g.damage(hero, hero.life + 10)
        assert not hero.alive
        assert g.check({"outcome": "defeat"})
        with pytest.raises(ScenarioFailure, match="gg_unit_Hpal_0001 is dead"):
            g.kill("gg_unit_Hpal_0001")
        with pytest.raises(ScenarioFailure, match="udg_ticks is an integer"):
            g.set_global("udg_ticks", "many")


BUILD_MAP = r"""
globals
    constant playerunitevent MY_CONSTRUCT_FINISH = ConvertPlayerUnitEvent(28)
    constant playerunitevent MY_SELL = ConvertPlayerUnitEvent(269)
    constant playerunitevent MY_SELL_ITEM = ConvertPlayerUnitEvent(271)
    unit gg_unit_opeo_0001 = null
    unit gg_unit_ngme_0002 = null
    unit udg_hero = null
    rect gg_rct_Site = null
    integer udg_halls = 0
    integer udg_sold = 0
    integer udg_items = 0
endglobals

function Finished takes nothing returns nothing
    if GetUnitTypeId(GetTriggerUnit()) == 'ogre' and GetOwningPlayer(GetTriggerUnit()) == Player(0) then
        set udg_halls = udg_halls + 1
    endif
endfunction

function Sold takes nothing returns nothing
    set udg_sold = udg_sold + 1
endfunction

function SoldItem takes nothing returns nothing
    set udg_items = udg_items + 1
endfunction

function main takes nothing returns nothing
    local trigger t = CreateTrigger()
    set gg_unit_opeo_0001 = CreateUnit(Player(0), 'opeo', 0, 0, 0)
    set gg_unit_ngme_0002 = CreateUnit(Player(15), 'ngme', 2048, 0, 270)
    set udg_hero = CreateUnit(Player(0), 'Othr', 1900, 0, 0)
    set gg_rct_Site = Rect(512, 512, 1024, 1024)
    call TriggerRegisterPlayerUnitEvent(t, Player(0), MY_CONSTRUCT_FINISH, null)
    call TriggerAddAction(t, function Finished)
    set t = CreateTrigger()
    call TriggerRegisterPlayerUnitEvent(t, Player(15), MY_SELL, null)
    call TriggerAddAction(t, function Sold)
    set t = CreateTrigger()
    call TriggerRegisterPlayerUnitEvent(t, Player(15), MY_SELL_ITEM, null)
    call TriggerAddAction(t, function SoldItem)
endfunction
"""


def test_build_and_buy_steps(tmp_path):
    (tmp_path / "war3map.j").write_text(BUILD_MAP)
    loaded = _load(tmp_path, """\
        map: war3map.j
        budget: 1m
        steps:
          - build: {unit: gg_unit_opeo_0001, type: ogre, to: gg_rct_Site}
          - expect:
              - {global: udg_halls, eq: 1}
              - {units: {owner: 0, type: ogre, in: gg_rct_Site}, count: 1}
          - buy: {unit: udg_hero, shop: gg_unit_ngme_0002, type: nzep}
          - buy: {unit: udg_hero, shop: {type: ngme, owner: 15}, item: phea}
        expect:
          - {global: udg_sold, eq: 1}
          - {global: udg_items, eq: 1}
          - {units: {owner: 0, type: nzep}, count: 1}
          - no_runtime_errors: true
        """)
    result = run_scenario(loaded)
    assert result.passed, result.failure
    with JassGame(base=tmp_path, budget=60) as g:
        g.load("war3map.j")
        g.buy("udg_hero", "gg_unit_ngme_0002", item="phea")
        potion = g.last_bought
        assert potion.holder is g.unit("udg_hero")
        g.build("gg_unit_opeo_0001", "ogre", {"x": 700, "y": 700})
        assert g.last_built.type_id == _rawcode("ogre") and g.last_built.owner.id == 0
        assert [type(e) for e in g.game.published if isinstance(e, (UnitConstruct, ItemSold))] == [
            ItemSold, UnitConstruct, UnitConstruct]
        with pytest.raises(ScenarioFailure, match="exactly one of type"):
            g.buy("udg_hero", "gg_unit_ngme_0002")


LOBBY_MAP = r"""
globals
    integer udg_local = -1
    string udg_name = ""
endglobals

function main takes nothing returns nothing
    set udg_local = GetPlayerId(GetLocalPlayer())
    set udg_name = GetPlayerName(Player(1))
endfunction

function config takes nothing returns nothing
    call SetPlayers(3)
    call SetPlayerController(Player(0), MAP_CONTROL_COMPUTER)
    call SetPlayerController(Player(1), MAP_CONTROL_COMPUTER)
    call SetPlayerController(Player(2), MAP_CONTROL_USER)
endfunction
"""


def test_local_player_and_slot_overrides(tmp_path):
    (tmp_path / "war3map.j").write_text(LOBBY_MAP)
    with JassGame(base=tmp_path) as g:
        g.load("war3map.j")
        assert g.local == 2 and g.globals["udg_local"] == 2  # config()'s user slot
    loaded = _load(tmp_path, """\
        map: war3map.j
        local_player: 1
        players:
          1: {controller: user, name: Bob}
        expect:
          - {global: udg_local, eq: 1}
          - {global: udg_name, eq: Bob}
        """)
    result = run_scenario(loaded)
    assert result.passed, result.failure
    assert result.facts["local_player"] == 1


INPUT_MAP = r"""
native DzTriggerRegisterKeyEvent takes trigger trig, integer key, integer status, boolean sync, string func returns nothing
native DzTriggerRegisterMouseWheelEvent takes trigger trig, boolean sync, string func returns nothing
native DzGetTriggerKey takes nothing returns integer
globals
    unit udg_caster = null
    unit udg_foe = null
    rect gg_rct_Spot = null
    string udg_log = ""
endglobals

function Log takes string s returns nothing
    set udg_log = udg_log + s + ";"
endfunction

function OnAttacked takes nothing returns nothing
    call Log("attacked " + I2S(GetUnitTypeId(GetAttacker())))
endfunction

function OnSpell takes nothing returns nothing
    local string target = "none"
    if GetSpellTargetUnit() != null then
        set target = "unit"
    endif
    call Log(I2S(GetHandleId(GetTriggerEventId())) + " " + target + " " + I2S(R2I(GetSpellTargetX())))
endfunction

function OnPlayer takes nothing returns nothing
    call Log("player " + I2S(GetHandleId(GetTriggerEventId())) + " " + I2S(GetPlayerId(GetTriggerPlayer())))
endfunction

function OnCommand takes nothing returns nothing
    call Log("command " + I2S(GetPlayerId(GetTriggerPlayer())))
endfunction

function OnDz takes nothing returns nothing
    call Log("dz " + I2S(DzGetTriggerKey()))
endfunction

function main takes nothing returns nothing
    local trigger t = CreateTrigger()
    set udg_caster = CreateUnit(Player(0), 'Hpal', 0, 0, 0)
    set udg_foe = CreateUnit(Player(1), 'ogru', 300, 0, 0)
    set gg_rct_Spot = Rect(400, 400, 600, 600)
    call TriggerRegisterUnitEvent(t, udg_foe, ConvertUnitEvent(62))
    call TriggerAddAction(t, function OnAttacked)
    set t = CreateTrigger()
    call TriggerRegisterPlayerUnitEvent(t, Player(0), ConvertPlayerUnitEvent(272), null)
    call TriggerRegisterPlayerUnitEvent(t, Player(0), ConvertPlayerUnitEvent(274), null)
    call TriggerRegisterPlayerUnitEvent(t, Player(0), ConvertPlayerUnitEvent(276), null)
    call TriggerAddAction(t, function OnSpell)
    set t = CreateTrigger()
    call TriggerRegisterPlayerEvent(t, Player(0), ConvertPlayerEvent(17))
    call TriggerRegisterPlayerEvent(t, Player(0), ConvertPlayerEvent(261))
    call TriggerRegisterPlayerEvent(t, Player(0), ConvertPlayerEvent(262))
    call TriggerAddAction(t, function OnPlayer)
    set t = CreateTrigger()
    call TriggerRegisterCommandEvent(t, 'Aque', "footman")
    call TriggerRegisterUpgradeCommandEvent(t, 'Rhde')
    call TriggerAddAction(t, function OnCommand)
    set t = CreateTrigger()
    call DzTriggerRegisterKeyEvent(t, 'A', 1, true, null)
    call DzTriggerRegisterMouseWheelEvent(t, true, null)
    call TriggerAddAction(t, function OnDz)
endfunction
"""


def test_player_input_steps_raise_their_events(tmp_path):
    """attack, cast, skip_cinematic, press_key, command and dz_input publish the model
    events the event layer turns into JASS events (nothing in the model publishes them)."""
    (tmp_path / "war3map.j").write_text(INPUT_MAP)
    loaded = _load(tmp_path, """\
        map: war3map.j
        budget: 1m
        steps:
          - attack: {unit: udg_caster, target: udg_foe}
          - cast: {unit: udg_caster, ability: AHtb, target: udg_foe}
          - cast: {unit: udg_caster, ability: AHtc, to: gg_rct_Spot}
          - skip_cinematic
          - press_key: left
          - press_key: {key: left, action: up, player: 0}
          - command: {ability: Aque, order: footman}
          - command: {upgrade: Rhde, player: 1}
          - command: {ability: Aque, order: knight}
          - dz_input: {key: 65}
          - dz_input: {key: 65, status: 0}
          - dz_input: {wheel: 120}
        expect:
          - {global: udg_log, eq: "attacked 1215324524;272 unit 0;274 unit 0;276 unit 0;272 none 500;274 none 500;276 none 500;player 17 0;player 261 0;player 262 0;player 262 0;command 0;command 1;dz 65;dz 0;"}
          - no_runtime_errors: true
        """)
    assert [describe(s) for s in loaded.scenario.steps][3:5] == [
        "{skip_cinematic: {}}", "{press_key: {key: left}}"]
    result = run_scenario(loaded)
    assert result.passed, result.failure
    with JassGame(base=tmp_path, budget=60) as g:
        g.load("war3map.j")
        with pytest.raises(ScenarioFailure, match="not an arrow key"):
            g.press_key("space")
        with pytest.raises(ScenarioFailure, match="exactly one of order"):
            g.command(ability="Aque")
        with pytest.raises(ScenarioFailure, match="exactly one of key"):
            g.dz_input(key=65, move=True)


@pytest.mark.parametrize("step, message", [
    ("cast: {unit: u, ability: AHtb, target: v, to: r}", "at most one of 'target'"),
    ("command: {ability: Aque}", "exactly one of 'order'"),
    ("command: {ability: Aque, upgrade: Rhde}", "'ability' goes with 'order'"),
    ("dz_input: {key: 1, wheel: 2}", "exactly one of 'key'"),
    ("press_key: space", "Input should be 'left', 'right', 'up' or 'down'"),
])
def test_input_step_schema_errors(tmp_path, step, message):
    with pytest.raises(ScenarioFileError) as info:
        _load(tmp_path, f"map: x.j\nsteps:\n  - {step}\n")
    assert message in str(info.value)


# ---------------------------------------------------------------------------------------
# saves: save / load / save_game steps, from_save, the fixture, --jass-reload-each-step
# ---------------------------------------------------------------------------------------

SAVE_MAP = r"""
globals
    integer udg_ticks = 0
    integer udg_saves = 0
    string udg_saved = ""
    boolean udg_crash_on_save = false
    integer udg_zero = 0
    unit udg_hero = null
    trigger gg_trg_Tick = null
    trigger gg_trg_Saving = null
    trigger gg_trg_Crash = null
endglobals

function Tick takes nothing returns nothing
    set udg_ticks = udg_ticks + 1
endfunction

function Saving takes nothing returns nothing
    set udg_saves = udg_saves + 1
    set udg_saved = GetSaveBasicFilename()
    if udg_crash_on_save then
        set udg_zero = 1 / udg_zero
    endif
endfunction

function Crash takes nothing returns nothing
    set udg_zero = 7 / udg_zero
endfunction

function main takes nothing returns nothing
    set udg_hero = CreateUnit(Player(0), 'Hpal', 0.0, 0.0, 270.0)
    set gg_trg_Tick = CreateTrigger()
    call TriggerRegisterTimerEvent(gg_trg_Tick, 10.0, true)
    call TriggerAddAction(gg_trg_Tick, function Tick)
    set gg_trg_Saving = CreateTrigger()
    call TriggerRegisterGameEvent(gg_trg_Saving, ConvertGameEvent(259))   // EVENT_GAME_SAVE
    call TriggerAddAction(gg_trg_Saving, function Saving)
    set gg_trg_Crash = CreateTrigger()
    call TriggerRegisterPlayerChatEvent(gg_trg_Crash, Player(0), "-crash", true)
    call TriggerAddAction(gg_trg_Crash, function Crash)
endfunction
"""


@pytest.fixture
def save_map(tmp_path):
    (tmp_path / "war3map.j").write_text(SAVE_MAP)
    (tmp_path / "m2.j").write_text(MAP2)
    return tmp_path


def _digest(g: JassGame) -> str:
    from natives.snapshot import state_digest
    return state_digest(g.session)


def test_save_and_load_steps_rewind_the_game_and_the_harness_record(save_map):
    """save: at 15 s, then a crash and 20 more seconds; load: goes back to 15 s. The game
    (ticks, clock) and the harness's record (trigger runs, runtime errors) are rewound;
    the game then plays on from the save and the trigger log keeps counting."""
    loaded = _load(save_map, """\
        map: war3map.j
        budget: 2m
        steps:
          - advance: 15s
          - save: at-15s
          - chat: -crash
          - advance: 20s
          - expect:
              - {global: udg_ticks, eq: 3}
              - {trigger: gg_trg_Tick, times: 3}
              - {runtime_errors: [{kind: division-by-zero}]}
          - load: at-15s
          - expect:
              - {global: udg_ticks, eq: 1}
              - {trigger: gg_trg_Tick, times: 1}
              - {trigger: gg_trg_Crash, fired: false}
              - no_runtime_errors: true
          - advance: 10s
          - load: at-15s
          - save: at-15s
          - advance: 30s
        expect:
          - {global: udg_ticks, eq: 4}
          - {trigger: gg_trg_Tick, times: 4}
          - {trigger: gg_trg_Saving, fired: false}
          - {global: udg_saves, eq: 0}
          - no_runtime_errors: true
        """)
    result = run_scenario(loaded)
    assert result.passed, result.failure
    # game time of the missions as played (rewound), while the budget counted all 75 s
    assert result.facts["game_time"] == pytest.approx(45.0)


def test_budget_counts_game_time_across_loads(save_map):
    loaded = _load(save_map, """\
        map: war3map.j
        budget: 50s
        steps:
          - save: start
          - advance: 30s
          - load: start
          - advance: 30s
        """)
    result = run_scenario(loaded)
    assert not result.passed
    assert "game-time budget of 50s used up" in result.failure.message


def test_a_save_does_not_touch_the_game(save_map):
    """A snapshot runs no JASS and fires no event: the state digest, the VM counters and the
    trigger log are the same before and after; EVENT_GAME_SAVE did not fire."""
    with JassGame(base=save_map, budget=60) as g:
        g.load("war3map.j")
        g.advance(12)
        before = (_digest(g), g.vm.threads_started, g.vm.total_ops, len(g.triggers.runs))
        path = g.save_slot("snap")
        g.save(save_map / "copy.jsav")
        assert path.is_file() and path.parent != save_map
        assert (_digest(g), g.vm.threads_started, g.vm.total_ops, len(g.triggers.runs)) == before
        assert g.globals["udg_saves"] == 0 and g.trigger_runs("gg_trg_Saving") == []


def test_save_game_fires_event_game_save_then_writes_the_save(save_map):
    """save_game: EVENT_GAME_SAVE handlers run first with GetSaveBasicFilename = the
    basename, then the whole game is written to saves/<name>.w3z in the map's sandbox: the
    saved game already holds what the handler did."""
    from natives.snapshot import read_save
    loaded = _load(save_map, r"""
        map: war3map.j
        budget: 1m
        steps:
          - advance: 5s
          - save: snapshot
          - expect: [{global: udg_saves, eq: 0}, {trigger: gg_trg_Saving, fired: false}]
          - save_game: Campaign\Chapter1
          - expect:
              - {global: udg_saves, eq: 1}
              - {global: udg_saved, eq: Chapter1}
              - {trigger: gg_trg_Saving, times: 1}
        """)
    result = run_scenario(loaded)
    assert result.passed, result.failure
    with JassGame(base=save_map, budget=60) as g:
        g.load("war3map.j")
        g.advance(5)
        path = g.save_game("Campaign\\Chapter1.w3z")
        assert path == Path(g.sandbox, "saves", "Campaign", "Chapter1.w3z") and path.is_file()
        assert read_save(path.read_bytes()).game_time == 5.0
        assert ("game_saved" in [k for _t, k, _d in g.game.timeline])
        g.advance(10)
        g.globals["udg_saved"] = "changed"
        g.load(path)                     # a player save is a save file like any other
        assert g.now == 5.0 and g.globals["udg_saved"] == "Chapter1" and g.globals["udg_saves"] == 1
        # a handler that crashes aborts the save: nothing is written
        g.globals["udg_crash_on_save"] = True
        with pytest.raises(ScenarioFailure, match="aborted, an EVENT_GAME_SAVE handler raised"):
            g.save_game("Broken")
        assert not Path(g.sandbox, "saves", "Broken.w3z").exists()
        with pytest.raises(ScenarioFailure, match="bad save name"):
            g.save_game("../outside")


def test_fixture_save_and_load(tiny):
    (tiny.path / "m2.j").write_text(MAP2)
    tiny.makepyfile(test_saves="""
        import pytest
        from maps.scenario_runner import JassGame, ScenarioFailure

        def test_save_load(jass_game, tmp_path):
            g = jass_game.load("war3map.j")
            g.advance("15s")
            path = g.save(tmp_path / "at15.jsav")
            g.advance("20s")
            assert g.globals["udg_ticks"] == 3
            g.load(path)
            assert g.now == 15.0 and g.globals["udg_ticks"] == 1
            assert len(g.trigger_runs("gg_trg_Tick")) == 1
            g.advance("10s")
            assert len(g.trigger_runs("gg_trg_Tick")) == 2   # the log records after a load
            with JassGame(base=g.base) as other:                # a save from elsewhere
                with pytest.raises(ScenarioFailure, match="no map loaded"):
                    other.load(path)
                other.load(path, map="war3map.j")
                assert other.now == 15.0 and other.globals["udg_ticks"] == 1
                assert other.trigger_runs("gg_trg_Tick") == []   # runs count from the load
                with pytest.raises(ScenarioFailure, match="differs in: map_script"):
                    other.load(path, map="m2.j")
        """)
    _run(tiny).assert_outcomes(passed=1)


def test_a_failed_load_leaves_the_game_untouched(save_map, monkeypatch):
    from natives import snapshot
    with JassGame(base=save_map, budget=120) as g:
        g.load("war3map.j")
        g.advance(15)
        good = g.save(save_map / "good.jsav")
        data = good.read_bytes()
        (save_map / "flipped.jsav").write_bytes(data[:-10] + bytes([data[-10] ^ 1]) + data[-9:])
        (save_map / "short.jsav").write_bytes(data[:len(data) // 2])
        (save_map / "not-a-save.jsav").write_bytes(b"hello")
        with JassGame(base=save_map) as other:
            other.load("m2.j")
            foreign = other.save(save_map / "foreign.jsav")
        g.advance(5)
        session, digest, now = g.session, _digest(g), g.now
        cases = [("flipped.jsav", "checksum differs"), ("short.jsav", "truncated"),
                 ("missing.jsav", "no such save file"), (foreign, "belongs to another program"),
                 ("not-a-save.jsav", "not a map")]
        for name, reason in cases:
            with pytest.raises(ScenarioFailure, match=reason) as info:
                g.restore(name) if name != "not-a-save.jsav" else g.load(name)
            assert str(Path(name).name) in info.value.message
            assert g.session is session and _digest(g) == digest and g.now == now
        # a restore that fails half-way (the fresh session is discarded)
        monkeypatch.setattr(snapshot, "restore_state", _failing_restore)
        with pytest.raises(ScenarioFailure, match="cannot load .*good.jsav: malformed"):
            g.load(good)
        assert g.session is session and _digest(g) == digest
        assert g.globals["udg_ticks"] == 2


def _failing_restore(session, data):
    from natives.snapshot import SnapshotError
    session.game.units.units.clear()     # the fresh session is half-restored, then refused
    raise SnapshotError("malformed snapshot: injected")


def test_a_failed_load_step_names_file_line_and_column(save_map, monkeypatch):
    from natives import snapshot
    monkeypatch.setattr(snapshot, "restore_state", _failing_restore)
    loaded = _load(save_map, """\
        map: war3map.j
        steps:
          - advance: 12s
          - save: here
          - advance: 10s
          - load: here
        expect:
          - {global: udg_ticks, eq: 2}
        """)
    result = run_scenario(loaded)
    assert not result.passed
    f = result.failure
    assert (f.line, f.column, f.game_time) == (6, 5, 22.0)
    assert "cannot load" in f.message and "here.jsav" in f.message
    text = format_failure(f)
    assert "s.scenario.yaml:6:5): {load: here}" in text
    assert "saves and loads:" in text and "saved here.jsav" in text


def _run_save(save_map, script: str, seconds: float) -> Path:
    """A save written the way ``jass run --save-at T --save F`` writes it."""
    from maps.runner import RunOptions, load_mission, run_mission
    target = save_map / f"{Path(script).stem}-{seconds:g}.jsav"
    options = RunOptions(until=seconds + 1, save_at=seconds, save_path=str(target),
                         sandbox=str(save_map / "run-sandbox"))
    report, _session = run_mission(load_mission(save_map / script, options), options)
    assert report.saved and report.saved["game_time"] == seconds
    return target


def test_from_save_starts_from_a_jass_run_save(save_map):
    _run_save(save_map, "war3map.j", 25.0)
    loaded = _load(save_map, """\
        map: war3map.j
        from_save: war3map-25.jsav
        budget: 30s
        steps:
          - expect: [{global: udg_ticks, eq: 2}, {trigger: gg_trg_Tick, fired: false}]
          - advance: 20s
        expect:
          - {global: udg_ticks, eq: 4}
          - {trigger: gg_trg_Tick, times: 2}
        """)
    result = run_scenario(loaded)
    assert result.passed, result.failure
    assert result.facts["game_time"] == pytest.approx(45.0)
    # the budget counts what the scenario simulates: 30 s from the save, not from 0
    loaded = _load(save_map, """\
        map: war3map.j
        from_save: war3map-25.jsav
        budget: 30s
        steps:
          - advance: 31s
        """)
    assert "budget of 30s used up" in run_scenario(loaded).failure.message


def test_from_save_of_another_map_fails_with_the_file_position(save_map):
    _run_save(save_map, "m2.j", 0.0)
    loaded = _load(save_map, """\
        name: wrong save
        map: war3map.j
        from_save: m2-0.jsav
        """)
    result = run_scenario(loaded)
    f = result.failure
    assert (f.line, f.column) == (3, 12)
    assert "belongs to another map or API than the scenario's: war3map.j (differs in: map_script)" in f.message
    assert "saved from" in f.message and "m2.j" in f.message
    # in a campaign the save may belong to any of its maps: play goes on from there
    loaded = _load(save_map, """\
        campaign: [war3map.j, m2.j]
        from_save: m2-0.jsav
        expect:
          - {global: udg_carried, eq: -1}
        """)
    result = run_scenario(loaded)
    assert result.passed, result.failure
    assert result.facts["map"] == "m2.j"
    loaded = _load(save_map, "map: war3map.j\nfrom_save: nowhere.jsav\n")
    assert "no such save file" in run_scenario(loaded).failure.message


@pytest.mark.parametrize("text, where, message", [
    ("map: x.j\nsteps:\n  - load: a\n", "3:11", "load: no 'save: a' step before this one"),
    ("map: x.j\nsteps:\n  - save: b\n  - load: a\n", "4:11", "(saved: b)"),
    ("map: x.j\nsteps:\n  - save: ../up\n", "3:11", "save name contains"),
    ("map: x.j\nsteps:\n  - save_game: C:\\x\n", "3:16", "colon"),
    ("map: x.j\nfrom_save: s.jsav\nseed: 3\n", "1:1", "from_save: the save already holds the game's seed"),
])
def test_save_step_schema_errors(tmp_path, text, where, message):
    with pytest.raises(ScenarioFileError) as info:
        _load(tmp_path, text)
    assert f"s.scenario.yaml:{where}" in str(info.value)
    assert message in str(info.value)


def test_reload_each_step_option(tiny):
    tiny.makefile(".scenario.yaml", passing=PASSING)
    _run(tiny, "--jass-reload-each-step", "-v").assert_outcomes(passed=1)


SCENARIO_FILES = sorted((Path(__file__).parent / "scenarios").glob("*.scenario.yaml"))


@pytest.mark.parametrize("path", SCENARIO_FILES, ids=lambda p: p.name.removesuffix(".scenario.yaml"))
def test_every_scenario_passes_when_reloaded_at_each_step(path, monkeypatch):
    """``--jass-reload-each-step`` over tests/scenarios: every scenario passes with its game
    saved and restored into a fresh session at every step boundary, with the same facts
    (ops, threads, game time...) and the same final game state as without reloads."""
    loaded = load_scenario(path)
    shared = SHARED.resolve()
    for p in list(loaded.maps) + ([loaded.api] if loaded.api is not None else []):
        p = Path(p).resolve()
        if p.is_relative_to(shared) and not p.exists():
            shared_path(*p.relative_to(shared).parts)   # skips (fails in CI)
    digests = []
    original_close = JassGame.close

    def close(self):
        if self.session is not None:
            digests.append(_digest(self))
        original_close(self)

    monkeypatch.setattr(JassGame, "close", close)
    plain = run_scenario(loaded)
    reloaded = run_scenario(loaded, reload_each_step=True)
    assert plain.passed, plain.failure
    assert reloaded.passed, reloaded.failure
    assert reloaded.facts == plain.facts
    assert digests[0] == digests[1]


SCRIPT_LOAD_MAP = r"""
function Save takes nothing returns nothing
    call SaveGame("Slot")
endfunction
function Load takes nothing returns nothing
    call LoadGame("Slot", false)
endfunction
function main takes nothing returns nothing
    call TimerStart(CreateTimer(), 1.0, false, function Save)
    call TimerStart(CreateTimer(), 3.0, false, function Load)
endfunction
"""


def test_a_script_load_game_stops_the_scenario_with_a_clear_failure(tmp_path):
    """The script's own SaveGame writes a whole-game save in the sandbox; its LoadGame is
    not carried out by the scenario runner (jass run does it): the clock stops there and
    the step fails saying so, rather than playing on as if nothing had been asked."""
    (tmp_path / "war3map.j").write_text(SCRIPT_LOAD_MAP)
    loaded = _load(tmp_path, "map: war3map.j\nsteps:\n  - advance: 2s\n  - advance: 5s\n")
    result = run_scenario(loaded)
    f = result.failure
    assert f is not None and (f.line, f.game_time) == (4, 3.0)
    assert "the script called LoadGame('Slot') at 3s" in f.message
