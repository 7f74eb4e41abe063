"""How the model classes with many instances declare their fields (issue 16: at most 1 KiB per
handle; ``natives.units.Widget`` describes the scheme): slots for what every instance sets,
immutable class-level defaults for what most never set, and ``natives.handles.own`` as the one
way to write a container field. A shared default is never changed, a write that bypasses
``own`` fails loudly, and the fields round-trip through a save like any other."""
from __future__ import annotations

from types import MappingProxyType

import pytest

from jassvm.thread import Thread
from natives.handles import NO_ENTRIES, NO_MEMBERS, Handle, field_names, own
from natives.response import NO_RESPONSE
from natives.snapshot import state_digest
from natives.timers import Timer
from natives.unitdata import rawcode
from natives.units import Destructable, HeroData, Item, Unit, Widget
from test_save_load import reload
from test_triggers import jass_session, seen

SCRIPT = """
function main takes nothing returns nothing
    local unit a = CreateUnit(Player(0), 'hfoo', 0.0, 0.0, 0.0)
    local unit b = CreateUnit(Player(0), 'hfoo', 512.0, 0.0, 0.0)
    call UnitAddAbility(a, 'AHbz')
    call UnitAddType(a, ConvertUnitType(9))   // UNIT_TYPE_GIANT (common.j)
    call SetUnitAnimation(a, "attack")
    call WaygateActivate(a, true)
endfunction
"""


def _units(session):
    a, b = list(session.game.units.units.values())[:2]
    return a, b


def test_slotted_classes_keep_no_per_instance_dict_until_a_rare_field_is_set():
    s = jass_session(SCRIPT)
    a, b = _units(s)
    # a unit nothing changed has its slots only: a field Unit.__init__ sets belongs in
    # Unit.__slots__ (natives.units.Widget), or it costs a dict per unit
    assert vars(b) == {}, f"fields set at creation outside __slots__: {sorted(vars(b))}"
    assert set(vars(a)) >= {"abilities", "added_types", "animation", "waygate"}
    for cls in (Handle, Widget, Unit, Item, Destructable, HeroData, Timer, Thread):
        assert "__slots__" in cls.__dict__, cls
    assert not hasattr(Timer(), "__dict__") and not hasattr(Thread(1, "t", "action"), "__dict__")


def test_every_slot_is_set_by_the_constructor():
    s = jass_session(SCRIPT)
    _, b = _units(s)
    item = s.game.units.create_item(rawcode("ratf"), 0.0, 0.0)
    for obj in (b, item, Timer(), Thread(1, "t", "action")):
        for name in field_names(obj):
            getattr(obj, name)     # AttributeError: a slot its __init__ forgot


def test_a_write_through_own_changes_that_unit_only():
    s = jass_session(SCRIPT)
    a, b = _units(s)
    assert rawcode("AHbz") in a.abilities and b.abilities is NO_ENTRIES
    assert 9 in a.added_types and b.added_types is NO_MEMBERS   # UNIT_TYPE_GIANT
    assert a.waygate["active"] and not b.waygate["active"]
    own(b, "cargo").append(a)
    assert b.cargo == [a] and a.cargo == () and Unit.cargo == ()


def test_a_write_that_bypasses_own_fails_instead_of_changing_every_unit():
    s = jass_session(SCRIPT)
    _, b = _units(s)
    with pytest.raises(TypeError):
        b.buffs[1] = None
    with pytest.raises(AttributeError):
        b.orders.append(None)
    with pytest.raises(AttributeError):
        b.permanent_abilities.add(1)
    with pytest.raises(TypeError):
        b.waygate["active"] = True
    assert Unit.buffs == {} and Unit.orders == () and not Unit.waygate["active"]


def test_a_mutable_class_level_default_is_refused_when_the_class_is_made():
    with pytest.raises(TypeError, match="immutable"):
        class Bad(Handle):
            __slots__ = ("__dict__",)
            names: list = []       # noqa: RUF012  (the mistake the check catches)
    class Good(Handle):
        __slots__ = ("__dict__",)
        names: tuple = ()
        table: MappingProxyType = NO_ENTRIES
    assert Good().names == ()


def test_defaults_and_own_containers_survive_a_save():
    s = jass_session(SCRIPT)
    digest = state_digest(s)
    restored = reload(s)
    assert state_digest(restored) == digest
    a, b = _units(restored)
    assert b.abilities is NO_ENTRIES and vars(b) == {}     # still the shared default
    assert rawcode("AHbz") in a.abilities and type(a.abilities) is dict
    own(a, "abilities")[rawcode("AHtb")] = 1                # still its own, mutable
    assert rawcode("AHtb") not in b.abilities


SLEEPER = """
function Sleeper takes nothing returns nothing
    call TriggerSleepAction(1.0)
    call P("woke " + I2S(GetHandleId(GetTriggeringTrigger())))
endfunction
function main takes nothing returns nothing
endfunction
"""


def test_a_thread_without_context_shares_the_read_only_empty_response():
    # issue 16 (at most 1 KiB per thread): a sleeping thread that was given no event
    # context holds the shared NO_RESPONSE and the shared empty action tuple
    s = jass_session(SLEEPER)
    th = s.vm.start_thread([s.program.functions["Sleeper"]], "action", None)
    assert th.status == "sleeping" and th.response is NO_RESPONSE and th.actions == ()
    with pytest.raises(AttributeError, match="NO_RESPONSE"):
        NO_RESPONSE.trigger_unit = None
    copy = NO_RESPONSE.copy(trigger_unit=None)
    copy.issued_order_id = 851971    # a copy is writable
    assert vars(NO_RESPONSE) == {}
    restored = reload(s)
    assert restored.vm.threads[th.id].response is NO_RESPONSE   # a shared constant in saves
    restored.advance(2.0)
    assert seen(restored) == ["woke 0"]     # GetTriggeringTrigger() is null: GetHandleId 0


CANONICAL = """
function main takes nothing returns nothing
    local unit u = CreateUnit(Player(0), 'hfoo', 0.0, 0.0, 0.0)
    if udg_history then
        call SetUnitInvulnerable(u, true)    // a rare field set, then back to its default
        call SetUnitInvulnerable(u, false)
        call UnitAddType(u, ConvertUnitType(9))      // UNIT_TYPE_GIANT: filled ...
        call UnitRemoveType(u, ConvertUnitType(9))   // ... and emptied (removed_types filled)
    endif
endfunction
"""


def _canonical_pair():
    fresh = jass_session("globals\n    boolean udg_history = false\nendglobals\n" + CANONICAL)
    lived = jass_session("globals\n    boolean udg_history = true\nendglobals\n" + CANONICAL)
    lived.vm.write_global("udg_history", False)
    lived.vm.total_ops = fresh.vm.total_ops     # the one counter of how much code ran
    return fresh, lived


def test_the_digest_is_of_the_state_not_of_how_it_was_reached():
    # issue 16: a container filled then emptied, a field set back to its default, read as
    # the shared default does, so they save (and digest) the same as in a fresh game
    fresh, lived = _canonical_pair()
    (u,), (v,) = fresh.game.units.units.values(), lived.game.units.units.values()
    own(v, "removed_types").clear()
    assert vars(v) and not vars(u)                    # the same state, by different histories
    assert state_digest(lived) == state_digest(fresh)
    for name in field_names(v):                       # every container field of a unit
        default = getattr(Unit, name, None)
        if type(default) in (MappingProxyType, tuple, frozenset) and not default:
            own(v, name).clear()
    assert state_digest(lived) == state_digest(fresh)
    restored = reload(lived)
    (w,) = restored.game.units.units.values()
    assert vars(w) == {} and w.removed_types is NO_MEMBERS and state_digest(restored) == state_digest(fresh)
