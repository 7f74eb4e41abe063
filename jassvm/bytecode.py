"""Bytecode: opcodes, compiled functions and a readable disassembly (in the style of ``dis``).

A compiled function is plain data: a list of ``(opcode, argument)`` pairs, a parallel line
table and a parallel op-cost table. The op cost approximates how many instructions the
game's own JASS bytecode spends on the same work, so the 300,000 op limit bites where it does
in the game (S093: ``loop / set g = g + 1 / endloop`` costs 7 per iteration).
"""
from __future__ import annotations


TYPE_CHECKING = False   # typing.TYPE_CHECKING, without importing typing (issue 17: start-up)
if TYPE_CHECKING:
    from typing import Any

from .records import field, record

# Opcodes. The interpreter (``VM._run``) tests ``op >= CALL`` first: below are the plain
# instructions, tested in the order of how often they run; from ``CALL`` on the calls and
# returns, the instrumentation opcodes and the superinstructions (keep ``CALL``, ``RETURN``,
# ``RETURN_NOTHING`` the last compiled opcodes, and ``CALL_LOCALS`` ... ``ARITH_RETURN`` last).
OPNAMES = [
    "LOAD_LOCAL", "PUSH", "LOAD_GLOBAL", "STORE_LOCAL", "STORE_GLOBAL", "JUMP_IF_FALSE",
    "JUMP", "CALL_NATIVE", "ADD_I", "SUB_I", "LT", "LE", "GT", "GE", "EQ", "NE",
    "LOAD_LOCAL_ELEM", "LOAD_GLOBAL_ELEM", "STORE_LOCAL_ELEM", "STORE_GLOBAL_ELEM",
    "MUL_I", "DIV_I", "MOD_I", "ADD_R", "SUB_R", "MUL_R", "DIV_R", "NEG_I", "NEG_R",
    "CONCAT", "NOT", "EQ_R", "NE_R", "I2R", "JUMP_IF_FALSE_KEEP", "JUMP_IF_TRUE_KEEP",
    "POP", "STORE_LOCAL_H", "STORE_GLOBAL_H", "STORE_LOCAL_ELEM_H",
    "STORE_GLOBAL_ELEM_H", "JUMP_IF_TRUE", "H2I", "R2I_RET",
    "CALL", "RETURN", "RETURN_NOTHING",
    # Never emitted by the compiler: only in a VM's own instrumented copies of functions
    # (``jassvm.instrument``): a store to a watched global or array, and a traced line start.
    "STORE_GLOBAL_WATCHED", "STORE_GLOBAL_ELEM_WATCHED", "LINE",
    # Never stored in a function either: the bytecode interpreter's superinstructions
    # (``jassvm.superinstructions``), each standing for a run of the instructions above.
    "LOAD_LOCAL2", "LOCAL_ADD_STORE", "COMPARE_JUMP", "LOCAL_OP", "ARITH_STORE",
    "ACC_STORE", "CALL_LOCALS", "CALL_LOCAL_OP", "RETURN_LOCAL",
    "RETURN_LOCAL_OP", "ARITH_RETURN",
]
COMPILED_OPS = OPNAMES.index("STORE_GLOBAL_WATCHED")   # opcodes below this come from the compiler
for _i, _name in enumerate(OPNAMES):  # LOAD_LOCAL = 0, PUSH = 1, ...: module constants
    globals()[_name] = _i
OPCODES = tuple(range(len(OPNAMES)))   # every opcode in OPNAMES order: what VM._run unpacks into locals

JUMPS = {"JUMP", "JUMP_IF_FALSE", "JUMP_IF_TRUE", "JUMP_IF_FALSE_KEEP", "JUMP_IF_TRUE_KEEP"}
OP_LIMIT = 300_000   # S093: op costs an uninterrupted run of a thread may spend


@record(slots=False, eq=False)
class CompiledFunction:
    """One JASS function as bytecode.

    ``code`` holds (opcode, arg) pairs; ``lines[pc]`` the source line of instruction ``pc``;
    ``costs[pc]`` its op-limit cost. ``nparams`` locals come first, then the declared locals;
    ``array_slots`` lists local slots that hold arrays (fresh per call). ``returns`` is the
    JASS return type name. Natives are not CompiledFunctions (see ``NativeBinding``).
    """

    name: str
    file: str
    line: int
    nparams: int
    returns: str
    param_types: list[str] = field(default_factory=list)
    local_names: list[str] = field(default_factory=list)
    local_types: list[str] = field(default_factory=list)
    array_slots: list[int] = field(default_factory=list)
    code: list[tuple[int, Any]] = field(default_factory=list)
    lines: list[int] = field(default_factory=list)
    costs: list[int] = field(default_factory=list)
    is_native: bool = False

    def __repr__(self) -> str:
        return f"<function {self.name}>"


@record(slots=False, eq=False)
class NativeBinding:
    """A native as the VM calls it: its name, JASS signature and Python implementation.

    ``func`` is None when the native is declared (in common.j or the map) but not implemented;
    calling it records a runtime error naming the native.
    """

    name: str
    param_types: list[str]
    returns: str
    func: Any = None
    is_native: bool = True

    def __repr__(self) -> str:
        return f"<native {self.name}>"


def _describe(op: int, arg: Any) -> str:
    name = OPNAMES[op]
    if arg is None:
        return ""
    if name in ("CALL", "CALL_NATIVE"):
        target, argc = arg
        return f"{target.name} ({argc} args)"
    if name == "PUSH":
        if isinstance(arg, (CompiledFunction, NativeBinding)):
            return f"function {arg.name}"
        return repr(arg)
    if name in JUMPS:
        return f"to {arg}"
    return str(arg)


def disassemble(fn: CompiledFunction, global_names: list[str] | None = None) -> str:
    """A readable listing of ``fn``: line, offset, opcode, argument (like CPython's ``dis``)."""
    out = [f"Disassembly of {fn.name} ({fn.file}:{fn.line}), "
           f"{fn.nparams} params, locals {fn.local_names}:"]
    targets = {arg for op, arg in fn.code if OPNAMES[op] in JUMPS}
    last_line = None
    for pc, (op, arg) in enumerate(fn.code):
        line = fn.lines[pc]
        line_col = f"{line:>6}" if line != last_line else " " * 6
        last_line = line
        mark = ">>" if pc in targets else "  "
        desc = _describe(op, arg)
        name = OPNAMES[op]
        if name.startswith(("LOAD_LOCAL", "STORE_LOCAL")) and isinstance(arg, int):
            desc = f"{arg} ({fn.local_names[arg]})"
        elif name.startswith(("LOAD_GLOBAL", "STORE_GLOBAL")) and global_names and isinstance(arg, int):
            desc = f"{arg} ({global_names[arg]})"
        out.append(f"{line_col} {mark}{pc:>5} {name:<20} {desc}".rstrip())
    return "\n".join(out)
