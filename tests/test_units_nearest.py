"""``UnitStore.nearest`` returns the accepted unit of the given players nearest to the point
within the radius, ties to the one created first, whether it walks the sector rings or the
players' few occupied sectors (both paths against a brute-force scan)."""
import random

import pytest

from natives.game import Game

FOOTMAN = 0x68666f6f   # 'hfoo'


def _brute(game, x, y, radius, accept, owners):
    best = None
    for u in game.units.units.values():
        if u.owner.id not in owners or not accept(u):
            continue
        d2 = (u.x - x) ** 2 + (u.y - y) ** 2
        if d2 <= radius * radius and (best is None or (d2, u.serial) < best[0]):
            best = ((d2, u.serial), u)
    return best[1] if best else None


# few sectors for a long radius (the occupied sectors), many for a short one (the rings)
@pytest.mark.parametrize("spread, radius, count", [(600.0, 2300.0, 60), (6000.0, 300.0, 300),
                                                   (6000.0, 700.0, 300)])
def test_nearest_matches_a_full_scan(spread, radius, count):
    rng = random.Random(7)
    game = Game()
    for _ in range(count):
        p = game.players.slots[rng.randrange(4)]
        # on a coarse grid, so equal distances (ties) occur
        game.units.create_unit(p, FOOTMAN, rng.randrange(-24, 25) * spread / 24,
                               rng.randrange(-24, 25) * spread / 24, 0.0)
    accept = lambda v: v.serial % 3 != 0   # noqa: E731
    for _ in range(40):
        x, y = rng.uniform(-spread, spread), rng.uniform(-spread, spread)
        owners = [1, 2]
        assert game.units.nearest(x, y, radius, accept, owners) is \
            _brute(game, x, y, radius, accept, owners)
