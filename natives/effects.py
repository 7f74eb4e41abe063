"""Visual effects: special effects, weather, lightning, images, ubersplats, terrain
deformations, sky and day/night models, water, doodad animations (presentation only).

Every object keeps what the script gave it, so tests can read it back from the handle or
from ``game.effects`` (live objects per kind, in creation order).

- **Special effects** (``effect`` agents): model path, position (world units) or target
  widget and attachment point, or for spell effects the ability (string or rawcode) and
  ``effecttype``. The 1.30 ``BlzSetSpecialEffect*`` setters store colour (0..255), alpha,
  scale, position, height, time scale, animation time, orientation (radians) and sub
  animations; ``BlzGetLocalSpecialEffectX/Y/Z`` read the position back (an effect on a
  widget is at the widget; an effect's Z is the terrain height under it plus its height
  until ``BlzSetSpecialEffectZ``/``Position`` set it).
- **Weather** (``weathereffect``): a copy of the rect's bounds and the weather rawcode;
  created disabled (Blizzard.j's ``AddWeatherEffectSaveLast`` enables it right after).
- **Lightning**: code name, end points (world units; Z 0 for the 2D natives), colour
  (r, g, b, a; 0..1, white opaque at creation); ``DestroyLightning``/``MoveLightning``/
  ``SetLightningColor`` return false for a null or destroyed bolt.
- **Images**: their own id space (S071): ids 0, 1, 2, ... with freed ids reused last-freed
  first ("recycles the handle ID instantly, no ref counting", jassdoc). Image type 0 gives
  the invalid ``image(-1)`` (jassdoc), which natives ignore. Image files cannot be checked
  here, so every other path is accepted.
- **Ubersplats**, **terrain deformations**: stored; ``TerrainDeformStop(All)`` ends them.
- ``SetSkyModel``, ``SetDayNightModels``, ``SetWaterBaseColor``, ``SetWaterDeforms``,
  ``SetDoodadAnimation(Rect)``: stored (doodad animation requests in a list).
"""
from __future__ import annotations

from typing import Any

from natives.handles import Handle, alive, enum_value
from natives.presentation import destroy_handle, new_handle, widget_xy
from natives.registry import native


class Effect(Handle):
    """An ``effect`` agent (see module docstring)."""

    type_name = "effect"

    def __init__(self, model: str | None, x: float = 0.0, y: float = 0.0, target=None,
                 attach: str | None = None, ability: Any = None, effect_type: int | None = None) -> None:
        super().__init__()
        self.model = model
        self._x = x
        self._y = y
        self.z: float | None = None
        self.target = target
        self.attach = attach
        self.ability = ability
        self.effect_type = effect_type
        self.props: dict[str, Any] = {}
        self.sub_animations: set[int] = set()
        self.played: list[tuple[int, float]] = []

    @property
    def x(self) -> float:
        pos = widget_xy(self.target) if self.target is not None else None
        return pos[0] if pos is not None else self._x

    @property
    def y(self) -> float:
        pos = widget_xy(self.target) if self.target is not None else None
        return pos[1] if pos is not None else self._y


class WeatherEffect(Handle):
    """A ``weathereffect``: area (minx, miny, maxx, maxy) and weather rawcode."""

    type_name = "weathereffect"

    def __init__(self, area: tuple[float, float, float, float], effect_id: int) -> None:
        super().__init__()
        self.area = area
        self.effect_id = effect_id
        self.enabled = False


class Lightning(Handle):
    """A ``lightning`` bolt between two points (world units)."""

    type_name = "lightning"

    def __init__(self, code: str | None, check_visibility: bool, p1: tuple, p2: tuple) -> None:
        super().__init__()
        self.code = code
        self.check_visibility = check_visibility
        self.p1 = p1
        self.p2 = p2
        self.color = (1.0, 1.0, 1.0, 1.0)


class Image(Handle):
    """An ``image`` (own id space, S071). ``valid`` is False for ``image(-1)``."""

    type_name = "image"
    counted = False

    def __init__(self, file: str | None, size: tuple, pos: tuple, origin: tuple, image_type: int) -> None:
        super().__init__()
        self.file = file
        self.size = size
        self.pos = pos
        self.origin = origin
        self.image_type = image_type
        self.valid = True
        self.shown = True
        self.render_always = False
        self.render = True
        self.constant_height: tuple[bool, float] = (False, 0.0)
        self.color = (255, 255, 255, 255)
        self.above_water: tuple[bool, bool] = (False, False)


class Ubersplat(Handle):
    """An ``ubersplat``: splat name, position (world units), colour, flags."""

    type_name = "ubersplat"

    def __init__(self, name: str | None, x: float, y: float, color: tuple, force_paused: bool,
                 no_birth: bool) -> None:
        super().__init__()
        self.name = name
        self.x = x
        self.y = y
        self.color = color
        self.force_paused = force_paused
        self.no_birth = no_birth
        self.shown = True
        self.render = True
        self.render_always = False
        self.state = "birth" if not no_birth else "stand"


class TerrainDeformation(Handle):
    """A ``terraindeformation``: kind (crater, ripple, wave, random) and its parameters."""

    type_name = "terraindeformation"

    def __init__(self, kind: str, params: dict[str, Any], start: float) -> None:
        super().__init__()
        self.kind = kind
        self.params = params
        self.start = start
        self.stopped_at: float | None = None


class EffectsState:
    """Visual effects of one game (``game.effects``)."""

    def __init__(self, game=None) -> None:
        self.game = game
        self.effects: list[Effect] = []
        self.weather: list[WeatherEffect] = []
        self.lightning: list[Lightning] = []
        self.images: dict[int, Image] = {}
        self._image_next = 0
        self._image_free: list[int] = []
        self.ubersplats: list[Ubersplat] = []
        self.deformations: list[TerrainDeformation] = []
        self.sky_model: str | None = None
        self.day_night_models: tuple[str, str] | None = None
        self.water_color: tuple[int, int, int, int] | None = None
        self.water_deforms: bool | None = None
        self.doodad_animations: list[dict[str, Any]] = []

    def add_image(self, img: Image) -> Image:
        if self._image_free:
            img.handle_id = self._image_free.pop()
        else:
            img.handle_id = self._image_next
            self._image_next += 1
        self.images[img.handle_id] = img
        return img

    def remove_image(self, img: Image) -> None:
        if self.images.get(img.handle_id) is img:
            del self.images[img.handle_id]
            self._image_free.append(img.handle_id)
        img.destroyed = True




def _fx(ctx) -> EffectsState:
    return ctx.game.effects


def _add_effect(ctx, e: Effect) -> Effect:
    new_handle(ctx.game, e)
    _fx(ctx).effects.append(e)
    return e


# ---------------------------------------------------------------------------------------
# Special effects
# ---------------------------------------------------------------------------------------

@native("AddSpecialEffect", "takes string modelName, real x, real y returns effect")
def AddSpecialEffect(ctx, model, x, y):
    """An effect of model ``modelName`` at (x, y), world units."""
    return _add_effect(ctx, Effect(model, x, y))


@native("AddSpecialEffectLoc", "takes string modelName, location where returns effect")
def AddSpecialEffectLoc(ctx, model, loc):
    """An effect at a location (at (0, 0) for a null location)."""
    loc = alive(loc)
    x, y = (loc.x, loc.y) if loc is not None else (0.0, 0.0)
    return _add_effect(ctx, Effect(model, x, y))


@native("AddSpecialEffectTarget", "takes string modelName, widget targetWidget, string attachPointName "
        "returns effect")
def AddSpecialEffectTarget(ctx, model, w, attach):
    """An effect attached to a widget at ``attachPointName``."""
    w = alive(w)
    pos = widget_xy(w) or (0.0, 0.0)
    return _add_effect(ctx, Effect(model, pos[0], pos[1], target=w, attach=attach))


@native("AddSpellEffect", "takes string abilityString, effecttype t, real x, real y returns effect")
def AddSpellEffect(ctx, ability, t, x, y):
    """The ``effecttype`` art of an ability (by its string) at (x, y)."""
    return _add_effect(ctx, Effect(None, x, y, ability=ability, effect_type=enum_value(t)))


@native("AddSpellEffectLoc", "takes string abilityString, effecttype t,location where returns effect")
def AddSpellEffectLoc(ctx, ability, t, loc):
    """``AddSpellEffect`` at a location."""
    loc = alive(loc)
    x, y = (loc.x, loc.y) if loc is not None else (0.0, 0.0)
    return _add_effect(ctx, Effect(None, x, y, ability=ability, effect_type=enum_value(t)))


@native("AddSpellEffectById", "takes integer abilityId, effecttype t,real x, real y returns effect")
def AddSpellEffectById(ctx, ability, t, x, y):
    """The ``effecttype`` art of an ability (by rawcode) at (x, y)."""
    return _add_effect(ctx, Effect(None, x, y, ability=ability, effect_type=enum_value(t)))


@native("AddSpellEffectByIdLoc", "takes integer abilityId, effecttype t,location where returns effect")
def AddSpellEffectByIdLoc(ctx, ability, t, loc):
    """``AddSpellEffectById`` at a location."""
    loc = alive(loc)
    x, y = (loc.x, loc.y) if loc is not None else (0.0, 0.0)
    return _add_effect(ctx, Effect(None, x, y, ability=ability, effect_type=enum_value(t)))


@native("AddSpellEffectTarget", "takes string modelName, effecttype t, widget targetWidget, string attachPoint "
        "returns effect")
def AddSpellEffectTarget(ctx, ability, t, w, attach):
    """The ``effecttype`` art of an ability (by string) attached to a widget."""
    w = alive(w)
    pos = widget_xy(w) or (0.0, 0.0)
    return _add_effect(ctx, Effect(None, pos[0], pos[1], target=w, attach=attach, ability=ability,
                                   effect_type=enum_value(t)))


@native("AddSpellEffectTargetById", "takes integer abilityId, effecttype t, widget targetWidget, "
        "string attachPoint returns effect")
def AddSpellEffectTargetById(ctx, ability, t, w, attach):
    """The ``effecttype`` art of an ability (by rawcode) attached to a widget."""
    w = alive(w)
    pos = widget_xy(w) or (0.0, 0.0)
    return _add_effect(ctx, Effect(None, pos[0], pos[1], target=w, attach=attach, ability=ability,
                                   effect_type=enum_value(t)))


@native("DestroyEffect", "takes effect whichEffect returns nothing")
def DestroyEffect(ctx, e):
    """Destroy the effect (it plays its death animation in the game)."""
    e = alive(e)
    if e is None:
        return
    fx = _fx(ctx)
    if e in fx.effects:
        fx.effects.remove(e)
    destroy_handle(ctx.game, e)


def _fx_setter(name: str, signature: str, key: str, doc: str):
    def setter(ctx, e, *values):
        e = alive(e)
        if e is not None:
            e.props[key] = values[0] if len(values) == 1 else tuple(values)

    setter.__doc__ = doc
    native(name, signature)(setter)


_fx_setter("BlzSetSpecialEffectColor", "takes effect whichEffect, integer r, integer g, integer b returns nothing",
           "color", "Tint (r, g, b; 0..255).")
_fx_setter("BlzSetSpecialEffectAlpha", "takes effect whichEffect, integer alpha returns nothing",
           "alpha", "Alpha 0..255.")
_fx_setter("BlzSetSpecialEffectScale", "takes effect whichEffect, real scale returns nothing",
           "scale", "Scale factor (1.0 normal).")
_fx_setter("BlzSetSpecialEffectHeight", "takes effect whichEffect, real height returns nothing",
           "height", "Height above the terrain, world units.")
_fx_setter("BlzSetSpecialEffectTimeScale", "takes effect whichEffect, real timeScale returns nothing",
           "time_scale", "Animation speed factor.")
_fx_setter("BlzSetSpecialEffectTime", "takes effect whichEffect, real time returns nothing",
           "time", "Animation time, seconds.")
_fx_setter("BlzSetSpecialEffectOrientation", "takes effect whichEffect, real yaw, real pitch, real roll "
           "returns nothing", "orientation", "(yaw, pitch, roll), radians.")
_fx_setter("BlzSetSpecialEffectYaw", "takes effect whichEffect, real yaw returns nothing",
           "yaw", "Yaw, radians.")
_fx_setter("BlzSetSpecialEffectPitch", "takes effect whichEffect, real pitch returns nothing",
           "pitch", "Pitch, radians.")
_fx_setter("BlzSetSpecialEffectRoll", "takes effect whichEffect, real roll returns nothing",
           "roll", "Roll, radians.")


@native("BlzSetSpecialEffectColorByPlayer", "takes effect whichEffect, player whichPlayer returns nothing")
def BlzSetSpecialEffectColorByPlayer(ctx, e, p):
    """Team colour of a player (its ``playercolor`` value is stored)."""
    e = alive(e)
    if e is not None and p is not None:
        e.props["player_color"] = getattr(p, "color", None)


def _move(e: Effect, x: float | None = None, y: float | None = None, z: float | None = None) -> None:
    if x is not None or y is not None:
        cx, cy = e.x, e.y
        e.target = None
        e._x = cx if x is None else x
        e._y = cy if y is None else y
    if z is not None:
        e.z = z


@native("BlzSetSpecialEffectPosition", "takes effect whichEffect, real x, real y, real z returns nothing")
def BlzSetSpecialEffectPosition(ctx, e, x, y, z):
    """Move the effect to (x, y, z), world units."""
    e = alive(e)
    if e is not None:
        _move(e, x, y, z)


@native("BlzSetSpecialEffectX", "takes effect whichEffect, real x returns nothing")
def BlzSetSpecialEffectX(ctx, e, x):
    """Move the effect along x, world units."""
    e = alive(e)
    if e is not None:
        _move(e, x=x)


@native("BlzSetSpecialEffectY", "takes effect whichEffect, real y returns nothing")
def BlzSetSpecialEffectY(ctx, e, y):
    """Move the effect along y, world units."""
    e = alive(e)
    if e is not None:
        _move(e, y=y)


@native("BlzSetSpecialEffectZ", "takes effect whichEffect, real z returns nothing")
def BlzSetSpecialEffectZ(ctx, e, z):
    """Set the effect's absolute Z, world units."""
    e = alive(e)
    if e is not None:
        _move(e, z=z)


@native("BlzSetSpecialEffectPositionLoc", "takes effect whichEffect, location loc returns nothing")
def BlzSetSpecialEffectPositionLoc(ctx, e, loc):
    """Move the effect to a location (x, y)."""
    e, loc = alive(e), alive(loc)
    if e is not None and loc is not None:
        _move(e, loc.x, loc.y)


@native("BlzGetLocalSpecialEffectX", "takes effect whichEffect returns real")
def BlzGetLocalSpecialEffectX(ctx, e):
    """X of the effect, world units (0 for null)."""
    e = alive(e)
    return e.x if e is not None else 0.0


@native("BlzGetLocalSpecialEffectY", "takes effect whichEffect returns real")
def BlzGetLocalSpecialEffectY(ctx, e):
    """Y of the effect, world units (0 for null)."""
    e = alive(e)
    return e.y if e is not None else 0.0


@native("BlzGetLocalSpecialEffectZ", "takes effect whichEffect returns real")
def BlzGetLocalSpecialEffectZ(ctx, e):
    """Z of the effect: as set, else terrain height plus its height (0 for null)."""
    e = alive(e)
    if e is None:
        return 0.0
    if e.z is not None:
        return e.z
    return ctx.game.terrain_height(e.x, e.y) + float(e.props.get("height", 0.0))


@native("BlzSpecialEffectClearSubAnimations", "takes effect whichEffect returns nothing")
def BlzSpecialEffectClearSubAnimations(ctx, e):
    """Remove every sub animation."""
    e = alive(e)
    if e is not None:
        e.sub_animations.clear()


@native("BlzSpecialEffectRemoveSubAnimation", "takes effect whichEffect, subanimtype whichSubAnim returns nothing")
def BlzSpecialEffectRemoveSubAnimation(ctx, e, sub):
    """Remove a sub animation (``subanimtype`` value)."""
    e = alive(e)
    if e is not None and sub is not None:
        e.sub_animations.discard(enum_value(sub))


@native("BlzSpecialEffectAddSubAnimation", "takes effect whichEffect, subanimtype whichSubAnim returns nothing")
def BlzSpecialEffectAddSubAnimation(ctx, e, sub):
    """Add a sub animation (``subanimtype`` value)."""
    e = alive(e)
    if e is not None and sub is not None:
        e.sub_animations.add(enum_value(sub))


@native("BlzPlaySpecialEffect", "takes effect whichEffect, animtype whichAnim returns nothing")
def BlzPlaySpecialEffect(ctx, e, anim):
    """Play an animation (``animtype`` value; recorded)."""
    e = alive(e)
    if e is not None and anim is not None:
        e.played.append((enum_value(anim), 1.0))


@native("BlzPlaySpecialEffectWithTimeScale", "takes effect whichEffect, animtype whichAnim, real timeScale "
        "returns nothing")
def BlzPlaySpecialEffectWithTimeScale(ctx, e, anim, scale):
    """Play an animation at a speed factor (recorded)."""
    e = alive(e)
    if e is not None and anim is not None:
        e.played.append((enum_value(anim), scale))


# ---------------------------------------------------------------------------------------
# Weather
# ---------------------------------------------------------------------------------------

@native("AddWeatherEffect", "takes rect where, integer effectID returns weathereffect")
def AddWeatherEffect(ctx, r, effect_id):
    """A disabled weather effect (rawcode ``effectID``) over a copy of the rect's bounds."""
    r = alive(r)
    area = (r.min_x, r.min_y, r.max_x, r.max_y) if r is not None else (0.0, 0.0, 0.0, 0.0)
    w = new_handle(ctx.game, WeatherEffect(area, effect_id))
    _fx(ctx).weather.append(w)
    return w


@native("RemoveWeatherEffect", "takes weathereffect whichEffect returns nothing")
def RemoveWeatherEffect(ctx, w):
    """Remove the weather effect."""
    w = alive(w)
    if w is None:
        return
    w.enabled = False
    fx = _fx(ctx)
    if w in fx.weather:
        fx.weather.remove(w)
    destroy_handle(ctx.game, w)


@native("EnableWeatherEffect", "takes weathereffect whichEffect, boolean enable returns nothing")
def EnableWeatherEffect(ctx, w, enable):
    """Turn the weather effect on/off."""
    w = alive(w)
    if w is not None:
        w.enabled = enable


# ---------------------------------------------------------------------------------------
# Terrain deformations
# ---------------------------------------------------------------------------------------

def _deform(ctx, kind: str, **params) -> TerrainDeformation:
    d = new_handle(ctx.game, TerrainDeformation(kind, params, ctx.game.now))
    _fx(ctx).deformations.append(d)
    return d


@native("TerrainDeformCrater", "takes real x, real y, real radius, real depth, integer duration, "
        "boolean permanent returns terraindeformation")
def TerrainDeformCrater(ctx, x, y, radius, depth, duration, permanent):
    """A crater at (x, y): radius and depth in world units, duration in milliseconds."""
    return _deform(ctx, "crater", x=x, y=y, radius=radius, depth=depth, duration_ms=duration,
                   permanent=permanent)


@native("TerrainDeformRipple", "takes real x, real y, real radius, real depth, integer duration, "
        "integer count, real spaceWaves, real timeWaves, real radiusStartPct, boolean limitNeg "
        "returns terraindeformation")
def TerrainDeformRipple(ctx, x, y, radius, depth, duration, count, space, time_waves, start_pct, limit_neg):
    """A ripple at (x, y) (world units; duration in milliseconds)."""
    return _deform(ctx, "ripple", x=x, y=y, radius=radius, depth=depth, duration_ms=duration, count=count,
                   space_waves=space, time_waves=time_waves, radius_start_pct=start_pct, limit_neg=limit_neg)


@native("TerrainDeformWave", "takes real x, real y, real dirX, real dirY, real distance, real speed, "
        "real radius, real depth, integer trailTime, integer count returns terraindeformation")
def TerrainDeformWave(ctx, x, y, dx, dy, distance, speed, radius, depth, trail, count):
    """A travelling wave (world units, world units per second; trail time in milliseconds)."""
    return _deform(ctx, "wave", x=x, y=y, dir=(dx, dy), distance=distance, speed=speed, radius=radius,
                   depth=depth, trail_ms=trail, count=count)


@native("TerrainDeformRandom", "takes real x, real y, real radius, real minDelta, real maxDelta, "
        "integer duration, integer updateInterval returns terraindeformation")
def TerrainDeformRandom(ctx, x, y, radius, min_delta, max_delta, duration, interval):
    """Random terrain noise (world units; duration and interval in milliseconds)."""
    return _deform(ctx, "random", x=x, y=y, radius=radius, min_delta=min_delta, max_delta=max_delta,
                   duration_ms=duration, interval_ms=interval)


@native("TerrainDeformStop", "takes terraindeformation deformation, integer duration returns nothing")
def TerrainDeformStop(ctx, d, duration):
    """End a deformation (over ``duration`` milliseconds in the game)."""
    d = alive(d)
    if d is None:
        return
    d.stopped_at = ctx.game.now
    fx = _fx(ctx)
    if d in fx.deformations:
        fx.deformations.remove(d)
    destroy_handle(ctx.game, d)


@native("TerrainDeformStopAll", "takes nothing returns nothing")
def TerrainDeformStopAll(ctx):
    """End every deformation."""
    fx = _fx(ctx)
    for d in list(fx.deformations):
        d.stopped_at = ctx.game.now
        destroy_handle(ctx.game, d)
    fx.deformations.clear()


# ---------------------------------------------------------------------------------------
# Lightning
# ---------------------------------------------------------------------------------------

def _add_lightning(ctx, code, check, p1, p2) -> Lightning:
    bolt = new_handle(ctx.game, Lightning(code, check, p1, p2))
    _fx(ctx).lightning.append(bolt)
    return bolt


@native("AddLightning", "takes string codeName, boolean checkVisibility, real x1, real y1, real x2, real y2 "
        "returns lightning")
def AddLightning(ctx, code, check, x1, y1, x2, y2):
    """A lightning bolt (code name like ``"CLPB"``) between two points, Z 0."""
    return _add_lightning(ctx, code, check, (x1, y1, 0.0), (x2, y2, 0.0))


@native("AddLightningEx", "takes string codeName, boolean checkVisibility, real x1, real y1, real z1, "
        "real x2, real y2, real z2 returns lightning")
def AddLightningEx(ctx, code, check, x1, y1, z1, x2, y2, z2):
    """A lightning bolt between two 3D points, world units."""
    return _add_lightning(ctx, code, check, (x1, y1, z1), (x2, y2, z2))


@native("DestroyLightning", "takes lightning whichBolt returns boolean")
def DestroyLightning(ctx, bolt):
    """Destroy the bolt; false for a null or destroyed bolt."""
    bolt = alive(bolt)
    if bolt is None:
        return False
    fx = _fx(ctx)
    if bolt in fx.lightning:
        fx.lightning.remove(bolt)
    return destroy_handle(ctx.game, bolt)


@native("MoveLightning", "takes lightning whichBolt, boolean checkVisibility, real x1, real y1, real x2, "
        "real y2 returns boolean")
def MoveLightning(ctx, bolt, check, x1, y1, x2, y2):
    """Move the bolt's end points (Z 0); false for a null bolt."""
    bolt = alive(bolt)
    if bolt is None:
        return False
    bolt.check_visibility = check
    bolt.p1, bolt.p2 = (x1, y1, 0.0), (x2, y2, 0.0)
    return True


@native("MoveLightningEx", "takes lightning whichBolt, boolean checkVisibility, real x1, real y1, real z1, "
        "real x2, real y2, real z2 returns boolean")
def MoveLightningEx(ctx, bolt, check, x1, y1, z1, x2, y2, z2):
    """Move the bolt's 3D end points; false for a null bolt."""
    bolt = alive(bolt)
    if bolt is None:
        return False
    bolt.check_visibility = check
    bolt.p1, bolt.p2 = (x1, y1, z1), (x2, y2, z2)
    return True


def _color_getter(name: str, index: int, channel: str):
    def get(ctx, bolt):
        bolt = alive(bolt)
        return bolt.color[index] if bolt is not None else 0.0

    get.__doc__ = f"{channel} channel of the bolt's colour, 0..1 (1 at creation; 0 for null)."
    native(name, "takes lightning whichBolt returns real")(get)


_color_getter("GetLightningColorA", 3, "Alpha")
_color_getter("GetLightningColorR", 0, "Red")
_color_getter("GetLightningColorG", 1, "Green")
_color_getter("GetLightningColorB", 2, "Blue")


@native("SetLightningColor", "takes lightning whichBolt, real r, real g, real b, real a returns boolean")
def SetLightningColor(ctx, bolt, r, g, b, a):
    """Colour of the bolt (0..1 each); false for a null bolt."""
    bolt = alive(bolt)
    if bolt is None:
        return False
    bolt.color = (r, g, b, a)
    return True


# ---------------------------------------------------------------------------------------
# Images
# ---------------------------------------------------------------------------------------

INVALID_IMAGE_ID = -1


def _img(i) -> Image | None:
    i = alive(i)
    if i is None or not i.valid:
        return None
    return i


@native("CreateImage", "takes string file, real sizeX, real sizeY, real sizeZ, real posX, real posY, "
        "real posZ, real originX, real originY, real originZ, integer imageType returns image")
def CreateImage(ctx, file, sx, sy, sz, px, py, pz, ox, oy, oz, image_type):
    """A shown image with the next image id (S071); image type 0 gives ``image(-1)``."""
    img = Image(file, (sx, sy, sz), (px, py, pz), (ox, oy, oz), image_type)
    if image_type == 0:
        img.valid = False
        img.handle_id = INVALID_IMAGE_ID
        return img
    return _fx(ctx).add_image(img)


@native("DestroyImage", "takes image whichImage returns nothing")
def DestroyImage(ctx, i):
    """Destroy the image; its id is reused by the next ``CreateImage`` at once."""
    i = _img(i)
    if i is not None:
        _fx(ctx).remove_image(i)


@native("ShowImage", "takes image whichImage, boolean flag returns nothing")
def ShowImage(ctx, i, flag):
    """Show/hide the image."""
    i = _img(i)
    if i is not None:
        i.shown = flag


@native("SetImageConstantHeight", "takes image whichImage, boolean flag, real height returns nothing")
def SetImageConstantHeight(ctx, i, flag, height):
    """Lock the image at ``height`` (world units) when ``flag``."""
    i = _img(i)
    if i is not None:
        i.constant_height = (flag, height)


@native("SetImagePosition", "takes image whichImage, real x, real y, real z returns nothing")
def SetImagePosition(ctx, i, x, y, z):
    """Move the image's corner to (x, y, z), world units."""
    i = _img(i)
    if i is not None:
        i.pos = (x, y, z)


@native("SetImageColor", "takes image whichImage, integer red, integer green, integer blue, integer alpha "
        "returns nothing")
def SetImageColor(ctx, i, r, g, b, a):
    """Colour (0..255 each)."""
    i = _img(i)
    if i is not None:
        i.color = (r, g, b, a)


@native("SetImageRender", "takes image whichImage, boolean flag returns nothing")
def SetImageRender(ctx, i, flag):
    """Stored (jassdoc: has no effect in the game; ``SetImageRenderAlways`` works)."""
    i = _img(i)
    if i is not None:
        i.render = flag


@native("SetImageRenderAlways", "takes image whichImage, boolean flag returns nothing")
def SetImageRenderAlways(ctx, i, flag):
    """Enable/disable rendering of the image."""
    i = _img(i)
    if i is not None:
        i.render_always = flag


@native("SetImageAboveWater", "takes image whichImage, boolean flag, boolean useWaterAlpha returns nothing")
def SetImageAboveWater(ctx, i, flag, water_alpha):
    """Draw the image above water."""
    i = _img(i)
    if i is not None:
        i.above_water = (flag, water_alpha)


@native("SetImageType", "takes image whichImage, integer imageType returns nothing")
def SetImageType(ctx, i, image_type):
    """Change the image type (1..4 draw order, jassdoc)."""
    i = _img(i)
    if i is not None:
        i.image_type = image_type


# ---------------------------------------------------------------------------------------
# Ubersplats
# ---------------------------------------------------------------------------------------

@native("CreateUbersplat", "takes real x, real y, string name, integer red, integer green, integer blue, "
        "integer alpha, boolean forcePaused, boolean noBirthTime returns ubersplat")
def CreateUbersplat(ctx, x, y, name, r, g, b, a, paused, no_birth):
    """An ubersplat (splat table name) at (x, y), colour 0..255."""
    s = new_handle(ctx.game, Ubersplat(name, x, y, (r, g, b, a), paused, no_birth))
    _fx(ctx).ubersplats.append(s)
    return s


@native("DestroyUbersplat", "takes ubersplat whichSplat returns nothing")
def DestroyUbersplat(ctx, s):
    """Destroy the ubersplat."""
    s = alive(s)
    if s is None:
        return
    fx = _fx(ctx)
    if s in fx.ubersplats:
        fx.ubersplats.remove(s)
    destroy_handle(ctx.game, s)


@native("ResetUbersplat", "takes ubersplat whichSplat returns nothing")
def ResetUbersplat(ctx, s):
    """Restart the splat's animation from its birth."""
    s = alive(s)
    if s is not None:
        s.state = "birth"


@native("FinishUbersplat", "takes ubersplat whichSplat returns nothing")
def FinishUbersplat(ctx, s):
    """Jump the splat's animation to its end."""
    s = alive(s)
    if s is not None:
        s.state = "finished"


@native("ShowUbersplat", "takes ubersplat whichSplat, boolean flag returns nothing")
def ShowUbersplat(ctx, s, flag):
    """Show/hide the splat."""
    s = alive(s)
    if s is not None:
        s.shown = flag


@native("SetUbersplatRender", "takes ubersplat whichSplat, boolean flag returns nothing")
def SetUbersplatRender(ctx, s, flag):
    """Render flag of the splat."""
    s = alive(s)
    if s is not None:
        s.render = flag


@native("SetUbersplatRenderAlways", "takes ubersplat whichSplat, boolean flag returns nothing")
def SetUbersplatRenderAlways(ctx, s, flag):
    """Render-always flag of the splat."""
    s = alive(s)
    if s is not None:
        s.render_always = flag


# ---------------------------------------------------------------------------------------
# Sky, lighting models, water, doodads
# ---------------------------------------------------------------------------------------

@native("SetSkyModel", "takes string skyModelFile returns nothing")
def SetSkyModel(ctx, path):
    """Sky model file."""
    _fx(ctx).sky_model = path


@native("SetDayNightModels", "takes string terrainDNCFile, string unitDNCFile returns nothing")
def SetDayNightModels(ctx, terrain, unit):
    """Day/night lighting models for terrain and units."""
    _fx(ctx).day_night_models = (terrain, unit)


@native("SetWaterBaseColor", "takes integer red, integer green, integer blue, integer alpha returns nothing")
def SetWaterBaseColor(ctx, r, g, b, a):
    """Water tint (0..255 each)."""
    _fx(ctx).water_color = (r, g, b, a)


@native("SetWaterDeforms", "takes boolean val returns nothing")
def SetWaterDeforms(ctx, val):
    """Whether terrain deformations move the water."""
    _fx(ctx).water_deforms = val


@native("SetDoodadAnimation", "takes real x, real y, real radius, integer doodadID, boolean nearestOnly, "
        "string animName, boolean animRandom returns nothing")
def SetDoodadAnimation(ctx, x, y, radius, doodad_id, nearest, anim, random):
    """Play ``animName`` on doodads of a type within ``radius`` of (x, y) (recorded)."""
    _fx(ctx).doodad_animations.append({"time": ctx.game.now, "area": ("circle", x, y, radius),
                                       "doodad": doodad_id, "nearest_only": nearest,
                                       "animation": anim, "random": random})


@native("SetDoodadAnimationRect", "takes rect r, integer doodadID, string animName, boolean animRandom "
        "returns nothing")
def SetDoodadAnimationRect(ctx, r, doodad_id, anim, random):
    """Play ``animName`` on doodads of a type inside a rect (recorded)."""
    r = alive(r)
    if r is None:
        return
    _fx(ctx).doodad_animations.append({"time": ctx.game.now,
                                       "area": ("rect", r.min_x, r.min_y, r.max_x, r.max_y),
                                       "doodad": doodad_id, "nearest_only": False,
                                       "animation": anim, "random": random})
