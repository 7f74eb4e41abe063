"""Game cache natives and the campaign store: S136-S140, conformance 074-075, sandboxing."""
from __future__ import annotations

import json
import math
import re

import pytest

import natives.gamecache  # noqa: F401  (registers the natives)
from conftest import shared_path
from fakectx import FakeCtx
from natives.gamecache import GameCacheStore, check_cache_name
from natives.handles import FIRST_AGENT_ID, own
from natives.registry import NATIVES


def make_ctx(sandbox=None, store: GameCacheStore | None = None) -> FakeCtx:
    """The shared fake context (a real ``Game`` whose game caches may write to ``sandbox``)."""
    ctx = FakeCtx(sandbox_dir=str(sandbox) if sandbox is not None else None)
    if store is not None:
        ctx.game.gamecache = store
    return ctx


def call(ctx, name, *args):
    return NATIVES[name].func(ctx, *args)


@pytest.fixture
def sandbox(tmp_path):
    box = tmp_path / "run" / "gamecache"
    box.mkdir(parents=True)
    return box


# -- conformance 074 / 075, S136 ----------------------------------------------------------------

def test_conformance_074_defaults():
    ctx = make_ctx()
    gc = call(ctx, "InitGameCache", "conformance-gc-defaults.w3v")
    assert call(ctx, "GetStoredInteger", gc, "m", "missing") == 0
    assert call(ctx, "GetStoredReal", gc, "m", "missing") == 0.0
    assert call(ctx, "GetStoredBoolean", gc, "m", "missing") is False
    assert call(ctx, "GetStoredString", gc, "m", "missing") == ""
    for kind in ("Integer", "Real", "Boolean", "String", "Unit"):
        assert call(ctx, f"HaveStored{kind}", gc, "m", "missing") is False


def test_conformance_075_store_and_read_back():
    ctx = make_ctx()
    gc = call(ctx, "InitGameCache", "conformance-gc-store.w3v")
    call(ctx, "StoreInteger", gc, "mission", "gold", 500)
    assert call(ctx, "GetStoredInteger", gc, "mission", "gold") == 500
    assert call(ctx, "HaveStoredInteger", gc, "mission", "gold") is True
    assert call(ctx, "StoreString", gc, "mission", "name", "hero") is True
    assert call(ctx, "GetStoredString", gc, "mission", "name") == "hero"
    # StoreIntegerBJ(7, "key", "mkey", gc) is StoreInteger(gc, "mkey", "key", 7) in Blizzard.j
    call(ctx, "StoreInteger", gc, "mkey", "key", 7)
    assert call(ctx, "GetStoredInteger", gc, "mkey", "key") == 7
    assert call(ctx, "GetStoredInteger", gc, "key", "mkey") == 0


def test_each_type_has_its_own_slot():
    ctx = make_ctx()
    gc = call(ctx, "InitGameCache", "slots.w3v")
    call(ctx, "StoreInteger", gc, "m", "k", 3)
    assert not call(ctx, "HaveStoredReal", gc, "m", "k")
    assert not call(ctx, "HaveStoredString", gc, "m", "k")
    call(ctx, "StoreReal", gc, "m", "k", 1.5)
    call(ctx, "StoreBoolean", gc, "m", "k", True)
    call(ctx, "StoreString", gc, "m", "k", "s")
    assert [call(ctx, f"GetStored{t}", gc, "m", "k") for t in ("Integer", "Real", "Boolean", "String")] \
        == [3, 1.5, True, "s"]
    call(ctx, "FlushStoredReal", gc, "m", "k")
    assert not call(ctx, "HaveStoredReal", gc, "m", "k")
    assert call(ctx, "GetStoredInteger", gc, "m", "k") == 3


def test_keys_are_exact_and_null_keys_act_as_empty():
    ctx = make_ctx()
    gc = call(ctx, "InitGameCache", "keys.w3v")
    call(ctx, "StoreInteger", gc, "M", "K", 1)
    assert call(ctx, "GetStoredInteger", gc, "m", "k") == 0
    call(ctx, "StoreInteger", gc, None, None, 9)
    assert call(ctx, "GetStoredInteger", gc, "", "") == 9


def test_null_string_is_stored_as_empty():
    ctx = make_ctx()
    gc = call(ctx, "InitGameCache", "s.w3v")
    call(ctx, "StoreString", gc, "m", "k", "x")
    assert call(ctx, "StoreString", gc, "m", "k", None) is True
    assert call(ctx, "HaveStoredString", gc, "m", "k")
    assert call(ctx, "GetStoredString", gc, "m", "k") == ""


def test_flush_mission_and_flush_cache():
    ctx = make_ctx()
    gc = call(ctx, "InitGameCache", "f.w3v")
    call(ctx, "StoreInteger", gc, "a", "k", 1)
    call(ctx, "StoreString", gc, "a", "s", "x")
    call(ctx, "StoreInteger", gc, "b", "k", 2)
    call(ctx, "FlushStoredMission", gc, "a")
    assert not call(ctx, "HaveStoredInteger", gc, "a", "k")
    assert not call(ctx, "HaveStoredString", gc, "a", "s")
    assert call(ctx, "GetStoredInteger", gc, "b", "k") == 2
    call(ctx, "FlushGameCache", gc)
    assert not call(ctx, "HaveStoredInteger", gc, "b", "k")
    call(ctx, "StoreInteger", gc, "b", "k", 4)              # the handle stays usable
    assert call(ctx, "GetStoredInteger", gc, "b", "k") == 4


def test_null_cache_reads_defaults_and_ignores_writes():
    ctx = make_ctx()
    call(ctx, "StoreInteger", None, "m", "k", 1)
    assert call(ctx, "StoreString", None, "m", "k", "x") is False
    assert call(ctx, "GetStoredInteger", None, "m", "k") == 0
    assert call(ctx, "GetStoredString", None, "m", "k") == ""
    assert call(ctx, "HaveStoredInteger", None, "m", "k") is False
    assert call(ctx, "SaveGameCache", None) is False
    call(ctx, "FlushGameCache", None)
    call(ctx, "FlushStoredMission", None, "m")
    call(ctx, "FlushStoredString", None, "m", "k")


def test_s140_sync_natives_apply_immediately_in_single_player():
    ctx = make_ctx()
    gc = call(ctx, "InitGameCache", "sync.w3v")
    call(ctx, "StoreInteger", gc, "m", "k", 5)
    for kind in ("Integer", "Real", "Boolean", "Unit", "String"):
        assert call(ctx, f"SyncStored{kind}", gc, "m", "k") is None
    assert call(ctx, "GetStoredInteger", gc, "m", "k") == 5


# -- handles and the limit -----------------------------------------------------------------------

def test_same_name_returns_the_same_cache_handle():
    ctx = make_ctx()
    a = call(ctx, "InitGameCache", "Camp.w3v")
    call(ctx, "StoreInteger", a, "m", "k", 1)
    b = call(ctx, "InitGameCache", "Camp.w3v")
    assert b is a and call(ctx, "GetStoredInteger", b, "m", "k") == 1
    c = call(ctx, "InitGameCache", "Other.w3v")
    assert c is not a
    assert a.type_name == "gamecache" and a.handle_id >= FIRST_AGENT_ID


def test_the_games_store_allocates_from_the_game_handle_table():
    ctx = make_ctx()
    assert ctx.game.gamecache.handles is ctx.game.handles
    assert call(ctx, "InitGameCache", "x.w3v").handle_id >= FIRST_AGENT_ID


def test_s134_at_most_255_distinct_caches_and_repeats_count_once():
    ctx = make_ctx()
    caches = [call(ctx, "InitGameCache", f"c{i}.w3v") for i in range(255)]
    assert all(c is not None for c in caches)
    assert call(ctx, "InitGameCache", "c0.w3v") is caches[0]
    assert call(ctx, "InitGameCache", "one-too-many.w3v") is None
    assert ctx.warnings


# -- S137/S138 persistence across missions ---------------------------------------------------------

def mission(sandbox):
    return make_ctx(sandbox)


def test_s138_values_persist_only_after_save_game_cache():
    m1 = make_ctx()
    gc = call(m1, "InitGameCache", "MyCampaign.w3v")
    call(m1, "StoreInteger", gc, "m", "gold", 500)
    call(m1, "StoreInteger", gc, "m", "lumber", 200)
    carried = json.loads(json.dumps(m1.game.gamecache.export()))
    m2 = make_ctx()
    m2.game.gamecache.import_(carried)
    gc2 = call(m2, "InitGameCache", "MyCampaign.w3v")
    assert call(m2, "GetStoredInteger", gc2, "m", "gold") == 0

    assert call(m1, "SaveGameCache", gc) is True
    call(m1, "StoreInteger", gc, "m", "lumber", 999)            # after the save: not carried
    carried = json.loads(json.dumps(m1.game.gamecache.export()))
    m3 = make_ctx()
    m3.game.gamecache.import_(carried)
    gc3 = call(m3, "InitGameCache", "MyCampaign.w3v")
    assert call(m3, "GetStoredInteger", gc3, "m", "gold") == 500
    assert call(m3, "GetStoredInteger", gc3, "m", "lumber") == 200


def test_s137_a_shared_sandbox_carries_saved_caches_to_the_next_mission(sandbox):
    m1 = mission(sandbox)
    gc = call(m1, "InitGameCache", "MyCampaign.w3v")
    call(m1, "StoreString", gc, "hero", "name", "Arthas")
    call(m1, "StoreBoolean", gc, "hero", "alive", True)
    assert call(m1, "SaveGameCache", gc)
    assert sorted(p.name for p in sandbox.iterdir()) == ["MyCampaign.w3v.json"]
    m2 = mission(sandbox)
    gc2 = call(m2, "InitGameCache", "MyCampaign.w3v")
    assert call(m2, "GetStoredString", gc2, "hero", "name") == "Arthas"
    assert call(m2, "GetStoredBoolean", gc2, "hero", "alive") is True


def test_export_import_round_trips_every_value_kind(sandbox):
    m1 = mission(sandbox)
    gc = call(m1, "InitGameCache", "All.w3v")
    call(m1, "StoreInteger", gc, "m", "i", -2147483648)
    call(m1, "StoreReal", gc, "m", "r", 0.1)
    call(m1, "StoreReal", gc, "m", "nan", float("nan"))
    call(m1, "StoreReal", gc, "m", "inf", float("-inf"))
    call(m1, "StoreBoolean", gc, "m", "b", False)
    call(m1, "StoreString", gc, "m", "s", "ünï\udcff")      # undecodable byte kept as surrogate
    call(m1, "SaveGameCache", gc)
    text = json.dumps(m1.game.gamecache.export())
    m2 = make_ctx()
    m2.game.gamecache.import_(json.loads(text))
    g = call(m2, "InitGameCache", "All.w3v")
    assert call(m2, "GetStoredInteger", g, "m", "i") == -2147483648
    assert call(m2, "GetStoredReal", g, "m", "r") == 0.1
    assert math.isnan(call(m2, "GetStoredReal", g, "m", "nan"))
    assert call(m2, "GetStoredReal", g, "m", "inf") == float("-inf")
    assert call(m2, "HaveStoredBoolean", g, "m", "b") and not call(m2, "GetStoredBoolean", g, "m", "b")
    assert call(m2, "GetStoredString", g, "m", "s") == "ünï\udcff"
    m3 = mission(sandbox)                                   # the sandbox file reads back too
    g3 = call(m3, "InitGameCache", "All.w3v")
    assert call(m3, "GetStoredString", g3, "m", "s") == "ünï\udcff"
    assert math.isnan(call(m3, "GetStoredReal", g3, "m", "nan"))


def test_import_writes_into_the_sandbox_so_reload_keeps_it(sandbox):
    store = GameCacheStore(None)
    ctx = make_ctx(store=store)
    gc = call(ctx, "InitGameCache", "C.w3v")
    call(ctx, "StoreInteger", gc, "m", "k", 3)
    call(ctx, "SaveGameCache", gc)
    m2 = mission(sandbox)
    m2.game.gamecache.import_(store.export())
    assert (sandbox / "C.w3v.json").is_file()
    g2 = call(m2, "InitGameCache", "C.w3v")
    assert call(m2, "ReloadGameCachesFromDisk") is True
    assert call(m2, "GetStoredInteger", g2, "m", "k") == 3


@pytest.mark.parametrize("bad", [
    "not a dict",
    {"format": "other", "version": 1, "caches": {}},
    {"format": "jassvm-gamecache", "version": 99, "caches": {}},
    {"format": "jassvm-gamecache", "version": 1, "caches": []},
    {"format": "jassvm-gamecache", "version": 1, "caches": {"../x.w3v": {}}},
    {"format": "jassvm-gamecache", "version": 1, "caches": {"ok.w3v": {"m": {"integer": {"k": 2**40}}}}},
    {"format": "jassvm-gamecache", "version": 1, "caches": {"ok.w3v": {"m": {"integer": {"k": True}}}}},
    {"format": "jassvm-gamecache", "version": 1, "caches": {"ok.w3v": {"m": {"weird": {}}}}},
    {"format": "jassvm-gamecache", "version": 1, "caches": {"ok.w3v": {"m": {"real": {"k": "x"}}}}},
    {"format": "jassvm-gamecache", "version": 1,
     "caches": {"good.w3v": {"m": {"integer": {"k": 1}}}, "bad.w3v": {"m": {"string": {"k": 1}}}}},
])
def test_import_is_all_or_nothing(bad, sandbox):
    ctx = mission(sandbox)
    with pytest.raises(ValueError):
        ctx.game.gamecache.import_(bad)
    assert ctx.game.gamecache.saved == {}
    assert list(sandbox.iterdir()) == []


# -- sandboxing ----------------------------------------------------------------------------------------

ESCAPES = ["../escape.w3v", "..\\escape.w3v", "/tmp/abs.w3v", "C:\\evil.w3v", "C:evil.w3v",
           "sub/dir.w3v", "..", ".", "", "a\x00b.w3v", "trail.", "trail ", "CON", "nul.w3v",
           "x" * 300, "bad\udcff.w3v", "a..b", "\\\\server\\share\\x.w3v"]


@pytest.mark.parametrize("name", ESCAPES)
def test_names_that_could_escape_the_sandbox_are_refused(name, sandbox):
    ctx = mission(sandbox)
    before = sorted(p for p in sandbox.parent.parent.rglob("*"))
    gc = call(ctx, "InitGameCache", name)
    call(ctx, "StoreInteger", gc, "m", "k", 1)
    assert call(ctx, "SaveGameCache", gc) is False
    assert ctx.warnings and "refused" in ctx.warnings[-1]
    assert sorted(p for p in sandbox.parent.parent.rglob("*")) == before
    assert check_cache_name(name) is not None


@pytest.mark.parametrize("name", ["MyCampaign.w3v", "Kampagne ü.w3v", "h01", "a.b.c", "x-1_2"])
def test_ordinary_names_are_accepted(name, sandbox):
    ctx = mission(sandbox)
    gc = call(ctx, "InitGameCache", name)
    assert call(ctx, "SaveGameCache", gc) is True
    assert [p.name for p in sandbox.iterdir()] == [name + ".json"]


def test_saving_without_a_sandbox_keeps_the_campaign_store_in_memory(tmp_path):
    ctx = make_ctx()
    gc = call(ctx, "InitGameCache", "mem.w3v")
    call(ctx, "StoreInteger", gc, "m", "k", 1)
    assert call(ctx, "SaveGameCache", gc) is True
    assert ctx.game.gamecache.saved["mem.w3v"] == {"m": {"integer": {"k": 1}}}


def test_a_symlinked_cache_file_is_replaced_not_followed(sandbox, tmp_path):
    outside = tmp_path / "outside.txt"
    outside.write_text("keep")
    (sandbox / "link.w3v.json").symlink_to(outside)
    ctx = mission(sandbox)
    assert any("link.w3v.json" in w for w in ctx.game.gamecache.warnings)
    gc = call(ctx, "InitGameCache", "link.w3v")
    assert call(ctx, "SaveGameCache", gc) is True
    assert outside.read_text() == "keep"
    assert not (sandbox / "link.w3v.json").is_symlink()


# -- ReloadGameCachesFromDisk ---------------------------------------------------------------------------

def test_reload_resets_live_caches_to_the_saved_copy(sandbox):
    ctx = mission(sandbox)
    gc = call(ctx, "InitGameCache", "R.w3v")
    call(ctx, "StoreInteger", gc, "m", "k", 1)
    call(ctx, "SaveGameCache", gc)
    call(ctx, "StoreInteger", gc, "m", "k", 2)
    call(ctx, "StoreInteger", gc, "m", "new", 3)
    unsaved = call(ctx, "InitGameCache", "Unsaved.w3v")
    call(ctx, "StoreInteger", unsaved, "m", "k", 4)
    assert call(ctx, "ReloadGameCachesFromDisk") is True
    assert call(ctx, "GetStoredInteger", gc, "m", "k") == 1
    assert not call(ctx, "HaveStoredInteger", gc, "m", "new")
    assert not call(ctx, "HaveStoredInteger", unsaved, "m", "k")


def test_reload_reports_unreadable_files_and_keeps_the_rest(sandbox):
    ctx = mission(sandbox)
    gc = call(ctx, "InitGameCache", "Good.w3v")
    call(ctx, "StoreInteger", gc, "m", "k", 1)
    call(ctx, "SaveGameCache", gc)
    (sandbox / "Broken.w3v.json").write_text("{not json")
    (sandbox / "Renamed.w3v.json").write_text((sandbox / "Good.w3v.json").read_text())
    assert call(ctx, "ReloadGameCachesFromDisk") is False
    assert len(ctx.warnings) == 2
    assert call(ctx, "GetStoredInteger", gc, "m", "k") == 1
    assert set(ctx.game.gamecache.saved) == {"Good.w3v"}


def test_files_in_the_sandbox_are_json_not_pickle(sandbox):
    ctx = mission(sandbox)
    gc = call(ctx, "InitGameCache", "J.w3v")
    call(ctx, "StoreReal", gc, "m", "r", 2.5)
    call(ctx, "SaveGameCache", gc)
    record = json.loads((sandbox / "J.w3v.json").read_text())
    assert record["name"] == "J.w3v"
    assert record["missions"] == {"m": {"real": {"r": 2.5}}}


# -- signatures ------------------------------------------------------------------------------------------

def _common_j_natives() -> dict[str, str]:
    out = {}
    common_j = shared_path("corpus", "api", "1.30.4", "common.j")
    for line in common_j.read_text(errors="replace").splitlines():
        m = re.match(r"\s*(?:constant\s+)?native\s+(\w+)\s+(takes\s.*?returns\s+\w+)", line)
        if m:
            out[m.group(1)] = " ".join(m.group(2).split())
    return out


def test_every_registered_gamecache_native_has_the_common_j_signature():
    declared = _common_j_natives()
    mine = {n: s for n, s in NATIVES.items() if s.func.__module__ == "natives.gamecache"}
    for name, spec in mine.items():
        params = ", ".join(f"{t} {p}" for t, p in spec.params) or "nothing"
        assert declared[name] == f"takes {params} returns {spec.returns}", name
    gamecache_natives = {n for n, sig in declared.items()
                         if "gamecache" in sig or n in ("ReloadGameCachesFromDisk",)}
    assert set(mine) == gamecache_natives


# -- S139 StoreUnit / RestoreUnit --------------------------------------------------------------------

def unit_ctx():
    return make_ctx()


def rc(code: str) -> int:
    return int.from_bytes(code.encode(), "big")


def test_s139_store_unit_and_restore_unit_carry_a_hero_to_the_next_mission():
    m1 = unit_ctx()
    units = m1.game.units
    p0 = m1.game.players.slots[0]
    hero = units.create_unit(p0, rc("Hpal"), 0.0, 0.0, 0.0)
    units.set_hero_level(hero, 4)
    hero.hero.xp += 10
    hero.hero.bonus["str"] = 3
    hero.proper_name = "Sir Test"
    own(hero, "abilities")[rc("AHhb")] = 2
    potion = units.create_item(rc("phea"), 0.0, 0.0)
    potion.charges = 2
    potion.droppable = False
    assert units.give_item(hero, potion, 2)
    units.set_life(hero, 200.0)
    gc = call(m1, "InitGameCache", "Camp.w3v")
    assert call(m1, "StoreUnit", gc, "heroes", "paladin", hero) is True
    assert call(m1, "HaveStoredUnit", gc, "heroes", "paladin") is True
    assert not call(m1, "HaveStoredInteger", gc, "heroes", "paladin")
    assert call(m1, "SaveGameCache", gc)
    carried = json.loads(json.dumps(m1.game.gamecache.export()))

    m2 = unit_ctx()
    m2.game.gamecache.import_(carried)
    gc2 = call(m2, "InitGameCache", "Camp.w3v")
    p3 = m2.game.players.slots[3]
    u = call(m2, "RestoreUnit", gc2, "heroes", "paladin", p3, 512.0, 256.0, 90.0)
    assert u is not None and u.type_id == rc("Hpal") and u.owner is p3
    assert (u.x, u.y, u.facing) == (512.0, 256.0, 90.0)
    assert (u.hero.level, u.hero.xp, u.hero.skill_points) == (
        hero.hero.level, hero.hero.xp, hero.hero.skill_points)
    assert u.hero.base == hero.hero.base and u.hero.bonus == hero.hero.bonus
    assert u.proper_name == "Sir Test"
    assert u.abilities == hero.abilities
    assert (u.life, u.max_life, u.mana, u.max_mana) == (
        hero.life, hero.max_life, hero.mana, hero.max_mana)
    restored = u.inventory[2]
    assert restored is not None and restored.type_id == rc("phea")
    assert restored.charges == 2 and restored.droppable is False
    assert [i for i, it in enumerate(u.inventory) if it is not None] == [2]


def test_restore_unit_creates_a_new_unit_each_time():
    ctx = unit_ctx()
    p0 = ctx.game.players.slots[0]
    foot = ctx.game.units.create_unit(p0, rc("hfoo"), 0.0, 0.0, 0.0)
    gc = call(ctx, "InitGameCache", "U.w3v")
    call(ctx, "StoreUnit", gc, "m", "k", foot)
    a = call(ctx, "RestoreUnit", gc, "m", "k", p0, 100.0, 0.0, 0.0)
    b = call(ctx, "RestoreUnit", gc, "m", "k", p0, -100.0, 0.0, 0.0)
    assert a is not foot and b is not a and a.handle_id != b.handle_id
    assert a.hero is None and a.type_id == rc("hfoo")


def test_s136_restore_unit_of_a_missing_key_is_null():
    ctx = unit_ctx()
    gc = call(ctx, "InitGameCache", "U.w3v")
    p0 = ctx.game.players.slots[0]
    assert call(ctx, "RestoreUnit", gc, "m", "missing", p0, 0.0, 0.0, 0.0) is None
    assert call(ctx, "RestoreUnit", None, "m", "missing", p0, 0.0, 0.0, 0.0) is None


def test_store_unit_of_null_or_removed_unit_stores_nothing():
    ctx = unit_ctx()
    gc = call(ctx, "InitGameCache", "U.w3v")
    assert call(ctx, "StoreUnit", gc, "m", "k", None) is False
    u = ctx.game.units.create_unit(ctx.game.players.slots[0], rc("hfoo"), 0.0, 0.0, 0.0)
    ctx.game.units.remove_unit(u)
    assert call(ctx, "StoreUnit", gc, "m", "k", u) is False
    assert not call(ctx, "HaveStoredUnit", gc, "m", "k")


def test_flush_stored_unit_and_null_player():
    ctx = unit_ctx()
    p0 = ctx.game.players.slots[0]
    gc = call(ctx, "InitGameCache", "U.w3v")
    call(ctx, "StoreUnit", gc, "m", "k", ctx.game.units.create_unit(p0, rc("hfoo"), 0.0, 0.0, 0.0))
    assert call(ctx, "RestoreUnit", gc, "m", "k", None, 0.0, 0.0, 0.0) is None
    call(ctx, "FlushStoredUnit", gc, "m", "k")
    assert not call(ctx, "HaveStoredUnit", gc, "m", "k")
    assert call(ctx, "RestoreUnit", gc, "m", "k", p0, 0.0, 0.0, 0.0) is None


def test_a_malformed_imported_unit_snapshot_restores_null_with_a_warning():
    ctx = unit_ctx()
    ctx.game.gamecache.import_({"format": "jassvm-gamecache", "version": 1,
                                "caches": {"U.w3v": {"m": {"unit": {"k": {"type": "hfoo"}}}}}})
    gc = call(ctx, "InitGameCache", "U.w3v")
    before = len(ctx.game.units.units)
    assert call(ctx, "RestoreUnit", gc, "m", "k", ctx.game.players.slots[0], 0.0, 0.0, 0.0) is None
    assert ctx.warnings and len(ctx.game.units.units) == before


def test_save_game_cache_records_a_timeline_entry(sandbox):
    ctx = make_ctx(sandbox)
    gc = call(ctx, "InitGameCache", "T.w3v")
    assert call(ctx, "SaveGameCache", gc)
    entries = [(kind, data) for _, kind, data in ctx.game.timeline if kind == "gamecache_saved"]
    assert entries == [("gamecache_saved", {"name": "T.w3v", "path": "T.w3v.json"})]
    bad = call(ctx, "InitGameCache", "../T.w3v")
    assert not call(ctx, "SaveGameCache", bad)
    assert len([1 for _, kind, _ in ctx.game.timeline if kind == "gamecache_saved"]) == 1
