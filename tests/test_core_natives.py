"""Core natives (math, strings, random, game states, cheats) and the common.j signatures of
every native of the trigger/timer/event/text/core/boolexpr modules."""
from __future__ import annotations

import re

import pytest

from conftest import shared_path
from natives.registry import NATIVES, parse_signature
from natives.session import load_natives
from test_triggers import jass_session, run, seen

MY_MODULES = ("natives.core", "natives.boolexpr", "natives.triggers", "natives.timers",
              "natives.events", "natives.text")


def test_signatures_match_common_j_1_30_4():
    """Against 1.30.4; natives that API lacks (MathRound, 1.32+) against 1.33.0."""
    load_natives()
    declared = {}
    for version in ("1.33.0", "1.30.4"):  # 1.30.4 last: its signature wins
        text = shared_path("corpus", "api", version, "common.j").read_text("latin-1")
        for m in re.finditer(r"^\s*(?:constant\s+)?native\s+(\w+)\s+(takes\s+.+?returns\s+\w+)", text, re.M):
            declared[m.group(1)] = parse_signature(m.group(2))
    mine = {n: s for n, s in NATIVES.items()
            if s.func.__module__ in MY_MODULES and not s.map_declared}   # DzGetTriggerKey
    assert len(mine) > 100
    for name, spec in mine.items():
        assert name in declared, name
        assert (spec.params, spec.returns) == declared[name], name


def test_math_and_conversions():
    assert run("""
function main takes nothing returns nothing
    call P(R2S(SquareRoot(2)) + " " + R2S(Pow(2, 10)) + " " + R2S(Sin(0)) + " " + R2S(Cos(0)))
    call P(R2S(Atan2(1, 1)) + " " + R2S(Deg2Rad(180)) + " " + R2S(Rad2Deg(3.14159265)))
    call P(R2S(SquareRoot(-1)) + " " + R2S(Asin(2)) + " " + R2S(Tan(0)) + " " + R2S(Acos(1)) + " " + R2S(Atan(0)))
    call P(I2S(R2I(-2.9)) + " " + R2S(I2R(16777217)) + " " + R2SW(-1.5, 8, 3))
    call P(I2S(S2I("  -4x")) + " " + R2S(S2R(".5abc")) + " " + I2S(S2I(null)))
endfunction
""") == ["1.414 1024.000 0.000 1.000", "0.785 3.142 180.000",
         "0.000 0.000 0.000 0.000 0.000", "-2 16777216.000 -    1.500", "-4 0.500 0"]


def test_strings():
    assert run("""
function main takes nothing returns nothing
    call P(SubString("abcdef", 2, 4) + " " + SubString("abcdef", 2, 0) + " " + I2S(StringLength("abc")))
    call P(StringCase("MiXeD", true) + " " + StringCase("MiXeD", false))
    call P(B2S(StringHash("abc") == StringHash("ABC")))
endfunction
""") == ["cd cdef 3", "MIXED mixed", "true"]


RANDOM = """
function main takes nothing returns nothing
    call P(I2S(GetRandomInt(1, 1000000)) + " " + I2S(GetRandomInt(1, 1000000)) + " " + R2S(GetRandomReal(0, 1)))
endfunction
function Reseed takes nothing returns nothing
    call SetRandomSeed(42)
    call P(I2S(GetRandomInt(1, 1000000)))
    call SetRandomSeed(42)
    call P(I2S(GetRandomInt(1, 1000000)))
    call P(I2S(GetRandomInt(5, 5)) + " " + I2S(GetRandomInt(10, 10)))
endfunction
"""


def test_random_stream_is_seeded_from_the_game_seed():
    a, b, c = (seen(jass_session(RANDOM, seed=seed)) for seed in (7, 7, 8))
    assert a == b
    assert a != c
    x, y, r = a[0].split()
    assert 1 <= int(x) <= 1000000 and 1 <= int(y) <= 1000000 and 0.0 <= float(r) < 1.0


def test_set_random_seed_restarts_the_stream_s150():
    s = jass_session(RANDOM)
    s.vm.call("Reseed")
    lines = seen(s)[1:]
    assert lines[0] == lines[1]
    assert lines[2] == "5 10"


def test_random_real_reversed_bounds_stay_above_low_s149():
    s = jass_session("""
function main takes nothing returns nothing
    local integer i = 0
    local real r
    loop
        exitwhen i >= 50
        set r = GetRandomReal(42, -42)
        if r < 42 or r >= 126 then
            call P("out " + R2S(r))
        endif
        set i = i + 1
    endloop
endfunction
""")
    assert seen(s) == []


def test_integer_game_states_default_zero_and_set():
    assert run("""
function main takes nothing returns nothing
    call P(I2S(GetIntegerGameState(ConvertIGameState(0))) + " " + I2S(GetIntegerGameState(ConvertIGameState(1))))
    call SetIntegerGameState(ConvertIGameState(0), 3)
    call P(I2S(GetIntegerGameState(ConvertIGameState(0))))
endfunction
""") == ["0 0", "3"]


def test_time_of_day_float_state():
    pytest.importorskip("natives.daynight")
    s = jass_session("""
function main takes nothing returns nothing
    call SetFloatGameState(ConvertFGameState(2), 25.5)
    call P(R2S(GetFloatGameState(ConvertFGameState(2))))
endfunction
function Later takes nothing returns nothing
    call P(R2S(GetFloatGameState(ConvertFGameState(2))))
endfunction
""")
    s.advance(40)
    s.vm.call("Later")
    assert seen(s) == ["1.500", "3.500"]


def test_cheats():
    s = jass_session("""
function main takes nothing returns nothing
    call Cheat("greedisgood 500")
    call Cheat("keysersoze 25")
    call Cheat("itvexesme")
    call P(I2S(GetPlayerState(Player(0), ConvertPlayerState(1))) + " " + I2S(GetPlayerState(Player(0), ConvertPlayerState(2))))
    call P(B2S(IsNoVictoryCheat()) + " " + B2S(IsNoDefeatCheat()))
    call Cheat("strengthandhonor")
    call Cheat("itvexesme")
    call P(B2S(IsNoVictoryCheat()) + " " + B2S(IsNoDefeatCheat()))
    call Cheat("iseedeadpeople")
endfunction
""")
    assert seen(s) == ["525 500", "true false", "false true"]
    assert s.game.cheats.used[-1] == "iseedeadpeople"
    assert any("no effect" in w for _t, w in s.vm.warnings)
