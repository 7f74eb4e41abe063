"""The debugger's cost: a corpus campaign's game minutes under ``jass run``, under the debugger
with no breakpoint, and with one breakpoint in a function that is never reached, side by side
in one run (issue 10 target: both debugger cases at least half of ``jass run``'s speed).

    python benchmarks/debug.py [--until SECONDS] [--map DIR] [--function NAME] [--repeat N]

Default: Human01 (``campaign-human01``, API 1.30.4) for 600 game seconds, breakpoint in
``Trig_Victory_Actions`` (the ending: not reached in the first ten minutes without player
input; the script checks that it was never hit). Each case loads the mission (from the
program cache after the first) and plays it; the figure is wall seconds of the play and game
seconds per wall second, the median of ``--repeat`` runs (default 3).

Then time travel (issue 11 target: a step back under 1 s there): the debugger runs to game
time ``--until``, steps to the next line any thread runs, and steps back; the figure is the
wall time of that step back, with the number of checkpoints and their memory.
"""
from __future__ import annotations

import argparse
import statistics
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))

from debugger.engine import Debugger  # noqa: E402
from maps.runner import RunOptions, load_mission, run_mission  # noqa: E402

CORPUS = ROOT.parent / "shared" / "corpus"
API = CORPUS / "api" / "1.30.4"


class _Silent:
    def output(self, category, text):
        pass

    def stopped(self, dbg, stop):
        raise SystemExit(f"unexpected stop: {stop}")


def plain(script: Path, until: float) -> float:
    options = RunOptions(api=str(API), until=until)
    mission = load_mission(script, options)
    t0 = time.perf_counter()
    run_mission(mission, options)
    return time.perf_counter() - t0


def debugged(script: Path, until: float, function: str | None) -> float:
    dbg = Debugger(script, api=str(API), until=until, frontend=_Silent())
    if function:
        bp = dbg.set_function_breakpoints([{"name": function}])[0]
    t0 = time.perf_counter()
    dbg.run()
    elapsed = time.perf_counter() - t0
    if function:
        assert bp.verified and bp.hits == 0, f"the breakpoint in {function} was reached or not placed"
    return elapsed


class _StepBack:
    """Front end of the time-travel case: until ``until``, one step in, one step back."""

    def __init__(self, until: float) -> None:
        self.until = until
        self.stops = 0
        self.t0 = 0.0
        self.back = None
        self.where = ""

    def output(self, category, text):
        pass

    def stopped(self, dbg, stop):
        self.stops += 1
        if self.stops == 1:
            dbg.until_time(self.until)
        elif self.stops == 2:
            dbg.step_in()
        elif self.stops == 3:
            self.where = stop.description
            self.t0 = time.perf_counter()
            dbg.step_back(stop.thread_id)
        else:
            if self.back is None:
                self.back = time.perf_counter() - self.t0
                self.checkpoints = (len(dbg.checkpoints.items), dbg.checkpoints.memory)
            dbg.continue_()


def step_back(script: Path, until: float) -> _StepBack:
    fe = _StepBack(until)
    Debugger(script, api=str(API), until=until + 120, frontend=fe, stop_on_entry=True).run()
    return fe


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--until", type=float, default=600.0)
    ap.add_argument("--map", default=str(CORPUS / "maps" / "campaign-human01"))
    ap.add_argument("--function", default="Trig_Victory_Actions")
    ap.add_argument("--repeat", type=int, default=3)
    args = ap.parse_args()
    script = Path(args.map) / "war3map.j"
    plain(script, 5.0)      # fill the program cache: every case then loads from it
    cases = [("jass run", lambda: plain(script, args.until)),
             ("debugger, no breakpoint", lambda: debugged(script, args.until, None)),
             (f"debugger, breakpoint in {args.function}", lambda: debugged(script, args.until, args.function))]
    results = {}
    for _ in range(args.repeat):           # interleaved, so load on the machine hits all cases
        for name, run in cases:
            results.setdefault(name, []).append(run())
    base = statistics.median(results["jass run"])
    print(f"{Path(args.map).name}, {args.until:.0f} game seconds, median of {args.repeat}")
    print(f"{'case':<48} {'wall s':>8} {'game s/s':>10} {'vs jass run':>12}")
    for name, _ in cases:
        wall = statistics.median(results[name])
        print(f"{name:<48} {wall:>8.2f} {args.until / wall:>10.0f} {base / wall:>11.2f}x")
    backs = [step_back(script, args.until) for _ in range(args.repeat)]
    done = [b for b in backs if b.back is not None]
    if not done:
        print(f"step back: no line ran within 120 game seconds after {args.until:.0f} s")
        return
    n, memory = done[0].checkpoints
    print(f"step back at {args.until:.0f} s ({done[0].where}): {statistics.median(b.back for b in done):.2f} s wall, "
          f"{n} checkpoints, {memory / 1024:.0f} KiB")


if __name__ == "__main__":
    main()
