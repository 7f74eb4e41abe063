"""The typed JASS syntax tree.

Every node carries its position (``pos``: file, 1-based line, 1-based column in bytes of
the source line). The parser builds these; the checker annotates expressions with their
type in ``Expr.type`` (a type name such as ``"integer"`` or ``"unit"``, ``"null"`` for the
null literal).
"""
from __future__ import annotations

from collections import namedtuple

from .records import field, record


class Pos(namedtuple("Pos", ["file", "line", "col"])):   # not typing.NamedTuple: typing costs start-up
    """A source position: ``file`` name (str), 1-based ``line`` and ``col`` (int)."""

    __slots__ = ()

    def __str__(self) -> str:
        return f"{self.file}:{self.line}:{self.col}"


class Node:
    """Base of all syntax-tree nodes; subclasses are dataclasses whose first field is ``pos``."""

    __slots__ = ()

    @property
    def file(self) -> str:
        return self.pos.file  # type: ignore[attr-defined]

    @property
    def line(self) -> int:
        return self.pos.line  # type: ignore[attr-defined]

    @property
    def col(self) -> int:
        return self.pos.col  # type: ignore[attr-defined]


# ---------------------------------------------------------------- expressions


@record
class Expr(Node):
    """Base of expressions; ``type`` is filled by the checker (a type name, ``"null"``...)."""

    pos: Pos
    type: str | None = field(default=None, init=False, repr=False, compare=False)


@record
class IntLit(Expr):
    """An integer literal (decimal, octal, hex or rawcode), value already wrapped to int32."""

    value: int = 0
    text: str = ""


@record
class RealLit(Expr):
    """A real literal (``1.``, ``.5``, ``1.5``); ``value`` before binary32 rounding."""

    value: float = 0.0
    text: str = ""


@record
class StrLit(Expr):
    """A string literal; ``value`` is the unescaped text (undecodable bytes as surrogate escapes)."""

    value: str = ""


@record
class BoolLit(Expr):
    """``true`` or ``false``."""

    value: bool = False


@record
class NullLit(Expr):
    """``null``."""


@record
class CodeRef(Expr):
    """``function NAME``: a code value."""

    name: str = ""


@record
class VarRef(Expr):
    """A variable read by name (local, parameter or global)."""

    name: str = ""


@record
class IndexRef(Expr):
    """``NAME[index]``: an array element."""

    name: str = ""
    index: Expr = None  # type: ignore[assignment]


@record
class CallExpr(Expr):
    """A call of a function or native with its argument expressions."""

    name: str = ""
    args: list[Expr] = field(default_factory=list)


@record
class Unary(Expr):
    """``op`` is ``"-"``, ``"+"`` or ``"not"``."""

    op: str = ""
    operand: Expr = None  # type: ignore[assignment]


@record
class Binary(Expr):
    """``op`` is one of ``+ - * / % == != < <= > >= and or``."""

    op: str = ""
    left: Expr = None  # type: ignore[assignment]
    right: Expr = None  # type: ignore[assignment]


@record
class Paren(Expr):
    """A parenthesised expression (kept so the checker can tell ``(a)`` from ``a``)."""

    inner: Expr = None  # type: ignore[assignment]


# ---------------------------------------------------------------- statements


@record
class Stmt(Node):
    """Base of statements."""

    pos: Pos


@record
class Local(Stmt):
    """``local TYPE [array] NAME [= init]``; may appear after statements (the checker refuses it)."""

    type_name: str = ""
    name: str = ""
    is_array: bool = False
    init: Expr | None = None


@record
class Set(Stmt):
    """``set NAME [index] = value``."""

    name: str = ""
    index: Expr | None = None
    value: Expr = None  # type: ignore[assignment]


@record
class Call(Stmt):
    """``call NAME(args)`` as a statement."""

    call: CallExpr = None  # type: ignore[assignment]


@record
class If(Stmt):
    """``if``/``elseif`` branches as (condition, body) pairs, then the ``else`` body or None."""

    branches: list[tuple[Expr, list[Stmt]]] = field(default_factory=list)
    else_body: list[Stmt] | None = None


@record
class Loop(Stmt):
    """``loop ... endloop``."""

    body: list[Stmt] = field(default_factory=list)


@record
class ExitWhen(Stmt):
    """``exitwhen cond``: leaves the innermost loop."""

    cond: Expr = None  # type: ignore[assignment]


@record
class Return(Stmt):
    """``return [value]``."""

    value: Expr | None = None


@record
class Debug(Stmt):
    """``debug <statement>``: the game skips these in retail builds."""

    stmt: Stmt = None  # type: ignore[assignment]


# ---------------------------------------------------------------- declarations


@record
class TypeDecl(Node):
    """``type NAME extends BASE``."""

    pos: Pos
    name: str = ""
    base: str = ""


@record
class GlobalVar(Node):
    """One variable of a ``globals`` block (constant, array, optional initialiser)."""

    pos: Pos
    type_name: str = ""
    name: str = ""
    is_array: bool = False
    is_constant: bool = False
    init: Expr | None = None


@record
class Globals(Node):
    """A ``globals ... endglobals`` block."""

    pos: Pos
    vars: list[GlobalVar] = field(default_factory=list)


@record
class Param(Node):
    """A ``TYPE NAME`` parameter of a function or native."""

    pos: Pos
    type_name: str = ""
    name: str = ""


@record
class NativeDecl(Node):
    """``[constant] native NAME takes ... returns ...``."""

    pos: Pos
    name: str = ""
    params: list[Param] = field(default_factory=list)
    returns: str = "nothing"
    is_constant: bool = False


@record
class Function(Node):
    """``[constant] function NAME takes ... returns ... endfunction`` with its statements."""

    pos: Pos
    name: str = ""
    params: list[Param] = field(default_factory=list)
    returns: str = "nothing"
    is_constant: bool = False
    body: list[Stmt] = field(default_factory=list)
    end_pos: Pos | None = None


Decl = TypeDecl | Globals | NativeDecl | Function


@record
class SourceFile(Node):
    """One parsed file: its declarations in source order plus the ``//# +flag`` comments found."""

    pos: Pos
    decls: list[Decl] = field(default_factory=list)
    flags: list[tuple[int, str]] = field(default_factory=list)


def iter_nodes(node):
    """Yield ``node`` and every node below it (depth first, source order)."""
    stack = [node]
    while stack:
        n = stack.pop()
        if isinstance(n, Node):
            yield n
            children = [getattr(n, f) for f in n._record_fields if f != "pos"]
        elif isinstance(n, (list, tuple)):
            children = list(n)
        else:
            continue
        stack.extend(reversed(children))
