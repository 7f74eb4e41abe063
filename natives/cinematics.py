"""Cinematics: transmissions, cinematic filters, interface and user control (presentation only).

Transmissions
    ``SetCinematicScene`` shows a speaker portrait with a text for ``sceneDuration`` game
    seconds; the model keeps the current scene (``game.cinematics.scene``, None once
    ``EndCinematicScene`` ran or the scene's time is over) and every scene shown
    (``game.cinematics.scenes``), and records a ``transmission`` timeline entry: the speaker
    is the speaker title, or the portrait unit's rawcode when the title is empty.

Cinematic mode
    The game has no "cinematic mode" switch of its own: Blizzard.j's ``CinematicModeExBJ``
    hides the interface (``ShowInterface(false, fade)``), disables user control and occlusion,
    and restores them on exit. The model records a ``cinematic_mode`` timeline entry whenever
    ``ShowInterface`` changes the interface's visibility (``on`` = interface hidden).

Filters
    ``SetCineFilter*`` settings are stored; ``DisplayCineFilter`` shows/hides the filter and
    ``IsCineFilterDisplayed`` reads it back (false until shown). Colours are 0..255, UVs
    texture coordinates, durations game seconds.

Defaults (the state of a game that just started): interface shown, user control and user UI
enabled, occlusion enabled, no cinematic filter displayed, subtitles not forced.
"""
from __future__ import annotations

from typing import Any

from natives.handles import enum_value
from natives.registry import native
from natives.unitdata import rawcode_str


class CinematicState:
    """Cinematic and interface state of one game (``game.cinematics``)."""

    def __init__(self, game=None) -> None:
        self.game = game
        self._scene: dict[str, Any] | None = None
        self.scenes: list[dict[str, Any]] = []
        self.subtitles_forced = False
        self.interface_shown = True
        self.interface_fade = 0.0
        self.user_control = True
        self.user_ui = True
        self.occlusion = True
        self.filter: dict[str, Any] = {
            "texture": None, "blend_mode": None, "tex_map_flags": None,
            "start_uv": None, "end_uv": None, "start_color": None, "end_color": None,
            "duration": None,
        }
        self.filter_displayed = False
        self.intro_text: str | None = None
        self.intro_model: str | None = None
        self.movies: list[tuple[float, str, str]] = []
        self.replay_saving = True
        self.cinematic_audio = False

    @property
    def scene(self) -> dict[str, Any] | None:
        """The transmission on screen now, or None."""
        s = self._scene
        if s is None:
            return None
        now = self.game.now if self.game is not None else 0.0
        if now >= s["end"]:
            return None
        return s




def _st(ctx) -> CinematicState:
    return ctx.game.cinematics


# ---------------------------------------------------------------------------------------
# Transmissions
# ---------------------------------------------------------------------------------------

@native("SetCinematicScene", "takes integer portraitUnitId, playercolor color, string speakerTitle, "
        "string text, real sceneDuration, real voiceoverDuration returns nothing")
def SetCinematicScene(ctx, unit_id, color, title, text, scene_duration, voice_duration):
    """Show a transmission for ``sceneDuration`` game seconds (records ``transmission``)."""
    st = _st(ctx)
    now = ctx.game.now
    speaker = title if title else (rawcode_str(unit_id) if unit_id else "")
    scene = {"unit_id": unit_id, "color": enum_value(color), "speaker": title or "", "text": text or "",
             "duration": scene_duration, "voiceover": voice_duration, "start": now,
             "end": now + max(0.0, scene_duration)}
    st._scene = scene
    st.scenes.append(scene)
    ctx.game.record("transmission", speaker=speaker, text=text or "", duration=scene_duration)


@native("EndCinematicScene", "takes nothing returns nothing")
def EndCinematicScene(ctx):
    """Remove the transmission on screen."""
    _st(ctx)._scene = None


@native("ForceCinematicSubtitles", "takes boolean flag returns nothing")
def ForceCinematicSubtitles(ctx, flag):
    """Force subtitles on transmissions whatever the player's settings."""
    _st(ctx).subtitles_forced = flag


# ---------------------------------------------------------------------------------------
# Interface, control, occlusion
# ---------------------------------------------------------------------------------------

@native("ShowInterface", "takes boolean flag, real fadeDuration returns nothing")
def ShowInterface(ctx, flag, fade):
    """Show/hide the interface over ``fadeDuration`` game seconds (records ``cinematic_mode``
    when visibility changes)."""
    st = _st(ctx)
    st.interface_fade = fade
    if st.interface_shown != flag:
        st.interface_shown = flag
        ctx.game.record("cinematic_mode", on=not flag)


@native("EnableUserControl", "takes boolean b returns nothing")
def EnableUserControl(ctx, b):
    """Enable/disable the local player's control of the game."""
    _st(ctx).user_control = b


@native("EnableUserUI", "takes boolean b returns nothing")
def EnableUserUI(ctx, b):
    """Enable/disable the local player's user interface."""
    _st(ctx).user_ui = b


@native("EnableOcclusion", "takes boolean flag returns nothing")
def EnableOcclusion(ctx, flag):
    """Enable/disable occlusion (units seen through trees and buildings)."""
    _st(ctx).occlusion = flag


@native("DoNotSaveReplay", "takes nothing returns nothing")
def DoNotSaveReplay(ctx):
    """Mark the game's replay as not to be saved."""
    _st(ctx).replay_saving = False


@native("SetCinematicAudio", "takes boolean cinematicAudio returns nothing")
def SetCinematicAudio(ctx, flag):
    """Switch the sound mix to cinematic audio (presentation only: stored as
    ``game.cinematics.cinematic_audio``)."""
    _st(ctx).cinematic_audio = bool(flag)


# ---------------------------------------------------------------------------------------
# Cinematic filter
# ---------------------------------------------------------------------------------------

def _filter_setter(name: str, signature: str, key: str, doc: str):
    def setter(ctx, *values):
        value: Any = values[0] if len(values) == 1 else tuple(values)
        if key in ("blend_mode", "tex_map_flags"):
            value = None if value is None else enum_value(value)
        _st(ctx).filter[key] = value

    setter.__doc__ = doc
    native(name, signature)(setter)


_filter_setter("SetCineFilterTexture", "takes string filename returns nothing", "texture",
               "Texture file of the cinematic filter.")
_filter_setter("SetCineFilterBlendMode", "takes blendmode whichMode returns nothing", "blend_mode",
               "Blend mode (blendmode value) of the filter.")
_filter_setter("SetCineFilterTexMapFlags", "takes texmapflags whichFlags returns nothing", "tex_map_flags",
               "Texture map flags (texmapflags value) of the filter.")
_filter_setter("SetCineFilterStartUV", "takes real minu, real minv, real maxu, real maxv returns nothing",
               "start_uv", "Texture coordinates (minu, minv, maxu, maxv) at the start.")
_filter_setter("SetCineFilterEndUV", "takes real minu, real minv, real maxu, real maxv returns nothing",
               "end_uv", "Texture coordinates (minu, minv, maxu, maxv) at the end.")
_filter_setter("SetCineFilterStartColor", "takes integer red, integer green, integer blue, integer alpha "
               "returns nothing", "start_color", "Colour (r, g, b, a; 0..255) at the start.")
_filter_setter("SetCineFilterEndColor", "takes integer red, integer green, integer blue, integer alpha "
               "returns nothing", "end_color", "Colour (r, g, b, a; 0..255) at the end.")
_filter_setter("SetCineFilterDuration", "takes real duration returns nothing", "duration",
               "Fade duration of the filter, game seconds.")


@native("DisplayCineFilter", "takes boolean flag returns nothing")
def DisplayCineFilter(ctx, flag):
    """Show/hide the cinematic filter with the current settings."""
    st = _st(ctx)
    st.filter_displayed = flag
    if flag:
        st.filter["shown_at"] = ctx.game.now


@native("IsCineFilterDisplayed", "takes nothing returns boolean")
def IsCineFilterDisplayed(ctx):
    """True while the cinematic filter is displayed (false at game start)."""
    return _st(ctx).filter_displayed


# ---------------------------------------------------------------------------------------
# Intro shots, movies
# ---------------------------------------------------------------------------------------

@native("SetIntroShotText", "takes string introText returns nothing")
def SetIntroShotText(ctx, text):
    """Text of the map's intro shot."""
    _st(ctx).intro_text = text


@native("SetIntroShotModel", "takes string introModelPath returns nothing")
def SetIntroShotModel(ctx, path):
    """Model of the map's intro shot."""
    _st(ctx).intro_model = path


@native("PlayModelCinematic", "takes string modelName returns nothing")
def PlayModelCinematic(ctx, name):
    """Play a model cinematic (recorded in ``game.cinematics.movies``)."""
    _st(ctx).movies.append((ctx.game.now, "model", name or ""))


@native("PlayCinematic", "takes string movieName returns nothing")
def PlayCinematic(ctx, name):
    """Play a movie (recorded in ``game.cinematics.movies``)."""
    _st(ctx).movies.append((ctx.game.now, "movie", name or ""))
