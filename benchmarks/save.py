"""Save and load against running there, side by side in one run (issue 9).

    python benchmarks/save.py [--until SECONDS] [MAP_FOLDER ...]

For each map (default: the corpus map with the largest script, ``custom-dwc-optimized``,
with the API set MANIFEST.md recommends for it, plus the campaign mission ``campaign-orc03``):

- ``run``: wall seconds of ``run_mission`` from the start to ``--until`` game seconds
  (default 600), the cost a save saves;
- ``save``: wall seconds of ``write_save`` (encode the state, compress) at that point, and
  the file size;
- ``load``: wall seconds from the save's bytes to a session ready to play on: parse and
  check the file, build a fresh session for the (already loaded) program, restore;
- ``run/load``: how many times faster loading is than running there (target: >= 20).

The program is loaded (from the program cache) before anything is timed, as both a run and
a load need it. Wall times are ``time.perf_counter`` seconds on this machine; compare rows of
one run, not numbers across machines.
"""
from __future__ import annotations

import argparse
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))

from maps.runner import RunOptions, load_mission, new_session, run_mission  # noqa: E402
from natives.snapshot import load_save, read_save, write_save  # noqa: E402

CORPUS = ROOT.parent / "shared" / "corpus"
DEFAULT = [("custom-dwc-optimized", "1.26"), ("campaign-orc03", "1.30.4")]


def measure(folder: str, api: str, until: float) -> dict:
    options = RunOptions(api=str(CORPUS / "api" / api), until=until)
    mission = load_mission(CORPUS / "maps" / folder / "war3map.j", options)
    t0 = time.perf_counter()
    _report, session = run_mission(mission, options)
    run = time.perf_counter() - t0
    t0 = time.perf_counter()
    data = write_save(session, mission.identity)
    save = time.perf_counter() - t0
    t0 = time.perf_counter()
    with tempfile.TemporaryDirectory() as sandbox:
        fresh = new_session(mission, options, sandbox)
        load_save(fresh, read_save(data), mission.identity)
        load = time.perf_counter() - t0
    return {"map": folder, "game_s": session.vm.scheduler.now, "run": run, "save": save,
            "size": len(data), "load": load, "ratio": run / load}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--until", type=float, default=600.0, help="game seconds (default 600)")
    parser.add_argument("maps", nargs="*", help="corpus map folders (API 1.26 unless campaign-*)")
    args = parser.parse_args()
    maps = [(m, "1.30.4" if m.startswith("campaign-") else "1.26") for m in args.maps] or DEFAULT
    print(f"{'map':<26} {'game s':>7} {'run s':>7} {'save s':>7} {'size KiB':>9} {'load s':>7} {'run/load':>9}")
    for folder, api in maps:
        r = measure(folder, api, args.until)
        print(f"{r['map']:<26} {r['game_s']:>7.0f} {r['run']:>7.2f} {r['save']:>7.3f} "
              f"{r['size'] / 1024:>9.0f} {r['load']:>7.3f} {r['ratio']:>8.1f}x")


if __name__ == "__main__":
    main()
