"""Natives the corpus maps need (issue #5): variable events, localized strings, object data,
random item choice, pools, save files, game cache sync, lobby getters, unit properties,
damage, visibility and crippling. Scripts run on the built-in API (no ``../shared``)."""
from __future__ import annotations


from jassvm.loader import load_program
from natives.builtin import builtin_source
from natives.snapshot import read_save
from natives.session import GameSession, load_natives
from test_triggers import PRELUDE, jass_session, run, seen


def sandbox_session(script: str, sandbox) -> GameSession:
    """``jass_session`` with a sandbox folder (save files, game caches)."""
    head, tail = script.split("endglobals", 1) if "endglobals" in script else ("", script)
    text = (head + "endglobals\n" if head else "") + PRELUDE + tail
    sources = [("builtin.j", builtin_source()), ("test.j", text.encode())]
    session = GameSession(load_program(sources, load_natives()).program, sandbox_dir=str(sandbox))
    session.vm.run_init()
    session.vm.call("main")
    return session


# -- TriggerRegisterVariableEvent -------------------------------------------------------------

VARIABLE_SCRIPT = """
globals
    real EV = 0
    integer N = 0
endglobals
function Cond takes nothing returns boolean
    set N = N + 1
    return true
endfunction
function Act takes nothing returns nothing
    call P("act " + R2S(EV) + " " + B2S(GetTriggerEventId() == ConvertGameEvent(2)))
endfunction
function Setter takes real v returns nothing
    local integer i = 0
    loop
        exitwhen i >= 2
        set EV = v
        set i = i + 1
    endloop
endfunction
function main takes nothing returns nothing
    local trigger t = CreateTrigger()
    call Setter(1)
    call Setter(1)
    call Setter(1)
    call P(I2S(N))
    call TriggerRegisterVariableEvent(t, "EV", ConvertLimitOp(2), 1)
    call TriggerAddCondition(t, Condition(function Cond))
    call TriggerAddAction(t, function Act)
    call Setter(1)
    call Setter(0)
    set EV = 2
    call P(I2S(N))
    call P(B2S(TriggerRegisterVariableEvent(t, "N", ConvertLimitOp(2), 1) == null))
endfunction
"""


def test_variable_event_fires_on_each_assignment_meeting_the_limit():
    """Functions already hot on the fast path before the registration are re-translated."""
    lines = run(VARIABLE_SCRIPT)
    assert lines[0] == "0"            # assignments before the registration do not count
    assert lines[1] == "2"            # Setter(1) assigns 1 twice; 0 and 2 do not match
    assert lines[2] == "true"         # an integer global cannot be watched: null event
    assert lines[3:] == ["act 2.000 true", "act 2.000 true"]  # actions are queued (0 s)


def test_variable_event_same_on_the_bytecode_interpreter():
    s = jass_session(VARIABLE_SCRIPT, run_main=False)
    s.vm.fast = False
    s.vm.call("main")
    s.advance(1)
    assert seen(s)[:3] == ["0", "2", "true"]


# -- strings ------------------------------------------------------------------------------------

def test_localized_strings_and_hotkeys():
    assert run("""
function main takes nothing returns nothing
    call P(GetLocalizedString("GAMEOVER_QUIT_GAME") + "|" + I2S(GetLocalizedHotkey("GAMEOVER_QUIT_GAME")))
    call P(GetLocalizedString("NO_SUCH_KEY") + "|" + I2S(GetLocalizedHotkey("NO_SUCH_KEY")))
    call P(GetLocalizedString("PLAYER_LEFT_GAME"))
endfunction
""") == ["Quit Game|81", "NO_SUCH_KEY|0", "%s has left the game."]


def test_localized_trigstr_reads_the_map_string_table():
    s = jass_session("function main takes nothing returns nothing\nendfunction\n")
    s.game.string_table = lambda key: {"TRIGSTR_007": "Strahnbrad"}.get(key, key)
    from natives.core import localized
    assert localized(s.game, "TRIGSTR_007") == "Strahnbrad"
    assert localized(s.game, "TRIGSTR_008") == "TRIGSTR_008"


def test_math_round_halves_away_from_zero():
    assert run("""
function main takes nothing returns nothing
    call P(I2S(MathRound(2.5)) + " " + I2S(MathRound(-2.5)) + " " + I2S(MathRound(2.49)) + " " + I2S(MathRound(-0.4)))
endfunction
""") == ["3 -3 2 0"]


# -- object data, random choices, pools ---------------------------------------------------------

def test_object_names_and_type_strings():
    assert run("""
function main takes nothing returns nothing
    call P(GetObjectName('hfoo') + "|" + GetObjectName('Xxxx') + "|" + UnitId2String('htow'))
    call P(I2S(UnitId("footman") - 'hfoo') + " " + I2S(UnitId("nosuchunit")) + " " + B2S(UnitId2String('Xxxx') == null))
endfunction
""") == ["Footman|Default string|townhall", "0 0 true"]


def test_choose_random_item_ex_respects_class_and_level():
    from natives.unitdata import ITEM_TYPES
    s = jass_session("""
globals
    integer array got
endglobals
function main takes nothing returns nothing
    local integer i = 0
    loop
        exitwhen i >= 40
        set got[i] = ChooseRandomItemEx(ConvertItemType(1), 5)
        set got[i + 100] = ChooseRandomItemEx(ConvertItemType(8), -1)
        set i = i + 1
    endloop
    set got[200] = ChooseRandomItemEx(ConvertItemType(3), 9)
    set got[201] = ChooseRandomItem(2)
endfunction
""")
    got = s.vm.read_global("got")
    charged5 = {got[i] for i in range(40)}
    assert all(ITEM_TYPES[c].item_class == 1 and ITEM_TYPES[c].level == 5 for c in charged5)
    assert len(charged5) > 1
    assert all(got[i] in ITEM_TYPES for i in range(100, 140))
    assert got[200] == 0                       # no artifact of level 9 in the table
    assert ITEM_TYPES[got[201]].level == 2


def test_unit_and_item_pools_draw_by_weight():
    s = jass_session("""
globals
    unitpool up
    itempool ip
    unit u
    item it
    item none
endglobals
function main takes nothing returns nothing
    set up = CreateUnitPool()
    call UnitPoolAddUnitType(up, 'hfoo', 1.0)
    call UnitPoolAddUnitType(up, 'hpea', 0.0)
    set u = PlaceRandomUnit(up, Player(1), 100, 200, 90)
    set ip = CreateItemPool()
    set none = PlaceRandomItem(ip, 0, 0)
    call ItemPoolAddItemType(ip, 'phea', 3.0)
    call ItemPoolRemoveItemType(ip, 'phea')
    call ItemPoolAddItemType(ip, 'pman', 1.0)
    set it = PlaceRandomItem(ip, 50, 60)
    call DestroyUnitPool(up)
    call DestroyItemPool(ip)
endfunction
""")
    from natives.unitdata import rawcode
    u, it = s.vm.read_global("u"), s.vm.read_global("it")
    assert u.type_id == rawcode("hfoo") and u.owner.id == 1 and (u.x, u.y) == (100.0, 200.0)
    assert it.type_id == rawcode("pman") and (it.x, it.y) == (50.0, 60.0)
    assert s.vm.read_global("none") is None
    assert s.vm.read_global("up").destroyed and s.vm.read_global("ip").destroyed


def test_typed_unit_count_includes_upgrades():
    assert run("""
function main takes nothing returns nothing
    call CreateUnit(Player(0), 'hkee', 0, 0, 0)
    call CreateUnit(Player(0), 'htow', 1000, 0, 0)
    call CreateUnit(Player(1), 'htow', 2000, 0, 0)
    call P(I2S(GetPlayerTypedUnitCount(Player(0), "townhall", true, true)) + " " + I2S(GetPlayerTypedUnitCount(Player(0), "townhall", true, false)) + " " + I2S(BlzGetPlayerTownHallCount(Player(0))))
endfunction
""") == ["2 1 2"]


# -- unit properties, damage, visibility --------------------------------------------------------

def test_unit_property_getters_and_damage():
    lines = run("""
function main takes nothing returns nothing
    local unit a = CreateUnit(Player(0), 'hfoo', 0, 0, 0)
    local unit b = CreateUnit(Player(1), 'hfoo', 100, 0, 0)
    call SetUnitAcquireRange(b, 800)
    call SetUnitFlyHeight(b, 120, 0)
    call P(I2S(GetUnitLevel(a)) + " " + R2S(GetUnitAcquireRange(a)) + " " + R2S(GetUnitAcquireRange(b)) + " " + R2S(GetUnitFlyHeight(b)) + " " + R2S(GetUnitDefaultFlyHeight(b)))
    call P(B2S(UnitDamageTarget(a, b, 100, true, false, ConvertAttackType(0), ConvertDamageType(4), ConvertWeaponType(0))) + " " + R2S(GetWidgetLife(b)))
    call UnitDamageTarget(a, b, 1000, true, false, ConvertAttackType(0), ConvertDamageType(4), ConvertWeaponType(0))
    call P(B2S(IsUnitType(b, ConvertUnitType(1))) + " " + B2S(UnitDamageTarget(a, b, 10, true, false, null, null, null)))
    call IssuePointOrder(a, "move", 50, 50)
    call P(I2S(GetUnitCurrentOrder(a)))
    call IssueImmediateOrder(a, "stop")
    call P(I2S(GetUnitCurrentOrder(a)))
endfunction
""")
    assert lines == ["2 500.000 800.000 120.000 0.000", "true 320.000", "true false", "851986", "0"]


def test_damage_raises_the_damage_event_before_life_drops():
    assert run("""
globals
    unit victim
endglobals
function OnDamage takes nothing returns boolean
    call P(R2S(GetEventDamage()) + " at " + R2S(GetWidgetLife(victim)) + " by " + GetUnitName(GetEventDamageSource()))
    return false
endfunction
function main takes nothing returns nothing
    local unit a = CreateUnit(Player(0), 'hfoo', 0, 0, 0)
    local trigger t = CreateTrigger()
    call PauseUnit(a, true)   // paused units do not fight: only the scripted damage counts
    set victim = CreateUnit(Player(1), 'hfoo', 100, 0, 0)
    call PauseUnit(victim, true)
    call TriggerRegisterUnitEvent(t, victim, ConvertUnitEvent(52))
    call TriggerAddCondition(t, Condition(function OnDamage))
    call UnitDamageTarget(a, victim, 20, true, false, null, null, null)
endfunction
""") == ["20.000 at 420.000 by Footman"]


def test_cripple_reveals_units_to_the_force():
    lines = run("""
function main takes nothing returns nothing
    local unit far = CreateUnit(Player(1), 'hfoo', 20000, 20000, 0)
    local force f = CreateForce()
    call ForceAddPlayer(f, Player(0))
    call P(B2S(IsUnitVisible(far, Player(0))) + " " + B2S(IsUnitVisible(far, Player(1))))
    call CripplePlayer(Player(1), f, true)
    call P(B2S(IsUnitVisible(far, Player(0))))
    call CripplePlayer(Player(1), f, false)
    call P(B2S(IsUnitVisible(far, Player(0))))
endfunction
""")
    assert lines == ["false true", "true", "false"]


# -- event responses, lobby -----------------------------------------------------------------------

def test_responses_outside_their_events_are_null_or_zero():
    assert run("""
function main takes nothing returns nothing
    call P(B2S(GetTrainedUnit() == null) + " " + I2S(GetTrainedUnitType()) + " " + I2S(GetResearched()) + " " + B2S(GetSoldItem() == null) + " " + B2S(GetRescuer() == null))
endfunction
""") == ["true 0 0 true true"]


def test_lobby_getters_follow_the_map_settings():
    assert run("""
function main takes nothing returns nothing
    call P(B2S(GetGameTypeSelected() == ConvertGameType(4)) + " " + B2S(GetGamePlacement() == ConvertPlacement(2)) + " " + B2S(GetAIDifficulty(Player(1)) == ConvertAIDifficulty(1)))
    call SetGamePlacement(ConvertPlacement(1))
    call P(B2S(GetGamePlacement() == ConvertPlacement(1)) + " " + B2S(GetResourceDensity() == ConvertMapDensity(2)))
endfunction
""") == ["true true true", "true true"]


# -- game cache sync ------------------------------------------------------------------------------

def test_synced_value_arrives_after_a_local_overwrite():
    """The YDWE join idiom: store, sync, reset, TriggerSyncReady, the synced value is back."""
    s = jass_session("""
function Act takes nothing returns nothing
    local gamecache gc = InitGameCache("sync.w3v")
    call StoreInteger(gc, "-", "-", 7)
    call TriggerSyncStart()
    call SyncStoredInteger(gc, "-", "-")
    call StoreInteger(gc, "-", "-", 0)
    call P("before " + I2S(GetStoredInteger(gc, "-", "-")))
    call TriggerSyncReady()
    call P("after " + I2S(GetStoredInteger(gc, "-", "-")))
endfunction
function main takes nothing returns nothing
    local trigger t = CreateTrigger()
    call TriggerAddAction(t, function Act)
    call TriggerExecute(t)
endfunction
""")
    s.advance(1)
    assert seen(s) == ["before 0", "after 7"]
    assert not s.vm.errors


def test_sync_ready_is_a_wait():
    s = jass_session("""
function Cb takes nothing returns nothing
    call TriggerSyncReady()
    call P("not reached")
endfunction
function main takes nothing returns nothing
    local force f = CreateForce()
    call ForceAddPlayer(f, Player(0))
    call ForForce(f, function Cb)
endfunction
""")
    assert [e.kind for e in s.vm.errors] == ["forbidden-wait"]
    assert seen(s) == []


# -- save files -----------------------------------------------------------------------------------

def test_save_files_stay_in_the_sandbox(tmp_path):
    """SaveGame is a deferred internal save (seed 004): the file exists once the clock has
    run, not in the calling thread; every file operation stays in the sandbox."""
    s = sandbox_session("""
function Later takes nothing returns nothing
    call P(B2S(SaveGameExists("Zones\\\\A.w3z")) + " " + B2S(SaveGameExists("Zones/A")))
    call P(B2S(CopySaveGame("Zones\\\\A.w3z", "Backup\\\\A.w3z")) + " " + B2S(CopySaveGame("Zones\\\\Missing", "Backup\\\\B")))
    call P(B2S(RenameSaveDirectory("Backup", "Kept")) + " " + B2S(SaveGameExists("Kept\\\\A")))
    call P(B2S(RemoveSaveDirectory("Zones")) + " " + B2S(SaveGameExists("Zones\\\\A")) + " " + B2S(RemoveSaveDirectory("Zones")))
    call SaveGame("..\\\\..\\\\escape")
    call P(B2S(SaveGameExists("..\\\\..\\\\escape")))
endfunction
function main takes nothing returns nothing
    call P(B2S(SaveGameExists("Zones\\\\A.w3z")))
    call SaveGame("Zones\\\\A")
    call P(B2S(SaveGameExists("Zones\\\\A.w3z")))
    call TimerStart(CreateTimer(), 0.5, false, function Later)
endfunction
""", tmp_path)
    s.advance(1.0)
    assert seen(s) == ["false", "false", "true true", "true false", "true true", "true false false", "false"]
    saved = read_save((tmp_path / "saves" / "Kept" / "A.w3z").read_bytes())
    assert saved.game_time == 0.0
    assert not (tmp_path.parent / "escape.w3z").exists()
    assert any("refused" in w for w in s.game.warnings)
    assert [d["name"] for _, k, d in s.game.timeline if k == "game_saved"] == ["Zones\\A"]


def test_load_game_of_a_missing_save_does_nothing(tmp_path):
    s = sandbox_session("""
function main takes nothing returns nothing
    call LoadGame("Nope.w3z", false)
endfunction
""", tmp_path)
    assert not s.game.ended and s.game.saves.load_request is None
    assert any("no such saved game" in w for _, w in s.vm.warnings)


def test_scripted_save_fires_no_save_event_and_a_player_save_does(tmp_path):
    """Seed 004: the JASS SaveGame is an internal save without EVENT_GAME_SAVE; the ESC-menu
    save runs the handlers first, with GetSaveBasicFilename, before the file exists."""
    s = sandbox_session("""
function OnSave takes nothing returns nothing
    call P("saving " + GetSaveBasicFilename() + " " + B2S(SaveGameExists("Slot")))
endfunction
function main takes nothing returns nothing
    local trigger t = CreateTrigger()
    call TriggerRegisterGameEvent(t, ConvertGameEvent(259))
    call TriggerAddAction(t, function OnSave)
    call SaveGame("Scripted")
endfunction
""", tmp_path)
    s.advance(0.1)
    assert seen(s) == [] and (tmp_path / "saves" / "Scripted.w3z").is_file()
    assert s.game.saves.player_save("Slot")
    assert seen(s) == ["saving Slot false"]
    assert (tmp_path / "saves" / "Slot.w3z").is_file()
    assert s.game.events.save_name == ""


def test_change_level_waits_for_the_pending_scripted_save(tmp_path):
    """Seed 004: a ChangeLevel after SaveGame happens only when that save succeeded."""
    script = """
function main takes nothing returns nothing
    call SaveGame("%s")
    call ChangeLevel("Maps\\\\Next.w3x", false)
endfunction
"""
    ok = sandbox_session(script % "Zones\\\\Here", tmp_path / "ok")
    assert not ok.game.ended        # the save is still pending
    ok.advance(0.1)
    assert ok.game.ended and ok.game.next_level == "Maps\\Next.w3x"
    assert (tmp_path / "ok" / "saves" / "Zones" / "Here.w3z").is_file()
    (tmp_path / "bad" / "saves").mkdir(parents=True)
    (tmp_path / "bad" / "saves" / "Zones").symlink_to(tmp_path)   # the write will be refused
    bad = sandbox_session(script % "Zones\\\\Here", tmp_path / "bad")
    bad.advance(0.1)
    assert not bad.game.ended
    assert any("ChangeLevel" in w and "dropped" in w for w in bad.game.warnings)


# -- terrain --------------------------------------------------------------------------------------

def _w3e(width: int = 3, height: int = 3) -> bytes:
    """A tiny war3map.w3e: tiles Ldrt (0) and Lgrs (1); corner (1, 1) is grass, variation 3,
    layer height 4; the others dirt at layer 2."""
    import struct
    head = (b"W3E!" + struct.pack("<i", 11) + b"L" + struct.pack("<i", 0)
            + struct.pack("<i", 2) + b"LdrtLgrs" + struct.pack("<i", 1) + b"CLdi"
            + struct.pack("<ii", width, height) + struct.pack("<ff", -128.0, -128.0))
    corners = b""
    for iy in range(height):
        for ix in range(width):
            grass = (ix, iy) == (1, 1)
            corners += struct.pack("<hh", 0x2000, 0) + bytes([1 if grass else 0, 3 if grass else 0,
                                                               4 if grass else 2])
    return head + corners


def test_terrain_tiles_from_w3e_and_painting():
    from maps.w3e import parse_w3e
    from natives.geometry import terrain_of
    s = jass_session("function main takes nothing returns nothing\nendfunction\n")
    terrain_of(s.game).load(parse_w3e(_w3e()))
    s.vm.call("main")
    lines = []
    from natives.registry import NATIVES
    ctx = s.vm.ctx
    get = lambda name, *a: NATIVES[name].func(ctx, *a)  # noqa: E731
    lines.append((get("GetTerrainType", 0.0, 0.0), get("GetTerrainVariance", 10.0, -20.0),
                  get("GetTerrainCliffLevel", 0.0, 0.0), get("GetTerrainType", 128.0, 128.0)))
    get("SetTerrainType", 128.0, 128.0, 0x4C726F6B, 1, 1, 0)   # 'Lrok' on one corner
    lines.append((get("GetTerrainType", 128.0, 128.0), get("GetTerrainType", 0.0, 0.0)))
    assert lines == [(0x4C677273, 3, 4, 0x4C647274), (0x4C726F6B, 0x4C677273)]


def test_is_terrain_pathable_answers_not_set():
    from natives.geometry import NO_WALK
    lines = run("""
function main takes nothing returns nothing
    call P(B2S(IsTerrainPathable(0, 0, ConvertPathingType(1))) + " " + B2S(IsTerrainPathable(99999, 0, ConvertPathingType(1))))
    call SetTerrainPathable(0, 0, ConvertPathingType(1), false)
    call P(B2S(IsTerrainPathable(0, 0, ConvertPathingType(1))) + " " + B2S(IsTerrainPathable(0, 0, ConvertPathingType(2))))
    call SetTerrainPathable(0, 0, ConvertPathingType(1), true)
    call P(B2S(IsTerrainPathable(0, 0, ConvertPathingType(1))))
    call P(B2S(IsTerrainPathable(0, 0, ConvertPathingType(5))))
    call SetTerrainPathable(0, 0, ConvertPathingType(5), true)
    call P(B2S(IsTerrainPathable(0, 0, ConvertPathingType(5))) + " " + B2S(IsPointBlighted(0, 0)))
endfunction
""")
    assert NO_WALK == 0x02
    assert lines == ["false true", "true false", "false", "true", "false true"]
