"""On-disk cache of compiled programs (DESIGN.md section 3.5).

A compiled program is plain data except for its references between functions and to native
implementations; ``freeze`` replaces those by names, ``thaw`` binds them again (natives from
the registry of the running process). Entries are keyed by a hash of the sources, the load
options and the runtime version, so a second load of common.j + Blizzard.j skips parsing,
checking and compiling. Files are written atomically; unreadable entries are ignored.
"""
from __future__ import annotations

import gc
import hashlib
import os
import pickle
from pathlib import Path
from typing import Any, Callable, Mapping

from . import __version__
from .bytecode import CALL, CALL_NATIVE, PUSH, CompiledFunction, NativeBinding
from .compiler import CompiledProgram, GlobalSlot

FORMAT = 2


_PUSH_CODE = -1  # a PUSH of a code value, stored by function name


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
            ("jass.lark", "parser.py", "checker.py", "compiler.py", "bytecode.py")]


def _freeze_instruction(op: int, arg: Any) -> tuple:
    """Function references become names: CALL/CALL_NATIVE keep (name, argc), a code value
    is pushed by a ``_PUSH_CODE`` pseudo-instruction. Only builtin types remain (fast to load)."""
    if op in (CALL, CALL_NATIVE):
        return (op, (arg[0].name, arg[1]))
    if op == PUSH and isinstance(arg, (CompiledFunction, NativeBinding)):
        return (_PUSH_CODE, arg.name)
    return (op, arg)


def _freeze_function(fn: CompiledFunction) -> dict:
    return {"name": fn.name, "file": fn.file, "line": fn.line, "nparams": fn.nparams,
            "returns": fn.returns, "param_types": fn.param_types, "local_names": fn.local_names,
            "local_types": fn.local_types, "array_slots": fn.array_slots,
            "code": [_freeze_instruction(op, arg) for op, arg in fn.code], "lines": fn.lines,
            "costs": fn.costs}


def freeze(program: CompiledProgram) -> dict:
    """A picklable description of ``program`` with no object references between functions."""
    functions, natives = [], []
    for fn in program.functions.values():
        if isinstance(fn, NativeBinding):
            natives.append((fn.name, fn.param_types, fn.returns))
        else:
            functions.append(_freeze_function(fn))
    return {
        "globals": [(g.name, g.type_name, g.is_array, g.is_constant, g.index) for g in program.globals],
        "functions": functions, "natives": natives, "types": program.types,
        "init": [_freeze_function(fn) for fn in program.init], "array_size": program.array_size,
    }


def thaw(data: dict, natives: Mapping[str, Callable]) -> CompiledProgram:
    """Rebuild a ``CompiledProgram`` from ``freeze`` output, binding natives from ``natives``."""
    prog = CompiledProgram(types=data["types"], array_size=data["array_size"])
    for name, type_name, is_array, is_constant, index in data["globals"]:
        slot = GlobalSlot(name, type_name, is_array, is_constant, index)
        prog.globals.append(slot)
        prog.global_index[name] = slot
    for name, param_types, returns in data["natives"]:
        func = natives.get(name)
        if func is None:
            prog.missing_natives.add(name)
        prog.functions[name] = NativeBinding(name, param_types, returns, func)
    shells = []
    for d in data["functions"]:
        fn = CompiledFunction(d["name"], d["file"], d["line"], d["nparams"], d["returns"])
        prog.functions[fn.name] = fn
        shells.append((fn, d))
    for d in data["init"]:
        fn = CompiledFunction(d["name"], d["file"], d["line"], d["nparams"], d["returns"])
        prog.init.append(fn)
        shells.append((fn, d))

    functions = prog.functions

    def bind(op: int, arg: Any) -> tuple:
        if op == CALL or op == CALL_NATIVE:
            return (op, (functions[arg[0]], arg[1]))
        if op == _PUSH_CODE:
            return (PUSH, functions[arg])
        return (op, arg)

    for fn, d in shells:
        fn.param_types, fn.local_names, fn.local_types = d["param_types"], d["local_names"], d["local_types"]
        fn.array_slots, fn.lines, fn.costs = d["array_slots"], d["lines"], d["costs"]
        fn.code = [bind(op, arg) for op, arg in d["code"]]
    return prog


def load(path: Path, natives: Mapping[str, Callable]) -> tuple[CompiledProgram, list] | None:
    """The cached (program, diagnostics) at ``path``, or None when absent or unreadable."""
    gc_was_enabled = gc.isenabled()
    gc.disable()  # unpickling many small objects is much faster without the cycle collector
    try:
        with open(path, "rb") as fh:
            data = pickle.load(fh)
        return thaw(data["program"], natives), data["diagnostics"]
    except Exception:
        return None
    finally:
        if gc_was_enabled:
            gc.enable()


def store(path: Path, program: CompiledProgram, diagnostics: list) -> None:
    """Write the cache entry atomically; failures are ignored (the cache is an optimisation)."""
    try:
        path.parent.mkdir(parents=True, exist_ok=True)
        tmp = path.with_suffix(f".tmp{os.getpid()}")
        with open(tmp, "wb") as fh:
            pickle.dump({"program": freeze(program), "diagnostics": diagnostics}, fh,
                        protocol=pickle.HIGHEST_PROTOCOL)
        os.replace(tmp, path)
    except Exception:
        pass
