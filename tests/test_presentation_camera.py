"""The camera (natives.camera): defaults, radians, transitions, setups, bounds, margins."""
from __future__ import annotations

import math

import pytest

from fakectx import FakeCtx
from natives.handles import enum_handle
from natives.session import load_natives

load_natives()

DIST, FARZ, AOA, FOV, ROLL, ROT, ZOFF, NEARZ = (enum_handle("camerafield", i) for i in range(8))


def test_game_camera_defaults_angles_in_radians():
    ctx = FakeCtx()
    assert ctx.GetCameraField(DIST) == 1650.0
    assert ctx.GetCameraField(FARZ) == 5000.0
    assert ctx.GetCameraField(AOA) == pytest.approx(math.radians(304.0))
    assert ctx.GetCameraField(FOV) == pytest.approx(math.radians(70.0))
    assert ctx.GetCameraField(ROT) == pytest.approx(math.radians(90.0))
    assert ctx.GetCameraField(ROLL) == 0.0 and ctx.GetCameraField(ZOFF) == 0.0
    assert ctx.GetCameraField(None) == 0.0


def test_set_field_over_duration_is_a_linear_ramp():
    ctx = FakeCtx()
    ctx.SetCameraField(DIST, 2650.0, 2.0)
    assert ctx.GetCameraField(DIST) == 1650.0
    ctx.game.now = 1.0
    assert ctx.GetCameraField(DIST) == pytest.approx(2150.0)
    ctx.StopCamera()
    ctx.game.now = 5.0
    assert ctx.GetCameraField(DIST) == pytest.approx(2150.0)
    ctx.AdjustCameraField(ROT, 90.0, 0.0)
    assert ctx.GetCameraField(ROT) == pytest.approx(math.radians(180.0))
    ctx.ResetToGameCamera(0.0)
    assert ctx.GetCameraField(DIST) == 1650.0 and ctx.GetCameraField(ROT) == pytest.approx(math.pi / 2)


def test_initial_target_is_the_local_start_location_then_pans():
    ctx = FakeCtx()
    ctx.DefineStartLocation(0, 1000.0, -500.0)
    assert (ctx.GetCameraTargetPositionX(), ctx.GetCameraTargetPositionY()) == (1000.0, -500.0)
    ctx.PanCameraToTimed(2000.0, 500.0, 2.0)
    ctx.game.now = 1.0
    assert (ctx.GetCameraTargetPositionX(), ctx.GetCameraTargetPositionY()) == (1500.0, 0.0)
    ctx.game.now = 3.0
    assert (ctx.GetCameraTargetPositionX(), ctx.GetCameraTargetPositionY()) == (2000.0, 500.0)
    ctx.SetCameraPosition(-10.0, 20.0)
    loc = ctx.GetCameraTargetPositionLoc()
    assert (loc.x, loc.y) == (-10.0, 20.0)
    ctx.PanCameraToTimedWithZ(0.0, 0.0, 300.0, 0.0)
    assert ctx.GetCameraTargetPositionZ() == 300.0


def test_without_start_location_the_target_is_the_world_centre():
    ctx = FakeCtx(world_bounds=(-1000.0, 0.0, 3000.0, 2000.0))
    assert (ctx.GetCameraTargetPositionX(), ctx.GetCameraTargetPositionY()) == (1000.0, 1000.0)


def test_eye_is_behind_and_above_the_target():
    ctx = FakeCtx()
    ctx.SetCameraPosition(0.0, 0.0)
    d, aoa = 1650.0, math.radians(304.0)
    assert ctx.GetCameraEyePositionX() == pytest.approx(0.0, abs=1e-6)
    assert ctx.GetCameraEyePositionY() == pytest.approx(-d * math.cos(aoa))
    assert ctx.GetCameraEyePositionZ() == pytest.approx(-d * math.sin(aoa))
    assert ctx.GetCameraEyePositionZ() > 1000.0


def test_target_controller_follows_the_unit_until_reset():
    ctx = FakeCtx()
    u = ctx.CreateUnit(ctx.Player(0), int.from_bytes(b"hfoo", "big"), 100.0, 200.0, 0.0)
    ctx.SetCameraTargetController(u, 10.0, 0.0, False)
    assert (ctx.GetCameraTargetPositionX(), ctx.GetCameraTargetPositionY()) == (u.x + 10.0, u.y)
    ctx.SetUnitX(u, 500.0)
    assert ctx.GetCameraTargetPositionX() == 510.0
    ctx.ResetToGameCamera(0.0)
    ctx.SetUnitX(u, 900.0)
    assert ctx.GetCameraTargetPositionX() == 510.0


def test_camera_setup_defaults_degrees_and_apply():
    ctx = FakeCtx()
    cs = ctx.CreateCameraSetup()
    assert cs.handle_id >= 0x100000
    assert ctx.CameraSetupGetField(cs, AOA) == 304.0           # degrees, unlike GetCameraField
    assert (ctx.CameraSetupGetDestPositionX(cs), ctx.CameraSetupGetDestPositionY(cs)) == (0.0, 0.0)
    ctx.CameraSetupSetField(cs, DIST, 3000.0, 4.0)
    ctx.CameraSetupSetField(cs, ROT, 45.0, 0.0)
    ctx.CameraSetupSetDestPosition(cs, 800.0, 900.0, 4.0)
    loc = ctx.CameraSetupGetDestPositionLoc(cs)
    assert (loc.x, loc.y) == (800.0, 900.0)
    ctx.CameraSetupApply(cs, True, True)
    ctx.game.now = 2.0
    assert ctx.GetCameraField(DIST) == pytest.approx(2325.0)
    assert ctx.GetCameraField(ROT) == pytest.approx(math.radians(45.0))
    ctx.game.now = 4.0
    assert ctx.GetCameraTargetPositionX() == 800.0
    ctx.CameraSetupApplyForceDurationWithZ(cs, 50.0, 0.0)
    assert ctx.GetCameraField(ZOFF) == 50.0
    ctx.CameraSetupApply(cs, False, False)
    assert ctx.GetCameraField(ZOFF) == 0.0


def test_bounds_margins_and_world_bounds_default():
    ctx = FakeCtx(world_bounds=(-4096.0, -4096.0, 4096.0, 4096.0))
    assert (ctx.GetCameraBoundMinX(), ctx.GetCameraBoundMaxY()) == (-4096.0, 4096.0)
    m = [ctx.GetCameraMargin(i) for i in range(4)]
    assert m == [512.0, 512.0, 256.0, 256.0]                    # left, right, top, bottom
    # what World Editor's main() does for Echo Isles (w3i camera bounds -6912,-5376,6912,4864)
    ctx.SetCameraBounds(-7424.0 + m[0], -5632.0 + m[3], 7424.0 - m[1], 5120.0 - m[2],
                        -7424.0 + m[0], 5120.0 - m[2], 7424.0 - m[1], -5632.0 + m[3])
    assert (ctx.GetCameraBoundMinX(), ctx.GetCameraBoundMinY(),
            ctx.GetCameraBoundMaxX(), ctx.GetCameraBoundMaxY()) == (-6912.0, -5376.0, 6912.0, 4864.0)


def test_misc_camera_state_is_stored():
    ctx = FakeCtx()
    cam = ctx.game.camera
    ctx.SetCameraQuickPosition(5.0, 6.0)
    ctx.SetCinematicCamera("Cameras\\X.mdx")
    ctx.CameraSetSourceNoiseEx(10.0, 20.0, True)
    ctx.CameraSetSmoothingFactor(1.5)
    assert cam.quick_position == (5.0, 6.0) and cam.cinematic_camera == "Cameras\\X.mdx"
    assert cam.source_noise == (10.0, 20.0, True) and cam.smoothing_factor == 1.5
    ctx.SetCameraRotateMode(0.0, 0.0, math.pi, 2.0)
    ctx.game.now = 2.0
    assert ctx.GetCameraField(ROT) == pytest.approx(math.radians(270.0))
