"""The JASS type checker (pjass level).

``check(files, options)`` walks parsed files in load order (common.j, Blizzard.j, then the
map script, as pjass does: later files see earlier declarations), reports diagnostics and
fills ``Expr.type`` on every expression node so the compiler can emit int->real conversions
and typed operations. ``load_sources`` parses and checks in one step and never raises.

Type names used in ``Expr.type``: a declared type name (``"integer"``, ``"unit"``...),
``"null"`` for the null literal, ``"code"`` for ``function F``, ``"nothing"`` for a call of a
function that returns nothing, and ``"any"`` where the checker could not type an erroneous
expression (an undeclared name, an undefined type); ``"any"`` only occurs in programs that
also carry an error diagnostic.

Rules follow pjass (lep/pjass, the checker that mirrors the game's compiler) and
``shared/reference/jass-semantics.md``; each diagnostic has a stable code:

====== ==================================================================================
code   meaning
====== ==================================================================================
E201   undefined type
E202   name already defined (type, function, native, global, parameter, local)
E203   undeclared variable
E204   undeclared function
E205   a local reuses the name of a parameter or another local (S086)
E206   a local or parameter is named like a built-in type, or uses a type that a local shadows
E207   reserved word used as a name (``type``, ``alias``...)
E208   native (or type/globals) declared after the first function of the file
E209   function name used as a variable
E210   type extends itself
E220   cannot convert a value (assignment, initialiser, argument); integer->real is implicit
E221   returned value does not match the return type (lenient: per ``jassvm.loadrules``)
E222   integer returned from a function returning real (S038; an error in every mode)
E223   missing return on some path
E224   ``return`` with/without a value that does not match the function (a value in a
       function that returns nothing: W224 in lenient mode, ``jassvm.loadrules``)
E225   bad operand types for an arithmetic operator
E226   order comparison (< <= > >=) on non-numeric values or null
E227   ``==``/``!=`` between different primitive types
E228   ``%`` on non-integers (S007)
E229   ``%`` with an API set older than 1.29 or with ``+nomodulooperator`` (S005)
E230   unary ``+``/``-`` on a non-numeric value
E231   condition or ``and``/``or``/``not`` operand is not boolean (S064)
E232   array index is not an integer
E233   array variable used without an index
E234   indexing a variable that is not an array
E236   ``code`` arrays are not allowed
E237   ``function F`` as code where F takes arguments (S079)
E238   a native used as code (runtime error in the game; W238 in lenient mode)
E239   wrong number of arguments
E240   more than 31 arguments in a call (S088; W240 in lenient mode)
E241   ``+filter``: function passed to Filter/Condition does not return boolean (S080)
E242   ``+checkstringhash``: two string literals with the same StringHash
E243   a function calls itself in its local declarations
E250   assignment to a constant
E251   assignment to a global in a constant function (S090)
E252   call of a non-constant function in a constant function (S090)
E260   ``exitwhen`` outside a loop
E261   local declaration after the first statement
E270   local variable read before any assignment (S084, S087; W270 in lenient mode)
E271   global read in the globals block before it is initialised (W271 in lenient mode)
E272   ``+checkglobalsinit``: global might be uninitialised in a function
E280   string literal longer than 1023 bytes (W280 in lenient mode)
E281   ``+checklongnames``: name longer than 3958 characters (S092)
E282   ``+checknumberliterals``: integer or real literal overflows
E283   native that crashes or returns null in a globals initialiser (S089; W283 lenient)
E290   ``+shadow``: a parameter or local shadows a global, type or function
W299   unknown ``//#`` flag
====== ==================================================================================

Flags (pjass options) come from ``CheckOptions`` (for every file) and from ``//# +flag`` /
``//# -flag`` annotation comments. As in pjass, an annotation applies to the declaration
right below it: the run of annotation lines directly above a function (or native, type,
globals block) changes the options for that declaration only; a blank or ordinary comment
line ends the run (pjass tests ``flags/rb-annotation*.j``). The ``no*error`` flags drop the
diagnostics of their class (syntax, semantic, runtime) instead of reporting them.
"""
from __future__ import annotations

import re
from typing import Optional

from . import ast
from .diagnostics import Diagnostic, Severity
from .loadrules import accepted_rules, api_generation
from .cache import no_gc
from .parse_cache import parse_cached
from .records import field, record
from .source import SourceText
from .values import StringHash

__all__ = ["CheckOptions", "Program", "check", "load_sources", "FLAG_NAMES", "BUILTIN_TYPES"]

INTEGER, REAL, BOOLEAN, STRING, CODE, HANDLE = "integer", "real", "boolean", "string", "code", "handle"
NULL, NOTHING, ANY = "null", "nothing", "any"
_NONE, _EMPTY = "<none>", "<empty>"  # pjass's return-path pseudo types
BUILTIN_TYPES = (INTEGER, REAL, BOOLEAN, STRING, CODE, HANDLE)
_NUMERIC = frozenset((INTEGER, REAL))
_PRIM_COMPARABLE = frozenset((BOOLEAN, STRING, REAL, INTEGER, CODE))

#: Words the game reserves; the contextual lexer may hand some of them over as names.
RESERVED = frozenset("""
    alias and array call constant debug else elseif endfunction endglobals endif endloop
    exitwhen extends false function globals if local loop native not nothing null or return
    returns set takes then true type
""".split())

#: Natives that misbehave in a globals initialiser (pjass main.c, S089).
_NULL_IN_GLOBALS = frozenset(("OrderId", "OrderId2String", "UnitId2String"))
_CRASH_IN_GLOBALS = frozenset(("GetObjectName", "CreateQuest", "CreateMultiboard", "CreateLeaderboard",
                               "CreateRegion"))
MAX_ARGS = 31
MAX_STRING_LITERAL = 1023
MAX_NAME_LENGTH = 3958
_INT32_MIN, _INT32_MAX = -(1 << 31), (1 << 31) - 1

# diagnostic classes (for the no*error flags)
_SYNTAX, _SEMANTIC, _RUNTIME, _WARN = "syntax", "semantic", "runtime", "warning"


@record(slots=False)
class CheckOptions:
    """Checker options: pjass's flags as booleans, plus ``strict``.

    ``strict=False`` (lenient) accepts what the game itself loads: the errors whose rule the
    game of the API ``generation`` loads (``jassvm.loadrules``: the return bug before 1.24,
    reads of unset variables, natives used as code...) are reported as warnings instead.
    ``generation`` None takes it from the checked files (``loadrules.api_generation``).
    """

    strict: bool = True
    generation: Optional[str] = None
    rb: bool = False
    shadow: bool = False
    filter: bool = False
    checkstringhash: bool = False
    nomodulooperator: bool = False
    checklongnames: bool = False
    checkglobalsinit: bool = False
    checknumberliterals: bool = False
    nosyntaxerror: bool = False
    nosemanticerror: bool = False
    noruntimeerror: bool = False
    oldpatch: bool = False

    def flags(self) -> frozenset[str]:
        """The enabled pjass flags as names (``oldpatch`` expanded)."""
        on = {name for name in self._record_fields if name in FLAG_NAMES and getattr(self, name)}
        if "oldpatch" in on:
            on |= _OLDPATCH
        return frozenset(on)

    def with_flags(self, *specs: str) -> "CheckOptions":
        """A copy with ``+flag``/``-flag`` specs applied (unknown names raise ``ValueError``)."""
        on = set(self.flags())
        for spec in specs:
            spec = spec.strip()
            if not spec:
                continue
            sign, name = (spec[0], spec[1:]) if spec[0] in "+-" else ("+", spec)
            if name not in FLAG_NAMES:
                raise ValueError(f"unknown flag {spec!r}; known flags: {', '.join(FLAG_NAMES)}")
            _apply_flag(on, sign, name)
        kw = {name: (name in on) for name in FLAG_NAMES}
        return CheckOptions(strict=self.strict, generation=self.generation, **kw)


FLAG_NAMES = tuple(n for n in CheckOptions._record_fields if n not in ("strict", "generation"))
_OLDPATCH = frozenset(("checklongnames", "nomodulooperator", "filter", "rb"))


def _apply_flag(on: set[str], sign: str, name: str) -> None:
    names = {name} | (_OLDPATCH if name == "oldpatch" else set())
    if sign == "+":
        on |= names
    else:
        on -= names


@record(slots=False)
class Program:
    """A checked program: the files in load order and what they declare.

    ``types`` maps each type name to its parent (``None`` for the roots integer, real,
    boolean, string, code and handle); ``globals``, ``natives`` and ``functions`` are in
    declaration order (the first declaration wins when a name is declared twice).
    """

    files: list[ast.SourceFile]
    types: dict[str, Optional[str]]
    globals: dict[str, ast.GlobalVar]
    natives: dict[str, ast.NativeDecl]
    functions: dict[str, ast.Function]
    diagnostics: list[Diagnostic] = field(default_factory=list)

    def is_subtype(self, t: str, parent: str) -> bool:
        """True when ``t`` is ``parent`` or extends it (directly or through other types)."""
        seen = 0
        while t is not None and seen < 1000:
            if t == parent:
                return True
            t = self.types.get(t)
            seen += 1
        return False

    def primitive(self, t: str) -> str:
        """The root of ``t``'s hierarchy (``"handle"`` for ``unit``); ``t`` itself if unknown."""
        seen = 0
        while seen < 1000:
            parent = self.types.get(t)
            if parent is None:
                return t
            t = parent
            seen += 1
        return t

    @property
    def errors(self) -> list[Diagnostic]:
        """The error diagnostics."""
        return [d for d in self.diagnostics if d.is_error]


class _Var:
    """A variable in scope: declared type, array-ness, constness and where it lives."""

    __slots__ = ("type", "is_array", "is_const", "is_local", "decl")

    def __init__(self, type_: str, is_array: bool = False, is_const: bool = False,
                 is_local: bool = False, decl=None):
        self.type = type_
        self.is_array = is_array
        self.is_const = is_const
        self.is_local = is_local
        self.decl = decl


class _Callable:
    """A function or native: parameter names and types, return type, constness."""

    __slots__ = ("name", "params", "returns", "is_const", "is_native", "decl")

    def __init__(self, decl, is_native: bool):
        self.name = decl.name
        self.params = [(p.name, p.type_name) for p in decl.params]
        self.returns = decl.returns
        self.is_const = decl.is_constant
        self.is_native = is_native
        self.decl = decl


_FLAG_RE = re.compile(r"//#\s*([+-]\w+(?:\s+[+-]\w+)*)")


class _Checker:
    """One checking run over a list of files (state shared across files, like pjass)."""

    def __init__(self, options: CheckOptions):
        self.options = options
        self.strict = options.strict
        self.base_flags = options.flags()
        self.diags: list[Diagnostic] = []
        self.parents: dict[str, Optional[str]] = {t: None for t in BUILTIN_TYPES}
        self.prim: dict[str, str] = {t: t for t in BUILTIN_TYPES}
        self.prim.update({NULL: NULL, NOTHING: NOTHING, ANY: ANY, _NONE: _NONE, _EMPTY: _EMPTY})
        self.ancestors: dict[str, frozenset[str]] = {t: frozenset((t,)) for t in BUILTIN_TYPES}
        self.globals: dict[str, _Var] = {}
        self.global_decls: dict[str, ast.GlobalVar] = {}
        self.unknown_globals: dict[str, _Var] = {}
        self.uninit_globals: set[str] = set()
        self.callables: dict[str, _Callable] = {}
        self.callables_lower: dict[str, str] = {}
        self.natives: dict[str, ast.NativeDecl] = {}
        self.functions: dict[str, ast.Function] = {}
        self.string_hashes: dict[int, str] = {}
        self.modulo_ok: Optional[bool] = None
        self.accepted: frozenset[str] = frozenset()   # rules the loader accepts (check())
        # per-declaration state
        self.file = "<input>"
        self.flags = self.base_flags
        self._set_flag_attrs()
        self.in_globals = False
        self.in_function = False
        self.fn: Optional[_Callable] = None
        self.fn_returns = NOTHING
        self.in_constant = False
        self.locals: dict[str, _Var] = {}
        self.initialized: set[str] = set()
        self.loop_depth = 0
        self.seen_stmt = False
        self.decl_fn: Optional[_Callable] = None
        self.self_init: Optional[str] = None
        # Expressions without subexpressions; the others are walked by ``_expr``.
        self._leaf = {
            ast.IntLit: self._int_lit, ast.RealLit: self._real_lit, ast.StrLit: self._str_lit,
            ast.BoolLit: self._bool_lit, ast.NullLit: self._null_lit, ast.CodeRef: self._code_ref,
            ast.VarRef: self._var_ref,
        }
        self._st = {
            ast.Local: self._st_local, ast.Set: self._st_set, ast.Call: self._st_call,
            ast.If: self._st_if, ast.Loop: self._st_loop, ast.ExitWhen: self._st_exitwhen,
            ast.Return: self._st_return, ast.Debug: self._st_debug,
        }

    # ------------------------------------------------------------------ reporting

    def _set_flag_attrs(self) -> None:
        f = self.flags
        self.f_rb = "rb" in f
        self.f_shadow = "shadow" in f
        self.f_filter = "filter" in f
        self.f_stringhash = "checkstringhash" in f
        self.f_nomodulo = "nomodulooperator" in f
        self.f_longnames = "checklongnames" in f
        self.f_globalsinit = "checkglobalsinit" in f
        self.f_numberlits = "checknumberliterals" in f
        self.f_nosyntax = "nosyntaxerror" in f
        self.f_nosemantic = "nosemanticerror" in f
        self.f_noruntime = "noruntimeerror" in f

    def _report(self, code: str, cls: str, message: str, node, *, rule: Optional[str] = None) -> None:
        """Report a diagnostic; an error whose ``rule`` the loader accepts (lenient mode,
        ``jassvm.loadrules``) becomes a warning."""
        if cls == _SYNTAX and self.f_nosyntax:
            return
        if cls == _SEMANTIC and self.f_nosemantic:
            return
        if cls == _RUNTIME and self.f_noruntime:
            return
        if cls == _WARN or (rule is not None and not self.strict and rule in self.accepted):
            severity = Severity.WARNING
            if code.startswith("E"):
                code = "W" + code[1:]
        else:
            severity = Severity.ERROR
        pos = node.pos if node is not None else ast.Pos(self.file, 0, 0)
        self.diags.append(Diagnostic(code, severity, message, pos.file, pos.line, pos.col))

    def _error(self, code: str, message: str, node, cls: str = _SEMANTIC) -> None:
        self._report(code, cls, message, node)

    # ------------------------------------------------------------------ types

    def _type_known(self, name: str, node, what: str = "type") -> str:
        """``name`` if it is a declared type, else report E201 and return ``"any"``."""
        if name in self.parents:
            return name
        self._error("E201", f"undefined {what} {name}", node)
        return ANY

    def _is_sub(self, t: str, parent: str) -> bool:
        a = self.ancestors.get(t)
        return a is not None and parent in a

    def canconvert(self, f: str, t: str) -> bool:
        """pjass ``canconvert``: may a value of type ``f`` be stored where ``t`` is expected?"""
        if f == t:
            return True
        prim = self.prim
        pf = prim.get(f, ANY)
        pt = prim.get(t, ANY)
        if pf == ANY or pt == ANY or pf == _NONE or pt == _NONE:
            return True
        a = self.ancestors.get(f)
        if a is not None and t in a:
            return True
        if pf == NULL:
            return pt != BOOLEAN and pt != NOTHING
        if pf == INTEGER and (pt == REAL or pt == INTEGER):
            return True
        return pf == pt and pf in _PRIM_COMPARABLE

    def _return_mismatch(self, f: str, t: str) -> Optional[str]:
        """pjass ``canconvertreturn``: None if fine, else ``"int-real"``, ``"null"`` or ``"type"``."""
        if f == t:
            return None
        pf = self.prim.get(f, ANY)
        pt = self.prim.get(t, ANY)
        if pf in (ANY, _NONE) or pt in (ANY, _NONE):
            return None
        if self._is_sub(f, t):
            return None
        if pt == REAL and pf == INTEGER:
            return "int-real"
        if pf == NULL:
            return "null" if pt in (INTEGER, REAL, BOOLEAN, CODE) else None
        return "type"

    # ------------------------------------------------------------------ flags per declaration

    def _decl_flags(self, flag_lines: dict[int, list[str]], line: int) -> frozenset[str]:
        """Base flags changed by the run of annotation lines directly above ``line``."""
        if not flag_lines:
            return self.base_flags
        run: list[int] = []
        if line in flag_lines:
            run.append(line)
        ln = line - 1
        while ln in flag_lines:
            run.append(ln)
            ln -= 1
        if not run:
            return self.base_flags
        on = set(self.base_flags)
        for ln in sorted(run):
            for spec in flag_lines[ln]:
                _apply_flag(on, spec[0], spec[1:])
        return frozenset(on)

    def _use_flags(self, flags: frozenset[str]) -> None:
        if flags is not self.flags:
            self.flags = flags
            self._set_flag_attrs()

    # ------------------------------------------------------------------ files and declarations

    def check_file(self, sf: ast.SourceFile) -> None:
        self.file = sf.pos.file
        flag_lines: dict[int, list[str]] = {}
        for line, spec in sf.flags:
            name = spec[1:]
            if name not in FLAG_NAMES:
                self._use_flags(self.base_flags)
                self._report("W299", _WARN, f"unknown flag {spec} in //# annotation (ignored)",
                             _PosNode(ast.Pos(self.file, line, 1)))
                continue
            flag_lines.setdefault(line, []).append(spec)
        seen_function = False
        for decl in sf.decls:
            cls = decl.__class__
            self._use_flags(self._decl_flags(flag_lines, decl.pos.line))
            if cls is ast.Function:
                seen_function = True
                self._function(decl)
            elif cls is ast.NativeDecl:
                if seen_function:
                    self._error("E208", f"native {decl.name} declared after functions "
                                        "(natives must come before the first function)", decl)
                self._native(decl)
            elif cls is ast.Globals:
                if seen_function:
                    self._error("E208", "globals block after functions "
                                        "(globals must come before the first function)", decl, _SYNTAX)
                self._globals(decl, flag_lines)
            elif cls is ast.TypeDecl:
                if seen_function:
                    self._error("E208", f"type {decl.name} declared after functions "
                                        "(types must come before the first function)", decl, _SYNTAX)
                self._type_decl(decl)
        self._use_flags(self.base_flags)

    def _check_name(self, name: str, node) -> None:
        if name in RESERVED:
            self._error("E207", f"invalid name \"{name}\": it is a reserved word", node, _SYNTAX)
        if self.f_longnames and len(name) > MAX_NAME_LENGTH:
            self._error("E281", f"name '{name[:9]}...{name[-9:]}' is too long ({len(name)} characters; "
                                f"the game before 1.28 crashes above {MAX_NAME_LENGTH})", node, _SYNTAX)

    def _global_name_clash(self, name: str, node) -> bool:
        if name in self.parents:
            self._error("E202", f"name {name} already defined as type", node)
            return True
        if name in self.callables:
            what = "native" if self.callables[name].is_native else "function"
            self._error("E202", f"name {name} already defined as {what}", node)
            return True
        if name in self.globals:
            self._error("E202", f"name {name} already defined as global", node)
            return True
        return False

    def _type_decl(self, d: ast.TypeDecl) -> None:
        self._check_name(d.name, d)
        base = self._type_known(d.base, d)
        if self._global_name_clash(d.name, d):
            return
        if base == d.name:
            self._error("E210", f"type {d.name} cannot extend itself", d)
            base = ANY
        self.parents[d.name] = d.base if base != ANY else None
        self.prim[d.name] = self.prim.get(base, ANY) if base != ANY else ANY
        self.ancestors[d.name] = self.ancestors.get(base, frozenset()) | {d.name}

    def _header(self, d, is_native: bool) -> _Callable:
        """Name, parameter and return-type checks shared by natives and functions."""
        self._check_name(d.name, d)
        clash = self._global_name_clash(d.name, d)
        fn = _Callable(d, is_native)
        if not clash:
            self.callables[d.name] = fn
            self.callables_lower.setdefault(d.name.lower(), d.name)
            if is_native:
                self.natives[d.name] = d
            else:
                self.functions[d.name] = d
        if d.returns != NOTHING:
            self._type_known(d.returns, d, "return type")
        self.locals = {}
        self.initialized = set()
        self.in_function = True
        for p in d.params:
            t = self._type_known(p.type_name, p)
            self._declare_local(p.name, t, False, p, is_param=True)
            self.initialized.add(p.name)
        return fn

    def _native(self, d: ast.NativeDecl) -> None:
        self._header(d, True)
        if self.modulo_ok is None and d.name.startswith("Blz"):
            self.modulo_ok = True
        self.locals = {}
        self.initialized = set()
        self.in_function = False

    def _declare_local(self, name: str, t: str, is_array: bool, node, is_param: bool = False) -> None:
        """pjass ``checkvartypedecl`` inside a function: name rules, then enter the scope."""
        self._check_name(name, node)
        if name in BUILTIN_TYPES:
            self._error("E206", f"name {name} already defined as type", node)
        decl_type = node.type_name
        if decl_type in self.locals:
            self._error("E206", f"type {decl_type} was shadowed previously by the "
                                f"{'parameter' if self.locals[decl_type].decl.__class__ is ast.Param else 'local'} "
                                f"{decl_type}", node)
        if name in self.locals:
            other = self.locals[name].decl
            what = "parameter" if other.__class__ is ast.Param else "local"
            if is_param:
                self._error("E202", f"parameter {name} already defined", node)
            else:
                self._error("E205", f"local {name} already defined as {what} (line {other.pos.line})", node)
        if self.f_shadow:
            if name in self.globals:
                self._error("E290", f"{'parameter' if is_param else 'local'} {name} shadows global variable",
                            node)
            if name in self.parents:
                self._error("E290", f"{'parameter' if is_param else 'local'} {name} shadows type", node)
            if name in self.callables:
                self._error("E290", f"{'parameter' if is_param else 'local'} {name} shadows function", node)
        if is_array and self.prim.get(t) == CODE:
            self._error("E236", "code arrays are not allowed", node)
        self.locals[name] = _Var(t, is_array, False, True, node)

    def _globals(self, g: ast.Globals, flag_lines: dict[int, list[str]]) -> None:
        block_flags = self.flags
        self.in_globals = True
        self.in_function = False
        self.locals = {}
        self.initialized = set()
        for v in g.vars:
            if v.pos.line - 1 in flag_lines:
                on = set(block_flags)
                ln = v.pos.line - 1
                run = []
                while ln in flag_lines:
                    run.append(ln)
                    ln -= 1
                for ln in sorted(run):
                    for spec in flag_lines[ln]:
                        _apply_flag(on, spec[0], spec[1:])
                self._use_flags(frozenset(on))
            else:
                self._use_flags(block_flags)
            self._global_var(v)
        self.in_globals = False
        self._use_flags(block_flags)

    def _global_var(self, v: ast.GlobalVar) -> None:
        self._check_name(v.name, v)
        t = self._type_known(v.type_name, v)
        if v.name in BUILTIN_TYPES:
            clash = True
            self._error("E202", f"name {v.name} already defined as type", v)
        else:
            clash = self._global_name_clash(v.name, v)
        if v.is_array and self.prim.get(t) == CODE:
            self._error("E236", "code arrays are not allowed", v)
        var = _Var(t, v.is_array, v.is_constant, False, v)
        if not clash:
            self.globals[v.name] = var
            self.global_decls[v.name] = v
        if v.init is not None:
            self.self_init = v.name
            it = self._expr(v.init)
            self.self_init = None
            if not self.canconvert(it, t):
                self._error("E220", f"cannot convert {it} to {t} in the initialiser of {v.name}", v.init)
        elif not v.is_array and not clash:
            self.uninit_globals.add(v.name)

    def _function(self, d: ast.Function) -> None:
        fn = self._header(d, False)
        self.fn = fn
        self.fn_returns = d.returns if d.returns == NOTHING or d.returns in self.parents else ANY
        self.in_constant = d.is_constant
        self.loop_depth = 0
        self.seen_stmt = False
        self.decl_fn = fn
        ty, returns = self._block(d.body)
        if self.fn_returns != NOTHING:
            if not returns:
                self._error("E223", f"missing return: function {d.name} returns {d.returns} "
                                    "but not every path ends in a return", _PosNode(d.end_pos or d.pos))
            elif self.f_rb:
                self._check_return(ty, _PosNode(d.end_pos or d.pos), last=True)
        self.fn = None
        self.fn_returns = NOTHING
        self.in_constant = False
        self.in_function = False
        self.decl_fn = None
        self.locals = {}
        self.initialized = set()

    # ------------------------------------------------------------------ statements

    def _block(self, body: list[ast.Stmt]) -> tuple[str, bool]:
        """Check statements; return pjass's (type of the last return, returns on all paths)."""
        st = self._st
        infos = [st[s.__class__](s) for s in body]
        ty, tag = _EMPTY, False
        for s_ty, s_tag in reversed(infos):
            if ty == _EMPTY:
                ty, tag = s_ty, s_tag
            else:
                tag = tag or s_tag
        return ty, tag

    def _statement_seen(self) -> None:
        if not self.seen_stmt:
            self.seen_stmt = True
            self.decl_fn = None

    def _st_local(self, s: ast.Local) -> tuple[str, bool]:
        if self.seen_stmt:
            self._error("E261", f"local {s.name} declared after the first statement "
                                "(locals must come first in a function)", s)
        t = self._type_known(s.type_name, s)
        self._declare_local(s.name, t, s.is_array, s)
        if s.init is not None:
            it = self._expr(s.init)
            if not self.canconvert(it, t):
                self._error("E220", f"cannot convert {it} to {t} in the initialiser of local {s.name}", s.init)
            self.initialized.add(s.name)
        return ANY, False

    def _lookup(self, name: str, node) -> _Var:
        v = self.locals.get(name)
        if v is not None:
            return v
        v = self.globals.get(name)
        if v is not None:
            return v
        v = self.unknown_globals.get(name)
        if v is not None:
            return v
        if name in self.callables:
            self._error("E209", f"cannot use function {name} as a variable (write function {name} "
                                "for a code value)", node)
        else:
            self._error("E203", f"undeclared variable {name}", node)
        v = _Var(ANY, False, False, self.in_function, None)
        if self.in_function:
            self.locals[name] = v
            self.initialized.add(name)
        else:
            self.unknown_globals[name] = v
        return v

    def _st_set(self, s: ast.Set) -> tuple[str, bool]:
        self._statement_seen()
        vt = self._expr(s.value)
        if s.index is not None:
            it = self._expr(s.index)
        v = self._lookup(s.name, s)
        if self.f_longnames:
            self._check_name(s.name, s)
        if v.type == ANY:
            return ANY, False
        if s.index is None:
            if v.is_array:
                self._error("E233", f"index missing for array variable {s.name}", s)
            if not self.canconvert(vt, v.type):
                self._error("E220", f"cannot convert {vt} to {v.type} in assignment to {s.name}", s.value)
            if v.is_const:
                self._error("E250", f"cannot assign to constant {s.name}", s)
            self.initialized.add(s.name)
        else:
            if not self.canconvert(it, INTEGER):
                self._error("E232", f"array index of {s.name} must be an integer, not {it}", s.index)
            if not v.is_array:
                self._error("E234", f"{s.name} is not an array", s)
            if not self.canconvert(vt, v.type):
                self._error("E220", f"cannot convert {vt} to {v.type} in assignment to {s.name}[]", s.value)
        if self.in_constant and not v.is_local and s.name in self.globals:
            self._error("E251", f"assignment to global variable {s.name} in constant function", s)
        return ANY, False

    def _st_call(self, s: ast.Call) -> tuple[str, bool]:
        self._statement_seen()
        self._expr(s.call)
        return ANY, False

    def _condition(self, e: ast.Expr, what: str) -> None:
        t = self._expr(e)
        if not self.canconvert(t, BOOLEAN):
            self._error("E231", f"{what} must be a boolean, not {t}", e)

    def _st_if(self, s: ast.If) -> tuple[str, bool]:
        self._statement_seen()
        infos = []
        for i, (cond, body) in enumerate(s.branches):
            self._condition(cond, "if condition" if i == 0 else "elseif condition")
            infos.append(self._block(body))
        else_info = self._block(s.else_body) if s.else_body is not None else (ANY, False)
        seq = (_EMPTY, True)
        for b in reversed(infos[1:]):
            if seq[0] == _EMPTY:
                seq = (ANY, False) if b[0] == _EMPTY else b
            else:
                seq = self._combine(b, seq)
        return self._combine(infos[0], self._combine(seq, else_info))

    def _combine(self, a: tuple[str, bool], b: tuple[str, bool]) -> tuple[str, bool]:
        """pjass ``combinetype``: the return info of two alternative paths."""
        n1, n2 = a[0], b[0]
        tag = a[1] and b[1]
        if n1 == _NONE or n2 == _NONE:
            return _NONE, tag
        if n1 == n2:
            return n1, tag
        if n1 == NULL:
            return n2, tag
        if n2 == NULL:
            return n1, tag
        p1, p2 = self.prim.get(n1, ANY), self.prim.get(n2, ANY)
        if p1 == p2:
            return p1, tag
        if p1 == INTEGER and p2 == REAL:
            return REAL, tag
        if p1 == REAL and p2 == INTEGER:
            return INTEGER, tag
        return _NONE, tag

    def _st_loop(self, s: ast.Loop) -> tuple[str, bool]:
        self._statement_seen()
        self.loop_depth += 1
        info = self._block(s.body)
        self.loop_depth -= 1
        return info

    def _st_exitwhen(self, s: ast.ExitWhen) -> tuple[str, bool]:
        self._statement_seen()
        self._condition(s.cond, "exitwhen condition")
        if self.loop_depth == 0:
            self._error("E260", "exitwhen outside of a loop", s, _SYNTAX)
        return ANY, False

    def _st_return(self, s: ast.Return) -> tuple[str, bool]:
        self._statement_seen()
        if s.value is None:
            if self.fn_returns != NOTHING:
                self._error("E224", f"return without a value in a function that returns {self.fn_returns}", s)
            return ANY, True
        t = self._expr(s.value)
        if self.fn_returns == NOTHING:
            self._report("E224", _SEMANTIC, "cannot return a value from a function that returns nothing", s,
                         rule="E224-value")
        elif not self.f_rb:
            self._check_return(t, s.value)
        return t, True

    def _check_return(self, t: str, node, last: bool = False) -> None:
        kind = self._return_mismatch(t, self.fn_returns)
        if kind is None:
            return
        ret = self.fn_returns
        if kind == "int-real":
            self._error("E222", f"cannot return integer from a function that returns {ret} "
                                "(no implicit integer->real in return; write a real or use I2R)", node)
        elif kind == "null":
            self._report("E221", _SEMANTIC, f"cannot return null from a function that returns {ret}",
                         node, rule="E221-null-code" if self.prim.get(ret) == CODE else "E221-null")
        else:
            extra = " (the pre-1.24 return bug)" if self.prim.get(ret) == INTEGER and \
                self.prim.get(t) == HANDLE else ""
            self._report("E221", _SEMANTIC, f"cannot convert returned value from {t} to {ret}{extra}",
                         node, rule="E221-type")

    def _st_debug(self, s: ast.Debug) -> tuple[str, bool]:
        self._statement_seen()
        self._st[s.stmt.__class__](s.stmt)
        return ANY, False

    # ------------------------------------------------------------------ expressions

    def _expr(self, e: ast.Expr) -> str:
        """Check ``e``, set ``type`` on it and every subexpression, return its type.

        Iterative (an explicit stack), so expressions of any depth are checked: each node is
        finished after its operands, left to right, in the order a recursive walk would
        report them.
        """
        leaves = self._leaf
        leaf = leaves.get(e.__class__)
        if leaf is not None:
            t = e.type = leaf(e)
            return t
        stack: list[tuple[ast.Expr, bool]] = [(e, False)]
        types: list[str] = []
        push, pop = stack.append, stack.pop
        while stack:
            node, operands_done = pop()
            cls = node.__class__
            if operands_done:
                if cls is ast.Binary:
                    rt = types.pop()
                    t = self._binary(node, types.pop(), rt)
                elif cls is ast.CallExpr:
                    n = len(node.args)
                    args = types[len(types) - n:]
                    del types[len(types) - n:]
                    t = self._call(node, args)
                elif cls is ast.Paren:
                    t = types.pop()
                elif cls is ast.Unary:
                    t = self._unary(node, types.pop())
                else:
                    t = self._index_ref(node, types.pop())
                node.type = t
                types.append(t)
                continue
            leaf = leaves.get(cls)
            if leaf is not None:
                t = node.type = leaf(node)
                types.append(t)
                continue
            if cls is ast.Binary:
                left, right = node.left, node.right
                lf, rf = leaves.get(left.__class__), leaves.get(right.__class__)
                if lf is not None and rf is not None:  # the common shape: no stack needed
                    lt = left.type = lf(left)
                    rt = right.type = rf(right)
                    t = node.type = self._binary(node, lt, rt)
                    types.append(t)
                    continue
                push((node, True))
                push((right, False))
                push((left, False))
            elif cls is ast.CallExpr:
                args = node.args
                if all(a.__class__ in leaves for a in args):
                    arg_types = []
                    for a in args:
                        a.type = leaves[a.__class__](a)
                        arg_types.append(a.type)
                    t = node.type = self._call(node, arg_types)
                    types.append(t)
                    continue
                push((node, True))
                stack.extend((a, False) for a in reversed(args))
            elif cls is ast.Paren:
                push((node, True))
                push((node.inner, False))
            elif cls is ast.Unary:
                push((node, True))
                push((node.operand, False))
            elif cls is ast.IndexRef:
                push((node, True))
                push((node.index, False))
            else:
                raise TypeError(f"not an expression: {cls.__name__}")
        return types[-1]

    def _int_lit(self, e: ast.IntLit) -> str:
        if self.f_numberlits and e.text and e.text[0] != "'" and not _int_lit_fits(e.text):
            self._error("E282", f"integer literal overflows 32 bits ({e.text})", e, _WARN_AS_ERROR)
        return INTEGER

    def _real_lit(self, e: ast.RealLit) -> str:
        if self.f_numberlits and not _real_lit_fits(e.text):
            self._error("E282", f"real literal parsing overflow ({e.text})", e, _WARN_AS_ERROR)
        return REAL

    def _str_lit(self, e: ast.StrLit) -> str:
        n = len(e.value)
        if n > MAX_STRING_LITERAL // 4:
            try:
                n = len(e.value.encode("utf-8", "surrogateescape"))
            except UnicodeEncodeError:
                n = len(e.value.encode("utf-8", "replace"))
            if n > MAX_STRING_LITERAL:
                self._report("E280", _SEMANTIC, f"string literal of {n} bytes: literals over "
                             f"{MAX_STRING_LITERAL} bytes crash the game when a saved game is loaded",
                             e, rule="E280")
        return STRING

    def _bool_lit(self, e) -> str:
        return BOOLEAN

    def _null_lit(self, e) -> str:
        return NULL

    def _code_ref(self, e: ast.CodeRef) -> str:
        fn = self.callables.get(e.name)
        if fn is None:
            self._error("E204", f"undefined function {e.name}{self._suggest(e.name)}", e)
            return CODE
        if fn.params:
            self._error("E237", f"function {e.name} must not take any arguments when used as code", e)
        if fn.is_native:
            self._report("E238", _RUNTIME, f"cannot use native {e.name} as code", e, rule="E238")
        return CODE

    def _var_ref(self, e: ast.VarRef) -> str:
        name = e.name
        v = self.locals.get(name) or self.globals.get(name)
        if v is None:
            v = self._lookup(name, e)
        if v.is_array:
            self._error("E233", f"index missing for array variable {name}", e)
        elif name not in self.initialized:
            if v.is_local:
                self._report("E270", _SEMANTIC, f"variable {name} is uninitialized (read before any "
                             "assignment; the game stops the thread here)", e, rule="E270")
            elif name == self.self_init:
                self._report("E271", _SEMANTIC, f"variable {name} is read in its own initialiser", e,
                             rule="E271")
            elif name in self.uninit_globals:
                if self.in_function:
                    if self.f_globalsinit:
                        self._error("E272", f"variable {name} might be uninitialized", e)
                else:
                    self._report("E271", _SEMANTIC, f"variable {name} is uninitialized (declared without "
                                 "a value; the globals initialisation stops here)", e, rule="E271")
        if self.f_longnames:
            self._check_name(name, e)
        return v.type

    def _index_ref(self, e: ast.IndexRef, it: str) -> str:
        """``NAME[index]`` once the index (of type ``it``) is checked."""
        v = self.locals.get(e.name) or self.globals.get(e.name)
        if v is None:
            v = self._lookup(e.name, e)
        if v.type != ANY:
            if not self.canconvert(it, INTEGER):
                self._error("E232", f"array index of {e.name} must be an integer, not {it}", e.index)
            if not v.is_array:
                self._error("E234", f"{e.name} is not an array", e)
        return v.type

    def _suggest(self, name: str) -> str:
        other = self.callables_lower.get(name.lower())
        if other is not None and other != name:
            return f" (did you mean {other}? names are case-sensitive)"
        return ""

    def _call(self, e: ast.CallExpr, types: list[str]) -> str:
        """A call once its arguments (of ``types``) are checked."""
        args = e.args
        fn = self.callables.get(e.name)
        if fn is None:
            self._error("E204", f"undeclared function {e.name}{self._suggest(e.name)}", e)
            return ANY
        if self.in_constant and not fn.is_const:
            self._error("E252", f"call to non-constant function {e.name} in constant function", e)
        if fn is self.decl_fn:
            self._error("E243", f"function {e.name} calls itself in its local declarations", e)
        if self.in_globals:
            if e.name in _CRASH_IN_GLOBALS:
                what = "crashes the game when it is saved" if e.name == "CreateRegion" \
                    else "crashes the game"
                self._report("E283", _RUNTIME, f"calling {e.name} in a globals block {what}", e,
                             rule="E283")
            elif e.name in _NULL_IN_GLOBALS:
                self._report("E283", _RUNTIME, f"calling {e.name} in a globals block always returns null",
                             e, rule="E283")
        if self.f_stringhash and fn.is_native and e.name == "StringHash" and args:
            self._stringhash(args[0])
        params = fn.params
        n, m = len(types), len(params)
        if n > MAX_ARGS:
            self._report("E240", _RUNTIME, f"a function call can have at most {MAX_ARGS} arguments "
                         f"({e.name} gets {n})", e, rule="E240")
        canconvert = self.canconvert
        for i in range(min(n, m)):
            pname, ptype = params[i]
            if not canconvert(types[i], ptype):
                self._error("E220", f"cannot convert {types[i]} to {ptype} in parameter {pname} "
                                    f"in call to {e.name}", args[i])
            elif self.f_filter and fn.is_native and (e.name == "Filter" or e.name == "Condition"):
                self._filter_arg(args[i])
        if n > m:
            self._error("E239", f"too many arguments passed to function {e.name} "
                                f"(takes {m}, got {n})", args[m])
        elif n < m:
            missing = ", ".join(p[0] for p in params[n:])
            self._error("E239", f"not enough arguments passed to function {e.name} "
                                f"(takes {m}, got {n}); still missing: {missing}", e)
        return fn.returns

    def _filter_arg(self, a: ast.Expr) -> None:
        while a.__class__ is ast.Paren:
            a = a.inner
        if a.__class__ is ast.CodeRef:
            fn = self.callables.get(a.name)
            if fn is not None and fn.returns != BOOLEAN:
                self._error("E241", f"function {a.name} passed to Filter or Condition must return "
                                    f"a boolean (it returns {fn.returns})", a)

    def _stringhash(self, a: ast.Expr) -> None:
        while a.__class__ is ast.Paren:
            a = a.inner
        if a.__class__ is not ast.StrLit:
            return
        h = StringHash(a.value)
        other = self.string_hashes.setdefault(h, a.value)
        if other != a.value:
            self._error("E242", f"string {_quote(other)} produces the same StringHash as "
                                f"{_quote(a.value)} ({h})", a)

    def _unary(self, e: ast.Unary, t: str) -> str:
        """``not``, ``-`` or ``+`` once the operand (of type ``t``) is checked."""
        if e.op == "not":
            if not self.canconvert(t, BOOLEAN):
                self._error("E231", f"operand of not must be a boolean, not {t}", e.operand)
            return BOOLEAN
        p = self.prim.get(t, ANY)
        if p != INTEGER and p != REAL and p != ANY:
            self._error("E230", f"unary {e.op} needs an integer or real, not {t}", e)
        return t

    def _binary(self, e: ast.Binary, lt: str, rt: str) -> str:
        """A binary operation once its operands (of types ``lt`` and ``rt``) are checked."""
        op = e.op
        prim = self.prim
        pl = prim.get(lt, ANY)
        pr = prim.get(rt, ANY)
        if op == "and" or op == "or":
            if not self.canconvert(lt, BOOLEAN):
                self._error("E231", f"left operand of {op} must be a boolean, not {lt}", e.left)
            if not self.canconvert(rt, BOOLEAN):
                self._error("E231", f"right operand of {op} must be a boolean, not {rt}", e.right)
            return BOOLEAN
        if op == "==" or op == "!=":
            if (pl in _NUMERIC and pr in _NUMERIC) or pl == NULL or pr == NULL or pl == pr \
                    or pl == ANY or pr == ANY:
                return BOOLEAN
            self._error("E227", f"cannot compare {lt} and {rt} with {op} (different primitive types; "
                                "only integer and real mix)", e)
            return BOOLEAN
        if op in ("<", "<=", ">", ">="):
            if pl in (STRING, HANDLE, CODE, BOOLEAN, NOTHING) or pr in (STRING, HANDLE, CODE, BOOLEAN, NOTHING):
                self._error("E226", f"cannot compare the order of {lt} and {rt}: {op} works on "
                                    "integers and reals only", e)
            elif pl == NULL and pr == NULL:
                self._error("E226", "comparing null with null is not allowed", e)
            return BOOLEAN
        if op == "%":
            self._modulo(e, pl, pr, lt, rt)
            return INTEGER
        if pl == INTEGER and pr == INTEGER:
            return INTEGER
        if op == "+" and pl == STRING and pr == STRING:
            return STRING
        if pl == ANY:
            return pr if pr != ANY else ANY
        if pr == ANY:
            return pl
        if pl in _NUMERIC and pr in _NUMERIC:
            return REAL
        hint = " (no implicit conversion to string: use I2S/R2S)" if op == "+" and STRING in (pl, pr) else ""
        self._error("E225", f"bad operand types for {op}: {lt} and {rt}{hint}", e)
        return ANY

    def _modulo(self, e: ast.Binary, pl: str, pr: str, lt: str, rt: str) -> None:
        if self.f_nomodulo:
            self._error("E229", "the modulo operator % is not available (+nomodulooperator: "
                                "patches before 1.29 fail to load the script)", e, _WARN_AS_ERROR)
        elif self._api_lacks_modulo():
            self._error("E229", "the modulo operator % needs patch 1.29 or later, and the loaded "
                                "common.j is older (use ModuloInteger)", e)
        fst = pl == INTEGER or pl == ANY
        snd = pr == INTEGER or pr == ANY
        if not fst and not snd:
            self._error("E228", f"both operands of % must be integers, not {lt} and {rt}", e)
        elif not fst:
            self._error("E228", f"first operand of % must be an integer, not {lt}", e.left)
        elif not snd:
            self._error("E228", f"second operand of % must be an integer, not {rt}", e.right)

    def _api_lacks_modulo(self) -> bool:
        """True when a common.j without the 1.29+ natives is loaded (S005)."""
        if self.modulo_ok is None:
            if "ConvertRace" in self.natives and not any(n.startswith("Blz") for n in self.natives):
                return True
            return False
        return not self.modulo_ok

    # ------------------------------------------------------------------ result

    def program(self, files: list[ast.SourceFile]) -> Program:
        return Program(files=list(files), types=dict(self.parents), globals=dict(self.global_decls),
                       natives=dict(self.natives), functions=dict(self.functions),
                       diagnostics=self.diags)


# pjass reports these as "warnings", which still make it fail; they are errors here.
_WARN_AS_ERROR = _SEMANTIC


class _PosNode:
    """A bare position to attach a diagnostic to."""

    __slots__ = ("pos",)

    def __init__(self, pos: ast.Pos):
        self.pos = pos


def _quote(s: str) -> str:
    return '"' + s.encode("utf-8", "surrogateescape").decode("utf-8", "replace") + '"'


def _int_lit_fits(text: str) -> bool:
    """pjass ``checkintlit``: does the literal's value fit in int32?"""
    try:
        if text[0] == "$":
            v = int(text[1:], 16)
        elif text[:2] in ("0x", "0X"):
            v = int(text[2:], 16)
        elif text[0] == "0" and len(text) > 1:
            v = int(text, 8)
        else:
            v = int(text)
    except ValueError:
        return True
    return _INT32_MIN <= v <= _INT32_MAX


def _mul_overflow(a: int, b: int) -> tuple[int, bool]:
    r = a * b
    if _INT32_MIN <= r <= _INT32_MAX:
        return r, False
    r &= 0xFFFFFFFF
    return (r - (1 << 32) if r >= 1 << 31 else r), True


def _real_lit_fits(text: str) -> bool:
    """pjass ``validate_real_lit``: integer and fraction digits must fit int32 accumulators."""
    whole, _, frac_digits = text.partition(".")
    result = 0
    for ch in whole:
        result = result * 10 + (ord(ch) - 48)
        if result > _INT32_MAX:
            return False
    frac, pow10, nfrac = 0, 1, 0
    for ch in frac_digits:
        nfrac += 1
        frac = frac * 10 + (ord(ch) - 48)
        if frac > _INT32_MAX:
            return False
        pow10, over = _mul_overflow(pow10, 10)
        if over and (frac != 0 or nfrac == 32):
            return False
    return True


def check(files: list[ast.SourceFile], options: CheckOptions = CheckOptions()) -> Program:
    """Check parsed files in load order and annotate every expression's ``type``.

    Later files see the declarations of earlier ones. Never raises for bad input: every
    finding is a ``Diagnostic`` in ``Program.diagnostics``.
    """
    c = _Checker(options)
    c.accepted = accepted_rules(options.generation or api_generation(files))
    for sf in files:
        c.check_file(sf)
    return c.program(files)


def _sort_key(order: dict[str, int]):
    return lambda d: (order.get(d.file, len(order)), d.line, d.col)


def load_sources(paths_or_bytes: list[tuple[str, bytes]], options: Optional[CheckOptions] = None,
                 use_cache: bool = False) -> Program:
    """Parse and check ``(file name, bytes)`` pairs in load order (common.j, Blizzard.j, map).

    ``use_cache`` takes each file's parse from the on-disk parse cache (``jassvm.parse_cache``)
    and stores it there.

    Parse errors become diagnostics (a file that does not parse is left out of the checked
    program); never raises for bad input. Syntax errors are dropped under ``+nosyntaxerror``
    (from the options, or from ``//# +nosyntaxerror`` annotations above the error).
    """
    options = options or CheckOptions()
    base = options.flags()
    trees: list[ast.SourceFile] = []
    parse_diags: list[Diagnostic] = []
    order: dict[str, int] = {}
    for name, data in paths_or_bytes:
        order.setdefault(name, len(order))
        try:
            tree, diags = parse_cached(data, name, use_cache)
        except Exception as exc:  # a parser bug must not become a traceback
            tree, diags = None, [Diagnostic("E100", Severity.ERROR, f"internal parser error: {exc!r}", name, 1, 1)]
        if diags:
            if tree is not None:
                spans = _decl_spans(tree, base, name)
                diags = [d for d in diags if "nosyntaxerror" not in _flags_at(spans, base, d.line)]
            else:
                diags = _filter_unparsed(diags, SourceText(data, name), base)
        parse_diags.extend(diags)
        if tree is not None:
            trees.append(tree)
    with no_gc():   # many small objects, no cycles (see ``cache.no_gc``)
        program = check(trees, options)
    program.diagnostics = sorted(parse_diags + program.diagnostics, key=_sort_key(order))
    return program


def _decl_spans(tree: ast.SourceFile, base: frozenset[str], file: str) -> list[tuple[int, int, frozenset[str]]]:
    """(first line, last line, flags) of each declaration, for filtering parse diagnostics."""
    c = _Checker(CheckOptions())
    c.base_flags = base
    flag_lines: dict[int, list[str]] = {}
    for line, spec in tree.flags:
        if spec[1:] in FLAG_NAMES:
            flag_lines.setdefault(line, []).append(spec)
    spans = []
    for d in tree.decls:
        start = d.pos.line
        if d.__class__ is ast.Function:
            end = d.end_pos.line if d.end_pos else start
        elif d.__class__ is ast.Globals:
            end = max([v.pos.line for v in d.vars] + [start]) + 1
        else:
            end = start
        spans.append((start, end, c._decl_flags(flag_lines, start)))
    return spans


def _flags_at(spans, base: frozenset[str], line: int) -> frozenset[str]:
    for start, end, flags in spans:
        if start <= line <= end:
            return flags
    return base


def _filter_unparsed(diags: list[Diagnostic], src, base: frozenset[str]) -> list[Diagnostic]:
    """For a file that does not parse, annotations apply from their line on."""
    if "nosyntaxerror" in base:
        return [d for d in diags if not d.code.startswith("E1")]
    marks = []
    for m in _FLAG_RE.finditer(src.text):
        line = src.pos(m.start()).line
        for spec in m.group(1).split():
            if spec[1:] == "nosyntaxerror":
                marks.append((line, spec[0]))
    if not marks:
        return diags
    out = []
    for d in diags:
        on = False
        for line, sign in marks:
            if line <= d.line:
                on = sign == "+"
        if not (on and d.code.startswith("E1")):
            out.append(d)
    return out
