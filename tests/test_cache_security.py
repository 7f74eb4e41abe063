"""The parse and program caches hold checked data, never code (issue 16, item 2).

A file planted under the computed key in the cache folder (a restored CI cache, a shared
folder) used to be unpickled, so its code ran on the next load. Entries are now msgpack
behind a magic/version/sha256 header, validated while they are rebuilt; anything that fails
is deleted and rebuilt the normal way.
"""
from __future__ import annotations

import ast as pyast
import dataclasses
import os
import pickle
from pathlib import Path

import msgpack
import pytest

from jassvm import ast, bytecode as bc, cache, loader, parse_cache
from jassvm.loader import load_program, parse_cached
from jassvm.parser import parse
from jassvm.vm import UNSET, VM, JassArray

from conftest import ROOT, shared_path

SOURCE = b"""
globals
    integer array counts
    real ratio = 0.1
    string greeting = "hello"
    code callback = null
endglobals
native Note takes integer n returns nothing
native I2S takes integer i returns string
function Twice takes integer n returns integer
    return n * 2
endfunction
function Count takes nothing returns nothing
    local integer i = 0
    loop
        exitwhen i >= 3
        set counts[i] = Twice(i)
        call Note(counts[i])
        set i = i + 1
    endloop
endfunction
function Main takes nothing returns string
    set callback = function Count
    call Count()
    set ratio = ratio * 3.0
    return greeting + " " + I2S(counts[2])
endfunction
"""

# Bytes that are not UTF-8 in a string literal and a comment (kept as surrogate escapes).
# The parser refuses \xFF (E105) but still returns the tree, which the parse cache keeps.
SURROGATE_SOURCE = (b"globals\n    string raw = \"a\xff\xfeb\"\nendglobals\n"
                    b"// a comment with \xff\xfe bytes\n"
                    b"function Main takes nothing returns string\n"
                    b"    return raw + \"\xfe\x80\"\n"
                    b"endfunction\n")
# The same without \xFF, so that it loads as a program.
SURROGATE_PROGRAM = SURROGATE_SOURCE.replace(b"\xff", b"\xc0")


def natives_for(log: list) -> dict:
    return {"Note": lambda ctx, n: log.append(n), "I2S": lambda ctx, i: str(i)}


@pytest.fixture(autouse=True)
def cache_folder(tmp_path, monkeypatch) -> Path:
    folder = tmp_path / "cache"
    monkeypatch.setenv("JASS_CACHE_DIR", str(folder))
    return folder


class Planted:
    """A pickle payload whose loading creates ``marker`` (what a planted entry could do)."""

    def __init__(self, marker: Path):
        self.marker = marker

    def __reduce__(self):
        return (open, (str(self.marker), "w"))


def planted_pickle(marker: Path) -> bytes:
    payload = pickle.dumps(Planted(marker), protocol=pickle.HIGHEST_PROTOCOL)
    probe = marker.with_name("probe")
    pickle.loads(pickle.dumps(Planted(probe)))  # the payload really runs code when unpickled
    assert probe.exists()
    probe.unlink()
    return payload


def program_entry(sources, natives, strict=False, cache_salt=b"", array_size=None) -> Path:
    """The program cache file ``load_program`` uses, keyed as loader.py computes it."""
    key = cache.program_key(sources, [b"strict" if strict else b"lenient", cache_salt,
                                      str(array_size).encode(), loader._natives_key(natives)])
    return loader.cache_dir() / f"{key}.program"


def tree_entry(data: bytes, file: str) -> Path:
    return parse_cache.cache_dir() / f"{parse_cache.tree_key(data, file)}.ast"


def valid_program_entry(path: Path, natives) -> bool:
    return path.read_bytes().startswith(cache.PROGRAM_MAGIC) and cache.load(path, natives) is not None


def valid_tree_entry(path: Path) -> bool:
    return path.read_bytes().startswith(cache.TREE_MAGIC) and cache.load_tree(path) is not None


def run(program, log: list, fast: bool = True) -> dict:
    vm = VM(program, fast=fast)
    vm.run_init()
    th = vm.call("Main")
    th2 = vm.call("Main")  # a second call: functions get translated by the fast path

    def value(v):
        if isinstance(v, JassArray):
            return dict(v)
        if isinstance(v, (bc.CompiledFunction, bc.NativeBinding)):
            return ("code", v.name)
        return "<unset>" if v is UNSET else v

    return {"globals": {g.name: value(vm.globals[g.index]) for g in vm.program.globals},
            "results": (th.result, th2.result), "ops": (th.ops, th2.ops),
            "errors": [e.message for e in vm.errors], "log": list(log)}


def load_twice(sources, natives):
    fresh = load_program(sources, natives)
    assert fresh.files, "the first load must not come from the program cache"
    cached = load_program(sources, natives)
    assert cached.files == [], "the second load must come from the program cache"
    return fresh, cached


# ------------------------------------------------------------------ planted pickle files

def test_planted_pickle_under_the_program_key_does_not_run(tmp_path):
    log: list = []
    natives = natives_for(log)
    sources = [("t.j", SOURCE)]
    entry = program_entry(sources, natives)
    marker = tmp_path / "pwned-program"
    entry.parent.mkdir(parents=True, exist_ok=True)
    entry.write_bytes(planted_pickle(marker))

    result = load_program(sources, natives)

    assert not marker.exists()
    assert result.files, "the planted entry must not have been used"
    assert run(result.program, log)["results"][0] == "hello 4"
    assert valid_program_entry(entry, natives), "the planted entry is replaced by a valid one"
    assert load_program(sources, natives).files == []  # and now serves the next load


def test_planted_pickle_under_the_parse_key_does_not_run(tmp_path):
    entry = tree_entry(SOURCE, "t.j")
    marker = tmp_path / "pwned-ast"
    entry.parent.mkdir(parents=True, exist_ok=True)
    entry.write_bytes(planted_pickle(marker))

    result = parse_cached(SOURCE, "t.j")

    assert not marker.exists()
    assert result == parse(SOURCE, "t.j")
    assert valid_tree_entry(entry)


def test_planted_pickle_under_both_keys_through_load_program(tmp_path):
    natives = natives_for([])
    sources = [("t.j", SOURCE)]
    marker = tmp_path / "pwned"
    loader.cache_dir().mkdir(parents=True)
    for entry in (program_entry(sources, natives), tree_entry(SOURCE, "t.j")):
        entry.write_bytes(planted_pickle(marker))
    load_program(sources, natives)
    assert not marker.exists()
    assert valid_program_entry(program_entry(sources, natives), natives)
    assert valid_tree_entry(tree_entry(SOURCE, "t.j"))


def test_computed_keys_are_the_ones_the_loader_writes():
    natives = natives_for([])
    sources = [("t.j", SOURCE)]
    load_program(sources, natives)
    written = sorted(p.name for p in loader.cache_dir().iterdir())
    assert written == sorted([program_entry(sources, natives).name, tree_entry(SOURCE, "t.j").name])


def test_cache_modules_use_no_code_loading_serialiser():
    for name in ("cache.py", "loader.py", "parse_cache.py"):
        tree = pyast.parse((ROOT / "jassvm" / name).read_text())
        imported = {a.name.split(".")[0] for n in pyast.walk(tree) if isinstance(n, pyast.Import)
                    for a in n.names}
        imported |= {(n.module or "").split(".")[0] for n in pyast.walk(tree)
                     if isinstance(n, pyast.ImportFrom)}
        assert not imported & {"pickle", "marshal", "shelve", "dill", "importlib", "copyreg"}, name
        calls = {n.func.id for n in pyast.walk(tree)
                 if isinstance(n, pyast.Call) and isinstance(n.func, pyast.Name)}
        assert not calls & {"eval", "exec", "compile", "__import__"}, name


# ------------------------------------------------------------------ corrupt entries

def _mutations(data: bytes) -> dict[str, bytes]:
    header = cache._HEADER.size
    flipped = bytearray(data)
    flipped[header + len(data[header:]) // 2] ^= 0x40
    magic = bytearray(data)
    magic[0] ^= 1
    version = bytearray(data)
    version[11] ^= 1
    return {"empty": b"", "truncated header": data[:10], "truncated payload": data[:len(data) // 2],
            "header only": data[:header], "flipped payload byte": bytes(flipped),
            "flipped magic": bytes(magic), "other format version": bytes(version),
            "trailing garbage": data + b"\x00"}


@pytest.mark.parametrize("mutation", list(_mutations(b"x" * 200)))
def test_corrupt_program_entry_is_discarded_and_rebuilt(mutation):
    natives = natives_for([])
    sources = [("t.j", SOURCE)]
    load_program(sources, natives)
    entry = program_entry(sources, natives)
    good = entry.read_bytes()
    entry.write_bytes(_mutations(good)[mutation])

    assert cache.load(entry, natives) is None
    assert not entry.exists(), "a bad entry is deleted"
    entry.write_bytes(_mutations(good)[mutation])
    result = load_program(sources, natives)
    assert result.files, "rebuilt by the normal path"
    assert entry.read_bytes() == good


@pytest.mark.parametrize("mutation", list(_mutations(b"x" * 200)))
def test_corrupt_parse_entry_is_discarded_and_rebuilt(mutation):
    parse_cached(SOURCE, "t.j")
    entry = tree_entry(SOURCE, "t.j")
    good = entry.read_bytes()
    entry.write_bytes(_mutations(good)[mutation])

    assert cache.load_tree(entry) is None
    assert not entry.exists()
    entry.write_bytes(_mutations(good)[mutation])
    assert parse_cached(SOURCE, "t.j")[0] == parse(SOURCE, "t.j")[0]
    assert entry.read_bytes() == good


# ------------------------------------------------------------------ valid msgpack, wrong shapes

def _mutable(value):
    """``freeze`` output with its tuples as lists, for the tests to edit."""
    if isinstance(value, (tuple, list)):
        return [_mutable(v) for v in value]
    if isinstance(value, dict):
        return {k: _mutable(v) for k, v in value.items()}
    return value


def _frozen() -> tuple[dict, dict]:
    natives = natives_for([])
    program = load_program([("t.j", SOURCE)], natives, use_cache=False).program
    return _mutable(cache.freeze(program)), natives


def test_thaw_of_freeze_in_process():
    natives = natives_for([])
    program = load_program([("t.j", SOURCE)], natives, use_cache=False).program
    frozen = cache.freeze(program)
    assert cache.freeze(cache.thaw(frozen, natives)) == frozen


def _instruction(frozen: dict, opcode: int) -> int:
    """Index (in the concatenated tables) of the first instruction with ``opcode``."""
    return frozen["ops"].index(bytes([opcode]))


def _set_op(frozen: dict, pc: int, op: int) -> None:
    ops = bytearray(frozen["ops"])
    ops[pc] = op
    frozen["ops"] = bytes(ops)


def _set_arg(opcode: int, value):
    def mutate(f):
        f["args"][_instruction(f, opcode)] = value
    return mutate


def _named(column: int, value):
    def mutate(f):
        f["functions"][column][0] = value
    return mutate


def _drop_last_line(f):
    f["lines"] = f["lines"][:-4]


def _first_function_slot_as(value):
    def mutate(f):
        f["functions"][8][1] = [value]  # array slots of Count (which has one local)
    return mutate


SHAPES = {
    "unknown opcode": lambda f: _set_op(f, 0, 200),
    "opcode just past the table": lambda f: _set_op(f, 0, len(bc.OPNAMES)),
    "call of a missing function": _set_arg(bc.CALL, 99),
    "negative callee index": _set_arg(bc.CALL, -1),
    "callee index as a bool": _set_arg(bc.CALL, True),
    "callee index as a float": _set_arg(bc.CALL, 0.0),
    "callee by name": _set_arg(bc.CALL, ("Twice", 1)),
    "call of a missing native": _set_arg(bc.CALL_NATIVE, 2),
    "native callee as source code": _set_arg(bc.CALL_NATIVE, "0]\nimport os\n["),
    "code value of a missing function": lambda f: f["args"].__setitem__(
        next(i for i, a in enumerate(f["args"]) if isinstance(a, list) and len(a) == 1), ["Nope"]),
    "local slot out of range": _set_arg(bc.LOAD_LOCAL, 99),
    "negative local slot": _set_arg(bc.LOAD_LOCAL, -1),
    "local slot as source code": _set_arg(bc.LOAD_LOCAL, "0 if open('pwned', 'w') else 0"),
    "local slot as a bool": _set_arg(bc.LOAD_LOCAL, True),
    "local slot as a float": _set_arg(bc.LOAD_LOCAL, 0.0),
    "global slot out of range": _set_arg(bc.LOAD_GLOBAL, 10 ** 6),
    "global element of a non-array": _set_arg(bc.LOAD_GLOBAL_ELEM, 1),
    "jump past the end": _set_arg(bc.JUMP, 10 ** 6),
    "jump as a string": _set_arg(bc.JUMP, "1"),
    "argument on an argument-less opcode": _set_arg(bc.RETURN_NOTHING, 0),
    "missing argument": _set_arg(bc.LOAD_LOCAL, None),
    "pushed list": _set_arg(bc.PUSH, [1, 2]),
    "pushed dict": _set_arg(bc.PUSH, {"a": 1}),
    "pushed bytes": _set_arg(bc.PUSH, b"abc"),
    "pushed integer beyond int32": _set_arg(bc.PUSH, 1 << 40),
    "pushed ext type": _set_arg(bc.PUSH, msgpack.ExtType(1, b"x")),
    "line table too short": _drop_last_line,
    "line table as a list": lambda f: f.__setitem__("lines", [1] * len(f["ops"])),
    "arguments and opcodes differ in length": lambda f: f["args"].append(None),
    "instruction counts beyond the code": lambda f: f["functions"].__setitem__(
        9, cache._pack_i32([len(f["ops"])] + [1] * (len(f["functions"][0]) - 1))),
    "name as an int": _named(0, 7),
    "duplicate function": lambda f: f["functions"][0].__setitem__(1, f["functions"][0][0]),
    "line as source code": lambda f: f["functions"].__setitem__(2, ["1\nimport os"]),
    "more parameters than locals": lambda f: f["functions"].__setitem__(
        3, cache._pack_i32([5] * len(f["functions"][0]))),
    "array slot out of range": _first_function_slot_as(50),
    "array slot as a string": _first_function_slot_as("0"),
    "array size as source code": lambda f: f.__setitem__("array_size", "8192)\nimport os\n("),
    "global flags as ints": lambda f: f["globals"].__setitem__(2, [1] * len(f["globals"][0])),
    "duplicate global": lambda f: f["globals"][0].__setitem__(1, f["globals"][0][0]),
    "native parameters as ints": lambda f: f["natives"][1].__setitem__(0, [1]),
    "file index out of range": lambda f: f["functions"].__setitem__(
        1, cache._pack_i32([9] * len(f["functions"][0]))),
    "missing table": lambda f: f.pop("init"),
    "empty program": lambda f: f.clear(),
}


def _write_program(entry: Path, frozen, diagnostics=()) -> None:
    entry.parent.mkdir(parents=True, exist_ok=True)
    entry.write_bytes(cache.encode_entry(cache.PROGRAM_MAGIC,
                                         {"program": frozen, "diagnostics": list(diagnostics)}))


def test_unmodified_frozen_program_is_accepted(tmp_path):
    frozen, natives = _frozen()
    _write_program(tmp_path / "e.program", frozen)
    assert cache.load(tmp_path / "e.program", natives) is not None


@pytest.mark.parametrize("shape", list(SHAPES))
def test_program_of_the_wrong_shape_is_discarded_and_rebuilt(shape, tmp_path):
    frozen, natives = _frozen()
    SHAPES[shape](frozen)
    sources = [("t.j", SOURCE)]
    entry = program_entry(sources, natives)
    _write_program(entry, frozen)

    assert cache.load(entry, natives) is None
    assert not entry.exists()
    _write_program(entry, frozen)
    result = load_program(sources, natives)
    assert result.files
    assert valid_program_entry(entry, natives)
    assert not Path("pwned").exists()


@pytest.mark.parametrize("payload", [
    None, [], {"program": None, "diagnostics": []}, {"diagnostics": []},
    {"program": {}, "diagnostics": [], "extra": 1},
])
def test_program_payloads_of_the_wrong_shape(payload, tmp_path):
    entry = tmp_path / "e.program"
    entry.write_bytes(cache.encode_entry(cache.PROGRAM_MAGIC, payload))
    assert cache.load(entry, {}) is None
    assert not entry.exists()


@pytest.mark.parametrize("diagnostic", [
    ("W100", "fatal", "m", "f", 1, 1), ("W100", "warning", "m", "f", "1", 1), ("W100",),
])
def test_bad_diagnostics_are_refused(diagnostic, tmp_path):
    frozen, natives = _frozen()
    entry = tmp_path / "e.program"
    _write_program(entry, frozen, [diagnostic])
    assert cache.load(entry, natives) is None


def test_program_entry_with_a_tree_magic_is_refused(tmp_path):
    frozen, natives = _frozen()
    entry = tmp_path / "e.program"
    entry.write_bytes(cache.encode_entry(cache.TREE_MAGIC, {"program": frozen, "diagnostics": []}))
    assert cache.load(entry, natives) is None


# ------------------------------------------------------------------ syntax trees

def _tree_payload(source: bytes = SOURCE):
    tree, diags = parse(source, "t.j")
    files, body = cache.encode_tree(tree)
    return list(files), msgpack.unpackb(body, use_list=True, raw=False), diags


def _find(node, tag: int):
    """The first array with ``tag`` (depth first) in an unpacked tree body."""
    if isinstance(node, list):
        if node and node[0] == tag and not isinstance(node[0], bool):
            return node
        for item in node[1:] if node and isinstance(node[0], int) else node:
            found = _find(item, tag)
            if found is not None:
                return found
    return None


def _tag(cls) -> int:
    return cache._TAG[cls]


def _node_field(cls, index: int, value):
    def mutate(files, body):
        _find(body, _tag(cls))[4 + index] = value
    return mutate


TREE_SHAPES = {
    "integer literal holding source code": _node_field(ast.IntLit, 0, "8192)\nimport os\n("),
    "integer literal holding a float": _node_field(ast.IntLit, 0, 1.5),
    "real literal holding a string": _node_field(ast.RealLit, 0, "0.1"),
    "line as source code": lambda files, body: _find(body, _tag(ast.Function)).__setitem__(
        2, "1\nimport os"),
    "column as a bool": lambda files, body: _find(body, _tag(ast.Function)).__setitem__(3, True),
    "file index out of range": lambda files, body: body.__setitem__(1, 5),
    "name as an int": _node_field(ast.Function, 0, 3),
    "statement where an expression belongs": lambda files, body: _find(
        body, _tag(ast.Return)).__setitem__(4, _find(body, _tag(ast.Call))),
    "expression list holding a statement": lambda files, body: _find(
        body, _tag(ast.CallExpr))[5].append(_find(body, _tag(ast.Return))),
    "missing field": lambda files, body: _find(body, _tag(ast.Binary)).pop(),
    "extra field": lambda files, body: _find(body, _tag(ast.VarRef)).append("x"),
    "unknown tag": lambda files, body: _find(body, _tag(ast.VarRef)).__setitem__(0, 999),
    "tag as a bool": lambda files, body: _find(body, _tag(ast.VarRef)).__setitem__(0, True),
    "tag as a string": lambda files, body: _find(body, _tag(ast.VarRef)).__setitem__(0, "VarRef"),
    "empty array": lambda files, body: _find(body, _tag(ast.Return)).__setitem__(4, []),
    "flag of the wrong shape": lambda files, body: body[5].append([cache._TUPLE, "x", 1]),
    "if branch of the wrong shape": lambda files, body: _find(body, _tag(ast.Loop))[4].append(
        [_tag(ast.If), 0, 1, 1, [cache._LIST, [cache._TUPLE, "cond"]], None]),
    "end position as a tuple": _node_field(ast.Function, 5, [cache._TUPLE, 1, 2]),
    "file names as ints": lambda files, body: files.__setitem__(0, 1),
    "root is not a file": lambda files, body: body.__setitem__(
        slice(None), [_tag(ast.VarRef), 0, 1, 1, "x"]),
}


def _write_tree(entry: Path, files, body, diags=()) -> None:
    packed = msgpack.packb(body, use_bin_type=True)
    entry.parent.mkdir(parents=True, exist_ok=True)
    entry.write_bytes(cache.encode_entry(cache.TREE_MAGIC, (files, packed, list(diags))))


def test_unmodified_tree_payload_is_accepted(tmp_path):
    files, body, diags = _tree_payload()
    _write_tree(tmp_path / "e.ast", files, body, diags)
    assert cache.load_tree(tmp_path / "e.ast")[0] == parse(SOURCE, "t.j")[0]


@pytest.mark.parametrize("shape", list(TREE_SHAPES))
def test_tree_of_the_wrong_shape_is_discarded_and_rebuilt(shape):
    files, body, _ = _tree_payload()
    TREE_SHAPES[shape](files, body)
    entry = tree_entry(SOURCE, "t.j")
    _write_tree(entry, files, body)

    assert cache.load_tree(entry) is None
    assert not entry.exists()
    _write_tree(entry, files, body)
    assert parse_cached(SOURCE, "t.j")[0] == parse(SOURCE, "t.j")[0]
    assert valid_tree_entry(entry)


IN_MEMORY_SHAPES = {
    "integer literal holding a float": (ast.IntLit, "value", 1.5),
    "real literal holding a string": (ast.RealLit, "value", "0.1"),
    "name as an int": (ast.Function, "name", 3),
    "statement where an expression belongs": (ast.Return, "value", ast.Loop(ast.Pos("t.j", 1, 1), body=[])),
    "column as a bool": (ast.Function, "end_pos", ast.Pos("t.j", 1, True)),
}


@pytest.mark.parametrize("shape", list(IN_MEMORY_SHAPES))
def test_a_tree_the_decoder_would_refuse_is_never_written(shape, tmp_path):
    """``store_tree`` does not decode the entry back: the encoder makes the decoder's checks."""
    cls, field, value = IN_MEMORY_SHAPES[shape]
    tree, diags = parse(SOURCE, "t.j")
    node = next(n for n in ast.iter_nodes(tree) if type(n) is cls)
    setattr(node, field, value)
    with pytest.raises(cache.CacheInvalid):
        cache.encode_tree(tree)
    cache.store_tree(tmp_path / "e.ast", tree, diags)
    assert not (tmp_path / "e.ast").exists()


def test_a_stored_tree_reads_back_equal(tmp_path):
    tree, diags = parse(SOURCE, "t.j")
    cache.store_tree(tmp_path / "e.ast", tree, diags)
    assert cache.load_tree(tmp_path / "e.ast") == (tree, diags)


def test_the_tree_codec_covers_every_node_class():
    """The explicit table of jassvm.cache must describe every node dataclass of jassvm.ast,
    field by field (update it with any change to ast.py: until then the parse cache is off)."""
    assert cache.TREE_CODEC_OK
    node_classes = {c for c in vars(ast).values() if isinstance(c, type) and dataclasses.is_dataclass(c)
                    and issubclass(c, ast.Node) and c not in (ast.Expr, ast.Stmt)}
    assert node_classes == set(cache._FIELDS)
    for cls, fields in cache._FIELDS.items():
        names = [f.name for f in dataclasses.fields(cls) if f.init]
        assert names == ["pos", *fields], cls


# ------------------------------------------------------------------ round trips

def test_round_trip_of_the_1_33_api_runs_identically():
    api = shared_path("corpus", "api", "1.33.0")
    sources = [(str(api / n), (api / n).read_bytes()) for n in ("common.j", "Blizzard.j")]
    natives = {"GetHandleId": lambda ctx, h: 0, "I2S": lambda ctx, i: str(i)}
    fresh, cached = load_twice(sources, natives)
    assert cache.freeze(cached.program) == cache.freeze(fresh.program)
    assert cached.diagnostics == fresh.diagnostics
    assert cached.program.missing_natives == fresh.program.missing_natives
    assert cached.program.types == fresh.program.types
    assert cached.program.functions["I2S"].func is natives["I2S"]
    assert [g.name for g in cached.program.globals] == [g.name for g in fresh.program.globals]
    for name, fn in fresh.program.functions.items():
        other = cached.program.functions[name]
        assert type(other) is type(fn)
        if isinstance(fn, bc.CompiledFunction):
            assert [(op, _ref(arg)) for op, arg in other.code] == \
                [(op, _ref(arg)) for op, arg in fn.code], name
            assert (other.lines, other.costs, other.local_names, other.local_types) == \
                (fn.lines, fn.costs, fn.local_names, fn.local_types)


def _ref(arg):
    """An instruction argument with function references by name (and callee type)."""
    if isinstance(arg, tuple) and arg and isinstance(arg[0], (bc.CompiledFunction, bc.NativeBinding)):
        return (type(arg[0]).__name__, arg[0].name, arg[1])
    if isinstance(arg, (bc.CompiledFunction, bc.NativeBinding)):
        return (type(arg).__name__, arg.name)
    return (type(arg).__name__, arg)


@pytest.mark.parametrize("fast", [False, True])
def test_cached_program_runs_like_the_fresh_one(fast):
    log: list = []
    natives = natives_for(log)
    fresh, cached = load_twice([("t.j", SOURCE)], natives)
    a = run(fresh.program, log, fast)
    log.clear()
    b = run(cached.program, log, fast)
    assert a == b
    assert a["results"] == ("hello 4", "hello 4") and a["log"] == [0, 2, 4, 0, 2, 4]


def test_round_trip_of_a_corpus_map_tree():
    path = shared_path("corpus", "maps", "campaign-human02-interlude", "war3map.j")
    data = path.read_bytes()
    fresh = parse(data, "war3map.j")
    first = parse_cached(data, "war3map.j")
    assert valid_tree_entry(tree_entry(data, "war3map.j"))
    cached = cache.load_tree(tree_entry(data, "war3map.j"))
    assert cached == fresh == first
    assert all(type(a) is type(b) for a, b in zip(ast.iter_nodes(cached[0]), ast.iter_nodes(fresh[0])))


def test_round_trip_of_a_map_tree_that_is_not_utf8():
    """custom-jzjh has invalid UTF-8 in comments (the tree keeps no comments)."""
    path = shared_path("corpus", "maps", "custom-jzjh", "war3map.j")
    data = path.read_bytes()
    fresh = parse(data, "war3map.j")
    parse_cached(data, "war3map.j")
    assert cache.load_tree(tree_entry(data, "war3map.j")) == fresh


def test_surrogate_escapes_round_trip_through_the_parse_cache():
    tree, diags = parse(SURROGATE_SOURCE, "s\udcff.j")
    values = [n.value for n in ast.iter_nodes(tree) if isinstance(n, ast.StrLit)]
    assert values == ["a\udcff\udcfeb", "\udcfe\udc80"]
    assert any(d.code == "E105" for d in diags)
    parse_cached(SURROGATE_SOURCE, "s\udcff.j")
    cached = cache.load_tree(tree_entry(SURROGATE_SOURCE, "s\udcff.j"))
    assert cached == (tree, diags)
    assert cached[0].file == "s\udcff.j"


def test_surrogate_escapes_round_trip_through_the_program_cache():
    fresh, cached = load_twice([("s\udcff.j", SURROGATE_PROGRAM)], {})
    assert cache.freeze(cached.program) == cache.freeze(fresh.program)
    results = []
    for r in (fresh, cached):
        vm = VM(r.program)
        vm.run_init()
        results.append(vm.call("Main").result)
    assert results == ["a\udcc0\udcfeb\udcfe\udc80"] * 2
    assert cached.program.functions["Main"].file == "s\udcff.j"


def test_diagnostics_round_trip():
    source = SURROGATE_PROGRAM + (b"function Late takes nothing returns integer\n"
                                  b"    local integer x\n    return x\nendfunction\n")  # W270
    fresh, cached = load_twice([("d\udcfe.j", source)], {})
    assert fresh.diagnostics and cached.diagnostics == fresh.diagnostics
    assert all(type(d.severity) is type(fresh.diagnostics[0].severity) for d in cached.diagnostics)


# ------------------------------------------------------------------ writes

def test_writes_use_no_predictable_temporary_name(tmp_path):
    natives = natives_for([])
    sources = [("t.j", SOURCE)]
    entry = program_entry(sources, natives)
    entry.parent.mkdir(parents=True)
    victim = tmp_path / "victim"
    victim.write_text("keep")
    # the old code wrote to <entry>.tmp<pid>: a symlink there redirected the write
    os.symlink(victim, entry.with_suffix(f".tmp{os.getpid()}"))
    load_program(sources, natives)
    assert victim.read_text() == "keep"
    assert valid_program_entry(entry, natives)
    leftovers = [p.name for p in entry.parent.iterdir() if p.name.startswith(".tmp-")]
    assert leftovers == []


def test_unwritable_cache_folder_is_ignored(tmp_path, monkeypatch):
    blocker = tmp_path / "file"
    blocker.write_text("")
    monkeypatch.setenv("JASS_CACHE_DIR", str(blocker / "sub"))
    result = load_program([("t.j", SOURCE)], natives_for([]))
    assert result.files


@pytest.mark.skipif(not hasattr(os, "mkfifo"), reason="no FIFOs here")
def test_a_fifo_under_the_key_neither_blocks_nor_stays():
    natives = natives_for([])
    sources = [("t.j", SOURCE)]
    entry = program_entry(sources, natives)
    entry.parent.mkdir(parents=True)
    os.mkfifo(entry)
    assert load_program(sources, natives).files
    assert valid_program_entry(entry, natives)


def test_a_symlinked_entry_is_replaced_not_written_through(tmp_path):
    natives = natives_for([])
    sources = [("t.j", SOURCE)]
    entry = program_entry(sources, natives)
    entry.parent.mkdir(parents=True)
    victim = tmp_path / "victim"
    victim.write_bytes(b"keep")
    os.symlink(victim, entry)
    assert load_program(sources, natives).files
    assert victim.read_bytes() == b"keep"
    assert not entry.is_symlink() and valid_program_entry(entry, natives)


def _nested_return(depth: int) -> bytes:
    """A function returning ``1`` inside ``depth`` pairs of parentheses."""
    return (b"function f takes nothing returns integer\n return " + b"(" * depth + b"1"
            + b")" * depth + b"\nendfunction\n")


def test_tree_encoding_is_not_recursive(tmp_path, monkeypatch):
    """A hostile nesting deeper than Python's recursion limit parses, is refused by the tree
    codec with CacheInvalid (msgpack's nesting limit), never a RecursionError, and
    ``parse_cached`` still serves the parse without writing an entry."""
    import sys
    source = _nested_return(sys.getrecursionlimit() + 500)
    tree, diags = parse(source, "deep.j")
    assert tree is not None and diags == []
    with pytest.raises(cache.CacheInvalid):
        cache.encode_tree(tree)
    monkeypatch.setenv("JASS_CACHE_DIR", str(tmp_path))
    served, served_diags = parse_cache.parse_cached(source, "deep.j")
    assert type(served) is ast.SourceFile and served_diags == []   # == would recurse
    assert list(tmp_path.glob("*.ast")) == []


def test_nested_tree_round_trips():
    """A nesting msgpack can hold (200 levels) decodes to the tree it was made from."""
    tree, _ = parse(_nested_return(200), "t.j")
    files, body = cache.encode_tree(tree)
    assert cache.decode_tree(tuple(files), body) == tree
