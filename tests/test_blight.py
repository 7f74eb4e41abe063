"""Blight plane and natives: one test per seed 002 contract clause, plus conformance 078."""
from __future__ import annotations

import json
from types import SimpleNamespace

import pytest

from fakectx import FakeCrash, FakeCtx
from natives.blight import HAUNTED_GOLD_MINE, WPM_BLIGHT, BlightPlane
from natives.geometry import Location, PathingMap, Rect
from natives.registry import NATIVES


def make_ctx(plane: BlightPlane | None = None, units=None) -> FakeCtx:
    """The shared fake context (a real ``Game``), optionally with a given plane / units."""
    ctx = FakeCtx()
    if plane is not None:
        ctx.game.blight = plane
    if units is not None:
        ctx.game.units = units
    return ctx


def call(ctx, name, *args):
    return NATIVES[name].func(ctx, *args)


def players(ctx):
    return ctx.game.players.slots[0], ctx.game.players.slots[1]


# -- seeding from the pathing map -------------------------------------------------------------

def test_wpm_0x20_bit_seeds_a_32_unit_cell_plane():
    flags = bytearray([0x40] * 16 * 8)
    flags[3 * 16 + 5] = 0x60          # ground + blight at column 5, row 3
    plane = BlightPlane()
    assert plane.seed_from_pathing(16, 8, bytes(flags), min_x=0.0, min_y=0.0) == 1
    assert (plane.width, plane.height) == (16, 8)
    # cell (5, 3) covers x in [160, 192), y in [96, 128): 32 world units per side
    assert plane.is_blighted(160.0, 96.0)
    assert plane.is_blighted(191.9, 127.9)
    assert not plane.is_blighted(192.0, 96.0)
    assert not plane.is_blighted(160.0, 128.0)
    assert not plane.is_blighted(159.9, 100.0)


def test_only_the_0x20_bit_means_blight():
    flags = bytes([0xCE, 0x40, 0x48, 0x0A, 0x20, 0xFF, 0xDF, 0x00])
    plane = BlightPlane()
    plane.seed_from_pathing(8, 1, flags, min_x=0.0, min_y=0.0)
    assert [plane.is_cell_blighted(i, 0) for i in range(8)] == [
        False, False, False, False, True, True, False, False]


def test_seeded_plane_is_centred_by_default_and_rows_start_south():
    flags = bytearray(4 * 4)
    flags[0] = WPM_BLIGHT           # row 0 is the southmost row
    plane = BlightPlane()
    plane.seed_from_pathing(4, 4, bytes(flags))
    assert (plane.min_x, plane.min_y, plane.max_x, plane.max_y) == (-64.0, -64.0, 64.0, 64.0)
    assert plane.is_blighted(-64.0, -64.0)
    assert not plane.is_blighted(-64.0, 63.0)


def test_seeding_without_pathing_data_gives_a_clear_plane():
    plane = BlightPlane()
    plane.set_point(0.0, 0.0, True)
    assert plane.seed_from_pathing(8, 8, None, min_x=0.0, min_y=0.0) == 0
    assert (plane.max_x, plane.max_y) == (256.0, 256.0)


def test_seeding_rejects_a_pathing_map_of_the_wrong_size():
    plane = BlightPlane()
    with pytest.raises(ValueError):
        plane.seed_from_pathing(4, 4, bytes(15))
    with pytest.raises(ValueError):
        plane.seed_from_pathing(0, 4, b"")


def test_runtime_changes_leave_the_pathing_source_untouched():
    flags = bytearray([0x60] * 64)
    original = bytes(flags)
    plane = BlightPlane()
    plane.seed_from_pathing(8, 8, flags, min_x=0.0, min_y=0.0)
    plane.set_rect(0.0, 0.0, 256.0, 256.0, False)
    assert bytes(flags) == original            # the shared pathing bytes are not written
    flags[:] = bytes(64)                       # ... and rebaking them does not erase blight
    plane.set_point(128.0, 128.0, True)
    assert plane.is_blighted(128.0, 128.0)


def test_scripts_can_create_and_clear_authored_map_blight():
    plane = BlightPlane()
    plane.seed_from_pathing(16, 16, bytes([0x60] * 256), min_x=0.0, min_y=0.0)
    assert plane.is_blighted(256.0, 256.0)
    plane.set_radius(256.0, 256.0, 0.0, False)     # the corner at (256, 256): its 4x4 cells
    assert not plane.is_blighted(256.0, 256.0)
    assert not plane.is_blighted(192.0, 192.0)
    assert plane.is_blighted(191.0, 191.0)
    assert plane.count() == 256 - 16
    plane.set_radius(256.0, 256.0, 0.0, True)
    assert plane.count() == 256


def test_natives_seed_an_unbound_plane_from_the_game_pathing_map():
    ctx = make_ctx()
    P0, P1 = players(ctx)
    cells = bytearray([0x40] * 64)
    cells[0] = 0x60
    ctx.game.pathing = PathingMap(1000.0, 2000.0, 8, 8, cells)
    assert call(ctx, "IsPointBlighted", 1000.0, 2000.0)        # authored blight of the map
    assert not call(ctx, "IsPointBlighted", 0.0, 0.0)          # outside this map
    call(ctx, "SetBlightPoint", P0, 1128.0, 2128.0, True)      # script blight is kept ...
    assert call(ctx, "IsPointBlighted", 1128.0, 2128.0)
    ctx.game.pathing.cells[0] = 0x40                            # ... and pathing edits don't leak
    assert call(ctx, "IsPointBlighted", 1000.0, 2000.0)
    ctx.game.pathing = PathingMap(0.0, 0.0, 4, 4, None)        # a new map: re-seeded from it
    assert not call(ctx, "IsPointBlighted", 1128.0, 2128.0)
    assert (ctx.game.blight.min_x, ctx.game.blight.width) == (0.0, 4)


def test_explicitly_seeded_plane_is_not_replaced_by_game_pathing():
    plane = BlightPlane()
    plane.seed_from_pathing(4, 4, bytes([0x20] * 16), min_x=0.0, min_y=0.0)
    ctx = make_ctx(plane)
    ctx.game.pathing = PathingMap(0.0, 0.0, 4, 4, None)
    assert call(ctx, "IsPointBlighted", 0.0, 0.0)


# -- global, not per player --------------------------------------------------------------------

def test_blight_is_global_terrain_state_not_per_player():
    ctx = make_ctx()
    P0, P1 = players(ctx)
    call(ctx, "SetBlightPoint", P0, 0.0, 0.0, True)
    assert call(ctx, "IsPointBlighted", 0.0, 0.0)
    call(ctx, "SetBlightPoint", P1, 0.0, 0.0, False)     # another player clears it
    assert not call(ctx, "IsPointBlighted", 0.0, 0.0)


def test_is_point_blighted_takes_no_player():
    assert [t for t, _ in NATIVES["IsPointBlighted"].params] == ["real", "real"]


def test_setters_validate_their_player_handle():
    ctx = make_ctx()
    P0, P1 = players(ctx)
    loc = Location(0.0, 0.0)
    rect = Rect(-64.0, -64.0, 64.0, 64.0)
    call(ctx, "SetBlight", None, 0.0, 0.0, 256.0, True)
    call(ctx, "SetBlightPoint", None, 0.0, 0.0, True)
    call(ctx, "SetBlightLoc", None, loc, 256.0, True)
    call(ctx, "SetBlightRect", None, rect, True)
    assert ctx.game.blight.count() == 0
    assert len(ctx.warnings) == 4


def test_setter_player_is_not_stored():
    ctx = make_ctx()
    P0, P1 = players(ctx)
    call(ctx, "SetBlight", P0, 0.0, 0.0, 128.0, True)
    assert not any(v is P0 for v in vars(ctx.game.blight).values())


# -- 128-unit corners projected to 4x4 cells ----------------------------------------------------

def test_each_changed_corner_projects_to_the_surrounding_4x4_cells():
    plane = BlightPlane()
    assert plane.set_point(0.0, 0.0, True) == 16
    blighted = {(cx, cy) for cy in range(plane.height) for cx in range(plane.width)
                if plane.is_cell_blighted(cx, cy)}
    centre = plane.cell_at(0.0, 0.0)
    assert blighted == {(centre[0] + dx, centre[1] + dy)
                        for dx in (-2, -1, 0, 1) for dy in (-2, -1, 0, 1)}
    # the square [-64, 64) on both axes
    assert plane.is_blighted(-64.0, -64.0) and plane.is_blighted(63.9, 63.9)
    assert not plane.is_blighted(64.0, 0.0) and not plane.is_blighted(0.0, -64.1)


def test_point_operation_snaps_to_the_corner_at_or_below_left():
    plane = BlightPlane()
    plane.set_point(100.0, 127.0, True)        # snaps to corner (0, 0)
    assert plane.is_blighted(0.0, 0.0)
    assert not plane.is_blighted(100.0, 127.0)
    plane2 = BlightPlane()
    plane2.set_point(128.0, -1.0, True)        # snaps to corner (128, -128)
    assert plane2.is_blighted(128.0, -128.0)
    assert plane2.count() == 16


def test_radius_operation_changes_corners_within_the_radius():
    plane = BlightPlane()
    plane.set_radius(0.0, 0.0, 128.0, True)    # (0,0) and its 4 axis neighbours; diagonals at 181
    assert plane.count() == 5 * 16
    assert plane.is_blighted(128.0, 0.0) and plane.is_blighted(0.0, -128.0)
    assert not plane.is_blighted(128.0, 128.0)
    plane.set_radius(0.0, 0.0, 181.0, True)
    assert not plane.is_blighted(128.0, 128.0)  # 181.019... > 181
    plane.set_radius(0.0, 0.0, 181.1, True)
    assert plane.is_blighted(128.0, 128.0)
    assert plane.set_radius(0.0, 0.0, -1.0, False) == 0


def test_radius_operation_centre_need_not_be_on_a_corner():
    plane = BlightPlane()
    plane.set_radius(64.0, 0.0, 64.0, True)    # corners (0,0) and (128,0) are exactly 64 away
    assert plane.count() == 2 * 16
    plane2 = BlightPlane()
    plane2.set_radius(64.0, 64.0, 60.0, True)  # no corner within 60 of the tile centre
    assert plane2.count() == 0


def test_rect_operation_changes_corners_inside_the_rect_bounds_included():
    plane = BlightPlane()
    plane.set_rect(0.0, 0.0, 256.0, 128.0, True)   # corners x in {0,128,256}, y in {0,128}
    assert plane.count() == 6 * 16
    plane2 = BlightPlane()
    plane2.set_rect(1.0, 1.0, 127.0, 127.0, True)  # no corner strictly inside
    assert plane2.count() == 0


def test_operations_are_clipped_to_the_plane_and_bounded():
    plane = BlightPlane(0.0, 0.0, 8, 8)            # [0, 256)^2
    plane.set_radius(0.0, 0.0, 1e30, True)
    assert plane.count() == 64
    plane.set_rect(float("-inf"), float("-inf"), float("inf"), float("inf"), False)
    assert plane.count() == 0
    plane.set_point(float("nan"), 0.0, True)
    plane.set_radius(0.0, float("inf"), 10.0, True)
    assert plane.count() == 0
    assert not plane.is_blighted(-1.0, 0.0) and not plane.is_blighted(256.0, 0.0)
    assert not plane.is_blighted(float("nan"), 0.0)


# -- save / load ---------------------------------------------------------------------------------

def test_save_load_preserves_script_mutations():
    plane = BlightPlane()
    plane.seed_from_pathing(32, 32, bytes([0x60] * 512 + [0x40] * 512))
    plane.set_radius(0.0, 0.0, 300.0, True)
    plane.set_point(-256.0, -256.0, False)
    record = json.loads(json.dumps(plane.snapshot()))
    fresh = BlightPlane()
    fresh.seed_from_pathing(32, 32, bytes([0x60] * 512 + [0x40] * 512))
    fresh.restore(record)
    assert fresh.state() == plane.state()
    raw = BlightPlane()
    raw.seed_from_pathing(32, 32, bytes(1024))
    raw.set_state(plane.state())
    assert raw.state() == plane.state()


def test_saved_state_must_exactly_match_the_map_grid():
    plane = BlightPlane(0.0, 0.0, 8, 8)
    plane.set_point(0.0, 0.0, True)
    before = plane.state()
    with pytest.raises(ValueError):
        plane.set_state(bytes(63))
    other = BlightPlane(0.0, 0.0, 8, 4)
    with pytest.raises(ValueError):
        plane.restore(other.snapshot())
    with pytest.raises(ValueError):
        plane.restore({"min_x": 0.0})
    assert plane.state() == before               # a rejected restore loses nothing


# -- the natives ---------------------------------------------------------------------------------

def test_conformance_078_blight():
    ctx = make_ctx()
    P0, P1 = players(ctx)
    assert call(ctx, "IsPointBlighted", 0.0, 0.0) is False
    call(ctx, "SetBlight", P0, 0.0, 0.0, 512.0, True)
    assert call(ctx, "IsPointBlighted", 0.0, 0.0) is True
    assert call(ctx, "IsPointBlighted", 128.0, 128.0) is True
    call(ctx, "SetBlight", P0, 0.0, 0.0, 512.0, False)
    assert call(ctx, "IsPointBlighted", 0.0, 0.0) is False
    call(ctx, "SetBlightPoint", P0, 0.0, 0.0, True)
    assert call(ctx, "IsPointBlighted", 0.0, 0.0) is True


def test_set_blight_loc_and_rect_natives():
    ctx = make_ctx()
    P0, P1 = players(ctx)
    call(ctx, "SetBlightLoc", P0, Location(256.0, 256.0), 0.0, True)
    assert call(ctx, "IsPointBlighted", 256.0, 256.0)
    call(ctx, "SetBlightRect", P0, Rect(-128.0, -128.0, 0.0, 0.0), True)
    assert ctx.game.blight.count() == 16 + 4 * 16
    # any object with minx/miny/maxx/maxy works too
    other = SimpleNamespace(minx=512.0, miny=512.0, maxx=512.0, maxy=512.0, destroyed=False)
    call(ctx, "SetBlightRect", P0, other, True)
    assert call(ctx, "IsPointBlighted", 512.0, 512.0)
    call(ctx, "SetBlightLoc", P0, None, 100.0, True)
    call(ctx, "SetBlightRect", P0, None, True)
    removed = Rect(-1024.0, -1024.0, -512.0, -512.0)
    removed.destroyed = True                       # a removed rect acts as null
    call(ctx, "SetBlightRect", P0, removed, True)
    assert not call(ctx, "IsPointBlighted", -768.0, -768.0)
    assert len(ctx.warnings) == 3


def test_signatures_match_common_j():
    sig = {name: (tuple(t for t, _ in NATIVES[name].params), NATIVES[name].returns)
           for name in ("SetBlight", "SetBlightRect", "SetBlightPoint", "SetBlightLoc",
                        "CreateBlightedGoldmine", "IsPointBlighted")}
    assert sig == {
        "SetBlight": (("player", "real", "real", "real", "boolean"), "nothing"),
        "SetBlightRect": (("player", "rect", "boolean"), "nothing"),
        "SetBlightPoint": (("player", "real", "real", "boolean"), "nothing"),
        "SetBlightLoc": (("player", "location", "real", "boolean"), "nothing"),
        "CreateBlightedGoldmine": (("player", "real", "real", "real"), "unit"),
        "IsPointBlighted": (("real", "real"), "boolean"),
    }


def test_create_blighted_goldmine_creates_the_mine_and_blights_its_corner():
    created = []

    def create_unit(player, type_id, x, y, facing, warn=None):
        created.append((player, type_id, x, y, facing))
        return "mine"

    ctx = make_ctx(units=SimpleNamespace(create_unit=create_unit))
    P0, _ = players(ctx)
    assert call(ctx, "CreateBlightedGoldmine", P0, 256.0, 0.0, 270.0) == "mine"
    assert created == [(P0, HAUNTED_GOLD_MINE, 256.0, 0.0, 270.0)]
    assert HAUNTED_GOLD_MINE == 0x75676F6C
    assert call(ctx, "IsPointBlighted", 256.0, 0.0)


def test_create_blighted_goldmine_without_units_model_is_a_recorded_error():
    ctx = make_ctx()
    P0, P1 = players(ctx)
    ctx.game.units = None
    with pytest.raises(FakeCrash):
        call(ctx, "CreateBlightedGoldmine", P0, 0.0, 0.0, 0.0)
    assert ctx.game.blight.count() == 0


def test_create_blighted_goldmine_with_the_units_model():
    ctx = make_ctx()
    P0, _ = players(ctx)
    mine = call(ctx, "CreateBlightedGoldmine", P0, 1024.0, -512.0, 270.0)
    assert mine is not None and mine.type_id == HAUNTED_GOLD_MINE and mine.owner is P0
    assert call(ctx, "IsPointBlighted", 1024.0, -512.0)
    assert call(ctx, "CreateBlightedGoldmine", None, 0.0, 0.0, 0.0) is None


def test_a_wpm_seeded_without_origin_takes_the_w3e_world_bounds():
    ctx = make_ctx()
    P0, _ = players(ctx)
    flags = bytearray([0x40] * (640 * 384))
    flags[0] = 0x60                                    # south-west cell of the map
    ctx.game.blight.seed_from_pathing(640, 384, bytes(flags))      # as the map runner does
    ctx.game.set_world_bounds((-2048.0, -6144.0, 18432.0, 6144.0))  # newBlocksize's w3e bounds
    assert call(ctx, "IsPointBlighted", -2048.0, -6144.0)
    assert not call(ctx, "IsPointBlighted", -10240.0, -6144.0)
    call(ctx, "SetBlightPoint", P0, 17930.0, 0.0, True)  # corner 17920 = -2048 + 156 * 128
    assert call(ctx, "IsPointBlighted", 17920.0, 0.0)


def test_a_plane_with_an_explicit_origin_ignores_the_world_bounds():
    ctx = make_ctx()
    ctx.game.blight.seed_from_pathing(4, 4, bytes([0x20] * 16), min_x=0.0, min_y=0.0)
    ctx.game.set_world_bounds((-64.0, -64.0, 64.0, 64.0))
    assert call(ctx, "IsPointBlighted", 100.0, 100.0)


# -- the row-at-a-time setters give the cells of the corner-by-corner rule -----------------------
#
# The rule (module docstring, seed 002): a radius operation changes every corner k with
# (min + 128k - centre)^2 summed over both axes <= radius^2, a rect operation every corner in
# the rect, a point operation the corner at or below/left; each changed corner sets its 4x4
# cells. ``_Reference`` applies it corner by corner and cell by cell, as the plane did before
# it set a row of corners with slice assignments; the two must agree on every cell and on the
# number of cells changed.

class _Reference:
    """The corner-by-corner rule over a copy of a plane's cells (the previous algorithm)."""

    def __init__(self, plane: BlightPlane) -> None:
        self.p = plane
        self.cells = bytearray(plane.state())

    def corner(self, kx: int, ky: int, add: bool) -> int:
        value, changed = int(add), 0
        for cy in range(max(ky * 4 - 2, 0), min(ky * 4 + 2, self.p.height)):
            for cx in range(max(kx * 4 - 2, 0), min(kx * 4 + 2, self.p.width)):
                if self.cells[cy * self.p.width + cx] != value:
                    self.cells[cy * self.p.width + cx] = value
                    changed += 1
        return changed

    def radius(self, x: float, y: float, radius: float, add: bool) -> int:
        import math
        if not (math.isfinite(x) and math.isfinite(y)) or math.isnan(radius) or radius < 0:
            return 0
        p, changed = self.p, 0
        for ky in p._corner_range(y - radius, y + radius, p.min_y, p.height):
            dy = p.min_y + ky * 128.0 - y
            for kx in p._corner_range(x - radius, x + radius, p.min_x, p.width):
                dx = p.min_x + kx * 128.0 - x
                if dx * dx + dy * dy <= radius * radius:
                    changed += self.corner(kx, ky, add)
        return changed

    def rect(self, x0: float, y0: float, x1: float, y1: float, add: bool) -> int:
        import math
        if any(math.isnan(v) for v in (x0, y0, x1, y1)):
            return 0
        p, changed = self.p, 0
        for ky in p._corner_range(y0, y1, p.min_y, p.height):
            for kx in p._corner_range(x0, x1, p.min_x, p.width):
                changed += self.corner(kx, ky, add)
        return changed

    def point(self, x: float, y: float, add: bool) -> int:
        import math
        if not (math.isfinite(x) and math.isfinite(y)):
            return 0
        return self.corner(math.floor((x - self.p.min_x) / 128.0),
                           math.floor((y - self.p.min_y) / 128.0), add)


def _random_operations(plane: BlightPlane, seed: int, n: int):
    """``n`` random (name, args) operations over and around ``plane``: centres on and off
    corners and outside the plane, radii from 0 to past the plane, some non-finite values."""
    import random
    rng = random.Random(seed)
    span_x, span_y = plane.max_x - plane.min_x, plane.max_y - plane.min_y
    odd = [float("inf"), float("-inf"), float("nan"), 1e30, -1e30, 0.0, -0.0]

    def coord(lo: float, span: float) -> float:
        roll = rng.random()
        if roll < 0.03:
            return rng.choice(odd)
        if roll < 0.3:   # exactly on a corner (ties at the radius happen here)
            return lo + 128.0 * rng.randint(-2, int(span // 128) + 2)
        return lo - 300.0 + rng.random() * (span + 600.0)

    for _ in range(n):
        kind, add = rng.random(), rng.random() < 0.6
        x, y = coord(plane.min_x, span_x), coord(plane.min_y, span_y)
        if kind < 0.6:
            r = rng.choice([0.0, 64.0, 128.0, 181.0, 181.02, 256.0, 1e9, -5.0, float("nan")]) \
                if rng.random() < 0.2 else rng.random() * 0.5 * max(span_x, span_y)
            yield "radius", (x, y, r, add)
        elif kind < 0.85:
            yield "rect", (x, y, x + rng.random() * span_x * 0.4 - 64.0, coord(plane.min_y, span_y), add)
        else:
            yield "point", (x, y, add)


def _assert_same_as_reference(plane: BlightPlane, seed: int, n: int) -> None:
    ref = _Reference(plane)
    method = {"radius": plane.set_radius, "rect": plane.set_rect, "point": plane.set_point}
    for i, (name, args) in enumerate(_random_operations(plane, seed, n)):
        assert method[name](*args) == getattr(ref, name)(*args), (i, name, args)
        assert plane.state() == bytes(ref.cells), (i, name, args)


def test_row_setters_match_the_corner_by_corner_rule_on_a_synthetic_plane():
    import random
    rng = random.Random(7)
    width, height = 70, 53              # not multiples of 4: partial corner blocks at the edges
    flags = bytes(rng.choice([0x00, 0x20, 0x48, 0x60]) for _ in range(width * height))
    plane = BlightPlane()
    plane.seed_from_pathing(width, height, flags, min_x=-1000.0, min_y=37.5)
    assert plane.count() == sum(1 for f in flags if f & WPM_BLIGHT)
    _assert_same_as_reference(plane, seed=1, n=400)


def test_row_setters_match_the_corner_by_corner_rule_on_a_corpus_map():
    """Echo Isles' own pathing map (512x384 cells from (-8192, -6144)) seeds the plane."""
    import os

    from conftest import shared_path
    try:
        import mpq  # noqa: F401
    except ImportError:
        if os.environ.get("CI"):
            pytest.fail("libmpq Python binding (import mpq) not installed")
        pytest.skip("libmpq Python binding (import mpq) not installed")
    from maps.mapfile import load_map
    m = load_map(shared_path("corpus", "maps", "melee-echo-isles", "EchoIsles.w3x"))
    plane = BlightPlane()
    plane.seed_from_pathing(m.wpm.width, m.wpm.height, bytes(m.wpm.cells), *m.w3e.center_offset)
    assert (plane.min_x, plane.min_y, plane.width, plane.height) == (-8192.0, -6144.0, 512, 384)
    _assert_same_as_reference(plane, seed=2, n=150)


def test_growing_radius_blights_a_disc_of_corners():
    """The demo's spreading blight: radius 256 + 128t about a corner. Corner (i, j) away
    from the centre (in corners) is blighted iff (128i)^2 + (128j)^2 <= r^2, i.e. i^2 + j^2 <=
    (r/128)^2: the count of 4x4 blocks is the lattice-point count of that disc."""
    plane = BlightPlane.from_bounds(-4096.0, -4096.0, 4096.0, 4096.0)
    for t in range(1, 10):
        r = 256.0 + 128.0 * t
        plane.set_radius(0.0, 0.0, r, True)
        n = r / 128.0
        disc = sum(1 for i in range(-20, 21) for j in range(-20, 21) if i * i + j * j <= n * n)
        assert plane.count() == 16 * disc
