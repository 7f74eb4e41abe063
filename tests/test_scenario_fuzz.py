"""Fuzzing scenario files (issue 16, item 5): the scenario files of ``tests/scenarios``,
mutated line by line with hostile values (non-finite numbers, alias bombs, recursive aliases,
deep nesting, duplicate keys, odd tags, paths such as ``/`` and ``/etc/passwd``, unknown
steps...), must give nothing but scenario diagnostics: loading either succeeds or raises
``ScenarioFileError`` naming the file; a scenario that loads runs to a ``ScenarioResult``
(passed or failed, with or without ``--jass-reload-each-step``) and never raises.

The default run is short, with a fixed seed (hypothesis ``derandomize``) and a bounded number
of examples. ``pytest -m fuzz tests/test_scenario_fuzz.py`` runs the long variants (more
examples; ``JASS_FUZZ_EXAMPLES`` sets how many, default 5000 loads and 500 runs).
"""
from __future__ import annotations

import os
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings, strategies as st

from maps.scenario import ScenarioFileError, load_scenario
from maps.scenario_runner import ScenarioResult, run_scenario

SCENARIOS = sorted((Path(__file__).parent / "scenarios").glob("*.scenario.yaml"))
TEXTS = {p: p.read_text(encoding="utf-8") for p in SCENARIOS}
# scenarios on the bundled demo campaign: fast to run (built-in API, no ../shared)
DEMO = [p for p in SCENARIOS if "maps/demo" in TEXTS[p]]
RUN_BUDGET = 120.0
"""Game seconds a fuzzed scenario may simulate (its own budget is cut to this)."""

LONG = int(os.environ.get("JASS_FUZZ_EXAMPLES", "5000"))

HOSTILE_VALUES = [
    ".inf", "-.inf", ".nan", "1.0e+400", "9" * 400, "9" * 5000, "-1", "0", "-0.0", "1e3",
    "4294967296", "-2147483649", "18446744073709551616", "0x7fffffff", "0o17", "1_000",
    "null", "~", "''", '""', "[]", "{}", "[[[[", "]]", "{a: ", "&a [*a]", "*nowhere", "&x 1",
    "!!timestamp 2001-13-45", "!!binary a", "!!python/name:os.system", "!!set {a, b}",
    "!!float inf", "!!int x", "!!str 3", "!foo bar", "2001-13-45", "2001-12-14", "12:30:00",
    "/", "/etc/passwd", "/dev/zero", "/proc/self/mem", "../../..", "..", ".", "~root",
    "${NOT_SET_ANYWHERE}", "$HOME", '"\\ud800"', '"\\0"', '"\\x01"', "yes", "no", "true",
    "True", "on", "off", "|\n  block", ">", "- a", "? k", "<<: *x", "'unterminated",
    '"unterminated', "a: b: c", "#", "%TAG ! x", "---", "...", "@", "`", "\t", "\u2028",
    "10h", "168h", "169h", "1m1m", "30 x", "5s" * 50, "AHhb", "hfoo", "Hpal", "gg_unit_x",
    "{type: Hpal, owner: 99}", "{x: .nan, y: 0}", "{rect: [0, 0]}", "{regex: '('}",
    "[" * 70 + "]" * 70, "{a: " * 70 + "b" + "}" * 70,
]

HOSTILE_LINES = [
    "steps: []\n", "expect: []\n", "map: x.j\n", "campaign: [a.j]\n", "budget: .inf\n",
    "budget: 168h\n", "seed: -1\n", "local_player: 40\n", "players: {99: {name: x}}\n",
    "from_save: /etc/passwd\n", "from_save: nowhere.jsav\n", "markers: [slow, 'a b']\n",
    "  - advance: .inf\n", "  - advance: 1h\n", "  - save: slot\n", "  - load: slot\n",
    "  - load: missing\n", "  - save: ../x\n", "  - save_game: Zones\\X\n",
    "  - save_game: C:\\x\n", "  - next_mission\n", "  - skip_cinematic\n", "  - kill\n",
    "  - set: {global: udg_x, value: .inf}\n", "  - chat: -win\n",
    "  - click: 99999999999999999999\n", "  - click: -1\n",
    "  - run_until: {not: {not: {ended: true}}, within: 1s}\n",
    "  - expect: {any: []}\n", "  - expect: {runtime_errors: [{}]}\n",
    "  - dz_input: {wheel: 1}\n", "  - press_key: {key: up, action: down}\n",
    "  - use_item: {unit: {type: Hpal, owner: 0}, item: {type: phea}}\n",
    "  - buy: {unit: {owner: 0}, shop: {owner: 0}, item: phea}\n",
    "  - build: {unit: {owner: 0}, type: hbar, to: {x: 0, y: 0}}\n",
    "a: &a [x, x, x, x, x, x, x, x, x]\nb: &b [*a, *a, *a, *a, *a, *a, *a, *a, *a]\n"
    "c: &c [*b, *b, *b, *b, *b, *b, *b, *b, *b]\nd: [*c, *c, *c, *c, *c, *c, *c, *c, *c]\n",
    "\x00\n", "\ufeff\n", "\t- x\n",
]


ALL_OPS = ("value", "value", "delete", "duplicate", "swap", "indent", "chars", "insert",
           "truncate")
STEP_OPS = ("value", "value", "delete", "duplicate", "insert", "insert")
"""Mutations that mostly keep a file loadable (for the runs)."""


@st.composite
def mutated(draw, files: list[Path], ops: tuple[str, ...] = ALL_OPS) -> tuple[Path, str]:
    """A scenario file of ``files`` with one to four line mutations of kinds ``ops``."""
    path = draw(st.sampled_from(files))
    lines = TEXTS[path].splitlines(keepends=True) or [""]
    for _ in range(draw(st.integers(1, 4))):
        op = draw(st.sampled_from(ops))
        i = draw(st.integers(0, len(lines) - 1))
        line = lines[i]
        if op == "value":
            head, sep, _tail = line.partition(": ")
            value = draw(st.sampled_from(HOSTILE_VALUES) | st.text(max_size=12))
            lines[i] = (head + sep if sep else line.rstrip("\n") + " ") + value + "\n"
        elif op == "delete" and len(lines) > 1:
            del lines[i]
        elif op == "duplicate":
            lines.insert(i, line)
        elif op == "swap":
            j = draw(st.integers(0, len(lines) - 1))
            lines[i], lines[j] = lines[j], lines[i]
        elif op == "indent":
            lines[i] = ("  " + line) if draw(st.booleans()) else line[2:]
        elif op == "chars":
            a = draw(st.integers(0, len(line)))
            b = draw(st.integers(a, min(len(line), a + 8)))
            lines[i] = line[:a] + draw(st.text(max_size=8)) + line[b:]
        elif op == "insert":
            lines.insert(i, draw(st.sampled_from(HOSTILE_LINES)))
        elif op == "truncate":
            lines[i] = line[:draw(st.integers(0, len(line)))]
            del lines[i + 1:]
    return path, "".join(lines)


def _step(draw) -> str:
    """A step line that parses, with fuzzed arguments (units, places and names of the demo
    maps, and others that do not exist)."""
    unit = draw(st.sampled_from(["udg_hero", "{type: Hpal, owner: 0}", "{type: ugho, owner: 1}",
                                 "{owner: 0, index: 3}", "gg_unit_nope", "udg_difficulty"]))
    place = draw(st.sampled_from(["gg_rct_Ridge", "Village", "{x: 0, y: 0}",
                                  "{rect: [-512, -512, 512, 512]}", "{x: 1.0e+30, y: -1.0e+30}"]))
    slot = draw(st.sampled_from(["a", "b"]))
    seconds = draw(st.sampled_from(["0", "0.001", "1s", "30s", "2m", "1m30s", "250ms"]))
    return draw(st.sampled_from([
        f"advance: {seconds}", f"save: {slot}", f"load: {slot}", f"save_game: {slot}",
        f"save_game: Zones\\{slot}", "next_mission", "skip_cinematic", f"chat: '-{slot}'",
        f"kill: {unit}", f"kill: {{unit: {unit}, killer: {unit}}}", f"select: {unit}",
        f"move: {{unit: {unit}, to: {place}}}", f"order: {{unit: {unit}, order: stop}}",
        f"order: {{unit: {unit}, order: move, to: {place}}}",
        f"damage: {{unit: {unit}, amount: {draw(st.sampled_from(['1', '1e9', '0.5']))}}}",
        f"heal: {{unit: {unit}, amount: 10}}", f"pick_up: {{unit: {unit}, item: {{type: ratc}}}}",
        f"use_item: {{unit: {unit}, item: {{type: phea}}}}", f"learn_skill: {{unit: {unit}, ability: AHhb}}",
        f"build: {{unit: {unit}, type: hbar, to: {place}}}",
        f"buy: {{unit: {unit}, shop: {unit}, item: phea}}", f"attack: {{unit: {unit}, target: {unit}}}",
        f"cast: {{unit: {unit}, ability: AHtb, to: {place}}}",
        f"click: {draw(st.sampled_from(['Easy', 'Hard', '0', '7', 'Nope']))}",
        "press_key: left", "command: {order: stop}", "dz_input: {wheel: -5}", "leave: 1",
        f"set: {{global: {draw(st.sampled_from(['udg_difficulty', 'udg_hero', 'udg_nope']))}, "
        f"value: {draw(st.sampled_from(['1', 'null', 'udg_hero', '2.5', 'x', 'true']))}}}",
        f"run_until: {{outcome: victory, within: {seconds}}}",
        f"run_until: {{any: [{{ended: true}}, {{units: {{owner: 0}}, ge: 1}}], within: {seconds}}}",
        "expect: {no_runtime_errors: true}", f"expect: {{unit: {unit}, alive: true}}",
    ]))


@st.composite
def with_steps(draw, files: list[Path]) -> tuple[Path, str]:
    """A scenario file of ``files`` with one to six of its steps replaced, or new steps
    inserted among them (``_step``): the file still loads, mostly."""
    path = draw(st.sampled_from(files))
    lines = TEXTS[path].splitlines(keepends=True)
    steps = [i for i, line in enumerate(lines) if line.startswith("  - ")
             and i > next(k for k, x in enumerate(lines) if x.startswith("steps:"))
             and not any(x.startswith("expect:") for x in lines[:i])]
    for _ in range(draw(st.integers(1, 6))):
        i = draw(st.sampled_from(steps))
        new = f"  - {_step(draw)}\n"
        if draw(st.booleans()):
            lines.insert(i, new)
            steps = [k + (k >= i) for k in steps] + [i]
        else:
            lines[i] = new
    return path, "".join(lines)


def _load(path: Path, text: str):
    """The loaded scenario, or None for a file error; any other exception fails the test."""
    try:
        return load_scenario(path, text=text)
    except ScenarioFileError as err:
        assert str(err).startswith(str(path)), err
        assert err.message
        return None


def _run(path: Path, text: str, reload_each_step: bool) -> None:
    loaded = _load(path, text)
    if loaded is None:
        return
    loaded.scenario.budget = min(loaded.scenario.budget, RUN_BUDGET)
    result = run_scenario(loaded, reload_each_step=reload_each_step)
    assert isinstance(result, ScenarioResult)
    if result.failure is not None:
        assert str(result.failure)      # the report renders


_QUICK = settings(derandomize=True, database=None, deadline=None, max_examples=300,
                  suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large])


@_QUICK
@given(mutated(SCENARIOS))
def test_mutated_scenario_files_load_or_give_a_file_error(case):
    _load(*case)


@settings(_QUICK, max_examples=200)
@given(st.text(alphabet=st.sampled_from(list("-:[]{},&*!|>'\"#? \n\t.~0123456789abcsx\\%@`")),
               max_size=300))
def test_yaml_junk_gives_a_file_error(text):
    _load(SCENARIOS[0], text)


@pytest.fixture(scope="module", autouse=True)
def _compiled_once():
    """Load and compile the demo missions before hypothesis runs (the compiler raises the
    recursion limit, which hypothesis warns about inside a test)."""
    run_scenario(load_scenario(DEMO[0]))


@settings(_QUICK, max_examples=40)
@given(with_steps(DEMO) | mutated(DEMO, STEP_OPS), st.booleans())
def test_mutated_scenarios_run_to_a_result(case, reload_each_step):
    _run(*case, reload_each_step)


@pytest.mark.fuzz
@settings(_QUICK, derandomize=False, max_examples=LONG)
@given(mutated(SCENARIOS))
def test_long_fuzz_load(case):
    _load(*case)


@pytest.mark.fuzz
@settings(_QUICK, derandomize=False, max_examples=max(1, LONG // 10))
@given(with_steps(SCENARIOS) | mutated(SCENARIOS, STEP_OPS), st.booleans())
def test_long_fuzz_run(case, reload_each_step):
    _run(*case, reload_each_step)
