"""Sounds and music: ``sound`` handles, map/thematic music, volume groups (presentation only).

Nothing is played; the model keeps what a script set and when a sound would play, so that
``GetSoundIsPlaying``, ``GetSoundDuration`` and ``TriggerWaitForSound`` behave.

Durations
    Sounds have no files here, so a sound's duration is the one the script gives with
    ``SetSoundDuration(s, milliseconds)``. World Editor generated code always does that right
    after ``CreateSound`` with the file's real length (``SetSoundDuration(gg_snd_X, 3482)``),
    so campaign scripts get the game's value. A sound whose duration was never set has
    duration 0 ms, as a sound whose file cannot be loaded has in the game.
    ``GetSoundFileDuration(path)`` returns the duration last set on a sound created from that
    file path (0 ms for an unknown file). Pitch does not change durations in the model.

Playing
    ``StartSound`` starts a sound at the current game time (from the offset set with
    ``SetSoundPlayPosition`` right after it, in milliseconds). A non-looping sound plays until
    ``start + (duration - offset) / 1000`` game seconds; a looping one until stopped.
    Starting a sound that is already playing does nothing. ``GetSoundIsPlaying`` is false at
    the very instant of ``StartSound`` (jassdoc: "If you just started the sound this still
    returns false") and true strictly after, until the sound ends or is stopped.
    ``GetSoundIsLoading`` is always false (files load instantly here). ``StopSound`` stops at
    once (a fade-out is recorded, not simulated); ``killWhenDone`` destroys the handle.
    ``KillSoundWhenDone`` destroys a playing sound when it ends, a silent one at once.

Waiting
    ``TriggerWaitForSound(s, offset)`` sleeps the calling thread until the sound has
    ``offset`` seconds left to play (a sleep like ``TriggerSleepAction``: only trigger
    actions and ``ExecuteFunc`` threads may wait); it returns at once for a null sound, a
    sound that is not playing, a looping sound, or when less than ``offset`` is left.

Music
    ``SetMapMusic``/``ClearMapMusic`` set the map's music list; ``PlayMusic``/``PlayMusicEx``
    replace the current music (offset and fade in milliseconds), ``StopMusic`` and
    ``ResumeMusic`` toggle it; one thematic music at a time (``PlayThematicMusic``/``Ex``,
    ``EndThematicMusic``). Volumes are 0..127 as the API takes them; volume group scales are
    factors (1.0 = normal) reset by ``VolumeGroupReset``.

``game.sound.log`` lists ``(game time, action, sound or music name)`` for every start/stop,
so tests can assert what would have been heard.
"""
from __future__ import annotations

from typing import Any

from natives.handles import Handle, alive, enum_value
from natives.presentation import destroy_handle, new_handle
from natives.registry import native

#: Blizzard.j's ``bj_NOTHING_SOUND_DURATION`` is what scripts use for a null sound; the
#: natives themselves return 0 for null.
NULL_DURATION_MS = 0


class Sound(Handle):
    """A ``sound`` agent. Times are game seconds, durations and offsets milliseconds."""

    type_name = "sound"

    def __init__(self, file: str | None, label: str | None = None, *, looping: bool = False,
                 is3d: bool = False, stop_out_of_range: bool = False, fade_in: int = 0,
                 fade_out: int = 0, eax: str | None = None, midi: bool = False) -> None:
        super().__init__()
        self.file = file
        self.label = label
        self.looping = looping
        self.is3d = is3d
        self.stop_out_of_range = stop_out_of_range
        self.fade_in = fade_in
        self.fade_out = fade_out
        self.eax = eax
        self.midi = midi
        self.duration_ms = 0
        self.params: dict[str, Any] = {}
        self.position: tuple[float, float, float] | None = None
        self.attached_unit = None
        self.started_at: float | None = None
        self.offset_ms = 0
        self.stopped_at: float | None = None
        self.kill_when_done = False
        self.stacked: dict[bool, tuple[float, float]] = {}
        # 1.32+ subtitles: string keys (TRIGSTR_n or localized keys); None until set
        self.dialogue_speaker_key: str | None = None
        self.dialogue_text_key: str | None = None

    def end_time(self) -> float | None:
        """Game time when the current play ends; None when not started or looping."""
        if self.started_at is None or self.looping:
            return None
        return self.started_at + max(0, self.duration_ms - self.offset_ms) / 1000.0

    def active(self, now: float) -> bool:
        """Started, not stopped, and not past its end (the start instant included)."""
        if self.started_at is None or self.stopped_at is not None:
            return False
        end = self.end_time()
        return end is None or now < end

    def playing(self, now: float) -> bool:
        """``GetSoundIsPlaying``: active and strictly after the start instant."""
        return self.active(now) and now > self.started_at  # type: ignore[operator]

    def remaining(self, now: float) -> float | None:
        """Seconds left to play; None when looping or not active."""
        if not self.active(now):
            return None
        end = self.end_time()
        return None if end is None else end - now


class SoundSystem:
    """Sound and music state of one game (``game.sound``)."""

    def __init__(self, game=None) -> None:
        self.game = game
        if game is not None:
            game.scheduler.register("sound_finish", self._finish)   # subject: the sound
        self.file_durations: dict[str, int] = {}
        self.environment: str | None = None
        self.map_music: tuple[str, bool, int] | None = None
        self.music: str | None = None
        self.music_playing = False
        self.music_from_ms = 0
        self.music_fade_in_ms = 0
        self.music_volume: int | None = None
        self.music_position_ms: int | None = None
        self.thematic: str | None = None
        self.thematic_from_ms = 0
        self.thematic_position_ms: int | None = None
        self.thematic_volume: int | None = None
        self.volume_groups: dict[int, float] = {}
        self.log: list[tuple[float, str, str]] = []

    def note(self, action: str, what: str | None) -> None:
        now = self.game.now if self.game is not None else 0.0
        self.log.append((now, action, what or ""))

    def volume_group(self, group: int) -> float:
        """Scale of volume group ``group`` (1.0 unless set since the last reset)."""
        return self.volume_groups.get(group, 1.0)

    def _finish(self, s: Sound, started_at: float) -> None:
        """A play ended: destroy the sound when it is marked ``KillSoundWhenDone`` and was
        not restarted since (``started_at`` is the play's start, game seconds)."""
        if s.destroyed or s.started_at != started_at or not s.kill_when_done:
            return
        destroy_handle(self.game, s)




def _sys(ctx) -> SoundSystem:
    return ctx.game.sound


def _s(s) -> Sound | None:
    return alive(s)


def _create(ctx, snd: Sound) -> Sound:
    return new_handle(ctx.game, snd)


# ---------------------------------------------------------------------------------------
# Creation and parameters
# ---------------------------------------------------------------------------------------

@native("NewSoundEnvironment", "takes string environmentName returns nothing")
def NewSoundEnvironment(ctx, name):
    """Set the EAX sound environment by name (stored as ``game.sound.environment``)."""
    _sys(ctx).environment = name


@native("CreateSound", "takes string fileName, boolean looping, boolean is3D, boolean stopwhenoutofrange, "
        "integer fadeInRate, integer fadeOutRate, string eaxSetting returns sound")
def CreateSound(ctx, file, looping, is3d, stop_out, fade_in, fade_out, eax):
    """A sound of file ``fileName``; fade rates 0..127; duration 0 ms until set."""
    return _create(ctx, Sound(file, looping=looping, is3d=is3d, stop_out_of_range=stop_out,
                              fade_in=fade_in, fade_out=fade_out, eax=eax))


@native("CreateSoundFilenameWithLabel", "takes string fileName, boolean looping, boolean is3D, "
        "boolean stopwhenoutofrange, integer fadeInRate, integer fadeOutRate, string SLKEntryName returns sound")
def CreateSoundFilenameWithLabel(ctx, file, looping, is3d, stop_out, fade_in, fade_out, label):
    """A sound of file ``fileName`` with the parameters of SLK label ``SLKEntryName``."""
    return _create(ctx, Sound(file, label, looping=looping, is3d=is3d, stop_out_of_range=stop_out,
                              fade_in=fade_in, fade_out=fade_out))


@native("CreateSoundFromLabel", "takes string soundLabel, boolean looping, boolean is3D, "
        "boolean stopwhenoutofrange, integer fadeInRate, integer fadeOutRate returns sound")
def CreateSoundFromLabel(ctx, label, looping, is3d, stop_out, fade_in, fade_out):
    """A sound defined by SLK label ``soundLabel`` (no file path known here)."""
    return _create(ctx, Sound(None, label, looping=looping, is3d=is3d, stop_out_of_range=stop_out,
                              fade_in=fade_in, fade_out=fade_out))


@native("CreateMIDISound", "takes string soundLabel, integer fadeInRate, integer fadeOutRate returns sound")
def CreateMIDISound(ctx, label, fade_in, fade_out):
    """A MIDI sound defined by label ``soundLabel``."""
    return _create(ctx, Sound(None, label, fade_in=fade_in, fade_out=fade_out, midi=True))


@native("SetSoundParamsFromLabel", "takes sound soundHandle, string soundLabel returns nothing")
def SetSoundParamsFromLabel(ctx, s, label):
    """Record the SLK label whose parameters the sound uses."""
    s = _s(s)
    if s is not None:
        s.label = label


def _param_setter(name: str, signature: str, key: str, doc: str):
    def setter(ctx, s, *values):
        s = _s(s)
        if s is not None:
            s.params[key] = values[0] if len(values) == 1 else tuple(values)

    setter.__doc__ = doc
    native(name, signature)(setter)


_param_setter("SetSoundDistanceCutoff", "takes sound soundHandle, real cutoff returns nothing",
              "distance_cutoff", "Distance (world units) past which the sound is not heard.")
_param_setter("SetSoundChannel", "takes sound soundHandle, integer channel returns nothing",
              "channel", "Sound channel number.")
_param_setter("SetSoundVolume", "takes sound soundHandle, integer volume returns nothing",
              "volume", "Volume 0..127.")
_param_setter("SetSoundPitch", "takes sound soundHandle, real pitch returns nothing",
              "pitch", "Pitch factor (1.0 normal); durations are not rescaled in the model.")
_param_setter("SetSoundDistances", "takes sound soundHandle, real minDist, real maxDist returns nothing",
              "distances", "(min, max) audible distances, world units (3D sounds).")
_param_setter("SetSoundConeAngles", "takes sound soundHandle, real inside, real outside, "
              "integer outsideVolume returns nothing",
              "cone_angles", "(inside, outside degrees, outside volume 0..127) (3D sounds).")
_param_setter("SetSoundConeOrientation", "takes sound soundHandle, real x, real y, real z returns nothing",
              "cone_orientation", "Cone direction vector (3D sounds).")
_param_setter("SetSoundVelocity", "takes sound soundHandle, real x, real y, real z returns nothing",
              "velocity", "Velocity, world units per second (3D sounds).")


@native("SetSoundPosition", "takes sound soundHandle, real x, real y, real z returns nothing")
def SetSoundPosition(ctx, s, x, y, z):
    """Place a 3D sound at (x, y, z), world units; detaches it from a unit."""
    s = _s(s)
    if s is not None:
        s.position = (x, y, z)
        s.attached_unit = None


@native("AttachSoundToUnit", "takes sound soundHandle, unit whichUnit returns nothing")
def AttachSoundToUnit(ctx, s, u):
    """Make a 3D sound follow unit ``whichUnit``."""
    s = _s(s)
    if s is not None:
        s.attached_unit = alive(u)


@native("SetSoundDuration", "takes sound soundHandle, integer duration returns nothing")
def SetSoundDuration(ctx, s, duration):
    """Set the sound's length, milliseconds (also remembered for its file path)."""
    s = _s(s)
    if s is None:
        return
    s.duration_ms = duration
    if s.file:
        _sys(ctx).file_durations[s.file] = duration


@native("GetSoundDuration", "takes sound soundHandle returns integer")
def GetSoundDuration(ctx, s):
    """The sound's length, milliseconds: what ``SetSoundDuration`` set, else 0 (0 for null)."""
    s = _s(s)
    return s.duration_ms if s is not None else NULL_DURATION_MS


@native("GetSoundFileDuration", "takes string musicFileName returns integer")
def GetSoundFileDuration(ctx, path):
    """Length in milliseconds last set on a sound of file ``path``; 0 for an unknown file."""
    return _sys(ctx).file_durations.get(path or "", 0)


@native("RegisterStackedSound", "takes sound soundHandle, boolean byPosition, real rectwidth, "
        "real rectheight returns nothing")
def RegisterStackedSound(ctx, s, by_position, width, height):
    """Register the sound as stacked (area width/height in world units)."""
    s = _s(s)
    if s is not None:
        s.stacked[by_position] = (width, height)


@native("UnregisterStackedSound", "takes sound soundHandle, boolean byPosition, real rectwidth, "
        "real rectheight returns nothing")
def UnregisterStackedSound(ctx, s, by_position, width, height):
    """Undo ``RegisterStackedSound``."""
    s = _s(s)
    if s is not None:
        s.stacked.pop(by_position, None)


# ---------------------------------------------------------------------------------------
# Playing
# ---------------------------------------------------------------------------------------

def _schedule_kill(game, s: Sound) -> None:
    """At the play's end (a ``sound_finish`` entry: ``SoundSystem._finish``), destroy a sound
    marked ``KillSoundWhenDone``."""
    remaining = s.remaining(game.now)
    if remaining is None:
        return  # looping: killed when stopped
    game.sound  # built now, so its entry kind is registered
    game.schedule(remaining, "sound_finish", s.started_at, subject=s)


@native("StartSound", "takes sound soundHandle returns nothing")
def StartSound(ctx, s):
    """Start playing at the current game time (no effect while already playing)."""
    s = _s(s)
    if s is None:
        return
    now = ctx.game.now
    if s.active(now):
        return
    s.started_at = now
    s.offset_ms = 0
    s.stopped_at = None
    _sys(ctx).note("start", s.file or s.label)
    if s.kill_when_done:
        _schedule_kill(ctx.game, s)


@native("SetSoundPlayPosition", "takes sound soundHandle, integer millisecs returns nothing")
def SetSoundPlayPosition(ctx, s, ms):
    """Jump to ``millisecs`` into the sound (jassdoc: call right after ``StartSound``)."""
    s = _s(s)
    if s is None:
        return
    now = ctx.game.now
    if s.active(now):
        # re-base so the remaining time is duration - ms from now
        s.started_at = now
        s.offset_ms = max(0, ms)
        if s.kill_when_done:
            _schedule_kill(ctx.game, s)
    else:
        s.offset_ms = max(0, ms)


@native("StopSound", "takes sound soundHandle, boolean killWhenDone, boolean fadeOut returns nothing")
def StopSound(ctx, s, kill, fade_out):
    """Stop now (``fadeOut`` is recorded); ``killWhenDone`` destroys the handle."""
    s = _s(s)
    if s is None:
        return
    if s.active(ctx.game.now):
        s.stopped_at = ctx.game.now
        _sys(ctx).note("stop_fade" if fade_out else "stop", s.file or s.label)
    if kill:
        destroy_handle(ctx.game, s)


@native("KillSoundWhenDone", "takes sound soundHandle returns nothing")
def KillSoundWhenDone(ctx, s):
    """Destroy the sound when its play ends (at once when it is not playing)."""
    s = _s(s)
    if s is None:
        return
    s.kill_when_done = True
    if not s.active(ctx.game.now):
        destroy_handle(ctx.game, s)
    else:
        _schedule_kill(ctx.game, s)


@native("GetSoundIsPlaying", "takes sound soundHandle returns boolean")
def GetSoundIsPlaying(ctx, s):
    """True strictly after ``StartSound`` until the sound ends or is stopped."""
    s = _s(s)
    return s is not None and s.playing(ctx.game.now)


@native("GetSoundIsLoading", "takes sound soundHandle returns boolean")
def GetSoundIsLoading(ctx, s):
    """Always false: there are no files to load in the model."""
    return False


@native("TriggerWaitForSound", "takes sound s, real offset returns nothing")
def TriggerWaitForSound(ctx, s, offset):
    """Sleep until the sound has ``offset`` game seconds left (see module docstring)."""
    s = _s(s)
    if s is None:
        return
    remaining = s.remaining(ctx.game.now)
    if remaining is None:
        return
    wait = remaining - offset
    if wait > 0:
        ctx.sleep(wait)


TriggerWaitForSound.may_wait = True  # suspends the calling thread (jassvm.fastpath)


# ---------------------------------------------------------------------------------------
# Music
# ---------------------------------------------------------------------------------------

@native("SetMapMusic", "takes string musicName, boolean random, integer index returns nothing")
def SetMapMusic(ctx, name, random, index):
    """Set the map music list (``;``-separated names), random order or starting at ``index``."""
    _sys(ctx).map_music = (name, random, index)


@native("ClearMapMusic", "takes nothing returns nothing")
def ClearMapMusic(ctx):
    """Forget the map music set by ``SetMapMusic``."""
    _sys(ctx).map_music = None


def _play_music(ctx, name, from_ms: int, fade_ms: int) -> None:
    sys_ = _sys(ctx)
    sys_.music = name
    sys_.music_playing = True
    sys_.music_from_ms = from_ms
    sys_.music_fade_in_ms = fade_ms
    sys_.note("music", name)


@native("PlayMusic", "takes string musicName returns nothing")
def PlayMusic(ctx, name):
    """Play ``musicName`` as the current music."""
    _play_music(ctx, name, 0, 0)


@native("PlayMusicEx", "takes string musicName, integer frommsecs, integer fadeinmsecs returns nothing")
def PlayMusicEx(ctx, name, from_ms, fade_ms):
    """Play ``musicName`` from ``frommsecs`` with a ``fadeinmsecs`` fade in (milliseconds)."""
    _play_music(ctx, name, from_ms, fade_ms)


@native("StopMusic", "takes boolean fadeOut returns nothing")
def StopMusic(ctx, fade_out):
    """Stop the current music."""
    sys_ = _sys(ctx)
    if sys_.music_playing:
        sys_.note("music_stop", sys_.music)
    sys_.music_playing = False


@native("ResumeMusic", "takes nothing returns nothing")
def ResumeMusic(ctx):
    """Resume the music stopped by ``StopMusic``."""
    sys_ = _sys(ctx)
    if not sys_.music_playing:
        sys_.music_playing = True
        sys_.note("music_resume", sys_.music)


@native("PlayThematicMusic", "takes string musicFileName returns nothing")
def PlayThematicMusic(ctx, name):
    """Play ``musicFileName`` once over the current music (replaces any thematic music)."""
    sys_ = _sys(ctx)
    sys_.thematic, sys_.thematic_from_ms = name, 0
    sys_.note("thematic", name)


@native("PlayThematicMusicEx", "takes string musicFileName, integer frommsecs returns nothing")
def PlayThematicMusicEx(ctx, name, from_ms):
    """``PlayThematicMusic`` from ``frommsecs`` milliseconds."""
    sys_ = _sys(ctx)
    sys_.thematic, sys_.thematic_from_ms = name, from_ms
    sys_.note("thematic", name)


@native("EndThematicMusic", "takes nothing returns nothing")
def EndThematicMusic(ctx):
    """Stop the thematic music."""
    sys_ = _sys(ctx)
    if sys_.thematic is not None:
        sys_.note("thematic_end", sys_.thematic)
    sys_.thematic = None


@native("SetMusicVolume", "takes integer volume returns nothing")
def SetMusicVolume(ctx, volume):
    """Music volume 0..127."""
    _sys(ctx).music_volume = volume


@native("SetThematicMusicVolume", "takes integer volume returns nothing")
def SetThematicMusicVolume(ctx, volume):
    """Thematic music volume 0..127 (Blizzard.j converts a percentage with
    ``PercentToInt(p, 127)``); stored in ``thematic_volume``."""
    _sys(ctx).thematic_volume = volume


@native("SetMusicPlayPosition", "takes integer millisecs returns nothing")
def SetMusicPlayPosition(ctx, ms):
    """Jump the current music to ``millisecs``."""
    _sys(ctx).music_position_ms = ms


@native("SetThematicMusicPlayPosition", "takes integer millisecs returns nothing")
def SetThematicMusicPlayPosition(ctx, ms):
    """Jump the thematic music to ``millisecs``."""
    _sys(ctx).thematic_position_ms = ms


@native("VolumeGroupSetVolume", "takes volumegroup vgroup, real scale returns nothing")
def VolumeGroupSetVolume(ctx, vgroup, scale):
    """Scale the volume of a sound volume group (factor, 1.0 normal)."""
    if vgroup is not None:
        _sys(ctx).volume_groups[enum_value(vgroup)] = scale


@native("VolumeGroupReset", "takes nothing returns nothing")
def VolumeGroupReset(ctx):
    """Every volume group back to 1.0."""
    _sys(ctx).volume_groups.clear()


# ---------------------------------------------------------------------------------------
# Dialogue subtitles (1.32+)
# ---------------------------------------------------------------------------------------

@native("SetDialogueSpeakerNameKey", "takes sound soundHandle, string speakerName returns boolean")
def SetDialogueSpeakerNameKey(ctx, s, key):
    """Store the string key of the speaker's name shown with the sound's subtitle (World
    Editor writes a ``TRIGSTR_n``); false for a null sound."""
    s = _s(s)
    if s is None:
        return False
    s.dialogue_speaker_key = key
    return True


@native("GetDialogueSpeakerNameKey", "takes sound soundHandle returns string")
def GetDialogueSpeakerNameKey(ctx, s):
    """The key set with ``SetDialogueSpeakerNameKey``; null for a sound without one (typed
    wrappers of the native turn a missing key, nil, into ``""``) and for a null sound.
    Blizzard.j passes it to ``GetLocalizedString``. Dialogue data a sound label carries in
    the game's sound tables is not known to the runtime."""
    s = _s(s)
    return s.dialogue_speaker_key if s is not None else None


@native("SetDialogueTextKey", "takes sound soundHandle, string dialogueText returns boolean")
def SetDialogueTextKey(ctx, s, key):
    """Store the string key of the sound's subtitle text; false for a null sound."""
    s = _s(s)
    if s is None:
        return False
    s.dialogue_text_key = key
    return True


@native("GetDialogueTextKey", "takes sound soundHandle returns string")
def GetDialogueTextKey(ctx, s):
    """The key set with ``SetDialogueTextKey``; null without one (see
    ``GetDialogueSpeakerNameKey``)."""
    s = _s(s)
    return s.dialogue_text_key if s is not None else None
