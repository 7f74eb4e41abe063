"""Battles: game seconds simulated per wall second with 1, 100 and 1,000 units fighting on a
corpus melee map, measured side by side in one run.

    python benchmarks/battle.py [--seconds GAME_SECONDS] [--sizes 1,100,1000] [MAP]

The map (default: the corpus archive ``melee-echo-isles/EchoIsles.w3x``, its terrain and
pathing grid applied as ``jass run`` does) is loaded without running its script; then two
armies of footmen and grunts (``hfoo`` of Player 1, ``ogru`` of Player 2: half the units
each; for 1 unit, one footman walking across the map) are created in lines 1,400 world
units apart around the map's centre and ordered to attack-move through each other. The
simulation runs ``--seconds`` game seconds (default 60) and the script prints, per size:
wall seconds, game seconds per wall second, the units still alive and the attacks swung.
Targets (issue 12): 1,000 fighting units at least 10x faster than real time.

Wall times are ``time.perf_counter`` seconds on this machine; compare rows of one run.
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

from maps.runner import RunOptions, load_mission, new_session  # noqa: E402
from natives import modelevents as ME  # noqa: E402
from natives.orders import make_order  # noqa: E402
from natives.unitdata import rawcode  # noqa: E402

CORPUS = ROOT.parent / "shared" / "corpus"
MAP = CORPUS / "maps" / "melee-echo-isles" / "EchoIsles.w3x"
API = CORPUS / "api" / "1.33.0"   # the archive is a Reforged map


def battle(mission, size: int, seconds: float) -> dict:
    """Create the armies on a fresh session of ``mission`` and fight ``seconds``."""
    session = new_session(mission, RunOptions(api=str(API)), tempfile.mkdtemp(prefix="jass-battle-"))
    game = session.game
    x0, y0, x1, y1 = game.world_bounds
    cx, cy = (x0 + x1) / 2, (y0 + y1) / 2
    store, orders = game.units, game.orders
    armies = ((game.players.get(0), rawcode("hfoo"), -700.0), (game.players.get(1), rawcode("ogru"), 700.0))
    per_side = max(1, size // 2)
    units = []
    for side, (player, code, dx) in enumerate(armies[: 1 if size == 1 else 2]):
        for i in range(per_side):
            row, col = divmod(i, 25)
            u = store.create_unit(player, code, cx + dx + 40.0 * (row % 10) * (1 if dx > 0 else -1),
                                  cy + 40.0 * (col - 12) + 400.0 * (row // 10), 0.0)
            units.append((u, -dx))
    for u, tx in units:
        orders.issue(u, make_order("point", "attack", x=cx + 2 * tx, y=u.y))
    swings = []   # counted by a subscriber: game.published keeps only the latest events
    game.subscribers.append(lambda e: swings.append(None) if type(e) is ME.UnitAttacked else None)
    t0 = time.perf_counter()
    session.advance(seconds)
    wall = time.perf_counter() - t0
    alive = sum(1 for u, _ in units if u.alive)
    swings = len(swings)
    return {"units": len(units), "wall": wall, "rate": seconds / wall if wall else float("inf"),
            "alive": alive, "swings": swings}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("map", nargs="?", default=str(MAP))
    parser.add_argument("--seconds", type=float, default=60.0)
    parser.add_argument("--sizes", default="1,100,1000")
    args = parser.parse_args()
    mission = load_mission(args.map, RunOptions(api=str(API)))
    print(f"map {Path(args.map).name}, {args.seconds:g} game seconds per battle")
    print(f"{'units':>6} {'wall s':>8} {'game s/s':>9} {'alive':>6} {'swings':>7}")
    for size in (int(s) for s in args.sizes.split(",")):
        r = battle(mission, size, args.seconds)
        print(f"{r['units']:>6} {r['wall']:>8.2f} {r['rate']:>9.1f} {r['alive']:>6} {r['swings']:>7}")


if __name__ == "__main__":
    main()
