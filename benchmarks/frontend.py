"""Front-end speed as whole processes, measured side by side in one run (issue 17).

    python benchmarks/frontend.py [--runs N] [--wall] [--only check|load|run|parse]

Prints medians of paired runs (each figure's runs alternate with the reference's) as ratios.
A process is timed by the CPU time it used (user + system, from ``getrusage``), not wall time,
so that other work on the machine changes the figures less; ``--wall`` times wall seconds.

- ``jass check`` of 1.33.0 common.j + Blizzard.j, and of those plus the largest corpus map,
  cold (an empty cache folder), warm (the same check again) and with only the map changed
  (its API files come from the parse cache), against ``python -c pass`` (the process floor)
  and against ``pjass`` when it is on the PATH;
- loading 1.33.0 common.j + Blizzard.j for a run (parse, check, compile, natives bound), cold
  and from the program cache (without and with ``.pyc`` files), against the process floor;
- ``jass run`` of the bundled demo campaign (no MAP: two missions, built-in API) as a whole
  process, warm (the program cache filled, ``.pyc`` files written), against the process floor
  (issue 17: within 3x of it is the target);
- parsing the largest map in this process, against lark's bare parse of it (lark's own
  contextual lexer and LALR parser building its generic tree, no tree builder of ours).
"""
from __future__ import annotations

import argparse
import os
import resource
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

CORPUS = ROOT.parent / "shared" / "corpus"
API = CORPUS / "api" / "1.33.0"
MAP = CORPUS / "maps" / "custom-dwc-optimized" / "war3map.j"
JASS = [sys.executable, "-m", "cli"]
LOAD_API = ("import sys; from jassvm.loader import load_program; from natives.session import bind_natives; "
            "load_program([(p, open(p, 'rb').read()) for p in sys.argv[1:]], bind_natives())")


WALL = False


def run(cmd: list[str], env: dict | None = None, cwd: Path | str = ROOT) -> float:
    """Seconds of one whole process, CPU (or wall with ``--wall``); output discarded."""
    before, t = resource.getrusage(resource.RUSAGE_CHILDREN), time.perf_counter()
    subprocess.run(cmd, cwd=cwd, env=env, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    after, wall = resource.getrusage(resource.RUSAGE_CHILDREN), time.perf_counter() - t
    if WALL:
        return wall
    return after.ru_utime - before.ru_utime + after.ru_stime - before.ru_stime


def paired(ours, reference, runs: int) -> tuple[float, float]:
    """Medians of ``runs`` alternating runs of ``ours()`` and ``reference()``."""
    a, b = [], []
    for _ in range(runs):
        a.append(ours())
        b.append(reference())
    return statistics.median(a), statistics.median(b)


def cache_env(folder: str) -> dict:
    return {**os.environ, "JASS_CACHE_DIR": folder}


def fresh_cache() -> str:
    return tempfile.mkdtemp(prefix="jass-bench-frontend-")


def row(label: str, ours: float, ref: float, ref_name: str) -> None:
    print(f"{label:<58} {ours * 1000:>9.0f} ms  {ref_name} {ref * 1000:>7.0f} ms  {ours / ref:>7.1f}x")


def check_figures(files: list[Path], label: str, runs: int, floor) -> None:
    """``jass check`` of common.j (from ``--api``), Blizzard.j and ``files``; with a map in
    ``files`` also the check after an edit of the map."""
    files = [API / "Blizzard.j", *files]
    check = JASS + ["check", "--api", str(API), *map(str, files)]
    pjass = shutil.which("pjass")
    refs = [("python -c pass", floor)]
    if pjass:
        refs.append(("pjass", lambda: run([pjass, str(API / "common.j"), *map(str, files)])))

    def cold() -> float:
        folder = fresh_cache()
        try:
            return run(check, cache_env(folder))
        finally:
            shutil.rmtree(folder, ignore_errors=True)

    warm_folder = fresh_cache()
    run(check, cache_env(warm_folder))
    for ref_name, ref in refs:
        row(f"check {label}, cold", *paired(cold, ref, max(1, runs // 2)), ref_name)
        row(f"check {label}, warm", *paired(lambda: run(check, cache_env(warm_folder)), ref, runs), ref_name)
    if len(files) > 1:
        edited = Path(warm_folder) / "edited" / files[-1].name
        edited.parent.mkdir()
        counter = iter(range(10 ** 6))

        def map_changed() -> float:
            edited.write_bytes(files[-1].read_bytes() + b"\n// edit %d\n" % next(counter))
            return run(JASS + ["check", "--api", str(API), *map(str, files[:-1]), str(edited)],
                       cache_env(warm_folder))

        row(f"check {label}, only the map changed", *paired(map_changed, floor, max(1, runs // 2)),
            "python -c pass")
    shutil.rmtree(warm_folder, ignore_errors=True)


def load_figures(runs: int, floor) -> None:
    """Loading 1.33.0 common.j + Blizzard.j for a run, cold and from the program cache; the
    cached load both without ``.pyc`` files (``PYTHONDONTWRITEBYTECODE=1`` and none on disk: every
    module of the project compiled again, as on a machine that sets it) and with them. The
    project's packages are copied to a temporary folder for this, so the checkout's own
    ``__pycache__`` folders are neither read nor written."""
    api = [str(API / "common.j"), str(API / "Blizzard.j")]
    load = [sys.executable, "-c", LOAD_API, *api]
    folder = fresh_cache()
    with tempfile.TemporaryDirectory(prefix="jass-bench-code-") as code:
        for package in ("jassvm", "natives"):
            shutil.copytree(ROOT / package, Path(code) / package,
                            ignore=shutil.ignore_patterns("__pycache__"))
        env = cache_env(folder)
        no_pyc = {**env, "PYTHONDONTWRITEBYTECODE": "1"}
        with_pyc = {k: v for k, v in env.items() if k != "PYTHONDONTWRITEBYTECODE"}

        def cold() -> float:
            shutil.rmtree(folder, ignore_errors=True)
            return run(load, no_pyc, cwd=code)

        row("load 1.33.0 API for a run, cold", *paired(cold, floor, max(1, runs // 2)), "python -c pass")
        run(load, no_pyc, cwd=code)
        row("load 1.33.0 API for a run, from the program cache, no .pyc",
            *paired(lambda: run(load, no_pyc, cwd=code), floor, runs), "python -c pass")
        run(load, with_pyc, cwd=code)   # writes the .pyc files
        row("load 1.33.0 API for a run, from the program cache, with .pyc",
            *paired(lambda: run(load, with_pyc, cwd=code), floor, runs), "python -c pass")
    shutil.rmtree(folder, ignore_errors=True)


def run_figures(runs: int, floor) -> None:
    """``jass run`` of the bundled demo campaign, warm: the program cache and the ``.pyc``
    files written by a first run. The project (``cli.py`` and its packages, the demo included)
    is copied to a temporary folder, so the checkout's own ``__pycache__`` folders are neither
    read nor written."""
    folder = fresh_cache()
    with tempfile.TemporaryDirectory(prefix="jass-bench-code-") as code:
        for package in ("jassvm", "natives", "maps"):
            shutil.copytree(ROOT / package, Path(code) / package,
                            ignore=shutil.ignore_patterns("__pycache__"))
        shutil.copy(ROOT / "cli.py", Path(code) / "cli.py")
        env = {k: v for k, v in cache_env(folder).items() if k != "PYTHONDONTWRITEBYTECODE"}
        jass_run = JASS + ["run"]
        run(jass_run, env, cwd=code)   # fills the program cache, writes the .pyc files
        row("jass run (bundled demo campaign), warm",
            *paired(lambda: run(jass_run, env, cwd=code), floor, runs), "python -c pass")
    shutil.rmtree(folder, ignore_errors=True)


def parse_figures() -> None:
    from lark import Lark

    from jassvm import parser
    data = MAP.read_bytes()
    grammar = (ROOT / "jassvm" / "jass.lark").read_text()
    bare = Lark(grammar, parser="lalr", lexer="contextual", propagate_positions=False,
                maybe_placeholders=False)
    text = data.decode("latin-1") + "\n"
    parser.parse(b"function f takes nothing returns nothing\nendfunction\n", "warm-up.j")
    ours = min(timed(lambda: parser.parse(data, "war3map.j")) for _ in range(2))
    ref = min(timed(lambda: bare.parse(text)) for _ in range(2))
    row(f"parse {MAP.parent.name} in process (to jassvm.ast)", ours, ref, "lark bare")


def timed(fn) -> float:
    clock = time.perf_counter if WALL else time.process_time
    t = clock()
    fn()
    return clock() - t


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--runs", type=int, default=5, help="paired runs per warm figure (cold: half)")
    ap.add_argument("--wall", action="store_true", help="wall time instead of CPU time")
    ap.add_argument("--only", choices=("check", "load", "run", "parse"), help="only these figures")
    args = ap.parse_args()
    runs = args.runs
    global WALL
    WALL = args.wall
    if args.only != "run" and (not API.is_dir() or not MAP.is_file()):
        sys.exit(f"the shared corpus is absent ({API}, {MAP})")
    floor = lambda: run([sys.executable, "-c", "pass"])  # noqa: E731
    if not shutil.which("pjass"):
        print("pjass is not on the PATH: figures are against the process floor (python -c pass) only")
    print(f"{'work':<58} {'ours':>12}  {'reference':>18}  {'ratio':>7}")
    if args.only in (None, "check"):
        check_figures([], "1.33.0 common.j + Blizzard.j", runs, floor)
        check_figures([MAP], f"those + {MAP.parent.name} ({MAP.stat().st_size / 1e6:.2f} MB)", runs, floor)
    if args.only in (None, "load"):
        load_figures(runs, floor)
    if args.only in (None, "run"):
        run_figures(runs, floor)
    if args.only in (None, "parse"):
        parse_figures()


if __name__ == "__main__":
    main()
