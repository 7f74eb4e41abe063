"""VM speed vs plain CPython, and cold vs cached load, measured side by side in one run.

    python benchmarks/vm.py [--cpu] [--only WORKLOAD]... [--repeat N]

Prints, for each workload, its rate (loop iterations or JASS calls per second) on the bytecode
interpreter (``vm.fast = False``), on the fast path (``jassvm.fastpath``, the default) and for
the same algorithm in plain Python, with the ratios; then the load time of a large map script
parsed cold vs from the parse cache, and of 1.33.0 common.j + Blizzard.j loaded cold vs from
the program cache.

``--cpu`` times CPU seconds of this process (``time.process_time``) instead of wall time: on a
shared machine the ratios move less. ``--only`` runs the named workloads (``loop``, ``Add call``,
...) and skips the load figures; ``--repeat`` is the number of timed runs each rate is the best
of (default 3).

Workloads: the loop of issue #3 (``set total = total + i * 2`` / ``set i = i + 1`` /
``exitwhen i > n``), the same loop calling a 2-argument function ``Add`` (a leaf: the bytecode
tier computes it without a frame), the loop calling ``AddLocal``, the same sum kept in a local
first (a frame, no nested call: the 2-argument call to compare with a C interpreter's), the
loop calling ``AddVia``, a 2-argument function with a
local that calls ``Add`` (a general call: a frame; both calls counted), and ``Fib(20)`` (calls
per second).
"""
from __future__ import annotations

import argparse
import os
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from jassvm.loader import load_program  # noqa: E402
from jassvm.values import wrap_int  # noqa: E402
from jassvm.vm import VM  # noqa: E402

JASS = b"""
globals
    integer g_n = 0
    integer g_sum = 0
endglobals
function Add takes integer a, integer b returns integer
    return a + b
endfunction
function Loop takes integer n returns integer
    local integer i = 0
    local integer total = 0
    loop
        set total = total + i * 2
        set i = i + 1
        exitwhen i > n
    endloop
    return total
endfunction
function CallLoop takes integer n returns integer
    local integer i = 0
    local integer total = 0
    loop
        set total = Add(total, i)
        set i = i + 1
        exitwhen i > n
    endloop
    return total
endfunction
function AddLocal takes integer a, integer b returns integer
    local integer s = a + b
    return s
endfunction
function LocalLoop takes integer n returns integer
    local integer i = 0
    local integer total = 0
    loop
        set total = AddLocal(total, i)
        set i = i + 1
        exitwhen i > n
    endloop
    return total
endfunction
function AddVia takes integer a, integer b returns integer
    local integer s = Add(a, b)
    return s - 1
endfunction
function ViaLoop takes integer n returns integer
    local integer i = 0
    local integer total = 0
    loop
        set total = AddVia(total, i)
        set i = i + 1
        exitwhen i > n
    endloop
    return total
endfunction
function Fib takes integer n returns integer
    if n < 2 then
        return n
    endif
    return Fib(n - 1) + Fib(n - 2)
endfunction
function RunLoop takes nothing returns nothing
    set g_sum = Loop(g_n)
endfunction
function RunCallLoop takes nothing returns nothing
    set g_sum = CallLoop(g_n)
endfunction
function RunLocalLoop takes nothing returns nothing
    set g_sum = LocalLoop(g_n)
endfunction
function RunViaLoop takes nothing returns nothing
    set g_sum = ViaLoop(g_n)
endfunction
function RunFib takes nothing returns nothing
    set g_sum = Fib(g_n)
endfunction
"""


def py_loop(n: int) -> int:
    i = total = 0
    while True:
        total = total + i * 2
        i = i + 1
        if i > n:
            break
    return total


def py_add(a: int, b: int) -> int:
    return a + b


def py_call_loop(n: int) -> int:
    i = total = 0
    while True:
        total = py_add(total, i)
        i = i + 1
        if i > n:
            break
    return total


def py_add_local(a: int, b: int) -> int:
    s = a + b
    return s


def py_local_loop(n: int) -> int:
    i = total = 0
    while True:
        total = py_add_local(total, i)
        i = i + 1
        if i > n:
            break
    return total


def py_add_via(a: int, b: int) -> int:
    s = py_add(a, b)
    return s - 1


def py_via_loop(n: int) -> int:
    i = total = 0
    while True:
        total = py_add_via(total, i)
        i = i + 1
        if i > n:
            break
    return total


def py_fib(n: int) -> int:
    return n if n < 2 else py_fib(n - 1) + py_fib(n - 2)


def fib_calls(n: int) -> int:
    """Calls made by Fib(n) (its own included)."""
    a, b = 1, 1   # calls of Fib(0), Fib(1)
    for _ in range(n - 1):
        a, b = b, a + b + 1
    return b if n >= 1 else a


# (name, JASS runner, Python function, n for bytecode, fast, Python, units done for n)
WORKLOADS = [
    ("loop", "RunLoop", py_loop, 100_000, 1_000_000, 2_000_000, lambda n: n + 1),
    ("Add call", "RunCallLoop", py_call_loop, 50_000, 500_000, 1_000_000, lambda n: n + 1),
    ("Local call", "RunLocalLoop", py_local_loop, 50_000, 500_000, 1_000_000, lambda n: n + 1),
    ("Via call", "RunViaLoop", py_via_loop, 25_000, 250_000, 500_000, lambda n: 2 * (n + 1)),
    ("Fib", "RunFib", py_fib, 18, 22, 24, fib_calls),
]


CLOCK = time.perf_counter
REPEAT = 3


def best_time(fn, repeat: int | None = None) -> float:
    best = float("inf")
    for _ in range(REPEAT if repeat is None else repeat):
        t = CLOCK()
        fn()
        best = min(best, CLOCK() - t)
    return best


def jass_rate(prog, runner: str, n: int, fast: bool, check) -> float:
    """Units per second of ``runner`` with ``g_n = n`` (a warm-up call translates it first)."""
    vm = VM(prog, op_limit=10 ** 12, fast=fast)
    vm.run_init()
    vm.write_global("g_n", 3)
    vm.call(runner)
    vm.write_global("g_n", n)

    def run():
        vm.call(runner)
        assert not vm.errors, vm.errors[0].format()
        assert vm.read_global("g_sum") == check, (runner, vm.read_global("g_sum"), check)

    return n / best_time(run)


def main(argv: list[str] | None = None) -> None:
    global CLOCK, REPEAT
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--cpu", action="store_true", help="time CPU seconds, not wall time")
    parser.add_argument("--only", action="append", metavar="WORKLOAD",
                        choices=[w[0] for w in WORKLOADS], help="run only this workload")
    parser.add_argument("--repeat", type=int, default=3, help="timed runs per rate (best of)")
    args = parser.parse_args(argv)
    CLOCK = time.process_time if args.cpu else time.perf_counter
    REPEAT = max(1, args.repeat)
    prog = load_program([("bench.j", JASS)], {}, use_cache=False).program
    print(f"{'workload':<10} {'unit':<11} {'bytecode/s':>12} {'fast/s':>12} {'CPython/s':>12} "
          f"{'CPy/bytecode':>13} {'CPy/fast':>9} {'fast/bytecode':>14}")
    for name, runner, py, n_slow, n_fast, n_py, units in WORKLOADS:
        if args.only and name not in args.only:
            continue
        slow = jass_rate(prog, runner, n_slow, False, wrap_int(py(n_slow))) * units(n_slow) / n_slow
        fast = jass_rate(prog, runner, n_fast, True, wrap_int(py(n_fast))) * units(n_fast) / n_fast
        cpy = units(n_py) / best_time(lambda: py(n_py))
        unit = "calls" if name != "loop" else "iterations"
        print(f"{name:<10} {unit:<11} {slow:>12,.0f} {fast:>12,.0f} {cpy:>12,.0f} "
              f"{cpy / slow:>12.1f}x {cpy / fast:>8.1f}x {fast / slow:>13.1f}x")
    if args.only:
        return
    big = Path(__file__).resolve().parents[2] / "shared/corpus/maps/campaign-orcx01-founding-of-durotar/war3map.j"
    if big.exists():
        data = big.read_bytes()
        os.environ["JASS_CACHE_DIR"] = tempfile.mkdtemp(prefix="jass-bench-cache-")
        from jassvm.loader import parse_cached
        cold = best_time(lambda: parse_cached(data, "war3map.j", use_cache=False), repeat=1)
        parse_cached(data, "war3map.j")
        warm = best_time(lambda: parse_cached(data, "war3map.j"), repeat=3)
        print(f"\nparse {big.name} ({len(data) // 1024} KiB): cold {cold:.2f} s, "
              f"cached {warm:.2f} s, ratio {cold / warm:.1f}x")
    api = Path(__file__).resolve().parents[2] / "shared/corpus/api/1.33.0"
    if api.exists():
        from natives.session import load_natives
        natives = load_natives()
        sources = [(str(api / n), (api / n).read_bytes()) for n in ("common.j", "Blizzard.j")]
        os.environ["JASS_CACHE_DIR"] = tempfile.mkdtemp(prefix="jass-bench-cache-")
        cold = best_time(lambda: load_program(sources, natives), repeat=1)
        warm = best_time(lambda: load_program(sources, natives), repeat=5)
        print(f"load 1.33.0 common.j + Blizzard.j (parse, check, compile): cold {cold:.2f} s, "
              f"from the program cache {warm * 1000:.0f} ms, ratio {cold / warm:.0f}x")


if __name__ == "__main__":
    main()
