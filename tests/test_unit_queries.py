"""Queries over the unit store's owner index. ``UnitStore.nearest`` returns the accepted unit
of the given players nearest to the point within the radius, ties to the one created first,
whether it walks the sector rings or the players' few occupied sectors (both paths against a
brute-force scan); ``UnitStore.owned_by`` lists a player's units in creation order, current
after units are created, removed or change owner."""
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


def test_owned_by_follows_creation_removal_and_owner_changes():
    game = Game()
    p1, p2 = game.players.slots[1], game.players.slots[2]
    a = game.units.create_unit(p1, FOOTMAN, 0.0, 0.0, 0.0)
    b = game.units.create_unit(p1, FOOTMAN, 3000.0, 0.0, 0.0)
    assert game.units.owned_by(1) == [a, b]
    game.units.move_unit(a, 6000.0, 6000.0)      # another sector: same list, same order
    assert game.units.owned_by(1) == [a, b]
    c = game.units.create_unit(p1, FOOTMAN, 0.0, 0.0, 0.0)
    assert game.units.owned_by(1) == [a, b, c]
    game.units.set_owner(a, p2, False)
    assert game.units.owned_by(1) == [b, c] and game.units.owned_by(2) == [a]
    game.units.remove_unit(b)
    assert game.units.owned_by(1) == [c]
