"""Cost growth with the size of the game, side by side in one run (issue 16).

    python benchmarks/scale.py [--quick] [--case units|timers|threads]

Each case runs in a fresh Python process (so peak memory is its own), at growing sizes:

- ``units``: N units created with ``CreateUnit`` semantics (``UnitStore.create_unit``: the
  seed 003 placement search) at a constant density: two units requested at each point of a
  grid of 128-unit spacing on a square that grows with N, so every second creation searches
  for the nearest free point; then enumerated: one ``units_in_range`` of 512 world units
  around each of 1,000 points spread over the square;
- ``timers``: N periodic 1-second timers (``TimerStore.start``) over 10 game seconds;
- ``threads``: N JASS action threads each looping ``TriggerSleepAction(1.0)`` for ten game
  minutes (600 wake-ups per thread).

For each size it prints wall seconds, CPU seconds of the process (what the wall time would
be on an idle machine: the machine is shared), peak resident memory (MiB, ``ru_maxrss``) and,
against the smallest size, the CPU cost per item as a ratio (1.0 = flat) and the memory per
item beyond the first (against the same case with one item): ``B/item`` from the resident memory (coarse:
the allocator takes memory from the system a MiB at a time, about 1 KiB per item at 1k),
``traced B/item`` the peak of Python's allocations (``tracemalloc``) in a second run of the
case, cut to its first game seconds (the items are all alive by then). Targets (issue 16): 100k units created in under 10 s; cost
per unit, timer and thread flat (within 2x) from the smallest to the largest size; at most
1 KiB per handle beyond the first. ``--quick`` runs the two smallest sizes only, ``--case``
(repeatable) the cases named.
"""
from __future__ import annotations

import argparse
import json
import math
import resource
import subprocess
import sys
import time
import tracemalloc
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
SIZES = {"units": [1_000, 10_000, 100_000], "timers": [10_000, 100_000], "threads": [1_000, 10_000]}

THREADS_SCRIPT = """
function Sleeper takes nothing returns nothing
    local integer i = 0
    loop
        exitwhen i == 600
        call TriggerSleepAction(1.0)
        set i = i + 1
    endloop
endfunction
function main takes nothing returns nothing
endfunction
"""


def _session(script: str = "function main takes nothing returns nothing\nendfunction\n"):
    from jassvm.loader import load_program
    from natives.builtin import builtin_source
    from natives.session import GameSession, load_natives
    sources = [("builtin.j", builtin_source()), ("scale.j", script.encode())]
    return GameSession(load_program(sources, load_natives()).program)


def case_units(n: int) -> None:
    from natives.unitdata import rawcode
    from natives.units import units_in_range
    s = _session()
    game = s.game
    footman, owner = rawcode("hfoo"), game.players.slots[0]
    side = math.ceil(math.sqrt(n / 2))
    origin = -side * 64.0
    for i in range(n):
        cell = i // 2
        x, y = origin + (cell % side) * 128.0, origin + (cell // side) * 128.0
        game.units.create_unit(owner, footman, x, y, 0.0)
    step = side * 128.0 / 40
    for i in range(1000):
        units_in_range(game.units, origin + (i % 40) * step, origin + (i // 40) * step, 512.0)


def case_timers(n: int, seconds: float = 10.0) -> None:
    """Start ``n`` periodic 1-second timers and advance ``seconds`` game seconds."""
    from natives.timers import Timer
    s = _session()
    store = s.game.timers
    for _ in range(n):
        store.start(s.game.handles.allocate(Timer()), 1.0, True, None)
    s.advance(seconds)


def case_threads(n: int, seconds: float = 600.0) -> None:
    """Start ``n`` threads of ``THREADS_SCRIPT`` (each sleeping in a loop) and advance
    ``seconds`` game seconds."""
    s = _session(THREADS_SCRIPT)
    fn = s.program.functions["Sleeper"]
    for _ in range(n):
        s.vm.start_thread([fn], "action", None)
    s.advance(seconds)
    assert seconds < 600.0 or not s.vm.threads, "threads still sleeping"


TRACED_SECONDS = {"timers": {"seconds": 2.0}, "threads": {"seconds": 2.0}}
"""How the traced run cuts a case short (game seconds): its items are alive from the start."""


def child(case: str, n: int, traced: bool = False) -> None:
    """Run one case of ``n`` items and print wall seconds and peak RSS, or
    (``traced``) the peak bytes Python allocated while it ran."""
    base = _session()   # imports and the first program load are not the case's cost
    del base
    if traced:
        tracemalloc.start()
        if n:
            globals()[f"case_{case}"](n, **TRACED_SECONDS.get(case, {}))
        print(json.dumps({"traced": tracemalloc.get_traced_memory()[1]}))
        return
    t0, c0 = time.perf_counter(), time.process_time()
    if n:
        globals()[f"case_{case}"](n)
    wall, cpu = time.perf_counter() - t0, time.process_time() - c0
    rss = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss * 1024
    print(json.dumps({"wall": wall, "cpu": cpu, "rss": rss}))


def run(case: str, n: int, traced: bool = False) -> dict:
    """Run one case in a child process; its figures: wall and CPU seconds, RSS bytes
    (and the tracemalloc peak when ``traced``)."""
    out = subprocess.run([sys.executable, __file__, "--child", case, str(n), *(["traced"] if traced else [])],
                         cwd=ROOT, capture_output=True, text=True, check=True)
    return json.loads(out.stdout.strip().splitlines()[-1])


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--quick", action="store_true", help="the two smallest sizes only")
    parser.add_argument("--case", action="append", choices=sorted(SIZES), help="only these cases")
    parser.add_argument("--child", nargs="+", metavar="CASE N [traced]", help=argparse.SUPPRESS)
    args = parser.parse_args()
    if args.child:
        sys.path.insert(0, str(ROOT))
        child(args.child[0], int(args.child[1]), args.child[2:] == ["traced"])
        return
    print(f"{'case':<8} {'n':>8} {'wall s':>8} {'cpu s':>8} {'peak MiB':>9} {'cost/item':>10} {'B/item':>8}"
          f" {'traced B/item':>14}")
    for case, sizes in SIZES.items():
        if args.case and case not in args.case:
            continue
        sizes = sizes[:2] if args.quick else sizes
        one, one_traced = run(case, 1), run(case, 1, traced=True)   # "beyond the first"
        first = None
        for n in sizes:
            r = run(case, n)
            per_item = r["cpu"] / n
            first = first or per_item
            extra = max(0, r["rss"] - one["rss"]) / (n - 1)
            traced = (run(case, n, traced=True)["traced"] - one_traced["traced"]) / (n - 1)
            print(f"{case:<8} {n:>8} {r['wall']:>8.2f} {r['cpu']:>8.2f} {r['rss'] / 2**20:>9.1f} "
                  f"{per_item / first:>9.2f}x {extra:>8.0f} {traced:>14.0f}")


if __name__ == "__main__":
    main()
