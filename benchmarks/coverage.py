"""The cost of coverage and profiling: a corpus campaign's game minutes under ``jass run``,
with ``--cov`` (the map script's functions traced, the rest on the fast path), with every
function traced (``set_trace_all``: the scheme ``--cov`` does not use, for comparison), with
``--cov-blizzard``, and under ``jass profile`` (call hooks: every function as bytecode),
side by side in one run.

    python benchmarks/coverage.py [--until SECONDS] [--map DIR] [--repeat N]

Default: Human01 (``campaign-human01``, API 1.30.4) for 600 game seconds. The figure is wall
seconds of the play and its ratio to ``jass run``'s, the median of ``--repeat`` runs
(default 3). Each case checks that it played the same ops as ``jass run``.
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

from maps.jasscov import Coverage  # noqa: E402
from maps.profiler import Profile  # noqa: E402
from maps.runner import RunOptions, load_mission, run_mission  # noqa: E402

CORPUS = ROOT.parent / "shared" / "corpus"
API = CORPUS / "api" / "1.30.4"


class _Lines:
    """A line hook counting every line of every function (the trace-all scheme)."""

    def __init__(self) -> None:
        self.hits: dict = {}

    def line(self, th, frame, line) -> None:
        key = (frame.fn.file, line)
        self.hits[key] = self.hits.get(key, 0) + 1


def play(script: Path, until: float, case: str) -> tuple[float, int]:
    options = RunOptions(api=str(API), until=until)
    mission = load_mission(script, options)
    hook = None
    if case in ("cov", "cov-blizzard"):
        cov = Coverage(blizzard=case == "cov-blizzard")
        hook = lambda s: cov.attach(s, mission)  # noqa: E731
    elif case == "trace-all":
        def hook(s):
            s.vm.instrument.set_trace_all(True)
            s.vm.hooks.add(_Lines())
    elif case == "profile":
        hook = Profile().attach
    t0 = time.perf_counter()
    report, _session = run_mission(mission, options, session_hook=hook)
    return time.perf_counter() - t0, report.ops


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--until", type=float, default=600.0)
    ap.add_argument("--map", default=str(CORPUS / "maps" / "campaign-human01"))
    ap.add_argument("--repeat", type=int, default=3)
    args = ap.parse_args()
    script = Path(args.map) / "war3map.j"
    play(script, 5.0, "plain")      # fill the program cache: every case then loads from it
    cases = {"jass run": "plain", "jass run --cov": "cov", "every function traced": "trace-all",
             "jass run --cov --cov-blizzard": "cov-blizzard", "jass profile": "profile"}
    results: dict[str, list[float]] = {}
    ops: dict[str, int] = {}
    for _ in range(args.repeat):           # interleaved, so load on the machine hits all cases
        for name, case in cases.items():
            wall, n = play(script, args.until, case)
            results.setdefault(name, []).append(wall)
            ops[name] = n
    assert len(set(ops.values())) == 1, f"the cases played different ops: {ops}"
    base = statistics.median(results["jass run"])
    print(f"{Path(args.map).name}, {args.until:.0f} game seconds, {ops['jass run']:,} ops, median of {args.repeat}")
    print(f"{'case':<32} {'wall s':>8} {'vs jass run':>12}")
    for name in cases:
        wall = statistics.median(results[name])
        print(f"{name:<32} {wall:>8.2f} {wall / base:>11.2f}x")


if __name__ == "__main__":
    main()
