"""Display switches of the 1.31-1.33 API that keep state other modules do not own: sky box,
terrain rendering, the minimap texture, team glow, cinematic panels, selection and target
indicator switches, chat messages, portrait light, recording, camera labels and depth of
field, the effect scaling matrix, sound facial animation, ``StartSoundEx``, the UI filter
getters and ``BlzGetAnimName``.

State: ``game.display`` (``DisplayState``) and fields of the objects concerned (a camera
setup's ``label``, a sound's ``facial``, an effect's ``props``, a unit's ``presentation``).
Sources: jassdoc common.j (lep/jassdoc), quoted per native.
"""
from __future__ import annotations

from typing import Any

from natives.handles import alive, enum_value, own
from natives.registry import native
from natives.sound import StartSound

ANIM_NAMES = ("birth", "death", "decay", "dissipate", "stand", "walk", "attack", "morph",
              "sleep", "spell", "portrait")
"""animtype values 0..10 (common.j ``ANIM_TYPE_*``) -> the animation name
``BlzGetAnimName`` returns (the constant's name in lower case: project reading of jassdoc's
"the string representation of the name of the animation", not measured)."""
MATRIX_RESET_KEYS = ("orientation", "yaw", "pitch", "roll")


class DisplayState:
    """``game.display``: the switches of this module (see its docstring)."""

    def __init__(self, game) -> None:
        self.game = game
        self.sky_box = True
        self.terrain = True
        self.minimap_texture: str | None = None
        self.cinematic_panels_hidden = False
        self.target_indicator = True
        self.portrait_light: str | None = None
        self.recording: list[tuple[float, str, int]] = []
        self.chat: list[dict[str, Any]] = []
        self.depth_of_field_scale: float | None = None
        self.focal_distance: float | None = None
        self.dialogs_async: list = []


def _d(ctx) -> DisplayState:
    return ctx.game.display


@native("BlzShowSkyBox", "takes boolean show returns nothing")
def BlzShowSkyBox(ctx, show):
    """Render the sky box (stored; jassdoc)."""
    _d(ctx).sky_box = bool(show)


@native("BlzShowTerrain", "takes boolean show returns nothing")
def BlzShowTerrain(ctx, show):
    """Render the terrain (stored; jassdoc: "false no terrain (black background by
    default)")."""
    _d(ctx).terrain = bool(show)


@native("BlzChangeMinimapTerrainTex", "takes string texFile returns boolean")
def BlzChangeMinimapTerrainTex(ctx, tex):
    """Use ``texFile`` as the minimap image (jassdoc: "Uses a new Texture for the minimap").
    The game's answer for a file it cannot load was not measured: true for any non-empty
    path (the file is not read; docs/natives.md), false for null or ``""``."""
    if not tex:
        return False
    _d(ctx).minimap_texture = tex
    return True


@native("BlzShowUnitTeamGlow", "takes unit whichUnit, boolean show returns nothing")
def BlzShowUnitTeamGlow(ctx, u, show):
    """Show or hide a unit's team glow (``unit.presentation["team_glow"]``; jassdoc: "Will
    remove Hero glowing team color when set to false")."""
    u = alive(u)
    if u is not None:
        own(u, "presentation")["team_glow"] = bool(show)


@native("BlzHideCinematicPanels", "takes boolean enable returns nothing")
def BlzHideCinematicPanels(ctx, enable):
    """Hide the cinematic letterbox panels (stored; jassdoc @bug: without cinematic mode
    nothing visible changes but the view shifts north, a rendering matter not modelled)."""
    _d(ctx).cinematic_panels_hidden = bool(enable)


@native("BlzEnableSelections", "takes boolean enableSelection, boolean enableSelectionCircle returns nothing")
def BlzEnableSelections(ctx, selection, circle):
    """jassdoc @note: "Acts exactly the same as EnableSelect" (``game.ui.select``)."""
    ctx.game.ui.select = (bool(selection), bool(circle))


@native("BlzIsSelectionEnabled", "takes nothing returns boolean")
def BlzIsSelectionEnabled(ctx):
    """Selection allowed (``EnableSelect``/``BlzEnableSelections``; jassdoc: "Does not
    account for EnablePreSelect or EnableDragSelect")."""
    return bool(ctx.game.ui.select[0])


@native("BlzIsSelectionCircleEnabled", "takes nothing returns boolean")
def BlzIsSelectionCircleEnabled(ctx):
    """Selection circles shown (the second flag of ``EnableSelect``)."""
    return bool(ctx.game.ui.select[1])


@native("BlzEnableTargetIndicator", "takes boolean enable returns nothing")
def BlzEnableTargetIndicator(ctx, enable):
    """The three green arrows of a ground right-click (stored; on at start)."""
    _d(ctx).target_indicator = bool(enable)


@native("BlzIsTargetIndicatorEnabled", "takes nothing returns boolean")
def BlzIsTargetIndicatorEnabled(ctx):
    """What ``BlzEnableTargetIndicator`` set (true at start)."""
    return _d(ctx).target_indicator


@native("GetAllyColorFilterState", "takes nothing returns integer")
def GetAllyColorFilterState(ctx):
    """The ally colour mode ``SetAllyColorFilterState`` set, else 0 (jassdoc: "0 aka Mode 1
    (default)")."""
    state = ctx.game.ui.ally_color_filter
    return 0 if state is None else state


@native("GetCreepCampFilterState", "takes nothing returns boolean")
def GetCreepCampFilterState(ctx):
    """The creep camp display ``SetCreepCampFilterState`` set; before any, the local player's
    own toggle, which a headless client never pressed: false (docs/natives.md)."""
    return bool(ctx.game.ui.creep_camp_filter)


@native("BlzDisplayChatMessage", "takes player whichPlayer, integer recipient, string message returns nothing")
def BlzDisplayChatMessage(ctx, player, recipient, message):
    """Show ``message`` in the chat as sent by ``whichPlayer`` (jassdoc: "The message does
    not appear in log (F12)"; ``recipient`` 0 All, 1 Allies, 2 Observers, 3 and above
    Private only changes the prefix): listed in ``game.display.chat`` and the timeline
    (``chat_message``), not in the message log."""
    if player is None:
        return
    channel = ("all", "allies", "observers")[recipient] if 0 <= recipient <= 2 else "private"
    entry = {"player": player.id, "channel": channel, "text": message or ""}
    _d(ctx).chat.append({"time": ctx.game.now, **entry})
    ctx.game.record("chat_message", **entry)


@native("SetPortraitLight", "takes string portraitDNCFile returns nothing")
def SetPortraitLight(ctx, path):
    """Day/night model lighting the portrait (stored)."""
    _d(ctx).portrait_light = path


@native("BlzStartRecording", "takes integer fps returns nothing")
def BlzStartRecording(ctx, fps):
    """jassdoc: "Does nothing ..., no files are created": only noted in
    ``game.display.recording``."""
    _d(ctx).recording.append((ctx.game.now, "start", fps))


@native("BlzEndRecording", "takes nothing returns nothing")
def BlzEndRecording(ctx):
    """jassdoc: "Does nothing": only noted."""
    _d(ctx).recording.append((ctx.game.now, "end", 0))


@native("DialogSetAsync", "takes dialog whichDialog returns nothing")
def DialogSetAsync(ctx, dialog):
    """Mark a dialog asynchronous (a 2.0 native jassdoc does not describe): noted in
    ``game.display.dialogs_async``; the dialog behaves as before (one client here)."""
    dialog = alive(dialog)
    if dialog is not None and dialog not in _d(ctx).dialogs_async:
        _d(ctx).dialogs_async.append(dialog)


# -- camera ----------------------------------------------------------------------------------

@native("BlzCameraSetupSetLabel", "takes camerasetup whichSetup, string label returns nothing")
def BlzCameraSetupSetLabel(ctx, setup, label):
    """Name a camera setup (read back by ``BlzCameraSetupGetLabel``)."""
    setup = alive(setup)
    if setup is not None:
        setup.label = label


@native("BlzCameraSetupGetLabel", "takes camerasetup whichSetup returns string")
def BlzCameraSetupGetLabel(ctx, setup):
    """The label set (null when none was)."""
    setup = alive(setup)
    return getattr(setup, "label", None) if setup is not None else None


@native("CameraSetDepthOfFieldScale", "takes real scale returns nothing")
def CameraSetDepthOfFieldScale(ctx, scale):
    """Depth of field scale (stored; jassdoc @note: "Works only in Reforged HD graphics
    mode")."""
    _d(ctx).depth_of_field_scale = scale


@native("CameraSetFocalDistance", "takes real distance returns nothing")
def CameraSetFocalDistance(ctx, distance):
    """Focal distance (stored; jassdoc @note: "Works only in Reforged HD graphics mode")."""
    _d(ctx).focal_distance = distance


# -- effects -----------------------------------------------------------------------------------

@native("BlzGetSpecialEffectScale", "takes effect whichEffect returns real")
def BlzGetSpecialEffectScale(ctx, e):
    """The scale ``BlzSetSpecialEffectScale`` set (jassdoc: "default: 1"); 0.0 for null."""
    e = alive(e)
    return float(e.props.get("scale", 1.0)) if e is not None else 0.0


@native("BlzSetSpecialEffectMatrixScale", "takes effect whichEffect, real x, real y, real z returns nothing")
def BlzSetSpecialEffectMatrixScale(ctx, e, x, y, z):
    """The 3-axis scale (``props["matrix_scale"]``; jassdoc: independent of the regular
    scale, both applied multiplicatively, so ``BlzGetSpecialEffectScale`` is unchanged)."""
    e = alive(e)
    if e is not None:
        e.props["matrix_scale"] = (x, y, z)


@native("BlzResetSpecialEffectMatrix", "takes effect whichEffect returns nothing")
def BlzResetSpecialEffectMatrix(ctx, e):
    """Matrix back to (1, 1, 1) (jassdoc: "Does not reset the general scale"; @bug "(Tested
    1.36.2) Resets yaw, roll, pitch too": the orientation is cleared as well)."""
    e = alive(e)
    if e is None:
        return
    e.props["matrix_scale"] = (1.0, 1.0, 1.0)
    for key in MATRIX_RESET_KEYS:
        e.props.pop(key, None)


@native("BlzGetAnimName", "takes animtype whichAnim returns string")
def BlzGetAnimName(ctx, anim):
    """The animation's name (``ANIM_NAMES``); ``""`` for a value outside it or null."""
    v = enum_value(anim)
    return ANIM_NAMES[v] if 0 <= v < len(ANIM_NAMES) else ""


# -- sound -----------------------------------------------------------------------------------

@native("StartSoundEx", "takes sound soundHandle, boolean fadeIn returns nothing")
def StartSoundEx(ctx, s, fade_in):
    """jassdoc @bug: "The fadeIn parameter does nothing (unused); thus equivalent to
    StartSound"."""
    StartSound(ctx, s)


def _facial(name: str, key: str, doc: str):
    def setter(ctx, s, value):
        s = alive(s)
        if s is None:
            return False
        if not isinstance(getattr(s, "facial", None), dict):
            s.facial = {}
        s.facial[key] = value
        return True

    setter.__doc__ = doc + " (``sound.facial``); true, false for a null sound."
    setter.__name__ = setter.__qualname__ = name
    native(name, f"takes sound soundHandle, string {key} returns boolean")(setter)


_facial("SetSoundFacialAnimationLabel", "animationLabel", "The facial animation of a voice line")
_facial("SetSoundFacialAnimationGroupLabel", "groupLabel", "The facial animation group")
_facial("SetSoundFacialAnimationSetFilepath", "animationSetFilepath", "The facial animation set file")
