"""Campaign missions: load time (cold / cached) and game seconds simulated per wall second,
side by side in one run.

    python benchmarks/campaign.py [--until SECONDS] [--bytecode] [--digest] [--history N] [MAP_DIR ...]

For each corpus campaign mission (``../shared/corpus/maps/campaign-*``, or the map folders
given) with the API set its MANIFEST entry recommends (``api/1.30.4``):

- ``cold``: ``load_mission`` with an empty parse/program cache (a fresh ``JASS_CACHE_DIR``):
  parsing common.j, Blizzard.j and the map, checking, compiling;
- ``cached``: ``load_mission`` again with that cache filled (the compiled program comes
  from disk), what ``jass run`` costs from the second run on;
- ``run``: wall seconds of ``run_mission`` over ``--until`` game seconds (default 600, ten
  game minutes) with no player input, as ``jass run`` without ``--report`` plays it (no final
  state digest; ``--digest`` adds it, as ``--report`` does, and prints it under the row:
  ``digest MISSION SHA256``, the figure to compare before/after a change), and ``game s/s``: game seconds simulated per wall
  second; ``cpu s/s``: the same per CPU second of this process (``time.process_time``), the
  steadier figure on a machine other work shares; plus the JASS ops executed, threads started
  and runtime errors recorded.

``--history N`` schedules and cancels N scheduler entries before each mission starts: history
that leaves the state as it was, so the digests must be those of a run without it (saves number
entries by rank, not by how many were scheduled before: ``jassvm.scheduler.Scheduler.ranks``).

``--bytecode`` runs the VM's bytecode interpreter only (``vm.fast = False``) instead of the
default fast path (``jassvm.fastpath``). Missions run one after another in one process, so the
fast path's code cache built for common.j/Blizzard.j by the first mission also serves the
later ones (as in a campaign run). Wall times are ``time.perf_counter`` seconds on this
machine; compare rows of one run, not numbers across machines.
"""
from __future__ import annotations

import argparse
import os
import shutil
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))

from maps.runner import RunOptions, load_mission, run_mission  # noqa: E402

CORPUS = ROOT.parent / "shared" / "corpus"
API = CORPUS / "api" / "1.30.4"


def campaign_maps() -> list[Path]:
    """The corpus campaign mission folders, sorted by name."""
    return sorted(p for p in (CORPUS / "maps").glob("campaign-*") if p.is_dir())


def measure(folder: Path, until: float, bytecode: bool, digest: bool = False,
            history: int = 0) -> dict:
    """Load ``folder/war3map.j`` cold and cached, then run it ``until`` game seconds."""
    script = folder / "war3map.j"
    options = RunOptions(api=str(API), until=until, digest=digest)
    saved = os.environ.get("JASS_CACHE_DIR")
    cache = tempfile.mkdtemp(prefix="jass-bench-cache-")
    os.environ["JASS_CACHE_DIR"] = cache
    try:
        t0 = time.perf_counter()
        load_mission(script, options)
        cold = time.perf_counter() - t0
        t0 = time.perf_counter()
        mission = load_mission(script, options)
        cached = time.perf_counter() - t0
    finally:
        if saved is None:
            os.environ.pop("JASS_CACHE_DIR", None)
        else:
            os.environ["JASS_CACHE_DIR"] = saved
        shutil.rmtree(cache, ignore_errors=True)

    def hook(session) -> None:
        if bytecode:
            session.vm.fast = False
        scheduler = session.vm.scheduler
        for _ in range(history):
            scheduler.cancel(scheduler.schedule(0.0, "timer"))

    t0, c0 = time.perf_counter(), time.process_time()
    report, _ = run_mission(mission, options, session_hook=hook)
    run, cpu = time.perf_counter() - t0, time.process_time() - c0
    return {"map": folder.name, "cold": cold, "cached": cached, "run": run, "cpu": cpu,
            "game": report.game_time, "rate": report.game_time / run if run > 0 else float("inf"),
            "cpu_rate": report.game_time / cpu if cpu > 0 else float("inf"),
            "ops": report.ops, "threads": report.threads, "errors": len(report.errors),
            "digest": report.state_digest}


def main(argv: list[str] | None = None) -> int:
    """Measure the missions and print one table."""
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("maps", nargs="*", type=Path, help="map folders (default: corpus campaign-*)")
    ap.add_argument("--until", type=float, default=600.0, help="game seconds per mission (600)")
    ap.add_argument("--bytecode", action="store_true", help="interpret bytecode only (no fast path)")
    ap.add_argument("--digest", action="store_true",
                    help="end each run with the state digest, as jass run --report does")
    ap.add_argument("--history", type=int, default=0, metavar="N",
                    help="schedule and cancel N entries before each start (the digest must not change)")
    args = ap.parse_args(argv)
    folders = args.maps or campaign_maps()
    if not folders:
        print(f"no campaign maps under {CORPUS / 'maps'}", file=sys.stderr)
        return 1
    mode = "bytecode interpreter" if args.bytecode else "fast path"
    print(f"{len(folders)} missions, {args.until:g} game seconds each, API {API.name}, {mode}")
    head = (f"{'mission':<38} {'cold s':>7} {'cached s':>8} {'run s':>7} {'game s/s':>9} "
            f"{'cpu s/s':>8} {'ops':>10} {'threads':>8} {'errors':>6}")
    print(head)
    print("-" * len(head))
    rows = []
    for folder in folders:
        r = measure(folder, args.until, args.bytecode, args.digest, args.history)
        rows.append(r)
        print(f"{r['map']:<38} {r['cold']:>7.2f} {r['cached']:>8.2f} {r['run']:>7.2f} "
              f"{r['rate']:>9.0f} {r['cpu_rate']:>8.0f} {r['ops']:>10,} {r['threads']:>8,} {r['errors']:>6}", flush=True)
        if args.digest:
            print(f"  digest {r['map']} {r['digest']}", flush=True)
    total_run = sum(r["run"] for r in rows)
    total_cpu = sum(r["cpu"] for r in rows)
    total_game = sum(r["game"] for r in rows)
    print("-" * len(head))
    print(f"{'all':<38} {sum(r['cold'] for r in rows):>7.2f} {sum(r['cached'] for r in rows):>8.2f} "
          f"{total_run:>7.2f} {total_game / total_run if total_run else 0:>9.0f} "
          f"{total_game / total_cpu if total_cpu else 0:>8.0f} "
          f"{sum(r['ops'] for r in rows):>10,} {sum(r['threads'] for r in rows):>8,} "
          f"{sum(r['errors'] for r in rows):>6}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
