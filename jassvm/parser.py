"""Parse JASS source into the typed syntax tree (``jassvm.ast``).

``parse(data, file)`` never raises for bad input: it returns the tree (or None when the
syntax is broken) plus a list of diagnostics with file, line and column.
"""
from __future__ import annotations

import re
from functools import lru_cache
from pathlib import Path

from lark import Lark, Token, Transformer, v_args
from lark.exceptions import UnexpectedCharacters, UnexpectedEOF, UnexpectedInput, UnexpectedToken

from . import ast
from .diagnostics import Diagnostic, Severity
from .source import SourceText, to_text

_STRING_ESCAPES = {"b": "\b", "t": "\t", "r": "\r", "n": "\n", "f": "\f", '"': '"', "\\": "\\"}
_RAWCODE_ESCAPES = {"b": 8, "t": 9, "r": 13, "n": 10, "f": 12, "\\": 92, "'": 39, '"': 34}
_FLAG = re.compile(r"//#\s*([+-]\w+(?:\s+[+-]\w+)*)")
_INT32 = 1 << 32


def _wrap(v: int) -> int:
    v %= _INT32
    return v - _INT32 if v >= 1 << 31 else v


@lru_cache(maxsize=1)
def _lark() -> tuple[Lark, "_Builder"]:
    """The parser with its tree builder applied inline (no intermediate parse tree)."""
    builder = _Builder()
    grammar = (Path(__file__).with_name("jass.lark")).read_text()
    parser = Lark(grammar, parser="lalr", lexer="contextual", propagate_positions=False,
                  maybe_placeholders=False, transformer=builder)
    return parser, builder


class _Builder(Transformer):
    """Turns the lark parse tree into ``jassvm.ast`` nodes, collecting literal errors."""

    def __init__(self):
        super().__init__(visit_tokens=False)
        self.src: SourceText = None  # type: ignore[assignment]  # set for each parse
        self.diags: list[Diagnostic] = []

    # -- helpers
    def _pos(self, tok: Token) -> ast.Pos:
        return self.src.pos(tok.start_pos)

    def _error(self, tok: Token, code: str, message: str) -> None:
        self.diags.append(Diagnostic(code, Severity.ERROR, message, *self._pos(tok)))

    @staticmethod
    def _first_token(node):
        while not isinstance(node, Token):
            node = node.children[0] if hasattr(node, "children") else node
        return node

    # -- declarations
    def start(self, children):
        return children

    def type_decl(self, c):
        return ast.TypeDecl(self._pos(c[0]), name=str(c[0]), base=str(c[1]))

    def globals(self, c):
        return ast.Globals(self._pos(c[0]), vars=list(c[1:]))

    def constant_global(self, c):
        return ast.GlobalVar(self._pos(c[0]), type_name=str(c[1]), name=str(c[2]),
                             is_constant=True, init=c[3])

    def array_global(self, c):
        return ast.GlobalVar(self._pos(c[0]), type_name=str(c[0]), name=str(c[2]), is_array=True)

    def plain_global(self, c):
        return ast.GlobalVar(self._pos(c[0]), type_name=str(c[0]), name=str(c[1]),
                             init=c[2] if len(c) > 2 else None)

    def params(self, c):
        if len(c) == 1 and isinstance(c[0], Token):
            return []
        return list(c)

    def param(self, c):
        return ast.Param(self._pos(c[0]), type_name=str(c[0]), name=str(c[1]))

    def rtype(self, c):
        return str(c[0])

    def native_decl(self, c):
        const = isinstance(c[0], Token) and c[0].type == "CONSTANT"
        if const:
            c = c[1:]
        return ast.NativeDecl(self._pos(c[0]), name=str(c[0]), params=c[1], returns=c[2],
                              is_constant=const)

    def function(self, c):
        const = isinstance(c[0], Token) and c[0].type == "CONSTANT"
        if const:
            c = c[1:]
        name, params, returns, body, end = c
        return ast.Function(self._pos(name), name=str(name), params=params, returns=returns,
                            is_constant=const, body=body, end_pos=self._pos(end))

    # -- statements
    def body(self, c):
        return list(c)

    def local(self, c):
        is_array = len(c) > 2 and isinstance(c[1], Token) and c[1].type == "ARRAY"
        if is_array:
            return ast.Local(self._pos(c[0]), type_name=str(c[0]), name=str(c[2]), is_array=True)
        return ast.Local(self._pos(c[0]), type_name=str(c[0]), name=str(c[1]),
                         init=c[2] if len(c) > 2 else None)

    def set(self, c):
        if len(c) == 3:
            return ast.Set(self._pos(c[0]), name=str(c[0]), index=c[1], value=c[2])
        return ast.Set(self._pos(c[0]), name=str(c[0]), value=c[1])

    def call(self, c):
        call = ast.CallExpr(self._pos(c[0]), name=str(c[0]), args=c[1])
        return ast.Call(call.pos, call=call)

    def if_(self, c):
        cond, body, *rest = c
        branches = [(cond, body)]
        else_body = None
        for part in rest:
            if isinstance(part, tuple):
                branches.append(part)
            else:
                else_body = part
        return ast.If(cond.pos, branches=branches, else_body=else_body)

    def elseif(self, c):
        return (c[0], c[1])

    def else_(self, c):
        return c[0]

    def loop(self, c):
        return ast.Loop(self._pos(c[0]), body=c[1])

    def exitwhen(self, c):
        return ast.ExitWhen(c[0].pos, cond=c[0])

    def return_(self, c):
        return ast.Return(self._pos(c[0]), value=c[1] if len(c) > 1 else None)

    def debug(self, c):
        return ast.Debug(c[0].pos, stmt=c[0])

    def args(self, c):
        return list(c)

    # -- expressions
    def binary(self, c):
        left, op, right = c
        return ast.Binary(left.pos, op=str(op), left=left, right=right)

    def unary(self, c):
        op, operand = c
        return ast.Unary(self._pos(op), op=str(op), operand=operand)

    def paren(self, c):
        return ast.Paren(c[0].pos, inner=c[0])

    def var(self, c):
        return ast.VarRef(self._pos(c[0]), name=str(c[0]))

    def index(self, c):
        return ast.IndexRef(self._pos(c[0]), name=str(c[0]), index=c[1])

    def call_expr(self, c):
        return ast.CallExpr(self._pos(c[0]), name=str(c[0]), args=c[1])

    def code_ref(self, c):
        return ast.CodeRef(self._pos(c[0]), name=str(c[0]))

    def true_(self, c):
        return ast.BoolLit(self._pos(c[0]), value=True)

    def false_(self, c):
        return ast.BoolLit(self._pos(c[0]), value=False)

    def null(self, c):
        return ast.NullLit(self._pos(c[0]))

    def int_lit(self, c):
        return ast.IntLit(self._pos(c[0]), value=_wrap(int(c[0])), text=str(c[0]))

    def oct_lit(self, c):
        text = str(c[0])
        if re.search(r"[89]", text):
            self._error(c[0], "E103", f"invalid octal literal {text}: digits 8 and 9 are not octal")
            return ast.IntLit(self._pos(c[0]), value=0, text=text)
        return ast.IntLit(self._pos(c[0]), value=_wrap(int(text, 8)), text=text)

    def hex_lit(self, c):
        text = str(c[0])
        digits = text[1:] if text.startswith("$") else text[2:]
        return ast.IntLit(self._pos(c[0]), value=_wrap(int(digits, 16)), text=text)

    def real_lit(self, c):
        return ast.RealLit(self._pos(c[0]), value=float(str(c[0])), text=str(c[0]))

    def rawcode(self, c):
        tok = c[0]
        body = str(tok)[1:-1]
        values: list[int] = []
        escaped = False
        i = 0
        while i < len(body):
            ch = body[i]
            if ch == "\\":
                nxt = body[i + 1] if i + 1 < len(body) else ""
                if nxt not in _RAWCODE_ESCAPES:
                    self._error(tok, "E104", "invalid escape character sequence in rawcode")
                    return ast.IntLit(self._pos(tok), value=0, text=str(tok))
                values.append(_RAWCODE_ESCAPES[nxt])
                escaped = True
                i += 2
                continue
            if ch == "\0":
                self._error(tok, "E105", "NUL not allowed in rawcode")
            elif ch == "\xff":
                self._error(tok, "E105", "byte \\xFF not allowed in rawcode")
            values.append(ord(ch))
            i += 1
        if len(values) not in (1, 4):
            self._error(tok, "E106", "rawcodes must consist of 1 or 4 characters")
        elif escaped and len(values) != 1:
            self._error(tok, "E107", "escaped characters are only allowed as the only character of a rawcode")
        value = 0
        for v in values:
            value = value * 256 + v
        return ast.IntLit(self._pos(tok), value=_wrap(value), text=str(tok))

    def string(self, c):
        tok = c[0]
        body = str(tok)[1:-1]
        out: list[str] = []
        i = 0
        while i < len(body):
            ch = body[i]
            if ch == "\\":
                nxt = body[i + 1] if i + 1 < len(body) else ""
                if nxt not in _STRING_ESCAPES:
                    self._error(tok, "E104", f"invalid escape character sequence \\{nxt} in string literal")
                else:
                    out.append(_STRING_ESCAPES[nxt])
                i += 2
                continue
            if ch == "\0":
                self._error(tok, "E105", "NUL not allowed in string literal")
            elif ch == "\xff":
                self._error(tok, "E105", "byte \\xFF not allowed in string literal")
            out.append(ch)
            i += 1
        return ast.StrLit(self._pos(tok), value=to_text("".join(out)))


def _syntax_diagnostic(src: SourceText, err: UnexpectedInput) -> Diagnostic:
    pos = src.pos(getattr(err, "pos_in_stream", None) or 0)
    if isinstance(err, UnexpectedCharacters):
        ch = src.text[err.pos_in_stream] if err.pos_in_stream < len(src.text) else ""
        shown = repr(ch)[1:-1] if ch.isprintable() else f"\\x{ord(ch):02x}" if ch else "end of file"
        return Diagnostic("E101", Severity.ERROR,
                          f"unrecognized character '{shown}' (byte {ord(ch) if ch else 0})", *pos)
    if isinstance(err, UnexpectedToken):
        tok = err.token
        if tok.type == "$END":
            return Diagnostic("E102", Severity.ERROR, "unexpected end of file", *src.pos(len(src.text)))
        pos = src.pos(tok.start_pos)
        what = "a line break" if tok.type == "_NL" else f"'{to_text(str(tok))}'"
        expected = sorted(e for e in err.expected if not e.startswith("__"))
        hint = _hint(tok, expected)
        msg = f"syntax error: unexpected {what}" + (f"; {hint}" if hint else "")
        return Diagnostic("E102", Severity.ERROR, msg, *pos)
    return Diagnostic("E102", Severity.ERROR, "syntax error", *pos)


def _hint(tok: Token, expected: list[str]) -> str:
    if "CALL" in expected and tok.type == "NAME":
        return "missing 'call' or 'set'?"
    if expected == ["_NL"]:
        return "missing line break"
    names = [e for e in expected if e.isupper()]
    if 0 < len(names) <= 6:
        return "expected " + ", ".join(n.lower() for n in names)
    return ""


def parse(data: bytes | str, file: str = "<input>") -> tuple[ast.SourceFile | None, list[Diagnostic]]:
    """Parse one JASS file.

    ``data`` is the raw bytes (or text). Returns ``(tree, diagnostics)``; the tree is None when
    the syntax is broken. Never raises for bad input.
    """
    src = SourceText(data, file)
    return parse_source(src)


def parse_source(src: SourceText) -> tuple[ast.SourceFile | None, list[Diagnostic]]:
    """Parse an already decoded ``SourceText``; see ``parse``."""
    diags: list[Diagnostic] = []
    text = src.text
    if text.startswith("\xef\xbb\xbf"):
        text = "   " + text[3:]  # keep offsets; a BOM is whitespace
    _check_comments(src, diags)
    parser, builder = _lark()
    builder.src, builder.diags = src, diags
    try:
        decls = parser.parse(text + "\n")
    except UnexpectedInput as err:
        diags.append(_syntax_diagnostic(src, err))
        return None, diags
    except RecursionError:
        diags.append(Diagnostic("E102", Severity.ERROR, "expression nested too deeply", src.file, 1, 1))
        return None, diags
    flags = [(src.pos(m.start()).line, flag) for m in _FLAG.finditer(text) for flag in m.group(1).split()]
    return ast.SourceFile(ast.Pos(src.file, 1, 1), decls=decls, flags=flags), diags


_COMMENT_BAD = re.compile(r"//[^\n]*?([\x00\xff])")
_STRING_OR_COMMENT = re.compile(r'"(?:\\.|[^\\"])*"|\'(?:\\.|[^\\\'])*\'|//[^\n]*', re.S)


def _check_comments(src: SourceText, diags: list[Diagnostic]) -> None:
    """pjass refuses NUL and 0xFF bytes inside comments."""
    if "\x00" not in src.text and "\xff" not in src.text:
        return
    for m in _STRING_OR_COMMENT.finditer(src.text):
        tok = m.group()
        if not tok.startswith("//"):
            continue
        for bad in ("\x00", "\xff"):
            i = tok.find(bad)
            if i >= 0:
                what = "NUL" if bad == "\x00" else "byte \\xFF"
                diags.append(Diagnostic("E105", Severity.ERROR, f"{what} not allowed in comment",
                                        *src.pos(m.start() + i)))
