"""Handles (S067-S070), enum handles (S068), the Game root, and native signatures."""
import re

import pytest

from conftest import shared_path
from fakectx import FakeCtx
from natives import (destructables, geometry, groups, handles, heroes, items, players,  # noqa: F401
                     pools, units)  # (registration)
from natives.game import DEFAULT_WORLD_BOUNDS, Game
from natives.handles import FIRST_AGENT_ID, CONVERT_NATIVES, Handle, HandleTable, enum_handle
from natives.modelevents import UnitDeath, UnitHidden
from natives.registry import NATIVES, parse_signature


class Thing(Handle):
    type_name = "location"


# -- handle table ------------------------------------------------------------------------

def test_agent_ids_start_at_0x100000():
    table = HandleTable()
    assert table.allocate(Thing()).handle_id == 0x100000 == 1048576
    assert table.allocate(Thing()).handle_id == 0x100001


def test_player_0_has_the_jassdoc_example_id():
    ctx = FakeCtx()
    assert ctx.GetHandleId(ctx.Player(0)) == 1048584
    assert ctx.GetHandleId(ctx.Player(0)) >= FIRST_AGENT_ID


def test_get_handle_id_of_null_is_zero():
    assert FakeCtx().GetHandleId(None) == 0


def test_removed_object_keeps_its_id_while_referenced():
    """S069: GetHandleId(u) after RemoveUnit is unchanged."""
    ctx = FakeCtx()
    loc = ctx.Location(1.0, 2.0)
    ctx.game.handles.retain(loc)
    hid = ctx.GetHandleId(loc)
    ctx.RemoveLocation(loc)
    assert loc.destroyed
    assert ctx.GetHandleId(loc) == hid
    assert ctx.game.handles.get(hid) is loc
    assert not ctx.game.handles.is_free(hid)


def test_id_recycled_only_when_destroyed_and_unreferenced():
    """S070: destroy + release (set to null) frees the id for the next object."""
    table = HandleTable()
    a = table.allocate(Thing())
    table.retain(a)
    table.destroy(a)
    assert not table.is_free(a.handle_id)
    assert table.allocate(Thing()).handle_id != a.handle_id
    table.release(a)
    assert table.is_free(a.handle_id)
    assert table.allocate(Thing()).handle_id == a.handle_id


def test_referenced_but_live_object_is_not_recycled_on_release():
    table = HandleTable()
    a = table.allocate(Thing())
    table.retain(a)
    table.release(a)
    assert not table.is_free(a.handle_id)
    assert table.get(a.handle_id) is a


def test_leaked_local_id_is_never_recycled():
    """S070: a local that is not nulled keeps its reference: the id leaks."""
    table = HandleTable()
    t = table.allocate(Thing())
    table.retain(t)  # local timer t = CreateTimer()
    table.destroy(t)  # DestroyTimer(t), no `set t = null`
    for _ in range(10):
        assert table.allocate(Thing()).handle_id != t.handle_id


def test_unreferenced_object_id_is_freed_at_destroy():
    table = HandleTable()
    a = table.allocate(Thing())
    table.destroy(a)
    assert table.is_free(a.handle_id)
    assert table.get(a.handle_id) is None


def test_freed_ids_are_reused_last_freed_first():
    table = HandleTable()
    a, b = table.allocate(Thing()), table.allocate(Thing())
    table.destroy(a)
    table.destroy(b)
    assert table.allocate(Thing()).handle_id == b.handle_id
    assert table.allocate(Thing()).handle_id == a.handle_id


def test_destroy_twice_and_null_are_harmless():
    table = HandleTable()
    a = table.allocate(Thing())
    assert table.destroy(a) is True
    assert table.destroy(a) is False
    assert table.destroy(None) is False
    table.retain(None)
    table.release(None)


def test_retain_release_ignore_enum_handles():
    table = HandleTable()
    e = enum_handle("race", 1)
    table.retain(e)
    table.release(e)
    assert e.refs == 0 and not table.destroy(e)


def test_live_lists_non_destroyed_objects_in_id_order():
    table = HandleTable()
    a, b, c = (table.allocate(Thing()) for _ in range(3))
    table.destroy(b)
    assert list(table.live()) == [a, c]
    assert len(table) == 2


# -- enum handles (S068) -----------------------------------------------------------------

def test_convert_handle_id_is_its_value():
    ctx = FakeCtx()
    assert ctx.GetHandleId(ctx.ConvertUnitType(1)) == 1
    assert ctx.GetHandleId(ctx.ConvertUnitType(999)) == 999


def test_convert_handles_are_shared_objects():
    ctx = FakeCtx()
    assert ctx.ConvertUnitEvent(5) is ctx.ConvertUnitEvent(5)
    assert ctx.ConvertUnitEvent(5) is not ctx.ConvertUnitEvent(6)
    assert ctx.ConvertRace(1) is not ctx.ConvertPlayerColor(1)
    assert ctx.ConvertRace(1).type_name == "race"


def test_every_convert_native_of_common_j_is_registered():
    path = shared_path("corpus", "api", "1.33.0", "common.j")
    names = set(re.findall(r"native\s+(Convert\w+)", path.read_text("latin-1")))
    old = set(re.findall(r"native\s+(Convert\w+)",
                         shared_path("corpus", "api", "1.30.4", "common.j").read_text("latin-1")))
    assert old <= names
    assert names == {n for n, _ in CONVERT_NATIVES}
    assert names <= set(NATIVES)


# -- signatures --------------------------------------------------------------------------

MINE = {"natives.handles", "natives.players", "natives.units", "natives.groups",
        "natives.geometry", "natives.heroes", "natives.items", "natives.destructables",
        "natives.pools"}


def _common_j(version):
    text = shared_path("corpus", "api", version, "common.j").read_text("latin-1")
    out = {}
    for m in re.finditer(r"^\s*(constant\s+)?native\s+(\w+)\s+(takes\s.*?returns\s+\w+)",
                         text, re.M):
        params, ret = parse_signature(" ".join(m.group(3).split()))
        out[m.group(2)] = (bool(m.group(1)), [t for t, _ in params], ret)
    return out


def test_registered_signatures_match_common_j():
    """Each native of these modules has the signature of common.j 1.30.4 (or 1.33.0 for
    natives added later, and for GroupAddUnit/GroupRemoveUnit whose 1.31+ boolean return
    conformance case 068 relies on)."""
    old, new = _common_j("1.30.4"), _common_j("1.33.0")
    bool_since_131 = {"GroupAddUnit", "GroupRemoveUnit"}
    checked = 0
    for name, spec in NATIVES.items():
        if spec.func.__module__ not in MINE:
            continue
        ref = new[name] if name in bool_since_131 or name not in old else old[name]
        assert ref == (spec.constant, [t for t, _ in spec.params], spec.returns), name
        checked += 1
    assert checked > 400


# -- Game --------------------------------------------------------------------------------

def test_game_defaults():
    game = Game()
    assert game.world_bounds == DEFAULT_WORLD_BOUNDS == (-30720.0, -30720.0, 30720.0, 30720.0)
    assert game.local_player is game.players.get(0)
    assert game.now == 0.0
    assert game.terrain_height(100.0, 100.0) == 0.0


def test_game_rejects_local_player_out_of_range():
    with pytest.raises(ValueError):
        Game(local_player=30)
    with pytest.raises(ValueError):
        Game(max_players=24)


def test_game_publish_appends_and_notifies_subscribers():
    game = Game()
    seen = []
    game.subscribers.append(seen.append)
    event = UnitHidden(unit=None, hidden=True)   # raises no JASS event
    game.publish(event)
    assert list(game.published)[-1] is event
    assert seen == [event]


def test_publishing_an_unknown_keyword_or_a_name_fails():
    """Model events are typed: a misspelt field is an error where the event is made, and
    ``publish`` takes only event instances (no more ``publish(name, **payload)``)."""
    game = Game()
    with pytest.raises(TypeError, match="kiler"):
        UnitDeath(unit=None, kiler=None)
    with pytest.raises(TypeError):
        game.publish("unit_death", unit=None, killer=None)
    with pytest.raises(TypeError, match="natives.modelevents"):
        game.publish("unit_death")
    with pytest.raises(AttributeError):
        UnitDeath(None).killer = 1   # frozen
    assert not game.published


def test_game_time_is_its_schedulers_clock():
    from jassvm.scheduler import Scheduler
    clock = Scheduler()
    clock.now = 3.5
    game = Game(scheduler=clock)
    assert game.now == 3.5
    clock.now = 7.0
    assert game.now == 7.0


def test_game_advance_runs_due_transitions_in_order():
    """Equal due times run in scheduling order (S118's sequence numbers)."""
    game = Game()
    ran = []
    game.scheduler.register("note", ran.append)
    game.schedule(2.0, "note", "b")
    game.schedule(1.0, "note", "a")
    game.schedule(2.0, "note", "c")
    game.schedule(5.0, "note", "late")
    game.advance(3.0)
    assert ran == ["a", "b", "c"]
    assert game.now == 3.0
    assert game.next_due() == 5.0


def test_game_warnings_go_to_the_given_list():
    sink = []
    game = Game(warnings=sink)
    game.warn("hello")
    assert sink and "hello" in sink[0]


def test_game_is_a_declared_structure_built_eagerly():
    """Every store is a declared field, built when the game is (issue 9: no lazily appearing
    subsystems); an undeclared name is an AttributeError."""
    from dataclasses import fields
    game = Game()
    names = [f.name for f in fields(Game)]
    assert {"handles", "players", "units", "groups", "blight", "events", "timers", "dialogs",
            "quests", "gamecache", "hashtables", "scheduler"} <= set(names)
    missing = [n for n in names if not hasattr(game, n)]
    assert missing == []
    with pytest.raises(AttributeError):
        game.not_a_store


def test_game_is_deterministic_for_a_seed():
    a, b = Game(seed=7), Game(seed=7)
    assert [a.random.random() for _ in range(3)] == [b.random.random() for _ in range(3)]
