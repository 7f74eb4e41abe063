"""Compile the JASS syntax tree to bytecode (``jassvm.bytecode``).

The compiler resolves every name (local, parameter, global, function, native), infers
expression types (so it works on lenient input too), inserts the integer->real promotions
of assignments and arguments, and emits short-circuit code for ``and``/``or`` (S063).
"""
from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping

TYPE_CHECKING = False   # typing.TYPE_CHECKING, without importing typing (issue 17: start-up)
if TYPE_CHECKING:
    from typing import Any

from . import ast
from .bytecode import (
    ADD_I, ADD_R, CALL, CALL_NATIVE, CONCAT, DIV_I, DIV_R, EQ, EQ_R, GE, GT, H2I, I2R, JUMP,
    JUMP_IF_FALSE, JUMP_IF_FALSE_KEEP, JUMP_IF_TRUE, JUMP_IF_TRUE_KEEP, LE, LOAD_GLOBAL,
    LOAD_GLOBAL_ELEM, LOAD_LOCAL, LOAD_LOCAL_ELEM, LT, MOD_I, MUL_I, MUL_R, NE, NE_R, NEG_I,
    NEG_R, NOT, POP, PUSH, R2I_RET, RETURN, RETURN_NOTHING, STORE_GLOBAL, STORE_GLOBAL_ELEM,
    STORE_GLOBAL_ELEM_H, STORE_GLOBAL_H, STORE_LOCAL, STORE_LOCAL_ELEM, STORE_LOCAL_ELEM_H,
    STORE_LOCAL_H, SUB_I, SUB_R, CompiledFunction, NativeBinding,
)
from .diagnostics import Diagnostic, JassError, Severity
from .records import field, record

PRIMITIVES = {"integer", "real", "boolean", "string", "code", "nothing"}
DEFAULTS = {"integer": 0, "real": 0.0, "boolean": False, "string": None}
BACKWARD_JUMP_COST = 3  # with the loop body's own ops, S093's 7-op loop iteration
FUNCTION_ENTRY_COST = 2  # the game's ops for entering a function (charged on CALL and at the
                         # start of each thread action): S093's ExecuteFunc thread then dies
                         # during iteration 42858, before its store, as in the game


def default_value(type_name: str) -> Any:
    """The value an unset array element of ``type_name`` reads as (S083)."""
    return DEFAULTS.get(type_name)


def is_handle_type(type_name: str) -> bool:
    """True for handle types (everything that is not integer/real/boolean/string/code)."""
    return type_name not in PRIMITIVES and type_name != "null"


@record(slots=False)
class GlobalSlot:
    """A global variable: name, type, array/constant flags and its index in ``VM.globals``."""

    name: str
    type_name: str
    is_array: bool
    is_constant: bool
    index: int
    decl: ast.GlobalVar | None = None


@record(slots=False)
class CompiledProgram:
    """A whole script (common.j + Blizzard.j + map) as bytecode.

    ``globals`` lists global slots in declaration order; ``init`` is a synthetic function that
    runs the global initialisers; ``functions`` maps names to compiled functions and natives.
    """

    globals: list[GlobalSlot] = field(default_factory=list)
    global_index: dict[str, GlobalSlot] = field(default_factory=dict)
    functions: dict[str, CompiledFunction | NativeBinding] = field(default_factory=dict)
    types: dict[str, str | None] = field(default_factory=dict)
    init: list[CompiledFunction] = field(default_factory=list)
    missing_natives: set[str] = field(default_factory=set)
    array_size: int = 8192

    @property
    def global_names(self) -> list[str]:
        return [g.name for g in self.globals]


_LEAF_TYPES = {ast.IntLit: "integer", ast.RealLit: "real", ast.StrLit: "string",
               ast.BoolLit: "boolean", ast.NullLit: "null", ast.CodeRef: "code"}
_ARITHMETIC = frozenset(("+", "-", "*", "/", "%"))
_EXPR, _EMIT, _LINE_EMIT, _JUMP, _PATCH, _FAIL = range(6)  # work items of _FunctionCompiler._run


class _FunctionCompiler:
    def __init__(self, prog: CompiledProgram, fn: CompiledFunction, diags: list[Diagnostic]):
        self.prog = prog
        self.fn = fn
        self.diags = diags
        self.scope: dict[str, tuple[int, str, bool]] = {}
        self.loop_exits: list[list[int]] = []
        self.line = fn.line
        self.types: dict[int, str] = {}  # id(expression) -> type (``type_of``)

    # -- emission helpers
    def emit(self, op: int, arg: Any = None, cost: int = 1) -> int:
        self.fn.code.append((op, arg))
        self.fn.lines.append(self.line)
        self.fn.costs.append(cost)
        return len(self.fn.code) - 1

    def patch(self, at: int, target: int) -> None:
        op, _ = self.fn.code[at]
        self.fn.code[at] = (op, target)

    def here(self) -> int:
        return len(self.fn.code)

    def error(self, node: ast.Node, message: str) -> None:
        self.diags.append(Diagnostic("E300", Severity.ERROR, message, *node.pos))

    # -- names and types
    def declare_local(self, name: str, type_name: str, is_array: bool) -> int:
        slot = len(self.fn.local_names)
        self.fn.local_names.append(name)
        self.fn.local_types.append(type_name)
        if is_array:
            self.fn.array_slots.append(slot)
        self.scope[name] = (slot, type_name, is_array)
        return slot

    def lookup(self, node: ast.Node, name: str) -> tuple[bool, int, str, bool]:
        """(is_local, slot, type, is_array) of a variable."""
        if name in self.scope:
            slot, t, arr = self.scope[name]
            return True, slot, t, arr
        g = self.prog.global_index.get(name)
        if g is None:
            raise _CompileError(node, f"undeclared variable {name}")
        return False, g.index, g.type_name, g.is_array

    def callee(self, node: ast.CallExpr | ast.CodeRef, name: str):
        target = self.prog.functions.get(name)
        if target is None:
            raise _CompileError(node, f"undeclared function {name}")
        return target

    def _leaf_type(self, e: ast.Expr) -> str | None:
        """The type of an expression whose type needs no operand, or None."""
        cls = e.__class__
        t = _LEAF_TYPES.get(cls)
        if t is not None:
            return t
        if cls is ast.VarRef or cls is ast.IndexRef:
            return self.lookup(e, e.name)[2]
        if cls is ast.CallExpr:
            return self.callee(e, e.name).returns
        if cls is ast.Unary:
            return "boolean" if e.op == "not" else None
        if cls is ast.Binary:
            return None if e.op in _ARITHMETIC else "boolean"
        if cls is ast.Paren:
            return None
        raise _CompileError(e, f"unknown expression {type(e).__name__}")

    def type_of(self, e: ast.Expr) -> str:
        """The type the compiler gives ``e`` (it infers types itself, so lenient input
        compiles). Iterative over ``( )``, unary ``-``/``+`` and arithmetic, whose type comes
        from their operands; memoised per function, so each node is typed once."""
        memo = self.types
        t = memo.get(id(e))
        if t is not None:
            return t
        stack = [e]
        while stack:
            node = stack[-1]
            key = id(node)
            if key in memo:
                stack.pop()
                continue
            t = self._leaf_type(node)
            if t is None:
                cls = node.__class__
                if cls is ast.Binary:
                    lt, rt = memo.get(id(node.left)), memo.get(id(node.right))
                    if lt is None or rt is None:
                        stack.extend(x for x, xt in ((node.right, rt), (node.left, lt)) if xt is None)
                        continue
                    if lt == "string" or rt == "string":
                        t = "string"
                    else:
                        t = "real" if "real" in (lt, rt) else "integer"
                else:
                    inner = node.inner if cls is ast.Paren else node.operand
                    t = memo.get(id(inner))
                    if t is None:
                        stack.append(inner)
                        continue
            memo[key] = t
            stack.pop()
        return memo[id(e)]

    # -- expressions
    #
    # Expressions are emitted from an explicit work list (no recursion, any depth). A work
    # item is a tuple whose first element says what to do:
    #   (_EXPR, e, want)   emit e, converted to ``want`` where JASS converts
    #   (_EMIT, op, arg, cost)         emit one instruction
    #   (_LINE_EMIT, line, op, arg, cost)  set the current line, then emit
    #   (_JUMP, op)        emit a forward jump and remember it
    #   (_PATCH,)          point the last remembered jump here
    #   (_FAIL, node, message)  raise a compile error (after the operands, as before)

    def expr(self, e: ast.Expr, want: str | None = None) -> None:
        """Emit ``e`` leaving one value on the stack, converted to ``want`` where JASS converts."""
        self._run([(_EXPR, e, want)])

    def call(self, e: ast.CallExpr) -> None:
        """Emit a call: its arguments, then CALL or CALL_NATIVE."""
        work: list[tuple] = []
        self._call(e, work)
        self._run(work)

    def _run(self, work: list[tuple]) -> None:
        jumps: list[int] = []
        emit = self.emit
        while work:
            item = work.pop()
            kind = item[0]
            if kind == _EXPR:
                self._expand(item[1], item[2], work)
            elif kind == _EMIT:
                emit(item[1], item[2], item[3])
            elif kind == _LINE_EMIT:
                self.line = item[1]
                emit(item[2], item[3], item[4])
            elif kind == _JUMP:
                jumps.append(emit(item[1]))
            elif kind == _PATCH:
                self.patch(jumps.pop(), self.here())
            else:
                raise _CompileError(item[1], item[2])

    def _expand(self, e: ast.Expr, want: str | None, work: list[tuple]) -> None:
        """Emit ``e`` now if it is a leaf, else push the steps that emit it."""
        have = self.type_of(e)
        if have == "null" and want in ("integer", "real"):
            self.emit(PUSH, 0 if want == "integer" else 0.0)  # S077
            return
        if want == "real" and have == "integer":
            work.append((_EMIT, I2R, None, 1))
        elif want == "integer" and have == "real":
            work.append((_EMIT, R2I_RET, None, 1))  # lenient: RoC/TFT Blizzard.j returns reals from integer functions
        elif want == "integer" and is_handle_type(have):
            work.append((_EMIT, H2I, None, 1))  # lenient: the pre-1.24 return bug (S075)
        self.line = e.line or self.line
        while e.__class__ is ast.Paren:
            e = e.inner
            self.line = e.line or self.line
        cls = e.__class__
        if cls is ast.IntLit or cls is ast.RealLit or cls is ast.StrLit or cls is ast.BoolLit:
            self.emit(PUSH, e.value)
        elif cls is ast.NullLit:
            self.emit(PUSH, None)
        elif cls is ast.CodeRef:
            self.emit(PUSH, self.callee(e, e.name))
        elif cls is ast.VarRef:
            is_local, slot, _, is_array = self.lookup(e, e.name)
            if is_array:
                raise _CompileError(e, f"array {e.name} used without an index")
            self.emit(LOAD_LOCAL if is_local else LOAD_GLOBAL, slot)
        elif cls is ast.IndexRef:
            is_local, slot, _, is_array = self.lookup(e, e.name)
            if not is_array:
                raise _CompileError(e, f"{e.name} is not an array")
            work.append((_EMIT, LOAD_LOCAL_ELEM if is_local else LOAD_GLOBAL_ELEM, slot, 1))
            work.append((_EXPR, e.index, "integer"))
        elif cls is ast.CallExpr:
            self._call(e, work)
        elif cls is ast.Unary:
            t = self.type_of(e.operand)
            if e.op == "not":
                work.append((_EMIT, NOT, None, 1))
            elif e.op == "-":
                work.append((_EMIT, NEG_R if t == "real" else NEG_I, None, 1))
            work.append((_EXPR, e.operand, None))
        elif cls is ast.Binary:
            self._binary(e, work)
        else:
            raise _CompileError(e, f"unknown expression {type(e).__name__}")

    def _call(self, e: ast.CallExpr, work: list[tuple]) -> None:
        target = self.callee(e, e.name)
        if len(e.args) != len(target.param_types):
            raise _CompileError(e, f"{e.name} takes {len(target.param_types)} arguments, "
                                   f"{len(e.args)} given")
        if isinstance(target, NativeBinding):
            work.append((_LINE_EMIT, e.line, CALL_NATIVE, (target, len(e.args)), 1))
        else:
            work.append((_LINE_EMIT, e.line, CALL, (target, len(e.args)), 1 + FUNCTION_ENTRY_COST))
        for arg, ptype in zip(reversed(e.args), reversed(target.param_types)):
            work.append((_EXPR, arg, ptype))

    def _binary(self, e: ast.Binary, work: list[tuple]) -> None:
        op = e.op
        if op in ("and", "or"):
            work.append((_PATCH,))
            work.append((_EXPR, e.right, None))
            work.append((_JUMP, JUMP_IF_FALSE_KEEP if op == "and" else JUMP_IF_TRUE_KEEP))
            work.append((_EXPR, e.left, None))
            return
        lt, rt = self.type_of(e.left), self.type_of(e.right)
        numeric = {"integer", "real"}
        real = (lt == "real" or rt == "real") and lt in numeric | {"null"} and rt in numeric | {"null"}
        want = "real" if real else None
        if op == "+" and (lt == "string" or rt == "string"):
            work.append((_EMIT, CONCAT, None, 1))
            work.append((_EXPR, e.right, None))
            work.append((_EXPR, e.left, None))
            return
        if op in ("+", "-", "*", "/"):
            table = {"+": (ADD_I, ADD_R), "-": (SUB_I, SUB_R), "*": (MUL_I, MUL_R), "/": (DIV_I, DIV_R)}
            work.append((_LINE_EMIT, e.line, table[op][1] if real else table[op][0], None, 1))
        elif op == "%":
            if real:
                work.append((_FAIL, e, "the modulo operator takes integers only (S007)"))
            else:
                work.append((_LINE_EMIT, e.line, MOD_I, None, 1))
        elif op == "==":
            work.append((_LINE_EMIT, e.line, EQ_R if real else EQ, None, 1))
        elif op == "!=":
            work.append((_LINE_EMIT, e.line, NE_R if real else NE, None, 1))
        else:
            work.append((_LINE_EMIT, e.line, {"<": LT, "<=": LE, ">": GT, ">=": GE}[op], None, 1))
        work.append((_EXPR, e.right, want))
        work.append((_EXPR, e.left, want))

    # -- statements
    def block(self, stmts: Iterable[ast.Stmt]) -> None:
        for s in stmts:
            self.stmt(s)

    def store(self, node: ast.Node, name: str, index: ast.Expr | None, value: ast.Expr) -> None:
        is_local, slot, t, is_array = self.lookup(node, name)
        handle = is_handle_type(t)
        if index is not None:
            if not is_array:
                raise _CompileError(node, f"{name} is not an array")
            self.expr(index, "integer")
            self.expr(value, t)
            self.line = node.line
            if is_local:
                self.emit(STORE_LOCAL_ELEM_H if handle else STORE_LOCAL_ELEM, slot)
            else:
                self.emit(STORE_GLOBAL_ELEM_H if handle else STORE_GLOBAL_ELEM, slot)
            return
        if is_array:
            raise _CompileError(node, f"array {name} assigned without an index")
        self.expr(value, t)
        self.line = node.line
        if is_local:
            self.emit(STORE_LOCAL_H if handle else STORE_LOCAL, slot)
        else:
            self.emit(STORE_GLOBAL_H if handle else STORE_GLOBAL, slot)

    def stmt(self, s: ast.Stmt) -> None:
        self.line = s.line or self.line
        if isinstance(s, ast.Set):
            self.store(s, s.name, s.index, s.value)
        elif isinstance(s, ast.Call):
            self.call(s.call)
            if self.callee(s.call, s.call.name).returns != "nothing":
                self.emit(POP)
        elif isinstance(s, ast.Local):
            if s.name in self.scope and self.scope[s.name][0] < self.fn.nparams:
                raise _CompileError(s, f"local {s.name} redeclares a parameter (S086)")
            slot = self.declare_local(s.name, s.type_name, s.is_array)
            if s.init is not None:
                self.expr(s.init, s.type_name)
                self.line = s.line
                self.emit(STORE_LOCAL_H if is_handle_type(s.type_name) else STORE_LOCAL, slot)
        elif isinstance(s, ast.If):
            ends = []
            for cond, body in s.branches:
                self.line = cond.line
                self.expr(cond)
                skip = self.emit(JUMP_IF_FALSE)
                self.block(body)
                ends.append(self.emit(JUMP))
                self.patch(skip, self.here())
            if s.else_body:
                self.block(s.else_body)
            for j in ends:
                self.patch(j, self.here())
        elif isinstance(s, ast.Loop):
            start = self.here()
            self.loop_exits.append([])
            self.block(s.body)
            self.emit(JUMP, start, BACKWARD_JUMP_COST)
            for j in self.loop_exits.pop():
                self.patch(j, self.here())
        elif isinstance(s, ast.ExitWhen):
            if not self.loop_exits:
                raise _CompileError(s, "exitwhen outside a loop")
            self.expr(s.cond)
            self.loop_exits[-1].append(self.emit(JUMP_IF_TRUE))
        elif isinstance(s, ast.Return):
            if self.fn.returns == "nothing":
                self.emit(RETURN_NOTHING)
            elif s.value is None:  # lenient input: a bare return in a value function
                self.emit(PUSH, default_value(self.fn.returns))
                self.emit(RETURN)
            else:
                self.expr(s.value, self.fn.returns)
                self.line = s.line
                self.emit(RETURN)
        elif isinstance(s, ast.Debug):
            pass  # retail builds skip debug statements
        else:
            raise _CompileError(s, f"unknown statement {type(s).__name__}")


class _CompileError(Exception):
    def __init__(self, node: ast.Node, message: str):
        super().__init__(message)
        self.node = node


def _signature(params: list[ast.Param]) -> list[str]:
    return [p.type_name for p in params]


def compile_program(files: list[ast.SourceFile], natives: Mapping[str, Callable] | None = None,
                    *, array_size: int = 8192) -> CompiledProgram:
    """Compile parsed files (in load order) into one ``CompiledProgram``.

    ``natives`` maps native names to Python implementations (``func(ctx, *args)``); declared
    natives without one are bound to None and recorded in ``missing_natives``.
    Raises ``JassError`` with diagnostics for code that cannot be compiled (undeclared names,
    wrong argument counts...), which the checker normally reports first.
    """
    natives = natives or {}
    prog = CompiledProgram(array_size=array_size)
    diags: list[Diagnostic] = []
    bodies: list[tuple[ast.Function, CompiledFunction]] = []
    for f in files:
        for d in f.decls:
            if isinstance(d, ast.TypeDecl):
                prog.types[d.name] = d.base
            elif isinstance(d, ast.NativeDecl):
                func = natives.get(d.name)
                if func is None:
                    prog.missing_natives.add(d.name)
                prog.functions[d.name] = NativeBinding(d.name, _signature(d.params), d.returns, func)
            elif isinstance(d, ast.Function):
                cf = CompiledFunction(d.name, d.file, d.line, len(d.params), d.returns,
                                      param_types=_signature(d.params))
                prog.functions[d.name] = cf
                bodies.append((d, cf))
            elif isinstance(d, ast.Globals):
                for g in d.vars:
                    slot = GlobalSlot(g.name, g.type_name, g.is_array, g.is_constant, len(prog.globals), g)
                    if g.name in prog.global_index:
                        slot.index = prog.global_index[g.name].index
                        prog.globals[slot.index] = slot
                    else:
                        prog.globals.append(slot)
                    prog.global_index[g.name] = slot
                    if g.init is not None:
                        _compile_initialiser(prog, g, diags)
    for d, cf in bodies:
        _compile_function(prog, d, cf, diags)
    if any(d.is_error for d in diags):
        raise JassError(diags)
    return prog


def _compile_initialiser(prog: CompiledProgram, g: ast.GlobalVar, diags: list[Diagnostic]) -> None:
    """Each global initialiser is its own tiny function: a crash loses only that global."""
    fn = CompiledFunction(f"<init {g.name}>", g.file, g.line, 0, "nothing")
    c = _FunctionCompiler(prog, fn, diags)
    try:
        c.store(g, g.name, None, g.init)
    except _CompileError as err:
        diags.append(Diagnostic("E300", Severity.ERROR, str(err), *err.node.pos))
        return
    c.emit(RETURN_NOTHING)
    prog.init.append(fn)


def _compile_function(prog: CompiledProgram, d: ast.Function, cf: CompiledFunction,
                      diags: list[Diagnostic]) -> None:
    c = _FunctionCompiler(prog, cf, diags)
    for p in d.params:
        c.declare_local(p.name, p.type_name, False)
    try:
        c.block(d.body)
    except _CompileError as err:
        diags.append(Diagnostic("E300", Severity.ERROR, str(err), *err.node.pos))
        return
    c.line = d.end_pos.line if d.end_pos else c.line
    if d.returns == "nothing":
        c.emit(RETURN_NOTHING)
    else:
        # Falling off the end of a value function (pjass: "Missing return"); lenient input only.
        c.emit(PUSH, default_value(d.returns))
        c.emit(RETURN)

