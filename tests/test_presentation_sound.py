"""Sounds and music (natives.sound): durations, playing state, kill-when-done, waits."""
from __future__ import annotations

import pytest

from fakectx import FakeCtx
from natives.handles import enum_handle
from natives.session import load_natives
from test_triggers import jass_session, seen

load_natives()


def wc3_sound(ctx, path="Sound\\Dialogue\\X.wav", ms=3482):
    """What World Editor generates: CreateSound + SetSoundParamsFromLabel + SetSoundDuration."""
    s = ctx.CreateSound(path, False, False, True, 10, 10, "DefaultEAXON")
    ctx.SetSoundParamsFromLabel(s, "Label")
    ctx.SetSoundDuration(s, ms)
    return s


def test_created_sound_is_an_agent_with_the_generated_parameters():
    ctx = FakeCtx()
    s = wc3_sound(ctx)
    assert s.type_name == "sound" and s.handle_id >= 0x100000
    assert (s.file, s.label, s.fade_in, s.fade_out, s.eax) == ("Sound\\Dialogue\\X.wav", "Label", 10, 10,
                                                               "DefaultEAXON")
    assert ctx.GetSoundDuration(s) == 3482
    assert ctx.GetSoundFileDuration("Sound\\Dialogue\\X.wav") == 3482


def test_duration_defaults_to_zero_and_null_is_zero():
    ctx = FakeCtx()
    s = ctx.CreateSoundFromLabel("QuestFailed", False, False, False, 10000, 10000)
    assert ctx.GetSoundDuration(s) == 0
    assert ctx.GetSoundDuration(None) == 0
    assert ctx.GetSoundFileDuration("unknown.wav") == 0


def test_playing_is_false_at_the_start_instant_then_true_until_the_end():
    ctx = FakeCtx()
    s = wc3_sound(ctx, ms=2000)
    ctx.StartSound(s)
    assert ctx.GetSoundIsPlaying(s) is False          # jassdoc: just started -> false
    ctx.game.now = 1.0
    assert ctx.GetSoundIsPlaying(s) is True
    ctx.game.now = 2.0
    assert ctx.GetSoundIsPlaying(s) is False
    assert ctx.GetSoundIsLoading(s) is False


def test_stop_and_restart_and_looping():
    ctx = FakeCtx()
    s = wc3_sound(ctx, ms=2000)
    ctx.StartSound(s)
    ctx.game.now = 0.5
    ctx.StopSound(s, False, True)
    assert not ctx.GetSoundIsPlaying(s)
    ctx.StartSound(s)
    ctx.game.now = 2.0
    assert ctx.GetSoundIsPlaying(s)                   # restarted at 0.5, ends at 2.5
    loop = ctx.CreateSound("loop.wav", True, False, False, 10, 10, "")
    ctx.SetSoundDuration(loop, 100)
    ctx.StartSound(loop)
    ctx.game.now = 100.0
    assert ctx.GetSoundIsPlaying(loop)
    actions = [a for _, a, _ in ctx.game.sound.log]
    assert actions == ["start", "stop_fade", "start", "start"]


def test_play_position_shortens_the_remaining_time():
    ctx = FakeCtx()
    s = wc3_sound(ctx, ms=5000)
    ctx.StartSound(s)
    ctx.SetSoundPlayPosition(s, 4000)
    ctx.game.now = 0.9
    assert ctx.GetSoundIsPlaying(s)
    ctx.game.now = 1.0
    assert not ctx.GetSoundIsPlaying(s)


def test_kill_when_done_destroys_after_the_play_or_at_once_when_silent():
    ctx = FakeCtx()
    s = wc3_sound(ctx, ms=1500)
    ctx.StartSound(s)
    ctx.KillSoundWhenDone(s)
    assert not s.destroyed
    ctx.game.advance(1.5)
    assert s.destroyed
    silent = wc3_sound(ctx)
    ctx.KillSoundWhenDone(silent)
    assert silent.destroyed
    other = wc3_sound(ctx)
    ctx.StartSound(other)
    ctx.StopSound(other, True, False)
    assert other.destroyed


def test_null_sound_is_ignored_everywhere():
    ctx = FakeCtx()
    for name, args in [("StartSound", ()), ("StopSound", (True, True)), ("KillSoundWhenDone", ()),
                       ("SetSoundVolume", (100,)), ("SetSoundPosition", (1.0, 2.0, 3.0)),
                       ("AttachSoundToUnit", (None,)), ("SetSoundDuration", (5,))]:
        ctx.call(name, None, *args)
    assert ctx.GetSoundIsPlaying(None) is False


def test_parameters_are_stored():
    ctx = FakeCtx()
    s = wc3_sound(ctx)
    ctx.SetSoundVolume(s, 127)
    ctx.SetSoundPitch(s, 1.5)
    ctx.SetSoundDistances(s, 600.0, 10000.0)
    ctx.SetSoundChannel(s, 5)
    ctx.SetSoundPosition(s, 1.0, 2.0, 3.0)
    assert s.params == {"volume": 127, "pitch": 1.5, "distances": (600.0, 10000.0), "channel": 5}
    assert s.position == (1.0, 2.0, 3.0)


def test_music_and_volume_groups():
    ctx = FakeCtx()
    snd = ctx.game.sound
    ctx.SetMapMusic("Music", True, 0)
    assert snd.map_music == ("Music", True, 0)
    ctx.PlayMusicEx("Sound\\Music\\mp3Music\\War2IntroMusic.mp3", 1000, 2000)
    assert (snd.music, snd.music_playing, snd.music_from_ms, snd.music_fade_in_ms) == (
        "Sound\\Music\\mp3Music\\War2IntroMusic.mp3", True, 1000, 2000)
    ctx.StopMusic(False)
    assert not snd.music_playing
    ctx.ResumeMusic()
    assert snd.music_playing
    ctx.PlayThematicMusic("Sound\\Music\\mp3Music\\HeroicVictory.mp3")
    assert snd.thematic.endswith("HeroicVictory.mp3")
    ctx.EndThematicMusic()
    assert snd.thematic is None
    ctx.ClearMapMusic()
    assert snd.map_music is None
    ctx.VolumeGroupSetVolume(enum_handle("volumegroup", 5), 0.5)
    assert snd.volume_group(5) == 0.5
    ctx.VolumeGroupReset()
    assert snd.volume_group(5) == 1.0


def test_wait_for_sound_sleeps_until_offset_left_in_a_trigger_action():
    s = jass_session("""
globals
    sound snd
endglobals
function Act takes nothing returns nothing
    call StartSound(snd)
    call TriggerWaitForSound(snd, 0.5)
    call P("after wait")
endfunction
function main takes nothing returns nothing
    local trigger t = CreateTrigger()
    set snd = CreateSound("a.wav", false, false, false, 10, 10, "")
    call SetSoundDuration(snd, 3000)
    call TriggerAddAction(t, function Act)
    call TriggerExecute(t)
endfunction
""")
    s.advance(2.4)
    assert seen(s) == []
    s.advance(0.2)
    assert seen(s) == ["after wait"]
    assert not s.vm.errors


@pytest.mark.parametrize("setup", ["", "call StartSound(snd)\n    call StopSound(snd, false, false)"])
def test_wait_for_a_silent_sound_returns_at_once(setup):
    s = jass_session(f"""
globals
    sound snd
endglobals
function Act takes nothing returns nothing
    {setup}
    call TriggerWaitForSound(snd, 0)
    call TriggerWaitForSound(null, 0)
    call P("no wait")
endfunction
function main takes nothing returns nothing
    local trigger t = CreateTrigger()
    set snd = CreateSound("a.wav", false, false, false, 10, 10, "")
    call SetSoundDuration(snd, 3000)
    call TriggerAddAction(t, function Act)
    call TriggerExecute(t)
endfunction
""")
    assert seen(s) == ["no wait"]
