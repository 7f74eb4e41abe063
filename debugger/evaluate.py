"""JASS expressions evaluated in a stopped frame (the debugger's ``print``, watches, hovers,
breakpoint conditions and logpoints).

The expression is parsed by the project's own parser (inside a throwaway function body) and
walked here with the VM's value rules (``jassvm.values``: int32 wraparound, binary32 reals,
``int_div``/``int_mod``, ``real_eq``, ``concat``). Names resolve to the frame's parameters
and locals first, then the program's globals. Calls run real code: a JASS function runs in a
callback thread of its own (it may not wait, as any callback); a native is called as the VM
calls it. A native that may change the game is refused unless side effects are allowed
(``READ_ONLY_PREFIXES``: natives whose names start with ``Get``, ``Is``, ``Load`` ... and
read the model only; ``GetRandom*`` draws from the game's random stream and so is not
read-only), and a JASS function is refused when any function it can reach calls such a
native. A statement ``call F(...)`` or ``set x = e`` is accepted when side effects are.

Errors are ``EvalError`` with a message for the user, never a Python traceback.
"""
from __future__ import annotations

from typing import Any

from jassvm import ast
from jassvm import bytecode as bc
from jassvm.bytecode import CompiledFunction, NativeBinding
from jassvm.parser import parse
from jassvm.thread import UNSET, Frame, JassArray, JassCrash
from jassvm.values import INT_MAX, INT_MIN, concat, f32, int_div, int_mod, real_div, real_eq, wrap_int

READ_ONLY_PREFIXES = (
    "Get", "Is", "Has", "Count", "Load", "Have", "I2", "R2", "S2", "H2", "StringLength",
    "StringCase", "SubString", "StringHash", "Convert", "Player", "BlzGet", "BlzIs", "Sin", "Cos",
    "Tan", "Asin", "Acos", "Atan", "SquareRoot", "Pow", "Deg2Rad", "Rad2Deg", "Order", "UnitId",
    "GetLocalPlayer", "OrderId", "IAbs", "RAbs", "IMin", "IMax", "RMin", "RMax", "Char",
)
_NOT_READ_ONLY = ("GetRandom",)


class EvalError(Exception):
    """A user mistake in an expression, or a crash while evaluating it (message for the UI)."""


def is_read_only(native: str) -> bool:
    """True when the native only reads the model (see the module docstring)."""
    return native.startswith(READ_ONLY_PREFIXES) and not native.startswith(_NOT_READ_ONLY)


def parse_expression(text: str) -> ast.Expr | ast.Stmt:
    """The AST of a JASS expression, or of a ``call``/``set`` statement. Raises EvalError."""
    stripped = text.strip()
    if not stripped:
        raise EvalError("empty expression")
    statement = stripped.split(None, 1)[0] in ("call", "set")
    # an expression is parsed as the value of a ``set`` (nothing after it: a syntax error
    # names only what the user wrote)
    body = stripped if statement else f"set DebugEvalX = {stripped}"
    tree, diags = parse(f"function DebugEvalF takes nothing returns nothing\n{body}\nendfunction\n",
                        "<expression>")
    errors = [d for d in diags if d.is_error]
    if tree is None or errors or not tree.decls or not tree.decls[0].body or len(tree.decls[0].body) != 1:
        why = errors[0].message if errors else "not one expression"
        raise EvalError(f"cannot parse {stripped!r}: {why}")
    stmt = tree.decls[0].body[0]
    if statement:
        return stmt
    if not isinstance(stmt, ast.Set) or stmt.index is not None:
        raise EvalError(f"cannot parse {stripped!r}: not one expression")
    return stmt.value


class Evaluator:
    """Evaluates expressions for one VM in one frame (``frame`` None: globals only)."""

    def __init__(self, vm, frame: Frame | None, side_effects: bool = False) -> None:
        self.vm = vm
        self.frame = frame
        self.side_effects = side_effects

    # ------------------------------------------------------------------ entry points
    def evaluate(self, text: str) -> tuple[Any, str | None]:
        """``(value, declared type or None)`` of ``text``; a ``call`` gives what the function
        returns and its return type, a ``set`` ``(None, "nothing")``."""
        node = parse_expression(text)
        if isinstance(node, ast.Stmt):
            if not self.side_effects:
                raise EvalError("statements change the game: only the debugger's call and set commands run them")
            if isinstance(node, ast.Call):
                return self.expr(node.call), self._declared(node.call) or "nothing"
            self.statement(node)
            return None, "nothing"
        return self.expr(node), self._declared(node)

    def assign(self, name: str, index: int | None, text: str) -> Any:
        """Set the variable ``name`` (element ``index`` of an array) to the value of the
        expression ``text``; returns the new value. Raises EvalError on a type mismatch."""
        value = self.expr(parse_expression(text))
        declared = self._variable_type(name)
        value = _coerce(value, declared, name)
        slot, where = self._lookup(name)
        target = where[slot]
        if index is not None or isinstance(target, JassArray):
            if not isinstance(target, JassArray) or index is None:
                raise EvalError(f"{name} is an array: give an index")
            if not 0 <= index < target.size:
                raise EvalError(f"index {index} is out of range 0..{target.size - 1}")
            self._swap(target.get(index), value, declared)
            target[index] = value
        else:
            self._swap(target, value, declared)
            where[slot] = value
        return value

    # ------------------------------------------------------------------ statements
    def statement(self, node: ast.Stmt) -> None:
        """Run a ``call`` or ``set`` statement (side effects assumed allowed by the caller)."""
        if isinstance(node, ast.Call):
            self.expr(node.call)
        elif isinstance(node, ast.Set):
            index = None if node.index is None else self.expr(node.index)
            value = self.expr(node.value)
            slot, where = self._lookup(node.name)
            declared = self._variable_type(node.name)
            value = _coerce(value, declared, node.name)
            if index is not None:
                arr = where[slot]
                if isinstance(arr, JassArray) and 0 <= index < arr.size:
                    self._swap(arr.get(index), value, declared)
                    arr[index] = value
            else:
                self._swap(where[slot], value, declared)
                where[slot] = value
        else:
            raise EvalError("only call and set statements can be evaluated")

    # ------------------------------------------------------------------ expressions
    def expr(self, e: ast.Expr) -> Any:
        """The value of an expression node, with the VM's value rules; raises EvalError."""
        if isinstance(e, (ast.IntLit, ast.StrLit, ast.BoolLit)):
            return e.value
        if isinstance(e, ast.RealLit):
            return f32(e.value)
        if isinstance(e, ast.NullLit):
            return None
        if isinstance(e, ast.Paren):
            return self.expr(e.inner)
        if isinstance(e, ast.VarRef):
            slot, where = self._lookup(e.name)
            v = where[slot]
            if v is UNSET:
                raise EvalError(f"{e.name} is not initialised")
            return v
        if isinstance(e, ast.IndexRef):
            slot, where = self._lookup(e.name)
            arr = where[slot]
            if not isinstance(arr, JassArray):
                raise EvalError(f"{e.name} is not an array")
            i = self.expr(e.index)
            if not isinstance(i, int) or isinstance(i, bool):
                raise EvalError("an array index must be an integer")
            return arr.get(i, arr.default)
        if isinstance(e, ast.CodeRef):
            fn = self.vm.program.functions.get(e.name)
            if fn is None:
                raise EvalError(f"no function {e.name}")
            return fn
        if isinstance(e, ast.Unary):
            v = self.expr(e.operand)
            if e.op == "not":
                return not v
            if e.op == "-":
                return wrap_int(-v) if isinstance(v, int) and not isinstance(v, bool) else -v
            return v
        if isinstance(e, ast.Binary):
            return self._binary(e)
        if isinstance(e, ast.CallExpr):
            return self._call(e)
        raise EvalError(f"cannot evaluate {type(e).__name__}")

    def _binary(self, e: ast.Binary) -> Any:
        if e.op == "and":
            return bool(self.expr(e.left)) and bool(self.expr(e.right))
        if e.op == "or":
            return bool(self.expr(e.left)) or bool(self.expr(e.right))
        a, b = self.expr(e.left), self.expr(e.right)
        real = isinstance(a, float) or isinstance(b, float)
        try:
            if e.op == "+":
                if isinstance(a, str) or isinstance(b, str) or a is None or b is None:
                    return concat(a, b)
                return f32(a + b) if real else _wrap(a + b)
            if e.op == "-":
                return f32(a - b) if real else _wrap(a - b)
            if e.op == "*":
                return f32(a * b) if real else _wrap(a * b)
            if e.op == "/":
                return real_div(float(a), float(b)) if real else int_div(a, b)
            if e.op == "%":
                return int_mod(a, b)
            if e.op == "==":
                return real_eq(float(a), float(b)) if real else a == b
            if e.op == "!=":
                return not real_eq(float(a), float(b)) if real else a != b
            return {"<": a < b, "<=": a <= b, ">": a > b, ">=": a >= b}[e.op]
        except (TypeError, KeyError):
            raise EvalError(f"cannot apply {e.op} to {a!r} and {b!r}") from None
        except Exception as exc:  # JassDivisionByZero and the like
            raise EvalError(f"{e.op}: {exc}") from None

    def _call(self, e: ast.CallExpr) -> Any:
        target = self.vm.program.functions.get(e.name)
        if target is None:
            raise EvalError(f"no function or native {e.name}")
        args = [self.expr(a) for a in e.args]
        if isinstance(target, NativeBinding):
            if not self.side_effects and not is_read_only(target.name):
                raise EvalError(f"{target.name} may change the game, and this only reads it: the debugger's "
                                f"call command runs it")
            if target.func is None:
                raise EvalError(f"native {target.name} is not implemented by this runtime")
            if len(args) != len(target.param_types):
                raise EvalError(f"{target.name} takes {len(target.param_types)} arguments")
            try:
                r = target.func(self.vm.ctx, *args)
            except JassCrash as c:
                raise EvalError(f"{target.name}: {c.message}") from None
            return _result(r, target.returns)
        if len(args) != target.nparams:
            raise EvalError(f"{target.name} takes {target.nparams} arguments")
        if not self.side_effects:
            bad = _writing_native(target, {g.index: g.name for g in self.vm.program.globals})
            if bad:
                raise EvalError(f"{target.name} calls {bad}, which may change the game, and this only "
                                "reads it: the debugger's call command runs it")
        return self._run(target, args)

    def _run(self, fn: CompiledFunction, args: list) -> Any:
        vm = self.vm
        th = vm.new_thread(fn.name, "callback")
        th.frames.append(Frame(fn, list(args) + [UNSET] * (len(fn.local_names) - len(args)),
                               vm.program.array_size))
        before = len(vm.errors)
        vm.execute(th)
        if th.status != "done":
            rec = vm.errors[before] if len(vm.errors) > before else None
            del vm.errors[before:]      # the debugger's own evaluation is not the game's error
            raise EvalError(f"{fn.name} crashed: {rec.kind}: {rec.message}" if rec else f"{fn.name} did not finish")
        return th.result

    # ------------------------------------------------------------------ names
    def _lookup(self, name: str) -> tuple[int, list]:
        fr = self.frame
        if fr is not None and name in fr.fn.local_names:
            return fr.fn.local_names.index(name), fr.locals
        g = self.vm.program.global_index.get(name)
        if g is None:
            raise EvalError(f"no variable {name} here")
        return g.index, self.vm.globals

    def _variable_type(self, name: str) -> str:
        fr = self.frame
        if fr is not None and name in fr.fn.local_names:
            slot = fr.fn.local_names.index(name)
            return fr.fn.param_types[slot] if slot < fr.fn.nparams else fr.fn.local_types[slot]
        return self.vm.program.global_index[name].type_name

    def _declared(self, node: ast.Expr) -> str | None:
        try:
            if isinstance(node, (ast.VarRef, ast.IndexRef)):
                return self._variable_type(node.name)
        except (KeyError, IndexError):
            return None
        if isinstance(node, ast.CallExpr):
            target = self.vm.program.functions.get(node.name)
            return getattr(target, "returns", None)
        return None

    def _swap(self, old: Any, new: Any, declared: str) -> None:
        vm = self.vm
        if vm.retain is not None and declared not in _PRIMITIVES:
            vm._swap_handle(old, new)


_PRIMITIVES = {"integer", "real", "boolean", "string", "code"}
_GLOBAL_STORES = (bc.STORE_GLOBAL, bc.STORE_GLOBAL_H, bc.STORE_GLOBAL_ELEM, bc.STORE_GLOBAL_ELEM_H,
                  bc.STORE_GLOBAL_WATCHED, bc.STORE_GLOBAL_ELEM_WATCHED)


def _global_name(fn: CompiledFunction, arg: Any, names: dict[int, str]) -> str:
    """A readable name for the global a store instruction writes: ``udg_x in F`` (the slot
    number when ``names``, slot -> global name, lacks it)."""
    slot = arg[0] if isinstance(arg, tuple) else arg
    return f"{names.get(slot, f'a global (slot {slot})')} in {fn.name}"


def _wrap(v: int) -> int:
    return wrap_int(v) if v > INT_MAX or v < INT_MIN else v


def _result(r: Any, returns: str) -> Any:
    if returns == "real":
        return f32(r)
    if returns == "integer":
        return _wrap(r)
    if returns == "boolean":
        return bool(r)
    return r


def _coerce(value: Any, declared: str, name: str) -> Any:
    """``value`` as a value of the JASS type ``declared`` (integers widen to reals)."""
    if declared == "real":
        if isinstance(value, (int, float)) and not isinstance(value, bool):
            return f32(float(value))
    elif declared == "integer":
        if isinstance(value, int) and not isinstance(value, bool):
            return value
    elif declared == "boolean":
        if isinstance(value, bool):
            return value
    elif declared == "string":
        if value is None or isinstance(value, str):
            return value
    elif declared == "code":
        if value is None or isinstance(value, (CompiledFunction, NativeBinding)):
            return value
    elif value is None or not isinstance(value, (int, float, str, bool)):
        return value
    raise EvalError(f"{name} is {declared}: cannot hold {value!r}")


def _writing_native(fn: CompiledFunction, names: dict[int, str]) -> str | None:
    """What makes ``fn`` change the game: the first native it can reach (through JASS calls)
    that is not read-only, or a store to a global (``names``: slot -> global name); None
    when it only reads."""
    seen: set[int] = set()
    work = [fn]
    while work:
        f = work.pop()
        if id(f) in seen:
            continue
        seen.add(id(f))
        for op, arg in f.code:
            if op in _GLOBAL_STORES:
                return f"set {_global_name(f, arg, names)}"
            target = arg[0] if isinstance(arg, tuple) and arg and hasattr(arg[0], "name") else None
            if isinstance(target, NativeBinding) and not is_read_only(target.name):
                return target.name
            if isinstance(target, CompiledFunction):
                work.append(target)
    return None
