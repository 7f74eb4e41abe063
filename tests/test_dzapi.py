"""DzAPI (NetEase/KK platform) natives, offline model: server values, ladder, input events.

The test program declares the DzAPI natives itself, as platform maps do; the built-in API
leaves them out (``map_declared``).
"""
from __future__ import annotations

import json

from jassvm.loader import load_program
from natives.builtin import builtin_source
from natives.dzapi import SERVER_VALUES_FILE
from natives.modelevents import DzKey
from natives.session import GameSession, load_natives
from natives.text import local_messages

DECLARATIONS = """
native DzAPI_Map_SaveServerValue takes player whichPlayer, string key, string value returns boolean
native DzAPI_Map_GetServerValue takes player whichPlayer, string key returns string
native DzAPI_Map_GetServerValueErrorCode takes player whichPlayer returns integer
native DzAPI_Map_IsRedVIP takes player whichPlayer returns boolean
native DzAPI_Map_Ladder_SetStat takes player whichPlayer, string key, string value returns nothing
native DzAPI_Map_Ladder_SetPlayerStat takes player whichPlayer, string key, string value returns nothing
native DzTriggerRegisterKeyEvent takes trigger trig, integer key, integer status, boolean sync, string func returns nothing
native DzTriggerRegisterMouseEvent takes trigger trig, integer btn, integer status, boolean sync, string func returns nothing
native DzTriggerRegisterMouseWheelEvent takes trigger trig, boolean sync, string func returns nothing
native DzGetTriggerKey takes nothing returns integer
globals
    trigger gg_trg = null
endglobals
function P takes string s returns nothing
    call DisplayTextToPlayer(Player(0), 0, 0, s)
endfunction
function B2S takes boolean b returns string
    if b then
        return "true"
    endif
    return "false"
endfunction
"""


def session(script: str, sandbox=None) -> GameSession:
    natives = load_natives()
    sources = [("builtin.j", builtin_source()), ("test.j", (DECLARATIONS + script).encode())]
    s = GameSession(load_program(sources, natives).program,
                    sandbox_dir=str(sandbox) if sandbox is not None else None)
    s.vm.run_init()
    s.vm.call("main")
    return s


def seen(s: GameSession) -> list[str]:
    assert not s.vm.errors, [e.format() for e in s.vm.errors]
    return [m.text for m in local_messages(s.game)]


SERVER = """
function main takes nothing returns nothing
    call P("missing=[" + DzAPI_Map_GetServerValue(Player(0), "Ilevel") + "]")
    call P("missing as int=" + I2S(S2I(DzAPI_Map_GetServerValue(Player(0), "Ilevel"))))
    call P("save=" + B2S(DzAPI_Map_SaveServerValue(Player(0), "Ilevel", I2S(12))))
    call P("got=" + DzAPI_Map_GetServerValue(Player(0), "Ilevel"))
    call P("other player=[" + DzAPI_Map_GetServerValue(Player(1), "Ilevel") + "]")
    call P("err=" + I2S(DzAPI_Map_GetServerValueErrorCode(Player(0))))
    call P("vip=" + B2S(DzAPI_Map_IsRedVIP(Player(0))))
    call DzAPI_Map_SaveServerValue(Player(0), "Sgone", "x")
    call DzAPI_Map_SaveServerValue(Player(0), "Sgone", null)
    call P("flushed=[" + DzAPI_Map_GetServerValue(Player(0), "Sgone") + "]")
    call DzAPI_Map_Ladder_SetStat(Player(0), "ExtraExp", "5")
    call DzAPI_Map_Ladder_SetPlayerStat(Player(0), "RankIndex", "2")
endfunction
"""


def test_server_values_round_trip_through_the_sandbox_file(tmp_path):
    box = tmp_path / "run" / "sandbox"
    s = session(SERVER, box)
    assert seen(s) == ["missing=[]", "missing as int=0", "save=true", "got=12",
                       "other player=[]", "err=0", "vip=false", "flushed=[]"]
    files = sorted(p.relative_to(tmp_path) for p in tmp_path.rglob("*") if p.is_file())
    assert [str(f) for f in files] == [f"run/sandbox/{SERVER_VALUES_FILE}"]
    data = json.loads((box / SERVER_VALUES_FILE).read_text())
    assert data["players"] == {"0": {"Ilevel": "12"}}
    assert [st[1:] for st in s.game.dzapi.ladder_stats] == [
        ("DzAPI_Map_Ladder_SetStat", 0, "ExtraExp", "5"),
        ("DzAPI_Map_Ladder_SetPlayerStat", 0, "RankIndex", "2")]
    # A later game on the same sandbox reads the saved value back.
    s2 = session("""
function main takes nothing returns nothing
    call P("again=" + DzAPI_Map_GetServerValue(Player(0), "Ilevel"))
endfunction
""", box)
    assert seen(s2) == ["again=12"]


def test_without_sandbox_the_store_is_memory_only(tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    s = session(SERVER)
    assert "got=12" in seen(s)
    assert list(tmp_path.iterdir()) == []


def test_hostile_keys_stay_inside_the_sandbox_file(tmp_path):
    box = tmp_path / "box"
    s = session("""
function main takes nothing returns nothing
    call P(B2S(DzAPI_Map_SaveServerValue(Player(0), "../../escape", "1")))
    call P(B2S(DzAPI_Map_SaveServerValue(Player(0), "/tmp/abs", "2")))
    call P(B2S(DzAPI_Map_SaveServerValue(Player(0), "C:\\\\x\\\\y", "3")))
    call P(B2S(DzAPI_Map_SaveServerValue(Player(0), null, "4")))
    call P(DzAPI_Map_GetServerValue(Player(0), "../../escape"))
endfunction
""", box)
    assert seen(s) == ["true", "true", "true", "false", "1"]
    files = [str(p.relative_to(tmp_path)) for p in tmp_path.rglob("*") if p.is_file()]
    assert files == [f"box/{SERVER_VALUES_FILE}"]
    players = json.loads((box / SERVER_VALUES_FILE).read_text())["players"]
    assert players == {"0": {"../../escape": "1", "/tmp/abs": "2", "C:\\x\\y": "3"}}


KEYS = """
function Cond takes nothing returns boolean
    return DzGetTriggerKey() == 'A'
endfunction
function Act takes nothing returns nothing
    call P("key " + I2S(DzGetTriggerKey()) + " by " + I2S(GetPlayerId(GetTriggerPlayer())))
endfunction
function ByName takes nothing returns nothing
    call P("byname " + I2S(DzGetTriggerKey()))
endfunction
function main takes nothing returns nothing
    set gg_trg = CreateTrigger()
    call DzTriggerRegisterKeyEvent(gg_trg, 'A', 1, true, null)
    call DzTriggerRegisterKeyEvent(gg_trg, 'B', 1, true, null)
    call TriggerAddCondition(gg_trg, Condition(function Cond))
    call TriggerAddAction(gg_trg, function Act)
    call DzTriggerRegisterKeyEvent(CreateTrigger(), 'C', 0, false, "ByName")
endfunction
"""


def test_key_event_dispatches_to_the_trigger_with_the_key():
    s = session(KEYS)
    p0 = s.game.players.slots[0]
    s.game.publish(DzKey(p0, ord("A"), 1))
    s.game.publish(DzKey(p0, ord("A"), 0))   # not registered
    s.game.publish(DzKey(p0, ord("B"), 1))   # condition false
    s.advance(1.0)
    assert seen(s) == [f"key {ord('A')} by 0"]
    assert s.game.events.report()["DzTriggerRegisterKeyEvent"]["dispatched"] == 1


def test_key_event_with_a_function_name_calls_it_and_unsynced_is_local_only():
    s = session(KEYS)
    s.game.publish(DzKey(1, ord("C"), 0))    # not the local client
    s.game.publish(DzKey(0, ord("C"), 0))
    s.advance(1.0)
    assert seen(s) == [f"byname {ord('C')}"]


def test_destroyed_trigger_stops_answering():
    s = session(KEYS + """
function Kill takes nothing returns nothing
    call DestroyTrigger(gg_trg)
endfunction
""")
    s.vm.call("Kill")
    s.game.publish(DzKey(0, ord("A"), 1))
    s.advance(1.0)
    assert seen(s) == []
