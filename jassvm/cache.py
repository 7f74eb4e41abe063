"""On-disk caches: compiled programs and parsed files (DESIGN.md section 3.5).

A cache entry is data only, never code: a cache folder may be shared or restored from
elsewhere (a CI cache, a network folder), so anything found there is treated as untrusted
input. An entry is

    magic (8 bytes) | format version (uint32, big-endian) | sha256 of the payload (32 bytes) | payload

where the payload is msgpack (strings as UTF-8 with ``surrogatepass``, so the surrogate
escapes that stand for a script's undecodable bytes round-trip). Reading checks the magic,
the version and the checksum before decoding, then validates the structure while rebuilding
the objects; an entry that fails anything is deleted and the caller rebuilds it the normal
way. Nothing read from an entry is ever used to look up a name in a module, and no value is
accepted without its exact type being checked: the fast path (``jassvm.fastpath``) turns
bytecode into Python source, so for instance a local slot that were a string would be code.
Entries are written atomically (a new file of an unpredictable name in the cache folder, then
``os.replace``).

Compiled programs: ``freeze`` reduces a ``CompiledProgram`` to builtin data (function
references become names, native implementations are dropped), ``thaw`` validates that data
and binds it again (natives from the registry of the running process). Entries are keyed by
a hash of the sources, the load options and the runtime version, so a second load of
common.j + Blizzard.j skips parsing, checking and compiling.

Check results (``jassvm.loader.check_sources``): the diagnostics of one ``jass check`` of a
list of sources, keyed the same way.

Parsed files (``jassvm.parse_cache.parse_cached``): ``encode_tree``/``decode_tree`` map the
dataclasses of ``jassvm.ast`` through an explicit table (class tag -> class and the exact
types each field may hold).
"""
from __future__ import annotations

import contextlib
import gc
import hashlib
import operator
import os
import stat
import struct
import sys
from array import array
from itertools import accumulate, chain, compress
from operator import eq, getitem
from pathlib import Path
from collections.abc import Callable, Mapping

TYPE_CHECKING = False   # typing.TYPE_CHECKING, without importing typing (issue 17: start-up)
if TYPE_CHECKING:
    from typing import Any

import msgpack

from . import __version__, ast
from . import bytecode as bc
from .bytecode import CALL, CALL_NATIVE, PUSH, CompiledFunction, NativeBinding
from .compiler import CompiledProgram, GlobalSlot
from .diagnostics import Diagnostic, Severity

FORMAT = 3  # 2 was pickle

PROGRAM_MAGIC = b"jassvmP\x00"
TREE_MAGIC = b"jassvmA\x00"
CHECK_MAGIC = b"jassvmD\x00"
_HEADER = struct.Struct(">8sI32s")


class CacheInvalid(ValueError):
    """A cache entry that is not what this runtime writes (corrupt, foreign or planted)."""


# ---------------------------------------------------------------------------------------
# Entries: header, checksum, msgpack, atomic writes
# ---------------------------------------------------------------------------------------

def _packer() -> msgpack.Packer:
    return msgpack.Packer(use_bin_type=True, unicode_errors="surrogatepass")


def _unpack(data: bytes, **options) -> Any:
    return msgpack.unpackb(data, raw=False, use_list=False, strict_map_key=True,
                           unicode_errors="surrogatepass", **options)


def encode_entry(magic: bytes, payload: Any) -> bytes:
    """The bytes of a cache entry holding ``payload`` (builtin data)."""
    body = _packer().pack(payload)
    return _HEADER.pack(magic, FORMAT, hashlib.sha256(body).digest()) + body


def decode_entry(magic: bytes, data: bytes, **options) -> Any:
    """The payload of an entry; ``CacheInvalid`` (or a msgpack error) when it is not one."""
    if len(data) < _HEADER.size:
        raise CacheInvalid("truncated header")
    found, version, digest = _HEADER.unpack_from(data)
    if found != magic:
        raise CacheInvalid("bad magic")
    if version != FORMAT:
        raise CacheInvalid(f"format {version}, expected {FORMAT}")
    body = memoryview(data)[_HEADER.size:]
    if hashlib.sha256(body).digest() != digest:
        raise CacheInvalid("checksum mismatch")
    return _unpack(body, **options)


def read_entry(path: Path) -> bytes | None:
    """The bytes at ``path``, or None when there is no entry or it cannot be read. Anything
    but a regular file (a FIFO planted there would block the read) is deleted."""
    try:
        fd = os.open(path, os.O_RDONLY | getattr(os, "O_NONBLOCK", 0) | getattr(os, "O_BINARY", 0))
    except OSError:
        return None
    try:
        if not stat.S_ISREG(os.fstat(fd).st_mode):
            discard(path)
            return None
        with os.fdopen(fd, "rb", closefd=False) as fh:
            return fh.read()
    except OSError:
        return None
    finally:
        os.close(fd)


def discard(path: Path) -> None:
    """Delete a bad entry (it is rebuilt by the caller); failures are ignored."""
    try:
        os.unlink(path)
    except OSError:
        pass


_TEMPORARY_FLAGS = os.O_RDWR | os.O_CREAT | os.O_EXCL | getattr(os, "O_NOFOLLOW", 0) | getattr(os, "O_BINARY", 0)


def _new_temporary(folder: Path, suffix: str) -> tuple[int, str]:
    """A new file ``.tmp-<random><suffix>`` in ``folder``, open for writing, only for this user:
    ``tempfile.mkstemp``'s flags, without importing tempfile and shutil (a cached load never
    writes, issue 17)."""
    for _attempt in range(100):
        name = os.path.join(folder, f".tmp-{os.urandom(8).hex()}{suffix}")
        try:
            return os.open(name, _TEMPORARY_FLAGS, 0o600), name
        except FileExistsError:
            continue
    raise FileExistsError(f"no free temporary file name in {folder}")


def write_entry(path: Path, data: bytes) -> None:
    """Write ``data`` to ``path`` atomically: an unpredictable temporary file in the same
    folder, then ``os.replace``. Raises OSError on failure (callers ignore it)."""
    path.parent.mkdir(parents=True, exist_ok=True)
    fd, tmp = _new_temporary(path.parent, path.suffix)
    try:
        with os.fdopen(fd, "wb") as fh:
            fh.write(data)
        os.replace(tmp, path)
    except BaseException:
        try:
            os.unlink(tmp)
        except OSError:
            pass
        raise


def _freeze_diagnostics(diagnostics: list[Diagnostic]) -> list:
    return [(d.code, d.severity.value, d.message, d.file, d.line, d.col) for d in diagnostics]


_DIAG_TYPES = (str, str, str, str, int, int)


def _thaw_diagnostics(data: Any) -> list[Diagnostic]:
    if type(data) is not tuple:
        raise CacheInvalid("diagnostics")
    out = []
    for d in data:
        if type(d) is not tuple or tuple(map(type, d)) != _DIAG_TYPES:
            raise CacheInvalid("diagnostic")
        code, severity, message, file, line, col = d
        out.append(Diagnostic(code, Severity(severity), message, file, line, col))
    return out


# ---------------------------------------------------------------------------------------
# Compiled programs
# ---------------------------------------------------------------------------------------

def program_key(sources: list[tuple[str, bytes]], parts: list[bytes]) -> str:
    """Hash of the sources (names and bytes), extra key parts, the runtime and format version."""
    h = hashlib.sha256(f"jassvm {__version__} program-cache {FORMAT}".encode())
    for part in [*_front_end_sources(), *parts]:
        h.update(hashlib.sha256(part).digest())
    for name, data in sources:
        h.update(name.encode("utf-8", "replace") + b"\0" + hashlib.sha256(data).digest())
    return h.hexdigest()


def _front_end_sources() -> list[bytes]:
    """The code that decides what a program compiles to: a change to any of it is a new key."""
    here = Path(__file__).parent
    return [(here / name).read_bytes() for name in
            ("jass.lark", "parser.py", "ast.py", "records.py", "source.py", "values.py", "checker.py",
             "loadrules.py", "compiler.py", "bytecode.py")]


# Integer columns (lines, op costs, counts...) are stored as little-endian int32 arrays: one
# bytes object that ``array.tolist`` turns back into a list of ints, no per-item type checks.
_I32 = next(c for c in "il" if array(c).itemsize == 4)
_SWAP = sys.byteorder != "little"
_INT32_MIN, _INT32_MAX = -(1 << 31), (1 << 31) - 1


def _pack_i32(values: list[int]) -> bytes:
    a = array(_I32, values)
    if _SWAP:
        a.byteswap()
    return a.tobytes()


def _unpack_i32(data: Any, count: int) -> list[int]:
    if type(data) is not bytes or len(data) != 4 * count:
        raise CacheInvalid("int32 table")
    a = array(_I32, data)
    if _SWAP:
        a.byteswap()
    return a.tolist()


# What each opcode's argument is. Opcodes the table does not list take no argument (None).
# The first five kinds are ints checked against a bound (``0 <= arg < bound``): local slots,
# global slots, jump targets, and indexes of callees in the function or native table.
_K_LOCAL, _K_GLOBAL, _K_JUMP, _K_CALL, _K_NATIVE, _K_PUSH, _K_LOCAL_ELEM, _K_GLOBAL_ELEM, \
    _K_NONE = range(9)
_KIND_OF = {
    "LOAD_LOCAL": _K_LOCAL, "STORE_LOCAL": _K_LOCAL, "STORE_LOCAL_H": _K_LOCAL,
    "LOAD_LOCAL_ELEM": _K_LOCAL_ELEM, "STORE_LOCAL_ELEM": _K_LOCAL_ELEM,
    "STORE_LOCAL_ELEM_H": _K_LOCAL_ELEM,
    "LOAD_GLOBAL": _K_GLOBAL, "STORE_GLOBAL": _K_GLOBAL, "STORE_GLOBAL_H": _K_GLOBAL,
    "LOAD_GLOBAL_ELEM": _K_GLOBAL_ELEM, "STORE_GLOBAL_ELEM": _K_GLOBAL_ELEM,
    "STORE_GLOBAL_ELEM_H": _K_GLOBAL_ELEM,
    **{name: _K_JUMP for name in bc.JUMPS},
    "PUSH": _K_PUSH, "CALL": _K_CALL, "CALL_NATIVE": _K_NATIVE,
}
_KINDS = tuple(_KIND_OF.get(name, _K_NONE) for name in bc.OPNAMES[:bc.COMPILED_OPS])
_NOPS = bc.COMPILED_OPS   # instrumentation opcodes never come from a cache
# Tables are stored by columns, so that checking their types and building their objects is
# done by C loops (``map``, ``set``) rather than per row in Python:
#   globals:   names, type names, is_array flags, is_constant flags
#   natives:   names, parameter types, return types
#   functions / init (global initialisers): names, file indexes (int32), lines (int32),
#              nparams (int32), return types, parameter types, local names, local types,
#              array slots, instruction counts (int32)
# The instructions of all functions (named functions, then initialisers, in table order) are
# concatenated: opcodes in one bytes object, arguments in one array, lines and op costs in
# one int32 table each. A CALL argument is the index of the callee in the function table, a
# CALL_NATIVE argument its index in the native table (the argument count is the callee's),
# a pushed code value is (function or native name,): no other argument is an array.
_STR = frozenset({str})
_BOOL = frozenset({bool})
_TUPLES = frozenset({tuple})
_INT = frozenset({int})
_NONE = type(None)
_FUNCTION_COLUMNS = 10


def _columns(rows: list[tuple], width: int) -> list[tuple]:
    return list(zip(*rows)) if rows else [() for _ in range(width)]


def freeze(program: CompiledProgram) -> dict:
    """``program`` as builtin data (msgpack-ready), with no object references between
    functions (layout above). Sequences are tuples, as msgpack reads them back, so that
    ``thaw(freeze(program))`` works too and ``freeze`` of a thawed program compares equal."""
    files: dict[str, int] = {}
    named, natives = [], []
    for fn in program.functions.values():
        (natives if isinstance(fn, NativeBinding) else named).append(fn)
    ops, args, lines, costs = bytearray(), [], [], []
    index = {CALL: {fn.name: i for i, fn in enumerate(named)},
             CALL_NATIVE: {fn.name: i for i, fn in enumerate(natives)}}

    def function_columns(fns: list[CompiledFunction]) -> list:
        rows = []
        for fn in fns:
            if not len(fn.code) == len(fn.lines) == len(fn.costs):
                raise ValueError(f"{fn.name}: code, line and cost tables differ in length")
            for op, arg in fn.code:
                if op == CALL or op == CALL_NATIVE:
                    target, argc = arg
                    if argc != len(target.param_types):
                        raise ValueError(f"{fn.name}: call of {target.name} with {argc} arguments")
                    arg = index[op][target.name]
                elif op == PUSH and isinstance(arg, (CompiledFunction, NativeBinding)):
                    arg = (arg.name,)
                ops.append(op)
                args.append(arg)
            lines.extend(fn.lines)
            costs.extend(fn.costs)
            rows.append((fn.name, files.setdefault(fn.file, len(files)), fn.line, fn.nparams,
                         fn.returns, tuple(fn.param_types), tuple(fn.local_names),
                         tuple(fn.local_types), tuple(fn.array_slots), len(fn.code)))
        cols = _columns(rows, _FUNCTION_COLUMNS)
        for i in (1, 2, 3, 9):
            cols[i] = _pack_i32(cols[i])
        return tuple(cols)

    functions = function_columns(named)
    init = function_columns(program.init)
    for i, g in enumerate(program.globals):
        if g.index != i:
            raise ValueError(f"global {g.name} has index {g.index} at position {i}")
    return {
        "array_size": program.array_size, "types": dict(program.types),
        "globals": tuple(_columns([(g.name, g.type_name, g.is_array, g.is_constant)
                                   for g in program.globals], 4)),
        "natives": tuple(_columns([(fn.name, tuple(fn.param_types), fn.returns)
                                   for fn in natives], 3)),
        "files": tuple(files), "functions": functions, "init": init,
        "ops": bytes(ops), "args": tuple(args), "lines": _pack_i32(lines),
        "costs": _pack_i32(costs),
    }


def _only(values: Any, allowed: frozenset) -> bool:
    """Whether ``values`` is a tuple whose items all have a type in ``allowed``."""
    return type(values) is tuple and set(map(type, values)) <= allowed


def _only_in_each(groups: tuple, allowed: frozenset) -> bool:
    """Whether every item of every tuple in the tuple ``groups`` has a type in ``allowed``."""
    return _only(groups, _TUPLES) and set(map(type, chain.from_iterable(groups))) <= allowed


def _table(data: Any, width: int) -> tuple:
    if type(data) is not tuple or len(data) != width:
        raise CacheInvalid("table")
    return data


def _thaw_functions(cols: Any, files: tuple, code_all: list, lines_all: list,
                    costs_all: list, start: int) -> tuple[list[CompiledFunction], int]:
    """The functions of one function table, their code from ``start`` in the
    concatenated tables; returns them and where the next table's code starts."""
    names, file_ix, line, nparams, returns, param_types, local_names, local_types, \
        array_slots, ncode = _table(cols, _FUNCTION_COLUMNS)
    count = len(names)
    file_ix, line, nparams, ncode = (_unpack_i32(c, count) for c in (file_ix, line, nparams, ncode))
    if not (_only(names, _STR) and _only(returns, _STR)
            and _only_in_each(param_types, _STR) and _only_in_each(local_names, _STR)
            and _only_in_each(local_types, _STR) and _only_in_each(array_slots, _INT)
            and len(returns) == len(param_types) == len(local_names) == len(local_types)
            == len(array_slots) == count):
        raise CacheInvalid("function table")
    nlocals = list(map(len, local_names))
    if (list(map(len, param_types)) != nparams or list(map(len, local_types)) != nlocals
            or not all(map(eq, param_types, map(getitem, local_types, map(slice, nparams))))
            or (count and (min(file_ix) < 0 or min(ncode) < 1))):
        raise CacheInvalid("function locals")
    for i, slots in enumerate(array_slots):
        if slots and not (nparams[i] <= min(slots) and max(slots) < nlocals[i]):
            raise CacheInvalid("array slots")
    ends = list(accumulate(ncode, initial=start))
    if ends[-1] > len(code_all):
        raise CacheInvalid("code length")
    spans = list(map(slice, ends, ends[1:]))
    fns = list(map(CompiledFunction, names, map(files.__getitem__, file_ix), line, nparams, returns,
                   map(list, param_types), map(list, local_names), map(list, local_types),
                   map(list, array_slots), map(code_all.__getitem__, spans),
                   map(lines_all.__getitem__, spans), map(costs_all.__getitem__, spans)))
    return fns, ends[-1]


def thaw(data: Any, natives: Mapping[str, Callable]) -> CompiledProgram:
    """Rebuild a ``CompiledProgram`` from ``freeze`` output (as msgpack returns it: arrays
    as tuples), binding natives from ``natives``. Raises ``CacheInvalid`` (or another
    exception) on anything ``freeze`` does not produce: unknown opcodes, arguments of the
    wrong type or out of range (local and global slots, jump targets, callees, pushed
    constants), code values of functions that do not exist, tables of the wrong length or
    type, duplicate names."""
    if type(data) is not dict:
        raise CacheInvalid("program")
    array_size, types, files = data["array_size"], data["types"], data["files"]
    if (type(array_size) is not int or not 0 < array_size <= _INT32_MAX
            or type(types) is not dict or not _only(files, _STR)
            or not set(map(type, types)) <= _STR
            or not set(map(type, types.values())) <= {str, _NONE}):
        raise CacheInvalid("program header")
    prog = CompiledProgram(types=types, array_size=array_size)

    names, type_names, is_array, is_constant = _table(data["globals"], 4)
    nglobals = len(names)
    if not (_only(names, _STR) and _only(type_names, _STR) and _only(is_array, _BOOL)
            and _only(is_constant, _BOOL)
            and len(type_names) == len(is_array) == len(is_constant) == nglobals):
        raise CacheInvalid("globals")
    prog.globals = list(map(GlobalSlot, names, type_names, is_array, is_constant, range(nglobals)))
    prog.global_index = dict(zip(names, prog.globals))
    if len(prog.global_index) != nglobals:
        raise CacheInvalid("duplicate global")
    global_arrays = frozenset(compress(range(nglobals), is_array))

    names, param_types, returns = _table(data["natives"], 3)
    if not (_only(names, _STR) and _only_in_each(param_types, _STR) and _only(returns, _STR)
            and len(param_types) == len(returns) == len(names)):
        raise CacheInvalid("natives")
    implementations = list(map(natives.get, names))
    prog.missing_natives = set(compress(names, map(_NONE.__instancecheck__, implementations)))
    native_list = list(map(NativeBinding, names, map(list, param_types), returns, implementations))
    functions = prog.functions = dict(zip(names, native_list))
    if len(functions) != len(names):
        raise CacheInvalid("duplicate native")

    ops, args = data["ops"], data["args"]
    if type(ops) is not bytes or type(args) is not tuple or len(ops) != len(args):
        raise CacheInvalid("code")
    total = len(ops)
    if total and max(ops) >= _NOPS:
        raise CacheInvalid("unknown opcode")
    code_all = list(zip(ops, args))
    lines_all = _unpack_i32(data["lines"], total)
    costs_all = _unpack_i32(data["costs"], total)
    named, end = _thaw_functions(data["functions"], files, code_all, lines_all, costs_all, 0)
    prog.init, end = _thaw_functions(data["init"], files, code_all, lines_all, costs_all, end)
    if end != total:
        raise CacheInvalid("code length")
    functions.update(zip([fn.name for fn in named], named))
    if len(functions) != len(names) + len(named):
        raise CacheInvalid("duplicate function")

    # Every callee as its instruction argument, by index in its table (what CALL and
    # CALL_NATIVE arguments are): one shared (callee, argc) pair per callee.
    targets = ([(fn, len(fn.param_types)) for fn in named],
               [(fn, len(fn.param_types)) for fn in native_list])
    ncalls, nnatives = len(targets[0]), len(targets[1])
    kinds = _KINDS
    for fn in chain(named, prog.init):
        code = fn.code
        array_slots = fn.array_slots
        bounds = (len(fn.local_names), nglobals, len(code), ncalls, nnatives)
        for pc, (op, arg) in enumerate(code):
            kind = kinds[op]
            t = type(arg)
            if t is int:
                if kind < _K_PUSH:
                    if not 0 <= arg < bounds[kind]:
                        raise CacheInvalid("argument out of range")
                    if kind >= _K_CALL:
                        code[pc] = (op, targets[kind - _K_CALL][arg])
                elif kind == _K_PUSH:
                    if not _INT32_MIN <= arg <= _INT32_MAX:
                        raise CacheInvalid("integer constant")
                elif kind == _K_LOCAL_ELEM:
                    if arg not in array_slots:
                        raise CacheInvalid("local array slot")
                elif kind == _K_GLOBAL_ELEM:
                    if arg not in global_arrays:
                        raise CacheInvalid("global array slot")
                else:
                    raise CacheInvalid("argument of an argument-less opcode")
            elif t is _NONE:
                if kind != _K_NONE and kind != _K_PUSH:
                    raise CacheInvalid("missing argument")
            elif kind != _K_PUSH:
                raise CacheInvalid("argument")
            elif t is tuple:  # a code value
                name, = arg
                code[pc] = (op, functions[name])
            elif t is not bool and t is not float and t is not str:
                raise CacheInvalid("constant")
    return prog


@contextlib.contextmanager
def no_gc(keep: bool = False):
    """The cycle collector off while a block builds many small objects (it would scan them
    again and again: loading a cache entry or a save is several times faster without it).

    ``keep=True`` when what the block builds lives on (a loaded program): the objects then join
    the oldest generation at once (``gc.freeze`` then ``gc.unfreeze``), instead of being scanned
    by the first young collection after the block (about 13 ms of a cached 1.33.0 load)."""
    enabled = gc.isenabled()
    gc.disable()
    try:
        yield
    finally:
        if keep:
            gc.freeze()
            gc.unfreeze()
        if enabled:
            gc.enable()


def load(path: Path, natives: Mapping[str, Callable]) -> tuple[CompiledProgram, list] | None:
    """The cached (program, diagnostics) at ``path``, or None when absent or invalid (an
    invalid entry is deleted)."""
    data = read_entry(path)
    if data is None:
        return None
    with no_gc(keep=True):
        try:
            payload = decode_entry(PROGRAM_MAGIC, data)
            if type(payload) is not dict or payload.keys() != {"program", "diagnostics"}:
                raise CacheInvalid("entry")
            return thaw(payload["program"], natives), _thaw_diagnostics(payload["diagnostics"])
        except Exception:
            discard(path)
            return None


def store(path: Path, program: CompiledProgram, diagnostics: list) -> None:
    """Write the cache entry atomically; failures are ignored (the cache is an optimisation).

    The entry is decoded and validated before it is written, so what is stored always loads."""
    with no_gc():
        try:
            data = encode_entry(PROGRAM_MAGIC, {"program": freeze(program),
                                                "diagnostics": _freeze_diagnostics(diagnostics)})
            payload = decode_entry(PROGRAM_MAGIC, data)
            thaw(payload["program"], {})
            _thaw_diagnostics(payload["diagnostics"])
            write_entry(path, data)
        except Exception:
            pass


def load_diagnostics(path: Path) -> list[Diagnostic] | None:
    """The cached check result at ``path``, or None when absent or invalid (an invalid entry
    is deleted)."""
    data = read_entry(path)
    if data is None:
        return None
    try:
        return _thaw_diagnostics(decode_entry(CHECK_MAGIC, data))
    except Exception:
        discard(path)
        return None


def store_diagnostics(path: Path, diagnostics: list[Diagnostic]) -> None:
    """Write a check result atomically; failures are ignored (the cache is an optimisation)."""
    try:
        write_entry(path, encode_entry(CHECK_MAGIC, _freeze_diagnostics(diagnostics)))
    except Exception:
        pass


# ---------------------------------------------------------------------------------------
# Syntax trees
# ---------------------------------------------------------------------------------------

# Every node class of ``jassvm.ast``, its fields after ``pos`` in dataclass order and what
# each may hold. ``Expr.type`` (set by the checker, not by the parser) is not stored.
_FIELDS: dict[type, dict[str, str]] = {
    ast.IntLit: {"value": "int", "text": "str"},
    ast.RealLit: {"value": "float", "text": "str"},
    ast.StrLit: {"value": "str"},
    ast.BoolLit: {"value": "bool"},
    ast.NullLit: {},
    ast.CodeRef: {"name": "str"},
    ast.VarRef: {"name": "str"},
    ast.IndexRef: {"name": "str", "index": "expr"},
    ast.CallExpr: {"name": "str", "args": "list[expr]"},
    ast.Unary: {"op": "str", "operand": "expr"},
    ast.Binary: {"op": "str", "left": "expr", "right": "expr"},
    ast.Paren: {"inner": "expr"},
    ast.Local: {"type_name": "str", "name": "str", "is_array": "bool", "init": "expr?"},
    ast.Set: {"name": "str", "index": "expr?", "value": "expr"},
    ast.Call: {"call": "call"},
    ast.If: {"branches": "branches", "else_body": "list[stmt]?"},
    ast.Loop: {"body": "list[stmt]"},
    ast.ExitWhen: {"cond": "expr"},
    ast.Return: {"value": "expr?"},
    ast.Debug: {"stmt": "stmt"},
    ast.TypeDecl: {"name": "str", "base": "str"},
    ast.GlobalVar: {"type_name": "str", "name": "str", "is_array": "bool", "is_constant": "bool",
                    "init": "expr?"},
    ast.Globals: {"vars": "list[globalvar]"},
    ast.Param: {"type_name": "str", "name": "str"},
    ast.NativeDecl: {"name": "str", "params": "list[param]", "returns": "str", "is_constant": "bool"},
    ast.Function: {"name": "str", "params": "list[param]", "returns": "str", "is_constant": "bool",
                   "body": "list[stmt]", "end_pos": "pos?"},
    ast.SourceFile: {"decls": "list[decl]", "flags": "flags"},
}
_FIELD_KINDS = {cls: tuple(fields.values()) for cls, fields in _FIELDS.items()}
_FIELD_NAMES = {cls: tuple(fields) for cls, fields in _FIELDS.items()}
_NODE_CLASSES = tuple(_FIELD_KINDS)
_EXPR_CLASSES = frozenset(c for c in _NODE_CLASSES if issubclass(c, ast.Expr))
_STMT_CLASSES = frozenset(c for c in _NODE_CLASSES if issubclass(c, ast.Stmt))
_DECL_CLASSES = frozenset({ast.TypeDecl, ast.Globals, ast.NativeDecl, ast.Function})
# kind -> (types the field's value may have, types its items may have when it is a list)
_KIND_TYPES: dict[str, tuple[frozenset, frozenset | None]] = {
    "int": (frozenset({int}), None), "float": (frozenset({float}), None),
    "str": (frozenset({str}), None), "bool": (frozenset({bool}), None),
    "expr": (_EXPR_CLASSES, None), "expr?": (_EXPR_CLASSES | {_NONE}, None),
    "stmt": (_STMT_CLASSES, None), "call": (frozenset({ast.CallExpr}), None),
    "pos?": (frozenset({ast.Pos, _NONE}), None),
    "list[expr]": (frozenset({list}), _EXPR_CLASSES),
    "list[stmt]": (frozenset({list}), _STMT_CLASSES),
    "list[stmt]?": (frozenset({list, _NONE}), _STMT_CLASSES),
    "list[param]": (frozenset({list}), frozenset({ast.Param})),
    "list[globalvar]": (frozenset({list}), frozenset({ast.GlobalVar})),
    "list[decl]": (frozenset({list}), _DECL_CLASSES),
    "branches": (frozenset({list}), frozenset({tuple})),  # items checked by _check_branches
    "flags": (frozenset({list}), frozenset({tuple})),  # items checked by _check_flags
}


def _init_fields(cls: type) -> tuple[str, ...]:
    return tuple(n for n, f in cls._record_fields.items() if f.init)


# False when ``jassvm.ast`` gained, lost or reordered a node class or field that the table
# above does not describe: the parse cache is then off (and tests/test_cache_security.py
# fails) until the table is updated.
TREE_CODEC_OK = (
    all(_init_fields(c) == ("pos", *names) for c, names in _FIELD_NAMES.items())
    and {c for c in vars(ast).values() if isinstance(c, type) and issubclass(c, ast.Node)
         and "_record_fields" in vars(c) and c not in (ast.Expr, ast.Stmt)}
    == set(_FIELDS))
_TAG = {cls: tag for tag, cls in enumerate(_NODE_CLASSES)}
_LIST = len(_NODE_CLASSES)   # [LIST, item...] -> list
_TUPLE = _LIST + 1           # [TUPLE, item...] -> tuple (If branches, SourceFile flags)
_POS = _LIST + 2             # [POS, file index, line, col] -> Pos (Function.end_pos)
# A node is [tag, file index, line, col, field...]: its pos inline, file names in a table.
_POS_TYPES = (int, int, int, int)


def _signatures(kinds: tuple[str, ...]) -> frozenset:
    """Every tuple of value types a node array with fields of ``kinds`` may have."""
    sigs = [_POS_TYPES]
    for kind in kinds:
        sigs = [s + (t,) for s in sigs for t in _KIND_TYPES[kind][0]]
    return frozenset(sigs)


# tag -> (class, valid type signatures of its array, (field index, item types) of list fields,
# special item checks)
_DECODE: dict[int, tuple] = {}
for _tag, _cls in enumerate(_NODE_CLASSES):
    _kinds = _FIELD_KINDS[_cls]
    _DECODE[_tag] = (
        _cls, _signatures(_kinds),
        tuple((4 + i, _KIND_TYPES[k][1]) for i, k in enumerate(_kinds) if _KIND_TYPES[k][1]),
        tuple((4 + i, k) for i, k in enumerate(_kinds) if k in ("branches", "flags")),
    )


def _check_branches(branches: list) -> None:
    for b in branches:
        if (len(b) != 2 or type(b[0]) not in _EXPR_CLASSES or type(b[1]) is not list
                or (b[1] and not set(map(type, b[1])) <= _STMT_CLASSES)):
            raise CacheInvalid("if branch")


def _check_flags(flags: list) -> None:
    for f in flags:
        if len(f) != 2 or type(f[0]) is not int or type(f[1]) is not str:
            raise CacheInvalid("flag")


def _check_node(spec: tuple, t: tuple) -> None:
    """``CacheInvalid`` unless ``t`` (tag, file index, line, column, field values) has the
    types the codec table allows for the node class of ``spec`` (an entry of ``_DECODE``)."""
    cls, signatures, lists, special = spec
    if tuple(map(type, t)) not in signatures:
        raise CacheInvalid(f"fields of {cls.__name__}")
    for i, item_types in lists:
        items = t[i]
        if items and not set(map(type, items)) <= item_types:
            raise CacheInvalid(f"list in {cls.__name__}")
    for i, kind in special:
        if t[i]:
            (_check_branches if kind == "branches" else _check_flags)(t[i])


def encode_tree(tree: ast.SourceFile) -> tuple:
    """``tree`` as builtin data: (file names, msgpack of the tree). Raises ``CacheInvalid``
    for a node ``decode_tree`` would refuse (``_check_node``): each field's value is checked
    against its kind in the codec table as it is encoded, so the array made of a node is one
    ``_check_node`` passes. No Python recursion (``_TreeEncoder.run``): a tree deeper than
    msgpack nests (a hostile expression) is ``CacheInvalid``, never a ``RecursionError``."""
    files: dict[str, int] = {}
    try:
        body = _packer().pack(_TreeEncoder(files).run(tree))
    except ValueError as e:     # msgpack's nesting limit
        raise CacheInvalid("tree too deep") from e
    if not set(map(type, files)) <= _STR:
        raise CacheInvalid("file name")
    return list(files), body


def _invalid(what: str):
    raise CacheInvalid(what)


# Field kinds whose encoders return the value at once (no child nodes to encode).
_LEAF_KINDS = frozenset(("int", "float", "str", "bool", "pos"))
_GENERATOR = type(_ for _ in ())


class _TreeEncoder:
    """One encoding: a function per node class (its array from its fields, each checked by
    a function per field kind), the file names met so far in ``files`` (name -> index).

    The encoder of a node with child nodes (or of a list of them) is a generator: it yields
    each child's generator and is sent the child's array back; ``run`` drives them with a
    stack of its own, so a tree of any depth costs no Python recursion. Encoders of leaf
    nodes, scalars and positions return their value at once."""

    def __init__(self, files: dict[str, int]):
        self.files = files
        self._fields: dict[type, list] = {}
        by_class = {cls: self._node(cls) for cls in _NODE_CLASSES}
        self.any_of = {name: self._one_of({c: by_class[c] for c in classes}, name)
                       for name, classes in (("expr", _EXPR_CLASSES), ("stmt", _STMT_CLASSES),
                                             ("call", {ast.CallExpr}), ("param", {ast.Param}),
                                             ("globalvar", {ast.GlobalVar}), ("decl", _DECL_CLASSES))}
        kinds = {kind: self._kind(kind) for kind in _KIND_TYPES}
        for cls, fields in self._fields.items():   # filled now: field kinds need the classes
            fields.extend(kinds[k] for k in _FIELD_KINDS[cls])
        self.source_file = self._one_of({ast.SourceFile: by_class[ast.SourceFile]},
                                        "root is not a SourceFile")

    def run(self, tree: Any) -> list:
        """The array of ``tree`` (a SourceFile), built without recursion."""
        root = self.source_file(tree)
        stack = [root]
        push, pop = stack.append, stack.pop
        result = None
        while stack:
            try:
                push(stack[-1].send(result))
                result = None
            except StopIteration as done:
                pop()
                result = done.value
        return result

    def _node(self, cls: type) -> Callable[[Any], Any]:
        tag, names, files = _TAG[cls], _FIELD_NAMES[cls], self.files
        # attrgetter of one name gives the value, of several a tuple
        get = operator.attrgetter(*names) if names else None
        single = len(names) == 1
        fields = self._fields[cls] = []

        def head(v: Any) -> list:
            pos = v.pos
            line, col = pos.line, pos.col
            if line.__class__ is not int or col.__class__ is not int:
                raise CacheInvalid(f"fields of {cls.__name__}")
            return [tag, files.setdefault(pos.file, len(files)), line, col]

        if all(k.rstrip("?") in _LEAF_KINDS for k in _FIELD_KINDS[cls]):
            def leaf(v: Any) -> list:
                out = head(v)
                if get is not None:
                    out += map(operator.call, fields, (get(v),) if single else get(v))
                return out
            return leaf

        def node(v: Any):
            out = head(v)
            for encode, value in zip(fields, (get(v),) if single else get(v)):
                r = encode(value)
                out.append((yield r) if r.__class__ is _GENERATOR else r)
            return out
        return node

    @staticmethod
    def _one_of(encoders: dict, what: str) -> Callable[[Any], Any]:
        get = encoders.get

        def one_of(v: Any):
            enc = get(v.__class__)
            if enc is None:
                raise CacheInvalid(what)
            return enc(v)
        return one_of

    def _kind(self, kind: str) -> Callable[[Any], Any]:
        """The encoder of a field of ``kind`` (see ``_KIND_TYPES``)."""
        optional = kind.endswith("?")
        base = kind.rstrip("?")
        if base in ("int", "float", "str", "bool"):
            t = {"int": int, "float": float, "str": str, "bool": bool}[base]

            def scalar(v):
                return v if v.__class__ is t else _invalid(kind)
            return scalar
        if base == "pos":
            files = self.files

            def pos(v):
                if v is None:
                    return None
                if v.__class__ is not ast.Pos or v.line.__class__ is not int or v.col.__class__ is not int:
                    raise CacheInvalid("position")
                return [_POS, files.setdefault(v.file, len(files)), v.line, v.col]
            return pos
        if base == "branches":
            expr, stmts = self.any_of["expr"], self.any_of["stmt"]

            def branch(b):
                if b.__class__ is not tuple or len(b) != 2 or b[1].__class__ is not list:
                    raise CacheInvalid("if branch")
                cond = expr(b[0])
                if cond.__class__ is _GENERATOR:
                    cond = yield cond
                body = [_LIST]
                for s in b[1]:
                    r = stmts(s)
                    body.append((yield r) if r.__class__ is _GENERATOR else r)
                return [_TUPLE, cond, body]
            item = branch
        elif base == "flags":
            def flag(f):
                if f.__class__ is not tuple or len(f) != 2 or f[0].__class__ is not int \
                        or f[1].__class__ is not str:
                    raise CacheInvalid("flag")
                return [_TUPLE, f[0], f[1]]
            item = flag
        elif base.startswith("list["):
            item = self.any_of[base[5:-1]]
        else:
            one = self.any_of[base]
            if not optional:
                return one
            return lambda v: None if v is None else one(v)

        def items(v):
            if v.__class__ is not list:
                if optional and v is None:
                    return None
                raise CacheInvalid(kind)
            out = [_LIST]
            for x in v:
                r = item(x)
                out.append((yield r) if r.__class__ is _GENERATOR else r)
            return out
        return items


def decode_tree(files: Any, body: Any) -> ast.SourceFile:
    """The tree ``encode_tree`` encoded, checking every array against the codec table."""
    if type(files) is not tuple or (files and not set(map(type, files)) <= _STR) \
            or type(body) is not bytes:
        raise CacheInvalid("tree")
    file_of = dict(enumerate(files))
    decode = _DECODE
    new_pos = tuple.__new__
    Pos = ast.Pos

    def hook(t: tuple) -> Any:
        spec = decode.get(t[0])
        if spec is None:
            tag = t[0]
            if type(tag) is not int:
                raise CacheInvalid("array tag")
            if tag == _LIST:
                return list(t[1:])
            if tag == _TUPLE:
                return t[1:]
            if tag == _POS:
                if tuple(map(type, t)) != _POS_TYPES:
                    raise CacheInvalid("position")
                return new_pos(Pos, (file_of[t[1]], t[2], t[3]))
            raise CacheInvalid("unknown node tag")
        _check_node(spec, t)
        return spec[0](new_pos(Pos, (file_of[t[1]], t[2], t[3])), *t[4:])

    tree = _unpack(body, list_hook=hook)
    if type(tree) is not ast.SourceFile:
        raise CacheInvalid("root is not a SourceFile")
    return tree


def load_tree(path: Path) -> tuple[ast.SourceFile, list[Diagnostic]] | None:
    """The cached (tree, diagnostics) at ``path``, or None when absent or invalid (an invalid
    entry is deleted)."""
    data = read_entry(path) if TREE_CODEC_OK else None
    if data is None:
        return None
    with no_gc():
        try:
            payload = decode_entry(TREE_MAGIC, data)
            if type(payload) is not tuple or len(payload) != 3:
                raise CacheInvalid("entry")
            files, body, diags = payload
            return decode_tree(files, body), _thaw_diagnostics(diags)
        except Exception:
            discard(path)
            return None


def store_tree(path: Path, tree: ast.SourceFile, diagnostics: list[Diagnostic]) -> None:
    """Write a parse cache entry atomically, only when it reads back equal (failures are
    ignored: the cache is an optimisation).

    The tree is not decoded back to be compared: ``encode_tree`` applies to every node the
    checks ``decode_tree`` makes, and an array that passes them decodes to the node it was
    made from (its class from the tag, its fields in order, lists and tuples tagged, msgpack
    keeping str, int, float, bool and None exactly), so the entry reads back equal."""
    if not TREE_CODEC_OK:
        return
    with no_gc():
        try:
            files, body = encode_tree(tree)
            data = encode_entry(TREE_MAGIC, (files, body, _freeze_diagnostics(diagnostics)))
            _files, _body, diags = decode_entry(TREE_MAGIC, data)
            if _thaw_diagnostics(diags) != diagnostics:
                return
            write_entry(path, data)
        except Exception:
            pass
