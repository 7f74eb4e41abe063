"""What a scenario's ``run_until`` costs by kind of condition, side by side in one run.

    python benchmarks/waits.py [--within 31m] [MAP_DIR ...]

For each mission (default: the corpus' ``campaign-orcx01-founding-of-durotar`` and
``campaign-nightelfx06``, the two with the most trigger runs: 55,000 and 110,000 in 31
game minutes without player input), ``JassGame.run_until`` waits the same game time
(``--within``, default 31 minutes: the wait of issue 18) on conditions that never hold, so
every wait simulates exactly the same game:

- ``global``: ``{global: udg_GameOver, eq: true}`` (the baseline: one global read per
  scheduler entry);
- ``trigger``: ``{trigger: gg_trg_Victory..., times: 1}``, a trigger that does not fire
  without player input;
- ``quest``: ``{quest: No Such Quest, state: completed}``;
- ``units``: ``{units: {owner: 0, type: hfoo}, ge: 1000}``;
- ``outcome``: ``{outcome: victory}``.

It prints the wall seconds of each wait and its ratio to the ``global`` wait (the issue's
target: ``trigger`` within 2x). Wall times are ``time.perf_counter`` seconds on this
machine; compare rows of one run, not numbers across machines. The program is loaded once
per mission (``maps.scenario_runner`` keeps compiled missions) and warmed up by a one-minute
wait, outside the timings.
"""
from __future__ import annotations

import argparse
import re
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))

from maps.scenario import parse_duration  # noqa: E402
from maps.scenario_runner import JassGame, ScenarioFailure  # noqa: E402

CORPUS = ROOT.parent / "shared" / "corpus"
API = CORPUS / "api" / "1.30.4"
DEFAULT_MAPS = ["campaign-orcx01-founding-of-durotar", "campaign-nightelfx06"]


def conditions(script: str) -> dict[str, dict]:
    """The waits measured on a map: a global and a trigger the script declares."""
    flag = re.search(r"^\s*boolean\s+(udg_GameOver|udg_GAMEOVER)\b", script, re.M)
    trig = re.search(r"\b(gg_trg_\w*Victory\w*)\b", script)
    if flag is None or trig is None:
        raise SystemExit("the map declares no udg_GameOver boolean or no gg_trg_...Victory... trigger")
    return {"global": {"global": flag.group(1), "eq": True},
            "trigger": {"trigger": trig.group(1), "times": 1},
            "quest": {"quest": "No Such Quest", "state": "completed"},
            "units": {"units": {"owner": 0, "type": "hfoo"}, "ge": 1000},
            "outcome": {"outcome": "victory"}}


def measure(script: Path, cond: dict, within: float) -> tuple[float, float, int]:
    """(wall seconds, game seconds waited, trigger runs) of one ``run_until``."""
    game = JassGame(api=str(API))
    try:
        game.load(script)
        start = game.now
        t0 = time.perf_counter()
        try:
            game.run_until(cond, within=within)
        except ScenarioFailure:
            pass   # the condition never held: the whole wait was simulated
        return time.perf_counter() - t0, game.now - start, len(game.triggers.runs)
    finally:
        game.close()


def main(argv: list[str] | None = None) -> int:
    """Measure every wait on every mission and print one table."""
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("maps", nargs="*", type=Path, help="map folders (default: two corpus missions)")
    ap.add_argument("--within", default="31m", help="game time each wait lasts (31m)")
    args = ap.parse_args(argv)
    within = parse_duration(args.within)
    folders = args.maps or [CORPUS / "maps" / name for name in DEFAULT_MAPS]
    head = f"{'mission':<38} {'wait on':<8} {'wall s':>7} {'game s':>7} {'runs':>8} {'vs global':>9}"
    print(f"run_until over {within:g} game seconds, API {API.name}")
    print(head)
    print("-" * len(head))
    worst = 0.0
    for folder in folders:
        script = folder / "war3map.j"
        waits = conditions(script.read_text(encoding="latin-1"))
        measure(script, waits["global"], 60.0)   # warm-up: fast-path forms, mission cache
        base = None
        for kind, cond in waits.items():
            wall, waited, runs = measure(script, cond, within)
            base = wall if base is None else base
            ratio = wall / base if base else float("inf")
            if kind == "trigger":
                worst = max(worst, ratio)
            print(f"{folder.name:<38} {kind:<8} {wall:>7.2f} {waited:>7.0f} {runs:>8,} {ratio:>8.2f}x",
                  flush=True)
    print("-" * len(head))
    print(f"worst trigger / global ratio: {worst:.2f}x (target: within 2x)")
    return 0


if __name__ == "__main__":
    sys.exit(main())
