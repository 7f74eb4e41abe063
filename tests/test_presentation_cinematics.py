"""Cinematics (natives.cinematics) and fog of war (natives.fog)."""
from __future__ import annotations

from fakectx import FakeCtx
from natives.handles import enum_handle
from natives.session import load_natives
from natives.unitdata import rawcode

load_natives()

RED = enum_handle("playercolor", 0)
MASKED, FOGGED, VISIBLE = (enum_handle("fogstate", v) for v in (1, 2, 4))


def timeline(ctx, kind):
    return [(t, d) for t, k, d in ctx.game.timeline if k == kind]


# ------------------------------------------------------------------------ transmissions
def test_cinematic_scene_records_a_transmission_and_expires():
    ctx = FakeCtx()
    ctx.SetCinematicScene(rawcode("Hart"), RED, "Arthas", "Hello", 5.5, 3.5)
    assert timeline(ctx, "transmission") == [(0.0, {"speaker": "Arthas", "text": "Hello", "duration": 5.5})]
    st = ctx.game.cinematics
    assert st.scene["unit_id"] == rawcode("Hart") and st.scene["voiceover"] == 3.5
    ctx.game.now = 5.5
    assert st.scene is None
    ctx.SetCinematicScene(rawcode("Huth"), RED, "", "No title", 2.0, 2.0)
    assert timeline(ctx, "transmission")[-1][1]["speaker"] == "Huth"
    ctx.EndCinematicScene()
    assert st.scene is None and len(st.scenes) == 2


def test_show_interface_records_cinematic_mode_on_changes_only():
    ctx = FakeCtx()
    ctx.ShowInterface(True, 0.0)
    ctx.ShowInterface(False, 1.0)
    ctx.ShowInterface(False, 1.0)
    ctx.game.now = 10.0
    ctx.ShowInterface(True, 0.5)
    assert timeline(ctx, "cinematic_mode") == [(0.0, {"on": True}), (10.0, {"on": False})]
    st = ctx.game.cinematics
    assert st.interface_shown and st.interface_fade == 0.5


def test_control_occlusion_and_filter_state():
    ctx = FakeCtx()
    st = ctx.game.cinematics
    assert st.user_control and st.occlusion and st.user_ui
    ctx.EnableUserControl(False)
    ctx.EnableOcclusion(False)
    ctx.EnableUserUI(False)
    assert not (st.user_control or st.occlusion or st.user_ui)
    assert ctx.IsCineFilterDisplayed() is False
    ctx.SetCineFilterTexture("ReplaceableTextures\\CameraMasks\\Black_mask.blp")
    ctx.SetCineFilterBlendMode(enum_handle("blendmode", 2))
    ctx.SetCineFilterStartColor(0, 0, 0, 255)
    ctx.SetCineFilterEndColor(0, 0, 0, 0)
    ctx.SetCineFilterDuration(2.0)
    ctx.DisplayCineFilter(True)
    assert ctx.IsCineFilterDisplayed() is True
    assert st.filter["blend_mode"] == 2 and st.filter["start_color"] == (0, 0, 0, 255)
    ctx.DisplayCineFilter(False)
    assert ctx.IsCineFilterDisplayed() is False


def test_movies_intro_and_replay_flags():
    ctx = FakeCtx()
    ctx.PlayCinematic("HumanEd")
    ctx.PlayModelCinematic("x.mdx")
    ctx.SetIntroShotText("Intro")
    ctx.DoNotSaveReplay()
    st = ctx.game.cinematics
    assert [m[1:] for m in st.movies] == [("movie", "HumanEd"), ("model", "x.mdx")]
    assert st.intro_text == "Intro" and st.replay_saving is False


# ------------------------------------------------------------------------ fog of war
def test_fog_switches_default_on():
    ctx = FakeCtx()
    assert ctx.IsFogEnabled() and ctx.IsFogMaskEnabled()
    ctx.FogEnable(False)
    ctx.FogMaskEnable(False)
    assert not ctx.IsFogEnabled() and not ctx.IsFogMaskEnabled()


def test_fog_modifier_lifecycle_and_visibility():
    ctx = FakeCtx()
    p0, p1 = ctx.Player(0), ctx.Player(1)
    r = ctx.Rect(0.0, 0.0, 1000.0, 1000.0)
    m = ctx.CreateFogModifierRect(p0, VISIBLE, r, True, False)
    assert m.type_name == "fogmodifier" and m.handle_id >= 0x100000 and not m.active
    assert not ctx.IsVisibleToPlayer(500.0, 500.0, p0)
    ctx.FogModifierStart(m)
    assert ctx.IsVisibleToPlayer(500.0, 500.0, p0)
    assert not ctx.IsVisibleToPlayer(1500.0, 500.0, p0)
    assert not ctx.IsVisibleToPlayer(500.0, 500.0, p1)
    loc = ctx.Location(10.0, 10.0)
    assert ctx.IsLocationVisibleToPlayer(loc, p0)
    black = ctx.CreateFogModifierRadius(p0, MASKED, 500.0, 500.0, 100.0, True, True)
    ctx.FogModifierStart(black)
    assert not ctx.IsVisibleToPlayer(500.0, 500.0, p0)          # after units: wins
    ctx.FogModifierStop(black)
    assert ctx.IsVisibleToPlayer(500.0, 500.0, p0)
    ctx.DestroyFogModifier(m)
    assert m.destroyed and not ctx.IsVisibleToPlayer(500.0, 500.0, p0)
    ctx.FogEnable(False)
    assert ctx.IsVisibleToPlayer(500.0, 500.0, p1)
    assert ctx.IsLocationVisibleToPlayer(None, p0) is False


def test_units_see_with_the_approximate_sight_radius_and_shared_vision():
    ctx = FakeCtx()
    p0, p1 = ctx.Player(0), ctx.Player(1)
    ctx.CreateUnit(p0, rawcode("hfoo"), 0.0, 0.0, 0.0)
    tod = enum_handle("fgamestate", 2)
    ctx.SetFloatGameState(tod, 12.0)                          # day: 1400
    assert ctx.IsVisibleToPlayer(1000.0, 0.0, p0)
    assert not ctx.IsVisibleToPlayer(2000.0, 0.0, p0)
    ctx.SetFloatGameState(tod, 23.0)                          # night: 800
    assert not ctx.IsVisibleToPlayer(1000.0, 0.0, p0)
    assert ctx.IsVisibleToPlayer(700.0, 0.0, p0)
    ctx.SetFloatGameState(tod, 12.0)
    assert not ctx.IsVisibleToPlayer(1000.0, 0.0, p1)
    ctx.SetPlayerAlliance(p0, p1, enum_handle("alliancetype", 5), True)   # shared vision
    assert ctx.IsVisibleToPlayer(1000.0, 0.0, p1)
    assert any("approximate" in w for w in ctx.game.warnings)


def test_fog_state_changes_and_terrain_fog_are_recorded():
    ctx = FakeCtx()
    p0 = ctx.Player(0)
    ctx.SetFogStateRect(p0, VISIBLE, ctx.Rect(0.0, 0.0, 10.0, 10.0), True)
    ctx.SetFogStateRadius(p0, MASKED, 1.0, 2.0, 3.0, False)
    fog = ctx.game.fog
    assert [(c["state"], c["area"][0]) for c in fog.state_changes] == [(4, "rect"), (1, "circle")]
    ctx.SetTerrainFogEx(0, 1000.0, 8000.0, 0.5, 0.1, 0.2, 0.3)
    assert fog.terrain_fog["zend"] == 8000.0
    ctx.ResetTerrainFog()
    assert fog.terrain_fog is None
