"""The local player's game camera, camera setups and camera bounds (presentation only).

There is one camera: the local player's (every camera getter is ``@async`` in jassdoc,
"return value for the local player's camera only"; scripts guard camera calls with
``GetLocalPlayer()``).

Fields
    Seven fields (``camerafield`` values 0..7): target distance, far Z, angle of attack,
    field of view, roll, rotation, Z offset, near Z. ``SetCameraField`` and the setup natives
    take angles in **degrees**; ``GetCameraField`` returns angles (angle of attack, field of
    view, roll, rotation) in **radians**, distances in world units, as in the game
    (jassdoc ``CameraSetupGetField``: "returned in degrees, unlike ``GetCameraField``").
    The game camera starts with the defaults jassdoc gives for ``CreateCameraSetup``:
    distance 1650, far Z 5000, angle of attack 304, field of view 70, roll 0, rotation 90,
    Z offset 0; near Z starts at 16 (World Editor camera default; lower confidence).

Transitions
    A change "over ``duration`` game seconds" is modelled as a linear ramp from the value at
    the call to the new value; reads in between return the interpolated value (the game
    eases, the model does not). ``StopCamera`` freezes every ramp at its current value.
    ``PanCameraTo``/``PanCameraToWithZ`` pan at the game's own speed, which the model does
    not know: they arrive at once.

Target
    ``SetCameraPosition``, ``PanCameraTo*`` and setups with ``doPan`` move the target point
    (world units); its Z is the terrain height there plus the Z offset field. Until a script
    moves it, the target is the local player's start location (where the game puts the
    camera), or the centre of the world bounds when that start location is not defined.
    ``SetCameraTargetController`` locks the target to a unit (plus an offset) until
    ``ResetToGameCamera`` or a new position/pan. The eye is at ``distance`` from the target,
    opposite the view direction given by rotation and angle of attack.

Bounds and margins
    ``SetCameraBounds`` takes the four corners of the camera area; the ``GetCameraBound*``
    getters return their min/max. Before any ``SetCameraBounds`` the bounds are the world
    bounds. ``GetCameraMargin`` returns 512 (left, right) and 256 (top, bottom): the
    difference between the playable area and the w3i camera bounds that World Editor
    generated ``main()`` code relies on (``shared/reference/map-formats.md`` 3.4; checked on
    normalMap and Echo Isles).
"""
from __future__ import annotations

import math
from typing import Any

from natives.geometry import new_location
from natives.handles import Handle, alive, enum_value
from natives.presentation import new_handle
from natives.registry import native

TARGET_DISTANCE, FARZ, ANGLE_OF_ATTACK, FIELD_OF_VIEW, ROLL, ROTATION, ZOFFSET, NEARZ = range(8)

#: Default field values (world units / degrees); see the module docstring.
DEFAULT_FIELDS: dict[int, float] = {
    TARGET_DISTANCE: 1650.0, FARZ: 5000.0, ANGLE_OF_ATTACK: 304.0, FIELD_OF_VIEW: 70.0,
    ROLL: 0.0, ROTATION: 90.0, ZOFFSET: 0.0, NEARZ: 16.0,
}
ANGLE_FIELDS = frozenset({ANGLE_OF_ATTACK, FIELD_OF_VIEW, ROLL, ROTATION})

MARGIN_LEFT, MARGIN_RIGHT, MARGIN_TOP, MARGIN_BOTTOM = 0, 1, 2, 3
#: ``GetCameraMargin`` values, world units (see module docstring).
CAMERA_MARGINS = {MARGIN_LEFT: 512.0, MARGIN_RIGHT: 512.0, MARGIN_TOP: 256.0, MARGIN_BOTTOM: 256.0}


class Ramp:
    """A value moving linearly from ``start`` (at ``t0``) to ``end`` (at ``t1``), game seconds."""

    __slots__ = ("start", "end", "t0", "t1")

    def __init__(self, value: float, t: float = 0.0) -> None:
        self.start = self.end = value
        self.t0 = self.t1 = t

    def at(self, now: float) -> float:
        if now >= self.t1 or self.t1 <= self.t0:
            return self.end
        if now <= self.t0:
            return self.start
        f = (now - self.t0) / (self.t1 - self.t0)
        return self.start + (self.end - self.start) * f

    def go(self, value: float, now: float, duration: float) -> None:
        """Move to ``value`` over ``duration`` game seconds from ``now`` (at once if <= 0)."""
        current = self.at(now)
        self.start, self.end = current, value
        self.t0 = now
        self.t1 = now + max(0.0, duration)
        if duration <= 0:
            self.start = value

    def freeze(self, now: float) -> None:
        v = self.at(now)
        self.start = self.end = v
        self.t0 = self.t1 = now


class CameraSetup(Handle):
    """A ``camerasetup``: field values (degrees for angles), per-field durations, destination."""

    type_name = "camerasetup"

    def __init__(self) -> None:
        super().__init__()
        self.fields: dict[int, float] = {f: v for f, v in DEFAULT_FIELDS.items() if f != NEARZ}
        self.durations: dict[int, float] = {}
        self.dest = (0.0, 0.0)
        self.dest_duration = 0.0


class Camera:
    """The local player's camera (``game.camera``)."""

    def __init__(self, game=None) -> None:
        self.game = game
        self.fields = {f: Ramp(v) for f, v in DEFAULT_FIELDS.items()}
        self._x: Ramp | None = None
        self._y: Ramp | None = None
        self.quick_position: tuple[float, float] | None = None
        self.bounds_points: tuple[float, ...] | None = None
        self.target_controller: tuple[Any, float, float, bool] | None = None
        self.orient_controller: tuple[Any, float, float] | None = None
        self.cinematic_camera: str | None = None
        self.rotate_mode: tuple[float, float, float, float] | None = None
        self.target_noise: tuple[float, float, bool] = (0.0, 0.0, False)
        self.source_noise: tuple[float, float, bool] = (0.0, 0.0, False)
        self.smoothing_factor = 0.0

    # -- time --------------------------------------------------------------------------
    @property
    def now(self) -> float:
        return self.game.now if self.game is not None else 0.0

    # -- target ------------------------------------------------------------------------
    def _initial_target(self) -> tuple[float, float]:
        game = self.game
        if game is not None:
            players = game.players
            p = game.local_player
            loc = getattr(players, "start_locations", {}).get(getattr(p, "start_location", -1))
            if loc is not None:
                return (float(loc[0]), float(loc[1]))
            x0, y0, x1, y1 = game.world_bounds
            return ((x0 + x1) / 2.0, (y0 + y1) / 2.0)
        return (0.0, 0.0)

    def _ensure_target(self) -> None:
        if self._x is None:
            x, y = self._initial_target()
            self._x, self._y = Ramp(x, self.now), Ramp(y, self.now)

    def target(self) -> tuple[float, float]:
        """Current target point (x, y), world units."""
        ctl = self.target_controller
        if ctl is not None:
            unit = alive(ctl[0])
            if unit is not None:
                return (unit.x + ctl[1], unit.y + ctl[2])
        self._ensure_target()
        now = self.now
        return (self._x.at(now), self._y.at(now))  # type: ignore[union-attr]

    def pan(self, x: float, y: float, duration: float) -> None:
        """Move the target to (x, y) over ``duration`` game seconds; drops a unit lock."""
        if self.target_controller is not None:
            cx, cy = self.target()
            self.target_controller = None
            self._x, self._y = Ramp(cx, self.now), Ramp(cy, self.now)
        self._ensure_target()
        self.rotate_mode = None
        self._x.go(x, self.now, duration)  # type: ignore[union-attr]
        self._y.go(y, self.now, duration)  # type: ignore[union-attr]

    def target_z(self) -> float:
        x, y = self.target()
        height = self.game.terrain_height(x, y) if self.game is not None else 0.0
        return height + self.field(ZOFFSET)

    # -- fields ------------------------------------------------------------------------
    def field(self, f: int) -> float:
        """Current value of field ``f`` (degrees for angles, world units otherwise)."""
        ramp = self.fields.get(f)
        return ramp.at(self.now) if ramp is not None else 0.0

    def set_field(self, f: int, value: float, duration: float) -> None:
        ramp = self.fields.get(f)
        if ramp is not None:
            ramp.go(value, self.now, duration)

    def eye(self) -> tuple[float, float, float]:
        """Eye position (x, y, z), world units."""
        x, y = self.target()
        z = self.target_z()
        d = self.field(TARGET_DISTANCE)
        aoa = math.radians(self.field(ANGLE_OF_ATTACK))
        rot = math.radians(self.field(ROTATION))
        return (x - d * math.cos(aoa) * math.cos(rot),
                y - d * math.cos(aoa) * math.sin(rot),
                z - d * math.sin(aoa))

    def stop(self) -> None:
        now = self.now
        if self.target_controller is None:
            self._ensure_target()
            self._x.freeze(now)  # type: ignore[union-attr]
            self._y.freeze(now)  # type: ignore[union-attr]
        for ramp in self.fields.values():
            ramp.freeze(now)

    # -- bounds ------------------------------------------------------------------------
    def bounds(self) -> tuple[float, float, float, float]:
        """(min x, min y, max x, max y) of the camera bounds, world units."""
        pts = self.bounds_points
        if pts is None:
            if self.game is not None:
                return tuple(self.game.world_bounds)  # type: ignore[return-value]
            return (0.0, 0.0, 0.0, 0.0)
        xs, ys = pts[0::2], pts[1::2]
        return (min(xs), min(ys), max(xs), max(ys))

    def apply_setup(self, setup: CameraSetup, do_pan: bool, timed: bool,
                    force_duration: float | None = None, z_offset: float | None = None) -> None:
        for f, value in setup.fields.items():
            if f == ZOFFSET and z_offset is not None:
                value = z_offset
            if force_duration is not None:
                duration = force_duration
            else:
                duration = setup.durations.get(f, 0.0) if timed else 0.0
            self.set_field(f, value, duration)
        if do_pan:
            if force_duration is not None:
                duration = force_duration
            else:
                duration = setup.dest_duration if timed else 0.0
            self.pan(setup.dest[0], setup.dest[1], duration)




def _cam(ctx) -> Camera:
    return ctx.game.camera


def _field_id(f) -> int | None:
    return None if f is None else enum_value(f)


# ---------------------------------------------------------------------------------------
# Position and panning
# ---------------------------------------------------------------------------------------

@native("SetCameraPosition", "takes real x, real y returns nothing")
def SetCameraPosition(ctx, x, y):
    """Put the camera target at (x, y) at once, world units."""
    _cam(ctx).pan(x, y, 0.0)


@native("SetCameraQuickPosition", "takes real x, real y returns nothing")
def SetCameraQuickPosition(ctx, x, y):
    """Set the point the camera jumps to on the "quick position" key (not the camera itself)."""
    _cam(ctx).quick_position = (x, y)


@native("PanCameraTo", "takes real x, real y returns nothing")
def PanCameraTo(ctx, x, y):
    """Pan to (x, y), world units (arrives at once in the model)."""
    _cam(ctx).pan(x, y, 0.0)


@native("PanCameraToTimed", "takes real x, real y, real duration returns nothing")
def PanCameraToTimed(ctx, x, y, duration):
    """Pan to (x, y) over ``duration`` game seconds."""
    _cam(ctx).pan(x, y, duration)


@native("PanCameraToWithZ", "takes real x, real y, real zOffsetDest returns nothing")
def PanCameraToWithZ(ctx, x, y, z):
    """Pan to (x, y) and set the Z offset to ``zOffsetDest`` (at once in the model)."""
    cam = _cam(ctx)
    cam.pan(x, y, 0.0)
    cam.set_field(ZOFFSET, z, 0.0)


@native("PanCameraToTimedWithZ", "takes real x, real y, real zOffsetDest, real duration returns nothing")
def PanCameraToTimedWithZ(ctx, x, y, z, duration):
    """Pan to (x, y) and move the Z offset to ``zOffsetDest`` over ``duration`` game seconds."""
    cam = _cam(ctx)
    cam.pan(x, y, duration)
    cam.set_field(ZOFFSET, z, duration)


@native("StopCamera", "takes nothing returns nothing")
def StopCamera(ctx):
    """Freeze pans and field changes at their current values."""
    _cam(ctx).stop()


@native("ResetToGameCamera", "takes real duration returns nothing")
def ResetToGameCamera(ctx, duration):
    """Fields back to the game camera defaults over ``duration`` game seconds; drops locks."""
    cam = _cam(ctx)
    if cam.target_controller is not None:
        x, y = cam.target()
        cam.target_controller = None
        cam._x, cam._y = Ramp(x, cam.now), Ramp(y, cam.now)
    cam.orient_controller = None
    cam.rotate_mode = None
    cam.cinematic_camera = None
    for f, v in DEFAULT_FIELDS.items():
        cam.set_field(f, v, duration)


@native("SetCinematicCamera", "takes string cameraModelFile returns nothing")
def SetCinematicCamera(ctx, path):
    """Play the camera animation of a model file (the name is stored)."""
    _cam(ctx).cinematic_camera = path


@native("SetCameraRotateMode", "takes real x, real y, real radiansToSweep, real duration returns nothing")
def SetCameraRotateMode(ctx, x, y, radians, duration):
    """Target (x, y) and sweep the rotation by ``radiansToSweep`` over ``duration`` seconds."""
    cam = _cam(ctx)
    cam.pan(x, y, 0.0)
    cam.rotate_mode = (x, y, radians, duration)
    cam.set_field(ROTATION, cam.field(ROTATION) + math.degrees(radians), duration)


@native("SetCameraField", "takes camerafield whichField, real value, real duration returns nothing")
def SetCameraField(ctx, field, value, duration):
    """Move a field to ``value`` (degrees for angles) over ``duration`` game seconds."""
    f = _field_id(field)
    if f is not None:
        _cam(ctx).set_field(f, value, duration)


@native("AdjustCameraField", "takes camerafield whichField, real offset, real duration returns nothing")
def AdjustCameraField(ctx, field, offset, duration):
    """Change a field by ``offset`` (degrees for angles) over ``duration`` game seconds."""
    f = _field_id(field)
    if f is not None:
        cam = _cam(ctx)
        ramp = cam.fields.get(f)
        if ramp is not None:
            cam.set_field(f, ramp.end + offset, duration)


@native("SetCameraTargetController", "takes unit whichUnit, real xoffset, real yoffset, "
        "boolean inheritOrientation returns nothing")
def SetCameraTargetController(ctx, u, xoff, yoff, inherit):
    """Lock the target on a unit plus an offset (world units)."""
    u = alive(u)
    if u is not None:
        _cam(ctx).target_controller = (u, xoff, yoff, inherit)


@native("SetCameraOrientController", "takes unit whichUnit, real xoffset, real yoffset returns nothing")
def SetCameraOrientController(ctx, u, xoff, yoff):
    """Orient the camera after a unit (stored)."""
    u = alive(u)
    if u is not None:
        _cam(ctx).orient_controller = (u, xoff, yoff)


@native("SetCameraBounds", "takes real x1, real y1, real x2, real y2, real x3, real y3, real x4, real y4 "
        "returns nothing")
def SetCameraBounds(ctx, x1, y1, x2, y2, x3, y3, x4, y4):
    """Set the camera area from four corners, world units."""
    _cam(ctx).bounds_points = (x1, y1, x2, y2, x3, y3, x4, y4)


# ---------------------------------------------------------------------------------------
# Noise and smoothing
# ---------------------------------------------------------------------------------------

@native("CameraSetTargetNoise", "takes real mag, real velocity returns nothing")
def CameraSetTargetNoise(ctx, mag, velocity):
    """Sway the camera target (magnitude, velocity)."""
    _cam(ctx).target_noise = (mag, velocity, False)


@native("CameraSetSourceNoise", "takes real mag, real velocity returns nothing")
def CameraSetSourceNoise(ctx, mag, velocity):
    """Sway the camera source (magnitude, velocity)."""
    _cam(ctx).source_noise = (mag, velocity, False)


@native("CameraSetTargetNoiseEx", "takes real mag, real velocity, boolean vertOnly returns nothing")
def CameraSetTargetNoiseEx(ctx, mag, velocity, vert_only):
    """``CameraSetTargetNoise``, optionally vertical only."""
    _cam(ctx).target_noise = (mag, velocity, vert_only)


@native("CameraSetSourceNoiseEx", "takes real mag, real velocity, boolean vertOnly returns nothing")
def CameraSetSourceNoiseEx(ctx, mag, velocity, vert_only):
    """``CameraSetSourceNoise``, optionally vertical only."""
    _cam(ctx).source_noise = (mag, velocity, vert_only)


@native("CameraSetSmoothingFactor", "takes real factor returns nothing")
def CameraSetSmoothingFactor(ctx, factor):
    """Scrolling smoothing factor (0 by default, jassdoc)."""
    _cam(ctx).smoothing_factor = factor


# ---------------------------------------------------------------------------------------
# Camera setups
# ---------------------------------------------------------------------------------------

def _setup(s) -> CameraSetup | None:
    return alive(s)


@native("CreateCameraSetup", "takes nothing returns camerasetup")
def CreateCameraSetup(ctx):
    """A camera setup with jassdoc's defaults (target (0, 0), see module docstring)."""
    return new_handle(ctx.game, CameraSetup())


@native("CameraSetupSetField", "takes camerasetup whichSetup, camerafield whichField, real value, "
        "real duration returns nothing")
def CameraSetupSetField(ctx, s, field, value, duration):
    """Set a field of the setup (degrees for angles) and its apply duration (game seconds)."""
    s, f = _setup(s), _field_id(field)
    if s is None or f is None or f not in DEFAULT_FIELDS:
        return
    s.fields[f] = value
    s.durations[f] = duration


@native("CameraSetupGetField", "takes camerasetup whichSetup, camerafield whichField returns real")
def CameraSetupGetField(ctx, s, field):
    """A field of the setup, angles in degrees (unlike ``GetCameraField``); 0 for null."""
    s, f = _setup(s), _field_id(field)
    if s is None or f is None:
        return 0.0
    return s.fields.get(f, 0.0)


@native("CameraSetupSetDestPosition", "takes camerasetup whichSetup, real x, real y, real duration returns nothing")
def CameraSetupSetDestPosition(ctx, s, x, y, duration):
    """Target point of the setup (world units) and its pan duration (game seconds)."""
    s = _setup(s)
    if s is not None:
        s.dest = (x, y)
        s.dest_duration = duration


@native("CameraSetupGetDestPositionLoc", "takes camerasetup whichSetup returns location")
def CameraSetupGetDestPositionLoc(ctx, s):
    """A new location at the setup's target point (null for a null setup)."""
    s = _setup(s)
    if s is None:
        return None
    return new_location(ctx.game, s.dest[0], s.dest[1])


@native("CameraSetupGetDestPositionX", "takes camerasetup whichSetup returns real")
def CameraSetupGetDestPositionX(ctx, s):
    """X of the setup's target point, world units."""
    s = _setup(s)
    return s.dest[0] if s is not None else 0.0


@native("CameraSetupGetDestPositionY", "takes camerasetup whichSetup returns real")
def CameraSetupGetDestPositionY(ctx, s):
    """Y of the setup's target point, world units."""
    s = _setup(s)
    return s.dest[1] if s is not None else 0.0


@native("CameraSetupApply", "takes camerasetup whichSetup, boolean doPan, boolean panTimed returns nothing")
def CameraSetupApply(ctx, s, do_pan, timed):
    """Apply the setup's fields (and target when ``doPan``), over their durations when ``panTimed``."""
    s = _setup(s)
    if s is not None:
        _cam(ctx).apply_setup(s, do_pan, timed)


@native("CameraSetupApplyWithZ", "takes camerasetup whichSetup, real zDestOffset returns nothing")
def CameraSetupApplyWithZ(ctx, s, z):
    """Apply the setup (pan, timed) with Z offset ``zDestOffset`` instead of the setup's."""
    s = _setup(s)
    if s is not None:
        _cam(ctx).apply_setup(s, True, True, z_offset=z)


@native("CameraSetupApplyForceDuration", "takes camerasetup whichSetup, boolean doPan, real forceDuration "
        "returns nothing")
def CameraSetupApplyForceDuration(ctx, s, do_pan, duration):
    """Apply the setup with every change over ``forceDuration`` game seconds."""
    s = _setup(s)
    if s is not None:
        _cam(ctx).apply_setup(s, do_pan, True, force_duration=duration)


@native("CameraSetupApplyForceDurationWithZ", "takes camerasetup whichSetup, real zDestOffset, "
        "real forceDuration returns nothing")
def CameraSetupApplyForceDurationWithZ(ctx, s, z, duration):
    """``CameraSetupApplyForceDuration`` (with pan) and Z offset ``zDestOffset``."""
    s = _setup(s)
    if s is not None:
        _cam(ctx).apply_setup(s, True, True, force_duration=duration, z_offset=z)


@native("BlzCameraSetupApplyForceDurationSmooth", "takes camerasetup whichSetup, boolean doPan, "
        "real forcedDuration, real easeInDuration, real easeOutDuration, real smoothFactor "
        "returns nothing")
def BlzCameraSetupApplyForceDurationSmooth(ctx, s, do_pan, duration, ease_in, ease_out, smooth):
    """``CameraSetupApplyForceDuration`` with ease-in/ease-out durations and a smoothing
    factor: the model's transitions are linear ramps (module docstring), so the easing
    parameters are recorded (``camera.last_smooth``) and the changes take ``forcedDuration``
    game seconds as with ``CameraSetupApplyForceDuration``."""
    s = _setup(s)
    if s is not None:
        cam = _cam(ctx)
        cam.apply_setup(s, do_pan, True, force_duration=duration)
        cam.last_smooth = {"ease_in": ease_in, "ease_out": ease_out, "smooth_factor": smooth}


# ---------------------------------------------------------------------------------------
# Getters
# ---------------------------------------------------------------------------------------

@native("GetCameraMargin", "takes integer whichMargin returns real")
def GetCameraMargin(ctx, which):
    """Camera margin, world units: 512 left/right, 256 top/bottom; 0 for another index."""
    return CAMERA_MARGINS.get(which, 0.0)


@native("GetCameraBoundMinX", "takes nothing returns real", constant=True)
def GetCameraBoundMinX(ctx):
    """Smallest x of the camera bounds, world units."""
    return _cam(ctx).bounds()[0]


@native("GetCameraBoundMinY", "takes nothing returns real", constant=True)
def GetCameraBoundMinY(ctx):
    """Smallest y of the camera bounds, world units."""
    return _cam(ctx).bounds()[1]


@native("GetCameraBoundMaxX", "takes nothing returns real", constant=True)
def GetCameraBoundMaxX(ctx):
    """Largest x of the camera bounds, world units."""
    return _cam(ctx).bounds()[2]


@native("GetCameraBoundMaxY", "takes nothing returns real", constant=True)
def GetCameraBoundMaxY(ctx):
    """Largest y of the camera bounds, world units."""
    return _cam(ctx).bounds()[3]


@native("GetCameraField", "takes camerafield whichField returns real", constant=True)
def GetCameraField(ctx, field):
    """Current value of a field: radians for angles, world units otherwise; 0 for null."""
    f = _field_id(field)
    if f is None or f not in DEFAULT_FIELDS:
        return 0.0
    v = _cam(ctx).field(f)
    return math.radians(v) if f in ANGLE_FIELDS else v


@native("GetCameraTargetPositionX", "takes nothing returns real", constant=True)
def GetCameraTargetPositionX(ctx):
    """X of the camera target, world units."""
    return _cam(ctx).target()[0]


@native("GetCameraTargetPositionY", "takes nothing returns real", constant=True)
def GetCameraTargetPositionY(ctx):
    """Y of the camera target, world units."""
    return _cam(ctx).target()[1]


@native("GetCameraTargetPositionZ", "takes nothing returns real", constant=True)
def GetCameraTargetPositionZ(ctx):
    """Z of the camera target: terrain height plus the Z offset field, world units."""
    return _cam(ctx).target_z()


@native("GetCameraTargetPositionLoc", "takes nothing returns location", constant=True)
def GetCameraTargetPositionLoc(ctx):
    """A new location at the camera target."""
    x, y = _cam(ctx).target()
    return new_location(ctx.game, x, y)


@native("GetCameraEyePositionX", "takes nothing returns real", constant=True)
def GetCameraEyePositionX(ctx):
    """X of the camera eye, world units."""
    return _cam(ctx).eye()[0]


@native("GetCameraEyePositionY", "takes nothing returns real", constant=True)
def GetCameraEyePositionY(ctx):
    """Y of the camera eye, world units."""
    return _cam(ctx).eye()[1]


@native("GetCameraEyePositionZ", "takes nothing returns real", constant=True)
def GetCameraEyePositionZ(ctx):
    """Z of the camera eye, world units."""
    return _cam(ctx).eye()[2]


@native("GetCameraEyePositionLoc", "takes nothing returns location", constant=True)
def GetCameraEyePositionLoc(ctx):
    """A new location at the camera eye (x, y)."""
    x, y, _ = _cam(ctx).eye()
    return new_location(ctx.game, x, y)
