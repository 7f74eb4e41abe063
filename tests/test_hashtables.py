"""Hashtable natives: S130-S135 and conformance cases 071-073."""
from __future__ import annotations

import re

import pytest

import natives.hashtables  # noqa: F401  (registers the natives)
from conftest import shared_path
from fakectx import FakeCtx
from natives.handles import FIRST_AGENT_ID, Handle, enum_handle
from natives.hashtables import is_instance_of
from natives.registry import NATIVES


class Obj(Handle):
    def __init__(self, type_name: str):
        super().__init__()
        self.type_name = type_name


def call(ctx, name, *args):
    return NATIVES[name].func(ctx, *args)


@pytest.fixture
def ctx():
    return FakeCtx()


def new_obj(ctx, type_name):
    return ctx.game.handles.allocate(Obj(type_name))


# -- S130 defaults, conformance 071 ---------------------------------------------------------------

def test_conformance_071_defaults(ctx):
    ht = call(ctx, "InitHashtable")
    assert call(ctx, "LoadInteger", ht, 1, 2) == 0
    assert call(ctx, "LoadReal", ht, 1, 2) == 0.0
    assert call(ctx, "LoadBoolean", ht, 1, 2) is False
    assert call(ctx, "LoadStr", ht, 1, 2) is None
    assert call(ctx, "LoadUnitHandle", ht, 1, 2) is None
    for kind in ("Integer", "Real", "Boolean", "String", "Handle"):
        assert call(ctx, f"HaveSaved{kind}", ht, 1, 2) is False


def test_hashtable_is_an_agent_handle(ctx):
    ht = call(ctx, "InitHashtable")
    assert ht.type_name == "hashtable" and ht.handle_id >= FIRST_AGENT_ID
    assert call(ctx, "InitHashtable").handle_id == ht.handle_id + 1


def test_the_games_store_allocates_from_the_game_handle_table():
    ctx = FakeCtx()
    assert ctx.game.hashtables.handles is ctx.game.handles
    ht = call(ctx, "InitHashtable")
    assert ht.handle_id >= FIRST_AGENT_ID
    t = new_obj(ctx, "timer")
    call(ctx, "SaveTimerHandle", ht, 0, 0, t)
    assert t.refs == 1


# -- conformance 072 -----------------------------------------------------------------------------

def test_conformance_072_save_flush_remove(ctx):
    ht = call(ctx, "InitHashtable")
    call(ctx, "SaveInteger", ht, 1, 2, 42)
    call(ctx, "SaveInteger", ht, 1, -3, 7)
    call(ctx, "SaveInteger", ht, 5, 2, 99)
    assert (call(ctx, "LoadInteger", ht, 1, 2), call(ctx, "HaveSavedInteger", ht, 1, 2)) == (42, True)
    assert (call(ctx, "LoadInteger", ht, 1, -3), call(ctx, "HaveSavedInteger", ht, 1, -3)) == (7, True)
    call(ctx, "FlushChildHashtable", ht, 1)
    assert (call(ctx, "LoadInteger", ht, 1, 2), call(ctx, "HaveSavedInteger", ht, 1, 2)) == (0, False)
    assert call(ctx, "LoadInteger", ht, 5, 2) == 99
    call(ctx, "RemoveSavedInteger", ht, 5, 2)
    assert (call(ctx, "LoadInteger", ht, 5, 2), call(ctx, "HaveSavedInteger", ht, 5, 2)) == (0, False)


def test_flush_child_drops_every_type_under_the_parent(ctx):
    ht = call(ctx, "InitHashtable")
    u = new_obj(ctx, "unit")
    call(ctx, "SaveReal", ht, 1, 1, 1.5)
    call(ctx, "SaveBoolean", ht, 1, 2, True)
    call(ctx, "SaveStr", ht, 1, 3, "x")
    call(ctx, "SaveUnitHandle", ht, 1, 4, u)
    call(ctx, "SaveStr", ht, 2, 3, "kept")
    call(ctx, "FlushChildHashtable", ht, 1)
    assert call(ctx, "LoadReal", ht, 1, 1) == 0.0 and not call(ctx, "HaveSavedReal", ht, 1, 1)
    assert not call(ctx, "HaveSavedBoolean", ht, 1, 2)
    assert call(ctx, "LoadStr", ht, 1, 3) is None and not call(ctx, "HaveSavedString", ht, 1, 3)
    assert call(ctx, "LoadUnitHandle", ht, 1, 4) is None
    assert call(ctx, "LoadStr", ht, 2, 3) == "kept"


def test_flush_parent_drops_everything_and_the_table_stays_usable(ctx):
    ht = call(ctx, "InitHashtable")
    for p in range(3):
        call(ctx, "SaveInteger", ht, p, p, p + 1)
    call(ctx, "FlushParentHashtable", ht)
    assert all(not call(ctx, "HaveSavedInteger", ht, p, p) for p in range(3))
    assert len(ht) == 0
    call(ctx, "SaveInteger", ht, 0, 0, 5)
    assert call(ctx, "LoadInteger", ht, 0, 0) == 5


# -- per-type storage separation ----------------------------------------------------------------

def test_each_type_has_its_own_slot_under_the_same_keys(ctx):
    ht = call(ctx, "InitHashtable")
    call(ctx, "SaveInteger", ht, 1, 2, 7)
    assert call(ctx, "LoadReal", ht, 1, 2) == 0.0
    assert not call(ctx, "HaveSavedReal", ht, 1, 2)
    assert not call(ctx, "HaveSavedBoolean", ht, 1, 2)
    assert not call(ctx, "HaveSavedString", ht, 1, 2)
    assert not call(ctx, "HaveSavedHandle", ht, 1, 2)
    call(ctx, "SaveReal", ht, 1, 2, 2.5)
    call(ctx, "SaveBoolean", ht, 1, 2, True)
    call(ctx, "SaveStr", ht, 1, 2, "s")
    call(ctx, "SaveUnitHandle", ht, 1, 2, new_obj(ctx, "unit"))
    assert call(ctx, "LoadInteger", ht, 1, 2) == 7
    assert call(ctx, "LoadReal", ht, 1, 2) == 2.5
    assert call(ctx, "LoadBoolean", ht, 1, 2) is True
    assert call(ctx, "LoadStr", ht, 1, 2) == "s"
    call(ctx, "RemoveSavedReal", ht, 1, 2)
    assert call(ctx, "LoadInteger", ht, 1, 2) == 7 and not call(ctx, "HaveSavedReal", ht, 1, 2)
    assert call(ctx, "HaveSavedHandle", ht, 1, 2)


def test_tables_are_independent(ctx):
    a, b = call(ctx, "InitHashtable"), call(ctx, "InitHashtable")
    call(ctx, "SaveInteger", a, 1, 1, 1)
    assert not call(ctx, "HaveSavedInteger", b, 1, 1)


def test_int32_keys_extremes(ctx):
    ht = call(ctx, "InitHashtable")
    call(ctx, "SaveInteger", ht, -2147483648, 2147483647, 3)
    assert call(ctx, "LoadInteger", ht, -2147483648, 2147483647) == 3
    assert call(ctx, "LoadInteger", ht, 2147483647, -2147483648) == 0


# -- S131 null strings ---------------------------------------------------------------------------

def test_s131_saving_a_null_string_counts_as_saved(ctx):
    ht = call(ctx, "InitHashtable")
    assert call(ctx, "SaveStr", ht, 1, 1, "x") is True
    assert call(ctx, "SaveStr", ht, 1, 1, None) is True
    assert call(ctx, "HaveSavedString", ht, 1, 1) is True
    assert call(ctx, "LoadStr", ht, 1, 1) is None
    call(ctx, "RemoveSavedString", ht, 1, 1)
    assert call(ctx, "HaveSavedString", ht, 1, 1) is False


# -- S132 shared, type-checked handle slot -------------------------------------------------------

def test_s132_handles_share_one_slot_and_loads_are_type_checked(ctx):
    ht = call(ctx, "InitHashtable")
    u, it = new_obj(ctx, "unit"), new_obj(ctx, "item")
    call(ctx, "SaveUnitHandle", ht, 1, 2, u)
    assert call(ctx, "LoadUnitHandle", ht, 1, 2) is u
    assert call(ctx, "LoadItemHandle", ht, 1, 2) is None
    assert call(ctx, "LoadWidgetHandle", ht, 1, 2) is u
    call(ctx, "SaveItemHandle", ht, 1, 2, it)
    assert call(ctx, "LoadUnitHandle", ht, 1, 2) is None
    assert call(ctx, "LoadItemHandle", ht, 1, 2) is it


def test_widget_and_agent_saves_downcast_on_load(ctx):
    ht = call(ctx, "InitHashtable")
    it, t = new_obj(ctx, "item"), new_obj(ctx, "timer")
    call(ctx, "SaveWidgetHandle", ht, 1, 1, it)
    assert call(ctx, "LoadItemHandle", ht, 1, 1) is it
    call(ctx, "SaveAgentHandle", ht, 1, 2, t)
    assert call(ctx, "LoadTimerHandle", ht, 1, 2) is t
    assert call(ctx, "LoadGroupHandle", ht, 1, 2) is None
    call(ctx, "SaveBooleanExprHandle", ht, 1, 3, Obj("conditionfunc"))
    assert call(ctx, "LoadBooleanExprHandle", ht, 1, 3).type_name == "conditionfunc"


def test_enum_handles_can_be_saved(ctx):
    ht = call(ctx, "InitHashtable")
    fs = enum_handle("fogstate", 2)
    call(ctx, "SaveFogStateHandle", ht, 1, 1, fs)
    assert call(ctx, "LoadFogStateHandle", ht, 1, 1) is fs
    assert call(ctx, "LoadPlayerHandle", ht, 1, 1) is None


def test_hashtables_can_hold_hashtables(ctx):
    outer, inner = call(ctx, "InitHashtable"), call(ctx, "InitHashtable")
    call(ctx, "SaveHashtableHandle", outer, 0, 0, inner)
    assert call(ctx, "LoadHashtableHandle", outer, 0, 0) is inner


def test_is_instance_of_walks_the_common_j_hierarchy():
    assert is_instance_of(Obj("unit"), "agent")
    assert is_instance_of(Obj("filterfunc"), "boolexpr")
    assert not is_instance_of(Obj("widget"), "unit")
    assert not is_instance_of(object(), "handle")


# -- S133 null handles ---------------------------------------------------------------------------

def test_s133_saving_a_null_handle_is_a_no_op(ctx):
    ht = call(ctx, "InitHashtable")
    it = new_obj(ctx, "item")
    assert call(ctx, "SaveUnitHandle", ht, 1, 3, None) is False
    assert call(ctx, "HaveSavedHandle", ht, 1, 3) is False
    assert call(ctx, "SaveItemHandle", ht, 1, 2, it) is True
    call(ctx, "SaveUnitHandle", ht, 1, 2, None)
    assert call(ctx, "HaveSavedHandle", ht, 1, 2) is True
    assert call(ctx, "LoadItemHandle", ht, 1, 2) is it
    call(ctx, "RemoveSavedHandle", ht, 1, 2)
    assert call(ctx, "HaveSavedHandle", ht, 1, 2) is False


# -- references held by a table -------------------------------------------------------------------

def test_a_saved_handle_keeps_its_id_until_released_by_the_table(ctx):
    handles = ctx.game.handles
    ht = call(ctx, "InitHashtable")
    t = new_obj(ctx, "timer")
    call(ctx, "SaveTimerHandle", ht, 1, 1, t)
    call(ctx, "SaveTimerHandle", ht, 1, 1, t)          # re-saving does not double count
    assert t.refs == 1
    handles.destroy(t)
    assert not handles.is_free(t.handle_id)            # still reachable from the table
    assert call(ctx, "LoadTimerHandle", ht, 1, 1) is t
    call(ctx, "FlushChildHashtable", ht, 1)
    assert handles.is_free(t.handle_id)


def test_overwriting_or_removing_a_handle_releases_it(ctx):
    ht = call(ctx, "InitHashtable")
    a, b = new_obj(ctx, "unit"), new_obj(ctx, "unit")
    call(ctx, "SaveUnitHandle", ht, 0, 0, a)
    call(ctx, "SaveUnitHandle", ht, 0, 0, b)
    assert (a.refs, b.refs) == (0, 1)
    call(ctx, "RemoveSavedHandle", ht, 0, 0)
    assert b.refs == 0
    call(ctx, "SaveUnitHandle", ht, 0, 0, a)
    call(ctx, "FlushParentHashtable", ht)
    assert a.refs == 0


# -- S134 limit and null tables -------------------------------------------------------------------

def test_s134_at_most_255_hashtables():
    ctx = FakeCtx()
    assert len(ctx.game.hashtables) == 0
    tables = [call(ctx, "InitHashtable") for _ in range(255)]
    assert all(t is not None for t in tables)
    assert len({t.handle_id for t in tables}) == 255
    assert call(ctx, "InitHashtable") is None
    assert ctx.warnings


def test_null_table_reads_defaults_and_ignores_writes(ctx):
    call(ctx, "SaveInteger", None, 1, 1, 5)
    assert call(ctx, "SaveStr", None, 1, 1, "x") is False
    assert call(ctx, "SaveUnitHandle", None, 1, 1, new_obj(ctx, "unit")) is False
    assert call(ctx, "LoadInteger", None, 1, 1) == 0
    assert call(ctx, "LoadStr", None, 1, 1) is None
    assert call(ctx, "HaveSavedInteger", None, 1, 1) is False
    call(ctx, "FlushChildHashtable", None, 1)
    call(ctx, "FlushParentHashtable", None)
    call(ctx, "RemoveSavedHandle", None, 1, 1)


# -- S135 BJ key order (conformance 073, done by Blizzard.j's wrappers) ---------------------------

def test_conformance_073_bj_wrappers_store_under_missionkey_then_key(ctx):
    ht = call(ctx, "InitHashtable")
    # SaveIntegerBJ(42, key=1, missionKey=2, ht) is SaveInteger(ht, 2, 1, 42) in Blizzard.j
    call(ctx, "SaveInteger", ht, 2, 1, 42)
    assert call(ctx, "LoadInteger", ht, 2, 1) == 42
    assert call(ctx, "LoadInteger", ht, 1, 2) == 0


def test_blizzard_j_bj_wrappers_swap_keys():
    text = shared_path("corpus", "api", "1.30.4", "Blizzard.j").read_text(errors="replace")
    assert re.search(r"function SaveIntegerBJ takes integer value, integer key, integer missionKey, "
                     r"hashtable table returns nothing\s+call SaveInteger\(table, missionKey, key, value\)",
                     text)


# -- signatures --------------------------------------------------------------------------------------

def _common_j_natives() -> dict[str, str]:
    out = {}
    for api in ("1.33.0", "1.30.4"):   # 1.30.4's signatures; the 1.31+ natives from 1.33.0
        common_j = shared_path("corpus", "api", api, "common.j")
        for line in common_j.read_text(errors="replace").splitlines():
            m = re.match(r"\s*(?:constant\s+)?native\s+(\w+)\s+(takes\s.*?returns\s+\w+)", line)
            if m:
                out[m.group(1)] = " ".join(m.group(2).split())
    return out


def test_every_registered_hashtable_native_has_the_common_j_signature():
    declared = _common_j_natives()
    mine = {n: s for n, s in NATIVES.items() if s.func.__module__ == "natives.hashtables"}
    for name, spec in mine.items():
        params = ", ".join(f"{t} {p}" for t, p in spec.params) or "nothing"
        assert declared[name] == f"takes {params} returns {spec.returns}", name
    expected = {n for n in declared if re.match(
        r"(InitHashtable|Save\w+|Load\w+|HaveSaved\w+|RemoveSaved\w+|Flush\w*Hashtable)$", n)
        and n not in ("SaveGame", "LoadGame", "SaveGameCache", "SaveGameExists", "SaveGameCheckpoint")}
    assert set(mine) == expected
