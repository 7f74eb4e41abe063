"""AI starts, UI, map setup, the day clock; signatures against common.j 1.30.4; campaign
smoke runs (no native of the presentation modules missing in 10 game minutes)."""
from __future__ import annotations

import pytest

from conftest import shared_path
from fakectx import FakeCtx
from natives.handles import enum_handle
from natives.modelevents import TimeOfDayChanged
from natives.registry import NATIVES
from natives.session import load_natives
from natives.unitdata import rawcode

load_natives()

MODULES = {f"natives.{m}" for m in ("sound", "cinematics", "camera", "fog", "effects", "texttags", "boards",
                                     "preload", "ai", "ui", "mapsetup", "daynight")}


# ------------------------------------------------------------------------ AI
def test_ai_start_records_timeline_with_resolver():
    ctx = FakeCtx()
    ctx.game.ai_resolver = lambda script: script == "h02_red.ai"
    ctx.StartCampaignAI(ctx.Player(3), "h02_red.ai")
    ctx.StartMeleeAI(ctx.Player(4), "missing.ai")
    ctx.StartCampaignAI(None, "x.ai")
    assert [d for _, k, d in ctx.game.timeline if k == "ai_started"] == [
        {"player": 3, "script": "h02_red.ai", "found": True},
        {"player": 4, "script": "missing.ai", "found": False}]
    ctx.CommandAI(ctx.Player(3), 1, 2)
    ctx.PauseCompAI(ctx.Player(3), True)
    ai = ctx.game.ai.players[3]
    assert (ai.kind, ai.commands, ai.paused, ai.status) == ("campaign", [(1, 2)], True, "not run")
    assert ctx.game.ai.players[4].kind == "melee"


def test_ai_without_resolver_is_not_found_and_guard_positions_are_recorded():
    ctx = FakeCtx()
    ctx.StartCampaignAI(ctx.Player(1), "x.ai")
    assert ctx.game.timeline[-1][2]["found"] is False
    u = ctx.CreateUnit(ctx.Player(1), rawcode("hfoo"), 0.0, 0.0, 0.0)
    ctx.RemoveGuardPosition(u)
    ctx.RecycleGuardPosition(u)
    ctx.RemoveAllGuardPositions(ctx.Player(1))
    assert [g[1] for g in ctx.game.ai.guard_positions] == ["remove", "recycle", "remove_all"]


def test_failing_resolver_is_a_warning():
    ctx = FakeCtx()
    ctx.game.ai_resolver = lambda script: 1 / 0
    ctx.StartCampaignAI(ctx.Player(1), "x.ai")
    assert ctx.game.timeline[-1][2]["found"] is False
    assert any("ai_resolver" in w for w in ctx.game.warnings)


# ------------------------------------------------------------------------ UI
def test_ui_pings_indicators_and_flags():
    ctx = FakeCtx()
    ui = ctx.game.ui
    ctx.PingMinimap(1.0, 2.0, 3.0)
    ctx.PingMinimapEx(4.0, 5.0, 1.0, 255, 0, 0, True)
    assert [(p["x"], p["color"], p["extra_effects"]) for p in ui.pings] == [(1.0, None, False),
                                                                            (4.0, (255, 0, 0), True)]
    u = ctx.CreateUnit(ctx.Player(0), rawcode("hfoo"), 0.0, 0.0, 0.0)
    ctx.UnitAddIndicator(u, 255, 0, 0, 255)
    assert ui.indicators[0]["widget"] is u and u.presentation["indicator"] == (255, 0, 0, 255)
    assert ui.select == (True, True)
    ctx.EnableSelect(False, False)
    ctx.EnableDragSelect(False, True)
    ctx.ForceUIKey("M")
    ctx.ForceUICancel()
    assert ui.select == (False, False) and ui.drag_select == (False, True)
    assert [k for _, k in ui.ui_keys] == ["M", "<cancel>"]
    tr = ctx.CreateTrackable("x.mdl", 1.0, 2.0, 90.0)
    assert tr.type_name == "trackable" and tr.handle_id >= 0x100000


# ------------------------------------------------------------------------ map setup
def test_map_setup_flags_speed_version():
    ctx = FakeCtx()
    ctx.SetMapName("TRIGSTR_001")
    ctx.SetGamePlacement(enum_handle("placement", 3))
    ms = ctx.game.mapsetup
    assert (ms.name, ms.placement) == ("TRIGSTR_001", 3)
    reloaded = enum_handle("mapflag", 8192 * 64)
    assert ctx.IsMapFlagSet(reloaded) is False
    ctx.SetMapFlag(enum_handle("mapflag", 8192 * 2), True)
    assert ctx.IsMapFlagSet(enum_handle("mapflag", 8192 * 2)) and not ctx.IsMapFlagSet(reloaded)
    ctx.SetMapFlag(enum_handle("mapflag", 8192 * 2), False)
    assert ms.flags == 0
    assert ctx.GetGameSpeed() is enum_handle("gamespeed", 2)            # MAP_SPEED_NORMAL
    ctx.SetGameSpeed(enum_handle("gamespeed", 0))
    assert ctx.GetGameSpeed() is enum_handle("gamespeed", 0)
    ctx.SetGameSpeed(enum_handle("gamespeed", 4))                       # FASTEST -> NORMAL
    assert ctx.GetGameSpeed() is enum_handle("gamespeed", 2)
    assert ctx.VersionGet() is enum_handle("version", 1)
    ctx.SetGameTypeSupported(enum_handle("gametype", 1), True)
    assert ctx.IsGameTypeSupported(enum_handle("gametype", 1)) and not ctx.IsGameTypeSupported(
        enum_handle("gametype", 2))


# ------------------------------------------------------------------------ day clock
def test_day_clock_runs_480_seconds_per_day_scale_and_suspend():
    ctx = FakeCtx()
    tod = enum_handle("fgamestate", 2)
    dn = ctx.game.daynight
    ctx.SetFloatGameState(tod, 6.0)
    ctx.game.now = 20.0
    assert ctx.GetFloatGameState(tod) == pytest.approx(7.0)
    ctx.SetTimeOfDayScale(2.0)
    assert ctx.GetTimeOfDayScale() == 2.0
    ctx.game.now = 30.0
    assert ctx.GetFloatGameState(tod) == pytest.approx(8.0)
    ctx.SuspendTimeOfDay(True)
    ctx.game.now = 100.0
    assert ctx.GetFloatGameState(tod) == pytest.approx(8.0)
    assert dn.seconds_until(9.0) is None
    ctx.SuspendTimeOfDay(False)
    assert dn.seconds_until(9.0) == pytest.approx(10.0)
    assert dn.seconds_until(8.0) == pytest.approx(240.0)                # strictly in the future
    ctx.SetFloatGameState(tod, 25.0)
    assert ctx.GetFloatGameState(tod) == pytest.approx(1.0)
    assert dn.is_day() is False
    published = [e for e in ctx.game.published if type(e) is TimeOfDayChanged]
    assert published and all(0.0 <= e.value < 24.0 for e in published)


def test_pause_stops_the_clock_model():
    ctx = FakeCtx()
    dn = ctx.game.daynight
    dn.set(12.0)
    dn.set_paused(True)
    ctx.game.now = 100.0
    assert dn.time_of_day() == 12.0
    dn.set_paused(False)
    ctx.game.now = 120.0
    assert dn.time_of_day() == pytest.approx(13.0)


# ------------------------------------------------------------------------ registry
def test_presentation_natives_match_common_j_1_30_4():
    """... and the AI natives match 1.30.4's common.ai."""
    from jassvm import ast
    from jassvm.parser import parse
    decls = {}
    # natives added after 1.30.4 (SetCinematicAudio): 1.33.0
    for version, name in (("1.33.0", "common.j"), ("1.30.4", "common.j"), ("1.30.4", "common.ai")):
        path = shared_path("corpus", "api", version, name)
        tree, _ = parse(path.read_bytes(), name)
        decls.update({d.name: d for d in tree.decls if isinstance(d, ast.NativeDecl)})
    mine = [s for s in NATIVES.values() if s.func.__module__ in MODULES]
    assert len(mine) > 300
    for spec in mine:
        d = decls[spec.name]
        assert spec.params == tuple((p.type_name, p.name) for p in d.params), spec.name
        assert (spec.returns, spec.constant) == (d.returns, d.is_constant), spec.name
        assert spec.func.__doc__, spec.name


# ------------------------------------------------------------------------ campaigns
