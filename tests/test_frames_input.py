"""Frames, player input and the 1.31-1.33 UI/misc natives (issue 14 item 1): the frame
tree, TOC/fdf blueprints, frame/key/mouse/sync/trackable events, fog queries, and the
jassdoc notes each native follows (named in each test). Real API: common.j 1.33.0."""
from __future__ import annotations

import textwrap

import pytest

from conftest import shared_path
from fakectx import FakeCtx
from maps.fdf import FdfError, parse_fdf, toc_entries
from maps.runner import RunOptions, load_mission, new_session
from maps.scenario import load_scenario
from maps.scenario_runner import run_scenario
from natives.handles import enum_handle
from natives.session import load_natives
from natives.snapshot import load_save, read_save, state_digest, write_save
from natives.text import local_messages

load_natives()
API = shared_path("corpus", "api", "1.33.0")

FDF = """\
// frames of the test map
IncludeFile "ui\\more.fdf",
Frame "GLUETEXTBUTTON" "MyButton" INHERITS WITHCHILDREN "MyBase" {
    Width 0.12,
    Height 0.03,
    Frame "TEXT" "MyButtonText" {
        Text "Hello",
    }
}
Frame "GLUETEXTBUTTON" "MyBase" {
    Frame "BACKDROP" "MyBaseBackdrop" {
        BackdropBackground "x.blp",
    }
}
Frame "EDITBOX" "MyEdit" {
    EditMaxChars 5,
    SetPoint TOPLEFT, "MyButton", BOTTOMLEFT, 0.0, -0.01,
}
Frame "SLIDER" "MySlider" {
    SliderMinValue 0,
    SliderMaxValue 10,
    SliderInitialValue 3,
    SliderStepSize 1,
}
"""
MORE = """Frame "SIMPLEFRAME" "MySimple" {
    Texture "MySimpleTex" { File "t.blp", }
    String "MySimpleText" { Text "s", }
}
"""


def _map(tmp_path, script: str, toc: bytes = b"ui\\my.fdf\r\nui\\Missing.fdf\r\n\r\n"):
    (tmp_path / "ui").mkdir(exist_ok=True)
    (tmp_path / "war3map.toc").write_bytes(toc)
    (tmp_path / "ui" / "my.fdf").write_text(FDF)
    (tmp_path / "ui" / "more.fdf").write_text(MORE)
    (tmp_path / "war3map.j").write_text(textwrap.dedent(script))
    return tmp_path


def _session(folder, seconds: float = 1.0):
    options = RunOptions(api=str(API))
    session = new_session(load_mission(folder, options), options, None)
    session.start()
    session.advance(seconds)
    return session


def _lines(session) -> list[str]:
    return [m.text for m in local_messages(session.game)]


def _scenario(tmp_path, steps: str, expect: str) -> None:
    p = tmp_path / "s.scenario.yaml"
    p.write_text(f"map: .\napi: {API}\nbudget: 1m\nsteps:\n{textwrap.indent(textwrap.dedent(steps), '  ')}"
                 f"expect:\n{textwrap.indent(textwrap.dedent(expect), '  ')}")
    result = run_scenario(load_scenario(p))
    assert result.passed, result.failure


# ------------------------------------------------------------------------------ fdf / TOC
def test_fdf_blueprints_with_inherits_children_and_actions():
    bps, includes = parse_fdf(FDF, "my.fdf")
    assert includes == ["ui\\more.fdf"]
    button, base, edit, slider = bps
    assert (button.frame_type, button.name, button.inherits, button.with_children) == (
        "GLUETEXTBUTTON", "MyButton", "MyBase", True)
    assert button.props["Width"] == [0.12] and button.children[0].props["Text"] == ["Hello"]
    assert edit.props["SetPoint"] == ["TOPLEFT", "MyButton", "BOTTOMLEFT", 0.0, -0.01]
    assert slider.props["SliderMaxValue"] == [10.0]
    simple, = parse_fdf(MORE)[0]
    assert [(c.frame_type, c.name) for c in simple.children] == [
        ("TEXTURE", "MySimpleTex"), ("STRING", "MySimpleText")]


def test_a_malformed_fdf_names_line_and_column():
    with pytest.raises(FdfError, match="line 2, column 2: unexpected '}'"):
        parse_fdf('Frame "FRAME" "A" {\n}}\n')
    with pytest.raises(FdfError, match="missing"):
        parse_fdf('Frame "FRAME" "A" {\n')


def test_jassdoc_BlzLoadTOCFile_bug_the_last_line_of_a_toc_is_not_read():
    """jassdoc @bug: "The TOC needs to end with one or two empty lines"."""
    assert toc_entries(b"a.fdf\r\nb.fdf\r\n") == ["a.fdf", "b.fdf"]
    assert toc_entries(b"a.fdf\r\nb.fdf") == ["a.fdf"]


FRAMES = """\
globals
    framehandle B = null
    framehandle S = null
endglobals
function main takes nothing returns nothing
    local framehandle ui = BlzGetOriginFrame(ORIGIN_FRAME_GAME_UI, 0)
    local framehandle e
    call BJDebugMsg(I2S(IntegerTertiaryOp(BlzLoadTOCFile("war3map.toc"), 1, 0)) + " " + I2S(IntegerTertiaryOp(BlzLoadTOCFile("nope.toc"), 1, 0)))
    set B = BlzCreateFrame("MyButton", ui, 0, 3)
    call BJDebugMsg(BlzFrameGetText(BlzGetFrameByName("MyButtonText", 3)) + " " + R2S(BlzFrameGetWidth(B)) + " " + I2S(BlzFrameGetChildrenCount(B)))
    call BJDebugMsg("[" + BlzFrameGetName(B) + "] [" + BlzFrameGetName(BlzGetFrameByName("MyButtonText", 3)) + "]")
    set e = BlzCreateFrame("MyEdit", ui, 0, 0)
    call BJDebugMsg(I2S(BlzFrameGetTextSizeLimit(e)) + " " + I2S(IntegerTertiaryOp(BlzFrameGetParent(e) == ui, 1, 0)))
    set S = BlzCreateSimpleFrame("MySimple", BlzGetOriginFrame(ORIGIN_FRAME_SIMPLE_UI_PARENT, 0), 0)
    call BJDebugMsg(I2S(IntegerTertiaryOp(S != null, 1, 0)) + " [" + BlzFrameGetName(S) + "] " + I2S(BlzFrameGetChildrenCount(S)))
    call BJDebugMsg(I2S(IntegerTertiaryOp(BlzCreateSimpleFrame("Nothing", ui, 0) == null, 1, 0)))
    call BJDebugMsg(I2S(IntegerTertiaryOp(BlzCreateFrame("ScriptDialogButton", ui, 0, 0) != null, 1, 0)))
endfunction
"""


def test_toc_loaded_blueprints_build_named_frames_and_children(tmp_path):
    """jassdoc ``BlzCreateFrame`` ("Created Frames are stored into the game's Frame-Storage,
    BlzGetFrameByName(name, createContext)"), ``BlzFrameGetName`` ("Inherited Frames lose
    their Name. SimpleFrames return an empty String"), ``BlzFrameGetChildrenCount``
    ("Ignores String/Texture"), ``BlzCreateSimpleFrame`` ("Only Frames loaded by used tocs
    are valid names")."""
    s = _session(_map(tmp_path, FRAMES))
    assert _lines(s) == ["1 0", "Hello 0.120 2", "[] [MyButtonText]", "5 1", "1 [] 0", "1", "1"]
    assert "ui\\Missing.fdf" in s.game.frames.unread_files
    assert any("ScriptDialogButton" in w for w in s.game.warnings)


def test_jassdoc_BlzGetOriginFrame_index_clamps_and_handle_id_on_first_use():
    """jassdoc: "to high values will return the frame from the last valid Index"; "The
    first time a Frame enters the map's script it takes a handleId"."""
    ctx = FakeCtx()
    cmd = enum_handle("originframetype", 1)
    last = ctx.BlzGetOriginFrame(cmd, 11)
    assert ctx.BlzGetOriginFrame(cmd, 40) is last
    first_id = last.handle_id
    game_ui = ctx.game.frames.origins[(0, 0)]
    assert game_ui.handle_id == 0            # made as the parent, never handed to the script
    assert ctx.BlzGetOriginFrame(enum_handle("originframetype", 0), 0).handle_id == first_id + 1


def _frame(ctx, kind="TEXT", name="F"):
    ui = ctx.BlzGetOriginFrame(enum_handle("originframetype", 0), 0)
    return ctx.BlzCreateFrameByType(kind, name, ui, "", 0)


def test_the_frame_tree_reads_back_what_was_set():
    ctx = FakeCtx()
    f = _frame(ctx, "SLIDER")
    ctx.BlzFrameSetSize(f, 0.2, 0.05)
    ctx.BlzFrameSetMinMaxValue(f, 0.0, 10.0)
    ctx.BlzFrameSetValue(f, 4.0)
    ctx.BlzFrameSetAlpha(f, 100)
    ctx.BlzFrameSetAbsPoint(f, enum_handle("framepointtype", 4), 0.4, 0.3)
    child = ctx.BlzCreateFrameByType("TEXT", "Child", f, "", 0)
    assert (ctx.BlzFrameGetWidth(f), ctx.BlzFrameGetHeight(f), ctx.BlzFrameGetValue(f)) == (0.2, 0.05, 4.0)
    assert ctx.BlzFrameGetAlpha(child) == 100        # jassdoc: "Affects child-Frames"
    assert f.points[4] == (None, -1, 0.4, 0.3)
    ctx.BlzFrameSetVisible(f, False)
    assert not ctx.BlzFrameIsVisible(child) and child.visible    # hidden with its parent
    assert ctx.BlzFrameGetChild(f, 0) is child and ctx.BlzFrameGetChild(f, 1) is None
    ctx.BlzFrameSetParent(child, None)
    assert ctx.BlzFrameGetChildrenCount(f) == 0 and ctx.BlzFrameGetParent(child) is None
    ctx.BlzDestroyFrame(f)
    assert f.destroyed and ctx.BlzGetFrameByName("F", 0) is None


def test_jassdoc_BlzFrameGetValue_is_zero_for_types_without_values():
    """jassdoc: "Works only for FrameTypes that support values ... Otherwise returns 0.0"."""
    ctx = FakeCtx()
    f = _frame(ctx, "BACKDROP")
    ctx.BlzFrameSetValue(f, 3.0)
    assert ctx.BlzFrameGetValue(f) == 0.0


def test_jassdoc_BlzFrameAddText_works_only_with_textarea():
    ctx = FakeCtx()
    area, text = _frame(ctx, "TEXTAREA", "A"), _frame(ctx, "TEXT", "T")
    for f in (area, text):
        ctx.BlzFrameAddText(f, "one")
        ctx.BlzFrameAddText(f, "two")
    assert ctx.BlzFrameGetText(area) == "one\ntwo" and ctx.BlzFrameGetText(text) == ""


def test_jassdoc_BlzCreateFrameByType_bug_control_crashes_the_game():
    from fakectx import FakeCrash
    ctx = FakeCtx()
    with pytest.raises(FakeCrash, match="crashes the game"):
        _frame(ctx, "CONTROL")
    assert _frame(ctx, "NOTATYPE") is None


def test_jassdoc_BlzFrameSetLevel_bug_above_9_on_a_visible_simpleframe_crashes():
    from fakectx import FakeCrash
    ctx = FakeCtx()
    f = _frame(ctx, "SIMPLEFRAME")
    ctx.BlzFrameSetLevel(f, 9)
    with pytest.raises(FakeCrash):
        ctx.BlzFrameSetLevel(f, 10)
    ctx.BlzFrameSetVisible(f, False)
    ctx.BlzFrameSetLevel(f, 10)
    assert f.level == 10


def test_jassdoc_BlzFrameSetText_bug_portrait_hp_text_crashes():
    from fakectx import FakeCrash
    ctx = FakeCtx()
    hp = ctx.BlzGetOriginFrame(enum_handle("originframetype", 19), 0)
    with pytest.raises(FakeCrash):
        ctx.BlzFrameSetText(hp, "x")
    with pytest.raises(FakeCrash):
        ctx.BlzFrameSetFont(ctx.BlzGetOriginFrame(enum_handle("originframetype", 15), 0), "f", 0.01, 0)


def test_jassdoc_BlzFrameSetEnable_false_removes_focus_and_events():
    ctx = FakeCtx()
    e = _frame(ctx, "EDITBOX", "E")
    ctx.BlzFrameSetFocus(e, True)
    t = _frame(ctx, "TEXT", "T")
    ctx.BlzFrameSetFocus(t, True)                 # jassdoc: "Only works with EDITBOX frames"
    assert e.focus and not t.focus
    ctx.BlzFrameSetEnable(e, False)
    assert not e.focus and not ctx.BlzFrameGetEnable(e)


def test_jassdoc_BlzFrameSetTooltip_hides_the_tooltip_until_hovered():
    ctx = FakeCtx()
    b, tip = _frame(ctx, "BUTTON", "B"), _frame(ctx, "TEXT", "Tip")
    ctx.BlzFrameSetTooltip(b, tip)
    assert not tip.visible and b.tooltip is tip


def test_jassdoc_BlzFrameCageMouse_new_cages_overwrite_old_ones():
    ctx = FakeCtx()
    a, b = _frame(ctx, "FRAME", "A"), _frame(ctx, "FRAME", "B")
    ctx.BlzFrameCageMouse(a, True)
    ctx.BlzFrameCageMouse(b, True)
    assert ctx.game.frames.cage is b and not a.caged


def test_jassdoc_BlzHideOriginFrames_records_and_switches_auto_position():
    ctx = FakeCtx()
    ctx.BlzHideOriginFrames(True)
    assert ctx.game.frames.origin_frames_hidden and not ctx.game.frames.auto_position
    assert ctx.game.timeline[-1][1:] == ("ui_origin_frames", {"hidden": True})


def test_frames_are_saved_in_hashtables():
    ctx = FakeCtx()
    f = _frame(ctx)
    h = ctx.InitHashtable()
    assert ctx.SaveFrameHandle(h, 1, 2, f)
    assert ctx.LoadFrameHandle(h, 1, 2) is f and ctx.LoadUnitHandle(h, 1, 2) is None


# --------------------------------------------------------------------------- frame events
EVENTS = """\
globals
    string log = ""
    framehandle B = null
    framehandle E = null
    framehandle Sl = null
endglobals
function OnFrame takes nothing returns nothing
    set log = log + I2S(GetHandleId(BlzGetTriggerFrameEvent())) + ":" + BlzFrameGetName(BlzGetTriggerFrame()) + ":" + R2S(BlzGetTriggerFrameValue()) + ":" + BlzGetTriggerFrameText() + ":" + I2S(GetPlayerId(GetTriggerPlayer())) + ";"
endfunction
function main takes nothing returns nothing
    local trigger t = CreateTrigger()
    local framehandle ui = BlzGetOriginFrame(ORIGIN_FRAME_GAME_UI, 0)
    call BlzLoadTOCFile("war3map.toc")
    set B = BlzCreateFrameByType("GLUETEXTBUTTON", "Go", ui, "", 0)
    set E = BlzCreateFrame("MyEdit", ui, 0, 0)
    set Sl = BlzCreateFrame("MySlider", ui, 0, 0)
    call BlzTriggerRegisterFrameEvent(t, B, FRAMEEVENT_CONTROL_CLICK)
    call BlzTriggerRegisterFrameEvent(t, E, FRAMEEVENT_EDITBOX_TEXT_CHANGED)
    call BlzTriggerRegisterFrameEvent(t, Sl, FRAMEEVENT_SLIDER_VALUE_CHANGED)
    call TriggerAddAction(t, function OnFrame)
    call BlzFrameClick(B)
endfunction
"""


def test_frame_events_from_blzframeclick_and_scenario_steps(tmp_path):
    """jassdoc ``BlzFrameClick`` ("Triggers FRAMEEVENT_CONTROL_CLICK"),
    ``BlzTriggerRegisterFrameEvent`` ("The event starts for all players when one player
    triggers it": player 1's input runs the trigger), ``BlzFrameSetTextSizeLimit`` @note
    ("The limit counts bytes": 5 bytes keep "a", "b", the two-byte "é" and "c", not "d")."""
    _map(tmp_path, EVENTS)
    _scenario(tmp_path, """\
        - advance: 1s
        - click_frame: Go
        - frame_input: {frame: MyEdit, event: text, text: "abécd", player: 1}
        - frame_input: {frame: MySlider, event: slider, value: 7}
        """, """\
        - {global: log, eq: "1:Go:0.000::0;1:Go:0.000::0;9:MyEdit:0.000:abéc:1;13:MySlider:7.000::0;"}
        - no_runtime_errors: true
        """)


def test_a_hidden_or_disabled_frame_cannot_be_used(tmp_path):
    from maps.scenario_runner import JassGame, ScenarioFailure
    _map(tmp_path, EVENTS)
    with JassGame(base=tmp_path, budget=60) as g:
        g.load(".", api=str(API))
        g.advance(1.0)
        go = g.game.frames.storage[("Go", 0)]
        go.enabled = False
        with pytest.raises(ScenarioFailure, match="disabled"):
            g.click_frame("Go")
        go.enabled, go.parent.visible = True, False
        with pytest.raises(ScenarioFailure, match="hidden"):
            g.click_frame("Go")
        with pytest.raises(ScenarioFailure, match="no frame"):
            g.click_frame("Nope")


def test_jassdoc_BlzFrameSetEnable_a_disabled_frame_raises_no_click_event():
    """jassdoc ``BlzFrameSetEnable``: "Turns on/off Interactivity/Events of frame"."""
    ctx = FakeCtx()
    b = _frame(ctx, "BUTTON", "B")
    stat = ctx.game.events.stat("BlzTriggerRegisterFrameEvent")
    ctx.BlzFrameClick(b)
    assert stat["queued"] == 1
    ctx.BlzFrameSetEnable(b, False)
    ctx.BlzFrameClick(b)
    assert stat["queued"] == 1


# ------------------------------------------------------------------------------- input
INPUT = """\
globals
    string log = ""
    trackable Tr = null
endglobals
function OnKey takes nothing returns nothing
    set log = log + "key " + I2S(GetHandleId(BlzGetTriggerPlayerKey())) + " " + I2S(BlzGetTriggerPlayerMetaKey()) + " " + I2S(IntegerTertiaryOp(BlzGetTriggerPlayerIsKeyDown(), 1, 0)) + ";"
endfunction
function OnMouse takes nothing returns nothing
    local location l = BlzGetTriggerPlayerMousePosition()
    set log = log + "mouse " + I2S(GetHandleId(GetTriggerEventId())) + " " + I2S(GetHandleId(BlzGetTriggerPlayerMouseButton())) + " " + R2S(BlzGetTriggerPlayerMouseX()) + " " + R2S(GetLocationY(l)) + " " + I2S(IntegerTertiaryOp(BlzGetMouseFocusUnit() != null, 1, 0)) + ";"
endfunction
function OnSync takes nothing returns nothing
    set log = log + "sync " + BlzGetTriggerSyncPrefix() + "=" + BlzGetTriggerSyncData() + " " + I2S(GetPlayerId(GetTriggerPlayer())) + ";"
endfunction
function OnTrack takes nothing returns nothing
    set log = log + "track " + I2S(GetHandleId(GetTriggerEventId())) + " " + I2S(IntegerTertiaryOp(GetTriggeringTrackable() == Tr, 1, 0)) + ";"
endfunction
function Send takes nothing returns nothing
    call BlzSendSyncData("pre", "data")
    set log = log + "sent;"
endfunction
function main takes nothing returns nothing
    local trigger t = CreateTrigger()
    call BlzTriggerRegisterPlayerKeyEvent(t, Player(0), OSKEY_W, 2, true)
    call BlzTriggerRegisterPlayerKeyEvent(t, Player(0), OSKEY_W, 0, false)
    call TriggerAddAction(t, function OnKey)
    set t = CreateTrigger()
    call TriggerRegisterPlayerEvent(t, Player(0), EVENT_PLAYER_MOUSE_DOWN)
    call TriggerRegisterPlayerEvent(t, Player(0), EVENT_PLAYER_MOUSE_UP)
    call TriggerAddAction(t, function OnMouse)
    set t = CreateTrigger()
    call BlzTriggerRegisterPlayerSyncEvent(t, Player(0), "pre", false)
    call BlzTriggerRegisterPlayerSyncEvent(t, Player(0), "other", false)
    call TriggerAddAction(t, function OnSync)
    set Tr = CreateTrackable("x.mdl", 0, 0, 0)
    set t = CreateTrigger()
    call TriggerRegisterTrackableHitEvent(t, Tr)
    call TriggerRegisterTrackableTrackEvent(t, Tr)
    call TriggerAddAction(t, function OnTrack)
    call CreateUnit(Player(0), 'hfoo', 100, 100, 0)
    call TimerStart(CreateTimer(), 2.0, false, function Send)
endfunction
"""


def test_key_mouse_sync_and_trackable_events(tmp_path):
    """jassdoc ``BlzTriggerRegisterPlayerKeyEvent`` ("The player needs to hold all
    specified metakeys": the CTRL registration ignores a plain W, the no-meta one answers a
    CTRL+W release), ``BlzGetTriggerPlayerMousePosition`` ("Returns {maxX, maxY, surfaceZ}
    when pointing outside of map bounds on any side"), ``BlzSendSyncData`` (the sending
    player's event, after the sending thread), ``TriggerRegisterTrackableHitEvent``."""
    _map(tmp_path, INPUT)
    _scenario(tmp_path, """\
        - advance: 1s
        - key: W
        - key: {key: OSKEY_W, meta: 2}
        - mouse: {button: right, at: {x: 100, y: 200}, over: {type: hfoo}}
        - mouse: {action: down, at: {x: 99999, y: 0}}
        - trackable: Tr
        - trackable: {trackable: Tr, action: track}
        - advance: 2s
        """, """\
        - {global: log, eq: "key 87 0 0;key 87 2 1;key 87 2 0;mouse 305 3 100.000 200.000 1;mouse 306 3 100.000 200.000 1;mouse 305 1 30720.000 30720.000 0;track 7 1;track 8 1;sent;sync pre=data 0;"}
        - no_runtime_errors: true
        """)


def test_local_client_answers_are_the_documented_constants():
    ctx = FakeCtx()
    assert (ctx.BlzGetLocalClientWidth(), ctx.BlzGetLocalClientHeight()) == (1920, 1080)
    assert ctx.BlzIsLocalClientActive() and ctx.BlzGetLocale() == "enUS"
    ctx.BlzSetMousePos(10, 20)
    ctx.BlzEnableCursor(False)
    assert ctx.game.input.mouse_pos == (10, 20) and not ctx.game.input.cursor_enabled


# -------------------------------------------------------------------------------- misc
def test_jassdoc_bit_natives_examples_and_convert_color():
    ctx = FakeCtx()
    assert [ctx.BlzBitAnd(11, 7), ctx.BlzBitAnd(12, 6), ctx.BlzBitOr(2, 5), ctx.BlzBitXor(6, 8)] == [3, 4, 7, 14]
    assert ctx.BlzBitAnd(-1, 255) == 255 and ctx.BlzBitOr(-2**31, 1) == -2**31 + 1
    assert ctx.BlzConvertColor(255, 255, 204, 0) == -13312      # 0xffffcc00 as an int32
    assert ctx.BlzConvertColor(0, 1, 2, 3) == 0x010203


def test_jassdoc_AbilityId_bug_always_zero_and_empty_string():
    ctx = FakeCtx()
    assert ctx.AbilityId("AHbz") == 0 and ctx.AbilityId2String(1095262842) == ""


def test_misc_natives_keep_state():
    ctx = FakeCtx()
    ctx.BlzEnableSelections(False, True)
    assert not ctx.BlzIsSelectionEnabled() and ctx.BlzIsSelectionCircleEnabled()  # jassdoc: = EnableSelect
    assert ctx.GetAllyColorFilterState() == 0 and ctx.GetCreepCampFilterState() is False
    ctx.SetAllyColorFilterState(2)
    assert ctx.GetAllyColorFilterState() == 2
    ctx.BlzEnableTargetIndicator(False)
    assert not ctx.BlzIsTargetIndicatorEnabled()
    assert ctx.BlzChangeMinimapTerrainTex("m.blp") and not ctx.BlzChangeMinimapTerrainTex("")
    setup = ctx.CreateCameraSetup()
    ctx.BlzCameraSetupSetLabel(setup, "intro")
    assert ctx.BlzCameraSetupGetLabel(setup) == "intro"
    assert ctx.BlzGetAnimName(enum_handle("animtype", 9)) == "spell"
    ctx.BlzDisplayChatMessage(ctx.Player(1), 1, "hi")
    assert ctx.game.timeline[-1][1:] == ("chat_message", {"player": 1, "channel": "allies", "text": "hi"})
    assert not local_messages(ctx.game)          # jassdoc: "does not appear in log (F12)"
    ctx.AutomationTestStart("t1")
    assert ctx.game.timeline[-1][1:] == ("automation", {"action": "test_start", "name": "t1"})
    assert ctx.VersionSupported(enum_handle("version", 1)) and ctx.ParseTags("a|b") == "a|b"
    assert ctx.RequestExtraIntegerData(0, ctx.Player(0), "", "", False, 0, 0, 0) == 0


def test_jassdoc_effect_matrix_and_scale():
    """jassdoc ``BlzGetSpecialEffectScale`` ("default: 1"), ``BlzResetSpecialEffectMatrix``
    ("Does not reset the general scale"; @bug "Resets yaw, roll, pitch too")."""
    ctx = FakeCtx()
    e = ctx.AddSpecialEffect("x.mdl", 0.0, 0.0)
    assert ctx.BlzGetSpecialEffectScale(e) == 1.0
    ctx.BlzSetSpecialEffectScale(e, 2.0)
    ctx.BlzSetSpecialEffectYaw(e, 1.0)
    ctx.BlzSetSpecialEffectMatrixScale(e, 3.0, 1.0, 1.0)
    assert ctx.BlzGetSpecialEffectScale(e) == 2.0 and e.props["matrix_scale"] == (3.0, 1.0, 1.0)
    ctx.BlzResetSpecialEffectMatrix(e)
    assert e.props["matrix_scale"] == (1.0, 1.0, 1.0) and "yaw" not in e.props
    assert ctx.BlzGetSpecialEffectScale(e) == 2.0


def test_jassdoc_StartSoundEx_bug_fade_in_unused_same_as_StartSound():
    ctx = FakeCtx()
    s = ctx.CreateSound("a.wav", False, False, False, 10, 10, "")
    ctx.StartSoundEx(s, True)
    assert s.started_at == 0.0 and ctx.game.sound.log[-1][1] == "start"
    assert ctx.SetSoundFacialAnimationLabel(s, "Talk") and s.facial == {"animationLabel": "Talk"}


def test_jassdoc_BlzGetUnitZ_zero_for_null_and_terrain_height_otherwise():
    ctx = FakeCtx()
    ctx.game.height_function = lambda x, y: x / 10
    u = ctx.CreateUnit(ctx.Player(0), 0x68666F6F, 50.0, 0.0, 0.0)
    assert ctx.BlzGetUnitZ(u) == 5.0 and ctx.BlzGetLocalUnitZ(u) == 5.0   # jassdoc: alias
    assert ctx.BlzGetUnitZ(None) == 0.0


def test_fog_masked_until_explored_then_fogged():
    ctx = FakeCtx()
    p0 = ctx.Player(0)
    far = (5000.0, 5000.0)
    assert ctx.IsMaskedToPlayer(*far, p0) and not ctx.IsFoggedToPlayer(*far, p0)
    u = ctx.CreateUnit(p0, 0x68666F6F, 5000.0, 5000.0, 0.0)
    assert not ctx.IsMaskedToPlayer(*far, p0) and not ctx.IsFoggedToPlayer(*far, p0)  # visible
    ctx.SetUnitX(u, -5000.0)
    assert ctx.IsFoggedToPlayer(*far, p0) and not ctx.IsMaskedToPlayer(*far, p0)
    ctx.FogMaskEnable(False)
    assert ctx.IsFoggedToPlayer(9000.0, -9000.0, p0)
    loc = ctx.Location(*far)
    assert ctx.IsLocationFoggedToPlayer(loc, p0) and not ctx.IsLocationMaskedToPlayer(loc, p0)


# --------------------------------------------------------------------------- save / load
def test_frames_input_and_display_state_survive_a_save(tmp_path):
    """A game with frames, blueprints, a pending sync message and display switches saved
    before the message arrives plays on identically after a restore."""
    folder = _map(tmp_path, EVENTS.replace("call BlzFrameClick(B)", "call BlzFrameClick(B)\n"
                                           "    call BlzSendSyncData(\"p\", \"d\")\n    call BlzShowSkyBox(false)"))
    a = _session(folder, 0.0)
    identity = {"x": 1}
    data = write_save(a, identity)
    options = RunOptions(api=str(API))
    b = new_session(load_mission(folder, options), options, None)
    load_save(b, read_save(data), identity)
    assert state_digest(a) == state_digest(b)
    assert b.game.frames.storage[("Go", 0)].name == "Go" and not b.game.display.sky_box
    assert b.game.frames.blueprints["MyEdit"].props["EditMaxChars"] == [5.0]
    assert b.game.frames.toc_reader is not None
    a.advance(1.0)
    b.advance(1.0)
    assert state_digest(a) == state_digest(b)


def test_jassdoc_BlzFrameSetSpriteAnimate_flags_without_1_to_3_wipe_the_queue():
    """jassdoc: "If none of 1-3 is set, queue gets wiped"; flag 2 "Adds animation to the
    end of the queue"."""
    ctx = FakeCtx()
    spr = _frame(ctx, "SPRITE", "S")
    ctx.BlzFrameSetSpriteAnimate(spr, 2, 0)
    ctx.BlzFrameSetSpriteAnimate(spr, 1, 2)
    assert spr.sprite_animations == [(2, 0), (1, 2)]
    ctx.BlzFrameSetSpriteAnimate(spr, 4, 32)
    assert spr.sprite_animations == [(4, 32)]


def test_jassdoc_BlzCreateFrame_overwrites_occupied_storage_slots():
    """jassdoc: "Created Frames are stored into the game's Frame-Storage ... Overwrites
    occupied slots"."""
    ctx = FakeCtx()
    first, second = _frame(ctx, "TEXT", "Same"), _frame(ctx, "TEXT", "Same")
    assert first is not second and ctx.BlzGetFrameByName("Same", 0) is second


def test_jassdoc_BlzFrameSetTooltip_one_frame_per_tooltip_and_hover_shows_it():
    """jassdoc: "tooltip can only serve one frame"; "visible when hovered with the mouse"."""
    from natives.frames import MOUSE_ENTER, MOUSE_LEAVE
    from natives.modelevents import FrameInput
    ctx = FakeCtx()
    a, b, tip = _frame(ctx, "BUTTON", "A"), _frame(ctx, "BUTTON", "B"), _frame(ctx, "TEXT", "Tip")
    ctx.BlzFrameSetTooltip(a, tip)
    ctx.BlzFrameSetTooltip(b, tip)
    assert a.tooltip is None and b.tooltip is tip
    ctx.game.publish(FrameInput(ctx.Player(0), b, MOUSE_ENTER))
    assert tip.visible
    ctx.game.publish(FrameInput(ctx.Player(0), b, MOUSE_LEAVE))
    assert not tip.visible


def test_jassdoc_BlzFrameSetPoint_replaces_a_point_and_clear_all_points():
    """jassdoc: "Each point of a frame can be placed to one point"; ``BlzFrameClearAllPoints``
    "Unbinds all points of frame"."""
    ctx = FakeCtx()
    a, b = _frame(ctx, "FRAME", "A"), _frame(ctx, "FRAME", "B")
    top_left, center = enum_handle("framepointtype", 0), enum_handle("framepointtype", 4)
    ctx.BlzFrameSetPoint(a, top_left, b, center, 0.01, 0.02)
    ctx.BlzFrameSetPoint(a, top_left, b, top_left, 0.0, 0.0)
    assert a.points == {0: (b, 0, 0.0, 0.0)}
    ctx.BlzFrameSetAllPoints(a, b)
    assert sorted(a.points) == [0, 2, 6, 8]
    ctx.BlzFrameClearAllPoints(a)
    assert a.points == {}


def test_jassdoc_player_sync_event_for_any_prefix_with_TriggerRegisterPlayerEvent():
    """jassdoc ``BlzTriggerRegisterPlayerSyncEvent``: "One can create a player SyncEvent for
    any prefix with TriggerRegisterPlayerEvent(whichTrigger, whichPlayer,
    EVENT_PLAYER_SYNC_DATA)"; the data arrives after the sending call, not inside it."""
    ctx = FakeCtx()
    trig = ctx.CreateTrigger()
    reg = ctx.TriggerRegisterPlayerEvent(trig, ctx.Player(0), enum_handle("playerevent", 309))
    stat = ctx.game.events.stat(reg.name)
    assert ctx.BlzSendSyncData("any", "x")
    assert stat["queued"] == 0                    # not delivered inside the sending thread
    ctx.game.advance()
    assert stat["queued"] == 1 and ctx.game.input.syncs_sent == 1
