"""The loader's table (jassvm.loadrules, docs/natives.md "What the loader accepts"): per API
generation, which checker errors the game loads. Each row is tested in each generation, the
generation of each corpus API set is checked, and ``jass run`` follows the table."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from click.testing import CliRunner

from cli import main as cli_main
from conftest import shared_path
from jassvm.checker import CheckOptions, load_sources
from jassvm.loadrules import GENERATIONS, LOAD_RULES, accepted_rules, api_generation
from jassvm.parser import parse

ARGS = ", ".join(f"integer a{i}" for i in range(32))
SNIPPETS = {
    "E221-type": "function H2I takes handle h returns integer\n    return h\n    return 0\nendfunction\n",
    "E221-null-code": "function F takes nothing returns code\n    return null\nendfunction\n",
    "E221-null": "function F takes nothing returns integer\n    return null\nendfunction\n",
    "E224-value": "function F takes nothing returns nothing\n    return false\nendfunction\n",
    "E238": "native N takes nothing returns nothing\nfunction F takes nothing returns nothing\n"
            "    local code c = function N\nendfunction\n",
    "E240": f"function G takes {ARGS} returns nothing\nendfunction\nfunction F takes nothing returns nothing\n"
            f"    call G({', '.join(['0'] * 32)})\nendfunction\n",
    "E270": "function F takes nothing returns integer\n    local integer i\n    return i\nendfunction\n",
    "E271": "globals\n    integer b\n    integer a = b\nendglobals\n",
    "E280": 'function F takes nothing returns string\n    return "' + "x" * 1024 + '"\nendfunction\n',
    "E283": "native GetObjectName takes integer i returns string\nglobals\n"
            "    string s = GetObjectName(0)\nendglobals\n",
}
"""One program per row that has exactly that row's checker error."""
REFUSED_EVERYWHERE = {
    "E222": "function F takes nothing returns real\n    return 1\nendfunction\n",   # S038
    "E224": "function F takes nothing returns integer\n    return\nendfunction\n",
}


def _diagnostics(src: str, strict: bool, generation: str | None = None):
    return load_sources([("t.j", src.encode())], CheckOptions(strict=strict, generation=generation)).diagnostics


def test_every_row_has_a_program():
    assert set(SNIPPETS) == {r.rule for r in LOAD_RULES}


@pytest.mark.parametrize("generation", GENERATIONS)
@pytest.mark.parametrize("rule", [r for r in LOAD_RULES], ids=[r.rule for r in LOAD_RULES])
def test_each_row_is_accepted_exactly_in_its_generations(rule, generation):
    src = SNIPPETS[rule.rule]
    assert [d.code for d in _diagnostics(src, True) if d.is_error] == [rule.code]   # jass check refuses it
    lenient = _diagnostics(src, False, generation)
    if generation in rule.accepted:
        assert [d.code for d in lenient] == ["W" + rule.code[1:]]
    else:
        assert [d.code for d in lenient if d.is_error] == [rule.code]


@pytest.mark.parametrize("generation", GENERATIONS)
@pytest.mark.parametrize("code", sorted(REFUSED_EVERYWHERE))
def test_errors_outside_the_table_are_refused_in_every_generation(code, generation):
    assert [d.code for d in _diagnostics(REFUSED_EVERYWHERE[code], False, generation) if d.is_error] == [code]


@pytest.mark.parametrize("api,generation", [("roc-1.0x", "pre-1.24"), ("tft-1.0x", "pre-1.24"), ("1.26", "1.24"),
                                            ("1.30.4", "1.29"), ("1.32.0-beta", "1.29"), ("1.33.0", "1.29"),
                                            ("2.0.2", "1.29")])
def test_the_generation_of_each_corpus_api_set(api, generation):
    tree, _ = parse(shared_path("corpus", "api", api, "common.j").read_bytes(), "common.j")
    assert api_generation([tree]) == generation


def test_the_return_bug_follows_the_api_set():
    """S075: the same return-bug script loads with a pre-1.24 common.j (a warning) and is
    refused with a 1.24+ one, as the game of each patch does."""
    rb = SNIPPETS["E221-type"].encode()
    for api, refused in (("tft-1.0x", False), ("1.26", True), ("1.33.0", True)):
        common = shared_path("corpus", "api", api, "common.j")
        diags = load_sources([("common.j", common.read_bytes()), ("t.j", rb)], CheckOptions(strict=False)).diagnostics
        mine = [d for d in diags if d.file == "t.j"]
        assert [d.code for d in mine] == (["E221"] if refused else ["W221"]), api


def test_jass_run_loads_a_value_returned_from_a_function_that_returns_nothing(tmp_path):
    """Issue 14: a Blizzard campaign mission has ``return false`` in a function that returns
    nothing; the game loads it, so ``jass run`` does (with a warning), while ``jass check``
    reports it."""
    script = tmp_path / "war3map.j"
    script.write_text("function Stop takes nothing returns nothing\n    return false\nendfunction\n"
                      "function config takes nothing returns nothing\nendfunction\n"
                      "function main takes nothing returns nothing\n    call Stop()\n"
                      '    call DisplayTextToPlayer(Player(0), 0, 0, "ran")\nendfunction\n')
    api = str(shared_path("corpus", "api", "1.30.4"))
    run = CliRunner().invoke(cli_main, ["run", str(script), "--api", api, "--until", "1s"])
    assert run.exit_code == 0, run.output
    assert "ran" in run.output
    check = CliRunner().invoke(cli_main, ["check", str(Path(api) / "common.j"), str(script)])
    assert check.exit_code != 0 and "E224" in check.output


def test_the_docs_table_lists_every_row():
    """docs/natives.md "What the loader accepts" names every rule with its generations."""
    text = (Path(__file__).parents[1] / "docs" / "natives.md").read_text(encoding="utf-8")
    section = text.split("## What the loader accepts", 1)[1].split("\n## ", 1)[0]
    for rule in LOAD_RULES:
        row = next((line for line in section.splitlines() if line.startswith(f"| {rule.rule} ")), None)
        assert row is not None, rule.rule
        cells = [c.strip() for c in row.strip("|").split("|")]
        marks = dict(zip(GENERATIONS, cells[2:5]))
        assert {g for g, m in marks.items() if m == "loads"} == set(rule.accepted), row
        assert {g for g, m in marks.items() if m == "refused"} == set(GENERATIONS) - rule.accepted, row
    assert accepted_rules("pre-1.24") > accepted_rules("1.29")
    assert re.search(r"E222", section)
