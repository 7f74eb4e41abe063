"""Ability, item and unit natives of issue 14 (natives.objecttext, natives.unitabilities,
natives.skins and the unit, order, group and fog natives added with them).

Each jassdoc note the natives follow has a test named after it (lep/jassdoc ``common.j``);
values come from the object data the test map declares, so they are the game's answers for
that data."""

from __future__ import annotations

import pytest

from natives.objecttypes import ObjectRecord, ObjectTypes
from natives.session import GameSession
from natives.snapshot import load_save, read_save, state_digest, write_save
from natives.unitabilities import ability_state
from natives.units import BlzGetLocalUnitZ, BlzGetUnitZ
from natives.unitdata import rawcode
from test_save_load import IDENTITY
from test_triggers import jass_session, seen

R = rawcode


def _types() -> ObjectTypes:
    """Ability 'A000' from Blizzard with two levels of text, cooldown and mana cost; a
    custom footman 'h000' and claws 'I000' with tooltips and icons."""
    return ObjectTypes([
        ObjectRecord("ability", R("A000"), R("AHbz"), True, {
            ("anam", 0): "Ice Storm", ("aart", 0): "ice.blp", ("auar", 0): "ice-on.blp",
            ("abpx", 0): 2, ("abpy", 0): 1, ("aubx", 0): 3, ("auby", 0): 0,
            ("atp1", 1): "Ice 1", ("atp1", 2): "Ice 2", ("aub1", 1): "Freezes.",
            ("aret", 1): "Learn Ice", ("arut", 1): "Learn it.", ("aut1", 1): "Stop Ice",
            ("auu1", 1): "Stops.", ("acdn", 1): 10.0, ("acdn", 2): 8.0,
            ("amcs", 1): 75, ("amcs", 2): 100}),
        ObjectRecord("ability", R("A001"), R("AHhb"), True, {("acdn", 1): 5.0, ("amcs", 1): 20}),
        ObjectRecord("unit", R("h000"), R("hfoo"), True, {("utip", 0): "Train Guard", ("uico", 0): "guard.blp"}),
        ObjectRecord("item", R("I000"), R("rat6"), True, {
            ("utip", 0): "Buy Fangs", ("utub", 0): "Sharp.", ("ides", 0): "Fangs of a wolf",
            ("iico", 0): "fangs.blp"}),
    ])


def _session(script: str, **kw):
    s = jass_session(script, run_main=False, **kw)
    s.game.object_types = _types()
    s.vm.call("main")
    return s


def reload(session: GameSession) -> GameSession:
    """``session`` saved and loaded into a fresh session of the same map (object data)."""
    fresh = GameSession(session.program)
    fresh.game.object_types = session.game.object_types
    load_save(fresh, read_save(write_save(session, IDENTITY)), IDENTITY)
    return fresh


def lines(script: str) -> list[str]:
    s = _session(script)
    assert not s.vm.errors, [e.format() for e in s.vm.errors]
    return seen(s)


# ------------------------------------------------------------------------- object text
def test_ability_text_reads_the_object_data_with_zero_indexed_levels():
    """jassdoc BlzGetAbilityCooldown: "Since 1.31: use Level 0 to read cooldown from Level 1"
    -- the text natives number levels the same way."""
    assert lines(r"""
function main takes nothing returns nothing
    call P(BlzGetAbilityTooltip('A000', 0) + "|" + BlzGetAbilityTooltip('A000', 1) + "|" + BlzGetAbilityTooltip('A000', -1))
    call P(BlzGetAbilityExtendedTooltip('A000', 0) + "|" + BlzGetAbilityResearchTooltip('A000', 0) + "|" + BlzGetAbilityResearchExtendedTooltip('A000', 0))
    call P(BlzGetAbilityActivatedTooltip('A000', 0) + "|" + BlzGetAbilityActivatedExtendedTooltip('A000', 0))
    call P(BlzGetAbilityIcon('A000') + "|" + BlzGetAbilityActivatedIcon('A000'))
    call P(I2S(BlzGetAbilityPosX('A000')) + I2S(BlzGetAbilityPosY('A000')) + I2S(BlzGetAbilityActivatedPosX('A000')) + I2S(BlzGetAbilityActivatedPosY('A000')))
endfunction
""") == ["Ice 1|Ice 2|", "Freezes.|Learn Ice|Learn it.", "Stop Ice|Stops.", "ice.blp|ice-on.blp", "2130"]


def test_ability_text_supports_unit_and_item_codes():
    """jassdoc BlzGetAbilityTooltip / BlzGetAbilityIcon: "Supports Unit/Item/Ability/Tech
    Codes" -- a unit's or item's tooltip and icon fields answer for its rawcode."""
    assert lines(r"""
function main takes nothing returns nothing
    call P(BlzGetAbilityTooltip('h000', 0) + "|" + BlzGetAbilityIcon('h000') + "|" + BlzGetAbilityTooltip('I000', 0) + "|" + BlzGetAbilityIcon('I000'))
endfunction
""") == ["Train Guard|guard.blp|Buy Fangs|fangs.blp"]


def test_ability_text_setters_change_the_type_for_the_whole_game():
    s = _session(r"""
function main takes nothing returns nothing
    call BlzSetAbilityTooltip('A000', "Hail", 1)
    call BlzSetAbilityIcon('A000', "hail.blp")
    call BlzSetAbilityPosX('A000', 0)
    call BlzSetAbilityActivatedExtendedTooltip('A000', "Ends hail.", 0)
    call P(BlzGetAbilityTooltip('A000', 0) + "|" + BlzGetAbilityTooltip('A000', 1) + "|" + BlzGetAbilityIcon('A000') + "|" + I2S(BlzGetAbilityPosX('A000')) + "|" + BlzGetAbilityActivatedExtendedTooltip('A000', 0))
endfunction
""")
    assert seen(s) == ["Ice 1|Hail|hail.blp|0|Ends hail."]
    assert state_digest(reload(s)) == state_digest(s)
    assert reload(s).game.units.object_text[("aart", R("A000"), 0)] == "hail.blp"


def test_ability_text_without_data_answers_empty_with_a_warning():
    s = _session(r"""
function main takes nothing returns nothing
    call P("[" + BlzGetAbilityTooltip('A001', 0) + "]" + I2S(BlzGetAbilityPosX('A001')))
endfunction
""")
    assert seen(s) == ["[]0"]
    assert [w for _t, w in s.vm.warnings if "'atp1'" in w] == [
        "BlzGetAbilityTooltip: no data for field 'atp1' level 1 of ability 'A001': returning ''"]


def test_jassdoc_bug_get_ability_effect_and_sound_do_nothing():
    """jassdoc GetAbilityEffect / GetAbilitySound: "@bug Does nothing because no one knows
    what "abilityString" is supposed to be"; AbilityId / AbilityId2String: "@bug ... always
    returns zero" / "an empty string"."""
    assert lines(r"""
function main takes nothing returns nothing
    call P("[" + GetAbilityEffect("blizzard", ConvertEffectType(0), 0) + GetAbilitySound("blizzard", ConvertSoundType(0)) + AbilityId2String('AHbz') + "]" + I2S(AbilityId("blizzard")))
endfunction
""") == ["[]0"]


ITEM_TEXT = r"""
globals
    item I
    item J
endglobals
function main takes nothing returns nothing
    set I = CreateItem('I000', 0, 0)
    set J = CreateItem('I000', 0, 0)
    call P(BlzGetItemTooltip(I) + "|" + BlzGetItemExtendedTooltip(I) + "|" + BlzGetItemDescription(I) + "|" + BlzGetItemIconPath(I))
    call BlzSetItemName(I, "Claws")
    call BlzSetItemTooltip(I, "Sell Fangs")
    call BlzSetItemExtendedTooltip(I, "Blunt.")
    call BlzSetItemDescription(I, "Old fangs")
    call BlzSetItemIconPath(I, "old.blp")
    call P(GetItemName(I) + "|" + BlzGetItemTooltip(I) + "|" + BlzGetItemExtendedTooltip(I) + "|" + BlzGetItemDescription(I) + "|" + BlzGetItemIconPath(I))
    call P(BlzGetItemDescription(J) + "|" + BlzGetItemIconPath(J) + "|" + BlzGetItemTooltip(null))
endfunction
"""


def test_jassdoc_bug_set_item_name_and_tooltip_do_not_work():
    """jassdoc BlzSetItemName, BlzSetItemTooltip: "@bug Doesn't work."; the extended
    tooltip, description and icon setters work, per item."""
    s = _session(ITEM_TEXT)
    name = s.game.object_types.item_types[R("I000")].name
    assert seen(s) == ["Buy Fangs|Sharp.|Fangs of a wolf|fangs.blp",
                       f"{name}|Buy Fangs|Blunt.|Old fangs|old.blp",
                       "Fangs of a wolf|fangs.blp|"]
    assert reload(s).vm.read_global("I").text == {"utub": "Blunt.", "ides": "Old fangs", "iico": "old.blp"}


# --------------------------------------------------------------------------- cooldowns
def test_jassdoc_note_ability_cooldown_and_mana_cost_level_zero_reads_level_one():
    """jassdoc BlzGetAbilityManaCost @note: "Since 1.31: use Level 0 to read manacosts of
    Level 1" (and BlzGetAbilityCooldown alike)."""
    assert lines(r"""
function main takes nothing returns nothing
    call P(R2S(BlzGetAbilityCooldown('A000', 0)) + " " + R2S(BlzGetAbilityCooldown('A000', 1)) + " " + I2S(BlzGetAbilityManaCost('A000', 0)) + " " + I2S(BlzGetAbilityManaCost('A000', 1)))
endfunction
""") == ["10.000 8.000 75 100"]


COOLDOWN = r"""
globals
    unit U
    unit V
endglobals
function Show takes nothing returns nothing
    call P(R2S(BlzGetUnitAbilityCooldownRemaining(U, 'A000')) + " " + R2S(BlzGetUnitAbilityCooldown(U, 'A000', 0)))
endfunction
function main takes nothing returns nothing
    set U = CreateUnit(Player(0), 'hfoo', 0, 0, 0)
    set V = CreateUnit(Player(0), 'hfoo', 0, 0, 0)
    call UnitAddAbility(U, 'A000')
    call UnitAddAbility(V, 'A000')
    call BlzStartUnitAbilityCooldown(U, 'A000', 10)
    call Show()
    call TimerStart(CreateTimer(), 3, false, function Show)
endfunction
"""


def test_jassdoc_note_unit_cooldown_is_the_max_not_the_remaining_one():
    """jassdoc BlzGetUnitAbilityCooldown @note: "It does not return the remaining cooldown
    when you use an ability but the max cooldown"; the remaining one counts down in game
    time."""
    s = _session(COOLDOWN)
    s.advance(5)
    assert seen(s) == ["10.000 10.000", "7.000 10.000"]


def test_the_remaining_cooldown_is_game_time_that_saves_and_loads():
    s = _session(COOLDOWN)
    s.advance(2)
    loaded = reload(s)
    loaded.advance(3)
    assert seen(loaded)[-1] == "7.000 10.000"
    u = loaded.vm.read_global("U")
    assert u.cooldowns == {R("A000"): 10.0}    # the due time, in game seconds


def test_jassdoc_note_set_cooldown_does_not_reduce_a_running_cooldown():
    """jassdoc BlzSetUnitAbilityCooldown @note: "It does not reduce the cooldown if the
    ability is currently on CD, it will have its new cooldown after the CD is over";
    @note: negative values are accepted. The value is the unit's own (another unit keeps
    the object data) and is the ability's ABILITY_RLF_COOLDOWN level field."""
    assert lines(r"""
globals
    unit U
    unit V
endglobals
function main takes nothing returns nothing
    set U = CreateUnit(Player(0), 'hfoo', 0, 0, 0)
    set V = CreateUnit(Player(0), 'hfoo', 0, 0, 0)
    call UnitAddAbility(U, 'A000')
    call UnitAddAbility(V, 'A000')
    call BlzStartUnitAbilityCooldown(U, 'A000', 10)
    call BlzSetUnitAbilityCooldown(U, 'A000', 0, 2)
    call P(R2S(BlzGetUnitAbilityCooldownRemaining(U, 'A000')) + " " + R2S(BlzGetUnitAbilityCooldown(U, 'A000', 0)) + " " + R2S(BlzGetUnitAbilityCooldown(V, 'A000', 0)))
    call P(R2S(BlzGetAbilityRealLevelField(BlzGetUnitAbility(U, 'A000'), ConvertAbilityRealLevelField('acdn'), 0)))
    call BlzSetUnitAbilityCooldown(U, 'A000', 1, -1.5)
    call P(R2S(BlzGetUnitAbilityCooldown(U, 'A000', 1)) + " " + R2S(BlzGetUnitAbilityCooldown(U, 'A001', 0)))
endfunction
""") == ["10.000 2.000 10.000", "2.000", "-1.500 0.000"]


def test_end_cooldown_and_removing_the_ability_make_it_ready():
    """jassdoc BlzEndUnitAbilityCooldown: "Reduces the current ability cooldown ... to 0";
    an ability removed and added again is a new instance without the cooldown."""
    assert lines(r"""
function main takes nothing returns nothing
    local unit u = CreateUnit(Player(0), 'hfoo', 0, 0, 0)
    call UnitAddAbility(u, 'A000')
    call UnitAddAbility(u, 'A001')
    call BlzStartUnitAbilityCooldown(u, 'A000', 10)
    call BlzStartUnitAbilityCooldown(u, 'A001', 10)
    call BlzEndUnitAbilityCooldown(u, 'A000')
    call UnitRemoveAbility(u, 'A001')
    call UnitAddAbility(u, 'A001')
    call P(R2S(BlzGetUnitAbilityCooldownRemaining(u, 'A000')) + " " + R2S(BlzGetUnitAbilityCooldownRemaining(u, 'A001')))
endfunction
""") == ["0.000 0.000"]


def test_jassdoc_bug_set_mana_cost_survives_a_save():
    """jassdoc BlzSetUnitAbilityManaCost @bug: the v1.29.2 crash on loading a saved game is
    "Confirmed as fixed as of v1.31.1": the unit's cost saves and loads."""
    s = _session(r"""
globals
    unit U
endglobals
function main takes nothing returns nothing
    set U = CreateUnit(Player(0), 'hfoo', 0, 0, 0)
    call UnitAddAbility(U, 'A000')
    call BlzSetUnitAbilityManaCost(U, 'A000', 0, 5)
    call P(I2S(BlzGetUnitAbilityManaCost(U, 'A000', 0)) + " " + I2S(BlzGetUnitAbilityManaCost(U, 'A000', 1)) + " " + I2S(BlzGetUnitAbilityManaCost(U, 'hfoo', 0)))
endfunction
""")
    assert seen(s) == ["5 100 0"]
    loaded = reload(s)
    a = loaded.vm.read_global("U").ability_objects[R("A000")]
    assert a.level_fields[(("abilityintegerlevelfield", R("amcs")), 0)] == 5


# ---------------------------------------------------------------- abilities by index
def test_jassdoc_note_last_added_ability_is_at_index_zero():
    """jassdoc BlzGetUnitAbilityByIndex @note: "Last added ability is at index 0, older
    abilities are pushed up"."""
    assert lines(r"""
function main takes nothing returns nothing
    local unit u = CreateUnit(Player(0), 'hfoo', 0, 0, 0)
    local item it = CreateItem('I000', 0, 0)
    call UnitAddAbility(u, 'A000')
    call UnitAddAbility(u, 'A001')
    call P(I2S(BlzGetAbilityId(BlzGetUnitAbilityByIndex(u, 0)) - 'A001') + " " + I2S(BlzGetAbilityId(BlzGetUnitAbilityByIndex(u, 1)) - 'A000') + " " + B2S(BlzGetUnitAbilityByIndex(u, 2) == null))
    call P(B2S(BlzGetUnitAbilityByIndex(u, 0) == BlzGetUnitAbility(u, 'A001')))
    call BlzItemAddAbility(it, 'A001')
    call BlzItemAddAbility(it, 'A000')
    call P(I2S(BlzGetAbilityId(BlzGetItemAbilityByIndex(it, 0)) - 'A001') + " " + B2S(BlzGetItemAbilityByIndex(it, -1) == null))
endfunction
""") == ["0 0 true", "true", "0 true"]


# ------------------------------------------------------------------- hide and disable
def _counters(script: str) -> dict:
    s = _session(script)
    assert not s.vm.errors
    return s.vm.read_global("U").ability_counters


def test_jassdoc_bug_hide_ability_acts_like_an_integer_counter():
    """jassdoc BlzUnitHideAbility @bug: "The boolean flag doesn't work as expected, it acts
    more like an integer counter": two hides need two shows."""
    s = _session(r"""
globals
    unit U
endglobals
function main takes nothing returns nothing
    set U = CreateUnit(Player(0), 'hfoo', 0, 0, 0)
    call UnitAddAbility(U, 'A000')
    call BlzUnitHideAbility(U, 'A000', true)
    call BlzUnitHideAbility(U, 'A000', true)
    call BlzUnitHideAbility(U, 'A000', false)
endfunction
""")
    u = s.vm.read_global("U")
    assert ability_state(u, R("A000")) == (False, True)
    assert u.ability_counters == {R("A000"): [0, 1]}
    assert reload(s).vm.read_global("U").ability_counters == {R("A000"): [0, 1]}


def test_jassdoc_bug_disable_ability_counts_disable_and_hide():
    """jassdoc BlzUnitDisableAbility @bug (1.32.10 confirmed): "The game counts isDisabled and
    hideUI internally as integers"; each call with hideUI moves both counters."""
    assert _counters(r"""
globals
    unit U
endglobals
function main takes nothing returns nothing
    set U = CreateUnit(Player(0), 'hfoo', 0, 0, 0)
    call UnitAddAbility(U, 'A000')
    call BlzUnitDisableAbility(U, 'A000', true, true)
    call BlzUnitDisableAbility(U, 'A000', true, false)
    call BlzUnitDisableAbility(U, 'A000', false, true)
    call BlzUnitDisableAbility(U, 'A001', true, true)
endfunction
""") == {R("A000"): [1, 0]}


def test_jassdoc_note_disable_ability_building_abilities_are_one():
    """jassdoc BlzUnitDisableAbility @note: "disabling 'AHbu' on a unit with only 'ANbu' would
    disable 'ANbu' instead"."""
    assert _counters(r"""
globals
    unit U
endglobals
function main takes nothing returns nothing
    set U = CreateUnit(Player(0), 'hpea', 0, 0, 0)
    call UnitAddAbility(U, 'ANbu')
    call BlzUnitDisableAbility(U, 'AHbu', true, false)
endfunction
""") == {R("ANbu"): [1, 0]}


# ---------------------------------------------------------------------------- skins
def test_jassdoc_note_set_unit_skin_removes_attached_effects():
    """jassdoc BlzSetUnitSkin @note: "Upon function call, all attachment visual effect are
    removed from whichUnit"; the unit keeps its type."""
    s = _session(r"""
globals
    unit U
    effect E
    effect F
endglobals
function main takes nothing returns nothing
    local item it = BlzCreateItemWithSkin('I000', 0, 0, 'rat9')
    set U = CreateUnit(Player(0), 'hfoo', 0, 0, 0)
    set E = AddSpecialEffectTarget("halo.mdl", U, "origin")
    set F = AddSpecialEffect("ground.mdl", 0, 0)
    call P(I2S(BlzGetUnitSkin(U) - 'hfoo') + " " + I2S(BlzGetItemSkin(it) - 'rat9') + " " + I2S(BlzGetUnitSkin(null)))
    call BlzSetUnitSkin(U, 'hkni')
    call BlzSetItemSkin(it, 'ratc')
    call P(I2S(BlzGetUnitSkin(U) - 'hkni') + " " + I2S(GetUnitTypeId(U) - 'hfoo') + " " + I2S(BlzGetItemSkin(it) - 'ratc'))
    call P(I2S(BlzGetUnitSkin(BlzCreateUnitWithSkin(Player(0), 'hfoo', 0, 0, 0, 'hrif')) - 'hrif'))
endfunction
""")
    assert seen(s) == ["0 0 0", "0 0 0", "0"]
    assert s.vm.read_global("E").props == {"detached": True}
    assert s.vm.read_global("F").props == {}
    assert reload(s).vm.read_global("U").skin == R("hkni")


# ------------------------------------------------------------------ units and owners
def test_create_unit_by_name_uses_the_unit_type_string():
    """CreateUnitByName takes the type's string identifier (UnitId's: "footman"), case
    insensitive; an unknown name creates nothing."""
    assert lines(r"""
function main takes nothing returns nothing
    local unit u = CreateUnitByName(Player(0), "Footman", 10, 20, 90)
    local unit v = CreateUnitAtLocByName(Player(1), "footman", Location(5, 6), 0)
    call P(I2S(GetUnitTypeId(u) - 'hfoo') + " " + R2S(GetUnitX(u)) + " " + R2S(GetUnitFacing(u)))
    call P(I2S(GetUnitTypeId(v) - 'hfoo') + " " + I2S(GetPlayerId(GetOwningPlayer(v))))
    call P(B2S(CreateUnitByName(Player(0), "nosuchunit", 0, 0, 0) == null) + " " + B2S(CreateUnitByName(null, "footman", 0, 0, 0) == null))
endfunction
""") == ["0 10.000 90.000", "0 1", "true true"]


def test_set_player_units_owner_gives_every_unit_to_the_new_owner():
    assert lines(r"""
function main takes nothing returns nothing
    local unit a = CreateUnit(Player(0), 'hfoo', 0, 0, 0)
    local unit b = CreateUnit(Player(0), 'hfoo', 0, 0, 0)
    local unit c = CreateUnit(Player(2), 'hfoo', 0, 0, 0)
    call SetPlayerUnitsOwner(Player(0), 3)
    call P(I2S(GetPlayerId(GetOwningPlayer(a))) + I2S(GetPlayerId(GetOwningPlayer(b))) + I2S(GetPlayerId(GetOwningPlayer(c))))
endfunction
""") == ["332"]


def test_jassdoc_pause_unit_ex_does_not_update_is_unit_paused_and_is_counted():
    """jassdoc BlzPauseUnitEx: "This does not update IsUnitPaused ... Otherwise identical to
    PauseUnit()"; two pauses need two unpauses before the unit walks again."""
    s = _session(r"""
globals
    unit U
endglobals
function Unpause takes nothing returns nothing
    call BlzPauseUnitEx(U, false)
endfunction
function main takes nothing returns nothing
    set U = CreateUnit(Player(0), 'hfoo', 0, 0, 0)
    call BlzPauseUnitEx(U, true)
    call BlzPauseUnitEx(U, true)
    call IssuePointOrder(U, "move", 1000, 0)
    call BlzPauseUnitEx(U, false)
    call P(B2S(IsUnitPaused(U)))
endfunction
""")
    s.advance(2)
    u = s.vm.read_global("U")
    assert seen(s) == ["false"] and u.x == 0.0 and u.pause_count == 1
    s.vm.call("Unpause")
    s.advance(2)
    assert u.x > 0.0


ORDERS = r"""
globals
    unit U
endglobals
function main takes nothing returns nothing
    set U = CreateUnit(Player(0), 'hfoo', 0, 0, 0)
    call IssuePointOrder(U, "move", 1000, 0)
    call BlzQueuePointOrderById(U, 851986, 0, 1000)
    call BlzQueuePointOrderById(U, 851986, 1000, 1000)
    call P(I2S(BlzGetUnitOrderCount(U)))
    call BlzUnitForceStopOrder(U, false)
    call P(I2S(BlzGetUnitOrderCount(U)) + " " + I2S(GetUnitCurrentOrder(U)))
    call BlzUnitClearOrders(U, true)
    call P(I2S(BlzGetUnitOrderCount(U)) + " " + I2S(GetUnitCurrentOrder(U)))
    call BlzUnitClearOrders(U, false)
    call P(I2S(BlzGetUnitOrderCount(U)) + " " + I2S(GetUnitCurrentOrder(U)))
endfunction
"""


def test_order_queue_natives_count_stop_and_clear():
    """jassdoc BlzUnitForceStopOrder: "Stops the current order and optionally clears the
    queue" (the next queued order goes on); BlzUnitClearOrders: "Clears either all orders or
    only queued up orders"; BlzGetUnitOrderCount counts them."""
    s = _session(ORDERS)
    assert seen(s) == ["3", "2 851986", "1 851986", "0 0"]
    u = s.vm.read_global("U")
    assert u.current_order is None and u.work is None


def test_jassdoc_cancel_timed_life_kills_and_does_nothing_to_a_regular_unit():
    """jassdoc BlzUnitCancelTimedLife: "Removes a unit's timed life, therefore killing it.
    Does nothing when used on a regular unit.\""""
    s = _session(r"""
function main takes nothing returns nothing
    local unit water = CreateUnit(Player(0), 'hwat', 0, 0, 0)
    local unit foot = CreateUnit(Player(0), 'hfoo', 0, 0, 0)
    call UnitApplyTimedLife(water, 'BHwe', 30)
    call BlzUnitCancelTimedLife(water)
    call BlzUnitCancelTimedLife(foot)
    call P(B2S(IsUnitType(water, UNIT_TYPE_DEAD)) + " " + B2S(IsUnitType(foot, UNIT_TYPE_DEAD)))
endfunction
""".replace("UNIT_TYPE_DEAD", "ConvertUnitType(1)"))
    s.advance(40)
    assert seen(s) == ["true false"]
    assert not s.vm.errors


def test_locust_and_hidden_units_are_not_selectable():
    assert lines(r"""
function main takes nothing returns nothing
    local unit a = CreateUnit(Player(0), 'hfoo', 0, 0, 0)
    local unit b = CreateUnit(Player(0), 'hfoo', 0, 0, 0)
    local unit c = CreateUnit(Player(0), 'hfoo', 0, 0, 0)
    call UnitAddAbility(b, 'Aloc')
    call ShowUnit(c, false)
    call P(B2S(BlzIsUnitSelectable(a)) + B2S(BlzIsUnitSelectable(b)) + B2S(BlzIsUnitSelectable(c)) + B2S(BlzIsUnitSelectable(null)))
endfunction
""") == ["truefalsefalsefalse"]


def test_jassdoc_unit_z_is_zero_for_null_and_local_z_is_its_alias():
    """jassdoc BlzGetUnitZ: "Returns 0.0 if unit was removed or is null"; BlzGetLocalUnitZ:
    "Alias for BlzGetUnitZ"."""
    s = jass_session(r"""
globals
    unit U
endglobals
function main takes nothing returns nothing
    set U = CreateUnit(Player(0), 'hfoo', 64, 0, 0)
endfunction
""")
    s.game.height_function = lambda x, y: x / 2
    ctx = type("Ctx", (), {"game": s.game})()
    u = s.vm.read_global("U")
    assert (BlzGetUnitZ(ctx, u), BlzGetLocalUnitZ(ctx, u), BlzGetUnitZ(ctx, None)) == (32.0, 32.0, 0.0)


# ------------------------------------------------------------------------------ groups
def test_jassdoc_group_fast_natives_return_how_many_units_moved():
    """jassdoc BlzGroupAddGroupFast / BlzGroupRemoveGroupFast: "Returns amount of
    successfully added [removed] units or 0 on error"; seed 001: a removed unit stays a hole
    in its group and is not added to another."""
    s = _session(r"""
function main takes nothing returns nothing
    local group g = CreateGroup()
    local group h = CreateGroup()
    local unit a = CreateUnit(Player(0), 'hfoo', 0, 0, 0)
    local unit b = CreateUnit(Player(0), 'hfoo', 0, 0, 0)
    local unit c = CreateUnit(Player(0), 'hfoo', 0, 0, 0)
    call GroupAddUnit(g, a)
    call GroupAddUnit(g, b)
    call GroupAddUnit(g, c)
    call GroupAddUnit(h, a)
    call RemoveUnit(c)
    call P(I2S(BlzGroupAddGroupFast(g, h)) + " " + I2S(BlzGroupGetSize(h)))
    call P(I2S(BlzGroupRemoveGroupFast(g, h)) + " " + I2S(BlzGroupGetSize(h)))
    call DestroyGroup(h)
    call P(I2S(BlzGroupAddGroupFast(g, h)) + " " + I2S(BlzGroupAddGroupFast(null, g)))
endfunction
""")
    assert seen(s) == ["1 2", "2 0", "0 0"]


# ------------------------------------------------------------------------ visibility
def test_fogged_masked_invisible_and_detected():
    """A point nobody explored is masked while the black mask is on, fogged once it is off
    (natives.fog "Fogged and masked"); a started masking modifier masks it; invisibility is
    not modelled."""
    assert lines(r"""
function main takes nothing returns nothing
    local unit mine = CreateUnit(Player(0), 'hfoo', 0, 0, 0)
    local unit far = CreateUnit(Player(1), 'hfoo', 3000, 0, 0)
    local fogmodifier m
    call P(B2S(IsUnitFogged(far, Player(0))) + B2S(IsUnitMasked(far, Player(0))) + B2S(IsUnitFogged(mine, Player(0))) + B2S(IsFoggedToPlayer(0, 0, Player(0))))
    set m = CreateFogModifierRadius(Player(0), ConvertFogState(1), 3000, 0, 200, true, true)
    call FogModifierStart(m)
    call P(B2S(IsUnitMasked(far, Player(0))) + B2S(IsMaskedToPlayer(3000, 0, Player(0))) + B2S(IsLocationMaskedToPlayer(Location(3000, 0), Player(0))) + B2S(IsLocationFoggedToPlayer(Location(3000, 0), Player(0))))
    call FogMaskEnable(false)
    call P(B2S(IsUnitMasked(far, Player(0))) + B2S(IsUnitFogged(far, Player(0))))
    call P(B2S(IsUnitInvisible(far, Player(0))) + B2S(IsUnitDetected(far, Player(0))))
endfunction
""") == ["falsetruefalsefalse", "truetruetruefalse", "falsetrue", "falsefalse"]


@pytest.mark.parametrize("native", ["BlzGetAbsorbingItem", "BlzGetStackingItemSource", "BlzGetStackingItemTarget"])
def test_item_stacking_responses_are_null_outside_their_events(native):
    """jassdoc BlzGetAbsorbingItem: "Returns null if the item was a powerup and not a stacking
    item"; the model does not stack items."""
    assert lines(f"""
function main takes nothing returns nothing
    call P(B2S({native}() == null) + B2S(BlzGetManipulatedItemWasAbsorbed()) + I2S(BlzGetStackingItemTargetPreviousCharges()))
endfunction
""") == ["truefalse0"]
