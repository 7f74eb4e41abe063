"""Tests for jassvm.values: exact values from shared/reference/jass-semantics.md (S-ids) and
the @expect lines of shared/conformance/cases (C-numbers)."""
from __future__ import annotations

import math
import re
import struct
from pathlib import Path

import pytest
from hypothesis import given, strategies as st

from jassvm.values import (
    INT_MAX, INT_MIN, JassDivisionByZero, JassRandom,
    Acos, Asin, Atan, Atan2, Cos, Deg2Rad, I2R, I2S, Pow, R2I, R2S, R2SW, Rad2Deg, S2I, S2R,
    Sin, SquareRoot, StringCase, StringHash, StringLength, SubString, Tan,
    concat, f32, from_bytes, int_add, int_div, int_mod, int_mul, int_neg, int_sub,
    parse_int_literal, parse_real_literal, rawcode_value, real_add, real_div, real_eq,
    real_ge, real_gt, real_le, real_lt, real_mul, real_ne, real_sub, sstrhash2, string_eq,
    to_bytes, wrap_int,
)

int32 = st.integers(min_value=INT_MIN, max_value=INT_MAX)
f32s = st.floats(width=32, allow_nan=False, allow_infinity=False)


def is_f32(x: float) -> bool:
    return struct.unpack("<f", struct.pack("<f", x))[0] == x or math.isnan(x)


# ---------------------------------------------------------------------------------- integers

def test_S001_C001_add_sub_wrap():
    assert int_add(2147483647, 1) == -2147483648
    assert int_sub(int_sub(-2147483647, 1), 1) == 2147483647


def test_S001_C002_mul_keeps_low_32_bits():
    assert int_mul(65536, 65536) == 0
    assert int_mul(2147483647, 2) == -2
    assert int_mul(100000, 100000) == 1410065408


def test_S002_C003_division_truncates_toward_zero():
    assert [int_div(-7, 2), int_div(7, -2), int_div(-5, 3), int_div(7, 2), int_div(-1, 2)] \
        == [-3, -3, -1, 3, 0]


def test_S004_C004_division_by_zero_raises():
    with pytest.raises(JassDivisionByZero):
        int_div(10, 0)
    with pytest.raises(JassDivisionByZero):
        int_mod(10, 0)
    assert issubclass(JassDivisionByZero, ArithmeticError)


def test_S018_int_min_by_minus_one_faults():
    with pytest.raises(JassDivisionByZero):
        int_div(INT_MIN, -1)
    with pytest.raises(JassDivisionByZero):
        int_mod(INT_MIN, -1)


def test_S006_C005_modulo_is_c_remainder():
    assert [int_mod(10, 4), int_mod(5, 3), int_mod(-5, 3), int_mod(5, -3), int_mod(-5, -3)] \
        == [2, 2, -2, 2, -2]


def test_S017_negating_int_min_wraps():
    assert int_neg(INT_MIN) == INT_MIN
    assert int_neg(5) == -5


@given(int32, int32)
def test_int_ops_stay_in_int32(a, b):
    for r in (int_add(a, b), int_sub(a, b), int_mul(a, b), int_neg(a)):
        assert INT_MIN <= r <= INT_MAX
    if b != 0 and not (a == INT_MIN and b == -1):
        q, m = int_div(a, b), int_mod(a, b)
        assert INT_MIN <= q <= INT_MAX and INT_MIN <= m <= INT_MAX
        assert q * b + m == a
        assert abs(m) < abs(b) and (m == 0 or (m < 0) == (a < 0))


@given(st.integers())
def test_wrap_int_is_mod_2_32(x):
    w = wrap_int(x)
    assert INT_MIN <= w <= INT_MAX and (w - x) % 2 ** 32 == 0


def test_S010_C007_octal_literals():
    assert [parse_int_literal(t) for t in ("010", "07", "0777", "017", "0")] == [8, 7, 511, 15, 0]
    for bad in ("08", "09", "0778"):
        with pytest.raises(ValueError):
            parse_int_literal(bad)


def test_S011_C008_hex_literals():
    assert [parse_int_literal(t) for t in ("0xFF", "0XFF", "$FF", "$ff", "0x01da")] \
        == [255, 255, 255, 255, 474]
    for bad in ("0x", "$", "0xG", "12a", "", "-5", "1_0"):
        with pytest.raises(ValueError):
            parse_int_literal(bad)


def test_S016_out_of_range_literals_wrap():
    assert parse_int_literal("0x100000000") == 0
    assert parse_int_literal("2147483648") == -2147483648
    assert parse_int_literal("0xFFFFFFFF") == -1


@given(int32)
def test_S011_hex_literal_roundtrip(i):
    assert parse_int_literal("$%x" % (i & 0xFFFFFFFF)) == i
    assert parse_int_literal("0X%X" % (i & 0xFFFFFFFF)) == i


def test_S012_C009_rawcode_4char():
    assert rawcode_value("hfoo") == 1751543663
    assert rawcode_value("A000") == 1093677104
    assert rawcode_value("dddd") == 1684300900
    assert rawcode_value("A000") + 1 == rawcode_value("A001")
    assert rawcode_value(b"A0a1") == 0x41306131


def test_S013_C010_rawcode_1char_and_S015_escapes():
    assert [rawcode_value(c) for c in "adA0"] == [97, 100, 65, 48]
    assert [rawcode_value(c) for c in "\n\\\t"] == [10, 92, 9]


def test_S014_rawcode_length():
    for bad in ("ab", "abc", "abcde", ""):
        with pytest.raises(ValueError):
            rawcode_value(bad)
    # bytes, not characters: a 2-byte UTF-8 letter is not a 1-char rawcode
    with pytest.raises(ValueError):
        rawcode_value("я")
    assert rawcode_value(b"\xff\xff\xff\xff") == -1


def test_S037_C020_real_literal_forms():
    assert parse_real_literal("1.") == 1.0
    assert parse_real_literal(".5") == 0.5
    assert parse_real_literal("1.5") == 1.5
    assert parse_real_literal("0.1") == f32(0.1)
    for bad in (".", "1", "1e3", "-1.0", "1.2.3", ""):
        with pytest.raises(ValueError):
            parse_real_literal(bad)


# ------------------------------------------------------------------------------------- reals

def test_S020_f32_rounding():
    assert f32(0.1) == 0.100000001490116119384765625
    assert f32(16777217.0) == 16777216.0
    assert f32(1e39) == math.inf and f32(-1e39) == -math.inf
    assert f32(3.4028235e38) == 3.4028234663852886e38


@given(st.floats(allow_nan=False))
def test_f32_idempotent(x):
    y = f32(x)
    assert f32(y) == y and is_f32(y)


@given(f32s, f32s)
def test_real_ops_give_binary32(a, b):
    for r in (real_add(a, b), real_sub(a, b), real_mul(a, b)):
        assert is_f32(r)
    if b != 0.0:
        assert is_f32(real_div(a, b))


def test_S003_C015_real_division():
    assert real_div(I2R(1), 2.0) == 0.5
    assert real_div(I2R(7), 2.0) == 3.5
    assert R2S(I2R(int_div(1, 2))) == "0.000"
    assert R2S(I2R(int_div(7, 2))) == "3.000"
    assert R2S(real_div(I2R(1), 2.0)) == "0.500"
    assert R2S(real_div(I2R(7), 2.0)) == "3.500"
    assert R2S(I2R(int_div(5, 2))) == "2.000"


def test_S042_real_division_by_zero_raises():
    with pytest.raises(JassDivisionByZero):
        real_div(1.0, 0.0)
    with pytest.raises(JassDivisionByZero):
        real_div(0.0, -0.0)


def test_S021_S022_C014_eq_tolerance_ne_exact():
    z, s = 0.0, f32(0.0009)
    assert real_eq(z, s) is True
    assert real_ne(z, s) is True
    assert (not real_eq(z, s)) is False
    assert real_eq(1.0, f32(1.01)) is False
    assert real_ne(1.0, f32(1.01)) is True
    assert real_ne(2.5, 2.5) is False
    assert real_eq(0.0, f32(0.001)) is False  # S021: 0.0 == 0.001 is false


def test_S023_tolerance_is_absolute():
    assert real_eq(1000000.0, 1000000.0625) is False
    assert real_ne(1000000.0, 1000000.0625) is True


def test_S024_C011_int_real_equality():
    assert real_eq(I2R(1), 1.0) is True
    assert real_eq(I2R(2), 2.5) is False
    assert real_ne(I2R(3), 3.0) is False


def test_comparisons_exact():
    assert real_lt(1.0, 1.0005) and real_le(1.0, 1.0) and real_gt(2.0, 1.0) and real_ge(2.0, 2.0)
    assert not real_lt(1.0005, 1.0)


@given(f32s)
def test_real_eq_reflexive(a):
    assert real_eq(a, a) and not real_ne(a, a)


def test_S020_C016_i2r_float32():
    assert R2I(I2R(16777217)) == 16777216
    assert R2I(I2R(16777216)) == 16777216
    assert R2S(I2R(-3)) == "-3.000"
    assert R2S(real_div(I2R(5), I2R(2))) == "2.500"


def test_S030_C013_r2i_truncates():
    assert [R2I(f32(x)) for x in (1.9, -1.9, -0.5, 2.999, -2.999)] == [1, -1, 0, 2, -2]


def test_S031_r2i_wraps():
    assert R2I(f32(1e10)) == 1410065408
    assert R2I(f32(-1e10)) == -1410065408
    assert R2I(f32(1e20)) == 0
    assert R2I(math.inf) == 0


def test_C020_unary_plus_and_minus():
    assert R2I(parse_real_literal(".05")) == 0
    assert R2S(-parse_real_literal(".25")) == "-0.250"
    assert R2S(parse_real_literal("1.")) == "1.000"
    assert R2S(parse_real_literal(".5")) == "0.500"


@given(st.integers(min_value=-(2 ** 24), max_value=2 ** 24))
def test_r2i_i2r_roundtrip_exact_below_2_24(i):
    assert R2I(I2R(i)) == i


# --------------------------------------------------------------------------- conversions

def test_S026_C012_r2s_three_decimals():
    got = [R2S(f32(1.12)), R2S(real_div(1.0, 3.0)), R2S(real_div(2.0, 3.0)), R2S(f32(0.9996)),
           R2S(-1.5), R2S(f32(123.456)), R2S(0.0)]
    assert got == ["1.120", "0.333", "0.667", "1.000", "-1.500", "123.456", "0.000"]


def test_S027_r2s_negative_to_zero_keeps_sign():
    assert R2S(f32(-0.0004)) == "-0.000"
    assert R2S(-0.0) == "0.000"


def test_S028_r2s_wraps_integer_part():
    assert R2S(3000000000.0) == "-1294967296.000"
    assert R2S(-3000000000.0) == "1294967296.000"
    assert R2S(f32(1e10)) == "1410065408.000"
    assert R2S(f32(1e20)) == "0.000"
    assert R2S(2147483647.0) == "-2147483648.000"  # f32(2**31 - 1) == 2**31


def test_S029_r2sw_measured():
    cases = {
        (1116.0, 2, 2): "1116.00",
        (2.5, 1, 0): "3.0",
        (0.125, 5, 2): "  0.13",
        (1.5, 2, 0): " 2.0",
        (1116.123, 10, 1): "     1116.1",
        (1.5, 8, 2): "     1.50",
        (-1.5, 8, 3): "-    1.500",
        (-0.4, 1, 0): "-0.0",
        (7.0, 4, 0): "   7.0",
        (0.9996, 1, 3): "1.000",
        (1.0, INT_MIN, 1): "1.0",
        (1e20, 1, 2): "0.00",
    }
    for (r, w, p), want in cases.items():
        assert R2SW(f32(r), w, p) == want, (r, w, p)


def test_S029_r2sw_bounded_output():
    assert len(R2SW(1.0, INT_MAX, INT_MAX)) < 10000
    assert R2SW(1.5, 3, -5) == "  2.0"


@given(f32s)
def test_r2s_shape(x):
    s = R2S(x)
    assert re.fullmatch(r"-?\d+\.\d{3}", s)


@given(st.floats(min_value=-2e9, max_value=2e9, width=32))
def test_r2s_within_half_thousandth(x):
    assert abs(float(R2S(x)) - x) <= 0.0005 + 1e-3 * abs(x) * 2 ** -23


def test_S032_C025_s2i():
    got = [S2I(s) for s in ("123abc", "abc123", "", "0x10", "010", "1.9", "-42",
                            "99999999999", "-2147483649")]
    assert got == [123, 0, 0, 0, 10, 1, -42, 2147483647, -2147483648]


def test_S032_s2i_whitespace_sign_clamp_null():
    assert S2I(" \t12") == 12
    assert S2I("  -4x") == -4
    assert S2I("2147483648") == 2147483647
    assert S2I(None) == 0
    assert S2I("+7") == 7
    assert S2I("- 7") == 0


def test_S034_S035_C026_s2r():
    assert R2S(S2R(".123asd")) == "0.123"
    assert S2R(".123asd") == f32(0.123)
    assert R2S(S2R("2.5")) == "2.500"
    assert R2S(S2R("-1.25")) == "-1.250"
    assert R2S(S2R("abc")) == "0.000"
    assert S2R("9" * 41) == 0.0
    assert S2R(" 2.5") == 0.0
    assert S2R("1e3") == 1.0
    assert S2R("-.5") == -0.5
    assert S2R(".5") == 0.5
    assert S2R(None) == 0.0 and S2R("") == 0.0 and S2R(".") == 0.0 and S2R("-") == 0.0
    assert S2R("5.") == 5.0


def test_C027_i2s_and_round_trips():
    assert [I2S(0), I2S(-15), I2S(2147483647), I2S(int_sub(-2147483647, 1))] \
        == ["0", "-15", "2147483647", "-2147483648"]
    assert R2S(S2R("3.25")) == "3.250"
    assert S2I(I2S(-77)) == -77


@given(int32)
def test_s2i_i2s_roundtrip(i):
    assert S2I(I2S(i)) == i


# ----------------------------------------------------------------------------------- strings

def test_S053_concat_with_null():
    assert concat("a", None) == "a"
    assert concat(None, "b") == "b"
    assert concat(None, None) is None
    assert concat("ab", "c") == "abc"


def test_C030_concat():
    assert concat("a", I2S(1)) == "a1"
    assert concat("x", R2S(1.5)) == "x1.500"
    parts = [I2S(1), "+", I2S(2), "=", I2S(int_add(1, 2))]
    out = parts[0]
    for p in parts[1:]:
        out = concat(out, p)
    assert out == "1+2=3"


def test_S055_C029_string_equality():
    assert string_eq("abc", "abc") is True
    assert string_eq("abc", "ABC") is False
    assert string_eq(StringCase("abc", True), "ABC") is True
    assert string_eq(concat("ab", "c"), "abc") is True
    assert string_eq(None, None) is True
    assert string_eq(None, "") is False


def test_S043_C023_stringlength_bytes():
    assert [StringLength(s) for s in ("hello", "", "я", "aяb")] == [5, 0, 2, 4]
    assert StringLength(None) == 0


def test_C031_escaped_string_length():
    assert StringLength('a"b') == 3


def test_S044_C021_substring_ranges():
    assert SubString("abc", 0, 1) == "a"
    assert SubString("abc", 2, 3) == "c"
    assert SubString("abc", 0, 3) == "abc"
    assert SubString("abc", 1, 2) == "b"
    assert SubString("abc", 0, 0) == ""


def test_S045_C022_substring_end_before_start_and_clamp():
    assert SubString("abcdef", 2, 0) == "cdef"
    assert SubString("abcdef", 3, 1) == "def"
    assert SubString("abcdef", 2, 99) == "cdef"
    assert SubString("abcdef", 6, 8) == ""
    assert SubString("abcdef", 3, 3) == ""


def test_S046_substring_null_results():
    assert SubString("", 0, 0) is None
    assert SubString(None, 0, 1) is None
    assert SubString("a", 0, 0) == ""
    assert SubString("abc", 5, 6) is None


def test_S047_substring_negative_start_does_not_crash():
    assert SubString("abc", -1, 2) == ""


def test_S043_substring_counts_bytes_and_rejoins():
    s = "aяb"
    assert SubString(s, 1, 3) == "я"
    left, right = SubString(s, 0, 2), SubString(s, 2, 4)
    assert StringLength(left) == 2 and StringLength(right) == 2
    assert string_eq(concat(left, right), s)
    assert to_bytes(left) == b"a\xd1"


@given(st.binary(max_size=20), st.integers(-2, 25), st.integers(-2, 25))
def test_substring_is_byte_slice(data, a, b):
    s = from_bytes(data)
    assert StringLength(s) == len(data)
    r = SubString(s, a, b)
    if not data or a > len(data):
        assert r is None
    elif a < 0:
        assert r == ""
    else:
        end = len(data) if b < a or b > len(data) else b
        assert to_bytes(r) == data[a:end]


@given(st.binary(max_size=12), st.binary(max_size=12))
def test_concat_is_byte_concat(x, y):
    a, b = from_bytes(x), from_bytes(y)
    c = concat(a, b)
    assert to_bytes(c) == x + y
    assert c == from_bytes(x + y)
    assert StringLength(c) == StringLength(a) + StringLength(b)


def test_S048_C024_stringcase_ascii_only():
    assert StringCase("Hello World", True) == "HELLO WORLD"
    assert StringCase("Hello World", False) == "hello world"
    assert StringCase("abc123!?", True) == "ABC123!?"
    assert StringCase("Дружба abc", True) == "Дружба ABC"
    assert StringCase("ÄÖ ß", False) == "ÄÖ ß"
    assert StringCase(None, True) is None


def test_S049_S050_C028_stringhash_known_values():
    got = [StringHash(s) for s in ("hello", "HELLO", "a", "a/b", "a\\b", "abc", "test", "123")]
    assert got == [-1801350911, -1801350911, -1587459251, -2092314359, -2092314359,
                   1043745117, -310027398, 1101291013]
    assert StringHash("Wurst") == -1436777953
    assert StringHash("a1b2c3") == -22837905
    assert StringHash("A") == StringHash("a")
    assert StringHash("\\") == StringHash("/")


def test_S051_stringhash_empty_and_null():
    assert StringHash("") == -1119235827
    assert StringHash(None) == 0


def test_stringhash_long_keys():
    # keys of 12+ bytes go through the block loop of lookup2
    s = "Units\\Human\\Footman\\Footman.mdl"
    assert StringHash(s) == StringHash(s.lower().replace("\\", "/"))
    assert 0 <= sstrhash2(b"x" * 100) < 2 ** 32


@given(st.text(alphabet=st.characters(max_codepoint=127), max_size=40))
def test_stringhash_case_and_slash_insensitive(s):
    h = StringHash(s)
    assert INT_MIN <= h <= INT_MAX
    assert StringHash(StringCase(s, True)) == h
    assert StringHash(s.replace("/", "\\")) == h


# -------------------------------------------------------------------------------------- math

def test_S039_C018_domain_errors_give_zero():
    assert real_eq(SquareRoot(-1.0), 0.0) and SquareRoot(-1.0) == 0.0
    assert Asin(2.0) == 0.0
    assert Acos(-2.0) == 0.0
    assert Atan2(0.0, 0.0) == 0.0
    assert Atan2(-0.0, -0.0) == 0.0
    assert SquareRoot(0.0) == 0.0


def test_S040_C018_pow():
    assert Pow(0.0, -1.0) == 0.0
    assert R2S(Pow(5.0, 0.0)) == "1.000"
    assert R2S(SquareRoot(16.0)) == "4.000"
    assert R2S(Pow(-8.0, real_div(1.0, 3.0))) == "2.000"
    assert R2S(Pow(-2.0, 0.5)) == "1.414"
    assert R2S(Pow(-2.0, 3.0)) == "-8.000"
    assert R2S(Pow(-2.0, 2.0)) == "4.000"
    assert R2S(Pow(0.0, 0.0)) == "1.000"
    assert Pow(10.0, 100.0) == math.inf


def test_math_results_are_binary32_and_never_nan():
    vals = [SquareRoot(2.0), Sin(1.0), Cos(1.0), Tan(1.0), Asin(0.5), Acos(0.5), Atan(1.0),
            Atan2(1.0, 1.0), Deg2Rad(90.0), Rad2Deg(1.0), Pow(2.0, 0.5),
            Sin(math.inf), Cos(math.inf), Tan(math.inf), Atan(math.nan)]
    for v in vals:
        assert is_f32(v) and not math.isnan(v)
    assert Sin(math.inf) == 0.0


def test_S041_C019_deg2rad_vs_bj_pi():
    bj_pi = f32(3.14159)
    bj_degtorad = real_div(bj_pi, 180.0)
    precise = Deg2Rad(180.0)
    rough = real_mul(180.0, bj_degtorad)
    assert precise == f32(math.pi)
    assert R2S(bj_pi) == "3.142"
    assert real_eq(precise, rough) is True
    assert real_ne(precise, rough) is True
    assert Rad2Deg(f32(math.pi)) == 180.0


# ------------------------------------------------------------------------------- randomness

def test_S149_random_int_edge_cases():
    r = JassRandom(1)
    assert all(r.get_random_int(5, 5) == 5 for _ in range(10))
    assert all(r.get_random_int(INT_MIN, INT_MAX) == INT_MIN for _ in range(10))
    assert all(r.get_random_int(INT_MAX, INT_MIN) == INT_MAX for _ in range(10))
    got = {r.get_random_int(10, 1) for _ in range(500)}
    assert got == set(range(1, 11))  # reversed bounds are swapped (jassdoc)


def test_S149_random_int_inclusive_range():
    r = JassRandom(7)
    got = {r.get_random_int(-2, 2) for _ in range(500)}
    assert got == {-2, -1, 0, 1, 2}
    big = [r.get_random_int(INT_MIN, INT_MAX - 1) for _ in range(200)]
    assert all(INT_MIN <= v <= INT_MAX - 1 for v in big)


def test_S150_random_real_range_and_determinism():
    r = JassRandom(23999343)
    vals = [r.get_random_real(0.0, 50.0) for _ in range(1000)]
    assert all(0.0 <= v < 50.0 and is_f32(v) for v in vals)
    r2 = JassRandom(0)
    r2.seed(23999343)
    assert [r2.get_random_real(0.0, 50.0) for _ in range(1000)] == vals
    assert r.get_random_real(3.0, 3.0) == 3.0


def test_S150_random_real_reversed_bounds_mirror_upward():
    a, b = JassRandom(0), JassRandom(0)
    for _ in range(200):
        x = a.get_random_real(-42.0, 42.0)
        y = b.get_random_real(42.0, -42.0)
        assert -42.0 <= x < 42.0 and 42.0 <= y <= 126.0
        assert abs((y - 42.0) - (x + 42.0)) < 1e-4


def test_random_state_save_restore():
    r = JassRandom(99)
    r.get_random_int(0, 100)
    state = r.getstate()
    first = [r.get_random_int(0, 1000) for _ in range(20)]
    r.setstate(state)
    assert [r.get_random_int(0, 1000) for _ in range(20)] == first
    assert JassRandom(1).next_u32() != JassRandom(2).next_u32()


@given(st.integers(), int32, int32)
def test_random_int_within_bounds(seed, a, b):
    v = JassRandom(seed).get_random_int(a, b)
    lo, hi = min(a, b), max(a, b)
    if (hi - lo + 1) != 2 ** 32:
        assert lo <= v <= hi


# --------------------------------------------- cross-check against the conformance files

CASES = Path("/work/shared/conformance/cases")


def expects(prefix: str) -> list[str]:
    files = sorted(CASES.glob(prefix + "-*.j"))
    if not files:
        pytest.skip("conformance cases not available")
    return [m.group(1).strip() for m in re.finditer(r"^// @expect (.*)$", files[0].read_text(),
                                                    re.M)]


def test_C012_matches_file():
    assert [R2S(f32(1.12)), R2S(real_div(1.0, 3.0)), R2S(real_div(2.0, 3.0)),
            R2S(f32(0.9996)), R2S(-1.5), R2S(f32(123.456)), R2S(0.0)] == expects("012")


def test_C025_matches_file():
    inputs = ["123abc", "abc123", "", "0x10", "010", "1.9", "-42", "99999999999", "-2147483649"]
    assert [I2S(S2I(s)) for s in inputs] == expects("025")


def test_C026_matches_file():
    inputs = [".123asd", "2.5", "-1.25", "abc", "9" * 41]
    assert [R2S(S2R(s)) for s in inputs] == expects("026")


def test_C028_matches_file():
    inputs = ["hello", "HELLO", "a", "a/b", "a\\b", "abc", "test", "123"]
    assert [I2S(StringHash(s)) for s in inputs] == expects("028")


def test_C002_C003_C005_match_files():
    assert [I2S(int_mul(65536, 65536)), I2S(int_mul(2147483647, 2)),
            I2S(int_mul(100000, 100000))] == expects("002")
    assert [I2S(int_div(-7, 2)), I2S(int_div(7, -2)), I2S(int_div(-5, 3)), I2S(int_div(7, 2)),
            I2S(int_div(-1, 2))] == expects("003")
    assert [I2S(int_mod(10, 4)), I2S(int_mod(5, 3)), I2S(int_mod(-5, 3)), I2S(int_mod(5, -3)),
            I2S(int_mod(-5, -3))] == expects("005")
