"""Input the game or pjass would answer with a diagnostic gets one here, in bounded time and
memory (issue 16, items 3 and 4): deep nesting, literals of any length, oversized scripts,
special files given as inputs.

Memory bounds are generous (tracemalloc peaks, several times what is measured); each case
used to raise a Python exception, walk without bound or allocate gigabytes.
"""
from __future__ import annotations

import os
import stat
import tracemalloc
from pathlib import Path

import pytest
from click.testing import CliRunner

from cli import main
from jassvm import fastpath
from jassvm.checker import load_sources
from jassvm.diagnostics import JassError
from jassvm.loader import load_program
from jassvm.parser import MAX_BLOCK_DEPTH, MAX_NUMBER_LITERAL, parse
from jassvm.source import (MAX_SOURCE_BYTES, MAX_SOURCE_LINES, SourceFileError, SourceText,
                           read_source_file)
from jassvm.values import MAX_STRING_BYTES
from jassvm.vm import VM

HEAD = "function g takes integer i returns integer\n    return i\nendfunction\n"


def function(body: str, returns: str = "nothing") -> bytes:
    return f"{HEAD}function f takes nothing returns {returns}\n{body}\nendfunction\n".encode()


def errors(src: bytes) -> list[str]:
    """Error diagnostics of ``jass check`` (``checker.load_sources``), formatted."""
    return [d.format() for d in load_sources([("t.j", src)]).diagnostics if d.is_error]


def load_errors(src: bytes) -> list[str]:
    """Error diagnostics of the loader ``jass run`` uses (empty when the program loads)."""
    try:
        load_program([("t.j", src)], {}, use_cache=False)
    except JassError as exc:
        return [d.format() for d in exc.diagnostics if d.is_error]
    return []


def peak_bytes(fn, *args) -> int:
    tracemalloc.start()
    try:
        fn(*args)
        return tracemalloc.get_traced_memory()[1]
    finally:
        tracemalloc.stop()


# ------------------------------------------------------------------------- nesting

DEEP = 5000

DEEP_EXPRESSIONS = {
    "nested calls": ("integer", "g(" * DEEP + "1" + ")" * DEEP, 1),
    "parentheses": ("integer", "(" * DEEP + "7" + ")" * DEEP, 7),
    "not": ("boolean", "not " * DEEP + "true", DEEP % 2 == 0),
    "unary minus": ("integer", "- " * DEEP + "3", 3 if DEEP % 2 == 0 else -3),
    "+ chain": ("integer", "+".join(["1"] * DEEP), DEEP),
    "400-term + chain": ("integer", "+".join(["1"] * 400), 400),
    "and chain": ("boolean", " and ".join(["true"] * DEEP), True),
    "right-nested +": ("integer", "1+(" * DEEP + "1" + ")" * DEEP, DEEP + 1),
    "string chain": ("string", "+".join(['"ab"'] * DEEP), "ab" * DEEP),
    "array index": ("integer", "a[" * DEEP + "0" + "]" * DEEP, 0),
}


@pytest.mark.parametrize("case", list(DEEP_EXPRESSIONS))
def test_deep_expressions_check_load_and_run_alike(case, monkeypatch):
    """No nesting limit on expressions: ``jass check`` accepts them, the loader compiles
    them and the VM (bytecode and fast path) computes their value."""
    monkeypatch.setattr(fastpath, "HOT_CALLS", 1)     # translate on the first call
    type_name, expr, expected = DEEP_EXPRESSIONS[case]
    src = (f"globals\n    {type_name} r\n    integer array a\nendglobals\n{HEAD}"
           f"function Main takes nothing returns nothing\n    set a[0] = 0\n    set r = {expr}\nendfunction\n")
    assert errors(src) == []
    program = load_program([("t.j", src.encode())], {}, use_cache=False).program
    for fast in (False, True):
        vm = VM(program, fast=fast)
        vm.run_init()
        vm.call("Main")
        assert vm.errors == []
        assert vm.globals[program.global_index["r"].index] == expected


def test_block_nesting_up_to_the_limit_is_accepted():
    n = MAX_BLOCK_DEPTH
    src = function("    if true then\n" * (n // 2) + "    loop\n" * (n - n // 2) + "    exitwhen true\n"
                   + "    endloop\n" * (n - n // 2) + "    endif\n" * (n // 2))
    assert errors(src) == [] and load_errors(src) == []


@pytest.mark.parametrize("block, end", [("if true then", "endif"), ("loop", "endloop"),
                                        ("if false then\n    else", "endif")])
def test_block_nesting_past_the_limit_is_e108_at_the_block(block, end):
    n = 2000
    src = function(f"    {block}\n" * n + f"    {end}\n" * n)
    lines = src.decode().splitlines()
    # the first block past the limit: its line in the file
    opener = [i for i, text in enumerate(lines, 1) if text.strip().startswith(block.split()[0])]
    line = opener[MAX_BLOCK_DEPTH]
    col = 8 if block.startswith("if") else 5     # an if is at its condition
    found = errors(src)
    assert found == [f"t.j:{line}:{col}: error[E108]: nesting too deep: blocks (if, loop, debug) nested "
                     f"more than {MAX_BLOCK_DEPTH} levels"]
    assert load_errors(src) == found          # jass run refuses the same file


def test_deep_nesting_is_small():
    src = function("    local integer x = " + "(" * 20_000 + "1" + ")" * 20_000
                   + "\n" + "    if true then\n" * 20_000 + "    endif\n" * 20_000)
    peak = peak_bytes(load_sources, [("t.j", src)])   # no timing here: benchmarks/ measure speed
    assert peak < 400 * len(src)


# ------------------------------------------------------------------------- literals

def test_integer_literal_of_5000_digits_is_e109():
    src = function("    local integer x = " + "9" * 5000)
    assert errors(src) == [f"t.j:5:23: error[E109]: integer literal of 5000 characters is longer "
                           f"than the limit of {MAX_NUMBER_LITERAL}"]
    assert load_errors(src) == errors(src)


@pytest.mark.parametrize("literal, value", [
    ("9" * MAX_NUMBER_LITERAL, int("9" * MAX_NUMBER_LITERAL)),
    ("0x" + "f" * (MAX_NUMBER_LITERAL - 2), int("f" * (MAX_NUMBER_LITERAL - 2), 16)),
    ("$" + "1" * (MAX_NUMBER_LITERAL - 1), int("1" * (MAX_NUMBER_LITERAL - 1), 16)),
    ("0" + "7" * (MAX_NUMBER_LITERAL - 1), int("7" * (MAX_NUMBER_LITERAL - 1), 8)),
])
def test_long_number_literals_under_the_limit_wrap_to_int32(literal, value):
    tree, diags = parse(function(f"    local integer x = {literal}"))
    assert diags == []
    v = value & 0xFFFFFFFF
    assert tree.decls[1].body[0].init.value == (v - (1 << 32) if v >= 1 << 31 else v)


@pytest.mark.parametrize("literal", ["9" * 5000 + ".5", "." + "1" * 5000, "0x" + "f" * 10_000,
                                     "0" + "7" * 10_000])
def test_long_literals_of_every_kind_are_diagnostics(literal):
    type_name = "real" if "." in literal else "integer"
    found = errors(function(f"    local {type_name} x = {literal}"))
    assert len(found) == 1 and "error[E109]" in found[0] and found[0].startswith("t.j:5:")


def test_long_rawcode_is_e106_without_reading_it_all():
    src = function("    local integer x = '" + "a" * 1_000_000 + "'")
    assert peak_bytes(errors, src) < 20 * len(src)     # measured: about 6 bytes per byte
    found = errors(src)
    assert found == ["t.j:5:23: error[E106]: rawcodes must consist of 1 or 4 characters (this one has "
                     "1000000 bytes)"]


def test_string_literal_at_the_limit_is_accepted_and_over_it_is_e109():
    ok = function('    local string x = "' + "a" * MAX_STRING_BYTES + '"')
    assert [d.code for d in load_sources([("t.j", ok)]).diagnostics] == ["E280"]  # pjass's length warning
    over = function('    local string x = "' + "a" * (MAX_STRING_BYTES + 1) + '"')
    assert errors(over) == [f"t.j:5:22: error[E109]: string literal of {MAX_STRING_BYTES + 1} bytes is "
                            f"longer than the limit of {MAX_STRING_BYTES}"]
    assert load_errors(over) == errors(over)


def test_string_literal_limit_counts_bytes_after_escapes():
    src = function('    local string x = "' + "\\n" * MAX_STRING_BYTES + '"')
    tree, diags = parse(src)
    assert [d.code for d in diags] == []
    assert tree.decls[1].body[0].init.value == "\n" * MAX_STRING_BYTES


def test_one_megabyte_string_literal_costs_little_memory():
    """Was about 350 bytes per byte of literal (the lexer's regular expression)."""
    src = b'globals\n    string s = "' + b"a" * 1_000_000 + b'"\nendglobals\n'
    peak = peak_bytes(parse, src)
    assert peak < 50_000_000


def test_escapes_faults_give_one_diagnostic_per_literal():
    src = function('    local string x = "' + "\\q" * 30_000 + "\0" * 30_000 + '"')
    assert [d.code for d in parse(src)[1]] == ["E104", "E105"]


# ------------------------------------------------------------------------- script size

def test_megabyte_of_newlines_costs_little_memory():
    """Was about 700 bytes per line: the lexer's blank-line regular expression and a list of
    Python ints as line table."""
    src = b"\n" * 1_000_000
    peak = peak_bytes(parse, src)
    assert peak < 50_000_000


def test_script_over_the_line_limit_is_e110_before_any_work():
    src = b"\n" * MAX_SOURCE_LINES
    # no line table, no tokens: measured 482 bytes (23 MB for one line less, which is parsed)
    assert peak_bytes(parse, src, "big.j") < 100_000
    tree, diags = parse(src, "big.j")
    assert tree is None and [d.format() for d in diags] == [
        f"big.j:1:1: error[E110]: script of {MAX_SOURCE_LINES + 1} lines is longer than the limit "
        f"of {MAX_SOURCE_LINES} lines"]
    assert load_errors(src) == [d.format().replace("big.j", "t.j") for d in diags]


def test_script_over_the_byte_limit_is_e110():
    src = b" " * (MAX_SOURCE_BYTES + 1)
    tree, diags = parse(src, "big.j")
    assert tree is None and [d.code for d in diags] == ["E110"]
    assert "larger than the limit" in diags[0].message


def test_line_table_is_compact():
    src = SourceText(b"a\r\nb\rc\nd" * 1000)
    assert src.pos(0) == (src.file, 1, 1) and src.pos(3) == (src.file, 2, 1)
    assert src.pos(5) == (src.file, 3, 1) and src.pos(len(src.text) - 1) == (src.file, 3001, 1)
    assert src._starts.itemsize == 8


# ------------------------------------------------------------------------- special files

def test_read_source_file_refuses_special_files_at_once(tmp_path, opened):
    fifo = tmp_path / "pipe.j"
    os.mkfifo(fifo)
    with pytest.raises(SourceFileError, match="a FIFO, not a regular file"):
        read_source_file(fifo)          # opening it for reading would block forever
    with pytest.raises(SourceFileError, match="a folder, not a regular file"):
        read_source_file(tmp_path)
    if Path("/dev/zero").exists() and stat.S_ISCHR(os.stat("/dev/zero").st_mode):
        with pytest.raises(SourceFileError, match="a device, not a regular file"):
            read_source_file("/dev/zero")   # reading it all would never end
    assert opened == []


def test_read_source_file_refuses_a_file_over_the_limit(tmp_path):
    big = tmp_path / "big.j"
    big.write_bytes(b"x" * 101)
    assert read_source_file(big, limit=101) == b"x" * 101
    with pytest.raises(SourceFileError, match="file of 101 bytes is larger than the limit of 100 bytes"):
        read_source_file(big, limit=100)
    with pytest.raises(FileNotFoundError):
        read_source_file(tmp_path / "missing.j")


def check_cli(*args: str):
    return CliRunner().invoke(main, ["check", *args], env={"JASS_API": None, "NO_COLOR": "1"})


def test_jass_check_refuses_devices_fifos_and_folders_with_a_clear_error(tmp_path, opened):
    fifo = tmp_path / "pipe.j"
    os.mkfifo(fifo)
    paths = [str(fifo), str(tmp_path)] + (["/dev/zero"] if Path("/dev/zero").exists() else [])
    result = check_cli(*paths)
    assert not set(paths) & set(opened)
    assert result.exit_code == 1 and "Traceback" not in result.output
    assert f"error: cannot read {fifo}: a FIFO, not a regular file" in result.output
    assert f"error: cannot read {tmp_path}: a folder, not a regular file" in result.output
    if "/dev/zero" in paths:
        assert "error: cannot read /dev/zero: a device, not a regular file" in result.output


def test_jass_check_refuses_a_script_over_the_size_limit(tmp_path, monkeypatch):
    path = tmp_path / "big.j"
    path.write_bytes(b"// comment\n" * 10)
    monkeypatch.setattr("jassvm.source.MAX_SOURCE_BYTES", 50)
    result = check_cli(str(path))
    assert result.exit_code == 1
    assert f"error: cannot read {path}: file of 110 bytes is larger than the limit of 50 bytes" \
        in result.output


def test_syntax_node_budget_is_e110_where_the_parse_stops(monkeypatch):
    """The densest input makes one node per byte of source; the budget caps its memory."""
    monkeypatch.setattr("jassvm.parser.MAX_SYNTAX_NODES", 1000)
    src = function("    local integer x = " + "+".join(["1"] * 2000))
    tree, diags = parse(src, "t.j")
    assert tree is None and len(diags) == 1 and diags[0].code == "E110"
    assert diags[0].message == "script too large: more than 1000 syntax-tree nodes"
    assert diags[0].line == 5 and 23 < diags[0].col < 23 + 4000    # inside the expression
    assert load_errors(src) == [diags[0].format()]
