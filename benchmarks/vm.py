"""VM speed vs plain CPython, and cold vs cached load, measured side by side in one run.

    python benchmarks/vm.py

Prints, for each workload, the wall time of the JASS VM and of the same algorithm in plain
Python, and their ratio; then the load time of a large map script parsed cold vs from the
parse cache.
"""
from __future__ import annotations

import os
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from jassvm.loader import load_program  # noqa: E402
from jassvm.vm import VM  # noqa: E402

JASS = b"""
globals
    integer g_sum = 0
endglobals
function Fib takes integer n returns integer
    if n < 2 then
        return n
    endif
    return Fib(n - 1) + Fib(n - 2)
endfunction
function RunFib takes nothing returns nothing
    set g_sum = Fib(20)
endfunction
function RunLoop takes nothing returns nothing
    local integer i = 0
    local integer s = 0
    loop
        exitwhen i >= 40000
        set s = s + i * 2 - i / 3
        set i = i + 1
    endloop
    set g_sum = s
endfunction
"""


def py_fib(n: int) -> int:
    return n if n < 2 else py_fib(n - 1) + py_fib(n - 2)


def py_loop() -> int:
    i = s = 0
    while i < 40000:
        s = s + i * 2 - int(i / 3)
        i += 1
    return s


def timed(fn, repeat: int = 3) -> float:
    best = float("inf")
    for _ in range(repeat):
        t = time.perf_counter()
        fn()
        best = min(best, time.perf_counter() - t)
    return best


def main() -> None:
    prog = load_program([("bench.j", JASS)], {}, use_cache=False).program
    vm = VM(prog, op_limit=10**9)
    vm.run_init()
    rows = [("fib(20)", lambda: vm.call("RunFib"), lambda: py_fib(20)),
            ("loop 40k", lambda: vm.call("RunLoop"), py_loop)]
    print(f"{'workload':<12} {'jassvm s':>10} {'CPython s':>10} {'ratio':>8}")
    for name, jass, py in rows:
        tj, tp = timed(jass), timed(py)
        print(f"{name:<12} {tj:>10.4f} {tp:>10.4f} {tj / tp:>7.1f}x")
    big = Path(__file__).resolve().parents[2] / "shared/corpus/maps/campaign-orcx01-founding-of-durotar/war3map.j"
    if big.exists():
        data = big.read_bytes()
        os.environ["JASS_CACHE_DIR"] = tempfile.mkdtemp(prefix="jass-bench-cache-")
        from jassvm.loader import parse_cached
        cold = timed(lambda: parse_cached(data, "war3map.j", use_cache=False), repeat=1)
        parse_cached(data, "war3map.j")
        warm = timed(lambda: parse_cached(data, "war3map.j"), repeat=3)
        print(f"\nparse {big.name} ({len(data) // 1024} KiB): cold {cold:.2f} s, "
              f"cached {warm:.2f} s, ratio {cold / warm:.1f}x")


if __name__ == "__main__":
    main()
