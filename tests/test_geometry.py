"""Locations, rects, regions, world bounds and the pathing grid."""
import pytest

from fakectx import FakeCtx
from natives.geometry import NO_FLY, NO_WALK, NO_WATER, PathingMap, Rect
from natives.unitdata import rawcode


@pytest.fixture
def ctx():
    return FakeCtx()


def test_location_handles_are_distinct_objects(ctx):
    """S073: two locations with equal coordinates are different handles."""
    a, b = ctx.Location(0.0, 0.0), ctx.Location(0.0, 0.0)
    assert a is not b and a.handle_id != b.handle_id


def test_move_and_read_location(ctx):
    loc = ctx.Location(1.0, 2.0)
    ctx.MoveLocation(loc, -5.0, 7.5)
    assert (ctx.GetLocationX(loc), ctx.GetLocationY(loc)) == (-5.0, 7.5)
    assert ctx.GetLocationZ(loc) == 0.0


def test_location_z_uses_the_games_height_function(ctx):
    ctx.game.height_function = lambda x, y: x + y
    assert ctx.GetLocationZ(ctx.Location(1.0, 2.0)) == 3.0


def test_removed_location_reads_as_null(ctx):
    loc = ctx.Location(3.0, 4.0)
    ctx.RemoveLocation(loc)
    assert ctx.GetLocationX(loc) == 0.0
    ctx.MoveLocation(loc, 1.0, 1.0)  # harmless
    ctx.RemoveLocation(loc)  # twice is harmless


def test_rect_bounds_and_center(ctx):
    r = ctx.Rect(-100.0, -50.0, 300.0, 150.0)
    assert (ctx.GetRectMinX(r), ctx.GetRectMinY(r), ctx.GetRectMaxX(r), ctx.GetRectMaxY(r)) == (
        -100.0, -50.0, 300.0, 150.0)
    assert (ctx.GetRectCenterX(r), ctx.GetRectCenterY(r)) == (100.0, 50.0)


def test_move_rect_keeps_its_size(ctx):
    r = ctx.Rect(0.0, 0.0, 200.0, 100.0)
    ctx.MoveRectTo(r, 1000.0, -1000.0)
    assert (r.min_x, r.min_y, r.max_x, r.max_y) == (900.0, -1050.0, 1100.0, -950.0)
    ctx.MoveRectToLoc(r, ctx.Location(0.0, 0.0))
    assert (r.min_x, r.max_x) == (-100.0, 100.0)


def test_set_rect_and_rect_from_loc(ctx):
    r = ctx.RectFromLoc(ctx.Location(1.0, 2.0), ctx.Location(3.0, 4.0))
    assert (r.min_x, r.min_y, r.max_x, r.max_y) == (1.0, 2.0, 3.0, 4.0)
    ctx.SetRect(r, 5.0, 6.0, 7.0, 8.0)
    assert (r.min_x, r.max_y) == (5.0, 8.0)
    ctx.SetRectFromLoc(r, ctx.Location(-1.0, -1.0), ctx.Location(1.0, 1.0))
    assert r.contains(0.0, 0.0)


def test_rect_contains_is_inclusive():
    r = Rect(0.0, 0.0, 10.0, 10.0)
    assert r.contains(0.0, 10.0) and r.contains(10.0, 0.0)
    assert not r.contains(10.01, 5.0)


def test_removed_rect_reads_as_null(ctx):
    r = ctx.Rect(1.0, 1.0, 2.0, 2.0)
    ctx.RemoveRect(r)
    assert ctx.GetRectCenterX(r) == 0.0


def test_world_bounds_returns_a_new_rect_each_call(ctx):
    a, b = ctx.GetWorldBounds(), ctx.GetWorldBounds()
    assert a is not b
    assert (a.min_x, a.min_y, a.max_x, a.max_y) == ctx.game.world_bounds


def test_region_add_and_clear_rect(ctx):
    region = ctx.CreateRegion()
    ctx.RegionAddRect(region, ctx.Rect(0.0, 0.0, 256.0, 256.0))
    assert ctx.IsPointInRegion(region, 10.0, 10.0)
    assert ctx.IsPointInRegion(region, 255.0, 255.0)
    assert not ctx.IsPointInRegion(region, 256.0, 10.0)
    assert not ctx.IsPointInRegion(region, -1.0, 10.0)
    ctx.RegionClearRect(region, ctx.Rect(0.0, 0.0, 64.0, 64.0))
    assert not ctx.IsPointInRegion(region, 10.0, 10.0)
    assert ctx.IsPointInRegion(region, 100.0, 10.0)


def test_region_cells(ctx):
    region = ctx.CreateRegion()
    ctx.RegionAddCell(region, 40.0, 40.0)
    assert ctx.IsPointInRegion(region, 33.0, 63.0)
    assert not ctx.IsPointInRegion(region, 65.0, 40.0)
    ctx.RegionClearCellAtLoc(region, ctx.Location(40.0, 40.0))
    assert not ctx.IsPointInRegion(region, 40.0, 40.0)
    ctx.RegionAddCellAtLoc(region, ctx.Location(-10.0, -10.0))
    assert ctx.IsLocationInRegion(region, ctx.Location(-20.0, -20.0))


def test_whole_map_region_is_cheap(ctx):
    region = ctx.CreateRegion()
    ctx.RegionAddRect(region, ctx.GetWorldBounds())
    assert ctx.IsPointInRegion(region, 16000.0, -16000.0)
    assert len(region.ops) == 1


def test_unit_in_region(ctx):
    region = ctx.CreateRegion()
    ctx.RegionAddRect(region, ctx.Rect(-64.0, -64.0, 64.0, 64.0))
    u = ctx.CreateUnit(ctx.Player(0), rawcode("hfoo"), 0.0, 0.0, 0.0)
    assert ctx.IsUnitInRegion(region, u)
    ctx.SetUnitX(u, 500.0)
    assert not ctx.IsUnitInRegion(region, u)
    ctx.RemoveRegion(region)
    ctx.SetUnitX(u, 0.0)
    assert not ctx.IsUnitInRegion(region, u)


# -- pathing grid ------------------------------------------------------------------------

def test_clear_pathing_passes_everything_but_the_outside():
    grid = PathingMap.clear((-512.0, -512.0, 512.0, 512.0))
    assert grid.passable(0.0, 0.0, "foot")
    assert grid.passable(0.0, 0.0, "fly")
    assert grid.passable(0.0, 0.0, "float")
    assert not grid.passable(600.0, 0.0, "foot")


def test_pathing_flags_by_movement_type():
    grid = PathingMap(0.0, 0.0, 4, 1, bytes([0, NO_WALK, NO_WALK | NO_FLY, NO_WALK | NO_WATER]))
    # cell 0 (0..32): plain ground without water flag cleared -> water too
    assert grid.passable(16.0, 16.0, "foot")
    assert not grid.passable(48.0, 16.0, "foot")
    assert grid.passable(48.0, 16.0, "fly")
    assert grid.passable(48.0, 16.0, "float")  # deep water: no walk, water
    assert grid.passable(48.0, 16.0, "amph")
    assert not grid.passable(80.0, 16.0, "fly")
    assert not grid.passable(112.0, 16.0, "amph")  # cliff: no walk, no water


def test_block_rect_marks_cells():
    grid = PathingMap.clear((0.0, 0.0, 256.0, 256.0))
    grid.block_rect(64.0, 64.0, 128.0, 128.0)
    assert not grid.passable(100.0, 100.0, "foot")
    assert grid.passable(130.0, 100.0, "foot")
    assert grid.passable(100.0, 100.0, "fly")


def test_pathing_size_is_checked():
    with pytest.raises(ValueError):
        PathingMap(0.0, 0.0, 2, 2, b"\x00")
