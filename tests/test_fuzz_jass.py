"""Fuzzing the front end (issue 16, items 3 and 4): corpus snippets (the pjass test files and
slices of the corpus map scripts), mutated with hostile bytes and tokens (deep nesting by
repetition, long literals, NUL and 0xFF, unbalanced quotes, line-break mixes, cut and
duplicated ranges), must give nothing but diagnostics:

- ``jass check`` (``checker.load_sources``) returns a program and never an internal parser
  error (E100);
- the loader ``jass run`` uses (``loader.load_program`` with the built-in API) returns a
  program or raises ``JassError``, never another exception, and never refuses in the compiler
  (E300) what the checker accepted: ``jass check --lenient`` and ``jass run`` agree (except
  where a ``//# +no...error`` annotation told the checker to drop its errors).

The default run is short, with a fixed seed (hypothesis ``derandomize``) and a bounded number
of examples. ``pytest -m fuzz tests/test_fuzz_jass.py`` runs the long variants
(``JASS_FUZZ_EXAMPLES`` sets how many, default 3000 per property).
"""
from __future__ import annotations

import os
import re
from functools import lru_cache
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings, strategies as st

from conftest import SHARED
from jassvm import loader
from jassvm.checker import CheckOptions, load_sources
from jassvm.diagnostics import Diagnostic, JassError, Severity
from jassvm.loader import load_program
from natives.builtin import builtin_source
from natives.library import load_natives

CORPUS = SHARED / "corpus"
LONG = int(os.environ.get("JASS_FUZZ_EXAMPLES", "3000"))
_CODE = re.compile(r"[EW]\d{3}")
# pjass's annotations that drop the checker's errors: the compiler still refuses what it cannot
# compile (E300), so jass run and jass check differ there by design.
_SUPPRESSED = re.compile(rb"//#.*\+no(?:syntax|semantic|runtime)error")

TOKENS = [
    b"(", b")", b"[", b"]", b",", b'"', b"'", b"\\", b"\n", b"\r", b"\r\n", b" ", b"\t", b"//",
    b"//# +rb\n", b"//# +nosyntaxerror\n", b"//# +bogus\n", b"\x00", b"\xff", b"\xef\xbb\xbf",
    b"\xe2\x82", b"function ", b"endfunction", b"takes ", b"returns ", b"nothing", b"if ",
    b"then", b"else", b"elseif ", b"endif", b"loop", b"endloop", b"exitwhen ", b"return ",
    b"set ", b"call ", b"local ", b"globals", b"endglobals", b"constant ", b"native ", b"type ",
    b"extends ", b"array ", b"debug ", b" and ", b" or ", b"not ", b"null", b"true", b"false",
    b"integer ", b"real ", b"string ", b"boolean ", b"code ", b"handle ", b"+", b"-", b"*",
    b"/", b"%", b"==", b"!=", b"<", b">=", b"=", b"0", b"1.", b".5", b"0x", b"$ff", b"07",
    b"08", b"2147483648", b"'hfoo'", b"'\\n'", b"'ab'", b'"\\q"', b'"a\\"b"', b"x", b"f", b"g",
    b"function f", b"9" * 60, b"a" * 300,
]
REPEATED = [b"(", b")", b"not ", b"- ", b"1+", b"+1", b"g(", b"if true then\n", b"loop\n",
            b"endif\n", b"x[", b"\n", b"\\", b'"', b"9", b"a"]


@lru_cache(maxsize=1)
def seeds() -> tuple[bytes, ...]:
    """The pjass test files and the corpus map scripts (sliced by the strategy)."""
    files = sorted((CORPUS / "pjass-tests").rglob("*.j")) + sorted((CORPUS / "maps").glob("*/war3map.j"))
    found = tuple(p.read_bytes() for p in files if p.is_file())
    if not found:
        pytest.skip(f"no corpus at {CORPUS}")
    return found


@lru_cache(maxsize=None)
def _function_starts(data: bytes) -> list[int]:
    return [i for i, line in enumerate(data.splitlines()) if line.startswith(b"function ")]


@st.composite
def snippets(draw) -> bytes:
    """A corpus file, or a window of lines of one, then a few mutations."""
    data = draw(st.sampled_from(seeds()))
    if len(data) > 4000:
        lines = data.splitlines(keepends=True)
        starts = _function_starts(data)
        if starts and draw(st.booleans()):   # whole functions: they get past the parser
            first = draw(st.sampled_from(starts))
            count = draw(st.integers(1, 5))
            end = first
            while end < len(lines) and count:
                count -= lines[end].lstrip().startswith(b"endfunction")
                end += 1
            data = b"".join(lines[first:end])
        else:
            start = draw(st.integers(0, len(lines) - 1))
            data = b"".join(lines[start:start + draw(st.integers(1, 120))])
    for _ in range(draw(st.integers(0, 6))):
        op = draw(st.sampled_from(["insert", "delete", "repeat", "duplicate", "byte", "cut"]))
        i = draw(st.integers(0, len(data)))
        if op == "insert":
            data = data[:i] + draw(st.sampled_from(TOKENS)) + data[i:]
        elif op == "delete":
            data = data[:i] + data[i + draw(st.integers(1, 64)):]
        elif op == "repeat":
            data = data[:i] + draw(st.sampled_from(REPEATED)) * draw(st.integers(2, 3000)) + data[i:]
        elif op == "duplicate":
            j = min(len(data), i + draw(st.integers(1, 400)))
            data = data[:j] + data[i:j] * draw(st.integers(1, 8)) + data[j:]
        elif op == "byte":
            data = data[:i] + bytes([draw(st.integers(0, 255))]) + data[i + 1:]
        else:
            data = data[:i]
    return data


def assert_diagnostics(diags: list[Diagnostic]) -> None:
    for d in diags:
        assert isinstance(d, Diagnostic) and _CODE.fullmatch(d.code), d
        assert d.code != "E100", d.format()            # an internal parser error
        assert d.severity in (Severity.ERROR, Severity.WARNING) and d.line >= 0 and d.col >= 0


def check_property(data: bytes) -> None:
    for options in (CheckOptions(), CheckOptions(strict=False, rb=True)):
        program = load_sources([("f.j", data)], options)
        assert_diagnostics(program.diagnostics)


@lru_cache(maxsize=1)
def _builtin() -> tuple[bytes, dict]:
    natives = load_natives()
    return builtin_source(), natives


_parse_cached = loader.parse_cached


def _memo_parse(data: bytes, file: str, use_cache: bool = True):
    """The loader's parse step, with the built-in API parsed once per session."""
    if file == "<built-in API>":
        return _builtin_tree()
    return _parse_cached(data, file, False)


@lru_cache(maxsize=1)
def _builtin_tree():
    api, _natives = _builtin()
    return _parse_cached(api, "<built-in API>", False)


@pytest.fixture(scope="module")
def builtin_parsed_once():
    patch = pytest.MonkeyPatch()
    patch.setattr(loader, "parse_cached", _memo_parse)
    yield
    patch.undo()


def load_property(data: bytes) -> None:
    api, natives = _builtin()
    try:
        result = load_program([("<built-in API>", api), ("f.j", data)], natives, use_cache=False)
    except JassError as exc:
        assert exc.diagnostics and any(d.is_error for d in exc.diagnostics)
        assert_diagnostics([d for d in exc.diagnostics if d.code != "E300"])
        if not _SUPPRESSED.search(data):
            assert [d.format() for d in exc.diagnostics if d.code == "E300"] == [], \
                "the compiler refused what the checker accepted"
    else:
        assert_diagnostics(result.diagnostics)
        assert not any(d.is_error for d in result.diagnostics)


FAST = settings(max_examples=200, derandomize=True, database=None, deadline=None,
                suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large])
SLOW = settings(FAST, max_examples=LONG, derandomize=False)


@FAST
@given(snippets())
def test_check_gives_only_diagnostics(data):
    check_property(data)


@settings(FAST, max_examples=60)
@given(snippets())
def test_load_gives_only_jass_errors(builtin_parsed_once, data):
    load_property(data)


@pytest.mark.fuzz
@SLOW
@given(snippets())
def test_check_gives_only_diagnostics_long(data):
    check_property(data)


@pytest.mark.fuzz
@SLOW
@given(snippets())
def test_load_gives_only_jass_errors_long(builtin_parsed_once, data):
    load_property(data)
