"""Effects (natives.effects), text tags (natives.texttags, S071), boards (natives.boards)."""
from __future__ import annotations

import pytest

from fakectx import FakeCtx
from natives.handles import enum_handle
from natives.session import load_natives
from natives.unitdata import rawcode

load_natives()


# ------------------------------------------------------------------------ special effects
def test_special_effects_are_agents_with_position_or_target():
    ctx = FakeCtx()
    e = ctx.AddSpecialEffect("Abilities\\Spells\\Human\\ThunderClap\\ThunderClapCaster.mdl", 10.0, 20.0)
    assert e.type_name == "effect" and e.handle_id >= 0x100000
    assert (ctx.BlzGetLocalSpecialEffectX(e), ctx.BlzGetLocalSpecialEffectY(e)) == (10.0, 20.0)
    assert ctx.BlzGetLocalSpecialEffectZ(e) == 0.0
    u = ctx.CreateUnit(ctx.Player(0), rawcode("hfoo"), 300.0, 400.0, 0.0)
    t = ctx.AddSpecialEffectTarget("x.mdl", u, "overhead")
    assert (t.attach, ctx.BlzGetLocalSpecialEffectX(t)) == ("overhead", u.x)
    ctx.SetUnitX(u, 900.0)
    assert ctx.BlzGetLocalSpecialEffectX(t) == 900.0
    s = ctx.AddSpellEffectById(rawcode("AHtc"), enum_handle("effecttype", 0), 1.0, 2.0)
    assert s.ability == rawcode("AHtc") and s.effect_type == 0
    ctx.BlzSetSpecialEffectPosition(e, 1.0, 2.0, 3.0)
    ctx.BlzSetSpecialEffectScale(e, 2.0)
    assert (ctx.BlzGetLocalSpecialEffectZ(e), e.props["scale"]) == (3.0, 2.0)
    assert len(ctx.game.effects.effects) == 3
    ctx.DestroyEffect(e)
    assert e.destroyed and e not in ctx.game.effects.effects
    ctx.DestroyEffect(None)


def test_weather_is_created_disabled_over_a_copy_of_the_rect():
    ctx = FakeCtx()
    r = ctx.Rect(-100.0, -100.0, 100.0, 100.0)
    w = ctx.AddWeatherEffect(r, rawcode("RAhr"))
    ctx.SetRect(r, 0.0, 0.0, 1.0, 1.0)
    assert w.area == (-100.0, -100.0, 100.0, 100.0) and not w.enabled
    ctx.EnableWeatherEffect(w, True)
    assert w.enabled
    ctx.RemoveWeatherEffect(w)
    assert w.destroyed and ctx.game.effects.weather == []


def test_lightning_colour_move_and_destroy():
    ctx = FakeCtx()
    bolt = ctx.AddLightning("CLPB", True, 0.0, 0.0, 100.0, 100.0)
    assert [ctx.GetLightningColorR(bolt), ctx.GetLightningColorA(bolt)] == [1.0, 1.0]
    assert ctx.SetLightningColor(bolt, 0.5, 0.25, 0.0, 0.75) is True
    assert (ctx.GetLightningColorG(bolt), ctx.GetLightningColorB(bolt)) == (0.25, 0.0)
    assert ctx.MoveLightningEx(bolt, False, 1.0, 2.0, 3.0, 4.0, 5.0, 6.0) is True
    assert bolt.p2 == (4.0, 5.0, 6.0)
    assert ctx.DestroyLightning(bolt) is True
    assert ctx.DestroyLightning(bolt) is False
    assert ctx.MoveLightning(None, True, 0.0, 0.0, 0.0, 0.0) is False
    assert ctx.GetLightningColorR(None) == 0.0


def test_images_use_their_own_ids_and_reuse_freed_ones_at_once():
    ctx = FakeCtx()
    args = ("a.blp", 64.0, 64.0, 0.0, 0.0, 0.0, 0.0, 32.0, 32.0, 0.0)
    ims = [ctx.CreateImage(*args, 1) for _ in range(3)]
    assert [ctx.GetHandleId(i) for i in ims] == [0, 1, 2]                        # S071
    ctx.DestroyImage(ims[1])
    assert ctx.GetHandleId(ctx.CreateImage(*args, 2)) == 1
    assert ctx.GetHandleId(ctx.CreateImage(*args, 4)) == 3
    bad = ctx.CreateImage(*args, 0)
    assert ctx.GetHandleId(bad) == -1 and bad is not None                       # image(-1)
    ctx.ShowImage(bad, False)                                                   # ignored
    ctx.SetImageColor(ims[0], 1, 2, 3, 4)
    ctx.SetImageRenderAlways(ims[0], True)
    assert ims[0].color == (1, 2, 3, 4) and ims[0].render_always


def test_ubersplats_deformations_and_environment():
    ctx = FakeCtx()
    s = ctx.CreateUbersplat(1.0, 2.0, "HMED", 255, 255, 255, 255, False, True)
    ctx.FinishUbersplat(s)
    assert s.state == "finished"
    ctx.DestroyUbersplat(s)
    assert s.destroyed
    d = ctx.TerrainDeformCrater(0.0, 0.0, 300.0, 64.0, 1000, False)
    ctx.TerrainDeformRipple(0.0, 0.0, 300.0, 64.0, 1000, 1, 1.0, 1.0, 0.0, False)
    assert len(ctx.game.effects.deformations) == 2
    ctx.TerrainDeformStop(d, 100)
    ctx.TerrainDeformStopAll()
    assert ctx.game.effects.deformations == [] and d.destroyed
    ctx.SetSkyModel("Environment\\Sky\\X.mdl")
    ctx.SetDayNightModels("a.mdl", "b.mdl")
    ctx.SetDoodadAnimationRect(ctx.Rect(0.0, 0.0, 1.0, 1.0), rawcode("LTbr"), "death", False)
    fx = ctx.game.effects
    assert fx.sky_model.endswith("X.mdl") and fx.day_night_models == ("a.mdl", "b.mdl")
    assert fx.doodad_animations[0]["animation"] == "death"


# ------------------------------------------------------------------------ text tags (S071)
def test_text_tag_ids_count_down_from_99_reuse_lifo_and_cap_at_100():
    ctx = FakeCtx()
    tags = [ctx.CreateTextTag() for _ in range(3)]
    assert [ctx.GetHandleId(t) for t in tags] == [99, 98, 97]
    ctx.DestroyTextTag(tags[0])
    ctx.DestroyTextTag(tags[2])
    assert ctx.GetHandleId(ctx.CreateTextTag()) == 97                # last freed first
    assert ctx.GetHandleId(ctx.CreateTextTag()) == 99
    more = [ctx.CreateTextTag() for _ in range(97)]
    assert ctx.GetHandleId(more[-1]) == 0 and len(ctx.game.texttags.tags) == 100
    extra = ctx.CreateTextTag()                                      # the 101st
    assert ctx.GetHandleId(extra) == 0 and extra is more[-1]


def test_text_tag_state_and_expiry_of_non_permanent_tags():
    ctx = FakeCtx()
    t = ctx.CreateTextTag()
    ctx.SetTextTagText(t, "+25", 0.023)
    ctx.SetTextTagPos(t, 1.0, 2.0, 16.0)
    ctx.SetTextTagColor(t, 255, 220, 0, 255)
    ctx.SetTextTagVelocity(t, 0.0, 0.03)
    assert (t.text, t.pos, t.color, t.permanent, t.visible) == ("+25", (1.0, 2.0, 16.0), (255, 220, 0, 255),
                                                                True, True)
    ctx.SetTextTagLifespan(t, 3.0)
    ctx.game.advance(10.0)
    assert not t.destroyed                                           # permanent by default
    ctx.SetTextTagAge(t, 1.0)
    ctx.SetTextTagPermanent(t, False)
    ctx.game.advance(11.5)
    ctx.SetTextTagSuspended(t, True)                                 # frozen at age 2.5
    ctx.game.advance(20.0)
    assert not t.destroyed and t.age == pytest.approx(2.5)
    ctx.SetTextTagSuspended(t, False)
    ctx.game.advance(20.4)
    assert not t.destroyed
    ctx.game.advance(20.5)
    assert t.destroyed and ctx.GetHandleId(ctx.CreateTextTag()) == 99
    old = ctx.CreateTextTag()
    ctx.game.advance(30.0)
    ctx.SetTextTagLifespan(old, 5.0)
    ctx.SetTextTagPermanent(old, False)                              # age 9.5 > 5: expires now
    assert old.destroyed


def test_text_tag_on_unit_takes_its_position():
    ctx = FakeCtx()
    u = ctx.CreateUnit(ctx.Player(0), rawcode("hfoo"), 300.0, 400.0, 0.0)
    t = ctx.CreateTextTag()
    ctx.SetTextTagPosUnit(t, u, 10.0)
    assert t.pos == (u.x, u.y, 10.0)


# ------------------------------------------------------------------------ leaderboards
def test_leaderboard_items_sort_and_timeline():
    ctx = FakeCtx()
    p0, p1, p2 = ctx.Player(0), ctx.Player(1), ctx.Player(2)
    lb = ctx.CreateLeaderboard()
    assert lb.handle_id >= 0x100000
    assert (ctx.LeaderboardGetItemCount(lb), ctx.LeaderboardGetLabelText(lb), ctx.IsLeaderboardDisplayed(lb)) == (
        0, "", False)
    ctx.LeaderboardSetLabel(lb, "Kills")
    for p, v in ((p0, 5), (p1, 9), (p2, 1)):
        ctx.LeaderboardAddItem(lb, f"P{p.id}", v, p)
    assert ctx.LeaderboardGetPlayerIndex(lb, p1) == 1 and ctx.LeaderboardHasPlayerItem(lb, p2)
    ctx.LeaderboardSortItemsByValue(lb, False)
    assert [it.value for it in lb.items] == [9, 5, 1]
    ctx.LeaderboardSetItemValue(lb, ctx.LeaderboardGetPlayerIndex(lb, p2), 20)
    ctx.LeaderboardSortItemsByValue(lb, False)
    assert lb.items[0].player is p2
    ctx.LeaderboardRemovePlayerItem(lb, p0)
    assert ctx.LeaderboardGetItemCount(lb) == 2 and ctx.LeaderboardGetPlayerIndex(lb, p0) == -1
    ctx.LeaderboardSetItemLabel(lb, 99, "ignored")
    ctx.PlayerSetLeaderboard(p0, lb)
    assert ctx.PlayerGetLeaderboard(p0) is lb and ctx.PlayerGetLeaderboard(p1) is None
    ctx.LeaderboardDisplay(lb, True)
    ctx.LeaderboardDisplay(lb, True)
    ctx.DestroyLeaderboard(lb)
    assert [d for _, k, d in ctx.game.timeline if k == "leaderboard"] == [
        {"title": "Kills", "shown": True}, {"title": "Kills", "shown": False}]
    assert ctx.PlayerGetLeaderboard(p0) is None


# ------------------------------------------------------------------------ multiboards
def test_multiboard_grid_items_and_one_displayed_at_a_time():
    ctx = FakeCtx()
    mb = ctx.CreateMultiboard()
    assert (ctx.MultiboardGetRowCount(mb), ctx.MultiboardGetColumnCount(mb)) == (0, 0)
    assert not ctx.IsMultiboardDisplayed(mb) and not ctx.IsMultiboardMinimized(mb)
    ctx.MultiboardSetTitleText(mb, "Score")
    ctx.MultiboardSetRowCount(mb, 2)
    ctx.MultiboardSetColumnCount(mb, 3)
    ctx.MultiboardSetItemsValue(mb, "-")
    it = ctx.MultiboardGetItem(mb, 1, 2)
    it2 = ctx.MultiboardGetItem(mb, 1, 2)
    assert it is not it2 and it.handle_id != it2.handle_id          # a new handle per call
    ctx.MultiboardSetItemValue(it, "7")
    ctx.MultiboardSetItemWidth(it, 0.1)
    ctx.MultiboardReleaseItem(it)
    assert it.destroyed and mb.cells[1][2].value == "7" and mb.cells[0][0].value == "-"
    assert mb.cells[0][0].width == 0.03
    assert ctx.MultiboardGetItem(mb, 2, 0) is None
    other = ctx.CreateMultiboard()
    ctx.MultiboardDisplay(mb, True)
    ctx.MultiboardDisplay(other, True)
    assert ctx.IsMultiboardDisplayed(other) and not ctx.IsMultiboardDisplayed(mb)
    ctx.MultiboardDisplay(mb, False)                                 # closes any open one
    assert not ctx.IsMultiboardDisplayed(other)
    ctx.MultiboardClear(mb)
    assert (mb.rows, mb.columns, ctx.MultiboardGetTitleText(mb)) == (0, 0, "Score")
    ctx.MultiboardSuppressDisplay(True)
    assert ctx.game.boards.multiboards_suppressed


# ------------------------------------------------------------------------ timer dialogs
def test_timer_dialog_defaults_and_timeline():
    ctx = FakeCtx()
    t = ctx.CreateTimer()
    td = ctx.CreateTimerDialog(t)
    assert td.title == "Remaining" and td.timer is t and not ctx.IsTimerDialogDisplayed(td)
    ctx.TimerDialogSetTitle(td, "Reinforcements")
    ctx.TimerDialogDisplay(td, True)
    assert ctx.IsTimerDialogDisplayed(td)
    ctx.TimerDialogSetRealTimeRemaining(td, 30.0)
    assert td.real_time_remaining == (30.0, 0.0)
    ctx.DestroyTimerDialog(td)
    assert [d for _, k, d in ctx.game.timeline if k == "timer_dialog"] == [
        {"title": "Reinforcements", "shown": True}, {"title": "Reinforcements", "shown": False}]
