"""The run-time string limit (``jassvm.values.MAX_STRING_BYTES``, issue 16 item 4): a string
doubled in a loop or by a timer stops at the limit with a ``string-too-long`` thread crash
instead of growing without bound."""
from __future__ import annotations

import json
import tracemalloc

import pytest
from click.testing import CliRunner

from cli import main
from jassvm.loader import load_program
from jassvm.values import MAX_STRING_BYTES, JassStringTooLong, StringLength, concat
from jassvm.vm import VM


def test_concat_up_to_the_limit():
    a = "a" * (MAX_STRING_BYTES - 1)
    assert StringLength(concat(a, "b")) == MAX_STRING_BYTES
    with pytest.raises(JassStringTooLong, match=f"at least {MAX_STRING_BYTES + 1} bytes"):
        concat(a, "bc")
    assert concat(a + "b", None) == a + "b" and concat(None, "") == ""


def test_concat_limit_counts_utf8_bytes():
    half = "я" * (MAX_STRING_BYTES // 4)          # 2 bytes each: half the limit
    assert StringLength(concat(half, half)) == MAX_STRING_BYTES
    with pytest.raises(JassStringTooLong):
        concat(half, half + "x")
    raw = "\udcff" * (MAX_STRING_BYTES // 2)      # an undecodable byte counts one
    assert StringLength(concat(raw, raw)) == MAX_STRING_BYTES


DOUBLING = """
globals
    string s = "ab"
    integer rounds = 0
endglobals
function Main takes nothing returns nothing
    loop
        set s = s + s
        set rounds = rounds + 1
    endloop
endfunction
"""


@pytest.mark.parametrize("fast", [False, True])
def test_a_doubling_loop_crashes_the_thread_at_the_limit(fast):
    program = load_program([("t.j", DOUBLING.encode())], {}, use_cache=False).program
    vm = VM(program, fast=fast)
    vm.run_init()
    tracemalloc.start()
    vm.call("Main")
    peak = tracemalloc.get_traced_memory()[1]
    tracemalloc.stop()
    assert [(e.kind, e.message) for e in vm.errors] == [
        ("string-too-long", f"concatenation builds a string of at least {2 * MAX_STRING_BYTES} "
                            f"bytes, over the runtime's limit of {MAX_STRING_BYTES} bytes")]
    assert vm.errors[0].stack[-1].function == "Main"
    g = {slot.name: vm.globals[slot.index] for slot in program.globals}
    assert g["rounds"] == 15 and len(g["s"]) == MAX_STRING_BYTES
    assert peak < 10 * MAX_STRING_BYTES


TIMER_MAP = """
globals
    string s = "ab"
endglobals
function Double takes nothing returns nothing
    set s = s + s
endfunction
function main takes nothing returns nothing
    call TimerStart(CreateTimer(), 0.01, true, function Double)
endfunction
function config takes nothing returns nothing
endfunction
"""


def test_a_string_doubled_by_a_timer_stops_at_the_limit(tmp_path):
    """Was: memory grows without bound (over 6 GB) within a few game seconds."""
    script = tmp_path / "war3map.j"
    script.write_text(TIMER_MAP)
    report = tmp_path / "report.json"
    tracemalloc.start()
    result = CliRunner().invoke(main, ["run", str(script), "--until", "2s", "--report", str(report)],
                                env={"JASS_API": None, "NO_COLOR": "1"})
    peak = tracemalloc.get_traced_memory()[1]
    tracemalloc.stop()
    assert result.exit_code == 0, result.output
    errors = json.loads(report.read_text())["missions"][0]["errors"]
    # rounds 1..15 double "ab" up to 64 KiB; every tick after that crashes its thread
    assert len(errors) > 100 and {e["kind"] for e in errors} == {"string-too-long"}
    assert peak < 200_000_000


def test_bytecode_and_fast_path_crash_alike(monkeypatch):
    """Same op count, stack and globals at the crash in both modes (the fast path carries
    the pending op count into the crash, as for a division by zero)."""
    from jassvm import fastpath
    monkeypatch.setattr(fastpath, "HOT_CALLS", 1)
    src = DOUBLING.replace("set s = s + s", 'set s = s + ("" + s)')
    program = load_program([("t.j", src.encode())], {}, use_cache=False).program
    seen = []
    for fast in (False, True):
        vm = VM(program, fast=fast)
        vm.run_init()
        th = vm.call("Main")
        seen.append((th.ops, vm.total_ops, [(e.kind, [(s.function, s.line) for s in e.stack])
                                            for e in vm.errors],
                     [vm.globals[slot.index] for slot in program.globals]))
    assert seen[0] == seen[1]
    assert seen[0][2] == [("string-too-long", [("Main", 8)])]
