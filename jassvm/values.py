"""JASS values with the game's semantics: int32 integers, binary32 reals, byte strings.

Pure functions (standard library only) used by the VM and by the natives. Case ids (S0xx)
refer to ``shared/reference/jass-semantics.md``; "conformance NNN" to
``shared/conformance/cases/NNN-*.j``.

Representation (DESIGN.md section 3 and ``natives/registry.py``):

- integer: a Python ``int`` in [-2**31, 2**31 - 1];
- real: a Python ``float`` whose value is exactly representable in IEEE binary32
  (every result here goes through :func:`f32`);
- string: a Python ``str`` decoded from the script's bytes as UTF-8 with ``surrogateescape``
  (so any byte sequence round-trips), or ``None`` for the null string. Lengths and indices
  are in BYTES of that encoding (S043).

Where the reference leaves a behaviour open, the choice made is stated in the docstring
("Unverified" / "Choice").
"""
from __future__ import annotations

import math
import struct
from decimal import ROUND_HALF_UP, Decimal, localcontext

__all__ = [
    "INT_MIN", "INT_MAX", "REAL_EQ_EPSILON", "JassDivisionByZero",
    "wrap_int", "int_add", "int_sub", "int_mul", "int_div", "int_mod", "int_neg",
    "parse_int_literal", "rawcode_value", "parse_real_literal",
    "f32", "real_add", "real_sub", "real_mul", "real_div", "real_neg",
    "real_eq", "real_ne", "real_lt", "real_le", "real_gt", "real_ge",
    "I2R", "R2I", "I2S", "R2S", "R2SW", "S2I", "S2R",
    "to_bytes", "from_bytes", "concat", "string_eq", "MAX_STRING_BYTES", "JassStringTooLong",
    "string_bytes",
    "StringLength", "SubString", "StringCase", "StringHash", "sstrhash2",
    "SquareRoot", "Pow", "Sin", "Cos", "Tan", "Asin", "Acos", "Atan", "Atan2",
    "Deg2Rad", "Rad2Deg",
    "JassRandom",
]

INT_MIN = -(2 ** 31)
INT_MAX = 2 ** 31 - 1
_INT64_MIN = -(2 ** 63)


class JassDivisionByZero(ArithmeticError):
    """An arithmetic fault that crashes the current JASS thread (S004, S018, S042).

    The VM ends the faulting thread silently (no text is shown, conformance 004); other
    threads go on.
    """


# ---------------------------------------------------------------------------------------
# Integers
# ---------------------------------------------------------------------------------------

def wrap_int(x: int) -> int:
    """Wrap any Python int to a two's-complement int32 (S001, S016).

    ``wrap_int(2**31) == -2**31``; ``wrap_int(0x100000000) == 0``.
    """
    x &= 0xFFFFFFFF
    return x - 0x100000000 if x & 0x80000000 else x


def int_add(a: int, b: int) -> int:
    """``a + b`` with silent 32-bit wraparound (S001, conformance 001)."""
    return wrap_int(a + b)


def int_sub(a: int, b: int) -> int:
    """``a - b`` with silent 32-bit wraparound (S001, conformance 001)."""
    return wrap_int(a - b)


def int_mul(a: int, b: int) -> int:
    """``a * b`` keeping the low 32 bits, two's complement (S001, conformance 002)."""
    return wrap_int(a * b)


def int_neg(a: int) -> int:
    """Unary ``-a``; ``-INT_MIN`` wraps to ``INT_MIN`` (S001, S017)."""
    return wrap_int(-a)


def _int_divmod(a: int, b: int, op: str) -> tuple[int, int]:
    a = wrap_int(a)
    b = wrap_int(b)
    if b == 0:
        raise JassDivisionByZero(f"integer {op} by zero")
    if a == INT_MIN and b == -1:
        # S018 (low confidence): x86 idiv faults on this pair exactly as on a zero divisor;
        # the reference calls a thread crash the most likely outcome.
        raise JassDivisionByZero(f"integer {op} overflow: -2147483648 {op} -1")
    q = abs(a) // abs(b)
    if (a < 0) != (b < 0):
        q = -q
    return q, a - b * q


def int_div(a: int, b: int) -> int:
    """Integer ``a / b``: C division truncating toward zero (S002, conformance 003).

    Division by zero raises :class:`JassDivisionByZero` (S004, conformance 004).
    Choice (S018, unverified in game): ``INT_MIN / -1`` also raises it.
    """
    return _int_divmod(a, b, "/")[0]


def int_mod(a: int, b: int) -> int:
    """Integer ``a % b`` (patch 1.29+): C remainder with the sign of the dividend (S006,
    conformance 005): ``-5 % 3 == -2``, ``5 % -3 == 2``.

    A zero divisor raises :class:`JassDivisionByZero` (S004 model); so does
    ``INT_MIN % -1`` (S018, unverified).
    """
    return _int_divmod(a, b, "%")[1]


_OCT_DIGITS = frozenset("01234567")
_DEC_DIGITS = frozenset("0123456789")
_HEX_DIGITS = frozenset("0123456789abcdefABCDEF")


def _digits_mod32(digits: str, base: int) -> int:
    """``int(digits, base) % 2**32`` for digit strings of any length (``int`` itself refuses
    decimal strings over 4300 digits)."""
    if base == 16:
        return int(digits[-8:], 16)
    if base == 8:
        return int(digits[-11:], 8) & 0xFFFFFFFF
    v = 0
    for i in range(0, len(digits), 1000):
        chunk = digits[i:i + 1000]
        v = (v * 10 ** len(chunk) + int(chunk)) & 0xFFFFFFFF
    return v


def parse_int_literal(text: str) -> int:
    """Value of an integer literal, wrapped to int32 (S010, S011, S016; conformance 007, 008).

    - decimal ``[1-9][0-9]*`` (and ``0``);
    - octal: a leading ``0`` (``010 == 8``); ``08``/``09`` raise ValueError (S010);
    - hex: ``0x``/``0X``/``$`` prefix, digits in either case (``$ff == 255``).

    Out-of-range literals wrap silently (``0x100000000 -> 0``, S016). There is no sign:
    ``-5`` is unary minus applied to ``5`` (S017). Anything else raises ValueError.
    """
    t = text
    if t.startswith(("0x", "0X")):
        digits, base = t[2:], 16
    elif t.startswith("$"):
        digits, base = t[1:], 16
    elif t.startswith("0"):
        digits, base = t, 8
    else:
        digits, base = t, 10
    allowed = {16: _HEX_DIGITS, 8: _OCT_DIGITS, 10: _DEC_DIGITS}[base]
    if not digits or not set(digits) <= allowed:
        if base == 8 and digits and set(digits) <= _DEC_DIGITS:
            raise ValueError(f"invalid digit in octal integer literal {text!r}")
        raise ValueError(f"invalid integer literal {text!r}")
    return wrap_int(_digits_mod32(digits, base))


def rawcode_value(chars: str | bytes) -> int:
    """Value of a rawcode literal ``'hfoo'``: its bytes read as a big-endian base-256 number,
    wrapped to int32 (S012, S013; conformance 009, 010).

    ``chars`` is the literal's content after escape processing (``'\\n'`` -> ``"\\n"``, S015):
    ``bytes`` (raw script bytes; a latin-1-decoded source text passes
    ``text.encode("latin-1")``) or a JASS ``str`` (encoded as UTF-8 with surrogateescape).
    It must be exactly 1 or 4 bytes (S014), else ValueError.

    ``rawcode_value("hfoo") == 1751543663``, ``rawcode_value("a") == 97``.
    """
    data = chars if isinstance(chars, (bytes, bytearray)) else to_bytes(chars)
    if len(data) not in (1, 4):
        raise ValueError(f"rawcodes must consist of 1 or 4 characters, got {len(data)} bytes")
    return wrap_int(int.from_bytes(data, "big"))


def parse_real_literal(text: str) -> float:
    """Value of a real literal ``1.``, ``.5``, ``1.5`` (S037), rounded to binary32.

    No exponent, no sign; other text raises ValueError. Not modelled: the game's int32
    accumulators that garble literals with about ten or more digits (S036; the exact garbage
    is unknown), so such literals get their correctly rounded value here.
    """
    whole, dot, frac = text.partition(".")
    if (not dot or not (whole or frac) or not set(whole) <= _DEC_DIGITS
            or not set(frac) <= _DEC_DIGITS):
        raise ValueError(f"invalid real literal {text!r}")
    return f32(float(text))


# ---------------------------------------------------------------------------------------
# Reals
# ---------------------------------------------------------------------------------------

_F32 = struct.Struct("<f")


def f32(x: float) -> float:
    """Round a Python float to the nearest IEEE binary32 value (S020; conformance 016).

    Round-to-nearest-even, like a C ``(float)`` cast; a magnitude beyond the binary32 range
    becomes +-inf (what the cast gives; struct itself would raise). NaN stays NaN.
    Idempotent: ``f32(f32(x)) == f32(x)``.
    """
    try:
        return _F32.unpack(_F32.pack(x))[0]
    except OverflowError:
        return math.copysign(math.inf, x)


def real_add(a: float, b: float) -> float:
    """Real ``a + b`` in binary32 (S020). One double operation then one rounding to binary32
    is exactly the binary32 result (a double holds enough bits)."""
    return f32(a + b)


def real_sub(a: float, b: float) -> float:
    """Real ``a - b`` in binary32 (S020)."""
    return f32(a - b)


def real_mul(a: float, b: float) -> float:
    """Real ``a * b`` in binary32 (S020); overflow gives +-inf like the C float operation."""
    return f32(a * b)


def real_div(a: float, b: float) -> float:
    """Real ``a / b`` in binary32 (S003, S020; conformance 015: ``1 / 2.0 == 0.5``).

    A zero divisor (``0.0`` or ``-0.0``) raises :class:`JassDivisionByZero`, i.e. the thread
    crashes like integer division: S042 (low confidence) says this is what the game is
    believed to do, and no +-inf is ever observed in JASS.
    """
    if b == 0.0:
        raise JassDivisionByZero("real division by zero")
    return f32(a / b)


def real_neg(a: float) -> float:
    """Unary ``-a`` on a real (exact in binary32)."""
    return -a


# The tolerance of real ``==``: the binary32 value of 0.001.
REAL_EQ_EPSILON = _F32.unpack(_F32.pack(0.001))[0]


def real_eq(a: float, b: float) -> bool:
    """Real ``==``: true when ``|a - b| < 0.001`` (S021, S023; conformance 014, 019, 011).

    The tolerance is ABSOLUTE (S023): ``1000000.0 == 1000000.0625`` is false, ``0.0 == 0.0009``
    is true. The comparison is strict: ``0.0 == 0.001`` is false (S021). The difference is
    taken in binary32 and compared with binary32 0.001. Mixed integer/real comparisons promote
    the integer with :func:`I2R` first (S024). NaN compares unequal.
    """
    return abs(real_sub(a, b)) < REAL_EQ_EPSILON


def real_ne(a: float, b: float) -> bool:
    """Real ``!=``: EXACT inequality, not the negation of ``==`` (S022; conformance 014:
    ``0.0 != 0.0009`` and ``0.0 == 0.0009`` are both true; ``2.5 != 2.5`` is false)."""
    return a != b


def real_lt(a: float, b: float) -> bool:
    """Real ``<`` (exact; S025 only allows it on integer/real)."""
    return a < b


def real_le(a: float, b: float) -> bool:
    """Real ``<=`` (exact; the 0.001 tolerance is documented for ``==`` only, S021)."""
    return a <= b


def real_gt(a: float, b: float) -> bool:
    """Real ``>`` (exact)."""
    return a > b


def real_ge(a: float, b: float) -> bool:
    """Real ``>=`` (exact; the 0.001 tolerance is documented for ``==`` only, S021)."""
    return a >= b


def I2R(i: int) -> float:
    """``I2R``: the nearest binary32 value (S020; conformance 016: 16777217 -> 16777216.0).
    Also the implicit integer->real promotion (S003, S024, S038)."""
    return f32(float(i))


def _trunc64(x: float) -> int:
    """C ``(long long)x`` on x86: truncation; out-of-range and non-finite give INT64_MIN."""
    if not math.isfinite(x):
        return _INT64_MIN
    t = int(x)
    if not _INT64_MIN <= t < 2 ** 63:
        return _INT64_MIN
    return t


def R2I(r: float) -> int:
    """``R2I``: truncate toward zero (S030; conformance 013), then keep the low 32 bits
    (S031: ``R2I(1e10) == 1410065408``, ``R2I(-1e10) == -1410065408``; JASS wraps, only Lua
    clamps).

    The model is a 64-bit truncation cut to 32 bits. Beyond the int64 range (and for +-inf)
    the x86 conversion yields INT64_MIN whose low 32 bits are 0, so those give 0; this agrees
    with the measured ``R2S(1e20) == "0.000"`` (S028 source).
    """
    return wrap_int(_trunc64(r))


def I2S(i: int) -> str:
    """``I2S``: plain decimal, ``-`` for negatives (conformance 027: ``I2S(-2147483647 - 1)``
    is ``"-2147483648"``)."""
    return str(wrap_int(i))


# Bounds keeping R2SW's output finite in memory; the game's behaviour for such sizes was not
# measured (the Wurst sources call a large precision "beyond the modelled range").
_MAX_FORMAT = 4096


def R2SW(r: float, width: int, precision: int) -> str:
    """``R2SW(r, width, precision)`` (S029, S026-S028), as measured on the 3.0.0 client.

    - ``r`` is rounded half-up (away from zero) at ``precision`` decimals, on its exact
      binary32 value: ``R2SW(2.5, 1, 0) == "3.0"``, ``R2SW(0.125, 5, 2) == "  0.13"``;
    - at least one decimal is printed: precision 0 prints ``.0`` (jassdoc: "the minimum
      possible precision is 1");
    - the integer part is the 64-bit truncation cut to 32 bits (as :func:`R2I`), so large
      values wrap: ``R2S(3e9) == "-1294967296.000"``;
    - the sign is the sign of that wrapped integer part, or ``-`` when it is 0 and ``r < 0``
      (``R2SW(-0.4, 1, 0) == "-0.0"``, ``R2S(-3e9) == "1294967296.000"``);
    - the sign is written first, then the integer part left-padded with spaces to
      ``width - precision`` characters: ``R2SW(-1.5, 8, 3) == "-    1.500"``,
      ``R2SW(1116.123, 10, 1) == "     1116.1"``.

    Choice: this follows the measured [WSM] rule; jassdoc's Lua example
    ``R2SW(1, 5, 0) == "  1.0"`` (total width 5) contradicts it (S029 conflict). A negative
    precision counts as 0; precision and width are capped at 4096 (not measured).
    """
    r = f32(r)
    p = min(max(precision, 0), _MAX_FORMAT)
    digits = max(p, 1)
    t = _trunc64(r)
    with localcontext() as ctx:
        # enough digits for the exact expansion of any binary32 value plus the quantum
        ctx.prec = 400 + p
        if math.isfinite(r):
            frac = abs(Decimal(r) - int(r))  # exact
        else:
            frac = Decimal(0)
        q = frac.quantize(Decimal(1).scaleb(-p), rounding=ROUND_HALF_UP)
    if q >= 1:  # the rounding carried into the integer part (R2S(0.9996) == "1.000")
        q -= 1
        t = t - 1 if r < 0 else t + 1
    ip = wrap_int(t)
    sign = "-" if ip < 0 or (ip == 0 and r < 0) else ""
    frac_text = f"{q:.{digits}f}".partition(".")[2]
    pad = min(width - p, _MAX_FORMAT)
    return f"{sign}{str(abs(ip)).rjust(pad)}.{frac_text}"


def R2S(r: float) -> str:
    """``R2S``: three decimals, rounded to nearest (S026, S027, S028; conformance 012).

    Same as ``R2SW(r, 0, 3)`` (jassdoc): ``R2S(0.9996) == "1.000"``,
    ``R2S(-0.0004) == "-0.000"``, ``R2S(1e10) == "1410065408.000"``.
    """
    return R2SW(r, 0, 3)


_C_SPACE = " \t\n\v\f\r"


def S2I(s: str | None) -> int:
    """``S2I``: C ``strtol(s, NULL, 10)`` with a 32-bit ``long`` (S032, S033; conformance 025).

    Skips leading C whitespace, takes an optional sign, reads decimal digits up to the first
    other character, clamps to [INT_MIN, INT_MAX]; no digits (or null) gives 0.
    ``S2I("  -4x") == -4``, ``S2I("0x10") == 0``, ``S2I("010") == 10``, ``S2I("1.9") == 1``,
    ``S2I("99999999999") == 2147483647``. Choice: ``+`` is accepted as a sign (strtol).
    """
    if not s:
        return 0
    i, n = 0, len(s)
    while i < n and s[i] in _C_SPACE:
        i += 1
    neg = False
    if i < n and s[i] in "+-":
        neg = s[i] == "-"
        i += 1
    start = i
    while i < n and "0" <= s[i] <= "9":
        i += 1
    if i == start:
        return 0
    v = int(s[start:i])
    if neg:
        v = -v
    return max(INT_MIN, min(INT_MAX, v))


def S2R(s: str | None) -> float:
    """``S2R`` (S034, S035; conformance 026).

    Reads ``[sign] digits [. digits]`` from the very start of the text (NO leading whitespace:
    ``S2R(" 2.5") == 0.0``; no exponent: ``S2R("1e3") == 1.0``; ``S2R(".123asd") == 0.123``,
    ``S2R("-.5") == -0.5``) and stops at the first other character. No digits, null, or a
    value beyond the binary32 range give 0.0 (``S2R("9" * 41) == 0.0``).
    Choice (unverified): ``+`` is accepted as a sign like ``-``.
    """
    if not s:
        return 0.0
    i, n = 0, len(s)
    sign = ""
    if s[0] in "+-":
        sign = s[0]
        i = 1
    start = i
    while i < n and "0" <= s[i] <= "9":
        i += 1
    whole = s[start:i]
    frac = ""
    if i < n and s[i] == ".":
        i += 1
        j = i
        while i < n and "0" <= s[i] <= "9":
            i += 1
        frac = s[j:i]
    if not whole and not frac:
        return 0.0
    v = f32(float(f"{sign}{whole or '0'}.{frac or '0'}"))
    if math.isinf(v):
        return 0.0
    return v


# ---------------------------------------------------------------------------------------
# Strings
# ---------------------------------------------------------------------------------------

def to_bytes(s: str) -> bytes:
    """The script bytes of a JASS string (UTF-8 with surrogateescape)."""
    return s.encode("utf-8", "surrogateescape")


def from_bytes(data: bytes) -> str:
    """A JASS string from script bytes (UTF-8 with surrogateescape; any bytes round-trip)."""
    return data.decode("utf-8", "surrogateescape")


#: The longest string (bytes of its UTF-8 form) the runtime builds. The game's limit at run
#: time is not documented: jassdoc (builtin-types.j, ``string``) says "the maximum string
#: length in JASS code is limited to ca. 4096 ASCII characters" and gives in-game strings of
#: up to 8191 characters (building tooltips); what the game does when a concatenation goes
#: past a limit was not found in any source. Choice: 64 KiB, 8 times the largest documented
#: in-game string, and a concatenation past it raises ``JassStringTooLong``, which crashes
#: the thread (runtime error kind ``string-too-long``). String literals have the same limit
#: (parser diagnostic E109). It bounds the memory of a string doubled in a loop or by a timer.
MAX_STRING_BYTES = 1 << 16
_SAFE_CHARS = MAX_STRING_BYTES // 4  # a string of this many characters is never too long


class JassStringTooLong(Exception):
    """A string operation would build a string over ``MAX_STRING_BYTES``: the VM ends the
    thread with the runtime error kind ``string-too-long`` (see ``MAX_STRING_BYTES``)."""


def string_bytes(s: str | None) -> int:
    """The length of ``s`` in bytes (UTF-8, surrogate escapes as one byte); 0 for null."""
    if not s:
        return 0
    if s.isascii():
        return len(s)
    return len(s.encode("utf-8", "surrogateescape"))


def _is_escape(ch: str) -> bool:
    return "\udc80" <= ch <= "\udcff"


def concat(a: str | None, b: str | None) -> str | None:
    """String ``a + b`` (S053, S054; conformance 030): null is the identity,
    ``"a" + null == "a"``, ``null + null == null``.

    When both sides meet at undecodable bytes (halves of one UTF-8 character cut by
    :func:`SubString`), the result is re-decoded so equal bytes give equal strings.
    A result longer than ``MAX_STRING_BYTES`` raises ``JassStringTooLong`` (checked before
    the string is built).
    """
    if a is None:
        return b
    if b is None:
        return a
    n = len(a) + len(b)
    if n > _SAFE_CHARS:
        size = n if n > MAX_STRING_BYTES else string_bytes(a) + string_bytes(b)
        if size > MAX_STRING_BYTES:
            raise JassStringTooLong(f"concatenation builds a string of at least {size} bytes, "
                                    f"over the runtime's limit of {MAX_STRING_BYTES} bytes")
    out = a + b
    if a and b and _is_escape(a[-1]) and _is_escape(b[0]):
        out = from_bytes(to_bytes(out))
    return out


def string_eq(a: str | None, b: str | None) -> bool:
    """String ``==``: by value, case-sensitive (S055; conformance 029).

    Choice (the reference has no case): null equals only null, so ``null == ""`` is false.
    """
    return a == b


def StringLength(s: str | None) -> int:
    """``StringLength``: the number of BYTES (UTF-8) (S043; conformance 023):
    ``StringLength("я") == 2``, ``StringLength(null) == 0``."""
    return string_bytes(s)


def SubString(s: str | None, start: int, end: int) -> str | None:
    """``SubString(s, start, end)``: bytes ``[start, end)``, zero-based (S044-S047;
    conformance 021, 022).

    - ``end`` past the length is clamped; ``end < start`` means "to the end of the string":
      ``SubString("abcdef", 2, 0) == "cdef"``, ``SubString("abcdef", 2, 99) == "cdef"``;
    - ``start == length`` gives ``""`` (``SubString("abcdef", 6, 8) == ""``), but
      ``start > length``, a null source and an empty source give null (S046);
    - Choice for ``start < 0`` (S047, undefined in JASS): ``""`` as jassdoc documents for Lua.

    Indices count bytes, so a cut may split a multi-byte character; the pieces keep the raw
    bytes (surrogate escapes) and :func:`concat` rejoins them.
    """
    if not s:
        return None
    data = s.encode("utf-8", "surrogateescape") if not s.isascii() else None
    n = len(data) if data is not None else len(s)
    if start > n:
        return None
    if start < 0:
        return ""
    if end < start or end > n:
        end = n
    if data is None:
        return s[start:end]
    return from_bytes(data[start:end])


_UPPER = {c: c - 32 for c in range(ord("a"), ord("z") + 1)}
_LOWER = {c: c + 32 for c in range(ord("A"), ord("Z") + 1)}


def StringCase(s: str | None, upper: bool) -> str | None:
    """``StringCase``: changes ASCII letters only; other characters are untouched; null in
    gives null out (S048; conformance 024, 029)."""
    if s is None:
        return None
    return s.translate(_UPPER if upper else _LOWER)


def _lookup2(k: bytes, initval: int = 0) -> int:
    """Bob Jenkins' lookup2 ``hash()`` (1996, public domain) on 32-bit unsigned words."""
    M = 0xFFFFFFFF

    def mix(a: int, b: int, c: int) -> tuple[int, int, int]:
        a = (a - b - c) & M; a ^= c >> 13
        b = (b - c - a) & M; b ^= (a << 8) & M
        c = (c - a - b) & M; c ^= b >> 13
        a = (a - b - c) & M; a ^= c >> 12
        b = (b - c - a) & M; b ^= (a << 16) & M
        c = (c - a - b) & M; c ^= b >> 5
        a = (a - b - c) & M; a ^= c >> 3
        b = (b - c - a) & M; b ^= (a << 10) & M
        c = (c - a - b) & M; c ^= b >> 15
        return a, b, c

    length = len(k)
    a = b = 0x9E3779B9
    c = initval & M
    pos = 0
    rest = length
    while rest >= 12:
        a = (a + int.from_bytes(k[pos:pos + 4], "little")) & M
        b = (b + int.from_bytes(k[pos + 4:pos + 8], "little")) & M
        c = (c + int.from_bytes(k[pos + 8:pos + 12], "little")) & M
        a, b, c = mix(a, b, c)
        pos += 12
        rest -= 12
    tail = k[pos:]
    c = (c + length) & M
    # the last 11 bytes: a gets bytes 0-3, b bytes 4-7, c bytes 8-10 shifted up by one byte
    # (its low byte holds the length)
    a = (a + int.from_bytes(tail[0:4], "little")) & M
    b = (b + int.from_bytes(tail[4:8], "little")) & M
    c = (c + (int.from_bytes(tail[8:11], "little") << 8)) & M
    a, b, c = mix(a, b, c)
    return c


_HASH_NORM = bytes(
    (c - 32) if ord("a") <= c <= ord("z") else (ord("\\") if c == ord("/") else c)
    for c in range(256)
)


def sstrhash2(data: bytes) -> int:
    """Storm's ``SStrHash2`` as an unsigned 32-bit value: lookup2 (initval 0) of a copy in
    which ``a``-``z`` are upper-cased and ``/`` becomes ``\\`` (S049; pjass ``sstrhash.c``)."""
    return _lookup2(data.translate(_HASH_NORM), 0)


def StringHash(s: str | None) -> int:
    """``StringHash``: :func:`sstrhash2` of the string's bytes as a signed int32 (S049, S050;
    conformance 028): ``StringHash("hello") == StringHash("HELLO") == -1801350911``,
    ``StringHash("a/b") == StringHash("a\\\\b")``.

    Choices: only ASCII letters fold (the pre-1.30 byte behaviour; Reforged's folding of some
    non-ASCII letters, S052, is not modelled). ``StringHash("")`` is the plain algorithm's
    value -1119235827 (S051, low confidence); ``StringHash(null)`` is 0.
    """
    if s is None:
        return 0
    return wrap_int(sstrhash2(to_bytes(s)))


# ---------------------------------------------------------------------------------------
# Math natives: results through f32; domain errors give 0, never NaN (S039-S041)
# ---------------------------------------------------------------------------------------

def _finite_or_zero(v: float) -> float:
    return 0.0 if math.isnan(v) else f32(v)


def SquareRoot(x: float) -> float:
    """``SquareRoot``: 0.0 for ``x <= 0`` (S039; conformance 018)."""
    if not x > 0.0:
        return 0.0
    return f32(math.sqrt(x))


def Pow(x: float, power: float) -> float:
    """``Pow(x, power)`` (S040; conformance 018).

    ``power == 0`` gives 1.0 (also ``Pow(0, 0)``); ``x == 0`` with ``power < 0`` gives 0.0;
    a negative base with a non-integer exponent behaves like ``|x|``
    (``Pow(-8, 1/3) == 2.0``, ``Pow(-2, 0.5) == 1.414...``), with an integer exponent it keeps
    the sign (``Pow(-2, 3) == -8``). Overflow gives +-inf as the C float result would.
    """
    if power == 0.0:
        return 1.0
    if x == 0.0 and power < 0.0:
        return 0.0
    if x < 0.0 and not (math.isfinite(power) and power == math.floor(power)):
        x = -x
    try:
        v = math.pow(x, power)
    except OverflowError:
        negative = x < 0.0 and math.isfinite(power) and power % 2 == 1
        v = -math.inf if negative else math.inf
    except ValueError:
        return 0.0
    return _finite_or_zero(v)


def _unary(fn, x: float) -> float:
    try:
        return _finite_or_zero(fn(x))
    except (ValueError, OverflowError):
        return 0.0


def Sin(radians: float) -> float:
    """``Sin`` in binary32; a non-finite argument gives 0.0 (S039: never NaN)."""
    return _unary(math.sin, radians)


def Cos(radians: float) -> float:
    """``Cos`` in binary32; a non-finite argument gives 0.0 (S039: never NaN)."""
    return _unary(math.cos, radians)


def Tan(radians: float) -> float:
    """``Tan`` in binary32; a non-finite argument gives 0.0 (S039: never NaN)."""
    return _unary(math.tan, radians)


def Asin(y: float) -> float:
    """``Asin``: 0.0 outside [-1, 1] (S039; conformance 018)."""
    if not -1.0 <= y <= 1.0:
        return 0.0
    return f32(math.asin(y))


def Acos(x: float) -> float:
    """``Acos``: 0.0 outside [-1, 1] (S039; conformance 018)."""
    if not -1.0 <= x <= 1.0:
        return 0.0
    return f32(math.acos(x))


def Atan(x: float) -> float:
    """``Atan`` in binary32 (jassdoc: "returns 0 for invalid input"; only NaN is invalid)."""
    return _unary(math.atan, x)


def Atan2(y: float, x: float) -> float:
    """``Atan2(y, x)``: 0.0 when both are 0, including signed zeros (S039, jassdoc)."""
    if y == 0.0 and x == 0.0:
        return 0.0
    try:
        return _finite_or_zero(math.atan2(y, x))
    except ValueError:
        return 0.0


def Deg2Rad(degrees: float) -> float:
    """``Deg2Rad`` with a precise pi (S041; conformance 019): ``Deg2Rad(180.)`` is binary32
    pi, 3.14159274..., unlike Blizzard.j's ``bj_PI = 3.14159``."""
    return f32(degrees * (math.pi / 180.0))


def Rad2Deg(radians: float) -> float:
    """``Rad2Deg`` with a precise pi (S041)."""
    return f32(radians * (180.0 / math.pi))


# ---------------------------------------------------------------------------------------
# Randomness
# ---------------------------------------------------------------------------------------

class JassRandom:
    """The global JASS random stream: ``SetRandomSeed``, ``GetRandomInt``, ``GetRandomReal``
    (S149, S150). One instance is shared by all threads; the same seed gives the same sequence.

    The game's own generator is not public, so sequences differ from the game's (jassdoc's
    ``SetRandomSeed(42)`` / ``GetRandomInt(0, 18) == 12`` is not reproduced). The generator
    is PCG32 (XSH-RR, O'Neill 2014) on a 64-bit state; ``getstate``/``setstate`` give plain
    data for save files.
    """

    _MULT = 6364136223846793005
    _INC = 1442695040888963407
    _M64 = 0xFFFFFFFFFFFFFFFF

    def __init__(self, seed: int = 0) -> None:
        self.state = 0
        self.seed(seed)

    def seed(self, seed: int) -> None:
        """``SetRandomSeed(seed)``: restart the stream from a 32-bit seed."""
        self.state = 0
        self.next_u32()
        self.state = (self.state + (seed & 0xFFFFFFFF)) & self._M64
        self.next_u32()

    def getstate(self) -> int:
        """The whole generator state (an int) for saving."""
        return self.state

    def setstate(self, state: int) -> None:
        """Restore a state from :meth:`getstate`."""
        self.state = state & self._M64

    def next_u32(self) -> int:
        """The next raw 32-bit output."""
        old = self.state
        self.state = (old * self._MULT + self._INC) & self._M64
        xorshifted = (((old >> 18) ^ old) >> 27) & 0xFFFFFFFF
        rot = old >> 59
        return ((xorshifted >> rot) | (xorshifted << ((-rot) & 31))) & 0xFFFFFFFF

    def get_random_int(self, low: int, high: int) -> int:
        """``GetRandomInt(low, high)``: uniform in ``[low, high]``, both inclusive (S149).

        ``low == high`` returns it (no draw). Reversed bounds are swapped (jassdoc
        ``GetRandomInt``: "If lowBound > highBound then it just swaps the values"; see the
        report on S149). The full range bug: ``(INT_MIN, INT_MAX)`` always gives INT_MIN and
        ``(INT_MAX, INT_MIN)`` always INT_MAX, i.e. ``low`` as passed (the 2**32-wide span
        wraps to 0).
        """
        low = wrap_int(low)
        high = wrap_int(high)
        if low == high:
            return low
        lo, hi = (low, high) if low < high else (high, low)
        span = (hi - lo + 1) & 0xFFFFFFFF
        if span == 0:
            return low
        return wrap_int(lo + ((self.next_u32() * span) >> 32))

    def random_unit(self) -> float:
        """A binary32 value in ``[0, 1)`` with 24 random bits."""
        return (self.next_u32() >> 8) / 16777216.0

    def get_random_real(self, low: float, high: float) -> float:
        """``GetRandomReal(low, high)``: ``[low, high)`` (S150); ``low == high`` returns it.

        Reversed bounds are NOT swapped: the range is ``[low, low + |high - low|)``
        (jassdoc ``GetRandomReal`` test: seed 0 gives -4.08 for (-42, 42) and 79.92 for
        (42, -42), i.e. the same fraction of 84 added to ``low``).
        """
        low = f32(low)
        high = f32(high)
        if low == high:
            return low
        delta = f32(abs(high - low))
        return real_add(low, real_mul(self.random_unit(), delta))
